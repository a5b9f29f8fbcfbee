"""The ``daynight`` command.

    daynight --help                 the games and the commands
    daynight games                  one line per game
    daynight replay FILE [--json] [--steps]
    daynight demo GAME [--seed N] [-o FILE]

A malformed record exits with status 2 and one line naming the field or the rule; there is
never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from . import GAMES, game_module, replay
from .core import DaynightError, load_record


def _parser() -> argparse.ArgumentParser:
    games = "\n".join(f"  {name:<8} {desc}" for name, (_, desc) in GAMES.items())
    p = argparse.ArgumentParser(
        prog="daynight",
        description="Four 'Day & Night' games as rule engines that explain every rule they apply.",
        epilog=f"games:\n{games}\n\nexample:\n  daynight demo stars --seed 7 -o game.json\n"
               "  daynight replay game.json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("games", help="list the games")
    rp = sub.add_parser("replay", help="replay a game record and explain it")
    rp.add_argument("file", help="a JSON game record")
    rp.add_argument("--json", action="store_true", help="machine-readable output")
    rp.add_argument("--steps", action="store_true",
                    help="print the state after every move, not only at the end")
    rp.add_argument("--upto", type=int, metavar="N",
                    help="replay only the first N moves (to see a record up to a bad move)")
    dp = sub.add_parser("demo", help="play a seeded game between bots and write its record")
    dp.add_argument("game", choices=sorted(GAMES))
    dp.add_argument("--seed", type=int, default=1)
    dp.add_argument("-o", "--output", help="where to write the record (default: standard output)")
    return p


def _err(message: str) -> int:
    print(f"daynight: error: {message}", file=sys.stderr)
    return 2


def _replay(args: argparse.Namespace) -> int:
    try:
        record = load_record(args.file)
        steps: list[dict] = []
        if args.steps:
            def on_move(game, i):
                steps.append({"move": i, "events": len(game.log), "state": game.state_json()})
            game = replay(record, on_move=on_move, upto=args.upto)
        else:
            game = replay(record, upto=args.upto)
    except DaynightError as exc:
        good = getattr(exc, "replayed", None)
        hint = (f"; the {good} moves before it replay (daynight replay {args.file} --upto {good})"
                if good else "")
        return _err(f"{args.file}: {exc}{hint}")
    except Exception as exc:  # an engine bug must still not print a traceback
        return _err(f"{args.file}: could not replay ({type(exc).__name__}: {exc}); "
                    "this is a bug in daynight, please report it with the file")
    if args.json:
        out = {"game": game.name, "moves": len(game.history), "state": game.state_json(),
               "events": game.log.to_json()}
        if args.steps:
            out["steps"] = steps
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return 0
    print(f"{game.title}: {len(game.history)} moves replayed from {args.file}\n")
    if args.steps:
        shown = 0
        for step in steps:
            for e in game.log[shown:step["events"]]:
                print(f"  {e}")
            shown = step["events"]
            print(f"  -> after move {step['move']}: {step['state'].get('summary', '')}")
        for e in game.log[shown:]:
            print(f"  {e}")
    else:
        print("Events:")
        print(game.log.explain())
    print("\nFinal state:")
    print(game.summary())
    return 0


def _demo(args: argparse.Namespace) -> int:
    module = game_module(args.game)
    game = module.demo(args.seed)
    text = game.to_json()
    if args.output:
        game.save(args.output)
        print(f"wrote {args.output}: {len(game.history)} moves of {game.title}")
    else:
        print(text)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "games":
        for name, (_, desc) in GAMES.items():
            print(f"{name:<8} {desc}")
        return 0
    if args.command == "replay":
        return _replay(args)
    if args.command == "demo":
        return _demo(args)
    parser.print_help()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
