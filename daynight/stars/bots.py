"""stars: who plays: bots, hints, rollouts, helpers that play a game forward, and the seeded demo game."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core import Seed, make_rng
from .data import Card
from .engine import StarsGame
from .moves import Choose
from .rules import CHOOSE, OVER, winning_colour
from .view import View


class Determinizer:
    """Deals the cards a player has not seen at random, consistently with their view, into
    full games (with the explanations switched off) for Monte Carlo rollouts."""

    def __init__(self, view: View):
        self.view = view
        self.unseen = view.unseen()
        me = view.player
        self.slots = []  # (player, hand cards to deal, face-down card to deal?)
        need = 0
        for p in range(view.n):
            if p == me:
                continue
            pend = view.committed[p]
            self.slots.append((p, view.hand_sizes[p], pend))
            need += view.hand_sizes[p] + pend
        need += view.pile_size + view.removed_size
        if need != len(self.unseen):
            raise ValueError(f"the view does not add up: {len(self.unseen)} unseen cards for {need} hidden places")

    def sample(self, rng: random.Random) -> StarsGame:
        v = self.view
        cards = self.unseen[:]
        rng.shuffle(cards)
        hands: list[list[Card]] = [[] for _ in range(v.n)]
        pending: list[Card | None] = [None] * v.n
        hands[v.player] = list(v.hand)
        pending[v.player] = v.my_pending
        i = 0
        for p, size, pend in self.slots:
            hands[p] = cards[i : i + size]
            i += size
            if pend:
                pending[p] = cards[i]
                i += 1
        return StarsGame.for_rollouts(v, hands, pending, cards[i : i + v.pile_size], cards[i + v.pile_size :])


def rollout(g: StarsGame, rng: random.Random) -> None:
    """Finish ``g`` (explanations off): every player commits a random hand card, a chooser
    takes the card with the most stars. Uses the unchecked fast path (``_apply``) with the
    deck's interned moves."""
    n = g.n
    apply = g._apply
    commit = g.deck.commit
    choose = g.deck.choose
    rr = rng.random
    while g.phase != OVER:
        if g.phase != CHOOSE:
            pending = g.pending
            hands = g.hands
            for p in [p for p in range(n) if pending[p] is None]:
                h = hands[p]
                apply(commit[p][h[int(rr() * len(h))].id])
        else:
            best = None
            bs = -1
            for c in g.table:
                if c.stars > bs:
                    best, bs = c, c.stars
            apply(choose[g.choosers[0]][best.id])  # type: ignore[union-attr]  # the table is never empty here


@dataclass(frozen=True, slots=True)
class HintLine:
    """One legal move with its Monte Carlo estimate."""

    move: Any
    card: Card
    expected_stars: float  # mean of this player's final stars over the rollouts
    win_rate: float  # share of rollouts this player won (a shared win counts)
    rollouts: int


