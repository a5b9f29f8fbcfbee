"""Drawing primitives shared by the four games: SVG text from the standard library only.

As ``chess.svg`` sits beside ``chess``, every game has a ``daynight/<game>/draw.py`` of pure
functions from a state (or from one player's view) to SVG text; this module holds what they
share, so that the four games look like one package and read without colour vision:

* :class:`Drawing` -- a finished SVG document that shows itself in a notebook
  (``_repr_html_`` inlines it, so its words stay text; ``_repr_svg_`` for other front ends);
* :class:`Piece` -- a drawn part that knows its size, placed with :func:`place`, :func:`row`
  and :func:`column`; :func:`document` turns a piece into a :class:`Drawing`;
* :func:`card` and :func:`card_back` -- the card frame every game uses; :func:`badge` and
  :func:`panel` for counts and player areas;
* symbols: :func:`sun`, :func:`moon`, :func:`star`, :func:`time_symbol`, :func:`flower`,
  :func:`eclipse`;
* :class:`Colour` -- a fill with its text colour (checked for contrast by :func:`contrast`)
  and a *pattern*, so colour is never the only cue; :data:`PATTERNS`;
* :func:`esc` / :func:`attr` -- every text from a state is escaped here (and made safe with
  :func:`daynight.core.shown`), so a name from a file cannot break the drawing or the page;
* :func:`words` -- the words a drawing carries (its text, titles and accessible names), for
  tests that check no hidden card is drawn and every shown card is named;
* :func:`text_width` -- how wide a text is drawn, with a wide (Chinese) character a full
  em and a Latin letter 0.6 em, so a badge fits 日與夜 as well as "pile 63";
* narrow layouts (a phone held upright): :data:`NARROW_WIDTH`, :data:`MIN_TEXT`,
  :data:`MIN_TARGET`, :func:`is_narrow`, :func:`wrap`, :func:`per_row`, and for tests
  :func:`smallest_text` and :func:`smallest_target`.

Conventions every game's drawing follows (the table widget relies on them):

* the root ``<svg>`` has ``role="group"`` and an ``aria-label``; each piece a learner can point
  at (a card, a square, a row) is a ``<g role="img" aria-label="...">`` with a ``<title>``;
* a piece that may become a click target carries ``data-key="..."`` (unique in its drawing)
  and a child with class ``dn-frame`` (its outline, which the focus ring thickens); the
  widget, not the drawing, decides which keys are targets and what they are called;
* things that just happened are wrapped by :func:`animate` (CSS classes the table widget
  animates, none under ``prefers-reduced-motion``); a drawing never needs its animation;
* hidden cards are drawn as backs (:func:`card_back`) from a player's *view*, never from the
  hidden card itself;
* a drawing is in the language of :mod:`daynight.i18n` when it is drawn (its root names it,
  ``xml:lang``), in :data:`FONT`, which names a Traditional Chinese font for every system
  after the Latin ones, so zh-TW words show as words, not as boxes;
* a game's ``table(game, viewer, width=None)`` may take the table widget's ``width``: below
  :data:`NARROW_WIDTH` it returns its narrow arrangement, that wide, shown at scale 1.
"""

from __future__ import annotations

import importlib
import inspect
import math
import re
import unicodedata
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from . import i18n
from .core import shown
from .i18n import gettext as _

__all__ = [
    "CJK_FONTS",
    "FOCUS",
    "FONT",
    "INK",
    "LINE",
    "MIN_TARGET",
    "MIN_TEXT",
    "NARROW_WIDTH",
    "PAPER",
    "PATTERNS",
    "TABLET_WIDTH",
    "Colour",
    "Drawing",
    "Piece",
    "animate",
    "attr",
    "badge",
    "card",
    "card_back",
    "column",
    "contrast",
    "document",
    "eclipse",
    "esc",
    "flower",
    "group",
    "is_narrow",
    "moon",
    "panel",
    "per_row",
    "place",
    "rect",
    "row",
    "smallest_target",
    "smallest_text",
    "star",
    "sun",
    "table",
    "takes_width",
    "text",
    "text_width",
    "time_symbol",
    "words",
    "wrap",
]

