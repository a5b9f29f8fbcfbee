"""The sunmoon exercises (``daynight.sunmoon.exercises``): for every kind, 100 seeded exercises
whose judged answer is what the engine does when the position is played on, and what a straight
reading of the play report says (the oracles below, written here from the seed's words,
independent of ``daynight.sunmoon.rules``); every option and mark sits on a piece of the
drawing; every statement a kind names is practised by some of its exercises; and the practice
page answers each kind wrong and then right without a browser."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache

import pytest
from daynight.widgets.practice import Keeper, PracticeApp

from daynight.practice import CHOICE, NUMBER, SET, Exercise, judge
from daynight.sunmoon.exercises import KINDS

SEEDS = range(100)
BY_NAME = {k.name: k for k in KINDS}


@cache
def exercises(kind: str) -> tuple[Exercise, ...]:
    return tuple(BY_NAME[kind].make(seed) for seed in SEEDS)


# --------------------------------------------------------------------------- the play report, read straight


def tops(row):
    """The number on top of each place (``None``: an eclipse lies on top)."""
    return [None if place[-1].eclipse else place[-1].value for place in row]


def report_places(game, c) -> frozenset:
    """Where card ``c`` goes: an eclipse on any card of its kind not already eclipsed, in anybody's
    row; a number at an end only, smaller left and larger right, any number into an empty row,
    or on an eclipse it fits between (of eclipses side by side, the outermost)."""
    out = set()
    for o in range(game.n):
        row, pre = game.rows[o][c.kind], f"{o}-{c.kind}"
        values = tops(row)
        if c.eclipse:
            out |= {f"{pre}-{i}" for i, v in enumerate(values) if v is not None}
            continue
        if not row:
            out.add(f"{pre}-start")
            continue
        shown = [v for v in values if v is not None]
        if all(v > c.value for v in shown):
            out.add(f"{pre}-left")
        if all(v < c.value for v in shown):
            out.add(f"{pre}-right")
        i = 0
        while i < len(values):
            if values[i] is None:
                j = i
                while j + 1 < len(values) and values[j + 1] is None:
                    j += 1
                below = values[i - 1] if i else 0
                above = values[j + 1] if j + 1 < len(values) else 30
                if below < c.value < above:
                    out |= {f"{pre}-{i}", f"{pre}-{j}"}
                i = j + 1
            else:
                i += 1
    return frozenset(out)


def longest(row) -> tuple[int, int]:
    """The leftmost longest run of places with a number on top: (start, length)."""
    best, start = (0, 0), None
    for i, v in enumerate([*tops(row), None]):
        if v is not None and start is None:
            start = i
        elif v is None and start is not None:
            if i - start > best[1]:
                best = (start, i - start)
            start = None
    return best


def report_harvests(game) -> frozenset:
    """Only your own rows, with five or more unbroken cards."""
    p = game.turn
    return frozenset(f"{p}-{k}-row" for k in ("sun", "moon") if longest(game.rows[p][k])[1] >= 5)


def report_score(harvested, rows, hand) -> int:
    """+1 a harvested sun or moon card, 0 an eclipse; -1 a sun or moon card in hand or own rows."""
    left = [c for row in rows for place in row for c in place] + list(hand)
    return sum(not c.eclipse for c in harvested) - sum(not c.eclipse for c in left)


def oracle(ex: Exercise):
    """The answer a reader of the play report gives for ``ex``'s position."""
    g = ex.position
    p = g.turn
    if ex.kind == "places":
        card = next(c for c in g.hands[p] if f" {c.label} may go" in ex.question)
        return report_places(g, card)
    if ex.kind == "harvests":
        return frozenset() if g.extra else report_harvests(g)
    if ex.kind == "harvest_points":
        kind = "sun" if "sun row" in ex.question else "moon"
        start, length = longest(g.rows[p][kind])
        return sum(not c.eclipse for place in g.rows[p][kind][start : start + length] for c in place)
    if ex.kind == "self_destruct":
        fits = any(report_places(g, c) for c in g.hands[p])
        return not fits and (g.extra or not report_harvests(g))
    if ex.kind == "next_player":
        move = ex.question.split("'s turn: ", 1)[1]  # "sun 9 starts ...": the card played comes first
        played = next(c for c in g.hands[p] if move.startswith(f"{c.words} "))
        return p if played.animal else (p + 1) % g.n
    if ex.kind == "draw_five":
        nxt = g.hands[(p + 1) % g.n]
        return len(nxt) if nxt else min(5, len(g.draw_pile) + len(g.discard))
    if ex.kind == "final_turns":
        return g.view(0).final_left
    totals = [report_score(g.harvested[q], g.rows[q].values(), g.hands[q]) for q in range(g.n)]
    if ex.kind == "final_score" and "team" in ex.question:  # partners sit opposite and add their scores
        first = next(q for q in range(g.n) if ex.question.startswith(f"The game is over. {g.names[q]} and "))
        return totals[first] + totals[(first + 2) % 4]
    if ex.kind == "final_score":
        return next(totals[q] for q in range(g.n) if f"What is {g.names[q]}'s score" in ex.question)
    if ex.kind == "winners":
        if g.n == 4:  # partners sit opposite
            teams = [totals[0] + totals[2], totals[1] + totals[3]]
            return frozenset(q for q in range(4) if teams[q % 2] == max(teams))
        return frozenset(q for q in range(g.n) if totals[q] == max(totals))
    raise AssertionError(ex.kind)


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("kind", list(BY_NAME))
def test_the_judged_answer_is_what_the_engine_does_and_what_the_report_says(kind):
    for ex in exercises(kind):
        where = f"{kind} seed {ex.seed}: {ex.question}"
        assert ex.answer == ex.outcome, f"{where}: judged {ex.answer!r}, the engine did {ex.outcome!r}"
        assert ex.answer == oracle(ex), f"{where}: judged {ex.answer!r}, the play report says {oracle(ex)!r}"
        given = list(ex.answer) if ex.shape == SET else ex.answer
        assert judge(ex, given).right
        assert ex.events, f"{where}: the engine's log said nothing"


