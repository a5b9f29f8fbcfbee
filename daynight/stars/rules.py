"""stars: the rules, each a small pure function with the rule book's words in its docstring.

The engine (:mod:`daynight.stars.engine`) calls these functions on its checked path and on its
fast path alike (explanations on or off, rollouts included), so the code a learner reads here
is the code that decides every game. The quotations are from the rules sheet (seed
``000_e6fe1f5d889d68bc.txt``); where it is silent, the decision is a named rule option
(:class:`daynight.stars.Options`) passed in as an argument.

The functions take cards (anything with ``colour``, ``value``, ``time`` and ``stars``) and plain
numbers, and return new values; none of them changes its arguments. They follow the rules
sheet's order: setup, 1. reveal a card, 2. play cards, 3. the winning colour, 4. collect
winning cards, 5. clean up and draw, the end of the game. Which moves are legal is decided
here too (:func:`cards_to_play`, :func:`cards_to_take`, :func:`choosing_order`): the engine's
list of legal moves and its reasons for refusing a move both ask these functions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .data import COLOURS, Card

#: cards removed unseen at setup, by number of players (rules sheet, "Setup")
REMOVED = {3: 33, 4: 16, 5: 3}
#: "Each player takes 7 cards into hand, face down."
HAND_SIZE = 7
#: "Each player draws two cards from the draw pile."
DRAW = 2

#: The moments of a round in which players act, in the order of the rules sheet's "Game
#: Flow" (steps 1, 3 and 5 happen by themselves): the two plays of step 2, the choosing of
#: step 4, and the end of the game.
PLAY1, PLAY2, CHOOSE, OVER = 0, 1, 2, 3
PHASE_NAMES = {PLAY1: "first play", PLAY2: "second play", CHOOSE: "choosing", OVER: "game over"}


def cards_removed(players: int) -> int:
    """How many cards go back to the box unseen at setup.

    "Depending on the number of players, remove the following cards from the game unseen and
    return them to the box: with 3 players: 33 cards, with 4 players: 16 cards, with 5
    players: 3 cards."
    """
    return REMOVED[players]


def reveal_source(pile: int, discard: int, empty_reveal: str = "no_card") -> str | None:
    """Where the card of step 1 comes from: ``"pile"``, ``"discard"`` or ``None`` (no card).

    "A player draws the top card of the draw pile and places it face up next to the time
    card." The rules sheet is silent on a last round that begins with an empty draw pile:
    with the option ``empty_reveal="no_card"`` (default) no card is revealed; with
    ``"from_discard"`` the top card of the discard pile is.
    """
    if pile:
        return "pile"
    if empty_reveal == "from_discard" and discard:
        return "discard"
    return None


def turn_time_card(day: bool, cards: Iterable) -> bool:
    """The time after ``cards`` are revealed, starting from ``day`` (True: the sun side is up).

    "If the revealed card shows the time symbol, the time card must be turned over
    immediately!" and "If a card shows the time symbol, the time card is turned over (if
    several played cards show the time symbol, the time card is turned over that many
    times!)." So every time symbol turns it once, and two turns cancel out.
    """
    for card in cards:
        if card.time:
            day = not day
    return day


def cards_to_play(hand: Sequence[Card], placed: Card | None) -> Sequence[Card]:
    """The cards a player may place face down now: any card of their ``hand``, or none once
    they have ``placed`` their card of this step.

    "2. Play Cards (2x): Each player places one card from their hand face down in front of
    them. When everyone is ready, all players reveal their card at the same time." -- "This
    action is repeated a second time." So one card per player in each of the two steps: a
    player who has placed their card waits until everyone is ready.
    """
    if placed is not None:
        return ()
    return hand


def colour_totals(cards: Iterable, absent_colours: str = "ignored") -> dict[str, int]:
    """The total of the card values of each colour among the face-up ``cards``.

    "the color whose card values form the highest total (including the card revealed from
    the pile!)". The rules sheet is silent on a colour with no face-up card: with the option
    ``absent_colours="ignored"`` (default) it has no total and cannot win; with ``"zero"`` it
    totals 0 (and wins at night unless tied).
    """
    totals = dict.fromkeys(COLOURS, 0) if absent_colours == "zero" else {}
    for card in cards:
        colour = card.colour
        totals[colour] = totals.get(colour, 0) + card.value
    return totals


def winning_colour(totals: dict[str, int], day: bool) -> str | None:
    """The winning colour, or ``None`` when there is none.

    "Day: If the time card shows the sun, the winning color is the color whose card values
    form the highest total. Night: If the time card shows the moon, the winning color is the
    color whose card values form the lowest total. If the highest (or lowest) total is tied,
    there is no winning color."
    """
    if not totals:
        return None
    best = max(totals.values()) if day else min(totals.values())
    winner = None
    for colour, total in totals.items():
        if total == best:
            if winner is not None:
                return None  # tied: no winning colour
            winner = colour
    return winner


def winning_values(played: Sequence[Sequence], colour: str) -> list[int]:
    """Each player's value in the winning ``colour``, in seat order (0: played none of it).

    "Each player who has played at least one card in the winning color may now take any one
    face-up card from the table." -- "Note: If a player played both cards in the 'winning
    color,' the values of both cards are added together."
    """
    values = []
    for cards in played:
        value = 0
        for card in cards:
            if card.colour == colour:
                value += card.value
        values.append(value)
    return values


def choosing_order(values: Sequence[int], stars: Sequence[int], day: bool) -> tuple[list[int], list[int]]:
    """Who takes a card, in the order they choose, and who receives none because of a tie.

    ``values`` are the players' values in the winning colour (:func:`winning_values`; 0: not
    a chooser), ``stars`` the stars on the cards each has already collected.

    "Taking a card follows a set order: the player who played the card with the highest value
    during the day, or the card with the lowest value at night, in the winning color, may
    choose first. Then follows the player with the second-highest or second-lowest card
    value, and so on." -- "In case of a tie, the player who currently has fewer stars on
    their already collected cards may choose a card first. If there is still a tie, neither
    of the two players receives a card."

    Where the sheet is silent: with three or more equal values the same two keys decide (a
    player equal with another in value *and* stars receives no card; the others keep their
    places), and the stars are counted when the choosing begins.
    """
    ranked = []  # (value, stars, player), the first to choose first
    for p, value in enumerate(values):
        if value:
            ranked.append((-value if day else value, stars[p], p))
    if len(ranked) < 2:
        return [key[2] for key in ranked], []
    ranked.sort()
    order: list[int] = []
    dropped: list[int] = []
    for i, (value, star, p) in enumerate(ranked):
        before = ranked[i - 1] if i else None
        after = ranked[i + 1] if i + 1 < len(ranked) else None
        if (before and before[0] == value and before[1] == star) or (after and after[0] == value and after[1] == star):
            dropped.append(p)  # "still a tie": no card
        else:
            order.append(p)
    return order, sorted(dropped)


def cards_to_take(table: Sequence[Card]) -> Sequence[Card]:
    """The cards the player whose turn it is to choose may take: any one face-up card.

    "Each player who has played at least one card in the winning color may now take any one
    face-up card from the table." -- "Note: If there is no longer a card with a star on the
    table, the relevant player must still choose a card." So every face-up card may be
    taken, a card without stars too, and a chooser may not pass while one is left.
    """
    return table


def cards_to_draw(pile: int, players: int, short_pile: str = "no_draw") -> list[int]:
    """How many cards each player draws at clean-up from a draw pile of ``pile`` cards.

    "Each player draws two cards from the draw pile." The rules sheet is silent when the pile
    cannot give everyone two: with the option ``short_pile="no_draw"`` (default) nobody
    draws, so the hands stay equal; with ``"share"`` the last cards are dealt one at a time
    in seat order.
    """
    if pile >= DRAW * players:
        return [DRAW] * players
    if short_pile != "share":
        return [0] * players
    return [pile // players + (1 if p < pile % players else 0) for p in range(players)]


def is_last_round(pile: int, players: int) -> bool:
    """Whether the round after this clean-up is the last one, from the ``pile`` cards the draw
    pile holds before the players draw.

    "The game is played in rounds until the draw pile is used up." -- "Once all cards have
    been drawn from the draw pile, one last round is played. After that, the game ends."
    The pile is used up when the draw takes its last card, or when it cannot give everyone
    two cards (whether or not its last cards are shared out, see :func:`cards_to_draw`).
    """
    return pile <= DRAW * players


def game_winners(stars: Sequence[int], cards: Sequence[int]) -> list[int]:
    """The winners, in seat order, from each player's stars and number of collected cards.

    "Each player adds up the stars on their collected cards. The player with the most stars
    wins. In case of a tie, the player who has collected more cards wins. If there is still a
    tie, there are several winners."
    """
    best = max(stars)
    top = [p for p, s in enumerate(stars) if s == best]
    most = max(cards[p] for p in top)
    return [p for p in top if cards[p] == most]
