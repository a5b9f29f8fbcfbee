"""stars: the exercises of the practice page (issue 18), each a question about one decision a
rule makes, asked on a drawn table and judged by the rules of :mod:`daynight.stars.rules`.

The positions come from seeded games between bots (:func:`rounds`) or are built through the
public API (:func:`built_round`: a round with two players level in the winning colour, for the
tie-breaks the bots' games seldom show). The right answer is computed by the rule functions
from the cards on the table; the engine then plays the position on, and what it decided (its
summary of the round, :class:`daynight.stars.Round`) and what its log said are kept with the
exercise, so a test can check that the judged answer is what the game does.

Each kind (:data:`KINDS`) names the checklist ids it practises (``docs/rule-checklist.md``):

========================  =======  =================================================
kind                      shape    the decision
========================  =======  =================================================
``winning_colour``        choice   which colour wins, by day or by night, or none (a tie)
``winning_total``         number   the winning colour's total, the revealed card included
``time_card``             choice   the side of the time card after the reveal and both plays
``choosing_order``        order    who chooses, in which order (sums, ties, fewer stars)
``no_card``               set      who takes no card this round
``may_take``              set      which cards the chooser may take
``last_round``            choice   whether the next round is the last
``game_winners``          set      who wins the game (stars, then cards, else shared)
``removed_cards``         number   how many cards went back to the box at setup
========================  =======  =================================================

The question drawings of the round kinds show the moment between the second reveal and the
decision, which the engine's own drawing never shows (it decides as the last card is
revealed): :func:`round_drawing` composes it from the pieces of :mod:`daynight.stars.draw`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from .. import draw as d
from .. import i18n
from ..i18n import N_, ngettext
from ..practice import CHOICE, NUMBER, ORDER, SET, Exercise, Kind, Mark, Option, checklist, ordinal
from .bots import RandomBot, RuleOfThumbBot
from .data import COLOURS, Card, default_deck
from .draw import MINI_H, SEAT_W, H, W, face, fan, table, time_piece, totals_piece
from .engine import CHOOSE, PLAY1, PLAY2, Round, StarsGame
from .moves import Move
from .rules import (
    DRAW,
    REMOVED,
    cards_removed,
    choosing_order,
    colour_totals,
    game_winners,
    is_last_round,
    turn_time_card,
    winning_colour,
    winning_values,
)

__all__ = ["KINDS", "RoundAt", "built_round", "round_drawing", "rounds", "standings_drawing"]

_ = i18n._  # every sentence a learner reads goes through daynight.i18n

#: the players' names: the rulebook's example first (Ursula, Matthias, Irene)
NAMES = ("Ursula", "Matthias", "Irene", "Anna", "Ben", "Chen", "Dana", "Emil", "Farah", "Gita")


def _names(rng: random.Random, n: int) -> list[str]:
    return rng.sample(NAMES, n)


def _bot_move(bot: Any, game: StarsGame, p: int, rng: random.Random) -> Any:
    return bot.choose(game.view(p), game.legal_moves(p), rng)


def _time(day: bool) -> str:
    return _("day") if day else _("night")


def _in_order(ids: Sequence[str]) -> tuple[str, ...]:
    """The checklist ids in the order the rules sheet gives them."""
    order = list(checklist("stars"))
    return tuple(sorted(set(ids), key=order.index))


# ---------------------------------------------------------------------------
# A round at the moment of its decision
# ---------------------------------------------------------------------------


class RoundAt(NamedTuple):
    """A round whose cards are all face up and nothing decided yet: ``game`` one move before
    the decision (the last card of the second play not yet placed), ``last`` that move, the
    players' ``names``, the time card as the round began (``start_day``), the ``revealed``
    card, each player's two ``played`` cards, the ``stars`` and ``collected`` cards before the
    round; and the engine's game played on to the round's end (``after``), its summary of the
    round (``round``) and the sentences its log said on the way (``events``)."""

    game: StarsGame
    last: Move
    names: tuple[str, ...]
    start_day: bool
    revealed: Card | None
    played: tuple[tuple[Card, ...], ...]
    stars: tuple[int, ...]
    collected: tuple[tuple[Card, ...], ...]
    after: StarsGame
    round: Round
    events: tuple[str, ...]

    @property
    def cards(self) -> list[Card]:
        """Every face-up card of the round: the revealed one, then each player's two."""
        return ([self.revealed] if self.revealed else []) + [c for cs in self.played for c in cs]

    @property
    def day(self) -> bool:
        """The time card once every card is revealed (rule: every time symbol turns it)."""
        return turn_time_card(self.start_day, self.cards)

    def totals(self) -> dict[str, int]:
        return colour_totals(self.cards, self.game.options.absent_colours)