#: Traditional Chinese fonts, one or more on every system: Google's and Adobe's free fonts
#: (Linux: Debian's fonts-noto-cjk; Android), Apple's (macOS, iOS) and Microsoft's (Windows)
CJK_FONTS = (
    "'Noto Sans TC'",
    "'Noto Sans CJK TC'",
    "'Source Han Sans TC'",
    "'PingFang TC'",
    "'Heiti TC'",
    "'Microsoft JhengHei'",
    "'Microsoft JhengHei UI'",
)
#: the drawings' font stack: the system's own Latin font first (so English reads as the page
#: does), then a Traditional Chinese one for the characters the Latin fonts lack, then any
FONT = ", ".join(
    ("system-ui", "-apple-system", "'Segoe UI'", "Roboto", "'Noto Sans'", "'DejaVu Sans'", *CJK_FONTS, "sans-serif")
)
INK = "#1a1a1a"  #: text on light paper
PAPER = "#fffdf7"  #: the table's cloth
LINE = "#333333"  #: outlines
FOCUS = "#0b57d0"  #: the focus ring (the widget's style sheet uses the same colour)

# ---------------------------------------------------------------------------
# Escaping
# ---------------------------------------------------------------------------

_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def esc(value: Any, limit: int | None = None) -> str:
    """Text for an SVG text node: made safe to show (:func:`~daynight.core.shown`), then
    XML-escaped. Every word a drawing takes from a state goes through here."""
    s = str(value)
    if limit is None and s.isascii() and s.isprintable():  # the common case: nothing to make safe
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if limit is not None and not s.isascii():
        limit = _fitting(s, limit)
    s = shown(s, limit)
    s = _XML_BAD.sub("\ufffd", s)
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def attr(value: Any, limit: int | None = None) -> str:
    """Text for an attribute value (between double quotes)."""
    return esc(value, limit).replace('"', "&quot;")


# ---------------------------------------------------------------------------
# Text widths: a wide character is not a Latin letter
# ---------------------------------------------------------------------------

NARROW_EM = 0.6  #: the width of a Latin letter (an average, with room), in em
WIDE_EM = 1.0  #: the width of a wide or full-width character (Chinese, kana, hangul), in em


def _fifths(ch: str) -> int:
    """The width of ``ch`` in fifths of an em: 5 for East Asian wide and full-width characters
    (``unicodedata.east_asian_width`` W or F), 0 for combining marks and invisible format
    characters, 3 (a Latin letter) for the rest."""
    if unicodedata.east_asian_width(ch) in "WF":
        return 5
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 3


def text_width(value: Any, size: float) -> float:
    """About how wide ``value`` is drawn at font size ``size``: a wide character takes
    :data:`WIDE_EM`, a Latin letter :data:`NARROW_EM` (``text_width("日與夜", 10) == 30``,
    ``text_width("day", 10) == 18``)."""
    s = shown(str(value))
    if s.isascii():
        return NARROW_EM * size * len(s)
    wide = sum(1 for ch in s if _fifths(ch) == 5)
    narrow = sum(1 for ch in s if _fifths(ch) == 3)
    return NARROW_EM * size * narrow + WIDE_EM * size * wide


def _fitting(s: str, letters: int) -> int:
    """How many characters of ``s`` fit in the width of ``letters`` Latin letters (a ``limit``
    counts Latin letters' widths: ten Chinese characters fill a limit of 18)."""
    room, used = 3 * letters, 0
    for i, ch in enumerate(s):
        used += _fifths(ch)
        if used > room:
            return i
    return max(letters, len(s))


def _n(x: float) -> str:
    """A coordinate with at most two decimals (short, stable SVG text)."""
    if x == int(x):
        return str(int(x))
    return f"{x:.2f}".rstrip("0").rstrip(".")


# ---------------------------------------------------------------------------
# Colours and patterns
# ---------------------------------------------------------------------------


