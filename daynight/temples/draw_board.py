"""temples: the drawings of the board -- the Valley of Emptiness, 6 x 8 squares, the impassable
2 x 2 centre drawn as a vortex, the coordinates A-F and 1-8 on the edges; every square with its
tile (Day, Night or neutral: a fill, a pattern, a symbol and a word), its Mystify-counters (a
drop with the count), its Crystallize-counter, its temple (a temple drawn on it; a separate Day
Temple-tile has its counter flat side up) and the pawns standing on it.

A *board* is a game or a player's view (both have ``tiles``, ``in_temple``, ``temple_tile``,
``mystify``, ``crystal`` and ``pawn``). Every square is a named image (``role="img"``,
``aria-label``) with a ``data-key`` (``sq-C3``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from itertools import repeat
from operator import itemgetter, truth
from typing import Any

from .. import draw as d
from .draw_kit import (
    CRYSTAL_FILL,
    CRYSTAL_LINE,
    EDGE,
    HIGHLIGHT,
    MYSTIFY_INK,
    SQ,
    TILE_COLOURS,
    memo,
    resolved_piece,
    table_document,
)
from .rules import CENTRE, COLS, DAY, NAME, NEUTRAL, NIGHT, ROWS, SIDES, SQUARES, TILE_WORD, parse_square, square_name

__all__ = ["board", "board_parts", "square", "square_key", "square_label", "square_words", "temple_icon"]


def square_key(sq: int) -> str:
    """The ``data-key`` of square ``sq`` in every drawing (``sq-C3``)."""
    return f"sq-{square_name(sq)}"


def square_words(board: Any, sq: int) -> str:
    """A square in words: ``"C3, Day-tile, part of a temple, 2 Mystify-counters, Day stands
    here"`` (the accessible name of its drawing)."""
    if sq in CENTRE:
        return f"{square_name(sq)}, the impassable centre"
    pawn = board.pawn
    return square_label(
        square_name(sq),
        board.tiles[sq],
        bool(board.in_temple[sq]),
        bool(board.temple_tile[sq]),
        board.mystify[sq],
        bool(board.crystal[sq]),
        [side for side in SIDES if pawn[side] == sq],
    )


def square_label(
    name: str, t: int, in_temple: bool, temple_tile: bool, mystify: int, crystal: bool, here: Sequence[str]
) -> str:
    """The words of a square (:func:`square_words`), from what is on it."""
    words = [name, TILE_WORD[t]]
    if in_temple:
        words.append("part of a temple")
    elif temple_tile:
        words.append("a Day Temple-tile")
    if mystify:
        words.append(f"{mystify} Mystify-counter{'s' if mystify > 1 else ''}")
    if crystal:
        words.append("crystallized")
    if here:
        words.append(" and ".join(NAME[side] for side in here) + (" stand here" if len(here) > 1 else " stands here"))
    return ", ".join(words)


# ---------------------------------------------------------------------------
# Symbols of the temple duel
# ---------------------------------------------------------------------------


def temple_icon(cx: float, cy: float, w: float, ink: str, fill: str) -> str:
    """A small temple: a pediment, three columns and a step."""
    h = w * 0.8
    x0, y0 = cx - w / 2, cy - h / 2
    col_w = w * 0.14
    cols = "".join(
        d.rect(x0 + w * (0.14 + 0.29 * i), y0 + h * 0.34, col_w, h * 0.46, fill=fill, stroke=ink, width=1)
        for i in range(3)
    )
    roof = (
        f'<path d="M{d._n(x0)},{d._n(y0 + h * 0.32)}L{d._n(cx)},{d._n(y0)}L{d._n(x0 + w)},'
        f'{d._n(y0 + h * 0.32)}Z" fill="{fill}" stroke="{ink}" stroke-width="1.2" stroke-linejoin="round"/>'
    )
    step = d.rect(x0 - w * 0.04, y0 + h * 0.82, w * 1.08, h * 0.16, fill=fill, stroke=ink, width=1)
    return roof + cols + step


