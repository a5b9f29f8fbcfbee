"""sunmoon: the moves -- small frozen values, each built once.

A move names its ``player``; a card play names the card, the row's ``owner`` and ``row``
(``"sun"`` or ``"moon"``) and where in the row it goes. Build a move with its class
(``Place(0, card("sun 28"), 1, "sun", 2)``) or take it from ``SunMoon.legal_moves()``; both
are accepted by ``play`` (the first is checked by the rules, the second is recognised at a
glance, see ``daynight.core.Game.play``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .data import Card


@dataclass(frozen=True, slots=True)
class Place:
    """Play numbered ``card`` at an end of ``owner``'s ``row``: ``at`` = 0 is the left end,
    ``at`` = number of places is the right end; into an empty row ``at`` = 0 starts it."""

    player: int
    card: Card
    owner: int
    row: str
    at: int


@dataclass(frozen=True, slots=True)
class Cover:
    """Play eclipse ``card`` on top of place ``slot`` of ``owner``'s ``row``."""

    player: int
    card: Card
    owner: int
    row: str
    slot: int


@dataclass(frozen=True, slots=True)
class Restore:
    """Play numbered ``card`` on the eclipsed place ``slot`` of ``owner``'s ``row``."""

    player: int
    card: Card
    owner: int
    row: str
    slot: int


@dataclass(frozen=True, slots=True)
class Harvest:
    """``player`` harvests the run of five or more in ``owner``'s ``row`` (own rows only)."""

    player: int
    owner: int
    row: str


@dataclass(frozen=True, slots=True)
class SelfDestruct:
    """Hand and both own rows to the discard pile (only when nothing else is possible)."""

    player: int


Move = Place | Cover | Restore | Harvest | SelfDestruct
CardPlay = Place | Cover | Restore
#: the kinds of move, to tell a move of this game from anything else
MOVE_TYPES = (Place, Cover, Restore, Harvest, SelfDestruct)
CARD_PLAYS = (Place, Cover, Restore)
