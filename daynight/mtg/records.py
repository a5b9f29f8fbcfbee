"""mtg: reading and writing records: the setup, positions and moves as JSON, every field checked with its path.

A move is a JSON object with exactly one of these keys (and its own optional fields)::

    {"turn": "Bob", "extra": true, "untap_skipped": true, "skipping": ["Carol"]}
    {"cast": "Alice", "spell": "Opt", "copy": true, "zone": "graveyard", "countered": true}
    {"becomes": "night", "source": "Unnatural Moonrise"}
    {"enter": [{"name": "Brutal Cathar", "kind": "dfc", "back": "Moonrage Brute", ...}]}
    {"leave": 3}
    {"transform": 3, "source": "Moonmist"}
    {"affect": 3, "effect": {"name": "Bound by Moonsilver", "kind": "aura", "cant_transform": true}}
    {"end_effect": 3, "name": "Bound by Moonsilver"}
    {"phase_out": 3, "source": "Teferi's Protection"}
    {"resolve": 2, "countered": true}
    {"attach": 3, "player": "Bob"}
    {"end": "Alice wins"}

Version 2 of these records (issue 20) adds Auras that enchant a player (a permanent's
``enchant_player``, ``attached_to`` and ``upkeep``, and the ``attach`` move) and the face and the
effects of a permanent a position starts with (``up``, ``effects``). A record that uses them
says ``"version": 2`` in its setup (a reader of version 1 refuses it there, naming the field);
every other record is written as before, byte for byte, and every older record still replays.
"""

from __future__ import annotations

from typing import Any

from ..core import Game, IllegalMoveError, InvalidRecordError, Reader
from .data import CAST_ZONES, Effect, PermanentSpec, Placed
from .moves import (
    Affect,
    Attach,
    Becomes,
    BeginTurn,
    CastSpell,
    EndEffect,
    EndGame,
    Enter,
    Leave,
    Options,
    PhaseOut,
    Resolve,
    Transform,
)
from .rules import DESIGNATIONS, NEITHER

_MOVE_KEYS = (
    "turn",
    "cast",
    "becomes",
    "enter",
    "leave",
    "transform",
    "affect",
    "end_effect",
    "phase_out",
    "resolve",
    "end",
    "attach",
)
#: bounds on what a record may hold (a record is read from a file or a text box)
MAX_PLAYERS = 64
MAX_NAME = 200
MAX_ENTERING = 64
#: the versions of this game's setup this module reads (2: Auras on players, faces and effects
#: in positions)
VERSIONS = (1, 2)


def uses_version_2(game: Any) -> bool:
    """Whether the record of ``game`` needs version 2: an Aura that enchants a player, or a
    position that says a permanent's face or effects."""
    start = game.start[1]
    if any(isinstance(x, Placed) and (x.up is not None or x.effects or x.spec.uses_version_2()) for x in start):
        return True
    if any(isinstance(x, PermanentSpec) and x.uses_version_2() for x in start):
        return True
    return any(
        isinstance(m, Attach) or (isinstance(m, Enter) and any(s.uses_version_2() for s in m.permanents))
        for m in game.history
    )


def setup_record(game: Any) -> dict[str, Any]:
    """The setup of ``game`` (a :class:`~daynight.mtg.engine.DayNight`) as JSON: its players,
    teams, rule options and the position it started from."""
    out: dict[str, Any] = {"players": list(game.players)}
    if game.teams:
        out["teams"] = [{"name": t, "players": list(m)} for t, m in game.teams]
    out["options"] = game.options.to_json()
    designation, permanents = game.start
    if designation != NEITHER:
        out["designation"] = DESIGNATIONS[designation]
    if permanents:
        out["permanents"] = [s.to_json() for s in permanents]
    if uses_version_2(game):
        out["version"] = 2
    return out


def _name(r: Reader, key: str, default: Any = ..., what: str = "a name") -> str:
    value = r.str(key) if default is ... else r.str(key, default)
    if len(value) > MAX_NAME:
        raise r.error(f"{what} has at most {MAX_NAME} characters, got {len(value)}", key)
    return value


def _spec(r: Reader) -> PermanentSpec:
    return _short_names(r, PermanentSpec.from_reader(r))


