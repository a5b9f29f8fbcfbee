"""The guided first game of Day & Night (issue 19): the lessons, the goal, the guided deal and
the words of what is allowed now, for :class:`daynight.widgets.guide.Guide` in the stars app.

* :func:`lessons` -- one :class:`~daynight.widgets.guide.Lesson` per rule, each triggered by the
  first event of the engine's log that carries the rule (``Event.rule``, the names of
  ``daynight/stars/explain.py``), pointing at the drawn table (the keys of
  ``daynight/stars/draw.py``: ``time``, ``totals``, ``total-<colour>``, ``seat-<p>``), with the
  checklist's words (``docs/rule-checklist.md``) one click away;
* :func:`guided_deal` -- a real game from a set position (``StarsGame.from_position``): three
  players, seven cards each, a draw pile of :data:`GUIDED_PILE` cards (the rest stay in the
  box), so the game lasts four rounds. The position is built from :data:`GUIDED_SEED` by
  :func:`guided_position`; the seed was found by ``tools/guided_deal_stars.py``, which plays it
  with the learner always playing the first legal move, the last, or a random one, against
  the app's rule-of-thumb bots under several seeds, and checks that every lesson occurs (and a
  time symbol turns the card to night in the first two rounds);
* :func:`allowed_words` -- what the learner may do now and why, with a suggestion in quotes
  (the name of the target that plays it: the rule-of-thumb bot's choice for the learner's view).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from daynight import i18n
from daynight.core import Event, Game
from daynight.stars import Choose, Commit, Move, StarsGame, default_deck, make_bot
from daynight.stars.draw import move_name

from .guide import Lesson
from .table import Mark

__all__ = [
    "GUIDED_NAMES",
    "GUIDED_PILE",
    "GUIDED_SEED",
    "HUMAN",
    "allowed_words",
    "goal",
    "guided_deal",
    "guided_position",
    "lessons",
    "night_early",
    "play_guided",
    "shorter",
    "suggestion",
]

_ = i18n._
ngettext = i18n.ngettext

HUMAN = "Player 1 (you)"
#: the guided game's players: you and two rule-of-thumb bots (named as the app names its bots,
#: so that a guided game continued from the browser gets the same bots back)
GUIDED_NAMES = (HUMAN, "Bot 1 (Rule of thumb)", "Bot 2 (Rule of thumb)")
#: the draw pile of the guided game: 15 cards give four rounds with three players
GUIDED_PILE = 15
#: the seed of the guided position, found by ``tools/guided_deal_stars.py``
GUIDED_SEED = 1241
#: the learner's cards (hand and draws) are high cards of two colours without the time
#: symbol, at least this high: so the learner cannot break the tie the bots and the pile make
#: at night (the search needs such a tie to come whatever the learner plays)
LEARNER_LOW = 8
#: where the learner's draws lie in the pile (top first): the reveal, then two cards each in
#: seat order, the next reveal, ...
LEARNER_DRAWS = (1, 2, 8, 9)

# the engine's rule names (``Event.rule``, daynight/stars/explain.py) the lessons are about
FLIP_RULES = ("1. reveal a card: time symbol flips at once", "2. play cards: each time symbol flips the time card")
REVEAL_RULE = "2. play cards: all reveal at once"
WINNER_RULES = ("3. winning colour (day: highest total)", "3. winning colour (night: lowest total)")
TIE_RULE = "3. winning colour: a tie means no winning colour"
ORDER_RULE = "4. collect winning cards: choosing order"
TAKE_RULE = "4. collect winning cards"
CLEANUP_RULE = "5. clean up and draw cards"
END_RULE = "end of the game: most stars wins"
# the rules that refuse a click (``IllegalMoveError.rule``): a refusal counts as got wrong for
# the lesson that names it (the summary then links the practice page)
PLAY_REFUSALS = ("2. play cards: a card from your hand", "2. play cards: one card per player per step")
TAKE_REFUSALS = ("4. collect winning cards: nobody plays while cards are chosen",
                 "4. collect winning cards: any one face-up card from the table")  # fmt: skip


# ---------------------------------------------------------------------------
# The guided deal
# ---------------------------------------------------------------------------


def guided_position(seed: int, pile: int = GUIDED_PILE) -> dict[str, Any]:
    """A set position for the guided game, from ``seed``: the learner's seven cards and four
    draws are high cards (:data:`LEARNER_LOW` and up, no time symbol) of two colours; the bots'
    hands and the rest of the pile are shuffled cards; every other card stays in the box."""
    deck = default_deck()
    rng = random.Random(seed)
    ids = [c.id for c in deck.cards]
    rng.shuffle(ids)
    colours = rng.sample(sorted({c.colour for c in deck.cards}), 2)
    high = [i for i in ids if (c := deck.by_id[i]).value >= LEARNER_LOW and not c.time and c.colour in colours]
    mine = high[: 7 + len(LEARNER_DRAWS)]
    rest = [i for i in ids if i not in mine]
    hands = [mine[:7], rest[:7], rest[7:14]]
    order = rest[14 : 14 + pile - len(LEARNER_DRAWS)]
    for k, card in zip(LEARNER_DRAWS, mine[7:], strict=True):
        order.insert(k, card)
    used = {*order, *(i for h in hands for i in h)}
    return {"hands": hands, "pile": order, "removed": [i for i in ids if i not in used]}


def guided_deal() -> StarsGame:
    """The guided game: the position of :data:`GUIDED_SEED`, you and two rule-of-thumb bots."""
    return StarsGame.from_position(**guided_position(GUIDED_SEED), names=list(GUIDED_NAMES))


def suggestion(game: StarsGame) -> Move:
    """A good move for the learner now: what the rule-of-thumb bot would play in their place
    (its ties broken the same way every time)."""
    moves = game.legal_moves(0)
    return make_bot("rule").choose(game.view(0), moves, random.Random(0))


def play_guided(learner: Callable[[Sequence[Move], random.Random], Move], seed: int, game: StarsGame | None = None):
    """Play the guided game to its end as the app does: the rule-of-thumb bots move first (one
    move at a time, in seat order, with a random generator seeded ``seed``), ``learner(moves,
    rng)`` picks each of the learner's moves. Returns the finished game."""
    game = game if game is not None else guided_deal()
    bot, rng, mine = make_bot("rule"), random.Random(seed), random.Random(seed + 1)
    while not game.is_over():
        movers = [p for p in game.to_players() if p != 0]
        if movers:
            p = movers[0]
            game.play(bot.choose(game.view(p), game.legal_moves(p), rng))
        else:
            game.play(learner(game.legal_moves(0), mine))
    return game


