"""stars: the moves, the rule options, the state machine (:class:`StarsGame`) and what a player may see."""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from operator import add, attrgetter, itemgetter
from typing import Any, NamedTuple, Sequence

from ..core import Event, EventLog, Game, IllegalMoveError, InvalidRecordError, Reader, Seed, make_rng
from .data import COLOURS, Card, Deck, default_deck, find_card
from .rules import (DRAW, HAND_SIZE, REMOVED, cards_removed, cards_to_draw, choosing_order, colour_totals,
                    game_winners, is_last_round, reveal_source, turn_time_card, winning_colour, winning_values)


@dataclass(frozen=True, slots=True)
class Commit:
    """``player`` places ``card`` from their hand face down (steps "play cards", 2x)."""

    player: int
    card: Card

    def __repr__(self) -> str:
        return f"Commit(player={self.player}, card={self.card.label!r})"


@dataclass(frozen=True, slots=True)
class Choose:
    """``player`` takes the face-up ``card`` from the table (step "collect winning cards")."""

    player: int
    card: Card

    def __repr__(self) -> str:
        return f"Choose(player={self.player}, card={self.card.label!r})"


# ---------------------------------------------------------------------------
# Rule options (where the rules sheet is silent)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    """Named decisions where the rules sheet is silent (recorded in every setup).

    ``absent_colours``
        ``"ignored"`` (default): a colour with no face-up card has no total and cannot win,
        so at night an absent colour never "wins" with 0. ``"zero"``: it counts as total 0
        (at night it then wins unless tied, and nobody can have played it).
    ``short_pile``
        The draw pile cannot give every player two cards. ``"no_draw"`` (default): nobody
        draws, so hands stay equal; the next round is the last. ``"share"``: the remaining
        cards are dealt one at a time in seat order; the next round is the last.
    ``empty_reveal``
        The last round begins with an empty draw pile. ``"no_card"`` (default): no card is
        revealed; ``"from_discard"``: the top card of the discard pile is revealed instead.
    """

    absent_colours: str = "ignored"
    short_pile: str = "no_draw"
    empty_reveal: str = "no_card"

    CHOICES = {
        "absent_colours": ("ignored", "zero"),
        "short_pile": ("no_draw", "share"),
        "empty_reveal": ("no_card", "from_discard"),
    }

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if value not in self.CHOICES[f.name]:
                raise ValueError(f"option {f.name} must be one of {self.CHOICES[f.name]}, not {value!r}")

    def to_json(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, r: Reader) -> "Options":
        r.only(*cls.CHOICES)
        return cls(**{k: r.str(k, getattr(cls, k), choices=v) for k, v in cls.CHOICES.items()})


DEFAULT_OPTIONS = Options()

# phases
PLAY1, PLAY2, CHOOSE, OVER = 0, 1, 2, 3
PHASE_NAMES = {PLAY1: "first play", PLAY2: "second play", CHOOSE: "choosing", OVER: "game over"}


def check_players(players: Any) -> None:
    """Refuse a player count the game is not made for ("3-5 players")."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in REMOVED:
        raise IllegalMoveError(f"Day & Night is played by 3 to 5 players, not {players!r}",
                               rule="setup: 3 to 5 players")


def _names(n: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(n)]


@lru_cache(maxsize=None)  # said about 60 times a game with the log on, with few distinct words
def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


class Round(NamedTuple):
    """One finished round, everything face up, in seat order, so a viewer or a chart never has
    to replay the game to know it (``game.rounds``; drawn by :func:`daynight.stars.draw.round_table`).

    ``number``     -- the round (1, 2, ...);
    ``start_time`` -- ``"day"`` or ``"night"``: the time card before the reveal;
    ``revealed``   -- the card revealed from the pile (``None``: none was left);
    ``played``     -- each player's two cards, ``played[p] == (first, second)``;
    ``time``       -- the time card when the winning colour was found;
    ``totals``     -- each colour's total, the revealed card included (do not modify);
    ``winning``    -- the winning colour (``None``: the totals tied);
    ``values``     -- each player's value in the winning colour (0: none; empty when no colour won);
    ``order``      -- who chose, in order;
    ``dropped``    -- who played the winning colour but received no card (a tie in value and stars);
    ``taken``      -- the card each player took (``None``: took none);
    ``discarded``  -- the face-up cards left over, which went to the discard pile;
    ``stars``      -- each player's stars after the round.
    """

    number: int
    start_time: str
    revealed: Card | None
    played: tuple[tuple[Card, ...], ...]
    time: str
    totals: dict[str, int]
    winning: str | None
    values: tuple[int, ...]
    order: tuple[int, ...]
    dropped: tuple[int, ...]
    taken: tuple[Card | None, ...]
    discarded: tuple[Card, ...]
    stars: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        ids = lambda cards: [c.id for c in cards]  # noqa: E731
        return {"round": self.number, "start_time": self.start_time,
                "revealed": self.revealed.id if self.revealed else None,
                "played": [ids(cs) for cs in self.played], "time": self.time,
                "totals": {k: self.totals[k] for k in COLOURS if k in self.totals}, "winning": self.winning,
                "values": list(self.values), "order": list(self.order), "dropped": list(self.dropped),
                "taken": [c.id if c else None for c in self.taken], "discarded": ids(self.discarded),
                "stars": list(self.stars)}

    def _repr_html_(self) -> str:
        from .draw import round_table

        return round_table(self)._repr_html_()


