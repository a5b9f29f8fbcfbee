"""The practice page without a browser (``daynight.widgets.practice``): every stars kind
answered wrong and then right through the table's targets, Show me, the choice of rules, and
the progress the browser keeps (loaded, merged, refused when damaged, reset)."""

from __future__ import annotations

import json
from html import escape

import pytest
from daynight.widgets.practice import HOW_TO_ANSWER, Keeper, PracticeApp

from daynight import i18n
from daynight.core import IllegalMoveError
from daynight.practice import CHOICE, NUMBER, ORDER, SET, Progress, store_key
from daynight.stars.exercises import KINDS, rulebook_steps

KEY = "daynight.practice.v1.stars"


class Browser:
    """What the table sent to be kept (the browser's part, played in the test)."""

    def __init__(self, app: PracticeApp):
        self.kept: list[str | None] = []
        app.table.send = self.send  # type: ignore[method-assign]

    def send(self, content, buffers=None):
        assert content["event"] == "store" and content["key"] == KEY
        self.kept.append(content["value"])


def app_for(kind: str, seed: int = 5) -> PracticeApp:
    app = PracticeApp("stars", seed=seed)
    app.choose_kinds([kind])
    assert app.exercise.kind == kind
    return app


def click(app: PracticeApp, value) -> None:
    option = next(o for o in app.exercise.options if o.value == value)
    target = next(t for t in app.table.targets if t["name"] == option.name and t["key"] == option.key)
    app.table.choose(target["id"])


def a_wrong_answer(app: PracticeApp) -> bool:
    """Give a wrong answer by clicking, as a learner does; False when the kind has none to give."""
    ex = app.exercise
    values = list(dict.fromkeys(o.value for o in ex.options))
    if ex.shape in (CHOICE, NUMBER):
        wrong = [v for v in values if v != ex.answer]
        if not wrong:
            return False
        click(app, wrong[0])
        return True
    if ex.shape == SET:
        members = sorted(ex.answer, key=values.index)
        for v in members[:-1] or [v for v in values if v not in ex.answer][:1]:
            click(app, v)
    else:
        for v in reversed(ex.answer) if len(ex.answer) > 1 else values:
            click(app, v)
    app.table.choose("check")
    return True


def the_right_answer(app: PracticeApp) -> None:
    ex = app.exercise
    if ex.shape in (CHOICE, NUMBER):
        click(app, ex.answer)
        return
    for v in list(app.given):  # take the earlier marks out again
        click(app, v)
    assert app.given == []
    for v in (
        ex.answer if ex.shape == ORDER else sorted(ex.answer, key=lambda v: [o.value for o in ex.options].index(v))
    ):
        click(app, v)
    app.table.choose("check")


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_each_kind_answered_wrong_then_right(kind):
    app = app_for(kind)
    ex = app.exercise
    assert (
        app.table.status == HOW_TO_ANSWER[ex.shape]()
        and escape(ex.question) in app.question.value
        and app.feedback.value == ""
    )
    assert "Show me" in app.table.target_names() and "Another" in app.table.target_names()
    if ex.shape in (SET, ORDER):
        assert "Check" in app.table.target_names()
        assert all(t["pressed"] is False for t in app.table.targets if t["id"].startswith("o"))
    wrong = a_wrong_answer(app)
    if wrong:
        assert app.table.status.startswith("Not quite:") and app.table.status_kind == "error"
        assert "The rule" in app.feedback.value and "Why" not in app.feedback.value, "a retry is not given away"
        assert app.exercise is ex and not app.done
    the_right_answer(app)
    assert app.table.status == f"Right: {ex.said}." and app.table.status_kind == "ok"
    assert app.done and app.table.target_names() == ["Another"]
    assert app.table.marks == [{"key": m.key, "label": m.label, "tone": m.tone} for m in ex.marks]
    assert "Why" in app.feedback.value and "What the engine did" in app.feedback.value
    assert all(f"<b>{i}</b>" in app.feedback.value for i in ex.rules), "the rule's words from the seed"
    assert app.progress.kinds[kind] == [1, 0 if wrong else 1]
    assert all(app.progress.rules[r] == [1, 0 if wrong else 1] for r in ex.rules)
    app.table.choose("another")
    assert app.exercise is not ex and app.exercise.kind == kind and not app.done


