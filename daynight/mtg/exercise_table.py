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
from typing import Any, NamedTuple

from .. import draw as d
from .. import i18n
from ..core import Event
from ..i18n import N_, ngettext
from ..practice import Mark, Option, checklist
from . import draw
from .data import Effect, PermanentSpec
from .engine import DayNight
from .moves import Attach, Becomes, BeginTurn, CastSpell, Enter, Resolve
from .permanent import Permanent, PermanentView
from .rules import FRONT, NEITHER, NIGHT, entering_face, must_transform, transform_blocked

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


def question_drawing(game: DayNight, label: str, **parts: Any) -> d.Drawing:
    return draw.question(
        draw.table_piece(game.view(None), forecast_shown=False, seats=parts.pop("seats", False)),
        label=label,
        desc=label,
        **parts,
    )


SIDES = {"day": N_("Day: the sun side"), "night": N_("Night: the moon side"), "neither": N_("Neither day nor night")}


def side_options() -> tuple[Option, ...]:
    return tuple(Option(f"d-{n}", _(SIDES[n]), n, f"answer-{n}", word(n)) for n in SIDES)


def sides() -> list[d.Piece]:
    return [draw.designation(n, key=f"answer-{n}") for n in SIDES]


def choices(pairs: Sequence[tuple[str, str, str]]) -> tuple[tuple[Option, ...], list[d.Piece]]:
    """Options drawn as boxes of words: ``(value, first line, second line)`` each."""
    options = tuple(Option(f"c-{v}", f"{a}: {b}", v, f"answer-{v}", a) for v, a, b in pairs)
    pieces = [draw.choice((a, b), key=f"answer-{v}", label=f"{a}: {b}") for v, a, b in pairs]
    return options, pieces


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


def candidate_card(game: DayNight, spec: PermanentSpec, up: str, key: str, offset: int = 0) -> d.Piece:
    """``spec`` drawn as the permanent it would be with ``up`` face up."""
    p = Permanent(game.next_id + offset, spec, up, spec.double_faced)
    return draw.permanent(PermanentView.of(p), key=key)


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
