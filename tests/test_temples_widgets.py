"""The temple duel's widgets without a browser: click, read the HTML widgets."""

from __future__ import annotations

import json

import pytest

from daynight.temples import TemplesGame, demo, parse_square
from daynight.widgets.temples import (SCENARIOS, TemplesApp, board_html, bot_results, card_html,
                                      control_figure, regions_figure, results_figure, turn_series)

NEAR_END = list(SCENARIOS)[1]
MIMIC = list(SCENARIOS)[2]


def sq(name):
    return parse_square(name)


def hand_button(app, name):
    return next(b for b in app.hand_box.children if b.description.startswith(name))


def test_app_starts_with_the_board_hand_and_hours():
    app = TemplesApp(1)
    assert app.game.turn == "day" and "12 hours left" in app.info.value
    assert len(app.hand_box.children) == 5 and app.cards_html.value.count("dn-card") == 5
    assert app.squares[0].description == "A1 empty (Day)" and app.squares[47].description == "F8 empty (Night)"
    assert all(app.squares[s].description == "centre" and app.squares[s].disabled for s in (20, 21, 26, 27))
    assert "A1" in app.log_view.value or "Day always begins" in app.log_view.value


def test_travel_by_clicking_and_the_reason_for_a_refused_click():
    app = TemplesApp(2)
    app.squares[sq("B1")].click()
    assert app.game.pawn["day"] == sq("B1") and "9 hours left" in app.info.value
    assert len(app.hand_box.children) == 6
    app.squares[sq("A1")].click()   # back to the start: refused, nothing changed
    assert "Not allowed" in app.status.value and "already crossed" in app.status.value
    assert app.game.pawn["day"] == sq("B1")
    app.squares[sq("D3")].click()
    assert "does not border" in app.status.value


def test_casting_by_clicking_a_spell_then_its_target():
    app = TemplesApp(3, scenario=NEAR_END)
    assert app.game.turn == "day"           # the bot played Night's turn at once
    assert "Night retreats" in app.log_view.value
    hand_button(app, "Sunwalk").click()
    assert "Sunwalk" in app.status.value and app.stop_button.layout.display == ""
    app.squares[sq("D8")].click()
    app.stop_button.click()
    assert app.game.pawn["day"] == sq("D8")
    app.squares[sq("D7")].click()           # travel back (not a spell move)
    assert app.game.pawn["day"] == sq("D7") and app.game.phase == "travel"
    hand_button(app, "Morning Dew").click() # no casting after travelling
    assert "before travelling" in app.status.value


def test_near_end_scenario_is_won_by_one_click():
    app = TemplesApp(3, scenario=NEAR_END)
    hand_button(app, "Morning Dew").click()
    assert app.game.is_over() and app.game.winner == "day"
    assert "Day's discard pile</b> (1, newest first): Morning Dew" in app.discards_html.value
    assert "second temple and wins" in app.info.value
    app.squares[sq("A8")].click()
    assert "over" in app.status.value


def test_undo_takes_back_my_last_move_and_the_bots_answer():
    app = TemplesApp(9)
    app.undo_button.click()
    assert "no move of yours" in app.status.value
    app.squares[sq("B1")].click()
    app.end_button.click()                  # Day retreats (six spells: she discards first)
    if app.game.phase == "retreat":
        app.hand_box.children[0].click()
    assert app.game.turn == "day" and app.game.turn_no == 3   # the bot played Night's turn
    n = len(app.game.history)
    app.undo_button.click()
    assert "Took back" in app.status.value and len(app.game.history) < n
    assert app.game.turn == "day" and app.game.turn_no == 1


def test_condition_refusal_is_shown():
    app = TemplesApp(5)
    g = app.game
    b = next((b for b in app.hand_box.children if b.description.startswith(("Morning Glow", "Radiance", "Veil"))), None)
    if b is None:
        pytest.skip("no conditional spell in this hand")
    assert "cannot be cast now" in b.tooltip and "3.3 Conditions" in b.tooltip
    b.click()
    assert "Not allowed" in app.status.value and "3.3 Conditions" in app.status.value
    assert g.hours == 12


def test_two_players_mimic_and_temple_pick():
    app = TemplesApp(4, scenario=MIMIC, mode="Two players at one screen")
    assert app.game.turn == "night" and "Night's hand" in app.hand_label.value
    hand_button(app, "Mimic").click()
    for name in ("D7", "F7"):
        app.squares[sq(name)].click()
    assert app.game.temple_pick is not None and "pick the tiles" in app.info.value
    for name in ("E4", "F4", "E5", "F5", "E6", "F6", "D6", "E7", "F7"):
        app.squares[sq(name)].click()
    assert app.game.is_over() and app.game.winner == "night"   # short game: one temple wins


def test_short_game_option_and_record_round_trip():
    app = TemplesApp(6)
    app.short.value = True
    app.new_game()
    assert app.game.options.temples_to_win == 1
    app.squares[sq("A2")].click()
    app.save_button.click()
    rec = json.loads(app.record_text.value)
    assert rec["setup"]["options"]["temples_to_win"] == 1 and len(rec["moves"]) == 1
    other = TemplesApp(7)
    other.record_text.value = app.record_text.value
    other.load_button.click()
    assert other.game.pawn["day"] == sq("A2") and "Record loaded" in other.status.value
    other.record_text.value = "{broken"
    other.load_button.click()
    assert "not valid JSON" in other.status.value and other.game.pawn["day"] == sq("A2")


def test_play_night_against_the_bot():
    app = TemplesApp(8, mode="Play Night against a bot")
    assert app.game.turn == "night" and app.game.turn_no == 2   # the bot played Day's first turn
    app.squares[sq("A1")].click()
    assert "bot" in app.status.value or "does not border" in app.status.value


def test_board_and_card_html():
    g = TemplesGame.new(1, position={"board": ["dn....", "......", "......", "..##..", "..##..", "......",
                                              "......", "......"], "mystify": {"A1": 2}, "crystal": ["B1"]})
    html = board_html(g, highlight=[sq("A1")], caption="test")
    assert "M2" in html and "Cr" in html and "3px solid #d22" in html and "impassable" in html
    assert "Mimic" in card_html(g.books["night"].by_id("N02")) and "attested" in card_html(g.books["night"].by_id("N02"))


def test_charts():
    g = demo(2)
    rows = turn_series(g)
    assert rows[0]["neutral"] == 44 and rows[-1]["turn"] == g.turn_no
    assert all(r["day_tiles"] + r["night_tiles"] + r["neutral"] == 44 for r in rows)
    assert len(control_figure(g).data) == 3
    assert len(regions_figure(g).data) >= 2
    res = bot_results(2, pairings=(("thumb", "random"),))
    assert len(res) == 2 and all(r["winner"] in ("day", "night", "draw") for r in res)
    fig = results_figure(res)
    assert sum(sum(t.y) for t in fig.data) == 2
