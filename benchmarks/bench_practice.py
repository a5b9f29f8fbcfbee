"""Speed of the practice page (issue 18) and 1,000 checked exercises per kind.

``FIGURES`` (the kernel's side, no browser):

* ``practice.stars.<kind>``: a new exercise of each stars kind, made by the engine (a seeded
  game between bots, or a position built through the public API, played on to what the
  engine decides), its drawing included; median of fresh seeds. Target 100 ms (half the
  page's budget of 200 ms), stretch 50 ms.
* ``practice.mtg.<kind>``: the same for each mtg kind (``daynight/mtg/exercises.py``).
* ``practice.stars.another``: what the page does on *Another* in the kernel: the next kind,
  a new exercise, the table's drawing, targets and marks, the score and the dashboard.
  Target 150 ms.
* ``practice.stars.answer``: an answer judged and the table redrawn with the reason's marks,
  the feedback and the progress to keep. Target 50 ms.
* ``practice.stars.rulebook_steps``: the four steps of the rulebook's example that the
  walkthrough asks (by day and by night, the winning colour and the choosing order), built
  and played on by the engine. Target 100 ms.
* ``practice.temples.<kind>``, ``practice.temples.another``, ``practice.temples.answer``: the
  same for the temple duel's kinds (``daynight/temples/exercises.py``), with the same targets.
* ``practice.sunmoon.<kind>``, ``practice.sunmoon.another``, ``practice.sunmoon.answer``: the
  same for Sonne und Mond's kinds (``daynight/sunmoon/exercises.py``), with the same targets.

``report()`` (``python -m benchmarks practice``):

* ``practice.check.<kind>``: 1,000 seeded exercises of each kind (100 with ``--quick``), each
  judged answer compared with what the engine did when the position was played on and with
  the straight reading of the rules sheet of ``tests/test_practice_stars.py``;
* ``practice.check.mtg.<kind>``: the same for the mtg kinds, with the straight reading of the
  rules of ``tests/test_practice_mtg.py``;
* ``practice.check.temples.<kind>``: the same for the temple duel's kinds, with the straight
  reading of the rules text of ``tests/test_practice_temples.py``;
* ``practice.check.sunmoon.<kind>``: the same for Sonne und Mond's kinds, with the straight
  reading of the play report of ``tests/test_practice_sunmoon.py``;
* ``practice.browser.another`` and ``practice.browser.answer``: under ``make app`` (the
  class server, ``daynight.widgets.serve``, on a temporary copy of ``notebooks/``), in
  headless Chromium: from a click on *Another* until the table's ``data-epoch`` changes
  (a new exercise ready; target: median under 200 ms) and from a click on an answer until
  the table is redrawn with the verdict (target: median under 100 ms), the table contract's
  way of measuring (``benchmarks/bench_apps.py``);
* ``practice.site.another`` and ``practice.site.answer``: the same clicks on the same page of the
  static site (``make site``'s ``build/site`` or ``$DAYNIGHT_SITE``, served as plain files as
  ``benchmarks/bench_site.py`` serves it; the kernel runs in the browser, under Pyodide), each
  with its median's ratio to make app's (target: within 3x; the lines' targets are 3x make
  app's: 600 ms and 300 ms).
"""

from __future__ import annotations

import itertools
import json
import random
import statistics
import time
from typing import Any

from daynight.widgets.practice import PracticeApp

from benchmarks.harness import Timing
from daynight.mtg.exercises import KINDS as MTG_KINDS
from daynight.practice import CHOICE, NUMBER, judge
from daynight.stars.exercises import KINDS, rulebook_steps
from daynight.sunmoon.exercises import KINDS as SUNMOON_KINDS
from daynight.temples.exercises import KINDS as TEMPLES_KINDS

ANOTHER_TARGET, ANSWER_TARGET = 0.200, 0.100
#: the static site's figures: within this factor of make app's (issue 18)
SITE_RATIO_TARGET = 3.0


def _maker(kind) -> Any:
    seeds = itertools.count(10_000)
    return lambda: kind.make(next(seeds))


_APP = PracticeApp("stars", seed=1)
_APP.receive_stored("daynight.practice.v1.stars", None)


_TEMPLES_APP = PracticeApp("temples", seed=1)
_TEMPLES_APP.receive_stored("daynight.practice.v1.temples", None)


def another(app: PracticeApp = _APP) -> None:
    app.another()


def answer(app: PracticeApp = _APP) -> None:
    """Judge the right answer to the exercise on the table, redraw (the same exercise again)."""
    ex = app.exercise
    app.done, app.tries = False, 0
    app.given = [] if ex.shape in (CHOICE, NUMBER) else list(ex.answer)
    app.check(ex.answer if ex.shape in (CHOICE, NUMBER) else None)


