"""stars: the moments of a game that the exercises ask about (:mod:`daynight.stars.exercises`).

Every position comes from the engine: a seeded game between bots, or a round built through the
public API (:meth:`StarsGame.from_position`, :func:`teaching_position`) where a game between bots
seldom shows what a rule decides (two players level in the winning colour, a chooser left with
no card that has a star, a draw pile about to run out). Each moment is played on by the engine
on a copy, so an exercise keeps what the engine decided and what its log said.

* :class:`RoundAt` -- a round at the moment its last card is revealed, nothing decided yet
  (:func:`rounds`, :func:`find_round`, :func:`decision_of`, :func:`built_round`,
  :func:`starless_round`, :func:`rulebook_round`);
* :func:`round_beginnings` -- rounds just begun, their card revealed;
* :func:`near_the_end`, :func:`round_starts`, :func:`finished_game` -- the end of the draw pile
  and of the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from .bots import RandomBot, RuleOfThumbBot, play_cards
from .data import COLOURS, Card, default_deck
from .engine import PLAY1, PLAY2, StarsGame
from .moves import Choose, Move
from .positions import teaching_position
from .rules import colour_totals, turn_time_card, winning_colour, winning_values
from .view import Round

__all__ = [
    "NAMES",
    "RULEBOOK",
    "RoundAt",
    "bot_move",
    "built_round",
    "deal_names",
    "decision_of",
    "find_round",
    "finished_game",
    "near_the_end",
    "round_at",
    "round_beginnings",
    "round_starts",
    "rounds",
    "rulebook_round",
    "starless_round",
]

#: the players' names: the rulebook's example first (Ursula, Matthias, Irene)
NAMES = ("Ursula", "Matthias", "Irene", "Anna", "Ben", "Chen", "Dana", "Emil", "Farah", "Gita")
#: the rulebook's example (its cards are not transcribed: these are constructed to fit it, as in
#: the walkthrough): the revealed card, then Ursula's, Matthias's and Irene's two plays
RULEBOOK = ("orange 4", (("orange 7", "pink 9"), ("orange 10", "purple 8"), ("blue 2", "blue 4")))


def deal_names(rng: random.Random, n: int) -> list[str]:
    return rng.sample(NAMES, n)


def bot_move(bot: Any, game: StarsGame, p: int, rng: random.Random) -> Any:
    return bot.choose(game.view(p), game.legal_moves(p), rng)


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
        """The colour totals of the round's face-up cards (the rule function, under the game's option)."""
        return colour_totals(self.cards, self.game.options.absent_colours)

    @property
    def pile(self) -> int:
        """The cards in the draw pile during the round (before the clean-up draws)."""
        return self.game.view(0).pile_size

    def hands(self) -> list[int]:
        """How many cards each player holds once both plays are made (before the clean-up)."""
        sizes = list(self.game.view(0).hand_sizes)
        sizes[self.last.player] -= 1  # the last card is still in its player's hand
        return sizes

    def choices(self) -> list[Move]:
        """The moves of the choosing, in order, as the engine played them on."""
        done = len(self.game.history) + 1
        return [m for m in self.after.history[done:] if isinstance(m, Choose)]


def round_at(game: StarsGame, last: Move, rng: random.Random) -> RoundAt:
    """The decision moment of ``game`` (``last`` places the round's last card), played on by
    bots to the end of the round on a copy."""
    views = [game.view(p) for p in range(game.n)]
    seconds = [v.my_pending or last.card for v in views]  # only the last player's card is not placed yet
    played = tuple((views[0].played[p][0], seconds[p]) for p in range(game.n))
    after = game.copy()
    mark, done = len(after.log), len(after.rounds or ())
    after.play(last)
    bot = RuleOfThumbBot()
    while len(after.rounds or ()) == done:
        p = after.to_players()[0]
        after.play(bot_move(bot, after, p, rng))
    events = []
    for e in after.log.since(mark):
        if e.what == "commit":
            continue
        events.append(e.text)
        if e.what == "cleanup":
            break
    v = views[0]
    return RoundAt(game, last, v.names, v.start_day, v.revealed, played, v.stars, v.collected, after,
                   (after.rounds or [])[done], tuple(events))  # fmt: skip


def decisions(game: StarsGame, bots: Sequence[Any], rng: random.Random, start: int = 1) -> Iterator[RoundAt]:
    """The decision moment of every round of ``game`` from round ``start`` on, the game played
    by ``bots`` (one per player)."""
    while not game.is_over():
        movers = game.to_players()
        move = bot_move(bots[movers[0]], game, movers[0], rng)
        if game.phase == PLAY2 and len(movers) == 1 and game.round >= start:
            yield round_at(game, move, rng)
        game.play(move)


def rounds(rng: random.Random) -> Iterator[RoundAt]:
    """Decision moments of seeded games between bots (3 to 5 players), from a random round on,
    one game after another, without end."""
    while True:
        n = rng.choice((3, 4, 5))
        game = StarsGame.new(n, rng.getrandbits(32), names=deal_names(rng, n))
        bots = [RuleOfThumbBot() if rng.random() < 0.7 else RandomBot() for _ in range(n)]
        yield from decisions(game, bots, rng, rng.randint(1, 5))


def decision_of(game: StarsGame, rng: random.Random) -> RoundAt | None:
    """The decision moment of the round ``game`` is in, played to it by bots (on ``game``
    itself); ``None`` when the game ends first."""
    return next(decisions(game, [RuleOfThumbBot()] * game.n, rng, game.round), None)


def find_round(rng: random.Random, want: Callable[[RoundAt], bool], tries: int = 40) -> RoundAt | None:
    """The first decision moment of :func:`rounds` that ``want`` accepts (``None`` after ``tries``)."""
    for i, at in enumerate(rounds(rng)):
        if want(at):
            return at
        if i + 1 >= tries:
            return None
    return None  # pragma: no cover - rounds() never ends


def play_card(game: StarsGame, p: int, card: Card) -> None:
    game.play(next(m for m in game.legal_moves(p) if m.card is card))


def _built(rng: random.Random, firsts: list[Card], seconds: list[Card], reveal: Card,
           collected: list[list[Card]], day: bool) -> RoundAt:  # fmt: skip
    """The round of these cards, built through the public API and played to its decision."""
    n = len(firsts)
    deck = default_deck()
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
        names=deal_names(rng, n),
    )
    for p in range(n):
        play_card(game, p, firsts[p])
    for p in range(n - 1):
        play_card(game, p, seconds[p])
    return round_at(game, next(m for m in game.legal_moves(n - 1) if m.card is seconds[-1]), rng)


def built_round(rng: random.Random, fewer_stars: bool) -> RoundAt | None:
    """A round built through the public API (:meth:`StarsGame.from_position`) in which two
    players play the same value of one colour, which then wins; ``fewer_stars``: one of them
    has collected a card (the other chooses first), else neither has (neither gets a card).
    ``None`` when the random cards do not make such a round."""
    n = rng.choice((3, 4, 5))
    day = rng.random() < 0.5
    colour = rng.choice(COLOURS)
    value = rng.randint(9, 13) if day else rng.randint(1, 4)
    plain = [c for c in default_deck().cards if not c.time]
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
    at = _built(rng, firsts, seconds, reveal, collected, day)
    values = winning_values(at.played, colour) if winning_colour(at.totals(), at.day) == colour else []
    return at if values and values[a] == values[b] else None


def starless_round(rng: random.Random) -> tuple[RoundAt, int] | None:
    """A round built through the public API whose cards are time-symbol cards but for at most
    two with stars, and the number of choices made (by the engine's bots, who take the most
    stars first) when a chooser is left with no card that has a star; ``None`` when the round
    has no such chooser."""
    n = rng.choice((3, 4, 5))
    deck = default_deck().cards
    timed = [c for c in deck if c.time]
    starred = [c for c in deck if not c.time]
    cards = rng.sample(timed, 2 * n + 1 - (k := rng.choice((0, 1, 1, 2)))) + rng.sample(starred, k)
    rng.shuffle(cards)
    collected: list[list[Card]] = [[c] if rng.random() < 0.4 else [] for c in rng.sample(starred, n)]
    collected = [[c for c in cs if c not in cards] for cs in collected]
    at = _built(rng, cards[1 : n + 1], cards[n + 1 :], cards[0], collected, rng.random() < 0.5)
    table = list(at.cards)
    for done, move in enumerate(at.choices()):
        if not any(c.stars for c in table):
            return at, done
        table.remove(move.card)
    return None


def rulebook_round(time: str) -> RoundAt:
    """The rulebook's example (:data:`RULEBOOK`: Ursula, Matthias and Irene, constructed cards)
    by ``"day"`` or ``"night"``, at the moment its last card is revealed."""
    reveal, plays = RULEBOOK
    game = teaching_position([list(cs) for cs in plays], reveal, time=time, names=NAMES[:3])
    play_cards(game, [cs[0] for cs in plays], [cs[1] for cs in plays[:-1]])
    colour, value = plays[2][1].split()
    last = next(
        m for m in game.legal_moves(2) if (m.card.colour, m.card.value, m.card.time) == (colour, int(value), False)
    )
    return round_at(game, last, random.Random(0))


# ---------------------------------------------------------------------------
# The beginning of a round, the end of the draw pile, the end of the game
# ---------------------------------------------------------------------------


def round_beginnings(rng: random.Random) -> list[StarsGame]:
    """Every round of a seeded game between bots just after its card is revealed (the last
    round included), each a copy."""
    n = rng.choice((3, 4, 5))
    game = StarsGame.new(n, rng.getrandbits(32), names=deal_names(rng, n))
    bot = RuleOfThumbBot()
    found: list[StarsGame] = []
    while not game.is_over():
        if game.phase == PLAY1 and len(game.to_players()) == n:
            found.append(game.copy())
        game.play(bot_move(bot, game, game.to_players()[0], rng))
    return found


def near_the_end(rng: random.Random) -> StarsGame:
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
        names=deal_names(rng, n),
    )


def round_starts(rng: random.Random) -> list[StarsGame]:
    """The start of every round but the last of a seeded game between bots."""
    return [g for g in round_beginnings(rng) if not g.view(0).last_round]


def finished_game(rng: random.Random) -> StarsGame:
    """A seeded game between bots played to its end; four times in ten one with a tie in
    stars at the top, if one of a dozen games has it (looked for with the log off, then the
    game found is replayed with every rule explained)."""
    for _i in range(12 if rng.random() < 0.4 else 1):
        n, seed = rng.choice((3, 4, 5)), rng.getrandbits(32)
        names = deal_names(rng, n)
        game = StarsGame.new(n, seed, names=names, explain=False)
        bots = [RuleOfThumbBot() if rng.random() < 0.7 else RandomBot() for _ in range(n)]
        while not game.is_over():
            p = game.to_players()[0]
            game.play(bot_move(bots[p], game, p, rng))
        stars = game.view(0).stars
        if stars.count(max(stars)) > 1:
            break
    explained = StarsGame.new(n, seed, names=names)
    for move in game.history:
        explained.play(move)
    return explained
