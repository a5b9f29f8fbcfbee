"""sunmoon: the drawings -- SVG text from a state or from one player's view, as ``chess.svg`` draws boards.

Following the play report (seed 004):

* a sun card shows the sun **higher as the number grows** ("隨著數字增加，太陽越高"), a moon
  card the moon, with the number in the corner and, where the data file gives one, its animal
  drawn and named ("可能會有小動物或昆蟲");
* an eclipse carries **no number** ("日月蝕是沒有數字的"): its symbol and its name only;
* an eclipse **lies on the card it covers** ("直接蓋在已打出的日、月卡上"): the places of a row
  are drawn as stacks, each card a little lower than the one beneath, so the covered number
  and a restored place stay visible;
* a card nobody may see is drawn as its **back**: the sun and the full moon with four flowers
  each ("卡牌背面，有太陽跟滿月，各有四朵花"); harvested cards lie face down ("面朝下"), so
  another player's harvest is a pile with a count.

Functions: :func:`card_drawing` (one card), :func:`back_drawing`, :func:`row_drawing` (a row
with its stacks), :func:`hand_drawing`, :func:`table` (a whole position as one player, or a
teacher, sees it). The pieces (:func:`face`, :func:`back`, :func:`row_piece`, ...) are what the
app composes; everything is built on :mod:`daynight.draw` and is pure (state in, text out).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Sequence

from .. import draw as d
from .data import Card
from .rules import Row

#: the cards' colours: a fill, the text colour on it (contrast >= 4.5) and a pattern, so the
#: kind never rests on colour alone (the pictures and the words say it too)
COLOURS = {
    "sun": d.Colour("sun", "#d4ecfa", "#1a1a1a", "stripes", "dark"),
    "moon": d.Colour("moon", "#1f2a4a", "#ffffff", "dots", "light"),
    "solar eclipse": d.Colour("solar eclipse", "#4a3b12", "#ffffff", "cross", "light"),
    "lunar eclipse": d.Colour("lunar eclipse", "#3a1d2e", "#ffffff", "zigzag", "light"),
}
GROUND = {"sun": "#2f4a22", "moon": "#0b1020"}   #: the strip of land the sky rises over
GROUND_INK = "#ffffff"
FITS = "#1b6e20"                                 #: a place where the chosen card fits
W, H = 50.0, 74.0                                #: a card in a row
HAND_W, HAND_H = 66.0, 98.0                      #: a card in your hand
MINI_W, MINI_H = 30.0, 44.0                      #: a card in a small fan (other hands)


def colour(c: Card) -> d.Colour:
    return COLOURS[c.name if c.eclipse else c.kind]


# ---------------------------------------------------------------------------
# One card
# ---------------------------------------------------------------------------


def _animal(kind: str, x: float, y: float, s: float, ink: str) -> str:
    """A small drawing of an animal centred on (x, y), ``s`` its size."""
    n = d._n
    if kind in ("bird", "bat"):
        wing = f"M{n(x - s)},{n(y - s * 0.2)}Q{n(x - s * 0.5)},{n(y - s * 0.75)} {n(x)},{n(y)}" \
               f"Q{n(x + s * 0.5)},{n(y - s * 0.75)} {n(x + s)},{n(y - s * 0.2)}"
        if kind == "bat":
            wing += f"M{n(x - s)},{n(y - s * 0.2)}L{n(x - s * 0.6)},{n(y + s * 0.1)}L{n(x - s * 0.3)},{n(y - s * 0.1)}" \
                    f"M{n(x + s)},{n(y - s * 0.2)}L{n(x + s * 0.6)},{n(y + s * 0.1)}L{n(x + s * 0.3)},{n(y - s * 0.1)}"
        return f'<path d="{wing}" fill="none" stroke="{ink}" stroke-width="{n(max(1.2, s * 0.22))}" stroke-linecap="round"/>'
    if kind in ("butterfly", "moth", "bee"):
        fill = {"butterfly": "#e8702a", "moth": "#c9b8a0", "bee": "#f6c700"}[kind]
        r = s * 0.5
        wings = "".join(f'<ellipse cx="{n(x + dx * r)}" cy="{n(y + dy * r)}" rx="{n(r * 0.9)}" ry="{n(r * 0.7)}" '
                        f'fill="{fill}" stroke="{ink}" stroke-width="0.8"/>'
                        for dx, dy in ((-0.8, -0.5), (0.8, -0.5), (-0.6, 0.6), (0.6, 0.6)))
        body = f'<ellipse cx="{n(x)}" cy="{n(y)}" rx="{n(r * 0.28)}" ry="{n(r * 1.2)}" fill="{ink}"/>'
        if kind == "bee":
            body += f'<path d="M{n(x - r * 0.3)},{n(y)}h{n(r * 0.6)}" stroke="{fill}" stroke-width="1"/>'
        return wings + body
    if kind == "owl":
        r = s * 0.7
        return (f'<ellipse cx="{n(x)}" cy="{n(y)}" rx="{n(r * 0.8)}" ry="{n(r)}" fill="#8a6a45" stroke="{ink}" stroke-width="0.8"/>'
                f'<circle cx="{n(x - r * 0.32)}" cy="{n(y - r * 0.3)}" r="{n(r * 0.25)}" fill="#fff"/>'
                f'<circle cx="{n(x + r * 0.32)}" cy="{n(y - r * 0.3)}" r="{n(r * 0.25)}" fill="#fff"/>'
                f'<circle cx="{n(x - r * 0.32)}" cy="{n(y - r * 0.3)}" r="{n(r * 0.1)}" fill="#111"/>'
                f'<circle cx="{n(x + r * 0.32)}" cy="{n(y - r * 0.3)}" r="{n(r * 0.1)}" fill="#111"/>')
    return f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(s * 0.4)}" fill="{ink}"/>'   # an animal the drawing does not know


def card_name(c: Card) -> str:
    """The card in words: ``'sun 12 with a bird'``, ``'lunar eclipse'`` (no number)."""
    return c.label


@lru_cache(maxsize=512)
def _face_svg(c: Card, w: float, h: float) -> str:
    """The front of a card, drawn from (0, 0): frame, pattern band, picture and words (a
    card always looks the same, so each size of each face is drawn once)."""
    col = colour(c)
    band = max(5.0, w * 0.11)
    ground = h * 0.8
    parts = [d.rect(0, 0, w, h, fill=col.fill, stroke=d.LINE, width=1.4, rx=w * 0.12, cls="dn-frame"),
             d.rect(1, 1, band, h - 2, fill=col.pattern_fill(), stroke=None, rx=w * 0.1)]
    if c.eclipse:
        cx, cy, r = w * 0.56, h * 0.46, w * 0.3
        parts.append(d.eclipse(cx, cy, r, c.kind))
        parts.append(d.eclipse(band + w * 0.15, h * 0.12, w * 0.1, c.kind))   # the top strip shows it too
        word, second = c.name.split(" ")
        parts.append(d.text(w * 0.56, h * 0.84, word, size=w * 0.19, anchor="middle", fill=col.ink))
        parts.append(d.text(w * 0.56, h * 0.96, second, size=w * 0.19, anchor="middle", fill=col.ink))
        return "".join(parts)
    # the sky and the land; the sun (or moon) stands higher the greater the number
    r = w * 0.17
    top, bottom = h * 0.3 + r, ground - r * 0.2
    cy = bottom - (c.value - 1) / 28 * (bottom - top)
    cx = w * 0.66
    if c.kind == "sun":
        parts.append(d.sun(cx, cy, r * 1.25))
    else:
        parts.append(d.moon(cx, cy, r))
        parts.append(f'<circle cx="{d._n(w * 0.3)}" cy="{d._n(h * 0.55)}" r="0.9" fill="#fff"/>'
                     f'<circle cx="{d._n(w * 0.86)}" cy="{d._n(h * 0.34)}" r="0.9" fill="#fff"/>')
    parts.append(d.rect(1, ground, w - 2, h - ground - 1, fill=GROUND[c.kind], stroke=None, rx=w * 0.1))  # hides a low sun
    parts.append(d.text(band + 2, h * 0.26, c.value, size=w * 0.34, weight="700", fill=col.ink))
    # the strip of land names the card: its kind, or the animal it shows
    word = c.animal or c.kind
    parts.append(d.text(w / 2 + band / 2, h - h * 0.055, word, size=min(w * 0.22, (w - band - 4) * 1.8 / len(word)),
                        anchor="middle", fill=GROUND_INK, weight="700" if c.animal else None))
    if c.animal:
        parts.append(_animal(c.animal, band + w * 0.17, h * 0.55, w * 0.15, col.ink))
    return "".join(parts)


def face(c: Card, *, w: float = W, h: float = H, key: str | None = None, label: str | None = None,
         selected: bool = False, dim: bool = False) -> d.Piece:
    """A face-up card as a named piece (``label`` defaults to its name)."""
    body = _face_svg(c, w, h)
    if dim:
        body += d.rect(0, 0, w, h, fill="#ffffff", stroke=None, rx=w * 0.12, extra='fill-opacity=".5"')
    if selected:
        body += d.rect(-4, -4, w + 8, h + 8, fill="none", stroke=d.FOCUS, width=3, rx=w * 0.18,
                       extra='stroke-dasharray="6 3"')
    return d.Piece(w, h, d.group(body, label=label or card_name(c), key=key, cls="sm-dim" if dim else None))


@lru_cache(maxsize=16)
def _back_svg(w: float, h: float) -> str:
    """The back: the sun and the full moon, each with four flowers, on a night-blue field."""
    s = min(w, h)
    parts = [d.rect(0, 0, w, h, fill=d.NIGHT_SKY, stroke=d.LINE, width=1.4, rx=w * 0.12, cls="dn-frame"),
             d.rect(3, 3, w - 6, h - 6, fill="none", stroke="#c9b26b", width=1, rx=w * 0.09)]
    for cx, cy, body in ((w * 0.5, h * 0.3, "sun"), (w * 0.5, h * 0.7, "moon")):
        if body == "sun":
            parts.append(d.sun(cx, cy, s * 0.24))
        else:
            parts.append(f'<circle cx="{d._n(cx)}" cy="{d._n(cy)}" r="{d._n(s * 0.13)}" fill="{d.MOON_FILL}" '
                         f'stroke="{d.MOON_LINE}" stroke-width="1"/>')
        for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
            parts.append(_flower(cx + dx * s * 0.3, cy + dy * s * 0.13, s * 0.08))
    return "".join(parts)


def _flower(cx: float, cy: float, r: float) -> str:
    """A small flower in two elements: a ring of petals (a dashed thick circle) and its heart."""
    n, ring = d._n, 0.45 * r
    dash = 2 * 3.14159 * ring / 10
    return (f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(ring)}" fill="none" stroke="#f7a8c8" '
            f'stroke-width="{n(0.75 * r)}" stroke-dasharray="{n(dash)} {n(dash)}"/>'
            f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(0.25 * r)}" fill="#f6b400"/>')


def back(*, w: float = W, h: float = H, key: str | None = None, label: str = "a face-down card") -> d.Piece:
    """A face-down card: nothing on it says what is on the front."""
    return d.Piece(w, h, d.group(_back_svg(w, h), label=label, key=key))


def card_drawing(c: Card, *, w: float = HAND_W, h: float = HAND_H) -> d.Drawing:
    """One card, as a notebook shows it."""
    return d.document(face(c, w=w, h=h), label=card_name(c), background=None, pad=4)


def back_drawing() -> d.Drawing:
    return d.document(back(w=HAND_W, h=HAND_H), label="the back of a card", background=None, pad=4)


# ---------------------------------------------------------------------------
# Rows
# ---------------------------------------------------------------------------

STEP = 0.3   #: each card of a stack lies this much of a card's height below the one beneath


def place_name(place: Sequence[Card]) -> str:
    """A place in words, naming every card of its stack: ``'sun 12'``, ``'sun 12 covered by a
    solar eclipse'``, ``'sun 15 restoring the place, on top of a solar eclipse and sun 12'``."""
    top = place[-1]
    if len(place) == 1:
        return card_name(top)
    if len(place) == 2:
        return f"{card_name(place[0])} covered by a {top.name}"
    rest = [c.name if not c.eclipse else f"a {c.name}" for c in reversed(place[:-1])]
    under = ", ".join(rest[:-1]) + " and " + rest[-1]
    if top.eclipse:
        return f"a {top.name} on top of {under}"
    return f"{card_name(top)} restoring the place, on top of {under}"


