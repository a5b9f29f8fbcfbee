"""sunmoon: the pieces of the drawings -- a card's place in a row, a row, a hand, a pile, and the
words of whose turn it is -- that the wide table (``draw.py``) and the narrow one
(``draw_narrow.py``, a phone held upright) are both built from. ``daynight.sunmoon.draw``
re-exports them; everything is pure (state in, SVG text out) and built on :mod:`daynight.draw`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from .. import draw as d
from .. import i18n
from ..i18n import ngettext
from .data import Card
from .engine import SunMoon
from .faces import FITS, HAND_H, HAND_W, H, W, back, card_name, face, face_svg
from .moves import CardPlay, Cover, Harvest, Place, Restore
from .rules import Row
from .view import View
from .words import joined, row_words, series

_ = i18n._  # the translation call ("from ..i18n import _" would read as importing a private name)

# ---------------------------------------------------------------------------
# Rows
# ---------------------------------------------------------------------------

STEP = 0.3  #: each card of a stack lies this much of a card's height below the one beneath


def place_name(place: Sequence[Card]) -> str:
    """A place in words, naming every card of its stack: ``'sun 12'``, ``'sun 12 covered by a
    solar eclipse'``, ``'sun 15 restoring the place, on top of a solar eclipse and sun 12'``."""
    top = place[-1]
    if len(place) == 1:
        return card_name(top)
    if len(place) == 2:
        return _("{card} covered by a {eclipse}").format(card=card_name(place[0]), eclipse=top.words)
    under = series([_("a {card}").format(card=c.words) if c.eclipse else c.words for c in reversed(place[:-1])])
    if top.eclipse:
        return _("a {eclipse} on top of {under}").format(eclipse=top.words, under=under)
    return _("{card} restoring the place, on top of {under}").format(card=card_name(top), under=under)


def stack_step(depth: int, h: float = H) -> float:
    """How far each card of a stack lies below the one beneath: a third of a card, less in a
    deep stack, so that a stack is never more than 1.6 cards tall."""
    return h * min(STEP, 0.6 / max(1, depth - 1))


def stack_height(depth: int, h: float = H) -> float:
    return h + stack_step(depth, h) * (depth - 1)


def place_piece(
    place: Sequence[Card],
    *,
    w: float = W,
    h: float = H,
    key: str | None = None,
    fresh: bool = False,
    fits: bool = False,
    depth: int = 1,
) -> d.Piece:
    """A place of a row: its stack, each card lower than the one beneath (``depth``: the
    deepest stack of the row, so every place of a row is as tall)."""
    return _place_piece(tuple(place), w, h, key, fresh, fits, depth)


@i18n.remembered(maxsize=4096)
def _place_piece(
    place: tuple[Card, ...], w: float, h: float, key: str | None, fresh: bool, fits: bool, depth: int
) -> d.Piece:
    """:func:`place_piece`, remembered: from one drawing to the next most places stay as they were."""
    step = stack_step(len(place), h)
    body = []
    for j, c in enumerate(place):
        svg = d.place(d.Piece(w, h, face_svg(c, w, h)), 0, j * step)
        body.append(d.animate(svg) if fresh and j == len(place) - 1 else svg)
    if fits:
        body.append(fits_mark(w, (len(place) - 1) * step + h))
    height = stack_height(max(depth, len(place)), h)
    return d.Piece(w, height, d.group("".join(body), label=place_name(place), key=key, cls="sm-fits" if fits else None))


def fits_mark(w: float, y: float) -> str:
    """The word "fits" under a place: 10 px under a card of a wide row, 11-12 under the larger
    cards of a narrow one (its words at least :data:`daynight.draw.MIN_TEXT`)."""
    size = max(10.0, min(12.0, w * 0.17))
    return d.rect(2, y + 2, w - 4, size + 3, fill=FITS, stroke=None, rx=4) + d.text(
        w / 2, y + 2 + size, _("fits"), size=size, anchor="middle", weight="700", fill="#ffffff"
    )


@i18n.remembered(maxsize=1024)
def slot_piece(
    text: str, *, w: float = W, h: float = H, key: str | None = None, label: str | None = None, fits: bool = False
) -> d.Piece:
    """An empty place drawn as a dashed outline (a row's end, or a row not started yet)."""
    stroke = FITS if fits else "#777777"
    lines = text.split("\n")
    # the words fit inside the outline: a long line ("moon row") is set smaller, never wider than the place
    size = min(w * 0.22, (w - 6) / (0.6 * max(len(line) for line in lines)))
    body = d.rect(
        1,
        1,
        w - 2,
        h - 2,
        fill="#ffffff" if fits else "none",
        stroke=stroke,
        width=2.5 if fits else 1.2,
        rx=w * 0.12,
        cls="dn-frame",
        extra='stroke-dasharray="5 3"',
    ) + "".join(
        d.text(
            w / 2,
            h * 0.42 + i * size * 1.2,
            line,
            size=size,
            anchor="middle",
            fill=FITS if fits else "#444444",
            weight="700" if fits else None,
        )
        for i, line in enumerate(lines)
    )
    if fits:
        body += fits_mark(w, h)
    label = label or text.replace("\n", " ")
    return d.Piece(w, h, d.group(body, label=label, key=key, cls="sm-fits" if fits else None))


