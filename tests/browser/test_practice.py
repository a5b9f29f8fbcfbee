"""The stars practice page in Voila and Chromium: one exercise answered right with the mouse
and one wrong from the keyboard alone, on the drawn table; the progress kept in the browser
survives a reload; a damaged kept value is refused by name and reset.

The page deals from fresh seeds, so the test practises the one kind whose answer it can read
off the page: "Which cards may be taken" (every face-up card of the round, ``card-*`` on the
drawing, and none of the chooser's hand, ``hand-*``)."""

from __future__ import annotations

import json
import re

from tests.browser.conftest import keyboard_choose, table_epoch, table_status
from tests.browser.test_accessibility import controls_of, not_found_by_role_and_name, unnamed, unreachable_by_tab

PAGE = "stars/practice.ipynb"
KEY = "daynight.practice.v1.stars"
KIND = "Which cards may be taken"


#: the practice page has asked (its question above the table, the status line saying how to answer)
ASKED_JS = """q => { const s = document.querySelector('.dn-table .dn-status').innerText;
  const h = document.querySelector('.dn-practice .dn-question');
  return !!h && h.innerText.includes(q) && (s.startsWith('Click') || s.startsWith('Mark every one')); }"""


def redrawn(page, before: str) -> None:
    page.wait_for_function(f"document.querySelector('.dn-table').dataset.epoch !== '{before}'", timeout=60_000)


def open_page(app):
    page = app.open(PAGE, wait_for=".dn-table [data-target]")
    page.wait_for_function("document.querySelector('.dn-score') !== null")
    return page


def practise_only(page, title: str) -> None:
    """Untick every kind but ``title``; the page deals an exercise of that kind."""
    boxes = page.locator(".dn-practice-rules input[type='checkbox']")
    for i in range(boxes.count()):
        box = boxes.nth(i)
        name = box.evaluate("b => b.closest('.widget-checkbox').innerText.trim()")
        if name != title and box.is_checked():
            box.click()
            page.wait_for_timeout(150)
    page.wait_for_function(ASKED_JS, arg="may take", timeout=60_000)


def targets(page, prefix: str) -> list[str]:
    return page.eval_on_selector_all(
        f".dn-table [data-key^='{prefix}'][data-target]", "nodes => nodes.map(n => n.dataset.target)"
    )


def kept(page) -> dict | None:
    text = page.evaluate(f"() => localStorage.getItem('{KEY}')")
    return json.loads(text) if text else None


def test_answers_by_mouse_and_keyboard_are_judged_and_the_progress_is_kept(app):
    page = open_page(app)
    assert kept(page) is None
    practise_only(page, KIND)
    assert page.get_by_role("checkbox", name=KIND).is_checked()
    # right, with the mouse: mark every face-up card, then Check
    table = targets(page, "card-")
    assert table and targets(page, "hand-")
    for target in table:
        before = table_epoch(page)
        page.locator(f"[data-target='{target}']").click()
        redrawn(page, before)
        assert page.get_attribute(f"[data-target='{target}']", "aria-pressed") == "true"
    assert page.locator(".dn-table .dn-mark-chosen").count() == len(table), "each mark is drawn on its card"
    before = table_epoch(page)
    page.get_by_role("button", name="Check").click()
    redrawn(page, before)
    assert table_status(page).startswith("Right: all ") and page.get_attribute(".dn-status", "data-kind") == "ok"
    assert page.locator(".dn-table .dn-mark-reason").count() > len(table)
    assert page.get_by_role("button", name=re.compile(r": may be taken$")).count() == 0, "answered: no targets left"
    assert page.get_by_role("img", name=re.compile(r": may be taken$")).count() == len(table)
    assert "The rule, in the rule book's words" in app.view() and "S20" in app.view()
    # wrong, from the keyboard alone: mark a card of the hand, Check
    page.get_by_role("button", name="Another").focus()
    page.keyboard.press("Space")
    page.wait_for_function(ASKED_JS, arg="may take")
    page.locator(".dn-table [data-target]").first.focus()
    keyboard_choose(page, targets(page, "hand-")[0])
    page.wait_for_function("document.querySelector('.dn-table .dn-status').innerText.startsWith('Marked:')")
    keyboard_choose(page, "check")
    page.wait_for_function("document.querySelector('.dn-table .dn-status').innerText.startsWith('Not quite')")
    assert page.get_attribute(".dn-status", "data-kind") == "error"
    assert kept(page)["answered"] == 2 and kept(page)["first"] == 1
    assert kept(page)["rules"]["S20"] == [2, 1]
    # the progress survives a reload: the dashboard and the score read it back
    page.reload()
    page.wait_for_selector(".dn-table [data-target]", timeout=120_000)
    page.wait_for_function(
        "document.querySelector('.dn-score') && document.querySelector('.dn-score').innerText.includes('1 of 2')",
        timeout=60_000,
    )
    row = page.locator("table.dn-dashboard tr", has_text="S20")
    assert row.locator("td").all_inner_texts()[1:] == ["2", "1"]
    app.assert_clean()


def test_a_damaged_kept_progress_is_refused_by_name_and_reset(app):
    page = open_page(app)
    for value, said in (
        ('{"version": 1, "game": "stars", "answered": -3}', "$.answered"),
        ("x" * 70_000, "longer than a kept value may be"),
    ):  # the browser says so, not sends it
        page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])
        page.reload()
        page.wait_for_selector(".dn-table [data-target]", timeout=120_000)
        page.wait_for_function(
            "document.querySelector('.dn-table .dn-status').innerText.includes('could not be read')", timeout=60_000
        )
        assert said in table_status(page) and "reset" in table_status(page)
        assert kept(page)["answered"] == 0, "the damaged value is replaced by a fresh progress"
    app.assert_clean()


def test_every_control_of_the_practice_page_is_named_found_and_reached_by_tab(app):
    """The checks of test_accessibility.py (which covers the apps the class server preheats; the
    practice page is not one of them yet), on this page."""
    page = open_page(app)
    page.wait_for_timeout(300)
    controls = controls_of(page)
    assert {"button", "checkbox"} <= {c["role"] for c in controls}
    assert not unnamed(controls), unnamed(controls)[:3]
    assert not not_found_by_role_and_name(page, controls), not_found_by_role_and_name(page, controls)[:3]
    assert not unreachable_by_tab(page, controls), unreachable_by_tab(page, controls)[:3]
    app.assert_clean()
