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
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .. import i18n
from ..i18n import N_
from . import pictures

_ = i18n._  # the translation call ("from ..i18n import _" would read as importing a private name)

KINDS = ("sun", "moon")
ECLIPSE_NAME = {"sun": "solar eclipse", "moon": "lunar eclipse"}
TOP_VALUE = 29
ECLIPSES_PER_KIND = 5
DATA = Path(__file__).resolve().parent.parent / "data" / "sunmoon_animals.csv"

#: the words a learner reads for the cards (a card's ``name`` is the records' and stays English)
NUMBER_WORDS = {"sun": N_("sun {value}"), "moon": N_("moon {value}")}
ECLIPSE_WORDS = {"sun": N_("solar eclipse"), "moon": N_("lunar eclipse")}
#: the animals of the data file, for the catalogs
ANIMAL_WORDS = {
    "bat": N_("bat"),
    "bee": N_("bee"),
    "bird": N_("bird"),
    "butterfly": N_("butterfly"),
    "moth": N_("moth"),
    "owl": N_("owl"),
}


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
    def words(self) -> str:
        """The card in the learner's language, e.g. ``'sun 9'``, ``'lunar eclipse'``."""
        return card_words(self, i18n.language())

    @property
    def animal_words(self) -> str:
        """The animal the card shows, in the learner's language ('' for none)."""
        return _(ANIMAL_WORDS.get(self.animal, self.animal)) if self.animal else ""

    @property
    def label(self) -> str:
        """The name plus the animal, e.g. ``'sun 9 with a butterfly'``."""
        if not self.animal:
            return self.words
        return _("{card} with a {animal}").format(card=self.words, animal=self.animal_words)

    def _repr_html_(self) -> str:  # a card shows itself in a notebook (draw.py registers the drawing)
        return pictures.html(self)


@lru_cache(maxsize=256)
def card_words(c: Card, language: str) -> str:
    """:attr:`Card.words` in ``language``, remembered: the explained log names a card in most
    of its sentences, and formatting the template anew cost 4,500 instructions a time
    (callgrind), a fifth of a sentence."""
    if c.eclipse:
        return _(ECLIPSE_WORDS[c.kind])
    return _(NUMBER_WORDS[c.kind]).format(value=c.value)


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
            table[kind, value] = {
                "animal": (row.get("animal") or "").strip(),
                "provenance": prov,
                "note": row.get("note") or "",
            }
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
#: the card of each name (the records' names: ``"sun 28"``, ``"solar eclipse"``)
BY_NAME = {c.name: c for c in FACES}
ECLIPSE = {c.kind: c for c in FACES if c.eclipse}


def _card_by_id(i: int) -> Card:
    return FACES[i]


def card(name: str) -> Card:
    """The card called ``name``: ``'sun 28'``, ``'moon 13'``, ``'solar eclipse'``.

    An old record's ``'lunar eclipse 4'`` is the lunar eclipse (eclipses have no number)."""
    key = " ".join(name.strip().lower().split())
    for eclipse in ECLIPSE_NAME.values():
        if key.startswith(eclipse) and key[len(eclipse) :].strip() in ("", "1", "2", "3", "4", "5"):
            key = eclipse
    try:
        return BY_NAME[key]
    except KeyError:
        raise KeyError(
            _("no card called {name} (e.g. 'sun 28', 'moon 3', 'lunar eclipse')").format(name=repr(name))
        ) from None


def missing_from(cards: Iterable[Card]) -> list[Card]:
    """The cards of the deck that ``cards`` leaves out, in deck order; raises ``ValueError``
    naming a face that ``cards`` holds more often than the deck does."""
    left = Counter(COPIES)
    for c in cards:
        left[c] -= 1
        if left[c] < 0:
            raise ValueError(
                _("{card} appears more often than the deck has it ({n})").format(card=c.words, n=COPIES[c])
            )
    return [c for c in FACES for _ in range(left[c])]
