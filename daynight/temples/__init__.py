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
once at import; moves are interned and the Cast moves of every card are tabled per pair of
books; legal moves are cached per state; the temple check after a spell flood-fills only from
the squares that became the owner's colour; ``play`` accepts a move of the list just made by
identity. The drawings remember their pieces: a square's state and a spell's card are drawn
once, and the table is joined once into its document. Measured with ``python -m benchmarks
temples`` on a shared 2-core VM: a random turn through the checked ``play`` costs about 2
times a straight-line reference turn (1.8-1.9 in instructions), 1.5 times that with the
explained log; drawing the table costs about 25 random moves (20 in instructions). Standard
library only.

Every game of the package has the same files (``daynight/<game>/``):

* ``data.py``    -- the pieces (cards, decks, spells, animals) and the readers of their data files;
* ``rules.py``   -- the rules, each a small pure function with the rule book's words;
* ``engine.py``  -- the moves, the rule options, the state machine and what a player may see;
* ``records.py`` -- the game as JSON: setup, positions and moves, every field checked with its path;
* ``bots.py``    -- bots, hints, rollouts, helpers that play a game forward, the seeded demo game;
* ``draw.py``    -- the drawings: SVG text from a state or from one player's view.
"""

from __future__ import annotations

from .data import (AREAS, Book, COND_TILES, COUNTS, OPS, SPELL_TYPES, Spell, Step, TILE_FILTERS, TILE_OPS,
    default_books, load_book)
from .rules import (BOOK_SIZE, CENTRE, COLOUR, COLS, DAY, DIST, HAND_LIMIT, HOURS, NAME, NEIGHBOURS,
    NEUTRAL, NIGHT, OTHER, ROWS, SIDES, SQUARES, SUPPLY, SURROUNDING, TEMPLE_SIZE, TILE_WORD, TRAVEL_COST,
    connected_subsets, largest_region, parse_square, regions, square_name, temple_regions, two_nines_fit)
  
from .engine import (Cast, Choose, Discard, EndTurn, GAME, Options, PickTemple, Stop, Target, TemplesGame,
    Travel)
from .bots import (BOTS, demo, play_bots, random_bot, thumb_bot)

__all__ = [
    "COLS", "ROWS", "CENTRE", "SQUARES", "NEIGHBOURS", "SURROUNDING", "DIST", "square_name",
    "parse_square", "Options", "Spell", "Book", "load_book", "default_books", "Cast", "Target",
    "Choose", "Stop", "Travel", "EndTurn", "Discard", "PickTemple", "TemplesGame", "GAME", "demo",
    "random_bot", "thumb_bot", "play_bots", "regions", "largest_region", "temple_regions",
    "connected_subsets", "two_nines_fit", "NEUTRAL", "DAY", "NIGHT", "SIDES", "BOOK_SIZE",
]
