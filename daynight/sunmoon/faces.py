"""sunmoon: one card drawn -- its face (the sun or the moon higher as the number grows, the
animal it shows, an eclipse without a number) and its back (the sun and the full moon with four
flowers each). ``draw.py`` lays the cards out in rows, hands, piles and the whole table.

Everything is built on :mod:`daynight.draw` and is pure (a card in, SVG text out).
"""

from __future__ import annotations

from .. import draw as d
from .. import i18n
from ..i18n import N_
from .data import Card

_ = i18n._  # the translation call ("from ..i18n import _" would read as importing a private name)

#: the cards' colours: a fill, the text colour on it (contrast >= 4.5) and a pattern, so the
#: kind never rests on colour alone (the pictures and the words say it too)
COLOURS = {
    "sun": d.Colour("sun", "#d4ecfa", "#1a1a1a", "stripes", "dark"),
    "moon": d.Colour("moon", "#1f2a4a", "#ffffff", "dots", "light"),
    "solar eclipse": d.Colour("solar eclipse", "#4a3b12", "#ffffff", "cross", "light"),
    "lunar eclipse": d.Colour("lunar eclipse", "#3a1d2e", "#ffffff", "zigzag", "light"),
}
GROUND = {"sun": "#2f4a22", "moon": "#0b1020"}  #: the strip of land the sky rises over
GROUND_INK = "#ffffff"
FITS = "#1b6e20"  #: a place where the chosen card fits
W, H = 50.0, 74.0  #: a card in a row
HAND_W, HAND_H = 66.0, 98.0  #: a card in your hand
MINI_W, MINI_H = 30.0, 44.0  #: a card in a small fan (other hands)
#: the words on the cards themselves: the kind on the strip of land, an eclipse's name on two lines
KIND_WORDS = {"sun": N_("sun"), "moon": N_("moon")}
ECLIPSE_LINES = {"sun": N_("solar\neclipse"), "moon": N_("lunar\neclipse")}


def colour(c: Card) -> d.Colour:
    return COLOURS[c.name if c.eclipse else c.kind]


def num(x: float) -> str:
    """A coordinate with at most two decimals (as ``daynight.draw`` writes them)."""
    if x == int(x):
        return str(int(x))
    return f"{x:.2f}".rstrip("0").rstrip(".")


# ---------------------------------------------------------------------------
# One card
# ---------------------------------------------------------------------------


def _animal(kind: str, x: float, y: float, s: float, ink: str) -> str:
    """A small drawing of an animal centred on (x, y), ``s`` its size."""
    n = num
    if kind in ("bird", "bat"):
        wing = (
            f"M{n(x - s)},{n(y - s * 0.2)}Q{n(x - s * 0.5)},{n(y - s * 0.75)} {n(x)},{n(y)}"
            f"Q{n(x + s * 0.5)},{n(y - s * 0.75)} {n(x + s)},{n(y - s * 0.2)}"
        )
        if kind == "bat":
            wing += (
                f"M{n(x - s)},{n(y - s * 0.2)}L{n(x - s * 0.6)},{n(y + s * 0.1)}L{n(x - s * 0.3)},{n(y - s * 0.1)}"
                f"M{n(x + s)},{n(y - s * 0.2)}L{n(x + s * 0.6)},{n(y + s * 0.1)}L{n(x + s * 0.3)},{n(y - s * 0.1)}"
            )
        return f'<path d="{wing}" fill="none" stroke="{ink}" stroke-width="{n(max(1.2, s * 0.22))}" stroke-linecap="round"/>'
    if kind in ("butterfly", "moth", "bee"):
        fill = {"butterfly": "#e8702a", "moth": "#c9b8a0", "bee": "#f6c700"}[kind]
        r = s * 0.5
        wings = "".join(
            f'<ellipse cx="{n(x + dx * r)}" cy="{n(y + dy * r)}" rx="{n(r * 0.9)}" ry="{n(r * 0.7)}" '
            f'fill="{fill}" stroke="{ink}" stroke-width="0.8"/>'
            for dx, dy in ((-0.8, -0.5), (0.8, -0.5), (-0.6, 0.6), (0.6, 0.6))
        )
        body = f'<ellipse cx="{n(x)}" cy="{n(y)}" rx="{n(r * 0.28)}" ry="{n(r * 1.2)}" fill="{ink}"/>'
        if kind == "bee":
            body += f'<path d="M{n(x - r * 0.3)},{n(y)}h{n(r * 0.6)}" stroke="{fill}" stroke-width="1"/>'
        return wings + body
    if kind == "owl":
        r = s * 0.7
        return (
            f'<ellipse cx="{n(x)}" cy="{n(y)}" rx="{n(r * 0.8)}" ry="{n(r)}" fill="#8a6a45" stroke="{ink}" stroke-width="0.8"/>'
            f'<circle cx="{n(x - r * 0.32)}" cy="{n(y - r * 0.3)}" r="{n(r * 0.25)}" fill="#fff"/>'
            f'<circle cx="{n(x + r * 0.32)}" cy="{n(y - r * 0.3)}" r="{n(r * 0.25)}" fill="#fff"/>'
            f'<circle cx="{n(x - r * 0.32)}" cy="{n(y - r * 0.3)}" r="{n(r * 0.1)}" fill="#111"/>'
            f'<circle cx="{n(x + r * 0.32)}" cy="{n(y - r * 0.3)}" r="{n(r * 0.1)}" fill="#111"/>'
        )
    return f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(s * 0.4)}" fill="{ink}"/>'  # an animal the drawing does not know


