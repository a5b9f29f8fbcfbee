"""The MTG day/night tracker in Voila, driven in headless Chromium by role and name, the way a
player at a real table uses it."""

import re


def test_tracker_at_the_table(app):
    page = app.open("mtg/tracker.ipynb", wait_for="text=NEITHER DAY NOR NIGHT")
    sky = page.get_by_role("img", name="It is neither day nor night (the game has no designation yet).")
    assert sky.is_visible()

    page.get_by_role("button", name="Next turn", exact=True).click()
    page.get_by_text("Turn 1: Alice's turn.").wait_for()

    # a werewolf enters by name: it becomes day (702.145d)
    name_box = page.get_by_role("combobox", name="Permanent")
    name_box.fill("Brutal Cathar")
    name_box.press("Enter")
    page.get_by_role("button", name="Add permanent").click()
    page.get_by_role("img", name="It is day.").wait_for()
    page.get_by_text("#1 Brutal Cathar (daybound face up)").first.wait_for()
    page.get_by_text(re.compile("If Alice casts no spell this turn, it becomes night")).wait_for()

    # Bob's instant on Alice's turn does not count: night at the next untap step (728.2a)
    page.get_by_role("button", name="Bob casts a spell").click()
    page.get_by_text(re.compile("only the active player's spells count")).first.wait_for()
    page.get_by_role("button", name="Next turn", exact=True).click()
    page.get_by_role("img", name="It is night.").wait_for()
    page.get_by_text("#1 Moonrage Brute (nightbound face up)").first.wait_for()

    # Bob casts two spells (a copy does not count): day at the next untap step (728.2b)
    page.get_by_role("button", name="Bob casts a spell").click()
    page.get_by_role("button", name="Bob copies a spell").click()
    page.get_by_text(re.compile("If Bob casts 1 more spell this turn, it becomes day")).wait_for()
    page.get_by_role("button", name="Bob casts a spell").click()
    page.get_by_text(re.compile("It becomes day at the next untap step")).wait_for()
    page.get_by_role("button", name="Next turn", exact=True).click()
    page.get_by_role("img", name="It is day.").wait_for()
    page.get_by_text("Turn 3: Carol's turn.").wait_for()

    # an effect, then a refused action shows the engine's reason
    page.get_by_role("button", name="It becomes night").click()
    page.get_by_role("img", name="It is night.").wait_for()
    page.get_by_role("button", name="Undo").click()
    page.get_by_role("img", name="It is day.").wait_for()
    page.get_by_role("button", name="Add permanent").click()  # no name typed
    page.get_by_text(re.compile("Not allowed: type the name of the permanent first")).wait_for()

    log = page.get_by_role("log", name="event log").inner_text()
    assert "Day and Night, CR 728.2a" in log and "Day and Night, CR 728.2b" in log
    assert "Brutal Cathar transforms into Moonrage Brute" in log

    # the chart of the game: plotly is loaded on this click, from the server
    page.get_by_role("button", name="Chart of this game").click()
    page.locator(".jp-RenderedPlotly").first.wait_for()
    app.assert_clean()


def test_tracker_two_headed_giant(app):
    page = app.open("mtg/tracker.ipynb", wait_for="text=NEITHER DAY NOR NIGHT")
    page.get_by_role("textbox", name="Players").fill("Ann, Ben, Cat, Dov")
    page.get_by_role("checkbox", name="Two-Headed Giant (shared team turns)").check()
    page.get_by_role("button", name="New game").click()
    page.get_by_text(re.compile("New game: Team Ann & Ben, Team Cat & Dov")).wait_for()
    page.get_by_role("button", name="Next turn", exact=True).click()
    page.get_by_role("button", name="It becomes night").click()
    page.get_by_role("button", name="Ann casts a spell").click()
    page.get_by_role("button", name="Ben casts a spell").click()
    page.get_by_text(re.compile("team totals do not add up")).first.wait_for()
    page.get_by_role("button", name="Next turn", exact=True).click()
    page.get_by_text("Turn 2: Team Cat & Dov's turn (Cat and Dov).").wait_for()
    assert page.get_by_role("img", name="It is night.").is_visible()
    app.assert_clean()


def test_charts_render_offline(app):
    page = app.open("mtg/charts.ipynb", wait_for=".js-plotly-plot")
    page.get_by_text(re.compile(r"100,000 turns in \d+ ms")).wait_for()
    assert page.locator(".js-plotly-plot").count() == 2
    assert "20,000 of 20,000 turns agree" in page.inner_text("body")
    app.assert_clean()  # plotly's JavaScript came from the server, not from a CDN
