"""stars: the drawings -- SVG text from a state or from one player's view, as ``chess.svg``
draws boards.

Following the rules sheet (seed 000): a card shows its colour, its value and either 1 to 4
stars or the time symbol, the sun and moon together ("27 cards in each of 4 different colors,
numbered 1 to 13. Some cards show a time symbol (sun and moon); the others show 1 to 4
stars"); the time card shows the sun on one side and the moon on the other, and turns over
when a time symbol is revealed. The colours read without colour vision: each has its own
pattern along the card's edge and its name written on the card.

Functions (all pure: a state or a view in, a :class:`daynight.draw.Drawing` out):

* :func:`card` -- one card; :func:`back` -- a face-down card; :func:`time_card`;
* :func:`hand` -- a hand of cards; :func:`collected` -- the cards a player has taken;
* :func:`totals` -- the colour totals with the day/night rule and the winning colour;
* :func:`table` -- the table of the moment as one player sees it (``viewer``) or, for
  ``viewer=None``, everything, as a teacher sees it: the players as they sit, each with the
  two cards of the round (face-down cards as backs), the time card, the draw pile, the
  revealed card, the colour totals, the winning colour and the choosing order, the hand;
* :func:`round_table` -- a finished round (:class:`daynight.stars.Round`), all face up: what
  was revealed, played, won, taken and dropped, in seat order.

* :func:`round_revealed` -- a round at the moment its last card is revealed, before anything
  is decided: every card face up, no totals, winner or order unless asked for (the practice
  page asks its questions on it).

The pieces (:func:`face`, :func:`back_piece`, :func:`time_piece`, ...) are what the app
composes; a piece that may be clicked or marked has a ``data-key``: ``hand-<id>`` for a card of
the viewer's hand, ``card-<id>`` for a face-up card on the table, ``seat-<p>`` for player
``p``'s place, ``time`` for the time card, ``pile`` for the draw pile, ``totals`` for the colour
totals and ``total-<colour>`` for each colour's line in them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from .. import draw as d
from ..core import shown
from ..i18n import _
from .data import COLOURS, Card
from .display import draws
from .draw_cards import (
    COLOUR,
    DAY_FILL,
    DAY_INK,
    HAND_H,
    HAND_W,
    MINI_H,
    MINI_W,
    NIGHT_FILL,
    NIGHT_INK,
    SEAT_W,
    WIDTH,
    WIN,
    H,
    Seat,
    W,
    back_piece,
    face,
    mini,
    plural,
    slot,
)
from .draw_narrow import narrow_table
from .engine import StarsGame
from .moves import Commit, Move
from .rules import CHOOSE, OVER, PHASE_NAMES, PLAY2, colour_totals, winning_colour
from .view import Round

# ---------------------------------------------------------------------------
# The time card and the colour totals
# ---------------------------------------------------------------------------


@lru_cache(maxsize=16)
def time_piece(day: bool, flipped: bool = False, w: float = 92.0, h: float = H, key: str = "time") -> d.Piece:
    """The time card: the sun side (day: the highest colour total wins) or the moon side
    (night: the lowest wins); ``flipped`` animates its turning over; keyed ``key``."""
    fill, ink = (DAY_FILL, DAY_INK) if day else (NIGHT_FILL, NIGHT_INK)
    symbol = d.sun(w / 2, 24, 17) if day else d.moon(w / 2 - 3, 24, 15)
    word, rule = ("DAY", "highest total") if day else ("NIGHT", "lowest total")
    body = (
        d.rect(0, 0, w, h, fill=fill, stroke=d.LINE, width=2, rx=8, cls="dn-frame")
        + symbol
        + d.text(w / 2, 54, word, size=16, weight="800", anchor="middle", fill=ink)
        + d.text(w / 2, 65.5, rule, size=9.5, anchor="middle", fill=ink)
        + d.text(w / 2, 75.5, "wins", size=9.5, anchor="middle", fill=ink)
    )
    label = (
        f"time card: {'day, sun' if day else 'night, moon'} side up: the "
        f"{'highest' if day else 'lowest'} colour total wins"
    )
    svg = d.group(body, label=label, key=key)
    return d.Piece(w, h, d.animate(svg, "flip") if flipped else svg)


def totals_piece(totals: dict[str, int], day: bool, winning: str | None, decided: bool, w: float = 236.0) -> d.Piece:
    """The colour totals as bars (the revealed card included), in colour order, each with its
    colour's name, pattern and total (keyed ``total-<colour>``; the whole is keyed ``totals``);
    once decided, the winning colour is outlined and says so, or the tie is named."""
    rows = []
    top = 16.0
    step = 15.5
    scale = max([1, *totals.values()])
    bar_x, bar_w = 56.0, w - 56.0 - 30.0
    for i, colour in enumerate(COLOURS):
        y = top + i * step
        c = COLOUR[colour]
        total = totals.get(colour)
        wins = decided and colour == winning
        parts = [
            d.rect(0, y - 1, w, step, fill="none", stroke=None, cls="dn-frame"),
            d.text(0, y + 10, colour, size=11, weight="700" if wins else None),
        ]
        if total is None:
            parts.append(d.text(bar_x, y + 10, "not on the table", size=10, italic=True, fill="#555"))
            words = f"{colour}: not on the table"
        else:
            length = max(3.0, bar_w * total / scale)
            parts.append(
                d.rect(
                    bar_x,
                    y + 1,
                    length,
                    11,
                    fill=c.fill,
                    stroke=WIN if wins else d.LINE,
                    width=2.5 if wins else 0.8,
                    rx=2,
                )
            )
            parts.append(d.rect(bar_x, y + 1, length, 11, fill=c.pattern_fill(), stroke=None, rx=2))
            parts.append(d.text(bar_x + length + 4, y + 10, total, size=11, weight="700"))
            words = f"{colour} {total}" + (", wins" if wins else "")
        rows.append(d.group("".join(parts), label=words, key=f"total-{colour}"))
    result = (f"{winning} wins" if winning else "tie: no winning colour") if decided else "so far"
    head = d.text(
        0, 10, f"colour totals ({'highest' if day else 'lowest'} wins): {result}", size=10.5, weight="700", limit=48
    )
    h = top + 4 * step + 2
    label = "colour totals: " + ", ".join(f"{k} {totals[k]}" for k in COLOURS if k in totals) + "; " + result
    return d.Piece(w, h, d.group(head + "".join(rows), label=label, key="totals"))


# ---------------------------------------------------------------------------
# Hands and collections
# ---------------------------------------------------------------------------


def hand_piece(
    cards: Sequence[Card],
    *,
    keys: bool = True,
    hint: dict[int, str] | None = None,
    best: int | None = None,
    fresh: frozenset = frozenset(),
) -> d.Piece:
    """A hand in a row, each card with ``hand-<id>`` as its key; ``hint`` puts a line of words
    under cards (card id -> words), ``best`` outlines one of them."""
    pieces = []
    for c in cards:
        p = face(c, HAND_W, HAND_H, f"hand-{c.id}" if keys else None)
        if c.id in fresh:
            p = d.Piece(p.w, p.h, d.animate(p.svg, "enter"))
        if hint is not None:
            words = hint.get(c.id, "")
            mark = c.id == best
            extra = d.text(p.w / 2, p.h + 13, words, size=10.5, anchor="middle", weight="700" if mark else None)
            if mark:
                extra += d.rect(-3, -3, p.w + 6, p.h + 6, stroke=WIN, width=2.5, rx=9, extra='stroke-dasharray="6 3"')
            p = d.Piece(p.w, p.h + 16, p.svg + extra)
        pieces.append(p)
    return d.row(pieces, gap=7)


def fan(cards: Sequence[Card], step: float = 13.0, fresh: frozenset = frozenset()) -> d.Piece:
    """Small cards overlapping left to right (each keeps its name)."""
    if not cards:
        return d.Piece(0, MINI_H, "")
    out = []
    for i, c in enumerate(cards):
        svg = mini(c).svg
        out.append(d.place(d.Piece(MINI_W, MINI_H, d.animate(svg, "enter") if c.id in fresh else svg), i * step, 0))
    return d.Piece(MINI_W + step * (len(cards) - 1), MINI_H, "".join(out))


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------


def _seat_piece(seat: Seat, *, you: bool, fresh: frozenset, show_hand: bool) -> d.Piece:
    """A player's place: name, the two cards of the round, their part in the choosing, their
    stars and collected cards, their hand (face up, or as a count)."""
    mine = {c.id for c in seat.plays if isinstance(c, Card)} | {c.id for c in seat.collected or ()}
    return _seat_drawn(seat, you, fresh & mine if fresh else fresh, show_hand)


@lru_cache(maxsize=512)  # most places do not change from one click to the next
def _seat_drawn(seat: Seat, you: bool, fresh: frozenset, show_hand: bool) -> d.Piece:
    slots = []
    for i in range(2):
        item = seat.plays[i] if i < len(seat.plays) else None
        if isinstance(item, Card):
            p = face(item, W, H, f"card-{item.id}")
            slots.append(d.Piece(p.w, p.h, d.animate(p.svg, "enter")) if item.id in fresh else p)
        elif item == "back":
            slots.append(back_piece(W, H, f"{seat.name}'s face-down card"))
        elif isinstance(item, tuple):  # a face-down card the viewer may see (their own; a teacher's view)
            slots.append(_own_face_down(item[0], seat.name if not you else "your"))
        else:
            slots.append(
                slot(
                    W,
                    H,
                    "taken" if item == "taken" else f"play {i + 1}",
                    "a card taken from this place" if item == "taken" else f"play {i + 1}: not yet played",
                )
            )
    lines = [d.row(slots, gap=6)]
    lines.append(
        d.Piece(SEAT_W - 16, 15, d.text(0, 11, seat.note, size=11, weight="700", limit=24) if seat.note else "")
    )
    if seat.collected is None:
        stars, said = (
            plural(seat.stars, "star") + " after it",
            f"{seat.name} had {plural(seat.stars, 'star')} after the round",
        )
    else:
        stars = plural(seat.stars, "star") + " on " + plural(len(seat.collected), "card")
        said = f"{seat.name} has collected {stars}"
    info = d.star(6, 7, 6) + d.text(15, 12, stars, size=11, limit=26)
    lines.append(d.Piece(SEAT_W - 16, 15, d.group(info, label=said)))
    if seat.collected is not None:
        lines.append(fan(seat.collected, fresh=fresh) if seat.collected else d.Piece(0, MINI_H, ""))
    if show_hand:
        lines += _hand_lines(seat)
    if seat.room:
        lines.append(d.Piece(SEAT_W - 16, 16, ""))
    inner = d.column(lines, gap=4)
    inner = d.Piece(max(inner.w, SEAT_W - 16), inner.h, inner.svg)
    title = shown(seat.name, 24) + (" (you)" if you and "(you)" not in seat.name else "")
    return d.panel(
        inner,
        title=title,
        label=f"{title}'s place",
        highlight=seat.turn,
        key=seat.key,
        title_size=12.5,
        fill="#ffffff" if not you else "#f4f8ff",
    )


def _hand_lines(seat: Seat) -> list[d.Piece]:
    """A player's hand at their place: face up in a fan, or as a count of hidden cards."""
    if isinstance(seat.hand, tuple):
        return [d.Piece(0, 12, d.text(0, 10, f"hand ({len(seat.hand)}):", size=10)), fan(seat.hand, step=15)]
    body = d.place(back_piece(14, 20, "hidden hand"), 0, 0) + d.text(
        20, 15, f"{plural(seat.hand, 'card')} in hand", size=10.5
    )
    return [d.Piece(SEAT_W - 16, 20, d.group(body, label=f"{seat.name} holds {plural(seat.hand, 'card')}"))]