def _vortex(x: float, y: float, w: float, h: float) -> str:
    """The impassable centre: a dark swirl, named in words."""
    cx, cy = x + w / 2, y + h / 2
    rings = "".join(
        f'<circle cx="{d._n(cx)}" cy="{d._n(cy)}" r="{d._n(r)}" fill="none" stroke="#8e8aa8" '
        f'stroke-width="1.4" stroke-dasharray="{d._n(r * 0.9)} {d._n(r * 0.5)}"/>'
        for r in (w * 0.12, w * 0.22, w * 0.32, w * 0.42)
    )
    body = (
        d.rect(x, y, w, h, fill="#3b3552", stroke=d.LINE, width=1.5, rx=4)
        + rings
        + d.text(cx, cy - 4, "impassable", size=12, anchor="middle", fill="#ffffff", weight="700")
        + d.text(cx, cy + 12, "centre", size=12, anchor="middle", fill="#ffffff", weight="700")
    )
    return d.group(body, label="the impassable centre (C4, D4, C5, D5): no tile, no pawn")


def _pawn(side: str, w: float, big: bool = False) -> d.Piece:
    """A pawn: a chip with the sun (Day) or the moon (Night) and the side's name (``big``: the
    name in 11 px words, a phone's smallest, beside a smaller symbol)."""
    h = 17.0
    r, x = (5.0, 12.0) if big else (7.0, 16.0)
    if side == "day":
        fill, ink, sym = "#fff7d6", "#1a1a1a", d.sun(r + 2, h / 2, r)
    else:
        fill, ink, sym = "#10163a", "#ffffff", d.moon(r + 1.5, h / 2, r - 1, fill="#dfe6f5", stroke="#dfe6f5")
    body = (
        d.rect(0, 0, w, h, fill=fill, stroke="#000000" if side == "day" else "#ffffff", width=1.4, rx=h / 2)
        + sym
        + d.text(
            x,
            h / 2 + 4 if big else h / 2 + 3.5,
            NAME[side],
            size=11 if big else 9.5,
            weight=None if big else "700",
            fill=ink,
        )
    )
    return d.Piece(w, h, d.group(body, label=f"{NAME[side]}'s pawn"))


def _mystify_drop(n: int, big: bool = False) -> d.Piece:
    """Mystify-counters: a violet drop with their number and the letter M (``big``: 11 px)."""
    size = 11 if big else 9.5
    body = (
        f'<path d="M9,1 C13,7 16,10 16,13.5 A7,7 0 0 1 2,13.5 C2,10 5,7 9,1Z" fill="#efe3fb" '
        f'stroke="{MYSTIFY_INK}" stroke-width="1.3"/>'
        + d.text(9, 17, n, size=size, weight="700", anchor="middle", fill=MYSTIFY_INK)
        + d.text(18 if big else 20, 15, "M", size=11 if big else 9, weight="700", fill=MYSTIFY_INK)
    )
    return d.Piece(28 if big else 26, 21, d.group(body, label=f"{n} Mystify-counter{'s' if n > 1 else ''}"))


def _crystal(big: bool = False) -> d.Piece:
    """A Crystallize-counter: an ice-blue crystal with the letter C (``big``: 11 px)."""
    body = (
        f'<path d="M8,0 L15,6 L8,18 L1,6Z" fill="{CRYSTAL_FILL}" stroke="{CRYSTAL_LINE}" stroke-width="1.3"/>'
        f'<path d="M1,6 H15 M8,0 V18" stroke="{CRYSTAL_LINE}" stroke-width=".7"/>'
        + d.text(17 if big else 19, 14 if big else 13, "C", size=11 if big else 9, weight="700", fill=CRYSTAL_LINE)
    )
    return d.Piece(26 if big else 25, 18, d.group(body, label="a Crystallize-counter"))


# ---------------------------------------------------------------------------
# The board
# ---------------------------------------------------------------------------


def square(
    board: Any, sq: int, *, highlight: bool = False, picked: bool = False, fresh: str | None = None, size: float = SQ
) -> d.Piece:
    """One square of the board with everything on it. ``highlight``: a square the pending step
    can choose (a wash and a dashed ring); ``picked``: chosen for a temple; ``fresh``: what just
    happened here (an animation: ``flip`` a tile, ``rise`` a temple, ``enter`` a counter,
    ``pawn`` a pawn arriving)."""
    pawn = board.pawn
    key = (
        "sq",
        sq,
        board.tiles[sq],
        bool(board.in_temple[sq]),
        bool(board.temple_tile[sq]),
        board.mystify[sq],
        bool(board.crystal[sq]),
        pawn["day"] == sq,
        pawn["night"] == sq,
        highlight,
        picked,
        fresh,
        size,
    )
    return memo(key, lambda: _square(*key[1:]))


