"""mtg: the moves, the rule options, the state machine (:class:`DayNight`) and what a player may see.

The engine follows the designation and every permanent that the day/night rules touch. Each
rule it applies is a function of ``rules.py``; this module keeps the state, checks moves
before they change anything (``_check``), carries them out (``_apply``, the unchecked fast
path) and explains every rule that fires in the event log.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any, Iterable, Sequence

from ..core import Event, EventLog, Game, GameOverError, IllegalMoveError, Reader
from .data import (_ZONE_SET, ABILITIES, BACK_TYPES, CAST_ZONES, DOUBLE_FACED, EFFECT_KINDS, KINDS, TRIGGERS, VIA,
                   Effect, PermanentSpec, _is_date, _rules_for)
from .rules import (_BY_NAME, BACK, DAY, DESIGNATIONS, FRONT, NEITHER, NIGHT, _designation, castable_zone,
                    designation_from_neither, entering_face, face_abilities, is_change, must_transform,
                    next_in_turn_order, phases_in, spell_counts, transform_blocked, transformed_since,
                    untap_check, untap_step, werewolf_transforms)

# ---------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options:
    """Named rule options: decisions where the seed and the rules are silent or drift.

    * ``cr_edition`` -- which edition's rule numbers events cite (``"2024-06-07"``, the
      edition the seed quotes: Day and Night is rule 728 there). The day/night rules did not
      change in substance between editions, only their numbers; double-faced tokens (707.8a)
      exist from the 2023-04-14 edition on.
    * ``check_first_turn`` -- the first turn of the game has no previous turn. Default
      ``False``: no check (as XMage does), and an Innistrad werewolf's "if no spells were cast
      last turn" is not true either. ``True`` reads "didn't cast any spells" as vacuously true.
    * ``check_skipped_untap`` -- when a turn's untap step is skipped, is the day/night check
      made? Default ``False``: CR 614.10 says a skipped step does nothing (an inference, by
      analogy with 702.26m, which says so for phasing).
    * ``token_enters_transformed`` -- daybound enters transformed at night only "if this
      permanent is represented by a transforming double-faced card" (702.145b): a double-faced
      *token* is not. Default ``False``: the words as written, so a token copy of a daybound
      card created at night enters front face up and transforms at once (702.145c). ``True``:
      it enters transformed, like a card.
    """

    cr_edition: str = "2024-06-07"
    check_first_turn: bool = False
    check_skipped_untap: bool = False
    token_enters_transformed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_reader(cls, r: Reader) -> "Options":
        r.only(*(f.name for f in fields(cls)))
        edition = r.str("cr_edition", "2024-06-07")
        if not _is_date(edition):
            raise r.error(f"expected a date YYYY-MM-DD, got {edition!r}", "cr_edition")
        return cls(cr_edition=edition, check_first_turn=r.bool("check_first_turn", False),
                   check_skipped_untap=r.bool("check_skipped_untap", False),
                   token_enters_transformed=r.bool("token_enters_transformed", False))


# ---------------------------------------------------------------------------
# Permanents and pending triggered abilities
# ---------------------------------------------------------------------------


def _day_night_facts(up: str, daybound: bool, nightbound: bool, double_faced: bool, spell_back: bool,
                     cant_transform: bool) -> tuple[int | None, str | None]:
    """What daybound and nightbound do to a permanent with this face up: the designation at which
    they transform it (:func:`must_transform` asked of both; ``None``: neither does) and what
    stops that transformation (:func:`transform_blocked`; ``None``: nothing)."""
    if must_transform(NIGHT, up, daybound, nightbound):
        at = NIGHT
    elif must_transform(DAY, up, daybound, nightbound):
        at = DAY
    else:
        at = None
    return at, transform_blocked(double_faced, spell_back and up == FRONT, cant_transform, daybound, nightbound,
                                 True)


@lru_cache(maxsize=64)
def _faces(kind: str, werewolf: bool, change: bool, spell_back: bool
           ) -> dict[str, tuple[frozenset[str], bool, bool, int | None, str | None]]:
    """Each face's day/night abilities (:func:`face_abilities`), with what the rules read off
    them while nothing applies to the permanent: "daybound", "nightbound", the designation at
    which they transform it (:func:`must_transform`) and what stops that transformation
    (:func:`transform_blocked`); shared, read-only, by every permanent of the same kind."""
    double = kind in DOUBLE_FACED
    out = {}
    for f in (FRONT, BACK):
        ab = face_abilities(kind, f, werewolf) | ({"change trigger"} if change else frozenset())
        db, nb = "daybound" in ab, "nightbound" in ab
        out[f] = (ab, db, nb, *_day_night_facts(f, db, nb, double, spell_back, False))
    return out


class Permanent:
    """A permanent on the battlefield that the tracker follows (mutable: its face, its effects
    and its phasing change; it stays the same object when it transforms, 712.18).

    ``abilities`` are those of the face that is up, or of the latest copy effect; ``daybound``,
    ``nightbound``, ``cant_transform``, the designation at which daybound or nightbound
    transforms it (``transforms_at``) and what would stop them (``day_night_block``) are kept
    with them (:meth:`refresh`), so the rules read plain values."""

    __slots__ = ("id", "spec", "name", "kind", "back", "controller", "up", "transforms", "effects",
                 "phased_out", "phased_under", "abilities", "double_faced", "daybound", "nightbound",
                 "cant_transform", "copy", "spell_back", "_faces", "follows", "triggers", "transforms_at",
                 "day_night_block")

    def __init__(self, pid: int, spec: PermanentSpec, up: str, double_faced: bool):
        self.id = pid
        self.spec = spec
        self.name = spec.name
        self.kind = spec.kind
        self.back = spec.back
        self.controller = spec.controller
        self.up = up
        #: how many times it has transformed on the battlefield
        self.transforms = 0
        #: what applies to it, oldest first (Auras, Equipment, counters, effects, copy effects)
        self.effects: tuple[Effect, ...] = ()
        self.phased_out = False
        self.phased_under: str | None = None
        #: represented by a transforming double-faced card or a double-faced token (712.9)
        self.double_faced = double_faced
        #: the back face is an instant or sorcery face (712.10)
        self.spell_back = spec.back_type != "permanent"
        #: its triggered abilities that the tracker follows (TRIGGERS)
        self.triggers = spec.triggers
        #: each face's (abilities, daybound, nightbound, transforms_at, day_night_block): what
        #: the rules read when that face is up and nothing applies to it
        self._faces = _faces(spec.kind, spec.werewolf, "change" in spec.triggers, self.spell_back)
        self.refresh()

    def refresh(self) -> None:
        """Recompute what the rules read from the face that is up and the effects (712.8d/e;
        707.2: a copy takes the copiable values of what it copies, the latest copy effect
        winning)."""
        copy, cant = None, False
        for e in self.effects:
            if e.kind == "copy":
                copy = e
            if e.cant_transform:
                cant = True
        self.copy, self.cant_transform = copy, cant
        up = self.up
        if copy is None and not cant:
            (self.abilities, self.daybound, self.nightbound, self.transforms_at,
             self.day_night_block) = self._faces[up]
        else:
            if copy is None:
                ab, db, nb = self._faces[up][:3]
            else:
                ab = frozenset(copy.abilities)
                db, nb = "daybound" in ab, "nightbound" in ab
            self.abilities, self.daybound, self.nightbound = ab, db, nb
            self.transforms_at, self.day_night_block = _day_night_facts(up, db, nb, self.double_faced,
                                                                        self.spell_back, cant)
        #: daybound or nightbound transform it as the designation changes (phased in)
        self.follows = (self.daybound or self.nightbound) and not self.phased_out

    # -- reading ---------------------------------------------------------------
    def copy_effect(self) -> Effect | None:
        return self.copy

    @property
    def has_daybound(self) -> bool:
        return self.daybound

    @property
    def has_nightbound(self) -> bool:
        return self.nightbound

    @property
    def transformed(self) -> bool:
        """701.28g: a "transformed permanent" is a double-faced one with its back face up."""
        return self.double_faced and self.up == BACK

    @property
    def face(self) -> str | None:
        """``"day"`` when daybound, ``"night"`` when nightbound, else ``None`` (the keyword
        of the face that is up; an old werewolf or a plain permanent has neither)."""
        if "daybound" in self.abilities:
            return "day"
        if "nightbound" in self.abilities:
            return "night"
        return None

    def printed_name(self) -> str:
        """The name printed on the face that is up (the back face's name when back face up)."""
        if self.up == BACK:
            return self.back or f"{self.name} (back face)"
        return self.name

    def face_name(self) -> str:
        """The name it has now: a copy effect's name, else the face that is up."""
        copy = self.copy_effect()
        return copy.becomes if copy is not None and copy.becomes else self.printed_name()

    def other_face_name(self) -> str:
        if not self.double_faced:
            return ""
        return self.name if self.up == BACK else (self.back or f"{self.name} (back face)")

    def keyword_words(self) -> str:
        ab = self.abilities
        if "daybound" in ab:
            return "daybound"
        if "nightbound" in ab:
            return "nightbound"
        if "werewolf front" in ab or "werewolf back" in ab:
            return "werewolf upkeep trigger"
        return ""

    def label(self) -> str:
        """``#3 Moonrage Brute (nightbound face up)`` and the like: the permanent in words."""
        name = self.face_name()
        if self.double_faced:
            side = "back face up" if self.up == BACK else "front face up"
            kw = self.keyword_words()
            if kw in ("daybound", "nightbound"):
                side = f"{kw} face up"
            elif kw:
                side = f"{side}, {kw}"
        else:
            side = self.keyword_words()
        bits = [side] if side else []
        if self.phased_out:
            bits.append("phased out")
        return f"#{self.id} {name}" + (f" ({', '.join(bits)})" if bits else "")

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "back": self.back,
                "controller": self.controller, "up": self.up, "face": self.face,
                "face_name": self.face_name(), "printed_name": self.printed_name(),
                "other_face": self.other_face_name(), "double_faced": self.double_faced,
                "token": self.spec.token, "abilities": sorted(self.abilities),
                "transformed": self.transformed, "transforms": self.transforms,
                "effects": [e.to_json() for e in self.effects], "cant_transform": self.cant_transform,
                "phased_out": self.phased_out, "phased_under": self.phased_under,
                "back_type": self.spec.back_type, "triggers": list(self.spec.triggers),
                "label": self.label()}

    def __getstate__(self):
        return tuple(getattr(self, s) for s in self.__slots__)

    def __setstate__(self, state):
        for s, v in zip(self.__slots__, state):
            setattr(self, s, v)

    def _repr_html_(self) -> str:  # the card, drawn (daynight.mtg.draw loads on first use)
        from . import draw
        from .. import draw as d
        return d.document(draw.permanent(self.to_json()), label=self.label())._repr_html_()


