"""temples: the exercises of the board (:mod:`daynight.temples.exercises` lists every kind): what
a spell acts on and how much of it is done (3.1, 3.2), temples (2.2), the Mystify countdown
(3.2), Steal Passion (3.3), the distance (3.1) and the end of the game (4)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import partial
from typing import Any

from .. import i18n
from ..core import InvalidRecordError
from ..practice import CHOICE, NUMBER, SET, Exercise, Mark, Option
from . import draw
from .data import TILE_OPS
from .engine import TemplesGame
from .exercise_draw import question
from .moves import Cast, Choose, EndTurn, PickTemple, Target
from .practice_kit import (
    PLACE,
    At,
    Board,
    blob,
    built,
    events_since,
    explained,
    find,
    free_to_act,
    hand_of,
    in_order,
    number_options,
    place_setup,
    placed,
    play_out,
    record_of,
    refused,
    side_name,
    square_list,
    square_names,
    square_options,
    touching,
    wall,
)
from .rules import (
    COLOUR,
    DAY,
    HOURS,
    NEIGHBOURS,
    OTHER,
    SIDES,
    SQUARES,
    SURROUNDING,
    as_much_as_possible,
    can_still_win,
    castable,
    changed,
    condition_refusal,
    countdown,
    distance,
    is_fixed,
    is_temple,
    open_area,
    pick_squares,
    regions,
    space_verdict,
    spell_area,
    spell_targets,
    square_name,
    step_count,
    target_refusal,
    temple_regions,
    theme_forbidden,
    winner_by_temples,
)

_ = i18n._  # every sentence a learner reads goes through daynight.i18n


# ---------------------------------------------------------------------------
# 3.1, 3.2: what a spell acts on, and how much of it is done
# ---------------------------------------------------------------------------


def _one_tile_step(game: TemplesGame, move: Any) -> bool:
    """A cast of a spell of one step that acts on tiles, with the box's counters to serve it."""
    if type(move) is not Cast:
        return False
    spell = game.cards[move.card]
    if len(spell.effect) != 1 or spell.effect[0].op not in TILE_OPS:
        return False
    op, step = spell.effect[0].op, spell.effect[0]
    if op == "mystify":  # the box's 8 Mystify-counters would limit the spell (rule option supply)
        return sum(game.mystify) + step.counters * 2 <= 8
    return op != "crystallize" or sum(game.crystal) + 8 <= 12


def _a_cast(rng: random.Random) -> tuple[TemplesGame, Cast]:
    """A moment of a game between bots at which the bot casts a spell of one step on tiles; one
    time in four instead a spell the bots seldom cast, on a built board (:func:`_built_cast`)."""
    if rng.random() < 0.25:
        for _i in range(200):
            found = _built_cast(rng)
            if found is not None:
                return found
    m = find(
        rng,
        lambda m: (
            _one_tile_step(m.game, m.move)
            and (m.game.turn_no > 4 or rng.random() < 0.3)
            and (m.game.cards[m.move.card].effect[0].op != "change" or rng.random() < 0.6)
        ),
    )
    return explained(m.game), m.move


#: the spells a built board is made for: (its caster, where Day and Night stand: a tile or any)
BUILT_SPELLS = {
    "N07": ("night", "", ""),  # Frost Wall, beside the counters Night put on earlier in her turn
    "N08": ("night", "", ""),  # Crystal Field, the same
    "D05": ("day", "", "n"),  # Turn the Tide: only when Night is on a Night-tile
    "N04": ("night", "d", ""),  # Eclipse: only when Day is on a Day-tile
    "N15": ("night", "n", ""),  # Long Shadow: only when Day is on a Night-tile
}


def _built_cast(rng: random.Random) -> tuple[TemplesGame, Cast] | None:
    """A spell of :data:`BUILT_SPELLS` cast on a built board: groups of Day's and Night's tiles
    (one of them sometimes a temple), the pawns where its condition holds, Crystallize-counters
    around Night when she casts a Crystallize spell (3.2: never two on one tile)."""
    spell = rng.choice(sorted(BUILT_SPELLS))
    side, day_on, night_on = BUILT_SPELLS[spell]
    tiles: dict[int, str] = {}
    for colour in ("d", "n"):
        tiles.update(dict.fromkeys(blob(rng, rng.randint(3, 8), set(SQUARES) - set(tiles)) or (), colour))
    where = {}
    for pawn, on in (("day", day_on), ("night", night_on)):
        places = [s for s in SQUARES if tiles.get(s, ".") == on] if on else list(SQUARES)
        if not places:
            return None
        where[pawn] = rng.choice(places)
    crystal = []
    if side == "night" and spell in ("N07", "N08"):
        crystal = rng.sample(SURROUNDING[where["night"]], rng.randint(1, 3)) + [where["night"]] * (rng.random() < 0.5)
    temples = {}
    if rng.random() < 0.3:
        colour = tiles[where["day"]] if tiles.get(where["day"]) else rng.choice("dn")
        group = [s for s, t in tiles.items() if t == colour]
        extra = blob(rng, 9 - len(group), set(SQUARES) - set(tiles), None) if len(group) < 9 else []
        if extra is not None and is_temple(group + extra):
            tiles.update(dict.fromkeys(extra, colour))
            temples = {"day" if colour == "d" else "night": [square_names(group + extra)]}
    try:
        game = built(rng, tiles, crystal=square_names(set(crystal)), turn=side, temples=temples,
                     pawns={k: square_name(v) for k, v in where.items()}, hands={side: hand_of(rng, side, [spell])},
                     turn_no=rng.randint(2, 40), hours=rng.randint(6, 12))  # fmt: skip
    except InvalidRecordError:
        return None
    card = next(c for c in game.hand[side] if game.cards[c].id == spell)
    x = min(rng.randint(1, 6), game.hours) if spell == "N08" else None
    move = Cast(side, card, x)
    return (game, move) if game.can_play(move) else None


