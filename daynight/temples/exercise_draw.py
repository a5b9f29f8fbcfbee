"""temples: the drawing of a practice question asked beside the board (issue 18), wide and narrow.

Some exercises ask about a board at a moment the table's own header would give the answer away
(a temple about to be made, a travel, the hours left): they are drawn by :func:`question`, the
board with its squares ringed or picked and the words of the question beside it, in the wide
arrangement of :func:`daynight.temples.draw.question`. For a table ``width`` below
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
from . import draw
from .draw_board import board_parts
from .draw_kit import resolved_piece, table_document, text_lines, wrap
from .draw_narrow import GAP, narrow_hand, square_size

__all__ = ["question"]

PAD = 6.0  #: the document's padding, each side (daynight.draw.document)
TITLE, TEXT = 15.0, 13.0  #: the words of the narrow question


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
    bold) and the ``pieces`` under them, then the ``spells`` (``(spell, key)``: a spell cast,
    drawn as its card). ``width`` below :data:`daynight.draw.NARROW_WIDTH`: one column that
    wide (see the module's docstring)."""
    if not d.is_narrow(width):
        cards = [draw.spell_card(spell, key=key, w=120, h=118) for spell, key in spells]
        more = [d.row(cards, gap=6)] if cards else []
        return draw.question(board, lines, label=label, highlight=highlight, picked=picked, pieces=[*pieces, *more])
    inner = (width or 0) - 2 * PAD
    bw, bh, parts = board_parts(board, highlight=highlight, picked=picked, size=square_size(width or 0), big=True)
    rows = []
    for i, line in enumerate(lines):
        size = TITLE if i == 0 else TEXT
        svg, bottom = text_lines(0, size, wrap(line, inner, size), size, weight="700" if i == 0 else None)
        rows.append(d.Piece(inner, bottom - size * 0.7, svg))
    rows += [resolved_piece(p) for p in pieces]
    if spells:
        rows.append(narrow_hand([s for s, _key in spells], [k for _s, k in spells], inner))
    words = d.column(rows, gap=GAP)
    body = (d.place(d.Piece(bw, bh, "".join(parts)), (inner - bw) / 2, 0), d.place(words, 0, bh + GAP))
    return table_document(body, inner, bh + GAP + words.h, label=label)
