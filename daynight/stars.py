"""Day & Night (Piatnik 2021), the star-collecting card game: the rule engine.

3 to 5 players. Each round one card is revealed from the draw pile, then every player plays
two cards, one at a time, face down and revealed together (*commit, then reveal*). Every
time symbol flips the time card. By day the colour with the highest total wins, by night the
one with the lowest; whoever played the winning colour takes one face-up card, in order of
their winning-colour values. Stars on taken cards are victory points.

The rules follow the rules sheet (seed ``000_e6fe1f5d889d68bc.txt``) literally. Where it is
silent, :class:`Options` names the decision and its default; the real per-card table is not
published, so the bundled deck ``data/stars_deck.csv`` is a *reconstruction* (every row says
so) and a user can load the real table from their own box with :func:`load_deck`.

Moves
    :class:`Commit` -- a player places a hand card face down (the step resolves once everyone
    has committed); :class:`Choose` -- the player whose turn it is to choose takes a face-up
    card. Moves are interned per deck and cards are compared by identity.

Bots and the hint decide from :meth:`StarsGame.view` only and determinize the hidden rest
(other hands, other face-down cards, the draw pile order and the removed cards).

Performance envelope: a random 4-player game is a few hundred microseconds to a millisecond
in CPython; the 1,000-rollout hint a few tenths of a second (see ``benchmarks/bench_stars.py``).
"""

from __future__ import annotations

import csv
import io
import random
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from .core import (EventLog, Game, IllegalMoveError, InvalidRecordError, Reader, Seed,
                   make_rng)

__all__ = [
    "COLOURS", "Card", "Deck", "load_deck", "default_deck", "Options", "Commit", "Choose",
    "StarsGame", "View", "RandomBot", "RuleOfThumbBot", "MonteCarloBot", "BOTS", "make_bot",
    "hint", "HintLine", "play_bots", "advance", "teaching_position", "play_cards", "find_card",
    "Determinizer", "rollout", "GAME", "demo",
    "REMOVED", "HAND_SIZE", "DRAW",
]

COLOURS: tuple[str, ...] = ("blue", "orange", "pink", "purple")
#: short letters for compact labels (pink and purple differ in the second letter)
COLOUR_CODE = {"blue": "Bl", "orange": "Or", "pink": "Pk", "purple": "Pu"}
#: cards removed unseen at setup, by number of players (rules sheet, "Setup")
REMOVED = {3: 33, 4: 16, 5: 3}
HAND_SIZE = 7
DRAW = 2
DECK_SIZE = 108
PER_COLOUR = 27
PROVENANCES = ("attested", "reconstructed")

DATA = Path(__file__).resolve().parent / "data"
DEFAULT_DECK_FILE = DATA / "stars_deck.csv"
DEFAULT_DECK_NAME = "reconstructed"


