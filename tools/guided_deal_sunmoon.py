"""Find (and check) the deal of Sonne und Mond's guided first game (issue 19).

A guided game must show a row started, an eclipse, a restore and a harvest early, whatever the
learner does. A fixed deal cannot promise that against free moves, so this script plays the
engine's real games from each candidate deal (``widgets/sunmoon_guide.py``'s
:func:`guided_position`: the deck shuffled with a seed, five cards each, a short draw pile, the
other cards set aside) with a learner who always plays the first legal move, the last one, the
hint the notes give, or a random one (several random seeds), against Ada as the app plays her,
and keeps the deals where every rule of ``MUST`` occurs in every one of those games. Of those it
prints the best (the rules met soonest, the games shortest).

    python tools/guided_deal_sunmoon.py              # check the deal the app uses, print what it met
    python tools/guided_deal_sunmoon.py --search 400 # search seeds 0-399 for draw piles of 10-14 cards
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from daynight.widgets.sunmoon_guide import (
    GUIDED_DRAW,
    GUIDED_SEED,
    MUST,
    first_moves,
    guided_game,
    play_guided,
)

#: the learners every candidate deal is played against: (kind, seed of its random source)
LEARNERS = [("first", 0), ("last", 0), ("hint", 0)] + [("random", s) for s in range(12)]


def check(seed: int, draw: int, verbose: bool = False) -> tuple[int, int] | None:
    """Play the deal against every learner: ``(the latest move a rule of MUST was first met,
    the longest game)``, or ``None`` when some learner's game misses one of them."""
    latest = longest = 0
    for kind, s in LEARNERS:
        game = play_guided(guided_game(seed=seed, draw=draw), kind, s)
        met = first_moves(game)
        if verbose:
            said = ", ".join(f"{rule} at move {met[rule]}" if rule in met else f"{rule} MISSING" for rule in MUST)
            print(f"  learner {kind:6} (seed {s:2}): {len(game.history):3} moves; {said}")
        if set(met) != set(MUST):
            return None
        latest, longest = max(latest, *met.values()), max(longest, len(game.history))
    return latest, longest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--search", type=int, default=0, help="search this many seeds (0: check the app's deal)")
    args = parser.parse_args(argv)
    if not args.search:
        print(f"The app's guided deal: seed {GUIDED_SEED}, draw pile {GUIDED_DRAW}; rules that must occur: {MUST}")
        result = check(GUIDED_SEED, GUIDED_DRAW, verbose=True)
        print("OK: every rule occurs for every learner" if result else "FAILED: a rule is missing for some learner")
        return 0 if result else 1
    found = []
    for draw in (10, 12, 14):
        for seed in range(args.search):
            result = check(seed, draw)
            if result is not None:
                found.append((result[0] + result[1], seed, draw, *result))
    found.sort()
    print(f"{len(found)} deals show every rule of {MUST} to all {len(LEARNERS)} learners; the best:")
    for _score, seed, draw, latest, longest in found[:10]:
        print(f"  seed {seed:4}, draw pile {draw}: every rule met by move {latest}, games of at most {longest} moves")
    return 0 if found else 1


if __name__ == "__main__":
    sys.exit(main())
