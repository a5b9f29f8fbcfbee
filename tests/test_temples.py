"""The temple duel: rules from the rules text, bad input, invariants over random games."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from daynight.core import GameOverError, IllegalMoveError, InvalidRecordError
from daynight.temples import (
    CENTRE,
    DAY,
    DIST,
    NEIGHBOURS,
    NIGHT,
    SQUARES,
    SUPPLY,
    Cast,
    Choose,
    Discard,
    EndTurn,
    Options,
    PickTemple,
    Stop,
    Target,
    TemplesGame,
    Travel,
    default_books,
    demo,
    load_book,
    parse_square,
    play_bots,
    square_name,
    temple_regions,
    thumb_bot,
)
from daynight.testing import check_conformance

EMPTY = ["......", "......", "......", "..##..", "..##..", "......", "......", "......"]


def pos(board=EMPTY, **kw):
    p = {"board": list(board)}
    p.update(kw)
    return p


def game_at(board=EMPTY, seed=1, options=None, **kw) -> TemplesGame:
    return TemplesGame.new(seed, options=options, position=pos(board, **kw))


def sq(name):
    return parse_square(name)


def card(game, who, spell_id):
    return next(c for c in game.hand[who] if game.cards[c].id == spell_id)


def refused(game, move, rule_part):
    before = game.snapshot()
    with pytest.raises(IllegalMoveError) as info:
        game.play(move)
    assert rule_part in (info.value.rule or ""), f"{info.value.rule!r}: {info.value}"
    assert game.snapshot() == before
    return info.value


# -- the board and the start ------------------------------------------------------------


def test_board_geometry():
    assert len(SQUARES) == 44 and {square_name(s) for s in CENTRE} == {"C4", "D4", "C5", "D5"}
    assert DIST[sq("A1")][sq("F8")] == 12  # 3.1: "five horizontal and seven vertical"
    assert max(DIST[a][b] for a in SQUARES for b in SQUARES) == 12
    assert DIST[sq("C3")][sq("C6")] == 5  # around the centre, not 3
    assert all(c not in NEIGHBOURS[s] for s in SQUARES for c in CENTRE)
    with pytest.raises(ValueError, match="centre"):
        parse_square("C4")


def test_start():
    g = TemplesGame.new(3)
    assert g.turn == "day" and g.hours == 12 and g.turn_no == 1
    assert len(g.hand["day"]) == len(g.hand["night"]) == 5
    assert len(g.pile["day"]) == len(g.pile["night"]) == 65
    assert (g.pawn["day"], g.pawn["night"]) == (sq("A1"), sq("F8"))
    assert all(g.tiles[s] == 0 for s in SQUARES)
    assert g.to_players() == ("day",)


def test_books_are_data_with_provenance():
    books = default_books()
    for side in ("day", "night"):
        assert sum(s.copies for s in books[side].spells) == 70
        assert {s.provenance for s in books[side].spells} <= {"attested", "reconstructed"}
        assert all(s.cost == "X" or 0 <= s.cost <= 8 for s in books[side].spells)
    attested = {s.name for side in ("day", "night") for s in books[side].spells if s.provenance == "attested"}
    assert attested == {"Mimic", "Steal Passion", "Crystallize"}


# -- travelling (2.1) ---------------------------------------------------------------------


def test_travel_costs_three_hours_and_draws_a_spell():
    g = TemplesGame.new(2)
    g.play(Travel("day", sq("B1")))
    assert g.hours == 9 and len(g.hand["day"]) == 6 and g.pawn["day"] == sq("B1")
    # no casting after travelling
    g2 = game_at(hands={"day": ["D12"]})
    g2.play(Travel("day", sq("A2")))
    refused(g2, Cast("day", card(g2, "day", "D12")), "2.1 Phases")


@pytest.mark.parametrize(
    "rule, setup, moves, bad",
    [
        ("2.1 Travelling: not into the centre", {"pawns": {"day": "B4"}}, [], "C4"),
        ("2.1 Travelling: no tile twice", {}, ["B1"], "A1"),
        ("2.1 Travelling: no tile twice (not back and forth)", {}, ["B1", "B2"], "B1"),
        ("2.1 Travelling: bordering only, not diagonally", {}, [], "B2"),
        ("2.1 Travelling: not past the hours left", {"hours": 2}, [], "B1"),
        ("2.1 Travelling: four squares use 12 hours", {}, ["B1", "C1", "D1", "E1"], "F1"),
        ("3.2 Crystallize: Day not across a crystallized tile", {"crystal": ["B1"]}, [], "B1"),
        ("3.2 Crystallize: Day not at all from a crystallized location", {"crystal": ["A1"]}, [], "A2"),
    ],
)
def test_travel_limits(rule, setup, moves, bad):
    g = game_at(**setup)
    for m in moves:
        g.play(Travel("day", sq(m)))
    target = 20 if bad == "C4" else parse_square(bad)  # C4 is a centre square: no tile there
    refused(g, Travel("day", target), rule.split(":")[0])  # names the rule; nothing changed
    assert g.why_illegal(Travel("day", target))


def test_travel_reasons_name_the_rule():
    g = game_at(pawns={"day": "B4"}, crystal=["B3"])
    e = refused(g, Travel("day", 20), "2.1 Travelling")
    assert "impassable" in str(e)
    refused(g, Travel("day", sq("B3")), "3.2 Crystallize")
    g.play(Travel("day", sq("A4")))
    assert "already crossed" in str(refused(g, Travel("day", sq("B4")), "2.1 Travelling"))


def test_night_may_travel_across_crystallized_tiles():
    g = game_at(turn="night", crystal=["F7"])
    g.play(Travel("night", sq("F7")))
    assert g.pawn["night"] == sq("F7")


def test_spell_move_is_not_travelling():
    g = game_at(hands={"day": ["D11"]})
    g.play(Cast("day", card(g, "day", "D11")))
    assert g.hours == 11
    g.play(Target("day", sq("B1")))
    g.play(Target("day", sq("A1")))  # a move may cross a square twice
    assert g.pawn["day"] == sq("A1") and len(g.hand["day"]) == 0 and g.phase == "cast"


# -- casting (2.1, 3.3) ---------------------------------------------------------------------


def test_every_copy_in_hand_can_be_cast():
    g = game_at(hands={"day": ["D01", "D01", "D12"]})
    casts = [m for m in g.legal_moves() if isinstance(m, Cast)]
    assert sorted(m.card for m in casts) == sorted(g.hand["day"])
    g.play(Cast("day", g.hand["day"][1]))
    assert g.hours == 10


def test_cast_without_hours_condition_or_theme_is_refused():
    g = game_at(hands={"day": ["D04", "D03", "N05"]}, hours=4)
    e = refused(g, Cast("day", card(g, "day", "D04")), "2.1 Spell Casting")
    assert "5 hours" in str(e) and "only 4" in str(e)
    e = refused(g, Cast("day", card(g, "day", "D03")), "3.3 Conditions")
    assert "Day-tile" in str(e)
    e = refused(g, Cast("day", card(g, "day", "N05")), "3.3 Theme")
    assert "Crystallize" in str(e)
    refused(g, Cast("night", card(g, "day", "D03")), "2.1 Phases")  # not Night's turn


def test_mimic_does_as_much_as_possible():
    # Night on a Night-tile; of the four bordering squares three can be changed (D7 is a
    # Day Temple-tile): she must change two, even her own Night-tile E6, and cannot stop at one
    board = ["......", "......", "......", "..##..", "..##..", "....n.", "...tnd", "....d."]
    g = game_at(board, turn="night", pawns={"night": "E7"}, hands={"night": ["N02"]})
    g.play(Cast("night", card(g, "night", "N02")))
    assert {m.square for m in g.legal_moves()} == {sq("E6"), sq("F7"), sq("E8")}
    refused(g, Stop("night"), "2.1 Spell Casting")
    refused(g, Target("night", sq("D7")), "3.2")
    g.play(Target("night", sq("E6")))
    assert g.pending is not None and g.tiles[sq("E6")] == DAY
    g.play(Target("night", sq("F7")))
    assert g.tiles[sq("F7")] == NIGHT and g.tiles[sq("E8")] == DAY and g.pending is None
    # exactly two changeable: both are changed at once, no choice to make
    board = ["......", "......", "......", "..##..", "..##..", "....t.", "...tnd", "....d."]
    g = game_at(board, turn="night", pawns={"night": "E7"}, hands={"night": ["N02"]})
    g.play(Cast("night", card(g, "night", "N02")))
    assert g.pending is None and g.tiles[sq("F7")] == g.tiles[sq("E8")] == NIGHT


def test_mimic_with_one_changeable_tile_changes_one():
    board = ["......", "......", "......", "..##..", "..##..", "....t.", "...tnt", "....d."]
    g = game_at(board, turn="night", pawns={"night": "E7"}, hands={"night": ["N02"]})
    events = g.play(Cast("night", card(g, "night", "N02")))
    assert g.tiles[sq("E8")] == NIGHT and g.pending is None
    assert any("turned over" in e.text for e in events)


def test_change_places_a_tile_on_a_neutral_square_and_turns_over_others():
    g = game_at(
        ["dn....", "......", "......", "..##..", "..##..", "......", "......", "......"],
        pawns={"day": "A2"},
        hands={"day": ["D04"]},
    )
    g.play(Cast("day", card(g, "day", "D04")))  # change 3 of the 5 surrounding
    for name in ("A1", "B1", "B2"):
        if g.pending:
            g.play(Target("day", sq(name)))
    assert g.tiles[sq("A1")] == NIGHT and g.tiles[sq("B1")] == DAY and g.tiles[sq("B2")] == DAY


def test_steal_passion_cannot_cast_the_other_theme():
    g = game_at(hands={"day": ["D10"], "night": ["N05"]})
    g.play(Cast("day", card(g, "day", "D10")))
    assert g.view("day").shown_hand == ("N05",) and g.view("night").shown_hand is None
    c = g.hand["night"][0]
    events = g.play(Choose("day", c))
    assert "cannot cast" in events[0].text and c in g.discards["night"] and not g.hand["night"]


def test_steal_passion_casts_a_stolen_minor_spell_as_day():
    g = game_at(
        ["......", "......", "......", "..##..", "..##..", "......", "......", "......"],
        hands={"day": ["D10"], "night": ["N01"]},
    )
    g.play(Cast("day", card(g, "day", "D10")))
    g.play(Choose("day", g.hand["night"][0]))
    g.play(Target("day", sq("B1")))  # Nightfall cast by Day places a Day-tile
    assert g.tiles[sq("B1")] == DAY and g.hours == 9


# -- Mystify and Crystallize (3.2) ------------------------------------------------------------


def test_mystify_counts_down_to_a_day_temple_tile():
    board = ["d.....", "......", "......", "..##..", "..##..", "......", "......", "......"]
    g = game_at(board, hands={"day": ["D07"]})
    g.play(Cast("day", card(g, "day", "D07")))
    assert g.mystify[0] == 3
    for left in (2, 1):
        g.play(EndTurn("day"))
        g.play(EndTurn("night"))
        assert g.mystify[0] == left and not g.temple_tile[0]
    g.play(EndTurn("day"))
    g.play(EndTurn("night"))
    assert g.mystify[0] == 0 and g.temple_tile[0] and g.is_fixed(0)
    assert g.log.of_kind("transform")


def test_turning_over_a_mystified_tile_removes_its_counters():
    board = ["......", "......", "......", "..##..", "..##..", "......", "....nd", "....nn"]
    g = game_at(board, turn="night", pawns={"night": "F8"}, mystify={"F7": 2}, hands={"night": ["N01"]})
    g.play(Cast("night", card(g, "night", "N01")))  # E8 is Night: only F7 can... E8 changes too
    if g.pending:
        g.play(Target("night", sq("F7")))
    assert g.tiles[sq("F7")] == NIGHT and g.mystify[sq("F7")] == 0


def test_crystallize_blocks_day_and_comes_off_at_nights_turn():
    g = game_at(
        ["dd....", "......", "......", "..##..", "..##..", "......", "......", "......"],
        crystal=["B1"],
        hands={"day": ["D01"]},
    )
    g.play(Cast("day", card(g, "day", "D01")))  # change 1 bordering: B1 is crystallized
    assert g.tiles[sq("B1")] == DAY and g.tiles[sq("A2")] == DAY
    g.play(EndTurn("day"))
    assert not any(g.crystal)


def test_crystallize_never_stacks_and_respects_the_supply():
    g = game_at(turn="night", crystal=["F8"], hands={"night": ["N05"]})
    g.play(Cast("night", card(g, "night", "N05")))
    g.play(Target("night", sq("F7")))
    assert sum(g.crystal) == 2
    full = ["A1", "B1", "C1", "D1", "E1", "F1", "A2", "B2", "C2", "D2", "E2", "F2"]
    g = game_at(turn="night", crystal=full[:11], hands={"night": ["N07"]})
    g.play(Cast("night", card(g, "night", "N07")))  # two bordering squares, one counter left
    if g.pending:
        g.play(Target("night", g.pending.cands[0]))
    assert sum(g.crystal) == SUPPLY["crystallize"]


# -- temples (2.2) and the end (4.x) --------------------------------------------------------


def test_nine_connected_tiles_build_a_temple_that_never_changes():
    board = ["dddd..", "dddd..", "......", "..##..", "..##..", "......", "......", "......"]
    g = game_at(board, pawns={"day": "A3"}, hands={"day": ["D01"], "night": ["N01"]})
    g.play(Cast("day", card(g, "day", "D01")))
    g.play(Target("day", sq("A4")))  # a tile that does not border the eight: no temple
    assert not g.temples
    g = game_at(board, pawns={"day": "A3"}, hands={"day": ["D01"]})
    g.play(Cast("day", card(g, "day", "D01")))
    g.play(Target("day", sq("B3")))
    assert len(g.temples) == 1 and g.temples[0][0] == "day" and len(g.temples[0][1]) == 9


def test_a_temple_of_ten_tiles_the_owner_picks_nine():
    # eight Day-tiles at the top, one more at E3: Morning Dew on E2 joins them into ten
    board = ["dddd..", "dddd..", "....d.", "..##..", "..##..", "......", "......", "......"]
    g = game_at(board, pawns={"day": "E2"}, hands={"day": ["D16"]})
    g.play(Cast("day", card(g, "day", "D16")))
    assert g.temple_pick is not None and len(g.temple_pick[1]) == 10
    assert all(isinstance(m, PickTemple) for m in g.legal_moves())
    refused(g, Travel("day", sq("F2")), "2.2 Building a Temple")
    picks = ["A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2", "E2"]
    g.pick("day", picks[0])
    refused(g, PickTemple("day", sq("D2")), "2.2 Building a Temple")  # does not border A1
    for p in picks[1:]:
        g.pick("day", p)
    assert len(g.temples) == 1 and not g.in_temple[sq("E3")] and g.tiles[sq("E3")] == DAY
    assert g.to_players() == ("day",) and g.phase == "cast"


def test_temple_tiles_can_not_be_changed():
    board = ["DDD...", "DDD...", "DDD...", "..##..", "..##..", "......", "......", "......"]
    temple = ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]
    g = game_at(
        [r.lower() for r in board],
        temples={"day": [temple]},
        turn="night",
        pawns={"night": "D1"},
        hands={"night": ["N01"]},
    )
    g.play(Cast("night", card(g, "night", "N01")))
    assert {m.square for m in g.legal_moves()} == {sq("E1"), sq("D2")}  # not C1: a temple tile
    refused(g, Target("night", sq("C1")), "3.2")
    g.play(Target("night", sq("E1")))
    assert g.tiles[sq("C1")] == DAY and g.tiles[sq("E1")] == NIGHT


def test_second_temple_wins():
    board = ["ddd.nn", "ddd.nn", "ddd.nn", "..##..", "..##..", "dddd..", "dddd..", "......"]
    g = game_at(
        board,
        temples={"day": [["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]]},
        pawns={"day": "A8"},
        hands={"day": ["D01"]},
    )
    g.play(Cast("day", card(g, "day", "D01")))
    g.play(Target("day", sq("B8")))  # Sunbeam from A8: B8 joins the eight Day-tiles of rows 6-7
    assert g.is_over() and g.winner == "day" and g.result == "win"
    with pytest.raises(GameOverError):
        g.play(EndTurn("night"))
    assert g.legal_moves() == () and g.to_players() == ()


DRAW_BOARD = ["......", "dddddd", "..ddd.", "..##..", "..##..", ".nn...", "nnnnnn", "......"]
DAY_WALL = ["A2", "B2", "C2", "D2", "E2", "F2", "C3", "D3", "E3"]
NIGHT_WALL = ["A7", "B7", "C7", "D7", "E7", "F7", "B6", "C6", "D6"]


def test_the_draw_when_neither_can_build_a_second_temple():
    # Day's temple is a wall across rows 2-3; Night's eight tiles wait for D6. Her temple then
    # walls off rows 6-7 and leaves four open regions of 6, 7, 7 and 6 squares: no room for nine
    g = game_at(DRAW_BOARD, temples={"day": [DAY_WALL]}, turn="night", pawns={"night": "D6"}, hands={"night": ["N14"]})
    assert g.can_still_win("night") and g.can_still_win("day")
    g.play(Cast("night", card(g, "night", "N14")))  # Starless Sky: a Night-tile on D6
    assert [t[0] for t in g.temples] == ["day", "night"]
    assert sorted(len(r) for r in __import__("daynight.temples", fromlist=["regions"]).regions(g.open_area("day"))) == [
        6,
        6,
        7,
        7,
    ]
    assert g.is_over() and g.result == "draw" and g.winner is None
    assert g.log[-1].rule == "4.2 Draw"


DEFAULT_BOARD = ["......", "tttttt", "..dd..", "..##..", "..##..", ".nnn..", "nnnnnn", "......"]


def test_victory_for_day_by_default_after_a_transform():
    # Night has a temple; her only open region of nine or more is the ring around the centre,
    # and the last Mystify-counters on C3 and D3 cut it into 7 and 8
    g = game_at(
        DEFAULT_BOARD, temples={"night": [NIGHT_WALL]}, mystify={"C3": 1, "D3": 1}, turn="night", pawns={"night": "F8"}
    )
    assert g.can_still_win("night") and not g.is_over()
    g.play(EndTurn("night"))  # Day's Awakening: C3 and D3 become Day Temple-tiles
    assert g.temple_tile[sq("C3")] and g.temple_tile[sq("D3")]
    assert not g.can_still_win("night") and g.can_still_win("day")
    assert g.is_over() and g.winner == "day" and g.result == "default"
    assert g.log[-1].rule == "4.3 Victory for Day by default"


def test_day_default_is_not_declared_without_a_transform_by_default():
    board = DEFAULT_BOARD[:2] + ["..tt.."] + DEFAULT_BOARD[3:]
    g = game_at(board, temples={"night": [NIGHT_WALL]}, turn="night", pawns={"night": "F8"})
    assert not g.can_still_win("night") and not g.is_over()


# -- the books: reshuffle, retreat ---------------------------------------------------------------


def test_empty_book_reshuffles_its_discards():
    g = TemplesGame.new(4)
    g.discards["day"].extend(g.pile["day"])
    g.pile["day"].clear()
    g._legal = None
    events = g.play(Travel("day", sq("B1")))
    assert any(e.what == "reshuffle" for e in events)
    assert len(g.pile["day"]) == 64 and not g.discards["day"]


def test_retreat_discards_down_to_five():
    g = TemplesGame.new(5)
    g.play(Travel("day", sq("B1")))
    g.play(Travel("day", sq("C1")))
    g.play(EndTurn("day"))
    assert g.phase == "retreat" and all(isinstance(m, Discard) for m in g.legal_moves())
    refused(g, Travel("day", sq("D1")), "2.1 Retreating")
    g.play(g.legal_moves()[0])
    g.play(g.legal_moves()[0])
    assert len(g.hand["day"]) == 5 and g.turn == "night" and g.hours == 12


# -- bad books ------------------------------------------------------------------------------------


def _book(side="day"):
    return copy.deepcopy(dict(default_books()[side].raw))


@pytest.mark.parametrize(
    "mutate, path, words",
    [
        (lambda b: b["spells"][0]["effect"][0].update(op="explode"), "$.spells[0].effect[0].op", "unknown value"),
        (lambda b: b["spells"][0].update(copies=7), "$.spells", "add up to 68"),
        (lambda b: b["spells"][1].update(cost=9), "$.spells[1].cost", "outside"),
        (lambda b: b["spells"][1].update(cost="Y"), "$.spells[1].cost", "expected an integer"),
        (lambda b: b["spells"][2].update(type="legendary"), "$.spells[2].type", "unknown value"),
        (lambda b: b["spells"][2].update(provenance="maybe"), "$.spells[2].provenance", "unknown value"),
        (lambda b: b["spells"][3]["effect"][0].update(area="everywhere"), "$.spells[3].effect[0].area", "unknown"),
        (
            lambda b: b["spells"][0]["effect"][0].update(op="crystallize"),
            "$.spells[0].effect[0].op",
            "only a crystallize",
        ),
        (lambda b: b["spells"][4].update(colour="red"), "$.spells[4].colour", "unknown field"),
        (lambda b: b["spells"][5].update(id="D01"), "$.spells[5].id", "used twice"),
        (lambda b: b.update(book="dusk"), "$.book", "unknown value"),
    ],
)
def test_bad_book_names_the_field(mutate, path, words):
    b = _book()
    mutate(b)
    with pytest.raises(InvalidRecordError) as info:
        load_book(b, "day")
    assert info.value.path == path and words in str(info.value), str(info.value)


def test_a_user_book_can_be_loaded_from_a_file(tmp_path):
    b = _book("night")
    b["spells"][0]["copies"] = 5
    b["spells"].append(
        {
            "id": "N99",
            "name": "Deep Dark",
            "type": "minor",
            "cost": 1,
            "copies": 5,
            "condition": [],
            "effect": [{"op": "change", "count": 1, "area": "surrounding", "of": "self"}],
            "text": "Change 1 tile surrounding Night's location-tile.",
            "provenance": "reconstructed",
        }
    )
    path = tmp_path / "my_night.json"
    path.write_text(json.dumps(b))
    book = load_book(str(path), "night")
    assert book.by_id("N99").cost == 1
    g = TemplesGame.new(3, books={"night": book})
    again = TemplesGame.from_record(json.loads(g.to_json()))
    assert again.books["night"].by_id("N99").name == "Deep Dark"
    with pytest.raises(InvalidRecordError, match="Day's book"):
        load_book(_book("day"), "night")


# -- records --------------------------------------------------------------------------------------


def test_position_record_round_trip():
    g = game_at(
        ["dn....", "......", "......", "..##..", "..##..", "......", "......", "......"],
        hands={"day": ["D01"]},
        options=Options(temples_to_win=1),
    )
    g.play(Cast("day", card(g, "day", "D01")))
    g.play(g.legal_moves()[0])
    rec = json.loads(g.to_json())
    again = TemplesGame.from_record(rec)
    assert again.state_json() == g.state_json() and list(again.log) == list(g.log)


@pytest.mark.parametrize(
    "mutate, path",
    [
        (lambda s: s.update(seed="x"), "$.setup.seed"),
        (lambda s: s.update(options={"supply": "bag"}), "$.setup.options.supply"),
        (lambda s: s.update(options={"temples_to_win": 3}), "$.setup.options.temples_to_win"),
        (lambda s: s.update(position={"board": EMPTY[:7]}), "$.setup.position.board"),
        (lambda s: s.update(position={"board": EMPTY[:3] + ["......"] + EMPTY[4:]}), "$.setup.position.board[3]"),
        (lambda s: s.update(position={"board": EMPTY, "pawns": {"day": "C4"}}), "$.setup.position.pawns.day"),
        (lambda s: s.update(position={"board": EMPTY, "hands": {"day": ["Z99"]}}), "$.setup.position.hands.day[0]"),
        (lambda s: s.update(position={"board": ["dddddd", "ddd..."] + EMPTY[2:]}), "$.setup.position.board"),
        (
            lambda s: s.update(books={"day": {"format": "daynight-temples-book", "book": "day", "spells": []}}),
            "$.setup.books.day.spells",
        ),
    ],
)
def test_bad_setup_names_the_field(mutate, path):
    rec = json.loads(TemplesGame.new(1).to_json())
    mutate(rec["setup"])
    with pytest.raises(InvalidRecordError) as info:
        TemplesGame.from_record(rec)
    assert info.value.path == path, str(info.value)


def test_bad_move_in_record():
    rec = json.loads(TemplesGame.new(1).to_json())
    rec["moves"] = [{"who": "day", "travel": "B2"}]
    with pytest.raises(InvalidRecordError) as info:
        TemplesGame.from_record(rec)
    assert info.value.path == "$.moves[0]" and info.value.rule == "2.1 Travelling"


# -- views, bots and demo -------------------------------------------------------------------------


def test_view_hides_the_other_hand_and_the_book_order():
    g = TemplesGame.new(8)
    v = g.view("day")
    assert isinstance(v.hands["night"], int) and len(v.hands["day"]) == 5
    assert v.piles == {"day": 65, "night": 65}
    assert "N" not in "".join(v.hands["day"]) and v.shown_hand is None
    assert json.loads(json.dumps(v.to_json()))["me"] == "day"  # a view is plain JSON
    with pytest.raises(AttributeError):  # a frozen value
        v.hours = 3  # type: ignore[misc]


def test_demo_is_seeded_and_ends():
    a, b = demo(3), demo(3)
    assert a.is_over() and a.to_record() == b.to_record()


def test_thumb_bot_beats_random_bot():
    wins = 0
    for seed in range(16):
        g = TemplesGame.new(seed)
        sides = {"day": "thumb", "night": "random"} if seed % 2 else {"day": "random", "night": "thumb"}
        play_bots(g, sides, seed)
        thumb = "day" if seed % 2 else "night"
        wins += g.winner == thumb
    assert wins >= 12, wins


# -- invariants over random games ------------------------------------------------------------------


def invariant(g: TemplesGame, seen: dict | None = None):
    assert len(SQUARES) == 44 and all(g.tiles[c] == -1 for c in CENTRE)
    assert all(g.tiles[s] in (0, 1, 2) for s in SQUARES)
    assert 0 <= g.hours <= 12
    assert sum(g.mystify) <= SUPPLY["mystify"] and sum(g.crystal) <= SUPPLY["crystallize"]
    built = {"day": 0, "night": 0}
    for side, squares in g.temples:
        built[side] += 1
        colour = DAY if side == "day" else NIGHT
        assert len(squares) == 9 and all(g.tiles[s] == colour for s in squares)
    finished = {s: n for s, n in built.items() if not (g.winner == s and g.result == "win")}
    if "day" in finished:
        assert g.day_counters_used() <= SUPPLY["day_temple"]
    assert 9 * finished.get("night", 0) <= SUPPLY["night_temple"]
    for s in SQUARES:
        if g.temple_tile[s]:
            assert g.tiles[s] == DAY
        if g.mystify[s]:
            assert g.tiles[s] == DAY and not g.is_fixed(s)
    cards = (
        len(g.hand["day"])
        + len(g.hand["night"])
        + sum(len(p) for p in g.pile.values())
        + sum(len(d) for d in g.discards.values())
    )
    pending_cast = 1 if g.casting else 0
    stolen = len(g.casting.stolen) if g.casting else 0
    assert cards + pending_cast + stolen == 140
    if g.result is None and g.pending is None and g.temple_pick is None and g.phase != "retreat":
        for side in ("day", "night"):
            assert (
                not temple_regions(g.tiles, DAY if side == "day" else NIGHT, g.in_temple)
                or g.options.temple_check == "caster"
            )
    if seen is not None:  # temples never change once built
        for i, t in enumerate(seen.get("temples", [])):
            assert g.temples[i] == t
        for side, squares in g.temples:
            colour = DAY if side == "day" else NIGHT
            assert all(g.tiles[s] == colour for s in squares)
        seen["temples"] = list(g.temples)


@settings(deadline=None, max_examples=12)
@given(seed=st.integers(0, 10_000), thumb=st.booleans(), unlimited=st.booleans())
def test_random_games_keep_every_invariant(seed, thumb, unlimited):
    opts = Options(supply="unlimited" if unlimited else "box", turn_limit=120)
    g = TemplesGame.new(seed, options=opts)
    rng = random.Random(seed)
    seen: dict = {}
    from daynight.temples import random_bot, thumb_bot

    bot = thumb_bot if thumb else random_bot
    while not g.is_over():
        side = g.to_players()[0]
        g.play(bot(g.view(side), g.legal_moves(), rng))
        if not unlimited:
            invariant(g, seen)
        else:
            assert 0 <= g.hours <= 12
            for i, t in enumerate(seen.get("temples", [])):
                assert g.temples[i] == t
            seen["temples"] = list(g.temples)


def _illegal_all(g: TemplesGame):
    who = g.to_players()[0]
    other = "night" if who == "day" else "day"
    moves = [EndTurn(other), Travel(who, 20), Travel(who, (g.pawn[who] + 14) % 48), Target(who, 21), "not a move"]
    if g.visited:
        moves.append(Travel(who, next(iter(g.visited))))
    moves.extend(Cast(who, c) for c in g.hand[other][:1])
    return moves


def _illegal(g: TemplesGame):
    """Every kind of illegal move on every fifth step, one (rotating) on the others: a record
    is compared before and after each refusal, which costs time in long games."""
    moves = _illegal_all(g)
    n = len(g.history)
    return moves if n % 5 == 0 else [moves[n % len(moves)]]


def _thumb_choice(g, moves, rng):
    return thumb_bot(g.view(g.to_players()[0]), moves, rng)


def test_conformance():
    """Rule-of-thumb games (which build temples and end) through the shared checks."""
    report = check_conformance(
        lambda seed: TemplesGame.new(seed),
        seeds=range(1),
        illegal_moves=_illegal,
        invariant=invariant,
        choose=_thumb_choice,
        sample_legal=3,
    )
    assert report.games == 1 and report.illegal_tried > 100


def test_conformance_random_short_games_and_other_options():
    opts = Options(temples_to_win=1, temple_check="caster", day_default="any", turn_limit=24)
    report = check_conformance(
        lambda seed: TemplesGame.new(seed, options=opts), seeds=range(2, 4), illegal_moves=_illegal, sample_legal=3
    )
    assert report.games == 2


def test_copy_is_independent():
    g = TemplesGame.new(9)
    g.play(Travel("day", sq("B1")))
    c = g.copy()
    c.play(Travel("day", sq("C1")))
    assert g.pawn["day"] == sq("B1") and len(g.hand["day"]) == 6 and len(g.history) == 1
    assert c.pawn["day"] == sq("C1") and len(c.history) == 2


# -- Day Temple-tiles in temples, and the box's supply (option supply) -------------------------------


def test_day_temple_tiles_from_mystify_count_for_days_temple():
    board = ["ddddt.", "ddt...", "......", "..##..", "..##..", "......", "......", "......"]
    g = game_at(board, pawns={"day": "A3"}, hands={"day": ["D16"]})
    g.play(Cast("day", card(g, "day", "D16")))
    assert len(g.temples) == 1 and sq("E1") in g.temples[0][1] and sq("C2") in g.temples[0][1]
    assert "2 of them Day Temple-tiles" in g.log.of_kind("temple")[0].text


@pytest.mark.parametrize("supply, expected", [("box", 1), ("unlimited", 3)])
def test_mystify_places_only_the_counters_left_in_the_box(supply, expected):
    board = ["ddd...", "......", "......", "..##..", "..##..", "......", "......", "......"]
    g = game_at(
        board, pawns={"day": "C1"}, mystify={"A1": 4, "B1": 3}, hands={"day": ["D07"]}, options=Options(supply=supply)
    )
    g.play(Cast("day", card(g, "day", "D07")))
    assert g.mystify[sq("C1")] == expected


def test_a_countdown_keeps_nine_day_temple_counters_for_days_temple():
    board = ["t.t.t.", ".t.t.t", "t.t.t.", "..##..", "..##..", "......", "......", "d....."]
    g = game_at(board, mystify={"A8": 1}, turn="night", pawns={"night": "F8"})
    g.play(EndTurn("night"))
    assert not g.temple_tile[sq("A8")] and g.mystify[sq("A8")] == 0 and g.tiles[sq("A8")] == DAY
    assert "no Day Temple-counter" in g.log[-1].text
    g = game_at(board, mystify={"A8": 1}, turn="night", pawns={"night": "F8"}, options=Options(supply="unlimited"))
    g.play(EndTurn("night"))
    assert g.temple_tile[sq("A8")]


# -- "decided exactly by the connected regions": two temples that no longer fit -------------------

SHAPE = [
    "E3",
    "A4",
    "E4",
    "A5",
    "B5",
    "E5",
    "F5",
    "B6",
    "C6",
    "D6",
    "F6",
    "A7",
    "D7",
    "E7",
    "F7",
    "A8",
    "B8",
    "C8",
    "D8",
    "F8",
]


def test_connected_subsets_match_brute_force():
    from itertools import combinations

    from daynight.temples import connected_subsets, regions

    cells = [sq(n) for n in ("A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3", "D3")]
    for k in (2, 4, 6):
        ours = [frozenset(s) for s in connected_subsets(cells, k)]
        brute = {frozenset(c) for c in combinations(cells, k) if len(regions(c)) == 1}
        assert len(ours) == len(set(ours)) and set(ours) == brute


def test_two_nines_fit_is_exact():
    from daynight.temples import two_nines_fit

    shape = {sq(n) for n in SHAPE}
    assert len(shape) == 20 and not two_nines_fit(shape)  # twenty squares, yet no two nines
    assert two_nines_fit(shape | {sq("E2")})
    assert not two_nines_fit(list(shape)[:17])


def test_victory_for_day_by_default_when_nights_two_temples_no_longer_fit():
    board = ["dddddd", "tttddd", "tttt.d", ".t##.t", "..##..", "t...t.", ".tt...", "....t."]
    temple = ["A1", "B1", "C1", "D1", "E1", "F1", "D2", "F2", "F3"]
    g = game_at(
        board,
        temples={"day": [temple]},
        mystify={"E2": 1},
        turn="night",
        pawns={"day": "E3", "night": "F8"},
        options=Options(supply="unlimited"),
    )
    assert g.can_still_win("night") and g.temples_needed("night") == 2
    g.play(EndTurn("night"))
    assert g.temple_tile[sq("E2")] and g.result == "default" and g.winner == "day"


# -- the other rule options -----------------------------------------------------------------------


@pytest.mark.parametrize("blocks, moved", [(True, False), (False, True)])
def test_option_crystal_blocks_day_moves(blocks, moved):
    g = game_at(crystal=["A1"], hands={"day": ["D11"]}, options=Options(crystal_blocks_day_moves=blocks))
    g.play(Cast("day", card(g, "day", "D11")))  # Sunwalk from a crystallized A1
    if g.pending:
        g.play(Target("day", sq("A2")))
        g.play(Stop("day"))
    assert (g.pawn["day"] != sq("A1")) == moved


@pytest.mark.parametrize("remystify, counters", [(False, 2), (True, 5)])
def test_option_remystify(remystify, counters):
    g = game_at(
        ["d.....", "......", "......", "..##..", "..##..", "......", "......", "......"],
        mystify={"A1": 2},
        hands={"day": ["D07"]},
        options=Options(remystify=remystify),
    )
    g.play(Cast("day", card(g, "day", "D07")))
    assert g.mystify[0] == counters


@pytest.mark.parametrize("when, over", [("transform", False), ("any", True)])
def test_option_day_default(when, over):
    # Night's first temple (D6 completes it) walls her in: no room for a second, while Day,
    # whose Temple-tiles stand in row 2, still has room. The rules check this only after a
    # Mystify countdown; option day_default="any" checks it after every temple too.
    board = ["......", "tttttt", "..tt..", "..##..", "..##..", ".nn...", "nnnnnn", "......"]
    g = game_at(board, turn="night", pawns={"night": "D6"}, hands={"night": ["N14"]}, options=Options(day_default=when))
    g.play(Cast("night", card(g, "night", "N14")))
    assert g.temples_of("night") == 1 and not g.can_still_win("night") and g.can_still_win("day")
    assert g.is_over() == over
    if over:
        assert g.result == "default" and g.winner == "day"


@pytest.mark.parametrize("check, temple_at_once", [("both", True), ("caster", False)])
def test_option_temple_check(check, temple_at_once):
    # Night on A3 must change two of A2, B3, A4 with Mimic; turning her own B3 over gives Day nine
    board = ["dddd..", "dddd..", "nn....", "..##..", "..##..", "......", "......", "......"]
    g = game_at(
        board,
        turn="night",
        pawns={"night": "A3"},
        hands={"night": ["N02"], "day": ["D12"]},
        options=Options(temple_check=check),
    )
    g.play(Cast("night", card(g, "night", "N02")))
    g.play(Target("night", sq("B3")))
    g.play(Target("night", sq("A4")))
    assert g.tiles[sq("B3")] == DAY and (g.temples_of("day") == 1) == temple_at_once
    g.play(EndTurn("night"))
    g.play(Cast("day", card(g, "day", "D12")))  # any spell of Day's: her group is checked
    assert g.temples_of("day") == 1


def test_full_board_temple_check_agrees_with_plain_regions():
    from daynight.temples import regions

    rng = random.Random(0)
    for _ in range(300):
        tiles = [-1] * 48
        for s in SQUARES:
            tiles[s] = rng.choice([0, DAY, DAY, DAY, NIGHT])
        in_temple = [rng.random() < 0.1 for _ in range(48)]
        fast = sorted(sorted(g) for g in temple_regions(tiles, DAY, in_temple))
        plain = sorted(
            sorted(g) for g in regions(s for s in SQUARES if tiles[s] == DAY and not in_temple[s]) if len(g) >= 9
        )
        assert fast == plain


# -- the seeded demo records are golden: speed work must never change them -----------------------

#: sha256 of ``daynight demo temples --seed N`` (the record as the CLI prints it), N = 0..9,
#: taken before the rules were made small functions and the engine was sped up
GOLDEN_DEMOS = {
    0: "d6a813c04b822264",
    1: "c4c9d37c23ebe24e",
    2: "3f5f03c3e1bc23ae",
    3: "03184163313103e6",
    4: "58de89ae8f651af5",
    5: "39bad4b7a4b26990",
    6: "65aa9bc2c5a86c6a",
    7: "b5ab001293bab65d",
    8: "b6aad4ebb7891f75",
    9: "be19343da696dd5e",
}


def test_the_seeded_demo_records_stay_byte_identical(capsys):
    import hashlib

    from daynight import cli

    for seed, digest in GOLDEN_DEMOS.items():
        assert cli.main(["demo", "temples", "--seed", str(seed)]) == 0
        text = capsys.readouterr().out
        assert hashlib.sha256(text.rstrip("\n").encode()).hexdigest()[:16] == digest, seed
        again = TemplesGame.from_record(json.loads(text))
        assert again.to_json() == text.rstrip("\n") and again.is_over()


# -- the rules are small functions: the engine's legal moves agree with them ---------------------


def test_travel_squares_and_travel_refusal_say_the_same():
    from daynight.temples import rules

    rng = random.Random(5)
    for _ in range(300):
        g = game_at(
            pawns={"day": square_name(rng.choice(SQUARES)), "night": square_name(rng.choice(SQUARES))},
            crystal=[square_name(s) for s in rng.sample(SQUARES, rng.randrange(0, 6))],
            hours=rng.randrange(0, 13),
            turn=rng.choice(("day", "night")),
        )
        who = g.turn
        offered = set(rules.travel_squares(g, who, g.hours, g.visited))
        for s in range(48):
            assert (rules.travel_refusal(g, who, g.hours, g.visited, s) is None) == (s in offered)
        assert {m.square for m in g.legal_moves() if type(m) is Travel} == offered


def test_spell_targets_are_the_area_less_the_refused_squares():
    from daynight.temples import rules

    rng = random.Random(6)
    spells = [s for side in ("day", "night") for s in default_books()[side].spells]
    for _ in range(200):
        board = [
            "".join(rng.choice(".dn") if (r, c) not in ((3, 2), (3, 3), (4, 2), (4, 3)) else "#" for c in range(6))
            for r in range(8)
        ]
        try:
            g = game_at(
                board,
                pawns={"day": square_name(rng.choice(SQUARES)), "night": square_name(rng.choice(SQUARES))},
                crystal=[square_name(s) for s in rng.sample(SQUARES, 3)],
            )
        except InvalidRecordError:  # nine connected tiles: not a position to wait in
            continue
        sp = rng.choice(spells)
        for step in sp.effect:
            if step.op in ("change", "turn_over", "place", "make_own", "mystify", "crystallize"):
                caster = sp.book
                targets = rules.spell_targets(g, step, caster)
                assert set(targets) <= set(rules.spell_area(g, step, caster))
                for s in rules.spell_area(g, step, caster):
                    assert (rules.target_refusal(g, s, step, caster) is None) == (s in targets)
