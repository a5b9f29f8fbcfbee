"""stars: the state machine (:class:`StarsGame`): setup, the steps of a round, the legal moves.

One legality path: :meth:`StarsGame.legal_moves` lists the moves the rule functions allow
(:func:`.rules.cards_to_play`, :func:`.rules.cards_to_take`, the order of
:func:`.rules.choosing_order`), :meth:`StarsGame._check` names the rule a move breaks by asking
the same functions, and ``daynight.core.Game.play`` (the only ``play``) accepts a move that
``legal_moves`` offers by identity or else asks ``_check``, then carries it out with
:meth:`StarsGame._apply`. Each step of the round (``_start_round`` ... ``_end``) decides by
calling the rule functions, then, with the explained log on, asks :mod:`.explain` to say why.
"""

from __future__ import annotations

import pickle
from collections.abc import Sequence
from operator import add, itemgetter
from typing import Any

from ..core import EventLog, Game, IllegalMoveError, InvalidRecordError, Seed, make_rng
from .data import COLOURS, Card, Deck, check_position, default_deck
from .display import drawing
from .explain import (
    placed_events,
    plural,
    say_choosing_order,
    say_clean_up,
    say_end,
    say_last_clean_up,
    say_no_further_round,
    say_reveal,
    say_reveal_step,
    say_take,
    say_winning_colour,
)
from .moves import Choose, Commit, Move
from .options import DEFAULT_OPTIONS, Options
from .rules import (
    CHOOSE,
    DRAW,
    HAND_SIZE,
    OVER,
    PHASE_NAMES,
    PLAY1,
    PLAY2,
    REMOVED,
    cards_removed,
    cards_to_draw,
    cards_to_play,
    cards_to_take,
    choosing_order,
    colour_totals,
    game_winners,
    is_last_round,
    reveal_source,
    turn_time_card,
    winning_colour,
    winning_values,
)
from .view import Round, View


