"""stars: the game's pieces and the readers of their data files in ``daynight/data/``."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from ..core import InvalidRecordError
from .display import drawing
from .moves import Choose, Commit

COLOURS: tuple[str, ...] = ("blue", "orange", "pink", "purple")
#: short letters for compact labels (pink and purple differ in the second letter)
COLOUR_CODE = {"blue": "Bl", "orange": "Or", "pink": "Pk", "purple": "Pu"}
DECK_SIZE = 108
PER_COLOUR = 27
PROVENANCES = ("attested", "reconstructed")
#: the most players a game has ("3-5 players"): each deck interns the moves of this many seats
MAX_SEATS = 5

DATA = Path(__file__).resolve().parent.parent / "data"
DEFAULT_DECK_FILE = DATA / "stars_deck.csv"
DEFAULT_DECK_NAME = "reconstructed"


# ---------------------------------------------------------------------------
# Cards and the deck
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card: its colour, its value, and either the time symbol or 1 to 4 stars.

    Compared by identity: each deck builds its 108 cards once. ``label`` (``"orange 8 (1
    star)"``, the engine's logs) and ``name`` (``"orange 8, 1 star"``, the drawings' and the
    apps' words) are computed once, since every explanation uses them. In a notebook a card
    draws itself (:func:`daynight.stars.draw.card`).
    """

    id: int
    colour: str
    value: int
    time: bool  # shows the time symbol (sun and moon); such cards carry no stars
    stars: int
    provenance: str = "reconstructed"
    label: str = field(init=False, repr=False, compare=False)
    name: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        mark = "time symbol" if self.time else f"{self.stars} star{'s' if self.stars != 1 else ''}"
        object.__setattr__(self, "label", f"{self.colour} {self.value} ({mark})")
        object.__setattr__(self, "name", f"{self.colour} {self.value}, {mark}")

    @property
    def mark(self) -> str:
        return "(time symbol)" if self.time else f"({self.stars} star{'s' if self.stars != 1 else ''})"

    @property
    def short(self) -> str:
        return f"{COLOUR_CODE.get(self.colour, self.colour)}{self.value}{'T' if self.time else '*' * self.stars}"

    def __repr__(self) -> str:
        return f"<Card {self.id}: {self.label}>"

    def _repr_svg_(self) -> str:
        return drawing(self).svg

    def _repr_html_(self) -> str:
        return drawing(self)._repr_html_()

    def __reduce__(self):
        # a card of the bundled deck unpickles to the very same object (cards compare by identity)
        if _DEFAULT and self.id < len(_DEFAULT[0].cards) and _DEFAULT[0].cards[self.id] is self:
            return (_default_card, (self.id,))
        return (Card, (self.id, self.colour, self.value, self.time, self.stars, self.provenance))


class Deck:
    """The 108 cards of one deck table, with interned moves for up to five players."""

    def __init__(self, cards: Sequence[Card], name: str = DEFAULT_DECK_NAME):
        self.cards: tuple[Card, ...] = tuple(cards)
        self.name = name
        self.by_id = {c.id: c for c in self.cards}
        self.total_stars = sum(c.stars for c in self.cards)

    # The interned moves of this deck, built once on first use (:mod:`.moves`):
    # ``deck.commit[player][card id]`` and, keyed by card object, ``deck.commit_of[player][card]``.
    # The engine offers these very objects, so ``Game.play`` accepts them at a glance.
    @cached_property
    def commit(self) -> list[list[Commit]]:
        return [[Commit(p, c) for c in self.cards] for p in range(MAX_SEATS)]

    @cached_property
    def choose(self) -> list[list[Choose]]:
        return [[Choose(p, c) for c in self.cards] for p in range(MAX_SEATS)]

    @cached_property
    def commit_of(self) -> list[dict[Card, Commit]]:
        return [dict(zip(self.cards, row, strict=True)) for row in self.commit]

    @cached_property
    def choose_of(self) -> list[dict[Card, Choose]]:
        return [dict(zip(self.cards, row, strict=True)) for row in self.choose]

    def table_json(self) -> list[list[Any]]:
        return [[c.colour, c.value, "time" if c.time else c.stars, c.provenance] for c in self.cards]

    def __reduce__(self):
        if _DEFAULT and self is _DEFAULT[0]:
            return (default_deck, ())
        return (Deck, (self.cards, self.name))

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"<Deck {self.name!r}: {len(self.cards)} cards, {self.total_stars} stars>"


