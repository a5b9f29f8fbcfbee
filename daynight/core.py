"""The contract shared by the four games: the explained event log, seeded randomness and
the :class:`Game` base class, with the errors and the record readers every game uses.

Everything here is standard library only, so ``import daynight`` stays light (no
ipywidgets, plotly, pandas or numpy). A game imports all of it from here; it lives in three
modules, one direction: :mod:`daynight.errors` (the errors, and :func:`shown`), then
:mod:`daynight.reading` (the bounds of a record, the checks of its text, :class:`Reader`),
then this one.

Design (see ``shared/research/style-and-speed.md``): python-chess's two-tier move API and
PokerKit's "verify before you mutate". A game implements

* ``legal_moves(player=None)`` -- every move that :meth:`Game.play` would accept now, kept
                                  as it is returned in :attr:`Game.offered`;
* ``_check(move)``             -- raises :class:`IllegalMoveError` naming the rule, changes nothing;
* ``_apply(move)``             -- the unchecked fast path (rollouts), which appends events;

and the base class turns them into the one ``play``, ``can_play`` and ``why_illegal``, keeps
the list of accepted moves, and writes and reads records (through the game package's records
module, :attr:`Game.records`).
"""

from __future__ import annotations

import json
import os
import pickle
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

from .errors import DaynightError, GameOverError, IllegalMoveError, InvalidRecordError, shown
from .reading import (
    MAX_DEPTH,
    MAX_INT,
    MAX_MOVES,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_RECORD_BYTES,
    MAX_STRING,
    RECORD_FORMAT,
    RECORD_VERSION,
    Reader,
    check_record,
    load_record,
    parse_record,
    read_header,
    short,
)

__all__ = [
    "MAX_DEPTH",
    "MAX_INT",
    "MAX_MOVES",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_RECORD_BYTES",
    "MAX_STRING",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "DaynightError",
    "Event",
    "EventLog",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "InvalidRecordError",
    "Reader",
    "Seed",
    "check_record",
    "load_record",
    "make_rng",
    "parse_record",
    "read_header",
    "shown",
]


# ---------------------------------------------------------------------------
# The explained event log
# ---------------------------------------------------------------------------

_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event(NamedTuple):
    """One thing that happened, explained for a learner (an immutable value).

    ``who``  -- the player it concerns, or ``None`` for the game itself;
    ``what`` -- a short machine-readable kind, e.g. ``"flip"`` or ``"transform"``;
    ``rule`` -- the rule that fired, by name (and number where the rules have numbers);
    ``text`` -- one sentence a learner can read;
    ``data`` -- optional details for charts and tests (JSON-compatible values).

    A named tuple rather than a frozen dataclass: events are made on every rule that fires,
    and a tuple is built about three times faster.
    """

    who: str | None
    what: str
    rule: str
    text: str
    data: Mapping[str, Any] = _NO_DATA

    def to_json(self) -> dict[str, Any]:
        return {"who": self.who, "what": self.what, "rule": self.rule, "text": self.text, "data": dict(self.data)}

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


_new_event = tuple.__new__


class EventLog(Sequence[Event]):
    """An append-only list of :class:`Event` with a few reading helpers."""

    __slots__ = ("enabled", "events")

    def __init__(self, events: Iterable[Event] = (), *, enabled: bool = True):
        #: the log's own list, for an engine's hot path: append prebuilt events to it, read its
        #: length and tail; never remove or reorder (the log is append-only). A plain attribute,
        #: not a property: :meth:`Game.play` reads it on every explained move
        self.events: list[Event] = list(events)
        #: rollouts switch explanations off for speed; ``add`` then does nothing
        self.enabled = enabled

    def add(self, who: str | None, what: str, rule: str, text: str, **data: Any) -> None:
        if self.enabled:
            self.events.append(_new_event(Event, (who, what, rule, text, data)))

    def append(self, event: Event) -> None:
        self.events.append(event)

    def __getitem__(self, index: Any) -> Any:  # an Event, or a list of them for a slice
        return self.events[index]

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return self.events == other.events
        return NotImplemented

    def since(self, n: int) -> list[Event]:
        return self.events[n:]

    def of_kind(self, what: str) -> list[Event]:
        return [e for e in self.events if e.what == what]

    def explain(self, start: int = 0) -> str:
        """The log as numbered sentences, one per line."""
        return "\n".join(f"{i:4d}. {e}" for i, e in enumerate(self.events[start:], start))

    def to_json(self) -> list[dict[str, Any]]:
        return [e.to_json() for e in self.events]

    def __repr__(self) -> str:
        return f"EventLog(<{len(self.events)} events>)"


# ---------------------------------------------------------------------------
# Seeded randomness
# ---------------------------------------------------------------------------

Seed = int | random.Random | None