def make_targets(seed: int) -> Exercise:
    """Every square a spell being cast can act on (from a game between bots)."""
    rng = random.Random(seed)
    return targets_exercise(*_a_cast(rng), seed)


def _cast_played_on(game: TemplesGame, move: Cast) -> tuple[TemplesGame, int, frozenset[int]]:
    """``move`` played on a copy, its spell's choices made by the rule-of-thumb bot: the game
    after it, where its events begin, and the squares the spell acted on."""
    after = game.copy()
    mark = len(after.log)
    after.play(move)
    play_out(after, random.Random(0), lambda g: g.casting is None)
    hit = frozenset(e.data["square"] for e in after.log.since(mark) if e.what in ("tile", "mystify", "crystallize"))
    return after, mark, hit


def targets_exercise(game: TemplesGame, move: Cast, seed: int = 0) -> Exercise:
    """The squares ``move``'s spell can act on (:func:`rules.spell_targets`: its area,
    :func:`rules.spell_area`, less what :func:`rules.target_refusal` refuses)."""
    side, spell = move.who, game.cards[move.card]
    step = spell.effect[0]
    area = spell_area(game, step, side)
    answer = frozenset(spell_targets(game, step, side, game.options.remystify))
    chooser = game.copy()
    chooser.play(move)
    asked = chooser.pending is not None and chooser.pending.kind == "tile"
    after, mark, hit = _cast_played_on(game, move)
    outcome = frozenset(m.square for m in chooser.legal_moves() if type(m) is Target) if asked else hit
    q = _("{side} casts {spell}: “{text}” Mark every square it can act on now, then Check.")
    q = q.format(side=side_name(side), spell=spell.name, text=spell.text)
    drawing = partial(
        draw.table, game, side, highlight=(), dim=(), selected=move.card, prompt=_("Which squares can it act on?")
    )
    refused = {s: target_refusal(game, s, step, side, game.options.remystify) for s in area if s not in answer}
    reason = _("The spell speaks of {area}: {squares}.").format(area=_area_words(step, side), squares=square_list(area))
    reason += "".join(f" {why}." for why in refused.values() if why)
    reason += " " + _("So it can act on: {squares}.").format(squares=square_list(answer) or _("none"))
    marks = [Mark(draw.square_key(s), _("can")) for s in sorted(answer)]
    marks += [Mark(draw.square_key(s), _("no")) for s in sorted(refused)]
    return Exercise("targets", seed, q, SET, square_options(game), answer, _targets_rules(game, spell, area, side),
                    drawing, reason, tuple(marks), square_list(answer) or _("none"), events_since(after, mark), outcome,
                    At(game, move))  # fmt: skip


def _area_words(step: Any, caster: str) -> str:
    pawn = side_name(caster if step.of == "self" else OTHER[caster])
    words = {
        "location": _("{pawn}'s location-tile"),
        "bordering": _("the squares bordering on {pawn}'s location-tile (not diagonally)"),
        "surrounding": _("the squares surrounding {pawn}'s location-tile (diagonally too)"),
        "within": _("the squares at distance {n} or less from {pawn}"),
    }[step.area]
    return words.format(pawn=pawn, n=step.distance)


def _targets_rules(game: TemplesGame, spell: Any, area: Sequence[int], side: str) -> tuple[str, ...]:
    """The statements a targets exercise's decision depends on."""
    step = spell.effect[0]
    pawn = side if step.of == "self" else OTHER[side]
    rules = ["T35" if pawn == "day" else "T36"]
    rules += [{"location": "T40", "bordering": "T41", "surrounding": "T42", "within": "T47"}[step.area]]
    rules += [{"turn_over": "T48", "change": "T49", "mystify": "T52", "crystallize": "T57"}.get(step.op, "T49")]
    if any(is_fixed(game, s) for s in area) and step.op != "crystallize":
        rules.append("T30")
    if side == "day" and any(game.crystal[s] for s in area) and step.op != "mystify":
        rules.append("T57")
    if step.op == "crystallize" and any(game.crystal[s] for s in area):
        rules.append("T61")
    if step.op in ("turn_over", "place") and any(game.tiles[s] == 0 for s in area):
        rules.append("T37")
    if (step.tiles in ("day", "enemy", "own") and (step.tiles, side) != ("own", "night")) or step.op == "mystify":
        rules.append("T38")  # a Day-tile the spell asks for (Mystify, Long Shadow)
    rules += ["T-EX1"] if spell.id == "N02" else []
    return in_order(rules)


