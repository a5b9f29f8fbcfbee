"""mtg: the moves of the tracker and its rule options, small frozen values.

Every move is something that happens at a Magic table and that the day/night rules care
about: a turn begins, a spell is cast, an effect makes it day or night, permanents enter or
leave, an effect applies or ends, a permanent phases out, a waiting trigger resolves, the
controller of an Aura chooses the player it enchants, the game ends. The engine
(:mod:`daynight.mtg.engine`) says which are legal and what they do; their JSON is in
:mod:`daynight.mtg.records`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..core import Reader
from .data import Effect, PermanentSpec, is_date

# ---------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options:
    """Named rule options: decisions where the seed and the rules are silent or drift.

    * ``cr_edition`` -- which edition's rule numbers events cite (``"2024-06-07"``, the
      edition the seed quotes: Day and Night is rule 728 there). The day/night rules did not
      change in substance between editions, only their numbers; double-faced tokens (707.8a)
      exist from the 2023-04-14 edition on.
    * ``check_first_turn`` -- the first turn of the game has no previous turn. Default
      ``False``: no check (as XMage does), and an Innistrad werewolf's "if no spells were cast
      last turn" is not true either. ``True`` reads "didn't cast any spells" as vacuously true.
    * ``check_skipped_untap`` -- when a turn's untap step is skipped, is the day/night check
      made? Default ``False``: CR 614.10 says a skipped step does nothing (an inference, by
      analogy with 702.26m, which says so for phasing).
    * ``token_enters_transformed`` -- daybound enters transformed at night only "if this
      permanent is represented by a transforming double-faced card" (702.145b): a double-faced
      *token* is not. Default ``False``: the words as written, so a token copy of a daybound
      card created at night enters front face up and transforms at once (702.145c). ``True``:
      it enters transformed, like a card.
    """

    cr_edition: str = "2024-06-07"
    check_first_turn: bool = False
    check_skipped_untap: bool = False
    token_enters_transformed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_reader(cls, r: Reader) -> Options:
        r.only(*(f.name for f in fields(cls)))
        edition = r.str("cr_edition", "2024-06-07")
        if not is_date(edition):
            raise r.error(f"expected a date YYYY-MM-DD, got {edition!r}", "cr_edition")
        return cls(
            cr_edition=edition,
            check_first_turn=r.bool("check_first_turn", False),
            check_skipped_untap=r.bool("check_skipped_untap", False),
            token_enters_transformed=r.bool("token_enters_transformed", False),
        )


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BeginTurn:
    """``who`` (a player, or a team with shared team turns) begins a turn: the cleanup of the
    turn before ends its "until end of turn" effects, then the untap step (phasing, the
    day/night check, untapping), then the upkeep's triggers. ``extra`` marks an extra turn
    (500.7), which does not move the turn order; ``untap_skipped`` a turn whose untap step is
    skipped; ``skipping`` the turns skipped before this one, in turn order (614.10)."""

    who: str
    extra: bool = False
    untap_skipped: bool = False
    skipping: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CastSpell:
    """``player`` casts a spell (``copy=True``: a copy is put on the stack, which is not cast).
    ``zone`` is where it was cast from (:data:`~daynight.mtg.data.CAST_ZONES`); ``countered``
    notes that it was countered later."""

    player: str
    spell: str = ""
    copy: bool = False
    zone: str = "hand"
    countered: bool = False


@dataclass(frozen=True, slots=True)
class Becomes:
    """An effect says "it becomes day" or "it becomes night" (``designation``)."""

    designation: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Enter:
    """Permanents enter the battlefield at the same time (usually one)."""

    permanents: tuple[PermanentSpec, ...]


@dataclass(frozen=True, slots=True)
class Leave:
    """The permanent with this id leaves the battlefield."""

    permanent: int


@dataclass(frozen=True, slots=True)
class Transform:
    """Some other effect (Moonmist, an old werewolf's ability) tries to transform a permanent."""

    permanent: int
    source: str = ""


@dataclass(frozen=True, slots=True)
class Affect:
    """An effect starts to apply to a permanent: an Aura or Equipment is attached, counters are
    put on it, a "can't transform" or copy effect begins."""

    permanent: int
    effect: Effect


@dataclass(frozen=True, slots=True)
class EndEffect:
    """The effect called ``name`` stops applying to a permanent (the Aura leaves, the effect ends)."""

    permanent: int
    name: str


@dataclass(frozen=True, slots=True)
class PhaseOut:
    """An effect phases a permanent out (702.26b); it phases in at its controller's next untap step."""

    permanent: int
    source: str = ""


@dataclass(frozen=True, slots=True)
class Resolve:
    """A pending triggered ability resolves (``countered``: it is countered and does nothing)."""

    trigger: int
    countered: bool = False


@dataclass(frozen=True, slots=True)
class EndGame:
    """The game ends (a player wins, concedes, a draw)."""

    reason: str = "the game ends"


@dataclass(frozen=True, slots=True)
class Attach:
    """The controller of an Aura that is transforming into its "enchant player" face chooses the
    player it enchants: "As this permanent transforms into Curse of Leeches, attach it to a
    player" (no target: a player with hexproof can be chosen)."""

    permanent: int
    player: str
