"""mtg: the positions of the practice page's exercises (issue 18) and what their questions share.

* a table of bots (:func:`table_game`): two to four players or a Two-Headed Giant game, who
  begin their turns in turn order, cast spells, and put permanents onto the battlefield:
  daybound werewolves, old Innistrad werewolves, copies, a card with a sorcery back face, tokens,
  plain creatures and Curse of Leeches; :func:`settle` does what a table does before a turn
  moves on (an Aura attached, waiting triggers resolved);
* :class:`At`, an exercise's position: the game at the question and the moves it goes on with;
* the pieces of the questions: the three sides of the helper card as answers, answers drawn as
  boxes of words, the question drawn on the tracker's table without its forecast, marks in
  words, and why a permanent does or does not transform (:func:`why_not`, asked of the rule
  functions).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any, NamedTuple

from .. import draw as d
from .. import i18n
from ..core import Event
from ..i18n import N_, ngettext
from ..practice import Mark, Option, checklist
from . import draw
from .data import Effect, PermanentSpec
from .draw_faces import face_colour, keyword, keyword_note, permanent_words
from .draw_narrow import table_narrow
from .engine import DayNight
from .moves import Attach, Becomes, BeginTurn, CastSpell, Enter, Resolve
from .permanent import Permanent, PermanentView
from .rules import FRONT, NEITHER, NIGHT, entering_face, must_transform, transform_blocked
from .view import View

_ = i18n._  # every sentence a learner reads goes through daynight.i18n

NAMES = ("Alice", "Bob", "Carol", "Dan", "Erin", "Femi")
TEAMS = ("Team Sun", "Team Moon")
#: daybound double-faced cards of the card list (Curse of Leeches aside: it enchants a player)
DAYBOUND = (
    "Brutal Cathar",
    "Tovolar, Dire Overlord",
    "Baneblade Scoundrel",
    "Arlinn, the Pack's Hope",
    "Bird Admirer",
    "Graveyard Trespasser",
    "Howlpack Piper",
)
#: transforming double-faced cards without daybound or nightbound
OLD = ("Huntmaster of the Fells", "Convicted Killer", "Ludevic, Necrogenius", "Invasion of Kylem")
#: permanents with "whenever day becomes night or night becomes day"
WATCHERS = ("Celestus Sanctifier", "Obsessive Astronomer", "Vadrik, Astral Archmage", "Brimstone Vandal")
#: how many spells a bot casts in its turn
SPELLS = (0, 0, 1, 1, 1, 2, 2, 3)
MOONSILVER = Effect.from_catalog("Bound by Moonsilver")


def in_order(ids: Sequence[str]) -> tuple[str, ...]:
    """The checklist ids in the order of the rule text."""
    order = list(checklist("mtg"))
    return tuple(sorted(set(ids), key=order.index))


def word(name: str) -> str:
    return {"day": _("day"), "night": _("night")}.get(name, _("neither day nor night"))


# ---------------------------------------------------------------------------
# A table of bots
# ---------------------------------------------------------------------------


def new_table(rng: random.Random, teams: bool | None = None) -> DayNight:
    """Two to four players, or one time in five a Two-Headed Giant game (shared team turns)."""
    if teams if teams is not None else rng.random() < 0.2:
        a, b, c, e = rng.sample(NAMES, 4)
        return DayNight.two_headed_giant((a, b), (c, e), names=TEAMS)
    return DayNight.new(rng.sample(NAMES, rng.choice((2, 2, 3, 4))))


def a_permanent(rng: random.Random, who: str, players: Sequence[str]) -> PermanentSpec:
    """A permanent a bot puts onto the battlefield: mostly daybound werewolves, and the others
    the day/night rules treat differently (old werewolves, copies, a sorcery back face, a token,
    a plain creature, Curse of Leeches)."""
    r = rng.random()
    if r < 0.42:
        return PermanentSpec.from_catalog(rng.choice(DAYBOUND), controller=who)
    if r < 0.56:
        return PermanentSpec.from_catalog(rng.choice(OLD), controller=who)
    if r < 0.66:
        kind, name = rng.choice((("daybound", "Brutal Cathar"), ("nightbound", "Moonrage Brute")))
        return PermanentSpec(_("Clone (as {name})").format(name=name), kind, controller=who)
    if r < 0.74:
        return PermanentSpec("Werewhat", "dfc", _("a sorcery face"), controller=who, back_type="sorcery")
    if r < 0.82:
        return replace(PermanentSpec.from_catalog(rng.choice(DAYBOUND), controller=who), token=True)
    if r < 0.9:
        return PermanentSpec("Grizzly Bears", "other", controller=who)
    return PermanentSpec.from_catalog("Curse of Leeches", controller=who, attached_to=rng.choice(players))


def settle(game: DayNight, rng: random.Random) -> None:
    """What a table does before the turn moves on: an Aura transforming into its "enchant
    player" face is attached to a player, and every waiting trigger resolves."""
    while game.choosing or game.pending:
        if game.choosing:
            game.play(Attach(game.choosing[0], rng.choice(game.players)))
        else:
            game.play(Resolve(game.pending[0].id))


