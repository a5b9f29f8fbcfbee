"""sunmoon: what one player may see -- a frozen value, built by ``SunMoon.view(player)``.

Their own hand and their own harvest, every row, the discard pile (face up), and of
everything else only sizes: other hands, the other harvest piles (they lie face down,
"面朝下"), the draw pile. Cards are named as in records (``"sun 28"``); bots and hints
decide from a view alone, and ``SunMoon.from_view`` deals the hidden rest at random.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from .data import BY_NAME, KINDS, Card, missing_from
from .options import Options
from .rules import Row

if TYPE_CHECKING:  # the engine builds views with seen_by; this module does not import it
    from .engine import SunMoon

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


def seen_by(game: SunMoon, player: int) -> View:
    """What ``player`` sees of ``game``: their own hand and their own harvest, every row, the
    discard pile (face up), and of everything else only sizes -- other hands, the other harvest
    piles (they lie face down: "面朝下"), the draw pile; never another hand, another harvested
    card or the draw pile's order."""

    def seen(row: Row) -> RowSeen:
        return tuple([tuple([c.name for c in place]) for place in row])

    return View(
        me=player,
        players=game.n,
        names=tuple(game.names),
        turn=game.turn,
        extra=game.extra,
        final_left=game.final_left,
        over=game.over,
        options=game.options,
        teams=game.team,
        hand=tuple([c.name for c in game.hands[player]]),
        hand_sizes=tuple([len(h) for h in game.hands]),
        rows=tuple([RowsSeen(seen(r["sun"]), seen(r["moon"])) for r in game.rows]),
        my_harvest=tuple([c.name for c in game.harvested[player]]),
        harvest_sizes=tuple([len(h) for h in game.harvested]),
        discard=tuple([c.name for c in game.discard]),
        box=tuple([c.name for c in game.box]),
        draw_pile=len(game.draw_pile),
    )


class Dealt(NamedTuple):
    """The cards of a determinization (:func:`deal_hidden`), where a game keeps them."""

    hands: list[list[Card]]
    harvested: list[list[Card]]
    rows: list[dict[str, Row]]
    discard: list[Card]
    box: list[Card]
    draw_pile: list[Card]


def deal_hidden(view: View, rng: random.Random) -> Dealt:
    """The cards of a game consistent with ``view``: what it shows where it shows it, and the
    cards it hides (other hands, other harvest piles, the draw pile) dealt at random with ``rng``."""
    n, me = view.players, view.me
    rows = [{k: [[BY_NAME[x] for x in s] for s in view.rows[p][k]] for k in KINDS} for p in range(n)]
    discard = [BY_NAME[x] for x in view.discard]
    box = [BY_NAME[x] for x in view.box]
    mine = [BY_NAME[x] for x in view.hand]
    my_harvest = [BY_NAME[x] for x in view.my_harvest]
    known = [c for r in rows for k in KINDS for s in r[k] for c in s]
    unknown = missing_from(known + discard + box + mine + my_harvest)
    rng.shuffle(unknown)
    hands: list[list[Card]] = []
    harvested: list[list[Card]] = []
    for p in range(n):
        for sizes, out, own in ((view.hand_sizes, hands, mine), (view.harvest_sizes, harvested, my_harvest)):
            if p == me:
                out.append(own[:])
            else:
                out.append(unknown[: sizes[p]])
                unknown = unknown[sizes[p] :]
    return Dealt(hands, harvested, rows, discard, box, unknown)