def _square(sq: int, *state, resolved: bool = False) -> d.Piece:
    """Square ``sq`` in ``state`` (the arguments of :func:`_square_drawing` after the name): a
    state is drawn once for every square, with a mark where the square's name goes;
    ``resolved``: its patterns pointed at the table's (:func:`~daynight.temples.draw_kit.resolved_piece`)."""
    piece = _square_state(state, resolved)
    return d.Piece(piece.w, piece.h, piece.svg.replace(_SQ_MARK, square_name(sq)))


def _square_state(state: tuple, resolved: bool) -> d.Piece:
    if resolved:
        return memo(("sq-resolved", *state), lambda: resolved_piece(_square_state(state, False)))
    return memo(("sq-state", *state), lambda: _square_drawing(_SQ_MARK, *state))


#: where a square's name goes in the drawing of its state (no other word of a square has an @)
_SQ_MARK = "@sq@"


def _square_drawing(
    name: str,
    t: int,
    in_temple: bool,
    temple_tile: bool,
    mystify: int,
    crystal: bool,
    day_here: bool,
    night_here: bool,
    highlight: bool,
    picked: bool,
    fresh: str | None,
    s: float,
    big: bool = False,
) -> d.Piece:
    """The square called ``name`` with everything on it, layer by layer: the tile, its
    temple, its counters, the pawns on it, and the marks of a choice. ``big``: every word at
    least 11 px (a phone's narrow table); a temple's word then takes the tile's word's place, as
    "picked" does on any table for a square picked for a temple."""
    ink = TILE_COLOURS[t].ink
    fixed = in_temple or temple_tile
    inset = 6 if picked else 3  # a picked square's words start inside its ring
    out = [
        _tile_face(t, fixed or picked, fresh, s),  # picked: the word "picked" where the tile's symbol would crowd it
        d.text(inset, 12 if big else 11, name, size=11 if big else 9.5, weight="700", fill=ink),
    ]
    marks = _temple_marks(t, in_temple, temple_tile, fresh, s)
    out += marks[:-1] if big and marks else marks  # big: the temple's word at the bottom, not in the corner
    word = {NEUTRAL: "neutral", DAY: "Day", NIGHT: "Night"}[t]
    if big and fixed:
        word = "temple" if in_temple else "T-tile"
    elif picked:  # a square has no room for two lines under a pawn: "picked" takes the tile's word's place
        word = "picked"
    bold = fixed or picked
    out.append(d.text(inset, s - 4, word, size=11 if big else 8.5, fill=ink, weight="700" if bold else None))
    here = [side for side, there in (("day", day_here), ("night", night_here)) if there]
    out += _counters_and_pawns(mystify, crystal, here, fixed, fresh, s, big)
    if picked:
        out.append(d.rect(3, 3, s - 6, s - 6, fill="none", stroke=HIGHLIGHT, width=3.5))
    if highlight:  # a square to click now: a wash and a dashed ring (not colour alone)
        out.append(d.rect(0, 0, s, s, fill=HIGHLIGHT, stroke=None, extra='fill-opacity=".16"'))
        out.append(
            d.rect(2, 2, s - 4, s - 4, fill="none", stroke=HIGHLIGHT, width=3.2, rx=3, extra='stroke-dasharray="7 3"')
        )
    label = square_label(name, t, in_temple, temple_tile, mystify, crystal, here) + (
        ", picked for the temple" if picked else ""
    )
    return d.Piece(s, s, d.group("".join(out), label=label, key=f"sq-{name}", cls="dn-square"))