@lru_cache(maxsize=512)
def _own_face_down(c: Card, whose: str) -> d.Piece:
    """A card lying face down that the viewer may see (their own, or any in a teacher's view),
    marked as face down."""
    p = face(c, W, H)
    band = d.rect(0, H / 2 - 9, W, 18, fill="#1f2a4a", stroke=None) + d.text(
        W / 2, H / 2 + 4, "face down", size=10, anchor="middle", fill="#ffffff"
    )
    owner = "your" if whose == "your" else f"{whose}'s"
    return d.Piece(W, H, d.group(p.svg + band, label=f"{owner} face-down card, {c.name}"))


def _centre(
    *,
    day: bool,
    flipped: bool,
    pile: int | None,
    revealed: Card | None,
    revealed_taken: bool,
    totals: dict[str, int] | None,
    winning: str | None,
    decided: bool,
    lines: Sequence[str],
    fresh: frozenset,
) -> d.Piece:
    """The middle of the table: the time card, the draw pile (``None``: none drawn), the
    revealed card, the colour totals (``None``: not drawn) and a few words about the moment."""
    fresh = frozenset([revealed.id]) if revealed is not None and revealed.id in fresh else frozenset()
    tot = tuple(totals.items()) if totals is not None else None
    return _centre_drawn(day, flipped, pile, revealed, revealed_taken, tot, winning, decided, tuple(lines), fresh)


