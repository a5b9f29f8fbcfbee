"""The fuzz harness for records, usable by every game:

>>> report = fuzz_records("stars", n=2000, seed=0)                # doctest: +SKIP
>>> print(report)                                                # doctest: +SKIP
>>> report.assert_clean()                                        # doctest: +SKIP

It mutates the game's demo records (:mod:`daynight.testing.mutants`), loads each mutant with
``from_record`` and through ``daynight replay``, and reports every *escape*: an exception other
than :class:`InvalidRecordError`, a message that is not one escaped line, and a record that is
accepted but is not a consistent game. See :func:`fuzz_records`. Standard library only.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import random
import re
import signal
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import GAMES, cli, game_class
from ..core import Game, IllegalMoveError, InvalidRecordError, parse_record, shown
from .mutants import GameLike, RecordLike, class_of, mutator, records_to_mutate

try:
    import resource
except ImportError:  # not on Windows: no memory cap there
    resource = None  # type: ignore[assignment]

__all__ = ["Escape", "FuzzReport", "check_mutant", "fuzz_records", "memory_cap"]


@dataclass
class Escape:
    """One record that got past the checks: its kind, the message, and the file itself."""

    kind: str
    detail: str
    index: int
    mutations: tuple[str, ...]
    data: bytes

    def save(self, path: str | os.PathLike) -> str:
        """Write the record to ``path`` (then ``daynight replay path`` shows it)."""
        Path(path).write_bytes(self.data)
        return str(path)

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail} (mutant #{self.index}: {'; '.join(self.mutations)})"


@dataclass
class FuzzReport:
    """What :func:`fuzz_records` found: escapes counted by kind, with the smallest record of
    each kind as a sample (``samples[kind]``, an :class:`Escape` to save and replay)."""

    game: str
    seed: int
    records: int = 0
    refused: int = 0
    accepted: int = 0
    counts: Counter = field(default_factory=Counter)
    samples: dict[str, Escape] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def escapes(self) -> int:
        """How many (record, kind) escapes: a record can escape in more than one way."""
        return sum(self.counts.values())

    @property
    def ok(self) -> bool:
        return not self.counts

    def add(self, escape: Escape) -> None:
        self.counts[escape.kind] += 1
        best = self.samples.get(escape.kind)
        if best is None or len(escape.data) < len(best.data):
            self.samples[escape.kind] = escape

    def lines(self) -> list[str]:
        head = (
            f"{self.game}: {self.records} mutated records (seed {self.seed}): {self.refused} refused, "
            f"{self.accepted} accepted, {self.escapes} escapes of {len(self.counts)} kinds "
            f"({self.seconds:.1f} s)"
        )
        out = [head]
        for kind, count in sorted(self.counts.items(), key=lambda kc: (-kc[1], kc[0])):
            sample = self.samples[kind]
            out.append(f"  {count:5d}  {kind}")
            out.append(
                f"         e.g. mutant #{sample.index} ({'; '.join(sample.mutations)}): {shown(sample.detail, 240)}"
            )
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def save_samples(self, directory: str | os.PathLike) -> list[str]:
        """Write one record per kind to ``directory`` (``<game>-<n>.json``); returns the paths."""
        Path(directory).mkdir(parents=True, exist_ok=True)
        kinds = sorted(self.counts, key=lambda k: -self.counts[k])
        return [self.samples[k].save(Path(directory) / f"{self.game}-{i}.json") for i, k in enumerate(kinds, 1)]

    def assert_clean(self) -> None:
        """Raise ``AssertionError`` listing the escapes, if there are any."""
        if self.counts:
            raise AssertionError(str(self))


# -- the checks ---------------------------------------------------------------------------------


class _Timeout(BaseException):
    """Raised in a record that takes too long (a BaseException, so no ``except Exception``
    in a game or in the CLI swallows it)."""


@contextlib.contextmanager
def _deadline(seconds: float | None) -> Iterator[None]:
    """Raise :class:`_Timeout` in the record being checked after ``seconds`` (the main thread
    of a system with ``setitimer``; elsewhere no deadline)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not seconds or not usable:
        yield
        return

    def ring(signum: int, frame: Any) -> None:
        raise _Timeout(f"more than {seconds:g} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextlib.contextmanager
def memory_cap(extra: int | None) -> Iterator[None]:
    """Cap this process's address space at its present size plus ``extra`` bytes (Linux), so
    a record that makes a game allocate without bound ends in a MemoryError, not in a machine
    out of memory."""
    try:
        with open("/proc/self/statm") as fh:
            used = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        extra = None
    if extra is None or resource is None:
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = used + extra if hard == resource.RLIM_INFINITY else min(used + extra, hard)
    if soft != resource.RLIM_INFINITY and soft <= cap:
        yield
        return
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@contextlib.contextmanager
def _registered(cls: type[Game]) -> Iterator[None]:
    """Make ``daynight replay`` find ``cls`` under its name for a while (a game under test)."""
    old = GAMES.get(cls.name)
    try:
        known = old is not None and game_class(cls.name) is cls
    except Exception:  # a broken registry entry: replace it for the run
        known = False
    if not known:
        GAMES[cls.name] = (f"{cls.__module__}:{cls.__qualname__}", cls.title)
    try:
        yield
    finally:
        if not known:
            if old is None:
                del GAMES[cls.name]
            else:
                GAMES[cls.name] = old


_STDLIB = os.path.dirname(os.__file__)
_HARNESS = Path(__file__).resolve().parent  # daynight/testing/
_ROOT = _HARNESS.parent.parent


def _where(exc: BaseException) -> str:
    """The innermost frame of the traceback outside the standard library and this harness."""
    frames = traceback.extract_tb(exc.__traceback__)
    for fr in reversed(frames):
        if not fr.filename.startswith(_STDLIB) and Path(fr.filename).resolve().parent != _HARNESS:
            path = Path(fr.filename)
            try:
                name = str(path.resolve().relative_to(_ROOT))
            except ValueError:
                name = "/".join(path.parts[-2:])
            return f"{name}:{fr.lineno} in {fr.name}"
    return "?"


def _detail(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {shown(exc, 300)}"


def _unescaped(text: str) -> bool:
    """True if a line of ``text`` holds a character :func:`shown` would escape."""
    return any(shown(line) != line for line in text.split("\n"))


def _message_problems(exc: InvalidRecordError) -> list[tuple[str, str]]:
    text = str(exc)
    out = []
    if "\n" in text or "\r" in text:
        out.append(("message of several lines", repr(text[:300])))
    if _unescaped(text.replace("\n", " ").replace("\r", " ")):
        out.append(("message with unescaped characters", repr(text[:300])))
    path = getattr(exc, "path", "") or ""
    if not (path.startswith("$") or path == "record"):
        out.append(("message names no field path", shown(text, 300)))
    return out


class _Findings:
    """The escapes found in one accepted record, ``[(kind, detail)]``, and :meth:`attempt`, which
    runs one of the game's methods and notes its failure as a finding."""

    def __init__(self) -> None:
        self.out: list[tuple[str, str]] = []

    def add(self, kind: str, detail: str) -> None:
        self.out.append((kind, detail))

    def attempt(self, what: str, fn: Callable[[], Any]) -> tuple[Any, bool]:
        """``(fn(), True)``, or ``(None, False)`` with the failure noted as a finding."""
        try:
            return fn(), True
        except _Timeout:
            raise
        except AssertionError as exc:
            self.add(f"accepted, then {what} fails", shown(exc, 300))
        except Exception as exc:  # every exception is a finding
            self.add(f"accepted, then {what} raises {type(exc).__name__} ({_where(exc)})", _detail(exc))
        return None, False


def _accepted_problems(
    game: Game, rng: random.Random, playout: int, invariant: Callable[[Game], None] | None
) -> list[tuple[str, str]]:
    """The conformance-style checks of a record the engine accepted: its own record, what it
    says of itself, and a few random legal moves played on."""
    found = _Findings()
    _check_own_record(found, game)
    _check_readings(found, game, invariant)
    for _ in range(playout):
        if not _play_on(found, game, rng, invariant):
            break
    return found.out


def _check_own_record(found: _Findings, game: Game) -> None:
    """The game's own record loads and round-trips to the same events and state."""
    text, ok = found.attempt(
        "to_json()", lambda: json.dumps(game.to_record(), allow_nan=False, ensure_ascii=False).encode("utf-8")
    )
    if not ok:
        return
    record = json.loads(text)
    try:
        again = type(game).from_record(record)
    except _Timeout:
        raise
    except InvalidRecordError as exc:
        found.add("accepted, then its own record is refused", shown(exc, 300))
    except Exception as exc:
        found.add(f"accepted, then its own record raises {type(exc).__name__} ({_where(exc)})", _detail(exc))
    else:
        if again.to_record() != record:
            found.add("accepted, then the record does not round-trip", shown(game.describe(), 200))
        elif list(again.log) != list(game.log):
            found.add("accepted, then the replayed events differ", shown(game.describe(), 200))
        elif found.attempt("state_json()", lambda: again.state_json() != game.state_json())[0]:
            found.add("accepted, then the replayed state differs", shown(game.describe(), 200))


def _check_readings(found: _Findings, game: Game, invariant: Callable[[Game], None] | None) -> None:
    """``summary``, ``describe`` and ``state_json`` give text, every player's ``view`` works, and
    the invariant holds."""
    readings: list[tuple[str, Callable[[], Any]]] = [
        ("summary()", game.summary),
        ("describe()", game.describe),
        ("state_json()", lambda: json.dumps(game.state_json(), allow_nan=False)),
    ]
    for what, fn in readings:
        value, ok = found.attempt(what, fn)
        if ok and not isinstance(value, str):
            found.add(f"accepted, then {what} is not text", repr(value)[:200])
    players, _ = found.attempt("to_players()", game.to_players)
    for p in players or ():
        found.attempt("view(player)", functools.partial(game.view, p))
    if invariant is not None:
        found.attempt("the invariant", lambda: invariant(game))


def _play_on(found: _Findings, game: Game, rng: random.Random, invariant: Callable[[Game], None] | None) -> bool:
    """Play one random legal move after checking that the legal moves are consistent with the
    end and that two of them are accepted; whether to go on."""
    over, ok = found.attempt("is_over()", game.is_over)
    moves, ok2 = found.attempt("legal_moves()", game.legal_moves) if ok else (None, False)
    if not ok2:
        return False
    if over or not moves or not game.to_players():
        if over and moves:
            found.add("accepted, then legal moves after the end", shown(game.describe(), 200))
        elif not over:
            what = "no legal move" if not moves else "nobody to move"
            found.add(f"accepted, then {what} before the end", shown(game.describe(), 200))
        return False
    tried = [moves[rng.randrange(len(moves))] for _ in range(2)]
    refused, ok = found.attempt("why_illegal(a legal move)", lambda: [w for w in map(game.why_illegal, tried) if w])
    if not ok or refused:
        if refused:
            found.add("accepted, then a legal move is refused", shown(refused[0], 300))
        return False
    if not found.attempt("copy().play(a legal move)", lambda: game.copy().play(tried[1]))[1]:
        return False
    try:
        game.play(tried[0])
    except _Timeout:
        raise
    except IllegalMoveError as exc:
        found.add("accepted, then a legal move is refused", shown(exc, 300))
        return False
    except Exception as exc:
        found.add(f"accepted, then playing on raises {type(exc).__name__} ({_where(exc)})", _detail(exc))
        return False
    return invariant is None or found.attempt("the invariant", lambda: invariant(game))[1]


def _cli_problems(data: bytes, workdir: str, accepted: bool | None) -> list[tuple[str, str]]:
    """Replay the file through ``daynight replay`` in this process and check what it prints."""
    path = os.path.join(workdir, "record.json")
    with open(path, "wb") as fh:
        fh.write(data)
    out, err = io.StringIO(), io.StringIO()
    problems: list[tuple[str, str]] = []
    rc: int | str | None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = cli.main(["replay", path])
        except SystemExit as exc:
            rc = exc.code
        except _Timeout:
            raise
        except BaseException as exc:
            return [(f"cli raises {type(exc).__name__} ({_where(exc)})", _detail(exc))]
    o, e = out.getvalue(), err.getvalue()
    if rc == 2:
        message = e.rstrip("\n")
        if "\n" in message or "\r" in message or not message:
            problems.append(("cli error is not one line", repr(e[:300])))
        if o:
            problems.append(("cli prints on standard output when it refuses", repr(o[:300])))
        found = re.search(r"could not replay \((\w+)", message)
        if found:
            problems.append((f"cli could not replay ({found[1]})", shown(message, 300)))
    elif rc != 0:
        problems.append((f"cli exit status {rc}", shown(e or o, 300)))
    if _unescaped(o) or _unescaped(e):
        bad = next(line for line in (o + "\n" + e).split("\n") if shown(line) != line)
        problems.append(("cli prints unescaped characters", repr(bad[:300])))
    if accepted is True and rc == 2 and not problems:
        problems.append(("cli refuses a record from_record accepts", shown(e, 300)))
    if accepted is False and rc == 0:
        problems.append(("cli accepts a record from_record refuses", shown(o.split("\n", 1)[0], 300)))
    return problems


def check_mutant(
    game: GameLike,
    data: bytes,
    *,
    cli: bool = True,
    playout: int = 30,
    invariant: Callable[[Game], None] | None = None,
    rng: random.Random | None = None,
    workdir: str | None = None,
) -> tuple[bool | None, list[tuple[str, str]]]:
    """Load one record file (``data``) as :func:`fuzz_records` does.

    Returns ``(accepted, problems)``: ``accepted`` is True (a game), False (refused with an
    :class:`InvalidRecordError`) or None (something else went wrong); ``problems`` lists the
    escapes as ``(kind, detail)``.
    """
    cls = class_of(game)
    rng = rng or random.Random(0)
    problems: list[tuple[str, str]] = []
    accepted: bool | None = None
    record: Any = None
    try:
        record = parse_record(data, "record")
        loaded = cls.from_record(record)
    except _Timeout:
        raise
    except InvalidRecordError as exc:
        accepted = False
        problems += _message_problems(exc)
    except Exception as exc:
        problems.append((f"raises {type(exc).__name__} ({_where(exc)})", _detail(exc)))
    else:
        accepted = True
        problems += _accepted_problems(loaded, rng, playout, invariant)
    if cli:
        same_game = isinstance(record, dict) and record.get("game") == cls.name
        if workdir is None:
            with tempfile.TemporaryDirectory(prefix="daynight-fuzz-") as tmp, _registered(cls):
                problems += _cli_problems(data, tmp, accepted if same_game else None)
        else:
            problems += _cli_problems(data, workdir, accepted if same_game else None)
    return accepted, problems


def fuzz_records(
    game: GameLike,
    n: int = 1000,
    seed: int = 0,
    *,
    records: Iterable[RecordLike] | None = None,
    demo_seeds: Iterable[int] = (0, 1),
    others: Iterable[RecordLike] | None = None,
    cli: bool = True,
    playout: int = 30,
    invariant: Callable[[Game], None] | None = None,
    timeout: float | None = 60.0,
    memory: int | None = 2 * 2**30,
    progress: Callable[[int, FuzzReport], None] | None = None,
) -> FuzzReport:
    """Load ``n`` seeded mutants of ``game``'s records and report every escape.

    ``game`` is a registered name (``"stars"``) or a :class:`Game` subclass. The records
    mutated are its demo games for ``demo_seeds`` (``demo(seed)`` of the game's module) or
    ``records`` (games, dicts or JSON texts: a teaching position is worth adding); moves and
    setups are borrowed from ``others`` (default: the other games' demos). Each mutant is
    loaded with ``parse_record`` and ``from_record`` and, with ``cli``, replayed through
    ``daynight replay``. Escapes, grouped by kind in the :class:`FuzzReport`:

    * any exception other than :class:`InvalidRecordError` (grouped by type and the line it
      came from), or a record that takes more than ``timeout`` seconds;
    * a refusal whose message is more than one line, holds a character :func:`shown` would
      escape, or names no field path;
    * an accepted record that is not a consistent game: its own record must load and
      round-trip to the same events and state; ``summary``, ``describe``, ``state_json``,
      ``view`` work; then up to ``playout`` random legal moves are played, with legal moves
      until the end and none after, every legal move tried accepted (on a ``copy()`` too),
      and ``invariant(game)``;
    * ``daynight replay`` exiting other than 0 or 2, an error that is not one line, printed
      characters that are not escaped, "could not replay", or a verdict other than
      ``from_record``'s.

    To debug an escape, take its sample, ``s = report.samples[kind]``, and load it by hand:
    ``GameClass.from_record(parse_record(s.data))`` shows the traceback, ``s.save("bad.json")``
    then ``daynight replay bad.json`` shows what a user sees; ``s.mutations`` says what was
    changed, and ``mutant(game, seed, s.index, ...)`` rebuilds it.

    While it runs, the address space is capped at its present size plus ``memory`` bytes
    (Linux; None: no cap), so a record that makes a game allocate without bound ends in a
    reported MemoryError. Standard library only.
    """
    cls = class_of(game)
    bases, foreign = records_to_mutate(cls, records, demo_seeds, others)
    report = FuzzReport(cls.name, seed)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="daynight-fuzz-") as workdir, _registered(cls), memory_cap(memory):
        for i in range(n):
            m = mutator(cls, seed, i, bases, foreign).make(i)
            try:
                with _deadline(timeout):
                    accepted, problems = check_mutant(
                        cls,
                        m.data,
                        cli=cli,
                        playout=playout,
                        invariant=invariant,
                        rng=random.Random(i),
                        workdir=workdir,
                    )
            except _Timeout as exc:
                accepted, problems = None, [(f"takes more than {timeout:g} s", str(exc))]
            report.records += 1
            report.refused += accepted is False
            report.accepted += accepted is True
            for kind, detail in dict(problems).items():  # each kind once per record
                report.add(Escape(kind, detail, i, m.mutations, m.data))
            if progress is not None:
                progress(i, report)
    report.seconds = time.perf_counter() - start
    return report
