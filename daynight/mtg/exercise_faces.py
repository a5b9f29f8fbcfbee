"""mtg: the practice page's exercises about faces (issue 18): which face a permanent enters
with, which permanents transform as it becomes day or night and which cannot, what another
effect can transform, and Curse of Leeches, the Aura that enchants a player.

Each ``make_<kind>(seed)`` deals a position from a seeded game between bots (:mod:`daynight.mtg.
exercise_table`) and each ``ask_<kind>(at)`` asks its question: the answer from the rule
functions of :mod:`daynight.mtg.rules`, the outcome and the log from the engine playing on.
:mod:`daynight.mtg.exercises` lists them with the other kinds.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

from .. import i18n
from ..i18n import N_
from ..practice import CHOICE, SET, Exercise, Mark, Option
from .data import Effect, PermanentSpec
from .engine import DayNight
from .exercise_table import (
    DAYBOUND,
    MOONSILVER,
    OLD,
    WHY_WORDS,
    At,
    a_permanent,
    becomes,
    boxes,
    candidate,
    candidates,
    changing,
    counted,
    entering_words,
    face_of,
    in_order,
    joined,
    question_drawing,
    sentences,
    settle,
    table_game,
    why_not,
    word,
)
from .moves import Affect, Attach, Becomes, BeginTurn, CastSpell, Enter, PhaseOut, Transform
from .permanent import Permanent
from .rules import (
    BACK,
    DAY,
    DESIGNATIONS,
    FRONT,
    NIGHT,
    attaches_as_it_transforms,
    becomes_unattached,
    designation_of,
    enchants_a_player,
    transform_blocked,
    untap_check,
)

__all__ = [
    "ask_curse_day",
    "ask_curse_night",
    "ask_entering_face",
    "ask_other_transform",
    "ask_transforms",
    "make_curse_day",
    "make_curse_night",
    "make_entering_face",
    "make_other_transform",
    "make_transforms",
]

_ = i18n._  # every sentence a learner reads goes through daynight.i18n

CYTOSHAPE = Effect("Cytoshape", "copy", until_end_of_turn=True, becomes="Brutal Cathar", abilities=("daybound",))
TEFERI = "Teferi's Protection"


def _at_designation(game: DayNight, name: str, rng: random.Random) -> None:
    """Make it ``name`` (an effect that says so) unless it is already."""
    if game.designation_name != name:
        game.play(becomes(name, game))
        settle(game, rng)


# ---------------------------------------------------------------------------
# Which face is up as it enters (702.145b, 712.13, 712.13a, 712.14, 712.14a)
# ---------------------------------------------------------------------------


def _entering(rng: random.Random, who: str, players: tuple[str, ...]) -> PermanentSpec:
    """A double-faced card about to enter, and how: cast, put onto the battlefield by an effect
    (transformed or not), a token copy, a sorcery back face, an old werewolf, Curse of Leeches."""
    dfc = PermanentSpec.from_catalog(rng.choice(DAYBOUND), controller=who)
    werewhat = PermanentSpec("Werewhat", "dfc", _("a sorcery face"), controller=who, back_type="sorcery")
    return rng.choice(
        (
            dfc,
            dfc,
            replace(dfc, via="effect"),
            replace(dfc, transformed=True, via="effect"),
            replace(dfc, token=True, via="effect"),
            werewhat,
            replace(werewhat, via="effect"),
            PermanentSpec.from_catalog(rng.choice(OLD), controller=who),
            replace(PermanentSpec.from_catalog(rng.choice(OLD), controller=who), transformed=True, via="effect"),
            PermanentSpec.from_catalog("Curse of Leeches", controller=who, attached_to=rng.choice(players)),
        )
    )


def make_entering_face(seed: int) -> Exercise:
    """Which face is up as a double-faced card enters, by night, by day or while it is neither."""
    rng = random.Random(seed)
    wanted = rng.choice(("night", "night", "day", "neither"))
    game = table_game(rng, rng.randint(1, 4), designation=wanted != "neither", enter=0.2 if wanted != "neither" else 0)
    if wanted != "neither":
        _at_designation(game, wanted, rng)
    spec = _entering(rng, rng.choice(game.players), game.players)
    return ask_entering_face(At(game, (Enter((spec,)),)), seed)


ENTER_REASONS = {
    "neither": N_(
        "It is neither day nor night, so daybound does nothing yet: a double-faced card enters with the face that "
        "was up on the stack, or its front face by default."
    ),
    "day": N_(
        "It is day: a double-faced card with daybound and nightbound enters with its daybound face, the front face, up."
    ),
    "enters face": N_(
        "It has no daybound that could make it enter transformed: it enters with the face that was up on the stack, "
        "or its front face by default."
    ),
    "token": N_(
        "A token is not represented by a transforming double-faced card, so daybound does not make it enter "
        "transformed (the rule option token_enters_transformed is off): it enters front face up, and then "
        "transforms at once because it is night."
    ),
    "daybound": N_(
        "It is night and it is represented by a transforming double-faced card, so it enters transformed, back face "
        "up with nightbound: it does not enter front face up and then transform."
    ),
    "stack": N_("As a spell on the stack it was front face up: the rule doesn't affect spells on the stack."),
    "put transformed": N_("An effect puts it onto the battlefield transformed: it enters with its back face up."),
    "enters graveyard": N_(
        "It would enter transformed, but its back face is a sorcery: it doesn't enter the battlefield and is put "
        "into its owner's graveyard instead."
    ),
    "instant enters": N_(
        "It would be put onto the battlefield transformed, but its back face is a sorcery, and an instant or "
        "sorcery can't enter the battlefield: it stays in the zone it was in."
    ),
}


def _enter_reason(game: DayNight, spec: PermanentSpec, key: str) -> str:
    if key == "enters face" and spec.kind == "dfc" and not spec.transformed:
        key = "token" if spec.token and game.designation == NIGHT else game.designation_name
        key = "enters face" if key == "night" else key
    why = _(ENTER_REASONS[key])
    if key in ("daybound", "enters graveyard") and spec.via == "spell":
        why += " " + _(ENTER_REASONS["stack"])
    return why


def ask_entering_face(at: At, seed: int = 0) -> Exercise:
    game, (move,) = at.game, at.moves
    spec = move.permanents[0]
    up, key = face_of(game, spec)
    answer = up or "none"
    options = (
        Option("f-front", _("front face up: {face}").format(face=spec.name), "front", "face-front", _("front face up")),
        Option("f-back", _("back face up: {face}").format(face=spec.back), "back", "face-back", _("back face up")),
        Option("f-none", _("it does not enter the battlefield"), "none", "face-none", _("it does not enter")),
    )
    faces = ((candidate(game, spec, FRONT), "face-front"), (candidate(game, spec, BACK), "face-back"))
    none = ("face-none", _("It does not enter"), _("it goes to the graveyard or stays where it was"),
            _("it does not enter the battlefield"))  # fmt: skip
    pieces = joined(partial(candidates, faces), partial(boxes, (none,)))
    q = _("It is {now}. {what} Which face is up as it enters the battlefield?").format(
        now=word(game.designation_name), what=entering_words(game, spec)
    )
    rules = ["M14"] + (["M15"] if spec.kind == "dfc" and spec.via == "spell" and game.designation == NIGHT else [])
    marks = (
        Mark(f"face-{answer}", _("as it enters")),
        Mark("sky", _("it is {now}").format(now=word(game.designation_name))),
    )
    events = at.played()[1]
    entered = [e.data["up"] for e in events if e.what == "enter"]
    drawing = question_drawing(game, q, title=_("As it enters the battlefield:"), answers=pieces)
    said = options[("front", "back", "none").index(answer)].said
    return Exercise(
        "entering_face",
        seed,
        q,
        CHOICE,
        options,
        answer,
        in_order(rules),
        drawing,
        _enter_reason(game, spec, key),
        marks,
        said,
        sentences(events),
        entered[0] if entered else "none",
        at,
    )


# ---------------------------------------------------------------------------
# Which permanents transform as it becomes day or night (702.145b/c/e/f; 712.9, 712.10, 101.2)
# ---------------------------------------------------------------------------


def _crowd(game: DayNight, rng: random.Random, mid_turn: bool) -> None:
    """More permanents: two to four enter, one may get Bound by Moonsilver; ``mid_turn`` (the
    change will come from an effect in this turn): one may become a copy of a daybound card until
    end of turn (Cytoshape) and one may phase out (Teferi's Protection)."""
    for _i in range(rng.randint(2, 4)):
        game.play(Enter((a_permanent(rng, rng.choice(game.players), game.players),)))
        settle(game, rng)
    double = [p for p in game.permanents if p.double_faced]
    if double and rng.random() < 0.35:
        game.play(Affect(rng.choice(double).id, MOONSILVER))
    if mid_turn and rng.random() < 0.25:
        game.play(Affect(rng.choice(game.permanents).id, CYTOSHAPE))
    settle(game, rng)
    controlled = [p for p in game.permanents if p.controller is not None and not p.phased_out]
    if mid_turn and controlled and rng.random() < 0.3:
        game.play(PhaseOut(rng.choice(controlled).id, TEFERI))
    settle(game, rng)


def _change(game: DayNight, rng: random.Random, by_effect: bool, same: bool = False) -> tuple[object, int]:
    """The move that changes day and night: the next untap step if its check changes it (and not
    ``by_effect``), else an effect (``same``: one that says what it is already)."""
    if not by_effect:
        new = untap_check(game.designation, counted(game))
        if new != game.designation:
            return BeginTurn(game.next_in_order()), new
    name = game.designation_name if same else ("night" if game.designation == DAY else "day")
    return becomes(name, game), designation_of(name)


def make_transforms(seed: int) -> Exercise:
    """Day becomes night or night becomes day (the untap step or an effect) with several
    permanents on the battlefield: daybound werewolves of every player, and what cannot follow."""
    rng = random.Random(seed)
    by_effect = rng.random() < 0.5
    game = table_game(rng, rng.randint(1, 3), enter=0.5, spells=None if by_effect else lambda g: changing(g, rng))
    _crowd(game, rng, by_effect)
    move, _new = _change(game, rng, by_effect, same=by_effect and rng.random() < 0.1)
    return ask_transforms(At(game, (move,)), seed)


def _change_words(game: DayNight, move: object, new: int) -> str:
    if isinstance(move, BeginTurn):
        text = _("In the untap step of {next}'s turn, the day/night check makes it {new}.")
    else:
        text = _("{source} says: \u201cIt becomes {new}.\u201d")
    return text.format(next=getattr(move, "who", ""), source=getattr(move, "source", ""), new=word(DESIGNATIONS[new]))


def _permanent_options(game: DayNight) -> tuple[Option, ...]:
    return tuple(
        Option(f"p{p.id}", p.label(), p.id, f"perm-{p.id}", f"#{p.id} {p.face_name()}") for p in game.permanents
    )


def _listing(game: DayNight, ids: frozenset[int]) -> str:
    return ", ".join(f"#{p.id} {p.face_name()}" for p in game.permanents if p.id in ids) or _("none of them")


def ask_transforms(at: At, seed: int = 0) -> Exercise:
    game, (move,) = at.game, at.moves
    new = (
        untap_check(game.designation, counted(game))
        if isinstance(move, BeginTurn)
        else designation_of(move.designation)
    )
    why = {p.id: why_not(p, new) for p in game.permanents}
    answer = frozenset(i for i, w in why.items() if w is None)
    q = _("It is {now}. {change} Mark every permanent that transforms as it does, then Check.").format(
        now=word(game.designation_name), change=_change_words(game, move, new)
    )
    if new == NIGHT:
        reason = _(
            "As it becomes night, every permanent front face up with daybound transforms at once, whoever controls "
            "it: {listing}. Nothing else does: a single-faced copy, a card whose other face is an instant or sorcery, "
            "a permanent that can't transform or is phased out, one without daybound or nightbound."
        )
    else:
        reason = _(
            "As it becomes day, every permanent back face up with nightbound transforms at once, whoever controls "
            "it: {listing}. Nothing else does: a single-faced copy, a card whose other face is an instant or sorcery, "
            "a permanent that can't transform or is phased out, one without daybound or nightbound."
        )
    reason = reason.format(listing=_listing(game, answer))
    if new == game.designation:
        reason = _("It is {new} already: nothing changes, so nothing transforms.").format(new=word(DESIGNATIONS[new]))
    marks = tuple(Mark(f"perm-{i}", _(WHY_WORDS[w])) for i, w in why.items())
    rules = ["M16"] + (["M4"] if isinstance(move, Becomes) else [])
    events = at.played()[1]
    outcome = frozenset(e.data["permanent"] for e in events if e.what == "transform")
    return Exercise(
        "transforms",
        seed,
        q,
        SET,
        _permanent_options(game),
        answer,
        in_order(rules),
        question_drawing(game, q),
        reason,
        marks,
        _listing(game, answer),
        sentences(events),
        outcome,
        at,
    )


# ---------------------------------------------------------------------------
# No other way: another effect tells them to transform (702.145b/e, 712.9, 712.10, 101.2)
# ---------------------------------------------------------------------------


def other_blocked(p: Permanent) -> str | None:
    """Why an effect other than daybound and nightbound cannot transform ``p`` (``None``: it
    does), by :func:`transform_blocked`."""
    return transform_blocked(
        p.double_faced, p.spell_back and p.up == FRONT, p.cant_transform, p.daybound, p.nightbound, False
    )


def make_other_transform(seed: int) -> Exercise:
    """An effect such as Moonmist tells each permanent on the battlefield to transform."""
    rng = random.Random(seed)
    game = table_game(rng, rng.randint(1, 3), enter=0.5)
    if rng.random() < 0.6:
        game.play(Enter((PermanentSpec.from_catalog(rng.choice(OLD), controller=rng.choice(game.players)),)))
    _crowd(game, rng, False)
    moves = tuple(Transform(p.id, "Moonmist") for p in game.permanents)
    return ask_other_transform(At(game, moves), seed)


def tried_one_by_one(at: At) -> tuple[frozenset[int], tuple[str, ...]]:
    """Each move of ``at`` (a transform) tried on its own copy of the game: the permanents that
    transformed and what the log said."""
    done: set[int] = set()
    said: list[str] = []
    for move in at.moves:
        events = At(at.game, (move,)).played()[1]
        done |= {e.data["permanent"] for e in events if e.what == "transform"}
        said.extend(sentences(events))
    return frozenset(done), tuple(said)


def ask_other_transform(at: At, seed: int = 0) -> Exercise:
    game = at.game
    why = {p.id: other_blocked(p) for p in game.permanents}
    answer = frozenset(i for i, w in why.items() if w is None)
    q = _(
        "Suppose an effect other than daybound and nightbound tells each of these permanents to transform (as "
        "Moonmist does: \u201ctransform all Humans\u201d). Mark every permanent that transforms, then Check."
    )
    reason = _(
        "Only a transforming double-faced permanent can transform, never into an instant or sorcery face, and not "
        "while an effect says it can't; a permanent with daybound or nightbound can't transform except by its "
        "daybound or nightbound ability. Here: {listing}."
    ).format(listing=_listing(game, answer))
    marks = tuple(Mark(f"perm-{i}", _(WHY_WORDS[w])) for i, w in why.items())
    outcome, said = tried_one_by_one(at)
    return Exercise(
        "other_transform",
        seed,
        q,
        SET,
        _permanent_options(game),
        answer,
        ("M17",),
        question_drawing(game, q),
        reason,
        marks,
        _listing(game, answer),
        said,
        outcome,
        at,
    )


# ---------------------------------------------------------------------------
# Curse of Leeches // Leeching Lurker: an Aura that enchants a player (712.20, 704.5p; MID R17-R19)
# ---------------------------------------------------------------------------


def _cursed(rng: random.Random, day: bool, spells: tuple[int, ...]) -> tuple[DayNight, int]:
    """A seeded game between bots, then a turn in which it is day (``day``) or night and Curse
    of Leeches enters: by day front face up, attached to a player (its spell's target), by night
    back face up, Leeching Lurker, a creature; the turn's active player then casts one of
    ``spells`` spells."""
    game = table_game(rng, rng.randint(1, 3), enter=0.3)
    settle(game, rng)
    game.play(BeginTurn(game.next_in_order()))
    settle(game, rng)
    _at_designation(game, "day" if day else "night", rng)
    who = rng.choice(game.players)
    target = rng.choice([p for p in game.players if p != who])
    game.play(Enter((PermanentSpec.from_catalog("Curse of Leeches", controller=who, attached_to=target),)))
    settle(game, rng)
    for active in game.active_players():
        for _i in range(rng.choice(spells)):
            game.play(CastSpell(active))
    return game, game.permanents[-1].id


def make_curse_day(seed: int) -> Exercise:
    """Night becomes day with Leeching Lurker on the battlefield (sometimes Bound by Moonsilver,
    or phased out)."""
    rng = random.Random(seed)
    game, pid = _cursed(rng, False, (1, 2, 2, 3))
    by_effect = rng.random() < 0.5
    if rng.random() < 0.15:
        game.play(Affect(pid, MOONSILVER))
    elif by_effect and rng.random() < 0.2:
        game.play(PhaseOut(pid, TEFERI))
    move, _new = _change(game, rng, by_effect)
    return ask_curse_day(At(game, (move,), pid), seed)


def attachable(game: DayNight, p: Permanent, new: int) -> frozenset[str]:
    """The players ``p`` may be attached to as it becomes ``new``: every player, if it
    transforms (:func:`why_not`) into a face that is an Aura with "enchant player"
    (:func:`enchants_a_player`), for "as this permanent transforms into Curse of Leeches, attach it
    to a player" (:func:`attaches_as_it_transforms`: no target, so any player); else none."""
    into = BACK if p.up == FRONT else FRONT
    if why_not(p, new) is None and attaches_as_it_transforms(enchants_a_player(into, p.spec.enchant_player)):
        return frozenset(game.players)
    return frozenset()


def _seats(game: DayNight) -> tuple[Option, ...]:
    return tuple(Option(f"s-{p}", _("{player}'s place").format(player=p), p, f"seat-{p}", p) for p in game.players)


def ask_curse_day(at: At, seed: int = 0) -> Exercise:
    game, (move,), pid = at.game, at.moves, at.subject
    p = game.permanent(pid)
    assert p is not None, pid
    new = (
        untap_check(game.designation, counted(game))
        if isinstance(move, BeginTurn)
        else designation_of(move.designation)
    )
    answer = attachable(game, p, new)
    q = _(
        "It is night. {controller} controls Leeching Lurker, the back face of Curse of Leeches (\u201cAs this "
        "permanent transforms into Curse of Leeches, attach it to a player\u201d). {change} Mark the place of every "
        "player {controller} may attach it to (none, if it is attached to no player), then Check."
    ).format(controller=p.controller, change=_change_words(game, move, new))
    if answer:
        reason = _(
            "As it becomes day, Leeching Lurker transforms into Curse of Leeches, and as it transforms its controller "
            "attaches it to a player of their choice: any player, {controller} included. It does not target, so even "
            "a player with hexproof can be chosen; and it happens in the untap step, before the upkeep."
        ).format(controller=p.controller)
    else:
        reason = _("Leeching Lurker does not transform ({why}), so it stays a creature, attached to no player.").format(
            why=_(WHY_WORDS[why_not(p, new)])
        )
    marks = tuple(Mark(f"seat-{who}", _("may be chosen")) for who in sorted(answer)) + (
        Mark(f"perm-{pid}", _(WHY_WORDS[why_not(p, new)])),
    )
    after, events = at.played()
    outcome = frozenset(m.player for m in after.legal_moves() if isinstance(m, Attach) and m.permanent == pid)
    said = _(" and ").join(sorted(answer)) or _("no player: it is attached to nobody")
    drawing = question_drawing(game, q, seats=True)
    return Exercise(
        "curse_day",
        seed,
        q,
        SET,
        _seats(game),
        answer,
        ("M16",),
        drawing,
        reason,
        marks,
        said,
        sentences(events),
        outcome,
        at,
    )


def make_curse_night(seed: int) -> Exercise:
    """Day becomes night with Curse of Leeches enchanting a player (sometimes phased out)."""
    rng = random.Random(seed)
    game, pid = _cursed(rng, True, (0, 0, 0, 1))
    by_effect = rng.random() < 0.5
    if by_effect and rng.random() < 0.4:
        game.play(PhaseOut(pid, TEFERI))
    move, _new = _change(game, rng, by_effect)
    return ask_curse_night(At(game, (move,), pid), seed)


def attached_after(p: Permanent, new: int) -> str | None:
    """The player ``p`` (an Aura that enchants a player) is attached to once it is ``new``: if
    it transforms (:func:`why_not`) into a creature, it becomes unattached (704.5p,
    :func:`becomes_unattached`); else it stays attached."""
    if why_not(p, new) is None:
        into = BACK if p.up == FRONT else FRONT
        if becomes_unattached(p.attached is not None, enchants_a_player(into, p.spec.enchant_player)):
            return None
    return p.attached


def ask_curse_night(at: At, seed: int = 0) -> Exercise:
    game, (move,), pid = at.game, at.moves, at.subject
    p = game.permanent(pid)
    assert p is not None, pid
    new = (
        untap_check(game.designation, counted(game))
        if isinstance(move, BeginTurn)
        else designation_of(move.designation)
    )
    answer = attached_after(p, new)
    q = _(
        "It is day. {controller}'s Curse of Leeches enchants {player}. {change} Once it is {new}, which player is it "
        "attached to? Click that player's place, or \u201cattached to no player\u201d."
    ).format(
        controller=p.controller, player=p.attached, change=_change_words(game, move, new), new=word(DESIGNATIONS[new])
    )
    nobody = _("attached to no player")
    options = _seats(game) + (Option("s-none", nobody, None, "answer-none", nobody),)
    piece = partial(boxes, (("answer-none", _("No player"), nobody, nobody),))
    if answer is None:
        reason = _(
            "As it becomes night, Curse of Leeches transforms into Leeching Lurker, a creature; a creature attached "
            "to a player becomes unattached (a state-based action), so it is attached to no player."
        )
    else:
        reason = _("Curse of Leeches does not transform ({why}), so it stays attached to {player}.").format(
            why=_(WHY_WORDS[why_not(p, new)]), player=answer
        )
    marks = (
        Mark(f"seat-{answer}" if answer else "answer-none", _("attached here")),
        Mark(f"perm-{pid}", _(WHY_WORDS[why_not(p, new)])),
    )
    after, events = at.played()
    q_after = after.permanent(pid)
    drawing = question_drawing(game, q, seats=True, title=_("Or:"), answers=piece)
    return Exercise(
        "curse_night",
        seed,
        q,
        CHOICE,
        options,
        answer,
        ("M16",),
        drawing,
        reason,
        marks,
        answer or nobody,
        sentences(events),
        q_after.attached if q_after else None,
        at,
    )
