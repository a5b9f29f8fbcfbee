"""The temple duel's play app without a browser: the drawn table is driven by target, as a
click does (``app.table.choose(app.table.target_id("travel to B1, neutral-tile"))``)."""

from __future__ import annotations

import json
import re

import pytest
from daynight.widgets.guide import guide_key
from daynight.widgets.keep import MAX_STORED, game_key, kept_text
from daynight.widgets.temples import (
    SCENARIOS,
    TemplesApp,
    bot_results,
    control_figure,
    move_name,
    regions_figure,
    results_figure,
    target_name,
    turn_series,
)

from daynight import draw as d
from daynight.stars import StarsGame
from daynight.temples import TemplesGame, Travel, demo, parse_square
from daynight.testing import mutants
from tests.frontend_support import FakeBrowser

NEAR_END = list(SCENARIOS)[1]
MIMIC = list(SCENARIOS)[2]


def sq(name):
    return parse_square(name)


def click(app, name: str) -> bool:
    """Click the target called ``name`` (exactly), as a learner does."""
    return app.table.choose(app.table.target_id(name))


def click_starting(app, prefix: str) -> bool:
    names = [n for n in app.table.target_names() if n.startswith(prefix)]
    assert names, f"no target starts with {prefix!r}: {app.table.target_names()}"
    return click(app, names[0])


def test_the_app_starts_on_the_drawn_table_with_named_targets():
    app = TemplesApp(1)
    names = app.table.target_names()
    assert "travel to A1, neutral-tile, Day stands here" in names
    assert "travel to F8, neutral-tile, Night stands here" in names
    assert sum(n.startswith("travel to ") for n in names) == 44  # every square, the centre aside
    assert sum(n.startswith("cast ") for n in names) == 5  # the hand
    assert "Retreat (end the turn)" in names and "Undo my last move" not in names
    said = d.words(app.table.svg)
    assert "Turn 1: Day's turn, Spell Casting" in said and "12 of 12 hours left" in said
    keys = {t["key"] for t in app.table.targets if t["key"]}
    assert {f"sq-{n}" for n in ("A1", "F8")} <= keys and all(f'data-key="{k}"' in app.table.svg for k in keys)
    assert len(names) == len(set(names)), "two targets share a name"


def test_travel_by_clicking_a_square_and_the_rule_of_a_refused_click():
    app = TemplesApp(2)
    assert click(app, "travel to B1, neutral-tile")
    assert app.game.pawn["day"] == sq("B1") and "travels from A1 to B1" in app.table.status
    assert "9 of 12 hours left" in d.words(app.table.svg)
    assert not click_starting(app, "travel to A1,")  # back to the start: refused
    assert app.table.status_kind == "error" and "already crossed" in app.table.status
    assert "2.1 Travelling" in app.table.status and app.game.pawn["day"] == sq("B1")
    assert not click_starting(app, "travel to D3,")
    assert "does not border" in app.table.status


def test_cast_a_spell_then_click_its_targets_and_win():
    app = TemplesApp(3, scenario=NEAR_END)
    assert app.game.turn == "day" and "Night retreats" in app.log_view.value  # the bot played Night
    assert click(app, "cast Sunwalk, 1 hour")
    assert "Stop moving" in app.table.target_names()
    assert click(app, "move Day to D8, neutral-tile")
    assert click(app, "Stop moving")
    assert app.game.pawn["day"] == sq("D8")
    assert click_starting(app, "travel to D7,")  # travel back (not a spell move)
    assert app.game.phase == "travel"
    assert not click(app, "cast Morning Dew, 0 hours")  # no casting after travelling
    assert "before travelling" in app.table.status