@dataclass(frozen=True, slots=True)
class Trigger:
    """A triggered ability waiting to go on the stack or to resolve (``when``: ``"upkeep"`` for
    those that triggered in the untap step, 502.4, or at the beginning of the upkeep;
    ``"next priority"`` otherwise). ``stamp`` is how often its source had transformed when it
    triggered (701.28f)."""

    id: int
    permanent: int
    source: str
    kind: str      # "change", "werewolf", "enters", "transforms"
    text: str
    when: str
    stamp: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "permanent": self.permanent, "source": self.source, "kind": self.kind,
                "text": self.text, "when": self.when}


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BeginTurn:
    """``who`` (a player, or a team with shared team turns) begins a turn: the cleanup of the
    turn before ends its "until end of turn" effects, then the untap step (phasing, the
    day/night check, untapping), then the upkeep's triggers. ``extra`` marks an extra turn
    (500.7), which does not move the turn order; ``untap_skipped`` a turn whose untap step is
    skipped; ``skipping`` the turns skipped before this one, in turn order (614.10)."""

    who: str
    extra: bool = False
    untap_skipped: bool = False
    skipping: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CastSpell:
    """``player`` casts a spell (``copy=True``: a copy is put on the stack, which is not cast).
    ``zone`` is where it was cast from (:data:`CAST_ZONES`); ``countered`` notes that it was
    countered later."""

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
    """Some other effect (Moonmist, an old werewolf's ability) tries to transform a permanent."""

    permanent: int
    source: str = ""


@dataclass(frozen=True, slots=True)
class Affect:
    """An effect starts to apply to a permanent: an Aura or Equipment is attached, counters are
    put on it, a "can't transform" or copy effect begins."""

    permanent: int
    effect: Effect


@dataclass(frozen=True, slots=True)
class EndEffect:
    """The effect called ``name`` stops applying to a permanent (the Aura leaves, the effect ends)."""

    permanent: int
    name: str


@dataclass(frozen=True, slots=True)
class PhaseOut:
    """An effect phases a permanent out (702.26b); it phases in at its controller's next untap step."""

    permanent: int
    source: str = ""


@dataclass(frozen=True, slots=True)
class Resolve:
    """A pending triggered ability resolves (``countered``: it is countered and does nothing)."""

    trigger: int
    countered: bool = False


@dataclass(frozen=True, slots=True)
class EndGame:
    """The game ends (a player wins, concedes, a draw)."""

    reason: str = "the game ends"


#: the most permanents the tracker follows at once (a record is read from a file)
MAX_PERMANENTS = 500

_new_event = tuple.__new__  # an Event from its five fields, without NamedTuple's checks


class _Voice(dict):
    """The explained events of one table (its players, teams and rule options), each kept under
    its inputs: an event that depends only on its inputs says the same sentence every time, so
    the explained log costs little more than the events themselves. Shared by the games of the
    same table (a copy or a pickled game gets the table's one again)."""

    __slots__ = ("table",)

    def __reduce__(self):
        return _voice, self.table


#: at most this many tables keep their sentences, each at most _VOICE_SIZE of them (the old
#: ones are forgotten, not wrong: a sentence not found is written again)
_VOICES, _VOICE_SIZE = 16, 2048


@lru_cache(maxsize=_VOICES)
def _voice(players: tuple[str, ...], teams: Any, options: "Options") -> _Voice:
    v = _Voice()
    v.table = (players, teams, options)
    return v


def _said(voice: _Voice, key: tuple[Any, ...], fields: tuple[Any, ...]) -> Event:
    """The event of ``fields``, kept in ``voice`` under ``key`` (the inputs it was made from)."""
    if len(voice) >= _VOICE_SIZE:
        voice.clear()
    e = voice[key] = _new_event(Event, fields)
    return e


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _spells(n: int) -> str:
    return "no spells" if n == 0 else ("1 spell" if n == 1 else f"{n} spells")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


#: the cause of the transformations a change of designation makes (one string, so the
#: explained events that name it are found at once)
_AS_IT_BECOMES = tuple(f"As it becomes {name}" for name in DESIGNATIONS)

_BLOCK_RULE = {"not double-faced": "cannot transform", "instant face": "instant face", "can't": "cant",
               "daybound": "daybound", "nightbound": "nightbound"}
_BLOCK_WHY = {
    "not double-faced": "it is not represented by a transforming double-faced card or token, so nothing happens",
    "instant face": "its other face is an instant or sorcery face, so nothing happens",
    "can't": "an effect says it can't transform, and \"can't\" wins",
    "daybound": "a permanent with daybound can't transform except due to its daybound ability",
    "nightbound": "a permanent with nightbound can't transform except due to its nightbound ability",
}


#: descriptions already found good, by identity (a table enters the same values again and
#: again; holding them keeps their ids from being reused)
_GOOD_SPECS: dict[int, PermanentSpec] = {}


def _spec_content_problem(spec: PermanentSpec) -> tuple[str, str] | None:
    """What is wrong with a permanent's description on its own (``None``: nothing)."""
    if _GOOD_SPECS.get(id(spec)) is spec:
        return None
    problem = _spec_content_check(spec)
    if problem is None:
        if len(_GOOD_SPECS) > 4096:
            _GOOD_SPECS.clear()
        _GOOD_SPECS[id(spec)] = spec
    return problem


