"""sunmoon: the table on a phone held upright (issue 23) -- ``draw.table(game, viewer, width=w)``
with ``w`` below :data:`daynight.draw.NARROW_WIDTH` draws this arrangement, exactly ``w`` wide,
to be shown at scale 1 (not the wide table shrunk):

* whose turn it is, in words, on top;
* every player's place as a column: the name and what is known of the player (to move, cards
  in hand, harvested), then the sun row and the moon row, each named, its cards large enough
  to read (:data:`CARD_W`: every word on a card at least 11 px) and to touch (at least 44 px),
  wrapping onto a second line when the row is longer than the table is wide;
* your hand at the bottom, as large cards, then the draw pile and the discard pile; while you pick
  a card to play, your hand comes first, under the words of the moment (the decision on the first
  screen).

The keys are the wide table's (``seat-<p>``, ``<p>-<kind>-row``, ``<p>-<kind>-<i>``, ``-left``,
``-right``, ``-start``, ``hand-<i>``, ``draw-pile``, ``discard-pile``), so the app's targets, the
guided game's marks and the practice's answers sit on either arrangement.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .. import draw as d
from .. import i18n
from .data import BY_NAME, KINDS, Card
from .draw_pieces import (
    fits_mark,
    hit_area,
    keyed,
    pile_piece,
    place_name,
    recent,
    row_depth,
    row_places,
    slot_piece,
    status_words,
)
from .engine import SunMoon
from .faces import FITS, H, W, face
from .view import View
from .words import is_you, row_words

_ = i18n._  # the translation call ("from ..i18n import _" would read as importing a private name)

__all__ = ["CARD_H", "CARD_W", "narrow_table", "text_lines"]

#: a card of a narrow row: the smallest width at which every word a card carries is at least
#: 11 px (the longest, "butterfly", is drawn at 0.178 w - 0.8 px by ``faces.face_svg``), and
#: five of them fit side by side in a 360 px table
CARD_W = 67.0
#: and less tall than a wide row's card (its sun, number and words still clear), so more rows fit a screen
CARD_H = 84.0
EMPTY_H = 48.0  #: an empty row: a strip with its words on one line, tall enough to touch
GAP = 2.0  #: between the cards of a row or a hand (five cards and their gaps: 343 px)
TEXT = 12.0  #: the size of the words around the rows (names, counts)
PAD = 4.0  #: the document's padding, each side (``daynight.draw.document``)
SEAT_PAD = 5.0  #: inside the frame of a player's place (a 362 px table holds five cards in a row)


def text_lines(text: str, size: float, width: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` at font size ``size`` (a
    word longer than a line gets a line of its own)."""
    out: list[str] = []
    for word in text.split():
        if out and d.text_width(f"{out[-1]} {word}", size) <= width:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out or [""]


class Shown(NamedTuple):
    """What the app asks the drawing to show besides the state (``draw.table``'s options)."""

    fresh: frozenset[Card]
    harvested: frozenset[int]
    fits: frozenset[str]
    slots: str | None
    scores: bool


def _words(text: str, width: float, *, size: float = TEXT, weight: str | None = None, fill: str = d.INK) -> d.Piece:
    """Lines of words, wrapped to ``width``."""
    lines = text_lines(text, size, width)
    step = size * 1.3
    svg = "".join(d.text(0, size + i * step, line, size=size, weight=weight, fill=fill) for i, line in enumerate(lines))
    return d.Piece(width, size * 0.3 + len(lines) * step, svg)


def _empty(text: str, width: float, key: str | None, *, label: str | None = None, fits: bool = False) -> d.Piece:
    """An empty row: a dashed strip (a place to start the row, when ``key``), its words on one line."""
    w = min(width, max(2 * CARD_W + GAP, d.text_width(text, 14) + 24))
    stroke = FITS if fits else "#777777"
    body = d.rect(
        1, 1, w - 2, EMPTY_H - 2, fill="#ffffff" if fits else "none", stroke=stroke, width=2.5 if fits else 1.2,
        rx=8, cls="dn-frame", extra='stroke-dasharray="5 3"',
    ) + d.text(
        w / 2, EMPTY_H / 2 + 5, text, size=14, anchor="middle", fill=FITS if fits else "#444444",
        weight="700" if fits else None,
    )  # fmt: skip
    if fits:
        body += fits_mark(w, EMPTY_H)
    return d.Piece(w, EMPTY_H, d.group(body, label=label or text, key=key, cls="sm-fits" if fits else None))


