"""The MTG day/night tracker in Voila, driven in headless Chromium by role and name, the way a
player at a real table uses it: clicking the drawn table, and once by keyboard alone; and the
tracked game surviving its kernel ended through the server (issue 24)."""

import json
import re
import time

import pytest

from tests.browser.conftest import AppPage, end_kernel, kernel_id, wait_dead, wait_note

TRACKER = "mtg/tracker.ipynb"


def epoch(page) -> str:
    return page.get_attribute(".dn-table", "data-epoch")


def named(page, name):
    """The target called ``name`` (a drawn piece's name goes on with its state: "Bob casts a
    spell (1 so far this turn)", "choose #1 Moonrage Brute, back face up ...")."""
    return page.get_by_role("button", name=re.compile("^" + re.escape(name) + r"($| \(|,)")).first


def press(page, name, how="click"):
    """Click (or focus and press Enter/Space on) the target called ``name``; wait for the redraw."""
    before = epoch(page)
    target = named(page, name)
    if how == "click":
        target.click()
    else:
        target.focus()
        page.keyboard.press(how)
    page.wait_for_function(f"document.querySelector('.dn-table').dataset.epoch !== '{before}'")


def status(page) -> str:
    return page.locator(".dn-table .dn-status").inner_text()


def drawing_words(page) -> str:
    """The drawing's accessible names and text, as a screen reader meets them."""
    return page.eval_on_selector(
        ".dn-table .dn-drawing svg",
        "svg => [...svg.querySelectorAll('[aria-label], text')].map("
        "e => e.getAttribute('aria-label') || e.textContent).join(' | ')",
    )


def enter_permanent(page, name, *, transformed=False):
    before = epoch(page)
    page.get_by_role("combobox", name="Permanent").fill(name)
    if transformed:
        page.get_by_role("checkbox", name="transformed").check()
    page.get_by_role("button", name="Enters", exact=True).click()
    page.wait_for_function(f"document.querySelector('.dn-table').dataset.epoch !== '{before}'")


def kept(page) -> dict:
    """The tracked game's record this browser keeps."""
    return json.loads(page.evaluate("localStorage.getItem('daynight.game.v1.mtg')"))["record"]


