"""Check the Magic tracker's guided first game (issue 19): every lesson comes, whatever the learner does.

The tracker has no cards to deal, so there is no deal to search for: the guided game's table
events (Bob's turns, ``daynight.widgets.mtg_guide.table_event``) are chosen from the state as
the game goes, so that each of Bob's turns changes day and night. This script plays the guided
game through the engine's public API for learners who always predict the first answer and cast
no spell in their turns, who predict the last answer and cast three, and for seeded random ones;
it checks every prediction the rule functions judge against what the engine decides, prints the
turn at which each lesson first comes, and fails if a lesson never comes::

    .venv/bin/python tools/guided_deal_mtg.py            # the first, the last and 20 random learners
    .venv/bin/python tools/guided_deal_mtg.py --random 200
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from typing import Any

from daynight.widgets.mtg_guide import LEARNER, all_met, guided_deal, judge, lessons, table_event

from daynight.mtg import BeginTurn, CastSpell, DayNight

#: a guided game longer than this many turns is a failure (it is meant to be a few turns)
MAX_TURNS = 12


def play(spells: Callable[[], int]) -> tuple[DayNight, dict[str, int]]:
    """The guided game for a learner who casts ``spells()`` spells in each of Alice's turns;
    returns the game and the turn at which each lesson first came."""
    game = guided_deal()
    taught = lessons(game.rules)
    first: dict[str, int] = {}

    def play_one(move: Any) -> None:
        for event in game.play(move):
            for lesson in taught:
                if lesson.name not in first and lesson.matches(event):
                    first[lesson.name] = game.turn

    while not all_met(game, taught):
        if game.turn > MAX_TURNS:
            raise AssertionError(f"the guided game goes on past turn {MAX_TURNS}")
        if game.active_name == LEARNER:
            for _ in range(spells()):
                play_one(CastSpell(LEARNER))
        else:
            while (move := table_event(game)) is not None:
                play_one(move)
        move = BeginTurn(game.next_in_order())
        right, _why = judge(game, move)
        play_one(move)
        assert game.designation_name == right, "the rule functions judge what the engine decides"
    missing = [x.name for x in taught if x.name not in first]
    if missing:
        raise AssertionError(f"lessons that never came: {missing}")
    return game, first


def random_learner(seed: int) -> Callable[[], int]:
    """A learner who casts 0 to 3 spells in each turn, at random (seeded)."""
    rng = random.Random(seed)
    return lambda: rng.choice((0, 1, 2, 3))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=20, help="how many seeded random learners")
    args = parser.parse_args(argv)
    learners: list[tuple[str, Callable[[], int]]] = [("first (no spell)", lambda: 0), ("last (three)", lambda: 3)]
    for seed in range(args.random):
        learners.append((f"random {seed}", random_learner(seed)))
    longest = 0
    for name, spells in learners:
        game, first = play(spells)
        longest = max(longest, game.turn)
        if not name.startswith("random") or name == "random 0":
            order = ", ".join(f"{lesson} (turn {turn})" for lesson, turn in sorted(first.items(), key=lambda x: x[1]))
            print(f"{name}: {game.turn} turns; {order}")
    print(f"{len(learners)} learners: every lesson came in each guided game, the longest {longest} turns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
