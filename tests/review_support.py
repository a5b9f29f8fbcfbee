"""Test-only helpers for the review tests: a drawing of the toy game (tests/toygame.py), so
the review is tested without waiting for the four games' drawings, and the demo records of
the games, played once per test run."""

from __future__ import annotations

import functools
import importlib.util
import json
from typing import Any

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
