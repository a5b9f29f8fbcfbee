"""Speed of ``daynight.mtg`` as ratios to the straight-line reference
(``benchmarks/reference_mtg.py``), measured interleaved in the same process.

* ``mtg.untap_checks``: seeded 40-turn games (two players, Poisson(1) spells per turn, two
  werewolves entering, one "it becomes night") through the public, validated API (core's
  ``play``; the script's moves are built once by this module, not taken from
  ``legal_moves``, so each one is checked by ``_check``, as a record's moves are when it is
  replayed), explanations off as for rollouts; per turn (one untap-step check each), against
  the reference's same script. Target 4 (issue 14).
* ``mtg.untap_checks_explained``: the same games with every rule explained in the event log
  (what the tracker and ``daynight demo`` do). Target 10 (issue 14).
* ``mtg.draw_table``: drawing one state of the table (``daynight.mtg.draw.table``, as the
  tracker does after every click) against 20 of the game's own random moves (legal moves
  chosen at random and played with the explained log on, from the same seeded states).
  Target 1: a drawing costs no more than 20 moves (issue 10).
* ``mtg.simulate_100k``: ``daynight.mtg.simulate(100_000, 1.0)``, the charts notebook's
  100,000-turn simulation. Target 1 s ("well under a second"), stretch 0.1 s.

``report()`` adds a noise-free cross-check of the first two figures in full runs: instructions
per turn under callgrind (valgrind), engine over reference, each minus an import-only run (on a
machine shared with other work the timed ratios move by a third between runs; these do not).
They read lower than the timed ratios (on 2026-12-01 about 1.25x lower quiet, 1.5x explained):
the engine's larger working set costs time that instructions do not count.

The figures, callgrind, instructions per turn (2026-12-01, CPython 3.11.7; the reference
3,017-3,047), quiet and explained:

* before issue 25, with the engine's own ``play``: 16,411-16,478 (ratio 5.4) and 28,084-28,115 (9.2);
* one legality path, core's ``play``: 37,418 (12.4) and 49,461 (16.4).

The engine's own work per turn did not grow; core's ``play`` adds, for every move, ``offers``
(``mover`` and ``legal_moves`` of that mover, compared by identity), ``is_over`` and ``_check``
for a move built anew, and the ``_apply`` dispatch: about 21,000 instructions per turn of 2.2
moves on this build, where one Python-level call costs 350-1,000 instructions. Moves taken from
``legal_moves`` (what bots and rollouts play) skip ``_check`` but not the rest: 36,952.
"""

from __future__ import annotations

import random

from benchmarks import reference_mtg as ref
from benchmarks.bench_stars import _instructions  # callgrind's count (to move to harness.py)
from benchmarks.harness import Ratio, Timing
from daynight.mtg import Becomes, BeginTurn, CastSpell, DayNight, EndGame, Enter, PermanentSpec, draw, simulate

TURNS = 40
PLAYERS = ("Alice", "Bob")
SCRIPTS = [ref.script(TURNS, len(PLAYERS), 1.0, seed) for seed in range(8)]
_WOLF = Enter((PermanentSpec("Brutal Cathar", "dfc", back="Moonrage Brute"),))
_NIGHT = Becomes("night", "Unnatural Moonrise")
_TURN = [BeginTurn(p) for p in PLAYERS]
_CAST = [CastSpell(p) for p in PLAYERS]


def _moves(steps):
    out = []
    for kind, value in steps:
        out.append(_TURN[value] if kind == 0 else _CAST[value] if kind == 1 else _NIGHT if kind == 2 else _WOLF)
    return out


MOVES = [_moves(s) for s in SCRIPTS]


