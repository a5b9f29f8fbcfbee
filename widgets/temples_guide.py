"""The temple duel's guided first game (issue 19): its lessons, its goal, its deal and the
words of what is allowed, for :class:`daynight.widgets.guide.Guide` in the play app
(``widgets/temples.py``).

Each lesson is triggered by the first event of the engine's log that carries its rule (the
names of ``Event.rule`` the engine writes: ``2.1 Spell Casting``, ``2.1 Travelling``, ...), and
points at the drawn element it is about (``sq-C3``, ``side-night``, ``hours``, ``turn``: keys of
``daynight.temples.draw``). The guided game is a real game of the engine, shorter than a full
one (the rule option ``temples_to_win=1``: one temple wins), dealt from :data:`GUIDED_SEED`,
which ``tools/guided_deal_temples.py`` found and checks: every lesson occurs whether the learner
always plays the first legal move, the last one, a random one or the move the notes suggest,
against the rule-of-thumb Night whose choices depend only on the position
(:func:`bot_move`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from daynight.widgets.guide import Lesson
from daynight.widgets.table import Mark

from daynight.core import Event, Game
from daynight.i18n import gettext as _
from daynight.i18n import ngettext
from daynight.temples import (
    DAY,
    NAME,
    NIGHT,
    SQUARES,
    Cast,
    Options,
    TemplesGame,
    largest_region,
    square_name,
    thumb_bot,
)

__all__ = [
    "GOAL",
    "GUIDED_OPTIONS",
    "GUIDED_SEED",
    "LEARNER",
    "LESSONS",
    "SHORTER",
    "bot_move",
    "guided_deal",
    "learner_move",
    "situation_words",
    "standing",
]

#: the learner's side in the guided game (Day begins, so the first move is the learner's)
LEARNER = "day"
#: the guided game's rule option: one temple wins (the full game needs two)
GUIDED_OPTIONS = Options(temples_to_win=1)
#: the deal: found by ``tools/guided_deal_temples.py`` (run it to see what it checks)
GUIDED_SEED = 19
#: the rule-of-thumb bots' tie-breaks in the guided game are drawn from this and the move's number
BOT_SALT = 7919


def guided_deal() -> TemplesGame:
    """The guided game: Day (the learner) against the rule-of-thumb Night, one temple wins."""
    return TemplesGame.new(GUIDED_SEED, options=GUIDED_OPTIONS)


def _rng(game: Game) -> random.Random:
    return random.Random(BOT_SALT * 100_000 + len(game.history))


def bot_move(game: TemplesGame) -> Any:
    """Night's move in the guided game: the rule-of-thumb bot, its tie-breaks drawn from the
    move's number, so that the same position gets the same answer (a kept game resumed too)."""
    side = game.to_players()[0]
    return thumb_bot(game.view(side), game.legal_moves(), _rng(game))


def learner_move(game: TemplesGame) -> Any:
    """The move the notes suggest to the learner: the rule-of-thumb bot's, for Day, with one
    look ahead when it would cast: a spell is suggested only when, carried out (its targets
    chosen by the rule of thumb), it leaves Day better off (:func:`standing`); the best such
    spell, else the rule of thumb's travel or retreat. A spell that must be carried out as
    far as possible may harm its caster (rule 2.1): the learner is not told to cast it."""
    legal = game.legal_moves(LEARNER)
    choice = thumb_bot(game.view(LEARNER), legal, _rng(game))
    if type(choice) is not Cast or game.pending is not None:
        return choice
    now = standing(game)
    best, gain = None, 0.0
    for move in legal:
        if type(move) is Cast:
            after = standing(_cast_out(game, move)) - now
            if after > gain:
                best, gain = move, after
    if best is not None:
        return best
    rest = tuple(m for m in legal if type(m) is not Cast)
    return thumb_bot(game.view(LEARNER), rest, _rng(game))


def _cast_out(game: TemplesGame, move: Any) -> TemplesGame:
    """A copy of ``game`` after the learner casts ``move`` and the rule of thumb chooses its
    targets (until nothing of the spell waits for Day)."""
    sim = game.copy()
    sim.play(move)
    rng = _rng(game)
    for _guard in range(100):
        if sim.is_over() or sim.to_players()[0] != LEARNER or (sim.pending is None and sim.temple_pick is None):
            break
        sim.play(thumb_bot(sim.view(LEARNER), sim.legal_moves(), rng))
    return sim


def standing(game: TemplesGame) -> float:
    """How well Day stands: her temples, her largest free group less 0.8 of Night's, a little for
    each tile on its way to a Day Temple-tile (Mystify-counters)."""
    templed = game.templed()
    return (
        100.0 * game.temples_of(LEARNER)
        + largest_region(game.tiles, DAY, templed)
        - 0.8 * largest_region(game.tiles, NIGHT, templed)
        + 0.3 * sum(1 for s in SQUARES if game.mystify[s])
    )


# --------------------------------------------------------------------------- the marks of the notes


def _side(event: Event) -> str:
    return event.who if event.who in NAME else LEARNER


def _mark_cast(game: Game, event: Event) -> list[Mark]:
    side = _side(event)
    marks = [Mark(f"side-{side}", _("{side} cast a spell").format(side=NAME[side]))]
    if side == LEARNER:
        marks.append(Mark("hours", _("the hours left")))
    return marks


def _mark_square(label: str, field: str = "square") -> Callable[[Game, Event], list[Mark]]:
    def marks(game: Game, event: Event) -> list[Mark]:
        sq = event.data.get(field)
        return [Mark(f"sq-{square_name(sq)}", label)] if isinstance(sq, int) else []

    return marks


