"""The seeded demo games of Sonne und Mond, frozen once the rules were settled.

``tests/test_sunmoon_golden/demo_<N>.json`` is ``daynight demo sunmoon --seed N -o ...`` as
it was written when the rules were settled (the play report's defaults: teams with four,
self-destruct in the final round). Speed work must keep every record byte-identical, and the
explained log too (its digest below). A deliberate change of the rules or of the bots
rewrites these files, and the commit says why.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from daynight.sunmoon import SunMoon, demo

GOLDEN = Path(__file__).with_name("test_sunmoon_golden")
#: seed -> sha256 of the explained log (``game.log.explain()``), first 16 hex digits
LOGS = {0: "5904716e8e14e5c0", 1: "9dd0060b46ef57d5", 2: "bcaaf13e2f6dd089", 3: "edfa5a8111a7a2c8",
        4: "2abcb3fa9a283974", 5: "cf31ba87f878e9fc", 6: "527fca83b96e36c3", 7: "7c53a1cd1cf26484",
        8: "15c2be3292503f37", 9: "ccfe3cd8dcb2f2f9"}


@pytest.mark.parametrize("seed", range(10))
def test_the_demo_record_is_byte_identical(seed):
    game = demo(seed)
    golden = (GOLDEN / f"demo_{seed}.json").read_text(encoding="utf-8")
    assert game.to_json() == golden
    assert hashlib.sha256(game.log.explain().encode()).hexdigest()[:16] == LOGS[seed]
    again = SunMoon.from_json(golden)   # and the record replays to the same game
    assert again.scores() == game.scores() and again.log.explain() == game.log.explain()


def test_a_record_from_before_the_report_defaults_replays_with_its_options_named():
    """A demo record written before the play report's defaults (eclipses named "solar eclipse
    3"; four players scored alone; in the final round a player with nothing to do passed;
    drawing went on in the final round): it names no options, so today's defaults refuse
    its final round, and it replays to its old end once its setup names the old rules."""
    import json

    from daynight.core import InvalidRecordError

    record = json.loads((GOLDEN / "before_the_report_defaults.json").read_text(encoding="utf-8"))
    assert re.search(r"(solar|lunar) eclipse [1-5]", json.dumps(record))
    with pytest.raises(InvalidRecordError) as info:
        SunMoon.from_record(record)
    assert info.value.rule == "turn order"
    record["setup"]["options"] = {"scoring": "individual", "empty_hand_at_end": "pass",
                                  "draw_in_final_round": True}
    game = SunMoon.from_record(record)
    assert game.is_over() and game.scores() == [-1, -5, 0, 0]
