"""temples: the game's pieces and the readers of their data files in ``daynight/data/``."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core import InvalidRecordError, Reader
from . import pictures
from .rules import BOOK_SIZE, NAME, SIDES

# ---------------------------------------------------------------------------
# Spellbooks: data in a small effect language
# ---------------------------------------------------------------------------

SPELL_TYPES = ("minor", "miracle", "mystify", "crystallize")
TILE_OPS = ("change", "turn_over", "place", "make_own", "mystify", "crystallize")
OPS = TILE_OPS + ("move", "draw", "opp_discard", "steal_cast")
AREAS = ("location", "bordering", "surrounding", "within")
TILE_FILTERS = ("any", "day", "night", "neutral", "own", "enemy")
COND_TILES = ("day", "night", "neutral", "own", "enemy")
COUNTS = ("all", "x", "x_half")


@dataclass(frozen=True, slots=True)
class Step:
    """One instruction of a spell's effect (compiled from the book's JSON)."""

    op: str
    count: Any = 1  # int, "all", "x" or "x_half"
    area: str = "location"
    of: str = "self"
    distance: int = 0
    tiles: str = "any"
    counters: int = 0
    who: str = "self"
    steps: int = 1
    upto: bool = False


@dataclass(frozen=True, slots=True)
class Spell:
    id: str
    name: str
    type: str
    cost: Any  # 0..8 or "X"
    copies: int
    condition: tuple  # of (test, who, tile, lo, hi)
    effect: tuple  # of Step
    text: str
    provenance: str
    source: str
    book: str
    x: tuple = ()  # (min, max, step) for cost "X"

    def x_values(self) -> tuple[int | None, ...]:
        """The values X may take (``(None,)`` for a spell of a fixed cost)."""
        return tuple(range(self.x[0], self.x[1] + 1, self.x[2])) if self.cost == "X" else (None,)

    def cost_label(self) -> str:
        return str(self.cost)

    def _repr_svg_(self) -> str:  # a notebook shows the card
        return str(pictures.drawing("spell", self).svg)

    def _repr_html_(self) -> str:
        return str(pictures.drawing("spell", self)._repr_html_())

    def to_json(self) -> dict[str, Any]:
        """What a player reads on the card (and what a bot needs to weigh it)."""
        return {
            "id": self.id,
            "name": self.name,
            "type": self.type,
            "cost": self.cost,
            "text": self.text,
            "conditions": len(self.condition),
            "provenance": self.provenance,
            "effect": [{"op": st.op, "count": st.count} for st in self.effect],
        }


@dataclass(frozen=True)
class Book:
    side: str
    title: str
    spells: tuple
    raw: Mapping[str, Any]
    default: bool = False

    def _repr_svg_(self) -> str:  # a notebook shows every spell of the book
        return str(pictures.drawing("book", self).svg)

    def _repr_html_(self) -> str:
        return str(pictures.drawing("book", self)._repr_html_())

    def by_id(self, spell_id: str) -> Spell:
        for s in self.spells:
            if s.id == spell_id:
                return s
        raise KeyError(spell_id)


def _parse_step(r: Reader) -> Step:
    op = r.str("op", choices=OPS)
    if op in TILE_OPS:
        allowed = ["op", "count", "area", "of", "distance", "tiles"] + (["counters"] if op == "mystify" else [])
        r.only(*allowed)
        raw = r.value.get("count")
        if isinstance(raw, str):
            if raw not in COUNTS:
                raise r.error(f"unknown count {raw!r}; expected a number 1..12 or one of {list(COUNTS)}", "count")
            count: Any = raw
        else:
            count = r.int("count", lo=1, hi=12)
        area = r.str("area", choices=AREAS)
        distance = r.int("distance", lo=1, hi=12) if area == "within" else 0
        if area != "within" and r.has("distance"):
            raise r.error('distance is only used with area "within"', "distance")
        return Step(
            op,
            count,
            area,
            r.str("of", "self", choices=("self", "opp")),
            distance,
            r.str("tiles", "any", choices=TILE_FILTERS),
            r.int("counters", lo=1, hi=8) if op == "mystify" else 0,
        )
    if op == "move":
        r.only("op", "who", "steps", "upto")
        return Step(
            op, who=r.str("who", choices=("self", "opp")), steps=r.int("steps", lo=1, hi=6), upto=r.bool("upto", False)
        )
    if op in ("draw", "opp_discard"):
        r.only("op", "count")
        return Step(op, count=r.int("count", lo=1, hi=10))
    r.only("op")
    return Step(op)


def _parse_condition(r: Reader) -> tuple:
    test = r.str("test", choices=("on", "distance"))
    if test == "on":
        r.only("test", "who", "tile")
        return ("on", r.str("who", choices=("self", "opp")), r.str("tile", choices=COND_TILES), 0, 0)
    r.only("test", "min", "max")
    if not (r.has("min") or r.has("max")):
        raise r.error("a distance condition needs min or max")
    return ("distance", "", "", r.int("min", 0, lo=0, hi=12), r.int("max", 99, lo=0, hi=99))


def load_book(source: Any, side: str | None = None, *, default: bool = False) -> Book:
    """Read and validate a Book of Spells from a path, JSON text or a dict.

    Every error is an :class:`InvalidRecordError` naming the field, e.g.
    ``$.spells[3].effect[0].op: unknown value 'explode'`` or
    ``$.spells: the copies add up to 68; a Book of Spells has 70``.
    """
    data = source if isinstance(source, Mapping) else _read_json(source)
    r = Reader(data)
    r.only("format", "book", "title", "note", "spells")
    fmt = r.str("format")
    if fmt != "daynight-temples-book":
        raise r.error(f"expected 'daynight-temples-book', got {fmt!r}", "format")
    book_side = r.str("book", choices=SIDES)
    if side is not None and book_side != side:
        raise r.error(f"this is {NAME[book_side]}'s book, not {NAME[side]}'s", "book")
    title = r.str("title", "")
    spells: list[Spell] = []
    seen: set[str] = set()
    for sr in r.list("spells"):
        spells.append(_parse_spell(sr, book_side, seen))
    total = sum(sp.copies for sp in spells)
    if total != BOOK_SIZE:
        raise InvalidRecordError("$.spells", f"the copies add up to {total}; a Book of Spells has {BOOK_SIZE}")
    return Book(book_side, title, tuple(spells), data, default)


def _read_json(source: Any) -> Any:
    """A book's JSON from a path or from JSON text."""
    text = source
    if isinstance(source, (str, os.PathLike)) and not str(source).lstrip().startswith("{"):
        try:
            with open(source, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            raise InvalidRecordError(str(source), f"cannot read file: {exc.strerror or exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidRecordError("$", f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None


def _parse_spell(sr: Reader, book_side: str, seen: set[str]) -> Spell:
    """One spell of a book, every field checked with its path (``seen``: the ids before it)."""
    sr.only("id", "name", "type", "cost", "copies", "condition", "effect", "text", "provenance", "source", "x")
    sid = sr.str("id")
    if sid in seen:
        raise sr.error(f"the id {sid!r} is used twice", "id")
    seen.add(sid)
    typ = sr.str("type", choices=SPELL_TYPES)
    cost, x = _parse_cost(sr)
    copies = sr.int("copies", lo=1, hi=BOOK_SIZE)
    conds = tuple(_parse_condition(c) for c in sr.list("condition", []))
    effect = tuple(_parse_step(e) for e in sr.list("effect"))
    if not effect:
        raise sr.error("a spell needs at least one effect step", "effect")
    for i, st in enumerate(effect):
        if st.op in ("mystify", "crystallize") and typ != st.op:
            raise InvalidRecordError(
                f"{sr.path}.effect[{i}].op", f"only a {st.op} spell may {st.op} (this one is {typ})"
            )
        if st.count in ("x", "x_half") and cost != "X":
            raise InvalidRecordError(f"{sr.path}.effect[{i}].count", 'count x needs cost "X"')
    return Spell(
        sid,
        sr.str("name"),
        typ,
        cost,
        copies,
        conds,
        effect,
        sr.str("text"),
        sr.str("provenance", choices=("attested", "reconstructed")),
        sr.str("source", ""),
        book_side,
        x,
    )


def _parse_cost(sr: Reader) -> tuple[Any, tuple[int, ...]]:
    """A spell's cost, 0..8 hours or ``"X"`` with its ``x`` range ``[min, max, step]``."""
    if sr.value.get("cost") == "X":
        xr = sr.get("x", "a list")
        if (
            len(xr) != 3
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in xr)
            or not (0 <= xr[0] <= xr[1] <= 8)
            or xr[2] < 1
        ):
            raise sr.error("x must be [min, max, step] with 0 <= min <= max <= 8 and step >= 1", "x")
        return "X", tuple(xr)
    cost = sr.int("cost", lo=0, hi=8)
    if sr.has("x"):
        raise sr.error('x is only used with cost "X"', "x")
    return cost, ()


_DEFAULT_BOOKS: dict[str, Book] = {}


def default_books() -> dict[str, Book]:
    """The reconstructed books shipped in ``daynight/data`` (read once)."""
    if not _DEFAULT_BOOKS:
        here = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data")
        for side in SIDES:
            _DEFAULT_BOOKS[side] = load_book(os.path.join(here, f"temples_{side}.json"), side, default=True)
    return _DEFAULT_BOOKS
