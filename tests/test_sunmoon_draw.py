"""The drawings of Sonne und Mond: well-formed SVG carrying the words of every card they show,
never a card the viewer may not see, and drawn as the play report describes the cards."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest

from daynight import draw as d
from daynight.sunmoon import FACES, KINDS, Harvest, Place, SunMoon, card
from daynight.sunmoon import draw as sd

NAME = re.compile(r"\b(sun|moon) (\d+)\b|\b(solar|lunar) eclipse\b")


def named(svg: str, parse: bool = True) -> set[str]:
    """The card names a drawing's words mention. With ``parse`` the drawing is parsed (it must
    be well-formed) and its words read by ``daynight.draw.words``; without, the names are
    found in the text itself (markup holds no card name), ten times faster, for the many
    states in between."""
    texts = d.words(svg) if parse else [svg]
    out = set()
    for text in texts:
        for m in NAME.finditer(text):
            out.add(m.group(0) if m.group(3) else f"{m.group(1)} {m.group(2)}")
    return out


def shown_to(g: SunMoon, viewer: int | None) -> set[str]:
    """The cards a drawing for ``viewer`` must name: every card in every row, the top of the
    discard pile, and the viewer's hand (every hand, for a teacher)."""
    cards = [c for r in g.rows for k in KINDS for place in r[k] for c in place]
    cards += g.discard[-1:]
    cards += [c for h in g.hands for c in h] if viewer is None else g.hands[viewer]
    return {c.name for c in cards}


def hidden_from(g: SunMoon, viewer: int) -> set[str]:
    """Numbered cards ``viewer`` may not see (eclipse names are shared by five cards)."""
    cards = [c for p in range(g.n) if p != viewer for c in g.hands[p] + g.harvested[p]]
    cards += g.draw_pile + g.box
    return {c.name for c in cards if not c.eclipse}


def seeded_states(games: int):
    for seed in range(games):
        g = SunMoon.new(2 + seed % 3, seed)
        pick = random.Random(seed)
        while not g.is_over():
            yield g
            moves = g.legal_moves()
            g.play(moves[pick.randrange(len(moves))])
        yield g


