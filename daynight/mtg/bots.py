"""mtg: who plays: bots, hints, rollouts, helpers that play a game forward, and the seeded demo game."""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..core import make_rng
from .data import Effect, PermanentSpec, catalog
from .engine import DayNight
from .moves import Affect, Becomes, BeginTurn, CastSpell, EndGame, Enter, Resolve
from .rules import DAY, NIGHT, designation_of, untap_check

# ---------------------------------------------------------------------------
# Simulation and the exact Markov chain
# ---------------------------------------------------------------------------


def poisson_spells(mean: float, kmax: int = 12) -> list[float]:
    """Probabilities of 0, 1, ..., kmax spells in a turn when a player casts ``mean`` spells per
    turn on average (a Poisson model; the last entry collects kmax and more)."""
    if mean < 0:
        raise ValueError("mean spells per turn must be >= 0")
    probs = [math.exp(-mean) * mean**k / math.factorial(k) for k in range(kmax)]
    probs.append(max(0.0, 1.0 - sum(probs)))
    return probs


def transition_probabilities(dist: Sequence[float], team_size: int = 1) -> tuple[float, float]:
    """``(P(day -> night), P(night -> day))`` at one untap step when each player of the active
    team (one player without shared team turns) casts k spells with probability ``dist[k]``,
    independently: night needs *nobody* on the team casting, day needs *somebody* casting two
    or more (CR 728.2a/b and the team variants)."""
    p0 = dist[0]
    p_lt2 = dist[0] + (dist[1] if len(dist) > 1 else 0.0)
    return p0**team_size, 1.0 - p_lt2**team_size


def night_fraction(
    dist: Sequence[float], team_size: int = 1, *, turns: int | None = None, start: int | str = DAY
) -> float:
    """How often it is night, exactly, from the two-state Markov chain day <-> night.

    With ``turns=None`` the long-run fraction a / (a + b) (a = P(day->night), b =
    P(night->day)); with ``turns=n`` the expected fraction of the first n turns (the
    designation after each turn's untap step) starting from ``start`` before turn 1's check.
    """
    a, b = transition_probabilities(dist, team_size)
    if turns is None:
        if a + b == 0:
            raise ValueError(
                "with these spells the designation never changes at an untap step: "
                "how often it is night depends only on how the game started"
            )
        return a / (a + b)
    p_night = 1.0 if designation_of(start) == NIGHT else 0.0
    total = 0.0
    for _ in range(turns):
        p_night = p_night * (1 - b) + (1 - p_night) * a
        total += p_night
    return total / turns


@dataclass
class Simulation:
    """The result of :func:`simulate`: the designation after each turn's untap step and the
    spells the active players cast."""

    designations: list[int]
    spells: list[int] = field(repr=False)
    changes: int = 0

    @property
    def turns(self) -> int:
        return len(self.designations)

    @property
    def night_fraction(self) -> float:
        return self.designations.count(NIGHT) / max(1, len(self.designations))


def simulate(
    turns: int,
    dist: Sequence[float] | float,
    *,
    team_size: int = 1,
    seed: int | random.Random | None = 0,
    start: int | str = DAY,
) -> Simulation:
    """The fast path: ``turns`` turns of the designation alone (no events, no permanents).

    Each turn every player of the active team casts k spells with probability ``dist[k]`` (a
    number is read as the mean of a Poisson distribution). The check is :func:`untap_check` itself,
    the rule the engine applies. 100,000 turns take well under a second.
    """
    if isinstance(dist, (int, float)):
        dist = poisson_spells(float(dist))
    rng, _ = make_rng(seed)
    cum = []
    acc = 0.0
    for p in dist:
        acc += p
        cum.append(acc)
    cum[-1] = 1.0
    top = len(cum) - 1
    rand = rng.random
    bis = bisect.bisect_right
    d = designation_of(start)
    out = [0] * turns
    spells_out = [0] * turns
    changes = 0
    check = untap_check
    spells: int | list[int]
    for t in range(turns):
        if team_size == 1:
            k = bis(cum, rand())
            spells = k = k if k <= top else top
        else:
            team = [min(bis(cum, rand()), top) for _ in range(team_size)]
            spells, k = team, sum(team)
        spells_out[t] = k
        new = check(d, spells)
        if new != d:
            changes += 1
            d = new
        out[t] = d
    return Simulation(out, spells_out, changes)


# ---------------------------------------------------------------------------
# A seeded demo game
# ---------------------------------------------------------------------------


def resolve_all(game: DayNight) -> None:
    """Resolve every pending triggered ability, oldest first (what a table does before the
    turn moves on: a step ends only when the stack is empty)."""
    while game.pending:
        game.play(Resolve(game.pending[0].id))


def demo(seed: int = 1, turns: int = 12) -> DayNight:
    """A complete seeded game: three players, daybound werewolves and an Innistrad werewolf
    entering, spells of all kinds, a "can't transform" Aura, a skipped turn and an effect
    that makes it night."""
    rng = random.Random(seed)
    game = DayNight.new(["Alice", "Bob", "Carol"])
    names = [n for n, e in catalog().items() if e["kind"] == "dfc" and n == e["name"]]
    for t in range(turns):
        resolve_all(game)
        nxt = game.next_in_order()
        if t == 6 and rng.random() < 0.5:
            game.play(BeginTurn(game.after(nxt), skipping=(nxt,)))
        else:
            game.play(BeginTurn(nxt))
        resolve_all(game)
        active = game.active_players()[0]
        for _ in range(rng.choice((0, 0, 1, 1, 1, 2, 2, 3))):
            game.play(CastSpell(active, zone=rng.choice(("hand", "hand", "hand", "graveyard"))))
        if rng.random() < 0.3:
            other = rng.choice([p for p in game.players if p != active])
            game.play(CastSpell(other, spell="an instant"))
        if rng.random() < 0.15:
            game.play(CastSpell(active, copy=True))
        if t in (1, 5) or rng.random() < 0.1:
            spec = PermanentSpec.from_catalog(rng.choice(names), controller=active)
            if spec.enchant_player:
                # the demos were recorded before the tracker followed Auras that enchant a player
                # (issue 20): Curse of Leeches enters them as a plain double-faced card, so that
                # the seeded records stay byte for byte the same
                spec = replace(spec, enchant_player=False, triggers=(), upkeep="")
            game.play(Enter((spec,)))
        if t == 3:
            game.play(Enter((PermanentSpec.from_catalog("Huntmaster of the Fells", controller=active),)))
        if t == 7 and game.permanents:
            target = game.permanents[rng.randrange(len(game.permanents))]
            game.play(Affect(target.id, Effect.from_catalog("Bound by Moonsilver")))
        if t == 8:
            game.play(Becomes("night", "Unnatural Moonrise"))
    resolve_all(game)
    game.play(EndGame("the demo ends"))
    return game