def _luminance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    channels = [int(h[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two ``#rrggbb`` colours (1 to 21; text needs 4.5)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


#: pattern tiles (10 x 10, drawn in the tone's ink at low opacity over a fill); every colour
#: of a game has its own, so two cards never differ by colour alone
PATTERNS: dict[str, str] = {
    "none": "",
    "stripes": '<path d="M-2,2 l4,-4 M0,10 l10,-10 M8,12 l4,-4" stroke-width="2.2"/>',
    "dots": '<circle cx="3" cy="3" r="1.7" stroke="none" fill-opacity="1"/>'
    '<circle cx="8" cy="8" r="1.7" stroke="none" fill-opacity="1"/>',
    "cross": '<path d="M0,0 l10,10 M10,0 l-10,10" stroke-width="1.4"/>',
    "grid": '<path d="M5,0 v10 M0,5 h10" stroke-width="1.6"/>',
    "waves": '<path d="M0,5 q2.5,-4 5,0 t5,0" fill="none" stroke-width="1.6"/>',
    "zigzag": '<path d="M0,7 l2.5,-4 l2.5,4 l2.5,-4 l2.5,4" fill="none" stroke-width="1.6"/>',
}

_TONE_INK = {"dark": "#000000", "light": "#ffffff"}
_PATTERN_REF = re.compile(r"#@([a-z]+)\.(dark|light)")


class Colour(NamedTuple):
    """A fill, the text colour that reads on it, and the pattern that marks it.

    ``tone`` is the pattern's ink: ``"dark"`` on light fills, ``"light"`` on dark ones.
    """

    name: str
    fill: str
    ink: str
    pattern: str = "none"
    tone: str = "dark"

    def contrast(self) -> float:
        return contrast(self.fill, self.ink)

    def pattern_fill(self) -> str:
        """``fill`` attribute value for this colour's pattern (resolved by :func:`document`)."""
        return f"url(#@{self.pattern}.{self.tone})"


# ---------------------------------------------------------------------------
# Pieces and documents
# ---------------------------------------------------------------------------


class Piece(NamedTuple):
    """A drawn part: its width, its height and its SVG text, drawn from (0, 0)."""

    w: float
    h: float
    svg: str


class Drawing:
    """A finished SVG document. Notebooks show it (``_repr_html_`` inlines the SVG, so its
    words are text a reader can select and a screen reader can read)."""

    __slots__ = ("height", "label", "svg", "width")

    def __init__(self, svg: str, label: str, width: float, height: float):
        self.svg = svg
        self.label = label
        self.width = width
        self.height = height

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return f'<div class="dn-drawing" style="max-width:100%;overflow-x:auto">{self.svg}</div>'

    def __str__(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<Drawing {self.label!r}: {_n(self.width)} x {_n(self.height)}>"

    def save(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(self.svg)


def _defs(body: str, prefix: str) -> tuple[str, str]:
    """Resolve ``url(#@name.tone)`` pattern references to ids of this document."""
    if "#@" not in body:
        return body, ""
    used = sorted(set(_PATTERN_REF.findall(body)))
    for name, tone in used:
        body = body.replace(f"#@{name}.{tone}", f"#{prefix}-{name}-{tone}")
    parts = []
    for name, tone in used:
        ink = _TONE_INK[tone]
        parts.append(
            f'<pattern id="{prefix}-{name}-{tone}" width="10" height="10" patternUnits="userSpaceOnUse">'
            f'<g stroke="{ink}" fill="{ink}" stroke-opacity=".32" fill-opacity=".32">'
            f"{PATTERNS.get(name, '')}</g></pattern>"
        )
    return body, "<defs>" + "".join(parts) + "</defs>"


def document(
    piece: Piece,
    *,
    label: str,
    desc: str | None = None,
    background: str | None = PAPER,
    pad: float = 6,
    cls: str = "dn-svg",
) -> Drawing:
    """Wrap ``piece`` in a root ``<svg>``: scalable (``viewBox``), named (``aria-label``,
    ``<title>``, an optional ``<desc>``), in the package's font, with the patterns it uses.

    Pattern ids are derived from the drawing's own text, so several drawings on one page never
    borrow each other's definitions, and the same state always gives the same SVG.
    """
    w, h = piece.w + 2 * pad, piece.h + 2 * pad
    body = piece.svg
    prefix = f"dn{zlib.crc32(body.encode('utf-8', 'surrogatepass')):08x}"
    body, defs = _defs(body, prefix)
    bg = f'<rect class="dn-cloth" width="{_n(w)}" height="{_n(h)}" rx="10" fill="{background}"/>' if background else ""
    extra = f"<desc>{esc(desc)}</desc>" if desc else ""
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" viewBox="0 0 {_n(w)} {_n(h)}" '
        f'width="{_n(w)}" height="{_n(h)}" xml:lang="{i18n.language()}" role="group" aria-label="{attr(label)}" '
        f'font-family="{FONT}" style="max-width:100%;height:auto">'
        f"<title>{esc(label)}</title>{extra}{defs}{bg}"
        f'<g transform="translate({_n(pad)},{_n(pad)})">{body}</g></svg>'
    )
    return Drawing(svg, label, w, h)


def place(piece: Piece, x: float, y: float) -> str:
    """``piece`` moved to ``(x, y)``."""
    if not x and not y:
        return piece.svg
    return f'<g transform="translate({_n(x)},{_n(y)})">{piece.svg}</g>'


def row(pieces: Sequence[Piece], gap: float = 8, align: str = "top") -> Piece:
    """Pieces side by side, left to right (``align``: top, middle or bottom)."""
    if not pieces:
        return Piece(0, 0, "")
    h = max(p.h for p in pieces)
    x, out = 0.0, []
    for p in pieces:
        y = 0 if align == "top" else (h - p.h) / 2 if align == "middle" else h - p.h
        out.append(place(p, x, y))
        x += p.w + gap
    return Piece(x - gap, h, "".join(out))


def column(pieces: Sequence[Piece], gap: float = 8, align: str = "left") -> Piece:
    """Pieces one under the other (``align``: left, centre or right)."""
    if not pieces:
        return Piece(0, 0, "")
    w = max(p.w for p in pieces)
    y, out = 0.0, []
    for p in pieces:
        x = 0 if align == "left" else (w - p.w) / 2 if align == "centre" else w - p.w
        out.append(place(p, x, y))
        y += p.h + gap
    return Piece(w, y - gap, "".join(out))


def group(
    body: str, *, label: str | None = None, key: str | None = None, cls: str | None = None, transform: str | None = None
) -> str:
    """A ``<g>``; with ``label`` it is a named image (``role="img"``, ``aria-label``, ``<title>``);
    with ``key`` it may become a click target of the table widget."""
    a = []
    if cls:
        a.append(f'class="{attr(cls)}"')
    if transform:
        a.append(f'transform="{transform}"')
    if key is not None:
        a.append(f'data-key="{attr(key)}"')
    if label is not None:
        a.append(f'role="img" aria-label="{attr(label)}"')
        body = f"<title>{esc(label)}</title>{body}"
    return f"<g {' '.join(a)}>{body}</g>" if a else f"<g>{body}</g>"


def rect(
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    fill: str = "none",
    stroke: str | None = LINE,
    width: float = 1.5,
    rx: float = 0,
    cls: str | None = None,
    extra: str = "",
) -> str:
    s = f' stroke="{stroke}" stroke-width="{_n(width)}"' if stroke else ""
    c = f' class="{cls}"' if cls else ""
    r = f' rx="{_n(rx)}"' if rx else ""
    return (
        f'<rect{c} x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{r} fill="{fill}"{s}'
        f"{' ' + extra if extra else ''}/>"
    )


def text(
    x: float,
    y: float,
    value: Any,
    *,
    size: float = 14,
    weight: str | None = None,
    anchor: str = "start",
    fill: str = INK,
    cls: str | None = None,
    limit: int | None = None,
    italic: bool = False,
) -> str:
    """A line of text (escaped); ``y`` is the baseline."""
    a = [f'x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}"']
    if anchor != "start":
        a.append(f'text-anchor="{anchor}"')
    if weight:
        a.append(f'font-weight="{weight}"')
    if italic:
        a.append('font-style="italic"')
    if cls:
        a.append(f'class="{cls}"')
    return f"<text {' '.join(a)}>{esc(value, limit)}</text>"


#: what :func:`animate` can ask the table widget for: a card laid down or revealed, turned
#: over (the time card), raised (a temple), taken away (a harvest), or a soft highlight
ANIMATIONS = ("enter", "flip", "rise", "harvest", "pulse")


def animate(svg: str, kind: str = "enter") -> str:
    """Mark ``svg`` as something that just happened (the widget's CSS animates it)."""
    if kind not in ANIMATIONS:
        raise ValueError(f"unknown animation {kind!r}; expected one of {ANIMATIONS}")
    return f'<g class="dn-anim dn-anim-{kind}">{svg}</g>'


# ---------------------------------------------------------------------------
# Symbols (each centred on (cx, cy), fitting a circle of radius r)
# ---------------------------------------------------------------------------

SUN_FILL, SUN_LINE = "#f6b400", "#7a4b00"
MOON_FILL, MOON_LINE = "#dfe6f5", "#2c3a63"
NIGHT_SKY = "#1f2a4a"


def sun(cx: float, cy: float, r: float, *, fill: str = SUN_FILL, stroke: str = SUN_LINE, rays: int = 12) -> str:
    """A sun: a disc and ``rays`` rays."""
    lines = []
    for i in range(rays):
        a = 2 * math.pi * i / rays
        x1, y1 = cx + 0.68 * r * math.cos(a), cy + 0.68 * r * math.sin(a)
        x2, y2 = cx + r * math.cos(a), cy + r * math.sin(a)
        lines.append(f"M{_n(x1)},{_n(y1)}L{_n(x2)},{_n(y2)}")
    return (
        f'<path d="{"".join(lines)}" stroke="{stroke}" stroke-width="{_n(max(1.0, r * 0.12))}" '
        f'stroke-linecap="round"/>'
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r * 0.52)}" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{_n(max(1.0, r * 0.08))}"/>'
    )


def moon(cx: float, cy: float, r: float, *, fill: str = MOON_FILL, stroke: str = MOON_LINE) -> str:
    """A crescent moon, horns to the right."""
    tx, ty = cx + 0.45 * r, cy - 0.89 * r  # upper horn
    bx, by = cx + 0.45 * r, cy + 0.89 * r  # lower horn
    inner = 0.95 * r
    d = f"M{_n(tx)},{_n(ty)}A{_n(r)},{_n(r)} 0 1 0 {_n(bx)},{_n(by)}A{_n(inner)},{_n(inner)} 0 0 1 {_n(tx)},{_n(ty)}Z"
    return (
        f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{_n(max(1.0, r * 0.08))}" '
        f'stroke-linejoin="round"/>'
    )


def star(cx: float, cy: float, r: float, *, fill: str = "#ffd43b", stroke: str = "#6b4a00") -> str:
    """A five-pointed star."""
    pts = []
    for i in range(10):
        a = -math.pi / 2 + math.pi * i / 5
        rr = r if i % 2 == 0 else r * 0.42
        pts.append(f"{_n(cx + rr * math.cos(a))},{_n(cy + rr * math.sin(a))}")
    return (
        f'<polygon points="{" ".join(pts)}" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{_n(max(0.8, r * 0.1))}" stroke-linejoin="round"/>'
    )


def time_symbol(cx: float, cy: float, r: float) -> str:
    """The time symbol: a sun and a moon together (day and night in one sign)."""
    return (
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{NIGHT_SKY}" stroke="{LINE}" '
        f'stroke-width="{_n(max(1.0, r * 0.06))}"/>'
        f'<path d="M{_n(cx)},{_n(cy - r)}A{_n(r)},{_n(r)} 0 0 0 {_n(cx)},{_n(cy + r)}Z" fill="#fff3c4"/>'
        + sun(cx - 0.42 * r, cy, 0.5 * r)
        + moon(cx + 0.38 * r, cy, 0.45 * r)
    )


def flower(
    cx: float, cy: float, r: float, *, fill: str = "#f7a8c8", centre: str = "#f6b400", stroke: str = "#7a2d50"
) -> str:
    """A small five-petalled flower."""
    petals = []
    for i in range(5):
        a = -math.pi / 2 + 2 * math.pi * i / 5
        petals.append(
            f'<circle cx="{_n(cx + 0.5 * r * math.cos(a))}" cy="{_n(cy + 0.5 * r * math.sin(a))}" '
            f'r="{_n(0.38 * r)}" fill="{fill}" stroke="{stroke}" stroke-width="{_n(max(0.6, r * 0.06))}"/>'
        )
    return "".join(petals) + f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(0.28 * r)}" fill="{centre}"/>'


def eclipse(cx: float, cy: float, r: float, kind: str) -> str:
    """An eclipse of the sun (a dark disc in a corona) or of the moon (a darkened red moon).
    Eclipses carry no number, so this symbol never holds one."""
    if kind == "sun":
        return (
            sun(cx, cy, r, fill="#f6b400", stroke="#7a4b00", rays=16)
            + f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r * 0.5)}" fill="#111111"/>'
        )
    return (
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r * 0.8)}" fill="#7a2e2e" stroke="#2b0f0f" '
        f'stroke-width="{_n(max(1.0, r * 0.08))}"/>'
        f'<circle cx="{_n(cx + r * 0.3)}" cy="{_n(cy - r * 0.1)}" r="{_n(r * 0.62)}" fill="#111111" '
        f'fill-opacity=".75"/>'
    )


