"""What the MTG tracker must be able to express beyond the day/night cycle itself (issue 11),
each case with its Comprehensive Rules number (2024-06-07 edition) or its ruling:

older werewolves with their own upkeep triggers, "can't transform" effects, phasing and the
order of the untap step, double-faced cards with an instant or sorcery back face, copy
effects, effects that survive a transform, a card put onto the battlefield transformed while
it is day, skipped turns, cast zones, and triggers recorded in the state."""

import json
import random
from typing import Any

import pytest

from daynight.core import IllegalMoveError
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
    Enter,
    Leave,
    Options,
    PermanentSpec,
    PhaseOut,
    Placed,
    Resolve,
    Transform,
    resolve_all,
    rules,
)

CATHAR = PermanentSpec("Brutal Cathar", "dfc", "Moonrage Brute", controller="Alice")
HUNTMASTER = PermanentSpec.from_catalog("Huntmaster of the Fells", controller="Alice")
KILLER = PermanentSpec.from_catalog("Convicted Killer", controller="Bob")
PIPER = PermanentSpec.from_catalog("Howlpack Piper", controller="Alice")
KYLEM = PermanentSpec.from_catalog("Invasion of Kylem", controller="Bob")
WEREWHAT = PermanentSpec("Werewhat", "dfc", "a sorcery face", back_type="sorcery", controller="Alice")
SANCTIFIER = PermanentSpec.from_catalog("Celestus Sanctifier", controller="Bob")
MOONSILVER = Effect.from_catalog("Bound by Moonsilver")


def game_at(designation=None, players=("Alice", "Bob"), **kw):
    game = DayNight.new(list(players), **kw)
    game.play(BeginTurn(players[0]))
    if designation:
        game.play(Becomes(designation, "an effect"))
    return game


def enter(game, *specs):
    game.play(Enter(tuple(specs)))
    return game.permanents[-1]


def replays(game):
    again = DayNight.from_record(json.loads(game.to_json()))
    assert again.state_json() == game.state_json() and list(again.log) == list(game.log)


# -- Innistrad and Shadows over Innistrad werewolves (no daybound) in a game with daybound ones


def test_an_old_werewolf_transforms_by_its_own_upkeep_trigger_beside_daybound_ones():
    game = game_at()
    cathar = enter(game, CATHAR)
    hunt = enter(game, HUNTMASTER)
    assert game.designation == DAY and hunt.face is None  # no daybound: it does not set day or follow it
    resolve_all(game)  # its enters trigger
    game.play(BeginTurn("Bob"))  # Alice cast nothing
    assert game.designation == NIGHT and cathar.up == BACK  # 728.2a, 702.145b
    assert hunt.up == FRONT  # not yet: its trigger waits on the stack
    (trigger,) = [t for t in game.pending if t.kind == "werewolf"]
    assert trigger.when == "upkeep" and trigger.permanent == hunt.id
    with pytest.raises(IllegalMoveError, match="resolve it first") as info:
        game.play(BeginTurn("Alice"))  # 500.2: the stack must be empty
    assert "Steps, CR 500.2" in info.value.rule
    game.play(Resolve(trigger.id))
    assert hunt.up == BACK and hunt.face_name() == "Ravager of the Fells"
    assert [t.kind for t in game.pending] == ["transforms"]  # "whenever it transforms into Ravager"
    replays(game)


def test_old_werewolves_count_every_players_spells_unlike_day_and_night():  # M10
    game = game_at("day")
    killer = enter(game, KILLER)
    game.play(CastSpell("Bob", "an instant"))  # Bob's spell on Alice's turn
    game.play(BeginTurn("Bob"))
    assert game.designation == NIGHT  # day and night: only the active player counts
    assert not game.pending and killer.up == FRONT  # the werewolf: "no spells were cast last turn" is false


def test_an_old_werewolf_needs_one_player_with_two_spells():  # Gatherer 2016-04-08
    game = game_at("night")
    killer = enter(game, PermanentSpec.from_catalog("Branded Howler", controller="Bob"))
    assert killer.up == BACK and killer.face_name() == "Branded Howler"
    game.play(CastSpell("Alice"))
    game.play(CastSpell("Bob"))
    game.play(BeginTurn("Bob"))
    assert not game.pending  # one spell each is not two
    game.play(CastSpell("Bob"))
    game.play(CastSpell("Bob"))
    game.play(BeginTurn("Alice"))
    assert [t.kind for t in game.pending] == ["werewolf"]
    resolve_all(game)
    assert killer.up == FRONT and game.designation == DAY


