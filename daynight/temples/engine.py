"""temples: the moves, the rule options, the state machine (:class:`TemplesGame`) and what a player may see."""

from __future__ import annotations

import json
import random
from collections import deque
from dataclasses import dataclass, fields
from typing import Any, Mapping

from ..core import EventLog, Game, IllegalMoveError, Reader, make_rng
from .data import TILE_OPS, Book, Spell, Step, default_books
from . import rules as R
from .rules import (
    CENTRE,
    COLOUR,
    COLS,
    DAY,
    DIST,
    HAND_LIMIT,
    HOURS,
    NAME,
    NEIGHBOURS,
    NEUTRAL,
    NIGHT,
    OTHER,
    ROWS,
    SIDES,
    SQUARES,
    START,
    SUPPLY,
    TEMPLE_SIZE,
    TILE_WORD,
    TRAVEL_COST,
    AFFORDABLE,
    castable,
    changed,
    condition_refusal,
    countdown,
    draw_spell,
    largest_region,
    move_squares,
    parse_square,
    pick_squares,
    regions,
    space_verdict,
    spell_area,
    spell_targets,
    square_name,
    target_refusal,
    temple_regions,
    theme_forbidden,
    travel_refusal,
    travel_squares,
)

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

    CHOICES = {"temple_check": ("both", "caster"), "supply": ("box", "unlimited"),
               "day_default": ("transform", "any")}

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, r: Reader) -> "Options":
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
# Moves (frozen, interned)
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cast:
    who: str
    card: int
    x: int | None = None


@dataclass(frozen=True, slots=True)
class Target:
    who: str
    square: int


@dataclass(frozen=True, slots=True)
class Choose:
    who: str
    card: int


@dataclass(frozen=True, slots=True)
class Stop:
    who: str


@dataclass(frozen=True, slots=True)
class Travel:
    who: str
    square: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    who: str


@dataclass(frozen=True, slots=True)
class Discard:
    who: str
    card: int


@dataclass(frozen=True, slots=True)
class PickTemple:
    who: str
    square: int


#: every square's name, "A1" .. "F8" (the explained log names squares on every move)
_NAMES = tuple(square_name(s) for s in range(COLS * ROWS))
#: what a tile step does to a square, in words ("no square can be turned over here")
_DONE = {"change": "changed", "turn_over": "turned over", "place": "given a tile", "make_own": "made her own",
         "mystify": "mystified", "crystallize": "crystallized"}

_INTERN: dict[tuple, Any] = {}


def _mv(cls, *args):
    key = (cls, *args)
    m = _INTERN.get(key)
    if m is None:
        m = _INTERN[key] = cls(*args)
    return m


#: interned moves by side and square (the legal-move lists reuse them)
_TRAVEL = {side: tuple(_mv(Travel, side, s) for s in range(48)) for side in ("day", "night")}
#: the Travel moves to every square bordering on a square (the usual travel_squares: all of them)
_TRAVEL_AROUND = {side: tuple(tuple(_TRAVEL[side][b] for b in NEIGHBOURS[s]) for s in range(48)) for side in SIDES}
_TARGET = {side: tuple(_mv(Target, side, s) for s in range(48)) for side in ("day", "night")}
_PICK = {side: tuple(_mv(PickTemple, side, s) for s in range(48)) for side in ("day", "night")}
_END = {side: _mv(EndTurn, side) for side in ("day", "night")}
_STOP = {side: _mv(Stop, side) for side in ("day", "night")}
#: cards are numbered 0..139 in every game (two books of 70): Day's 0..69, Night's 70..139
_CARD_IDS = range(2 * 70)
_CHOOSE = {side: tuple(_mv(Choose, side, c) for c in _CARD_IDS) for side in ("day", "night")}
_DISCARD = {side: tuple(_mv(Discard, side, c) for c in _CARD_IDS) for side in ("day", "night")}
_TABLES: dict[tuple[int, int], tuple] = {}
#: every spell condition met so far, numbered from 2 (the ``when`` of :func:`_book_tables`)
_CONDITION_NO: dict[tuple, int] = {}
#: whether rules.condition_refusal lets a spell be cast, remembered for exactly what it reads:
#: the condition's number and the situation (:func:`_situation`) as one int
_CONDITION_HOLDS: dict[int, bool] = {}


def _situation(who: str, tile_day: int, tile_night: int, distance: int) -> int:
    """What a spell's condition reads (the caster, the tiles under the pawns, the distance
    between them) as an int below 2048, so that a condition's verdict is remembered by
    ``number * 2048 + situation``."""
    return (((who == "night") * 3 + tile_day) * 3 + tile_night) * 64 + distance


def _book_tables(books: Mapping[str, Book]) -> tuple[list, list, dict, dict]:
    """The cards of two books and what the engine reads about them on every move, built
    once per pair of books (they never change): ``(cards, owner, ids, casts)``.

    * ``cards[i]`` is a :class:`Spell`: ids 0..69 Day's book, 70..139 Night's (by spell
      order and copy); ``owner[i]`` its book; ``ids[side]`` the ids of a book;
    * ``casts[side][i] = (when, by_hours)``: ``by_hours[h]`` holds the Cast moves of card
      ``i`` that ``h`` hours can pay for (one per X; :func:`rules.can_afford`), and ``when``
      says if it may be cast: 0 never (the other side's theme spell, 3.3), 1 whenever the hours
      allow, 2 or more when its condition holds (3.3): the number of that condition."""
    key = (id(books["day"]), id(books["night"]))
    hit = _TABLES.get(key)
    if hit is not None and hit[0] == (books["day"], books["night"]):
        return hit[1]
    cards, owner = [], []
    for side in SIDES:
        for sp in books[side].spells:
            cards.extend([sp] * sp.copies)
            owner.extend([side] * sp.copies)
    ids = {side: [i for i, o in enumerate(owner) if o == side] for side in SIDES}
    casts = {}
    for side in SIDES:
        rows = []
        for c, sp in enumerate(cards):
            ways = [(sp.cost if x is None else x, _mv(Cast, side, c, x)) for x in sp.x_values()]
            by_hours = tuple(tuple(mv for cost, mv in ways if AFFORDABLE[h][cost]) for h in range(HOURS + 1))
            when = (0 if theme_forbidden(sp.type, side) else
                    _CONDITION_NO.setdefault(sp.condition, len(_CONDITION_NO) + 2) if sp.condition else 1)
            rows.append((when, by_hours))
        casts[side] = rows
    tables = (cards, owner, ids, casts)
    _TABLES[key] = ((books["day"], books["night"]), tables)
    return tables


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


