"""The stars play app in Voila, in headless Chromium: the drawn table played to its end by
clicking drawn cards, once more by keyboard alone, a refused click and the Hint, and the first
1280x800 screen.

Targets are found by role and name: the cards of your hand ("play orange 8, 1 star"), the
face-up cards when it is your turn to choose ("take pink 13, 4 stars"), and the toolbar
("Next round" after each round, "Hint (1,000 rollouts)")."""

from __future__ import annotations

import re

from tests.browser.conftest import click_target as click
from tests.browser.conftest import keyboard_choose as keyboard
from tests.browser.conftest import table_epoch as epoch
from tests.browser.conftest import table_status as status

APP = "stars/play.ipynb"
CARD = re.compile(r"^(play|take) (blue|orange|pink|purple) \d+, (\d stars?|time symbol)$")


def redrawn(page, before: str) -> None:
    page.wait_for_function(f"document.querySelector('.dn-table').dataset.epoch !== '{before}'", timeout=60_000)


def next_action(page) -> str | None:
    """What a player does next: the toolbar's main button (Next round), else a face-up card to
    take, else the first card of the hand."""
    return page.evaluate("""() => {
      const t = document.querySelector('.dn-table');
      const main = t.querySelector('.dn-actions button.dn-primary');
      if (main) return main.dataset.target;
      const take = t.querySelector("[data-key^='card-'][data-target]");
      if (take) return take.dataset.target;
      const card = t.querySelector("[data-key^='hand-'][data-target]");
      return card ? card.dataset.target : null;
    }""")


def play_to_the_end(page, act, limit: int = 120) -> list[str]:
    """Choose ``next_action`` with ``act(page, target_id)`` until the game is over; the names
    of the targets chosen."""
    done = []
    for _ in range(limit):
        if "Game over" in status(page):
            return done
        target = next_action(page)
        assert target, f"nothing to choose: {status(page)}"
        name = page.get_attribute(f"[data-target='{target}']", "aria-label") or page.inner_text(
            f"[data-target='{target}']"
        )
        done.append(name)
        before = epoch(page)
        act(page, target)
        redrawn(page, before)
        assert "Not allowed" not in status(page), status(page)
    raise AssertionError(f"no end after {limit} choices: {status(page)}; the last: {done[-6:]}")


def new_game(page, players: str, *bots: str) -> None:
    page.get_by_role("combobox", name="Players", exact=True).select_option(label=players)
    for i, bot in enumerate(bots, 1):
        page.get_by_role("combobox", name=f"Bot {i}", exact=True).select_option(label=bot)
    before = epoch(page)
    page.get_by_role("button", name="New game").click()
    redrawn(page, before)


def test_a_full_game_by_clicking_the_drawn_cards(app):
    page = app.open(APP, wait_for=".dn-table [data-target]")
    new_game(page, "3 players", "Rule of thumb", "Random")
    page.get_by_role("combobox", name="Bot 3", exact=True).wait_for(state="hidden")
    assert status(page).startswith("New game: 3 players")
    hand = page.get_by_role("button", name=CARD)
    assert hand.count() == 7
    # the time card and the opponents' places read in words
    assert page.get_by_role("img", name=re.compile(r"^time card: (day|night)")).count() == 1
    assert page.get_by_role("group", name="Bot 2 (Random)'s place").count() == 1
    # the first Hint answers (within its time budget) and writes under the cards
    before = epoch(page)
    page.get_by_role("button", name="Hint (1,000 rollouts)").click()
    redrawn(page, before)
    assert status(page).startswith("Hint from")
    assert len(re.findall(r"\d\.\d stars", page.inner_text(".dn-table .dn-drawing"))) == 7
    done = play_to_the_end(page, click)
    plays = [n for n in done if n.startswith("play ")]
    assert len(plays) >= 16, f"a game of 3 players is at least 8 rounds of two plays ({len(plays)})"
    assert "Next round" in done and re.search(r"Winners?: ", status(page))
    assert page.get_by_role("button", name=CARD).count() == 0, "nothing to click after the end"
    assert "The game is over" in page.locator(".dn-log").inner_text()
    app.assert_clean()


def test_a_refused_click_shows_its_rule(app):
    page = app.open(APP, wait_for=".dn-table [data-target]")
    new_game(page, "3 players", "Random", "Random")
    for _ in range(20):  # play until a round is over, then ask for a hint: refused with its rule
        if page.get_by_role("button", name="Next round").count():
            break
        before = epoch(page)
        click(page, next_action(page))
        redrawn(page, before)
    page.get_by_role("button", name="Hint (1,000 rollouts)").click()
    page.wait_for_function("document.querySelector('.dn-table .dn-status').innerText.includes('rule: hint')")
    assert page.get_attribute(".dn-table .dn-status", "data-kind") == "error"
    assert "Not allowed: the round is over" in status(page)
    app.assert_clean()


def test_a_full_game_by_keyboard_alone(app):
    page = app.open(APP, wait_for=".dn-table [data-target]")
    new_game(page, "3 players", "Random", "Rule of thumb")
    page.locator(".dn-table [data-target]").first.focus()  # then only keys
    done = play_to_the_end(page, keyboard)
    assert len([n for n in done if n.startswith("play ")]) >= 16 and "Game over" in status(page)
    app.assert_clean()


def test_the_first_screen_holds_the_table_the_hand_and_the_buttons(app):
    page = app.open(APP, wait_for=".dn-table [data-target]")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("window.scrollTo(0, 0)")
    boxes = {
        "Hint": page.get_by_role("button", name="Hint (1,000 rollouts)").bounding_box(),
        "New game": page.get_by_role("button", name="New game").bounding_box(),
        "the table": page.locator(".dn-table .dn-drawing svg").bounding_box(),
        "the status line": page.locator(".dn-table .dn-status").bounding_box(),
        "the time card": page.get_by_role("img", name=re.compile(r"^time card")).bounding_box(),
    }
    for i, card in enumerate(page.locator("[data-key^='hand-']").all()):
        boxes[f"hand card {i + 1}"] = card.bounding_box()
    assert len(boxes) == 12
    for name, box in boxes.items():
        assert box and box["x"] >= 0 and box["y"] >= 0, name
        assert box["x"] + box["width"] <= 1280 and box["y"] + box["height"] <= 800, (name, box)
    # every target has an accessible name, and is found by it
    targets = page.locator(".dn-table [data-target]")
    assert targets.count() == 8
    for i in range(targets.count()):
        node = targets.nth(i)
        name = node.get_attribute("aria-label") or node.inner_text()
        assert name.strip(), node.evaluate("n => n.outerHTML.slice(0, 120)")
        assert page.get_by_role("button", name=name, exact=True).count() >= 1, name
    app.assert_clean()
