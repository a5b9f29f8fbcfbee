"""mtg: the exercises of the walkthrough's later sections (issue 18): phasing in the untap step,
skipped and extra turns, and what stays with a permanent when it transforms. The same kind of
exercise as :mod:`daynight.mtg.exercises` (a seeded game between table bots, the answer computed
by rule functions, the engine playing the position on), in a module of their own:

=====================  ======  ==============================================================
kind                   shape   the decision
=====================  ======  ==============================================================
``phasing``            choice  how many times a phased-out daybound permanent transforms in its
                               controller's untap step: phasing in comes first (502.1), with
                               the face it had; then the check (502.2) may transform it again
``skipped_turn``       choice  day or night after the untap step when a turn is skipped (it
                               "won't happen", 614.10a) or an extra turn follows (500.7): the
                               check looks back at the last turn that did happen
``transform_keeps``    set     which effects still apply to a permanent after it transforms:
                               all of them (712.18), except "until end of turn" ones whose
                               turn ended first (514.2)
=====================  ======  ==============================================================
"""

from __future__ import annotations

import random
from dataclasses import replace

from .. import i18n
from ..i18n import N_
from ..practice import CHOICE, SET, Exercise, Mark, Option
from .data import Effect, PermanentSpec
from .engine import DayNight
from .exercise_table import (
    DAYBOUND,
    At,
    active_words,
    becomes,
    cast_marks,
    changing,
    choices,
    counted,
    in_order,
    question_drawing,
    sentences,
    settle,
    side_options,
    sides,
    spells_words,
    table_game,
    word,
)
from .moves import Affect, Becomes, BeginTurn, CastSpell, Enter, PhaseOut
from .permanent import Permanent
from .rules import DAY, DESIGNATIONS, NIGHT, must_transform, phases_in, untap_check

__all__ = ["make_phasing", "make_skipped_turn", "make_transform_keeps", "still_applies", "transforms_in_untap_step"]

_ = i18n._  # every sentence a learner reads goes through daynight.i18n


def _check_words(old: int, new: int) -> str:
    """The check's verdict in words: "so it becomes night", "so it stays day"."""
    if old == new:
        return _("so it stays {designation}").format(designation=word(DESIGNATIONS[new]))
    return _("so it becomes {designation}").format(designation=word(DESIGNATIONS[new]))


# ---------------------------------------------------------------------------
# Phasing comes first in the untap step (502.1, 702.26, 702.145c)
# ---------------------------------------------------------------------------


def transforms_in_untap_step(designation: int, up: str, phased_in: bool, new: int) -> int:
    """How many times a daybound double-faced permanent that was phased out transforms in an
    untap step. 502.1: "First, ... all phased-out permanents that the active player controlled
    when they phased out phase in" (:func:`phases_in`), with the face they had; 702.145c: "Any
    time a player controls a permanent that is front face up with daybound and it's night, that
    player transforms that permanent. This happens immediately" (:func:`must_transform`, once
    for what it missed while phased out). 502.2: "Second, ... [the day/night check]" gives ``new``
    (:func:`untap_check`); as it becomes day or night, it transforms again if it must."""
    if not phased_in:
        return 0
    count = 0
    if must_transform(designation, up, up == "front", up == "back"):
        count, up = 1, "back" if up == "front" else "front"
    if new != designation and must_transform(new, up, up == "front", up == "back"):
        count += 1
    return count


def make_phasing(seed: int) -> Exercise:
    """A daybound werewolf phases out (Teferi's Protection) during a seeded game; an effect may
    then make it day or night, and the active player casts spells; its controller begins the
    next turn."""
    rng = random.Random(seed)
    game = table_game(rng, rng.randint(1, 3), teams=False)
    controller = game.next_in_order()
    spec = PermanentSpec.from_catalog(rng.choice(DAYBOUND), controller=controller)
    game.play(Enter((replace(spec, via="effect"),)))
    settle(game, rng)
    pid = game.permanents[-1].id
    game.play(PhaseOut(pid, "Teferi's Protection"))
    if rng.random() < 0.6:
        game.play(becomes("day" if game.designation == NIGHT else "night", game))
        settle(game, rng)
    for who, k in zip(game.active_players(), changing(game, rng), strict=True):
        for _i in range(k):
            game.play(CastSpell(who))
    return ask_phasing(At(game, (BeginTurn(controller),), pid), seed)


TIMES = {"0": N_("It does not transform"), "1": N_("It transforms once"), "2": N_("It transforms twice")}


