"""temples: the state of a game -- the board, the counters, the pawns, the cards -- and what
reads it without changing it.

:class:`TemplesState` holds everything a game is made of; the rules that change it are the
layers above, each a part of the rule book: :class:`~daynight.temples.building.TempleBuilding`
(2.2 Building a Temple, 4 End of the game), :class:`~daynight.temples.casting.SpellCasting`
(2.1 Spell Casting, 3.2 the standard actions, 3.3 conditions) and the engine,
:class:`~daynight.temples.engine.TemplesGame` (2.1 a turn, the legal moves, the checks).
"""

from __future__ import annotations

import pickle
import random
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core import EventLog
from . import rules as R
from .data import Book, Spell, Step
from .moves import Options
from .rules import CENTRE, HOURS, NAME, NEUTRAL, SIDES, START, draw_spell

__all__ = ["Cards", "Casting", "Pending", "TemplesState", "cards_of"]


class Pending:
    """The step of a spell that waits for the caster's choices: ``kind`` is ``"tile"`` (the
    squares to act on, ``cands``), ``"move"`` (the squares to move ``pawn`` to) or
    ``"choose"`` (a card of the other's hand); ``remaining`` choices are still to make;
    ``optional``: the caster may stop ("up to")."""

    __slots__ = ("cands", "caster", "kind", "optional", "pawn", "remaining", "spell", "step")

    def __init__(
        self,
        kind: str,
        step: Step,
        caster: str,
        remaining: int,
        cands: tuple[int, ...],
        spell: Spell,
        pawn: str | None = None,
        optional: bool = False,
    ):
        self.kind, self.step, self.caster, self.remaining = kind, step, caster, remaining
        self.cands, self.spell, self.pawn, self.optional = cands, spell, pawn, optional

    def copy(self) -> Pending:
        return Pending(
            self.kind, self.step, self.caster, self.remaining, self.cands, self.spell, self.pawn, self.optional
        )


@dataclass(slots=True)
class Casting:
    """The spell being resolved: who cast it, its card and spell, and the cards Steal Passion
    took from the other's hand for it (discarded with it when it is done)."""

    caster: str
    card: int
    spell: Spell
    stolen: list[int] = field(default_factory=list)

    def copy(self) -> Casting:
        return Casting(self.caster, self.card, self.spell, list(self.stolen))


@dataclass(frozen=True)
class Cards:
    """The 140 cards of a pair of books, numbered once: ``spells[i]`` is card ``i``'s spell
    (Day's book 0..69, Night's 70..139, by spell order and copy), ``owner[i]`` its book,
    ``ids[side]`` the cards of a book, ``json[i]`` what a player reads on it (built once:
    views are built on every bot move; read-only)."""

    spells: tuple[Spell, ...]
    owner: tuple[str, ...]
    ids: Mapping[str, tuple[int, ...]]
    json: tuple[dict[str, Any], ...]


_CARDS: dict[tuple[int, int], tuple[tuple[Book, Book], Cards]] = {}


def cards_of(books: Mapping[str, Book]) -> Cards:
    """The :class:`Cards` of two books, numbered once per pair of books (they never change)."""
    key = (id(books["day"]), id(books["night"]))
    hit = _CARDS.get(key)
    if hit is not None and hit[0] == (books["day"], books["night"]):
        return hit[1]
    spells: list[Spell] = []
    owner: list[str] = []
    for side in SIDES:
        for sp in books[side].spells:
            spells.extend([sp] * sp.copies)
            owner.extend([side] * sp.copies)
    ids = {side: tuple(i for i, o in enumerate(owner) if o == side) for side in SIDES}
    cards = Cards(tuple(spells), tuple(owner), ids, tuple(sp.to_json() for sp in spells))
    _CARDS[key] = ((books["day"], books["night"]), cards)
    return cards


