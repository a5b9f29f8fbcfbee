"""mtg: permanents enter and leave the battlefield, and effects apply to them (712.13-712.14, 702.145b, 702.26).

:class:`Battlefield` puts permanents onto the battlefield with the face the rules give them
(:func:`~daynight.mtg.rules.entering_face`), takes them off, transforms one when another
effect says so, starts and ends the effects that apply to one, and phases one out.
"""

from __future__ import annotations

from .changes import Changes
from .data import DOUBLE_FACED, PermanentSpec
from .moves import Affect, EndEffect, Enter, Leave, PhaseOut, Transform
from .permanent import Permanent
from .rules import BACK, DAY, NEITHER, NIGHT, enchants_a_player, entering_face
from .state import capitalized


class Battlefield(Changes):
    """The battlefield: what enters with which face, what leaves, what applies to a permanent."""

    __slots__ = ()

    def _entering_face(self, spec: PermanentSpec) -> tuple[str | None, str]:
        """The face ``spec`` would enter with now, and the rule that says so (:func:`entering_face`)."""
        double = spec.kind in DOUBLE_FACED
        return entering_face(
            double,
            spec.kind == "dfc",
            self.designation,
            spec.transformed,
            double and not spec.token,
            spec.back_type != "permanent",
            spec.via == "spell",
            self.options.token_enters_transformed,
        )

    def _add(self, spec: PermanentSpec, up: str) -> Permanent:
        p = Permanent(self.next_id, spec, up, spec.kind in DOUBLE_FACED)
        self.next_id += 1
        self.permanents.append(p)
        self._count()
        return p

    def _enter(self, move: Enter) -> None:
        """Permanents enter together, each with the face the rules give it; then it becomes day
        (or night) if it was neither, and each one that must transform does (702.145c/f)."""
        log, R = self.log, self.rules
        d = self.designation
        entered: list[Permanent] = []
        for spec in move.permanents:
            up, key = self._entering_face(spec)
            if up is None:
                self._no_enter(spec, key)
                continue
            p = self._add(spec, up)
            entered.append(p)
            if log.enabled:
                log.add(p.controller, "enter", R(key), self._enter_text(p, spec, key, d), permanent=p.id, up=up)
            if spec.enchant_player:
                self._enters_attached(p)
            if p.triggers:
                self._enter_triggers(p)
        if not entered:
            return
        if self.designation == NEITHER:
            setter = next((p for p in entered if p.spec.day_if_neither), None)
            if setter is not None:  # the reason is words for the log only
                self._set(
                    DAY,
                    f"{setter.face_name()}: if it's neither day nor night, it becomes day as it enters"
                    if log.enabled
                    else "",
                    False,
                    "designation",
                )
        self._from_neither()
        for p in entered:
            self._follow(p, untap=False)

    def _no_enter(self, spec: PermanentSpec, key: str) -> None:
        """712.13a, 712.14a, 304.4/307.4: it does not enter the battlefield, and where it goes."""
        where = (
            "is put into its owner's graveyard instead" if key == "enters graveyard" else "stays in the zone it was in"
        )
        if spec.kind not in DOUBLE_FACED:
            why = "it is not a transforming double-faced card"
        else:
            why = f"its back face is {'an' if spec.back_type == 'instant' else 'a'} {spec.back_type}"
        self.log.add(
            spec.controller,
            "no_enter",
            self.rules(key),
            f"{spec.name} would enter the battlefield transformed, but {why}: it doesn't enter "
            f"the battlefield and {where}.",
            name=spec.name,
        )

    def _enter_text(self, p: Permanent, spec: PermanentSpec, key: str, d: int) -> str:
        label = p.label()
        if key == "daybound":
            return (
                f"It is night, so {spec.name} enters transformed: {label}. It does not enter "
                "front face up and then transform, whether it was cast or not."
            )
        if key == "put transformed":
            return f"{spec.name} is put onto the battlefield transformed (back face up): {label}."
        if not p.double_faced:
            if spec.kind in ("daybound", "nightbound"):
                return f"{label} enters; it is not a double-faced permanent, so it can never transform."
            return f"{label} enters."
        if spec.token and spec.kind == "dfc" and d == NIGHT:
            return (
                f"{label} enters: a double-faced token is not 'represented by a transforming double-faced "
                "card', so daybound does not make it enter transformed (rule option "
                "token_enters_transformed is off)."
            )
        if spec.kind == "dfc" and d == DAY:
            return f"It is day, so {label} enters with its daybound face up."
        if spec.kind == "dfc" and d == NEITHER:
            return f"{label} enters while it is neither day nor night."
        return f"{label} enters front face up (the face that was up on the stack, or the front face by default)."

    def _enters_attached(self, p: Permanent) -> None:
        """An Aura with "enchant player" enters attached to the player its spell targeted
        (303.4a) or that the player putting it onto the battlefield chose (303.4f); entering back
        face up it is a creature, attached to nothing (704.5p)."""
        spec, R = p.spec, self.rules
        if enchants_a_player(p.up, spec.enchant_player):
            p.attached = spec.attached_to
            self._count()
            self.log.add(
                p.controller,
                "attach",
                R("aura target"),
                f"{p.face_name()} enters attached to {p.attached}: it enchants {p.attached}.",
                permanent=p.id,
                player=p.attached,
            )
        elif spec.attached_to is not None:
            self.log.add(
                p.controller,
                "unattach",
                f"{R('creature attached')}; {R('curse')}",
                f"{p.face_name()} enters as a creature: it is attached to no player "
                f"({spec.attached_to} was its spell's target).",
                permanent=p.id,
            )

    def _enter_triggers(self, p: Permanent) -> None:
        key = "enters back" if p.up == BACK else "enters front"
        if key in p.spec.triggers:
            self._trigger(p, "enters", f"when it enters as {p.printed_name()}", "next priority", "enters face")

    def _leave(self, move: Leave) -> None:
        p = self._on_battlefield(move.permanent)
        self.permanents.remove(p)
        self._count()
        gone = [e.name for e in p.effects if e.kind == "aura"]
        auras = f" Its Auras ({', '.join(gone)}) go to the graveyard." if gone else ""
        waiting = [t.id for t in self.pending if t.permanent == p.id]
        still = (
            f" Its pending abilities (#{', #'.join(map(str, waiting))}) still resolve: an ability on the "
            f"stack exists independently of its source ({self.rules('independent')})."
            if waiting
            else ""
        )
        self.log.add(
            p.controller,
            "leave",
            self.rules("keywords"),
            f"{p.label()} leaves the battlefield; the designation does not change (it stays "
            f"{self.designation_name}).{auras}{still}",
            permanent=p.id,
        )

    def _on_battlefield(self, pid: int) -> Permanent:
        """The permanent ``pid`` (the move was checked: it is there)."""
        p = self.permanent(pid)
        assert p is not None, pid
        return p

    def _transform_move(self, move: Transform) -> None:
        p = self._on_battlefield(move.permanent)
        source = move.source or "another effect"
        self._transform(p, False, "transform", f"{capitalized(source)} transforms it")

    def _affect(self, move: Affect) -> None:
        p = self._on_battlefield(move.permanent)
        e = move.effect
        p.effects = p.effects + (e,)
        p.refresh()
        self._count()
        R = self.rules
        if e.kind == "copy":
            ab = ", ".join(sorted(e.abilities)) or "no day/night abilities"
            self.log.add(
                p.controller,
                "effect",
                R("copy values"),
                f"{e.name}: #{p.id} becomes a copy of {e.becomes} ({ab}); it is still the same card "
                f"{'(a double-faced one)' if p.double_faced else '(single-faced)'}, "
                f"{'back' if p.up == BACK else 'front'} face up.",
                permanent=p.id,
                effect=e.name,
            )
        elif e.cant_transform:
            self.log.add(
                p.controller,
                "effect",
                R("cant"),
                f"{e.name} applies to {p.label()}: it can't transform while this applies.",
                permanent=p.id,
                effect=e.name,
            )
        else:
            self.log.add(
                p.controller,
                "effect",
                R("same object"),
                f"{e.words()} applies to {p.label()}.",
                permanent=p.id,
                effect=e.name,
            )
        self._from_neither()
        self._follow(p, untap=False)

    def _end_effect(self, move: EndEffect) -> None:
        p = self._on_battlefield(move.permanent)
        e = next(x for x in p.effects if x.name == move.name)
        p.effects = tuple(x for x in p.effects if x is not e)
        p.refresh()
        self._count()
        self.log.add(
            p.controller,
            "effect_ends",
            self.rules("cant" if e.cant_transform else "same object"),
            f"{e.words()} no longer applies to {p.label()}.",
            permanent=p.id,
            effect=e.name,
        )
        self._from_neither()
        self._follow(p, untap=False)

    def _phase_out(self, move: PhaseOut) -> None:
        p = self._on_battlefield(move.permanent)
        p.phased_out, p.phased_under = True, p.controller
        p.refresh()
        self._count()
        attached = [e.name for e in p.effects if e.kind in ("aura", "equipment")]
        also = f" {', '.join(attached)} phase{'s' if len(attached) == 1 else ''} out with it." if attached else ""
        source = f" ({move.source})" if move.source else ""
        self.log.add(
            p.controller,
            "phase_out",
            self.rules("phasing"),
            f"{p.label()} phases out{source}: until it phases in at {p.controller}'s next untap step, "
            "it is treated as though it does not exist, so it neither transforms nor counts for "
            f"daybound or nightbound.{also}",
            permanent=p.id,
        )
