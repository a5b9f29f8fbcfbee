"""Hostile records of every game (``daynight.testing.fuzz_records``): one test for all four.

Mutants of each game's demo records and of teaching positions (a round half played, a choosing
step, a last round; a temple board with counters and a near-end position; eclipse stacks, an
animal's extra play and a final round; every kind of move the Magic tracker records) are each
refused with an ``InvalidRecordError`` naming their field, in one escaped line, or accepted as
consistent games whose pieces are all accounted for (each game's ``invariant``); a few of them
go through ``daynight replay`` too. The long run (10,000 records per game) is
``python -m benchmarks.fuzz_records``. (The harness itself is tested on a broken toy game in
``tests/test_fuzz.py``.)
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from daynight.core import InvalidRecordError
from daynight.testing import fuzz_records

HERE = Path(__file__).resolve().parent


def golden(game: str, *seeds: int) -> list[Any]:
    """The golden demo records of ``game`` for ``seeds``, read back as games."""
    from daynight import game_class

    return [game_class(game).from_json((HERE / f"test_{game}_golden" / f"demo_{s}.json").read_text()) for s in seeds]


# -- Day & Night (stars) ---------------------------------------------------------------------------

STARS_EXAMPLE = [["orange 7", "pink 9"], ["orange 10", "purple 8"], ["blue 2", "blue 4"]]


def stars_positions() -> list[Any]:
    from daynight.stars import play_cards, teaching_position

    half = teaching_position(STARS_EXAMPLE, "orange 4", time="night")
    play_cards(half, ["orange 7", "orange 10", "blue 2"])
    choosing = play_cards(
        teaching_position(STARS_EXAMPLE, "orange 4"),
        ["orange 7", "orange 10", "blue 2"],
        ["pink 9", "purple 8", "blue 4"],
    )
    last = teaching_position(
        STARS_EXAMPLE, "orange 4", pile_size=0, last_round=True, collected=[["pink 13"], [], ["pink 1"]]
    )
    return [half, choosing, last]


def stars_invariant(g: Any) -> None:
    zones = [*g.hands, g.table, g.pile, g.removed, g.discard, *g.collected, [c for c in g.pending if c]]
    ids = sorted(c.id for zone in zones for c in zone)
    assert ids == list(range(108)), "every card in exactly one zone"
    assert g.stars == [sum(c.stars for c in cs) for cs in g.collected]
    assert all(len(p) <= 2 for p in g.played)


# -- the temple duel -----------------------------------------------------------------------------------

TEMPLES_COUNTERS = {
    "board": ["dn....", "......", "......", "..##..", "..##..", "......", "......", "......"],
    "hands": {"day": ["D01", "D10"], "night": ["N05"]},
    "mystify": {"A1": 2},
    "crystal": ["B1"],
}
TEMPLES_NEAR_END = {
    "board": ["ddd...", "ddd...", "ddd...", "..##..", "..##..", "dddd..", "ddd...", "d....."],
    "temples": {"day": [["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]]},
    "pawns": {"day": "D7", "night": "F8"},
    "hands": {"day": ["D16", "D01", "D11"], "night": ["N14"]},
    "discards": {"night": ["N01"]},
    "turn": "night",
    "turn_no": 30,
    "hours": 9,
}


def temples_records() -> list[Any]:
    """Short records, so that a mutant replays fast: the first moves of two demo games, a
    whole short game (one temple wins) and the two teaching positions."""
    from daynight.temples import Options, TemplesGame, demo, play_bots

    short = TemplesGame.new(5, options=Options(temples_to_win=1))
    play_bots(short, {"day": "thumb", "night": "thumb"}, 5)  # 32 moves, Night wins
    openings = [TemplesGame.from_record(demo(seed).to_record(), upto=40) for seed in (0, 1)]
    return [
        *openings,
        short,
        TemplesGame.new(1, position=TEMPLES_COUNTERS),
        TemplesGame.new(2, position=TEMPLES_NEAR_END),
    ]


def temples_others() -> list[Any]:
    """Records of the other games to borrow moves and setups from (cheap ones)."""
    from daynight.mtg import demo as mtg_demo
    from daynight.stars import StarsGame
    from daynight.sunmoon import demo as sunmoon_demo

    return [StarsGame.from_order(list(range(108))[::-1], 4), sunmoon_demo(0), mtg_demo(0)]


# -- Sonne und Mond ------------------------------------------------------------------------------------


def sunmoon_positions() -> list[Any]:
    from daynight.sunmoon import SunMoon, load_animals

    animal_card = next(f"sun {v}" for (k, v), row in load_animals().items() if k == "sun" and row["animal"])
    stacked = SunMoon.from_position(
        {
            "hands": [["sun 15", "lunar eclipse", "moon 27"], ["solar eclipse", "moon 3"], ["sun 1"]],
            "rows": [
                {"sun": ["sun 8", ["sun 12", "solar eclipse"], ["sun 13", "solar eclipse", "sun 14"], "sun 21"]},
                {"moon": ["moon 20", "moon 24"]},
                {},
            ],
            "harvested": [["moon 1", "moon 2", "lunar eclipse"], [], []],
            "discard": ["sun 4"],
            "draw": ["moon 9"],
        }
    )
    animal = SunMoon.from_position({"hands": [[animal_card, "moon 5"], ["moon 2"]], "rows": [{}, {}]})
    animal.play(animal.legal_moves()[0])  # an extra play is pending
    final = SunMoon.from_position({"hands": [["sun 20"], ["moon 3"]], "rows": [{"sun": ["sun 10"]}, {}], "rest": "box"})
    final.play(final.legal_moves()[0])
    final.play(final.legal_moves()[0])  # the final round, a self-destruct to come
    return [stacked, animal, final]


def sunmoon_invariant(g: Any) -> None:
    from daynight.sunmoon import CARDS, KINDS

    cards = [c for h in g.hands for c in h] + g.draw_pile + g.discard + g.box + [c for h in g.harvested for c in h]
    cards += [c for r in g.rows for k in KINDS for place in r[k] for c in place]
    assert Counter(cards) == Counter(CARDS), "all 68 cards accounted for"
    for r in g.rows:
        for kind, row in r.items():
            shown = [p[-1].value for p in row if not p[-1].eclipse]
            assert shown == sorted(set(shown)), f"{kind} row ascends: {shown}"
            assert all(c.kind == kind for p in row for c in p) and all(not p[0].eclipse for p in row)


# -- the Magic tracker ---------------------------------------------------------------------------------


def mtg_crafted() -> Any:
    """A game with every kind of move the tracker records."""
    from daynight.mtg import (
        Affect,
        Becomes,
        BeginTurn,
        CastSpell,
        DayNight,
        Effect,
        EndEffect,
        EndGame,
        Enter,
        Leave,
        PermanentSpec,
        PhaseOut,
        Transform,
        resolve_all,
    )

    g = DayNight.new(["Alice", "Bob", "Carol"])
    g.play(BeginTurn("Alice"))
    g.play(
        Enter(
            (
                PermanentSpec.from_catalog("Brutal Cathar", controller="Alice"),
                PermanentSpec.from_catalog("Huntmaster of the Fells", controller="Bob"),
            )
        )
    )
    resolve_all(g)
    g.play(Affect(1, Effect.from_catalog("Bound by Moonsilver")))
    g.play(
        Affect(2, Effect("Cytoshape", "copy", until_end_of_turn=True, becomes="Brutal Cathar", abilities=("daybound",)))
    )
    g.play(PhaseOut(1, "Teferi's Protection"))
    g.play(BeginTurn("Carol", skipping=("Bob",)))
    resolve_all(g)
    g.play(
        Enter(
            (
                PermanentSpec.from_catalog("Wildsong Howler", controller="Carol", via="effect"),
                PermanentSpec("Token", "dfc", "Token back", token=True),
            )
        )
    )
    resolve_all(g)
    g.play(CastSpell("Carol", zone="exile"))
    g.play(CastSpell("Carol", copy=True))
    g.play(BeginTurn("Alice", untap_skipped=True))
    g.play(BeginTurn("Alice", extra=True))
    resolve_all(g)
    g.play(EndEffect(1, "Bound by Moonsilver"))
    g.play(Transform(2, "Moonmist"))
    resolve_all(g)
    g.play(Becomes("day", "The Celestus"))
    resolve_all(g)
    g.play(Leave(3))
    g.play(EndGame("done"))
    return g


def mtg_records() -> list[Any]:
    """Every kind of move, a Two-Headed Giant game, a position with a transformed permanent and
    two demo games."""
    from daynight.mtg import Becomes, BeginTurn, CastSpell, DayNight, PermanentSpec, demo

    team = DayNight.two_headed_giant()
    team.play(BeginTurn("Team A"))
    team.play(Becomes("night"))
    team.play(CastSpell("Alice"))
    team.play(BeginTurn("Team B"))
    position = DayNight.new(
        ["Ann", "Ben"],
        designation="night",
        permanents=[
            PermanentSpec.from_catalog("Brutal Cathar", controller="Ann"),
            PermanentSpec.from_catalog("Convicted Killer", transformed=True),
        ],
    )
    position.play(BeginTurn("Ann"))
    return [mtg_crafted(), team, position, demo(1), demo(2)]


def mtg_invariant(g: Any) -> None:
    from tests.test_mtg import invariant

    invariant(g)


# -- the games' plans ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """How one game's records are fuzzed: the records to mutate and to borrow from, the
    invariant of an accepted game, how many mutants (``n`` loaded in the process, ``through_cli``
    replayed through ``daynight replay`` too) and how many at least are refused and accepted."""

    records: Callable[[], list[Any]]
    cli_records: Callable[[], list[Any]]
    invariant: Callable[[Any], None] | None = None
    others: Callable[[], list[Any]] | None = None
    n: int = 400
    seed: int = 11
    playout: int = 10
    refused: int = 0
    accepted: int = 0
    through_cli: int = 30
    cli_playout: int = 5


PLANS = {
    "stars": Plan(
        lambda: golden("stars", 0, 1) + stars_positions(),
        stars_positions,
        stars_invariant,
        n=1000,
        seed=5,
        refused=700,
        accepted=30,
    ),
    "temples": Plan(
        temples_records,
        temples_records,
        others=temples_others,
        n=800,
        seed=11,
        refused=400,
        accepted=10,
        through_cli=60,
    ),
    "sunmoon": Plan(
        lambda: golden("sunmoon", 0, 1) + sunmoon_positions(),
        sunmoon_positions,
        sunmoon_invariant,
        n=400,
        seed=11,
        playout=20,
        refused=250,
        accepted=10,
        through_cli=40,
        cli_playout=10,
    ),
    "mtg": Plan(mtg_records, mtg_records, mtg_invariant, n=1000, seed=3, playout=30, refused=800, accepted=40),
}


@cache
def built(game: str, what: str) -> tuple[Any, ...] | None:
    """A plan's records (built once per test run)."""
    make = getattr(PLANS[game], what)
    return None if make is None else tuple(make())


