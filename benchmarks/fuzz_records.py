"""The long fuzz run of every game's records (issue 15: 10,000 records per game, 0 escapes).

    python -m benchmarks.fuzz_records                    # 10,000 mutants per game, seed 0
    python -m benchmarks.fuzz_records stars -n 2000 --seed 3 --samples /tmp/escapes

Each game's demo records (seeds 0 and 1) and a few teaching positions built with its public
constructors are mutated by :func:`daynight.testing.fuzz_records`, loaded with
``from_record`` and replayed through ``daynight replay``. One line per game, then every kind
of escape with its count and a sample (``--samples DIR`` writes one record per kind, to replay
with ``daynight replay FILE``). Exit status 1 if any game has an escape. A count, not a speed:
this is not a ``bench_*`` module, so ``python -m benchmarks`` does not run it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

import daynight
from daynight.testing import FuzzReport, fuzz_records


def _stars() -> list[Any]:
    from daynight.stars import StarsGame, play_cards, teaching_position

    night = teaching_position(
        [["orange 7", "pink 9"], ["orange 10", "purple 8"], ["blue 2", "blue 4"]],
        "orange 4",
        time="night",
        names=["Ursula", "Matthias", "Irene"],
    )
    play_cards(night, ["orange 7", "orange 10", "blue 2"])
    return [night, StarsGame.from_order(list(range(108))[::-1], 4)]


def _sunmoon() -> list[Any]:
    from daynight.sunmoon import SunMoon

    return [
        SunMoon.from_position(
            {
                "hands": [["sun 20", "moon 2"], ["moon 3"]],
                "rows": [{"sun": ["sun 10"]}, {"moon": [["moon 5", "lunar eclipse"]]}],
                "discard": ["sun 4"],
                "draw": ["moon 9"],
            }
        ),
        SunMoon.from_position(
            {"hands": [["sun 8"], ["moon 1"], ["sun 28"]], "rows": [{}, {}, {}], "turn": 2, "rest": "box"}
        ),
    ]


def _mtg() -> list[Any]:
    from daynight.mtg import DayNight

    setup = {
        "players": ["Alice", "Bob"],
        "teams": [{"name": "Humans", "players": ["Alice"]}, {"name": "Wolves", "players": ["Bob"]}],
        "designation": "night",
        "permanents": [{"name": "Brutal Cathar", "back": "Moonrage Brute", "controller": "Bob"}],
    }
    return [
        DayNight.from_record(
            {
                "format": "daynight-record",
                "version": 1,
                "game": "mtg",
                "setup": setup,
                "moves": [{"turn": "Humans"}, {"cast": "Alice"}, {"turn": "Wolves"}],
            }
        )
    ]


def _temples() -> list[Any]:
    from daynight.temples import TemplesGame

    board = ["dn....", "......", "......", "..##..", "..##..", "......", "......", "......"]
    return [TemplesGame.new(1, position={"board": board, "hands": {"day": ["D01"]}})]


#: teaching positions per game: built with each game's own constructors, so they stay valid
POSITIONS: dict[str, Callable[[], list[Any]]] = {"stars": _stars, "sunmoon": _sunmoon, "mtg": _mtg, "temples": _temples}


def records(game: str, demo_seeds=(0, 1)) -> tuple[list[Any], list[str]]:
    """The records to mutate for ``game`` (demos and positions) and notes on positions that
    could not be built (a changed constructor: the run goes on without them)."""
    module = daynight.game_module(game)
    out: list[Any] = [module.demo(s) for s in demo_seeds]
    notes = []
    try:
        for position in POSITIONS.get(game, list)():
            out.append(json.loads(position.to_json()))
    except Exception as exc:
        notes.append(f"{game}: teaching positions skipped ({type(exc).__name__}: {exc})")
    return out, notes


def run(
    games: list[str], n: int, seed: int, samples: str | None = None, say: Callable[[str], None] = print
) -> list[FuzzReport]:
    reports = []
    for game in games:
        base, notes = records(game)
        for note in notes:
            say(note)
        started = time.perf_counter()

        def progress(i: int, report: FuzzReport, game: str = game, started: float = started) -> None:
            if (i + 1) % 1000 == 0 and i + 1 < n:
                say(f"  {game}: {i + 1}/{n}, {report.escapes} escapes so far ({time.perf_counter() - started:.0f} s)")

        report = fuzz_records(game, n=n, seed=seed, records=base, progress=progress)
        for line in report.lines():
            say(line)
        if samples and report.counts:
            for path in report.save_samples(samples):
                say(f"  sample: daynight replay {path}")
        reports.append(report)
    return reports


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.fuzz_records", description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="*", help=f"the games (default: all of {', '.join(daynight.GAMES)})")
    p.add_argument("-n", type=int, default=10_000, help="mutated records per game (default 10,000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--samples", metavar="DIR", help="write one record per kind of escape to DIR")
    args = p.parse_args(argv)
    unknown = [g for g in args.games if g not in daynight.GAMES]
    if unknown:
        p.error(f"unknown game {unknown[0]!r}; the games are {', '.join(daynight.GAMES)}")
    games = args.games or list(daynight.GAMES)
    print(
        f"daynight record fuzzing: {args.n:,} mutated records per game, seed {args.seed} "
        f"(Python {sys.version.split()[0]})",
        flush=True,
    )
    reports = run(games, args.n, args.seed, args.samples, say=lambda line: print(line, flush=True))
    total = sum(r.escapes for r in reports)
    print(f"total: {sum(r.records for r in reports):,} records, {total} escapes")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