@lru_cache(maxsize=256)
def _centre_drawn(
    day: bool,
    flipped: bool,
    pile: int | None,
    revealed: Card | None,
    revealed_taken: bool,
    totals: tuple | None,
    winning: str | None,
    decided: bool,
    lines: tuple,
    fresh: frozenset,
) -> d.Piece:
    time = time_piece(day, flipped)
    columns = [d.column([d.Piece(92, 12, ""), time], gap=2)]
    if pile is not None:  # a finished round's drawing has no pile
        art = (
            back_piece(W, H, f"the draw pile, {plural(pile, 'card')}")
            if pile
            else slot(W, H, "empty", "the draw pile: empty")
        )
        art = d.Piece(W, H, d.group(d.rect(0, 0, W, H, stroke=None, cls="dn-frame") + art.svg, key="pile"))
        columns.append(
            d.column([d.Piece(W, 12, d.text(W / 2, 10, f"pile: {pile}", size=10.5, anchor="middle")), art], gap=2)
        )
    if revealed is None:
        shown = slot(W, H, "none", "no card revealed this round")
    elif revealed_taken:
        shown = slot(W, H, "taken", "the revealed card, taken")
    else:
        shown = face(revealed, W, H, f"card-{revealed.id}")
        if revealed.id in fresh:
            shown = d.Piece(shown.w, shown.h, d.animate(shown.svg, "enter"))
    rev_col = d.column([d.Piece(W, 12, d.text(W / 2, 10, "revealed", size=10.5, anchor="middle")), shown], gap=2)
    info = d.column(
        [
            d.Piece(150, 14, d.text(0, 11, t, size=11.5 if i else 13, weight="700" if not i else None, limit=30))
            for i, t in enumerate(lines)
        ],
        gap=2,
    )
    tot = [totals_piece(dict(totals), day, winning, decided)] if totals is not None else []
    return d.row([*columns, rev_col, *tot, info], gap=14, align="top")