def _row(
    row: Sequence[Sequence[Card]],
    kind: str,
    prefix: str,
    title: str,
    width: float,
    shown: Shown,
    slots: bool,
) -> d.Piece:
    """A row named by ``title``, its places wrapped to ``width`` (keys as ``draw_pieces.row_piece``'s)."""
    fits = shown.fits
    pieces = row_places(row, prefix, title, CARD_W, CARD_H, shown.fresh, fits, row_depth(row), slots)
    if not row and slots:
        k = f"{prefix}-start"
        pieces.append(_empty(_("start a {row}").format(row=row_words(kind)), width, k, fits=k in fits))
    elif not row:
        text = _("no {row} yet").format(row=row_words(kind))
        pieces.append(_empty(text, width, None, label=_("{row}, not started").format(row=title)))
    marked = any(k.startswith(prefix + "-") for k in fits)
    cards = d.wrap(pieces, width, gap=GAP, row_gap=TEXT + 8 if marked else 6)
    heading = _words(title, width, size=TEXT, weight="700")
    body = d.column([heading, d.Piece(cards.w, cards.h + (TEXT + 4 if marked else 0), cards.svg)], gap=2)
    if row:
        label = _("{row}: {places}").format(row=title, places=", ".join(place_name(p) for p in row))
    else:
        label = _("{row}: empty").format(row=title)
    g = d.group(hit_area(body.w, body.h) + body.svg, cls="sm-row", key=f"{prefix}-row")  # the gaps included
    g = g.replace("<g ", f'<g role="group" aria-label="{d.attr(label)}" ', 1)
    return d.Piece(width, body.h, g)


def _about(game: SunMoon, seen: View, p: int, viewer: int | None, scores: bool) -> str:
    """What is known of player ``p``, in a line: to move, cards in hand, harvested (and points)."""
    notes = []
    if seen.teams:
        notes.append(_("team {number}").format(number=seen.teams[p] + 1))
    if not seen.over and seen.turn == p:
        notes.append(_("to move again") if seen.extra else _("to move"))
    if seen.over and scores:
        notes.append(_("score {score}").format(score=f"{game.scores()[p]:+d}"))
    if p != viewer:
        notes.append(_("{n} in hand").format(n=seen.hand_sizes[p]))
    pile = seen.harvest_sizes[p]
    if p == viewer or viewer is None:
        cards = [BY_NAME[x] for x in seen.my_harvest] if p == viewer else game.harvested[p]
        points = sum(1 for c in cards if not c.eclipse)
        notes.append(_("harvested {n} (+{points})").format(n=pile, points=points))
    else:
        notes.append(_("harvested {n}").format(n=pile))
    return " · ".join(notes)


def _seat(game: SunMoon, seen: View, p: int, viewer: int | None, width: float, shown: Shown) -> d.Piece:
    """Player ``p``'s place: a frame holding the name, what is known, the sun row and the moon row."""
    names, inner = seen.names, width - 2 * SEAT_PAD
    you = p == viewer and not is_you(names[p])
    title = _("{player} (you)").format(player=names[p]) if you else names[p]
    moving = not seen.over and seen.turn == p
    parts = [
        _words(title, inner, size=15, weight="700"),
        _words(_about(game, seen, p, viewer, shown.scores), inner, fill="#1d3f8f" if moving else d.INK),
    ]
    if p in shown.harvested:
        parts[-1] = d.Piece(parts[-1].w, parts[-1].h, d.animate(parts[-1].svg, "harvest"))
    for kind in KINDS:
        row = [[BY_NAME[x] for x in s] for s in seen.rows[p][kind]]
        whose = _("your {row}") if p == viewer else _("{owner}'s {row}")
        name = whose.format(row=row_words(kind), owner=names[p])
        parts.append(_row(row, kind, f"{p}-{kind}", name, inner, shown, shown.slots == kind))
    body = d.column(parts, gap=6)
    hgt = body.h + 2 * SEAT_PAD + 4
    frame = d.rect(
        0, 0, width, hgt, fill="#fffaf0" if p == viewer else "#ffffff", stroke=d.FOCUS if moving else d.LINE,
        width=3 if moving else 1.2, rx=9,
    )  # fmt: skip
    text = _("{player}'s place at the table, to move") if moving else _("{player}'s place at the table")
    seat = f'<g role="group" aria-label="{d.attr(text.format(player=names[p]))}" data-key="seat-{p}">'
    return d.Piece(width, hgt, f"{seat}{frame}{d.place(body, SEAT_PAD, SEAT_PAD + 2)}</g>")


