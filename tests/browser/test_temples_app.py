"""The temple duel in Voila, in headless Chromium, played on the drawn table.

* The first screen (1280 x 800, no scrolling) holds the board, the hand and the main button;
  every target of the drawing is a named control.
* A game played to its end by clicking drawn pieces: the "Near the end" scenario (Day has one
  temple and eight tiles of the second; the bot plays Night's turn first). Day clicks a square
  she cannot travel to (the rule is shown), casts Sunwalk by clicking its card and moves to D8
  by clicking it, stops, travels to D7, is refused a spell after travelling, undoes the
  travel, and wins with Sunbeam on D7, the ninth tile.
* The same game once by keyboard alone: Tab to a piece, Enter or Space to play it.
* The game survives its kernel ended through the server (issue 24): the page says so after the
  next click, and its one button reloads and continues at the same move with the same table.

Controls are found by role and name, as a learner (or a screen reader) finds them.
"""

from __future__ import annotations

import re
import time

from tests.browser.conftest import AppPage, end_kernel, kernel_id, wait_dead, wait_note

#: a click waits for the kernel; on a loaded 2-core machine that can take more than 30 s
SLOW_MACHINE_MS = 90_000
NEAR_END = "Near the end: Day needs one more tile for her second temple"
TARGETS = ".dn-table [data-target]"


def open_app(browser, voila, width=1280, height=800):
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    page.set_default_timeout(SLOW_MACHINE_MS)
    app = AppPage(page, voila.url)
    app.open("temples/play.ipynb", wait_for=TARGETS)
    # a new browser is offered the guided first game first (tests/browser/test_temples_guide.py): play a game
    wait_note(page, "Learn to play")
    page.get_by_role("button", name="Play a game").click()
    page.wait_for_function("document.querySelector('.dn-table .dn-note').hidden")
    return ctx, app


def epoch(page) -> int:
    return int(page.get_attribute(".dn-table", "data-epoch"))


def wait_epoch(page, old: int) -> None:
    page.wait_for_function(f"document.querySelector('.dn-table').dataset.epoch !== '{old}'")


def start_near_end(page) -> None:
    page.get_by_role("combobox", name="Start").select_option(label=NEAR_END)
    before = epoch(page)
    page.get_by_role("button", name="New game").click()
    wait_epoch(page, before)
    page.get_by_role("group", name="The temple duel, as Day sees it: Turn 31: Day's turn, Spell Casting").wait_for()


def test_the_first_screen_holds_the_board_the_hand_and_the_main_buttons(browser, voila):
    ctx, app = open_app(browser, voila)
    page = app.page
    try:
        assert page.evaluate("window.scrollY") == 0
        boxes = {
            "board square F8": page.get_by_role("button", name="travel to F8, neutral-tile, Night stands here"),
            "a square": page.get_by_role("button", name="travel to B1, neutral-tile"),
            "retreat": page.get_by_role("button", name="Retreat (end the turn)"),
            "status": page.locator(".dn-status"),
        }
        cards = page.locator(".dn-table [data-key^='card-']")
        assert cards.count() == 5
        for i in range(cards.count()):
            boxes[f"card {i}"] = cards.nth(i)
        for name, locator in boxes.items():
            box = locator.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= 800, (name, box)
            assert box["x"] >= 0 and box["x"] + box["width"] <= 1280, (name, box)
        # every target is a control with a name in words
        names = page.eval_on_selector_all(
            TARGETS,
            "els => els.map(e => [e.getAttribute('role') || e.tagName, e.getAttribute('aria-label') || e.textContent])",
        )
        assert len(names) == 44 + 5 + 1
        assert all(role in ("button", "BUTTON") and label.strip() for role, label in names), names
        assert page.get_by_role("button", name="cast Sunbeam, 2 hours").count() == 1
        app.assert_clean()
    finally:
        ctx.close()