_new_round = tuple.__new__  # a Round without the generated __new__'s call (made once per round)


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
    def __init__(self, deck: Deck, names: Sequence[str], options: Options, *, setup: dict[str, Any],
                 hands: list[list[Card]], pile: list[Card], removed: list[Card],
                 discard: list[Card] | None = None, collected: list[list[Card]] | None = None,
                 day: bool = True, round_no: int = 1, last_round: bool = False, log: bool = True):
        n = len(names)
        self.deck = deck
        self.n = n
        self.names = list(names)
        self.options = options
        self._setup = setup
        self.hands = hands
        self.pile = pile              # top of the pile is the LAST element
        self.removed = removed
        self.discard = discard if discard is not None else []
        self.collected = collected if collected is not None else [[] for _ in range(n)]
        self.stars = [sum([c.stars for c in cs]) if cs else 0 for cs in self.collected]
        self.day = day
        self.round = round_no
        self.last_round = last_round
        self.start_day = day                         # the time card when this round began
        self.revealed: Card | None = None
        self.table: list[Card] = []                  # face-up cards in the middle
        self.played: list[tuple[Card, ...]] = [()] * n   # each player's face-up cards this round
        self.pending: list[Card | None] = [None] * n  # face-down cards of the current step
        self.waiting = n                             # players still to commit
        self.phase = PLAY1
        # the decision of this round (step 3), cleared at clean-up
        self.winning: str | None = None              # the winning colour
        self.winning_totals: dict[str, int] | None = None
        self.values: list[int] | None = None         # each player's value in the winning colour
        self.order: list[int] = []                   # who chooses, in order
        self.dropped: list[int] = []                 # tied in value and stars: no card
        self.choosers: list[int] = []                # who is still to choose
        self.winners: list[int] = []
        self.rounds: list[Round] | None = []         # every finished round (None in rollouts)
        self.history = []
        self.log = EventLog(enabled=log)
        #: one event per player for "places a card face down" (built once: it is said 70 times a game)
        self._placed = [Event(nm, "commit", "2. play cards: face down", f"{nm} places a card face down.",
                              {"player": p}) for p, nm in enumerate(self.names)] if log else None
        # the factories log the setup, then call _start_round() (the first reveal)

    @classmethod
    def new(cls, players: int = 4, seed: Seed = None, *, names: Sequence[str] | None = None,
            options: Options | None = None, deck: Deck | None = None, explain: bool = True) -> "StarsGame":
        """A new game: the 108 cards shuffled with ``seed``, then set up by the rules.
        ``explain=False`` switches the explained event log off (for bulk simulation)."""
        deck = deck or default_deck()
        check_players(players)
        rng, recorded = make_rng(seed)
        order = list(deck.cards)
        rng.shuffle(order)
        return cls._from_order(deck, order, players, names, options or DEFAULT_OPTIONS,
                               {"seed": recorded} if recorded is not None else None, explain)

    @classmethod
    def from_order(cls, order: Sequence[int], players: int = 4, *, names: Sequence[str] | None = None,
                   options: Options | None = None, deck: Deck | None = None) -> "StarsGame":
        """Set up from an explicit shuffled order of the 108 card ids (first = top)."""
        deck = deck or default_deck()
        check_players(players)
        order = list(order)
        if sorted(order) != sorted(deck.by_id):
            raise InvalidRecordError("order", f"an order lists each of the {len(deck)} card ids exactly once",
                                     rule="game contents: 108 cards")
        cards = [deck.by_id[i] for i in order]
        return cls._from_order(deck, cards, players, names, options or DEFAULT_OPTIONS, None)

    @classmethod
    def _from_order(cls, deck, order, players, names, options, seed_setup, explain=True):
        names = list(names) if names is not None else _names(players)
        if len(names) != players:
            raise ValueError(f"{players} players need {players} names, got {len(names)}")
        k = cards_removed(players)
        removed = list(order[:k])
        hands = [list(order[k + HAND_SIZE * p: k + HAND_SIZE * (p + 1)]) for p in range(players)]
        pile = list(reversed(order[k + HAND_SIZE * players:]))
        setup: dict[str, Any] = {"players": players, "names": names}
        if seed_setup is not None:
            setup.update(seed_setup)
        else:
            setup["order"] = order  # card objects; written as ids by setup_record
        game = cls(deck, names, options, setup=setup, hands=hands, pile=pile, removed=removed, log=explain)
        if explain:
            game.log.add(None, "setup", "setup",
                         f"The time card lies sun side up (day). {players} players: {k} cards go back to the box "
                         f"unseen, each player takes {HAND_SIZE} cards, {len(pile)} cards form the draw pile.",
                         players=players, removed=k, pile=len(pile))
        game._start_round()
        return game

    @classmethod
    def from_position(cls, *, hands: Sequence[Sequence[int]], pile: Sequence[int], removed: Sequence[int] = (),
                      discard: Sequence[int] = (), collected: Sequence[Sequence[int]] | None = None,
                      time: str = "day", round_no: int = 1, last_round: bool = False,
                      names: Sequence[str] | None = None, options: Options | None = None,
                      deck: Deck | None = None) -> "StarsGame":
        """A hand-built position at the start of a round (before the reveal). ``pile`` lists
        card ids top first; every one of the 108 cards must be in exactly one zone."""
        deck = deck or default_deck()
        from .records import check_position

        players = len(hands)
        check_players(players)
        names = list(names) if names is not None else _names(players)
        collected = collected if collected is not None else [[] for _ in range(players)]
        position = {"time": time, "round": round_no, "last_round": last_round,
                    "hands": [list(h) for h in hands], "pile": list(pile), "removed": list(removed),
                    "discard": list(discard), "collected": [list(c) for c in collected]}
        check_position(deck, position, "position")
        by = deck.by_id
        setup = {"players": players, "names": names, "position": position}
        game = cls(deck, names, options or DEFAULT_OPTIONS, setup=setup,
                   hands=[[by[i] for i in h] for h in hands], pile=[by[i] for i in reversed(pile)],
                   removed=[by[i] for i in removed], discard=[by[i] for i in discard],
                   collected=[[by[i] for i in c] for c in collected], day=(time == "day"),
                   round_no=round_no, last_round=last_round)
        game.log.add(None, "setup", "setup",
                     f"A set position: round {round_no}, the time card shows {'the sun (day)' if game.day else 'the moon (night)'}, "
                     f"{len(pile)} cards in the draw pile.", players=players)
        game._start_round()
        return game

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
            self._say_reveal(card, source)

    def _commit(self, p: int, card: Card) -> None:
        """Step 2: ``p`` places ``card`` face down; the last of the step reveals them all."""
        self.hands[p].remove(card)
        self.pending[p] = card
        if self.log.enabled:
            self.log.events.append(self._placed[p])  # a prebuilt event: appended to the list itself
        self.waiting -= 1
        if not self.waiting:
            self._reveal_step()

    def _reveal_step(self) -> None:
        """Step 2, the reveal: all at once; every time symbol turns the time card over."""
        cards = self.pending
        self.pending = [None] * self.n
        self.table += cards
        self.played = list(map(add, self.played, zip(cards)))  # each player's cards so far, and this one
        before = self.day
        self.day = turn_time_card(before, cards)
        if self.log.enabled:
            self._say_reveal_step(cards, before)
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
        if colour is None:
            self.values, order, dropped = None, [], []
        else:
            self.values = winning_values(self.played, colour)
            order, dropped = choosing_order(self.values, self.stars, day)
        self.order = order
        self.dropped = dropped
        self.choosers = order[:]
        if self.log.enabled:
            self._say_decision()
        if order:
            self.phase = CHOOSE
        else:
            self._clean_up()

    def _choose(self, p: int, card: Card) -> None:
        """Step 4: ``p`` takes the face-up ``card``; its stars are victory points."""
        self.table.remove(card)
        self.collected[p].append(card)
        self.stars[p] += card.stars
        del self.choosers[0]
        if self.log.enabled:
            self._say_take(p, card)
        if not self.choosers:
            self._clean_up()

    def _clean_up(self) -> None:
        """Step 5: the face-up cards go to the discard pile, everybody draws two; the time
        card stays. After the last round the game ends."""
        n = self.n
        table = self.table
        if self.rounds is not None:
            self.rounds.append(self._summary_of_round())
        self.discard += table
        self.table = []
        self.played = [()] * n
        self.revealed = None
        self.winning = self.winning_totals = self.values = None
        self.order = []
        self.dropped = []
        self.choosers = []
        if self.last_round:
            if self.log.enabled:
                self.log.add(None, "cleanup", "5. clean up",
                             f"Clean-up: {_plural(len(table), 'card')} go to the discard pile.")
            self._end()
            return
        pile = self.pile
        before = len(pile)
        counts = cards_to_draw(before, n, self.options.short_pile)
        hands = self.hands
        if counts == [DRAW] * n:    # everyone draws two, one player after the other
            pop = pile.pop
            for h in hands:
                h.append(pop())
                h.append(pop())
        else:                       # the last cards (if shared) go one at a time in seat order
            for i in range(max(counts)):
                for p in range(n):
                    if counts[p] > i:
                        hands[p].append(pile.pop())
        self.last_round = is_last_round(before, n)
        if self.log.enabled:
            self._say_clean_up(len(table), counts, before)
        if before < DRAW * n and min(map(len, hands)) < DRAW:  # never from a rules setup; a set position may
            if self.log.enabled:
                self.log.add(None, "end", "end of the game: a hand cannot play two cards",
                             "A player holds fewer than two cards, so no further round can be played.")
            self._end()
            return
        self.round += 1
        self._start_round()

    def _summary_of_round(self) -> Round:
        taken: list[Card | None] = [None] * self.n
        for p in self.order:
            taken[p] = self.collected[p][-1]
        return _new_round(Round, (self.round, "day" if self.start_day else "night", self.revealed,
                                  tuple(self.played), "day" if self.day else "night", self.winning_totals,
                                  self.winning, tuple(self.values) if self.values else (), tuple(self.order),
                                  tuple(self.dropped), tuple(taken), tuple(self.table), tuple(self.stars)))

    def _end(self) -> None:
        """The end: most stars wins; then more cards; still tied, several winners."""
        self.phase = OVER
        self.choosers = []
        self.winners = game_winners(self.stars, [len(c) for c in self.collected])
        if self.log.enabled:
            self._say_end()

    # -- the explanations (only with the log on; they describe, the rules above decide) ------
    def _say_reveal(self, card: Card | None, source: str | None) -> None:
        if card is None:
            _say(self.log, None, "reveal", "option empty_reveal=no_card",
                 f"Round {self.round} begins{' (the last round)' if self.last_round else ''}: the draw pile is "
                 "empty, so no card is revealed (rule option empty_reveal=no_card).",
                 {"card": None, "round": self.round})
            return
        where = "the draw pile" if source == "pile" else "the discard pile (option empty_reveal=from_discard)"
        last = " This is the last round." if self.last_round else ""
        _say(self.log, None, "reveal", "1. reveal a card",
             f"Round {self.round} begins: the top card of {where}, {card.label}, is revealed.{last}",
             {"card": card.id, "round": self.round})
        if card.time:
            _say(self.log, None, "flip", "1. reveal a card: time symbol flips at once",
                 "The revealed card shows the time symbol, so the time card is turned over at once: "
                 f"it is now {_time_words(self.day)}.", {"day": self.day})

    def _say_reveal_step(self, cards: list[Card], day: bool) -> None:
        names = self.names
        step = self.phase + 1
        shown = "; ".join([f"{names[p]} {c.label}" for p, c in enumerate(cards)])
        _say(self.log, None, "reveal_step", "2. play cards: all reveal at once",
             f"Play {step}: everyone reveals at once: {shown}.", {"step": step, "cards": list(map(_ID, cards))})
        for p, c in enumerate(cards):
            if c.time:
                day = not day
                _say(self.log, names[p], "flip", "2. play cards: each time symbol flips the time card",
                     f"{names[p]}'s {c.colour} {c.value} shows the time symbol: the time card is turned "
                     f"over, it is now {_time_words(day)}.", {"day": day, "player": p})

    def _say_decision(self) -> None:
        names, day = self.names, self.day
        totals, colour = self.winning_totals, self.winning
        listed, absent = [], []     # the totals in colour order, the colours with none
        for k in COLOURS:
            if k in totals:
                listed.append(f"{k} {totals[k]}")
            else:
                absent.append(k)
        listing = ", ".join(listed)
        note = (f" ({', '.join(absent)} {'is' if len(absent) == 1 else 'are'} not on the table and "
                f"{'does' if len(absent) == 1 else 'do'} not count: option absent_colours=ignored)"
                if absent and not day else "")
        best = (max if day else min)(totals.values())
        if colour is None:
            tops = sorted(k for k, t in totals.items() if t == best)
            _say(self.log, None, "no_winner", "3. winning colour: a tie means no winning colour",
                 f"It is {'day' if day else 'night'}, so the {'highest' if day else 'lowest'} total wins, "
                 f"but {' and '.join(tops)} tie at {best} ({listing}){note}: there is no winning "
                 "colour and the round goes straight to clean-up.", {"totals": totals, "day": day})
            return
        _say(self.log, None, "winner", f"3. winning colour ({'day: highest' if day else 'night: lowest'} total)",
             f"It is {_time_words(day)}, so the colour with the {'highest' if day else 'lowest'} total "
             f"wins, the revealed card included: {colour} with {best} ({listing}){note}.",
             {"colour": colour, "total": best, "totals": totals, "day": day})
        values, order, dropped = self.values, self.order, self.dropped
        if not order and not dropped:
            _say(self.log, None, "order", "4. collect winning cards",
                 f"Nobody played {colour} (only the revealed card is {colour}), so nobody takes a card.",
                 {"order": [], "dropped": []})
            return

        said, played = [], self.played
        for p in order:
            cards = played[p]
            both = len(cards) == 2 and cards[0].colour == colour == cards[1].colour
            said.append(f"{names[p]} ({colour} {values[p]}{', both cards added' if both else ''})")
        text = (f"Who played {colour} chooses, {'highest' if day else 'lowest'} value first: "
                + (", then ".join(said) if said else "nobody") + ".")
        chosen = [v for v in values if v]
        if len(set(chosen)) < len(chosen):  # equal values: say how the tie was broken
            text += self._say_ties(values, dropped, colour)
        _say(self.log, None, "order", "4. collect winning cards: choosing order", text,
             {"order": list(order), "dropped": list(dropped)})

    def _say_ties(self, values: list[int], dropped: list[int], colour: str) -> str:
        names, stars, day = self.names, self.stars, self.day
        groups: dict[int, list[int]] = {}
        for p in sorted((p for p in range(self.n) if values[p]), key=lambda p: (-values[p] if day else values[p])):
            groups.setdefault(values[p], []).append(p)
        text = ""
        for group in groups.values():
            if len(group) > 1:
                group.sort(key=lambda p: (stars[p], p))
                text += (" " + ", ".join(f"{names[p]} ({_plural(stars[p], 'star')})" for p in group)
                         + f" played the same {colour} value: fewer stars already collected chooses first")
                gone = [names[p] for p in group if p in dropped]
                text += f"; {' and '.join(gone)} are still equal, so neither receives a card." if gone else "."
        return text

    def _say_take(self, p: int, card: Card) -> None:
        nm = self.names[p]
        note = (" (no star card was left, but a card must still be taken)"
                if card.stars == 0 and not any(c.stars for c in self.table) else "")
        _say(self.log, nm, "take", "4. collect winning cards",
             f"{nm} takes {card.label}{note}; {nm} now has {_plural(self.stars[p], 'star')} on "
             f"{_plural(len(self.collected[p]), 'card')}.", {"player": p, "card": card.id})

    def _say_clean_up(self, left: int, counts: list[int], before: int) -> None:
        n = self.n
        if before >= DRAW * n:
            drawn = "every player draws two cards"
        elif before and self.options.short_pile == "share":
            drawn = ("the draw pile cannot give everyone two cards, so its last cards are dealt one at a "
                     "time in seat order (" + ", ".join(f"{self.names[i]} {counts[i]}" for i in range(n))
                     + "; option short_pile=share)")
        elif before:
            drawn = (f"the draw pile ({_plural(before, 'card')}) cannot give everyone two cards, so nobody "
                     "draws (option short_pile=no_draw)")
        else:
            drawn = "the draw pile is empty, so nobody draws"
        _say(self.log, None, "cleanup", "5. clean up and draw cards",
             f"Clean-up: {_plural(left, 'card')} go to the discard pile; {drawn}; "
             f"{_plural(len(self.pile), 'card')} left in the draw pile. The time card stays on "
             f"{'day' if self.day else 'night'}."
             + (" The draw pile is used up: one last round is played." if self.last_round else ""),
             {"pile": len(self.pile)})

    def _say_end(self) -> None:
        n, names, stars, top = self.n, self.names, self.stars, self.winners
        scores = ", ".join([f"{names[p]} {_plural(stars[p], 'star')} ({_plural(len(self.collected[p]), 'card')})"
                            for p in range(n)])
        tie = ""
        if stars.count(max(stars)) > 1:
            tie = (" Stars are tied, so more collected cards wins" +
                   ("; still tied, so there are several winners." if len(top) > 1 else "."))
        _say(self.log, None, "end", "end of the game: most stars wins",
             f"The game is over: {scores}.{tie} {'Winners' if len(top) > 1 else 'Winner'}: "
             f"{' and '.join(names[p] for p in top)}.", {"winners": list(top), "stars": list(stars)})

    # -- moves --------------------------------------------------------------------------
    def legal_moves(self, player: int | None = None) -> tuple[Any, ...]:
        if player is None:  # everybody who may move now (several players in a play step)
            out: tuple[Any, ...] = ()
            for p in self.to_players():
                out += self.legal_moves(p)
            return out
        phase = self.phase
        if phase <= PLAY2:  # a card of your hand, once per step
            try:
                if player >= 0 and self.pending[player] is None:
                    hand = self.hands[player]
                    if len(hand) > 1:  # itemgetter of several keys gives a tuple (the fastest way)
                        return itemgetter(*hand)(self.deck.commit_of[player])
                    return tuple(map(self.deck.commit_of[player].__getitem__, hand))
            except (TypeError, IndexError):
                pass
            return ()
        if phase == CHOOSE and player == self.choosers[0]:  # any one face-up card
            table = self.table
            if len(table) > 1:
                return itemgetter(*table)(self.deck.choose_of[player])
            return tuple(map(self.deck.choose_of[player].__getitem__, table))
        return ()

    def _check(self, move: Any) -> None:
        cls = move.__class__
        if cls is Commit:
            p = move.player
            if p.__class__ is not int or not 0 <= p < self.n:
                raise IllegalMoveError(f"there is no player {p!r} in this {self.n}-player game",
                                       rule="players", state=self.describe())
            if self.phase > PLAY2:
                raise IllegalMoveError(f"{self.names[p]} cannot play a card now: it is the {PHASE_NAMES[self.phase]} step",
                                       rule="4. collect winning cards: nobody plays while cards are chosen",
                                       state=self.describe())
            if self.pending[p] is not None:
                raise IllegalMoveError(f"{self.names[p]} has already placed a card face down in this step",
                                       rule="2. play cards: one card per player per step", state=self.describe())
            if move.card not in self.hands[p]:
                raise IllegalMoveError(f"{_label(move.card)} is not in {self.names[p]}'s hand",
                                       rule="2. play cards: a card from your hand", state=self.describe())
            return
        if cls is Choose:
            p = move.player
            if p.__class__ is not int or not 0 <= p < self.n:
                raise IllegalMoveError(f"there is no player {p!r} in this {self.n}-player game",
                                       rule="players", state=self.describe())
            if self.phase != CHOOSE:
                raise IllegalMoveError(f"{self.names[p]} cannot take a card now: it is the {PHASE_NAMES[self.phase]} step",
                                       rule="4. collect winning cards: only after the winning colour is found",
                                       state=self.describe())
            if self.choosers[0] != p:
                raise IllegalMoveError(f"it is {self.names[self.choosers[0]]}'s turn to choose, not {self.names[p]}'s",
                                       rule="4. collect winning cards: choosing order", state=self.describe())
            if move.card not in self.table:
                raise IllegalMoveError(f"{_label(move.card)} is not a face-up card on the table",
                                       rule="4. collect winning cards: any one face-up card from the table",
                                       state=self.describe())
            return
        raise IllegalMoveError(f"{move!r} is not a move of this game (use Commit or Choose)", rule="moves",
                               state=self.describe())

    def play(self, move: Any) -> list[Event]:
        """Check ``move``, then carry it out; the events it caused (see :meth:`Game.play`).

        The base class's method, with its two common cases -- a card from the hand placed face
        down in a play step, a face-up card taken by the player whose turn it is to choose,
        which every simulation does about 90 times a game -- each tested in one line and passed
        straight to its rule step. Anything else, a refusal included, goes through
        :meth:`_check` rule by rule."""
        cls = move.__class__
        if cls is Commit:
            p = move.player
            ok = p.__class__ is int and 0 <= p < self.n and self.phase <= PLAY2 and self.pending[p] is None \
                and move.card in self.hands[p]
            step = self._commit
        elif cls is Choose:
            p = move.player
            ok = self.phase == CHOOSE and self.choosers[0] == p and p.__class__ is int and move.card in self.table
            step = self._choose
        else:
            ok = False
        if not ok:
            return super().play(move)
        events = self.log.events  # the log's own list: its length and tail, without two method calls
        if not self.log.enabled:
            step(p, move.card)
            self.history.append(move)
            return []
        start = len(events)
        step(p, move.card)
        self.history.append(move)
        return events[start:]

    def _apply(self, move: Any) -> None:
        """Carry out ``move`` unchecked (the fast path for rollouts)."""
        if move.__class__ is Commit:
            self._commit(move.player, move.card)
        else:
            self._choose(move.player, move.card)

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

    def options_record(self) -> dict[str, Any]:
        return self.options.to_json()

    def copy(self) -> "StarsGame":
        """A fast independent copy (cards, moves, events and round summaries are shared: they
        are immutable)."""
        g = self.copy_fast()
        g.__dict__.update(removed=self.removed[:], order=self.order[:], dropped=self.dropped[:],
                          values=self.values[:] if self.values else self.values, winners=self.winners[:],
                          rounds=self.rounds[:] if self.rounds is not None else None,
                          history=self.history[:], log=EventLog(self.log, enabled=self.log.enabled))
        return g

    def copy_fast(self) -> "StarsGame":
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
        d["rounds"] = None
        d["history"] = []
        d["log"] = _QUIET
        g.__dict__ = d
        return g

    def snapshot(self) -> bytes:
        import pickle

        d = dict(self.__dict__)
        d["deck"] = self.deck.name
        d["log"] = list(self.log)
        return pickle.dumps(d, protocol=pickle.HIGHEST_PROTOCOL)

    def __getstate__(self):
        return self.__dict__

    @classmethod
    def _for_rollouts(cls, view: "View", hands: list[list[Card]], pending: list[Card | None],
                      pile: list[Card], removed: list[Card]) -> "StarsGame":
        """A full game consistent with ``view`` whose hidden cards are the given ones (the
        determinizer deals them), explanations off, no history: for rollouts."""
        g = object.__new__(cls)
        g.__dict__.update(
            deck=view.deck, n=view.n, names=list(view.names), options=view.options, _setup={},
            hands=hands, pile=pile, removed=removed, discard=list(view.discard),
            collected=[list(c) for c in view.collected], stars=list(view.stars), day=view.day,
            round=view.round, last_round=view.last_round, start_day=view.start_day, revealed=view.revealed,
            table=list(view.table), played=list(view.played), pending=pending,
            waiting=sum(1 for c in pending if c is None), phase=view.phase, winning=view.winning,
            winning_totals=view.winning_totals, values=list(view.values) if view.values else None,
            order=list(view.order), dropped=list(view.dropped), choosers=list(view.choosers),
            winners=list(view.winners), rounds=None, history=[], log=_QUIET, _placed=None)
        return g

    # -- reading the state -------------------------------------------------------------
    @property
    def time(self) -> str:
        return "day" if self.day else "night"

    def accounted(self) -> int:
        """How many cards are in some zone (always 108)."""
        return (sum(len(h) for h in self.hands) + sum(1 for c in self.pending if c is not None) + len(self.table)
                + len(self.pile) + len(self.removed) + len(self.discard) + sum(len(c) for c in self.collected))

    def totals(self) -> dict[str, int]:
        """Colour totals of the face-up cards on the table now (in colour order)."""
        out = colour_totals(self.table, self.options.absent_colours)
        return {k: out[k] for k in COLOURS if k in out}

    def describe(self) -> str:
        who = ", ".join(self.names[p] for p in self.to_players())
        return (f"stars, round {self.round}, {self.time}, {PHASE_NAMES[self.phase]}"
                + (f", to move: {who}" if who else "") + f", pile {len(self.pile)}")

    def summary(self) -> str:
        lines = [f"Round {self.round}, {self.time} ({'sun' if self.day else 'moon'}), {PHASE_NAMES[self.phase]}; "
                 f"draw pile {len(self.pile)}, discard pile {len(self.discard)}."]
        if self.table:
            lines.append("Table: " + ", ".join(c.label for c in self.table))
        for p in range(self.n):
            lines.append(f"  {self.names[p]}: {_plural(self.stars[p], 'star')} on {_plural(len(self.collected[p]), 'card')}, "
                         f"{_plural(len(self.hands[p]), 'card')} in hand")
        if self.is_over():
            lines.append("Winner" + ("s: " if len(self.winners) > 1 else ": ")
                         + " and ".join(self.names[p] for p in self.winners))
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
            "rounds": [r.to_json() for r in self.rounds or ()], "summary": self.summary(),
        }

    def view(self, player: int) -> "View":
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
            rounds=tuple(self.rounds or ()))

    def _repr_html_(self) -> str:
        from .draw import table

        return table(self)._repr_html_()


