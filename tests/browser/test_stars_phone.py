"""The stars app on a phone held upright (issue 23), in Voila and Chromium at 390x844 with
touch: the narrow table at scale 1 with words of at least 11 px and targets and controls of at
least 44 px, nothing scrolling sideways, your hand (the decision) on the first screen; a few
moves played by tapping; turned to landscape and back, the same game. At 390x844 and 360x740 with
3, 4 and 5 players, your whole hand (the decision of the first screen) inside the viewport, and
a refused tap (Hint after a round is over) answered by the status line in sight, its rule named,
no state string shown.

``DAYNIGHT_SCREENSHOTS=1`` also writes ``docs/stars-phone-390x844.png`` and
``docs/stars-phone-360x740.png`` (``make test`` writes nothing)."""

from __future__ import annotations

import json
import os
import re

import pytest

from tests.browser.conftest import ROOT, AppPage, answer_to, assert_phone_ready, phone_context, wait_note
from tests.browser.phone_support import assert_on_first_screen, tap_refused

APP = "stars/play.ipynb"
READY = ".dn-table [data-target]"
RECORD_JS = "() => JSON.parse(localStorage.getItem('daynight.game.v1.stars') || 'null')?.record"
WIDTH_JS = "w => document.querySelector('.dn-drawing svg').viewBox.baseVal.width === w"


def open_phone(context, voila):
    page = context.new_page()
    page.set_default_timeout(120_000)  # a slow, shared machine
    app = AppPage(page, voila.url)
    app.open(APP, wait_for=READY)
    page.wait_for_function("document.querySelector('.dn-table').dataset.screen === 'narrow'")
    wait_note(page, "Learn to play")
    page.get_by_role("button", name="Play a game").tap()
    page.wait_for_function("document.querySelector('.dn-table .dn-note').hidden")
    width = page.evaluate("document.querySelector('.dn-table').clientWidth")
    page.wait_for_function(WIDTH_JS, arg=width)
    return app, page, width


def tap_a_card(page) -> None:
    """Tap the first card of your hand (or Next round, after a round) and wait for the answer."""
    nxt = page.get_by_role("button", name="Next round", exact=True)
    answer_to(page, (nxt if nxt.count() else page.locator("[data-key^='hand-'][data-target]").first).tap)


def test_the_table_is_played_by_touch_on_a_phone_and_turned(browser, voila):
    context = phone_context(browser, "390x844")
    try:
        app, page, width = open_phone(context, voila)
        first = assert_phone_ready(page)
        # the decision and its controls on the first screen: the cards of your hand
        hand = page.locator("[data-key^='hand-'][data-target]").first.bounding_box()
        assert hand and hand["y"] < page.viewport_size["height"], hand
        for _ in range(3):
            tap_a_card(page)
        page.wait_for_function(f"({RECORD_JS})() !== null")
        kept = page.evaluate(RECORD_JS)
        w, h = page.viewport_size["width"], page.viewport_size["height"]
        page.set_viewport_size({"width": h, "height": w})
        page.wait_for_function("document.querySelector('.dn-table').dataset.screen === 'wide'")
        page.wait_for_function(f"document.querySelector('.dn-drawing svg').viewBox.baseVal.width !== {width}")
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_function(WIDTH_JS, arg=width)
        assert page.evaluate(RECORD_JS) == kept, "the same game"
        assert_phone_ready(page)
        tap_a_card(page)  # and it goes on
        assert_phone_ready(page)
        app.assert_clean()
        print(json.dumps(first))
    finally:
        context.close()


HAND = "[data-key^='hand-'][data-target]"
TOP_JS = "() => { for (const e of [document.scrollingElement, document.querySelector('#rendered_cells')]) if (e) e.scrollTop = 0; }"


def answered(page, target) -> None:
    """Tap ``target`` and wait until the table has answered (a drawing, or a status line)."""
    answer_to(page, target.tap)


def new_game(page, players: int) -> None:
    """A new game for ``players`` from the bar's menu."""
    page.get_by_role("combobox", name="Players", exact=True).select_option(label=f"{players} players")
    epoch = page.get_attribute(".dn-table", "data-epoch")
    page.get_by_role("button", name="New game", exact=True).tap()
    page.wait_for_function("e => document.querySelector('.dn-table').dataset.epoch !== e", arg=epoch)
    page.wait_for_function(
        "n => document.querySelector('.dn-table .dn-status').innerText.includes(`${n} players`)", arg=players
    )
    page.evaluate(TOP_JS)  # back to the top of the page, as it opened


@pytest.mark.parametrize("size", ["390x844", "360x740"])
def test_your_hand_is_on_the_first_screen_with_3_to_5_players_and_a_refusal_is_in_sight(browser, voila, size):
    context = phone_context(browser, size)
    try:
        app, page, _width = open_phone(context, voila)
        for players in (5, 3, 4):
            new_game(page, players)
            assert_on_first_screen(page, HAND, f"your hand, {players} players")
        for _ in range(12):  # play until a round is over: a card of your hand, or one to take
            if page.get_by_role("button", name="Next round", exact=True).count():
                break
            take = page.locator("[data-key^='card-'][data-target]")
            answered(page, take.first if take.count() else page.locator(HAND).first)
        hint = page.get_by_role("button", name=re.compile(r"^Hint"))
        text = tap_refused(page, hint, "stars")
        assert "Not allowed: the round is over" in text, text
        app.assert_clean()
    finally:
        context.close()


@pytest.mark.skipif(not os.environ.get("DAYNIGHT_SCREENSHOTS"), reason="writes docs/ screenshots on request only")
@pytest.mark.parametrize("size", ["390x844", "360x740"])
def test_screenshots_of_the_phone_table(browser, voila, size):
    context = phone_context(browser, size)
    try:
        _app, page, _width = open_phone(context, voila)
        page.wait_for_selector("#dn-busy", state="detached")
        page.evaluate("document.querySelector('.dn-table').scrollIntoView({block: 'start'})")
        page.screenshot(path=str(ROOT / "docs" / f"stars-phone-{size}.png"))
    finally:
        context.close()
