"""stars: the exercises of the practice page (issue 18), each a question about one decision a
rule makes, asked on a drawn table and judged by the rules of :mod:`daynight.stars.rules`.

The positions come from :mod:`daynight.stars.moments`: seeded games between bots, or rounds
built through the public API where the bots' games seldom show what a rule decides. The right
answer is computed by the rule functions from the cards on the table; the engine then plays the
position on, and what it decided (its summary of the round, :class:`daynight.stars.Round`, or
its state) and what its log said are kept with the exercise, so a test can check that the
judged answer is what the game does.

Each kind (:data:`KINDS`) names the checklist ids it practises (``docs/rule-checklist.md``):

========================  =======  =================================================
kind                      shape    the decision
========================  =======  =================================================
``removed_cards``         number   how many cards go back to the box at setup
``round_begins``          choice   day or night once a round's card is revealed (setup, kept)
``time_card``             choice   the side of the time card after the reveal and both plays
``winning_colour``        choice   which colour wins, by day or by night, or none (a tie)
``winning_total``         number   the winning colour's total, the revealed card included
``choosing_order``        order    who chooses, in which order (sums, ties, fewer stars)
``no_card``               set      who takes no card this round
``may_take``              set      which cards the chooser may take (stars or none)
``discarded``             set      which cards go to the discard pile at the clean-up
``cards_in_hand``         number   how many cards a player holds when the next round begins
``last_round``            choice   whether the next round is the last
``game_winners``          set      who wins the game (stars, then cards, else shared)
========================  =======  =================================================

The round kinds ask their question on :func:`daynight.stars.draw.round_revealed`: the moment
between the second reveal and the decision, which the engine passes through without stopping.
:func:`rulebook_steps` are the rulebook's own example (Ursula, Matthias and Irene), asked step
by step: the walkthrough has the learner work it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial

from .. import draw as d
from ..i18n import N_, _, ngettext
from ..practice import CHOICE, NUMBER, ORDER, SET, Exercise, Kind, Mark, Option, checklist, ordinal
from . import rules
from .bots import RuleOfThumbBot
from .data import COLOURS, Card
from .draw import round_revealed, round_table, table
from .engine import CHOOSE, StarsGame
from .exercise_draw import beginning_drawing, standings_drawing
from .moments import (
    RoundAt,
    bot_move,
    built_round,
    deal_names,
    decision_of,
    find_round,
    finished_game,
    near_the_end,
    round_beginnings,
    round_starts,
    rounds,
    rulebook_round,
    starless_round,
)

__all__ = ["KINDS", "rulebook_steps", "standings_drawing"]


def _time(day: bool) -> str:
    return _("day") if day else _("night")


def _in_order(ids: Sequence[str]) -> tuple[str, ...]:
    """The checklist ids in the order the rules sheet gives them."""
    order = list(checklist("stars"))
    return tuple(sorted(set(ids), key=order.index))


# ---------------------------------------------------------------------------
# The question drawings
# ---------------------------------------------------------------------------


def _asked(
    at: RoundAt, line: str, question: str, *, day: bool | None = None, totals: str = "none"
) -> Callable[..., d.Drawing]:
    """The round at ``at`` with every card face up and nothing decided (the time card showing
    ``day``, by default as the reveals left it), a ``line`` and the ``question`` in words: the
    drawing as a function of the table's width (:class:`daynight.practice.Exercise`)."""
    lines = [_("Round {n}").format(n=at.game.round), line, question]
    return partial(round_revealed, at.round, at.names, at.collected, day=at.day if day is None else day,
                   totals=totals, lines=lines, label=question)  # fmt: skip


# ---------------------------------------------------------------------------
# What the kinds share
# ---------------------------------------------------------------------------


def _seat_options(names: Sequence[str]) -> tuple[Option, ...]:
    return tuple(Option(f"p{p}", name, p, f"seat-{p}", name) for p, name in enumerate(names))


def _number_options(values: Sequence[int]) -> tuple[Option, ...]:
    return tuple(Option(f"n{v}", str(v), v, None, str(v)) for v in sorted(set(values)))


def _listing(totals: dict[str, int]) -> str:
    return ", ".join(f"{k} {totals[k]}" for k in COLOURS if k in totals)


def _most(day: bool) -> str:
    return _("highest") if day else _("lowest")


def _result(at: RoundAt) -> tuple[dict[str, int], str | None, list[int], list[int], list[int]]:
    """What the rules say of the round at ``at``: the totals, the winning colour, each player's
    value in it, who chooses in order and who receives no card for a tie."""
    totals = at.totals()
    colour = rules.winning_colour(totals, at.day)
    if colour is None:
        return totals, None, [], [], []
    values = rules.winning_values(at.played, colour)
    order, dropped = rules.choosing_order(values, at.stars, at.day)
    return totals, colour, values, order, dropped


