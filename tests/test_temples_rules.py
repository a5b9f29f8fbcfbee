"""The temple duel's shape (issue 25): one legality path, rules a learner can read, the tables
of the fast path equal to the rule functions they are built from, a frozen view, and a play app
whose targets carry their moves.

Each test can fail: a table built otherwise than by its rule function, a refusal given for a
legal move or a legal move refused, a target whose move is not what a click plays, fail it.
"""

from __future__ import annotations

import random

import pytest

from daynight.core import Game as CoreGame
from daynight.core import InvalidRecordError
from daynight.temples import (
    COLS,
    ROWS,
    SIDES,
    SQUARES,
    Cast,
    Choose,
    Discard,
    EndTurn,
    PickTemple,
    Stop,
    Target,
    TemplesGame,
    Travel,
    View,
    default_books,
    draw,
    random_bot,
    rules,
    thumb_bot,
)
from daynight.temples import engine as E


def random_states(n: int, seed: int = 0, bots=(random_bot, thumb_bot)):
    """Yield ``n`` states of seeded games between bots, one move after another."""
    rng = random.Random(seed)
    g = None
    for _ in range(n):
        if g is None or g.is_over():
            g = TemplesGame.new(rng.randrange(1 << 30))
        yield g
        side = g.to_players()[0]
        g.play(rng.choice(bots)(g.view(side), g.legal_moves(), rng))


def teaching_positions(n: int, seed: int = 0):
    """``n`` hand-built positions of the kind a walkthrough sets up: random tiles, pawns,
    crystals, hours, and hands drawn from both books (a hand may hold the other side's theme
    spells, which random games never deal)."""
    rng = random.Random(seed)
    ids = sorted({sp.id for side in SIDES for sp in default_books()[side].spells})
    made = 0
    while made < n:
        board = [
            "".join("#" if (r, c) in ((3, 2), (3, 3), (4, 2), (4, 3)) else rng.choice("..dn") for c in range(6))
            for r in range(8)
        ]
        position = {
            "board": board,
            "turn": rng.choice(SIDES),
            "hours": rng.randrange(0, 13),
            "pawns": {side: rules.square_name(rng.choice(SQUARES)) for side in SIDES},
            "crystal": [rules.square_name(s) for s in rng.sample(SQUARES, rng.randrange(0, 4))],
            "hands": {side: rng.sample(ids, rng.randrange(0, 7)) for side in SIDES},
        }
        try:
            g = TemplesGame.new(rng.randrange(1000), position=position)
        except InvalidRecordError:  # nine connected tiles, or a spell twice beyond its copies
            continue
        made += 1
        yield g


def every_move(g: TemplesGame):
    """Every move of every kind either player could name now (the legal ones among them)."""
    for who in SIDES:
        yield EndTurn(who)
        yield Stop(who)
        for sq in range(COLS * ROWS):
            yield Travel(who, sq)
            yield Target(who, sq)
            yield PickTemple(who, sq)
        cards = set(g.hand["day"]) | set(g.hand["night"]) | {0, 69, 70, 139}
        for c in cards:
            yield Discard(who, c)
            yield Choose(who, c)
            for x in g.cards[c].x_values():
                yield Cast(who, c, x)


# -- one legality path ------------------------------------------------------------------------------


def test_core_play_is_the_only_play_and_legal_moves_offers_what_it_returns():
    assert TemplesGame.play is CoreGame.play
    g = TemplesGame.new(1)
    legal = g.legal_moves()
    assert g.offered is legal and all(g.offers(m) for m in legal)
    assert not g.offers(Travel("blue", 1)) and not g.offers("not a move")
    assert g.legal_moves("night" if g.turn == "day" else "day") == () and g.offered == ()


@pytest.mark.parametrize("seed", [0, 1])
def test_a_move_is_refused_exactly_when_legal_moves_leaves_it_out(seed):
    """The legal moves decide; the refusal only says why: for every move anyone could name,
    in many states (of games and of teaching positions), ``why_illegal`` is ``None`` exactly
    for the moves ``legal_moves`` offers, and every refusal names a rule."""
    states = 0
    for g in [*random_states(100, seed), *teaching_positions(20, seed)]:
        legal = set(g.legal_moves())
        for m in every_move(g):
            reason = g.why_illegal(m)
            assert (reason is None) == (m in legal), (m, reason, g.describe())
            if reason is not None:
                assert "[rule: " in reason and "\n" not in reason
        states += 1
    assert states == 120


