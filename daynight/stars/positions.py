"""stars: teaching positions -- hand-built rounds for worked examples, exercises and tests.

:func:`teaching_position` puts named cards in the players' hands (``"orange 7"``, ``"blue 5
time"``) and fills the rest from the deck, so that an example of the rulebook (whose cards are
not transcribed) can be set up and played with :func:`daynight.stars.play_cards`. Say so when
you show one: these are constructed cards, not the rulebook's.
"""

from __future__ import annotations

from collections.abc import Sequence

from .data import Card, Deck, default_deck, find_card
from .engine import StarsGame
from .options import Options
from .rules import HAND_SIZE, cards_removed


def teaching_position(
    hands: Sequence[Sequence[str]],
    reveal: str | None,
    *,
    time: str = "day",
    names: Sequence[str] | None = None,
    hand_size: int = HAND_SIZE,
    collected: Sequence[Sequence[str]] | None = None,
    pile_size: int | None = None,
    last_round: bool = False,
    options: Options | None = None,
    deck: Deck | None = None,
) -> StarsGame:
    """A constructed position at the start of a round (say so when you show it: these are not
    the rulebook's cards). Each player's listed cards are in hand and the rest of each hand is
    filled from the deck (highest ids first, skipping time-symbol cards); ``reveal`` is the top
    of the draw pile; ``collected`` lists cards already taken by each player; ``pile_size``
    (default: as many as the setup leaves) is the number of draw-pile cards under the reveal;
    every other card is in the box."""
    deck = deck or default_deck()
    used: list[Card] = []

    def take(spec: str) -> Card:
        c = find_card(spec, deck, used)
        used.append(c)
        return c

    hand_cards = [[take(spec) for spec in h] for h in hands]
    got = [[take(spec) for spec in cs] for cs in collected] if collected is not None else None
    top = take(reveal) if reveal else None
    taken = {id(c) for c in used}
    plain = [c for c in deck.cards if id(c) not in taken and not c.time]
    for cs in hand_cards:
        while len(cs) < hand_size:
            c = plain.pop()
            cs.append(c)
            taken.add(id(c))
    rest = [c for c in deck.cards if id(c) not in taken]
    if pile_size is None:
        k = cards_removed(len(hands))
        removed, pile = rest[:k], rest[k:]
    else:
        pile, removed = rest[:pile_size], rest[pile_size:]
    if top is not None:
        pile = [top, *pile]
    return StarsGame.from_position(
        hands=[[c.id for c in cs] for cs in hand_cards],
        pile=[c.id for c in pile],
        removed=[c.id for c in removed],
        time=time,
        names=names,
        options=options,
        collected=[[c.id for c in cs] for cs in got] if got is not None else None,
        last_round=last_round,
        deck=deck,
    )