def _hand(seen: View, width: float, selected: Card | None, keys: bool, dim: Iterable[Card]) -> d.Piece:
    """Your hand as large cards: five side by side as wide as the table allows (at least
    :data:`CARD_W`), wrapping when there are more."""
    w = max(CARD_W, min(88.0, (width - 4 * GAP) / 5))
    h = round(w * H / W, 1)
    hand, dimmed = [BY_NAME[x] for x in seen.hand], set(dim)
    pieces = [
        face(c, w=w, h=h, key=f"hand-{i}" if keys else None, selected=c is selected, dim=c in dimmed)
        for i, c in enumerate(hand)
    ] or [slot_piece(_("no cards"), w=w, h=h)]
    title = _words(_("Your hand"), width, size=15, weight="700")
    return d.column([title, d.wrap(pieces, width, gap=GAP, row_gap=8)], gap=6)


def _piles(seen: View) -> d.Piece:
    """The draw pile and the discard pile (its top card face up)."""
    w, h = 58.0, 86.0  # an eclipse's name on the top card of the discard pile: 0.19 w >= 11 px
    discard = seen.discard
    return d.row(
        [
            keyed(pile_piece(seen.draw_pile, title=_("draw pile"), label=_("the draw pile"), w=w, h=h), "draw-pile"),
            keyed(
                pile_piece(
                    len(discard),
                    title=_("discard"),
                    label=_("the discard pile"),
                    top=BY_NAME[discard[-1]] if discard else None,
                    w=w,
                    h=h,
                ),
                "discard-pile",
            ),
        ],
        gap=12,
        align="middle",
    )


def narrow_table(
    game: SunMoon,
    viewer: int | None,
    width: float,
    *,
    selected: Card | None = None,
    slots: str | None = None,
    fits: Iterable[str] = (),
    fresh: Iterable[Card] | None = None,
    harvested: Iterable[int] | None = None,
    hand_keys: bool = False,
    dim: Iterable[Card] = (),
    status: str | None = None,
    scores: bool = True,
) -> d.Drawing:
    """The table as ``viewer`` sees it, arranged for a phone held upright, exactly ``width``
    wide (the options are :func:`daynight.sunmoon.draw.table`'s)."""
    inner = width - 2 * PAD
    seen = game.view(viewer if viewer is not None else game.turn)
    last_cards, last_harvest = recent(game)
    shown = Shown(
        frozenset(last_cards if fresh is None else fresh),
        frozenset(last_harvest if harvested is None else harvested),
        frozenset(fits),
        slots,
        scores,
    )
    said = status if status is not None else status_words(game, seen, viewer)
    n = seen.players
    order = list(range(n)) if viewer is None else [(viewer + 1 + i) % n for i in range(n)]
    seats = [_seat(game, seen, p, viewer, inner, shown) for p in order]
    hand = [_hand(seen, inner, selected, hand_keys, dim)] if viewer is not None else []
    # the decision first: while you pick a card to play (your hand's cards the targets, none picked yet), your
    # hand comes right under the words of the moment and the places after it, so that it is on a phone's first
    # screen at 360x740; once a card is picked, the rows (the places it fits) come first and the hand after them
    picking = viewer is not None and hand_keys and selected is None
    parts = [_words(said, inner, size=14, weight="700"), *(hand + seats if picking else seats + hand), _piles(seen)]
    body = d.column(parts, gap=8)
    if viewer is None:
        label = _("the table, every card face up, as a teacher sees it")
    else:
        label = _("the table as {player} sees it").format(player=seen.names[viewer])
    return d.document(d.Piece(inner, body.h, body.svg), label=label, desc=said, pad=PAD)
