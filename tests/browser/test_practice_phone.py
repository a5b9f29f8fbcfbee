"""The exercises on a phone held upright (issue 23), in Voila and Chromium at 390x844 with touch:
on each game's practice page the exercise is drawn for the table's width (the narrow drawing at
scale 1), every word at least 11 px and every target and control at least 44 px, nothing
scrolling sideways; an exercise answered by tapping on the drawing until one answer is judged
wrong and one right; the feedback (the rule's words) and the status line right under the table,
before the score and the dashboard; turned to landscape and back, the same question. A
walkthrough's "Try it" table (stars) likewise.

The pages deal from fresh seeds, so the test does not know the answer: it practises one kind of
choice whose options are drawn pieces and taps them in turn, reading the verdict, until it has
seen a wrong one and a right one (after a right one, Another deals a new position).

``DAYNIGHT_SCREENSHOTS=1`` also writes ``docs/practice-phone-<game>-390x844.png`` (``make
test`` writes nothing)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import (
    RENDERED_JS,
    ROOT,
    AppPage,
    answer_to,
    assert_phone_ready,
    close_context,
    phone_context,
)

#: a kind of choice per game whose options are pieces of the drawing, and words of its question
KINDS = {
    "stars": ("Day or night as a round begins", "Which side of the time card is up now?"),
    "sunmoon": ("Who moves next? (animal cards)", "Who moves next?"),
    # the kind asks "Who plays first?" of a new game's position, "Who plays next?" of the others
    "temples": ("Who plays next?", "Who plays "),
    "mtg": ("Day or night after this turn", "after that turn's untap step?"),
}
TABLE = ".dn-practice .dn-table"
#: the stars walkthrough's Try it table of "Day or night as a round begins"
TRY_IT = ".dn-try-round-begins"
#: the walkthrough's render under load (tests/browser/test_practice_stars.py says why)
SLOW_PAGE_MS = 300_000
#: the practice page has asked a question holding ``q`` (the status line says how to answer it)
ASKED_JS = """q => { const s = document.querySelector('.dn-practice .dn-table .dn-status').innerText;
  const h = document.querySelector('.dn-practice .dn-question');
  return !!h && h.innerText.includes(q) && s.startsWith('Click'); }"""
#: the table's drawing is drawn for the table's width, at scale 1 (``t``: the table element)
FITS_JS = """t => { const svg = t.querySelector('.dn-drawing svg'); return t.dataset.screen === 'narrow' && !!svg
  && Math.abs(svg.viewBox.baseVal.width - t.clientWidth) < 1.5
  && Math.abs(svg.getBoundingClientRect().width - svg.viewBox.baseVal.width) < 1.5; }"""
#: how wide the table is, its drawing is made for and is shown
SIZES_JS = """t => { const svg = t.querySelector('.dn-drawing svg');
  return {screen: t.dataset.screen, table: t.clientWidth, viewBox: svg && svg.viewBox.baseVal.width,
          shown: svg && svg.getBoundingClientRect().width}; }"""
#: where the parts of the page are, top and bottom, in CSS pixels from the top of the page
PLACES_JS = """t => { const at = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return {top: r.top + scrollY, bottom: r.bottom + scrollY, height: r.height}; };
  const page = t.closest('.dn-practice');
  return {drawing: at(t.querySelector('.dn-drawing')), status: at(t.querySelector('.dn-status')),
          table: at(t), feedback: at(page.querySelector('.dn-practice-feedback-box')),
          score: at(page.querySelector('.dn-practice-score-line')),
          dashboard: at(page.querySelector('.dn-practice-dashboard-box')), viewport: innerHeight}; }"""


def open_phone(context, voila, notebook: str) -> tuple[AppPage, Any]:
    page = context.new_page()
    page.set_default_timeout(90_000)
    app = AppPage(page, voila.url)
    app.open(notebook, wait_for=".dn-table [data-target]")
    return app, page


def practise_only(page, title: str, words: str) -> None:
    """Untick every kind but ``title`` (by tapping); the page deals an exercise of that kind."""
    boxes = page.locator(".dn-practice-rules input[type='checkbox']")
    for i in range(boxes.count()):
        box = boxes.nth(i)
        name = box.evaluate("b => b.closest('.widget-checkbox').innerText.trim()")
        if name != title and box.is_checked():
            box.tap()
            page.wait_for_timeout(150)
    page.wait_for_function(ASKED_JS, arg=words)


def fits(page, table, timeout: float = 90_000) -> None:
    """Wait until ``table`` shows the drawing made for its width, at scale 1 (the kernel redraws
    when the table says it is narrow); fail saying how wide it is drawn and shown."""
    try:
        page.wait_for_function(FITS_JS, arg=table, timeout=timeout)
    except PlaywrightTimeout:
        seen = table.evaluate(SIZES_JS)
        raise AssertionError(f"the exercise is not drawn for the narrow table at scale 1: {seen}") from None


def tap_and_wait(page, table, target) -> str:
    """Tap ``target`` of ``table`` and wait for the kernel's answer; the status line then."""
    answer_to(page, target.tap, table)
    fits(page, table)
    return table.query_selector(".dn-status").inner_text()


