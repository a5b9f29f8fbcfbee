"""stars: the pieces every drawing of the table is made of -- the colours, a card face up
(:func:`face`, :func:`mini`) or face down (:func:`back_piece`), an empty place
(:func:`slot`) and what is drawn at one player's place (:class:`Seat`). Shared by the wide
table (:mod:`.draw`) and the narrow one (:mod:`.draw_narrow`); :mod:`.draw` re-exports them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from .. import draw as d
from .data import Card

#: the four colours: a fill, the text colour that reads on it (contrast >= 4.5) and a pattern
COLOUR = {
    "blue": d.Colour("blue", "#2f6fd0", "#ffffff", "stripes", "light"),
    "orange": d.Colour("orange", "#f4a340", "#1a1a1a", "dots", "dark"),
    "pink": d.Colour("pink", "#f29ac4", "#1a1a1a", "waves", "dark"),
    "purple": d.Colour("purple", "#7b4fb8", "#ffffff", "cross", "light"),
}
DAY_FILL, DAY_INK = "#fff3c4", "#5a3d00"
NIGHT_FILL, NIGHT_INK = d.NIGHT_SKY, "#f1f4ff"
WIN = "#0b57d0"  #: the outline of the winning colour (and the focus ring)
W, H = 56.0, 80.0  #: a card on the table
HAND_W, HAND_H = 64.0, 92.0  #: a card in the hand
MINI_W, MINI_H = 24.0, 34.0  #: a card in a small fan (collected cards, a teacher's view of a hand)
SEAT_W = 168.0  #: a player's place at the table
WIDTH = 760.0  #: the table's drawing is always this wide (it never jumps)


def stars_words(card: Card) -> str:
    """``"2 stars"``, ``"1 star"`` or ``"time symbol"``."""
    return "time symbol" if card.time else f"{card.stars} star{'s' if card.stars != 1 else ''}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ---------------------------------------------------------------------------
# One card
# ---------------------------------------------------------------------------

_STAR_SPOTS: dict[int, list[tuple[float, float]]] = {
    1: [(0, 0)],
    2: [(-1, 0), (1, 0)],
    3: [(-1, 0.55), (1, 0.55), (0, -0.55)],
    4: [(-1, -0.6), (1, -0.6), (-1, 0.6), (1, 0.6)],
}


def _art(c: Card, w: float, h: float) -> str:
    """The middle of a card: its stars, or the time symbol."""
    cx, cy = w * 0.56, h * 0.47
    if c.time:
        return d.time_symbol(cx, cy, min(w, h) * 0.25)
    r = min(w, h) * (0.15 if c.stars < 3 else 0.13)
    spots = _STAR_SPOTS.get(c.stars, [(0, 0)])
    return "".join(d.star(cx + dx * r * 1.15, cy + dy * r * 1.6, r) for dx, dy in spots)


@lru_cache(maxsize=4096)
def face(c: Card, w: float = W, h: float = H, key: str | None = None) -> d.Piece:
    """A face-up card: the value in the corners, the stars or the time symbol in the middle,
    the colour's name along the bottom and its pattern along the edge (its accessible name
    says it all: ``"orange 8, 1 star"``)."""
    return d.card(
        label=c.name,
        colour=COLOUR[c.colour],
        w=w,
        h=h,
        key=key,
        corner=str(c.value),
        art=_art(c, w, h),
        caption=c.colour,
    )


@lru_cache(maxsize=1024)
def mini(c: Card, key: str | None = None) -> d.Piece:
    """A small card for a fan: its value at the top of its left strip and, under it, a star
    with the count or the time symbol (a fan shows the left strip of every card)."""
    colour = COLOUR[c.colour]
    body = [
        d.rect(0, 0, MINI_W, MINI_H, fill=colour.fill, stroke=d.LINE, width=1, rx=4, cls="dn-frame"),
        d.rect(MINI_W - 6, 1, 5, MINI_H - 2, fill=colour.pattern_fill(), stroke=None, rx=3),
        d.text(7, 11, c.value, size=9.5, weight="700", anchor="middle", fill=colour.ink),
    ]
    if c.time:
        body.append(d.time_symbol(7, 21, 4.6))
    else:
        body.append(d.star(7, 19, 4) + d.text(7, 31, c.stars, size=8.5, weight="700", anchor="middle", fill=colour.ink))
    return d.Piece(MINI_W, MINI_H, d.group("".join(body), label=c.name, key=key))


@lru_cache(maxsize=64)
def back_piece(w: float = W, h: float = H, label: str = "a face-down card") -> d.Piece:
    """The back of a card: a sun and a moon, no word or sign of the front."""
    return d.card_back(label=label, w=w, h=h)


@lru_cache(maxsize=64)
def slot(w: float = W, h: float = H, words: str = "", label: str = "an empty place") -> d.Piece:
    """An empty place on the table (a card not yet played, or one taken away)."""
    body = d.rect(0, 0, w, h, fill="#f3efe4", stroke="#8a8577", width=1.2, rx=7, extra='stroke-dasharray="4 3"')
    if words:
        body += d.text(w / 2, h / 2 + 4, words, size=10.5, anchor="middle", fill="#4a463c", italic=True)
    return d.Piece(w, h, d.group(body, label=label))


class Seat(NamedTuple):
    """What is drawn at one player's place."""

    name: str
    plays: tuple  # up to two: a Card (face up), "back" (face down), "taken" or None (not yet)
    stars: int
    collected: tuple | None  # the cards taken so far (None: a finished round's drawing, stars only)
    hand: Any  # a tuple of cards shown face up, or the number of hidden cards
    note: str  # the player's part in the choosing ("chooses 1st", "tie: no card", ...)
    turn: bool  # it is this player's move
    key: str | None = None  # the place's data-key: ``seat-<p>``
    room: bool = False  # a free line at the foot of the place, for the words of a mark
