"""sunmoon: who plays: bots, hints, rollouts, helpers that play a game forward, and the seeded demo game."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..i18n import N_
from .data import BY_NAME, KINDS
from .engine import SunMoon
from .moves import Cover, Harvest, Move, Place, Restore, SelfDestruct
from .options import Options
from .rules import Row, longest_run, shape
from .view import View

# ---------------------------------------------------------------------------
# Bots: choose(view, legal_moves, rng) -> move
# ---------------------------------------------------------------------------


class RandomBot:
    """Any legal move, uniformly."""

    name = N_("random")  # the kind's name, translated where it is shown (``_(bot.name)``)

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        return legal[rng.randrange(len(legal))]

    __call__ = choose


def _view_rows(view: View) -> list[dict[str, Row]]:
    return [{k: [[BY_NAME[x] for x in s] for s in view.rows[p][k]] for k in KINDS} for p in range(view.players)]


def _opponents(view: View) -> list[int]:
    me, n, team = view.me, view.players, view.teams
    if team:
        return [p for p in range(n) if team[p] != team[me]]
    return [p for p in range(n) if p != me]


class RuleOfThumbBot:
    """Harvest when possible (the bigger row); block the leader with an eclipse when an
    opponent's row threatens a harvest; otherwise extend own rows with the smallest gap
    (keeping room for later cards), restore own rows, and dump what is left where it helps
    opponents least."""

    name = N_("rule of thumb")

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        harvests = [m for m in legal if isinstance(m, Harvest)]
        rows = _view_rows(view)
        me = view.me
        if harvests:
            return max(harvests, key=lambda m: longest_run(rows[me][m.row])[1])
        opponents = _opponents(view)
        mates = [p for p in range(view.players) if p not in opponents]
        points = view.harvest_sizes  # harvest piles lie face down: their sizes
        best, best_score = legal[0], float("-inf")
        for m in legal:
            s = self.score(m, rows, me, mates, points)
            s += rng.random() * 0.01  # break ties at random
            if s > best_score:
                best, best_score = m, s
        return best

    @staticmethod
    def score(m: Move, rows: list[dict[str, Row]], me: int, mates: list[int], points: Sequence[int]) -> float:
        if isinstance(m, SelfDestruct):
            return -100.0
        if isinstance(m, Harvest):
            return 50.0 + longest_run(rows[m.owner][m.row])[1]
        row = rows[m.owner][m.row]
        friendly = m.owner in mates
        if isinstance(m, Cover):
            run_start, run_len = longest_run(row)
            if friendly:
                return -30.0
            in_run = run_start <= m.slot < run_start + run_len
            if not in_run:
                return -10.0
            middle = run_start + run_len // 2
            threat = run_len * 4 + points[m.owner]  # block the leader
            return (threat if run_len >= 4 else run_len) - abs(m.slot - middle)
        c = m.card
        bonus = 1.5 if c.animal else 0.0
        if isinstance(m, Restore):
            return (25.0 if friendly else -8.0) + bonus
        if not row:
            return (6.0 if friendly else -6.0) + bonus
        ends = shape(row)
        gap = (ends.low - c.value) if m.at == 0 else (c.value - ends.high)
        if ends.high == 0:  # every place covered: no number to measure the gap from
            gap = 5
        if friendly:
            return 20.0 - gap * 0.7 + bonus
        # on an opponent's row: prefer rows that are far from a harvest, and big jumps
        run = longest_run(row)[1]
        return -5.0 - 3.0 * run + gap * 0.2 + bonus

    __call__ = choose


class MonteCarloBot:
    """For each legal move, play ``rollouts`` continuations from determinizations of its own
    view (other hands and the draw pile dealt at random; see :meth:`SunMoon.from_view`) to the
    end with a light policy (:func:`rollout`) and pick the move with the best mean margin (own
    score minus the best opponent's; team totals with team scoring). Moves are pre-ranked by
    the rule of thumb and only the best ``width`` are sampled."""

    name = N_("Monte Carlo")

    def __init__(self, rollouts: int = 24, width: int = 6):
        self.rollouts = rollouts
        self.width = width

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        rows = _view_rows(view)
        me = view.me
        opponents = _opponents(view)
        mates = [p for p in range(view.players) if p not in opponents]
        points = view.harvest_sizes  # harvest piles lie face down: their sizes
        ranked = sorted(legal, key=lambda m: -RuleOfThumbBot.score(m, rows, me, mates, points))
        candidates = ranked[: self.width]
        best, best_value = candidates[0], float("-inf")
        for m in candidates:
            total = 0.0
            for _ in range(self.rollouts):
                g = SunMoon.from_view(view, rng)
                g._apply(m)
                rollout(g, rng)
                s = g.scores()
                mine = sum(s[p] for p in mates)
                theirs = sum(s[p] for p in opponents) if view.teams else max(s[p] for p in opponents)
                total += mine - theirs
            value = total / self.rollouts
            if value > best_value:
                best, best_value = m, value
        return best

    __call__ = choose


def rollout(g: SunMoon, rng: random.Random, limit: int = 5000) -> None:
    """Play ``g`` to the end, unchecked and unexplained, with a light policy: harvest when
    possible; otherwise three times in four a random play into the mover's own rows (no
    eclipse there), else any random legal move. (Uniformly random continuations made the
    Monte Carlo bot no better than the rule of thumb; this policy is closer to how people play.)"""
    steps = 0
    random_ = rng.random
    randrange = rng.randrange
    while not g.over and steps < limit:
        moves = g.legal_moves()
        last = moves[-1]
        if type(last) is Harvest:
            g._apply(last)
        else:
            if random_() < 0.75:
                p = g.turn
                own = [m for m in moves if isinstance(m, (Place, Restore)) and m.owner == p]
                if own:
                    g._apply(own[randrange(len(own))])
                    steps += 1
                    continue
            g._apply(moves[randrange(len(moves))])
        steps += 1


#: the bots by their kind's name: a record's and a setting's field, English; the words shown
#: are ``_(name)`` (the names are marked for the catalogs by the classes' ``name``)
BOTS: dict[str, Callable[[], Any]] = {bot.name: bot for bot in (RandomBot, RuleOfThumbBot, MonteCarloBot)}


def _bot_label(bot: Any, seat: int) -> str:
    name = getattr(bot, "name", "bot")
    return f"{name[0].upper()}{name[1:]} {seat + 1}"


def play_bots(bots: Sequence[Any], seed: int, *, options: Options | None = None, explain: bool = True) -> SunMoon:
    """A complete seeded game, seat ``i`` played by ``bots[i]`` (each decides from its own view)."""
    game = SunMoon.new(
        len(bots), seed, options=options, names=[_bot_label(b, i) for i, b in enumerate(bots)], explain=explain
    )
    rng = random.Random(seed * 7919 + 1)
    while not game.is_over():
        p = game.turn
        move = bots[p].choose(game.view(p), game.legal_moves(), rng)
        game.play(move)
    return game


def tournament(
    lineup: Sequence[str],
    seeds: Iterable[int],
    *,
    options: Options | None = None,
    make: Callable[[str], Any] | None = None,
) -> list[dict[str, Any]]:
    """Bot against bot over seeded games; the seats rotate with the seed so no bot keeps the
    first seat. One row per bot per game: ``seed, seat, bot, score, harvested, won``."""
    make = make or (lambda name: BOTS[name]())
    out = []
    n = len(lineup)
    for seed in seeds:
        shift = seed % n
        seating = [lineup[(i + shift) % n] for i in range(n)]
        game = play_bots([make(b) for b in seating], seed, options=options, explain=False)
        table = game.score_table()
        winners = game.winners()
        for seat, bot in enumerate(seating):
            won = game.team_of(seat) in winners
            out.append(
                {
                    "seed": seed,
                    "seat": seat,
                    "bot": bot,
                    "score": table[seat]["total"],
                    "harvested": table[seat]["harvested"],
                    "won": won,
                    "shared": len(winners) > 1,
                }
            )
    return out


def demo(seed: int) -> SunMoon:
    """A complete seeded game: four rule-of-thumb bots."""
    return play_bots([RuleOfThumbBot() for _ in range(4)], seed)
