"""temples: the drawings. Pure functions from a state (or one player's view) to SVG text.

What a learner meets in the temple duel, each drawn as on the table:

* :func:`board` -- the Valley of Emptiness: 6 x 8 squares, the impassable 2 x 2 centre drawn
  as a vortex, the coordinates A-F and 1-8 on the edges; every square with its tile (Day,
  Night or neutral: a fill, a pattern, a symbol and a word), its Mystify-counters (a drop with
  the count), its Crystallize-counter, its temple (a temple drawn on it; a separate Day
  Temple-tile has its counter flat side up) and the pawns standing on it;
* :func:`spell_card` -- a spell as its card: the cost in hours in the top-left corner, its
  name, its type and book, its condition in italics and its text, and whether the card is
  attested by the rules or reconstructed; :func:`hand` is a row of them and :func:`backs`
  the other side's hand as card backs with a count;
* :func:`hours` -- the hours left of the twelve; :func:`book_stack` and :func:`discard_pile`
  -- a Book of Spells (a count, never an order) and a discard pile (its top card is public);
* :func:`table` -- the whole table as one player sees it (``viewer``), or everything
  (``viewer=None``, a teacher's view).

A drawing for a player is built from ``game.view(player)``: the other side's hand is drawn
as backs and none of its words are in the SVG. Every square and card is a named image
(``role="img"``, ``aria-label``) with a ``data-key`` (``sq-C3``, ``card-17``, ``take-83``)
that the play app may make a click target. Words on every piece; colour is never the only
cue (each kind of tile has its own pattern, symbol and word). Standard library only.
"""

from __future__ import annotations

import functools
from itertools import repeat
from operator import itemgetter, truth
from typing import Any, Iterable, Sequence

from .. import draw as d
from .engine import Cast, PickTemple, Target, Travel
from .rules import CENTRE, COLS, DAY, HOURS, NAME, NEUTRAL, NIGHT, OTHER, ROWS, SIDES, SQUARES, TILE_WORD, square_name

__all__ = ["TILE_COLOURS", "BOOK_COLOURS", "square_words", "square", "board", "spell_card", "hand", "backs",
           "book_stack", "discard_pile", "hours", "table", "spell_drawing", "book_drawing"]

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
TYPE_WORD = {"minor": "Minor spell", "miracle": "Miracle spell", "mystify": "Mystify spell",
             "crystallize": "Crystallize spell"}
PHASE_WORD = {"cast": "Spell Casting", "travel": "Travelling", "retreat": "Retreating", "next": "Retreating"}

SQ = 52.0            #: a square's side
EDGE = 18.0          #: the coordinate margin on each side of the board
CARD_W, CARD_H = 150.0, 146.0
MYSTIFY_INK = "#5b2a86"
CRYSTAL_FILL, CRYSTAL_LINE = "#bfe9ff", "#0b4f79"
HIGHLIGHT = d.FOCUS

# ---------------------------------------------------------------------------
# Speed: drawn pieces are remembered (a state differs from the last one in a few squares and
# cards; a square's state and a spell's card are drawn once, whatever the square or the copy),
# the document is wrapped without reading the whole drawing, and the table is joined once
# ---------------------------------------------------------------------------

#: how many pieces of each kind are remembered: many squares and cards, a few panels
_SIZES = {"sq": 4000, "sq-state": 2000, "sq-resolved": 2000, "spell": 2000, "card-art": 2000, "discard": 200,
          "vortex": 4, "title": 64, "prompt": 64, "other": 32, "hand": 32,
          "piles": 64, "frame": 64, "resolved-card": 2000, "doc": 64, "header": 64, "top": 64, "around": 256}
_MEMO: dict[str, dict[tuple, Any]] = {kind: {} for kind in _SIZES}


def _memo(key: tuple, make):
    """The piece drawn for ``key`` (its kind first, then every input of a pure drawing
    function), drawn once and remembered while there is room for its kind."""
    cache = _MEMO[key[0]]
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


def _resolved(piece: d.Piece) -> d.Piece:
    """``piece`` with its pattern references (``url(#@dots.dark)``) pointed at the patterns
    that :func:`_document` defines for every table: resolved once, when a piece is first
    drawn, instead of on the whole table each time."""
    svg = piece.svg
    for name, tone in _PATTERNS_USED:
        svg = svg.replace(f"url(#@{name}.{tone})", f"url(#{_PREFIX}-{name}-{tone})")
    return d.Piece(piece.w, piece.h, svg)


def _document(body: Sequence[str], w: float, h: float, *, label: str) -> d.Drawing:
    """:func:`daynight.draw.document` for the whole table (``body``, the parts of a ``w`` x
    ``h`` piece, joined once, into the document), at a fraction of its cost.

    ``document`` reads the whole drawing to name and resolve its patterns (a checksum, then a
    replace over the text for each pattern): for a table of some 50 kB that costs about ten
    random moves, half of what a drawing may cost. Here ``document`` wraps a small stub that
    uses the table's patterns, once per size, and the table, whose pieces were resolved as
    they were drawn (:func:`_resolved`), takes the stub's place; the label goes where
    ``document`` put the stub's. The pattern ids are then the same in every table (the
    definitions are the same too); the result has ``document``'s shape (root ``<svg>``,
    title, patterns)."""
    head, tail, width, height = _memo(("doc", w, h), lambda: _wrapper(w, h))
    head = head.replace(_LABEL_ATTR, f'aria-label="{d.attr(label)}"', 1).replace(
        _LABEL_TITLE, f"<title>{d.esc(label)}</title>", 1)
    return d.Drawing("".join((head, *body, tail)), label, width, height)


#: the label of the stub's document, where each table's label goes
_LABEL_MARK = "@label@"
_LABEL_ATTR, _LABEL_TITLE = f'aria-label="{_LABEL_MARK}"', f"<title>{_LABEL_MARK}</title>"


