"""The seeded demo games, frozen once the rules were settled: one test for every game.

``tests/test_<game>_golden/demo_<N>.json`` is ``daynight demo <game> --seed N -o ...`` as it was
written when the rules were settled (the rule functions of ``daynight/<game>/rules.py``, the
default options; the temple duel's before the speed work of issue 14, Sonne und Mond's with the
play report's defaults). Speed work (an engine's fast path, a hint, a Monte Carlo bot) must keep
every record byte-identical, and the explained log too (its digest below): speed never changes
behaviour. A deliberate change of the rules or of the bots rewrites these files and digests, and
the commit says why. (The Magic tracker's golden check lives in ``tests/test_mtg.py``.)

Beside the demos: the temple duel's games between random bots (they reach its rarer rules),
the quiet path (the explanations off, as a rollout plays) that plays every game the same, and
old records that still replay.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path

import pytest

from daynight import game_class, game_module
from daynight.core import InvalidRecordError

HERE = Path(__file__).resolve().parent


def folder(game: str) -> Path:
    return HERE / f"test_{game}_golden"


def digest(text: str) -> str:
    """The first 16 hex digits of the text's sha256."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


#: game -> seed -> digest of the demo game's explained log (``game.log.explain()``)
LOGS = {
    "stars": {
        0: "a079533592b06195",
        1: "86505d295c0520a0",
        2: "10593cbebdef9e2b",
        3: "ef2d4a1e33570050",
        4: "af77d00994bbaae7",
        5: "409af06430f7163c",
        6: "2c58e0a2a037f6a5",
        7: "73abcecfb57682bf",
        8: "b2718649b4dd56d7",
        9: "1034c1b7f6fa6c58",
    },
    "temples": {
        0: "f53904adfebf81c2",
        1: "88c6b01d53141c3b",
        2: "3b77f853132642a9",
        3: "437267e947b8936e",
        4: "bc3a6323aa429dbe",
        5: "2b287db88ef99615",
        6: "c62ffd9499f693a0",
        7: "aa2e495b90c5709b",
        8: "d8dd3f96c2c4537d",
        9: "4445f6d5de6fd38b",
    },
    "sunmoon": {
        0: "5904716e8e14e5c0",
        1: "9dd0060b46ef57d5",
        2: "bcaaf13e2f6dd089",
        3: "edfa5a8111a7a2c8",
        4: "2abcb3fa9a283974",
        5: "cf31ba87f878e9fc",
        6: "527fca83b96e36c3",
        7: "7c53a1cd1cf26484",
        8: "15c2be3292503f37",
        9: "ccfe3cd8dcb2f2f9",
    },
}


@pytest.mark.parametrize("game, seed", [(game, seed) for game in LOGS for seed in sorted(LOGS[game])])
def test_the_demo_record_is_byte_identical(game, seed):
    played = game_module(game).demo(seed)
    golden = (folder(game) / f"demo_{seed}.json").read_text(encoding="utf-8")
    assert played.to_json() == golden
    assert digest(played.log.explain()) == LOGS[game][seed]
    again = game_class(game).from_json(golden)  # and the record replays to the same game
    assert again.state_json() == played.state_json() and again.log.explain() == played.log.explain()


def test_every_golden_folder_is_checked():
    """A golden folder is checked here (or, the Magic tracker's, in tests/test_mtg.py), file by file."""
    for path in sorted(HERE.glob("test_*_golden")):
        game = path.name.removeprefix("test_").removesuffix("_golden")
        assert game in LOGS, f"{path.name} is checked by no test"
        demos = {int(p.stem.removeprefix("demo_")) for p in path.glob("demo_*.json")}
        assert demos == set(LOGS[game]), f"{path.name}: demos {sorted(demos)}, digests for {sorted(LOGS[game])}"


@pytest.mark.parametrize("game", ["stars", "temples", "mtg", "sunmoon"])
def test_the_quiet_path_plays_the_same_game(game):
    """With the explanations off (as a rollout plays) the demo's moves give the same game: the
    quiet path skips the words only."""
    loud = game_module(game).demo(1)
    quiet = game_class(game).from_record(loud.to_record(), upto=0)
    setup = len(quiet.log)
    quiet.log.enabled = False
    for move in loud.history:
        assert quiet.play(move) == []
    assert len(quiet.log) == setup < len(loud.log)
    assert quiet.history == loud.history and quiet.is_over() == loud.is_over()
    assert quiet.state_json() == loud.state_json()


# -- the temple duel: games between random bots ---------------------------------------------------

