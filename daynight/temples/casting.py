"""temples: 2.1 Spell Casting, 3.2 the standard actions and 3.3 conditions, as they change a
game: a spell is cast, its steps are carried out one by one (each asking for its targets
while a choice is left), and when it is done the temples it made are built
(:class:`~daynight.temples.building.TempleBuilding`).

What decides is in ``rules.py``: which squares a step can act on (:func:`rules.spell_area`,
:func:`rules.target_refusal`, :func:`rules.spell_targets`, :func:`rules.move_squares`), how many
(:func:`rules.step_count`, :func:`rules.as_much_as_possible`), what a tile becomes
(:func:`rules.changed`, :func:`rules.mystify_after_change`, :func:`rules.mystify_counters`) and
whether a stolen spell may be cast (:func:`rules.castable`); this layer carries it out and
explains it in the log.
"""

from __future__ import annotations

from .building import TempleBuilding
from .data import TILE_OPS, Spell, Step
from .rules import (
    COLOUR,
    COLS,
    DAY,
    NAME,
    NEUTRAL,
    OTHER,
    ROWS,
    SUPPLY,
    TILE_WORD,
    as_much_as_possible,
    castable,
    changed,
    condition_refusal,
    cost_of,
    move_squares,
    mystify_after_change,
    mystify_counters,
    spell_targets,
    square_name,
    step_count,
    theme_forbidden,
)
from .state import Casting, Pending

__all__ = ["SpellCasting"]

#: every square's name, "A1" .. "F8" (the explained log names squares on every move)
NAMES = tuple(square_name(s) for s in range(COLS * ROWS))
#: what a tile step does to a square, in words ("no square can be turned over here")
DONE = {
    "change": "changed",
    "turn_over": "turned over",
    "place": "given a tile",
    "make_own": "made her own",
    "mystify": "mystified",
    "crystallize": "crystallized",
}


