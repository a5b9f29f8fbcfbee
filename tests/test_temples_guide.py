"""The temple duel's guided first game (issue 19), without a browser: the play app of
``widgets/temples.py`` with the lessons of ``widgets/temples_guide.py`` on the shared guide
(``widgets/guide.py``), driven by :class:`FakeBrowser` and what the notes say to click."""

from __future__ import annotations

import json
import re

import pytest
from daynight.widgets.guide import guide_key
from daynight.widgets.temples import TemplesApp
from daynight.widgets.temples_guide import GUIDED_SEED, LEARNER, LESSONS

from daynight.temples import TemplesGame
from tests.frontend_support import FakeBrowser, click, follow_the_notes
from tools.guided_deal_temples import play_guided, policies

GUIDE = guide_key("temples")
HEADINGS = {x.heading: x for x in LESSONS}
#: the kind of event whose rule each lesson explains (read here from the engine's log, not
#: through ``Lesson.matches``, the code under test)
KIND = {"spell": "cast", "travel": "travel", "crystallize": "crystallize", "temple": "temple", "turn": "turn"}


def first_event(game: TemplesGame, name: str) -> int:
    """The index of the first event of ``game``'s log that carries lesson ``name``'s rule."""
    lesson = next(x for x in LESSONS if x.name == name)
    kind = KIND.get(name, "end")
    return next(i for i, e in enumerate(game.log) if e.rule in lesson.rules and e.what == kind)


def learning(seed: int = 1) -> tuple[FakeBrowser, TemplesApp]:
    browser = FakeBrowser()
    app = browser.open(TemplesApp(seed), anchor="learn")
    assert app.guide.active, "the landing page's link starts the guided game at once"
    click(app.table, "Start")
    return browser, app


def test_learn_to_play_is_offered_first_and_guides_a_game_to_its_summary():
    browser = FakeBrowser()
    app = browser.open(TemplesApp(3))
    offer = app.table.note
    assert offer["buttons"][0]["name"] == "Learn to play" and offer["buttons"][0]["primary"]
    click(app.table, "Learn to play")
    note = app.table.note
    assert note["heading"] == "Learn to play Day & Night, the temple duel" and note["pause"]
    assert "first temple wins" in note["text"], "the page says the guided game is shorter"
    assert app.game.seed == GUIDED_SEED and app.game.options.temples_to_win == 1 and app.human == LEARNER
    headings = follow_the_notes(app.table)
    rules = [h for h in headings if h in HEADINGS]
    assert sorted(rules) == sorted(HEADINGS), "each rule introduced once"
    assert headings.count("Your move") >= 5
    summary = app.table.note
    assert summary["heading"].startswith("You have played your first game") and app.game.is_over()
    assert summary["items"] == [f"Met: {x.heading}." for x in LESSONS] and summary["links"] == []
    kept = json.loads(browser.storage[GUIDE])
    assert kept["finished"] and sorted(kept["shown"]) == sorted(x.name for x in LESSONS) and kept["record"] is None
    assert not FakeBrowser(browser.storage).open(TemplesApp(4)).table.note, "not offered again once finished"


@pytest.mark.parametrize("learner", ["suggested", "retreats"])
def test_each_rule_note_comes_at_the_move_whose_event_first_carries_it_and_points_at_the_table(learner):
    """The learner plays what the notes suggest, or retreats whenever she may (then Night casts,
    travels and crystallizes first)."""
    _browser, app = learning()
    seen = []
    for _ in range(300):
        note = app.table.note
        if note.get("kind") == "summary":
            break
        lesson = HEADINGS.get(note.get("heading"))
        if lesson is None:  # the learner's move: the move the note suggests
            assert note["heading"] == "Your move" and not note["pause"] and "A good move: click “" in note["text"]
            if learner == "retreats" and "Retreat (end the turn)" in app.table.target_names():
                assert click(app.table, "Retreat (end the turn)")
            else:
                follow_the_notes_once(app)
            continue
        game = app.game
        before_last = len(TemplesGame.from_record(game.to_record(), upto=len(game.history) - 1).log)
        first = first_event(game, lesson.name)
        assert before_last <= first < len(game.log), (lesson.name, before_last, first, len(game.log))
        assert note["detail"].startswith(lesson.ids[0]), "the rule book's words one click away"
        assert note["marks"], lesson.name
        for mark in note["marks"]:
            assert f'data-key="{mark["key"]}"' in app.table.svg, (lesson.name, mark)
        seen.append(lesson.name)
        click(app.table, "Continue")
    assert sorted(seen) == sorted(x.name for x in LESSONS) and len(seen) == len(set(seen))


