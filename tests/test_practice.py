"""The game-independent practice machinery (``daynight.practice``): judging, the kept progress
(bounded, refused by the path of its first bad field) and the stream of exercises (fresh seeds,
the same kind again after a miss, a missed kind back later, the least practised next)."""

from __future__ import annotations

import json
import random

import pytest

from daynight import i18n
from daynight.core import InvalidRecordError
from daynight.practice import (
    AGAIN_AFTER,
    CHOICE,
    MAX_AGAIN,
    ORDER,
    SET,
    Exercise,
    Kind,
    Option,
    Progress,
    Stream,
    checklist,
    judge,
    kinds_of,
    store_key,
    verdict_words,
)


def exercise(shape: str, answer, kind: str = "toy", rules=("S16",), seed: int = 0) -> Exercise:
    options = tuple(Option(f"o{v}", f"option {v}", v, None, f"say {v}") for v in (1, 2, 3))
    return Exercise(kind, seed, "Which?", shape, options, answer, tuple(rules), "<svg/>", "because", said="the answer")


def toy_kinds(*names: str) -> tuple[Kind, ...]:
    return tuple(
        Kind(n, n.title(), ("S16",), CHOICE, (lambda seed, n=n: exercise(CHOICE, 1, n, seed=seed))) for n in names
    )


# --------------------------------------------------------------------------- judging


def test_right_only_when_equal_to_the_whole_answer():
    one = exercise(CHOICE, 2)
    assert judge(one, 2).right and not judge(one, 3).right
    some = exercise(SET, frozenset({1, 3}))
    assert judge(some, [3, 1]).right
    partial = judge(some, [1])
    assert not partial.right and partial.missing == (3,) and partial.extra == ()
    too_many = judge(some, [1, 2, 3])
    assert not too_many.right and too_many.extra == (2,)
    order = exercise(ORDER, (3, 1))
    assert judge(order, [3, 1]).right
    assert not judge(order, [1, 3]).right and not judge(order, [3]).right and not judge(order, [3, 1, 2]).right


def test_right_and_wrong_are_said_in_words():
    some = exercise(SET, frozenset({1, 3}))
    assert verdict_words(some, [1, 3], judge(some, [1, 3])) == "Right: the answer."
    words = verdict_words(some, [1, 2], judge(some, [1, 2]))
    assert words.startswith("Not quite: 1 of your marks does not belong, and 1 more should be marked.")
    alone = exercise(SET, frozenset({1}))
    assert "2 of your marks do not belong." in verdict_words(alone, [1, 2, 3], judge(alone, [1, 2, 3]))
    assert "Not quite: 1 more should be marked." in verdict_words(some, [3], judge(some, [3]))
    one = exercise(CHOICE, 2)
    assert "say 3" in verdict_words(one, 3, judge(one, 3))
    order = exercise(ORDER, (3, 1))
    assert verdict_words(order, [1, 3], judge(order, [1, 3])).startswith(
        "Not quite: in say 1, say 3, say 1 is not 1st."
    )
    # a right beginning is said to be right, with how many come after it (not "is not the order")
    assert verdict_words(order, [3], judge(order, [3])).startswith("Not quite: say 3 is right so far, and 1 more comes")
    assert verdict_words(order, [], judge(order, [])).startswith("Not quite: nobody is chosen yet.")
    assert verdict_words(order, [3, 1, 2], judge(order, [3, 1, 2])).startswith("Not quite: the order ends after say 1.")


def test_an_exercise_refuses_an_answer_it_does_not_offer():
    with pytest.raises(ValueError, match="not among its options"):
        exercise(CHOICE, 9)
    with pytest.raises(ValueError, match="shape"):
        exercise("essay", 1)


# --------------------------------------------------------------------------- the checklist as data


def test_the_checklist_is_package_data_with_the_seeds_words():
    every = checklist()
    assert len(every) == 171
    stars = checklist("stars")
    assert len(stars) == 35 and list(stars)[:2] == ["S1", "S2"]
    assert "including the card revealed from the pile" in stars["S16"].words
    assert checklist("sunmoon")["U1"].translation == "two to four players"
    assert store_key("stars") == "daynight.practice.v1.stars"


def test_a_statement_is_said_in_the_language_of_the_page():
    u1, s16 = checklist("sunmoon")["U1"], checklist("stars")["S16"]
    assert u1.said() == "The game is for 2 to 4 players." and s16.said() == s16.statement
    with i18n.in_language("zh-TW"):  # Sonne und Mond's rule text is Chinese: its own sentence
        assert "二到四人" in u1.said() and u1.said() == u1.words
        assert s16.said() == s16.statement, "the stars rule text has no Chinese words to show"


# --------------------------------------------------------------------------- progress


