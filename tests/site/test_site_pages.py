"""Every page of the static site in Chromium: the landing page and its links, the static pages
with their charts, and every app played for a few moves by clicking, with nothing fetched from
another host (see conftest.py)."""

from __future__ import annotations

import contextlib
import json
import random
import re
import urllib.request
import zipfile

import pytest

from tests.browser.conftest import NOTEBOOKS, app_notebooks
from tests.site.conftest import CONTROL, START_TIMEOUT_MS, SitePage

#: the table widget's page contract (TABLE-CONTRACT.md)
TABLE = ".dn-table"
TARGETS = ".dn-table [data-target]"
EPOCHS_JS = "() => [...document.querySelectorAll('.dn-table')].map(t => t.dataset.epoch).join(',')"
#: the table's answer to a click: a redraw (data-epoch) or a status line, also a refusal (data-said)
ANSWERS_JS = (
    "() => [...document.querySelectorAll('.dn-table')].map(t => t.dataset.epoch + '/' + t.dataset.said).join(',')"
)
#: apps not yet on the table widget: their explained event log (widgets/common.py EventLogView)
LOG_JS = "() => { const li = document.querySelector('.dn-log li:last-child'); return li ? li.value : 0; }"
STATUS_JS = "() => [...document.querySelectorAll('[role=status]')].map(s => s.innerText).join(' | ')"
#: buttons that are not moves: they start over, ask for advice or set a game up
NOT_A_MOVE = re.compile(r"new game|hint|suggest|option|undo|restart|reset|add |remove", re.I)
BROKEN = "Something went wrong"
#: a translated page's name (site/build.py TRANSLATED): ``play.zh-TW.ipynb``
TRANSLATED = re.compile(r"[^.]+\.[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*\.ipynb")
#: words of a page in Chinese (the zh-TW catalog reached the browser)
CJK = re.compile(r"[\u4e00-\u9fff]")


def play_moves(page, moves: int, seed: str, tap: bool = False) -> list[str]:
    """Play ``moves`` moves by clicking (``tap``: by tapping, on a phone); returns the names of what was clicked.

    An app on the table widget: click one of ``.dn-table [data-target]`` (chosen with a
    seeded RNG) and wait until the table's ``data-epoch`` changes (Python answered the
    click). An app not yet on it: click its buttons in page order, skipping those that are not
    moves, and count a move when the event log grows (a refused click only changes the status).
    """
    rng = random.Random(seed)
    clicked: list[str] = []
    if page.locator(TABLE).count():
        # a random target may be refused (the status line says why, the table is not redrawn):
        # every click must be answered, and ``moves`` of them must redraw the table
        for _ in range(12 * moves):
            if len(clicked) == moves:
                break
            targets = page.locator(TARGETS)
            assert targets.count(), "the table shows no clickable target"
            target = targets.nth(rng.randrange(targets.count()))
            name = target.get_attribute("aria-label") or target.inner_text()
            before, answers = page.evaluate(EPOCHS_JS), page.evaluate(ANSWERS_JS)
            target.tap() if tap else target.click()
            page.wait_for_function(f"() => ({ANSWERS_JS})() !== {answers!r}", timeout=60_000)
            assert BROKEN not in page.evaluate(STATUS_JS)
            if page.evaluate(EPOCHS_JS) != before:
                clicked.append(name)
        assert len(clicked) == moves, f"only {len(clicked)} of {12 * moves} clicks redrew the table: {clicked}"
        return clicked
    played, tried, before_click = 0, 0, None
    while played < moves:
        assert tried < 12 * moves, f"only {played} of {moves} clicks played a move: {clicked}"
        buttons = [
            (b, b.inner_text().strip())
            for b in page.locator(".jupyter-widgets button:not([disabled])").all()
            if b.is_visible()
        ]
        buttons = [(b, name) for b, name in buttons if not NOT_A_MOVE.search(name)]
        assert buttons, "no button to play"
        # after a click that only selected something (a card, a spell), a button it brought
        # up (where to put it) comes next
        new = [(b, name) for b, name in buttons if before_click is not None and name not in before_click]
        button, name = new[0] if new else buttons[rng.randrange(len(buttons))]
        tried += 1
        log, status = page.evaluate(LOG_JS), page.evaluate(STATUS_JS)
        button.click()
        with contextlib.suppress(Exception):  # a control that changes neither (it opens a panel, say)
            page.wait_for_function(f"() => ({LOG_JS})() !== {log} || ({STATUS_JS})() !== {status!r}", timeout=15_000)
        assert BROKEN not in page.evaluate(STATUS_JS), f"after clicking {name!r}"
        if page.evaluate(LOG_JS) > log:
            played += 1
            clicked.append(name)
            before_click = None
        else:
            before_click = {n for _, n in buttons}
    return clicked