#: seed -> (digest of the record, digest of the explained log) of a game between random bots
#: (they reach the rarer rules: picking a temple of more than nine, stolen spells, the box)
RANDOM_TEMPLES = {
    0: ("c52c9ed61e0688aa", "6822bfe3baa114e6"),
    1: ("56249163320fea1e", "4859d603acf2fc68"),
    2: ("3749bd21340df795", "a22f922b7070845d"),
    3: ("1ed97815574b17ae", "45af8a3ced1087e7"),
    4: ("4369fa92b228f2b9", "65038b37b07e0d8b"),
    5: ("4f6479f2d6d4c1d5", "b9e2f930586a6703"),
    6: ("e6cf6de1564d6001", "66b9f9cdb406100e"),
    7: ("5c0bb304a2d9e47f", "46506f62b1d19499"),
    8: ("5d88f26b5ff4f0f0", "7652bda0f86717a4"),
    9: ("7ac5f8ac9ceada32", "7f04706fb523049f"),
    10: ("046b87399dce5a9b", "36aa0f1ad2a9ed50"),
    11: ("9fe69521cebcd03a", "f70a1d37734e259b"),
    12: ("879d5ced45167675", "b2d1312ba95d470b"),
    13: ("6373bb0a74992f07", "82901a18c90b2f44"),
    14: ("733a900e17d2e2db", "0294a341d50ce8b8"),
    15: ("a8b21b522d7e345a", "ab7729a4e8f1ea55"),
    16: ("7fb2bad3ac04376a", "7ebc204fa9cc7eda"),
    17: ("e0c148a4fe220359", "b4fba1b271d0da10"),
    18: ("c37d58c4316c8e4c", "9e214b9696556e26"),
    19: ("2d04a0ec3a169efc", "52471c2a1154fcce"),
}


def random_temples(seed: int, explain: bool = True):
    from daynight.temples import TemplesGame, play_bots

    game = TemplesGame.new(seed)
    game.log.enabled = explain
    return play_bots(game, {"day": "random", "night": "random"}, random.Random(seed))


@pytest.mark.parametrize("seed", sorted(RANDOM_TEMPLES))
def test_a_random_temple_duel_and_its_log_are_unchanged(seed):
    game = random_temples(seed)
    assert (digest(game.to_json()), digest(game.log.explain())) == RANDOM_TEMPLES[seed]


@pytest.mark.parametrize("seed", range(0, 20, 4))
def test_the_quiet_path_plays_the_same_random_temple_duel(seed):
    """The random bots choose the same moves with the explanations off."""
    from daynight.temples import TemplesGame

    loud, quiet = random_temples(seed), random_temples(seed, explain=False)
    assert len(quiet.log) == len(TemplesGame.new(seed).log) < len(loud.log)
    assert quiet.history == loud.history and (quiet.result, quiet.winner) == (loud.result, loud.winner)
    assert quiet.state_json() == loud.state_json()


@pytest.mark.parametrize("transformed", [False, True])
@pytest.mark.parametrize("day_can", [False, True])
@pytest.mark.parametrize("night_can", [False, True])
def test_the_space_verdict_asks_for_room_only_when_it_matters(day_can, night_can, transformed):
    """rules.space_verdict (4.2, 4.3) asks whether a side still has room lazily (the search can
    be long); its verdict is the rules' table all the same, and a question it needs not ask
    (Day's room when Night has room after a transformation) is not asked. (A rule's test, kept
    here from the temple duel's golden module until tests/test_temples.py takes it.)"""
    from daynight.temples import rules

    asked = []

    def can(side, answer):
        def ask():
            asked.append(side)
            return answer

        return ask

    verdict = rules.space_verdict(can("day", day_can), can("night", night_can), transformed)
    if not day_can and not night_can:
        assert verdict == ("draw", None, "4.2 Draw")
    elif not night_can and transformed:
        assert verdict == ("default", "day", "4.3 Victory for Day by default")
    else:
        assert verdict is None
    assert len(asked) == len(set(asked))  # each side asked at most once
    if transformed and night_can:
        assert asked == ["night"]
    if not transformed and day_can:
        assert asked == ["day"]


# -- old records still replay ---------------------------------------------------------------------


def test_a_sunmoon_record_from_before_the_report_defaults_replays_with_its_options_named():
    """A demo record written before the play report's defaults (eclipses named "solar eclipse
    3"; four players scored alone; in the final round a player with nothing to do passed;
    drawing went on in the final round): it names no options, so today's defaults refuse
    its final round, and it replays to its old end once its setup names the old rules."""
    from daynight.sunmoon import SunMoon

    record = json.loads((folder("sunmoon") / "before_the_report_defaults.json").read_text(encoding="utf-8"))
    assert re.search(r"(solar|lunar) eclipse [1-5]", json.dumps(record))
    with pytest.raises(InvalidRecordError) as info:
        SunMoon.from_record(record)
    assert info.value.rule == "turn order"
    record["setup"]["options"] = {"scoring": "individual", "empty_hand_at_end": "pass", "draw_in_final_round": True}
    game = SunMoon.from_record(record)
    assert game.is_over() and game.scores() == [-1, -5, 0, 0]


def test_sunmoon_records_with_numbered_eclipses_still_replay():
    """Records written before eclipses lost their numbers name them "solar eclipse 3"."""
    from daynight.sunmoon import SunMoon

    g = SunMoon.from_position({"hands": [["solar eclipse 3", "moon 4"], ["sun 2"]], "rows": [{}, {"sun": ["sun 9"]}]})
    rec = g.to_record()
    rec["moves"] = [{"player": 0, "cover": "solar eclipse 3", "owner": 1, "row": "sun", "slot": 0}]
    again = SunMoon.from_record(rec)
    assert again.row_text(again.rows[1]["sun"]) == "[E]"
    assert again.to_record()["moves"][0]["cover"] == "solar eclipse"
