"""stars: the moves, the rule options, the state machine (:class:`StarsGame`) and what a player may see."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Sequence

from ..core import EventLog, Game, IllegalMoveError, InvalidRecordError, Reader, Seed, make_rng
from .data import COLOURS, Card, Deck, default_deck, find_card
from .rules import DRAW, HAND_SIZE, REMOVED


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


def _names(n: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(n)]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


class StarsGame(Game):
    """The state of one game of Day & Night (the star-collecting card game).

    Build with :meth:`new` (seeded), :meth:`from_order` (an explicit shuffled order) or
    :meth:`from_position` (a hand-built teaching position). Players are numbered from 0.
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
        self.revealed: Card | None = None
        self.table: list[Card] = []                  # face-up cards in the middle
        self.played: list[list[Card]] = [[] for _ in range(n)]
        self.pending: list[Card | None] = [None] * n  # face-down cards of the current step
        self.waiting = n                             # players still to commit
        self.phase = PLAY1
        self.choosers: list[int] = []
        self.order: list[int] = []                   # the choosing order of this round
        self.winning: str | None = None
        self.winners: list[int] = []
        self.rounds: list[dict[str, Any]] = []       # one summary per finished round (charts)
        self.history = []
        self.log = EventLog(enabled=log)
        self._round_info: dict[str, Any] = {}
        # the factories log the setup, then call _start_round() (the first reveal)

    @classmethod
    def new(cls, players: int = 4, seed: Seed = None, *, names: Sequence[str] | None = None,
            options: Options | None = None, deck: Deck | None = None, explain: bool = True) -> "StarsGame":
        """A new game: the 108 cards shuffled with ``seed``, then set up by the rules.
        ``explain=False`` switches the explained event log off (for bulk simulation)."""
        from .records import check_players

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
        from .records import check_players

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
        k = REMOVED[players]
        removed = list(order[:k])
        hands = [list(order[k + HAND_SIZE * p: k + HAND_SIZE * (p + 1)]) for p in range(players)]
        pile = list(reversed(order[k + HAND_SIZE * players:]))
        setup: dict[str, Any] = {"players": players, "names": names}
        if seed_setup is not None:
            setup.update(seed_setup)
        else:
            setup["order"] = order  # card objects; written as ids by setup_record
        game = cls(deck, names, options, setup=setup, hands=hands, pile=pile, removed=removed, log=explain)
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
        from .records import check_players, check_position

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

    # -- the round --------------------------------------------------------------------
    def _start_round(self) -> None:
        log = self.log
        if log.enabled:
            self._round_info = {"round": self.round, "start_time": "day" if self.day else "night"}
        card = None
        if self.pile:
            card = self.pile.pop()
            source = "the draw pile"
        elif self.options.empty_reveal == "from_discard" and self.discard:
            card = self.discard.pop()
            source = "the discard pile (option empty_reveal=from_discard)"
        self.revealed = card
        if card is not None:
            self.table.append(card)
            if log.enabled:
                last = " This is the last round." if self.last_round else ""
                log.add(None, "reveal", "1. reveal a card",
                        f"Round {self.round} begins: the top card of {source}, {card.label}, is revealed.{last}",
                        card=card.id, round=self.round)
            if card.time:
                self.day = not self.day
                if log.enabled:
                    log.add(None, "flip", "1. reveal a card: time symbol flips at once",
                            f"The revealed card shows the time symbol, so the time card is turned over at once: "
                            f"it is now {'day (sun)' if self.day else 'night (moon)'}.", day=self.day)
        elif log.enabled:
            log.add(None, "reveal", "option empty_reveal=no_card",
                    f"Round {self.round} begins{' (the last round)' if self.last_round else ''}: the draw pile is "
                    "empty, so no card is revealed (rule option empty_reveal=no_card).", card=None, round=self.round)
        self.phase = PLAY1
        self.waiting = self.n

    # -- moves --------------------------------------------------------------------------
    def legal_moves(self, player: int | None = None) -> tuple[Any, ...]:
        phase = self.phase
        if player is not None:  # the common case first: one player's moves
            if phase <= PLAY2:
                try:
                    if player >= 0 and self.pending[player] is None:
                        return tuple(map(self.deck.commit_of[player].__getitem__, self.hands[player]))
                except (TypeError, IndexError):
                    pass
                return ()
            if phase == CHOOSE and player == self.choosers[0]:
                return tuple(map(self.deck.choose_of[player].__getitem__, self.table))
            return ()
        if phase <= PLAY2:
            pending = self.pending
            commit = self.deck.commit_of
            out = []
            for p in range(self.n):
                if pending[p] is None:
                    out += map(commit[p].__getitem__, self.hands[p])
            return tuple(out)
        if phase == CHOOSE:
            p = self.choosers[0]
            return tuple(map(self.deck.choose_of[p].__getitem__, self.table))
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
            if not (isinstance(p, int) and 0 <= p < self.n):
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

    def _apply(self, move: Any) -> None:
        """Carry out ``move`` unchecked (the fast path for rollouts)."""
        if type(move) is Commit:  # the body of _commit, inlined: this is the hot path
            p = move.player
            self.hands[p].remove(move.card)
            self.pending[p] = move.card
            self.waiting -= 1
            if self.log.enabled:
                self.log.add(self.names[p], "commit", "2. play cards: face down",
                             f"{self.names[p]} places a card face down.", player=p)
            if not self.waiting:
                self._reveal_step()
        else:
            self._choose(move.player, move.card)

    def _commit(self, p: int, card: Card) -> None:
        self.hands[p].remove(card)
        self.pending[p] = card
        self.waiting -= 1
        if self.log.enabled:
            self.log.add(self.names[p], "commit", "2. play cards: face down",
                         f"{self.names[p]} places a card face down.", player=p)
        if self.waiting == 0:
            self._reveal_step()

    def _reveal_step(self) -> None:
        log = self.log
        pending = self.pending
        played = self.played
        table = self.table
        flips = False
        for lst, c in zip(played, pending):
            lst.append(c)
            if c.time:
                flips = not flips
        table += pending
        self.pending = [None] * self.n
        step = self.phase + 1
        if log.enabled:
            shown = "; ".join(f"{self.names[p]} {played[p][-1].label}" for p in range(self.n))
            log.add(None, "reveal_step", "2. play cards: all reveal at once",
                    f"Play {step}: everyone reveals at once: {shown}.", step=step,
                    cards=[played[p][-1].id for p in range(self.n)])
            for p in range(self.n):
                c = played[p][-1]
                if c.time:
                    self.day = not self.day
                    log.add(self.names[p], "flip", "2. play cards: each time symbol flips the time card",
                            f"{self.names[p]}'s {c.colour} {c.value} shows the time symbol: the time card is turned "
                            f"over, it is now {'day (sun)' if self.day else 'night (moon)'}.", day=self.day, player=p)
        elif flips:
            self.day = not self.day
        if self.phase == PLAY1:
            self.phase = PLAY2
            self.waiting = self.n
        else:
            self._winning_colour()

    def _winning_colour(self) -> None:
        day = self.day
        totals: dict[str, int] = {}
        for c in self.table:
            col = c.colour
            if col in totals:
                totals[col] += c.value
            else:
                totals[col] = c.value
        if self.options.absent_colours != "ignored":  # "zero": absent colours total 0
            for colour in COLOURS:
                totals.setdefault(colour, 0)
        values = totals.values()
        best = max(values) if day else min(values)
        if not self.log.enabled:  # the fast path for rollouts and bulk simulation
            colour = None
            for k, t in totals.items():
                if t == best:
                    if colour is not None:
                        self.winning = None
                        self._clean_up_quiet()
                        return
                    colour = k
            self.winning = colour
            keys = []
            stars = self.stars
            p = 0
            for a, b in self.played:
                s = (a.value if a.colour == colour else 0) + (b.value if b.colour == colour else 0)
                if s:
                    keys.append(((-s if day else s), stars[p], p))
                p += 1
            if not keys:
                self.order = self.choosers = []
                self._clean_up_quiet()
                return
            if len(keys) == 1:
                order = [keys[0][2]]
            else:
                keys.sort()
                order = []
                last = len(keys) - 1
                for i, k in enumerate(keys):
                    if not ((i > 0 and keys[i - 1][:2] == k[:2]) or (i < last and keys[i + 1][:2] == k[:2])):
                        order.append(k[2])
            self.order = order
            self.choosers = order[:]
            if order:
                self.phase = CHOOSE
            else:
                self._clean_up_quiet()
            return
        tops = [colour for colour, t in totals.items() if t == best]
        log = self.log
        if log.enabled:
            self._round_info.update(revealed=self.revealed.id if self.revealed else None,
                                    played=[[c.id for c in cs] for cs in self.played])
            self._round_info.update(time="day" if day else "night",
                                    totals={k: totals.get(k, 0) for k in COLOURS if k in totals},
                                    rule="highest" if day else "lowest")
            listing = ", ".join(f"{k} {totals[k]}" for k in COLOURS if k in totals)
            absent = [k for k in COLOURS if k not in totals]
            note = (f" ({', '.join(absent)} {'is' if len(absent) == 1 else 'are'} not on the table and "
                    f"{'does' if len(absent) == 1 else 'do'} not count: option absent_colours=ignored)"
                    if absent and not day else "")
        if len(tops) > 1:
            self.winning = None
            if log.enabled:
                log.add(None, "no_winner", "3. winning colour: a tie means no winning colour",
                        f"It is {'day' if day else 'night'}, so the {'highest' if day else 'lowest'} total wins, "
                        f"but {' and '.join(sorted(tops))} tie at {best} ({listing}){note}: there is no winning "
                        "colour and the round goes straight to clean-up.", totals=totals, day=day)
                self._round_info.update(winner=None, order=[])
            self._clean_up()
            return
        colour = tops[0]
        self.winning = colour
        if log.enabled:
            log.add(None, "winner", f"3. winning colour ({'day: highest' if day else 'night: lowest'} total)",
                    f"It is {'day (sun)' if day else 'night (moon)'}, so the colour with the "
                    f"{'highest' if day else 'lowest'} total wins, the revealed card included: {colour} with "
                    f"{best} ({listing}){note}.", colour=colour, total=best, totals=totals, day=day)
        # choosing order
        keys = []
        stars = self.stars
        for p, cards in enumerate(self.played):
            s = 0
            for c in cards:
                if c.colour == colour:
                    s += c.value
            if s:
                keys.append(((-s if day else s), stars[p], p, s))
        keys.sort()
        if len(keys) < 2:
            order = [k[2] for k in keys]
            dropped = []
        else:
            order = []
            dropped = []
            last = len(keys) - 1
            for i, k in enumerate(keys):
                if (i > 0 and keys[i - 1][0] == k[0] and keys[i - 1][1] == k[1]) or (
                        i < last and keys[i + 1][0] == k[0] and keys[i + 1][1] == k[1]):
                    dropped.append(k[2])
                else:
                    order.append(k[2])
        self.order = order
        self.choosers = list(order)
        if log.enabled:
            self._round_info.update(winner=colour, order=list(order), dropped=dropped)
            if not keys:
                log.add(None, "order", "4. collect winning cards",
                        f"Nobody played {colour} (only the revealed card is {colour}), so nobody takes a card.")
            else:
                def who(k):
                    both = sum(1 for c in self.played[k[2]] if c.colour == colour) == 2
                    return f"{self.names[k[2]]} ({colour} {k[3]}{', both cards added' if both else ''})"
                seq = [who(k) for k in keys if k[2] in order]
                text = (f"Who played {colour} chooses, {'highest' if day else 'lowest'} value first: "
                        + (", then ".join(seq) if seq else "nobody") + ".")
                ties = {}
                for k in keys:
                    ties.setdefault(k[0], []).append(k)
                for group in ties.values():
                    if len(group) > 1:
                        ns = ", ".join(f"{self.names[k[2]]} ({_plural(k[1], 'star')})" for k in group)
                        text += (f" {ns} played the same {colour} value: fewer stars already collected chooses first")
                        gone = [self.names[k[2]] for k in group if k[2] in dropped]
                        text += (f"; {' and '.join(gone)} are still equal, so neither receives a card." if gone else ".")
                log.add(None, "order", "4. collect winning cards: choosing order", text, order=order, dropped=dropped)
        if not self.choosers:
            self._clean_up()
        else:
            self.phase = CHOOSE

    def _choose(self, p: int, card: Card) -> None:
        self.table.remove(card)
        self.collected[p].append(card)
        self.stars[p] += card.stars
        del self.choosers[0]
        if not self.log.enabled:
            if not self.choosers:
                self._clean_up_quiet()
            return
        if self.log.enabled:
            note = " (no star card was left, but a card must still be taken)" if card.stars == 0 and not any(
                c.stars for c in self.table) else ""
            self.log.add(self.names[p], "take", "4. collect winning cards",
                         f"{self.names[p]} takes {card.label}{note}; {self.names[p]} now has "
                         f"{_plural(self.stars[p], 'star')} on {_plural(len(self.collected[p]), 'card')}.",
                         player=p, card=card.id)
            self._round_info.setdefault("taken", []).append([p, card.id])
        if not self.choosers:
            self._clean_up()

    def _clean_up_quiet(self) -> None:
        """Clean-up and the next reveal in the common case, with explanations off (the same
        rules as :meth:`_clean_up` and :meth:`_start_round`, which handle every other case)."""
        n = self.n
        pile = self.pile
        if self.last_round or len(pile) <= DRAW * n:
            self._clean_up()
            return
        self.discard += self.table
        self.played = [[] for _ in range(n)]
        self.winning = None
        self.choosers = []
        pop = pile.pop
        for h in self.hands:
            h.append(pop())
            h.append(pop())
        self.round += 1
        card = pop()  # the pile held more than 2n cards, so one is left to reveal
        self.table = [card]
        self.revealed = card
        if card.time:
            self.day = not self.day
        self.phase = PLAY1
        self.waiting = n

    def _clean_up(self) -> None:
        log = self.log
        n = self.n
        left = len(self.table)
        self.discard += self.table
        self.table = []
        self.played = [[] for _ in self.played]
        self.revealed = None
        self.winning = None
        self.choosers = []
        if log.enabled:
            self._round_info["stars"] = list(self.stars)
            self._round_info["end_time"] = "day" if self.day else "night"
            self.rounds.append(self._round_info)
        if self.last_round:
            if log.enabled:
                log.add(None, "cleanup", "5. clean up", f"Clean-up: {_plural(left, 'card')} go to the discard pile.")
            self._end()
            return
        pile = self.pile
        hands = self.hands
        if len(pile) >= DRAW * n:
            pop = pile.pop
            for h in hands:
                h.append(pop())
                h.append(pop())
            drawn = "every player draws two cards"
            short = False
        else:
            short = True
            if self.options.short_pile == "share" and pile:
                p = 0
                got = [0] * n
                while pile:
                    hands[p].append(pile.pop())
                    got[p] += 1
                    p = (p + 1) % n
                drawn = ("the draw pile cannot give everyone two cards, so its last cards are dealt one at a "
                         "time in seat order (" + ", ".join(f"{self.names[i]} {got[i]}" for i in range(n))
                         + "; option short_pile=share)")
            elif pile:
                drawn = (f"the draw pile ({_plural(len(pile), 'card')}) cannot give everyone two cards, so nobody "
                         "draws (option short_pile=no_draw)")
            else:
                drawn = "the draw pile is empty, so nobody draws"
        if not pile or short:
            self.last_round = True
        if log.enabled:
            log.add(None, "cleanup", "5. clean up and draw cards",
                    f"Clean-up: {_plural(left, 'card')} go to the discard pile; {drawn}; "
                    f"{_plural(len(pile), 'card')} left in the draw pile. The time card stays on "
                    f"{'day' if self.day else 'night'}." + (" The draw pile is used up: one last round is played."
                                                             if self.last_round else ""),
                    pile=len(pile))
        if short and min(len(h) for h in hands) < 2:  # cannot happen from a rules setup; guards set positions
            if log.enabled:
                log.add(None, "end", "end of the game: a hand cannot play two cards",
                        "A player holds fewer than two cards, so no further round can be played.")
            self._end()
            return
        self.round += 1
        self._start_round()

    def _end(self) -> None:
        self.phase = OVER
        self.choosers = []
        n = self.n
        best = max(self.stars)
        top = [p for p in range(n) if self.stars[p] == best]
        if len(top) > 1:
            most = max(len(self.collected[p]) for p in top)
            top = [p for p in top if len(self.collected[p]) == most]
        self.winners = top
        if self.log.enabled:
            scores = ", ".join(f"{self.names[p]} {_plural(self.stars[p], 'star')} ({_plural(len(self.collected[p]), 'card')})"
                               for p in range(n))
            names = " and ".join(self.names[p] for p in top)
            tie = ""
            if sum(1 for p in range(n) if self.stars[p] == best) > 1:
                tie = (" Stars are tied, so more collected cards wins" +
                       ("; still tied, so there are several winners." if len(top) > 1 else "."))
            self.log.add(None, "end", "end of the game: most stars wins",
                         f"The game is over: {scores}.{tie} {'Winners' if len(top) > 1 else 'Winner'}: {names}.",
                         winners=top, stars=list(self.stars))

    # -- contract --------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def to_players(self) -> tuple[int, ...]:
        if self.phase <= PLAY2:
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
        """A fast independent copy (cards and moves are shared, they are immutable)."""
        g = object.__new__(StarsGame)
        d = self.__dict__.copy()
        d["hands"] = [h[:] for h in self.hands]
        d["pile"] = self.pile[:]
        d["removed"] = self.removed[:]
        d["discard"] = self.discard[:]
        d["collected"] = [c[:] for c in self.collected]
        d["stars"] = self.stars[:]
        d["table"] = self.table[:]
        d["played"] = [x[:] for x in self.played]
        d["pending"] = self.pending[:]
        d["choosers"] = self.choosers[:]
        d["order"] = self.order[:]
        d["winners"] = self.winners[:]
        d["rounds"] = [dict(r) for r in self.rounds]
        d["_round_info"] = dict(self._round_info)
        d["history"] = self.history[:]
        d["log"] = EventLog(self.log, enabled=self.log.enabled)
        g.__dict__ = d
        return g

    def copy_fast(self) -> "StarsGame":
        """A copy for rollouts (no history, no log, no round summaries)."""
        g = object.__new__(StarsGame)
        d = self.__dict__.copy()
        d["hands"] = [h[:] for h in self.hands]
        d["pile"] = self.pile[:]
        d["discard"] = self.discard[:]
        d["collected"] = [c[:] for c in self.collected]
        d["stars"] = self.stars[:]
        d["table"] = self.table[:]
        d["played"] = [x[:] for x in self.played]
        d["pending"] = self.pending[:]
        d["choosers"] = self.choosers[:]
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

    # -- reading the state -------------------------------------------------------------
    @property
    def time(self) -> str:
        return "day" if self.day else "night"

    def accounted(self) -> int:
        """How many cards are in some zone (always 108)."""
        return (sum(len(h) for h in self.hands) + sum(1 for c in self.pending if c is not None) + len(self.table)
                + len(self.pile) + len(self.removed) + len(self.discard) + sum(len(c) for c in self.collected))

    def totals(self) -> dict[str, int]:
        """Colour totals of the face-up cards on the table now."""
        out: dict[str, int] = {}
        for c in self.table:
            out[c.colour] = out.get(c.colour, 0) + c.value
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
            "last_round": self.last_round,
            "revealed": self.revealed.id if self.revealed else None,
            "table": [c.id for c in self.table],
            "played": [[c.id for c in cs] for cs in self.played],
            "committed": [c is not None for c in self.pending],
            "hand_sizes": [len(h) for h in self.hands],
            "pile": len(self.pile), "removed": len(self.removed), "discard": [c.id for c in self.discard],
            "collected": [[c.id for c in cs] for cs in self.collected], "stars": list(self.stars),
            "choosers": list(self.choosers), "order": list(self.order), "winning": self.winning,
            "winners": list(self.winners), "names": list(self.names), "summary": self.summary(),
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
            played=tuple(tuple(cs) for cs in self.played), discard=tuple(self.discard),
            collected=tuple(tuple(cs) for cs in self.collected), stars=tuple(self.stars),
            pile_size=len(self.pile), removed_size=len(self.removed), choosers=tuple(self.choosers),
            order=tuple(self.order), winning=self.winning, winners=tuple(self.winners))


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
        k = REMOVED[len(hands)]
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