def test_the_near_end_is_won_by_one_click_and_the_game_over_refuses_more():
    app = TemplesApp(3, scenario=NEAR_END)
    assert click(app, "cast Morning Dew, 0 hours")
    assert app.game.is_over() and app.game.winner == "day"
    assert "second temple and wins" in app.table.status
    assert "Day's discard pile</b> (1, newest first): Morning Dew" in app.discards_html.value
    assert "Day has built her second temple and wins." in d.words(app.table.svg)
    assert not any(n.startswith("travel") for n in app.table.target_names())
    assert app.table.svg.count("dn-anim-rise") == 9  # the temple is raised


def test_targets_of_a_spell_are_named_by_what_they_do():
    app = TemplesApp(4, scenario=MIMIC, mode="Two players at one screen")
    assert click(app, "cast Mimic, 3 hours")
    names = app.table.target_names()
    assert "target D7, neutral-tile (change)" in names and "target F7, Day-tile (change)" in names
    assert not click_starting(app, "target A1,")  # not bordering on Night
    assert "Not allowed" in app.table.status and "3.1" in app.table.status
    assert target_name(app.game, sq("E6")) == "target E6, Night-tile (change)"


def test_two_players_mimic_and_the_pick_of_nine_of_ten():
    app = TemplesApp(4, scenario=MIMIC, mode="Two players at one screen")
    assert app.game.turn == "night" and "Night (to move): 2 spells in hand" in d.words(app.table.svg)
    click(app, "cast Mimic, 3 hours")
    for name in ("D7", "F7"):
        click_starting(app, f"target {name},")
    assert app.game.temple_pick is not None
    assert "pick the tiles of your temple" in " ".join(d.words(app.table.svg))
    for name in ("E4", "F4", "E5", "F5", "E6", "F6", "D6", "E7", "F7"):
        assert click_starting(app, f"pick {name},")
    assert app.game.is_over() and app.game.winner == "night"  # short game: one temple wins
    assert "D7, Night-tile" in " ".join(d.words(app.table.svg))  # the tenth tile: no temple


def test_an_x_spell_asks_for_x_in_the_toolbar():
    g = {
        "position": {
            "board": ["......", "......", "......", "..##..", "..##..", "......", "......", "......"],
            "hands": {"night": ["N08"], "day": ["D01"]},
            "turn": "night",
            "turn_no": 2,
        }
    }
    SCENARIOS["test: Crystal Field"] = g
    try:
        app = TemplesApp(5, scenario="test: Crystal Field", mode="Two players at one screen")
    finally:
        del SCENARIOS["test: Crystal Field"]
    assert click(app, "cast Crystal Field, X hours")
    names = app.table.target_names()
    assert [n for n in names if n.startswith("X = ")] == [
        f"X = {x} ({x} hour{'s' if x > 1 else ''})" for x in range(1, 7)
    ]
    assert "Crystal Field costs X hours" in app.table.status
    assert click(app, "Cancel") and not any(n.startswith("X = ") for n in app.table.target_names())
    click(app, "cast Crystal Field, X hours")
    assert click(app, "X = 2 (2 hours)")
    assert app.game.hours == 10 and app.game.pending is not None
    assert any(n.startswith("target ") and n.endswith("(crystallize)") for n in app.table.target_names())


def test_steal_passion_takes_a_card_shown_on_the_table():
    SCENARIOS["test: steal"] = {
        "position": {
            "board": ["......", "......", "......", "..##..", "..##..", "......", "......", "......"],
            "hands": {"day": ["D10"], "night": ["N05", "N01"]},
        }
    }
    try:
        app = TemplesApp(6, scenario="test: steal")
    finally:
        del SCENARIOS["test: steal"]
    click(app, "cast Steal Passion, 3 hours")
    names = app.table.target_names()
    assert "take Crystallize from Night's hand" in names and "take Nightfall from Night's hand" in names
    assert "Night's hand, shown by Steal Passion" in " ".join(d.words(app.table.svg))
    assert click(app, "take Crystallize from Night's hand")
    assert "cannot cast it" in app.log_view.value  # 3.3: the other side's theme spell