def test_moonmist_transforms_an_old_werewolf_but_not_a_daybound_one():  # 702.145b, R10, 701.28a
    game = game_at()
    cathar = enter(game, CATHAR)
    hunt = enter(game, HUNTMASTER)
    resolve_all(game)
    game.play(Transform(hunt.id, "Moonmist"))
    game.play(Transform(cathar.id, "Moonmist"))
    assert hunt.up == BACK and cathar.up == FRONT
    assert "daybound" in game.log.of_kind("no_transform")[-1].text


def test_a_trigger_does_nothing_if_its_werewolf_transformed_since():  # 701.28f
    game = game_at()
    hunt = enter(game, HUNTMASTER)
    resolve_all(game)
    game.play(BeginTurn("Bob"))
    (_trigger,) = [t for t in game.pending if t.kind == "werewolf"]
    game.play(Transform(hunt.id, "Moonmist"))  # in response
    assert hunt.up == BACK
    resolve_all(game)
    assert hunt.up == BACK  # the trigger's instruction is ignored
    assert any(e.rule == "Transform, CR 701.28f" for e in game.log.of_kind("resolve"))


def test_a_trigger_resolves_after_its_source_left():  # 113.7a
    game = game_at()
    hunt = enter(game, HUNTMASTER)
    resolve_all(game)
    game.play(BeginTurn("Bob"))
    game.play(Leave(hunt.id))
    assert game.pending and "still resolve" in game.log[-1].text
    resolve_all(game)
    assert "no longer on the battlefield" in game.log[-1].text


# -- "can't transform" and what daybound does when it ends (702.145c/f) -----------------------------


def test_a_cant_transform_effect_wins_and_the_werewolf_transforms_at_once_when_it_ends():
    game = game_at()
    cathar = enter(game, CATHAR)
    game.play(Affect(cathar.id, MOONSILVER))
    game.play(BeginTurn("Bob"))
    assert game.designation == NIGHT and cathar.up == FRONT  # 101.2: "can't" beats 702.145b
    assert "can't transform" in game.log.of_kind("no_transform")[-1].text
    n = len(game.log)
    game.play(EndEffect(cathar.id, MOONSILVER.name))  # the Aura leaves
    assert cathar.up == BACK  # 702.145c: immediately
    (t,) = [e for e in game.log.since(n) if e.what == "transform"]
    assert t.rule == "Daybound, CR 702.145c"


def test_a_nightbound_permanent_freed_by_day_transforms_at_once():  # 702.145f
    game = game_at("night")
    cathar = enter(game, CATHAR)
    game.play(Affect(cathar.id, Effect("Immerwolf", "effect", cant_transform=True)))
    game.play(Becomes("day", "The Celestus"))
    assert cathar.up == BACK
    game.play(EndEffect(cathar.id, "Immerwolf"))
    assert cathar.up == FRONT and game.log.of_kind("transform")[-1].rule == "Nightbound, CR 702.145f"


# -- phasing and the order of the untap step (502.1-502.3) -----------------------------------------


def test_phasing_comes_before_the_check_in_the_untap_step():
    game = game_at("day")
    cathar = enter(game, CATHAR)  # Alice controls it
    game.play(CastSpell("Alice"))
    game.play(BeginTurn("Bob"))
    game.play(PhaseOut(cathar.id, "Teferi's Protection"))
    game.play(Becomes("night", "Unnatural Moonrise"))
    assert cathar.up == FRONT and cathar.phased_out  # treated as though it does not exist (702.26b)
    game.play(CastSpell("Bob"))
    game.play(CastSpell("Bob"))
    n = len(game.log)
    game.play(BeginTurn("Alice"))
    # 502.1 first: it phases in, front face up at night, and transforms at once (702.145c);
    # 502.2 second: Bob cast two spells, so night becomes day and it transforms back (702.145e)
    kinds = [(e.what, e.rule) for e in game.log.since(n)]
    assert kinds == [
        ("turn", "Untap Step, CR 502.1"),
        ("phase_in", "Phasing, CR 702.26c"),
        ("transform", "Daybound, CR 702.145c"),
        ("check", "Day and Night, CR 728.2b"),
        ("change", "Day and Night, CR 728.2b"),
        ("transform", "Nightbound, CR 702.145e"),
    ]
    assert game.designation == DAY and cathar.up == FRONT and cathar.transforms == 2
    replays(game)


def test_phased_out_daybound_does_not_make_it_day_and_phases_in_only_for_its_controller():  # 702.145d
    game = game_at()
    cathar = enter(game, CATHAR)
    assert game.designation == DAY
    game.play(PhaseOut(cathar.id))
    game.play(BeginTurn("Bob"))  # Bob's untap step: Alice's permanent stays out
    assert cathar.phased_out
    game.play(BeginTurn("Alice"))
    assert not cathar.phased_out and cathar.up == BACK  # night came while it was out


