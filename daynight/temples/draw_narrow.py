"""temples: the narrow table (issue 23), for a phone held upright: ``table(game, viewer,
width=w)`` with ``w`` under :data:`daynight.draw.NARROW_WIDTH` is drawn here, exactly ``w``
wide and shown at scale 1.

From the top: whose turn and what to do now; the board full width (six columns across 390 px
leave 57 px a square, every square a target of at least 44 px, every word of it at least
11 px); the viewer's place (her hours, her Book and discard pile, her hand as large cards,
two a row, each word at least 11 px); the other side's place. The pieces keep the keys of the
wide table (``sq-C3``, ``card-17``, ``take-83``, ``turn``, ``hours``, ``side-day``), so the
play app's targets and a note's marks are the same on both. Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import draw as d
from .draw_board import board_parts
from .draw_kit import BOOK_COLOURS, BOOK_TITLE, EDGE, TYPE_WORD, resolved_piece, table_document, text_lines, wrap
from .draw_spells import backs, book_stack, discard_pile, hours, spell_label
from .rules import COLS, HOURS, NAME, OTHER, SIDES
from .view import View

__all__ = ["GAP", "narrow_card", "narrow_hand", "narrow_table", "square_size"]

#: the room between the parts of the narrow table
GAP = 8.0
#: the words of a narrow drawing: never under daynight.draw.MIN_TEXT (11 px)
SMALL, TEXT, NAME_SIZE, TITLE = 11.0, 12.0, 14.0, 15.0
PAD = 6.0  #: the document's padding, each side (daynight.draw.document)


#: a square's side at most (a tablet's column, 740 px, would give squares of 115 px: a board taller than the screen)
MAX_SQUARE = 72.0


def square_size(width: float) -> float:
    """A square's side on a board ``width`` wide (the coordinates' margins aside), at most :data:`MAX_SQUARE`
    (the board then centred)."""
    return min(MAX_SQUARE, (width - 2 * PAD - 2 * EDGE) / COLS)


def narrow_table(
    game: Any,
    view: View,
    viewer: str | None,
    width: float,
    *,
    acting: str | None,
    highlight: Sequence[int],
    picked: Sequence[int],
    fresh: dict[int, str],
    dim: set[int],
    selected: int | None,
    state: str,
    say: str,
) -> d.Drawing:
    """The table in one column ``width`` wide: the header, the board, the viewer's place, the
    other side's place."""
    inner = width - 2 * PAD
    s = square_size(width)
    bw, bh, board = board_parts(view, highlight=highlight, picked=picked, fresh=fresh, size=s, big=True)
    built = tuple(sum(1 for side, _ in view.temples if side == who) for who in SIDES)
    header = _header(state, say, built, game.options.temples_to_win, inner)
    mine = _my_place(game, view, viewer, acting == view.me, dim, selected, inner)
    theirs = _other_place(game, view, viewer, acting == OTHER[view.me], inner)
    y_board = header.h + GAP
    y_mine = y_board + bh + GAP
    y_theirs = y_mine + mine.h + GAP
    body = (
        header.svg,
        f'<g transform="translate({d._n((inner - bw) / 2)},{d._n(y_board)})">',
        *board,
        "</g>",
        d.place(mine, 0, y_mine),
        d.place(theirs, 0, y_theirs),
    )
    who = "everything (a teacher's view)" if viewer is None else f"as {NAME[viewer]} sees it"
    return table_document(body, inner, y_theirs + theirs.h, label=f"The temple duel, {who}: {state}")


def _header(state: str, say: str, built: tuple[int, ...], need: int, inner: float) -> d.Piece:
    """Whose turn and the phase (or the end), the temples built, what to do now."""
    lines = wrap(state, inner, TITLE)[:3]
    svg, y = text_lines(0, TITLE, lines, TITLE, weight="700")
    parts = [d.group(svg, key="turn", label=state)]
    noun = "temples" if need > 1 else "temple"
    temples = "; ".join(f"{NAME[side]}: {n} of {need} {noun}" for side, n in zip(SIDES, built, strict=True))
    svg, y = text_lines(0, y + 2, wrap(temples, inner, TEXT), TEXT, weight="700")
    parts.append(svg)
    if say:
        svg, y = text_lines(0, y + 2, wrap(say, inner, TEXT)[:4], TEXT)
        parts.append(svg)
    return d.Piece(inner, y - TEXT * 0.6, "".join(parts))