def test_a_game_to_its_end_by_clicking_the_drawn_pieces(browser, voila):
    ctx, app = open_app(browser, voila)
    page = app.page
    try:
        start_near_end(page)
        assert page.get_by_text("Night retreats").count() >= 1  # the bot played Night's turn
        # a refused click: the table stays, the status names the rule
        before = epoch(page)
        page.get_by_role("button", name="travel to F1, neutral-tile").click()
        page.wait_for_function("document.querySelector('.dn-status').textContent.includes('2.1 Travelling')")
        assert epoch(page) == before and page.get_attribute(".dn-status", "data-kind") == "error"
        # cast Sunwalk by its card, move by clicking the squares it names, stop
        for name in ("cast Sunwalk, 1 hour", "move Day to D8, neutral-tile", "Stop moving"):
            before = epoch(page)
            page.get_by_role("button", name=name).click()
            wait_epoch(page, before)
        assert page.get_by_role("img", name="Day has 11 of 12 hours left").count() == 1

        def click(name: str) -> None:
            before = epoch(page)
            page.get_by_role("button", name=name).click()
            wait_epoch(page, before)

        click("travel to D7, neutral-tile")  # travelling: no more spells this turn
        page.get_by_role("button", name="cast Morning Dew, 0 hours").click()
        page.wait_for_function("document.querySelector('.dn-status').textContent.includes('before travelling')")
        click("Undo my last move")  # back on D8, still casting
        click("cast Sunbeam, 2 hours")
        click("target D7, neutral-tile (change)")  # the ninth tile of her second temple
        page.get_by_role(
            "group", name="The temple duel, as Day sees it: Day has built her second temple and wins."
        ).wait_for()
        assert "second temple and wins" in page.inner_text(".dn-status")
        assert page.get_by_role("img", name="Day has built 2 of 2 temples").count() == 1
        app.assert_clean()
    finally:
        ctx.close()


def test_the_keyboard_alone_plays(browser, voila):
    ctx, app = open_app(browser, voila)
    page = app.page
    try:
        start_near_end(page)
        first = page.locator(TARGETS).first
        first.focus()
        # the focus ring: the focused square's frame is drawn thick in the focus colour
        assert page.evaluate("getComputedStyle(document.activeElement.querySelector('.dn-frame')).strokeWidth") == "5px"

        def tab_to(name: str) -> None:
            for _ in range(80):
                if page.evaluate("document.activeElement.getAttribute('aria-label')") == name:
                    return
                page.keyboard.press("Tab")
            raise AssertionError(f"Tab never reached {name!r}")

        tab_to("cast Sunwalk, 1 hour")
        before = epoch(page)
        page.keyboard.press("Enter")
        wait_epoch(page, before)
        tab_to("move Day to D8, neutral-tile")
        before = epoch(page)
        page.keyboard.press(" ")
        wait_epoch(page, before)
        tab_to("move Day to D7, neutral-tile")
        before = epoch(page)
        page.keyboard.press("Enter")
        wait_epoch(page, before)
        tab_to("cast Morning Dew, 0 hours")
        page.keyboard.press("Enter")
        page.get_by_role(
            "group", name="The temple duel, as Day sees it: Day has built her second temple and wins."
        ).wait_for()
        app.assert_clean()
    finally:
        ctx.close()


#: what the table shows in words: every label of the drawing, and what the browser keeps
SHOWN_JS = """() => ({
  labels: Array.from(document.querySelectorAll('.dn-drawing [aria-label]')).map((e) => e.getAttribute('aria-label')),
  kept: JSON.parse(localStorage.getItem('daynight.game.v1.temples') || 'null')?.record,
})"""


def test_a_game_survives_its_kernel_ended_through_the_server(browser, voila):
    """Issue 24: a few moves, the page's kernel ended through the server, a click: the page says
    so; its one button reloads and continues at the same move with the same table."""
    ctx, app = open_app(browser, voila)
    page = app.page
    try:
        for name in ("travel to B1, neutral-tile", "Retreat (end the turn)", re.compile("^discard ")):
            before = epoch(page)  # Day travels, retreats with six spells, discards one
            page.get_by_role("button", name=name).first.click()
            wait_epoch(page, before)
        page.get_by_role("group", name=re.compile("Turn 3: Day's turn")).wait_for()  # the bot played Night
        shown = page.evaluate(SHOWN_JS)
        moves = len(shown["kept"]["moves"])
        assert moves > 2 and shown["kept"]["game"] == "temples"
        end_kernel(voila, kernel_id(page))
        clicked = time.monotonic()
        page.get_by_role("button", name=re.compile("^travel to B2,")).click()
        dead = wait_dead(page)
        print(f"the page said so {time.monotonic() - clicked:.1f} s after the click")  # issue 24 asks 2 s
        assert dead["state"] == "gone" and "Your game is kept in this browser" in dead["text"], dead
        page.get_by_role("button", name="Reload and continue your game").click()
        page.wait_for_selector(TARGETS, timeout=SLOW_MACHINE_MS)
        page.wait_for_function(
            "n => document.querySelector('.dn-status')?.textContent.includes(`goes on at move ${n}`)", arg=moves
        )
        assert page.evaluate(SHOWN_JS) == shown, "the same move, the same table"
        app.assert_clean()
    finally:
        ctx.close()
