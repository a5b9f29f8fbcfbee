"""Day & Night (Piatnik 2021), the star-collecting card game: the rule engine.

3 to 5 players. Each round one card is revealed from the draw pile, then every player plays
two cards, one at a time, face down and revealed together (*commit, then reveal*). Every
time symbol flips the time card. By day the colour with the highest total wins, by night the
one with the lowest; whoever played the winning colour takes one face-up card, in order of
their winning-colour values. Stars on taken cards are victory points.

The rules follow the rules sheet (seed ``000_e6fe1f5d889d68bc.txt``) literally. Where it is
silent, :class:`Options` names the decision and its default; the real per-card table is not
published, so the bundled deck ``data/stars_deck.csv`` is a *reconstruction* (every row says
so) and a user can load the real table from their own box with :func:`load_deck`.

Moves
    :class:`Commit` -- a player places a hand card face down (the step resolves once everyone
    has committed); :class:`Choose` -- the player whose turn it is to choose takes a face-up
    card. Moves are interned per deck and cards are compared by identity.

Bots and the hint decide from :meth:`StarsGame.view` only and determinize the hidden rest
(other hands, other face-down cards, the draw pile order and the removed cards).

Performance envelope: a random 4-player game is a few hundred microseconds to a millisecond
in CPython; the 1,000-rollout hint a few tenths of a second (see ``benchmarks/bench_stars.py``).

Every game of the package has the same files (``daynight/<game>/``):

* ``data.py``    -- the pieces (cards, decks, spells, animals) and the readers of their data files;
* ``rules.py``   -- the rules, each a small pure function with the rule book's words;
* ``engine.py``  -- the moves, the rule options, the state machine and what a player may see;
* ``records.py`` -- the game as JSON: setup, positions and moves, every field checked with its path;
* ``bots.py``    -- bots, hints, rollouts, helpers that play a game forward, the seeded demo game;
* ``draw.py``    -- the drawings: SVG text from a state or from one player's view.
"""

from __future__ import annotations

from .data import (COLOURS, COLOUR_CODE, Card, DATA, DECK_SIZE, DEFAULT_DECK_FILE, DEFAULT_DECK_NAME, Deck,
    PER_COLOUR, PROVENANCES, default_deck, find_card, load_deck)
from .rules import (DRAW, HAND_SIZE, REMOVED)
from .engine import (CHOOSE, Choose, Commit, DEFAULT_OPTIONS, GAME, OVER, Options, PHASE_NAMES, PLAY1,
    PLAY2, StarsGame, View, teaching_position)
from .records import (check_players, check_position)
from .bots import (BOTS, Determinizer, HintLine, MonteCarloBot, RandomBot, RuleOfThumbBot, advance, demo,
    hint, make_bot, play_bots, play_cards, rollout)

__all__ = [
    "COLOURS", "Card", "Deck", "load_deck", "default_deck", "Options", "Commit", "Choose",
    "StarsGame", "View", "RandomBot", "RuleOfThumbBot", "MonteCarloBot", "BOTS", "make_bot", "hint",
    "HintLine", "play_bots", "advance", "teaching_position", "play_cards", "find_card",
    "Determinizer", "rollout", "GAME", "demo", "REMOVED", "HAND_SIZE", "DRAW",
]