#: what the active player (or each player of the active team) casts this turn: a number of
#: spells each, or a function of the game at the beginning of the turn that says so
Spells = Sequence[int] | Callable[[DayNight], Sequence[int]] | None


def play_turn(game: DayNight, rng: random.Random, spells: Spells = None, enter: float = 0.3, flip: float = 0.0) -> None:
    """The next turn in turn order: after its untap step an effect makes it night if it was day
    or day if it was night (chance ``flip``), its active player (or each player of the active
    team) casts ``spells`` spells (random by default), another player sometimes casts an
    instant, and a permanent enters the battlefield (chance ``enter``)."""
    settle(game, rng)
    game.play(BeginTurn(game.next_in_order()))
    settle(game, rng)
    if game.designation != NEITHER and rng.random() < flip:
        game.play(
            Becomes("day", "The Celestus") if game.designation == NIGHT else Becomes("night", "Unnatural Moonrise")
        )
        settle(game, rng)
    active = game.active_players()
    counts = spells(game) if callable(spells) else spells or [rng.choice(SPELLS) for _p in active]
    for who, k in zip(active, counts, strict=True):
        for _i in range(k):
            game.play(CastSpell(who))
    for who in game.players:
        if who not in active and rng.random() < 0.25:
            game.play(CastSpell(who, _("an instant")))
    if rng.random() < enter:
        game.play(Enter((a_permanent(rng, rng.choice(game.players), game.players),)))
    settle(game, rng)


def table_game(
    rng: random.Random,
    turns: int,
    *,
    teams: bool | None = None,
    spells: Spells = None,
    enter: float = 0.3,
    designation: bool = True,
    flip: float = 0.0,
) -> DayNight:
    """A seeded game between bots played for ``turns`` turns and stopped at the end of the
    last one (``spells`` and ``flip``: its active players' spells and the chance that an effect
    changes day and night in it, :func:`play_turn`). With ``designation`` a daybound werewolf
    enters in the first turn if nothing else gave the game day or night."""
    game = new_table(rng, teams)
    for t in range(turns):
        last = t == turns - 1
        play_turn(game, rng, spells if last else None, enter, flip if last else 0.0)
        if designation and t == 0 and game.designation == NEITHER:
            game.play(Enter((PermanentSpec.from_catalog(rng.choice(DAYBOUND), controller=rng.choice(game.players)),)))
            settle(game, rng)
    return game


# ---------------------------------------------------------------------------
# What the kinds share
# ---------------------------------------------------------------------------


class At(NamedTuple):
    """An exercise's position: the engine's ``game`` at the question (never played on), the
    ``moves`` the game goes on with, and the permanent the question is about (``subject``)."""

    game: DayNight
    moves: tuple[Any, ...]
    subject: int | None = None

    def played(self) -> tuple[DayNight, tuple[Event, ...]]:
        """The game played on by its moves, on a copy, and the events they caused."""
        after, events = self.game.copy(), []
        for move in self.moves:
            events.extend(after.play(move))
        return after, tuple(events)