def round_at(game: StarsGame, last: Move, rng: random.Random) -> RoundAt:
    """The decision moment of ``game`` (``last`` places the round's last card), played on by
    bots to the end of the round on a copy."""
    views = [game.view(p) for p in range(game.n)]
    seconds = [v.my_pending or last.card for v in views]  # only the last player's card is not placed yet
    played = tuple((views[0].played[p][0], seconds[p]) for p in range(game.n))
    after = game.copy()
    mark, done = len(after.log), len(game.rounds or ())
    after.play(last)
    bot = RuleOfThumbBot()
    while len(after.rounds or ()) == done:
        p = after.to_players()[0]
        after.play(_bot_move(bot, after, p, rng))
    events = []
    for e in after.log.since(mark):
        if e.what == "commit":
            continue
        events.append(e.text)
        if e.what == "cleanup":
            break
    v = views[0]
    return RoundAt(
        game,
        last,
        v.names,
        v.start_day,
        v.revealed,
        played,
        v.stars,
        v.collected,
        after,
        (after.rounds or [])[done],
        tuple(events),
    )


def rounds(rng: random.Random) -> Iterator[RoundAt]:
    """Decision moments of seeded games between bots (3 to 5 players), from a random round on,
    one game after another, without end."""
    while True:
        n = rng.choice((3, 4, 5))
        game = StarsGame.new(n, rng.getrandbits(32), names=_names(rng, n))
        bots = [RuleOfThumbBot() if rng.random() < 0.7 else RandomBot() for _ in range(n)]
        start = rng.randint(1, 5)
        while not game.is_over():
            movers = game.to_players()
            move = _bot_move(bots[movers[0]], game, movers[0], rng)
            if game.phase == PLAY2 and len(movers) == 1 and game.round >= start:
                yield round_at(game, move, rng)
            game.play(move)


def find_round(rng: random.Random, want: Callable[[RoundAt], bool], tries: int = 40) -> RoundAt | None:
    """The first decision moment of :func:`rounds` that ``want`` accepts (``None`` after ``tries``)."""
    for i, at in enumerate(rounds(rng)):
        if want(at):
            return at
        if i + 1 >= tries:
            return None
    return None  # pragma: no cover - rounds() never ends


def _play(game: StarsGame, p: int, card: Card) -> None:
    game.play(next(m for m in game.legal_moves(p) if m.card is card))


