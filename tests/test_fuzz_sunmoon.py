"""Hostile records of Sonne und Mond (``daynight.testing.fuzz_records``): every mutant of the
demo games and of teaching positions with eclipse stacks, restored places, an animal's extra
play and a final round is refused with an ``InvalidRecordError`` naming its field, or accepted
as a consistent game whose cards are all accounted for. The long run (10,000 per game) is
``python -m benchmarks.fuzz_records sunmoon``."""

from __future__ import annotations

from collections import Counter

import pytest

from daynight.core import InvalidRecordError
from daynight.sunmoon import CARDS, KINDS, SunMoon, load_animals
from daynight.testing import fuzz_records

ANIMAL = next(f"sun {v}" for (k, v), row in load_animals().items() if k == "sun" and row["animal"])


def positions() -> list[SunMoon]:
    stacked = SunMoon.from_position({
        "hands": [["sun 15", "lunar eclipse", "moon 27"], ["solar eclipse", "moon 3"], ["sun 1"]],
        "rows": [{"sun": ["sun 8", ["sun 12", "solar eclipse"], ["sun 13", "solar eclipse", "sun 14"], "sun 21"]},
                 {"moon": ["moon 20", "moon 24"]}, {}],
        "harvested": [["moon 1", "moon 2", "lunar eclipse"], [], []], "discard": ["sun 4"], "draw": ["moon 9"]})
    animal = SunMoon.from_position({"hands": [[ANIMAL, "moon 5"], ["moon 2"]], "rows": [{}, {}]})
    animal.play(animal.legal_moves()[0])                  # an extra play is pending
    final = SunMoon.from_position({"hands": [["sun 20"], ["moon 3"]], "rows": [{"sun": ["sun 10"]}, {}],
                                   "rest": "box"})
    final.play(final.legal_moves()[0])
    final.play(final.legal_moves()[0])                    # the final round, a self-destruct to come
    return [stacked, animal, final]


def invariant(g: SunMoon) -> None:
    cards = [c for h in g.hands for c in h] + g.draw_pile + g.discard + g.box + [c for h in g.harvested for c in h]
    cards += [c for r in g.rows for k in KINDS for place in r[k] for c in place]
    assert Counter(cards) == Counter(CARDS), "all 68 cards accounted for"
    for r in g.rows:
        for kind, row in r.items():
            shown = [p[-1].value for p in row if not p[-1].eclipse]
            assert shown == sorted(set(shown)), f"{kind} row ascends: {shown}"
            assert all(c.kind == kind for p in row for c in p) and all(not p[0].eclipse for p in row)


def test_mutated_records_are_refused_by_name_or_are_consistent_games():
    records = [SunMoon.from_json(open(f"tests/test_sunmoon_golden/demo_{s}.json").read()) for s in (0, 1)]
    report = fuzz_records("sunmoon", n=400, seed=11, records=records + positions(), cli=False,
                          invariant=invariant, playout=20)
    report.assert_clean()
    assert report.refused > 250 and report.accepted > 10, str(report)


def test_a_few_through_daynight_replay():
    report = fuzz_records("sunmoon", n=40, seed=12, records=positions(), invariant=invariant, playout=10)
    report.assert_clean()


@pytest.mark.parametrize("position, path", [
    ({"hands": [["solar eclipse"] * 6, []]}, "$.setup.position.hands[0][5]"),
    ({"hands": [["sun 3"], []], "rows": [{}, {"moon": [["moon 4", "lunar eclipse", "lunar eclipse"]]}]},
     "$.setup.position.rows[1].moon[0]"),
    ({"hands": [["sun 3"], []], "draw": ["sun 3"]}, "$.setup.position.draw[0]"),
    ({"hands": [["sun 3"], []], "final_left": 7}, "$.setup.position.final_left"),
])
def test_impossible_positions_name_their_field(position, path):
    with pytest.raises(InvalidRecordError) as info:
        SunMoon.from_position(position)
    assert info.value.path == path, str(info.value)


def test_old_records_with_numbered_eclipses_still_replay():
    """Records written before eclipses lost their numbers name them "solar eclipse 3"."""
    g = SunMoon.from_position({"hands": [["solar eclipse 3", "moon 4"], ["sun 2"]],
                               "rows": [{}, {"sun": ["sun 9"]}]})
    rec = g.to_record()
    rec["moves"] = [{"player": 0, "cover": "solar eclipse 3", "owner": 1, "row": "sun", "slot": 0}]
    again = SunMoon.from_record(rec)
    assert again.row_text(again.rows[1]["sun"]) == "[E]"
    assert again.to_record()["moves"][0]["cover"] == "solar eclipse"