def check_players(players: Any) -> None:
    """Refuse a player count the game is not made for ("3-5 players")."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in REMOVED:
        raise IllegalMoveError(
            f"Day & Night is played by 3 to 5 players, not {players!r}", rule="setup: 3 to 5 players"
        )


def default_names(n: int) -> list[str]:
    """``["Player 1", "Player 2", ...]``."""
    return [f"Player {i + 1}" for i in range(n)]


_SEATS = {n: tuple(range(n)) for n in REMOVED}  # everybody's turn in a play step, built once
_QUIET = EventLog(enabled=False)  # the shared, always empty log of rollouts
_new_round = tuple.__new__  # a Round without the generated __new__'s call (made once per round)


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


class StarsGame(Game):
    """The state of one game of Day & Night (the star-collecting card game).

    Build with :meth:`new` (seeded), :meth:`from_order` (an explicit shuffled order) or
    :meth:`from_position` (a hand-built teaching position). Players are numbered from 0.

    Every step calls the pure rule functions of :mod:`daynight.stars.rules`; with the
    explained log on (the default) each rule that fires also says so in ``game.log``, with it
    off (``explain=False``, rollouts) the very same functions decide and nothing is written.
    """

    name = "stars"
    title = "Day & Night (Piatnik 2021), the star-collecting card game"

    # -- construction ----------------------------------------------------------------
    def __init__(
        self,
        deck: Deck,
        names: Sequence[str],
        options: Options,
        *,
        setup: dict[str, Any],
        hands: list[list[Card]],
        pile: list[Card],
        removed: list[Card],
        discard: list[Card] | None = None,
        collected: list[list[Card]] | None = None,
        day: bool = True,
        round_no: int = 1,
        last_round: bool = False,
        log: bool = True,
    ):
        n = len(names)
        self.deck = deck
        self.n = n
        self.names = list(names)
        self.options = options
        self.setup = setup  # how the game was set up, for its record (records.setup_record)
        self.hands = hands
        self.pile = pile  # top of the pile is the LAST element
        self.removed = removed
        self.discard = discard if discard is not None else []
        self.collected = collected if collected is not None else [[] for _ in range(n)]
        self.stars = [sum([c.stars for c in cs]) if cs else 0 for cs in self.collected]
        self.day = day
        self.round = round_no
        self.last_round = last_round
        self.start_day = day  # the time card when this round began
        self.revealed: Card | None = None
        self.table: list[Card] = []  # face-up cards in the middle
        self.played: list[tuple[Card, ...]] = [()] * n  # each player's face-up cards this round
        self.pending: list[Card | None] = [None] * n  # face-down cards of the current step
        self.waiting = n  # players still to commit
        self.phase = PLAY1
        # the decision of this round (step 3), cleared at clean-up
        self.winning: str | None = None  # the winning colour
        self.winning_totals: dict[str, int] | None = None
        self.values: list[int] | None = None  # each player's value in the winning colour
        self.order: list[int] = []  # who chooses, in order
        self.dropped: list[int] = []  # tied in value and stars: no card
        self.choosers: list[int] = []  # who is still to choose
        self.winners: list[int] = []
        self.rounds: list[Round] = []  # every finished round (none kept in rollouts)
        self.keeps_rounds = True  # rollouts keep no round summaries
        self.history: list[Move] = []
        self.log = EventLog(enabled=log)
        #: one event per player for "places a card face down" (built once: it is said 70 times a game)
        self._placed = placed_events(self.names) if log else None
        # the factories log the setup, then call _start_round() (the first reveal)

    @classmethod
    def new(
        cls,
        players: int = 4,
        seed: Seed = None,
        *,
        names: Sequence[str] | None = None,
        options: Options | None = None,
        deck: Deck | None = None,
        explain: bool = True,
    ) -> StarsGame:
        """A new game: the 108 cards shuffled with ``seed``, then set up by the rules.
        ``explain=False`` switches the explained event log off (for bulk simulation)."""
        deck = deck or default_deck()
        check_players(players)
        rng, recorded = make_rng(seed)
        order = list(deck.cards)
        rng.shuffle(order)
        seed_setup = {"seed": recorded} if recorded is not None else None
        return cls._set_up(deck, order, players, names, options or DEFAULT_OPTIONS, seed_setup, explain)

    @classmethod
    def from_order(
        cls,
        order: Sequence[int],
        players: int = 4,
        *,
        names: Sequence[str] | None = None,
        options: Options | None = None,
        deck: Deck | None = None,
    ) -> StarsGame:
        """Set up from an explicit shuffled order of the 108 card ids (first = top)."""
        deck = deck or default_deck()
        check_players(players)
        order = list(order)
        if sorted(order) != sorted(deck.by_id):
            raise InvalidRecordError(
                "order",
                f"an order lists each of the {len(deck)} card ids exactly once",
                rule="game contents: 108 cards",
            )
        cards = [deck.by_id[i] for i in order]
        return cls._set_up(deck, cards, players, names, options or DEFAULT_OPTIONS, None)

    @classmethod
    def _set_up(
        cls,
        deck: Deck,
        order: list[Card],
        players: int,
        names: Sequence[str] | None,
        options: Options,
        seed_setup: dict[str, Any] | None,
        explain: bool = True,
    ) -> StarsGame:
        """Setup: remove cards unseen, deal seven to each player, the rest is the draw pile."""
        names = list(names) if names is not None else default_names(players)
        if len(names) != players:
            raise ValueError(f"{players} players need {players} names, got {len(names)}")
        k = cards_removed(players)
        removed = list(order[:k])
        hands = [list(order[k + HAND_SIZE * p : k + HAND_SIZE * (p + 1)]) for p in range(players)]
        pile = list(reversed(order[k + HAND_SIZE * players :]))
        setup: dict[str, Any] = {"players": players, "names": names}
        if seed_setup is not None:
            setup.update(seed_setup)
        else:
            setup["order"] = order  # card objects; written as ids by setup_record
        game = cls(deck, names, options, setup=setup, hands=hands, pile=pile, removed=removed, log=explain)
        if explain:
            game.log.add(
                None,
                "setup",
                "setup",
                f"The time card lies sun side up (day). {players} players: {k} cards go back to the box "
                f"unseen, each player takes {HAND_SIZE} cards, {len(pile)} cards form the draw pile.",
                players=players,
                removed=k,
                pile=len(pile),
            )
        game._start_round()
        return game

    @classmethod
    def from_position(
        cls,
        *,
        hands: Sequence[Sequence[int]],
        pile: Sequence[int],
        removed: Sequence[int] = (),
        discard: Sequence[int] = (),
        collected: Sequence[Sequence[int]] | None = None,
        time: str = "day",
        round_no: int = 1,
        last_round: bool = False,
        names: Sequence[str] | None = None,
        options: Options | None = None,
        deck: Deck | None = None,
    ) -> StarsGame:
        """A hand-built position at the start of a round (before the reveal). ``pile`` lists
        card ids top first; every one of the 108 cards must be in exactly one zone."""
        deck = deck or default_deck()
        players = len(hands)
        check_players(players)
        names = list(names) if names is not None else default_names(players)
        collected = collected if collected is not None else [[] for _ in range(players)]
        position = {
            "time": time,
            "round": round_no,
            "last_round": last_round,
            "hands": [list(h) for h in hands],
            "pile": list(pile),
            "removed": list(removed),
            "discard": list(discard),
            "collected": [list(c) for c in collected],
        }
        check_position(deck, position, "position")
        by = deck.by_id
        setup = {"players": players, "names": names, "position": position}
        game = cls(
            deck,
            names,
            options or DEFAULT_OPTIONS,
            setup=setup,
            hands=[[by[i] for i in h] for h in hands],
            pile=[by[i] for i in reversed(pile)],
            removed=[by[i] for i in removed],
            discard=[by[i] for i in discard],
            collected=[[by[i] for i in c] for c in collected],
            day=(time == "day"),
            round_no=round_no,
            last_round=last_round,
        )
        game.log.add(
            None,
            "setup",
            "setup",
            f"A set position: round {round_no}, the time card shows "
            f"{'the sun (day)' if game.day else 'the moon (night)'}, {len(pile)} cards in the draw pile.",
            players=players,
        )
        game._start_round()
        return game

    @classmethod
    def for_rollouts(
        cls, view: View, hands: list[list[Card]], pending: list[Card | None], pile: list[Card], removed: list[Card]
    ) -> StarsGame:
        """A full game consistent with ``view`` whose hidden cards are the given ones (the
        determinizer deals them), explanations off, no history: for rollouts."""
        g = object.__new__(cls)
        g.__dict__.update(
            deck=view.deck, n=view.n, names=list(view.names), options=view.options, setup={},
            hands=hands, pile=pile, removed=removed, discard=list(view.discard),
            collected=[list(c) for c in view.collected], stars=list(view.stars), day=view.day,
            round=view.round, last_round=view.last_round, start_day=view.start_day, revealed=view.revealed,
            table=list(view.table), played=list(view.played), pending=pending,
            waiting=sum(1 for c in pending if c is None), phase=view.phase, winning=view.winning,
            winning_totals=view.winning_totals, values=list(view.values) if view.values else None,
            order=list(view.order), dropped=list(view.dropped), choosers=list(view.choosers),
            winners=list(view.winners), rounds=[], keeps_rounds=False, history=[], log=_QUIET,
            _placed=None,
        )  # fmt: skip
        return g

    # -- the round, step by step: each step asks the rules, then (explained) says why --------
    def _start_round(self) -> None:
        """Step 1: reveal a card; a time symbol turns the time card over at once."""
        self.start_day = self.day
        source = reveal_source(len(self.pile), len(self.discard), self.options.empty_reveal)
        card = self.pile.pop() if source == "pile" else self.discard.pop() if source == "discard" else None
        self.revealed = card
        if card is not None:
            self.table.append(card)
            self.day = turn_time_card(self.day, (card,))
        self.phase = PLAY1
        self.waiting = self.n
        if self.log.enabled:
            say_reveal(self, card, source)

    def _apply(self, move: Move) -> None:
        """Carry out ``move`` unchecked: the fast path (core's ``play`` calls it once the move
        is known to be legal; rollouts call it directly). An illegal move corrupts the state.

        One function for both moves, so that a move costs one call (measured: 28K of a random
        game's 2.41M instructions saved against a method per move, callgrind)."""
        p, card = move.player, move.card
        if type(move) is Commit:
            # step 2: p places the card face down; the last of the step reveals them all
            self.hands[p].remove(card)
            self.pending[p] = card
            if self.log.enabled:  # a prebuilt event (placed_events), appended to the list itself
                self.log.events.append(self._placed[p])  # type: ignore[index]
            self.waiting -= 1
            if not self.waiting:
                self._reveal_step()
        else:
            # step 4: p takes the face-up card; its stars are victory points
            self.table.remove(card)
            self.collected[p].append(card)
            self.stars[p] += card.stars
            del self.choosers[0]
            if self.log.enabled:
                say_take(self, p, card)
            if not self.choosers:
                self._clean_up()

    def _reveal_step(self) -> None:
        """Step 2, the reveal: all at once; every time symbol turns the time card over."""
        cards: list[Card] = self.pending  # type: ignore[assignment]  # everyone has placed a card
        self.pending = [None] * self.n
        self.table += cards
        self.played = list(map(add, self.played, zip(cards)))  # each player's cards so far, and this one
        before = self.day
        self.day = turn_time_card(before, cards)
        if self.log.enabled:
            say_reveal_step(self, cards, before)
        if self.phase == PLAY1:
            self.phase = PLAY2
            self.waiting = self.n
        else:
            self._decide()

    def _decide(self) -> None:
        """Steps 3 and 4: the winning colour, then who chooses in which order."""
        day = self.day
        totals = colour_totals(self.table, self.options.absent_colours)
        colour = winning_colour(totals, day)
        self.winning = colour
        self.winning_totals = totals
        order: list[int]
        dropped: list[int]
        if colour is None:
            self.values, order, dropped = None, [], []
        else:
            self.values = winning_values(self.played, colour)
            order, dropped = choosing_order(self.values, self.stars, day)
        self.order = order
        self.dropped = dropped
        self.choosers = order[:]
        if self.log.enabled and say_winning_colour(self):
            say_choosing_order(self)
        if order:
            self.phase = CHOOSE
        else:
            self._clean_up()

    def _clean_up(self) -> None:
        """Step 5: the face-up cards go to the discard pile, everybody draws two; the time
        card stays. After the last round the game ends."""
        table = self.table
        if self.keeps_rounds:
            self.rounds.append(self._summary_of_round())
        self.discard += table
        self.table = []
        self.played = [()] * self.n
        self.revealed = None
        self.winning = self.winning_totals = self.values = None
        self.order = []
        self.dropped = []
        self.choosers = []
        if self.last_round:
            if self.log.enabled:
                say_last_clean_up(self, len(table))
            self._end()
            return
        before = len(self.pile)
        counts = self._draw_cards()
        self.last_round = is_last_round(before, self.n)
        if self.log.enabled:
            say_clean_up(self, len(table), counts, before)
        if before < DRAW * self.n and min(map(len, self.hands)) < DRAW:  # never from a rules setup; a set position may
            if self.log.enabled:
                say_no_further_round(self)
            self._end()
            return
        self.round += 1
        self._start_round()

    def _draw_cards(self) -> list[int]:
        """Step 5, the draw: each player draws the cards :func:`.rules.cards_to_draw` gives
        them (the last cards, if shared, one at a time in seat order); how many each drew."""
        n, pile, hands = self.n, self.pile, self.hands
        counts = cards_to_draw(len(pile), n, self.options.short_pile)
        if counts == [DRAW] * n:  # everyone draws two, one player after the other
            pop = pile.pop
            for h in hands:
                h.append(pop())
                h.append(pop())
        else:
            for i in range(max(counts)):
                for p in range(n):
                    if counts[p] > i:
                        hands[p].append(pile.pop())
        return counts

    def _summary_of_round(self) -> Round:
        taken: list[Card | None] = [None] * self.n
        for p in self.order:
            taken[p] = self.collected[p][-1]
        return _new_round(
            Round,
            (
                self.round, "day" if self.start_day else "night", self.revealed, tuple(self.played),
                "day" if self.day else "night", self.winning_totals, self.winning,
                tuple(self.values) if self.values else (), tuple(self.order), tuple(self.dropped), tuple(taken),
                tuple(self.table), tuple(self.stars),
            ),
        )  # fmt: skip

    def _end(self) -> None:
        """The end: most stars wins; then more cards; still tied, several winners."""
        self.phase = OVER
        self.choosers = []
        self.winners = game_winners(self.stars, [len(c) for c in self.collected])
        if self.log.enabled:
            say_end(self)

    # -- moves: one path -------------------------------------------------------------------
    # ``core.Game.play`` accepts a move that ``legal_moves`` has just offered (by identity),
    # asks ``_check`` about any other, then calls ``_apply``. Both lists and reasons come from
    # the same rule functions: cards_to_play, cards_to_take and the order of choosing_order.
    def legal_moves(self, player: int | None = None) -> tuple[Move, ...]:
        """Every move :meth:`play` accepts now (of ``player`` only, when given): in a play
        step a card of the hand for each player who has not placed one
        (:func:`.rules.cards_to_play`), in the choosing step any face-up card for the player
        whose turn it is to choose (:func:`.rules.cards_to_take`). They are the deck's
        interned moves (``deck.commit``, ``deck.choose``). ``player`` is a seat number (an
        int); anything else is nobody, with no moves."""
        if player is None:  # everybody who may move now (several players in a play step)
            out: tuple[Move, ...] = ()
            for p in self.to_players():
                out += self.legal_moves(p)
            self.offered = out
            return out
        if type(player) is not int or not 0 <= player < self.n:  # no seat of this game: no moves
            self.offered = ()
            return ()
        phase = self.phase
        moves: dict[Card, Any]
        if phase <= PLAY2:
            cards = cards_to_play(self.hands[player], self.pending[player])
            moves = self.deck.commit_of[player]
        elif phase == CHOOSE and player == self.choosers[0]:
            cards = cards_to_take(self.table)
            moves = self.deck.choose_of[player]
        else:
            self.offered = ()
            return ()
        # itemgetter of several keys gives their tuple in one call (of one key, the move itself)
        offered = itemgetter(*cards)(moves) if len(cards) > 1 else tuple([moves[c] for c in cards])
        self.offered = offered  # core's play accepts one of these by identity
        return offered

    def _check(self, move: Any) -> None:
        """Raise :class:`IllegalMoveError` naming the rule ``move`` breaks; change nothing.

        The one place that says why a move is refused, rule by rule, asking the rule
        functions that :meth:`legal_moves` asks; the end of the game first (every move is
        refused once it is over: core's play asks no ``is_over`` of its own)."""
        if self.phase == OVER:
            raise self.game_over_error()
        if isinstance(move, Commit):
            self._check_play(move)
        elif isinstance(move, Choose):
            self._check_take(move)
        else:
            raise IllegalMoveError(
                f"{move!r} is not a move of this game (use Commit or Choose)", rule="moves", state=self.describe()
            )

    def _seat(self, p: Any) -> int:
        """``p`` if it is a player of this game; otherwise refuse naming "players"."""
        if type(p) is not int or not 0 <= p < self.n:
            raise IllegalMoveError(
                f"there is no player {p!r} in this {self.n}-player game", rule="players", state=self.describe()
            )
        return p

    def _check_play(self, move: Commit) -> None:
        """Step 2: a card of your hand, face down, one per player per step."""
        p = self._seat(move.player)
        name = self.names[p]
        if self.phase > PLAY2:
            raise IllegalMoveError(
                f"{name} cannot play a card now: it is the {PHASE_NAMES[self.phase]} step",
                rule="4. collect winning cards: nobody plays while cards are chosen",
                state=self.describe(),
            )
        if move.card in cards_to_play(self.hands[p], self.pending[p]):
            return
        if self.pending[p] is not None:
            raise IllegalMoveError(
                f"{name} has already placed a card face down in this step",
                rule="2. play cards: one card per player per step",
                state=self.describe(),
            )
        raise IllegalMoveError(
            f"{_label(move.card)} is not in {name}'s hand",
            rule="2. play cards: a card from your hand",
            state=self.describe(),
        )

    def _check_take(self, move: Choose) -> None:
        """Step 4: in the choosing order, any one face-up card."""
        p = self._seat(move.player)
        if self.phase != CHOOSE:
            raise IllegalMoveError(
                f"{self.names[p]} cannot take a card now: it is the {PHASE_NAMES[self.phase]} step",
                rule="4. collect winning cards: only after the winning colour is found",
                state=self.describe(),
            )
        if self.choosers[0] != p:
            raise IllegalMoveError(
                f"it is {self.names[self.choosers[0]]}'s turn to choose, not {self.names[p]}'s",
                rule="4. collect winning cards: choosing order",
                state=self.describe(),
            )
        if move.card not in cards_to_take(self.table):
            raise IllegalMoveError(
                f"{_label(move.card)} is not a face-up card on the table",
                rule="4. collect winning cards: any one face-up card from the table",
                state=self.describe(),
            )

    # -- contract --------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def to_players(self) -> tuple[int, ...]:
        if self.phase <= PLAY2:
            if self.waiting == self.n:
                return _SEATS[self.n]
            pending = self.pending
            return tuple([p for p in range(self.n) if pending[p] is None])
        if self.phase == CHOOSE:
            return (self.choosers[0],)
        return ()

    def options_record(self) -> dict[str, Any]:
        return self.options.to_json()

    def copy(self) -> StarsGame:
        """A fast independent copy (cards, moves, events and round summaries are shared: they
        are immutable)."""
        g = self.copy_fast()
        g.__dict__.update(
            removed=self.removed[:],
            order=self.order[:],
            dropped=self.dropped[:],
            values=self.values[:] if self.values else self.values,
            winners=self.winners[:],
            rounds=self.rounds[:],
            keeps_rounds=self.keeps_rounds,
            history=self.history[:],
            log=EventLog(self.log, enabled=self.log.enabled),
        )
        return g

    def copy_fast(self) -> StarsGame:
        """A copy for rollouts: no history, no log, no round summaries (the removed cards, the
        order and the values are shared, since play never changes those lists in place)."""
        g = object.__new__(StarsGame)
        d = self.__dict__.copy()
        d["hands"] = [h[:] for h in self.hands]
        d["pile"] = self.pile[:]
        d["discard"] = self.discard[:]
        d["collected"] = [c[:] for c in self.collected]
        d["stars"] = self.stars[:]
        d["table"] = self.table[:]
        d["played"] = self.played[:]
        d["pending"] = self.pending[:]
        d["choosers"] = self.choosers[:]
        d["rounds"] = []
        d["keeps_rounds"] = False
        d["history"] = []
        d["log"] = _QUIET
        d["offered"] = ()
        g.__dict__ = d
        return g

    def snapshot(self) -> bytes:
        d = dict(self.__dict__)
        d.pop("offered", None)  # what legal_moves offered is no part of the state
        d["deck"] = self.deck.name
        d["log"] = list(self.log)
        return pickle.dumps(d, protocol=pickle.HIGHEST_PROTOCOL)

    def __getstate__(self) -> dict[str, Any]:
        return self.__dict__

    # -- reading the state -------------------------------------------------------------
    @property
    def time(self) -> str:
        return "day" if self.day else "night"

    def accounted(self) -> int:
        """How many cards are in some zone (always 108)."""
        return (
            sum(len(h) for h in self.hands) + sum(1 for c in self.pending if c is not None) + len(self.table)
            + len(self.pile) + len(self.removed) + len(self.discard) + sum(len(c) for c in self.collected)
        )  # fmt: skip

    def totals(self) -> dict[str, int]:
        """Colour totals of the face-up cards on the table now (in colour order)."""
        out = colour_totals(self.table, self.options.absent_colours)
        return {k: out[k] for k in COLOURS if k in out}

    def describe(self) -> str:
        who = ", ".join(self.names[p] for p in self.to_players())
        return (
            f"stars, round {self.round}, {self.time}, {PHASE_NAMES[self.phase]}"
            + (f", to move: {who}" if who else "")
            + f", pile {len(self.pile)}"
        )

    def summary(self) -> str:
        lines = [
            f"Round {self.round}, {self.time} ({'sun' if self.day else 'moon'}), {PHASE_NAMES[self.phase]}; "
            f"draw pile {len(self.pile)}, discard pile {len(self.discard)}."
        ]
        if self.table:
            lines.append("Table: " + ", ".join(c.label for c in self.table))
        for p in range(self.n):
            lines.append(
                f"  {self.names[p]}: {plural(self.stars[p], 'star')} on {plural(len(self.collected[p]), 'card')}, "
                f"{plural(len(self.hands[p]), 'card')} in hand"
            )
        if self.is_over():
            lines.append(
                "Winner"
                + ("s: " if len(self.winners) > 1 else ": ")
                + " and ".join(self.names[p] for p in self.winners)
            )
        return "\n".join(lines)

    def state_json(self) -> dict[str, Any]:
        """The public state (no hand contents, no face-down cards, no pile order)."""
        return {
            "round": self.round, "time": self.time, "phase": PHASE_NAMES[self.phase], "over": self.is_over(),
            "last_round": self.last_round, "start_time": "day" if self.start_day else "night",
            "revealed": self.revealed.id if self.revealed else None,
            "table": [c.id for c in self.table],
            "played": [[c.id for c in cs] for cs in self.played],
            "committed": [c is not None for c in self.pending],
            "hand_sizes": [len(h) for h in self.hands],
            "pile": len(self.pile), "removed": len(self.removed), "discard": [c.id for c in self.discard],
            "collected": [[c.id for c in cs] for cs in self.collected], "stars": list(self.stars),
            "winning": self.winning, "values": list(self.values) if self.values else None,
            "choosers": list(self.choosers), "order": list(self.order), "dropped": list(self.dropped),
            "winners": list(self.winners), "names": list(self.names),
            "rounds": [r.to_json() for r in self.rounds], "summary": self.summary(),
        }  # fmt: skip

    def view(self, player: int) -> View:
        """What ``player`` may see: their own hand and face-down card, everything face up,
        and only the sizes of the other hands, the draw pile and the removed cards."""
        return View(
            player=player, n=self.n, names=tuple(self.names), deck=self.deck, options=self.options,
            day=self.day, round=self.round, last_round=self.last_round, phase=self.phase,
            hand=tuple(self.hands[player]), my_pending=self.pending[player],
            committed=tuple(c is not None for c in self.pending),
            hand_sizes=tuple(len(h) for h in self.hands), revealed=self.revealed, table=tuple(self.table),
            played=tuple(self.played), discard=tuple(self.discard),
            collected=tuple(tuple(cs) for cs in self.collected), stars=tuple(self.stars),
            pile_size=len(self.pile), removed_size=len(self.removed), choosers=tuple(self.choosers),
            order=tuple(self.order), winning=self.winning, winners=tuple(self.winners),
            start_day=self.start_day, winning_totals=self.winning_totals,
            values=tuple(self.values) if self.values else (), dropped=tuple(self.dropped),
            rounds=tuple(self.rounds),
        )  # fmt: skip

    def _repr_html_(self) -> str:
        return drawing(self)._repr_html_()


def _label(card: Any) -> str:
    return card.label if isinstance(card, Card) else repr(card)


GAME = StarsGame
