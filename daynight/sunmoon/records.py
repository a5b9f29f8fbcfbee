"""sunmoon: reading and writing records: the setup, positions and moves as JSON, every field checked with its path."""

from __future__ import annotations

import json
import random
from typing import Any

from ..core import Reader
from .data import _BY_NAME, CARDS, ECLIPSE_NAME, ECLIPSES_PER_KIND, KINDS, Card, card
from .engine import Cover, Harvest, Move, Options, Place, Restore, SelfDestruct, SunMoon, _card_move, _interned
from .rules import Row, visible_values


def from_setup(cls, setup: Reader) -> "SunMoon":
    """Setup records: ``{"players": 4, "seed": 7}``, ``{"players": 3, "deck": [...68
    names, top first], "reshuffle_seed": 1}`` or ``{"players": 2, "position": {...}}``.

    A position gives ``hands`` (a list of card names per player) and ``rows`` (per player
    ``{"sun": [place, ...], "moon": [...]}``, a place being a name or a list of names
    from the bottom up, e.g. ``["sun 19", "solar eclipse"]``), and optionally ``harvested``,
    ``discard``, ``draw`` (top first), ``turn``, ``extra`` and ``final_left``. Cards it does
    not mention go under the draw pile, shuffled with ``reshuffle_seed``, or with
    ``"rest": "box"`` are set aside out of play (so the draw pile is exactly ``draw``).
    Options: the names of :class:`Options`.
    """
    setup.only("players", "seed", "deck", "position", "reshuffle_seed", "options", "names")
    options = Options.from_reader(setup.obj("options")) if setup.has("options") else Options()
    names = None
    if setup.has("names"):
        names = [r.value for r in setup.list("names")]
        for i, r in enumerate(setup.list("names")):
            if not isinstance(r.value, str) or not r.value.strip():
                raise r.error("expected a non-empty string")
    which = [k for k in ("seed", "deck", "position") if setup.has(k)]
    if len(which) != 1:
        raise setup.error("a setup has exactly one of seed, deck or position")
    if which[0] == "position":
        pos = setup.obj("position")
        players = setup.int("players", len(pos.list("hands")) if pos.has("hands") else 2, lo=2, hi=4)
    else:
        players = setup.int("players", lo=2, hi=4)
    if names is not None and len(names) != players:
        raise setup.error(f"expected {players} names", "names")
    if options.scoring == "teams" and players != 4:
        raise setup.obj("options").error("team scoring needs 4 players", "scoring")
    if which[0] == "seed":
        setup.only("players", "seed", "options", "names")
        game = cls.new(players, setup.int("seed", lo=0), options=options, names=names)
    elif which[0] == "deck":
        setup.only("players", "deck", "reshuffle_seed", "options", "names")
        names_list = setup.list("deck")
        cards = [_read_card(r) for r in names_list]
        seen: dict[int, int] = {}
        for i, c in enumerate(cards):
            if c.id in seen:
                raise names_list[i].error(f"{c.name} is listed twice")
            seen[c.id] = i
        if len(cards) != len(CARDS):
            raise setup.error(f"a deck lists all {len(CARDS)} cards, got {len(cards)}", "deck")
        game = cls.from_deck(players, cards, reshuffle_seed=setup.int("reshuffle_seed", 0, lo=0),
                             options=options, names=names)
    else:
        game = cls(players, options=options, names=names)
        read_position(game, setup.obj("position"), setup.int("reshuffle_seed", 0, lo=0))
    if setup.has("options"):
        game._setup["options"] = options.to_json()
    if names is not None:
        game._setup["names"] = names
    return game


def setup_record(game) -> dict[str, Any]:
    rec = {"players": game.n, **game._setup}
    if "options" not in rec and game.options != Options():
        rec["options"] = game.options.to_json()
    if "names" not in rec and game.names != [f"Player {i + 1}" for i in range(game.n)]:
        rec["names"] = list(game.names)
    return rec


def move_to_json(game, move: Move) -> dict[str, Any]:
    if isinstance(move, SelfDestruct):
        return {"player": move.player, "self_destruct": True}
    if isinstance(move, Harvest):
        return {"player": move.player, "harvest": move.row, "owner": move.owner}
    if isinstance(move, Place):
        return {"player": move.player, "place": move.card.name, "owner": move.owner, "row": move.row,
                "at": move.at}
    verb = "cover" if isinstance(move, Cover) else "restore"
    return {"player": move.player, verb: move.card.name, "owner": move.owner, "row": move.row,
            "slot": move.slot}


def move_from_json(game, value: Reader) -> Move:
    player = value.int("player", lo=0, hi=game.n - 1)
    if value.has("self_destruct"):
        value.only("player", "self_destruct")
        if value.bool("self_destruct") is not True:
            raise value.error("expected true", "self_destruct")
        return _interned(SelfDestruct, player)
    if value.has("harvest"):
        value.only("player", "harvest", "owner")
        return _interned(Harvest, player, value.int("owner", player, lo=0, hi=game.n - 1),
                         value.str("harvest", choices=KINDS))
    for verb, cls, pos in (("place", Place, "at"), ("cover", Cover, "slot"), ("restore", Restore, "slot")):
        if value.has(verb):
            value.only("player", verb, "owner", "row", pos)
            c = _read_card(Reader(value.get(verb, "a string"), f"{value.path}.{verb}"))
            return _card_move(cls, player, c, value.int("owner", lo=0, hi=game.n - 1),
                              value.str("row", choices=KINDS), value.int(pos, lo=0, hi=200))
    raise value.error("expected one of place, cover, restore, harvest or self_destruct")




