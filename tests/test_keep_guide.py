"""Kept games, the guided first game and the table's page messages, without a browser: the toy
app of ``tests/toyapp.py`` on ``widgets/keep.py``, ``widgets/guide.py`` and ``widgets/table.py``.

A :class:`FakeBrowser` plays the browser's part: its ``localStorage`` is a dict, what the
table sends (``store``, ``pong``) is applied to it, and ``open(app)`` sends what a page sends
when it opens (``opened``, then every kept value)."""

from __future__ import annotations

import json
import re

import pytest
from daynight.widgets.keep import MAX_STORED, GameKeeper, game_key, kept_record, kept_text
from daynight.widgets.table import Note, Table, Target

from daynight import draw as d
from daynight.core import InvalidRecordError
from daynight.testing import mutants
from tests.frontend_support import FakeBrowser, click, follow_the_notes
from tests.toyapp import GUIDED_PILE, LESSONS, PebblesApp, draw_pebbles
from tests.toygame import Pebbles, Take

GAME = game_key("pebbles")
GUIDE = "daynight.guide.v1.pebbles"


def play_a_few(app: PebblesApp, moves: int = 2) -> None:
    for _ in range(moves):
        click(app.table, "take 1 pebble")


# --------------------------------------------------------------------------- the table's page messages


def test_a_note_pauses_the_table_until_its_button_is_pressed():
    table, done = Table(), []
    table.draw("<svg/>", [Target("play", lambda: done.append("played"), key="k")])
    table.tell(Note("Read me.", (Target("Continue", lambda: done.append("continued"), primary=True),)))
    assert table.paused and table.note["pause"] and table.note["buttons"][0]["name"] == "Continue"
    assert not click(table, "play") and done == [] and "Read the note" in table.status
    assert click(table, "Continue") and done == ["continued"]
    table.tell(None)
    assert not table.paused and table.note == {}
    assert click(table, "play") and done == ["continued", "played"]


def test_a_note_button_of_an_older_note_is_not_acted_on():
    table, done = Table(), []
    table.tell(Note("One.", (Target("Continue", lambda: done.append(1)),)))
    old = table.target_id("Continue")
    table.tell(Note("Two.", (Target("Continue", lambda: done.append(2)),)))
    assert table.choose(old) is False and done == []
    assert click(table, "Continue") and done == [2]


def test_a_note_links_only_to_pages_of_the_site_and_has_a_known_kind():
    table = Table()
    for href in ("javascript:alert(1)", "https://example.org/", "a b"):
        with pytest.raises(ValueError, match="links only"):
            table.tell(Note("x", links=[("go", href)]))
    with pytest.raises(ValueError, match="kind"):
        table.tell(Note("x", kind="shout"))
    table.tell(Note("x", links=[("practise", "../stars/practice.ipynb#S16")], kind="summary"))
    assert table.note["links"] == [{"text": "practise", "href": "../stars/practice.ipynb#S16"}]


def test_the_page_says_its_width_and_what_it_asked_for_and_is_pinged():
    table, screens, anchors = Table(), [], []
    table.on_screen(lambda screen, width: screens.append((screen, width)))
    table.on_opened(anchors.append)
    browser = FakeBrowser()
    browser.attach(table)
    good = [
        {"event": "opened", "anchor": "learn", "screen": "narrow", "width": 390},
        {"event": "screen", "screen": "narrow", "width": 390},  # the same: no redraw
        {"event": "screen", "screen": "wide", "width": 844},
        {"event": "screen", "screen": "wide", "width": 1000},  # still the wide drawing: no redraw
        {"event": "screen", "screen": "wide", "width": 740},  # a tablet upright: drawn for its width
        {"event": "screen", "screen": "wide", "width": 1280},
        {"event": "ping", "n": 7},
    ]
    for message in good:
        table._on_message(table, message, [])
    assert anchors == ["learn"] and table.anchor == "learn"
    assert screens == [("narrow", 390), ("wide", 844), ("wide", 740), ("wide", 1280)]
    assert table.screen == "wide" and table.screen_width == 1280 and table.draw_width is None
    assert browser.pongs == [7]
    bad = [
        {"event": "screen", "screen": "tiny", "width": 390},
        {"event": "screen", "screen": "narrow", "width": -1},
        {"event": "screen", "screen": "narrow", "width": 10**9},
        {"event": "screen", "screen": "narrow", "width": True},
        {"event": "screen", "screen": "narrow"},
        {"event": "opened", "anchor": "javascript", "screen": "wide", "width": 800},
        {"event": "ping", "n": "7"},
        {"event": "ping", "n": 1, "more": 1},
    ]
    for message in bad:
        table._on_message(table, message, [])
    assert table.dropped == len(bad) and browser.pongs == [7] and len(screens) == 4
    table._on_message(table, {"event": "screen", "screen": "narrow", "width": 360}, [])
    assert table.draw_width == 360