def built_round(rng: random.Random, fewer_stars: bool) -> RoundAt | None:
    """A round built through the public API (:meth:`StarsGame.from_position`) in which two
    players play the same value of one colour, which then wins; ``fewer_stars``: one of them
    has collected a card (the other chooses first), else neither has (neither gets a card).
    ``None`` when the random cards do not make such a round."""
    deck = default_deck()
    n = rng.choice((3, 4, 5))
    day = rng.random() < 0.5
    colour = rng.choice(COLOURS)
    value = rng.randint(9, 13) if day else rng.randint(1, 4)
    plain = [c for c in deck.cards if not c.time]
    pair = [c for c in plain if c.colour == colour and c.value == value][:2]
    if len(pair) < 2:
        return None
    rest = [c for c in plain if c not in pair]
    rng.shuffle(rest)
    a, b = rng.sample(range(n), 2)
    firsts = [rest.pop() for _ in range(n)]
    firsts[a], firsts[b] = pair
    seconds = [rest.pop() for _ in range(n)]
    for p in (a, b):  # their second card is of another colour, so their values stay level
        if seconds[p].colour == colour:
            seconds[p] = next(c for c in rest if c.colour != colour)
            rest.remove(seconds[p])
    reveal = rest.pop()
    collected: list[list[Card]] = [[] for _ in range(n)]
    if fewer_stars:
        starred = next(c for c in rest if c.stars)
        rest.remove(starred)
        collected[rng.choice((a, b))].append(starred)
    for p in range(n):
        if p not in (a, b) and rng.random() < 0.5:
            collected[p].append(rest.pop())
    used = {id(c) for c in firsts + seconds + [reveal]} | {id(c) for cs in collected for c in cs}
    spare = [c for c in deck.cards if id(c) not in used]
    rng.shuffle(spare)
    hands = [[firsts[p], seconds[p]] + [spare.pop() for _ in range(5)] for p in range(n)]
    game = StarsGame.from_position(
        hands=[[c.id for c in h] for h in hands],
        pile=[reveal.id] + [c.id for c in spare[:30]],
        removed=[c.id for c in spare[30:]],
        collected=[[c.id for c in cs] for cs in collected],
        time="day" if day else "night",
        names=_names(rng, n),
    )
    for p in range(n):
        _play(game, p, firsts[p])
    for p in range(n - 1):
        _play(game, p, seconds[p])
    at = round_at(game, next(m for m in game.legal_moves(n - 1) if m.card is seconds[-1]), rng)
    values = winning_values(at.played, colour) if winning_colour(at.totals(), at.day) == colour else []
    return at if values and values[a] == values[b] else None


# ---------------------------------------------------------------------------
# The question drawings
# ---------------------------------------------------------------------------


def _words_piece(lines: Sequence[str], width: float = 170.0) -> d.Piece:
    return d.column(
        [
            d.Piece(width, 15, d.text(0, 12, t, size=13 if not i else 11.5, weight="700" if not i else None, limit=34))
            for i, t in enumerate(lines)
        ],
        gap=3,
    )


def _seat(name: str, cards: Sequence[Card], stars: int, collected: Sequence[Card], key: str) -> d.Piece:
    """One player's place: the cards of the round (each keyed ``card-<id>``), the stars and
    cards collected, a line kept free for a mark's words."""
    lines = []
    if cards:
        lines.append(d.row([face(c, W, H, f"card-{c.id}") for c in cards], gap=6))
    words = _("{stars} on {cards}").format(
        stars=ngettext("{n} star", "{n} stars", stars).format(n=stars),
        cards=ngettext("{n} card", "{n} cards", len(collected)).format(n=len(collected)),
    )
    lines.append(d.Piece(SEAT_W - 16, 15, d.star(6, 7, 6) + d.text(15, 12, words, size=11, limit=26)))
    lines.append(fan(collected) if collected else d.Piece(0, MINI_H, ""))
    lines.append(d.Piece(SEAT_W - 16, 14, ""))
    inner = d.column(lines, gap=4)
    inner = d.Piece(max(inner.w, SEAT_W - 16), inner.h, inner.svg)
    return d.panel(inner, title=name, label=_("{name}'s place").format(name=name), key=key, title_size=12.5)


def _layout(seats: Sequence[d.Piece], centre: d.Piece, label: str, desc: str) -> d.Drawing:
    return d.document(d.column([centre, d.row(list(seats), gap=10)], gap=12, align="centre"), label=label, desc=desc)


