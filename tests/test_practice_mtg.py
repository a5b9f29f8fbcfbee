"""The mtg exercises (``daynight.mtg.exercises``): for every kind, 100 seeded exercises whose
judged answer is what the engine does when the position is played on, and what a straight
reading of the rules says (the oracles below, written here from the seed's words and the
Comprehensive Rules it quotes, independent of ``daynight.mtg.rules``); every option and mark
sits on a piece of the drawing and no question drawing shows the forecast (which would tell
the answer); the worked example of the rules, step by step; and the practice widget answering
every kind wrong and then right without a browser."""

from __future__ import annotations

import itertools
import json
import xml.etree.ElementTree as ET
from functools import cache
from html import escape

import pytest
from daynight.widgets.practice import HOW_TO_ANSWER, Keeper, PracticeApp

from daynight.mtg import Attach, Becomes, BeginTurn, DayNight, Enter, Leave, draw
from daynight.mtg.exercises import KINDS, worked_example
from daynight.practice import CHOICE, ORDER, SET, Exercise, judge

SEEDS = range(100)
BY_NAME = {k.name: k for k in KINDS}
KEY = "daynight.practice.v1.mtg"


@cache
def exercises(kind: str) -> tuple[Exercise, ...]:
    return tuple(BY_NAME[kind].make(seed) for seed in SEEDS)


# --------------------------------------------------------------------------- the rules, read straight


def sheet_check(designation: str, counts: list[int], teams: bool) -> str:
    """ "If it's day and the previous turn's active player didn't cast any spells during that
    turn, it becomes night. If it's night, and previous turn's active player cast two or more
    spells during the previous turn, it becomes day." Shared team turns: "no player from the
    previous turn's active team cast a spell" / "any player ... cast two or more spells"."""
    if designation == "day":
        return "night" if sum(counts) == 0 else "day"
    if designation == "night":
        return "day" if (max(counts) if teams else sum(counts)) >= 2 else "night"
    return "neither"


def active_counts(game: DayNight) -> list[int]:
    spells = game.state_json()["spells_this_turn"]
    return [spells[p] for p in game.active_players()]


def sheet_new(game: DayNight, move) -> str:
    """The designation a move gives: an effect says it, a turn's untap step checks."""
    if isinstance(move, Becomes):
        return move.designation
    if isinstance(move, BeginTurn):
        return sheet_check(game.designation_name, active_counts(game), bool(game.teams))
    return game.designation_name


def keywords(p) -> tuple[bool, bool]:
    """Daybound and nightbound of a permanent as it is now: those of its latest copy effect
    (707.2), else of the face up (a daybound card's front face has daybound, its back face
    nightbound; a single-faced copy has the keyword it copied)."""
    copies = [e for e in p.effects if e.kind == "copy"]
    if copies:
        return "daybound" in copies[-1].abilities, "nightbound" in copies[-1].abilities
    if p.kind == "dfc":
        return p.up == "front", p.up == "back"
    return p.kind == "daybound", p.kind == "nightbound"


def can_turn_over(p, by_day_night: bool) -> bool:
    """Only transforming double-faced cards and tokens transform (712.9), never into an instant
    or sorcery face (712.10), not while an effect says they can't (101.2), and "permanents with
    daybound and nightbound can't transform any other way"."""
    day, night = keywords(p)
    if p.kind not in ("dfc", "transforming") or any(e.cant_transform for e in p.effects):
        return False
    if p.up == "front" and p.spec.back_type != "permanent":
        return False
    return by_day_night or not (day or night)


def sheet_transforms(p, new: str) -> bool:
    """ "As it becomes day, all double-faced cards with nightbound transform to their daybound
    faces. As it becomes night, all double-faced cards with daybound transform to their
    nightbound faces" (a phased-out permanent is treated as though it does not exist)."""
    day, night = keywords(p)
    wanted = (new == "night" and day and p.up == "front") or (new == "day" and night and p.up == "back")
    return wanted and not p.phased_out and can_turn_over(p, True)