def ask_phasing(at: At, seed: int = 0) -> Exercise:
    game, (move,) = at.game, at.moves
    p = game.permanent(at.subject)
    assert p is not None
    new = untap_check(game.designation, counted(game))
    count = transforms_in_untap_step(game.designation, p.up, phases_in(p.phased_under, (move.who,)), new)
    face = _("front (day) face") if p.up == "front" else _("back (night) face")
    q = _(
        "It is {designation}. {name}, {controller}'s, is phased out with its {face} up. Next, {controller} "
        "begins a turn: its untap step phases it in, then checks {who}'s turn (the spells are on the table). "
        "How many times does {name} transform in that untap step?"
    ).format(
        designation=word(game.designation_name),
        name=p.face_name(),
        controller=p.controller,
        face=face,
        who=active_words(game),
    )
    options, pieces = choices([(str(n), _(TIMES[str(n)]), times_words(n)) for n in (0, 1, 2)])
    events = at.played()[1]
    outcome = str(sum(1 for e in events if e.what == "transform" and e.data.get("permanent") == at.subject))
    answer = str(count)
    rules = ["M7", "M16"] + (["M8"] if game.designation == DAY else ["M9"])
    marks = (
        Mark(f"perm-{at.subject}", _("phased out")),
        Mark(f"answer-{answer}", _("the answer")),
        *cast_marks(game),
    )
    return Exercise(
        "phasing",
        seed,
        q,
        CHOICE,
        options,
        answer,
        in_order(rules),
        question_drawing(game, q, title=_("In the untap step:"), answers=pieces),
        _phasing_reason(game, p, face, new, count),
        marks,
        _(TIMES[answer]),
        sentences(events),
        outcome,
        at,
    )


def _phasing_reason(game: DayNight, p: Permanent, face: str, new: int, count: int) -> str:
    """Why ``p`` transforms ``count`` times in the untap step that makes it ``new``."""
    at_phase_in = must_transform(game.designation, p.up, p.up == "front", p.up == "back")
    return _(
        "Phasing comes first in the untap step: {name} phases in with the face it had, {face}. "
        "{catch_up} Then the check looks at {who}'s turn ({spells}), {check}; {then}"
    ).format(
        name=p.face_name(),
        face=face,
        catch_up=(
            _("It is {designation}, so it transforms at once (702.145c).")
            if at_phase_in
            else _("That face fits: it is {designation}, so nothing happens yet.")
        ).format(designation=word(game.designation_name)),
        who=active_words(game),
        spells=spells_words(sum(game.spells_this_turn()[x] for x in game.active_players())),
        check=_check_words(game.designation, new),
        then=_("it transforms again.") if count - at_phase_in else _("it does not transform again."),
    )


def times_words(n: int) -> str:
    """The second line of a count's answer box."""
    return i18n.ngettext("{n} transformation", "{n} transformations", n).format(n=n)


# ---------------------------------------------------------------------------
# Skipped turns and extra turns (614.10a, 500.7, 728.2)
# ---------------------------------------------------------------------------


def make_skipped_turn(seed: int) -> Exercise:
    """A seeded game of three or four players (or two, for an extra turn) stopped at the end of a
    turn: the next player skips the next turn, or the active player takes an extra turn."""
    rng = random.Random(seed)
    game = table_game(rng, rng.randint(1, 4), teams=False, spells=lambda g: changing(g, rng), flip=0.3)
    order = list(game.players)
    if len(order) >= 3 and rng.random() < 0.6:
        skipped = game.next_in_order()
        after = order[(order.index(skipped) + 1) % len(order)]
        move = BeginTurn(after, skipping=(skipped,))
    else:
        move = BeginTurn(game.active_players()[0], extra=True)
    return ask_skipped_turn(At(game, (move,)), seed)


def ask_skipped_turn(at: At, seed: int = 0) -> Exercise:
    game, (move,) = at.game, at.moves
    new = untap_check(game.designation, counted(game))
    active = game.active_players()[0]
    spells = spells_words(game.spells_this_turn()[active])
    if move.skipping:
        what = _("{skipped} skips the next turn, so {next} begins a turn.").format(
            skipped=move.skipping[0], next=move.who
        )
        why = _("{skipped}'s turn is skipped, and a skipped turn does not happen: ").format(skipped=move.skipping[0])
    else:
        what = _("{who} takes an extra turn directly after this one.").format(who=move.who)
        why = _("An extra turn comes directly after the turn it follows: ")
    q = _(
        "It is {designation}, turn {turn}: {who} is the active player; the spells cast this turn are on the "
        "table. {what} What is it after the untap step of that turn?"
    ).format(designation=word(game.designation_name), turn=game.turn, who=active, what=what)
    reason = why + _(
        "the untap step looks back at the last turn that did happen, {who}'s, in which {who} cast {spells}; "
        "it was {old}, {check}."
    ).format(who=active, spells=spells, old=word(game.designation_name), check=_check_words(game.designation, new))
    after, events = at.played()
    rules = ["M5", "M7", "M8" if game.designation == DAY else "M9"]
    marks = (*cast_marks(game), Mark(f"answer-{DESIGNATIONS[new]}", _("after the check")))
    return Exercise(
        "skipped_turn",
        seed,
        q,
        CHOICE,
        side_options(),
        DESIGNATIONS[new],
        in_order(rules),
        question_drawing(game, q, title=_("After that untap step, it is:"), answers=sides),
        reason,
        marks,
        word(DESIGNATIONS[new]),
        sentences(events),
        after.designation_name,
        at,
    )