# ---------------------------------------------------------------------------
# Cards, badges, panels
# ---------------------------------------------------------------------------

CARD_W, CARD_H = 64.0, 92.0  #: the default card size (a 2:3 playing card, roughly)


def card(
    *,
    label: str,
    colour: Colour,
    w: float = CARD_W,
    h: float = CARD_H,
    key: str | None = None,
    corner: str = "",
    art: str = "",
    caption: str = "",
    selected: bool = False,
    dim: bool = False,
    cls: str | None = None,
) -> Piece:
    """A face-up card: a rounded frame in ``colour`` with its pattern along the left edge,
    ``corner`` text (the value) in the top-left and bottom-right corners, ``art`` (SVG drawn
    in the card's own coordinates, ``w`` x ``h``) in the middle and a ``caption`` in words
    along the bottom (the colour's name, the stars), so the card reads without colour vision.

    ``label`` is the card's name in words (its ``aria-label`` and tooltip). ``selected``
    draws a thick outline; ``dim`` a card that cannot be used now.
    """
    band = max(6.0, w * 0.12)
    parts = [
        rect(0, 0, w, h, fill=colour.fill, stroke=LINE, width=3.5 if selected else 1.5, rx=7, cls="dn-frame"),
        rect(1, 1, band, h - 2, fill=colour.pattern_fill(), stroke=None, rx=6) if colour.pattern != "none" else "",
    ]
    if corner:
        size = min(22.0, h * 0.24)
        parts.append(text(band + 4, size + 2, corner, size=size, weight="700", fill=colour.ink))
        parts.append(text(w - 5, h - 6, corner, size=size * 0.7, weight="700", anchor="end", fill=colour.ink))
    parts.append(art)
    if caption:
        cap = min(11.0, h * 0.12)
        parts.append(
            text(
                band + 3,
                h - 6 - (min(22.0, h * 0.24) * 0.75 if corner else 0),
                caption,
                size=cap,
                fill=colour.ink,
                limit=18,
            )
        )
    if dim:
        parts.append(rect(0, 0, w, h, fill="#ffffff", stroke=None, rx=7, extra='fill-opacity=".55"'))
    if selected:
        parts.append(
            rect(-4, -4, w + 8, h + 8, fill="none", stroke=FOCUS, width=2.5, rx=10, extra='stroke-dasharray="5 3"')
        )
    return Piece(w, h, group("".join(parts), label=label, key=key, cls=cls))


