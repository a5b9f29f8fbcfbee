"""The MTG day/night engine: every case cites its rule (CR numbers of the 2024-06-07 edition,
where Day and Night is 728) or its official ruling (R1-R25 of shared/research/mtg-rules.md)."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from daynight import cli, replay
from daynight.core import GameOverError, IllegalMoveError, InvalidRecordError, Reader
from daynight.mtg import (
    BACK,
    DAY,
    FRONT,
    NEITHER,
    NIGHT,
    Affect,
    Attach,
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
    Resolve,
    Transform,
    catalog,
    demo,
    effect_catalog,
    night_fraction,
    poisson_spells,
    rule_numbers,
    simulate,
    transition_probabilities,
    untap_check,
)
from daynight.testing import check_conformance

CATHAR = {"name": "Brutal Cathar", "back": "Moonrage Brute"}
WOLF = {"name": "Tovolar's Huntmaster", "back": "Tovolar's Packleader"}


def record(moves, players=("Alice", "Bob"), teams=None, **setup):
    s = {"players": list(players), **setup}
    if teams:
        s["teams"] = [{"name": n, "players": list(m)} for n, m in teams]
    return {"format": "daynight-record", "version": 1, "game": "mtg", "setup": s, "moves": moves}


def run(moves, **kw):
    return DayNight.from_record(record(moves, **kw))


def faces(game):
    return [p.face for p in game.permanents]


T = lambda who, **kw: {"turn": who, **kw}  # noqa: E731
C = lambda who, **kw: {"cast": who, **kw}  # noqa: E731
DAYFX = {"becomes": "day", "source": "an effect"}
NIGHTFX = {"becomes": "night", "source": "Unnatural Moonrise"}
E = lambda *cards: {"enter": list(cards)}  # noqa: E731
TWO_HG = [("Team Sun", ("Alice", "Bob")), ("Team Moon", ("Carol", "Dan"))]
FOUR = ("Alice", "Bob", "Carol", "Dan")

# (rule or ruling, what, setup keywords, moves, designation afterwards, faces afterwards)
CASES = [
    # -- the designation and the untap-step cycle --------------------------------------
    ("728.1 / R1", "the game starts with neither", {}, [], "neither", []),
    (
        "728.2c",
        "no check while neither, however few spells",
        {},
        [T("Alice"), T("Bob"), T("Alice"), T("Bob")],
        "neither",
        [],
    ),
    ("728.2a / R5", "day, previous active player cast nothing: night", {}, [T("Alice"), DAYFX, T("Bob")], "night", []),
    (
        "728.2a / R5",
        "day, previous active player cast one spell: stays day",
        {},
        [T("Alice"), DAYFX, C("Alice"), T("Bob")],
        "day",
        [],
    ),
    (
        "728.2b / R6",
        "night, previous active player cast two: day",
        {},
        [T("Alice"), NIGHTFX, C("Alice"), C("Alice"), T("Bob")],
        "day",
        [],
    ),
    (
        "728.2b / R6",
        "night, previous active player cast three: day",
        {},
        [T("Alice"), NIGHTFX, C("Alice"), C("Alice"), C("Alice"), T("Bob")],
        "day",
        [],
    ),
    (
        "728.2b / R6",
        "night, previous active player cast one: stays night",
        {},
        [T("Alice"), NIGHTFX, C("Alice"), T("Bob")],
        "night",
        [],
    ),
    (
        "728.2a/b",
        "a full cycle: day, night, day",
        {},
        [T("Alice"), E(CATHAR), T("Bob"), C("Bob"), C("Bob"), T("Alice")],
        "day",
        ["day"],
    ),
    (
        "728.2 / R3",
        "the count covers the whole previous turn, also before there was a designation",
        {},
        [T("Alice"), C("Alice"), C("Alice"), NIGHTFX, T("Bob")],
        "day",
        [],
    ),
    (
        "728.1 / R11",
        "once day or night, never neither again: night stays night with no spells",
        {},
        [T("Alice"), NIGHTFX, T("Bob"), T("Alice"), T("Bob")],
        "night",
        [],
    ),
    (
        "option check_first_turn (default off)",
        "the first turn has no previous turn: no check",
        {},
        [DAYFX, T("Alice")],
        "day",
        [],
    ),
    (
        "option check_first_turn on",
        "the first turn reads as 'no spells cast'",
        {"options": {"check_first_turn": True}},
        [DAYFX, T("Alice")],
        "night",
        [],
    ),
    (
        "614.10 / option check_skipped_untap (default off)",
        "a skipped untap step makes no check",
        {},
        [T("Alice"), DAYFX, T("Bob", untap_skipped=True)],
        "day",
        [],
    ),
    (
        "option check_skipped_untap on",
        "the check is made even if untapping is skipped",
        {"options": {"check_skipped_untap": True}},
        [T("Alice"), DAYFX, T("Bob", untap_skipped=True)],
        "night",
        [],
    ),
    # -- what counts as a cast spell -------------------------------------------------------
    (
        "707.10 / R23",
        "a copy is not cast: day becomes night",
        {},
        [T("Alice"), DAYFX, C("Alice", copy=True), T("Bob")],
        "night",
        [],
    ),
    (
        "707.10",
        "two copies are not two spells at night",
        {},
        [T("Alice"), NIGHTFX, C("Alice"), C("Alice", copy=True), T("Bob")],
        "night",
        [],
    ),
    (
        "601.2 / 702.34a",
        "spells cast from the graveyard or exile count",
        {},
        [T("Alice"), NIGHTFX, C("Alice", zone="graveyard"), C("Alice", zone="exile"), T("Bob")],
        "day",
        [],
    ),
    (
        "601.2i",
        "a countered spell was still cast",
        {},
        [T("Alice"), DAYFX, C("Alice", countered=True), T("Bob")],
        "day",
        [],
    ),
    (
        "728.2a / 502.2",
        "only the active player counts: Bob's spell on Alice's turn does not save the day",
        {},
        [T("Alice"), DAYFX, C("Bob"), T("Bob")],
        "night",
        [],
    ),
    (
        "728.2b / 502.2",
        "only the active player counts: two spells by Bob on Alice's turn do not make day",
        {},
        [T("Alice"), NIGHTFX, C("Bob"), C("Bob"), C("Alice"), T("Bob")],
        "night",
        [],
    ),
    (
        "728.2b",
        "spells the previous active player cast on someone else's turn do not count",
        {"players": ("Alice", "Bob", "Carol")},
        [T("Alice"), T("Bob"), NIGHTFX, C("Alice"), C("Alice"), C("Bob"), T("Carol")],
        "night",
        [],
    ),
    # -- entering while neither, day, night --------------------------------------------------
    (
        "702.145d / R2",
        "a daybound permanent appearing while neither makes it day",
        {},
        [T("Alice"), E(CATHAR)],
        "day",
        ["day"],
    ),
    (
        "702.145g / 702.145f",
        "a lone nightbound permanent while neither makes it night",
        {},
        [T("Alice"), E({**CATHAR, "transformed": True})],
        "night",
        ["night"],
    ),
    (
        "702.145g / R13",
        "daybound and nightbound appear together while neither: day wins, the nightbound transforms",
        {},
        [T("Alice"), E(CATHAR, {**WOLF, "transformed": True})],
        "day",
        ["day", "day"],
    ),
    (
        "702.145b / R8",
        "at night a daybound card enters transformed",
        {},
        [T("Alice"), NIGHTFX, E(CATHAR)],
        "night",
        ["night"],
    ),
    (
        "702.145b / R9",
        "at night a daybound card put onto the battlefield (not cast) also enters transformed",
        {},
        [T("Alice"), NIGHTFX, E({**CATHAR, "via": "effect"})],
        "night",
        ["night"],
    ),
    (
        "712.14a / 702.145f",
        "put onto the battlefield transformed while it is day: it enters back face up, then transforms",
        {},
        [T("Alice"), DAYFX, E({**CATHAR, "transformed": True, "via": "effect"})],
        "day",
        ["day"],
    ),
    ("702.145b / R1", "at day it enters with its daybound face", {}, [T("Alice"), DAYFX, E(CATHAR)], "day", ["day"]),
    (
        "702.145d / 712.9",
        "a single-faced copy with daybound still makes it day, and can't transform at night",
        {},
        [T("Alice"), E({"name": "Clone", "kind": "daybound"}), NIGHTFX],
        "night",
        ["day"],
    ),
    (
        "702.145d / R13",
        "a transformed daybound card and a single-faced nightbound copy together: day",
        {},
        [T("Alice"), E({"name": "Clone", "kind": "nightbound"}, CATHAR)],
        "day",
        ["night", "day"],
    ),
    (
        "R2 (Brimstone Vandal)",
        "'it becomes day as it enters' if neither",
        {},
        [T("Alice"), E({"name": "Brimstone Vandal", "kind": "other", "day_if_neither": True})],
        "day",
        [None],
    ),
    (
        "728.1",
        "a permanent without daybound or nightbound leaves neither alone",
        {},
        [T("Alice"), E({"name": "Grizzly Bears", "kind": "other"})],
        "neither",
        [None],
    ),
    # -- effects at any time ----------------------------------------------------------------
    (
        "728.1 / R7",
        "'it becomes night' in the middle of a turn transforms at once",
        {},
        [T("Alice"), E(CATHAR), C("Alice"), NIGHTFX],
        "night",
        ["night"],
    ),
    (
        "728.1",
        "'it becomes day' while day: nothing changes, nothing transforms",
        {},
        [T("Alice"), E(CATHAR), DAYFX],
        "day",
        ["day"],
    ),
    (
        "728.1 / R7",
        "'it becomes day' at night transforms the nightbound ones",
        {},
        [T("Alice"), NIGHTFX, E(CATHAR), DAYFX],
        "day",
        ["day"],
    ),
    (
        "728.1 / R21 (Tovolar)",
        "an upkeep 'it becomes night' effect",
        {},
        [T("Alice"), E(CATHAR), C("Alice"), T("Bob"), {"becomes": "night", "source": "Tovolar, Dire Overlord"}],
        "night",
        ["night"],
    ),
    # -- transforms on every change and never otherwise ---------------------------------------
    (
        "702.145b/e / R7",
        "every permanent follows every change, whoever controls it",
        {},
        [T("Alice"), E({**CATHAR, "controller": "Alice"}), E({**WOLF, "controller": "Bob"}), T("Bob"), T("Alice")],
        "night",
        ["night", "night"],
    ),
    (
        "702.145b / R10 (Moonmist)",
        "another transform effect does nothing",
        {},
        [T("Alice"), E(CATHAR), {"transform": 1, "source": "Moonmist"}],
        "day",
        ["day"],
    ),
    (
        "702.145 / leaves",
        "a permanent leaving does not change the designation",
        {},
        [T("Alice"), E(CATHAR), {"leave": 1}, T("Bob")],
        "night",
        [],
    ),
    # -- multiplayer and shared team turns ----------------------------------------------------
    (
        "728.2a / 502.2",
        "three players: the check looks at the previous turn's active player only",
        {"players": ("Alice", "Bob", "Carol")},
        [T("Alice"), T("Bob"), DAYFX, C("Alice"), C("Carol"), T("Carol")],
        "night",
        [],
    ),
    (
        "500.7 extra turn",
        "an extra turn: the check looks at the turn just ended",
        {},
        [T("Alice"), NIGHTFX, C("Alice"), C("Alice"), T("Alice", extra=True)],
        "day",
        [],
    ),
    (
        "728.2a team / R14",
        "2HG, day: one teammate's spell keeps it day",
        {"players": FOUR, "teams": TWO_HG},
        [T("Team Sun"), DAYFX, C("Bob"), T("Team Moon")],
        "day",
        [],
    ),
    (
        "728.2a team / R14",
        "2HG, day: no player of the team cast a spell: night",
        {"players": FOUR, "teams": TWO_HG},
        [T("Team Sun"), DAYFX, C("Carol"), T("Team Moon")],
        "night",
        [],
    ),
    (
        "728.2b team / R15",
        "2HG, night: one spell each is not two (totals are not added)",
        {"players": FOUR, "teams": TWO_HG},
        [T("Team Sun"), NIGHTFX, C("Alice"), C("Bob"), T("Team Moon")],
        "night",
        [],
    ),
    (
        "728.2b team / R15",
        "2HG, night: one teammate cast two: day",
        {"players": FOUR, "teams": TWO_HG},
        [T("Team Sun"), NIGHTFX, C("Alice"), C("Alice"), T("Team Moon")],
        "day",
        [],
    ),
    (
        "728.2b team",
        "2HG, night: the other team's two spells do not count",
        {"players": FOUR, "teams": TWO_HG},
        [T("Team Sun"), NIGHTFX, C("Carol"), C("Carol"), T("Team Moon")],
        "night",
        [],
    ),
]


@pytest.mark.parametrize(
    "rule, what, setup, moves, designation, face_list", CASES, ids=[f"{c[0]}: {c[1]}" for c in CASES]
)
def test_rule_table(rule, what, setup, moves, designation, face_list):
    game = run(moves, **setup)
    assert game.designation_name == designation, f"{rule}: {what}\n{game.log.explain()}"
    assert faces(game) == face_list, f"{rule}: {what}\n{game.log.explain()}"
    # the record replays to the same state, and the state is JSON
    again = DayNight.from_record(json.loads(game.to_json()))
    assert again.state_json() == game.state_json()


# -- events name their rule and explain themselves ---------------------------------------------


def test_every_change_and_transform_is_an_explained_event():
    game = run([T("Alice"), E(CATHAR), T("Bob"), C("Bob"), C("Bob"), T("Alice")])
    changes = game.log.of_kind("change")
    transforms = game.log.of_kind("transform")
    assert [(e.data["old"], e.data["new"]) for e in changes] == [("neither", "day"), ("day", "night"), ("night", "day")]
    assert [e.rule for e in changes] == [
        "Daybound, CR 702.145d",
        "Day and Night, CR 728.2a",
        "Day and Night, CR 728.2b",
    ]
    assert [e.rule for e in transforms] == ["Daybound, CR 702.145b", "Nightbound, CR 702.145e"]
    assert "Brutal Cathar transforms into Moonrage Brute" in transforms[0].text
    assert "Transform, CR 701.28" in transforms[0].text
    for e in game.log:
        assert e.rule and e.text.endswith((".", ")")), e


def test_entering_at_night_is_not_a_transform():  # R8: no transform event, no front-face ETB
    game = run([T("Alice"), NIGHTFX, E(CATHAR)])
    assert game.log.of_kind("transform") == []
    assert "enters transformed" in game.log.of_kind("enter")[0].text
    assert game.permanents[0].transforms == 0 and game.permanents[0].face_name() == "Moonrage Brute"


def test_first_designation_does_not_trigger_but_changes_do():  # 728.1a, 502.4
    sanctifier = {"name": "Celestus Sanctifier", "kind": "other", "triggers": ["change"], "day_if_neither": True}
    game = run([T("Alice"), E(sanctifier)])
    assert game.designation == DAY and game.log.of_kind("trigger") == []
    assert "does not trigger" in game.log.of_kind("no_trigger")[0].text
    game = run([T("Alice"), E(sanctifier), T("Bob")])  # changes in the untap step
    (trig,) = game.log.of_kind("trigger")
    assert trig.data["when"] == "upkeep" and trig.rule == "Untap Step, CR 502.4"
    assert [t.when for t in game.pending] == ["upkeep"]  # recorded in the state, not only in the log
    assert game.state_json()["pending"][0]["source"] == "Celestus Sanctifier"
    game = run([T("Alice"), E(sanctifier), C("Alice"), NIGHTFX])  # an effect mid-turn
    assert game.log.of_kind("trigger")[0].data["when"] == "next priority"


def test_effect_from_neither_to_night_no_trigger_and_no_neither_again():  # 728.1, 728.1a
    game = run([T("Alice"), {"becomes": "night"}])
    assert game.designation == NIGHT and game.log.of_kind("trigger") == []
    with pytest.raises(IllegalMoveError, match="never become neither"):
        game.play(Becomes("neither"))


def test_transforms_on_every_change_and_never_otherwise():  # 702.145b/e, R10
    game = run([T("Alice"), E(CATHAR)])
    p = game.permanents[0]
    n_changes = 0
    rng = random.Random(5)
    for _ in range(60):
        before = game.designation
        game.play(BeginTurn(game.next_in_order()))
        for _ in range(rng.choice((0, 1, 2))):
            game.play(CastSpell(game.active_name))
        if rng.random() < 0.2:
            game.play(Transform(p.id, "Moonmist"))
        n_changes += game.designation != before
        assert p.face == ("night" if game.designation == NIGHT else "day")
    assert p.transforms == len(game.log.of_kind("change")) - 1 == n_changes > 5


@pytest.mark.parametrize(
    "edition, dn, tf",
    [
        ("2021-11-19", "724", "701.28"),
        ("2022-06-10", "725", "701.28"),
        ("2022-11-18", "727", "701.28"),
        ("2023-06-01", "726", "701.28"),
        ("2024-03-08", "728", "701.28"),
        ("2024-06-07", "728", "701.28"),
        ("2025-06-06", "729", "701.27"),
        ("2026-01-16", "730", "701.27"),
    ],
)
def test_rule_numbers_follow_the_chosen_edition(edition, dn, tf):  # numbers drift; names do not
    game = run([T("Alice"), E(CATHAR), T("Bob")], options={"cr_edition": edition})
    change = game.log.of_kind("change")[-1]
    assert change.rule == f"Day and Night, CR {dn}.2a"
    assert f"Transform, CR {tf}" in game.log.of_kind("transform")[0].text
    assert game.to_record()["setup"]["options"]["cr_edition"] == edition


def test_data_files_have_provenance():
    assert all(r["provenance"] in ("attested", "reconstructed") for r in rule_numbers())
    cards = catalog()
    assert cards["Moonrage Brute"]["name"] == "Brutal Cathar"
    assert all(e["provenance"] == "attested" for e in cards.values())
    spec = PermanentSpec.from_catalog("Moonrage Brute")
    assert spec.kind == "dfc" and spec.transformed and spec.back == "Moonrage Brute"
    assert cards["Ravager of the Fells"]["kind"] == "transforming" and cards["Ravager of the Fells"]["werewolf"]
    assert cards["Invasion of Kylem"]["back_type"] == "sorcery"
    assert all(e["provenance"] == "attested" for e in effect_catalog().values())
    assert effect_catalog()["Bound by Moonsilver"]["cant_transform"]


# -- the pure check and the fast path -----------------------------------------------------------


@pytest.mark.parametrize(
    "designation, spells, after, rule",
    [
        ("neither", 0, NEITHER, "728.2c"),
        ("neither", 5, NEITHER, "728.2c"),
        ("day", 0, NIGHT, "728.2a"),
        ("day", 1, DAY, "728.2a"),
        ("day", 7, DAY, "728.2a"),
        ("night", 0, NIGHT, "728.2b"),
        ("night", 1, NIGHT, "728.2b"),
        ("night", 2, DAY, "728.2b"),
        ("day", [0, 0], NIGHT, "728.2a team"),
        ("day", [0, 1], DAY, "728.2a team"),
        ("night", [1, 1], NIGHT, "728.2b team"),
        ("night", [0, 2], DAY, "728.2b team"),
        (DAY, 0, NIGHT, "ints accepted"),
    ],
)
def test_untap_check(designation, spells, after, rule):
    assert untap_check(designation, spells) == after, rule


def test_untap_check_rejects_bad_designation():
    with pytest.raises(ValueError, match="neither"):
        untap_check("dusk", 0)


@settings(deadline=None, max_examples=60)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=40), st.sampled_from(["day", "night"]))
def test_engine_agrees_with_the_pure_check(spells, start):
    game = DayNight.new(["Alice", "Bob", "Carol"])
    game.play(BeginTurn("Alice"))
    game.play(Becomes(start))
    d = game.designation
    for k in spells:
        for _ in range(k):
            game.play(CastSpell(game.active_name))
        game.play(BeginTurn(game.next_in_order()))
        d = untap_check(d, k)
        assert game.designation == d


@settings(deadline=None, max_examples=40)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=25))
def test_team_engine_agrees_with_the_pure_check(spells):
    game = DayNight.two_headed_giant()
    game.play(BeginTurn("Team A"))
    game.play(Becomes("night"))
    d = NIGHT
    for a, b in spells:
        first, second = game.active_players()
        for who, k in ((first, a), (second, b)):
            for _ in range(k):
                game.play(CastSpell(who))
        game.play(BeginTurn(game.next_in_order()))
        d = untap_check(d, [a, b])
        assert game.designation == d


def _random_move(game, rng):
    moves = game.legal_moves()
    moves = [m for m in moves if not isinstance(m, EndGame)]
    return moves[rng.randrange(len(moves))]


def invariant(game):
    """What must hold in every reachable state."""
    from daynight.mtg.rules import must_transform, transform_blocked

    d = game.designation
    for p in game.permanents:
        if p.phased_out:
            continue
        # 702.145c/f: a daybound (nightbound) permanent is never left on the wrong face unless
        # a rule stops it from transforming
        if must_transform(d, p.up, p.daybound, p.nightbound):
            assert transform_blocked(
                p.double_faced, p.spell_back and p.up == FRONT, p.cant_transform, p.daybound, p.nightbound, True
            ), (p.label(), game.describe())
        if d == NEITHER:  # 702.145d/g: a daybound or nightbound permanent never coexists with neither
            assert not (p.daybound or p.nightbound), p.label()
        if not p.double_faced:
            assert p.up == FRONT and p.transforms == 0
    changes = game.log.of_kind("change")
    assert all(e.data["new"] != "neither" for e in changes)
    if changes:
        assert d == {"day": DAY, "night": NIGHT}[changes[-1].data["new"]]
    # 702.145b/e: a double-faced card with daybound and nightbound transforms only by them
    kinds = {p.id: p.kind for p in game.permanents}
    for e in game.log.of_kind("transform"):
        if e.rule.startswith(("Transform", "Innistrad")):
            assert kinds.get(e.data["permanent"], "gone") != "dfc", e
    # 500.2: a turn never begins with triggered abilities waiting
    assert all(t.id < game.next_trigger for t in game.pending)
    # an Aura that enchants a player is attached to one (303.4) unless its controller is choosing
    # the player as it transforms (712.20); a creature is attached to none (704.5p)
    for p in game.permanents:
        aura = p.spec.enchant_player and p.up == FRONT
        assert (p.attached is not None) == (aura and p.id not in game.choosing), p.label()
        assert p.attached is None or p.attached in game.players
    assert all(game.permanent(i).spec.enchant_player for i in game.choosing)


@settings(deadline=None, max_examples=40)
@given(st.integers(0, 10_000), st.integers(1, 4), st.booleans())
def test_random_games_keep_the_invariants(seed, n_players, teams):
    rng = random.Random(seed)
    game = DayNight.two_headed_giant() if teams else DayNight.new([f"P{i}" for i in range(n_players)])
    seen_designation = False
    for _ in range(60):
        game.play(_random_move(game, rng))
        invariant(game)
        seen_designation = seen_designation or game.designation != NEITHER
        if seen_designation:
            assert game.designation != NEITHER  # 728.1: never neither again
    again = DayNight.from_record(json.loads(game.to_json()))
    assert again.state_json() == game.state_json() and list(again.log) == list(game.log)


def _illegal(game):
    yield BeginTurn("Zed")
    if len(game.order) > 1:
        yield BeginTurn(game.order[(game.order.index(game.next_in_order()) + 1) % len(game.order)])
    yield BeginTurn(game.next_in_order(), skipping=("Zed",))
    yield CastSpell("")
    yield CastSpell("Zed")
    yield CastSpell("Alice", zone="sideboard")
    yield CastSpell("Alice", zone="stack")
    yield CastSpell("Alice", zone="battlefield")
    yield CastSpell("Alice", zone=["hand"])
    yield Becomes("neither")
    yield Enter((PermanentSpec("Clone", "daybound", back="Moonrage Brute"),))
    yield Enter((PermanentSpec("Grizzly Bears", "other", werewolf=True),))
    yield Enter(())
    yield Leave(999)
    yield Transform(999)
    yield Resolve(999)
    yield Affect(999, Effect("Bound by Moonsilver", "aura", True))
    yield EndEffect(999, "Bound by Moonsilver")
    yield PhaseOut(999)
    for p in game.permanents:
        yield EndEffect(p.id, "no such effect")
        yield Affect(p.id, Effect("Cytoshape", "copy"))  # a copy effect names what it copies
        if p.controller is None and not p.phased_out:
            yield PhaseOut(p.id)
        if p.phased_out:
            yield Transform(p.id, "Moonmist")
    if game.pending:
        yield BeginTurn(game.next_in_order())
    yield "sunrise"


def test_conformance():
    report = check_conformance(
        lambda seed: DayNight.new(["Alice", "Bob", "Carol"]),
        seeds=range(4),
        illegal_moves=_illegal,
        invariant=invariant,
    )
    assert report.games == 4 and report.illegal_tried > 20


def test_conformance_with_an_aura_that_enchants_a_player():
    def new(seed):
        curse = PermanentSpec.from_catalog("Curse of Leeches", controller="Alice", attached_to="Bob")
        return DayNight.new(["Alice", "Bob", "Carol"], designation="day", permanents=[curse])

    def illegal(game):
        yield from _illegal(game)
        yield Attach(999, "Bob")
        for i in game.choosing:
            yield Attach(i, "Zed")
            yield CastSpell("Alice")

    attached = []

    def choose(game, moves, rng):  # ten turns of day and night around the curse, and its choices
        ending = [m for m in moves if isinstance(m, EndGame)]
        if game.turn >= 10 and ending:
            return ending[0]
        kept = [m for m in moves if isinstance(m, (BeginTurn, CastSpell, Becomes, Resolve, Attach))] or moves
        move = kept[rng.randrange(len(kept))]
        attached.extend([move] if isinstance(move, Attach) else [])
        return move

    report = check_conformance(new, seeds=range(2), illegal_moves=illegal, invariant=invariant, choose=choose)
    assert report.games == 2 and report.illegal_tried > 20 and len(attached) >= 2


def test_conformance_shared_team_turns():
    report = check_conformance(
        lambda seed: DayNight.two_headed_giant(),
        seeds=range(2),
        illegal_moves=lambda g: [BeginTurn("Alice"), CastSpell("Zed")],
        invariant=invariant,
    )
    assert report.games == 2


# -- bad input: a clear error naming the rule or field, nothing changed ------------------------


@pytest.mark.parametrize(
    "move, rule, words",
    [
        (BeginTurn("Zed"), "Turn order", "'Zed' is not a player in this game"),
        (BeginTurn("Alice"), "Turn order", "the next turn in turn order is Bob's"),
        (CastSpell(""), "Casting Spells", "names nobody"),
        (CastSpell(None), "Casting Spells", "names nobody"),
        (CastSpell("Zed"), "Casting Spells", "'Zed' is not a player"),
        (
            Enter((PermanentSpec("Clone", "daybound", back="Moonrage Brute"),)),
            "Double-Faced Cards, CR 712.9",
            "single-faced",
        ),
        (Enter((PermanentSpec("Brutal Cathar", via="thrown"),)), "Daybound and Nightbound", "how it enters"),
        (Enter((PermanentSpec("Brutal Cathar", werewolf=True),)), "Daybound and Nightbound", "kind 'transforming'"),
        (Enter((PermanentSpec("Bears", "other", triggers=("sunrise",)),)), "Daybound and Nightbound", "unknown"),
        (CastSpell("Alice", zone="stack"), "Casting Spells, CR 601.2a", "not from 'stack'"),
        (CastSpell("Alice", zone="battlefield"), "Casting Spells, CR 601.2a", "not from 'battlefield'"),
        (BeginTurn("Bob", skipping=("Alice",)), "Skipping", "that is the turn to skip"),
        (BeginTurn("Alice", extra=True, skipping=("Bob",)), "Extra Turns", "no turn is skipped"),
        (Affect(1, Effect("Cytoshape", "copy")), "Copying Objects, CR 707.2", "names what"),
        (Affect(1, Effect("Aura", "hat")), "Double-Faced Cards, CR 712.18", "unknown kind"),
        (EndEffect(1, "Bound by Moonsilver"), "Double-Faced Cards, CR 712.18", "no effect called"),
        (PhaseOut(1), "Phasing, CR 702.26b", "say who controls it"),
        (Resolve(7), "CR 113.7a", "no pending triggered ability #7"),
        (Enter((PermanentSpec("Brutal Cathar", controller="Zed"),)), "Players", "controller"),
        (Becomes("neither"), "Day and Night, CR 728.1", "never become neither"),
        (Leave(42), "Daybound and Nightbound", "no permanent #42"),
        (Transform(42), "Daybound and Nightbound", "no permanent #42"),
        ("sunrise", "Day and Night", "not a move"),
    ],
)
def test_bad_moves_are_refused_and_change_nothing(move, rule, words):
    game = run([T("Alice"), NIGHTFX, E(CATHAR)])
    before, record_before = game.snapshot(), game.to_record()
    with pytest.raises(IllegalMoveError) as info:
        game.play(move)
    assert rule in info.value.rule and words in str(info.value), str(info.value)
    assert game.snapshot() == before and game.to_record() == record_before


def test_no_spell_before_the_first_turn_and_no_move_after_the_end():
    game = DayNight.new(["Alice", "Bob"])
    with pytest.raises(IllegalMoveError, match="no turn has begun"):
        game.play(CastSpell("Alice"))
    game.play(BeginTurn("Alice"))
    game.play(EndGame("Alice wins"))
    assert game.is_over() and game.legal_moves() == ()
    with pytest.raises(IllegalMoveError, match="over"):
        game.play(BeginTurn("Bob"))


def test_extra_turns_do_not_move_the_turn_order():  # 500.7: an extra turn comes directly after
    game = DayNight.new(["Alice", "Bob", "Carol"])
    game.play(BeginTurn("Alice"))
    game.play(BeginTurn("Bob", extra=True))  # Alice gave Bob an extra turn
    assert game.next_in_order() == "Bob"  # then Bob's own turn, in turn order
    with pytest.raises(IllegalMoveError, match="the next turn in turn order is Bob's"):
        game.play(BeginTurn("Carol"))
    game.play(BeginTurn("Bob"))
    assert game.next_in_order() == "Carol" and game.turn == 3


def test_a_turn_for_a_player_with_shared_team_turns_names_the_teams():
    game = DayNight.two_headed_giant()
    with pytest.raises(IllegalMoveError, match="not a team in this game") as info:
        game.play(BeginTurn("Alice"))
    assert "Shared Team Turns" in info.value.rule


@pytest.mark.parametrize(
    "mutate, path",
    [
        (lambda r: r["moves"].append({"sunrise": True}), "$.moves[2].sunrise"),
        (lambda r: r["moves"].append({"turn": "Alice", "cast": "Bob"}), "$.moves[2]"),
        (lambda r: r["moves"].append({"cast": "Alice", "zone": "sideboard"}), "$.moves[2].zone"),
        (lambda r: r["moves"].append({"cast": "Alice", "copy": "yes"}), "$.moves[2].copy"),
        (lambda r: r["moves"].append({"becomes": "dusk"}), "$.moves[2].becomes"),
        (lambda r: r["moves"].append({"enter": []}), "$.moves[2].enter"),
        (lambda r: r["moves"].append({"enter": [{"name": "X", "kind": "werewolf"}]}), "$.moves[2].enter[0].kind"),
        (lambda r: r["moves"].append({"enter": [{"name": "X", "colour": "red"}]}), "$.moves[2].enter[0].colour"),
        (lambda r: r["moves"].append({"leave": 0}), "$.moves[2].leave"),
        (lambda r: r["moves"].append({"turn": "Zed"}), "$.moves[2]"),
        (lambda r: r["moves"].append({"cast": "Zed"}), "$.moves[2]"),
        (
            lambda r: r["moves"].append({"enter": [{"name": "Clone", "kind": "daybound", "face": "night"}]}),
            "$.moves[2].enter[0].face",
        ),
        (lambda r: r["moves"].append({"enter": [{"name": "Clone", "kind": "daybound", "back": "X"}]}), "$.moves[2]"),
        (
            lambda r: r["moves"].append({"enter": [{"name": "X", "triggers": ["dusk"]}]}),
            "$.moves[2].enter[0].triggers[0]",
        ),
        (lambda r: r["moves"].append({"enter": [{"name": "X", "triggers": "change"}]}), "$.moves[2].enter[0].triggers"),
        (lambda r: r["moves"].append({"turn": "Bob", "skipping": "Alice"}), "$.moves[2].skipping"),
        (lambda r: r["moves"].append({"turn": "Bob", "skipping": [3]}), "$.moves[2].skipping[0]"),
        (lambda r: r["moves"].append({"cast": "Alice", "zone": "stack"}), "$.moves[2].zone"),
        (lambda r: r["moves"].append({"affect": 1, "effect": {"name": "X", "kind": "hat"}}), "$.moves[2].effect.kind"),
        (lambda r: r["moves"].append({"affect": 1}), "$.moves[2].effect"),
        (
            lambda r: r["moves"].append({"affect": 1, "effect": {"name": "X", "abilities": ["fly"]}}),
            "$.moves[2].effect.abilities[0]",
        ),
        (lambda r: r["moves"].append({"end_effect": 1}), "$.moves[2].name"),
        (lambda r: r["moves"].append({"phase_out": True}), "$.moves[2].phase_out"),
        (lambda r: r["moves"].append({"resolve": 10**12}), "$.moves[2].resolve"),
        (lambda r: r["moves"].append({"resolve": 1}), "$.moves[2]"),
        (lambda r: r["moves"].append({"cast": "x" * 500}), "$.moves[2].cast"),
        (lambda r: r["setup"].update(players=[]), "$.setup.players"),
        (lambda r: r["setup"].update(players=["Alice", "Alice"]), "$.setup.players"),
        (lambda r: r["setup"].update(players=["Alice", 3]), "$.setup.players[1]"),
        (lambda r: r["setup"].update(options={"daylight_saving": True}), "$.setup.options.daylight_saving"),
        (lambda r: r["setup"].update(options={"cr_edition": "June 2024"}), "$.setup.options.cr_edition"),
        (lambda r: r["setup"].update(designation="dusk"), "$.setup.designation"),
        (
            lambda r: r["setup"].update(teams=[{"name": "T", "players": ["Alice", "Zed"]}]),
            "$.setup.teams[0].players[1]",
        ),
        (lambda r: r["setup"].update(teams=[{"name": "T", "players": ["Alice"]}]), "$.setup"),
    ],
)
def test_bad_records_name_the_field(mutate, path):
    rec = record([T("Alice"), C("Alice")])
    mutate(rec)
    with pytest.raises(InvalidRecordError) as info:
        DayNight.from_record(rec)
    assert info.value.path == path, str(info.value)


def test_refused_move_in_a_record_names_the_rule():
    with pytest.raises(InvalidRecordError) as info:
        DayNight.from_record(record([T("Alice"), {"cast": "Zed"}]))
    assert info.value.path == "$.moves[1]" and "Casting Spells" in info.value.rule


# -- teaching positions, records, the CLI ------------------------------------------------------


def test_a_teaching_position_is_a_record():
    game = run([T("Alice"), C("Alice"), T("Bob")], designation="night", permanents=[{**CATHAR, "controller": "Bob"}])
    assert game.permanents[0].face == "night"  # chosen by the rules from the designation
    assert game.designation == NIGHT  # Alice cast only one
    with pytest.raises(InvalidRecordError, match="neither"):
        run([], permanents=[CATHAR])  # 702.145d: a daybound permanent cannot sit at neither


def test_forecast_in_words():
    game = run([T("Alice"), E(CATHAR)])
    assert "If Alice casts no spell this turn, it becomes night at the next untap step (Bob's turn)" in game.forecast()
    game.play(CastSpell("Alice"))
    assert "stays day" in game.forecast()
    game.play(BeginTurn("Bob"))
    game.play(Becomes("night"))
    assert "If Bob casts 2 more spells this turn, it becomes day" in game.forecast()
    game.play(CastSpell("Bob"))
    game.play(CastSpell("Bob"))
    assert "It becomes day at the next untap step" in game.forecast()
    team = DayNight.two_headed_giant()
    team.play(BeginTurn("Team A"))
    team.play(Becomes("night"))
    team.play(CastSpell("Alice"))
    team.play(CastSpell("Bob"))
    assert "team totals do not add up" in team.forecast()
    assert "no check" in DayNight.new().forecast() or "neither" in DayNight.new().forecast()


def test_summary_and_state_json_report_designation_and_faces():
    game = run([T("Alice"), E(CATHAR), T("Bob")])
    state = game.state_json()
    assert state["designation"] == "night" and state["faces"] == {"1": "night"}
    assert state["permanents"][0]["face_name"] == "Moonrage Brute"
    assert "It is NIGHT." in game.summary() and "Moonrage Brute (nightbound face up)" in game.summary()


def test_cli_replay_steps_prints_designation_and_faces(tmp_path, capsys):
    path = tmp_path / "g.json"
    run([T("Alice"), E(CATHAR), T("Bob")]).save(str(path))
    assert cli.main(["replay", str(path), "--steps"]) == 0
    out = capsys.readouterr().out
    assert "-> after move 1: Turn 1, Alice's turn. It is DAY." in out
    assert "-> after move 2: Turn 2, Bob's turn. It is NIGHT." in out
    assert "Moonrage Brute (nightbound face up)" in out
    assert "[Day and Night, CR 728.2a]" in out


def test_cli_replay_json_steps(tmp_path, capsys):
    path = tmp_path / "g.json"
    demo(5).save(str(path))
    assert cli.main(["replay", str(path), "--json", "--steps"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "mtg" and len(data["steps"]) == data["moves"]
    assert all(step["state"]["designation"] in ("neither", "day", "night") for step in data["steps"])
    assert any(step["state"]["faces"] for step in data["steps"])


def test_demo_is_seeded_and_replays():
    a, b = demo(4), demo(4)
    assert a.to_record() == b.to_record() and a.is_over()
    assert replay(json.loads(a.to_json())).state_json() == a.state_json()
    assert a.turn_table()[0]["turn"] == 1 and len(a.turn_table()) == a.turn


# -- the Markov chain and the simulation ----------------------------------------------------------


def test_markov_chain_matches_simulation():
    dist = poisson_spells(1.0)
    a, b = transition_probabilities(dist)
    assert a == pytest.approx(dist[0]) and b == pytest.approx(1 - dist[0] - dist[1])
    exact = night_fraction(dist)
    sim = simulate(100_000, dist, seed=3)
    assert sim.turns == 100_000 and abs(sim.night_fraction - exact) < 0.01
    team = night_fraction(dist, team_size=2)
    assert abs(simulate(50_000, dist, team_size=2, seed=4).night_fraction - team) < 0.015
    assert team < exact  # a team of two casts more: fewer nights
    assert night_fraction([1.0]) == 1.0 and night_fraction([0, 0, 1.0]) == 0.0
    # the finite-horizon expectation tends to the long-run fraction
    assert night_fraction(dist, turns=2000) == pytest.approx(exact, abs=0.01)


def test_simulation_agrees_with_the_engine_turn_by_turn():
    sim = simulate(300, 1.2, seed=9, start="day")
    game = DayNight.new(["Alice", "Bob"])
    game.play(BeginTurn("Alice"))
    game.play(Becomes("day"))
    for k, d in zip(sim.spells, sim.designations, strict=True):
        for _ in range(k):
            game.play(CastSpell(game.active_name))
        game.play(BeginTurn(game.next_in_order()))
        assert game.designation == d


def test_the_record_states_the_instruction_and_the_rules_give_the_face():  # 702.145b, 712.14a
    game = run([T("Alice"), NIGHTFX])
    game.play(Enter((PermanentSpec("Brutal Cathar", back="Moonrage Brute"),)))
    assert game.to_record()["moves"][-1] == {
        "enter": [{"name": "Brutal Cathar", "kind": "dfc", "back": "Moonrage Brute"}]
    }
    assert game.permanents[0].up == BACK  # the rules decided: at night it enters transformed


def test_turn_table_records_changes_during_a_turn():
    game = run([T("Alice"), C("Alice"), E(CATHAR), T("Bob"), NIGHTFX, T("Alice")])
    table = game.turn_table()
    assert [(r["designation"], r["designation_end"]) for r in table] == [
        ("neither", "day"),
        ("day", "night"),
        ("night", "night"),
    ]
    assert [r["changed_at_untap"] for r in table] == [False, False, False]
    assert [r["active_spells"] for r in table] == [1, 0, 0]


# -- the seeded demo records are golden: speed work must never change them -----------------------

#: sha256 of ``daynight demo mtg --seed N`` (the record as the CLI prints it), N = 0..9
GOLDEN_DEMOS = {
    0: "9b7502dc9945fefd",
    1: "7c879c8537bf58cd",
    2: "b5d1ea6155ebf54a",
    3: "34028f40d67e308b",
    4: "1f76cbcb682c50d8",
    5: "c17ee52eeb168481",
    6: "bafcf853f9ba4fe0",
    7: "043723322c82ecd9",
    8: "d07fc143147f583f",
    9: "9020a7585545cf6b",
}


def test_the_seeded_demo_records_stay_byte_identical(capsys):
    import hashlib

    for seed, digest in GOLDEN_DEMOS.items():
        assert cli.main(["demo", "mtg", "--seed", str(seed)]) == 0
        text = capsys.readouterr().out
        assert hashlib.sha256(text.rstrip("\n").encode()).hexdigest()[:16] == digest, seed
        again = DayNight.from_record(json.loads(text))
        assert again.to_json() == text.rstrip("\n")


#: sha256 of the explained log (its sentences, then its JSON) of ``demo(N)`` and of seeded random
#: games (every kind of move ``legal_moves`` offers; odd seeds Two-Headed Giant), as the engine
#: wrote them before the speed work of issue 14
GOLDEN_LOGS = {
    "demo 0": "50dd834e2c9fc28a",
    "demo 1": "88ed4c740ac87868",
    "demo 2": "359499e5fa9f308c",
    "demo 3": "3ba3468716d0b890",
    "demo 4": "7aef247910547c2c",
    "demo 5": "4b006018f647e990",
    "demo 6": "5f37aac4aa71951b",
    "demo 7": "40314c098a510845",
    "demo 8": "9eeec49db24041a1",
    "demo 9": "d84995d9bd6cb774",
    "random 0": "2ac7878cec6d3935",
    "random 1": "95491c41234084ed",
    "random 2": "17f1e8287677d1d7",
    "random 3": "2dbcb4a3a6c543a6",
    "random 4": "d22ac148ef9391f6",
}


def _log_digest(game):
    import hashlib

    text = game.log.explain() + json.dumps(game.log.to_json(), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_the_explained_logs_stay_byte_identical():
    found = {f"demo {seed}": _log_digest(demo(seed)) for seed in range(10)}
    for seed in range(5):
        rng = random.Random(seed)
        game = DayNight.two_headed_giant() if seed % 2 else DayNight(("Alice", "Bob", "Carol"))
        for _ in range(150):
            legal = [m for m in game.legal_moves() if not isinstance(m, EndGame)]
            game.play(legal[rng.randrange(len(legal))])
        found[f"random {seed}"] = _log_digest(game)
    assert found == GOLDEN_LOGS


def test_explained_sentences_are_never_borrowed_from_another_table():
    """The engine keeps each explained sentence once per table (players, teams, options): a
    game whose previous player has another name says that name, whatever ran before it."""
    texts = []
    for players in (("Alice", "Bob"), ("Alice", "Carol")):
        game = DayNight(players, designation="day")
        for who in (players[0], players[1]):
            game.play(BeginTurn(who))
        texts.append(game.play(BeginTurn(players[0]))[0].text)
    assert "Bob, the previous turn's active player" in texts[0]
    assert "Carol, the previous turn's active player" in texts[1]
    # the quiet and the explained game agree on everything but the log
    quiet, loud = DayNight(("Alice", "Bob"), explain=False), DayNight(("Alice", "Bob"))
    for game in (quiet, loud):
        for move in (
            BeginTurn("Alice"),
            Enter((PermanentSpec("Brutal Cathar", back="Moonrage Brute"),)),
            BeginTurn("Bob"),
            CastSpell("Bob"),
            CastSpell("Bob"),
            BeginTurn("Alice"),
        ):
            game.play(move)
    assert quiet.state_json() == loud.state_json() and not quiet.log and len(loud.log) > 5
    # the kept sentences are a cache, not state: a copy has the same snapshot and says the same
    twin = loud.copy()
    assert twin.snapshot() == loud.snapshot()
    assert twin.play(BeginTurn("Bob")) == loud.play(BeginTurn("Bob"))


def test_a_name_or_zone_that_is_not_text_is_refused_by_its_rule():
    """The fast path of play() looks names and zones up at a glance; what cannot be looked up
    (a list) still gets the full check, which names the rule, and changes nothing."""
    game = DayNight(("Alice", "Bob"))
    game.play(BeginTurn("Alice"))
    before = game.snapshot()
    for move, rule in (
        (CastSpell(["Alice"]), "CR 601.2]"),
        (CastSpell("Alice", zone=["hand"]), "CR 601.2a"),
        (BeginTurn(["Bob"]), "Turn order"),
    ):
        with pytest.raises(IllegalMoveError, match=rule):
            game.play(move)
    assert game.snapshot() == before


# -- one legality path (issue 25) ------------------------------------------------------------------


def _whose(move):
    """A spell's caster, the player (or team) whose turn begins; nobody's for the table's moves."""
    return move.player if isinstance(move, CastSpell) else move.who if isinstance(move, BeginTurn) else None