def _spec_content_check(spec: PermanentSpec) -> tuple[str, str] | None:
    if not isinstance(spec.name, str) or not spec.name.strip():
        return "a permanent that enters needs a name", "keywords"
    if spec.kind not in KINDS:
        return f"{spec.name}: unknown kind {spec.kind!r}; expected one of {list(KINDS)}", "keywords"
    if spec.via not in VIA or spec.back_type not in BACK_TYPES or not isinstance(spec.back, str):
        return f"{spec.name}: how it enters or what its back face is is not known", "keywords"
    if not isinstance(spec.triggers, tuple) or any(t not in TRIGGERS for t in spec.triggers) or len(
            set(map(str, spec.triggers))) != len(spec.triggers):
        return f"{spec.name}: unknown or repeated triggered abilities {list(spec.triggers)}", "keywords"
    if spec.werewolf and spec.kind != "transforming":
        return (f"{spec.name}: an Innistrad werewolf's upkeep triggers sit on a transforming "
                "double-faced card without daybound or nightbound (kind 'transforming')", "keywords")
    if spec.kind not in DOUBLE_FACED and (spec.back or spec.back_type != "permanent"):
        return f"{spec.name} is single-faced: it has no back face", "cannot transform"
    return None


@lru_cache(maxsize=256)
def _seating(players: tuple[str, ...], teams: tuple[tuple[str, tuple[str, ...]], ...] | None):
    """Who sits where: ``(index of each player, teams, turn order, the players of each seat,
    the seat of each player or team, the seat after each seat)``, checked (read-only, shared
    by the games of the same table). With shared team turns a seat is a team (805.4)."""
    if not players:
        raise IllegalMoveError("a game needs at least one player", rule="Players, CR 102")
    for p in players:
        if not isinstance(p, str) or not p.strip():
            raise IllegalMoveError(f"a player needs a name, not {p!r}", rule="Players, CR 102")
    if len(set(players)) != len(players):
        raise IllegalMoveError("two players have the same name", rule="Players, CR 102")
    index = {p: i for i, p in enumerate(players)}
    if teams:
        names = [t[0] for t in teams]
        members = [t[1] for t in teams]
        seen = [p for m in members for p in m]
        if sorted(map(str, seen)) != sorted(players) or len(set(seen)) != len(seen):
            raise IllegalMoveError("with shared team turns every player is on exactly one team",
                                   rule="Shared Team Turns, CR 805")
        if any(not isinstance(n, str) or not n.strip() for n in names):
            raise IllegalMoveError("a team needs a name", rule="Shared Team Turns, CR 805")
        if len(set(names)) != len(names) or set(names) & set(players):
            raise IllegalMoveError("team names must differ from each other and from player names",
                                   rule="Shared Team Turns, CR 805")
        if any(not m for m in members):
            raise IllegalMoveError("a team needs at least one player", rule="Shared Team Turns, CR 805")
        order = tuple(names)
        seats = tuple(tuple(index[p] for p in m) for m in members)
    else:
        teams, order, seats = None, players, tuple((i,) for i in range(len(players)))
    slot = {who: i for i, who in enumerate(order)}
    successor = tuple(next_in_turn_order(len(order), i) for i in range(len(order)))
    return index, teams, order, seats, slot, successor


@lru_cache(maxsize=256)
def _turn_moves_for(order: tuple[str, ...]) -> tuple[BeginTurn, ...]:
    """The interned "next turn" moves of a turn order (moves are immutable values)."""
    return tuple(BeginTurn(w) for w in order)