def cards_from_rows(rows: list[tuple[str, int, bool, int, str]], where: Callable[[int, str], str]) -> list[Card]:
    """Check a deck table against what is known about the real game; raise on the first fault."""
    if len(rows) != DECK_SIZE:
        raise InvalidRecordError(
            where(-1, ""), f"a deck has {DECK_SIZE} cards, this table has {len(rows)}", rule="game contents: 108 cards"
        )
    cards = []
    for i, (colour, value, time, stars, prov) in enumerate(rows):
        if colour not in COLOURS:
            raise InvalidRecordError(
                where(i, "colour"),
                f"unknown colour {colour!r}; expected one of {list(COLOURS)}",
                rule="game contents: 4 colours",
            )
        if not 1 <= value <= 13:
            raise InvalidRecordError(
                where(i, "value"), f"value {value} is outside 1..13", rule="game contents: numbered 1 to 13"
            )
        if time and stars != 0:
            raise InvalidRecordError(
                where(i, "stars"),
                "a card with the time symbol shows no stars",
                rule="game contents: time symbol or 1 to 4 stars",
            )
        if not time and not 1 <= stars <= 4:
            raise InvalidRecordError(
                where(i, "stars"),
                f"a star card shows 1 to 4 stars, not {stars}",
                rule="game contents: time symbol or 1 to 4 stars",
            )
        if prov not in PROVENANCES:
            raise InvalidRecordError(
                where(i, "provenance"),
                f"provenance must be one of {list(PROVENANCES)}, not {prov!r}",
                rule="data files: provenance",
            )
        cards.append(Card(i, colour, value, time, stars, prov))
    for colour in COLOURS:
        n = sum(1 for c in cards if c.colour == colour)
        if n != PER_COLOUR:
            raise InvalidRecordError(
                where(-1, ""),
                f"{colour} has {n} cards; each colour has {PER_COLOUR}",
                rule="game contents: 27 cards in each of 4 colours",
            )
    return cards


def load_deck(source: str | Path | io.TextIOBase, name: str | None = None) -> Deck:
    """Read a deck table (CSV with columns ``colour, value, symbol, stars, provenance``;
    ``symbol`` is ``time`` or ``stars``; an ``id`` column is optional and must count 0..107).

    Use it to load the real card table from your own box. Every fault raises
    :class:`InvalidRecordError` naming the file, row and column.
    """
    if isinstance(source, (str, Path)):
        label = str(source)
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidRecordError(label, f"cannot read file: {exc.strerror or exc}") from None
    else:
        label = getattr(source, "name", "deck")
        text = source.read()
    reader = csv.DictReader(io.StringIO(text))
    need = ("colour", "value", "symbol", "stars", "provenance")
    missing = [c for c in need if c not in (reader.fieldnames or ())]
    if missing:
        raise InvalidRecordError(label, f"missing column(s) {missing}; expected {list(need)}")

    def where(i: int, col: str) -> str:
        return label if i < 0 else f"{label}: row {i + 2}" + (f", column {col}" if col else "")

    rows = []
    for i, row in enumerate(reader):
        if "id" in row and row["id"] not in (None, "") and row["id"].strip() != str(i):
            raise InvalidRecordError(where(i, "id"), f"ids count 0..107 in order; expected {i}, got {row['id']!r}")
        try:
            value = int(row["value"])
        except (TypeError, ValueError):
            raise InvalidRecordError(where(i, "value"), f"expected a whole number, got {row['value']!r}") from None
        symbol = (row["symbol"] or "").strip()
        if symbol not in ("time", "stars"):
            raise InvalidRecordError(where(i, "symbol"), f"expected 'time' or 'stars', got {symbol!r}")
        try:
            stars = int(row["stars"])
        except (TypeError, ValueError):
            raise InvalidRecordError(where(i, "stars"), f"expected a whole number, got {row['stars']!r}") from None
        rows.append(((row["colour"] or "").strip(), value, symbol == "time", stars, (row["provenance"] or "").strip()))
    return Deck(cards_from_rows(rows, where), name or Path(label).stem)


