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

from collections.abc import Iterable, Sequence
from functools import lru_cache

from .. import draw as d
from .. import i18n
from ..i18n import ngettext
from . import pictures
from .data import BY_NAME, KINDS, Card
from .engine import SunMoon, move
from .faces import (
    COLOURS,
    FITS,
    GROUND,
    GROUND_INK,
    HAND_H,
    HAND_W,
    KIND_WORDS,
    MINI_H,
    MINI_W,
    H,
    W,
    back,
    back_drawing,
    card_drawing,
    card_name,
    face,
    face_svg,
)
from .moves import CardPlay, Cover, Harvest, Move, Place, Restore
from .rules import Row
from .view import View
from .words import is_you, joined, row_words

_ = i18n._  # the translation call ("from ..i18n import _" would read as importing a private name)

# ---------------------------------------------------------------------------
# Rows
# ---------------------------------------------------------------------------

STEP = 0.3  #: each card of a stack lies this much of a card's height below the one beneath


def series(items: Sequence[str]) -> str:
    """``'a, b and c'``."""
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


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


@lru_cache(maxsize=4096)
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
        body.append(_fits_mark(w, (len(place) - 1) * step + h))
    height = stack_height(max(depth, len(place)), h)
    return d.Piece(w, height, d.group("".join(body), label=place_name(place), key=key, cls="sm-fits" if fits else None))


def _fits_mark(w: float, y: float) -> str:
    return d.rect(2, y + 2, w - 4, 13, fill=FITS, stroke=None, rx=4) + d.text(
        w / 2, y + 12, _("fits"), size=10, anchor="middle", weight="700", fill="#ffffff"
    )


@lru_cache(maxsize=1024)
def slot_piece(
    text: str, *, w: float = W, h: float = H, key: str | None = None, label: str | None = None, fits: bool = False
) -> d.Piece:
    """An empty place drawn as a dashed outline (a row's end, or a row not started yet)."""
    stroke = FITS if fits else "#777777"
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
            h * 0.42 + i * w * 0.26,
            line,
            size=w * 0.22,
            anchor="middle",
            fill=FITS if fits else "#444444",
            weight="700" if fits else None,
        )
        for i, line in enumerate(text.split("\n"))
    )
    if fits:
        body += _fits_mark(w, h)
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


@lru_cache(maxsize=1024)
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
    if not row and slots:
        k = f"{prefix}-start"
        text = _("start a\n{row}").format(row=row_words(kind))
        pieces.append(slot_piece(text, w=w, h=h, key=k, fits=k in fits))
    elif not row:
        text = _("no {kind}\nrow yet").format(kind=_(KIND_WORDS[kind]))
        pieces.append(slot_piece(text, w=w, h=h, label=_("{row}, not started").format(row=title)))
    body = d.row(pieces, gap=4)
    if row:
        label = _("{row}: {places}").format(row=title, places=", ".join(place_name(p) for p in row))
    else:
        label = _("{row}: empty").format(row=title)
    g = d.group(body.svg, cls="sm-row", key=f"{prefix}-row")  # the row as a whole (the practice's harvests)
    g = g.replace("<g ", f'<g role="group" aria-label="{d.attr(label)}" ', 1)
    return d.Piece(body.w, max(body.h, stack_height(depth, h) + (14 if fits else 0)), g)


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
    return d.Piece(w + 14 + 7.2 * max(len(title), len(note), 3), h + 4, svg + words)


# ---------------------------------------------------------------------------
# Where a move lands: the drawn place a card play stands for (the app's click targets)
# ---------------------------------------------------------------------------


def move_key(game: SunMoon, m: Move) -> str | None:
    """The ``data-key`` of the drawn place a card play lands on (:func:`table` draws the places
    of the picked-up card's kind with ``slots``): ``"<owner>-<kind>-left"``, ``-right``,
    ``-start`` (an empty row) or ``-<place>``; ``None`` for a move that lands nowhere (a harvest,
    a self-destruct: the app's buttons)."""
    if type(m) is Place:
        length = len(game.rows[m.owner][m.row])
        end = "start" if not length else "left" if m.at == 0 else "right" if m.at == length else str(m.at)
        return f"{m.owner}-{m.row}-{end}"
    if type(m) is Cover or type(m) is Restore:
        return f"{m.owner}-{m.row}-{m.slot}"
    return None


