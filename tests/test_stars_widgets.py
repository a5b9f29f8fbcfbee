"""The stars play app and charts without a browser: the drawn table driven by its targets (as a
click does), the table's status line and drawing read back as words; the game kept in a browser
played by Python (``tests/frontend_support.FakeBrowser``) and continued, or refused by name."""

from __future__ import annotations

import json
import re

import pytest
from daynight.widgets.keep import MAX_STORED, game_key, kept_text
from daynight.widgets.stars import (
    StarsApp,
    bot_kinds,
    bot_results_chart,
    colour_totals_chart,
    deck_frame,
    deck_stars_chart,
    hint_chart,
    rounds_frame,
    stars_over_rounds_chart,
    tournament,
)

from daynight import draw as dd
from daynight.stars import CHOOSE, Commit, StarsGame, demo, find_card, play_cards, teaching_position
from daynight.testing import mutants
from tests.frontend_support import FakeBrowser
from tests.toygame import Pebbles, Take

CARD = re.compile(r"^(play|take) (blue|orange|pink|purple) \d+, (\d stars?|time symbol)$")


def click(app: StarsApp, name: str) -> bool:
    return app.table.choose(app.table.target_id(name))


def words(app: StarsApp) -> list[str]:
    return dd.words(app.table.svg)


def play_through(app: StarsApp, limit: int = 200) -> int:
    """Click the first card (or Next round) until the game is over; the number of clicks."""
    clicks = 0
    while app.table.target_names():
        assert clicks < limit
        names = app.table.target_names()
        name = "Next round" if "Next round" in names else next(n for n in names if CARD.match(n))
        assert click(app, name), app.table.status
        clicks += 1
    return clicks


def test_a_full_game_by_clicking_the_drawn_cards():
    app = StarsApp(4, bots=("rule", "random", "montecarlo"), seed=5, mc_rollouts=30)
    assert "Play 1 of 2: click a card of your hand" in app.table.status
    names = app.hand_targets()
    assert len(names) == 7 and all(CARD.match(n) for n in names)
    assert "Hint (1,000 rollouts)" in app.table.target_names()
    # the bots have placed their cards face down: drawn as backs, never as cards
    assert words(app).count("placed face down") == 3
    for p in (1, 2, 3):
        assert app.game.pending[p].name not in app.table.svg
    first = names[0]
    assert click(app, first)
    assert f"You placed {first[5:]} face down" in app.table.status
    assert "Play 2 of 2" in app.table.status and first[5:] in words(app), "your card now lies face up"
    clicks = play_through(app)
    assert app.game.is_over() and clicks >= 16
    assert "Game over" in app.table.status and re.search(r"Winners?: ", app.table.status)
    assert app.table.target_names() == [] and "The game is over" in app.log_view.value


def test_after_each_round_the_finished_round_is_shown_until_next_round():
    app = StarsApp(3, bots=("random", "random"), seed=2)
    click(app, app.hand_targets()[0])
    click(app, app.hand_targets()[0])
    if app.game.phase == CHOOSE:  # your turn to choose first
        click(app, app.take_targets()[0])
    assert app.showing is app.game.rounds[0]
    assert app.table.target_names() == ["Next round", "Hint (1,000 rollouts)"]
    assert "Round 1 is over" in app.table.status
    assert "Round 1: over" in words(app) and "Your hand now (7 cards)" in words(app)
    with pytest.raises(Exception, match="press Next round"):
        app.play_card(app.game.hands[0][0])
    assert not click(app, "Hint (1,000 rollouts)") and "rule: hint: for a decision of yours" in app.table.status
    click(app, "Next round")
    assert app.showing is None and len(app.hand_targets()) == 7 and "Round 2" in words(app)


def test_a_refused_click_shows_the_engines_rule():
    app = StarsApp(3, bots=("random", "random"), seed=2)
    card = app.game.hands[0][0]
    app.play_card(card)
    from daynight.widgets.common import guarded

    assert not guarded(app.table, lambda: app.play_card(card))
    assert app.table.status_kind == "error"
    assert "Not allowed" in app.table.status and "a card from your hand" in app.table.status


