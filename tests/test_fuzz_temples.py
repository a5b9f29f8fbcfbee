"""Hostile temple-duel records (issue 15): seeded mutants of the demo games and of teaching
positions (a board with counters, a near-end position with a temple) are each refused with an
``InvalidRecordError`` naming the first bad field, in one escaped line, or accepted as a
consistent game (``daynight.testing.fuzz_records``); a few of them through ``daynight replay``.
The long run (10,000 per game) is ``python -m benchmarks.fuzz_records temples``."""

from __future__ import annotations

import pytest

from daynight.temples import Options, TemplesGame, demo, play_bots
from daynight.testing import fuzz_records

COUNTERS = {"board": ["dn....", "......", "......", "..##..", "..##..", "......", "......", "......"],
            "hands": {"day": ["D01", "D10"], "night": ["N05"]}, "mystify": {"A1": 2}, "crystal": ["B1"]}
NEAR_END = {"board": ["ddd...", "ddd...", "ddd...", "..##..", "..##..", "dddd..", "ddd...", "d....."],
            "temples": {"day": [["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]]},
            "pawns": {"day": "D7", "night": "F8"}, "hands": {"day": ["D16", "D01", "D11"], "night": ["N14"]},
            "discards": {"night": ["N01"]}, "turn": "night", "turn_no": 30, "hours": 9}


@pytest.fixture(scope="module")
def records():
    """Short records, so that a mutant replays fast: the first moves of two demo games, a
    whole short game (one temple wins) and the two teaching positions."""
    short = TemplesGame.new(5, options=Options(temples_to_win=1))
    play_bots(short, {"day": "thumb", "night": "thumb"}, 5)        # 32 moves, Night wins
    openings = [TemplesGame.from_record(demo(seed).to_record(), upto=40) for seed in (0, 1)]
    return [*openings, short, TemplesGame.new(1, position=COUNTERS), TemplesGame.new(2, position=NEAR_END)]


@pytest.fixture(scope="module")
def others():
    """Records of the other games to borrow moves and setups from (cheap ones)."""
    from daynight.mtg import demo as mtg_demo
    from daynight.stars import StarsGame
    from daynight.sunmoon import demo as sunmoon_demo

    return [StarsGame.from_order(list(range(108))[::-1], 4), sunmoon_demo(0), mtg_demo(0)]


def test_eight_hundred_mutated_records_are_refused_by_field_or_load_as_consistent_games(records, others):
    report = fuzz_records("temples", n=800, seed=11, records=records, others=others, cli=False, playout=10)
    assert report.records == 800 and report.refused > 400 and report.accepted > 10
    assert not report.escapes, str(report)


def test_mutated_records_through_daynight_replay(records, others):
    report = fuzz_records("temples", n=60, seed=12, records=records, others=others, cli=True, playout=5)
    assert report.records == 60 and not report.escapes, str(report)