def night_early(game: Game) -> bool:
    """Whether a time symbol turned the time card to night in the first two rounds."""
    round_no = 0
    for event in game.log:
        if event.what == "reveal":
            round_no = event.data["round"]
        if event.rule in FLIP_RULES and not event.data["day"] and round_no <= 2:
            return True
    return False


# ---------------------------------------------------------------------------
# The lessons
# ---------------------------------------------------------------------------


def _time(game: Game, event: Event) -> list[Mark]:
    return [Mark("time", _("the time card"))]


def _played(game: Game, event: Event) -> list[Mark]:
    return [Mark("seat-0", _("your card, face up now")), Mark("totals", _("the colour totals so far"))]


def _winner(game: Game, event: Event) -> list[Mark]:
    colour = event.data["colour"]
    # the whole totals, whose winning line the drawing outlines itself: a label on a line of them has no
    # place that covers no words (the lines are packed under their heading)
    return [Mark("time", _("day or night?")), Mark("totals", _("{colour} wins").format(colour=colour))]


def _tie(game: Game, event: Event) -> list[Mark]:
    return [Mark("totals", _("two colours tie: no winning colour"))]


def _order(game: Game, event: Event) -> list[Mark]:
    order = event.data["order"]
    marks = [Mark(f"seat-{p}", _("chooses {rank} of {count}").format(rank=k, count=len(order)))
             for k, p in enumerate(order, 1)]  # fmt: skip
    return marks + [Mark(f"seat-{p}", _("tied: no card"), "wrong") for p in event.data["dropped"]]


def _take(game: Game, event: Event) -> list[Mark]:
    return [Mark(f"seat-{event.data['player']}", _("took a card"))]


def _cleanup(game: Game, event: Event) -> list[Mark]:
    return [Mark("time", _("stays as it is"))]


def _end(game: Game, event: Event) -> list[Mark]:
    return [Mark(f"seat-{p}", _("the winner")) for p in event.data["winners"]]


def _playing_lessons() -> tuple[Lesson, ...]:
    """Steps 1 and 2 of a round: the revealed card, the time symbol, the two plays."""
    return (
        Lesson(
            "time",
            FLIP_RULES,
            _(
                "A card with the time symbol (sun and moon) turns the time card over at once: day becomes night, "
                "night becomes day. Every time symbol counts, on the revealed card and on played cards."
            ),
            heading=_("A time symbol turns the time card"),
            ids=("S11", "S13"),
            marks=_time,
        ),
        Lesson(
            "play",
            (REVEAL_RULE, *PLAY_REFUSALS),
            _(
                "Everyone placed one card face down, and all of them were turned face up together. This happens "
                "twice each round, so each player ends up with two face-up cards."
            ),
            heading=_("Playing cards face down"),
            ids=("S12", "S14"),
            marks=_played,
        ),
    )