def stack_step(depth: int, h: float = H) -> float:
    """How far each card of a stack lies below the one beneath: a third of a card, less in a
    deep stack, so that a stack is never more than 1.6 cards tall."""
    return h * min(STEP, 0.6 / max(1, depth - 1))


def stack_height(depth: int, h: float = H) -> float:
    return h + stack_step(depth, h) * (depth - 1)


def place_piece(place: Sequence[Card], *, w: float = W, h: float = H, key: str | None = None,
                fresh: bool = False, fits: bool = False, depth: int = 1) -> d.Piece:
    """A place of a row: its stack, each card lower than the one beneath (``depth``: the
    deepest stack of the row, so every place of a row is as tall)."""
    return _place_piece(tuple(place), w, h, key, fresh, fits, depth)


@lru_cache(maxsize=4096)
def _place_piece(place: tuple[Card, ...], w: float, h: float, key: str | None, fresh: bool, fits: bool,
                 depth: int) -> d.Piece:
    """:func:`place_piece`, remembered: from one drawing to the next most places stay as they were."""
    step = stack_step(len(place), h)
    body = []
    for j, c in enumerate(place):
        svg = d.place(d.Piece(w, h, _face_svg(c, w, h)), 0, j * step)
        body.append(d.animate(svg) if fresh and j == len(place) - 1 else svg)
    if fits:
        body.append(_fits_mark(w, (len(place) - 1) * step + h))
    return d.Piece(w, stack_height(max(depth, len(place)), h), d.group("".join(body), label=place_name(place), key=key,
                                                       cls="sm-fits" if fits else None))


