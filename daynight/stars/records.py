"""stars: reading and writing records: the setup, positions and moves as JSON, every field checked with its path."""

from __future__ import annotations

from typing import Any

from ..core import IllegalMoveError, InvalidRecordError, Reader
from .data import DEFAULT_DECK_NAME, Deck, _validate_rows, default_deck
from .engine import Commit, Options, StarsGame, _names
from .rules import REMOVED


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
    return Deck(_validate_rows(rows, lambda i, col: base if i < 0 else f"{base}[{i}]"), name)
def setup_record(game) -> dict[str, Any]:
    setup = dict(game._setup)
    if "order" in setup:
        setup["order"] = [c.id for c in setup["order"]]
    setup["options"] = game.options.to_json()
    setup["deck"] = DEFAULT_DECK_NAME if game.deck is default_deck() else {
        "name": game.deck.name, "cards": game.deck.table_json()}
    return setup


def from_setup(cls, setup: Reader) -> "StarsGame":
    setup.only("players", "names", "seed", "order", "position", "options", "deck")
    deck = _deck_from_json(Reader(setup.value["deck"], setup._sub("deck"))) if setup.has("deck") else default_deck()
    options = Options.from_json(setup.obj("options", {}))
    players = setup.get("players", "an integer")
    if players not in REMOVED:
        raise InvalidRecordError(setup._sub("players"), f"Day & Night is played by 3 to 5 players, not {players}",
                                 rule="setup: 3 to 5 players")
    names = [r.value for r in setup.list("names")] if setup.has("names") else _names(players)
    for i, nm in enumerate(names):
        if not isinstance(nm, str) or not nm.strip():
            raise InvalidRecordError(f"{setup._sub('names')}[{i}]", "a name is a non-empty string")
    if len(names) != players:
        raise InvalidRecordError(setup._sub("names"), f"{players} players need {players} names, got {len(names)}",
                                 rule="setup: 3 to 5 players")
    given = [k for k in ("seed", "order", "position") if setup.has(k)]
    if len(given) != 1:
        raise setup.error("a setup has exactly one of seed, order or position")
    kind = given[0]
    if kind == "seed":
        return cls.new(players, setup.int("seed", lo=0), names=names, options=options, deck=deck)
    if kind == "order":
        items = setup.list("order")
        ids = []
        seen = set()
        for item in items:
            v = item.value
            if isinstance(v, bool) or not isinstance(v, int) or v not in deck.by_id:
                raise InvalidRecordError(item.path, f"unknown card {v!r}; cards are numbered 0..{len(deck) - 1}",
                                         rule="game contents: 108 cards")
            if v in seen:
                raise InvalidRecordError(item.path, f"card {v} appears twice", rule="game contents: 108 cards")
            seen.add(v)
            ids.append(v)
        if len(ids) != len(deck):
            raise InvalidRecordError(setup._sub("order"), f"the order lists {len(ids)} cards, not {len(deck)}",
                                     rule="game contents: 108 cards")
        return cls.from_order(ids, players, names=names, options=options, deck=deck)
    pos = setup.obj("position")
    pos.only("time", "round", "last_round", "hands", "pile", "removed", "discard", "collected")
    position = {
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
            raise InvalidRecordError(pos._sub(key), f"{players} players need {players} lists, got {len(rows)}",
                                     rule="setup: 3 to 5 players")
        position[key] = [_id_list(r) for r in rows]
    for key in ("pile", "removed", "discard"):
        position[key] = _id_list(Reader(pos.get(key, "a list", []), pos._sub(key)))
    check_position(deck, position, pos.path)
    return cls.from_position(hands=position["hands"], pile=position["pile"], removed=position["removed"],
                             discard=position["discard"], collected=position["collected"],
                             time=position["time"], round_no=position["round"],
                             last_round=position["last_round"], names=names, options=options, deck=deck)


def move_to_json(game, move: Any) -> Any:
    if type(move) is Commit:
        return {"player": move.player, "play": move.card.id}
    return {"player": move.player, "take": move.card.id}


def move_from_json(game, value: Reader) -> Any:
    value.only("player", "play", "take")
    p = value.int("player", lo=0, hi=game.n - 1)
    kinds = [k for k in ("play", "take") if value.has(k)]
    if len(kinds) != 1:
        raise value.error("a move has exactly one of 'play' (a card id) or 'take' (a card id)")
    cid = value.int(kinds[0])
    card = game.deck.by_id.get(cid)
    if card is None:
        raise InvalidRecordError(value._sub(kinds[0]), f"unknown card {cid}; cards are numbered 0..{len(game.deck) - 1}",
                                 rule="game contents: 108 cards")
    return (game.deck.commit if kinds[0] == "play" else game.deck.choose)[p][cid]




def check_players(players: Any) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or players not in REMOVED:
        raise IllegalMoveError(f"Day & Night is played by 3 to 5 players, not {players!r}",
                               rule="setup: 3 to 5 players")


def _id_list(r: Reader) -> list[int]:
    if not isinstance(r.value, list):
        raise r.error(f"expected a list of card ids, got {r.value!r}")
    out = []
    for i, v in enumerate(r.value):
        if isinstance(v, bool) or not isinstance(v, int):
            raise InvalidRecordError(f"{r.path}[{i}]", f"expected a card id, got {v!r}")
        out.append(v)
    return out


def check_position(deck: Deck, pos: dict[str, Any], path: str) -> None:
    seen: dict[int, str] = {}

    def visit(ids, where):
        for i, cid in enumerate(ids):
            p = f"{where}[{i}]"
            if cid not in deck.by_id:
                raise InvalidRecordError(p, f"unknown card {cid!r}; cards are numbered 0..{len(deck) - 1}",
                                         rule="game contents: 108 cards")
            if cid in seen:
                raise InvalidRecordError(p, f"card {cid} is also at {seen[cid]}", rule="game contents: 108 cards")
            seen[cid] = p

    for key in ("hands", "collected"):
        for j, ids in enumerate(pos[key]):
            visit(ids, f"{path}.{key}[{j}]")
    for key in ("pile", "removed", "discard"):
        visit(pos[key], f"{path}.{key}")
    if len(seen) != len(deck):
        missing = sorted(set(deck.by_id) - set(seen))
        raise InvalidRecordError(path, f"{len(missing)} card(s) are in no zone (e.g. {missing[:5]}); all "
                                 f"{len(deck)} cards must be accounted for", rule="game contents: 108 cards")
    for j, h in enumerate(pos["hands"]):
        if len(h) < 2:
            raise InvalidRecordError(f"{path}.hands[{j}]", "a hand needs at least two cards to play a round",
                                     rule="2. play cards (2x)")
    if pos["time"] not in ("day", "night"):
        raise InvalidRecordError(f"{path}.time", "the time is 'day' or 'night'")