def engine_games(count: int, explain: bool = False) -> None:
    """``count`` turns, in whole 40-turn games."""
    games = max(1, count // TURNS)
    for i in range(games):
        game = DayNight(PLAYERS, explain=explain)
        play = game.play
        for move in MOVES[i % len(MOVES)]:
            play(move)


def reference_games(count: int) -> None:
    games = max(1, count // TURNS)
    for i in range(games):
        ref.run(SCRIPTS[i % len(SCRIPTS)], len(PLAYERS))


def check_agreement() -> None:
    """The engine and the reference end every script in the same state."""
    for steps, moves in zip(SCRIPTS, MOVES, strict=True):
        game = DayNight(PLAYERS)
        for move in moves:
            game.play(move)
        designation, faces, checks = ref.run(steps, len(PLAYERS))
        assert game.designation == designation, (game.describe(), designation)
        assert [2 if p.face == "night" else 1 for p in game.permanents] == faces
        assert checks == game.turn - 1


check_agreement()


def _states(count: int = 24, moves: int = 40) -> list[DayNight]:
    """Seeded states of three-player games after random legal moves (every kind the tracker has)."""
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        game = DayNight(("Alice", "Bob", "Carol"))
        for _ in range(moves):
            legal = [m for m in game.legal_moves() if not isinstance(m, EndGame)]
            game.play(legal[rng.randrange(len(legal))])
        out.append(game)
    return out


STATES = _states()


def draw_states(count: int) -> None:
    for i in range(count):
        draw.table(STATES[i % len(STATES)])


def random_moves(count: int) -> None:
    """``count`` random legal moves, 20 from each state in turn (on copies, explained as in the app)."""
    rng = random.Random(count)
    done, i = 0, 0
    while done < count:
        game = STATES[i % len(STATES)].copy()
        i += 1
        for _ in range(min(20, count - done)):
            legal = [m for m in game.legal_moves() if not isinstance(m, EndGame)]
            game.play(legal[rng.randrange(len(legal))])
            done += 1


FIGURES = [
    Ratio(
        "mtg.untap_checks",
        lambda n: engine_games(n),
        reference_games,
        target=4,
        stretch=3,
        unit="turns",
        engine_burst=TURNS * 25,
        reference_burst=TURNS * 100,
    ),
    Ratio(
        "mtg.untap_checks_explained",
        lambda n: engine_games(n, explain=True),
        reference_games,
        target=10,
        stretch=6,
        unit="turns",
        engine_burst=TURNS * 10,
        reference_burst=TURNS * 100,
        rounds=9,
    ),
    Ratio(
        "mtg.draw_table",
        draw_states,
        lambda n: random_moves(20 * n),
        target=1.0,
        stretch=0.5,
        unit="drawings (per 20 random moves)",
        engine_burst=48,
        reference_burst=24,
        rounds=9,
    ),
    Timing("mtg.simulate_100k", lambda: simulate(100_000, 1.0, seed=1), target=1.0, stretch=0.1, repeats=5),
]


def report(quick: bool = False):
    """Instructions per turn (callgrind) of ``mtg.untap_checks`` and
    ``mtg.untap_checks_explained``, engine over reference. Skipped in quick runs and without
    valgrind (it takes a few minutes)."""
    if quick:
        return
    n = TURNS * 100
    code = "import benchmarks.bench_mtg as B; B.{}"
    calls = {
        "base": "TURNS",
        "quiet": f"engine_games({n})",
        "explained": f"engine_games({n}, explain=True)",
        "reference": f"reference_games({n})",
    }
    counts = {k: _instructions(code.format(c)) for k, c in calls.items()}
    if None in counts.values():
        yield f"{'mtg.untap_checks*.instr':<28} skipped (no valgrind)"
        return
    per = {k: (counts[k] - counts["base"]) / n for k in ("quiet", "explained", "reference")}
    for name, key, target in (
        ("mtg.untap_checks.instr", "quiet", 4),
        ("mtg.untap_checks_explained.instr", "explained", 10),
    ):
        ratio = per[key] / per["reference"]
        verdict = "meets target" if ratio <= target else "MISSES target"
        yield (
            f"{name:<28} ratio {ratio:5.2f}  target {target:g}  (callgrind: engine {per[key]:,.0f}, "
            f"reference {per['reference']:,.0f} instructions per turn; {verdict})"
        )
