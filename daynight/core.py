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
import os
import pickle
import random
import re
import reprlib
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
    "MAX_RECORD_BYTES",
    "MAX_DEPTH",
    "MAX_MOVES",
    "MAX_STRING",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_INT",
    "check_record",
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
    All three are made safe to show with :func:`shown` (a name from a file can hold a
    line break or a terminal escape), so the message is always one line.
    """

    def __init__(self, message: str, *, rule: str | None = None, state: str | None = None):
        message = shown(message)
        self.rule = rule = shown(rule) if rule else rule
        self.state = state = shown(state) if state else state
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
        self.path = path = shown(path)
        super().__init__(f"{path}: {message}", rule=rule)


# ---------------------------------------------------------------------------
# Text from outside, made safe to show
# ---------------------------------------------------------------------------

def shown(text: str, limit: int | None = None) -> str:
    """``text`` as it may be shown on one line of a terminal or a page.

    Text that came from a file (a player's name, a card's label in a record) can hold line
    breaks, terminal escape sequences, bidirectional overrides, zero-width characters or lone
    surrogates. Each character that is not printable (Unicode's "other" and "separator"
    categories, but for the space) becomes a visible escape (``\\n``, ``\\x1b``,
    ``\\u202e``), so nothing from a file can break a line, move the cursor, reorder or hide
    what follows, or fail to encode. ``limit`` cuts long text with an ellipsis, never inside
    an escape; the result then has at most ``limit`` characters.

    >>> shown("Ann\\nBob\\u202e")
    'Ann\\\\nBob\\\\u202e'
    >>> shown("Zo\\u00eb\\x1b[2J", limit=8)
    'Zo\u00eb\\\\x1b\u2026'
    """
    text = str(text)
    if limit is not None and len(text) > limit:
        text = text[:limit]  # every character shows as one or more: enough to fill the limit
        cut = True
    else:
        cut = False
    if text.isprintable():
        pieces: Sequence[str] = text
    else:
        pieces = [ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                  for ch in text]
        text = "".join(pieces)
    if limit is None or (not cut and len(text) <= limit):
        return text
    out, room = [], max(0, limit - 1)
    for piece in pieces:
        if len(piece) > room:
            break
        out.append(piece)
        room -= len(piece)
    return "".join(out) + "\u2026"


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

    @property
    def events(self) -> list[Event]:
        """The log's own list, for an engine's hot path: append prebuilt events to it, read
        its length and tail; never remove or reorder (the log is append-only)."""
        return self._events

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

# -- bounds: what a record may hold ---------------------------------------------------
#
# A record comes from outside (a file, a pasted text, an upload), so what it may hold is
# bounded before any game reads it. Every bound is far above what a real game writes; a
# record beyond one is refused with an InvalidRecordError that names the field and the bound.
# ``parse_record``/``load_record`` check them all on the text, ``Game.from_record`` on any
# record (a dict built in Python too), ``Reader.name``/``Reader.names`` the player names.

#: bytes in a record file or text; a larger file is refused before it is read
MAX_RECORD_BYTES = 10 * 1024 * 1024
#: levels of nested lists and objects (the games' records need six or fewer)
MAX_DEPTH = 20
#: moves in a record (the longest demo game has about 500)
MAX_MOVES = 20_000
#: characters in any string or field name of a record
MAX_STRING = 1_000
#: characters in a player's name (:meth:`Reader.name`)
MAX_NAME = 40
#: players' names in one game (:meth:`Reader.names`)
MAX_PLAYERS = 16
#: magnitude of any number: 2**53 - 1, the largest integer every JSON reader (a browser
#: too) keeps exact
MAX_INT = 2**53 - 1

#: characters no text in a record may hold: control characters (line breaks, tabs, terminal
#: escapes), line and paragraph separators, lone surrogates (they cannot be written as UTF-8)
#: and the bidirectional embeddings, overrides and isolates ("Trojan Source"). Other
#: invisible characters (zero-width joiners, direction marks) are allowed, and shown escaped
#: wherever the package prints them (:func:`shown`).
_BAD_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")

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
                raise InvalidRecordError(self._sub(key), f"unknown value {_short(value)}; expected one of {allowed}")
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

    def name(self, key: str, default: Any = _MISSING) -> str:
        """A player's name: a string of 1 to :data:`MAX_NAME` characters, not only spaces."""
        value = self.str(key, default)
        if value is not default:
            _check_name(value, self._sub(key))
        return value

    def names(self, key: str, default: Any = _MISSING, *, count: int | None = None,
              unique: bool = True) -> list[str]:
        """The players' names (each as :meth:`name`): 1 to :data:`MAX_PLAYERS` of them,
        exactly ``count`` when given, all different unless ``unique=False``."""
        if default is not _MISSING and not self.has(key):
            return default
        items = self.list(key)
        if not 1 <= len(items) <= MAX_PLAYERS:
            raise self.error(f"{len(items)} names; a game has 1 to {MAX_PLAYERS} players", key)
        if count is not None and len(items) != count:
            raise self.error(f"{count} players need {count} names, got {len(items)}", key)
        names: list[str] = []
        for item in items:
            if not isinstance(item.value, str):
                raise item.error(f"expected a name, got {_short(item.value)}")
            _check_name(item.value, item.path)
            if unique and item.value in names:
                raise item.error(f"{_short(item.value)} is already another player's name")
            names.append(item.value)
        return names

    def only(self, *allowed: str) -> None:
        """Reject unknown fields (a typo must not be silently ignored)."""
        for key in self._obj():
            if key not in allowed:
                raise InvalidRecordError(self._sub(key), f"unknown field; expected one of {list(allowed)}")


