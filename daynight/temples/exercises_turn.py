"""temples: the exercises of 2.1, a turn (:mod:`daynight.temples.exercises` lists every kind):
where the player on turn may travel, which spells she may cast, the hours left, who plays next,
how many spells are discarded when retreating."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import Any

from .. import i18n
from ..core import InvalidRecordError
from ..i18n import ngettext
from ..practice import CHOICE, NUMBER, SET, Exercise, Mark, Option
from . import draw
from .engine import TemplesGame
from .exercise_draw import question
from .moves import Cast, EndTurn, Travel
from .practice_kit import (
    At,
    built,
    cost_words,
    events_since,
    explained,
    find,
    free_to_act,
    hours_words,
    in_order,
    number_options,
    placed,
    play_out,
    record_of,
    refused,
    side_name,
    spells_words,
    square_list,
    square_names,
    square_options,
    turn_moves,
)
from .rules import (
    HOURS,
    NEIGHBOURS,
    OTHER,
    SQUARES,
    TRAVEL_COST,
    cast_refusal,
    cost_of,
    discards_needed,
    is_fixed,
    square_name,
    travel_squares,
    winner_by_temples,
)

_ = i18n._  # every sentence a learner reads goes through daynight.i18n


# ---------------------------------------------------------------------------
# 2.1 A turn: travelling, casting, the hours
# ---------------------------------------------------------------------------


def make_travel(seed: int) -> Exercise:
    """Every square the player on turn may travel to now: from a moment of a game between bots
    (mostly one where the bot travels next); one time in five the start of Day's turn there,
    with Crystallize-counters on her square or around it (a position record)."""
    rng = random.Random(seed)
    m = find(
        rng,
        lambda m: (
            free_to_act(m.game)
            and ((type(m.move) is Travel and (bool(m.game.visited) or rng.random() < 0.4)) or rng.random() < 0.05)
        ),
    )
    game = explained(m.game)
    if rng.random() < 0.2:
        here = game.pawn["day"]
        crystal = {s for s in SQUARES if game.crystal[s]} | set(rng.sample(NEIGHBOURS[here], rng.randint(1, 2)))
        if rng.random() < 0.35:
            crystal.add(here)
        try:
            game = built(rng, {}, **record_of(game, crystal=square_names(crystal)[:12], turn="day", hours=HOURS))
        except InvalidRecordError:  # pragma: no cover - a state of the engine is a valid position
            pass
    return travel_exercise(game, seed)


def travel_exercise(game: TemplesGame, seed: int = 0) -> Exercise:
    """Where the player on turn may travel now (:func:`rules.travel_squares`)."""
    side, hours, crossed = game.turn, game.hours, sorted(game.visited)
    here = game.pawn[side]
    answer = frozenset(travel_squares(game, side, hours, game.visited))
    outcome = frozenset(s for s in SQUARES if game.can_play(Travel(side, s)))
    after = game.copy()
    mark = len(after.log)
    if answer:
        after.play(Travel(side, min(answer)))
        events = events_since(after, mark)
    else:
        events = (refused(game, Travel(side, NEIGHBOURS[here][0])),)
    blocked = [s for s in NEIGHBOURS[here] if side == "day" and game.crystal[s]]
    stuck = side == "day" and game.crystal[here]
    q = _("{side} stands on {square} with {hours} left. Mark every square she may travel to now, then Check.")
    q = q.format(side=side_name(side), square=square_name(here), hours=hours_words(hours))
    if crossed:
        q += " " + _("This turn she has crossed {squares} already (ringed).").format(squares=square_list(crossed))
    lines = [_("Where may {side} travel?").format(side=side_name(side)), q]
    drawing = partial(question, game, lines, label=q, highlight=crossed, pieces=[draw.hours(hours, side)])
    reason = _travel_reason(game, side, answer, blocked, stuck)
    marks = [Mark(draw.square_key(s), _("can go")) for s in sorted(answer)]
    marks += [Mark(draw.square_key(s), _("crossed")) for s in crossed if s != here and s not in answer]
    marks += [Mark(draw.square_key(s), _("crystal")) for s in blocked if s not in crossed]
    marks.append(Mark(draw.square_key(here), _("crystal: stuck") if stuck else _("here")))
    other = game.pawn[OTHER[side]]
    rules = ["T22", "T23", "T41"] + (["T24"] if crossed else []) + (["T20"] if game.phase == "cast" else [])
    rules += (["T58"] if blocked else []) + (["T59"] if stuck else []) + (["T40"] if other in answer else [])
    return Exercise("travel", seed, q, SET, square_options(game), answer, in_order(rules), drawing, reason,
                    tuple(marks), square_list(answer) or _("nowhere"), events, outcome, At(game))  # fmt: skip


def _travel_reason(game: TemplesGame, side: str, answer: frozenset, blocked: list[int], stuck: bool) -> str:
    here, hours = game.pawn[side], game.hours
    if hours < TRAVEL_COST:
        return _("A step costs 3 hours and {side} has {hours} left: she cannot travel any more this turn.").format(
            side=side_name(side), hours=hours_words(hours)
        )
    if stuck:
        return _("Day's own square {square} is crystallized: she cannot travel to any other tile.").format(
            square=square_name(here)
        )
    parts = [
        _(
            "From {square} a step goes to a bordering square, not diagonally and never into the centre: {squares}."
        ).format(square=square_name(here), squares=square_list(NEIGHBOURS[here]))
    ]
    crossed = [s for s in NEIGHBOURS[here] if s in game.visited]
    if crossed:
        parts.append(_("Not {squares}: no tile is crossed twice in a turn, the start included.").format(
            squares=square_list(crossed)))  # fmt: skip
    if blocked:
        parts.append(
            _("Not {squares}: Day cannot travel across a crystallized tile.").format(squares=square_list(blocked))
        )
    parts.append(_("Each step costs 3 hours ({hours} left) and draws a spell.").format(hours=hours_words(hours)))
    if not answer:
        parts.append(_("So she cannot travel from here."))
    return " ".join(parts)


def make_castable(seed: int) -> Exercise:
    """Every spell of the hand that may be cast now, from a moment of a game between bots."""
    rng = random.Random(seed)
    m = find(
        rng,
        lambda m: (
            free_to_act(m.game)
            and len(m.game.hand[m.game.turn]) >= 2
            and (m.game.phase == "cast" or rng.random() < 0.2)
            and (type(m.move) is Cast or rng.random() < 0.3)
        ),
    )
    game = explained(m.game)
    if game.phase == "cast" and rng.random() < 0.5:  # the same table later in the turn, fewer hours left
        costs = [sp.x[0] if sp.cost == "X" else sp.cost for sp in (game.cards[c] for c in game.hand[game.turn])]
        hours = rng.choice([c for c in costs if c] + [rng.randint(0, 11)])
        game = built(rng, {}, **record_of(game, hours=hours))
    return castable_exercise(game, seed)


def castable_exercise(game: TemplesGame, seed: int = 0) -> Exercise:
    """Which spells of the hand the player on turn may cast now (:func:`rules.cast_refusal`:
    the theme spells, the conditions, X and the hours; and spells come before travelling)."""
    side, hours, hand = game.turn, game.hours, list(game.hand[game.turn])
    spells = game.cards
    casting = game.phase == "cast"
    verdicts = {c: [cast_refusal(game, spells[c], side, x, hours) for x in spells[c].x_values()] for c in hand}
    answer = frozenset(c for c in hand if casting and any(v is None for v in verdicts[c]))
    outcome = frozenset(m.card for m in game.legal_moves(side) if type(m) is Cast)
    events = [refused(game, Cast(side, c, spells[c].x_values()[0])) for c in dict.fromkeys(hand) if c not in answer]
    if answer:
        after, c = game.copy(), min(answer, key=lambda c: (spells[c].cost == "X", str(spells[c].cost)))
        mark = len(after.log)
        x = next(x for x, v in zip(spells[c].x_values(), verdicts[c], strict=True) if v is None)
        after.play(Cast(side, c, x))
        events[:0] = events_since(after, mark)[:1]
    q = _("{side} has {hours} left in this turn. Mark every spell of her hand she may cast now, then Check.")
    q = q.format(side=side_name(side), hours=hours_words(hours))
    drawing = partial(draw.table, game, side, highlight=(), dim=(), prompt=_("Which spells may she cast now?"))
    opts = tuple(
        Option(f"c{c}", _("{spell}, {cost}").format(spell=spells[c].name, cost=cost_words(spells[c].cost)), c,
               f"card-{c}", spells[c].name)
        for c in hand
    )  # fmt: skip
    marks, why = [], []
    for c in hand:
        label, words = _cast_verdict(game, c, verdicts[c], casting)
        marks.append(Mark(f"card-{c}", label))
        why.append(words)
    said = ", ".join(spells[c].name for c in hand if c in answer) or _("none")
    return Exercise("castable", seed, q, SET, opts, answer, _castable_rules(game, hand), drawing, " ".join(why),
                    tuple(marks), said, tuple(events), outcome, At(game))  # fmt: skip


def _cast_verdict(game: TemplesGame, card: int, verdicts: list, casting: bool) -> tuple[str, str]:
    """A spell's verdict: the words on its card and a sentence of the reason."""
    spell = game.cards[card]
    if not casting:
        return _("no: travelled"), _("{spell}: no, she has travelled, and spells are cast before travelling.").format(
            spell=spell.name
        )
    if any(v is None for v in verdicts):
        return _("may cast"), _("{spell}: yes ({cost}).").format(spell=spell.name, cost=cost_words(spell.cost))
    reason, rule = next(v for v in verdicts if v is not None)
    label = {"3.3 Conditions": _("no: condition"), "3.3 Theme spells": _("no: theme")}.get(rule, _("no: hours"))
    return label, _("{spell}: no, {reason} ({rule}).").format(spell=spell.name, reason=reason, rule=rule)