def test_a_skipped_untap_step_skips_phasing():  # 702.26m
    game = game_at()
    cathar = enter(game, CATHAR)
    game.play(PhaseOut(cathar.id))
    game.play(BeginTurn("Bob"))
    game.play(BeginTurn("Alice", untap_skipped=True))
    assert cathar.phased_out


def test_the_untap_step_order_is_a_rule_function():
    assert rules.untap_step() == ("phasing", "day/night check", "untap")
    assert rules.untap_step(skipped=True, check_when_skipped=True) == ("day/night check",)


# -- double-faced cards with an instant or sorcery back face (712.10, 712.13a, R24) ----------------


def test_a_sorcery_back_face_keeps_a_daybound_permanent_daybound_at_night():  # 712.10, R24
    game = game_at()
    werewhat = enter(game, WEREWHAT)
    game.play(BeginTurn("Bob"))
    assert game.designation == NIGHT and werewhat.up == FRONT and werewhat.daybound
    assert game.log.of_kind("no_transform")[-1].rule == "Double-Faced Cards, CR 712.10"


def test_cast_at_night_it_goes_to_the_graveyard_put_there_it_stays():  # 712.13a, 304.4/307.4
    game = game_at("night")
    game.play(Enter((WEREWHAT,)))
    assert game.permanents == [] and game.log[-1].rule == "Double-Faced Cards, CR 712.13a"
    assert "graveyard" in game.log[-1].text
    game.play(Enter((PermanentSpec("Werewhat", "dfc", "a sorcery face", back_type="sorcery", via="effect"),)))
    assert game.permanents == [] and "stays in the zone" in game.log[-1].text


def test_nothing_transforms_into_an_instant_or_sorcery_face():  # 712.10 (Invasion of Kylem)
    game = game_at()
    kylem = enter(game, KYLEM)
    game.play(Transform(kylem.id, "Moonmist"))
    assert kylem.up == FRONT and "instant or sorcery" in game.log[-1].text


# -- copy effects (707.2, 707.8, 707.8a, 712.9, 712.13a) ---------------------------------------------


def test_a_single_faced_copy_of_a_transformed_werewolf_is_nightbound_and_cannot_transform():  # 712.9
    game = game_at("night")
    clone = enter(game, PermanentSpec("Clone (as Moonrage Brute)", "nightbound"))
    game.play(Becomes("day"))
    assert clone.nightbound and clone.up == FRONT and not clone.double_faced


def test_a_double_faced_token_copy_created_at_night():  # 707.8a, 702.145b/c
    game = game_at("night")
    token = enter(game, PermanentSpec("Brutal Cathar (token copy)", "dfc", "Moonrage Brute", token=True))
    assert token.up == BACK and len(game.log.of_kind("transform")) == 1  # front face up, then 702.145c
    option = game_at("night", options=Options(token_enters_transformed=True))
    token = enter(option, PermanentSpec("Brutal Cathar (token copy)", "dfc", "Moonrage Brute", token=True))
    assert token.up == BACK and option.log.of_kind("transform") == []


def test_before_2023_a_token_copy_is_not_double_faced():  # 707.8a came with the 2023-04-14 edition
    game = game_at(options=Options(cr_edition="2022-10-07"))
    with pytest.raises(IllegalMoveError, match="2023-04-14"):
        game.play(Enter((PermanentSpec("Brutal Cathar (token copy)", "dfc", "Moonrage Brute", token=True),)))


def test_a_permanent_that_gains_daybound_by_a_copy_effect():  # 702.145d, 707.2
    game = game_at()
    bears = enter(game, PermanentSpec("Grizzly Bears", "other", controller="Bob"))
    assert game.designation == NEITHER
    game.play(
        Affect(
            bears.id,
            Effect("Cytoshape", "copy", until_end_of_turn=True, becomes="Brutal Cathar", abilities=("daybound",)),
        )
    )
    assert game.designation == DAY and bears.daybound and bears.face_name() == "Brutal Cathar"
    game.play(BeginTurn("Bob"))  # the cleanup ends the copy, then night comes
    assert not bears.daybound and game.designation == NIGHT and bears.up == FRONT


def test_a_double_faced_card_that_becomes_a_daybound_copy_at_night_transforms_and_stays_a_copy():  # 712.9 example
    game = game_at("night")
    hunt = enter(game, HUNTMASTER)
    resolve_all(game)
    game.play(
        Affect(
            hunt.id,
            Effect("Cytoshape", "copy", until_end_of_turn=True, becomes="Brutal Cathar", abilities=("daybound",)),
        )
    )
    assert hunt.up == BACK and hunt.face_name() == "Brutal Cathar"  # 702.145c turned it over
    assert hunt.printed_name() == "Ravager of the Fells"