def test_a_refusal_says_what_the_explainer_adds():
    table = Table()
    table.explain = lambda error: "Allowed now: take 1 pebble."
    table.refuse("only 1 pebble is left [rule: taking]")
    assert table.status == "Not allowed: only 1 pebble is left [rule: taking] Allowed now: take 1 pebble."


# --------------------------------------------------------------------------- kept games


def test_the_game_is_kept_after_every_move_and_continued_on_the_next_page():
    browser = FakeBrowser()
    app = browser.open(PebblesApp(seed=5))
    assert app.table.note["text"].startswith("New to Pebbles")  # the guide's offer, nothing kept yet
    click(app.table, "Play a game")
    assert app.table.note == {}
    assert GAME not in browser.storage, "a game with no move has nothing to continue"
    play_a_few(app, 2)
    moves = len(app.game.history)
    assert moves == 4 and browser.kept_moves(GAME) == moves
    drawn, pile = app.table.svg, app.game.pile
    # the page is reloaded (a new kernel): the kept game is offered, and continued by the engine
    again = browser.open(PebblesApp(seed=99))
    note = again.table.note
    assert f"at move {moves}" in note["text"] and note["kind"] == "offer" and note["pause"]
    names = [b["name"] for b in note["buttons"]]
    assert names == [f"Continue your game (move {moves})", "Learn to play", "Start a new game"]
    assert click(again.table, f"Continue your game (move {moves})")
    assert again.game.pile == pile and len(again.game.history) == moves and again.table.svg == drawn
    assert again.table.note == {} and "goes on at move 4" in again.table.status
    play_a_few(again, 1)
    assert browser.kept_moves(GAME) == moves + 2


def test_a_page_reloaded_to_continue_continues_at_once():
    browser = FakeBrowser()
    app = browser.open(PebblesApp(seed=5))
    click(app.table, "Play a game")
    play_a_few(app, 1)
    again = browser.open(PebblesApp(seed=8), anchor="continue")
    assert again.table.note == {} and again.game.to_record() == app.game.to_record()


def test_a_new_game_leaves_the_kept_one_until_its_first_move_and_forget_clears_it():
    browser = FakeBrowser()
    app = browser.open(PebblesApp(seed=5))
    click(app.table, "Play a game")
    play_a_few(app, 1)
    again = browser.open(PebblesApp(seed=6))
    click(again.table, "Start a new game")
    assert browser.kept_moves(GAME) == 2, "nothing lost before the new game's first move"
    play_a_few(again, 1)
    assert browser.kept_moves(GAME) == 2 and json.loads(browser.storage[GAME])["record"] == again.game.to_record()
    again.keeper.forget()
    assert GAME not in browser.storage and "keeps nothing" in again.table.status
    play_a_few(again, 1)
    assert GAME not in browser.storage, "a forgotten game is not kept again"
    again.new_game(seed=1)
    play_a_few(again, 1)
    assert GAME in browser.storage, "the next game is kept"