def test_retreat_with_too_many_spells_discards_by_clicking_cards():
    app = TemplesApp(7)
    for name in ("B1", "C1", "D1", "E1"):
        click_starting(app, f"travel to {name},")
    assert len(app.game.hand["day"]) == 9
    click(app, "Retreat (end the turn)")
    assert app.game.phase == "retreat"
    discards = [n for n in app.table.target_names() if n.startswith("discard ")]
    assert len(discards) == 9
    for _ in range(4):
        click(app, next(n for n in app.table.target_names() if n.startswith("discard ")))
    assert app.game.turn == "day" and app.game.turn_no == 3  # the bot played Night's turn


def test_undo_takes_back_my_last_move_and_the_bots_answer():
    app = TemplesApp(9)
    click_starting(app, "travel to B1,")
    click(app, "Retreat (end the turn)")
    if app.game.phase == "retreat":
        click_starting(app, "discard ")
    assert app.game.turn == "day" and app.game.turn_no == 3
    n = len(app.game.history)
    assert click(app, "Undo my last move")
    assert "Took back" in app.table.status and len(app.game.history) < n
    assert app.game.turn == "day" and app.game.turn_no == 1


def test_a_condition_refusal_is_shown_and_the_card_is_dimmed():
    app = TemplesApp(1)  # Morning Glow and Radiance need Day on a Day-tile
    assert "cannot be cast now" in app.table.svg
    assert not click(app, "cast Radiance, 7 hours")
    assert "3.3 Conditions" in app.table.status and app.game.hours == 12


def test_short_game_option_and_record_round_trip_and_a_bad_record():
    app = TemplesApp(6)
    app.short.value = True
    app.new_game()
    assert app.game.options.temples_to_win == 1
    click_starting(app, "travel to A2,")
    app.save_button.click()
    rec = json.loads(app.record_text.value)
    assert rec["setup"]["options"]["temples_to_win"] == 1 and len(rec["moves"]) == 1
    other = TemplesApp(7)
    other.record_text.value = app.record_text.value
    other.load_button.click()
    assert other.game.pawn["day"] == sq("A2") and "Record loaded" in other.table.status
    other.record_text.value = "{broken"
    other.load_button.click()
    assert "not valid JSON" in other.table.status and other.game.pawn["day"] == sq("A2")
    assert "\n" not in other.table.status


def test_play_night_against_the_bot():
    app = TemplesApp(8, mode="Play Night against a bot")
    assert app.game.turn == "night" and app.game.turn_no == 2  # the bot played Day's first turn
    assert "Night (to move)" in " ".join(d.words(app.table.svg))
    assert sum(n.startswith("cast ") for n in app.table.target_names()) == 5


def test_a_whole_short_game_by_targets():
    app = TemplesApp(4)
    app.short.value = True
    app.new_game()
    turns = 0
    while not app.game.is_over():
        assert click(app, "Retreat (end the turn)")
        if app.game.phase == "retreat":
            while app.game.phase == "retreat":
                click_starting(app, "discard ")
        turns += 1
        assert turns < 60
    assert app.game.winner == "night" and "first temple and wins" in app.table.status
    assert app.table.target_names() == ["Undo my last move"]


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


# --------------------------------------------------------------------------- the game survives the page (issue 24)

GAME = game_key("temples")


def play_a_turn(app) -> None:
    """Travel one square and retreat (discarding if the hand is too full): the bot answers."""
    travel = next((m for m in app.game.legal_moves(app.human) if type(m) is Travel), None)
    if travel is not None:  # (none after an undo of a discard: the retreat goes on)
        assert click(app, move_name(app.game, travel))
    if "Retreat (end the turn)" in app.table.target_names():
        click(app, "Retreat (end the turn)")
    while app.game.phase == "retreat" and app.game.to_players()[0] == app.human:
        click_starting(app, "discard ")


