"""The exercises on a phone held upright (issue 23), without a browser: every kind of every
game drawn for a table 390 (and 360) px wide is its narrow arrangement -- exactly that wide,
placed at scale 1, every word at least 11 px, every piece a learner answers on at least 44 px on
its short side, every option and every mark on a drawn piece; the practice widget draws at the
width its table reports, judges the right answer given on the narrow table right and a wrong one
wrong, and keeps the question, the answer given so far and the progress when the phone is
turned. The sizes are measured by ``daynight.draw`` (``smallest_text``, ``smallest_target``),
as ``tests/test_<game>_phone.py`` measure the play apps' tables."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from daynight.widgets.practice import STYLE, Keeper, PracticeApp

from daynight import draw as d
from daynight import widgets
from daynight.mtg.exercises import worked_example
from daynight.practice import CHOICE, NUMBER, Exercise, kinds_of
from tests.frontend_support import FakeBrowser
from tests.test_practice_widgets import a_wrong_answer, the_right_answer

GAMES = ("stars", "sunmoon", "temples", "mtg")
WIDTHS = (360, 390)
SEEDS = (1, 2, 3)


def answered_on(ex: Exercise) -> list[str]:
    """The keys of the drawn pieces a learner answers on (the options that are no toolbar button)."""
    return [o.key for o in ex.options if o.key is not None]


def assert_narrow(drawing: object, width: int, keys: list[str], what: str, shown: list[str] | None = None) -> None:
    """``drawing`` is ``width`` wide at scale 1, its words at least 11 px, the pieces ``keys`` (a
    learner touches them) drawn and at least 44 px on their short side, the pieces ``shown`` (a
    mark's words go on them) drawn."""
    svg = str(drawing)
    assert f'viewBox="0 0 {width} ' in svg and f'width="{width}"' in svg, f"{what}: not drawn {width} px wide"
    assert "scale(" not in svg, f"{what}: placed, never scaled"
    assert d.smallest_text(svg) >= d.MIN_TEXT, (what, d.smallest_text(svg))
    missing = [k for k in [*keys, *(shown or [])] if f'data-key="{k}"' not in svg]
    assert not missing, f"{what}: {missing} not drawn"
    if keys:
        assert d.smallest_target(svg, keys) >= d.MIN_TARGET, (what, d.smallest_target(svg, keys))


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_is_drawn_narrow_for_a_phone(game):
    for kind in kinds_of(game):
        for seed in SEEDS:
            ex = kind.make(seed)
            keys = answered_on(ex)
            marked = [m.key for m in ex.marks]
            for width in WIDTHS:
                what = f"{game} {kind.name} seed {seed} at {width} px"
                assert_narrow(ex.drawing_at(width), width, keys, what, shown=marked)  # the marks show on it too
            assert ex.drawing_at(None) is ex.drawing and ex.drawing_at(d.NARROW_WIDTH) is ex.drawing, "wide: as before"
            assert 'viewBox="0 0 390 ' not in str(ex.drawing), f"{game} {kind.name}: the wide drawing is not narrow"


def test_a_narrow_drawing_is_another_arrangement_of_the_same_question():
    for game in GAMES:
        for kind in kinds_of(game):
            ex = kind.make(4)
            assert ex.sketch is not None, f"{game} {kind.name}: drawn for the table's width"
            assert str(ex.drawing_at(390)) != str(ex.drawing), f"{game} {kind.name}: a narrow arrangement of its own"


def narrow_app(game: str, kind_name: str, seed: int = 3, width: int = 390) -> PracticeApp:
    kind = next(k for k in kinds_of(game) if k.name == kind_name)
    return FakeBrowser().open(PracticeApp(game, seed=seed, kinds=(kind,)), screen="narrow", width=width)


@pytest.mark.parametrize("game", GAMES)
def test_answers_given_on_the_narrow_table_are_judged(game):
    for kind in kinds_of(game):
        app = narrow_app(game, kind.name)
        ex = app.exercise
        what = f"{game} {kind.name}"
        assert_narrow(app.table.svg, 390, answered_on(ex), what)
        drawn = [t for t in app.table.targets if t["key"] is not None]
        assert all(f'data-key="{t["key"]}"' in app.table.svg for t in drawn), f"{what}: every target on the drawing"
        if a_wrong_answer(app):
            assert app.table.status_kind == "error" and app.table.status.startswith("Not quite"), what
            assert not app.done and app.session.answered == 1 and app.session.first == 0, what
            assert 'viewBox="0 0 390 ' in app.table.svg, f"{what}: still the narrow table after a wrong answer"
        the_right_answer(app)
        assert app.done and app.table.status_kind == "ok" and app.table.status.startswith("Right"), what
        assert_narrow(app.table.svg, 390, [], f"{what}: the marks", shown=[m["key"] for m in app.table.marks])
        assert [t["id"] for t in app.table.targets] == ["another"], f"{what}: Another, right under the table"


def test_a_wrong_first_answer_counts_as_not_right_on_the_narrow_table_too():
    app = narrow_app("temples", "travel")
    assert a_wrong_answer(app)
    the_right_answer(app)
    assert (app.session.answered, app.session.first) == (1, 0)
    app.table.choose("another")
    the_right_answer(app)
    assert (app.session.answered, app.session.first) == (2, 1)


def turn(app: PracticeApp, screen: str, width: int) -> None:
    app.table._on_message(app.table, {"event": "screen", "screen": screen, "width": width}, [])


@pytest.mark.parametrize(("game", "kind"), [("stars", "no_card"), ("temples", "travel"), ("mtg", "transform_keeps")])
def test_turning_the_phone_keeps_the_question_the_answer_given_and_the_progress(game, kind):
    app = narrow_app(game, kind)
    ex = app.exercise
    assert ex.shape not in (CHOICE, NUMBER)
    first = next(o for o in ex.options if o.key is not None)
    app.click(first.value)
    given, status, marks, progress = list(app.given), app.table.status, app.table.marks, app.progress.to_text()
    narrow_svg = app.table.svg
    assert any(m["key"] == first.key for m in marks), "the learner's mark is on the narrow table"
    turn(app, "wide", 844)  # landscape
    assert app.exercise is ex and app.given == given and app.table.status == status
    assert 'viewBox="0 0 390 ' not in app.table.svg and app.table.svg == str(ex.drawing), "the wide drawing"
    assert app.table.marks == marks and app.progress.to_text() == progress
    turn(app, "narrow", 390)  # upright again
    assert app.table.svg == narrow_svg and app.given == given and app.table.marks == marks
    the_right_answer(app)
    assert app.done and app.table.status.startswith("Right") and 'viewBox="0 0 390 ' in app.table.svg


def test_a_try_it_cell_and_a_worked_example_are_drawn_for_their_width():
    keeper = Keeper("stars")
    kind = next(k for k in kinds_of("stars") if k.name == "winning_colour")
    cell = FakeBrowser().open(PracticeApp("stars", kinds=(kind,), compact=True, keeper=keeper, seed=2),
                              screen="narrow", width=360)  # fmt: skip
    assert_narrow(cell.table.svg, 360, answered_on(cell.exercise), "a Try it cell at 360 px")
    steps = worked_example()  # the mtg walkthrough's worked example
    example = FakeBrowser().open(PracticeApp("mtg", steps=steps, compact=True), screen="narrow", width=390)
    for _step in steps:
        assert_narrow(example.table.svg, 390, answered_on(example.exercise), f"mtg step {example.step + 1}")
        the_right_answer(example)
        assert example.table.status.startswith("Right")
        example.table.choose("another")  # Next step


def test_the_narrow_page_puts_the_feedback_right_under_the_table():
    """The practice page's own style sheet orders its parts for one column (a phone's, or a
    tablet's held upright: from the width at which common.css gives the app one column): the
    question, the table (with its buttons and status line), the feedback, then the score, the rules
    to practise and the dashboard (the browser tests measure where they land)."""
    app = PracticeApp("stars", seed=1)
    common = (Path(widgets.__file__).parent / "common.css").read_text(encoding="utf-8")
    one_column = re.search(
        r"@media \(max-width: (\d+)px\) \{\s*\.dn-app \{ grid-template-columns: minmax\(0, 1fr\)", common
    )
    assert one_column, "common.css gives the app one column under some width"
    narrow = STYLE[STYLE.index(f"@media (max-width: {one_column.group(1)}px)") :]
    order = {
        name: int(narrow.split(f".dn-practice-{name} {{ order: ")[1].split(";")[0])
        for name in ("question", "table", "feedback-box", "score-line", "rules", "dashboard-box")
    }
    assert sorted(order, key=order.__getitem__) == [
        "question", "table", "feedback-box", "score-line", "rules", "dashboard-box"
    ]  # fmt: skip
    for part, name in ((app.question, "question"), (app.table, "table"), (app.feedback, "feedback-box"),
                       (app.score, "score-line"), (app.dashboard, "dashboard-box")):  # fmt: skip
        assert f"dn-practice-{name}" in part._dom_classes, name
