"""mtg: the drawings -- SVG text from the tracker's state, built on :mod:`daynight.draw`.

What a table of Magic looks like when day and night matter:

* :func:`designation` -- the day/night helper card: its sun side, its moon side, or no card yet
  (neither), with the word on it;
* :func:`permanent` -- a permanent as a card showing the face that is up: its name, "front
  face" or "back face (transformed)", its keyword (daybound, nightbound, an Innistrad
  werewolf's trigger), the other face's name, the sun or crescent moon that marks the faces of
  Innistrad and Midnight Hunt cards (712.2a/b), what applies to it, and phasing;
* :func:`turn_order` -- the players (or teams) in turn order, whose turn it is and the spells
  each cast this turn;
* :func:`forecast` -- what the next untap step (and the werewolves' next upkeep) will do;
* :func:`stack` -- the triggered abilities waiting to resolve;
* :func:`table` -- the whole table: every player's battlefield with the rest.

Every function is pure and reads one player's view (``game.view(viewer)``, a frozen
:class:`~daynight.mtg.view.View`); nothing in this game is hidden, so every viewer sees the same
table. Pieces a learner can click carry a ``data-key`` (``perm-3``, ``cast-Alice``,
``trigger-2``, ``sky``); :func:`key` gives the key of the piece a move stands on, so the tracker
builds its targets from the moves without reading the keys back.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from .. import draw as d
from .draw_faces import COLOURS, SKY, face_colour, keyword, keyword_note, permanent_words
from .draw_narrow import answer_cards, table_narrow
from .engine import DayNight
from .moves import Attach, CastSpell, Resolve
from .permanent import PICTURES, Permanent
from .view import PermanentView, View

__all__ = [
    "CARD_H",
    "CARD_W",
    "COLOURS",
    "SKY",
    "choice",
    "designation",
    "forecast",
    "key",
    "permanent",
    "permanent_words",
    "player_area",
    "predictions",
    "question",
    "stack",
    "table",
    "table_piece",
    "turn_order",
]

CARD_W, CARD_H = 128.0, 168.0
_MUTED = "#555555"


def _lines(value: Any, width: int, limit: int = 4) -> list[str]:
    """``value`` wrapped to ``width`` characters, at most ``limit`` lines (the last one cut)."""
    lines = textwrap.wrap(str(value), width, break_long_words=True) or [""]
    if len(lines) > limit:
        lines = lines[:limit]
        lines[-1] = lines[-1][: max(1, width - 1)] + "…"
    return lines


def _text_block(
    x: float,
    y: float,
    value: Any,
    width: int,
    *,
    size: float = 12,
    fill: str = d.INK,
    weight: str | None = None,
    limit: int = 4,
    gap: float = 1.25,
    anchor: str = "start",
) -> tuple[str, float]:
    """Wrapped lines of text from baseline ``y``; returns the SVG and the height used."""
    out = []
    lines = _lines(value, width, limit)
    for i, line in enumerate(lines):
        out.append(d.text(x, y + i * size * gap, line, size=size, fill=fill, weight=weight, anchor=anchor))
    return "".join(out), len(lines) * size * gap


# ---------------------------------------------------------------------------
# The designation: the day/night helper card
# ---------------------------------------------------------------------------


@lru_cache(maxsize=8)
def designation(name: str, *, key: str | None = "sky", changed: bool = False) -> d.Piece:
    """The day/night helper card: the sun side (day), the moon side (night), or, while it is
    neither, no card yet (a dashed outline). The word is always on it."""
    colour = SKY.get(name, SKY["neither"])
    w, h = 150.0, 116.0
    if name == "day":
        art = d.sun(w / 2, 46, 34)
        word, label = "DAY", "It is day: the helper card shows its sun side."
    elif name == "night":
        art = d.moon(w / 2 - 6, 46, 30)
        word, label = "NIGHT", "It is night: the helper card shows its moon side."
    else:
        art = (
            f'<circle cx="{w / 2}" cy="46" r="30" fill="none" stroke="#777777" stroke-width="3" '
            'stroke-dasharray="8 6"/>'
        )
        word, label = "NEITHER", "It is neither day nor night: the game has no designation yet."
    frame = d.rect(
        0,
        0,
        w,
        h,
        fill=colour.fill,
        stroke=d.LINE,
        width=2,
        rx=10,
        cls="dn-frame",
        extra="" if name != "neither" else 'stroke-dasharray="6 4"',
    )
    band = d.rect(2, 2, 10, h - 4, fill=colour.pattern_fill(), stroke=None, rx=6) if colour.pattern != "none" else ""
    words = d.text(w / 2, 98, word, size=22, weight="700", anchor="middle", fill=colour.ink)
    sub = d.text(
        w / 2, 111, "day or night" if name == "neither" else "the whole game", size=10, anchor="middle", fill=colour.ink
    )
    body = frame + band + art + words + sub
    if changed:
        body = d.animate(body, "flip")
    return d.Piece(w, h, d.group(body, label=label, key=key, cls="dn-sky"))


# ---------------------------------------------------------------------------
# A permanent
# ---------------------------------------------------------------------------


def permanent(
    p: PermanentView, *, key: str | None = None, selected: bool = False, moment: str | None = None
) -> d.Piece:
    """A permanent drawn as its card, with the face that is up (``p`` is one of the view's
    ``permanents``). ``moment``: ``"enter"`` or ``"flip"`` when it just entered or
    transformed (an animation; the drawing reads the same without it)."""
    return _permanent(replace(p, **_NOT_DRAWN), key, selected, moment)


#: what a card's drawing does not depend on (left out of the drawings kept)
_NOT_DRAWN: dict[str, Any] = {
    "name": "",
    "back": "",
    "face": None,
    "printed_name": "",
    "transformed": False,
    "transforms": 0,
    "phased_under": None,
    "back_type": "",
    "triggers": (),
    "label": "",
}


@lru_cache(maxsize=1024)
def _permanent(p: PermanentView, key: str | None, selected: bool, moment: str | None) -> d.Piece:
    colour = face_colour(p)
    parts = [
        d.rect(
            0,
            0,
            CARD_W,
            CARD_H,
            fill=colour.fill,
            stroke=d.FOCUS if selected else d.LINE,
            width=3.5 if selected else 1.5,
            rx=8,
            cls="dn-frame",
        )
    ]
    if colour.pattern != "none":
        parts.append(d.rect(1, 1, 9, CARD_H - 2, fill=colour.pattern_fill(), stroke=None, rx=6))
    y = _card_faces(p, colour.ink, parts)
    _card_effects(p, colour.ink, y, parts)
    _card_marks(p, colour.ink, parts)
    body = "".join(parts)
    if moment in ("enter", "flip"):
        body = d.animate(body, moment)
    return d.Piece(CARD_W, CARD_H, d.group(body, label=permanent_words(p), key=key, cls="dn-permanent"))


_X0 = 16  # where a card's words start


def _card_faces(p: PermanentView, ink: str, parts: list[str]) -> float:
    """The face that is up (the sun or the moon of 712.2a/b, its name, its keyword) and the
    other face's name; returns where the next line goes."""
    x0, back = _X0, p.up == "back"
    # the face symbol of Innistrad and Midnight Hunt cards: a sun on the front, a crescent moon
    # on the back (712.2a/b); a single-faced permanent has none
    if p.double_faced:
        if back:
            parts.append(d.moon(x0 + 8, 16, 8, fill="#dfe6f5", stroke="#ffffff" if ink == "#ffffff" else "#2c3a63"))
        else:
            parts.append(d.sun(x0 + 8, 16, 10))
        parts.append(d.text(x0 + 21, 20, "back face" if back else "front face", size=10, fill=ink))
    else:
        parts.append(d.text(x0, 20, "single-faced", size=10, fill=ink))
    name, used = _text_block(x0, 40, p.face_name, 12, size=12.5, fill=ink, weight="700", limit=3)
    parts.append(name)
    y = 40 + used + 2
    kw = keyword(p)
    if kw:
        parts.append(d.rect(x0 - 3, y - 11, CARD_W - x0 - 4, 16, fill="#ffffff", stroke=d.LINE, width=0.8, rx=3))
        parts.append(d.text(x0, y + 1, kw, size=10.5, weight="700"))
        y += 18
    note = keyword_note(p)
    if note:
        svg, used = _text_block(x0, y + 1, note, 24, size=9, fill=ink, limit=2)
        parts.append(svg)
        y += used + 2
    if p.double_faced and p.other_face:
        other, used = _text_block(x0, y + 4, f"other face: {p.other_face}", 22, size=9, fill=ink, limit=2)
        parts.append(other)
        y += used + 4
    if p.attached_to is not None:
        svg, used = _text_block(x0, y + 6, f"enchants {p.attached_to}", 20, size=10, fill=ink, weight="700", limit=1)
        parts.append(svg)
        y += used + 4
    return y