def _colour_reason(at: RoundAt, totals: dict[str, int], colour: str | None) -> str:
    day, listing = at.day, _listing(totals)
    best = (max if day else min)(totals.values())
    if colour is None:
        tied = _(" and ").join(k for k in COLOURS if totals.get(k) == best)
        text = _(
            "It is {time}, so the {most} total wins, the revealed card included ({listing}); {tied} tie at "
            "{best}, so there is no winning colour and nobody takes a card."
        )
    else:
        tied = ""
        text = _(
            "It is {time}, so the colour with the {most} total wins, the revealed card included ({listing}): "
            "{colour} with {best}."
        )
    return text.format(time=_time(day), most=_most(day), listing=listing, tied=tied, best=best, colour=colour)


def _colour_marks(at: RoundAt, totals: dict[str, int], colour: str | None) -> tuple[Mark, ...]:
    best = (max if at.day else min)(totals.values())
    shown = [colour] if colour else [k for k in totals if totals[k] == best]
    words = _("wins: {total}") if colour else _("tied: {total}")
    marks = [Mark(f"card-{c.id}", words.format(total=totals[c.colour])) for c in at.cards if c.colour in shown]
    return (Mark("time", _("{time}: the {most} wins").format(time=_time(at.day), most=_most(at.day))), *marks)


def _total_marks(at: RoundAt, totals: dict[str, int], colour: str | None) -> tuple[Mark, ...]:
    """Words on the colour totals (keyed ``total-<colour>``): the winning one, or those tied."""
    best = (max if at.day else min)(totals.values())
    if colour is not None:
        return (Mark(f"total-{colour}", _("wins: {total}").format(total=totals[colour])),)
    return tuple(Mark(f"total-{k}", _("tied: {total}").format(total=best)) for k in COLOURS if totals.get(k) == best)


def _any_round(rng: random.Random, prefer: Callable[[RoundAt], bool], chance: float) -> RoundAt:
    """A decision moment; with probability ``chance`` one that ``prefer`` accepts (if found)."""
    if rng.random() < chance:
        found = find_round(rng, prefer)
        if found is not None:
            return found
    return next(rounds(rng))


def _tie(at: RoundAt) -> bool:
    return _result(at)[1] is None


def _chooser_round(rng: random.Random) -> RoundAt:
    """A round in which at least two players played the winning colour; a third of them built
    with two players level in value (the tie-breaks)."""
    if rng.random() < 1 / 3:
        for _i in range(20):
            at = built_round(rng, rng.random() < 0.5)
            if at is not None:
                return at
    found = find_round(rng, lambda at: len(_result(at)[3]) + len(_result(at)[4]) >= 2, 400)
    assert found is not None, "a round with two players in the winning colour"
    return found


def _seat_reasons(
    at: RoundAt, colour: str | None, values: list[int], order: list[int], dropped: list[int]
) -> tuple[Mark, ...]:
    marks = []
    for p, cs in enumerate(at.played):
        place = ordinal(order.index(p) + 1) if p in order else ""
        if colour is None:
            words = _("no card: a tie")
        elif p in order and all(c.colour == colour for c in cs):
            words = _("{place}: {a} + {b} = {v}").format(place=place, a=cs[0].value, b=cs[1].value, v=values[p])
        elif p in order:
            words = _("{place}: {colour} {v}").format(place=place, colour=colour, v=values[p])
        elif p in dropped:
            words = _("tied ({v}, {stars} stars): no card").format(v=values[p], stars=at.stars[p])
        else:
            words = _("no {colour}: no card").format(colour=colour)
        marks.append(Mark(f"seat-{p}", words))
    return tuple(marks)


def _order_reason(at: RoundAt, colour: str, values: list[int], order: list[int]) -> str:
    ranked = _(", then ").join(f"{at.names[p]} ({values[p]})" for p in order) or _("nobody")
    text = _(
        "{colour} wins by {time}, so whoever played {colour} chooses, {most} value first (both cards of the "
        "colour added): {ranked}."
    ).format(colour=colour.capitalize(), time=_time(at.day), most=_most(at.day), ranked=ranked)
    level = [p for p in range(len(values)) if values[p] and values.count(values[p]) > 1]
    if level:
        text += " " + _(
            "Equal values: fewer stars already collected chooses first ({who}); still equal, neither gets a card."
        ).format(who=", ".join(f"{at.names[p]} {at.stars[p]}" for p in level))
    return text