def _collecting_lessons() -> tuple[Lesson, ...]:
    """Steps 3 and 4: the winning colour (or a tie), the choosing order, taking a card."""
    return (
        Lesson(
            "winner",
            WINNER_RULES,
            _(
                "After the second play, the values of each colour are added up, the revealed card included. "
                "By day (sun) the colour with the highest total wins; by night (moon) the lowest."
            ),
            heading=_("A colour wins"),
            ids=("S15", "S16", "S17"),
            marks=_winner,
        ),
        Lesson(
            "order",
            (ORDER_RULE,),
            _(
                "Only those who played the winning colour choose a card, one each: by day the highest value in "
                "that colour first, by night the lowest. Two cards of that colour count as their sum; with equal "
                "values, the one with fewer stars chooses first."
            ),
            heading=_("The choosing order"),
            ids=("S19", "S22", "S23", "S24"),
            marks=_order,
        ),
        Lesson(
            "take",
            (TAKE_RULE, *TAKE_REFUSALS),
            _(
                "A chooser takes any one face-up card, of any colour, the revealed card included. The stars on the "
                "cards you take are your points."
            ),
            heading=_("Taking a card"),
            ids=("S20", "S21"),
            marks=_take,
            when=lambda e: e.what == "take",
        ),
        Lesson(
            "tie",
            (TIE_RULE,),
            _(
                "Two colours share the best total (the highest by day, the lowest by night), so no colour wins: "
                "nobody takes a card this round, and it ends at once."
            ),
            heading=_("A tie: no winning colour"),
            ids=("S18",),
            marks=_tie,
        ),
    )


def _ending_lessons() -> tuple[Lesson, ...]:
    """Step 5 and the end of the game."""
    return (
        Lesson(
            "cleanup",
            (CLEANUP_RULE,),
            _(
                "The face-up cards left go to the discard pile and everyone draws two cards. The time card stays "
                "as it is for the next round. When the draw pile is used up, one last round is played."
            ),
            heading=_("The end of a round"),
            ids=("S27", "S28", "S29", "S30"),
            marks=_cleanup,
        ),
        Lesson(
            "end",
            (END_RULE,),
            _(
                "The game is over: whoever has the most stars on the cards they took wins; with equal stars, the one "
                "with more cards."
            ),
            heading=_("The end of the game"),
            ids=("S31", "S32"),
            marks=_end,
        ),
    )


def lessons() -> tuple[Lesson, ...]:
    """The guided game's lessons, in the words of the language now chosen, in the order of
    the rules sheet."""
    return (*_playing_lessons(), *_collecting_lessons(), *_ending_lessons())


def goal() -> str:
    """The first note: the goal and what to do now (three sentences)."""
    return _(
        "Win by collecting the most stars. Each round you play two cards from your hand, and the players of "
        "the winning colour take cards from the table. Press “Start”; the notes say what to do."
    )


def shorter() -> str:
    """The page says the guided game is shorter than a full game."""
    return _("This guided game is shorter than a full one: three players, four rounds.")


# ---------------------------------------------------------------------------
# What is allowed now
# ---------------------------------------------------------------------------


def allowed_words(game: StarsGame, showing: int | None = None, next_name: str = "") -> str:
    """What the learner may do now and why, with a suggestion in quotes (the name of the target
    that does it). ``showing``: the number of a finished round the app shows until
    ``next_name`` is pressed."""
    if showing is not None:
        return _("Round {n} is over: look at what everyone played and took, then press “{next}”.").format(
            n=showing, next=next_name
        )
    move = suggestion(game)
    if isinstance(move, Choose):
        return _(
            "{colour} won, and it is your turn to choose: click any one face-up card to take it; its stars "
            "become yours. The card with the most stars: “{move}”."
        ).format(colour=game.winning, move=move_name(move))
    assert isinstance(move, Commit)
    step = game.phase + 1
    if game.day:
        text = _(
            "Play {step} of 2: click any card of your hand to place it face down. It is day now, so the colour "
            "with the highest total wins, unless a time symbol played this round turns the time card to night. "
            "A suggestion: “{move}”."
        )
    else:
        text = _(
            "Play {step} of 2: click any card of your hand to place it face down. It is night now, so the colour "
            "with the lowest total wins, unless a time symbol played this round turns the time card to day. "
            "A suggestion: “{move}”."
        )
    return text.format(step=step, move=move_name(move))


def learner_first(moves: Sequence[Move], rng: random.Random) -> Move:
    return moves[0]


def learner_last(moves: Sequence[Move], rng: random.Random) -> Move:
    return moves[-1]


def learner_random(moves: Sequence[Move], rng: random.Random) -> Move:
    return moves[rng.randrange(len(moves))]


#: the learners the guided deal is checked against
LEARNERS = {"first": learner_first, "last": learner_last, "random": learner_random}


def lessons_met(game: Game, all_lessons: Sequence[Lesson] | None = None) -> set[str]:
    """The names of the lessons whose rule the finished ``game``'s log carries."""
    found = set()
    for lesson in all_lessons or lessons():
        if any(lesson.matches(e) for e in game.log):
            found.add(lesson.name)
    return found
