"""Sonne und Mond in the Voila app, in headless Chromium: the drawn table played to its end by
clicking drawn cards and places, once more by keyboard alone (``make test-long``; ``make test`` plays
two cards by keys before the kernel is ended), and its first screen.

Targets are found by role and name: the cards of your hand ("pick up sun 20"), the places a
picked-up card may go ("play sun 20 at the right end of Ada's sun row"; the ones where it fits
are drawn with the word "fits", class ``sm-fits``), and the toolbar ("Harvest my sun row",
"Self-destruct", "Hint"). The opponents are rule-of-thumb bots. A game survives its kernel
ended through the server (issue 24): a reload continues it at the same move."""

from __future__ import annotations

import time

from tests.browser.conftest import click_target as click
from tests.browser.conftest import end_kernel, kernel_id, wait_dead
from tests.browser.conftest import keyboard_choose as keyboard
from tests.browser.conftest import table_epoch as epoch
from tests.browser.conftest import table_status as status

APP = "sunmoon/play.ipynb"
READY = (
    "Your",
    "Game over",
    "New game",
    "Hint",
    "Sun",
    "Moon",
    "Solar",
    "Lunar",
)  # how the status line starts when the app waits


def settled(page, before: str) -> None:
    """Wait for the table to be redrawn and the app to wait for you again."""
    page.wait_for_function(
        "([old, ready]) => { const t = document.querySelector('.dn-table');"
        " const s = t.querySelector('.dn-status').innerText;"
        " return t.dataset.epoch !== old && ready.some(r => s.startsWith(r)); }",
        arg=[before, list(READY)],
    )


def next_action(page) -> str | None:
    """The target to choose next, as a player reads the drawing: the toolbar's main button
    (a harvest, or the self-destruct when nothing else is left), else a place marked "fits"
    for the card picked up, else the first card of the hand that is not dimmed (dimmed: it
    fits nowhere)."""
    return page.evaluate("""() => {
      const t = document.querySelector('.dn-table');
      const main = t.querySelector('.dn-actions button.dn-primary');
      if (main) return main.dataset.target;
      const fits = t.querySelector('g.sm-fits[data-target]');
      if (fits) return fits.dataset.target;
      const card = t.querySelector("[data-key^='hand-'][data-target]:not(.sm-dim)");
      return card ? card.dataset.target : null;
    }""")


def play_to_the_end(page, act, limit: int = 300) -> int:
    """Choose ``next_action`` with ``act(page, target_id)`` until the game is over; returns
    the number of your moves."""
    moves, done = 0, []
    for _ in range(limit):
        if status(page).startswith("Game over"):
            return moves
        target = next_action(page)
        assert target, f"nothing to choose: {status(page)}"
        name = page.get_attribute(f"[data-target='{target}']", "aria-label") or target
        moves += not name.startswith("pick up")
        done.append(name)
        before = epoch(page)
        act(page, target)
        settled(page, before)
    raise AssertionError(f"no end after {limit} choices: {status(page)}; the last: {done[-6:]}")


def new_game(app, players: int):
    page = app.open(APP, wait_for=".dn-table [data-target]")
    page.get_by_role("combobox", name="Players", exact=True).select_option(label=f"{players} players")
    before = epoch(page)
    page.get_by_role("button", name="New game").click()
    settled(page, before)
    return page


def test_a_full_game_by_clicking_the_drawn_table(app):
    page = new_game(app, 4)
    assert "You and Bo play against Ada and Cy" in status(page)
    # a refused click shows the rule in the status line
    page.get_by_role("button", name="Harvest my sun row").click()
    page.wait_for_function("document.querySelector('.dn-table .dn-status').innerText.includes('rule: harvest')")
    moves = play_to_the_end(page, click)
    assert moves >= 5 and status(page).startswith("Game over")
    assert "score " in page.inner_text(".dn-table .dn-drawing")  # the scores are drawn at the end
    log = page.locator(".dn-log").inner_text()
    assert "Team scores" in log and "You:" in log
    app.assert_clean()


def test_a_full_game_by_keyboard_alone(app):
    page = new_game(app, 2)
    page.locator(".dn-table [data-target]").first.focus()  # then only keys
    moves = play_to_the_end(page, keyboard)
    assert moves >= 5 and status(page).startswith("Game over")
    app.assert_clean()