def returning(storage: dict[str, str] | None = None) -> FakeBrowser:
    """A browser that has finished the guided first game (so "Learn to play" is not offered:
    these tests are about kept games; ``tests/test_temples_guide.py`` tests the guided game)."""
    done = kept_text(None, finished=True, shown=[], missed=[])
    return FakeBrowser({guide_key("temples"): done, **(storage or {})})


def widgets_of(widget) -> list:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += widgets_of(child)
    return out


def drawn(app) -> tuple[list[str], list[str]]:
    """What the table shows in words, and its targets' names (the animation of what is new aside)."""
    return d.words(app.table.svg), app.table.target_names()


@pytest.mark.parametrize("mode", ["Play Day against a bot", "Play Night against a bot"])
def test_the_game_is_kept_after_every_move_and_continued_at_the_same_move_and_table(mode):
    browser = returning()
    app = browser.open(TemplesApp(2, mode=mode))
    assert app.table.note == {}, "nothing kept: no offer"
    play_a_turn(app)
    play_a_turn(app)
    moves = len(app.game.history)
    assert browser.kept_moves(GAME) == moves and json.loads(browser.storage[GAME])["record"] == app.game.to_record()
    assert app.game.to_players()[0] == app.human, "kept after the bot's answer: at the learner's turn"
    # the page is reloaded (a new kernel, the default mode and seed): offered, continued by the engine
    again = browser.open(TemplesApp(7))
    note = again.table.note
    assert note["kind"] == "offer" and f"at move {moves}" in note["text"]
    assert [b["name"] for b in note["buttons"]] == [f"Continue your game (move {moves})", "Start a new game"]
    assert click(again, f"Continue your game (move {moves})")
    assert again.game.to_record() == app.game.to_record() and again.human == app.human
    assert drawn(again) == drawn(app), "the same table, from the same side (hidden cards hidden)"
    assert again.seed_box.value == 2 and f"goes on at move {moves}" in again.table.status
    play_a_turn(again)  # and it goes on, kept
    assert browser.kept_moves(GAME) == len(again.game.history) > moves


def test_a_page_reloaded_to_continue_continues_at_once_and_undo_is_kept():
    browser = returning()
    app = browser.open(TemplesApp(9))
    play_a_turn(app)
    click(app, "Undo my last move")
    assert json.loads(browser.storage[GAME])["record"] == app.game.to_record(), "the undone game is kept"
    play_a_turn(app)
    again = browser.open(TemplesApp(1), anchor="continue")
    assert again.table.note == {} and again.game.to_record() == app.game.to_record()


def test_forget_clears_the_kept_game_and_a_new_game_is_kept_from_its_first_move():
    browser = returning()
    app = browser.open(TemplesApp(3))
    play_a_turn(app)
    assert GAME in browser.storage
    assert app.keeper.forget_button in widgets_of(app), "Forget this game is on the page"
    app.keeper.forget_button.click()
    assert GAME not in browser.storage and "keeps nothing" in app.table.status
    play_a_turn(app)
    assert GAME not in browser.storage, "a forgotten game is not kept again"
    app.new_game()
    play_a_turn(app)
    assert browser.kept_moves(GAME) == len(app.game.history)


def kept_game() -> dict:
    app = returning().open(TemplesApp(4))
    play_a_turn(app)
    return app.game.to_record()


