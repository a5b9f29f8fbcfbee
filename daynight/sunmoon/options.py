"""sunmoon: the rule options -- where the play report is silent, or where it allows a variant.

Every option is part of a game's setup record, and each default is explained in
``notebooks/sunmoon/rules.ipynb``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from .. import i18n
from ..core import Reader

_ = i18n._  # the translation call ("from ..i18n import _" would read as importing a private name)

#: every option's choices, the default first
OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "scoring": ("teams", "individual"),
    "animal_without_follow_up": ("skip", "self_destruct"),
    "eclipse_on_eclipse": (False, True),
    "eclipse_on_lone_card": (True, False),
    "restore_order": ("outermost", "any"),
    "harvest_takes": ("run", "row"),
    "final_round": (True, False),
    "empty_hand_at_end": ("self_destruct", "pass"),
    "draw_in_final_round": (False, True),
    "tie_break": ("shared", "most_harvested"),
}


@dataclass(frozen=True)
class Options:
    """Named rule options; every one is part of the setup record.

    From the play report's own words (the defaults):

    * ``scoring`` -- ``"teams"``: "四人遊玩的規則就變成分隊" (with four players the rules
      become teams); partners sit opposite (seats 1+3 against 2+4), their scores are added,
      each keeps their own hand, rows and harvest. Who partners whom and how a team scores are
      our reconstruction. ``"individual"`` -- the reporter's own preference ("小編我還是覺得
      可以四人都可單獨計分"). With two or three players everyone plays alone either way.
    * ``empty_hand_at_end`` -- ``"self_destruct"``: in the final round a player who has no
      card left (nothing can be drawn any more) and nothing to harvest "無法出牌也無法收割",
      so self-destructs, as at any other time; ``"pass"``: that player's turn passes.
    * ``restore_order`` -- ``"outermost"``: of several eclipses side by side the outermost is
      restored first (the report's rule); ``"any"``: any of them.
    * ``final_round`` -- ``True``: once the draw pile is used up and the discard pile cannot
      refill it, every player (starting with the one who just drew) plays one more turn (the
      report); ``False``: the game ends at once.

    Reconstructed where the report is silent (the defaults are our choices):

    * ``animal_without_follow_up`` -- ``"skip"``: when no card fits for the extra play after
      an animal card (or the hand is empty) the turn simply ends; ``"self_destruct"``: the
      player must then self-destruct.
    * ``eclipse_on_eclipse`` -- ``False``: an eclipse covers a numbered card, not an eclipse.
    * ``eclipse_on_lone_card`` -- ``True``: an eclipse may cover the only card of a row.
    * ``harvest_takes`` -- ``"run"``: a harvest takes the run of 5+ adjacent uncovered places
      (with everything stacked under them); cards beyond an eclipse stay in the row.
      ``"row"``: the whole row, eclipses and cards beyond them included.
    * ``draw_in_final_round`` -- ``False``: once the final round has begun nobody draws any
      more, so the cards a self-destruct throws on the discard pile stay there (the pile "cannot
      refill" the draw pile any more); ``True``: a player with an empty hand still draws from
      the reshuffled discard pile.
    * ``tie_break`` -- ``"shared"``: equal totals share the win; ``"most_harvested"``: the
      one with more harvested cards wins, still equal shares.
    """

    scoring: str = "teams"
    animal_without_follow_up: str = "skip"
    eclipse_on_eclipse: bool = False
    eclipse_on_lone_card: bool = True
    restore_order: str = "outermost"
    harvest_takes: str = "run"
    final_round: bool = True
    empty_hand_at_end: str = "self_destruct"
    draw_in_final_round: bool = False
    tie_break: str = "shared"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if value not in OPTION_CHOICES[f.name] or type(value) is not type(OPTION_CHOICES[f.name][0]):
                raise ValueError(
                    _("option {name}={value!r}: expected one of {choices}").format(
                        name=f.name, value=value, choices=list(OPTION_CHOICES[f.name])
                    )
                )

    def to_json(self) -> dict[str, Any]:
        """The options as JSON (a record's ``setup.options``)."""
        return asdict(self)

    @classmethod
    def from_reader(cls, r: Reader) -> Options:
        """The options of a record (``InvalidRecordError`` naming the first bad field)."""
        r.only(*OPTION_CHOICES)
        values: dict[str, Any] = {}
        for name, choices in OPTION_CHOICES.items():
            if not r.has(name):
                continue
            if isinstance(choices[0], bool):
                values[name] = r.bool(name)
            else:
                values[name] = r.str(name, choices=choices)
        return cls(**values)