def test_olag_back_face_up_with_daybound_does_not_transform_at_night():  # ruling R20
    game = game_at("day")
    ludevic = enter(game, PermanentSpec.from_catalog("Ludevic, Necrogenius", controller="Alice"))
    game.play(Transform(ludevic.id, "its own ability"))
    game.play(
        Affect(
            ludevic.id, Effect("as it transforms into Olag", "copy", becomes="Bird Admirer", abilities=("daybound",))
        )
    )
    game.play(Becomes("night"))
    assert ludevic.up == BACK and ludevic.daybound and ludevic.transforms == 1
    assert game.why_illegal(Transform(ludevic.id, "Moonmist")) is None  # legal, and it does nothing:
    game.play(Transform(ludevic.id, "Moonmist"))
    assert ludevic.up == BACK  # 702.145b: only its daybound may transform it


def test_the_crs_own_example_a_copy_that_cannot_enter():  # 712.13a example: Invasion of Kylem as Bird Admirer
    game = game_at("night")
    game.play(
        Enter(
            (
                PermanentSpec(
                    "Invasion of Kylem (as a copy of Bird Admirer)",
                    "dfc",
                    "Valor's Reach Tag Team",
                    back_type="sorcery",
                ),
            )
        )
    )
    assert game.permanents == [] and game.log[-1].rule == "Double-Faced Cards, CR 712.13a"


# -- effects and attachments survive a transform (712.18, R16) -------------------------------------


def test_auras_counters_and_effects_stay_when_it_transforms():
    game = game_at()
    arlinn = enter(game, PermanentSpec.from_catalog("Arlinn, the Pack's Hope", controller="Alice"))
    for name in ("an Aura (enchant creature)", "a +1/+1 counter", "+2/+2 until end of turn"):
        game.play(Affect(arlinn.id, Effect.from_catalog(name)))
    game.play(Becomes("night"))
    assert arlinn.up == BACK and [e.name for e in arlinn.effects] == [
        "an Aura (enchant creature)",
        "a +1/+1 counter",
        "+2/+2 until end of turn",
    ]
    same = game.log.of_kind("same_object")[-1]
    assert same.rule == "Double-Faced Cards, CR 712.18" and "+2/+2 until end of turn" in same.text
    game.play(BeginTurn("Bob"))  # 514.2: the cleanup ends "until end of turn" effects
    assert [e.name for e in arlinn.effects] == ["an Aura (enchant creature)", "a +1/+1 counter"]
    assert game.log.of_kind("effect_ends")[-1].rule == "Cleanup Step, CR 514.2"


# -- put onto the battlefield transformed while it is day (712.14a, 702.145f) ----------------------


def test_put_onto_the_battlefield_transformed_at_day_enters_back_face_up_then_transforms():
    game = game_at("day")
    piper = enter(game, PermanentSpec.from_catalog("Wildsong Howler", controller="Alice", via="effect"))
    assert piper.up == FRONT and piper.transforms == 1
    enter_event, transform_event = game.log.of_kind("enter")[-1], game.log.of_kind("transform")[-1]
    assert enter_event.data["up"] == BACK and enter_event.rule == "Double-Faced Cards, CR 712.14a"
    assert transform_event.rule == "Nightbound, CR 702.145f"
    # a real transform: the back face's "enters or transforms into Wildsong Howler" triggered as it entered
    assert [t.kind for t in game.pending] == ["enters"] and "Wildsong Howler" in game.pending[0].text


def test_at_night_a_daybound_spell_enters_transformed_and_triggers_no_transform():  # R8
    game = game_at("night")
    piper = enter(game, PIPER)
    assert piper.up == BACK and piper.transforms == 0
    assert [t.kind for t in game.pending] == ["enters"]  # it entered as Wildsong Howler


# -- turns: skipped turns, cast zones ----------------------------------------------------------


def test_a_skipped_turn_leaves_the_turn_order_and_the_check_right():  # 614.10, 614.10a
    game = game_at("day", players=("Alice", "Bob", "Carol"))
    game.play(BeginTurn("Carol", skipping=("Bob",)))  # Alice cast nothing; Bob's turn does not happen
    assert game.designation == NIGHT and game.active_name == "Carol"
    assert game.next_in_order() == "Alice"
    assert game.turn_table()[-1]["skipped"] == ["Bob"]
    game.play(CastSpell("Carol"))
    game.play(CastSpell("Carol"))
    game.play(BeginTurn("Bob", skipping=("Alice",)))
    assert game.designation == DAY and game.next_in_order() == "Carol"
    with pytest.raises(IllegalMoveError, match="the next turn in turn order is Carol's"):
        game.play(BeginTurn("Alice"))
    replays(game)