def _short_names(r: Reader, spec: PermanentSpec) -> PermanentSpec:
    for key in ("name", "back", "controller", "attached_to", "upkeep"):
        value = getattr(spec, key)
        if isinstance(value, str) and len(value) > MAX_NAME:
            raise r.error(f"a name has at most {MAX_NAME} characters, got {len(value)}", key)
    return spec


def _placed(r: Reader) -> PermanentSpec | Placed:
    """A permanent of a starting position: a description, or (version 2) with its face and effects."""
    if not (r.has("up") or r.has("effects")):
        return _spec(r)
    if len(r.list("effects", [])) > MAX_ENTERING:
        raise r.error(f"at most {MAX_ENTERING} effects apply to one permanent", "effects")
    item = Placed.from_reader(r)
    _short_names(r, item.spec)
    if any(len(e.name) > MAX_NAME or len(e.becomes) > MAX_NAME for e in item.effects):
        raise r.error(f"a name has at most {MAX_NAME} characters", "effects")
    return item


def from_setup(cls: Any, setup: Reader) -> Game:
    """A new game of ``cls`` from its setup, every field checked with its path."""
    setup.only("players", "teams", "options", "designation", "permanents", "version")
    setup.int("version", 1, lo=VERSIONS[0], hi=VERSIONS[-1])  # both read alike; an older reader stops here
    players = _players(setup)
    teams = _teams(setup, players) if setup.has("teams") else None
    options = Options.from_reader(setup.obj("options")) if setup.has("options") else Options()
    designation = setup.str("designation", "neither", choices=DESIGNATIONS)
    entries = setup.list("permanents", [])
    if len(entries) > 4 * MAX_ENTERING:
        raise setup.error(f"at most {4 * MAX_ENTERING} permanents", "permanents")
    items = [_placed(r) for r in entries]
    try:
        return cls(players, teams, options, designation=designation, permanents=items)
    except IllegalMoveError as exc:
        raise InvalidRecordError(setup.path, exc.reason, rule=exc.rule) from None


def _players(setup: Reader) -> list[str]:
    entries = setup.list("players")
    if len(entries) > MAX_PLAYERS:
        raise setup.error(f"at most {MAX_PLAYERS} players", "players")
    players = []
    for entry in entries:
        p = entry.value
        if not isinstance(p, str) or not p.strip():
            raise InvalidRecordError(entry.path, f"a player is a non-empty name, got {p!r}"[:120])
        if len(p) > MAX_NAME:
            raise InvalidRecordError(entry.path, f"a name has at most {MAX_NAME} characters")
        players.append(p)
    if not players:
        raise setup.error("a game needs at least one player", "players")
    if len(set(players)) != len(players):
        raise setup.error("two players have the same name", "players")
    return players


def _teams(setup: Reader, players: list[str]) -> list[tuple[str, list[str]]]:
    teams = []
    for tr in setup.list("teams"):
        tr.only("name", "players")
        members = []
        for m in tr.list("players"):
            if not isinstance(m.value, str) or m.value not in players:
                raise InvalidRecordError(m.path, f"{m.value!r} is not one of the players"[:120])
            members.append(m.value)
        teams.append((_name(tr, "name", what="a team name"), members))
    return teams


def move_to_json(game: Any, move: Any) -> Any:
    t = type(move)
    if t is BeginTurn:
        out: dict[str, Any] = {"turn": move.who}
        if move.extra:
            out["extra"] = True
        if move.untap_skipped:
            out["untap_skipped"] = True
        if move.skipping:
            out["skipping"] = list(move.skipping)
        return out
    if t is CastSpell:
        out = {"cast": move.player}
        if move.spell:
            out["spell"] = move.spell
        if move.copy:
            out["copy"] = True
        if move.zone != "hand":
            out["zone"] = move.zone
        if move.countered:
            out["countered"] = True
        return out
    if t is Becomes:
        return {"becomes": move.designation, **({"source": move.source} if move.source else {})}
    if t is Enter:
        return {"enter": [s.to_json() for s in move.permanents]}
    if t is Leave:
        return {"leave": move.permanent}
    if t is Transform:
        return {"transform": move.permanent, **({"source": move.source} if move.source else {})}
    if t is Affect:
        return {"affect": move.permanent, "effect": move.effect.to_json()}
    if t is EndEffect:
        return {"end_effect": move.permanent, "name": move.name}
    if t is PhaseOut:
        return {"phase_out": move.permanent, **({"source": move.source} if move.source else {})}
    if t is Resolve:
        return {"resolve": move.trigger, **({"countered": True} if move.countered else {})}
    if t is EndGame:
        return {"end": move.reason}
    if t is Attach:
        return {"attach": move.permanent, "player": move.player}
    raise TypeError(f"not a move: {move!r}")


