"""sunmoon: the words of the game -- every sentence the explained log says, as whole templates.

Each sentence is one template with named placeholders, through :mod:`daynight.i18n`, so a
translator writes catalogs and never code. The log speaks of players by name and to the
apps' human, the player called :data:`YOU`, in the second person; where the verb changes
with the person, a sentence has a template for each ("You place ...", "Ada places ...").
The English is what the golden demo logs hold, byte for byte.

The functions take the players' ``names`` and the values the sentence is about; the engine
(``engine.py``) calls them when a rule fires, and only when the log is switched on.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, reduce

from .. import i18n
from ..i18n import N_, ngettext
from .data import TOP_VALUE, Card
from .moves import Cover, Place, Restore
from .rules import HAND_SIZE, Row, Shape

_ = i18n._  # the translation call ("from ..i18n import _" would read as importing a private name)

#: the player the log speaks to in the second person (the apps' human)
YOU = N_("You")
#: the rows by kind
ROW_WORDS = {"sun": N_("sun row"), "moon": N_("moon row")}
#: the ends of a row
END_WORDS = {"left": N_("left"), "right": N_("right")}


def is_you(name: str) -> bool:
    """True for the apps' human, whom the log addresses as "you"."""
    return name == _(YOU)


def row_words(kind: str) -> str:
    """``'sun row'`` or ``'moon row'``."""
    return _(ROW_WORDS[kind])


def owned_row(names: Sequence[str], owner: int, kind: str) -> str:
    """A row by its owner: ``'your sun row'`` (the apps' human), ``"Ada's moon row"``."""
    if names[owner] == _(YOU):
        return _("your {row}").format(row=_(ROW_WORDS[kind]))
    return _("{owner}'s {row}").format(owner=names[owner], row=_(ROW_WORDS[kind]))


def whose_row(names: Sequence[str], owner: int, player: int, kind: str) -> str:
    """A row as the player who plays into it sees it: ``'their own sun row'``, ``'your own
    sun row'``, or another's (``'your sun row'``, ``"Ada's moon row"``)."""
    return row_phrase(names[owner], owner == player, kind, i18n.language())


@lru_cache(maxsize=256)
def row_phrase(owner: str, own: bool, kind: str, language: str) -> str:
    """:func:`whose_row` by the owner's name, remembered: nearly every sentence of the log
    names a row, and building the phrase anew cost 6,600 instructions a time (callgrind),
    a quarter of the sentence (``language`` only keys the memory)."""
    you, row = _(YOU), _(ROW_WORDS[kind])
    if not own:
        text = _("your {row}") if owner == you else _("{owner}'s {row}")
    else:
        text = _("your own {row}") if owner == you else _("their own {row}")
    return text.format(owner=owner, row=row)


def joined(items: Sequence[str]) -> str:
    """``'A and B'`` (``'A and B and C'``)."""
    return reduce(lambda first, second: _("{first} and {second}").format(first=first, second=second), items)