def make_how_many(seed: int) -> Exercise:
    """How many squares a spell acts on (from a game between bots)."""
    rng = random.Random(seed)
    return how_many_exercise(*_a_cast(rng), seed)


def how_many_exercise(game: TemplesGame, move: Cast, seed: int = 0) -> Exercise:
    """How many squares ``move``'s spell acts on: as many as it asks for (a number, all of
    them, or from X: :func:`rules.step_count`) or all there are when there are fewer (2.1, "as
    much as possible": :func:`rules.as_much_as_possible`)."""
    side, spell = move.who, game.cards[move.card]
    step = spell.effect[0]
    targets = spell_targets(game, step, side, game.options.remystify)
    wanted = step_count(step.count, move.x, len(targets))
    answer = as_much_as_possible(wanted, len(targets))
    after, mark, hit = _cast_played_on(game, move)
    x = "" if move.x is None else " " + _("with X = {x}").format(x=move.x)
    q = _("{side} casts {spell}{x}: “{text}” On how many squares will it act?")
    q = q.format(side=side_name(side), spell=spell.name, x=x, text=spell.text)
    drawing = partial(draw.table, game, side, highlight=(), dim=(), selected=move.card, prompt=_("How many squares?"))
    reason = _(
        "It asks for {wanted}, and {n} squares can be acted on now ({squares}): a spell is carried out as far as "
        "possible, even against its caster, so it acts on {answer}."
    ).format(wanted=wanted, n=len(targets), squares=square_list(targets) or _("none"), answer=answer)
    marks = tuple(Mark(draw.square_key(s), _("can")) for s in targets)
    top = max(answer + 2, len(spell_area(game, step, side)), 4)
    rules = ["T19"] + (["T46"] if move.x is not None else []) + (["T-EX1"] if spell.id == "N02" else [])
    rules += ["T61"] if step.op == "crystallize" and any(game.crystal[s] for s in spell_area(game, step, side)) else []
    return Exercise("how_many", seed, q, NUMBER, number_options(range(top + 1)), answer, in_order(rules), drawing, reason,
                    marks, str(answer), events_since(after, mark), len(hit), At(game, move))  # fmt: skip


# ---------------------------------------------------------------------------
# 2.2 Temples, 3.2 Mystify
# ---------------------------------------------------------------------------


#: the spell that places a tile of its caster's on her location-tile (on a neutral-tile)
def make_new_temple(seed: int) -> Exercise:
    """The tiles of the temple a spell makes: a tile placed beside groups of its caster's tiles
    (from five to twelve together, so nine is reached, passed or not), on a built board."""
    rng = random.Random(seed)
    shapes = ((8,), (8,), (7,), (6,), (4, 4), (5, 3), (6, 4), (4, 2))
    game, move = placed(rng, lambda: rng.choice(shapes), has_temple=0.35)
    return new_temple_exercise(game, move, seed)


def _after_change(game: TemplesGame, side: str, touched: Iterable[int]) -> tuple[Board, list[list[int]]]:
    """The board once the spell of ``side`` changed ``touched`` (:func:`rules.changed`), before
    its temples are built, and the groups of nine or more it makes, the caster's first (2.2)."""
    tiles = list(game.tiles)
    for s in touched:
        tiles[s] = changed(game.tiles[s], COLOUR[side])
    groups = []
    for who in (side, OTHER[side]):
        seeds = [s for s in touched if tiles[s] == COLOUR[who]]
        groups += temple_regions(tiles, COLOUR[who], game.in_temple, seeds)
    return Board.of(game, tiles=tuple(tiles)), groups


def new_temple_exercise(game: TemplesGame, move: Cast, seed: int = 0) -> Exercise:
    """The temple ``move``'s spell makes (2.2: :func:`rules.temple_regions`, nine or more of a
    side's tiles outside her temples bordering on each other), or none."""
    side, spell = move.who, game.cards[move.card]
    after, mark, touched = _cast_played_on(game, move)
    board, groups = _after_change(game, side, touched)
    answer = frozenset(s for g in groups for s in g)
    outcome = frozenset(s for _w, sq in after.temples[len(game.temples) :] for s in sq)
    if after.temple_pick is not None:
        outcome |= after.temple_pick[1]
    outcome |= frozenset(s for _w, g in after.temple_queue for s in g)
    play_out(after, random.Random(seed), lambda g: g.temple_pick is None and not g.temple_queue)
    q = _(
        "{side} casts {spell} and changes {squares} (ringed). Mark every tile of the temple this makes (of the "
        "whole group, when more than nine border on each other); mark nothing if it makes none. Then Check."
    )
    q = q.format(side=side_name(side), spell=spell.name, squares=square_list(touched))
    lines = [_("Does it make a temple?"), q]
    if game.temples:
        built_n = {s: game.temples_of(s) for s in SIDES}
        lines.append(_("Temples built so far: Day {day}, Night {night}.").format(**built_n))
    drawing = partial(question, board, lines, label=q, highlight=touched)
    big = any(len(g) > 9 for g in groups)
    marks = [Mark(draw.square_key(s), _("group") if big else _("temple")) for s in sorted(answer)]
    marks += [Mark(draw.square_key(s), _("changed")) for s in sorted(touched) if s not in answer]
    reason = _temple_reason(board, side, touched, groups)
    mine = COLOUR[side]
    rules = ["T28", "T29"] + (["T31"] if big else []) + (["T33"] if game.temples_of(side) else [])
    rules += ["T68"] if any(board.temple_tile[s] for s in answer) else []
    diagonal = [s for s in SQUARES if board.tiles[s] == mine and s not in answer and not board.in_temple[s]
                and any(b in answer for b in SURROUNDING[s])]  # fmt: skip
    rules += ["T41"] if answer and diagonal else []
    said = square_list(answer) or _("no temple")
    return Exercise("new_temple", seed, q, SET, square_options(board), answer, in_order(rules), drawing, reason,
                    tuple(marks), said, events_since(after, mark), outcome, At(game, move))  # fmt: skip