def sheet_enters(game: DayNight, spec) -> str:
    """ "If it's day, each double-faced card with daybound and nightbound will enter the
    battlefield with its daybound face up. If it's night, each of them will enter nightbound
    face up" (a card, not a token, 702.145b); put onto the battlefield transformed, back face up
    (712.14a); a card whose back face is a sorcery never enters that way (712.13a, 304.4)."""
    back = spec.transformed or (spec.kind == "dfc" and game.designation_name == "night" and not spec.token)
    if not back:
        return "front"
    return "none" if spec.back_type != "permanent" else "back"


def sheet_first(game: DayNight, move) -> str:
    """ "When the game starts, it's neither day nor night ... it will become day first ... if a
    permanent with daybound appears on the battlefield ... it may become night first because a
    permanent with nightbound appears first"; effects "simply say it becomes day or night";
    "It can never return to being neither"."""
    if isinstance(move, Becomes):
        return move.designation
    if game.designation_name != "neither" or isinstance(move, Leave):
        return game.designation_name
    if any(s.day_if_neither for s in move.permanents):
        return "day"
    day = night = False
    for s in move.permanents:
        up = sheet_enters(game, s)
        day |= (s.kind == "dfc" and up == "front") or s.kind == "daybound"
        night |= (s.kind == "dfc" and up == "back") or s.kind == "nightbound"
    return "day" if day else "night" if night else "neither"


def sheet_phasing(game: DayNight, move, p) -> str:
    """502.1: "First, ... all phased-out permanents that the active player controlled when they
    phased out phase in" (phasing does not change which face is up); 702.145c: a daybound
    permanent front face up at night transforms "immediately"; 502.2: "Second, ... [the
    check]", and as it becomes day or night it transforms again if its face does not fit."""
    if p.phased_under != move.who:
        return "0"
    up, count = p.up, 0
    misfit = {"night": "front", "day": "back"}
    if misfit.get(game.designation_name) == up:
        up, count = ("back" if up == "front" else "front"), 1
    new = sheet_new(game, move)
    if new != game.designation_name and misfit.get(new) == up:
        count += 1
    return str(count)


def oracle(ex: Exercise):
    """The answer a reader of the rules gives for ``ex``'s position."""
    at = ex.position
    game, move = at.game, at.moves[0]
    if ex.kind == "phasing":
        return sheet_phasing(game, move, game.permanent(at.subject))
    if ex.kind == "skipped_turn":  # a skipped turn "won't happen": the check looks at the turn before it
        return sheet_check(game.designation_name, active_counts(game), False)
    if ex.kind == "transform_keeps":  # 712.18: effects continue to apply; 514.2: "until end of turn" ends
        ended = isinstance(move, BeginTurn)
        return frozenset(e.name for e in game.permanent(at.subject).effects if not (ended and e.until_end_of_turn))
    if ex.kind == "first_designation":
        return sheet_first(game, move)
    if ex.kind == "check_happens":
        quiet = game.designation_name == "neither" or game.turn == 0 or move.untap_skipped
        return "no" if quiet else "yes"
    if ex.kind == "untap_check":
        return sheet_new(game, move)
    if ex.kind == "change_trigger":
        old = game.designation_name
        new = "day" if isinstance(move, Enter) else sheet_new(game, move)
        return "none" if old in ("neither", new) else "upkeep" if isinstance(move, BeginTurn) else "priority"
    if ex.kind == "entering_face":
        return sheet_enters(game, move.permanents[0])
    if ex.kind == "transforms":
        return frozenset(p.id for p in game.permanents if sheet_transforms(p, sheet_new(game, move)))
    if ex.kind == "other_transform":
        return frozenset(p.id for p in game.permanents if can_turn_over(p, False))
    p = game.permanent(at.subject)
    turns = sheet_transforms(p, sheet_new(game, move))
    if ex.kind == "curse_day":  # "As this permanent transforms into Curse of Leeches, attach it to a player"
        return frozenset(game.players) if turns else frozenset()
    assert ex.kind == "curse_night"  # a creature attached to a player becomes unattached (704.5p)
    return None if turns else p.attached