def _card_effects(p: PermanentView, ink: str, y: float, parts: list[str]) -> None:
    """What applies to it (the first two, then how many more) and "can't transform"."""
    x0, w, h = _X0, CARD_W, CARD_H
    effects = [e.name + (" (EOT)" if e.until_end_of_turn else "") for e in p.effects]
    lock = p.cant_transform
    shown = effects[:2]
    ey = max(y + 6, h - 20 - 14 * len(shown) - (16 if lock else 0))
    for name in shown:
        parts.append(d.rect(x0 - 3, ey - 10, w - x0 - 4, 13, fill="#fffbe6", stroke="#7a5300", width=0.8, rx=3))
        parts.append(d.text(x0, ey, _lines(name, 23, 1)[0], size=8.5))
        ey += 14
    if len(effects) > 2:
        parts.append(d.text(x0, ey, f"+{len(effects) - 2} more", size=8.5, fill=ink))
        ey += 12
    if lock:
        parts.append(d.rect(x0 - 3, ey - 11, w - x0 - 4, 15, fill="#ffffff", stroke="#b3261e", width=1.6, rx=3))
        parts.append(
            d.text(
                x0 + (w - x0 - 10) / 2,
                ey + 1,
                "CAN'T TRANSFORM",
                size=9.5,
                weight="700",
                anchor="middle",
                fill="#8c1d18",
            )
        )