def test_the_first_screen_holds_the_table_the_hand_and_the_buttons(app):
    page = app.open(APP, wait_for=".dn-table [data-target]")
    page.get_by_role("button", name="Play a game").click()  # the guided game's offer, answered
    page.wait_for_function("document.querySelector('.dn-table .dn-note').hidden")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("window.scrollTo(0, 0)")
    boxes = {}
    for name in ("Harvest my sun row", "Harvest my moon row", "Self-destruct", "Hint"):
        boxes[name] = page.get_by_role("button", name=name).bounding_box()
    for i, card in enumerate(page.locator("[data-key^='hand-']").all()):
        boxes[f"hand card {i + 1}"] = card.bounding_box()
    boxes["the table"] = page.locator(".dn-table .dn-drawing svg").bounding_box()
    boxes["the status line"] = page.locator(".dn-table .dn-status").bounding_box()
    assert len(boxes) >= 10
    for name, box in boxes.items():
        assert box and box["x"] >= 0 and box["y"] >= 0, name
        assert box["x"] + box["width"] <= 1280 and box["y"] + box["height"] <= 800, (name, box)
    # every target has an accessible name, and is found by it
    targets = page.locator(".dn-table [data-target]")
    for i in range(targets.count()):
        node = targets.nth(i)
        name = node.get_attribute("aria-label") or node.inner_text()
        assert name.strip(), node.evaluate("n => n.outerHTML.slice(0, 120)")
        assert page.get_by_role("button", name=name, exact=True).count() >= 1, name
    app.assert_clean()


#: what the drawn table shows, animation aside: the name of every labelled piece and every word
DRAWN_JS = """() => [...document.querySelectorAll('.dn-drawing [aria-label], .dn-drawing text')]
  .map(n => n.getAttribute('aria-label') || n.textContent)"""
KEPT_JS = "() => JSON.parse(localStorage.getItem('daynight.game.v1.sunmoon') || 'null')?.record"


def choose_next(page, act=click) -> str:
    """Click ``next_action`` (or choose it with ``act(page, target_id)``) and wait until the table
    answers; the name of what was chosen."""
    target = next_action(page)
    assert target, f"nothing to choose: {status(page)}"
    name = page.get_attribute(f"[data-target='{target}']", "aria-label") or target
    before = epoch(page)
    act(page, target)
    settled(page, before)
    return name


def test_a_game_survives_its_kernel_ended_through_the_server(app, voila):
    """Issue 24: the kernel ended, the next click says so (the dead-page message), its button
    reloads and the game goes on at the same move with the same table."""
    page = new_game(app, 2)
    # two cards played by keyboard alone (none left picked up; the bot answers each): Tab to a card or
    # a place, Enter (the whole game by keys is make test-long's test_a_full_game_by_keyboard_alone)
    page.locator(".dn-table [data-target]").first.focus()
    played = 0
    while played < 2:
        played += not choose_next(page, keyboard).startswith("pick up")
    record, drawn = page.evaluate(KEPT_JS), page.evaluate(DRAWN_JS)
    assert record and len(record["moves"]) >= 2, record
    end_kernel(voila, kernel_id(page))
    clicked = time.monotonic()
    page.locator("[data-key^='hand-'][data-target]").first.click()
    dead = wait_dead(page)
    print(f"the page said so {time.monotonic() - clicked:.1f} s after the click")  # issue 24 asks 2 s
    assert dead["state"] == "gone" and "Your game is kept in this browser" in dead["text"], dead
    page.get_by_role("button", name="Reload and continue your game").click()
    page.wait_for_function(
        "() => document.querySelector('.dn-table .dn-status')?.innerText.includes('goes on at move')", timeout=120_000
    )
    moves = len(record["moves"])
    assert f"goes on at move {moves}" in status(page) and page.locator("#dn-dead").count() == 0
    assert page.evaluate(KEPT_JS) == record and page.evaluate(DRAWN_JS) == drawn, "the same game, the same table"
    choose_next(page)  # and it goes on
    app.assert_clean()