def test_play_is_cores_and_a_player_is_offered_exactly_its_own_moves():
    from daynight.core import Game

    assert DayNight.play is Game.play and "play" not in vars(DayNight)
    for seed in range(12):
        rng = random.Random(seed)
        game = DayNight.two_headed_giant() if seed % 3 == 0 else DayNight([f"P{i}" for i in range(1 + seed % 4)])
        for _ in range(60):
            every = game.legal_moves()
            assert game.offered is every
            for who in {*game.players, *game.order}:
                mine = game.legal_moves(who)
                assert game.offered is mine
                assert {id(m) for m in mine} == {id(m) for m in every if _whose(m) == who}, (seed, who)
            move = _random_move(game, rng)
            if rng.random() < 0.5:  # a move built anew (not the one on offer) passes _check
                move = json.loads(json.dumps(game.move_to_json(move)))
                move = game.move_from_json(Reader(move))
            game.play(move)


def test_the_view_is_a_frozen_value_with_the_state_as_json():
    import dataclasses

    game = demo(3)
    view = game.view("Alice")
    assert dataclasses.is_dataclass(view) and view.viewer == "Alice"
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.designation = "night"
    with pytest.raises(TypeError):
        view.spells_this_turn["Alice"] = 9
    assert view.to_json() == game.state_json() and json.loads(json.dumps(game.state_json())) == game.state_json()
    assert [p.label for p in view.permanents] == [p.label() for p in game.permanents]