def _castable_rules(game: TemplesGame, hand: Sequence[int]) -> tuple[str, ...]:
    """The statements a castable exercise's decision depends on."""
    side, spells = game.turn, [game.cards[c] for c in hand]
    rules = ["T16", "T17", "T18"]
    if game.phase != "cast":
        return in_order([*rules, "T21"])
    conds = [c for sp in spells for c in sp.condition]
    ons = [(side if who == "self" else OTHER[side], tile) for test, who, tile, _lo, _hi in conds if test == "on"]
    rules += ["T63"] if conds else []
    rules += ["T46"] if any(sp.cost == "X" for sp in spells) else []
    rules += ["T47"] if any(test == "distance" for test, *_rest in conds) else []
    rules += ["T35"] if any(pawn == "day" for pawn, _t in ons) else []
    rules += ["T36"] if any(pawn == "night" for pawn, _t in ons) else []
    night_on_night = ("night", "own") if side == "night" else ("night", "enemy")
    rules += ["T-EX5"] if night_on_night in ons else []
    rules += ["T45"] if any(is_fixed(game, game.pawn[pawn]) for pawn, _t in ons) else []
    return in_order(rules)


def make_hours_left(seed: int) -> Exercise:
    """The hours left: in the middle of a turn of a game between bots, after its casts and
    travels (one time in five a turn in which a spell costing X was cast, which the bots seldom
    do); one time in four as a turn begins, after the other retreated with hours unspent."""
    rng = random.Random(seed)
    if rng.random() < 0.25:
        m = find(rng, lambda m: type(m.move) is EndTurn and m.game.hours > 0 and m.game.phase != "retreat"
                  and not discards_needed(len(m.game.hand[m.game.turn])))  # fmt: skip
        game = explained(m.game)
        mark = len(game.log)
        game.play(m.move)
        return hours_exercise(game, [], seed, unspent=m.game.hours, since=mark)
    if rng.random() < 0.2:
        m = find(
            rng, lambda m: free_to_act(m.game) and any(type(mv) is Cast and mv.x is not None for mv in turn_moves(m))
        )
    else:
        m = find(rng, lambda m: free_to_act(m.game) and any(type(mv) in (Cast, Travel) for mv in turn_moves(m)))
    return hours_exercise(m.start, turn_moves(m), seed)


