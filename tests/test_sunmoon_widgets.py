"""The Sonne und Mond app and charts without a browser: set values, click, read the HTML."""

import ipywidgets as w
import pytest

from daynight.sunmoon import Harvest, Options, SelfDestruct, SunMoon, card, tournament
from daynight.widgets.sunmoon import (SunMoonApp, bot_results_figure, bot_summary, row_lengths,
                                      row_lengths_figure, score_breakdown_figure)


def buttons(widget):
    if isinstance(widget, w.Button):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from buttons(child)


def named(app, name):
    found = [b for b in buttons(app.widget) if b.description == name]
    assert len(found) == 1, (name, [b.description for b in buttons(app.widget)])
    return found[0]


def enabled_targets(app):
    return [b for b in buttons(app.table) if not b.disabled]


def test_app_shows_hand_rows_and_scores():
    app = SunMoonApp(players=3, seed=2)
    g = app.game
    assert [b.description.lower() for b in buttons(app.hand_box)] == [c.label for c in g.hands[0]]
    assert "Draw pile: 53 cards" in app.scoreboard.value and "Ada" in app.scoreboard.value
    assert len(app.table.children) == 3
    assert not enabled_targets(app)  # nothing highlighted before a card is selected
    assert "The 68 cards are shuffled" in app.log_view.value


def test_selecting_a_card_highlights_exactly_its_legal_places():
    app = SunMoonApp(players=4, seed=5)
    for c in list(app.game.hands[0]):
        app.select(c)
        assert len(enabled_targets(app)) == len(app.game.moves_for(c)), c.name
        app.select(c)  # a second click deselects
        assert not enabled_targets(app)


def test_clicking_a_target_plays_and_the_bots_answer():
    app = SunMoonApp(players=3, seed=3)
    c = app.game.hands[0][0]
    named(app, c.label.capitalize()).click()
    target = enabled_targets(app)[0]
    target.click()
    g = app.game
    assert g.history[0].card is c
    assert g.turn == 0 or g.is_over()
    assert len(g.history) >= 3  # you and the two bots (plus any extra plays)
    assert c.name in app.log_view.value
    # what the bots did since your move is listed, in the engine's words
    bot_events = [e.text for e in g.log if e.who in ("Ada", "Bo")]
    assert bot_events and "Since your move" in app.recent.value
    from daynight.widgets.common import escape
    assert escape(bot_events[0]) in app.recent.value


def test_harvest_and_self_destruct_enabled_only_when_legal_with_reasons():
    app = SunMoonApp(players=2, seed=1)
    harvest_sun = named(app, "Harvest my sun row")
    destruct = named(app, "Self-destruct")
    assert harvest_sun.disabled and destruct.disabled
    assert "a harvest needs 5 or more" in app.reasons.value and "self-destruct only when" in app.reasons.value
    g = SunMoon.from_position({"hands": [["moon 1"], ["moon 2"]],
                               "rows": [{"sun": ["sun 1", "sun 2", "sun 3", "sun 4", "sun 6"]}, {}]},
                              names=["You", "Ada"])
    app.load(g)
    assert not harvest_sun.disabled and "Harvest sun" not in app.reasons.value
    harvest_sun.click()
    assert len(app.game.harvested[0]) == 5 and app.game.history[0] == Harvest(0, 0, "sun")
    g = SunMoon.from_position({"hands": [["moon 11", "moon 25"], ["sun 1"]],
                               "rows": [{"moon": ["moon 10", "moon 29"], "sun": ["sun 4", "sun 28"]},
                                        {"moon": ["moon 9", "moon 28"], "sun": ["sun 2", "sun 29"]}]},
                              names=["You", "Ada"])
    app.load(g)
    assert not destruct.disabled and "Self-destruct:" not in app.reasons.value
    assert "you must self-destruct" in app.status.value
    destruct.click()
    assert app.game.history[0] == SelfDestruct(0) and app.game.rows[0] == {"sun": [], "moon": []}


