"""mtg: the tracker's table on a phone held upright (issue 23).

:func:`table_narrow` is what :func:`daynight.mtg.draw.table` draws for a width below
:data:`daynight.draw.NARROW_WIDTH`: not the wide table scaled down, but another arrangement,
exactly as wide as the screen and drawn at scale 1. From top to bottom: the day/night helper
card as a strip across, a question's answers when one is asked (the decision first), the turn
order, the active player's battlefield (their spell counter is the click of the turn, so it comes
on a phone's first screen; a team's players in Two-Headed Giant), the forecast, the waiting triggers, then each other player's
battlefield; a battlefield is a column of large cards with readable faces (the spell counter on
top of it). Every word is at least
:data:`daynight.draw.MIN_TEXT` (11 px) high and every piece a learner touches at least
:data:`daynight.draw.MIN_TARGET` (44 px) on its short side. The keys are those of the wide
drawing (``sky``, ``cast-<player>``, ``perm-<id>``, ``trigger-<id>``, ``attach-<id>-<player>``,
``answer-<designation>``), so the tracker's targets sit on it unchanged.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .. import draw as d
from .. import i18n
from ..i18n import N_
from .draw_faces import SKY, face_colour, keyword, keyword_note, permanent_words
from .view import PermanentView, View

__all__ = ["answer_cards", "table_narrow"]

_ = i18n._  # every sentence a learner reads goes through daynight.i18n

#: the sizes of the narrow drawing's words: a card's name, its lines, the smallest (11 px)
NAME, LINE, SMALL = 16.0, 12.0, d.MIN_TEXT
#: the height of a piece a learner touches (at least 44 px)
TOUCH = 48.0
_MUTED = "#444444"
GAP = 8.0


def _wrapped(value: str, width: float, size: float, limit: int = 4) -> list[str]:
    """``value`` cut into lines that fit ``width`` pixels at font ``size`` (at most ``limit``)."""
    letters = max(4, int(width / (d.NARROW_EM * size)))
    lines = textwrap.wrap(value, letters, break_long_words=True) or [""]
    if len(lines) > limit:
        lines = lines[:limit]
        lines[-1] = lines[-1][: letters - 1] + "…"
    return lines


def _block(x: float, y: float, value: str, width: float, size: float = LINE, **style: Any) -> tuple[str, float]:
    """Wrapped lines from the top ``y`` (not the baseline); returns the SVG and the height used."""
    limit = style.pop("limit", 4)
    lines = _wrapped(value, width, size, limit)
    step = size * 1.3
    svg = "".join(d.text(x, y + size + i * step, line, size=size, **style) for i, line in enumerate(lines))
    return svg, len(lines) * step


# ---------------------------------------------------------------------------
# The helper card and the answers
# ---------------------------------------------------------------------------

_SKY_WORDS = {
    "day": (N_("DAY"), N_("the whole game"), N_("It is day: the helper card shows its sun side.")),
    "night": (N_("NIGHT"), N_("the whole game"), N_("It is night: the helper card shows its moon side.")),
    "neither": (
        N_("NEITHER"),
        N_("day or night: no designation yet"),
        N_("It is neither day nor night: no designation yet."),
    ),
}


def _sky_words(name: str) -> tuple[str, str, str]:
    """The helper card's word, what it means, and its accessible name, in the reader's language."""
    word, sub, label = _SKY_WORDS.get(name, _SKY_WORDS["neither"])
    return _(word), _(sub), _(label)


def _symbol(name: str, cx: float, cy: float, r: float) -> str:
    if name == "day":
        return d.sun(cx, cy, r)
    if name == "night":
        return d.moon(cx - 3, cy, r * 0.9)
    return f'<circle cx="{cx}" cy="{cy}" r="{r * 0.85}" fill="none" stroke="#777777" stroke-width="3" stroke-dasharray="6 5"/>'


def _sky(name: str, width: float, changed: bool) -> d.Piece:
    """The day/night helper card as a strip across the top: its symbol, its word, what it means."""
    colour = SKY.get(name, SKY["neither"])
    word, sub, label = _sky_words(name)
    h = 76.0  # room under the words for a mark's label
    dash = 'stroke-dasharray="6 4"' if name == "neither" else ""
    body = d.rect(0, 0, width, h, fill=colour.fill, stroke=d.LINE, width=2, rx=10, cls="dn-frame", extra=dash)
    if colour.pattern != "none":
        body += d.rect(2, 2, 10, h - 4, fill=colour.pattern_fill(), stroke=None, rx=6)
    body += _symbol(name, 44, 34, 22)
    body += d.text(80, 30, word, size=24, weight="700", fill=colour.ink)
    body += d.text(80, 48, sub, size=LINE, fill=colour.ink)
    if changed:
        body = d.animate(body, "flip")
    return d.Piece(width, h, d.group(body, label=label, key="sky", cls="dn-sky"))


def answer_cards(width: float, names: Sequence[str] = ("day", "night", "neither")) -> list[d.Piece]:
    """The helper card's sides as answers to click (``answer-<name>``), side by side across
    ``width`` (the table's width: the drawing's padding is taken off here)."""
    inner = width - 12
    w = float(int((inner - GAP * (len(names) - 1)) / len(names)))
    out = []
    for name in names:
        colour = SKY.get(name, SKY["neither"])
        word, _sub, label = _sky_words(name)
        h = 92.0
        body = d.rect(0, 0, w, h, fill=colour.fill, stroke=d.LINE, width=2, rx=10, cls="dn-frame")
        body += _symbol(name, w / 2, 32, 20)
        size = min(18.0, max(SMALL, (w - 10) / (d.NARROW_EM * len(word))))
        body += d.text(w / 2, 78, word, size=size, weight="700", anchor="middle", fill=colour.ink)
        out.append(d.Piece(w, h, d.group(body, label=label, key=f"answer-{name}", cls="dn-sky")))
    return out


# ---------------------------------------------------------------------------
# Turn order, forecast, waiting triggers
# ---------------------------------------------------------------------------


def _turns(view: View, width: float) -> d.Piece:
    """Whose turn it is and who comes next, as tags that wrap."""
    chips = []
    for who in view.order:
        now = who == view.active
        said = _("{who} (now)") if now else (_("{who} (next)") if who == view.next else "{who}")
        chips.append(
            d.badge(said.format(who=who), fill="#0b57d0" if now else "#ffffff", ink="#ffffff" if now else d.INK)
        )
    head = _("Turn {turn}").format(turn=view.turn) if view.turn else _("Before the first turn")
    caption = d.Piece(width, 20, d.text(0, 15, head, size=LINE + 1, weight="700", fill=_MUTED))
    return d.Piece(width, 0, "") if not chips else _labelled(d.column([caption, d.wrap(chips, width, gap=6)], gap=4),
                                                             _("turn order: {players}").format(players=", ".join(view.order)))  # fmt: skip


def _labelled(piece: d.Piece, label: str, key: str | None = None, cls: str | None = None) -> d.Piece:
    return d.Piece(piece.w, piece.h, d.group(piece.svg, label=label, key=key, cls=cls))


def _forecast(view: View, width: float) -> d.Piece:
    check = _("Next check: {forecast}").format(forecast=view.next_untap_step)
    svg, h = _block(0, 0, check, width, LINE, limit=8)
    for line in view.werewolves_next_upkeep:
        more, used = _block(0, h + 3, line, width, SMALL, fill=_MUTED, limit=3)
        svg, h = svg + more, h + used + 3
    label = " ".join([check, *view.werewolves_next_upkeep])
    return d.Piece(width, h, d.group(svg, label=label, key="forecast", cls="dn-forecast"))


def _trigger(tid: int, text: str, when: str, width: float) -> d.Piece:
    words = _("at the upkeep") if when == "upkeep" else _("next priority")
    svg, used = _block(10, 6, f"#{tid} {text}", width - 20, LINE)
    h = max(TOUCH, used + 30)
    tail = d.text(10, h - 8, _("waiting ({when}): resolve").format(when=words), size=SMALL, fill="#7a2d50", italic=True)
    frame = d.rect(0, 0, width, h, fill="#fff0f6", stroke="#7a2d50", width=1.2, rx=6, cls="dn-frame")
    label = _("pending #{id}: {text} ({when})").format(id=tid, text=text, when=words)
    return d.Piece(width, h, d.group(frame + svg + tail, label=label, key=f"trigger-{tid}"))


def _stack(view: View, width: float) -> list[d.Piece]:
    if not view.pending:
        return []
    chips = [_trigger(t.id, t.text, t.when, width - 16) for t in view.pending]
    return [d.panel(d.column(chips, gap=6), title=_("Waiting to resolve ({n})").format(n=len(chips)),
                    label=_("triggered abilities waiting to resolve"), fill="#fffafc")]  # fmt: skip


# ---------------------------------------------------------------------------
# A player's place: the spell counter and a column of large cards
# ---------------------------------------------------------------------------


def _counter(player: str, n: int, copies: int, active: bool, width: float) -> d.Piece:
    """The spells ``player`` cast this turn (a click counts one more: ``cast-<player>``)."""
    said = i18n.ngettext("{n} spell this turn", "{n} spells this turn", n).format(n=n)
    body = d.rect(0, 0, width, TOUCH + 4, fill="#eef4ff" if active else "#f7f7f7", stroke=d.LINE, width=1.2, rx=6,
                  cls="dn-frame")  # fmt: skip
    body += d.text(10, 21, said, size=15, weight="700")
    body += d.text(
        10,
        42,
        _("their spells count") if active else _("not their turn"),
        size=LINE,
        fill="#0b3d91" if active else _MUTED,
    )
    if copies:
        body += d.text(
            width - 8,
            21,
            i18n.ngettext("{n} copy", "{n} copies", copies).format(n=copies),
            size=SMALL,
            anchor="end",
            fill=_MUTED,
        )
    label = _("{player}: {spells}").format(player=player, spells=said)
    if copies:
        label += " " + i18n.ngettext("({n} copy, not cast)", "({n} copies, not cast)", copies).format(n=copies)
    return d.Piece(width, TOUCH + 4, d.group(body, label=label, key=f"cast-{player}"))


def _face_lines(p: PermanentView) -> list[tuple[str, float, str | None]]:
    """The lines of a card under its name: (words, size, weight)."""
    out: list[tuple[str, float, str | None]] = []
    kw, note = keyword(p), keyword_note(p)
    if kw or note:
        out.append((" · ".join(x for x in (kw, note) if x), LINE, "700"))
    if p.double_faced and p.other_face:
        out.append((_("other face: {name}").format(name=p.other_face), LINE, None))
    if p.attached_to is not None:
        out.append((_("enchants {player}").format(player=p.attached_to), LINE, "700"))
    out += [
        (_("{effect} (until end of turn)").format(effect=e.name) if e.until_end_of_turn else e.name, LINE, None)
        for e in p.effects
    ]
    if p.cant_transform:
        out.append((_("CAN'T TRANSFORM"), LINE, "700"))
    if p.token:
        out.append((_("token"), LINE, None))
    return out


def _card(p: PermanentView, width: float, selected: bool, moment: str | None) -> d.Piece:
    """A permanent as a large card across the place: the face that is up, named large, with its
    keyword, its other face and what applies to it."""
    colour = face_colour(p)
    ink, x0, text_w = colour.ink, 20.0, width - 30
    side = (
        (_("back face (transformed)") if p.up == "back" else _("front face")) if p.double_faced else _("single-faced")
    )
    parts = [d.text(x0 + (20 if p.double_faced else 0), 20, side, size=LINE, fill=ink),
             d.text(width - 8, 20, f"#{p.id}", size=LINE, anchor="end", fill=ink)]  # fmt: skip
    if p.double_faced:
        parts.append(d.moon(x0 + 7, 15, 7, fill="#dfe6f5") if p.up == "back" else d.sun(x0 + 7, 15, 8))
    name, used = _block(x0, 26, p.face_name, text_w, NAME, fill=ink, weight="700", limit=2)
    parts.append(name)
    y = 26 + used + 4
    for words, size, weight in _face_lines(p):
        svg, used = _block(x0, y, words, text_w, size, fill=ink, weight=weight, limit=2)
        parts.append(svg)
        y += used + 2
    h = max(TOUCH + 20, y + 8)
    frame = d.rect(0, 0, width, h, fill=colour.fill, stroke=d.FOCUS if selected else d.LINE,
                   width=3.5 if selected else 1.5, rx=8, cls="dn-frame")  # fmt: skip
    band = d.rect(1, 1, 10, h - 2, fill=colour.pattern_fill(), stroke=None, rx=6) if colour.pattern != "none" else ""
    body = frame + band + "".join(parts)
    if p.phased_out:
        body += d.rect(0, 0, width, h, fill="#ffffff", stroke=None, rx=8, extra='fill-opacity=".72"')
        body += d.text(width / 2, h / 2 + 6, _("PHASED OUT"), size=NAME, weight="700", anchor="middle")
    if moment in ("enter", "flip"):
        body = d.animate(body, moment)
    return d.Piece(width, h, d.group(body, label=permanent_words(p), key=f"perm-{p.id}", cls="dn-permanent"))


def _auras(view: View, player: str, width: float) -> list[d.Piece]:
    """The Auras that enchant ``player``, and the choice of this player for an Aura that waits."""
    out = []
    for p in view.permanents:
        if p.attached_to == player:
            svg, h = _block(8, 4, _("enchanted by #{id} {name}").format(id=p.id, name=p.face_name), width - 16, LINE)
            out.append(d.Piece(width, h + 8, d.group(d.rect(0, 0, width, h + 8, fill="#f3e8ff", stroke=d.LINE, rx=6)
                                                     + svg, label=_("{player} is enchanted by #{id} {name}").format(player=player, id=p.id, name=p.face_name))))  # fmt: skip
        if p.id in view.choosing:
            words = _("attach #{id} {name} here").format(id=p.id, name=p.face_name)
            svg, h = _block(10, 8, words, width - 20, LINE, weight="700", limit=2)
            h = max(TOUCH, h + 16)
            frame = d.rect(0, 0, width, h, fill="#fff3c4", stroke=d.LINE, width=1.5, rx=8, cls="dn-frame")
            label = _("choose {player}: #{id} {name} enchants {player}").format(
                player=player, id=p.id, name=p.face_name
            )
            out.append(d.Piece(width, h, d.group(frame + svg, label=label, key=f"attach-{p.id}-{player}")))
    return out


def _place(
    view: View, player: str | None, cards: Sequence[PermanentView], width: float, selected: int | None,
    moments: Mapping[int, str],
) -> d.Piece:  # fmt: skip
    """One player's place: the spell counter, the Auras on them, their cards in a column."""
    inner = width - 16
    drawn = [_card(p, inner, p.id == selected, moments.get(p.id)) for p in cards]
    if player is None:
        return d.panel(
            d.column(drawn, gap=GAP), title=_("No controller named"), label=_("permanents without a controller")
        )
    active = player in view.active_players
    head = [_counter(player, view.spells_this_turn[player], view.copies_this_turn[player], active, inner)]
    if not drawn:
        drawn = [d.Piece(inner, 20, d.text(0, 15, _("no day/night permanents"), size=LINE, fill=_MUTED))]
    inside = d.column([*head, *_auras(view, player, inner), *drawn], gap=GAP)
    return d.panel(_wide(inside, inner), title=_("{player} (active)").format(player=player) if active else player,
                   label=_("{player}'s battlefield").format(player=player),
                   highlight=active)  # fmt: skip


