"""Day & Night, the star-collecting card game (``daynight.stars``): the rules sheet as tables,
the rulebook example, bad input, hidden information, records, bots, the hint and
hypothesis-driven random games."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from daynight.core import GameOverError, IllegalMoveError, InvalidRecordError
from daynight.stars import (
    CHOOSE,
    COLOURS,
    PLAY1,
    PLAY2,
    REMOVED,
    Choose,
    Commit,
    Determinizer,
    Options,
    RandomBot,
    RuleOfThumbBot,
    StarsGame,
    default_deck,
    demo,
    find_card,
    hint,
    load_deck,
    make_bot,
    play_bots,
    play_cards,
    teaching_position,
)
from daynight.testing import check_conformance

DECK = default_deck()
EXAMPLE_HANDS = [["orange 7", "pink 9"], ["orange 10", "purple 8"], ["blue 2", "blue 4"]]
EXAMPLE_NAMES = ["Ursula", "Matthias", "Irene"]


def card(spec: str):
    return find_card(spec, DECK)


def round_game(hands, first, second, reveal="orange 4", time="day", collected=None, options=None, **kw):
    """A constructed position, both plays made: the state right after the winning colour."""
    g = teaching_position(hands, reveal, time=time, collected=collected, options=options, **kw)
    return play_cards(g, first, second)


def full_invariants(g: StarsGame) -> None:
    assert g.accounted() == 108, f"{g.accounted()} cards accounted for ({g.describe()})"
    ids = [c.id for c in g.deck.cards]
    seen = [c.id for zone in (*g.hands, g.table, g.pile, g.removed, g.discard, *g.collected) for c in zone]
    seen += [c.id for c in g.pending if c is not None]
    assert sorted(seen) == ids, "every card is in exactly one zone"
    for p in range(g.n):
        assert g.stars[p] == sum(c.stars for c in g.collected[p]), "stars collected = stars on collected cards"


# -- the deck -----------------------------------------------------------------------------


def test_deck_has_108_cards_27_per_colour_values_1_to_13():
    assert len(DECK.cards) == 108
    for colour in COLOURS:
        cards = [c for c in DECK.cards if c.colour == colour]
        assert len(cards) == 27
        assert {c.value for c in cards} == set(range(1, 14))


def test_deck_time_cards_have_no_stars_star_cards_one_to_four_and_all_rows_reconstructed():
    assert all(c.stars == 0 for c in DECK.cards if c.time)
    assert all(1 <= c.stars <= 4 for c in DECK.cards if not c.time)
    assert {c.provenance for c in DECK.cards} == {"reconstructed"}
    assert any(c.time for c in DECK.cards)


def test_extreme_values_carry_more_stars():
    def mean(v):
        cs = [c.stars for c in DECK.cards if c.value == v]
        return sum(cs) / len(cs)

    assert mean(1) > mean(4) > mean(7) and mean(13) > mean(10) > mean(7)


def _write_deck(tmp_path, edit=None):
    lines = default_deck_path().read_text(encoding="utf-8").splitlines()
    if edit:
        lines = edit(lines)
    path = tmp_path / "mydeck.csv"
    path.write_text("\n".join(lines) + "\n")
    return path


def default_deck_path():
    from daynight.stars import DEFAULT_DECK_FILE

    return DEFAULT_DECK_FILE


def test_load_your_own_deck_and_play_it(tmp_path):
    def attested_13s(lines):
        out = [lines[0]]
        for line in lines[1:]:
            f = line.split(",")
            if f[2] == "13":
                f[4], f[5] = "2", "attested"
            out.append(",".join(f))
        return out

    deck = load_deck(_write_deck(tmp_path, attested_13s))
    assert deck.name == "mydeck" and sum(c.provenance == "attested" for c in deck.cards) == 8
    g = StarsGame.new(4, 3, deck=deck)
    play_bots(g, [RandomBot()] * 4, 1)
    record = json.loads(g.to_json())
    assert record["setup"]["deck"]["name"] == "mydeck" and len(record["setup"]["deck"]["cards"]) == 108
    again = StarsGame.from_record(record)
    assert again.state_json() == g.state_json() and list(again.log) == list(g.log)


@pytest.mark.parametrize(
    "edit, where, rule",
    [
        (lambda ls: ls[:-1], "mydeck.csv", "108 cards"),
        (lambda ls: ls[:3] + [ls[3].replace("blue", "green")] + ls[4:], "row 4, column colour", "4 colours"),
        (lambda ls: ls[:1] + [ls[1].replace(",1,stars,", ",14,stars,")] + ls[2:], "row 2, column value", "1 to 13"),
        (lambda ls: ls[:1] + [ls[1].replace("stars,4", "stars,5")] + ls[2:], "row 2, column stars", "1 to 4 stars"),
        (lambda ls: [line.replace("time,0", "time,1") for line in ls], "column stars", "time symbol"),
        (lambda ls: ls[:2] + [ls[2].replace("reconstructed", "guessed")] + ls[3:], "column provenance", "provenance"),
    ],
)
def test_bad_deck_file_names_row_column_and_rule(tmp_path, edit, where, rule):
    with pytest.raises(InvalidRecordError) as info:
        load_deck(_write_deck(tmp_path, edit))
    assert where in str(info.value) and rule in (info.value.rule or "")


# -- setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_removes_unseen_cards_by_player_count(players):
    g = StarsGame.new(players, 11)
    assert len(g.removed) == REMOVED[players] == {3: 33, 4: 16, 5: 3}[players]
    assert [len(h) for h in g.hands] == [7] * players
    assert len(g.pile) == 108 - REMOVED[players] - 7 * players - 1  # one card revealed
    assert g.revealed is g.table[0]
    assert g.day == (not g.revealed.time), "sun side up, flipped at once by a revealed time symbol"
    assert g.log[0].rule == "setup" and "sun side up" in g.log[0].text
    full_invariants(g)


@pytest.mark.parametrize("players", [0, 2, 6, "4", True])
def test_wrong_player_count_is_refused(players):
    with pytest.raises(IllegalMoveError) as info:
        StarsGame.new(players, 1)
    assert info.value.rule == "setup: 3 to 5 players"


def test_revealed_time_symbol_flips_at_once():
    g = teaching_position(EXAMPLE_HANDS, "orange 7 time")
    assert g.revealed.time and g.day is False
    assert g.log.of_kind("flip")[0].rule == "1. reveal a card: time symbol flips at once"


# -- winning colour: the rule table -----------------------------------------------------------

WINNING = [
    # (rule, time, first play, second play, reveal, expected winning colour or None)
    (
        "day: highest total wins",
        "day",
        ["orange 7", "orange 10", "blue 2"],
        ["pink 9", "purple 8", "blue 4"],
        "orange 4",
        "orange",
    ),
    (
        "night: lowest total wins",
        "night",
        ["orange 7", "orange 10", "blue 2"],
        ["pink 9", "purple 8", "blue 4"],
        "orange 4",
        "blue",
    ),
    (
        "the revealed card counts",
        "day",
        ["blue 12", "pink 11", "purple 1"],
        ["purple 2", "orange 3", "orange 1"],
        "pink 3",
        "pink",
    ),
    (
        "a tie means no winning colour",
        "day",
        ["blue 12", "pink 12", "purple 1"],
        ["purple 2", "orange 3", "orange 1"],
        "orange 1",
        None,
    ),
    (
        "a played time symbol flips to night",
        "day",
        ["orange 7", "orange 10", "blue 2"],
        ["pink 9", "purple 8 time", "blue 4"],
        "orange 4",
        "blue",
    ),
    (
        "two time symbols cancel",
        "day",
        ["orange 7", "orange 10", "blue 5 time"],
        ["pink 9", "purple 8 time", "blue 4"],
        "orange 4",
        "orange",
    ),
    (
        "night: an absent colour does not win with 0",
        "night",
        ["orange 7", "orange 10", "blue 2"],
        ["orange 9", "blue 8", "blue 4"],
        "orange 4",
        "blue",
    ),
]


@pytest.mark.parametrize("rule, time, first, second, reveal, expected", WINNING, ids=[w[0] for w in WINNING])
def test_winning_colour(rule, time, first, second, reveal, expected):
    hands = [[a, b] for a, b in zip(first, second, strict=True)]
    g = round_game(hands, first, second, reveal=reveal, time=time)
    events = [e for e in g.log if e.what in ("winner", "no_winner")]
    assert len(events) == 1
    if expected is None:
        assert events[0].what == "no_winner" and events[0].rule == "3. winning colour: a tie means no winning colour"
        assert g.phase == PLAY1 and g.round == 2, "a tie goes straight to clean-up and the next round"
    else:
        assert events[0].data["colour"] == expected, events[0].text


def test_absent_colour_option_zero_two_absent_colours_tie_at_zero():
    first, second = ["orange 7", "orange 10", "blue 2"], ["orange 9", "blue 8", "blue 4"]
    g = round_game(
        [[a, b] for a, b in zip(first, second, strict=True)],
        first,
        second,
        time="night",
        options=Options(absent_colours="zero"),
    )
    (tie,) = g.log.of_kind("no_winner")
    assert not g.log.of_kind("winner") and "pink and purple tie at 0" in tie.text


def test_absent_colour_option_zero_single_absent_colour_wins():
    first, second = ["orange 7", "orange 10", "blue 2"], ["pink 9", "blue 8", "blue 4"]
    g = round_game(
        [[a, b] for a, b in zip(first, second, strict=True)],
        first,
        second,
        time="night",
        options=Options(absent_colours="zero"),
    )
    (winner,) = g.log.of_kind("winner")
    assert winner.data["colour"] == "purple" and winner.data["total"] == 0
    assert g.log.of_kind("order")[0].text.startswith("Nobody played purple")
    assert g.phase == PLAY1 and g.round == 2


# -- choosing order -----------------------------------------------------------------------


def test_day_order_highest_first_two_cards_added():
    first, second = ["orange 7", "orange 10", "orange 2"], ["orange 6", "purple 8", "blue 4"]
    g = round_game([[a, b] for a, b in zip(first, second, strict=True)], first, second, reveal="pink 1")
    assert g.winning == "orange" and g.order == [0, 1, 2], "Ursula 7+6=13, then Matthias 10, then Irene 2"
    assert "both cards added" in g.log.of_kind("order")[0].text


def test_night_order_lowest_first():
    first, second = ["blue 7", "blue 1", "blue 3"], ["pink 13", "pink 12", "purple 12"]
    g = round_game(
        [[a, b] for a, b in zip(first, second, strict=True)], first, second, reveal="orange 13", time="night"
    )
    assert g.winning == "blue" and g.order == [1, 2, 0]


def test_equal_values_fewer_stars_chooses_first():
    first, second = ["orange 11", "orange 11", "blue 2"], ["pink 9", "purple 8", "blue 4"]
    g = round_game(
        [[a, b] for a, b in zip(first, second, strict=True)], first, second, collected=[["pink 13"], ["pink 5"], []]
    )
    assert g.stars[:2] == [4, 1] and g.order == [1, 0], "Matthias has fewer stars, so he chooses first"
    assert "fewer stars already collected chooses first" in g.log.of_kind("order")[0].text


def test_still_equal_neither_receives_a_card():
    first, second = ["orange 11", "orange 11", "orange 2"], ["pink 9", "purple 8", "blue 4"]
    g = round_game([[a, b] for a, b in zip(first, second, strict=True)], first, second)
    assert g.order == [2], "Ursula and Matthias are equal in value and stars: neither chooses"
    assert "neither receives a card" in g.log.of_kind("order")[0].text
    assert g.to_players() == (2,)


def test_must_choose_even_without_star_cards():
    first, second = ["orange 4 time", "orange 5 time", "blue 6 time"], ["pink 7 time", "purple 8 time", "blue 9 time"]
    g = round_game(
        [[a, b] for a, b in zip(first, second, strict=True)], first, second, reveal="orange 10 time", time="night"
    )
    # the reveal flips to day; six played time symbols leave it on day: orange 19 wins
    assert g.day and g.winning == "orange" and g.order == [1, 0]
    assert all(c.stars == 0 for c in g.table)
    moves = g.legal_moves()
    assert moves and all(type(m) is Choose and m.player == 1 for m in moves)
    g.play(moves[0])
    assert "must still be taken" in g.log.of_kind("take")[0].text


# -- the rulebook example ----------------------------------------------------------------------


@pytest.mark.parametrize("time, colour, total, order", [("day", "orange", 21, [1, 0]), ("night", "blue", 6, [2])])
def test_rulebook_example_ursula_matthias_irene(time, colour, total, order):
    g = teaching_position(EXAMPLE_HANDS, "orange 4", time=time, names=EXAMPLE_NAMES)
    play_cards(g, ["orange 7", "orange 10", "blue 2"], ["pink 9", "purple 8", "blue 4"])
    (winner,) = g.log.of_kind("winner")
    assert (winner.data["colour"], winner.data["total"]) == (colour, total)
    assert [g.names[p] for p in g.order] == [EXAMPLE_NAMES[p] for p in order]
    # the choosers take cards in that order, and only they
    takers = []
    while g.phase == CHOOSE:
        p = g.to_players()[0]
        takers.append(p)
        g.play(max(g.legal_moves(), key=lambda m: m.card.stars))
    assert takers == order and g.round == 2


# -- clean-up and the end -------------------------------------------------------------------------


def test_clean_up_discards_draws_two_time_card_stays():
    g = teaching_position(EXAMPLE_HANDS, "orange 4", time="night", names=EXAMPLE_NAMES)
    pile = len(g.pile)
    play_cards(g, ["orange 7", "orange 10", "blue 2"], ["pink 9", "purple 8", "blue 4"])
    g.play(g.legal_moves()[0])
    assert len(g.discard) == 6 and [len(h) for h in g.hands] == [7, 7, 7]
    assert len(g.pile) == pile - 6 - 1 and g.round == 2
    cleanup = g.log.of_kind("cleanup")[0]
    assert "every player draws two cards" in cleanup.text and "stays on night" in cleanup.text
    full_invariants(g)


def _finish(g, rng=0):
    return play_bots(g, [RandomBot()] * g.n, rng)


@pytest.mark.parametrize("players, rounds", [(3, 9), (4, 9), (5, 8)])
def test_the_game_ends_after_the_last_round(players, rounds):
    g = _finish(StarsGame.new(players, 2))
    assert g.is_over() and g.round == rounds and g.legal_moves() == () and g.to_players() == ()
    assert g.log.of_kind("end") and g.log[-1].what == "end"
    assert sum(1 for e in g.log if e.what == "reveal" and "last round" in e.text) == 1
    full_invariants(g)


def test_short_pile_no_draw_then_last_round_reveals_a_leftover_card():
    # 3 players: after round 7 five cards remain; round 8 reveals one, four cannot give 3 x 2
    g = StarsGame.new(3, 2)
    while g.round < 9:
        g.play(g.legal_moves()[0])
    assert g.last_round and len(g.pile) == 3 and g.revealed is not None
    short = [e for e in g.log.of_kind("cleanup") if "short_pile=no_draw" in e.text]
    assert len(short) == 1 and [len(h) for h in g.hands] == [5, 5, 5]


def test_short_pile_share_deals_the_rest_one_at_a_time():
    g = StarsGame.new(3, 2, options=Options(short_pile="share"))
    while g.round < 9:
        g.play(g.legal_moves()[0])
    assert g.last_round and len(g.pile) == 0 and g.revealed is None
    assert [len(h) for h in g.hands] == [7, 6, 6], "four cards dealt one at a time from the first seat"
    assert "short_pile=share" in g.log.of_kind("cleanup")[-1].text


@pytest.mark.parametrize("option, revealed", [("no_card", False), ("from_discard", True)])
def test_empty_reveal_option(option, revealed):
    g = StarsGame.new(4, 2, options=Options(empty_reveal=option))
    while g.round < 9:
        g.play(g.legal_moves()[0])
    assert g.last_round and not g.pile
    assert (g.revealed is not None) == revealed
    full_invariants(g)


def test_winners_most_stars_then_more_cards_then_several():
    g = teaching_position(
        [["blue 2", "blue 3"], ["blue 4", "blue 5"], ["blue 6", "blue 7"]],
        "pink 13",
        collected=[["pink 1"], ["pink 2", "purple 1"], ["pink 12", "purple 12"]],
        pile_size=0,
        last_round=True,
    )
    assert g.stars == [4, 7, 6]
    # day: blue highest... pink 13 is revealed: pink 13 vs blue totals; play so that nobody collects
    play_cards(g, ["blue 2", "blue 4", "blue 6"], ["blue 3", "blue 5", "blue 7"])  # blue 27 wins by day
    assert g.winning == "blue" and g.order == [2, 1, 0]
    g.play(g.deck.choose[2][find_card("blue 2").id])  # 3 stars -> Irene 9
    g.play(g.deck.choose[1][find_card("pink 13").id])  # 4 stars -> Matthias 11
    g.play(g.deck.choose[0][find_card("blue 4").id])  # 2 stars -> Ursula 6
    assert g.is_over() and g.winners == [1] and g.stars == [6, 11, 9]


def test_equal_stars_more_cards_wins_and_full_tie_gives_several_winners():
    g = teaching_position(
        [["blue 1", "orange 13"], ["blue 2", "orange 12"], ["blue 3", "orange 11"]],
        "pink 1",
        collected=[[], [], []],
        pile_size=0,
        last_round=True,
    )
    play_cards(g, ["orange 13", "orange 12", "orange 11"], ["blue 1", "blue 2", "blue 3"])
    g.play(g.deck.choose[0][find_card("pink 1").id])  # 4
    g.play(g.deck.choose[1][find_card("orange 13").id])  # 4
    g.play(g.deck.choose[2][find_card("blue 1").id])  # 4
    assert g.stars == [4, 4, 4] and g.winners == [0, 1, 2]
    assert "several winners" in g.log[-1].text


# -- bad input ---------------------------------------------------------------------------------


def _refused(g, move, rule_part, error=IllegalMoveError):
    before = g.snapshot()
    record = json.dumps(g.to_record(), sort_keys=True)
    with pytest.raises(error) as info:
        g.play(move)
    assert rule_part in (info.value.rule or ""), info.value
    assert g.snapshot() == before and json.dumps(g.to_record(), sort_keys=True) == record
    return info.value


def test_playing_a_card_not_in_hand():
    g = StarsGame.new(4, 5)
    _refused(g, Commit(0, g.hands[1][0]), "a card from your hand")


def test_playing_twice_in_one_step():
    g = StarsGame.new(4, 5)
    g.play(Commit(0, g.hands[0][0]))
    _refused(g, Commit(0, g.hands[0][0]), "one card per player per step")


def test_choosing_out_of_turn_or_a_card_not_on_the_table():
    g = round_game(EXAMPLE_HANDS, ["orange 7", "orange 10", "blue 2"], ["pink 9", "purple 8", "blue 4"])
    assert g.to_players() == (1,)
    _refused(g, Choose(0, g.table[0]), "choosing order")
    _refused(g, Choose(1, g.hands[1][0]), "any one face-up card")
    _refused(g, Commit(1, g.hands[1][0]), "nobody plays while cards are chosen")
    fresh = StarsGame.new(4, 5)
    _refused(fresh, Choose(0, fresh.table[0]), "only after the winning colour")


def test_not_a_move_and_unknown_player():
    g = StarsGame.new(4, 5)
    _refused(g, "orange 7", "moves")
    _refused(g, Commit(7, g.hands[0][0]), "players")


def test_acting_after_the_game_ended():
    g = _finish(StarsGame.new(4, 8))
    _refused(g, g.history[-1], "end of the game", GameOverError)


def _record(**setup):
    base = {"players": 4, "seed": 3}
    base.update(setup)
    return {"format": "daynight-record", "version": 1, "game": "stars", "setup": base, "moves": []}


@pytest.mark.parametrize(
    "record, path",
    [
        (_record(players=2), "$.setup.players"),
        (_record(players=6), "$.setup.players"),
        (_record(names=["a", "b", "c"]), "$.setup.names"),
        (_record(seed=None, order=list(range(107)) + [999]), "$.setup.order[107]"),
        (_record(seed=None, order=list(range(107)) + [5]), "$.setup.order[107]"),
        (_record(seed=None, order=list(range(100))), "$.setup.order"),
        (_record(options={"short_pile": "maybe"}), "$.setup.options.short_pile"),
        (_record(options={"colour": "x"}), "$.setup.options.colour"),
        (_record(deck="real"), "$.setup.deck"),
        (dict(_record(), moves=[{"player": 0, "play": 500}]), "$.moves[0].play"),
        (dict(_record(), moves=[{"player": 9, "play": 5}]), "$.moves[0].player"),
        (dict(_record(), moves=[{"player": 0}]), "$.moves[0]"),
    ],
)
def test_bad_record_names_the_field(record, path):
    record = {k: (v if k != "setup" else {kk: vv for kk, vv in v.items() if vv is not None}) for k, v in record.items()}
    with pytest.raises(InvalidRecordError) as info:
        StarsGame.from_record(record)
    assert info.value.path == path, str(info.value)


def test_record_with_a_card_not_in_hand_names_the_move_and_rule():
    g = StarsGame.new(4, 3)
    record = g.to_record()
    record["moves"] = [{"player": 0, "play": g.hands[1][0].id}]
    before = json.dumps(record, sort_keys=True)
    with pytest.raises(InvalidRecordError) as info:
        StarsGame.from_record(record)
    assert info.value.path == "$.moves[0]" and info.value.rule == "2. play cards: a card from your hand"
    assert json.dumps(record, sort_keys=True) == before, "the record is unchanged"


def test_position_record_round_trip_and_bad_position():
    g = teaching_position(EXAMPLE_HANDS, "orange 4", time="night", names=EXAMPLE_NAMES)
    play_cards(g, ["orange 7", "orange 10", "blue 2"])
    record = json.loads(g.to_json())
    assert record["setup"]["position"]["time"] == "night"
    again = StarsGame.from_record(record)
    assert again.state_json() == g.state_json() and [h[:] for h in again.hands] == [h[:] for h in g.hands]
    bad = copy.deepcopy(record)
    bad["setup"]["position"]["pile"].append(bad["setup"]["position"]["hands"][0][0])
    with pytest.raises(InvalidRecordError, match=r"is also at"):
        StarsGame.from_record(bad)
    bad = copy.deepcopy(record)
    bad["setup"]["position"]["removed"].pop()
    with pytest.raises(InvalidRecordError, match=r"in no zone"):
        StarsGame.from_record(bad)


# -- hidden information --------------------------------------------------------------------------


def test_views_never_show_another_players_face_down_card_or_hand():
    g = StarsGame.new(4, 6)
    g.play(Commit(1, g.hands[1][2]))
    secret = g.pending[1]
    for p in (0, 2, 3):
        v = g.view(p)
        assert v.my_pending is None and v.committed == (False, True, False, False)
        assert secret not in v.hand and secret not in v.table
        assert secret.id not in v.to_json()["hand"] and secret.id not in v.to_json()["table"]
        assert set(v.to_json()) >= {"hand", "committed", "pile", "hand_sizes"}
    assert g.view(1).my_pending is secret
    # the public log and the public state say only that a card was placed
    assert "card" not in g.log[-1].data and secret.label not in g.log[-1].text
    assert g.state_json()["committed"] == [False, True, False, False]
    assert secret.id not in g.state_json()["table"]


def test_the_hint_depends_only_on_the_view():
    g = StarsGame.new(4, 12)
    twin = g.copy()
    # swap hidden cards between two other players and the pile: the view of player 0 is unchanged
    twin.hands[1], twin.hands[2] = twin.hands[2], twin.hands[1]
    twin.pile.reverse()
    assert g.view(0) == twin.view(0)
    a = hint(g.view(0), 140, random.Random(3))
    b = hint(twin.view(0), 140, random.Random(3))
    assert [(x.card.id, x.expected_stars) for x in a] == [(x.card.id, x.expected_stars) for x in b]


def test_hint_covers_every_legal_card_with_at_least_1000_rollouts():
    g = StarsGame.new(4, 4)
    lines = hint(g.view(0), 1000, random.Random(0))
    assert {line.card.id for line in lines} == {c.id for c in g.hands[0]}
    assert sum(line.rollouts for line in lines) >= 1000
    assert all(0 <= line.expected_stars <= DECK.total_stars and 0 <= line.win_rate <= 1 for line in lines)
    assert len({round(line.expected_stars, 6) for line in lines}) > 1, "the cards are told apart"


def test_hint_in_the_choosing_step_prefers_star_cards():
    g = round_game(EXAMPLE_HANDS, ["orange 7", "orange 10", "blue 2"], ["pink 9", "purple 8", "blue 4"])
    lines = hint(g.view(1), 600, random.Random(0))
    best = max(lines, key=lambda line: line.expected_stars)
    assert best.card.stars == max(c.stars for c in g.table)


def test_determinizer_deals_hidden_cards_consistently():
    g = StarsGame.new(5, 9)
    g.play(Commit(2, g.hands[2][0]))
    det = Determinizer(g.view(0))
    sample = det.sample(random.Random(1))
    full_invariants(sample)
    assert sample.hands[0] == g.hands[0] and sample.pending[2] is not None and sample.pending[1] is None
    assert [len(h) for h in sample.hands] == [len(h) for h in g.hands]


# -- bots, demo, conformance, random games ---------------------------------------------------


def test_bots_play_full_games_from_their_views():
    for kind in ("random", "rule", "montecarlo"):
        bot = make_bot(kind, **({"rollouts": 40} if kind == "montecarlo" else {}))
        g = StarsGame.new(3, 21)
        play_bots(g, [bot, RandomBot(), RuleOfThumbBot()], 5)
        assert g.is_over()
        full_invariants(g)
    with pytest.raises(ValueError):
        make_bot("oracle")


@pytest.mark.parametrize("time, expected", [("day", "blue 13"), ("night", "pink 2")])
def test_rule_of_thumb_bot_plays_the_card_that_wins_now(time, expected):
    g = teaching_position(
        [["blue 13", "pink 2"], ["orange 5", "orange 6"], ["purple 5", "purple 6"]], "blue 10", time=time, hand_size=2
    )
    move = RuleOfThumbBot().choose(g.view(0), g.legal_moves(0), random.Random(0))
    assert move.card is find_card(expected)


def test_demo_is_seeded_and_complete():
    a, b = demo(4), demo(4)
    assert a.is_over() and a.to_record() == b.to_record() and list(a.log) == list(b.log)
    assert a.rounds and list(a.rounds[-1].stars) == a.stars


def _illegal(g):
    """Three refusals per step: not a move, a card from another hand, and (as the step allows)
    a second card in one step or a choice out of turn."""
    out = ["not a move"]
    p = len(g.history) % g.n
    other = g.hands[(p + 1) % g.n]
    if other:
        out.append(g.deck.commit[p][other[0].id])
    if g.phase <= PLAY2:
        done = [q for q in range(g.n) if g.pending[q] is not None and g.hands[q]]
        if done:
            out.append(g.deck.commit[done[0]][g.hands[done[0]][0].id])
    elif g.phase == CHOOSE and g.table:
        out.append(g.deck.choose[(g.choosers[0] + 1) % g.n][g.table[0].id])
    return out


@pytest.mark.parametrize("players", [3, 4, 5])
def test_conformance(players):
    report = check_conformance(
        lambda s: StarsGame.new(players, s), seeds=range(2), illegal_moves=_illegal, invariant=full_invariants
    )
    assert report.games == 2 and report.illegal_tried > 100


@settings(deadline=None, max_examples=25)
@given(
    players=st.sampled_from([3, 4, 5]),
    seed=st.integers(0, 10**6),
    choice_seed=st.integers(0, 10**6),
    absent=st.sampled_from(Options.CHOICES["absent_colours"]),
    short=st.sampled_from(Options.CHOICES["short_pile"]),
    reveal=st.sampled_from(Options.CHOICES["empty_reveal"]),
)
def test_random_games_keep_every_invariant(players, seed, choice_seed, absent, short, reveal):
    g = StarsGame.new(players, seed, options=Options(absent, short, reveal))
    rng = random.Random(choice_seed)
    full_invariants(g)
    moves = 0
    while not g.is_over():
        legal = g.legal_moves()
        assert legal and set(legal) == {m for p in g.to_players() for m in g.legal_moves(p)}
        g.play(legal[rng.randrange(len(legal))])
        moves += 1
        full_invariants(g)
        assert moves < 500
    assert g.winners and all(g.stars[w] == max(g.stars) for w in g.winners)
    taken = sum(c is not None for r in g.rounds for c in r.taken)
    assert taken == sum(len(c) for c in g.collected)


@pytest.mark.parametrize(
    "players, options",
    [
        (3, Options()),
        (4, Options(absent_colours="zero")),
        (5, Options(short_pile="share", empty_reveal="from_discard")),
    ],
)
def test_the_fast_path_without_explanations_plays_the_same_game(players, options):
    for seed in range(6):
        explained = StarsGame.new(players, seed, options=options)
        quiet = StarsGame.new(players, seed, options=options, explain=False)
        rng = random.Random(seed)
        while not explained.is_over():
            moves = explained.legal_moves()
            move = moves[rng.randrange(len(moves))]
            assert quiet.legal_moves() == moves and quiet.to_players() == explained.to_players()
            explained.play(move)
            quiet.play(move)
            assert (quiet.day, quiet.phase, quiet.choosers, quiet.stars, quiet.round) == (
                explained.day,
                explained.phase,
                explained.choosers,
                explained.stars,
                explained.round,
            )
        assert quiet.is_over() and quiet.winners == explained.winners and len(quiet.log) == 0
        assert quiet.state_json() == explained.state_json()


def test_explicit_order_setup():
    order = list(range(108))
    g = StarsGame.from_order(order, 4)
    assert [c.id for c in g.removed] == list(range(16)) and [c.id for c in g.hands[0]] == list(range(16, 23))
    assert g.revealed.id == 44 and StarsGame.from_record(g.to_record()).state_json() == g.state_json()
    with pytest.raises(InvalidRecordError, match="exactly once"):
        StarsGame.from_order(order[:-1] + [0], 4)


# -- the rule functions and the round summaries ---------------------------------------------------

from daynight.stars import rules  # noqa: E402


@pytest.mark.parametrize(
    "values, stars, day, order, dropped",
    [
        ([7, 10, 0], [0, 0, 0], True, [1, 0], []),  # day: highest first; 0 = not a chooser
        ([7, 1, 3], [0, 0, 0], False, [1, 2, 0], []),  # night: lowest first
        ([11, 11, 2], [4, 1, 0], True, [1, 0, 2], []),  # equal values: fewer stars first
        ([11, 11, 2], [0, 0, 0], True, [2], [0, 1]),  # still equal: neither
        ([5, 5, 5, 9], [1, 1, 3, 0], True, [3, 2], [0, 1]),  # three equal: the level pair drops out
        ([0, 0, 0], [0, 0, 0], True, [], []),
    ],
)
def test_choosing_order(values, stars, day, order, dropped):
    assert rules.choosing_order(values, stars, day) == (order, dropped)


@pytest.mark.parametrize(
    "pile, players, option, counts, last",
    [
        (20, 4, "no_draw", [2, 2, 2, 2], False),
        (8, 4, "no_draw", [2, 2, 2, 2], True),
        (5, 3, "no_draw", [0, 0, 0], True),
        (4, 3, "share", [2, 1, 1], True),
        (0, 5, "share", [0] * 5, True),
    ],
)
def test_draws_and_the_last_round(pile, players, option, counts, last):
    assert rules.cards_to_draw(pile, players, option) == counts
    assert rules.is_last_round(pile, players) is last


def test_reveal_source_and_winners():
    assert rules.reveal_source(3, 9) == "pile" and rules.reveal_source(0, 9) is None
    assert rules.reveal_source(0, 9, "from_discard") == "discard" and rules.reveal_source(0, 0, "from_discard") is None
    assert rules.game_winners([5, 7, 7], [9, 2, 3]) == [2] and rules.game_winners([4, 4], [2, 2]) == [0, 1]
    assert rules.winning_colour({"blue": 3, "pink": 3}, True) is None and rules.winning_colour({}, True) is None


def test_a_round_summary_lists_what_was_revealed_played_won_taken_and_dropped_in_seat_order():
    g = round_game(
        [["orange 11", "pink 9"], ["orange 11", "purple 8"], ["orange 2", "blue 4"]],
        ["orange 11", "orange 11", "orange 2"],
        ["pink 9", "purple 8", "blue 4"],
        names=EXAMPLE_NAMES,
    )
    g.play(g.deck.choose[2][card("pink 9").id])
    (rnd,) = g.rounds
    assert rnd.number == 1 and rnd.start_time == rnd.time == "day" and rnd.revealed is card("orange 4")
    assert [[c.name for c in cs] for cs in rnd.played] == [
        ["orange 11, 2 stars", "pink 9, 1 star"],
        ["orange 11, 1 star", "purple 8, 1 star"],
        ["orange 2, 3 stars", "blue 4, 2 stars"],
    ]
    assert rnd.winning == "orange" and rnd.totals == {"orange": 28, "pink": 9, "purple": 8, "blue": 4}
    assert rnd.values == (11, 11, 2) and rnd.order == (2,) and rnd.dropped == (0, 1)
    assert rnd.taken == (None, None, card("pink 9")) and rnd.stars == (0, 0, 1)
    assert set(rnd.discarded) == set(g.discard) and len(rnd.discarded) == 6
    assert rnd.to_json()["taken"] == [None, None, card("pink 9").id]


def test_the_choosing_order_is_not_carried_into_the_next_round():
    g = round_game(EXAMPLE_HANDS, ["orange 7", "orange 10", "blue 2"], ["pink 9", "purple 8", "blue 4"])
    assert g.order == [1, 0] and g.view(2).order == (1, 0)
    g.play(g.legal_moves()[0])
    g.play(g.legal_moves()[0])
    assert g.round == 2 and g.order == [] and g.dropped == [] and g.values is None and g.winning is None
    view, state = g.view(0), g.state_json()
    assert view.order == () and view.values == () and state["order"] == [] and state["choosers"] == []
    assert g.rounds[0].order == (1, 0), "the finished round keeps its own order"


def test_quiet_games_keep_the_same_round_summaries():
    for seed in range(4):
        loud, quiet = StarsGame.new(4, seed), StarsGame.new(4, seed, explain=False)
        rng = random.Random(seed)
        while not loud.is_over():
            move = loud.legal_moves()[rng.randrange(len(loud.legal_moves()))]
            loud.play(move)
            quiet.play(move)
        assert loud.rounds == quiet.rounds and len(loud.rounds) == loud.round


# -- one legality path (issue 25) --------------------------------------------------------------

from daynight.stars import Game, Move, Round, View  # noqa: E402
from daynight.stars.display import DRAWERS, drawing  # noqa: E402


def test_game_is_the_one_name_and_core_play_is_the_only_play():
    from daynight.core import Game as CoreGame

    assert Game is StarsGame and StarsGame.play is CoreGame.play
    assert StarsGame.records.__name__ == "daynight.stars.records", "records are bound once, in __init__"


@pytest.mark.parametrize("move", ["orange 7", None, 3, object(), Commit, (0, 1), Choose(0, None)])
def test_a_move_of_another_shape_is_refused_by_its_rule(move):
    g = StarsGame.new(4, 5)
    g.legal_moves()
    with pytest.raises(IllegalMoveError) as info:
        g.play(move)
    assert info.value.rule in ("moves", "players", "4. collect winning cards: only after the winning colour is found")


def test_every_interned_move_equals_the_move_built_anew():
    """The deck's interned moves (what legal_moves offers, so that core's play accepts them at
    a glance) are built by the move classes: each equals the move built anew, on every input."""
    for p in range(5):
        for card in DECK.cards:
            assert DECK.commit[p][card.id] == Commit(p, card) and DECK.commit_of[p][card] is DECK.commit[p][card.id]
            assert DECK.choose[p][card.id] == Choose(p, card) and DECK.choose_of[p][card] is DECK.choose[p][card.id]


@settings(deadline=None, max_examples=15)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10**6), choice_seed=st.integers(0, 10**6))
def test_the_offered_moves_equal_the_rule_functions_at_every_step(players, seed, choice_seed):
    g = StarsGame.new(players, seed)
    rng = random.Random(choice_seed)
    while not g.is_over():
        for p in range(-1, players + 1):
            kept = g.legal_moves(p)
            assert g.offered is kept, "legal_moves offers what it returns"
            if 0 <= p < players:
                view_moves = g.view(p).my_moves
                assert view_moves == kept, "a player's view offers exactly the engine's moves"
                if g.phase <= PLAY2:
                    assert [m.card for m in kept] == list(rules.cards_to_play(g.hands[p], g.pending[p]))
                elif kept:
                    assert [m.card for m in kept] == list(rules.cards_to_take(g.table))
        p = rng.choice(g.to_players())
        moves = g.legal_moves(p)
        g.play(moves[rng.randrange(len(moves))])
        assert g.offered == (), "a move forgets what was offered"


def test_a_move_built_anew_goes_through_the_rules_and_is_accepted():
    g = StarsGame.new(4, 5)
    card = g.hands[2][3]
    fresh = Commit(2, card)
    assert fresh is not g.deck.commit[2][card.id] and not g.offers(fresh)
    g.play(fresh)
    assert g.pending[2] is card and g.history[-1] is fresh


@pytest.mark.parametrize(
    "hand, placed, playable",
    [
        (["orange 7", "pink 9"], None, ["orange 7", "pink 9"]),  # any card of the hand
        (["orange 7", "pink 9"], "blue 2", []),  # one card per player per step
    ],
)
def test_cards_to_play(hand, placed, playable):
    cards = [card(spec) for spec in hand]
    assert list(rules.cards_to_play(cards, card(placed) if placed else None)) == [card(s) for s in playable]


def test_cards_to_take_is_every_face_up_card_even_without_stars():
    table = [card("orange 4 time"), card("pink 7 time"), card("blue 2")]
    assert list(rules.cards_to_take(table)) == table


def test_values_draw_themselves_through_the_registry():
    g = demo(1)
    for value in (g.deck.cards[5], g.rounds[0], g):
        assert type(value) in DRAWERS and value._repr_html_().startswith("<div")
    assert isinstance(g.view(0), View) and isinstance(g.rounds[0], Round)
    with pytest.raises(LookupError, match="no drawing is registered for int"):
        drawing(5)
    move: Move = g.history[0]
    assert isinstance(move, (Commit, Choose))
