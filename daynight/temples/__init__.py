"""Day & Night (Valentijn Eekels, Mystics): the two-player temple duel.

Day and Night cast spells and travel on the Valley of Emptiness, a 6 x 8 board whose 2 x 2
centre is impassable (44 squares), to build two temples of nine orthogonally connected tiles.
The rules are the official rules text (``shared/seeds/001_78d29b8ffc640c85.txt``); rule
numbers in the log (``2.1 Travelling``, ``3.2 Mystify``, ``4.3 Victory for Day by default``)
are that text's sections.

How a turn is played through moves
----------------------------------
A turn is a sequence of small moves by the player on turn:

* ``Cast(who, card, x)``   -- cast a spell from the hand (Spell Casting phase);
* ``Target(who, square)``  -- choose the next target of the spell being cast, one at a time
  (a spell that must do "as much as possible" keeps asking while targets remain; a choice
  that is forced is made automatically);
* ``Choose(who, card)``    -- choose a card (Steal Passion: a card of the other's hand);
* ``Stop(who)``            -- end an optional part of a spell ("move up to 2 tiles");
* ``Travel(who, square)``  -- travel to a bordering square (3 hours, one spell drawn);
* ``EndTurn(who)``         -- retreat; with more than five spells, ``Discard(who, card)``
  until five are left; then the other side's turn begins with its Awakening;
* ``PickTemple(who, square)`` -- when more than nine connected tiles make a temple, the
  owner picks the nine, one bordering square at a time.

Spellbooks are data (``daynight/data/temples_day.json``, ``temples_night.json``) written in a
small effect language that :func:`load_book` validates and the engine interprets. Only Mimic,
Steal Passion and Crystallize are attested; every other spell is a reconstruction and says so.

Performance envelope: squares are ints 0..47 (row * 6 + column) with neighbour tables built
once at import; moves are interned (built once, offered again by identity, so that
``core.Game.play`` accepts a move of the list just made at a glance); the Cast moves of every
card are tabled per pair of books (engine.py, built by calling the rule functions and checked
against them by the tests); legal
moves are listed once per state; the temple check after a spell flood-fills only from the
squares that became the owner's colour. The drawings remember their pieces: a square's state
and a spell's card are drawn once, and the table is joined once into its document. Measured
with ``python -m benchmarks temples`` on a shared 2-core VM: a random turn through the checked
``play`` costs about 2 times a straight-line reference turn (1.9 in instructions), 1.5 times
that with the explained log; drawing the table costs about 20 random moves in instructions.
Standard library only.

Every game of the package has the same files (``daynight/<game>/``), here with the engine
split by the parts of the rule book; each module imports only those above it in this list:

* ``pictures.py`` -- how a value shows itself in a notebook (a registry ``draw.py`` fills);
* ``rules.py``   -- the rules, each a small pure function with the rule book's words;
* ``data.py``    -- the pieces (the two Books of Spells) and the reader of their data files;
* ``moves.py``   -- the moves and the rule options;
* ``state.py``   -- the state of a game and what reads it;
* ``building.py`` -- 2.2 Building a Temple and 4 End of the game, carried out;
* ``casting.py`` -- 2.1 Spell Casting, 3.2 the standard actions, 3.3 conditions, carried out;
* ``view.py``    -- what a player may see (a frozen ``View``) and the state in words;
* ``position.py`` -- an explicit teaching position, read from a record;
* ``engine.py``  -- the game (``Game``): a turn, the legal moves, why a move is refused;
* ``records.py`` -- the game as JSON: setup and moves, every field checked with its path;
* ``bots.py``    -- bots, helpers that play a game forward, the seeded demo game;
* ``draw.py``    -- the drawings: SVG text from a state or from one player's view (with
  ``draw_board.py``, ``draw_spells.py`` and ``draw_memo.py``).

``Game`` is the game's class (``TemplesGame`` its older name). Importing the package imports
the drawings too, so that a game, a spell and a book show themselves in a notebook (through
``pictures.py``; no value imports ``draw.py``). Measured with callgrind: the drawings are 112M
of the 600M instructions of ``import daynight.temples`` (``import daynight`` alone is 195M),
some 0.04 s; every app, notebook and review draws anyway, and ``import daynight`` loads no game.
"""

from __future__ import annotations

from . import draw, records, rules
from .bots import BOTS, demo, play_bots, random_bot, thumb_bot
from .data import (
    AREAS,
    COND_TILES,
    COUNTS,
    OPS,
    SPELL_TYPES,
    TILE_FILTERS,
    TILE_OPS,
    Book,
    Spell,
    Step,
    default_books,
    load_book,
)
from .engine import GAME, TemplesGame
from .moves import Cast, Choose, Discard, EndTurn, Options, PickTemple, Stop, Target, Travel
from .rules import (
    BOOK_SIZE,
    CENTRE,
    COLOUR,
    COLS,
    DAY,
    DIST,
    HAND_LIMIT,
    HOURS,
    NAME,
    NEIGHBOURS,
    NEUTRAL,
    NIGHT,
    OTHER,
    ROWS,
    SIDES,
    SQUARES,
    SUPPLY,
    SURROUNDING,
    TEMPLE_SIZE,
    TILE_WORD,
    TRAVEL_COST,
    connected_subsets,
    largest_region,
    parse_square,
    regions,
    square_name,
    temple_regions,
    two_nines_fit,
)
from .view import View

#: the game's class (python-chess has ``chess.Board``; every game of daynight has ``Game``)
Game = TemplesGame
#: core's ``Game.setup_record`` / ``from_setup`` / ``move_to_json`` / ``move_from_json``
#: delegate to the records module (it imports the engine, so the engine cannot name it)
TemplesGame.records = records

__all__ = [
    "AREAS",
    "BOOK_SIZE",
    "BOTS",
    "CENTRE",
    "COLOUR",
    "COLS",
    "COND_TILES",
    "COUNTS",
    "DAY",
    "DIST",
    "GAME",
    "HAND_LIMIT",
    "HOURS",
    "NAME",
    "NEIGHBOURS",
    "NEUTRAL",
    "NIGHT",
    "OPS",
    "OTHER",
    "ROWS",
    "SIDES",
    "SPELL_TYPES",
    "SQUARES",
    "SUPPLY",
    "SURROUNDING",
    "TEMPLE_SIZE",
    "TILE_FILTERS",
    "TILE_OPS",
    "TILE_WORD",
    "TRAVEL_COST",
    "Book",
    "Cast",
    "Choose",
    "Discard",
    "EndTurn",
    "Game",
    "Options",
    "PickTemple",
    "Spell",
    "Step",
    "Stop",
    "Target",
    "TemplesGame",
    "Travel",
    "View",
    "connected_subsets",
    "default_books",
    "demo",
    "draw",
    "largest_region",
    "load_book",
    "parse_square",
    "play_bots",
    "random_bot",
    "records",
    "regions",
    "rules",
    "square_name",
    "temple_regions",
    "thumb_bot",
    "two_nines_fit",
]