def _wrapper(w: float, h: float) -> tuple[str, str, float, float]:
    doc = d.document(d.Piece(w, h, _STUB), label=_LABEL_MARK)
    head, tail = doc.svg.split(_resolved(d.Piece(0, 0, _STUB)).svg, 1)
    return head, tail, doc.width, doc.height


# ---------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------


def _get(board: Any, name: str):
    """A board attribute from a game (``tiles``) or a view (``tiles``, ``pawn_squares``)."""
    if isinstance(board, dict):
        return board["pawn_squares"] if name == "pawn" else board[name]
    return getattr(board, name)


def square_words(board: Any, sq: int) -> str:
    """A square in words: ``"C3, Day-tile, part of a temple, 2 Mystify-counters, Day stands
    here"`` (the accessible name of its drawing)."""
    if sq in CENTRE:
        return f"{square_name(sq)}, the impassable centre"
    pawn = _get(board, "pawn")
    return _square_label(square_name(sq), _get(board, "tiles")[sq], bool(_get(board, "in_temple")[sq]),
                         bool(_get(board, "temple_tile")[sq]), _get(board, "mystify")[sq],
                         bool(_get(board, "crystal")[sq]), [side for side in SIDES if pawn[side] == sq])


def _square_label(name: str, t: int, in_temple: bool, temple_tile: bool, mystify: int, crystal: bool,
                  here: Sequence[str]) -> str:
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


def _wrap(text: str, width: float, size: float) -> list[str]:
    """Greedy word wrap for a font of ``size`` in ``width`` (an average glyph is 0.55 em)."""
    per_line = max(4, int(width / (0.55 * size)))
    lines, line = [], ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if len(candidate) <= per_line or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _lines(x: float, y: float, lines: Sequence[str], size: float, *, fill: str = d.INK, italic: bool = False,
           weight: str | None = None, anchor: str = "start", leading: float = 1.2) -> tuple[str, float]:
    """Text lines from baseline ``y``; returns the SVG and the y after the last line."""
    out = []
    for line in lines:
        out.append(d.text(x, y, line, size=size, fill=fill, italic=italic, weight=weight, anchor=anchor))
        y += size * leading
    return "".join(out), y


# ---------------------------------------------------------------------------
# Symbols of the temple duel
# ---------------------------------------------------------------------------


def _temple_icon(cx: float, cy: float, w: float, ink: str, fill: str) -> str:
    """A small temple: a pediment, three columns and a step."""
    h = w * 0.8
    x0, y0 = cx - w / 2, cy - h / 2
    col_w = w * 0.14
    cols = "".join(d.rect(x0 + w * (0.14 + 0.29 * i), y0 + h * 0.34, col_w, h * 0.46, fill=fill, stroke=ink,
                          width=1) for i in range(3))
    roof = (f'<path d="M{d._n(x0)},{d._n(y0 + h * 0.32)}L{d._n(cx)},{d._n(y0)}L{d._n(x0 + w)},'
            f'{d._n(y0 + h * 0.32)}Z" fill="{fill}" stroke="{ink}" stroke-width="1.2" stroke-linejoin="round"/>')
    step = d.rect(x0 - w * 0.04, y0 + h * 0.82, w * 1.08, h * 0.16, fill=fill, stroke=ink, width=1)
    return roof + cols + step


def _vortex(x: float, y: float, w: float, h: float) -> str:
    """The impassable centre: a dark swirl, named in words."""
    cx, cy = x + w / 2, y + h / 2
    rings = "".join(f'<circle cx="{d._n(cx)}" cy="{d._n(cy)}" r="{d._n(r)}" fill="none" stroke="#8e8aa8" '
                    f'stroke-width="1.4" stroke-dasharray="{d._n(r * 0.9)} {d._n(r * 0.5)}"/>'
                    for r in (w * 0.12, w * 0.22, w * 0.32, w * 0.42))
    body = (d.rect(x, y, w, h, fill="#3b3552", stroke=d.LINE, width=1.5, rx=4) + rings
            + d.text(cx, cy - 4, "impassable", size=12, anchor="middle", fill="#ffffff", weight="700")
            + d.text(cx, cy + 12, "centre", size=12, anchor="middle", fill="#ffffff", weight="700"))
    return d.group(body, label="the impassable centre (C4, D4, C5, D5): no tile, no pawn")


def _pawn(side: str, w: float) -> d.Piece:
    """A pawn: a chip with the sun (Day) or the moon (Night) and the side's name."""
    h = 17.0
    if side == "day":
        fill, ink, sym = "#fff7d6", "#1a1a1a", d.sun(9, h / 2, 7)
    else:
        fill, ink, sym = "#10163a", "#ffffff", d.moon(8.5, h / 2, 6, fill="#dfe6f5", stroke="#dfe6f5")
    body = (d.rect(0, 0, w, h, fill=fill, stroke="#000000" if side == "day" else "#ffffff", width=1.4, rx=h / 2)
            + sym + d.text(16, h / 2 + 3.5, NAME[side], size=9.5, weight="700", fill=ink))
    return d.Piece(w, h, d.group(body, label=f"{NAME[side]}'s pawn"))


def _mystify_drop(n: int) -> d.Piece:
    """Mystify-counters: a violet drop with their number and the letter M."""
    body = (f'<path d="M9,1 C13,7 16,10 16,13.5 A7,7 0 0 1 2,13.5 C2,10 5,7 9,1Z" fill="#efe3fb" '
            f'stroke="{MYSTIFY_INK}" stroke-width="1.3"/>'
            + d.text(9, 16.5, n, size=9.5, weight="700", anchor="middle", fill=MYSTIFY_INK)
            + d.text(20, 15, "M", size=9, weight="700", fill=MYSTIFY_INK))
    return d.Piece(26, 21, d.group(body, label=f"{n} Mystify-counter{'s' if n > 1 else ''}"))