def test_root_leads_to_the_landing_page_and_every_link_works(site_page, site_server, pages):
    page = site_page.open("", wait_for="text=The four games")
    assert page.url.endswith("voici/render/index.html")
    assert page.get_by_role("heading", name="Day & Night: four games, one package").is_visible()
    assert "stars    Day & Night (Piatnik 2021)" in page.inner_text("body"), "the code cell's output"
    assert "import daynight" not in page.inner_text("body"), "sources are stripped"
    hrefs = page.eval_on_selector_all("a[href]", "els => els.map(a => a.href)")
    local = sorted({h.split("#")[0] for h in hrefs if h.startswith(site_server.url)})
    for game in ("stars", "temples", "mtg", "sunmoon"):
        assert sum(f"/render/{game}/" in h for h in local) >= 3, f"links to the {game} pages"
    for href in local:
        with urllib.request.urlopen(href, timeout=30) as response:
            assert response.status == 200, href
    assert all(
        page.get_by_role("img", name=n).evaluate("i => i.naturalWidth > 0")
        for n in ("Open in JupyterLab on Binder", "Open the apps in Voila on Binder")
    ), "the badges"
    site_page.assert_clean()


def notebooks_like(pattern: str) -> list[str]:
    """The notebooks ``pattern`` finds under ``notebooks/``, as the site finds them: no list
    to keep up to date."""
    return sorted(p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.glob(pattern))


def walkthroughs() -> list[str]:
    """The walkthroughs of the games (``notebooks/<game>/rules.ipynb``) and their translations
    (``rules.zh-TW.ipynb``: none on a branch without them)."""
    return notebooks_like("*/rules.ipynb") + translations("*/rules.ipynb")


def practice_pages() -> list[str]:
    """The practice pages of the games (``notebooks/<game>/practice.ipynb``) and their translations."""
    return notebooks_like("*/practice.ipynb") + translations("*/practice.ipynb")


def translations(pattern: str) -> list[str]:
    """The translated pages of the notebooks ``pattern`` finds: ``<name>.<language>.ipynb``
    beside ``<name>.ipynb`` (``sunmoon/play.zh-TW.ipynb``)."""
    return sorted(
        translated
        for original in notebooks_like(pattern)
        for translated in notebooks_like(original.removesuffix(".ipynb") + ".*.ipynb")
        if TRANSLATED.fullmatch(translated.rsplit("/", 1)[-1])
    )


def test_the_apps_and_the_walkthroughs_run_in_the_browser_and_the_pages_to_read_are_static(pages):
    """Pages run in the browser unless they are pages to read: the landing page and the chart
    notebooks get static pages (site/prerender.py says why for each)."""
    from daynight.widgets.serve import LANDING

    apps = [*app_notebooks(), *translations("*/play.ipynb"), *translations("*/tracker.ipynb")]
    assert set(pages["live"]) == {*apps, "review.ipynb", *walkthroughs(), *practice_pages()}, pages["why"]
    assert LANDING in pages["static"]
    assert {p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.glob("*/charts.ipynb")} <= set(pages["static"])
    every = {
        p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
    }
    assert set(pages["live"]) | set(pages["static"]) == every, "every notebook has a page"


def test_static_pages_show_their_outputs_and_charts(site_page, site_dir, pages):
    for notebook, path in sorted(pages["static"].items()):
        html = (site_dir / path).read_text(encoding="utf-8")
        page = site_page.open(path, wait_for="h1")
        charts = html.count("Plotly.newPlot(")
        if charts:
            page.wait_for_function(
                f"() => document.querySelectorAll('.js-plotly-plot').length >= {charts}", timeout=60_000
            )
        assert page.locator(".jp-OutputArea-output").count(), f"{notebook}: no output"
        site_page.assert_clean()


#: a Voici page whose every cell has run and shows (as tests/browser/conftest.py's RENDERED_JS)
RENDERED_JS = """() => {
  const spin = document.getElementById('loading'), cells = document.getElementById('rendered_cells');
  return !(spin && getComputedStyle(spin).display !== 'none') && !!cells && getComputedStyle(cells).display !== 'none'
    && document.querySelectorAll('.jp-OutputArea-output').length > 0
    && !document.querySelector("script[type='application/vnd.voila.cell-output+json']");
}"""