def _temple_reason(board: Board, side: str, touched: Iterable[int], groups: list[list[int]]) -> str:
    if not groups:
        mine = COLOUR[side]
        free = regions(s for s in SQUARES if board.tiles[s] == mine and not board.in_temple[s])
        sizes = [len(g) for g in free if any(s in g for s in touched)] or [0]
        return _(
            "{side}'s tiles outside her temples that border on the changed squares make a group of {n}: fewer than "
            "nine, so no temple (tiles that touch only at a corner do not border on each other)."
        ).format(side=side_name(side), n=max(sizes))
    group = groups[0]
    owner = side_name("day" if board.tiles[group[0]] == DAY else "night")
    if len(group) == 9:
        text = _("Nine of {owner}'s tiles outside her temples now border on each other: {squares}. They become a "
                 "temple at once: Temple-counters go on them, and they can never change again.")  # fmt: skip
    else:
        text = _("{n} of {owner}'s tiles outside her temples now border on each other: {squares}. More than nine: "
                 "she picks the nine of them that become the temple; the rest stay ordinary tiles.")  # fmt: skip
    return text.format(owner=owner, n=len(group), squares=square_list(group))


def make_temple_pick(seed: int) -> Exercise:
    """The squares the owner may pick next for a temple of more than nine: a built board where a
    placed tile joins two groups of her tiles, some squares picked already (by the bot)."""
    rng = random.Random(seed)
    shapes = ((8, 2), (5, 5), (6, 4), (7, 3), (4, 4, 3), (8, 4))
    game, move = placed(rng, lambda: rng.choice(shapes))
    game.play(move)
    for _i in range(rng.randint(0, 8)):
        game.play(rng.choice(game.legal_moves()))
    return temple_pick_exercise(game, seed)


def temple_pick_exercise(game: TemplesGame, seed: int = 0) -> Exercise:
    """Which squares the owner of a group of more than nine may pick next (2.2:
    :func:`rules.pick_squares`: any of the group first, then one bordering on those picked)."""
    assert game.temple_pick is not None, "a temple of more than nine is being picked"
    who, region, picked = game.temple_pick
    answer = frozenset(pick_squares(region, picked))
    outcome = frozenset(m.square for m in game.legal_moves() if type(m) is PickTemple)
    after = game.copy()
    mark = len(after.log)
    play_out(after, random.Random(seed), lambda g: g.temple_pick is None)
    q = _("{n} of {side}'s tiles border on each other: she picks the nine that become her temple, one square at a "
          "time. Mark every square she may pick next, then Check.").format(n=len(region), side=side_name(who))  # fmt: skip
    lines = [_("Which square may she pick next?"), q]
    lines.append(
        _("Picked so far: {squares}.").format(squares=square_list(picked)) if picked else _("Nothing picked yet.")
    )
    drawing = partial(question, game, lines, label=q, picked=picked)
    if picked:
        reason = _("The nine must border on each other, so each square she picks borders on one picked already: "
                   "{squares}.").format(squares=square_list(answer))  # fmt: skip
    else:
        reason = _("The first square may be any of the {n} tiles of the group; the next ones must border on those "
                   "picked, so the nine border on each other.").format(n=len(region))  # fmt: skip
    marks = [Mark(draw.square_key(s), _("may pick")) for s in sorted(answer)]
    marks += [Mark(draw.square_key(s), _("not yet")) for s in sorted(region) if s not in answer and s not in picked]
    rules = ["T28", "T31", "T-EX3"] + (["T41"] if picked else [])
    return Exercise("temple_pick", seed, q, SET, square_options(game), answer, in_order(rules), drawing, reason,
                    tuple(marks), square_list(answer), events_since(after, mark), outcome, At(game))  # fmt: skip


