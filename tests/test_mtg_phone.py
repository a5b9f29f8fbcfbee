"""The Magic tracker's table on a phone held upright (issue 23), without a browser: the narrow
arrangement of ``daynight/mtg/draw_narrow.py`` is exactly as wide as the screen, drawn at scale 1,
with every word at least 11 px and every piece a learner touches at least 44 px on its short side,
for positions from seeded games (the start, the middle, the end; each viewer)."""

from __future__ import annotations

import json
import random
import re

import pytest
from daynight.widgets.mtg import Tracker

from daynight import draw as d
from daynight.mtg import DayNight, EndGame
from daynight.mtg import draw as mtg_draw
from daynight.mtg.exercise_table import table_game
from daynight.review import NARROW_FILE_WIDTH, Review, html
from tests.frontend_support import FakeBrowser, click

WIDTHS = (360, 390, 768)  # phones, a tablet held upright (its wide table shrunk had words of 7-9 px)


def positions(seed: int) -> list[tuple[str, DayNight]]:
    """The start, the middle and the end of a seeded game between bots."""
    rng = random.Random(seed)
    middle = table_game(rng, rng.randint(2, 7), enter=0.6, flip=0.3)
    end = middle.copy()
    if not end.pending and not end.choosing:
        end.play(EndGame())
    return [("start", DayNight.new(middle.players, teams=middle.teams)), ("middle", middle), ("end", end)]


def keys(svg: str) -> list[str]:
    return re.findall(r'data-key="([^"]+)"', svg)


@pytest.mark.parametrize("seed", range(6))
def test_the_narrow_table_fits_the_width_with_words_and_targets_large_enough(seed):
    for when, game in positions(seed):
        for viewer in (None, *game.players):
            for width in WIDTHS:
                drawing = mtg_draw.table(game, viewer, width=width, selected=1)
                svg = str(drawing)
                assert f'viewBox="0 0 {width} ' in svg and drawing.width == width, (when, width)
                assert "scale(" not in svg, "placed, never scaled"
                assert d.smallest_text(drawing) >= d.MIN_TEXT, (seed, when, viewer, width)
                touched = [k for k in keys(svg) if k.split("-")[0] in ("cast", "perm", "trigger", "attach", "sky")]
                assert touched, "the targets are drawn"
                assert d.smallest_target(drawing, touched) >= d.MIN_TARGET, (seed, when, viewer, width)


def test_the_dispatcher_gives_the_narrow_arrangement_below_the_line_and_the_wide_one_above():
    _when, game = positions(3)[1]
    narrow = d.table(game, None, width=390)
    assert 'viewBox="0 0 390 ' in narrow.svg
    wide = d.table(game, None, width=None)
    assert wide.svg == mtg_draw.table(game).svg and 'viewBox="0 0 390 ' not in wide.svg
    assert d.table(game, None, width=800).svg == wide.svg, "above the line: the wide table"


def test_the_narrow_table_says_what_the_wide_one_says():
    """The same pieces a learner can touch, with the same names: the tracker's targets sit on
    either drawing unchanged."""
    for seed in range(4):
        _when, game = positions(seed)[1]
        wide, narrow = str(mtg_draw.table(game)), str(mtg_draw.table(game, width=360))
        assert sorted(k for k in keys(wide) if k != "forecast") == sorted(k for k in keys(narrow) if k != "forecast")
        names = [w for w in d.words(wide) if w.startswith("#")]
        assert names and all(n in d.words(narrow) for n in names), "each permanent named alike"


def test_the_guided_games_question_comes_first_on_the_narrow_table():
    game = DayNight.new(["Alice", "Bob"])
    drawing = mtg_draw.table(
        game, width=390, forecast_shown=False, answers=mtg_draw.predictions(390), answers_title="Predict"
    )
    svg = str(drawing)
    order = [k for k in keys(svg) if k.startswith(("answer-", "cast-"))]
    assert order[:3] == ["answer-day", "answer-night", "answer-neither"], "the decision above the table"
    assert d.smallest_target(drawing, ["answer-day", "answer-night", "answer-neither"]) >= d.MIN_TARGET
    assert "Next check" not in svg and d.smallest_text(drawing) >= d.MIN_TEXT


@pytest.mark.parametrize("seed", range(4))
def test_the_active_players_spell_counter_comes_before_the_forecast_and_the_others(seed):
    """The click of a turn (the active player's spell counter) on a phone's first screen: right
    under the turn order, before the forecast's paragraph and the other players."""
    _, game = positions(seed)[1]
    active = game.view().active_players  # a team's players in Two-Headed Giant
    assert active
    svg = str(mtg_draw.table(game, width=360))
    counters = [k for k in keys(svg) if k.startswith("cast-")]
    assert counters[: len(active)] == [f"cast-{p}" for p in active], counters
    assert all(svg.index(f'data-key="cast-{p}"') < svg.index("Next check") for p in active)


def test_the_tracker_draws_for_the_width_the_page_reports_and_keeps_the_game_when_turned():
    app = FakeBrowser().open(Tracker(["Alice", "Bob"]), screen="narrow", width=390)
    click(app.table, "Play a game")
    assert 'viewBox="0 0 390 ' in app.table.svg
    click(app.table, "Next turn: Alice")
    click(app.table, "Alice casts a spell (0 so far this turn)")
    record = app.game.to_record()
    app.table._on_message(app.table, {"event": "screen", "screen": "wide", "width": 844}, [])
    assert 'viewBox="0 0 390 ' not in app.table.svg and app.game.to_record() == record
    app.table._on_message(app.table, {"event": "screen", "screen": "narrow", "width": 360}, [])
    assert 'viewBox="0 0 360 ' in app.table.svg and app.game.to_record() == record
    assert click(app.table, "Alice casts a spell (1 so far this turn)"), "the targets sit on the narrow table"
    assert app.game.spells_this_turn()["Alice"] == 2


def test_the_review_file_of_a_tracked_game_holds_its_narrow_tables():
    """The HTML export of a game (``daynight.review``) draws each step at its phone width too,
    through the same narrow arrangement: words and targets large enough."""
    _when, game = positions(2)[1]
    page = html(Review(game.to_record(), cls=DayNight))
    found = re.search(r'<script type="application/json" id="dn-data">(.*?)</script>', page, re.S)
    assert found is not None, "the file holds its data"
    data = json.loads(found.group(1))
    narrow = [p for p in data["pieces"] if f'viewBox="0 0 {NARROW_FILE_WIDTH} ' in p]
    assert data["narrow"] and narrow
    for svg in narrow:
        assert d.smallest_text(svg) >= d.MIN_TEXT


def test_on_a_tablet_upright_the_tracker_draws_the_narrow_table_at_its_width():
    """A table under :data:`daynight.draw.TABLET_WIDTH` (a tablet upright: some 740 px, wide for the page), and the
    tracker draws for it at scale 1, words of 11 px: the wide table shrunk had words of 7-9 px."""
    app = Tracker(["Alice", "Bob"])
    FakeBrowser().open(app, screen="wide", width=740)
    click(app.table, "Play a game")
    assert 'viewBox="0 0 740 ' in app.table.svg and d.smallest_text(app.table.svg) >= d.MIN_TEXT