def _layout(
    top: Sequence[d.Piece], centre: d.Piece, bottom: Sequence[d.Piece], label: str, desc: str | None
) -> d.Drawing:
    rows = [d.row(top, gap=10), centre]
    if bottom:
        rows.append(d.row(bottom, gap=14))
    out = []
    y = 0.0
    for r in rows:
        out.append(d.place(r, max(0.0, (WIDTH - r.w) / 2), y))
        y += r.h + 12
    width = max(WIDTH, *(r.w for r in rows))
    return d.document(d.Piece(width, y - 12, "".join(out)), label=label, desc=desc)


def _note(
    p: int,
    *,
    winning: str | None,
    values: Sequence[int],
    order: Sequence[int],
    dropped: Sequence[int],
    taken: Card | None = None,
) -> str:
    """A player's part in the choosing, in a few words: "1st: orange 10", "2nd: took pink 9",
    "tied: no card", "no orange"."""
    if not winning:
        return ""
    if p in dropped:
        return f"tied ({values[p]}): no card"
    if p in order:
        rank = order.index(p) + 1
        place = {1: "1st", 2: "2nd", 3: "3rd"}.get(rank, f"{rank}th")
        if taken is not None:
            return f"{place}: took {taken.colour} {taken.value}"
        return f"{place}: {winning} {values[p]}"
    return f"no {winning}: no card"


def _fresh(game: Any, since: int | None) -> tuple[frozenset, bool]:
    """The cards that just appeared and whether the time card just turned, from the log."""
    if since is None or not game.log.enabled:
        return frozenset(), False
    ids, flipped = set(), 0
    for e in game.log.since(since):
        if e.what == "reveal_step":
            ids.update(e.data.get("cards", ()))
        elif e.what in ("reveal", "take") and e.data.get("card") is not None:
            ids.add(e.data["card"])
        elif e.what == "flip":
            flipped += 1
    return frozenset(ids), flipped > 0


