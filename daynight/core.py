"""The contract shared by the four games: errors, the explained event log, seeded
randomness, JSON records and the :class:`Game` base class.

Everything here is standard library only, so ``import daynight`` stays light (no
ipywidgets, plotly, pandas or numpy).

Design (see ``shared/research/style-and-speed.md``): python-chess's two-tier move API and
PokerKit's "verify before you mutate". A game implements

* ``legal_moves(player=None)`` -- every move that :meth:`Game.play` would accept now;
* ``_check(move)``             -- raises :class:`IllegalMoveError` naming the rule, changes nothing;
* ``_apply(move)``             -- the unchecked fast path (rollouts), which appends events;

and the base class turns them into ``play`` / ``can_play`` / ``why_illegal``, keeps the
list of accepted moves, and writes and reads records.
"""

from __future__ import annotations

import json
import pickle
import random
import secrets
from abc import ABC, abstractmethod
from types import MappingProxyType
from typing import Any, Callable, ClassVar, Iterable, Iterator, Mapping, NamedTuple, Sequence

__all__ = [
    "shown",
    "DaynightError",
    "IllegalMoveError",
    "InvalidRecordError",
    "GameOverError",
    "Event",
    "EventLog",
    "Seed",
    "make_rng",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "Reader",
    "Game",
    "load_record",
    "parse_record",
]


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


class DaynightError(ValueError):
    """Base of every error the package raises on purpose.

    ``rule`` names the rule (or, for records, the field path) that was broken; ``state``
    is a short description of the state it applied to, so a report can be reproduced.
    """

    def __init__(self, message: str, *, rule: str | None = None, state: str | None = None):
        self.rule = rule
        self.state = state
        self.reason = message
        text = message
        if rule:
            text = f"{text} [rule: {rule}]"
        if state:
            text = f"{text} ({state})"
        super().__init__(text)


class IllegalMoveError(DaynightError):
    """A well-formed move that the rules do not allow now. Nothing was changed."""


class GameOverError(IllegalMoveError):
    """A move after the game has ended. Nothing was changed."""


class InvalidRecordError(DaynightError):
    """A record (JSON file or dict) that cannot be read; ``path`` names the first bad field."""

    def __init__(self, path: str, message: str, *, rule: str | None = None):
        self.path = path
        super().__init__(f"{path}: {message}", rule=rule)


# ---------------------------------------------------------------------------
# Text from outside, made safe to show
# ---------------------------------------------------------------------------

