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

:class:`Game` (also called :class:`StarsGame`) is the game; its moves are
:class:`Commit` -- a player places a hand card face down (the step resolves once everyone
has committed) -- and :class:`Choose` -- the player whose turn it is to choose takes a face-up
card. Moves are interned per deck and cards are compared by identity.

Bots and the hint decide from :meth:`Game.view` (a frozen :class:`View`) only and determinize
the hidden rest (other hands, other face-down cards, the draw pile order and the removed cards).

Performance envelope: a random 4-player game is a few hundred microseconds to a millisecond
in CPython; the 1,000-rollout hint a few tenths of a second (see ``benchmarks/bench_stars.py``).

Every game of the package has the same files (``daynight/<game>/``), imported in one direction
(each imports only those above it):

* ``moves.py``   -- the two moves, small frozen values;
* ``display.py`` -- how a value finds its drawing (a registry that ``draw.py`` fills);
* ``data.py``    -- the pieces (cards, decks) and the readers of their data files;
* ``options.py`` -- the rule options: named decisions where the rules sheet is silent;
* ``rules.py``   -- the rules, each a small pure function with the rule book's words;
* ``view.py``    -- what one player may see, and the finished rounds;
* ``explain.py`` -- the sentences in which every rule that fires explains itself;
* ``engine.py``  -- the state machine, the legal moves and the reasons for a refusal;
* ``positions.py`` -- teaching positions: hand-built rounds for worked examples;
* ``records.py`` -- the game as JSON: setup, positions and moves, every field checked with its path;
* ``bots.py``    -- bots, hints, rollouts, helpers that play a game forward, the seeded demo game;
* ``draw.py``    -- the drawings: SVG text from a state or from one player's view.
"""

from __future__ import annotations

from . import draw, records
from .bots import (
    BOTS,
    Determinizer,
    HintLine,
    MonteCarloBot,
    RandomBot,
    RuleOfThumbBot,
    advance,
    demo,
    hint,
    make_bot,
    play_bots,
    play_cards,
    rollout,
)
from .data import (
    COLOUR_CODE,
    COLOURS,
    DATA,
    DECK_SIZE,
    DEFAULT_DECK_FILE,
    DEFAULT_DECK_NAME,
    PER_COLOUR,
    PROVENANCES,
    Card,
    Deck,
    check_position,
    default_deck,
    find_card,
    load_deck,
)
from .engine import GAME, StarsGame, check_players
from .moves import Choose, Commit, Move
from .options import DEFAULT_OPTIONS, Options
from .positions import teaching_position
from .rules import CHOOSE, DRAW, HAND_SIZE, OVER, PHASE_NAMES, PLAY1, PLAY2, REMOVED
from .view import Round, View

#: the game (``daynight.stars.Game``, as ``chess.Board`` is chess's one board); ``StarsGame`` is its other name
Game = GAME
#: the records are bound here, once: ``core.Game``'s record methods delegate to this module
StarsGame.records = records
# Importing the drawings here (``from . import draw`` above) fills the registry (``display``)
# through which a card, a round and a game draw themselves in a notebook, so no value imports
# the drawings. Measured: ``import daynight.stars`` costs 478M instructions with them and 385M
# without (callgrind), 332 ms against 308 ms (best of 15 fresh processes on the development
# machine); every app and notebook imports the drawings anyway.

__all__ = [
    "BOTS", "CHOOSE", "COLOURS", "COLOUR_CODE", "DATA", "DECK_SIZE", "DEFAULT_DECK_FILE", "DEFAULT_DECK_NAME",
    "DEFAULT_OPTIONS", "DRAW", "GAME", "HAND_SIZE", "OVER", "PER_COLOUR", "PHASE_NAMES", "PLAY1", "PLAY2",
    "PROVENANCES", "REMOVED", "Card", "Choose", "Commit", "Deck", "Determinizer", "Game", "HintLine",
    "MonteCarloBot", "Move", "Options", "RandomBot", "Round", "RuleOfThumbBot", "StarsGame", "View", "advance",
    "check_players", "check_position", "default_deck", "demo", "draw", "find_card", "hint", "load_deck",
    "make_bot", "play_bots", "play_cards", "records", "rollout", "teaching_position",
]  # fmt: skip