def _fits_mark(w: float, y: float) -> str:
    return (d.rect(2, y + 2, w - 4, 13, fill=FITS, stroke=None, rx=4)
            + d.text(w / 2, y + 12, "fits", size=10, anchor="middle", weight="700", fill="#ffffff"))


@lru_cache(maxsize=1024)
def slot_piece(text: str, *, w: float = W, h: float = H, key: str | None = None, label: str | None = None,
               fits: bool = False) -> d.Piece:
    """An empty place drawn as a dashed outline (a row's end, or a row not started yet)."""
    stroke = FITS if fits else "#777777"
    body = (d.rect(1, 1, w - 2, h - 2, fill="#ffffff" if fits else "none", stroke=stroke, width=2.5 if fits else 1.2,
                   rx=w * 0.12, cls="dn-frame", extra='stroke-dasharray="5 3"')
            + "".join(d.text(w / 2, h * 0.42 + i * w * 0.26, line, size=w * 0.22, anchor="middle",
                             fill=FITS if fits else "#444444", weight="700" if fits else None)
                      for i, line in enumerate(text.split("\n"))))
    if fits:
        body += _fits_mark(w, h)
    return d.Piece(w, h, d.group(body, label=label or text.replace("\n", " "), key=key, cls="sm-fits" if fits else None))