def test_animal_card_asks_for_another_play():
    from daynight.sunmoon import load_animals

    animal = next(f"sun {v}" for (k, v), r in load_animals().items() if k == "sun" and r["animal"])
    g = SunMoon.from_position({"hands": [[animal, "moon 5"], ["moon 2"]], "rows": [{}, {}]}, names=["You", "Ada"])
    app = SunMoonApp(players=2)
    app.load(g)
    app.select(card(animal))
    named(app, "Start your sun row").click()
    assert app.game.turn == 0 and app.game.extra
    assert "play another card" in app.status.value


def test_refused_click_shows_the_reason():
    app = SunMoonApp(players=2, seed=4)
    app.target(1, "sun", "left")
    assert "choose a card from your hand first" in app.status.value
    app.scoring_in.value = "teams"
    app.new_button.click()
    assert "team scoring needs 4 players" in app.status.value


def test_rule_options_apply_to_the_next_game():
    app = SunMoonApp(players=2, seed=3)
    assert app.options_box.layout.display == "none"
    named(app, "Rule options").click()
    assert app.options_box.layout.display == "flex"
    app.option_inputs["harvest_takes"].value = "row"
    app.option_inputs["final_round"].value = False
    app.new_button.click()
    assert app.game.options == Options(harvest_takes="row", final_round=False)
    assert "a harvest takes: the whole row" in app.header.value
    assert app.game.setup_record()["options"]["harvest_takes"] == "row"


def test_suggestion_selects_a_card():
    app = SunMoonApp(players=3, seed=6)
    app.hint_button.click()
    assert "Suggestion:" in app.status.value and app.selected is not None
    assert enabled_targets(app)


@pytest.mark.parametrize("players, opponents, scoring", [(3, "rule of thumb", "individual"),
                                                         (4, "random", "teams")])
def test_a_full_game_by_clicking(players, opponents, scoring):
    app = SunMoonApp(players=players, opponents=opponents, scoring=scoring, seed=7)
    clicks = 0
    while not app.game.is_over():
        assert app.game.turn == 0
        harvest = [b for b in app.harvest_buttons.values() if not b.disabled]
        if harvest:
            harvest[0].click()
        elif not app.destruct_button.disabled:
            app.destruct_button.click()
        else:
            for b in buttons(app.hand_box):
                b.click()
                if enabled_targets(app):
                    break
            enabled_targets(app)[0].click()
        clicks += 1
        assert clicks < 400
    assert "Game over" in app.status.value
    assert "scoring" in app.log_view.value
    assert all(b.disabled for b in buttons(app.hand_box)) or not list(buttons(app.hand_box))
    fig = app.final_figure
    assert fig is not None, "the final score chart is shown"
    assert list(fig.data[-1].y) == app.game.scores()


def test_score_breakdown_figure_matches_the_score_table():
    g = SunMoon.from_position({"hands": [["sun 1", "solar eclipse"], ["moon 3"]],
                               "rows": [{"sun": ["sun 5", "sun 7"]}, {"moon": ["moon 9"]}],
                               "harvested": [["sun 20", "sun 21", "lunar eclipse"], ["moon 12"]]})
    fig = score_breakdown_figure(g)
    harvested, rows, hand, total = fig.data
    assert list(harvested.y) == [2, 1] and list(rows.y) == [-2, -1] and list(hand.y) == [-1, -1]
    assert list(total.y) == [r["total"] for r in g.score_table()] == [-1, -1]


def test_row_lengths_over_the_game():
    from daynight.sunmoon import demo

    g = demo(2)
    series = row_lengths(g)
    assert len(series["move"]) == len(g.history) + 1
    for p in range(g.n):
        for k in ("sun", "moon"):
            assert series[f"{g.names[p]} {k}"][-1] == sum(len(s) for s in g.rows[p][k])
            assert series[f"{g.names[p]} {k}"][0] == 0
    fig = row_lengths_figure(g)
    assert len(fig.data) == 2 * g.n


def test_bot_results_figure():
    rows = tournament(["rule of thumb", "random", "random"], range(6))
    summary = bot_summary(rows)
    assert {s["bot"] for s in summary} == {"rule of thumb", "random"}
    assert sum(s["games"] for s in summary) == 18
    fig = bot_results_figure(rows)
    assert fig.data[0].type == "bar" and len(fig.data) == 3