def hours_exercise(
    start: TemplesGame, moves: Sequence[Any], seed: int = 0, unspent: int | None = None, since: int | None = None
) -> Exercise:
    """The hours left after ``moves`` from the start of a turn (``start``): 12 at the
    Awakening, less each spell's cost (2.1, :func:`rules.cost_of`) and 3 for each tile
    travelled; ``unspent``: the hours the other side left when she retreated (the log explains
    from event ``since`` on, by default from ``start``)."""
    game = explained(start)
    mark = len(game.log) if since is None else since
    for move in moves:
        game.play(move)
    side = game.turn
    casts = [mv for mv in moves if type(mv) is Cast]
    travels = [mv.square for mv in moves if type(mv) is Travel]
    spent = [cost_of(game.cards[mv.card], mv.x) for mv in casts]
    answer = HOURS - sum(spent) - TRAVEL_COST * len(travels)
    lines = [_("How many hours has {side} left?").format(side=side_name(side))]
    if unspent is not None:
        lines.append(_("{other} retreated with {hours} unspent; now {side}'s turn begins.").format(
            other=side_name(OTHER[side]), hours=hours_words(unspent), side=side_name(side)))  # fmt: skip
    else:
        lines.append(_("Turn {n}: {side} awoke, and then:").format(n=game.turn_no, side=side_name(side)))
    for mv in casts:
        x = "" if mv.x is None else " " + _("with X = {x}").format(x=mv.x)
        lines.append(_("she cast {spell}{x} (its card below);").format(spell=game.cards[mv.card].name, x=x))
    if travels:
        lines.append(ngettext("she travelled {n} tile: {squares} (ringed).",
                              "she travelled {n} tiles: {squares} (ringed).", len(travels))
                     .format(n=len(travels), squares=" → ".join(square_name(s) for s in travels)))  # fmt: skip
    spells = [(game.cards[mv.card], f"cast-{i}") for i, mv in enumerate(casts)]  # drawn as cards below the words
    q = " ".join(lines[1:]) + " " + lines[0]
    drawing = partial(question, game, lines, label=q, highlight=travels, spells=spells)
    terms = ["12"] + [f"− {c}" for c in spent] + [f"− 3 × {len(travels)}"] * bool(travels)
    reason = _(
        "Every turn begins with 12 hours; unspent hours are lost. Each spell costs the hours in its corner "
        "(X as chosen), each tile travelled 3; a spell that moves a pawn is not travelling: {sum} = {answer}."
    )
    reason = reason.format(sum=" ".join(terms), answer=answer)
    marks = [Mark(f"cast-{i}", _("− {hours}").format(hours=hours_words(c))) for i, c in enumerate(spent)]
    marks += [Mark(draw.square_key(s), _("− 3 h")) for s in travels]
    moved = any(op.op == "move" for mv in casts for op in game.cards[mv.card].effect)
    rules = ["T14"] + (["T16"] if casts else []) + (["T23"] if travels else []) + (["T27"] if unspent else [])
    rules += ["T51"] if moved else []
    rules += ["T-EX2"] if travels and not casts else []
    return Exercise("hours_left", seed, q, NUMBER, number_options(range(HOURS + 1), hours_words), answer, in_order(rules),
                    drawing, reason, tuple(marks), hours_words(answer), events_since(game, mark), game.hours, At(game, tuple(moves)))  # fmt: skip