def round_drawing(at: RoundAt, day: bool, line: str, question: str, winning: str | None = None) -> d.Drawing:
    """The round at ``at`` with every card face up and nothing decided: the time card showing
    ``day`` (keyed ``time``), the revealed card, each player's place (keyed ``seat-<p>``) with
    their two cards (``card-<id>``), the round, a ``line`` and the ``question`` in words; with
    ``winning``, the colour totals with that colour outlined (keyed ``totals``)."""
    revealed = at.revealed
    shown = (
        face(revealed, W, H, f"card-{revealed.id}")
        if revealed
        else d.Piece(W, H, d.group(d.text(0, 40, _("none"), size=11, italic=True), label=_("no card revealed")))
    )
    parts = [time_piece(day), d.column([d.Piece(W, 12, d.text(0, 10, _("revealed"), size=10.5)), shown], gap=2)]
    if winning is not None:
        parts.append(totals_piece(at.totals(), day, winning, True))
    parts.append(_words_piece([_("Round {n}").format(n=at.game.round), line, question]))
    seats = [_seat(at.names[p], at.played[p], at.stars[p], at.collected[p], f"seat-{p}") for p in range(len(at.names))]
    desc = " ".join(
        _("{name} played {cards}.").format(name=at.names[p], cards=_(" and ").join(c.name for c in cs))
        for p, cs in enumerate(at.played)
    )
    return _layout(seats, d.row(parts, gap=14, align="top"), question, desc)


def standings_drawing(names: Sequence[str], collected: Sequence[Sequence[Card]], label: str) -> d.Drawing:
    """The end of a game: each player's place (keyed ``seat-<p>``) with the cards collected."""
    stars = [sum(c.stars for c in cs) for cs in collected]
    seats = [_seat(names[p], (), stars[p], collected[p], f"seat-{p}") for p in range(len(names))]
    return _layout(
        seats,
        _words_piece([_("The game is over"), _("every card has been drawn")], 300),
        label,
        _("The cards each player collected."),
    )


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
    colour = winning_colour(totals, at.day)
    if colour is None:
        return totals, None, [], [], []
    values = winning_values(at.played, colour)
    order, dropped = choosing_order(values, at.stars, at.day)
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
# The kinds
# ---------------------------------------------------------------------------


def make_winning_colour(seed: int) -> Exercise:
    """Which colour wins this round (by day the highest total, by night the lowest, the
    revealed card counted, a tie meaning none)?"""
    rng = random.Random(seed)
    at = _any_round(rng, _tie, 0.3)
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
    rules = ["S15", "S16" if at.day else "S17"] + (["S10"] if at.revealed else []) + ([] if colour else ["S18"])
    q = _(
        "Every card of round {round} is face up and it is {time}. Which colour wins? Click a card of that colour, "
        "or No winning colour."
    ).format(round=at.game.round, time=_time(at.day))
    drawing = round_drawing(at, at.day, _("both plays revealed"), _("Which colour wins?"))
    why, marks, said = _colour_reason(at, totals, colour), _colour_marks(at, totals, colour), colour
    return Exercise("winning_colour", seed, q, CHOICE, tuple(opts), colour, _in_order(rules), drawing, why, marks,
                    said or _("no winning colour"), at.events, at.round.winning, at)  # fmt: skip


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
    drawing = round_drawing(at, at.day, _("{colour} wins").format(colour=colour), _("What is its total?"))
    cards = [c for c in at.cards if c.colour == colour]
    why = _("{colour}: {sum} = {total}, the revealed card included.").format(
        colour=colour.capitalize(), sum=" + ".join(str(c.value) for c in cards), total=total
    )
    marks = tuple(Mark(f"card-{c.id}", _("counts: {v}").format(v=c.value)) for c in cards)
    rules = _in_order(["S16" if at.day else "S17"] + (["S10"] if at.revealed else []))
    return Exercise("winning_total", seed, q, NUMBER, _number_options(values), total, rules, drawing, why, marks,
                    str(total), at.events, at.round.totals.get(colour), at)  # fmt: skip


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
    drawing = round_drawing(at, at.start_day, _("the time card as it began"), _("Which side is up now?"))
    why = ngettext(
        "{count} card shows the time symbol, so the time card is turned over {count} time: from {start} to {end}.",
        "{count} cards show the time symbol, so the time card is turned over {count} times: "
        "from {start} to {end} (two turns cancel out).",
        len(flips),
    ).format(count=len(flips), start=_time(at.start_day), end=_time(at.day))
    marks = tuple(Mark(f"card-{c.id}", _("turns it ({n})").format(n=ordinal(i))) for i, c in enumerate(flips, 1))
    marks += (Mark("time", _("now: {time}").format(time=_time(at.day))),)
    rules = _in_order(["S13", "S14"] + (["S11"] if at.revealed and at.revealed.time else []))
    return Exercise("time_card", seed, q, CHOICE, opts, at.day, rules, drawing, why, marks, _time(at.day), at.events,
                    at.round.time == "day", at)  # fmt: skip