def _tile_face(t: int, fixed: bool, fresh: str | None, s: float) -> str:
    """The tile: its colour, its pattern and (but on a temple, or a square picked for one:
    ``fixed``) its symbol, a sun or a moon."""
    colour = TILE_COLOURS[t]
    parts = [
        d.rect(0, 0, s, s, fill=colour.fill, stroke=d.LINE, width=1.2, cls="dn-frame"),
        d.rect(
            0, 0, s, s, fill=colour.pattern_fill(), stroke=None, extra=f'opacity="{".3" if t == NEUTRAL else ".6"}"'
        ),
    ]
    if fixed:
        pass  # the temple drawn on it says more
    elif t == DAY:  # a small sun: a disc in a ring of rays
        parts.append(
            f'<circle cx="{d._n(s - 11)}" cy="{d._n(s - 11)}" r="5.5" fill="none" stroke="#7a4b00" '
            f'stroke-width="2.6" stroke-dasharray="1.6 1.3"/><circle cx="{d._n(s - 11)}" '
            f'cy="{d._n(s - 11)}" r="3.2" fill="#fff3c4" stroke="#7a4b00"/>'
        )
    elif t == NIGHT:
        parts.append(d.moon(s - 11, s - 11, 6))
    tile = "".join(parts)
    return d.animate(tile, "flip") if fresh == "flip" else tile


def _temple_marks(t: int, in_temple: bool, temple_tile: bool, fresh: str | None, s: float) -> list[str]:
    """A temple drawn on a tile of a temple, or the counter of a Day Temple-tile (flat side up)."""
    ink = TILE_COLOURS[t].ink
    if in_temple:
        icon = temple_icon(
            s / 2, s / 2 - 2, s * 0.52, d.INK if t == DAY else "#ffffff", "#ffffff" if t == DAY else "#4a5596"
        )
        return [
            d.animate(icon, "rise") if fresh == "rise" else icon,
            d.rect(2.5, 2.5, s - 5, s - 5, fill="none", stroke=ink, width=2.2),
            d.text(s - 3, 11, "temple", size=7.5, weight="700", anchor="end", fill=ink),
        ]
    if temple_tile:  # a separate Day Temple-tile: its counter lies flat side up
        disc = (
            f'<ellipse cx="{d._n(s / 2)}" cy="{d._n(s / 2)}" rx="{d._n(s * 0.3)}" ry="{d._n(s * 0.16)}" '
            f'fill="#ffffff" stroke="{d.INK}" stroke-width="1.5"/>'
            + d.text(s / 2, s / 2 + 4, "T", size=11, weight="700", anchor="middle")
        )
        return [
            d.animate(disc, "rise") if fresh == "rise" else disc,
            d.text(s - 3, 11, "T-tile", size=7.5, weight="700", anchor="end", fill=ink),
        ]
    return []


def _counters_and_pawns(
    mystify: int, crystal: bool, here: Sequence[str], fixed: bool, fresh: str | None, s: float, big: bool = False
) -> list[str]:
    """The counters on a square (top right; on a temple, where its word is, bottom right) and
    the pawns standing on it."""
    out = []
    marks = []
    if mystify:
        marks.append(_mystify_drop(mystify, big))
    if crystal:
        marks.append(_crystal(big))
    if marks:
        m = d.row(marks, gap=1)
        piece = d.place(m, s - m.w - 1, s - m.h - 2 if fixed else 1)
        out.append(d.animate(piece, "enter") if fresh == "enter" else piece)
    if here:
        chips = d.column([_pawn(side, s - 4 if big else s - 6, big) for side in here], gap=1)
        y = (15 if big else 21) if len(here) == 1 else 13  # big: between the square's name and its word
        piece = d.place(chips, 2 if big else 3, y)
        out.append(d.animate(piece, "enter") if fresh == "pawn" else piece)
    return out


def board_parts(
    board: Any,
    *,
    highlight: Iterable[int] = (),
    picked: Iterable[int] = (),
    fresh: dict[int, str] | None = None,
    size: float = SQ,
    big: bool = False,
) -> tuple[float, float, tuple[str, ...]]:
    """The board, ``(width, height, the parts of its SVG text)``: the table joins the parts
    once with the rest of the table. ``big``: every word of a square at least 11 px (a phone)."""
    marks, chosen, fresh = set(highlight), set(picked), fresh or {}
    tiles, in_temple, temple_tile = board.tiles, board.in_temple, board.temple_tile
    mystify, crystal, pawn = board.mystify, board.crystal, board.pawn
    # the state of each square as a tuple (built by C-level maps: this runs on every drawing)
    keys = tuple(
        zip(
            SQUARES,
            _OF_SQUARES(tiles),
            map(truth, _OF_SQUARES(in_temple)),
            map(truth, _OF_SQUARES(temple_tile)),
            _OF_SQUARES(mystify),
            map(truth, _OF_SQUARES(crystal)),
            _AT[pawn["day"]],
            _AT[pawn["night"]],
            map(marks.__contains__, SQUARES) if marks else repeat(False),
            map(chosen.__contains__, SQUARES) if chosen else repeat(False),
            map(fresh.get, SQUARES) if fresh else repeat(None),
            repeat(size),
            repeat(big),
        )
    )
    return _board_from(keys, size)


