"""An independent straight-line reference of Sonne und Mond, written from the rules (seed 004
and the engine's default rule options), for ``bench_sunmoon.py``.

It shares nothing with ``daynight.sunmoon`` but the animal data file: its own card codes, its
own row layout, its own move generation in its own order, its own shuffles. So it plays games
of its own, and the benchmark compares the two on games per second and on the distributions of
game lengths and scores (which agree when the rules do); ``tests/test_sunmoon_reference.py``
checks, on positions from the engine's games, that both find the same legal moves.

Layout:

* a card is an int ``kind * 32 + number``: sun 1-29 are 1-29, the solar eclipse is 0, moon
  1-29 are 33-61, the lunar eclipse is 32 (so ``code & 31`` is the number, 0 for an eclipse);
* a row is two lists: ``tops`` -- the number showing at each place, 0 where an eclipse lies on
  top -- and ``piles`` -- every card of each place, for the discard pile and the score;
* a move is ``(verb, code, owner, index)``: ``END`` (index 0 the left end, else the right end),
  ``COVER``, ``RESTORE`` (index: the place), ``HARVEST`` (code: the kind), ``DESTRUCT``.

Default rules: eclipses cover numbered cards only (a lone card too); of adjacent eclipses the
outermost is restored first; a harvest takes the longest run (the leftmost of equal ones) with
what lies beneath and leaves the rest; an animal card with no follow-up ends the turn; in the
final round nobody draws, and a player with nothing to do self-destructs.
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "daynight" / "data" / "sunmoon_animals.csv"
END, COVER, RESTORE, HARVEST, DESTRUCT = range(5)
DECK = [k * 32 for k in (0, 1) for _ in range(5)] + [k * 32 + v for k in (0, 1) for v in range(1, 30)]


def _animals() -> frozenset[int]:
    with open(DATA, newline="", encoding="utf-8") as fh:
        return frozenset(
            (0 if r["kind"] == "sun" else 32) + int(r["value"]) for r in csv.DictReader(fh) if r["animal"].strip()
        )


ANIMALS = _animals()


def longest(tops: list[int]) -> tuple[int, int]:
    """(start, length) of the longest run of non-zero tops, the leftmost of equal ones."""
    best_start = best_len = run = 0
    for i, v in enumerate(tops):
        if v:
            run += 1
            if run > best_len:
                best_start, best_len = i - run + 1, run
        else:
            run = 0
    return best_start, best_len


def legal_moves(hand: list[int], tops: list[list[list[int]]], p: int, extra: bool) -> list[tuple]:
    """Every move of player ``p`` (``tops[owner][kind]``), row by row. Empty means: nothing
    to play and nothing to harvest."""
    out = []
    n = len(tops)
    cards = set(hand)
    for owner in range(n):
        for kind in (0, 1):
            row = tops[owner][kind]
            mine = [c for c in cards if c >> 5 == kind]
            if not mine:
                continue
            if not row:
                out.extend((END, c, owner, 0) for c in mine if c & 31)
                continue
            shown = [v for v in row if v]
            low, high = (shown[0], shown[-1]) if shown else (30, 0)
            gaps = []
            i, ln = 0, len(row)
            while i < ln:
                if row[i]:
                    i += 1
                    continue
                j = i
                while j + 1 < ln and not row[j + 1]:
                    j += 1
                gaps.append((i, j, row[i - 1] if i else 0, row[j + 1] if j + 1 < ln else 30))
                i = j + 1
            for c in mine:
                v = c & 31
                if not v:
                    out.extend((COVER, c, owner, i) for i in range(ln) if row[i])
                    continue
                if v < low:
                    out.append((END, c, owner, 0))
                if v > high:
                    out.append((END, c, owner, ln))
                for first, last, below, above in gaps:
                    if below < v < above:
                        out.append((RESTORE, c, owner, first))
                        if last != first:
                            out.append((RESTORE, c, owner, last))
    if not extra:
        for kind in (0, 1):
            if longest(tops[p][kind])[1] >= 5:
                out.append((HARVEST, kind, p, 0))
    return out


def random_game(n: int, seed: int) -> tuple[list[int], int]:
    """One game of uniformly random legal moves; returns (each player's final score, moves
    played). With four players in teams a team's total is the sum of its two players'."""
    rng = random.Random(seed)
    draw = DECK[:]
    rng.shuffle(draw)
    hands = [[draw.pop() for _ in range(5)] for _ in range(n)]
    tops = [[[], []] for _ in range(n)]
    piles = [[[], []] for _ in range(n)]
    harvested = [0] * n
    discard: list[int] = []
    p, extra, final_left, moves = 0, False, None, 0
    while True:
        hand = hands[p]
        if not hand and not extra and final_left is None:  # draw five, only with an empty hand
            while len(hand) < 5 and (draw or discard):
                if not draw:
                    draw, discard = discard, []
                    rng.shuffle(draw)
                hand.append(draw.pop())
            if final_left is None and not draw and not discard:
                final_left = n  # one more turn for everyone
        options = legal_moves(hand, tops, p, extra)
        if not options and extra:  # an animal card, nothing to follow: turn over
            options = None
        elif not options:
            options = [(DESTRUCT, 0, p, 0)]
        if options is not None:
            verb, c, owner, i = options[rng.randrange(len(options))]
            moves += 1
            again = False
            if verb <= RESTORE:
                hand.remove(c)
                row, pile = tops[owner][c >> 5], piles[owner][c >> 5]
                if verb == END:
                    if i == 0:
                        row.insert(0, c & 31)
                        pile.insert(0, [c])
                    else:
                        row.append(c & 31)
                        pile.append([c])
                else:
                    row[i] = c & 31
                    pile[i].append(c)
                again = c in ANIMALS
            elif verb == HARVEST:
                s, ln = longest(tops[p][c])
                harvested[p] += sum(1 for place in piles[p][c][s : s + ln] for x in place if x & 31)
                del tops[p][c][s : s + ln]
                del piles[p][c][s : s + ln]
            else:
                discard.extend(hand)
                for kind in (0, 1):
                    for place in piles[p][kind]:
                        discard.extend(place)
                hands[p] = []
                tops[p] = [[], []]
                piles[p] = [[], []]
            if again:
                extra = True
                continue
        extra = False
        if final_left is not None:
            final_left -= 1
            if final_left == 0:
                break
        p = (p + 1) % n
    scores = []
    for q in range(n):
        left = sum(1 for c in hands[q] if c & 31)
        left += sum(1 for kind in (0, 1) for place in piles[q][kind] for x in place if x & 31)
        scores.append(harvested[q] - left)
    return scores, moves
