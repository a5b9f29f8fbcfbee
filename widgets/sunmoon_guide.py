"""Sonne und Mond's guided first game (issue 19): the lessons, the goal, the guided deal and the
words of what is allowed now, for :class:`daynight.widgets.guide.Guide` in
:class:`daynight.widgets.sunmoon.SunMoonApp`.

* :data:`LESSONS` -- one per rule, each triggered by the first event of the engine's log that
  carries the rule (``Event.rule``: "starting a row", "placing", "animal card", "eclipses",
  "restoring", "harvest", "self-destruct", "drawing", "end of the game", "scoring"), pointing
  at the row, the seat or the pile it is about, with the checklist's ids (``docs/rule-checklist.md``).
  A lesson also names the rules its refusals carry ("ascending", "restoring: between", ...),
  so a click the engine refuses for it counts as got wrong.
* :func:`guided_game` -- the guided deal: two players (you and the bot Ada), the cards of
  :func:`guided_position` (the seed :data:`GUIDED_SEED`, found by ``tools/guided_deal_sunmoon.py``),
  the other cards set aside, so the game is shorter than a full one. The engine plays it as any
  game; Ada plays the rule of thumb with a random source drawn from the number of moves made
  (:func:`guided_bot_move`), so the same moves bring the same answers, on a reload too, and the
  search script's promise (a row started, an eclipse, a restore and a harvest, whatever the
  learner does) holds in the app.
* :func:`allowed_words` -- what the learner may do now and why, and a good move quoted by the
  name of the target to click.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from daynight import i18n
from daynight.core import Event, Game
from daynight.i18n import N_, ngettext
from daynight.sunmoon import CARDS, Harvest, Move, RuleOfThumbBot, SelfDestruct, SunMoon
from daynight.sunmoon.data import Card
from daynight.sunmoon.words import row_words, sentence

from .guide import Lesson
from .table import Mark

_ = i18n._  # the translation call ("from ..i18n import _" would read as importing a private name)

__all__ = [
    "GOAL",
    "GUIDED_DRAW",
    "GUIDED_SEED",
    "LESSONS",
    "MUST",
    "allowed_words",
    "goal",
    "guided_bot_move",
    "guided_game",
    "guided_position",
    "hint",
    "lessons",
    "play_guided",
    "shorter_words",
]

#: the guided deal: the deck shuffled with this seed (``tools/guided_deal_sunmoon.py`` found it)
GUIDED_SEED = 219
#: cards in the guided game's draw pile (after five in each hand); the other cards are set aside
GUIDED_DRAW = 12
#: the rules every guided game shows, whatever the learner plays (issue 19): the search's promise
MUST = ("starting a row", "eclipses", "restoring", "harvest")


def guided_position(seed: int = GUIDED_SEED, draw: int = GUIDED_DRAW) -> dict[str, object]:
    """The guided game's position: the deck shuffled with ``seed``, five cards to you and five
    to Ada, the next ``draw`` the draw pile, the rest set aside (``"rest": "box"``)."""
    deck = list(CARDS)
    random.Random(seed).shuffle(deck)
    names = [c.name for c in deck]
    return {"hands": [names[:5], names[5:10]], "draw": names[10 : 10 + draw], "rest": "box"}


def guided_game(names: Sequence[str] = ("You", "Ada"), seed: int = GUIDED_SEED, draw: int = GUIDED_DRAW) -> SunMoon:
    """A guided game, as the engine deals a teaching position; you sit in seat 0 and begin."""
    return SunMoon.from_position(guided_position(seed, draw), players=2, names=list(names))


def guided_bot_move(game: SunMoon) -> Move:
    """Ada's move: the rule of thumb, its ties broken by a source seeded with the moves made."""
    p = game.turn
    return RuleOfThumbBot().choose(game.view(p), game.legal_moves(), random.Random(len(game.history)))


def hint(game: SunMoon, player: int = 0) -> Move:
    """The move the notes suggest to the learner (the app's Hint: the rule of thumb)."""
    return RuleOfThumbBot().choose(game.view(player), game.legal_moves(), random.Random(len(game.history)))


#: a learner of the search: the moves it may make, and its own random source -> its move
Learner = Callable[[SunMoon, Sequence[Move], random.Random], Move]

LEARNERS: dict[str, Learner] = {
    "first": lambda g, legal, rng: legal[0],
    "last": lambda g, legal, rng: legal[-1],
    "random": lambda g, legal, rng: legal[rng.randrange(len(legal))],
    "hint": lambda g, legal, rng: hint(g),
}