def _wide(piece: d.Piece, width: float) -> d.Piece:
    return d.Piece(width, piece.h, piece.svg)


# ---------------------------------------------------------------------------
# The whole table
# ---------------------------------------------------------------------------


def _moments(events: Iterable[Any]) -> tuple[dict[int, str], bool]:
    out: dict[int, str] = {}
    changed = False
    for e in events:
        if e.what == "transform":
            out[e.data["permanent"]] = "flip"
        elif e.what == "enter" and e.data.get("permanent") not in out:
            out[e.data["permanent"]] = "enter"
        elif e.what == "change":
            changed = True
    return out, changed


def table_narrow(
    view: View,
    width: float,
    *,
    events: Iterable[Any] = (),
    selected: int | None = None,
    forecast_shown: bool = True,
    answers: Sequence[d.Piece] = (),
    answers_title: str = "",
    label: str = "the table",
) -> d.Drawing:
    """The table ``width`` pixels wide, as a column (see the module's docstring); ``answers``
    (:func:`answer_cards`) go under ``answers_title`` right below the helper card."""
    inner = width - 12  # the document's padding, both sides
    moments, changed = _moments(events)
    parts = [_sky(view.designation, inner, changed)]
    if answers:
        svg, h = _block(0, 0, answers_title, inner, 14, weight="700", limit=3)
        parts += [d.Piece(inner, h, svg), d.wrap(list(answers), inner, gap=GAP)]
    parts.append(_turns(view, inner))
    by_player: dict[str | None, list[PermanentView]] = {p: [] for p in view.players}
    for p in view.permanents:
        by_player.setdefault(p.controller, []).append(p)
    # the active players' places (their spell counters: the clicks of the turn; a team's players in
    # Two-Headed Giant) right under the turns, so they are on a phone's first screen; the forecast,
    # the stack and the other players follow
    for player in view.active_players:
        if player in by_player:
            parts.append(_place(view, player, by_player.pop(player), inner, selected, moments))
    if forecast_shown:
        parts.append(_forecast(view, inner))
    parts += _stack(view, inner)
    for who, cards in by_player.items():
        if who is not None or cards:
            parts.append(_place(view, who, cards, inner, selected, moments))
    body = d.column(parts, gap=10)
    desc = view.next_untap_step if forecast_shown else (answers_title or None)
    return d.document(d.Piece(inner, body.h, body.svg), label=label, desc=desc)
