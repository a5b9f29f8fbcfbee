"""A straight-line reference of Sonne und Mond with the engine's default rules: module-level
functions over ints and lists, no validation, no objects, no explanations.

It exists to measure (``bench_sunmoon.py`` reports the engine's time as a ratio to it) and
to cross-check: it enumerates the legal moves in the same order as ``daynight.sunmoon`` and
shuffles with the same calls, so a seeded random game here and in the engine must end with
the same scores (``tests/test_sunmoon.py`` checks that).

Cards are ints: 0-28 sun 1-29, 29-57 moon 1-29, 58-62 solar and 63-67 lunar eclipses.
A move is a tuple ``(verb, card, owner, index)``: verb 0 place at an end (index 0 left, len
right), 1 cover, 2 restore, 3 harvest (card = kind), 4 self-destruct.
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "daynight" / "data" / "sunmoon_animals.csv"

KIND = [0] * 29 + [1] * 29 + [0] * 5 + [1] * 5
VAL = list(range(1, 30)) * 2 + [0] * 10
ECL = [False] * 58 + [True] * 10


def _animals() -> list[bool]:
    out = [False] * 68
    with open(DATA, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row["animal"].strip():
                out[(0 if row["kind"] == "sun" else 29) + int(row["value"]) - 1] = True
    return out


ANIMAL = _animals()


def row_info(row):
    """(places, lowest visible, highest visible, [(first, last, low, high) eclipse groups])"""
    ln = len(row)
    lo = 30
    for s in row:
        if not ECL[s[-1]]:
            lo = VAL[s[-1]]
            break
    hi = 0
    for j in range(ln - 1, -1, -1):
        if not ECL[row[j][-1]]:
            hi = VAL[row[j][-1]]
            break
    groups = []
    i = 0
    while i < ln:
        if ECL[row[i][-1]]:
            j = i
            while j + 1 < ln and ECL[row[j + 1][-1]]:
                j += 1
            groups.append((i, j, VAL[row[i - 1][-1]] if i > 0 else 0, VAL[row[j + 1][-1]] if j + 1 < ln else 30))
            i = j + 1
        else:
            i += 1
    return ln, lo, hi, groups


def legal(hands, rows, n, p, extra):
    out = []
    info = {}
    for c in hands[p]:
        k = KIND[c]
        if ECL[c]:
            for o in range(n):
                row = rows[o][k]
                for i in range(len(row)):
                    if not ECL[row[i][-1]]:
                        out.append((1, c, o, i))
            continue
        v = VAL[c]
        for o in range(n):
            key = o * 2 + k
            got = info.get(key)
            if got is None:
                got = info[key] = row_info(rows[o][k])
            ln, lo, hi, groups = got
            if ln == 0:
                out.append((0, c, o, 0))
                continue
            if v < lo:
                out.append((0, c, o, 0))
            if v > hi:
                out.append((0, c, o, ln))
            for i, j, low, high in groups:
                if low < v < high:
                    out.append((2, c, o, i))
                    if j != i:
                        out.append((2, c, o, j))
    if not extra:
        for k in (0, 1):
            if longest(rows[p][k])[1] >= 5:
                out.append((3, k, p, 0))
    if not out:
        out.append((4, 0, p, 0))
    return out


def longest(row):
    best_s, best_l, start = 0, 0, -1
    for i, s in enumerate(row):
        if ECL[s[-1]]:
            if start >= 0 and i - start > best_l:
                best_s, best_l = start, i - start
            start = -1
        elif start < 0:
            start = i
    if start >= 0 and len(row) - start > best_l:
        best_s, best_l = start, len(row) - start
    return best_s, best_l


def random_game(n: int, seed: int, choice_seed: int) -> list[int]:
    """One uniformly random game; returns the final scores."""
    rng = random.Random(seed)
    deck = list(range(68))
    rng.shuffle(deck)
    draw = deck[::-1]
    hands = [[] for _ in range(n)]
    for _ in range(5):
        for p in range(n):
            hands[p].append(draw.pop())
    rows = [[[], []] for _ in range(n)]
    harvested = [[] for _ in range(n)]
    discard = []
    pick = random.Random(choice_seed)
    turn, extra, final_left = 0, False, None
    while True:
        moves = legal(hands, rows, n, turn, extra)
        verb, c, o, i = moves[pick.randrange(len(moves))]
        p = turn
        end = True
        if verb <= 2:
            hands[p].remove(c)
            row = rows[o][KIND[c]]
            if verb == 0:
                if i == 0:
                    row.insert(0, [c])
                else:
                    row.append([c])
            else:
                row[i].append(c)
            if ANIMAL[c]:
                extra = True
                end = legal(hands, rows, n, p, True)[0][0] == 4
        elif verb == 3:
            row = rows[p][c]
            s, ln = longest(row)
            for st in row[s:s + ln]:
                harvested[p].extend(st)
            rows[p][c] = row[:s] + row[s + ln:]
        else:
            discard.extend(hands[p])
            for k in (0, 1):
                for st in rows[p][k]:
                    discard.extend(st)
            hands[p] = []
            rows[p] = [[], []]
        if not end:
            continue
        # end of the turn; the next turn begins (draw with an empty hand; pass with nothing)
        extra = False
        if final_left is not None:
            final_left -= 1
            if final_left <= 0:
                break
        turn = (turn + 1) % n
        over = False
        while True:
            p = turn
            if not hands[p]:
                got = 0
                while got < 5:
                    if not draw:
                        if not discard:
                            break
                        draw, discard = discard, []
                        rng.shuffle(draw)
                    hands[p].append(draw.pop())
                    got += 1
                if not draw and not discard and final_left is None:
                    final_left = n
            if hands[p]:
                break
            if longest(rows[p][0])[1] >= 5 or longest(rows[p][1])[1] >= 5:
                break
            final_left = (final_left or 1) - 1
            if final_left <= 0:
                over = True
                break
            turn = (p + 1) % n
        if over:
            break
    scores = []
    for p in range(n):
        plus = sum(1 for c in harvested[p] if not ECL[c])
        minus = sum(1 for c in hands[p] if not ECL[c])
        for k in (0, 1):
            for st in rows[p][k]:
                minus += sum(1 for c in st if not ECL[c])
        scores.append(plus - minus)
    return scores
