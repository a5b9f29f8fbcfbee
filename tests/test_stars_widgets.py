"""The stars play app and charts without a browser: click buttons, read the HTML widgets."""

import html
import re

import pytest

from daynight.stars import CHOOSE, Commit, StarsGame, demo, find_card, play_cards, teaching_position
from daynight.widgets.stars import (StarsApp, bot_results_chart, card_text, colour_totals_chart, deck_frame,
                                    deck_stars_chart, hint_chart, rounds_frame, stars_over_rounds_chart,
                                    table_html, time_html, tournament)


def txt(value):
    """The text a person reads (tags removed, entities decoded)."""
    value = getattr(value, "value", value)
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def play_through(app: StarsApp, limit: int = 200) -> int:
    clicks = 0
    while not app.game.is_over():
        assert clicks < limit
        takes = app.take_buttons()
        if takes:
            best = max(takes, key=lambda b: int(re.search(r"(\d) star", b.description).group(1))
                       if "star" in b.description else 0)
            best.click()
        else:
            enabled = [b for b in app.hand_buttons() if not b.disabled]
            assert enabled, f"no card to click: {app.status.value}"
            enabled[0].click()
        clicks += 1
    return clicks


def test_a_full_game_by_clicking():
    app = StarsApp(4, bots=("rule", "random", "montecarlo"), seed=5, mc_rollouts=30)
    assert "Play 1: click a card" in txt(app.status)
    assert len(app.hand_buttons()) == 7 and all(not b.disabled for b in app.hand_buttons())
    # every card button reads without colour vision: colour word, value, stars or time symbol
    for b in app.hand_buttons():
        assert re.fullmatch(r"(blue|orange|pink|purple) \d+ · (\d stars?|time symbol)", b.description), b.description
        assert b.tooltip.startswith("Play ")
    # the bots have committed face down; the table says so without showing their cards
    table = txt(app.table_view)
    assert table.count("[face down]") == 3 and "Round 1" in table
    first = app.hand_buttons()[0]
    label = first.description
    first.click()
    assert f"You placed {label} face down" in txt(app.status)
    assert "Play 1: everyone reveals at once" in txt(app.recent_view), "what just happened, explained"
    assert "places a card face down" not in txt(app.recent_view)
    assert label in txt(app.table_view), "after the reveal your card is face up on the table"
    assert len(app.game.history) >= 4
    clicks = play_through(app)
    assert app.game.is_over() and clicks >= 8
    assert "Game over" in txt(app.scores_view)
    assert all(b.disabled for b in app.hand_buttons()) and app.hint_button.disabled
    assert "The game is over" in txt(app.log_view)
    assert txt(app.previous_view).strip().startswith("Round")


def test_refused_click_shows_the_engine_reason():
    app = StarsApp(3, bots=("random", "random"), seed=2)
    card = app.game.hands[0][0]
    app.play_card(card)
    # playing a card no longer in hand: the engine refuses and the status shows its rule
    from daynight.widgets.common import guarded
    assert not guarded(app.status, lambda: app.play_card(card))
    assert "Not allowed" in txt(app.status) and "a card from your hand" in txt(app.status)


def test_choosing_step_offers_the_face_up_cards():
    app = StarsApp(3, bots=("random", "random"), seed=1)
    # put the app on the rulebook position by night: only the human (Irene's seat, moved to 0) chooses
    g = teaching_position([["blue 2", "blue 4"], ["orange 7", "pink 9"], ["orange 10", "purple 8"]], "orange 4",
                          time="night", names=["Player 1 (you)", "Bot 1 (Random)", "Bot 2 (Random)"])
    app.game = g
    play_cards(g, ["blue 2", "orange 7", "orange 10"], ["blue 4", "pink 9", "purple 8"])
    app.refresh()
    takes = app.take_buttons()
    assert g.phase == CHOOSE and len(takes) == 7
    assert all(b.description.startswith("Take ") for b in takes)
    assert "Your turn to choose" in txt(app.choose_label) and "blue won" in txt(app.choose_label)
    assert "Winning colour: blue" in txt(app.table_view)
    target = next(b for b in takes if b.description == "Take blue 2 · 3 stars")
    target.click()
    assert "You took blue 2 · 3 stars" in txt(app.status)
    assert app.game.stars[0] == 3 and app.take_buttons() == []
    assert "Round 1" in txt(app.previous_view) and "Player 1 (you) took" in txt(app.previous_view)


def test_hint_shows_a_chart_and_a_text_list():
    app = StarsApp(4, seed=9, hint_rollouts=1000)
    lines = app.show_hint()
    assert sum(l.rollouts for l in lines) >= 1000 and len(lines) == len(app.game.hands[0])
    assert "Hint from 1,001 rollouts" in txt(app.hint_text) or "Hint from 1,000 rollouts" in txt(app.hint_text)
    assert txt(app.hint_text).count("stars expected") == len(lines)
    fig = app.hint_figure
    assert fig is not None and len(fig.data[0].y) == len(lines)
    assert "best" in " ".join(fig.data[0].text)
    # after playing, the old hint disappears
    app.hand_buttons()[0].click()
    assert app.hint_figure is None and app.hint_text.value == ""