def _card_marks(p: PermanentView, ink: str, parts: list[str]) -> None:
    """Token, the folded corner of a card turned over, its number, and phasing."""
    w, h = CARD_W, CARD_H
    if p.token:
        parts.append(d.text(_X0, h - 5, "token", size=9.5, fill=ink, italic=True))
    if p.up == "back" and p.double_faced:
        # turned over: a folded corner showing the card's other side
        corner = COLOURS["day"].fill if p.kind == "dfc" else COLOURS["front"].fill
        parts.append(f'<path d="M{w - 22},0 L{w},0 L{w},22 Z" fill="{corner}" stroke="{d.LINE}" stroke-width="1"/>')
    parts.append(d.text(w - 5, h - 5, f"#{p.id}", size=9.5, anchor="end", fill=ink))
    if p.phased_out:
        parts.append(d.rect(0, 0, w, h, fill="#ffffff", stroke=None, rx=8, extra='fill-opacity=".72"'))
        parts.append(
            d.rect(
                6, h / 2 - 14, w - 12, 26, fill="#ffffff", stroke=d.LINE, width=1, rx=4, extra='stroke-dasharray="4 3"'
            )
        )
        parts.append(d.text(w / 2, h / 2 + 4, "PHASED OUT", size=13, weight="700", anchor="middle"))


# ---------------------------------------------------------------------------
# Players, turn order, the forecast and the stack
# ---------------------------------------------------------------------------


def turn_order(view: View) -> d.Piece:
    """The players (or teams) in turn order: whose turn it is and who comes next."""
    return _turn_order(view.order, view.active, view.next, view.turn)


