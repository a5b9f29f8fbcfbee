"""Sonne und Mond's table on a phone held upright (issue 23), without a browser: the narrow
arrangement of ``daynight/sunmoon/draw_narrow.py`` (``draw.table(..., width=w)``) for positions
of seeded games, and the app drawing it for the table's width."""

from __future__ import annotations

import random
import re

import pytest
from daynight.widgets.sunmoon import SunMoonApp

from daynight import draw as d
from daynight.sunmoon import SunMoon, draw
from tests.frontend_support import FakeBrowser, click

KEY = re.compile(r'data-key="([^"]+)"')


def positions(seed: int, players: int) -> list[SunMoon]:
    """The start, the middle and the end of a seeded game of random moves."""
    game = SunMoon.new(players, seed)
    rng, moves = random.Random(seed), []
    while not game.is_over():
        legal = game.legal_moves()
        moves.append(legal[rng.randrange(len(legal))])
        game.play(moves[-1])
    record = game.to_record()
    return [SunMoon.from_record(record, upto=n) for n in (0, len(moves) // 2, len(moves))]


@pytest.mark.parametrize("seed, players", [(1, 2), (2, 3), (3, 4)])
def test_the_narrow_table_is_as_wide_as_the_phone_with_words_and_targets_large_enough(seed, players):
    for game in positions(seed, players):
        for viewer in (None, *range(players)):
            mover = game.turn
            held = game.hands[mover][0] if game.hands[mover] and viewer == mover else None
            shown = {"selected": held, "slots": held.kind if held else None, "hand_keys": True}
            if held is not None:  # the places where the picked-up card fits are marked "fits"
                shown["fits"] = [draw.move_key(game, m) for m in game.moves_for(held)]
            for width in (360, 390, 768):  # phones, a tablet held upright
                drawing = draw.table(game, viewer, width=width, **shown)
                where = (seed, len(game.history), viewer, width)
                assert drawing.width == width and f'viewBox="0 0 {width} ' in str(drawing), where
                assert d.smallest_text(drawing) >= d.MIN_TEXT, where
                assert d.smallest_target(drawing) >= d.MIN_TARGET, where
                # the same keys as the wide table: the app's targets and the notes' marks sit on either
                wide = draw.table(game, viewer, **shown)
                assert set(KEY.findall(str(drawing))) == set(KEY.findall(str(wide))), where


def test_the_longest_words_a_card_carries_are_large_enough_on_a_phone():
    """A butterfly (the longest animal's name), eclipses in a row and on top of the discard pile,
    a stack three cards deep, a long row that wraps."""
    position = {
        "hands": [["sun 9", "lunar eclipse", "moon 2"], ["sun 1"]],
        "rows": [
            {"sun": ["sun 3", ["sun 10", "solar eclipse", "sun 13"], "sun 20"], "moon": []},
            {"sun": [], "moon": ["moon 4", "moon 6", "moon 7", "moon 9", ["moon 11", "lunar eclipse"], "moon 15",
                                 "moon 17", "moon 19", "moon 21", "moon 23"]},
        ],
        "discard": ["moon 28", "lunar eclipse"],
    }  # fmt: skip
    game = SunMoon.from_position(position)
    for viewer in (None, 0, 1):
        for width in (360, 390):
            drawing = draw.table(game, viewer, width=width, selected=game.hands[0][0], slots="sun", hand_keys=True)
            assert "butterfly" in str(drawing) and "eclipse" in str(drawing)
            assert drawing.width == width and d.smallest_text(drawing) >= d.MIN_TEXT, (viewer, width)
            assert d.smallest_target(drawing) >= d.MIN_TARGET, (viewer, width)


def test_the_wide_table_is_unchanged_without_a_width_or_with_a_wide_one():
    game = positions(4, 3)[1]
    assert str(draw.table(game, 0)) == str(draw.table(game, 0, width=900))
    assert draw.table(game, 0).width > 600


def test_the_app_draws_for_the_phone_and_keeps_the_game_when_turned():
    app = FakeBrowser().open(SunMoonApp(players=2, seed=3), screen="narrow", width=390)
    click(app.table, "Play a game")
    assert app.table.draw_width == 390 and 'viewBox="0 0 390 ' in app.table.svg
    card = next(c for c in app.game.hands[0] if app.game.moves_for(c))
    click(app.table, f"pick up {card.label}")
    keys = {t["key"] for t in app.table.targets if t["key"]}
    assert keys <= set(KEY.findall(app.table.svg)), "every target sits on the narrow drawing"
    assert d.smallest_text(app.table.svg) >= d.MIN_TEXT and d.smallest_target(app.table.svg) >= d.MIN_TARGET
    legal = {app.play_name(m) for m in app.game.moves_for(card)}
    place = next(t["name"] for t in app.table.targets if t["name"] in legal)
    assert click(app.table, place)
    record = app.game.to_record()
    app.table._on_message(app.table, {"event": "screen", "screen": "wide", "width": 844}, [])
    assert 'viewBox="0 0 390 ' not in app.table.svg and app.table.draw_width is None
    app.table._on_message(app.table, {"event": "screen", "screen": "narrow", "width": 390}, [])
    assert 'viewBox="0 0 390 ' in app.table.svg and app.game.to_record() == record


def test_on_a_tablet_upright_the_app_draws_the_narrow_table_at_its_width():
    """A table under :data:`daynight.draw.TABLET_WIDTH` (a tablet upright: some 740 px, wide for the page), and the
    app draws for it at scale 1, words of 11 px: the wide table shrunk had words of 7-9 px."""
    app = SunMoonApp(players=2, seed=3)
    FakeBrowser().open(app, screen="wide", width=740)
    click(app.table, "Play a game")
    assert app.table.draw_width == 740 and 'viewBox="0 0 740 ' in app.table.svg
    assert d.smallest_text(app.table.svg) >= d.MIN_TEXT