def make_rng(seed: Seed) -> tuple[random.Random, int | None]:
    """Return ``(rng, seed_to_record)``.

    * an ``int`` gives ``random.Random(seed)`` and is recorded;
    * a ``random.Random`` is used as it is (nothing to record: the game then records its
      explicit deck order or position instead);
    * ``None`` draws a fresh seed from the operating system and records it, so even an
      unseeded game can be replayed.

    The module-level ``random`` functions are never used.
    """
    if isinstance(seed, random.Random):
        return seed, None
    if seed is None:
        seed = secrets.randbits(48)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, a random.Random or None, not {seed!r}")
    return random.Random(seed), seed


# ---------------------------------------------------------------------------
# The game base class
# ---------------------------------------------------------------------------


class Game(ABC):
    """Base of every engine.

    Subclasses set ``name`` (the registry key, e.g. ``"stars"``) and implement the abstract
    methods. ``self.log`` is the explained :class:`EventLog`; ``self.history`` the accepted
    moves in order, which with the setup make the record.
    """

    name: ClassVar[str] = "game"
    title: ClassVar[str] = "a game"

    log: EventLog
    history: list[Any]
    #: the moves :meth:`legal_moves` returned last in this state: each engine's ``legal_moves``
    #: sets it as it returns them (``self.offered = moves``), :meth:`play` accepts one of them by
    #: identity without asking :meth:`_check` and forgets them once any move is applied. Measured
    #: with callgrind (PYTHONHASHSEED=0): a random 4-player stars game costs 2.11M instructions
    #: with it, 2.36M when play asked ``legal_moves`` of the mover again (2.13M when stars had a
    #: ``play`` of its own); a temples turn 175k against 187k (176k). Stepping a game with the
    #: unchecked :meth:`_apply` (rollouts on a copy) leaves it stale: call ``legal_moves`` first.
    offered: tuple[Any, ...] = ()

    # -- to implement ------------------------------------------------------------
    @abstractmethod
    def legal_moves(self, player: Any = None) -> tuple[Any, ...]:
        """Every move :meth:`play` accepts now (for ``player`` only, when given)."""

    @abstractmethod
    def _check(self, move: Any) -> None:
        """Raise :class:`IllegalMoveError` naming the rule if ``move`` is not legal now.

        The end of the game first: once the game is over, every move is refused with
        :meth:`game_over_error` (core's :meth:`play` asks no ``is_over`` of its own; the
        conformance check plays the last moves again after the end). Must not change anything."""

    @abstractmethod
    def _apply(self, move: Any) -> None:
        """Carry out ``move`` without checking it.

        .. warning:: unchecked -- the fast path for rollouts; an illegal move corrupts the state.
        """

    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def to_players(self) -> tuple[Any, ...]:
        """The players who may move now (several at once in a simultaneous step)."""

    @abstractmethod
    def summary(self) -> str:
        """A few lines describing the current state for people (the CLI prints it)."""

    def state_json(self) -> dict[str, Any]:
        """A JSON description of the current state (``daynight replay --json``)."""
        return {"over": self.is_over(), "summary": self.summary()}

    def view(self, player: Any) -> Any:
        """What ``player`` may see. Games with hidden information (hands, face-down cards,
        draw piles) override this so that no other player's secret is in it; bots and hints
        must decide from a view only."""
        return self.state_json()

    def describe(self) -> str:
        """A compact state string used in error messages."""
        return f"{self.name}, move {len(self.history)}"

    # -- provided ------------------------------------------------------------------
    def play(self, move: Any) -> list[Event]:
        """Check ``move``, then carry it out; returns the events it caused.

        The only ``play`` of every game (no engine overrides it; the conformance check fails
        if one does). A move that is, by identity, one of the moves :meth:`legal_moves` has just
        offered (:attr:`offered`: what every bot, app and rollout plays, since engines build
        each move once) is accepted at a glance; anything else goes through :meth:`_check`,
        which names the rule it breaks or lets a legal move that was built anew pass. Nothing is
        offered after the end, and every engine's ``_check`` refuses a move after the end first,
        so ``play`` asks no ``is_over`` of its own.

        :raises GameOverError: the game has ended (raised by ``_check``).
        :raises IllegalMoveError: the rules do not allow ``move`` now (the message names the
            rule); nothing was changed.
        """
        offered = self.offered
        if not offered:  # a move built anew (a record, a script): no loop, no iterator made
            self._check(move)  # it refuses every move once the game is over, first
        else:
            for m in offered:  # every move's path: no call, no generator
                if m is move:
                    break
            else:
                self._check(move)
        # the state changes: what was legal is no longer known. Cleared after every move, also when
        # nothing was offered before it: an engine's _check may ask legal_moves, which fills it
        # (cleared only when it held moves, a repeated temples move was then taken at a glance from
        # the stale tuple: tests/test_fuzz_games.py found it)
        self.offered = ()
        if not self.log.enabled:  # rollouts: nothing to explain, nothing to return
            self._apply(move)
            self.history.append(move)
            return []
        events = self.log.events
        start = len(events)
        self._apply(move)
        self.history.append(move)
        return events[start:]

    def offers(self, move: Any) -> bool:
        """True when ``move`` is, by identity, one of the moves :meth:`legal_moves` has offered
        in this state (:attr:`offered`), so :meth:`play` accepts it without asking
        :meth:`_check`. Never an error: a move of the wrong shape is not offered."""
        return any(m is move for m in self.offered)

    def game_over_error(self) -> GameOverError:
        """The refusal of every move once the game is over: each engine's :meth:`_check`
        raises it before anything else (``if self.is_over(): raise self.game_over_error()``)."""
        return GameOverError(
            "the game is over; no more moves can be played", rule="end of the game", state=self.describe()
        )

    def why_illegal(self, move: Any) -> str | None:
        """The reason ``move`` is not allowed now, or ``None`` if it is."""
        try:
            self._check(move)
        except IllegalMoveError as exc:
            return str(exc)
        return None

    def can_play(self, move: Any) -> bool:
        return self.why_illegal(move) is None

    def copy(self) -> Game:
        """An independent copy (the default pickles; games may override with something faster)."""
        return pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))

    def snapshot(self) -> bytes:
        """Bytes that change whenever any part of the state changes (used by the conformance
        test to prove an illegal move changed nothing)."""
        if not hasattr(self, "__dict__"):
            return pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL)
        state = {k: v for k, v in self.__dict__.items() if k != "offered"}  # what was offered is no state
        return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)

    # -- records -------------------------------------------------------------------
    def options_record(self) -> dict[str, Any]:
        """The named rule options in force, as JSON (they are also part of the setup, so a
        record replays under the same rules; apps and notebooks show them)."""
        return {}

    #: the module (or object) that writes and reads this game's records: ``setup_record(game)``,
    #: ``from_setup(cls, reader)``, ``move_to_json(game, move)``, ``move_from_json(game, reader)``.
    #: Records sit above the engine (they import it), so each game package binds its records
    #: module here in its ``__init__`` (``Game.records = records``); the hand-off is this, once.
    records: ClassVar[Any] = None

    def setup_record(self) -> dict[str, Any]:
        """The JSON setup from which :meth:`from_setup` rebuilds the starting state."""
        return self.records.setup_record(self)

    @classmethod
    def from_setup(cls, setup: Reader) -> Game:
        """Build the starting state from a record's ``setup`` (validating every field)."""
        return cls.records.from_setup(cls, setup)

    def move_to_json(self, move: Any) -> Any:
        """A move as a JSON value."""
        return self.records.move_to_json(self, move)

    def move_from_json(self, value: Reader) -> Any:
        """Parse a move of this game from a record (``InvalidRecordError`` naming the path)."""
        return self.records.move_from_json(self, value)

    def to_record(self) -> dict[str, Any]:
        """The whole game as a JSON-compatible dict: replaying it gives this exact state."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.name,
            "setup": self.setup_record(),
            "moves": [self.move_to_json(m) for m in self.history],
        }

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_record(), indent=indent, ensure_ascii=False)

    def save(self, path: str) -> None:
        """Write the record to ``path`` (written to a temporary file first, so a failure
        never leaves half a record behind)."""
        import tempfile  # lazy: 4 ms of import daynight's 17 ms (python -X importtime); only save writes files

        directory = os.path.dirname(os.path.abspath(path))
        fd, tmp = tempfile.mkstemp(dir=directory, suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(self.to_json())
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    @classmethod
    def from_record(
        cls, record: Mapping[str, Any], *, upto: int | None = None, on_move: Callable[[Game, int], None] | None = None
    ) -> Game:
        """Rebuild a game from a record, replaying every move (or the first ``upto``).

        A malformed field raises :class:`InvalidRecordError` naming its path (the bounds,
        ``MAX_*``, are checked first); a setup or a move the rules refuse raises
        :class:`InvalidRecordError` naming ``$.setup`` or ``$.moves[i]`` and the rule.
        ``on_move(game, i)`` is called after each replayed move.
        """
        check_record(record)
        r = read_header(record)
        r.only("format", "version", "game", "setup", "moves", "meta")
        game_name = r.str("game")
        if game_name != cls.name:
            raise r.error(f"this is a {short(game_name)} record, not {cls.name!r}", "game")
        moves = r.list("moves", [])
        if len(moves) > MAX_MOVES:
            raise r.error(f"{len(moves):,} moves; a record holds at most {MAX_MOVES:,}", "moves")
        try:
            game = cls.from_setup(r.obj("setup"))
        except IllegalMoveError as exc:
            raise InvalidRecordError(r.at("setup"), f"setup refused: {exc.reason}", rule=exc.rule) from None
        for i, mr in enumerate(moves if upto is None else moves[:upto]):
            try:
                move = game.move_from_json(mr)
                game.play(move)
            except DaynightError as exc:
                if isinstance(exc, IllegalMoveError):
                    exc = InvalidRecordError(mr.path, f"move refused: {exc.reason}", rule=exc.rule)
                exc.replayed = i  # type: ignore[attr-defined]  # moves before this one are good
                raise exc from None
            if on_move is not None:
                on_move(game, i)
        return game

    @classmethod
    def from_json(cls, text: str) -> Game:
        return cls.from_record(parse_record(text))
