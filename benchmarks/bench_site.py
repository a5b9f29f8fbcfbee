"""The static site (``make site``) in a real browser, beside the same apps under ``make app``.

``python -m benchmarks site`` prints, for the site in ``build/site`` (or ``$DAYNIGHT_SITE``),
served as plain files from 127.0.0.1 (no compression, as ``python -m http.server``):

* ``site.first_control``: for each app, the time from navigation until its first control can
  be clicked, cold (a new visitor: a fresh browser context) and warm (the same visitor again:
  its HTTP cache and the site's service worker in place), each as a ratio to the same visit
  of the same app under ``make app`` (Voila, preheated kernels; ``benchmarks/bench_apps.py``'s
  server) in the same run. Each round visits both in a shuffled order; the ratio is the median
  of the rounds' ratios. No target: the figure is what a visitor pays for a page that needs no
  server (Python starts in the visitor's browser instead of waiting in a preheated kernel).
* ``site.cold_bytes``: what a cold visit to the stars app downloads until its first control is
  clickable and the page has been quiet for 2 s, as the server sent it and as gzip would
  compress the same files (what a compressing host such as GitHub Pages sends), against a
  third of the 37.7 MB a trial build downloaded; then what a first chart adds (the Magic
  tracker's chart of the game, in a cold visit of its own).
* ``site.size``: the site folder on disk and its largest parts.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import re
import shutil
import statistics
import sys
import time
from pathlib import Path

from benchmarks.bench_apps import CHROMIUM, CONTROL, _fmt
from benchmarks.bench_apps import Site as VoilaSite
from tests.site.conftest import PREFIX, SITE_CHROMIUM_ARGS, SiteServer

ROOT = Path(__file__).resolve().parent.parent
TRIAL_BYTES = 37.7e6
BYTES_TARGET = TRIAL_BYTES / 3
TIMEOUT_MS = 240_000
#: an app's first control: a widget control, or a target of the table widget (TABLE-CONTRACT.md)
FIRST = f"{CONTROL}, .dn-table [data-target]"


def site_dir() -> Path:
    return Path(os.environ.get("DAYNIGHT_SITE", ROOT / "build" / "site")).resolve()


def _mb(n: float) -> str:
    return f"{n / 1e6:.1f} MB"


def new_context(browser):
    return browser.new_context(viewport={"width": 1280, "height": 1000})


def timed_visit(context, url: str):
    """(seconds from navigation to the first clickable control, the page)."""
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    page.locator(FIRST).first.click(trial=True, timeout=TIMEOUT_MS)  # visible, stable, enabled
    return time.perf_counter() - started, page


def site_visits(browser, server: SiteServer, path: str) -> dict[str, float]:
    """A new visitor's visit, then the same visitor's second visit."""
    context = new_context(browser)
    out = {}
    for when in ("cold", "warm"):
        out[when], page = timed_visit(context, server.url + path)
        page.close()
    context.close()
    return out


def voila_visits(browser, voila: VoilaSite, notebook: str) -> dict[str, float]:
    """The same two visits under ``make app`` (each on a preheated kernel, as a visitor of an
    idle server gets; the page's kernel is shut down when it closes)."""
    context = new_context(browser)
    out = {}
    for when in ("cold", "warm"):
        voila.wait_idle()
        out[when], page = timed_visit(context, f"{voila.url}/voila/render/{notebook}")
        page.close(run_before_unload=True)
    context.close()
    return out


def first_control(browser, server: SiteServer, voila: VoilaSite, live: dict[str, str], rounds: int):
    rng = random.Random(13)
    times = {(nb, kind, when): [] for nb in live for kind in ("site", "voila") for when in ("cold", "warm")}
    ratios = {(nb, when): [] for nb in live for when in ("cold", "warm")}
    for _ in range(rounds):
        for nb in rng.sample(sorted(live), len(live)):
            this = {}
            for kind in rng.sample(["site", "voila"], 2):
                this[kind] = site_visits(browser, server, live[nb]) if kind == "site" else voila_visits(browser, voila, nb)
            for when in ("cold", "warm"):
                for kind in ("site", "voila"):
                    times[nb, kind, when].append(this[kind][when])
                ratios[nb, when].append(this["site"][when] / this["voila"][when])
    for nb in sorted(live):
        for when in ("cold", "warm"):
            yield (f"site.first_control {nb:<20} {when}  ratio {statistics.median(ratios[nb, when]):5.2f}  "
                   f"(site {_fmt(statistics.median(times[nb, 'site', when]))}, "
                   f"make app {_fmt(statistics.median(times[nb, 'voila', when]))}; {rounds} rounds)")


def cold_bytes(browser, server: SiteServer, live: dict[str, str], notebook: str = "stars/play.ipynb"):
    context = new_context(browser)
    mark = server.mark()
    _, page = timed_visit(context, server.url + live[notebook])
    _quiet(server)
    lines = [_bytes_line(f"site.cold_bytes {notebook} to its first control", server.since(mark), target=True)]
    context.close()
    # what a first chart adds (plotly comes with it): the Magic tracker's chart of the game, in
    # a cold visit of its own (the stars Hint writes under the cards, without a chart)
    chart = "mtg/tracker.ipynb"
    if chart in live:
        context = new_context(browser)
        _, page = timed_visit(context, server.url + live[chart])
        page.get_by_role("button", name=re.compile(r"^Next turn")).click(timeout=TIMEOUT_MS)
        page.get_by_text("Chart", exact=True).click(timeout=TIMEOUT_MS)  # open its section
        _quiet(server)
        mark = server.mark()
        page.get_by_role("button", name="Chart of this game").click(timeout=TIMEOUT_MS)
        page.wait_for_selector(".js-plotly-plot", timeout=TIMEOUT_MS)
        _quiet(server)
        lines.append(_bytes_line(f"site.cold_bytes {chart} its first chart adds", server.since(mark)))
        context.close()
    return lines


def _quiet(server: SiteServer, seconds: float = 2.0, limit: float = 30.0) -> None:
    """Until the server has had no request for ``seconds`` (at most ``limit``)."""
    deadline = time.monotonic() + limit
    last, since = server.mark(), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.2)
        if server.mark() != last:
            last, since = server.mark(), time.monotonic()
        elif time.monotonic() - since >= seconds:
            return


