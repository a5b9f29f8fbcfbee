"""temples: reading and writing records: the setup, positions and moves as JSON, every field checked with its path."""

from __future__ import annotations

import json
from typing import Any

from ..core import InvalidRecordError, Reader
from .data import load_book
from .engine import TemplesGame
from .moves import Cast, Choose, Discard, EndTurn, Options, PickTemple, Stop, Target, Travel, interned
from .position import load_position
from .rules import SIDES, parse_square, square_name

__all__ = ["from_setup", "load_position", "move_from_json", "move_to_json", "setup_record"]


def setup_record(game) -> dict[str, Any]:
    return json.loads(json.dumps(game.recorded_setup))


def from_setup(cls, setup: Reader) -> TemplesGame:
    setup.only("seed", "options", "books", "position")
    seed = setup.int("seed", lo=0) if setup.has("seed") else None
    if seed is None:
        raise setup.error("a temples setup needs a seed (it shuffles the books)", "seed")
    options = Options.from_json(setup.obj("options")) if setup.has("options") else None
    books = {}
    if setup.has("books"):
        br = setup.obj("books")
        br.only(*SIDES)
        for side in SIDES:
            if br.has(side):
                try:
                    books[side] = load_book(br.obj(side).value, side)
                except InvalidRecordError as exc:
                    path = exc.path.replace("$", f"{br.path}.{side}", 1)
                    raise InvalidRecordError(path, exc.reason.split(": ", 1)[-1]) from None
    position = setup.obj("position").value if setup.has("position") else None
    game = cls.new(seed, options=options, books=books or None, position=position)
    return game


def move_to_json(game, move: Any) -> Any:
    t = type(move)
    if t is Cast:
        d = {"who": move.who, "cast": move.card, "spell": game.cards[move.card].id}
        if move.x is not None:
            d["x"] = move.x
        return d
    if t is Target:
        return {"who": move.who, "target": square_name(move.square)}
    if t is Travel:
        return {"who": move.who, "travel": square_name(move.square)}
    if t is Choose:
        return {"who": move.who, "choose": move.card, "spell": game.cards[move.card].id}
    if t is Discard:
        return {"who": move.who, "discard": move.card, "spell": game.cards[move.card].id}
    if t is PickTemple:
        return {"who": move.who, "temple": square_name(move.square)}
    if t is Stop:
        return {"who": move.who, "stop": True}
    return {"who": move.who, "end": True}


def move_from_json(game, value: Reader) -> Any:
    who = value.str("who", choices=SIDES)
    fields = value.keys()
    keys = [k for k in fields if k not in ("who", "spell", "x")]
    if len(keys) != 1:
        raise value.error("a move has exactly one of cast, target, travel, choose, discard, temple, stop, end")
    k = keys[0]
    value.only("who", k, "spell", "x")

    def sq():
        try:
            return parse_square(value.str(k))
        except ValueError as exc:
            raise value.error(str(exc), k) from None

    def card():
        c = value.int(k, lo=0, hi=len(game.cards) - 1)
        if value.has("spell") and value.str("spell") != game.cards[c].id:
            raise value.error(f"card {c} is {game.cards[c].id}, not {value.value['spell']}", "spell")
        return c

    if k == "cast":
        c = card()
        x = value.int("x", lo=0, hi=8) if value.has("x") else None
        return interned(Cast, who, c, x)
    if k == "target":
        return interned(Target, who, sq())
    if k == "travel":
        return interned(Travel, who, sq())
    if k == "temple":
        return interned(PickTemple, who, sq())
    if k == "choose":
        return interned(Choose, who, card())
    if k == "discard":
        return interned(Discard, who, card())
    if k == "stop":
        value.bool("stop")
        return interned(Stop, who)
    if k == "end":
        value.bool("end")
        return interned(EndTurn, who)
    raise value.error("unknown move kind", k)