@draws(StarsGame)
def table(
    game: StarsGame,
    viewer: int | None = None,
    *,
    since: int | None = None,
    hint: dict[int, str] | None = None,
    best: int | None = None,
    width: float | None = None,
) -> d.Drawing:
    """The table of the moment, as ``viewer`` sees it (``None``: everything, a teacher's view).

    ``since`` (an index into ``game.log``) animates what happened since then: cards revealed
    or taken, the time card turning. ``hint`` writes words under the viewer's hand cards
    (card id -> words) and ``best`` outlines one. ``width`` below ``daynight.draw.NARROW_WIDTH``
    (a phone held upright) gives the narrow arrangement, exactly that wide
    (:mod:`.draw_narrow`).
    """
    src: Any
    hands: list[Any]  # each player's hand: a tuple of cards shown, or the number of hidden cards
    pending: list[Any]  # each player's face-down card: a card shown, "back", or None
    if viewer is None:  # a teacher's view: the game itself
        src, hands, pending = game, [tuple(h) for h in game.hands], list(game.pending)
    else:  # a player's view: their own hand and face-down card, the rest as backs and counts
        src = game.view(viewer)
        hands = [src.hand if p == viewer else src.hand_sizes[p] for p in range(src.n)]
        pending = [src.my_pending if p == viewer else ("back" if src.committed[p] else None) for p in range(src.n)]
    names = list(src.names)
    fresh, flipped = _fresh(game, since)
    on_table = {c.id for c in src.table}
    decided = src.phase == CHOOSE or src.winning is not None
    totals = src.winning_totals if decided and src.winning_totals is not None else colour_totals(
        src.table, src.options.absent_colours)  # fmt: skip
    seats = [_seat_of(src, p, viewer, hands[p], pending[p], on_table) for p in range(src.n)]
    revealed = src.revealed
    who = "everything (a teacher's view)" if viewer is None else f"as {names[viewer]} sees it"
    label = (f"Day and Night, round {src.round}, {'day' if src.day else 'night'}, "
             f"{PHASE_NAMES[src.phase]}: the table {who}")  # fmt: skip
    if d.is_narrow(width):
        moment = {"day": src.day, "flipped": flipped, "pile": len(game.pile) if viewer is None else src.pile_size,
                  "revealed": revealed, "revealed_taken": revealed is not None and revealed.id not in on_table,
                  "lines": _moment(src, names, pending)}  # fmt: skip
        return narrow_table(
            width or 0, moment=moment, totals=totals, winning=src.winning, decided=decided,
            others=seats if viewer is None else [seats[(viewer + k) % src.n] for k in range(1, src.n)],
            you=None if viewer is None else seats[viewer], hand=None if viewer is None else src.hand,
            hand_title=_hand_title(src) if viewer is not None else "", hint=hint, best=best, fresh=fresh,
            label=label, desc=_describe(src, names, totals, decided))  # fmt: skip
    centre = _centre(day=src.day, flipped=flipped, pile=len(game.pile) if viewer is None else src.pile_size,
                     revealed=revealed, revealed_taken=revealed is not None and revealed.id not in on_table,
                     totals=totals, winning=src.winning, decided=decided, lines=_moment(src, names, pending),
                     fresh=fresh)  # fmt: skip
    if viewer is None:
        top = [_seat_piece(s, you=False, fresh=fresh, show_hand=True) for s in seats]
        bottom = []
    else:
        top = [_seat_piece(seats[(viewer + k) % src.n], you=False, fresh=fresh, show_hand=True)
               for k in range(1, src.n)]  # fmt: skip
        bottom = [_seat_piece(seats[viewer], you=True, fresh=fresh, show_hand=False),
                  _your_hand(src, hint=hint, best=best, fresh=fresh)]  # fmt: skip
    return _layout(top, centre, bottom, label, desc=_describe(src, names, totals, decided))


def _seat_of(src: Any, p: int, viewer: int | None, hand: Any, pend: Any, on_table: set[int]) -> Seat:
    """What is drawn at ``p``'s place: the round's cards (``pend``: the face-down card, a
    card the viewer may see, ``"back"`` or ``None``), their part in the moment, their stars."""
    plays: list[Any] = [c if c.id in on_table else "taken" for c in src.played[p]]
    if isinstance(pend, Card):
        plays.append((pend,))  # drawn face up, marked as lying face down
    elif pend == "back":
        plays.append("back")
    if src.phase <= PLAY2:
        turn = pend is None and viewer in (None, p)
        note = ("placed face down" if pend is not None else
                "your turn: play a card" if p == viewer else "to play" if viewer is None else "")  # fmt: skip
    elif src.phase == CHOOSE:
        turn = src.choosers[0] == p
        taken = src.collected[p][-1] if p in src.order and p not in src.choosers else None
        note = _note(p, winning=src.winning, values=src.values or (), order=src.order, dropped=src.dropped,
                     taken=taken)  # fmt: skip
    else:
        turn = False
        note = "winner!" if p in src.winners else ""
    return Seat(src.names[p], tuple(plays), src.stars[p], tuple(src.collected[p]), hand, note, turn, f"seat-{p}")


