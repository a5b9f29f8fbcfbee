"""mtg: the designation changes, and what transforms with it (728.1, 702.145, 701.28, 712.18).

:class:`Changes` gives the game a designation (:meth:`Changes._set`), transforms the daybound
and nightbound permanents that follow it, sets the first designation from the permanents
while it is neither, transforms a permanent when another effect tells it to, and puts
triggered abilities in waiting. Each rule it applies is a function of :mod:`~daynight.mtg.rules`.
"""

from __future__ import annotations

from .permanent import Permanent, Trigger
from .rules import (
    BACK,
    DAY,
    DESIGNATIONS,
    FRONT,
    NEITHER,
    NIGHT,
    attaches_as_it_transforms,
    becomes_unattached,
    designation_from_neither,
    enchants_a_player,
    is_change,
    transform_blocked,
)
from .state import State, capitalized, said

#: the cause of the transformations a change of designation makes (one string, so the
#: explained events that name it are found at once)
AS_IT_BECOMES = tuple(f"As it becomes {name}" for name in DESIGNATIONS)

#: the rule that stops a transform (:func:`~daynight.mtg.rules.transform_blocked`), and why, in words
BLOCK_RULE = {
    "not double-faced": "cannot transform",
    "instant face": "instant face",
    "can't": "cant",
    "daybound": "daybound",
    "nightbound": "nightbound",
}
BLOCK_WHY = {
    "not double-faced": "it is not represented by a transforming double-faced card or token, so nothing happens",
    "instant face": "its other face is an instant or sorcery face, so nothing happens",
    "can't": "an effect says it can't transform, and \"can't\" wins",
    "daybound": "a permanent with daybound can't transform except due to its daybound ability",
    "nightbound": "a permanent with nightbound can't transform except due to its nightbound ability",
}


