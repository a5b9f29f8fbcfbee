"""The temple duel in Voila, in headless Chromium, played by clicking.

* A whole game from the first turn: with "Short game" (one temple wins) Day retreats every
  turn and the rule-of-thumb bot (Night) builds her temple and wins.
* A full two-temple game against a bot takes a few hundred clicks, so a second test starts the
  app's "Near the end" scenario (a recorded position: Day has one temple and eight tiles of the
  second; Night, the bot, is to move). The bot plays Night's turn; Day then tries an illegal
  travel (the reason is shown), casts Sunwalk and clicks its targets, and wins by casting
  Morning Dew, which places the ninth tile.
* Two players at one screen: Night's Mimic and the choice of nine tiles out of ten.

Controls are found by role and name.
"""

import re

from playwright.sync_api import expect

#: each click waits for the kernel; on a loaded 2-core machine that can take more than 30 s
SLOW_MACHINE_MS = 90_000


def test_temples_short_game_by_clicking(app):
    page = app.open("temples/play.ipynb", wait_for="text=Day & Night, the temple duel: play")
    page.set_default_timeout(SLOW_MACHINE_MS)
    page.get_by_role("button", name="New game").wait_for()
    page.get_by_role("button", name=re.compile(r"^A1 empty \(Day\)")).wait_for()
    # travel one square and see the hours go down
    page.get_by_role("button", name=re.compile(r"^B1 empty")).click()
    page.get_by_text("9 hours left").first.wait_for()
    # start from the recorded near-end position
    page.get_by_role("combobox", name="Start").select_option(label="Near the end: Day needs one more tile for her second temple")
    page.get_by_role("button", name="New game").click()
    page.get_by_text("Turn 31: Day's turn").wait_for()
    page.get_by_text("Night retreats").first.wait_for()     # the bot played Night's turn
    # a refused click shows the rule
    page.get_by_role("button", name=re.compile(r"^A8 ")).click()
    page.get_by_role("status").get_by_text("Not allowed").wait_for()
    assert "2.1 Travelling" in page.get_by_role("status").inner_text()
    # cast Sunwalk (1 hour): click its two targets, D8 and back to D7 (a move, not travelling)
    page.get_by_role("button", name=re.compile(r"^Sunwalk")).click()
    page.get_by_role("button", name=re.compile(r"^D8 ")).click()
    page.get_by_role("button", name=re.compile(r"^D7 ")).click()
    page.get_by_text("11 hours left").first.wait_for()
    # Morning Dew places the ninth tile on D7: the second temple wins
    page.get_by_role("button", name=re.compile(r"^Morning Dew")).click()
    page.get_by_text("Day has built her second temple and wins.").first.wait_for()
    page.get_by_role("button", name=re.compile(r"^D7 Day T")).wait_for()   # a temple tile now
    app.assert_clean()


def test_temples_two_players_mimic_and_the_temple_pick(app):
    """Two players at one screen, a short game (one temple wins): Night's Mimic changes two
    bordering tiles, ten Night-tiles connect, and Night clicks the nine of her temple."""
    page = app.open("temples/play.ipynb", wait_for="text=Day & Night, the temple duel: play")
    page.set_default_timeout(SLOW_MACHINE_MS)
    page.get_by_role("combobox", name="Mode").select_option(label="Two players at one screen")
    page.get_by_role("combobox", name="Start").select_option(label="Near the end: Night's Mimic can finish her temple")
    page.get_by_role("button", name="New game").click()
    page.get_by_text("Turn 20: Night's turn").wait_for()
    page.get_by_role("button", name=re.compile(r"^Mimic")).click()
    page.get_by_role("button", name=re.compile(r"^A1 ")).click()        # not a bordering square
    page.get_by_role("status").get_by_text("Not allowed").wait_for()
    for name in ("D7", "F7"):
        page.get_by_role("button", name=re.compile(rf"^{name} ")).click()
    page.get_by_text("pick the tiles of your temple").first.wait_for()
    for name in ("E4", "F4", "E5", "F5", "E6", "F6", "D6", "E7", "F7"):
        page.get_by_role("button", name=re.compile(rf"^{name} ")).click()
    page.get_by_text("Night has built her first temple and wins.").first.wait_for()
    page.get_by_role("button", name=re.compile(r"^D7 Night$")).wait_for()   # the tenth tile: no temple
    app.assert_clean()


def test_temples_whole_short_game_from_the_start(app):
    """A whole game from the first turn, by clicking: "Short game" (one temple wins), Day
    retreats at once every turn, and the rule-of-thumb bot (Night) builds a temple and wins."""
    page = app.open("temples/play.ipynb", wait_for="text=Day & Night, the temple duel: play")
    page.set_default_timeout(SLOW_MACHINE_MS)
    page.get_by_role("checkbox", name="Short game: one temple wins").check()
    page.get_by_role("spinbutton", name="Seed").fill("4")
    page.get_by_role("button", name="New game").click()
    page.get_by_text(re.compile(r"^Turn 1: Day's turn")).first.wait_for()
    retreat = page.get_by_role("button", name="Retreat (end the turn)")
    over = page.get_by_text(re.compile(r"has built her first temple and wins"))
    turns = 0
    while not over.count():
        turn = 2 * turns + 1
        page.get_by_text(re.compile(rf"^Turn {turn}: Day's turn")).first.wait_for()
        retreat.click()
        turns += 1
        # the bot answers with Night's whole turn; then it is Day's turn again, or the game is over
        page.wait_for_function(
            """n => document.body.innerText.includes(`Turn ${n}: Day's turn`)
                    || document.body.innerText.includes('has built her first temple and wins')""",
            arg=turn + 2)
        assert "Not allowed" not in page.get_by_role("status").first.inner_text()
        assert turns < 40, "the short game did not end"
    assert turns >= 3, f"a whole game is several turns, not {turns}"
    assert "Night has built her first temple and wins" in page.inner_text("body")
    # the game is over: the controls follow (they update just after the text)
    expect(page.get_by_role("button", name="Retreat (end the turn)")).to_be_disabled()
    app.assert_clean()