def _crystal() -> d.Piece:
    """A Crystallize-counter: an ice-blue crystal with the letter C."""
    body = (f'<path d="M8,0 L15,6 L8,18 L1,6Z" fill="{CRYSTAL_FILL}" stroke="{CRYSTAL_LINE}" stroke-width="1.3"/>'
            f'<path d="M1,6 H15 M8,0 V18" stroke="{CRYSTAL_LINE}" stroke-width=".7"/>'
            + d.text(19, 13, "C", size=9, weight="700", fill=CRYSTAL_LINE))
    return d.Piece(25, 18, d.group(body, label="a Crystallize-counter"))


# ---------------------------------------------------------------------------
# The board
# ---------------------------------------------------------------------------


def square(board: Any, sq: int, *, highlight: bool = False, picked: bool = False, fresh: str | None = None,
           size: float = SQ) -> d.Piece:
    """One square of the board with everything on it. ``highlight``: a square the pending step
    can choose (a wash and a dashed ring); ``picked``: chosen for a temple; ``fresh``: what just
    happened here (an animation: ``flip`` a tile, ``rise`` a temple, ``enter`` a counter,
    ``pawn`` a pawn arriving)."""
    pawn = _get(board, "pawn")
    key = ("sq", sq, _get(board, "tiles")[sq], bool(_get(board, "in_temple")[sq]), bool(_get(board, "temple_tile")[sq]),
           _get(board, "mystify")[sq], bool(_get(board, "crystal")[sq]), pawn["day"] == sq, pawn["night"] == sq,
           highlight, picked, fresh, size)
    return _memo(key, lambda: _square(*key[1:]))


def _square(sq: int, *state, resolved: bool = False) -> d.Piece:
    """Square ``sq`` in ``state`` (the arguments of :func:`_square_drawing` after the name): a
    state is drawn once for every square, with a mark where the square's name goes;
    ``resolved``: its patterns pointed at the table's (:func:`_resolved`)."""
    piece = _square_state(state, resolved)
    return d.Piece(piece.w, piece.h, piece.svg.replace(_SQ_MARK, square_name(sq)))


def _square_state(state: tuple, resolved: bool) -> d.Piece:
    if resolved:
        return _memo(("sq-resolved", *state), lambda: _resolved(_square_state(state, False)))
    return _memo(("sq-state", *state), lambda: _square_drawing(_SQ_MARK, *state))


#: where a square's name goes in the drawing of its state (no other word of a square has an @)
_SQ_MARK = "@sq@"


def _square_drawing(name: str, t: int, in_temple: bool, temple_tile: bool, mystify: int, crystal: bool,
                    day_here: bool, night_here: bool, highlight: bool, picked: bool, fresh: str | None,
                    s: float) -> d.Piece:
    """The square called ``name`` with everything on it."""
    colour = TILE_COLOURS[t]
    ink = colour.ink
    parts = [d.rect(0, 0, s, s, fill=colour.fill, stroke=d.LINE, width=1.2, cls="dn-frame"),
             d.rect(0, 0, s, s, fill=colour.pattern_fill(), stroke=None,
                    extra=f'opacity="{".3" if t == NEUTRAL else ".6"}"')]
    if in_temple or temple_tile:
        pass                  # the temple drawn on it says more
    elif t == DAY:            # a small sun: a disc in a ring of rays
        parts.append(f'<circle cx="{d._n(s - 11)}" cy="{d._n(s - 11)}" r="5.5" fill="none" stroke="#7a4b00" '
                     f'stroke-width="2.6" stroke-dasharray="1.6 1.3"/><circle cx="{d._n(s - 11)}" '
                     f'cy="{d._n(s - 11)}" r="3.2" fill="#fff3c4" stroke="#7a4b00"/>')
    elif t == NIGHT:
        parts.append(d.moon(s - 11, s - 11, 6))
    tile = "".join(parts)
    if fresh == "flip":
        tile = d.animate(tile, "flip")
    out = [tile, d.text(3, 11, name, size=9.5, weight="700", fill=ink)]
    word = {NEUTRAL: "neutral", DAY: "Day", NIGHT: "Night"}[t]
    marks = []
    if in_temple:
        icon = _temple_icon(s / 2, s / 2 - 2, s * 0.52, d.INK if t == DAY else "#ffffff",
                            "#ffffff" if t == DAY else "#4a5596")
        out.append(d.animate(icon, "rise") if fresh == "rise" else icon)
        out.append(d.rect(2.5, 2.5, s - 5, s - 5, fill="none", stroke=ink, width=2.2))
        out.append(d.text(s - 3, 11, "temple", size=7.5, weight="700", anchor="end", fill=ink))
    elif temple_tile:   # a separate Day Temple-tile: its counter lies flat side up
        disc = (f'<ellipse cx="{d._n(s / 2)}" cy="{d._n(s / 2)}" rx="{d._n(s * 0.3)}" ry="{d._n(s * 0.16)}" '
                f'fill="#ffffff" stroke="{d.INK}" stroke-width="1.5"/>'
                + d.text(s / 2, s / 2 + 4, "T", size=11, weight="700", anchor="middle"))
        out.append(d.animate(disc, "rise") if fresh == "rise" else disc)
        out.append(d.text(s - 3, 11, "T-tile", size=7.5, weight="700", anchor="end", fill=ink))
    out.append(d.text(3, s - 4, word, size=8.5, fill=ink, weight="700" if (in_temple or temple_tile) else None))
    if mystify:
        marks.append(_mystify_drop(mystify))
    if crystal:
        marks.append(_crystal())
    if marks:             # top right; on a temple, where its word is, bottom right
        m = d.row(marks, gap=1)
        piece = d.place(m, s - m.w - 1, s - m.h - 2 if (in_temple or temple_tile) else 1)
        out.append(d.animate(piece, "enter") if fresh == "enter" else piece)
    here = [side for side, there in (("day", day_here), ("night", night_here)) if there]
    if here:
        chips = d.column([_pawn(side, s - 6) for side in here], gap=1)
        y = 21 if len(here) == 1 else 13
        piece = d.place(chips, 3, y)
        out.append(d.animate(piece, "enter") if fresh == "pawn" else piece)
    if picked:
        out.append(d.rect(3, 3, s - 6, s - 6, fill="none", stroke=HIGHLIGHT, width=3.5))
        out.append(d.text(s / 2, s / 2 + 22, "picked", size=9, weight="700", anchor="middle", fill=ink))
    if highlight:       # a square to click now: a wash and a dashed ring (not colour alone)
        out.append(d.rect(0, 0, s, s, fill=HIGHLIGHT, stroke=None, extra='fill-opacity=".16"'))
        out.append(d.rect(2, 2, s - 4, s - 4, fill="none", stroke=HIGHLIGHT, width=3.2, rx=3,
                          extra='stroke-dasharray="7 3"'))
    label = _square_label(name, t, in_temple, temple_tile, mystify, crystal, here) + (
        ", picked for the temple" if picked else "")
    return d.Piece(s, s, d.group("".join(out), label=label, key=f"sq-{name}", cls="dn-square"))


