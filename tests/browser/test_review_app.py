"""The review app in Voila and the HTML export in Chromium.

* ``notebooks/review.ipynb``: open a record file, step with the buttons and with the keyboard,
  jump to a move number, open a broken record and a file that is too large, and download the
  review as one HTML file;
* the HTML export of every game's demo (and of the toy game) opened from ``file://`` with
  every other request refused, and stepped to its end by keys and buttons.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from daynight import GAMES
from daynight import draw as d
from daynight.core import MAX_RECORD_BYTES
from daynight.review import Review, write_html
from tests import review_support as support
from tests.browser.conftest import _need_browser
from tests.browser.test_accessibility import controls_of, unnamed
from tests.toygame import demo as toy_demo

#: a short record with turns: quick to step through
RECORD_GAME = "mtg"


def status(page) -> str:
    return page.inner_text(".dn-table .dn-status")


def epoch(page) -> str:
    return page.get_attribute(".dn-table", "data-epoch")


def after(page, old: str) -> None:
    """Wait until the table has drawn anew (its ``data-epoch`` is no longer ``old``)."""
    page.wait_for_function("old => document.querySelector('.dn-table').dataset.epoch !== old", arg=old)


def shows(page, selector: str, text: str) -> None:
    """Wait until ``selector`` shows ``text``: another widget than the table (the events beside
    it, the message above it) is a model of its own, updated in a message of its own, so the
    test waits on what the page shows, never on a drawing of the table."""
    page.wait_for_function(
        "([selector, text]) => [...document.querySelectorAll(selector)].some(e => e.innerText.includes(text))",
        arg=[selector, text],
    )


def keys_go_to_the_page(page) -> None:
    """Take the focus out of any text box (a key typed there is the box's, not the table's)."""
    page.locator("body").click(position={"x": 5, "y": 5})


def message(page) -> str:
    return page.inner_text(".dn-status-info, .dn-status-ok, .dn-status-error")


def upload(page, path) -> None:
    """Choose ``path`` in the app's file chooser (found by its accessible name)."""
    page.get_by_label("Open a record file").set_input_files(str(path))


def test_open_step_by_buttons_and_keys_open_broken_records_and_download(app, tmp_path):
    record = support.demo_record(RECORD_GAME)
    moves = len(record["moves"])
    good = tmp_path / "game.json"
    good.write_text(json.dumps(record), encoding="utf-8")
    page = app.open("review.ipynb", wait_for=".dn-table [data-target]")

    old = epoch(page)
    upload(page, good)
    after(page, old)
    shows(page, ".dn-status-ok", f"game.json: {moves} moves")
    assert status(page).startswith("The start, before the first move")

    # buttons
    for n in (1, 2):
        old = epoch(page)
        page.get_by_role("button", name="Next move").click()
        after(page, old)
        assert status(page).startswith(f"Move {n} of {moves}")
    old = epoch(page)
    page.get_by_role("button", name="Back one move").click()
    after(page, old)
    assert status(page).startswith(f"Move 1 of {moves}")
    review = Review(record)
    old = epoch(page)
    page.get_by_role("button", name="Next turn").click()
    after(page, old)
    assert status(page).startswith(f"Move {review.next_group(1)} of {moves}")

    # keys, with the focus anywhere on the page
    keys_go_to_the_page(page)
    for key, n in (
        ("End", moves),
        ("Home", 0),
        ("ArrowRight", 1),
        ("PageDown", review.next_group(1)),
        ("PageUp", review.previous_group(review.next_group(1))),
        ("ArrowLeft", 0),
    ):
        old = epoch(page)
        page.keyboard.press(key)
        after(page, old)
        where = "The start" if n == 0 else f"Move {n} of {moves}"
        assert status(page).startswith(where), (key, status(page))
    # the drawn table and the events of the step
    assert page.locator(".dn-table svg[role=group]").count() >= 1
    shows(page, ".dn-app-side", review.events(0)[0].text)

    # a move number
    box = page.get_by_label("Move number")
    old = epoch(page)
    box.fill("10")
    box.press("Enter")
    after(page, old)
    assert status(page).startswith(f"Move 10 of {moves}")
    shows(page, ".dn-app-side", review.events(10)[0].text)

    # a record with a refused move: the moves before it, and the engine's reason
    bad = json.loads(json.dumps(record))
    bad["moves"][5] = {"turn": "Nobody"}
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(bad), encoding="utf-8")
    old = epoch(page)
    upload(page, broken)
    after(page, old)
    shows(page, ".dn-status-error", "broken.json: the record stops after move 5")
    assert "$.moves[5]" in message(page)
    keys_go_to_the_page(page)
    old = epoch(page)
    page.keyboard.press("End")
    after(page, old)
    assert status(page).startswith("Move 5 of 5") and "the record stops here" in status(page)

    # not JSON: the reason, and the review that was open stays
    (tmp_path / "notes.json").write_text("this is not a record", encoding="utf-8")
    upload(page, tmp_path / "notes.json")
    shows(page, ".dn-status-error", "Cannot open notes.json")
    assert "not valid JSON" in message(page)
    assert status(page).startswith("Move 5 of 5")

    # a file larger than the bound: refused, unread, and the app still answers
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as fh:
        fh.truncate(3 * MAX_RECORD_BYTES)  # three times the bound: it must not even be sent
    upload(page, huge)
    shows(page, ".dn-status-error", "Cannot open huge.json")
    assert "not read" in message(page) and status(page).startswith("Move 5 of 5")
    old = epoch(page)
    page.get_by_role("button", name="Back one move").click()
    after(page, old)
    assert status(page).startswith("Move 4 of 5")

    # the download: one HTML file
    page.get_by_role("button", name="Make an HTML file to share").click()
    link = page.locator("a.dn-download")
    link.wait_for()
    with page.expect_download() as info:
        link.click()
    assert info.value.suggested_filename == "broken-review.html"
    text = Path(info.value.path()).read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "The record stops after move 5" in text

    # every control, the file chooser and the download link too, has a name the browser computes
    controls = controls_of(page)
    names = {c["name"] for c in controls}
    assert not unnamed(controls), unnamed(controls)[:3]
    assert {"Open a record file", "Seen by", "Move number", "Next move", "End"} <= names, names
    app.assert_clean()


