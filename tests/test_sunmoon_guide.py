"""Sonne und Mond's guided first game (issue 19), without a browser: the app of
``widgets/sunmoon.py`` with the lessons of ``widgets/sunmoon_guide.py``, followed by what its
notes say (``tests/frontend_support.py``), compared with the engine's log."""

from __future__ import annotations

import itertools
import json

import pytest
from daynight.widgets.sunmoon import SunMoonApp
from daynight.widgets.sunmoon_guide import GUIDED_DRAW, LESSONS, MUST, _card_words, guided_game, play_guided

from daynight.sunmoon import SunMoon, demo, draw
from tests.frontend_support import FakeBrowser, click, follow_the_notes

GUIDE = "daynight.guide.v1.sunmoon"
HEADINGS = {lesson.heading: lesson for lesson in LESSONS}


def learning() -> tuple[FakeBrowser, SunMoonApp]:
    """The app opened by the landing page's "Learn to play" link, past its first note."""
    browser = FakeBrowser()
    app = browser.open(SunMoonApp(), anchor="learn")
    assert app.guide.active and app.table.note["heading"].startswith("Learn to play")
    assert "shorter than a full game" in app.table.note["text"]
    assert click(app.table, "Start")
    return browser, app


def test_following_the_notes_meets_each_rule_once_and_ends_with_the_summary():
    browser, app = learning()
    headings = follow_the_notes(app.table)
    met = [h for h in headings if h in HEADINGS]
    assert len(met) == len(set(met)), "each rule introduced once"
    for rule in MUST:  # the guided deal's promise: these rules, whatever the learner does
        assert any(rule in HEADINGS[h].rules for h in met), (rule, met)
    assert "Your move" in headings and app.game.is_over()
    summary = app.table.note
    assert summary["heading"].startswith("You have played your first game")
    # the summary names every rule: met, or to practise (with the practice page)
    assert len(summary["items"]) == len(LESSONS)
    not_met = [x for x in LESSONS if x.heading not in met]
    assert summary["links"] == [{"text": f"Practise: {x.heading}", "href": "practice.ipynb"} for x in not_met]
    kept = json.loads(browser.storage[GUIDE])
    assert kept["finished"] and kept["record"] is None and len(kept["shown"]) == len(met)


def test_each_rule_note_comes_at_the_move_whose_event_first_carries_it():
    """The note comes with the click whose events first carry its rule, never later (the
    rule's names read here, not through ``Lesson.matches``, the code under test)."""
    _browser, app = learning()
    seen, before = [], 0
    for _ in range(300):
        note = app.table.note
        if note.get("kind") == "summary":
            break
        lesson = HEADINGS.get(note.get("heading", ""))
        if lesson is None:  # what is allowed now: do what it quotes
            quoted = note["text"].split("“")[1].split("”")[0]
            before = len(app.game.log)
            assert click(app.table, quoted), (quoted, app.table.status)
            continue
        first = next(i for i, e in enumerate(app.game.log) if e.rule == lesson.rules[0])
        assert before <= first < len(app.game.log), (lesson.name, before, first)
        assert note["marks"] and note["detail"], "it points at the drawing, the rule's words one click away"
        assert all(m["key"] in app.table.svg for m in note["marks"]), "a mark sits on a drawn piece"
        seen.append(lesson.name)
        click(app.table, "Continue")
    assert {"start", "eclipse", "restore", "harvest"} <= set(seen) and app.game.is_over()


def test_a_refused_click_in_the_guided_game_names_the_rule_and_what_is_allowed():
    _browser, app = learning()
    assert app.table.note["heading"] == "Your move"
    assert not click(app.table, "Harvest my sun row")  # nothing to harvest yet: the engine refuses
    status = app.table.status
    assert status.startswith("Not allowed: ") and "[rule: harvest: five or more]" in status
    allowed = [app.play_name(m) for m in app.game.legal_moves(0)]
    assert f"Allowed now: {'; '.join(allowed)}." in status and "play sun" in status
    assert app.guide.missed == ["harvest"]
    # a card dropped where it does not fit: refused by its rule, with what is allowed instead
    for _ in range(200):
        game = app.game
        wrong = [
            (c, m) for c in game.hands[0] for m in draw.drops(game, 0, c) if m not in game.legal_moves()
        ] if app.table.note.get("heading") == "Your move" and app.selected is None else []  # fmt: skip
        if wrong:
            break
        note = app.table.note
        quoted = note["text"].split("“")[1].split("”")[0] if "“" in note["text"] else None
        click(app.table, quoted or next(b["name"] for b in note["buttons"] if b["primary"]))
    c, m = wrong[0]
    click(app.table, f"pick up {c.label}")
    moves = len(app.game.history)
    assert not click(app.table, app.play_name(m)) and len(app.game.history) == moves
    assert "[rule: " in app.table.status and "Allowed now: " in app.table.status
    rule = app.table.status.split("[rule: ")[1].split("]")[0]
    assert rule == app.game.reason_illegal(m).split("[rule: ")[1].rstrip("]")
    follow_the_notes(app.table)
    assert "Got wrong once: A harvest and its points. Practise it." in app.table.note["items"]


@pytest.mark.parametrize("learner, seed", [("first", 0), ("last", 0), ("hint", 0)] + [("random", s) for s in range(10)])
def test_the_guided_deal_shows_a_row_started_an_eclipse_a_restore_and_a_harvest_whatever_the_learner_plays(
    learner, seed
):
    game = play_guided(guided_game(), learner, seed)
    rules = {e.rule for e in game.log}
    assert set(MUST) <= rules, set(MUST) - rules
    assert any(e.what == "cover" for e in game.log)
    assert game.is_over() and len(game.history) < 40


def test_the_guided_game_is_a_short_real_game():
    game = guided_game()
    assert isinstance(game, SunMoon) and game.n == 2 and game.turn == 0
    assert len(game.draw_pile) == GUIDED_DRAW and len(game.box) == 68 - 10 - GUIDED_DRAW
    again = SunMoon.from_record(game.to_record())
    assert again.hands == game.hands and again.draw_pile == game.draw_pile


def test_the_guided_game_resumes_with_its_pending_note():
    browser, app = learning()
    for _ in range(40):  # follow the notes up to the first rule's note; the page dies there
        note = app.table.note
        if note.get("heading") in HEADINGS:
            break
        quoted = note["text"].split("“")[1].split("”")[0]
        click(app.table, quoted)
    heading, moves = app.table.note["heading"], len(app.game.history)
    again = browser.open(SunMoonApp())
    assert again.table.note["buttons"][0]["name"] == f"Continue learning (move {moves})"
    click(again.table, f"Continue learning (move {moves})")
    assert again.guide.active and again.table.note["heading"] == heading, "the note not read comes back"
    assert again.game.to_record() == app.game.to_record()
    follow_the_notes(again.table)
    assert again.game.is_over()


def test_the_advice_on_a_card_in_hand_begins_with_a_capital_letter():
    """A card's name may begin the advice ("solar eclipse fits nowhere now"): said as a sentence."""
    checked = 0
    for seed, upto in itertools.product(range(1, 4), (0, 6, 12, 24)):
        record = demo(seed).to_record()
        game = SunMoon.from_record(record, upto=min(upto, len(record["moves"]) - 1))
        if game.is_over() or not any(getattr(m, "card", None) for m in game.legal_moves()):
            continue
        good = next(m for m in game.legal_moves() if getattr(m, "card", None) is not None)
        for card in game.hands[game.turn]:
            text = _card_words(game, game.turn, card, good, str)
            checked += 1
            assert text[:1].isupper(), text
    assert checked > 20
