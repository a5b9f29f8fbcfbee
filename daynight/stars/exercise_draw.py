"""stars: the drawings of the practice page's own questions (issue 18), wide and narrow.

Most stars exercises are asked on the game's own drawings (:func:`daynight.stars.draw.table`,
``round_table``, ``round_revealed``), which take the table widget's ``width``. Two moments have
no drawing of their own in :mod:`daynight.stars.draw`, so they are drawn here, each for a wide
table and, for a ``width`` below :data:`daynight.draw.NARROW_WIDTH` (a phone held upright,
issue 23), as a column exactly that wide at scale 1, every word at least
:data:`daynight.draw.MIN_TEXT` px and every piece a learner touches at least
:data:`daynight.draw.MIN_TARGET` px on its short side:

* :func:`standings_drawing` -- the end of a game, each player's place (``seat-<p>``);
* :func:`beginning_drawing` -- a round just begun: the time card as the round before left it,
  the revealed card and the time card's two sides to choose from (``side-day``, ``side-night``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import draw as d
from ..core import shown
from ..i18n import _, ngettext
from .data import Card
from .draw import MINI_H, SEAT_W, H, W, face, fan, time_piece
from .draw_cards import DAY_FILL, DAY_INK, NIGHT_FILL, NIGHT_INK
from .draw_narrow import CARD_H, CARD_W, compact, wrapped
from .engine import StarsGame

__all__ = ["beginning_drawing", "standings_drawing"]

TEXT = 12.0  #: the words of a narrow drawing (never under daynight.draw.MIN_TEXT)
LINE = 16.0  #: one line of them
PAD = 6.0  #: the document's padding, each side (daynight.draw.document)


def _words_piece(lines: Sequence[str], width: float = 170.0) -> d.Piece:
    return d.column(
        [
            d.Piece(width, 15, d.text(0, 12, t, size=13 if not i else 11.5, weight="700" if not i else None, limit=34))
            for i, t in enumerate(lines)
        ],
        gap=3,
    )


def _narrow_words(lines: Sequence[str], width: float) -> d.Piece:
    """``lines`` wrapped to ``width`` (the first in bold, larger), each word at least 12 px."""
    rows: list[tuple[str, bool]] = []
    for i, line in enumerate(lines):
        size = 14.0 if not i else TEXT
        rows += [(t, not i) for t in wrapped(line, int(width // (size * 0.6)), 4)]
    svg = "".join(
        d.text(0, 13 + LINE * k, t, size=14.0 if bold else TEXT, weight="700" if bold else None)
        for k, (t, bold) in enumerate(rows)
    )
    return d.Piece(width, LINE * len(rows), svg)


def _captioned(caption: str, piece: d.Piece, size: float = 10.5) -> d.Piece:
    """``caption`` over ``piece`` (the wide drawing's at 10.5 px, the narrow one's larger)."""
    wide = size <= 10.5
    limit = 30 if wide else max(8, int(piece.w // (size * 0.6)))
    head = d.Piece(piece.w, 12 if wide else size + 3, d.text(0, 10 if wide else size, caption, size=size, limit=limit))
    return d.column([head, piece], gap=2)


def _standing(stars: int, collected: Sequence[Card]) -> str:
    return _("{stars} on {cards}").format(
        stars=ngettext("{n} star", "{n} stars", stars).format(n=stars),
        cards=ngettext("{n} card", "{n} cards", len(collected)).format(n=len(collected)),
    )


def _seat(name: str, stars: int, collected: Sequence[Card], key: str) -> d.Piece:
    """One player's place at the end of a game: the stars and cards collected, a line kept free
    for a mark's words."""
    words = _standing(stars, collected)
    lines = [d.Piece(SEAT_W - 16, 15, d.star(6, 7, 6) + d.text(15, 12, words, size=11, limit=26))]
    lines.append(fan(collected) if collected else d.Piece(0, MINI_H, ""))
    lines.append(d.Piece(SEAT_W - 16, 14, ""))
    inner = d.column(lines, gap=4)
    inner = d.Piece(max(inner.w, SEAT_W - 16), inner.h, inner.svg)
    return d.panel(inner, title=name, label=_("{name}'s place").format(name=name), key=key, title_size=12.5)


