"""temples: the rules, each a small pure function with the rule book's words in its docstring."""

from __future__ import annotations

from collections import deque
from typing import Iterable

# ---------------------------------------------------------------------------
# The board
# ---------------------------------------------------------------------------

COLS, ROWS = 6, 8
CENTRE = frozenset({3 * COLS + 2, 3 * COLS + 3, 4 * COLS + 2, 4 * COLS + 3})  # C4 D4 C5 D5
SQUARES = tuple(s for s in range(COLS * ROWS) if s not in CENTRE)               # the 44 squares
NEUTRAL, DAY, NIGHT = 0, 1, 2
SIDES = ("day", "night")
COLOUR = {"day": DAY, "night": NIGHT}
OTHER = {"day": "night", "night": "day"}
NAME = {"day": "Day", "night": "Night"}
TILE_WORD = {NEUTRAL: "neutral-tile", DAY: "Day-tile", NIGHT: "Night-tile"}
HOURS = 12
TRAVEL_COST = 3
HAND_LIMIT = 5
TEMPLE_SIZE = 9
BOOK_SIZE = 70
SUPPLY = {"mystify": 8, "crystallize": 12, "day_temple": 18, "night_temple": 12}


def square_name(sq: int) -> str:
    """``0`` -> ``"A1"`` (columns A-F from the left, rows 1-8 from the top)."""
    return "ABCDEF"[sq % COLS] + str(sq // COLS + 1)


def parse_square(text: str) -> int:
    """``"A1"`` -> ``0``; raises ``ValueError`` for anything else (the centre included)."""
    if (not isinstance(text, str) or len(text) != 2 or text[0].upper() not in "ABCDEF"
            or text[1] not in "12345678"):
        raise ValueError(f"{text!r} is not a square (A1..F8)")
    sq = (int(text[1]) - 1) * COLS + "ABCDEF".index(text[0].upper())
    if sq in CENTRE:
        raise ValueError(f"{text} is in the impassable centre")
    return sq


def _build_tables():
    nb, sur = [()] * 48, [()] * 48
    for s in SQUARES:
        r, c = divmod(s, COLS)
        n, m = [], []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr == dc == 0:
                    continue
                rr, cc = r + dr, c + dc
                if 0 <= rr < ROWS and 0 <= cc < COLS and rr * COLS + cc not in CENTRE:
                    m.append(rr * COLS + cc)
                    if dr == 0 or dc == 0:
                        n.append(rr * COLS + cc)
        nb[s], sur[s] = tuple(n), tuple(m)
    dist = [[-1] * 48 for _ in range(48)]
    for s in SQUARES:
        d = dist[s]
        d[s] = 0
        q = deque([s])
        while q:
            a = q.popleft()
            for b in nb[a]:
                if d[b] < 0:
                    d[b] = d[a] + 1
                    q.append(b)
    return tuple(nb), tuple(sur), tuple(tuple(row) for row in dist)


#: orthogonal neighbours ("bordering on"), all neighbours ("surrounding"), walking distance
NEIGHBOURS, SURROUNDING, DIST = _build_tables()


def regions(cells: Iterable[int]) -> list[list[int]]:
    """The orthogonally connected groups of ``cells`` (largest first)."""
    left = set(cells)
    out = []
    while left:
        start = left.pop()
        group = [start]
        stack = [start]
        while stack:
            a = stack.pop()
            for b in NEIGHBOURS[a]:
                if b in left:
                    left.discard(b)
                    group.append(b)
                    stack.append(b)
        out.append(group)
    out.sort(key=len, reverse=True)
    return out


def largest_region(tiles, colour: int, blocked=()) -> int:
    """Size of the largest connected group of ``colour`` tiles not in ``blocked``."""
    blocked = set(blocked)
    groups = regions(s for s in SQUARES if tiles[s] == colour and s not in blocked)
    return len(groups[0]) if groups else 0


def temple_regions(tiles, colour: int, in_temple, seeds: Iterable[int] | None = None) -> list[list[int]]:
    """The temple check: the groups of ``colour`` tiles outside temples with at least nine
    squares (a flood fill over a list of flags; a few microseconds on a full board). With
    ``seeds``, only the groups that contain one of those squares (the tiles a spell touched)."""
    ok = [t == colour for t in tiles]
    if any(in_temple):
        for s in SQUARES:
            if in_temple[s]:
                ok[s] = False
    out = []
    for s in (SQUARES if seeds is None else seeds):
        if not ok[s]:
            continue
        ok[s] = False
        group = [s]
        for a in group:              # the list grows while it is read: breadth first
            for b in NEIGHBOURS[a]:
                if ok[b]:
                    ok[b] = False
                    group.append(b)
        if len(group) >= TEMPLE_SIZE:
            out.append(group)
    return out


def connected_subsets(cells: Iterable[int], size: int):
    """Every connected subset of ``cells`` with ``size`` squares, each once (Redelmeier's
    algorithm: grow from the smallest square, never re-adding a square once passed over)."""
    cells = set(cells)
    for root in sorted(cells):
        allowed = {c for c in cells if c > root}
        start = [b for b in NEIGHBOURS[root] if b in allowed]
        stack = [([root], start, {root, *start})]
        while stack:
            sub, untried, border = stack.pop()
            if len(sub) == size:
                yield sub
                continue
            untried = list(untried)
            while untried:
                v = untried.pop()
                new = [b for b in NEIGHBOURS[v] if b in allowed and b not in border]
                stack.append((sub + [v], untried + new, border | set(new)))


def two_nines_fit(cells: Iterable[int]) -> bool:
    """Whether two separate temples (connected nines) fit in ``cells``: exact. A quick
    search first (grow a nine breadth-first from each square; is a nine left?), then, for the
    rare shapes where that finds nothing, every connected nine is tried."""
    g = set(cells)
    if len(g) < 2 * TEMPLE_SIZE:
        return False
    for part in regions(g):
        if len(part) < len(g):  # not connected: two regions of nine, or a nine-pair inside one
            big = [p for p in regions(g) if len(p) >= TEMPLE_SIZE]
            return len(big) >= 2 or any(two_nines_fit(p) for p in big)
        break
    for start in sorted(g):
        nine, q, seen = [], deque([start]), {start}
        while q and len(nine) < TEMPLE_SIZE:
            a = q.popleft()
            nine.append(a)
            for b in NEIGHBOURS[a]:
                if b in g and b not in seen:
                    seen.add(b)
                    q.append(b)
        if any(len(r) >= TEMPLE_SIZE for r in regions(g.difference(nine))):
            return True
    for nine in connected_subsets(g, TEMPLE_SIZE):
        if any(len(r) >= TEMPLE_SIZE for r in regions(g.difference(nine))):
            return True
    return False
