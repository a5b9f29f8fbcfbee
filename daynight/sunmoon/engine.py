"""sunmoon: the moves, the rule options, the state machine (:class:`SunMoon`) and what a player may see."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, fields
from typing import Any, Sequence

from ..core import EventLog, Game, IllegalMoveError, Reader, Seed, make_rng
from .data import _BY_NAME, CARDS, ECLIPSE_NAME, KINDS, TOP_VALUE, Card, card
from .rules import (
    HAND_SIZE,
    HARVEST_MIN,
    Row,
    _blocks,
    _ends,
    _numbered,
    _row_info,
    _stack_cards,
    longest_run,
)

# ---------------------------------------------------------------------------
# Rule options (where the seed is silent)
# ---------------------------------------------------------------------------

OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "scoring": ("individual", "teams"),
    "animal_without_follow_up": ("skip", "self_destruct"),
    "eclipse_on_eclipse": (False, True),
    "eclipse_on_lone_card": (True, False),
    "restore_order": ("outermost", "any"),
    "harvest_takes": ("run", "row"),
    "final_round": (True, False),
    "empty_hand_at_end": ("pass", "self_destruct"),
    "tie_break": ("shared", "most_harvested"),
}


@dataclass(frozen=True)
class Options:
    """Named rule options; every one is part of the setup record.

    Attested by seed 004 (not options): the deck, five cards in hand, drawing five only with
    an empty hand, ends only and ascending, one sun and one moon row each, playing into any
    player's row, starting a row in an empty place, animal cards oblige another play,
    eclipses cover a card of their kind, restoring with a fitting number outermost first,
    harvest of 5+ adjacent uncovered cards as a whole turn, self-destruct only when nothing
    can be played or harvested, reshuffling the discard pile, the scoring.

    Reconstructed (the defaults are our choices):

    * ``scoring`` -- ``"individual"``; ``"teams"`` (4 players only) adds the scores of
      partners sitting opposite (seats 1+3 against 2+4); each keeps their own rows.
    * ``animal_without_follow_up`` -- ``"skip"``: when no card fits for the extra play after
      an animal card (or the hand is empty) the turn simply ends; ``"self_destruct"``: the
      player must then self-destruct.
    * ``eclipse_on_eclipse`` -- ``False``: an eclipse covers a numbered card, not an eclipse.
    * ``eclipse_on_lone_card`` -- ``True``: an eclipse may cover the only card of a row.
    * ``restore_order`` -- ``"outermost"``: of several eclipses side by side only the two at
      the edges of the group can be restored (the seed's rule); ``"any"``: any of them.
    * ``harvest_takes`` -- ``"run"``: a harvest takes the run of 5+ adjacent uncovered places
      (with everything stacked under them); cards beyond an eclipse stay in the row.
      ``"row"``: the whole row, eclipses and cards beyond them included.
    * ``final_round`` -- ``True``: once the draw pile is used up and the discard pile cannot
      refill it, every player (starting with the one who just drew) plays one more turn
      (the seed); ``False``: the game ends at once.
    * ``empty_hand_at_end`` -- ``"pass"``: in the final round a player with no cards and
      nothing to harvest passes; ``"self_destruct"``: that player must self-destruct
      (discarding both rows, which then cost nothing).
    * ``tie_break`` -- ``"shared"``: equal totals share the win; ``"most_harvested"``: the
      one with more harvested cards wins, still equal shares.
    """

    scoring: str = "individual"
    animal_without_follow_up: str = "skip"
    eclipse_on_eclipse: bool = False
    eclipse_on_lone_card: bool = True
    restore_order: str = "outermost"
    harvest_takes: str = "run"
    final_round: bool = True
    empty_hand_at_end: str = "pass"
    tie_break: str = "shared"

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if value not in OPTION_CHOICES[f.name] or type(value) is not type(OPTION_CHOICES[f.name][0]):
                raise ValueError(f"option {f.name}={value!r}: expected one of {list(OPTION_CHOICES[f.name])}")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_reader(cls, r: Reader) -> "Options":
        r.only(*OPTION_CHOICES)
        values: dict[str, Any] = {}
        for name, choices in OPTION_CHOICES.items():
            if not r.has(name):
                continue
            if isinstance(choices[0], bool):
                values[name] = r.bool(name)
            else:
                values[name] = r.str(name, choices=choices)
        return cls(**values)


# ---------------------------------------------------------------------------
# Moves (frozen values, interned: the engine builds each once)
# ---------------------------------------------------------------------------


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
_INTERN: dict[tuple, Move] = {}


def _interned(cls, *args) -> Move:
    key = (cls, *args)
    move = _INTERN.get(key)
    if move is None:
        move = _INTERN[key] = cls(*args)
    return move


#: interned card plays keyed by one integer: ((player*68 + card)*4 + owner)*64 + place*4 + verb
_MOVES: dict[int, Move] = {}
_PLACE, _COVER, _RESTORE = 0, 1, 2
_VERB = {Place: _PLACE, Cover: _COVER, Restore: _RESTORE}


def _make(cls, p: int, c: Card, o: int, i: int) -> Move:
    key = ((p * 68 + c.id) * 4 + o) * 64 + i * 4 + _VERB[cls]
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = cls(p, c, o, c.kind, i)
    return move


def _intern(move: Move) -> Move:
    if isinstance(move, SelfDestruct):
        return _interned(SelfDestruct, move.player)
    if isinstance(move, Harvest):
        return _interned(Harvest, move.player, move.owner, move.row)
    return _card_move(type(move), move.player, move.card, move.owner, move.row,
                      move.at if isinstance(move, Place) else move.slot)


def _card_move(cls, p: int, c: Card, o: int, row: str, i: int) -> Move:
    """The interned card play when it can be one (the row fits the card), else a new value."""
    if row == c.kind and 0 <= p < 4 and 0 <= o < 4 and 0 <= i < 64:
        return _make(cls, p, c, o, i)
    return cls(p, c, o, row, i)


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


class SunMoon(Game):
    """A game of Sonne und Mond for 2-4 players (seats 0..n-1, clockwise; seat 0, the
    youngest player, starts)."""

    name = "sunmoon"
    title = "Sonne und Mond (日與夜)"

    def __init__(self, players: int, *, options: Options | None = None, names: Sequence[str] | None = None):
        if not 2 <= players <= 4:
            raise ValueError("Sonne und Mond is for 2-4 players")
        self.n = players
        self.options = options or Options()
        if self.options.scoring == "teams" and players != 4:
            raise ValueError("team scoring needs 4 players (partners sit opposite)")
        self.names = list(names) if names else [f"Player {i + 1}" for i in range(players)]
        if len(self.names) != players:
            raise ValueError("one name per player")
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.rows: list[dict[str, Row]] = [{"sun": [], "moon": []} for _ in range(players)]
        self.harvested: list[list[Card]] = [[] for _ in range(players)]
        self.draw_pile: list[Card] = []   # the top card is the last element
        self.discard: list[Card] = []
        self.box: list[Card] = []          # set aside by a teaching position, never in play
        self.turn = 0
        self.extra = False                # an animal card obliges another play this turn
        self.final_left: int | None = None  # turns left in the final round
        self.over = False
        self.turns = 1
        self.rng = random.Random(0)
        self._setup: dict[str, Any] = {}
        self.log = EventLog()
        self.history = []
        self._legal: tuple[Move, ...] | None = None
        self._legal_ids: frozenset[int] = frozenset()
        self._rinfo: list[tuple | None] = [None] * (2 * players)  # cached _row_info per row

    # -- construction ----------------------------------------------------------------
    @classmethod
    def new(cls, players: int = 4, seed: Seed = None, *, options: Options | None = None,
            names: Sequence[str] | None = None, explain: bool = True) -> "SunMoon":
        """A shuffled game: five cards each, seat 0 starts."""
        rng, recorded = make_rng(seed)
        deck = list(CARDS)
        rng.shuffle(deck)
        game = cls(players, options=options, names=names)
        game.log.enabled = explain
        if recorded is not None:
            game.rng = rng
            game._setup = {"seed": recorded}
        else:  # a caller's Random: record the deck order and a reshuffle seed instead
            reshuffle = rng.getrandbits(32)
            game.rng = random.Random(reshuffle)
            game._setup = {"deck": [c.name for c in deck], "reshuffle_seed": reshuffle}
        game._deal(deck)
        return game

    @classmethod
    def from_deck(cls, players: int, deck: Sequence[Card | str], *, reshuffle_seed: int = 0,
                  options: Options | None = None, names: Sequence[str] | None = None) -> "SunMoon":
        """A game dealt from an explicit deck order (the first card is the top)."""
        cards = [c if isinstance(c, Card) else card(c) for c in deck]
        if sorted(c.id for c in cards) != list(range(len(CARDS))):
            raise ValueError("a deck lists each of the 68 cards exactly once")
        game = cls(players, options=options, names=names)
        game.rng = random.Random(reshuffle_seed)
        game._setup = {"deck": [c.name for c in cards], "reshuffle_seed": reshuffle_seed}
        game._deal(cards)
        return game

    def _deal(self, deck: Sequence[Card]) -> None:
        self.draw_pile = list(reversed(deck))
        for _ in range(HAND_SIZE):
            for p in range(self.n):
                self.hands[p].append(self.draw_pile.pop())
        if self.log.enabled:
            self.log.add(None, "setup", "setup",
                         f"The 68 cards are shuffled and every player gets {HAND_SIZE}; "
                         f"{len(self.draw_pile)} cards form the draw pile. {self.names[0]} "
                         f"(the youngest) {self._verb(0, 'starts')}; play goes clockwise.",
                         players=self.n, draw=len(self.draw_pile))
        self._begin_turn()

    @classmethod
    def from_position(cls, position: dict[str, Any], *, players: int | None = None,
                      options: Options | None = None, names: Sequence[str] | None = None,
                      reshuffle_seed: int = 0) -> "SunMoon":
        """A hand-built teaching position (see :meth:`from_setup` for the format)."""
        setup: dict[str, Any] = {"position": position, "reshuffle_seed": reshuffle_seed}
        if players is not None:
            setup["players"] = players
        if options is not None:
            setup["options"] = options.to_json()
        if names is not None:
            setup["names"] = list(names)
        return cls.from_setup(Reader(setup, "$.setup"))

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

    # -- copying -------------------------------------------------------------------
    def copy(self, *, explain: bool | None = None) -> "SunMoon":
        """An independent copy (fast; the log is copied unless ``explain=False``)."""
        g = SunMoon.__new__(SunMoon)
        g.n, g.options, g.names = self.n, self.options, self.names
        g.hands = [h[:] for h in self.hands]
        g.rows = [{"sun": [s[:] for s in r["sun"]], "moon": [s[:] for s in r["moon"]]} for r in self.rows]
        g.harvested = [h[:] for h in self.harvested]
        g.draw_pile = self.draw_pile[:]
        g.discard = self.discard[:]
        g.box = self.box
        g.turn, g.extra, g.final_left, g.over, g.turns = self.turn, self.extra, self.final_left, self.over, self.turns
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g._setup = self._setup
        if explain is False:
            g.log = EventLog(enabled=False)
            g.history = []
        else:
            g.log = EventLog(self.log, enabled=self.log.enabled)
            g.history = self.history[:]
        g._legal, g._legal_ids = self._legal, self._legal_ids
        g._rinfo = self._rinfo[:]
        return g

    def snapshot(self) -> bytes:
        import pickle

        state = {k: v for k, v in self.__dict__.items() if k not in ("_legal", "_legal_ids", "_rinfo")}
        return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)

    def __getstate__(self):
        state = dict(self.__dict__)
        state["_legal"], state["_legal_ids"] = None, frozenset()
        state["_rinfo"] = [None] * (2 * self.n)
        return state

    # -- reading the state -----------------------------------------------------------
    def is_over(self) -> bool:
        return self.over

    def to_players(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    def team_of(self, player: int) -> int:
        """The team (0 or 1) with team scoring; otherwise the player's own seat."""
        return player % 2 if self.options.scoring == "teams" else player

    def row(self, player: int, kind: str) -> Row:
        return self.rows[player][kind]

    def can_harvest(self, player: int, kind: str) -> bool:
        return longest_run(self.rows[player][kind])[1] >= HARVEST_MIN

    # -- legal moves -----------------------------------------------------------------
    def _plays(self, p: int) -> list[Move]:
        """Every card play of player ``p`` now (in hand order, then seat, then position)."""
        out: list[Move] = []
        hand = self.hands[p]
        if not hand:
            return out
        rows = self.rows
        n = self.n
        opts = self.options
        get = _MOVES.get
        append = out.append
        infos: dict[str, list[tuple]] = {}
        for c in hand:
            k = c.kind
            base = (p * 68 + c.id) * 4
            if c.eclipse:
                eoe = opts.eclipse_on_eclipse
                lone = opts.eclipse_on_lone_card
                for o in range(n):
                    row = rows[o][k]
                    if not row or (not lone and len(row) == 1):
                        continue
                    key0 = (base + o) * 64 + _COVER
                    for i, s in enumerate(row):
                        if eoe or not s[-1].eclipse:
                            m = get(key0 + i * 4)
                            append(m if m is not None else _make(Cover, p, c, o, i))
                continue
            inf = infos.get(k)
            if inf is None:
                cache = self._rinfo
                j = 0 if k == "sun" else 1
                inf = []
                for o in range(n):
                    got = cache[2 * o + j]
                    if got is None:
                        got = cache[2 * o + j] = _row_info(rows[o][k])
                    inf.append(got)
                infos[k] = inf
            v = c.value
            o = 0
            for length, lo, hi, blocks, _ in inf:
                key0 = (base + o) * 64
                if not length:
                    m = get(key0 + _PLACE)
                    append(m if m is not None else _make(Place, p, c, o, 0))
                else:
                    if v < lo:
                        m = get(key0 + _PLACE)
                        append(m if m is not None else _make(Place, p, c, o, 0))
                    if v > hi:
                        m = get(key0 + length * 4 + _PLACE)
                        append(m if m is not None else _make(Place, p, c, o, length))
                    if blocks:
                        for first, last, low, high in blocks:
                            if low < v < high:
                                if opts.restore_order == "any":
                                    slots = range(first, last + 1)
                                else:
                                    slots = (first,) if last == first else (first, last)
                                for i in slots:
                                    m = get(key0 + i * 4 + _RESTORE)
                                    append(m if m is not None else _make(Restore, p, c, o, i))
                o += 1
        return out

    def _harvests(self, p: int) -> list[Move]:
        out = []
        cache = self._rinfo
        for j, k in enumerate(KINDS):
            got = cache[2 * p + j]
            if got is None:
                got = cache[2 * p + j] = _row_info(self.rows[p][k])
            if got[4] >= HARVEST_MIN:
                out.append(_interned(Harvest, p, p, k))
        return out

    def _compute_legal(self) -> tuple[Move, ...]:
        if self.over:
            return ()
        p = self.turn
        plays = self._plays(p)
        if self.extra:
            moves = plays if plays else [_interned(SelfDestruct, p)]
        else:
            moves = plays + self._harvests(p)
            if not moves:
                moves = [_interned(SelfDestruct, p)]
        return tuple(moves)

    def legal_moves(self, player: int | None = None) -> tuple[Move, ...]:
        if self.over or (player is not None and player != self.turn):
            return ()
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
            self._legal_ids = frozenset(map(id, legal))
        return legal

    def reason_illegal(self, move: Any) -> str | None:
        """Why ``move`` is refused now, in words with the rule (no state suffix), or ``None``."""
        if self.over:
            return "the game is over [rule: end of the game]"
        try:
            self._check(move)
        except IllegalMoveError as exc:
            return f"{exc.reason} [rule: {exc.rule}]"
        return None

    def moves_for(self, c: Card) -> list[Move]:
        """The legal plays of card ``c`` now (for highlighting targets)."""
        return [m for m in self.legal_moves() if getattr(m, "card", None) is c]

    # -- checking ----------------------------------------------------------------------
    def _check(self, move: Any) -> None:
        if self._legal is None:
            self.legal_moves()
        if id(move) in self._legal_ids:
            return
        self._diagnose(move)
        if move not in self._legal:  # pragma: no cover - every refusal above names its rule
            raise IllegalMoveError(f"{self.describe_move(move)} is not allowed now", rule="moves",
                                   state=self.describe())

    def _refuse(self, message: str, rule: str) -> IllegalMoveError:
        return IllegalMoveError(message, rule=rule, state=self.describe())

    def _diagnose(self, move: Any) -> None:
        if not isinstance(move, (Place, Cover, Restore, Harvest, SelfDestruct)):
            raise self._refuse(f"{move!r} is not a move of Sonne und Mond", "moves")
        p = move.player
        if not isinstance(p, int) or p != self.turn:
            who = self.names[p] if isinstance(p, int) and 0 <= p < self.n else repr(p)
            raise self._refuse(f"it is {self._poss(self.turn)} turn, not {who}'s", "turn order")
        plays = self._plays(p)
        if isinstance(move, SelfDestruct):
            if self.extra and plays:
                raise self._refuse("after an animal card you must play another card", "animal card")
            if plays:
                raise self._refuse(f"a card can still be played ({self.describe_move(plays[0])}); "
                                   "self-destruct only when nothing can be played or harvested",
                                   "self-destruct")
            harvests = [] if self.extra else self._harvests(p)
            if harvests:
                raise self._refuse(f"the {harvests[0].row} row can be harvested; self-destruct only when "
                                   "nothing can be played or harvested", "self-destruct")
            return
        if isinstance(move, Harvest):
            if self.extra:
                raise self._refuse("after an animal card you must play another card, not harvest",
                                   "animal card")
            if move.row not in KINDS:
                raise self._refuse(f"there is no {move.row!r} row (sun or moon)", "rows")
            if move.owner != p:
                who = self.names[move.owner] if isinstance(move.owner, int) and 0 <= move.owner < self.n \
                    else repr(move.owner)
                raise self._refuse(f"{self.names[p]} may harvest only {'your' if self._you(p) else 'their'} own rows, not {who}'s",
                                   "harvest: own rows only")
            length = longest_run(self.rows[p][move.row])[1]
            if length < HARVEST_MIN:
                raise self._refuse(f"the {move.row} row has only {length} adjacent uncovered cards; "
                                   f"a harvest needs {HARVEST_MIN} or more", "harvest: five or more")
            return
        c = move.card
        if not isinstance(c, Card) or c not in self.hands[p]:
            name = c.name if isinstance(c, Card) else repr(c)
            raise self._refuse(f"{name} is not in {self._poss(p)} hand", "hand")
        if not isinstance(move.owner, int) or not 0 <= move.owner < self.n:
            raise self._refuse(f"there is no player {move.owner!r}", "players")
        if move.row not in KINDS:
            raise self._refuse(f"there is no {move.row!r} row (sun or moon)", "rows")
        if c.kind != move.row:
            raise self._refuse(f"{c.name} belongs in a {c.kind} row, not a {move.row} row", "row kind")
        row = self.rows[move.owner][move.row]
        whose = f"{self._poss(move.owner)} {move.row} row"
        if isinstance(move, Place):
            if c.eclipse:
                raise self._refuse(f"an eclipse is laid on top of a card, not at an end of {whose}",
                                   "eclipses")
            at = move.at
            if not isinstance(at, int) or at < 0 or at > len(row):
                raise self._refuse(f"{whose} has {len(row)} places; a card goes at its left end (0) "
                                   f"or right end ({len(row)})", "ends only")
            if 0 < at < len(row):
                raise self._refuse(f"{c.name} cannot go between two cards of {whose}; cards go only "
                                   "at either end", "ends only")
            lo, hi = _ends(row)
            if row and at == 0 and not c.value < lo:
                raise self._refuse(f"{c.name} does not fit left of {lo} in {whose}: rows ascend from "
                                   "left to right", "ascending")
            if row and at == len(row) and not c.value > hi:
                raise self._refuse(f"{c.name} does not fit right of {hi} in {whose}: rows ascend from "
                                   "left to right", "ascending")
            return
        slot = move.slot
        if not isinstance(slot, int) or not 0 <= slot < len(row):
            if isinstance(move, Cover):
                raise self._refuse(f"an eclipse must cover a card, and {whose} has no card at place "
                                   f"{slot}" + (" (it is empty)" if not row else ""), "eclipses")
            raise self._refuse(f"{whose} has no place {slot} to restore", "restoring")
        top = row[slot][-1]
        if isinstance(move, Cover):
            if not c.eclipse:
                raise self._refuse(f"{c.name} is a number: it goes at an end of a row or restores an "
                                   "eclipsed place", "restoring")
            if top.eclipse and not self.options.eclipse_on_eclipse:
                raise self._refuse(f"place {slot} of {whose} is already eclipsed; an eclipse covers a "
                                   "numbered card (option eclipse_on_eclipse)", "eclipses")
            if len(row) == 1 and not self.options.eclipse_on_lone_card:
                raise self._refuse("an eclipse may not cover the only card of a row "
                                   "(option eclipse_on_lone_card)", "eclipses")
            return
        # Restore
        if c.eclipse:
            raise self._refuse("an eclipse cannot restore a place; it covers a numbered card", "eclipses")
        if not top.eclipse:
            raise self._refuse(f"place {slot} of {whose} shows {top.name}, not an eclipse: cards go only "
                               "at either end, and only an eclipsed place can be restored", "ends only")
        for first, last, low, high in _blocks(row):
            if first <= slot <= last:
                if self.options.restore_order == "outermost" and slot not in (first, last):
                    raise self._refuse(f"with several eclipses side by side the outermost one is restored "
                                       f"first (place {first} or {last}, not {slot})",
                                       "restoring: outermost first")
                if not low < c.value < high:
                    lo_txt = str(low) if low else "the row's start"
                    hi_txt = str(high) if high <= TOP_VALUE else "the row's end"
                    raise self._refuse(f"{c.name} does not fit between {lo_txt} and {hi_txt}; a restoring "
                                       "number must lie between its neighbours", "restoring: between")
        return

    # -- applying ----------------------------------------------------------------------
    def _apply(self, move: Move) -> None:
        """Carry out ``move`` without checking it.

        .. warning:: unchecked -- the fast path for rollouts; an illegal move corrupts the state.
        """
        self._legal = None
        p = move.player
        log = self.log
        explain = log.enabled
        cls = type(move)
        if cls is Place or cls is Restore or cls is Cover:
            c = move.card
            self.hands[p].remove(c)
            row = self.rows[move.owner][move.row]
            self._rinfo[2 * move.owner + (0 if move.row == "sun" else 1)] = None
            if cls is Place:
                if not row:
                    row.append([c])
                    if explain:
                        log.add(self.names[p], "start", "starting a row",
                                f"{self.names[p]} {self._verb(p, 'starts')} {self._whose(move.owner, p)} {move.row} row with "
                                f"{c.name}: a card played where a player has no row of its kind starts that row.",
                                **self._data(move))
                elif move.at == 0:
                    row.insert(0, [c])
                    if explain:
                        right = _ends(row[1:])[0]
                        log.add(self.names[p], "place", "placing",
                                f"{self.names[p]} {self._verb(p, 'places')} {c.name} at the left end of "
                                f"{self._whose(move.owner, p)} {move.row} row"
                                + (f" ({c.value} < {right})" if right <= TOP_VALUE else "")
                                + ": rows ascend from left to right and grow only at their ends.",
                                **self._data(move))
                else:
                    row.append([c])
                    if explain:
                        left = _ends(row[:-1])[1]
                        log.add(self.names[p], "place", "placing",
                                f"{self.names[p]} {self._verb(p, 'places')} {c.name} at the right end of "
                                f"{self._whose(move.owner, p)} {move.row} row"
                                + (f" ({left} < {c.value})" if left >= 1 else "")
                                + ": rows ascend from left to right and grow only at their ends.",
                                **self._data(move))
            elif cls is Cover:
                under = row[move.slot][-1]
                row[move.slot].append(c)
                if explain:
                    log.add(self.names[p], "cover", "eclipses",
                            f"{self.names[p]} {self._verb(p, 'covers')} {under.name} in {self._whose(move.owner, p)} "
                            f"{move.row} row with a {ECLIPSE_NAME[c.kind]}: the row is interrupted there "
                            "and the eclipse counts nothing.", **self._data(move))
            else:
                blocks = _blocks(row)
                row[move.slot].append(c)
                if explain:
                    low = high = None
                    for first, last, lo, hi in blocks:
                        if first <= move.slot <= last:
                            low, high = lo, hi
                    between = f"between {low or 'the start'} and {high if high and high <= TOP_VALUE else 'the end'}"
                    log.add(self.names[p], "restore", "restoring",
                            f"{self.names[p]} {self._verb(p, 'restores')} the eclipsed place {between} in "
                            f"{self._whose(move.owner, p)} {move.row} row with {c.name}: a number that fits "
                            "between its neighbours lifts the interruption.", **self._data(move))
            if c.animal:
                if explain:
                    log.add(self.names[p], "animal", "animal card",
                            f"{c.name} shows a {c.animal}, so {self.names[p]} must play another card.",
                            card=c.name, animal=c.animal)
                self.extra = True
                follow = self._plays(p)
                if follow:
                    self._legal = legal = tuple(follow)
                    self._legal_ids = frozenset(map(id, legal))
                else:
                    if self.options.animal_without_follow_up == "skip":
                        if explain:
                            why = (self._verb(p, "has") + " no card left") if not self.hands[p] else (self._verb(p, "has") + " no card that fits anywhere")
                            log.add(self.names[p], "no-follow-up", "animal card",
                                    f"{self.names[p]} {why} for the extra play, so the turn ends "
                                    "(option animal_without_follow_up=skip).")
                        self._end_turn()
                    return
                return
            self._end_turn()
            return
        if cls is Harvest:
            row = self.rows[p][move.row]
            self._rinfo[2 * p + (0 if move.row == "sun" else 1)] = None
            if self.options.harvest_takes == "row":
                taken, keep = row, []
            else:
                start, length = longest_run(row)
                taken, keep = row[start:start + length], row[:start] + row[start + length:]
            cards = [c for s in taken for c in s]
            self.harvested[p].extend(cards)
            self.rows[p][move.row] = keep
            if explain:
                shown = ", ".join(str(s[-1].value) for s in taken if not s[-1].eclipse)
                extra = len(cards) - len(taken)
                log.add(self.names[p], "harvest", "harvest",
                        f"{self.names[p]} {self._verb(p, 'harvests')} {len(taken)} places of the {move.row} row ({shown})"
                        + (f" with {extra} card{'s' if extra != 1 else ''} stacked beneath" if extra else "")
                        + " face down into the score pile: five or more adjacent uncovered cards may be "
                          "harvested, and it takes the whole turn"
                        + (f"; {len(keep)} place{'s' if len(keep) != 1 else ''} beyond an eclipse stay"
                           if keep else "") + ".",
                        player=p, row=move.row, cards=[c.name for c in cards],
                        points=_numbered(cards))
            self._end_turn()
            return
        # SelfDestruct
        hand = self.hands[p]
        lost = [c for k in KINDS for s in self.rows[p][k] for c in s]
        n_hand = len(hand)
        self.discard.extend(hand)
        self.discard.extend(lost)
        self.hands[p] = []
        self.rows[p] = {"sun": [], "moon": []}
        self._rinfo[2 * p] = self._rinfo[2 * p + 1] = None
        if explain:
            log.add(self.names[p], "self-destruct", "self-destruct",
                    f"{self.names[p]} can neither play a card anywhere nor harvest, so {'your' if self._you(p) else 'their'} hand "
                    f"({n_hand} card{'s' if n_hand != 1 else ''}) and both {'your' if self._you(p) else 'their'} rows ({len(lost)} "
                    f"card{'s' if len(lost) != 1 else ''}) go to the discard pile.",
                    player=p, hand=n_hand, rows=len(lost))
        self._end_turn()

    def _whose(self, owner: int, player: int) -> str:
        if owner == player:
            return "your own" if self._you(player) else "their own"
        return self._poss(owner)

    # a player called "You" (the apps' human) reads in the second person
    def _you(self, p: int) -> bool:
        return self.names[p] == "You"

    def _poss(self, p: int) -> str:
        return "your" if self._you(p) else f"{self.names[p]}'s"

    def _verb(self, p: int, third: str) -> str:
        if not self._you(p):
            return third
        if third == "has":
            return "have"
        return third[:-2] if third.endswith(("sses", "shes", "ches")) else third[:-1]

    def _data(self, move: Move) -> dict[str, Any]:
        d = {"player": move.player, "card": move.card.name, "owner": move.owner, "row": move.row}
        return d

    # -- turns, drawing and the end ------------------------------------------------------
    def _end_turn(self) -> None:
        self.extra = False
        if self.final_left is not None:
            self.final_left -= 1
            if self.final_left <= 0:
                self._finish()
                return
        self.turn = (self.turn + 1) % self.n
        self.turns += 1
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Draw with an empty hand; pass a player who has nothing at all (final round)."""
        while True:
            p = self.turn
            if not self.hands[p]:
                self._draw(p)
                if self.over:
                    return
            if self.hands[p] or self.extra:
                return
            if self._harvests(p) or self.options.empty_hand_at_end == "self_destruct":
                return
            if self.log.enabled:
                self.log.add(self.names[p], "pass", "end of the game",
                             f"{self.names[p]} {self._verb(p, 'has')} no cards, none left to draw and nothing to harvest, "
                             "so the turn passes (option empty_hand_at_end=pass).", player=p)
            self.final_left = (self.final_left or 1) - 1
            if self.final_left <= 0:
                self._finish()
                return
            self.turn = (p + 1) % self.n
            self.turns += 1

    def _draw(self, p: int) -> None:
        hand = self.hands[p]
        pile = self.draw_pile
        explain = self.log.enabled
        got = 0
        while got < HAND_SIZE:
            if not pile:
                if not self.discard:
                    break
                pile = self.draw_pile = self.discard
                self.discard = []
                self.rng.shuffle(pile)
                if explain:
                    self.log.add(None, "reshuffle", "drawing",
                                 f"The draw pile is used up, so the discard pile ({len(pile)} cards) is "
                                 "shuffled into a new draw pile.", cards=len(pile))
            hand.append(pile.pop())
            got += 1
        if explain and got:
            self.log.add(self.names[p], "draw", "drawing",
                         f"{self._poss(p).capitalize()} hand is empty, so {'you' if self._you(p) else 'they'} draw {got} card{'s' if got != 1 else ''}"
                         f"{'' if got == HAND_SIZE else ' (all that was left)'}.", player=p, cards=got)
        if not pile and not self.discard and self.final_left is None:
            if not self.options.final_round:
                if explain:
                    self.log.add(None, "end", "end of the game",
                                 "The draw pile is used up and the discard pile cannot refill it: the game "
                                 "ends at once (option final_round=False).")
                self._finish()
                return
            self.final_left = self.n
            if explain:
                self.log.add(None, "final-round", "end of the game",
                             "The draw pile is used up and the discard pile cannot refill it: every player "
                             f"plays one more turn, starting with {self.names[p]}.", turns=self.n)

    def _finish(self) -> None:
        self.over = True
        self._legal = None
        if not self.log.enabled:
            return
        for row in self.score_table():
            self.log.add(self.names[row["player"]], "score", "scoring",
                         f"{self.names[row['player']]}: {row['harvested']} harvested sun and moon cards (+1 each), "
                         f"{row['in_rows']} in own rows and {row['in_hand']} in hand (-1 each; eclipses count "
                         f"nothing): {row['total']:+d}.", **row)
        winners = self.winners()
        if self.options.scoring == "teams":
            text = " and ".join(f"team {t + 1} ({' + '.join(self.names[p] for p in range(self.n) if p % 2 == t)})"
                                for t in winners)
            totals = self.team_totals()
            self.log.add(None, "end", "scoring",
                         f"Team scores {totals[0]:+d} : {totals[1]:+d}; the winner{'s are' if len(winners) > 1 else ' is'} "
                         f"{text}.", winners=winners, totals=totals)
        else:
            names = " and ".join(self.names[p] for p in winners)
            how = " (tie)" if len(winners) > 1 else ""
            self.log.add(None, "end", "scoring",
                         f"The highest score wins: {names}{how}.", winners=winners)

    # -- scoring -----------------------------------------------------------------------
    def score_table(self) -> list[dict[str, int]]:
        """Per player: harvested sun/moon cards (+1), harvested eclipses (0), sun/moon cards in
        own rows (covered ones too) and in hand (-1 each); ``total``. Valid at any time (a
        provisional count before the end)."""
        out = []
        for p in range(self.n):
            harvested = _numbered(self.harvested[p])
            in_rows = _numbered(c for k in KINDS for c in _stack_cards(self.rows[p][k]))
            in_hand = _numbered(self.hands[p])
            out.append({"player": p, "harvested": harvested,
                        "harvested_eclipses": len(self.harvested[p]) - harvested,
                        "in_rows": in_rows, "in_hand": in_hand, "total": harvested - in_rows - in_hand})
        return out

    def scores(self) -> list[int]:
        return [row["total"] for row in self.score_table()]

    def team_totals(self) -> list[int]:
        s = self.scores()
        return [sum(s[p] for p in range(self.n) if p % 2 == t) for t in (0, 1)]

    def winners(self) -> list[int]:
        """Winning seats (or teams with team scoring), several when tied."""
        table = self.score_table()
        if self.options.scoring == "teams":
            totals = self.team_totals()
            harvested = [sum(r["harvested"] for r in table if r["player"] % 2 == t) for t in (0, 1)]
            keys = {t: (totals[t], harvested[t] if self.options.tie_break == "most_harvested" else 0)
                    for t in (0, 1)}
        else:
            keys = {r["player"]: (r["total"], r["harvested"] if self.options.tie_break == "most_harvested" else 0)
                    for r in table}
        best = max(keys.values())
        return [k for k, v in keys.items() if v == best]

    # -- records -----------------------------------------------------------------------

    def options_record(self) -> dict[str, Any]:
        return self.options.to_json()

    # -- descriptions --------------------------------------------------------------------
    def describe_move(self, move: Any) -> str:
        """A move in words, e.g. 'sun 28 at the right end of Player 2's sun row'."""
        if isinstance(move, SelfDestruct):
            return f"{self.names[move.player]} {self._verb(move.player, 'self-destructs')}"
        if isinstance(move, Harvest):
            return f"{self.names[move.player]} {self._verb(move.player, 'harvests')} the {move.row} row"
        if not isinstance(move, (Place, Cover, Restore)):
            return repr(move)
        ok = isinstance(move.owner, int) and 0 <= move.owner < self.n
        who = self.names[move.owner] if ok else "?"
        whose = self._poss(move.owner) if ok else "?'s"
        name = move.card.name if isinstance(move.card, Card) else repr(move.card)
        row = self.rows[move.owner][move.row] if who != "?" and move.row in KINDS else []
        if isinstance(move, Place):
            if not row:
                return f"{name} starts {whose} {move.row} row"
            end = "left" if move.at == 0 else "right" if move.at == len(row) else f"place {move.at}"
            return f"{name} at the {end} end of {whose} {move.row} row"
        under = row[move.slot][-1].name if 0 <= move.slot < len(row) else f"place {move.slot}"
        if isinstance(move, Cover):
            return f"{name} covers {under} in {whose} {move.row} row"
        return f"{name} restores place {move.slot} ({under}) in {whose} {move.row} row"

    def describe(self) -> str:
        if self.over:
            return f"game over after {len(self.history)} moves"
        extra = ", extra play after an animal card" if self.extra else ""
        final = f", final round ({self.final_left} turns left)" if self.final_left is not None else ""
        return (f"move {len(self.history)}, {self.names[self.turn]} to move{extra}{final}; "
                f"draw pile {len(self.draw_pile)}, discard {len(self.discard)}")

    @staticmethod
    def row_text(row: Row) -> str:
        """A row as text: ``'8 [E] 21'`` (an eclipse shows as ``[E]``, restored places as ``15*``)."""
        parts = []
        for s in row:
            top = s[-1]
            parts.append("[E]" if top.eclipse else f"{top.value}{'*' if len(s) > 1 else ''}")
        return " ".join(parts) if parts else "-"

    def summary(self) -> str:
        lines = []
        for p in range(self.n):
            r = self.score_table()[p]
            lines.append(f"{self.names[p]}: sun {self.row_text(self.rows[p]['sun'])} | moon "
                         f"{self.row_text(self.rows[p]['moon'])} | hand {len(self.hands[p])} | "
                         f"harvested {r['harvested']} | score {r['total']:+d}")
        if self.over:
            w = self.winners()
            lines.append("Winner: " + (", ".join(f"team {t + 1}" for t in w) if self.options.scoring == "teams"
                                       else ", ".join(self.names[p] for p in w)))
        else:
            lines.append(self.describe())
        return "\n".join(lines)

    def _rows_json(self) -> list[dict[str, list[list[str]]]]:
        return [{k: [[c.name for c in s] for s in self.rows[p][k]] for k in KINDS} for p in range(self.n)]

    def state_json(self) -> dict[str, Any]:
        return {
            "over": self.over, "turn": self.turn, "extra": self.extra, "final_left": self.final_left,
            "names": list(self.names), "options": self.options.to_json(),
            "hands": [[c.name for c in h] for h in self.hands],
            "rows": self._rows_json(),
            "harvested": [[c.name for c in h] for h in self.harvested],
            "draw_pile": len(self.draw_pile), "discard": [c.name for c in self.discard],
            "box": [c.name for c in self.box],
            "scores": self.score_table(),
            "winners": self.winners() if self.over else None,
        }

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: their own hand, every row, the score piles (they were public
        rows when harvested), the discard pile (face up), hand sizes and the draw pile's size
        -- never another hand or the draw pile's order."""
        return {
            "me": player, "players": self.n, "names": list(self.names), "turn": self.turn,
            "extra": self.extra, "final_left": self.final_left, "over": self.over,
            "options": self.options.to_json(),
            "hand": [c.name for c in self.hands[player]],
            "hand_sizes": [len(h) for h in self.hands],
            "rows": self._rows_json(),
            "harvested": [[c.name for c in h] for h in self.harvested],
            "discard": [c.name for c in self.discard],
            "box": [c.name for c in self.box],
            "draw_pile": len(self.draw_pile),
        }

    @classmethod
    def from_view(cls, view: dict[str, Any], rng: random.Random) -> "SunMoon":
        """A determinization: a game consistent with ``view`` whose hidden cards (other hands,
        the draw pile's order) are dealt at random with ``rng``. Used by the Monte Carlo bot;
        no log is kept."""
        n = view["players"]
        g = cls.__new__(cls)
        g.n, g.options, g.names = n, Options(**view["options"]), view["names"]
        g.log, g.history = EventLog(enabled=False), []
        g.rows = [{k: [[_BY_NAME[x] for x in s] for s in view["rows"][p][k]] for k in KINDS} for p in range(n)]
        g.harvested = [[_BY_NAME[x] for x in h] for h in view["harvested"]]
        g.discard = [_BY_NAME[x] for x in view["discard"]]
        g.box = [_BY_NAME[x] for x in view.get("box", ())]
        me = view["me"]
        known = {c.id for r in g.rows for k in KINDS for s in r[k] for c in s}
        known.update(c.id for h in g.harvested for c in h)
        known.update(c.id for c in g.discard)
        known.update(c.id for c in g.box)
        mine = [_BY_NAME[x] for x in view["hand"]]
        known.update(c.id for c in mine)
        unknown = [c for c in CARDS if c.id not in known]
        rng.shuffle(unknown)
        g.hands = []
        for p in range(n):
            if p == me:
                g.hands.append(mine)
            else:
                k = view["hand_sizes"][p]
                g.hands.append(unknown[:k])
                unknown = unknown[k:]
        g.draw_pile = unknown
        g.turn, g.extra, g.final_left, g.over = view["turn"], view["extra"], view["final_left"], view["over"]
        g.turns = 0
        g.rng = random.Random(rng.getrandbits(32))
        g._setup = {}
        g._legal, g._legal_ids = None, frozenset()
        g._rinfo = [None] * (2 * n)
        return g


GAME = SunMoon
