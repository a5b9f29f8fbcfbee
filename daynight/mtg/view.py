"""mtg: what a player sees, as frozen values.

Everything at a Magic table that the day/night rules touch is public (the battlefield, the
spells cast, the triggers waiting), so every player's :class:`View` is the whole state: the
designation, the turn, the spells, each permanent as a :class:`PermanentView`, the waiting
triggers and the forecasts in words. ``view.to_json()`` is the state as JSON
(:meth:`~daynight.mtg.engine.DayNight.state_json`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .permanent import PermanentView, Trigger


def frozen_map(items: Mapping[str, Any]) -> Mapping[str, Any]:
    """A mapping that cannot be changed (a view is a value)."""
    return MappingProxyType(dict(items))


@dataclass(frozen=True, slots=True)
class View:
    """The table as ``viewer`` sees it (``None``: a teacher, who sees the same): the
    designation, the turn and whose it is, the turn order (and teams), the spells cast, the
    permanents, the triggers waiting, the forecasts in words, and whether the game is over."""

    viewer: Any
    designation: str
    turn: int
    active: str | None
    active_players: tuple[str, ...]
    next: str
    order: tuple[str, ...]
    teams: tuple[tuple[str, tuple[str, ...]], ...] | None
    players: tuple[str, ...]
    spells_this_turn: Mapping[str, int]
    copies_this_turn: Mapping[str, int]
    last_turn: Mapping[str, int] | None
    permanents: tuple[PermanentView, ...]
    faces: Mapping[str, str | None]
    pending: tuple[Trigger, ...]
    next_untap_step: str
    werewolves_next_upkeep: tuple[str, ...]
    over: bool
    summary: str
    #: Auras transforming into their "enchant player" face, waiting for the player they enchant
    choosing: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The view as JSON (what ``daynight replay --json`` prints for each step)."""
        return {
            "designation": self.designation,
            "turn": self.turn,
            "active": self.active,
            "active_players": list(self.active_players),
            "next": self.next,
            "order": list(self.order),
            "teams": [[t, list(m)] for t, m in self.teams] if self.teams else None,
            "players": list(self.players),
            "spells_this_turn": dict(self.spells_this_turn),
            "copies_this_turn": dict(self.copies_this_turn),
            "last_turn": None if self.last_turn is None else dict(self.last_turn),
            "permanents": [p.to_json() for p in self.permanents],
            "faces": dict(self.faces),
            "pending": [t.to_json() for t in self.pending],
            "next_untap_step": self.next_untap_step,
            "werewolves_next_upkeep": list(self.werewolves_next_upkeep),
            "over": self.over,
            "summary": self.summary,
            # an Aura waiting for its player (version 2 of the records, issue 20): only then
            **({"choosing": list(self.choosing)} if self.choosing else {}),
        }