def _check_name(value: str, path: str) -> None:
    problem = _text_problem(value)
    if problem is None and not value.strip():
        problem = "a name cannot be empty"
    if problem is None and len(value) > MAX_NAME:
        problem = f"a name of {len(value)} characters; at most {MAX_NAME}"
    if problem:
        raise InvalidRecordError(path, problem)


def _short(value: Any, limit: int = 60) -> str:
    """A value from a record, short and safe to show in an error message (JSON spelling)."""
    return shown(_sketch(value, 2), limit)


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother = 2, 40, 40


def _sketch(value: Any, depth: int) -> str:
    # never more than a few items of a few levels: a record can be deep and large
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value[:60], ensure_ascii=False)
    if isinstance(value, int):
        return str(value) if -10**30 < value < 10**30 else f"a number of {value.bit_length()} bits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (list, tuple, dict)):
        if not value:
            return "{}" if isinstance(value, dict) else "[]"
        if depth == 0:
            return "{...}" if isinstance(value, dict) else "[...]"
        if isinstance(value, dict):
            items = [f"{_sketch(k, 0)}: {_sketch(v, depth - 1)}" for k, v in list(value.items())[:4]]
        else:
            items = [_sketch(v, depth - 1) for v in value[:4]]
        more = ", ..." if len(value) > 4 else ""
        return ("{%s%s}" if isinstance(value, dict) else "[%s%s]") % (", ".join(items), more)
    return _REPR.repr(value)


def _text_problem(text: str) -> str | None:
    """Why ``text`` may not be in a record (beyond :data:`MAX_STRING`, or a character of
    ``_BAD_TEXT``), or ``None``."""
    if len(text) > MAX_STRING:
        return f"a text of {len(text)} characters; at most {MAX_STRING}"
    bad = None if text.isprintable() else _BAD_TEXT.search(text)
    if bad is None:
        return None
    ch = bad[0]
    what = ("a line break" if ch in "\n\r\u2028\u2029" else
            "a lone surrogate" if "\ud800" <= ch <= "\udfff" else
            "a bidirectional control" if ch > "\u2000" else "a control character")
    return (f"holds {what} (U+{ord(ch):04X}) at character {bad.start()}; "
            "text in a record is one line without control characters")


class _Twice(dict):
    """A parsed object in which a field appears twice (JSON keeps the last; a record may not)."""

    __slots__ = ("key",)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            break
        seen.add(key)
    twice = _Twice(obj)
    twice.key = key
    return twice


