"""Sonne und Mond's one legality path (issue 25): ``legal_moves`` and ``_check`` agree on every
move a player could make, ``core.Game.play`` accepts a listed move by identity and any other
through ``_check``, every cache of the fast path holds what the rule functions say, and every
rule a refusal names is decided by one function of ``rules.py`` that says so."""

from __future__ import annotations

import ast
import inspect
import pickle
import random
from pathlib import Path

import pytest

from daynight.core import Game, IllegalMoveError, Reader
from daynight.sunmoon import (
    KINDS,
    Card,
    Cover,
    Harvest,
    Options,
    Place,
    Restore,
    SelfDestruct,
    SunMoon,
    card,
    draw,
    engine,
    pictures,
    rules,
)

OPTION_SETS = [
    Options(),
    Options(harvest_takes="row", restore_order="any", eclipse_on_eclipse=True),
    Options(animal_without_follow_up="self_destruct", eclipse_on_lone_card=False, final_round=False),
]


def states(games: int = 6, every: int = 1):
    """States of seeded random games (2-4 players, every option set), one after another."""
    for seed in range(games):
        g = SunMoon.new(2 + seed % 3, seed, options=OPTION_SETS[seed % len(OPTION_SETS)], explain=False)
        pick = random.Random(seed)
        step = 0
        while not g.is_over():
            if step % every == 0:
                yield g
            moves = g.legal_moves()
            g.play(moves[pick.randrange(len(moves))])
            step += 1


def candidates(g: SunMoon):
    """Every move of the right shape a player could try now: each card of the mover's hand (and
    one card they do not hold) at each end, place and one place beyond of every row, for the
    mover and another seat; every harvest; every self-destruct."""
    p = g.turn
    other = (p + 1) % g.n
    outside = next(c for c in (card("sun 1"), card("moon 1"), card("sun 2")) if c not in g.hands[p])
    for who in (p, other):
        for c in [*dict.fromkeys(g.hands[p]), outside]:
            for o in range(g.n):
                for kind in KINDS:
                    length = len(g.rows[o][kind])
                    for i in range(length + 2):
                        yield Place(who, c, o, kind, i)
                        yield Cover(who, c, o, kind, i)
                        yield Restore(who, c, o, kind, i)
        for o in range(g.n):
            for kind in KINDS:
                yield Harvest(who, o, kind)
        yield SelfDestruct(who)


def test_check_and_legal_moves_agree_on_every_move_a_player_could_try():
    tried = refused = 0
    for g in states(games=6, every=3):
        legal = g.legal_moves()
        for m in candidates(g):
            listed = m in legal
            assert (g.why_illegal(m) is None) == listed, (g.describe(), m, g.why_illegal(m))
            tried += 1
            refused += not listed
        assert all(g.why_illegal(m) is None for m in legal)
    assert tried > 20_000 and refused > 0.9 * tried


def test_a_listed_move_is_accepted_by_identity_and_a_move_built_anew_through_check():
    watched, checked = [SunMoon.new(3, 5), SunMoon.new(3, 5)], []
    for g in watched:
        original = g._check
        g._check = lambda m, original=original: checked.append(m) or original(m)  # type: ignore[method-assign]
    listed = watched[0].legal_moves()[0]
    fields = [getattr(listed, f) for f in listed.__dataclass_fields__]
    anew = type(listed)(*fields)
    assert anew == listed and anew is not listed and engine.move(type(listed), *fields) is listed
    assert watched[1].legal_moves() == watched[0].offered  # equal moves, the same objects, offered by both
    assert watched[0].offers(listed) and not watched[1].offers(anew)
    watched[0].play(listed)  # listed: accepted at a glance
    assert checked == []
    watched[1].play(anew)  # built anew: the rules check it, and it is played the same
    assert checked == [anew] and watched[0].to_record() == watched[1].to_record()
    assert SunMoon.play is Game.play  # the engine's play is core's


@pytest.mark.parametrize("move", [None, "sun 3", 42, Place, object(), Harvest("x", 0, "sun"), SelfDestruct(9)])
def test_a_move_never_offered_is_refused_by_the_rules(move):
    g = SunMoon.new(2, 1)
    before = g.snapshot()
    g.legal_moves()
    assert g.snapshot() == before  # what was offered is no part of the state
    assert g.offered and not g.offers(move)
    with pytest.raises(IllegalMoveError):
        g.play(move)
    assert g.offered  # refused: nothing changed, what was offered still stands