# ---------------------------------------------------------------------------
# The engine
# ---------------------------------------------------------------------------


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
    #: the state lives in slots (read on every move of every simulation); snapshot() and
    #: pickling include them
    __slots__ = ("players", "index", "options", "rules", "teams", "order", "members", "slot", "designation",
                 "turn", "active", "spells", "copies", "turns", "permanents", "next_id", "pending",
                 "next_trigger", "_eot", "_phased", "_werewolves", "_watchers", "over", "end_reason", "history",
                 "log", "_start", "_next", "_successor", "_voice")

    def __init__(self, players: Sequence[str], teams: Sequence[tuple[str, Sequence[str]]] | None = None,
                 options: Options | None = None, *, designation: int | str = NEITHER,
                 permanents: Iterable[PermanentSpec] = (), explain: bool = True):
        players = tuple(players)
        if teams:
            teams = tuple((t[0], tuple(t[1])) for t in teams)
        try:
            seats = _seating(players, teams or None)
        except TypeError:  # something that is not a name (a list, a number) cannot be hashed
            raise IllegalMoveError("players and teams are named by text", rule="Players, CR 102") from None
        self.players = players
        self.index, self.teams, self.order, self.members, self.slot, self._successor = seats
        self.options = options or _OPTIONS
        self.rules = _rules_for(self.options.cr_edition)
        #: the explained events of this table, by their inputs (shared with its other games)
        self._voice = _voice(players, self.teams, self.options)
        self.designation = _designation(designation)
        self.turn = 0                   # turns begun so far
        self.active: int | None = None  # index into self.order
        self.spells = [0] * len(players)  # spells cast this turn, per player
        #: copies of spells put on the stack this turn, per player (allocated at the first one)
        self.copies: list[int] | tuple = _NO_COPIES
        #: one row per turn: (active slot, designation before its untap step, designation after
        #: it, whether its check changed it, each player's spells that turn, the turns skipped
        #: before it)
        self.turns: list[tuple[Any, ...]] = []
        self.permanents: list[Permanent] = []
        self.next_id = 1
        #: triggered abilities waiting to go on the stack or to resolve, oldest first
        self.pending: list[Trigger] = []
        self.next_trigger = 1
        #: "until end of turn" effects and phased-out permanents on the battlefield (the untap
        #: step looks only when there are some)
        self._eot = 0
        self._phased = 0
        self._werewolves = 0
        self._watchers = 0
        self.over = False
        self.end_reason = ""
        self.history = []
        #: ``explain=False`` switches the explained log off (simulations, rollouts)
        self.log = EventLog(enabled=explain)
        #: how the game started: its designation and the permanents on the battlefield
        self._start = (self.designation, tuple(permanents))
        #: the next turn in turn order (the rule :func:`next_in_turn_order`, kept after each turn)
        self._next = 0
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
        R, log = self.rules, self.log
        if log.enabled:
            if self.teams:
                order = "; ".join(f"{t} ({' and '.join(m)})" for t, m in self.teams)
                log.add(None, "setup", R("shared team turns"),
                        f"Teams take turns in this order (shared team turns): {order}.",
                        teams=[[t, list(m)] for t, m in self.teams])
            else:
                log.add(None, "setup", R("turn order"),
                        f"Players take turns in this order: {', '.join(self.players)}.", players=list(self.players))
            d = self.designation
            if d == NEITHER:
                log.add(None, "setup", R("designation"), "The game starts with neither day nor night.",
                        designation="neither")
            else:
                log.add(None, "setup", R("designation"), f"This position starts at {DESIGNATIONS[d]}.",
                        designation=DESIGNATIONS[d])
        if not self._start[1]:
            return
        problem = self._start_problem(self._start[1])
        if problem:
            raise IllegalMoveError(problem[0], rule=R(problem[1]))
        for spec in self._start[1]:
            up, _ = self._entering_face(spec)
            p = self._add(spec, up)
            log.add(spec.controller, "setup", R("keywords"), f"{p.label()} is on the battlefield at the start.",
                    permanent=p.id, up=p.up)

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

    def forecast(self) -> str:
        """What will happen at the next untap step, in words, from the spells cast so far."""
        if self.over:
            return "The game is over."
        if self.active is None:
            if self.designation == NEITHER:
                return "No turn has begun yet. It is neither day nor night."
            return (f"No turn has begun yet. It is {self.designation_name}; the first turn has no previous "
                    "turn to check.")
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

    def werewolf_forecast(self) -> list[str]:
        """What the Innistrad werewolves will do at the next upkeep, from this turn's spells so
        far (every player's spells count for them)."""
        if self.active is None or self.over:
            return []
        out = []
        spells = self.spells
        for p in self.permanents:
            if p.phased_out:
                continue
            if "werewolf front" in p.abilities:
                out.append(f"{p.face_name()} transforms at the next upkeep if nobody casts a spell this turn"
                           + (" (none cast so far)." if not any(spells) else f" ({sum(spells)} cast so far: it will not)."))
            elif "werewolf back" in p.abilities:
                done = any(k >= 2 for k in spells)
                out.append(f"{p.face_name()} transforms at the next upkeep if one player casts two or more "
                           f"spells this turn" + (" (someone has)." if done else " (nobody has yet)."))
        return out

    # -- the contract ------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.over

    def to_players(self) -> tuple[str, ...]:
        if self.over:
            return ()
        return self.active_players() or (self.order[0],)

    def view(self, player: Any) -> dict[str, Any]:
        """Everything here is public (the battlefield and the spells cast), so every player
        sees the whole state."""
        return self.state_json()

    def legal_moves(self, player: Any = None) -> tuple[Any, ...]:
        """A representative finite set of the moves :meth:`play` accepts now: the next turn in
        turn order (one with a skipped turn, an extra turn), a spell and a copy for each
        player (any spell name and cast zone is accepted), both "it becomes ..." effects, a
        card of each kind entering, for each permanent leaving, another transform effect, a
        "can't transform" effect, its effects ending, phasing out; each pending trigger
        resolving; and the end of the game."""
        if self.over:
            return ()
        moves: list[Any] = []
        if self.active is not None:
            for p in self.players:
                if player is None or player == p:
                    moves.append(CastSpell(p))
                    moves.append(CastSpell(p, copy=True))
        if player is not None:
            return tuple(moves)
        if self.pending:
            moves.extend(Resolve(t.id) for t in self.pending)
            moves.append(Resolve(self.pending[0].id, countered=True))
        else:
            nxt = self.next_in_order()
            moves.append(_turn_moves_for(self.order)[self._next])
            if len(self.order) > 1:
                moves.append(BeginTurn(self.after(nxt), skipping=(nxt,)))
            if self.active is not None:
                moves.append(BeginTurn(self.order[self.active], extra=True))
        moves.append(Becomes("day"))
        moves.append(Becomes("night"))
        moves.extend(Enter((s,)) for s in self._samples())
        for p in self.permanents:
            moves.append(Leave(p.id))
            for e in p.effects:
                moves.append(EndEffect(p.id, e.name))
            if p.phased_out:
                continue
            moves.append(Transform(p.id, "Moonmist"))
            if not any(e.name == "Bound by Moonsilver" for e in p.effects):
                moves.append(Affect(p.id, _MOONSILVER))
            if not any(e.name == "Cytoshape" for e in p.effects):
                moves.append(Affect(p.id, _CYTOSHAPE))
            if p.controller is not None:
                moves.append(PhaseOut(p.id, "Teferi's Protection"))
        if self.turn:
            moves.append(EndGame())
        return tuple(moves)

    def _samples(self) -> tuple[PermanentSpec, ...]:
        first = self.players[0]
        return (
            PermanentSpec("Brutal Cathar", "dfc", "Moonrage Brute", controller=first),
            PermanentSpec("Celestus Sanctifier", "other", triggers=("change",), day_if_neither=True),
            PermanentSpec("Clone copying Moonrage Brute", "nightbound"),
            PermanentSpec("Huntmaster of the Fells", "transforming", "Ravager of the Fells", controller=first,
                          werewolf=True, triggers=("enters front", "into front", "into back")),
            PermanentSpec("Howlpack Piper", "dfc", "Wildsong Howler", transformed=True, via="effect",
                          triggers=("enters back", "into back")),
            PermanentSpec("Invasion of Kylem", "transforming", "Valor's Reach Tag Team", back_type="sorcery"),
        )

    # -- checking moves (nothing changes here) -------------------------------------------
    def _refuse(self, message: str, key: str) -> IllegalMoveError:
        return IllegalMoveError(message, rule=self.rules(key), state=self.describe())

    def _check(self, move: Any) -> None:
        check = _CHECKS.get(move.__class__)
        if check is None:
            raise self._refuse(f"{move!r} is not a move of the day/night tracker", "designation")
        check(self, move)

    def _check_cast(self, move: CastSpell) -> None:
        if not isinstance(move.player, str) or not move.player:
            raise self._refuse("a spell is cast by a player; this one names nobody", "cast")
        if move.player not in self.index:
            raise self._refuse(f"{move.player!r} is not a player in this game (the players are "
                               f"{', '.join(self.players)})", "cast")
        if self.active is None:
            raise self._refuse("no turn has begun: spells are cast during a turn", "cast")
        if not isinstance(move.zone, str) or not castable_zone(move.zone, CAST_ZONES):
            raise self._refuse(f"a spell is cast from a zone a card leaves for the stack "
                               f"({', '.join(CAST_ZONES)}), not from {move.zone!r}", "cast zone")

    def _check_turn(self, move: BeginTurn) -> None:
        if self.pending:
            one = len(self.pending) == 1
            raise self._refuse(f"{len(self.pending)} triggered abilit{'y is' if one else 'ies are'} still waiting: "
                               f"a step ends only when the stack is empty, so resolve {'it' if one else 'them'} first",
                               "stack empty")
        kind = "team" if self.teams else "player"
        key = "shared team turns" if self.teams else "turn order"
        for who in (move.who, *move.skipping):
            if not isinstance(who, str) or who not in self.slot:
                raise self._refuse(f"{who!r} is not a {kind} in this game (the {kind}s are "
                                   f"{', '.join(self.order)})", key)
        if move.extra:
            if move.skipping:
                raise self._refuse("an extra turn comes directly after the current turn: no turn is "
                                   "skipped before it", "extra turn")
            if self.active is None:
                raise self._refuse("no turn has begun: an extra turn comes after a turn", "extra turn")
            return
        expected = self.next_in_order()
        for skipped in move.skipping:
            if skipped != expected:
                raise self._refuse(f"the next turn in turn order is {expected}'s, so that is the turn "
                                   f"to skip, not {skipped}'s", "skip turn")
            expected = self.after(skipped)
        if move.who != expected:
            raise self._refuse(f"the next turn in turn order is {expected}'s, not {move.who}'s "
                               "(mark it as an extra turn if an effect gave one, or skip the turns between)",
                               "turn order")

    def _check_becomes(self, move: Becomes) -> None:
        if move.designation not in ("day", "night"):
            raise self._refuse(f"an effect makes it day or night, not {move.designation!r} "
                               "(it can never become neither again)", "designation")

    def _check_enter(self, move: Enter) -> None:
        if (not isinstance(move.permanents, tuple) or not move.permanents
                or not all(isinstance(s, PermanentSpec) for s in move.permanents)):
            raise self._refuse("name at least one permanent that enters", "keywords")
        if len(self.permanents) + len(move.permanents) > MAX_PERMANENTS:
            raise self._refuse(f"the tracker follows at most {MAX_PERMANENTS} permanents at once", "limit")
        problem = self._spec_problem(move.permanents)
        if problem:
            raise self._refuse(*problem)

    def _spec_problem(self, specs: Sequence[PermanentSpec]) -> tuple[str, str] | None:
        for spec in specs:
            problem = _spec_content_problem(spec)
            if problem:
                return problem
            if spec.controller is not None and spec.controller not in self.index:
                return f"{spec.name}: its controller {spec.controller!r} is not a player in this game", "players"
            if spec.token and spec.kind in DOUBLE_FACED and not self.rules.token_dfc:
                return (f"{spec.name}: in the Comprehensive Rules of {self.options.cr_edition} a token copy "
                        "of a double-faced card is not double-faced (double-faced tokens came with the "
                        "2023-04-14 edition); enter it as a single-faced copy", "cannot transform")
        return None

    def _start_problem(self, specs: Sequence[PermanentSpec]) -> tuple[str, str] | None:
        problem = self._spec_problem(specs)
        if problem:
            return problem
        d = self.designation
        for spec in specs:
            up, _ = self._entering_face(spec)
            if up is None:
                return f"{spec.name} cannot be on the battlefield transformed: its back face is not a permanent", "instant face"
            ab = face_abilities(spec.kind, up, spec.werewolf)
            if d == NEITHER and ab & {"daybound", "nightbound"}:
                return (f"{spec.name} cannot be on the battlefield while it is neither day nor night "
                        "(its daybound or nightbound would have set the designation)", "daybound neither")
            if must_transform(d, up, "daybound" in ab, "nightbound" in ab):
                return (f"it is {DESIGNATIONS[d]}, so {spec.name} cannot start with that face up "
                        "(daybound and nightbound keep every such permanent in sync)",
                        "daybound night" if d == NIGHT else "nightbound day")
        return None

    def _target(self, pid: Any, *, phased_in: bool = True) -> Permanent:
        p = self.permanent(pid) if isinstance(pid, int) and not isinstance(pid, bool) else None
        if p is None:
            raise self._refuse(f"there is no permanent #{pid} on the battlefield", "keywords")
        if phased_in and p.phased_out:
            raise self._refuse(f"{p.label()} is phased out: it is treated as though it does not exist "
                               "and can't be affected by anything", "phasing")
        return p

    def _check_leave(self, move: Leave) -> None:
        self._target(move.permanent, phased_in=False)

    def _check_transform(self, move: Transform) -> None:
        self._target(move.permanent)

    def _check_affect(self, move: Affect) -> None:
        p = self._target(move.permanent)
        e = move.effect
        if not isinstance(e, Effect) or not isinstance(e.name, str) or not e.name.strip():
            raise self._refuse("an effect needs a name", "same object")
        if e.kind not in EFFECT_KINDS:
            raise self._refuse(f"unknown kind of effect {e.kind!r}; expected one of {list(EFFECT_KINDS)}", "same object")
        if e.kind == "copy" and (not isinstance(e.becomes, str) or not e.becomes.strip()):
            raise self._refuse("a copy effect names what the permanent becomes a copy of", "copy values")
        if e.kind != "copy" and (e.becomes or e.abilities):
            raise self._refuse("only a copy effect gives a permanent a copied name and abilities", "copy values")
        if not isinstance(e.abilities, tuple) or any(a not in ABILITIES for a in e.abilities):
            raise self._refuse(f"a copy effect's abilities are some of {list(ABILITIES)}", "copy values")
        if any(x.name == e.name for x in p.effects):
            raise self._refuse(f"{e.name!r} already applies to {p.label()}; give the second one another name",
                               "same object")

    def _check_end_effect(self, move: EndEffect) -> None:
        p = self._target(move.permanent, phased_in=False)
        if not any(e.name == move.name for e in p.effects):
            raise self._refuse(f"no effect called {move.name!r} applies to {p.label()}", "same object")

    def _check_phase_out(self, move: PhaseOut) -> None:
        p = self._target(move.permanent)
        if p.controller is None:
            raise self._refuse(f"{p.label()} phases in at the untap step of the player who controlled it: "
                               "say who controls it (enter it with a controller)", "phasing")

    def _check_resolve(self, move: Resolve) -> None:
        if self.trigger(move.trigger) is None:
            raise self._refuse(f"there is no pending triggered ability #{move.trigger}", "independent")

    def _check_end(self, move: EndGame) -> None:
        if self.turn == 0:
            raise self._refuse("the game ends during a turn; no turn has begun", "end")

    # -- applying moves (unchecked fast path) ----------------------------------------------
    def play(self, move: Any) -> list[Event]:
        """Check ``move``, then carry it out; returns the events it caused (as the base class
        does). This is the path every simulation takes, so the two moves of every turn are
        accepted at a glance when they are plainly legal (a spell by a player of the game,
        from a cast zone, during a turn; the next turn in turn order with nothing waiting);
        anything else gets the full check, which names the rule it breaks."""
        if self.over:
            raise GameOverError("the game is over; no more moves can be played", rule="end of the game",
                                state=self.describe())
        cls = move.__class__
        log = self.log
        if log.enabled:
            events = log.events
            start = len(events)
        else:
            events = None
        if cls is CastSpell:
            try:
                plain = self.active is not None and move.player in self.index and move.zone in _ZONE_SET
            except TypeError:  # a name or a zone that cannot be looked up (a list): the full check says why
                plain = False
            if not plain:
                self._check_cast(move)
            self._cast(move)
        elif cls is BeginTurn:
            try:
                plain = not (self.pending or move.extra or move.skipping) and self.slot.get(move.who) == self._next
            except TypeError:
                plain = False
            if not plain:
                self._check_turn(move)
            self._begin_turn(move)
        else:
            self._check(move)
            _APPLY[cls](self, move)
        self.history.append(move)
        return [] if events is None else events[start:]

    def _apply(self, move: Any) -> None:
        """Carry out ``move`` without checking it.

        .. warning:: unchecked -- the fast path; an illegal move corrupts the state.
        """
        _APPLY[move.__class__](self, move)

    # .. turns ..............................................................................
    def _begin_turn(self, move: BeginTurn) -> None:
        """Cleanup of the turn before, then the untap step in its order (:func:`untap_step`:
        phasing, the day/night check, untapping; 502.1-502.3), then the upkeep (503.1a). The
        hot path of every simulation: with nothing phased out and no effect ending, a turn is
        the day/night check and one event."""
        if self._eot:
            self._cleanup()
        prev = self.active
        who = move.who
        self.active = slot = self.slot[who]
        self.turn = turn = self.turn + 1
        if not move.extra:
            self._next = self._successor[slot]
        last = self.spells if prev is not None else None
        self.spells = spells = [0] * len(self.players)
        self.copies = _NO_COPIES
        steps = _UNTAP_STEP if not move.untap_skipped else untap_step(True, self.options.check_skipped_untap)
        d = before = self.designation
        told = self._phased and "phasing" in steps and self._phasing(turn, who, slot)
        if told:
            d = self.designation
        if d and prev is not None and (steps is _UNTAP_STEP or "day/night check" in steps):
            # the previous turn's active player's spells (a player's seat is their index), or
            # with shared team turns those of each player of the team
            counts = last[prev] if self.teams is None else tuple([last[i] for i in self.members[prev]])
            new = untap_check(d, counts)
            key = "to night" if d == DAY else "to day"
        else:
            key, new = self._no_check(prev, d, steps)
            counts = None
        log = self.log
        if log.enabled:
            ck = ("turn", turn, who, key, prev, counts, d, new, move.extra, move.skipping, told)
            log.events.append(self._voice.get(ck) or
                               _said(self._voice, ck, self._turn_text(turn, who, key, prev, last, d, new, move, told)))
        changed = new != d
        if changed:
            self._set(new, "the untap-step check", True, key)
        self.turns.append((slot, before, new, changed, spells, move.skipping))
        if self._werewolves:
            self._upkeep(last)

    def _phasing(self, turn: int, who: str, slot: int) -> bool:
        """The first part of the untap step (502.1); True when something phased in."""
        players = tuple(self.players[i] for i in self.members[slot])
        coming = [p for p in self.permanents if p.phased_out and phases_in(p.phased_under, players)]
        if not coming:
            return False
        self.log.add(who, "turn", self.rules("untap phasing"),
                     f"Turn {turn} begins: it is {who}'s turn. First, in the untap step, phasing.",
                     turn=turn, active=who)
        self._phase_in(coming)
        return True

    def _no_check(self, prev: int | None, d: int, steps: tuple[str, ...]) -> tuple[str, int]:
        """The untap step makes no ordinary check: neither (728.2c), the first turn, a skipped
        untap step (``(rule key, designation after it)``)."""
        if "day/night check" not in steps:
            return ("skip" if d != NEITHER else ("no check" if prev is not None else "turn order")), d
        if d == NEITHER:
            return ("turn order" if prev is None else "no check"), d
        if self.options.check_first_turn:  # prev is None: the first turn
            return ("to night" if d == DAY else "to day"), untap_check(d, 0)
        return "first turn", d

    def _turn_text(self, turn, who, key, prev, last, d, new, move, told):
        if key in ("to night", "to day"):
            why = ("This is the first turn: there is no previous turn, so no spells were cast in it "
                   "(rule option check_first_turn is on)." if prev is None
                   else self._check_reason(prev, last, d, stays=new == d))
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
        skipped = ""
        if move.skipping:
            names = " and ".join(f"{s}'s" for s in move.skipping)
            skipped = (f" {names} turn{'s are' if len(move.skipping) > 1 else ' is'} skipped: "
                       "a skipped turn does not happen, so the turn before it is still the previous turn.")
        head = (f"Second, the day/night check. " if told
                else f"Turn {turn} begins: it is {who}'s turn{extra}.{skipped} ")
        rule = self.rules(key)
        if move.skipping and not told:
            rule = f"{rule}; {self.rules('skip turn')}"
        return (who, "turn" if not told else "check", rule, head + why,
                {"turn": turn, "active": who, "designation": DESIGNATIONS[new], "changed": new != d,
                 "skipped": list(move.skipping)})

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

    def _cleanup(self) -> None:
        """514.2: in the cleanup step "all 'until end of turn' and 'this turn' effects end"."""
        R, log = self.rules, self.log
        for p in self.permanents:
            ending = [e for e in p.effects if e.until_end_of_turn]
            if not ending:
                continue
            p.effects = tuple(e for e in p.effects if not e.until_end_of_turn)
            p.refresh()
            for e in ending:
                log.add(p.controller, "effect_ends", R("cleanup"),
                        f"In the cleanup step of the turn that ended, {e.words()} ends for {p.label()}.",
                        permanent=p.id, effect=e.name)
        self._count()
        for p in list(self.permanents):
            self._follow(p, untap=False)
        self._from_neither()

    def _phase_in(self, back: list[Permanent]) -> None:
        """502.1: "all phased-out permanents that the active player controlled when they phased
        out phase in" (702.26c: "The game once again treats it as though it exists")."""
        R, log = self.rules, self.log
        for p in back:
            p.phased_out, p.phased_under = False, None
            p.refresh()
            attached = [e.name for e in p.effects if e.kind in ("aura", "equipment")]
            also = f" with {', '.join(attached)} (they phased out with it)" if attached else ""
            log.add(p.controller, "phase_in", R("phasing in"),
                    f"{p.label()} phases in{also}: phasing does not change which face is up (ruling R22).",
                    permanent=p.id)
        self._count()
        self._from_neither()
        for p in back:
            self._follow(p, untap=True)

    def _upkeep(self, last: list[int] | None) -> None:
        """503.1a: abilities that triggered in the untap step and at the beginning of the
        upkeep go on the stack before the active player gets priority. Innistrad werewolves
        trigger here (an intervening "if", 603.4)."""
        if last is None and self.options.check_first_turn:
            last = [0] * len(self.players)
        for p in self.permanents:
            if p.phased_out:
                continue
            if "werewolf front" in p.abilities:
                up = FRONT
            elif "werewolf back" in p.abilities:
                up = BACK
            else:
                continue
            if not werewolf_transforms(up, last):
                continue
            cond = ("no spells were cast last turn" if up == FRONT
                    else "a player cast two or more spells last turn")
            self._trigger(p, "werewolf", f"at the beginning of each upkeep, if {cond}, transform it",
                          "upkeep", "werewolf")

    # .. spells and effects ...................................................................
    def _cast(self, move: CastSpell) -> None:
        i = self.index[move.player]
        if not spell_counts(move.copy):
            if self.copies is _NO_COPIES:
                self.copies = [0] * len(self.players)
            self.copies[i] += 1
            if self.log.enabled:
                what = f" {move.spell}" if move.spell else " a spell"
                self.log.add(move.player, "copy", self.rules("copy"),
                             f"{move.player} puts a copy of{what} on the stack; a copy is not cast, so it does "
                             "not count for day and night (nor for the Innistrad werewolves).", spell=move.spell,
                             counts=False)
            return
        self.spells[i] += 1
        log = self.log
        if log.enabled:
            n = self.spells[i]
            key = ("cast", move.player, move.spell, move.zone, move.countered, n, self.active)
            log.events.append(self._voice.get(key) or
                               _said(self._voice, key, self._cast_event(move, n, i in self.members[self.active])))

    def _cast_event(self, move: CastSpell, n: int, active: bool):
        what = f" {move.spell}" if move.spell else " a spell"
        zone = "" if move.zone == "hand" else f" from the {move.zone}"
        countered = " It is countered, but it was still cast." if move.countered else ""
        who = self.order[self.active]
        if active:
            whose = (f"{move.player} is an active player (on {who}); " if self.teams
                     else f"{move.player} is the active player, so ")
            text = (f"{move.player} casts{what}{zone}: the {_ordinal(n)} spell {move.player} has cast this turn. "
                    f"{whose}it counts for the next untap-step check.{countered}")
        else:
            text = (f"{move.player} casts{what}{zone} during {who}'s turn; only the active "
                    f"{'team' if self.teams else 'player'}'s spells count for day and night, so this one "
                    f"does not.{countered}")
        rule = self.rules("countered" if move.countered else ("cast any zone" if zone else "cast"))
        return (move.player, "cast", rule, text,
                {"spell": move.spell, "zone": move.zone, "countered": move.countered, "counts": active, "count": n})

    def _becomes(self, move: Becomes) -> None:
        self._set(_BY_NAME[move.designation], move.source or "an effect", False, "effect")

    def _set(self, new: int, reason: str, untap: bool, key: str) -> None:
        """Give the game the designation ``new`` and apply what follows from it."""
        log = self.log
        old = self.designation
        if new == old:
            if log.enabled:
                log.add(None, "unchanged", self.rules(key),
                        f"{_cap(reason)} says it becomes {DESIGNATIONS[new]}; it is already {DESIGNATIONS[new]}, "
                        "so nothing changes and nothing transforms.", designation=DESIGNATIONS[new], source=reason)
            return
        self.designation = new
        if log.enabled:
            ck = ("change", old, new, untap, key, reason)
            log.events.append(self._voice.get(ck) or
                               _said(self._voice, ck, self._change_event(old, new, reason, untap, key)))
            cause = _AS_IT_BECOMES[new]
        else:
            cause = ""
        # every daybound/nightbound permanent follows (702.145b/e): immediately, not a
        # state-based action, whoever controls it
        key = "daybound" if new == NIGHT else "nightbound"
        for p in self.permanents:
            if p.transforms_at == new and p.follows:  # must_transform, kept with its face
                self._transform(p, True, key, cause, untap)
        if self._watchers:
            self._change_triggers(old, new, untap)

    def _change_triggers(self, old: int, new: int, untap: bool) -> None:
        """"Whenever day becomes night or night becomes day" (728.1a: not on the first designation)."""
        for p in self.permanents:
            if "change trigger" not in p.abilities or p.phased_out:
                continue
            if is_change(old, new):
                self._trigger(p, "change", "whenever day becomes night or night becomes day",
                              "upkeep" if untap else "next priority", "untap triggers" if untap else "change")
            else:
                self.log.add(p.controller, "no_trigger", self.rules("change"),
                             f"{p.face_name()}'s \"whenever day becomes night or night becomes day\" does "
                             "not trigger: gaining the first designation is not a change between day and night.",
                             permanent=p.id)

    def _change_event(self, old: int, new: int, reason: str, untap: bool, key: str):
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
            rule = self.rules(key)
        return (None, "change", rule, text, {"old": DESIGNATIONS[old], "new": DESIGNATIONS[new],
                                             "untap_step": untap, "source": "untap step" if untap else reason})

    def _transform(self, p: Permanent, by_day_night: bool, key: str, cause: str, untap: bool = False) -> bool:
        """Try to transform ``p``: turn it to its other face (701.28a) unless a rule stops it
        (:func:`~daynight.mtg.rules.transform_blocked`). It stays the same object (712.18)."""
        log = self.log
        blocker = (p.day_night_block if by_day_night  # transform_blocked, kept with its face
                   else transform_blocked(p.double_faced, p.spell_back and p.up == FRONT, p.cant_transform,
                                          p.daybound, p.nightbound, False))
        if blocker is not None:
            if log.enabled:
                log.add(p.controller, "no_transform", self.rules(_BLOCK_RULE[blocker]),
                        f"{cause}, {p.face_name()} would transform, but {_BLOCK_WHY[blocker]}: it keeps its face.",
                        permanent=p.id, why=blocker)
            return False
        up = p.up = BACK if p.up == FRONT else FRONT
        p.transforms += 1
        if p.effects:
            p.refresh()  # the same effects: its copy effect stays
        else:  # what refresh() does when nothing applies to it (the face's table; "follows" stays)
            p.abilities, p.daybound, p.nightbound, p.transforms_at, p.day_night_block = p._faces[up]
        if log.enabled:
            ck = ("transform", p.id, p.name, p.back, up, p.copy, key, cause, p.controller)
            log.events.append(self._voice.get(ck) or _said(self._voice, ck, self._transform_event(p, key, cause)))
            if p.effects:
                stays = ", ".join(e.words() for e in p.effects)
                log.add(p.controller, "same_object", self.rules("same object"),
                        f"It is the same permanent after transforming, so what applied to it still does: {stays}. "
                        "(An Aura that can't enchant the new face goes to the graveyard as a state-based action, "
                        f"{self.rules('aura sba')}: remove it if so.)", permanent=p.id)
        if p.triggers and p.copy is None:
            into = "into back" if up == BACK else "into front"
            if into in p.triggers:
                self._trigger(p, "transforms", f"whenever it transforms into {p.printed_name()}",
                              "upkeep" if untap else "next priority", "transforms into")
        return True

    def _transform_event(self, p: Permanent, key: str, cause: str):
        if p.copy is not None and p.copy.becomes:
            before = p.copy.becomes
        else:
            before = p.name if p.up == BACK else (p.back or f"{p.name} (back face)")
        return (p.controller, "transform", self.rules(key),
                f"{cause}, {before} transforms into {p.face_name()} ({self.rules('transform')}).",
                {"permanent": p.id, "up": p.up})

    def _follow(self, p: Permanent, *, untap: bool) -> None:
        """702.145c/f: "Any time" a front-face-up daybound permanent is under a player's control
        at night (a back-face-up nightbound one at day), "that player transforms that
        permanent. This happens immediately and isn't a state-based action.\""""
        if p.phased_out:
            return
        d = self.designation
        if p.transforms_at == d:  # must_transform, kept with its face
            night = d == NIGHT
            cause = (f"It is {DESIGNATIONS[d]} and {p.face_name()} is "
                     f"{'front face up with daybound' if night else 'back face up with nightbound'}")
            self._transform(p, True, "daybound night" if night else "nightbound day", cause, untap)

    def _from_neither(self) -> None:
        """702.145d/g while it is neither (phased-out permanents are treated as though they do
        not exist, 702.26b)."""
        if self.designation != NEITHER:
            return
        day = night = None  # the first of each on the battlefield
        for p in self.permanents:
            if not p.phased_out:
                if p.daybound and day is None:
                    day = p
                if p.nightbound and night is None:
                    night = p
        new = designation_from_neither(day is not None, night is not None)
        explain = self.log.enabled  # the reason is words for the log only
        if new == DAY:
            self._set(DAY, f"{day.face_name()} has daybound and it was neither day nor night" if explain else "",
                      False, "daybound neither")
        elif new == NIGHT:
            self._set(NIGHT, f"{night.face_name()} has nightbound, it was neither, and no permanent has daybound"
                      if explain else "", False, "nightbound neither")

    def _trigger(self, p: Permanent, kind: str, words: str, when: str, rule: str) -> None:
        t = Trigger(self.next_trigger, p.id, p.face_name(), kind, f"{p.face_name()}, {words}", when, p.transforms)
        self.next_trigger += 1
        self.pending.append(t)
        if self.log.enabled:
            if when == "upkeep":
                timing = ("it goes on the stack at the beginning of the upkeep (nobody gets priority in the "
                          "untap step)" if rule == "untap triggers" or kind != "werewolf"
                          else "it goes on the stack as the upkeep begins")
            else:
                timing = "it goes on the stack the next time a player would receive priority"
            self.log.add(p.controller, "trigger", self.rules(rule),
                         f"{p.face_name()}'s ability \"{words}\" triggers (pending #{t.id}); {timing}.",
                         permanent=p.id, trigger=t.id, when=when, kind=kind)

    # .. the battlefield ..........................................................................
    def _entering_face(self, spec: PermanentSpec) -> tuple[str | None, str]:
        double = spec.kind in DOUBLE_FACED
        return entering_face(double, spec.kind == "dfc", self.designation, spec.transformed,
                             double and not spec.token, spec.back_type != "permanent", spec.via == "spell",
                             self.options.token_enters_transformed)

    def _add(self, spec: PermanentSpec, up: str) -> Permanent:
        p = Permanent(self.next_id, spec, up, spec.kind in DOUBLE_FACED)
        self.next_id += 1
        self.permanents.append(p)
        self._count()
        return p

    def _count(self) -> None:
        """How many permanents the untap step and the changes must look at (kept up to date
        whenever the battlefield or what applies to it changes)."""
        eot = phased = werewolves = watchers = 0
        for p in self.permanents:
            if p.effects:
                eot += sum(1 for e in p.effects if e.until_end_of_turn)
            phased += p.phased_out
            ab = p.abilities
            if not ab:
                continue
            werewolves += not ab.isdisjoint(_WEREWOLF)
            watchers += "change trigger" in ab
        self._eot, self._phased, self._werewolves, self._watchers = eot, phased, werewolves, watchers

    def _enter(self, move: Enter) -> None:
        log, R = self.log, self.rules
        d = self.designation
        entered: list[Permanent] = []
        for spec in move.permanents:
            up, key = self._entering_face(spec)
            if up is None:
                where = ("is put into its owner's graveyard instead" if key == "enters graveyard"
                         else "stays in the zone it was in")
                if spec.kind not in DOUBLE_FACED:
                    why = "it is not a transforming double-faced card"
                else:
                    why = f"its back face is {'an' if spec.back_type == 'instant' else 'a'} {spec.back_type}"
                log.add(spec.controller, "no_enter", R(key),
                        f"{spec.name} would enter the battlefield transformed, but {why}: it doesn't enter "
                        f"the battlefield and {where}.", name=spec.name)
                continue
            p = self._add(spec, up)
            entered.append(p)
            if log.enabled:
                log.add(p.controller, "enter", R(key), self._enter_text(p, spec, key, d), permanent=p.id, up=up)
            if p.triggers:
                self._enter_triggers(p)
        if not entered:
            return
        if self.designation == NEITHER:
            setter = next((p for p in entered if p.spec.day_if_neither), None)
            if setter is not None:  # the reason is words for the log only
                self._set(DAY, f"{setter.face_name()}: if it's neither day nor night, it becomes day as it enters"
                          if log.enabled else "", False, "designation")
        self._from_neither()
        for p in entered:
            self._follow(p, untap=False)

    def _enter_text(self, p: Permanent, spec: PermanentSpec, key: str, d: int) -> str:
        label = p.label()
        if key == "daybound":
            return (f"It is night, so {spec.name} enters transformed: {label}. It does not enter "
                    "front face up and then transform, whether it was cast or not.")
        if key == "put transformed":
            return f"{spec.name} is put onto the battlefield transformed (back face up): {label}."
        if not p.double_faced:
            if spec.kind in ("daybound", "nightbound"):
                return f"{label} enters; it is not a double-faced permanent, so it can never transform."
            return f"{label} enters."
        if spec.token and spec.kind == "dfc" and d == NIGHT:
            return (f"{label} enters: a double-faced token is not 'represented by a transforming double-faced "
                    "card', so daybound does not make it enter transformed (rule option "
                    "token_enters_transformed is off).")
        if spec.kind == "dfc" and d == DAY:
            return f"It is day, so {label} enters with its daybound face up."
        if spec.kind == "dfc" and d == NEITHER:
            return f"{label} enters while it is neither day nor night."
        return f"{label} enters front face up (the face that was up on the stack, or the front face by default)."

    def _enter_triggers(self, p: Permanent) -> None:
        key = "enters back" if p.up == BACK else "enters front"
        if key in p.spec.triggers:
            self._trigger(p, "enters", f"when it enters as {p.printed_name()}", "next priority", "enters face")

    def _leave(self, move: Leave) -> None:
        p = self.permanent(move.permanent)
        self.permanents.remove(p)
        self._count()
        gone = [e.name for e in p.effects if e.kind == "aura"]
        auras = f" Its Auras ({', '.join(gone)}) go to the graveyard." if gone else ""
        waiting = [t.id for t in self.pending if t.permanent == p.id]
        still = (f" Its pending abilities (#{', #'.join(map(str, waiting))}) still resolve: an ability on the "
                 f"stack exists independently of its source ({self.rules('independent')})." if waiting else "")
        self.log.add(p.controller, "leave", self.rules("keywords"),
                     f"{p.label()} leaves the battlefield; the designation does not change (it stays "
                     f"{self.designation_name}).{auras}{still}", permanent=p.id)

    def _transform_move(self, move: Transform) -> None:
        p = self.permanent(move.permanent)
        source = move.source or "another effect"
        self._transform(p, False, "transform", f"{_cap(source)} transforms it")

    def _affect(self, move: Affect) -> None:
        p = self.permanent(move.permanent)
        e = move.effect
        p.effects = p.effects + (e,)
        p.refresh()
        self._count()
        R = self.rules
        if e.kind == "copy":
            ab = ", ".join(sorted(e.abilities)) or "no day/night abilities"
            self.log.add(p.controller, "effect", R("copy values"),
                         f"{e.name}: #{p.id} becomes a copy of {e.becomes} ({ab}); it is still the same card "
                         f"{'(a double-faced one)' if p.double_faced else '(single-faced)'}, "
                         f"{'back' if p.up == BACK else 'front'} face up.", permanent=p.id, effect=e.name)
        elif e.cant_transform:
            self.log.add(p.controller, "effect", R("cant"),
                         f"{e.name} applies to {p.label()}: it can't transform while this applies.",
                         permanent=p.id, effect=e.name)
        else:
            self.log.add(p.controller, "effect", R("same object"), f"{e.words()} applies to {p.label()}.",
                         permanent=p.id, effect=e.name)
        self._from_neither()
        self._follow(p, untap=False)

    def _end_effect(self, move: EndEffect) -> None:
        p = self.permanent(move.permanent)
        e = next(x for x in p.effects if x.name == move.name)
        p.effects = tuple(x for x in p.effects if x is not e)
        p.refresh()
        self._count()
        self.log.add(p.controller, "effect_ends", self.rules("cant" if e.cant_transform else "same object"),
                     f"{e.words()} no longer applies to {p.label()}.", permanent=p.id, effect=e.name)
        self._from_neither()
        self._follow(p, untap=False)

    def _phase_out(self, move: PhaseOut) -> None:
        p = self.permanent(move.permanent)
        p.phased_out, p.phased_under = True, p.controller
        p.refresh()
        self._count()
        attached = [e.name for e in p.effects if e.kind in ("aura", "equipment")]
        also = f" {', '.join(attached)} phase{'s' if len(attached) == 1 else ''} out with it." if attached else ""
        source = f" ({move.source})" if move.source else ""
        self.log.add(p.controller, "phase_out", self.rules("phasing"),
                     f"{p.label()} phases out{source}: until it phases in at {p.controller}'s next untap step, "
                     "it is treated as though it does not exist, so it neither transforms nor counts for "
                     f"daybound or nightbound.{also}", permanent=p.id)

    def _resolve(self, move: Resolve) -> None:
        t = self.trigger(move.trigger)
        self.pending.remove(t)
        log, R = self.log, self.rules
        if move.countered:
            log.add(None, "resolve", R("independent"), f"Pending #{t.id} ({t.text}) is countered: it does nothing.",
                    trigger=t.id)
            return
        if t.kind != "werewolf":
            log.add(None, "resolve", R("independent"),
                    f"Pending #{t.id} resolves ({t.text}): do what the card says.", trigger=t.id)
            return
        p = self.permanent(t.permanent)
        if p is None or p.phased_out:
            log.add(None, "resolve", R("independent"),
                    f"Pending #{t.id} resolves ({t.text}), but {t.source} is no longer on the battlefield: "
                    "nothing happens.",
                    trigger=t.id)
        elif transformed_since(t.stamp, p.transforms):
            log.add(p.controller, "resolve", R("transform once"),
                    f"Pending #{t.id} resolves ({t.text}), but {p.face_name()} has transformed since the ability was put "
                    "on the stack, so the instruction is ignored.", trigger=t.id)
        else:
            log.add(p.controller, "resolve", R("intervening if"),
                    f"Pending #{t.id} resolves ({t.text}): \"last turn\" has not changed, so its condition "
                    "still holds.",
                    trigger=t.id)
            self._transform(p, False, "werewolf", f"{t.source}'s upkeep ability")

    def _end(self, move: EndGame) -> None:
        self.over = True
        self.end_reason = move.reason
        self.log.add(None, "end", self.rules("end"), f"The game ends ({move.reason}) at {self.designation_name}.")

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
        if self.pending:
            lines.append("Waiting to resolve: " + "; ".join(f"#{t.id} {t.text}" for t in self.pending) + ".")
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
            "next": self.next_in_order(),
            "order": list(self.order),
            "teams": [[t, list(m)] for t, m in self.teams] if self.teams else None,
            "players": list(self.players),
            "spells_this_turn": self.spells_this_turn(),
            "copies_this_turn": {p: self.copies[i] if self.copies else 0 for i, p in enumerate(self.players)},
            "last_turn": (None if self.last_turn is None
                          else {p: self.last_turn[i] for i, p in enumerate(self.players)}),
            "permanents": [p.to_json() for p in self.permanents],
            "faces": {str(p.id): p.face for p in self.permanents},
            "pending": [t.to_json() for t in self.pending],
            "next_untap_step": self.forecast(),
            "werewolves_next_upkeep": self.werewolf_forecast(),
            "over": self.over,
            "summary": self.summary(),
        }

    def describe(self) -> str:
        who = self.order[self.active] if self.active is not None else "before the first turn"
        return (f"mtg turn {self.turn} ({who}), {self.designation_name}, "
                f"{len(self.permanents)} tracked permanents, {len(self.pending)} pending triggers")

    def turn_table(self) -> list[dict[str, Any]]:
        """One row per turn: its number, the active player or team, the designation after its
        untap-step check, whether it changed there, and the spells each player cast that turn
        (the active player's and the others'), the designation at the end of the turn (an
        effect or a permanent entering can change it during the turn), and the turns skipped
        before it."""
        rows = []
        turns = self.turns
        for i, (slot, before, d, changed, spells, skipped) in enumerate(turns):
            members = self.members[slot]
            active_spells = sum(spells[j] for j in members)
            end = turns[i + 1][1] if i + 1 < len(turns) else self.designation
            rows.append({"turn": i + 1, "active": self.order[slot], "designation": DESIGNATIONS[d],
                         "designation_end": DESIGNATIONS[end],
                         "changed_at_untap": changed,
                         "active_spells": active_spells,
                         "other_spells": sum(spells) - active_spells,
                         "max_player_spells": max(spells[j] for j in members),
                         "skipped": list(skipped)})
        return rows

    def copy(self) -> "DayNight":
        import pickle
        return pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))

    def snapshot(self) -> bytes:
        """Bytes that change whenever any part of the state changes (the state is in slots; the
        table's explained sentences, ``_voice``, are a cache shared with other games, not state)."""
        import pickle
        return pickle.dumps([getattr(self, s) for s in DayNight.__slots__ if s != "_voice"],
                            protocol=pickle.HIGHEST_PROTOCOL)

    def drawing(self, viewer: Any = None, **options: Any):
        """The table drawn (:func:`daynight.mtg.draw.table`)."""
        from . import draw
        return draw.table(self, viewer, **options)

    def _repr_html_(self) -> str:  # a game shows its table in a notebook
        return self.drawing()._repr_html_()

    def _repr_svg_(self) -> str:
        return self.drawing().svg


