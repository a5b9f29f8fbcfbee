"""The engine against the independent straight-line reference (``benchmarks/reference_sunmoon.py``).

The two share no code, no data layout and no move order, so they play different games from
the same seed. They are compared where they must agree: on positions reached in the engine's
own random games both must find the same set of legal moves, and over many random games the
distributions of game lengths and scores must be alike.
"""

from __future__ import annotations

import random
import statistics

import pytest

from benchmarks import reference_sunmoon as ref
from daynight.sunmoon import Cover, Harvest, Place, Restore, SelfDestruct, SunMoon

VERB = {Place: ref.END, Cover: ref.COVER, Restore: ref.RESTORE}


def code(c) -> int:
    return (c.kind == "moon") * 32 + c.value


def reference_layout(g: SunMoon):
    tops = [[[0 if s[-1].eclipse else s[-1].value for s in g.rows[p][k]] for k in ("sun", "moon")] for p in range(g.n)]
    return [code(c) for c in g.hands[g.turn]], tops


def as_reference(move):
    if isinstance(move, Harvest):
        return (ref.HARVEST, move.row == "moon", move.owner, 0)
    if isinstance(move, SelfDestruct):
        return None
    index = move.at if isinstance(move, Place) else move.slot
    return (VERB[type(move)], code(move.card), move.owner, index)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_both_find_the_same_legal_moves(players):
    positions = 0
    for seed in range(6):
        g = SunMoon.new(players, seed, explain=False)
        pick = random.Random(seed)
        while not g.is_over():
            legal = g.legal_moves()
            hand, tops = reference_layout(g)
            theirs = ref.legal_moves(hand, tops, g.turn, g.extra)
            mine = [as_reference(m) for m in legal]
            if mine == [None]:
                assert theirs == [], (seed, g.describe())
            else:
                assert sorted(mine) == sorted(theirs), (seed, g.describe())
                assert len(set(mine)) == len(mine)  # no move twice (two eclipses in hand are one)
            positions += 1
            g.play(legal[pick.randrange(len(legal))])
    assert positions > 300


def test_a_wrong_reference_rule_is_caught():
    """The comparison can fail: a reference that lets eclipses start rows disagrees."""
    g = SunMoon.from_position({"hands": [["solar eclipse", "sun 4"], []], "rows": [{}, {}]})
    hand, tops = reference_layout(g)
    theirs = ref.legal_moves(hand, tops, 0, False)
    wrong = theirs + [(ref.END, 0, 0, 0)]
    assert sorted(as_reference(m) for m in g.legal_moves()) == sorted(theirs) != sorted(wrong)


def engine_game(players: int, seed: int) -> tuple[list[int], int]:
    g = SunMoon.new(players, seed, explain=False)
    pick = random.Random(seed + 1)
    while not g.is_over():
        moves = g.legal_moves()
        g.play(moves[pick.randrange(len(moves))])
    return g.scores(), len(g.history)


def test_game_lengths_and_scores_are_alike():
    games = 60
    engine = [engine_game(3, s) for s in range(games)]
    reference = [ref.random_game(3, 10_000 + s) for s in range(games)]
    for which in (1, 0):
        if which:
            a, b = [m for _, m in engine], [m for _, m in reference]
        else:
            a, b = [x for s, _ in engine for x in s], [x for s, _ in reference for x in s]
        spread = (statistics.stdev(a) + statistics.stdev(b)) / 2
        # the means of two samples of the same game differ by far less than half a spread
        assert abs(statistics.mean(a) - statistics.mean(b)) < 0.5 * spread, (
            which,
            statistics.mean(a),
            statistics.mean(b),
        )
