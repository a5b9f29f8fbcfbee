"""stars: the explanations -- every rule that fires says so in one sentence a learner can read.

The engine (:mod:`.engine`) decides each step by calling the rule functions of :mod:`.rules`;
then, with the explained log on, it calls the function here that describes what was decided.
These functions only describe: they read the game and append events to ``game.log``, and
change nothing else. With the log off (rollouts) none of them is called.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from ..core import Event, EventLog
from .data import COLOURS, Card
from .rules import DRAW

if TYPE_CHECKING:
    from .engine import StarsGame


@cache  # said about 60 times a game with the log on, with few distinct words
def plural(n: int, word: str) -> str:
    """``"1 star"``, ``"3 stars"``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def time_words(day: bool) -> str:
    return "day (sun)" if day else "night (moon)"


_new_event = tuple.__new__  # an Event without the generated __new__'s call, as EventLog.add makes it


def say(log: EventLog, who: str | None, what: str, rule: str, text: str, data: dict[str, Any]) -> None:
    """Append one event to the explained ``log``: ``log.add(who, what, rule, text, **data)``
    without gathering keyword arguments (the explanations make about 90 events a game)."""
    log.events.append(_new_event(Event, (who, what, rule, text, data)))


def placed_events(names: list[str]) -> list[Event]:
    """One event per player for "places a card face down", built once per game (it is said
    about 70 times a game, always in the same words; the card stays secret)."""
    return [
        Event(name, "commit", "2. play cards: face down", f"{name} places a card face down.", {"player": p})
        for p, name in enumerate(names)
    ]


def say_reveal(game: StarsGame, card: Card | None, source: str | None) -> None:
    """Step 1: the revealed card (or none), and the time card turning over at once."""
    if card is None:
        say(
            game.log,
            None,
            "reveal",
            "option empty_reveal=no_card",
            f"Round {game.round} begins{' (the last round)' if game.last_round else ''}: the draw pile is "
            "empty, so no card is revealed (rule option empty_reveal=no_card).",
            {"card": None, "round": game.round},
        )
        return
    where = "the draw pile" if source == "pile" else "the discard pile (option empty_reveal=from_discard)"
    last = " This is the last round." if game.last_round else ""
    say(
        game.log,
        None,
        "reveal",
        "1. reveal a card",
        f"Round {game.round} begins: the top card of {where}, {card.label}, is revealed.{last}",
        {"card": card.id, "round": game.round},
    )
    if card.time:
        say(
            game.log,
            None,
            "flip",
            "1. reveal a card: time symbol flips at once",
            "The revealed card shows the time symbol, so the time card is turned over at once: "
            f"it is now {time_words(game.day)}.",
            {"day": game.day},
        )


def say_reveal_step(game: StarsGame, cards: list[Card], day: bool) -> None:
    """Step 2: everyone's card revealed at once, and each time symbol turning the time card
    over (``day``: the time before the reveal)."""
    names = game.names
    step = game.phase + 1
    shown = "; ".join([f"{names[p]} {c.label}" for p, c in enumerate(cards)])
    say(
        game.log,
        None,
        "reveal_step",
        "2. play cards: all reveal at once",
        f"Play {step}: everyone reveals at once: {shown}.",
        {"step": step, "cards": [c.id for c in cards]},
    )
    for p, c in enumerate(cards):
        if c.time:
            day = not day
            say(
                game.log,
                names[p],
                "flip",
                "2. play cards: each time symbol flips the time card",
                f"{names[p]}'s {c.colour} {c.value} shows the time symbol: the time card is turned "
                f"over, it is now {time_words(day)}.",
                {"day": day, "player": p},
            )


def say_winning_colour(game: StarsGame) -> bool:
    """Step 3: the totals, and the winning colour or the tie; True when a colour won."""
    day, totals, colour = game.day, game.winning_totals or {}, game.winning
    listed, absent = [], []  # the totals in colour order, the colours with none
    for k in COLOURS:
        if k in totals:
            listed.append(f"{k} {totals[k]}")
        else:
            absent.append(k)
    listing = ", ".join(listed)
    note = (
        f" ({', '.join(absent)} {'is' if len(absent) == 1 else 'are'} not on the table and "
        f"{'does' if len(absent) == 1 else 'do'} not count: option absent_colours=ignored)"
        if absent and not day
        else ""
    )
    best = (max if day else min)(totals.values())
    if colour is None:
        tops = sorted(k for k, t in totals.items() if t == best)
        say(
            game.log,
            None,
            "no_winner",
            "3. winning colour: a tie means no winning colour",
            f"It is {'day' if day else 'night'}, so the {'highest' if day else 'lowest'} total wins, "
            f"but {' and '.join(tops)} tie at {best} ({listing}){note}: there is no winning "
            "colour and the round goes straight to clean-up.",
            {"totals": totals, "day": day},
        )
        return False
    say(
        game.log,
        None,
        "winner",
        f"3. winning colour ({'day: highest' if day else 'night: lowest'} total)",
        f"It is {time_words(day)}, so the colour with the {'highest' if day else 'lowest'} total "
        f"wins, the revealed card included: {colour} with {best} ({listing}){note}.",
        {"colour": colour, "total": best, "totals": totals, "day": day},
    )
    return True