@pytest.mark.parametrize("kind", list(BY_NAME))
def test_every_statement_a_kind_names_is_practised_by_its_exercises(kind):
    named = set(BY_NAME[kind].rules)
    used = set()
    for ex in exercises(kind):
        assert set(ex.rules) <= named, f"seed {ex.seed} practises {set(ex.rules) - named}, which {kind} does not name"
        used |= set(ex.rules)
    assert used == named, f"{kind} names {sorted(named - used)} but none of 100 exercises practises them"


@pytest.mark.parametrize("kind", list(BY_NAME))
def test_every_option_and_mark_sits_on_a_drawn_piece(kind):
    for ex in exercises(kind)[:25]:
        root = ET.fromstring(str(ex.drawing))
        keys = {el.get("data-key") for el in root.iter() if el.get("data-key")}
        assert all(o.key in keys for o in ex.options if o.key), (ex.seed, [o.key for o in ex.options])
        assert all(m.key in keys for m in ex.marks), (ex.seed, [m.key for m in ex.marks])
        toolbar = [o.name for o in ex.options if not o.key]
        assert all(o.name.strip() for o in ex.options) and len(set(toolbar)) == len(toolbar)
        assert ex.reason and ex.said and ex.question


def test_the_same_seed_gives_the_same_exercise():
    for kind in KINDS:
        a, b = kind.make(7), kind.make(7)
        assert (a.question, a.answer, a.rules, str(a.drawing)) == (b.question, b.answer, b.rules, str(b.drawing))


def test_the_shapes_and_the_answers_vary():
    for kind in KINDS:
        answers = {ex.answer for ex in exercises(kind.name)}
        assert all(ex.shape == kind.shape for ex in exercises(kind.name))
        assert len(answers) > 1, f"{kind.name}: every exercise has the same answer"
    assert {k.shape for k in KINDS} == {CHOICE, NUMBER, SET}


# --------------------------------------------------------------------------- the practice page, without a browser


def app_for(kind: str, seed: int = 5) -> PracticeApp:
    app = PracticeApp("sunmoon", seed=seed)
    app.choose_kinds([kind])
    app.another()
    assert app.exercise.kind == kind
    return app


def click(app: PracticeApp, value) -> None:
    option = next(o for o in app.exercise.options if o.value == value)
    target = next(t for t in app.table.targets if t["name"] == option.name and t["key"] == option.key)
    app.table.choose(target["id"])


def answer_wrong(app: PracticeApp) -> None:
    ex = app.exercise
    values = list(dict.fromkeys(o.value for o in ex.options))
    if ex.shape in (CHOICE, NUMBER):
        click(app, next(v for v in values if v != ex.answer))
        return
    extra = [v for v in values if v not in ex.answer]
    if extra:  # a mark that is no member (else nothing marked: the members are missing)
        click(app, extra[0])
    app.table.choose("check")


def answer_right(app: PracticeApp) -> None:
    ex = app.exercise
    if ex.shape in (CHOICE, NUMBER):
        click(app, ex.answer)
        return
    for v in list(app.given):
        click(app, v)
    for v in ex.answer:
        click(app, v)
    app.table.choose("check")


@pytest.mark.parametrize("kind", list(BY_NAME))
def test_each_kind_answered_wrong_then_right_on_the_page(kind):
    app = app_for(kind)
    ex = app.exercise
    assert ex.options
    answer_wrong(app)
    assert app.table.status.startswith("Not quite:") and app.table.status_kind == "error"
    assert "The rule" in app.feedback.value and not app.done
    answer_right(app)
    assert app.table.status == f"Right: {ex.said}." and app.done
    assert app.table.marks == [{"key": m.key, "label": m.label, "tone": m.tone} for m in ex.marks]
    assert "What the engine did" in app.feedback.value
    assert all(f"<b>{i}</b>" in app.feedback.value for i in ex.rules), "the rule's words from the seed"
    assert app.progress.kinds[kind] == [1, 0]


def test_a_try_it_cell_answered_right_at_the_first_try():
    keeper = Keeper("sunmoon")
    cell = PracticeApp("sunmoon", kinds=(BY_NAME["places"],), compact=True, keeper=keeper, seed=3)
    answer_right(cell)
    assert cell.done and keeper.session.kinds["places"] == [1, 1]


def test_the_question_drawing_does_not_give_the_answer_away():
    for ex in exercises("final_turns")[:20]:
        assert "turns left" not in str(ex.drawing) and "turn left" not in str(ex.drawing), ex.seed
    for ex in exercises("final_score")[:20]:
        assert "score " not in str(ex.drawing) and "won" not in str(ex.drawing), ex.seed
    for ex in exercises("winners")[:20]:
        assert " won" not in str(ex.drawing) and "score " in str(ex.drawing), (
            "the scores are the reason, not the winner"
        )
    for ex in exercises("self_destruct")[:20]:
        assert "sm-fits" not in str(ex.drawing), "no place is shown as fitting"