def answer_by_tapping(page, table, after_right) -> dict[str, int]:
    """Tap the drawn options in turn until an answer was judged right and then one wrong (the
    page is left showing a wrong answer's feedback); after a right one, ``after_right()`` (the
    page's Another) deals the next question. How many of each were seen."""
    seen, tried = {"wrong": 0, "right": 0}, 0
    for _ in range(20):
        # a locator, found again when tapped: a drawing made again for a settling width (a scrollbar that
        # came with the feedback) replaces the elements, and a click on it is still acted on
        options = page.locator(f"{TABLE} .dn-drawing [data-target]")
        count = options.count()
        assert count, "the options are drawn on the narrow table"
        said = tap_and_wait(page, table, options.nth(tried % count))
        if said.startswith("Right"):
            seen["right"] += 1
            assert table.query_selector_all(".dn-marks .dn-mark"), "the reason is marked on the narrow drawing"
            after_right()
            tried = 0
            continue
        assert said.startswith("Not quite"), said
        assert table.get_attribute("data-screen") == "narrow"
        seen["wrong"] += 1
        tried += 1
        if seen["right"]:
            return seen
    raise AssertionError(f"no right and then wrong answer in 20 taps: {seen}")


def turn_and_back(page, table, question) -> None:
    """Turn the phone to landscape (the wide drawing) and upright again: the same question."""
    asked, before = question(), table.get_attribute("data-epoch")
    narrow = table.evaluate("t => t.querySelector('.dn-drawing svg').outerHTML")
    w, h = page.viewport_size["width"], page.viewport_size["height"]
    page.set_viewport_size({"width": h, "height": w})
    page.wait_for_function("([t, b]) => t.dataset.screen === 'wide' && t.dataset.epoch !== b", arg=[table, before])
    assert table.evaluate("t => t.querySelector('.dn-drawing svg').outerHTML") != narrow, "turned: the wide drawing"
    assert question() == asked, "turned: the same question"
    page.set_viewport_size({"width": w, "height": h})
    fits(page, table)
    assert question() == asked, "upright again: the same question"


@pytest.mark.parametrize("game", list(KINDS))
def test_the_practice_page_is_answered_by_touch_on_a_phone_and_turned(browser, voila, game):
    context = phone_context(browser, "390x844")
    try:
        app, page = open_phone(context, voila, f"{game}/practice.ipynb")
        table = page.query_selector(TABLE)
        title, words = KINDS[game]
        practise_only(page, title, words)
        fits(page, table)
        assert_phone_ready(page)
        # no answer yet: the feedback box is empty and takes no room between the table and the score
        empty = table.evaluate(PLACES_JS)
        assert not empty["feedback"]["height"], f"an empty feedback box takes room: {empty}"
        assert empty["score"]["top"] - empty["table"]["bottom"] < 20, f"a gap under the table: {empty}"
        seen = answer_by_tapping(page, table, lambda: tap_and_wait(page, table, page.get_by_role("button",
                                                                    name="Another", exact=True)))  # fmt: skip
        assert seen["wrong"] and seen["right"]
        assert_phone_ready(page)
        # a wrong answer: the status line and the rule's words right under the table, before the dashboard
        places = table.evaluate(PLACES_JS)
        assert places["status"]["top"] - places["drawing"]["bottom"] < 120, places  # the buttons between them
        assert 0 <= places["feedback"]["top"] - places["table"]["bottom"] < 40 and places["feedback"]["height"], places
        assert places["feedback"]["bottom"] <= places["score"]["top"] <= places["dashboard"]["top"], places
        question = lambda: page.inner_text(".dn-practice .dn-question")  # noqa: E731
        turn_and_back(page, table, question)
        assert_phone_ready(page)
        app.assert_clean()
    finally:
        close_context(context)