_DEFAULT: list[Deck] = []


def _default_card(i: int) -> Card:
    return default_deck().cards[i]


def default_deck() -> Deck:
    """The bundled deck: every row ``reconstructed`` (the real table is not published)."""
    if not _DEFAULT:
        _DEFAULT.append(load_deck(DEFAULT_DECK_FILE, DEFAULT_DECK_NAME))
    return _DEFAULT[0]


# ---------------------------------------------------------------------------
# Teaching positions
# ---------------------------------------------------------------------------


def find_card(spec: str, deck: Deck | None = None, exclude: Iterable[Card] = ()) -> Card:
    """The first card of the deck matching ``"orange 7"`` (a star card) or ``"orange 7 time"``
    (a time-symbol card) that is not in ``exclude``."""
    deck = deck or default_deck()
    parts = spec.split()
    if len(parts) not in (2, 3) or parts[0] not in COLOURS or not parts[1].isdigit():
        raise ValueError(f"a card is written like 'orange 7' or 'orange 7 time', not {spec!r}")
    colour, value, time = parts[0], int(parts[1]), len(parts) == 3 and parts[2] == "time"
    taken = {id(c) for c in exclude}
    for c in deck.cards:
        if c.colour == colour and c.value == value and c.time == time and id(c) not in taken:
            return c
    raise ValueError(f"the deck has no (further) card {spec!r}")


def check_position(deck: Deck, pos: dict[str, Any], path: str) -> None:
    """Check a hand-built position (card ids by zone: ``hands``, ``collected``, ``pile``,
    ``removed``, ``discard``; ``time``): every card of the deck in exactly one zone, every hand
    able to play a round. Raise :class:`InvalidRecordError` naming the path of the first fault."""
    seen: dict[int, str] = {}

    def visit(ids, where):
        for i, cid in enumerate(ids):
            p = f"{where}[{i}]"
            if cid not in deck.by_id:
                raise InvalidRecordError(
                    p, f"unknown card {cid!r}; cards are numbered 0..{len(deck) - 1}", rule="game contents: 108 cards"
                )
            if cid in seen:
                raise InvalidRecordError(p, f"card {cid} is also at {seen[cid]}", rule="game contents: 108 cards")
            seen[cid] = p

    for key in ("hands", "collected"):
        for j, ids in enumerate(pos[key]):
            visit(ids, f"{path}.{key}[{j}]")
    for key in ("pile", "removed", "discard"):
        visit(pos[key], f"{path}.{key}")
    if len(seen) != len(deck):
        missing = sorted(set(deck.by_id) - set(seen))
        raise InvalidRecordError(
            path,
            f"{len(missing)} card(s) are in no zone (e.g. {missing[:5]}); all {len(deck)} cards must be accounted for",
            rule="game contents: 108 cards",
        )
    for j, h in enumerate(pos["hands"]):
        if len(h) < 2:
            raise InvalidRecordError(
                f"{path}.hands[{j}]", "a hand needs at least two cards to play a round", rule="2. play cards (2x)"
            )
    if pos["time"] not in ("day", "night"):
        raise InvalidRecordError(f"{path}.time", "the time is 'day' or 'night'")