# ---------------------------------------------------------------------------
# 2.1 Retreating, 1.4 who begins: whose turn, how many spells are discarded
# ---------------------------------------------------------------------------


def make_whose_turn(seed: int) -> Exercise:
    """Who plays next: as a game begins, when a player retreats (with more than five spells or
    not, from a game between bots), or when a spell builds its caster's first temple (built)."""
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.12:
        return whose_turn_exercise(explained(TemplesGame.new(rng.getrandbits(32))), None, seed)
    if r < 0.35:
        game, move = placed(rng, lambda: (8,))
        return whose_turn_exercise(game, move, seed)
    more = rng.random() < 0.45
    m = find(rng, lambda m: type(m.move) is EndTurn and m.game.phase != "retreat"
             and (len(m.game.hand[m.game.turn]) > 5) == more)  # fmt: skip
    return whose_turn_exercise(explained(m.game), m.move, seed)


def _place_words(game: TemplesGame, side: str) -> list[str]:
    return [
        _("{spells} in hand").format(spells=spells_words(len(game.hand[side]))),
        _("temples built: {n}").format(n=game.temples_of(side)),
    ]


def whose_turn_exercise(game: TemplesGame, move: Any, seed: int = 0) -> Exercise:
    """Who plays after ``move`` (``None``: as the game begins): Day begins (1.4); a player
    who retreats with more than five spells discards first (2.1, :func:`rules.discards_needed`),
    else the other's turn begins; after her first temple a player finishes her turn
    (:func:`rules.winner_by_temples`: only the second wins)."""
    after = game.copy()
    mark = 0 if move is None else len(after.log)
    if move is None:
        side, answer = "day", "day"
        q = _("A new game: the pawns stand in opposite corners and each player has drawn five spells. Who plays first?")
        reason, rules = _("Day always begins the game; then the players take turns."), ["T12"]
    elif type(move) is EndTurn:
        side, n = move.who, len(game.hand[move.who])
        answer = side if discards_needed(n) else OTHER[side]
        q = _("{side} retreats, holding {spells}, with {hours} unspent. Who plays next?").format(
            side=side_name(side), spells=spells_words(n), hours=hours_words(game.hours)
        )
        reason, rules = _retreat_reason(side, n), ["T13"] + (["T26"] if discards_needed(n) else ["T12"])
        rules += ["T15"] if game.hours else []
        after.play(move)
    else:
        side = move.who
        after.play(move)
        answer = side if not winner_by_temples(game.temples_of(side) + 1, game.options.temples_to_win) else OTHER[side]
        q = _("{side} casts {spell} on {square}: it completes nine of her tiles bordering on each other, her first "
              "temple. Who plays next?").format(side=side_name(side), spell=game.cards[move.card].name,
                                                 square=square_name(game.pawn[side]))  # fmt: skip
        reason = _("A first temple does not end the turn: {side} finishes her turn as usual.").format(
            side=side_name(side))  # fmt: skip
        rules = ["T32"]
    pieces = [draw.side_piece(s, _place_words(game, s)) for s in ("day", "night")]
    drawing = partial(question, game, [_("Who plays next?"), q], label=q, pieces=pieces)
    opts = tuple(Option(s, _("{side} plays next").format(side=side_name(s)), s, f"side-{s}", side_name(s))
                 for s in ("day", "night"))  # fmt: skip
    marks = (Mark(f"side-{answer}", _("plays next")),)
    return Exercise("whose_turn", seed, q, CHOICE, opts, answer, in_order(rules), drawing, reason, marks,
                    side_name(answer), events_since(after, mark), after.to_players()[0], At(game, move))  # fmt: skip