#: invisible characters that reorder or hide text (bidirectional controls, zero-width marks)
_HIDDEN = frozenset("\u061c\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                    "\u2060\u2066\u2067\u2068\u2069\ufeff")


def shown(text: str, limit: int | None = None) -> str:
    """``text`` as it may be shown on one line of a terminal or a page.

    Text that came from a file (a player's name, a card's label in a record) can hold line
    breaks, terminal escape sequences, bidirectional overrides or lone surrogates. Each such
    character becomes a visible escape (``\\n``, ``\\x1b``, ``\\u202e``), so nothing from a
    file can break a line, move the cursor, reorder what follows or fail to encode. ``limit``
    cuts long text with an ellipsis.

    >>> shown("Ann\\nBob\\u202e")
    'Ann\\\\nBob\\\\u202e'
    """
    text = str(text)
    if not (text.isprintable() and text.isascii()) and any(
            not ch.isprintable() or ch in _HIDDEN or "\ud800" <= ch <= "\udfff" for ch in text):
        out = []
        for ch in text:
            if ch.isprintable() and ch not in _HIDDEN and not ("\ud800" <= ch <= "\udfff"):
                out.append(ch)
            elif ch == " ":
                out.append(ch)
            else:
                out.append(ch.encode("unicode_escape").decode("ascii"))
        text = "".join(out)
    if limit is not None and len(text) > limit:
        text = text[: max(0, limit - 1)] + "\u2026"
    return text


# ---------------------------------------------------------------------------
# The explained event log
# ---------------------------------------------------------------------------

_NO_DATA: Mapping[str, Any] = MappingProxyType({})



class Event(NamedTuple):
    """One thing that happened, explained for a learner (an immutable value).

    ``who``  -- the player it concerns, or ``None`` for the game itself;
    ``what`` -- a short machine-readable kind, e.g. ``"flip"`` or ``"transform"``;
    ``rule`` -- the rule that fired, by name (and number where the rules have numbers);
    ``text`` -- one sentence a learner can read;
    ``data`` -- optional details for charts and tests (JSON-compatible values).

    A named tuple rather than a frozen dataclass: events are made on every rule that fires,
    and a tuple is built about three times faster.
    """

    who: str | None
    what: str
    rule: str
    text: str
    data: Mapping[str, Any] = _NO_DATA

    def to_json(self) -> dict[str, Any]:
        return {"who": self.who, "what": self.what, "rule": self.rule, "text": self.text,
                "data": dict(self.data)}

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


_new_event = tuple.__new__


class EventLog(Sequence[Event]):
    """An append-only list of :class:`Event` with a few reading helpers."""

    __slots__ = ("_events", "enabled")

    def __init__(self, events: Iterable[Event] = (), *, enabled: bool = True):
        self._events: list[Event] = list(events)
        #: rollouts switch explanations off for speed; ``add`` then does nothing
        self.enabled = enabled

    def add(self, who: str | None, what: str, rule: str, text: str, **data: Any) -> None:
        if self.enabled:
            self._events.append(_new_event(Event, (who, what, rule, text, data)))

    def append(self, event: Event) -> None:
        self._events.append(event)

    def __getitem__(self, index):  # type: ignore[override]
        return self._events[index]

    def __len__(self) -> int:
        return len(self._events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return self._events == other._events
        return NotImplemented

    def since(self, n: int) -> list[Event]:
        return self._events[n:]

    def of_kind(self, what: str) -> list[Event]:
        return [e for e in self._events if e.what == what]

    def explain(self, start: int = 0) -> str:
        """The log as numbered sentences, one per line."""
        return "\n".join(f"{i:4d}. {e}" for i, e in enumerate(self._events[start:], start))

    def to_json(self) -> list[dict[str, Any]]:
        return [e.to_json() for e in self._events]

    def __repr__(self) -> str:
        return f"EventLog(<{len(self._events)} events>)"


# ---------------------------------------------------------------------------
# Seeded randomness
# ---------------------------------------------------------------------------

Seed = int | random.Random | None


def make_rng(seed: Seed) -> tuple[random.Random, int | None]:
    """Return ``(rng, seed_to_record)``.

    * an ``int`` gives ``random.Random(seed)`` and is recorded;
    * a ``random.Random`` is used as it is (nothing to record: the game then records its
      explicit deck order or position instead);
    * ``None`` draws a fresh seed from the operating system and records it, so even an
      unseeded game can be replayed.

    The module-level ``random`` functions are never used.
    """
    if isinstance(seed, random.Random):
        return seed, None
    if seed is None:
        seed = secrets.randbits(48)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, a random.Random or None, not {seed!r}")
    return random.Random(seed), seed


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------

RECORD_FORMAT = "daynight-record"
RECORD_VERSION = 1

_MISSING: Any = object()

_KINDS: dict[str, tuple[type, ...]] = {
    "an integer": (int,),
    "a string": (str,),
    "a list": (list,),
    "an object": (dict,),
    "true or false": (bool,),
    "a number": (int, float),
}


class Reader:
    """Reads a JSON value and reports the path of the first bad field.

    >>> r = Reader({"moves": [{"card": 3}]})
    >>> r.list("moves")[0].int("card")
    3
    >>> r.list("moves")[0].str("card")
    Traceback (most recent call last):
    ...
    daynight.core.InvalidRecordError: $.moves[0].card: expected a string, got 3
    """

    __slots__ = ("value", "path")

    def __init__(self, value: Any, path: str = "$"):
        self.value = value
        self.path = path

    # -- errors ---------------------------------------------------------------
    def error(self, message: str, key: str | int | None = None) -> InvalidRecordError:
        return InvalidRecordError(self._sub(key) if key is not None else self.path, message)

    def _sub(self, key: str | int) -> str:
        return f"{self.path}[{key}]" if isinstance(key, int) else f"{self.path}.{key}"

    # -- typed access ---------------------------------------------------------
    def _obj(self) -> dict[str, Any]:
        if not isinstance(self.value, dict):
            raise InvalidRecordError(self.path, f"expected an object, got {_short(self.value)}")
        return self.value

    def has(self, key: str) -> bool:
        return key in self._obj()

    def get(self, key: str, kind: str, default: Any = _MISSING) -> Any:
        obj = self._obj()
        if key not in obj:
            if default is _MISSING:
                raise InvalidRecordError(self._sub(key), f"missing (expected {kind})")
            return default
        value = obj[key]
        types = _KINDS[kind]
        if isinstance(value, bool) and bool not in types:
            ok = False
        else:
            ok = isinstance(value, types)
        if not ok:
            raise InvalidRecordError(self._sub(key), f"expected {kind}, got {_short(value)}")
        return value

    def int(self, key: str, default: Any = _MISSING, *, lo: int | None = None,
            hi: int | None = None) -> int:
        value = self.get(key, "an integer", default)
        if value is not default and ((lo is not None and value < lo) or (hi is not None and value > hi)):
            raise InvalidRecordError(self._sub(key), f"{value} is outside {lo}..{hi}")
        return value

    def str(self, key: str, default: Any = _MISSING, *, choices: Iterable[str] | None = None) -> str:
        value = self.get(key, "a string", default)
        if choices is not None and value is not default:
            allowed = list(choices)
            if value not in allowed:
                raise InvalidRecordError(self._sub(key), f"unknown value {value!r}; expected one of {allowed}")
        return value

    def bool(self, key: str, default: Any = _MISSING) -> bool:
        return self.get(key, "true or false", default)

    def obj(self, key: str, default: Any = _MISSING) -> "Reader":
        value = self.get(key, "an object", default)
        return Reader(value, self._sub(key))

    def list(self, key: str, default: Any = _MISSING) -> list["Reader"]:
        value = self.get(key, "a list", default)
        return [Reader(v, f"{self._sub(key)}[{i}]") for i, v in enumerate(value)]

    def keys(self) -> list[str]:
        return list(self._obj())

    def only(self, *allowed: str) -> None:
        """Reject unknown fields (a typo must not be silently ignored)."""
        for key in self._obj():
            if key not in allowed:
                raise InvalidRecordError(self._sub(key), f"unknown field; expected one of {list(allowed)}")


def _short(value: Any) -> str:
    text = json.dumps(value) if _jsonable(value) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def parse_record(text: str, source: str = "record") -> dict[str, Any]:
    """Parse JSON text; a syntax error becomes an :class:`InvalidRecordError` with line and column."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidRecordError(source, f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(value, dict):
        raise InvalidRecordError("$", f"a record is a JSON object, got {_short(value)}")
    return value


def load_record(path: str) -> dict[str, Any]:
    """Read a record file; every failure is an :class:`InvalidRecordError`."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise InvalidRecordError(path, f"cannot read file: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise InvalidRecordError(path, "not a UTF-8 text file") from None
    return parse_record(text, path)


def read_header(record: Mapping[str, Any]) -> Reader:
    """Check the format and version fields shared by every record and return a reader."""
    r = Reader(record)
    fmt = r.str("format")
    if fmt != RECORD_FORMAT:
        raise r.error(f"expected {RECORD_FORMAT!r}, got {fmt!r}", "format")
    version = r.int("version")
    if version != RECORD_VERSION:
        raise r.error(f"this version of daynight reads version {RECORD_VERSION}, got {version}", "version")
    return r


# ---------------------------------------------------------------------------
# The game base class
# ---------------------------------------------------------------------------


class Game(ABC):
    """Base of every engine.

    Subclasses set ``name`` (the registry key, e.g. ``"stars"``) and implement the abstract
    methods. ``self.log`` is the explained :class:`EventLog`; ``self.history`` the accepted
    moves in order, which with the setup make the record.
    """

    name: ClassVar[str] = "game"
    title: ClassVar[str] = "a game"

    log: EventLog
    history: list[Any]

    # -- to implement ------------------------------------------------------------
    @abstractmethod
    def legal_moves(self, player: Any = None) -> tuple[Any, ...]:
        """Every move :meth:`play` accepts now (for ``player`` only, when given)."""

    @abstractmethod
    def _check(self, move: Any) -> None:
        """Raise :class:`IllegalMoveError` naming the rule if ``move`` is not legal now.

        Must not change anything."""

    @abstractmethod
    def _apply(self, move: Any) -> None:
        """Carry out ``move`` without checking it.

        .. warning:: unchecked -- the fast path for rollouts; an illegal move corrupts the state.
        """

    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def to_players(self) -> tuple[Any, ...]:
        """The players who may move now (several at once in a simultaneous step)."""

    @abstractmethod
    def setup_record(self) -> dict[str, Any]:
        """The JSON setup from which :meth:`from_setup` rebuilds the starting state."""

    @classmethod
    @abstractmethod
    def from_setup(cls, setup: Reader) -> "Game":
        """Build the starting state from a record's ``setup`` (validating every field)."""

    @abstractmethod
    def move_to_json(self, move: Any) -> Any:
        """A move as a JSON value."""

    @abstractmethod
    def move_from_json(self, value: Reader) -> Any:
        """Parse a move of this game from a record (``InvalidRecordError`` naming the path)."""

    @abstractmethod
    def summary(self) -> str:
        """A few lines describing the current state for people (the CLI prints it)."""

    def state_json(self) -> dict[str, Any]:
        """A JSON description of the current state (``daynight replay --json``)."""
        return {"over": self.is_over(), "summary": self.summary()}

    def view(self, player: Any) -> Any:
        """What ``player`` may see. Games with hidden information (hands, face-down cards,
        draw piles) override this so that no other player's secret is in it; bots and hints
        must decide from a view only."""
        return self.state_json()

    def describe(self) -> str:
        """A compact state string used in error messages."""
        return f"{self.name}, move {len(self.history)}"

    # -- provided ------------------------------------------------------------------
    def play(self, move: Any) -> list[Event]:
        """Check ``move``, then carry it out; returns the events it caused.

        :raises GameOverError: the game has ended.
        :raises IllegalMoveError: the rules do not allow ``move`` now (the message names the
            rule); nothing was changed.
        """
        if self.is_over():
            raise GameOverError("the game is over; no more moves can be played",
                                rule="end of the game", state=self.describe())
        self._check(move)
        log = self.log
        if not log.enabled:  # rollouts: nothing to explain, nothing to return
            self._apply(move)
            self.history.append(move)
            return []
        start = len(log)
        self._apply(move)
        self.history.append(move)
        return log.since(start)

    def why_illegal(self, move: Any) -> str | None:
        """The reason ``move`` is not allowed now, or ``None`` if it is."""
        try:
            if self.is_over():
                raise GameOverError("the game is over", rule="end of the game")
            self._check(move)
        except IllegalMoveError as exc:
            return str(exc)
        return None

    def can_play(self, move: Any) -> bool:
        return self.why_illegal(move) is None

    def copy(self) -> "Game":
        """An independent copy (the default pickles; games may override with something faster)."""
        return pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))

    def snapshot(self) -> bytes:
        """Bytes that change whenever any part of the state changes (used by the conformance
        test to prove an illegal move changed nothing)."""
        return pickle.dumps(self.__dict__ if hasattr(self, "__dict__") else self, protocol=pickle.HIGHEST_PROTOCOL)

    # -- records -------------------------------------------------------------------
    def options_record(self) -> dict[str, Any]:
        """The named rule options in force, as JSON (they are also part of the setup, so a
        record replays under the same rules; apps and notebooks show them)."""
        return {}

    def to_record(self) -> dict[str, Any]:
        """The whole game as a JSON-compatible dict: replaying it gives this exact state."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.name,
            "setup": self.setup_record(),
            "moves": [self.move_to_json(m) for m in self.history],
        }

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_record(), indent=indent, ensure_ascii=False)

    def save(self, path: str) -> None:
        """Write the record to ``path`` (written to a temporary file first, so a failure
        never leaves half a record behind)."""
        import os
        import tempfile

        directory = os.path.dirname(os.path.abspath(path))
        fd, tmp = tempfile.mkstemp(dir=directory, suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(self.to_json())
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    @classmethod
    def from_record(cls, record: Mapping[str, Any], *, upto: int | None = None,
                    on_move: Callable[["Game", int], None] | None = None) -> "Game":
        """Rebuild a game from a record, replaying every move (or the first ``upto``).

        A malformed field raises :class:`InvalidRecordError` naming its path; a move the rules
        refuse raises :class:`InvalidRecordError` naming ``$.moves[i]`` and the rule.
        ``on_move(game, i)`` is called after each replayed move.
        """
        r = read_header(record)
        r.only("format", "version", "game", "setup", "moves", "meta")
        game_name = r.str("game")
        if game_name != cls.name:
            raise r.error(f"this is a {game_name!r} record, not {cls.name!r}", "game")
        game = cls.from_setup(r.obj("setup"))
        moves = r.list("moves", [])
        for i, mr in enumerate(moves if upto is None else moves[:upto]):
            try:
                move = game.move_from_json(mr)
                game.play(move)
            except DaynightError as exc:
                if isinstance(exc, IllegalMoveError):
                    exc = InvalidRecordError(mr.path, f"move refused: {exc.reason}", rule=exc.rule)
                exc.replayed = i  # type: ignore[attr-defined]  # moves before this one are good
                raise exc from None
            if on_move is not None:
                on_move(game, i)
        return game

    @classmethod
    def from_json(cls, text: str) -> "Game":
        return cls.from_record(parse_record(text))