@pytest.mark.parametrize("game", sorted(PLANS))
def test_mutated_records_are_refused_by_field_or_load_as_consistent_games(game):
    plan = PLANS[game]
    report = fuzz_records(
        game,
        n=plan.n,
        seed=plan.seed,
        records=built(game, "records"),
        others=built(game, "others"),
        cli=False,
        invariant=plan.invariant,
        playout=plan.playout,
    )
    report.assert_clean()
    assert report.records == plan.n
    assert report.refused > plan.refused and report.accepted > plan.accepted, str(report)


@pytest.mark.parametrize("game", sorted(PLANS))
def test_mutated_records_through_daynight_replay(game):
    plan = PLANS[game]
    report = fuzz_records(
        game,
        n=plan.through_cli,
        seed=plan.seed + 1,
        records=built(game, "cli_records"),
        others=built(game, "others"),
        invariant=plan.invariant,
        playout=plan.cli_playout,
    )
    report.assert_clean()
    assert report.records == plan.through_cli


# -- bad positions name their field --------------------------------------------------------------------


def stars_position(edit: Callable[[dict], Any]) -> Callable[[], Any]:
    def load() -> Any:
        from daynight.stars import StarsGame, teaching_position

        record = json.loads(teaching_position(STARS_EXAMPLE, "orange 4").to_json())
        edit(record["setup"]["position"])
        return StarsGame.from_record(record)

    return load


