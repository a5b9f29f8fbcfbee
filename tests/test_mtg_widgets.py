"""The MTG tracker and charts without a browser: set values, click, read the HTML widgets."""

import html
import re

import pytest

from daynight.mtg import DAY, NIGHT, NEITHER, demo, night_fraction, poisson_spells
from daynight.widgets.mtg import Tracker, designation_chart, night_frequency_chart, night_frequency_table, sky_html


def txt(widget):
    """The text a person reads in an HTML widget (tags removed, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", "", widget.value))


def test_a_table_session():
    t = Tracker(["Alice", "Bob", "Carol"])
    assert "NEITHER DAY NOR NIGHT" in t.sky.value and "Before the first turn" in txt(t.turn_line)
    t.next_turn_button.click()
    assert "Turn 1: Alice's turn" in txt(t.turn_line)
    # a werewolf enters by name: it becomes day (702.145d)
    t.permanent_name.value = "Brutal Cathar"
    assert t.permanent_kind.value == "dfc"
    t.controller.value = "Alice"
    t.add_button.click()
    assert t.game.designation == DAY and "DAY" in t.sky.value and 'aria-label="It is day."' in t.sky.value
    assert "Brutal Cathar (daybound face up)" in txt(t.permanents_html)
    assert "If Alice casts no spell this turn, it becomes night" in txt(t.forecast)
    # Bob's spell on Alice's turn does not count
    t.cast_buttons["Bob"].click()
    assert "only the active player" in txt(t.status)
    assert "Bob: 1 spell" in txt(t.spell_counts["Bob"])
    t.next_turn_button.click()  # Alice cast nothing: night (728.2a)
    assert t.game.designation == NIGHT and "NIGHT" in t.sky.value
    assert "Moonrage Brute (nightbound face up)" in txt(t.permanents_html)
    assert "transforms into Moonrage Brute" in txt(t.log_view)
    # Bob casts two: day at the next untap step
    t.cast_buttons["Bob"].click()
    t.copy_buttons["Bob"].click()  # a copy is not cast
    assert "If Bob casts 1 more spell this turn, it becomes day" in txt(t.forecast)
    t.zone.value = "graveyard"
    t.cast_buttons["Bob"].click()
    assert "It becomes day at the next untap step" in txt(t.forecast)
    t.next_turn_button.click()
    assert t.game.designation == DAY and "Turn 3: Carol's turn" in txt(t.turn_line)


def test_effects_undo_and_refusals():
    t = Tracker(["Alice", "Bob"])
    t.cast_buttons["Alice"].click()  # no turn yet: refused with the engine's rule
    assert "Not allowed" in txt(t.status) and "Casting Spells" in txt(t.status)
    t.next_turn_button.click()
    t.night_button.click()
    assert t.game.designation == NIGHT
    t.night_button.click()
    assert "already night" in txt(t.status)
    t.day_button.click()
    assert t.game.designation == DAY
    t.undo_button.click()
    assert t.game.designation == NIGHT and "taken back" in txt(t.status)
    t.permanent_name.value = ""
    t.add_button.click()
    assert "type the name" in txt(t.status)
    # a name the catalog does not know: the kind chosen applies
    t.permanent_name.value = "Phantasmal Image copying a werewolf"
    t.permanent_kind.value = "daybound"
    t.add_button.click()
    assert "Phantasmal Image copying a werewolf (daybound face up)" in txt(t.permanents_html)
    t.leave_button.click()
    assert "None on the battlefield" in txt(t.permanents_html)
    t.leave_button.click()
    assert "no permanent to remove" in txt(t.status)


def test_two_headed_giant_and_new_game():
    t = Tracker(["Ann", "Ben", "Cat", "Dov"], two_headed_giant=True)
    t.next_turn_button.click()
    assert "Team Ann & Ben's turn (Ann and Ben)" in txt(t.turn_line)
    t.night_button.click()
    t.cast_buttons["Ann"].click()
    t.cast_buttons["Ben"].click()
    assert "team totals do not add up" in txt(t.forecast)
    t.next_turn_button.click()
    assert t.game.designation == NIGHT
    t.players_text.value = "Uma, Vic, Wes"
    t.two_headed.value = True
    t.new_game_button.click()  # 2HG needs four players
    assert "Not allowed" in txt(t.status) and t.game.teams
    t.two_headed.value = False
    t.new_game_button.click()
    assert t.game.players == ("Uma", "Vic", "Wes") and set(t.cast_buttons) == {"Uma", "Vic", "Wes"}
    assert t.game.designation == NEITHER


def test_extra_turn_and_catalog_back_face():
    t = Tracker(["Alice", "Bob"])
    t.extra_turn_button.click()
    assert "no turn has begun" in txt(t.status)
    t.next_turn_button.click()
    t.night_button.click()
    t.permanent_name.value = "Moonrage Brute"
    t.add_button.click()
    assert "Moonrage Brute (nightbound face up)" in txt(t.permanents_html)
    t.extra_turn_button.click()
    assert "Turn 2: Alice's turn" in txt(t.turn_line)
    t.day_button.click()  # at day, the back face's name still adds the card, daybound face up
    t.permanent_name.value = "Leeching Lurker"
    t.add_button.click()
    assert "#2 Curse of Leeches (daybound face up)" in txt(t.permanents_html)


def test_every_button_has_an_accessible_name():
    t = Tracker(["Alice", "Bob"])
    names = [b.description for b in (t.next_turn_button, t.day_button, t.night_button, t.undo_button,
                                     t.add_button, t.leave_button, *t.cast_buttons.values())]
    assert all(names) and len(set(names)) == len(names)
    for d, word in ((DAY, "DAY"), (NIGHT, "NIGHT"), (NEITHER, "NEITHER")):
        assert word in sky_html(d) and 'role="img"' in sky_html(d)


def test_designation_chart():
    game = demo(2)
    fig = designation_chart(game)
    rows = game.turn_table()
    assert list(fig.data[0].y) == [r["active_spells"] for r in rows]
    letter = {"day": "D", "night": "N", "neither": "-"}
    labels = list(fig.data[2].text)
    assert [label[0] for label in labels] == [letter[r["designation"]] for r in rows]
    assert [label[-1] for label in labels] == [letter[r["designation_end"]] for r in rows]
    assert "-→D" in labels  # the first werewolf entered during a turn
    assert len(fig.layout.shapes) >= len(rows)
    with pytest.raises(ValueError):
        designation_chart(Tracker().game)


def test_night_frequency_chart_exact_and_simulated_agree():
    df = night_frequency_table([0.5, 1.0, 2.0], sim_turns=20_000, seed=1)
    assert (abs(df["night_exact"] - df["night_simulated"]) < 0.02).all()
    assert (abs(df["night_exact_2hg"] - df["night_simulated_2hg"]) < 0.02).all()
    assert df["night_exact"].iloc[1] == pytest.approx(night_fraction(poisson_spells(1.0)))
    assert df["night_exact"].is_monotonic_decreasing
    fig = night_frequency_chart(table=df)
    assert len(fig.data) == 4 and list(fig.data[2].y) == list(df["night_simulated"])


def test_chart_of_the_game_from_the_tracker():
    t = Tracker(["Alice", "Bob"])
    t.chart_button.click()
    assert "nothing to chart" in txt(t.status) and t.last_chart is None
    t.next_turn_button.click()
    t.night_button.click()
    t.next_turn_button.click()
    t.chart_button.click()
    assert list(t.last_chart.data[2].text) == ["-→N", "N"]  # the effect changed turn 1 mid-turn


def test_record_out_and_back_in():
    t = Tracker(["Alice", "Bob"])
    t.next_turn_button.click()
    t.permanent_name.value = "Brutal Cathar"
    t.add_button.click()
    t.show_record_button.click()
    assert '"game": "mtg"' in t.record_text.value and "record of this game (2 events)" in txt(t.status)
    other = Tracker(["Uma"])
    other.record_text.value = t.record_text.value
    other.load_record_button.click()
    assert other.game.state_json() == t.game.state_json()
    assert set(other.cast_buttons) == {"Alice", "Bob"} and "Brutal Cathar (daybound face up)" in txt(other.permanents_html)
    assert "2 events replayed" in txt(other.status)
    # a teaching position typed by hand; a bad one names its field and changes nothing
    other.record_text.value = ('{"format": "daynight-record", "version": 1, "game": "mtg", "setup": '
                               '{"players": ["Ann", "Ben"], "designation": "night", "permanents": '
                               '[{"name": "Brutal Cathar", "back": "Moonrage Brute"}]}, "moves": []}')
    other.load_record_button.click()
    assert "NIGHT" in other.sky.value and "Moonrage Brute (nightbound face up)" in txt(other.permanents_html)
    other.record_text.value = '{"format": "daynight-record", "version": 1, "game": "mtg", "setup": {"players": []}}'
    other.load_record_button.click()
    assert "Not allowed" in txt(other.status) and "$.setup.players" in txt(other.status)
    assert other.game.players == ("Ann", "Ben")
    other.record_text.value = "{not json"
    other.load_record_button.click()
    assert "not valid JSON" in txt(other.status)
