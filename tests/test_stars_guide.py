"""The stars app's guided first game (issue 19), without a browser: a :class:`FakeBrowser`
opens the app, the test does only what the notes say (``follow_the_notes``), and the engine's
log says when each rule first applied."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
from daynight.widgets.stars import StarsApp
from daynight.widgets.stars_guide import (
    GUIDED_NAMES,
    LEARNERS,
    guided_deal,
    lessons,
    lessons_met,
    night_early,
    play_guided,
)

from daynight import draw as d
from daynight.stars import CHOOSE
from tests.frontend_support import FakeBrowser, click, follow_the_notes

GUIDE = "daynight.guide.v1.stars"
LESSONS = lessons()
HEADINGS = {x.heading: x for x in LESSONS}


def guided_app(browser: FakeBrowser | None = None, **kw) -> StarsApp:
    """A page opened from the landing page's "Learn to play" link: the guided game at once."""
    app = (browser or FakeBrowser()).open(StarsApp(seed=1, **kw), anchor="learn")
    assert app.guide.active and app.table.note["heading"] == "Learn to play Day & Night"
    return app


def carries(lesson, event) -> bool:
    """Whether ``event`` is of ``lesson``'s rule, read from the rule's names here (not through
    ``lesson.matches``, the code under test); the take lesson is about the event "take"."""
    if lesson.name == "take":
        return event.what == "take"
    return event.rule in lesson.rules


def test_the_guided_game_is_offered_first_and_followed_to_its_summary():
    browser = FakeBrowser()
    offer = browser.open(StarsApp(seed=1)).table.note
    assert [b["name"] for b in offer["buttons"]] == ["Learn to play", "Play a game"] and offer["buttons"][0]["primary"]
    app = guided_app(browser)
    goal = app.table.note
    assert goal["text"].count(". ") <= 2 + 2, "the goal in at most three sentences, then the shorter game said"
    assert "shorter than a full one" in goal["text"] and app.game.names == list(GUIDED_NAMES)
    headings = follow_the_notes(app.table)
    met = [h for h in headings if h in HEADINGS]
    assert sorted(met) == sorted(HEADINGS), "every lesson, each once"
    assert "Your move" in headings and app.game.is_over()
    summary = app.table.note
    assert summary["items"] == [f"Met: {x.heading}." for x in LESSONS] and summary["links"] == []
    kept = json.loads(browser.storage[GUIDE])
    assert kept["finished"] and sorted(kept["shown"]) == sorted(x.name for x in LESSONS) and kept["record"] is None
    assert not FakeBrowser(browser.storage).open(StarsApp(seed=2)).table.note, "not offered again once finished"


def test_each_lesson_comes_at_the_move_whose_event_first_carries_its_rule():
    app = guided_app()
    click(app.table, "Start")
    window, seen = (0, len(app.game.log)), []
    for _ in range(200):
        note = app.table.note
        if note.get("kind") == "summary":
            break
        lesson = HEADINGS.get(note.get("heading", ""))
        if lesson is not None:
            first = next(i for i, e in enumerate(app.game.log) if carries(lesson, e))
            # the note comes with the click whose events first carry its rule, never later
            assert window[0] <= first < window[1], (lesson.name, window, first)
            assert lesson.name not in seen, f"{lesson.name} introduced twice"
            assert note["marks"] and note["detail"].startswith("S"), "it points at the table, the rule's words"
            assert all(f'data-key="{m["key"]}"' in app.table.svg for m in note["marks"]), (
                "every mark is on the drawing shown"
            )
            seen.append(lesson.name)
        quoted = re.findall(r"“([^”]+)”", note.get("text", ""))
        before = len(app.game.log)
        click(app.table, quoted[0] if quoted else next(b["name"] for b in note["buttons"] if b["primary"]))
        if len(app.game.log) > before:
            window = (before, len(app.game.log))
    assert sorted(seen) == sorted(x.name for x in LESSONS)


def test_what_is_allowed_is_said_before_each_move_and_a_refused_click_says_why():
    app = guided_app()
    follow = 0
    click(app.table, "Start")
    while not (app.table.note.get("heading") == "Your move" and app.game.phase == CHOOSE and app.showing is None):
        note = app.table.note
        quoted = re.findall(r"“([^”]+)”", note["text"])
        click(app.table, quoted[0] if quoted else "Continue")
        follow += 1
        assert follow < 60, "the learner never chose a card"
    note = app.table.note
    assert not note["pause"] and "your turn to choose" in note["text"]
    # a wrong click reaches the engine: a card of the hand while cards are chosen
    assert not click(app.table, app.hand_targets()[0])
    status = app.table.status
    assert (
        "Not allowed:" in status and "[rule: 4. collect winning cards: nobody plays while cards are chosen]" in status
    )
    assert "Allowed now: take " in status and app.guide.missed == ["take"]
    # a legal move, however weak, is never refused: the card with the fewest stars
    weakest = min(app.take_targets(), key=lambda n: int(re.search(r"(\d+) star", n + " 0 star").group(1)))
    assert click(app.table, weakest)
    follow_the_notes(app.table)
    summary = app.table.note
    assert "Got wrong once: Taking a card. Practise it." in summary["items"]
    assert summary["links"] == [{"text": "Practise: Taking a card", "href": "practice.ipynb"}]


@pytest.mark.parametrize("learner", sorted(LEARNERS))
def test_the_guided_deal_shows_every_lesson_whatever_the_learner_plays(learner):
    every = {x.name for x in LESSONS}
    for seed in range(4):
        game = play_guided(LEARNERS[learner], seed)
        assert lessons_met(game, LESSONS) == every, (learner, seed)
        assert night_early(game), "a time symbol turns the card to night in the first two rounds"
        assert len(game.rounds) == 4