def _moment(src: Any, names: Sequence[str], pending: Sequence[Any]) -> list[str]:
    """A few words about the moment, for the middle of the table."""
    lines = [f"Round {src.round}" + (" (the last)" if src.last_round else "")]
    if src.phase == OVER:
        lines += ["game over", "winner" + ("s: " if len(src.winners) > 1 else ": ")
                  + " and ".join(names[p] for p in src.winners)]  # fmt: skip
    elif src.phase == CHOOSE:
        lines += [f"{src.winning} wins", "choosing: " + names[src.choosers[0]]]
    else:
        lines += [f"play {src.phase + 1} of 2", f"{sum(1 for x in pending if x is not None)} of {src.n} placed"]
    return lines


def _your_hand(v: Any, *, hint: dict[int, str] | None, best: int | None, fresh: frozenset) -> d.Piece:
    """The viewer's hand under a title that says what to do with it (every card keyed
    ``hand-<id>``: :func:`move_key`)."""
    title = _hand_title(v)
    cards = hand_piece(v.hand, hint=hint, best=best, fresh=fresh)
    return d.column([d.Piece(cards.w, 14, d.text(0, 12, title, size=12.5, weight="700")), cards], gap=4)


def _hand_title(v: Any) -> str:
    """The title of the viewer's hand: what to do with it now."""
    playing = v.phase <= PLAY2 and v.my_pending is None
    return "Your hand: click a card to play it face down" if playing else f"Your hand ({plural(len(v.hand), 'card')})"


def move_key(move: Move) -> str:
    """The ``data-key`` of the drawn piece a move stands for: ``hand-<id>`` for a card of the
    hand placed face down, ``card-<id>`` for a face-up card taken (:func:`table` draws both)."""
    return f"hand-{move.card.id}" if isinstance(move, Commit) else f"card-{move.card.id}"


def move_name(move: Move) -> str:
    """A move in words, as a control that plays it is named: ``"play orange 8, 1 star"``,
    ``"take pink 13, 4 stars"``."""
    return f"play {move.card.name}" if isinstance(move, Commit) else f"take {move.card.name}"


def _describe(src: Any, names: Sequence[str], totals: dict[str, int], decided: bool) -> str:
    listing = ", ".join(f"{k} {totals[k]}" for k in COLOURS if k in totals)
    text = f"The time card shows {'the sun: day' if src.day else 'the moon: night'}. Colour totals: {listing}."
    if decided:
        text += f" Winning colour: {src.winning}." if src.winning else " The totals tie: no winning colour."
    return text