def _my_place(
    game: Any, view: View, viewer: str | None, acting: bool, dim: set[int], selected: int | None, inner: float
) -> d.Piece:
    """The viewer's place: her hours, her Book and discard pile, her hand as large cards."""
    me = view.me
    ids = tuple(game.hand[me]) if viewer is None else tuple(view.hand_cards)
    left = view.hours if view.turn == me and not view.over else HOURS
    room = inner - 2 * 8
    top = d.wrap([hours(left, me), _piles(game, view, me)], room, gap=10, align="middle")
    hand = narrow_hand(
        [game.cards[c] for c in ids],
        [f"card-{c}" for c in ids],
        room,
        dim=dim_of(ids, dim),
        selected=ids.index(selected) if selected in ids else None,
    )
    n = len(ids)
    title = f"{NAME[me]}" + (" (to move)" if acting else "") + f": {n} spell{'s' if n != 1 else ''}"
    title += ", keep five" if n > 5 else " in hand"
    inside = d.column([top, hand], gap=GAP)
    return _panel(inside, title, f"{NAME[me]}'s side of the table", acting, f"side-{me}", inner)


def dim_of(ids: Sequence[int], dim: set[int]) -> list[int]:
    """The positions in ``ids`` of the cards drawn dimmed."""
    return [i for i, c in enumerate(ids) if c in dim]


def _other_place(game: Any, view: View, viewer: str | None, acting: bool, inner: float) -> d.Piece:
    """The other side: her hand as backs with a count (or face up: Steal Passion, a teacher)."""
    other = OTHER[view.me]
    room = inner - 2 * 8
    stealing = view.shown_hand is not None
    if viewer is None or stealing:
        ids = tuple(game.hand[other])
        keys = [f"take-{c}" if stealing else None for c in ids]
        inside = d.column([_piles(game, view, other), narrow_hand([game.cards[c] for c in ids], keys, room)], gap=GAP)
        title = f"{NAME[other]}'s hand (Steal Passion)" if stealing else f"{NAME[other]}: open (a teacher's view)"
    else:
        inside = d.wrap([backs(view.hands[other], other), _piles(game, view, other)], room, gap=10, align="middle")
        title = NAME[other]
    title += " (to move)" if acting else ""
    return _panel(inside, title, f"{NAME[other]}'s side of the table", acting, f"side-{other}", inner)


def _piles(game: Any, view: View, side: str) -> d.Piece:
    pile = game.discards[side]
    top = game.cards[pile[-1]] if pile else None
    return d.row([book_stack(view.piles[side], side), discard_pile(top, len(pile), side)], gap=8, align="middle")


def _panel(inside: d.Piece, title: str, label: str, highlight: bool, key: str, inner: float) -> d.Piece:
    """A place at the table, as wide as the table."""
    framed = d.panel(d.Piece(inner - 16, inside.h, inside.svg), title=title, label=label, highlight=highlight, key=key)
    return resolved_piece(framed)


# --------------------------------------------------------------------------- the cards of a phone


def narrow_hand(
    spells: Sequence[Any],
    keys: Sequence[str | None],
    width: float,
    *,
    dim: Sequence[int] = (),
    selected: int | None = None,
) -> d.Piece:
    """A hand as large cards, two a row (``width`` wide), every word at least 11 px, every card
    a target far larger than 44 px; the cards of a row are as tall as its tallest."""
    if not spells:
        return d.Piece(width, 20, d.text(0, 14, "No spells in hand.", size=TEXT))
    w = (width - GAP) / 2
    dimmed = set(dim)
    rows = []
    for i in range(0, len(spells), 2):
        pair = range(i, min(i + 2, len(spells)))
        h = max(card_height(spells[j], w) for j in pair)
        cards = [narrow_card(spells[j], keys[j], w, h, dim=j in dimmed, selected=j == selected) for j in pair]
        rows.append(d.row(cards, gap=GAP))
    return d.column(rows, gap=GAP)