def test_the_choosing_step_offers_the_face_up_cards():
    g = teaching_position(
        [["blue 2", "blue 4"], ["orange 7", "pink 9"], ["orange 10", "purple 8"]],
        "orange 4",
        time="night",
        names=["Player 1 (you)", "Bot 1 (Random)", "Bot 2 (Random)"],
    )
    play_cards(g, ["blue 2", "orange 7", "orange 10"], ["blue 4", "pink 9", "purple 8"])
    app = StarsApp(3, bots=("random", "random"), seed=1)
    app.load(g)
    takes = app.take_targets()
    assert g.phase == CHOOSE and len(takes) == 7 and all(CARD.match(n) for n in takes)
    assert "Blue wins. Your turn to choose" in app.table.status
    assert "1st: blue 6" in words(app)
    assert click(app, "take blue 2, 3 stars")
    assert "You took blue 2, 3 stars" in app.table.status and app.game.stars[0] == 3
    assert app.table.target_names()[0] == "Next round" and "1st: took blue 2" in words(app)


def test_the_hint_is_written_under_the_cards_and_refines():
    app = StarsApp(4, seed=9, hint_budget=None)
    lines = app.show_hint()
    assert sum(line.rollouts for line in lines) >= 1000 and len(lines) == 7
    assert "Hint from 1,001 rollouts" in app.table.status and "best play" in app.table.status
    written = [w for w in words(app) if re.fullmatch(r"\d+\.\d stars", w)]
    assert len(written) == 7
    again = app.show_hint()
    assert again[0].rollouts == 2 * lines[0].rollouts, "a second press adds to the estimate"
    click(app, app.hand_targets()[0])
    assert app.lines == [] and not [w for w in words(app) if re.fullmatch(r"\d+\.\d stars", w)]


def test_the_hint_answers_within_its_budget_with_what_it_has():
    app = StarsApp(4, seed=9, hint_budget=0.0)  # one deal, then it answers
    lines = app.show_hint()
    assert all(line.rollouts == 1 for line in lines) and "press Hint again to refine" in app.table.status


def test_no_hint_when_it_is_not_your_decision():
    app = StarsApp(3, bots=("random", "random"), seed=4)
    app.game = StarsGame.new(3, 4)
    app.game.play(Commit(0, app.game.hands[0][0]))
    from daynight.widgets.common import guarded

    assert not guarded(app.table, app.show_hint) and "no decision of yours" in app.table.status


def test_new_game_control_players_and_bot_types():
    app = StarsApp(4, seed=1)
    app.players_choice.value = 5
    assert len([d for d in app.bot_choices if d.layout.display != "none"]) == 4
    for d, kind in zip(app.bot_choices, ("montecarlo", "random", "rule", "random"), strict=True):
        d.value = kind
    app.new_button.click()
    g = app.game
    assert g.n == 5 and len(g.removed) == 3
    assert g.names == [
        "Player 1 (you)",
        "Bot 1 (Monte Carlo)",
        "Bot 2 (Random)",
        "Bot 3 (Rule of thumb)",
        "Bot 4 (Random)",
    ]
    assert "New game: 5 players" in app.table.status
    for name in g.names[1:]:
        assert f"{name}'s place" in words(app)
    app.players_choice.value = 3
    assert len([d for d in app.bot_choices if d.layout.display != "none"]) == 2
    assert app.new_button.description == "New game" and app.players_choice.description == "Players"


# -- charts ------------------------------------------------------------------------------------


def test_colour_totals_chart_marks_winner_and_rule():
    g = teaching_position(
        [["orange 7", "pink 9"], ["orange 10", "purple 8"], ["blue 2", "blue 4"]],
        "orange 4",
        time="day",
        names=["Ursula", "Matthias", "Irene"],
    )
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
    took = df[df["took"] != ""]
    assert len(took) == sum(len(c) for c in g.collected), "every taken card is in the rounds"
    fig = stars_over_rounds_chart(g)
    assert len(fig.data) == g.n + 1 and list(fig.data[0].y)[-1] == g.stars[0]


def test_deck_chart_and_frame():
    df = deck_frame()
    assert len(df) == 108 and set(df["provenance"]) == {"reconstructed"}
    fig = deck_stars_chart()
    stars = sum(sum(t.y) for t in fig.data[:4])
    assert stars == df["stars"].sum() and "reconstructed" in fig.layout.title.text
    assert fig.data[4].y[0] == 0 and sum(fig.data[4].y) == int(df["time_symbol"].sum())


