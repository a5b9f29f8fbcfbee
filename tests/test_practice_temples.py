"""The temples exercises (``daynight.temples.exercises``): for every kind, 100 seeded exercises
whose judged answer is what the engine does when the position is played on, and what a
straight reading of the rules text says (the oracles below, written here from the seed's words,
independent of ``daynight.temples.rules``: the board's geometry, the spells' data and the state
read directly); every option and mark sits on a piece of the drawing; every statement a kind
names is practised by some of its exercises."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import deque
from functools import cache
from html import escape

import pytest
from daynight.widgets.practice import HOW_TO_ANSWER, PracticeApp

from daynight.practice import CHOICE, NUMBER, SET, Exercise, judge
from daynight.temples.exercises import KINDS, At

SEEDS = range(100)
BY_NAME = {k.name: k for k in KINDS}


@cache
def exercises(kind: str) -> tuple[Exercise, ...]:
    return tuple(BY_NAME[kind].make(seed) for seed in SEEDS)


# --------------------------------------------------------------------------- the rules text, read straight

NEUTRAL, DAY, NIGHT = 0, 1, 2
COLOUR = {"day": DAY, "night": NIGHT}
OTHER = {"day": "night", "night": "day"}
#: 1.4: "the 4 squares in the centre of the board are impassable" (C4, D4, C5, D5)
CENTRE = {(3, 2), (3, 3), (4, 2), (4, 3)}
SQUARES = [r * 6 + c for r in range(8) for c in range(6) if (r, c) not in CENTRE]


def around(sq: int, diagonal: bool = False) -> list[int]:
    """3.1: bordering ("horizontally or vertically (not diagonally)"), or surrounding."""
    r, c = divmod(sq, 6)
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)] + ([(-1, -1), (-1, 1), (1, -1), (1, 1)] if diagonal else [])
    return [(r + dr) * 6 + c + dc for dr, dc in steps if 0 <= r + dr < 8 and 0 <= c + dc < 6
            and (r + dr, c + dc) not in CENTRE]  # fmt: skip


def walk(a: int, b: int) -> int:
    """3.1 Distance: "the lowest number of tiles a pawn would have to travel"."""
    seen, todo = {a: 0}, deque([a])
    while todo:
        s = todo.popleft()
        for n in around(s):
            if n not in seen:
                seen[n] = seen[s] + 1
                todo.append(n)
    return seen[b]


def groups(cells) -> list[set[int]]:
    """The groups of ``cells`` bordering on each other."""
    cells, out = set(cells), []
    while cells:
        group, todo = set(), [cells.pop()]
        while todo:
            s = todo.pop()
            group.add(s)
            for n in around(s):
                if n in cells:
                    cells.discard(n)
                    todo.append(n)
        out.append(group)
    return out


def fixed(game, sq: int) -> bool:
    """2.2, 3.2: temple tiles and Day Temple-tiles "cannot be turned over or changed any more"."""
    return bool(game.in_temple[sq]) or bool(game.temple_tile[sq])


def condition_holds(game, spell, caster: str) -> bool:
    """3.3: the italic first line, read from the spell's data: a pawn on a kind of tile, or a distance."""
    for test, who, tile, lo, hi in spell.condition:
        if test == "on":
            pawn = caster if who == "self" else OTHER[caster]
            want = {"own": COLOUR[caster], "enemy": COLOUR[OTHER[caster]], "day": DAY, "night": NIGHT}.get(tile, 0)
            if game.tiles[game.pawn[pawn]] != want:
                return False
        elif not lo <= walk(game.pawn["day"], game.pawn["night"]) <= hi:
            return False
    return True


def may_cast(game, spell, caster: str) -> bool:
    """3.3: never the other side's theme spell; only while its condition holds."""
    theirs = "crystallize" if caster == "day" else "mystify"
    return spell.type != theirs and condition_holds(game, spell, caster)