@lru_cache(maxsize=256)
def _turn_order(order: tuple[str, ...], active: str | None, nxt: str, turn: int) -> d.Piece:
    chips = []
    for who in order:
        mark = " (now)" if who == active else (" (next)" if who == nxt else "")
        fill = "#0b57d0" if who == active else "#ffffff"
        ink = "#ffffff" if who == active else d.INK
        chips.append(
            d.badge(
                f"{who}{mark}",
                label=f"{who}: {'whose turn it is' if who == active else 'next in turn order' if who == nxt else 'in turn order'}",
                fill=fill,
                ink=ink,
                size=13,
            )
        )
    arrows = []
    x = 0.0
    for i, c in enumerate(chips):
        arrows.append(d.place(c, x, 0))
        x += c.w
        if i < len(chips) - 1:
            arrows.append(d.text(x + 6, 16, "→", size=14, fill=_MUTED))
            x += 22
    head = d.text(0, 13, f"Turn {turn}" if turn else "Before the first turn", size=12, weight="700", fill=_MUTED)
    row = f'<g transform="translate(0,20)">{"".join(arrows)}</g>'
    h = 20 + (chips[0].h if chips else 0)
    return d.Piece(max(x, 120), h, d.group(head + row, label="turn order: " + ", ".join(order)))


def forecast(view: View, *, width: int = 62) -> d.Piece:
    """What the next untap step will do (and what the Innistrad werewolves will do at the
    next upkeep), in words."""
    return _forecast(view.next_untap_step, view.werewolves_next_upkeep, width)


@lru_cache(maxsize=256)
def _forecast(check: str, werewolves: tuple[str, ...], width: int) -> d.Piece:
    lines = [("Next check: " + check, True)]
    lines += [(w, False) for w in werewolves]
    parts, y = [], 12.0
    for text_, first in lines:
        svg, used = _text_block(
            0,
            y,
            text_,
            width,
            size=12 if first else 11,
            limit=4 if first else 2,
            weight=None,
            fill=d.INK if first else _MUTED,
        )
        parts.append(svg)
        y += used + 3
    label = " ".join(t for t, _ in lines)
    return d.Piece(width * 6.4, y, d.group("".join(parts), label=label, key="forecast", cls="dn-forecast"))


@lru_cache(maxsize=256)
def _cast_chip(player: str, n: int, copies: int, active: bool, key: str | None) -> d.Piece:
    counts = "their spells count" if active else "not their turn"
    text_ = f"{n} spell{'s' if n != 1 else ''} this turn"
    w = 128.0
    body = (
        d.rect(0, 0, w, 38, fill="#eef4ff" if active else "#f7f7f7", stroke=d.LINE, width=1.2, rx=6, cls="dn-frame")
        + d.text(8, 15, text_, size=12, weight="700")
        + d.text(8, 31, counts, size=10, fill="#0b3d91" if active else _MUTED)
    )
    if copies:
        body += d.text(w - 6, 15, f"{copies} cop{'y' if copies == 1 else 'ies'}", size=9.5, anchor="end", fill=_MUTED)
    label = f"{player}: {text_}" + (f", {copies} copies (not cast)" if copies else "")
    return d.Piece(w, 38, d.group(body, label=label, key=key))


