"""sunmoon: the rules, each a small pure function with the rule book's words in its docstring."""

from __future__ import annotations

from typing import Iterable

from .data import TOP_VALUE, Card

HAND_SIZE = 5
HARVEST_MIN = 5


# ---------------------------------------------------------------------------
# Row helpers (a row is a list of places; a place is a stack of cards, top last)
# ---------------------------------------------------------------------------

Row = list[list[Card]]


def visible_values(row: Row) -> list[int | None]:
    """The value on top of each place, ``None`` where an eclipse lies on top."""
    return [None if s[-1].eclipse else s[-1].value for s in row]


def runs(row: Row) -> list[tuple[int, int]]:
    """``(start, length)`` of every maximal run of adjacent uncovered places."""
    out, start = [], None
    for i, s in enumerate(row):
        if s[-1].eclipse:
            if start is not None:
                out.append((start, i - start))
                start = None
        elif start is None:
            start = i
    if start is not None:
        out.append((start, len(row) - start))
    return out


def longest_run(row: Row) -> tuple[int, int]:
    """The longest run ``(start, length)`` (the leftmost of equal ones); ``(0, 0)`` if none."""
    best = (0, 0)
    for start, length in runs(row):
        if length > best[1]:
            best = (start, length)
    return best


def _ends(row: Row) -> tuple[int, int]:
    """``(lowest, highest)`` visible values at the two ends; ``(30, 0)`` when every place is
    covered (then any number fits at either end)."""
    lo, hi = TOP_VALUE + 1, 0
    for s in row:
        top = s[-1]
        if not top.eclipse:
            lo = top.value
            break
    for s in reversed(row):
        top = s[-1]
        if not top.eclipse:
            hi = top.value
            break
    return lo, hi


def _blocks(row: Row) -> list[tuple[int, int, int, int]]:
    """Groups of adjacent eclipsed places: ``(first, last, low, high)`` where a restoring
    number must lie strictly between ``low`` and ``high`` (its uncovered neighbours)."""
    out = []
    n = len(row)
    i = 0
    while i < n:
        if row[i][-1].eclipse:
            j = i
            while j + 1 < n and row[j + 1][-1].eclipse:
                j += 1
            low = row[i - 1][-1].value if i > 0 else 0
            high = row[j + 1][-1].value if j + 1 < n else TOP_VALUE + 1
            out.append((i, j, low, high))
            i = j + 1
        else:
            i += 1
    return out


def _row_info(row: Row) -> tuple[int, int, int, list, int]:
    """``(places, lowest visible, highest visible, eclipse groups, longest run)`` of a row."""
    if not row:
        return (0, 0, 0, [], 0)
    covered = False
    for s in row:
        if s[-1].eclipse:
            covered = True
            break
    if not covered:
        return (len(row), row[0][-1].value, row[-1][-1].value, [], len(row))
    lo, hi = _ends(row)
    return (len(row), lo, hi, _blocks(row), longest_run(row)[1])


def _stack_cards(row: Row) -> Iterable[Card]:
    for s in row:
        yield from s


def _numbered(cards: Iterable[Card]) -> int:
    return sum(1 for c in cards if not c.eclipse)