_SEATS = {n: tuple(range(n)) for n in REMOVED}
_ID = attrgetter("id")
_QUIET = EventLog(enabled=False)  # the shared, always empty log of rollouts


def _say(log: EventLog, who: str | None, what: str, rule: str, text: str, data: dict[str, Any]) -> None:
    """Append one event to the explained ``log``: ``log.add(who, what, rule, text, **data)``
    without gathering keyword arguments (the explanations make about 90 events a game)."""
    log.events.append(_new_event(Event, (who, what, rule, text, data)))


_new_event = tuple.__new__  # an Event without the generated __new__'s call, as EventLog.add makes it


def _time_words(day: bool) -> str:
    return "day (sun)" if day else "night (moon)"


def _label(card: Any) -> str:
    return card.label if isinstance(card, Card) else repr(card)


# ---------------------------------------------------------------------------
# A player's view, determinization, rollouts
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class View:
    """Everything one player may see. Bots and the hint decide from this alone."""

    player: int
    n: int
    names: tuple[str, ...]
    deck: Deck
    options: Options
    day: bool
    round: int
    last_round: bool
    phase: int
    hand: tuple[Card, ...]
    my_pending: Card | None
    committed: tuple[bool, ...]
    hand_sizes: tuple[int, ...]
    revealed: Card | None
    table: tuple[Card, ...]
    played: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    collected: tuple[tuple[Card, ...], ...]
    stars: tuple[int, ...]
    pile_size: int
    removed_size: int
    choosers: tuple[int, ...]
    order: tuple[int, ...]
    winning: str | None
    winners: tuple[int, ...]
    start_day: bool = True
    winning_totals: dict[str, int] | None = None
    values: tuple[int, ...] = ()
    dropped: tuple[int, ...] = ()
    rounds: tuple[Round, ...] = ()

    @property
    def time(self) -> str:
        return "day" if self.day else "night"

    @property
    def my_moves(self) -> tuple[Any, ...]:
        """The moves this player may make now."""
        if self.phase <= PLAY2:
            if self.my_pending is not None:
                return ()
            row = self.deck.commit[self.player]
            return tuple(row[c.id] for c in self.hand)
        if self.phase == CHOOSE and self.choosers and self.choosers[0] == self.player:
            row = self.deck.choose[self.player]
            return tuple(row[c.id] for c in self.table)
        return ()

    def unseen(self) -> list[Card]:
        """Cards this player has not seen: other hands, other face-down cards, the draw pile
        and the removed cards, in deck order."""
        known = {id(c) for c in self.hand}
        if self.my_pending is not None:
            known.add(id(self.my_pending))
        for zone in (self.table, self.discard):
            known.update(id(c) for c in zone)
        for cs in self.collected:
            known.update(id(c) for c in cs)
        return [c for c in self.deck.cards if id(c) not in known]

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player, "names": list(self.names), "time": self.time, "round": self.round,
            "phase": PHASE_NAMES[self.phase], "hand": [c.id for c in self.hand],
            "my_pending": self.my_pending.id if self.my_pending else None, "committed": list(self.committed),
            "hand_sizes": list(self.hand_sizes), "revealed": self.revealed.id if self.revealed else None,
            "table": [c.id for c in self.table], "played": [[c.id for c in cs] for cs in self.played],
            "discard": [c.id for c in self.discard], "collected": [[c.id for c in cs] for cs in self.collected],
            "stars": list(self.stars), "pile": self.pile_size, "removed": self.removed_size,
            "choosers": list(self.choosers), "order": list(self.order), "winning": self.winning,
            "values": list(self.values), "dropped": list(self.dropped),
            "last_round": self.last_round, "winners": list(self.winners),
        }