def test_two_skipped_turns_in_a_row_and_an_extra_turn():
    game = game_at(players=("Alice", "Bob", "Carol"))
    game.play(BeginTurn("Alice", skipping=("Bob", "Carol")))
    assert game.active_name == "Alice" and game.next_in_order() == "Bob"
    game.play(BeginTurn("Alice", extra=True))
    assert game.next_in_order() == "Bob"


@pytest.mark.parametrize("zone", ["hand", "graveyard", "exile", "library", "command zone"])
def test_spells_are_cast_from_the_zones_cards_leave_for_the_stack(zone):  # 601.2a
    game = game_at()
    game.play(CastSpell("Alice", zone=zone))
    assert game.spells_this_turn()["Alice"] == 1


@pytest.mark.parametrize("zone", ["stack", "battlefield", "other", "sideboard"])
def test_no_spell_is_cast_from_the_stack_or_the_battlefield(zone):
    game = game_at()
    with pytest.raises(IllegalMoveError, match=r"601\.2a|not from") as info:
        game.play(CastSpell("Alice", zone=zone))
    assert "Casting Spells, CR 601.2a" in info.value.rule


# -- triggers recorded in the state --------------------------------------------------------------


def test_change_triggers_are_in_the_state_until_they_resolve():  # 502.4, 603
    game = game_at()
    enter(game, SANCTIFIER)
    assert game.designation == DAY and not game.pending  # 728.1a: the first designation
    game.play(BeginTurn("Bob"))
    state = game.state_json()
    assert [(t["kind"], t["when"]) for t in state["pending"]] == [("change", "upkeep")]
    again = DayNight.from_record(json.loads(game.to_json()))
    assert [t.to_json() for t in again.pending] == state["pending"]
    game.play(Resolve(game.pending[0].id, countered=True))
    assert game.pending == [] and "countered" in game.log[-1].text


def test_a_pending_trigger_is_never_resolved_twice():
    game = game_at()
    enter(game, SANCTIFIER)
    game.play(BeginTurn("Bob"))
    tid = game.pending[0].id
    game.play(Resolve(tid))
    with pytest.raises(IllegalMoveError, match=f"no pending triggered ability #{tid}"):
        game.play(Resolve(tid))


# -- the rule functions themselves ---------------------------------------------------------------


@pytest.mark.parametrize(
    "args, face, key",
    [
        ((True, True, NIGHT, False, True, False, True), BACK, "daybound"),  # 702.145b
        ((True, True, DAY, False, True, False, True), FRONT, "enters face"),  # 712.13
        ((True, True, DAY, True, True, False, False), BACK, "put transformed"),  # 712.14a
        ((False, False, DAY, True, True, False, False), None, "put transformed"),  # 712.14a: stays
        ((True, True, NIGHT, False, False, False, True), FRONT, "enters face"),  # a token: not a card
        ((True, True, NIGHT, False, True, True, True), None, "enters graveyard"),  # 712.13a
        ((True, True, NIGHT, False, True, True, False), None, "instant enters"),  # 304.4 / 307.4
        ((True, False, NIGHT, False, True, False, True), FRONT, "enters face"),  # an old werewolf
    ],
)
def test_entering_face(args, face, key):
    assert rules.entering_face(*args) == (face, key)


@pytest.mark.parametrize(
    "args, why",
    [
        ((False, False, False, True, False, True), "not double-faced"),  # 712.9
        ((True, True, False, True, False, True), "instant face"),  # 712.10
        ((True, False, True, True, False, True), "can't"),  # 101.2
        ((True, False, False, True, False, False), "daybound"),  # 702.145b
        ((True, False, False, False, True, False), "nightbound"),  # 702.145e
        ((True, False, False, True, False, True), None),
        ((True, False, False, False, False, False), None),  # Moonmist on an old werewolf
    ],
)
def test_transform_blocked(args, why):
    assert rules.transform_blocked(*args) == why


def test_werewolf_transforms_reads_the_whole_previous_turn():
    assert rules.werewolf_transforms(FRONT, [0, 0, 0]) and not rules.werewolf_transforms(FRONT, [0, 1])
    assert rules.werewolf_transforms(BACK, [2, 0]) and not rules.werewolf_transforms(BACK, [1, 1])
    assert not rules.werewolf_transforms(FRONT, None)  # the first turn (option check_first_turn)


