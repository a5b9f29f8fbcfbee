"""sunmoon: the game's pieces and the readers of their data files in ``daynight/data/``."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

KINDS = ("sun", "moon")
ECLIPSE_NAME = {"sun": "solar eclipse", "moon": "lunar eclipse"}
TOP_VALUE = 29
ECLIPSES_PER_KIND = 5
DATA = Path(__file__).resolve().parent.parent / "data" / "sunmoon_animals.csv"


# ---------------------------------------------------------------------------
# Cards (68 interned objects, compared by identity)
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One of the 68 cards. ``value`` is 1-29, or 0 for an eclipse; ``animal`` is the animal
    shown on the card ('' for none), from the data file."""

    id: int
    kind: str
    value: int
    eclipse: bool
    animal: str
    name: str

    def __repr__(self) -> str:
        return f"card({self.name!r})"

    def __reduce__(self):
        return (_card_by_id, (self.id,))

    @property
    def label(self) -> str:
        """The name plus the animal, e.g. ``'sun 9 (butterfly)'``."""
        return f"{self.name} ({self.animal})" if self.animal else self.name


def load_animals(path: str | Path = DATA) -> dict[tuple[str, int], dict[str, str]]:
    """The animal table: ``(kind, value) -> {'animal', 'provenance', 'note'}`` for all 58
    numbered cards. Raises ``ValueError`` naming the line if the file is malformed."""
    table: dict[tuple[str, int], dict[str, str]] = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for line, row in enumerate(csv.DictReader(fh), start=2):
            try:
                kind, value = row["kind"], int(row["value"])
                prov = row["provenance"]
            except (KeyError, TypeError, ValueError) as exc:
                raise ValueError(f"{path}:{line}: malformed row ({exc})") from None
            if kind not in KINDS or not 1 <= value <= TOP_VALUE:
                raise ValueError(f"{path}:{line}: no card {kind} {value}")
            if prov not in ("attested", "reconstructed"):
                raise ValueError(f"{path}:{line}: provenance must be attested or reconstructed")
            if (kind, value) in table:
                raise ValueError(f"{path}:{line}: {kind} {value} listed twice")
            table[kind, value] = {"animal": (row.get("animal") or "").strip(), "provenance": prov,
                                  "note": row.get("note") or ""}
    missing = [f"{k} {v}" for k in KINDS for v in range(1, TOP_VALUE + 1) if (k, v) not in table]
    if missing:
        raise ValueError(f"{path}: no row for {', '.join(missing[:5])}")
    return table


def _build_cards() -> tuple[Card, ...]:
    animals = load_animals()
    cards: list[Card] = []
    for kind in KINDS:
        for value in range(1, TOP_VALUE + 1):
            cards.append(Card(len(cards), kind, value, False, animals[kind, value]["animal"], f"{kind} {value}"))
    for kind in KINDS:
        for i in range(1, ECLIPSES_PER_KIND + 1):
            cards.append(Card(len(cards), kind, 0, True, "", f"{ECLIPSE_NAME[kind]} {i}"))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build_cards()
_BY_NAME = {c.name: c for c in CARDS}


def _card_by_id(i: int) -> Card:
    return CARDS[i]


def card(name: str) -> Card:
    """The card called ``name``: ``'sun 28'``, ``'moon 13'``, ``'solar eclipse 2'``.

    ``'solar eclipse'`` (no number) is the first solar eclipse."""
    key = name.strip().lower()
    if key in ECLIPSE_NAME.values():
        key += " 1"
    try:
        return _BY_NAME[key]
    except KeyError:
        raise KeyError(f"no card called {name!r} (e.g. 'sun 28', 'moon 3', 'lunar eclipse 2')") from None