@draws(Round)
def round_table(
    rnd: Round,
    names: Sequence[str] | None = None,
    *,
    viewer: int | None = None,
    hand: Sequence[Card] = (),
    result: str | None = None,
    pile: int | None = None,
    room: bool = False,
    width: float | None = None,
) -> d.Drawing:
    """A finished round, everything face up: the revealed card, each player's two cards, the
    colour totals and the winning colour, who took which card and who received none, in seat
    order (``names`` default to Player 1, 2, ...); each place is keyed ``seat-<p>``. With
    ``viewer``, that player sits at the bottom and ``hand`` (their hand now) is drawn beside
    them; ``result`` (the end of the game, in words) is written in the middle; ``pile`` draws
    the draw pile with that many cards (keyed ``pile``); ``room`` keeps a free line at the foot
    of each place for the words of a mark; ``width`` below ``daynight.draw.NARROW_WIDTH``: the
    narrow arrangement (:mod:`.draw_narrow`)."""
    n = len(rnd.played)
    names = list(names) if names is not None else [f"Player {i + 1}" for i in range(n)]
    day = rnd.time == "day"
    seats = []
    for p in range(n):
        note = _note(
            p, winning=rnd.winning, values=rnd.values, order=rnd.order, dropped=rnd.dropped, taken=rnd.taken[p]
        )
        seats.append(Seat(names[p], tuple(rnd.played[p]), rnd.stars[p], None, 0, note, False, f"seat-{p}", room))
    won = f"{rnd.winning} wins" if rnd.winning else "a tie: no winning colour"
    takers = [f"{names[p]} took {card.colour} {card.value}" for p in rnd.order if (card := rnd.taken[p])]
    lines = [f"Round {rnd.number}: over", won] + (takers[:3] if takers else ["nobody took a card"])
    if result:
        lines = [f"Round {rnd.number}: over", won, "Game over.", result]
    label = f"Day and Night, round {rnd.number} finished ({rnd.time}): {won}"
    desc = _describe_round(rnd, names, plays=True)
    if d.is_narrow(width):
        moment = {"day": day, "flipped": False, "pile": pile, "revealed": rnd.revealed, "revealed_taken": False,
                  "lines": lines}  # fmt: skip
        return narrow_table(
            width or 0, moment=moment, totals=rnd.totals, winning=rnd.winning, decided=True,
            others=seats if viewer is None else [seats[(viewer + k) % n] for k in range(1, n)],
            you=None if viewer is None else seats[viewer], hand=hand if viewer is not None and hand else None,
            hand_title=f"Your hand now ({plural(len(hand), 'card')})", keys=False, label=label, desc=desc)  # fmt: skip
    centre = _centre(
        day=day,
        flipped=False,
        pile=pile,
        revealed=rnd.revealed,
        revealed_taken=False,
        totals=rnd.totals,
        winning=rnd.winning,
        decided=True,
        lines=lines,
        fresh=frozenset(),
    )
    if viewer is None:
        top = [_seat_piece(s, you=False, fresh=frozenset(), show_hand=False) for s in seats]
        bottom = []
    else:
        order = [(viewer + k) % n for k in range(1, n)]
        top = [_seat_piece(seats[p], you=False, fresh=frozenset(), show_hand=False) for p in order]
        bottom = [_seat_piece(seats[viewer], you=True, fresh=frozenset(), show_hand=False)]
        if hand:
            bottom.append(_hand_now(hand))
    return _layout(top, centre, bottom, label, desc)


#: what :func:`round_revealed` shows of the colour totals
TOTALS_SHOWN = ("none", "so far", "decided")


def round_revealed(
    rnd: Round,
    names: Sequence[str],
    collected: Sequence[Sequence[Card]],
    *,
    day: bool | None = None,
    totals: str = "none",
    pile: int | None = None,
    lines: Sequence[str] = (),
    label: str | None = None,
    width: float | None = None,
) -> d.Drawing:
    """The round ``rnd`` as it stood when its last card was revealed, before anything was
    decided (a moment the engine passes through without stopping: it decides as the last card
    is revealed): the revealed card and each player's two cards face up (``card-<id>``), the
    time card as the reveals left it (``day``: another side, the side as the round began, say;
    keyed ``time``), each player's place (``seat-<p>``) with the cards they had ``collected``
    before the round and a free line for a mark's words; no winning colour and no order.
    ``totals``: ``"none"``, ``"so far"`` (the colour totals, nothing decided) or ``"decided"``
    (the winning colour outlined); ``pile``: the draw pile's count (keyed ``pile``); ``lines``:
    a few words in the middle (default: the round and the time card); ``width`` below
    ``daynight.draw.NARROW_WIDTH``: the narrow arrangement (:mod:`.draw_narrow`)."""
    if totals not in TOTALS_SHOWN:
        raise ValueError(f"totals is one of {TOTALS_SHOWN}, not {totals!r}")
    n = len(rnd.played)
    day = rnd.time == "day" if day is None else day
    seats = [
        Seat(names[p], tuple(rnd.played[p]), sum(c.stars for c in collected[p]), tuple(collected[p]), 0, "",
             False, f"seat-{p}", True)
        for p in range(n)
    ]  # fmt: skip
    decided = totals == "decided"
    lines = lines or [_("Round {n}").format(n=rnd.number), _("every card revealed")]
    if label is None:
        label = _("Day and Night, round {n}: every card revealed, nothing decided yet").format(n=rnd.number)
    plays = " ".join(
        _("{name} played {first} and {second}.").format(name=names[p], first=rnd.played[p][0].name,
                                                       second=rnd.played[p][-1].name)
        for p in range(n)
    )  # fmt: skip
    desc = _("Revealed: {card}. {plays}").format(card=rnd.revealed.name if rnd.revealed else _("none"), plays=plays)
    shown_totals, winning = None if totals == "none" else rnd.totals, rnd.winning if decided else None
    if d.is_narrow(width):
        moment = {"day": day, "flipped": False, "pile": pile, "revealed": rnd.revealed, "revealed_taken": False,
                  "lines": lines}  # fmt: skip
        return narrow_table(width or 0, moment=moment, totals=shown_totals, winning=winning, decided=decided,
                            others=seats, you=None, hand=None, label=label, desc=desc)  # fmt: skip
    centre = _centre(day=day, flipped=False, pile=pile, revealed=rnd.revealed, revealed_taken=False,
                     totals=shown_totals, winning=winning, decided=decided, lines=lines, fresh=frozenset())  # fmt: skip
    top = [_seat_piece(s, you=False, fresh=frozenset(), show_hand=False) for s in seats]
    return _layout(top, centre, [], label, desc)