def card_back(
    *,
    label: str | None = None,
    w: float = CARD_W,
    h: float = CARD_H,
    key: str | None = None,
    art: str | None = None,
    fill: str = NIGHT_SKY,
    cls: str | None = None,
) -> Piece:
    """The back of a card: ``art`` (default: a sun and a moon) on a dark field, and no word
    or sign of what is on the front (``label``, its name: "a face-down card" by default)."""
    if label is None:
        label = _("a face-down card")
    if art is None:
        art = sun(w * 0.5, h * 0.36, min(w, h) * 0.22) + moon(w * 0.52, h * 0.68, min(w, h) * 0.18)
    parts = (
        rect(0, 0, w, h, fill=fill, stroke=LINE, width=1.5, rx=7, cls="dn-frame")
        + rect(4, 4, w - 8, h - 8, fill="none", stroke="#c9b26b", width=1.2, rx=5)
        + art
    )
    return Piece(w, h, group(parts, label=label, key=key, cls=cls))


def badge(
    value: Any,
    *,
    label: str | None = None,
    fill: str = "#ffffff",
    ink: str = INK,
    size: float = 13,
    key: str | None = None,
    min_w: float = 0,
) -> Piece:
    """A rounded tag holding a short text ("pile 63", "3 stars", "抽牌堆 63"), as wide as the
    text (:func:`text_width`)."""
    s = shown(str(value))
    w = max(min_w, 10 + text_width(s, size))
    h = size + 10
    body = rect(0, 0, w, h, fill=fill, stroke=LINE, width=1, rx=h / 2, cls="dn-frame") + text(
        w / 2, h / 2 + size * 0.36, s, size=size, anchor="middle", fill=ink
    )
    return Piece(w, h, group(body, label=label if label is not None else s, key=key))