# ---------------------------------------------------------------------------
# What stays when a permanent transforms (712.18; until end of turn, 514.2)
# ---------------------------------------------------------------------------

#: effects a permanent may have, by name in the effect list (``daynight/data/mtg_effects.csv``)
LASTING = ("an Aura (enchant creature)", "an Equipment", "a +1/+1 counter")
THIS_TURN = ("+2/+2 until end of turn",)


def still_applies(effect: Effect, turn_ended: bool) -> bool:
    """Whether ``effect`` still applies after its permanent transforms. 712.18: "When a
    transforming double-faced permanent transforms, it doesn't become a new object. Any effects
    that applied to that permanent will continue to apply to it" (Auras and Equipment stay
    attached, counters stay); 514.2: in the cleanup step, "all 'until end of turn' ... effects
    end", so such an effect is gone when the turn ended before the permanent transformed."""
    return not (effect.until_end_of_turn and turn_ended)


def make_transform_keeps(seed: int) -> Exercise:
    """A daybound werewolf with one to three effects on it transforms: by an effect in the middle
    of the turn, or in the next turn's untap step (after the cleanup)."""
    rng = random.Random(seed)
    game = table_game(rng, rng.randint(1, 3), teams=False, spells=lambda g: (2 if g.designation == NIGHT else 0,))
    spec = PermanentSpec.from_catalog(rng.choice(DAYBOUND), controller=rng.choice(game.players))
    game.play(Enter((replace(spec, via="effect"),)))
    settle(game, rng)
    pid = game.permanents[-1].id
    names = rng.sample(LASTING, rng.randint(0, 2)) + list(THIS_TURN)
    for name in rng.sample(names, len(names)):
        game.play(Affect(pid, Effect.from_catalog(name)))
    # the next untap step changes day and night (the last turn's spells were chosen so), unless a
    # permanent that entered after them changed it first: then an effect does
    if rng.random() < 0.5 or untap_check(game.designation, counted(game)) == game.designation:
        return ask_transform_keeps(
            At(game, (becomes("day" if game.designation == NIGHT else "night", game),), pid), seed
        )
    return ask_transform_keeps(At(game, (BeginTurn(game.next_in_order()),), pid), seed)


def _keeps_question(game: DayNight, move: Becomes | BeginTurn, p: Permanent) -> str:
    """The question of a transform_keeps exercise: the effects on ``p``, and what transforms it."""
    if isinstance(move, BeginTurn):
        when = _("The turn ends, and {next} begins the next one; its untap step makes it {new}.").format(
            next=move.who, new=word(DESIGNATIONS[untap_check(game.designation, counted(game))])
        )
    else:
        when = _("{source} says: \u201cIt becomes {designation}.\u201d").format(
            source=move.source, designation=word(move.designation)
        )
    return _(
        "It is {designation}. These effects apply to {name}: {effects}. {when} {name} transforms. Mark every "
        "effect that still applies to it after it transforms."
    ).format(
        designation=word(game.designation_name),
        name=p.face_name(),
        effects="; ".join(e.name for e in p.effects),
        when=when,
    )


def ask_transform_keeps(at: At, seed: int = 0) -> Exercise:
    game, (move,) = at.game, at.moves
    p = game.permanent(at.subject)
    assert p is not None
    turn_ended = isinstance(move, BeginTurn)
    effects = p.effects
    answer = frozenset(e.name for e in effects if still_applies(e, turn_ended))
    pairs = [(e.name, e.name, _("until end of turn") if e.until_end_of_turn else _("lasting")) for e in effects]
    options, pieces = choices(pairs)
    options = tuple(Option(f"e{i}", o.name, o.value, o.key, o.said) for i, o in enumerate(options))
    q = _keeps_question(game, move, p)
    reason = _(
        "A permanent that transforms does not become a new object: every effect that applied to it still "
        "applies (Auras and Equipment stay attached, counters stay)."
    )
    if turn_ended:
        reason += " " + _("But the turn ended first, and an effect \u201cuntil end of turn\u201d ended with it.")
    after, events = at.played()
    left = after.permanent(at.subject)
    outcome = frozenset(e.name for e in left.effects) if left is not None else frozenset()
    rules = ["M16"] + (["M7"] if turn_ended else ["M4"])
    marks = tuple(
        Mark(
            o.key or "",
            _("still applies") if o.value in answer else _("ended"),
            "reason" if o.value in answer else "missed",
        )
        for o in options
    ) + (Mark(f"perm-{at.subject}", _("transforms")),)
    return Exercise(
        "transform_keeps",
        seed,
        q,
        SET,
        options,
        answer,
        in_order(rules),
        question_drawing(game, q, title=_("Still applies after it transforms?"), answers=pieces),
        reason,
        marks,
        "; ".join(sorted(answer)) or _("none of them"),
        sentences(events),
        outcome,
        at,
    )
