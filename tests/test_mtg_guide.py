"""The Magic tracker's guided first game (issue 19), without a browser: the learner predicts each
untap step on the drawn table, the engine decides, and each rule is taught by a note the first
time the engine's log carries it (``widgets/mtg_guide.py`` on ``widgets/guide.py``)."""

from __future__ import annotations

import json
import random
import re

import pytest
from daynight.widgets.mtg import Tracker
from daynight.widgets.mtg_guide import ANSWERS, CORE, LEARNER, answer_words, end_words, guided_deal, judge

from daynight.mtg import BeginTurn
from tests.frontend_support import FakeBrowser, click, follow_the_notes

GUIDE = "daynight.guide.v1.mtg"
#: the rules' names in the engine's log, read here from the game (not through the lessons under test)
RULES = guided_deal().rules


def learning(browser: FakeBrowser | None = None) -> Tracker:
    """A tracker opened at the landing page's link "Learn to play", past the goal's note."""
    app = (browser or FakeBrowser()).open(Tracker(), anchor="learn")
    assert app.guide.active and app.table.note["heading"] == "Learn to play Magic: day and night"
    assert "shorter than a game" in app.table.note["text"]
    click(app.table, "Start")
    return app


def lesson_of(app: Tracker, heading: str):
    return next((x for x in app.guide.lessons if x.heading == heading), None)


def play_through(app: Tracker, predict, spells, limit: int = 120) -> list[tuple[str, int, int]]:
    """Play the guided game: ``predict(options)`` picks the answer, ``spells()`` how many spells
    Alice casts in each of her turns. Returns each lesson shown with the span of the log the
    click that brought it added, and checks every prediction judged against the engine."""
    seen: list[tuple[str, int, int]] = []
    before = 0
    for _ in range(limit):
        note = app.table.note
        if note.get("kind") == "summary":
            return seen
        lesson = lesson_of(app, note.get("heading"))
        if lesson is not None:
            seen.append((lesson.name, before, len(app.game.log)))
            click(app.table, "Continue")
        elif note.get("heading") == "Not quite":
            assert note["detail"] and "What the engine decided" in note["items"][0]
            click(app.table, "Continue")
        elif note.get("heading") == "Predict the untap step":
            game = app.game
            right, _why = judge(game, BeginTurn(game.next_in_order()))
            answer = predict(list(ANSWERS))
            before = len(game.log)
            assert click(app.table, answer_words(answer))
            assert app.game.designation_name == right, "the rule functions judge what the engine decides"
        else:
            assert note.get("heading") == "Your move" and end_words(LEARNER) in note["text"]
            before = len(app.game.log)
            for _n in range(spells()):
                assert click(
                    app.table, f"{LEARNER} casts a spell ({app.game.spells_this_turn()[LEARNER]} so far this turn)"
                )
            assert click(app.table, end_words(LEARNER))
    raise AssertionError(f"the guided game did not end: {seen}")


def test_following_the_notes_completes_the_guided_game_with_each_lesson_once():
    browser = FakeBrowser()
    app = learning(browser)
    headings = follow_the_notes(app.table)
    names = [lesson.heading for lesson in app.guide.lessons]
    shown = [h for h in headings if h in names]
    assert sorted(shown) == sorted(names), "every lesson, each once"
    assert "Predict the untap step" in headings and "Your move" in headings
    summary = app.table.note
    assert summary["heading"] == "You have played your first game of Magic: day and night" and app.game.is_over()
    # the first learner predicts "day" before the first turn: wrong, said, and linked to practise
    assert "Got wrong once: The first turn: no check. Practise it." in summary["items"]
    assert {"text": "Practise: The first turn: no check", "href": "practice.ipynb"} in summary["links"]
    kept = json.loads(browser.storage[GUIDE])
    assert kept["finished"] and set(kept["shown"]) == {x.name for x in app.guide.lessons}
    assert app.game.turn <= 6, "shorter than a game: a few turns"