def _board_piece(board: Any, **options: Any) -> d.Piece:
    w, h, parts = _board_parts(board, **options)
    return d.Piece(w, h, "".join(parts))


def _board_parts(board: Any, *, highlight: Iterable[int] = (), picked: Iterable[int] = (),
                 fresh: dict[int, str] | None = None, size: float = SQ) -> tuple[float, float, tuple[str, ...]]:
    """The board, ``(width, height, the parts of its SVG text)``: the table joins the parts
    once with the rest of the table."""
    marks, chosen, fresh = set(highlight), set(picked), fresh or {}
    tiles, in_temple, temple_tile = _get(board, "tiles"), _get(board, "in_temple"), _get(board, "temple_tile")
    mystify, crystal, pawn = _get(board, "mystify"), _get(board, "crystal"), _get(board, "pawn")
    # the state of each square as a tuple (built by C-level maps: this runs on every drawing)
    keys = tuple(zip(SQUARES, _OF_SQUARES(tiles), map(truth, _OF_SQUARES(in_temple)),
                     map(truth, _OF_SQUARES(temple_tile)), _OF_SQUARES(mystify), map(truth, _OF_SQUARES(crystal)),
                     _AT[pawn["day"]], _AT[pawn["night"]],
                     map(marks.__contains__, SQUARES) if marks else repeat(False),
                     map(chosen.__contains__, SQUARES) if chosen else repeat(False),
                     map(fresh.get, SQUARES) if fresh else repeat(None), repeat(size)))
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
    for key, old, svg in zip(keys, last_keys or repeat(None), last_squares or repeat(None)):
        if key != old:
            svg = placed.get(key)
            if svg is None:
                svg = placed[key] = d.place(_square(*key, resolved=True), EDGE + (key[0] % COLS) * size,
                                            EDGE + (key[0] // COLS) * size)
        squares.append(svg)
    vortex = _memo(("vortex", size), lambda: _vortex(EDGE + 2 * size, EDGE + 3 * size, 2 * size, 2 * size))
    w, h = COLS * size + 2 * EDGE, ROWS * size + 2 * EDGE
    board = w, h, ('<g role="group" aria-label="the Valley of Emptiness, 6 by 8 squares">', _edges(size),
                   *squares, vortex, "</g>")
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


def board(board: Any, *, highlight: Iterable[int | str] = (), picked: Iterable[int | str] = (),
          caption: str | None = None) -> d.Drawing:
    """The board alone (a game or a view), e.g. for a worked example; ``highlight`` and
    ``picked`` take squares as ints or names (``"C3"``)."""
    from .rules import parse_square

    def sqs(items):
        return [parse_square(x) if isinstance(x, str) else x for x in items]

    piece = _board_piece(board, highlight=sqs(highlight), picked=sqs(picked))
    if caption:
        cap = d.Piece(piece.w, 20, d.text(0, 14, caption, size=13, weight="700", limit=90))
        piece = d.column([cap, piece], gap=4)
    return d.document(piece, label=caption or "the temple duel's board")


# ---------------------------------------------------------------------------
# Spells
# ---------------------------------------------------------------------------


def _split_condition(text: str) -> tuple[str, str]:
    """The condition (the italic first line, 3.3) and the rest of a spell's text."""
    if text.startswith("Only when"):
        cond, _, rest = text.partition(". ")
        return cond + ".", rest
    return "", text


def spell_label(spell: Any) -> str:
    """A spell in words: ``"Sunbeam, 2 hours, Minor spell of Day's book: Change 1 tile ..."``."""
    cost = "X hours" if spell.cost == "X" else f"{spell.cost} hour{'s' if spell.cost != 1 else ''}"
    return (f"{spell.name}, {cost}, {TYPE_WORD[spell.type]} of {NAME[spell.book]}'s book "
            f"({spell.provenance}): {spell.text}")


def spell_card(spell: Any, *, key: str | None = None, dim: bool = False, selected: bool = False,
               w: float = CARD_W, h: float = CARD_H, fresh: bool = False) -> d.Piece:
    """A spell as its card: the cost in hours in the top-left corner, the name, the type and
    the book, the condition in italics and its text, and ``attested`` or ``reconstructed``.
    The words shrink with the card (a hand of many cards is drawn smaller)."""
    piece = _of_spell(spell, ("spell", id(spell), dim, selected, w, h, fresh),
                      lambda: _spell_card(spell, _KEY_MARK, dim, selected, w, h, fresh))
    return d.Piece(piece.w, piece.h, _keyed(piece.svg, key))


def _of_spell(spell: Any, key: tuple, make):
    """:func:`_memo` for a drawing of ``spell`` (``id(spell)`` in ``key``): drawn afresh when
    another spell now has that id."""
    hit = _memo(key, lambda: (spell, make()))
    if hit[0] is not spell:
        hit = _MEMO[key[0]][key] = (spell, make())
    return hit[1]


#: a card is drawn once per spell with this key, and each copy gets its own (:func:`_keyed`)
_KEY_MARK = "@key@"
_KEY_SLOT = f'data-key="{_KEY_MARK}"'


def _keyed(svg: str, key: str | None) -> str:
    """A card drawn with the key :data:`_KEY_MARK`, with ``key`` instead (or with none): the
    key is the card's first attribute, before any text of the spell."""
    if key is None:
        return svg.replace(" " + _KEY_SLOT, "", 1)
    return svg.replace(_KEY_SLOT, f'data-key="{d.attr(key)}"', 1)


def _spell_card(spell: Any, key: str | None, dim: bool, selected: bool, w: float, h: float, fresh: bool) -> d.Piece:
    colour = BOOK_COLOURS[spell.book]
    k = min(1.0, w / CARD_W, h / CARD_H)
    before, after = _of_spell(spell, ("card-art", id(spell), w, h), lambda: _card_art(spell, w, h))
    corner = d.text(w - 6 * k, 4 + 9 * k, "not now" if dim else NAME[spell.book], size=9 * k, fill=colour.ink,
                    anchor="end", weight="700")
    art = before + corner + after
    if dim:     # a spell that cannot be cast now: paler, and it says so in its corner
        art += d.rect(0, 0, w, h, fill="#ffffff", stroke=None, rx=7, extra='fill-opacity=".3"')
    piece = d.card(label=spell_label(spell) + (" (cannot be cast now)" if dim else ""), colour=colour, w=w, h=h,
                   key=key, art=art, selected=selected, cls="dn-spell")
    if fresh:
        return d.Piece(piece.w, piece.h, d.animate(piece.svg, "enter"))
    return piece


def _card_art(spell: Any, w: float, h: float) -> tuple[str, str]:
    """What a spell's card shows at size ``w`` x ``h`` (the words laid out to fit), before
    and after the top-right corner's word (the book, or "not now")."""
    ink = BOOK_COLOURS[spell.book].ink
    k = min(1.0, w / CARD_W, h / CARD_H)
    band = max(6.0, w * 0.12)          # the card frame's pattern band (daynight.draw.card)
    x = band + 5 * k
    inner = w - x - 5 * k
    cost = "X" if spell.cost == "X" else str(spell.cost)
    r = 12 * k
    before = [f'<circle cx="{d._n(band + 4 + r)}" cy="{d._n(4 + r)}" r="{d._n(r)}" fill="#ffffff" '
              f'stroke="{d.LINE}" stroke-width="1.3"/>',
              d.text(band + 4 + r, 4 + r + 5 * k, cost, size=14 * k, weight="700", anchor="middle"),
              d.text(band + 8 + 2 * r, 4 + 9 * k, "hours" if cost != "1" else "hour", size=9 * k, fill=ink),
              d.text(band + 8 + 2 * r, 4 + 20 * k, TYPE_WORD[spell.type].split()[0], size=9 * k, fill=ink,
                     weight="700")]
    art = []
    y = 4 + 2 * r + 14 * k
    svg, y = _lines(x, y, _wrap(spell.name, inner, 13 * k)[:2], 13 * k, fill=ink, weight="700")
    art.append(svg)
    cond, rest = _split_condition(spell.text)
    room = h - (y - 3 * k) - 17 * k
    for size in (11.0 * k, 10.2 * k, 9.4 * k, 8.6 * k, 7.8 * k):
        cl = _wrap(cond, inner, size) if cond else []
        rl = _wrap(rest, inner, size)
        if (len(cl) + len(rl)) * size * 1.18 + (3 if cond else 0) <= room:
            break
    y += 1
    if cl:
        svg, y = _lines(x, y, cl, size, fill=ink, italic=True, leading=1.18)
        art.append(svg)
        y += 3
    svg, y = _lines(x, y, rl, size, fill=ink, leading=1.18)
    art.append(svg)
    art.append(d.text(x, h - 6 * k, f"{BOOK_TITLE[spell.book]} book, {spell.provenance}", size=8.5 * k, fill=ink,
                      italic=True))
    return "".join(before), "".join(art)


def hand(spells: Sequence[Any], *, keys: Sequence[str | None] | None = None, dim: Iterable[int] = (),
         selected: int | None = None, per_row: int = 5, w: float = CARD_W, h: float = CARD_H) -> d.Piece:
    """Spell cards in rows of ``per_row``; ``dim`` and ``selected`` are positions in ``spells``."""
    dimmed = set(dim)
    cards = [spell_card(sp, key=None if keys is None else keys[i], dim=i in dimmed, selected=i == selected,
                        w=w, h=h) for i, sp in enumerate(spells)]
    rows = [d.row(cards[i:i + per_row], gap=7) for i in range(0, len(cards), per_row)]
    return d.column(rows, gap=8) if rows else d.Piece(0, h, "")


@functools.lru_cache(maxsize=16)
def _back(w: float, h: float) -> str:
    """A card back (:func:`daynight.draw.card_back`, a sun and a moon on a dark field), drawn
    once; a pile shows the backs under it as plain edges."""
    return d.card_back(label="the back of a spell", w=w, h=h).svg


def _edge(x: float, y: float, w: float, h: float) -> str:
    return d.rect(x, y, w, h, fill=d.NIGHT_SKY, stroke=d.LINE, width=1.2, rx=6)


@functools.lru_cache(maxsize=1024)
def backs(n: int, side: str, *, w: float = 30, h: float = 43) -> d.Piece:
    """The other side's hand as card backs, with the count in words (no card is named)."""
    shown = min(n, 10)
    step = min(13.0, 60 / (shown - 1)) if shown > 1 else 0
    cards = "".join(_edge(i * step, 0, w, h) for i in range(shown - 1))
    if shown:
        cards += d.place(d.Piece(w, h, _back(w, h)), (shown - 1) * step, 0)
    width = (shown - 1) * step + w if shown else 0
    label = f"{NAME[side]} holds {n} spell{'s' if n != 1 else ''}, face down"
    text = d.text(width + 8, h / 2 + 5, f"{n} spell{'s' if n != 1 else ''} in hand", size=12, weight="700")
    return d.Piece(width + 8 + 110, h, d.group(cards + text, label=label))


@functools.lru_cache(maxsize=1024)
def book_stack(n: int, side: str) -> d.Piece:
    """A Book of Spells, face down: how many spells are left (never their order)."""
    stack = "".join(_edge(6 - 3 * i, 2 * i - 4, 26, 37) for i in range(min(2, n - 1)))
    if n:
        stack += d.place(d.Piece(26, 37, _back(26, 37)), 0, 0)
    text = d.text(40, 14, "Book", size=11, weight="700") + d.text(40, 29, f"{n} left", size=11)
    return d.Piece(92, 37, d.group(stack + text, label=f"{NAME[side]}'s Book of Spells {BOOK_TITLE[side]}: "
                                                         f"{n} spell{'s' if n != 1 else ''} left"))


def discard_pile(top: Any | None, n: int, side: str) -> d.Piece:
    """A discard pile, face up: its size and its top spell (both players may look through it)."""
    return _of_spell(top, ("discard", id(top), n, side), lambda: _discard_pile(top, n, side))


def _discard_pile(top: Any | None, n: int, side: str) -> d.Piece:
    colour = BOOK_COLOURS[side]
    if top is None:
        face = d.rect(0, 0, 26, 37, fill="none", stroke=d.LINE, width=1.2, rx=4, extra='stroke-dasharray="3 2"')
        words = f"{NAME[side]}'s discard pile is empty"
        text = d.text(34, 14, "Discard", size=11, weight="700") + d.text(34, 29, "empty", size=11)
    else:
        face = d.rect(0, 0, 26, 37, fill=colour.fill, stroke=d.LINE, width=1.2, rx=4) + d.text(
            13, 24, top.cost, size=13, weight="700", anchor="middle", fill=colour.ink)
        words = f"{NAME[side]}'s discard pile: {n} spell{'s' if n != 1 else ''}, {top.name} on top"
        text = (d.text(34, 14, f"Discard {n}", size=11, weight="700")
                + d.text(34, 29, f"top: {top.name}", size=11, limit=22))
    return d.Piece(34 + 7 * 16, 37, d.group(face + text, label=words))


@functools.lru_cache(maxsize=1024)
def hours(left: int, side: str) -> d.Piece:
    """The hours left of the turn's twelve: a filled pip for each hour left, hollow for spent."""
    fill = "#f6b400" if side == "day" else "#27306b"
    pips = "".join(
        f'<circle cx="{d._n(7 + 15 * i)}" cy="27" r="6" fill="{fill if i < left else "#ffffff"}" '
        f'stroke="{d.LINE}" stroke-width="1.2"/>' for i in range(HOURS))
    text = d.text(0, 12, f"{left} of 12 hours left", size=12, weight="700")
    return d.Piece(15 * HOURS, 34, d.group(text + pips, label=f"{NAME[side]} has {left} of 12 hours left"))


def spell_drawing(spell: Any) -> d.Drawing:
    """One spell card as a drawing (a :class:`Spell` shows itself with this in a notebook)."""
    return d.document(spell_card(spell), label=spell_label(spell))


def book_drawing(book: Any, per_row: int = 6) -> d.Drawing:
    """Every distinct spell of a Book, with its number of copies."""
    cards = []
    for sp in book.spells:
        card = spell_card(sp)
        tag = d.Piece(card.w, 16, d.text(card.w / 2, 12, f"{sp.copies} {'copy' if sp.copies == 1 else 'copies'}",
                                         size=11, anchor="middle", weight="700"))
        cards.append(d.column([card, tag], gap=2, align="centre"))
    rows = [d.row(cards[i:i + per_row], gap=8) for i in range(0, len(cards), per_row)]
    label = f"{NAME[book.side]}'s Book of Spells {book.title or BOOK_TITLE[book.side]}: {len(book.spells)} spells"
    return d.document(d.column(rows, gap=10), label=label)


# ---------------------------------------------------------------------------
# The whole table
# ---------------------------------------------------------------------------


def _fresh_squares(game: Any, since: int | None) -> dict[int, str]:
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


@functools.lru_cache(maxsize=64)
def _temples_row(counts: tuple[int, int], need: int) -> d.Piece:
    pieces = []
    for side, built in zip(SIDES, counts):
        fill = TILE_COLOURS[DAY if side == "day" else NIGHT].fill
        said = f"{NAME[side]}: {built} of {need}"
        x0 = 7.5 * len(said) + 4
        icons = "".join(_temple_icon(x0 + 24 * i + 11, 9, 18, d.INK, fill if i < built else "#ffffff")
                        for i in range(need))
        words = f"{NAME[side]} has built {built} of {need} temple{'s' if need > 1 else ''}"
        pieces.append(d.Piece(x0 + need * 24, 18, d.group(
            d.text(0, 14, said, size=12, weight="700") + icons, label=words)))
    return d.row(pieces, gap=16, align="middle")


#: the moves that name a square (the squares to ring on the board)
_ON_A_SQUARE = frozenset({Target, Travel, PickTemple})


def _view_for(game: Any, viewer: str | None) -> dict:
    if viewer is not None:
        return game.view(viewer)
    v = game.view(game.turn)      # a teacher's view: both hands open
    other = game.view(OTHER[game.turn])
    v["open_hands"] = {game.turn: v["hand"], OTHER[game.turn]: other["hand"]}
    v["open_cards"] = {game.turn: list(game.hand[game.turn]), OTHER[game.turn]: list(game.hand[OTHER[game.turn]])}
    return v


def table(game: Any, viewer: str | None = None, *, highlight: Iterable[int] | None = None,
          picked: Iterable[int] | None = None, since: int | None = None, selected: int | None = None,
          dim: Iterable[int] | None = None, prompt: str | None = None, title: str | None = None) -> d.Drawing:
    """The whole table as ``viewer`` (``"day"``/``"night"``) sees it, or everything (``None``).

    * ``highlight`` -- squares to ring (default: the squares the player to move can click now,
      when that player is ``viewer`` or the viewer is a teacher);
    * ``since`` -- a log index: what happened after it is animated (a temple rises, a tile
      turns over, a counter or a pawn arrives);
    * ``selected`` / ``dim`` -- card ids of the viewer's hand drawn selected or dimmed (default:
      while the viewer may cast, the spells she cannot cast now are dimmed);
    * ``prompt`` -- the line under the title (default: the engine's own prompt).

    Keys for the play app: ``sq-C3`` (a square), ``card-17`` (a spell of the hand, by card
    id), ``take-83`` (a spell of the other's hand shown by Steal Passion).
    """
    view = _view_for(game, viewer)
    me = viewer or view["turn"]
    other = OTHER[me]
    to_move = game.to_players()
    acting = to_move[0] if to_move else None
    if highlight is None:
        highlight = ()
        if acting is not None and (viewer is None or viewer == acting):
            highlight = [m.square for m in game.legal_moves() if type(m) in _ON_A_SQUARE]
    if picked is None:
        picked = view["temple_pick"]["picked"] if view["temple_pick"] else ()
    if dim is None:
        dim = ()
        if acting == me and viewer is not None and view["phase"] != "retreat" and view["pending"] is None \
                and view["temple_pick"] is None:
            castable = {m.card for m in game.legal_moves(me) if type(m) is Cast}
            dim = [c for c in game.hand[me] if c not in castable]
    left_w, left_h, left = _board_parts(view, highlight=highlight, picked=picked, fresh=_fresh_squares(game, since))

    # the state of the game: whose turn, the phase, the temples, what to do now
    if view["over"]:
        state = game.end_reason or "The game is over."
    else:
        state = f"Turn {view['turn_no']}: {NAME[view['turn']]}'s turn, {PHASE_WORD[view['phase']]}"
    say = prompt if prompt is not None else ("" if view["over"] else game.pending_prompt())
    built = tuple(sum(1 for s, _ in view["temples"] if s == side) for side in SIDES)
    need = game.options.temples_to_win
    header = _memo(("header", title or state, built, need, say), lambda: d.column(
        [_memo(("title", title or state, built, need), lambda: _title(title or state, built, need)),
         _memo(("prompt", say), lambda: _prompt(say))], gap=6))

    cards = game.cards      # the spells of this game's books (shared, never changed)

    def piles(side: str) -> tuple:
        pile = game.discards[side]
        return side, view["piles"][side], (pile[-1] if pile else None), len(pile)

    # the other side: her hand as backs (or shown by Steal Passion, or open for a teacher)
    pend = game.pending
    stealing = pend is not None and pend.kind == "choose" and pend.caster == me and "shown_hand" in view
    if viewer is None:
        other_ids = tuple(view["open_cards"][other])
    elif stealing:
        other_ids = tuple(game.hand[other])   # shown to the viewer by her own Steal Passion
    else:
        other_ids = None
    key = ("other", id(cards), other, view["hands"][other] if other_ids is None else other_ids, stealing,
           viewer is None, piles(other), acting == other)
    other_panel = _memo(key, lambda: _other_panel(cards, *key[2:]))

    # my side: the hours left, my Book and discard pile, my hand of spell cards
    my_ids = tuple(view["open_cards"][me] if viewer is None else view["hand_cards"])
    chosen = set(dim)
    left_hours = view["hours"] if view["turn"] == me and not view["over"] else HOURS
    my_parts, my_w, my_h = _my_panel(cards, me, my_ids, tuple(c in chosen for c in my_ids), selected, left_hours,
                                     piles(me), acting == me)

    # one join: the board, and beside it the header and the two sides (no piece copied twice)
    x0 = left_w + 12
    y1 = header.h + 6
    y2 = y1 + other_panel.h + 6
    body = (*left, f'<g transform="translate({d._n(x0)},0)">', header.svg,
            f'<g transform="translate(0,{d._n(y1)})">', other_panel.svg, "</g>",
            f'<g transform="translate(0,{d._n(y2)})">', *my_parts, "</g></g>")
    who = "everything (a teacher's view)" if viewer is None else f"as {NAME[viewer]} sees it"
    return _document(body, x0 + max(RIGHT_W, other_panel.w, my_w), max(left_h, y2 + my_h),
                     label=f"The temple duel, {who}: {state}")


def _title(state: str, built: tuple[int, int], need: int) -> d.Piece:
    """The title (whose turn and the phase, or the end) and the temples built."""
    lines = _wrap(state, RIGHT_W, 15)[:2]
    svg, _ = _lines(0, 15, lines, 15, weight="700")
    return d.column([d.Piece(RIGHT_W, 19 * len(lines), svg), _temples_row(built, need)], gap=6)


def _prompt(say: str) -> d.Piece:
    """What the player to move is asked to do (the engine's prompt), up to three lines."""
    lines = _wrap(say, RIGHT_W, 12)[:3]
    svg, _ = _lines(0, 12, lines, 12)
    return d.Piece(RIGHT_W, 15 * len(lines), svg)


def _piles(cards: Sequence[Any], side: str, book: int, top: int | None, discards: int) -> d.Piece:
    return d.row([book_stack(book, side), discard_pile(None if top is None else cards[top], discards, side)],
                 gap=8, align="middle")


def _other_panel(cards: Sequence[Any], other: str, shown: int | tuple, stealing: bool, teacher: bool,
                 piles: tuple, acting: bool) -> d.Piece:
    """The other side's place: her hand as backs with a count (``shown`` an int), or her
    cards face up (``shown`` a tuple of card ids: Steal Passion, or a teacher's view)."""
    inner = RIGHT_W - 16
    if isinstance(shown, tuple) and shown:
        hand_cards = _hand_piece([cards[c] for c in shown], [f"take-{c}" if stealing else None for c in shown],
                                 inner, small=True)
        body = d.column([_piles(cards, *piles), hand_cards], gap=6)
        title = (f"{NAME[other]}'s hand, shown by Steal Passion" if stealing
                 else f"{NAME[other]}: {len(shown)} spells (open, a teacher's view)")
    else:
        body = d.row([backs(shown if isinstance(shown, int) else 0, other), _piles(cards, *piles)], gap=10,
                     align="middle")
        title = NAME[other]
    return d.panel(body, title=title + (" (to move)" if acting else ""), label=f"{NAME[other]}'s side of the table",
                   highlight=acting)


def _my_panel(cards: Sequence[Any], me: str, ids: tuple, dimmed: tuple, selected: int | None, left_hours: int,
              piles: tuple, acting: bool) -> tuple[list[str], float, float]:
    """The viewer's place: her hours, her Book and discard pile, her hand of spell cards, as
    the fragments of one panel (so the big hand is not copied into it), its width and height."""
    inner = RIGHT_W - 16
    n = len(ids)
    hand_key = ("hand", id(cards), ids, dimmed, selected)
    hand_w, hand_h, my_hand = _memo(hand_key, lambda: _hand_parts(
        [cards[c] for c in ids], [f"card-{c}" for c in ids], inner, dim=[i for i, x in enumerate(dimmed) if x],
        selected=ids.index(selected) if selected in ids else None))
    top = _memo(("top", id(cards), me, left_hours) + piles, lambda: d.row(
        [hours(left_hours, me), _memo(("piles", id(cards)) + piles, lambda: _piles(cards, *piles))], gap=12,
        align="middle"))
    title = (f"{NAME[me]}" + (" (to move)" if acting else "") + f": {n} spell{'s' if n != 1 else ''}"
             + (", keep five" if n > 5 else " in hand"))
    w, h = max(top.w, hand_w), top.h + 5 + hand_h
    head, tail, pw, ph = _frame(title, f"{NAME[me]}'s side of the table", acting, w, h)
    into, out = _around(0, top.h + 5)
    return [head, top.svg, into, *my_hand, out, tail], pw, ph


def _frame(title: str, label: str, highlight: bool, w: float, h: float) -> tuple[str, str, float, float]:
    """A :func:`daynight.draw.panel` around a ``w`` x ``h`` inside, cut where the inside goes:
    ``(head, tail, width, height)``."""
    def make():
        panel = d.panel(d.Piece(w, h, "<!--inside-->"), title=title, label=label, highlight=highlight)
        head, tail = panel.svg.split("<!--inside-->", 1)
        return head, tail, panel.w, panel.h
    return _memo(("frame", title, label, highlight, w, h), make)


RIGHT_W = 480.0     #: the width of the column beside the board


def _hand_piece(spells: Sequence[Any], keys: Sequence[str | None], width: float, **options: Any) -> d.Piece:
    w, h, parts = _hand_parts(spells, keys, width, **options)
    return d.Piece(w, h, "".join(parts))


def _hand_parts(spells: Sequence[Any], keys: Sequence[str | None], width: float, *, dim: Sequence[int] = (),
                selected: int | None = None, small: bool = False) -> tuple[float, float, tuple[str, ...]]:
    """A hand laid out in the column beside the board: three cards a row, or two rows of
    narrower cards for a big hand (up to twelve), then three rows. ``(width, height, the
    parts of its SVG text)``: each card is drawn once per spell and cut where its key goes."""
    n = len(spells)
    if not n:
        return width, 20, (d.text(0, 14, "No spells in hand.", size=12),)
    per_row = 3 if n <= 6 else min(6, -(-n // 2))
    if small:
        per_row = max(per_row, min(n, 5))
    w = min(CARD_W, (width - 7 * (per_row - 1)) / per_row)
    h = CARD_H * (0.8 if small else 1.0) * (1.0 if n <= 2 * per_row else 0.72)
    dimmed = set(dim)
    parts = []
    for i, sp in enumerate(spells):     # as hand() lays them out, each spell drawn and resolved once
        dim_i, sel_i = i in dimmed, i == selected
        before, _, after = _of_spell(sp, ("resolved-card", id(sp), dim_i, sel_i, w, h), lambda: _resolved(
            spell_card(sp, key=_KEY_MARK, dim=dim_i, selected=sel_i, w=w, h=h)).svg.partition(_KEY_SLOT))
        into, out = _around((i % per_row) * (w + 7), (i // per_row) * (h + 8))
        if keys[i] is None:             # as _keyed: the key is the card's first attribute
            parts += into, before[:-1], after, out
        else:
            parts += into, before, f'data-key="{d.attr(keys[i])}"', after, out
    rows = -(-n // per_row)
    return min(n, per_row) * (w + 7) - 7, rows * (h + 8) - 8, tuple(parts)


def _around(x: float, y: float) -> tuple[str, str]:
    """:func:`daynight.draw.place` at ``(x, y)`` as the text before a piece and after it
    (the piece is then not copied into its place)."""
    return _memo(("around", x, y), lambda: tuple(d.place(d.Piece(0, 0, "|"), x, y).split("|")))
