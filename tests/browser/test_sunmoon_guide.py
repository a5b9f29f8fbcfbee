"""Sonne und Mond's guided first game (issue 19) in the Voila app, in headless Chromium: started
from the landing page's link (``play.ipynb#learn``) and completed by doing only what the notes
say (the first moves by keyboard alone), each rule's note taking the focus.

Screenshots for ``docs/`` (the first note and a rule's note at three sizes) are taken only when
``DAYNIGHT_SCREENSHOTS=1`` (``make test`` writes no file)::

    DAYNIGHT_SCREENSHOTS=1 .venv/bin/python -m pytest tests/browser/test_sunmoon_guide.py -k screenshots
"""

from __future__ import annotations

import os
import re

import pytest

from tests.browser.conftest import ROOT, AppPage, follow_the_notes, wait_note

APP = "sunmoon/play.ipynb"
NOTE = ".dn-table .dn-note"
GOAL = "Lay sun and moon cards in rows"
END = "You have played your first game"
LESSONS = ("Starting a row", "An eclipse", "Restoring an eclipsed place", "A harvest and its points")


def next_note(page, number: str | None) -> None:
    page.wait_for_function(
        "n => { const e = document.querySelector('.dn-table .dn-note'); return !e.hidden && e.dataset.note !== n; }",
        arg=number,
    )


def by_keyboard(page, notes: int) -> list[str]:
    """Follow ``notes`` notes with the keyboard alone: a pausing note has the focus, Enter presses
    its button; the control a note quotes is reached with Tab and pressed with Enter."""
    seen = []
    for _ in range(notes):
        number = page.get_attribute(NOTE, "data-note")
        quoted = re.findall(r"“([^”]+)”", page.inner_text(f"{NOTE} .dn-note-text"))
        if page.get_attribute(NOTE, "role") == "alertdialog":
            page.wait_for_function(f"document.querySelector('{NOTE}').contains(document.activeElement)")
            seen.append(page.inner_text(f"{NOTE} .dn-note-heading"))
        if quoted:
            target = page.get_by_role("button", name=quoted[0], exact=True)
            for _tab in range(80):  # Tab until the control the note names has the focus
                if target.evaluate("el => el === document.activeElement"):
                    break
                page.keyboard.press("Tab")
            else:
                raise AssertionError(f"Tab never reached {quoted[0]!r}")
        else:
            page.locator(f"{NOTE} button.dn-primary").focus()
        page.keyboard.press("Enter")
        next_note(page, number)
    return seen


def test_the_guided_game_is_completed_by_following_its_notes(app):
    page = app.open(APP + "#learn", wait_for=".dn-table [data-target]")
    wait_note(page, GOAL)
    assert "shorter than a full game" in page.inner_text(NOTE)
    seen = by_keyboard(page, 6)
    seen += follow_the_notes(page, END)
    assert seen[0].startswith("Learn to play Sonne und Mond")
    for lesson in LESSONS:
        assert seen.count(lesson) == 1, (lesson, seen)
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('daynight.guide.v1.sunmoon'))")
    assert kept["finished"] and {"start", "eclipse", "restore", "harvest"} <= set(kept["shown"])
    assert "Game over" in page.inner_text(".dn-table .dn-status") or "scored" in page.inner_text(".dn-log")
    app.assert_clean()


SIZES = {"1280x800": (1280, 800), "768x1024": (768, 1024), "390x844": (390, 844)}


@pytest.mark.skipif(os.environ.get("DAYNIGHT_SCREENSHOTS") != "1", reason="writes docs/ only when asked")
@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots_of_the_first_note_and_a_rule_note(browser, voila, size):
    w, h = SIZES[size]
    phone = size == "390x844"
    context = browser.new_context(viewport={"width": w, "height": h}, is_mobile=phone, has_touch=phone)
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        AppPage(page, voila.url).open(APP + "#learn", wait_for=".dn-table [data-target]")
        wait_note(page, GOAL)
        page.wait_for_timeout(500)
        page.locator(".dn-table").scroll_into_view_if_needed()
        page.screenshot(path=str(ROOT / "docs" / f"sunmoon-guide-first-{size}.png"))
        follow_the_notes(page, "An eclipse has no number")
        page.locator(".dn-table").scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        page.screenshot(path=str(ROOT / "docs" / f"sunmoon-guide-rule-{size}.png"))
    finally:
        context.close()