def test_a_legal_move_built_anew_is_accepted_through_check():
    g = TemplesGame.new(4)
    offered = g.legal_moves()
    anew = Travel("day", 1)
    assert anew in offered and all(m is not anew for m in offered)
    assert not g.offers(anew)  # not by identity: through _check, which lets it pass
    g.play(anew)
    assert g.pawn["day"] == 1 and g.history == [anew]


# -- the fast path's tables equal the rule functions they are built from ------------------------------


def test_the_cast_table_is_the_rule_functions_on_every_card_side_and_hour():
    g = TemplesGame.new(1)
    table = E.cast_table(g.deck)
    assert table is g._casts
    for side in SIDES:
        for c, sp in enumerate(g.cards):
            row = table[side][c]
            assert row.allowed == (not rules.theme_forbidden(sp.type, side))
            assert row.conditional == bool(sp.condition)
            for hours in range(rules.HOURS + 1):
                want = [x for x in sp.x_values() if rules.can_afford(rules.cost_of(sp, x), hours)]
                assert [m.x for m in row.by_hours[hours]] == want
                assert all(m == Cast(side, c, m.x) for m in row.by_hours[hours])


def test_the_casts_offered_are_those_cast_refusal_allows():
    for g in [*random_states(300, 5), *teaching_positions(150, 5)]:
        who = g.to_players()[0] if g.to_players() else None
        if who is None or g.phase != "cast" or g.pending or g.temple_pick:
            continue
        legal = set(g.legal_moves())
        for c in g.hand[who]:
            for x in g.cards[c].x_values():
                allowed = rules.cast_refusal(g, g.cards[c], who, x, g.hours) is None
                assert (Cast(who, c, x) in legal) == allowed


def test_the_rules_decide_a_view_as_they_decide_the_game():
    """A view is a board for rules.py: a bot may ask the rules what it sees."""
    for g in random_states(60, 7):
        who = g.to_players()[0] if g.to_players() else g.turn
        v = g.view(who)
        assert isinstance(v, View)
        assert rules.travel_squares(v, who, v.hours, v.visited) == rules.travel_squares(g, who, g.hours, g.visited)
        assert rules.open_area(v, who) == rules.open_area(g, who)


# -- the play app: each target carries its move ---------------------------------------------------------


def test_every_target_carries_the_move_a_click_plays():
    from daynight.widgets.temples import TemplesApp

    app = TemplesApp(3, mode="Two players at one screen")
    for _ in range(25):
        g = app.game
        targets = app.table.targets
        by_id = {t["id"]: t for t in targets}
        legal = set(g.legal_moves())
        made = {t.id or f"t{i}": t for i, t in enumerate(app.targets())}
        moves = [t.move for t in made.values() if t.move is not None]
        assert legal <= set(moves) | {m for m in legal if type(m) is Cast and g.cards[m.card].cost == "X"}
        for tid, target in made.items():
            if target.move is not None:
                assert target.key == draw.move_key(target.move)
                assert by_id[tid]["key"] == target.key
        playable = [t for t in made.values() if t.move is not None and t.move in legal]
        choice = random.Random(len(g.history)).choice(playable)
        assert app.table.choose(app.table.target_id(choice.name))
        assert app.game.history[-1] == choice.move
        if app.game.is_over():
            break


def test_a_wrong_click_is_a_move_the_engine_refuses_with_its_rule():
    from daynight.widgets.temples import TemplesApp

    app = TemplesApp(2)
    target = next(t for t in app.targets() if t.name == "travel to D3, neutral-tile")
    assert target.move == Travel("day", rules.parse_square("D3")) and target.move not in app.game.legal_moves()
    assert not app.table.choose(app.table.target_id(target.name))
    assert "2.1 Travelling" in app.table.status and "does not border" in app.table.status


def test_the_how_to_play_text_is_package_data():
    from importlib.resources import files

    from daynight.widgets.temples import HOW_TO_PLAY

    text = (files("daynight.widgets") / "temples_help.html").read_text(encoding="utf-8")
    assert text == HOW_TO_PLAY and "<summary><b>How to play</b>" in text and "12 hours" in text
