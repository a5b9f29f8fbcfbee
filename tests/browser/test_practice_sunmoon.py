"""Sonne und Mond's exercises in Voila and Chromium: in the walkthrough (the play report worked
by the learner) and on the practice page, one exercise answered right with the mouse and one
wrong from the keyboard alone, on the drawn table; the progress kept in the browser survives a
reload.

The practice page deals from fresh seeds, so the test practises the one kind whose answer it
can read off the drawing: "Who wins?" (the final scores are written at each player's place, and
with four players the teams). The walkthrough's worked steps are built positions whose answers
are known: sun 28 goes only to the right of 26 (step 1), sun 19 fits nowhere (step 2)."""

from __future__ import annotations

import json
import re

from tests.browser.conftest import keyboard_choose, table_status

_DISTANCE = """([scope, t]) => {
  const all = [...document.querySelectorAll(scope + ' .dn-table [data-target]')];
  const at = all.indexOf(document.activeElement), to = all.findIndex(n => n.dataset.target === t);
  return at < 0 || to < 0 ? null : to - at;
}"""

KEY = "daynight.practice.v1.sunmoon"
KIND = "Who wins? (teams at four)"


#: the practice page has asked (its question above the table, the status line saying how to answer)
ASKED_JS = """q => { const s = document.querySelector('.dn-table .dn-status').innerText;
  const h = document.querySelector('.dn-practice .dn-question');
  return !!h && h.innerText.includes(q) && (s.startsWith('Click') || s.startsWith('Mark every one')); }"""


#: the keyboard is on the first target of the table (the new question's first control), not on Another
FIRST_TARGET_FOCUSED_JS = """() => { const first = document.querySelector('.dn-table [data-target]');
  return !!first && document.activeElement === first && first.dataset.target !== 'another'; }"""


def kept(page) -> dict | None:
    text = page.evaluate(f"() => localStorage.getItem('{KEY}')")
    return json.loads(text) if text else None


def status_of(page, scope: str) -> str:
    return page.inner_text(f"{scope} .dn-status")


def wait_status(page, scope: str, start: str) -> None:
    try:
        page.wait_for_function(
            f"(document.querySelector('{scope} .dn-status') || {{innerText: ''}}).innerText.startsWith({json.dumps(start)})",
            timeout=60_000,
        )
    except Exception as exc:
        said = page.evaluate(f"(document.querySelector('{scope} .dn-status') || {{innerText: null}}).innerText")
        raise AssertionError(f"the status never began {start!r}; it says {said!r}") from exc


def target_of(page, scope: str, key: str) -> str:
    return page.get_attribute(f"{scope} [data-key='{key}'][data-target]", "data-target")


def keyboard_choose_in(page, scope: str, target: str) -> None:
    """``keyboard_choose`` within the table of one "Try it" cell (the targets' ids repeat from
    table to table): Tab or Shift+Tab to it, then Enter (a drawn piece) or Space (a button)."""
    steps = page.evaluate(_DISTANCE, [scope, target])
    assert steps is not None, f"the keyboard is not in the table of {scope}"
    for _ in range(abs(steps)):
        page.keyboard.press("Tab" if steps > 0 else "Shift+Tab")
    focused = page.evaluate("[document.activeElement.dataset.target, document.activeElement.tagName]")
    assert focused[0] == target, (focused, target)
    page.keyboard.press("Space" if focused[1] == "BUTTON" else "Enter")


# --------------------------------------------------------------------------- the walkthrough


def test_the_play_report_worked_in_the_walkthrough_by_mouse_and_keyboard(app):
    page = app.open("sunmoon/rules.ipynb", wait_for=".dn-try-report-sun-28 .dn-table [data-target]")
    assert kept(page) is None
    # step 1, right with the mouse: mark the right end of A's sun row, then Check
    right = ".dn-try-report-sun-28"
    page.locator(f"{right} [data-key='0-sun-right'][data-target]").click()
    wait_status(page, right, "Marked:")
    page.locator(f"{right} [data-target='check']").click()
    wait_status(page, right, "Right:")
    assert page.get_attribute(f"{right} .dn-status", "data-kind") == "ok"
    assert page.locator(f"{right} .dn-mark-reason").count() >= 2, "the reason is marked on the table"
    # step 2, wrong from the keyboard alone: sun 19 fits nowhere, but mark the left end of A's row
    wrong = ".dn-try-report-sun-19"
    page.locator(f"{wrong} [data-target]").first.focus()
    keyboard_choose_in(page, wrong, target_of(page, wrong, "0-sun-left"))
    wait_status(page, wrong, "Marked:")
    keyboard_choose_in(page, wrong, "check")
    wait_status(page, wrong, "Not quite")
    assert page.get_attribute(f"{wrong} .dn-status", "data-kind") == "error"
    assert kept(page)["answered"] == 2 and kept(page)["first"] == 1
    # the progress survives a reload: the page's keeper reads it back, and the next answer adds to it
    app.reload(wait_for=".dn-try-report-butterfly .dn-table [data-target]")
    assert kept(page)["answered"] == 2
    step = ".dn-try-report-butterfly"
    page.locator(f"{step} [data-key='seat-0'][data-target]").click()  # A moves again after the butterfly
    wait_status(page, step, "Right:")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{KEY}')).answered === 3", timeout=60_000)
    assert kept(page)["first"] == 2
    app.assert_clean()