# ---------------------------------------------------------------------------
# Setup and the time card
# ---------------------------------------------------------------------------


def make_removed_cards(seed: int) -> Exercise:
    """How many cards go back to the box unseen at setup, by the number of players."""
    rng = random.Random(seed)
    n = rng.choice(sorted(rules.REMOVED))
    game = StarsGame.new(n, rng.getrandbits(32), names=deal_names(rng, n))
    answer = rules.cards_removed(n)
    q = _(
        "A new game of {n} players: the cards were shuffled and each player took 7. How many cards went back to "
        "the box, unseen?"
    ).format(n=n)
    pile = 108 - answer - rules.HAND_SIZE * n
    why = _(
        "With 3 players 33 cards go back to the box, with 4 players 16, with 5 players 3: here {answer}, so that "
        "{pile} cards form the draw pile."
    ).format(answer=answer, pile=pile)
    events = tuple(e.text for e in game.log.of_kind("setup"))
    opts = _number_options([rules.cards_removed(k) for k in rules.REMOVED])
    marks = (Mark("pile", _("{pile} = 108 - {answer} - {n} x 7").format(pile=pile, answer=answer, n=n)),)
    return Exercise("removed_cards", seed, q, NUMBER, opts, answer, ("S6",), partial(table, game), why,
                    marks, str(answer), events, game.view(0).removed_size, game)  # fmt: skip


def _beginning(rng: random.Random) -> tuple[StarsGame, bool | None]:
    """A round just begun (a third of them the first round) and how the round before left the
    time card (``None``: the first round); more often night, where a reset would show."""
    starts = round_beginnings(rng)
    if rng.random() < 1 / 3:
        return starts[0], None
    later = starts[1:]
    nights = [g for g in later if g.view(0).rounds[-1].time == "night"]
    game = rng.choice(nights if nights and rng.random() < 0.6 else later)
    return game, game.view(0).rounds[-1].time == "day"


def _beginning_reason(round_no: int, before: bool | None, revealed: Card | None, now: bool) -> str:
    if before is None:
        start = _("At setup the time card is placed sun side up, so round 1 begins by day.")
    else:
        start = _("The time card is not reset between rounds: round {n} begins as round {m} ended, by {time}.").format(
            n=round_no, m=round_no - 1, time=_time(before)
        )
    if revealed is None:
        then = _("No card is revealed (the draw pile is empty), so it stays on {now}.")
    elif revealed.time:
        then = _("The revealed card ({card}) shows the time symbol, so the time card is turned over at once: {now}.")
    else:
        then = _("The revealed card ({card}) shows no time symbol, so the time card stays on {now}.")
    return start + " " + then.format(card=revealed.name if revealed else "", now=_time(now))


def make_round_begins(seed: int) -> Exercise:
    """Day or night once a round's card is revealed: the first round begins by day (the time
    card is placed sun side up), every other round as the one before ended (it is not reset),
    and a revealed time symbol turns it over at once."""
    rng = random.Random(seed)
    game, before = _beginning(rng)
    view = game.view(0)
    start = view.start_day if before is None else before  # round 1: the time card as the setup placed it
    revealed = view.revealed
    answer = rules.turn_time_card(start, [revealed] if revealed else [])
    card = revealed.name if revealed else ""
    if before is None:
        q = _("A new game: round 1 begins.")
    else:
        q = _("Round {m} ended by {time}; round {n} begins.").format(m=view.round - 1, time=_time(before), n=view.round)
    q += " " + (
        _("The draw pile is empty, so no card is revealed.")
        if revealed is None
        else _("The card revealed from the draw pile is {card}.").format(card=card)
    )
    q += " " + _("Which side of the time card is up now? Click it.")
    opts = (
        Option("day", _("Day: the sun side is up"), True, "side-day", _("day")),
        Option("night", _("Night: the moon side is up"), False, "side-night", _("night")),
    )
    marks = [Mark("side-day" if answer else "side-night", _("now: {time}").format(time=_time(answer)))]
    if before is not None:
        marks.append(Mark("time", _("kept: {time}").format(time=_time(before))))
    if revealed is not None:
        marks.append(Mark(f"card-{revealed.id}", _("turns it") if revealed.time else _("no time symbol")))
    ids = ["S5" if before is None else "S29"] + (["S11"] if revealed is not None and revealed.time else [])
    log = list(game.log)
    begun = max(i for i, e in enumerate(log) if e.what in ("setup", "cleanup"))
    events = tuple(e.text for e in log[begun:] if e.what in ("setup", "cleanup", "reveal", "flip"))
    drawing = partial(beginning_drawing, game, before, _("Which side is up now?"))
    return Exercise("round_begins", seed, q, CHOICE, opts, answer, _in_order(ids), drawing,
                    _beginning_reason(view.round, before, revealed, answer), tuple(marks), _time(answer), events,
                    view.day, game)  # fmt: skip