def test_new_game_control_players_and_bot_types():
    app = StarsApp(4, seed=1)
    app.players_choice.value = 5
    visible = [d for d in app.bot_choices if d.layout.display != "none"]
    assert len(visible) == 4
    for d, kind in zip(app.bot_choices, ("montecarlo", "random", "rule", "random")):
        d.value = kind
    app.new_button.click()
    g = app.game
    assert g.n == 5 and len(g.removed) == 3
    assert g.names[0] == "Player 1 (you)"
    assert g.names[1:] == ["Bot 1 (Monte Carlo)", "Bot 2 (Random)", "Bot 3 (Rule of thumb)", "Bot 4 (Random)"]
    assert "New game: 5 players" in txt(app.status)
    app.players_choice.value = 3
    assert len([d for d in app.bot_choices if d.layout.display != "none"]) == 2
    # every control is named by its visible text
    assert app.new_button.description == "New game" and app.players_choice.description == "Players"
    assert all(d.description.startswith("Bot ") for d in app.bot_choices)


def test_time_and_card_html_read_in_words():
    assert "DAY" in time_html(True) and "highest colour total wins" in time_html(True)
    assert "NIGHT" in time_html(False) and 'aria-label="Time card: night (moon side up)' in time_html(False)
    c = find_card("pink 12")
    assert card_text(c) == "pink 12 · 3 stars" and card_text(find_card("blue 5 time")) == "blue 5 · time symbol"
    g = StarsGame.new(4, 3)
    g.play(Commit(2, g.hands[2][0]))
    html_ = table_html(g, 0)
    assert g.pending[2].label not in html_ and card_text(g.pending[2]) not in txt(html_)
    assert "[face down]" in txt(html_)
    assert card_text(g.pending[2]) in txt(table_html(g, 2)), "a player sees their own face-down card"


# -- charts ------------------------------------------------------------------------------------

def test_colour_totals_chart_marks_winner_and_rule():
    g = teaching_position([["orange 7", "pink 9"], ["orange 10", "purple 8"], ["blue 2", "blue 4"]], "orange 4",
                          time="day", names=["Ursula", "Matthias", "Irene"])
    play_cards(g, ["orange 7", "orange 10", "blue 2"], ["pink 9", "purple 8", "blue 4"])
    g.play(g.legal_moves()[0])
    g.play(g.legal_moves()[0])
    fig = colour_totals_chart(g, 1)
    bar = fig.data[0]
    assert list(bar.x) == ["blue", "orange", "pink", "purple"] and list(bar.y) == [6, 21, 9, 8]
    assert "21 ← wins" in bar.text and "highest total wins" in fig.layout.title.text
    assert "winning colour: orange" in fig.layout.title.text


def test_stars_over_rounds_and_rounds_frame():
    g = demo(2)
    df = rounds_frame(g)
    assert len(df) == g.n * len(g.rounds)
    last = df[df["round"] == df["round"].max()].set_index("player")["stars"]
    assert [last[name] for name in g.names] == g.stars
    fig = stars_over_rounds_chart(g)
    assert len(fig.data) == g.n + 1 and list(fig.data[0].y)[-1] == g.stars[0]


def test_deck_chart_and_frame():
    df = deck_frame()
    assert len(df) == 108 and set(df["provenance"]) == {"reconstructed"}
    fig = deck_stars_chart()
    stars = sum(sum(t.y) for t in fig.data[:4])
    assert stars == df["stars"].sum() and "reconstructed" in fig.layout.title.text
    assert list(fig.data[4].y)[0] == 0 and sum(fig.data[4].y) == int(df["time_symbol"].sum())


def test_tournament_and_bot_results_chart():
    df = tournament(games=6, players=3, seats=("random", "rule", "rule"), seed=1)
    assert len(df) == 18 and set(df["bot"]) == {"Random", "Rule of thumb"}
    assert (df.groupby("game")["won"].sum() >= 1).all()
    fig = bot_results_chart(df)
    means = dict(zip(fig.data[0].x, fig.data[0].y))
    assert means["Random"] == pytest.approx(df[df["bot"] == "Random"]["stars"].mean())


def test_hint_chart_orders_and_marks_best():
    from daynight.stars import hint
    g = StarsGame.new(4, 1)
    lines = hint(g.view(0), 200)
    fig = hint_chart(lines)
    xs = list(fig.data[0].x)
    assert xs == sorted(xs) and fig.data[0].text[-1].split()[1] == "best"


def test_option_effects_compare_the_same_deals():
    from daynight.widgets.stars import option_effects, option_effects_chart
    df = option_effects(games=6)
    assert list(df["setting"]) == ["defaults", "absent_colours=zero", "short_pile=share", "empty_reveal=from_discard"]
    assert df["rounds per game"].nunique() == 1 and (df["night rounds"].between(0, 1)).all()
    fig = option_effects_chart(df)
    assert len(fig.data) == 4 and list(fig.data[0].x) == list(df["setting"])


def test_no_hint_when_it_is_not_your_decision():
    app = StarsApp(3, bots=("random", "random"), seed=4)
    app.game = StarsGame.new(3, 4)                  # a fresh game in which the bots have not moved
    app.game.play(Commit(0, app.game.hands[0][0]))  # you have committed; the bots have not
    assert app.show_hint() == [] and "not your decision" in txt(app.status)
