"""mtg: turns, the untap step, the upkeep, spells and waiting triggers (500-503, 514.2, 601.2, 603, 728.2).

:class:`Turns` begins a turn (the cleanup of the turn before, then the untap step in its
order: phasing, the day/night check, untapping; then the upkeep's triggers), counts the
spells cast, applies "it becomes day / night", resolves waiting triggers and ends the game,
and says in words what the next untap step will do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .battlefield import Battlefield
from .moves import Attach, Becomes, BeginTurn, CastSpell, EndGame, Resolve
from .permanent import Permanent
from .rules import (
    BACK,
    DAY,
    DESIGNATIONS,
    FRONT,
    NEITHER,
    NIGHT,
    designation_of,
    enchanted_upkeep,
    phases_in,
    spell_counts,
    transformed_since,
    untap_check,
    untap_step,
    werewolf_transforms,
)
from .state import ordinal, said, spells_words

#: the untap step when it is not skipped (:func:`~daynight.mtg.rules.untap_step`, asked once:
#: every turn of every simulation reads it; ``tests/test_mtg_rules.py`` checks it is the rule's)
UNTAP_STEP = untap_step()

#: whether a spell cast and a copy of a spell count for day and night
#: (:func:`~daynight.mtg.rules.spell_counts`, asked once for each: every spell of every simulation
#: reads one; ``tests/test_mtg_rules.py`` checks they are the rule's). The rule reads ``copy`` as
#: true or false, and so does ``_cast``. Measured (callgrind, a quiet turn of
#: ``benchmarks/bench_mtg.py``, 2026-12-02): 17,987 instructions against 18,342 with a call a spell.
CAST_COUNTS, COPY_COUNTS = spell_counts(copy=False), spell_counts(copy=True)


class Turns(Battlefield):
    """Turns and spells: the untap-step check, the upkeep, spells cast, effects, triggers resolving."""

    __slots__ = ()

    # .. turns ..............................................................................
    def _begin_turn(self, move: BeginTurn) -> None:
        """Cleanup of the turn before (514.2), then the untap step in its order
        (:func:`untap_step`: phasing, the day/night check, untapping; 502.1-502.3), then the
        upkeep (503.1a). The hot path of every simulation: with nothing phased out, no effect
        ending and an untap step not skipped, a turn is the day/night check and one event."""
        if self._eot:
            self._cleanup()
        prev = self.active
        self.active = slot = self.slot[move.who]
        self.turn += 1
        if not move.extra:
            self._next = self._successor[slot]
        last = self.spells  # the turn that ended: each player's spells
        self.spells = spells = [0] * len(last)
        self.copies = ()
        d = before = self.designation
        if prev is not None and d and not (move.untap_skipped or self._phased):
            # the untap step UNTAP_STEP with nothing to phase in (502.1), then the check (502.2,
            # 728.2a/b) on the previous turn's active player's spells (a player's seat is their
            # index), or with shared team turns those of each player of that team
            counts: Any = last[prev] if self.teams is None else self._team_spells(prev, last)
            new = untap_check(d, counts)
            if self.log.enabled:
                self._explain_turn(move, prev, last, "to night" if d == DAY else "to day", counts, d, new, False)
        else:  # the first turn, a skipped untap step, something phased out, neither
            d, new = self._untap_step(move, prev, slot, last)
        changed = new != d
        if changed:
            self._set(new, "the untap-step check", True, "to night" if d == DAY else "to day")
        self.turns.append((slot, before, new, changed, spells, move.skipping))
        if self.choosing:  # an Aura attaches to a player as it transforms, before the upkeep (R17)
            self.upkeep_waits = True
        elif self._upkeeps:
            self._upkeep(last if prev is not None else None)

    def _team_spells(self, prev: int, last: list[int]) -> tuple[int, ...]:
        """502.2a: with shared team turns, the spells of each player of the previous turn's team."""
        return tuple([last[i] for i in self.members[prev]])

    def _untap_step(self, move: BeginTurn, prev: int | None, slot: int, last: list[int]) -> tuple[int, int]:
        """The untap step as :func:`untap_step` says when it is not the plain one: the first turn,
        a skipped untap step (614.10), something phased out (502.1: phasing comes first, and can
        set the designation from neither), or neither (728.2c); explained. Returns the
        designation the check sees and the designation after it."""
        steps = untap_step(move.untap_skipped, self.options.check_skipped_untap)
        told = self._phased > 0 and "phasing" in steps and self._phasing(self.turn, move.who, slot)
        d = self.designation
        if d and prev is not None and "day/night check" in steps:
            counts = last[prev] if self.teams is None else self._team_spells(prev, last)
            key, new = ("to night" if d == DAY else "to day"), untap_check(d, counts)
        else:
            (key, new), counts = self._no_check(prev, d, steps), None
        if self.log.enabled:
            self._explain_turn(move, prev, last, key, counts, d, new, told)
        return d, new

    def _explain_turn(
        self, move: BeginTurn, prev: int | None, last: list[int], key: str, counts: Any, d: int, new: int, told: bool
    ) -> None:
        """The turn's beginning and its check in words (one event, kept under its inputs)."""
        turn, who = self.turn, move.who
        ck = ("turn", turn, who, key, prev, counts, d, new, move.extra, move.skipping, told)
        self._events.append(
            self._voice.get(ck)
            or said(
                self._voice,
                ck,
                self._turn_text(turn, who, key, prev, last if prev is not None else None, d, new, move, told),
            )
        )

    def _phasing(self, turn: int, who: str, slot: int) -> bool:
        """The first part of the untap step (502.1); True when something phased in."""
        players = tuple(self.players[i] for i in self.members[slot])
        coming = [p for p in self.permanents if p.phased_out and phases_in(p.phased_under, players)]
        if not coming:
            return False
        self.log.add(
            who,
            "turn",
            self.rules("untap phasing"),
            f"Turn {turn} begins: it is {who}'s turn. First, in the untap step, phasing.",
            turn=turn,
            active=who,
        )
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

    def _turn_text(
        self,
        turn: int,
        who: str,
        key: str,
        prev: int | None,
        last: list[int] | None,
        d: int,
        new: int,
        move: BeginTurn,
        told: bool,
    ) -> tuple:
        if key in ("to night", "to day"):
            why = (
                "This is the first turn: there is no previous turn, so no spells were cast in it "
                "(rule option check_first_turn is on)."
                if prev is None or last is None
                else self._check_reason(prev, last, d, stays=new == d)
            )
        elif key == "skip":
            why = (
                f"{who}'s untap step is skipped, so its day/night check does not happen "
                f"(rule option check_skipped_untap is off); it stays {DESIGNATIONS[d]}."
            )
        elif key == "no check":
            why = "It is neither day nor night, so the untap step makes no day/night check."
        elif key == "first turn":
            why = (
                f"This is the first turn: there is no previous turn to check, so it stays "
                f"{DESIGNATIONS[d]} (rule option check_first_turn is off)."
            )
        else:
            why = "It is neither day nor night."
        extra = " (an extra turn)" if move.extra else ""
        skipped = ""
        if move.skipping:
            names = " and ".join(f"{s}'s" for s in move.skipping)
            skipped = (
                f" {names} turn{'s are' if len(move.skipping) > 1 else ' is'} skipped: "
                "a skipped turn does not happen, so the turn before it is still the previous turn."
            )
        head = "Second, the day/night check. " if told else f"Turn {turn} begins: it is {who}'s turn{extra}.{skipped} "
        rule = self.rules(key)
        if move.skipping and not told:
            rule = f"{rule}; {self.rules('skip turn')}"
        return (
            who,
            "turn" if not told else "check",
            rule,
            head + why,
            {
                "turn": turn,
                "active": who,
                "designation": DESIGNATIONS[new],
                "changed": new != d,
                "skipped": list(move.skipping),
            },
        )

    def _check_reason(self, prev: int, spells: list[int], d: int, stays: bool = False) -> str:
        who = self.order[prev]
        if self.teams:
            counts = ", ".join(f"{self.players[i]} {spells_words(spells[i])}" for i in self.members[prev])
            cast = f"on the previous turn the players of {who} cast: {counts}"
            if d == DAY:
                verdict = (
                    "no player of that team cast a spell, so it becomes night"
                    if not stays
                    else "at least one of them cast a spell, so it stays day"
                )
            else:
                verdict = (
                    "one of them cast two or more spells, so it becomes day"
                    if not stays
                    else "no single player of that team cast two or more (team totals are not added), so it stays night"
                )
            return f"Untap-step check (shared team turns): {cast}; {verdict}."
        k = spells[self.members[prev][0]]
        cast = f"{who}, the previous turn's active player, cast {spells_words(k)} during that turn"
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
                log.add(
                    p.controller,
                    "effect_ends",
                    R("cleanup"),
                    f"In the cleanup step of the turn that ended, {e.words()} ends for {p.label()}.",
                    permanent=p.id,
                    effect=e.name,
                )
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
            log.add(
                p.controller,
                "phase_in",
                R("phasing in"),
                f"{p.label()} phases in{also}: phasing does not change which face is up (ruling R22).",
                permanent=p.id,
            )
        self._count()
        self._from_neither()
        for p in back:
            self._follow(p, untap=True)

    def _upkeep(self, last: list[int] | None) -> None:
        """503.1a: abilities that triggered in the untap step and at the beginning of the
        upkeep go on the stack before the active player gets priority. Innistrad werewolves
        trigger here (an intervening "if", 603.4), and "at the beginning of enchanted player's
        upkeep" in a turn of the enchanted player."""
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
                if p.attached is not None and "enchanted upkeep" in p.triggers:
                    self._enchanted_upkeep(p)
                continue
            if not werewolf_transforms(up, last):
                continue
            cond = "no spells were cast last turn" if up == FRONT else "a player cast two or more spells last turn"
            self._trigger(
                p, "werewolf", f"at the beginning of each upkeep, if {cond}, transform it", "upkeep", "werewolf"
            )

    def _enchanted_upkeep(self, p: Permanent) -> None:
        """ "At the beginning of enchanted player's upkeep" (Curse of Leeches): it triggers in a
        turn of the player it enchants, and waits, saying whom it names and what it will do."""
        if enchanted_upkeep(p.attached, self.active_players()):
            self._trigger(
                p,
                "enchanted",
                f"at the beginning of {p.attached}'s upkeep (the enchanted player), {self._upkeep_words(p)}",
                "upkeep",
                "enchanted upkeep",
            )

    @staticmethod
    def _upkeep_words(p: Permanent) -> str:
        """What its "enchanted player's upkeep" ability does, with the players' names."""
        words = p.spec.upkeep or "do what the card says"
        return words.replace("{enchanted}", p.attached or "the enchanted player").replace(
            "{controller}", p.controller or "its controller"
        )

    def _attach(self, move: Attach) -> None:
        """The controller chooses the player the Aura enchants as it transforms; if that came in
        the untap step, the upkeep begins now, so its upkeep ability can trigger this very turn
        (ruling R17)."""
        p = self._on_battlefield(move.permanent)
        self.choosing.remove(p.id)
        p.attached = move.player
        self._count()
        self.log.add(
            p.controller,
            "attach",
            f"{self.rules('as transforms')}; {self.rules('curse')}",
            f"{p.controller or 'Its controller'} attaches {p.face_name()} to {move.player}: it enchants "
            f"{move.player}. (Hexproof would not stop this; the tracker does not follow hexproof.)",
            permanent=p.id,
            player=move.player,
        )
        if self.upkeep_waits and not self.choosing:
            self.upkeep_waits = False
            if self._upkeeps:
                self._upkeep(self.last_turn)

    # .. spells and effects ...................................................................
    def _cast(self, move: CastSpell) -> None:
        i = self.index[move.player]
        if not (COPY_COUNTS if move.copy else CAST_COUNTS):
            self._copy(move, i)
            return
        self.spells[i] += 1
        if self.log.enabled and self.active is not None:
            n = self.spells[i]
            key = ("cast", move.player, move.spell, move.zone, move.countered, n, self.active)
            self._events.append(
                self._voice.get(key)
                or said(self._voice, key, self._cast_event(move, n, i in self.members[self.active]))
            )

    def _copy(self, move: CastSpell, i: int) -> None:
        """707.10: a copy of a spell is put on the stack, and it is not cast."""
        if not self.copies:
            self.copies = [0] * len(self.players)
        self.copies[i] += 1
        if self.log.enabled:
            what = f" {move.spell}" if move.spell else " a spell"
            self.log.add(
                move.player,
                "copy",
                self.rules("copy"),
                f"{move.player} puts a copy of{what} on the stack; a copy is not cast, so it does "
                "not count for day and night (nor for the Innistrad werewolves).",
                spell=move.spell,
                counts=False,
            )

    def _cast_event(self, move: CastSpell, n: int, active: bool) -> tuple:
        what = f" {move.spell}" if move.spell else " a spell"
        zone = "" if move.zone == "hand" else f" from the {move.zone}"
        countered = " It is countered, but it was still cast." if move.countered else ""
        who = self.active_name
        if active:
            whose = (
                f"{move.player} is an active player (on {who}); "
                if self.teams
                else f"{move.player} is the active player, so "
            )
            text = (
                f"{move.player} casts{what}{zone}: the {ordinal(n)} spell {move.player} has cast this turn. "
                f"{whose}it counts for the next untap-step check.{countered}"
            )
        else:
            text = (
                f"{move.player} casts{what}{zone} during {who}'s turn; only the active "
                f"{'team' if self.teams else 'player'}'s spells count for day and night, so this one "
                f"does not.{countered}"
            )
        rule = self.rules("countered" if move.countered else ("cast any zone" if zone else "cast"))
        return (
            move.player,
            "cast",
            rule,
            text,
            {"spell": move.spell, "zone": move.zone, "countered": move.countered, "counts": active, "count": n},
        )

    def _becomes(self, move: Becomes) -> None:
        self._set(designation_of(move.designation), move.source or "an effect", False, "effect")

    def _resolve(self, move: Resolve) -> None:
        t = self.trigger(move.trigger)
        assert t is not None, move
        self.pending.remove(t)
        log, R = self.log, self.rules
        if move.countered:
            log.add(
                None,
                "resolve",
                R("independent"),
                f"Pending #{t.id} ({t.text}) is countered: it does nothing.",
                trigger=t.id,
            )
            return
        if t.kind == "enchanted":
            log.add(
                None,
                "resolve",
                f"{R('enchanted upkeep')}; {R('curse')}",
                f"Pending #{t.id} resolves ({t.text}). The tracker keeps no life totals: count them at the table.",
                trigger=t.id,
            )
            return
        if t.kind != "werewolf":
            log.add(
                None,
                "resolve",
                R("independent"),
                f"Pending #{t.id} resolves ({t.text}): do what the card says.",
                trigger=t.id,
            )
            return
        p = self.permanent(t.permanent)
        if p is None or p.phased_out:
            log.add(
                None,
                "resolve",
                R("independent"),
                f"Pending #{t.id} resolves ({t.text}), but {t.source} is no longer on the battlefield: "
                "nothing happens.",
                trigger=t.id,
            )
        elif transformed_since(t.stamp, p.transforms):
            log.add(
                p.controller,
                "resolve",
                R("transform once"),
                f"Pending #{t.id} resolves ({t.text}), but {p.face_name()} has transformed since the ability "
                "was put on the stack, so the instruction is ignored.",
                trigger=t.id,
            )
        else:
            log.add(
                p.controller,
                "resolve",
                R("intervening if"),
                f'Pending #{t.id} resolves ({t.text}): "last turn" has not changed, so its condition still holds.',
                trigger=t.id,
            )
            self._transform(p, False, "werewolf", f"{t.source}'s upkeep ability")

    def _end(self, move: EndGame) -> None:
        self.over = True
        self.end_reason = move.reason
        self.log.add(None, "end", self.rules("end"), f"The game ends ({move.reason}) at {self.designation_name}.")

    # .. what comes next, in words ............................................................
    def forecast(self) -> str:
        """What will happen at the next untap step, in words, from the spells cast so far."""
        if self.over:
            return "The game is over."
        if self.active is None:
            if self.designation == NEITHER:
                return "No turn has begun yet. It is neither day nor night."
            return (
                f"No turn has begun yet. It is {self.designation_name}; the first turn has no previous turn to check."
            )
        if self.designation == NEITHER:
            return (
                "It is neither day nor night, so there is no check at the next untap step "
                f"({self.rules('no check')}): it stays neither until a permanent with daybound "
                "or nightbound appears or an effect makes it day or night."
            )
        return self._check_forecast(self.order[self.active], [self.spells[i] for i in self.members[self.active]])

    def _check_forecast(self, who: str, counts: Sequence[int]) -> str:
        """The next untap step's check (728.2a/b) in words, from ``who``'s spells so far."""
        nxt = self.next_in_order()
        if self.teams:
            cast = ", ".join(f"{self.players[i]} {self.spells[i]}" for i in self.members[self.slot[who]])
            so_far = f"Spells cast this turn by the players of {who}: {cast}."
        else:
            so_far = f"{who} has cast {spells_words(counts[0])} this turn."
        after = untap_check(self.designation, counts)
        if self.designation == DAY:
            if after == NIGHT:
                if self.teams:
                    return (
                        f"{so_far} If no player of {who} casts a spell this turn, it becomes "
                        f"night at the next untap step ({nxt}'s turn)."
                    )
                return (
                    f"{so_far} If {who} casts no spell this turn, it becomes night at the next "
                    f"untap step ({nxt}'s turn)."
                )
            return (
                f"{so_far} It stays day at the next untap step, whatever else {who} casts "
                "(unless an effect makes it night first)."
            )
        if after == DAY:
            return f"{so_far} It becomes day at the next untap step ({nxt}'s turn)."
        if self.teams:
            need = 2 - max(counts)
            return (
                f"{so_far} One player of {who} casting {need} more spell{'s' if need > 1 else ''} "
                "(two in all, team totals do not add up) would make it day at the next untap step; "
                "otherwise it stays night."
            )
        need = 2 - counts[0]
        return (
            f"{so_far} If {who} casts {need} more spell{'s' if need > 1 else ''} this turn, it "
            "becomes day at the next untap step; otherwise it stays night."
        )

    def werewolf_forecast(self) -> list[str]:
        """What the Innistrad werewolves will do at the next upkeep, from this turn's spells so
        far (every player's spells count for them), and what each Aura that enchants a player
        will do at that player's upkeep."""
        if self.active is None or self.over:
            return []
        out = []
        spells = self.spells
        for p in self.permanents:
            if p.phased_out:
                continue
            if "werewolf front" in p.abilities:
                out.append(
                    f"{p.face_name()} transforms at the next upkeep if nobody casts a spell this turn"
                    + (" (none cast so far)." if not any(spells) else f" ({sum(spells)} cast so far: it will not).")
                )
            elif "werewolf back" in p.abilities:
                done = any(k >= 2 for k in spells)
                out.append(
                    f"{p.face_name()} transforms at the next upkeep if one player casts two or more "
                    f"spells this turn" + (" (someone has)." if done else " (nobody has yet).")
                )
            elif p.attached is not None and "enchanted upkeep" in p.triggers:
                out.append(
                    f"{p.face_name()} enchants {p.attached}: at the beginning of {p.attached}'s upkeep, "
                    f"{self._upkeep_words(p)}."
                )
        return out
