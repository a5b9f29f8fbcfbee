"""Records from outside: the bounds of what a record may hold, the checks of the JSON text,
and the :class:`Reader` that names the path of the first bad field.

A record comes from outside (a file, a pasted text, an upload). ``parse_record`` and
``load_record`` check the text against the bounds (``MAX_*``) before any game reads it,
``check_record`` checks a record built in Python, and a game's records module reads its
setup and moves with a :class:`Reader`. Everything here is re-exported by :mod:`daynight.core`,
the one name a game imports from. Standard library only.
"""

from __future__ import annotations

import builtins
import json
import os
import re
import reprlib
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from .errors import InvalidRecordError, shown

__all__ = [
    "MAX_DEPTH",
    "MAX_INT",
    "MAX_MOVES",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_RECORD_BYTES",
    "MAX_STRING",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "Reader",
    "check_record",
    "load_record",
    "parse_record",
    "read_header",
    "short",
]

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

    __slots__ = ("path", "value")

    def __init__(self, value: Any, path: builtins.str = "$"):
        self.value = value
        self.path = path

    # -- errors ---------------------------------------------------------------
    def error(self, message: builtins.str, key: builtins.str | builtins.int | None = None) -> InvalidRecordError:
        return InvalidRecordError(self.at(key) if key is not None else self.path, message)

    def at(self, key: builtins.str | builtins.int) -> builtins.str:
        """The path of field ``key`` (a name or a list index) below this value: ``$.setup.deck[3]``."""
        return f"{self.path}[{key}]" if isinstance(key, int) else f"{self.path}.{key}"

    _sub = at  # the name the games' records modules used first

    # -- typed access ---------------------------------------------------------
    def _obj(self) -> dict[builtins.str, Any]:
        if not isinstance(self.value, dict):
            raise InvalidRecordError(self.path, f"expected an object, got {short(self.value)}")
        return self.value

    def has(self, key: builtins.str) -> builtins.bool:
        return key in self._obj()

    def get(self, key: builtins.str, kind: builtins.str, default: Any = _MISSING) -> Any:
        obj = self._obj()
        if key not in obj:
            if default is _MISSING:
                raise InvalidRecordError(self.at(key), f"missing (expected {kind})")
            return default
        value = obj[key]
        types = _KINDS[kind]
        if isinstance(value, bool) and bool not in types:
            ok = False
        else:
            ok = isinstance(value, types)
        if not ok:
            raise InvalidRecordError(self.at(key), f"expected {kind}, got {short(value)}")
        return value

    def int(
        self,
        key: builtins.str,
        default: Any = _MISSING,
        *,
        lo: builtins.int | None = None,
        hi: builtins.int | None = None,
    ) -> builtins.int:
        value = self.get(key, "an integer", default)
        if value is not default and ((lo is not None and value < lo) or (hi is not None and value > hi)):
            raise InvalidRecordError(self.at(key), f"{value} is outside {lo}..{hi}")
        return value

    def str(
        self, key: builtins.str, default: Any = _MISSING, *, choices: Iterable[builtins.str] | None = None
    ) -> builtins.str:
        value = self.get(key, "a string", default)
        if choices is not None and value is not default:
            allowed = list(choices)
            if value not in allowed:
                raise InvalidRecordError(self.at(key), f"unknown value {short(value)}; expected one of {allowed}")
        return value

    def bool(self, key: builtins.str, default: Any = _MISSING) -> builtins.bool:
        return self.get(key, "true or false", default)

    def obj(self, key: builtins.str, default: Any = _MISSING) -> Reader:
        value = self.get(key, "an object", default)
        return Reader(value, self.at(key))

    def list(self, key: builtins.str, default: Any = _MISSING) -> builtins.list[Reader]:
        value = self.get(key, "a list", default)
        return [Reader(v, f"{self.at(key)}[{i}]") for i, v in enumerate(value)]

    def keys(self) -> builtins.list[builtins.str]:
        return list(self._obj())

    def name(self, key: builtins.str, default: Any = _MISSING) -> builtins.str:
        """A player's name: a string of 1 to :data:`MAX_NAME` characters, not only spaces."""
        value = self.str(key, default)
        if value is not default:
            _check_name(value, self.at(key))
        return value

    def names(
        self,
        key: builtins.str,
        default: Any = _MISSING,
        *,
        count: builtins.int | None = None,
        unique: builtins.bool = True,
    ) -> builtins.list[builtins.str]:
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
                raise item.error(f"expected a name, got {short(item.value)}")
            _check_name(item.value, item.path)
            if unique and item.value in names:
                raise item.error(f"{short(item.value)} is already another player's name")
            names.append(item.value)
        return names

    def only(self, *allowed: builtins.str) -> None:
        """Reject unknown fields (a typo must not be silently ignored)."""
        for key in self._obj():
            if key not in allowed:
                raise InvalidRecordError(self.at(key), f"unknown field; expected one of {list(allowed)}")


def _check_name(value: str, path: str) -> None:
    problem = _text_problem(value)
    if problem is None and not value.strip():
        problem = "a name cannot be empty"
    if problem is None and len(value) > MAX_NAME:
        problem = f"a name of {len(value)} characters; at most {MAX_NAME}"
    if problem:
        raise InvalidRecordError(path, problem)


def short(value: Any, limit: int = 60) -> str:
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
        return str(value) if -(10**30) < value < 10**30 else f"a number of {value.bit_length()} bits"
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
    what = (
        "a line break"
        if ch in "\n\r\u2028\u2029"
        else "a lone surrogate"
        if "\ud800" <= ch <= "\udfff"
        else "a bidirectional control"
        if ch > "\u2000"
        else "a control character"
    )
    return (
        f"holds {what} (U+{ord(ch):04X}) at character {bad.start()}; "
        "text in a record is one line without control characters"
    )


class _Twice(dict):
    """A parsed object in which a field appears twice (JSON keeps the last; a record may not)."""

    __slots__ = ("key",)
    key: str  # the field that appears twice


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
            return f"{short(x)} is beyond the largest number a record may hold ({MAX_INT}, 2**53 - 1)"
        if isinstance(x, _Number):
            return f"{x!r} is not a number a record may hold"
        return f"expected a JSON value, got {short(x)}"

    def open_(x: Any, keys: list[Any]) -> None:
        if len(stack) >= MAX_DEPTH:
            raise InvalidRecordError(where(keys), f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(x, dict):
            if isinstance(x, _Twice):
                raise InvalidRecordError(where(keys + [x.key]), "this field appears twice")
            for k in x:
                if type(k) is str and len(k) <= MAX_STRING and k.isprintable():
                    continue
                problem = scalar_problem(k) if isinstance(k, str) else f"a field name is a string, not {short(k)}"
                if problem:
                    raise InvalidRecordError(where(keys), f"field name {short(k)}: {problem}")
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
    return InvalidRecordError(
        source, f"{size:,} {unit}; a record is at most {MAX_RECORD_BYTES:,} bytes ({MAX_RECORD_BYTES // 2**20} MB)"
    )


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
        raise InvalidRecordError(source, f"expected the text of a record, got {short(text)}")
    elif len(text) > MAX_RECORD_BYTES:
        raise _too_big(source, len(text), "characters")
    try:
        value = json.loads(text, object_pairs_hook=_object, parse_int=_int, parse_constant=_Number)
    except json.JSONDecodeError as exc:
        raise InvalidRecordError(source, f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise InvalidRecordError(source, f"nested more than {MAX_DEPTH} levels deep") from None
    if not isinstance(value, dict):
        raise InvalidRecordError("$", f"a record is a JSON object, got {short(value)}")
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