def make_time_card(seed: int) -> Exercise:
    """The side of the time card after the revealed card and both plays."""
    rng = random.Random(seed)
    at = _any_round(rng, lambda at: any(c.time for c in at.cards), 0.85)
    flips = [c for c in at.cards if c.time]
    opts = (
        Option("day", _("Day (sun side up)"), True, None, _("day")),
        Option("night", _("Night (moon side up)"), False, None, _("night")),
    )
    q = _(
        "Round {round} began by {time}. Here are the revealed card and both plays. Which side of the time card is "
        "up now?"
    ).format(round=at.game.round, time=_time(at.start_day))
    drawing = _asked(at, _("the time card as it began"), _("Which side is up now?"), day=at.start_day)
    why = ngettext(
        "{count} card shows the time symbol, so the time card is turned over {count} time: from {start} to {end}.",
        "{count} cards show the time symbol, so the time card is turned over {count} times: "
        "from {start} to {end} (two turns cancel out).",
        len(flips),
    ).format(count=len(flips), start=_time(at.start_day), end=_time(at.day))
    marks = tuple(Mark(f"card-{c.id}", _("turns it ({n})").format(n=ordinal(i))) for i, c in enumerate(flips, 1))
    marks += (Mark("time", _("now: {time}").format(time=_time(at.day))),)
    ids = _in_order(["S13", "S14"] + (["S11"] if at.revealed and at.revealed.time else []))
    return Exercise("time_card", seed, q, CHOICE, opts, at.day, ids, drawing, why, marks, _time(at.day), at.events,
                    at.round.time == "day", at)  # fmt: skip


# ---------------------------------------------------------------------------
# The winning colour
# ---------------------------------------------------------------------------


def ask_winning_colour(at: RoundAt, seed: int, example: Sequence[str] = ()) -> Exercise:
    """Which colour wins the round at ``at`` (``example``: the checklist ids of the rulebook's
    example when it is the one asked)."""
    totals, colour, *_rest = _result(at)
    opts = [
        Option(
            f"c{c.id}",
            _("{card}: {colour} wins").format(card=c.name, colour=c.colour),
            c.colour,
            f"card-{c.id}",
            c.colour,
        )
        for c in at.cards
    ]
    opts.append(Option("none", _("No winning colour (a tie)"), None, None, _("no winning colour")))
    ids = ["S15", "S16" if at.day else "S17"] + (["S10"] if at.revealed else []) + ([] if colour else ["S18"])
    q = _(
        "Every card of round {round} is face up and it is {time}. Which colour wins? Click a card of that colour, "
        "or No winning colour."
    ).format(round=at.game.round, time=_time(at.day))
    drawing = _asked(at, _("both plays revealed"), _("Which colour wins?"))
    why, marks, said = _colour_reason(at, totals, colour), _colour_marks(at, totals, colour), colour
    return Exercise("winning_colour", seed, q, CHOICE, tuple(opts), colour, _in_order([*ids, *example]), drawing,
                    why, marks, said or _("no winning colour"), at.events, at.round.winning, at)  # fmt: skip


def make_winning_colour(seed: int) -> Exercise:
    """Which colour wins this round (by day the highest total, by night the lowest, the
    revealed card counted, a tie meaning none)?"""
    rng = random.Random(seed)
    return ask_winning_colour(_any_round(rng, _tie, 0.3), seed)


