"""mtg: the exercises of the practice page (issue 18), each a question about one decision the
day/night rules make, asked on the tracker's drawn table and judged by :mod:`daynight.mtg.rules`.

The positions come from seeded games at a table of bots (:func:`table_game`: players who begin
their turns, cast spells, and put daybound werewolves, old Innistrad werewolves, copies, Curses
and other permanents onto the battlefield) or are built through the public API (the worked
example of the Comprehensive Rules, :func:`worked_example`). Each exercise keeps its position and
the move(s) the game goes on with (:class:`At`); the right answer is computed by the rule
functions from the position, and the engine then plays the moves on a copy: what it decided
(``outcome``) and what its log said (``events``) are kept with the exercise, so a test can check
that the judged answer is what the game does.

Each kind (:data:`KINDS`) names the checklist ids it practises (``docs/rule-checklist.md``):

=====================  ======  ==============================================================
kind                   shape   the decision
=====================  ======  ==============================================================
``first_designation``  choice  day, night or neither after this (a permanent enters or leaves,
                               an effect): how day or night first arrives, and never leaves
``check_happens``      choice  whether this untap step makes the day/night check at all
                               (neither, the first turn, a skipped untap step)
``untap_check``        choice  day or night after the next untap step (who was active, how many
                               spells; shared team turns)
``change_trigger``     choice  whether "whenever day becomes night or night becomes day"
                               triggers, and when it goes on the stack
``entering_face``      choice  which face is up as this permanent enters
``transforms``         set     which permanents transform as it becomes day or night (and which
                               cannot: copies, instant or sorcery faces, "can't transform")
``other_transform``    set     which permanents another effect (Moonmist) can transform
``curse_day``          set     as day comes, the players Curse of Leeches may be attached to
``curse_night``        choice  as night comes, the player Curse of Leeches is attached to
``phasing``            choice  how many times a phased-out werewolf transforms in its untap step
``skipped_turn``       choice  day or night after a skipped turn or before an extra one
``transform_keeps``    set     which effects still apply after a permanent transforms
=====================  ======  ==============================================================

(The last three are made in :mod:`daynight.mtg.exercise_turns`.)

The question drawings are the tracker's table without its forecast (which would say what the
next untap step does), with the answers to click drawn on it (:func:`daynight.mtg.draw.question`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from .. import i18n
from ..i18n import N_
from ..practice import CHOICE, SET, Exercise, Kind, Mark
from .data import PermanentSpec
from .engine import DayNight
from .exercise_faces import (
    ask_entering_face,
    ask_other_transform,
    ask_transforms,
    make_curse_day,
    make_curse_night,
    make_entering_face,
    make_other_transform,
    make_transforms,
)
from .exercise_table import (
    DAYBOUND,
    OLD,
    WATCHERS,
    At,
    active_words,
    becomes,
    candidate,
    candidates,
    cast_marks,
    changing,
    choices,
    counted,
    entering_words,
    face_of,
    in_order,
    new_table,
    question_drawing,
    quiet,
    sentences,
    settle,
    side_options,
    sides,
    spells_words,
    table_game,
    word,
)
from .exercise_turns import make_phasing, make_skipped_turn, make_transform_keeps
from .moves import Becomes, BeginTurn, CastSpell, Enter, Leave, Transform
from .permanent import PermanentView
from .rules import (
    DAY,
    DESIGNATIONS,
    FRONT,
    NEITHER,
    NIGHT,
    designation_from_neither,
    designation_of,
    face_abilities,
    is_change,
    untap_check,
    untap_step,
)

__all__ = ["KINDS", "worked_example"]

_ = i18n._  # every sentence a learner reads goes through daynight.i18n


# ---------------------------------------------------------------------------
# How day or night first arrives, and never leaves (728.1, 702.145d/g)
# ---------------------------------------------------------------------------


def designation_after(game: DayNight, move: Any) -> int:
    """The designation after ``move`` (a permanent entering or leaving, an effect): an effect
    sets it (728.1); once it is day or night it stays one of them (728.1); while it is neither,
    daybound makes it day and nightbound night (702.145d/g, :func:`designation_from_neither`),
    or a card that says "if it's neither day nor night, it becomes day as it enters"."""
    if isinstance(move, Becomes):
        return designation_of(move.designation)
    if game.designation != NEITHER or not isinstance(move, Enter):
        return game.designation
    if any(s.day_if_neither for s in move.permanents):
        return DAY
    faces = [face_abilities(s.kind, up) for s in move.permanents if (up := face_of(game, s)[0]) is not None]
    return designation_from_neither(any("daybound" in f for f in faces), any("nightbound" in f for f in faces))


def _first_move(game: DayNight, rng: random.Random, variant: str) -> Any:
    """The move of a first_designation exercise: what enters (or the effect) while it is neither."""
    who, other = rng.choice(game.players), rng.choice(game.players)
    dfc = PermanentSpec.from_catalog(rng.choice(DAYBOUND), controller=who)
    night = replace(PermanentSpec.from_catalog(rng.choice(DAYBOUND), controller=other), transformed=True, via="effect")
    specs = {
        "day": (dfc,),
        "night": (night,),
        "both": (dfc, night),
        "copy": (PermanentSpec(_("Clone (as Moonrage Brute)"), "nightbound", controller=who),),
        "none": (
            replace(
                rng.choice([PermanentSpec.from_catalog(rng.choice(OLD)), PermanentSpec("Grizzly Bears", "other")]),
                controller=who,
            ),
        ),
        "sets day": (PermanentSpec.from_catalog(rng.choice(WATCHERS), controller=who),),
    }.get(variant)
    if specs is not None:
        return Enter(specs)
    return Becomes("night", rng.choice(("Unnatural Moonrise", "Into the Night")))


def make_first_designation(seed: int) -> Exercise:
    """Day, night or neither after a permanent enters or leaves, or an effect."""
    rng = random.Random(seed)
    variant = rng.choice(("day", "night", "both", "copy", "none", "sets day", "effect", "leaves", "leaves"))
    if variant == "leaves":
        game = table_game(rng, rng.randint(1, 4))
        if game.permanents:
            return ask_first_designation(At(game, (Leave(rng.choice(game.permanents).id),)), seed)
        variant = "day"
    game = table_game(rng, rng.randint(1, 3), designation=False, enter=0)
    quiet(game, rng)
    return ask_first_designation(At(game, (_first_move(game, rng, variant),)), seed)


def _first_reason(game: DayNight, move: Any, new: int) -> str:
    old = DESIGNATIONS[game.designation]
    if isinstance(move, Leave):
        return _(
            "It was {old}. Once it is day or night, the game is always one of the two: it never becomes "
            "neither again, whatever leaves the battlefield."
        ).format(old=old)
    if isinstance(move, Becomes):
        return _(
            "An effect that says \u201cit becomes night\u201d makes it night at whatever point of the turn it "
            "happens, even while it is neither."
        )
    if any(s.day_if_neither for s in move.permanents):
        return _("Its own words: \u201cif it's neither day nor night, it becomes day as it enters.\u201d")
    if new == DAY:
        return _(
            "A permanent with daybound appeared while it was neither day nor night, so it becomes day. "
            "Daybound wins: nightbound makes it night only if no permanent has daybound."
        )
    if new == NIGHT:
        return _(
            "A permanent with nightbound appeared while it was neither day nor night, and no permanent has "
            "daybound, so it becomes night."
        )
    return _("Nothing on the battlefield has daybound or nightbound, so it stays neither day nor night.")


def ask_first_designation(at: At, seed: int = 0) -> Exercise:
    game, (move,) = at.game, at.moves
    new = DESIGNATIONS[designation_after(game, move)]
    now = word(game.designation_name)
    entering: list[tuple[PermanentView, str]] = []
    marks: list[Mark] = [Mark(f"answer-{new}", _("now"))]
    if isinstance(move, Enter):
        what = " ".join(entering_words(game, s) for s in move.permanents)
        for i, s in enumerate(move.permanents):
            up = face_of(game, s)[0] or FRONT
            entering.append((candidate(game, s, up, i), f"enter-{i}"))
            kw = face_abilities(s.kind, up) & {"daybound", "nightbound"}
            marks.append(Mark(f"enter-{i}", ", ".join(sorted(kw)) or _("no daybound or nightbound")))
    elif isinstance(move, Becomes):
        what = _("{source} says: \u201cIt becomes {designation}.\u201d").format(
            source=move.source, designation=move.designation
        )
    else:
        p = game.permanent(move.permanent)
        what = _("{permanent} leaves the battlefield.").format(permanent=p.label() if p else move.permanent)
        marks.append(Mark(f"perm-{move.permanent}", _("leaves")))
    q = _("It is {now} (turn {turn}). {what} What is it now?").format(now=now, turn=game.turn, what=what)
    sets_day = isinstance(move, Enter) and any(s.day_if_neither for s in move.permanents)
    rules = ["M5"] if isinstance(move, Leave) else ["M1", "M4" if sets_day or isinstance(move, Becomes) else "M3"]
    drawing = question_drawing(
        game,
        q,
        title=_("After that, it is:"),
        answers=sides,
        entering=partial(candidates, tuple(entering)),
        entering_title=_("Entering the battlefield:"),
    )
    after, events = at.played()
    return Exercise(
        "first_designation",
        seed,
        q,
        CHOICE,
        side_options(),
        new,
        in_order(rules),
        drawing,
        _first_reason(game, move, designation_of(new)),
        tuple(marks),
        word(new),
        sentences(events),
        after.designation_name,
        at,
    )


# ---------------------------------------------------------------------------
# Whether the untap step checks at all (728.2, 728.2c; the first turn; a skipped untap step)
# ---------------------------------------------------------------------------


def check_happens(game: DayNight, move: BeginTurn) -> bool:
    """Whether the untap step of the turn ``move`` begins makes the day/night check: only if the
    untap step is not skipped (:func:`untap_step`, 614.10; option ``check_skipped_untap``), if it
    is day or night (728.2c: "If it's neither day nor night, this check doesn't happen"), and if
    there is a previous turn to look back at (option ``check_first_turn``)."""
    steps = untap_step(move.untap_skipped, game.options.check_skipped_untap)
    first = game.active is None and not game.options.check_first_turn
    return "day/night check" in steps and game.designation != NEITHER and not first


def make_check_happens(seed: int) -> Exercise:
    """A new game, a game still neither, a first turn that is day or night already, an
    ordinary turn, a turn whose untap step is skipped."""
    rng = random.Random(seed)
    variant = rng.choice(("new game", "neither", "first turn", "checked", "checked", "skipped"))
    if variant == "new game":
        game = new_table(rng)
    elif variant == "neither":
        game = table_game(rng, rng.randint(1, 4), designation=False, enter=0)
        quiet(game, rng)
    elif variant == "first turn":  # a position to start from: a daybound werewolf there already
        first = new_table(rng)
        werewolf = PermanentSpec.from_catalog(rng.choice(DAYBOUND), controller=rng.choice(first.players))
        game = DayNight.new(
            first.players, teams=first.teams, designation=rng.choice(("day", "night")), permanents=[werewolf]
        )
    else:
        game = table_game(rng, rng.randint(2, 5))
    move = BeginTurn(game.next_in_order(), untap_skipped=variant == "skipped")
    return ask_check_happens(At(game, (move,)), seed)


def _check_happens_reason(game: DayNight, move: BeginTurn) -> str:
    if move.untap_skipped:
        return _(
            "{who}'s untap step is skipped, and a skipped step does nothing at all, so there is no check "
            "(the rule option check_skipped_untap is off)."
        ).format(who=move.who)
    if game.designation == NEITHER:
        return _("It is neither day nor night: the check doesn't happen, and it remains neither.")
    if game.active is None:
        return _(
            "This is the game's first turn: there is no previous turn to look back at, so there is no check "
            "(the rule option check_first_turn is off)."
        )
    return _(
        "It is {designation} and {who} took the previous turn: as the second part of the untap step, the "
        "game checks that turn."
    ).format(designation=game.designation_name, who=active_words(game))


def ask_check_happens(at: At, seed: int = 0) -> Exercise:
    game, (move,) = at.game, at.moves
    answer = "yes" if check_happens(game, move) else "no"
    options, pieces = choices(
        [("yes", _("Yes"), _("the game checks the previous turn")), ("no", _("No"), _("no day/night check"))]
    )
    if game.active is None:
        q = _("A new game: {who} takes the game's first turn. Does its untap step make the day/night check?")
    elif move.untap_skipped:
        q = _(
            "It is {designation}. {who} begins the next turn, but an effect makes {who} skip that untap step. "
            "Does the day/night check happen?"
        )
    else:
        q = _(
            "It is {designation}, turn {turn}. {who} begins the next turn. Does its untap step make the "
            "day/night check?"
        )
    q = q.format(who=move.who, designation=word(game.designation_name), turn=game.turn)
    rules = ["M7"] + (["M11"] if game.designation == NEITHER else []) + (["M1"] if game.turn == 0 else [])
    marks = (
        Mark("sky", _("it is {designation}").format(designation=word(game.designation_name))),
        Mark(f"answer-{answer}", _("the answer")),
    ) + (cast_marks(game) if answer == "yes" else ())
    events = at.played()[1]
    checked = {game.rules("to night"), game.rules("to day")}
    outcome = any(e.rule.split(";")[0] in checked for e in events if e.what in ("turn", "check"))
    return Exercise(
        "check_happens",
        seed,
        q,
        CHOICE,
        options,
        answer,
        in_order(rules),
        question_drawing(game, q, title=_("The untap step:"), answers=pieces),
        _check_happens_reason(game, move),
        marks,
        options[answer != "yes"].said,
        sentences(events),
        "yes" if outcome else "no",
        at,
    )


# ---------------------------------------------------------------------------
# Day or night after the untap step (728.2a/b; shared team turns)
# ---------------------------------------------------------------------------

#: what the active player casts in the last turn (one per player of a team)
ONE = ((0,), (0,), (1,), (1,), (2,), (2,), (3,))
TEAM = ((0, 0), (1, 1), (1, 1), (2, 0), (0, 2), (1, 0), (0, 1), (3, 1))


def _balanced(game: DayNight, rng: random.Random) -> tuple[int, ...]:
    """Spells for the active players: half the time a change of day and night, half the time none."""
    patterns, change = TEAM if game.teams else ONE, rng.random() < 0.5
    if game.designation == DAY:
        return rng.choice([p for p in patterns if (not any(p)) == change])
    return rng.choice([p for p in patterns if (max(p) >= 2) == change])


def make_untap_check(seed: int, teams: bool | None = None) -> Exercise:
    """Day or night after the next untap step, from a seeded game between bots; ``teams``: a
    Two-Headed Giant game (``None``: three times in ten)."""
    rng = random.Random(seed)
    team = teams if teams is not None else rng.random() < 0.3
    game = table_game(rng, rng.randint(2, 6), teams=team, spells=lambda g: _balanced(g, rng), flip=0.4)
    return ask_untap_check(At(game, (BeginTurn(game.next_in_order()),)), seed)


CHECK_REASONS = {
    (False, "day", "night"): N_(
        "It was day and {who}, the previous turn's active player, cast no spells during that turn, so it becomes night."
    ),
    (False, "day", "day"): N_(
        "It was day and {who}, the previous turn's active player, cast {spells} during that "
        "turn, so it stays day: only a turn without spells makes it night."
    ),
    (False, "night", "day"): N_(
        "It was night and {who}, the previous turn's active player, cast {spells} during that "
        "turn: two or more, so it becomes day."
    ),
    (False, "night", "night"): N_(
        "It was night and {who}, the previous turn's active player, cast {spells} during "
        "that turn: fewer than two, so it stays night."
    ),
    (True, "day", "night"): N_(
        "It was day and no player of {who}, the previous turn's active team, cast a spell "
        "during that turn, so it becomes night."
    ),
    (True, "day", "day"): N_(
        "It was day and a player of {who}, the previous turn's active team, cast a spell ({listing}), so it stays day."
    ),
    (True, "night", "day"): N_(
        "It was night and one player of {who}, the previous turn's active team, cast two or "
        "more spells ({listing}), so it becomes day."
    ),
    (True, "night", "night"): N_(
        "It was night and no single player of {who}, the previous turn's active team, cast "
        "two or more spells ({listing}; a team's spells are not added up), so it stays night."
    ),
}


def _untap_reason(game: DayNight, new: str) -> str:
    counts = game.spells_this_turn()
    active = game.active_players()
    listing = ", ".join(f"{p} {spells_words(counts[p])}" for p in active)
    mine = sum(counts[p] for p in active)
    why = _(CHECK_REASONS[(bool(game.teams), game.designation_name, new)]).format(
        who=game.active_name, spells=spells_words(mine), listing=listing
    )
    if any(counts[p] for p in game.players if p not in active):
        why += " " + _("The spells other players cast during that turn do not count.")
    return why


def ask_untap_check(at: At, seed: int = 0) -> Exercise:
    game, (move,) = at.game, at.moves
    new = DESIGNATIONS[untap_check(game.designation, counted(game))]
    if game.teams:
        q = _(
            "It is {designation}, turn {turn}: {who} is the active team; the spells each player cast this turn "
            "are on the table. Next, {next} begins a turn. What is it after that turn's untap step?"
        )
    else:
        q = _(
            "It is {designation}, turn {turn}: {who} is the active player; the spells each player cast this "
            "turn are on the table. Next, {next} begins a turn. What is it after that turn's untap step?"
        )
    q = q.format(designation=word(game.designation_name), turn=game.turn, who=active_words(game), next=move.who)
    counts = game.spells_this_turn()
    others = any(counts[p] for p in game.players if p not in game.active_players())
    day = game.designation == DAY
    rules = ["M5", "M7"] + (["M12" if day else "M13"] if game.teams else ["M8" if day else "M9"])
    rules += (["M10"] if others else []) + (["M2"] if len(game.players) > 2 else [])
    marks = cast_marks(game) + (
        Mark("sky", _("before the check: {designation}").format(designation=word(game.designation_name))),
        Mark(f"answer-{new}", _("after the check")),
    )
    after, events = at.played()
    drawing = question_drawing(game, q, title=_("After the untap step, it is:"), answers=sides)
    return Exercise(
        "untap_check",
        seed,
        q,
        CHOICE,
        side_options(),
        new,
        in_order(rules),
        drawing,
        _untap_reason(game, new),
        marks,
        word(new),
        sentences(events),
        after.designation_name,
        at,
    )


# ---------------------------------------------------------------------------
# "Whenever day becomes night or night becomes day" (728.1a; triggers of the untap step wait)
# ---------------------------------------------------------------------------


def trigger_time(old: int, new: int, untap: bool) -> str:
    """Whether a "whenever day becomes night or night becomes day" ability triggers as the
    designation goes from ``old`` to ``new`` (728.1a, :func:`is_change`), and when it goes on
    the stack: at the beginning of the upkeep if that happened in the untap step, where no player
    gets priority (502.4), else the next time a player would receive priority (603.3)."""
    if not is_change(old, new):
        return "none"
    return "upkeep" if untap else "priority"


#: the ways day and night change in a change_trigger exercise, each as often as it is named
CHANGES = ("first", "untap", "untap", "effect", "effect", "same")


def make_change_trigger(seed: int, changes: tuple[str, ...] = CHANGES) -> Exercise:
    """A watcher (Celestus Sanctifier and its kin) and one of ``changes``: it enters while it is
    neither (``first``), an untap step checks (``untap``), an effect makes it day or night
    (``effect``) or what it is already (``same``)."""
    rng = random.Random(seed)
    variant = rng.choice(changes)
    watcher = PermanentSpec.from_catalog(rng.choice(WATCHERS))
    if variant == "first":
        game = table_game(rng, rng.randint(1, 3), designation=False, enter=0)
        move: Any = Enter((replace(watcher, controller=rng.choice(game.players)),))
        return ask_change_trigger(At(game, (move,), game.next_id), seed)
    game = table_game(rng, rng.randint(1, 4), enter=0.2, spells=lambda g: changing(g, rng), flip=0.4)
    game.play(Enter((replace(watcher, controller=rng.choice(game.players)),)))
    settle(game, rng)
    pid = game.permanents[-1].id
    if variant == "untap":
        move = BeginTurn(game.next_in_order())
    else:
        other = "day" if game.designation == NIGHT else "night"
        move = becomes(game.designation_name if variant == "same" else other, game)
    return ask_change_trigger(At(game, (move,), pid), seed)


TRIGGER_REASONS = {
    "first": N_(
        "Gaining the first designation is not \u201cday becomes night\u201d or \u201cnight becomes day\u201d: "
        "it was neither, so {watcher}'s ability does not trigger."
    ),
    "same": N_(
        "It is {old} already: \u201cit becomes {old}\u201d changes nothing, so {watcher}'s ability does not trigger."
    ),
    "stays": N_(
        "The untap-step check leaves it {old}: neither day nor night becomes the other, so {watcher}'s "
        "ability does not trigger."
    ),
    "upkeep": N_(
        "{change} in the untap step: {watcher}'s ability triggers, but no player gets priority in the untap "
        "step, so it goes on the stack at the beginning of the upkeep."
    ),
    "priority": N_(
        "{change} by an effect, in the middle of the turn: {watcher}'s ability triggers and goes on the "
        "stack the next time a player would receive priority."
    ),
}
CHANGE_WORDS = {("day", "night"): N_("Day becomes night"), ("night", "day"): N_("Night becomes day")}


def _trigger_setting(game: DayNight, move: Any, subject: int | None) -> tuple[int, str, str]:
    """What happens to the designation in a change_trigger exercise: the designation after
    ``move``, the watcher's name and what happens, in words."""
    if isinstance(move, Enter):
        spec = move.permanents[0]
        what = _("{watcher} enters the battlefield under {controller}'s control.")
        return DAY, spec.name, what.format(watcher=spec.name, controller=spec.controller)
    p = game.permanent(subject)
    watcher = p.face_name() if p is not None else ""
    if isinstance(move, Becomes):
        what = _("{source} says: \u201cIt becomes {designation}.\u201d").format(
            source=move.source, designation=word(move.designation)
        )
        return designation_of(move.designation), watcher, what
    what = _("Next, {next} begins a turn; its untap step checks {who}'s turn (the spells are on the table).")
    return untap_check(game.designation, counted(game)), watcher, what.format(next=move.who, who=active_words(game))