class SpellCasting(TempleBuilding):
    """Casting a spell and carrying out its steps."""

    # -- 2.1 Spell Casting -------------------------------------------------------------------
    def _cast(self, who: str, card: int, x: int | None) -> None:
        """2.1: "Every time a player casts a Spell, deduct these hours from the total amount of
        hours left"; its steps wait in ``steps``."""
        sp = self.cards[card]
        self.hand[who].remove(card)
        cost = cost_of(sp, x)
        self.hours -= cost
        if self.log.enabled:
            xs = f" with X = {x}" if x is not None else ""
            self.log.add(
                who,
                "cast",
                "2.1 Spell Casting",
                f"{NAME[who]} casts {sp.name}{xs} for {cost} hours ({self.hours} left): {sp.text}",
                spell=sp.id,
                card=card,
                cost=cost,
            )
        self.casting = Casting(who, card, sp)
        self.touched = set()
        for st in sp.effect:
            self.steps.append((st, who, sp, x))

    def _finish_spell(self) -> None:
        """The spell is done: its card (and any stolen one) goes to its own discard pile, and
        the groups it made are looked at for temples (2.2)."""
        casting = self.casting
        assert casting is not None
        self.casting = None
        self.discards[self.owner[casting.card]].append(casting.card)
        for c in casting.stolen:
            self.discards[self.owner[c]].append(c)
        touched = self.touched
        self.touched = set()
        self._look_for_temples(casting.caster, touched)

    def _start_step(self, step: Step, caster: str, spell: Spell, x: int | None) -> None:
        """The next step of a spell: done at once when nothing is left to choose, else it
        waits for the caster's choices (``pending``)."""
        op = step.op
        if op in TILE_OPS:
            self._tile_step(step, caster, spell, x)
        elif op == "move":
            self._move_step(step, caster, spell)
        elif op == "draw":
            got = sum(1 for _ in range(step.count) if self._draw(caster) is not None)
            self.log.add(caster, "draw", "3.2 Draw a Spell", f"{NAME[caster]} draws {got} spell(s).")
        elif op == "opp_discard":
            self._opp_discard_step(step, caster)
        elif op == "steal_cast":
            opp = OTHER[caster]
            if not self.hand[opp]:
                self.log.add(caster, "nothing", "2.1 Spell Casting", f"{NAME[opp]}'s hand is empty: nothing to steal.")
                return
            self.pending = Pending("choose", step, caster, 1, (), spell)
        else:
            raise AssertionError(op)

    # -- 3.2 Standard actions on tiles: change, turn over, Mystify, Crystallize ---------------
    def _tile_step(self, step: Step, caster: str, spell: Spell, x: int | None) -> None:
        """A step that acts on tiles: as many targets as it asks for, or all there are (2.1
        "as much as possible"); a choice waits only when there are more targets than that."""
        op = step.op
        cands = spell_targets(self, step, caster, self.options.remystify)
        want = step_count(step.count, x, len(cands))
        if self.options.supply == "box" and op in ("mystify", "crystallize"):
            left = self._supply_targets(op, step)
            if left < want:
                self.log.add(
                    caster,
                    "supply",
                    "Option supply=box",
                    f"Only {left} {op.capitalize()} target(s) can be served from the box's "
                    "counters; the spell does as much as it can.",
                )
                want = left
        n = as_much_as_possible(want, len(cands))
        if n <= 0:
            self.log.add(
                caster,
                "nothing",
                "2.1 Spell Casting",
                f"{spell.name}: no square can be {DONE[op]} here, so this part does nothing (as much as possible).",
            )
            return
        if n >= len(cands):
            for s in cands:
                self._hit(s, step, caster, spell)
            return
        self.pending = Pending("tile", step, caster, n, tuple(cands), spell)

    def _supply_targets(self, op: str, step: Step) -> int:
        """Option supply="box": how many targets the counters left in the box can serve (a
        Mystify spell puts as many counters as are left on one tile rather than none)."""
        if op == "crystallize":
            return max(0, SUPPLY["crystallize"] - sum(self.crystal))
        left = SUPPLY["mystify"] - sum(self.mystify)
        return max(left // step.counters, 1 if left > 0 else 0)

    def _hit(self, sq: int, step: Step, caster: str, spell: Spell) -> None:
        """One target of a spell: Crystallize, Mystify, or change the tile (3.2)."""
        op = step.op
        log = self.log.enabled
        if op == "crystallize":
            self.crystal[sq] = True
            if log:
                self.log.add(
                    caster,
                    "crystallize",
                    "3.2 Crystallize",
                    f"{square_name(sq)} is crystallized: until Night's next turn Day cannot change it, "
                    "turn it over or travel across it.",
                    square=sq,
                )
            return
        if op == "mystify":
            n = mystify_counters(
                step.counters, sum(self.mystify), SUPPLY["mystify"] if self.options.supply == "box" else None
            )
            self.mystify[sq] += n
            if log:
                self.log.add(
                    caster,
                    "mystify",
                    "3.2 Mystify",
                    f"{square_name(sq)} is mystified with {n} Mystify-counter(s); one comes off at the "
                    "start of each of Day's turns, and the last makes it a Day Temple-tile.",
                    square=sq,
                    counters=n,
                )
            return
        t = self.tiles[sq]
        new = self.tiles[sq] = changed(t, COLOUR[caster])
        self.touched.add(sq)
        lost = self.mystify[sq]
        if lost:
            self.mystify[sq] = mystify_after_change(lost, new)
        if log:
            self._explain_tile(sq, step, caster, spell, t, new, lost if new != DAY else 0)

    def _explain_tile(self, sq: int, step: Step, caster: str, spell: Spell, old: int, new: int, lost: int) -> None:
        name = NAMES[sq]
        op = step.op
        mine = COLOUR[caster]
        if op == "place" or (op == "make_own" and old == NEUTRAL):
            verb = f"a {TILE_WORD[mine]} is placed on {name}"
        elif op == "change" and old == NEUTRAL:
            verb = f"{name} was neutral, so changing places a {TILE_WORD[mine]} there"
        else:
            verb = f"{name} is turned over from {TILE_WORD[old]} to {TILE_WORD[new]}"
        rule = "3.2 " + ("Change" if op == "change" else "Turn over" if op == "turn_over" else "Standard actions")
        self.log.add(caster, "tile", rule, f"{spell.name}: {verb}.", square=sq, tile=new)
        if lost:
            self.log.add(
                caster,
                "unmystify",
                "3.2 Mystify",
                f"{name} was mystified; turned over, it loses its {lost} Mystify-counter(s) "
                "and becomes a regular Night-tile.",
                square=sq,
            )

    def _target(self, sq: int) -> None:
        """The caster chose ``sq``: a square to act on, or to move a pawn to."""
        p = self.pending
        assert p is not None
        if p.kind == "move":
            self._move_pawn(p, sq)
            return
        self._hit(sq, p.step, p.caster, p.spell)
        p.remaining -= 1
        p.cands = tuple(s for s in p.cands if s != sq)
        if p.remaining <= 0 or not p.cands:
            self.pending = None
        elif len(p.cands) <= p.remaining:
            # the rest is forced: as much as possible
            for s in p.cands:
                self._hit(s, p.step, p.caster, p.spell)
            self.pending = None

    # -- 3.2 Move --------------------------------------------------------------------------
    def _move_step(self, step: Step, caster: str, spell: Spell) -> None:
        """3.2 Move: a pawn moved by a spell, one bordering square at a time (not travelling)."""
        pawn = caster if step.who == "self" else OTHER[caster]
        cands = move_squares(self, step, caster, self.options.crystal_blocks_day_moves)
        if not cands:
            self.log.add(
                caster,
                "nothing",
                "3.2 Move",
                f"{spell.name}: {NAME[pawn]} cannot be moved from {square_name(self.pawn[pawn])}.",
            )
            return
        self.pending = Pending("move", step, caster, step.steps, cands, spell, pawn=pawn, optional=step.upto)

    def _move_pawn(self, p: Pending, sq: int) -> None:
        assert p.pawn is not None
        frm = self.pawn[p.pawn]
        self.pawn[p.pawn] = sq
        p.remaining -= 1
        if self.log.enabled:
            self.log.add(
                p.caster,
                "move",
                "3.2 Move",
                f"{p.spell.name} moves {NAME[p.pawn]} from {square_name(frm)} to {square_name(sq)} "
                "(a move, not travelling: no hours, no spell drawn).",
                frm=frm,
                to=sq,
            )
        if p.remaining <= 0:
            self.pending = None
        else:
            cands = move_squares(self, p.step, p.caster, self.options.crystal_blocks_day_moves)
            if not cands:
                self.pending = None
            else:
                p.cands = cands

    def _stop(self) -> None:
        """The caster ends an optional part of a spell ("up to")."""
        p = self.pending
        assert p is not None
        self.log.add(p.caster, "stop", "3.2 Move", f"{NAME[p.caster]} stops {p.spell.name} here.")
        self.pending = None

    # -- the other side's hand: discard at random, Steal Passion ------------------------------
    def _opp_discard_step(self, step: Step, caster: str) -> None:
        opp = OTHER[caster]
        for _ in range(step.count):
            if not self.hand[opp]:
                self.log.add(opp, "nothing", "2.1 Spell Casting", f"{NAME[opp]} has no spell to discard.")
                break
            card = self.hand[opp].pop(self.rng.randrange(len(self.hand[opp])))
            self.discards[opp].append(card)
            self.log.add(
                opp,
                "discard",
                "2.1 Spell Casting",
                f"{NAME[opp]} discards {self.cards[card].name} at random.",
                spell=self.cards[card].id,
            )

    def _choose(self, card: int) -> None:
        """Steal Passion: the caster takes ``card`` from the other's hand and casts it at once
        without spending hours -- unless she may not cast it (3.3: the other side's theme spell,
        or its condition unmet), and then it is discarded."""
        p = self.pending
        assert p is not None and self.casting is not None
        self.pending = None
        caster = p.caster
        opp = OTHER[caster]
        self.hand[opp].remove(card)
        sp = self.cards[card]
        if not castable(self, sp, caster):
            why = (
                "it is the other side's theme spell"
                if theme_forbidden(sp.type, caster)
                else condition_refusal(self, sp, caster)
            )
            self.discards[self.owner[card]].append(card)
            self.log.add(
                caster,
                "steal",
                "3.3 Theme spells",
                f"{NAME[caster]} takes {sp.name} from {NAME[opp]}'s hand but cannot cast it ({why}), "
                "so it is discarded.",
                spell=sp.id,
            )
            return
        x = sp.x_values()[0]
        self.log.add(
            caster,
            "steal",
            "3.3 Conditions",
            f"{NAME[caster]} takes {sp.name} from {NAME[opp]}'s hand and casts it at once without "
            f"spending hours: {sp.text}",
            spell=sp.id,
        )
        self.casting.stolen.append(card)
        for st in reversed(sp.effect):
            self.steps.appendleft((st, caster, sp, x))
