"""temples: what a player may see (:class:`View`, a frozen value) and the state in words (the
prompt, the summary, the public state as JSON).

A view holds the board, the counters, the temples, the pawns, both discard piles, the viewer's
own hand, the size of the other's hand and of both books (never their order); while the
viewer's Steal Passion shows the other's hand, that hand too (``shown_hand``). A view is a
*board* for the functions of ``rules.py`` (``tiles``, ``in_temple``, ``temple_tile``,
``mystify``, ``crystal``, ``pawn``), so a bot can ask the rules about what it sees.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .rules import CENTRE, COLS, DAY, NAME, NIGHT, OTHER, ROWS, SIDES, SQUARES, largest_region, square_name
from .state import TemplesState

__all__ = [
    "PendingView",
    "PickView",
    "View",
    "board_rows",
    "describe",
    "pending_prompt",
    "public_json",
    "summary",
    "view_of",
]


@dataclass(frozen=True, slots=True)
class PendingView:
    """The step of a spell that waits for a choice: its ``kind`` (``tile``, ``move``,
    ``choose``), its ``op``, the ``caster``, the ``pawn`` it moves, how many choices are
    ``remaining`` and the ``spell``'s id."""

    kind: str
    op: str
    caster: str
    pawn: str | None
    remaining: int
    spell: str

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "op": self.op,
            "caster": self.caster,
            "pawn": self.pawn,
            "remaining": self.remaining,
            "spell": self.spell,
        }


@dataclass(frozen=True, slots=True)
class PickView:
    """A temple of more than nine being picked (2.2): ``who`` picks, from ``region``, the
    squares ``picked`` so far."""

    who: str
    region: tuple[int, ...]
    picked: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"who": self.who, "region": list(self.region), "picked": list(self.picked)}


@dataclass(frozen=True, slots=True)
class View:
    """What ``me`` may see. Squares are ints 0..47 (bots read a view on every move); cards are
    the ids of their spells (``"D01"``), but in ``hand_cards``, which maps the viewer's cards
    (their numbers, as moves name them) to what is printed on them."""

    me: str
    turn: str
    turn_no: int
    hours: int
    phase: str
    over: bool
    winner: str | None
    tiles: tuple[int, ...]
    in_temple: tuple[bool, ...]
    temple_tile: tuple[bool, ...]
    mystify: tuple[int, ...]
    crystal: tuple[bool, ...]
    temples: tuple[tuple[str, tuple[int, ...]], ...]
    pawn_squares: Mapping[str, int]
    visited: tuple[int, ...]
    hand: tuple[str, ...]
    hand_cards: Mapping[int, Mapping[str, Any]]
    #: the viewer's hand (spell ids) and the other's hand size
    hands: Mapping[str, tuple[str, ...] | int]
    piles: Mapping[str, int]
    discards: Mapping[str, tuple[str, ...]]
    pending: PendingView | None
    temple_pick: PickView | None
    #: the other's hand, while the viewer's own Steal Passion shows it (else ``None``)
    shown_hand: tuple[str, ...] | None = None

    @property
    def pawn(self) -> Mapping[str, int]:
        """The pawns' squares, as ``rules.py`` reads a board."""
        return self.pawn_squares

    def to_json(self) -> dict[str, Any]:
        """The view as plain JSON."""
        out: dict[str, Any] = {
            "me": self.me,
            "turn": self.turn,
            "turn_no": self.turn_no,
            "hours": self.hours,
            "phase": self.phase,
            "over": self.over,
            "winner": self.winner,
            "tiles": list(self.tiles),
            "in_temple": list(self.in_temple),
            "temple_tile": list(self.temple_tile),
            "mystify": list(self.mystify),
            "crystal": list(self.crystal),
            "temples": [[side, list(sq)] for side, sq in self.temples],
            "pawn_squares": dict(self.pawn_squares),
            "visited": list(self.visited),
            "hand": list(self.hand),
            "hand_cards": {str(c): dict(j) for c, j in self.hand_cards.items()},
            "hands": {k: v if isinstance(v, int) else list(v) for k, v in self.hands.items()},
            "piles": dict(self.piles),
            "discards": {k: list(v) for k, v in self.discards.items()},
            "pending": None if self.pending is None else self.pending.to_json(),
            "temple_pick": None if self.temple_pick is None else self.temple_pick.to_json(),
        }
        if self.shown_hand is not None:
            out["shown_hand"] = list(self.shown_hand)
        return out


def view_of(game: TemplesState, player: str) -> View:
    """What ``player`` sees of ``game`` (see :class:`View`)."""
    other = OTHER[player]
    p = game.pending
    cards, json = game.cards, game.deck.json
    mine = tuple(cards[c].id for c in game.hand[player])
    pick = game.temple_pick
    return View(
        me=player,
        turn=game.turn,
        turn_no=game.turn_no,
        hours=game.hours,
        phase=game.phase,
        over=game.result is not None,
        winner=game.winner,
        tiles=tuple(game.tiles),
        in_temple=tuple(map(bool, game.in_temple)),
        temple_tile=tuple(game.temple_tile),
        mystify=tuple(game.mystify),
        crystal=tuple(game.crystal),
        temples=tuple(game.temples),
        pawn_squares=MappingProxyType(dict(game.pawn)),
        visited=tuple(sorted(game.visited)),
        hand=mine,
        hand_cards=MappingProxyType({c: json[c] for c in game.hand[player]}),
        hands=MappingProxyType({player: mine, other: len(game.hand[other])}),
        piles=MappingProxyType({side: len(game.pile[side]) for side in SIDES}),
        discards=MappingProxyType({side: tuple(cards[c].id for c in game.discards[side]) for side in SIDES}),
        pending=None if p is None else PendingView(p.kind, p.step.op, p.caster, p.pawn, p.remaining, p.spell.id),
        temple_pick=None if pick is None else PickView(pick[0], tuple(sorted(pick[1])), tuple(pick[2])),
        shown_hand=(
            tuple(cards[c].id for c in game.hand[other])
            if p is not None and p.kind == "choose" and p.caster == player
            else None
        ),
    )