def ask_change_trigger(at: At, seed: int = 0) -> Exercise:
    game, (move,) = at.game, at.moves
    old, untap = game.designation, isinstance(move, BeginTurn)
    new, watcher, what = _trigger_setting(game, move, at.subject)
    answer = trigger_time(old, new, untap)
    key = answer if answer != "none" else ("first" if old == NEITHER else "stays" if untap else "same")
    change = _(CHANGE_WORDS.get((DESIGNATIONS[old], DESIGNATIONS[new]), N_("Day becomes night")))
    reason = _(TRIGGER_REASONS[key]).format(watcher=watcher, old=word(DESIGNATIONS[old]), change=change)
    q = _(
        "It is {now}. {what} Does {watcher}'s \u201cwhenever day becomes night or night becomes day\u201d "
        "trigger, and when does it go on the stack?"
    ).format(now=word(DESIGNATIONS[old]), what=what, watcher=watcher)
    options, pieces = choices(
        [
            ("none", _("It does not trigger"), _("nothing goes on the stack")),
            ("priority", _("It triggers at once"), _("on the stack the next time a player would receive priority")),
            ("upkeep", _("It triggers and waits"), _("on the stack at the beginning of the upkeep")),
        ]
    )
    rules = ["M6"] + (["M18"] if answer == "upkeep" else []) + (["M4"] if isinstance(move, Becomes) else [])
    marks = [Mark(f"answer-{answer}", _("the answer"))]
    if at.subject in {p.id for p in game.permanents}:
        marks.append(Mark(f"perm-{at.subject}", _("watches for the change")))
    after, events = at.played()
    waiting = [t for t in after.pending if t.permanent == at.subject and t.kind == "change"]
    outcome = "none" if not waiting else "upkeep" if waiting[0].when == "upkeep" else "priority"
    drawing = question_drawing(game, q, title=_("Its ability:"), answers=pieces)
    return Exercise(
        "change_trigger",
        seed,
        q,
        CHOICE,
        options,
        answer,
        in_order(rules),
        drawing,
        reason,
        tuple(marks) + (cast_marks(game) if untap else ()),
        options[[o.value for o in options].index(answer)].said,
        sentences(events),
        outcome,
        at,
    )


