"""The mutants of the fuzz harness (:func:`daynight.testing.fuzz_records`): seeded changes to a
game's records, each a file's bytes and the list of what was changed.

Fields deleted, renamed or duplicated, wrong types, huge and negative numbers, deep nesting,
long and odd strings, lone surrogates, line breaks and bidirectional characters, truncated or
oversized files, moves swapped or taken from another game, impossible positions. Mutant ``i``
depends only on ``(game, seed, i)`` and the records, so any one can be rebuilt alone.
Standard library only.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from .. import GAMES, game_class, game_module
from ..core import MAX_DEPTH, MAX_MOVES, MAX_NAME, MAX_RECORD_BYTES, MAX_STRING, Game, shown

__all__ = ["GameLike", "Mutant", "Mutator", "RecordLike", "class_of", "mutant", "mutants", "records_to_mutate"]

GameLike = str | type[Game]
RecordLike = Game | Mapping[str, Any] | str | bytes


@dataclass(frozen=True)
class Mutant:
    """One mutated record: the bytes of the file and what was done to it."""

    index: int
    data: bytes
    mutations: tuple[str, ...]


# -- the records to mutate ------------------------------------------------------------------


def class_of(game: GameLike) -> type[Game]:
    """The game class of a registered name (``"stars"``) or of a class."""
    return game_class(game) if isinstance(game, str) else game


@cache
def _demo_text(cls: type[Game], seed: int) -> str:
    """The record of ``demo(seed)`` from the game's registered module (or from the module
    that defines ``cls`` as its ``GAME``)."""
    module: Any = sys.modules[cls.__module__]
    if cls.name in GAMES and game_class(cls.name) is cls:
        module = game_module(cls.name)
    elif getattr(module, "GAME", None) is not cls:
        module = None
    if not hasattr(module, "demo"):
        raise TypeError(f"no demo(seed) for {cls.__name__}: pass records=[...]")
    return json.dumps(module.demo(seed).to_record())


def _record_text(record: RecordLike) -> str:
    if isinstance(record, Game):
        return json.dumps(record.to_record())
    if isinstance(record, bytes):
        return record.decode("utf-8")
    if isinstance(record, str):
        return record
    return json.dumps(record)


def records_to_mutate(
    cls: type[Game],
    records: Iterable[RecordLike] | None,
    demo_seeds: Iterable[int],
    others: Iterable[RecordLike] | None,
) -> tuple[list[str], list[str]]:
    """The records to mutate (``records``, or the demos for ``demo_seeds``) and the records
    to borrow moves and setups from (``others``, or the other registered games' demos)."""
    bases = [_record_text(r) for r in records] if records is not None else [_demo_text(cls, s) for s in demo_seeds]
    if not bases:
        raise ValueError("fuzz_records needs at least one record to mutate")
    if others is None:
        classes = [game_class(name) for name in GAMES]
        foreign = [_demo_text(other, 0) for other in classes if other is not cls]
    else:
        foreign = [_record_text(r) for r in others]
    return bases, foreign


# -- the mutations ----------------------------------------------------------------------------

_ODD_STRINGS = [
    "",
    " ",
    "   ",
    "\t",
    "\n",
    "A\nB",
    "line\r\nbreak",
    "\x1b[31mred\x1b[0m",
    "\x1b]0;title\x07",
    "\x07",
    "\x00",
    "\x7f",
    "\x85next",
    "\u202eevil",
    "\u2066isolated\u2069",
    "\u200b",
    "zero\u200dwidth",
    "\u2028",
    "\u2029",
    "\ufeffbom",
    "\ud800",
    "\udfff",
    "lone \udc00 low",
    "Zo\u00eb",
    "\U0001f600",
    "\U0001f469\u200d\U0001f680",
    "\u0301",
    "x" * (MAX_NAME + 1),
    "x" * MAX_STRING,
    "x" * (MAX_STRING + 1),
    "y" * 100_000,
    "null",
    "true",
    "0",
    "-1",
    "1e999",
    "NaN",
    "$.moves[0]",
    "\\",
    '"',
    "'",
    "<script>alert(1)</script>",
    "&amp;",
    "{}",
    "[]",
    "%s%n",
    "{0}",
    "day",
    "night",
    "sun",
    "moon",
]
_ODD_NUMBERS = [
    0,
    -1,
    -2,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    12,
    99,
    100,
    107,
    108,
    200,
    255,
    256,
    400,
    1000,
    10**6,
    -(10**6),
    2**31 - 1,
    2**31,
    2**32,
    2**53 - 1,
    2**53,
    -(2**53),
    2**63,
    10**18,
    -(10**18),
    10**30,
    0.5,
    -0.0,
    1.5,
    1e308,
    -1e308,
    1e-300,
]
_RAW_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1" * 50, "9" * 5000, "-0", "1E2", "0.0"]
_ODD_VALUES: list[Any] = [None, True, False, 0, 1, -1, 1.5, "", "x", "0", [], {}, [0], {"": 0}, [[]], [None]]
_GARBAGE = [
    b"",
    b" ",
    b"null",
    b"[]",
    b"{}",
    b'"a record"',
    b"0",
    b"\x00" * 16,
    b"{" * 10,
    b'{"format": "daynight-record"}',
    b'{"format": "daynight-record", "version": 1}',
    b"\xff\xfe{\x00}\x00",
]


class Mutator:
    """Builds one mutant from a base record with a seeded ``random.Random``."""

    def __init__(self, rng: random.Random, bases: list[str], others: list[str]):
        self.rng = rng
        self.bases = bases
        self.others = others
        self.raw: dict[str, str] = {}  # sentinel string -> JSON text put in its place
        self.text_ops: list[Callable[[bytes], bytes]] = []
        #: where this mutant's changes mostly go (several changes to one setup make the
        #: impossible positions that one change alone does not)
        self.region = rng.choices(["$.setup", "$.moves", "$.header"], weights=[45, 45, 10])[0]
        self.oversize = False

    # -- helpers ---------------------------------------------------------------------
    def sentinel(self, raw_json: str) -> str:
        key = f"@@fuzz{len(self.raw)}@@"
        self.raw[key] = raw_json
        return key

    @staticmethod
    def nodes(tree: Any) -> list[tuple[Any, Any, str, int]]:
        """Every (container, key, path, depth) below the root, in no particular order."""
        out, stack = [], [(tree, "$", 1)]
        while stack:
            v, p, depth = stack.pop()
            items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
            for k, x in items:
                q = f"{p}[{k}]" if isinstance(k, int) else f"{p}.{k}"
                out.append((v, k, q, depth))
                if isinstance(x, (dict, list)):
                    stack.append((x, q, depth + 1))
        return out

    def pick(self, tree: Any, want: Callable[[Any, Any], bool] = lambda c, k: True):
        """A random (container, key, path), mostly in this mutant's region (the setup, the
        moves or the header), at a random depth: a top-level field of the setup is as
        likely as one of the many deep ones."""
        nodes = [n for n in self.nodes(tree) if want(n[0], n[1])]
        if not nodes:
            return None
        region = self.region if self.rng.random() < 0.8 else ""
        inside = [n for n in nodes if n[2].startswith(region)] if region else []
        if region == "$.header":
            inside = [n for n in nodes if not n[2].startswith(("$.setup", "$.moves"))]
        nodes = inside or nodes
        depth = self.rng.choice(sorted({n[3] for n in nodes}))
        return self.rng.choice([n for n in nodes if n[3] == depth])[:3]

    def strings(self, tree: Any) -> list[str]:
        nodes = self.nodes(tree)
        values = [c[k] for c, k, _, _ in nodes if isinstance(c[k], str)]
        return values + [k for _, k, _, _ in nodes if isinstance(k, str)]

    def odd_string(self, tree: Any, old: Any = None) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.55:
            return rng.choice(_ODD_STRINGS)
        pool = self.strings(tree) or ["x"]
        if roll < 0.75:
            other = json.loads(rng.choice(self.others)) if self.others else tree
            return rng.choice(self.strings(other) or pool)
        base = (old if isinstance(old, str) else rng.choice(pool))[:100]
        return rng.choice(
            [
                base + "\n" + base,
                base + "\u202e",
                "\u202e" + base,
                base + "\x1b[2J",
                base.upper(),
                base[:-1],
                base * 60,
                base + " ",
                " " + base,
                base + "\ud800",
            ]
        )

    def odd_number(self, old: Any) -> Any:
        rng = self.rng
        roll = rng.random()
        if roll < 0.15:
            return self.sentinel(rng.choice(_RAW_NUMBERS))
        if roll < 0.45 and isinstance(old, (int, float)) and not isinstance(old, bool):
            return rng.choice([old + 1, old - 1, -old, old * 10, old * 1000, old + 0.5, old - 100])
        return rng.choice(_ODD_NUMBERS)

    def odd_value(self, old: Any) -> Any:
        choices = [v for v in _ODD_VALUES if type(v) is not type(old)]
        v = self.rng.choice(choices + [[old], {"value": old}, str(old)])
        return json.loads(json.dumps(v))

    def nested(self) -> str:
        depth = self.rng.choice([MAX_DEPTH - 2, MAX_DEPTH + 1, 50, 1000, 100_000])
        if self.rng.random() < 0.5:
            return self.sentinel("[" * depth + "]" * depth)
        return self.sentinel('{"a": ' * depth + "1" + "}" * depth)

    # -- the mutations: each changes the tree (or queues a change of the bytes) ----------
    def m_delete(self, tree):
        loc = self.pick(tree)
        if loc is None:
            return None
        c, k, p = loc
        del c[k]
        return f"delete {p}"

    def m_rename(self, tree):
        loc = self.pick(tree, lambda c, k: isinstance(c, dict))
        if loc is None:
            return None
        c, k, p = loc
        keys = [k2 for _, k2, _, _ in self.nodes(tree) if isinstance(k2, str)]
        new = self.rng.choice(
            [
                k[:-1],
                k + k[-1:],
                k.upper(),
                k + "s",
                "",
                " " + k,
                k + "\u200d",
                self.rng.choice(keys),
                self.odd_string(tree, k),
            ]
        )
        c[new] = c.pop(k)
        return f"rename {p} -> {shown(new, 30)!r}"

    def m_duplicate(self, tree):
        loc = self.pick(tree)
        if loc is None:
            return None
        c, k, p = loc
        if isinstance(c, list):
            c.insert(k, json.loads(json.dumps(c[k])))
            return f"duplicate {p}"
        keys = [k2 for _, k2, _, _ in self.nodes(tree) if isinstance(k2, str) and k2 != k]
        if not keys:
            return None
        other = self.rng.choice(keys)
        c[other] = json.loads(json.dumps(c[k]))
        return f"copy {p} to its field {other!r}"

    def replace(self, tree, new: Callable[[Any], Any], want=None) -> tuple[Any, str] | None:
        """Replace the value at a random place (one ``want`` accepts, if any) by ``new(old)``."""
        loc = (want is not None and self.pick(tree, want)) or self.pick(tree)
        if loc is None:
            return None
        c, k, p = loc
        c[k] = new(c[k])
        return c[k], p

    def m_retype(self, tree):
        done = self.replace(tree, self.odd_value)
        return done and f"retype {done[1]} -> {shown(json.dumps(done[0]), 30)}"

    def m_number(self, tree):
        done = self.replace(tree, self.odd_number, lambda c, k: type(c[k]) is int)
        if not done:
            return None
        value, path = done
        return f"number {path} -> {shown(self.raw.get(value, value) if isinstance(value, str) else value, 30)}"

    def m_string(self, tree):
        done = self.replace(tree, lambda old: self.odd_string(tree, old), lambda c, k: isinstance(c[k], str))
        return done and f"string {done[1]} -> {shown(done[0], 30)!r}"

    def m_nest(self, tree):
        done = self.replace(tree, lambda old: self.nested())
        return done and f"nest {done[1]} {len(self.raw[done[0]]) // 2} deep"

    def m_list(self, tree):
        loc = self.pick(tree, lambda c, k: isinstance(c[k], list))
        if loc is None:
            return None
        c, k, p = loc
        items = c[k]
        rng = self.rng
        how = rng.choice(
            ["empty", "one", "drop", "repeat", "swap", "reverse", "shuffle", "many"] if items else ["many"]
        )
        if how == "empty":
            items.clear()
        elif how == "one":
            del items[1:]
        elif how == "drop":
            items.pop(rng.randrange(len(items)))
        elif how == "repeat":
            i = rng.randrange(len(items))
            items.insert(i, json.loads(json.dumps(items[i])))
        elif how == "swap":
            i, j = rng.randrange(len(items)), rng.randrange(len(items))
            items[i], items[j] = items[j], items[i]
        elif how == "reverse":
            items.reverse()
        elif how == "shuffle":
            rng.shuffle(items)
        else:
            count = MAX_MOVES + 1 if p == "$.moves" else rng.choice([10, 1000, MAX_MOVES + 1])
            filler = json.dumps(items[-1] if items else 0)
            if len(filler) > 200 or "@@fuzz" in filler:
                filler = "0"  # a big item many times over would make a file of gigabytes
            items.extend(json.loads(filler) for _ in range(count - len(items)))  # copies, not one shared item
        return f"{how} {p}"

    def m_moves(self, tree):
        moves = tree.get("moves") if isinstance(tree, dict) else None
        if not isinstance(moves, list):
            return None
        rng = self.rng
        foreign = [m for t in self.others for m in json.loads(t).get("moves", [])]
        same = [m for t in self.bases for m in json.loads(t).get("moves", [])]
        hows = ["foreign", "foreign all", "same game"] + (["swap", "drop", "repeat", "reverse"] if moves else [])
        how = rng.choice([h for h in hows if h != "foreign all" or foreign])
        i = rng.randrange(len(moves) + 1)
        if how == "foreign" and foreign:
            moves.insert(i, rng.choice(foreign))
        elif how == "foreign all" and foreign:
            other = json.loads(rng.choice(self.others))
            tree["moves"] = other.get("moves", [])
        elif how == "same game" and same:
            moves.insert(i, rng.choice(same))
        elif how == "swap":
            j, i = rng.randrange(len(moves)), min(i, len(moves) - 1)
            moves[i], moves[j] = moves[j], moves[i]
        elif how == "drop":
            moves.pop(min(i, len(moves) - 1))
        elif how == "repeat":
            i = min(i, len(moves) - 1)
            moves.insert(i, moves[i])
        else:
            moves.reverse()
        return f"moves: {how} at {i}"

    def m_default(self, tree):
        """Delete a field of the setup (or of an object in it) that the game may fill in
        itself, such as a player count it can take from the hands."""
        setup = tree.get("setup") if isinstance(tree, dict) else None
        if not isinstance(setup, dict) or not setup:
            return None
        objects = [("$.setup", setup)] + [(f"$.setup.{k}", v) for k, v in setup.items() if isinstance(v, dict) and v]
        path, obj = self.rng.choice(objects)
        key = self.rng.choice(list(obj))
        del obj[key]
        return f"delete {path}.{key}"

    def m_setup(self, tree):
        if not isinstance(tree, dict):
            return None
        rng = self.rng
        how = rng.choice(["other game's setup", "other game's name", "other seed's setup", "no setup"])
        if how == "other game's setup" and self.others:
            tree["setup"] = json.loads(rng.choice(self.others)).get("setup")
        elif how == "other game's name" and self.others:
            tree["game"] = json.loads(rng.choice(self.others)).get("game")
        elif how == "other seed's setup":
            tree["setup"] = json.loads(rng.choice(self.bases)).get("setup")
        else:
            tree.pop("setup", None)
        return f"setup: {how}"

    def m_position(self, tree):
        """An impossible position: an item of one list in the setup moved, copied or
        changed into another (a card in two hands, a hand too short, a pile too long)."""
        setup = tree.get("setup") if isinstance(tree, dict) else None
        lists = (
            [(c[k], p) for c, k, p, _ in self.nodes(setup) if isinstance(c[k], list)]
            if isinstance(setup, (dict, list))
            else []
        )
        lists = [(lst, "$.setup" + p[1:]) for lst, p in lists]
        if not lists:
            return self.m_number(tree)
        rng = self.rng
        (src, sp), (dst, dp) = rng.choice(lists), rng.choice(lists)
        if not src:
            src.append(rng.choice(_ODD_NUMBERS[:20]))
            return f"position: an item added to {sp}"
        i = rng.randrange(len(src))
        how = rng.choice(["move", "copy", "change"])
        if how == "move":
            dst.insert(rng.randrange(len(dst) + 1), src.pop(i))
        elif how == "copy":
            dst.insert(rng.randrange(len(dst) + 1), json.loads(json.dumps(src[i])))
        else:
            src[i] = self.odd_number(src[i]) if isinstance(src[i], (int, float)) else self.odd_value(src[i])
            dp = sp
        return f"position: {how} {sp}[{i}] to {dp}"

    # -- mutations of the bytes ------------------------------------------------------------
    def m_truncate(self, tree):
        cut = self.rng.random()
        self.text_ops.append(lambda b: b[: int(len(b) * cut)])
        return f"truncate at {cut:.0%}"

    def m_dupkey(self, tree):
        value = self.rng.choice(["0", '"x"', "null", "[]", "{}", "-1", '"\\n"'])
        pick = self.rng.random()

        def op(b: bytes) -> bytes:
            keys = list(re.finditer(rb'"(?:[^"\\]++|\\.)*+"\s*:', b))  # possessive: no backtracking
            if not keys:
                return b
            m = keys[int(pick * len(keys))]
            return b[: m.start()] + m[0] + b" " + value.encode() + b", " + b[m.start() :]

        self.text_ops.append(op)
        return f"a field twice (the first {value})"

    def m_bytes(self, tree):
        rng = self.rng
        how = rng.choice(["bom", "invalid byte", "nul byte", "utf-16", "latin-1", "crlf"])
        at = rng.random()

        def op(b: bytes) -> bytes:
            i = int(len(b) * at)
            if how == "bom":
                return b"\xef\xbb\xbf" + b
            if how == "invalid byte":
                return b[:i] + b"\xff" + b[i:]
            if how == "nul byte":
                return b[:i] + b"\x00" + b[i:]
            if how == "utf-16":
                return b.decode("utf-8", "replace").encode("utf-16")
            if how == "latin-1":
                return b.decode("utf-8", "replace").encode("latin-1", "replace")
            return b.replace(b"\n", b"\r\n")

        self.text_ops.append(op)
        return f"bytes: {how}"

    def m_oversize(self, tree):
        self.oversize = True  # padded after the other changes of the bytes
        return "oversize"

    def m_garbage(self, tree):
        junk = self.rng.choice(_GARBAGE + [self.rng.randbytes(64)])
        self.text_ops.append(lambda b: junk)
        return f"garbage {junk[:20]!r}"

    WEIGHTS: ClassVar[dict[str, float]] = {
        "delete": 10,
        "default": 5,
        "rename": 6,
        "duplicate": 5,
        "retype": 10,
        "number": 12,
        "string": 12,
        "nest": 4,
        "list": 8,
        "moves": 10,
        "setup": 4,
        "position": 8,
        "truncate": 5,
        "dupkey": 3,
        "bytes": 3,
        "oversize": 0.3,
        "garbage": 1,
    }

    def make(self, index: int) -> Mutant:
        rng = self.rng
        tree = json.loads(rng.choice(self.bases))
        done = []
        if isinstance(tree.get("moves"), list) and tree["moves"] and rng.random() < 0.5:
            keep = rng.randrange(len(tree["moves"]) + 1)  # a game stopped midway (and cheaper)
            del tree["moves"][keep:]
            done.append(f"first {keep} moves")
        names, weights = zip(*self.WEIGHTS.items(), strict=True)
        wanted = rng.choice([1, 2, 3, 4] if self.region == "$.setup" else [1, 1, 2, 2, 3])
        for _ in range(10):
            if len(done) - (1 if done and done[0].startswith("first") else 0) >= wanted:
                break
            what = getattr(self, "m_" + rng.choices(names, weights)[0])(tree)
            if what:
                done.append(what)
        text = json.dumps(tree, ensure_ascii=rng.random() < 0.5, allow_nan=True, indent=rng.choice([None, 1]))
        for key, raw in self.raw.items():
            quoted = json.dumps(key)
            if text.count(quoted) * len(raw) > MAX_RECORD_BYTES:
                raw = "0"  # copied many times over: keep the file bounded
            text = text.replace(quoted, raw)
        data = text.encode("utf-8", "surrogatepass")  # a lone surrogate: bytes that are not UTF-8
        for op in self.text_ops:
            data = op(data)
        if self.oversize:
            data += b" " * max(1, MAX_RECORD_BYTES + 1 - len(data))
        return Mutant(index, data, tuple(done))


def mutator(cls: type[Game], seed: int, index: int, bases: list[str], others: list[str]) -> Mutator:
    return Mutator(random.Random(f"daynight-fuzz:{cls.name}:{seed}:{index}"), bases, others)


def mutants(
    game: GameLike,
    n: int = 1000,
    seed: int = 0,
    *,
    records: Iterable[RecordLike] | None = None,
    demo_seeds: Iterable[int] = (0, 1),
    others: Iterable[RecordLike] | None = None,
) -> Iterator[Mutant]:
    """The ``n`` seeded mutants of ``game``'s records (its demos for ``demo_seeds``, or
    ``records``), borrowing moves and setups from ``others`` (default: the other games' demos).
    Mutant ``i`` depends only on ``(game, seed, i)`` and the records, so it can be rebuilt."""
    cls = class_of(game)
    bases, foreign = records_to_mutate(cls, records, demo_seeds, others)
    for i in range(n):
        yield mutator(cls, seed, i, bases, foreign).make(i)


def mutant(
    game: GameLike,
    seed: int,
    index: int,
    *,
    records: Iterable[RecordLike] | None = None,
    demo_seeds: Iterable[int] = (0, 1),
    others: Iterable[RecordLike] | None = None,
) -> Mutant:
    """Mutant ``index`` of :func:`mutants` with the same arguments, rebuilt alone (to replay
    the sample of an escape)."""
    cls = class_of(game)
    return mutator(cls, seed, index, *records_to_mutate(cls, records, demo_seeds, others)).make(index)