def played_on(ex: Exercise):
    """What the engine does when the position is played on (each Moonmist on its own copy)."""
    at = ex.position
    runs = [(at.game.copy(), [m]) for m in at.moves] if ex.kind == "other_transform" else [(at.game.copy(), at.moves)]
    events = []
    for game, moves in runs:
        for m in moves:
            events.extend(game.play(m))
    after = runs[0][0]
    if ex.kind in ("first_designation", "untap_check", "skipped_turn"):
        return after.designation_name
    if ex.kind == "phasing":
        return str(sum(1 for e in events if e.what == "transform" and e.data["permanent"] == at.subject))
    if ex.kind == "transform_keeps":
        return frozenset(e.name for e in after.permanent(at.subject).effects)
    if ex.kind == "check_happens":
        checks = (after.rules("to night"), after.rules("to day"))
        return "yes" if any(e.rule.startswith(checks) for e in events if e.what in ("turn", "check")) else "no"
    if ex.kind == "change_trigger":
        waiting = [t.when for t in after.pending if t.permanent == at.subject and t.kind == "change"]
        return {(): "none", ("upkeep",): "upkeep"}.get(tuple(waiting), "priority")
    if ex.kind == "entering_face":
        return next((e.data["up"] for e in events if e.what == "enter"), "none")
    if ex.kind in ("transforms", "other_transform"):
        return frozenset(e.data["permanent"] for e in events if e.what == "transform")
    if ex.kind == "curse_day":
        return frozenset(m.player for m in after.legal_moves() if isinstance(m, Attach) and m.permanent == at.subject)
    return after.permanent(at.subject).attached


# --------------------------------------------------------------------------- the exercises


@pytest.mark.parametrize("kind", list(BY_NAME))
def test_the_judged_answer_is_what_the_engine_does_and_what_the_rules_say(kind):
    for ex in exercises(kind):
        where = f"{kind} seed {ex.seed}: {ex.question}"
        assert ex.answer == played_on(ex) == ex.outcome, (
            f"{where}: judged {ex.answer!r}, the engine did {played_on(ex)!r}"
        )
        assert ex.answer == oracle(ex), f"{where}: judged {ex.answer!r}, the rules say {oracle(ex)!r}"
        assert judge(ex, _given(ex, ex.answer)).right
        assert ex.events, f"{where}: the engine's log said nothing"


#: options that are never the answer: after an untap step it is never neither again (728.1)
DISTRACTORS = {"untap_check": {"neither"}, "skipped_turn": {"neither"}}


@pytest.mark.parametrize("kind", list(BY_NAME))
def test_every_statement_a_kind_names_is_practised_and_every_answer_comes_up(kind):
    named, used, answers = set(BY_NAME[kind].rules), set(), set()
    for ex in exercises(kind):
        assert ex.rules and set(ex.rules) <= named, f"seed {ex.seed} practises {set(ex.rules) - named}"
        used |= set(ex.rules)
        answers.add(ex.answer if ex.shape == CHOICE else len(ex.answer) > 0)
    assert used == named, f"{kind} names {sorted(named - used)} but none of 100 exercises practises them"
    values = {o.value for o in exercises(kind)[0].options} if BY_NAME[kind].shape == CHOICE else {True, False}
    values -= DISTRACTORS.get(kind, set())
    if kind == "curse_night":
        values = {None, True}
        answers = {None if a is None else True for a in answers}
    assert answers == values, f"{kind}: of the answers {values}, 100 exercises gave only {answers}"