def test_a_game_too_long_to_keep_is_said_and_not_kept():
    table, shown = Table(), []
    browser = FakeBrowser()
    keeper = GameKeeper(table, "pebbles", Pebbles, resume=shown.append)
    browser.attach(table)
    table._on_message(table, {"event": "stored", "key": GAME, "value": None}, [])
    game = Pebbles(5000)
    for i in range(2400):
        game.play(Take(i % 2, 1))
        if i == 100:
            keeper.moved(game)
            assert browser.kept_moves(GAME) == 101
    keeper.moved(game)
    assert GAME not in browser.storage and "too long to keep" in table.status
    assert len(json.dumps(kept_text(game.to_record()))) > MAX_STORED  # the bound of the message carrying it


@pytest.mark.parametrize("seed", [0, 1])
def test_a_damaged_kept_game_is_refused_by_name_and_a_new_game_offered(seed):
    """Fuzzed kept values (daynight.testing's mutants of a Pebbles record, as the kept value
    itself and inside a kept value): a game the engine accepts is offered, anything else is
    refused by the name of its field or rule, with a new game offered; never an exception."""
    played = Pebbles(20)
    for k in (1, 2, 3, 1):
        played.play(Take(len(played.history) % 2, k))
    refused = offered = 0
    for mutant in mutants(Pebbles, 100, seed, records=[played.to_record()], others=[]):
        text = mutant.data.decode("utf-8", "replace")
        try:
            wrapped = kept_text(json.loads(text))
        except (ValueError, RecursionError):  # not JSON: only the kept value itself
            wrapped = text
        for value in (text, wrapped):
            if len(json.dumps(value)) > MAX_STORED:
                continue
            table, resumed = Table(), []
            keeper = GameKeeper(table, "pebbles", Pebbles, resume=resumed.append)
            FakeBrowser({GAME: value}).attach(table)
            table._on_message(table, {"event": "stored", "key": GAME, "value": value}, [])
            note = table.note
            names = [b["name"] for b in note.get("buttons", [])]
            if note.get("kind") == "error":
                refused += 1
                # named: the field's path (and the rule), or where the text stops being JSON
                assert re.search(r"could not be continued \((\$.*?: |the kept game: )", note["text"]), note["text"]
                assert names == ["Start a new game"]
            elif note:
                offered += 1
                assert names[0].startswith("Continue your game") and not keeper.kept.is_over()
                click(table, names[0])
                assert resumed and resumed[0].to_json() == keeper.game.to_json()
    assert refused > 70 and offered > 0, (refused, offered)


def test_a_kept_value_names_its_first_bad_field():
    with pytest.raises(InvalidRecordError, match=r"\$\.version"):
        kept_record('{"version": 9, "saved": 0, "record": null}')
    with pytest.raises(InvalidRecordError, match=r"\$\.saved"):
        kept_record('{"version": 1, "saved": "now", "record": null}')
    with pytest.raises(InvalidRecordError, match="not valid JSON"):
        kept_record("{")
    record = {"format": "daynight-record", "version": 1, "game": "toy", "setup": {"pile": 5},
              "moves": [{"player": 0, "take": 4}]}  # fmt: skip
    app = FakeBrowser({GAME: kept_text(record)}).open(PebblesApp(seed=1))
    assert "rule: taking" in app.table.note["text"] and "$.moves[0]" in app.table.note["text"]


def test_no_storage_is_said_once():
    app = PebblesApp(seed=1)
    FakeBrowser().attach(app.table)
    for key in app.table.stored_keys:
        app.table._on_message(app.table, {"event": "stored", "key": key, "value": None, "problem": "no storage"}, [])
    assert "keeps nothing for this page" in app.table.status


# --------------------------------------------------------------------------- the guided first game


