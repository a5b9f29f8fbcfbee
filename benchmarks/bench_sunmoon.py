"""Speed of ``daynight.sunmoon``, as ratios measured interleaved in one run.

* ``sunmoon.random_game``: uniformly random 4-player games through the public, validated API
  (``legal_moves()`` then ``play``, explanations off) against the independent straight-line
  reference (``benchmarks/reference_sunmoon.py``) playing random games of its own: the two
  share no code and play different games, so the ratio is time per game, and :func:`report`
  prints the two distributions of game lengths and scores beside the games per second (they
  agree when the rules do). Target 2.0 (issue 14).
* ``sunmoon.random_game_explained``: the same engine games with every rule explained in the
  event log (as the apps and ``daynight demo`` play), as a ratio to the quiet engine; target 1.5.
* ``sunmoon.draw_state``: drawing the table of a state as a player sees it
  (``daynight.sunmoon.draw.table``, the states of seeded games one after another, as the app
  redraws) against 20 random moves of the engine (explained, as the app plays them); target 1.
* ``sunmoon.monte_carlo_turn``: one decision of the app's Monte Carlo bot from a mid-game view;
  target 1 s (a bot's turn in the app answers within a second).

``report()`` adds the noise-free cross-check (full runs with valgrind): instructions per game
under callgrind, and each against :data:`BEFORE_ISSUE_25`, the same count on the engine as it
was before issue 25 rewrote it (one legality path, no packed integers): issue 25 asks every
engine figure to stay within 10% of it.
"""

from __future__ import annotations

import random
import statistics
import time

from benchmarks import reference_sunmoon as ref
from benchmarks.bench_stars import _instructions, against_bound  # callgrind's count (to move to harness.py)
from benchmarks.harness import Ratio, Timing
from daynight.sunmoon import SunMoon, draw

PLAYERS = 4
SEEDS = 50
#: callgrind instructions per game on the engine before issue 25 (commit e22e8da, measured with
#: this module's report(): quiet and explained random games, and the reference's)
BEFORE_ISSUE_25 = {"engine_games": 14.01e6, "explained_games": 16.96e6, "reference_games": 8.25e6}
#: the last measurement (report(), branch sunspeed): quiet games 14.51M (+3.6%), explained 18.23M
#: (+7.5%; 18.67M, +10.1%, before the score table was counted once at the end and the laid-card
#: sentences' words were looked up through ``words.said``)


def engine_games(count: int, explain: bool = False) -> list[tuple[list[int], int]]:
    out = []
    for i in range(count):
        seed = i % SEEDS
        game = SunMoon.new(PLAYERS, seed, explain=explain)
        pick = random.Random(seed + 1)
        while not game.is_over():
            moves = game.legal_moves()
            game.play(moves[pick.randrange(len(moves))])
        out.append((game.scores(), len(game.history)))
    return out


def reference_games(count: int) -> list[tuple[list[int], int]]:
    return [ref.random_game(PLAYERS, 1000 + i % SEEDS) for i in range(count)]


def _states(games: int = 3) -> list[SunMoon]:
    out = []
    for seed in range(games):
        game = SunMoon.new(PLAYERS, 500 + seed)
        pick = random.Random(seed)
        while not game.is_over():
            moves = game.legal_moves()
            game.play(moves[pick.randrange(len(moves))])
            out.append(game.copy())
    return out


_STATES: list[SunMoon] = []


def draw_states(n: int) -> None:
    if not _STATES:
        _STATES.extend(_states())
    for i in range(n):
        state = _STATES[i % len(_STATES)]
        draw.table(state, state.turn)


def random_moves(n: int) -> None:
    """``n`` random moves of explained 4-player games (a new game whenever one ends)."""
    done, seed = 0, 0
    while done < n:
        game = SunMoon.new(PLAYERS, 900 + seed)
        pick = random.Random(seed)
        seed += 1
        while not game.is_over() and done < n:
            moves = game.legal_moves()
            game.play(moves[pick.randrange(len(moves))])
            done += 1