@pytest.mark.parametrize("kind", list(BY_NAME))
def test_every_option_and_mark_sits_on_a_drawn_piece_and_no_question_shows_the_forecast(kind):
    for ex in exercises(kind)[:25]:
        root = ET.fromstring(str(ex.drawing))
        keys = [el.get("data-key") for el in root.iter() if el.get("data-key")]
        assert len(keys) == len(set(keys)), "keys are unique"
        assert all(o.key in keys for o in ex.options), (ex.seed, [o.key for o in ex.options])
        assert all(m.key in keys for m in ex.marks), (ex.seed, [m.key for m in ex.marks])
        assert "forecast" not in keys and "Next check" not in str(ex.drawing), "the forecast would say the answer"
        assert len({o.name for o in ex.options}) == len(ex.options), "every option has a name of its own"
        assert ex.reason and ex.said and ex.question and root.get("aria-label") == ex.question


def test_the_same_seed_gives_the_same_exercise():
    for kind in KINDS:
        a, b = kind.make(7), kind.make(7)
        assert (a.question, a.answer, a.rules, str(a.drawing)) == (b.question, b.answer, b.rules, str(b.drawing))


def test_the_shapes_of_the_answers():
    for kind in KINDS:
        ex = exercises(kind.name)[0]
        assert ex.shape == kind.shape in (CHOICE, SET)
        if kind.shape == SET:
            assert isinstance(ex.answer, frozenset)


def test_the_drawing_of_a_question_keeps_the_table_and_adds_seats():
    game = exercises("curse_day")[0].position.game
    view = game.view(None)
    assert (
        "forecast" in draw.table_piece(view).svg and "forecast" not in draw.table_piece(view, forecast_shown=False).svg
    )
    seats = draw.table_piece(view, seats=True).svg
    assert all(f'data-key="seat-{p}"' in seats for p in game.players)
    assert "seat-" not in draw.table(game).svg, "the tracker's table is unchanged"


# --------------------------------------------------------------------------- the worked example


def test_the_worked_example_follows_one_game_through_the_rules():
    steps = worked_example()
    assert [s.kind for s in steps][:4] == ["check_happens", "entering_face", "first_designation", "untap_check"]
    answers = [s.answer for s in steps]
    assert answers[0] == "no" and answers[2] == "day"  # 728.2c; 702.145d
    assert "night" in answers and answers.count("day") >= 3  # 728.2a; 728.2b
    for ex in steps:
        assert ex.answer == played_on(ex) == oracle(ex), ex.question
        assert ex.question.startswith(f"Step {steps.index(ex) + 1} of {len(steps)}: ")
    covered = {i for s in steps for i in s.rules}
    assert {"M1", "M3", "M4", "M6", "M7", "M8", "M9", "M10", "M11", "M14", "M15", "M16", "M17"} <= covered
    games = [s.position.game for s in steps]
    assert all(a.turn <= b.turn for a, b in itertools.pairwise(games)), "one game, step after step"


# --------------------------------------------------------------------------- the practice widget, without a browser


def click(app: PracticeApp, value) -> None:
    option = next(o for o in app.exercise.options if o.value == value)
    target = next(t for t in app.table.targets if t["name"] == option.name and t["key"] == option.key)
    app.table.choose(target["id"])


def a_wrong_answer(app: PracticeApp) -> None:
    """A wrong answer, clicked as a learner clicks: another option, or a set that is not the answer."""
    ex = app.exercise
    values = [o.value for o in ex.options]
    if ex.shape == CHOICE:
        click(app, next(v for v in values if v != ex.answer))
        return
    wrong = [v for v in values if v not in ex.answer][:1] or sorted(ex.answer)[1:]
    for v in wrong:
        click(app, v)
    app.table.choose("check")


def the_right_answer(app: PracticeApp) -> None:
    ex = app.exercise
    if ex.shape == CHOICE:
        click(app, ex.answer)
        return
    for v in list(app.given):
        click(app, v)
    for v in sorted(ex.answer):
        click(app, v)
    app.table.choose("check")


def app_for(kind: str, seed: int = 5) -> PracticeApp:
    app = PracticeApp("mtg", seed=seed)
    app.choose_kinds([kind])
    assert app.exercise.kind == kind
    return app