def make_countdown(seed: int) -> Exercise:
    """The tiles that become Day Temple-tiles as the next turn begins, on a built board with
    Mystify-counters (and Crystallize-counters) on Day-tiles."""
    rng = random.Random(seed)
    for _i in range(500):
        tiles: dict[int, str] = {}
        for size in (rng.randint(3, 7), rng.randint(2, 6)):
            group = blob(rng, size, {s for s in SQUARES if s not in touching(tiles, "d")})
            tiles.update(dict.fromkeys(group or (), "d"))
        days = sorted(tiles)
        mystified = rng.sample(days, min(len(days), rng.randint(1, 4)))
        counters = {s: rng.choice((1, 1, 2, 3)) for s in mystified}
        while sum(counters.values()) > 8:
            counters[max(counters, key=counters.__getitem__)] -= 1
        for s in rng.sample([s for s in days if s not in counters], min(2, len(days) - len(counters))):
            tiles[s] = "t"
        crystal = rng.sample(days, rng.randint(0, 2)) + rng.sample(SQUARES, rng.randint(0, 2))
        night = blob(rng, rng.randint(0, 8), {s for s in SQUARES if s not in tiles}) or []
        tiles.update(dict.fromkeys(night, "n"))
        turn = "night" if rng.random() < 0.8 else "day"
        try:
            game = built(rng, tiles, mystify={square_name(s): n for s, n in counters.items() if n},
                         crystal=square_names(set(crystal)), turn=turn, turn_no=rng.randint(4, 40),
                         hands={side: hand_of(rng, side) for side in SIDES})  # fmt: skip
        except InvalidRecordError:
            continue
        return countdown_exercise(game, seed)
    raise AssertionError("no board fitted")  # pragma: no cover


def countdown_exercise(game: TemplesGame, seed: int = 0) -> Exercise:
    """The tiles that become Day Temple-tiles when the player on turn retreats (3.2 Mystify,
    :func:`rules.countdown`: at the beginning of Day's turn only)."""
    side = game.turn
    counts, last = countdown(list(game.mystify))
    answer = frozenset(last) if side == "night" else frozenset()
    after = game.copy()
    mark = len(after.log)
    after.play(EndTurn(side))
    outcome = frozenset(e.data["square"] for e in after.log.since(mark) if e.what == "transform")
    q = _("{side} retreats and ends her turn. Mark every tile that becomes a Day Temple-tile as {next}'s turn "
          "begins (none, if none), then Check.").format(side=side_name(side), next=side_name(OTHER[side]))  # fmt: skip
    drawing = partial(question, game, [_("Which tiles become Day Temple-tiles?"), q], label=q)
    mystified = [s for s in SQUARES if game.mystify[s]]
    crystals = [s for s in SQUARES if game.crystal[s]]
    if side == "night":
        reason = _("At the beginning of Day's turn one Mystify-counter comes off every mystified tile; a tile whose "
                   "last counter comes off becomes a Day Temple-tile, never to change again: {squares}.")  # fmt: skip
        reason = reason.format(squares=square_list(answer) or _("none"))
        marks = [Mark(draw.square_key(s), _("becomes T") if s in answer else _("{n} left").format(n=counts[s]))
                 for s in mystified]  # fmt: skip
        rules = ["T53", "T54", "T56"] + (["T62"] if any(game.crystal[s] for s in mystified) else [])
    else:
        reason = _("At the beginning of Night's turn only the Crystallize-counters come off ({n}); the "
                   "Mystify-counters count down at the beginning of Day's turn: no tile changes now.")  # fmt: skip
        reason = reason.format(n=len(crystals))
        marks = [Mark(draw.square_key(s), _("comes off")) for s in crystals]
        marks += [Mark(draw.square_key(s), _("stays {n}").format(n=game.mystify[s])) for s in mystified
                  if not game.crystal[s]]  # fmt: skip
        rules = ["T53", "T60"]
    return Exercise("countdown", seed, q, SET, square_options(game), answer, in_order(rules), drawing, reason,
                    tuple(marks), square_list(answer) or _("none"), events_since(after, mark), outcome, At(game, EndTurn(side)))  # fmt: skip


# ---------------------------------------------------------------------------
# 3.3 Steal Passion: the other side's theme spells and the conditions
# ---------------------------------------------------------------------------


def make_steal(seed: int) -> Exercise:
    """Which of Night's spells Day may cast when her Steal Passion takes it: a built board, Day
    standing on a tile of some kind, Night's hand at random from her book."""
    rng = random.Random(seed)
    tiles: dict[int, str] = {}
    for colour in ("d", "n"):
        tiles.update(dict.fromkeys(blob(rng, rng.randint(2, 8), set(SQUARES) - set(tiles)) or (), colour))
    where = {"day": rng.choice(SQUARES), "night": rng.choice(SQUARES)}
    game = built(rng, tiles, pawns={k: square_name(v) for k, v in where.items()}, turn="day",
                 hands={"day": hand_of(rng, "day", ["D10"]), "night": hand_of(rng, "night")},
                 turn_no=rng.randint(2, 40))  # fmt: skip
    card = next(c for c in game.hand["day"] if game.cards[c].id == "D10")
    game.play(Cast("day", card))
    return steal_exercise(game, seed)