def damaged_values() -> dict[str, str]:
    """Kept values damaged a few ways, and what names the refusal."""
    record = kept_game()
    good = kept_text(record)
    wrong_field = json.loads(good)
    wrong_field["record"]["setup"]["seed"] = "one"
    illegal = json.loads(good)
    illegal["record"]["moves"][0] = {"who": "day", "travel": "F8"}  # not a bordering square
    stars = kept_text(StarsGame.new(3, 1).to_record())
    extra = json.loads(good)
    extra["record"]["moves"][1]["why"] = "?"
    return {
        "$.setup.seed": json.dumps(wrong_field),
        "$.moves[0]": json.dumps(illegal),
        '$.game: this is a "stars" record': stars,
        "$.moves[1]": json.dumps(extra),
        "the kept game: ": good[: len(good) // 2],  # truncated: not JSON
        "$.version": good.replace('"version":1', '"version":7', 1),
    }


DAMAGES = [
    "$.setup.seed",
    "$.moves[0]",
    '$.game: this is a "stars" record',
    "$.moves[1]",
    "the kept game: ",
    "$.version",
]


@pytest.mark.parametrize("name", DAMAGES)
def test_a_damaged_kept_game_is_refused_by_name_and_a_new_game_offered(name):
    value = damaged_values()[name]
    browser = returning({GAME: value})
    app = browser.open(TemplesApp(5))
    note = app.table.note
    assert note["kind"] == "error" and "could not be continued" in note["text"] and name in note["text"], note
    assert "Traceback" not in note["text"] and [b["name"] for b in note["buttons"]] == ["Start a new game"]
    assert GAME not in browser.storage, "the refused value is forgotten"
    assert click(app, "Start a new game") and app.table.note == {}
    play_a_turn(app)  # the new game is played and kept
    assert browser.kept_moves(GAME) == len(app.game.history)


def test_fuzzed_kept_games_are_refused_by_name_or_continued():
    """daynight.testing's mutants of a kept temples record: never an exception, a refusal by name
    with a new game offered, or a game the engine accepts offered to continue."""
    refused = offered = 0
    for mutant in mutants(TemplesGame, 40, 3, records=[kept_game()]):
        text = mutant.data.decode("utf-8", "replace")
        try:
            value = kept_text(json.loads(text))
        except (ValueError, RecursionError):
            value = text
        if len(json.dumps(value)) > MAX_STORED:
            continue
        app = returning({GAME: value}).open(TemplesApp(5))
        note = app.table.note
        if note.get("kind") == "error":
            refused += 1
            assert re.search(r"could not be continued \((\$.*?: |the kept game: )", note["text"]), note["text"]
        elif note:
            offered += 1
            assert click(app, note["buttons"][0]["name"]) and app.game.history
    assert refused > 20, (refused, offered)


NIGHTS_MIMIC = "Near the end: Night's Mimic can finish her temple"


@pytest.mark.parametrize(
    "mode, bot, start",
    [
        ("Two players at one screen", "thumb", NIGHTS_MIMIC),
        ("Play Night against a bot", "random", "A new game"),
    ],
)
def test_the_mode_the_bot_and_the_start_are_kept_with_the_game(mode, bot, start):
    """A page opened with other settings continues the kept game in its mode (two players at
    one screen stay two players, not a game against a bot), with its bot and its start."""
    browser = returning()
    app = browser.open(TemplesApp(2, mode=mode, bot=bot, scenario=start))
    play_a_turn(app)
    moves = len(app.game.history)
    assert json.loads(browser.storage[GAME])["settings"] == app.settings_now()
    again = browser.open(TemplesApp(7, mode="Play Day against a bot", bot="random" if bot == "thumb" else "thumb"))
    assert click(again, f"Continue your game (move {moves})")
    assert (again.mode.value, again.bot_choice.value, again.scenario.value) == (mode, bot, start)
    assert again.human == app.human and drawn(again) == drawn(app)
    play_a_turn(again)  # the bot kept answers (none for two players: the other side is to move)
    if app.human is None:
        assert len(again.game.history) == moves + 2 and again.game.to_players()[0] != app.game.to_players()[0]
    assert browser.kept_moves(GAME) == len(again.game.history)


def test_undo_back_to_no_move_clears_the_kept_game():
    browser = returning()
    app = browser.open(TemplesApp(9, mode="Two players at one screen"))
    play_a_turn(app)
    while app.game.history:
        click(app, "Undo my last move")
    assert GAME not in browser.storage and not browser.open(TemplesApp(1)).table.note
