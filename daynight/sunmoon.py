"""Sonne und Mond (日與夜; Drei Hasen in der Abendsonne 2012, Rüttinger & Zeimet).

2-4 players build ascending rows of sun and moon cards, cut other players' rows with
eclipses, restore eclipsed places, and harvest five or more adjacent uncovered cards of
their own rows. The seed (``shared/seeds/004_a35d5161f660a4cb.txt``, a Traditional Chinese
play report) is the authority; where it is silent a named option of :class:`Options`
decides (each default is explained in ``notebooks/sunmoon/rules.ipynb``).

>>> game = SunMoon.new(players=3, seed=7)
>>> len(game.hands[0]), game.to_players()
(5, (0,))
>>> move = game.legal_moves()[0]
>>> events = game.play(move)
>>> demo(1).is_over()
True

The deck: sun 1-29, moon 1-29, five solar and five lunar eclipses (68 cards). Which
numbered cards show an animal is read from ``daynight/data/sunmoon_animals.csv`` (every row
says whether it is attested or reconstructed); nothing else in the package decides it.

Moves (frozen, interned values; build them with the helper functions or take them from
:meth:`SunMoon.legal_moves`):

* :class:`Place` -- a numbered card at an end of a row (``at`` is the insertion index:
  ``0`` the left end, ``len(row)`` the right end; ``0`` into an empty row starts it);
* :class:`Cover` -- an eclipse on top of a card of its kind (``slot`` is the place);
* :class:`Restore` -- a numbered card on top of an eclipsed place that it fits;
* :class:`Harvest` -- take an own row's run of five or more adjacent uncovered cards;
* :class:`SelfDestruct` -- only when nothing can be played anywhere and nothing harvested.
"""

from __future__ import annotations

import csv
import json
import random
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from .core import EventLog, Game, IllegalMoveError, Reader, Seed, make_rng

__all__ = [
    "Card", "CARDS", "KINDS", "ECLIPSE_NAME", "Options", "OPTION_CHOICES", "load_animals",
    "Place", "Cover", "Restore", "Harvest", "SelfDestruct", "SunMoon", "GAME", "demo",
    "card", "RandomBot", "RuleOfThumbBot", "MonteCarloBot", "BOTS", "play_bots", "tournament",
]

KINDS = ("sun", "moon")
ECLIPSE_NAME = {"sun": "solar eclipse", "moon": "lunar eclipse"}
TOP_VALUE = 29
ECLIPSES_PER_KIND = 5
HAND_SIZE = 5
HARVEST_MIN = 5
DATA = Path(__file__).resolve().parent / "data" / "sunmoon_animals.csv"