def steal_exercise(game: TemplesGame, seed: int = 0) -> Exercise:
    """Which spells of the other's hand the caster of Steal Passion may cast (3.3:
    :func:`rules.castable`: not the other side's theme spell, its condition met; no hours)."""
    assert game.pending is not None and game.pending.kind == "choose", "Steal Passion waits for a card"
    side = game.pending.caster
    other = OTHER[side]
    hand = list(dict.fromkeys(game.hand[other]))
    answer = frozenset(c for c in hand if castable(game, game.cards[c], side))
    outcome: set[int] = set()
    events: list[str] = []
    for c in hand:
        after = game.copy()
        mark = len(after.log)
        after.play(Choose(side, c))
        taken = next(e for e in after.log.since(mark) if e.what == "steal")
        events.append(f"{taken.text} [{taken.rule}]")
        if taken.rule == "3.3 Conditions":  # the engine casts it
            outcome.add(c)
    q = _("{side} casts Steal Passion and looks into {other}'s hand. Mark every spell she may cast if she takes it "
          "(the others are discarded), then Check.").format(side=side_name(side), other=side_name(other))  # fmt: skip
    drawing = partial(draw.table, game, side, highlight=(), dim=(), prompt=_("Which of these may she cast?"))
    why = []
    for c in hand:
        sp = game.cards[c]
        if c in answer:
            why.append(_("{spell}: yes.").format(spell=sp.name))
        elif theme_forbidden(sp.type, side):
            why.append(_("{spell}: no, it is {other}'s theme spell.").format(spell=sp.name, other=side_name(other)))
        else:
            why.append(_("{spell}: no, {reason}.").format(spell=sp.name, reason=condition_refusal(game, sp, side)))
    reason = (
        _(
            "A stolen spell is cast at once, without spending hours, unless its caster may not cast it: "
            "never the other side's theme spells, and only when its condition holds."
        )
        + " "
        + " ".join(why)
    )
    marks = tuple(Mark(f"take-{c}", _("may cast") if c in answer else _("discarded")) for c in hand)
    opts = tuple(Option(f"t{c}", game.cards[c].name, c, f"take-{c}", game.cards[c].name) for c in hand)
    themed = any(theme_forbidden(game.cards[c].type, side) for c in hand)
    rules = ["T-EX6"] + (["T64"] if themed else []) + (["T63"] if any(game.cards[c].condition for c in hand) else [])
    said = ", ".join(game.cards[c].name for c in hand if c in answer) or _("none")
    return Exercise("steal", seed, q, SET, opts, answer, in_order(rules), drawing, reason, marks, said, tuple(events),
                    frozenset(outcome), At(game))  # fmt: skip


# ---------------------------------------------------------------------------
# 3.1 Distance
# ---------------------------------------------------------------------------


def make_distance(seed: int) -> Exercise:
    """The distance between Day and Night: as a game begins, or in a game between bots."""
    rng = random.Random(seed)
    if rng.random() < 0.15:
        return distance_exercise(explained(TemplesGame.new(rng.getrandbits(32))), seed)
    m = find(rng, lambda m: free_to_act(m.game) and rng.random() < 0.1)
    return distance_exercise(explained(m.game), seed)


#: spells whose condition is a distance: each side's two
NEAR_SPELLS = {"day": ["D13", "D09"], "night": ["N13", "N06"]}


def distance_exercise(game: TemplesGame, seed: int = 0) -> Exercise:
    """The distance between Day and Night (3.1, :func:`rules.distance`: the fewest tiles a pawn
    travels from one to the other, around the centre); the engine's own measure, and its verdict
    on the spells whose condition is a distance."""
    day, night = game.pawn["day"], game.pawn["night"]
    answer = distance(day, night)
    side = game.turn
    record = record_of(game, hands=NEAR_SPELLS, discards={}, hours=HOURS)
    near = explained(TemplesGame.new(seed, options=game.options, position=record))
    events = []
    for c in near.hand[side]:
        move = Cast(side, c)
        verdict = near.why_illegal(move)
        sp = near.cards[c]
        events.append(_("{spell} may be cast now: “{text}”").format(spell=sp.name, text=sp.text) if verdict is None
                      else refused(near, move))  # fmt: skip
    path = _path(day, night)
    q = _("Day stands on {day} and Night on {night}. What is the distance between them?").format(
        day=square_name(day), night=square_name(night))  # fmt: skip
    drawing = partial(question, game, [_("How far apart are Day and Night?"), q], label=q)
    reason = _(
        "The distance is the fewest tiles a pawn would travel from one to the other: from bordering square "
        "to bordering square, around the impassable centre. One shortest way: {path}, {n} tiles."
    )
    reason = reason.format(path=" → ".join(square_name(s) for s in path), n=answer)
    marks = tuple(Mark(draw.square_key(s), str(i)) for i, s in enumerate(path[1:], 1))
    corners = {day, night} == {0, 47}
    rules = ["T2", "T47"] + (["T-EX4"] if corners else [])
    return Exercise("distance", seed, q, NUMBER, number_options(range(13)), answer, in_order(rules), drawing, reason,
                    marks, str(answer), tuple(events), game.distance(), At(game))  # fmt: skip


