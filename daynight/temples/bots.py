"""temples: who plays: bots, hints, rollouts, helpers that play a game forward, and the seeded demo game."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .engine import TemplesGame
from .moves import Cast, Choose, Discard, EndTurn, PickTemple, Stop, Target, Travel
from .rules import COLOUR, DAY, NEIGHBOURS, NEUTRAL, SQUARES, SURROUNDING, largest_region
from .view import View

# ---------------------------------------------------------------------------
# Bots: choose(view, legal_moves, rng) -> move
# ---------------------------------------------------------------------------


def random_bot(view: View, moves: tuple[Any, ...], rng: random.Random) -> Any:
    """Any legal move, uniformly; retreats only a quarter as often as it could."""
    if len(moves) > 1 and isinstance(moves[-1], EndTurn) and rng.random() < 0.75:
        return moves[rng.randrange(len(moves) - 1)]
    return moves[rng.randrange(len(moves))]


def _score_tiles(tiles: Sequence[int], me: int, in_temple: Sequence[Any]) -> float:
    blocked = [s for s in SQUARES if in_temple[s]]
    return largest_region(tiles, me, blocked) - 0.8 * largest_region(tiles, 3 - me, blocked)


_SPELL_VALUE = {
    "change": 3.0,
    "place": 2.5,
    "make_own": 4.0,
    "turn_over": 2.0,
    "mystify": 2.0,
    "crystallize": 1.0,
    "move": 0.8,
    "draw": 1.5,
    "opp_discard": 1.0,
    "steal_cast": 1.5,
}


def thumb_bot(view: View, moves: tuple[Any, ...], rng: random.Random) -> Any:
    """The rule-of-thumb player: grow the largest own group of tiles, block the other's.

    It decides from ``view`` only: targets are scored by the largest own region minus 0.8 of
    the other's after the change; it casts its most valuable affordable spell, travels
    towards squares it can still change (drawing spells on the way), and discards its least
    valuable spells."""
    mine = COLOUR[view.me]
    first = moves[0]
    if isinstance(first, PickTemple):
        # keep the rest of the group connected where possible: pick squares with few free neighbours first
        return min(moves, key=lambda m: (sum(1 for b in NEIGHBOURS[m.square] if view.tiles[b] == mine), m.square))
    if isinstance(first, Discard):
        return min(moves, key=lambda m: (_card_value(view.hand_cards[m.card]), m.card))
    if isinstance(first, Choose):
        return moves[rng.randrange(len(moves))]
    if view.pending is not None:
        return _thumb_target(view, moves, rng)
    casts = [m for m in moves if isinstance(m, Cast)]
    if casts:

        def value(m: Cast) -> float:
            return _card_value(view.hand_cards[m.card]) + (m.x or 0) * 0.5 + rng.random() * 0.01

        cast = max(casts, key=value)
        if _card_value(view.hand_cards[cast.card]) >= 1.0:
            return cast
    travels = [m for m in moves if isinstance(m, Travel)]
    if travels:
        tiles, in_temple = view.tiles, view.in_temple

        def tscore(m: Travel) -> float:
            s = m.square
            near = sum(1 for b in NEIGHBOURS[s] if tiles[b] != mine and not in_temple[b])
            own = sum(1 for b in SURROUNDING[s] if tiles[b] == mine)
            return near + 0.5 * own + (1 if tiles[s] == mine else 0) + rng.random() * 0.01

        return max(travels, key=tscore)
    return moves[-1]


def _thumb_target(view: View, moves: tuple[Any, ...], rng: random.Random) -> Any:
    """The rule of thumb's choice of a target for the spell waiting (``view.pending``)."""
    pend = view.pending
    assert pend is not None
    me = view.me
    mine = COLOUR[me]
    tiles = list(view.tiles)
    in_temple = view.in_temple
    op = pend.op
    best, best_score = None, None
    for m in moves:
        if not isinstance(m, Target):
            continue
        s = m.square
        if op in ("change", "turn_over", "place", "make_own"):
            old = tiles[s]
            new = mine if (old == NEUTRAL) else (3 - old if op != "make_own" else mine)
            tiles[s] = new
            score = _score_tiles(tiles, mine, in_temple)
            tiles[s] = old
        elif op == "crystallize":  # Night blocks Day's region and Day's pawn
            score = sum(1 for b in NEIGHBOURS[s] if tiles[b] == DAY) + (2 if s == view.pawn_squares["day"] else 0)
        elif op == "mystify":
            score = sum(1 for b in NEIGHBOURS[s] if tiles[b] == DAY)
        else:  # moving a pawn: own pawn towards changeable squares, the other's away from hers
            score = sum(1 for b in NEIGHBOURS[s] if tiles[b] != mine and not in_temple[b])
            if pend.pawn != me:
                score = -sum(1 for b in NEIGHBOURS[s] if tiles[b] == 3 - mine)
        score += rng.random() * 0.01
        if best_score is None or score > best_score:
            best, best_score = m, score
    if best is None or (best_score is not None and best_score < 0 and any(isinstance(m, Stop) for m in moves)):
        return next((m for m in moves if isinstance(m, Stop)), best)
    return best


def _card_value(card: Mapping[str, Any]) -> float:
    """A rough worth of a card (from its JSON in the view): effect per hour, less for conditions."""
    v = sum(
        _SPELL_VALUE.get(st["op"], 1.0) * (st["count"] if isinstance(st["count"], int) else 2) for st in card["effect"]
    )
    cost = 4 if card["cost"] == "X" else card["cost"]
    return v / (1 + 0.25 * cost) - (0.3 * card["conditions"])


BOTS = {"random": random_bot, "thumb": thumb_bot}


def play_bots(
    game: TemplesGame, bots: Mapping[str, Any], rng: random.Random | int = 0, max_moves: int = 200_000
) -> TemplesGame:
    """Play ``game`` to the end with ``bots[side]`` (a bot or a name in :data:`BOTS`)."""
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    chosen = {side: BOTS[b] if isinstance(b, str) else b for side, b in bots.items()}
    n = 0
    while not game.is_over() and n < max_moves:
        side = game.to_players()[0]
        moves = game.legal_moves()
        move = chosen[side](game.view(side), moves, rng)
        game.play(move)
        n += 1
    return game


def demo(seed: int = 1) -> TemplesGame:
    """A complete seeded game: the rule-of-thumb Day against the rule-of-thumb Night."""
    game = TemplesGame.new(seed)
    return play_bots(game, {"day": "thumb", "night": "thumb"}, random.Random(seed))