def player_area(
    view: View,
    player: str | None,
    permanents: Sequence[PermanentView],
    *,
    selected: int | None = None,
    moments: Mapping[int, str] | None = None,
    columns: int = 3,
    key: str | None = None,
) -> d.Piece:
    """One player's place at the table: whether it is their turn, the spells they cast this
    turn (a click target ``cast-<player>``) and their permanents (``perm-<id>``); with ``key``
    the place itself may be clicked (the practice page's ``seat-<player>``: a player to choose)."""
    moments = moments or {}
    cards = [permanent(p, key=f"perm-{p.id}", selected=p.id == selected, moment=moments.get(p.id)) for p in permanents]
    rows = [d.row(cards[i : i + columns], gap=8) for i in range(0, len(cards), columns)]
    if player is None:
        inner = _at_least(d.column(rows, gap=8), 200) if rows else d.Piece(200, 20, d.text(0, 14, "none", size=12))
        return d.panel(inner, title="No controller named", label="permanents without a controller")
    active = player in view.active_players
    chip = _cast_chip(player, view.spells_this_turn[player], view.copies_this_turn[player], active, f"cast-{player}")
    if not rows:
        rows = [d.Piece(140, 20, d.text(0, 14, "no day/night permanents", size=11, fill=_MUTED))]
    inner = _at_least(d.column([chip, *_auras_on(view, player), *rows], gap=8), 8.5 * len(player) + 60)
    title = f"{player}" + (" (active)" if active else "")
    return d.panel(inner, title=title, label=f"{player}'s battlefield", highlight=active, key=key)


def _auras_on(view: View, player: str) -> list[d.Piece]:
    """The Auras that enchant ``player`` (their card is with their controller), and, while an
    Aura transforming into its "enchant player" face waits for its player, the choice of this
    one (a click target ``attach-<id>-<player>``)."""
    out = []
    for p in view.permanents:
        if p.attached_to == player:
            whose = f", {p.controller}'s" if p.controller else ""
            out.append(
                d.badge(
                    f"enchanted by #{p.id} {p.face_name}{whose}",
                    fill="#f3e8ff",
                    size=11,
                    label=f"{player} is enchanted by #{p.id} {p.face_name}{whose}",
                )
            )
        if p.id in view.choosing:
            out.append(
                d.badge(
                    f"attach #{p.id} {p.face_name} here",
                    fill="#fff3c4",
                    size=11,
                    label=f"choose {player}: #{p.id} {p.face_name} enchants {player}",
                    key=f"attach-{p.id}-{player}",
                )
            )
    return out


def _at_least(piece: d.Piece, w: float) -> d.Piece:
    return piece if piece.w >= w else d.Piece(w, piece.h, piece.svg)


def stack(view: View, *, keys: bool = True) -> d.Piece:
    """The triggered abilities waiting to go on the stack or to resolve (``trigger-<id>``)."""
    return _stack(tuple((t.id, t.text, t.when) for t in view.pending), keys)


@lru_cache(maxsize=256)
def _stack(pending: tuple[tuple[int, str, str], ...], keys: bool) -> d.Piece:
    if not pending:
        return d.Piece(0, 0, "")
    chips = []
    for tid, text_, when_ in pending:
        t = {"id": tid, "text": text_, "when": when_}
        when = "at the upkeep" if t["when"] == "upkeep" else "next priority"
        svg, used = _text_block(8, 15, f"#{t['id']} {t['text']}", 34, size=10.5, limit=4)
        h = used + 22
        body = (
            d.rect(0, 0, 210, h, fill="#fff0f6", stroke="#7a2d50", width=1.2, rx=6, cls="dn-frame")
            + svg
            + d.text(8, h - 6, f"waiting ({when}): resolve", size=9.5, fill="#7a2d50", italic=True)
        )
        chips.append(
            d.Piece(
                210,
                h,
                d.group(
                    body, label=f"pending #{t['id']}: {t['text']} ({when})", key=f"trigger-{t['id']}" if keys else None
                ),
            )
        )
    inner = d.row(chips, gap=8)
    return d.panel(
        inner,
        title=f"Waiting to resolve ({len(pending)})",
        label="triggered abilities waiting to resolve",
        fill="#fffafc",
    )


# ---------------------------------------------------------------------------
# The whole table
# ---------------------------------------------------------------------------


def _moments(events: Iterable[Any]) -> tuple[dict[int, str], bool]:
    out: dict[int, str] = {}
    changed = False
    for e in events:
        what, data = e.what, e.data
        if what == "transform":
            out[data["permanent"]] = "flip"
        elif what == "enter" and data.get("permanent") not in out:
            out[data["permanent"]] = "enter"
        elif what == "change":
            changed = True
    return out, changed