def sunmoon_position(position: dict) -> Callable[[], Any]:
    def load() -> Any:
        from daynight.sunmoon import SunMoon

        return SunMoon.from_position(position)

    return load


@pytest.mark.parametrize(
    "load, path",
    [
        (stars_position(lambda p: p["hands"][0].append(p["pile"][0])), "$.setup.position.pile[0]"),
        (stars_position(lambda p: p["hands"].pop()), "$.setup.position.hands"),
        (stars_position(lambda p: p.update(time="dusk")), "$.setup.position.time"),
        (stars_position(lambda p: p["hands"][1].__setitem__(0, 999)), "$.setup.position.hands[1][0]"),
        (stars_position(lambda p: p["hands"][2].__setitem__(0, True)), "$.setup.position.hands[2][0]"),
        (stars_position(lambda p: p.update(round=10**30)), "$.setup.position.round"),
        (stars_position(lambda p: p["removed"].pop()), "$.setup.position"),
        (sunmoon_position({"hands": [["solar eclipse"] * 6, []]}), "$.setup.position.hands[0][5]"),
        (
            sunmoon_position(
                {"hands": [["sun 3"], []], "rows": [{}, {"moon": [["moon 4", "lunar eclipse", "lunar eclipse"]]}]}
            ),
            "$.setup.position.rows[1].moon[0]",
        ),
        (sunmoon_position({"hands": [["sun 3"], []], "draw": ["sun 3"]}), "$.setup.position.draw[0]"),
        (sunmoon_position({"hands": [["sun 3"], []], "final_left": 7}), "$.setup.position.final_left"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_an_impossible_position_names_its_field(load, path):
    with pytest.raises(InvalidRecordError) as info:
        load()
    assert info.value.path == path, str(info.value)