def test_the_guided_game_resumes_with_its_pending_note_and_a_new_game_ends_it():
    browser = FakeBrowser()
    app = guided_app(browser)
    click(app.table, "Start")
    assert app.table.note["heading"] == "A time symbol turns the time card"  # the page dies here
    again = browser.open(StarsApp(seed=4))
    names = [b["name"] for b in again.table.note["buttons"]]
    assert names[0].startswith("Continue learning")
    click(again.table, names[0])
    assert again.guide.active and again.table.note["heading"] == "A time symbol turns the time card"
    assert again.game.to_record() == app.game.to_record() and again.game.names == list(GUIDED_NAMES)
    assert [type(b).__name__ for b in again.bots[1:]] == ["RuleOfThumbBot"] * 2, "the guided bots come back"
    again.new_game(seed=4)
    assert not again.guide.active and again.table.note == {} and again.game.n == 3


def test_the_guided_deal_is_a_real_game_that_replays_from_its_record():
    game = guided_deal()
    assert [len(h) for h in game.hands] == [7, 7, 7] and len(game.pile) == 14  # one card revealed
    assert type(game).from_record(game.to_record()).to_record() == game.to_record()


_TRANSLATE = re.compile(r"translate\(([-0-9.]+)[ ,]+([-0-9.]+)\)")
LABEL_H = 17  # widgets/table.js: a mark's label is 17 px high, about 6.5 px a letter


def _placed(el: ET.Element, dx: float, dy: float) -> list[tuple[ET.Element, float, float]]:
    """``el`` and everything inside it, each with the offset of the translations around it."""
    m = _TRANSLATE.search(el.get("transform") or "")
    if m:
        dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
    return [(el, dx, dy), *(p for child in el for p in _placed(child, dx, dy))]


def _box(el: ET.Element, dx: float, dy: float) -> tuple[float, float, float, float] | None:
    """The box of a text (its estimated width) or a rectangle, in the drawing's coordinates."""
    tag = el.tag.rsplit("}", 1)[-1]
    if tag == "rect" and el.get("width"):
        x, y = dx + float(el.get("x", 0)), dy + float(el.get("y", 0))
        return x, y, x + float(el.get("width", 0)), y + float(el.get("height", 0))
    if tag == "text" and (el.text or "").strip():
        size = float(el.get("font-size", 14))
        w = 0.9 * d.text_width(el.text, size)
        x = dx + float(el.get("x", 0)) - {"end": w, "middle": w / 2}.get(el.get("text-anchor") or "", 0)
        y = dy + float(el.get("y", 0))
        return x, y - 0.75 * size, x + w, y + 0.2 * size
    return None


def label_places(svg: str, key: str, label: str) -> list[list[str]]:
    """The words of the drawing that each place table.js tries for a mark's label on the piece
    ``key`` would cover (``labelPlace``: under the piece and over it, at its left end and at its
    right end; beside it, right and left; inside at its foot and at its top, left and right)."""
    root = ET.fromstring(svg)
    everything = _placed(root, 0.0, 0.0)
    words = [(_box(el, dx, dy), el.text) for el, dx, dy in everything if el.tag.endswith("text") and _box(el, dx, dy)]
    (piece, dx, dy), *_ = [(el, dx, dy) for el, dx, dy in everything if el.get("data-key") == key]
    m = _TRANSLATE.search(piece.get("transform") or "")
    own = (float(m.group(1)), float(m.group(2))) if m else (0.0, 0.0)
    boxes = [b for el, x, y in _placed(piece, dx - own[0], dy - own[1]) if (b := _box(el, x, y))]
    x, y = min(b[0] for b in boxes), min(b[1] for b in boxes)
    w, h = max(b[2] for b in boxes) - x, max(b[3] for b in boxes) - y
    vx, vy, vw, vh = (float(v) for v in root.get("viewBox", "").split())
    room = 6.5 * len(label) + 8

    def fit(left: float) -> float:
        return max(vx, min(left, vx + vw - room))

    at_left, at_right = fit(x), fit(x + w - room)
    under, over, foot, head = y + h + 5, y - LABEL_H - 5, y + h - LABEL_H - 1, y + 1
    places = [(at_left, under, False), (at_left, over, False), (at_right, under, False), (at_right, over, False)]
    places += [(x + w + 6, y, True), (x - room - 6, y, True)]  # beside: only where the whole label fits
    places += [(at_left, foot, False), (at_right, foot, False), (at_left, head, False), (at_right, head, False)]
    out = []
    for left, top, beside in places:
        fits = not beside or (vx <= left and left + room <= vx + vw)
        if vy <= top and top + LABEL_H <= vy + vh and fits:
            out.append(
                [t for (a, b, c, e), t in words if a < left + room and c > left and b < top + LABEL_H and e > top]
            )
    return out


def test_the_winning_colours_label_has_a_place_that_covers_no_words():
    """The winner lesson's labels on the wide table (a window of 1280x800, a tablet upright) each have a
    place covering no words of the drawing: on the winning colour's own line, packed under the totals'
    heading, "blue wins" covered that heading (or the next colours' names)."""
    app = guided_app()
    for _ in range(60):
        if app.table.note.get("heading") == "A colour wins":
            break
        note = app.table.note
        quoted = re.findall(r"“([^”]+)”", note.get("text", ""))
        click(app.table, quoted[0] if quoted else next(b["name"] for b in note["buttons"] if b["primary"]))
    marks = app.table.note["marks"]
    assert len(marks) == 2 and any(m["label"] == "blue wins" for m in marks)
    for mark in marks:
        assert [] in label_places(app.table.svg, mark["key"], mark["label"]), mark
