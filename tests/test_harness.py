"""The benchmark harness and the browser-layer guard (no timings are asserted)."""

import re
import subprocess
import sys

import pytest

from benchmarks.harness import Ratio, Timing


def test_ratio_line_has_ratio_target_and_rates():
    calls = {"e": 0, "r": 0}

    def engine(n):
        calls["e"] += n
        sum(range(2000 * n))

    def reference(n):
        calls["r"] += n
        sum(range(1000 * n))

    line = Ratio("toy.sum", engine, reference, target=3, stretch=2, unit="sums").run(quick=True)
    assert re.match(
        r"toy\.sum\s+ratio\s+\d+\.\d\d\s+target 3\s+stretch 2\s+\(engine [\d,]+ sums/s, "
        r"reference [\d,]+ sums/s; (meets stretch|meets target|MISSES target)\)$",
        line,
    ), line
    assert calls["e"] > 1 and calls["r"] > 1  # both sides really ran, interleaved rounds


def test_timing_line():
    line = Timing("toy.wait", lambda: sum(range(1000)), target=0.5).run(quick=True)
    assert line.startswith("toy.wait") and " median " in line and "target 500.0 ms" in line


def test_every_game_has_benchmarks_listed():
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--list"], capture_output=True, text=True, check=True
    ).stdout
    for game in ("stars", "temples", "mtg", "sunmoon"):
        assert re.search(rf"^{game}\.", out, re.M), f"no benchmark figure for {game}:\n{out}"


def test_missing_browser_fails_in_ci(monkeypatch):
    from tests.browser import conftest as bc

    monkeypatch.setattr(bc, "CHROMIUM", "/nonexistent/chromium")
    monkeypatch.setattr(bc.shutil, "which", lambda name: None)
    monkeypatch.setattr(bc, "IN_CI", True)
    with pytest.raises(pytest.fail.Exception, match="apt-get install -y chromium"):
        bc._need_browser()
    monkeypatch.setattr(bc, "IN_CI", False)
    with pytest.raises(pytest.skip.Exception):
        bc._need_browser()