#: the 44 squares' entries of a list of 48; ``_AT[p]``: for each square, whether it is ``p``
_OF_SQUARES = itemgetter(*SQUARES)
_AT = tuple(tuple(s == p for s in SQUARES) for p in range(COLS * ROWS))
_PLACED: dict[tuple, str] = {}
#: the last board drawn: the states of its squares, their placed drawings, the board (the
#: next state differs from it in a few squares; comparing is cheaper than hashing the states)
_LAST_BOARD: list = [(), (), None]


def _board_from(keys: tuple, size: float) -> tuple[float, float, tuple[str, ...]]:
    last_keys, last_squares, last_board = _LAST_BOARD
    if keys == last_keys:
        return last_board
    placed = _PLACED
    if len(placed) > 6000:
        placed.clear()
    squares = []
    for key, old, svg in zip(keys, last_keys or repeat(None), last_squares or repeat(None), strict=False):
        if key != old:
            svg = placed.get(key)
            if svg is None:
                svg = placed[key] = d.place(
                    _square(*key, resolved=True), EDGE + (key[0] % COLS) * size, EDGE + (key[0] // COLS) * size
                )
        squares.append(svg)
    vortex = memo(("vortex", size), lambda: _vortex(EDGE + 2 * size, EDGE + 3 * size, 2 * size, 2 * size))
    w, h = COLS * size + 2 * EDGE, ROWS * size + 2 * EDGE
    board = (
        w,
        h,
        (
            '<g role="group" aria-label="the Valley of Emptiness, 6 by 8 squares">',
            _edges(size),
            *squares,
            vortex,
            "</g>",
        ),
    )
    _LAST_BOARD[:] = keys, squares, board
    return board


@functools.lru_cache(maxsize=8)
def _edges(size: float) -> str:
    """The board's frame and its coordinates on the edges, in words: columns A-F, rows 1-8."""
    w, h = COLS * size + 2 * EDGE, ROWS * size + 2 * EDGE
    parts = [d.rect(EDGE - 2, EDGE - 2, COLS * size + 4, ROWS * size + 4, fill="none", stroke=d.LINE, width=2, rx=3)]
    for c in range(COLS):
        x = EDGE + (c + 0.5) * size
        parts.append(d.text(x, EDGE - 5, "ABCDEF"[c], size=12, weight="700", anchor="middle"))
        parts.append(d.text(x, h - 4, "ABCDEF"[c], size=12, weight="700", anchor="middle"))
    for r in range(ROWS):
        y = EDGE + (r + 0.5) * size + 4
        parts.append(d.text(EDGE / 2, y, r + 1, size=12, weight="700", anchor="middle"))
        parts.append(d.text(w - EDGE / 2, y, r + 1, size=12, weight="700", anchor="middle"))
    return "".join(parts)


def board(
    board: Any, *, highlight: Iterable[int | str] = (), picked: Iterable[int | str] = (), caption: str | None = None
) -> d.Drawing:
    """The board alone (a game or a view), e.g. for a worked example; ``highlight`` and
    ``picked`` take squares as ints or names (``"C3"``)."""

    def sqs(items: Iterable[int | str]) -> list[int]:
        return [parse_square(x) if isinstance(x, str) else x for x in items]

    w, h, parts = board_parts(board, highlight=sqs(highlight), picked=sqs(picked))
    if not caption:
        return table_document(parts, w, h, label="the temple duel's board")
    # the squares are drawn with the table's patterns (resolved_piece): the table's document defines them
    cap = d.text(0, 14, caption, size=13, weight="700", limit=90)
    return table_document((cap, '<g transform="translate(0,24)">', *parts, "</g>"), w, h + 24, label=caption)
