"""stars: the rule options -- named decisions where the rules sheet is silent.

Each option is an argument of a rule function in :mod:`.rules` (``colour_totals``,
``cards_to_draw``, ``reveal_source``); a game keeps its :class:`Options` and records them in
its setup, so a record replays under the same rules. The walkthrough notebook explains each.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from ..core import Reader


@dataclass(frozen=True)
class Options:
    """Named decisions where the rules sheet is silent (recorded in every setup).

    ``absent_colours``
        ``"ignored"`` (default): a colour with no face-up card has no total and cannot win,
        so at night an absent colour never "wins" with 0. ``"zero"``: it counts as total 0
        (at night it then wins unless tied, and nobody can have played it).
    ``short_pile``
        The draw pile cannot give every player two cards. ``"no_draw"`` (default): nobody
        draws, so hands stay equal; the next round is the last. ``"share"``: the remaining
        cards are dealt one at a time in seat order; the next round is the last.
    ``empty_reveal``
        The last round begins with an empty draw pile. ``"no_card"`` (default): no card is
        revealed; ``"from_discard"``: the top card of the discard pile is revealed instead.
    """

    absent_colours: str = "ignored"
    short_pile: str = "no_draw"
    empty_reveal: str = "no_card"

    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "absent_colours": ("ignored", "zero"),
        "short_pile": ("no_draw", "share"),
        "empty_reveal": ("no_card", "from_discard"),
    }

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if value not in self.CHOICES[f.name]:
                raise ValueError(f"option {f.name} must be one of {self.CHOICES[f.name]}, not {value!r}")

    def to_json(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, r: Reader) -> Options:
        r.only(*cls.CHOICES)
        return cls(**{k: r.str(k, getattr(cls, k), choices=v) for k, v in cls.CHOICES.items()})


DEFAULT_OPTIONS = Options()
