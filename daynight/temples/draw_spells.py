"""temples: the drawings of the spells -- a spell as its card (the cost in hours in the top-left
corner, its name, its type and book, its condition in italics and its text, and whether the
card is attested by the rules or reconstructed), a hand of them, the other side's hand as card
backs with a count, a Book of Spells (a count, never an order), a discard pile (its top card
is public) and the hours left of the twelve.

Every card is a named image with a ``data-key`` (``card-17``, ``take-83``) that the play app may
make a click target; the other side's hand is drawn as backs and none of its words are in the SVG.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .. import draw as d
from .draw_kit import (
    BOOK_COLOURS,
    BOOK_TITLE,
    CARD_H,
    CARD_W,
    MEMO,
    TYPE_WORD,
    around,
    memo,
    resolved_piece,
    text_lines,
    wrap,
)
from .rules import HOURS, NAME

__all__ = [
    "backs",
    "book_drawing",
    "book_stack",
    "discard_pile",
    "hand",
    "hand_parts",
    "hand_piece",
    "hours",
    "of_spell",
    "spell_card",
    "spell_drawing",
    "spell_label",
]


def _split_condition(text: str) -> tuple[str, str]:
    """The condition (the italic first line, 3.3) and the rest of a spell's text."""
    if text.startswith("Only when"):
        cond, _, rest = text.partition(". ")
        return cond + ".", rest
    return "", text


def spell_label(spell: Any) -> str:
    """A spell in words: ``"Sunbeam, 2 hours, Minor spell of Day's book: Change 1 tile ..."``."""
    cost = "X hours" if spell.cost == "X" else f"{spell.cost} hour{'s' if spell.cost != 1 else ''}"
    return (
        f"{spell.name}, {cost}, {TYPE_WORD[spell.type]} of {NAME[spell.book]}'s book ({spell.provenance}): {spell.text}"
    )


def spell_card(
    spell: Any,
    *,
    key: str | None = None,
    dim: bool = False,
    selected: bool = False,
    w: float = CARD_W,
    h: float = CARD_H,
    fresh: bool = False,
) -> d.Piece:
    """A spell as its card: the cost in hours in the top-left corner, the name, the type and
    the book, the condition in italics and its text, and ``attested`` or ``reconstructed``.
    The words shrink with the card (a hand of many cards is drawn smaller)."""
    piece = of_spell(
        spell,
        ("spell", id(spell), dim, selected, w, h, fresh),
        lambda: _spell_card(spell, _KEY_MARK, dim, selected, w, h, fresh),
    )
    return d.Piece(piece.w, piece.h, _keyed(piece.svg, key))