def test_tournament_and_bot_results_chart():
    df = tournament(games=6, players=3, seats=("random", "rule", "rule"), seed=1)
    assert len(df) == 18 and set(df["bot"]) == {"Random", "Rule of thumb"}
    assert (df.groupby("game")["won"].sum() >= 1).all()
    fig = bot_results_chart(df)
    means = dict(zip(fig.data[0].x, fig.data[0].y, strict=True))
    assert means["Random"] == pytest.approx(df[df["bot"] == "Random"]["stars"].mean())


def test_hint_chart_orders_and_marks_best():
    from daynight.stars import hint

    g = StarsGame.new(4, 1)
    lines = hint(g.view(0), 200)
    fig = hint_chart(lines)
    xs = list(fig.data[0].x)
    assert xs == sorted(xs) and fig.data[0].text[-1].split()[1] == "best"
    assert all(find_card(" ".join(y.split(",")[0].split())).colour in y for y in fig.data[0].y)


def test_option_effects_compare_the_same_deals():
    from daynight.widgets.stars import option_effects, option_effects_chart

    df = option_effects(games=6)
    assert list(df["setting"]) == ["defaults", "absent_colours=zero", "short_pile=share", "empty_reveal=from_discard"]
    assert df["rounds per game"].nunique() == 1 and (df["night rounds"].between(0, 1)).all()
    fig = option_effects_chart(df)
    assert len(fig.data) == 4 and list(fig.data[0].x) == list(df["setting"])


# -- the drawn targets carry their moves (issue 25) ------------------------------------------------

from daynight.widgets.stars import HOW_TO_PLAY, STYLE  # noqa: E402

from daynight.stars import Choose  # noqa: E402
from daynight.stars.draw import move_key, move_name  # noqa: E402


def drawn_keys(app: StarsApp) -> set[str]:
    return set(re.findall(r'data-key="([^"]+)"', app.table.svg))


def check_targets(app: StarsApp) -> None:
    """Every card target stands for a move: the engine's legal moves of player 0 first, then the
    other cards of the hand; each sits on the drawn piece ``move_key`` names, under ``move_name``."""
    g = app.game
    cards = [t for t in app.targets if t.move is not None]
    legal = list(g.legal_moves(0))
    assert [t.move for t in cards[: len(legal)]] == legal
    assert {t.move.card for t in cards if isinstance(t.move, Commit)} >= set(g.hands[0]), "every hand card"
    for t in cards:
        assert t.key == move_key(t.move) and t.name == move_name(t.move) and t.key in drawn_keys(app)


def test_the_targets_are_the_engines_moves_on_their_drawn_pieces():
    app = StarsApp(4, bots=("rule", "random", "random"), seed=3)
    for _ in range(40):
        if app.game.is_over():
            break
        if app.showing is not None:
            click(app, "Next round")
            continue
        check_targets(app)
        target = app.targets[0]
        assert target.move in app.game.legal_moves(0)
        assert app.table.choose(app.table.target_id(target.name)), app.table.status
    assert app.game.round > 2


def test_a_hand_card_clicked_while_cards_are_chosen_shows_the_rule():
    g = teaching_position(
        [["blue 2", "blue 4"], ["orange 7", "pink 9"], ["orange 10", "purple 8"]],
        "orange 4",
        time="night",
        names=["Player 1 (you)", "Bot 1 (Random)", "Bot 2 (Random)"],
    )
    play_cards(g, ["blue 2", "orange 7", "orange 10"], ["blue 4", "pink 9", "purple 8"])
    app = StarsApp(3, bots=("random", "random"), seed=1)
    app.load(g)
    check_targets(app)
    plays = [t for t in app.targets if isinstance(t.move, Commit)]
    assert g.phase == CHOOSE and len(plays) == len(g.hands[0]) and all(isinstance(t.move, Commit) for t in plays)
    assert app.hand_targets() == [t.name for t in plays]
    before = g.snapshot()
    assert not click(app, plays[0].name)
    assert "nobody plays while cards are chosen" in app.table.status and g.snapshot() == before
    assert isinstance(app.targets[0].move, Choose) and click(app, app.targets[0].name)


