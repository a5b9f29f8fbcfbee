"""The temple duel's drawings: thousands of seeded states drawn as one player sees them are
well-formed SVG, name every square and every card they show, never name a spell of the other
side's hand, and keep the contract of the table widget (keys, frames, patterns)."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
import xml.parsers.expat

import pytest

from daynight import draw as d
from daynight.temples import OTHER, SQUARES, Choose, TemplesGame, default_books, draw, draw_board, random_bot, thumb_bot
from daynight.temples.rules import parse_square

EMPTY = ["......", "......", "......", "..##..", "..##..", "......", "......", "......"]


def states(count: int, seed: int = 0):
    """``count`` seeded states of random and rule-of-thumb games (every few moves)."""
    rng = random.Random(seed)
    g, out, n = None, [], 0
    while len(out) < count:
        if g is None or g.is_over():
            g = TemplesGame.new(rng.randrange(1 << 30))
            bot = random_bot if n % 2 else thumb_bot
            n += 1
        side = g.to_players()[0]
        g.play(bot(g.view(side), g.legal_moves(), rng))
        if rng.random() < 0.3:
            out.append(g.copy())
    return out


def visible_names(game: TemplesGame, viewer: str) -> set[str]:
    """The spell names ``viewer`` may see: her hand, the top of both discard piles, the spell
    being cast, the other's hand while her own Steal Passion shows it."""
    names = {game.cards[c].name for c in game.hand[viewer]}
    names |= {game.cards[p[-1]].name for p in game.discards.values() if p}
    if game.pending is not None:
        names.add(game.pending.spell.name)
    if game.casting is not None:
        names.add(game.casting.spell.name)
    if game.view(viewer).shown_hand is not None:
        names |= {game.cards[c].name for c in game.hand[OTHER[viewer]]}
    return names


def test_thousands_of_drawn_states_are_well_formed_named_and_hide_the_other_hand():
    """1,000 drawings (500 seeded states, each as the player to move and as the other sees
    it): parsed, every square and every card of the viewer's hand named, the other's hand
    as backs with its count and none of its spells named. Every fourth drawing is read back
    whole with ``daynight.draw.words``; the others are parsed by expat and searched as text
    (a card names its spell in its text and at the start of its accessible name)."""
    checked = 0
    for g in states(500):
        for viewer in (g.turn, OTHER[g.turn]):
            svg = draw.table(g, viewer).svg
            if checked % 4 == 0:
                said = d.words(svg)  # raises if the SVG is not well-formed
                has_word = set(said).__contains__
                text = "\n".join(said)
            else:
                expat = xml.parsers.expat.ParserCreate()
                expat.Parse(svg, True)  # raises if the SVG is not well-formed

                def has_word(w: str, svg: str = svg) -> bool:
                    return f">{w}<" in svg

                text = svg
            for sq in SQUARES:  # every square in words
                assert draw.square_words(g, sq) in text
            for c in g.hand[viewer]:  # every card of the viewer's hand, named whole
                assert draw.spell_label(g.cards[c]) in text
            other = OTHER[viewer]
            if g.view(viewer).shown_hand is None:
                n = len(g.hand[other])
                assert has_word(f"{n} spell{'s' if n != 1 else ''} in hand")
            seen = visible_names(g, viewer)
            for c in g.hand[other]:  # the other's hand: backs, no names
                name = g.cards[c].name
                if name not in seen:
                    assert not has_word(name) and f"{name}, " not in text, (name, g.describe())
            assert "#@" not in svg  # every pattern reference resolved ...
            ids = set(re.findall(r'id="([^"]+)"', svg))
            assert set(re.findall(r"url\(#([^)]+)\)", svg)) <= ids  # ... to a pattern it defines
            checked += 1
    assert checked == 1000


def test_keys_are_unique_and_every_target_piece_has_a_frame():
    g = states(40, seed=3)[-1]
    root = ET.fromstring(draw.table(g, g.turn).svg)
    assert root.get("role") == "group" and root.get("aria-label").startswith("The temple duel, as")
    keyed = [el for el in root.iter() if el.get("data-key")]
    keys = [el.get("data-key") for el in keyed]
    assert len(keys) == len(set(keys))
    assert {draw.square_key(s) for s in SQUARES} <= set(keys)
    assert {f"card-{c}" for c in g.hand[g.turn]} <= set(keys)
    # the places a guided game's note points at: named, never targets
    assert {"turn", "hours", "side-day", "side-night"} <= set(keys)
    for el in keyed:
        assert el.get("aria-label")
        if el.get("data-key") in ("turn", "hours", "side-day", "side-night"):
            continue
        assert el.get("role") == "img"
        assert any("dn-frame" in (c.get("class") or "") for c in el.iter())