def test_progress_counts_each_kind_and_rule_and_round_trips():
    p = Progress("stars")
    p.record(exercise(CHOICE, 1, "a", ("S16", "S18")), True)
    p.record(exercise(CHOICE, 1, "b", ("S16",)), False)
    assert p.answered == 2 and p.first == 1
    assert p.kinds == {"a": [1, 1], "b": [1, 0]} and p.rules == {"S16": [2, 1], "S18": [1, 1]}
    assert p.again == [("b", 2 + AGAIN_AFTER)]
    back = Progress.from_text(p.to_text(), "stars", ["a", "b"], ["S16", "S18"])
    assert back == p
    # a kind or rule this version no longer has is left out, not refused
    assert Progress.from_text(p.to_text(), "stars", ["a"], ["S16"]).kinds == {"a": [1, 1]}


@pytest.mark.parametrize(
    "change, path",
    [
        (lambda v: "not json", "$"),
        (lambda v: [], "$"),
        (lambda v: dict(v, version=2), "$.version"),
        (lambda v: dict(v, game="temples"), "$.game"),
        (lambda v: dict(v, answered=-1), "$.answered"),
        (lambda v: dict(v, answered=True), "$.answered"),
        (lambda v: dict(v, first=3), "$.first"),
        (lambda v: dict(v, kinds=[]), "$.kinds"),
        (lambda v: dict(v, kinds={"a": [1, 2]}), "$.kinds.a"),
        (lambda v: dict(v, rules={"S16": "many"}), "$.rules.S16"),
        (lambda v: dict(v, again=[["a", "soon"]]), "$.again[0]"),
        (lambda v: dict(v, again=[["a", 1]] * (MAX_AGAIN + 1)), "$.again"),
        (lambda v: {k: x for k, x in v.items() if k != "rules"}, "$.rules"),
    ],
)
def test_a_damaged_kept_progress_is_refused_by_the_path_of_its_first_bad_field(change, path):
    p = Progress("stars")
    p.record(exercise(CHOICE, 1, "a"), True)
    value = change(p.to_json())
    text = value if isinstance(value, str) else json.dumps(value)
    with pytest.raises(InvalidRecordError) as err:
        Progress.from_text(text, "stars", ["a"], ["S16"])
    assert err.value.path == path, str(err.value)


def test_deeply_nested_text_is_refused_not_a_traceback():
    with pytest.raises(InvalidRecordError, match="not JSON"):
        Progress.from_text("[" * 100_000, "stars", [], [])


def test_answers_given_before_the_kept_progress_arrived_are_added_to_it():
    kept, page = Progress("stars"), Progress("stars")
    kept.record(exercise(CHOICE, 1, "a"), True)
    page.record(exercise(CHOICE, 1, "a"), False)
    both = kept.merged(page)
    assert both.answered == 2 and both.first == 1 and both.kinds == {"a": [2, 1]}
    assert both.again == [("a", 1 + 1 + AGAIN_AFTER)]


# --------------------------------------------------------------------------- the stream


def test_every_exercise_comes_from_a_fresh_seed():
    stream = Stream(toy_kinds("a"), rng=random.Random(1))
    seeds = [stream.deal().seed for _ in range(50)]
    assert len(set(seeds)) == 50
    again = Stream(toy_kinds("a"), rng=random.Random(1))
    assert [again.deal().seed for _ in range(50)] == seeds, "a seeded stream deals the same exercises"


def test_after_a_miss_the_same_kind_and_later_again():
    stream = Stream(toy_kinds("a", "b", "c"), Progress("x"), random.Random(0))
    first = stream.deal()
    stream.answered(first, False)
    dealt = []
    for _ in range(AGAIN_AFTER + 1):
        ex = stream.deal()
        dealt.append(ex.kind)
        stream.answered(ex, True)
    assert dealt[0] == first.kind, f"a new position of the kind just missed: {dealt}"
    assert first.kind not in dealt[1:-1] and dealt[-1] == first.kind, (
        f"the missed kind comes back {AGAIN_AFTER} answers after the miss: {dealt}"
    )
    assert not stream.progress.again, "right when it came back: done with"


def test_the_least_practised_chosen_kind_comes_next():
    stream = Stream(toy_kinds("a", "b", "c"), Progress("x"), random.Random(3))
    kinds = []
    for _ in range(9):
        ex = stream.deal()
        kinds.append(ex.kind)
        stream.answered(ex, True)
    assert sorted(kinds) == ["a"] * 3 + ["b"] * 3 + ["c"] * 3
    stream.choose(["c"])
    assert {stream.deal().kind for _ in range(5)} == {"c"}
    with pytest.raises(ValueError, match="at least one"):
        stream.choose([])


def test_the_kinds_of_a_game_are_found_by_name():
    names = [k.name for k in kinds_of("stars")]
    assert len(names) == len(set(names)) >= 5