def follow_the_notes_once(app: TemplesApp) -> None:
    text = app.table.note["text"]
    name = text.split("“", 1)[1].split("”", 1)[0]
    assert click(app.table, name), name


def test_a_refused_click_in_the_guided_game_names_the_rule_and_what_is_allowed():
    _browser, app = learning()
    far = next(t["name"] for t in app.table.targets if t["key"] == "sq-F7")  # Day stands on A1
    before = app.game.to_record()
    assert not click(app.table, far)
    status = app.table.status
    assert status.startswith("Not allowed:") and "2.1 Travelling" in status, status
    assert "Allowed now: cast " in status and "travel to B1" in status and "Retreat (end the turn)" in status
    assert app.game.to_record() == before and app.guide.missed == ["travel"]
    # the refusal reaches the note above the table, where the learner looks (issue 23): the rule, the
    # engine's reason, what to do now and what is allowed; never the state string; said at once
    note = app.table.note
    assert note["kind"] == "error" and not note["pause"] and note["heading"] == "Not allowed: 2.1 Travelling"
    assert note["text"].startswith("F7 does not border on A1") and "“" in note["text"], note["text"]
    assert note["items"][0].startswith("Allowed now: cast ") and "travel to B1" in note["items"][0]
    assert "temples turn" not in json.dumps(note) and "temples turn" not in status
    follow_the_notes(app.table)
    summary = app.table.note
    assert "Got wrong once: Travel. Practise it." in summary["items"]
    assert summary["links"] == [{"text": "Practise: Travel", "href": "practice.ipynb"}]


def test_the_guided_game_resumes_at_a_note_in_the_bots_turn_and_goes_on():
    browser, app = learning()
    for _ in range(100):
        if app.table.note.get("heading") == "A crystallized tile":
            break
        note = app.table.note
        if note["heading"] == "Your move":
            follow_the_notes_once(app)
        else:
            click(app.table, "Continue")
    assert app.game.to_players()[0] != LEARNER, "the note pauses the bot's turn"  # the page dies here
    again = browser.open(TemplesApp(8, mode="Play Night against a bot"))
    n = len(app.game.history)
    assert click(again.table, f"Continue learning (move {n})")
    assert again.guide.active and again.table.note["heading"] == "A crystallized tile"
    assert again.game.to_record() == app.game.to_record() and again.human == LEARNER
    follow_the_notes(again.table)
    assert again.game.is_over() and again.table.note["kind"] == "summary"


def test_the_guided_deal_shows_every_lesson_to_the_first_last_random_and_suggested_learner():
    names = {x.name for x in LESSONS}
    for label, policy in policies(range(3)).items():
        met, moves, _winner = play_guided(GUIDED_SEED, policy)
        assert set(met) == names, (label, met)
        assert moves < 150, (label, moves)


@pytest.mark.parametrize(("screen", "width"), [("narrow", 390), ("wide", 1200)])
def test_on_a_phone_the_suggested_spell_is_said_to_be_under_the_board(screen, width):
    """On a phone the board fills the first screen and the hand comes under it: a note that
    suggests casting a spell says where the spell is (on a wide table it is beside the board)."""
    app = FakeBrowser().open(TemplesApp(1), anchor="learn", screen=screen, width=width)
    click(app.table, "Start")
    suggested = 0
    for _ in range(80):
        note = app.table.note
        if note.get("kind") == "summary":
            break
        quoted = re.findall(r"“([^”]+)”", note.get("text", ""))
        if quoted and note.get("heading") == "Your move":
            key = next(t["key"] for t in app.table.targets if t["name"] == quoted[0]) or ""
            said = "Your spells are under the board" in note["text"]
            assert said == (screen == "narrow" and key.startswith("card-")), (key, note["text"])
            suggested += key.startswith("card-")
        click(app.table, quoted[0] if quoted else next(b["name"] for b in note["buttons"] if b["primary"]))
    assert suggested >= 2, "the guided game suggests spells"