def panel(
    inner: Piece,
    *,
    title: str,
    label: str | None = None,
    fill: str = "#ffffff",
    pad: float = 8,
    highlight: bool = False,
    key: str | None = None,
    title_size: float = 14,
) -> Piece:
    """A framed area with a title (a player's place at the table)."""
    top = title_size + 10
    w, h = inner.w + 2 * pad, inner.h + pad + top
    body = (
        rect(
            0,
            0,
            w,
            h,
            fill=fill,
            stroke=FOCUS if highlight else LINE,
            width=3 if highlight else 1.2,
            rx=9,
            cls="dn-frame",
        )
        + text(pad, title_size + 3, title, size=title_size, weight="700", limit=40)
        + place(inner, pad, top)
    )
    g = group(body, key=key, cls="dn-panel")
    if label is not None:  # a named region, not an image: the cards inside keep their own names
        g = g.replace("<g ", f'<g role="group" aria-label="{attr(label)}" ', 1)
    return Piece(w, h, g)


# ---------------------------------------------------------------------------
# Narrow layouts: a phone held upright
# ---------------------------------------------------------------------------

#: a phone's table is narrower than NARROW_WIDTH (CSS pixels; the table widget's breakpoint: ``widgets/table.py``),
#: a tablet's upright (some 740 px) than TABLET_WIDTH (``Table.draw_width`` gives it; 1280x800 leaves a table
#: 834 px): both drawn in the narrow arrangement, not the wide one shrunk (words of 7-9 px on a tablet)
NARROW_WIDTH, TABLET_WIDTH = 600, 780
#: the smallest word a narrow drawing holds, in CSS pixels at scale 1 (issue 23: 11 px)
MIN_TEXT = 11.0
#: the shortest side of a piece a learner touches in a narrow drawing, in CSS pixels at
#: scale 1 (Apple's and Android's guidelines: 44)
MIN_TARGET = 44.0