def make_choosing_order(seed: int) -> Exercise:
    """Who chooses a card, in which order: the value in the winning colour (both cards added),
    highest first by day and lowest by night; equal values: fewer stars first; still equal:
    neither chooses."""
    rng = random.Random(seed)
    at = _chooser_round(rng)
    _totals, colour, values, order, dropped = _result(at)
    assert colour is not None
    q = _(
        "{colour} wins by {time}. Click the players who choose a card, in the order they choose (click a player "
        "again to take them out), then Check."
    ).format(colour=colour.capitalize(), time=_time(at.day))
    drawing = round_drawing(at, at.day, _("{colour} wins").format(colour=colour), _("Who chooses first?"), colour)
    both = any(all(c.colour == colour for c in at.played[p]) for p in order + dropped)
    level = len({values[p] for p in order + dropped}) < len(order + dropped)
    rules = ["S19", "S22"] + (["S23"] if both else []) + (["S24"] if level else []) + (["S25"] if dropped else [])
    why, marks = _order_reason(at, colour, values, order), _seat_reasons(at, colour, values, order, dropped)
    said = _(", then ").join(at.names[p] for p in order) or _("nobody")
    return Exercise("choosing_order", seed, q, ORDER, _seat_options(at.names), tuple(order), _in_order(rules),
                    drawing, why, marks, said, at.events, at.round.order, at)  # fmt: skip


def make_no_card(seed: int) -> Exercise:
    """Who takes no card: everybody when the totals tie, else whoever played no card of the
    winning colour and whoever is level with another in value and stars."""
    rng = random.Random(seed)
    at = _chooser_round(rng) if rng.random() < 0.4 else _any_round(rng, _tie, 0.2)
    totals, colour, values, order, dropped = _result(at)
    nobody = frozenset(p for p in range(len(at.names)) if p not in order)
    q = _("It is {time}. Mark every player who takes no card this round, then Check.").format(time=_time(at.day))
    drawing = round_drawing(at, at.day, _("both plays revealed"), _("Who takes no card?"))
    why = _colour_reason(at, totals, colour) + (
        "" if colour is None else " " + _order_reason(at, colour, values, order)
    )
    rules = ["S19"] + (["S18"] if colour is None else []) + (["S25"] if dropped else [])
    said = _(", ").join(at.names[p] for p in sorted(nobody)) or _("nobody: everyone takes a card")
    marks = _seat_reasons(at, colour, values, order, dropped)
    out = frozenset(p for p in range(len(at.names)) if at.round.taken[p] is None)
    return Exercise("no_card", seed, q, SET, _seat_options(at.names), nobody, _in_order(rules), drawing, why, marks,
                    said, at.events, out, at)  # fmt: skip


