"""stars: the two moves, small frozen values (as ``chess.Move``).

:class:`Commit` -- a player places a card of their hand face down (step 2, "Play cards (2x)");
:class:`Choose` -- the player whose turn it is to choose takes a face-up card (step 4,
"Collect winning cards"). Each deck builds every move once (``deck.commit[player][card id]``,
``deck.choose[player][card id]``), so the moves :meth:`daynight.stars.Game.legal_moves` offers
are the very objects a bot, an app or a record plays; a move built anew is equal to its
interned twin and is checked rule by rule.

This module imports nothing of the package at run time: the pieces (:mod:`.data`) build the
interned moves from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .data import Card


@dataclass(frozen=True, slots=True)
class Commit:
    """``player`` places ``card`` from their hand face down (steps "play cards", 2x)."""

    player: int
    card: Card

    def __repr__(self) -> str:
        return f"Commit(player={self.player}, card={self.card.label!r})"


@dataclass(frozen=True, slots=True)
class Choose:
    """``player`` takes the face-up ``card`` from the table (step "collect winning cards")."""

    player: int
    card: Card

    def __repr__(self) -> str:
        return f"Choose(player={self.player}, card={self.card.label!r})"


#: a move of this game
Move = Commit | Choose
