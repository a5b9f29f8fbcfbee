"""Speed of ``daynight.sunmoon`` as ratios to the straight-line reference
(``benchmarks/reference_sunmoon.py``), measured interleaved in the same process.

* ``sunmoon.random_game``: full random 4-player games through the public, validated API
  (``legal_moves()`` then ``play``), explanations off, against the reference playing the very
  same games (same deals, same move order, same random choices: ``tests/test_sunmoon.py``
  checks that they end with the same scores). Target 3, stretch 2 (issue 5).
* ``sunmoon.random_game_explained``: the same games with every rule explained in the event log
  (what the apps and ``daynight demo`` do); for information.
* ``sunmoon.rollouts_1000``: 1,000 determinized rollouts (the Monte Carlo bot's light policy)
  from a mid-game view (half the draw pile gone), what the bot spends per decision at a budget
  of 1,000; target 1 s, stretch 0.6 s (``shared/research/style-and-speed.md``).
"""

from __future__ import annotations

import random

from benchmarks import reference_sunmoon as ref
from benchmarks.harness import Ratio, Timing
from daynight.sunmoon import SunMoon, _rollout

PLAYERS = 4
SEEDS = 50


def engine_games(count: int, explain: bool = False) -> None:
    for i in range(count):
        seed = i % SEEDS
        game = SunMoon.new(PLAYERS, seed, explain=explain)
        pick = random.Random(seed + 1)
        while not game.is_over():
            moves = game.legal_moves()
            game.play(moves[pick.randrange(len(moves))])


def reference_games(count: int) -> None:
    for i in range(count):
        seed = i % SEEDS
        ref.random_game(PLAYERS, seed, seed + 1)


def _mid_game_view() -> dict:
    game = SunMoon.new(PLAYERS, 5, explain=False)
    pick = random.Random(6)
    start = len(game.draw_pile)
    while len(game.draw_pile) > start // 2:
        moves = game.legal_moves()
        game.play(moves[pick.randrange(len(moves))])
    return game.view(game.turn)


_VIEW = _mid_game_view()


def engine_rollouts(n: int = 1000) -> None:
    rng = random.Random(1)
    for _ in range(n):
        game = SunMoon.from_view(_VIEW, rng)
        _rollout(game, rng)


FIGURES = [
    Ratio("sunmoon.random_game", lambda n: engine_games(n), reference_games, target=3, stretch=2,
          engine_burst=20, reference_burst=20),
    Ratio("sunmoon.random_game_explained", lambda n: engine_games(n, explain=True), reference_games,
          target=3, engine_burst=10, reference_burst=20, rounds=7),
    Timing("sunmoon.rollouts_1000", engine_rollouts, target=1.0, stretch=0.6, repeats=5),
]
