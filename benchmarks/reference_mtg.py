"""A straight-line reference of MTG's day/night rules: the physical limit the engine is
measured against (``benchmarks/bench_mtg.py``).

The same rules as ``daynight.mtg`` on plain ints and lists, with no API, no validation and no
explanations: a turn is the untap-step check (728.2a/b/c) on the previous active player's
spell count, spells are counted per player per turn, daybound/nightbound double-faced
permanents flip on every change (702.145b/e), permanents entering take the face of the
designation (702.145b) or set day when it is neither (702.145d), and "it becomes night"
effects apply at once.

A script is a list of steps: ``(0, player)`` begins that player's turn, ``(1, player)`` a
spell cast by that player, ``(2, 2)`` "it becomes night", ``(3, 0)`` a daybound double-faced
card entering.
"""

from __future__ import annotations

import math
import random

NEITHER, DAY, NIGHT = 0, 1, 2


def script(turns: int = 40, players: int = 2, mean_spells: float = 1.0, seed: int = 0) -> list[tuple[int, int]]:
    """A seeded game: each turn the active player casts a Poisson number of spells, two
    werewolves enter (turns 2 and 20) and an effect makes it night on turn 30."""
    rng = random.Random(seed)
    steps: list[tuple[int, int]] = []
    limit = math.exp(-mean_spells)
    for t in range(turns):
        who = t % players
        steps.append((0, who))
        k, prod = 0, rng.random()
        while prod > limit:
            k += 1
            prod *= rng.random()
        steps.extend((1, who) for _ in range(k))
        if t in (1, 19):
            steps.append((3, 0))
        if t == 29:
            steps.append((2, NIGHT))
    return steps


def run(steps: list[tuple[int, int]], players: int = 2) -> tuple[int, list[int], int]:
    """Play a script; returns (designation, faces, number of untap-step checks)."""
    designation = NEITHER
    active = -1
    spells = [0] * players
    faces: list[int] = []  # DAY = daybound face up, NIGHT = nightbound face up
    checks = 0
    for kind, value in steps:
        if kind == 0:
            new = designation
            if active >= 0:
                n = spells[active]
                if designation == DAY:
                    if n == 0:
                        new = NIGHT
                elif designation == NIGHT and n >= 2:
                    new = DAY
                checks += 1
            if new != designation:
                designation = new
                for i in range(len(faces)):
                    faces[i] = new
            active = value
            spells = [0] * players
        elif kind == 1:
            spells[value] += 1
        elif kind == 2:
            if value != designation:
                designation = value
                for i in range(len(faces)):
                    faces[i] = value
        else:
            if designation == NEITHER:
                designation = DAY
            faces.append(designation)
    return designation, faces, checks
