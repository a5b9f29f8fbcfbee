"""stars: what a player may see (:class:`View`) and what a finished round was (:class:`Round`).

Both are values: a bot, the hint, a drawing or a chart reads them and never the engine's
hidden state. :attr:`View.my_moves` asks the same rule functions as the engine's
``legal_moves`` (:func:`.rules.cards_to_play`, :func:`.rules.cards_to_take`), so a player's
view offers exactly the moves the engine accepts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .data import COLOURS, Card, Deck
from .display import drawing
from .moves import Move
from .options import Options
from .rules import CHOOSE, PHASE_NAMES, PLAY2, cards_to_play, cards_to_take


class Round(NamedTuple):
    """One finished round, everything face up, in seat order, so a viewer or a chart never has
    to replay the game to know it (``game.rounds``; drawn by :func:`daynight.stars.draw.round_table`).

    ``number``     -- the round (1, 2, ...);
    ``start_time`` -- ``"day"`` or ``"night"``: the time card before the reveal;
    ``revealed``   -- the card revealed from the pile (``None``: none was left);
    ``played``     -- each player's two cards, ``played[p] == (first, second)``;
    ``time``       -- the time card when the winning colour was found;
    ``totals``     -- each colour's total, the revealed card included (do not modify);
    ``winning``    -- the winning colour (``None``: the totals tied);
    ``values``     -- each player's value in the winning colour (0: none; empty when no colour won);
    ``order``      -- who chose, in order;
    ``dropped``    -- who played the winning colour but received no card (a tie in value and stars);
    ``taken``      -- the card each player took (``None``: took none);
    ``discarded``  -- the face-up cards left over, which went to the discard pile;
    ``stars``      -- each player's stars after the round.
    """

    number: int
    start_time: str
    revealed: Card | None
    played: tuple[tuple[Card, ...], ...]
    time: str
    totals: dict[str, int]
    winning: str | None
    values: tuple[int, ...]
    order: tuple[int, ...]
    dropped: tuple[int, ...]
    taken: tuple[Card | None, ...]
    discarded: tuple[Card, ...]
    stars: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "start_time": self.start_time,
            "revealed": self.revealed.id if self.revealed else None,
            "played": [[c.id for c in cards] for cards in self.played],
            "time": self.time,
            "totals": {k: self.totals[k] for k in COLOURS if k in self.totals},
            "winning": self.winning,
            "values": list(self.values),
            "order": list(self.order),
            "dropped": list(self.dropped),
            "taken": [c.id if c else None for c in self.taken],
            "discarded": [c.id for c in self.discarded],
            "stars": list(self.stars),
        }

    def _repr_html_(self) -> str:
        return drawing(self)._repr_html_()


@dataclass(frozen=True, slots=True)
class View:
    """Everything one player may see. Bots and the hint decide from this alone."""

    player: int
    n: int
    names: tuple[str, ...]
    deck: Deck
    options: Options
    day: bool
    round: int
    last_round: bool
    phase: int
    hand: tuple[Card, ...]
    my_pending: Card | None
    committed: tuple[bool, ...]
    hand_sizes: tuple[int, ...]
    revealed: Card | None
    table: tuple[Card, ...]
    played: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    collected: tuple[tuple[Card, ...], ...]
    stars: tuple[int, ...]
    pile_size: int
    removed_size: int
    choosers: tuple[int, ...]
    order: tuple[int, ...]
    winning: str | None
    winners: tuple[int, ...]
    start_day: bool = True
    winning_totals: dict[str, int] | None = None
    values: tuple[int, ...] = ()
    dropped: tuple[int, ...] = ()
    rounds: tuple[Round, ...] = ()

    @property
    def time(self) -> str:
        return "day" if self.day else "night"

    @property
    def my_moves(self) -> tuple[Move, ...]:
        """The moves this player may make now (the engine's ``legal_moves(player)``)."""
        if self.phase <= PLAY2:
            row = self.deck.commit[self.player]
            return tuple(row[c.id] for c in cards_to_play(self.hand, self.my_pending))
        if self.phase == CHOOSE and self.choosers and self.choosers[0] == self.player:
            taking = self.deck.choose[self.player]
            return tuple(taking[c.id] for c in cards_to_take(self.table))
        return ()

    def unseen(self) -> list[Card]:
        """Cards this player has not seen: other hands, other face-down cards, the draw pile
        and the removed cards, in deck order."""
        known = {id(c) for c in self.hand}
        if self.my_pending is not None:
            known.add(id(self.my_pending))
        for zone in (self.table, self.discard):
            known.update(id(c) for c in zone)
        for cs in self.collected:
            known.update(id(c) for c in cs)
        return [c for c in self.deck.cards if id(c) not in known]

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "names": list(self.names),
            "time": self.time,
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "hand": [c.id for c in self.hand],
            "my_pending": self.my_pending.id if self.my_pending else None,
            "committed": list(self.committed),
            "hand_sizes": list(self.hand_sizes),
            "revealed": self.revealed.id if self.revealed else None,
            "table": [c.id for c in self.table],
            "played": [[c.id for c in cs] for cs in self.played],
            "discard": [c.id for c in self.discard],
            "collected": [[c.id for c in cs] for cs in self.collected],
            "stars": list(self.stars),
            "pile": self.pile_size,
            "removed": self.removed_size,
            "choosers": list(self.choosers),
            "order": list(self.order),
            "winning": self.winning,
            "values": list(self.values),
            "dropped": list(self.dropped),
            "last_round": self.last_round,
            "winners": list(self.winners),
        }