class Changes(State):
    """The designation and transforming: what happens as it becomes day or night."""

    __slots__ = ()

    def _set(self, new: int, reason: str, untap: bool, key: str) -> None:
        """Give the game the designation ``new`` and apply what follows from it."""
        log = self.log
        old = self.designation
        if new == old:
            if log.enabled:
                log.add(
                    None,
                    "unchanged",
                    self.rules(key),
                    f"{capitalized(reason)} says it becomes {DESIGNATIONS[new]}; it is already "
                    f"{DESIGNATIONS[new]}, so nothing changes and nothing transforms.",
                    designation=DESIGNATIONS[new],
                    source=reason,
                )
            return
        self.designation = new
        if log.enabled:
            ck = ("change", old, new, untap, key, reason)
            self._events.append(
                self._voice.get(ck) or said(self._voice, ck, self._change_event(old, new, reason, untap, key))
            )
            cause = AS_IT_BECOMES[new]
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
        """ "Whenever day becomes night or night becomes day" (728.1a: not on the first designation)."""
        for p in self.permanents:
            if "change trigger" not in p.abilities or p.phased_out:
                continue
            if is_change(old, new):
                self._trigger(
                    p,
                    "change",
                    "whenever day becomes night or night becomes day",
                    "upkeep" if untap else "next priority",
                    "untap triggers" if untap else "change",
                )
            else:
                self.log.add(
                    p.controller,
                    "no_trigger",
                    self.rules("change"),
                    f'{p.face_name()}\'s "whenever day becomes night or night becomes day" does '
                    "not trigger: gaining the first designation is not a change between day and night.",
                    permanent=p.id,
                )

    def _change_event(self, old: int, new: int, reason: str, untap: bool, key: str) -> tuple:
        if old == NEITHER:
            text = (
                f"It becomes {DESIGNATIONS[new]} ({reason}). The game had neither designation; "
                "from now on it is always day or night, never neither again."
            )
            rule = self.rules("designation") if key == "effect" else self.rules(key)
        elif untap:
            text = (
                f"{DESIGNATIONS[old].capitalize()} becomes {DESIGNATIONS[new]} in the untap step, "
                "before the active player untaps."
            )
            rule = self.rules(key)
        else:
            text = (
                f"{DESIGNATIONS[old].capitalize()} becomes {DESIGNATIONS[new]} ({reason}); "
                "an effect can do this at any time of the turn."
            )
            rule = self.rules(key)
        return (
            None,
            "change",
            rule,
            text,
            {
                "old": DESIGNATIONS[old],
                "new": DESIGNATIONS[new],
                "untap_step": untap,
                "source": "untap step" if untap else reason,
            },
        )

    def _transform(self, p: Permanent, by_day_night: bool, key: str, cause: str, untap: bool = False) -> bool:
        """Try to transform ``p``: turn it to its other face (701.28a) unless a rule stops it
        (:func:`~daynight.mtg.rules.transform_blocked`). It stays the same object (712.18)."""
        log = self.log
        blocker = (
            p.day_night_block
            if by_day_night  # transform_blocked, kept with its face
            else transform_blocked(
                p.double_faced, p.spell_back and p.up == FRONT, p.cant_transform, p.daybound, p.nightbound, False
            )
        )
        if blocker is not None:
            if log.enabled:
                log.add(
                    p.controller,
                    "no_transform",
                    self.rules(BLOCK_RULE[blocker]),
                    f"{cause}, {p.face_name()} would transform, but {BLOCK_WHY[blocker]}: it keeps its face.",
                    permanent=p.id,
                    why=blocker,
                )
            return False
        # 701.28a: it turns to its other face, and reads that face's facts; it stays the same
        # object, so what applies to it still does (712.18). Written out here rather than in a
        # method of Permanent: one call fewer a transform, 18,472 instructions a quiet turn of
        # benchmarks/bench_mtg.py against 18,687 (callgrind, 2026-12-02)
        p.up = up = BACK if p.up == FRONT else FRONT
        p.transforms += 1
        if p.effects:
            p.refresh()  # the same effects: its copy effect stays
        else:  # what refresh() does when nothing applies to it ("follows" stays)
            p.abilities, p.daybound, p.nightbound, p.transforms_at, p.day_night_block = p.faces[up]
        if log.enabled:
            self._explain_transform(p, key, cause)
        if p.spec.enchant_player:
            self._attachment(p)
        if p.triggers and p.copy is None:
            into = "into back" if up == BACK else "into front"
            if into in p.triggers:
                self._trigger(
                    p,
                    "transforms",
                    f"whenever it transforms into {p.printed_name()}",
                    "upkeep" if untap else "next priority",
                    "transforms into",
                )
        return True

    def _attachment(self, p: Permanent) -> None:
        """An Aura that enchants a player, transformed: as a creature it becomes unattached (a
        state-based action, 704.5p); turning back into the Aura, its controller attaches it to a
        player as it transforms (712.20; Curse of Leeches): a choice, offered as moves
        (:class:`~daynight.mtg.moves.Attach`), that comes before anything else. (Which face is
        the Aura is read from the card: the tracker does not follow a copy effect on it here.)"""
        aura = enchants_a_player(p.up, p.spec.enchant_player)
        if becomes_unattached(p.attached is not None, aura):
            was, p.attached = p.attached, None
            self._count()
            self.log.add(
                p.controller,
                "unattach",
                f"{self.rules('creature attached')}; {self.rules('curse')}",
                f"{p.face_name()} is a creature now: it becomes unattached from {was} and stays on the "
                "battlefield (a state-based action).",
                permanent=p.id,
                player=was,
            )
        elif attaches_as_it_transforms(aura):
            self.choosing.append(p.id)
            who = p.controller or "its controller"
            self.log.add(
                p.controller,
                "attaching",
                f"{self.rules('as transforms')}; {self.rules('curse')}",
                f"As it transforms into {p.face_name()}, {who} attaches it to a player of their choice "
                "(it does not target: a player with hexproof can be chosen). Choose the player before "
                "anything else happens.",
                permanent=p.id,
            )

    def _explain_transform(self, p: Permanent, key: str, cause: str) -> None:
        """The transform in words, and what still applies to it (712.18)."""
        log = self.log
        ck = ("transform", p.id, p.name, p.back, p.up, p.copy, key, cause, p.controller)
        self._events.append(self._voice.get(ck) or said(self._voice, ck, self._transform_event(p, key, cause)))
        if p.effects:
            stays = ", ".join(e.words() for e in p.effects)
            log.add(
                p.controller,
                "same_object",
                self.rules("same object"),
                f"It is the same permanent after transforming, so what applied to it still does: {stays}. "
                "(An Aura that can't enchant the new face goes to the graveyard as a state-based action, "
                f"{self.rules('aura sba')}: remove it if so.)",
                permanent=p.id,
            )

    def _transform_event(self, p: Permanent, key: str, cause: str) -> tuple:
        if p.copy is not None and p.copy.becomes:
            before = p.copy.becomes
        else:
            before = p.name if p.up == BACK else (p.back or f"{p.name} (back face)")
        return (
            p.controller,
            "transform",
            self.rules(key),
            f"{cause}, {before} transforms into {p.face_name()} ({self.rules('transform')}).",
            {"permanent": p.id, "up": p.up},
        )

    def _follow(self, p: Permanent, *, untap: bool) -> None:
        """702.145c/f: "Any time" a front-face-up daybound permanent is under a player's control
        at night (a back-face-up nightbound one at day), "that player transforms that
        permanent. This happens immediately and isn't a state-based action.\""""
        if p.phased_out:
            return
        d = self.designation
        if p.transforms_at == d:  # must_transform, kept with its face
            night = d == NIGHT
            cause = (
                f"It is {DESIGNATIONS[d]} and {p.face_name()} is "
                f"{'front face up with daybound' if night else 'back face up with nightbound'}"
            )
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
        if day is not None and new == DAY:
            self._set(
                DAY,
                f"{day.face_name()} has daybound and it was neither day nor night" if explain else "",
                False,
                "daybound neither",
            )
        elif night is not None and new == NIGHT:
            self._set(
                NIGHT,
                f"{night.face_name()} has nightbound, it was neither, and no permanent has daybound" if explain else "",
                False,
                "nightbound neither",
            )

    def _trigger(self, p: Permanent, kind: str, words: str, when: str, rule: str) -> None:
        """A triggered ability of ``p`` waits (603.2: it goes on the stack the next time a player
        would receive priority; those of the untap step at the upkeep, 502.4)."""
        t = Trigger(self.next_trigger, p.id, p.face_name(), kind, f"{p.face_name()}, {words}", when, p.transforms)
        self.next_trigger += 1
        self.pending.append(t)
        if self.log.enabled:
            if when == "upkeep":
                timing = (
                    "it goes on the stack at the beginning of the upkeep (nobody gets priority in the untap step)"
                    if rule == "untap triggers" or kind not in ("werewolf", "enchanted")
                    else "it goes on the stack as the upkeep begins"
                )
            else:
                timing = "it goes on the stack the next time a player would receive priority"
            self.log.add(
                p.controller,
                "trigger",
                self.rules(rule),
                f'{p.face_name()}\'s ability "{words}" triggers (pending #{t.id}); {timing}.',
                permanent=p.id,
                trigger=t.id,
                when=when,
                kind=kind,
            )
