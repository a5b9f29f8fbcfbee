"""The stars walkthrough's "Try it" cells in Voila and Chromium: the rulebook's example worked
by the learner, one step answered right with the mouse (by day, which colour wins: a card of
orange) and one wrong from the keyboard alone (by day, the choosing order: Ursula before
Matthias); the page's one keeper writes both into the progress the browser keeps; after a
reload the walkthrough reads it back (a third answer counts on top of it) and the practice page
counts all three.

The steps of the rulebook's example are fixed positions, so the test knows their answers:
orange wins by day and Matthias chooses before Ursula (the sheet's words)."""

from __future__ import annotations

import json
import re

from tests.browser.conftest import RENDERED_JS

WALKTHROUGH = "stars/rules.ipynb"
PRACTICE = "stars/practice.ipynb"
KEY = "daynight.practice.v1.stars"
DAY_COLOUR = ".dn-try-rulebook-day-colour"
DAY_ORDER = ".dn-try-rulebook-day-order"
NIGHT_COLOUR = ".dn-try-rulebook-night-colour"


#: the walkthrough runs every rule's example and draws sixteen practice tables before Voila shows
#: it: this whole test once took 89 s, but with a load average of 15 on 2 cores the render alone
#: outlasted conftest's 120 s
SLOW_PAGE_MS = 300_000


def open_walkthrough(app):
    page = app.page
    page.goto(f"{app.base_url}/voila/render/{WALKTHROUGH}", timeout=SLOW_PAGE_MS)
    wait_rendered(page)
    return page


def wait_rendered(page) -> None:
    page.wait_for_selector(f"{DAY_COLOUR} .dn-table [data-target]", timeout=SLOW_PAGE_MS)
    page.wait_for_function(RENDERED_JS, timeout=SLOW_PAGE_MS)
    page.wait_for_function(f"document.querySelector('{NIGHT_COLOUR} .dn-table [data-target]') !== null")


def status(page, cell: str) -> str:
    return page.inner_text(f"{cell} .dn-status")


def wait_status(page, cell: str, start: str) -> None:
    page.wait_for_function(
        "([cell, start]) => (document.querySelector(cell + ' .dn-status') || {innerText: ''}).innerText"
        ".startsWith(start)",
        arg=[cell, start],
        timeout=60_000,
    )


def kept(page) -> dict | None:
    text = page.evaluate(f"() => localStorage.getItem('{KEY}')")
    return json.loads(text) if text else None


def wait_kept(page, answered: int) -> dict:
    page.wait_for_function(
        "([key, n]) => { const t = localStorage.getItem(key); return t && JSON.parse(t).answered === n; }",
        arg=[KEY, answered],
        timeout=60_000,
    )
    value = kept(page)
    assert value is not None
    return value


def tab_to(page, cell: str, name: str) -> None:
    """Reach the target called ``name`` in ``cell``'s table with Tab (or Shift+Tab) alone and
    choose it with Enter (a drawn piece) or Space (a button)."""
    targets = f"{cell} .dn-table [data-target]"
    where = page.evaluate(
        """([sel, name]) => {
          const all = [...document.querySelectorAll(sel)];
          const at = all.indexOf(document.activeElement);
          const to = all.findIndex(n => (n.getAttribute('aria-label') || n.innerText).trim() === name);
          return [at, to];
        }""",
        [targets, name],
    )
    at, to = where
    assert at >= 0 and to >= 0, (where, name, page.evaluate("document.activeElement.outerHTML.slice(0, 200)"))
    for _ in range(abs(to - at)):
        page.keyboard.press("Tab" if to > at else "Shift+Tab")
    focused = page.evaluate("(document.activeElement.getAttribute('aria-label') || document.activeElement.innerText)")
    assert focused.strip() == name, (focused, name)
    tag = page.evaluate("document.activeElement.tagName")
    page.keyboard.press("Space" if tag == "BUTTON" else "Enter")


def test_the_rulebook_example_by_mouse_and_keyboard_and_the_progress_is_kept(app):
    page = open_walkthrough(app)
    assert kept(page) is None
    assert "Which colour wins?" in status(page, DAY_COLOUR)
    # step 1, right, with the mouse: a card of orange
    orange = page.locator(f"{DAY_COLOUR} .dn-table").get_by_role(
        "button", name=re.compile(r"^orange 7.*: orange wins$")
    )
    orange.click()
    wait_status(page, DAY_COLOUR, "Right")
    assert page.get_attribute(f"{DAY_COLOUR} .dn-status", "data-kind") == "ok"
    assert page.locator(f"{DAY_COLOUR} .dn-table .dn-mark-reason").count() >= 2, "the reason is marked on the table"
    feedback = page.inner_text(f"{DAY_COLOUR} .dn-feedback")
    assert "S-EX1" in feedback and "orange" in feedback and "What the engine did" in feedback
    value = wait_kept(page, 1)
    assert value["first"] == 1 and value["rules"]["S-EX1"] == [1, 1]
    # step 2, wrong, from the keyboard alone: Ursula, then Matthias, then Check
    page.locator(f"{DAY_ORDER} .dn-table [data-target]").first.focus()
    tab_to(page, DAY_ORDER, "Ursula")
    wait_status(page, DAY_ORDER, "Your order so far: Ursula.")
    tab_to(page, DAY_ORDER, "Matthias")
    wait_status(page, DAY_ORDER, "Your order so far: Ursula, then Matthias.")
    tab_to(page, DAY_ORDER, "Check")
    wait_status(page, DAY_ORDER, "Not quite")
    assert page.get_attribute(f"{DAY_ORDER} .dn-status", "data-kind") == "error"
    assert "S22" in page.inner_text(f"{DAY_ORDER} .dn-feedback"), "a wrong answer shows the rule's words"
    value = wait_kept(page, 2)
    assert value["first"] == 1 and value["rules"]["S-EX1"] == [2, 1] and value["kinds"]["choosing_order"] == [1, 0]
    app.assert_clean()
    # the progress survives a reload: the walkthrough reads it back and adds to it
    page.reload(timeout=SLOW_PAGE_MS)
    wait_rendered(page)
    again = kept(page)
    assert again is not None and again["answered"] == 2, "kept across the reload"
    page.locator(f"{NIGHT_COLOUR} .dn-table").get_by_role("button", name=re.compile(r"^blue 2.*: blue wins$")).click()
    wait_status(page, NIGHT_COLOUR, "Right")
    value = wait_kept(page, 3)
    assert value["first"] == 2 and value["rules"]["S-EX2"] == [1, 1] and value["rules"]["S-EX1"] == [2, 1]
    # the practice page counts the walkthrough's answers
    page = app.open(PRACTICE, wait_for=".dn-table [data-target]")
    page.wait_for_function(
        "document.querySelector('.dn-score') && document.querySelector('.dn-score').innerText.includes('2 of 3')",
        timeout=60_000,
    )
    row = page.locator("table.dn-dashboard tr", has_text="S22")
    assert row.locator("td").all_inner_texts()[1:] == ["1", "0"]
    app.assert_clean()
