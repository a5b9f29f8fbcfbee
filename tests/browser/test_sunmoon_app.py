"""A full game of Sonne und Mond played by clicking in the Voila app, in headless Chromium.

Controls are found by role and name: the hand's cards by their names ("Sun 20"), the places
where the selected card may go by theirs ("◀ Ada's sun row", "moon 13 eclipsed"), and the
harvest and self-destruct buttons. The opponents are rule-of-thumb bots."""

import re

STATUS = ".dn-status"


def _status(page) -> str:
    return page.locator(STATUS).first.inner_text()


LOG_END = "(() => { const li = document.querySelector('.dn-log li:last-child'); return li ? li.value : 0; })()"


def _log_length(page) -> int:
    """The number of the newest event (the view shows only the latest 200)."""
    return page.evaluate(LOG_END)


def _enabled_names(page, css: str) -> list[str]:
    return page.eval_on_selector_all(css, "els => els.filter(e => !e.disabled).map(e => e.innerText.trim())")


def test_a_full_game_by_clicking(app):
    page = app.open("sunmoon/play.ipynb", wait_for="text=Your hand")
    page.get_by_role("combobox", name="Players").select_option(label="4 players")
    page.get_by_role("button", name="New game").click()
    page.wait_for_function(f"() => {LOG_END} >= 1")
    page.get_by_text("against 3 rule of thumb bots").wait_for()
    assert page.get_by_role("button", name="Harvest my sun row").is_disabled()
    assert "a harvest needs 5 or more" in page.locator(".dn-reasons").inner_text()

    moves = 0
    for _ in range(400):
        status = _status(page)
        if status.startswith("Game over"):
            break
        before = _log_length(page)
        actions = [n for n in ("Harvest my sun row", "Harvest my moon row", "Self-destruct")
                   if page.get_by_role("button", name=n).is_enabled()]
        if actions:
            page.get_by_role("button", name=actions[0]).click()
        else:
            played = False
            for name in page.locator(".dn-hand").all_inner_texts():
                page.get_by_role("button", name=name.strip(), exact=True).click()
                page.wait_for_function(
                    "(label) => document.querySelector('.dn-status').innerText.toLowerCase()"
                    ".startsWith(label.toLowerCase())", arg=name.strip())
                targets = _enabled_names(page, ".dn-target, .dn-place")
                if targets:
                    page.get_by_role("button", name=targets[0], exact=True).click()
                    played = True
                    break
            assert played, f"no card could be played although the app offered no other action: {status}"
        page.wait_for_function(f"() => {LOG_END} > {before}")
        page.wait_for_function("() => { const s = document.querySelector('.dn-status').innerText;"
                               " return s.startsWith('Your') || s.startsWith('Game over'); }")
        moves += 1
    assert _status(page).startswith("Game over"), _status(page)
    assert moves >= 5
    log = page.locator(".dn-log").inner_text()
    assert re.search(r"You: \d+ harvested sun and moon cards", log), log[-500:]
    page.wait_for_selector(".js-plotly-plot", timeout=60_000)  # the final score chart
    assert page.get_by_role("button", name="Harvest my sun row").is_disabled()
    app.assert_clean()
