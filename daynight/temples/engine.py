"""temples: the engine (:class:`TemplesGame`): a turn (2.1), the legal moves, why a move is
refused, and the fast path that carries a move out.

One legality path: :meth:`TemplesGame.legal_moves` lists every move the rules allow now (from
the rule functions of ``rules.py``), :meth:`TemplesGame.refusal` says why any other move is
refused (from the same functions, in words), and ``core.Game.play`` plays: a move the list
offers is accepted by identity, anything else goes through ``_check``.

The layers below, each a part of the rule book: ``state.py`` (the state and what reads it),
``building.py`` (2.2 temples, 4 the end), ``casting.py`` (2.1 spell casting, 3.2, 3.3).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..core import Event, Game, IllegalMoveError, Reader, make_rng
from . import pictures
from .casting import NAMES, SpellCasting
from .data import Book, Spell, default_books
from .moves import (
    CHOOSE,
    DISCARD,
    END,
    MOVE_TYPES,
    PICK,
    STOP,
    TARGET,
    TRAVEL,
    Cast,
    Choose,
    Discard,
    EndTurn,
    Options,
    PickTemple,
    Stop,
    Target,
    Travel,
    interned,
)
from .position import load_position
from .rules import (
    CENTRE,
    COLS,
    HAND_LIMIT,
    HOURS,
    NAME,
    OTHER,
    ROWS,
    SIDES,
    SQUARES,
    SUPPLY,
    TEMPLE_SIZE,
    TRAVEL_COST,
    can_afford,
    cast_refusal,
    condition_refusal,
    cost_of,
    countdown,
    discards_needed,
    parse_square,
    pick_squares,
    spell_area,
    square_name,
    target_refusal,
    theme_forbidden,
    travel_refusal,
    travel_squares,
)
from .state import Cards, Pending
from .view import View, board_rows, describe, pending_prompt, public_json, summary, view_of

__all__ = ["GAME", "CastRow", "TemplesGame", "cast_table"]

# ---------------------------------------------------------------------------
# The fast path's table (built by calling the rule functions; a test compares them)
# ---------------------------------------------------------------------------


class CastRow(NamedTuple):
    """A card of the two books as the legal-move list reads it, for one side."""

    #: not the other side's theme spell (:func:`rules.theme_forbidden`, 3.3)
    allowed: bool
    #: it has a condition (3.3), asked of :func:`rules.condition_refusal` in each state
    conditional: bool
    #: ``by_hours[h]``: its Cast moves that ``h`` hours pay for (one per X; :func:`rules.can_afford`)
    by_hours: tuple[tuple[Cast, ...], ...]


_CAST_TABLES: dict[int, tuple[Cards, dict[str, tuple[CastRow, ...]]]] = {}


def cast_table(cards: Cards) -> dict[str, tuple[CastRow, ...]]:
    """For each side, a :class:`CastRow` per card of the two books, built once per pair of books
    by calling the rule functions.

    Measured (callgrind, ``PYTHONHASHSEED=0``, 300 random quiet turns of ``python -m benchmarks
    temples``): listing the casts of a hand from this table costs 185k instructions a turn;
    asking :func:`rules.cast_refusal` of every card and X in every state costs 218k (18% more)."""
    hit = _CAST_TABLES.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1]
    table = {}
    for side in SIDES:
        rows = []
        for c, sp in enumerate(cards.spells):
            ways = [(cost_of(sp, x), interned(Cast, side, c, x)) for x in sp.x_values()]
            by_hours = tuple(tuple(mv for cost, mv in ways if can_afford(cost, h)) for h in range(HOURS + 1))
            rows.append(CastRow(not theme_forbidden(sp.type, side), bool(sp.condition), by_hours))
        table[side] = tuple(rows)
    _CAST_TABLES[id(cards)] = (cards, table)
    return table


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


class TemplesGame(SpellCasting, Game):
    """The two-player temple duel. Create with :meth:`new` (seeded) or from a record."""

    name = "temples"
    title = "Day & Night, the temple duel"

    def __init__(self, *, seed: int | None, rng: random.Random, options: Options, books: dict[str, Book]):
        super().__init__(seed=seed, rng=rng, options=options, books=books)
        self._casts = cast_table(self.deck)

    @classmethod
    def new(
        cls,
        seed: int | random.Random | None = None,
        *,
        options: Options | None = None,
        books: Mapping[str, Book] | None = None,
        position: Mapping[str, Any] | None = None,
    ) -> TemplesGame:
        """A new game: both books shuffled from ``seed``, five spells each, Day begins.

        ``position`` is an explicit teaching position (see :func:`position.load_position`)."""
        rng, recorded = make_rng(seed)
        b = dict(default_books())
        if books:
            b.update(books)
        game = cls(seed=recorded, rng=rng, options=options or Options(), books=b)
        setup: dict[str, Any] = {}
        if recorded is not None:
            setup["seed"] = recorded
        setup["options"] = game.options.to_json()  # every rule option is part of the setup
        custom = {s: dict(b[s].raw) for s in SIDES if not b[s].default}
        if custom:
            setup["books"] = custom
        if position is not None:
            setup["position"] = json.loads(json.dumps(position))
            load_position(game, Reader(setup["position"], "$.setup.position"))
        else:
            game._start()
        game.recorded_setup = setup
        return game

    def _start(self) -> None:
        """1.4 Starting situation."""
        for side in SIDES:
            ids = list(self.deck.ids[side])
            self.rng.shuffle(ids)
            self.pile[side] = ids
        self.log.add(
            None,
            "setup",
            "1.4 Starting situation",
            "The valley is empty: 44 neutral-tiles around the impassable centre. Day stands on A1 "
            "(top left), Night on F8 (bottom right); both Books of Spells are shuffled.",
        )
        for side in SIDES:
            for _ in range(HAND_LIMIT):
                self._draw(side, quiet=True)
            self.log.add(side, "draw", "1.4 Starting situation", f"{NAME[side]} draws the top five Spells.")
        self.log.add("day", "turn", "1.4 Starting situation", "Day always begins: turn 1, Awakening with 12 hours.")

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._casts = cast_table(self.deck)

    # -- the legal moves -----------------------------------------------------------------
    def to_players(self) -> tuple[str, ...]:
        if self.result is not None:
            return ()
        if self.temple_pick is not None:
            return (self.temple_pick[0],)
        return (self.turn,)

    def legal_moves(self, player: Any = None) -> tuple[Any, ...]:
        """Every move the rules allow now (listed once per state): in the Spell Casting phase
        every castable copy of a spell (one move per X), then the squares to travel to, then
        retreating; while a spell, a temple pick or a retreat waits, only its choices."""
        legal = self._legal
        if legal is None:
            if (
                self.result is not None
                or self.temple_pick is not None
                or self.pending is not None
                or self.phase == "retreat"
            ):
                legal = self._choices()
            else:
                who = self.turn
                out = self._legal_casts(who) if self.phase == "cast" else []
                travel = TRAVEL[who]  # 2.1 Travelling (rules.travel_squares decides)
                for s in travel_squares(self, who, self.hours, self.visited):
                    out.append(travel[s])
                out.append(END[who])
                legal = tuple(out)
            self._legal = legal
        if player is not None and not (legal and legal[0].who == player):
            legal = ()
        self.offered = legal  # core's play accepts one of these by identity
        return legal

    def _legal_casts(self, who: str) -> list[Any]:
        """2.1 Spell Casting: the spells of the hand ``who`` may cast now (as
        :func:`rules.cast_refusal` decides, read from :func:`cast_table`), each copy a move of
        its own, one per X."""
        hours = self.hours
        casts = self._casts[who]
        cards = self.cards
        out: list[Any] = []
        for c in self.hand[who]:
            allowed, conditional, by_hours = casts[c]
            if not allowed:  # the other side's theme spell (3.3)
                continue
            if conditional and condition_refusal(self, cards[c], who) is not None:  # 3.3 Conditions
                continue
            out += by_hours[hours]
        return out

    def _choices(self) -> tuple[Any, ...]:
        """The moves while something waits for a choice: the squares of a temple (2.2), the
        targets of a spell, a card of the other's hand (Steal Passion), a discard (2.1)."""
        if self.result is not None:
            return ()
        if self.temple_pick is not None:
            who, region, picked = self.temple_pick
            return tuple([PICK[who][s] for s in pick_squares(region, picked)])
        who = self.turn
        p = self.pending
        if p is not None:
            if p.kind == "choose":
                return tuple([CHOOSE[who][c] for c in sorted(set(self.hand[OTHER[p.caster]]))])
            out = [TARGET[who][s] for s in p.cands]
            if p.optional:
                out.append(STOP[who])
            return tuple(out)
        return tuple([DISCARD[who][c] for c in sorted(set(self.hand[who]))])

    # -- why a move is refused -------------------------------------------------------------
    def _check(self, move: Any) -> None:
        if self.result is not None:  # the end of the game first (core's play asks no is_over of its own)
            raise self.game_over_error()
        if move in self.legal_moves():  # a legal move built anew: equal to the one offered
            return
        reason, rule = self.refusal(move)
        raise IllegalMoveError(reason, rule=rule, state=self.describe())

    def refusal(self, move: Any) -> tuple[str, str]:
        """Why ``move`` is not allowed now, as ``(reason, rule)`` (for a move that is not
        legal): its shape and player, then what waits (a temple pick, a spell, a retreat),
        then the rule of its kind."""
        if not isinstance(move, MOVE_TYPES):
            return f"{move!r} is not a move of the temple duel", "moves"
        if move.who not in SIDES:
            return f"{move.who!r} is not a player (day or night)", "moves"
        if self.result is not None:
            return "the game is over; no more moves can be played", "end of the game"
        mover = self.to_players()[0]
        if move.who != mover:
            what = "pick the squares of a temple" if self.temple_pick else "play"
            return f"it is {NAME[mover]}'s turn to {what}, not {NAME[move.who]}'s", "2.1 Phases of a turn"
        if self.temple_pick is not None or isinstance(move, PickTemple):
            return self._pick_refusal(move)
        p = self.pending
        if isinstance(move, (Target, Choose, Stop)):
            if p is None:
                return "no spell is waiting for a choice", "2.1 Spell Casting"
            return self._choice_refusal(move, p)
        if p is not None:
            return f"finish casting {p.spell.name} first: {self.pending_prompt()}", "2.1 Spell Casting"
        if isinstance(move, Discard):
            if self.phase != "retreat":
                return "spells are discarded only when retreating with more than five", "2.1 Retreating"
            return "that card is not in your hand", "2.1 Retreating"
        if self.phase == "retreat":
            return f"{NAME[mover]} is retreating: discard down to five spells", "2.1 Retreating"
        if isinstance(move, Cast):
            return self._cast_refusal(move)
        if isinstance(move, Travel):
            return travel_refusal(self, move.who, self.hours, self.visited, move.square) or (
                f"{move!r} is not allowed now",
                "2.1 Phases of a turn",
            )
        return f"{move!r} is not allowed now", "2.1 Phases of a turn"

    def _pick_refusal(self, move: Any) -> tuple[str, str]:
        """2.2: the nine squares of a temple of more than nine, picked one at a time."""
        if self.temple_pick is None:
            return "there is no temple to pick tiles for", "2.2 Building a Temple"
        who, region, picked = self.temple_pick
        if not isinstance(move, PickTemple):
            return f"{NAME[who]} must first pick the nine tiles of her temple", "2.2 Building a Temple"
        if move.square not in region:
            return (
                f"{_square_words(move.square)} is not one of the connected tiles of the new temple",
                "2.2 Building a Temple",
            )
        if move.square in picked:
            return f"{square_name(move.square)} is already picked", "2.2 Building a Temple"
        return (
            f"{square_name(move.square)} does not border on the tiles picked so far: the nine must border "
            "on each other",
            "2.2 Building a Temple",
        )

    def _choice_refusal(self, move: Any, p: Pending) -> tuple[str, str]:
        """The choices of the spell being cast (2.1: "perform as much of the instructions as
        possible"; 3.1 the areas; 3.2 the standard actions)."""
        if isinstance(move, Stop):
            return f"{p.spell.name} must be carried out as much as possible", "2.1 Spell Casting"
        if isinstance(move, Choose):
            if p.kind != "choose":
                return f"{p.spell.name} asks for a square, not a card", "2.1 Spell Casting"
            return "that card is not in the other player's hand", "2.1 Spell Casting"
        if p.kind == "choose":
            return f"{p.spell.name} asks for a card of the other player's hand", "2.1 Spell Casting"
        sq = move.square
        if isinstance(sq, bool) or not isinstance(sq, int) or not 0 <= sq < COLS * ROWS or sq in CENTRE:
            return "the centre of the valley is impassable and has no tile", "1.4 Starting situation"
        if p.kind == "move":
            return (
                f"{square_name(sq)} is not a square the pawn can be moved to now (it must border on the pawn's "
                "location; Day cannot be moved by her own spell onto or off a crystallized tile)",
                "3.2 Move",
            )
        if sq not in spell_area(self, p.step, p.caster):
            return f"{square_name(sq)} is not in the spell's area ({p.step.area})", "3.1 Standard terms"
        reason = target_refusal(self, sq, p.step, p.caster, self.options.remystify)
        return reason or f"{square_name(sq)} was already chosen for this spell", "3.2 Standard actions"

    def _cast_refusal(self, move: Cast) -> tuple[str, str]:
        """2.1 Spell Casting, 3.1 X, 3.3 (:func:`rules.cast_refusal`)."""
        if (
            not isinstance(move.card, int)
            or not 0 <= move.card < len(self.cards)
            or move.card not in self.hand[move.who]
        ):
            return "that spell is not in your hand", "2.1 Spell Casting"
        if self.phase != "cast":
            return (
                "spells are cast before travelling; after travelling no more spells can be cast",
                "2.1 Phases of a turn",
            )
        return cast_refusal(self, self.cards[move.card], move.who, move.x, self.hours) or (
            f"{move!r} is not allowed now",
            "2.1 Spell Casting",
        )

    # -- the moves a click asks for (the play app) ---------------------------------------
    def square_move(self, who: str, sq: int) -> Any:
        """The move a player who points at square ``sq`` asks for now, legal or not (``play``
        says): pick it for the temple (2.2), target it for the spell waiting, or travel to it."""
        if self.temple_pick is not None:
            return PICK[who][sq]
        if self.pending is not None:
            return TARGET[who][sq]
        return TRAVEL[who][sq]

    def card_move(self, who: str, card: int) -> Any:
        """The move a player who points at a card of her hand asks for now, legal or not:
        discard it while retreating (2.1), else cast it (at its smallest X)."""
        if self.phase == "retreat":
            return DISCARD[who][card]
        return interned(Cast, who, card, self.cards[card].x_values()[0])

    # -- carrying a move out ----------------------------------------------------------------
    def _apply(self, move: Any) -> None:
        """Carry out a legal move. Unchecked: the fast path used by bots and rollouts."""
        self._legal = None
        t = type(move)
        if t is Travel:  # travelling never starts anything else: no _advance
            self._travel(move.who, move.square)
            return
        if t is Discard or t is EndTurn:
            if t is Discard:
                self._discard(move.who, move.card)
            else:
                self._end_turn(move.who)
            if self.phase == "next":  # nothing is pending at the end of a turn
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
            self._stop()
        elif t is PickTemple:
            self._pick(move.square)
        self._advance()

    def _advance(self) -> None:
        """Carry the turn on until someone must choose: the spell's steps, then the spell's
        end and its temples (2.2), the room left (4.2, 4.3), the next turn."""
        while self.result is None:
            if self.temple_pick is not None or self.pending is not None:
                return
            if self.steps:
                st, caster, sp, x = self.steps.popleft()
                self._start_step(st, caster, sp, x)
            elif self.casting is not None:
                self._finish_spell()
            elif self.temple_queue:
                self._build_next_temple()
            elif self.space_check is not None:
                trig, self.space_check = self.space_check, None
                self._space_check(trig)
            elif self.phase == "next":
                self._next_turn()
            else:
                return

    # -- 2.1 A turn: Travelling, Retreating, Awakening ----------------------------------------
    def _travel(self, who: str, sq: int) -> None:
        """2.1 Travelling: 3 hours a tile, and "For every tile visited a player must draw a Spell"."""
        if self.phase == "cast":
            self.phase = "travel"
        if not self.visited:
            self.visited.add(self.pawn[who])
        self.visited.add(sq)
        frm = self.pawn[who]
        self.pawn[who] = sq
        self.hours -= TRAVEL_COST
        card = self._draw(who)
        if self.log.enabled:
            self.log.add(
                who,
                "travel",
                "2.1 Travelling",
                f"{NAME[who]} travels from {NAMES[frm]} to {NAMES[sq]} for 3 hours "
                f"({self.hours} left) and draws a spell" + ("." if card is not None else " (none left)."),
                frm=frm,
                to=sq,
            )

    def _end_turn(self, who: str) -> None:
        """2.1 Retreating: with more than five spells, discard down to five (:func:`rules.discards_needed`)."""
        n = len(self.hand[who])
        retreat = discards_needed(n) > 0
        self.phase = "retreat" if retreat else "next"
        if not self.log.enabled:
            return
        if retreat:
            self.log.add(
                who,
                "retreat",
                "2.1 Retreating",
                f"{NAME[who]} retreats with {n} spells and must discard down to five"
                f" ({self.hours} unspent hours are lost).",
            )
        else:
            self.log.add(
                who,
                "retreat",
                "2.1 Retreating",
                f"{NAME[who]} retreats with {n} spell(s) and ends her turn ({self.hours} unspent hours are lost).",
            )

    def _discard(self, who: str, card: int) -> None:
        """2.1 Retreating: a spell to its own book's discard pile."""
        self.hand[who].remove(card)
        self.discards[self.owner[card]].append(card)
        if self.log.enabled:
            self.log.add(
                who,
                "discard",
                "2.1 Retreating",
                f"{NAME[who]} discards {self.cards[card].name}.",
                spell=self.cards[card].id,
            )
        if not discards_needed(len(self.hand[who])):
            self.phase = "next"

    def _next_turn(self) -> None:
        """2.1 Awakening: the other side's turn, with 12 hours."""
        self.turn = OTHER[self.turn]
        self.turn_no += 1
        self.hours = HOURS
        self.phase = "cast"
        self.visited = set()
        limit = self.options.turn_limit
        if limit and self.turn_no > limit:
            self._end(
                "draw", None, f"The turn limit of {limit} turns is reached: the game is a draw.", "Option turn_limit"
            )
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
            self.log.add(
                "night",
                "uncrystallize",
                "3.2 Crystallize",
                f"At the start of Night's turn all {n} Crystallize-counter(s) come off.",
            )

    def _awaken_day(self) -> None:
        """3.2 Mystify, steps 2 and 3 (:func:`rules.countdown`): one counter off every
        mystified tile; a tile whose last counter comes off becomes a Day Temple-tile."""
        self.mystify, last = countdown(self.mystify)
        if self.log.enabled:
            for s in SQUARES:
                if self.mystify[s]:
                    self.log.add(
                        "day",
                        "countdown",
                        "3.2 Mystify",
                        f"A Mystify-counter comes off {square_name(s)}; {self.mystify[s]} left.",
                        square=s,
                    )
        transformed = False
        for s in last:
            if (
                self.options.supply == "box"
                and self.day_counters_used() + (TEMPLE_SIZE if self.temples_of("day") == 0 else 0)
                >= SUPPLY["day_temple"]
            ):
                self.log.add(
                    "day",
                    "countdown",
                    "Option supply=box",
                    f"The last Mystify-counter comes off {square_name(s)}, but no Day Temple-counter "
                    "is left in the box (nine are kept for Day's temple): it stays a Day-tile.",
                    square=s,
                )
                continue
            self.temple_tile[s] = True
            transformed = True
            self.log.add(
                "day",
                "transform",
                "3.2 Mystify",
                f"The last Mystify-counter comes off {square_name(s)}: it becomes a Day Temple-tile "
                "that can never be turned over or changed.",
                square=s,
            )
        if transformed:
            self.space_check = "transform"

    # -- what a player sees, and the state in words -------------------------------------------
    def view(self, player: Any) -> View:
        """What ``player`` sees (:class:`~daynight.temples.view.View`): never the other's hand
        (but while her own Steal Passion shows it), never the order of a book."""
        return view_of(self, player)

    def pending_prompt(self) -> str:
        """What the player to move is asked to do, in words."""
        return pending_prompt(self)

    def board_rows(self) -> list[str]:
        """The board as 8 strings: . neutral, d Day, n Night, t Day Temple-tile, D/N temple, # centre."""
        return board_rows(self)

    def summary(self) -> str:
        return summary(self)

    def state_json(self) -> dict[str, Any]:
        return public_json(self)

    def describe(self) -> str:
        return describe(self)

    def options_record(self) -> dict[str, Any]:
        return self.options.to_json()

    def _repr_svg_(self) -> str:  # a notebook shows the table, as a teacher sees it
        return str(pictures.drawing("table", self).svg)

    def _repr_html_(self) -> str:
        return str(pictures.drawing("table", self)._repr_html_())

    # -- helpers for notebooks ----------------------------------------------------------------
    def spell_of(self, card: int) -> Spell:
        return self.cards[card]

    def cast_by_name(self, who: str, name: str, x: int | None = None) -> list[Event]:
        """Cast the first card called ``name`` in ``who``'s hand (for notebooks)."""
        for c in self.hand[who]:
            if self.cards[c].name == name or self.cards[c].id == name:
                return self.play(interned(Cast, who, c, x))
        raise IllegalMoveError(f"{NAME[who]} has no {name} in hand", rule="2.1 Spell Casting", state=self.describe())

    def target(self, who: str, square: str) -> list[Event]:
        return self.play(TARGET[who][parse_square(square)])

    def travel(self, who: str, square: str) -> list[Event]:
        return self.play(TRAVEL[who][parse_square(square)])

    def end_turn(self, who: str) -> list[Event]:
        return self.play(END[who])

    def pick(self, who: str, square: str) -> list[Event]:
        return self.play(PICK[who][parse_square(square)])

    def move(self, kind: str, who: str, arg: Any = None, x: int | None = None) -> Any:
        """Build an interned move: ``move("travel", "day", "B1")``."""
        cls = {
            "cast": Cast,
            "target": Target,
            "choose": Choose,
            "stop": Stop,
            "travel": Travel,
            "end": EndTurn,
            "discard": Discard,
            "temple": PickTemple,
        }[kind]
        if cls in (Stop, EndTurn):
            return interned(cls, who)
        if cls in (Target, Travel, PickTemple):
            return interned(cls, who, parse_square(arg) if isinstance(arg, str) else arg)
        if cls is Cast:
            return interned(Cast, who, arg, x)
        return interned(cls, who, arg)


def _square_words(sq: int) -> str:
    return square_name(sq) if isinstance(sq, int) and 0 <= sq < COLS * ROWS else repr(sq)


GAME = TemplesGame