def make_may_take(seed: int) -> Exercise:
    """Which cards the player whose turn it is to choose may take: any one face-up card of the
    round, of any colour, the revealed card and the other players' cards included."""
    rng = random.Random(seed)
    at = find_round(rng, lambda at: bool(_result(at)[3]), 400)
    assert at is not None, "a round in which somebody chooses"
    game = at.game.copy()
    game.play(at.last)
    chooser = game.to_players()[0]
    assert game.phase == CHOOSE
    view = game.view(chooser)
    name = view.names[chooser]
    opts = tuple(Option(f"t{c.id}", c.name, c.id, f"card-{c.id}", c.name) for c in view.table)
    opts += tuple(Option(f"h{c.id}", c.name, c.id, f"hand-{c.id}", c.name) for c in view.hand)
    answer = frozenset(m.card.id for m in game.legal_moves(chooser))
    q = _("You are {name}, and it is your turn to choose. Mark every card you may take, then Check.").format(name=name)
    marks = tuple(Mark(f"card-{c.id}", _("may be taken")) for c in view.table)
    marks += tuple(Mark(f"hand-{c.id}", _("in your hand")) for c in view.hand)
    why = _(
        "{name} may take any one face-up card of the round, of any colour, the revealed card and the other "
        "players' cards included; the cards in a hand are not on the table."
    ).format(name=name)
    said = ngettext("the {n} face-up card", "all {n} face-up cards", len(answer)).format(n=len(answer))
    taken = at.round.taken[chooser]
    return Exercise("may_take", seed, q, SET, opts, answer, ("S20",), table(game, chooser), why, marks, said,
                    at.events, taken.id if taken else None, game)  # fmt: skip


def _near_the_end(rng: random.Random) -> StarsGame:
    """A round built through the public API with about two cards per player left in the draw
    pile (a full game's pile never holds exactly two per player when a round begins)."""
    n = rng.choice((3, 4, 5))
    cards = [c.id for c in default_deck().cards]
    rng.shuffle(cards)
    left = 2 * n + rng.choice((-2, -1, 0, 0, 1, 2))
    hands = [cards[7 * p : 7 * p + 7] for p in range(n)]
    rest = cards[7 * n :]
    return StarsGame.from_position(
        hands=hands,
        pile=rest[: left + 1],
        removed=rest[left + 1 :],
        time=rng.choice(("day", "night")),
        round_no=rng.randint(5, 8),
        names=_names(rng, n),
    )


def _round_starts(rng: random.Random) -> list[StarsGame]:
    """The start of every round but the last of a seeded game between bots."""
    n = rng.choice((3, 4, 5))
    game = StarsGame.new(n, rng.getrandbits(32), names=_names(rng, n))
    bot = RuleOfThumbBot()
    starts: list[StarsGame] = []
    while not game.is_over():
        if game.phase == PLAY1 and len(game.to_players()) == n and not game.view(0).last_round:
            starts.append(game.copy())
        game.play(_bot_move(bot, game, game.to_players()[0], rng))
    return starts


def _last_round_reason(pile: int, n: int) -> str:
    if pile > DRAW * n:
        text = _("{pile} cards give {n} players two each and leave {left} in the draw pile, so the game goes on.")
    elif pile == DRAW * n:
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
    return text.format(pile=pile, n=n, left=pile - DRAW * n)


def make_last_round(seed: int) -> Exercise:
    """Whether the next round is the last: once the draw pile is used up, one last round."""
    rng = random.Random(seed)
    if rng.random() < 0.5:
        position = _near_the_end(rng)
    else:
        starts = _round_starts(rng)
        position = starts[-1] if rng.random() < 0.5 else rng.choice(starts)
    n, bot, pile = position.n, RuleOfThumbBot(), position.view(0).pile_size
    after = position.copy()
    mark, done = len(after.log), len(after.rounds or ())
    while len(after.rounds or ()) == done:
        after.play(_bot_move(bot, after, after.to_players()[0], rng))
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
    answer = is_last_round(pile, n)
    return Exercise("last_round", seed, q, CHOICE, opts, answer, ("S28", "S30"), table(position),
                    _last_round_reason(pile, n), (), opts[0 if answer else 1].said, events, after.view(0).last_round,
                    position)  # fmt: skip


def _standing(stars: int, cards: int) -> str:
    return (
        ngettext("{stars} star", "{stars} stars", stars).format(stars=stars)
        + ", "
        + ngettext("{cards} card", "{cards} cards", cards).format(cards=cards)
    )