def test_a_set_is_marked_on_the_table_and_an_order_counted():
    app = app_for("no_card")
    first = app.exercise.options[0]
    click(app, first.value)
    assert app.table.marks == [{"key": first.key, "label": "marked", "tone": "chosen"}]
    assert [t["pressed"] for t in app.table.targets if t["key"] == first.key] == [True]
    assert app.table.status.startswith("Marked: ")
    click(app, first.value)
    assert app.table.marks == [] and app.table.status == "Nothing marked yet."
    app = app_for("choosing_order")
    a, b = app.exercise.options[:2]
    click(app, b.value)
    click(app, a.value)
    assert {m["key"]: m["label"] for m in app.table.marks} == {b.key: "1st", a.key: "2nd"}


def test_show_me_reveals_the_answer_and_counts_as_missed():
    app = app_for("winning_colour")
    ex = app.exercise
    app.table.choose("show")
    assert app.table.status == f"The answer: {ex.said}." and app.done
    assert app.progress.kinds["winning_colour"] == [1, 0]
    assert app.progress.again and app.progress.again[0][0] == "winning_colour"
    app.table.choose("another")
    assert app.exercise.kind == "winning_colour", "after a miss, a new position of the same kind"


def test_the_rules_to_practise_are_chosen_and_one_must_stay():
    app = PracticeApp("stars", seed=2)
    assert all(box.description for box in app.choices)
    app.choose_kinds(["time_card", "last_round"])
    for _ in range(6):
        assert app.exercise.kind in ("time_card", "last_round")
        app.table.choose("show")
        app.table.choose("another")
    for box in app.choices:
        box.value = False
    assert "choose at least one" in app.table.status
    assert app.stream.chosen, "the last kind stays chosen"


# --------------------------------------------------------------------------- progress kept in the browser


def test_progress_is_kept_after_every_answer_once_the_browser_has_answered():
    app = app_for("removed_cards")
    browser = Browser(app)
    the_right_answer(app)  # before the kept progress arrives: nothing is written
    assert browser.kept == []
    kept = Progress("stars")
    kept.kinds["time_card"] = [4, 3]
    kept.answered, kept.first = 4, 3
    app.table._on_message(app.table, {"event": "stored", "key": KEY, "value": kept.to_text()}, [])
    assert app.loaded and app.progress.answered == 5 and app.progress.first == 4
    assert json.loads(browser.kept[-1])["kinds"] == {"time_card": [4, 3], "removed_cards": [1, 1]}
    assert "In all, in this browser: 4 of 5" in app.score.value and "This page: 1 of 1" in app.score.value
    assert "<td>1</td><td>1</td>" in app.dashboard.value  # S6, seen once, right at the first try
    app.table.choose("another")
    app.table.choose("show")
    assert json.loads(browser.kept[-1])["answered"] == 6
    # a second copy of the kept value (another view of the same page) changes nothing
    app.table._on_message(app.table, {"event": "stored", "key": KEY, "value": None}, [])
    assert app.progress.answered == 6


@pytest.mark.parametrize(
    "value, problem, said",
    [
        ('{"version": 1, "game": "stars", "answered": "many"}', None, "$.answered: expected an integer"),
        ("{not json", None, "not JSON"),
        (
            json.dumps(
                {
                    "version": 1,
                    "game": "stars",
                    "answered": 1,
                    "first": 1,
                    "kinds": {"time_card": [1, 2]},
                    "rules": {},
                    "again": [],
                }
            ),
            None,
            "$.kinds.time_card",
        ),
        (None, "too long", "longer than a kept value may be"),
    ],
)
def test_a_damaged_kept_progress_is_refused_by_name_and_reset(value, problem, said):
    app = PracticeApp("stars", seed=1)
    browser = Browser(app)
    message = {"event": "stored", "key": KEY, "value": value}
    if problem:
        message["problem"] = problem
    app.table._on_message(app.table, message, [])
    assert app.table.dropped == 0
    assert "could not be read" in app.table.status and said in app.table.status and "reset" in app.table.status
    assert app.table.status_kind == "error" and "Traceback" not in app.table.status
    assert browser.kept[0] is None, "the damaged value is forgotten"
    assert app.progress.answered == 0
    app.table.choose("show")
    assert json.loads(browser.kept[-1])["answered"] == 1, "and progress is kept afresh"


def test_a_browser_that_keeps_nothing_is_told_so():
    app = PracticeApp("stars", seed=1)
    Browser(app)
    app.table._on_message(app.table, {"event": "stored", "key": KEY, "value": None, "problem": "no storage"}, [])
    assert "keeps nothing" in app.table.status and app.table.status_kind == "info"


