"""sunmoon: the game's pieces and the readers of their data files in ``daynight/data/``.

The deck (seed 004): sun cards 1-29 ("日卡：共有數字１～２９"), moon cards 1-29, five solar
and five lunar eclipses ("日月各５張"). Eclipses carry **no number** ("日月蝕是沒有數字的"):
the five solar eclipses are one and the same card, so the package has one :class:`Card`
object per face (60 faces) and the deck :data:`CARDS` holds each eclipse face five times.

Records written before eclipses lost their numbers name them ``"solar eclipse 3"``; such a
name is still read, as the same card (the number is ignored), so old records replay.
"""

from __future__ import annotations

import csv
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

KINDS = ("sun", "moon")
ECLIPSE_NAME = {"sun": "solar eclipse", "moon": "lunar eclipse"}
TOP_VALUE = 29
ECLIPSES_PER_KIND = 5
DATA = Path(__file__).resolve().parent.parent / "data" / "sunmoon_animals.csv"


# ---------------------------------------------------------------------------
# Cards (60 interned faces, compared by identity)
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One face of the deck. ``value`` is 1-29 for a sun or moon card; an eclipse has no
    number (``value`` 0 is only a placeholder the rules never read as a number).
    ``animal`` is the animal shown on the card ('' for none), from the data file."""

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
        """The name plus the animal, e.g. ``'sun 9 with a butterfly'``."""
        return f"{self.name} with a {self.animal}" if self.animal else self.name

    def _repr_html_(self) -> str:  # a card shows itself in a notebook
        from .draw import card_drawing

        return card_drawing(self)._repr_html_()


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


def _build_faces() -> tuple[Card, ...]:
    animals = load_animals()
    faces: list[Card] = []
    for kind in KINDS:
        for value in range(1, TOP_VALUE + 1):
            faces.append(Card(len(faces), kind, value, False, animals[kind, value]["animal"], f"{kind} {value}"))
    for kind in KINDS:
        faces.append(Card(len(faces), kind, 0, True, "", ECLIPSE_NAME[kind]))
    return tuple(faces)


#: the 60 different faces: sun 1-29, moon 1-29, the solar eclipse, the lunar eclipse
FACES: tuple[Card, ...] = _build_faces()
#: the 68-card deck in a fixed order (each eclipse face five times)
CARDS: tuple[Card, ...] = FACES[:58] + (FACES[58],) * ECLIPSES_PER_KIND + (FACES[59],) * ECLIPSES_PER_KIND
#: how many copies of each face the deck holds
COPIES: dict[Card, int] = dict(Counter(CARDS))
_BY_NAME = {c.name: c for c in FACES}
ECLIPSE = {c.kind: c for c in FACES if c.eclipse}


def _card_by_id(i: int) -> Card:
    return FACES[i]


def card(name: str) -> Card:
    """The card called ``name``: ``'sun 28'``, ``'moon 13'``, ``'solar eclipse'``.

    An old record's ``'lunar eclipse 4'`` is the lunar eclipse (eclipses have no number)."""
    key = " ".join(name.strip().lower().split())
    for eclipse in ECLIPSE_NAME.values():
        if key.startswith(eclipse) and key[len(eclipse):].strip() in ("", "1", "2", "3", "4", "5"):
            key = eclipse
    try:
        return _BY_NAME[key]
    except KeyError:
        raise KeyError(f"no card called {name!r} (e.g. 'sun 28', 'moon 3', 'lunar eclipse')") from None


def missing_from(cards: Iterable[Card]) -> list[Card]:
    """The cards of the deck that ``cards`` leaves out, in deck order; raises ``ValueError``
    naming a face that ``cards`` holds more often than the deck does."""
    left = Counter(COPIES)
    for c in cards:
        left[c] -= 1
        if left[c] < 0:
            raise ValueError(f"{c.name} appears more often than the deck has it ({COPIES[c]})")
    return [c for c in FACES for _ in range(left[c])]
