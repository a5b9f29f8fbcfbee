"""The temple duel's guided first game (issue 19) in Voila and Chromium: started from the
landing page's link (``play.ipynb#learn``), completed by doing only what its notes say (the
control a note names in “quotes”, else its primary button), partly from the keyboard (a note
that pauses the game has the focus: Enter presses its button; a drawn piece is reached with
Tab and chosen with Enter), each rule's note seen once, the end kept in the browser.

With ``DAYNIGHT_SCREENSHOTS=1`` a second test writes ``docs/temples-guide-first-<size>.png``
(the goal) and ``docs/temples-guide-rule-<size>.png`` (a rule's note, its marks on the table)
at 1280x800, 768x1024 and 390x844; ``make test`` writes nothing.
"""

from __future__ import annotations

import os
import re

import pytest
from daynight.widgets.temples_guide import LESSONS

from tests.browser.conftest import ROOT, AppPage, keyboard_choose, phone_context, wait_note

NOTE = ".dn-table .dn-note"
SLOW_MACHINE_MS = 90_000
GOAL_WORDS = "You play Day, against Night"
END_WORDS = "You have played your first game"
IN_TABLE_JS = "() => !!document.activeElement?.closest('.dn-table [data-target]')"


def open_learning(context, voila) -> AppPage:
    page = context.new_page()
    page.set_default_timeout(SLOW_MACHINE_MS)
    app = AppPage(page, voila.url)
    app.open("temples/play.ipynb#learn", wait_for=".dn-table [data-target]")
    wait_note(page, GOAL_WORDS)
    return app


def next_note(page, number: str | None) -> None:
    page.wait_for_function(
        "n => { const e = document.querySelector('.dn-table .dn-note'); return !e.hidden && e.dataset.note !== n; }",
        arg=number,
    )


def follow(page, end: str, limit: int = 200) -> tuple[list[str], int]:
    """Do only what the notes say until a note holds ``end``: a pausing note (it must have the
    focus) by Enter on its focused button; a control named in “quotes” by the keyboard when the
    focus is on the table, else by a click. The headings of the pausing notes, and how many
    steps were taken by the keyboard."""
    seen: list[str] = []
    keys = 0
    for _ in range(limit):
        text = page.inner_text(NOTE)
        if end in text:
            return seen, keys
        number = page.get_attribute(NOTE, "data-note")
        quoted = re.findall(r"“([^”]+)”", page.inner_text(f"{NOTE} .dn-note-text"))
        if page.get_attribute(NOTE, "role") == "alertdialog":
            page.wait_for_function(f"document.querySelector('{NOTE}').contains(document.activeElement)")
            seen.append(page.inner_text(f"{NOTE} .dn-note-heading"))
            assert not quoted, text
            page.keyboard.press("Enter")  # the focus is on the note's primary button
            keys += 1
        else:
            control = page.get_by_role("button", name=quoted[0], exact=True)
            target = control.get_attribute("data-target")
            if target and page.evaluate(IN_TABLE_JS):
                keyboard_choose(page, target)
                keys += 1
            else:
                control.click()
        next_note(page, number)
    raise AssertionError(f"the guided game did not reach {end!r}: {seen}")


def test_the_guided_game_is_completed_by_following_its_notes(browser, voila):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        app = open_learning(context, voila)
        page = app.page
        seen, keys = follow(page, END_WORDS)
        assert seen[0] == "Learn to play Day & Night, the temple duel"
        rules = [h for h in seen if h in {x.heading for x in LESSONS}]
        assert sorted(rules) == sorted(x.heading for x in LESSONS), seen
        assert keys >= len(LESSONS), f"the keyboard took {keys} steps"
        summary = page.inner_text(NOTE)
        assert all(f"Met: {x.heading}." in summary for x in LESSONS), summary
        kept = page.evaluate("() => JSON.parse(localStorage.getItem('daynight.guide.v1.temples'))")
        assert kept["finished"] and sorted(kept["shown"]) == sorted(x.name for x in LESSONS)
        app.assert_clean()
    finally:
        context.close()


SIZES = {"1280x800": (1280, 800), "768x1024": (768, 1024), "390x844": (390, 844)}


@pytest.mark.skipif(not os.environ.get("DAYNIGHT_SCREENSHOTS"), reason="writes docs/ screenshots on request only")
@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots_of_the_guided_game(browser, voila, size):
    w, h = SIZES[size]
    context = phone_context(browser, size) if w < 600 else browser.new_context(viewport={"width": w, "height": h})
    try:
        page = open_learning(context, voila).page
        page.screenshot(path=str(ROOT / "docs" / f"temples-guide-first-{size}.png"))
        follow(page, "A crystallized tile")
        page.locator(NOTE).scroll_into_view_if_needed()
        page.screenshot(path=str(ROOT / "docs" / f"temples-guide-rule-{size}.png"))
    finally:
        context.close()