def _mid_game_view() -> SunMoon:
    game = SunMoon.new(PLAYERS, 5, explain=False)
    pick = random.Random(6)
    start = len(game.draw_pile)
    while len(game.draw_pile) > start // 2:
        moves = game.legal_moves()
        game.play(moves[pick.randrange(len(moves))])
    return game


def monte_carlo_turn() -> None:
    from daynight.widgets.sunmoon import make_bot  # lazy: the app's module imports ipywidgets (0.18 s)

    game = _mid_game_view()
    make_bot("Monte Carlo").choose(game.view(game.turn), game.legal_moves(), random.Random(1))


FIGURES = [
    Ratio(
        "sunmoon.random_game",
        lambda n: engine_games(n),
        reference_games,
        target=2.0,
        engine_burst=20,
        reference_burst=20,
    ),
    Ratio(
        "sunmoon.random_game_explained",
        lambda n: engine_games(n, explain=True),
        lambda n: engine_games(n),
        target=1.5,
        engine_burst=20,
        reference_burst=20,
        rounds=15,
    ),
    Ratio(
        "sunmoon.draw_state",
        draw_states,
        lambda n: random_moves(20 * n),
        target=1.0,
        unit="states",
        engine_burst=40,
        reference_burst=10,
        rounds=9,
    ),
    Timing("sunmoon.monte_carlo_turn", monte_carlo_turn, target=1.0, stretch=0.3, repeats=5),
]


def _spread(values: list[float]) -> str:
    q = statistics.quantiles(values, n=4)
    return (
        f"mean {statistics.mean(values):6.2f} sd {statistics.stdev(values):5.2f} quartiles {q[0]:g}/{q[1]:g}/{q[2]:g}"
    )


def report(quick: bool = False):
    """The engine and the reference side by side: games per second, and the distributions
    of game lengths (moves) and final scores (every player's) over the same number of games;
    then (full runs with valgrind only) a noise-free cross-check of ``sunmoon.random_game``:
    instructions per game, engine over reference and explained over quiet, each minus an
    import-only run."""
    games = 60 if quick else 400
    lines = []
    for name, play in (("engine", engine_games), ("reference", reference_games)):
        start = time.perf_counter()
        results = play(games)
        rate = games / (time.perf_counter() - start)
        lengths = [float(m) for _, m in results]
        scores = [float(x) for s, _ in results for x in s]
        lines.append(
            f"sunmoon.distribution {name:<9} {rate:7,.0f} games/s  moves {_spread(lengths)}  scores {_spread(scores)}"
        )
    if quick:
        return lines
    n = 20
    code = "import benchmarks.bench_sunmoon as B; B.{}({})"
    counts = {
        (fn, k): _instructions(code.format(fn, k))
        for fn in ("engine_games", "reference_games", "explained_games")
        for k in (0, n)
    }
    if None in counts.values():
        return lines + [f"{'sunmoon.*.instr':<28} skipped (no valgrind)"]
    per = {fn: (counts[fn, n] - counts[fn, 0]) / n for fn, _ in counts}
    for name, (top, bottom), target, what in (
        ("random_game", ("engine_games", "reference_games"), 2.0, "engine {:.2f}M, reference {:.2f}M"),
        ("random_game_explained", ("explained_games", "engine_games"), 1.5, "explained {:.2f}M, quiet {:.2f}M"),
    ):
        ratio = per[top] / per[bottom]
        verdict = "meets target" if ratio <= target else "MISSES target"
        lines.append(
            f"{'sunmoon.' + name + '.instr':<28} ratio {ratio:5.2f}  target {target:g}  (callgrind: "
            + what.format(per[top] / 1e6, per[bottom] / 1e6)
            + f" instructions per game; {verdict})"
        )
    for fn, name in (("engine_games", "quiet"), ("explained_games", "explained")):
        lines.append(
            f"{'sunmoon.' + name + '.instr':<28} {per[fn]:,.0f} instructions per game: "
            f"{against_bound(per[fn], BEFORE_ISSUE_25[fn])}"
        )
    return lines


def explained_games(count: int) -> None:
    engine_games(count, explain=True)