def drops(game: SunMoon, player: int, c: Card) -> list[CardPlay]:
    """What each drawn place of ``c``'s kind stands for when ``player`` has picked ``c`` up:
    for an eclipse, covering each place of every row; for a number, restoring each eclipsed
    place, then the two ends of every row (or starting an empty one). These are the places a
    learner may point at; whether the card fits there is the rules' to say (the legal ones are
    the very moves ``game.legal_moves()`` lists)."""
    kind, out = c.kind, list[CardPlay]()
    for o in range(game.n):
        row = game.rows[o][kind]
        if c.eclipse:
            out += [move(Cover, player, c, o, kind, i) for i in range(len(row))]
            continue
        out += [move(Restore, player, c, o, kind, i) for i, place in enumerate(row) if place[-1].eclipse]
        ends = (0, len(row)) if row else (0,)
        out += [move(Place, player, c, o, kind, at) for at in ends]
    return out


def laid_card(game: SunMoon, m: CardPlay) -> Card | None:
    """The card a drawing animates for a card play just made: the card at an end of a row,
    else the bottom card of the place it was laid on."""
    if type(m) is Place:
        return m.card
    row = game.rows[m.owner][m.row]
    return row[m.slot][0] if 0 <= m.slot < len(row) else None  # type: ignore[union-attr]


def _recent(game: SunMoon) -> tuple[set[Card], set[int]]:
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