def _as_list(r: Reader) -> list:
    if not isinstance(r.value, list):
        raise r.error(f"expected a list of card names, got {r.value!r}")
    return r.value


def _read_card(r: Reader) -> Card:
    if not isinstance(r.value, str):
        raise r.error(f"expected a card name, got {r.value!r}")
    try:
        return card(r.value)
    except KeyError as exc:
        raise r.error(str(exc.args[0])) from None


def read_position(game: SunMoon, pos: Reader, reshuffle_seed: int) -> None:
    """Read a hand-built position (``$.setup.position``) into the freshly made ``game``."""
    pos.only("hands", "rows", "harvested", "discard", "draw", "rest", "turn", "extra", "final_left")
    used: set[int] = set()
    eclipse_next = {k: 1 for k in KINDS}

    def take(r: Reader) -> Card:
        value = r.value
        if not isinstance(value, str):
            raise r.error(f"expected a card name, got {value!r}")
        key = value.strip().lower()
        if key in ECLIPSE_NAME.values():
            kind = "sun" if key == "solar eclipse" else "moon"
            while eclipse_next[kind] <= ECLIPSES_PER_KIND and \
                    _BY_NAME[f"{key} {eclipse_next[kind]}"].id in used:
                eclipse_next[kind] += 1
            if eclipse_next[kind] > ECLIPSES_PER_KIND:
                raise r.error(f"there are only {ECLIPSES_PER_KIND} {key}s")
            c = _BY_NAME[f"{key} {eclipse_next[kind]}"]
        else:
            c = _read_card(r)
        if c.id in used:
            raise r.error(f"{c.name} is used twice in the position")
        used.add(c.id)
        return c

    n = game.n
    hands = pos.list("hands", [])
    if len(hands) not in (0, n):
        raise pos.error(f"expected {n} hands", "hands")
    for p, hr in enumerate(hands):
        game.hands[p] = [take(Reader(v, f"{hr.path}[{i}]")) for i, v in enumerate(_as_list(hr))]
    rows = pos.list("rows", [])
    if len(rows) not in (0, n):
        raise pos.error(f"expected {n} row pairs", "rows")
    for p, rr in enumerate(rows):
        rr.only(*KINDS)
        for kind in KINDS:
            if not rr.has(kind):
                continue
            row: Row = []
            for i, place in enumerate(rr.list(kind)):
                items = place.value if isinstance(place.value, list) else [place.value]
                if not items:
                    raise place.error("an empty place")
                stack = [take(Reader(v, f"{place.path}[{j}]" if isinstance(place.value, list) else place.path))
                         for j, v in enumerate(items)]
                for j, c in enumerate(stack):
                    if c.kind != kind:
                        raise place.error(f"{c.name} cannot lie in a {kind} row")
                    if j == 0 and c.eclipse:
                        raise place.error("an eclipse must lie on a numbered card")
                    if j > 0 and not c.eclipse and not stack[j - 1].eclipse:
                        raise place.error(f"{c.name} can only lie on an eclipse (a restored place)")
                    if j > 0 and c.eclipse and stack[j - 1].eclipse and not game.options.eclipse_on_eclipse:
                        raise place.error("an eclipse cannot lie on an eclipse (option eclipse_on_eclipse)")
                row.append(stack)
            values = [v for v in visible_values(row) if v is not None]
            if any(a >= b for a, b in zip(values, values[1:])):
                raise rr.error(f"the visible numbers must ascend from left to right, got {values}", kind)
            game.rows[p][kind] = row
    harvested = pos.list("harvested", [])
    if len(harvested) not in (0, n):
        raise pos.error(f"expected {n} score piles", "harvested")
    for p, hr in enumerate(harvested):
        game.harvested[p] = [take(Reader(v, f"{hr.path}[{i}]")) for i, v in enumerate(_as_list(hr))]
    game.discard = [take(r) for r in pos.list("discard", [])]
    top_first = [take(r) for r in pos.list("draw", [])]
    rest = [c for c in CARDS if c.id not in used]
    game.rng = random.Random(reshuffle_seed)
    if pos.str("rest", "draw", choices=("draw", "box")) == "box":
        game.box = rest          # out of play: the draw pile is exactly ``draw``
        rest = []
    game.rng.shuffle(rest)
    game.draw_pile = list(reversed(top_first + rest))
    game.turn = pos.int("turn", 0, lo=0, hi=n - 1)
    game.extra = pos.bool("extra", False)
    final_left = pos.get("final_left", "an integer", None)
    if final_left is not None and not 1 <= final_left <= n:
        raise pos.error(f"{final_left} is outside 1..{n}", "final_left")
    game.final_left = final_left
    game._setup = {"position": json.loads(json.dumps(pos.value)), "reshuffle_seed": reshuffle_seed,
                   "players": n}
    game._rinfo = [None] * (2 * n)
    if game.extra and not game._plays(game.turn) and game.options.animal_without_follow_up == "skip":
        raise pos.error("an extra play after an animal card is pending, but no card fits anywhere",
                        "extra")
    if game.log.enabled:
        game.log.add(None, "setup", "setup",
                     f"A prepared position with {n} players; {game.names[game.turn]} is to move.",
                     players=n, draw=len(game.draw_pile))
    game._begin_turn()