def pending_prompt(game: TemplesState) -> str:
    """What the player to move is asked to do, in words."""
    if game.result is not None:
        return game.end_reason
    if game.temple_pick is not None:
        who, _, picked = game.temple_pick
        return (
            f"{NAME[who]}: pick the tiles of your temple ({len(picked)} of 9 picked); "
            "each must border on those already picked."
        )
    p = game.pending
    if p is not None:
        if p.kind == "choose":
            return f"{p.spell.name}: choose a spell from {NAME[OTHER[p.caster]]}'s hand."
        if p.kind == "move":
            assert p.pawn is not None
            return f"{p.spell.name}: click a square bordering on {NAME[p.pawn]} to move her there" + (
                " (or stop)." if p.optional else "."
            )
        return f"{p.spell.name}: choose {p.remaining} more square(s) to {p.step.op.replace('_', ' ')}."
    who = game.turn
    if game.phase == "retreat":
        return f"{NAME[who]}: discard down to five spells ({len(game.hand[who])} in hand)."
    if game.phase == "cast":
        return f"{NAME[who]}: cast a spell, travel to a bordering square, or retreat. {game.hours} hours left."
    return f"{NAME[who]}: travel on (3 hours a square) or retreat. {game.hours} hours left."


def board_rows(game: TemplesState) -> list[str]:
    """The board as 8 strings: . neutral, d Day, n Night, t Day Temple-tile, D/N temple, # centre."""
    rows = []
    for r in range(ROWS):
        row = ""
        for c in range(COLS):
            s = r * COLS + c
            if s in CENTRE:
                row += "#"
            elif game.in_temple[s]:
                row += "D" if game.tiles[s] == DAY else "N"
            elif game.temple_tile[s]:
                row += "t"
            else:
                row += ".dn"[game.tiles[s]]
        rows.append(row)
    return rows


def summary(game: TemplesState) -> str:
    """A few lines for people: the turn, the board, the temples (``daynight replay`` prints it)."""
    lines = [
        f"Turn {game.turn_no}, {NAME[game.turn]} to play, {game.hours} hours left, phase {game.phase}.",
        "  (@ Day, & Night; d/n Day-/Night-tile, D/N temple tile, t Day Temple-tile, . neutral, # centre)",
    ]
    for r, row in enumerate(board_rows(game)):
        marks = "".join(
            ("@" if game.pawn["day"] == r * COLS + c else "&" if game.pawn["night"] == r * COLS + c else ch)
            for c, ch in enumerate(row)
        )
        lines.append(f"  {r + 1} {marks}")
    lines.append(
        f"Temples: Day {game.temples_of('day')}, Night {game.temples_of('night')}; "
        f"largest groups: Day {largest_region(game.tiles, DAY, game.templed())}, "
        f"Night {largest_region(game.tiles, NIGHT, game.templed())}."
    )
    if game.result:
        lines.append(game.end_reason)
    return "\n".join(lines)


def public_json(game: TemplesState) -> dict[str, Any]:
    """The whole public state as JSON, squares and spells by name (``daynight replay --json``)."""
    return {
        "over": game.is_over(),
        "result": game.result,
        "winner": game.winner,
        "turn": game.turn,
        "turn_no": game.turn_no,
        "hours": game.hours,
        "phase": game.phase,
        "board": board_rows(game),
        "mystify": {square_name(s): game.mystify[s] for s in SQUARES if game.mystify[s]},
        "crystal": [square_name(s) for s in SQUARES if game.crystal[s]],
        "temples": [{"side": side, "squares": [square_name(s) for s in sq]} for side, sq in game.temples],
        "pawns": {side: square_name(game.pawn[side]) for side in SIDES},
        "hands": {side: [game.cards[c].id for c in game.hand[side]] for side in SIDES},
        "piles": {side: len(game.pile[side]) for side in SIDES},
        "discards": {side: [game.cards[c].id for c in game.discards[side]] for side in SIDES},
        "visited": sorted(square_name(s) for s in game.visited),
        "prompt": pending_prompt(game),
        "summary": summary(game),
    }


def describe(game: TemplesState) -> str:
    """A compact state string for error messages."""
    extra = f", casting {game.pending.spell.name}" if game.pending is not None else ""
    return (
        f"temples turn {game.turn_no}, {NAME[game.turn]} to play, {game.hours} h, phase {game.phase}"
        f"{extra}, Day {square_name(game.pawn['day'])}, Night {square_name(game.pawn['night'])}"
    )