class _Pending:
    """The step of a spell that waits for the caster's choices."""
    __slots__ = ("kind", "step", "caster", "remaining", "cands", "spell", "pawn", "optional")

    def __init__(self, kind, step, caster, remaining, cands, spell, pawn=None, optional=False):
        self.kind, self.step, self.caster, self.remaining = kind, step, caster, remaining
        self.cands, self.spell, self.pawn, self.optional = cands, spell, pawn, optional


class TemplesGame(Game):
    """The two-player temple duel. Create with :meth:`new` (seeded) or from a record."""

    name = "temples"
    title = "Day & Night, the temple duel"

    # -- construction -----------------------------------------------------------
    def __init__(self, *, seed: int | None, rng: random.Random, options: Options,
                 books: dict[str, Book]):
        self.seed = seed
        self.rng = rng
        self.options = options
        self.books = books
        # the cards (shared by every game of these books; never changed): see _book_tables
        self.cards, self.owner, self._ids, self._casts = _book_tables(books)
        self.tiles = [NEUTRAL] * 48
        for c in CENTRE:
            self.tiles[c] = -1
        self.in_temple = [0] * 48          # 0, or 1 + index in self.temples
        self.temple_tile = [False] * 48    # a separate Day Temple-tile made by Mystify
        self.mystify = [0] * 48
        self.crystal = [False] * 48
        self.temples: list[tuple[str, tuple[int, ...]]] = []
        self.pawn = dict(START)
        self.hand: dict[str, list[int]] = {"day": [], "night": []}
        self.pile: dict[str, list[int]] = {"day": [], "night": []}     # draw pile, top = end
        self.discards: dict[str, list[int]] = {"day": [], "night": []}
        self.turn = "day"
        self.turn_no = 1
        self.hours = HOURS
        self.phase = "cast"                 # cast | travel | retreat
        self.visited: set[int] = set()
        self.steps: deque = deque()         # (step, caster, spell, x) still to resolve
        self.pending: _Pending | None = None
        self.casting: tuple | None = None   # (caster, card, spell, stolen_by) being resolved
        self.touched: set[int] = set()
        self.temple_queue: list[tuple[str, frozenset]] = []
        self.temple_pick: tuple[str, frozenset, list[int]] | None = None
        self.space_check: str | None = None  # "temple" or "transform": check 4.2 / 4.3 next
        self.winner: str | None = None
        self.result: str | None = None       # "win", "draw", "default"
        self.end_reason = ""
        self.history = []
        self.log = EventLog()
        self._legal: tuple | None = None
        self._setup: dict[str, Any] = {}

    @classmethod
    def new(cls, seed: int | random.Random | None = None, *, options: Options | None = None,
            books: Mapping[str, Book] | None = None, position: Mapping[str, Any] | None = None) -> "TemplesGame":
        """A new game: both books shuffled from ``seed``, five spells each, Day begins.

        ``position`` is an explicit teaching position (see :meth:`from_setup`)."""
        rng, recorded = make_rng(seed)
        b = dict(default_books())
        if books:
            b.update(books)
        game = cls(seed=recorded, rng=rng, options=options or Options(), books=b)
        setup: dict[str, Any] = {}
        if recorded is not None:
            setup["seed"] = recorded
        setup["options"] = game.options.to_json()   # every rule option is part of the setup
        custom = {s: dict(b[s].raw) for s in SIDES if not b[s].default}
        if custom:
            setup["books"] = custom
        if position is not None:
            setup["position"] = json.loads(json.dumps(position))
            from . import records
            records.load_position(game, Reader(setup["position"], "$.setup.position"))
        else:
            game._start()
        game._setup = setup
        return game

    def _start(self) -> None:
        for side in SIDES:
            ids = list(self._ids[side])
            self.rng.shuffle(ids)
            self.pile[side] = ids
        self.log.add(None, "setup", "1.4 Starting situation",
                     "The valley is empty: 44 neutral-tiles around the impassable centre. Day stands on A1 "
                     "(top left), Night on F8 (bottom right); both Books of Spells are shuffled.")
        for side in SIDES:
            for _ in range(HAND_LIMIT):
                self._draw(side, quiet=True)
            self.log.add(side, "draw", "1.4 Starting situation", f"{NAME[side]} draws the top five Spells.")
        self.log.add("day", "turn", "1.4 Starting situation",
                     "Day always begins: turn 1, Awakening with 12 hours.")

    # -- small queries (each a rule of rules.py) ----------------------------------------
    def _day_counters_used(self) -> int:
        return R.day_counters_used(self, self.temples)

    def temples_of(self, side: str) -> int:
        return sum(1 for t in self.temples if t[0] == side)

    def is_fixed(self, sq: int) -> bool:
        """Temple tiles and Day Temple-tiles can never be turned over or changed again."""
        return R.is_fixed(self, sq)

    def distance(self, a: int | None = None, b: int | None = None) -> int:
        """The distance (3.1) from ``a`` to ``b`` (default: between Day and Night)."""
        return R.distance(self.pawn["day"] if a is None else a, self.pawn["night"] if b is None else b)

    def condition_fails(self, spell: Spell, caster: str) -> str | None:
        """None if the spell's conditions hold for ``caster``, else the reason (3.3)."""
        return condition_refusal(self, spell, caster)

    # -- drawing ---------------------------------------------------------------------
    def _draw(self, side: str, quiet: bool = False) -> int | None:
        """Draw a spell (3.2), reshuffling an empty Book from its discard pile first (2.3)."""
        pile = self.pile[side]
        if pile:                     # the common case: nothing to explain but the draw itself
            card = draw_spell(pile, self.discards[side], self.rng)
            self.hand[side].append(card)
            return card
        reshuffle = bool(self.discards[side])
        card = draw_spell(pile, self.discards[side], self.rng)
        if card is None:
            if not quiet:
                self.log.add(side, "draw", "2.3 Book of Spells",
                             f"{NAME[side]}'s Book of Spells and discard pile are both empty: nothing to draw.")
            return None
        if reshuffle:
            self.log.add(side, "reshuffle", "2.3 Book of Spells",
                         f"{NAME[side]}'s Book of Spells is empty: the discard pile ({len(self.pile[side]) + 1} "
                         "spells) is shuffled into a new Book.")
        self.hand[side].append(card)
        return card

    # -- legal moves -------------------------------------------------------------------
    def to_players(self) -> tuple[str, ...]:
        if self.winner is not None or self.result is not None:
            return ()
        if self.temple_pick is not None:
            return (self.temple_pick[0],)
        return (self.turn,)

    def is_over(self) -> bool:
        return self.result is not None

    def legal_moves(self, player: Any = None) -> tuple:
        """Every move :meth:`play` accepts now (computed once per state): in the Spell Casting
        phase every castable copy of a spell (one move per X), then the squares to travel to,
        then retreating; while a spell, a temple pick or a retreat waits, only its choices."""
        legal = self._legal
        if legal is None:
            who = self.turn
            if (self.result is not None or self.temple_pick is not None or self.pending is not None
                    or self.phase == "retreat"):
                legal = self._choices()
            else:                             # the common case, inline: rollouts call this on every move
                out = []
                if self.phase == "cast":
                    hours = self.hours
                    casts = self._casts[who]
                    now = None
                    for c in self.hand[who]:          # every copy is a move of its own
                        when, by_hours = casts[c]     # by_hours[h]: the casts h hours pay for (can_afford)
                        if when > 1:                  # a condition (3.3): condition_refusal, remembered
                            if now is None:           # for what it reads (the tiles under the pawns, the distance)
                                pd, pn = self.pawn["day"], self.pawn["night"]
                                now = _situation(who, self.tiles[pd], self.tiles[pn], DIST[pd][pn])
                            key = when * 2048 + now
                            ok = _CONDITION_HOLDS.get(key)
                            if ok is None:
                                ok = _CONDITION_HOLDS[key] = condition_refusal(self, self.cards[c], who) is None
                            if not ok:
                                continue
                        elif not when:                # the other side's theme spell (3.3)
                            continue
                        out += by_hours[hours]
                here = self.pawn[who]
                to = travel_squares(self, who, self.hours, self.visited)
                out += _TRAVEL_AROUND[who][here] if to is NEIGHBOURS[here] else map(_TRAVEL[who].__getitem__, to)
                out.append(_END[who])
                legal = tuple(out)
            self._legal = legal
        if player is None:
            return legal
        return legal if legal and legal[0].who == player else ()

    def _choices(self) -> tuple:
        """The moves while something waits for a choice: the squares of a temple (2.2), the
        targets of a spell, a card of the other's hand (Steal Passion), a discard (2.1)."""
        if self.result is not None:
            return ()
        if self.temple_pick is not None:
            who, region, picked = self.temple_pick
            pk = _PICK[who]
            return tuple([pk[s] for s in pick_squares(region, picked)])
        who = self.turn
        p = self.pending
        if p is not None:
            if p.kind == "choose":
                ch = _CHOOSE[who]
                return tuple([ch[c] for c in sorted(set(self.hand[OTHER[p.caster]]))])
            tg = _TARGET[who]
            out = [tg[s] for s in p.cands]
            if p.optional:
                out.append(_STOP[who])
            return tuple(out)
        return tuple(map(_DISCARD[who].__getitem__, sorted(set(self.hand[who]))))

    # -- checking (the reason for a refusal) ----------------------------------------------
    def play(self, move: Any) -> list:
        """Check ``move``, then carry it out; the events it caused (see :meth:`Game.play`).

        The base class's method, with its common case -- one of the legal moves just listed
        (what every bot and rollout plays: moves are interned, so it is that very object) --
        accepted in one pass over the list. Anything else, a refusal included, goes through
        :meth:`_check` rule by rule."""
        legal = self._legal
        if legal is not None and self.result is None:
            for m in legal:
                if m is move:
                    log = self.log
                    if not log.enabled:
                        self._apply(move)
                        self.history.append(move)
                        return []
                    start = len(log)
                    self._apply(move)
                    self.history.append(move)
                    return log.since(start)
        return super().play(move)

    def _refuse(self, message: str, rule: str):
        raise IllegalMoveError(message, rule=rule, state=self.describe())

    def _check(self, move: Any) -> None:
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        for m in legal:             # moves are interned: identity first, equality below
            if m is move:
                return
        if move in legal:
            return
        if not isinstance(move, (Cast, Target, Choose, Stop, Travel, EndTurn, Discard, PickTemple)):
            self._refuse(f"{move!r} is not a move of the temple duel", "moves")
        if move.who not in SIDES:
            self._refuse(f"{move.who!r} is not a player (day or night)", "moves")
        mover = self.to_players()[0]
        if move.who != mover:
            what = "pick the squares of a temple" if self.temple_pick else "play"
            self._refuse(f"it is {NAME[mover]}'s turn to {what}, not {NAME[move.who]}'s", "2.1 Phases of a turn")
        if self.temple_pick is not None and not isinstance(move, PickTemple):
            self._refuse(f"{NAME[mover]} must first pick the nine tiles of her temple", "2.2 Building a Temple")
        if isinstance(move, PickTemple):
            if self.temple_pick is None:
                self._refuse("there is no temple to pick tiles for", "2.2 Building a Temple")
            _, region, picked = self.temple_pick
            if move.square not in region:
                self._refuse(f"{square_name(move.square)} is not one of the connected tiles of the new temple",
                             "2.2 Building a Temple")
            if move.square in picked:
                self._refuse(f"{square_name(move.square)} is already picked", "2.2 Building a Temple")
            self._refuse(f"{square_name(move.square)} does not border on the tiles picked so far: the nine "
                         "must border on each other", "2.2 Building a Temple")
        p = self.pending
        if p is not None and not isinstance(move, (Target, Choose, Stop)):
            self._refuse(f"finish casting {p.spell.name} first: {self.pending_prompt()}", "2.1 Spell Casting")
        if isinstance(move, (Target, Choose, Stop)):
            if p is None:
                self._refuse("no spell is waiting for a choice", "2.1 Spell Casting")
            if isinstance(move, Stop):
                self._refuse(f"{p.spell.name} must be carried out as much as possible", "2.1 Spell Casting")
            if isinstance(move, Choose):
                if p.kind != "choose":
                    self._refuse(f"{p.spell.name} asks for a square, not a card", "2.1 Spell Casting")
                self._refuse("that card is not in the other player's hand", "2.1 Spell Casting")
            if p.kind == "choose":
                self._refuse(f"{p.spell.name} asks for a card of the other player's hand", "2.1 Spell Casting")
            sq = move.square
            if not (0 <= sq < 48) or sq in CENTRE:
                self._refuse("the centre of the valley is impassable and has no tile", "1.4 Starting situation")
            if p.kind == "move":
                self._refuse(f"{square_name(sq)} is not a square the pawn can be moved to now "
                             "(it must border on the pawn's location; Day cannot be moved by her own spell "
                             "onto or off a crystallized tile)", "3.2 Move")
            if sq not in spell_area(self, p.step, p.caster):
                self._refuse(f"{square_name(sq)} is not in the spell's area ({p.step.area})", "3.1 Standard terms")
            reason = target_refusal(self, sq, p.step, p.caster, self.options.remystify)
            self._refuse(reason or f"{square_name(sq)} was already chosen for this spell", "3.2 Standard actions")
        if isinstance(move, Discard):
            if self.phase != "retreat":
                self._refuse("spells are discarded only when retreating with more than five", "2.1 Retreating")
            self._refuse("that card is not in your hand", "2.1 Retreating")
        if self.phase == "retreat":
            self._refuse(f"{NAME[mover]} is retreating: discard down to five spells", "2.1 Retreating")
        if isinstance(move, Cast):
            if not (0 <= move.card < len(self.cards)) or move.card not in self.hand[move.who]:
                self._refuse("that spell is not in your hand", "2.1 Spell Casting")
            sp = self.cards[move.card]
            if self.phase != "cast":
                self._refuse("spells are cast before travelling; after travelling no more spells can be cast",
                             "2.1 Phases of a turn")
            if theme_forbidden(sp.type, move.who):
                self._refuse(f"{NAME[move.who]} may not cast the other side's theme spell {sp.name} "
                             f"({sp.type.capitalize()})", "3.3 Theme spells")
            reason = condition_refusal(self, sp, move.who)
            if reason:
                self._refuse(reason, "3.3 Conditions")
            if sp.cost == "X" and move.x not in sp.x_values():
                self._refuse(f"{sp.name} costs X hours with X one of {list(sp.x_values())}", "3.1 X")
            if sp.cost != "X" and move.x is not None:
                self._refuse(f"{sp.name} has a fixed cost of {sp.cost} hours", "3.1 X")
            cost = move.x if sp.cost == "X" else sp.cost
            self._refuse(f"{sp.name} takes {cost} hours; only {self.hours} are left", "2.1 Spell Casting")
        if isinstance(move, Travel):
            why = travel_refusal(self, move.who, self.hours, self.visited, move.square)
            if why:
                self._refuse(*why)
        self._refuse(f"{move!r} is not allowed now", "2.1 Phases of a turn")

    # -- applying -------------------------------------------------------------------
    def _apply(self, move: Any) -> None:
        """Carry out a legal move. Unchecked: the fast path used by bots and rollouts."""
        self._legal = None
        t = type(move)
        if t is Travel:             # travelling never starts anything else: no _advance
            self._travel(move.who, move.square)
            return
        if t is Discard or t is EndTurn:
            if t is Discard:
                self._discard(move.who, move.card)
            else:
                self._end_turn(move.who)
            if self.phase == "next":   # nothing is pending at the end of a turn
                self._next_turn()
                if self.space_check is not None:
                    self._advance()
            return
        if t is Cast:
            self._cast(move.who, move.card, move.x)
        elif t is Target:
            self._target(move.square)
        elif t is Choose:
            self._choose(move.card)
        elif t is Stop:
            p = self.pending
            self.log.add(p.caster, "stop", "3.2 Move", f"{NAME[p.caster]} stops {p.spell.name} here.")
            self.pending = None
        elif t is PickTemple:
            self._pick(move.square)
        self._advance()

    def _pick(self, sq: int) -> None:
        picked = self.temple_pick[2]
        picked.append(sq)
        if len(picked) == TEMPLE_SIZE:
            who = self.temple_pick[0]
            self.temple_pick = None
            self._build_temple(who, tuple(sorted(picked)), chosen=True)

    def _travel(self, who: str, sq: int) -> None:
        if self.phase == "cast":
            self.phase = "travel"
        if not self.visited:
            self.visited.add(self.pawn[who])
        self.visited.add(sq)
        frm = self.pawn[who]
        self.pawn[who] = sq
        self.hours -= TRAVEL_COST
        card = self._draw(who)       # 2.1: "For every tile visited a player must draw a Spell"
        if self.log.enabled:
            self.log.add(who, "travel", "2.1 Travelling",
                         f"{NAME[who]} travels from {_NAMES[frm]} to {_NAMES[sq]} for 3 hours "
                         f"({self.hours} left) and draws a spell" + ("." if card is not None else " (none left)."),
                         frm=frm, to=sq)

    def _cast(self, who: str, card: int, x: int | None) -> None:
        sp = self.cards[card]
        self.hand[who].remove(card)
        cost = x if sp.cost == "X" else sp.cost
        self.hours -= cost
        if self.log.enabled:
            xs = f" with X = {x}" if x is not None else ""
            self.log.add(who, "cast", "2.1 Spell Casting",
                         f"{NAME[who]} casts {sp.name}{xs} for {cost} hours ({self.hours} left): {sp.text}",
                         spell=sp.id, card=card, cost=cost)
        self.casting = (who, card, sp, None)
        self.touched = set()
        for st in sp.effect:
            self.steps.append((st, who, sp, x))

    def _choose(self, card: int) -> None:
        p = self.pending
        self.pending = None
        caster = p.caster
        opp = OTHER[caster]
        self.hand[opp].remove(card)
        sp = self.cards[card]
        if not castable(self, sp, caster):
            why = ("it is the other side's theme spell" if theme_forbidden(sp.type, caster)
                   else condition_refusal(self, sp, caster))
            self.discards[self.owner[card]].append(card)
            self.log.add(caster, "steal", "3.3 Theme spells",
                         f"{NAME[caster]} takes {sp.name} from {NAME[opp]}'s hand but cannot cast it ({why}), "
                         "so it is discarded.", spell=sp.id)
            return
        x = sp.x_values()[0]
        self.log.add(caster, "steal", "3.3 Conditions",
                     f"{NAME[caster]} takes {sp.name} from {NAME[opp]}'s hand and casts it at once without "
                     f"spending hours: {sp.text}", spell=sp.id)
        self.stolen.append(card)
        for st in reversed(sp.effect):
            self.steps.appendleft((st, caster, sp, x))

    @property
    def stolen(self) -> list[int]:
        c = self.casting
        if c is None:
            return []
        if c[3] is None:
            self.casting = (c[0], c[1], c[2], [])
        return self.casting[3]

    def _start_step(self, step: Step, caster: str, spell: Spell, x: int | None) -> None:
        op = step.op
        if op in TILE_OPS:
            cands = spell_targets(self, step, caster, self.options.remystify)
            want = R.step_count(step.count, x, len(cands))
            if self.options.supply == "box" and op in ("mystify", "crystallize"):
                left = self._supply_targets(op, step)
                if left < want:
                    self.log.add(caster, "supply", "Option supply=box",
                                 f"Only {left} {op.capitalize()} target(s) can be served from the box's "
                                 "counters; the spell does as much as it can.")
                    want = left
            n = R.as_much_as_possible(want, len(cands))
            if n <= 0:
                self.log.add(caster, "nothing", "2.1 Spell Casting",
                             f"{spell.name}: no square can be {_DONE[op]} here, so this part does "
                             "nothing (as much as possible).")
                return
            if n >= len(cands):
                for s in cands:
                    self._hit(s, step, caster, spell)
                return
            self.pending = _Pending("tile", step, caster, n, tuple(cands), spell)
            return
        if op == "move":
            cands = move_squares(self, step, caster, self.options.crystal_blocks_day_moves)
            if not cands:
                pawn = caster if step.who == "self" else OTHER[caster]
                self.log.add(caster, "nothing", "3.2 Move",
                             f"{spell.name}: {NAME[pawn]} cannot be moved from {square_name(self.pawn[pawn])}.")
                return
            self.pending = _Pending("move", step, caster, step.steps, cands, spell,
                                    pawn=caster if step.who == "self" else OTHER[caster], optional=step.upto)
            return
        if op == "draw":
            got = sum(1 for _ in range(step.count) if self._draw(caster) is not None)
            self.log.add(caster, "draw", "3.2 Draw a Spell", f"{NAME[caster]} draws {got} spell(s).")
            return
        if op == "opp_discard":
            opp = OTHER[caster]
            for _ in range(step.count):
                if not self.hand[opp]:
                    self.log.add(opp, "nothing", "2.1 Spell Casting", f"{NAME[opp]} has no spell to discard.")
                    break
                card = self.hand[opp].pop(self.rng.randrange(len(self.hand[opp])))
                self.discards[opp].append(card)
                self.log.add(opp, "discard", "2.1 Spell Casting",
                             f"{NAME[opp]} discards {self.cards[card].name} at random.", spell=self.cards[card].id)
            return
        if op == "steal_cast":
            opp = OTHER[caster]
            if not self.hand[opp]:
                self.log.add(caster, "nothing", "2.1 Spell Casting", f"{NAME[opp]}'s hand is empty: nothing to steal.")
                return
            self.pending = _Pending("choose", step, caster, 1, (), spell)
            return
        raise AssertionError(op)

    def _supply_targets(self, op: str, step: Step) -> int:
        """Option supply="box": how many targets the counters left in the box can serve (a
        Mystify spell puts as many counters as are left on one tile rather than none)."""
        if op == "crystallize":
            return max(0, SUPPLY["crystallize"] - sum(self.crystal))
        left = SUPPLY["mystify"] - sum(self.mystify)
        return max(left // step.counters, 1 if left > 0 else 0)

    def _hit(self, sq: int, step: Step, caster: str, spell: Spell) -> None:
        """One target of a spell: Crystallize, Mystify, or change the tile (3.2)."""
        op = step.op
        log = self.log.enabled
        if op == "crystallize":
            self.crystal[sq] = True
            if log:
                self.log.add(caster, "crystallize", "3.2 Crystallize",
                             f"{square_name(sq)} is crystallized: until Night's next turn Day cannot change it, "
                             "turn it over or travel across it.", square=sq)
            return
        if op == "mystify":
            n = R.mystify_counters(step.counters, sum(self.mystify),
                                   SUPPLY["mystify"] if self.options.supply == "box" else None)
            self.mystify[sq] += n
            if log:
                self.log.add(caster, "mystify", "3.2 Mystify",
                             f"{square_name(sq)} is mystified with {n} Mystify-counter(s); one comes off at the "
                             "start of each of Day's turns, and the last makes it a Day Temple-tile.",
                             square=sq, counters=n)
            return
        t = self.tiles[sq]
        new = self.tiles[sq] = changed(t, COLOUR[caster])
        self.touched.add(sq)
        lost = self.mystify[sq]
        if lost:
            self.mystify[sq] = R.mystify_after_change(lost, new)
        if log:
            self._explain_tile(sq, step, caster, spell, t, new, lost if new != DAY else 0)

    def _explain_tile(self, sq: int, step: Step, caster: str, spell: Spell, old: int, new: int, lost: int) -> None:
        name = _NAMES[sq]
        op = step.op
        mine = COLOUR[caster]
        if op == "place" or (op == "make_own" and old == NEUTRAL):
            verb = f"a {TILE_WORD[mine]} is placed on {name}"
        elif op == "change" and old == NEUTRAL:
            verb = f"{name} was neutral, so changing places a {TILE_WORD[mine]} there"
        else:
            verb = f"{name} is turned over from {TILE_WORD[old]} to {TILE_WORD[new]}"
        rule = "3.2 " + ("Change" if op == "change" else "Turn over" if op == "turn_over" else "Standard actions")
        self.log.add(caster, "tile", rule, f"{spell.name}: {verb}.", square=sq, tile=new)
        if lost:
            self.log.add(caster, "unmystify", "3.2 Mystify",
                         f"{name} was mystified; turned over, it loses its {lost} Mystify-counter(s) "
                         "and becomes a regular Night-tile.", square=sq)

    def _target(self, sq: int) -> None:
        p = self.pending
        if p.kind == "move":
            frm = self.pawn[p.pawn]
            self.pawn[p.pawn] = sq
            p.remaining -= 1
            if self.log.enabled:
                self.log.add(p.caster, "move", "3.2 Move",
                         f"{p.spell.name} moves {NAME[p.pawn]} from {square_name(frm)} to {square_name(sq)} "
                         "(a move, not travelling: no hours, no spell drawn).", frm=frm, to=sq)
            if p.remaining <= 0:
                self.pending = None
            else:
                cands = move_squares(self, p.step, p.caster, self.options.crystal_blocks_day_moves)
                if not cands:
                    self.pending = None
                else:
                    p.cands = cands
            return
        self._hit(sq, p.step, p.caster, p.spell)
        p.remaining -= 1
        p.cands = tuple(s for s in p.cands if s != sq)
        if p.remaining <= 0 or not p.cands:
            self.pending = None
        elif len(p.cands) <= p.remaining:
            # the rest is forced: as much as possible
            for s in p.cands:
                self._hit(s, p.step, p.caster, p.spell)
            self.pending = None

    def _finish_spell(self) -> None:
        who, card, sp, stolen = self.casting
        self.casting = None
        self.discards[self.owner[card]].append(card)
        for c in stolen or ():
            self.discards[self.owner[c]].append(c)
        touched = self.touched
        self.touched = set()
        order = (who, OTHER[who]) if self.options.temple_check == "both" else (who,)
        for side in order:
            colour = COLOUR[side]
            seeds = [s for s in touched if self.tiles[s] == colour]
            if seeds or self.options.temple_check == "caster":
                self._queue_regions(side, seeds if self.options.temple_check == "both" else None)

    def _queue_regions(self, side: str, seeds: list[int] | None) -> None:
        """Flood fill from ``seeds`` (or the whole board) for groups of nine or more."""
        for group in temple_regions(self.tiles, COLOUR[side], self.in_temple, seeds):
            self.temple_queue.append((side, frozenset(group)))

    def _process_temple_queue(self) -> None:
        side, region = self.temple_queue.pop(0)
        colour = COLOUR[side]
        live = [s for s in region if self.tiles[s] == colour and not self.in_temple[s]]
        # a group just found by the flood fill is whole and connected; what is left after a
        # pick may have fallen apart
        for g in ([live] if len(live) == len(region) else regions(live)):
            if len(g) < TEMPLE_SIZE:
                continue
            if len(g) == TEMPLE_SIZE:
                self._build_temple(side, tuple(sorted(g)))
                if self.result:
                    return
                continue
            self.temple_pick = (side, frozenset(g), [])
            self.log.add(side, "temple-choice", "2.2 Building a Temple",
                         f"{len(g)} {TILE_WORD[colour]}s border on each other: {NAME[side]} picks the nine that "
                         "become the temple (they must border on each other); the rest stay ordinary tiles.",
                         size=len(g))
            # re-check the rest of this region after the pick
            self.temple_queue.insert(0, (side, frozenset(g)))
            return

    def _build_temple(self, side: str, squares: tuple[int, ...], chosen: bool = False) -> None:
        self.temples.append((side, squares))
        idx = len(self.temples)
        for s in squares:
            self.in_temple[s] = idx
            if self.mystify[s]:
                self.mystify[s] = 0  # a temple tile never changes; its countdown no longer matters
        n = self.temples_of(side)
        if self.log.enabled:
            names = " ".join(square_name(s) for s in squares)
            ttiles = sum(1 for s in squares if self.temple_tile[s])
            extra = f" ({ttiles} of them Day Temple-tiles made by Mystify)" if ttiles else ""
            self.log.add(side, "temple", "2.2 Building a Temple",
                         f"{NAME[side]} builds temple number {n} on {names}{extra}"
                         f"{', as she chose' if chosen else ''}: these tiles can never be turned over or changed.",
                         squares=list(squares))
        if R.winner_by_temples(n, self.options.temples_to_win):
            self._end("win", side, f"{NAME[side]} has built her {'second' if n == 2 else 'first'} temple and wins.",
                      "4.1 Normal victory")
        else:
            self.space_check = self.space_check or "temple"

    # -- the ends of the game --------------------------------------------------------------
    def open_area(self, side: str) -> list[int]:
        """Squares that can still become part of a new temple of ``side`` (rules.open_area)."""
        return R.open_area(self, side)

    def temples_needed(self, side: str) -> int:
        return max(0, self.options.temples_to_win - self.temples_of(side))

    def can_still_win(self, side: str) -> bool:
        """Whether ``side`` can still fit the temples she needs (rules.can_still_win)."""
        return R.can_still_win(self, side, self.temples_needed(side))

    def _space_check(self, trigger: str) -> None:
        verdict = space_verdict(lambda: self.can_still_win("day"), lambda: self.can_still_win("night"),
                                trigger == "transform" or self.options.day_default == "any")
        if verdict is None:
            return
        result, winner, rule = verdict
        if result == "draw":
            text = ("There is not enough room left for either player to build the temple she needs, so "
                    "neither can win: the game is a draw.")
        else:
            text = ("Night can no longer build her next temple anywhere (no nine connected squares are open "
                    "to her) while Day still can: Day wins by default.")
        self._end(result, winner, text, rule)

    def _end(self, result: str, winner: str | None, text: str, rule: str) -> None:
        self.result, self.winner, self.end_reason = result, winner, text
        self.pending = None
        self.temple_pick = None
        self.steps.clear()
        self.temple_queue.clear()
        self.log.add(winner, "end", rule, text)

    # -- the driver ----------------------------------------------------------------------
    def _advance(self) -> None:
        while self.result is None:
            if self.temple_pick is not None or self.pending is not None:
                return
            if self.steps:
                st, caster, sp, x = self.steps.popleft()
                self._start_step(st, caster, sp, x)
                continue
            if self.casting is not None:
                self._finish_spell()
                continue
            if self.temple_queue:
                self._process_temple_queue()
                continue
            if self.space_check is not None:
                trig, self.space_check = self.space_check, None
                self._space_check(trig)
                continue
            if self.phase == "next":
                self._next_turn()
                continue
            return

    def _end_turn(self, who: str) -> None:
        n = len(self.hand[who])
        retreat = R.MUST_DISCARD[n]
        self.phase = "retreat" if retreat else "next"
        if not self.log.enabled:
            return
        if retreat:
            self.log.add(who, "retreat", "2.1 Retreating",
                         f"{NAME[who]} retreats with {n} spells and must discard down to five"
                         f" ({self.hours} unspent hours are lost).")
        else:
            self.log.add(who, "retreat", "2.1 Retreating",
                         f"{NAME[who]} retreats with {n} spell(s) and ends her turn"
                         f" ({self.hours} unspent hours are lost).")

    def _discard(self, who: str, card: int) -> None:
        self.hand[who].remove(card)
        self.discards[who if self.owner[card] == who else self.owner[card]].append(card)
        if self.log.enabled:
            self.log.add(who, "discard", "2.1 Retreating", f"{NAME[who]} discards {self.cards[card].name}.",
                         spell=self.cards[card].id)
        if not R.MUST_DISCARD[len(self.hand[who])]:
            self.phase = "next"

    def _next_turn(self) -> None:
        self.turn = OTHER[self.turn]
        self.turn_no += 1
        self.hours = HOURS
        self.phase = "cast"
        self.visited = set()
        limit = self.options.turn_limit
        if limit and self.turn_no > limit:
            self._end("draw", None, f"The turn limit of {limit} turns is reached: the game is a draw.",
                      "Option turn_limit")
            return
        who = self.turn
        if self.log.enabled:
            self.log.add(who, "turn", "2.1 Awakening", f"Turn {self.turn_no}: {NAME[who]} awakens with 12 hours.")
        if who == "night":
            if any(self.crystal):
                self._awaken_night()
        elif any(self.mystify):
            self._awaken_day()

    def _awaken_night(self) -> None:
        """3.2 Crystallize: "At the beginning of Night's turn, all Crystallize-counters are
        removed from all tiles." """
        n = sum(self.crystal)
        if n:
            self.crystal = [False] * 48
            self.log.add("night", "uncrystallize", "3.2 Crystallize",
                         f"At the start of Night's turn all {n} Crystallize-counter(s) come off.")

    def _awaken_day(self) -> None:
        """3.2 Mystify, steps 2 and 3 (:func:`rules.countdown`): one counter off every
        mystified tile; a tile whose last counter comes off becomes a Day Temple-tile."""
        before = self.mystify
        self.mystify, last = countdown(before)
        if self.log.enabled:
            for s in SQUARES:
                if self.mystify[s]:
                    self.log.add("day", "countdown", "3.2 Mystify",
                                 f"A Mystify-counter comes off {square_name(s)}; {self.mystify[s]} left.", square=s)
        transformed = False
        for s in last:
            if (self.options.supply == "box" and self._day_counters_used()
                    + (TEMPLE_SIZE if self.temples_of("day") == 0 else 0) >= SUPPLY["day_temple"]):
                self.log.add("day", "countdown", "Option supply=box",
                             f"The last Mystify-counter comes off {square_name(s)}, but no Day Temple-counter "
                             "is left in the box (nine are kept for Day's temple): it stays a Day-tile.", square=s)
                continue
            self.temple_tile[s] = True
            transformed = True
            self.log.add("day", "transform", "3.2 Mystify",
                         f"The last Mystify-counter comes off {square_name(s)}: it becomes a Day Temple-tile "
                         "that can never be turned over or changed.", square=s)
        if transformed:
            self.space_check = "transform"

    # -- prompts and views ----------------------------------------------------------------
    def pending_prompt(self) -> str:
        """What the player to move is asked to do, in words."""
        if self.result is not None:
            return self.end_reason
        if self.temple_pick is not None:
            who, region, picked = self.temple_pick
            return (f"{NAME[who]}: pick the tiles of your temple ({len(picked)} of 9 picked); "
                    "each must border on those already picked.")
        p = self.pending
        if p is not None:
            if p.kind == "choose":
                return f"{p.spell.name}: choose a spell from {NAME[OTHER[p.caster]]}'s hand."
            if p.kind == "move":
                return (f"{p.spell.name}: click a square bordering on {NAME[p.pawn]} to move her there"
                        + (" (or stop)." if p.optional else "."))
            return (f"{p.spell.name}: choose {p.remaining} more square(s) to "
                    f"{p.step.op.replace('_', ' ')}.")
        who = self.turn
        if self.phase == "retreat":
            return f"{NAME[who]}: discard down to five spells ({len(self.hand[who])} in hand)."
        if self.phase == "cast":
            return f"{NAME[who]}: cast a spell, travel to a bordering square, or retreat. {self.hours} hours left."
        return f"{NAME[who]}: travel on (3 hours a square) or retreat. {self.hours} hours left."

    def board_rows(self) -> list[str]:
        """The board as 8 strings: . neutral, d Day, n Night, t Day Temple-tile, D/N temple, # centre."""
        rows = []
        for r in range(ROWS):
            row = ""
            for c in range(COLS):
                s = r * COLS + c
                if s in CENTRE:
                    row += "#"
                elif self.in_temple[s]:
                    row += "D" if self.tiles[s] == DAY else "N"
                elif self.temple_tile[s]:
                    row += "t"
                else:
                    row += ".dn"[self.tiles[s]]
            rows.append(row)
        return rows

    def summary(self) -> str:
        lines = [f"Turn {self.turn_no}, {NAME[self.turn]} to play, {self.hours} hours left, phase {self.phase}.",
                 "  (@ Day, & Night; d/n Day-/Night-tile, D/N temple tile, t Day Temple-tile, . neutral, # centre)"]
        for r, row in enumerate(self.board_rows()):
            marks = "".join(("@" if self.pawn["day"] == r * COLS + c else "&" if self.pawn["night"] == r * COLS + c
                             else ch) for c, ch in enumerate(row))
            lines.append(f"  {r + 1} {marks}")
        lines.append(f"Temples: Day {self.temples_of('day')}, Night {self.temples_of('night')}; "
                     f"largest groups: Day {largest_region(self.tiles, DAY, self._templed())}, "
                     f"Night {largest_region(self.tiles, NIGHT, self._templed())}.")
        if self.result:
            lines.append(self.end_reason)
        return "\n".join(lines)

    def _templed(self):
        return [s for s in SQUARES if self.in_temple[s]]

    def state_json(self) -> dict[str, Any]:
        s = self._public()
        s["prompt"] = self.pending_prompt()
        s["summary"] = self.summary()
        return s

    def _public(self) -> dict[str, Any]:
        return {
            "over": self.is_over(), "result": self.result, "winner": self.winner,
            "turn": self.turn, "turn_no": self.turn_no, "hours": self.hours, "phase": self.phase,
            "board": self.board_rows(),
            "mystify": {square_name(s): self.mystify[s] for s in SQUARES if self.mystify[s]},
            "crystal": [square_name(s) for s in SQUARES if self.crystal[s]],
            "temples": [{"side": side, "squares": [square_name(s) for s in sq]} for side, sq in self.temples],
            "pawns": {side: square_name(self.pawn[side]) for side in SIDES},
            "hands": {side: [self.cards[c].id for c in self.hand[side]] for side in SIDES},
            "piles": {side: len(self.pile[side]) for side in SIDES},
            "discards": {side: [self.cards[c].id for c in self.discards[side]] for side in SIDES},
            "visited": sorted(square_name(s) for s in self.visited),
        }

    def view(self, player: Any) -> dict[str, Any]:
        """What ``player`` sees: the board, counters, temples, pawns, both discard piles, her
        own hand, the size of the other's hand and of both books (never their order). While
        her Steal Passion shows the other's hand, that hand is in the view too (``shown_hand``).
        Squares are ints 0..47 here (bots read it on every move); ``state_json`` has names."""
        other = OTHER[player]
        p = self.pending
        v = {
            "me": player, "turn": self.turn, "turn_no": self.turn_no, "hours": self.hours,
            "phase": self.phase, "over": self.result is not None, "winner": self.winner,
            "tiles": list(self.tiles), "in_temple": list(map(bool, self.in_temple)),
            "temple_tile": list(self.temple_tile), "mystify": list(self.mystify),
            "crystal": list(self.crystal), "temples": [[side, list(sq)] for side, sq in self.temples],
            "pawn_squares": dict(self.pawn), "visited": sorted(self.visited),
            "hand": [self.cards[c].id for c in self.hand[player]],
            "hand_cards": dict(zip(self.hand[player], map(self._card_json, self.hand[player]))),
            "hands": {player: [self.cards[c].id for c in self.hand[player]], other: len(self.hand[other])},
            "piles": {side: len(self.pile[side]) for side in SIDES},
            "discards": {side: [self.cards[c].id for c in self.discards[side]] for side in SIDES},
            "pending": None if p is None else {"kind": p.kind, "op": p.step.op, "caster": p.caster,
                                               "pawn": p.pawn, "remaining": p.remaining,
                                               "spell": p.spell.id},
            "temple_pick": None if self.temple_pick is None else
            {"who": self.temple_pick[0], "region": sorted(self.temple_pick[1]), "picked": list(self.temple_pick[2])},
        }
        if p is not None and p.kind == "choose" and p.caster == player:
            v["shown_hand"] = [self.cards[c].id for c in self.hand[other]]
        return v

    def _card_json(self, card: int) -> dict[str, Any]:
        """A card's JSON, built once per game (views are built on every bot move)."""
        cache = self.__dict__.setdefault("_cards_json", {})
        d = cache.get(card)
        if d is None:
            d = cache[card] = self.cards[card].to_json()
        return d

    def _repr_svg_(self) -> str:          # a notebook shows the table, as a teacher sees it
        from .draw import table
        return table(self).svg

    def _repr_html_(self) -> str:
        from .draw import table
        return table(self)._repr_html_()

    def describe(self) -> str:
        extra = ""
        if self.pending is not None:
            extra = f", casting {self.pending.spell.name}"
        return (f"temples turn {self.turn_no}, {NAME[self.turn]} to play, {self.hours} h, phase {self.phase}"
                f"{extra}, Day {square_name(self.pawn['day'])}, Night {square_name(self.pawn['night'])}")

    _SHARED = ("cards", "owner", "books", "options", "_legal", "_cards_json", "_ids", "_casts")

    def snapshot(self) -> bytes:
        """The mutable state as bytes (the cards, books and options never change)."""
        import pickle
        d = {k: v for k, v in self.__dict__.items() if k not in self._SHARED}
        d["rng"] = self.rng.getstate()
        # the log is append-only and its events are frozen: its length and last event stand for it
        d["log"] = (len(self.log), self.log[-1] if len(self.log) else None)
        return pickle.dumps(d, protocol=pickle.HIGHEST_PROTOCOL)

    def copy(self) -> "TemplesGame":
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
            p = self.pending
            g.pending = _Pending(p.kind, p.step, p.caster, p.remaining, p.cands, p.spell, p.pawn, p.optional)
        if self.casting is not None:
            c = self.casting
            g.casting = (c[0], c[1], c[2], None if c[3] is None else list(c[3]))
        g.log = EventLog(self.log, enabled=self.log.enabled)
        g._setup = self._setup
        g._legal = self._legal
        return g

    def __getstate__(self):
        d = dict(self.__dict__)
        d["_legal"] = None
        return d

    # -- records ------------------------------------------------------------------------
    def options_record(self) -> dict[str, Any]:
        return self.options.to_json()

    # -- records: the JSON of this game lives in records.py ---------------------------
    def setup_record(self) -> dict[str, Any]:
        from . import records
        return records.setup_record(self)

    @classmethod
    def from_setup(cls, setup: Reader):
        from . import records
        return records.from_setup(cls, setup)

    def move_to_json(self, move: Any) -> Any:
        from . import records
        return records.move_to_json(self, move)

    def move_from_json(self, value: Reader) -> Any:
        from . import records
        return records.move_from_json(self, value)

    # -- helpers for views and teaching -----------------------------------------------------
    def spell_of(self, card: int) -> Spell:
        return self.cards[card]

    def cast_by_name(self, who: str, name: str, x: int | None = None):
        """Cast the first card called ``name`` in ``who``'s hand (for notebooks)."""
        for c in self.hand[who]:
            if self.cards[c].name == name or self.cards[c].id == name:
                return self.play(_mv(Cast, who, c, x))
        raise IllegalMoveError(f"{NAME[who]} has no {name} in hand", rule="2.1 Spell Casting", state=self.describe())

    def target(self, who: str, square: str):
        return self.play(_mv(Target, who, parse_square(square)))

    def travel(self, who: str, square: str):
        return self.play(_mv(Travel, who, parse_square(square)))

    def end_turn(self, who: str):
        return self.play(_mv(EndTurn, who))

    def pick(self, who: str, square: str):
        return self.play(_mv(PickTemple, who, parse_square(square)))

    def move(self, kind: str, who: str, arg: Any = None, x: int | None = None):
        """Build an interned move: ``move("travel", "day", "B1")``."""
        cls = {"cast": Cast, "target": Target, "choose": Choose, "stop": Stop, "travel": Travel,
               "end": EndTurn, "discard": Discard, "temple": PickTemple}[kind]
        if cls in (Stop, EndTurn):
            return _mv(cls, who)
        if cls in (Target, Travel, PickTemple):
            return _mv(cls, who, parse_square(arg) if isinstance(arg, str) else arg)
        if cls is Cast:
            return _mv(Cast, who, arg, x)
        return _mv(cls, who, arg)


GAME = TemplesGame