_WEREWOLF = frozenset(("werewolf front", "werewolf back"))
_OPTIONS = Options()
_NO_COPIES: tuple = ()
#: the untap step when it is not skipped (the rule :func:`untap_step`)
_UNTAP_STEP = untap_step()
_MOONSILVER = Effect("Bound by Moonsilver", "aura", cant_transform=True)
_CYTOSHAPE = Effect("Cytoshape", "copy", until_end_of_turn=True, becomes="Brutal Cathar", abilities=("daybound",))

_CHECKS = {
    Becomes: DayNight._check_becomes, Enter: DayNight._check_enter, Leave: DayNight._check_leave,
    Transform: DayNight._check_transform, Affect: DayNight._check_affect, EndEffect: DayNight._check_end_effect,
    PhaseOut: DayNight._check_phase_out, Resolve: DayNight._check_resolve, EndGame: DayNight._check_end,
    CastSpell: DayNight._check_cast, BeginTurn: DayNight._check_turn,
}
_APPLY = {
    BeginTurn: DayNight._begin_turn, CastSpell: DayNight._cast, Becomes: DayNight._becomes, Enter: DayNight._enter,
    Leave: DayNight._leave, Transform: DayNight._transform_move, Affect: DayNight._affect,
    EndEffect: DayNight._end_effect, PhaseOut: DayNight._phase_out, Resolve: DayNight._resolve, EndGame: DayNight._end,
}

GAME = DayNight