def make_winning_total(seed: int) -> Exercise:
    """The winning colour's total, the card revealed from the pile included."""
    rng = random.Random(seed)

    def counted(at: RoundAt) -> bool:
        colour = _result(at)[1]
        return colour is not None and ((at.revealed is not None and at.revealed.colour == colour) or rng.random() < 0.3)

    at = find_round(rng, counted, 200) or find_round(rng, lambda at: _result(at)[1] is not None, 1000)
    assert at is not None, "a round with a winning colour"  # found within a few games
    totals, colour, *_rest = _result(at)
    assert colour is not None
    total = totals[colour]
    values = [total, *totals.values()]
    if at.revealed is not None and at.revealed.colour == colour:
        values.append(total - at.revealed.value)  # the total without the revealed card
    if len(set(values)) < 2:
        values.append(sum(totals.values()))  # every colour together
    q = _("It is {time} and {colour} wins round {round}. What is the {colour} total?").format(
        time=_time(at.day), colour=colour, round=at.game.round
    )
    drawing = _asked(at, _("{colour} wins").format(colour=colour), _("What is its total?"))
    cards = [c for c in at.cards if c.colour == colour]
    why = _("{colour}: {sum} = {total}, the revealed card included.").format(
        colour=colour.capitalize(), sum=" + ".join(str(c.value) for c in cards), total=total
    )
    marks = tuple(Mark(f"card-{c.id}", _("counts: {v}").format(v=c.value)) for c in cards)
    ids = _in_order(["S16" if at.day else "S17"] + (["S10"] if at.revealed else []))
    return Exercise("winning_total", seed, q, NUMBER, _number_options(values), total, ids, drawing, why, marks,
                    str(total), at.events, at.round.totals.get(colour), at)  # fmt: skip


# ---------------------------------------------------------------------------
# Collecting winning cards
# ---------------------------------------------------------------------------


def ask_choosing_order(at: RoundAt, seed: int, example: Sequence[str] = ()) -> Exercise:
    """Who chooses a card in the round at ``at`` (which has a winning colour), in which order."""
    _totals, colour, values, order, dropped = _result(at)
    assert colour is not None
    q = _(
        "{colour} wins by {time}. Click the players who choose a card, in the order they choose (click a player "
        "again to take them out), then Check."
    ).format(colour=colour.capitalize(), time=_time(at.day))
    drawing = _asked(at, _("{colour} wins").format(colour=colour), _("Who chooses first?"), totals="decided")
    both = any(all(c.colour == colour for c in at.played[p]) for p in order + dropped)
    level = len({values[p] for p in order + dropped}) < len(order + dropped)
    ids = ["S19", "S22"] + (["S23"] if both else []) + (["S24"] if level else []) + (["S25"] if dropped else [])
    why = _order_reason(at, colour, values, order)
    marks = _seat_reasons(at, colour, values, order, dropped) + _total_marks(at, _totals, colour)
    said = _(", then ").join(at.names[p] for p in order) or _("nobody")
    return Exercise("choosing_order", seed, q, ORDER, _seat_options(at.names), tuple(order),
                    _in_order([*ids, *example]), drawing, why, marks, said, at.events, at.round.order,
                    at)  # fmt: skip


def make_choosing_order(seed: int) -> Exercise:
    """Who chooses a card, in which order: the value in the winning colour (both cards added),
    highest first by day and lowest by night; equal values: fewer stars first; still equal:
    neither chooses."""
    return ask_choosing_order(_chooser_round(random.Random(seed)), seed)


def make_no_card(seed: int) -> Exercise:
    """Who takes no card: everybody when the totals tie, else whoever played no card of the
    winning colour and whoever is level with another in value and stars."""
    rng = random.Random(seed)
    at = _chooser_round(rng) if rng.random() < 0.4 else _any_round(rng, _tie, 0.2)
    totals, colour, values, order, dropped = _result(at)
    nobody = frozenset(p for p in range(len(at.names)) if p not in order)
    q = _("It is {time}. Mark every player who takes no card this round, then Check.").format(time=_time(at.day))
    drawing = _asked(at, _("both plays revealed"), _("Who takes no card?"), totals="so far")
    why = _colour_reason(at, totals, colour) + (
        "" if colour is None else " " + _order_reason(at, colour, values, order)
    )
    ids = ["S19"] + (["S18"] if colour is None else []) + (["S25"] if dropped else [])
    said = _(", ").join(at.names[p] for p in sorted(nobody)) or _("nobody: everyone takes a card")
    marks = _seat_reasons(at, colour, values, order, dropped) + _total_marks(at, totals, colour)
    out = frozenset(p for p in range(len(at.names)) if at.round.taken[p] is None)
    return Exercise("no_card", seed, q, SET, _seat_options(at.names), nobody, _in_order(ids), drawing, why, marks,
                    said, at.events, out, at)  # fmt: skip


def _choosing(rng: random.Random) -> tuple[RoundAt, int]:
    """A round with choosers and how many of them have chosen before the one asked; four in
    ten built so that the one asked finds no card with a star left on the table."""
    if rng.random() < 0.4:
        for _i in range(30):
            found = starless_round(rng)
            if found is not None:
                return found
    at = find_round(rng, lambda at: bool(_result(at)[3]), 400)
    assert at is not None, "a round in which somebody chooses"
    return at, rng.randrange(len(at.choices()))