# ---------------------------------------------------------------------------
# The rule book's example, worked step by step (728.1, 728.1a, 728.2a-c, 702.145b/d/e)
# ---------------------------------------------------------------------------

#: the worked example, move by move, with the questions asked before each (none: it just happens)
STORY: tuple[tuple[Any, tuple[Callable[[At, int], Exercise], ...]], ...] = (
    (BeginTurn("Alice"), (ask_check_happens,)),
    (CastSpell("Alice", "Brutal Cathar"), ()),
    (
        Enter((PermanentSpec.from_catalog("Brutal Cathar", controller="Alice"),)),
        (ask_entering_face, ask_first_designation),
    ),
    (BeginTurn("Bob"), (ask_untap_check,)),
    (CastSpell("Bob", "Tovolar, Dire Overlord"), ()),
    (Enter((PermanentSpec.from_catalog("Tovolar, Dire Overlord", controller="Bob"),)), ()),
    (BeginTurn("Carol"), (ask_untap_check,)),
    (CastSpell("Alice", "Lightning Bolt"), ()),
    (BeginTurn("Alice"), (ask_untap_check, ask_transforms)),
    (CastSpell("Alice", "Opt"), ()),
    (BeginTurn("Bob"), (ask_untap_check,)),
    (CastSpell("Bob", "Baneblade Scoundrel"), ()),
    (Enter((PermanentSpec.from_catalog("Baneblade Scoundrel", controller="Bob"),)), (ask_entering_face,)),
    (CastSpell("Bob", "Consider"), ()),
    (BeginTurn("Carol"), (ask_untap_check, ask_transforms)),
    (Transform(0, "Moonmist"), (ask_other_transform,)),
    (Enter((PermanentSpec.from_catalog("Celestus Sanctifier", controller="Carol"),)), ()),
    (Becomes("night", "Unnatural Moonrise"), (ask_change_trigger,)),
)


