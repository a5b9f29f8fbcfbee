"""mtg: the rules, each a small pure function with the rule book's words in its docstring."""

from __future__ import annotations

from typing import Any, Sequence

# ---------------------------------------------------------------------------
# The designation
# ---------------------------------------------------------------------------

NEITHER, DAY, NIGHT = 0, 1, 2
DESIGNATIONS = ("neither", "day", "night")
_BY_NAME = {"neither": NEITHER, "day": DAY, "night": NIGHT}


def _designation(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1, 2):
        return value
    if isinstance(value, str) and value in _BY_NAME:
        return _BY_NAME[value]
    raise ValueError(f"a designation is 'neither', 'day' or 'night', not {value!r}")


def untap_check(designation: int | str, spells: int | Sequence[int]) -> int:
    """The untap-step check (CR 728.2, 502.2) as a pure function.

    ``designation`` is ``NEITHER``/``DAY``/``NIGHT`` (or their names); ``spells`` is the number
    of spells the previous turn's active player cast during that turn, or, with shared team
    turns, one number per player of the previous turn's active team. Returns the designation
    after the check (an ``int``).

    >>> untap_check("day", 0) == NIGHT, untap_check("night", 2) == DAY
    (True, True)
    >>> untap_check("night", [1, 1]) == NIGHT    # team: nobody cast two; totals are not added
    True
    >>> untap_check("neither", 0) == NEITHER       # 728.2c: no check while it is neither
    True
    """
    d = _designation(designation)
    if isinstance(spells, int):
        none_cast = spells == 0
        two_or_more = spells >= 2
    else:
        counts = list(spells)
        none_cast = not any(counts)
        two_or_more = any(c >= 2 for c in counts)
    if d == DAY and none_cast:
        return NIGHT
    if d == NIGHT and two_or_more:
        return DAY
    return d
