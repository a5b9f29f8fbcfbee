"""mtg: reading and writing records: the setup, positions and moves as JSON, every field checked with its path."""

from __future__ import annotations

from typing import Any

from ..core import IllegalMoveError, InvalidRecordError, Reader
from .data import ZONES, PermanentSpec
from .engine import Becomes, BeginTurn, CastSpell, DayNight, EndGame, Enter, Leave, Options, Transform
from .rules import DESIGNATIONS, NEITHER

_MOVE_KEYS = ("turn", "cast", "becomes", "enter", "leave", "transform", "end")
def setup_record(game) -> dict[str, Any]:
    out: dict[str, Any] = {"players": list(game.players)}
    if game.teams:
        out["teams"] = [{"name": t, "players": list(m)} for t, m in game.teams]
    out["options"] = game.options.to_json()
    if game._start_designation != NEITHER:
        out["designation"] = DESIGNATIONS[game._start_designation]
    if game._start_permanents:
        out["permanents"] = [s.to_json() for s in game._start_permanents]
    return out


def from_setup(cls, setup: Reader) -> "DayNight":
    setup.only("players", "teams", "options", "designation", "permanents")
    players = [p.value for p in setup.list("players")]
    for i, p in enumerate(players):
        if not isinstance(p, str) or not p.strip():
            raise InvalidRecordError(f"{setup.path}.players[{i}]", f"a player is a non-empty name, got {p!r}")
    if not players:
        raise setup.error("a game needs at least one player", "players")
    if len(set(players)) != len(players):
        raise setup.error("two players have the same name", "players")
    teams = None
    if setup.has("teams"):
        teams = []
        for tr in setup.list("teams"):
            tr.only("name", "players")
            members = []
            for j, m in enumerate(tr.list("players")):
                if m.value not in players:
                    raise InvalidRecordError(m.path, f"{m.value!r} is not one of the players")
                members.append(m.value)
            teams.append((tr.str("name"), members))
    options = Options.from_reader(setup.obj("options")) if setup.has("options") else Options()
    designation = setup.str("designation", "neither", choices=DESIGNATIONS)
    specs = [PermanentSpec.from_reader(r) for r in setup.list("permanents", [])]
    try:
        return cls(players, teams, options, designation=designation, permanents=specs)
    except IllegalMoveError as exc:
        raise InvalidRecordError(setup.path, exc.reason, rule=exc.rule) from None


def move_to_json(game, move: Any) -> Any:
    t = type(move)
    if t is BeginTurn:
        out: dict[str, Any] = {"turn": move.who}
        if move.extra:
            out["extra"] = True
        if move.untap_skipped:
            out["untap_skipped"] = True
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
    if t is EndGame:
        return {"end": move.reason}
    raise TypeError(f"not a move: {move!r}")


def move_from_json(game, value: Reader) -> Any:
    keys = [k for k in value.keys() if k in _MOVE_KEYS]
    if len(keys) != 1:
        unknown = [k for k in value.keys() if k not in _MOVE_KEYS]
        if unknown and not keys:
            raise value.error(f"unknown event {unknown[0]!r}; an event is one of {list(_MOVE_KEYS)}",
                              unknown[0])
        raise value.error(f"an event has exactly one of {list(_MOVE_KEYS)}, got {value.keys()}")
    key = keys[0]
    if key == "turn":
        value.only("turn", "extra", "untap_skipped")
        return BeginTurn(value.str("turn"), value.bool("extra", False), value.bool("untap_skipped", False))
    if key == "cast":
        value.only("cast", "spell", "copy", "zone", "countered")
        return CastSpell(value.str("cast"), value.str("spell", ""), value.bool("copy", False),
                         value.str("zone", "hand", choices=ZONES), value.bool("countered", False))
    if key == "becomes":
        value.only("becomes", "source")
        return Becomes(value.str("becomes", choices=("day", "night")), value.str("source", ""))
    if key == "enter":
        value.only("enter")
        specs = value.list("enter")
        if not specs:
            raise value.error("name at least one permanent", "enter")
        return Enter(tuple(PermanentSpec.from_reader(r) for r in specs))
    if key == "leave":
        value.only("leave")
        return Leave(value.int("leave", lo=1))
    if key == "transform":
        value.only("transform", "source")
        return Transform(value.int("transform", lo=1), value.str("source", ""))
    value.only("end")
    return EndGame(value.str("end"))
