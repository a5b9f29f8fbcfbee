"""temples: the drawing of a practice question asked beside the board (issue 18), wide and narrow.

Some exercises ask about a board at a moment the table's own header would give the answer away
(a temple about to be made, a travel, the hours left): they are drawn by :func:`question`, the
board with its squares ringed or picked and the words of the question, in one of two
arrangements. Wide: the words beside the board (a column :data:`.draw_kit.RIGHT_W` wide), the
pieces and the spells cast under them. For a table ``width`` below
:data:`daynight.draw.NARROW_WIDTH` (a phone held upright, issue 23) it is a column exactly that
wide at scale 1: the board full width (its squares, every one a target, at least
:data:`daynight.draw.MIN_TARGET` px and their words at least :data:`daynight.draw.MIN_TEXT` px,
as on the narrow table), then the words, then the pieces (the sides, the hours, the spells
cast, as large cards). Every square keeps its key (``sq-C3``), so the options and the marks
of an exercise find it in both arrangements.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .. import draw as d
from .draw_board import board_parts
from .draw_kit import RIGHT_W, resolved_piece, table_document, text_lines, wrap
from .draw_narrow import GAP, narrow_hand, square_size
from .draw_spells import spell_card

__all__ = ["question"]

PAD = 6.0  #: the document's padding, each side (daynight.draw.document)
WIDE_WORDS = (14.0, 12.5)  #: the sizes of the first line of the words and of the rest, beside the board
NARROW_WORDS = (15.0, 13.0)  #: the same under the board, on a phone


def question(
    board: Any,
    lines: Sequence[str],
    *,
    label: str,
    highlight: Iterable[int] = (),
    picked: Iterable[int] = (),
    pieces: Sequence[d.Piece] = (),
    spells: Sequence[tuple[Any, str]] = (),
    width: float | None = None,
) -> d.Drawing:
    """The board (a game, a view or a :class:`daynight.temples.practice_kit.Board`) with
    ``highlight`` squares ringed and ``picked`` ones marked, the ``lines`` of words (the first in
    bold: what the question is about) and the ``pieces`` under them (the sides, the hours),
    then the ``spells`` (``(spell, key)``: a spell cast, drawn as its card). ``width`` below
    :data:`daynight.draw.NARROW_WIDTH`: one column that wide (see the module's docstring)."""
    if d.is_narrow(width):
        return narrow(board, lines, label, highlight, picked, pieces, spells, width or 0.0)
    w, h, parts = board_parts(board, highlight=highlight, picked=picked)
    cards = [spell_card(spell, key=key, w=120, h=118) for spell, key in spells]
    more = [d.row(cards, gap=6)] if cards else []
    side = d.column([*words(lines, RIGHT_W, WIDE_WORDS), *(resolved_piece(p) for p in [*pieces, *more])], gap=8)
    x0 = w + 12
    body = (*parts, d.place(side, x0, 0))
    return table_document(body, x0 + max(RIGHT_W, side.w), max(h, side.h), label=label)


def narrow(
    board: Any,
    lines: Sequence[str],
    label: str,
    highlight: Iterable[int],
    picked: Iterable[int],
    pieces: Sequence[d.Piece],
    spells: Sequence[tuple[Any, str]],
    width: float,
) -> d.Drawing:
    """:func:`question` for a phone: the board ``width`` wide, the words, the pieces and the
    spells cast (as large cards) under it."""
    inner = width - 2 * PAD
    bw, bh, parts = board_parts(board, highlight=highlight, picked=picked, size=square_size(width), big=True)
    rows = [*words(lines, inner, NARROW_WORDS), *(resolved_piece(p) for p in pieces)]
    if spells:
        rows.append(narrow_hand([s for s, _key in spells], [k for _s, k in spells], inner))
    below = d.column(rows, gap=GAP)
    body = (d.place(d.Piece(bw, bh, "".join(parts)), (inner - bw) / 2, 0), d.place(below, 0, bh + GAP))
    return table_document(body, inner, bh + GAP + below.h, label=label)


def words(lines: Sequence[str], width: float, sizes: tuple[float, float]) -> list[d.Piece]:
    """The ``lines`` of a question wrapped to ``width``, one piece each: the first bold at
    ``sizes[0]`` px (what the question is about), the others at ``sizes[1]``."""
    out = []
    for i, line in enumerate(lines):
        size = sizes[0] if i == 0 else sizes[1]
        svg, bottom = text_lines(0, size, wrap(line, width, size), size, weight="700" if i == 0 else None)
        out.append(d.Piece(width, bottom - size * 0.7, svg))
    return out
