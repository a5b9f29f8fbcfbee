"""mtg: the state of one table (players, turns, the designation, the battlefield) and how it is read.

:class:`State` holds everything the day/night rules follow, in slots; the engine's layers
build on it in the rule book's order (:mod:`~daynight.mtg.changes`: a change of designation
and transforming; :mod:`~daynight.mtg.battlefield`: permanents entering, leaving and what
applies to them; :mod:`~daynight.mtg.turns`: turns, spells and triggers; then
:mod:`~daynight.mtg.engine`, the game: its moves, the checks and the views).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..core import Event, EventLog, Game, IllegalMoveError
from .data import Citations, citations
from .moves import Options
from .permanent import Permanent, Trigger
from .rules import DESIGNATIONS, NEITHER, designation_of, next_in_turn_order

#: the most permanents the tracker follows at once (a record is read from a file)
MAX_PERMANENTS = 500

#: the default rule options, one frozen value shared by every game that names none. Measured
#: (callgrind, ``PYTHONHASHSEED=0``, 2026-12-02): a new two-player game, built and dropped, costs
#: 23,100 instructions against 31,750 when each built its own ``Options()`` (and ``voice``'s cache
#: compared it with the table's), 216 a turn of ``benchmarks/bench_mtg.py``'s 40-turn games
DEFAULT_OPTIONS = Options()

Teams = tuple[tuple[str, tuple[str, ...]], ...]
#: who sits where: (index of each player, teams, turn order, the players of each seat, the
#: seat of each player or team, the seat after each seat)
Seating = tuple[
    dict[str, int], Teams | None, tuple[str, ...], tuple[tuple[int, ...], ...], dict[str, int], tuple[int, ...]
]


#: a cache: the seating of a table is read by each of its games (measured on
#: ``benchmarks/bench_mtg.py``, callgrind, 2026-12-01: working it out anew for each 40-turn game
#: costs 670 instructions per turn more, 2% of ``mtg.untap_checks``); read-only
@lru_cache(maxsize=256)
def seating(players: tuple[str, ...], teams: Teams | None) -> Seating:
    """Who sits where: ``(index of each player, teams, turn order, the players of each seat,
    the seat of each player or team, the seat after each seat)``, checked. With shared team
    turns a seat is a team (805.4)."""
    if not players:
        raise IllegalMoveError("a game needs at least one player", rule="Players, CR 102")
    for p in players:
        if not isinstance(p, str) or not p.strip():
            raise IllegalMoveError(f"a player needs a name, not {p!r}", rule="Players, CR 102")
    if len(set(players)) != len(players):
        raise IllegalMoveError("two players have the same name", rule="Players, CR 102")
    index = {p: i for i, p in enumerate(players)}
    if teams:
        check_teams(players, teams)
        order = tuple(t[0] for t in teams)
        seats = tuple(tuple(index[p] for p in t[1]) for t in teams)
    else:
        teams, order, seats = None, players, tuple((i,) for i in range(len(players)))
    slot = {who: i for i, who in enumerate(order)}
    successor = tuple(next_in_turn_order(len(order), i) for i in range(len(order)))
    return index, teams, order, seats, slot, successor


def check_teams(players: tuple[str, ...], teams: Teams) -> None:
    """805.4: with shared team turns every player is on exactly one team, and each team has a name."""
    names = [t[0] for t in teams]
    members = [t[1] for t in teams]
    seen = [p for m in members for p in m]
    if sorted(map(str, seen)) != sorted(players) or len(set(seen)) != len(seen):
        raise IllegalMoveError(
            "with shared team turns every player is on exactly one team", rule="Shared Team Turns, CR 805"
        )
    if any(not isinstance(n, str) or not n.strip() for n in names):
        raise IllegalMoveError("a team needs a name", rule="Shared Team Turns, CR 805")
    if len(set(names)) != len(names) or set(names) & set(players):
        raise IllegalMoveError(
            "team names must differ from each other and from player names", rule="Shared Team Turns, CR 805"
        )
    if any(not m for m in members):
        raise IllegalMoveError("a team needs at least one player", rule="Shared Team Turns, CR 805")


# ---------------------------------------------------------------------------
# The explained sentences of a table
# ---------------------------------------------------------------------------

_new_event = tuple.__new__  # an Event from its five fields, without NamedTuple's checks


class Voice(dict):
    """The explained events of one table (its players, teams and rule options), each kept under
    its inputs: an event that depends only on its inputs says the same sentence every time, so
    the explained log costs little more than the events themselves. Shared by the games of the
    same table (a copy or a pickled game gets the table's one again).

    A cache of the engine's explained path. Measured on ``benchmarks/bench_mtg.py``
    (``mtg.untap_checks_explained``, callgrind, 2026-12-01): without it a turn costs 88,300
    instructions instead of 49,400 (+79%)."""

    __slots__ = ("table",)
    table: tuple[Any, ...]

    def __reduce__(self) -> Any:
        return voice, self.table


#: at most this many tables keep their sentences, each at most VOICE_SIZE of them (the old
#: ones are forgotten, not wrong: a sentence not found is written again)
VOICES, VOICE_SIZE = 16, 2048


@lru_cache(maxsize=VOICES)
def voice(players: tuple[str, ...], teams: Any, options: Options) -> Voice:
    """The one :class:`Voice` of a table."""
    v = Voice()
    v.table = (players, teams, options)
    return v


def said(v: Voice, key: tuple[Any, ...], fields: tuple[Any, ...]) -> Event:
    """The event of ``fields``, kept in ``v`` under ``key`` (the inputs it was made from)."""
    if len(v) >= VOICE_SIZE:
        v.clear()
    e = v[key] = _new_event(Event, fields)
    return e


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def spells_words(n: int) -> str:
    return "no spells" if n == 0 else ("1 spell" if n == 1 else f"{n} spells")


def capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------


class State(Game):
    """The state of one table: who plays (and in which teams), the rule options, the
    designation, the turns so far and this turn's spells, the permanents the tracker follows,
    the triggered abilities waiting, and the explained log. The state lives in slots (read on
    every move of every simulation); snapshot() and pickling include them.

    One slot is core's, not state: :attr:`~daynight.core.Game.offered`. Core's play reads it
    on every move; a slot is read about 200 instructions faster than a class attribute
    (callgrind, CPython 3.11): 20,736 instructions a quiet turn of ``benchmarks/bench_mtg.py``
    against 21,222 without it and the flag core's play read then, 29,743 explained against 30,305
    (2026-12-02)."""

    __slots__ = (
        "_eot",
        "_events",
        "_next",
        "_phased",
        "_successor",
        "_upkeeps",
        "_voice",
        "_watchers",
        "active",
        "choosing",
        "copies",
        "designation",
        "end_reason",
        "history",
        "index",
        "log",
        "members",
        "next_id",
        "next_trigger",
        "offered",
        "options",
        "order",
        "over",
        "pending",
        "permanents",
        "players",
        "rules",
        "slot",
        "spells",
        "start",
        "teams",
        "turn",
        "turns",
        "upkeep_waits",
    )

    def __init__(
        self,
        players: Sequence[str],
        teams: Sequence[tuple[str, Sequence[str]]] | None = None,
        options: Options | None = None,
        *,
        designation: int | str = NEITHER,
        explain: bool = True,
    ):
        players = tuple(players)
        named = tuple((t[0], tuple(t[1])) for t in teams) if teams else None
        try:
            seats = seating(players, named)
        except TypeError:  # something that is not a name (a list, a number) cannot be hashed
            raise IllegalMoveError("players and teams are named by text", rule="Players, CR 102") from None
        self.players = players
        self.index, self.teams, self.order, self.members, self.slot, self._successor = seats
        self.options = options or DEFAULT_OPTIONS
        self.rules: Citations = citations(self.options.cr_edition)
        #: the explained events of this table, by their inputs (shared with its other games)
        self._voice = voice(players, self.teams, self.options)
        self.designation = designation_of(designation)
        self.turn = 0  # turns begun so far
        self.active: int | None = None  # index into self.order
        self.spells = [0] * len(players)  # spells cast this turn, per player
        #: copies of spells put on the stack this turn, per player (allocated at the first one)
        self.copies: list[int] | tuple[()] = ()
        #: one row per turn: (active slot, designation before its untap step, designation after
        #: it, whether its check changed it, each player's spells that turn, the turns skipped
        #: before it)
        self.turns: list[tuple[Any, ...]] = []
        self.permanents: list[Permanent] = []
        self.next_id = 1
        #: triggered abilities waiting to go on the stack or to resolve, oldest first
        self.pending: list[Trigger] = []
        self.next_trigger = 1
        #: "until end of turn" effects, phased-out permanents, upkeep triggers the tracker follows
        #: (Innistrad werewolves, Auras that enchant a player) and "whenever day becomes night"
        #: watchers on the battlefield (kept by _count: the untap step and the changes look only
        #: when there are some)
        self._eot = self._phased = self._upkeeps = self._watchers = 0
        #: Auras transforming into their "enchant player" face, waiting for their controller to
        #: choose the player (their ids, oldest first); nothing else happens until they have one
        self.choosing: list[int] = []
        #: the upkeep waits for those choices (they came in the untap step)
        self.upkeep_waits = False
        self.over = False
        self.end_reason = ""
        self.history: list[Any] = []
        #: ``explain=False`` switches the explained log off (simulations, rollouts)
        self.log = EventLog(enabled=explain)
        #: the log's own list (``EventLog.events``, a property), kept for the hot path's appends:
        #: 37,248 instructions a turn explained against 39,207 asking the property (callgrind,
        #: benchmarks/bench_mtg.py); a copy or a pickled game shares it with its log again
        self._events = self.log.events
        #: how the game started: its designation and the permanents on the battlefield
        self.start: tuple[int, tuple[Any, ...]] = (self.designation, ())
        #: the next turn in turn order (the rule :func:`next_in_turn_order`, kept after each turn)
        self._next = 0
        self.offered = ()  # core's, in a slot (the class's docstring)

    # -- reading the state ---------------------------------------------------------
    @property
    def designation_name(self) -> str:
        return DESIGNATIONS[self.designation]

    @property
    def active_name(self) -> str | None:
        return None if self.active is None else self.order[self.active]

    def active_players(self) -> tuple[str, ...]:
        return () if self.active is None else tuple(self.players[i] for i in self.members[self.active])

    def next_in_order(self) -> str:
        """Whose turn is next in turn order (extra turns do not move the turn order, 500.7)."""
        return self.order[self._next]

    def after(self, who: str) -> str:
        """Who comes after ``who`` in turn order."""
        return self.order[(self.slot[who] + 1) % len(self.order)]

    @property
    def last_turn(self) -> list[int] | None:
        """Each player's spells in the previous turn (the Innistrad werewolves look at them all)."""
        return self.turns[-2][4] if len(self.turns) > 1 else None

    def spells_this_turn(self) -> dict[str, int]:
        return {p: self.spells[i] for i, p in enumerate(self.players)}

    def permanent(self, pid: Any) -> Permanent | None:
        for p in self.permanents:
            if p.id == pid:
                return p
        return None

    def trigger(self, tid: Any) -> Trigger | None:
        for t in self.pending:
            if t.id == tid:
                return t
        return None

    def _count(self) -> None:
        """How many permanents the untap step and the changes must look at (kept up to date
        whenever the battlefield or what applies to it changes)."""
        eot = phased = upkeeps = watchers = 0
        for p in self.permanents:
            if p.effects:
                eot += sum(1 for e in p.effects if e.until_end_of_turn)
            phased += p.phased_out
            upkeeps += p.attached is not None and "enchanted upkeep" in p.triggers
            ab = p.abilities
            if not ab:
                continue
            upkeeps += "werewolf front" in ab or "werewolf back" in ab
            watchers += "change trigger" in ab
        self._eot, self._phased, self._upkeeps, self._watchers = eot, phased, upkeeps, watchers