# -- the engine's caches equal the rule functions they keep (issue 25) -----------------------------


def test_the_face_tables_equal_the_rule_functions_on_every_entry():
    from daynight.mtg import permanent as pm

    game = game_at()  # every kind of permanent the tracker offers, and more
    for spec in (CATHAR, HUNTMASTER, KILLER, PIPER, KYLEM, WEREWHAT, SANCTIFIER):
        game.play(Enter((spec,)))
    resolve_all(game)
    for m in game.legal_moves():
        if isinstance(m, Enter):
            game.copy().play(m)
    assert len(pm.FACES) >= 6
    for (kind, werewolf, change, spell_back), table in pm.FACES.items():
        for up in (FRONT, BACK):
            ab = rules.face_abilities(kind, up, werewolf) | ({"change trigger"} if change else frozenset())
            db, nb = "daybound" in ab, "nightbound" in ab
            at = (
                NIGHT
                if rules.must_transform(NIGHT, up, db, nb)
                else DAY
                if rules.must_transform(DAY, up, db, nb)
                else None
            )
            block = rules.transform_blocked(
                kind in ("dfc", "transforming"), spell_back and up == FRONT, False, db, nb, True
            )
            assert table[up] == (ab, db, nb, at, block), (kind, up)
    for p in game.permanents:  # each permanent reads the table of its kind
        assert p.faces is pm.FACES[(p.kind, p.spec.werewolf, "change" in p.spec.triggers, p.spell_back)]


def test_the_untap_step_kept_by_the_engine_is_the_rule():
    from daynight.mtg.turns import UNTAP_STEP

    assert rules.untap_step() == UNTAP_STEP


def test_the_spell_counts_kept_by_the_engine_are_the_rule():
    from daynight.mtg.turns import CAST_COUNTS, COPY_COUNTS

    assert (rules.spell_counts(copy=False), rules.spell_counts(copy=True)) == (CAST_COUNTS, COPY_COUNTS)
    game = DayNight.new(["Alice", "Bob"], explain=False)
    game.play(BeginTurn("Alice"))
    game.play(CastSpell("Alice", copy=True))
    game.play(CastSpell("Alice"))
    assert game.spells_this_turn() == {"Alice": 1, "Bob": 0} and game.copies == [1, 0]


def test_a_new_game_runs_the_one_init_of_its_layers():
    # DayNight.__init__ names State.__init__ (no super() walk up the layers): none between has one
    from daynight.mtg.state import State

    layers = DayNight.__mro__[1 : DayNight.__mro__.index(State)]
    assert layers and all("__init__" not in vars(c) for c in layers), layers


def test_the_castable_zones_kept_by_the_checks_are_the_rule():
    from daynight.mtg.checks import CASTABLE
    from daynight.mtg.data import CAST_ZONES

    zones = (*CAST_ZONES, "stack", "battlefield", "sideboard")
    assert {z for z in zones if rules.castable_zone(z, CAST_ZONES)} == CASTABLE


def test_the_events_kept_by_the_engine_are_its_logs():
    game = DayNight.new(["Alice", "Bob"])
    game.play(BeginTurn("Alice"))
    game.play(CastSpell("Alice"))
    for g in (game, game.copy(), DayNight.from_record(json.loads(game.to_json()))):
        assert g._events is g.log.events and len(g.log) >= 2
    again = game.copy()
    again.play(BeginTurn("Bob"))  # the turn's sentence goes into the copy's own log
    assert len(again.log) == len(game.log) + 1 and again._events is again.log.events


def _full_check(game, move):
    """What the check of ``move``'s kind says, asked directly (None: it passes)."""
    from daynight.mtg.checks import CHECKS

    try:
        if game.choosing:
            raise IllegalMoveError("choose the player first")
        CHECKS[type(move)](game, move)
    except IllegalMoveError as e:
        return str(e)
    return None


def _candidates(game):
    names = [*game.players, *game.order, "Zed", "", None, ["Alice"]]
    for who in names:
        for extra in (False, True):
            yield BeginTurn(who, extra=extra)
        yield BeginTurn(who, skipping=(game.next_in_order(),))
    for player in names:
        zones: tuple[Any, ...] = ("hand", "exile", "stack", "battlefield", ["hand"])
        for zone in zones:
            yield CastSpell(player, zone=zone)
        yield CastSpell(player, copy=True, countered=True)