def table(
    game: DayNight,
    viewer: Any = None,
    *,
    events: Iterable[Any] = (),
    selected: int | None = None,
    columns: int = 3,
    width: float | None = None,
    forecast_shown: bool = True,
    answers: Sequence[d.Piece] = (),
    answers_title: str = "",
) -> d.Drawing:
    """The whole table as ``viewer`` sees it (everything here is public): the helper card, the
    turn order, the forecast, every player's battlefield and the waiting triggers.
    ``events`` (what the last move caused) animate the permanents that just entered or
    transformed and the helper card when the designation changed. ``width`` below
    :data:`daynight.draw.NARROW_WIDTH` gives the narrow arrangement (a phone held upright:
    :func:`daynight.mtg.draw_narrow.table_narrow`). ``forecast_shown=False`` leaves out the
    forecast (the guided game asks for it), and ``answers`` (drawn under ``answers_title``) are
    put above the table: a question asked on it."""
    view = game.view(viewer)
    if width is not None and d.is_narrow(width):
        return table_narrow(
            view, width, events=events, selected=selected, forecast_shown=forecast_shown,
            answers=answers, answers_title=answers_title, label=table_label(view),
        )  # fmt: skip
    if not answers:
        return table_of(view, events=events, selected=selected, columns=columns, forecast_shown=forecast_shown)
    piece = table_piece(view, events=events, selected=selected, columns=columns, forecast_shown=forecast_shown)
    return question(piece, label=table_label(view), desc=answers_title, title=answers_title, answers=answers)


def table_label(view: View) -> str:
    """The table in words (the drawing's accessible name)."""
    return f"The table: it is {view.designation if view.designation != 'neither' else 'neither day nor night'}" + (
        f", turn {view.turn}, {view.active}'s turn" if view.active else ", before the first turn"
    )


def table_of(
    view: View,
    *,
    events: Iterable[Any] = (),
    selected: int | None = None,
    columns: int = 3,
    width: float = 900,
    forecast_shown: bool = True,
) -> d.Drawing:
    """:func:`table` from a view (the state as JSON): the helper card, the turn order and the
    forecast, the waiting triggers across the top; the players' battlefields below, side by
    side in turn order (wrapping at ``width``)."""
    body = table_piece(
        view, events=events, selected=selected, columns=columns, width=width, forecast_shown=forecast_shown
    )
    return d.document(body, label=table_label(view), desc=view.next_untap_step if forecast_shown else None)


def table_piece(
    view: View,
    *,
    events: Iterable[Any] = (),
    selected: int | None = None,
    columns: int = 3,
    width: float = 900,
    forecast_shown: bool = True,
    seats: bool = False,
) -> d.Piece:
    """The table of :func:`table_of` as a piece, to be drawn with others (the practice page's
    questions): without the forecast when ``forecast_shown`` is false (it would tell the answer
    to a question about the next untap step), and with each player's place keyed
    ``seat-<player>`` when ``seats`` (a player to choose)."""
    moments, changed = _moments(events)
    sky = designation(view.designation, changed=changed)
    head = d.column([turn_order(view), forecast(view)], gap=8) if forecast_shown else turn_order(view)
    tops = [sky, head]
    pending = stack(view)
    if pending.w:
        tops.append(pending)
    top = d.row(tops, gap=14)
    by_player: dict[str | None, list[PermanentView]] = {p: [] for p in view.players}
    for p in view.permanents:
        by_player.setdefault(p.controller, []).append(p)
    areas = [
        player_area(
            view,
            who,
            by_player[who],
            selected=selected,
            moments=moments,
            columns=columns,
            key=f"seat-{who}" if seats else None,
        )
        for who in view.players
    ]
    if by_player.get(None):
        areas.append(player_area(view, None, by_player[None], selected=selected, moments=moments, columns=columns))
    rows: list[d.Piece] = []
    line: list[d.Piece] = []
    used = 0.0
    for area in areas:
        if line and used + area.w > width:
            rows.append(d.row(line, gap=10))
            line, used = [], 0.0
        line.append(area)
        used += area.w + 10
    if line:
        rows.append(d.row(line, gap=10))
    return d.column([top, *rows], gap=10)