FIGURES = [
    Timing(f"practice.stars.{kind.name}", _maker(kind), target=0.1, stretch=0.05, repeats=15) for kind in KINDS
] + [
    Timing("practice.stars.another", another, target=0.15, repeats=15),
    Timing("practice.stars.answer", answer, target=0.05, repeats=15),
    Timing("practice.stars.rulebook_steps", rulebook_steps, target=0.1, repeats=15),
]
# mtg: a new exercise of each kind (a seeded game between table bots, played on to what the
# engine decides, and its question drawn on the tracker's table); the same targets
FIGURES += [
    Timing(f"practice.mtg.{kind.name}", _maker(kind), target=0.1, stretch=0.05, repeats=15) for kind in MTG_KINDS
]
FIGURES += [
    Timing(f"practice.temples.{kind.name}", _maker(kind), target=0.1, stretch=0.05, repeats=15)
    for kind in TEMPLES_KINDS
] + [
    Timing("practice.temples.another", lambda: another(_TEMPLES_APP), target=0.15, repeats=15),
    Timing("practice.temples.answer", lambda: answer(_TEMPLES_APP), target=0.05, repeats=15),
]

_SUNMOON_APP = PracticeApp("sunmoon", seed=1)
_SUNMOON_APP.receive_stored("daynight.practice.v1.sunmoon", None)


def _sunmoon_another() -> None:
    _SUNMOON_APP.another()


def _sunmoon_answer() -> None:
    ex = _SUNMOON_APP.exercise
    _SUNMOON_APP.done, _SUNMOON_APP.tries = False, 0
    _SUNMOON_APP.given = [] if ex.shape in (CHOICE, NUMBER) else list(ex.answer)
    _SUNMOON_APP.check(ex.answer if ex.shape in (CHOICE, NUMBER) else None)


FIGURES += [
    Timing(f"practice.sunmoon.{kind.name}", _maker(kind), target=0.1, stretch=0.05, repeats=15)
    for kind in SUNMOON_KINDS
] + [
    Timing("practice.sunmoon.another", _sunmoon_another, target=0.15, repeats=15),
    Timing("practice.sunmoon.answer", _sunmoon_answer, target=0.05, repeats=15),
]

# --------------------------------------------------------------------------- 1,000 per kind, checked


def check_kinds(count: int):
    from tests.test_practice_stars import oracle, played_on  # lazy: the tests' oracles, only for this report

    for kind in KINDS:
        started, wrong = time.perf_counter(), []
        for seed in range(count):
            ex = kind.make(seed)
            if not (ex.answer == played_on(ex) == oracle(ex) and judge(ex, _as_given(ex)).right):
                wrong.append(seed)
        seconds = time.perf_counter() - started
        verdict = "all equal" if not wrong else f"{len(wrong)} DIFFER (seeds {wrong[:5]})"
        yield (
            f"practice.check.{kind.name:<16} {count:,} exercises in {seconds:.1f} s: judged answer, the engine "
            f"played on and the rules sheet: {verdict}"
        )


def checked(game: str, kinds, agrees, reading: str, count: int):
    """``practice.check.<game>.<kind>``: ``count`` seeded exercises of each of ``kinds``, each
    judged right and ``agrees(ex)`` (the judged answer equals what the engine did and what the
    test's straight ``reading`` of the rules says)."""
    for kind in kinds:
        started, wrong = time.perf_counter(), []
        for seed in range(count):
            ex = kind.make(seed)
            if not (agrees(ex) and judge(ex, _as_given(ex)).right):
                wrong.append(seed)
        seconds = time.perf_counter() - started
        verdict = "all equal" if not wrong else f"{len(wrong)} DIFFER (seeds {wrong[:5]})"
        yield (
            f"practice.check.{game}.{kind.name:<18} {count:,} exercises in {seconds:.1f} s: judged answer, the "
            f"engine played on and {reading}: {verdict}"
        )


def check_sunmoon(count: int):
    from tests.test_practice_sunmoon import oracle  # lazy: the tests' oracles, only for this report

    yield from checked(
        "sunmoon", SUNMOON_KINDS, lambda ex: ex.answer == ex.outcome == oracle(ex), "the play report", count
    )


def check_temples(count: int):
    from tests.test_practice_temples import oracle  # lazy: the tests' oracles, only for this report

    yield from checked(
        "temples", TEMPLES_KINDS, lambda ex: ex.answer == ex.outcome == oracle(ex), "the rules text", count
    )


def check_mtg_kinds(count: int):
    """``practice.check.mtg.<kind>``: each judged answer equals what the engine did when the
    position was played on and what the straight reading of the rules of
    ``tests/test_practice_mtg.py`` says."""
    from tests.test_practice_mtg import oracle, played_on  # lazy: the tests' oracles, only for this report

    def agrees(ex) -> bool:
        return ex.answer == played_on(ex) == ex.outcome == oracle(ex)

    yield from checked("mtg", MTG_KINDS, agrees, "the rules", count)


def _as_given(ex):
    return ex.answer if ex.shape in (CHOICE, NUMBER) else list(ex.answer)


# --------------------------------------------------------------------------- in Chromium under make app


def _line(name: str, times: list[float], target: float) -> str:
    if not times:
        return f"{name:<28} no click changed the table"
    med = statistics.median(times)
    verdict = "meets target" if med <= target else "MISSES target"
    return (
        f"{name:<28} median {med * 1e3:.0f} ms  target {target * 1e3:.0f} ms; slowest {max(times) * 1e3:.0f} ms "
        f"({len(times)} clicks; {verdict})"
    )