@pytest.mark.parametrize("seed", range(6))
def test_the_plain_moves_accepted_at_a_glance_are_the_ones_their_checks_accept(seed):
    """``_check`` accepts a plain spell or the next turn without asking the check of its kind
    (the hot path of every record and script): it must accept exactly what that check accepts."""
    rng = random.Random(seed)
    curse = PermanentSpec.from_catalog("Curse of Leeches", controller="Alice", attached_to="Bob")
    game = DayNight.new(["Alice", "Bob", "Carol"], designation="day", permanents=[curse] if seed % 2 else [])
    if seed == 5:
        game = DayNight.two_headed_giant()
    checked = 0
    for _ in range(30):
        for move in _candidates(game):
            try:
                game._check(move)
                fast = None
            except IllegalMoveError as e:
                fast = str(e)
            assert (fast is None) == (_full_check(game, move) is None), (move, fast, game.describe())
            checked += 1
        legal = [m for m in game.legal_moves() if type(m).__name__ != "EndGame"]
        game.play(legal[rng.randrange(len(legal))])
    assert checked > 1000


# -- issue 20: starting positions are checked by the rules of play ---------------------------------


def _start(designation, *items, players=("Alice", "Bob")):
    return DayNight.new(list(players), designation=designation, permanents=list(items))


@pytest.mark.parametrize(
    "designation, item, face",
    [
        ("night", PermanentSpec("Clone (as Bird Admirer)", "daybound", controller="Alice"), FRONT),  # 712.9, 702.145c
        ("day", PermanentSpec("Clone (as Wing Shredder)", "nightbound"), FRONT),  # 712.9, 702.145f
        ("night", WEREWHAT, FRONT),  # 712.10, R24
        (
            "night",
            PermanentSpec("Brutal Cathar (token copy)", "dfc", "Moonrage Brute", token=True),
            BACK,
        ),  # 707.8a, 702.145c
        ("night", Placed(CATHAR, FRONT, (MOONSILVER,)), FRONT),  # 101.2
        ("day", Placed(CATHAR, BACK, (Effect("Immerwolf", "effect", cant_transform=True),)), BACK),  # 101.2
        (
            "night",
            Placed(
                PermanentSpec.from_catalog("Ludevic, Necrogenius"),
                BACK,  # R20
                (Effect("as it transforms into Olag", "copy", becomes="Bird Admirer", abilities=("daybound",)),),
            ),
            BACK,
        ),
        ("day", Placed(HUNTMASTER, BACK), BACK),  # Moonmist: any face
        ("night", PermanentSpec.from_catalog("Curse of Leeches", controller="Alice"), BACK),  # a creature at night
        ("day", PermanentSpec.from_catalog("Curse of Leeches", controller="Alice", attached_to="Bob"), FRONT),
    ],
)
def test_a_position_play_can_reach_can_be_set_up(designation, item, face):
    game = _start(designation, item)
    (p,) = game.permanents
    assert p.up == face and game.designation_name == designation
    replays(game)


@pytest.mark.parametrize(
    "designation, item, rule",
    [
        ("night", CATHAR, None),  # accepted: it starts transformed
        ("night", Placed(CATHAR, FRONT), "Daybound, CR 702.145c"),  # nothing stops it transforming
        ("day", Placed(CATHAR, BACK), "Nightbound, CR 702.145f"),
        ("neither", PermanentSpec("Clone (as Bird Admirer)", "daybound"), "Daybound, CR 702.145d"),
        ("day", Placed(PermanentSpec("Grizzly Bears", "other"), BACK), "Double-Faced Cards, CR 712.9"),
        ("day", Placed(KYLEM, BACK), "Double-Faced Cards, CR 712.10"),
        ("night", PermanentSpec.from_catalog("Curse of Leeches", attached_to="Bob"), "CR 704.5p"),  # a creature
        ("day", PermanentSpec.from_catalog("Curse of Leeches"), "Auras, CR 303.4a"),  # enchants nobody
        ("day", PermanentSpec("Bears", "other", attached_to="Bob"), "Auras, CR 303.4a"),  # not an Aura
    ],
)
def test_a_position_play_cannot_reach_is_refused_with_its_rule(designation, item, rule):
    if rule is None:
        assert _start(designation, item).permanents[0].up == BACK
        return
    with pytest.raises(IllegalMoveError) as info:
        _start(designation, item)
    assert rule in info.value.rule, str(info.value)


def test_every_position_play_reaches_can_be_set_up_again():
    """Seeded random games (with a Curse of Leeches on the table): each position they pass
    through, as ``game.position()``, starts a new game with the same permanents."""
    curse = PermanentSpec.from_catalog("Curse of Leeches", controller="Alice", attached_to="Bob")
    tried = 0
    for seed in range(60):
        rng = random.Random(seed)
        game = game_at(players=("Alice", "Bob", "Carol"))
        game.play(Enter((curse,)))
        for _ in range(rng.randrange(60)):
            moves = [m for m in game.legal_moves() if type(m).__name__ != "EndGame"]
            game.play(moves[rng.randrange(len(moves))])
        if game.choosing:
            continue
        again = DayNight.new(game.players, designation=game.designation, permanents=game.position())
        shown = [(p.up, p.face_name(), p.attached, p.effects) for p in again.permanents]
        assert shown == [(p.up, p.face_name(), p.attached, p.effects) for p in game.permanents if not p.phased_out]
        replays(again)
        tried += 1
    assert tried > 40


