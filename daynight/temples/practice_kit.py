"""temples: what the exercises share (:mod:`daynight.temples.exercises`): the positions and the
words.

Positions come from seeded games between bots (:func:`moments`: the state before each bot move,
with the bot's move and the state as the turn began; :func:`find` the first moment a kind
wants) or are built through the public API (a teaching position is a record: :func:`built`;
:func:`place_setup` grows a board around a tile about to be placed, the moment a temple is made
or missed, which the bots' games seldom stop at). :class:`Board` is a board as the rules read
it at a moment the engine never stops at (a spell's tiles changed, its temples not yet built).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from .. import i18n
from ..core import InvalidRecordError
from ..i18n import ngettext
from ..practice import Option, checklist
from . import draw
from .bots import random_bot, thumb_bot
from .data import default_books
from .engine import TemplesGame
from .moves import Cast, EndTurn
from .rules import (
    CENTRE,
    COLS,
    NEIGHBOURS,
    OTHER,
    ROWS,
    SIDES,
    SQUARES,
    SURROUNDING,
    is_temple,
    square_name,
)

__all__ = [
    "PLACE",
    "At",
    "Board",
    "Moment",
    "blob",
    "built",
    "cost_words",
    "events_since",
    "explained",
    "find",
    "free_to_act",
    "hand_of",
    "hours_words",
    "in_order",
    "moments",
    "number_options",
    "place_setup",
    "placed",
    "play_out",
    "record_of",
    "refused",
    "side_name",
    "spells_words",
    "square_list",
    "square_names",
    "square_options",
    "touching",
    "turn_moves",
    "wall",
]

_ = i18n._  # every sentence a learner reads goes through daynight.i18n


def side_name(side: str) -> str:
    return _("Day") if side == "day" else _("Night")


def in_order(ids: Iterable[str]) -> tuple[str, ...]:
    """The checklist ids in the order the rules text gives them."""
    order = list(checklist("temples"))
    return tuple(sorted(set(ids), key=order.index))


def square_list(squares: Iterable[int]) -> str:
    return ", ".join(square_name(s) for s in sorted(squares))


def square_names(squares: Iterable[int]) -> list[str]:
    """The names of ``squares``, in order (a record lists squares by name)."""
    return [square_name(s) for s in sorted(squares)]


def explained(game: TemplesGame) -> TemplesGame:
    """A copy of ``game`` whose log explains every rule from now on."""
    copy = game.copy()
    copy.log.enabled = True
    return copy


def events_since(game: TemplesGame, since: int) -> tuple[str, ...]:
    return tuple(f"{e.text} [{e.rule}]" for e in game.log.since(since))


def refused(game: TemplesGame, move: Any) -> str:
    reason, rule = game.refusal(move)
    return _("Refused: {reason} [{rule}]").format(reason=reason, rule=rule)


def square_options(board: Any) -> tuple[Option, ...]:
    """Every square of the board, a target on its drawn square (``sq-C3``)."""
    return tuple(Option(f"s{s}", draw.square_words(board, s), s, draw.square_key(s), square_name(s)) for s in SQUARES)


def number_options(values: Iterable[int], name: Callable[[int], str] = str) -> tuple[Option, ...]:
    return tuple(Option(f"n{v}", name(v), v, None, name(v)) for v in sorted(set(values)))


def hours_words(n: int) -> str:
    return ngettext("{n} hour", "{n} hours", n).format(n=n)


def spells_words(n: int) -> str:
    return ngettext("{n} spell", "{n} spells", n).format(n=n)


def play_out(game: TemplesGame, rng: random.Random, done: Callable[[TemplesGame], bool]) -> None:
    """Let the rule-of-thumb bot play ``game`` on until ``done(game)`` (or the game ends)."""
    for _i in range(200):
        if game.is_over() or done(game):
            return
        who = game.to_players()[0]
        game.play(thumb_bot(game.view(who), game.legal_moves(), rng))


# ---------------------------------------------------------------------------
# Positions: moments of seeded games between bots, and boards built through records
# ---------------------------------------------------------------------------


class At(NamedTuple):
    """Where an exercise is asked (its ``position``): the engine's ``game`` at the question and
    the ``move`` the question is about (a spell cast, a retreat; the moves of the turn so far,
    a tuple, for the hours), if any."""

    game: TemplesGame
    move: Any = None


class Moment(NamedTuple):
    """A state of a seeded game between bots: ``game`` (its log off; copy it to keep it),
    the bot's next ``move``, the game as this turn began (``start``, a copy whose log explains)
    and the hours the other side left unspent when she retreated (``unspent``)."""

    game: TemplesGame
    move: Any
    start: TemplesGame
    unspent: int | None


def moments(rng: random.Random, last_turn: int = 24) -> Iterator[Moment]:
    """Every state of a seeded game between bots (the rule of thumb or random moves, for each
    side), up to turn ``last_turn``, played with the explanations off (a rollout's speed)."""
    game = TemplesGame.new(rng.getrandbits(32))
    game.log.enabled = False
    bots = {side: thumb_bot if rng.random() < 0.6 else random_bot for side in SIDES}
    start, turn, unspent, left = explained(game), game.turn_no, None, None
    while not game.is_over() and game.turn_no <= last_turn:
        who = game.to_players()[0]
        move = bots[who](game.view(who), game.legal_moves(), rng)
        yield Moment(game, move, start, unspent)
        if type(move) is EndTurn:
            left = game.hours
        game.play(move)
        if game.turn_no != turn:
            turn, start, unspent = game.turn_no, explained(game), left


def find(rng: random.Random, want: Callable[[Moment], bool], last_turn: int = 24) -> Moment:
    """The first moment ``want`` accepts from a random turn on, of one seeded game after another."""
    for _i in range(60):
        begin = rng.randint(1, last_turn)
        for m in moments(rng, last_turn):
            if m.game.turn_no >= begin and want(m):
                return m
    raise AssertionError("no game between bots showed the moment wanted")  # pragma: no cover


def turn_moves(m: Moment) -> list[Any]:
    """The moves of the turn so far (since ``m.start``)."""
    return m.game.history[len(m.start.history) :]


def free_to_act(game: TemplesGame) -> bool:
    """Casting or travelling, nothing waiting for a choice."""
    return not game.is_over() and game.pending is None and game.temple_pick is None and game.phase in ("cast", "travel")


def record_of(game: TemplesGame, **changes: Any) -> dict[str, Any]:
    """``game``'s position as a record's ``setup.position`` (with ``changes``)."""
    position = {
        "board": [row.replace("D", "d").replace("N", "n") for row in game.board_rows()],
        "temples": {side: [[square_name(s) for s in sq] for who, sq in game.temples if who == side] for side in SIDES},
        "mystify": {square_name(s): n for s, n in enumerate(game.mystify) if n},
        "crystal": [square_name(s) for s in SQUARES if game.crystal[s]],
        "pawns": {side: square_name(game.pawn[side]) for side in SIDES},
        "hands": {side: [game.cards[c].id for c in game.hand[side]] for side in SIDES},
        "discards": {side: [game.cards[c].id for c in game.discards[side]] for side in SIDES},
        "turn": game.turn,
        "turn_no": game.turn_no,
        "hours": game.hours,
    }
    position.update(changes)
    return position


def built(rng: random.Random, tiles: Mapping[int, str], **position: Any) -> TemplesGame:
    """A teaching position through the public API (:meth:`TemplesGame.new` with a record's
    ``position``): ``tiles`` maps squares to ``d``, ``n`` or ``t`` (a Day Temple-tile); the
    rest (temples, counters, pawns, hands, whose turn) as the record has them."""
    rows = [
        "".join("#" if r * COLS + c in CENTRE else tiles.get(r * COLS + c, ".") for c in range(COLS))
        for r in range(ROWS)
    ]
    return explained(TemplesGame.new(rng.getrandbits(32), position={"board": rows, **position}))


def blob(rng: random.Random, size: int, allowed: set[int], start: int | None = None) -> list[int] | None:
    """A random group of ``size`` squares of ``allowed`` bordering on each other, grown from
    ``start`` (``None`` when there is no room)."""
    if start is None:
        if not allowed:
            return None
        start = rng.choice(sorted(allowed))
    group, edge = [start], {b for b in NEIGHBOURS[start] if b in allowed}
    while len(group) < size and edge:
        s = rng.choice(sorted(edge))
        group.append(s)
        edge = (edge | {b for b in NEIGHBOURS[s] if b in allowed}) - set(group)
    return group if len(group) == size else None


def wall(
    rng: random.Random, rows: Sequence[int], taken: set[int], gap: float = 0.3, hug: float = 0.7
) -> list[int] | None:
    """Nine squares bordering on each other across the board (a whole row, or all but one
    square of it, and squares of the rows beside it, often those that close the way past the
    centre): a temple that may cut the board in two. ``gap``: how often a square of the row is
    left out; ``hug``: how often the squares beside the centre are taken."""
    r = rng.choice(rows)
    line = [r * COLS + c for c in range(COLS)]
    if rng.random() < gap:
        line.remove(rng.choice(line[1:-1]))
    group = [s for s in line if s not in taken]
    beside = {s for s in SQUARES if s // COLS in (r - 1, r + 1) and s not in taken}
    if rng.random() < hug:  # the squares beside the centre (C3 and D3, or C6 and D6), when the wall is not there
        group += [s for s in beside if s + COLS in CENTRE or s - COLS in CENTRE]
    while len(group) < 9:
        edge = sorted({b for a in group for b in NEIGHBOURS[a] if b in beside and b not in group})
        if not edge:
            return None
        group.append(rng.choice(edge))
    return group if is_temple(group) else None


class Board(NamedTuple):
    """A board as the rules read it (``tiles``, ``in_temple``, ``temple_tile``, ``mystify``,
    ``crystal``, ``pawn``), for a moment the engine never stops at: a spell's tiles changed,
    its temples not yet built."""

    tiles: tuple[int, ...]
    in_temple: tuple[int, ...]
    temple_tile: tuple[bool, ...]
    mystify: tuple[int, ...]
    crystal: tuple[bool, ...]
    pawn: Mapping[str, int]

    @classmethod
    def of(cls, game: TemplesGame, **changes: Any) -> Board:
        board = cls(
            tuple(game.tiles),
            tuple(game.in_temple),
            tuple(game.temple_tile),
            tuple(game.mystify),
            tuple(game.crystal),
            dict(game.pawn),
        )
        return board._replace(**changes)


def hand_of(rng: random.Random, side: str, first: Sequence[str] = ()) -> list[str]:
    """A hand of five spells of ``side``'s book: ``first``, then copies drawn at random."""
    copies = [sp.id for sp in default_books()[side].spells for _i in range(sp.copies)]
    for spell in first:
        copies.remove(spell)
    return [*first, *rng.sample(copies, 5 - len(first))]


PLACE = {"day": "D16", "night": "N14"}


def place_setup(
    rng: random.Random, sizes: Sequence[int], has_temple: bool, side: str | None = None
) -> tuple[TemplesGame, Cast] | None:
    """A position built through a record: ``side`` (at random by default) stands on a neutral
    square bordering on groups of her tiles of ``sizes`` (each of at most eight, apart from each
    other), with a temple of hers elsewhere when ``has_temple``, a group of the other's tiles,
    a few Day Temple-tiles in Day's groups; the move casts the spell that places her tile on
    her location-tile (Morning Dew, Starless Sky). ``None`` when the random board does not fit."""
    side = side or rng.choice(SIDES)
    me, you = ("d", "n") if side == "day" else ("n", "d")
    tiles: dict[int, str] = {}
    temple = blob(rng, 9, set(SQUARES)) if has_temple else []
    if temple is None:
        return None
    tiles.update(dict.fromkeys(temple, me))
    p = rng.choice([s for s in SQUARES if s not in tiles])
    starts = [b for b in NEIGHBOURS[p] if b not in tiles]
    if len(starts) < len(sizes):
        return None
    taken = set(tiles) | {p}
    for size, start in zip(sizes, rng.sample(starts, len(sizes)), strict=True):
        group = blob(rng, size, {s for s in SQUARES if s not in taken and s not in touching(tiles, me)}, start)
        if group is None or start in touching(tiles, me):
            return None
        tiles.update(dict.fromkeys(group, me))
        taken |= set(group)
        if me == "d" and rng.random() < 0.3:
            tiles[rng.choice(group)] = "t"
    if rng.random() < 0.4:  # a few of her tiles touching a group at a corner only: they do not border on it
        mine = [s for s, t in tiles.items() if t != you and s not in temple]
        corner = {s for a in mine for s in SURROUNDING[a]} - touching(tiles, me) - {p, *NEIGHBOURS[p]} - set(tiles)
        tiles.update(dict.fromkeys(rng.sample(sorted(corner), min(len(corner), rng.randint(1, 3))), me))
    other = blob(rng, rng.randint(0, 8), {s for s in SQUARES if s not in tiles and s != p}) or []
    tiles.update(dict.fromkeys(other, you))
    where = {side: square_name(p), OTHER[side]: square_name(rng.choice(SQUARES))}
    hands = {side: hand_of(rng, side, [PLACE[side]]), OTHER[side]: hand_of(rng, OTHER[side])}
    temples = {side: [square_names(temple)]} if temple else {}
    try:
        game = built(rng, tiles, temples=temples, pawns=where, hands=hands, turn=side, turn_no=rng.randint(5, 40))
    except InvalidRecordError:
        return None
    card = next(c for c in game.hand[side] if game.cards[c].id == PLACE[side])
    return game, Cast(side, card)


def touching(tiles: Mapping[int, str], me: str) -> set[int]:
    """The squares bordering on a tile ``me`` of ``tiles`` (and those tiles)."""
    mine = [s for s, t in tiles.items() if t == me or (me == "d" and t == "t")]
    return set(mine) | {b for s in mine for b in NEIGHBOURS[s]}


def placed(rng: random.Random, sizes: Callable[[], Sequence[int]], has_temple: float = 0.0, side: str | None = None):
    """:func:`place_setup` until a random board fits."""
    for _i in range(500):
        found = place_setup(rng, sizes(), rng.random() < has_temple, side)
        if found is not None:
            return found
    raise AssertionError("no board fitted")  # pragma: no cover


def cost_words(cost: Any) -> str:
    return _("X hours") if cost == "X" else hours_words(cost)