def _mark_temple(game: Game, event: Event) -> list[Mark]:
    return [Mark(f"sq-{square_name(s)}", _("the temple")) for s in event.data.get("squares", ())]


def _mark_turn(game: Game, event: Event) -> list[Mark]:
    side = _side(event)
    return [Mark("turn", _("whose turn")), Mark(f"side-{side}", _("{side}: 12 hours").format(side=NAME[side]))]


def _mark_end(game: Game, event: Event) -> list[Mark]:
    return [Mark("turn", _("the end of the game"))]


def _is(what: str) -> Callable[[Event], bool]:
    return lambda event: event.what == what


LESSONS = (
    Lesson(
        "spell",
        ("2.1 Spell Casting",),
        _(
            "A spell costs the hours in its top-left corner, taken from the 12 hours of the turn; "
            "what its text says is done at once, as far as possible. A spell that needs more hours "
            "than are left cannot be cast."
        ),
        heading=_("A spell's hours"),
        ids=("T16", "T17", "T19"),
        marks=_mark_cast,
        when=_is("cast"),
    ),
    Lesson(
        "travel",
        ("2.1 Travelling",),
        _(
            "Travelling moves the pawn to a bordering square (not diagonally) for 3 hours, and its "
            "player draws a spell for it. Once a player travels, she casts no more spells this turn, "
            "and no square is entered twice in a turn."
        ),
        heading=_("Travel"),
        ids=("T21", "T22", "T23", "T25"),
        marks=_mark_square(_("travelled here"), "to"),
        when=_is("travel"),
    ),
    Lesson(
        "crystallize",
        ("3.2 Crystallize",),
        _(
            "Night put a crystal on a tile: until her next turn Day cannot change that tile, turn it "
            "over or travel onto it. Crystals come off when Night's turn starts."
        ),
        heading=_("A crystallized tile"),
        ids=("T57", "T58", "T60"),
        marks=_mark_square(_("crystallized")),
        when=_is("crystallize"),
    ),
    Lesson(
        "temple",
        ("2.2 Building a Temple",),
        _(
            "Nine connected tiles of one side make a temple (bordering, not diagonally): they can "
            "never be turned over or changed again. In this guided game the first temple wins."
        ),
        heading=_("A temple built"),
        ids=("T28", "T29", "T30"),
        marks=_mark_temple,
        when=_is("temple"),
    ),
    Lesson(
        "turn",
        ("2.1 Awakening",),
        _(
            "A turn ends when its player retreats; hours not spent are lost. The other side then "
            "awakens with 12 new hours: the title says whose turn it is, the dots the hours left."
        ),
        heading=_("Whose turn, and the hours left"),
        ids=("T13", "T14", "T27"),
        marks=_mark_turn,
        when=_is("turn"),
    ),
    Lesson(
        "end",
        ("4.1 Normal victory", "4.2 Draw", "4.3 Victory for Day by default", "Option turn_limit"),
        _(
            "The game is over. A full game is won with a second temple; it is a draw when neither "
            "side has room left for the temple she needs."
        ),
        heading=_("The end of the game"),
        ids=("T65", "T66"),
        marks=_mark_end,
        when=_is("end"),
    ),
)

GOAL = _(
    "You play Day, against Night (a bot): build a temple of nine connected Day-tiles before Night "
    "builds hers. Each turn you have 12 hours for spells and travel. Before each move a note says "
    "what is allowed and suggests a move."
)

SHORTER = _("This guided game is shorter than a full one: the first temple wins (a full game needs two).")


def situation_words(game: TemplesGame, hand_size: int) -> str:
    """What the learner may do now and why, without the suggestion (the app adds it)."""
    p, hours = game.pending, game.hours
    if game.temple_pick is not None:
        return _(
            "Your new temple has more than nine tiles: pick its nine, one square at a time, each "
            "bordering on those picked (rule 2.2)."
        )
    if p is not None and p.kind == "choose":
        return _("{spell} lets you take a spell of Night's hand: click one of its cards.").format(spell=p.spell.name)
    if p is not None:
        return _("{spell} waits for its target: {prompt} The ringed squares are allowed.").format(
            spell=p.spell.name, prompt=game.pending_prompt()
        )
    if game.phase == "retreat":
        return ngettext(
            "You retreat with {n} spell: keep five, discard the rest (rule 2.1).",
            "You retreat with {n} spells: keep five, discard the rest (rule 2.1).",
            hand_size,
        ).format(n=hand_size)
    castable = len({m.card for m in game.legal_moves(LEARNER) if type(m) is Cast})
    if game.phase == "travel":
        return ngettext(
            "You have travelled: no more spells this turn. {hours} hour is left: travel on (3 hours a "
            "square, and you draw a spell) or retreat to end your turn.",
            "You have travelled: no more spells this turn. {hours} hours are left: travel on (3 hours a "
            "square, and you draw a spell) or retreat to end your turn.",
            hours,
        ).format(hours=hours)
    return ngettext(
        "You have {hours} of 12 hours and {n} spell you can afford (the others are dimmed). Cast a spell, "
        "travel to a bordering square (3 hours, you draw a spell), or retreat to end your turn.",
        "You have {hours} of 12 hours and {n} spells you can afford (the others are dimmed). Cast a spell, "
        "travel to a bordering square (3 hours, you draw a spell), or retreat to end your turn.",
        castable,
    ).format(hours=hours, n=castable)