@pytest.mark.parametrize("learner", ["first", "last", "random"])
def test_every_lesson_comes_at_the_move_whose_events_carry_it_whatever_the_learner_does(learner):
    rng = random.Random(7)
    predict = {"first": lambda o: o[0], "last": lambda o: o[-1], "random": rng.choice}[learner]
    spells = {"first": lambda: 0, "last": lambda: 3, "random": lambda: rng.choice((0, 1, 2, 3))}[learner]
    app = learning()
    seen = play_through(app, predict, spells)
    names = [name for name, _before, _after in seen]
    assert sorted(names) == sorted(x.name for x in app.guide.lessons), names
    for name, before, after in seen:
        lesson = next(x for x in app.guide.lessons if x.name == name)
        # the first event carrying the lesson's rule (read here by name and kind, not through
        # lesson.matches, the code under test) came with the click that brought the note
        first = next(i for i, e in enumerate(app.game.log) if e.rule in lesson.rules and lesson.when(e))
        assert before <= first < after, (name, before, first, after)


def test_the_lessons_are_triggered_by_the_rules_of_the_engines_log():
    app = learning()
    play_through(app, lambda o: o[1], lambda: 1)
    log = app.game.log
    by_rule = {
        "first_turn": RULES("turn order"),
        "neither": RULES("no check"),
        "first_day": RULES("daybound neither"),
        "night": RULES("to night"),
        "day_again": RULES("to day"),
        "transform": RULES("daybound"),
        "cannot": RULES("cannot transform"),
    }
    for name, rule in by_rule.items():
        assert any(e.rule == rule for e in log), (name, rule)
    assert set(CORE) <= set(by_rule)


def test_a_refused_click_in_the_guided_game_names_the_rule_and_what_is_allowed():
    app = learning()
    assert app.table.note["heading"] == "Predict the untap step"
    assert not click(app.table, "Bob casts a spell (0 so far this turn)")  # no turn has begun
    status = app.table.status
    assert "no turn has begun" in status and "[rule: Casting Spells, CR 601.2]" in status
    assert "Allowed now: predict the untap step, then Alice's turn begins." in status
    assert not app.game.history, "nothing changed"
    # the note says the same: predict first (no button to end a turn is on the table yet)
    said = " ".join([app.table.note["text"], *app.table.note.get("items", ())])
    assert "First predict the next untap step" in said and "End Alice" not in said, said


def test_a_wrong_prediction_shows_the_rule_and_the_engines_decision():
    app = learning()
    click(app.table, answer_words("night"))  # the first turn: it stays neither
    note = app.table.note
    assert note["heading"] == "Not quite" and note["pause"]
    assert note["text"].startswith("You predicted night; the rules make it neither day nor night.")
    assert "first turn" in note["text"] and "Turn 1 begins" in note["items"][0]
    assert "M7" in note["detail"] and note["marks"][0]["key"] == "sky"
    click(app.table, "Continue")
    assert app.table.note["heading"] == "The first turn: no check", "then the lesson of that rule"
    assert app.guide.missed == ["first_turn"]


def test_the_prediction_is_asked_on_the_drawn_table_without_the_forecast():
    app = learning()
    svg = app.table.svg
    for answer in ANSWERS:
        assert f'data-key="answer-{answer}"' in svg
    assert "Next check" not in svg, "the forecast would tell the answer"
    names = app.table.target_names()
    assert [answer_words(a) for a in ANSWERS] == names[:3]
    assert not any(re.match("Next turn", n) for n in names), "a turn begins after its prediction"


def test_the_guided_game_resumes_with_its_pending_note_and_a_new_game_ends_it():
    browser = FakeBrowser()
    app = learning(browser)
    click(app.table, answer_words("neither"))
    assert app.table.note["heading"] == "The first turn: no check"  # the page dies here
    again = browser.open(Tracker())
    assert again.table.note["buttons"][0]["name"] == "Continue learning (move 1)"
    click(again.table, "Continue learning (move 1)")
    assert again.guide.active and again.table.note["heading"] == "The first turn: no check"
    assert again.game.to_record() == app.game.to_record()
    click(again.table, "Continue")
    assert again.table.note["heading"] == "Your move"
    click(again.table, "Leave the guided game")
    assert not again.guide.active and not again.game.history and again.table.note == {}
    assert click(again.table, "Next turn: Alice"), "a normal game: the toolbar's turns are back"