def acts_on(game, spell, caster: str) -> set[int]:
    """3.1 the areas, 3.2 the standard actions: the squares a spell's step can act on."""
    step = spell.effect[0]
    centre = game.pawn[caster if step.of == "self" else OTHER[caster]]
    area = {
        "location": lambda: [centre],
        "bordering": lambda: around(centre),
        "surrounding": lambda: around(centre, diagonal=True),
        "within": lambda: [s for s in SQUARES if walk(centre, s) <= step.distance],
    }[step.area]()
    want = {"own": COLOUR[caster], "enemy": COLOUR[OTHER[caster]], "day": DAY, "night": NIGHT, "neutral": 0}
    out = set()
    for s in area:
        tile = game.tiles[s]
        if step.tiles != "any" and tile != want[step.tiles]:
            continue
        if step.op == "crystallize":
            ok = not game.crystal[s]  # "never more than one Crystallize-counter on any tile"
        elif step.op == "mystify":
            ok = tile == DAY and not fixed(game, s) and not game.mystify[s]  # on a Day-tile (remystify off)
        else:
            ok = not fixed(game, s) and not (caster == "day" and game.crystal[s])  # Crystallize: Day cannot change it
            ok = ok and not (step.op == "turn_over" and tile == NEUTRAL)  # "Neutral-tiles cannot be turned over"
            ok = (
                ok
                and not (step.op == "place" and tile != NEUTRAL)
                and not (step.op == "make_own" and tile == COLOUR[caster])
            )
        if ok:
            out.add(s)
    return out


def two_nines(cells) -> bool:
    """Two separate groups of nine in ``cells``: two groups of nine, or a nine grown breadth
    first from some square that leaves a nine bordering on each other."""
    big = [g for g in groups(cells) if len(g) >= 9]
    if len(big) >= 2:
        return True
    for g in big:
        for start in sorted(g):
            nine: list[int] = []
            todo, seen = deque([start]), {start}
            while todo and len(nine) < 9:
                s = todo.popleft()
                nine.append(s)
                for n in around(s):
                    if n in g and n not in seen:
                        seen.add(n)
                        todo.append(n)
            if any(len(h) >= 9 for h in groups(g - set(nine))):
                return True
    return False


def room(game, tiles_in_temple, temple_tile, side: str, need: int) -> bool:
    """4.2, 4.3: can ``side`` still fit the temples she needs (Day Temple-tiles closed to Night)?"""
    open_ = [s for s in SQUARES if not tiles_in_temple[s] and not (side == "night" and temple_tile[s])]
    if need <= 0:
        return True
    return any(len(g) >= 9 for g in groups(open_)) if need == 1 else two_nines(open_)


def new_group(game, side: str, here: int):
    """2.2: the tile placed on ``here`` and the tiles of its colour outside temples bordering on it."""
    tiles = list(game.tiles)
    tiles[here] = COLOUR[side] if tiles[here] == NEUTRAL else 3 - tiles[here]
    mine = [s for s in SQUARES if tiles[s] == COLOUR[side] and not game.in_temple[s]]
    return next(g for g in groups(mine) if here in g)


def result(game, move) -> str:
    """4: a second temple wins; after a temple or a Day Temple-tile, a draw when neither can
    still build what she needs; Day wins by default when Night cannot and Day can."""
    temples = {s: sum(1 for who, _sq in game.temples if who == s) for s in ("day", "night")}
    in_temple, temple_tile = list(game.in_temple), list(game.temple_tile)
    if move.__class__.__name__ == "EndTurn":  # Day's Awakening: the last counters come off
        made = [s for s in SQUARES if game.mystify[s] == 1]
        if not made:
            return "on"
        for s in made:
            temple_tile[s] = True
    else:
        side = move.who
        group = new_group(game, side, game.pawn[side])
        if len(group) < 9:
            return "on"
        temples[side] += 1
        if temples[side] >= 2:
            return side
        for s in group:
            in_temple[s] = 1
    day = room(game, in_temple, temple_tile, "day", 2 - temples["day"])
    night = room(game, in_temple, temple_tile, "night", 2 - temples["night"])
    if move.__class__.__name__ == "EndTurn" and not night:
        return "day" if day else "draw"
    return "on" if day or night else "draw"


