"""Sonne und Mond's app on a phone held upright (issue 23), in headless Chromium with touch: the
table drawn for the phone's width at scale 1 (``daynight/sunmoon/draw_narrow.py``), every word
at least 11 px and every target and control at least 44 px, nothing scrolling sideways, a few
moves played by tapping, and the phone turned to landscape and back without losing the game.

Screenshots for ``docs/`` are taken only when ``DAYNIGHT_SCREENSHOTS=1``::

    DAYNIGHT_SCREENSHOTS=1 .venv/bin/python -m pytest tests/browser/test_sunmoon_phone.py
"""

from __future__ import annotations

import os

import pytest

from tests.browser.conftest import ROOT, AppPage, assert_phone_ready, phone_context, wait_note
from tests.browser.phone_support import assert_on_first_screen, tap_refused

APP = "sunmoon/play.ipynb"
KEPT_JS = "() => JSON.parse(localStorage.getItem('daynight.game.v1.sunmoon') || 'null')?.record?.moves?.length || 0"


def open_phone(browser, voila, size: str):
    context = phone_context(browser, size)
    page = context.new_page()
    page.set_default_timeout(120_000)  # a slow, shared machine
    app = AppPage(page, voila.url)
    app.open(APP, wait_for=".dn-table [data-target]")
    page.wait_for_function("document.querySelector('.dn-table').dataset.screen === 'narrow'")
    wait_note(page, "Learn to play")
    page.get_by_role("button", name="Play a game").tap()
    page.wait_for_function("document.querySelector('.dn-table .dn-note').hidden")
    # the bar's menus are folded behind "Game settings" on a phone: a game for two players
    assert not page.get_by_role("combobox", name="Players", exact=True).is_visible()
    page.get_by_role("button", name="Game settings").tap()
    page.get_by_role("combobox", name="Players", exact=True).select_option(label="2 players")
    page.get_by_role("button", name="New game").tap()
    page.wait_for_function("document.querySelector('.dn-table .dn-status').innerText.startsWith('New game')")
    page.get_by_role("button", name="Hide the settings").tap()
    page.wait_for_function("!document.querySelector('.dn-table .dn-drawing').innerText.includes('Bo')")
    width = page.evaluate("document.querySelector('.dn-table').clientWidth")
    page.wait_for_function(f"document.querySelector('.dn-drawing svg').viewBox.baseVal.width === {width}")
    return context, app, width


def tap_a_move(page) -> None:
    """Tap a card of the hand that fits somewhere, then a place marked "fits"; wait for the bots."""
    before = page.evaluate(KEPT_JS)
    page.locator("[data-key^='hand-'][data-target]:not(.sm-dim)").first.tap()
    page.wait_for_selector("g.sm-fits[data-target]")
    epoch = page.get_attribute(".dn-table", "data-epoch")
    page.locator("g.sm-fits[data-target]").first.tap()
    page.wait_for_function(f"({KEPT_JS})() > {before}")
    # the bots have moved: a drawing after the tap that gives you the turn again (or the end)
    page.wait_for_function(
        """e => { const t = document.querySelector('.dn-table');
          return t.dataset.epoch !== e && (t.querySelector('.dn-drawing').textContent.includes('It is your turn')
            || /^Game over/.test(t.querySelector('.dn-status').innerText)); }""",
        arg=epoch,
    )


def test_a_phone_plays_by_touch_with_words_and_targets_large_enough(browser, voila):
    context, app, width = open_phone(browser, voila, "390x844")
    try:
        page = app.page
        m = assert_phone_ready(page)
        # the decision on the first screen: the cards of your hand (the page as it opened, unscrolled)
        page.evaluate("window.scrollTo(0, 0)")
        hand = page.locator("[data-key='hand-0']").bounding_box()
        assert hand["y"] + hand["height"] <= 844, hand
        for _ in range(2):
            tap_a_move(page)
        assert_phone_ready(page)
        moves = page.evaluate(KEPT_JS)
        # turned to landscape: the wide arrangement; and back: the narrow one, the same game
        page.set_viewport_size({"width": 844, "height": 390})
        page.wait_for_function("document.querySelector('.dn-table').dataset.screen === 'wide'")
        page.wait_for_function(f"document.querySelector('.dn-drawing svg').viewBox.baseVal.width !== {width}")
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_function(f"document.querySelector('.dn-drawing svg').viewBox.baseVal.width === {width}")
        assert page.evaluate(KEPT_JS) == moves
        assert_phone_ready(page)
        app.assert_clean()
        print(m["words"][:2], m["targets"][:2])
    finally:
        context.close()


TOP_JS = "() => { for (const e of [document.scrollingElement, document.querySelector('#rendered_cells')]) if (e) e.scrollTop = 0; }"


@pytest.mark.parametrize("size", ["390x844", "360x740"])
def test_the_first_screen_holds_your_hand_and_answers_a_refused_tap(browser, voila, size):
    context, app, _width = open_phone(browser, voila, size)
    try:
        page = app.page
        page.evaluate(TOP_JS)  # the page as it opened, unscrolled
        assert_on_first_screen(page, "[data-key^='hand-'][data-target]", "your hand")
        # nothing to harvest yet: the status line says why, in sight, its rule named
        text = tap_refused(page, page.get_by_role("button", name="Harvest my sun row"), "sunmoon")
        assert "rule: harvest" in text, text
        app.assert_clean()
    finally:
        context.close()


@pytest.mark.skipif(os.environ.get("DAYNIGHT_SCREENSHOTS") != "1", reason="writes docs/ only when asked")
@pytest.mark.parametrize("size", ["390x844", "360x740"])
def test_screenshots_on_a_phone(browser, voila, size):
    context, app, _width = open_phone(browser, voila, size)
    try:
        page = app.page
        tap_a_move(page)
        page.locator("[data-key^='hand-'][data-target]:not(.sm-dim)").first.tap()
        page.wait_for_selector("g.sm-fits[data-target]")
        page.locator(".dn-table").scroll_into_view_if_needed()
        page.wait_for_timeout(600)
        page.screenshot(path=str(ROOT / "docs" / f"sunmoon-phone-{size}.png"))
    finally:
        context.close()
