"""stars: the table on a phone held upright (issue 23) -- a column exactly as wide as the
table widget, drawn at scale 1, every word at least :data:`daynight.draw.MIN_TEXT` (11) px
high and every card a learner touches at least :data:`daynight.draw.MIN_TARGET` (44) px on
its short side.

From top to bottom: the moment (the time card, the draw pile, the revealed card and a few
words), the colour totals, the other players as a compact strip of places (their two cards of
the round as compact cards, their part in the choosing, their stars), your place, then your
hand as a row or two of large cards (the targets). :func:`narrow_table` only lays out what
:func:`daynight.stars.draw.table` and :func:`~daynight.stars.draw.round_table` have worked
out (the seats, the totals, the words of the moment), so both arrangements say the same
things; the keys are the wide drawing's (``time``, ``pile``, ``totals``, ``total-<colour>``,
``seat-<p>``, ``card-<id>``, ``hand-<id>``), so targets and marks find them in both.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .. import draw as d
from ..core import shown
from ..i18n import _
from .data import COLOURS, Card
from .draw_cards import COLOUR, DAY_FILL, DAY_INK, NIGHT_FILL, NIGHT_INK, WIN, Seat, back_piece, face, plural

__all__ = ["CARD_H", "CARD_W", "compact", "narrow_table"]

#: a compact card on the table (the other players' plays, the revealed card): a target when
#: it may be taken, so at least 44 px on its short side
CARD_W, CARD_H = 48.0, 64.0
#: a card of your hand: large, its words at 11 px and more
HAND_W, HAND_H = 64.0, 92.0
TIME_W = 84.0
TEXT = 11.0  #: the smallest words of the narrow table
LINE = 15.0  #: one line of small words
GAP = 10.0  #: between the parts of the column
PAD = 5.0  #: inside a player's place


@lru_cache(maxsize=2048)
def compact(c: Card, key: str | None = None) -> d.Piece:
    """A face-up card, compact: its value, its stars (or the time symbol) and its colour's
    name, each in words of 11 px or more; named like the large card (``"orange 8, 1 star"``)."""
    colour = COLOUR[c.colour]
    body = [
        d.rect(0, 0, CARD_W, CARD_H, fill=colour.fill, stroke=d.LINE, width=1.5, rx=6, cls="dn-frame"),
        d.rect(1, 1, 5, CARD_H - 2, fill=colour.pattern_fill(), stroke=None, rx=4),
        d.text(9, 19, c.value, size=17, weight="700", fill=colour.ink),
    ]
    if c.time:
        body.append(d.time_symbol(CARD_W / 2 + 3, 35, 9))
    else:
        body.append(d.star(15, 33, 5.5) + d.text(23, 38, c.stars, size=12, weight="700", fill=colour.ink))
    body.append(d.text(7, CARD_H - 7, c.colour, size=TEXT, fill=colour.ink))
    return d.Piece(CARD_W, CARD_H, d.group("".join(body), label=c.name, key=key))


def _entering(p: d.Piece, fresh: bool) -> d.Piece:
    return d.Piece(p.w, p.h, d.animate(p.svg, "enter")) if fresh else p


@lru_cache(maxsize=64)
def _empty(words: str, label: str) -> d.Piece:
    body = d.rect(0, 0, CARD_W, CARD_H, fill="#f3efe4", stroke="#8a8577", width=1.2, rx=6,
                  extra='stroke-dasharray="4 3"')  # fmt: skip
    body += d.text(CARD_W / 2, CARD_H / 2 + 4, words, size=TEXT, anchor="middle", fill="#4a463c", italic=True)
    return d.Piece(CARD_W, CARD_H, d.group(body, label=label))


@lru_cache(maxsize=256)
def _own_face_down(c: Card, whose: str) -> d.Piece:
    """A face-down card the viewer may see (their own; any, in a teacher's view)."""
    band = d.rect(0, CARD_H / 2 - 9, CARD_W, 18, fill="#1f2a4a", stroke=None)
    band += d.text(CARD_W / 2, CARD_H / 2 + 4, _("down"), size=TEXT, anchor="middle", fill="#ffffff")
    label = _("{whose} face-down card, {card}").format(whose=whose, card=c.name)
    return d.Piece(CARD_W, CARD_H, d.group(compact(c).svg + band, label=label))


def _play(item: object, i: int, name: str, fresh: frozenset) -> d.Piece:
    """One of a player's two places of the round: a card face up, face down, taken or to come."""
    if isinstance(item, Card):
        return _entering(compact(item, f"card-{item.id}"), item.id in fresh)
    if item == "back":
        return back_piece(CARD_W, CARD_H, _("{name}'s face-down card").format(name=name))
    if isinstance(item, tuple):
        return _own_face_down(item[0], name)
    if item == "taken":
        return _empty(_("taken"), _("a card taken from this place"))
    return _empty(_("play {n}").format(n=i + 1), _("play {n}: not yet played").format(n=i + 1))


def wrapped(text: str, chars: int, lines: int = 2) -> list[str]:
    """``text`` in lines of at most ``chars`` characters, broken between words (at most
    ``lines`` lines, the last one shortened if it must be)."""
    out: list[str] = []
    for word in text.split():
        if out and len(out[-1]) + 1 + len(word) <= chars:
            out[-1] += " " + word
        else:
            out.append(word)
    return [shown(x, chars) for x in out[: lines - 1]] + (
        [shown(" ".join(out[lines - 1 :]), chars)] if out[lines - 1 :] else []
    )


def _stars_words(seat: Seat) -> str:
    return plural(seat.stars, "star") + (" " + _("after it") if seat.collected is None else "")


def _seat_lines(seat: Seat, chars: int, *, stars: bool = True) -> list[str]:
    """A place's words: its part in the choosing (on two lines if it must), its stars (unless
    ``stars`` is false: they are beside the name), the cards it took (if any), the cards in its hand."""
    lines = wrapped(seat.note, chars) if seat.note else []
    if stars:
        lines.append(_stars_words(seat))
    if seat.collected:
        lines.append(_("{n} taken").format(n=plural(len(seat.collected), "card")))
    held = seat.hand if isinstance(seat.hand, int) else len(seat.hand)
    if held:
        lines.append(_("{n} in hand").format(n=plural(held, "card")))
    return [shown(x, chars) for x in lines]


def seat_piece(seat: Seat, width: float, *, you: bool, fresh: frozenset) -> d.Piece:
    """A player's place: their name, their two cards of the round, and a few lines of words
    (their part in the choosing, their stars, their cards); the lines go beside the cards when
    the place is wide enough, else under them. Keyed ``seat-<p>``."""
    name = _("You") if you else seat.name.split(" (")[0]
    cards = d.row([_play(seat.plays[i] if i < len(seat.plays) else None, i, seat.name, fresh) for i in range(2)], 4)
    beside = width - cards.w - 3 * PAD >= 120
    room = (width - cards.w - 3 * PAD) if beside else width - 2 * PAD
    # under the cards (a place of the compact strip), the stars go beside the name when both fit the line
    stars = _stars_words(seat)
    named = not beside and d.text_width(name, 12) + d.text_width(stars, TEXT) + 8 <= width - 2 * PAD
    lines = _seat_lines(seat, int(room // (TEXT * 0.6)), stars=not named)
    bold = len(wrapped(seat.note, int(room // (TEXT * 0.6)))) if seat.note else 0
    words = d.Piece(room, LINE * len(lines), "".join(
        d.text(0, LINE * k + 12, t, size=TEXT, weight="700" if k < bold else None) for k, t in enumerate(lines)))  # fmt: skip
    inner = d.row([cards, words], PAD) if beside else d.column([cards, words], 4)
    title = d.text(PAD, 14, shown(name, int((width - 2 * PAD) // 7.2)), size=12, weight="700")
    if named:
        title += d.text(width - PAD, 14, stars, size=TEXT, anchor="end")
    h = 18 + inner.h + PAD + (16 if seat.room else 0)
    frame = d.rect(0, 0, width, h, fill="#f4f8ff" if you else "#ffffff", stroke=WIN if seat.turn else d.LINE,
                   width=3 if seat.turn else 1.2, rx=8)  # fmt: skip
    label = _("{name}'s place").format(name=seat.name)
    return d.Piece(width, h, d.group(frame + title + d.place(inner, PAD, 18), label=label, key=seat.key))


def _time(day: bool, flipped: bool) -> d.Piece:
    """The time card, compact: its symbol, DAY or NIGHT, and which total wins, in words."""
    fill, ink = (DAY_FILL, DAY_INK) if day else (NIGHT_FILL, NIGHT_INK)
    symbol = d.sun(TIME_W / 2, 17, 12) if day else d.moon(TIME_W / 2 - 2, 17, 11)
    rule = _("highest total") if day else _("lowest total")
    body = (d.rect(0, 0, TIME_W, CARD_H + 14, fill=fill, stroke=d.LINE, width=2, rx=8, cls="dn-frame") + symbol
            + d.text(TIME_W / 2, 46, _("DAY") if day else _("NIGHT"), size=14, weight="800", anchor="middle", fill=ink)
            + d.text(TIME_W / 2, 60, rule, size=TEXT, anchor="middle", fill=ink)
            + d.text(TIME_W / 2, 73, _("wins"), size=TEXT, anchor="middle", fill=ink))  # fmt: skip
    label = _("time card: day, sun side up: the highest colour total wins") if day else _(
        "time card: night, moon side up: the lowest colour total wins")  # fmt: skip
    svg = d.group(body, label=label, key="time")
    return d.Piece(TIME_W, CARD_H + 14, d.animate(svg, "flip") if flipped else svg)


def _titled(title: str, piece: d.Piece) -> d.Piece:
    head = d.Piece(piece.w, 14, d.text(piece.w / 2, 11, title, size=TEXT, anchor="middle"))
    return d.column([head, piece], gap=0)


def moment_piece(width: float, *, day: bool, flipped: bool, pile: int | None, revealed: Card | None,
                 revealed_taken: bool, lines: Sequence[str], fresh: frozenset) -> d.Piece:  # fmt: skip
    """The time card, the draw pile (``None``: not drawn), the revealed card and the words of
    the moment, beside them when there is room, else under them."""
    parts = [_time(day, flipped)]
    if pile is not None:
        art = back_piece(CARD_W, CARD_H, _("the draw pile, {n}").format(n=plural(pile, "card"))) if pile else _empty(
            _("empty"), _("the draw pile: empty"))  # fmt: skip
        art = d.Piece(CARD_W, CARD_H, d.group(d.rect(0, 0, CARD_W, CARD_H, stroke=None, cls="dn-frame") + art.svg,
                                              key="pile"))  # fmt: skip
        parts.append(_titled(_("pile: {n}").format(n=pile), art))
    if revealed is None:
        shown_card = _empty(_("none"), _("no card revealed this round"))
    elif revealed_taken:
        shown_card = _empty(_("taken"), _("the revealed card, taken"))
    else:
        shown_card = _entering(compact(revealed, f"card-{revealed.id}"), revealed.id in fresh)
    parts.append(_titled(_("revealed"), shown_card))
    cards = d.row(parts, gap=8)
    room = width - cards.w - 10
    size = 12.0
    # beside the cards, a line too long broken once between words, when they all fit the cards' height there
    beside = [(k, part) for k, t in enumerate(lines) for part in wrapped(t, int(room // (size * 0.6)))]
    fits = room >= 60 and len(beside) * (LINE + 3) <= cards.h and all(
        d.text_width(t, size) <= room for _k, t in beside)  # fmt: skip
    chars = int((room if fits else width) // (size * 0.6))
    said = beside if fits else list(enumerate(lines))
    words = d.column([d.Piece(min(room, 150) if fits else width, LINE + 1, d.text(
        0, 12, shown(t, chars), size=size if k else 13, weight=None if k else "700")) for k, t in said],
        gap=2)  # fmt: skip
    return d.row([cards, words], gap=10) if fits else d.column([cards, words], gap=6)


def _total_line(colour: str, total: int | None, x: float, y: float, width: float, scale: int, wins: bool) -> str:
    """One colour's line of the totals, ``width`` wide at ``(x, y)``: its name, its bar and its
    total (or "not on the table"), keyed ``total-<colour>``."""
    bar_x = x + (62.0 if width > 200 else NAME_W)
    parts = [d.rect(x, y, width, TOTAL_STEP, fill="none", stroke=None, cls="dn-frame"),
             d.text(x, y + 13, colour, size=12, weight="700" if wins else None)]  # fmt: skip
    if total is None:
        parts.append(d.text(bar_x, y + 13, _("not on the table"), size=TEXT, italic=True, fill="#555"))
        words = _("{colour}: not on the table").format(colour=colour)
    else:
        length = max(3.0, (x + width - bar_x - 26) * total / scale)
        parts += [d.rect(bar_x, y + 3, length, 12, fill=COLOUR[colour].fill, stroke=WIN if wins else d.LINE,
                         width=2.5 if wins else 0.8, rx=2),
                  d.rect(bar_x, y + 3, length, 12, fill=COLOUR[colour].pattern_fill(), stroke=None, rx=2),
                  d.text(bar_x + length + 4, y + 13, total, size=12, weight="700")]  # fmt: skip
        words = f"{colour} {total}" + (", " + _("wins") if wins else "")
    return d.group("".join(parts), label=words, key=f"total-{colour}")


#: the height of one colour's line of the totals, and the room of a colour's name in two columns
TOTAL_STEP = 18.0
NAME_W = max(d.text_width(c, 12) for c in COLOURS) + 5


def totals_narrow(width: float, totals: dict[str, int], day: bool, winning: str | None, decided: bool) -> d.Piece:
    """The colour totals as bars, each line keyed ``total-<colour>`` (the whole ``totals``), the
    winning colour outlined and said, or the tie named; in two columns when "not on the table"
    fits beside a colour's name there (a phone's first screen is short), else one."""
    result = (_("{colour} wins").format(colour=winning) if winning else _("tie: no winning colour")) if decided else _(
        "so far")  # fmt: skip
    head = (_("Colour totals (highest wins): {result}") if day else _("Colour totals (lowest wins): {result}")).format(
        result=result)  # fmt: skip
    rows = [d.text(0, 12, shown(head, int(width // 7.2)), size=12, weight="700")]
    scale = max([1, *totals.values()])
    half = (width - 8) / 2
    columns = 2 if NAME_W + d.text_width(_("not on the table"), TEXT) <= half else 1
    each = half if columns == 2 else width
    for i, colour in enumerate(COLOURS):
        x, y = (i % columns) * (each + 8), 18 + (i // columns) * TOTAL_STEP
        rows.append(_total_line(colour, totals.get(colour), x, y, each, scale, decided and colour == winning))
    listing = ", ".join(f"{k} {totals[k]}" for k in COLOURS if k in totals)
    label = _("colour totals: {listing}; {result}").format(listing=listing, result=result)
    h = 18 + -(-len(COLOURS) // columns) * TOTAL_STEP
    return d.Piece(width, h, d.group("".join(rows), label=label, key="totals"))


def hand_narrow(cards: Sequence[Card], width: float, title: str, *, keys: bool, hint: dict[int, str] | None,
                best: int | None, fresh: frozenset) -> d.Piece:  # fmt: skip
    """Your hand under its title, as a row or two of large cards (keyed ``hand-<id>``: the
    targets); ``hint`` writes words under cards and ``best`` outlines one."""
    pieces = []
    for c in cards:
        p = _entering(face(c, HAND_W, HAND_H, f"hand-{c.id}" if keys else None), c.id in fresh)
        if hint is not None:
            extra = d.text(p.w / 2, p.h + 13, hint.get(c.id, ""), size=TEXT, anchor="middle",
                           weight="700" if c.id == best else None)  # fmt: skip
            if c.id == best:
                extra += d.rect(-3, -3, p.w + 6, p.h + 6, stroke=WIN, width=2.5, rx=9, extra='stroke-dasharray="6 3"')
            p = d.Piece(p.w, p.h + 16, p.svg + extra)
        pieces.append(p)
    said = wrapped(title, int(width // 7.5))
    head = d.Piece(width, 16 * len(said), "".join(d.text(0, 13 + 16 * k, t, size=12.5, weight="700")
                                                  for k, t in enumerate(said)))  # fmt: skip
    body = d.wrap(pieces, width, gap=6) if pieces else d.Piece(width, 0, "")
    return d.column([head, body], gap=4)


def narrow_table(width: float, *, moment: dict, totals: dict[str, int] | None, winning: str | None, decided: bool,
                 others: Sequence[Seat], you: Seat | None, hand: Sequence[Card] | None, hand_title: str = "",
                 keys: bool = True, hint: dict[int, str] | None = None, best: int | None = None,
                 fresh: frozenset = frozenset(), label: str, desc: str | None = None) -> d.Drawing:  # fmt: skip
    """The table as a column exactly ``width`` wide (``moment``: the arguments of
    :func:`moment_piece`; ``others``: the places in the compact strip; ``you``: your place,
    full width; ``hand``: your hand, its cards targets when ``keys``)."""
    inner = width - 12  # the document's padding, both sides
    parts = [moment_piece(inner, fresh=fresh, **moment)]
    if totals is not None:
        parts.append(totals_narrow(inner, totals, moment["day"], winning, decided))
    strip = []
    if others:
        k = min(d.per_row(inner, 2 * CARD_W + 4 + 2 * PAD, 6), len(others))  # places side by side
        each = (inner - 6 * (k - 1)) / k
        strip.append(d.wrap([seat_piece(s, each, you=False, fresh=fresh) for s in others], inner, gap=6))
    if you is not None:
        strip.append(seat_piece(you, inner, you=True, fresh=fresh))
    mine = (
        [hand_narrow(hand, inner, hand_title, keys=keys, hint=hint, best=best, fresh=fresh)] if hand is not None else []
    )
    # the decision first: while you choose a card to play (your hand's cards the targets, the others' cards face
    # down or still to come), your hand comes right under the totals and the places after it, so that it is on
    # a phone's first screen with 5 players at 360x740; while cards are taken, the places (their cards the
    # targets) come first
    choosing_a_card = hand is not None and keys and not decided
    body = d.column([*parts, *mine, *strip] if choosing_a_card else [*parts, *strip, *mine], gap=GAP)
    return d.document(d.Piece(inner, body.h, body.svg), label=label, desc=desc)
