"""Find (and check) the deal of the temple duel's guided first game (issue 19).

The guided game (``widgets/temples_guide.py``) is a real game: Day, the learner, against the
rule-of-thumb Night, one temple wins. A deal is good when every lesson of the guide occurs
(its rule is carried by an event of the engine's log) whatever the learner does: she always
plays the first legal move, the last one, a random one (several seeds), or the move the notes
suggest. This script plays those games for each candidate seed and prints what it checked::

    python tools/guided_deal_temples.py            # check the chosen deal (GUIDED_SEED)
    python tools/guided_deal_temples.py --search 40  # try seeds 0..39, print the good ones

A learner who never casts (the "last" learner always retreats) still meets a spell, a travel,
a crystallize and a temple: Night's. The tests (``tests/test_temples_guide.py``) run the same
check on the chosen deal.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from daynight.widgets.temples_guide import (
    GUIDED_OPTIONS,
    GUIDED_SEED,
    LEARNER,
    LESSONS,
    bot_move,
    learner_move,
)

from daynight.temples import TemplesGame

Policy = Callable[[TemplesGame, tuple[Any, ...]], Any]
#: a guided game longer than this many moves of the learner is refused (a first game is short)
MAX_LEARNER_MOVES = 150


def policies(random_seeds: Iterable[int] = range(4)) -> dict[str, Policy]:
    """The learners a deal must serve: first, last, suggested, and random ones."""
    out: dict[str, Policy] = {
        "first": lambda g, moves: moves[0],
        "last": lambda g, moves: moves[-1],
        "suggested": lambda g, moves: learner_move(g),
    }
    for s in random_seeds:
        out[f"random {s}"] = _random_learner(random.Random(s))
    return out


def _random_learner(rng: random.Random) -> Policy:
    def choose(game: TemplesGame, moves: tuple[Any, ...]) -> Any:
        return moves[rng.randrange(len(moves))]

    return choose


def play_guided(seed: int, policy: Policy, limit: int = 5000) -> tuple[list[str], int, str | None]:
    """Play the guided game dealt from ``seed`` with the learner's ``policy``: the lessons in the
    order they first occur, the learner's number of moves, and the winner."""
    game = TemplesGame.new(seed, options=GUIDED_OPTIONS)
    met: list[str] = []
    learner = 0
    seen = 0
    for _ in range(limit):
        for event in game.log[seen:]:
            for lesson in LESSONS:
                if lesson.name not in met and lesson.matches(event):
                    met.append(lesson.name)
        seen = len(game.log)
        if game.is_over():
            break
        if game.to_players()[0] == LEARNER:
            game.play(policy(game, game.legal_moves(LEARNER)))
            learner += 1
        else:
            game.play(bot_move(game))
    return met, learner, game.winner


def check(seed: int, out: Callable[[str], Any] = print) -> tuple[bool, int, str | None]:
    """Whether every lesson occurs for every learner (:func:`policies`, each random one with its
    own seed) in the deal from ``seed`` (said line by line); the number of moves of the learner
    who follows the notes' suggestions, and the winner of that game."""
    names = [x.name for x in LESSONS]
    good, suggested, won = True, 0, None
    for label, policy in policies().items():
        met, moves, winner = play_guided(seed, policy)
        if label == "suggested":
            suggested, won = moves, winner
        missing = [n for n in names if n not in met]
        ok = not missing and moves <= MAX_LEARNER_MOVES
        good &= ok
        said = "ok" if ok else f"MISSING {', '.join(missing) or '-'}"
        out(
            f"  seed {seed}, learner {label:>9}: {moves:3d} moves of the learner, {winner or 'nobody'} won; "
            f"met {' > '.join(met)}: {said}"
        )
    return good, suggested, won


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--search", type=int, default=0, help="try seeds 0..N-1 instead of checking GUIDED_SEED")
    args = parser.parse_args(argv)
    print(f"lessons: {', '.join(x.name for x in LESSONS)}; learners: {', '.join(policies())}")
    if not args.search:
        good, _moves, _won = check(GUIDED_SEED)
        print(f"GUIDED_SEED = {GUIDED_SEED}: {'every lesson occurs for every learner' if good else 'NOT good'}")
        return 0 if good else 1
    found: dict[int, tuple[int, str | None]] = {}
    for s in range(args.search):
        good, moves, won = check(s)
        if good:
            found[s] = (moves, won)
    ranked = sorted(found, key=lambda s: found[s][0])
    print(f"good deals among seeds 0..{args.search - 1}, shortest for the learner who follows the notes first:")
    print(", ".join(f"{s} ({found[s][0]} moves, {found[s][1]} won)" for s in ranked))
    return 0 if found else 1


if __name__ == "__main__":
    sys.exit(main())
