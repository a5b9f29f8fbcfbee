"""The temple duel's exercises in Voila and Chromium, on the practice page and in the walkthrough:
one exercise answered right with the mouse and one wrong from the keyboard alone, on the drawn
table; the progress kept in the browser survives a reload.

The practice page deals from fresh seeds, so its test practises the one kind whose answer it
can read off the page: "how many spells to discard" (the retreating player's hand is drawn, a
card each, ``card-*``; she keeps five). The walkthrough's steps of the rule book's example are
fixed positions: who plays first (Day) and where Day may travel first (A2 and B1)."""

from __future__ import annotations

import json

from tests.browser.conftest import table_epoch, table_status
from tests.browser.test_accessibility import controls_of, not_found_by_role_and_name, unnamed, unreachable_by_tab

PRACTICE, WALKTHROUGH = "temples/practice.ipynb", "temples/rules.ipynb"
KEY = "daynight.practice.v1.temples"
KIND = "Retreating: how many spells to discard?"


#: the practice page has asked (its question above the table, the status line saying how to answer)
ASKED_JS = """q => { const s = document.querySelector('.dn-table .dn-status').innerText;
  const h = document.querySelector('.dn-practice .dn-question');
  return !!h && h.innerText.includes(q) && (s.startsWith('Click') || s.startsWith('Mark every one')); }"""


def kept_text(page) -> str | None:
    """The progress the browser keeps, as stored (None before the first answer)."""
    return page.evaluate(f"() => localStorage.getItem('{KEY}')")


def kept(page) -> dict:
    """The progress the browser keeps, read back; it must be there."""
    text = kept_text(page)
    assert text, "the browser keeps no progress"
    return json.loads(text)


def redrawn(page, table, before: str) -> None:
    """Wait until ``table`` (an element handle) shows a new drawing."""
    page.wait_for_function("([t, b]) => t.dataset.epoch !== b", arg=[table, before], timeout=60_000)


def said(page, table, start: str) -> None:
    """Wait until ``table``'s status line starts with ``start``."""
    page.wait_for_function(
        "([t, s]) => t.querySelector('.dn-status').innerText.startsWith(s)", arg=[table, start], timeout=60_000
    )


def status(table) -> str:
    return table.query_selector(".dn-status").inner_text()


def tab_to(page, table, target: str) -> None:
    """Reach ``target`` of ``table`` with Tab alone (from a target of the same table before it)."""
    for _i in range(80):
        here = page.evaluate("t => t.contains(document.activeElement) && document.activeElement.dataset.target", table)
        if here == target:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {target}")


def practise_only(page, title: str) -> None:
    """Untick every kind but ``title``; the page deals an exercise of that kind."""
    boxes = page.locator(".dn-practice-rules input[type='checkbox']")
    for i in range(boxes.count()):
        box = boxes.nth(i)
        name = box.evaluate("b => b.closest('.widget-checkbox').innerText.trim()")
        if name != title and box.is_checked():
            box.click()
            page.wait_for_timeout(150)
    page.wait_for_function(ASKED_JS, arg="must she discard", timeout=60_000)


def the_discards(page) -> int:
    """What the rules text says: the retreating player keeps five of the spells drawn in her hand."""
    return max(0, page.locator(".dn-table [data-key^='card-']").count() - 5)