def card_name(c: Card) -> str:
    """The card in words: ``'sun 12 with a bird'``, ``'lunar eclipse'`` (no number)."""
    return c.label


@i18n.remembered(maxsize=512)
def face_svg(c: Card, w: float, h: float) -> str:
    """The front of a card, drawn from (0, 0): frame, pattern band, picture and words (a
    card always looks the same, so each size of each face is drawn once)."""
    col = colour(c)
    band = max(5.0, w * 0.11)
    ground = h * 0.8
    parts = [
        d.rect(0, 0, w, h, fill=col.fill, stroke=d.LINE, width=1.4, rx=w * 0.12, cls="dn-frame"),
        d.rect(1, 1, band, h - 2, fill=col.pattern_fill(), stroke=None, rx=w * 0.1),
    ]
    if c.eclipse:
        cx, cy, r = w * 0.56, h * 0.46, w * 0.3
        parts.append(d.eclipse(cx, cy, r, c.kind))
        parts.append(d.eclipse(band + w * 0.15, h * 0.12, w * 0.1, c.kind))  # the top strip shows it too
        word, second = _(ECLIPSE_LINES[c.kind]).split("\n")
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
        parts.append(
            f'<circle cx="{num(w * 0.3)}" cy="{num(h * 0.55)}" r="0.9" fill="#fff"/>'
            f'<circle cx="{num(w * 0.86)}" cy="{num(h * 0.34)}" r="0.9" fill="#fff"/>'
        )
    parts.append(
        d.rect(1, ground, w - 2, h - ground - 1, fill=GROUND[c.kind], stroke=None, rx=w * 0.1)
    )  # hides a low sun
    parts.append(d.text(band + 2, h * 0.26, c.value, size=w * 0.34, weight="700", fill=col.ink))
    # the strip of land names the card: its kind, or the animal it shows
    word = c.animal_words or _(KIND_WORDS[c.kind])
    parts.append(
        d.text(
            w / 2 + band / 2,
            h - h * 0.055,
            word,
            size=min(w * 0.22, (w - band - 4) * 1.8 / len(word)),
            anchor="middle",
            fill=GROUND_INK,
            weight="700" if c.animal else None,
        )
    )
    if c.animal:
        parts.append(_animal(c.animal, band + w * 0.17, h * 0.55, w * 0.15, col.ink))
    return "".join(parts)


def face(
    c: Card,
    *,
    w: float = W,
    h: float = H,
    key: str | None = None,
    label: str | None = None,
    selected: bool = False,
    dim: bool = False,
) -> d.Piece:
    """A face-up card as a named piece (``label`` defaults to its name)."""
    body = face_svg(c, w, h)
    if dim:
        body += d.rect(0, 0, w, h, fill="#ffffff", stroke=None, rx=w * 0.12, extra='fill-opacity=".5"')
    if selected:
        body += d.rect(
            -4, -4, w + 8, h + 8, fill="none", stroke=d.FOCUS, width=3, rx=w * 0.18, extra='stroke-dasharray="6 3"'
        )
    return d.Piece(w, h, d.group(body, label=label or card_name(c), key=key, cls="sm-dim" if dim else None))


@i18n.remembered(maxsize=16)
def _back_svg(w: float, h: float) -> str:
    """The back: the sun and the full moon, each with four flowers, on a night-blue field."""
    s = min(w, h)
    parts = [
        d.rect(0, 0, w, h, fill=d.NIGHT_SKY, stroke=d.LINE, width=1.4, rx=w * 0.12, cls="dn-frame"),
        d.rect(3, 3, w - 6, h - 6, fill="none", stroke="#c9b26b", width=1, rx=w * 0.09),
    ]
    for cx, cy, body in ((w * 0.5, h * 0.3, "sun"), (w * 0.5, h * 0.7, "moon")):
        if body == "sun":
            parts.append(d.sun(cx, cy, s * 0.24))
        else:
            parts.append(
                f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(s * 0.13)}" fill="{d.MOON_FILL}" '
                f'stroke="{d.MOON_LINE}" stroke-width="1"/>'
            )
        for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
            parts.append(_flower(cx + dx * s * 0.3, cy + dy * s * 0.13, s * 0.08))
    return "".join(parts)


def _flower(cx: float, cy: float, r: float) -> str:
    """A small flower in two elements: a ring of petals (a dashed thick circle) and its heart."""
    n, ring = num, 0.45 * r
    dash = 2 * 3.14159 * ring / 10
    return (
        f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(ring)}" fill="none" stroke="#f7a8c8" '
        f'stroke-width="{n(0.75 * r)}" stroke-dasharray="{n(dash)} {n(dash)}"/>'
        f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(0.25 * r)}" fill="#f6b400"/>'
    )


def back(*, w: float = W, h: float = H, key: str | None = None, label: str | None = None) -> d.Piece:
    """A face-down card: nothing on it says what is on the front."""
    return d.Piece(w, h, d.group(_back_svg(w, h), label=label or _("a face-down card"), key=key))


def card_drawing(c: Card, *, w: float = HAND_W, h: float = HAND_H) -> d.Drawing:
    """One card, as a notebook shows it."""
    return d.document(face(c, w=w, h=h), label=card_name(c), background=None, pad=4)


def back_drawing() -> d.Drawing:
    return d.document(back(w=HAND_W, h=HAND_H), label=_("the back of a card"), background=None, pad=4)
