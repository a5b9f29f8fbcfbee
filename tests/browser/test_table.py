"""The drawn table widget in Voila and Chromium: targets are real controls (role, name, Tab,
Enter, Space, a visible focus ring), a refused click shows its rule, a redraw keeps the
keyboard's place, shortcuts step, and reduced motion switches the animations off.

A test app (served from a temporary notebooks root, as ``make app`` serves) plays a tiny
"game": a hand of blue cards, where 7 may never be played.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import AppPage, scratch_app

APP = """
from daynight import IllegalMoveError
from daynight import draw as d
from daynight.widgets.table import Table, Target

BLUE = d.Colour("blue", "#2f6fd0", "#ffffff", "stripes", "light")
hand, played = [2, 3, 7, 9], []
table = Table(label="test table")

def play(v):
    if v == 7:
        raise IllegalMoveError("sevens may not be played", rule="test rule 7")
    hand.remove(v)
    played.append(v)
    redraw(f"You played blue {v}.")

def undo():
    if played:
        hand.append(played.pop())
        hand.sort()
    redraw()

def redraw(said=None):
    cards = [d.card(label=f"blue {v}", colour=BLUE, corner=str(v), key=f"card-{v}") for v in hand]
    pile = [d.Piece(64, 92, d.animate(d.card(label=f"played blue {played[-1]}", colour=BLUE,
                                              corner=str(played[-1])).svg))] if played else []
    drawing = d.document(d.row(cards + pile, gap=10), label=f"hand of {len(hand)} cards")
    targets = [Target(f"play blue {v}", (lambda v=v: play(v)), key=f"card-{v}") for v in hand]
    targets.append(Target("Undo", undo, id="undo", primary=True))
    table.draw(drawing, targets, shortcuts={"u": "undo"}, status=said)

redraw()
table
"""


PAGE = scratch_app("tabletest", "Table test", APP)


@pytest.fixture(scope="module")
def table_app(scratch):
    """The class server serving the test app (the session's server of the tests' own notebooks)."""
    return scratch


def open_app(browser, server, **context):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, **context)
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    app = AppPage(page, server.url)
    app.open(PAGE, wait_for=".dn-table [data-target]")
    return ctx, app


def epoch(page) -> int:
    return int(page.get_attribute(".dn-table", "data-epoch"))


def wait_epoch(page, old: int) -> None:
    page.wait_for_function(f"document.querySelector('.dn-table').dataset.epoch !== '{old}'")


def test_targets_are_named_buttons_and_clicks_play(browser, table_app):
    ctx, app = open_app(browser, table_app)
    page = app.page
    try:
        for v in (2, 3, 7, 9):
            assert page.get_by_role("button", name=f"play blue {v}").count() == 1
        assert page.get_by_role("region", name="test table").count() == 1
        before = epoch(page)
        page.get_by_role("button", name="play blue 3").click()
        wait_epoch(page, before)
        assert page.get_by_role("button", name="play blue 3").count() == 0
        # the answer arrives with the drawing, in one message
        assert "You played blue 3." in page.inner_text(".dn-status")
        assert page.get_by_role("img", name="played blue 3").count() == 1
        # a refused click: the table stays, the status names the rule
        before = epoch(page)
        page.get_by_role("button", name="play blue 7").click()
        page.wait_for_function("document.querySelector('.dn-status').textContent.includes('test rule 7')")
        assert epoch(page) == before
        assert page.get_attribute(".dn-status", "data-kind") == "error"
        assert "sevens may not be played" in page.inner_text(".dn-status")
        app.assert_clean()
    finally:
        ctx.close()


def test_the_keyboard_alone_plays_and_keeps_its_place(browser, table_app):
    ctx, app = open_app(browser, table_app)
    page = app.page
    try:
        first = page.get_by_role("button", name="play blue 2")
        first.focus()
        # the focus ring: the focused card's frame is drawn thick in the focus colour
        width = page.evaluate("getComputedStyle(document.activeElement.querySelector('.dn-frame')).strokeWidth")
        assert width == "5px", width
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "play blue 3"
        before = epoch(page)
        page.keyboard.press("Enter")
        wait_epoch(page, before)
        # blue 3 is gone: the keyboard is still in the table, on its first target
        assert page.evaluate("document.activeElement.closest('.dn-table') !== null")
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "play blue 2"
        before = epoch(page)
        page.keyboard.press(" ")
        wait_epoch(page, before)
        assert page.get_by_role("button", name="play blue 2").count() == 0
        # the shortcut "u" undoes (a toolbar button, also reachable by Tab)
        before = epoch(page)
        page.keyboard.press("u")
        wait_epoch(page, before)
        assert page.get_by_role("button", name="play blue 2").count() == 1
        assert page.get_by_role("button", name="Undo").count() == 1
        app.assert_clean()
    finally:
        ctx.close()


def test_moments_animate_except_under_reduced_motion(browser, table_app):
    for motion, expected in (("no-preference", "dn-enter"), ("reduce", "none")):
        ctx, app = open_app(browser, table_app, reduced_motion=motion)
        page = app.page
        try:
            before = epoch(page)
            page.get_by_role("button", name="play blue 9").click()
            wait_epoch(page, before)
            name = page.evaluate("getComputedStyle(document.querySelector('.dn-table .dn-anim')).animationName")
            assert name == expected, (motion, name)
            page.get_by_role("button", name="Undo").click()
        finally:
            ctx.close()