def teaching_position(hands: Sequence[Sequence[str]], reveal: str | None, *, time: str = "day",
                      names: Sequence[str] | None = None, hand_size: int = HAND_SIZE,
                      collected: Sequence[Sequence[str]] | None = None, pile_size: int | None = None,
                      last_round: bool = False, options: Options | None = None,
                      deck: Deck | None = None) -> StarsGame:
    """A constructed position at the start of a round (say so when you show it: these are not
    the rulebook's cards). Each player's listed cards are in hand and the rest of each hand is
    filled from the deck (highest ids first, skipping time-symbol cards); ``reveal`` is the top
    of the draw pile; ``collected`` lists cards already taken by each player; ``pile_size``
    (default: as many as the setup leaves) is the number of draw-pile cards under the reveal;
    every other card is in the box."""
    deck = deck or default_deck()
    used: list[Card] = []

    def take(spec: str) -> Card:
        c = find_card(spec, deck, used)
        used.append(c)
        return c

    hand_cards = [[take(spec) for spec in h] for h in hands]
    got = [[take(spec) for spec in cs] for cs in collected] if collected is not None else None
    top = take(reveal) if reveal else None
    taken = {id(c) for c in used}
    plain = [c for c in deck.cards if id(c) not in taken and not c.time]
    for cs in hand_cards:
        while len(cs) < hand_size:
            c = plain.pop()
            cs.append(c)
            taken.add(id(c))
    rest = [c for c in deck.cards if id(c) not in taken]
    if pile_size is None:
        k = cards_removed(len(hands))
        removed, pile = rest[:k], rest[k:]
    else:
        pile, removed = rest[:pile_size], rest[pile_size:]
    if top is not None:
        pile = [top] + pile
    return StarsGame.from_position(hands=[[c.id for c in cs] for cs in hand_cards], pile=[c.id for c in pile],
                                   removed=[c.id for c in removed], time=time, names=names, options=options,
                                   collected=[[c.id for c in cs] for cs in got] if got is not None else None,
                                   last_round=last_round, deck=deck)


GAME = StarsGame