def test_reset_forgets_the_progress():
    app = app_for("time_card")
    browser = Browser(app)
    app.receive_stored(KEY, None)
    the_right_answer(app)
    assert app.progress.answered == 1
    app.reset_button.click()
    assert browser.kept[-1] is None and app.progress.answered == 0 and app.session.answered == 0
    assert "forgotten" in app.table.status
    assert "<td>0</td><td>0</td>" in app.dashboard.value and "<td>1</td>" not in app.dashboard.value


def test_try_it_cells_of_one_page_count_into_one_kept_progress():
    keeper = Keeper("stars")
    kinds = {k.name: k for k in KINDS}
    first = PracticeApp("stars", kinds=(kinds["time_card"],), compact=True, keeper=keeper, seed=1)
    second = PracticeApp("stars", kinds=(kinds["removed_cards"],), compact=True, keeper=keeper, seed=2)
    assert len(first.widget.children) == 4, "the question, the table and the feedback (and the style)"
    browser = Browser(second)
    second.receive_stored(KEY, None)
    first.receive_stored(KEY, '{"broken')  # another copy of the kept value: acted on once only
    the_right_answer(first)
    the_right_answer(second)
    assert keeper.progress.kinds == {"time_card": [1, 1], "removed_cards": [1, 1]}
    assert first.progress is second.progress is first.stream.progress is second.stream.progress
    assert json.loads(browser.kept[-1])["answered"] == 2, "written through the table the browser answered"


def test_the_practice_page_asks_once_and_says_in_the_status_line_how_to_answer():
    app = PracticeApp("stars", seed=4)
    for _ in range(len(KINDS)):
        ex = app.exercise
        assert escape(ex.question) in app.question.value, "the question, above the table"
        assert app.table.status == HOW_TO_ANSWER[ex.shape]() != ex.question, "and not again below it"
        app.table.choose("show")
        app.table.choose("another")
    assert len({HOW_TO_ANSWER[shape]() for shape in (CHOICE, NUMBER, SET, ORDER)}) == 4, "one way for each shape"


def test_a_worked_example_goes_on_with_next_step_and_back_to_step_1():
    steps = rulebook_steps()
    app = PracticeApp("stars", steps=steps, compact=True)
    assert app.exercise is steps[0] and {k.name for k in app.kinds} == {"winning_colour", "choosing_order"}
    names = app.table.target_names()
    assert "Next step" in names and "Another" not in names
    for step in steps[1:]:
        app.table.choose("another")
        assert app.exercise is step
    assert "Back to step 1" in app.table.target_names() and "Next step" not in app.table.target_names()
    app.table.choose("another")
    assert app.exercise is steps[0]
    the_right_answer(app)
    assert app.table.target_names() == ["Next step"]
    with pytest.raises(IllegalMoveError, match="press Next step to go on"):
        app.click(steps[0].answer)
    assert app.progress.rules["S-EX1"] == [1, 1]


def test_the_dashboard_shows_the_worked_example_once_it_is_practised():
    walk = PracticeApp("stars", steps=rulebook_steps(), compact=True)
    the_right_answer(walk)  # by day, the winning colour: S-EX1, right at the first try
    page = PracticeApp("stars", seed=1)
    assert "S-EX1" not in page.dashboard.value and "S-EX2" not in page.dashboard.value
    page.receive_stored(KEY, walk.progress.to_text())
    assert '<th scope="row">S-EX1</th>' in page.dashboard.value and "S-EX2" not in page.dashboard.value
    row = page.dashboard.value.split('<th scope="row">S-EX1</th>')[1].split("</tr>")[0]
    assert row.endswith("<td>1</td><td>1</td>"), row


def test_two_rules_quoting_one_sentence_are_quoted_once():
    page = PracticeApp("stars", seed=1)
    quoted = page._rule_words("The rule", ("S19", "S24", "S25"))
    assert quoted.count("<blockquote>") == 2 and "<b>S24, S25</b>" in quoted, quoted


def test_the_dashboard_of_the_zh_tw_page_says_sonne_und_monds_rules_in_their_own_words():
    with i18n.in_language("zh-TW"):
        page = PracticeApp("sunmoon", seed=1)
        page.receive_stored(store_key("sunmoon"), Progress("sunmoon", rules={"U1": [1, 1]}).to_text())
        assert "練習過的每條規則" in page.dashboard.value, "the caption is translated"
        assert "二到四人" in page.dashboard.value and "The game is for 2 to 4 players" not in page.dashboard.value