def _bytes_line(name: str, entries, target: bool = False) -> str:
    folder = site_dir()
    sent = sum(n for _, _, n in entries)
    compressed = sum(len(gzip.compress((folder / path.split("?")[0][len(PREFIX):]).read_bytes(), 6))
                     for path, status, _ in entries if status == 200)
    wheels = sum(n for path, _, n in entries if path.split("?")[0].endswith(".whl"))
    line = f"{name:<50} {_mb(sent)} sent, {_mb(compressed)} gzip; {len(entries)} requests, wheels {_mb(wheels)}"
    if target:
        line += (f"; target {_mb(BYTES_TARGET)} (a third of the trial's {_mb(TRIAL_BYTES)}): "
                 f"sent {'meets' if sent <= BYTES_TARGET else 'MISSES'}, "
                 f"gzip {'meets' if compressed <= BYTES_TARGET else 'MISSES'}")
    return line


def size_lines():
    folder = site_dir()
    parts: dict[str, int] = {}
    for file in folder.rglob("*"):
        if file.is_file():
            rel = file.relative_to(folder).parts
            key = "/".join(rel[:3] if rel[:2] == ("static", "pyodide") else rel[:2])
            parts[key] = parts.get(key, 0) + file.stat().st_size
    top = sorted(parts.items(), key=lambda kv: -kv[1])[:6]
    yield f"site.size {_mb(sum(parts.values()))} on disk ({folder}); largest: " + ", ".join(f"{k} {_mb(v)}" for k, v in top)


def report(quick: bool = False):
    """Yield the printed lines (``python -m benchmarks site``)."""
    folder = site_dir()
    if not (folder / "pages.json").exists():
        yield f"site: no built site at {folder}: run `make site` first"
        return
    try:
        from playwright.sync_api import sync_playwright  # noqa: PLC0415
    except ImportError:
        yield "site: playwright is not installed (pip install -e '.[test]')"
        return
    live = json.loads((folder / "pages.json").read_text(encoding="utf-8"))["live"]
    yield from size_lines()
    server = SiteServer(folder).start()
    voila = VoilaSite()
    try:
        voila.start()
        with sync_playwright() as p:
            exe = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
            browser = p.chromium.launch(executable_path=exe, args=SITE_CHROMIUM_ARGS)
            try:
                yield from cold_bytes(browser, server, live)
                yield from first_control(browser, server, voila, live, rounds=1 if quick else 3)
            finally:
                browser.close()
    finally:
        voila.stop()
        server.stop()


if __name__ == "__main__":
    for line in report(quick="--quick" in sys.argv):
        print(line, flush=True)