def table(
    game: SunMoon,
    viewer: int | None = None,
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
    """The whole table as ``viewer`` sees it (``None``: everything, as a teacher sees it).

    Built from ``game.view(viewer)``: a strip for every player with their hand (backs and a
    count; face up for a teacher), their harvest pile (face down, with a count; the viewer's
    own with its points), their sun row and their moon row (the sun rows one under the
    other, the moon rows beside them); then the viewer's own hand, the draw pile, the
    discard pile and whose turn it is. Keys: each player's place ``seat-<p>``, each row
    ``<p>-<kind>-row`` (and its places, :func:`row_piece`), ``draw-pile``, ``discard-pile``.

    Presentation options (the app's): ``selected`` (a hand card picked up), ``slots`` (draw
    the ends of every ``"sun"`` or ``"moon"`` row as places to click), ``fits`` (the keys of
    the places where the selected card fits, see :func:`move_key`), ``fresh``/``harvested``
    (what just happened, animated; default: the last move), ``hand_keys`` (the viewer's cards
    are click targets), ``dim`` (hand cards that fit nowhere). The practice's: ``status`` (the
    status line in other words, e.g. without the turns left that a question asks for) and
    ``scores`` (``False``: a finished game's scores are not written at the players' places).
    """
    seen = game.view(viewer if viewer is not None else game.turn)
    if fresh is None or harvested is None:
        last_cards, last_harvest = _recent(game)
        fresh = last_cards if fresh is None else fresh
        harvested = last_harvest if harvested is None else harvested
    strips = _strips(game, seen, viewer, set(fresh), set(harvested), set(fits), slots, scores)
    said = status if status is not None else status_words(game, seen, viewer)
    last = _bottom_line(seen, viewer, selected, hand_keys, dim, said)
    y = strips.h + 4
    body = strips.svg + d.place(last, 0, y)
    if viewer is None:
        label = _("the table, every card face up, as a teacher sees it")
    else:
        label = _("the table as {player} sees it").format(player=seen.names[viewer])
    return d.document(d.Piece(max(strips.w, last.w), y + last.h, body), label=label, desc=said)


def _strips(
    game: SunMoon,
    seen: View,
    viewer: int | None,
    fresh: set[Card],
    harvested: set[int],
    fits: set[str],
    slots: str | None,
    scores: bool = True,
) -> d.Piece:
    """A strip for every player (the viewer's last, the teacher's in seat order): name, hand,
    harvest pile, sun row, moon row."""
    n, names = seen.players, seen.names
    rows = [{k: [[BY_NAME[x] for x in s] for s in seen.rows[p][k]] for k in KINDS} for p in range(n)]
    order = list(range(n)) if viewer is None else [(viewer + 1 + i) % n for i in range(n)]

    def whose(p: int, kind: str) -> str:
        if p == viewer:
            return _("your {row}").format(row=row_words(kind))
        return _("{owner}'s {row}").format(owner=names[p], row=row_words(kind))

    strips = [
        [_info_piece(game, seen, p, viewer, harvested, scores)]
        + [
            row_piece(rows[p][k], k, prefix=f"{p}-{k}", fresh=fresh, slots=slots == k, fits=fits, title=whose(p, k))
            for k in KINDS
        ]
        for p in order
    ]
    info_w = max(s[0].w for s in strips)
    sun_w = max(s[1].w for s in strips)
    moon_w = max(s[2].w for s in strips)
    width = info_w + sun_w + moon_w + 2 * 16 + 12
    parts, y = [], 0.0
    for p, (info, sun_row, moon_row) in zip(order, strips, strict=True):
        hgt = max(info.h, sun_row.h, moon_row.h) + 12
        moving = not seen.over and seen.turn == p
        frame = d.rect(
            0,
            0,
            width,
            hgt,
            fill="#fffaf0" if p == viewer else "#ffffff",
            stroke=d.FOCUS if moving else d.LINE,
            width=3 if moving else 1.2,
            rx=9,
        )
        inner = (
            frame
            + d.place(info, 6, 6)
            + d.place(sun_row, 6 + info_w + 16, 6)
            + d.place(moon_row, 6 + info_w + sun_w + 32, 6)
        )
        text = _("{player}'s place at the table, to move") if moving else _("{player}'s place at the table")
        label = text.format(player=names[p])
        seat = f'<g role="group" aria-label="{d.attr(label)}" data-key="seat-{p}">{inner}</g>'
        parts.append(d.place(d.Piece(width, hgt, seat), 0, y))
        y += hgt + 5
    return d.Piece(width, y, "".join(parts))


def _keyed(piece: d.Piece, key: str) -> d.Piece:
    """``piece`` as one keyed piece of the table (a mark or a practice answer may sit on it)."""
    return d.Piece(piece.w, piece.h, d.group(piece.svg, key=key))


def _bottom_line(
    seen: View, viewer: int | None, selected: Card | None, hand_keys: bool, dim: Iterable[Card], said: str
) -> d.Piece:
    """The last line: the viewer's hand, the draw pile, the discard pile, whose turn it is."""
    discard = seen.discard
    piles = d.row(
        [
            _keyed(pile_piece(seen.draw_pile, title=_("draw pile"), label=_("the draw pile")), "draw-pile"),
            _keyed(
                pile_piece(
                    len(discard),
                    title=_("discard"),
                    label=_("the discard pile"),
                    top=BY_NAME[discard[-1]] if discard else None,
                ),
                "discard-pile",
            ),
        ],
        gap=12,
        align="middle",
    )
    bottom = []
    if viewer is not None:
        hand = [BY_NAME[x] for x in seen.hand]
        hp = hand_piece(hand, keys=hand_keys, selected=selected, dim=dim)
        title = d.text(0, 14, _("Your hand"), size=15, weight="700")
        bottom.append(d.Piece(max(hp.w, 80), hp.h + 20, title + d.place(hp, 0, 20)))
    words = d.text(0, 16, said, size=14, weight="700", limit=90)
    bottom.append(d.Piece(piles.w, piles.h + 24, words + d.place(piles, 0, 24)))
    return d.row(bottom, gap=24, align="bottom")


def _info_piece(
    game: SunMoon, seen: View, p: int, viewer: int | None, harvested: set[int], scores: bool = True
) -> d.Piece:
    """A player's name, hand (backs with a count, unless the viewer may see it) and harvest
    pile (face down, with a count)."""
    names, team = seen.names, seen.teams
    you = p == viewer and not is_you(names[p])  # the apps' human is already called "You"
    title = _("{player} (you)").format(player=names[p]) if you else names[p]
    notes = [_("team {number}").format(number=team[p] + 1)] if team else []
    moving = not seen.over and seen.turn == p
    if moving:
        notes.append(_("to move again") if seen.extra else _("to move"))
    if seen.over and scores:  # the scores are counted in the open
        notes.append(_("score {score}").format(score=f"{game.scores()[p]:+d}"))
    hand: tuple[Card, ...] | int | None = None  # the viewer's own hand is drawn below the table
    if p != viewer:
        hand = tuple(game.hands[p]) if viewer is None else seen.hand_sizes[p]  # a teacher sees every hand
    points = None
    if p == viewer or viewer is None:
        cards = [BY_NAME[x] for x in seen.my_harvest] if p == viewer else game.harvested[p]
        points = sum(1 for c in cards if not c.eclipse)
    return _info(names[p], title, " · ".join(notes), moving, hand, seen.harvest_sizes[p], points, p in harvested)


@lru_cache(maxsize=512)
def _info(
    name: str,
    title: str,
    sub: str,
    moving: bool,
    hand: tuple[Card, ...] | int | None,
    pile: int,
    points: int | None,
    harvested: bool,
) -> d.Piece:
    parts = [d.text(0, 13, title, size=13.5, weight="700", limit=24)]
    if sub:
        parts.append(d.text(0, 28, sub, size=11.5, fill="#1d3f8f" if moving else d.INK))
    y = 34
    pieces = []
    if hand is not None:
        size = hand if isinstance(hand, int) else len(hand)
        if not size:
            fan = slot_piece(_("no\ncards"), w=MINI_W, h=MINI_H)
        elif isinstance(hand, int):
            label = _("one of {player}'s cards").format(player=name)
            fan = d.row([back(w=MINI_W, h=MINI_H, label=label) for _card in range(min(size, 5))], gap=-MINI_W * 0.6)
        else:
            fan = d.row([face(c, w=MINI_W, h=MINI_H) for c in hand], gap=2)
        caption = d.text(0, MINI_H + 13, _("{n} in hand").format(n=size), size=11)
        pieces.append(d.Piece(max(fan.w, 52), MINI_H + 15, fan.svg + caption))
    if pile == 0:
        top = slot_piece(_("none"), w=MINI_W, h=MINI_H, label=_("{player}'s harvest: none yet").format(player=name))
    else:
        text = ngettext("{player}'s harvest, face down: {n} card", "{player}'s harvest, face down: {n} cards", pile)
        top = back(w=MINI_W, h=MINI_H, label=text.format(player=name, n=pile))
    svg = (d.rect(3, 3, MINI_W, MINI_H, fill="#555555", stroke=None, rx=4) if pile > 1 else "") + top.svg
    if harvested:
        svg = d.animate(svg, "harvest")
    if points is None:
        note = _("harvested {n}").format(n=pile)
    else:
        note = _("harvested {n} (+{points})").format(n=pile, points=points)
    pieces.append(d.Piece(max(MINI_W + 4, 7 * len(note)), MINI_H + 15, svg + d.text(0, MINI_H + 13, note, size=11)))
    block = d.row(pieces, gap=10)
    parts.append(d.place(block, 0, y))
    return d.Piece(max(block.w, 7.5 * len(title), 100), y + block.h, "".join(parts))


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


pictures.register(Card, card_drawing)
pictures.register(SunMoon, table)

__all__ = [
    "COLOURS",
    "GROUND",
    "GROUND_INK",
    "HAND_H",
    "HAND_W",
    "H",
    "W",
    "back",
    "back_drawing",
    "card_drawing",
    "card_name",
    "drops",
    "face",
    "hand_drawing",
    "hand_piece",
    "laid_card",
    "move_key",
    "pile_piece",
    "place_name",
    "place_piece",
    "row_drawing",
    "row_piece",
    "slot_piece",
    "table",
]