# ---------------------------------------------------------------------------
# The practice page's questions (issue 18): answers drawn on the table
# ---------------------------------------------------------------------------


def choice(lines: Sequence[str], *, key: str, label: str, width: float = 176) -> d.Piece:
    """An answer drawn as a framed box of words (``lines``: the first in bold), keyed so that a
    learner may click it: "Yes: the untap step checks", "attached to no player"."""
    parts, y = [], 18.0
    for i, line in enumerate(lines):
        svg, used = _text_block(
            10, y, line, int(width / 6.6), size=13 if i == 0 else 11, weight="700" if i == 0 else None
        )
        parts.append(svg)
        y += used + 2
    h = y + 4
    frame = d.rect(0, 0, width, h, fill="#ffffff", stroke=d.LINE, width=1.5, rx=8, cls="dn-frame")
    return d.Piece(width, h, d.group(frame + "".join(parts), label=label, key=key, cls="dn-choice"))


def question(
    table_: d.Piece, *, label: str, desc: str, title: str = "", answers: Sequence[d.Piece] = (),
    entering: Sequence[d.Piece] = (), entering_title: str = "",
) -> d.Drawing:  # fmt: skip
    """A question of the practice page drawn on the table: the answers to choose from under
    ``title`` (helper cards, faces, boxes of words), the cards about to enter under
    ``entering_title``, then the table (:func:`table_piece`). ``desc`` says the question in
    words (never the answer)."""
    rows: list[d.Piece] = []
    for head, pieces in ((title, answers), (entering_title, entering)):
        if pieces:
            caption = d.Piece(300, 16, d.text(0, 13, head, size=13, weight="700", fill=_MUTED))
            rows.append(d.column([caption, d.row(list(pieces), gap=12)], gap=4))
    return d.document(d.column([*rows, table_], gap=12), label=label, desc=desc)


def drawing_of(view: View, what: str = "table") -> d.Drawing:
    """One value drawn on its own (``"designation"``, ``"permanents"``, ``"stack"``), for notebooks."""
    if what == "designation":
        return d.document(designation(view.designation, key=None), label=f"the designation: {view.designation}")
    if what == "permanents":
        cards = [permanent(p) for p in view.permanents] or [d.Piece(120, 20, d.text(0, 14, "no permanents"))]
        return d.document(d.row(cards), label="the permanents")
    if what == "stack":
        return d.document(stack(view, keys=False), label="waiting to resolve")
    return table_of(view)


def predictions(width: float | None = None) -> list[d.Piece]:
    """The guided game's answers to "what will it be after the next untap step?": the helper
    card's sides, keyed ``answer-day``, ``answer-night``, ``answer-neither`` (for a narrow
    ``width``, the narrow drawing's cards: :func:`daynight.mtg.draw_narrow.answer_cards`)."""
    if width is not None and d.is_narrow(width):
        return answer_cards(width)
    return [designation(n, key=f"answer-{n}") for n in ("day", "night", "neither")]


def key(move: Any) -> str | None:
    """The ``data-key`` of the drawn piece a move stands on (``None``: it has none, a toolbar
    button plays it): a spell (not a copy) on its caster's spell counter, a waiting trigger's resolution on
    the trigger, the choice of the player an Aura enchants on that player's place."""
    if isinstance(move, CastSpell) and not move.copy:
        return f"cast-{move.player}"
    if isinstance(move, Resolve) and not move.countered:
        return f"trigger-{move.trigger}"
    if isinstance(move, Attach):
        return f"attach-{move.permanent}-{move.player}"
    return None


def _permanent_html(p: Permanent) -> str:
    view = PermanentView.of(p)
    return d.document(permanent(view), label=view.label)._repr_html_()


PICTURES["permanent"] = _permanent_html
PICTURES["table"] = table
