"""A tiny game used to test the shared contract without depending on the four real games.

Pebbles: a seeded pile of 10-20 pebbles; two players take 1-3 in turn; whoever takes the
last pebble wins.

It follows the contract of DEVELOPING.md in one file: small frozen moves, ``legal_moves``,
``legal_moves`` that keeps what it offers in ``offered``, one ``_check`` that names the rule, the unchecked ``_apply``, core's one ``play``,
and its records written and read by a records object bound to the class
(``Pebbles.records = PebblesRecords``), where a game package binds its records module.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from daynight.core import EventLog, Game, IllegalMoveError, InvalidRecordError, Reader, make_rng


@dataclass(frozen=True, slots=True)
class Take:
    player: int
    count: int


#: every move of the game, built once: legal_moves offers these, so core's play accepts them by
#: identity (a move built anew, ``Take(0, 2)``, goes through ``_check``)
MOVES = {(player, count): Take(player, count) for player in (0, 1) for count in (1, 2, 3)}


class Pebbles(Game):
    name = "toy"
    title = "Pebbles (a test game)"

    def __init__(self, pile: int, seed: int | None = None):
        self.pile = pile
        self.start = pile
        self.seed = seed
        self.turn = 0
        self.winner: int | None = None
        self.log = EventLog()
        self.history = []
        self.log.add(None, "setup", "setup", f"The pile has {pile} pebbles.")

    @classmethod
    def new(cls, seed=None):
        rng, recorded = make_rng(seed)
        game = cls(rng.randint(10, 20), recorded)
        return game

    def legal_moves(self, player=None):
        if self.winner is not None or (player is not None and player != self.turn):
            return ()
        self.offered = moves = tuple(MOVES[self.turn, k] for k in (1, 2, 3) if k <= self.pile)
        return moves

    def _check(self, move):
        if self.is_over():  # the end is said first, as in every engine
            raise self.game_over_error()
        self._taking(move)

    def _taking(self, move):
        """The rules of a move while the game goes on: a Take, by the player to move, of 1-3."""
        if not isinstance(move, Take):
            raise IllegalMoveError(f"{move!r} is not a move of Pebbles", rule="moves")
        if move.player != self.turn:
            raise IllegalMoveError(
                f"it is player {self.turn}'s turn, not player {move.player}'s", rule="turn order", state=self.describe()
            )
        if not 1 <= move.count <= 3:
            raise IllegalMoveError("take 1, 2 or 3 pebbles", rule="taking", state=self.describe())
        if move.count > self.pile:
            raise IllegalMoveError(f"only {self.pile} pebbles are left", rule="taking", state=self.describe())

    def _apply(self, move):
        self.pile -= move.count
        self.log.add(str(move.player), "take", "taking", f"Player {move.player} takes {move.count}; {self.pile} left.")
        if self.pile == 0:
            self.winner = move.player
            self.log.add(str(move.player), "win", "end", f"Player {move.player} took the last pebble and wins.")
        self.turn = 1 - self.turn

    def is_over(self):
        return self.winner is not None

    def to_players(self):
        return () if self.is_over() else (self.turn,)

    def summary(self):
        return f"{self.pile} pebbles left" + (f"; player {self.winner} won" if self.winner is not None else "")

    def state_json(self):
        return {"pile": self.pile, "turn": self.turn, "winner": self.winner}

    def describe(self):
        return f"pile {self.pile}, player {self.turn} to move"


class PebblesRecords:
    """Pebbles as JSON (a game package's ``records.py`` module; here a class of four functions)."""

    @staticmethod
    def setup_record(game):
        return {"seed": game.seed} if game.seed is not None else {"pile": game.start}

    @staticmethod
    def from_setup(cls, setup: Reader):
        setup.only("seed", "pile")
        if setup.has("seed"):
            return cls.new(setup.int("seed", lo=0))
        return cls(setup.int("pile", lo=1, hi=1000))

    @staticmethod
    def move_to_json(game, move):
        return {"player": move.player, "take": move.count}

    @staticmethod
    def move_from_json(game, value: Reader):
        value.only("player", "take")
        return Take(value.int("player", lo=0, hi=1), value.int("take"))


Pebbles.records = PebblesRecords
GAME = Pebbles


def demo(seed: int) -> Pebbles:
    game = Pebbles.new(seed)
    rng = random.Random(seed)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    return game


# -- a deliberately broken variant, for the fuzz harness's own tests (tests/test_fuzz.py) ---------


class LeakyRecordError(InvalidRecordError):
    """A record error that shows its raw text (a bug: the message can break the line)."""

    def __init__(self, path: str, raw: str):
        super().__init__(path, "bad field")
        self.raw = raw

    def __str__(self) -> str:
        return self.raw


class BrokenPebbles(Pebbles):
    """Pebbles with players' names and the record bugs the fuzz harness must find:

    * ``from_setup`` and ``move_from_json`` read fields without a :class:`Reader` check
      (KeyError, TypeError on a missing or mistyped field);
    * a pile of 0 or less is accepted: the game is not over, yet no move is legal;
    * the names are not written to the setup, so a record with names does not round-trip;
    * an unknown field in a move is reported with a message of several raw lines.
    """

    name = "toy-broken"
    title = "Broken Pebbles (a test game)"

    def __init__(self, pile: int, seed: int | None = None, names=("Ann", "Bob")):
        super().__init__(pile, seed)
        self.names = names

    @classmethod
    def new(cls, seed=None, names=("Ann", "Bob")):
        rng, recorded = make_rng(seed)
        return cls(rng.randint(10, 20), recorded, names)

    def summary(self):
        return f"{', '.join(self.names)}: " + super().summary()

    def state_json(self):
        return {**super().state_json(), "names": list(self.names)}


class BrokenRecords(PebblesRecords):
    """The records of :class:`BrokenPebbles`, with its bugs."""

    @staticmethod
    def from_setup(cls, setup: Reader):
        v = setup.value
        names = v.get("names", ["Ann", "Bob"])  # bug: not checked
        if "seed" in v:
            return cls.new(v["seed"], names)  # bug: TypeError on a string seed
        return cls(v["pile"], names=names)  # bug: KeyError; any pile accepted

    @staticmethod
    def move_from_json(game, value: Reader):
        v = value.value
        for key in v:  # bug: TypeError if not an object
            if key not in ("player", "take"):
                raise LeakyRecordError(value.path, f"unknown field {key}\nin {value.path}")
        return Take(v["player"], v["take"])  # bug: KeyError; any type


BrokenPebbles.records = BrokenRecords


def broken_demo(seed: int, names=("Ann", "Bob")) -> BrokenPebbles:
    game = BrokenPebbles.new(seed, names)
    rng = random.Random(seed)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    return game
