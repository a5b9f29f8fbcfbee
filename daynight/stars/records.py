"""stars: reading and writing records: the setup, positions and moves as JSON, every field checked with its path.

``daynight.stars`` binds this module as the engine's ``records`` (``StarsGame.records``), so
``core.Game``'s ``setup_record``, ``from_setup``, ``move_to_json`` and ``move_from_json``
delegate here; the engine itself never imports it.
"""

from __future__ import annotations

from typing import Any

from ..core import InvalidRecordError, Reader
from .data import DEFAULT_DECK_NAME, Deck, cards_from_rows, check_position, default_deck
from .engine import StarsGame, check_players, default_names
from .moves import Commit, Move
from .options import Options
from .rules import REMOVED

__all__ = ["check_players", "check_position", "from_setup", "move_from_json", "move_to_json", "setup_record"]


def _deck_from_json(r: Reader) -> Deck:
    if isinstance(r.value, str):
        if r.value != DEFAULT_DECK_NAME:
            raise r.error(f"unknown deck {r.value!r}; use {DEFAULT_DECK_NAME!r} or a table")
        return default_deck()
    name = r.str("name", "custom")
    rows = []
    for row in r.list("cards"):
        v = row.value
        if not (isinstance(v, list) and len(v) == 4):
            raise row.error("a card is [colour, value, 'time' or stars, provenance]")
        colour, value, mark, prov = v
        if not isinstance(colour, str) or isinstance(value, bool) or not isinstance(value, int):
            raise row.error("a card is [colour, value, 'time' or stars, provenance]")
        if mark == "time":
            rows.append((colour, value, True, 0, prov))
        elif isinstance(mark, int) and not isinstance(mark, bool):
            rows.append((colour, value, False, mark, prov))
        else:
            raise row.error(f"expected 'time' or a star count, got {mark!r}")
    base = r._sub("cards")
    return Deck(cards_from_rows(rows, lambda i, col: base if i < 0 else f"{base}[{i}]"), name)


def setup_record(game: StarsGame) -> dict[str, Any]:
    """The setup of ``game`` as JSON: players, names, one of seed, order or position, options, deck."""
    setup = dict(game.setup)
    if "order" in setup:
        setup["order"] = [c.id for c in setup["order"]]
    setup["options"] = game.options.to_json()
    setup["deck"] = (
        DEFAULT_DECK_NAME if game.deck is default_deck() else {"name": game.deck.name, "cards": game.deck.table_json()}
    )
    return setup


def from_setup(cls: type[StarsGame], setup: Reader) -> StarsGame:
    """Build the starting state from a record's ``setup``, every field checked with its path."""
    setup.only("players", "names", "seed", "order", "position", "options", "deck")
    deck = _deck_from_json(Reader(setup.value["deck"], setup._sub("deck"))) if setup.has("deck") else default_deck()
    options = Options.from_json(setup.obj("options", {}))
    players = setup.get("players", "an integer")
    if players not in REMOVED:
        raise InvalidRecordError(
            setup._sub("players"),
            f"Day & Night is played by 3 to 5 players, not {players}",
            rule="setup: 3 to 5 players",
        )
    names = [r.value for r in setup.list("names")] if setup.has("names") else default_names(players)
    for i, nm in enumerate(names):
        if not isinstance(nm, str) or not nm.strip():
            raise InvalidRecordError(f"{setup._sub('names')}[{i}]", "a name is a non-empty string")
    if len(names) != players:
        raise InvalidRecordError(
            setup._sub("names"),
            f"{players} players need {players} names, got {len(names)}",
            rule="setup: 3 to 5 players",
        )
    given = [k for k in ("seed", "order", "position") if setup.has(k)]
    if len(given) != 1:
        raise setup.error("a setup has exactly one of seed, order or position")
    kind = given[0]
    if kind == "seed":
        return cls.new(players, setup.int("seed", lo=0), names=names, options=options, deck=deck)
    if kind == "order":
        return cls.from_order(_order(setup, deck), players, names=names, options=options, deck=deck)
    position = _position(setup.obj("position"), players, deck)
    return cls.from_position(
        hands=position["hands"],
        pile=position["pile"],
        removed=position["removed"],
        discard=position["discard"],
        collected=position["collected"],
        time=position["time"],
        round_no=position["round"],
        last_round=position["last_round"],
        names=names,
        options=options,
        deck=deck,
    )


