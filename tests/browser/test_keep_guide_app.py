"""The shared front-end machinery in Voila and Chromium, on the toy app of ``tests/toyapp.py``
(Pebbles against a bot), served by the class server as ``make app`` serves it (without preheated
kernels: the session's ``scratch`` server of the tests' own notebooks):

* issue 24: a game survives its kernel ended through the server (the page says so after the
  next click, every control disabled with the reason in its name; its one button reloads and
  continues at the same move with the same table) and a restart of the class server; a short
  loss of the network is said at once and the game goes on when it comes back;
* issue 23: on a phone held upright (390x844 and 360x740, touch) the words are at least 11 px,
  the targets and controls at least 44 px, nothing scrolls sideways, the drawing is shown at
  scale 1; a tap plays; turned to landscape and back, the game is unchanged;
* issue 19: the guided first game, started from the landing page's link (``#learn``), is
  completed by following only what the notes say to click; each note takes the focus.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from daynight.review import NARROW_FILE_WIDTH, write_html
from tests.browser.conftest import (
    ROOT,
    AppPage,
    VoilaServer,
    _need_browser,
    assert_phone_ready,
    end_kernel,
    follow_the_notes,
    kernel_id,
    phone_context,
    raw_get,
    scratch_app,
    wait_dead,
    wait_note,
)
from tests.browser.test_accessibility import controls_of, not_found_by_role_and_name, unnamed, unreachable_by_tab
from tests.toyapp import APP_SOURCE, draw_pebbles
from tests.toygame import Pebbles, Take

PAGE = "toy/play.ipynb"
#: a server started for one page (its pools would warm kernels no test takes)
NO_POOL = ("--pool-size", "0")
READY = ".dn-table [data-target]"
#: what a reloaded page shows: the pile, the status line, the note, what the browser keeps
AFTER_RELOAD_JS = """() => ({
  pile: document.querySelector(".dn-drawing [data-key='pile']")?.getAttribute('aria-label'),
  status: document.querySelector('.dn-status')?.innerText,
  note: document.querySelector('.dn-table .dn-note:not([hidden])')?.innerText,
  dead: document.querySelector('#dn-dead')?.innerText,
  kept: Object.keys(localStorage).map((k) => [k, localStorage.getItem(k).slice(0, 300)]),
})"""


scratch_app("toy", "Pebbles", APP_SOURCE.format(root=str(ROOT)))


@pytest.fixture(scope="module")
def toy_root(scratch_root):
    """A notebooks root holding the landing page and the toy app (and the other browser tests' own)."""
    return scratch_root


@pytest.fixture(scope="module")
def toy_server(scratch):
    """The class server serving :func:`toy_root` (the session's server of the tests' own notebooks,
    without preheated kernels)."""
    return scratch


def open_toy(context, server: VoilaServer, hash_: str = "") -> AppPage:
    page = context.new_page()
    page.set_default_timeout(60_000)
    app = AppPage(page, server.url)
    app.open(PAGE + hash_, wait_for=READY)
    return app


def pile(page) -> str:
    """The words of the pile on the drawing ("The pile: 12 pebbles")."""
    return page.get_attribute(".dn-drawing [data-key='pile']", "aria-label")


#: the table has answered a move: the learner is to move again, the game is over or a note
#: waits (the table is redrawn after the learner's move and again after the bot's answer, so a
#: changed epoch alone may be read between the two)
SETTLED = """(() => {
  const note = document.querySelector('.dn-table .dn-note');
  if (note && !note.hidden) return true;
  const me = document.querySelector(".dn-drawing [data-key='player-0']");
  return !!me && /to move|won|lost/.test(me.textContent);
})()"""


def take(page, name: str = "take 1 pebble", tap: bool = False) -> None:
    """Take pebbles (a click, or a tap, on a drawn button) and wait until the table has
    answered: redrawn, and the bot's answer drawn too."""
    before = page.get_attribute(".dn-table", "data-epoch")
    button = page.get_by_role("button", name=name, exact=True)
    button.tap() if tap else button.click()
    page.wait_for_function(f"document.querySelector('.dn-table').dataset.epoch !== '{before}'")
    page.wait_for_function(SETTLED)


def play_a_game(page) -> None:
    """Dismiss the opening note, then two moves of the learner (the bot answers each)."""
    wait_note(page, "Learn to play")
    page.get_by_role("button", name="Play a game").click()
    page.wait_for_function("document.querySelector('.dn-table .dn-note').hidden")
    take(page)
    take(page)


def test_a_game_survives_its_kernel_ended_through_the_server(browser, toy_server):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        app = open_toy(context, toy_server)
        page = app.page
        play_a_game(page)
        before, drawing = pile(page), page.inner_html(".dn-drawing")
        end_kernel(toy_server, kernel_id(page))
        clicked = time.monotonic()
        page.get_by_role("button", name="take 1 pebble", exact=True).click()
        dead = wait_dead(page)
        print(f"the page said so {time.monotonic() - clicked:.1f} s after the click")  # issue 24 asks 2 s
        assert dead["state"] == "gone" and "Your game is kept in this browser" in dead["text"], dead
        # no control keeps looking usable: disabled, the reason in its accessible name
        assert page.get_by_role("button", name=re.compile(r"^take 1 pebble \(unavailable: ")).count() == 1
        assert page.locator(".jupyter-widgets button:not([disabled])").count() == 0
        assert page.evaluate("document.activeElement.id") == "dn-reload"
        page.get_by_role("button", name="Reload and continue your game").click()
        page.wait_for_selector(READY, timeout=120_000)
        try:
            page.wait_for_function(
                "w => document.querySelector(\".dn-drawing [data-key='pile']\")?.getAttribute('aria-label') === w",
                arg=before,
                timeout=60_000,
            )
        except PlaywrightTimeout:  # say what the page shows instead (a slow machine made this fail once)
            shown = page.evaluate(AFTER_RELOAD_JS)
            raise AssertionError(f"not continued at {before!r}: {shown}") from None
        assert page.inner_html(".dn-drawing") == drawing, "the same table"
        assert page.locator("#dn-dead").count() == 0 and "goes on at move 4" in page.inner_text(".dn-status")
        take(page)  # and it goes on
        app.assert_clean()
    finally:
        context.close()


def test_a_short_loss_of_the_network_is_said_at_once_and_the_game_goes_on(browser, toy_server):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        app = open_toy(context, toy_server)
        page = app.page
        play_a_game(page)
        context.set_offline(True)
        assert wait_dead(page)["state"] == "offline"
        assert page.get_by_role("button", name=re.compile(r"unavailable: this device is offline")).count() >= 3
        context.set_offline(False)
        page.wait_for_selector("#dn-dead", state="detached", timeout=30_000)
        before = pile(page)
        take(page)
        assert pile(page) != before
        app.assert_clean()
    finally:
        context.close()


def test_a_restart_of_the_class_server_loses_no_game(browser, toy_root):
    _need_browser()
    # no preheated kernels: the one page opened at each start gets a kernel of its own at once (a pool
    # would warm the landing page's kernel and the toy's on a core the page needs, and neither is used)
    server = VoilaServer(*NO_POOL, env={"DAYNIGHT_NOTEBOOKS": str(toy_root)}).start()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        app = open_toy(context, server)
        page = app.page
        play_a_game(page)
        before = pile(page)
        server.stop()
        # the page knows at once: its connection dropped (and the server does not answer a check)
        assert wait_dead(page)["state"] in ("reconnecting", "unreachable")
        page.get_by_role("button", name=re.compile(r"^take 1 pebble \(unavailable: ")).click(force=True)
        assert wait_dead(page)["state"] in ("reconnecting", "unreachable")
        server = VoilaServer(*NO_POOL, env={"DAYNIGHT_NOTEBOOKS": str(toy_root)}, port=server.port).start()
        page.get_by_role("button", name="Reload and continue your game").click()
        page.wait_for_selector(READY, timeout=120_000)
        page.wait_for_function(
            "w => document.querySelector(\".dn-drawing [data-key='pile']\")?.getAttribute('aria-label') === w",
            arg=before,
            timeout=60_000,
        )
        app.assert_clean()
    finally:
        context.close()
        server.stop()


@pytest.mark.parametrize("size", ["390x844", "360x740"])
def test_a_phone_plays_by_touch_with_words_and_targets_large_enough(browser, toy_server, size):
    context = phone_context(browser, size)
    try:
        app = open_toy(context, toy_server)
        page = app.page
        page.wait_for_function("document.querySelector('.dn-table').dataset.screen === 'narrow'")
        wait_note(page, "Learn to play")
        page.get_by_role("button", name="Play a game").tap()
        page.wait_for_function("document.querySelector('.dn-table .dn-note').hidden")
        width = page.evaluate("document.querySelector('.dn-table').clientWidth")
        page.wait_for_function(f"document.querySelector('.dn-drawing svg').viewBox.baseVal.width === {width}")
        m = assert_phone_ready(page)
        # the decision and its controls on the first screen
        assert page.locator("[data-key='take-1']").bounding_box()["y"] < page.viewport_size["height"]
        take(page, tap=True)
        kept = pile(page)
        # turned to landscape: the wide arrangement; and back: the narrow one, the same game
        w, h = page.viewport_size["width"], page.viewport_size["height"]
        page.set_viewport_size({"width": h, "height": w})
        page.wait_for_function("document.querySelector('.dn-table').dataset.screen === 'wide'")
        page.wait_for_function(f"document.querySelector('.dn-drawing svg').viewBox.baseVal.width !== {width}")
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_function(f"document.querySelector('.dn-drawing svg').viewBox.baseVal.width === {width}")
        assert pile(page) == kept
        assert_phone_ready(page)
        app.assert_clean()
        print(size, m)
    finally:
        context.close()


def test_the_guided_game_is_completed_by_following_its_notes(browser, toy_server):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        app = open_toy(context, toy_server, "#learn")
        page = app.page
        wait_note(page, "Take the last pebble")
        seen = follow_the_notes(page, "You have played your first game")
        assert "You have played your first game" in page.inner_text(".dn-table .dn-note")
        assert seen[0] == "Learn to play Pebbles" and "Taking pebbles" in seen and "The end of the game" in seen
        kept = page.evaluate("() => JSON.parse(localStorage.getItem('daynight.guide.v1.pebbles'))")
        assert kept["finished"] and kept["shown"] == ["taking", "end"]
        app.assert_clean()
    finally:
        context.close()


def test_the_server_says_why_it_ended_a_pages_kernel(toy_root):
    """A page that never connected (a laptop closed before the page ran) has its kernel ended
    after the orphan timeout; the server remembers why, and tells that page (only it knows the
    kernel's id) when it asks: the words its dead-page message shows."""
    _need_browser()
    server = VoilaServer("--orphan-timeout", "3", *NO_POOL, env={"DAYNIGHT_NOTEBOOKS": str(toy_root)}).start()
    try:
        status, html = raw_get(server.url, f"/voila/render/{PAGE}")
        assert status == 200
        kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html.decode()).group(1)
        state = json.loads(raw_get(server.url, f"/daynight/kernel/{kernel}")[1])
        assert state["daynight"] == "kernel" and state["state"] == "running"
        deadline = time.monotonic() + 90
        while state["state"] == "running" and time.monotonic() < deadline:
            time.sleep(0.5)
            state = json.loads(raw_get(server.url, f"/daynight/kernel/{kernel}")[1])
        assert state == {"daynight": "kernel", "state": "ended", "reason": "orphan", "after": 3.0}, state
        unknown = json.loads(raw_get(server.url, "/daynight/kernel/00000000-0000-0000-0000-000000000000")[1])
        assert unknown == {"daynight": "kernel", "state": "ended", "reason": "unknown", "after": 0.0}
        assert raw_get(server.url, "/daynight/kernel/not-a-kernel")[0] == 404
    finally:
        server.stop()