def test_a_teacher_sees_both_hands_and_a_player_only_her_own():
    g = TemplesGame.new(5)
    teacher = "\n".join(d.words(draw.table(g)))
    day = "\n".join(d.words(draw.table(g, "day")))
    for c in g.hand["night"]:
        assert draw.spell_label(g.cards[c]) in teacher
    hidden = {g.cards[c].name for c in g.hand["night"]}
    assert not any(f"\n{name}\n" in day or f"{name}, " in day for name in hidden)
    assert "Night holds 5 spells, face down" in day


def test_steal_passion_shows_the_other_hand_to_the_caster_only():
    g = TemplesGame.new(1, position={"board": EMPTY, "hands": {"day": ["D10", "D01"], "night": ["N05", "N01", "N09"]}})
    g.cast_by_name("day", "Steal Passion")
    caster = draw.table(g, "day")
    words = "\n".join(d.words(caster))
    assert "Night's hand, shown by Steal Passion" in words and "Midnight" in words
    keys = set(re.findall(r'data-key="(take-\d+)"', caster.svg))
    assert keys == {f"take-{c}" for c in g.hand["night"]}
    night = "\n".join(d.words(draw.table(g, "night")))
    assert "Sunbeam" not in night  # Day's hand stays hidden from Night
    g.play(Choose("day", next(c for c in g.hand["night"] if g.cards[c].id == "N05")))
    assert "shown by Steal Passion" not in "\n".join(d.words(draw.table(g, "day")))


def test_the_board_draws_every_kind_of_square_in_words():
    board = ["dnt...", "......", "......", "..##..", "..##..", "......", "......", "......"]
    g = TemplesGame.new(
        1, position={"board": board, "mystify": {"A1": 3}, "crystal": ["B1"], "pawns": {"day": "A1", "night": "A1"}}
    )
    said = d.words(draw.board(g, highlight=["A2"], caption="a test board"))
    words = "\n".join(said)
    assert "A1, Day-tile, 3 Mystify-counters, Day and Night stand here" in words
    assert "B1, Night-tile, crystallized" in words and "C1, Day-tile, a Day Temple-tile" in words
    assert "the impassable centre (C4, D4, C5, D5): no tile, no pawn" in words
    assert {"3 Mystify-counters", "a Crystallize-counter", "Day's pawn", "Night's pawn"} <= set(said)
    for edge in [*"ABCDEF", *"12345678"]:  # coordinates on both edges
        assert said.count(edge) >= 2
    svg = draw.board(g, highlight=["A2"]).svg
    a2 = re.search(r'<g class="dn-square" data-key="sq-A2".*?</g>', svg).group(0)
    assert "stroke-dasharray" in a2  # the highlighted square is ringed
    assert "stroke-dasharray" not in re.search(r'<g class="dn-square" data-key="sq-A3".*?</g>', svg).group(0)


def test_a_temple_rises_and_a_tile_turns_when_they_just_happened():
    board = ["dddd..", "dddd..", "....d.", "..##..", "..##..", "......", "......", "......"]
    g = TemplesGame.new(1, position={"board": board, "pawns": {"day": "A3"}, "hands": {"day": ["D16"]}})
    start = len(g.log)
    g.cast_by_name("day", "Morning Dew")  # places A3: nine Day-tiles, a temple
    assert g.temples
    svg = draw.table(g, "day", since=start).svg
    assert svg.count("dn-anim-rise") == 9
    calm = draw.table(g, "day").svg
    assert "dn-anim" not in calm


def test_spell_cards_carry_cost_book_condition_and_provenance():
    mimic = default_books()["night"].by_id("N02")
    words = d.words(draw.spell_drawing(mimic))
    assert words[0].startswith("Mimic, 3 hours, Minor spell of Night's book (attested)")
    assert "Mimic" in words and "3" in words and "Crystallize book, attested" in words
    assert "Only when Night is on a" in " ".join(words)  # the condition, in italics
    book = d.words(draw.book_drawing(default_books()["day"]))
    assert "9 copies" in book and sum(1 for w in book if w.endswith(("copies", "copy"))) == 16


def test_colours_read_and_are_not_the_only_cue():
    for colour in (*draw.TILE_COLOURS.values(), *draw.BOOK_COLOURS.values()):
        assert colour.contrast() >= 4.5, colour
    assert len({c.pattern for c in draw.TILE_COLOURS.values()}) == 3  # three patterns
    assert len({c.pattern for c in draw.BOOK_COLOURS.values()}) == 2


