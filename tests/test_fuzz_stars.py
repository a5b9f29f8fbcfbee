"""Hostile records of Day & Night (``daynight.testing.fuzz_records``): mutants of the demo games
and of teaching positions (a round half played, a choosing step, a last round) are refused with
an ``InvalidRecordError`` naming their field, or accepted as consistent games whose 108 cards
are all accounted for. The long run (10,000 records, through ``daynight replay`` too) is
``python -m benchmarks.fuzz_records stars``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from daynight.core import InvalidRecordError
from daynight.stars import StarsGame, play_cards, teaching_position
from daynight.testing import fuzz_records

GOLDEN = Path(__file__).with_name("test_stars_golden")
EXAMPLE = [["orange 7", "pink 9"], ["orange 10", "purple 8"], ["blue 2", "blue 4"]]


def positions() -> list[StarsGame]:
    half = teaching_position(EXAMPLE, "orange 4", time="night")
    play_cards(half, ["orange 7", "orange 10", "blue 2"])
    choosing = play_cards(teaching_position(EXAMPLE, "orange 4"), ["orange 7", "orange 10", "blue 2"],
                          ["pink 9", "purple 8", "blue 4"])
    last = teaching_position(EXAMPLE, "orange 4", pile_size=0, last_round=True,
                             collected=[["pink 13"], [], ["pink 1"]])
    return [half, choosing, last]


def invariant(g: StarsGame) -> None:
    zones = [*g.hands, g.table, g.pile, g.removed, g.discard, *g.collected, [c for c in g.pending if c]]
    ids = sorted(c.id for zone in zones for c in zone)
    assert ids == list(range(108)), "every card in exactly one zone"
    assert g.stars == [sum(c.stars for c in cs) for cs in g.collected]
    assert all(len(p) <= 2 for p in g.played)


def test_mutated_records_are_refused_by_name_or_are_consistent_games():
    records = [StarsGame.from_json((GOLDEN / f"demo_{s}.json").read_text()) for s in (0, 1)]
    report = fuzz_records("stars", n=1000, seed=5, records=records + positions(), cli=False,
                          invariant=invariant, playout=10)
    report.assert_clean()
    assert report.refused > 700 and report.accepted > 30, str(report)


def test_a_few_through_daynight_replay():
    report = fuzz_records("stars", n=30, seed=6, records=positions(), invariant=invariant, playout=5)
    report.assert_clean()


@pytest.mark.parametrize("edit, path", [
    (lambda p: p["hands"][0].append(p["pile"][0]), "$.setup.position.pile[0]"),
    (lambda p: p["hands"].pop(), "$.setup.position.hands"),
    (lambda p: p.update(time="dusk"), "$.setup.position.time"),
    (lambda p: p["hands"][1].__setitem__(0, 999), "$.setup.position.hands[1][0]"),
    (lambda p: p["hands"][2].__setitem__(0, True), "$.setup.position.hands[2][0]"),
    (lambda p: p.update(round=10 ** 30), "$.setup.position.round"),
    (lambda p: p["removed"].pop(), "$.setup.position"),
])
def test_a_bad_position_names_its_field(edit, path):
    record = json.loads(teaching_position(EXAMPLE, "orange 4").to_json())
    edit(record["setup"]["position"])
    with pytest.raises(InvalidRecordError) as info:
        StarsGame.from_record(record)
    assert info.value.path == path, str(info.value)
