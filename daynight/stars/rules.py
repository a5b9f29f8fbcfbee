"""stars: the rules, each a small pure function with the rule book's words in its docstring."""

from __future__ import annotations

#: cards removed unseen at setup, by number of players (rules sheet, "Setup")
REMOVED = {3: 33, 4: 16, 5: 3}
HAND_SIZE = 7
DRAW = 2


def _winner_of(totals: dict[str, int], day: bool) -> str | None:
    if not totals:
        return None
    best = max(totals.values()) if day else min(totals.values())
    tops = [k for k, t in totals.items() if t == best]
    return tops[0] if len(tops) == 1 else None