def test_the_how_to_play_and_the_style_come_from_package_data_files():
    from importlib import resources

    folder = resources.files("daynight.widgets")
    assert folder.joinpath("stars_help.html").read_text(encoding="utf-8") == HOW_TO_PLAY
    assert "<b>How to play</b>" in HOW_TO_PLAY and "time symbol" in HOW_TO_PLAY
    assert STYLE.startswith("<style>") and ".dn-stars-app" in STYLE
    app = StarsApp(3, bots=("random", "random"), seed=2)

    def values(widget):
        yield getattr(widget, "value", None)
        for child in getattr(widget, "children", ()):
            yield from values(child)

    shown = list(values(app.widget))
    assert HOW_TO_PLAY in shown and STYLE in shown, "the app shows them beside the table"


# --------------------------------------------------------------------------- the game kept in the browser (issue 24)

KEPT = game_key("stars")


def play_cards_of_the_hand(app: StarsApp, clicks: int) -> None:
    """Click the first card of the hand (or Next round, or a card to take) ``clicks`` times, then
    on until a card of the hand is to be played (no finished round shown)."""
    for i in range(clicks + 6):
        if i >= clicks and app.showing is None and app.game.phase != CHOOSE:
            return
        names = app.table.target_names()
        name = "Next round" if "Next round" in names else next(n for n in names if CARD.match(n))
        assert click(app, name), app.table.status


def kept_game(clicks: int = 3) -> tuple[FakeBrowser, StarsApp]:
    """A browser that has kept a game of 3 players in which you clicked ``clicks`` times."""
    browser = FakeBrowser()
    app = browser.open(StarsApp(3, bots=("montecarlo", "random"), seed=5, mc_rollouts=20))
    assert [b["name"] for b in app.table.note["buttons"]] == ["Learn to play", "Play a game"], "nothing kept"
    assert click(app, "Play a game") and app.table.note == {}
    assert KEPT not in browser.storage, "the bots' first plays alone are not worth continuing"
    play_cards_of_the_hand(app, clicks)
    return browser, app


def test_the_game_is_kept_after_every_move_and_continued_at_the_same_move():
    browser, app = kept_game(3)  # round 1 played, and round 2's first play
    moves = len(app.game.history)
    assert app.showing is None and moves > 6, "the bots' moves after yours are kept with them"
    assert json.loads(browser.storage[KEPT])["record"] == app.game.to_record()
    # a new page (a new kernel, other bots in its bar): the kept game is offered and replayed
    again = browser.open(StarsApp(4, bots=("rule", "rule", "rule"), seed=99))
    note = again.table.note
    assert f"a game of Day & Night in progress in this browser, at move {moves}" in note["text"]
    names = [b["name"] for b in note["buttons"]]
    assert names == [f"Continue your game (move {moves})", "Learn to play", "Start a new game"]
    assert click(again, f"Continue your game (move {moves})")
    assert again.game.to_record() == app.game.to_record() and again.table.note == {}
    assert f"goes on at move {moves}" in again.table.status
    # the same table, seen by the same player: the bots' cards placed face down stay hidden
    assert words(again) == words(app) and again.table.target_names() == app.table.target_names()
    for p in (1, 2):
        assert again.game.pending[p].name not in again.table.svg
    # the bots of the kept game's seats play on, and the bar says which
    assert [b.value for b in again.bot_choices[:2]] == ["montecarlo", "random"] and again.players_choice.value == 3
    assert [type(b) for b in again.bots] == [type(b) for b in app.bots]
    play_cards_of_the_hand(again, 1)
    assert json.loads(browser.storage[KEPT])["record"] == again.game.to_record()
    assert len(again.game.history) > moves


def test_a_page_reloaded_to_continue_continues_at_once_and_a_new_game_replaces_the_kept_one():
    browser, app = kept_game(1)
    again = browser.open(StarsApp(3, seed=8), anchor="continue")
    assert again.table.note == {} and again.game.to_record() == app.game.to_record()
    third = browser.open(StarsApp(3, seed=8))
    assert click(third, "Start a new game") and third.table.note == {}
    assert json.loads(browser.storage[KEPT])["record"] == app.game.to_record(), "kept until your first move"
    play_cards_of_the_hand(third, 1)
    assert json.loads(browser.storage[KEPT])["record"] == third.game.to_record() != app.game.to_record()