def test_after_the_end_the_check_refuses_every_move_as_over():
    """Core's play asks no ``is_over`` of any engine: mtg's ``_check`` says the end first."""
    game = DayNight.new(["Alice", "Bob"], designation="day")
    game.play(BeginTurn("Alice"))
    game.play(EndGame())
    assert game.is_over()
    before = game.snapshot()
    for move in (BeginTurn("Bob"), CastSpell("Alice"), Becomes("night"), EndGame()):
        with pytest.raises(GameOverError, match="over"):
            game._check(move)
        with pytest.raises(GameOverError, match="over"):
            game.play(move)
    assert game.snapshot() == before and game.why_illegal(CastSpell("Alice"))


def test_a_game_that_names_no_options_has_the_default_ones():
    from daynight.mtg.moves import Options
    from daynight.mtg.state import DEFAULT_OPTIONS

    assert Options() == DEFAULT_OPTIONS and DayNight.new().options is DEFAULT_OPTIONS
    own = Options(check_first_turn=True)
    assert DayNight.new(options=own).options is own


def test_what_was_offered_is_no_state_of_the_table():
    game = DayNight.new(["Alice", "Bob"])
    game.play(BeginTurn("Alice"))
    before = game.snapshot()
    offered = game.legal_moves()
    assert offered and game.offered is offered and game.snapshot() == before
    game.play(offered[0])
    assert game.offered == ()
