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
from .data import ANIMAL_WORDS, KINDS, TOP_VALUE, Card, card_words
from .moves import MOVE_TYPES, CardPlay, Cover, Harvest, Place, Restore, SelfDestruct
from .rules import HAND_SIZE, HARVEST_MIN, Row, Shape

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


def series(items: Sequence[str]) -> str:
    """``'a, b and c'``: a list in the words of the language (zh-TW: ``'a、b 和 c'``), from two
    whole templates, the list's separator one of them (a translator chooses the comma)."""
    if len(items) <= 1:
        return "".join(items)
    separator = i18n.pgettext("between the items of a list", ", ")
    return _("{items} and {last}").format(items=separator.join(items[:-1]), last=items[-1])


def card_count(n: int) -> str:
    """``'1 card'``, ``'5 cards'``."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


# ---------------------------------------------------------------------------
# A move in words (the apps' targets, the refusals)
# ---------------------------------------------------------------------------


def move_words(names: Sequence[str], rows: Sequence[dict[str, Row]], move: object) -> str:
    """A move in words, e.g. "sun 28 at the right end of Player 2's sun row" (a move of
    another shape, or naming no seat, is still described, never refused here)."""
    if not isinstance(move, MOVE_TYPES):
        return repr(move)
    p = move.player
    seat = isinstance(p, int) and 0 <= p < len(names)
    name = names[p] if seat else repr(p)
    you = seat and is_you(names[p])
    if isinstance(move, SelfDestruct):
        return (_("{player} self-destruct") if you else _("{player} self-destructs")).format(player=name)
    if isinstance(move, Harvest):
        row = row_words(move.row) if move.row in KINDS else repr(move.row)
        text = _("{player} harvest the {row}") if you else _("{player} harvests the {row}")
        return text.format(player=name, row=row)
    return card_play_words(names, rows, move)


def card_play_words(names: Sequence[str], rows: Sequence[dict[str, Row]], move: CardPlay) -> str:
    """A card play in words: where the card goes, and onto what."""
    ok = isinstance(move.owner, int) and 0 <= move.owner < len(names) and move.row in KINDS
    whose = owned_row(names, move.owner, move.row) if ok else _("?'s {row} row").format(row=move.row)
    name = move.card.words if isinstance(move.card, Card) else repr(move.card)
    row = rows[move.owner][move.row] if ok else []
    if isinstance(move, Place):
        if not row:
            return _("{card} starts {row}").format(card=name, row=whose)
        if move.at in (0, len(row)):
            end = _(END_WORDS["left" if move.at == 0 else "right"])
            return _("{card} at the {end} end of {row}").format(card=name, end=end, row=whose)
        return _("{card} at place {at} of {row}").format(card=name, at=move.at, row=whose)
    index = move.slot if isinstance(move.slot, int) else -1
    under = row[index][-1].words if 0 <= index < len(row) else _("place {slot}").format(slot=move.slot)
    if isinstance(move, Cover):
        return _("{card} covers {under} in {row}").format(card=name, under=under, row=whose)
    text = _("{card} restores the {under} at place {number} of {row}")
    return text.format(card=name, under=under, number=index + 1, row=whose)


# ---------------------------------------------------------------------------
# Why a move is refused (``SunMoon._check`` names the rule; these say it in words)
# ---------------------------------------------------------------------------


def no_move(move: object) -> str:
    return _("{move} is not a move of Sonne und Mond").format(move=repr(move))


def not_your_turn(names: Sequence[str], turn: int, player: str) -> str:
    text = _("it is your turn, not {player}'s") if is_you(names[turn]) else _("it is {mover}'s turn, not {player}'s")
    return text.format(mover=names[turn], player=player)


def play_another_card(harvest: bool) -> str:
    if harvest:
        return _("after an animal card you must play another card, not harvest")
    return _("after an animal card you must play another card")


def still_playable(move: str) -> str:
    text = _("a card can still be played ({move}); self-destruct only when nothing can be played or harvested")
    return text.format(move=move)


def still_harvestable(kind: str) -> str:
    text = _("the {row} can be harvested; self-destruct only when nothing can be played or harvested")
    return text.format(row=row_words(kind))


def no_such_row(row: object) -> str:
    return _("there is no {row} row (sun or moon)").format(row=repr(row))


def own_rows_only(names: Sequence[str], p: int, owner: str) -> str:
    if is_you(names[p]):
        text = _("{player} may harvest only your rows, not {owner}'s")
    else:
        text = _("{player} may harvest only their rows, not {owner}'s")
    return text.format(player=names[p], owner=owner)


def too_short(kind: str, run: int) -> str:
    text = _("the {row} has only {run} adjacent uncovered cards; a harvest needs {least} or more")
    return text.format(row=row_words(kind), run=run, least=HARVEST_MIN)


def not_in_hand(names: Sequence[str], p: int, c: object) -> str:
    text = _("{card} is not in your hand") if is_you(names[p]) else _("{card} is not in {player}'s hand")
    return text.format(card=c.words if isinstance(c, Card) else repr(c), player=names[p])


def no_such_player(owner: object) -> str:
    return _("there is no player {owner}").format(owner=repr(owner))


def wrong_kind(c: Card, kind: str) -> str:
    return _("{card} belongs in a {kind}, not a {row}").format(
        card=c.words, kind=row_words(c.kind), row=row_words(kind)
    )


def eclipse_at_an_end(whose: str) -> str:
    return _("an eclipse is laid on top of a card, not at an end of {row}").format(row=whose)


def no_such_end(whose: str, places: int) -> str:
    text = _("{row} has {places} places; a card goes at its left end (0) or right end ({places})")
    return text.format(row=whose, places=places)


def between_cards(c: Card, whose: str) -> str:
    text = _("{card} cannot go between two cards of {row}; cards go only at either end")
    return text.format(card=c.words, row=whose)


def not_ascending(c: Card, left: bool, number: int, whose: str) -> str:
    if left:
        text = _("{card} does not fit left of {number} in {row}: rows ascend from left to right")
    else:
        text = _("{card} does not fit right of {number} in {row}: rows ascend from left to right")
    return text.format(card=c.words, number=number, row=whose)


def no_place_to_restore(whose: str, slot: object) -> str:
    return _("{row} has no place {slot} to restore").format(row=whose, slot=slot)


def no_card_to_cover(whose: str, slot: object, empty: bool) -> str:
    if empty:
        text = _("an eclipse must cover a card, and {row} has no card at place {slot} (it is empty)")
    else:
        text = _("an eclipse must cover a card, and {row} has no card at place {slot}")
    return text.format(row=whose, slot=slot)


def number_covers(c: Card) -> str:
    text = _("{card} is a number: it goes at an end of a row or restores an eclipsed place")
    return text.format(card=c.words)


def already_eclipsed(slot: int, whose: str) -> str:
    text = _("place {slot} of {row} is already eclipsed; an eclipse covers a numbered card (option eclipse_on_eclipse)")
    return text.format(slot=slot, row=whose)


def lone_card() -> str:
    return _("an eclipse may not cover the only card of a row (option eclipse_on_lone_card)")


def eclipse_restores() -> str:
    return _("an eclipse cannot restore a place; it covers a numbered card")


def not_eclipsed(slot: int, whose: str, on_top: Card) -> str:
    text = _(
        "place {slot} of {row} shows {card}, not an eclipse: cards go only at either end, and only an eclipsed "
        "place can be restored"
    )
    return text.format(slot=slot, row=whose, card=on_top.words)


def outermost_first(first: int, last: int, slot: int) -> str:
    text = _(
        "with several eclipses side by side the outermost one is restored first (place {first} or {last}, not {slot})"
    )
    return text.format(first=first, last=last, slot=slot)


def not_between(c: Card, below: int, above: int) -> str:
    low = str(below) if below else _("the row's start")
    high = str(above) if above <= TOP_VALUE else _("the row's end")
    text = _("{card} does not fit between {below} and {above}; a restoring number must lie between its neighbours")
    return text.format(card=c.words, below=low, above=high)


# ---------------------------------------------------------------------------
# The deal and the turns
# ---------------------------------------------------------------------------


def dealt(names: Sequence[str], draw: int, team: bool) -> str:
    """The deal: everyone gets five, the youngest starts (and, with four, who partners whom):
    each a whole sentence, the two put one after the other by the language's own template
    (:func:`sentences`: English leaves a space between them, Chinese none)."""
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
    if not team:
        return text
    teams = _("Four players play in teams: {first} and {third} against {second} and {fourth}.")
    return sentences(text, teams.format(first=names[0], second=names[1], third=names[2], fourth=names[3]))


def sentence(text: str) -> str:
    """``text`` with a capital first letter (a card's name may begin a sentence: "solar eclipse
    fits nowhere now" is said "Solar eclipse fits nowhere now")."""
    return text[:1].upper() + text[1:]


def sentences(first: str, second: str) -> str:
    """Two whole sentences, one after the other, as the language writes them (``'A. B.'``;
    zh-TW ``'甲。乙。'``, no space after a full stop)."""
    return i18n.pgettext("two sentences, one after the other", "{first} {second}").format(first=first, second=second)


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
    return _("The draw pile is used up, so the discard pile ({cards} cards) is shuffled into a new draw pile.").format(
        cards=cards
    )


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


@lru_cache(maxsize=512)
def said(message: str, language: str) -> str:
    """``_(message)`` in ``language``, remembered: the laid-card sentences (three in four of the
    explained log's) ask for their template, "You" and the card's name; through ``_()`` each cost
    two Python calls a time. With this, the lookups of a sentence are the C cache's alone:
    callgrind, bench_sunmoon's explained games, 18.54M instructions a game with it, 18.67M
    without. ``tests/test_sunmoon_words.py`` checks it says what ``_()`` says."""
    return i18n.catalog(language).gettext(message)


#: a card that starts a row (said to "you")
STARTS = {
    True: N_("You start {row} with {card}: a card played where a player has no row of its kind starts that row."),
    False: N_(
        "{player} starts {row} with {card}: a card played where a player has no row of its kind starts that row."
    ),
}
#: an eclipse laid on a card (said to "you")
COVERED = {
    True: N_("You cover {under} in {row} with a {card}: the row is interrupted there and the eclipse counts nothing."),
    False: N_(
        "{player} covers {under} in {row} with a {card}: the row is interrupted there and the eclipse counts nothing."
    ),
}
#: an eclipsed place restored (said to "you")
RESTORES = {
    True: N_(
        "You restore the eclipsed place between {below} and {above} in {row} with {card}: a number that fits "
        "between its neighbours lifts the interruption."
    ),
    False: N_(
        "{player} restores the eclipsed place between {below} and {above} in {row} with {card}: a number that fits "
        "between its neighbours lifts the interruption."
    ),
}


def laid(names: Sequence[str], move: Place | Cover | Restore, before: Shape, row: Row) -> str:
    """A card laid into a row (``before``: the row's shape before; ``row``: the row after)."""
    language = i18n.language()
    p, o = move.player, move.owner
    player = names[p]
    whose = row_phrase(names[o], o == p, move.row, language)
    you = player == said(YOU, language)
    name = card_words(move.card, language)
    if isinstance(move, Place):
        if not before.places:
            return said(STARTS[you], language).format(player=player, row=whose, card=name)
        return placed(player, you, move.card, move.at == 0, before, whose, name, language)
    if isinstance(move, Cover):
        under = card_words(row[move.slot][-2], language)
        return said(COVERED[you], language).format(player=player, under=under, row=whose, card=name)
    return restored(player, you, move.slot, before, whose, name, language)


#: a number placed at an end of a row: (said to "you", at the left end, a number shows beside it)
#: -> the sentence
PLACED = {
    (False, True, True): N_(
        "{player} places {card} at the left end of {row} ({low} < {high}): rows ascend from left to right and grow "
        "only at their ends."
    ),
    (False, False, True): N_(
        "{player} places {card} at the right end of {row} ({low} < {high}): rows ascend from left to right and grow "
        "only at their ends."
    ),
    (False, True, False): N_(
        "{player} places {card} at the left end of {row}: rows ascend from left to right and grow only at their ends."
    ),
    (False, False, False): N_(
        "{player} places {card} at the right end of {row}: rows ascend from left to right and grow only at their ends."
    ),
    (True, True, True): N_(
        "You place {card} at the left end of {row} ({low} < {high}): rows ascend from left to right and grow only at "
        "their ends."
    ),
    (True, False, True): N_(
        "You place {card} at the right end of {row} ({low} < {high}): rows ascend from left to right and grow only at "
        "their ends."
    ),
    (True, True, False): N_(
        "You place {card} at the left end of {row}: rows ascend from left to right and grow only at their ends."
    ),
    (True, False, False): N_(
        "You place {card} at the right end of {row}: rows ascend from left to right and grow only at their ends."
    ),
}


def placed(player: str, you: bool, c: Card, left: bool, before: Shape, whose: str, name: str, language: str) -> str:
    """A number placed at an end of a row, compared with the number beside it (if one shows);
    ``name``: the card's words, in ``language``."""
    beside = before.low if left else before.high
    shows = 1 <= beside <= TOP_VALUE
    text = said(PLACED[you, left, shows], language)
    if not shows:
        return text.format(player=player, card=name, row=whose)
    low, high = (c.value, beside) if left else (beside, c.value)
    return text.format(player=player, card=name, row=whose, low=low, high=high)


def restored(player: str, you: bool, slot: int, before: Shape, whose: str, name: str, language: str) -> str:
    """An eclipsed place restored by a number that lies between its neighbours."""
    _first, _last, below, above = next(g for g in before.gaps if g[0] <= slot <= g[1])
    left = str(below) if below else _("the start")
    right = str(above) if above <= TOP_VALUE else _("the end")
    return said(RESTORES[you], language).format(player=player, below=left, above=right, row=whose, card=name)


#: an animal card: the same player plays again
ANIMAL = N_("{card} shows a {animal}, so {player} must play another card.")


def animal(names: Sequence[str], p: int, c: Card) -> str:
    """An animal card: the same player plays again."""
    language = i18n.language()
    return said(ANIMAL, language).format(
        card=card_words(c, language), animal=said(ANIMAL_WORDS.get(c.animal, c.animal), language), player=names[p]
    )


def no_follow_up(names: Sequence[str], p: int, hand_empty: bool) -> str:
    """After an animal card nothing fits (or the hand is empty): the turn ends (option ``skip``)."""
    you = is_you(names[p])
    if you and hand_empty:
        text = _(
            "{player} have no card left for the extra play, so the turn ends (option animal_without_follow_up=skip)."
        )
    elif you:
        text = _(
            "{player} have no card that fits anywhere for the extra play, so the turn ends "
            "(option animal_without_follow_up=skip)."
        )
    elif hand_empty:
        text = _(
            "{player} has no card left for the extra play, so the turn ends (option animal_without_follow_up=skip)."
        )
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


# ---------------------------------------------------------------------------
# The state in a line (error messages, ``daynight replay``)
# ---------------------------------------------------------------------------


def game_over_line(moves: int) -> str:
    return _("game over after {moves} moves").format(moves=moves)


def state_line(player: str, moves: int, extra: bool, final_left: int | None, draw: int, discard: int) -> str:
    """``'move 12, Ada to move; draw pile 30, discard 4'`` (and an animal's extra play, the final round)."""
    more = _(", extra play after an animal card") if extra else ""
    final = "" if final_left is None else _(", final round ({turns} turns left)").format(turns=final_left)
    text = _("move {moves}, {player} to move{extra}{final}; draw pile {draw}, discard {discard}")
    return text.format(moves=moves, player=player, extra=more, final=final, draw=draw, discard=discard)


def row_text(row: Row) -> str:
    """A row as text: ``'8 [E] 21'`` (an eclipse shows as ``[E]``, in zh-TW ``[蝕]``; restored
    places as ``15*``)."""
    parts, eclipse = [], i18n.pgettext("an eclipse in a row written as text", "[E]")
    for place in row:
        on_top = place[-1]
        parts.append(eclipse if on_top.eclipse else f"{on_top.value}{'*' if len(place) > 1 else ''}")
    return " ".join(parts) if parts else "-"


def summary_line(name: str, team: int | None, rows: dict[str, Row], hand: int, score: dict[str, int]) -> str:
    """One player in a line: rows, hand, harvest and score."""
    if team is not None:
        text = _(
            "{player} (team {team}): sun {sun} | moon {moon} | hand {hand} | harvested {harvested} | score {score}"
        )
    else:
        text = _("{player}: sun {sun} | moon {moon} | hand {hand} | harvested {harvested} | score {score}")
    return text.format(
        player=name,
        team=(team or 0) + 1,
        sun=row_text(rows["sun"]),
        moon=row_text(rows["moon"]),
        hand=hand,
        harvested=score["harvested"],
        score=f"{score['total']:+d}",
    )


def winners_line(names: Sequence[str], team: Sequence[int] | None, won: Sequence[int]) -> str:
    """``'Winner: team 2 (Bo + Cy)'``, ``'Winner: Ada, Bo'``."""
    if team:
        return _("Winner: {winners}").format(winners=", ".join(team_words(names, team, t) for t in won))
    return _("Winner: {winners}").format(winners=", ".join(names[p] for p in won))