def _hand_now(hand: Sequence[Card]) -> d.Piece:
    """The viewer's hand after a round, beside their place (no card may be clicked)."""
    cards = hand_piece(hand, keys=False)
    title = d.text(0, 12, f"Your hand now ({plural(len(hand), 'card')})", size=12.5, weight="700")
    return d.column([d.Piece(cards.w, 14, title), cards], gap=4)


def _describe_round(rnd: Round, names: Sequence[str], plays: bool = False) -> str:
    """A finished round in words (``plays``: what was revealed and played first)."""
    if plays:
        played = " ".join(f"{names[p]} played {' and '.join(c.name for c in cs)}." for p, cs in enumerate(rnd.played))
        return f"Revealed: {rnd.revealed.name if rnd.revealed else 'none'}. {played} {_describe_round(rnd, names)}"
    listing = ", ".join(f"{k} {rnd.totals[k]}" for k in COLOURS if k in rnd.totals)
    text = f"By {rnd.time} ({listing}): " + (f"{rnd.winning} wins." if rnd.winning else "no winning colour.")
    for p in rnd.order:
        if (card := rnd.taken[p]) is not None:
            text += f" {names[p]} took {card.name}."
    for p in rnd.dropped:
        text += f" {names[p]} tied and received no card."
    return text


# ---------------------------------------------------------------------------
# Single values as drawings (what a notebook shows)
# ---------------------------------------------------------------------------


@draws(Card)
def card(c: Card, *, size: str = "hand") -> d.Drawing:
    """One card as a drawing (``size``: ``"hand"``, ``"table"`` or ``"mini"``)."""
    piece = {"hand": lambda: face(c, HAND_W, HAND_H), "table": lambda: face(c, W, H), "mini": lambda: mini(c)}[size]()
    return d.document(piece, label=c.name, pad=4)


def back() -> d.Drawing:
    """A face-down card."""
    return d.document(back_piece(HAND_W, HAND_H), label="a face-down card", pad=4)


def time_card(day: bool) -> d.Drawing:
    """The time card, sun side (``day=True``) or moon side up."""
    piece = time_piece(day)
    return d.document(piece, label=f"the time card, {'sun' if day else 'moon'} side up", pad=4)


def hand(cards: Sequence[Card], *, label: str = "a hand") -> d.Drawing:
    """A hand of cards."""
    return d.document(hand_piece(cards, keys=False), label=f"{label}: " + ", ".join(c.name for c in cards))


def collected(cards: Sequence[Card], *, name: str = "collected cards") -> d.Drawing:
    """The cards a player has taken, in a fan, with their stars in words."""
    total = sum(c.stars for c in cards)
    words = d.Piece(200, 14, d.text(0, 12, f"{plural(total, 'star')} on {plural(len(cards), 'card')}", size=12))
    return d.document(d.column([words, fan(cards, step=20)], gap=4), label=f"{name}: {plural(total, 'star')}")


def totals(cards: Sequence[Card], day: bool, *, absent_colours: str = "ignored") -> d.Drawing:
    """The colour totals of ``cards`` and the winning colour by day or night."""
    t = colour_totals(cards, absent_colours)
    win = winning_colour(t, day)
    return d.document(totals_piece(t, day, win, True), label="colour totals")