def play_guided(game: SunMoon, learner: str, seed: int = 0) -> SunMoon:
    """Play the guided ``game`` to its end: the learner in seat 0 plays as ``learner`` says
    (:data:`LEARNERS`: the first legal move, the last, a random one, the hint), Ada as in the app."""
    rng, choose = random.Random(seed), LEARNERS[learner]
    while not game.is_over():
        legal = game.legal_moves()
        game.play(choose(game, legal, rng) if game.turn == 0 else guided_bot_move(game))
    return game


def first_moves(game: SunMoon) -> dict[str, int]:
    """For every rule of :data:`MUST` met in ``game``'s log, the number of moves made when it
    was first met (replayed from the record)."""
    met: dict[str, int] = {}

    def look(g: Game, i: int) -> None:
        for event in g.log:
            if event.rule in MUST and event.rule not in met and (event.rule != "eclipses" or event.what == "cover"):
                met[event.rule] = i + 1

    SunMoon.from_record(game.to_record(), on_move=look)
    return met


def shorter_words(draw: int = GUIDED_DRAW) -> str:
    """The page's sentence saying the guided game is shorter than a full game."""
    return _(
        "This guided game is for two players and uses {n} of the 68 cards (the others are set aside), "
        "so it is shorter than a full game."
    ).format(n=10 + draw)


# ---------------------------------------------------------------------------
# The lessons
# ---------------------------------------------------------------------------


def _row(game: Game, event: Event) -> list[Mark]:
    """The row the event is about."""
    owner, kind = event.data.get("owner", event.data.get("player")), event.data.get("row")
    if owner is None or kind is None:
        return []
    return [Mark(f"{owner}-{kind}-row", _("this row"))]


def _seat(game: Game, event: Event) -> list[Mark]:
    p = event.data.get("player")
    return [] if p is None else [Mark(f"seat-{p}", _("this player"))]


def _pile(game: Game, event: Event) -> list[Mark]:
    return [Mark("draw-pile", _("the draw pile"))]


def _seats(game: Game, event: Event) -> list[Mark]:
    assert isinstance(game, SunMoon)
    return [Mark(f"seat-{p}", _("score {score}").format(score=f"{s:+d}")) for p, s in enumerate(game.scores())]


def _laid(game: Game, event: Event) -> list[Mark]:
    """The row of the card just laid (an animal card's event names only the card)."""
    assert isinstance(game, SunMoon)
    for p in range(game.n):
        for kind in ("sun", "moon"):
            if any(c.name == event.data.get("card") for place in game.rows[p][kind] for c in place):
                return [Mark(f"{p}-{kind}-row", _("this row"))]
    return []


#: the lessons, their words in English (the catalogs' msgids); :func:`lessons` says them in the
#: current language
LESSONS = (
    Lesson(
        "start",
        ("starting a row", "row kind", "rows"),
        N_(
            "An empty row is started by any card of its kind, whatever its number: a sun card starts a sun row, "
            "a moon card a moon row. Every player has one sun row and one moon row, and you may play on anyone's."
        ),
        heading=N_("Starting a row"),
        ids=("U9", "U11", "U15"),
        marks=_row,
    ),
    Lesson(
        "end",
        ("placing", "ends only", "ascending"),
        N_(
            "A row goes up from left to right. A number goes only at an end: at the left end when it is smaller "
            "than the first card, at the right end when it is larger than the last; never between two cards. "
            "Gaps are fine: 26 may lie beside 15."
        ),
        heading=N_("A card at the end of a row"),
        ids=("U12", "U13", "U14"),
        marks=_row,
    ),
    Lesson(
        "animal",
        ("animal card",),
        N_(
            "A card that shows an animal obliges its player to play another card at once. "
            "When no card fits, the turn simply ends."
        ),
        heading=N_("An animal card"),
        ids=("U16",),
        marks=_laid,
    ),
    Lesson(
        "eclipse",
        ("eclipses",),
        N_(
            "An eclipse has no number: it goes on top of any card of its kind, in anyone's row. It cuts the row, "
            "so the cards on each side count as separate runs: it can stop a row from being harvested."
        ),
        heading=N_("An eclipse"),
        ids=("U18", "U19", "U-EX4"),
        marks=_row,
        when=lambda event: event.what == "cover",
    ),
    Lesson(
        "restore",
        ("restoring", "restoring: between", "restoring: outermost first"),
        N_(
            "A card whose number lies between the numbers on either side of an eclipse restores the place: "
            "it goes on top of the eclipse and the row is whole again. Of eclipses side by side, "
            "the outermost is restored first."
        ),
        heading=N_("Restoring an eclipsed place"),
        ids=("U20", "U21", "U-EX5"),
        marks=_row,
    ),
    Lesson(
        "harvest",
        ("harvest", "harvest: five or more", "harvest: own rows only"),
        N_(
            "A player whose own row has five or more cards side by side, not cut by an eclipse, may spend the "
            "turn harvesting them. They go face down beside the player: each sun or moon card scores 1 point "
            "at the end, an eclipse 0."
        ),
        heading=N_("A harvest and its points"),
        ids=("U22", "U23", "U24", "U30"),
        marks=_row,
    ),
    Lesson(
        "self-destruct",
        ("self-destruct",),
        N_(
            "A player who can play no card anywhere and harvest nothing must self-destruct: the hand and both "
            "of the player's rows go to the discard pile. It is never allowed while another move exists."
        ),
        heading=N_("Self-destruct, the only move left"),
        ids=("U26", "U27"),
        marks=_seat,
    ),
    Lesson(
        "draw",
        ("drawing",),
        N_(
            "A player draws five new cards only when the hand is empty. When the draw pile runs out, "
            "the discard pile is shuffled into a new one."
        ),
        heading=N_("Drawing a new hand"),
        ids=("U17", "U28"),
        marks=_pile,
    ),
    Lesson(
        "final",
        ("end of the game",),
        N_(
            "The draw pile is used up and the discard pile cannot refill it: every player plays one more turn, "
            "then the game ends."
        ),
        heading=N_("The final round"),
        ids=("U29",),
        marks=_pile,
    ),
    Lesson(
        "scores",
        ("scoring",),
        N_(
            "The game is over and scored: each harvested sun or moon card +1, each sun or moon card left in a "
            "hand or in its owner's rows -1, eclipses 0. The higher score wins."
        ),
        heading=N_("The end and the scores"),
        ids=("U30", "U32", "U33", "U34"),
        marks=_seats,
    ),
)