def test_values_draw_themselves():
    """A game, a spell and a book show their drawing in a notebook through the registry that
    draw.py fills (pictures.py): the package imports its drawings, ``import daynight`` none."""
    code = (
        "import sys, daynight; assert 'daynight.temples' not in sys.modules; "
        "import daynight.temples as t; assert 'daynight.temples.draw' in sys.modules; "
        "g = t.TemplesGame.new(1); h = g._repr_html_(); "
        "assert h.count('<svg') == 1; s = g.books['day'].spells[0]; "
        "assert 'Sunbeam' in s._repr_svg_() and '<svg' in g.books['day']._repr_html_()"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_text_from_a_record_is_escaped_in_the_drawing():
    book = dict(default_books()["day"].raw)
    spells = [dict(s) for s in book["spells"]]
    spells[0]["name"] = "Sun</text><script>x</script>\u202e"
    book["spells"] = spells
    from daynight.temples import load_book

    g = TemplesGame.new(1, books={"day": load_book(book, "day")}, position={"board": EMPTY, "hands": {"day": ["D01"]}})
    svg = draw.table(g, "day").svg
    root = ET.fromstring(svg)
    assert not [el for el in root.iter() if el.tag.endswith("script")]
    assert "\u202e" not in svg


@pytest.mark.parametrize("viewer", ["day", "night", None])
def test_a_hand_of_many_cards_still_fits_beside_the_board(viewer):
    g = TemplesGame.new(2, position={"board": EMPTY, "hands": {"day": ["D01"] * 9, "night": ["N01"] * 10 + ["N02"]}})
    drawing = draw.table(g, viewer)
    assert drawing.width <= 900
    assert drawing.height <= (820 if viewer is None else 720)


@pytest.mark.parametrize("cards", [3, 5, 8, 12])
@pytest.mark.parametrize("small", [False, True])
def test_every_word_of_a_spell_card_stays_inside_the_card(cards, small):
    """Every line of every spell's card, in a hand of ``cards`` beside the board (the other's
    hand shown ``small``), fits inside the card, its width estimated as the drawings' word wrap
    does (0.55 em a letter): the footer "Crystallize book, reconstructed" ran past the card's
    edge, hidden by the next card ("reconstructe")."""
    spells = list({(sp.book, sp.name): sp for b in default_books().values() for sp in b.spells}.values())
    checked = 0
    for start in range(0, len(spells), cards):
        chunk = (spells[start:] + spells)[:cards]
        _w, _h, parts = draw.hand_parts(chunk, [f"c{i}" for i in range(cards)], draw.RIGHT_W - 16, small=small)
        root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{"".join(parts)}</svg>')
        for card in (el for el in root.iter() if el.get("data-key")):
            frame = next(el for el in card.iter() if "dn-frame" in (el.get("class") or ""))
            card_w = float(frame.get("width", 0))
            for text in (el for el in card.iter() if el.tag.endswith("text")):
                line, size = text.text or "", float(text.get("font-size", 0))
                width = 0.55 * size * len(line)
                left = float(text.get("x", 0)) - {"end": width, "middle": width / 2}.get(text.get("text-anchor"), 0)
                assert left >= 0 and left + width <= card_w, (card.get("aria-label"), card_w, line)
                checked += 1
    assert checked > 10 * len(spells)


def test_a_square_picked_for_a_temple_says_so_without_covering_its_other_words():
    """A picked square says "picked" once, in the tile's word's place (the tile's colour, pattern
    and symbol stay, and its accessible name says the rest), on the wide table and on a phone's
    narrow one (every word 11 px): no word of the square lies on another (it lay on "Night")."""
    board = ["dnt...", "..n...", "......", "..##..", "..##..", "......", "......", "......"]
    g = TemplesGame.new(1, position={"board": board, "pawns": {"day": "A1", "night": "C2"}})
    for big in (False, True):
        _w, _h, parts = draw_board.board_parts(g.view("night"), picked=[parse_square("C2")], big=big)
        svg = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{"".join(parts)}</svg>')
        c2 = next(e for e in svg.iter() if e.get("data-key") == "sq-C2")
        words = [t for t in c2.iter("{http://www.w3.org/2000/svg}text") if t.text]
        assert [t.text for t in words].count("picked") == 1, [t.text for t in words]
        own = [t for t in c2 if t.tag.endswith("text")]  # the square's own lines (a pawn is a group of its own)
        boxes = []
        for t in own:
            x, y, size = (float(t.get(a)) for a in ("x", "y", "font-size"))
            width = d.text_width(t.text, size)
            left = {"middle": x - width / 2, "end": x - width}.get(t.get("text-anchor"), x)
            boxes.append((left, y - 0.75 * size, left + width, y, t.text))
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert apart, f"big={big}: {a[4]!r} lies on {b[4]!r}"