def test_learn_to_play_is_offered_first_and_guides_a_game_to_its_summary():
    browser = FakeBrowser()
    app = browser.open(PebblesApp(seed=2))
    offer = app.table.note
    assert offer["buttons"][0]["name"] == "Learn to play" and offer["buttons"][0]["primary"]
    click(app.table, "Learn to play")
    assert app.guide.active and app.game.pile == GUIDED_PILE and app.table.note["pause"]
    assert app.table.note["heading"] == "Learn to play Pebbles"
    headings = follow_the_notes(app.table)
    # each rule introduced once, in the order the engine's log first carried it
    rules = [h for h in headings if h in ("Taking pebbles", "The end of the game")]
    assert rules == ["Taking pebbles", "The end of the game"]
    assert "Your move" in headings
    summary = app.table.note
    assert summary["heading"].startswith("You have played your first game") and app.game.is_over()
    assert summary["items"] == ["Met: Taking pebbles.", "Met: The end of the game."] and summary["links"] == []
    kept = json.loads(browser.storage[GUIDE])
    assert kept["finished"] and kept["shown"] == ["taking", "end"] and kept["record"] is None
    # a learner who has finished is not offered it again
    assert not FakeBrowser(browser.storage).open(PebblesApp(seed=3)).table.note


def test_each_rule_note_comes_at_the_move_whose_event_carries_it():
    app = FakeBrowser().open(PebblesApp(seed=2), anchor="learn")
    assert app.guide.active, "the landing page's link starts the guided game at once"
    click(app.table, "Start")
    seen, before = [], 0
    for _ in range(30):
        note = app.table.note
        if note.get("kind") == "summary":
            break
        lesson = next((x for x in LESSONS if x.heading == note.get("heading")), None)
        if lesson is None:  # what is allowed now: take the most
            assert not note["pause"] and "You may take" in note["text"]
            before = len(app.game.log)
            click(app.table, [b for b in app.table.target_names() if b.startswith("take")][-1])
            continue
        # the note comes with the click whose events first carry its rule, never later (the
        # rule's names read here, not through lesson.matches, the code under test)
        first = next(i for i, e in enumerate(app.game.log) if e.rule in lesson.rules)
        assert before <= first < len(app.game.log), (lesson.name, before, first)
        assert note["marks"] and note["detail"], "it points at the drawing, the rule's words one click away"
        seen.append(lesson.name)
        click(app.table, "Continue")
    assert seen == ["taking", "end"]


def test_a_refused_click_in_the_guided_game_names_the_rule_and_what_is_allowed():
    browser = FakeBrowser()
    app = browser.open(PebblesApp(seed=2), anchor="learn")
    click(app.table, "Start")
    click(app.table, "take 1 pebble")  # 7 -> 6: a weak move is never refused
    assert app.game.pile == 6 and app.table.note["heading"] == "Taking pebbles"
    click(app.table, "Continue")  # the bot takes 2 -> 4
    assert app.game.pile == 4 and not app.table.paused
    app.game.pile = 2  # a teaching position: two left
    app.redraw()
    assert not click(app.table, "take 3 pebbles")
    status = app.table.status
    assert "only 2 pebbles are left" in status and "[rule: taking]" in status
    assert "Allowed now: take 1 pebble; take 2 pebbles." in status
    assert app.guide.missed == ["taking"]


def test_the_guided_game_resumes_with_its_pending_note():
    browser = FakeBrowser()
    app = browser.open(PebblesApp(seed=2), anchor="learn")
    click(app.table, "Start")
    click(app.table, "take 3 pebbles")
    assert app.table.note["heading"] == "Taking pebbles"  # the page dies here
    again = browser.open(PebblesApp(seed=4))
    names = [b["name"] for b in again.table.note["buttons"]]
    assert names[0] == "Continue learning (move 1)"
    click(again.table, "Continue learning (move 1)")
    assert again.guide.active and again.table.note["heading"] == "Taking pebbles", "the note not read comes back"
    assert again.game.to_record() == app.game.to_record()


def test_the_summary_links_the_practice_page_for_a_rule_got_wrong():
    app = FakeBrowser().open(PebblesApp(seed=2), anchor="learn")
    click(app.table, "Start")
    app.game.pile = 2
    app.redraw()
    click(app.table, "take 3 pebbles")  # refused: taking
    click(app.table, "take 2 pebbles")  # the learner wins at once
    follow_the_notes(app.table)
    summary = app.table.note
    assert "Got wrong once: Taking pebbles. Practise it." in summary["items"]
    assert summary["links"] == [{"text": "Practise: Taking pebbles", "href": "practice.ipynb"}]