#: the first note, in English (:func:`goal`: in the current language)
GOAL = N_(
    "Lay sun and moon cards in rows that go up from left to right, and harvest five or more side by side: "
    "each harvested card scores a point, each card left in your hand or rows costs one. "
    "You play against the bot Ada and begin: click a card in your hand, then a place where it fits."
)


def lessons() -> tuple[Lesson, ...]:
    """:data:`LESSONS` in the current language (a switch of the app's language asks again)."""
    return tuple(x._replace(text=_(x.text), heading=_(x.heading)) for x in LESSONS)


def goal() -> str:
    """:data:`GOAL` in the current language."""
    return _(GOAL)


# ---------------------------------------------------------------------------
# What is allowed now
# ---------------------------------------------------------------------------


def _card_words(game: SunMoon, player: int, selected: Card | None, good: Move, play_name: Callable[[Move], str]) -> str:
    """A card play's advice: pick the card up, or (picked up) put it where it fits."""
    card = getattr(good, "card", None)
    assert card is not None
    if selected is None:
        text = _(
            "A number goes at an end of a row, going up from left to right; an eclipse covers a card. "
            "A good move now: click “{target}”, then the place marked ‘fits’."
        )
        return text.format(target=_("pick up {card}").format(card=card.label))
    fits = game.moves_for(selected)
    if selected is not card:
        if not fits:
            text = _("{card} fits nowhere now: click “{target}” and choose another card.")
            return sentence(text.format(card=selected.label, target=_("put back {card}").format(card=selected.label)))
        good = fits[0]
    text = ngettext(
        "{card} fits in {n} place, marked ‘fits’. Click “{target}”.",
        "{card} fits in {n} places, marked ‘fits’. A good one: click “{target}”.",
        len(fits),
    )
    return sentence(text.format(card=selected.label, n=len(fits), target=play_name(good)))


def allowed_words(
    game: SunMoon, selected: Card | None = None, *, player: int = 0, play_name: Callable[[Move], str] | None = None
) -> str:
    """What ``player`` may do now and why, with a good move quoted by its target's name (the
    app's: ``play_name(move)`` names a card play's place; ``selected``: the card picked up)."""
    legal = game.legal_moves(player)
    if len(legal) == 1 and type(legal[0]) is SelfDestruct:
        return _(
            "No card of yours fits anywhere and no row of yours can be harvested: the only move is to "
            "self-destruct. Click “{target}”."
        ).format(target=_("Self-destruct"))
    good = hint(game, player)
    if type(good) is Harvest:
        return _(
            "Your {row} has five or more cards side by side: you may harvest it, and that is your whole turn. "
            "Click “{target}”."
        ).format(row=row_words(good.row), target=_("Harvest my {row}").format(row=row_words(good.row)))
    name = play_name or game.describe_move
    advice = _card_words(game, player, selected, good, name)
    if game.extra:
        return _("Your card showed an animal: play another card now. {advice}").format(advice=advice)
    return _("Your turn: play one card, or harvest a row of yours with five or more. {advice}").format(advice=advice)
