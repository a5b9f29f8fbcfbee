"""Test-only helpers for the review tests: a drawing of the toy game (tests/toygame.py), so
the review is tested without waiting for the four games' drawings; the demo records of the
games, played once per test run; and malformed records made by mutating good ones."""

from __future__ import annotations

import copy
import functools
import importlib.util
import json
import random
from typing import Any, Iterator

from daynight import GAMES, draw as d, game_module

#: seeds of the demo games the review app offers (``daynight demo GAME --seed 1``)
SEED = 1


TURN = [d.Colour("blue", "#2f6fd0", "#ffffff", "stripes", "light"), d.Colour("yellow", "#f6d04d", "#1a1a1a", "dots")]


def draw(game, viewer=None):
    """The toy game's table: the pile as a row of named pebbles, and whose turn it is."""
    pebbles = [d.Piece(18, 18, d.group('<circle cx="9" cy="9" r="8" fill="#b0b0b0" stroke="#333"/>',
                                       label=f"pebble {i + 1}", key=f"pebble-{i}")) for i in range(game.pile)]
    seen = "everything" if viewer is None else f"player {viewer}"
    said = f"player {game.winner} won" if game.winner is not None else f"player {game.turn} to move"
    turn = d.card(label=said, colour=TURN[game.turn], corner=str(game.turn), caption=f"player {game.turn}")
    top = d.row([turn, d.badge(f"{game.pile} left"), d.badge(said), d.badge(f"seen by {seen}")])
    return d.document(d.column([d.row(pebbles, gap=3), top]), label=f"a pile of {game.pile} pebbles, {said}")


def drawn(name: str) -> bool:
    """True once the game's ``daynight/<game>/draw.py`` has landed."""
    return importlib.util.find_spec(f"daynight.{name}.draw") is not None


DRAWN = [name for name in GAMES if drawn(name)]


@functools.cache
def _demo_json(name: str) -> str:
    return game_module(name).demo(SEED).to_json(indent=None)


def demo_record(name: str) -> dict[str, Any]:
    """A fresh copy of the seeded demo record of ``name`` (played once per test run)."""
    return json.loads(_demo_json(name))


def mutants(record: dict[str, Any], count: int, seed: int = 0) -> Iterator[Any]:
    """``count`` malformed variants of ``record``: fields removed, retyped or made huge,
    moves dropped, swapped, duplicated or edited, and JSON text cut short."""
    rng = random.Random(seed)
    junk = [None, True, -1, 0, 2 ** 64, 1.5, "", "\u202e</script>\n", [], {}, [1, 2], {"x": 1}]
    for _ in range(count):
        r = copy.deepcopy(record)
        kind = rng.randrange(6)
        if kind == 5:  # text cut short or with a byte changed
            text = json.dumps(r)
            cut = rng.randrange(len(text))
            yield text[:cut] if rng.random() < 0.5 else text[:cut] + rng.choice("{}[],:\"x0") + text[cut + 1:]
            continue
        moves = r.get("moves", [])
        if kind == 0 or not moves:  # a top-level or setup field
            where = r if rng.random() < 0.4 else r["setup"]
            key = rng.choice(list(where))
            if rng.random() < 0.3:
                del where[key]
            else:
                where[key] = rng.choice(junk)
        elif kind == 1:
            del moves[rng.randrange(len(moves))]
        elif kind == 2:
            i, j = rng.randrange(len(moves)), rng.randrange(len(moves))
            moves[i], moves[j] = moves[j], moves[i]
        elif kind == 3:
            i = rng.randrange(len(moves))
            moves.insert(i, copy.deepcopy(moves[rng.randrange(len(moves))]))
        else:  # a field of one move
            move = moves[rng.randrange(len(moves))]
            if isinstance(move, dict) and move:
                key = rng.choice(list(move))
                move[key] = rng.choice(junk + [v for v in move.values()])
            else:
                moves[moves.index(move)] = rng.choice(junk)
        yield r
