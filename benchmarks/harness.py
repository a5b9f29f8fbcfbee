"""The benchmark harness: interleaved, paired measurements reported as ratios.

A module ``benchmarks/bench_<name>.py`` defines ``FIGURES``, a list of :class:`Ratio` and
:class:`Timing` objects. ``python -m benchmarks`` runs them all and prints one line each:

    stars.random_game  ratio 2.41  target 3.0  stretch 2.0  (engine 1930/s, reference 4650/s)

A :class:`Ratio` alternates short bursts of the engine and of the reference in a shuffled
order for several rounds and reports the median of the per-round time ratios: the two share
whatever load the machine has at that moment, so the ratio is stable while absolute rates
move. A :class:`Timing` reports a median wall time (for latencies such as a hint).
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field


def _time(fn: Callable[[int], object], n: int) -> float:
    gc.collect()
    t = time.perf_counter()
    fn(n)
    return time.perf_counter() - t


def _verdict(value: float, target: float, stretch: float | None) -> str:
    if stretch is not None and value <= stretch:
        return "meets stretch"
    return "meets target" if value <= target else "MISSES target"


@dataclass
class Ratio:
    """time(engine) / time(reference) per unit of work, paired and interleaved."""

    name: str
    engine: Callable[[int], object]  # engine(n): do n units of work
    reference: Callable[[int], object]  # reference(n): the same n units, straight-line
    target: float
    stretch: float | None = None
    unit: str = "games"
    engine_burst: int = 20
    reference_burst: int = 40
    rounds: int = 15
    ratios: list[float] = field(default_factory=list, repr=False)

    def run(self, rounds: int | None = None, quick: bool = False) -> str:
        rounds = rounds or (3 if quick else self.rounds)
        eb = max(1, self.engine_burst // (4 if quick else 1))
        rb = max(1, self.reference_burst // (4 if quick else 1))
        self.engine(1)
        self.reference(1)  # warm up
        order = random.Random(0)
        self.ratios, te_all, tr_all = [], [], []
        for _ in range(rounds):
            pair = [("e", self.engine, eb), ("r", self.reference, rb)]
            order.shuffle(pair)
            times = {k: _time(fn, n) / n for k, fn, n in pair}
            te_all.append(times["e"])
            tr_all.append(times["r"])
            self.ratios.append(times["e"] / times["r"])
        ratio = statistics.median(self.ratios)
        e_rate = 1 / statistics.median(te_all)
        r_rate = 1 / statistics.median(tr_all)
        stretch = f"  stretch {self.stretch:g}" if self.stretch is not None else ""
        return (
            f"{self.name:<28} ratio {ratio:5.2f}  target {self.target:g}{stretch}  "
            f"(engine {e_rate:,.0f} {self.unit}/s, reference {r_rate:,.0f} {self.unit}/s; "
            f"{_verdict(ratio, self.target, self.stretch)})"
        )


@dataclass
class Timing:
    """Median wall time of ``fn()``, optionally as a ratio to ``reference()``."""

    name: str
    fn: Callable[[], object]
    target: float  # seconds (or a ratio when reference is given)
    stretch: float | None = None
    reference: Callable[[], object] | None = None
    repeats: int = 7

    def run(self, rounds: int | None = None, quick: bool = False) -> str:
        repeats = rounds or (2 if quick else self.repeats)
        self.fn()
        if self.reference is None:
            times = [_time(lambda n: self.fn(), 1) for _ in range(repeats)]
            med = statistics.median(times)
            stretch = f"  stretch {_fmt(self.stretch)}" if self.stretch is not None else ""
            return (
                f"{self.name:<28} median {_fmt(med)}  target {_fmt(self.target)}{stretch}  "
                f"({repeats} runs; {_verdict(med, self.target, self.stretch)})"
            )
        self.reference()
        ratios, te, tr = [], [], []
        order = random.Random(0)
        for _ in range(repeats):
            pair = [("e", self.fn), ("r", self.reference)]
            order.shuffle(pair)
            t = {k: _time(lambda n, f=f: f(), 1) for k, f in pair}
            te.append(t["e"])
            tr.append(t["r"])
            ratios.append(t["e"] / t["r"])
        ratio = statistics.median(ratios)
        stretch = f"  stretch {self.stretch:g}" if self.stretch is not None else ""
        return (
            f"{self.name:<28} ratio {ratio:5.2f}  target {self.target:g}{stretch}  "
            f"(engine median {_fmt(statistics.median(te))}, reference median "
            f"{_fmt(statistics.median(tr))}; {_verdict(ratio, self.target, self.stretch)})"
        )


def _fmt(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.1f} µs"