# ---------------------------------------------------------------------------
# Cards and the deck
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card. Compared by identity: each deck builds its 108 cards once."""

    id: int
    colour: str
    value: int
    time: bool          # shows the time symbol (sun and moon); such cards carry no stars
    stars: int
    provenance: str = "reconstructed"

    @property
    def label(self) -> str:
        """A label readable without colour vision: colour in words, value, stars or time."""
        return f"{self.colour} {self.value} {self.mark}"

    @property
    def mark(self) -> str:
        if self.time:
            return "(time symbol)"
        return f"({self.stars} star{'s' if self.stars != 1 else ''})"

    @property
    def short(self) -> str:
        return f"{COLOUR_CODE.get(self.colour, self.colour)}{self.value}{'T' if self.time else '*' * self.stars}"

    def __repr__(self) -> str:
        return f"<Card {self.id}: {self.label}>"

    def __reduce__(self):
        # a card of the bundled deck unpickles to the very same object (cards compare by identity)
        if _DEFAULT and self.id < len(_DEFAULT[0].cards) and _DEFAULT[0].cards[self.id] is self:
            return (_default_card, (self.id,))
        return (Card, (self.id, self.colour, self.value, self.time, self.stars, self.provenance))


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


class Deck:
    """The 108 cards of one deck table, with interned moves for up to five players."""

    def __init__(self, cards: Sequence[Card], name: str = DEFAULT_DECK_NAME):
        self.cards: tuple[Card, ...] = tuple(cards)
        self.name = name
        self.by_id = {c.id: c for c in self.cards}
        self.commit = [[Commit(p, c) for c in self.cards] for p in range(5)]
        self.choose = [[Choose(p, c) for c in self.cards] for p in range(5)]
        # the same interned moves keyed by card object (cards hash by identity)
        self.commit_of = [dict(zip(self.cards, row)) for row in self.commit]
        self.choose_of = [dict(zip(self.cards, row)) for row in self.choose]
        self.total_stars = sum(c.stars for c in self.cards)

    def table_json(self) -> list[list[Any]]:
        return [[c.colour, c.value, "time" if c.time else c.stars, c.provenance] for c in self.cards]

    def __reduce__(self):
        if _DEFAULT and self is _DEFAULT[0]:
            return (default_deck, ())
        return (Deck, (self.cards, self.name))

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"<Deck {self.name!r}: {len(self.cards)} cards, {self.total_stars} stars>"


def _validate_rows(rows: list[tuple[str, int, bool, int, str]], where: Callable[[int, str], str]) -> list[Card]:
    """Check a deck table against what is known about the real game; raise on the first fault."""
    if len(rows) != DECK_SIZE:
        raise InvalidRecordError(where(-1, ""), f"a deck has {DECK_SIZE} cards, this table has {len(rows)}",
                                 rule="game contents: 108 cards")
    cards = []
    for i, (colour, value, time, stars, prov) in enumerate(rows):
        if colour not in COLOURS:
            raise InvalidRecordError(where(i, "colour"), f"unknown colour {colour!r}; expected one of {list(COLOURS)}",
                                     rule="game contents: 4 colours")
        if not 1 <= value <= 13:
            raise InvalidRecordError(where(i, "value"), f"value {value} is outside 1..13",
                                     rule="game contents: numbered 1 to 13")
        if time and stars != 0:
            raise InvalidRecordError(where(i, "stars"), "a card with the time symbol shows no stars",
                                     rule="game contents: time symbol or 1 to 4 stars")
        if not time and not 1 <= stars <= 4:
            raise InvalidRecordError(where(i, "stars"), f"a star card shows 1 to 4 stars, not {stars}",
                                     rule="game contents: time symbol or 1 to 4 stars")
        if prov not in PROVENANCES:
            raise InvalidRecordError(where(i, "provenance"), f"provenance must be one of {list(PROVENANCES)}, not {prov!r}",
                                     rule="data files: provenance")
        cards.append(Card(i, colour, value, time, stars, prov))
    for colour in COLOURS:
        n = sum(1 for c in cards if c.colour == colour)
        if n != PER_COLOUR:
            raise InvalidRecordError(where(-1, ""), f"{colour} has {n} cards; each colour has {PER_COLOUR}",
                                     rule="game contents: 27 cards in each of 4 colours")
    return cards


def load_deck(source: str | Path | io.TextIOBase, name: str | None = None) -> Deck:
    """Read a deck table (CSV with columns ``colour, value, symbol, stars, provenance``;
    ``symbol`` is ``time`` or ``stars``; an ``id`` column is optional and must count 0..107).

    Use it to load the real card table from your own box. Every fault raises
    :class:`InvalidRecordError` naming the file, row and column.
    """
    if isinstance(source, (str, Path)):
        label = str(source)
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidRecordError(label, f"cannot read file: {exc.strerror or exc}") from None
    else:
        label = getattr(source, "name", "deck")
        text = source.read()
    reader = csv.DictReader(io.StringIO(text))
    need = ("colour", "value", "symbol", "stars", "provenance")
    missing = [c for c in need if c not in (reader.fieldnames or ())]
    if missing:
        raise InvalidRecordError(label, f"missing column(s) {missing}; expected {list(need)}")

    def where(i: int, col: str) -> str:
        return label if i < 0 else f"{label}: row {i + 2}" + (f", column {col}" if col else "")

    rows = []
    for i, row in enumerate(reader):
        if "id" in row and row["id"] not in (None, "") and row["id"].strip() != str(i):
            raise InvalidRecordError(where(i, "id"), f"ids count 0..107 in order; expected {i}, got {row['id']!r}")
        try:
            value = int(row["value"])
        except (TypeError, ValueError):
            raise InvalidRecordError(where(i, "value"), f"expected a whole number, got {row['value']!r}") from None
        symbol = (row["symbol"] or "").strip()
        if symbol not in ("time", "stars"):
            raise InvalidRecordError(where(i, "symbol"), f"expected 'time' or 'stars', got {symbol!r}")
        try:
            stars = int(row["stars"])
        except (TypeError, ValueError):
            raise InvalidRecordError(where(i, "stars"), f"expected a whole number, got {row['stars']!r}") from None
        rows.append(((row["colour"] or "").strip(), value, symbol == "time", stars, (row["provenance"] or "").strip()))
    return Deck(_validate_rows(rows, where), name or Path(label).stem)


_DEFAULT: list[Deck] = []


def _default_card(i: int) -> Card:
    return default_deck().cards[i]


def default_deck() -> Deck:
    """The bundled deck: every row ``reconstructed`` (the real table is not published)."""
    if not _DEFAULT:
        _DEFAULT.append(load_deck(DEFAULT_DECK_FILE, DEFAULT_DECK_NAME))
    return _DEFAULT[0]


def _deck_from_json(r: Reader) -> Deck:
    if isinstance(r.value, str):
        if r.value != DEFAULT_DECK_NAME:
            raise r.error(f"unknown deck {r.value!r}; use {DEFAULT_DECK_NAME!r} or a table")
        return default_deck()
    name = r.str("name", "custom")
    rows = []
    for row in r.list("cards"):
        v = row.value
        if not (isinstance(v, list) and len(v) == 4):
            raise row.error("a card is [colour, value, 'time' or stars, provenance]")
        colour, value, mark, prov = v
        if not isinstance(colour, str) or isinstance(value, bool) or not isinstance(value, int):
            raise row.error("a card is [colour, value, 'time' or stars, provenance]")
        if mark == "time":
            rows.append((colour, value, True, 0, prov))
        elif isinstance(mark, int) and not isinstance(mark, bool):
            rows.append((colour, value, False, mark, prov))
        else:
            raise row.error(f"expected 'time' or a star count, got {mark!r}")
    base = r._sub("cards")
    return Deck(_validate_rows(rows, lambda i, col: base if i < 0 else f"{base}[{i}]"), name)


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
        deck = deck or default_deck()
        _check_players(players)
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
        _check_players(players)
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
        players = len(hands)
        _check_players(players)
        names = list(names) if names is not None else _names(players)
        collected = collected if collected is not None else [[] for _ in range(players)]
        position = {"time": time, "round": round_no, "last_round": last_round,
                    "hands": [list(h) for h in hands], "pile": list(pile), "removed": list(removed),
                    "discard": list(discard), "collected": [list(c) for c in collected]}
        _check_position(deck, position, "position")
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

    def setup_record(self) -> dict[str, Any]:
        setup = dict(self._setup)
        if "order" in setup:
            setup["order"] = [c.id for c in setup["order"]]
        setup["options"] = self.options.to_json()
        setup["deck"] = DEFAULT_DECK_NAME if self.deck is default_deck() else {
            "name": self.deck.name, "cards": self.deck.table_json()}
        return setup

    def options_record(self) -> dict[str, Any]:
        return self.options.to_json()

    @classmethod
    def from_setup(cls, setup: Reader) -> "StarsGame":
        setup.only("players", "names", "seed", "order", "position", "options", "deck")
        deck = _deck_from_json(Reader(setup.value["deck"], setup._sub("deck"))) if setup.has("deck") else default_deck()
        options = Options.from_json(setup.obj("options", {}))
        players = setup.get("players", "an integer")
        if players not in REMOVED:
            raise InvalidRecordError(setup._sub("players"), f"Day & Night is played by 3 to 5 players, not {players}",
                                     rule="setup: 3 to 5 players")
        names = [r.value for r in setup.list("names")] if setup.has("names") else _names(players)
        for i, nm in enumerate(names):
            if not isinstance(nm, str) or not nm.strip():
                raise InvalidRecordError(f"{setup._sub('names')}[{i}]", "a name is a non-empty string")
        if len(names) != players:
            raise InvalidRecordError(setup._sub("names"), f"{players} players need {players} names, got {len(names)}",
                                     rule="setup: 3 to 5 players")
        given = [k for k in ("seed", "order", "position") if setup.has(k)]
        if len(given) != 1:
            raise setup.error("a setup has exactly one of seed, order or position")
        kind = given[0]
        if kind == "seed":
            return cls.new(players, setup.int("seed", lo=0), names=names, options=options, deck=deck)
        if kind == "order":
            items = setup.list("order")
            ids = []
            seen = set()
            for item in items:
                v = item.value
                if isinstance(v, bool) or not isinstance(v, int) or v not in deck.by_id:
                    raise InvalidRecordError(item.path, f"unknown card {v!r}; cards are numbered 0..{len(deck) - 1}",
                                             rule="game contents: 108 cards")
                if v in seen:
                    raise InvalidRecordError(item.path, f"card {v} appears twice", rule="game contents: 108 cards")
                seen.add(v)
                ids.append(v)
            if len(ids) != len(deck):
                raise InvalidRecordError(setup._sub("order"), f"the order lists {len(ids)} cards, not {len(deck)}",
                                         rule="game contents: 108 cards")
            return cls.from_order(ids, players, names=names, options=options, deck=deck)
        pos = setup.obj("position")
        pos.only("time", "round", "last_round", "hands", "pile", "removed", "discard", "collected")
        position = {
            "time": pos.str("time", "day", choices=("day", "night")),
            "round": pos.int("round", 1, lo=1, hi=1000),
            "last_round": pos.bool("last_round", False),
        }
        for key in ("hands", "collected"):
            if key == "collected" and not pos.has(key):
                position[key] = [[] for _ in range(players)]
                continue
            rows = pos.list(key)
            if len(rows) != players:
                raise InvalidRecordError(pos._sub(key), f"{players} players need {players} lists, got {len(rows)}",
                                         rule="setup: 3 to 5 players")
            position[key] = [_id_list(r) for r in rows]
        for key in ("pile", "removed", "discard"):
            position[key] = _id_list(Reader(pos.get(key, "a list", []), pos._sub(key)))
        _check_position(deck, position, pos.path)
        return cls.from_position(hands=position["hands"], pile=position["pile"], removed=position["removed"],
                                 discard=position["discard"], collected=position["collected"],
                                 time=position["time"], round_no=position["round"],
                                 last_round=position["last_round"], names=names, options=options, deck=deck)

    def move_to_json(self, move: Any) -> Any:
        if type(move) is Commit:
            return {"player": move.player, "play": move.card.id}
        return {"player": move.player, "take": move.card.id}

    def move_from_json(self, value: Reader) -> Any:
        value.only("player", "play", "take")
        p = value.int("player", lo=0, hi=self.n - 1)
        kinds = [k for k in ("play", "take") if value.has(k)]
        if len(kinds) != 1:
            raise value.error("a move has exactly one of 'play' (a card id) or 'take' (a card id)")
        cid = value.int(kinds[0])
        card = self.deck.by_id.get(cid)
        if card is None:
            raise InvalidRecordError(value._sub(kinds[0]), f"unknown card {cid}; cards are numbered 0..{len(self.deck) - 1}",
                                     rule="game contents: 108 cards")
        return (self.deck.commit if kinds[0] == "play" else self.deck.choose)[p][cid]

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


def _check_players(players: Any) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or players not in REMOVED:
        raise IllegalMoveError(f"Day & Night is played by 3 to 5 players, not {players!r}",
                               rule="setup: 3 to 5 players")


def _id_list(r: Reader) -> list[int]:
    if not isinstance(r.value, list):
        raise r.error(f"expected a list of card ids, got {r.value!r}")
    out = []
    for i, v in enumerate(r.value):
        if isinstance(v, bool) or not isinstance(v, int):
            raise InvalidRecordError(f"{r.path}[{i}]", f"expected a card id, got {v!r}")
        out.append(v)
    return out


def _check_position(deck: Deck, pos: dict[str, Any], path: str) -> None:
    seen: dict[int, str] = {}

    def visit(ids, where):
        for i, cid in enumerate(ids):
            p = f"{where}[{i}]"
            if cid not in deck.by_id:
                raise InvalidRecordError(p, f"unknown card {cid!r}; cards are numbered 0..{len(deck) - 1}",
                                         rule="game contents: 108 cards")
            if cid in seen:
                raise InvalidRecordError(p, f"card {cid} is also at {seen[cid]}", rule="game contents: 108 cards")
            seen[cid] = p

    for key in ("hands", "collected"):
        for j, ids in enumerate(pos[key]):
            visit(ids, f"{path}.{key}[{j}]")
    for key in ("pile", "removed", "discard"):
        visit(pos[key], f"{path}.{key}")
    if len(seen) != len(deck):
        missing = sorted(set(deck.by_id) - set(seen))
        raise InvalidRecordError(path, f"{len(missing)} card(s) are in no zone (e.g. {missing[:5]}); all "
                                 f"{len(deck)} cards must be accounted for", rule="game contents: 108 cards")
    for j, h in enumerate(pos["hands"]):
        if len(h) < 2:
            raise InvalidRecordError(f"{path}.hands[{j}]", "a hand needs at least two cards to play a round",
                                     rule="2. play cards (2x)")
    if pos["time"] not in ("day", "night"):
        raise InvalidRecordError(f"{path}.time", "the time is 'day' or 'night'")


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


class Determinizer:
    """Deals the cards a player has not seen at random, consistently with their view, into
    full games (with the explanations switched off) for Monte Carlo rollouts."""

    def __init__(self, view: View):
        self.view = view
        self.unseen = view.unseen()
        me = view.player
        self.slots = []  # (player, hand cards to deal, face-down card to deal?)
        need = 0
        for p in range(view.n):
            if p == me:
                continue
            pend = view.committed[p]
            self.slots.append((p, view.hand_sizes[p], pend))
            need += view.hand_sizes[p] + pend
        need += view.pile_size + view.removed_size
        if need != len(self.unseen):
            raise ValueError(f"the view does not add up: {len(self.unseen)} unseen cards for {need} hidden places")
        base = object.__new__(StarsGame)
        base.__dict__.update(
            deck=view.deck, n=view.n, names=list(view.names), options=view.options, _setup={},
            discard=list(view.discard), collected=[list(c) for c in view.collected], stars=list(view.stars),
            day=view.day, round=view.round, last_round=view.last_round, revealed=view.revealed,
            table=list(view.table), played=[list(c) for c in view.played], phase=view.phase,
            waiting=sum(1 for c in view.committed if not c), choosers=list(view.choosers), order=list(view.order),
            winning=view.winning, winners=list(view.winners), rounds=[], history=[],
            log=EventLog(enabled=False), _round_info={})
        self.base = base

    def sample(self, rng: random.Random) -> StarsGame:
        v = self.view
        cards = self.unseen[:]
        rng.shuffle(cards)
        hands: list[list[Card]] = [[] for _ in range(v.n)]
        pending: list[Card | None] = [None] * v.n
        hands[v.player] = list(v.hand)
        pending[v.player] = v.my_pending
        i = 0
        for p, size, pend in self.slots:
            hands[p] = cards[i:i + size]
            i += size
            if pend:
                pending[p] = cards[i]
                i += 1
        g = object.__new__(StarsGame)
        d = self.base.__dict__.copy()
        d.update(hands=hands, pending=pending, pile=cards[i:i + v.pile_size],
                 removed=cards[i + v.pile_size:], discard=d["discard"][:],
                 collected=[c[:] for c in d["collected"]], stars=d["stars"][:], table=d["table"][:],
                 played=[c[:] for c in d["played"]], choosers=d["choosers"][:])
        g.__dict__ = d
        return g


def rollout(g: StarsGame, rng: random.Random) -> None:
    """Finish ``g`` (explanations off): every player commits a random hand card, a chooser
    takes the card with the most stars. Uses the unchecked fast path."""
    n = g.n
    commit = g._commit
    choose = g._choose
    rr = rng.random
    while g.phase != OVER:
        if g.phase != CHOOSE:
            pending = g.pending
            hands = g.hands
            for p in [p for p in range(n) if pending[p] is None]:
                h = hands[p]
                commit(p, h[int(rr() * len(h))])
        else:
            best = None
            bs = -1
            for c in g.table:
                if c.stars > bs:
                    best, bs = c, c.stars
            choose(g.choosers[0], best)


@dataclass(frozen=True, slots=True)
class HintLine:
    """One legal move with its Monte Carlo estimate."""

    move: Any
    card: Card
    expected_stars: float      # mean of this player's final stars over the rollouts
    win_rate: float            # share of rollouts this player won (a shared win counts)
    rollouts: int


def hint(view: View, rollouts: int = 1000, rng: Seed = None) -> list[HintLine]:
    """Expected final stars (and win rate) of each legal move of ``view.player``, from at
    least ``rollouts`` determinized rollouts in total, split evenly between the moves.

    Each determinization (a random deal of the unseen cards) is used once for every
    candidate move, so the moves are compared on the same hidden cards.
    """
    moves = view.my_moves
    if not moves:
        return []
    rng, _ = make_rng(rng)
    det = Determinizer(view)
    per = -(-rollouts // len(moves))
    me = view.player
    sums = [0] * len(moves)
    wins = [0.0] * len(moves)
    for _ in range(per):
        base = det.sample(rng)
        for k, move in enumerate(moves):
            g = base.copy_fast()
            g._apply(move)
            rollout(g, rng)
            sums[k] += g.stars[me]
            if me in g.winners:
                wins[k] += 1
    return [HintLine(m, m.card, sums[k] / per, wins[k] / per, per) for k, m in enumerate(moves)]


def _copy_fast(self: StarsGame) -> StarsGame:
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


StarsGame.copy_fast = _copy_fast  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------
# Bots: choose(view, legal_moves, rng) -> move
# ---------------------------------------------------------------------------


class RandomBot:
    """Plays a uniformly random legal move."""

    name = "random"
    label = "Random"

    def choose(self, view: View, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        return legal_moves[rng.randrange(len(legal_moves))]

    __call__ = choose


def _winner_of(totals: dict[str, int], day: bool) -> str | None:
    if not totals:
        return None
    best = max(totals.values()) if day else min(totals.values())
    tops = [k for k, t in totals.items() if t == best]
    return tops[0] if len(tops) == 1 else None


class RuleOfThumbBot:
    """A rule-of-thumb player, looking only at the cards face up and its own hand.

    Playing: for each hand card, work out the time after its time symbol (if any) and which
    colour would win on the table as it is plus that card; prefer a card of that colour that
    ranks high in the choosing order (high by day, low by night); otherwise, if already
    eligible, play the card with the fewest stars (cards on the table feed the winners);
    otherwise a well-ranked card with few stars.
    Choosing: take the card with the most stars.
    """

    name = "rule"
    label = "Rule of thumb"

    def choose(self, view: View, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        if type(legal_moves[0]) is Choose:
            best = max(m.card.stars for m in legal_moves)
            tops = [m for m in legal_moves if m.card.stars == best]
            return tops[rng.randrange(len(tops))]
        base: dict[str, int] = {}
        for c in view.table:
            base[c.colour] = base.get(c.colour, 0) + c.value
        mine = view.played[view.player]
        best_score, best_moves = None, []
        for m in legal_moves:
            c = m.card
            day = view.day ^ c.time
            totals = dict(base)
            totals[c.colour] = totals.get(c.colour, 0) + c.value
            win = _winner_of(totals, day)
            rank = c.value if day else 14 - c.value
            if win == c.colour:
                score = 20 + rank + sum(x.value if day else 14 - x.value for x in mine if x.colour == win)
            elif win is not None and any(x.colour == win for x in mine):
                score = 10 - c.stars            # already eligible: feed few stars to the table
            else:
                score = rank / 2 - c.stars / 2  # not winning now: a well-ranked card, few stars for others
            if best_score is None or score > best_score:
                best_score, best_moves = score, [m]
            elif score == best_score:
                best_moves.append(m)
        return best_moves[rng.randrange(len(best_moves))]

    __call__ = choose


class MonteCarloBot:
    """Plays the move with the most expected stars from determinized rollouts of its own view."""

    name = "montecarlo"
    label = "Monte Carlo"

    def __init__(self, rollouts: int = 300):
        self.rollouts = rollouts

    def choose(self, view: View, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_moves) == 1:
            return legal_moves[0]
        lines = hint(view, self.rollouts, rng)
        allowed = set(legal_moves)
        lines = [line for line in lines if line.move in allowed]
        best = max(line.expected_stars + 0.01 * line.win_rate for line in lines)
        return next(line.move for line in lines if line.expected_stars + 0.01 * line.win_rate == best)

    __call__ = choose


BOTS: dict[str, type] = {"random": RandomBot, "rule": RuleOfThumbBot, "montecarlo": MonteCarloBot}


def make_bot(kind: str, **kwargs: Any):
    """A bot by name: ``random``, ``rule`` (rule of thumb) or ``montecarlo``."""
    if kind not in BOTS:
        raise ValueError(f"unknown bot {kind!r}; expected one of {sorted(BOTS)}")
    return BOTS[kind](**kwargs)


def play_bots(game: StarsGame, bots: Sequence[Any], rng: Seed = 0, *, stop_for: int | None = None) -> StarsGame:
    """Let ``bots[p]`` move for every player ``p`` (except ``stop_for``, a human) until the
    game ends or only ``stop_for`` may move. Each bot sees only its own view."""
    rng = rng if isinstance(rng, random.Random) else make_rng(rng)[0]
    while not game.is_over():
        movers = [p for p in game.to_players() if p != stop_for]
        if not movers:
            break
        for p in movers:
            if p not in game.to_players():
                continue
            bot = bots[p]
            choose = getattr(bot, "choose", bot)
            game.play(choose(game.view(p), game.legal_moves(p), rng))
    return game


advance = play_bots


# ---------------------------------------------------------------------------
# Teaching positions
# ---------------------------------------------------------------------------


def find_card(spec: str, deck: Deck | None = None, exclude: Iterable[Card] = ()) -> Card:
    """The first card of the deck matching ``"orange 7"`` (a star card) or ``"orange 7 time"``
    (a time-symbol card) that is not in ``exclude``."""
    deck = deck or default_deck()
    parts = spec.split()
    if len(parts) not in (2, 3) or parts[0] not in COLOURS or not parts[1].isdigit():
        raise ValueError(f"a card is written like 'orange 7' or 'orange 7 time', not {spec!r}")
    colour, value, time = parts[0], int(parts[1]), len(parts) == 3 and parts[2] == "time"
    taken = {id(c) for c in exclude}
    for c in deck.cards:
        if c.colour == colour and c.value == value and c.time == time and id(c) not in taken:
            return c
    raise ValueError(f"the deck has no (further) card {spec!r}")


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


def play_cards(game: StarsGame, first: Sequence[str], second: Sequence[str] | None = None) -> StarsGame:
    """Commit the named cards (``"orange 7"``; ``"orange 7 time"``), one per player, for the
    first play and, if given, the second; for worked examples and tests."""
    for step in (first, second):
        if step is None:
            break
        for p, spec in enumerate(step):
            parts = spec.split()
            want = (parts[0], int(parts[1]), len(parts) == 3)
            card = next((c for c in game.hands[p] if (c.colour, c.value, c.time) == want), None)
            if card is None:
                raise ValueError(f"{game.names[p]} holds no {spec!r}")
            game.play(game.deck.commit[p][card.id])
    return game


GAME = StarsGame


def demo(seed: int = 0) -> StarsGame:
    """A complete seeded game of four bots: random, two rule-of-thumb players, Monte Carlo."""
    game = StarsGame.new(4, seed, names=["Random", "Thumb A", "Thumb B", "Monte Carlo"])
    play_bots(game, [RandomBot(), RuleOfThumbBot(), RuleOfThumbBot(), MonteCarloBot(rollouts=120)],
              random.Random(seed))
    return game