def test_the_narrow_drawing_is_as_wide_as_the_table_with_words_and_targets_large_enough():
    game = Pebbles(20)
    keys = ["take-1", "take-2", "take-3"]
    for width in (360, 390, 430):
        drawing = draw_pebbles(game, 0, width=width)
        assert drawing.width == width and d.smallest_text(drawing) >= d.MIN_TEXT
        assert d.smallest_target(drawing, keys) >= d.MIN_TARGET
    wide = draw_pebbles(game, 0)
    assert wide.width > 600 and d.smallest_target(wide, keys) == 48
    app = FakeBrowser().open(PebblesApp(seed=2), screen="narrow", width=390)
    assert app.table.draw_width == 390 and 'viewBox="0 0 390 ' in app.table.svg
    app.table._on_message(app.table, {"event": "screen", "screen": "wide", "width": 844}, [])
    assert 'viewBox="0 0 390 ' not in app.table.svg


# --------------------------------------------------------------------------- the review app


def test_the_review_app_opens_a_kept_game_and_draws_it_for_a_phone():
    from daynight.widgets.review import ReviewApp

    game = Pebbles(12)
    for k in (1, 2, 3):
        game.play(Take(len(game.history) % 2, k))
    review = ReviewApp(kept=("pebbles",), cls=Pebbles, draw=draw_pebbles, upload=False)
    assert review.kept_menu.layout.display == "none", "no menu until the browser has sent a kept game"
    browser = FakeBrowser({GAME: kept_text(game.to_record()), "daynight.game.v1.other": "{}"})
    browser.attach(review.table)
    for key in review.table.stored_keys:
        review.table._on_message(review.table, {"event": "stored", "key": key, "value": browser.storage.get(key)}, [])
    assert review.table.stored_keys == [GAME]  # only the games it was asked for
    label = "Pebbles (a test game), move 3"
    assert [v for _label, v in review.kept_menu.options] == ["", label] and review.kept_menu.layout.display is None
    review.kept_menu.value = label
    assert review.review is not None and review.review.moves == 3 and "the kept game" in review.message.text
    review.go(3)
    assert 'viewBox="0 0 ' in review.table.svg and review.table.svg != str(draw_pebbles(game, None, width=390))
    review.table._on_message(review.table, {"event": "screen", "screen": "narrow", "width": 390}, [])
    assert review.table.svg == str(draw_pebbles(game, None, width=390)), "a phone gets the narrow arrangement"