def _id(value: Reader, key: str) -> int:
    return value.int(key, lo=1, hi=10**9)


def move_from_json(game: Any, value: Reader) -> Any:
    """A move from its JSON: exactly one of the move keys, and that move's own fields."""
    names = value.keys()
    keys = [k for k in names if k in _MOVE_KEYS]
    if len(keys) != 1:
        unknown = [k for k in names if k not in _MOVE_KEYS]
        if unknown and not keys:
            raise value.error(f"unknown event {unknown[0]!r}; an event is one of {list(_MOVE_KEYS)}", unknown[0])
        raise value.error(f"an event has exactly one of {list(_MOVE_KEYS)}, got {value.keys()}")
    return _READERS[keys[0]](value)


def _turn(value: Reader) -> BeginTurn:
    value.only("turn", "extra", "untap_skipped", "skipping")
    skipping = value.list("skipping", [])
    if len(skipping) > MAX_PLAYERS:
        raise value.error(f"at most {MAX_PLAYERS} skipped turns", "skipping")
    for s in skipping:
        if not isinstance(s.value, str):
            raise s.error(f"expected a player or team name, got {type(s.value).__name__}")
    return BeginTurn(
        _name(value, "turn"),
        value.bool("extra", False),
        value.bool("untap_skipped", False),
        tuple(s.value for s in skipping),
    )


def _cast(value: Reader) -> CastSpell:
    value.only("cast", "spell", "copy", "zone", "countered")
    return CastSpell(
        _name(value, "cast"),
        _name(value, "spell", ""),
        value.bool("copy", False),
        value.str("zone", "hand", choices=CAST_ZONES),
        value.bool("countered", False),
    )


def _becomes(value: Reader) -> Becomes:
    value.only("becomes", "source")
    return Becomes(value.str("becomes", choices=("day", "night")), _name(value, "source", ""))


def _enter(value: Reader) -> Enter:
    value.only("enter")
    specs = value.list("enter")
    if not specs:
        raise value.error("name at least one permanent", "enter")
    if len(specs) > MAX_ENTERING:
        raise value.error(f"at most {MAX_ENTERING} permanents enter at once", "enter")
    return Enter(tuple(_spec(r) for r in specs))


def _leave(value: Reader) -> Leave:
    value.only("leave")
    return Leave(_id(value, "leave"))


def _transform(value: Reader) -> Transform:
    value.only("transform", "source")
    return Transform(_id(value, "transform"), _name(value, "source", ""))


def _affect(value: Reader) -> Affect:
    value.only("affect", "effect")
    effect = Effect.from_reader(value.obj("effect"))
    if len(effect.name) > MAX_NAME or len(effect.becomes) > MAX_NAME:
        raise value.error(f"a name has at most {MAX_NAME} characters", "effect")
    return Affect(_id(value, "affect"), effect)


def _end_effect(value: Reader) -> EndEffect:
    value.only("end_effect", "name")
    return EndEffect(_id(value, "end_effect"), _name(value, "name"))


def _phase_out(value: Reader) -> PhaseOut:
    value.only("phase_out", "source")
    return PhaseOut(_id(value, "phase_out"), _name(value, "source", ""))


def _resolve(value: Reader) -> Resolve:
    value.only("resolve", "countered")
    return Resolve(_id(value, "resolve"), value.bool("countered", False))


def _attach(value: Reader) -> Attach:
    value.only("attach", "player")
    return Attach(_id(value, "attach"), _name(value, "player"))


def _end(value: Reader) -> EndGame:
    value.only("end")
    return EndGame(_name(value, "end", what="a reason"))


#: the reader of each move, by its key
_READERS = {
    "turn": _turn,
    "cast": _cast,
    "becomes": _becomes,
    "enter": _enter,
    "leave": _leave,
    "transform": _transform,
    "affect": _affect,
    "end_effect": _end_effect,
    "phase_out": _phase_out,
    "resolve": _resolve,
    "end": _end,
    "attach": _attach,
}
