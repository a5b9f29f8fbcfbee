"""temples: the drawings. Pure functions from a state (or one player's view) to SVG text.

What a learner meets in the temple duel, each drawn as on the table:

* :func:`board` -- the Valley of Emptiness with everything on it (``draw_board.py``);
* :func:`spell_card` -- a spell as its card; :func:`hand` is a row of them and :func:`backs`
  the other side's hand as card backs with a count; :func:`hours`, :func:`book_stack` and
  :func:`discard_pile` (``draw_spells.py``);
* :func:`table` -- the whole table as one player sees it (``viewer``), or everything
  (``viewer=None``, a teacher's view).

A drawing for a player is built from ``game.view(player)``: the other side's hand is drawn
as backs and none of its words are in the SVG. Every square and card is a named image
(``role="img"``, ``aria-label``) with a ``data-key`` (``sq-C3``, ``card-17``, ``take-83``;
:func:`move_key` gives the key of the piece a move is played on) that the play app makes a
click target. Words on every piece; colour is never the only cue (each kind of tile has its
own pattern, symbol and word). Standard library only.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from .. import draw as d
from . import pictures
from .draw_board import board, board_parts, square, square_key, square_label, square_words, temple_icon
from .draw_kit import (
    BOOK_COLOURS,
    BOOK_TITLE,
    PHASE_WORD,
    RIGHT_W,
    TILE_COLOURS,
    TYPE_WORD,
    around,
    memo,
    table_document,
    text_lines,
    wrap,
)
from .draw_narrow import narrow_table
from .draw_spells import (
    backs,
    book_drawing,
    book_stack,
    discard_pile,
    hand,
    hand_parts,
    hand_piece,
    hours,
    spell_card,
    spell_drawing,
    spell_label,
)
from .moves import Cast, Choose, Discard, PickTemple, Target, Travel
from .rules import DAY, HOURS, NAME, NIGHT, OTHER, SIDES
from .view import View

__all__ = [
    "BOOK_COLOURS",
    "BOOK_TITLE",
    "TILE_COLOURS",
    "TYPE_WORD",
    "backs",
    "board",
    "board_parts",
    "book_drawing",
    "book_stack",
    "discard_pile",
    "fresh_squares",
    "hand",
    "hours",
    "move_key",
    "side_piece",
    "spell_card",
    "spell_drawing",
    "spell_label",
    "square",
    "square_key",
    "square_label",
    "square_words",
    "table",
]


def move_key(move: Any) -> str | None:
    """The ``data-key`` of the piece of the table a move is played on: the square of a travel,
    a target or a temple's pick (``sq-C3``), the card of the hand cast or discarded
    (``card-17``), the card of the other's hand Steal Passion takes (``take-83``); ``None``
    for a move on no piece (stop, retreat)."""
    t = type(move)
    if t is Travel or t is Target or t is PickTemple:
        return square_key(move.square)
    if t is Cast or t is Discard:
        return f"card-{move.card}"
    if t is Choose:
        return f"take-{move.card}"
    return None


def fresh_squares(game: Any, since: int | None) -> dict[int, str]:
    """What happened on the board since log event ``since``: square -> animation."""
    if since is None:
        return {}
    out: dict[int, str] = {}
    for e in game.log.since(since):
        data = e.data
        if e.what == "temple":
            for sq in data.get("squares", ()):
                out[sq] = "rise"
        elif e.what == "transform":
            out[data["square"]] = "rise"
        elif e.what == "tile":
            out.setdefault(data["square"], "flip")
        elif e.what in ("mystify", "crystallize"):
            out.setdefault(data["square"], "enter")
        elif e.what in ("travel", "move"):
            out.setdefault(data["to"], "pawn")
    return out


# ---------------------------------------------------------------------------
# The whole table
# ---------------------------------------------------------------------------


def table(
    game: Any,
    viewer: str | None = None,
    *,
    highlight: Iterable[int] | None = None,
    picked: Iterable[int] | None = None,
    since: int | None = None,
    selected: int | None = None,
    dim: Iterable[int] | None = None,
    prompt: str | None = None,
    title: str | None = None,
    width: float | None = None,
) -> d.Drawing:
    """The whole table as ``viewer`` (``"day"``/``"night"``) sees it, or everything (``None``).

    * ``highlight`` -- squares to ring (default: the squares the player to move can click now,
      when that player is ``viewer`` or the viewer is a teacher);
    * ``since`` -- a log index: what happened after it is animated (a temple rises, a tile
      turns over, a counter or a pawn arrives);
    * ``selected`` / ``dim`` -- card ids of the viewer's hand drawn selected or dimmed (default:
      while the viewer may cast, the spells she cannot cast now are dimmed);
    * ``prompt`` -- the line under the title (default: the engine's own prompt).

    * ``width`` -- the table widget's width: under :data:`daynight.draw.NARROW_WIDTH`, the
      narrow arrangement for a phone, exactly that wide (:func:`.draw_narrow.narrow_table`).

    Keys for the play app: ``sq-C3`` (a square), ``card-17`` (a spell of the hand, by card
    id), ``take-83`` (a spell of the other's hand shown by Steal Passion); :func:`move_key`.
    Keys a note may point at: ``turn`` (whose turn), ``hours``, ``side-day``, ``side-night``.
    """
    view = game.view(viewer or game.turn)  # a teacher sees the side to play, and both hands open
    to_move = game.to_players()
    acting = to_move[0] if to_move else None
    if highlight is None:
        highlight = _clickable_squares(game, viewer, acting)
    if picked is None:
        picked = view.temple_pick.picked if view.temple_pick else ()
    if dim is None:
        dim = _not_castable(game, view, viewer, acting)
    if d.is_narrow(width):
        state, say = _state_words(game, view, prompt, title)
        fresh = fresh_squares(game, since)
        return narrow_table(game, view, viewer, float(width or 0), acting=acting, highlight=list(highlight),
                            picked=list(picked), fresh=fresh, dim=set(dim), selected=selected, state=state, say=say)  # fmt: skip
    left_w, left_h, left = board_parts(view, highlight=highlight, picked=picked, fresh=fresh_squares(game, since))
    state, header = _header(game, view, prompt, title)
    other_panel = _other_side(game, view, viewer, acting)
    my_parts, my_w, my_h = _my_side(game, view, viewer, acting, set(dim), selected)

    # one join: the board, and beside it the header and the two sides (no piece copied twice)
    x0 = left_w + 12
    y1 = header.h + 6
    y2 = y1 + other_panel.h + 6
    body = (
        *left,
        f'<g transform="translate({d._n(x0)},0)">',
        header.svg,
        f'<g transform="translate(0,{d._n(y1)})">',
        other_panel.svg,
        "</g>",
        f'<g transform="translate(0,{d._n(y2)})">',
        *my_parts,
        "</g></g>",
    )
    who = "everything (a teacher's view)" if viewer is None else f"as {NAME[viewer]} sees it"
    return table_document(
        body, x0 + max(RIGHT_W, other_panel.w, my_w), max(left_h, y2 + my_h), label=f"The temple duel, {who}: {state}"
    )


#: the moves that name a square (the squares to ring on the board)
_ON_A_SQUARE = frozenset({Target, Travel, PickTemple})


def _clickable_squares(game: Any, viewer: str | None, acting: str | None) -> list[int]:
    """The squares the player to move can click now, when she is the viewer (or a teacher looks)."""
    if acting is None or (viewer is not None and viewer != acting):
        return []
    return [m.square for m in game.legal_moves() if type(m) in _ON_A_SQUARE]


def _not_castable(game: Any, view: View, viewer: str | None, acting: str | None) -> list[int]:
    """The cards of the viewer's hand she cannot cast now, while she may cast (drawn dimmed)."""
    me = view.me
    if (
        acting != me
        or viewer is None
        or view.phase == "retreat"
        or view.pending is not None
        or view.temple_pick is not None
    ):
        return []
    castable = {m.card for m in game.legal_moves(me) if type(m) is Cast}
    return [c for c in game.hand[me] if c not in castable]


def _header(game: Any, view: View, prompt: str | None, title: str | None) -> tuple[str, d.Piece]:
    """The state of the game (whose turn, the phase, or the end), the temples built and what
    to do now: ``(the state in words, the piece)``."""
    state, say = _state_words(game, view, prompt, None)
    built = tuple(sum(1 for s, _ in view.temples if s == side) for side in SIDES)
    need = game.options.temples_to_win
    head = title or state
    header = memo(
        ("header", head, built, need, say),
        lambda: d.column(
            [
                memo(("title", head, built, need), lambda: _title(head, built, need)),
                memo(("prompt", say), lambda: _prompt(say)),
            ],
            gap=6,
        ),
    )
    return state, header


def _state_words(game: Any, view: View, prompt: str | None, title: str | None) -> tuple[str, str]:
    """The state of the game in words (whose turn and the phase, or the end; ``title`` when
    given) and what to do now (``prompt``, or the engine's)."""
    if title is not None:
        state = title
    elif view.over:
        state = game.end_reason or "The game is over."
    else:
        state = f"Turn {view.turn_no}: {NAME[view.turn]}'s turn, {PHASE_WORD[view.phase]}"
    return state, prompt if prompt is not None else ("" if view.over else game.pending_prompt())


def _piles_of(game: Any, view: View, side: str) -> tuple[Any, ...]:
    """What the piles of ``side`` show: her Book's count, the top of her discard pile, its size."""
    pile = game.discards[side]
    return side, view.piles[side], (pile[-1] if pile else None), len(pile)


def _other_side(game: Any, view: View, viewer: str | None, acting: str | None) -> d.Piece:
    """The other side: her hand as backs (or shown by Steal Passion, or open for a teacher)."""
    cards = game.cards  # the spells of this game's books (shared, never changed)
    other = OTHER[view.me]
    stealing = view.shown_hand is not None
    if viewer is None or stealing:  # a teacher's view, or shown to the viewer by her own Steal Passion
        shown: int | tuple[int, ...] = tuple(game.hand[other])
    else:
        shown = view.hands[other]  # type: ignore[assignment]  # the other's hand: a count
    key = ("other", id(cards), other, shown, stealing, viewer is None, _piles_of(game, view, other), acting == other)
    return memo(key, lambda: _other_panel(cards, *key[2:]))


def _my_side(
    game: Any, view: View, viewer: str | None, acting: str | None, dimmed: set[int], selected: int | None
) -> tuple[list[str], float, float]:
    """The viewer's side: the hours left, her Book and discard pile, her hand of spell cards."""
    me = view.me
    my_ids = tuple(game.hand[me]) if viewer is None else tuple(view.hand_cards)
    left_hours = view.hours if view.turn == me and not view.over else HOURS
    return _my_panel(
        game.cards,
        me,
        my_ids,
        tuple(c in dimmed for c in my_ids),
        selected,
        left_hours,
        _piles_of(game, view, me),
        acting == me,
    )


@functools.lru_cache(maxsize=64)
def _temples_row(counts: tuple[int, int], need: int) -> d.Piece:
    pieces = []
    for side, built in zip(SIDES, counts, strict=True):
        fill = TILE_COLOURS[DAY if side == "day" else NIGHT].fill
        said = f"{NAME[side]}: {built} of {need}"
        x0 = 7.5 * len(said) + 4
        icons = "".join(
            temple_icon(x0 + 24 * i + 11, 9, 18, d.INK, fill if i < built else "#ffffff") for i in range(need)
        )
        words = f"{NAME[side]} has built {built} of {need} temple{'s' if need > 1 else ''}"
        pieces.append(
            d.Piece(x0 + need * 24, 18, d.group(d.text(0, 14, said, size=12, weight="700") + icons, label=words))
        )
    return d.row(pieces, gap=16, align="middle")


def _title(state: str, built: tuple[int, ...], need: int) -> d.Piece:
    """The title (whose turn and the phase, or the end) and the temples built."""
    lines = wrap(state, RIGHT_W, 15)[:2]
    svg, _ = text_lines(0, 15, lines, 15, weight="700")
    head = d.Piece(RIGHT_W, 19 * len(lines), d.group(svg, key="turn", label=state))  # a note may point at it
    return d.column([head, _temples_row(built, need)], gap=6)


def _prompt(say: str) -> d.Piece:
    """What the player to move is asked to do (the engine's prompt), up to three lines."""
    lines = wrap(say, RIGHT_W, 12)[:3]
    svg, _ = text_lines(0, 12, lines, 12)
    return d.Piece(RIGHT_W, 15 * len(lines), svg)


def _piles(cards: Sequence[Any], side: str, book: int, top: int | None, discards: int) -> d.Piece:
    return d.row(
        [book_stack(book, side), discard_pile(None if top is None else cards[top], discards, side)],
        gap=8,
        align="middle",
    )


def _other_panel(
    cards: Sequence[Any],
    other: str,
    shown: int | tuple[int, ...],
    stealing: bool,
    teacher: bool,
    piles: tuple[Any, ...],
    acting: bool,
) -> d.Piece:
    """The other side's place: her hand as backs with a count (``shown`` an int), or her
    cards face up (``shown`` a tuple of card ids: Steal Passion, or a teacher's view)."""
    inner = RIGHT_W - 16
    if isinstance(shown, tuple) and shown:
        hand_cards = hand_piece(
            [cards[c] for c in shown], [f"take-{c}" if stealing else None for c in shown], inner, small=True
        )
        body = d.column([_piles(cards, *piles), hand_cards], gap=6)
        title = (
            f"{NAME[other]}'s hand, shown by Steal Passion"
            if stealing
            else f"{NAME[other]}: {len(shown)} spells (open, a teacher's view)"
        )
    else:
        body = d.row(
            [backs(shown if isinstance(shown, int) else 0, other), _piles(cards, *piles)], gap=10, align="middle"
        )
        title = NAME[other]
    return d.panel(
        body,
        title=title + (" (to move)" if acting else ""),
        label=f"{NAME[other]}'s side of the table",
        highlight=acting,
        key=f"side-{other}",
    )


def _my_panel(
    cards: Sequence[Any],
    me: str,
    ids: tuple[int, ...],
    dimmed: tuple[bool, ...],
    selected: int | None,
    left_hours: int,
    piles: tuple[Any, ...],
    acting: bool,
) -> tuple[list[str], float, float]:
    """The viewer's place: her hours, her Book and discard pile, her hand of spell cards, as
    the fragments of one panel (so the big hand is not copied into it), its width and height."""
    inner = RIGHT_W - 16
    n = len(ids)
    hand_key = ("hand", id(cards), ids, dimmed, selected)
    hand_w, hand_h, my_hand = memo(
        hand_key,
        lambda: hand_parts(
            [cards[c] for c in ids],
            [f"card-{c}" for c in ids],
            inner,
            dim=[i for i, x in enumerate(dimmed) if x],
            selected=ids.index(selected) if selected in ids else None,
        ),
    )
    top = memo(
        ("top", id(cards), me, left_hours, *piles),
        lambda: d.row(
            [hours(left_hours, me), memo(("piles", id(cards), *piles), lambda: _piles(cards, *piles))],
            gap=12,
            align="middle",
        ),
    )
    title = (
        f"{NAME[me]}"
        + (" (to move)" if acting else "")
        + f": {n} spell{'s' if n != 1 else ''}"
        + (", keep five" if n > 5 else " in hand")
    )
    w, h = max(top.w, hand_w), top.h + 5 + hand_h
    head, tail, pw, ph = _frame(title, f"{NAME[me]}'s side of the table", acting, w, h, key=f"side-{me}")
    into, out = around(0, top.h + 5)
    return [head, top.svg, into, *my_hand, out, tail], pw, ph


def _frame(
    title: str, label: str, highlight: bool, w: float, h: float, key: str | None = None
) -> tuple[str, str, float, float]:
    """A :func:`daynight.draw.panel` around a ``w`` x ``h`` inside, cut where the inside goes:
    ``(head, tail, width, height)``."""

    def make() -> tuple[str, str, float, float]:
        panel = d.panel(d.Piece(w, h, "<!--inside-->"), title=title, label=label, highlight=highlight, key=key)
        head, tail = panel.svg.split("<!--inside-->", 1)
        return head, tail, panel.w, panel.h

    return memo(("frame", title, label, highlight, w, h, key), make)


# ---------------------------------------------------------------------------
# The drawings of the exercises (daynight.temples.exercises): a board beside words
# ---------------------------------------------------------------------------


def side_piece(side: str, lines: Sequence[str], *, key: str | None = None) -> d.Piece:
    """A side of the table as a place a learner can point at (keyed ``side-day`` or
    ``side-night``): the side's symbol and name, and the ``lines`` said about it (the spells
    in hand, the temples built)."""
    symbol = d.sun(10, 10, 8) if side == "day" else d.moon(10, 10, 8)
    rows = [ln for line in lines for ln in wrap(line, 170, 12)]
    svg, _bottom = text_lines(28, 14, rows, 12)
    inner = d.Piece(200, max(22.0, 15 * len(rows) + 2), symbol + svg)
    return d.panel(inner, title=NAME[side], label=f"{NAME[side]}'s place", key=key or f"side-{side}")


# a game, a spell and a book show themselves in a notebook with these (pictures.py)
pictures.register("table", table)
pictures.register("spell", spell_drawing)
pictures.register("book", book_drawing)
