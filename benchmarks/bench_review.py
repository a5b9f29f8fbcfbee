"""Speed and size of the review (daynight/review.py, widgets/review.py).

``python -m benchmarks review`` prints:

* ``review.open``: reading the temples demo record into a :class:`Review` (one replay that
  keeps a snapshot every 16 moves) as a ratio to ``from_record`` replaying it (target 1.5);
* ``review.step``: in the review app (Voila, Chromium), the median time from a click on *Next
  move* (or *Back one move*) to the table's next drawing (its ``data-epoch`` changes), over
  the temples demo, measured in the page (target 100 ms); beside it the hello app's click
  to its answer in the same run, the server's bare round trip on this machine at that moment;
* ``review.export_size``: the HTML file of the temples demo, the longest demo game (target
  under 3 MB);
* ``review.export_open``: opening that file from ``file://`` in Chromium until its first
  drawing is shown and it steps, as a ratio to the time until the stars play app's first
  control can be clicked, measured in the same run in alternating rounds (target 2).

Until a game's drawing (``daynight/<game>/draw.py``) has landed, its steps are drawn as a
one-line panel saying so, and the lines say that the figures do not count yet.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import random
import statistics
import tempfile
import time

from benchmarks.harness import Ratio
from daynight import game_class, game_module

GAME = "temples"
SEED = 1
STEP_TARGET = 0.100
SIZE_TARGET = 3_000_000
OPEN_TARGET = 2.0


@functools.cache
def _cached_record():
    return game_module(GAME).demo(SEED).to_record()


def _open(n: int) -> None:
    from daynight.review import Review

    for _ in range(n):
        Review(_cached_record())


def _replay(n: int) -> None:
    cls = game_class(GAME)
    for _ in range(n):
        cls.from_record(_cached_record())


FIGURES = [
    Ratio("review.open", _open, _replay, target=1.5, unit="records", engine_burst=3, reference_burst=3, rounds=9)
]


def _drawn() -> bool:
    return importlib.util.find_spec(f"daynight.{GAME}.draw") is not None


def _note() -> str:
    return (
        "" if _drawn() else f" [the {GAME} drawing has not landed: placeholder panels, the figure does not count yet]"
    )


#: in the page: click ``el`` and resolve with the milliseconds until the table's next drawing
#: (the table sets ``data-epoch`` last, once the drawing, its targets and the status are in)
STEP_JS = """el => new Promise(resolve => {
  const table = document.querySelector('.dn-table'), old = table.dataset.epoch;
  const t0 = performance.now();
  const seen = new MutationObserver(() => {
    if (table.dataset.epoch !== old) { seen.disconnect(); resolve(performance.now() - t0); }
  });
  seen.observe(table, {attributes: true, attributeFilter: ['data-epoch']});
  el.click();
})"""


#: the same for the hello app (a button and a line of text): the server's bare round trip
HELLO_JS = """el => new Promise(resolve => {
  const said = [...document.querySelectorAll('[role=status]')].find(n => n.textContent.includes('ello'));
  const old = said.textContent, t0 = performance.now();
  const seen = new MutationObserver(() => {
    const now = [...document.querySelectorAll('[role=status]')].find(n => n.textContent.includes('ello'));
    if (now && now.textContent !== old) { seen.disconnect(); resolve(performance.now() - t0); }
  });
  seen.observe(document.body, {subtree: true, childList: true, characterData: true});
  el.click();
})"""


def _hello(browser, site, clicks: int) -> list[float]:
    from benchmarks.bench_apps import HELLO_AS, close, open_until_clickable

    _, context, page = open_until_clickable(browser, site, HELLO_AS)
    try:
        times = []
        for _ in range(clicks):
            times.append(page.get_by_role("button", name="Say hello").evaluate(HELLO_JS) / 1000)
            page.wait_for_timeout(50)
        return times
    finally:
        close(context, page)


def _steps(page, clicks: int) -> list[float]:
    """Seconds from a click on Next move (now and then Back one move) to the next drawing."""
    rng = random.Random(3)
    times = []
    for _ in range(clicks):
        name = "Next move" if rng.random() < 0.8 else "Back one move"
        times.append(page.get_by_role("button", name=name).evaluate(STEP_JS) / 1000)
        page.wait_for_timeout(50)
    return times


def _open_file(browser, path: str) -> float:
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else route.abort())
    page = context.new_page()
    t = time.perf_counter()
    page.goto("file://" + path, wait_until="commit")
    page.wait_for_selector("body[data-ready='1'] #dn-drawing svg")
    page.get_by_role("button", name="Next move").click(trial=True)
    seconds = time.perf_counter() - t
    context.close()
    return seconds


def report(quick: bool = False):
    """Yield the printed lines (``python -m benchmarks review``)."""
    from daynight.review import Review, html

    review = Review(_cached_record())
    t = time.perf_counter()
    text = html(review)
    built = time.perf_counter() - t
    size = len(text.encode("utf-8"))
    yield (
        f"review.export_size {GAME} demo    {size / 1e6:5.2f} MB  target under {SIZE_TARGET / 1e6:g} MB  "
        f"({review.moves} moves, built in {built:.1f} s; "
        f"{'meets target' if size < SIZE_TARGET else 'MISSES target'}){_note()}"
    )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        yield "review: playwright is not installed (pip install -e '.[test]')"
        return
    from benchmarks.bench_apps import Site, _browser, close, open_until_clickable

    folder = tempfile.mkdtemp(prefix="daynight-bench-review-")
    path = os.path.join(folder, f"{GAME}-review.html")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    site = Site()
    try:
        site.start()
        with sync_playwright() as p:
            browser = _browser(p)
            try:
                # one visit of each first, not counted (the renderer starts)
                close(*open_until_clickable(browser, site, "stars/play.ipynb")[1:])
                _open_file(browser, path)
                ratios, files, plays = [], [], []
                for _ in range(2 if quick else 5):
                    site.wait_idle()
                    pair = [
                        ("file", lambda: _open_file(browser, path)),
                        ("play", lambda: _first_control(browser, site)),
                    ]
                    random.Random(len(ratios)).shuffle(pair)
                    got = {k: f() for k, f in pair}
                    files.append(got["file"])
                    plays.append(got["play"])
                    ratios.append(got["file"] / got["play"])
                ratio = statistics.median(ratios)
                yield (
                    f"review.export_open            ratio {ratio:5.2f}  target {OPEN_TARGET:g}  (file "
                    f"{statistics.median(files):.2f} s, stars play app first control "
                    f"{statistics.median(plays):.2f} s; {len(ratios)} rounds; "
                    f"{'meets target' if ratio <= OPEN_TARGET else 'MISSES target'}){_note()}"
                )
                _, context, page = open_until_clickable(browser, site, "review.ipynb")
                try:
                    page.wait_for_selector(".dn-table [data-target]", timeout=180_000)
                    _steps(page, 3)  # warm up
                    times = _steps(page, 15 if quick else 60)
                finally:
                    close(context, page)
                hello = statistics.median(_hello(browser, site, 10 if quick else 30))
                med = statistics.median(times)
                yield (
                    f"review.step {GAME} demo         median {med * 1e3:5.0f} ms  target "
                    f"{STEP_TARGET * 1e3:.0f} ms  ({len(times)} clicks, max {max(times) * 1e3:.0f} ms; "
                    f"the hello app's click in the same run: {hello * 1e3:.0f} ms; "
                    f"{'meets target' if med <= STEP_TARGET else 'MISSES target'}){_note()}"
                )
            finally:
                browser.close()
    finally:
        site.stop()
        os.unlink(path)
        os.rmdir(folder)


def _first_control(browser, site) -> float:
    from benchmarks.bench_apps import close, open_until_clickable

    seconds, context, page = open_until_clickable(browser, site, "stars/play.ipynb")
    close(context, page)
    return seconds


if __name__ == "__main__":
    import sys

    for fig in FIGURES:
        print(fig.run(quick="--quick" in sys.argv))
    for line in report(quick="--quick" in sys.argv):
        print(line, flush=True)