def test_thousands_of_states_are_drawn_showing_what_the_viewer_sees_and_nothing_else():
    states = 0
    for g in seeded_states(10):
        viewer = g.turn if states % 4 else (states // 4) % g.n
        svg = str(sd.table(g, viewer))
        words = named(svg, parse=states % 16 == 0)
        assert shown_to(g, viewer) <= words, (g.describe(), shown_to(g, viewer) - words)
        assert not hidden_from(g, viewer) & words, (g.describe(), hidden_from(g, viewer) & words)
        if states % 16 == 0:  # a teacher sees every hand
            assert shown_to(g, None) <= named(str(sd.table(g, None)), parse=False)
        states += 1
    assert states > 800


def test_the_check_catches_a_drawing_that_shows_a_hidden_hand():
    """The test above can fail: a drawing built from the teacher's view names the others' cards."""
    g = SunMoon.new(3, 4)
    teacher = named(str(sd.table(g, None)))
    assert hidden_from(g, 0) & teacher
    assert not hidden_from(g, 0) & named(str(sd.table(g, 0)))


def sun_height(c) -> float:
    """The height of the sun (or moon) on a card: how far its centre lies above the card's foot."""
    root = ET.fromstring(str(sd.card_drawing(c)))
    ns = "{http://www.w3.org/2000/svg}"
    if c.kind == "sun":
        ys = [float(el.get("cy")) for el in root.iter(f"{ns}circle") if el.get("fill") == d.SUN_FILL]
    else:
        ys = [
            float(re.match(r"M[\d.]+,([\d.]+)", el.get("d")).group(1)) + sd.HAND_W * 0.17 * 0.89
            for el in root.iter(f"{ns}path")
            if el.get("fill") == d.MOON_FILL
        ]
    assert len(ys) == 1, c
    return sd.HAND_H - ys[0]


@pytest.mark.parametrize("kind", KINDS)
def test_the_sun_and_the_moon_stand_higher_as_the_number_grows(kind):
    heights = [sun_height(card(f"{kind} {v}")) for v in range(1, 30)]
    assert all(a < b for a, b in pairwise(heights)), heights


def test_cards_name_themselves_and_eclipses_carry_no_number():
    for c in FACES:
        svg = str(sd.card_drawing(c))
        words = d.words(svg)
        if c.eclipse:
            assert not any(ch.isdigit() for w in words for ch in w), (c, words)
            assert c.name in words
        else:
            assert str(c.value) in words and c.label in words
            if c.animal:  # the animal is drawn and named on the card
                assert c.animal in words and f"with a {c.animal}" in " ".join(words)


def test_the_back_says_nothing_of_the_front_and_shows_the_sun_the_moon_and_eight_flowers():
    svg = str(sd.back_drawing())
    assert not NAME.search(" ".join(d.words(svg))) and not any(ch.isdigit() for w in d.words(svg) for ch in w)
    root = ET.fromstring(svg)
    petals = [el for el in root.iter("{http://www.w3.org/2000/svg}circle") if el.get("stroke-dasharray")]
    assert len(petals) == 8  # four flowers for the sun, four for the moon ("各有四朵花")


def test_an_eclipse_lies_on_the_card_it_covers_and_a_restored_place_shows_both():
    row = [[card("sun 8")], [card("sun 12"), card("solar eclipse"), card("sun 15")], [card("sun 21")]]
    svg = str(sd.row_drawing(row, "sun"))
    words = " ".join(d.words(svg))
    assert "sun 15 restoring the place, on top of a solar eclipse and sun 12" in words
    root = ET.fromstring(svg)
    place = next(el for el in root.iter() if el.get("data-key") == "-1")
    layers = [el for el in place if el.tag.endswith("g")]
    offsets = [
        float(re.search(r"translate\(0,([\d.]+)\)", el.get("transform")).group(1)) if el.get("transform") else 0.0
        for el in layers
    ]
    assert len(layers) == 2 and 0 < offsets[0] < offsets[1] < sd.H  # each card a little lower


def test_harvest_piles_of_others_are_face_down_counts():
    g = SunMoon.from_position(
        {
            "hands": [["moon 1"], ["moon 2"]],
            "rows": [{}, {}],
            "harvested": [["sun 20", "sun 21"], ["sun 3", "sun 4", "lunar eclipse"]],
        }
    )
    words = " ".join(d.words(str(sd.table(g, 0))))
    assert "Player 2's harvest, face down: 3 cards" in words and "harvested 3" in words
    assert "harvested 2 (+2)" in words  # the viewer knows their own points
    assert "sun 3" not in words and "sun 20" not in words


def test_what_just_happened_is_animated():
    g = SunMoon.from_position(
        {
            "hands": [["sun 9", "moon 4"], ["moon 1"]],
            "rows": [{"sun": ["sun 2", "sun 3", "sun 5", "sun 6", "sun 7"]}, {}],
        }
    )
    assert "dn-anim" not in str(sd.table(g, 0))
    g.play(Harvest(0, 0, "sun"))
    assert "dn-anim-harvest" in str(sd.table(g, 0))
    g.play(Place(1, card("moon 1"), 1, "moon", 0))
    svg = str(sd.table(g, 0))
    assert "dn-anim-enter" in svg and "dn-anim-harvest" not in svg


def test_colours_read_and_differ_by_pattern_too():
    patterns = {c.pattern for c in sd.COLOURS.values()}
    assert len(patterns) == len(sd.COLOURS)
    for c in sd.COLOURS.values():
        assert c.contrast() >= 4.5, c
    for ground in sd.GROUND.values():
        assert d.contrast(ground, sd.GROUND_INK) >= 4.5


def test_values_show_themselves_in_a_notebook():
    g = SunMoon.new(3, 1)
    assert "<svg" in g._repr_html_() and "the table" in g._repr_html_()
    assert "sun 9 with a butterfly" in card("sun 9")._repr_html_()
    assert d.table(g, 1).label == "the table as Player 2 sees it"