def make_may_take(seed: int) -> Exercise:
    """Which cards the player whose turn it is to choose may take: any one face-up card of the
    round, of any colour, the revealed card and the other players' cards included, and one must
    be taken even when no card left has a star."""
    at, done = _choosing(random.Random(seed))
    game = at.game.copy()
    game.play(at.last)
    for move in at.choices()[:done]:
        game.play(move)
    assert game.phase == CHOOSE
    chooser = game.to_players()[0]
    view = game.view(chooser)
    name, starless = view.names[chooser], not any(c.stars for c in view.table)
    opts = tuple(Option(f"t{c.id}", c.name, c.id, f"card-{c.id}", c.name) for c in view.table)
    opts += tuple(Option(f"h{c.id}", c.name, c.id, f"hand-{c.id}", c.name) for c in view.hand)
    answer = frozenset(c.id for c in rules.cards_to_take(view.table))
    q = _("You are {name}, and it is your turn to choose.").format(name=name) + " "
    if starless:
        q += _("No card left on the table has a star.") + " "
    q += _("Mark every card you may take, then Check.")
    marks = tuple(Mark(f"card-{c.id}", _("may be taken")) for c in view.table)
    marks += tuple(Mark(f"hand-{c.id}", _("in your hand")) for c in view.hand)
    why = _(
        "{name} may take any one face-up card of the round, of any colour, the revealed card and the other "
        "players' cards included; the cards in a hand are not on the table."
    ).format(name=name)
    if starless:
        why += " " + _(
            "No card left has a star, and still {name} must take one: with equal stars at the end of the game, "
            "more collected cards win."
        ).format(name=name)
        marks += (Mark(f"seat-{chooser}", _("must take one")),)
    said = ngettext("the {n} face-up card", "all {n} face-up cards", len(answer)).format(n=len(answer))
    taken = at.round.taken[chooser]
    ids = ("S20", "S26") if starless else ("S20",)
    return Exercise("may_take", seed, q, SET, opts, answer, ids, partial(table, game, chooser), why, marks, said,
                    at.events, taken.id if taken else None, game)  # fmt: skip


# ---------------------------------------------------------------------------
# Clean up and draw cards
# ---------------------------------------------------------------------------


def _plain(at: RoundAt) -> bool:
    """Whether every card taken in the round is told apart from the others by its colour and
    value (the places say "took orange 7")."""
    seen = [(c.colour, c.value) for c in at.cards]
    return all(seen.count((m.card.colour, m.card.value)) == 1 for m in at.choices())


def make_discarded(seed: int) -> Exercise:
    """Which cards go to the discard pile at the clean-up: every card still face up, the
    revealed one included; a taken card stays with its taker."""
    rng = random.Random(seed)
    at = find_round(rng, lambda at: _plain(at) and (bool(at.choices()) or rng.random() < 0.15), 400)
    assert at is not None, "a round whose taken cards are told apart"
    taken = {m.card.id: at.names[m.player] for m in at.choices()}
    answer = frozenset(c.id for c in at.cards if c.id not in taken)  # what is still face up after the choosing
    opts = tuple(
        Option(f"c{c.id}", _("{card}: to the discard pile").format(card=c.name), c.id, f"card-{c.id}", c.name)
        for c in at.cards
    )
    q = _(
        "Round {round} is over: who took which card is written at each place. At the clean-up, which cards go "
        "to the discard pile? Mark every one, then Check."
    ).format(round=at.game.round)
    marks = tuple(
        Mark(f"card-{c.id}", _("{name} keeps it").format(name=taken[c.id]) if c.id in taken else _("discarded"))
        for c in at.cards
    )
    why = ngettext(
        "Every card still face up on the table goes to the discard pile, the revealed card included: {count} "
        "card. A taken card lies face up in front of its taker, in their collection, and stays there.",
        "Every card still face up on the table goes to the discard pile, the revealed card included: {count} "
        "cards. A taken card lies face up in front of its taker, in their collection, and stays there.",
        len(answer),
    ).format(count=len(answer))
    said = ngettext("{n} card", "{n} cards", len(answer)).format(n=len(answer))
    ids = ("S21", "S27") if taken else ("S27",)
    before = len(at.game.view(0).discard)
    went = frozenset(c.id for c in at.after.view(0).discard[before:])  # what the engine put on the discard pile
    return Exercise("discarded", seed, q, SET, opts, answer, ids, partial(round_table, at.round, at.names), why, marks,
                    said, at.events, went, at)  # fmt: skip


