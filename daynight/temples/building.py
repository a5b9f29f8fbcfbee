"""temples: 2.2 Building a Temple and 4 End of the game, as they change a game.

What decides is in ``rules.py`` (section 2.2: :func:`~daynight.temples.rules.temple_regions`
finds the groups of nine or more, :func:`~daynight.temples.rules.owner_must_pick` says when
the owner chooses nine, :func:`~daynight.temples.rules.pick_squares` which squares she may pick,
:func:`~daynight.temples.rules.is_temple` when the nine are picked; section 4: the victory, the
draw and the victory by default); this layer carries it out and explains it in the log.

The order of a spell's aftermath (2.2): when the spell is done, the caster's new groups first,
then the other side's (option ``temple_check``); a group of exactly nine is a temple at once;
of more, its owner picks the nine, one square at a time, and the rest is looked at again.
"""

from __future__ import annotations

from collections.abc import Iterable

from .rules import (
    COLOUR,
    NAME,
    OTHER,
    TEMPLE_SIZE,
    TILE_WORD,
    is_temple,
    owner_must_pick,
    regions,
    space_verdict,
    square_name,
    temple_regions,
    winner_by_temples,
)
from .state import TemplesState

__all__ = ["TempleBuilding"]


class TempleBuilding(TemplesState):
    """A game's temples (2.2) and its end (4)."""

    # -- 2.2 Building a Temple ------------------------------------------------------------
    def _look_for_temples(self, caster: str, touched: Iterable[int]) -> None:
        """2.2: "Whenever a player succeeds in creating such a pattern ..." -- after a spell,
        the groups of nine or more that the squares it changed (``touched``) belong to: the
        caster's first, then the other's; with ``temple_check="caster"``, the caster's only,
        over the whole board."""
        both = self.options.temple_check == "both"
        for side in (caster, OTHER[caster]) if both else (caster,):
            colour = COLOUR[side]
            seeds = [s for s in touched if self.tiles[s] == colour]
            if seeds or not both:
                for group in temple_regions(self.tiles, colour, self.in_temple, seeds if both else None):
                    self.temple_queue.append((side, frozenset(group)))

    def _build_next_temple(self) -> None:
        """The next group found by :meth:`_look_for_temples`: nine tiles are a temple at once;
        more, and the owner picks nine (:func:`rules.owner_must_pick`). What is left of a group
        after a pick is looked at again (it may have fallen apart)."""
        side, region = self.temple_queue.pop(0)
        colour = COLOUR[side]
        live = [s for s in region if self.tiles[s] == colour and not self.in_temple[s]]
        # a group just found by the flood fill is whole and connected; what is left after a
        # pick may have fallen apart
        for g in [live] if len(live) == len(region) else regions(live):
            if len(g) < TEMPLE_SIZE:
                continue
            if not owner_must_pick(g):
                self._build_temple(side, tuple(sorted(g)))
                if self.result:
                    return
                continue
            self.temple_pick = (side, frozenset(g), [])
            self.log.add(
                side,
                "temple-choice",
                "2.2 Building a Temple",
                f"{len(g)} {TILE_WORD[colour]}s border on each other: {NAME[side]} picks the nine that "
                "become the temple (they must border on each other); the rest stay ordinary tiles.",
                size=len(g),
            )
            self.temple_queue.insert(0, (side, frozenset(g)))  # the rest of this group, after the pick
            return

    def _pick(self, sq: int) -> None:
        """2.2: one more square of the nine the owner picks; the ninth makes the temple."""
        assert self.temple_pick is not None
        who, _, picked = self.temple_pick
        picked.append(sq)
        if is_temple(picked):
            self.temple_pick = None
            self._build_temple(who, tuple(sorted(picked)), chosen=True)

    def _build_temple(self, side: str, squares: tuple[int, ...], chosen: bool = False) -> None:
        """2.2: "he puts nine 'Temple-counters' on those tiles. These tiles cannot be turned
        over or changed any more for the rest of the game"; 4.1 Normal victory."""
        self.temples.append((side, squares))
        idx = len(self.temples)
        for s in squares:
            self.in_temple[s] = idx
            if self.mystify[s]:
                self.mystify[s] = 0  # a temple tile never changes; its countdown no longer matters
        n = self.temples_of(side)
        if self.log.enabled:
            names = " ".join(square_name(s) for s in squares)
            ttiles = sum(1 for s in squares if self.temple_tile[s])
            extra = f" ({ttiles} of them Day Temple-tiles made by Mystify)" if ttiles else ""
            self.log.add(
                side,
                "temple",
                "2.2 Building a Temple",
                f"{NAME[side]} builds temple number {n} on {names}{extra}"
                f"{', as she chose' if chosen else ''}: these tiles can never be turned over or changed.",
                squares=list(squares),
            )
        if winner_by_temples(n, self.options.temples_to_win):
            self._end(
                "win",
                side,
                f"{NAME[side]} has built her {'second' if n == 2 else 'first'} temple and wins.",
                "4.1 Normal victory",
            )
        else:
            self.space_check = self.space_check or "temple"

    # -- 4 End of the game -------------------------------------------------------------------
    def _space_check(self, trigger: str) -> None:
        """4.2 Draw and 4.3 Victory for Day by default (:func:`rules.space_verdict`), after a
        temple or a Day Temple-tile (``trigger``)."""
        verdict = space_verdict(
            lambda: self.can_still_win("day"),
            lambda: self.can_still_win("night"),
            trigger == "transform" or self.options.day_default == "any",
        )
        if verdict is None:
            return
        result, winner, rule = verdict
        if result == "draw":
            text = (
                "There is not enough room left for either player to build the temple she needs, so "
                "neither can win: the game is a draw."
            )
        else:
            text = (
                "Night can no longer build her next temple anywhere (no nine connected squares are open "
                "to her) while Day still can: Day wins by default."
            )
        self._end(result, winner, text, rule)

    def _end(self, result: str, winner: str | None, text: str, rule: str) -> None:
        """The game ends: nothing is pending any more."""
        self.result, self.winner, self.end_reason = result, winner, text
        self.pending = None
        self.temple_pick = None
        self.steps.clear()
        self.temple_queue.clear()
        self.log.add(winner, "end", rule, text)