@pytest.mark.parametrize("notebook", walkthroughs())
def test_walkthrough_runs_in_the_browser_with_its_drawings(site_page, pages, notebook):
    """Every cell of the walkthrough runs in the visitor's browser (its asserts included: a
    failing one would show an error) and its drawings show, words and all."""
    page = site_page.open(pages["live"][notebook])
    page.wait_for_function(RENDERED_JS, timeout=START_TIMEOUT_MS)
    drawings = page.locator("svg[role=group][aria-label]")
    assert drawings.count() >= 3, f"{notebook}: drawings of the rules' examples"
    assert drawings.first.locator("title").count(), "the drawings carry their words"
    if ".zh-TW." in notebook:
        assert CJK.search((drawings.first.text_content() or "") + drawings.first.get_attribute("aria-label")), (
            "drawn in zh-TW"
        )
    fetched = [path for path, _, _ in site_page.requests()]
    assert not [p for p in fetched if re.search(r"/(plotly|pandas|numpy)[-_]", p)], "no chart packages"
    site_page.assert_clean()


@pytest.mark.parametrize("notebook", practice_pages())
def test_practice_page_judges_an_answer_and_keeps_the_progress_in_the_browser(site_page, pages, notebook):
    """A practice page deals an exercise on the drawn table; its first option clicked (and,
    for a set or an order, Check) is judged by the engine in the visitor's browser, right or
    not quite, and the progress is kept in the browser's storage (tests/browser/
    test_practice.py checks the answers themselves under make app)."""
    page = site_page.open(pages["live"][notebook], wait_for=TARGETS)
    page.wait_for_function("document.querySelector('.dn-score') !== null", timeout=60_000)
    key = f"daynight.practice.v1.{notebook.split('/')[0]}"
    for target in ("o0", "check"):  # widgets/practice.py: the first option, then Check for a set or an order
        if target == "check" and not page.locator("[data-target='check']").count():
            break
        answers = page.evaluate(ANSWERS_JS)
        page.locator(f"[data-target='{target}']").click()
        page.wait_for_function(f"() => ({ANSWERS_JS})() !== {answers!r}", timeout=60_000)
    assert page.get_attribute(".dn-table .dn-status", "data-kind") in {"ok", "error"}, page.evaluate(STATUS_JS)
    page.wait_for_function(f"() => (JSON.parse(localStorage.getItem({key!r}) || '{{}}').answered || 0) === 1")
    site_page.assert_clean()


PRELOAD_JS = """() => { const o = JSON.parse(document.getElementById('jupyter-config-data').textContent)
  .litePluginSettings['@jupyterlite/pyodide-kernel-extension:kernel'].loadPyodideOptions;
  return o.packages.filter(p => !(o.daynightLater || []).includes(p)); }"""


def test_python_starts_while_the_page_loads_without_a_service_worker(site_page, pages):
    """The page's script starts the kernel's worker, and Python with the page's packages,
    before the kernel asks for it; no service worker, and so no request for each file Python
    looks up (site/browser/page.js, boot.js)."""
    marks: list[str] = []
    # the page's console has its workers' messages too (the worker starts before a listener on it could)

    def console(message) -> None:
        if message.text.startswith("daynight-site "):
            marks.append(message.text.split(" ", 2)[-1])

    site_page.page.on("console", console)
    requests: list[str] = []
    site_page.page.on("request", lambda r: requests.append(r.url))
    page = site_page.open(pages["live"]["stars/play.ipynb"], wait_for=TARGETS)
    for _ in range(150):  # the first cell's end is marked once the kernel has answered it
        if any(m.startswith("cell ") for m in marks):
            break
        page.wait_for_timeout(200)
    steps = [m.split(" ")[0] for m in marks]
    for step in ("runtime", "helper", "kernel-import", "kernel-asks", "kernel-imported", "cell"):
        assert step in steps, f"the step {step!r} is marked: {steps}"
    assert steps.index("runtime") < steps.index("kernel-asks"), "Python started before the kernel asked for it"
    preload = site_page.page.evaluate(PRELOAD_JS)
    assert {"daynight", "ipywidgets", "anywidget"} <= set(preload), "the page's own packages come with Python"
    assert next(m for m in marks if m.startswith("runtime")) == f"runtime {len(preload)} packages"
    assert not [u for u in requests if "/api/drive" in u or "service-worker" in u], "no service worker"
    assert not site_page.page.evaluate("navigator.serviceWorker.controller"), "no service worker controls the page"
    site_page.assert_clean()


@pytest.mark.parametrize("notebook", app_notebooks())
def test_app_opens_and_plays_by_clicking(site_page, pages, notebook):
    page = site_page.open(pages["live"][notebook], wait_for=f"{CONTROL}, {TARGETS}")
    site_page.play_a_game()
    fetched = [path for path, _, _ in site_page.requests()]
    heavy = [p for p in fetched if re.search(r"/(plotly|pandas|numpy)[-_]", p)]
    assert not heavy, f"opening the app fetched chart packages: {heavy}"
    clicked = play_moves(page, 3, seed=notebook)
    assert len(clicked) == 3
    site_page.assert_clean()


