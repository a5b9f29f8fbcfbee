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

* :class:`BeginTurn` (``{"turn": "Alice"}``)   -- a turn begins; its untap step checks the previous turn;
* :class:`CastSpell` (``{"cast": "Alice", ...}``) -- a player casts a spell (or puts a *copy* on the stack);
* :class:`Becomes` (``{"becomes": "night"}``)  -- an effect: "it becomes day / night";
* :class:`Enter` (``{"enter": [...]}``)        -- permanents enter the battlefield (together);
* :class:`Leave` (``{"leave": 3}``)            -- a permanent leaves the battlefield;
* :class:`Transform` (``{"transform": 3}``)    -- another effect tries to transform a permanent;
* :class:`EndGame` (``{"end": "Alice wins"}``).

Performance envelope: a turn through :meth:`Game.play` costs a few microseconds with the
explained log on; :func:`untap_check` is a pure function and :func:`simulate` runs 100,000
turns of the designation alone in a few tens of milliseconds (standard library only).

Every game of the package has the same files (``daynight/<game>/``):

* ``data.py``    -- the pieces (cards, decks, spells, animals) and the readers of their data files;
* ``rules.py``   -- the rules, each a small pure function with the rule book's words;
* ``engine.py``  -- the moves, the rule options, the state machine and what a player may see;
* ``records.py`` -- the game as JSON: setup, positions and moves, every field checked with its path;
* ``bots.py``    -- bots, hints, rollouts, helpers that play a game forward, the seeded demo game;
* ``draw.py``    -- the drawings: SVG text from a state or from one player's view.
"""

from __future__ import annotations

from .data import (FACES, KINDS, KIND_WORDS, PermanentSpec, ZONES, catalog, rule_numbers)
from .rules import (DAY, DESIGNATIONS, NEITHER, NIGHT, untap_check)
from .engine import (Becomes, BeginTurn, CastSpell, DayNight, EndGame, Enter, GAME, Leave, Options,
    Permanent, Transform)
from .bots import (Simulation, demo, night_fraction, poisson_spells, simulate, transition_probabilities)

__all__ = [
    "NEITHER", "DAY", "NIGHT", "DESIGNATIONS", "Options", "PermanentSpec", "Permanent", "BeginTurn",
    "CastSpell", "Becomes", "Enter", "Leave", "Transform", "EndGame", "DayNight", "GAME", "demo",
    "untap_check", "simulate", "Simulation", "night_fraction", "transition_probabilities",
    "poisson_spells", "catalog", "rule_numbers",
]
