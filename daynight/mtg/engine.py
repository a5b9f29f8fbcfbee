"""mtg: the moves, the rule options, the state machine (:class:`DayNight`) and what a player may see."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any, Iterable, Sequence

from ..core import EventLog, Game, IllegalMoveError, Reader
from .data import _ZONE_SET, FACES, KIND_WORDS, KINDS, ZONES, PermanentSpec, _is_date, _rules_for
from .rules import _BY_NAME, DAY, DESIGNATIONS, NEITHER, NIGHT, _designation, untap_check

# ---------------------------------------------------------------------------
# Options, permanents and moves
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options:
    """Named rule options: decisions where the seed and the rules are silent or drift.

    * ``cr_edition`` -- which edition's rule numbers events cite (``"2024-06-07"``, the
      edition the seed quotes: Day and Night is rule 728 there). The rules themselves did
      not change in substance between editions, only their numbers.
    * ``check_first_turn`` -- the first turn of the game has no previous turn. Default
      ``False``: no check (as XMage does). ``True`` reads "the previous turn's active player
      didn't cast any spells" as vacuously true, so day would become night.
    * ``check_skipped_untap`` -- when a turn's untap step is skipped, is the day/night check
      made? Default ``False``: CR 614.10 says a skipped step does nothing (an inference, by
      analogy with 702.26m for phasing).
    """

    cr_edition: str = "2024-06-07"
    check_first_turn: bool = False
    check_skipped_untap: bool = False

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_reader(cls, r: Reader) -> "Options":
        r.only(*(f.name for f in fields(cls)))
        edition = r.str("cr_edition", "2024-06-07")
        if not _is_date(edition):
            raise r.error(f"expected a date YYYY-MM-DD, got {edition!r}", "cr_edition")
        return cls(cr_edition=edition, check_first_turn=r.bool("check_first_turn", False),
                   check_skipped_untap=r.bool("check_skipped_untap", False))


class Permanent:
    """A permanent on the battlefield that the tracker follows (mutable: its face changes)."""

    __slots__ = ("id", "name", "kind", "face", "back", "controller", "change_trigger",
                 "day_if_neither", "transforms")

    def __init__(self, pid: int, spec: PermanentSpec, face: str | None):
        self.id = pid
        self.name = spec.name
        self.kind = spec.kind
        self.face = face
        self.back = spec.back
        self.controller = spec.controller
        self.change_trigger = spec.change_trigger
        self.day_if_neither = spec.day_if_neither
        self.transforms = 0

    @property
    def has_daybound(self) -> bool:
        return self.face == "day"

    @property
    def has_nightbound(self) -> bool:
        return self.face == "night"

    @property
    def can_transform(self) -> bool:
        return self.kind == "dfc"

    def face_name(self) -> str:
        if self.kind == "dfc" and self.face == "night":
            return self.back or f"{self.name} (nightbound face)"
        return self.name

    def label(self) -> str:
        if self.face == "day":
            return f"#{self.id} {self.face_name()} (daybound face up)"
        if self.face == "night":
            return f"#{self.id} {self.face_name()} (nightbound face up)"
        return f"#{self.id} {self.name}"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "face": self.face,
                "face_name": self.face_name(), "back": self.back, "controller": self.controller,
                "change_trigger": self.change_trigger, "day_if_neither": self.day_if_neither,
                "transforms": self.transforms}

    def __getstate__(self):
        return tuple(getattr(self, s) for s in self.__slots__)

    def __setstate__(self, state):
        for s, v in zip(self.__slots__, state):
            setattr(self, s, v)


@dataclass(frozen=True, slots=True)
class BeginTurn:
    """``who`` (a player, or a team with shared team turns) begins a turn; its untap step
    makes the day/night check. ``extra`` marks an extra turn (500.7), which may break the
    turn order; ``untap_skipped`` marks a turn whose untap step is skipped."""

    who: str
    extra: bool = False
    untap_skipped: bool = False


@dataclass(frozen=True, slots=True)
class CastSpell:
    """``player`` casts a spell (``copy=True``: a copy is put on the stack, which is not cast).
    ``zone`` is where it was cast from; ``countered`` notes that it was countered later."""

    player: str
    spell: str = ""
    copy: bool = False
    zone: str = "hand"
    countered: bool = False


@dataclass(frozen=True, slots=True)
class Becomes:
    """An effect says "it becomes day" or "it becomes night" (``designation``)."""

    designation: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Enter:
    """Permanents enter the battlefield at the same time (usually one)."""

    permanents: tuple[PermanentSpec, ...]


@dataclass(frozen=True, slots=True)
class Leave:
    """The permanent with this id leaves the battlefield."""

    permanent: int


@dataclass(frozen=True, slots=True)
class Transform:
    """Some other effect (Moonmist, an old werewolf ability) tries to transform a permanent."""

    permanent: int
    source: str = ""


@dataclass(frozen=True, slots=True)
class EndGame:
    """The game ends (a player wins, concedes, a draw)."""

    reason: str = "the game ends"


#: explanations that depend only on their key (who, counts, designation; a cast and its
#: context), shared by every game: the explained log then costs little more than the events
_WHY: dict[tuple[Any, ...], str] = {}
_CAST_TEXT: dict[tuple[Any, ...], tuple[str, str]] = {}


def _remember(cache: dict, key: Any, value: Any) -> Any:
    if len(cache) > 4096:
        cache.clear()
    cache[key] = value
    return value


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _spells(n: int) -> str:
    return "no spells" if n == 0 else ("1 spell" if n == 1 else f"{n} spells")


# ---------------------------------------------------------------------------
# The engine
# ---------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _turn_moves_for(order: tuple[str, ...]) -> tuple["BeginTurn", ...]:
    """The interned "next turn" moves of a turn order (moves are immutable values)."""
    return tuple(BeginTurn(w) for w in order)


class DayNight(Game):
    """The day/night designation of one game of Magic, turn by turn.

    >>> g = DayNight.new(players=["Alice", "Bob"])
    >>> _ = g.play(BeginTurn("Alice"))
    >>> _ = g.play(Enter((PermanentSpec("Brutal Cathar", back="Moonrage Brute"),)))
    >>> g.designation_name
    'day'
    >>> _ = g.play(BeginTurn("Bob"))     # Alice cast no spell: night (728.2a)
    >>> g.designation_name, g.permanents[0].face_name()
    ('night', 'Moonrage Brute')
    """

    name = "mtg"
    title = "Magic: The Gathering day/night"

    def __init__(self, players: Sequence[str], teams: Sequence[tuple[str, Sequence[str]]] | None = None,
                 options: Options | None = None, *, designation: int | str = NEITHER,
                 permanents: Iterable[PermanentSpec] = (), explain: bool = True):
        players = tuple(players)
        if not players:
            raise IllegalMoveError("a game needs at least one player", rule="Players, CR 102")
        for p in players:
            if not isinstance(p, str) or not p.strip():
                raise IllegalMoveError(f"a player needs a name, not {p!r}", rule="Players, CR 102")
        if len(set(players)) != len(players):
            raise IllegalMoveError("two players have the same name", rule="Players, CR 102")
        self.players = players
        self.index = {p: i for i, p in enumerate(players)}
        self.options = options or Options()
        self.rules = _rules_for(self.options.cr_edition)
        if teams:
            names = [t[0] for t in teams]
            members = [tuple(t[1]) for t in teams]
            seen = [p for m in members for p in m]
            if sorted(seen) != sorted(players) or len(set(seen)) != len(seen):
                raise IllegalMoveError("with shared team turns every player is on exactly one team",
                                       rule="Shared Team Turns, CR 805")
            if len(set(names)) != len(names) or set(names) & set(players):
                raise IllegalMoveError("team names must differ from each other and from player names",
                                       rule="Shared Team Turns, CR 805")
            if any(not m for m in members):
                raise IllegalMoveError("a team needs at least one player", rule="Shared Team Turns, CR 805")
            self.teams: tuple[tuple[str, tuple[str, ...]], ...] | None = tuple(zip(names, members))
            self.order = tuple(names)
            self.members = tuple(tuple(self.index[p] for p in m) for m in members)
        else:
            self.teams = None
            self.order = players
            self.members = tuple((i,) for i in range(len(players)))
        self.slot = {who: i for i, who in enumerate(self.order)}
        self.designation = _designation(designation)
        self.turn = 0                   # turns begun so far
        self.active: int | None = None  # index into self.order
        self.regular: int | None = None  # the last turn taken in turn order (not an extra turn)
        self.spells = [0] * len(players)  # spells cast this turn, per player
        self.copies = [0] * len(players)
        self.turns: list[list[Any]] = []  # [turn, active slot, designation after the untap step, spells list, changed there, designation at the end]
        self.permanents: list[Permanent] = []
        self.next_id = 1
        self.over = False
        self.end_reason = ""
        self.history = []
        #: ``explain=False`` switches the explained log off (simulations, rollouts)
        self.log = EventLog(enabled=explain)
        self._start_permanents = tuple(permanents)
        self._start_designation = self.designation
        self._turn_moves = _turn_moves_for(self.order)
        self._setup_events()

    # -- construction ------------------------------------------------------------
    @classmethod
    def new(cls, players: Sequence[str] = ("Alice", "Bob"), *, teams: Any = None,
            options: Options | None = None, designation: int | str = NEITHER,
            permanents: Iterable[PermanentSpec] = (), explain: bool = True) -> "DayNight":
        """A new game. ``teams`` (shared team turns) is a mapping or a list of
        ``(team name, [players])``; the turn order is the order given. ``explain=False``
        records no explanations (for simulations)."""
        if isinstance(teams, dict):
            teams = list(teams.items())
        return cls(players, teams, options, designation=designation, permanents=permanents,
                   explain=explain)

    @classmethod
    def two_headed_giant(cls, team_a: Sequence[str] = ("Alice", "Bob"),
                         team_b: Sequence[str] = ("Carol", "Dan"), *,
                         names: tuple[str, str] = ("Team A", "Team B"), **kwargs: Any) -> "DayNight":
        """A Two-Headed Giant game (shared team turns, CR 810.2)."""
        return cls.new([*team_a, *team_b], teams=[(names[0], team_a), (names[1], team_b)], **kwargs)

    def _setup_events(self) -> None:
        R = self.rules
        if not self.log.enabled:
            pass
        elif self.teams:
            order = "; ".join(f"{t} ({' and '.join(m)})" for t, m in self.teams)
            self.log.add(None, "setup", R("shared team turns"),
                         f"Teams take turns in this order (shared team turns): {order}.",
                         teams=[[t, list(m)] for t, m in self.teams])
        else:
            self.log.add(None, "setup", R("turn order"),
                         f"Players take turns in this order: {', '.join(self.players)}.",
                         players=list(self.players))
        d = self.designation
        if not self.log.enabled:
            pass
        elif d == NEITHER:
            self.log.add(None, "setup", R("designation"),
                         "The game starts with neither day nor night.", designation="neither")
        else:
            self.log.add(None, "setup", R("designation"),
                         f"This position starts at {DESIGNATIONS[d]}.", designation=DESIGNATIONS[d])
        if self._start_permanents:
            problem = self._enter_problem(self._start_permanents, start=True)
            if problem:
                raise IllegalMoveError(problem[0], rule=self.rules(problem[1]))
            for spec in self._start_permanents:
                face = self._face_for(spec)
                p = Permanent(self.next_id, spec, face)
                self.next_id += 1
                self.permanents.append(p)
                self.log.add(spec.controller, "setup", R("keywords") if face else R("designation"),
                             f"{p.label()} is on the battlefield at the start.",
                             permanent=p.id, face=face)

    # -- reading the state ---------------------------------------------------------
    @property
    def designation_name(self) -> str:
        return DESIGNATIONS[self.designation]

    @property
    def active_name(self) -> str | None:
        return None if self.active is None else self.order[self.active]

    def active_players(self) -> tuple[str, ...]:
        if self.active is None:
            return ()
        return tuple(self.players[i] for i in self.members[self.active])

    def next_in_order(self) -> str:
        """Whose turn is next in turn order (extra turns do not move the turn order, 500.7)."""
        r = self.regular
        return self.order[0 if r is None else (r + 1) % len(self.order)]

    def spells_this_turn(self) -> dict[str, int]:
        return {p: self.spells[i] for i, p in enumerate(self.players)}

    def permanent(self, pid: int) -> Permanent | None:
        for p in self.permanents:
            if p.id == pid:
                return p
        return None

    def forecast(self) -> str:
        """What will happen at the next untap step, in words, from the spells cast so far."""
        if self.over:
            return "The game is over."
        if self.active is None:
            if self.designation == NEITHER:
                return "No turn has begun yet. It is neither day nor night."
            return f"No turn has begun yet. It is {self.designation_name}; the first turn has no previous turn to check."
        who = self.order[self.active]
        counts = [self.spells[i] for i in self.members[self.active]]
        nxt = self.next_in_order()
        if self.teams:
            cast = ", ".join(f"{self.players[i]} {self.spells[i]}" for i in self.members[self.active])
            so_far = f"Spells cast this turn by the players of {who}: {cast}."
        else:
            so_far = f"{who} has cast {_spells(counts[0])} this turn."
        if self.designation == NEITHER:
            return ("It is neither day nor night, so there is no check at the next untap step "
                    f"({self.rules('no check')}): it stays neither until a permanent with daybound "
                    "or nightbound appears or an effect makes it day or night.")
        after = untap_check(self.designation, counts)
        if self.designation == DAY:
            if after == NIGHT:
                if self.teams:
                    return (f"{so_far} If no player of {who} casts a spell this turn, it becomes "
                            f"night at the next untap step ({nxt}'s turn).")
                return (f"{so_far} If {who} casts no spell this turn, it becomes night at the next "
                        f"untap step ({nxt}'s turn).")
            return (f"{so_far} It stays day at the next untap step, whatever else {who} casts "
                    "(unless an effect makes it night first).")
        # night
        if after == DAY:
            return f"{so_far} It becomes day at the next untap step ({nxt}'s turn)."
        if self.teams:
            need = 2 - max(counts)
            return (f"{so_far} One player of {who} casting {need} more spell{'s' if need > 1 else ''} "
                    "(two in all, team totals do not add up) would make it day at the next untap step; "
                    "otherwise it stays night.")
        need = 2 - counts[0]
        return (f"{so_far} If {who} casts {need} more spell{'s' if need > 1 else ''} this turn, it "
                "becomes day at the next untap step; otherwise it stays night.")

    # -- the contract ------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.over

    def to_players(self) -> tuple[str, ...]:
        if self.over:
            return ()
        return self.active_players() or (self.order[0],)

    def legal_moves(self, player: Any = None) -> tuple[Any, ...]:
        """A representative finite set of the moves :meth:`play` accepts now: the next turn in
        turn order, a spell and a copy for each player (any spell name and zone is accepted),
        both "it becomes ..." effects, a card of each kind entering, each permanent leaving or
        being the target of another transform effect, and the end of the game."""
        if self.over:
            return ()
        r = self.regular
        moves: list[Any] = [self._turn_moves[0 if r is None else (r + 1) % len(self.order)]]
        if self.active is not None:
            for p in self.players:
                if player is None or player == p:
                    moves.append(CastSpell(p))
                    moves.append(CastSpell(p, copy=True))
        if player is not None:
            return tuple(m for m in moves if isinstance(m, CastSpell))
        moves.append(Becomes("day"))
        moves.append(Becomes("night"))
        moves.append(Enter((_SAMPLE_DFC,)))
        moves.append(Enter((_SAMPLE_OTHER,)))
        moves.append(Enter((_SAMPLE_NIGHTBOUND,)))
        for p in self.permanents:
            moves.append(Leave(p.id))
            if p.kind != "other":
                moves.append(Transform(p.id, "Moonmist"))
        if self.turn:
            moves.append(EndGame())
        return tuple(moves)

    def _check(self, move: Any) -> None:
        t = type(move)
        if t is CastSpell:  # the common case first: a player's spell during a turn
            p = move.player
            if p.__class__ is str and p in self.index and self.active is not None and move.zone in _ZONE_SET:
                return
        R = self.rules
        if t is BeginTurn:
            slot = self.slot.get(move.who)
            if slot is not None and not move.extra:
                r = self.regular
                if slot == (0 if r is None else (r + 1) % len(self.order)):
                    return  # the common case: the next turn in turn order
            if slot is None:
                kind = "team" if self.teams else "player"
                raise IllegalMoveError(
                    f"{move.who!r} is not a {kind} in this game (the {kind}s are {', '.join(self.order)})",
                    rule=R("shared team turns") if self.teams else R("turn order"), state=self.describe())
            if not move.extra:
                expected = self.next_in_order()
                if move.who != expected:
                    raise IllegalMoveError(
                        f"the next turn in turn order is {expected}'s, not {move.who}'s "
                        "(mark it as an extra turn if an effect gave one)",
                        rule=R("turn order"), state=self.describe())
            return
        if t is CastSpell:
            if not isinstance(move.player, str) or not move.player:
                raise IllegalMoveError("a spell is cast by a player; this one names nobody",
                                       rule=R("cast"), state=self.describe())
            if move.player not in self.index:
                raise IllegalMoveError(f"{move.player!r} is not a player in this game "
                                       f"(the players are {', '.join(self.players)})",
                                       rule=R("cast"), state=self.describe())
            if self.active is None:
                raise IllegalMoveError("no turn has begun: spells are cast during a turn",
                                       rule=R("cast"), state=self.describe())
            if move.zone not in ZONES:
                raise IllegalMoveError(f"unknown zone {move.zone!r}; expected one of {list(ZONES)}",
                                       rule=R("cast any zone"), state=self.describe())
            return
        if t is Becomes:
            if move.designation not in ("day", "night"):
                raise IllegalMoveError(f"an effect makes it day or night, not {move.designation!r} "
                                       "(it can never become neither again)",
                                       rule=R("designation"), state=self.describe())
            return
        if t is Enter:
            if not move.permanents or not all(isinstance(s, PermanentSpec) for s in move.permanents):
                raise IllegalMoveError("name at least one permanent that enters",
                                       rule=R("keywords"), state=self.describe())
            problem = self._enter_problem(move.permanents)
            if problem:
                raise IllegalMoveError(problem[0], rule=R(problem[1]), state=self.describe())
            return
        if t is Leave or t is Transform:
            p = self.permanent(move.permanent) if isinstance(move.permanent, int) else None
            if p is None:
                raise IllegalMoveError(f"there is no permanent #{move.permanent} on the battlefield",
                                       rule=R("keywords"), state=self.describe())
            if t is Transform and p.kind == "other":
                raise IllegalMoveError(f"{p.name} has neither daybound nor nightbound; this tracker "
                                       "follows only the faces of daybound and nightbound permanents",
                                       rule=R("keywords"), state=self.describe())
            return
        if t is EndGame:
            if self.turn == 0:
                raise IllegalMoveError("the game ends during a turn; no turn has begun",
                                       rule=R("end"), state=self.describe())
            return
        raise IllegalMoveError(f"{move!r} is not a move of the day/night tracker",
                               rule=R("designation"), state=self.describe())

    def _enter_problem(self, specs: Sequence[PermanentSpec], start: bool = False) -> tuple[str, str] | None:
        designation = self.designation
        for spec in specs:
            if not isinstance(spec.name, str) or not spec.name.strip():
                return "a permanent that enters needs a name", "keywords"
            if spec.kind not in KINDS:
                return f"{spec.name}: unknown kind {spec.kind!r}; expected one of {list(KINDS)}", "keywords"
            if spec.controller is not None and spec.controller not in self.index:
                return (f"{spec.name}: its controller {spec.controller!r} is not a player in this game",
                        "players")
            faces = FACES[spec.kind]
            if spec.face is not None:
                if spec.face not in faces:
                    if not faces:
                        return (f"{spec.name} has neither daybound nor nightbound, so it has no "
                                f"{spec.face!r} face", "keywords")
                    has = " and ".join(f"a {f!r} face" for f in faces)
                    return (f"{spec.name} ({KIND_WORDS[spec.kind]}) has only {has}, "
                            f"not a {spec.face!r} face", "keywords")
                if spec.kind == "dfc" and designation == NIGHT and spec.face == "day":
                    return (f"it is night, so {spec.name} enters transformed, nightbound face up; "
                            "it does not enter front face up and then transform (ruling R8/R9)",
                            "daybound")
                if spec.kind == "dfc" and designation == DAY and spec.face == "night":
                    return (f"it is day, so {spec.name} cannot stay nightbound face up: record it "
                            "entering with its daybound face", "nightbound day")
            if start and designation == NEITHER and spec.kind != "other":
                return (f"{spec.name} cannot be on the battlefield while it is neither day nor night "
                        "(its daybound or nightbound would have set the designation)",
                        "daybound neither")
        return None

    def entering_face(self, spec: PermanentSpec) -> PermanentSpec:
        """``spec`` with the face the rules give it if it entered now (702.145b: at night a
        double-faced card enters transformed), so a record states the face explicitly."""
        if spec.face is not None:
            return spec
        face = self._face_for(spec)
        return spec if face is None else replace(spec, face=face)

    def _face_for(self, spec: PermanentSpec) -> str | None:
        if spec.face is not None:
            return spec.face
        kind = spec.kind
        if kind == "dfc":
            return "night" if self.designation == NIGHT else "day"
        if kind == "daybound":
            return "day"
        if kind == "nightbound":
            return "night"
        return None

    # -- applying moves (unchecked fast path) ----------------------------------------------
    def _apply(self, move: Any) -> None:
        """Carry out ``move`` without checking it.

        .. warning:: unchecked -- the fast path; an illegal move corrupts the state.
        """
        t = type(move)
        if t is BeginTurn:
            self._begin_turn(move)
        elif t is CastSpell:
            self._cast(move)
        elif t is Becomes:
            self._set(_BY_NAME[move.designation], move.source or "an effect", untap=False,
                      key="effect")
        elif t is Enter:
            self._enter(move.permanents)
        elif t is Leave:
            p = self.permanent(move.permanent)
            self.permanents.remove(p)
            self.log.add(p.controller, "leave", self.rules("keywords"),
                         f"{p.label()} leaves the battlefield; the designation does not change "
                         f"(it stays {self.designation_name}).", permanent=p.id)
        elif t is Transform:
            p = self.permanent(move.permanent)
            rule = "daybound" if p.face == "day" else "nightbound"
            source = move.source or "another effect"
            self.log.add(p.controller, "no_transform", self.rules(rule),
                         f"{source} tries to transform {p.face_name()}, but a permanent with "
                         f"{'daybound' if p.face == 'day' else 'nightbound'} can't transform except "
                         "due to its own ability: nothing happens (ruling R10).",
                         permanent=p.id, source=source)
        elif t is EndGame:
            self.over = True
            self.end_reason = move.reason
            self.log.add(None, "end", self.rules("end"),
                         f"The game ends ({move.reason}) at {self.designation_name}.")

    def _begin_turn(self, move: BeginTurn) -> None:
        # the hot path of every simulation: one event per turn (two when the designation
        # changes), explanations cached per (previous active, spells, designation)
        log = self.log
        enabled = log.enabled
        prev = self.active
        who = move.who
        slot = self.slot[who]
        prev_spells = self.spells
        n = len(prev_spells)
        self.turn = turn = self.turn + 1
        self.active = slot
        if not move.extra:
            self.regular = slot
        self.spells = [0] * n
        self.copies = [0] * n
        d = new = self.designation
        if move.untap_skipped and not self.options.check_skipped_untap:
            key = "skip"
        elif d == NEITHER:
            key = "turn order" if prev is None else "no check"
        elif prev is None:
            key = "first turn"
            if self.options.check_first_turn and d == DAY:
                new = NIGHT
                key = "to night"
        else:
            members = self.members[prev]
            if len(members) == 1:
                k = prev_spells[members[0]]
                if d == DAY:
                    key = "to night"
                    if k == 0:
                        new = NIGHT
                else:
                    key = "to day"
                    if k >= 2:
                        new = DAY
            else:
                key = "to night" if d == DAY else "to day"
                new = untap_check(d, [prev_spells[i] for i in members])
        if enabled:
            if key == "to night" or key == "to day":
                if prev is None:
                    why = ("This is the first turn: there is no previous turn, so no spells were cast in it "
                           "(rule option check_first_turn is on).")
                elif len(self.members[prev]) == 1:
                    k = prev_spells[self.members[prev][0]]
                    ck = (self.order[prev], k, d, self.teams is None)
                    why = _WHY.get(ck)
                    if why is None:
                        why = _remember(_WHY, ck, self._check_reason(prev, prev_spells, d, stays=new == d))
                else:
                    why = self._check_reason(prev, prev_spells, d, stays=new == d)
            elif key == "skip":
                why = (f"{who}'s untap step is skipped, so its day/night check does not happen "
                       f"(rule option check_skipped_untap is off); it stays {DESIGNATIONS[d]}.")
            elif key == "no check":
                why = "It is neither day nor night, so the untap step makes no day/night check."
            elif key == "first turn":
                why = (f"This is the first turn: there is no previous turn to check, so it stays "
                       f"{DESIGNATIONS[d]} (rule option check_first_turn is off).")
            else:
                why = "It is neither day nor night."
            extra = " (an extra turn)" if move.extra else ""
            log.add(who, "turn", self.rules(key),
                    f"Turn {turn} begins: it is {who}'s turn{extra}. {why}",
                    turn=turn, active=who, designation=DESIGNATIONS[new], changed=new != d)
        if new != d:
            self._set(new, "the untap-step check", untap=True, key=key)
        if self.turns:
            self.turns[-1][5] = d  # how the previous turn ended (effects may have changed it)
        self.turns.append([turn, slot, new, self.spells, new != d, None])

    def _check_reason(self, prev: int, spells: list[int], d: int, stays: bool = False) -> str:
        who = self.order[prev]
        if self.teams:
            counts = ", ".join(f"{self.players[i]} {_spells(spells[i])}" for i in self.members[prev])
            cast = f"on the previous turn the players of {who} cast: {counts}"
            if d == DAY:
                verdict = ("no player of that team cast a spell, so it becomes night" if not stays
                           else "at least one of them cast a spell, so it stays day")
            else:
                verdict = ("one of them cast two or more spells, so it becomes day" if not stays
                           else "no single player of that team cast two or more (team totals are not "
                                "added), so it stays night")
            return f"Untap-step check (shared team turns): {cast}; {verdict}."
        k = spells[self.members[prev][0]]
        cast = f"{who}, the previous turn's active player, cast {_spells(k)} during that turn"
        if d == DAY:
            verdict = "so it becomes night" if not stays else "so it stays day"
        else:
            verdict = "two or more, so it becomes day" if not stays else "fewer than two, so it stays night"
        return f"Untap-step check: {cast}, {verdict}."

    def _set(self, new: int, reason: str, *, untap: bool, key: str) -> None:
        """Give the game the designation ``new`` and apply what follows from it."""
        log = self.log
        old = self.designation
        if new == old:
            if log.enabled:
                log.add(None, "unchanged", self.rules(key),
                        f"{reason[0].upper() + reason[1:]} says it becomes {DESIGNATIONS[new]}; "
                        f"it is already {DESIGNATIONS[new]}, so nothing changes and nothing transforms.",
                        designation=DESIGNATIONS[new], source=reason)
            return
        self.designation = new
        if log.enabled:
            if old == NEITHER:
                text = (f"It becomes {DESIGNATIONS[new]} ({reason}). The game had neither designation; "
                        "from now on it is always day or night, never neither again.")
                rule = self.rules("designation") if key == "effect" else self.rules(key)
            elif untap:
                text = (f"{DESIGNATIONS[old].capitalize()} becomes {DESIGNATIONS[new]} in the untap step, "
                        "before the active player untaps.")
                rule = self.rules(key)
            else:
                text = (f"{DESIGNATIONS[old].capitalize()} becomes {DESIGNATIONS[new]} ({reason}); "
                        "an effect can do this at any time of the turn.")
                rule = self.rules("effect") if key == "effect" else self.rules(key)
            log.add(None, "change", rule, text, old=DESIGNATIONS[old], new=DESIGNATIONS[new],
                    untap_step=untap, source="untap step" if untap else reason)
        # every daybound/nightbound double-faced permanent follows (702.145b/e): immediately,
        # not a state-based action
        to_face = "night" if new == NIGHT else "day"
        from_face = "day" if new == NIGHT else "night"
        for p in self.permanents:
            if p.face == from_face:
                if p.kind == "dfc":
                    before = p.face_name()
                    p.face = to_face
                    p.transforms += 1
                    if log.enabled:
                        rule = self.rules("daybound" if new == NIGHT else "nightbound")
                        ability = "daybound" if new == NIGHT else "nightbound"
                        log.add(p.controller, "transform", rule,
                                f"As it becomes {DESIGNATIONS[new]}, {before} transforms into "
                                f"{p.face_name()} (its {ability} ability; {self.rules('transform')}).",
                                permanent=p.id, face=to_face)
                elif log.enabled:
                    log.add(p.controller, "no_transform", self.rules("cannot transform"),
                            f"{p.name} has {'daybound' if from_face == 'day' else 'nightbound'} but is "
                            "not a double-faced permanent, so it can't transform; it keeps its face.",
                            permanent=p.id)
        if log.enabled:
            for p in self.permanents:
                if p.change_trigger:
                    if old == NEITHER:
                        log.add(p.controller, "no_trigger", self.rules("change"),
                                f"{p.name}'s \"whenever day becomes night or night becomes day\" does "
                                "not trigger: gaining the first designation is not a change between "
                                "day and night.", permanent=p.id)
                    elif untap:
                        log.add(p.controller, "trigger", self.rules("untap triggers"),
                                f"{p.name}'s \"whenever day becomes night or night becomes day\" ability "
                                "triggers; nobody gets priority in the untap step, so it goes on the "
                                "stack at the beginning of the upkeep.", permanent=p.id, when="upkeep")
                    else:
                        log.add(p.controller, "trigger", self.rules("change"),
                                f"{p.name}'s \"whenever day becomes night or night becomes day\" ability "
                                "triggers; it goes on the stack the next time a player would receive "
                                "priority.", permanent=p.id, when="next priority")

    def _cast(self, move: CastSpell) -> None:
        i = self.index[move.player]
        log = self.log
        if move.copy:
            self.copies[i] += 1
            if log.enabled:
                what = f" {move.spell}" if move.spell else " a spell"
                log.add(move.player, "copy", self.rules("copy"),
                        f"{move.player} puts a copy of{what if move.spell else ' a spell'} on the stack; "
                        "a copy is not cast, so it does not count for day and night.",
                        spell=move.spell, counts=False)
            return
        self.spells[i] += 1
        if not log.enabled:
            return
        n = self.spells[i]
        active = i in self.members[self.active]
        key = (move, n, self.order[self.active], active, self.teams is None, self.rules.edition)
        cached = _CAST_TEXT.get(key)
        if cached is None:
            cached = _remember(_CAST_TEXT, key, self._cast_text(move, n, active))
        log.add(move.player, "cast", cached[0], cached[1], spell=move.spell, zone=move.zone,
                countered=move.countered, counts=active, count=n)

    def _cast_text(self, move: CastSpell, n: int, active: bool) -> tuple[str, str]:
        what = f" {move.spell}" if move.spell else " a spell"
        zone = "" if move.zone == "hand" else f" from the {move.zone}"
        countered = " It is countered, but it was still cast." if move.countered else ""
        if active:
            whose = (f"{move.player} is an active player (on {self.order[self.active]}); "
                     if self.teams else f"{move.player} is the active player, so ")
            text = (f"{move.player} casts{what}{zone}: the {_ordinal(n)} spell {move.player} has cast this turn. "
                    f"{whose}it counts for the next untap-step check.{countered}")
        else:
            text = (f"{move.player} casts{what}{zone} during {self.order[self.active]}'s turn; only the "
                    f"active {'team' if self.teams else 'player'}'s spells count for day and night, so "
                    f"this one does not.{countered}")
        rule = self.rules("countered" if move.countered else ("cast any zone" if zone else "cast"))
        return rule, text

    def _enter(self, specs: Sequence[PermanentSpec]) -> None:
        log = self.log
        R = self.rules
        d = self.designation
        entered: list[Permanent] = []
        for spec in specs:
            face = self._face_for(spec)
            p = Permanent(self.next_id, spec, face)
            self.next_id += 1
            self.permanents.append(p)
            entered.append(p)
            if not log.enabled:
                continue
            if spec.kind == "dfc" and d == NIGHT:
                log.add(p.controller, "enter", R("daybound"),
                        f"It is night, so {p.name} enters transformed: {p.label()}. It does not enter "
                        "front face up and then transform, whether it was cast or not.",
                        permanent=p.id, face=face)
            elif spec.kind == "dfc" and d == DAY:
                log.add(p.controller, "enter", R("daybound"),
                        f"It is day, so {p.label()} enters with its daybound face up.",
                        permanent=p.id, face=face)
            elif spec.kind == "dfc":
                log.add(p.controller, "enter", R("keywords"),
                        f"{p.label()} enters while it is neither day nor night.", permanent=p.id, face=face)
            elif spec.kind in ("daybound", "nightbound"):
                log.add(p.controller, "enter", R("cannot transform"),
                        f"{p.label()} enters; it is not a double-faced permanent, so it can never "
                        "transform.", permanent=p.id, face=face)
            else:
                log.add(p.controller, "enter", R("designation"), f"{p.label()} enters.",
                        permanent=p.id, face=None)
        if self.designation == NEITHER:
            setter = next((p for p in entered if p.day_if_neither), None)
            if setter is not None:
                self._set(DAY, f"{setter.name}: if it's neither day nor night, it becomes day as it enters",
                          untap=False, key="designation")
        if self.designation == NEITHER:
            day = next((p for p in self.permanents if p.face == "day"), None)
            if day is not None:
                self._set(DAY, f"{day.name} has daybound and it was neither day nor night",
                          untap=False, key="daybound neither")
            else:
                night = next((p for p in self.permanents if p.face == "night"), None)
                if night is not None:
                    self._set(NIGHT, f"{night.face_name()} has nightbound, it was neither, and no "
                                     "permanent has daybound", untap=False, key="nightbound neither")

    # -- records -------------------------------------------------------------------------
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

    # -- describing -------------------------------------------------------------------------
    def summary(self) -> str:
        lines = []
        head = {NEITHER: "It is neither day nor night.", DAY: "It is DAY.", NIGHT: "It is NIGHT."}
        if self.active is None:
            lines.append(f"Before the first turn. {head[self.designation]}")
        else:
            lines.append(f"Turn {self.turn}, {self.order[self.active]}'s turn. {head[self.designation]}")
            lines.append("Spells cast this turn: " + ", ".join(
                f"{p} {n}" for p, n in self.spells_this_turn().items()) + ".")
        if self.permanents:
            lines.append("Permanents: " + "; ".join(p.label() for p in self.permanents) + ".")
        else:
            lines.append("No daybound or nightbound permanents.")
        lines.append("Next untap step: " + self.forecast())
        if self.over:
            lines.append(f"The game is over ({self.end_reason}).")
        return "\n".join(lines)

    def state_json(self) -> dict[str, Any]:
        return {
            "designation": self.designation_name,
            "turn": self.turn,
            "active": self.active_name,
            "active_players": list(self.active_players()),
            "spells_this_turn": self.spells_this_turn(),
            "copies_this_turn": {p: self.copies[i] for i, p in enumerate(self.players)},
            "permanents": [p.to_json() for p in self.permanents],
            "faces": {str(p.id): p.face for p in self.permanents},
            "next_untap_step": self.forecast(),
            "over": self.over,
            "summary": self.summary(),
        }

    def describe(self) -> str:
        who = self.order[self.active] if self.active is not None else "before the first turn"
        return (f"mtg turn {self.turn} ({who}), {self.designation_name}, "
                f"{len(self.permanents)} tracked permanents")

    def turn_table(self) -> list[dict[str, Any]]:
        """One row per turn: its number, the active player or team, the designation after its
        untap-step check, whether it changed there, and the spells each player cast that turn
        (the active player's and the others'), and the designation at the end of the turn
        (an effect or a permanent entering can change it during the turn)."""
        rows = []
        for turn, slot, d, spells, changed, end in self.turns:
            members = self.members[slot]
            active_spells = sum(spells[i] for i in members)
            end = self.designation if end is None else end
            rows.append({"turn": turn, "active": self.order[slot], "designation": DESIGNATIONS[d],
                         "designation_end": DESIGNATIONS[end],
                         "changed_at_untap": changed, "active_spells": active_spells,
                         "other_spells": sum(spells) - active_spells,
                         "max_player_spells": max(spells[i] for i in members)})
        return rows

    def copy(self) -> "DayNight":
        import pickle
        return pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))


_SAMPLE_DFC = PermanentSpec("Brutal Cathar", "dfc", back="Moonrage Brute")
_SAMPLE_NIGHTBOUND = PermanentSpec("Clone copying Moonrage Brute", "nightbound")
_SAMPLE_OTHER = PermanentSpec("Celestus Sanctifier", "other", change_trigger=True, day_if_neither=True)

GAME = DayNight
