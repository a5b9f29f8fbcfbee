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

The deck: sun 1-29, moon 1-29, five solar and five lunar eclipses (68 cards). Which
numbered cards show an animal is read from ``daynight/data/sunmoon_animals.csv`` (every row
says whether it is attested or reconstructed); nothing else in the package decides it.

Moves (frozen, interned values; build them with the helper functions or take them from
:meth:`SunMoon.legal_moves`):

* :class:`Place` -- a numbered card at an end of a row (``at`` is the insertion index:
  ``0`` the left end, ``len(row)`` the right end; ``0`` into an empty row starts it);
* :class:`Cover` -- an eclipse on top of a card of its kind (``slot`` is the place);
* :class:`Restore` -- a numbered card on top of an eclipsed place that it fits;
* :class:`Harvest` -- take an own row's run of five or more adjacent uncovered cards;
* :class:`SelfDestruct` -- only when nothing can be played anywhere and nothing harvested.

Every game of the package has the same files (``daynight/<game>/``):

* ``data.py``    -- the pieces (cards, decks, spells, animals) and the readers of their data files;
* ``rules.py``   -- the rules, each a small pure function with the rule book's words;
* ``engine.py``  -- the moves, the rule options, the state machine and what a player may see;
* ``records.py`` -- the game as JSON: setup, positions and moves, every field checked with its path;
* ``bots.py``    -- bots, hints, rollouts, helpers that play a game forward, the seeded demo game;
* ``draw.py``    -- the drawings: SVG text from a state or from one player's view.
"""

from __future__ import annotations

from .data import (CARDS, Card, DATA, ECLIPSES_PER_KIND, ECLIPSE_NAME, KINDS, TOP_VALUE, card,
    load_animals)
from .rules import (HAND_SIZE, HARVEST_MIN, Row, longest_run, runs, visible_values)
from .engine import (Cover, GAME, Harvest, Move, OPTION_CHOICES, Options, Place, Restore, SelfDestruct,
    SunMoon)
from .records import (read_position)
from .bots import (BOTS, MonteCarloBot, RandomBot, RuleOfThumbBot, demo, play_bots, tournament, _rollout)
  

__all__ = [
    "Card", "CARDS", "KINDS", "ECLIPSE_NAME", "Options", "OPTION_CHOICES", "load_animals", "Place",
    "Cover", "Restore", "Harvest", "SelfDestruct", "SunMoon", "GAME", "demo", "card", "RandomBot",
    "RuleOfThumbBot", "MonteCarloBot", "BOTS", "play_bots", "tournament",
]
