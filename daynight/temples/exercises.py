"""temples: the exercises of the practice page (issue 18), each a question about one decision a
rule makes, asked on a drawn table and judged by the rules of :mod:`daynight.temples.rules`.

The positions come from seeded games between bots (:func:`~daynight.temples.practice_kit.moments`:
the state before each bot move) or are built through the public API (a teaching position is a
record: :func:`~daynight.temples.practice_kit.built`, a board grown at random around a decision
the bots' games seldom stop at: a temple made or missed, two walls, a countdown). The right
answer is computed by the rule functions from the position; the engine then plays the position
on (on a copy), and what it decided (``Exercise.outcome``) and what its log said are kept with
the exercise, so a test can check that the judged answer is what the game does.

Each kind (:data:`KINDS`) names the checklist ids it practises (``docs/rule-checklist.md``):

===============  ======  ===============================================================
kind             shape   the decision
===============  ======  ===============================================================
``travel``       set     every square the player on turn may travel to now
``castable``     set     every spell of her hand she may cast now
``hours_left``   number  the hours left of the turn's twelve
``whose_turn``   choice  who plays next (Day begins; retreating; after a first temple)
``discards``     number  how many spells she discards when she retreats
``targets``      set     every square a spell being cast can act on
``how_many``     number  on how many squares it acts ("as much as possible")
``new_temple``   set     the tiles of the temple a spell makes (none, if none)
``temple_pick``  set     the squares the owner may pick next for a temple of more than nine
``countdown``    set     the tiles that become Day Temple-tiles as the next turn begins
``steal``        set     the spells of the other's hand Steal Passion may cast
``distance``     number  the distance between Day and Night
``game_result``  choice  who wins, a draw, or the game goes on
===============  ======  ===============================================================

The kinds live by the parts of the rule book: ``exercises_turn.py`` (2.1, a turn),
``exercises_board.py`` (2.2 temples, 3 the reference, 4 the end), ``practice_kit.py`` (the
positions and the words they share). The ``*_exercise`` functions make an exercise of a kind
from a position given to them: the walkthrough's worked example (the rule book's starting
situation, a travel, a temple) is made with them.
"""

from __future__ import annotations

from ..i18n import N_
from ..practice import CHOICE, NUMBER, SET, Kind
from .exercises_board import (
    countdown_exercise,
    distance_exercise,
    game_result_exercise,
    how_many_exercise,
    make_countdown,
    make_distance,
    make_game_result,
    make_how_many,
    make_new_temple,
    make_steal,
    make_targets,
    make_temple_pick,
    new_temple_exercise,
    steal_exercise,
    targets_exercise,
    temple_pick_exercise,
)
from .exercises_turn import (
    castable_exercise,
    discards_exercise,
    hours_exercise,
    make_castable,
    make_discards,
    make_hours_left,
    make_travel,
    make_whose_turn,
    travel_exercise,
    whose_turn_exercise,
)
from .practice_kit import At, Board, Moment, built, moments

__all__ = [
    "KINDS",
    "At",
    "Board",
    "Moment",
    "built",
    "castable_exercise",
    "countdown_exercise",
    "discards_exercise",
    "distance_exercise",
    "game_result_exercise",
    "hours_exercise",
    "how_many_exercise",
    "moments",
    "new_temple_exercise",
    "steal_exercise",
    "targets_exercise",
    "temple_pick_exercise",
    "travel_exercise",
    "whose_turn_exercise",
]

KINDS: tuple[Kind, ...] = (
    Kind("travel", N_("Where may she travel?"), ("T20", "T22", "T23", "T24", "T40", "T41", "T58", "T59"), SET,
         make_travel),
    Kind("castable", N_("Which spells may she cast?"),
         ("T16", "T17", "T18", "T21", "T35", "T36", "T45", "T46", "T47", "T63", "T-EX5"), SET, make_castable),
    Kind("hours_left", N_("How many hours are left?"), ("T14", "T16", "T23", "T27", "T51", "T-EX2"), NUMBER,
         make_hours_left),
    Kind("whose_turn", N_("Who plays next?"), ("T12", "T13", "T15", "T26", "T32"), CHOICE, make_whose_turn),
    Kind("discards", N_("Retreating: how many spells to discard?"), ("T18", "T25", "T26", "T50"), NUMBER,
         make_discards),
    Kind("targets", N_("Which squares can a spell act on?"),
         ("T30", "T35", "T36", "T37", "T38", "T40", "T41", "T42", "T47", "T48", "T49", "T52", "T57", "T61",
          "T-EX1"), SET, make_targets),
    Kind("how_many", N_("As much as possible: how many squares?"), ("T19", "T46", "T61", "T-EX1"), NUMBER,
         make_how_many),
    Kind("new_temple", N_("Is a temple built, and where?"), ("T28", "T29", "T31", "T33", "T41", "T68"), SET,
         make_new_temple),
    Kind("temple_pick", N_("More than nine: which tile next?"), ("T28", "T31", "T41", "T-EX3"), SET,
         make_temple_pick),
    Kind("countdown", N_("Mystify: which tiles become Day Temple-tiles?"), ("T53", "T54", "T56", "T60", "T62"), SET,
         make_countdown),
    Kind("steal", N_("Steal Passion: which spells may be cast?"), ("T63", "T64", "T-EX6"), SET, make_steal),
    Kind("distance", N_("How far apart are Day and Night?"), ("T2", "T47", "T-EX4"), NUMBER, make_distance),
    Kind("game_result", N_("Who wins, or does the game go on?"),
         ("T3", "T32", "T33", "T54", "T65", "T66", "T67", "T68", "T-EX7"), CHOICE, make_game_result),
)  # fmt: skip