def row_depth(row: Row) -> int:
    return max((len(p) for p in row), default=1)


def row_piece(row: Row, kind: str, *, prefix: str = "", w: float = W, h: float = H,
              fresh: Iterable[Card] = (), slots: bool = False, fits: Iterable[str] = (),
              depth: int | None = None, owner: str = "") -> d.Piece:
    """A sun or moon row: its places left to right (each a stack); with ``slots`` the two
    ends (or the empty row) as dashed places a card may go to. Keys: ``prefix + "-<i>"``
    for place ``i``, ``"-left"``, ``"-right"``, ``"-start"`` for the ends."""
    places = tuple(tuple(p) for p in row)
    cards = {c for p in places for c in p}
    return _row_piece(places, kind, prefix, w, h, frozenset(c for c in fresh if c in cards), slots,
                      frozenset(k for k in fits if k.startswith(prefix + "-")), depth, owner)


@lru_cache(maxsize=1024)
def _row_piece(row: tuple[tuple[Card, ...], ...], kind: str, prefix: str, w: float, h: float,
               fresh: frozenset, slots: bool, fits: frozenset, depth: int | None, owner: str) -> d.Piece:
    """:func:`row_piece`, remembered: a move changes one row, the others are drawn as before."""
    depth = max(depth or 1, row_depth(row))
    pieces = []
    if slots and row:
        pieces.append(slot_piece("left\nend", w=w, h=h, key=f"{prefix}-left", fits=f"{prefix}-left" in fits,
                                 label=f"the left end of {owner}{kind} row"))
    for i, place in enumerate(row):
        k = f"{prefix}-{i}"
        pieces.append(place_piece(place, w=w, h=h, key=k, fresh=place[0] in fresh or place[-1] in fresh,
                                  fits=k in fits, depth=depth))
    if slots and row:
        pieces.append(slot_piece("right\nend", w=w, h=h, key=f"{prefix}-right", fits=f"{prefix}-right" in fits,
                                 label=f"the right end of {owner}{kind} row"))
    if not row:
        k = f"{prefix}-start"
        text = f"start a\n{kind} row" if slots else f"no {kind}\nrow yet"
        pieces.append(slot_piece(text, w=w, h=h, key=k if slots else None, fits=k in fits,
                                 label=f"{owner}{kind} row, not started" if not slots else None))
    body = d.row(pieces, gap=4)
    label = f"{owner}{kind} row: " + (", ".join(place_name(p) for p in row) if row else "empty")
    g = d.group(body.svg, cls="sm-row")
    g = g.replace("<g ", f'<g role="group" aria-label="{d.attr(label)}" ', 1)
    return d.Piece(body.w, max(body.h, stack_height(depth, h) + (14 if fits else 0)), g)