def worked_example() -> tuple[Exercise, ...]:
    """The Comprehensive Rules' day and night (728 and 702.145, as the seed quotes them) worked
    step by step in one game of Alice, Bob and Carol: each step a question about what happens
    next, asked before the engine does it (Moonmist tries to transform each permanent in turn;
    it changes nothing, so the game goes on without it)."""
    game = DayNight.new(["Alice", "Bob", "Carol"])
    steps: list[Exercise] = []
    for move, asks in STORY:
        moves = tuple(Transform(p.id, move.source) for p in game.permanents) if isinstance(move, Transform) else (move,)
        subject = game.permanents[-1].id if isinstance(move, Becomes) else None
        steps.extend(ask(At(game.copy(), moves, subject), len(steps)) for ask in asks)
        if not isinstance(move, Transform):
            game.play(move)
    return tuple(
        replace(ex, question=_("Step {k} of {n}: {question}").format(k=k, n=len(steps), question=ex.question))
        for k, ex in enumerate(steps, 1)
    )


# ---------------------------------------------------------------------------
# The kinds
# ---------------------------------------------------------------------------

#: the kinds of exercise of the practice page, in the order of the rules
KINDS: tuple[Kind, ...] = (
    Kind("first_designation", N_("How day or night arrives"), ("M1", "M3", "M4", "M5"), CHOICE, make_first_designation),
    Kind("check_happens", N_("Whether the untap step checks"), ("M1", "M7", "M11"), CHOICE, make_check_happens),
    Kind(
        "untap_check",
        N_("Day or night after this turn"),
        ("M2", "M5", "M7", "M8", "M9", "M10", "M12", "M13"),
        CHOICE,
        make_untap_check,
    ),
    Kind("change_trigger", N_("When day becomes night: triggers"), ("M4", "M6", "M18"), CHOICE, make_change_trigger),
    Kind("entering_face", N_("Which face is up as it enters"), ("M14", "M15"), CHOICE, make_entering_face),
    Kind("transforms", N_("What transforms as day or night comes"), ("M4", "M16"), SET, make_transforms),
    Kind("other_transform", N_("No other way to transform"), ("M17",), SET, make_other_transform),
    Kind("curse_day", N_("Curse of Leeches as day comes"), ("M16",), SET, make_curse_day),
    Kind("curse_night", N_("Curse of Leeches as night comes"), ("M16",), CHOICE, make_curse_night),
    Kind("phasing", N_("Phasing in the untap step"), ("M7", "M8", "M9", "M16"), CHOICE, make_phasing),
    Kind("skipped_turn", N_("Skipped and extra turns"), ("M5", "M7", "M8", "M9"), CHOICE, make_skipped_turn),
    Kind("transform_keeps", N_("What stays when it transforms"), ("M4", "M7", "M16"), SET, make_transform_keeps),
)