def _card_lines(spell: Any, w: float) -> tuple[list[str], list[str], list[str], list[str]]:
    """The words of a narrow card, wrapped to its width: its name, condition, text and footer."""
    inner = w - _band(w) - 10
    text = spell.text
    cond, rest = "", text
    if text.startswith("Only when"):
        cond, _sep, rest = text.partition(". ")
        cond += "."
    name = wrap(spell.name, inner, NAME_SIZE)
    footer = wrap(f"{BOOK_TITLE[spell.book]} book, {spell.provenance}", inner, SMALL)
    return name, wrap(cond, inner, SMALL) if cond else [], wrap(rest, inner, SMALL), footer


def _band(w: float) -> float:
    return max(6.0, w * 0.12)  # the card frame's pattern band (daynight.draw.card)


def card_height(spell: Any, w: float) -> float:
    """The height a narrow card ``w`` wide needs for all its words."""
    name, cond, rest, footer = _card_lines(spell, w)
    return 36 + (len(name) * NAME_SIZE + (len(cond) + len(rest) + len(footer)) * SMALL) * 1.2 + (4 if cond else 0) + 20


def narrow_card(
    spell: Any, key: str | None, w: float, h: float, *, dim: bool = False, selected: bool = False
) -> d.Piece:
    """A spell as a large card ``w`` x ``h``: the cost in hours in the top-left corner, the
    type, the book (or "not now"), the name, the condition in italics, the text and the book
    and provenance at the bottom, each word at least 11 px."""
    colour = BOOK_COLOURS[spell.book]
    ink = colour.ink
    band = _band(w)
    x = band + 5
    cost = "X" if spell.cost == "X" else str(spell.cost)
    r = 13.0
    parts = [
        f'<circle cx="{d._n(band + 4 + r)}" cy="{d._n(4 + r)}" r="{d._n(r)}" fill="#ffffff" stroke="{d.LINE}" stroke-width="1.3"/>',
        d.text(band + 4 + r, 4 + r + 5.5, cost, size=16, weight="700", anchor="middle"),
        d.text(band + 8 + 2 * r, 15, "hours" if cost != "1" else "hour", size=SMALL, fill=ink),
        d.text(band + 8 + 2 * r, 29, TYPE_WORD[spell.type].split()[0], size=SMALL, fill=ink, weight="700"),
        d.text(w - 6, 15, "not now" if dim else NAME[spell.book], size=SMALL, fill=ink, anchor="end", weight="700"),
    ]
    name, cond, rest, footer = _card_lines(spell, w)
    svg, y = text_lines(x, 36 + NAME_SIZE, name, NAME_SIZE, fill=ink, weight="700")
    parts.append(svg)
    if cond:
        svg, y = text_lines(x, y + 2, cond, SMALL, fill=ink, italic=True)
        parts.append(svg)
        y += 2
    svg, y = text_lines(x, y + 2, rest, SMALL, fill=ink)
    parts.append(svg)
    svg, _y = text_lines(x, h - 8 - (len(footer) - 1) * SMALL * 1.2, footer, SMALL, fill=ink, italic=True)
    parts.append(svg)
    art = "".join(parts)
    if dim:  # a spell that cannot be cast now: paler, and it says so in its corner
        art += d.rect(0, 0, w, h, fill="#ffffff", stroke=None, rx=7, extra='fill-opacity=".3"')
    label = spell_label(spell) + (" (cannot be cast now)" if dim else "")
    card = d.card(label=label, colour=colour, w=w, h=h, key=key, art=art, selected=selected, cls="dn-spell")
    return resolved_piece(card)