def row_drawing(row: Row, kind: str, *, label: str | None = None) -> d.Drawing:
    """One row, as a notebook shows it: ``row_drawing(game.rows[0]["sun"], "sun")``."""
    piece = row_piece(row, kind)
    return d.document(piece, label=label or f"a {kind} row: " + (", ".join(place_name(p) for p in row) or "empty"))


def hand_piece(hand: Sequence[Card], *, keys: bool = False, selected: Card | None = None,
               w: float = HAND_W, h: float = HAND_H, dim: Iterable[Card] = ()) -> d.Piece:
    """A hand of face-up cards (keys ``hand-<i>`` when ``keys``)."""
    dim = set(dim)
    pieces = [face(c, w=w, h=h, key=f"hand-{i}" if keys else None, selected=c is selected, dim=c in dim)
              for i, c in enumerate(hand)]
    if not pieces:
        pieces = [slot_piece("no cards", w=w, h=h)]
    return d.row(pieces, gap=6)


def hand_drawing(hand: Sequence[Card], *, label: str = "a hand") -> d.Drawing:
    return d.document(hand_piece(hand), label=f"{label}: " + (", ".join(card_name(c) for c in hand) or "no cards"))


# ---------------------------------------------------------------------------
# Piles and the whole table
# ---------------------------------------------------------------------------


def pile_piece(count: int, *, title: str, label: str, top: Card | None = None, w: float = W * 0.8,
               h: float = H * 0.8, note: str = "", moment: str | None = None) -> d.Piece:
    """A pile: its top card (face up when ``top`` is given, else a back; an outline when
    empty) with its name and count written beside it."""
    if count == 0:
        card_ = slot_piece("empty", w=w, h=h, label=f"{label}: empty")
    elif top is not None:
        card_ = face(top, w=w, h=h, label=f"{label}: {count} cards, {card_name(top)} on top")
    else:
        card_ = back(w=w, h=h, label=f"{label}: {count} card{'s' if count != 1 else ''}")
    shadow = (d.rect(4, 4, w, h, fill="#555555", stroke=None, rx=w * 0.12) if count > 1 else "")
    words = d.text(w + 10, h * 0.35, title, size=12, fill=d.INK) + d.text(w + 10, h * 0.35 + 18, str(count),
                                                                          size=17, weight="700", fill=d.INK)
    if note:
        words += d.text(w + 10, h * 0.35 + 34, note, size=11, fill=d.INK)
    svg = shadow + card_.svg
    if moment:
        svg = d.animate(svg, moment)
    return d.Piece(w + 14 + 7.2 * max(len(title), len(note), 3), h + 4, svg + words)


def _recent(game: Any) -> tuple[set, set]:
    """What the last move changed: the cards laid (their place's bottom card too) and who harvested."""
    from .engine import Harvest, Place

    if not game.history:
        return set(), set()
    m = game.history[-1]
    if isinstance(m, Harvest):
        return set(), {m.player}
    if isinstance(m, Place):
        return {m.card}, set()
    if hasattr(m, "slot"):
        row = game.rows[m.owner][m.row]
        return ({row[m.slot][0]} if 0 <= m.slot < len(row) else set()), set()
    return set(), set()