def test_the_practice_page_judges_by_mouse_and_keyboard_and_keeps_the_progress(app):
    page = app.open(PRACTICE, wait_for=".dn-table [data-target]")
    page.wait_for_function("document.querySelector('.dn-score') !== null")
    assert kept_text(page) is None
    practise_only(page, KIND)
    table = page.query_selector(".dn-table")
    # right, with the mouse: the number of spells she discards
    before, cards = table_epoch(page), page.locator(".dn-table [data-key^='card-']").count()
    page.get_by_role("button", name=str(the_discards(page)), exact=True).click()
    redrawn(page, table, before)
    assert table_status(page).startswith("Right: ") and page.get_attribute(".dn-status", "data-kind") == "ok"
    assert page.locator(".dn-table .dn-mark-reason").count() == cards, "every card of her hand is marked"
    assert "The rule, in the rule book's words" in app.view() and "T26" in app.view()
    # wrong, from the keyboard alone: Another, then a number that is not the answer
    page.get_by_role("button", name="Another").focus()
    page.keyboard.press("Space")
    page.wait_for_function(ASKED_JS, arg="must she discard")
    wrong = str(the_discards(page) + 1)
    target = page.get_by_role("button", name=wrong, exact=True).get_attribute("data-target")
    page.locator(".dn-table [data-target]").first.focus()
    tab_to(page, table, target)
    page.keyboard.press("Space")
    said(page, table, "Not quite")
    assert page.get_attribute(".dn-status", "data-kind") == "error"
    assert kept(page)["answered"] == 2 and kept(page)["first"] == 1 and kept(page)["rules"]["T26"] == [2, 1]
    # the progress survives a reload: the score and the dashboard read it back
    page = app.open(PRACTICE, wait_for=".dn-table [data-target]")
    page.wait_for_function(
        "document.querySelector('.dn-score') && document.querySelector('.dn-score').innerText.includes('1 of 2')",
        timeout=60_000,
    )
    row = page.locator("table.dn-dashboard tr", has_text="T26")
    assert row.locator("td").all_inner_texts()[1:] == ["2", "1"]
    app.assert_clean()


def step_table(page, question: str):
    """The table of the walkthrough whose question starts with ``question``."""
    page.wait_for_function(
        "q => [...document.querySelectorAll('.dn-table .dn-status')].some(s => s.innerText.startsWith(q))",
        arg=question,
        timeout=60_000,
    )
    return page.evaluate_handle(
        "q => [...document.querySelectorAll('.dn-table')].find(t => t.querySelector('.dn-status').innerText"
        ".startsWith(q))",
        question,
    ).as_element()


def test_the_walkthrough_steps_are_judged_by_mouse_and_keyboard_and_the_progress_is_kept(app):
    page = app.open(WALKTHROUGH, wait_for=".dn-table [data-target]")
    first = "A new game: the pawns stand in opposite corners"
    travel = "Day stands on A1 with 12 hours left"
    # step 1, right with the mouse: Day plays first (a click on Day's place)
    table = step_table(page, first)
    before = table.get_attribute("data-epoch")
    table.query_selector("[data-key='side-day'][data-target]").click()
    redrawn(page, table, before)
    assert status(table) == "Right: Day." and table.query_selector(".dn-status").get_attribute("data-kind") == "ok"
    # step 2, wrong from the keyboard alone: mark A2 only (B1 is missing), then Check
    table = step_table(page, travel)
    a2 = table.query_selector("[data-key='sq-A2'][data-target]").get_attribute("data-target")
    table.query_selector("[data-target]").focus()
    tab_to(page, table, a2)
    page.keyboard.press("Enter")
    said(page, table, "Marked: A2")
    tab_to(page, table, "check")
    page.keyboard.press("Space")
    said(page, table, "Not quite")
    assert "1 more should be marked" in status(table), "the missing mark (B1) is counted"
    assert kept(page)["answered"] == 2 and kept(page)["first"] == 1
    assert kept(page)["kinds"] == {"whose_turn": [1, 1], "travel": [1, 0]}
    # reload: the kept progress is read back, and the next answer is counted on top of it
    page = app.open(WALKTHROUGH, wait_for=".dn-table [data-target]")
    table = step_table(page, first)
    before = table.get_attribute("data-epoch")
    table.query_selector("[data-key='side-day'][data-target]").click()
    redrawn(page, table, before)
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{KEY}') || '{{}}').answered === 3")
    assert kept(page)["first"] == 2 and kept(page)["kinds"]["travel"] == [1, 0]
    app.assert_clean()


def test_every_control_of_the_practice_page_is_named_found_and_reached_by_tab(app):
    """The checks of test_accessibility.py, on this page."""
    page = app.open(PRACTICE, wait_for=".dn-table [data-target]")
    page.wait_for_function("document.querySelector('.dn-score') !== null")
    controls = controls_of(page)
    assert {"button", "checkbox"} <= {c["role"] for c in controls}
    assert not unnamed(controls), unnamed(controls)[:3]
    assert not not_found_by_role_and_name(page, controls), not_found_by_role_and_name(page, controls)[:3]
    assert not unreachable_by_tab(page, controls), unreachable_by_tab(page, controls)[:3]
    app.assert_clean()