def _narrow_seat(name: str, stars: int, collected: Sequence[Card], key: str, width: float) -> d.Piece:
    """A place at the end of a game, as wide as the table: the name, the stars and cards in
    words, the collected cards as compact cards in rows, and a line kept free for a mark."""
    inner = width - 2 * PAD
    title = d.text(PAD, 16, shown(name, int(inner // 8.4)), size=14, weight="700")
    words = d.star(PAD + 6, 29, 6) + d.text(PAD + 16, 34, _standing(stars, collected), size=TEXT)
    cards = d.wrap([compact(c) for c in collected], inner, gap=4) if collected else d.Piece(inner, 0, "")
    h = 42 + cards.h + (6 if collected else 0) + 18
    frame = d.rect(0, 0, width, h, fill="#ffffff", stroke=d.LINE, width=1.2, rx=8, cls="dn-frame")
    body = frame + title + words + d.place(cards, PAD, 42)
    return d.Piece(width, h, d.group(body, label=_("{name}'s place").format(name=name), key=key))


def standings_drawing(
    names: Sequence[str], collected: Sequence[Sequence[Card]], label: str, width: float | None = None
) -> d.Drawing:
    """The end of a game: each player's place (keyed ``seat-<p>``) with the cards collected;
    ``width`` below :data:`daynight.draw.NARROW_WIDTH`: the places one under the other."""
    stars = [sum(c.stars for c in cs) for cs in collected]
    desc = _("The cards each player collected.")
    head = [_("The game is over"), _("every card has been drawn")]
    if d.is_narrow(width):
        inner = (width or 0) - 2 * PAD
        seats = [_narrow_seat(names[p], stars[p], collected[p], f"seat-{p}", inner) for p in range(len(names))]
        body = d.column([_narrow_words(head, inner), *seats], gap=8)
        return d.document(d.Piece(inner, body.h, body.svg), label=label, desc=desc)
    seats = [_seat(names[p], stars[p], collected[p], f"seat-{p}") for p in range(len(names))]
    centre = _words_piece(head, 300)
    return d.document(d.column([centre, d.row(seats, gap=10)], gap=12, align="centre"), label=label, desc=desc)


def _narrow_time(day: bool, key: str, w: float) -> d.Piece:
    """The time card for a narrow table: its symbol, DAY or NIGHT and which total wins, in words
    of 12 px and more; keyed ``key``."""
    fill, ink = (DAY_FILL, DAY_INK) if day else (NIGHT_FILL, NIGHT_INK)
    h = 96.0
    symbol = d.sun(w / 2, 22, 14) if day else d.moon(w / 2 - 2, 22, 13)
    rule = _("highest total") if day else _("lowest total")
    size = min(TEXT, max(d.MIN_TEXT, (w - 6) / (0.6 * max(len(rule), 1))))
    body = (
        d.rect(0, 0, w, h, fill=fill, stroke=d.LINE, width=2, rx=8, cls="dn-frame")
        + symbol
        + d.text(w / 2, 56, _("DAY") if day else _("NIGHT"), size=16, weight="800", anchor="middle", fill=ink)
        + d.text(w / 2, 72, rule, size=size, anchor="middle", fill=ink)
        + d.text(w / 2, 87, _("wins"), size=size, anchor="middle", fill=ink)
    )
    label = (
        _("time card: day, sun side up: the highest colour total wins")
        if day
        else _("time card: night, moon side up: the lowest colour total wins")
    )
    return d.Piece(w, h, d.group(body, label=label, key=key))


def _narrow_beginning(
    view: object, round_no: int, first_words: Sequence[str], before: bool | None, question: str, width: float
) -> d.Drawing:
    """:func:`beginning_drawing` as a column ``width`` wide: the words, then what the round
    before left and the revealed card side by side, then the two sides to choose from."""
    inner = width - 2 * PAD
    revealed: Card | None = getattr(view, "revealed", None)
    each = (inner - 8) / 2
    if before is None:
        first = _captioned(_("setup"), _narrow_words(first_words, each), TEXT)
    else:
        first = _captioned(_("as round {n} ended").format(n=round_no - 1), _narrow_time(before, "time", 92), TEXT)
    if revealed is not None:
        card = compact(revealed, f"card-{revealed.id}")
    else:
        card = d.Piece(CARD_W, CARD_H, d.group(d.text(0, 30, _("none"), size=TEXT, italic=True),
                                               label=_("no card revealed")))  # fmt: skip
    top = d.row([first, _captioned(_("revealed"), card, TEXT)], gap=16)
    side_w = min(140.0, each)
    sides = d.row([_narrow_time(True, "side-day", side_w), _narrow_time(False, "side-night", side_w)], gap=8)
    head = _narrow_words([_("Round {n} begins").format(n=round_no), question], inner)
    body = d.column([head, top, _captioned(_("now: which side is up?"), sides, TEXT)], gap=10)
    return d.document(d.Piece(inner, body.h, body.svg), label=question, desc=question)


def beginning_drawing(game: StarsGame, before: bool | None, question: str, width: float | None = None) -> d.Drawing:
    """A round just begun: the time card as the round before ended (keyed ``time``; ``None``:
    the first round, set up as the rules say), the revealed card, and the time card's two sides
    to choose from (``side-day``, ``side-night``); ``width`` below
    :data:`daynight.draw.NARROW_WIDTH`: a column that wide."""
    view = game.view(0)
    setup_words = [_("a new game:"), _("the time card is placed"), _("as the rules say")]
    if d.is_narrow(width):
        return _narrow_beginning(view, view.round, setup_words, before, question, width or 0)
    if before is None:
        first = _captioned(_("setup"), _words_piece(setup_words, 120))
    else:
        first = _captioned(_("as round {n} ended").format(n=view.round - 1), time_piece(before))
    revealed = view.revealed
    shown_card = face(revealed, W, H, f"card-{revealed.id}") if revealed else d.Piece(
        W, H, d.group(d.text(0, 40, _("none"), size=11, italic=True), label=_("no card revealed")))  # fmt: skip
    sides = d.row([time_piece(True, key="side-day"), time_piece(False, key="side-night")], gap=8)
    parts = [first, _captioned(_("revealed"), shown_card), _captioned(_("now: which side is up?"), sides)]
    centre = d.row(parts, gap=18, align="top")
    head = _words_piece([_("Round {n} begins").format(n=view.round), question], 420)
    return d.document(d.column([head, centre], gap=10), label=question, desc=question)
