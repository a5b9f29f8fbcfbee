"""temples: the drawing kit -- the colours, sizes and words of the temple duel's drawings, text
laid out in lines, and the memory that makes a drawing cheap.

Speed: drawn pieces are remembered (a state differs from the last one in a few squares and
cards; a square's state and a spell's card are drawn once, whatever the square or the copy),
the table's document is wrapped without reading the whole drawing, and the table is joined once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import draw as d
from .rules import DAY, NEUTRAL, NIGHT

__all__ = [
    "BOOK_COLOURS",
    "BOOK_TITLE",
    "CARD_H",
    "CARD_W",
    "CRYSTAL_FILL",
    "CRYSTAL_LINE",
    "EDGE",
    "HIGHLIGHT",
    "MEMO",
    "MYSTIFY_INK",
    "PHASE_WORD",
    "RIGHT_W",
    "SQ",
    "TILE_COLOURS",
    "TYPE_WORD",
    "around",
    "memo",
    "resolved_piece",
    "table_document",
    "text_lines",
    "wrap",
]

#: the three faces of a square, each with its own pattern and word (colour is never the only cue)
TILE_COLOURS = {
    NEUTRAL: d.Colour("neutral", "#ebe6da", "#1a1a1a", "waves", "dark"),
    DAY: d.Colour("Day", "#f7cf4f", "#1a1a1a", "dots", "dark"),
    NIGHT: d.Colour("Night", "#27306b", "#ffffff", "stripes", "light"),
}
#: the two Books of Spells: Day's "Mystify" and Night's "Crystallize"
BOOK_COLOURS = {
    "day": d.Colour("Day's book", "#fff3c8", "#1a1a1a", "dots", "dark"),
    "night": d.Colour("Night's book", "#2b3566", "#ffffff", "stripes", "light"),
}
BOOK_TITLE = {"day": "Mystify", "night": "Crystallize"}
TYPE_WORD = {
    "minor": "Minor spell",
    "miracle": "Miracle spell",
    "mystify": "Mystify spell",
    "crystallize": "Crystallize spell",
}
PHASE_WORD = {"cast": "Spell Casting", "travel": "Travelling", "retreat": "Retreating", "next": "Retreating"}

SQ = 52.0  #: a square's side
EDGE = 18.0  #: the coordinate margin on each side of the board
CARD_W, CARD_H = 150.0, 146.0
MYSTIFY_INK = "#5b2a86"
CRYSTAL_FILL, CRYSTAL_LINE = "#bfe9ff", "#0b4f79"
HIGHLIGHT = d.FOCUS
RIGHT_W = 480.0  #: the width of the column beside the board


# ---------------------------------------------------------------------------
# Speed: drawn pieces are remembered (a state differs from the last one in a few squares and
# cards; a square's state and a spell's card are drawn once, whatever the square or the copy),
# the document is wrapped without reading the whole drawing, and the table is joined once
# ---------------------------------------------------------------------------

#: how many pieces of each kind are remembered: many squares and cards, a few panels
_SIZES = {
    "sq": 4000,
    "sq-state": 2000,
    "sq-resolved": 2000,
    "spell": 2000,
    "card-art": 2000,
    "discard": 200,
    "vortex": 4,
    "title": 64,
    "prompt": 64,
    "other": 32,
    "hand": 32,
    "piles": 64,
    "frame": 64,
    "resolved-card": 2000,
    "doc": 64,
    "header": 64,
    "top": 64,
    "around": 256,
}
MEMO: dict[str, dict[tuple[Any, ...], Any]] = {kind: {} for kind in _SIZES}


def memo(key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
    """The piece drawn for ``key`` (its kind first, then every input of a pure drawing
    function), drawn once and remembered while there is room for its kind."""
    cache = MEMO[key[0]]
    hit = cache.get(key)
    if hit is None:
        if len(cache) >= _SIZES[key[0]]:
            cache.clear()
        hit = cache[key] = make()
    return hit


#: the patterns of the temple duel's colours (a table may use any of them)
_PATTERNS_USED = sorted({(c.pattern, c.tone) for c in (*TILE_COLOURS.values(), *BOOK_COLOURS.values())})
_STUB = "".join(f'<g fill="url(#@{name}.{tone})"/>' for name, tone in _PATTERNS_USED)
_PREFIX = d.document(d.Piece(1, 1, _STUB), label="stub").svg.split('<pattern id="', 1)[1].split("-", 1)[0]


def resolved_piece(piece: d.Piece) -> d.Piece:
    """``piece`` with its pattern references (``url(#@dots.dark)``) pointed at the patterns
    that :func:`table_document` defines for every table: resolved once, when a piece is first
    drawn, instead of on the whole table each time."""
    svg = piece.svg
    for name, tone in _PATTERNS_USED:
        svg = svg.replace(f"url(#@{name}.{tone})", f"url(#{_PREFIX}-{name}-{tone})")
    return d.Piece(piece.w, piece.h, svg)


def table_document(body: Sequence[str], w: float, h: float, *, label: str) -> d.Drawing:
    """:func:`daynight.draw.document` for the whole table (``body``, the parts of a ``w`` x
    ``h`` piece, joined once, into the document), at a fraction of its cost.

    ``document`` reads the whole drawing to name and resolve its patterns (a checksum, then a
    replace over the text for each pattern): for a table of some 50 kB that costs about ten
    random moves, half of what a drawing may cost. Here ``document`` wraps a small stub that
    uses the table's patterns, once per size, and the table, whose pieces were resolved as
    they were drawn (:func:`resolved_piece`), takes the stub's place; the label goes where
    ``document`` put the stub's. The pattern ids are then the same in every table (the
    definitions are the same too); the result has ``document``'s shape (root ``<svg>``,
    title, patterns)."""
    head, tail, width, height = memo(("doc", w, h), lambda: _wrapper(w, h))
    head = head.replace(_LABEL_ATTR, f'aria-label="{d.attr(label)}"', 1).replace(
        _LABEL_TITLE, f"<title>{d.esc(label)}</title>", 1
    )
    return d.Drawing("".join((head, *body, tail)), label, width, height)


#: the label of the stub's document, where each table's label goes
_LABEL_MARK = "@label@"
_LABEL_ATTR, _LABEL_TITLE = f'aria-label="{_LABEL_MARK}"', f"<title>{_LABEL_MARK}</title>"


def _wrapper(w: float, h: float) -> tuple[str, str, float, float]:
    doc = d.document(d.Piece(w, h, _STUB), label=_LABEL_MARK)
    head, tail = doc.svg.split(resolved_piece(d.Piece(0, 0, _STUB)).svg, 1)
    return head, tail, doc.width, doc.height


def wrap(text: str, width: float, size: float) -> list[str]:
    """Greedy word wrap for a font of ``size`` in ``width`` (an average glyph is 0.55 em)."""
    per_line = max(4, int(width / (0.55 * size)))
    out: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if len(candidate) <= per_line or not line:
            line = candidate
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out


def text_lines(
    x: float,
    y: float,
    lines: Sequence[str],
    size: float,
    *,
    fill: str = d.INK,
    italic: bool = False,
    weight: str | None = None,
    anchor: str = "start",
    leading: float = 1.2,
) -> tuple[str, float]:
    """Text lines from baseline ``y``; returns the SVG and the y after the last line."""
    out = []
    for line in lines:
        out.append(d.text(x, y, line, size=size, fill=fill, italic=italic, weight=weight, anchor=anchor))
        y += size * leading
    return "".join(out), y


def around(x: float, y: float) -> tuple[str, str]:
    """:func:`daynight.draw.place` at ``(x, y)`` as the text before a piece and after it
    (the piece is then not copied into its place)."""
    before, after = memo(("around", x, y), lambda: tuple(d.place(d.Piece(0, 0, "|"), x, y).split("|")))
    return before, after
