"""Magic: The Gathering's day/night designation, daybound and nightbound, exactly as the
Comprehensive Rules (CR) and the official rulings say.

The game has a *designation*: neither (at the start), day or night; once it is day or night
it is never neither again (CR 728.1 in the 2024-06-07 edition). As the second part of every
untap step the game looks at the previous turn (728.2):

* day, and the previous turn's active player cast no spells that turn: it becomes night (728.2a);
* night, and that player cast two or more spells: it becomes day (728.2b);
* neither: no check, it stays neither (728.2c).

With shared team turns (Two-Headed Giant, 805) the team variants apply: night if *no player*
of the previous turn's active team cast a spell; day if *any one player* of that team cast two
or more (team totals are not added up).

Daybound and nightbound (702.145) sit on the two faces of double-faced cards: every such
permanent enters with the face that matches the designation, transforms as day becomes night
or night becomes day, and cannot transform any other way. A daybound permanent while it is
neither makes it day (702.145d); a nightbound one makes it night when there is no daybound
permanent (702.145g).

Rule numbers drift between editions of the CR (Day and Night was 724, 725, 726, 727, 728,
729, 730; Transform 701.28, then 701.27): every event names its rule *by name* and by the
number of the edition chosen in :class:`Options` (``cr_edition``), from the data file
``daynight/data/mtg_rule_numbers.csv``.

Moves (all small frozen values, JSON in brackets):

* :class:`BeginTurn` (``{"turn": "Alice"}``)   -- a turn begins (or turns are skipped first); its
  untap step phases permanents in, checks the previous turn, untaps; its upkeep's triggers wait;
* :class:`CastSpell` (``{"cast": "Alice", ...}``) -- a player casts a spell (or puts a *copy* on the stack);
* :class:`Becomes` (``{"becomes": "night"}``)  -- an effect: "it becomes day / night";
* :class:`Enter` (``{"enter": [...]}``)        -- permanents enter the battlefield (together);
* :class:`Leave` (``{"leave": 3}``)            -- a permanent leaves the battlefield;
* :class:`Transform` (``{"transform": 3}``)    -- another effect tries to transform a permanent;
* :class:`Affect` / :class:`EndEffect`         -- an Aura, counters, a "can't transform" or a copy
  effect starts or stops applying to a permanent;
* :class:`PhaseOut` (``{"phase_out": 3}``)     -- a permanent phases out (it phases in at its
  controller's next untap step);
* :class:`Resolve` (``{"resolve": 2}``)        -- a pending triggered ability resolves;
* :class:`Attach` (``{"attach": 3, "player": "Bob"}``) -- as an Aura transforms into its "enchant
  player" face (Curse of Leeches), its controller chooses the player it enchants;
* :class:`EndGame` (``{"end": "Alice wins"}``).

Besides the double-faced cards with daybound and nightbound, the tracker follows older
transforming double-faced cards (the Innistrad werewolves with their own upkeep triggers),
single-faced copies, double-faced tokens, cards whose back face is an instant or sorcery,
"can't transform" effects, copy effects, Auras and other effects that survive a transform,
Auras that enchant a player (Curse of Leeches // Leeching Lurker: attached as it enters or as it
transforms into the Aura, unattached as a creature, its upkeep trigger waiting in the enchanted
player's turn), and phasing, each with its rule. A game can start from a position (a
designation and the permanents there, with their faces and effects): it is accepted exactly
when play could reach it.

Performance envelope: a turn through :meth:`Game.play` costs a few microseconds with the
explained log on; :func:`untap_check` is a pure function and :func:`simulate` runs 100,000
turns of the designation alone in a few tens of milliseconds (standard library only).

Every game of the package has the same files (``daynight/<game>/``); this one splits its
engine by the rule book's steps:

* ``data.py``    -- the pieces (permanents, effects, the card and effect lists) and the rule
  numbers of each edition of the Comprehensive Rules;
* ``rules.py``   -- the rules, each a small pure function with the rule book's words;
* ``moves.py``   -- the moves and the rule options, small frozen values;
* ``permanent.py`` -- a permanent on the battlefield and a waiting trigger;
* ``view.py``    -- what a player sees: frozen values;
* ``state.py``, ``changes.py``, ``battlefield.py``, ``turns.py``, ``engine.py`` -- the engine in
  layers: the table's state; a change of designation and transforming; permanents entering,
  leaving and what applies to them; turns, spells and triggers; the game's moves, checks and views;
* ``records.py`` -- the game as JSON: setup, positions and moves, every field checked with its path;
* ``bots.py``    -- the simulation, the exact Markov chain and the seeded demo game;
* ``draw.py``    -- the drawings: SVG text from one player's view.
"""

from __future__ import annotations

# the drawings load with the package: about 1.2 ms of its 47 ms (``python -X importtime -c
# "import daynight.mtg"`` with the bytecode cached, median of 9 runs, 2026-12-01), so that the
# values show their drawings (``_repr_html_``) through ``permanent.PICTURES``, which draw.py
# fills, with no import inside a function and no circle
from . import draw, records
from .bots import Simulation, demo, night_fraction, poisson_spells, resolve_all, simulate, transition_probabilities
from .data import (
    ABILITIES,
    CAST_ZONES,
    EFFECT_KINDS,
    KIND_WORDS,
    KINDS,
    TRIGGERS,
    Effect,
    PermanentSpec,
    Placed,
    catalog,
    effect_catalog,
    rule_numbers,
)
from .engine import GAME, DayNight, Game
from .moves import (
    Affect,
    Attach,
    Becomes,
    BeginTurn,
    CastSpell,
    EndEffect,
    EndGame,
    Enter,
    Leave,
    Options,
    PhaseOut,
    Resolve,
    Transform,
)
from .permanent import Permanent, Trigger
from .rules import BACK, DAY, DESIGNATIONS, FRONT, NEITHER, NIGHT, untap_check
from .view import PermanentView, View

GAME.records = records

__all__ = [
    "ABILITIES",
    "BACK",
    "CAST_ZONES",
    "DAY",
    "DESIGNATIONS",
    "EFFECT_KINDS",
    "FRONT",
    "GAME",
    "KINDS",
    "KIND_WORDS",
    "NEITHER",
    "NIGHT",
    "TRIGGERS",
    "Affect",
    "Attach",
    "Becomes",
    "BeginTurn",
    "CastSpell",
    "DayNight",
    "Effect",
    "EndEffect",
    "EndGame",
    "Enter",
    "Game",
    "Leave",
    "Options",
    "Permanent",
    "PermanentSpec",
    "PermanentView",
    "PhaseOut",
    "Placed",
    "Resolve",
    "Simulation",
    "Transform",
    "Trigger",
    "View",
    "catalog",
    "demo",
    "draw",
    "effect_catalog",
    "night_fraction",
    "poisson_spells",
    "records",
    "resolve_all",
    "rule_numbers",
    "simulate",
    "transition_probabilities",
    "untap_check",
]