def _retreat_reason(side: str, n: int) -> str:
    if discards_needed(n):
        return _("Retreating with more than five spells, {side} first discards down to five: she plays on until "
                 "then, and only then does the other's turn begin.").format(side=side_name(side))  # fmt: skip
    return _("Retreating is the last phase of a turn: with five spells or fewer {side} discards nothing, and "
             "{other}'s turn begins.").format(side=side_name(side), other=side_name(OTHER[side]))  # fmt: skip


def make_discards(seed: int) -> Exercise:
    """How many spells are discarded when retreating, from a game between bots."""
    rng = random.Random(seed)
    more = rng.random() < 0.75
    m = find(rng, lambda m: type(m.move) is EndTurn and m.game.phase != "retreat"
             and (len(m.game.hand[m.game.turn]) > 5) == more)  # fmt: skip
    return discards_exercise(explained(m.game), turn_moves(m), seed)


def discards_exercise(game: TemplesGame, moves: Sequence[Any], seed: int = 0) -> Exercise:
    """How many spells the player on turn discards when she retreats now (2.1 Retreating,
    :func:`rules.discards_needed`); ``moves``: her moves this turn."""
    side, n = game.turn, len(game.hand[game.turn])
    answer = discards_needed(n)
    after = game.copy()
    mark = len(after.log)
    after.play(EndTurn(side))
    play_out(after, random.Random(seed), lambda g: g.phase != "retreat")
    outcome = sum(1 for e in after.log.since(mark) if e.what == "discard")
    travels = sum(1 for mv in moves if type(mv) is Travel)
    casts = sum(1 for mv in moves if type(mv) is Cast)
    q = _("{side} retreats now, holding {spells}. How many spells must she discard?").format(
        side=side_name(side), spells=spells_words(n))  # fmt: skip
    drawing = partial(draw.table, game, side, highlight=(), dim=(), prompt=_("How many spells must she discard?"))
    reason = _("Retreating, a player with more than five spells keeps five of her choice and discards the rest; with "
               "five or fewer she discards nothing. {side} holds {n}: {answer}.")  # fmt: skip
    reason = reason.format(side=side_name(side), n=n, answer=answer)
    if travels or casts:
        reason += " " + _("(This turn she drew a spell for each of her {travels} tiles travelled, and each of her "
                          "{casts} spells cast left her hand.)").format(travels=travels, casts=casts)  # fmt: skip
    rules = ["T26"] + (["T25", "T50"] if travels else []) + (["T18"] if casts else [])
    opts = number_options(range(max(n - 5, 0) + 4))
    marks = tuple(Mark(f"card-{c}", _("in hand")) for c in game.hand[side])
    return Exercise("discards", seed, q, NUMBER, opts, answer, in_order(rules), drawing, reason, marks, str(answer),
                    events_since(after, mark), outcome, At(game, tuple(moves)))  # fmt: skip
