"""Malformed MTG records: every one is refused with an ``InvalidRecordError`` naming the path of
the first bad field (or the rule of a refused move), nothing else escapes, and a record the
engine accepts is a consistent game.

The mutator here is this game's own (seeded; fields deleted, renamed, retyped, duplicated,
numbers and strings made odd, moves swapped, dropped or borrowed from other games, nesting,
impossible positions). When the shared harness ``daynight.testing.fuzz_records`` is there, a
second test runs it on the same records too."""

import copy
import json
import random

import pytest

from daynight.core import InvalidRecordError
from daynight.mtg import (Affect, Becomes, BeginTurn, CastSpell, DayNight, Effect, EndEffect, EndGame, Enter,
                          Leave, PermanentSpec, PhaseOut, Transform, demo, resolve_all)
from tests.test_mtg import invariant


def crafted() -> DayNight:
    """A game with every kind of move the tracker records."""
    g = DayNight.new(["Alice", "Bob", "Carol"])
    g.play(BeginTurn("Alice"))
    g.play(Enter((PermanentSpec.from_catalog("Brutal Cathar", controller="Alice"),
                  PermanentSpec.from_catalog("Huntmaster of the Fells", controller="Bob"))))
    resolve_all(g)
    g.play(Affect(1, Effect.from_catalog("Bound by Moonsilver")))
    g.play(Affect(2, Effect("Cytoshape", "copy", until_end_of_turn=True, becomes="Brutal Cathar",
                            abilities=("daybound",))))
    g.play(PhaseOut(1, "Teferi's Protection"))
    g.play(BeginTurn("Carol", skipping=("Bob",)))
    resolve_all(g)
    g.play(Enter((PermanentSpec.from_catalog("Wildsong Howler", controller="Carol", via="effect"),
                  PermanentSpec("Token", "dfc", "Token back", token=True))))
    resolve_all(g)
    g.play(CastSpell("Carol", zone="exile"))
    g.play(CastSpell("Carol", copy=True))
    g.play(BeginTurn("Alice", untap_skipped=True))
    g.play(BeginTurn("Alice", extra=True))
    resolve_all(g)
    g.play(EndEffect(1, "Bound by Moonsilver"))
    g.play(Transform(2, "Moonmist"))
    resolve_all(g)
    g.play(Becomes("day", "The Celestus"))
    resolve_all(g)
    g.play(Leave(3))
    g.play(EndGame("done"))
    return g


def bases() -> list[dict]:
    team = DayNight.two_headed_giant()
    team.play(BeginTurn("Team A"))
    team.play(Becomes("night"))
    team.play(CastSpell("Alice"))
    team.play(BeginTurn("Team B"))
    position = DayNight.new(["Ann", "Ben"], designation="night",
                            permanents=[PermanentSpec.from_catalog("Brutal Cathar", controller="Ann"),
                                        PermanentSpec.from_catalog("Convicted Killer", transformed=True)])
    position.play(BeginTurn("Ann"))
    return [g.to_record() for g in (crafted(), team, position, demo(1), demo(2))]


NESTED = [1]
for _ in range(30):
    NESTED = [NESTED]
FOREIGN_MOVES = [{"play": [0, 3]}, {"choose": 2}, {"cast": "Night", "spell": 3}, {"harvest": [1, 2]},
                 {"turn": "Alice", "cast": "Alice"}, [], "turn", None, 7]
ODD = [None, True, False, 0, -1, 1.5, 10**40, -10**40, float("nan"), "", "x" * 5000, "\u202e\n\x00",
       "\udcff", [], {}, NESTED, {"a": {"b": {"c": {}}}}, "Alice", "night",
       "dfc", "graveyard", "stack", 999, 2**31]


def nodes(tree, path=()):
    yield path, tree
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield from nodes(v, path + (k,))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from nodes(v, path + (i,))


def at(tree, path):
    for p in path:
        tree = tree[p]
    return tree


def mutate(record: dict, rng: random.Random) -> dict:
    rec = copy.deepcopy(record)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        paths = [p for p, _ in nodes(rec) if p]
        path = rng.choice(paths)
        parent, key = at(rec, path[:-1]), path[-1]
        kind = rng.randrange(9)
        if kind == 0:                                   # delete a field or an element
            del parent[key]
        elif kind == 1 and isinstance(parent, dict):    # rename a field
            parent[f"{key}_"] = parent.pop(key)
        elif kind == 2:                                 # another type, an odd number or string
            parent[key] = copy.deepcopy(rng.choice(ODD))
        elif kind == 3 and isinstance(parent, list):    # duplicate an element
            parent.insert(key, copy.deepcopy(parent[key]))
        elif kind == 4 and isinstance(rec.get("moves"), list) and len(rec["moves"]) > 1:   # swap two moves
            i, j = rng.sample(range(len(rec["moves"])), 2)
            rec["moves"][i], rec["moves"][j] = rec["moves"][j], rec["moves"][i]
        elif kind == 5 and isinstance(rec.get("moves"), list):                          # a move of another game
            rec["moves"].insert(rng.randrange(len(rec["moves"]) + 1), copy.deepcopy(rng.choice(FOREIGN_MOVES)))
        elif kind == 6 and isinstance(rec.get("moves"), list):                          # truncate
            del rec["moves"][rng.randrange(len(rec["moves"]) + 1):]
        elif kind == 7 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] = rng.choice((parent[key] + 1, parent[key] - 1, -parent[key], 0))
        elif isinstance(parent[key], str):              # a name changed or made odd
            parent[key] = rng.choice((parent[key] + "x", parent[key].upper(), "", parent[key] * 3))
    return rec


def consistent(game: DayNight) -> None:
    """An accepted record is a consistent game: it round-trips, its state reads, the rules hold,
    and a few more legal moves play."""
    record = json.loads(json.dumps(game.to_record()))
    again = DayNight.from_record(record)
    assert again.state_json() == game.state_json() and list(again.log) == list(game.log)
    game.summary(), game.describe(), game.view(None)
    invariant(game)
    rng = random.Random(len(game.history))
    for _ in range(5):
        if game.is_over():
            assert game.legal_moves() == ()
            break
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
        invariant(game)


def test_thousands_of_mutated_records_are_refused_by_path_or_accepted_consistent():
    records = bases()
    rng = random.Random(2024)
    refused = accepted = 0
    for i in range(2000):
        rec = mutate(records[i % len(records)], rng)
        try:
            game = DayNight.from_record(rec)
        except InvalidRecordError as exc:
            assert exc.path.startswith(("$", "record")), exc
            assert "\n" not in str(exc)
            refused += 1
            continue
        consistent(game)
        accepted += 1
    assert refused > 1200 and accepted > 40, (refused, accepted)


def test_the_shared_fuzz_harness_finds_no_escape():
    testing = pytest.importorskip("daynight.testing")
    if not hasattr(testing, "fuzz_records"):
        pytest.skip("daynight.testing.fuzz_records has not landed yet")
    report = testing.fuzz_records("mtg", n=500, seed=3, records=bases(), cli=False, invariant=invariant)
    report.assert_clean()