def table(game: Any, viewer: int | None = None, *, selected: Card | None = None, slots: str | None = None,
          fits: Iterable[str] = (), fresh: Iterable[Card] | None = None, harvested: Iterable[int] | None = None,
          hand_keys: bool = False, dim: Iterable[Card] = ()) -> d.Drawing:
    """The whole table as ``viewer`` sees it (``None``: everything, as a teacher sees it).

    Built from ``game.view(viewer)``: a strip for every player with their hand (backs and a
    count; face up for a teacher), their harvest pile (face down, with a count; the viewer's
    own with its points), their sun row and their moon row (the sun rows one under the
    other, the moon rows beside them); then the viewer's own hand, the draw pile, the
    discard pile and whose turn it is.

    Presentation options (the app's): ``selected`` (a hand card picked up), ``slots`` (draw
    the ends of every ``"sun"`` or ``"moon"`` row as places to click), ``fits`` (the keys of
    the places where the selected card fits), ``fresh``/``harvested`` (what just happened,
    animated; default: the last move), ``hand_keys`` (the viewer's cards are click targets),
    ``dim`` (hand cards that fit nowhere).
    """
    from .data import _BY_NAME, KINDS

    seen = game.view(viewer if viewer is not None else game.turn)
    n, names = seen["players"], seen["names"]
    if fresh is None or harvested is None:
        last_cards, last_harvest = _recent(game)
        fresh = last_cards if fresh is None else fresh
        harvested = last_harvest if harvested is None else harvested
    fresh, harvested, fits = set(fresh), set(harvested), set(fits)
    rows = [{k: [[_BY_NAME[x] for x in s] for s in seen["rows"][p][k]] for k in KINDS} for p in range(n)]
    order = list(range(n)) if viewer is None else [(viewer + 1 + i) % n for i in range(n)]

    def whose(p: int) -> str:
        return "your " if p == viewer else f"{names[p]}'s "

    strips = [[_info_piece(game, seen, p, viewer, harvested)]
              + [row_piece(rows[p][k], k, prefix=f"{p}-{k}", fresh=fresh, slots=slots == k, fits=fits,
                           owner=whose(p)) for k in KINDS] for p in order]
    info_w = max(s[0].w for s in strips)
    sun_w = max(s[1].w for s in strips)
    moon_w = max(s[2].w for s in strips)
    width = info_w + sun_w + moon_w + 2 * 16 + 12
    parts, y = [], 0.0
    for p, (info, sun_row, moon_row) in zip(order, strips):
        hgt = max(info.h, sun_row.h, moon_row.h) + 12
        moving = not seen["over"] and seen["turn"] == p
        frame = d.rect(0, 0, width, hgt, fill="#fffaf0" if p == viewer else "#ffffff",
                       stroke=d.FOCUS if moving else d.LINE, width=3 if moving else 1.2, rx=9)
        inner = (frame + d.place(info, 6, 6) + d.place(sun_row, 6 + info_w + 16, 6)
                 + d.place(moon_row, 6 + info_w + sun_w + 32, 6))
        label = f"{names[p]}'s place at the table" + (", to move" if moving else "")
        parts.append(d.place(d.Piece(width, hgt, f'<g role="group" aria-label="{d.attr(label)}">{inner}</g>'), 0, y))
        y += hgt + 5
    # the last line: your hand, the draw pile, the discard pile, whose turn it is
    discard = seen["discard"]
    piles = d.row([pile_piece(seen["draw_pile"], title="draw pile", label="the draw pile"),
                   pile_piece(len(discard), title="discard", label="the discard pile",
                              top=_BY_NAME[discard[-1]] if discard else None)], gap=12, align="middle")
    status = _status_words(game, seen, viewer)
    bottom = []
    if viewer is not None:
        hand = [_BY_NAME[x] for x in seen["hand"]]
        hp = hand_piece(hand, keys=hand_keys, selected=selected, dim=dim)
        title = d.text(0, 14, "Your hand", size=15, weight="700")
        bottom.append(d.Piece(max(hp.w, 80), hp.h + 20, title + d.place(hp, 0, 20)))
    words = d.text(0, 16, status, size=14, weight="700", limit=90)
    bottom.append(d.Piece(piles.w, piles.h + 24, words + d.place(piles, 0, 24)))
    last = d.row(bottom, gap=24, align="bottom")
    parts.append(d.place(last, 0, y + 4))
    y += last.h + 4
    label = ("the table, every card face up, as a teacher sees it" if viewer is None
             else f"the table as {names[viewer]} sees it")
    return d.document(d.Piece(max(width, last.w), y, "".join(parts)), label=label, desc=status)