def test_a_chart_in_an_app_brings_plotly_with_it(site_page, pages):
    """The Magic tracker's chart of the game: plotly comes with the first chart (not with the
    page) and is drawn without plotly's lab extension or a CDN. (The stars Hint writes under
    the cards now, without a chart.)"""
    page = site_page.open(pages["live"]["mtg/tracker.ipynb"], wait_for=TARGETS)
    site_page.play_a_game()
    before = page.evaluate(EPOCHS_JS)
    page.get_by_role("button", name=re.compile(r"^Next turn")).click(timeout=START_TIMEOUT_MS)
    page.wait_for_function(f"() => ({EPOCHS_JS})() !== {before!r}", timeout=60_000)
    page.get_by_text("Chart", exact=True).click(timeout=START_TIMEOUT_MS)  # open its section of the side column
    page.get_by_role("button", name="Chart of this game").click(timeout=START_TIMEOUT_MS)
    site_page.wait_for(".js-plotly-plot", timeout=120_000)
    fetched = [path for path, _, _ in site_page.requests()]
    assert any(re.search(r"/plotly-[\d.]+-py3-none-any\.whl$", p) for p in fetched), "plotly's wheel"
    assert not any("jupyterlab-plotly" in p for p in fetched)
    site_page.assert_clean()


@pytest.mark.skipif(
    not (NOTEBOOKS / "review.ipynb").exists(), reason="the review app (notebooks/review.ipynb) is not on main yet"
)
def test_review_app_opens_a_demo_game(site_page, pages):
    page = site_page.open(pages["live"]["review.ipynb"], wait_for=TABLE)
    assert page.locator(TARGETS).count(), "the demo game's table has targets"
    play_moves(page, 2, seed="review")
    site_page.assert_clean()


@pytest.mark.parametrize("notebook", translations("*/play.ipynb") + translations("*/tracker.ipynb"))
def test_a_translated_app_speaks_its_language_and_plays_by_clicking(site_page, pages, notebook):
    """A translated app (``play.zh-TW.ipynb``, none on a branch without one) runs in the browser
    with its language's words (the catalog in the site's wheel) and plays by clicking."""
    page = site_page.open(pages["live"][notebook], wait_for=TARGETS)
    page.wait_for_function(
        "() => { const n = document.querySelector('.dn-table .dn-note'); return n && !n.hidden; }",
        timeout=START_TIMEOUT_MS,
    )
    assert CJK.search(page.inner_text(".dn-table")), "the table's words are zh-TW"
    page.locator(".dn-table .dn-note [data-target$='-new']").click()  # the opening's "Play a game", in any language
    page.wait_for_function("document.querySelector('.dn-table .dn-note').hidden", timeout=60_000)
    assert len(play_moves(page, 3, seed=notebook)) == 3
    site_page.assert_clean()


def test_the_sites_wheel_carries_every_language_of_the_project(site_dir):
    """The project's wheel, as the site serves it, holds the compiled catalog (``.mo``) of
    every language under ``daynight/locale`` (the translated pages read it in the browser)."""
    pyodide = site_dir / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    with zipfile.ZipFile(pyodide / lock["packages"]["daynight"]["file_name"]) as wheel:
        names = set(wheel.namelist())
    languages = [p.name for p in (NOTEBOOKS.parent / "daynight" / "locale").iterdir() if p.is_dir()]
    assert languages, "no language besides English"
    for language in languages:
        assert f"daynight/locale/{language}/LC_MESSAGES/daynight.mo" in names, language


SPINNER_JS = """() => { const s = document.querySelector('#loading .spinner');
  return s ? [getComputedStyle(s).animationName, s.style.transform] : null; }"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_spinner_turns_in_steps_without_a_css_animation(site_browser, site_server, pages, motion):
    """While Python starts, a live page's spinner has no CSS animation (which would have the
    browser draw 60 frames a second): the page's script turns it twice a second, and not at all
    for a visitor who asks for less motion (site/browser/page.js)."""
    page = SitePage(site_browser, site_server, viewport={"width": 1280, "height": 1000}, reduced_motion=motion)
    try:
        tab = page.open(pages["live"]["stars/play.ipynb"], wait_for="#loading .spinner")
        seen = []
        for _ in range(30):  # 3 s of a start that takes longer
            state = tab.evaluate(SPINNER_JS)
            if state is None:  # the page is up already: what was seen must do
                break
            seen.append(state)
            tab.wait_for_timeout(100)
        assert len(seen) >= 10, f"the spinner was seen only {len(seen)} times"
        assert {name for name, _ in seen} == {"none"}, f"a CSS animation runs: {seen[:3]}"
        turns = {transform for _, transform in seen}
        if motion == "reduce":
            assert turns == {""}, f"the spinner turns for a visitor who asks for less motion: {sorted(turns)}"
        else:
            assert len(turns) >= 3, f"the spinner does not turn: {sorted(turns)}"
    finally:
        page.close()