def test_every_control_of_the_toy_app_is_named_found_and_reached_by_tab(browser, toy_server):
    """The checks of test_accessibility.py on a page with a note open (the opening offer) and with
    a rule's note of the guided game (its rule's words one click away, in a disclosure)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        app = open_toy(context, toy_server)
        page = app.page
        wait_note(page, "Learn to play")
        for step in ("offer", "rule"):
            page.wait_for_timeout(300)
            controls = controls_of(page)
            assert not unnamed(controls), (step, unnamed(controls)[:3])
            assert not not_found_by_role_and_name(page, controls), (
                step,
                not_found_by_role_and_name(page, controls)[:3],
            )
            assert not unreachable_by_tab(page, controls), (step, unreachable_by_tab(page, controls)[:3])
            if step == "offer":
                page.get_by_role("button", name="Learn to play", exact=True).first.click()
                wait_note(page, "Take the last pebble")
                page.get_by_role("button", name="Start").click()
                wait_note(page, "You may take")
                take(page, "take 3 pebbles")
                wait_note(page, "Each turn a player takes")
                assert page.get_by_role("alertdialog", name="Taking pebbles").count() == 1
                page.locator(".dn-note summary").click()
                assert "Two players take 1-3 pebbles in turn." in page.inner_text(".dn-note details")
        app.assert_clean()
    finally:
        context.close()


def test_the_review_file_shows_its_narrow_drawings_on_a_phone(browser, tmp_path):
    """The HTML file of a game whose drawing has a narrow arrangement holds both; on a phone it
    shows the narrow ones at scale 1, turned to landscape the wide ones."""
    game = Pebbles(15)
    for k in (1, 2, 3, 1):
        game.play(Take(len(game.history) % 2, k))
    out = tmp_path / "pebbles.html"
    write_html(game.to_record(), out, cls=Pebbles, draw=draw_pebbles)
    context = phone_context(browser, "360x740")
    try:
        page = context.new_page()
        page.goto(out.as_uri())
        page.wait_for_selector("body[data-ready='1']")
        shown = "() => { const s = document.querySelector('#dn-drawing > svg');"
        shown += " return [s.viewBox.baseVal.width, s.getBoundingClientRect().width]; }"
        assert page.get_attribute("body", "data-layout") == "narrow"
        assert page.evaluate(shown) == [NARROW_FILE_WIDTH, NARROW_FILE_WIDTH]
        page.keyboard.press("ArrowRight")
        assert page.get_attribute("body", "data-step") == "1" and page.evaluate(shown)[0] == NARROW_FILE_WIDTH
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 1
        page.set_viewport_size({"width": 740, "height": 360})
        page.wait_for_selector("body[data-layout='wide']")  # a selector, not a script: the file's CSP forbids eval
        assert page.evaluate(shown)[0] != NARROW_FILE_WIDTH and page.get_attribute("body", "data-step") == "1"
    finally:
        context.close()
