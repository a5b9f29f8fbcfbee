"""mtg: a position to start from, checked by the rules of play (issue 20).

A game can start from a position: a designation and the permanents on the battlefield, each a
:class:`~daynight.mtg.data.PermanentSpec` or a :class:`~daynight.mtg.data.Placed` (with the
face that is up and what applies to it). :class:`Positions` accepts a position exactly when
play could reach it: every permanent is checked by :func:`~daynight.mtg.rules.position_problem`
(with the face and the abilities the engine works out as in play: copies, "can't transform"
effects, instant and sorcery back faces) and, for an Aura that enchants a player, by the
rules of its attachment (303.4, 704.5p).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import IllegalMoveError
from .changes import BLOCK_RULE
from .checks import Checks, effect_problem
from .data import DOUBLE_FACED, PermanentSpec, Placed
from .permanent import Permanent
from .rules import BACK, DESIGNATIONS, FRONT, NEITHER, NIGHT, enchants_a_player, position_problem

#: why a permanent cannot be on the battlefield so (:func:`position_problem`), in words
WHY_NOT = {
    "not double-faced": "{name} is not a transforming double-faced card or token: it cannot have its back face up",
    "instant face": "{name}'s back face is an instant or sorcery face: no permanent has it face up",
    "daybound neither": "{name} cannot be on the battlefield while it is neither day nor night (its daybound "
    "would have made it day)",
    "nightbound neither": "{name} cannot be on the battlefield while it is neither day nor night (its "
    "nightbound would have made it night)",
    "daybound night": "it is night, so {name} cannot start with its daybound face up: nothing stops it from "
    "transforming (daybound and nightbound keep every such permanent in sync)",
    "nightbound day": "it is day, so {name} cannot start with its nightbound face up: nothing stops it from "
    "transforming (daybound and nightbound keep every such permanent in sync)",
}


def placed(item: PermanentSpec | Placed) -> Placed:
    """A permanent of a position, as a :class:`Placed`."""
    return item if isinstance(item, Placed) else Placed(item)


class Positions(Checks):
    """The start of a game: the table, the designation and the permanents already there."""

    __slots__ = ()

    def _setup_events(self) -> None:
        R, log = self.rules, self.log
        if log.enabled:
            if self.teams:
                order = "; ".join(f"{t} ({' and '.join(m)})" for t, m in self.teams)
                log.add(
                    None,
                    "setup",
                    R("shared team turns"),
                    f"Teams take turns in this order (shared team turns): {order}.",
                    teams=[[t, list(m)] for t, m in self.teams],
                )
            else:
                log.add(
                    None,
                    "setup",
                    R("turn order"),
                    f"Players take turns in this order: {', '.join(self.players)}.",
                    players=list(self.players),
                )
            d = self.designation
            if d == NEITHER:
                log.add(
                    None,
                    "setup",
                    R("designation"),
                    "The game starts with neither day nor night.",
                    designation="neither",
                )
            else:
                log.add(
                    None,
                    "setup",
                    R("designation"),
                    f"This position starts at {DESIGNATIONS[d]}.",
                    designation=DESIGNATIONS[d],
                )
        self._place(self.start[1])

    def _place(self, items: Sequence[PermanentSpec | Placed]) -> None:
        """The permanents on the battlefield at the start, each checked by the rules of play."""
        if not items:
            return
        faces = []
        for item in map(placed, items):
            up, problem = self._start_problem(item)
            if problem or up is None:
                message, key = problem or ("no face", "keywords")
                raise IllegalMoveError(message, rule=self.rules(key))
            faces.append((item, up))
        for item, up in faces:
            p = self._add(item.spec, up)
            if item.effects:
                p.effects = item.effects
                p.refresh()
            if enchants_a_player(up, item.spec.enchant_player):
                p.attached = item.spec.attached_to
            self._count()
            self.log.add(
                item.spec.controller,
                "setup",
                self.rules("keywords"),
                f"{p.label()} is on the battlefield at the start.",
                permanent=p.id,
                up=p.up,
            )

    def _start_face(self, spec: PermanentSpec) -> tuple[str | None, str]:
        """The face a permanent has at the start when the position does not say, and the rule
        that gives it: back face up if it was put onto the battlefield transformed (712.14a),
        or if it is a daybound double-faced card at night (702.145b/c: it entered so, or turned
        over as night came), unless its back face is an instant or sorcery (712.10: it never
        turns over); else front face up. ``None``: it cannot be on the battlefield at all."""
        if spec.transformed:
            if spec.kind not in DOUBLE_FACED:
                return None, "put transformed"
            return (None, "instant enters") if spec.back_type != "permanent" else (BACK, "put transformed")
        if spec.kind == "dfc" and self.designation == NIGHT and spec.back_type == "permanent":
            return BACK, "daybound"
        return FRONT, "enters face"

    def _start_problem(self, item: Placed) -> tuple[str | None, tuple[str, str] | None]:
        """The face a permanent of the position has, and what stops play from leaving it so
        (``None``: nothing)."""
        spec = item.spec
        problem = self._spec_problem([spec])
        if problem:
            return None, problem
        for i, e in enumerate(item.effects):
            problem = effect_problem(e, item.effects[:i], spec.name)
            if problem:
                return None, problem
        up, key = (item.up, "keywords") if item.up is not None else self._start_face(spec)
        if up is None:
            why = "its back face is not a permanent" if spec.kind in DOUBLE_FACED else "it is not double-faced"
            return None, (f"{spec.name} cannot be on the battlefield transformed: {why}", key)
        p = Permanent(0, spec, up, spec.kind in DOUBLE_FACED)
        p.effects = item.effects
        p.refresh()
        why_not = position_problem(
            self.designation, up, p.double_faced, p.spell_back, p.daybound, p.nightbound, p.cant_transform
        )
        if why_not:
            return up, (WHY_NOT[why_not].format(name=spec.name), BLOCK_RULE.get(why_not, why_not))
        return up, self._attachment_problem(spec, up)

    def _attachment_problem(self, spec: PermanentSpec, up: str) -> tuple[str, str] | None:
        """An Aura that enchants a player is attached to one (303.4); with its creature face up
        it is attached to nothing (704.5p)."""
        if enchants_a_player(up, spec.enchant_player):
            return self._aura_problem(spec, up)
        if spec.attached_to is not None:
            return (
                f"{spec.name} is a creature with this face up: a creature is attached to no player",
                "creature attached",
            )
        return None