def test_on_a_tablet_held_upright_the_rules_words_follow_the_table(browser, voila):
    """At 768x1024 the page is one column (under common.css's 900 px) as on a phone: a wrong answer's
    feedback, the rule's words, comes right under the table, before the score and the dashboard (it
    came after the whole dashboard, some 1,600 px down)."""
    context = browser.new_context(viewport={"width": 768, "height": 1024}, has_touch=True)  # a tablet: touch
    try:
        app, page = open_phone(context, voila, "stars/practice.ipynb")
        table = page.query_selector(TABLE)
        title, words = KINDS["stars"]
        practise_only(page, title, words)
        for i in range(12):
            # found again each time: a right answer's Another deals a new position
            options = page.locator(f"{TABLE} .dn-drawing [data-target]")
            answer_to(page, options.nth(i % options.count()).click, table)
            said = table.query_selector(".dn-status").inner_text()
            if said.startswith("Not quite"):
                break
            if said.startswith("Right"):
                answer_to(page, page.get_by_role("button", name="Another", exact=True).click, table)
        else:
            pytest.fail("no option was judged wrong")
        places = table.evaluate(PLACES_JS)
        assert 0 <= places["feedback"]["top"] - places["table"]["bottom"] < 40 and places["feedback"]["height"], places
        assert places["feedback"]["bottom"] <= places["score"]["top"] <= places["dashboard"]["top"], places
        app.assert_clean()
    finally:
        close_context(context)


def test_a_walkthrough_try_it_is_answered_by_touch_on_a_phone_and_turned(browser, voila):
    context = phone_context(browser, "390x844")
    try:
        page = context.new_page()
        page.set_default_timeout(90_000)
        app = AppPage(page, voila.url)
        # the walkthrough runs every rule's example and draws its Try it tables before Voila shows it
        page.goto(f"{voila.url}/voila/render/stars/rules.ipynb", timeout=SLOW_PAGE_MS)
        page.wait_for_selector(f"{TRY_IT} .dn-table [data-target]", timeout=SLOW_PAGE_MS)
        page.wait_for_function(RENDERED_JS, timeout=SLOW_PAGE_MS)
        words = "Which side of the time card is up now?"
        table = page.query_selector(f"{TRY_IT} .dn-table")
        assert words in table.query_selector(".dn-status").inner_text()
        table.scroll_into_view_if_needed()
        fits(page, table)
        svg = table.query_selector(".dn-drawing svg")
        sizes = svg.evaluate("s => [...s.querySelectorAll('text')].map(t => parseFloat(getComputedStyle(t).fontSize))")
        assert min(sizes) >= 11, sorted(sizes)[:5]
        sides = [t.bounding_box() for t in table.query_selector_all("[data-target]")]
        assert min(min(b["width"], b["height"]) for b in sides if b) >= 44 - 0.5, sides
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 1

        def another() -> str:  # a Try it cell's Another: a new position, its question in the status line
            said = tap_and_wait(page, table, table.query_selector("[data-target='another']"))
            assert words in said, said
            return said

        assert answer_by_tapping(page, table, another)
        # the question is in a Try it cell's status line until it is answered
        turn_and_back(page, table, lambda: table.query_selector(".dn-status").inner_text())
        app.assert_clean()
    finally:
        close_context(context)


@pytest.mark.skipif(not os.environ.get("DAYNIGHT_SCREENSHOTS"), reason="writes docs/ screenshots on request only")
@pytest.mark.parametrize("game", list(KINDS))
def test_screenshots_of_the_practice_page_on_a_phone(browser, voila, game):
    context = phone_context(browser, "390x844")
    try:
        _app, page = open_phone(context, voila, f"{game}/practice.ipynb")
        table = page.query_selector(TABLE)
        title, words = KINDS[game]
        practise_only(page, title, words)
        fits(page, table)
        page.wait_for_selector("#dn-busy", state="detached")
        page.evaluate("document.querySelector('.dn-practice .dn-question').scrollIntoView({block: 'start'})")
        page.screenshot(path=str(ROOT / "docs" / f"practice-phone-{game}-390x844.png"))
    finally:
        close_context(context)
