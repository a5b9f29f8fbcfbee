"""sunmoon: the exercises of the practice page (issue 18), each a question about one decision a
rule makes, asked on the drawn table and judged by the rules of :mod:`daynight.sunmoon.rules`.

The positions come from seeded games between bots (:func:`moments`: the state before each bot
move, from a random turn on). The right answer is computed by the rule functions from the
position; the engine then plays the position on (on a copy), and what it decided
(``Exercise.outcome``) and what its log said are kept with the exercise, so a test can check
that the judged answer is what the game does.

Each kind (:data:`KINDS`) names the checklist ids it practises (``docs/rule-checklist.md``):

==================  ======  ===========================================================
kind                shape   the decision
==================  ======  ===========================================================
``places``          set     every place this card may go (ends, ascending, anybody's row,
                            eclipses, restoring)
``harvests``        set     which rows the player on turn may harvest now
``harvest_points``  number  how many points a harvest brings
``self_destruct``   choice  whether self-destruct is the only move
``next_player``     choice  who moves next (in turn, or again after an animal card)
``draw_five``       number  how many cards a player holds as their turn begins
``final_turns``     number  how many turns are left once the piles are used up
``final_score``     number  a player's final score
``winners``         set     who wins (teams at four players)
==================  ======  ===========================================================

The ``*_exercise`` functions make an exercise of a kind from a position given to them: the
walkthrough's worked example (the play report's own situations) is made with them.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Sequence
from functools import partial

from .. import i18n
from ..core import IllegalMoveError
from ..i18n import N_, ngettext
from ..practice import CHOICE, NUMBER, SET, Exercise, Kind, Mark, Option, checklist
from . import rules
from .bots import RandomBot, RuleOfThumbBot
from .data import KINDS as ROW_KINDS
from .data import Card
from .draw import drops, move_key, table
from .engine import SunMoon
from .moves import Cover, Harvest, Move, Place, Restore, SelfDestruct
from .words import row_words

__all__ = [
    "KINDS",
    "draw_five_exercise",
    "final_score_exercise",
    "final_turns_exercise",
    "harvest_points_exercise",
    "harvests_exercise",
    "moments",
    "next_player_exercise",
    "places_exercise",
    "played_on",
    "self_destruct_exercise",
    "team_score_exercise",
    "winners_exercise",
]

_ = i18n._  # every sentence a learner reads goes through daynight.i18n

#: the players' names (the play report calls its players 甲, 乙, 丙)
NAMES = ("Ann", "Ben", "Chen", "Dana", "Emil", "Farah", "Gita", "Hugo")
CARD_PLAYS = (Place, Cover, Restore)


def _in_order(ids: Sequence[str]) -> tuple[str, ...]:
    """The checklist ids in the order the checklist gives them."""
    order = list(checklist("sunmoon"))
    return tuple(sorted(set(ids), key=order.index))


# ---------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------


def new_game(rng: random.Random, players: int | None = None) -> SunMoon:
    """A seeded game of 2 to 4 players (no log kept: :func:`played_on` keeps one)."""
    n = players or rng.choice((2, 3, 4))
    return SunMoon.new(n, rng.getrandbits(32), names=rng.sample(NAMES, n), explain=False)


def moments(rng: random.Random, players: int | None = None) -> Iterator[SunMoon]:
    """The state before each move of seeded games between bots, from a random turn on, one game
    after another, without end (the generator's own game: copy what you keep)."""
    while True:
        game = new_game(rng, players)
        bots = [RuleOfThumbBot() if rng.random() < 0.7 else RandomBot() for _ in range(game.n)]
        start = rng.randint(0, 30)
        while not game.is_over():
            if len(game.history) >= start:
                yield game
            p = game.turn
            game.play(bots[p].choose(game.view(p), game.legal_moves(), rng))


def find(rng: random.Random, want: Callable[[SunMoon], bool], tries: int = 600) -> SunMoon:
    """A copy of the first moment :func:`moments` gives that ``want`` accepts; after ``tries``
    moments, the next one whatever it is."""
    for i, game in enumerate(moments(rng)):
        if i >= tries or (not game.is_over() and want(game)):
            return game.copy(explain=False)
    raise AssertionError("moments() never ends")  # pragma: no cover


def find_move(
    rng: random.Random, candidates: Callable[[SunMoon], list[Move]], tries: int = 3000
) -> tuple[SunMoon, Move]:
    """A copy of the first moment of :func:`moments` at which ``candidates`` lists a move, and
    one of those moves; an ``AssertionError`` after ``tries`` moments (never an endless search)."""
    for i, game in enumerate(moments(rng)):
        got = [] if game.is_over() else candidates(game)
        if got:
            return game.copy(explain=False), rng.choice(got)
        if i >= tries:
            break
    raise AssertionError(f"no moment of {tries} offers the move wanted")


def bot_move(game: SunMoon, rng: random.Random) -> Move:
    """The move a rule-of-thumb bot makes now."""
    return RuleOfThumbBot().choose(game.view(game.turn), game.legal_moves(), rng)


def played_on(
    game: SunMoon, moves: Sequence[Move] = (), rng: random.Random | None = None
) -> tuple[SunMoon, tuple[str, ...]]:
    """``game`` played on (on a copy, with its log kept): ``moves``, then with ``rng`` bots to
    the end of the game; the copy and the sentences its log said."""
    after = game.copy(explain=False)
    after.log.enabled = True
    for m in moves:
        after.play(anew(m))
    while rng is not None and not after.is_over():
        after.play(bot_move(after, rng))
    return after, tuple(e.text for e in after.log)


def anew(m: Move) -> Move:
    """The same move built anew, so the engine checks it by its rules (``SunMoon._check``)."""
    return dataclasses.replace(m)


def allowed(game: SunMoon, m: Move) -> bool:
    """Whether the engine accepts ``m`` (built anew, tried on a copy)."""
    try:
        game.copy(explain=False).play(anew(m))
    except IllegalMoveError:
        return False
    return True


def _yes_no(yes: str, no: str) -> tuple[Option, ...]:
    return (Option("yes", yes, True, None, _("yes")), Option("no", no, False, None, _("no")))


def _numbers(values: Sequence[int]) -> tuple[Option, ...]:
    return tuple(Option(f"n{v}", str(v), v, None, str(v)) for v in sorted(set(values)))


def _seats(game: SunMoon) -> tuple[Option, ...]:
    return tuple(Option(f"p{p}", name, p, f"seat-{p}", name) for p, name in enumerate(game.names))


def _whose(game: SunMoon, owner: int, kind: str) -> str:
    return _("{owner}'s {row}").format(owner=game.names[owner], row=row_words(kind))


def _listing(items: Sequence[str]) -> str:
    return _(", ").join(items) if items else _("nowhere")


# ---------------------------------------------------------------------------
# Play a card: every place this card may go
# ---------------------------------------------------------------------------


def _eclipsed_groups(game: SunMoon, kind: str) -> list[tuple[int, int, int, int]]:
    return [g for o in range(game.n) for g in game.shape_of(o, kind).gaps]


def places_rules(game: SunMoon, c: Card, fits: bool) -> tuple[str, ...]:
    """The statements a places exercise of card ``c`` practises."""
    ids = ["U11"]
    if c.eclipse:
        return _in_order(ids + ["U18"])
    ids += ["U12", "U13"] + ([] if fits else ["U14"])
    if any(not game.rows[o][c.kind] for o in range(game.n)):
        ids.append("U15")
    groups = _eclipsed_groups(game, c.kind)
    if groups:
        ids.append("U20")
    if any(last > first for first, last, _b, _a in groups):
        ids.append("U21")
    return _in_order(ids)


def _places_reason(game: SunMoon, c: Card, legal: Sequence[Move]) -> str:
    where = _listing([game.describe_move(m) for m in legal])
    if c.eclipse:
        text = _(
            "An eclipse needs no number order: it goes straight on top of an uncovered card of a {row}, your own "
            "or anybody else's (not on another eclipse). Here: {where}."
        )
    else:
        text = _(
            "A numbered card goes into your own or anybody's {row}, only at an end, smaller numbers on the "
            "left and larger on the right; an empty row takes any number; a number between the numbers beside "
            "an eclipse restores it (of several side by side, the outermost first). Here: {where}."
        )
    return text.format(row=row_words(c.kind), where=where)


def places_exercise(game: SunMoon, c: Card, seed: int = 0, rng: random.Random | None = None) -> Exercise:
    """Every place card ``c`` (in the hand of the player on turn) may go now."""
    p = game.turn
    shown = drops(game, p, c)
    legal = [m for m in game.legal_moves() if getattr(m, "card", None) is c]
    keys = [move_key(game, m) or "" for m in shown]
    opts = tuple(
        Option(f"m{i}", game.describe_move(m), k, k, game.describe_move(m))
        for i, (m, k) in enumerate(zip(shown, keys, strict=True))
    )
    answer = frozenset(move_key(game, m) for m in legal)
    outcome = frozenset(k for m, k in zip(shown, keys, strict=True) if allowed(game, m))
    q = _("It is {name}'s turn. Mark every place where {card} may go, then Check (nothing marked: it fits nowhere).")
    q = q.format(name=game.names[p], card=c.label)
    marks = tuple(Mark(k, _("fits") if k in answer else _("does not fit"), "reason") for k in keys)
    drawing = partial(table, game, p, selected=c, slots=c.kind, dim=[x for x in game.hands[p] if x is not c])
    _after, events = played_on(game, legal[:1] or [bot_move(game, rng or random.Random(seed))])
    said = _listing([game.describe_move(m) for m in legal])
    return Exercise("places", seed, q, SET, opts, answer, places_rules(game, c, bool(legal)), drawing,
                    _places_reason(game, c, legal), marks, said, events, outcome, game)  # fmt: skip


def make_places(seed: int) -> Exercise:
    """A card of the hand of the player on turn: an eclipse a quarter of the time, a number that
    fits nowhere a fifth, otherwise a number, often with eclipses on the table."""
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.25:
        pick: Callable[[SunMoon, Card], bool] = lambda g, c: c.eclipse  # noqa: E731
    elif r < 0.45:
        pick = lambda g, c: not c.eclipse and not g.moves_for(c)  # noqa: E731
    else:
        pick = lambda g, c: not c.eclipse  # noqa: E731
    gap = 0 if r < 0.45 or r >= 0.75 else 1 if r < 0.6 else 2  # 2: eclipses side by side

    def want(g: SunMoon) -> bool:
        groups = [grp for k in ROW_KINDS for grp in _eclipsed_groups(g, k)]
        if (gap and not groups) or (gap == 2 and not any(last > first for first, last, _b, _a in groups)):
            return False
        return any(pick(g, c) for c in g.hands[g.turn])

    game = find(rng, want)
    while not game.hands[game.turn]:  # past the tries, a moment with a hand at least
        game = find(rng, lambda g: bool(g.hands[g.turn]), 0)
    cards = [c for c in game.hands[game.turn] if pick(game, c)] or game.hands[game.turn]
    return places_exercise(game, rng.choice(cards), seed, rng)


# ---------------------------------------------------------------------------
# Harvest a row
# ---------------------------------------------------------------------------


def _row_key(owner: int, kind: str) -> str:
    return f"{owner}-{kind}-row"


def harvests_rules(game: SunMoon) -> tuple[str, ...]:
    """The statements a harvests exercise practises."""
    p, ids = game.turn, ["U22", "U23"]
    for kind in ROW_KINDS:
        row = game.shape_of(p, kind)
        if row.gaps and row.places >= rules.HARVEST_MIN and row.run < rules.HARVEST_MIN:
            ids += ["U19", "U25"] + (["U-EX7"] if row.places - len(row.gaps) >= rules.HARVEST_MIN else [])
        elif row.gaps and row.run >= rules.HARVEST_MIN:
            ids.append("U19")
        if not row.gaps and row.run >= 6:
            ids.append("U-EX6")
    return _in_order(ids)


def _run_words(game: SunMoon, owner: int, kind: str) -> str:
    row = game.shape_of(owner, kind)
    if owner != game.turn:
        return _("not {name}'s own").format(name=game.names[game.turn])
    if rules.harvestable(row):
        return _("a run of {n}: may harvest").format(n=row.run)
    return _("longest run {n}: too short").format(n=row.run)


def harvests_exercise(game: SunMoon, seed: int = 0) -> Exercise:
    """Which rows the player on turn may harvest now (every row of the table offered)."""
    p = game.turn
    rows_ = [(o, k) for o in range(game.n) for k in ROW_KINDS]
    opts = tuple(
        Option(f"r{o}{k}", _whose(game, o, k), _row_key(o, k), _row_key(o, k), _whose(game, o, k)) for o, k in rows_
    )
    may = [m for m in game.legal_moves() if type(m) is Harvest]
    answer = frozenset(_row_key(m.owner, m.row) for m in may)
    outcome = frozenset(_row_key(o, k) for o, k in rows_ if allowed(game, Harvest(p, o, k)))
    q = _("It is {name}'s turn. Mark every row {name} may harvest now, then Check (nothing marked: none).")
    q = q.format(name=game.names[p])
    why = _(
        "A player may spend a whole turn harvesting their own sun or moon row when it holds five or more cards in "
        "a run that no eclipse breaks; only their own rows, never another player's. {name}'s rows: {runs}."
    ).format(
        name=game.names[p],
        runs=_listing([_("{row}: {run}").format(row=row_words(k), run=_run_words(game, p, k)) for k in ROW_KINDS]),
    )
    marks = tuple(Mark(_row_key(o, k), _run_words(game, o, k)) for o, k in rows_ if game.rows[o][k] or o == p)
    _after, events = played_on(game, may[:1] or [bot_move(game, random.Random(seed))])
    said = _listing([_whose(game, m.owner, m.row) for m in may]) if may else _("none")
    return Exercise("harvests", seed, q, SET, opts, answer, harvests_rules(game), partial(table, game, p), why, marks,
                    said, events, outcome, game)  # fmt: skip


def _long_own_row(g: SunMoon) -> bool:
    return not g.extra and any(len(g.rows[g.turn][k]) >= rules.HARVEST_MIN - 1 for k in ROW_KINDS)


def _broken_own_row(g: SunMoon) -> bool:
    return not g.extra and any(
        (s := g.shape_of(g.turn, k)).gaps and s.places - len(s.gaps) >= rules.HARVEST_MIN for k in ROW_KINDS
    )


def make_harvests(seed: int) -> Exercise:
    """A moment with a long own row: one that an eclipse breaks, one that may be harvested, or any."""
    rng = random.Random(seed)
    r = rng.random()
    want = _broken_own_row if r < 0.35 else _may_harvest if r < 0.7 else _long_own_row
    return harvests_exercise(find(rng, want), seed)


def _harvest_moves(g: SunMoon) -> list[Move]:
    return [] if g.extra else list(g.harvests(g.turn))


def _may_harvest(g: SunMoon) -> bool:
    return not g.extra and bool(g.harvests(g.turn))


def harvest_taken(game: SunMoon, kind: str) -> list[Card]:
    """The cards a harvest of the player on turn's ``kind`` row takes (``rules.harvest_split``)."""
    whole = game.options.harvest_takes == "row"
    taken, _kept = rules.harvest_split(game.rows[game.turn][kind], whole)
    return [c for place in taken for c in place]


def harvest_points_exercise(game: SunMoon, kind: str, seed: int = 0) -> Exercise:
    """How many points the harvest of the player on turn's ``kind`` row brings."""
    p = game.turn
    cards = harvest_taken(game, kind)
    points = sum(rules.card_points(c, True) for c in cards)
    eclipses = len(cards) - points
    row = game.rows[p][kind]
    everything = sum(len(place) for place in row)
    taken_places = len(rules.harvest_split(row, game.options.harvest_takes == "row")[0])
    values = [points, len(cards), everything, taken_places, points + 1, max(0, points - 1)]
    before = game.score_table()[p]["harvested"]
    after, events = played_on(game, [Harvest(p, p, kind)])
    q = _("{name} harvests the {row}. How many points do the harvested cards bring at the end of the game?")
    q = q.format(name=game.names[p], row=row_words(kind))
    why = ngettext(
        "The run's {places} places go face down beside {name}, with everything stacked in them: {cards} card, "
        "of which {eclipses} eclipses score 0 and every sun or moon card scores 1: {points}.",
        "The run's {places} places go face down beside {name}, with everything stacked in them: {cards} cards, "
        "of which {eclipses} eclipses score 0 and every sun or moon card scores 1: {points}.",
        len(cards),
    ).format(places=taken_places, name=game.names[p], cards=len(cards), eclipses=eclipses, points=points)
    start, _length = rules.longest_run(row)
    marks = tuple(
        Mark(f"{p}-{kind}-{i}", _("+{n}").format(n=sum(not c.eclipse for c in row[i])))
        for i in range(start, start + taken_places)
    )
    ids = ["U24", "U30"] + (["U31"] if eclipses else [])
    return Exercise("harvest_points", seed, q, NUMBER, _numbers(values), points, _in_order(ids),
                    partial(table, game, p), why, marks, str(points), events,
                    after.score_table()[p]["harvested"] - before, game)  # fmt: skip


def _restored_in_run(g: SunMoon) -> bool:
    return any(c.eclipse for k in ROW_KINDS if g.can_harvest(g.turn, k) for c in harvest_taken(g, k))


def make_harvest_points(seed: int) -> Exercise:
    """A harvest the player on turn may make (a third of the time, a restored place in its run)."""
    rng = random.Random(seed)
    restored = rng.random() < 0.35

    def want(g: SunMoon) -> bool:
        return _may_harvest(g) and (not restored or _restored_in_run(g))

    game = find(rng, want, 1500)
    if not _may_harvest(game):  # past the tries, any harvest
        game, _m = find_move(rng, _harvest_moves)
    return harvest_points_exercise(game, rng.choice(game.harvests(game.turn)).row, seed)


# ---------------------------------------------------------------------------
# Self-destruct, the turns and drawing
# ---------------------------------------------------------------------------


def self_destruct_exercise(game: SunMoon, seed: int = 0) -> Exercise:
    """Whether the player on turn must self-destruct (neither a card to play nor a harvest)."""
    p = game.turn
    plays = game.card_plays(p)
    harvests = [] if game.extra else game.harvests(p)
    must = rules.may_self_destruct(bool(plays), bool(harvests))
    opts = _yes_no(_("Yes: {name} must self-destruct").format(name=game.names[p]),
                   _("No: {name} has another move").format(name=game.names[p]))  # fmt: skip
    q = _("It is {name}'s turn. Must {name} self-destruct?").format(name=game.names[p])
    hand = _listing([c.words for c in game.hands[p]]) if game.hands[p] else _("no cards")
    if must:
        why = _(
            "{name} holds {hand}: not one fits any row, and no own row has a run of five, so {name} must "
            "self-destruct: the hand and both own rows go to the discard pile."
        ).format(name=game.names[p], hand=hand)
        marks: tuple[Mark, ...] = (Mark(f"seat-{p}", _("must self-destruct")),)
    else:
        first = (plays + harvests)[0]
        why = _(
            "Self-destruct is allowed only when a player can neither play a card nor harvest; {name} can: "
            "{move}, so {name} must do that (or another legal move) instead."
        ).format(name=game.names[p], move=game.describe_move(first))
        # the row it goes into (an end of a row is drawn only while a card is picked up), or its place
        key = move_key(game, first) if isinstance(first, (Cover, Restore)) else _row_key(first.owner, first.row)
        marks = (Mark(key or f"seat-{p}", _("a legal move: {move}").format(move=game.describe_move(first))),)
    _after, events = played_on(game, [SelfDestruct(p)] if must else [bot_move(game, random.Random(seed))])
    own_only = all(m.owner == p for m in plays)
    ids = ["U10", "U26"] + (["U27"] if must else []) + (["U-EX8"] if plays and not harvests and not own_only else [])
    return Exercise("self_destruct", seed, q, CHOICE, opts, must, _in_order(ids),
                    partial(table, game, p), why, marks,
                    _("yes") if must else _("no"), events, allowed(game, SelfDestruct(p)), game)  # fmt: skip


def _stuck(g: SunMoon) -> bool:
    return bool(g.hands[g.turn]) and g.legal_moves() == (SelfDestruct(g.turn),)


def _others_only(g: SunMoon) -> bool:
    plays = g.card_plays(g.turn)
    return bool(plays) and not g.harvests(g.turn) and all(m.owner != g.turn for m in plays)


def make_self_destruct(seed: int) -> Exercise:
    """Half the time a player who must self-destruct; otherwise often one who can play only on
    other players' rows (the play report's way out)."""
    rng = random.Random(seed)
    r = rng.random()
    want = _stuck if r < 0.5 else _others_only if r < 0.8 else (lambda g: True)
    return self_destruct_exercise(find(rng, want, 3000), seed)


def next_player_exercise(game: SunMoon, m: Move, seed: int = 0) -> Exercise:
    """Who moves after the player on turn makes card play ``m``: the same player again after an
    animal card, otherwise the next player in turn."""
    p = game.turn
    assert isinstance(m, CARD_PLAYS)
    again = rules.obliges_another_play(m.card)
    answer = p if again else rules.next_player(p, game.n)
    after, events = played_on(game, [m])
    q = _("It is {name}'s turn: {move}. Who moves next?").format(name=game.names[p], move=game.describe_move(m))
    if again:
        why = _("{card} shows an animal ({animal}), so {name} must play another card at once.").format(
            card=m.card.words, animal=m.card.animal_words, name=game.names[p]
        )
    else:
        why = _("{card} shows no animal, so {name}'s turn ends and the next player in turn, {next}, moves.")
        why = why.format(card=m.card.words, name=game.names[p], next=game.names[answer])
    marks = (Mark(f"seat-{answer}", _("moves next")), Mark(move_key(game, m) or f"seat-{p}", _("played here")))
    ids = ["U8"] + (["U16"] if again else []) + (["U-EX3"] if m.card.name == "sun 9" else [])
    drawing = partial(table, game, None, selected=m.card, slots=m.card.kind, fits=[move_key(game, m) or ""])
    return Exercise("next_player", seed, q, CHOICE, _seats(game), answer, _in_order(ids), drawing, why, marks,
                    game.names[answer], events, None if after.is_over() else after.turn, game)  # fmt: skip


def make_next_player(seed: int) -> Exercise:
    """A card play outside the final round, half the time of an animal card that has a follow-up."""
    rng = random.Random(seed)
    animal = rng.random() < 0.5

    def candidates(g: SunMoon) -> list[Move]:
        if g.final_left is not None:
            return []
        plays = [m for m in g.legal_moves() if isinstance(m, CARD_PLAYS)]
        if animal:
            return [m for m in plays if m.card.animal and _follow_up(g, m)]
        return [m for m in plays if not m.card.animal]

    return next_player_exercise(*find_move(rng, candidates), seed)


def _follow_up(g: SunMoon, m: Move) -> bool:
    """Whether a card still fits after ``m`` (an animal card's extra play)."""
    after = g.copy(explain=False)
    after.play(m)
    return after.turn == g.turn and not after.is_over()


def draw_five_exercise(game: SunMoon, m: Move, seed: int = 0) -> Exercise:
    """How many cards the next player holds as their turn begins, after ``m`` ends this turn."""
    p = game.turn
    q_ = rules.next_player(p, game.n)
    hand = game.hands[q_]
    pile, discard = len(game.draw_pile), len(game.discard)
    draws = rules.must_draw(hand)
    answer = min(rules.HAND_SIZE, pile + discard) if draws else len(hand)
    after, events = played_on(game, [m])
    name = game.names[q_]
    q = ngettext(
        "{name} holds {n} card. Once {mover}'s move ends the turn, how many cards does {name} hold as "
        "{name}'s turn begins?",
        "{name} holds {n} cards. Once {mover}'s move ends the turn, how many cards does {name} hold as "
        "{name}'s turn begins?",
        len(hand),
    ).format(name=name, n=len(hand), mover=game.names[p])
    if not draws:
        why = _("{name} still has cards in hand, so {name} draws nothing: only an empty hand draws five.")
    elif pile >= rules.HAND_SIZE:
        why = _("{name}'s hand is empty, so {name} draws five cards from the draw pile ({pile} there).")
    else:
        why = _(
            "{name}'s hand is empty, so {name} draws five: the draw pile holds {pile}; once it is used up the "
            "discard pile ({discard}) is shuffled into a new draw pile, so {name} gets {answer}."
        )
    why = why.format(name=name, pile=pile, discard=discard, answer=answer)
    marks = (Mark(f"seat-{q_}", _("holds {n}").format(n=answer)), Mark("draw-pile", _("{n} here").format(n=pile)),
             Mark("discard-pile", _("{n} here").format(n=discard)))  # fmt: skip
    ids = ["U7", "U17"] + (["U28"] if draws and pile < rules.HAND_SIZE and discard else [])
    outcome = len(after.hands[q_]) if after.turn == q_ and not after.is_over() else None
    return Exercise("draw_five", seed, q, NUMBER, _numbers(range(rules.HAND_SIZE + 1)), answer, _in_order(ids),
                    partial(table, game, None), why, marks, str(answer), events, outcome, game)  # fmt: skip


def make_draw_five(seed: int) -> Exercise:
    """A move that ends the turn before the final round; mostly with the next hand empty, a
    third of those with fewer than five cards left in the draw pile."""
    rng = random.Random(seed)
    r = rng.random()

    def candidates(g: SunMoon) -> list[Move]:
        if g.final_left is not None or g.extra:
            return []
        nxt = g.hands[rules.next_player(g.turn, g.n)]
        if (r < 0.7 and nxt) or (r < 0.3 and len(g.draw_pile) >= rules.HAND_SIZE):
            return []
        return [m for m in g.legal_moves() if type(m) is Harvest or (isinstance(m, CARD_PLAYS) and not m.card.animal)]

    game, m = find_move(rng, candidates)
    return draw_five_exercise(game, m, seed)


# ---------------------------------------------------------------------------
# The end of the game and the scores
# ---------------------------------------------------------------------------


def final_rounds(rng: random.Random, players: int | None = None) -> tuple[SunMoon, int, list[SunMoon]]:
    """A seeded game between bots at the moment its final round begins (``rules.final_round_begins``),
    the seat whose draw used the piles up, and a copy of the game before every move after that."""
    while True:
        game = new_game(rng, players)
        bots = [RuleOfThumbBot() if rng.random() < 0.7 else RandomBot() for _ in range(game.n)]
        start: SunMoon | None = None
        later: list[SunMoon] = []
        while not game.is_over():
            if start is not None:
                later.append(game.copy(explain=False))
            p = game.turn
            game.play(bots[p].choose(game.view(p), game.legal_moves(), rng))
            if start is None and game.final_left is not None and not game.is_over():
                start = game.copy(explain=False)
                starter = game.turn
        if start is not None and later:
            return start, starter, later


def final_turns_exercise(game: SunMoon, starter: int, seed: int = 0) -> Exercise:
    """How many turns are left, this one included, once the final round has begun with ``starter``'s draw."""
    p, n = game.turn, game.n
    left = n - (p - starter) % n
    _after, events = played_on(game, rng=random.Random(seed))
    turns, g = 0, game.copy(explain=False)
    while not g.is_over():  # the turns the engine plays: each ends with another seat to move, or the end
        who = g.turn
        g.play(bot_move(g, random.Random(seed + turns)))
        turns += g.is_over() or g.turn != who
    q = _(
        "The draw pile is used up and the discard pile cannot refill it: the final round began as {starter} "
        "drew. It is {name}'s turn. How many turns are left, this one included?"
    ).format(starter=game.names[starter], name=game.names[p])
    why = ngettext(
        "Once the piles are used up every player takes one more turn, starting with {starter}; {done} of the {n} "
        "turns are played, so {left} turn is left, then the game ends and is scored.",
        "Once the piles are used up every player takes one more turn, starting with {starter}; {done} of the {n} "
        "turns are played, so {left} turns are left, then the game ends and is scored.",
        left,
    ).format(starter=game.names[starter], done=n - left, n=n, left=left)
    marks = (Mark(f"seat-{starter}", _("final round began")), Mark("draw-pile", _("used up")))
    said = _("It is {player}'s turn; final round.").format(player=game.names[p])  # not the turns left: the question
    return Exercise("final_turns", seed, q, NUMBER, _numbers(range(1, n + 1)), left, ("U29",),
                    partial(table, game, None, status=said),
                    why, marks, str(left), tuple(e for e in events if e)[-3:], turns, game)  # fmt: skip


def make_final_turns(seed: int) -> Exercise:
    rng = random.Random(seed)
    start, starter, later = final_rounds(rng)
    game = start if rng.random() < 0.3 else rng.choice(later)
    while game.extra:  # a turn's first move
        game = rng.choice(later)
    return final_turns_exercise(game, starter, seed)


def final_score_exercise(before: SunMoon, last: Move, player: int, seed: int = 0) -> Exercise:
    """A player's final score, once ``last`` (the game's last move, made on ``before``) ends the game."""
    after, _events = played_on(before, [last])
    harvested, hand = after.harvested[player], after.hands[player]
    rows_ = [after.rows[player][k] for k in ROW_KINDS]
    s = rules.score(harvested, rows_, hand)
    name = after.names[player]
    values = [s["total"], s["harvested"], s["harvested"] - s["in_rows"], s["harvested"] - s["in_hand"],
              s["total"] + 1, s["total"] - 1]  # fmt: skip
    q = _("The game is over. What is {name}'s score?").format(name=name)
    why = _(
        "Each harvested sun or moon card scores 1 (harvested eclipses 0): +{plus}; each sun or moon card left in "
        "{name}'s own rows costs 1 (covered ones too): -{rows}; and each left in the hand: -{hand}; eclipses cost "
        "nothing. {total:+d} in all."
    ).format(plus=s["harvested"], name=name, rows=s["in_rows"], hand=s["in_hand"], total=s["total"])
    marks = tuple(
        Mark(f"{player}-{k}-row", _("-{n}").format(n=sum(not c.eclipse for pl in after.rows[player][k] for c in pl)))
        for k in ROW_KINDS
        if after.rows[player][k]
    )
    marks += (Mark(f"seat-{player}", _("score {score:+d}").format(score=s["total"])),)
    ids = ["U30", "U32"] + (["U31"] if s["harvested_eclipses"] else [])
    ids += ["U33"] if any(c.eclipse for c in hand) or any(c.eclipse for r in rows_ for pl in r for c in pl) else []
    outcome = next((e.data["total"] for e in after.log.of_kind("score") if e.data.get("player") == player), None)
    return Exercise("final_score", seed, q, NUMBER, _numbers(values), s["total"], _in_order(ids),
                    partial(table, after, None, status=_("The game is over."), scores=False),
                    why, marks, f"{s['total']:+d}", tuple(e.text for e in after.log.of_kind("score")), outcome,
                    after)  # fmt: skip


def team_score_exercise(before: SunMoon, last: Move, player: int, seed: int = 0) -> Exercise:
    """The total of ``player``'s team once ``last`` ends a game of four in teams: partners add their scores."""
    after, _events = played_on(before, [last])
    team = rules.teams(after.n, after.options.scoring)
    assert team is not None, "four players in teams"
    mates = [p for p in range(after.n) if team[p] == team[player]]
    totals = [rules.score(after.harvested[p], (after.rows[p][k] for k in ROW_KINDS), after.hands[p])["total"]
              for p in range(after.n)]  # fmt: skip
    total = sum(totals[p] for p in mates)
    others = sum(totals) - total
    a, b = (after.names[p] for p in mates)
    q = _("The game is over. {a} and {b} play in one team: what is their team's total?").format(a=a, b=b)
    why = _(
        "With four players the partners sitting opposite add their scores: {a} {sa:+d} and {b} {sb:+d}, "
        "{total:+d} together (the other team: {others:+d})."
    ).format(a=a, b=b, sa=totals[mates[0]], sb=totals[mates[1]], total=total, others=others)
    marks = tuple(Mark(f"seat-{p}", _("score {score:+d}").format(score=totals[p])) for p in mates)
    values = [total, totals[mates[0]], totals[mates[1]], others, total + 1, total - 1]
    left = [c for p in mates for c in after.hands[p]] + [
        c for p in mates for k in ROW_KINDS for pl in after.rows[p][k] for c in pl
    ]
    ids = ["U2", "U30", "U32"] + (["U31"] if any(c.eclipse for p in mates for c in after.harvested[p]) else [])
    ids += ["U33"] if any(c.eclipse for c in left) else []
    ends = after.log.of_kind("end")
    outcome = ends[-1].data["totals"][team[player]] if ends else None
    return Exercise("final_score", seed, q, NUMBER, _numbers(values), total, _in_order(ids),
                    partial(table, after, None, status=_("The game is over."), scores=False), why, marks, f"{total:+d}",
                    tuple(e.text for e in after.log if e.what in ("score", "end")), outcome, after)  # fmt: skip


def make_final_score(seed: int) -> Exercise:
    """A player's score at the end of a game; a third of the time a team's total, four playing in teams."""
    rng = random.Random(seed)
    teams = rng.random() < 0.3
    _start, _starter, later = final_rounds(rng, 4 if teams else None)
    before = later[-1]
    last = bot_move(before, random.Random(seed))
    while not played_on(before, [last])[0].is_over():  # the bots' own last move ended it
        last = rng.choice(before.legal_moves())
    make = team_score_exercise if teams else final_score_exercise
    return make(before, last, rng.randrange(before.n), seed)


def winners_exercise(before: SunMoon, last: Move, seed: int = 0) -> Exercise:
    """Who wins once ``last`` ends the game: the highest score; with four players, the team."""
    after, _events = played_on(before, [last])
    totals = [rules.score(after.harvested[p], (after.rows[p][k] for k in ROW_KINDS), after.hands[p])["total"]
              for p in range(after.n)]  # fmt: skip
    team = rules.teams(after.n, after.options.scoring)
    if team is None:
        best = rules.winners(totals)
        answer = frozenset(best)
        sums = ""
    else:
        by_team = [sum(t for p, t in enumerate(totals) if team[p] == k) for k in (0, 1)]
        best = rules.winners(by_team)
        answer = frozenset(p for p in range(after.n) if team[p] in best)
        sums = _(" With four players the partners sitting opposite add their scores: {a} and {b}.").format(
            a=by_team[0], b=by_team[1]
        )
    scores = _listing([_("{name} {score:+d}").format(name=after.names[p], score=t) for p, t in enumerate(totals)])
    why = _("After scoring the higher score wins; equal scores share the win. The scores: {scores}.{teams}")
    why = why.format(scores=scores, teams=sums)
    marks = tuple(Mark(f"seat-{p}", _("wins") if p in answer else _("score {score:+d}").format(score=totals[p]))
                  for p in range(after.n))  # fmt: skip
    won = after.winners()
    outcome = frozenset(p for p in range(after.n) if (after.team_of(p) if team else p) in won)
    q = _("The game is over. Mark every player who wins, then Check.")
    ids = ["U34"] + (["U2"] if team else [])
    said = _(" and ").join(after.names[p] for p in sorted(answer))
    return Exercise("winners", seed, q, SET, _seats(after), answer, _in_order(ids),
                    partial(table, after, None, status=_("The game is over.")), why, marks,
                    said, tuple(e.text for e in after.log if e.what in ("score", "end")), outcome, after)  # fmt: skip


def make_winners(seed: int) -> Exercise:
    rng = random.Random(seed)
    _start, _starter, later = final_rounds(rng, 4 if rng.random() < 0.4 else None)
    before = later[-1]
    last = bot_move(before, random.Random(seed))
    while not played_on(before, [last])[0].is_over():
        last = rng.choice(before.legal_moves())
    return winners_exercise(before, last, seed)


KINDS: tuple[Kind, ...] = (
    Kind("places", N_("Where may this card go?"), ("U11", "U12", "U13", "U14", "U15", "U18", "U20", "U21"), SET,
         make_places),
    Kind("harvests", N_("Which rows may be harvested?"), ("U19", "U22", "U23", "U25", "U-EX6", "U-EX7"), SET,
         make_harvests),
    Kind("harvest_points", N_("A harvest: how many points?"), ("U24", "U30", "U31"), NUMBER, make_harvest_points),
    Kind("self_destruct", N_("Is self-destruct the only move?"), ("U10", "U26", "U27", "U-EX8"), CHOICE,
         make_self_destruct),
    Kind("next_player", N_("Who moves next? (animal cards)"), ("U8", "U16", "U-EX3"), CHOICE, make_next_player),
    Kind("draw_five", N_("Drawing five: how many cards?"), ("U7", "U17", "U28"), NUMBER, make_draw_five),
    Kind("final_turns", N_("The end: how many turns are left?"), ("U29",), NUMBER, make_final_turns),
    Kind("final_score", N_("The final score (teams at four)"), ("U2", "U30", "U31", "U32", "U33"), NUMBER,
         make_final_score),
    Kind("winners", N_("Who wins? (teams at four)"), ("U2", "U34"), SET, make_winners),
)  # fmt: skip