def of_spell(spell: Any, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
    """:func:`~daynight.temples.draw_kit.memo` for a drawing of ``spell`` (``id(spell)`` in ``key``): drawn afresh when
    another spell now has that id."""
    hit = memo(key, lambda: (spell, make()))
    if hit[0] is not spell:
        hit = MEMO[key[0]][key] = (spell, make())
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
    before, after = of_spell(spell, ("card-art", id(spell), w, h), lambda: _card_art(spell, w, h))
    corner = d.text(
        w - 6 * k,
        4 + 9 * k,
        "not now" if dim else NAME[spell.book],
        size=9 * k,
        fill=colour.ink,
        anchor="end",
        weight="700",
    )
    art = before + corner + after
    if dim:  # a spell that cannot be cast now: paler, and it says so in its corner
        art += d.rect(0, 0, w, h, fill="#ffffff", stroke=None, rx=7, extra='fill-opacity=".3"')
    piece = d.card(
        label=spell_label(spell) + (" (cannot be cast now)" if dim else ""),
        colour=colour,
        w=w,
        h=h,
        key=key,
        art=art,
        selected=selected,
        cls="dn-spell",
    )
    if fresh:
        return d.Piece(piece.w, piece.h, d.animate(piece.svg, "enter"))
    return piece


def _card_art(spell: Any, w: float, h: float) -> tuple[str, str]:
    """What a spell's card shows at size ``w`` x ``h`` (the words laid out to fit), before
    and after the top-right corner's word (the book, or "not now")."""
    ink = BOOK_COLOURS[spell.book].ink
    k = min(1.0, w / CARD_W, h / CARD_H)
    band = max(6.0, w * 0.12)  # the card frame's pattern band (daynight.draw.card)
    x = band + 5 * k
    inner = w - x - 5 * k
    cost = "X" if spell.cost == "X" else str(spell.cost)
    r = 12 * k
    before = [
        f'<circle cx="{d._n(band + 4 + r)}" cy="{d._n(4 + r)}" r="{d._n(r)}" fill="#ffffff" '
        f'stroke="{d.LINE}" stroke-width="1.3"/>',
        d.text(band + 4 + r, 4 + r + 5 * k, cost, size=14 * k, weight="700", anchor="middle"),
        d.text(band + 8 + 2 * r, 4 + 9 * k, "hours" if cost != "1" else "hour", size=9 * k, fill=ink),
        d.text(band + 8 + 2 * r, 4 + 20 * k, TYPE_WORD[spell.type].split()[0], size=9 * k, fill=ink, weight="700"),
    ]
    art = []
    y = 4 + 2 * r + 14 * k
    svg, y = text_lines(x, y, wrap(spell.name, inner, 13 * k)[:2], 13 * k, fill=ink, weight="700")
    art.append(svg)
    cond, rest = _split_condition(spell.text)
    # the footer (the book, attested or reconstructed) wrapped to the card's inside, never
    # running past its edge ("Crystallize book, reconstructed" is wider than a card)
    foot_size = 8.5 * k
    footer = wrap(f"{BOOK_TITLE[spell.book]} book, {spell.provenance}", inner, foot_size)
    foot_top = h - 6 * k - (len(footer) - 1) * foot_size * 1.15
    room = foot_top - (y - 3 * k) - 11 * k
    for size in (11.0 * k, 10.2 * k, 9.4 * k, 8.6 * k, 7.8 * k):
        cl = wrap(cond, inner, size) if cond else []
        rl = wrap(rest, inner, size)
        if (len(cl) + len(rl)) * size * 1.18 + (3 if cond else 0) <= room:
            break
    y += 1
    if cl:
        svg, y = text_lines(x, y, cl, size, fill=ink, italic=True, leading=1.18)
        art.append(svg)
        y += 3
    svg, y = text_lines(x, y, rl, size, fill=ink, leading=1.18)
    art.append(svg)
    svg, _y = text_lines(x, foot_top, footer, foot_size, fill=ink, italic=True, leading=1.15)
    art.append(svg)
    return "".join(before), "".join(art)


def hand(
    spells: Sequence[Any],
    *,
    keys: Sequence[str | None] | None = None,
    dim: Iterable[int] = (),
    selected: int | None = None,
    per_row: int = 5,
    w: float = CARD_W,
    h: float = CARD_H,
) -> d.Piece:
    """Spell cards in rows of ``per_row``; ``dim`` and ``selected`` are positions in ``spells``."""
    dimmed = set(dim)
    cards = [
        spell_card(sp, key=None if keys is None else keys[i], dim=i in dimmed, selected=i == selected, w=w, h=h)
        for i, sp in enumerate(spells)
    ]
    rows = [d.row(cards[i : i + per_row], gap=7) for i in range(0, len(cards), per_row)]
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
    return d.Piece(
        92,
        37,
        d.group(
            stack + text,
            label=f"{NAME[side]}'s Book of Spells {BOOK_TITLE[side]}: {n} spell{'s' if n != 1 else ''} left",
        ),
    )


def discard_pile(top: Any | None, n: int, side: str) -> d.Piece:
    """A discard pile, face up: its size and its top spell (both players may look through it)."""
    return of_spell(top, ("discard", id(top), n, side), lambda: _discard_pile(top, n, side))


def _discard_pile(top: Any | None, n: int, side: str) -> d.Piece:
    colour = BOOK_COLOURS[side]
    if top is None:
        face = d.rect(0, 0, 26, 37, fill="none", stroke=d.LINE, width=1.2, rx=4, extra='stroke-dasharray="3 2"')
        words = f"{NAME[side]}'s discard pile is empty"
        text = d.text(34, 14, "Discard", size=11, weight="700") + d.text(34, 29, "empty", size=11)
    else:
        face = d.rect(0, 0, 26, 37, fill=colour.fill, stroke=d.LINE, width=1.2, rx=4) + d.text(
            13, 24, top.cost, size=13, weight="700", anchor="middle", fill=colour.ink
        )
        words = f"{NAME[side]}'s discard pile: {n} spell{'s' if n != 1 else ''}, {top.name} on top"
        text = d.text(34, 14, f"Discard {n}", size=11, weight="700") + d.text(
            34, 29, f"top: {top.name}", size=11, limit=22
        )
    return d.Piece(34 + 7 * 16, 37, d.group(face + text, label=words))


@functools.lru_cache(maxsize=1024)
def hours(left: int, side: str) -> d.Piece:
    """The hours left of the turn's twelve: a filled pip for each hour left, hollow for spent."""
    fill = "#f6b400" if side == "day" else "#27306b"
    pips = "".join(
        f'<circle cx="{d._n(7 + 15 * i)}" cy="27" r="6" fill="{fill if i < left else "#ffffff"}" '
        f'stroke="{d.LINE}" stroke-width="1.2"/>'
        for i in range(HOURS)
    )
    text = d.text(0, 12, f"{left} of 12 hours left", size=12, weight="700")
    label = f"{NAME[side]} has {left} of 12 hours left"
    return d.Piece(15 * HOURS, 34, d.group(text + pips, label=label, key="hours"))  # keyed: a note may point at it


def spell_drawing(spell: Any) -> d.Drawing:
    """One spell card as a drawing (a :class:`Spell` shows itself with this in a notebook)."""
    return d.document(spell_card(spell), label=spell_label(spell))


def book_drawing(book: Any, per_row: int = 6) -> d.Drawing:
    """Every distinct spell of a Book, with its number of copies."""
    cards = []
    for sp in book.spells:
        card = spell_card(sp)
        tag = d.Piece(
            card.w,
            16,
            d.text(
                card.w / 2,
                12,
                f"{sp.copies} {'copy' if sp.copies == 1 else 'copies'}",
                size=11,
                anchor="middle",
                weight="700",
            ),
        )
        cards.append(d.column([card, tag], gap=2, align="centre"))
    rows = [d.row(cards[i : i + per_row], gap=8) for i in range(0, len(cards), per_row)]
    label = f"{NAME[book.side]}'s Book of Spells {book.title or BOOK_TITLE[book.side]}: {len(book.spells)} spells"
    return d.document(d.column(rows, gap=10), label=label)


def hand_piece(spells: Sequence[Any], keys: Sequence[str | None], width: float, **options: Any) -> d.Piece:
    w, h, parts = hand_parts(spells, keys, width, **options)
    return d.Piece(w, h, "".join(parts))


def hand_parts(
    spells: Sequence[Any],
    keys: Sequence[str | None],
    width: float,
    *,
    dim: Sequence[int] = (),
    selected: int | None = None,
    small: bool = False,
) -> tuple[float, float, tuple[str, ...]]:
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
    parts: list[str] = []
    for i, sp in enumerate(spells):  # as hand() lays them out, each spell drawn and resolved once
        dim_i, sel_i = i in dimmed, i == selected

        def make(sp: Any = sp, dim_i: bool = dim_i, sel_i: bool = sel_i) -> tuple[str, str, str]:
            card = spell_card(sp, key=_KEY_MARK, dim=dim_i, selected=sel_i, w=w, h=h)
            return resolved_piece(card).svg.partition(_KEY_SLOT)

        before, _, after = of_spell(sp, ("resolved-card", id(sp), dim_i, sel_i, w, h), make)
        into, out = around((i % per_row) * (w + 7), (i // per_row) * (h + 8))
        if keys[i] is None:  # as _keyed: the key is the card's first attribute
            parts += into, before[:-1], after, out
        else:
            parts += into, before, f'data-key="{d.attr(keys[i])}"', after, out
    rows = -(-n // per_row)
    return min(n, per_row) * (w + 7) - 7, rows * (h + 8) - 8, tuple(parts)
