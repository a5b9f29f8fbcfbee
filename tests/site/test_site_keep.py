"""Kept games on the static site (issue 24): the app runs in the visitor's browser (Pyodide), and
its game is kept in the browser's storage (widgets/keep.py), so a reload, or a closed tab and a
new one in the same browser, offers "Continue your game (move N)"; continued, it is the same
game (the same words on the drawn table, the same kept record) and it goes on."""

from __future__ import annotations

import re

from tests.browser.test_stars_app import click_next
from tests.site.conftest import START_TIMEOUT_MS

TARGETS = ".dn-table [data-target]"
#: the stars table in words (as tests/browser/test_stars_app.py reads it; a hidden note's buttons aside)
STARS_JS = """() => ({
  words: [...document.querySelectorAll('.dn-drawing text')].map((t) => t.textContent),
  targets: [...document.querySelectorAll('.dn-table [data-target]')].filter((t) => !t.closest('.dn-note[hidden]'))
    .map((t) => t.getAttribute('aria-label') || t.innerText),
  record: JSON.parse(localStorage.getItem('daynight.game.v1.stars') || 'null')?.record,
})"""
#: the temple duel's table in words (as tests/browser/test_temples_app.py reads it)
TEMPLES_JS = """() => ({
  labels: [...document.querySelectorAll('.dn-drawing [aria-label]')].map((e) => e.getAttribute('aria-label')),
  kept: JSON.parse(localStorage.getItem('daynight.game.v1.temples') || 'null')?.record,
})"""


def moves_kept(shown: dict) -> int:
    record = shown.get("record") or shown.get("kept")
    assert record, f"nothing kept in the browser: {shown}"
    return len(record["moves"])


def continue_kept(page, moves: int) -> None:
    """The opening offers the kept game at ``moves``; continue it and wait until it goes on."""
    offer = page.get_by_role("button", name=f"Continue your game (move {moves})", exact=True)
    offer.wait_for(timeout=START_TIMEOUT_MS)
    offer.click()
    page.wait_for_function(
        "n => document.querySelector('.dn-table .dn-status')?.innerText.includes(`goes on at move ${n}`)",
        arg=moves,
        timeout=60_000,
    )


def click_move(page, name) -> None:
    """Click the drawn target named ``name`` and wait until the table is redrawn."""
    before = page.get_attribute(".dn-table", "data-epoch")
    page.get_by_role("button", name=name).first.click()
    page.wait_for_function(f"document.querySelector('.dn-table').dataset.epoch !== '{before}'", timeout=60_000)


def play_to_a_decision(page, clicks: int) -> None:
    """At least ``clicks`` moves of the learner, until the table waits for a card of yours (not
    a round's end, whose summary a continued game does not show again: it goes on in the next
    round, as tests/browser/test_stars_app.py's continued game does)."""
    for n in range(12):
        if n >= clicks and not page.locator(".dn-table .dn-actions button.dn-primary").count():
            return
        click_next(page)
    raise AssertionError("no decision of yours in 12 clicks")


def test_a_stars_game_goes_on_after_a_reload_and_in_a_new_tab(site_page, pages):
    path = pages["live"]["stars/play.ipynb"]
    page = site_page.open(path, wait_for=TARGETS)
    site_page.play_a_game()
    play_to_a_decision(page, 2)
    shown = page.evaluate(STARS_JS)
    moves = moves_kept(shown)

    page.reload(wait_until="domcontentloaded")
    continue_kept(page, moves)
    assert page.evaluate(STARS_JS) == shown, "the same table at the same move, the same kept record"
    play_to_a_decision(page, 1)  # and it goes on
    shown = page.evaluate(STARS_JS)
    assert moves_kept(shown) > moves
    site_page.assert_clean()

    # the tab closed; a new tab of the same browser opens the page again
    page.close()
    page = site_page.page = site_page.context.new_page()
    page.set_default_timeout(120_000)
    page.on("pageerror", lambda e: site_page.console_errors.append(f"uncaught: {e}"))
    site_page.open(path, wait_for=TARGETS)
    continue_kept(page, moves_kept(shown))
    assert page.evaluate(STARS_JS) == shown, "the same game in the new tab"
    site_page.assert_clean()


def test_a_temples_game_goes_on_after_a_reload(site_page, pages):
    page = site_page.open(pages["live"]["temples/play.ipynb"], wait_for=TARGETS)
    site_page.play_a_game()
    for name in ("travel to B1, neutral-tile", "Retreat (end the turn)", re.compile("^discard ")):
        click_move(page, name)  # Day travels, retreats with six spells, discards one; the bot plays Night
    page.get_by_role("group", name=re.compile("Turn 3: Day's turn")).wait_for(timeout=60_000)
    shown = page.evaluate(TEMPLES_JS)
    moves = moves_kept(shown)
    assert shown["kept"]["game"] == "temples"

    page.reload(wait_until="domcontentloaded")
    continue_kept(page, moves)
    assert page.evaluate(TEMPLES_JS) == shown, "the same table at the same move, the same kept record"
    click_move(page, re.compile("^travel to B2,"))  # and it goes on
    assert moves_kept(page.evaluate(TEMPLES_JS)) > moves
    site_page.assert_clean()