def oracle(ex: Exercise):
    """The answer a reader of the rules text gives for ``ex``'s position."""
    at: At = ex.position
    game, move = at.game, at.move
    side = game.turn
    if ex.kind == "travel":  # 2.1 Travelling, 3.2 Crystallize
        here = game.pawn[side]
        if game.hours < 3 or (side == "day" and game.crystal[here]):
            return frozenset()
        return frozenset(s for s in around(here) if s not in game.visited and not (side == "day" and game.crystal[s]))
    if ex.kind in ("castable", "steal"):  # 2.1 Spell Casting, 3.3
        assert ex.kind == "castable" or game.pending is not None
        caster = game.pending.caster if game.pending is not None and ex.kind == "steal" else side
        hand = game.hand[OTHER[caster]] if ex.kind == "steal" else game.hand[side]
        cheapest = (lambda sp: sp.x[0] if sp.cost == "X" else sp.cost) if ex.kind == "castable" else (lambda sp: 0)
        return frozenset(c for c in hand if may_cast(game, game.cards[c], caster) and cheapest(game.cards[c]) <=
                         game.hours and (game.phase == "cast" or ex.kind == "steal"))  # fmt: skip
    if ex.kind == "hours_left":  # 2.1: 12 hours, each spell its cost, each tile travelled 3
        costs = [m.x if m.x is not None else game.cards[m.card].cost for m in move if type(m).__name__ == "Cast"]
        return 12 - sum(costs) - 3 * sum(1 for m in move if type(m).__name__ == "Travel")
    if ex.kind == "whose_turn":  # 1.4 Day begins; 2.1 Retreating; 2.2 "finishes his turn as usual"
        if move is None:
            return "day"
        if type(move).__name__ == "EndTurn":
            return move.who if len(game.hand[move.who]) > 5 else OTHER[move.who]
        return move.who
    if ex.kind == "discards":  # 2.1 Retreating: "discard down to five Spells"
        return max(0, len(game.hand[side]) - 5)
    if ex.kind in ("targets", "how_many"):  # 3.1, 3.2; 2.1 "as much as possible"
        spell = game.cards[move.card]
        targets = acts_on(game, spell, move.who)
        if ex.kind == "targets":
            return frozenset(targets)
        count = spell.effect[0].count
        wanted = {"all": len(targets), "x": move.x, "x_half": (move.x or 0) // 2}.get(count, count)
        return min(wanted, len(targets))
    if ex.kind == "new_temple":  # 2.2: nine (or more) bordering own tiles outside temples
        group = new_group(game, move.who, game.pawn[move.who])
        return frozenset(group) if len(group) >= 9 else frozenset()
    if ex.kind == "temple_pick":  # 2.2: the nine "must be bordering on each other"
        assert game.temple_pick is not None
        _who, region, picked = game.temple_pick
        return frozenset(region if not picked else {n for p in picked for n in around(p) if n in region} - set(picked))
    if ex.kind == "countdown":  # 3.2 Mystify: at the beginning of Day's turn
        return frozenset(s for s in SQUARES if game.mystify[s] == 1) if side == "night" else frozenset()
    if ex.kind == "distance":
        return walk(game.pawn["day"], game.pawn["night"])
    if ex.kind == "game_result":
        return result(game, move)
    raise AssertionError(ex.kind)


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("kind", list(BY_NAME))
def test_the_judged_answer_is_what_the_engine_does_and_what_the_rules_say(kind):
    for ex in exercises(kind):
        where = f"{kind} seed {ex.seed}: {ex.question}"
        assert ex.answer == ex.outcome, f"{where}: judged {ex.answer!r}, the engine did {ex.outcome!r}"
        assert ex.answer == oracle(ex), f"{where}: judged {ex.answer!r}, the rules text says {oracle(ex)!r}"
        assert judge(ex, list(ex.answer) if ex.shape == SET else ex.answer).right
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
def test_the_answers_vary(kind):
    """Positions from fresh seeds give different answers (an empty set is one answer among others)."""
    answers = {ex.answer for ex in exercises(kind)}
    assert len(answers) >= min(3, len(exercises(kind)[0].options)), answers


@pytest.mark.parametrize("kind", list(BY_NAME))
def test_every_option_and_mark_sits_on_a_drawn_piece(kind):
    for ex in exercises(kind)[:25]:
        root = ET.fromstring(str(ex.drawing))
        keys = [el.get("data-key") for el in root.iter() if el.get("data-key")]
        assert len(keys) == len(set(keys)), "keys are unique in a drawing"
        assert all(o.key in keys for o in ex.options if o.key), (ex.seed, [o.key for o in ex.options])
        assert all(m.key in keys for m in ex.marks), (ex.seed, [m.key for m in ex.marks])
        toolbar = [o.name for o in ex.options if not o.key]
        assert all(o.name.strip() for o in ex.options) and len(set(toolbar)) == len(toolbar)
        assert ex.reason and ex.said and ex.question and all(m.label for m in ex.marks)


def test_the_same_seed_gives_the_same_exercise():
    for kind in KINDS:
        a, b = kind.make(7), kind.make(7)
        assert (a.question, a.answer, a.rules, str(a.drawing)) == (b.question, b.answer, b.rules, str(b.drawing))


def test_the_shapes_of_the_answers():
    assert {k.shape for k in KINDS} == {CHOICE, NUMBER, SET}
    for kind in KINDS:
        ex = exercises(kind.name)[0]
        assert ex.shape == kind.shape
        assert isinstance(ex.answer, frozenset) == (kind.shape == SET)


# --------------------------------------------------------------------------- on the practice page, without a browser


def app_for(kind: str, seed: int = 5) -> PracticeApp:
    app = PracticeApp("temples", seed=seed)
    app.choose_kinds([kind])
    assert app.exercise.kind == kind
    return app


def click(app, value) -> None:
    """Click the option meaning ``value`` on the table, as a learner does."""
    option = next(o for o in app.exercise.options if o.value == value)
    target = next(t for t in app.table.targets if t["name"] == option.name and t["key"] == option.key)
    app.table.choose(target["id"])


def answer_wrong(app) -> None:
    ex = app.exercise
    values = [o.value for o in ex.options]
    if ex.shape == SET:
        wrong = [v for v in values if v not in ex.answer][:1] + sorted(ex.answer, key=values.index)[1:]
        for v in wrong:
            click(app, v)
        app.table.choose("check")
    else:
        click(app, next(v for v in values if v != ex.answer))


def answer_right(app) -> None:
    ex = app.exercise
    if ex.shape != SET:
        click(app, ex.answer)
        return
    for v in list(app.given):  # take the earlier marks out again
        click(app, v)
    for v in sorted(ex.answer, key=[o.value for o in ex.options].index):
        click(app, v)
    app.table.choose("check")


@pytest.mark.parametrize("kind", list(BY_NAME))
def test_each_kind_answered_wrong_then_right_on_the_table(kind):
    app = app_for(kind)
    ex = app.exercise
    assert (
        app.table.status == HOW_TO_ANSWER[ex.shape]()
        and escape(ex.question) in app.question.value
        and "Show me" in app.table.target_names()
    )
    keys = {t["key"] for t in app.table.targets if t["key"]}
    assert keys <= set(re.findall(r'data-key="([^"]+)"', app.table.svg)), "every target is a drawn piece"
    answer_wrong(app)
    assert app.table.status.startswith("Not quite:") and app.table.status_kind == "error"
    assert "The rule" in app.feedback.value and not app.done
    answer_right(app)
    assert app.table.status == f"Right: {ex.said}." and app.table.status_kind == "ok" and app.done
    assert app.table.marks == [{"key": m.key, "label": m.label, "tone": m.tone} for m in ex.marks]
    assert "What the engine did" in app.feedback.value and all(f"<b>{i}</b>" in app.feedback.value for i in ex.rules)
    assert app.progress.kinds[kind] == [1, 0] and all(app.progress.rules[r] == [1, 0] for r in ex.rules)
    app.table.choose("another")
    assert app.exercise is not ex and app.exercise.kind == kind, "after a miss, a new position of the same kind"


def test_a_kind_answered_right_at_the_first_try_counts_so():
    app = app_for("distance")
    answer_right(app)
    assert app.progress.kinds["distance"] == [1, 1] and app.progress.first == 1