def _path(a: int, b: int) -> list[int]:
    """A shortest way from ``a`` to ``b``: each step to a bordering square one nearer to ``b``."""
    path = [a]
    while path[-1] != b:
        here = path[-1]
        path.append(min(n for n in NEIGHBOURS[here] if distance(n, b) == distance(here, b) - 1))
    return path


# ---------------------------------------------------------------------------
# 4 The end of the game
# ---------------------------------------------------------------------------

#: what may happen, as the options of a game_result exercise
RESULTS = ("day", "night", "draw", "on")


def make_game_result(seed: int) -> Exercise:
    """What happens: a second temple (or a tile short of it), a first temple that walls the
    board after the other's wall, or Day's Awakening making Day Temple-tiles across Night's
    room; each on a board built at random around it."""
    rng = random.Random(seed)
    for _i in range(500):
        kind = rng.choice(("second", "wall", "wall", "awakening", "awakening"))
        found = (_second if kind == "second" else _walls if kind == "wall" else _awakening)(rng)
        if found is not None:
            return game_result_exercise(*found, seed)
    raise AssertionError("no board fitted")  # pragma: no cover


def _second(rng: random.Random) -> tuple[TemplesGame, Any] | None:
    """A side with a temple stands beside eight (or seven) of her tiles and places one more."""
    found = place_setup(rng, (rng.choice((8, 8, 7)),), True)
    if found is None or any(
        len(g) > 9 for g in _after_change(found[0], found[1].who, [found[0].pawn[found[1].who]])[1]
    ):
        return None  # (a group of more than nine is picked first: the temple_pick kind)
    return found


def _walls(rng: random.Random) -> tuple[TemplesGame, Any] | None:
    """One side has a temple across the board; the other stands where the ninth tile of her own
    wall goes."""
    first, builder = rng.sample(SIDES, 2)
    rows = ((1, 1, 1, 2), (6, 6, 6, 5)) if rng.random() < 0.5 else ((6, 6, 6, 5), (1, 1, 1, 2))
    walled = wall(rng, rows[0], set(), gap=0.15)
    other = wall(rng, rows[1], set(walled or ()), gap=0.15)
    if walled is None or other is None:
        return None
    p = rng.choice([s for s in other if len(regions(set(other) - {s})) == 1])
    mine = "d" if builder == "day" else "n"
    tiles = {**dict.fromkeys(walled, "n" if mine == "d" else "d"), **{s: mine for s in other if s != p}}
    if rng.random() < 0.5:  # Day Temple-tiles made by Mystify, apart from Day's wall: open to Day, closed to Night
        free = [s for s in SQUARES if s not in tiles and s != p and s not in touching({**tiles, p: mine}, "d")]
        tiles.update(dict.fromkeys(rng.sample(free, min(len(free), rng.randint(1, 4))), "t"))
    pawns = {builder: square_name(p), first: square_name(rng.choice([s for s in SQUARES if s not in other]))}
    try:
        game = built(rng, tiles, temples={first: [square_names(walled)]}, pawns=pawns, turn=builder,
                     hands={builder: hand_of(rng, builder, [PLACE[builder]]), first: hand_of(rng, first)},
                     turn_no=rng.randint(20, 60))  # fmt: skip
    except InvalidRecordError:
        return None
    return game, Cast(builder, next(c for c in game.hand[builder] if game.cards[c].id == PLACE[builder]))


def _awakening(rng: random.Random) -> tuple[TemplesGame, Any] | None:
    """Night has a temple near the bottom; Day-tiles run across the top part (row 2 and C3, D3),
    most of them Day Temple-tiles, the others mystified; Night retreats."""
    night = wall(rng, (6, 6, 6, 5), set(), gap=0.15, hug=0.85)
    if night is None:
        return None
    barrier = [6, 7, 8, 9, 10, 11, 14, 15]  # A2-F2, C3, D3: they close the top off from the rest
    gaps = rng.sample(barrier, rng.randint(1, 3))
    counters = {square_name(s): 1 if rng.random() < 0.8 else 2 for s in gaps}
    tiles = {**dict.fromkeys(night, "n"), **{s: "d" if s in gaps else "t" for s in barrier}}
    if rng.random() < 0.15:  # a way round: one square of the barrier left open
        del tiles[rng.choice([s for s in barrier if s not in gaps])]
    try:
        game = built(rng, tiles, temples={"night": [square_names(night)]}, mystify=counters, turn="night",
                     pawns={"night": square_name(rng.choice(night))}, turn_no=rng.randint(20, 60),
                     hands={s: hand_of(rng, s) for s in SIDES})  # fmt: skip
    except InvalidRecordError:
        return None
    return game, EndTurn("night")