def sentences(events: Sequence[Event]) -> tuple[str, ...]:
    return tuple(str(e) for e in events)


#: pieces of a question (its answers, the cards entering) drawn for a table's width: ``None`` for
#: the wide table, a number below :data:`daynight.draw.NARROW_WIDTH` for a phone held upright
Pieces = Callable[[float | None], list[d.Piece]]


def question_drawing(
    game: DayNight,
    label: str,
    *,
    title: str = "",
    answers: Pieces | None = None,
    entering: Pieces | None = None,
    entering_title: str = "",
    seats: bool = False,
) -> Callable[..., d.Drawing]:
    """The question drawn on the tracker's table without its forecast (which would tell the
    answer), the ``answers`` under ``title`` and the cards ``entering`` under ``entering_title``,
    each player's place keyed ``seat-<player>`` when ``seats``: as a function of the table's
    ``width`` (:class:`daynight.practice.Exercise` draws it wide, and narrow for a phone). The
    table is the game's view now (a frozen value), so a later move cannot change the question."""
    return partial(_question_at, game.view(None), label, title, answers, entering, entering_title, seats)


def _question_at(
    view: View, label: str, title: str, answers: Pieces | None, entering: Pieces | None, entering_title: str,
    seats: bool, width: float | None = None,
) -> d.Drawing:  # fmt: skip
    shown = answers(width) if answers is not None else []
    cards = entering(width) if entering is not None else []
    if not d.is_narrow(width):
        return draw.question(
            draw.table_piece(view, forecast_shown=False, seats=seats), label=label, desc=label, title=title,
            answers=shown, entering=cards, entering_title=entering_title,
        )  # fmt: skip
    inner = (width or 0) - 12  # the document's padding, both sides
    if cards:  # the cards entering go with the answers, right under the helper card
        caption = d.Piece(inner, 20, d.text(0, 15, entering_title, size=14, weight="700", limit=int(inner // 8.4)))
        block = d.column([d.wrap(shown, inner, gap=8), caption, d.wrap(cards, inner, gap=8)], gap=8)
        shown = [d.Piece(inner, block.h, block.svg)]
    drawing = table_narrow(view, width or 0, forecast_shown=False, answers=shown, answers_title=title, label=label)
    return _seats_keyed(drawing, view) if seats else drawing


def _seats_keyed(drawing: d.Drawing, view: View) -> d.Drawing:
    """Each player's battlefield in a narrow table keyed ``seat-<player>``, as the wide table's
    ``table_piece(seats=True)`` keys them (``draw_narrow.table_narrow`` has no such option yet:
    its places are found by their accessible names, which name the player)."""
    svg = drawing.svg
    for who in view.players:
        name = d.attr(_("{player}'s battlefield").format(player=who))
        named = f'<g role="group" aria-label="{name}" '
        svg = svg.replace(named, f'{named}data-key="seat-{d.attr(who)}" ', 1)
    return d.Drawing(svg, drawing.label, drawing.width, drawing.height)


SIDES = {"day": N_("Day: the sun side"), "night": N_("Night: the moon side"), "neither": N_("Neither day nor night")}


def side_options() -> tuple[Option, ...]:
    return tuple(Option(f"d-{n}", _(SIDES[n]), n, f"answer-{n}", word(n)) for n in SIDES)


def sides(width: float | None = None) -> list[d.Piece]:
    """The helper card's three sides as answers (``answer-day``, ...), for a table ``width`` wide."""
    return draw.predictions(width)


def choices(pairs: Sequence[tuple[str, str, str]]) -> tuple[tuple[Option, ...], Pieces]:
    """Options drawn as boxes of words: ``(value, first line, second line)`` each; the boxes as a
    function of the table's width (on a phone each box as wide as the table)."""
    options = tuple(Option(f"c-{v}", f"{a}: {b}", v, f"answer-{v}", a) for v, a, b in pairs)
    return options, partial(boxes, tuple((f"answer-{v}", a, b, f"{a}: {b}") for v, a, b in pairs))


def boxes(keyed: Sequence[tuple[str, str, str, str]], width: float | None = None) -> list[d.Piece]:
    """Boxes of words ``(key, first line, second line, accessible name)`` for a table ``width`` wide."""
    wide = {} if not d.is_narrow(width) else {"width": (width or 0) - 12}
    return [draw.choice((a, b), key=key, label=label, **wide) for key, a, b, label in keyed]


def why_not(p: Permanent, new: int) -> str | None:
    """Why ``p`` does not transform as it becomes ``new`` (``None``: it transforms), by the rules
    of 702.145b/e (:func:`must_transform`) and :func:`transform_blocked`."""
    if p.phased_out:
        return "phased out"
    if not must_transform(new, p.up, p.daybound, p.nightbound):
        return "in step" if (p.daybound or p.nightbound) else "no keyword"
    return transform_blocked(
        p.double_faced, p.spell_back and p.up == FRONT, p.cant_transform, p.daybound, p.nightbound, True
    )


WHY_WORDS = {
    None: N_("transforms"),
    "phased out": N_("phased out: treated as though it does not exist"),
    "in step": N_("already shows that face"),
    "no keyword": N_("no daybound or nightbound"),
    "not double-faced": N_("single-faced: nothing happens"),
    "instant face": N_("other face an instant or sorcery: nothing happens"),
    "can't": N_("can't transform, and \u201ccan't\u201d wins"),
    "daybound": N_("daybound: transforms only by day and night"),
    "nightbound": N_("nightbound: transforms only by day and night"),
}


def spells_words(n: int) -> str:
    return ngettext("{n} spell", "{n} spells", n).format(n=n)


def cast_marks(game: DayNight) -> tuple[Mark, ...]:
    """Each player's spells this turn: counted (the active player or team) or not."""
    active, counts = game.active_players(), game.spells_this_turn()
    return tuple(
        Mark(
            f"cast-{p}",
            (_("counts: {spells}") if p in active else _("does not count: {spells}")).format(
                spells=spells_words(counts[p])
            ),
        )
        for p in game.players
        if p in active or counts[p]
    )


def active_words(game: DayNight) -> str:
    """The active player, or the active team with its players."""
    if game.teams:
        return _("{team} ({players})").format(team=game.active_name, players=_(" and ").join(game.active_players()))
    return game.active_name or ""


def face_of(game: DayNight, spec: PermanentSpec) -> tuple[str | None, str]:
    """The face ``spec`` enters with now and the rule that says so (:func:`entering_face`, asked
    as the engine asks it: ``None`` means it does not enter)."""
    double = spec.double_faced
    return entering_face(
        double,
        spec.kind == "dfc",
        game.designation,
        spec.transformed,
        double and not spec.token,
        spec.back_type != "permanent",
        spec.via == "spell",
        game.options.token_enters_transformed,
    )


def candidate(game: DayNight, spec: PermanentSpec, up: str, offset: int = 0) -> PermanentView:
    """``spec`` as the permanent it would be with ``up`` face up (a frozen view)."""
    return PermanentView.of(Permanent(game.next_id + offset, spec, up, spec.double_faced))


def candidates(keyed: Sequence[tuple[PermanentView, str]], width: float | None = None) -> list[d.Piece]:
    """Permanents about to be, ``(view, key)``, drawn as cards for a table ``width`` wide (on a
    phone as large cards across the table: :func:`narrow_card`)."""
    if not d.is_narrow(width):
        return [draw.permanent(p, key=key) for p, key in keyed]
    return [narrow_card(p, key, (width or 0) - 12) for p, key in keyed]


def narrow_card(p: PermanentView, key: str, width: float) -> d.Piece:
    """A permanent about to enter, as a card ``width`` wide for a phone: the face up and its
    name large, its keyword and its other face, every word at least 12 px, the card at least
    44 px high. (The narrow table draws the permanents on the battlefield itself.)"""
    colour = face_colour(p)
    ink = colour.ink
    side = (_("back face (transformed)") if p.up == "back" else _("front face")) if p.double_faced else _(
        "single-faced")  # fmt: skip
    letters = int((width - 30) // (d.NARROW_EM * 12))
    lines = [(side, 12.0, None), (p.face_name, 16.0, "700")]
    kw, note = keyword(p), keyword_note(p)
    if kw or note:
        lines.append((" · ".join(x for x in (kw, note) if x), 12.0, "700"))
    if p.double_faced and p.other_face:
        lines.append((_("other face: {name}").format(name=p.other_face), 12.0, None))
    parts, y = [], 4.0
    for words, size, weight in lines:
        y += size * 1.3
        parts.append(d.text(20, y, words, size=size, weight=weight, fill=ink, limit=int(letters * 12 / size)))
    h = max(52.0, y + 10)
    frame = d.rect(0, 0, width, h, fill=colour.fill, stroke=d.LINE, width=1.5, rx=8, cls="dn-frame")
    band = d.rect(1, 1, 10, h - 2, fill=colour.pattern_fill(), stroke=None, rx=6) if colour.pattern != "none" else ""
    return d.Piece(width, h, d.group(frame + band + "".join(parts), label=permanent_words(p), key=key,
                                     cls="dn-permanent"))  # fmt: skip


def joined(*parts: Pieces) -> Pieces:
    """The pieces of ``parts`` one after the other, for the same width."""

    def drawn(width: float | None = None) -> list[d.Piece]:
        return [piece for part in parts for piece in part(width)]

    return drawn


def entering_words(game: DayNight, spec: PermanentSpec) -> str:
    """How ``spec`` comes onto the battlefield, as a sentence."""
    who = spec.controller or _("a player")
    faces = f"{spec.name} // {spec.back}" if spec.back else spec.name
    if spec.token:
        text = _("{who} creates a token that is a copy of {faces} (a double-faced token).")
    elif spec.transformed:
        text = _("An effect puts {faces} onto the battlefield transformed, under {who}'s control.")
    elif spec.via == "effect":
        text = _("An effect puts {faces} onto the battlefield under {who}'s control (it is not cast).")
    else:
        text = _("{who} casts {faces}, and the spell resolves.")
    return text.format(who=who, faces=faces)


def quiet(game: DayNight, rng: random.Random) -> None:
    """Permanents without daybound or nightbound (an old werewolf, a bear) enter, or none."""
    for _i in range(rng.choice((0, 1, 1, 2))):
        spec = rng.choice([PermanentSpec.from_catalog(rng.choice(OLD)), PermanentSpec("Grizzly Bears", "other")])
        game.play(Enter((replace(spec, controller=rng.choice(game.players)),)))
        settle(game, rng)


def counted(game: DayNight) -> int | tuple[int, ...]:
    """The spells of this turn the next untap step looks at: the active player's (728.2), or
    those of each player of the active team (shared team turns)."""
    counts = game.spells_this_turn()
    mine = tuple(counts[p] for p in game.active_players())
    return mine if game.teams else mine[0]


def becomes(name: str, game: DayNight) -> Becomes:
    """An effect that makes it ``name``, named by a card that says so: Unnatural Moonrise ("It
    becomes night"), The Celestus at night ("If it's night, it becomes day")."""
    if name == "night":
        return Becomes("night", "Unnatural Moonrise")
    return Becomes("day", "The Celestus" if game.designation == NIGHT else _("an effect that says it becomes day"))


def changing(game: DayNight, rng: random.Random) -> tuple[int, ...]:
    """Spells for the active players that make the next untap step change day and night, two
    times in three (none by day, two by night), else a few at random."""
    if rng.random() < 2 / 3:
        return tuple((2 if game.designation == NIGHT else 0) for _p in game.active_players())
    return tuple(rng.choice((0, 1, 2)) for _p in game.active_players())
