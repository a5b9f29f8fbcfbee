"""The drawings of Day & Night (``daynight.stars.draw``): well-formed SVG on thousands of seeded
states, every card shown is named, no card the viewer may not see is drawn, the pieces carry
their words and keys, and the values show themselves in a notebook."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from daynight import draw as dd
from daynight.stars import CHOOSE, Commit, StarsGame, default_deck, find_card, play_cards, teaching_position
from daynight.stars import draw as D

EXAMPLE = [["orange 7", "pink 9"], ["orange 10", "purple 8"], ["blue 2", "blue 4"]]
NAMES = ["Ursula", "Matthias", "Irene"]


def rulebook(time: str) -> StarsGame:
    g = teaching_position(EXAMPLE, "orange 4", time=time, names=NAMES)
    return play_cards(g, ["orange 7", "orange 10", "blue 2"], ["pink 9", "purple 8", "blue 4"])


def seen_and_hidden(g: StarsGame, viewer: int | None):
    """The cards a drawing for ``viewer`` must name, and those it must not show."""
    shown = list(g.table) + [c for cs in g.collected for c in cs]
    hidden = list(g.pile) + list(g.removed)
    for p in range(g.n):
        mine = viewer is None or p == viewer
        (shown if mine else hidden).extend(g.hands[p])
        if g.pending[p] is not None:
            (shown if mine else hidden).append(g.pending[p])
    return shown, hidden


def check(g: StarsGame, viewer: int | None) -> list[str]:
    drawing = D.table(g, viewer)
    words = dd.words(drawing)  # raises ParseError if not well-formed
    text = "\n".join(words)
    shown, hidden = seen_and_hidden(g, viewer)
    names = set(words)
    for c in shown:
        assert c.name in names or any(w.endswith(", " + c.name) for w in names), (
            f"{c.name} is not named ({g.describe()})"
        )
    visible = {c.name for c in shown}
    for c in hidden:
        if c.name not in visible:  # a twin of a visible card has the same words
            assert c.name not in text, f"hidden {c.name} is drawn for viewer {viewer} ({g.describe()})"
    return words


def test_thousands_of_seeded_states_are_well_formed_named_and_hide_what_they_must():
    states = 0
    for seed in range(18):
        players = 3 + seed % 3
        g = StarsGame.new(players, seed)
        rng = random.Random(seed)
        step = 0
        while True:
            # every viewer and the teacher on a sample of states, one viewer on every state
            viewers = [None, *range(g.n)] if step % 11 == 0 else [step % g.n]
            for viewer in viewers:
                check(g, viewer)
                states += 1
            if g.is_over():
                break
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))])
            step += 1
    assert states >= 1800


def test_the_hidden_check_can_fail(monkeypatch):
    g = StarsGame.new(4, 3)
    g.play(Commit(1, g.hands[1][0]))
    check(g, 0)
    assert g.pending[1].name in str(D.table(g, 1)), "Player 2 sees their own face-down card"
    monkeypatch.setattr(g, "view", lambda p: _leaky_view(g, p), raising=False)
    with pytest.raises(AssertionError, match="hidden"):
        check(g, 0)


def _leaky_view(g, p):
    """A broken view that shows player 1's hand to everybody (to prove the test catches it)."""
    from dataclasses import replace

    v = StarsGame.view(g, p)
    return replace(v, hand=v.hand + tuple(g.hands[1]))


def test_a_card_shows_its_colour_value_and_stars_or_time_symbol_in_words():
    star = find_card("orange 8")
    time = find_card("blue 6 time")
    for c, mark in ((star, f"{star.stars} star"), (time, "time symbol")):
        drawing = D.card(c)
        words = dd.words(drawing)
        assert c.name in words and str(c.value) in words and c.colour in words
        assert mark in c.name
        root = ET.fromstring(drawing.svg)
        assert root.get("role") == "group"
    assert time.name == "blue 6, time symbol" and "<polygon" not in D.card(time).svg  # no stars on a time card
    assert D.card(star).svg.count("<polygon") == star.stars  # one star drawn per star
    assert star._repr_html_().count("<svg") == 1 and star._repr_svg_().startswith("<svg")


def test_every_colour_reads_without_colour_vision():
    patterns = {c.pattern for c in D.COLOUR.values()}
    assert len(patterns) == 4, "each colour has its own pattern"
    assert all(c.contrast() >= 4.5 for c in D.COLOUR.values())
    assert dd.contrast(D.DAY_FILL, D.DAY_INK) >= 4.5 and dd.contrast(D.NIGHT_FILL, D.NIGHT_INK) >= 4.5