class TemplesState:
    """Everything a game of the temple duel is made of (the attributes are public: the
    walkthrough, the drawings and the tests read them), and the questions the rules ask of it."""

    options: Options
    log: EventLog
    history: list[Any]

    def __init__(self, *, seed: int | None, rng: random.Random, options: Options, books: dict[str, Book]):
        self.seed = seed
        self.rng = rng
        self.options = options
        self.books = books
        deck = cards_of(books)  # shared by every game of these books; never changed
        self.deck = deck
        self.cards = deck.spells
        self.owner = deck.owner
        self.tiles = [NEUTRAL] * 48
        for c in CENTRE:
            self.tiles[c] = -1
        self.in_temple = [0] * 48  # 0, or 1 + index in self.temples
        self.temple_tile = [False] * 48  # a separate Day Temple-tile made by Mystify
        self.mystify = [0] * 48
        self.crystal = [False] * 48
        self.temples: list[tuple[str, tuple[int, ...]]] = []
        self.pawn = dict(START)
        self.hand: dict[str, list[int]] = {"day": [], "night": []}
        self.pile: dict[str, list[int]] = {"day": [], "night": []}  # draw pile, top = end
        self.discards: dict[str, list[int]] = {"day": [], "night": []}
        self.turn = "day"
        self.turn_no = 1
        self.hours = HOURS
        self.phase = "cast"  # cast | travel | retreat | next
        self.visited: set[int] = set()
        self.steps: deque[tuple[Step, str, Spell, int | None]] = deque()  # spell steps still to resolve
        self.pending: Pending | None = None
        self.casting: Casting | None = None
        self.touched: set[int] = set()  # the squares the spell being resolved changed
        self.temple_queue: list[tuple[str, frozenset[int]]] = []
        self.temple_pick: tuple[str, frozenset[int], list[int]] | None = None
        self.space_check: str | None = None  # "temple" or "transform": check 4.2 / 4.3 next
        self.winner: str | None = None
        self.result: str | None = None  # "win", "draw", "default"
        self.end_reason = ""
        self.history = []
        self.log = EventLog()
        #: the legal moves of this state, listed once (the engine's ``legal_moves``); ``None``
        #: after every change
        self._legal: tuple[Any, ...] | None = None
        #: the setup as JSON, as the record writes it
        self.recorded_setup: dict[str, Any] = {}

    # -- questions the rules ask (each a rule of rules.py) -----------------------------------
    def temples_of(self, side: str) -> int:
        """How many temples ``side`` has built."""
        return sum(1 for t in self.temples if t[0] == side)

    def is_fixed(self, sq: int) -> bool:
        """Temple tiles and Day Temple-tiles can never be turned over or changed again."""
        return R.is_fixed(self, sq)

    def distance(self, a: int | None = None, b: int | None = None) -> int:
        """The distance (3.1) from ``a`` to ``b`` (default: between Day and Night)."""
        return R.distance(self.pawn["day"] if a is None else a, self.pawn["night"] if b is None else b)

    def condition_fails(self, spell: Spell, caster: str) -> str | None:
        """None if the spell's conditions hold for ``caster``, else the reason (3.3)."""
        return R.condition_refusal(self, spell, caster)

    def day_counters_used(self) -> int:
        """Day Temple-counters on the board (rules.day_counters_used)."""
        return R.day_counters_used(self, self.temples)

    def templed(self) -> list[int]:
        """The squares of every temple."""
        return [s for s in R.SQUARES if self.in_temple[s]]

    def open_area(self, side: str) -> list[int]:
        """Squares that can still become part of a new temple of ``side`` (rules.open_area)."""
        return R.open_area(self, side)

    def temples_needed(self, side: str) -> int:
        return max(0, self.options.temples_to_win - self.temples_of(side))

    def can_still_win(self, side: str) -> bool:
        """Whether ``side`` can still fit the temples she needs (rules.can_still_win)."""
        return R.can_still_win(self, side, self.temples_needed(side))

    def is_over(self) -> bool:
        return self.result is not None

    # -- 3.2 Draw a Spell, 2.3 Book of Spells ------------------------------------------------
    def _draw(self, side: str, quiet: bool = False) -> int | None:
        """Draw a spell (3.2), reshuffling an empty Book from its discard pile first (2.3)."""
        pile = self.pile[side]
        if pile:  # the common case: nothing to explain but the draw itself
            card = draw_spell(pile, self.discards[side], self.rng)
            assert card is not None
            self.hand[side].append(card)
            return card
        reshuffle = bool(self.discards[side])
        card = draw_spell(pile, self.discards[side], self.rng)
        if card is None:
            if not quiet:
                self.log.add(
                    side,
                    "draw",
                    "2.3 Book of Spells",
                    f"{NAME[side]}'s Book of Spells and discard pile are both empty: nothing to draw.",
                )
            return None
        if reshuffle:
            self.log.add(
                side,
                "reshuffle",
                "2.3 Book of Spells",
                f"{NAME[side]}'s Book of Spells is empty: the discard pile ({len(self.pile[side]) + 1} "
                "spells) is shuffled into a new Book.",
            )
        self.hand[side].append(card)
        return card

    # -- copies -------------------------------------------------------------------------------
    #: what never changes in a game, and the memos of the moves on offer (shared by copies, left
    #: out of snapshots)
    SHARED = ("cards", "owner", "deck", "books", "options", "_legal", "_casts", "offered")

    def snapshot(self) -> bytes:
        """The mutable state as bytes (the cards, books and options never change)."""
        d = {k: v for k, v in self.__dict__.items() if k not in self.SHARED}
        d["rng"] = self.rng.getstate()
        # the log is append-only and its events are frozen: its length and last event stand for it
        d["log"] = (len(self.log), self.log[-1] if len(self.log) else None)
        return pickle.dumps(d, protocol=pickle.HIGHEST_PROTOCOL)

    def copy(self) -> Any:
        """An independent copy: lists copied, the immutable cards and books shared."""
        g = object.__new__(type(self))
        d = g.__dict__
        d.update(self.__dict__)
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        for k in ("tiles", "in_temple", "temple_tile", "mystify", "crystal", "temples", "history"):
            d[k] = list(d[k])
        g.pawn = dict(self.pawn)
        for k in ("hand", "pile", "discards"):
            d[k] = {side: list(v) for side, v in d[k].items()}
        g.visited = set(self.visited)
        g.steps = deque(self.steps)
        g.touched = set(self.touched)
        g.temple_queue = list(self.temple_queue)
        if self.temple_pick is not None:
            who, region, picked = self.temple_pick
            g.temple_pick = (who, region, list(picked))
        if self.pending is not None:
            g.pending = self.pending.copy()
        if self.casting is not None:
            g.casting = self.casting.copy()
        g.log = EventLog(self.log, enabled=self.log.enabled)
        return g

    def __getstate__(self) -> dict[str, Any]:
        d = dict(self.__dict__)
        d["_legal"] = None
        return d
