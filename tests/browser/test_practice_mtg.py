"""mtg's practice in Voila and Chromium: the walkthrough's worked example (the last table of
notebooks/mtg/rules.ipynb) and the practice page, each answered once right and once wrong, by
mouse and from the keyboard alone, on the drawn table; the progress kept in the browser survives
a reload, and the walkthrough's answers count on the practice page.

The worked example is the same every time, so its answers are computed here by the rule
functions (:func:`daynight.mtg.exercises.worked_example`). The practice page deals from fresh
seeds, so it practises the one kind whose answer can be read off the question: "Whether the untap
step checks" is asked of a new game, of a game that is still neither, of a skipped untap step (all
no: 728.2c, no previous turn, 614.10) or of an ordinary turn by day or night (yes)."""

from __future__ import annotations

import json

from daynight.mtg.exercises import worked_example
from tests.browser.conftest import NOTEBOOKS

WALKTHROUGH = "mtg/rules.ipynb"
PAGE = "mtg/practice.ipynb"
KEY = "daynight.practice.v1.mtg"
KIND = "Whether the untap step checks"
LAST = ".dn-table >> nth=-1"  # the walkthrough's last table: the worked example


#: the practice page has asked (its question above the table, the status line saying how to answer)
ASKED_JS = """q => { const s = document.querySelector('.dn-table .dn-status').innerText;
  const h = document.querySelector('.dn-practice .dn-question');
  return !!h && h.innerText.includes(q) && (s.startsWith('Click') || s.startsWith('Mark every one')); }"""


def open_notebook(app, notebook: str):
    return app.open(notebook, wait_for=".dn-table [data-target]")


def walkthrough_tables() -> int:
    """The tables the walkthrough draws: a Try-it table per ``try_it(...)`` cell and the worked example."""
    cells = json.loads((NOTEBOOKS / WALKTHROUGH).read_text(encoding="utf-8"))["cells"]
    calls = ("try_it(", "work_through(")
    return sum(
        any(line.lstrip().startswith(calls) or "= work_through(" in line for line in "".join(c["source"]).splitlines())
        for c in cells
        if c["cell_type"] == "code"
    )


def every_table_drawn(page) -> None:
    """Until every table of the walkthrough is drawn (Voila sends the cells in order: the worked
    example, the last table, comes last)."""
    try:
        page.wait_for_function(
            "n => document.querySelectorAll('.dn-table[data-epoch]').length >= n",
            arg=walkthrough_tables(),
            timeout=120_000,
        )
    except Exception as exc:
        seen = page.evaluate(SEEN_JS)
        raise AssertionError(f"{walkthrough_tables()} tables expected; the page shows: {seen}") from exc


#: what a walkthrough page shows when a table is missing: the tables drawn, the widget outputs still
#: loading or in error, Voila's spinner and the cell outputs not yet turned into DOM
SEEN_JS = """() => ({tables: document.querySelectorAll('.dn-table[data-epoch]').length,
  loading: [...document.querySelectorAll('.jp-OutputArea-output')].filter(o => o.textContent.includes('Loading widget')).length,
  errors: [...document.querySelectorAll('.jp-OutputArea-output')].filter(o => /Error displaying widget|model not found/i
    .test(o.textContent)).map(o => o.textContent.slice(0, 120)),
  spinner: !!document.querySelector('#loading') && getComputedStyle(document.querySelector('#loading')).display !== 'none',
  pending: document.querySelectorAll("script[type='application/vnd.voila.cell-output+json']").length,
  busy: !!document.getElementById('dn-busy'), dead: (document.getElementById('dn-dead') || {}).innerText || null})"""


def kept(page) -> dict | None:
    text = page.evaluate(f"() => localStorage.getItem('{KEY}')")
    return json.loads(text) if text else None


def status(page, table: str) -> str:
    return page.locator(table).locator(".dn-status").inner_text()


def wait_status(page, table: str, start: str) -> None:
    """Wait until the status line of ``table`` (a selector) starts with ``start``."""
    page.locator(table).locator(".dn-status").filter(has_text=start).wait_for(timeout=60_000)
    assert status(page, table).startswith(start), status(page, table)


def key_target(page, table: str, key: str) -> str:
    return page.locator(table).locator(f"[data-key='{key}'][data-target]").get_attribute("data-target")


def keyboard_choose(page, table: str, target: str) -> None:
    """Reach ``target`` of ``table`` with Tab alone from its first target, and choose it with
    Enter (a drawn piece) or Space (a button)."""
    names = page.locator(table).locator("[data-target]").evaluate_all("ns => ns.map(n => n.dataset.target)")
    page.locator(table).locator("[data-target]").first.focus()
    for _ in range(names.index(target)):
        page.keyboard.press("Tab")
    focused = page.evaluate("[document.activeElement.dataset.target, document.activeElement.tagName]")
    assert focused[0] == target, (focused, target)
    page.keyboard.press("Space" if focused[1] == "BUTTON" else "Enter")


