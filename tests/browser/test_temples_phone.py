"""The temple duel on a phone held upright (issue 23), in Voila and Chromium with touch: the
narrow table at scale 1 (words of at least 11 px, targets and controls of at least 44 px,
nothing scrolling sideways), the decision of the moment on the first screen, a few moves
played by tapping, the phone turned to landscape and back with the game unchanged; at 390x844 and
360x740 the squares Day may travel to on the first screen, and a refused tap answered there (the
status line above the drawing; in the guided game, the note), its rule named and no state string.

With ``DAYNIGHT_SCREENSHOTS=1`` it also writes ``docs/temples-phone-390x844.png`` and
``docs/temples-phone-360x740.png``; ``make test`` writes nothing.
"""

from __future__ import annotations

import os
import re

import pytest

from tests.browser.conftest import ROOT, AppPage, answer_to, assert_phone_ready, phone_context, wait_note
from tests.browser.phone_support import assert_no_state, assert_on_first_screen, tap_refused

SLOW_MACHINE_MS = 90_000
NARROW = "document.querySelector('.dn-table').dataset.screen === 'narrow'"
#: what the table shows of the game: the labels of its squares and the kept record's moves
SHOWN_JS = """() => ({
  squares: [...document.querySelectorAll(".dn-drawing [data-key^='sq-']")].map((e) => e.getAttribute('aria-label')),
  moves: JSON.parse(localStorage.getItem('daynight.game.v1.temples') || 'null')?.record?.moves?.length,
})"""


def open_phone(context, voila, learn: bool = False) -> AppPage:
    page = context.new_page()
    page.set_default_timeout(SLOW_MACHINE_MS)
    app = AppPage(page, voila.url)
    app.open("temples/play.ipynb", wait_for=".dn-table [data-target]")
    page.wait_for_function(NARROW)
    wait_note(page, "Learn to play")
    if learn:
        page.get_by_role("button", name="Learn to play", exact=True).first.tap()
        wait_note(page, "Start")
        page.get_by_role("button", name="Start", exact=True).tap()
        wait_note(page, "Your move")
        return app
    page.get_by_role("button", name="Play a game").tap()
    page.wait_for_function("document.querySelector('.dn-table .dn-note').hidden")
    width = page.evaluate("document.querySelector('.dn-table').clientWidth")
    page.wait_for_function(f"document.querySelector('.dn-drawing svg').viewBox.baseVal.width === {width}")
    return app


def tap(page, name: str) -> None:
    """Tap the drawn piece called ``name`` and wait until the table has answered."""
    answer_to(page, page.get_by_role("button", name=name, exact=True).tap)


def test_the_duel_is_played_by_touch_on_a_phone(browser, voila):
    context = phone_context(browser, "390x844")
    try:
        app = open_phone(context, voila)
        page = app.page
        m = assert_phone_ready(page)
        height = page.viewport_size["height"]
        # the decision of the moment on the first screen: the squares to travel to, and the table's top
        assert page.locator("[data-key='sq-B1']").bounding_box()["y"] < height
        assert page.locator(".dn-table").bounding_box()["y"] < height / 2
        tap(page, "travel to B1, neutral-tile")
        tap(page, "travel to C1, neutral-tile")
        tap(page, "Retreat (end the turn)")  # with seven spells: two to discard
        for _ in range(2):
            answer_to(page, page.get_by_role("button", name=re.compile("^discard ")).first.tap)
        page.get_by_role("group", name=re.compile("as Day sees it: Turn 3: Day's turn")).wait_for()
        assert_phone_ready(page)
        shown = page.evaluate(SHOWN_JS)
        width = page.evaluate("document.querySelector('.dn-table').clientWidth")
        # turned to landscape: the wide arrangement; and back: the narrow one, the same game
        page.set_viewport_size({"width": height, "height": 390})
        page.wait_for_function("document.querySelector('.dn-table').dataset.screen === 'wide'")
        page.wait_for_function(f"document.querySelector('.dn-drawing svg').viewBox.baseVal.width !== {width}")
        page.set_viewport_size({"width": 390, "height": height})
        page.wait_for_function(f"document.querySelector('.dn-drawing svg').viewBox.baseVal.width === {width}")
        assert page.evaluate(SHOWN_JS) == shown, "the same game after turning the phone"
        assert_phone_ready(page)
        app.assert_clean()
        print(m)
    finally:
        context.close()


#: the squares bordering Day's A1: where Day may travel on the first move (the decision of the first screen)
TRAVEL = "[data-key='sq-A2'], [data-key='sq-B1']"


@pytest.mark.parametrize("size", ["390x844", "360x740"])
def test_the_first_screen_holds_the_travel_and_answers_a_refused_tap(browser, voila, size):
    context = phone_context(browser, size)
    try:
        app = open_phone(context, voila)
        page = app.page
        assert_on_first_screen(page, TRAVEL, "the squares Day may travel to")
        # E1 does not border on A1: the status line says why, on the first screen, its rule named
        text = tap_refused(page, page.locator("[data-key='sq-E1']"), "temples")
        assert "E1 does not border on A1" in text and "[rule: 2.1 Travelling]" in text, text
        assert_on_first_screen(page, TRAVEL, "the squares Day may travel to, after the refusal")
        app.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("size", ["390x844", "360x740"])
def test_a_refused_tap_in_the_guided_game_reaches_the_note(browser, voila, size):
    context = phone_context(browser, size)
    try:
        app = open_phone(context, voila, learn=True)
        page = app.page
        assert_on_first_screen(page, ".dn-table .dn-note", "the note")
        assert_on_first_screen(page, TRAVEL, "the squares Day may travel to, with the note")
        text = tap_refused(page, page.locator("[data-key='sq-E1']"), "temples", where=".dn-table .dn-note")
        assert "Not allowed: 2.1 Travelling" in text and "E1 does not border on A1" in text, text
        assert "Allowed now: " in text and "travel to B1" in text, text
        # said at once to a screen reader
        said = page.locator(".dn-table .dn-note-said")
        assert said.get_attribute("role") == "alert" and "E1 does not border on A1" in said.inner_text()
        assert_no_state(page, "temples")
        app.assert_clean()
    finally:
        context.close()


@pytest.mark.skipif(not os.environ.get("DAYNIGHT_SCREENSHOTS"), reason="writes docs/ screenshots on request only")
@pytest.mark.parametrize("size", ["390x844", "360x740"])
def test_screenshots_of_the_phone(browser, voila, size):
    context = phone_context(browser, size)
    try:
        page = open_phone(context, voila).page
        page.screenshot(path=str(ROOT / "docs" / f"temples-phone-{size}.png"))
    finally:
        context.close()
