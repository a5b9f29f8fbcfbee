"""mtg: a permanent on the battlefield as the tracker follows it, and a triggered ability waiting.

:class:`Permanent` is the engine's own mutable record of one permanent (its face, what applies
to it, its phasing); :class:`PermanentView` is what everybody sees of it, and :class:`Trigger`
a triggered ability waiting; both are frozen values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .data import DOUBLE_FACED, Effect, PermanentSpec
from .rules import BACK, DAY, FRONT, NIGHT, enchants_a_player, face_abilities, must_transform, transform_blocked

#: what the day/night rules read off one face: (its abilities, daybound, nightbound, the
#: designation at which daybound or nightbound transforms it, what would stop that)
FaceFacts = tuple[frozenset[str], bool, bool, int | None, str | None]


def day_night_facts(
    up: str, daybound: bool, nightbound: bool, double_faced: bool, spell_back: bool, cant_transform: bool
) -> tuple[int | None, str | None]:
    """What daybound and nightbound do to a permanent with this face up: the designation at which
    they transform it (:func:`~daynight.mtg.rules.must_transform` asked of night and day;
    ``None``: neither does) and what stops that transformation
    (:func:`~daynight.mtg.rules.transform_blocked`; ``None``: nothing)."""
    if must_transform(NIGHT, up, daybound, nightbound):
        at: int | None = NIGHT
    elif must_transform(DAY, up, daybound, nightbound):
        at = DAY
    else:
        at = None
    return at, transform_blocked(double_faced, spell_back and up == FRONT, cant_transform, daybound, nightbound, True)


def face_facts(kind: str, werewolf: bool, change: bool, spell_back: bool) -> dict[str, FaceFacts]:
    """Each face's day/night abilities (:func:`~daynight.mtg.rules.face_abilities`, with the
    "whenever day becomes night or night becomes day" trigger when ``change``) and what the
    rules read off them while nothing applies to the permanent (:func:`day_night_facts`)."""
    double = kind in DOUBLE_FACED
    out = {}
    for f in (FRONT, BACK):
        ab = face_abilities(kind, f, werewolf) | ({"change trigger"} if change else frozenset())
        db, nb = "daybound" in ab, "nightbound" in ab
        out[f] = (ab, db, nb, *day_night_facts(f, db, nb, double, spell_back, False))
    return out


#: :func:`face_facts` of every kind of permanent met so far, shared read-only by the
#: permanents of that kind: a transform reads its new face's facts here (``Permanent.faces``)
#: instead of asking four rule functions again. Measured on ``benchmarks/bench_mtg.py``
#: (callgrind, 2026-12-01): asking them at every transform costs 8,700 instructions per turn
#: more (+24% on ``mtg.untap_checks``); sharing the tables between permanents saves 930 more.
#: ``tests/test_mtg_rules.py`` checks every entry against the rule functions.
FACES: dict[tuple[str, bool, bool, bool], dict[str, FaceFacts]] = {}


def faces_of(kind: str, werewolf: bool, change: bool, spell_back: bool) -> dict[str, FaceFacts]:
    """:func:`face_facts`, kept in :data:`FACES`."""
    key = (kind, werewolf, change, spell_back)
    table = FACES.get(key)
    if table is None:
        table = FACES[key] = face_facts(kind, werewolf, change, spell_back)
    return table


@dataclass(frozen=True, slots=True)
class PermanentView:
    """One permanent as everybody sees it: its faces and the face that is up, its day/night
    abilities, what applies to it, its phasing, and ``label``, the permanent in words."""

    id: int
    name: str
    kind: str
    back: str
    controller: str | None
    up: str
    face: str | None
    face_name: str
    printed_name: str
    other_face: str
    double_faced: bool
    token: bool
    abilities: tuple[str, ...]
    transformed: bool
    transforms: int
    effects: tuple[Effect, ...]
    cant_transform: bool
    phased_out: bool
    phased_under: str | None
    back_type: str
    triggers: tuple[str, ...]
    label: str
    #: the player it enchants (an Aura with "enchant player" front face up), else ``None``
    attached_to: str | None = None
    #: its face up is an Aura with "enchant player"
    aura: bool = False

    @classmethod
    def of(cls, p: Permanent) -> PermanentView:
        return cls(
            p.id,
            p.name,
            p.kind,
            p.back,
            p.controller,
            p.up,
            p.face,
            p.face_name(),
            p.printed_name(),
            p.other_face_name(),
            p.double_faced,
            p.spec.token,
            tuple(sorted(p.abilities)),
            p.transformed,
            p.transforms,
            p.effects,
            p.cant_transform,
            p.phased_out,
            p.phased_under,
            p.spec.back_type,
            p.spec.triggers,
            p.label(),
            p.attached,
            enchants_a_player(p.up, p.spec.enchant_player),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "back": self.back,
            "controller": self.controller,
            "up": self.up,
            "face": self.face,
            "face_name": self.face_name,
            "printed_name": self.printed_name,
            "other_face": self.other_face,
            "double_faced": self.double_faced,
            "token": self.token,
            "abilities": list(self.abilities),
            "transformed": self.transformed,
            "transforms": self.transforms,
            "effects": [e.to_json() for e in self.effects],
            "cant_transform": self.cant_transform,
            "phased_out": self.phased_out,
            "phased_under": self.phased_under,
            "back_type": self.back_type,
            "triggers": list(self.triggers),
            "label": self.label,
            # an Aura on a player (version 2 of the records, issue 20): only when there is one
            **({"attached_to": self.attached_to} if self.attached_to is not None else {}),
        }


class Permanent:
    """A permanent on the battlefield that the tracker follows (mutable: its face, its effects
    and its phasing change; it stays the same object when it transforms, 712.18).

    ``abilities`` are those of the face that is up, or of the latest copy effect; ``daybound``,
    ``nightbound``, ``cant_transform``, the designation at which daybound or nightbound
    transforms it (``transforms_at``) and what would stop them (``day_night_block``) are kept
    with them (:meth:`refresh`), so the rules read plain values."""

    __slots__ = (
        "abilities",
        "attached",
        "back",
        "cant_transform",
        "controller",
        "copy",
        "day_night_block",
        "daybound",
        "double_faced",
        "effects",
        "faces",
        "follows",
        "id",
        "kind",
        "name",
        "nightbound",
        "phased_out",
        "phased_under",
        "spec",
        "spell_back",
        "transforms",
        "transforms_at",
        "triggers",
        "up",
    )

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
        #: the player it is attached to (an Aura that enchants a player), else ``None``
        self.attached: str | None = None
        #: represented by a transforming double-faced card or a double-faced token (712.9)
        self.double_faced = double_faced
        #: the back face is an instant or sorcery face (712.10)
        self.spell_back = spec.back_type != "permanent"
        #: its triggered abilities that the tracker follows (TRIGGERS)
        self.triggers = spec.triggers
        #: each face's facts (:func:`faces_of`): what the rules read when that face is up and
        #: nothing applies to it
        self.faces = faces_of(spec.kind, spec.werewolf, "change" in spec.triggers, self.spell_back)
        self.abilities: frozenset[str] = frozenset()
        self.daybound = self.nightbound = self.cant_transform = self.follows = False
        self.copy: Effect | None = None
        self.transforms_at: int | None = None
        self.day_night_block: str | None = None
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
            (self.abilities, self.daybound, self.nightbound, self.transforms_at, self.day_night_block) = self.faces[up]
        else:
            if copy is None:
                ab, db, nb = self.faces[up][:3]
            else:
                ab = frozenset(copy.abilities)
                db, nb = "daybound" in ab, "nightbound" in ab
            self.abilities, self.daybound, self.nightbound = ab, db, nb
            self.transforms_at, self.day_night_block = day_night_facts(
                up, db, nb, self.double_faced, self.spell_back, cant
            )
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
        if self.attached is not None:
            bits.append(f"enchanting {self.attached}")
        if self.phased_out:
            bits.append("phased out")
        return f"#{self.id} {name}" + (f" ({', '.join(bits)})" if bits else "")

    def view(self) -> PermanentView:
        """What everybody sees of it: a frozen value."""
        return PermanentView.of(self)

    def to_json(self) -> dict[str, Any]:
        return self.view().to_json()

    def __getstate__(self) -> tuple[Any, ...]:
        return tuple(getattr(self, s) for s in self.__slots__)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        for s, v in zip(self.__slots__, state, strict=True):
            setattr(self, s, v)

    def _repr_html_(self) -> str:  # the card, drawn (daynight.mtg.draw fills PICTURES as it loads)
        return PICTURES["permanent"](self)


@dataclass(frozen=True, slots=True)
class Trigger:
    """A triggered ability waiting to go on the stack or to resolve (``when``: ``"upkeep"`` for
    those that triggered in the untap step, 502.4, or at the beginning of the upkeep;
    ``"next priority"`` otherwise). ``stamp`` is how often its source had transformed when it
    triggered (701.28f)."""

    id: int
    permanent: int
    source: str
    kind: str  # "change", "werewolf", "enters", "transforms", "enchanted"
    text: str
    when: str
    stamp: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "permanent": self.permanent,
            "source": self.source,
            "kind": self.kind,
            "text": self.text,
            "when": self.when,
        }


#: how the values of this package draw themselves: ``"permanent"`` (a permanent to the HTML
#: of its card) and ``"table"`` (a game, a viewer and options to the drawing of its table).
#: :mod:`daynight.mtg.draw` fills it as it is imported (the package imports it), so the values
#: show their drawings without importing the drawings, which import them.
PICTURES: dict[str, Callable[..., Any]] = {}