# --------------------------------------------------------------------------- the HTML file

EXPORTS = ["toy"] + list(GAMES)


#: the words of the drawing shown, as daynight.draw.words reads them from the SVG text
WORDS_JS = """() => {
  const out = [];
  for (const el of [document.querySelector('#dn-drawing > svg'), ...document.querySelectorAll('#dn-drawing > svg *')]) {
    const label = el.getAttribute('aria-label');
    if (label) out.push(label);
    if (['text', 'title', 'desc', 'tspan'].includes(el.localName) && el.firstChild && el.firstChild.nodeType === 3)
      out.push(el.firstChild.data);
  }
  return out;
}"""


#: click Next until the end; for each step: its number, the drawing's name, how many named pieces
STEP_ALL_JS = """() => {
  const out = [], next = document.querySelector('[data-go=next]');
  while (document.body.dataset.step !== String(document.querySelectorAll('.dn-step').length - 1)) {
    next.click();
    const svg = document.querySelector('#dn-drawing > svg');
    out.push([Number(document.body.dataset.step), svg.getAttribute('aria-label'),
              svg.querySelectorAll('[role=img]').length]);
  }
  return out;
}"""


def _named(svg: str) -> tuple[str, int]:
    """The drawing's name and how many named pieces it has (``role="img"``)."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    return root.get("aria-label"), sum(1 for el in root.iter() if el.get("role") == "img")


@pytest.fixture(scope="module")
def offline(browser):
    """A browser context in which every request but a file:// one fails (and is counted)."""
    _need_browser()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    requests: list[str] = []

    def refuse(route):
        requests.append(route.request.url)
        route.abort()

    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else refuse(route))
    context.on("request", lambda r: None if r.url.startswith(("file:", "data:", "about:")) else requests.append(r.url))
    yield context, requests
    context.close()


@pytest.mark.parametrize("name", EXPORTS)
def test_the_html_file_opens_offline_and_steps_to_its_end(offline, tmp_path, name):
    if name != "toy" and name not in support.DRAWN:
        pytest.skip(f"the {name} drawing has not landed yet")
    context, requests = offline
    requests.clear()
    out = tmp_path / f"{name}.html"
    if name == "toy":
        review = write_html(toy_demo(3), out, draw=support.draw)
    else:
        review, text = support.demo_export(name)
        out.write_text(text, encoding="utf-8")
        assert not review.draw_errors
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(out.as_uri())
        page.wait_for_selector("body[data-ready='1']")
        step = lambda: int(page.get_attribute("body", "data-step"))  # noqa: E731
        assert step() == 0 and page.inner_text("#dn-where") == review.describe(0)
        # the first steps by the right arrow, with the words of each drawing
        svgs = support.decode(support.Page(out.read_text(encoding="utf-8")))
        for n in range(min(review.moves, 8) + 1):
            if n:
                page.keyboard.press("ArrowRight")
            assert step() == n
            assert page.evaluate(WORDS_JS) == d.words(svgs[n]), f"step {n} is drawn otherwise"
        # then every step to the end by the Next button, in the page (a big drawing takes a
        # while to paint; its script and its data are what is tested): each drawing's name and pieces
        seen = page.evaluate(STEP_ALL_JS)
        expected = [[n, *_named(svg)] for n, svg in enumerate(svgs)][min(review.moves, 8) + 1 :]
        assert seen == expected
        assert page.inner_text("#dn-where") == review.describe(review.moves)
        assert page.evaluate(WORDS_JS) == d.words(svgs[-1])
        page.keyboard.press("ArrowRight")
        assert step() == review.moves, "the end is the end"
        page.get_by_role("button", name="Start").click()
        assert step() == 0
        page.keyboard.press("End")
        page.get_by_role("button", name="Back one move").click()
        assert step() == review.moves - 1
        page.keyboard.press("PageUp")
        assert step() == review.previous_group(review.moves - 1)
        page.get_by_label("Move number").fill("2")
        page.get_by_role("button", name="Go").click()
        assert step() == 2
        assert page.inner_text("#dn-events") == "\n".join(f"{e.text} [{e.rule}]" for e in review.events(2))
        assert page.get_attribute("#dn-drawing > svg", "aria-label") == review.drawing(2).label
        page.locator("a[href='#move-1']").click()  # the page steps on its hashchange event, a task of its own
        # waited for by a selector: a predicate string waited for by polling is evaluated in the page, which the
        # file's CSP (no unsafe-eval) refuses whenever the first look finds the step not yet changed
        page.wait_for_selector("body[data-step='1']", state="attached")
    finally:
        page.close()
    assert not errors, errors[:3]
    assert not requests, f"the page asked for {requests[:3]}"