@pytest.mark.parametrize("kind", list(BY_NAME))
def test_each_kind_answered_wrong_then_right_on_the_table(kind):
    app = app_for(kind)
    ex = app.exercise
    assert (
        app.table.status == HOW_TO_ANSWER[ex.shape]()
        and escape(ex.question) in app.question.value
        and {"Show me", "Another"} <= set(app.table.target_names())
    )
    keyed = {t["key"] for t in app.table.targets if t["key"]}
    assert keyed == {o.key for o in ex.options}, "every answer is a piece of the drawing"
    a_wrong_answer(app)
    assert app.table.status.startswith("Not quite:") and app.table.status_kind == "error"
    assert "The rule" in app.feedback.value and not app.done
    the_right_answer(app)
    assert app.table.status == f"Right: {ex.said}." and app.table.status_kind == "ok"
    assert app.done and app.table.target_names() == ["Another"]
    assert app.table.marks == [{"key": m.key, "label": m.label, "tone": m.tone} for m in ex.marks]
    assert "What the engine did" in app.feedback.value and all(f"<b>{i}</b>" in app.feedback.value for i in ex.rules)
    assert app.progress.kinds[kind] == [1, 0]
    app.table.choose("another")
    assert app.exercise is not ex and app.exercise.kind == kind, "after a miss, a new position of the same kind"


def test_a_right_first_answer_counts_and_the_progress_is_kept():
    app = app_for("untap_check", seed=3)
    kept = []
    app.table.send = lambda content, buffers=None: kept.append(content)  # type: ignore[method-assign]
    app.receive_stored(KEY, None)
    the_right_answer(app)
    assert app.progress.kinds["untap_check"] == [1, 1]
    assert json.loads(kept[-1]["value"])["rules"]["M7"] == [1, 1]
    assert '<th scope="row">M16</th>' in app.dashboard.value, "the dashboard lists every statement practised"


def test_try_it_cells_and_the_worked_example_share_one_kept_progress():
    keeper = Keeper("mtg")
    cell = PracticeApp("mtg", kinds=(BY_NAME["entering_face"],), compact=True, keeper=keeper, seed=1)
    steps = worked_example()
    walk = PracticeApp("mtg", kinds=tuple(BY_NAME[k] for k in dict.fromkeys(s.kind for s in steps)), compact=True,
                       keeper=keeper, seed=2)  # fmt: skip
    walk.show(steps[0])
    assert walk.exercise is steps[0] and walk.table.status == steps[0].question
    the_right_answer(walk)
    walk.show(steps[1])
    a_wrong_answer(walk)
    the_right_answer(walk)
    the_right_answer(cell)
    assert keeper.progress.answered == 3 and keeper.progress.first == 2
    assert keeper.progress.kinds["check_happens"] == [1, 1] and keeper.progress.kinds["entering_face"] == [2, 1]


def _given(ex: Exercise, answer):
    return list(answer) if ex.shape in (SET, ORDER) else answer


#: walkthrough sections about the tracker rather than a decision of play: the rule numbers of the
#: editions, the named rule options, a game as a record, a position to start from
NOT_PRACTISED = {"17", "18", "19", "21"}


def test_every_rule_section_of_the_walkthrough_has_a_try_it_table():
    from pathlib import Path

    cells = json.loads((Path(__file__).resolve().parents[1] / "notebooks/mtg/rules.ipynb").read_text("utf-8"))["cells"]
    sections: dict[str, list[str]] = {}
    current = None
    for cell in cells:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and text.startswith("## "):
            current = text[3:].split(".")[0]
            sections[current] = []
        elif current and cell["cell_type"] == "code":
            sections[current] += [k for k in BY_NAME if f'try_it("{k}"' in text] + (
                ["steps"] if "work_through(" in text else []
            )
    assert len(sections) >= 22, sorted(sections)
    missing = [n for n, kinds in sections.items() if not kinds and n not in NOT_PRACTISED]
    assert not missing, f"sections without a Try it table: {missing}"
    assert {"phasing", "transform_keeps", "skipped_turn"} <= {k for kinds in sections.values() for k in kinds}
