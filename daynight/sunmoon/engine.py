"""sunmoon: the state machine (:class:`SunMoon`): the deal, the legal moves, the one check
that says why a move is refused, the moves carried out and explained, and what a player may see.

Every rule is a function of ``rules.py``; this module keeps the state and asks those
functions what is legal, on both of its paths:

* :meth:`SunMoon.legal_moves` lists every move the rules allow now (``rules.end_places``,
  ``rules.restore_places``, ``rules.cover_places``, ``rules.harvestable``,
  ``rules.may_self_destruct``), and ``core.Game.play`` accepts one of them at a glance;
* :meth:`SunMoon._check` takes any other move through the same functions in the play report's
  order and raises an ``IllegalMoveError`` naming the first rule it breaks.

The moves are ``moves.py``'s, the options ``options.py``'s, the log's sentences ``words.py``'s
and the view ``view.py``'s; records (``records.py``) are bound to the class by the package.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence
from typing import Any, TypeVar

from .. import i18n
from ..core import EventLog, Game, GameOverError, IllegalMoveError, Reader, Seed, make_rng
from . import pictures, rules, words
from .data import CARDS, KINDS, Card, card, missing_from
from .moves import MOVE_TYPES, CardPlay, Cover, Harvest, Move, Place, Restore, SelfDestruct
from .options import Options
from .rules import HAND_SIZE, PLACE, Row, Shape
from .view import View, deal_hidden, seen_by

_ = i18n._  # the translation call ("from ..i18n import _" would read as importing a private name)


M = TypeVar("M")

# ---------------------------------------------------------------------------
# The fast path's memory: what the rules said, kept where asking again would cost
#
# Figures: callgrind, instructions per random 4-player game (10 seeded games, explanations
# off), 15.8M with all of it; each line says what the game cost without one piece.
# ---------------------------------------------------------------------------

#: every move built by :func:`move`, by its class and fields. The engine lists the legal moves
#: with it, so a move is built once in a process, and a bot, an app or a record that takes a
#: listed move hands ``play`` the very object listed (accepted at a glance). Without it (every
#: listed move built anew): 19.0M. Bounded: records and the app's drawn places ask only for moves
#: of seats 0-3, faces of the deck and places 0-63.
BUILT: dict[tuple[Any, ...], Any] = {}


def move(kind: type[M], *fields: Any) -> M:
    """The move ``kind(*fields)``, built once: ``move(Place, 0, card("sun 3"), 1, "sun", 0)``."""
    key = (kind, *fields)
    built = BUILT.get(key)
    if built is None:
        built = BUILT[key] = kind(*fields)
    return built


#: (a row's shape, the options the ways depend on) -> {a card's number (0: an eclipse) -> the ways
#: it goes into such a row (:meth:`SunMoon._ways`, that is the rules)}: every row of one shape, in
#: any game of the process, takes a card in the same ways, so a row asks the rules only about a
#: shape no row had before. Measured apart from the figures above (callgrind, bench_sunmoon's 20
#: seeded 4-player games, core's ``offered``): 14.57M instructions a quiet game with it, 14.78M
#: without (18.69M and 18.89M explained): 1.4% of a game.
FITS: dict[tuple[Shape, tuple[bool, bool, bool]], dict[int, tuple[tuple[type, int], ...]]] = {}
FITS_MAX = 1 << 16  #: beyond this many shapes they are all forgotten (a long-running server)

#: the attributes that only remember what the rules said (never pickled, rebuilt on demand)
CACHES = ("_legal", "_shapes", "_fits")
#: a card laid into a row, as the log names it: (what happened, the rule); a card that starts a
#: row is ("start", "starting a row")
LAID = {Place: ("place", "placing"), Cover: ("cover", "eclipses"), Restore: ("restore", "restoring")}


class SunMoon(Game):
    """A game of Sonne und Mond for 2-4 players (seats 0..n-1, clockwise; seat 0, the
    youngest player, starts)."""

    name = "sunmoon"
    title = "Sonne und Mond (日與夜)"

    def __init__(self, players: int, *, options: Options | None = None, names: Sequence[str] | None = None):
        if not 2 <= players <= 4:
            raise ValueError(_("Sonne und Mond is for 2-4 players"))
        self.n = players
        self.options = options or Options()
        self.team = rules.teams(players, self.options.scoring)
        self.names = list(names) if names else [_("Player {number}").format(number=i + 1) for i in range(players)]
        if len(self.names) != players:
            raise ValueError(_("one name per player"))
        self.hands: list[list[Card]] = [[] for _seat in range(players)]
        self.rows: list[dict[str, Row]] = [{"sun": [], "moon": []} for _seat in range(players)]
        self.harvested: list[list[Card]] = [[] for _seat in range(players)]
        self.draw_pile: list[Card] = []  # the top card is the last element
        self.discard: list[Card] = []
        self.box: list[Card] = []  # set aside by a teaching position, never in play
        self.turn = 0
        self.extra = False  # an animal card obliges another play this turn
        self.final_left: int | None = None  # turns left in the final round
        self.over = False
        self.turns = 1
        self.rng = random.Random(0)
        #: how the game was dealt, as its setup record says it: a seed, a deck order or a position
        self.setup: dict[str, Any] = {}
        self.log = EventLog()
        self.history: list[Any] = []
        self._clear_caches()

    def _clear_caches(self) -> None:
        """Forget what the rules said of this game's rows (asked again on demand).

        Kept (see the figures above :data:`BUILT`): the legal moves until the next move
        (without: 19.6M); per row until it changes, ``rules.shape`` (without: 23.7M) and the
        ways each card goes into it, by number (``_ways``; without: 19.1M). A test checks every
        remembered answer against the rule functions (``tests/test_sunmoon_paths.py``)."""
        self._legal: tuple[Move, ...] | None = None  # the legal moves, until the next move
        # per kind and owner, until the row changes: rules.shape(row), and a card's number (0: an
        # eclipse) -> the ways it goes into the row (_ways)
        self._shapes: dict[str, list[Shape | None]] = {k: [None] * self.n for k in KINDS}
        self._fits: dict[str, list[dict[int, tuple[tuple[type, int], ...]] | None]] = {
            k: [None] * self.n for k in KINDS
        }

    def _row_changed(self, owner: int, kind: str) -> None:
        """A card went into (or out of) ``owner``'s row of ``kind``: what the rules said of it no longer holds."""
        self._shapes[kind][owner] = None
        self._fits[kind][owner] = None

    # -- construction ----------------------------------------------------------------
    @classmethod
    def new(
        cls,
        players: int = 4,
        seed: Seed = None,
        *,
        options: Options | None = None,
        names: Sequence[str] | None = None,
        explain: bool = True,
    ) -> SunMoon:
        """A shuffled game: five cards each, seat 0 starts."""
        rng, recorded = make_rng(seed)
        deck = list(CARDS)
        rng.shuffle(deck)
        game = cls(players, options=options, names=names)
        game.log.enabled = explain
        if recorded is not None:
            game.rng = rng
            game.setup = {"seed": recorded}
        else:  # a caller's Random: record the deck order and a reshuffle seed instead
            reshuffle = rng.getrandbits(32)
            game.rng = random.Random(reshuffle)
            game.setup = {"deck": [c.name for c in deck], "reshuffle_seed": reshuffle}
        game._deal(deck)
        return game

    @classmethod
    def from_deck(
        cls,
        players: int,
        deck: Sequence[Card | str],
        *,
        reshuffle_seed: int = 0,
        options: Options | None = None,
        names: Sequence[str] | None = None,
    ) -> SunMoon:
        """A game dealt from an explicit deck order (the first card is the top)."""
        cards = [c if isinstance(c, Card) else card(c) for c in deck]
        if len(cards) != len(CARDS) or missing_from(cards):
            raise ValueError(_("a deck lists the 68 cards: each number once, each eclipse five times"))
        game = cls(players, options=options, names=names)
        game.rng = random.Random(reshuffle_seed)
        game.setup = {"deck": [c.name for c in cards], "reshuffle_seed": reshuffle_seed}
        game._deal(cards)
        return game

    def _deal(self, deck: Sequence[Card]) -> None:
        """The deal: "將牌堆洗勻後，放在中間，每位玩家抽五張作為手牌" -- five cards each, the rest is the draw pile."""
        self.draw_pile = list(reversed(deck))
        for _round in range(HAND_SIZE):
            for p in range(self.n):
                self.hands[p].append(self.draw_pile.pop())
        if self.log.enabled:
            text = words.dealt(self.names, len(self.draw_pile), self.team is not None)
            self.log.add(None, "setup", "setup", text, players=self.n, draw=len(self.draw_pile))
        self._begin_turn()

    @classmethod
    def from_position(
        cls,
        position: dict[str, Any],
        *,
        players: int | None = None,
        options: Options | None = None,
        names: Sequence[str] | None = None,
        reshuffle_seed: int = 0,
    ) -> SunMoon:
        """A hand-built teaching position (see ``records.from_setup`` for the format)."""
        setup: dict[str, Any] = {"position": position, "reshuffle_seed": reshuffle_seed}
        if players is not None:
            setup["players"] = players
        if options is not None:
            setup["options"] = options.to_json()
        if names is not None:
            setup["names"] = list(names)
        game = cls.from_setup(Reader(setup, "$.setup"))
        assert isinstance(game, SunMoon)
        return game

    def begin_position(self) -> None:
        """Start play from a position just laid out (``records.read_position``): the log says
        so, and the player to move draws if their hand is empty."""
        self._clear_caches()
        if self.log.enabled:
            text = words.prepared(self.names, self.turn)
            self.log.add(None, "setup", "setup", text, players=self.n, draw=len(self.draw_pile))
        self._begin_turn()

    # -- copying -------------------------------------------------------------------
    def copy(self, *, explain: bool | None = None) -> SunMoon:
        """An independent copy (fast; the log is copied unless ``explain=False``)."""
        g = type(self).__new__(type(self))
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
        g.setup = self.setup
        if explain is False:
            g.log = EventLog(enabled=False)
            g.history = []
        else:
            g.log = EventLog(self.log, enabled=self.log.enabled)
            g.history = self.history[:]
        # what the rules said of a row holds in the copy while the row is unchanged
        g._legal = self._legal
        g._shapes = {k: v[:] for k, v in self._shapes.items()}
        g._fits = {k: v[:] for k, v in self._fits.items()}
        return g

    def snapshot(self) -> bytes:
        """The state as bytes, without the caches (reading the legal moves changes nothing)."""
        return pickle.dumps(self.__getstate__(), protocol=pickle.HIGHEST_PROTOCOL)

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in CACHES and k != "offered"}  # offered: no state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._clear_caches()

    def _repr_html_(self) -> str:
        """A notebook shows the whole table, every card face up (a teacher's view)."""
        return pictures.html(self)

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
        """The shape of a row (``rules.shape``), remembered until the row changes."""
        shapes = self._shapes[kind]
        got = shapes[owner]
        if got is None:
            got = shapes[owner] = rules.shape(self.rows[owner][kind])
        return got

    def can_harvest(self, player: int, kind: str) -> bool:
        """``rules.harvestable`` of the player's own row of ``kind``."""
        return rules.harvestable(self.shape_of(player, kind))

    # -- the legal moves ---------------------------------------------------------------
    def legal_moves(self, player: int | None = None) -> tuple[Move, ...]:
        """Every move the rules allow now (only the player whose turn it is has any): the card
        plays in hand order, then seat, then place; then the harvests; or, when there is none
        of those, the self-destruct alone. Remembered until the next move, and offered
        (:attr:`offered`): core's ``play`` accepts one of these very objects at a glance."""
        if self.over or (player is not None and player != self.turn):
            self.offered = ()
            return ()
        legal = self._legal
        if legal is None:
            legal = self._legal = self._find_legal()
        self.offered = legal
        return legal

    def _find_legal(self) -> tuple[Move, ...]:
        """Turn choices: "１、出一張牌。２、收割牌列。３、自我毀滅" -- play a card, harvest a row,
        or self-destruct (only when neither of the first two is possible); after an animal card,
        only another card."""
        p = self.turn
        plays = self.card_plays(p)
        harvests = [] if self.extra else self.harvests(p)
        if rules.may_self_destruct(bool(plays), bool(harvests)):
            return (move(SelfDestruct, p),)
        return tuple(plays) + tuple(harvests) if harvests else tuple(plays)

    def card_plays(self, p: int) -> list[CardPlay]:
        """Every card play of player ``p`` now (in hand order, then seat, then place); the five
        eclipses of a kind are one card, so two in hand give the same plays once.

        Where a card goes is the rules' to say (:meth:`_ways`); the fast path remembers their
        answer for each row until it changes, and builds each move once (:func:`move`)."""
        out: list[CardPlay] = []
        eclipses: list[Card] = []
        built, append = BUILT, out.append
        for c in self.hands[p]:
            if c.eclipse:
                if c in eclipses:
                    continue
                eclipses.append(c)
            kind, value, fits_of = c.kind, c.value, self._fits[c.kind]
            for o in range(self.n):
                fits = fits_of[o]
                if fits is None:
                    fits = fits_of[o] = self._fits_of(o, kind)
                ways = fits.get(value)
                if ways is None:
                    ways = fits[value] = self._ways(o, c)
                for way, i in ways:
                    append(built.get((way, p, c, o, kind, i)) or move(way, p, c, o, kind, i))
        return out

    def _ways(self, o: int, c: Card) -> tuple[tuple[type, int], ...]:
        """Every way card ``c`` goes into ``o``'s row of its kind, as ``(move class, place)``
        pairs, as the rules say: ``rules.cover_places`` for an eclipse, ``rules.number_places``
        for a number."""
        kind, options = c.kind, self.options
        if c.eclipse:
            places = rules.cover_places(self.rows[o][kind], options.eclipse_on_eclipse, options.eclipse_on_lone_card)
            return tuple([(Cover, i) for i in places])
        ways = rules.number_places(self.shape_of(o, kind), c.value, options.restore_order == "outermost")
        return tuple([(Place if way == PLACE else Restore, i) for way, i in ways])

    def _fits_of(self, o: int, kind: str) -> dict[int, tuple[tuple[type, int], ...]]:
        """The :data:`FITS` entry of the shape of ``o``'s row of ``kind`` under this game's options."""
        options = self.options
        ways_depend_on = (
            options.restore_order == "outermost",
            options.eclipse_on_eclipse,
            options.eclipse_on_lone_card,
        )
        key = (self.shape_of(o, kind), ways_depend_on)
        fits = FITS.get(key)
        if fits is None:
            if len(FITS) >= FITS_MAX:
                FITS.clear()
            fits = FITS[key] = {}
        return fits

    def harvests(self, p: int) -> list[Harvest]:
        """The harvests of ``p``'s own rows that ``rules.harvestable`` allows now."""
        return [move(Harvest, p, p, k) for k in KINDS if self.can_harvest(p, k)]

    def moves_for(self, c: Card) -> list[Move]:
        """The legal plays of card ``c`` now (for highlighting targets)."""
        return [m for m in self.legal_moves() if getattr(m, "card", None) is c]

    # -- the one check -------------------------------------------------------------------
    def _check(self, move: Any) -> None:
        """Why ``move`` is refused now, rule by rule in the play report's order; it changes nothing.

        Raises ``IllegalMoveError(reason, rule=...)`` for the first rule ``move`` breaks, and
        returns for a legal move (one built anew too): whose turn it is, then the move's own
        rules (:meth:`_check_card`, :meth:`_check_harvest`, :meth:`_check_self_destruct`). The
        reasons are ``words.py``'s, the rules ``rules.py``'s."""
        if self.over:
            raise GameOverError(_("the game is over"), rule="end of the game", state=self.describe())
        if type(move) not in MOVE_TYPES:
            raise self._refuse(words.no_move(move), "moves")
        self._check_turn(move.player)
        if isinstance(move, SelfDestruct):
            self._check_self_destruct(move.player)
        elif isinstance(move, Harvest):
            self._check_harvest(move)
        else:
            self._check_card(move)

    def _refuse(self, reason: str, rule: str) -> IllegalMoveError:
        return IllegalMoveError(reason, rule=rule, state=self.describe())

    def _seat(self, player: Any) -> bool:
        """True when ``player`` is one of this game's seats."""
        return isinstance(player, int) and not isinstance(player, bool) and 0 <= player < self.n

    def _who(self, player: Any) -> str:
        return self.names[player] if self._seat(player) else repr(player)

    def _check_turn(self, p: Any) -> None:
        """Turn order: only the player whose turn it is moves (``rules.next_player``)."""
        if not (self._seat(p) and p == self.turn):
            raise self._refuse(words.not_your_turn(self.names, self.turn, self._who(p)), "turn order")

    def _check_self_destruct(self, p: int) -> None:
        """``rules.may_self_destruct``: only when no card can be played and nothing harvested."""
        plays = self.card_plays(p)
        harvests = [] if self.extra else self.harvests(p)
        if rules.may_self_destruct(bool(plays), bool(harvests)):
            return
        if self.extra:
            raise self._refuse(words.play_another_card(harvest=False), "animal card")
        if plays:
            raise self._refuse(words.still_playable(self.describe_move(plays[0])), "self-destruct")
        raise self._refuse(words.still_harvestable(harvests[0].row), "self-destruct")

    def _check_harvest(self, move: Harvest) -> None:
        """``rules.may_harvest_row_of`` (own rows only) and ``rules.harvestable`` (five or more);
        never as the extra play of an animal card."""
        p = move.player
        if self.extra:
            raise self._refuse(words.play_another_card(harvest=True), "animal card")
        if move.row not in KINDS:
            raise self._refuse(words.no_such_row(move.row), "rows")
        if not rules.may_harvest_row_of(p, move.owner):
            raise self._refuse(words.own_rows_only(self.names, p, self._who(move.owner)), "harvest: own rows only")
        row = self.shape_of(p, move.row)
        if not rules.harvestable(row):
            raise self._refuse(words.too_short(move.row, row.run), "harvest: five or more")

    def _check_card(self, move: CardPlay) -> None:
        """A card play: the card is in the player's hand, the row is a player's sun or moon row
        of the card's kind (``rules.belongs_in``), then the rules of the way it goes in."""
        p, c = move.player, move.card
        if not isinstance(c, Card) or c not in self.hands[p]:
            raise self._refuse(words.not_in_hand(self.names, p, c), "hand")
        if not self._seat(move.owner):
            raise self._refuse(words.no_such_player(move.owner), "players")
        if move.row not in KINDS:
            raise self._refuse(words.no_such_row(move.row), "rows")
        if not rules.belongs_in(c, move.row):
            raise self._refuse(words.wrong_kind(c, move.row), "row kind")
        if isinstance(move, Place):
            self._check_place(move)
        elif isinstance(move, Cover):
            self._check_cover(move)
        else:
            self._check_restore(move)

    def _check_place(self, move: Place) -> None:
        """``rules.end_places``: a number goes at an end of a row, ascending from left to right."""
        c, at, whose = move.card, move.at, words.owned_row(self.names, move.owner, move.row)
        if c.eclipse:
            raise self._refuse(words.eclipse_at_an_end(whose), "eclipses")
        row = self.shape_of(move.owner, move.row)
        if not isinstance(at, int) or not 0 <= at <= row.places:
            raise self._refuse(words.no_such_end(whose, row.places), "ends only")
        if at in rules.end_places(row, c.value):
            return
        if 0 < at < row.places:
            raise self._refuse(words.between_cards(c, whose), "ends only")
        raise self._refuse(words.not_ascending(c, at == 0, row.low if at == 0 else row.high, whose), "ascending")

    def _check_slot(self, move: Cover | Restore) -> None:
        """An eclipse covers, and a number restores, a place the row has."""
        index, row = move.slot, self.rows[move.owner][move.row]
        if isinstance(index, int) and 0 <= index < len(row):
            return
        whose = words.owned_row(self.names, move.owner, move.row)
        if type(move) is Restore:
            raise self._refuse(words.no_place_to_restore(whose, index), "restoring")
        raise self._refuse(words.no_card_to_cover(whose, index, empty=not row), "eclipses")

    def _check_cover(self, move: Cover) -> None:
        """``rules.cover_places``: an eclipse lies on a numbered card of its kind."""
        c, slot = move.card, move.slot
        self._check_slot(move)
        row = self.rows[move.owner][move.row]
        if not c.eclipse:
            raise self._refuse(words.number_covers(c), "restoring")
        if slot in rules.cover_places(row, self.options.eclipse_on_eclipse, self.options.eclipse_on_lone_card):
            return
        if row[slot][-1].eclipse:
            raise self._refuse(
                words.already_eclipsed(slot, words.owned_row(self.names, move.owner, move.row)), "eclipses"
            )
        raise self._refuse(words.lone_card(), "eclipses")

    def _check_restore(self, move: Restore) -> None:
        """``rules.restore_places``: a number between the numbers beside an eclipse restores it,
        the outermost of several side by side first."""
        c, slot = move.card, move.slot
        self._check_slot(move)
        if c.eclipse:
            raise self._refuse(words.eclipse_restores(), "eclipses")
        on_top = self.rows[move.owner][move.row][slot][-1]
        if not on_top.eclipse:
            whose = words.owned_row(self.names, move.owner, move.row)
            raise self._refuse(words.not_eclipsed(slot, whose, on_top), "ends only")
        row = self.shape_of(move.owner, move.row)
        outermost = self.options.restore_order == "outermost"
        if slot in rules.restore_places(row, c.value, outermost):
            return
        first, last, below, above = next(g for g in row.gaps if g[0] <= slot <= g[1])
        if outermost and slot not in (first, last):
            raise self._refuse(words.outermost_first(first, last, slot), "restoring: outermost first")
        raise self._refuse(words.not_between(c, below, above), "restoring: between")

    def reason_illegal(self, move: Any) -> str | None:
        """Why ``move`` is refused now, in words with the rule (no state suffix), or ``None``."""
        try:
            self._check(move)
        except IllegalMoveError as exc:
            return f"{exc.reason} [rule: {exc.rule}]"
        return None

    # -- carrying out a move ---------------------------------------------------------------
    def _apply(self, move: Move) -> None:
        """Carry out ``move`` without checking it.

        .. warning:: unchecked -- the fast path for rollouts; an illegal move corrupts the state.
        """
        self._legal = None
        if isinstance(move, Harvest):
            self._harvest(move)
        elif isinstance(move, SelfDestruct):
            self._self_destruct(move.player)
        else:
            self._lay(move)
            if rules.obliges_another_play(move.card):
                self._animal(move)
            else:
                self._end_turn()

    def _lay(self, move: CardPlay) -> None:
        """The card leaves the hand and goes into the row: at an end, or on top of a place."""
        c, o, kind = move.card, move.owner, move.row
        self.hands[move.player].remove(c)
        row = self.rows[o][kind]
        before = self.shape_of(o, kind) if self.log.enabled else None
        if isinstance(move, Place):
            if move.at == 0:
                row.insert(0, [c])
            else:
                row.append([c])
        else:
            row[move.slot].append(c)
        self._row_changed(o, kind)
        if before is not None:
            what, rule = ("start", "starting a row") if type(move) is Place and not before.places else LAID[type(move)]
            text = words.laid(self.names, move, before, row)
            self.log.add(self.names[move.player], what, rule, text, player=move.player, card=c.name, owner=o, row=kind)

    def _animal(self, move: CardPlay) -> None:
        """An animal card: the same player must play another card at once."""
        p, c = move.player, move.card
        self.extra = True
        if self.log.enabled:
            text = words.animal(self.names, p, c)
            self.log.add(self.names[p], "animal", "animal card", text, card=c.name, animal=c.animal)
        plays = self.card_plays(p)
        if plays:  # the legal moves now: _find_legal's after an animal card, the card plays alone
            self._legal = tuple(plays)
            return
        if self.options.animal_without_follow_up == "skip":
            if self.log.enabled:
                self.log.add(
                    self.names[p], "no-follow-up", "animal card", words.no_follow_up(self.names, p, not self.hands[p])
                )
            self._end_turn()

    def _harvest(self, move: Harvest) -> None:
        """``rules.harvest_split``: the run goes face down to the player's score pile; the turn ends."""
        p, kind = move.player, move.row
        taken, kept = rules.harvest_split(self.rows[p][kind], self.options.harvest_takes == "row")
        cards = [c for place in taken for c in place]
        self.harvested[p].extend(cards)
        self.rows[p][kind] = kept
        self._row_changed(p, kind)
        if self.log.enabled:
            text, points = words.harvested(self.names, p, kind, taken, kept), sum(1 for c in cards if not c.eclipse)
            data = {"player": p, "row": kind, "cards": [c.name for c in cards], "points": points}
            self.log.add(self.names[p], "harvest", "harvest", text, **data)
        self._end_turn()

    def _self_destruct(self, p: int) -> None:
        """``rules.self_destructed``: hand and both own rows to the discard pile; the turn ends."""
        n_hand = len(self.hands[p])
        lost = rules.self_destructed(self.hands[p], (self.rows[p][k] for k in KINDS))
        self.discard.extend(lost)
        self.hands[p] = []
        self.rows[p] = {"sun": [], "moon": []}
        for kind in KINDS:
            self._row_changed(p, kind)
        if self.log.enabled:
            in_rows = len(lost) - n_hand
            text = words.self_destructed(self.names, p, n_hand, in_rows)
            self.log.add(self.names[p], "self-destruct", "self-destruct", text, player=p, hand=n_hand, rows=in_rows)
        self._end_turn()

    # -- turns, drawing and the end ------------------------------------------------------
    def _end_turn(self) -> None:
        self.extra = False
        if self.final_left is not None:
            self.final_left -= 1
            if self.final_left <= 0:
                self._finish()
                return
        self.turn = rules.next_player(self.turn, self.n)
        self.turns += 1
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Draw with an empty hand; in the final round a player with nothing at all
        self-destructs (the default) or passes (option ``empty_hand_at_end="pass"``)."""
        while True:
            p = self.turn
            if rules.must_draw(self.hands[p]) and (self.final_left is None or self.options.draw_in_final_round):
                self._draw(p)
                if self.over:
                    return
            if self.hands[p] or self.extra or self.harvests(p) or self.options.empty_hand_at_end != "pass":
                return
            if self.log.enabled:
                self.log.add(self.names[p], "pass", "end of the game", words.passed(self.names, p), player=p)
            self.final_left = (self.final_left or 1) - 1
            if self.final_left <= 0:
                self._finish()
                return
            self.turn = rules.next_player(p, self.n)
            self.turns += 1

    def _draw(self, p: int) -> None:
        """``rules.must_draw``: five cards (or what is left, reshuffling the discard pile when
        ``rules.reshuffle_needed``); ``rules.final_round_begins`` when nothing is left."""
        hand = self.hands[p]
        got = 0
        while got < HAND_SIZE:
            if not self.draw_pile:
                if not rules.reshuffle_needed(self.draw_pile, self.discard):
                    break
                self._reshuffle()
            hand.append(self.draw_pile.pop())
            got += 1
        if self.log.enabled and got:
            self.log.add(self.names[p], "draw", "drawing", words.drew(self.names, p, got), player=p, cards=got)
        if self.final_left is None and rules.final_round_begins(self.draw_pile, self.discard):
            self._final_round(p)

    def _reshuffle(self) -> None:
        self.draw_pile, self.discard = self.discard, []
        self.rng.shuffle(self.draw_pile)
        if self.log.enabled:
            cards = len(self.draw_pile)
            self.log.add(None, "reshuffle", "drawing", words.reshuffled(cards), cards=cards)

    def _final_round(self, p: int) -> None:
        if not self.options.final_round:
            if self.log.enabled:
                self.log.add(None, "end", "end of the game", words.ends_at_once())
            self._finish()
            return
        self.final_left = self.n
        if self.log.enabled:
            self.log.add(None, "final-round", "end of the game", words.final_round(self.names, p), turns=self.n)

    def _finish(self) -> None:
        self.over = True
        self._legal = None
        if not self.log.enabled:
            return
        table = self.score_table()  # counted once here (four times before: 0.31M a game, callgrind)
        for row in table:
            name = self.names[row["player"]]
            self.log.add(name, "score", "scoring", words.scored(name, row), **row)
        won = self.winners(table)
        if self.team:
            totals = self.team_totals(table)
            text = words.team_result(self.names, self.team, totals, won)
            self.log.add(None, "end", "scoring", text, winners=won, totals=totals)
        else:
            self.log.add(None, "end", "scoring", words.result(self.names, won), winners=won)

    # -- scoring -----------------------------------------------------------------------
    def score_table(self) -> list[dict[str, int]]:
        """Per player (``rules.score``): harvested sun/moon cards (+1), harvested eclipses (0),
        sun/moon cards in own rows (covered ones too) and in hand (-1 each); ``total``. Valid at
        any time (a provisional count before the end)."""
        return [
            {"player": p, **rules.score(self.harvested[p], (self.rows[p][k] for k in KINDS), self.hands[p])}
            for p in range(self.n)
        ]

    def scores(self) -> list[int]:
        return [row["total"] for row in self.score_table()]

    def team_totals(self, table: Sequence[dict[str, int]] | None = None) -> list[int]:
        """The two teams' totals (partners' scores added; ``table``: a :meth:`score_table` counted already)."""
        rows = self.score_table() if table is None else table
        return [sum(r["total"] for r in rows if self.team_of(r["player"]) == t) for t in (0, 1)]

    def winners(self, table: Sequence[dict[str, int]] | None = None) -> list[int]:
        """Winning seats (or teams, when four play in teams), several when tied (``rules.winners``)."""
        table = self.score_table() if table is None else table
        by_harvest = self.options.tie_break == "most_harvested"
        if self.team:
            harvested = [sum(r["harvested"] for r in table if self.team_of(r["player"]) == t) for t in (0, 1)]
            return rules.winners(self.team_totals(table), harvested if by_harvest else None)
        return rules.winners([r["total"] for r in table], [r["harvested"] for r in table] if by_harvest else None)

    def options_record(self) -> dict[str, Any]:
        return self.options.to_json()

    # -- words ---------------------------------------------------------------------------
    def describe_move(self, move: Any) -> str:
        """A move in words, e.g. "sun 28 at the right end of Player 2's sun row" (``words.move_words``)."""
        return words.move_words(self.names, self.rows, move)

    def describe(self) -> str:
        """The state in a line, for error messages: the move, who is to move, the piles."""
        if self.over:
            return words.game_over_line(len(self.history))
        return words.state_line(
            self.names[self.turn],
            len(self.history),
            self.extra,
            self.final_left,
            len(self.draw_pile),
            len(self.discard),
        )

    @staticmethod
    def row_text(row: Row) -> str:
        """A row as text: ``'8 [E] 21'`` (an eclipse shows as ``[E]``, restored places as ``15*``)."""
        return words.row_text(row)

    def summary(self) -> str:
        """A line per player (rows, hand, harvest, score), then the winners or the state."""
        table = self.score_table()
        lines = [
            words.summary_line(
                self.names[p], self.team[p] if self.team else None, self.rows[p], len(self.hands[p]), table[p]
            )
            for p in range(self.n)
        ]
        lines.append(words.winners_line(self.names, self.team, self.winners()) if self.over else self.describe())
        return "\n".join(lines)

    # -- the state as JSON, and what one player sees ----------------------------------------
    def _rows_json(self) -> list[dict[str, list[list[str]]]]:
        return [{k: [[c.name for c in s] for s in self.rows[p][k]] for k in KINDS} for p in range(self.n)]

    def state_json(self) -> dict[str, Any]:
        return {
            "over": self.over,
            "turn": self.turn,
            "extra": self.extra,
            "final_left": self.final_left,
            "names": list(self.names),
            "options": self.options.to_json(),
            "teams": list(self.team) if self.team else None,
            "hands": [[c.name for c in h] for h in self.hands],
            "rows": self._rows_json(),
            "harvested": [[c.name for c in h] for h in self.harvested],
            "draw_pile": len(self.draw_pile),
            "discard": [c.name for c in self.discard],
            "box": [c.name for c in self.box],
            "scores": self.score_table(),
            "winners": self.winners() if self.over else None,
        }

    def view(self, player: int) -> View:
        """What ``player`` sees (``view.seen_by``): their own hand and their own harvest, every
        row, the discard pile, and of everything else only sizes."""
        return seen_by(self, player)

    @classmethod
    def from_view(cls, view: View, rng: random.Random) -> SunMoon:
        """A determinization: a game consistent with ``view`` whose hidden cards (other hands,
        other harvest piles, the draw pile's order) are dealt at random with ``rng``
        (``view.deal_hidden``). Used by the Monte Carlo bot; no log is kept."""
        g = cls(view.players, options=view.options, names=view.names)
        g.log.enabled = False
        g.hands, g.harvested, g.rows, g.discard, g.box, g.draw_pile = deal_hidden(view, rng)
        g.turn, g.extra, g.final_left, g.over = view.turn, view.extra, view.final_left, view.over
        g.turns = 0
        g.rng = random.Random(rng.getrandbits(32))
        g._clear_caches()
        return g


#: the game's class (``daynight.sunmoon.Game`` is the same)
GAME = SunMoon