def _order(setup: Reader, deck: Deck) -> list[int]:
    """The ``order`` of a setup: each card id of the deck once, the top card first."""
    ids = []
    seen = set()
    for item in setup.list("order"):
        v = item.value
        if isinstance(v, bool) or not isinstance(v, int) or v not in deck.by_id:
            raise InvalidRecordError(
                item.path, f"unknown card {v!r}; cards are numbered 0..{len(deck) - 1}", rule="game contents: 108 cards"
            )
        if v in seen:
            raise InvalidRecordError(item.path, f"card {v} appears twice", rule="game contents: 108 cards")
        seen.add(v)
        ids.append(v)
    if len(ids) != len(deck):
        raise InvalidRecordError(
            setup._sub("order"), f"the order lists {len(ids)} cards, not {len(deck)}", rule="game contents: 108 cards"
        )
    return ids


def _position(pos: Reader, players: int, deck: Deck) -> dict[str, Any]:
    """The ``position`` of a setup: the time, the round, and the card ids of every zone."""
    pos.only("time", "round", "last_round", "hands", "pile", "removed", "discard", "collected")
    position: dict[str, Any] = {
        "time": pos.str("time", "day", choices=("day", "night")),
        "round": pos.int("round", 1, lo=1, hi=1000),
        "last_round": pos.bool("last_round", False),
    }
    for key in ("hands", "collected"):
        if key == "collected" and not pos.has(key):
            position[key] = [[] for _ in range(players)]
            continue
        rows = pos.list(key)
        if len(rows) != players:
            raise InvalidRecordError(
                pos._sub(key), f"{players} players need {players} lists, got {len(rows)}", rule="setup: 3 to 5 players"
            )
        position[key] = [_id_list(r) for r in rows]
    for key in ("pile", "removed", "discard"):
        position[key] = _id_list(Reader(pos.get(key, "a list", []), pos._sub(key)))
    check_position(deck, position, pos.path)
    return position


def move_to_json(game: StarsGame, move: Move) -> dict[str, int]:
    """``{"player": p, "play": card id}`` or ``{"player": p, "take": card id}``."""
    if type(move) is Commit:
        return {"player": move.player, "play": move.card.id}
    return {"player": move.player, "take": move.card.id}


def move_from_json(game: StarsGame, value: Reader) -> Move:
    """A move from its JSON: the deck's interned move, so the engine offers this very object."""
    value.only("player", "play", "take")
    p = value.int("player", lo=0, hi=game.n - 1)
    kinds = [k for k in ("play", "take") if value.has(k)]
    if len(kinds) != 1:
        raise value.error("a move has exactly one of 'play' (a card id) or 'take' (a card id)")
    cid = value.int(kinds[0])
    card = game.deck.by_id.get(cid)
    if card is None:
        raise InvalidRecordError(
            value._sub(kinds[0]),
            f"unknown card {cid}; cards are numbered 0..{len(game.deck) - 1}",
            rule="game contents: 108 cards",
        )
    return (game.deck.commit if kinds[0] == "play" else game.deck.choose)[p][cid]


def _id_list(r: Reader) -> list[int]:
    if not isinstance(r.value, list):
        raise r.error(f"expected a list of card ids, got {r.value!r}")
    out = []
    for i, v in enumerate(r.value):
        if isinstance(v, bool) or not isinstance(v, int):
            raise InvalidRecordError(f"{r.path}[{i}]", f"expected a card id, got {v!r}")
        out.append(v)
    return out
