"""temples: the moves and the rule options, the small frozen values a game is played with.

A turn is a sequence of small moves by the player on turn (see the package's docstring):
``Cast``, ``Target``, ``Choose``, ``Stop``, ``Travel``, ``EndTurn``, ``Discard`` and
``PickTemple``. Each names its player (``who``: ``"day"`` or ``"night"``).

Speed: every move the engine offers is built once (:func:`interned`) and offered again by
identity, as python-chess offers its moves: ``core.Game.play`` accepts a move of the legal list
at a glance. A move built anew (``Travel("day", 1)``) is equal to the interned one and is
accepted too, through the engine's ``_check``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from ..core import Reader
from .rules import COLS, ROWS, SIDES

__all__ = [
    "CHOOSE",
    "DISCARD",
    "END",
    "MOVE_TYPES",
    "PICK",
    "STOP",
    "TARGET",
    "TRAVEL",
    "Cast",
    "Choose",
    "Discard",
    "EndTurn",
    "Move",
    "Options",
    "PickTemple",
    "Stop",
    "Target",
    "Travel",
    "interned",
]

# ---------------------------------------------------------------------------
# Rule options (where the rules are silent)
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options:
    """Named rule options, recorded in the setup. The defaults follow the rules text where it
    speaks and the research note's proposals where it is silent (see the walkthrough)."""

    #: temples needed to win (rules 4.1: 2); 1 makes a short game for learning
    temples_to_win: int = 2
    #: who is checked for a new temple after a spell: "both" (caster first) or "caster" only
    temple_check: str = "both"
    #: component limits: "box" (8 Mystify, 12 Crystallize, 18 Day and 12 Night Temple-counters;
    #: a spell places as many as are left) or "unlimited"
    supply: str = "box"
    #: may a tile that already carries Mystify-counters be mystified again?
    remystify: bool = False
    #: Crystallize also stops Day's own spell-moves (into a crystallized tile or off one)
    crystal_blocks_day_moves: bool = True
    #: when Victory for Day by default (4.3) is checked: "transform" (rules: at the start of
    #: Day's turn, after a Mystify-counter turns a tile into a Day Temple-tile) or "any"
    #: (after every temple or Temple-tile)
    day_default: str = "transform"
    #: a safeguard the rules do not have: after this many turns the game is a draw (0: never)
    turn_limit: int = 400

    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "temple_check": ("both", "caster"),
        "supply": ("box", "unlimited"),
        "day_default": ("transform", "any"),
    }

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, r: Reader) -> Options:
        r.only(*(f.name for f in fields(cls)))
        d = cls()
        kw: dict[str, Any] = {}
        for f in fields(cls):
            if not r.has(f.name):
                continue
            default = getattr(d, f.name)
            if isinstance(default, bool):
                kw[f.name] = r.bool(f.name)
            elif isinstance(default, int):
                lo, hi = (1, 2) if f.name == "temples_to_win" else (0, 100_000)
                kw[f.name] = r.int(f.name, lo=lo, hi=hi)
            else:
                kw[f.name] = r.str(f.name, choices=cls.CHOICES[f.name])
        return cls(**kw)


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cast:
    """2.1 Spell Casting: cast ``card`` of the hand (``x``: the X of an X-cost spell)."""

    who: str
    card: int
    x: int | None = None


@dataclass(frozen=True, slots=True)
class Target:
    """The next target of the spell being cast: a square to act on, or to move a pawn to."""

    who: str
    square: int


@dataclass(frozen=True, slots=True)
class Choose:
    """Steal Passion: the card of the other's hand to take and cast."""

    who: str
    card: int


@dataclass(frozen=True, slots=True)
class Stop:
    """End an optional part of a spell ("move up to 2 tiles")."""

    who: str


@dataclass(frozen=True, slots=True)
class Travel:
    """2.1 Travelling: to a bordering square (3 hours, one spell drawn)."""

    who: str
    square: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """2.1 Retreating: end the turn."""

    who: str


@dataclass(frozen=True, slots=True)
class Discard:
    """2.1 Retreating: discard ``card`` down to five spells."""

    who: str
    card: int


@dataclass(frozen=True, slots=True)
class PickTemple:
    """2.2: one more square of the nine that make the temple."""

    who: str
    square: int


Move = Cast | Target | Choose | Stop | Travel | EndTurn | Discard | PickTemple
MOVE_TYPES = (Cast, Target, Choose, Stop, Travel, EndTurn, Discard, PickTemple)

_INTERN: dict[tuple[Any, ...], Any] = {}


def interned(cls: type, *args: Any) -> Any:
    """The one move ``cls(*args)`` of the whole program, built on first use (the legal-move
    lists offer these very objects, so ``play`` finds them by identity)."""
    key = (cls, *args)
    move = _INTERN.get(key)
    if move is None:
        move = _INTERN[key] = cls(*args)
    return move


_BOARD = range(COLS * ROWS)
#: cards are numbered 0..139 in every game (two books of 70): Day's 0..69, Night's 70..139
_CARD_IDS = range(2 * 70)

#: the interned moves by side and square or card, as the legal-move lists read them
TRAVEL = {side: tuple(interned(Travel, side, s) for s in _BOARD) for side in SIDES}
TARGET = {side: tuple(interned(Target, side, s) for s in _BOARD) for side in SIDES}
PICK = {side: tuple(interned(PickTemple, side, s) for s in _BOARD) for side in SIDES}
CHOOSE = {side: tuple(interned(Choose, side, c) for c in _CARD_IDS) for side in SIDES}
DISCARD = {side: tuple(interned(Discard, side, c) for c in _CARD_IDS) for side in SIDES}
END = {side: interned(EndTurn, side) for side in SIDES}
STOP = {side: interned(Stop, side) for side in SIDES}
