"""The ``daynight`` command.

    daynight --help                 the games and the commands
    daynight games                  one line per game
    daynight replay FILE [--json] [--steps] [--upto N] [--html OUT.html] [--lang zh-TW]
    daynight demo GAME [--seed N] [-o FILE]

A malformed record exits with status 2 and one line naming the field or the rule; there is
never a traceback. Text that came from the file (players' names, labels) is shown escaped
(:func:`daynight.core.shown`) in everything the command prints, so no line break, control or
bidirectional character from a file reaches the terminal.

``--lang`` replays a game in one of :data:`daynight.i18n.LANGUAGES`: the explained log, the
final state, the command's own lines and the drawings of ``--html`` are in that language when
its catalog covers the game (:func:`daynight.i18n.covers`); for a game it does not cover yet,
one line on standard error says so (in that language) and all the rest is English, so a
report is never half one language and half another. Record fields ("sun 8") and rule ids
(``[harvest]``) stay English.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Sequence
from typing import Any

from . import GAMES, game_class, game_module, i18n, replay
from .core import DaynightError, Game, load_record, shown
from .i18n import gettext as _
from .i18n import ngettext


def _parser() -> argparse.ArgumentParser:
    games = "\n".join(f"  {name:<8} {desc}" for name, (_where, desc) in GAMES.items())
    p = argparse.ArgumentParser(
        prog="daynight",
        description="Four 'Day & Night' games as rule engines that explain every rule they apply.",
        epilog=f"games:\n{games}\n\nexample:\n  daynight demo stars --seed 7 -o game.json\n  daynight replay game.json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("games", help="list the games")
    rp = sub.add_parser("replay", help="replay a game record and explain it")
    rp.add_argument("file", help="a JSON game record")
    rp.add_argument("--json", action="store_true", help="machine-readable output")
    rp.add_argument("--steps", action="store_true", help="print the state after every move, not only at the end")
    rp.add_argument(
        "--upto", type=_count, metavar="N", help="replay only the first N moves (to see a record up to a bad move)"
    )
    rp.add_argument(
        "--html",
        metavar="OUT.html",
        help="write the game as one HTML file to step through in any browser (no server, no network)",
    )
    rp.add_argument(
        "--lang",
        type=_language,
        metavar="LANG",
        help=f"the language of the explanations ({', '.join(i18n.LANGUAGES)}; default en): a game not "
        "translated yet is shown in English, and one line says so",
    )
    dp = sub.add_parser("demo", help="play a seeded game between bots and write its record")
    dp.add_argument("game", choices=sorted(GAMES))
    dp.add_argument("--seed", type=int, default=1)
    dp.add_argument("-o", "--output", help="where to write the record (default: standard output)")
    return p


def _count(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a number of moves (0 or more), got {text!r}")
    return int(text)


def _language(text: str) -> str:
    try:
        return i18n.known(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


# -- printing: one escaped line at a time ---------------------------------------------------


def _say(text: str) -> None:
    """Print ``text``, each line made safe to show (:func:`~daynight.core.shown`)."""
    print("\n".join(shown(line) for line in text.split("\n")))


def _err(message: str) -> int:
    print(f"daynight: error: {shown(message)}", file=sys.stderr)
    return 2


_NOT_ASCII = re.compile(r"[^\n -~]")


def _json_escape(match: re.Match) -> str:
    ch = match[0]
    if ch.isprintable():
        return ch
    units = ch.encode("utf-16-be", "surrogatepass")
    return "".join(f"\\u{int.from_bytes(units[i : i + 2], 'big'):04x}" for i in range(0, len(units), 2))


def _safe_json(value: Any) -> str:
    """JSON text in which every character that is not printable is a ``\\u`` escape: still
    the same JSON, and safe to print."""
    return _NOT_ASCII.sub(_json_escape, json.dumps(value, ensure_ascii=False, indent=1))


# -- replay ------------------------------------------------------------------------------------


def _replayed(
    record: dict[str, Any], *, upto: int | None = None, steps: bool = False
) -> tuple[Game, list[dict[str, Any]] | None]:
    """Replay ``record`` (the first ``upto`` moves); with ``steps``, also the state after every
    move. Raises :class:`DaynightError` for a bad record."""
    if not steps:
        return replay(record, upto=upto), None
    states: list[dict[str, Any]] = []

    def on_move(game: Game, i: int) -> None:
        states.append({"move": i, "events": len(game.log), "state": game.state_json()})

    return replay(record, upto=upto, on_move=on_move), states


def _refusal(path: str, exc: DaynightError) -> str:
    good = getattr(exc, "replayed", None)
    if not good:
        return f"{path}: {exc}"
    text = _("{path}: {error}; the {good} moves before it replay (daynight replay {path} --upto {good})")
    return text.format(path=path, error=exc, good=good)


def _json_report(game: Game, steps: list[dict[str, Any]] | None) -> dict[str, Any]:
    out = {"game": game.name, "moves": len(game.history), "state": game.state_json(), "events": game.log.to_json()}
    if steps is not None:
        out["steps"] = steps
    return out


def _text_report(game: Game, steps: list[dict[str, Any]] | None, path: str) -> str:
    moves = len(game.history)
    title = ngettext("{title}: {n} move replayed from {path}", "{title}: {n} moves replayed from {path}", moves)
    lines = [title.format(title=game.title, n=moves, path=path), ""]
    if steps is None:
        lines += [_("Events:"), game.log.explain()]
    else:
        done = 0
        for step in steps:
            lines += [f"  {e}" for e in game.log[done : step["events"]]]
            done = step["events"]
            after = _("after move {n}: {summary}").format(n=step["move"], summary=step["state"].get("summary", ""))
            lines.append(f"  -> {after}")
        lines += [f"  {e}" for e in game.log[done:]]
    lines += ["", _("Final state:"), game.summary()]
    return "\n".join(lines)


def _spoken(record: dict[str, Any], wanted: str | None) -> str:
    """The language to replay ``record`` in: ``wanted`` (default English) when its catalog covers
    the record's game; otherwise English, after one line on standard error, in ``wanted``,
    saying the game is not translated yet."""
    code = wanted or i18n.DEFAULT
    name = record.get("game")
    if not isinstance(name, str) or name not in GAMES or i18n.covers(name, code):
        return code  # a record naming no known game is refused by the replay, in the language asked for
    with i18n.in_language(code):
        note = _("{game} is not translated into {language} yet, so it is shown in English.")
        print(shown(note.format(game=game_class(name).title, language=i18n.LANGUAGES[code])), file=sys.stderr)
    return i18n.DEFAULT


def _html(args: argparse.Namespace) -> int:
    """``daynight replay FILE --html OUT``: the review as one HTML file (only this command draws, so
    only it imports :mod:`daynight.review` and the drawings)."""
    from .review import write_html  # lazy: 20 ms on the 27 ms of every command (-X importtime)

    try:
        review = write_html(args.file, args.html)
    except DaynightError as exc:
        return _err(f"{args.file}: {exc}")
    text = ngettext(
        "wrote {out}: {n} move of {title}, to open in any browser",
        "wrote {out}: {n} moves of {title}, to open in any browser",
        review.moves,
    )
    print(text.format(out=shown(args.html), n=review.moves, title=review.title))
    if review.error:
        text = _("{path}: the record stops after move {n}: {error}; {out} shows the moves before it")
        return _err(text.format(path=args.file, n=review.moves, error=review.error, out=args.html))
    return 0


def _replay(args: argparse.Namespace) -> int:
    try:
        record = load_record(args.file)
        code = _spoken(record, args.lang)
        i18n.catalog(code)  # read now: a missing catalog is one line, before anything is replayed
    except DaynightError as exc:
        return _err(_refusal(args.file, exc))
    except FileNotFoundError as exc:  # a package built without its catalogs (one line: how to compile them)
        return _err(str(exc))
    with i18n.in_language(code):
        if args.html:
            return _html(args)
        try:
            game, steps = _replayed(record, upto=args.upto, steps=args.steps)
        except DaynightError as exc:
            return _err(_refusal(args.file, exc))
        if args.json:
            print(_safe_json(_json_report(game, steps)))
        else:
            _say(_text_report(game, steps, args.file))
    return 0


# -- the other commands ---------------------------------------------------------------------------


def _games(args: argparse.Namespace) -> int:
    for name, (_where, desc) in GAMES.items():
        print(f"{name:<8} {desc}")
    return 0


def _demo(args: argparse.Namespace) -> int:
    game = game_module(args.game).demo(args.seed)
    if not args.output:
        print(_safe_json(game.to_record()))
        return 0
    try:
        game.save(args.output)
    except OSError as exc:
        return _err(f"{args.output}: cannot write the record: {exc.strerror or exc}")
    print(f"wrote {shown(args.output)}: {len(game.history)} moves of {game.title}")
    return 0


_COMMANDS = {"games": _games, "replay": _replay, "demo": _demo}


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    command = _COMMANDS.get(args.command)
    if command is None:
        parser.print_help()
        return 0
    for stream in (sys.stdout, sys.stderr):  # a character the terminal cannot encode: an escape
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        return command(args)
    except BrokenPipeError:  # the reader went away (daynight replay g.json | head): not an error
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # an engine bug must still not print a traceback
        subject = getattr(args, "file", None) or getattr(args, "game", "daynight")
        with_file = " with the file" if args.command == "replay" else ""
        return _err(
            f"{subject}: could not {args.command} ({type(exc).__name__}: {shown(exc, 200)}); "
            f"this is a bug in daynight, please report it{with_file}"
        )


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