def _verdict(game: TemplesGame, move: Any) -> tuple[str, Board, list[int], list[int]]:
    """What the rules say happens after ``move``: one of :data:`RESULTS`; the board then (its
    new temple's tiles in a temple, its new Day Temple-tiles made), the squares that changed and
    the new temple's squares."""
    temples = {s: game.temples_of(s) for s in SIDES}
    if type(move) is EndTurn:  # 3.2: the countdown as Day's turn begins, then 4.2 and 4.3
        counts, last = countdown(list(game.mystify))
        flags = tuple(game.temple_tile[s] or s in last for s in range(len(game.tiles)))
        board, changed_squares, new = Board.of(game, temple_tile=flags, mystify=tuple(counts)), last, []
        transformed = bool(last)
    else:  # a tile placed on the caster's location-tile (2.2, then 4.1 or 4.2)
        side, here = move.who, game.pawn[move.who]
        board, groups = _after_change(game, side, [here])
        changed_squares, new, transformed = [here], groups[0] if groups else [], False
        if not new:
            return "on", board, changed_squares, new
        temples[side] += 1
        if winner_by_temples(temples[side], game.options.temples_to_win):
            return side, board, changed_squares, new
        board = board._replace(in_temple=tuple(99 if s in new else t for s, t in enumerate(board.in_temple)))
    need = {s: max(0, game.options.temples_to_win - temples[s]) for s in SIDES}
    verdict = space_verdict(
        lambda: can_still_win(board, "day", need["day"]),
        lambda: can_still_win(board, "night", need["night"]),
        transformed or game.options.day_default == "any",
    )
    if verdict is None:
        return "on", board, changed_squares, new
    return verdict[1] or "draw", board, changed_squares, new


def game_result_exercise(game: TemplesGame, move: Any, seed: int = 0) -> Exercise:
    """What happens after ``move``: a second temple wins (4.1); after a temple or Day's Awakening
    making Day Temple-tiles, a draw when neither side can fit the temples she needs (4.2), and a
    victory for Day by default when only Night cannot (4.3); else the game goes on."""
    answer, board, changed_squares, new = _verdict(game, move)
    after = game.copy()
    mark = len(after.log)
    after.play(move)
    outcome = "on" if after.result is None else "draw" if after.result == "draw" else after.winner
    built_n = {s: game.temples_of(s) for s in SIDES}
    if type(move) is EndTurn:
        line = _("Night retreats. As Day's turn begins, one Mystify-counter comes off every mystified tile (ringed).")
        rules = ["T54", "T67", "T68"] + (["T-EX7"] if answer == "day" else [])
    else:
        side = move.who
        line = _("{side} casts {spell}: a tile of hers is placed on {square} (ringed), her location-tile.").format(
            side=side_name(side), spell=game.cards[move.card].name, square=square_name(game.pawn[side]))  # fmt: skip
        rules = ["T3", "T33", "T65"] if built_n[side] else ["T66"] + (["T32"] if answer == "on" else [])
    q = line + " " + _("Temples built: Day {day}, Night {night}; the second wins. What happens?").format(**built_n)
    ringed = changed_squares if type(move) is not EndTurn else [s for s in SQUARES if game.mystify[s]]
    pieces = [draw.side_piece(s, [_("temples built: {n}").format(n=built_n[s])]) for s in SIDES]
    drawing = partial(question, game, [_("What happens?"), q], label=q, highlight=ringed, pieces=pieces)
    opts = (
        Option("day", _("Day wins"), "day", "side-day", _("Day wins")),
        Option("night", _("Night wins"), "night", "side-night", _("Night wins")),
        Option("draw", _("A draw"), "draw", None, _("a draw")),
        Option("on", _("The game goes on"), "on", None, _("the game goes on")),
    )
    marks = [Mark(draw.square_key(s), _("T now") if type(move) is EndTurn else _("placed")) for s in changed_squares]
    marks += [Mark(draw.square_key(s), _("temple")) for s in new if s not in changed_squares]
    said = next(o.said for o in opts if o.value == answer)
    return Exercise("game_result", seed, q, CHOICE, opts, answer, in_order(rules), drawing,
                    _result_reason(game, move, answer, board, new), tuple(marks), said, events_since(after, mark),
                    outcome, At(game, move))  # fmt: skip


def _result_reason(game: TemplesGame, move: Any, answer: str, board: Board, new: list[int]) -> str:
    if type(move) is not EndTurn and not new:
        return _("The placed tile makes no group of nine: no temple, nothing is decided, and the game goes on.")
    if answer in SIDES and type(move) is not EndTurn:
        return _("It completes nine of {side}'s tiles bordering on each other: her second temple, and a player who "
                 "builds her second temple wins at once.").format(side=side_name(answer))  # fmt: skip
    sizes = {s: sorted((len(r) for r in regions(open_area(board, s))), reverse=True) for s in SIDES}
    room = _("Day can still build on the squares open to her, in groups of {day}; Night on those open to her (not "
             "in a temple, not a Day Temple-tile), in groups of {night}: a temple needs nine.")  # fmt: skip
    room = room.format(day=", ".join(map(str, sizes["day"])) or "0", night=", ".join(map(str, sizes["night"])) or "0")
    end = {
        "draw": _("Neither can build the temple she needs any more: the game is a draw."),
        "day": _("Night cannot build her next temple any more while Day still can: Day wins by default."),
        "on": _("The one who needs a temple can still build it: the game goes on."),
    }[answer if answer != "night" else "on"]
    return room + " " + end