def test_a_move_read_from_a_record_is_the_listed_move():
    g = SunMoon.new(4, 3)
    for _ in range(30):
        for m in g.legal_moves():
            assert g.move_from_json(Reader(g.move_to_json(m))) is m
        g.play(g.legal_moves()[-1])


def fresh(g: SunMoon) -> SunMoon:
    """The same state with every cache forgotten (a pickled copy asks the rules anew)."""
    return pickle.loads(pickle.dumps(g))


def ways_by_the_rules(g: SunMoon, o: int, kind: str, value: int):
    """The ways a card of ``kind`` and ``value`` (0: an eclipse) goes into ``o``'s row, asked of
    ``rules.py`` directly."""
    row, options = g.rows[o][kind], g.options
    if value == 0:
        return tuple(
            (Cover, i) for i in rules.cover_places(row, options.eclipse_on_eclipse, options.eclipse_on_lone_card)
        )
    ways = rules.number_places(rules.shape(row), value, options.restore_order == "outermost")
    return tuple((Place if way == rules.PLACE else Restore, i) for way, i in ways)


def test_every_cache_of_the_fast_path_holds_what_the_rules_say():
    held = 0
    for g in states(games=6):
        g.legal_moves()
        for kind in KINDS:
            for o in range(g.n):
                known = g._shapes[kind][o]
                if known is not None:
                    assert known == rules.shape(g.rows[o][kind]), (g.describe(), o, kind)
                    held += 1
                for value, ways in (g._fits[kind][o] or {}).items():
                    assert ways == ways_by_the_rules(g, o, kind, value), (g.describe(), o, kind, value)
                    held += 1
        assert g._legal == fresh(g).legal_moves()
    for key, built in engine.BUILT.items():
        assert built == key[0](*key[1:])
    assert held > 5_000


def test_the_cache_check_can_fail():
    """The test above catches a row whose cache was not forgotten when the row changed."""
    g = SunMoon.from_position({"hands": [["sun 20", "sun 3"], ["moon 1"]], "rows": [{"sun": ["sun 10"]}, {}]})
    g.legal_moves()
    known = g._fits["sun"][0]  # engine.FITS's entry for this shape: other games may have added values
    assert known[20] == ways_by_the_rules(g, 0, "sun", 20) and known[3] == ways_by_the_rules(g, 0, "sun", 3)
    g.rows[0]["sun"].append([card("sun 25")])  # the row changes behind the engine's back
    assert g._fits["sun"][0][20] != ways_by_the_rules(g, 0, "sun", 20)


#: the rules of the game that a refusal names (the others name a malformed move: moves, rows,
#: hand, players, end of the game)
GAME_RULES = {
    "turn order",
    "animal card",
    "self-destruct",
    "harvest: own rows only",
    "harvest: five or more",
    "row kind",
    "eclipses",
    "ends only",
    "ascending",
    "restoring",
    "restoring: between",
    "restoring: outermost first",
}


def refused_rules() -> set[str]:
    """Every rule name ``SunMoon._check`` and its helpers refuse with."""
    tree = ast.parse(Path(inspect.getfile(engine)).read_text(encoding="utf-8"))
    return {
        call.args[1].value
        for call in ast.walk(tree)
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == "_refuse"
        and isinstance(call.args[1], ast.Constant)
    }


def test_every_rule_a_refusal_names_is_one_function_of_rules_py():
    named = refused_rules()
    assert named >= GAME_RULES and named - GAME_RULES == {"moves", "rows", "hand", "players"}
    for rule in GAME_RULES:
        deciding = [
            name
            for name, f in vars(rules).items()
            if inspect.isfunction(f) and f.__module__ == rules.__name__ and f"``{rule}``" in (f.__doc__ or "")
        ]
        assert len(deciding) == 1, (rule, deciding)


def test_the_rules_are_plain_functions_in_the_report_s_words():
    functions = [f for f in vars(rules).values() if inspect.isfunction(f) and f.__module__ == rules.__name__]
    assert len(functions) >= 20
    for f in functions:
        assert f.__doc__, f.__name__
    source = Path(inspect.getfile(rules)).read_text(encoding="utf-8")
    for trick in ("__class__ is", "lru_cache", "_cache", "intern"):
        assert trick not in source, trick


def test_values_show_their_drawings_through_the_registry():
    assert pictures.DRAWINGS[Card] is draw.card_drawing and pictures.DRAWINGS[SunMoon] is draw.table
    assert "sun 9 with a butterfly" in card("sun 9")._repr_html_()
    with pytest.raises(LookupError):
        pictures.html(object())
