"""The temple duel on a phone (issue 23), without a browser: ``draw.table(game, viewer,
width=w)`` under :data:`daynight.draw.NARROW_WIDTH` is the narrow arrangement, exactly ``w``
wide at scale 1, every word at least 11 px and every target at least 44 px; the play app
draws it at the width the page reports and redraws when the page crosses the breakpoint."""

from __future__ import annotations

import random
import re

import pytest
from daynight.widgets.temples import TemplesApp

from daynight import draw as d
from daynight.temples import TemplesGame, thumb_bot
from daynight.temples.draw_narrow import square_size
from tests.frontend_support import FakeBrowser, click

TARGET_KEY = re.compile(r'data-key="((?:sq|card|take)-[^"]+)"')


def seeded_positions(seed: int) -> list[TemplesGame]:
    """The start, a middle, the end, and a spell waiting for a choice, of a seeded game of the
    rule-of-thumb bots (Steal Passion's shown hand when the game has one)."""
    game, rng = TemplesGame.new(seed), random.Random(seed)
    out = [TemplesGame.from_record(game.to_record())]
    chosen = {"middle": False, "choice": False}
    while not game.is_over():
        n = len(game.history)
        if n == 60 and not chosen["middle"]:
            out.append(TemplesGame.from_record(game.to_record()))
            chosen["middle"] = True
        if game.pending is not None and not chosen["choice"] and n > 10:
            out.append(TemplesGame.from_record(game.to_record()))
            chosen["choice"] = True
        side = game.to_players()[0]
        game.play(thumb_bot(game.view(side), game.legal_moves(), rng))
    return [*out, game]


@pytest.mark.parametrize("width", [360, 390, 768])  # phones, a tablet held upright
def test_the_narrow_table_is_as_wide_as_the_phone_with_words_and_targets_large_enough(width):
    drawn = 0
    for seed in (3, 11):
        for game in seeded_positions(seed):
            for viewer in ("day", "night", None):
                drawing = d.table(game, viewer, width=width)
                keys = TARGET_KEY.findall(drawing.svg)
                assert drawing.width == width, (seed, len(game.history), viewer, drawing.width)
                assert f'viewBox="0 0 {width} ' in drawing.svg, "drawn at scale 1"
                assert d.smallest_text(drawing) >= d.MIN_TEXT, (seed, len(game.history), viewer)
                assert d.smallest_target(drawing, keys) >= d.MIN_TARGET, (seed, len(game.history), viewer)
                # every square and every card of the viewer's hand is a piece to touch
                assert sum(k.startswith("sq-") for k in keys) == 44
                me = viewer or game.turn
                assert {f"card-{c}" for c in game.hand[me]} <= set(keys)
                drawn += 1
    assert drawn >= 2 * 3 * 4, "the start, a middle, a choice and the end of two games, three viewers"


def test_the_narrow_table_is_another_arrangement_not_a_smaller_picture():
    game = TemplesGame.new(5)
    wide, narrow = d.table(game, "day"), d.table(game, "day", width=390)
    assert d.smallest_text(wide) < d.MIN_TEXT <= d.smallest_text(narrow), "the wide table's small words grow"
    assert narrow.height > wide.height and narrow.width < wide.width
    assert square_size(390) >= d.MIN_TARGET
    # the hand below the board
    assert narrow.svg.index('data-key="sq-F8"') < narrow.svg.index(f'data-key="card-{game.hand["day"][0]}"')
    # the other side's hand stays hidden: no name of its spells in the drawing
    hidden = {game.cards[c].name for c in game.hand["night"]} - {game.cards[c].name for c in game.hand["day"]}
    words = "\n".join(d.words(narrow))
    assert hidden and not any(name in words for name in hidden)


def test_the_app_draws_the_narrow_table_at_the_pages_width_and_keeps_the_game_when_turned():
    done = {"daynight.guide.v1.temples": '{"version":1,"saved":0,"finished":true,"shown":[],"missed":[],"record":null}'}
    app = FakeBrowser(done).open(TemplesApp(2), screen="narrow", width=390)
    assert app.table.note == {} and app.table.draw_width == 390
    assert 'viewBox="0 0 390 ' in app.table.svg
    assert click(app.table, "travel to B1, neutral-tile")  # a tap is a click
    record, names = app.game.to_record(), app.table.target_names()
    app.table._on_message(app.table, {"event": "screen", "screen": "wide", "width": 844}, [])
    assert 'viewBox="0 0 390 ' not in app.table.svg and app.game.to_record() == record
    app.table._on_message(app.table, {"event": "screen", "screen": "narrow", "width": 390}, [])
    assert 'viewBox="0 0 390 ' in app.table.svg and app.game.to_record() == record
    assert app.table.target_names() == names, "the same targets in both arrangements"


def test_on_a_tablet_upright_the_app_draws_the_narrow_table_at_its_width():
    """A table under :data:`daynight.draw.TABLET_WIDTH` (a tablet upright: some 740 px, wide for the page), and the
    app draws for it at scale 1, words of 11 px (the wide table shrunk had words of 7-9 px), its board no taller
    than a tablet's screen."""
    done = {"daynight.guide.v1.temples": '{"version":1,"saved":0,"finished":true,"shown":[],"missed":[],"record":null}'}
    app = TemplesApp(2)
    FakeBrowser(done).open(app, screen="wide", width=740)
    assert app.table.draw_width == 740 and 'viewBox="0 0 740 ' in app.table.svg
    assert d.smallest_text(app.table.svg) >= d.MIN_TEXT and 8 * square_size(740) <= 600