def card_count(n: int) -> str:
    """``'1 card'``, ``'5 cards'``."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


# ---------------------------------------------------------------------------
# The deal and the turns
# ---------------------------------------------------------------------------


def dealt(names: Sequence[str], draw: int, team: bool) -> str:
    """The deal: everyone gets five, the youngest starts (and, with four, who partners whom)."""
    if is_you(names[0]):
        text = _(
            "The 68 cards are shuffled and every player gets {hand}; {draw} cards form the draw pile. "
            "You (the youngest) start; play goes clockwise."
        )
    else:
        text = _(
            "The 68 cards are shuffled and every player gets {hand}; {draw} cards form the draw pile. "
            "{player} (the youngest) starts; play goes clockwise."
        )
    text = text.format(hand=HAND_SIZE, draw=draw, player=names[0])
    if team:
        teams = _("Four players play in teams: {first} and {third} against {second} and {fourth}.")
        text += " " + teams.format(first=names[0], second=names[1], third=names[2], fourth=names[3])
    return text


def prepared(names: Sequence[str], turn: int) -> str:
    """A teaching position is set up."""
    if is_you(names[turn]):
        return _("A prepared position with {players} players; you are to move.").format(players=len(names))
    return _("A prepared position with {players} players; {player} is to move.").format(
        players=len(names), player=names[turn]
    )


def drew(names: Sequence[str], p: int, got: int) -> str:
    """A player with an empty hand draws (five, or what is left)."""
    you, all_there = is_you(names[p]), got == HAND_SIZE
    if you and all_there:
        text = ngettext("Your hand is empty, so you draw {n} card.", "Your hand is empty, so you draw {n} cards.", got)
    elif you:
        text = ngettext(
            "Your hand is empty, so you draw {n} card (all that was left).",
            "Your hand is empty, so you draw {n} cards (all that was left).",
            got,
        )
    elif all_there:
        text = ngettext(
            "{player}'s hand is empty, so they draw {n} card.", "{player}'s hand is empty, so they draw {n} cards.", got
        )
    else:
        text = ngettext(
            "{player}'s hand is empty, so they draw {n} card (all that was left).",
            "{player}'s hand is empty, so they draw {n} cards (all that was left).",
            got,
        )
    return text.format(player=names[p], n=got)


def reshuffled(cards: int) -> str:
    """The discard pile becomes the new draw pile."""
    return _(
        "The draw pile is used up, so the discard pile ({cards} cards) is shuffled into a new draw pile."
    ).format(cards=cards)


def passed(names: Sequence[str], p: int) -> str:
    """In the final round a player with nothing at all passes (option ``empty_hand_at_end``)."""
    if is_you(names[p]):
        text = _(
            "{player} have no cards, none left to draw and nothing to harvest, so the turn passes "
            "(option empty_hand_at_end=pass)."
        )
    else:
        text = _(
            "{player} has no cards, none left to draw and nothing to harvest, so the turn passes "
            "(option empty_hand_at_end=pass)."
        )
    return text.format(player=names[p])


# ---------------------------------------------------------------------------
# 1. Playing a card
# ---------------------------------------------------------------------------


def laid(names: Sequence[str], move: Place | Cover | Restore, before: Shape, row: Row) -> str:
    """A card laid into a row (``before``: the row's shape before; ``row``: the row after)."""
    p, c = move.player, move.card
    whose = whose_row(names, move.owner, p, move.row)
    you = names[p] == _(YOU)
    if type(move) is Place and not before.places:
        if you:
            text = _("You start {row} with {card}: a card played where a player has no row of its kind starts that row.")
        else:
            text = _(
                "{player} starts {row} with {card}: a card played where a player has no row of its kind starts that row."
            )
        return text.format(player=names[p], row=whose, card=c.words)
    if type(move) is Place:
        return placed(names[p], you, c, move.at == 0, before, whose)
    if type(move) is Cover:
        under = row[move.slot][-2]
        if you:
            text = _("You cover {under} in {row} with a {card}: the row is interrupted there and the eclipse counts nothing.")
        else:
            text = _(
                "{player} covers {under} in {row} with a {card}: the row is interrupted there and the eclipse counts "
                "nothing."
            )
        return text.format(player=names[p], under=under.words, row=whose, card=c.words)
    return restored(names[p], you, c, move.slot, before, whose)


def placed(player: str, you: bool, c: Card, left: bool, before: Shape, whose: str) -> str:
    """A number placed at an end of a row, compared with the number beside it (if one shows)."""
    beside = before.low if left else before.high
    end = _(END_WORDS["left" if left else "right"])
    if not 1 <= beside <= TOP_VALUE:
        if you:
            text = _(
                "You place {card} at the {end} end of {row}: rows ascend from left to right and grow only at their ends."
            )
        else:
            text = _(
                "{player} places {card} at the {end} end of {row}: rows ascend from left to right and grow only at "
                "their ends."
            )
        return text.format(player=player, card=c.words, end=end, row=whose)
    if you:
        text = _(
            "You place {card} at the {end} end of {row} ({low} < {high}): rows ascend from left to right and grow only "
            "at their ends."
        )
    else:
        text = _(
            "{player} places {card} at the {end} end of {row} ({low} < {high}): rows ascend from left to right and grow "
            "only at their ends."
        )
    low, high = (c.value, beside) if left else (beside, c.value)
    return text.format(player=player, card=c.words, end=end, row=whose, low=low, high=high)


def restored(player: str, you: bool, c: Card, slot: int, before: Shape, whose: str) -> str:
    """An eclipsed place restored by a number that lies between its neighbours."""
    _first, _last, below, above = next(g for g in before.gaps if g[0] <= slot <= g[1])
    left = str(below) if below else _("the start")
    right = str(above) if above <= TOP_VALUE else _("the end")
    if you:
        text = _(
            "You restore the eclipsed place between {below} and {above} in {row} with {card}: a number that fits "
            "between its neighbours lifts the interruption."
        )
    else:
        text = _(
            "{player} restores the eclipsed place between {below} and {above} in {row} with {card}: a number that fits "
            "between its neighbours lifts the interruption."
        )
    return text.format(player=player, below=left, above=right, row=whose, card=c.words)


def animal(names: Sequence[str], p: int, c: Card) -> str:
    """An animal card: the same player plays again."""
    return _("{card} shows a {animal}, so {player} must play another card.").format(
        card=c.words, animal=c.animal_words, player=names[p]
    )


def no_follow_up(names: Sequence[str], p: int, hand_empty: bool) -> str:
    """After an animal card nothing fits (or the hand is empty): the turn ends (option ``skip``)."""
    you = is_you(names[p])
    if you and hand_empty:
        text = _("{player} have no card left for the extra play, so the turn ends (option animal_without_follow_up=skip).")
    elif you:
        text = _(
            "{player} have no card that fits anywhere for the extra play, so the turn ends "
            "(option animal_without_follow_up=skip)."
        )
    elif hand_empty:
        text = _("{player} has no card left for the extra play, so the turn ends (option animal_without_follow_up=skip).")
    else:
        text = _(
            "{player} has no card that fits anywhere for the extra play, so the turn ends "
            "(option animal_without_follow_up=skip)."
        )
    return text.format(player=names[p])


# ---------------------------------------------------------------------------
# 2. Harvesting, 3. self-destruct
# ---------------------------------------------------------------------------


def harvested(names: Sequence[str], p: int, kind: str, taken: Row, kept: Row) -> str:
    """A harvest: the places taken, the cards stacked beneath them, the places that stay."""
    cards = sum(len(place) for place in taken)
    beneath = cards - len(taken)
    shown = ", ".join(str(place[-1].value) for place in taken if not place[-1].eclipse)
    if is_you(names[p]):
        text = ngettext(
            "{player} harvest {places} place of the {row} ({shown}){beneath} face down into the score pile: five or "
            "more adjacent uncovered cards may be harvested, and it takes the whole turn{kept}.",
            "{player} harvest {places} places of the {row} ({shown}){beneath} face down into the score pile: five or "
            "more adjacent uncovered cards may be harvested, and it takes the whole turn{kept}.",
            len(taken),
        )
    else:
        text = ngettext(
            "{player} harvests {places} place of the {row} ({shown}){beneath} face down into the score pile: five or "
            "more adjacent uncovered cards may be harvested, and it takes the whole turn{kept}.",
            "{player} harvests {places} places of the {row} ({shown}){beneath} face down into the score pile: five or "
            "more adjacent uncovered cards may be harvested, and it takes the whole turn{kept}.",
            len(taken),
        )
    below = ngettext(" with {n} card stacked beneath", " with {n} cards stacked beneath", beneath) if beneath else ""
    stay = ngettext("; {n} place beyond an eclipse stay", "; {n} places beyond an eclipse stay", len(kept))
    return text.format(
        player=names[p],
        places=len(taken),
        row=row_words(kind),
        shown=shown,
        beneath=below.format(n=beneath),
        kept=stay.format(n=len(kept)) if kept else "",
    )


def self_destructed(names: Sequence[str], p: int, hand: int, in_rows: int) -> str:
    """A self-destruct: the hand and both own rows go to the discard pile."""
    you = is_you(names[p])
    if you and hand:
        text = _(
            "{player} can neither play a card anywhere nor harvest, so your hand ({hand}) and both your rows "
            "({rows}) go to the discard pile."
        )
    elif you:
        text = _(
            "{player} have no card left, none to draw and nothing to harvest, so your hand ({hand}) and both your "
            "rows ({rows}) go to the discard pile."
        )
    elif hand:
        text = _(
            "{player} can neither play a card anywhere nor harvest, so their hand ({hand}) and both their rows "
            "({rows}) go to the discard pile."
        )
    else:
        text = _(
            "{player} has no card left, none to draw and nothing to harvest, so their hand ({hand}) and both their "
            "rows ({rows}) go to the discard pile."
        )
    return text.format(player=names[p], hand=card_count(hand), rows=card_count(in_rows))


# ---------------------------------------------------------------------------
# The end and the scoring
# ---------------------------------------------------------------------------


def ends_at_once() -> str:
    """The draw pile is used up and the game ends without a final round (option ``final_round``)."""
    return _(
        "The draw pile is used up and the discard pile cannot refill it: the game ends at once (option "
        "final_round=False)."
    )


def final_round(names: Sequence[str], p: int) -> str:
    """The final round begins: one more turn each, starting with the player who just drew."""
    return _(
        "The draw pile is used up and the discard pile cannot refill it: every player plays one more turn, "
        "starting with {player}."
    ).format(player=names[p])


def scored(name: str, row: dict[str, int]) -> str:
    """One player's score, counted in the open."""
    return _(
        "{player}: {harvested} harvested sun and moon cards (+1 each), {in_rows} in own rows and {in_hand} in hand "
        "(-1 each; eclipses count nothing): {total}."
    ).format(
        player=name,
        harvested=row["harvested"],
        in_rows=row["in_rows"],
        in_hand=row["in_hand"],
        total=f"{row['total']:+d}",
    )


def team_words(names: Sequence[str], team: Sequence[int], t: int) -> str:
    """``'team 1 (Ada + Cy)'``."""
    players = " + ".join(names[p] for p in range(len(names)) if team[p] == t)
    return _("team {number} ({players})").format(number=t + 1, players=players)


def team_result(names: Sequence[str], team: Sequence[int], totals: Sequence[int], won: Sequence[int]) -> str:
    """The end with four in teams: the team totals and the winning team(s)."""
    text = ngettext(
        "Team scores {first} : {second} (partners' scores added); the winner is {teams}.",
        "Team scores {first} : {second} (partners' scores added); the winners are {teams}.",
        len(won),
    )
    return text.format(
        first=f"{totals[0]:+d}", second=f"{totals[1]:+d}", teams=joined([team_words(names, team, t) for t in won])
    )


def result(names: Sequence[str], won: Sequence[int]) -> str:
    """The end with everyone alone: the highest score wins (a tie shares it)."""
    text = _("The highest score wins: {players}.") if len(won) == 1 else _("The highest score wins: {players} (tie).")
    return text.format(players=joined([names[p] for p in won]))