def _next_round_at(rng: random.Random) -> RoundAt:
    """A round that is not the last; half of them built with the draw pile near its end."""
    if rng.random() < 0.5:
        for _i in range(10):
            at = decision_of(near_the_end(rng), rng)
            if at is not None and not at.game.view(0).last_round:
                return at
    found = find_round(rng, lambda at: not at.game.view(0).last_round, 400)
    assert found is not None, "a round that is not the last"
    return found


def make_cards_in_hand(seed: int) -> Exercise:
    """How many cards a player holds when the next round begins: seven to start with, one
    played in each of the two plays, two drawn at the clean-up (none when the pile is short)."""
    rng = random.Random(seed)
    at = _next_round_at(rng)
    n, pile, p = len(at.names), at.pile, rng.randrange(len(at.names))
    before = at.hands()[p]
    drawn = rules.cards_to_draw(pile, n, at.game.options.short_pile)[p]
    answer = before + drawn
    name = at.names[p]
    q = ngettext(
        "Round {round} is over and {pile} card is left in the draw pile. How many cards does {name} hold when the "
        "next round begins?",
        "Round {round} is over and {pile} cards are left in the draw pile. How many cards does {name} hold when "
        "the next round begins?",
        pile,
    ).format(round=at.game.round, pile=pile, name=name)
    why = _(
        "Each player takes {hand} cards into hand and plays one in each of the two plays, so {name} holds {before} "
        "once both plays are made."
    ).format(hand=rules.HAND_SIZE, name=name, before=before)
    if drawn == rules.DRAW:
        why += " " + _(
            "At the clean-up each player draws two cards from the draw pile ({pile} cards are enough for {n} "
            "players), which brings the hand back to {answer}."
        ).format(pile=pile, n=n, answer=answer)
        pile_mark = _("{pile}: two each for {n}").format(pile=pile, n=n)
    else:
        why += " " + _(
            "The draw pile ({pile} cards) cannot give {n} players two each, so nobody draws (the package's rule "
            "option short_pile=no_draw, where the rules sheet is silent): {name} plays the last round with {answer}."
        ).format(pile=pile, n=n, name=name, answer=answer)
        pile_mark = _("{pile}: too few for two each").format(pile=pile)
    marks = (
        Mark(f"seat-{p}", _("{before} + {drawn} drawn = {answer}").format(before=before, drawn=drawn, answer=answer)),
        Mark("pile", pile_mark),
    )
    opts = _number_options([before, before + 1, before + rules.DRAW, rules.HAND_SIZE + rules.DRAW, answer])
    drawing = partial(round_table, at.round, at.names, pile=pile, room=True)
    return Exercise("cards_in_hand", seed, q, NUMBER, opts, answer, ("S8", "S28"), drawing, why, marks,
                    str(answer), at.events, at.after.view(0).hand_sizes[p], at)  # fmt: skip


# ---------------------------------------------------------------------------
# The end of the game
# ---------------------------------------------------------------------------


def _last_round_reason(pile: int, n: int) -> str:
    if pile > rules.DRAW * n:
        text = _("{pile} cards give {n} players two each and leave {left} in the draw pile, so the game goes on.")
    elif pile == rules.DRAW * n:
        text = _(
            "The {n} players draw the last {pile} cards, two each: the draw pile is used up, so one last round "
            "is played."
        )
    else:
        text = _(
            "{pile} cards cannot give {n} players two each, so nobody draws (the package's rule option "
            "short_pile=no_draw, where the rules sheet is silent): the draw pile is used up, so one last round "
            "is played."
        )
    return text.format(pile=pile, n=n, left=pile - rules.DRAW * n)


def make_last_round(seed: int) -> Exercise:
    """Whether the next round is the last: once the draw pile is used up, one last round."""
    rng = random.Random(seed)
    if rng.random() < 0.5:
        position = near_the_end(rng)
    else:
        starts = round_starts(rng)
        position = starts[-1] if rng.random() < 0.5 else rng.choice(starts)
    n, bot, pile = position.n, RuleOfThumbBot(), position.view(0).pile_size
    after = position.copy()
    mark, done = len(after.log), len(after.rounds)
    while len(after.rounds) == done:
        after.play(bot_move(bot, after, after.to_players()[0], rng))
    events = tuple(e.text for e in after.log.since(mark) if e.what in ("cleanup", "reveal"))
    opts = (
        Option("yes", _("Yes: the next round is the last"), True, None, _("yes, the next round is the last")),
        Option("no", _("No: more rounds follow"), False, None, _("no, more rounds follow")),
    )
    q = ngettext(
        "Round {round}: the draw pile holds {pile} card and there are {n} players; at the clean-up each "
        "player draws two cards from it. Is the next round the last one?",
        "Round {round}: the draw pile holds {pile} cards and there are {n} players; at the clean-up each "
        "player draws two cards from it. Is the next round the last one?",
        pile,
    ).format(round=position.round, pile=pile, n=n)
    answer = rules.is_last_round(pile, n)
    pile_mark = _("{pile} of {need}: used up") if answer else _("{pile} of {need}: some left")
    marks = (Mark("pile", pile_mark.format(pile=pile, need=rules.DRAW * n)),)
    return Exercise("last_round", seed, q, CHOICE, opts, answer, ("S28", "S30"), partial(table, position),
                    _last_round_reason(pile, n), marks, opts[0 if answer else 1].said, events,
                    after.view(0).last_round, position)  # fmt: skip


