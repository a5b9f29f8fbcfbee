"""Sonne und Mond (日與夜; Drei Hasen in der Abendsonne 2012, Rüttinger & Zeimet).

2-4 players build ascending rows of sun and moon cards, cut other players' rows with
eclipses, restore eclipsed places, and harvest five or more adjacent uncovered cards of
their own rows. The seed (``shared/seeds/004_a35d5161f660a4cb.txt``, a Traditional Chinese
play report) is the authority; where it is silent a named option of :class:`Options`
decides (each default is explained in ``notebooks/sunmoon/rules.ipynb``).

>>> game = SunMoon.new(players=3, seed=7)
>>> len(game.hands[0]), game.to_players()
(5, (0,))
>>> move = game.legal_moves()[0]
>>> events = game.play(move)
>>> demo(1).is_over()
True

The deck: sun 1-29, moon 1-29, five solar and five lunar eclipses (68 cards; eclipses have
no number, so the five of a kind are one card, :data:`FACES` lists the 60 faces). Which
numbered cards show an animal is read from ``daynight/data/sunmoon_animals.csv`` (every row
says whether it is attested or reconstructed); nothing else in the package decides it.

Moves (small frozen values, ``moves.py``; build them with their classes or take them from
:meth:`SunMoon.legal_moves`):

* :class:`Place` -- a numbered card at an end of a row (``at`` is the insertion index:
  ``0`` the left end, ``len(row)`` the right end; ``0`` into an empty row starts it);
* :class:`Cover` -- an eclipse on top of a card of its kind (``slot`` is the place);
* :class:`Restore` -- a numbered card on top of an eclipsed place that it fits;
* :class:`Harvest` -- take an own row's run of five or more adjacent uncovered cards;
* :class:`SelfDestruct` -- only when nothing can be played anywhere and nothing harvested.

A move the rules refuse raises ``IllegalMoveError`` naming the rule; ``SunMoon._check`` is the
one place that says why, and each rule it names is a function of ``rules.py``.

The modules, each importing only those above it (no circle):

* ``data.py``     -- the pieces (cards, the deck, the animals) and the readers of their data file;
* ``pictures.py`` -- where the drawings register, so a card or a game shows itself in a notebook;
* ``rules.py``    -- the rules, each a small pure function with the play report's words;
* ``options.py``, ``moves.py``, ``view.py``, ``words.py`` -- the rule options, the moves, what a
  player sees, the sentences of the explained log;
* ``engine.py``   -- the state machine: the legal moves, the one check, the moves carried out;
* ``records.py``  -- the game as JSON: setup, positions and moves, every field checked with its path;
* ``bots.py``     -- bots, rollouts, helpers that play a game forward, the seeded demo game;
* ``draw.py``     -- the drawings: SVG text from a state or from one player's view.
"""

from __future__ import annotations

from . import draw, records, rules
from .bots import BOTS, MonteCarloBot, RandomBot, RuleOfThumbBot, demo, play_bots, rollout, tournament
from .data import (
    CARDS,
    COPIES,
    DATA,
    ECLIPSE,
    ECLIPSE_NAME,
    ECLIPSES_PER_KIND,
    FACES,
    KINDS,
    TOP_VALUE,
    Card,
    card,
    load_animals,
)
from .engine import GAME, SunMoon
from .moves import Cover, Harvest, Move, Place, Restore, SelfDestruct
from .options import OPTION_CHOICES, Options
from .records import read_position
from .rules import HAND_SIZE, HARVEST_MIN, Row, Shape, longest_run, runs, shape
from .view import View

#: the game's class, by the name every game package gives it (``SunMoon`` is the same class)
Game = SunMoon

# The records hand-off, once: core's setup_record, from_setup, move_to_json and move_from_json
# delegate to this module (records import the engine, so the engine cannot import them).
SunMoon.records = records

# draw.py is imported at once (above), so that a card or a game shows its drawing in a notebook:
# draw.py registers the drawings with pictures.py, and no value imports it lazily. It costs little:
# 8.4M instructions of the 96M that importing the package costs after `import daynight` (callgrind,
# bytecode cached; a few milliseconds). `import daynight` itself still loads no game.

__all__ = [
    "BOTS",
    "CARDS",
    "COPIES",
    "DATA",
    "ECLIPSE",
    "ECLIPSES_PER_KIND",
    "ECLIPSE_NAME",
    "FACES",
    "GAME",
    "HAND_SIZE",
    "HARVEST_MIN",
    "KINDS",
    "OPTION_CHOICES",
    "TOP_VALUE",
    "Card",
    "Cover",
    "Game",
    "Harvest",
    "MonteCarloBot",
    "Move",
    "Options",
    "Place",
    "RandomBot",
    "Restore",
    "Row",
    "RuleOfThumbBot",
    "SelfDestruct",
    "Shape",
    "SunMoon",
    "View",
    "card",
    "demo",
    "draw",
    "load_animals",
    "longest_run",
    "play_bots",
    "read_position",
    "records",
    "rollout",
    "rules",
    "runs",
    "shape",
    "tournament",
]
