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

from collections.abc import Iterable

from .. import draw as d
from .. import i18n
from ..i18n import ngettext
from . import pictures
from .data import BY_NAME, KINDS, Card
from .draw_narrow import narrow_table
from .draw_pieces import (
    hand_drawing,
    hand_piece,
    keyed,
    laid_card,
    pile_piece,
    place_name,
    place_piece,
    recent,
    row_drawing,
    row_piece,
    slot_piece,
    stack_height,
    stack_step,
    status_words,
)
from .engine import SunMoon, move
from .faces import (
    COLOURS,
    GROUND,
    GROUND_INK,
    HAND_H,
    HAND_W,
    MINI_H,
    MINI_W,
    H,
    W,
    back,
    back_drawing,
    card_drawing,
    card_name,
    face,
)
from .moves import CardPlay, Cover, Move, Place, Restore
from .view import View
from .words import is_you, row_words

_ = i18n._  # the translation call ("from ..i18n import _" would read as importing a private name)

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
    width: float | None = None,
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
    ``width`` (the table widget's, CSS pixels) below :data:`daynight.draw.NARROW_WIDTH`: the
    narrow arrangement of ``draw_narrow.py`` (a phone held upright), exactly that wide.
    """
    if d.is_narrow(width):  # a phone held upright: draw_narrow's arrangement, exactly that wide
        assert width is not None
        return narrow_table(
            game, viewer, width, selected=selected, slots=slots, fits=fits, fresh=fresh, harvested=harvested,
            hand_keys=hand_keys, dim=dim, status=status, scores=scores,
        )  # fmt: skip
    seen = game.view(viewer if viewer is not None else game.turn)
    if fresh is None or harvested is None:
        last_cards, last_harvest = recent(game)
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


def _bottom_line(
    seen: View, viewer: int | None, selected: Card | None, hand_keys: bool, dim: Iterable[Card], said: str
) -> d.Piece:
    """The last line: the viewer's hand, the draw pile, the discard pile, whose turn it is."""
    discard = seen.discard
    piles = d.row(
        [
            keyed(pile_piece(seen.draw_pile, title=_("draw pile"), label=_("the draw pile")), "draw-pile"),
            keyed(
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


@i18n.remembered(maxsize=512)
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
    "stack_height",
    "stack_step",
    "status_words",
    "table",
]
