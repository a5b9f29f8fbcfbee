"""The seeded demo games of Day & Night, frozen once the rules were settled.

``tests/test_stars_golden/demo_<N>.json`` is ``daynight demo stars --seed N -o ...`` as it was
written when the rules were settled (the rule functions of ``daynight/stars/rules.py``, the
default options). Speed work (the engine's fast path, the hint, the Monte Carlo bot) must keep
every record byte-identical, and the explained log too (its digest below): speed never
changes behaviour. A deliberate change of the rules or of the bots rewrites these files, and
the commit says why.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from daynight.stars import StarsGame, demo

GOLDEN = Path(__file__).with_name("test_stars_golden")
#: seed -> sha256 of the explained log (``game.log.explain()``), first 16 hex digits
LOGS = {0: "a079533592b06195", 1: "86505d295c0520a0", 2: "10593cbebdef9e2b", 3: "ef2d4a1e33570050",
        4: "af77d00994bbaae7", 5: "409af06430f7163c", 6: "2c58e0a2a037f6a5", 7: "73abcecfb57682bf",
        8: "b2718649b4dd56d7", 9: "1034c1b7f6fa6c58"}


@pytest.mark.parametrize("seed", range(10))
def test_the_demo_record_is_byte_identical(seed):
    game = demo(seed)
    golden = (GOLDEN / f"demo_{seed}.json").read_text(encoding="utf-8")
    assert game.to_json() == golden
    assert hashlib.sha256(game.log.explain().encode()).hexdigest()[:16] == LOGS[seed]
    again = StarsGame.from_json(golden)   # and the record replays to the same game
    assert again.state_json() == game.state_json() and again.log == game.log
