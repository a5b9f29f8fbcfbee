"""sunmoon: the moves, the rule options, the state machine (:class:`SunMoon`) and what a player may see.

Every rule is a function of ``rules.py``; this module keeps the state, asks those functions
what is legal (on the checked path and the fast path alike), carries out a move and
explains it in the event log.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, fields
from typing import Any, Sequence

from ..core import EventLog, Game, IllegalMoveError, Reader, Seed, make_rng
from .data import _BY_NAME, CARDS, KINDS, TOP_VALUE, Card, card, missing_from
from .rules import (COVER, HAND_SIZE, HARVEST_MIN, PLACE, RESTORE, Row, Shape, cover_places,
                    end_places, final_round_begins, harvest_split, harvestable, may_self_destruct,
                    must_draw, next_player, number_places, obliges_another_play, reshuffle_needed,
                    restore_places, score, self_destructed, shape, teams, winners)

# ---------------------------------------------------------------------------
# Rule options (where the seed is silent, or where it allows a variant)
# ---------------------------------------------------------------------------

#: every option's choices, the default first
OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "scoring": ("teams", "individual"),
    "animal_without_follow_up": ("skip", "self_destruct"),
    "eclipse_on_eclipse": (False, True),
    "eclipse_on_lone_card": (True, False),
    "restore_order": ("outermost", "any"),
    "harvest_takes": ("run", "row"),
    "final_round": (True, False),
    "empty_hand_at_end": ("self_destruct", "pass"),
    "draw_in_final_round": (False, True),
    "tie_break": ("shared", "most_harvested"),
}


#: options -> (a small number naming them, their JSON): equal options, the same entry
_OPTION_IDS: dict[Any, tuple[int, dict[str, Any]]] = {}


@dataclass(frozen=True)
class Options:
    """Named rule options; every one is part of the setup record.

    From the play report's own words (the defaults):

    * ``scoring`` -- ``"teams"``: "四人遊玩的規則就變成分隊" (with four players the rules
      become teams); partners sit opposite (seats 1+3 against 2+4), their scores are added,
      each keeps their own hand, rows and harvest. Who partners whom and how a team scores are
      our reconstruction. ``"individual"`` -- the reporter's own preference ("小編我還是覺得
      可以四人都可單獨計分"). With two or three players everyone plays alone either way.
    * ``empty_hand_at_end`` -- ``"self_destruct"``: in the final round a player who has no
      card left (nothing can be drawn any more) and nothing to harvest "無法出牌也無法收割",
      so self-destructs, as at any other time; ``"pass"``: that player's turn passes.
    * ``restore_order`` -- ``"outermost"``: of several eclipses side by side the outermost is
      restored first (the report's rule); ``"any"``: any of them.
    * ``final_round`` -- ``True``: once the draw pile is used up and the discard pile cannot
      refill it, every player (starting with the one who just drew) plays one more turn (the
      report); ``False``: the game ends at once.

    Reconstructed where the report is silent (the defaults are our choices):

    * ``animal_without_follow_up`` -- ``"skip"``: when no card fits for the extra play after
      an animal card (or the hand is empty) the turn simply ends; ``"self_destruct"``: the
      player must then self-destruct.
    * ``eclipse_on_eclipse`` -- ``False``: an eclipse covers a numbered card, not an eclipse.
    * ``eclipse_on_lone_card`` -- ``True``: an eclipse may cover the only card of a row.
    * ``harvest_takes`` -- ``"run"``: a harvest takes the run of 5+ adjacent uncovered places
      (with everything stacked under them); cards beyond an eclipse stay in the row.
      ``"row"``: the whole row, eclipses and cards beyond them included.
    * ``draw_in_final_round`` -- ``False``: once the final round has begun nobody draws any
      more, so the cards a self-destruct throws on the discard pile stay there (the pile "cannot
      refill" the draw pile any more); ``True``: a player with an empty hand still draws from
      the reshuffled discard pile.
    * ``tie_break`` -- ``"shared"``: equal totals share the win; ``"most_harvested"``: the
      one with more harvested cards wins, still equal shares.
    """

    scoring: str = "teams"
    animal_without_follow_up: str = "skip"
    eclipse_on_eclipse: bool = False
    eclipse_on_lone_card: bool = True
    restore_order: str = "outermost"
    harvest_takes: str = "run"
    final_round: bool = True
    empty_hand_at_end: str = "self_destruct"
    draw_in_final_round: bool = False
    tie_break: str = "shared"

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if value not in OPTION_CHOICES[f.name] or type(value) is not type(OPTION_CHOICES[f.name][0]):
                raise ValueError(f"option {f.name}={value!r}: expected one of {list(OPTION_CHOICES[f.name])}")

    def to_json(self) -> dict[str, Any]:
        return dict(_entry(self)[1])

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


def _entry(options: Options) -> tuple[int, dict[str, Any]]:
    got = _OPTION_IDS.get(options)
    if got is None:
        got = _OPTION_IDS[options] = (len(_OPTION_IDS), asdict(options))
    return got


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


#: interned card plays keyed by one integer: ((player*60 + face)*4 + owner)*64 + index*4 + verb
_MOVES: dict[int, Move] = {}
_CLASS = {PLACE: Place, COVER: Cover, RESTORE: Restore}
_VERB = {Place: PLACE, Cover: COVER, Restore: RESTORE}


def _make(verb: int, p: int, c: Card, o: int, i: int) -> Move:
    key = ((p * 60 + c.id) * 4 + o) * 64 + i * 4 + verb
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = _CLASS[verb](p, c, o, c.kind, i)
    return move


#: players -> kind -> (owner, index of the owner's row of that kind in the per-row caches)
_ROWS = {n: {k: tuple((o, 2 * o + j) for o in range(n)) for j, k in enumerate(KINDS)} for n in (2, 3, 4)}
#: (row shape, options) -> {value: ways a card of that value goes into such a row}
_FITS: dict[tuple, dict[int, tuple[int, ...]]] = {}
_FITS_MAX = 1 << 16


def _card_move(cls, p: int, c: Card, o: int, row: str, i: int) -> Move:
    """The interned card play when it can be one (the row fits the card), else a new value."""
    if row == c.kind and 0 <= p < 4 and 0 <= o < 4 and 0 <= i < 64:
        return _make(_VERB[cls], p, c, o, i)
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
        self.team = teams(players, self.options.scoring)
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
        self._clear_caches()

    def _clear_caches(self) -> None:
        self._legal: tuple[Move, ...] | None = None
        # per row (2*owner + 0 sun / 1 moon): its Shape, and a card's value (0: the eclipse)
        # -> the ways it goes into the row (shared by rows of one shape), until the row changes
        self._shapes: list[Shape | None] = [None] * (2 * self.n)
        self._fits: list[dict[int, tuple] | None] = [None] * (2 * self.n)

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
        if len(cards) != len(CARDS) or missing_from(cards):
            raise ValueError("a deck lists the 68 cards: each number once, each eclipse five times")
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
            teams_text = ""
            if self.team:
                teams_text = (f" Four players play in teams: {self.names[0]} and {self.names[2]} against "
                              f"{self.names[1]} and {self.names[3]}.")
            self.log.add(None, "setup", "setup",
                         f"The 68 cards are shuffled and every player gets {HAND_SIZE}; "
                         f"{len(self.draw_pile)} cards form the draw pile. {self.names[0]} "
                         f"(the youngest) {self._verb(0, 'starts')}; play goes clockwise.{teams_text}",
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
        g.n, g.options, g.team, g.names = self.n, self.options, self.team, self.names
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
        g._legal = self._legal
        g._shapes, g._fits = self._shapes[:], self._fits[:]  # a row's plays hold while it is unchanged
        return g

    _CACHES = ("_legal", "_shapes", "_fits")

    def snapshot(self) -> bytes:
        import pickle

        state = {k: v for k, v in self.__dict__.items() if k not in self._CACHES}
        return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)

    def __getstate__(self):
        return {k: v for k, v in self.__dict__.items() if k not in self._CACHES}

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._clear_caches()

    def _repr_html_(self) -> str:
        """A notebook shows the whole table, every card face up (a teacher's view)."""
        from .draw import table

        return table(self)._repr_html_()

    # -- reading the state -----------------------------------------------------------
    def is_over(self) -> bool:
        return self.over

    def to_players(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    def team_of(self, player: int) -> int:
        """The team (0 or 1) when four play in teams; otherwise the player's own seat."""
        return self.team[player] if self.team else player

    def row(self, player: int, kind: str) -> Row:
        return self.rows[player][kind]

    def shape_of(self, owner: int, kind: str) -> Shape:
        """The shape of a row (``rules.shape``), kept until the row changes."""
        j = 2 * owner + (kind == "moon")
        got = self._shapes[j]
        if got is None:
            got = self._shapes[j] = shape(self.rows[owner][kind])
        return got

    def _changed(self, owner: int, kind: str) -> None:
        j = 2 * owner + (kind == "moon")
        self._shapes[j] = self._fits[j] = None

    def can_harvest(self, player: int, kind: str) -> bool:
        return harvestable(self.shape_of(player, kind))

    # -- legal moves -----------------------------------------------------------------
    def _plays(self, p: int) -> list[Move]:
        """Every card play of player ``p`` now (in hand order, then seat, then position);
        the five eclipses of a kind are one card, so two in hand give the same plays once.

        Where a card goes in a row is ``rules.number_places`` (a number) or
        ``rules.cover_places`` (an eclipse), remembered per row until the row changes."""
        out: list[Move] = []
        hand = self.hands[p]
        if not hand:
            return out
        fits_all = self._fits
        get, append = _MOVES.get, out.append
        eclipses = []
        for c in hand:
            if c.eclipse:
                if c in eclipses:
                    continue
                eclipses.append(c)
            v, base = c.value, (p * 60 + c.id) * 256
            for o, r in _ROWS[self.n][c.kind]:
                fits = fits_all[r]
                if fits is None:
                    fits = fits_all[r] = self._fits_of(o, c.kind)
                got = fits.get(v)
                if got is None:
                    got = fits[v] = self._places(o, c)
                key0 = base + o * 64
                for at in got:
                    m = get(key0 + at)
                    append(m if m is not None else _make(at & 3, p, c, o, at >> 2))
        return out

    def _fits_of(self, o: int, kind: str) -> dict[int, tuple[int, ...]]:
        """Value -> the ways a card goes into ``o``'s row of ``kind``: the same for every row of
        the same shape under the same options, so it is shared by them (and by later games)."""
        key = (self.shape_of(o, kind), _entry(self.options)[0])
        fits = _FITS.get(key)
        if fits is None:
            if len(_FITS) >= _FITS_MAX:
                _FITS.clear()
            fits = _FITS[key] = {}
        return fits

    def _places(self, o: int, c: Card) -> tuple[int, ...]:
        """Every way card ``c`` goes into ``o``'s row of its kind, as ``index * 4 + verb``."""
        opts = self.options
        if c.eclipse:
            places = cover_places(self.rows[o][c.kind], opts.eclipse_on_eclipse, opts.eclipse_on_lone_card)
            return tuple([i * 4 + COVER for i in places])
        fits = number_places(self.shape_of(o, c.kind), c.value, opts.restore_order == "outermost")
        return tuple([i * 4 + verb for verb, i in fits])

    def _harvests(self, p: int) -> list[Move]:
        return [_interned(Harvest, p, p, k) for k in KINDS if self.can_harvest(p, k)]

    def _compute_legal(self) -> tuple[Move, ...]:
        if self.over:
            return ()
        p = self.turn
        plays = self._plays(p)
        harvests = [] if self.extra else self._harvests(p)
        if may_self_destruct(bool(plays), bool(harvests)):
            return (_interned(SelfDestruct, p),)
        return tuple(plays + harvests)

    def legal_moves(self, player: int | None = None) -> tuple[Move, ...]:
        if self.over or (player is not None and player != self.turn):
            return ()
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
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
        legal = self.legal_moves()
        for m in legal:   # legal moves are interned: the one taken from legal_moves() is found by identity
            if m is move:
                return
        error = self._diagnose(move)
        if error is not None:
            raise error
        if move not in legal:  # pragma: no cover - every refusal above names its rule
            raise self._refuse(f"{self.describe_move(move)} is not allowed now", "moves")

    def _refuse(self, message: str, rule: str) -> IllegalMoveError:
        return IllegalMoveError(message, rule=rule, state=self.describe())

    def _diagnose(self, move: Any) -> IllegalMoveError | None:
        """The rule that refuses ``move`` (``None`` if none does)."""
        if not isinstance(move, (Place, Cover, Restore, Harvest, SelfDestruct)):
            return self._refuse(f"{move!r} is not a move of Sonne und Mond", "moves")
        p = move.player
        if not isinstance(p, int) or p != self.turn:
            who = self.names[p] if isinstance(p, int) and 0 <= p < self.n else repr(p)
            return self._refuse(f"it is {self._poss(self.turn)} turn, not {who}'s", "turn order")
        if isinstance(move, SelfDestruct):
            return self._why_not_self_destruct(p)
        if isinstance(move, Harvest):
            return self._why_not_harvest(move)
        return self._why_not_card(move)

    def _why_not_self_destruct(self, p: int) -> IllegalMoveError | None:
        plays = self._plays(p)
        if self.extra and plays:
            return self._refuse("after an animal card you must play another card", "animal card")
        if plays:
            return self._refuse(f"a card can still be played ({self.describe_move(plays[0])}); "
                                "self-destruct only when nothing can be played or harvested", "self-destruct")
        harvests = [] if self.extra else self._harvests(p)
        if harvests:
            return self._refuse(f"the {harvests[0].row} row can be harvested; self-destruct only when "
                                "nothing can be played or harvested", "self-destruct")
        return None

    def _why_not_harvest(self, move: Harvest) -> IllegalMoveError | None:
        p = move.player
        if self.extra:
            return self._refuse("after an animal card you must play another card, not harvest", "animal card")
        if move.row not in KINDS:
            return self._refuse(f"there is no {move.row!r} row (sun or moon)", "rows")
        if move.owner != p:
            who = self.names[move.owner] if isinstance(move.owner, int) and 0 <= move.owner < self.n \
                else repr(move.owner)
            return self._refuse(f"{self.names[p]} may harvest only {self._own(p)} rows, not {who}'s",
                                "harvest: own rows only")
        row = self.shape_of(p, move.row)
        if not harvestable(row):
            return self._refuse(f"the {move.row} row has only {row.run} adjacent uncovered cards; "
                                f"a harvest needs {HARVEST_MIN} or more", "harvest: five or more")
        return None

    def _why_not_card(self, move: Place | Cover | Restore) -> IllegalMoveError | None:
        p, c = move.player, move.card
        if not isinstance(c, Card) or c not in self.hands[p]:
            name = c.name if isinstance(c, Card) else repr(c)
            return self._refuse(f"{name} is not in {self._poss(p)} hand", "hand")
        if not isinstance(move.owner, int) or not 0 <= move.owner < self.n:
            return self._refuse(f"there is no player {move.owner!r}", "players")
        if move.row not in KINDS:
            return self._refuse(f"there is no {move.row!r} row (sun or moon)", "rows")
        if c.kind != move.row:
            return self._refuse(f"{c.name} belongs in a {c.kind} row, not a {move.row} row", "row kind")
        if isinstance(move, Place):
            return self._why_not_place(move)
        index = move.slot
        row = self.rows[move.owner][move.row]
        if not isinstance(index, int) or not 0 <= index < len(row):
            if isinstance(move, Cover):
                return self._refuse(f"an eclipse must cover a card, and {self._row_name(move)} has no card "
                                    f"at place {index}" + (" (it is empty)" if not row else ""), "eclipses")
            return self._refuse(f"{self._row_name(move)} has no place {index} to restore", "restoring")
        if isinstance(move, Cover):
            return self._why_not_cover(move)
        return self._why_not_restore(move)

    def _why_not_place(self, move: Place) -> IllegalMoveError | None:
        c, at, whose = move.card, move.at, self._row_name(move)
        if c.eclipse:
            return self._refuse(f"an eclipse is laid on top of a card, not at an end of {whose}", "eclipses")
        row = self.shape_of(move.owner, move.row)
        if not isinstance(at, int) or not 0 <= at <= row.places:
            return self._refuse(f"{whose} has {row.places} places; a card goes at its left end (0) "
                                f"or right end ({row.places})", "ends only")
        if at in end_places(row, c.value):
            return None
        if 0 < at < row.places:
            return self._refuse(f"{c.name} cannot go between two cards of {whose}; cards go only "
                                "at either end", "ends only")
        side, number = ("left of", row.low) if at == 0 else ("right of", row.high)
        return self._refuse(f"{c.name} does not fit {side} {number} in {whose}: rows ascend from "
                            "left to right", "ascending")

    def _why_not_cover(self, move: Cover) -> IllegalMoveError | None:
        c, slot = move.card, move.slot
        row = self.rows[move.owner][move.row]
        if not c.eclipse:
            return self._refuse(f"{c.name} is a number: it goes at an end of a row or restores an "
                                "eclipsed place", "restoring")
        if slot in cover_places(row, self.options.eclipse_on_eclipse, self.options.eclipse_on_lone_card):
            return None
        if row[slot][-1].eclipse:
            return self._refuse(f"place {slot} of {self._row_name(move)} is already eclipsed; an eclipse "
                                "covers a numbered card (option eclipse_on_eclipse)", "eclipses")
        return self._refuse("an eclipse may not cover the only card of a row (option eclipse_on_lone_card)",
                            "eclipses")

    def _why_not_restore(self, move: Restore) -> IllegalMoveError | None:
        c, slot = move.card, move.slot
        if c.eclipse:
            return self._refuse("an eclipse cannot restore a place; it covers a numbered card", "eclipses")
        top = self.rows[move.owner][move.row][slot][-1]
        if not top.eclipse:
            return self._refuse(f"place {slot} of {self._row_name(move)} shows {top.name}, not an eclipse: "
                                "cards go only at either end, and only an eclipsed place can be restored",
                                "ends only")
        row = self.shape_of(move.owner, move.row)
        outermost = self.options.restore_order == "outermost"
        if slot in restore_places(row, c.value, outermost):
            return None
        first, last, below, above = next(g for g in row.gaps if g[0] <= slot <= g[1])
        if outermost and slot not in (first, last):
            return self._refuse(f"with several eclipses side by side the outermost one is restored first "
                                f"(place {first} or {last}, not {slot})", "restoring: outermost first")
        below_text = str(below) if below else "the row's start"
        above_text = str(above) if above <= TOP_VALUE else "the row's end"
        return self._refuse(f"{c.name} does not fit between {below_text} and {above_text}; a restoring "
                            "number must lie between its neighbours", "restoring: between")

    # -- applying ----------------------------------------------------------------------
    def _apply(self, move: Move) -> None:
        """Carry out ``move`` without checking it.

        .. warning:: unchecked -- the fast path for rollouts; an illegal move corrupts the state.
        """
        self._legal = None
        cls = type(move)
        if cls is Harvest:
            self._harvest(move)
        elif cls is SelfDestruct:
            self._self_destruct(move.player)
        else:
            self._lay(move)
            if obliges_another_play(move.card):
                self._animal(move)
            else:
                self._end_turn()

    def _lay(self, move: Place | Cover | Restore) -> None:
        """The card leaves the hand and goes into the row: at an end, or on top of a place."""
        c, o, kind = move.card, move.owner, move.row
        self.hands[move.player].remove(c)
        row = self.rows[o][kind]
        before = self.shape_of(o, kind) if self.log.enabled else None
        if type(move) is Place:
            if move.at == 0:
                row.insert(0, [c])
            else:
                row.append([c])
        else:
            row[move.slot].append(c)
        self._changed(o, kind)
        if before is not None:
            self._explain_lay(move, before)

    def _animal(self, move: Place | Restore) -> None:
        """An animal card: the same player must play another card at once."""
        p = move.player
        self.extra = True
        if self.log.enabled:
            self.log.add(self.names[p], "animal", "animal card",
                         f"{move.card.name} shows a {move.card.animal}, so {self.names[p]} must play "
                         "another card.", card=move.card.name, animal=move.card.animal)
        follow = self._plays(p)
        if follow:
            self._legal = tuple(follow)
        elif self.options.animal_without_follow_up == "skip":
            if self.log.enabled:
                why = "no card left" if not self.hands[p] else "no card that fits anywhere"
                self.log.add(self.names[p], "no-follow-up", "animal card",
                             f"{self.names[p]} {self._verb(p, 'has')} {why} for the extra play, so the turn "
                             "ends (option animal_without_follow_up=skip).")
            self._end_turn()

    def _harvest(self, move: Harvest) -> None:
        p, kind = move.player, move.row
        taken, kept = harvest_split(self.rows[p][kind], self.options.harvest_takes == "row")
        cards = [c for place in taken for c in place]
        self.harvested[p].extend(cards)
        self.rows[p][kind] = kept
        self._changed(p, kind)
        if self.log.enabled:
            shown = ", ".join(str(s[-1].value) for s in taken if not s[-1].eclipse)
            beneath = len(cards) - len(taken)
            self.log.add(self.names[p], "harvest", "harvest",
                         f"{self.names[p]} {self._verb(p, 'harvests')} {len(taken)} places of the {kind} row "
                         f"({shown})" + (f" with {beneath} card{'s' if beneath != 1 else ''} stacked beneath"
                                         if beneath else "")
                         + " face down into the score pile: five or more adjacent uncovered cards may be "
                           "harvested, and it takes the whole turn"
                         + (f"; {len(kept)} place{'s' if len(kept) != 1 else ''} beyond an eclipse stay"
                            if kept else "") + ".",
                         player=p, row=kind, cards=[c.name for c in cards],
                         points=sum(1 for c in cards if not c.eclipse))
        self._end_turn()

    def _self_destruct(self, p: int) -> None:
        n_hand = len(self.hands[p])
        lost = self_destructed(self.hands[p], (self.rows[p][k] for k in KINDS))
        self.discard.extend(lost)
        self.hands[p] = []
        self.rows[p] = {"sun": [], "moon": []}
        self._changed(p, "sun")
        self._changed(p, "moon")
        if self.log.enabled:
            in_rows = len(lost) - n_hand
            own = self._own(p)
            why = "can neither play a card anywhere nor harvest" if n_hand else \
                f"{self._verb(p, 'has')} no card left, none to draw and nothing to harvest"
            self.log.add(self.names[p], "self-destruct", "self-destruct",
                         f"{self.names[p]} {why}, so {own} hand ({n_hand} card{'s' if n_hand != 1 else ''}) "
                         f"and both {own} rows ({in_rows} card{'s' if in_rows != 1 else ''}) go to the "
                         "discard pile.", player=p, hand=n_hand, rows=in_rows)
        self._end_turn()

    # -- turns, drawing and the end ------------------------------------------------------
    def _end_turn(self) -> None:
        self.extra = False
        if self.final_left is not None:
            self.final_left -= 1
            if self.final_left <= 0:
                self._finish()
                return
        self.turn = next_player(self.turn, self.n)
        self.turns += 1
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Draw with an empty hand; in the final round a player with nothing at all
        self-destructs (the default) or passes (option ``empty_hand_at_end="pass"``)."""
        while True:
            p = self.turn
            if must_draw(self.hands[p]) and (self.final_left is None or self.options.draw_in_final_round):
                self._draw(p)
                if self.over:
                    return
            if self.hands[p] or self.extra or self._harvests(p) or self.options.empty_hand_at_end != "pass":
                return
            if self.log.enabled:
                self.log.add(self.names[p], "pass", "end of the game",
                             f"{self.names[p]} {self._verb(p, 'has')} no cards, none left to draw and nothing to "
                             "harvest, so the turn passes (option empty_hand_at_end=pass).", player=p)
            self.final_left = (self.final_left or 1) - 1
            if self.final_left <= 0:
                self._finish()
                return
            self.turn = next_player(p, self.n)
            self.turns += 1

    def _draw(self, p: int) -> None:
        hand = self.hands[p]
        got = 0
        while got < HAND_SIZE:
            if not self.draw_pile:
                if not reshuffle_needed(self.draw_pile, self.discard):
                    break
                self._reshuffle()
            hand.append(self.draw_pile.pop())
            got += 1
        if self.log.enabled and got:
            self.log.add(self.names[p], "draw", "drawing",
                         f"{self._poss(p).capitalize()} hand is empty, so {'you' if self._you(p) else 'they'} "
                         f"draw {got} card{'s' if got != 1 else ''}"
                         f"{'' if got == HAND_SIZE else ' (all that was left)'}.", player=p, cards=got)
        if self.final_left is None and final_round_begins(self.draw_pile, self.discard):
            self._final_round(p)

    def _reshuffle(self) -> None:
        self.draw_pile, self.discard = self.discard, []
        self.rng.shuffle(self.draw_pile)
        if self.log.enabled:
            self.log.add(None, "reshuffle", "drawing",
                         f"The draw pile is used up, so the discard pile ({len(self.draw_pile)} cards) is "
                         "shuffled into a new draw pile.", cards=len(self.draw_pile))

    def _final_round(self, p: int) -> None:
        if not self.options.final_round:
            if self.log.enabled:
                self.log.add(None, "end", "end of the game",
                             "The draw pile is used up and the discard pile cannot refill it: the game "
                             "ends at once (option final_round=False).")
            self._finish()
            return
        self.final_left = self.n
        if self.log.enabled:
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
        won = self.winners()
        if self.team:
            totals = self.team_totals()
            text = " and ".join(f"team {t + 1} ({self._team_names(t)})" for t in won)
            self.log.add(None, "end", "scoring",
                         f"Team scores {totals[0]:+d} : {totals[1]:+d} (partners' scores added); the "
                         f"winner{'s are' if len(won) > 1 else ' is'} {text}.", winners=won, totals=totals)
        else:
            names = " and ".join(self.names[p] for p in won)
            self.log.add(None, "end", "scoring",
                         f"The highest score wins: {names}{' (tie)' if len(won) > 1 else ''}.", winners=won)

    # -- scoring -----------------------------------------------------------------------
    def score_table(self) -> list[dict[str, int]]:
        """Per player (``rules.score``): harvested sun/moon cards (+1), harvested eclipses (0),
        sun/moon cards in own rows (covered ones too) and in hand (-1 each); ``total``. Valid at
        any time (a provisional count before the end)."""
        return [{"player": p, **score(self.harvested[p], (self.rows[p][k] for k in KINDS), self.hands[p])}
                for p in range(self.n)]

    def scores(self) -> list[int]:
        return [row["total"] for row in self.score_table()]

    def team_totals(self) -> list[int]:
        """The two teams' totals (partners' scores added); four players in teams only."""
        s = self.scores()
        return [sum(s[p] for p in range(self.n) if self.team_of(p) == t) for t in (0, 1)]

    def winners(self) -> list[int]:
        """Winning seats (or teams, when four play in teams), several when tied."""
        table = self.score_table()
        by_harvest = self.options.tie_break == "most_harvested"
        if self.team:
            harvested = [sum(r["harvested"] for r in table if self.team_of(r["player"]) == t) for t in (0, 1)]
            return winners(self.team_totals(), harvested if by_harvest else None)
        return winners([r["total"] for r in table], [r["harvested"] for r in table] if by_harvest else None)

    def _team_names(self, t: int) -> str:
        return " + ".join(self.names[p] for p in range(self.n) if self.team_of(p) == t)

    def options_record(self) -> dict[str, Any]:
        return self.options.to_json()

    # -- words ---------------------------------------------------------------------------
    # a player called "You" (the apps' human) reads in the second person
    def _you(self, p: int) -> bool:
        return self.names[p] == "You"

    def _poss(self, p: int) -> str:
        return "your" if self._you(p) else f"{self.names[p]}'s"

    def _own(self, p: int) -> str:
        return "your" if self._you(p) else "their"

    def _whose(self, owner: int, player: int) -> str:
        if owner == player:
            return f"{self._own(player)} own"
        return self._poss(owner)

    def _row_name(self, move: Place | Cover | Restore) -> str:
        return f"{self._poss(move.owner)} {move.row} row"

    def _verb(self, p: int, third: str) -> str:
        if not self._you(p):
            return third
        if third == "has":
            return "have"
        return third[:-2] if third.endswith(("sses", "shes", "ches")) else third[:-1]

    def _explain_lay(self, move: Place | Cover | Restore, before: Shape) -> None:
        """One sentence for a card laid into a row (``before``: the row's shape before)."""
        p, c, o = move.player, move.card, move.owner
        who, whose = self.names[p], f"{self._whose(o, p)} {move.row} row"
        data = {"player": p, "card": c.name, "owner": o, "row": move.row}
        if type(move) is Place and not before.places:
            self.log.add(who, "start", "starting a row",
                         f"{who} {self._verb(p, 'starts')} {whose} with {c.name}: a card played where a "
                         "player has no row of its kind starts that row.", **data)
        elif type(move) is Place:
            left = move.at == 0
            beside = before.low if left else before.high
            compare = "" if not 1 <= beside <= TOP_VALUE else \
                f" ({c.value} < {beside})" if left else f" ({beside} < {c.value})"
            self.log.add(who, "place", "placing",
                         f"{who} {self._verb(p, 'places')} {c.name} at the {'left' if left else 'right'} end of "
                         f"{whose}{compare}: rows ascend from left to right and grow only at their ends.", **data)
        elif type(move) is Cover:
            under = self.rows[o][move.row][move.slot][-2]
            self.log.add(who, "cover", "eclipses",
                         f"{who} {self._verb(p, 'covers')} {under.name} in {whose} with a {c.name}: the row is "
                         "interrupted there and the eclipse counts nothing.", **data)
        else:
            _, _, below, above = next(g for g in before.gaps if g[0] <= move.slot <= g[1])
            between = f"between {below or 'the start'} and {above if above <= TOP_VALUE else 'the end'}"
            self.log.add(who, "restore", "restoring",
                         f"{who} {self._verb(p, 'restores')} the eclipsed place {between} in {whose} with "
                         f"{c.name}: a number that fits between its neighbours lifts the interruption.", **data)

    def describe_move(self, move: Any) -> str:
        """A move in words, e.g. 'sun 28 at the right end of Player 2's sun row'."""
        if isinstance(move, SelfDestruct):
            return f"{self.names[move.player]} {self._verb(move.player, 'self-destructs')}"
        if isinstance(move, Harvest):
            return f"{self.names[move.player]} {self._verb(move.player, 'harvests')} the {move.row} row"
        if not isinstance(move, (Place, Cover, Restore)):
            return repr(move)
        ok = isinstance(move.owner, int) and 0 <= move.owner < self.n
        whose = self._poss(move.owner) if ok else "?'s"
        name = move.card.name if isinstance(move.card, Card) else repr(move.card)
        row = self.rows[move.owner][move.row] if ok and move.row in KINDS else []
        if isinstance(move, Place):
            if not row:
                return f"{name} starts {whose} {move.row} row"
            end = "left" if move.at == 0 else "right" if move.at == len(row) else f"place {move.at}"
            return f"{name} at the {end} end of {whose} {move.row} row"
        index = move.slot if isinstance(move.slot, int) else -1
        under = row[index][-1].name if 0 <= index < len(row) else f"place {move.slot}"
        if isinstance(move, Cover):
            return f"{name} covers {under} in {whose} {move.row} row"
        return f"{name} restores the {under} at place {move.slot + 1} of {whose} {move.row} row"

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
        table = self.score_table()
        for p in range(self.n):
            r = table[p]
            team = f" (team {self.team[p] + 1})" if self.team else ""
            lines.append(f"{self.names[p]}{team}: sun {self.row_text(self.rows[p]['sun'])} | moon "
                         f"{self.row_text(self.rows[p]['moon'])} | hand {len(self.hands[p])} | "
                         f"harvested {r['harvested']} | score {r['total']:+d}")
        if self.over:
            won = self.winners()
            lines.append("Winner: " + (", ".join(f"team {t + 1} ({self._team_names(t)})" for t in won)
                                       if self.team else ", ".join(self.names[p] for p in won)))
        else:
            lines.append(self.describe())
        return "\n".join(lines)

    def _rows_json(self) -> list[dict[str, list[list[str]]]]:
        return [{k: [[c.name for c in s] for s in self.rows[p][k]] for k in KINDS} for p in range(self.n)]

    def state_json(self) -> dict[str, Any]:
        return {
            "over": self.over, "turn": self.turn, "extra": self.extra, "final_left": self.final_left,
            "names": list(self.names), "options": self.options.to_json(),
            "teams": list(self.team) if self.team else None,
            "hands": [[c.name for c in h] for h in self.hands],
            "rows": self._rows_json(),
            "harvested": [[c.name for c in h] for h in self.harvested],
            "draw_pile": len(self.draw_pile), "discard": [c.name for c in self.discard],
            "box": [c.name for c in self.box],
            "scores": self.score_table(),
            "winners": self.winners() if self.over else None,
        }

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: their own hand and their own harvest, every row, the discard
        pile (face up), and of everything else only sizes -- other hands, the other harvest
        piles (they lie face down: "面朝下"), the draw pile; never another hand, another
        harvested card or the draw pile's order."""
        return {
            "me": player, "players": self.n, "names": list(self.names), "turn": self.turn,
            "extra": self.extra, "final_left": self.final_left, "over": self.over,
            "options": self.options.to_json(), "teams": list(self.team) if self.team else None,
            "hand": [c.name for c in self.hands[player]],
            "hand_sizes": [len(h) for h in self.hands],
            "rows": self._rows_json(),
            "my_harvest": [c.name for c in self.harvested[player]],
            "harvest_sizes": [len(h) for h in self.harvested],
            "discard": [c.name for c in self.discard],
            "box": [c.name for c in self.box],
            "draw_pile": len(self.draw_pile),
        }

    @classmethod
    def from_view(cls, view: dict[str, Any], rng: random.Random) -> "SunMoon":
        """A determinization: a game consistent with ``view`` whose hidden cards (other hands,
        other harvest piles, the draw pile's order) are dealt at random with ``rng``. Used by
        the Monte Carlo bot; no log is kept."""
        n, me = view["players"], view["me"]
        g = cls.__new__(cls)
        g.n, g.options, g.names = n, Options(**view["options"]), view["names"]
        g.team = teams(n, g.options.scoring)
        g.log, g.history = EventLog(enabled=False), []
        g.rows = [{k: [[_BY_NAME[x] for x in s] for s in view["rows"][p][k]] for k in KINDS} for p in range(n)]
        g.discard = [_BY_NAME[x] for x in view["discard"]]
        g.box = [_BY_NAME[x] for x in view.get("box", ())]
        mine = [_BY_NAME[x] for x in view["hand"]]
        my_harvest = [_BY_NAME[x] for x in view["my_harvest"]]
        known = [c for r in g.rows for k in KINDS for s in r[k] for c in s]
        unknown = missing_from(known + g.discard + g.box + mine + my_harvest)
        rng.shuffle(unknown)
        g.hands, g.harvested = [], []
        for p in range(n):
            for sizes, out, own in ((view["hand_sizes"], g.hands, mine),
                                    (view["harvest_sizes"], g.harvested, my_harvest)):
                if p == me:
                    out.append(own[:])
                else:
                    k = sizes[p]
                    out.append(unknown[:k])
                    unknown = unknown[k:]
        g.draw_pile = unknown
        g.turn, g.extra, g.final_left, g.over = view["turn"], view["extra"], view["final_left"], view["over"]
        g.turns = 0
        g.rng = random.Random(rng.getrandbits(32))
        g._setup = {}
        g._clear_caches()
        return g


GAME = SunMoon