# ---------------------------------------------------------------------------
# Cards (68 interned objects, compared by identity)
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One of the 68 cards. ``value`` is 1-29, or 0 for an eclipse; ``animal`` is the animal
    shown on the card ('' for none), from the data file."""

    id: int
    kind: str
    value: int
    eclipse: bool
    animal: str
    name: str

    def __repr__(self) -> str:
        return f"card({self.name!r})"

    def __reduce__(self):
        return (_card_by_id, (self.id,))

    @property
    def label(self) -> str:
        """The name plus the animal, e.g. ``'sun 9 (butterfly)'``."""
        return f"{self.name} ({self.animal})" if self.animal else self.name


def load_animals(path: str | Path = DATA) -> dict[tuple[str, int], dict[str, str]]:
    """The animal table: ``(kind, value) -> {'animal', 'provenance', 'note'}`` for all 58
    numbered cards. Raises ``ValueError`` naming the line if the file is malformed."""
    table: dict[tuple[str, int], dict[str, str]] = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for line, row in enumerate(csv.DictReader(fh), start=2):
            try:
                kind, value = row["kind"], int(row["value"])
                prov = row["provenance"]
            except (KeyError, TypeError, ValueError) as exc:
                raise ValueError(f"{path}:{line}: malformed row ({exc})") from None
            if kind not in KINDS or not 1 <= value <= TOP_VALUE:
                raise ValueError(f"{path}:{line}: no card {kind} {value}")
            if prov not in ("attested", "reconstructed"):
                raise ValueError(f"{path}:{line}: provenance must be attested or reconstructed")
            if (kind, value) in table:
                raise ValueError(f"{path}:{line}: {kind} {value} listed twice")
            table[kind, value] = {"animal": (row.get("animal") or "").strip(), "provenance": prov,
                                  "note": row.get("note") or ""}
    missing = [f"{k} {v}" for k in KINDS for v in range(1, TOP_VALUE + 1) if (k, v) not in table]
    if missing:
        raise ValueError(f"{path}: no row for {', '.join(missing[:5])}")
    return table


def _build_cards() -> tuple[Card, ...]:
    animals = load_animals()
    cards: list[Card] = []
    for kind in KINDS:
        for value in range(1, TOP_VALUE + 1):
            cards.append(Card(len(cards), kind, value, False, animals[kind, value]["animal"], f"{kind} {value}"))
    for kind in KINDS:
        for i in range(1, ECLIPSES_PER_KIND + 1):
            cards.append(Card(len(cards), kind, 0, True, "", f"{ECLIPSE_NAME[kind]} {i}"))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build_cards()
_BY_NAME = {c.name: c for c in CARDS}


def _card_by_id(i: int) -> Card:
    return CARDS[i]


def card(name: str) -> Card:
    """The card called ``name``: ``'sun 28'``, ``'moon 13'``, ``'solar eclipse 2'``.

    ``'solar eclipse'`` (no number) is the first solar eclipse."""
    key = name.strip().lower()
    if key in ECLIPSE_NAME.values():
        key += " 1"
    try:
        return _BY_NAME[key]
    except KeyError:
        raise KeyError(f"no card called {name!r} (e.g. 'sun 28', 'moon 3', 'lunar eclipse 2')") from None


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
# Row helpers (a row is a list of places; a place is a stack of cards, top last)
# ---------------------------------------------------------------------------

Row = list[list[Card]]


def visible_values(row: Row) -> list[int | None]:
    """The value on top of each place, ``None`` where an eclipse lies on top."""
    return [None if s[-1].eclipse else s[-1].value for s in row]


def runs(row: Row) -> list[tuple[int, int]]:
    """``(start, length)`` of every maximal run of adjacent uncovered places."""
    out, start = [], None
    for i, s in enumerate(row):
        if s[-1].eclipse:
            if start is not None:
                out.append((start, i - start))
                start = None
        elif start is None:
            start = i
    if start is not None:
        out.append((start, len(row) - start))
    return out


def longest_run(row: Row) -> tuple[int, int]:
    """The longest run ``(start, length)`` (the leftmost of equal ones); ``(0, 0)`` if none."""
    best = (0, 0)
    for start, length in runs(row):
        if length > best[1]:
            best = (start, length)
    return best


def _ends(row: Row) -> tuple[int, int]:
    """``(lowest, highest)`` visible values at the two ends; ``(30, 0)`` when every place is
    covered (then any number fits at either end)."""
    lo, hi = TOP_VALUE + 1, 0
    for s in row:
        top = s[-1]
        if not top.eclipse:
            lo = top.value
            break
    for s in reversed(row):
        top = s[-1]
        if not top.eclipse:
            hi = top.value
            break
    return lo, hi


def _blocks(row: Row) -> list[tuple[int, int, int, int]]:
    """Groups of adjacent eclipsed places: ``(first, last, low, high)`` where a restoring
    number must lie strictly between ``low`` and ``high`` (its uncovered neighbours)."""
    out = []
    n = len(row)
    i = 0
    while i < n:
        if row[i][-1].eclipse:
            j = i
            while j + 1 < n and row[j + 1][-1].eclipse:
                j += 1
            low = row[i - 1][-1].value if i > 0 else 0
            high = row[j + 1][-1].value if j + 1 < n else TOP_VALUE + 1
            out.append((i, j, low, high))
            i = j + 1
        else:
            i += 1
    return out


def _row_info(row: Row) -> tuple[int, int, int, list, int]:
    """``(places, lowest visible, highest visible, eclipse groups, longest run)`` of a row."""
    if not row:
        return (0, 0, 0, [], 0)
    covered = False
    for s in row:
        if s[-1].eclipse:
            covered = True
            break
    if not covered:
        return (len(row), row[0][-1].value, row[-1][-1].value, [], len(row))
    lo, hi = _ends(row)
    return (len(row), lo, hi, _blocks(row), longest_run(row)[1])


def _stack_cards(row: Row) -> Iterable[Card]:
    for s in row:
        yield from s


def _numbered(cards: Iterable[Card]) -> int:
    return sum(1 for c in cards if not c.eclipse)


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

    @classmethod
    def from_setup(cls, setup: Reader) -> "SunMoon":
        """Setup records: ``{"players": 4, "seed": 7}``, ``{"players": 3, "deck": [...68
        names, top first], "reshuffle_seed": 1}`` or ``{"players": 2, "position": {...}}``.

        A position gives ``hands`` (a list of card names per player) and ``rows`` (per player
        ``{"sun": [place, ...], "moon": [...]}``, a place being a name or a list of names
        from the bottom up, e.g. ``["sun 19", "solar eclipse"]``), and optionally ``harvested``,
        ``discard``, ``draw`` (top first), ``turn``, ``extra`` and ``final_left``. Cards it does
        not mention go under the draw pile, shuffled with ``reshuffle_seed``, or with
        ``"rest": "box"`` are set aside out of play (so the draw pile is exactly ``draw``).
        Options: the names of :class:`Options`.
        """
        setup.only("players", "seed", "deck", "position", "reshuffle_seed", "options", "names")
        options = Options.from_reader(setup.obj("options")) if setup.has("options") else Options()
        names = None
        if setup.has("names"):
            names = [r.value for r in setup.list("names")]
            for i, r in enumerate(setup.list("names")):
                if not isinstance(r.value, str) or not r.value.strip():
                    raise r.error("expected a non-empty string")
        which = [k for k in ("seed", "deck", "position") if setup.has(k)]
        if len(which) != 1:
            raise setup.error("a setup has exactly one of seed, deck or position")
        if which[0] == "position":
            pos = setup.obj("position")
            players = setup.int("players", len(pos.list("hands")) if pos.has("hands") else 2, lo=2, hi=4)
        else:
            players = setup.int("players", lo=2, hi=4)
        if names is not None and len(names) != players:
            raise setup.error(f"expected {players} names", "names")
        if options.scoring == "teams" and players != 4:
            raise setup.obj("options").error("team scoring needs 4 players", "scoring")
        if which[0] == "seed":
            setup.only("players", "seed", "options", "names")
            game = cls.new(players, setup.int("seed", lo=0), options=options, names=names)
        elif which[0] == "deck":
            setup.only("players", "deck", "reshuffle_seed", "options", "names")
            names_list = setup.list("deck")
            cards = [_read_card(r) for r in names_list]
            seen: dict[int, int] = {}
            for i, c in enumerate(cards):
                if c.id in seen:
                    raise names_list[i].error(f"{c.name} is listed twice")
                seen[c.id] = i
            if len(cards) != len(CARDS):
                raise setup.error(f"a deck lists all {len(CARDS)} cards, got {len(cards)}", "deck")
            game = cls.from_deck(players, cards, reshuffle_seed=setup.int("reshuffle_seed", 0, lo=0),
                                 options=options, names=names)
        else:
            game = cls(players, options=options, names=names)
            game._read_position(setup.obj("position"), setup.int("reshuffle_seed", 0, lo=0))
        if setup.has("options"):
            game._setup["options"] = options.to_json()
        if names is not None:
            game._setup["names"] = names
        return game

    def _read_position(self, pos: Reader, reshuffle_seed: int) -> None:
        pos.only("hands", "rows", "harvested", "discard", "draw", "rest", "turn", "extra", "final_left")
        used: set[int] = set()
        eclipse_next = {k: 1 for k in KINDS}

        def take(r: Reader) -> Card:
            value = r.value
            if not isinstance(value, str):
                raise r.error(f"expected a card name, got {value!r}")
            key = value.strip().lower()
            if key in ECLIPSE_NAME.values():
                kind = "sun" if key == "solar eclipse" else "moon"
                while eclipse_next[kind] <= ECLIPSES_PER_KIND and \
                        _BY_NAME[f"{key} {eclipse_next[kind]}"].id in used:
                    eclipse_next[kind] += 1
                if eclipse_next[kind] > ECLIPSES_PER_KIND:
                    raise r.error(f"there are only {ECLIPSES_PER_KIND} {key}s")
                c = _BY_NAME[f"{key} {eclipse_next[kind]}"]
            else:
                c = _read_card(r)
            if c.id in used:
                raise r.error(f"{c.name} is used twice in the position")
            used.add(c.id)
            return c

        n = self.n
        hands = pos.list("hands", [])
        if len(hands) not in (0, n):
            raise pos.error(f"expected {n} hands", "hands")
        for p, hr in enumerate(hands):
            self.hands[p] = [take(Reader(v, f"{hr.path}[{i}]")) for i, v in enumerate(_as_list(hr))]
        rows = pos.list("rows", [])
        if len(rows) not in (0, n):
            raise pos.error(f"expected {n} row pairs", "rows")
        for p, rr in enumerate(rows):
            rr.only(*KINDS)
            for kind in KINDS:
                if not rr.has(kind):
                    continue
                row: Row = []
                for i, place in enumerate(rr.list(kind)):
                    items = place.value if isinstance(place.value, list) else [place.value]
                    if not items:
                        raise place.error("an empty place")
                    stack = [take(Reader(v, f"{place.path}[{j}]" if isinstance(place.value, list) else place.path))
                             for j, v in enumerate(items)]
                    for j, c in enumerate(stack):
                        if c.kind != kind:
                            raise place.error(f"{c.name} cannot lie in a {kind} row")
                        if j == 0 and c.eclipse:
                            raise place.error("an eclipse must lie on a numbered card")
                        if j > 0 and not c.eclipse and not stack[j - 1].eclipse:
                            raise place.error(f"{c.name} can only lie on an eclipse (a restored place)")
                        if j > 0 and c.eclipse and stack[j - 1].eclipse and not self.options.eclipse_on_eclipse:
                            raise place.error("an eclipse cannot lie on an eclipse (option eclipse_on_eclipse)")
                    row.append(stack)
                values = [v for v in visible_values(row) if v is not None]
                if any(a >= b for a, b in zip(values, values[1:])):
                    raise rr.error(f"the visible numbers must ascend from left to right, got {values}", kind)
                self.rows[p][kind] = row
        harvested = pos.list("harvested", [])
        if len(harvested) not in (0, n):
            raise pos.error(f"expected {n} score piles", "harvested")
        for p, hr in enumerate(harvested):
            self.harvested[p] = [take(Reader(v, f"{hr.path}[{i}]")) for i, v in enumerate(_as_list(hr))]
        self.discard = [take(r) for r in pos.list("discard", [])]
        top_first = [take(r) for r in pos.list("draw", [])]
        rest = [c for c in CARDS if c.id not in used]
        self.rng = random.Random(reshuffle_seed)
        if pos.str("rest", "draw", choices=("draw", "box")) == "box":
            self.box = rest          # out of play: the draw pile is exactly ``draw``
            rest = []
        self.rng.shuffle(rest)
        self.draw_pile = list(reversed(top_first + rest))
        self.turn = pos.int("turn", 0, lo=0, hi=n - 1)
        self.extra = pos.bool("extra", False)
        final_left = pos.get("final_left", "an integer", None)
        if final_left is not None and not 1 <= final_left <= n:
            raise pos.error(f"{final_left} is outside 1..{n}", "final_left")
        self.final_left = final_left
        self._setup = {"position": json.loads(json.dumps(pos.value)), "reshuffle_seed": reshuffle_seed,
                       "players": n}
        self._rinfo = [None] * (2 * n)
        if self.extra and not self._plays(self.turn) and self.options.animal_without_follow_up == "skip":
            raise pos.error("an extra play after an animal card is pending, but no card fits anywhere",
                            "extra")
        if self.log.enabled:
            self.log.add(None, "setup", "setup",
                         f"A prepared position with {n} players; {self.names[self.turn]} is to move.",
                         players=n, draw=len(self.draw_pile))
        self._begin_turn()

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
    def setup_record(self) -> dict[str, Any]:
        rec = {"players": self.n, **self._setup}
        if "options" not in rec and self.options != Options():
            rec["options"] = self.options.to_json()
        if "names" not in rec and self.names != [f"Player {i + 1}" for i in range(self.n)]:
            rec["names"] = list(self.names)
        return rec

    def options_record(self) -> dict[str, Any]:
        return self.options.to_json()

    def move_to_json(self, move: Move) -> dict[str, Any]:
        if isinstance(move, SelfDestruct):
            return {"player": move.player, "self_destruct": True}
        if isinstance(move, Harvest):
            return {"player": move.player, "harvest": move.row, "owner": move.owner}
        if isinstance(move, Place):
            return {"player": move.player, "place": move.card.name, "owner": move.owner, "row": move.row,
                    "at": move.at}
        verb = "cover" if isinstance(move, Cover) else "restore"
        return {"player": move.player, verb: move.card.name, "owner": move.owner, "row": move.row,
                "slot": move.slot}

    def move_from_json(self, value: Reader) -> Move:
        player = value.int("player", lo=0, hi=self.n - 1)
        if value.has("self_destruct"):
            value.only("player", "self_destruct")
            if value.bool("self_destruct") is not True:
                raise value.error("expected true", "self_destruct")
            return _interned(SelfDestruct, player)
        if value.has("harvest"):
            value.only("player", "harvest", "owner")
            return _interned(Harvest, player, value.int("owner", player, lo=0, hi=self.n - 1),
                             value.str("harvest", choices=KINDS))
        for verb, cls, pos in (("place", Place, "at"), ("cover", Cover, "slot"), ("restore", Restore, "slot")):
            if value.has(verb):
                value.only("player", verb, "owner", "row", pos)
                c = _read_card(Reader(value.get(verb, "a string"), f"{value.path}.{verb}"))
                return _card_move(cls, player, c, value.int("owner", lo=0, hi=self.n - 1),
                                  value.str("row", choices=KINDS), value.int(pos, lo=0, hi=200))
        raise value.error("expected one of place, cover, restore, harvest or self_destruct")

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


def _as_list(r: Reader) -> list:
    if not isinstance(r.value, list):
        raise r.error(f"expected a list of card names, got {r.value!r}")
    return r.value


def _read_card(r: Reader) -> Card:
    if not isinstance(r.value, str):
        raise r.error(f"expected a card name, got {r.value!r}")
    try:
        return card(r.value)
    except KeyError as exc:
        raise r.error(str(exc.args[0])) from None


GAME = SunMoon


# ---------------------------------------------------------------------------
# Bots: choose(view, legal_moves, rng) -> move
# ---------------------------------------------------------------------------


class RandomBot:
    """Any legal move, uniformly."""

    name = "random"

    def choose(self, view: dict, legal: Sequence[Move], rng: random.Random) -> Move:
        return legal[rng.randrange(len(legal))]

    __call__ = choose


def _view_rows(view: dict) -> list[dict[str, Row]]:
    return [{k: [[_BY_NAME[x] for x in s] for s in view["rows"][p][k]] for k in KINDS}
            for p in range(view["players"])]


def _opponents(view: dict) -> list[int]:
    me, n = view["me"], view["players"]
    if view["options"]["scoring"] == "teams":
        return [p for p in range(n) if p % 2 != me % 2]
    return [p for p in range(n) if p != me]


class RuleOfThumbBot:
    """Harvest when possible (the bigger row); block the leader with an eclipse when an
    opponent's row threatens a harvest; otherwise extend own rows with the smallest gap
    (keeping room for later cards), restore own rows, and dump what is left where it helps
    opponents least."""

    name = "rule of thumb"

    def choose(self, view: dict, legal: Sequence[Move], rng: random.Random) -> Move:
        harvests = [m for m in legal if isinstance(m, Harvest)]
        rows = _view_rows(view)
        me = view["me"]
        if harvests:
            return max(harvests, key=lambda m: longest_run(rows[me][m.row])[1])
        opponents = _opponents(view)
        mates = [p for p in range(view["players"]) if p not in opponents]
        points = [sum(1 for x in h if "eclipse" not in x) for h in view["harvested"]]
        best, best_score = legal[0], float("-inf")
        for m in legal:
            s = self.score(m, rows, me, mates, points)
            s += rng.random() * 0.01  # break ties at random
            if s > best_score:
                best, best_score = m, s
        return best

    @staticmethod
    def score(m: Move, rows: list[dict[str, Row]], me: int, mates: list[int], points: list[int]) -> float:
        if isinstance(m, SelfDestruct):
            return -100.0
        if isinstance(m, Harvest):
            return 50.0 + longest_run(rows[m.owner][m.row])[1]
        row = rows[m.owner][m.row]
        friendly = m.owner in mates
        if isinstance(m, Cover):
            run_start, run_len = longest_run(row)
            if friendly:
                return -30.0
            in_run = run_start <= m.slot < run_start + run_len
            if not in_run:
                return -10.0
            middle = run_start + run_len // 2
            threat = run_len * 4 + points[m.owner]  # block the leader
            return (threat if run_len >= 4 else run_len) - abs(m.slot - middle)
        c = m.card
        bonus = 1.5 if c.animal else 0.0
        if isinstance(m, Restore):
            return (25.0 if friendly else -8.0) + bonus
        if not row:
            return (6.0 if friendly else -6.0) + bonus
        lo, hi = _ends(row)
        gap = (lo - c.value) if m.at == 0 else (c.value - hi)
        if lo == 0 and hi == TOP_VALUE + 1:
            gap = 5
        if friendly:
            return 20.0 - gap * 0.7 + bonus
        # on an opponent's row: prefer rows that are far from a harvest, and big jumps
        run = longest_run(row)[1]
        return -5.0 - 3.0 * run + gap * 0.2 + bonus

    __call__ = choose


class MonteCarloBot:
    """For each legal move, play ``rollouts`` continuations from determinizations of its own
    view (other hands and the draw pile dealt at random; see :meth:`SunMoon.from_view`) to the
    end with a light policy (:func:`_rollout`) and pick the move with the best mean margin (own
    score minus the best opponent's; team totals with team scoring). Moves are pre-ranked by
    the rule of thumb and only the best ``width`` are sampled."""

    name = "Monte Carlo"

    def __init__(self, rollouts: int = 24, width: int = 6):
        self.rollouts = rollouts
        self.width = width

    def choose(self, view: dict, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        rows = _view_rows(view)
        me = view["me"]
        opponents = _opponents(view)
        mates = [p for p in range(view["players"]) if p not in opponents]
        points = [sum(1 for x in h if "eclipse" not in x) for h in view["harvested"]]
        ranked = sorted(legal, key=lambda m: -RuleOfThumbBot.score(m, rows, me, mates, points))
        candidates = ranked[: self.width]
        best, best_value = candidates[0], float("-inf")
        for m in candidates:
            total = 0.0
            for _ in range(self.rollouts):
                g = SunMoon.from_view(view, rng)
                g._apply(m)
                _rollout(g, rng)
                s = g.scores()
                mine = sum(s[p] for p in mates)
                theirs = max(s[p] for p in opponents) if view["options"]["scoring"] != "teams" \
                    else sum(s[p] for p in opponents)
                total += mine - theirs
            value = total / self.rollouts
            if value > best_value:
                best, best_value = m, value
        return best

    __call__ = choose


def _rollout(g: SunMoon, rng: random.Random, limit: int = 5000) -> None:
    """Play ``g`` to the end, unchecked and unexplained, with a light policy: harvest when
    possible; otherwise three times in four a random play into the mover's own rows (no
    eclipse there), else any random legal move. (Uniformly random continuations made the
    Monte Carlo bot no better than the rule of thumb; this policy is closer to how people play.)"""
    steps = 0
    random_ = rng.random
    randrange = rng.randrange
    while not g.over and steps < limit:
        moves = g._legal or g._compute_legal()
        last = moves[-1]
        if type(last) is Harvest:
            g._apply(last)
        else:
            if random_() < 0.75:
                p = g.turn
                own = [m for m in moves if type(m) is not SelfDestruct and type(m) is not Cover and m.owner == p]
                if own:
                    g._apply(own[randrange(len(own))])
                    steps += 1
                    continue
            g._apply(moves[randrange(len(moves))])
        steps += 1


BOTS: dict[str, Callable[[], Any]] = {
    "random": RandomBot,
    "rule of thumb": RuleOfThumbBot,
    "Monte Carlo": MonteCarloBot,
}


def _bot_label(bot: Any, seat: int) -> str:
    name = getattr(bot, "name", "bot")
    return f"{name[0].upper()}{name[1:]} {seat + 1}"


def play_bots(bots: Sequence[Any], seed: int, *, options: Options | None = None,
              explain: bool = True) -> SunMoon:
    """A complete seeded game, seat ``i`` played by ``bots[i]`` (each decides from its own view)."""
    game = SunMoon.new(len(bots), seed, options=options,
                       names=[_bot_label(b, i) for i, b in enumerate(bots)],
                       explain=explain)
    rng = random.Random(seed * 7919 + 1)
    while not game.is_over():
        p = game.turn
        move = bots[p].choose(game.view(p), game.legal_moves(), rng)
        game.play(move)
    return game


def tournament(lineup: Sequence[str], seeds: Iterable[int], *, options: Options | None = None,
               make: Callable[[str], Any] | None = None) -> list[dict[str, Any]]:
    """Bot against bot over seeded games; the seats rotate with the seed so no bot keeps the
    first seat. One row per bot per game: ``seed, seat, bot, score, harvested, won``."""
    make = make or (lambda name: BOTS[name]())
    out = []
    n = len(lineup)
    for seed in seeds:
        shift = seed % n
        seating = [lineup[(i + shift) % n] for i in range(n)]
        game = play_bots([make(b) for b in seating], seed, options=options, explain=False)
        table = game.score_table()
        winners = game.winners()
        for seat, bot in enumerate(seating):
            won = (game.team_of(seat) in winners) if game.options.scoring == "teams" else seat in winners
            out.append({"seed": seed, "seat": seat, "bot": bot, "score": table[seat]["total"],
                        "harvested": table[seat]["harvested"], "won": won, "shared": len(winners) > 1})
    return out


def demo(seed: int) -> SunMoon:
    """A complete seeded game: four rule-of-thumb bots."""
    return play_bots([RuleOfThumbBot() for _ in range(4)], seed)
