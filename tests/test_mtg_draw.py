"""The MTG drawings: well-formed SVG for thousands of seeded states, the words of every
permanent they show, every colour readable, every click target named and framed."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from daynight import draw as d
from daynight.mtg import BACK, Attach, DayNight, EndGame, Enter, PermanentSpec, demo, draw


def states(seeds=range(36), moves=58):
    """Seeded random games (every move kind the engine has), yielding the game after each move."""
    for seed in seeds:
        rng = random.Random(seed)
        players = ["Alice", "Bob", "Carol"][: 1 + seed % 3]
        if seed % 7 == 6:
            game = DayNight.two_headed_giant()
        elif seed % 4 == 3:  # a Curse of Leeches on the table: an Aura that enchants a player (issue 20)
            curse = PermanentSpec.from_catalog("Curse of Leeches", controller=players[0], attached_to=players[-1])
            game = DayNight.new(players, designation="day", permanents=[curse])
        else:
            game = DayNight.new(players)
        yield game, ()
        for _ in range(moves):
            legal = [m for m in game.legal_moves() if not isinstance(m, EndGame)]
            events = game.play(legal[rng.randrange(len(legal))])
            yield game, events


def test_thousands_of_states_draw_well_formed_and_name_every_permanent():
    count = 0
    for game, events in states():
        drawing = draw.table(game, events=events)
        words = d.words(drawing)  # parses: well-formed
        text = " ".join(words)
        for p in game.permanents:
            assert p.face_name() in text, (p.label(), game.describe())
            if p.double_faced:
                assert p.other_face_name() in text
                assert ("back face" in text) or p.up != BACK
        assert game.designation_name.upper() in text or "NEITHER" in text
        for t in game.pending:
            assert f"#{t.id}" in text
        for p in game.permanents:
            if p.attached is not None:
                assert f"enchants {p.attached}" in text and f"{p.attached} is enchanted by #{p.id}" in text
        for i in game.choosing:
            for who in game.players:
                assert f'data-key="{draw.key(Attach(i, who))}"' in drawing.svg
        keys = re.findall(r'data-key="([^"]+)"', drawing.svg)
        assert len(keys) == len(set(keys)), "every click target key is unique"
        count += 1
    assert count > 2000


def test_nothing_is_hidden_so_every_viewer_sees_the_same_table():
    game = demo(3)
    everyone = draw.table(game).svg
    for p in game.players:
        assert draw.table(game, viewer=p).svg == everyone
    assert d.table(game).svg == everyone  # daynight.draw.table dispatches to this module


def test_every_keyed_piece_is_a_named_framed_image():
    game = demo(5)
    root = ET.fromstring(draw.table(game).svg)
    assert root.get("role") == "group" and root.get("aria-label").startswith("The table")
    keyed = [el for el in root.iter() if el.get("data-key")]
    assert {"sky", "forecast"} <= {el.get("data-key") for el in keyed}
    for el in keyed:
        assert el.get("role") == "img" and el.get("aria-label"), el.attrib
        assert any("dn-frame" in (c.get("class") or "") for c in el.iter()) or el.get("data-key") == "forecast"


@pytest.mark.parametrize("colour", list(draw.COLOURS.values()) + list(draw.SKY.values()), ids=lambda c: c.name)
def test_colours_read_and_carry_a_pattern_or_words(colour):
    assert colour.contrast() >= 4.5
    assert colour.pattern != "none" or colour.name in ("single-faced", "neither")


def test_a_transformed_card_is_drawn_turned_over_and_in_words():
    game = DayNight.new(["Alice"])
    from daynight.mtg import Becomes, BeginTurn

    game.play(BeginTurn("Alice"))
    game.play(Becomes("night"))
    game.play(Enter((PermanentSpec("Brutal Cathar", "dfc", "Moonrage Brute", controller="Alice"),)))
    card = d.document(draw.permanent(game.permanents[0].view()), label="a card")
    words = d.words(card)
    assert "back face" in words and "Nightbound" in words and "Moonrage Brute" in " ".join(words)
    assert "#1 Moonrage Brute, back face up (transformed); other face Brutal Cathar, nightbound" in words[2]
    assert draw.COLOURS["night"].fill in card.svg  # the night frame
    assert "<path" in card.svg and 'fill="#dfe6f5"' in card.svg  # the crescent moon of the back face


def test_a_name_from_a_file_cannot_break_the_drawing():
    hostile = 'Ann</text><script>alert(1)</script>\n\u202e"&'
    game = DayNight.new([hostile, "Bob"])
    from daynight.mtg import BeginTurn

    game.play(BeginTurn(hostile))
    game.play(Enter((PermanentSpec(hostile, "dfc", hostile, controller=hostile),)))
    root = ET.fromstring(draw.table(game).svg)
    assert not [el for el in root.iter() if el.tag.endswith("script")]
    assert all("\n" not in w and "\u202e" not in w for w in d.words(draw.table(game)))


def test_values_show_themselves_in_a_notebook():
    game = demo(1)
    assert game._repr_html_().count("<svg") == 1 and game._repr_svg_().startswith("<svg")
    assert game.permanents[0]._repr_html_().count("<svg") == 1
