"""A conformance check that any game plugs into (in the spirit of OpenSpiel's
``random_sim_test``).

>>> from daynight.testing import check_conformance              # doctest: +SKIP
>>> check_conformance(lambda seed: StarsGame.new(players=4, seed=seed),
...                   illegal_moves=my_illegal_moves)           # doctest: +SKIP

For each seed it plays a random game to the end and checks, at every step:

* ``legal_moves()`` is non-empty until the game ends, and empty after;
* every legal move is accepted (tried on copies; all of them, or a seeded sample of
  ``sample_legal`` when there are many);
* every move from ``illegal_moves(game)`` raises :class:`IllegalMoveError` and leaves the state
  exactly as it was (``game.snapshot()`` unchanged), and ``why_illegal`` explains it;
* ``invariant(game)``, when given, holds;

and after the game:

* playing again from the same seed with the same choices gives the same events and record,
  even when the global ``random`` module is disturbed in between (no hidden global randomness);
* the record survives a JSON round trip and replays to the same events and state.

Standard library only: it raises ``AssertionError`` with a message saying which check failed,
so it works under pytest and anywhere else.

The second half is a fuzz harness for records, usable by every game:

>>> report = fuzz_records("stars", n=2000, seed=0)                # doctest: +SKIP
>>> print(report)                                                # doctest: +SKIP
>>> report.assert_clean()                                        # doctest: +SKIP

It mutates the game's demo records (fields deleted, renamed or duplicated, wrong types, huge
and negative numbers, deep nesting, long and odd strings, lone surrogates, line breaks and
bidirectional characters, truncated or oversized files, moves swapped or taken from another
game, impossible positions), loads each mutant with ``from_record`` and through
``daynight replay``, and reports every *escape*: an exception other than
:class:`InvalidRecordError`, a message that is not one escaped line, and a record that is
accepted but is not a consistent game. See :func:`fuzz_records`.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from .core import (MAX_DEPTH, MAX_MOVES, MAX_NAME, MAX_RECORD_BYTES, MAX_STRING, Game, GameOverError,
                   IllegalMoveError, InvalidRecordError, parse_record, shown)

__all__ = ["check_conformance", "ConformanceReport", "random_playout",
           "fuzz_records", "FuzzReport", "Escape", "Mutant", "mutants", "mutant", "check_mutant"]


@dataclass
class ConformanceReport:
    games: int = 0
    moves: int = 0
    legal_tried: int = 0
    illegal_tried: int = 0

    def __str__(self) -> str:
        return (f"{self.games} games, {self.moves} moves, {self.legal_tried} legal moves tried, "
                f"{self.illegal_tried} illegal moves refused")


def random_playout(game: Game, rng: random.Random, *, max_moves: int = 100_000,
                   choose: Callable[[Game, tuple[Any, ...], random.Random], Any] | None = None,
                   disturb_global_random: bool = False) -> int:
    """Play uniformly random legal moves (or ``choose``'s) until the game ends; return the count."""
    n = 0
    while not game.is_over():
        if n >= max_moves:
            raise AssertionError(f"{game.name}: no end after {max_moves} moves ({game.describe()})")
        moves = game.legal_moves()
        move = choose(game, moves, rng) if choose else moves[rng.randrange(len(moves))]
        if disturb_global_random:
            random.random()
            random.shuffle([1, 2, 3])
        game.play(move)
        n += 1
    return n


def check_conformance(
    new_game: Callable[[int], Game],
    *,
    seeds: Iterable[int] = range(3),
    illegal_moves: Callable[[Game], Iterable[Any]] | None = None,
    invariant: Callable[[Game], None] | None = None,
    choose: Callable[[Game, tuple[Any, ...], random.Random], Any] | None = None,
    sample_legal: int = 6,
    max_moves: int = 20_000,
) -> ConformanceReport:
    report = ConformanceReport()
    for seed in seeds:
        game = new_game(seed)
        assert type(game).play is Game.play, (
            f"{game.name}: {type(game).__name__} overrides play; core's Game.play is the only one "
            "(one legality path: legal_moves, _check, and core's play)")
        random.random()
        twin_start = new_game(seed)
        assert twin_start.to_record() == game.to_record() and list(twin_start.log) == list(game.log), (
            f"{game.name} seed {seed}: the same seed gave another start (global random module?)")
        rng = random.Random(10_000 + seed)
        probe_rng = random.Random(20_000 + seed)
        if invariant:
            invariant(game)
        steps = 0
        while not game.is_over():
            if steps >= max_moves:
                raise AssertionError(f"{game.name} seed {seed}: no end after {max_moves} moves")
            moves = game.legal_moves()
            assert moves, f"{game.name} seed {seed}: legal_moves() is empty before the end ({game.describe()})"
            assert game.to_players(), f"{game.name} seed {seed}: nobody to move before the end"

            # every legal move is accepted (on copies)
            tried = moves if len(moves) <= sample_legal else probe_rng.sample(moves, sample_legal)
            for move in tried:
                assert game.why_illegal(move) is None, (
                    f"{game.name} seed {seed}: legal move {move!r} refused: {game.why_illegal(move)}")
                trial = game.copy()
                try:
                    trial.play(move)
                except IllegalMoveError as exc:
                    raise AssertionError(f"{game.name} seed {seed}: legal move {move!r} refused: {exc}") from None
                report.legal_tried += 1

            # an illegal move raises and changes nothing
            if illegal_moves is not None:
                for bad in illegal_moves(game):
                    before = game.snapshot()
                    # the record is the setup plus the moves: compare those cheaply (a whole
                    # record per illegal move would make long games quadratic)
                    record_before = (json.dumps(game.setup_record(), sort_keys=True),
                                     len(game.history), game.history[-1:])
                    try:
                        game.play(bad)
                    except IllegalMoveError as exc:
                        assert str(exc), "an IllegalMoveError must explain itself"
                    else:
                        raise AssertionError(f"{game.name} seed {seed}: illegal move {bad!r} was accepted")
                    assert game.snapshot() == before, (
                        f"{game.name} seed {seed}: refusing {bad!r} changed the state")
                    assert (json.dumps(game.setup_record(), sort_keys=True), len(game.history),
                            game.history[-1:]) == record_before, (
                        f"{game.name} seed {seed}: refusing {bad!r} changed the record")
                    assert game.why_illegal(bad), f"why_illegal({bad!r}) gave no reason"
                    report.illegal_tried += 1

            move = moves[rng.randrange(len(moves))] if choose is None else choose(game, moves, rng)
            game.play(move)
            steps += 1
            if invariant:
                invariant(game)

        assert game.legal_moves() == (), f"{game.name} seed {seed}: legal moves after the end"
        assert not game.to_players(), f"{game.name} seed {seed}: someone to move after the end"
        try:
            game.play(game.history[-1] if game.history else None)
        except GameOverError:
            pass
        else:
            raise AssertionError(f"{game.name} seed {seed}: a move was accepted after the end")

        # same seed, same choices -> same history, even with the global random disturbed
        again = new_game(seed)
        replayed_moves = 0
        for move in game.history:
            random.random()
            try:
                again.play(move)
            except IllegalMoveError as exc:
                raise AssertionError(f"{game.name} seed {seed}: replaying the same moves from the same "
                                     f"seed failed at move {replayed_moves} ({exc}); does the game use "
                                     "the global random module?") from None
            replayed_moves += 1
        assert list(again.log) == list(game.log), f"{game.name} seed {seed}: the same moves gave other events"
        assert again.to_record() == game.to_record(), f"{game.name} seed {seed}: the same moves gave another record"

        # a fresh playout from the same seed with the same chooser seed is identical
        twin = new_game(seed)
        random_playout(twin, random.Random(10_000 + seed), choose=choose, disturb_global_random=True,
                       max_moves=max_moves)
        twin_plain = new_game(seed)
        random_playout(twin_plain, random.Random(10_000 + seed), choose=choose, max_moves=max_moves)
        assert twin.to_record() == twin_plain.to_record(), (
            f"{game.name} seed {seed}: the game depends on the global random module")

        # the record round-trips through JSON and replays to the same state
        record = json.loads(json.dumps(game.to_record()))
        restored = type(game).from_record(record)
        assert restored.to_record() == record, f"{game.name} seed {seed}: record does not round-trip"
        assert list(restored.log) == list(game.log), f"{game.name} seed {seed}: replayed events differ"
        assert restored.state_json() == game.state_json(), f"{game.name} seed {seed}: replayed state differs"

        report.games += 1
        report.moves += steps
    return report


# ---------------------------------------------------------------------------
# Fuzzing records
# ---------------------------------------------------------------------------

GameLike = str | type[Game]
RecordLike = Game | Mapping[str, Any] | str | bytes


@dataclass(frozen=True)
class Mutant:
    """One mutated record: the bytes of the file and what was done to it."""

    index: int
    data: bytes
    mutations: tuple[str, ...]


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
        head = (f"{self.game}: {self.records} mutated records (seed {self.seed}): {self.refused} refused, "
                f"{self.accepted} accepted, {self.escapes} escapes of {len(self.counts)} kinds "
                f"({self.seconds:.1f} s)")
        out = [head]
        for kind, count in sorted(self.counts.items(), key=lambda kc: (-kc[1], kc[0])):
            sample = self.samples[kind]
            out.append(f"  {count:5d}  {kind}")
            out.append(f"         e.g. mutant #{sample.index} ({'; '.join(sample.mutations)}): "
                       f"{shown(sample.detail, 240)}")
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


# -- the records to mutate ------------------------------------------------------------------

def _game_class(game: GameLike) -> type[Game]:
    if isinstance(game, str):
        import daynight

        return daynight.game_class(game)
    return game


@lru_cache(maxsize=None)
def _demo_text(cls: type[Game], seed: int) -> str:
    """The record of ``demo(seed)`` from the game's registered module (or from the module
    that defines ``cls`` as its ``GAME``)."""
    import daynight

    module = sys.modules[cls.__module__]
    if cls.name in daynight.GAMES and daynight.game_class(cls.name) is cls:
        module = daynight.game_module(cls.name)
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


def _sources(cls: type[Game], records: Iterable[RecordLike] | None, demo_seeds: Iterable[int],
             others: Iterable[RecordLike] | None) -> tuple[list[str], list[str]]:
    """The records to mutate (``records``, or the demos for ``demo_seeds``) and the records
    to borrow moves and setups from (``others``, or the other registered games' demos)."""
    import daynight

    bases = ([_record_text(r) for r in records] if records is not None
             else [_demo_text(cls, s) for s in demo_seeds])
    if not bases:
        raise ValueError("fuzz_records needs at least one record to mutate")
    if others is None:
        classes = [daynight.game_class(name) for name in daynight.GAMES]
        foreign = [_demo_text(other, 0) for other in classes if other is not cls]
    else:
        foreign = [_record_text(r) for r in others]
    return bases, foreign


# -- the mutations ----------------------------------------------------------------------------

_ODD_STRINGS = [
    "", " ", "   ", "\t", "\n", "A\nB", "line\r\nbreak", "\x1b[31mred\x1b[0m", "\x1b]0;title\x07", "\x07",
    "\x00", "\x7f", "\x85next", "\u202eevil", "\u2066isolated\u2069", "\u200b", "zero\u200dwidth", "\u2028",
    "\u2029", "\ufeffbom", "\ud800", "\udfff", "lone \udc00 low", "Zo\u00eb", "\U0001f600",
    "\U0001f469\u200d\U0001f680", "\u0301", "x" * (MAX_NAME + 1), "x" * MAX_STRING, "x" * (MAX_STRING + 1),
    "y" * 100_000, "null", "true", "0", "-1", "1e999", "NaN", "$.moves[0]", "\\", '"', "'",
    "<script>alert(1)</script>", "&amp;", "{}", "[]", "%s%n", "{0}", "day", "night", "sun", "moon",
]
_ODD_NUMBERS = [
    0, -1, -2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 99, 100, 107, 108, 200, 255, 256, 400, 1000, 10**6, -10**6,
    2**31 - 1, 2**31, 2**32, 2**53 - 1, 2**53, -2**53, 2**63, 10**18, -10**18, 10**30, 0.5, -0.0, 1.5,
    1e308, -1e308, 1e-300,
]
_RAW_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1" * 50, "9" * 5000, "-0", "1E2", "0.0"]
_ODD_VALUES = [None, True, False, 0, 1, -1, 1.5, "", "x", "0", [], {}, [0], {"": 0}, [[]], [None]]
_GARBAGE = [b"", b" ", b"null", b"[]", b"{}", b'"a record"', b"0", b"\x00" * 16, b"{" * 10,
            b'{"format": "daynight-record"}', b'{"format": "daynight-record", "version": 1}',
            b"\xff\xfe{\x00}\x00"]


class _Mutator:
    """Builds one mutant from a base record with a seeded ``random.Random``."""

    def __init__(self, rng: random.Random, bases: list[str], others: list[str]):
        self.rng = rng
        self.bases = bases
        self.others = others
        self.raw: dict[str, str] = {}   # sentinel string -> JSON text put in its place
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
        return rng.choice([base + "\n" + base, base + "\u202e", "\u202e" + base, base + "\x1b[2J",
                           base.upper(), base[:-1], base * 60, base + " ", " " + base, base + "\ud800"])

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
        new = self.rng.choice([k[:-1], k + k[-1:], k.upper(), k + "s", "", " " + k, k + "\u200d",
                               self.rng.choice(keys), self.odd_string(tree, k)])
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
        how = rng.choice(["empty", "one", "drop", "repeat", "swap", "reverse", "shuffle", "many"]
                         if items else ["many"])
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
        objects = [("$.setup", setup)] + [(f"$.setup.{k}", v) for k, v in setup.items()
                                          if isinstance(v, dict) and v]
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
        lists = [(c[k], p) for c, k, p, _ in self.nodes(setup) if isinstance(c[k], list)] if isinstance(
            setup, (dict, list)) else []
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
        self.text_ops.append(lambda b: b[:int(len(b) * cut)])
        return f"truncate at {cut:.0%}"

    def m_dupkey(self, tree):
        value = self.rng.choice(['0', '"x"', 'null', '[]', '{}', '-1', '"\\n"'])
        pick = self.rng.random()

        def op(b: bytes) -> bytes:
            keys = list(re.finditer(rb'"(?:[^"\\]++|\\.)*+"\s*:', b))  # possessive: no backtracking
            if not keys:
                return b
            m = keys[int(pick * len(keys))]
            return b[:m.start()] + m[0] + b" " + value.encode() + b", " + b[m.start():]
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

    WEIGHTS = {"delete": 10, "default": 5, "rename": 6, "duplicate": 5, "retype": 10, "number": 12, "string": 12,
               "nest": 4, "list": 8, "moves": 10, "setup": 4, "position": 8, "truncate": 5, "dupkey": 3,
               "bytes": 3, "oversize": 0.3, "garbage": 1}

    def make(self, index: int) -> Mutant:
        rng = self.rng
        tree = json.loads(rng.choice(self.bases))
        done = []
        if isinstance(tree.get("moves"), list) and tree["moves"] and rng.random() < 0.5:
            keep = rng.randrange(len(tree["moves"]) + 1)  # a game stopped midway (and cheaper)
            del tree["moves"][keep:]
            done.append(f"first {keep} moves")
        names, weights = zip(*self.WEIGHTS.items())
        wanted = rng.choice([1, 2, 3, 4] if self.region == "$.setup" else [1, 1, 2, 2, 3])
        for _ in range(10):
            if len(done) - (1 if done and done[0].startswith("first") else 0) >= wanted:
                break
            what = getattr(self, "m_" + rng.choices(names, weights)[0])(tree)
            if what:
                done.append(what)
        text = json.dumps(tree, ensure_ascii=rng.random() < 0.5, allow_nan=True,
                          indent=rng.choice([None, 1]))
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


def _mutator(cls: type[Game], seed: int, index: int, bases: list[str], others: list[str]) -> _Mutator:
    return _Mutator(random.Random(f"daynight-fuzz:{cls.name}:{seed}:{index}"), bases, others)


def mutants(game: GameLike, n: int = 1000, seed: int = 0, *, records: Iterable[RecordLike] | None = None,
            demo_seeds: Iterable[int] = (0, 1), others: Iterable[RecordLike] | None = None) -> Iterator[Mutant]:
    """The ``n`` seeded mutants of ``game``'s records (its demos for ``demo_seeds``, or
    ``records``), borrowing moves and setups from ``others`` (default: the other games' demos).
    Mutant ``i`` depends only on ``(game, seed, i)`` and the records, so it can be rebuilt."""
    cls = _game_class(game)
    bases, foreign = _sources(cls, records, demo_seeds, others)
    for i in range(n):
        yield _mutator(cls, seed, i, bases, foreign).make(i)


def mutant(game: GameLike, seed: int, index: int, *, records: Iterable[RecordLike] | None = None,
           demo_seeds: Iterable[int] = (0, 1), others: Iterable[RecordLike] | None = None) -> Mutant:
    """Mutant ``index`` of :func:`mutants` with the same arguments, rebuilt alone (to replay
    the sample of an escape)."""
    cls = _game_class(game)
    return _mutator(cls, seed, index, *_sources(cls, records, demo_seeds, others)).make(index)


# -- the checks ---------------------------------------------------------------------------------

class _Timeout(BaseException):
    """Raised in a record that takes too long (a BaseException, so no ``except Exception``
    in a game or in the CLI swallows it)."""


@contextlib.contextmanager
def _deadline(seconds: float | None):
    usable = (seconds and hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if not usable:
        yield
        return

    def ring(signum, frame):
        raise _Timeout(f"more than {seconds:g} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextlib.contextmanager
def _memory_cap(extra: int | None):
    """Cap this process's address space at its present size plus ``extra`` bytes (Linux), so
    a record that makes a game allocate without bound ends in a MemoryError, not in a machine
    out of memory."""
    try:
        import resource

        with open("/proc/self/statm") as fh:
            used = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (ImportError, OSError, ValueError):
        extra = None
    if extra is None:
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
def _registered(cls: type[Game]):
    """Make ``daynight replay`` find ``cls`` under its name for a while (a game under test)."""
    import daynight

    old = daynight.GAMES.get(cls.name)
    try:
        known = old is not None and daynight.game_class(cls.name) is cls
    except Exception:  # noqa: BLE001 - a broken registry entry: replace it for the run
        known = False
    if not known:
        daynight.GAMES[cls.name] = (f"{cls.__module__}:{cls.__qualname__}", cls.title)
    try:
        yield
    finally:
        if not known:
            if old is None:
                del daynight.GAMES[cls.name]
            else:
                daynight.GAMES[cls.name] = old


_STDLIB = os.path.dirname(os.__file__)
_ROOT = Path(__file__).resolve().parent.parent


def _where(exc: BaseException) -> str:
    """The innermost frame of the traceback outside the standard library and this harness."""
    frames = traceback.extract_tb(exc.__traceback__)
    for fr in reversed(frames):
        if not fr.filename.startswith(_STDLIB) and fr.filename != __file__:
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


def _accepted_problems(game: Game, rng: random.Random, playout: int,
                       invariant: Callable[[Game], None] | None) -> list[tuple[str, str]]:
    """The conformance-style checks of a record the engine accepted."""
    cls = type(game)
    out: list[tuple[str, str]] = []

    def attempt(what: str, fn: Callable[[], Any]) -> tuple[Any, bool]:
        try:
            return fn(), True
        except _Timeout:
            raise
        except AssertionError as exc:
            out.append((f"accepted, then {what} fails", shown(exc, 300)))
        except Exception as exc:  # noqa: BLE001 - every exception is a finding
            out.append((f"accepted, then {what} raises {type(exc).__name__} ({_where(exc)})", _detail(exc)))
        return None, False

    text, ok = attempt("to_json()", lambda: json.dumps(game.to_record(), allow_nan=False, ensure_ascii=False)
                       .encode("utf-8"))
    if ok:
        record = json.loads(text)
        try:
            again = cls.from_record(record)
        except _Timeout:
            raise
        except InvalidRecordError as exc:
            out.append(("accepted, then its own record is refused", shown(exc, 300)))
        except Exception as exc:  # noqa: BLE001
            out.append((f"accepted, then its own record raises {type(exc).__name__} ({_where(exc)})", _detail(exc)))
        else:
            if again.to_record() != record:
                out.append(("accepted, then the record does not round-trip", shown(game.describe(), 200)))
            elif list(again.log) != list(game.log):
                out.append(("accepted, then the replayed events differ", shown(game.describe(), 200)))
            elif attempt("state_json()", lambda: again.state_json() != game.state_json())[0]:
                out.append(("accepted, then the replayed state differs", shown(game.describe(), 200)))
    for what, fn in (("summary()", game.summary), ("describe()", game.describe),
                     ("state_json()", lambda: json.dumps(game.state_json(), allow_nan=False))):
        value, ok = attempt(what, fn)
        if ok and not isinstance(value, str):
            out.append((f"accepted, then {what} is not text", repr(value)[:200]))
    players, _ = attempt("to_players()", game.to_players)
    for p in players or ():
        attempt("view(player)", lambda: game.view(p))
    if invariant is not None:
        attempt("the invariant", lambda: invariant(game))
    for _ in range(playout):
        over, ok = attempt("is_over()", game.is_over)
        if not ok:
            break
        moves, ok = attempt("legal_moves()", game.legal_moves)
        if not ok:
            break
        if over:
            if moves:
                out.append(("accepted, then legal moves after the end", shown(game.describe(), 200)))
            break
        if not moves:
            out.append(("accepted, then no legal move before the end", shown(game.describe(), 200)))
            break
        if not game.to_players():
            out.append(("accepted, then nobody to move before the end", shown(game.describe(), 200)))
            break
        tried = [moves[rng.randrange(len(moves))] for _ in range(2)]
        refused, ok = attempt("why_illegal(a legal move)", lambda: [w for w in map(game.why_illegal, tried) if w])
        if not ok:
            break
        if refused:
            out.append(("accepted, then a legal move is refused", shown(refused[0], 300)))
            break
        if not attempt("copy().play(a legal move)", lambda: game.copy().play(tried[1]))[1]:
            break
        try:
            game.play(tried[0])
        except _Timeout:
            raise
        except IllegalMoveError as exc:
            out.append(("accepted, then a legal move is refused", shown(exc, 300)))
            break
        except Exception as exc:  # noqa: BLE001
            out.append((f"accepted, then playing on raises {type(exc).__name__} ({_where(exc)})", _detail(exc)))
            break
        if invariant is not None and not attempt("the invariant", lambda: invariant(game))[1]:
            break
    return out


def _cli_problems(data: bytes, workdir: str, accepted: bool | None) -> list[tuple[str, str]]:
    """Replay the file through ``daynight replay`` in this process and check what it prints."""
    from . import cli

    path = os.path.join(workdir, "record.json")
    with open(path, "wb") as fh:
        fh.write(data)
    out, err = io.StringIO(), io.StringIO()
    problems: list[tuple[str, str]] = []
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = cli.main(["replay", path])
        except SystemExit as exc:
            rc = exc.code
        except _Timeout:
            raise
        except BaseException as exc:  # noqa: BLE001 - a traceback would reach the terminal
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


def check_mutant(game: GameLike, data: bytes, *, cli: bool = True, playout: int = 30,
                 invariant: Callable[[Game], None] | None = None, rng: random.Random | None = None,
                 workdir: str | None = None) -> tuple[bool | None, list[tuple[str, str]]]:
    """Load one record file (``data``) as :func:`fuzz_records` does.

    Returns ``(accepted, problems)``: ``accepted`` is True (a game), False (refused with an
    :class:`InvalidRecordError`) or None (something else went wrong); ``problems`` lists the
    escapes as ``(kind, detail)``.
    """
    cls = _game_class(game)
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
    except Exception as exc:  # noqa: BLE001 - every other exception is an escape
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


def fuzz_records(game: GameLike, n: int = 1000, seed: int = 0, *,
                 records: Iterable[RecordLike] | None = None, demo_seeds: Iterable[int] = (0, 1),
                 others: Iterable[RecordLike] | None = None, cli: bool = True, playout: int = 30,
                 invariant: Callable[[Game], None] | None = None, timeout: float | None = 60.0,
                 memory: int | None = 2 * 2**30,
                 progress: Callable[[int, FuzzReport], None] | None = None) -> FuzzReport:
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
    cls = _game_class(game)
    bases, foreign = _sources(cls, records, demo_seeds, others)
    report = FuzzReport(cls.name, seed)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="daynight-fuzz-") as workdir, _registered(cls), _memory_cap(memory):
        for i in range(n):
            m = _mutator(cls, seed, i, bases, foreign).make(i)
            try:
                with _deadline(timeout):
                    accepted, problems = check_mutant(cls, m.data, cli=cli, playout=playout, invariant=invariant,
                                                      rng=random.Random(i), workdir=workdir)
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