class _Number:
    """A number in the JSON text that a record may not hold (``NaN``, ``Infinity``, or an
    integer of more than 20 digits), kept as text until :func:`check_record` names its path."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text if len(self.text) <= 20 else f"a number of {len(self.text)} digits"


def _int(text: str) -> int | _Number:
    return int(text) if len(text) <= 20 else _Number(text)


def check_record(value: Any, path: str = "$") -> None:
    """Check that ``value`` keeps to the bounds (``MAX_*``) and holds only JSON values.

    Raises :class:`InvalidRecordError` naming the first field, in the order of the file,
    that is nested too deeply, holds too long a text or a forbidden character
    (``_BAD_TEXT``), a number beyond :data:`MAX_INT` (or not finite), or a field twice.
    Iterative (a stack of the open lists and objects), so no nesting exhausts Python's stack.
    """
    # the open containers: (iterator over (key, value), the keys from the top to it)
    stack: list[tuple[Iterator[tuple[Any, Any]], list[Any]]] = []

    def where(keys: list[Any]) -> str:
        return path + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in keys)

    def scalar_problem(x: Any) -> str | None:
        if isinstance(x, str):
            return _text_problem(x) if len(x) > MAX_STRING or not x.isprintable() else None
        if x is None or isinstance(x, bool):
            return None
        if isinstance(x, (int, float)):
            if -MAX_INT <= x <= MAX_INT:  # false for NaN too
                return None
            return f"{_short(x)} is beyond the largest number a record may hold ({MAX_INT}, 2**53 - 1)"
        if isinstance(x, _Number):
            return f"{x!r} is not a number a record may hold"
        return f"expected a JSON value, got {_short(x)}"

    def open_(x: Any, keys: list[Any]) -> None:
        if len(stack) >= MAX_DEPTH:
            raise InvalidRecordError(where(keys), f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(x, dict):
            if isinstance(x, _Twice):
                raise InvalidRecordError(where(keys + [x.key]), "this field appears twice")
            for k in x:
                if type(k) is str and len(k) <= MAX_STRING and k.isprintable():
                    continue
                problem = (scalar_problem(k) if isinstance(k, str)
                           else f"a field name is a string, not {_short(k)}")
                if problem:
                    raise InvalidRecordError(where(keys), f"field name {_short(k)}: {problem}")
            stack.append((iter(x.items()), keys))
        else:
            stack.append((enumerate(x), keys))

    if isinstance(value, (dict, list, tuple)):
        open_(value, [])
    elif (problem := scalar_problem(value)) is not None:
        raise InvalidRecordError(path, problem)
    while stack:
        items, keys = stack[-1]
        for k, x in items:
            t = type(x)  # the common cases first, without a call
            if t is int:
                if -MAX_INT <= x <= MAX_INT:
                    continue
            elif t is str:
                if len(x) <= MAX_STRING and x.isprintable():
                    continue
            elif t is dict or t is list or isinstance(x, (dict, list, tuple)):
                open_(x, keys + [k])
                break
            problem = scalar_problem(x)
            if problem is not None:
                raise InvalidRecordError(where(keys + [k]), problem)
        else:
            stack.pop()


def _too_big(source: str, size: int, unit: str = "bytes") -> InvalidRecordError:
    return InvalidRecordError(source, f"{size:,} {unit}; a record is at most {MAX_RECORD_BYTES:,} bytes "
                              f"({MAX_RECORD_BYTES // 2**20} MB)")


def parse_record(text: str | bytes, source: str = "record") -> dict[str, Any]:
    """Parse a record's JSON text, or the bytes of a record file (UTF-8).

    Every failure is an :class:`InvalidRecordError`: a syntax error with its line and
    column, text beyond :data:`MAX_RECORD_BYTES`, and any value beyond the bounds
    (:func:`check_record`) with its path.
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_RECORD_BYTES:
            raise _too_big(source, len(text))
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InvalidRecordError(source, f"not a UTF-8 text file (byte {exc.start} cannot be read)") from None
    elif not isinstance(text, str):
        raise InvalidRecordError(source, f"expected the text of a record, got {_short(text)}")
    elif len(text) > MAX_RECORD_BYTES:
        raise _too_big(source, len(text), "characters")
    try:
        value = json.loads(text, object_pairs_hook=_object, parse_int=_int, parse_constant=_Number)
    except json.JSONDecodeError as exc:
        raise InvalidRecordError(source, f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise InvalidRecordError(source, f"nested more than {MAX_DEPTH} levels deep") from None
    if not isinstance(value, dict):
        raise InvalidRecordError("$", f"a record is a JSON object, got {_short(value)}")
    check_record(value)
    return value


def load_record(path: str) -> dict[str, Any]:
    """Read a record file; every failure is an :class:`InvalidRecordError`. A file beyond
    :data:`MAX_RECORD_BYTES` is refused without being read."""
    try:
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if size > MAX_RECORD_BYTES:
                raise _too_big(path, size)
            data = fh.read(MAX_RECORD_BYTES + 1)  # a pipe or a device has no size: read no more
    except OSError as exc:
        raise InvalidRecordError(path, f"cannot read file: {exc.strerror or exc}") from None
    return parse_record(data, path)


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

        The only ``play`` of every game (no engine overrides it; the conformance check fails
        if one does). A move that is, by identity, one of the moves :meth:`legal_moves` offers
        its mover now (what every bot, app and rollout plays: engines build each move once) is
        accepted at a glance; anything else goes through :meth:`_check`, which names the rule
        it breaks or lets a legal move that was built anew pass.

        :raises GameOverError: the game has ended.
        :raises IllegalMoveError: the rules do not allow ``move`` now (the message names the
            rule); nothing was changed.
        """
        if not self.offers(move):
            if self.is_over():
                raise GameOverError("the game is over; no more moves can be played",
                                    rule="end of the game", state=self.describe())
            self._check(move)
        log = self.log
        if not log.enabled:  # rollouts: nothing to explain, nothing to return
            self._apply(move)
            self.history.append(move)
            return []
        events = log.events
        start = len(events)
        self._apply(move)
        self.history.append(move)
        return events[start:]

    def mover(self, move: Any) -> Any:
        """The player ``move`` belongs to, so that :meth:`offers` looks among that player's
        legal moves only (``None``: everybody's). Games whose moves name their player
        override it; it must not raise for a move of another shape."""
        return None

    def offers(self, move: Any) -> bool:
        """True when ``move`` is, by identity, one of the moves :meth:`legal_moves` offers
        its mover now. Cheap, and never an error: a move of the wrong shape is not offered."""
        try:
            legal = self.legal_moves(self.mover(move))
        except (TypeError, KeyError, IndexError, AttributeError):  # a player that is no player
            return False
        for m in legal:
            if m is move:
                return True
        return False

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

    #: the module (or object) that writes and reads this game's records: ``setup_record(game)``,
    #: ``from_setup(cls, reader)``, ``move_to_json(game, move)``, ``move_from_json(game, reader)``.
    #: Records sit above the engine (they import it), so each game package binds its records
    #: module here in its ``__init__`` (``Game.records = records``); the hand-off is this, once.
    records: ClassVar[Any] = None

    def setup_record(self) -> dict[str, Any]:
        """The JSON setup from which :meth:`from_setup` rebuilds the starting state."""
        return self.records.setup_record(self)

    @classmethod
    def from_setup(cls, setup: Reader) -> "Game":
        """Build the starting state from a record's ``setup`` (validating every field)."""
        return cls.records.from_setup(cls, setup)

    def move_to_json(self, move: Any) -> Any:
        """A move as a JSON value."""
        return self.records.move_to_json(self, move)

    def move_from_json(self, value: Reader) -> Any:
        """Parse a move of this game from a record (``InvalidRecordError`` naming the path)."""
        return self.records.move_from_json(self, value)

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

        A malformed field raises :class:`InvalidRecordError` naming its path (the bounds,
        ``MAX_*``, are checked first); a setup or a move the rules refuse raises
        :class:`InvalidRecordError` naming ``$.setup`` or ``$.moves[i]`` and the rule.
        ``on_move(game, i)`` is called after each replayed move.
        """
        check_record(record)
        r = read_header(record)
        r.only("format", "version", "game", "setup", "moves", "meta")
        game_name = r.str("game")
        if game_name != cls.name:
            raise r.error(f"this is a {_short(game_name)} record, not {cls.name!r}", "game")
        moves = r.list("moves", [])
        if len(moves) > MAX_MOVES:
            raise r.error(f"{len(moves):,} moves; a record holds at most {MAX_MOVES:,}", "moves")
        try:
            game = cls.from_setup(r.obj("setup"))
        except IllegalMoveError as exc:
            raise InvalidRecordError(r._sub("setup"), f"setup refused: {exc.reason}", rule=exc.rule) from None
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