def test_forget_this_game_clears_what_the_browser_keeps():
    browser, app = kept_game(1)
    assert app.keeper.forget_button in list(widgets_of(app.widget)), "in the app's bar"
    app.keeper.forget_button.click()
    assert KEPT not in browser.storage and "keeps nothing" in app.table.status
    play_cards_of_the_hand(app, 1)
    assert KEPT not in browser.storage, "a forgotten game is not kept again"
    app.new_game(seed=3)
    play_cards_of_the_hand(app, 1)
    assert json.loads(browser.storage[KEPT])["record"] == app.game.to_record(), "the next game is kept"


def widgets_of(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from widgets_of(child)


def refused_note(value: str) -> str:
    """Open a page whose browser kept ``value``: the words of the note refusing it (a new game
    offered, the app playable), or fail."""
    app = FakeBrowser({KEPT: value}).open(StarsApp(3, bots=("random", "random"), seed=1))
    note = app.table.note
    assert note.get("kind") == "error", note
    assert [b["name"] for b in note["buttons"]] == ["Learn to play", "Start a new game"]
    assert click(app, "Start a new game") and app.table.note == {} and click(app, app.hand_targets()[0])
    return note["text"]


def test_a_damaged_kept_game_is_refused_by_name_and_a_new_game_offered():
    _, app = kept_game(2)
    record = app.game.to_record()
    text = kept_text(record)
    assert "not valid JSON" in refused_note(text[: len(text) // 2])
    wrong = json.loads(text)
    wrong["record"]["setup"]["players"] = 7
    assert "3 to 5 players" in refused_note(json.dumps(wrong))
    illegal = json.loads(text)
    illegal["record"]["moves"][-1] = illegal["record"]["moves"][0]  # a card played twice
    assert re.search(r"\$\.moves\[\d+\]", refused_note(json.dumps(illegal)))
    pebbles = Pebbles(9)
    pebbles.play(Take(0, 2))
    assert "$.game" in refused_note(kept_text(pebbles.to_record()))


def test_fuzzed_kept_games_are_refused_by_name_or_continued():
    """daynight.testing's mutants of a stars record, as the kept value and inside one: a game the
    engine accepts is offered and continued, anything else refused by the name of its field or
    rule with a new game offered; never an exception."""
    _, app = kept_game(2)
    refused = offered = 0
    for mutant in mutants(StarsGame, 40, 0, records=[app.game.to_record()], others=[]):
        text = mutant.data.decode("utf-8", "replace")
        try:
            wrapped = kept_text(json.loads(text))
        except (ValueError, RecursionError):
            wrapped = text
        for value in (text, wrapped):
            if len(json.dumps(value)) > MAX_STORED:
                continue
            page = FakeBrowser({KEPT: value}).open(StarsApp(3, bots=("random", "random"), seed=1))
            note = page.table.note
            names = [b["name"] for b in note.get("buttons", [])]
            if note.get("kind") == "error":
                refused += 1
                assert re.search(r"could not be continued \((\$.*?: |the kept game: )", note["text"]), note["text"]
                assert names == ["Learn to play", "Start a new game"]
            elif names == ["Learn to play", "Play a game"]:  # nothing to continue: only the guided game offered
                assert page.keeper.kept is None
            elif note:
                offered += 1
                kept = page.keeper.kept
                assert names[0].startswith("Continue your game") and kept is not None and not kept.is_over()
                assert click(page, names[0]) and page.game is kept and "goes on at move" in page.table.status
    assert refused > 30 and offered > 0, (refused, offered)


def test_the_bots_are_read_back_from_their_names():
    assert bot_kinds(["Player 1 (you)", "Bot 1 (Monte Carlo)", "Bot 2 (Random)"]) == ["montecarlo", "random"]
    assert bot_kinds(["Player 1", "Player 2", "Player 3"]) is None
    assert bot_kinds(["Player 1 (you)", "Bot 1 (Clever)", "Bot 2 (Random)"]) is None