def say_choosing_order(game: StarsGame) -> None:
    """Step 4: who chooses, in which order, and how equal values were broken."""
    names, day, colour = game.names, game.day, game.winning
    values, order, dropped = game.values or [], game.order, game.dropped
    if not order and not dropped:
        say(
            game.log,
            None,
            "order",
            "4. collect winning cards",
            f"Nobody played {colour} (only the revealed card is {colour}), so nobody takes a card.",
            {"order": [], "dropped": []},
        )
        return
    said, played = [], game.played
    for p in order:
        cards = played[p]
        both = len(cards) == 2 and cards[0].colour == colour == cards[1].colour
        said.append(f"{names[p]} ({colour} {values[p]}{', both cards added' if both else ''})")
    text = (
        f"Who played {colour} chooses, {'highest' if day else 'lowest'} value first: "
        + (", then ".join(said) if said else "nobody")
        + "."
    )
    chosen = [v for v in values if v]
    if len(set(chosen)) < len(chosen):  # equal values: say how the tie was broken
        text += _ties(game, values, dropped, colour or "")
    say(
        game.log,
        None,
        "order",
        "4. collect winning cards: choosing order",
        text,
        {"order": list(order), "dropped": list(dropped)},
    )


def _ties(game: StarsGame, values: list[int], dropped: list[int], colour: str) -> str:
    names, stars, day = game.names, game.stars, game.day
    groups: dict[int, list[int]] = {}
    for p in sorted((p for p in range(game.n) if values[p]), key=lambda p: -values[p] if day else values[p]):
        groups.setdefault(values[p], []).append(p)
    text = ""
    for group in groups.values():
        if len(group) > 1:
            group.sort(key=lambda p: (stars[p], p))
            text += (
                " "
                + ", ".join(f"{names[p]} ({plural(stars[p], 'star')})" for p in group)
                + f" played the same {colour} value: fewer stars already collected chooses first"
            )
            gone = [names[p] for p in group if p in dropped]
            text += f"; {' and '.join(gone)} are still equal, so neither receives a card." if gone else "."
    return text


def say_take(game: StarsGame, p: int, card: Card) -> None:
    """Step 4: ``p`` took ``card``, and their stars now."""
    name = game.names[p]
    note = (
        " (no star card was left, but a card must still be taken)"
        if card.stars == 0 and not any(c.stars for c in game.table)
        else ""
    )
    say(
        game.log,
        name,
        "take",
        "4. collect winning cards",
        f"{name} takes {card.label}{note}; {name} now has {plural(game.stars[p], 'star')} on "
        f"{plural(len(game.collected[p]), 'card')}.",
        {"player": p, "card": card.id},
    )


def say_clean_up(game: StarsGame, left: int, counts: list[int], before: int) -> None:
    """Step 5: ``left`` cards discarded, the draw (``counts`` from a pile of ``before`` cards),
    the time card staying, and whether the next round is the last."""
    n = game.n
    if before >= DRAW * n:
        drawn = "every player draws two cards"
    elif before and game.options.short_pile == "share":
        drawn = (
            "the draw pile cannot give everyone two cards, so its last cards are dealt one at a "
            "time in seat order ("
            + ", ".join(f"{game.names[i]} {counts[i]}" for i in range(n))
            + "; option short_pile=share)"
        )
    elif before:
        drawn = (
            f"the draw pile ({plural(before, 'card')}) cannot give everyone two cards, so nobody "
            "draws (option short_pile=no_draw)"
        )
    else:
        drawn = "the draw pile is empty, so nobody draws"
    say(
        game.log,
        None,
        "cleanup",
        "5. clean up and draw cards",
        f"Clean-up: {plural(left, 'card')} go to the discard pile; {drawn}; "
        f"{plural(len(game.pile), 'card')} left in the draw pile. The time card stays on "
        f"{'day' if game.day else 'night'}."
        + (" The draw pile is used up: one last round is played." if game.last_round else ""),
        {"pile": len(game.pile)},
    )


def say_last_clean_up(game: StarsGame, left: int) -> None:
    """Step 5 after the last round: the face-up cards go to the discard pile, nobody draws."""
    game.log.add(None, "cleanup", "5. clean up", f"Clean-up: {plural(left, 'card')} go to the discard pile.")


def say_no_further_round(game: StarsGame) -> None:
    """The end of a set position in which a hand cannot play two cards."""
    game.log.add(
        None,
        "end",
        "end of the game: a hand cannot play two cards",
        "A player holds fewer than two cards, so no further round can be played.",
    )


def say_end(game: StarsGame) -> None:
    """The end: everyone's stars and cards, how a tie was broken, the winners."""
    n, names, stars, top = game.n, game.names, game.stars, game.winners
    scores = ", ".join(
        [f"{names[p]} {plural(stars[p], 'star')} ({plural(len(game.collected[p]), 'card')})" for p in range(n)]
    )
    tie = ""
    if stars.count(max(stars)) > 1:
        tie = " Stars are tied, so more collected cards wins" + (
            "; still tied, so there are several winners." if len(top) > 1 else "."
        )
    say(
        game.log,
        None,
        "end",
        "end of the game: most stars wins",
        f"The game is over: {scores}.{tie} {'Winners' if len(top) > 1 else 'Winner'}: "
        f"{' and '.join(names[p] for p in top)}.",
        {"winners": list(top), "stars": list(stars)},
    )
