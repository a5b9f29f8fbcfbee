"""The seeded games of the temple duel, frozen before the speed work of issue 14.

``tests/test_temples_golden/demo_<N>.json`` is ``daynight demo temples --seed N -o ...`` as it
was written before that work; the explained logs of the demo games and of seeded games
between random bots are frozen as digests below. Speed work must keep every record
byte-identical and every log too. A deliberate change of the rules or of the bots rewrites
these files and digests, and the commit says why.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest

from daynight.temples import TemplesGame, demo, play_bots

GOLDEN = Path(__file__).with_name("test_temples_golden")


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


#: seed -> digest of the demo game's explained log (``game.log.explain()``)
DEMO_LOGS = {0: "f53904adfebf81c2", 1: "88c6b01d53141c3b", 2: "3b77f853132642a9", 3: "437267e947b8936e",
             4: "bc3a6323aa429dbe", 5: "2b287db88ef99615", 6: "c62ffd9499f693a0", 7: "aa2e495b90c5709b",
             8: "d8dd3f96c2c4537d", 9: "4445f6d5de6fd38b"}

#: seed -> (digest of the record, digest of the explained log) of a game between random bots
#: (they reach the rarer rules: picking a temple of more than nine, stolen spells, the box)
RANDOM_GAMES = {
    0: ("c52c9ed61e0688aa", "6822bfe3baa114e6"), 1: ("56249163320fea1e", "4859d603acf2fc68"),
    2: ("3749bd21340df795", "a22f922b7070845d"), 3: ("1ed97815574b17ae", "45af8a3ced1087e7"),
    4: ("4369fa92b228f2b9", "65038b37b07e0d8b"), 5: ("4f6479f2d6d4c1d5", "b9e2f930586a6703"),
    6: ("e6cf6de1564d6001", "66b9f9cdb406100e"), 7: ("5c0bb304a2d9e47f", "46506f62b1d19499"),
    8: ("5d88f26b5ff4f0f0", "7652bda0f86717a4"), 9: ("7ac5f8ac9ceada32", "7f04706fb523049f"),
    10: ("046b87399dce5a9b", "36aa0f1ad2a9ed50"), 11: ("9fe69521cebcd03a", "f70a1d37734e259b"),
    12: ("879d5ced45167675", "b2d1312ba95d470b"), 13: ("6373bb0a74992f07", "82901a18c90b2f44"),
    14: ("733a900e17d2e2db", "0294a341d50ce8b8"), 15: ("a8b21b522d7e345a", "ab7729a4e8f1ea55"),
    16: ("7fb2bad3ac04376a", "7ebc204fa9cc7eda"), 17: ("e0c148a4fe220359", "b4fba1b271d0da10"),
    18: ("c37d58c4316c8e4c", "9e214b9696556e26"), 19: ("2d04a0ec3a169efc", "52471c2a1154fcce"),
}


@pytest.mark.parametrize("seed", range(10))
def test_the_demo_record_is_byte_identical(seed):
    game = demo(seed)
    golden = (GOLDEN / f"demo_{seed}.json").read_text(encoding="utf-8")
    assert game.to_json() == golden
    assert _digest(game.log.explain()) == DEMO_LOGS[seed]
    again = TemplesGame.from_json(golden)   # and the record replays to the same game
    assert again.log.explain() == game.log.explain() and again.result == game.result


def _random_game(seed: int, explain: bool = True) -> TemplesGame:
    game = TemplesGame.new(seed)
    game.log.enabled = explain
    return play_bots(game, {"day": "random", "night": "random"}, random.Random(seed))


@pytest.mark.parametrize("seed", sorted(RANDOM_GAMES))
def test_a_random_game_and_its_log_are_unchanged(seed):
    game = _random_game(seed)
    assert (_digest(game.to_json()), _digest(game.log.explain())) == RANDOM_GAMES[seed]


@pytest.mark.parametrize("seed", range(0, 20, 4))
def test_the_quiet_path_plays_the_same_game(seed):
    """With the explanations off (as a rollout plays) the same seed gives the same moves, the
    same end and the same state: the quiet path skips the words only."""
    loud, quiet = _random_game(seed), _random_game(seed, explain=False)
    setup = len(TemplesGame.new(seed).log)          # the setup is told before the log goes quiet
    assert len(quiet.log) == setup < len(loud.log)
    assert quiet.history == loud.history
    assert (quiet.result, quiet.winner) == (loud.result, loud.winner)
    assert quiet.state_json() == loud.state_json()


@pytest.mark.parametrize("transformed", [False, True])
@pytest.mark.parametrize("day_can", [False, True])
@pytest.mark.parametrize("night_can", [False, True])
def test_the_space_verdict_asks_for_room_only_when_it_matters(day_can, night_can, transformed):
    """rules.space_verdict (4.2, 4.3) asks whether a side still has room lazily (the search can
    be long); its verdict is the rules' table all the same, and a question it needs not ask
    (Day's room when Night has room after a transformation) is not asked."""
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
    assert len(asked) == len(set(asked))              # each side asked at most once
    if transformed and night_can:
        assert asked == ["night"]
    if not transformed and day_can:
        assert asked == ["day"]
