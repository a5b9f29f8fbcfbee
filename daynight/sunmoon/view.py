"""sunmoon: what one player may see -- a frozen value, built by ``SunMoon.view(player)``.

Their own hand and their own harvest, every row, the discard pile (face up), and of
everything else only sizes: other hands, the other harvest piles (they lie face down,
"面朝下"), the draw pile. Cards are named as in records (``"sun 28"``); bots and hints
decide from a view alone, and ``SunMoon.from_view`` deals the hidden rest at random.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .data import KINDS
from .options import Options

#: a row as a view shows it: places left to right, each the names of its cards from the bottom up
RowSeen = tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class RowsSeen:
    """One player's two rows (``rows.sun``, ``rows.moon``; ``rows["sun"]`` reads the same)."""

    sun: RowSeen
    moon: RowSeen

    def __getitem__(self, kind: str) -> RowSeen:
        if kind not in KINDS:
            raise KeyError(kind)
        return self.sun if kind == "sun" else self.moon

    def to_json(self) -> dict[str, list[list[str]]]:
        return {k: [list(place) for place in self[k]] for k in KINDS}


@dataclass(frozen=True, slots=True)
class View:
    """Everything player ``me`` may see now (the fields are the keys of :meth:`to_json`)."""

    me: int
    players: int
    names: tuple[str, ...]
    turn: int
    extra: bool  #: an animal card obliges the player to move another card
    final_left: int | None  #: turns left in the final round (``None``: not begun)
    over: bool
    options: Options
    teams: tuple[int, ...] | None
    hand: tuple[str, ...]  #: my own hand
    hand_sizes: tuple[int, ...]
    rows: tuple[RowsSeen, ...]  #: every player's rows (``view.rows[p]["sun"]``)
    my_harvest: tuple[str, ...]  #: my own harvest (the others' lie face down)
    harvest_sizes: tuple[int, ...]
    discard: tuple[str, ...]
    box: tuple[str, ...]  #: cards a teaching position set aside, never in play
    draw_pile: int  #: how many cards the draw pile holds (never their order)

    def __getitem__(self, key: str) -> Any:
        """``view["hand"]`` reads ``view.hand``: code written when a view was a dict still works."""
        if key not in self.__dataclass_fields__:
            raise KeyError(key)
        return getattr(self, key)

    def to_json(self) -> dict[str, Any]:
        """The view as JSON (names of cards, lists and numbers)."""
        return {
            "me": self.me,
            "players": self.players,
            "names": list(self.names),
            "turn": self.turn,
            "extra": self.extra,
            "final_left": self.final_left,
            "over": self.over,
            "options": self.options.to_json(),
            "teams": list(self.teams) if self.teams else None,
            "hand": list(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "rows": [r.to_json() for r in self.rows],
            "my_harvest": list(self.my_harvest),
            "harvest_sizes": list(self.harvest_sizes),
            "discard": list(self.discard),
            "box": list(self.box),
            "draw_pile": self.draw_pile,
        }