def is_narrow(width: float | None) -> bool:
    """Whether a table ``width`` px wide (under :data:`TABLET_WIDTH`) is drawn narrow (``None``: wide)."""
    return width is not None and width < TABLET_WIDTH


def per_row(width: float, piece_w: float, gap: float = 8) -> int:
    """How many pieces ``piece_w`` wide fit side by side in ``width`` with ``gap`` between
    them (at least one)."""
    return max(1, int((width + gap) // (piece_w + gap)))


def wrap(
    pieces: Sequence[Piece], width: float, gap: float = 8, align: str = "top", row_gap: float | None = None
) -> Piece:
    """Pieces left to right in rows no wider than ``width``, the next row below (a hand of
    cards on a phone: two rows of large cards instead of one row of small ones). A piece
    wider than ``width`` gets a row of its own."""
    rows: list[list[Piece]] = [[]]
    used = 0.0
    for p in pieces:
        if rows[-1] and used + gap + p.w > width:
            rows.append([])
            used = 0.0
        used = p.w if not rows[-1] else used + gap + p.w
        rows[-1].append(p)
    return column([row(r, gap, align) for r in rows if r], row_gap if row_gap is not None else gap)


_FONT_SIZE = re.compile(r'font-size="([0-9.]+)"')


def smallest_text(svg: str | Drawing) -> float:
    """The smallest ``font-size`` a drawing uses (its words at scale 1; ``inf``: no text). A
    scaled group (``transform="scale(...)"``) is not followed: narrow layouts place, never scale."""
    sizes = [float(m) for m in _FONT_SIZE.findall(str(svg))]
    return min(sizes, default=math.inf)


def smallest_target(svg: str | Drawing, keys: Sequence[str] | None = None) -> float:
    """The shortest side of the frame (``dn-frame``) of any piece with a ``data-key`` (what the
    table widget can make a target; only those of ``keys`` when given), at scale 1; ``inf``
    when there is none."""
    root = ET.fromstring(str(svg))
    sides = []
    for el in root.iter():
        if el.get("data-key") is None or (keys is not None and el.get("data-key") not in keys):
            continue
        frame = next((f for f in el.iter() if "dn-frame" in (f.get("class") or "").split()), None)
        if frame is not None and frame.get("width") and frame.get("height"):
            sides.append(min(float(frame.get("width", 0)), float(frame.get("height", 0))))
    return min(sides, default=math.inf)


@lru_cache(maxsize=128)  # a few drawing functions per process
def takes_width(draw_table: Callable[..., Any]) -> bool:
    """Whether a drawing function (a game's ``table``) takes the ``width`` of the table widget."""
    try:
        parameters = inspect.signature(draw_table).parameters
    except (TypeError, ValueError):
        return False
    return "width" in parameters or any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())


# ---------------------------------------------------------------------------
# Reading drawings back (tests) and the per-game entry point
# ---------------------------------------------------------------------------


def words(svg: str | Drawing) -> list[str]:
    """Every word a drawing carries, in document order: accessible names, titles and text.
    Raises ``xml.etree.ElementTree.ParseError`` if the drawing is not well-formed."""
    root = ET.fromstring(str(svg))
    out: list[str] = []
    for el in root.iter():
        label = el.get("aria-label")
        if label:
            out.append(label)
        tag = el.tag.rsplit("}", 1)[-1]
        if tag in ("text", "title", "desc", "tspan") and el.text:
            out.append(el.text)
    return out


def table(game: Any, viewer: Any = None, *, width: float | None = None, **options: Any) -> Drawing:
    """The table of any game, drawn by its own ``daynight/<game>/draw.py`` (``viewer``: the
    player whose view is drawn, or ``None`` for everything, as a teacher sees it). ``width``
    (CSS pixels) goes to a game's ``table`` that takes it (:func:`takes_width`): below
    :data:`NARROW_WIDTH` that game draws its narrow arrangement; another game ignores it."""
    draw_table = importlib.import_module(f"daynight.{game.name}.draw").table
    if width is not None and takes_width(draw_table):
        options["width"] = width
    return draw_table(game, viewer, **options)