def test_the_time_card_has_a_sun_side_and_a_moon_side():
    day, night = dd.words(D.time_card(True)), dd.words(D.time_card(False))
    assert "DAY" in day and "highest total" in day and "NIGHT" in night and "lowest total" in night
    g = teaching_position(EXAMPLE, "orange 6 time", names=NAMES)  # the reveal turns it over
    flipping = D.table(g, 0, since=0)
    assert "dn-anim-flip" in flipping.svg and "NIGHT" in dd.words(flipping)
    assert "dn-anim-flip" not in D.table(g, 0).svg, "without `since`, nothing moves"


def test_the_rulebook_example_is_drawn_as_a_table_of_three_players():
    for time, colour, total, first, second in (
        ("day", "orange", 21, "Matthias", "Ursula"),
        ("night", "blue", 6, "Irene", None),
    ):
        g = rulebook(time)
        words = dd.words(D.table(g))
        for name in NAMES:
            assert f"{name}'s place" in words
        assert f"{colour} {total}, wins" in words and f"{colour} wins" in words
        assert any(w.startswith("1st:") for w in words)
        assert "choosing: " + first in words
        if second:
            assert "2nd: orange 7" in words
        else:
            assert not any(w.startswith("2nd") for w in words)


def test_a_finished_round_lists_what_was_revealed_played_won_taken_and_dropped():
    g = teaching_position(
        [["orange 11", "pink 9"], ["orange 11", "purple 8"], ["orange 2", "blue 4"]], "orange 4", names=NAMES
    )
    play_cards(g, ["orange 11", "orange 11", "orange 2"], ["pink 9", "purple 8", "blue 4"])
    g.play(g.legal_moves()[0])
    rnd = g.rounds[-1]
    words = dd.words(D.round_table(rnd, g.names))
    assert "orange wins" in words and "tied (11): no card" in words
    assert f"1st: took {rnd.taken[2].colour} {rnd.taken[2].value}" in words
    assert rnd._repr_html_().count("<svg") == 1
    desc = ET.fromstring(D.round_table(rnd, g.names).svg).find("{http://www.w3.org/2000/svg}desc").text
    assert "Ursula tied and received no card" in desc and "Irene took" in desc


def test_the_viewers_hand_cards_and_the_table_cards_carry_keys():
    g = rulebook("day")
    root = ET.fromstring(D.table(g, 1).svg)
    keys = {el.get("data-key") for el in root.iter() if el.get("data-key")}
    assert {f"hand-{c.id}" for c in g.hands[1]} <= keys
    assert {f"card-{c.id}" for c in g.table} <= keys
    assert not {f"hand-{c.id}" for c in g.hands[0]} & keys
    keyed = [el for el in root.iter() if el.get("data-key")]
    assert len(keyed) == len({el.get("data-key") for el in keyed}), "keys are unique"


def test_a_hint_is_written_under_the_hand():
    g = StarsGame.new(4, 2)
    best = g.hands[0][3]
    words = dd.words(D.table(g, 0, hint={c.id: f"{i}.5 stars" for i, c in enumerate(g.hands[0])}, best=best.id))
    assert "3.5 stars" in words and "0.5 stars" in words


def test_a_name_from_a_file_cannot_break_the_drawing():
    g = teaching_position(EXAMPLE, "orange 4", names=['<b>"Ann"</b>\n', "Bob", "C\u202ed"])
    drawing = D.table(g)
    ET.fromstring(drawing.svg)
    assert "<b>" not in drawing.svg and any('<b>"Ann"</b>' in w for w in dd.words(drawing))


def test_the_small_values_draw_themselves():
    deck = default_deck()
    hand = deck.cards[:7]
    assert all(c.name in dd.words(D.hand(hand)) for c in hand)
    words = dd.words(D.collected([find_card("pink 13"), find_card("blue 2")]))
    assert f"{find_card('pink 13').stars + find_card('blue 2').stars} stars on 2 cards" in words
    assert "orange 21, wins" in dd.words(
        D.totals([find_card("orange 10"), find_card("orange 11"), find_card("blue 2")], True)
    )
    g = rulebook("night")
    assert g._repr_html_().count("<svg") == 1
    assert dd.words(D.back()) == ["a face-down card", "a face-down card", "a face-down card", "a face-down card"]


def test_every_state_of_a_step_is_drawn_and_the_choosing_is_shown():
    g = rulebook("day")
    assert g.phase == CHOOSE
    words = dd.words(D.table(g, 0))
    assert "2nd: orange 7" in words and "1st: orange 10" in words and "no orange: no card" in words
    g.play(g.legal_moves()[0])  # Matthias takes a card
    words = dd.words(D.table(g, 0))
    assert any(w.startswith("1st: took ") for w in words)