def _info_piece(game: Any, seen: dict, p: int, viewer: int | None, harvested: set) -> d.Piece:
    """A player's name, hand (backs with a count, unless the viewer may see it) and harvest
    pile (face down, with a count)."""
    from .data import _BY_NAME

    names, team = seen["names"], seen["teams"]
    title = names[p] + (" (you)" if p == viewer and names[p] != "You" else "")
    sub = (f"team {team[p] + 1}" if team else "")
    if not seen["over"] and seen["turn"] == p:
        sub += (" · " if sub else "") + ("to move again" if seen["extra"] else "to move")
    if seen["over"]:   # the scores are counted in the open
        sub += (" · " if sub else "") + f"score {game.scores()[p]:+d}"
    hand: tuple | int | None = None                  # the viewer's own hand is drawn below the table
    if p != viewer:
        hand = tuple(game.hands[p]) if viewer is None else seen["hand_sizes"][p]   # a teacher sees every hand
    note = ""
    if p == viewer or viewer is None:
        cards = [_BY_NAME[x] for x in seen["my_harvest"]] if p == viewer else game.harvested[p]
        points = sum(1 for c in cards if not c.eclipse)
        note = f" (+{points})"
    return _info(names[p], title, sub, hand, seen["harvest_sizes"][p], note, p in harvested)


@lru_cache(maxsize=512)
def _info(name: str, title: str, sub: str, hand: tuple | int | None, pile: int, note: str,
          harvested: bool) -> d.Piece:
    parts = [d.text(0, 13, title, size=13.5, weight="700", limit=24)]
    if sub:
        parts.append(d.text(0, 28, sub, size=11.5, fill="#1d3f8f" if "move" in sub else d.INK))
    y = 34
    pieces = []
    if hand is not None:
        size = hand if isinstance(hand, int) else len(hand)
        if not size:
            fan = slot_piece("no\ncards", w=MINI_W, h=MINI_H)
        elif isinstance(hand, int):
            fan = d.row([back(w=MINI_W, h=MINI_H, label=f"one of {name}'s cards") for _ in range(min(size, 5))],
                        gap=-MINI_W * 0.6)
        else:
            fan = d.row([face(c, w=MINI_W, h=MINI_H) for c in hand], gap=2)
        caption = d.text(0, MINI_H + 13, f"{size} in hand", size=11)
        pieces.append(d.Piece(max(fan.w, 52), MINI_H + 15, fan.svg + caption))
    if pile == 0:
        top = slot_piece("none", w=MINI_W, h=MINI_H, label=f"{name}'s harvest: none yet")
    else:
        top = back(w=MINI_W, h=MINI_H, label=f"{name}'s harvest, face down: {pile} card{'s' if pile != 1 else ''}")
    svg = (d.rect(3, 3, MINI_W, MINI_H, fill="#555555", stroke=None, rx=4) if pile > 1 else "") + top.svg
    if harvested:
        svg = d.animate(svg, "harvest")
    note = f"harvested {pile}{note}"
    pieces.append(d.Piece(max(MINI_W + 4, 7 * len(note)), MINI_H + 15, svg + d.text(0, MINI_H + 13, note, size=11)))
    block = d.row(pieces, gap=10)
    parts.append(d.place(block, 0, y))
    return d.Piece(max(block.w, 7.5 * len(title), 100), y + block.h, "".join(parts))


def _status_words(game: Any, seen: dict, viewer: int | None) -> str:
    names = seen["names"]
    if seen["over"]:
        won = game.winners()
        if seen["teams"]:
            return "Game over: " + " and ".join(f"team {t + 1}" for t in won) + " won."
        return "Game over: " + " and ".join(names[p] for p in won) + (" win." if len(won) > 1 else " wins.")
    who = "your" if seen["turn"] == viewer else f"{names[seen['turn']]}'s"
    text = f"It is {who} turn"
    if seen["final_left"] is not None:
        text += f"; final round, {seen['final_left']} turn{'s' if seen['final_left'] != 1 else ''} left"
    return text + "."


__all__ = ["table", "card_drawing", "back_drawing", "row_drawing", "hand_drawing", "face", "back",
           "row_piece", "place_piece", "slot_piece", "hand_piece", "pile_piece", "place_name", "card_name",
           "COLOURS"]