# -- issue 20: Curse of Leeches // Leeching Lurker, an Aura that enchants a player ----------------

CURSE = PermanentSpec.from_catalog("Curse of Leeches", controller="Alice", attached_to="Bob")


def test_by_day_the_curse_enters_attached_to_its_target_and_at_night_as_a_creature():  # 303.4a, 702.145b
    game = game_at("day")
    curse = enter(game, CURSE)
    assert curse.up == FRONT and curse.attached == "Bob" and "enchanting Bob" in curse.label()
    night = game_at("night")
    lurker = enter(night, CURSE)
    assert lurker.up == BACK and lurker.attached is None and lurker.face_name() == "Leeching Lurker"
    assert "attached to no player" in night.log[-1].text
    with pytest.raises(IllegalMoveError, match="say which player") as info:  # an Aura spell needs its target
        game_at("day").play(Enter((PermanentSpec.from_catalog("Curse of Leeches", controller="Alice"),)))
    assert "Auras, CR 303.4a" in info.value.rule


def test_as_night_comes_it_becomes_unattached_a_state_based_action():  # 704.5p, ruling R19
    game = game_at("day")
    curse = enter(game, CURSE)
    game.play(BeginTurn("Bob"))  # Alice cast nothing: night
    assert curse.up == BACK and curse.attached is None
    (e,) = game.log.of_kind("unattach")
    assert "State-Based Actions, CR 704.5p" in e.rule and "unattached from Bob" in e.text
    assert "Innistrad: Midnight Hunt release notes" in e.rule


def test_as_day_comes_its_controller_attaches_it_and_it_triggers_that_same_upkeep():  # 712.20, R17, R18
    game = game_at("day")
    curse = enter(game, CURSE)
    game.play(BeginTurn("Bob"))  # night: Leeching Lurker
    game.play(CastSpell("Bob"))
    game.play(CastSpell("Bob"))
    game.play(BeginTurn("Alice"))  # day again, in the untap step: it transforms back
    assert curse.up == FRONT and game.choosing == [curse.id] and not game.pending  # the upkeep waits
    assert game.legal_moves() == (Attach(curse.id, "Alice"), Attach(curse.id, "Bob"))
    assert game.to_players() == ("Alice",)  # its controller chooses
    with pytest.raises(IllegalMoveError, match="choose the player first") as info:
        game.play(CastSpell("Alice"))
    assert "Double-Faced Cards, CR 712.20" in info.value.rule
    game.play(Attach(curse.id, "Alice"))  # the controller may choose anyone (no target: R18)
    assert curse.attached == "Alice" and not game.choosing
    (t,) = game.pending  # Alice's upkeep: the curse triggers this very turn
    assert t.kind == "enchanted" and t.when == "upkeep"
    assert "at the beginning of Alice's upkeep" in t.text and "Alice loses 1 life and Alice gains 1 life" in t.text
    resolve_all(game)
    assert "keeps no life totals" in game.log[-1].text
    replays(game)


def test_the_upkeep_trigger_waits_for_the_enchanted_players_turn_only():  # 503.1a
    game = game_at("day", players=("Alice", "Bob", "Carol"))
    enter(game, CURSE)  # Alice's curse on Bob
    game.play(CastSpell("Alice"))
    game.play(BeginTurn("Bob"))  # it stays day: Bob's upkeep
    assert [t.kind for t in game.pending] == ["enchanted"] and "Bob loses 1 life" in game.pending[0].text
    assert "Alice gains 1 life" in game.pending[0].text
    resolve_all(game)
    game.play(CastSpell("Bob"))
    game.play(BeginTurn("Carol"))  # Carol's upkeep: nothing
    assert not game.pending
    assert any("at the beginning of Bob's upkeep" in line for line in game.view(None).werewolves_next_upkeep)


def test_a_curse_record_is_version_2_and_others_are_written_as_before():
    game = game_at("day")
    enter(game, CURSE)
    record = game.to_record()
    assert record["setup"]["version"] == 2 and record["moves"][-1]["enter"][0]["attached_to"] == "Bob"
    assert "version" not in game_at("day").to_record()["setup"]
    replays(game)