@pytest.fixture
def screen(browser, voila):
    """The tracker on a 1280x800 screen, its offer of a guided game (issue 19) declined."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(60_000)
    app = AppPage(page, voila.url)
    app.open(TRACKER, wait_for=".dn-table [data-target]")
    wait_note(page, "Learn to play")
    page.get_by_role("button", name="Play a game", exact=True).click()
    page.wait_for_function("document.querySelector('.dn-table .dn-note').hidden")
    yield app
    context.close()


def test_a_game_played_by_clicking_the_drawn_table(screen):
    app, page = screen, screen.page
    assert "neither day nor night" in drawing_words(page)
    press(page, "Next turn: Alice")
    enter_permanent(page, "Brutal Cathar")  # 702.145d: it becomes day
    assert "It is day" in drawing_words(page) and "Daybound, CR 702.145d" in status(page)
    press(page, "Bob casts a spell")  # a drawn chip: Bob's spell does not count
    assert "only the active player" in status(page)
    press(page, "Next turn: Bob")  # 728.2a: night
    words = drawing_words(page)
    assert "It is night" in words and "#1 Moonrage Brute, back face up (transformed)" in words
    press(page, "choose #1 Moonrage Brute")  # a drawn card
    press(page, "Apply the effect to #1")  # Bound by Moonsilver
    press(page, "Bob casts a spell")
    press(page, "Bob casts a spell")
    press(page, "Next turn: Carol")  # 728.2b: day, but it can't transform
    assert "can't transform" in status(page) and "It is day" in drawing_words(page)
    press(page, "End Bound by Moonsilver on #1")  # 702.145f: at once
    assert "Nightbound, CR 702.145f" in status(page)
    enter_permanent(page, "Huntmaster of the Fells")
    trigger = page.locator(".dn-table [data-target][aria-label^='resolve #1']")
    before = epoch(page)
    trigger.click()
    page.wait_for_function(f"document.querySelector('.dn-table').dataset.epoch !== '{before}'")
    press(page, "Next turn: Alice")  # refused? no: nothing waits
    press(page, "End the game")
    assert "The game ends" in status(page)
    log = page.get_by_role("log", name="event log").inner_text()
    assert "Day and Night, CR 728.2a" in log and "Brutal Cathar transforms into Moonrage Brute" in log
    # a refused click shows its rule
    press(page, "Undo")
    press(page, "Undo")
    enter_permanent(page, "Celestus Sanctifier")
    press(page, "It becomes night")  # its trigger waits
    before = epoch(page)
    page.get_by_role("button", name=re.compile(r"^Next turn")).click()
    page.wait_for_function("document.querySelector('.dn-table .dn-status').dataset.kind === 'error'")
    assert "Steps, CR 500.2" in status(page)
    app.assert_clean()


def test_the_table_and_its_main_controls_fit_the_first_screen(screen):
    page = screen.page
    press(page, "Next turn: Alice")
    enter_permanent(page, "Brutal Cathar")
    enter_permanent(page, "Huntmaster of the Fells")
    for selector in (".dn-table .dn-drawing svg", ".dn-table .dn-actions", ".dn-table .dn-status"):
        box = page.locator(selector).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 800, (selector, box)
    nxt = named(page, "Next turn: Bob").bounding_box()
    assert nxt["y"] + nxt["height"] <= 800
    assert page.evaluate("window.scrollY") == 0
    for target in page.locator(".dn-table [data-target]").all():
        name = target.get_attribute("aria-label") or target.inner_text()
        assert name.strip(), "every target has an accessible name"


def test_played_by_keyboard_alone(screen):
    app, page = screen, screen.page
    page.locator("body").click(position={"x": 5, "y": 5})

    def tab_to(name, limit=80):
        for _ in range(limit):
            page.keyboard.press("Tab")
            label = page.evaluate(
                "() => { const e = document.activeElement; "
                "return e ? (e.getAttribute('aria-label') || e.textContent || '').trim() : '' }"
            )
            if label == name or label.startswith((name + " (", name + ",")):
                return
        raise AssertionError(f"Tab never reached {name!r}")

    def key(name, k):
        before = epoch(page)
        tab_to(name)
        page.keyboard.press(k)
        page.wait_for_function(f"document.querySelector('.dn-table').dataset.epoch !== '{before}'")

    key("Next turn: Alice", "Enter")
    key("It becomes night", "Enter")
    key("Alice casts a spell", " ")  # a drawn chip, chosen with Space
    key("Alice casts a spell", "Enter")
    assert "It becomes day at the next untap step" in drawing_words(page)
    key("Next turn: Bob", "Enter")
    assert "It is day" in drawing_words(page)
    focused = page.evaluate("() => document.activeElement && document.activeElement.closest('.dn-table') !== null")
    assert focused, "the keyboard stays on the table after a redraw"
    app.assert_clean()


def test_the_tracked_game_survives_its_kernel_ended_through_the_server(screen, voila):
    app, page = screen, screen.page
    press(page, "Next turn: Alice")
    enter_permanent(page, "Brutal Cathar")
    press(page, "Bob casts a spell")
    press(page, "Next turn: Bob")  # night: the werewolf transforms
    record, words = kept(page), drawing_words(page)
    assert len(record["moves"]) == 4 and "#1 Moonrage Brute, back face up" in words
    end_kernel(voila, kernel_id(page))
    clicked = time.monotonic()
    named(page, "Alice casts a spell").click()
    dead = wait_dead(page)
    print(f"the page said so {time.monotonic() - clicked:.1f} s after the click")  # issue 24 asks 2 s
    assert dead["state"] == "gone" and "Your game is kept in this browser" in dead["text"], dead
    page.get_by_role("button", name="Reload and continue your game").click()
    page.wait_for_function(
        "() => (document.querySelector('.dn-table .dn-status')?.innerText || '').includes('goes on at move 4')",
        timeout=120_000,
    )
    assert drawing_words(page) == words and kept(page) == record, "the same table, the same game"
    assert page.locator("#dn-dead").count() == 0
    press(page, "Alice casts a spell")  # and it goes on, kept
    assert "only the active player" in status(page) and len(kept(page)["moves"]) == 5
    app.assert_clean()


def test_charts_render_offline(app):
    page = app.open("mtg/charts.ipynb", wait_for=".js-plotly-plot")
    page.get_by_text(re.compile(r"100,000 turns in \d+ ms")).wait_for()
    assert page.locator(".js-plotly-plot").count() == 2
    assert "20,000 of 20,000 turns agree" in page.inner_text("body")
    app.assert_clean()  # plotly's JavaScript came from the server, not from a CDN