def row_depth(row: Sequence[Sequence[Card]]) -> int:
    return max((len(p) for p in row), default=1)


def row_piece(
    row: Row,
    kind: str,
    *,
    prefix: str = "",
    w: float = W,
    h: float = H,
    fresh: Iterable[Card] = (),
    slots: bool = False,
    fits: Iterable[str] = (),
    depth: int | None = None,
    title: str | None = None,
) -> d.Piece:
    """A sun or moon row: its places left to right (each a stack); with ``slots`` the two
    ends (or the empty row) as dashed places a card may go to. Keys: ``prefix + "-<i>"``
    for place ``i``, ``"-left"``, ``"-right"``, ``"-start"`` for the ends, ``"-row"`` for the whole row. ``title``: the
    row in words (``"your sun row"``; default ``"sun row"``)."""
    places = tuple(tuple(p) for p in row)
    cards = {c for p in places for c in p}
    return _row_piece(
        places,
        kind,
        prefix,
        w,
        h,
        frozenset(c for c in fresh if c in cards),
        slots,
        frozenset(k for k in fits if k.startswith(prefix + "-")),
        depth,
        title or row_words(kind),
    )


def row_places(
    row: Sequence[Sequence[Card]],
    prefix: str,
    title: str,
    w: float,
    h: float,
    fresh: Collection[Card],
    fits: Collection[str],
    depth: int,
    slots: bool,
) -> list[d.Piece]:
    """A started row's places left to right (keys ``prefix + "-<i>"``), with ``slots`` its two
    ends as dashed places (``"-left"``, ``"-right"``): the pieces both the wide and the narrow
    table lay out, each in its own way."""
    pieces = []
    if slots and row:
        key = f"{prefix}-left"
        label = _("the left end of {row}").format(row=title)
        pieces.append(slot_piece(_("left\nend"), w=w, h=h, key=key, fits=key in fits, label=label))
    for i, place in enumerate(row):
        k = f"{prefix}-{i}"
        fresh_place = place[0] in fresh or place[-1] in fresh
        pieces.append(place_piece(place, w=w, h=h, key=k, fresh=fresh_place, fits=k in fits, depth=depth))
    if slots and row:
        key = f"{prefix}-right"
        label = _("the right end of {row}").format(row=title)
        pieces.append(slot_piece(_("right\nend"), w=w, h=h, key=key, fits=key in fits, label=label))
    return pieces


@i18n.remembered(maxsize=1024)
def _row_piece(
    row: tuple[tuple[Card, ...], ...],
    kind: str,
    prefix: str,
    w: float,
    h: float,
    fresh: frozenset[Card],
    slots: bool,
    fits: frozenset[str],
    depth: int | None,
    title: str,
) -> d.Piece:
    """:func:`row_piece`, remembered: a move changes one row, the others are drawn as before."""
    depth = max(depth or 1, row_depth(row))
    pieces = row_places(row, prefix, title, w, h, fresh, fits, depth, slots)
    if not row and slots:
        k = f"{prefix}-start"
        text = _("start a\n{row}").format(row=row_words(kind))
        pieces.append(slot_piece(text, w=w, h=h, key=k, fits=k in fits))
    elif not row:
        text = _("no\n{row}\nyet").format(row=row_words(kind))
        pieces.append(slot_piece(text, w=w, h=h, label=_("{row}, not started").format(row=title)))
    body = d.row(pieces, gap=4)
    if row:
        label = _("{row}: {places}").format(row=title, places=", ".join(place_name(p) for p in row))
    else:
        label = _("{row}: empty").format(row=title)
    # the row as a whole (the practice's harvests), the gaps between its places included
    g = d.group(hit_area(body.w, body.h) + body.svg, cls="sm-row", key=f"{prefix}-row")
    g = g.replace("<g ", f'<g role="group" aria-label="{d.attr(label)}" ', 1)
    return d.Piece(body.w, max(body.h, stack_height(depth, h) + (14 if fits else 0)), g)


def hit_area(w: float, h: float) -> str:
    """A rectangle no one sees that takes a click or a tap: the first thing in a target made of
    separate pieces (a row of cards), so that a tap between two of them, its middle perhaps,
    is on the target too and not on the player's frame under it."""
    return d.rect(0, 0, w, h, fill="transparent", stroke=None, cls="dn-hit")


def row_drawing(row: Row, kind: str, *, label: str | None = None) -> d.Drawing:
    """One row, as a notebook shows it: ``row_drawing(game.rows[0]["sun"], "sun")``."""
    piece = row_piece(row, kind)
    if label is None and row:
        label = _("a {row}: {places}").format(row=row_words(kind), places=", ".join(place_name(p) for p in row))
    elif label is None:
        label = _("a {row}: empty").format(row=row_words(kind))
    return d.document(piece, label=label)