def _timed_click(page, target: str) -> float | None:
    from benchmarks.bench_apps import CLICK_JS  # lazy: the app benchmark's page helpers, only in a browser run

    page.evaluate("() => { window.__dn.t0 = 0; }")
    page.locator(f".dn-table [data-target='{target}']").evaluate(CLICK_JS)
    try:
        page.wait_for_function("() => window.__dn.epoch", timeout=10_000, polling=10)
    except Exception:
        return None
    return page.evaluate("() => (window.__dn.epoch - window.__dn.t0) / 1000")


#: the kinds the browser figures practise: one click answers them (a choice), so every answer is timed
ONE_CLICK_KINDS = ("Which colour wins", "The last round")
PRACTICE_PAGE = "stars/practice.ipynb"


def _practice_clicks(page, clicks: int) -> tuple[list[float], list[float]]:
    """On an open practice page: ``clicks`` times an answer (a random option) and then *Another*,
    each timed from the click until the table's ``data-epoch`` changes; (new exercises, answers)."""
    from benchmarks.bench_apps import OBSERVE_JS  # lazy: the app benchmark's page helpers, only in a browser run

    for box in page.locator(".dn-practice-rules input[type='checkbox']").all():  # choices: one click answers
        name = box.evaluate("b => b.closest('.widget-checkbox').innerText.trim()")
        if name not in ONE_CLICK_KINDS and box.is_checked():
            box.click()
            page.wait_for_timeout(300)
    page.evaluate(OBSERVE_JS)
    rng, news, answers = random.Random(1), [], []
    for _ in range(clicks):
        page.wait_for_timeout(300)
        options = page.eval_on_selector_all(".dn-table [data-target^='o']", "ns => ns.map(n => n.dataset.target)")
        if options:
            answers.append(_timed_click(page, rng.choice(options)))
        page.wait_for_timeout(300)
        news.append(_timed_click(page, "another"))
    return [t for t in news if t is not None], [t for t in answers if t is not None]


def _open_and_click(browser, url: str, clicks: int, timeout_ms: int) -> tuple[list[float], list[float]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(url, timeout=timeout_ms)
        page.wait_for_selector(".dn-table [data-target='another']", timeout=timeout_ms)
        return _practice_clicks(page, clicks)
    finally:
        context.close()


def _ratio_line(name: str, times: list[float], target: float, on_app: list[float]) -> str:
    """:func:`_line` for the static site, with its median's ratio to the same figure under make app."""
    line = _line(name, times, target * SITE_RATIO_TARGET)
    if times and on_app:
        ratio = statistics.median(times) / statistics.median(on_app)
        verdict = "meets target" if ratio <= SITE_RATIO_TARGET else "MISSES target"
        line += f"; ratio to make app {ratio:.2f}, target {SITE_RATIO_TARGET:g} ({verdict})"
    return line


def browser_clicks(clicks: int):
    """``practice.browser.*`` under make app and ``practice.site.*`` on the static site (``make
    site``'s ``build/site``, served as ``python -m benchmarks site`` serves it), in one Chromium."""
    from playwright.sync_api import sync_playwright  # lazy: playwright only for the browser figures

    from benchmarks.bench_apps import CHROMIUM, Site  # lazy: as above
    from benchmarks.bench_site import TIMEOUT_MS, site_dir  # lazy: as above
    from tests.site.conftest import SITE_CHROMIUM_ARGS, SiteServer  # lazy: as above

    folder = site_dir()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=SITE_CHROMIUM_ARGS)
        try:
            site = Site(hello=False)
            try:
                site.start()
                news, answers = _open_and_click(browser, f"{site.url}/voila/render/{PRACTICE_PAGE}", clicks, 180_000)
            finally:
                site.stop()
            yield _line("practice.browser.another", news, ANOTHER_TARGET)
            yield _line("practice.browser.answer", answers, ANSWER_TARGET)
            if not (folder / "pages.json").exists():
                yield f"practice.site                no built site at {folder}: run `make site` first"
                return
            pages = json.loads((folder / "pages.json").read_text(encoding="utf-8"))
            server = SiteServer(folder).start()
            try:
                url = server.url + pages["live"][PRACTICE_PAGE]
                site_news, site_answers = _open_and_click(browser, url, clicks, TIMEOUT_MS)
            finally:
                server.stop()
            yield _ratio_line("practice.site.another", site_news, ANOTHER_TARGET, news)
            yield _ratio_line("practice.site.answer", site_answers, ANSWER_TARGET, answers)
        finally:
            browser.close()


def report(quick: bool = False):
    yield from check_kinds(100 if quick else 1000)
    yield from check_mtg_kinds(100 if quick else 1000)
    yield from check_temples(100 if quick else 1000)
    yield from check_sunmoon(100 if quick else 1000)
    try:
        yield from browser_clicks(4 if quick else 15)
    except Exception as exc:
        yield f"practice.browser             skipped ({type(exc).__name__}: {str(exc)[:120]})"