def file_data(page: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="dn-data">(.*?)</script>', page, re.S).group(1))


def test_the_review_file_holds_narrow_drawings_where_the_game_has_them():
    from daynight.review import NARROW_FILE_WIDTH, Review, html

    game = Pebbles(12)
    for k in (1, 2, 3):
        game.play(Take(len(game.history) % 2, k))
    data = file_data(html(Review(game.to_record(), cls=Pebbles, draw=draw_pebbles)))
    assert len(data["narrow"]) == len(data["steps"]) == 4
    assert f'viewBox="0 0 {NARROW_FILE_WIDTH} ' in "<".join(data["pieces"])
    # a game without a narrow arrangement: no second set
    plain = file_data(html(Review(game.to_record(), cls=Pebbles, draw=lambda g, viewer: draw_pebbles(g, viewer))))
    assert "narrow" not in plain


def test_a_new_game_ends_the_guided_game_and_the_landing_link_continues_a_kept_one():
    browser = FakeBrowser()
    app = browser.open(PebblesApp(seed=2), anchor="learn")
    click(app.table, "Start")
    click(app.table, "take 1 pebble")
    again = browser.open(PebblesApp(seed=3), anchor="learn")
    assert again.guide.active and len(again.game.history) == 1, "the link continues the guided game kept"
    again.new_game(seed=4)
    assert not again.guide.active and again.table.note == {}
    click(again.table, "take 1 pebble")
    assert browser.kept_moves(GAME) == 2 and json.loads(browser.storage[GUIDE])["record"]["moves"], "both kept"


# --------------------------------------------------------------------------- settings kept beside the record

CHOICES = {"bot": ("greedy", "random"), "side": (0, 1), "short": (True, False)}


def settings_keeper(browser: FakeBrowser, now: dict, resumed: list) -> tuple[Table, GameKeeper]:
    """A keeper of Pebbles with settings (``now``: the app's settings) on a page ``browser`` opens."""
    table = Table()
    keeper = GameKeeper(
        table,
        "pebbles",
        Pebbles,
        resume=lambda game, settings: resumed.append((game, settings)),
        settings=lambda: dict(now),
        choices=CHOICES,
    )
    browser.open(keeper)
    return table, keeper


def test_settings_are_kept_beside_the_record_and_handed_back_on_continuing():
    browser, now = FakeBrowser(), {"bot": "random", "side": 1, "short": False}
    _table, keeper = settings_keeper(browser, now, [])
    game = Pebbles(9)
    game.play(Take(0, 2))
    keeper.moved(game)
    assert json.loads(browser.storage[GAME])["settings"] == now
    now["bot"] = "greedy"  # changed at the next move: kept with it
    game.play(Take(1, 1))
    keeper.moved(game)
    assert json.loads(browser.storage[GAME])["settings"]["bot"] == "greedy"
    resumed: list = []
    again, _keeper = settings_keeper(browser, {"bot": "random", "side": 0, "short": True}, resumed)
    assert click(again, "Continue your game (move 2)")
    ((kept, settings),) = resumed
    assert kept.to_record() == game.to_record() and settings == {"bot": "greedy", "side": 1, "short": False}


@pytest.mark.parametrize(
    "settings, named",
    [
        ({"bot": "clever"}, r"\$\.settings\.bot: unknown value \"clever\""),
        ({"side": True}, r"\$\.settings\.side: unknown value true"),
        ({"short": 1}, r"\$\.settings\.short: unknown value 1"),
        ({"colour": "red"}, r"\$\.settings\.colour: unknown field"),
        ("random", r"\$\.settings: expected an object"),
    ],
)
def test_a_bad_setting_is_refused_by_its_name_and_a_new_game_offered(settings, named):
    game = Pebbles(9)
    game.play(Take(0, 2))
    browser, resumed = FakeBrowser({GAME: kept_text(game.to_record(), settings=settings)}), list[tuple]()
    table, _keeper = settings_keeper(browser, {"bot": "random"}, resumed)
    note = table.note
    assert note["kind"] == "error" and re.search(named, note["text"]), note["text"]
    assert [b["name"] for b in note["buttons"]] == ["Start a new game"] and GAME not in browser.storage
    assert resumed == []


def test_a_kept_value_without_settings_continues_and_an_app_without_settings_refuses_them():
    game = Pebbles(9)
    game.play(Take(0, 2))
    browser, resumed = FakeBrowser({GAME: kept_text(game.to_record())}), list[tuple]()
    table, _keeper = settings_keeper(browser, {}, resumed)  # kept by a page before settings
    assert click(table, "Continue your game (move 1)") and resumed[0][1] == {}
    app = FakeBrowser({GAME: kept_text(game.to_record(), settings={"bot": "random"})}).open(PebblesApp(seed=1))
    assert "$.settings: unknown field" in app.table.note["text"], "an app without settings keeps the record alone"
    with pytest.raises(ValueError, match="choices"):
        GameKeeper(Table(), "pebbles", Pebbles, resume=print, settings=dict)


def test_the_followed_game_back_at_no_move_clears_the_kept_one_and_a_new_game_leaves_it():
    browser = FakeBrowser()
    app = browser.open(PebblesApp(seed=5))
    click(app.table, "Play a game")
    play_a_few(app, 1)
    assert browser.kept_moves(GAME) == 2
    app.new_game(seed=3)  # a new game: the kept one stays until its first move
    app.keeper.moved(app.game)
    assert browser.kept_moves(GAME) == 2
    play_a_few(app, 1)
    undone = Pebbles.from_record({**app.game.to_record(), "moves": []})  # an undo back to no move
    app.keeper.game = app.game = undone
    app.keeper.moved(undone)
    assert GAME not in browser.storage, "nothing left to continue"