def test_the_worked_example_answered_by_mouse_and_keyboard_and_kept_across_a_reload(app):
    steps = worked_example()
    wrong = next(o for o in steps[1].options if o.value != steps[1].answer)
    page = open_notebook(app, WALKTHROUGH)
    every_table_drawn(page)
    assert page.locator(".dn-table").count() == walkthrough_tables() >= 18, "a Try-it table after the rule sections"
    assert status(page, LAST) == steps[0].question and kept(page) is None
    # step 1, right, with the mouse: the first untap step of a new game makes no check
    page.locator(LAST).locator(f"[data-key='answer-{steps[0].answer}'][data-target]").click()
    wait_status(page, LAST, "Right: ")
    assert all(f"{i} " in app.view() for i in steps[0].rules), "the rule's words are quoted with their ids"
    assert "What the engine did when the game went on" in app.view()
    # step 2, wrong, from the keyboard alone: Another (the next step), then a face that is not up
    keyboard_choose(page, LAST, "another")
    wait_status(page, LAST, "Step 2 of 13")
    keyboard_choose(page, LAST, key_target(page, LAST, wrong.key))
    wait_status(page, LAST, "Not quite")
    assert page.locator(LAST).locator(".dn-status").get_attribute("data-kind") == "error"
    assert kept(page)["answered"] == 2 and kept(page)["first"] == 1
    assert kept(page)["kinds"]["entering_face"] == [1, 0]
    # the reload keeps the progress: one more answer counts on top of it
    app.reload(wait_for=".dn-table [data-target]")
    wait_status(page, LAST, "Step 1 of 13")  # the last table, once it is drawn: the worked example
    page.locator(LAST).locator(f"[data-key='answer-{steps[0].answer}'][data-target]").click()
    wait_status(page, LAST, "Right: ")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{KEY}')).answered === 3", timeout=60_000)
    assert kept(page)["first"] == 2 and kept(page)["kinds"]["check_happens"] == [2, 2]
    app.assert_clean()
    # the practice page reads the same kept progress
    open_notebook(app, PAGE)
    page.wait_for_function(
        "document.querySelector('.dn-score') && document.querySelector('.dn-score').innerText.includes('2 of 3')",
        timeout=60_000,
    )
    app.assert_clean()


def practise_only(page, title: str) -> None:
    """Untick every kind but ``title``; the page deals an exercise of that kind."""
    boxes = page.locator(".dn-practice-rules input[type='checkbox']")
    for i in range(boxes.count()):
        box = boxes.nth(i)
        name = box.evaluate("b => b.closest('.widget-checkbox').innerText.trim()")
        if name != title and box.is_checked():
            box.click()
            page.wait_for_timeout(150)
    page.wait_for_function(ASKED_JS, arg="day/night check", timeout=60_000)


def checks(question: str) -> str:
    """The answer to a "Whether the untap step checks" question, from its words: only a turn by
    day or by night whose untap step is not skipped checks the previous turn."""
    ordinary = question.startswith(("It is day,", "It is night,")) and "skip" not in question
    return "yes" if ordinary else "no"


def test_the_practice_page_answered_by_keyboard_and_mouse_and_kept_across_a_reload(app):
    table = ".dn-table"
    page = open_notebook(app, PAGE)
    page.wait_for_function("document.querySelector('.dn-score') !== null")
    practise_only(page, KIND)
    # right, from the keyboard alone
    answer = checks(page.inner_text(".dn-practice .dn-question"))
    keyboard_choose(page, table, key_target(page, table, f"answer-{answer}"))
    wait_status(page, table, "Right: ")
    assert page.locator(".dn-table .dn-mark-reason").count() >= 1, "the reason is marked on the drawing"
    assert "The rule, in the rule book's words" in page.inner_text("body") and "M7" in page.inner_text("body")
    # wrong, with the mouse: Another, then the other answer
    page.get_by_role("button", name="Another").click()
    page.wait_for_function(ASKED_JS, arg="day/night check", timeout=60_000)
    other = {"yes": "no", "no": "yes"}[checks(page.inner_text(".dn-practice .dn-question"))]
    page.locator(f".dn-table [data-key='answer-{other}'][data-target]").click()
    wait_status(page, table, "Not quite")
    assert kept(page)["answered"] == 2 and kept(page)["first"] == 1
    assert kept(page)["rules"]["M7"] == [2, 1]
    # the progress survives a reload: the score and the dashboard read it back
    page.reload()
    page.wait_for_selector(".dn-table [data-target]", timeout=120_000)
    page.wait_for_function(
        "document.querySelector('.dn-score') && document.querySelector('.dn-score').innerText.includes('1 of 2')",
        timeout=60_000,
    )
    row = page.locator("table.dn-dashboard tr", has_text="M7")
    assert row.locator("td").all_inner_texts()[1:] == ["2", "1"]
    app.assert_clean()