def _finished_game(rng: random.Random) -> StarsGame:
    """A seeded game between bots played to its end; four times in ten one with a tie in
    stars at the top, if one of a dozen games has it (looked for with the log off, then the
    game found is replayed with every rule explained)."""
    for _i in range(12 if rng.random() < 0.4 else 1):
        n, seed = rng.choice((3, 4, 5)), rng.getrandbits(32)
        names = _names(rng, n)
        game = StarsGame.new(n, seed, names=names, explain=False)
        bots = [RuleOfThumbBot() if rng.random() < 0.7 else RandomBot() for _ in range(n)]
        while not game.is_over():
            p = game.to_players()[0]
            game.play(_bot_move(bots[p], game, p, rng))
        stars = game.view(0).stars
        if stars.count(max(stars)) > 1:
            break
    explained = StarsGame.new(n, seed, names=names)
    for move in game.history:
        explained.play(move)
    return explained


def make_game_winners(seed: int) -> Exercise:
    """Who wins the game: the most stars; tied, more collected cards; still tied, all of them."""
    game = _finished_game(random.Random(seed))
    view = game.view(0)
    stars = [sum(c.stars for c in cs) for cs in view.collected]
    cards = [len(cs) for cs in view.collected]
    winners = game_winners(stars, cards)
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
    rules = ["S4", "S21", "S31"] + (["S32"] if tied else []) + (["S33"] if len(winners) > 1 else [])
    q, said = (
        _("The game is over. Mark every player who wins, then Check."),
        _(" and ").join(view.names[p] for p in winners),
    )
    drawing = standings_drawing(view.names, view.collected, _("Who wins the game?"))
    end = tuple(e.text for e in game.log.of_kind("end"))
    return Exercise("game_winners", seed, q, SET, _seat_options(view.names), frozenset(winners), _in_order(rules),
                    drawing, why, marks, said, end, frozenset(view.winners), game)  # fmt: skip


def make_removed_cards(seed: int) -> Exercise:
    """How many cards go back to the box unseen at setup, by the number of players."""
    rng = random.Random(seed)
    n = rng.choice(sorted(REMOVED))
    game = StarsGame.new(n, rng.getrandbits(32), names=_names(rng, n))
    answer = cards_removed(n)
    q = _(
        "A new game of {n} players: the cards were shuffled and each player took 7. How many cards went back to "
        "the box, unseen?"
    ).format(n=n)
    why = _(
        "With 3 players 33 cards go back to the box, with 4 players 16, with 5 players 3: here {answer}, so that "
        "{pile} cards form the draw pile."
    ).format(answer=answer, pile=108 - answer - 7 * n)
    events = tuple(e.text for e in game.log.of_kind("setup"))
    opts = _number_options([cards_removed(k) for k in REMOVED])
    return Exercise("removed_cards", seed, q, NUMBER, opts, answer, ("S6",), table(game), why, (), str(answer),
                    events, game.view(0).removed_size, game)  # fmt: skip


KINDS: tuple[Kind, ...] = (
    Kind("winning_colour", N_("Which colour wins"), ("S10", "S15", "S16", "S17", "S18"), CHOICE, make_winning_colour),
    Kind("winning_total", N_("The winning total"), ("S10", "S16", "S17"), NUMBER, make_winning_total),
    Kind("time_card", N_("Day or night: the time card"), ("S11", "S13", "S14"), CHOICE, make_time_card),
    Kind("choosing_order", N_("The choosing order"), ("S19", "S22", "S23", "S24", "S25"), ORDER, make_choosing_order),
    Kind("no_card", N_("Who gets nothing"), ("S18", "S19", "S25"), SET, make_no_card),
    Kind("may_take", N_("Which cards may be taken"), ("S20",), SET, make_may_take),
    Kind("last_round", N_("The last round"), ("S28", "S30"), CHOICE, make_last_round),
    Kind("game_winners", N_("Who wins the game"), ("S4", "S21", "S31", "S32", "S33"), SET, make_game_winners),
    Kind("removed_cards", N_("Setting up: cards back to the box"), ("S6",), NUMBER, make_removed_cards),
)
