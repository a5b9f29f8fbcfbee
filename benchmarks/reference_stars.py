"""A straight-line reference of the star-collecting card game (``daynight.stars``) for the
speed ratios: module-level functions over ints and lists, no validation, no objects, no
explanations, the random policy inline.

The rules are the engine's with its default options: 16/33/3 cards removed; reveal (a time
symbol flips at once); two plays, each time symbol flips; by day the highest colour total
wins, by night the lowest, absent colours ignored, a tie means no winning colour; players who
played the winning colour choose in order of their summed winning-colour values, equal values
broken by fewer stars, still equal: neither chooses; discard, draw two; when the pile cannot
give everyone two cards nobody draws and one last round follows; most stars wins.

Card ``i`` of the deck is encoded in parallel lists ``COL[i]``, ``VAL[i]``, ``TIME[i]``,
``STARS[i]`` (the same bundled table the engine reads).
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

_DECK = Path(__file__).resolve().parent.parent / "daynight" / "data" / "stars_deck.csv"
COL: list[int] = []
VAL: list[int] = []
TIME: list[bool] = []
STARS: list[int] = []
_COLOURS = {"blue": 0, "orange": 1, "pink": 2, "purple": 3}
with open(_DECK, encoding="utf-8") as _fh:
    for _row in csv.DictReader(_fh):
        COL.append(_COLOURS[_row["colour"]])
        VAL.append(int(_row["value"]))
        TIME.append(_row["symbol"] == "time")
        STARS.append(int(_row["stars"]))
REMOVED = {3: 33, 4: 16, 5: 3}


def finish(n, hands, pile, day, stars, table, played, step, last, rng, random_choice=True):
    """Play the game from the start of play ``step`` (0 or 1) of a round whose revealed card
    is already on ``table``; returns the final star counts and the winners."""
    rr = rng.random
    while True:
        # two plays
        while step < 2:
            flips = 0
            for p in range(n):
                h = hands[p]
                c = h.pop(int(rr() * len(h)))
                played[p].append(c)
                table.append(c)
                if TIME[c]:
                    flips += 1
            if flips & 1:
                day = not day
            step += 1
        # winning colour
        totals = [0, 0, 0, 0]
        present = [False, False, False, False]
        for c in table:
            totals[COL[c]] += VAL[c]
            present[COL[c]] = True
        best = None
        win = -1
        tie = False
        for k in range(4):
            if not present[k]:
                continue
            t = totals[k]
            if best is None or (t > best if day else t < best):
                best, win, tie = t, k, False
            elif t == best:
                tie = True
        if not tie and win >= 0:
            keys = []
            for p in range(n):
                s = 0
                for c in played[p]:
                    if COL[c] == win:
                        s += VAL[c]
                if s:
                    keys.append(((-s if day else s), stars[p], p))
            keys.sort()
            for i, k in enumerate(keys):
                if (i > 0 and keys[i - 1][:2] == k[:2]) or (i + 1 < len(keys) and keys[i + 1][:2] == k[:2]):
                    continue
                p = k[2]
                if random_choice:
                    c = table.pop(int(rr() * len(table)))
                else:
                    j = 0
                    for x in range(1, len(table)):
                        if STARS[table[x]] > STARS[table[j]]:
                            j = x
                    c = table.pop(j)
                stars[p] += STARS[c]
        # clean-up
        table = []
        played = [[] for _ in range(n)]
        if last:
            break
        if len(pile) >= 2 * n:
            for p in range(n):
                hands[p].append(pile.pop())
                hands[p].append(pile.pop())
        else:
            last = True
        if not pile:
            last = True
        # next round: reveal
        if pile:
            c = pile.pop()
            table.append(c)
            if TIME[c]:
                day = not day
        step = 0
    best = max(stars)
    return stars, [p for p in range(n) if stars[p] == best]


def random_game(n: int, rng: random.Random) -> list[int]:
    """One full random game of ``n`` players from a fresh shuffle."""
    order = list(range(108))
    rng.shuffle(order)
    k = REMOVED[n]
    hands = [order[k + 7 * p : k + 7 * p + 7] for p in range(n)]
    pile = order[k + 7 * n :]
    pile.reverse()
    c = pile.pop()
    day = not TIME[c]
    stars, _ = finish(n, hands, pile, day, [0] * n, [c], [[] for _ in range(n)], 0, False, rng)
    return stars


def random_games(count: int, n: int = 4, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        random_game(n, rng)


def first_decision(n: int = 4, seed: int = 0):
    """Player 0's information at the first decision of a fresh game: hand, unseen cards,
    the revealed card, the time, the other hand sizes and the pile size."""
    rng = random.Random(seed)
    order = list(range(108))
    rng.shuffle(order)
    k = REMOVED[n]
    hand = order[k : k + 7]
    pile = order[k + 7 * n :]
    top = pile[0]
    unseen = [c for c in range(108) if c not in hand and c != top]
    return {
        "n": n,
        "hand": hand,
        "revealed": top,
        "day": not TIME[top],
        "unseen": unseen,
        "pile": len(pile) - 1,
        "removed": k,
    }


def hint(info, rollouts: int = 1000, seed: int = 1) -> list[float]:
    """Expected final stars of each hand card of player 0 from ``rollouts`` determinized
    rollouts in total (random plays, the chooser takes the most stars)."""
    rng = random.Random(seed)
    n = info["n"]
    hand = info["hand"]
    per = -(-rollouts // len(hand))
    sums = [0] * len(hand)
    unseen = info["unseen"]
    for _ in range(per):
        cards = unseen[:]
        rng.shuffle(cards)
        for j, mine in enumerate(hand):
            hands = [[] for _ in range(n)]
            hands[0] = [c for c in hand if c != mine]
            i = 0
            for p in range(1, n):
                hands[p] = cards[i : i + 7]
                i += 7
            pile = cards[i : i + info["pile"]]
            table = [info["revealed"]]
            played = [[] for _ in range(n)]
            played[0].append(mine)
            # player 0's card is fixed; the others play at random, then the round goes on
            day = info["day"]
            flips = 1 if TIME[mine] else 0
            table.append(mine)
            rr = rng.random
            for p in range(1, n):
                h = hands[p]
                c = h.pop(int(rr() * len(h)))
                played[p].append(c)
                table.append(c)
                if TIME[c]:
                    flips += 1
            if flips & 1:
                day = not day
            stars, _ = finish(n, hands, pile, day, [0] * n, table, played, 1, False, rng, random_choice=False)
            sums[j] += stars[0]
    return [s / per for s in sums]