def _standing(stars: int, cards: int) -> str:
    return _("{stars}, {cards}").format(
        stars=ngettext("{n} star", "{n} stars", stars).format(n=stars),
        cards=ngettext("{n} card", "{n} cards", cards).format(n=cards),
    )


def make_game_winners(seed: int) -> Exercise:
    """Who wins the game: the most stars; tied, more collected cards; still tied, all of them."""
    game = finished_game(random.Random(seed))
    view = game.view(0)
    stars = [sum(c.stars for c in cs) for cs in view.collected]
    cards = [len(cs) for cs in view.collected]
    winners = rules.game_winners(stars, cards)
    marks = tuple(
        Mark(
            f"seat-{p}", (_("wins: {score}") if p in winners else "{score}").format(score=_standing(stars[p], cards[p]))
        )
        for p in range(len(stars))
    )
    why = _(
        "Each player adds up the stars on the cards they collected ({listing}); the most stars wins; a tie: "
        "more collected cards; still a tie: several winners."
    ).format(listing=", ".join(f"{view.names[p]} {stars[p]}" for p in range(len(stars))))
    tied = stars.count(max(stars)) > 1
    ids = ["S4", "S21", "S31"] + (["S32"] if tied else []) + (["S33"] if len(winners) > 1 else [])
    q, said = (
        _("The game is over. Mark every player who wins, then Check."),
        _(" and ").join(view.names[p] for p in winners),
    )
    drawing = partial(standings_drawing, view.names, view.collected, _("Who wins the game?"))
    end = tuple(e.text for e in game.log.of_kind("end"))
    return Exercise("game_winners", seed, q, SET, _seat_options(view.names), frozenset(winners), _in_order(ids),
                    drawing, why, marks, said, end, frozenset(view.winners), game)  # fmt: skip


def rulebook_steps() -> tuple[Exercise, ...]:
    """The rulebook's example worked step by step (its cards constructed to fit it, as in the
    walkthrough): by day, which colour wins and who chooses in which order; then the same cards
    by night."""
    steps: list[Exercise] = []
    for time, example in (("day", "S-EX1"), ("night", "S-EX2")):
        at = rulebook_round(time)
        steps += [ask_winning_colour(at, 0, (example,)), ask_choosing_order(at, 0, (example,))]
    return tuple(steps)


KINDS: tuple[Kind, ...] = (
    Kind("removed_cards", N_("Setting up: cards back to the box"), ("S6",), NUMBER, make_removed_cards),
    Kind("round_begins", N_("Day or night as a round begins"), ("S5", "S11", "S29"), CHOICE, make_round_begins),
    Kind("time_card", N_("Day or night: the time card"), ("S11", "S13", "S14"), CHOICE, make_time_card),
    Kind("winning_colour", N_("Which colour wins"), ("S10", "S15", "S16", "S17", "S18"), CHOICE, make_winning_colour),
    Kind("winning_total", N_("The winning total"), ("S10", "S16", "S17"), NUMBER, make_winning_total),
    Kind("choosing_order", N_("The choosing order"), ("S19", "S22", "S23", "S24", "S25"), ORDER, make_choosing_order),
    Kind("no_card", N_("Who gets nothing"), ("S18", "S19", "S25"), SET, make_no_card),
    Kind("may_take", N_("Which cards may be taken"), ("S20", "S26"), SET, make_may_take),
    Kind("discarded", N_("Clean-up: the discard pile"), ("S21", "S27"), SET, make_discarded),
    Kind("cards_in_hand", N_("Cards in hand for the next round"), ("S8", "S28"), NUMBER, make_cards_in_hand),
    Kind("last_round", N_("The last round"), ("S28", "S30"), CHOICE, make_last_round),
    Kind("game_winners", N_("Who wins the game"), ("S4", "S21", "S31", "S32", "S33"), SET, make_game_winners),
)