# --------------------------------------------------------------------------- the practice page


def practise_only(page, title: str) -> None:
    boxes = page.locator(".dn-practice-rules input[type='checkbox']")
    for i in range(boxes.count()):
        box = boxes.nth(i)
        name = box.evaluate("b => b.closest('.widget-checkbox').innerText.trim()")
        if name != title and box.is_checked():
            box.click()
            page.wait_for_timeout(150)
    page.wait_for_function(
        ASKED_JS,
        arg="Mark every player who wins",
        timeout=60_000,
    )


def winners_on_the_table(page) -> tuple[list[str], list[str]]:
    """The targets of the winners and of the others, read off the drawing: each place says its
    score, and with four players its team; partners add their scores."""
    places = page.eval_on_selector_all(
        ".dn-table [data-key^='seat-'][data-target]", "ns => ns.map(n => [n.dataset.target, n.textContent])"
    )
    scores, teams = {}, {}
    for target, text in places:
        scores[target] = int(re.search(r"score ([+-]?\d+)", text).group(1))
        team = re.search(r"team (\d)", text)
        teams[target] = team.group(1) if team else target
    totals = {t: sum(s for u, s in scores.items() if teams[u] == t) for t in set(teams.values())}
    best = max(totals.values())
    won = [t for t in scores if totals[teams[t]] == best]
    return won, [t for t in scores if t not in won]


def test_the_practice_page_by_mouse_and_keyboard_and_the_progress_kept(app):
    page = app.open("sunmoon/practice.ipynb", wait_for=".dn-table [data-target]")
    page.wait_for_function("document.querySelector('.dn-score') !== null")
    practise_only(page, KIND)
    # right, with the mouse: mark every winner, then Check
    won, others = winners_on_the_table(page)
    for target in won:
        page.locator(f"[data-target='{target}']").click()
        page.wait_for_function(
            f"document.querySelector(\"[data-target='{target}']\").getAttribute('aria-pressed') === 'true'"
        )
    page.get_by_role("button", name="Check").click()
    wait_status(page, "", "Right:")
    assert page.get_attribute(".dn-status", "data-kind") == "ok"
    assert "U34" in app.view()
    # wrong, from the keyboard alone: a new game over; mark a player who did not win (or nobody), Check
    page.get_by_role("button", name="Another").focus()
    page.keyboard.press("Space")
    page.wait_for_function(ASKED_JS, arg="The game is over")
    # the keyboard has left Another for the new question's first control (the table, named by its question)
    page.wait_for_function(FIRST_TARGET_FOCUSED_JS)
    assert "The game is over" in page.get_attribute(".dn-table", "aria-label")
    won, others = winners_on_the_table(page)
    if others:
        keyboard_choose(page, others[0])
        wait_status(page, "", "Marked:")
    keyboard_choose(page, "check")
    wait_status(page, "", "Not quite")
    assert page.get_attribute(".dn-status", "data-kind") == "error"
    assert kept(page)["answered"] == 2 and kept(page)["first"] == 1
    assert kept(page)["rules"]["U34"] == [2, 1]
    page.reload()
    page.wait_for_selector(".dn-table [data-target]", timeout=120_000)
    page.wait_for_function(
        "document.querySelector('.dn-score') && document.querySelector('.dn-score').innerText.includes('1 of 2')",
        timeout=60_000,
    )
    row = page.locator("table.dn-dashboard tr", has_text="U34")
    assert row.locator("td").all_inner_texts()[1:] == ["2", "1"]
    assert status_of(page, "") and table_status(page)
    app.assert_clean()