def hint(view: View, rollouts: int = 1000, rng: Seed = None, *, budget: float | None = None) -> list[HintLine]:
    """Expected final stars (and win rate) of each legal move of ``view.player``, from at
    least ``rollouts`` determinized rollouts in total, split evenly between the moves.

    Each determinization (a random deal of the unseen cards) is used once for every
    candidate move, so the moves are compared on the same hidden cards.

    ``budget`` (seconds) makes the hint *anytime*: it stops dealing once that much time has
    passed (after one deal at least), and each line says how many rollouts it rests on. The
    app uses it so that a click always answers quickly; without it the result depends on the
    seed alone.
    """
    moves = view.my_moves
    if not moves:
        return []
    rng, _ = make_rng(rng)
    det = Determinizer(view)
    per = -(-rollouts // len(moves))
    me = view.player
    sums = [0] * len(moves)
    wins = [0.0] * len(moves)
    stop = None if budget is None else time.perf_counter() + budget
    done = 0
    while done < per:
        base = det.sample(rng)
        for k, move in enumerate(moves):
            g = base.copy_fast()
            g._apply(move)
            rollout(g, rng)
            sums[k] += g.stars[me]
            if me in g.winners:
                wins[k] += 1
        done += 1
        if stop is not None and time.perf_counter() > stop:
            break
    return [HintLine(m, m.card, sums[k] / done, wins[k] / done, done) for k, m in enumerate(moves)]


# ---------------------------------------------------------------------------
# Bots: choose(view, legal_moves, rng) -> move
# ---------------------------------------------------------------------------


class RandomBot:
    """Plays a uniformly random legal move."""

    name = "random"
    label = "Random"

    def choose(self, view: View, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        return legal_moves[rng.randrange(len(legal_moves))]

    __call__ = choose


class RuleOfThumbBot:
    """A rule-of-thumb player, looking only at the cards face up and its own hand.

    Playing: for each hand card, work out the time after its time symbol (if any) and which
    colour would win on the table as it is plus that card; prefer a card of that colour that
    ranks high in the choosing order (high by day, low by night); otherwise, if already
    eligible, play the card with the fewest stars (cards on the table feed the winners);
    otherwise a well-ranked card with few stars.
    Choosing: take the card with the most stars.
    """

    name = "rule"
    label = "Rule of thumb"

    def choose(self, view: View, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        if type(legal_moves[0]) is Choose:
            best = max(m.card.stars for m in legal_moves)
            tops = [m for m in legal_moves if m.card.stars == best]
            return tops[rng.randrange(len(tops))]
        base: dict[str, int] = {}
        for c in view.table:
            base[c.colour] = base.get(c.colour, 0) + c.value
        mine = view.played[view.player]
        best_score, best_moves = None, []
        for m in legal_moves:
            c = m.card
            day = view.day ^ c.time
            totals = dict(base)
            totals[c.colour] = totals.get(c.colour, 0) + c.value
            win = winning_colour(totals, day)
            rank = c.value if day else 14 - c.value
            if win == c.colour:
                score = 20 + rank + sum(x.value if day else 14 - x.value for x in mine if x.colour == win)
            elif win is not None and any(x.colour == win for x in mine):
                score = 10 - c.stars  # already eligible: feed few stars to the table
            else:
                score = rank / 2 - c.stars / 2  # not winning now: a well-ranked card, few stars for others
            if best_score is None or score > best_score:
                best_score, best_moves = score, [m]
            elif score == best_score:
                best_moves.append(m)
        return best_moves[rng.randrange(len(best_moves))]

    __call__ = choose


class MonteCarloBot:
    """Plays the move with the most expected stars from determinized rollouts of its own view."""

    name = "montecarlo"
    label = "Monte Carlo"

    def __init__(self, rollouts: int = 300):
        self.rollouts = rollouts

    def choose(self, view: View, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_moves) == 1:
            return legal_moves[0]
        lines = hint(view, self.rollouts, rng)
        allowed = set(legal_moves)
        lines = [line for line in lines if line.move in allowed]
        best = max(line.expected_stars + 0.01 * line.win_rate for line in lines)
        return next(line.move for line in lines if line.expected_stars + 0.01 * line.win_rate == best)

    __call__ = choose


BOTS: dict[str, type] = {"random": RandomBot, "rule": RuleOfThumbBot, "montecarlo": MonteCarloBot}


def make_bot(kind: str, **kwargs: Any):
    """A bot by name: ``random``, ``rule`` (rule of thumb) or ``montecarlo``."""
    if kind not in BOTS:
        raise ValueError(f"unknown bot {kind!r}; expected one of {sorted(BOTS)}")
    return BOTS[kind](**kwargs)


def play_bots(game: StarsGame, bots: Sequence[Any], rng: Seed = 0, *, stop_for: int | None = None) -> StarsGame:
    """Let ``bots[p]`` move for every player ``p`` (except ``stop_for``, a human) until the
    game ends or only ``stop_for`` may move. Each bot sees only its own view."""
    rng = rng if isinstance(rng, random.Random) else make_rng(rng)[0]
    while not game.is_over():
        movers = [p for p in game.to_players() if p != stop_for]
        if not movers:
            break
        for p in movers:
            if p not in game.to_players():
                continue
            bot = bots[p]
            choose = getattr(bot, "choose", bot)
            game.play(choose(game.view(p), game.legal_moves(p), rng))
    return game


advance = play_bots


def play_cards(game: StarsGame, first: Sequence[str], second: Sequence[str] | None = None) -> StarsGame:
    """Commit the named cards (``"orange 7"``; ``"orange 7 time"``), one per player, for the
    first play and, if given, the second; for worked examples and tests."""
    for step in (first, second):
        if step is None:
            break
        for p, spec in enumerate(step):
            parts = spec.split()
            want = (parts[0], int(parts[1]), len(parts) == 3)
            card = next((c for c in game.hands[p] if (c.colour, c.value, c.time) == want), None)
            if card is None:
                raise ValueError(f"{game.names[p]} holds no {spec!r}")
            game.play(game.deck.commit[p][card.id])
    return game


def demo(seed: int = 0) -> StarsGame:
    """A complete seeded game of four bots: random, two rule-of-thumb players, Monte Carlo."""
    game = StarsGame.new(4, seed, names=["Random", "Thumb A", "Thumb B", "Monte Carlo"])
    play_bots(game, [RandomBot(), RuleOfThumbBot(), RuleOfThumbBot(), MonteCarloBot(rollouts=120)], random.Random(seed))
    return game
