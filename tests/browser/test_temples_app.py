"""The temple duel in Voila, in headless Chromium: a whole short game played by clicking.

A full two-temple game against a bot takes a few hundred clicks, so the test starts the app's
"Near the end" scenario (a recorded position: Day has one temple and eight tiles of the
second; Night, the bot, is to move). The bot plays Night's turn; Day then tries an illegal
travel (the reason is shown), casts Sunwalk and clicks its targets, and wins by casting
Morning Dew, which places the ninth tile. Controls are found by role and name.
"""

import re

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
