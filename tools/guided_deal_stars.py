"""Find (or check) the deal of the stars app's guided first game (issue 19).

The guided game must show every lesson of ``widgets/stars_guide.py`` whatever the learner
does: a time symbol turning the time card to night in the first two rounds (and the first time
symbol in the first round, so that its note is shown on the round it changed), a colour
winning, a choosing order, a card taken, a tie, the end of a round and of the game. A fixed
seed cannot promise that against free moves, so this script plays each candidate position
(``stars_guide.guided_position(seed)``: the engine plays real games from it) with the learner
always playing the first legal move, the last one, or a random one, against the app's
rule-of-thumb bots under several seeds, and keeps the first seed for which every game shows
every lesson.

    python tools/guided_deal_stars.py            # check GUIDED_SEED, as the app deals it
    python tools/guided_deal_stars.py --search   # look for a seed from 0 (prints each tried)
    python tools/guided_deal_stars.py --seed 17 --games 40
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from daynight.widgets.stars_guide import (
    FLIP_RULES,
    GUIDED_NAMES,
    GUIDED_SEED,
    LEARNERS,
    guided_position,
    lessons,
    lessons_met,
    night_early,
    play_guided,
)

from daynight.core import Game
from daynight.stars import StarsGame


def first_flip_in_round_one(game: Game) -> bool:
    """Whether the first time symbol came before the first clean-up (its note then shows on
    the round it changed, not over the finished round's picture)."""
    for event in game.log:
        if event.rule in FLIP_RULES:
            return True
        if event.what == "cleanup":
            return False
    return False


def runs(games: int) -> list[tuple[str, int]]:
    """The learners and seeds a deal is checked with: first and last with a few bot seeds,
    random with ``games`` seeds."""
    return [("first", s) for s in range(3)] + [("last", s) for s in range(3)] + [("random", s) for s in range(games)]


def check(seed: int, games: int, *, stop: bool = True) -> Counter:
    """What is missing, and how often, in the guided games of ``seed`` (empty: all shown)."""
    missing: Counter = Counter()
    every = lessons()
    names = {x.name for x in every}
    for learner, s in runs(games):
        game = StarsGame.from_position(**guided_position(seed), names=list(GUIDED_NAMES))
        play_guided(LEARNERS[learner], s, game)
        for name in names - lessons_met(game, every):
            missing[name] += 1
        if not night_early(game):
            missing["night in rounds 1-2"] += 1
        if not first_flip_in_round_one(game):
            missing["a time symbol in round 1"] += 1
        if missing and stop:
            break
    return missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--search", action="store_true", help="look for a seed, from --start")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--seed", type=int, default=GUIDED_SEED)
    parser.add_argument("--games", type=int, default=30, help="random learners per seed (default 30)")
    args = parser.parse_args(argv)
    learners = f"first and last learners (3 bot seeds each) and {args.games} random learners"
    if not args.search:
        missing = check(args.seed, args.games, stop=False)
        total = len(runs(args.games))
        print(f"seed {args.seed}: {total} guided games ({learners})")
        for name in sorted({x.name for x in lessons()} | {"night in rounds 1-2", "a time symbol in round 1"}):
            print(f"  {name}: missing in {missing[name]} of {total}")
        print("every lesson in every game" if not missing else "NOT every lesson in every game")
        return 0 if not missing else 1
    seed = args.start
    while True:
        missing = check(seed, args.games)
        if not missing:
            print(f"seed {seed}: every lesson in every game ({learners}); set GUIDED_SEED = {seed}")
            return 0
        print(f"seed {seed}: missing {', '.join(sorted(missing))}")
        seed += 1


if __name__ == "__main__":
    sys.exit(main())
