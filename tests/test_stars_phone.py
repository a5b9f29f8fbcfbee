"""The stars table on a phone held upright (issue 23), without a browser: the narrow
arrangement of ``daynight.stars.draw.table`` and ``round_table`` at 360 and 390 px, for
positions of seeded games (the start, a choosing, a finished round, the end) as each player
and a teacher see them: exactly that wide, drawn at scale 1 (no scaled group), every word at
least 11 px, every card a learner touches at least 44 px on its short side; and the app
drawing it at the width its table reports."""

from __future__ import annotations

import random
import re

import pytest
from daynight.widgets.stars import StarsApp

from daynight import draw as d
from daynight.stars import CHOOSE, StarsGame, make_bot
from daynight.stars.draw import round_revealed, round_table, table
from tests.frontend_support import FakeBrowser, click

WIDTHS = (360, 390, 768)  # phones, a tablet held upright (its wide table shrunk had words of 7-9 px)


def moments(players: int, seed: int) -> list[tuple[str, StarsGame]]:
    """A seeded game of rule-of-thumb bots, copied at its start, at a choosing and at its end."""
    game, bot, rng = StarsGame.new(players, seed), make_bot("rule"), random.Random(seed)
    out = [("start", game.copy())]
    while not game.is_over():
        if game.phase == CHOOSE and len(out) == 1:
            out.append(("choosing", game.copy()))
        p = game.to_players()[0]
        game.play(bot.choose(game.view(p), game.legal_moves(p), rng))
    return [*out, ("end", game)]


def targets(game: StarsGame, viewer: int | None) -> list[str]:
    """The keys of what a learner may touch: the cards of the viewer's hand and the face-up cards."""
    hand = [f"hand-{c.id}" for c in game.hands[viewer]] if viewer is not None else []
    return hand + [f"card-{c.id}" for c in game.table]


def assert_narrow(drawing: d.Drawing, width: int, keys: list[str], what: str) -> None:
    svg = str(drawing)
    assert drawing.width == width and f'viewBox="0 0 {width} ' in svg, what
    assert "scale(" not in svg, f"{what}: placed, never scaled"
    assert d.smallest_text(drawing) >= d.MIN_TEXT, (what, d.smallest_text(drawing))
    if keys:
        assert all(f'data-key="{k}"' in svg for k in keys), f"{what}: every target drawn"
        assert d.smallest_target(drawing, keys) >= d.MIN_TARGET, (what, d.smallest_target(drawing, keys))


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (5, 3)])
def test_the_narrow_table_has_words_and_targets_large_enough_for_every_viewer(players, seed):
    for moment, game in moments(players, seed):
        for viewer in (None, *range(players)):
            for width in WIDTHS:
                what = f"{players} players, {moment}, viewer {viewer}, {width} px"
                assert_narrow(table(game, viewer, width=width), width, targets(game, viewer), what)
        if game.rounds:
            rnd = game.rounds[-1]
            for width in WIDTHS:
                drawing = round_table(rnd, game.names, viewer=0, hand=game.hands[0], result="Winner: you.", width=width)
                assert_narrow(drawing, width, [], f"{players} players, round {rnd.number}, {width} px")
                asked = round_revealed(
                    rnd, game.names, [[]] * players, totals="so far", width=width
                )  # the practice page's
                cards = [f"card-{c.id}" for cs in rnd.played for c in cs]
                assert_narrow(asked, width, cards, f"{players} players, round {rnd.number} revealed, {width} px")


def test_the_narrow_table_is_another_arrangement_saying_the_same_things():
    _moment, game = moments(4, 2)[1]  # a choosing
    wide, narrow = table(game, 0), table(game, 0, width=390)
    assert wide.width > d.NARROW_WIDTH and narrow.width == 390
    keys = set(re.findall(r'data-key="([^"]+)"', str(wide)))
    assert keys == set(re.findall(r'data-key="([^"]+)"', str(narrow))), "the same pieces, for targets and marks"
    for words in (game.winning, "Colour totals", "Player 2's place", "time card: "):
        assert words in str(narrow), words
    # the column: the moment, the totals, the other players, your place, then your hand
    ys = [str(narrow).index(f'data-key="{k}') for k in ("time", "totals", "seat-1", "seat-0", "hand-")]
    assert ys == sorted(ys)
    assert str(table(game, 0, width=d.TABLET_WIDTH)) == str(wide), "from a tablet's width up, the wide table"
    start = moments(4, 2)[0][1]
    hint = {c.id: f"{c.value / 3:.1f} stars" for c in start.hands[0]}
    hinted = table(start, 0, width=360, hint=hint, best=start.hands[0][0].id)
    assert_narrow(hinted, 360, targets(start, 0), "a hint under the cards")
    assert all(words in str(hinted) for words in hint.values()), "the Hint's words under each card"


def test_the_app_draws_at_its_tables_width_and_keeps_the_game_when_turned():
    app = FakeBrowser().open(StarsApp(3, bots=("random", "random"), seed=4), screen="narrow", width=390)
    assert click(app.table, "Play a game")
    assert 'viewBox="0 0 390 ' in app.table.svg
    assert click(app.table, app.hand_targets()[0]), app.table.status  # a tap plays
    record, targets_now = app.game.to_record(), app.table.target_names()
    app.table._on_message(app.table, {"event": "screen", "screen": "wide", "width": 844}, [])
    assert 'viewBox="0 0 390 ' not in app.table.svg and app.game.to_record() == record
    app.table._on_message(app.table, {"event": "screen", "screen": "narrow", "width": 390}, [])
    assert 'viewBox="0 0 390 ' in app.table.svg and app.table.target_names() == targets_now
    assert d.smallest_text(app.table.svg) >= d.MIN_TEXT
    while app.showing is None:  # on to a finished round: its narrow drawing
        assert click(app.table, next(n for n in app.table.target_names() if re.match(r"(play|take) ", n)))
    assert 'viewBox="0 0 390 ' in app.table.svg and "Round 1: over" in app.table.svg


def test_on_a_tablet_upright_the_app_draws_the_narrow_table_at_its_width():
    """A table under :data:`daynight.draw.TABLET_WIDTH` (a tablet upright: some 740 px, wide for the page), and the
    app draws for it at scale 1, words of 11 px: the wide table shrunk had words of 7-9 px."""
    app = StarsApp(3, bots=("random", "random"), seed=4)
    FakeBrowser().open(app, screen="wide", width=740)
    assert click(app.table, "Play a game")
    assert 'viewBox="0 0 740 ' in app.table.svg and d.smallest_text(app.table.svg) >= d.MIN_TEXT