def hand_piece(
    hand: Sequence[Card],
    *,
    keys: bool = False,
    selected: Card | None = None,
    w: float = HAND_W,
    h: float = HAND_H,
    dim: Iterable[Card] = (),
) -> d.Piece:
    """A hand of face-up cards (keys ``hand-<i>`` when ``keys``)."""
    dimmed = set(dim)
    pieces = [
        face(c, w=w, h=h, key=f"hand-{i}" if keys else None, selected=c is selected, dim=c in dimmed)
        for i, c in enumerate(hand)
    ]
    if not pieces:
        pieces = [slot_piece(_("no cards"), w=w, h=h)]
    return d.row(pieces, gap=6)


def hand_drawing(hand: Sequence[Card], *, label: str | None = None) -> d.Drawing:
    cards = ", ".join(card_name(c) for c in hand) or _("no cards")
    return d.document(hand_piece(hand), label=_("{hand}: {cards}").format(hand=label or _("a hand"), cards=cards))


# ---------------------------------------------------------------------------
# Piles and the whole table
# ---------------------------------------------------------------------------


def pile_piece(
    count: int,
    *,
    title: str,
    label: str,
    top: Card | None = None,
    w: float = W * 0.8,
    h: float = H * 0.8,
    note: str = "",
    moment: str | None = None,
) -> d.Piece:
    """A pile: its top card (face up when ``top`` is given, else a back; an outline when
    empty) with its name and count written beside it."""
    if count == 0:
        card_ = slot_piece(_("empty"), w=w, h=h, label=_("{pile}: empty").format(pile=label))
    elif top is not None:
        text = ngettext("{pile}: {n} card, {card} on top", "{pile}: {n} cards, {card} on top", count)
        card_ = face(top, w=w, h=h, label=text.format(pile=label, n=count, card=card_name(top)))
    else:
        text = ngettext("{pile}: {n} card", "{pile}: {n} cards", count)
        card_ = back(w=w, h=h, label=text.format(pile=label, n=count))
    shadow = d.rect(4, 4, w, h, fill="#555555", stroke=None, rx=w * 0.12) if count > 1 else ""
    words = d.text(w + 10, h * 0.35, title, size=12, fill=d.INK) + d.text(
        w + 10, h * 0.35 + 18, str(count), size=17, weight="700", fill=d.INK
    )
    if note:
        words += d.text(w + 10, h * 0.35 + 34, note, size=11, fill=d.INK)
    svg = shadow + card_.svg
    if moment:
        svg = d.animate(svg, moment)
    # the words measured as drawn (a Chinese character takes a whole em): 棄牌堆 is 36 px, not 21.6
    return d.Piece(w + 14 + max(d.text_width(title, 12), d.text_width(note, 12), 21.6), h + 4, svg + words)


def laid_card(game: SunMoon, m: CardPlay) -> Card | None:
    """The card a drawing animates for a card play just made: the card at an end of a row,
    else the bottom card of the place it was laid on."""
    if type(m) is Place:
        return m.card
    row = game.rows[m.owner][m.row]
    return row[m.slot][0] if 0 <= m.slot < len(row) else None  # type: ignore[union-attr]


def recent(game: SunMoon) -> tuple[set[Card], set[int]]:
    """What the last move changed: the card laid (or its place's bottom card) and who harvested."""
    if not game.history:
        return set(), set()
    m = game.history[-1]
    if type(m) is Harvest:
        return set(), {m.player}
    if type(m) in (Place, Cover, Restore):
        laid = laid_card(game, m)
        return ({laid} if laid is not None else set()), set()
    return set(), set()


def keyed(piece: d.Piece, key: str) -> d.Piece:
    """``piece`` as one keyed piece of the table (a mark or a practice answer may sit on it)."""
    return d.Piece(piece.w, piece.h, d.group(piece.svg, key=key))


def status_words(game: SunMoon, seen: View, viewer: int | None) -> str:
    """Whose turn it is (and how many turns the final round has left), or who won."""
    names = seen.names
    if seen.over:
        won = game.winners()
        if seen.teams:
            teams = joined([_("team {number}").format(number=t + 1) for t in won])
            return _("Game over: {teams} won.").format(teams=teams)
        text = ngettext("Game over: {players} wins.", "Game over: {players} win.", len(won))
        return text.format(players=joined([names[p] for p in won]))
    left, yours = seen.final_left, seen.turn == viewer
    if left is None:
        text = _("It is your turn.") if yours else _("It is {player}'s turn.")
    elif yours:
        text = ngettext(
            "It is your turn; final round, {n} turn left.", "It is your turn; final round, {n} turns left.", left
        )
    else:
        text = ngettext(
            "It is {player}'s turn; final round, {n} turn left.",
            "It is {player}'s turn; final round, {n} turns left.",
            left,
        )
    return text.format(player=names[seen.turn], n=left)
