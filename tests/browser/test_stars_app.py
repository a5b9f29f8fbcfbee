"""The stars play app in Voila, in headless Chromium: a whole game played by clicking cards
against bots, the new-game control, the hint chart, and a clean page."""

from __future__ import annotations

import re

CARD = re.compile(r"^(blue|orange|pink|purple) \d+ · (\d stars?|time symbol)$")
TAKE = re.compile(r"^Take (blue|orange|pink|purple) \d+ · ")


def _last_event(page) -> int:
    return page.evaluate("() => { const li = document.querySelector('.dn-log li:last-child'); "
                         "return li ? li.value : 0; }")


def _wait_for_new_events(page, before: int) -> None:
    page.wait_for_function(
        "(n) => { const li = document.querySelector('.dn-log li:last-child'); return li && li.value > n; }",
        arg=before, timeout=60_000)


def test_full_game_by_clicking_against_bots(app):
    page = app.open("stars/play.ipynb")
    page.get_by_role("button", name="New game").wait_for()
    # the new-game control: 3 players, a rule-of-thumb bot and a random bot
    page.get_by_role("combobox", name="Players").select_option(label="3 players")
    page.get_by_role("combobox", name="Bot 1").select_option(label="Rule of thumb")
    page.get_by_role("combobox", name="Bot 2").select_option(label="Random")
    expect_hidden = page.get_by_role("combobox", name="Bot 3")
    expect_hidden.wait_for(state="hidden")
    page.get_by_role("button", name="New game").click()
    page.get_by_text("New game: 3 players").wait_for()
    assert page.get_by_text("Bot 2 (Random)").first.is_visible()

    # the time card and the hand read in words
    assert page.get_by_role("img", name=re.compile(r"^Time card: (day|night)")).count() == 1
    hand = page.get_by_role("button", name=CARD)
    assert hand.count() == 7

    # a hint, drawn as a chart, for the first decision
    page.get_by_role("button", name="Hint (1,000 rollouts)").click()
    page.wait_for_selector(".js-plotly-plot", timeout=90_000)
    assert page.get_by_text(re.compile(r"Hint from 1,00\d rollouts")).is_visible()

    clicks = 0
    while not page.get_by_text("Game over.").count():
        assert clicks < 80, "the game did not end"
        before = _last_event(page)
        take = page.get_by_role("button", name=TAKE)
        if take.count():
            take.first.click()
        else:
            cards = page.get_by_role("button", name=CARD)
            enabled = [cards.nth(i) for i in range(cards.count()) if cards.nth(i).is_enabled()]
            assert enabled, "neither a card to play nor a card to take"
            enabled[0].click()
        clicks += 1
        _wait_for_new_events(page, before)
        assert "Not allowed" not in page.get_by_role("status").first.inner_text()

    body = page.inner_text("body")
    assert clicks >= 16, f"a game of 3 players is at least 8 rounds of two plays ({clicks} clicks)"
    assert "The game is over" in body and re.search(r"Winners?: ", body)
    assert all(not page.get_by_role("button", name=CARD).nth(i).is_enabled()
               for i in range(page.get_by_role("button", name=CARD).count()))
    app.assert_clean()
