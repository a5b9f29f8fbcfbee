"""The stars exercises (``daynight.stars.exercises``): for every kind, 100 seeded exercises
whose judged answer is what the engine does when the position is played on, and what a
straight reading of the rules sheet says (the oracles below, written here from the seed's
words, independent of ``daynight.stars.rules``); every option and mark sits on a piece of the
drawing; every statement a kind names is practised by some of its exercises."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache

import pytest

from daynight.core import IllegalMoveError
from daynight.practice import CHOICE, NUMBER, ORDER, SET, Exercise, judge
from daynight.stars import Choose
from daynight.stars.exercises import KINDS, RoundAt

SEEDS = range(100)
BY_NAME = {k.name: k for k in KINDS}


@cache
def exercises(kind: str) -> tuple[Exercise, ...]:
    return tuple(BY_NAME[kind].make(seed) for seed in SEEDS)


# --------------------------------------------------------------------------- the rules sheet, read straight


def sheet_time(start_day: bool, cards) -> bool:
    """ "If a card shows the time symbol, the time card is turned over" (once per symbol)."""
    day = start_day
    for c in cards:
        if c.time:
            day = not day
    return day


def sheet_winner(cards, day: bool):
    """Day: the colour with the highest total; night: the lowest; a tie: none (colours not on
    the table have no total, the package's default option)."""
    totals: dict[str, int] = {}
    for c in cards:
        totals[c.colour] = totals.get(c.colour, 0) + c.value
    best = max(totals.values()) if day else min(totals.values())
    top = [k for k, v in totals.items() if v == best]
    return (top[0] if len(top) == 1 else None), totals


def sheet_order(played, stars, colour, day: bool):
    """Highest (day) or lowest (night) value in the winning colour first, both cards added;
    equal: fewer stars first; still equal: neither gets a card."""
    keys = {}
    for p, cards in enumerate(played):
        value = sum(c.value for c in cards if c.colour == colour)
        if value:
            keys[p] = (-value if day else value, stars[p])
    level = {p for p in keys if sum(k == keys[p] for k in keys.values()) > 1}
    return tuple(sorted((p for p in keys if p not in level), key=lambda p: keys[p])), level


def sheet_winners(stars, cards) -> frozenset:
    """Most stars; tied: more cards; still tied: several winners."""
    top = [p for p in range(len(stars)) if stars[p] == max(stars)]
    return frozenset(p for p in top if cards[p] == max(cards[q] for q in top))


def oracle(ex: Exercise):
    """The answer a reader of the rules sheet gives for ``ex``'s position."""
    at = ex.position
    if isinstance(at, RoundAt):
        day = sheet_time(at.start_day, at.cards)
        colour, totals = sheet_winner(at.cards, day)
        order, _level = sheet_order(at.played, at.stars, colour, day) if colour else ((), set())
        return {
            "winning_colour": colour,
            "winning_total": totals.get(colour),
            "time_card": day,
            "choosing_order": order,
            "no_card": frozenset(p for p in range(len(at.played)) if p not in order),
        }[ex.kind]
    view = at.view(0)
    if ex.kind == "may_take":
        return frozenset(c.id for c in view.table)
    if ex.kind == "last_round":
        return view.pile_size <= 2 * view.n
    if ex.kind == "game_winners":
        return sheet_winners([sum(c.stars for c in cs) for cs in view.collected], [len(cs) for cs in view.collected])
    if ex.kind == "removed_cards":
        return {3: 33, 4: 16, 5: 3}[view.n]
    raise AssertionError(ex.kind)


def played_on(ex: Exercise):
    """What the engine did when the position was played on (kept with the exercise); for
    ``may_take``, the cards the engine lets the chooser take, each tried on a copy."""
    if ex.kind != "may_take":
        return tuple(ex.outcome) if ex.kind == "choosing_order" else ex.outcome
    game, allowed = ex.position, set()
    chooser = game.to_players()[0]
    for option in ex.options:
        card = game.deck.by_id[option.value]
        try:
            game.copy().play(Choose(chooser, card))
            allowed.add(card.id)
        except IllegalMoveError:
            pass
    assert ex.outcome in allowed, "the card the game went on with is one of them"
    return frozenset(allowed)


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("kind", list(BY_NAME))
def test_the_judged_answer_is_what_the_engine_does_and_what_the_sheet_says(kind):
    for ex in exercises(kind):
        where = f"{kind} seed {ex.seed}: {ex.question}"
        assert ex.answer == played_on(ex), f"{where}: judged {ex.answer!r}, the engine did {played_on(ex)!r}"
        assert ex.answer == oracle(ex), f"{where}: judged {ex.answer!r}, the rules sheet says {oracle(ex)!r}"
        assert judge(ex, _given(ex, ex.answer)).right
        assert ex.events, f"{where}: the engine's log said nothing"


@pytest.mark.parametrize("kind", list(BY_NAME))
def test_every_statement_a_kind_names_is_practised_by_its_exercises(kind):
    named = set(BY_NAME[kind].rules)
    used = set()
    for ex in exercises(kind):
        assert set(ex.rules) <= named, f"seed {ex.seed} practises {set(ex.rules) - named}, which {kind} does not name"
        used |= set(ex.rules)
    assert used == named, f"{kind} names {sorted(named - used)} but none of 100 exercises practises them"


@pytest.mark.parametrize("kind", list(BY_NAME))
def test_every_option_and_mark_sits_on_a_drawn_piece(kind):
    for ex in exercises(kind)[:25]:
        root = ET.fromstring(str(ex.drawing))
        keys = {el.get("data-key") for el in root.iter() if el.get("data-key")}
        assert all(o.key in keys for o in ex.options if o.key), (ex.seed, [o.key for o in ex.options])
        assert all(m.key in keys for m in ex.marks), (ex.seed, [m.key for m in ex.marks])
        assert all(o.name.strip() for o in ex.options) and len({o.name for o in ex.options if not o.key}) == len(
            [o for o in ex.options if not o.key]
        ), "toolbar options have names of their own"
        assert ex.reason and ex.said and ex.question


def test_the_same_seed_gives_the_same_exercise():
    for kind in KINDS:
        a, b = kind.make(7), kind.make(7)
        assert (a.question, a.answer, a.rules, str(a.drawing)) == (b.question, b.answer, b.rules, str(b.drawing))


def test_the_shapes_of_the_answers():
    shapes = {k.name: k.shape for k in KINDS}
    assert set(shapes.values()) == {CHOICE, NUMBER, SET, ORDER}
    for kind in KINDS:
        ex = exercises(kind.name)[0]
        assert ex.shape == kind.shape
        if kind.shape == SET:
            assert isinstance(ex.answer, frozenset)
        if kind.shape == ORDER:
            assert isinstance(ex.answer, tuple)


def _given(ex: Exercise, answer):
    return list(answer) if ex.shape in (SET, ORDER) else answer
