"""A conformance check that any game plugs into (in the spirit of OpenSpiel's
``random_sim_test``).

>>> from daynight.testing import check_conformance              # doctest: +SKIP
>>> check_conformance(lambda seed: StarsGame.new(players=4, seed=seed),
...                   illegal_moves=my_illegal_moves)           # doctest: +SKIP

For each seed it plays a random game to the end and checks, at every step:

* ``legal_moves()`` is non-empty until the game ends, and empty after;
* every legal move is accepted (tried on copies; all of them, or a seeded sample of
  ``sample_legal`` when there are many);
* every move from ``illegal_moves(game)`` raises :class:`IllegalMoveError` and leaves the state
  exactly as it was (``game.snapshot()`` unchanged), and ``why_illegal`` explains it;
* ``invariant(game)``, when given, holds;

and after the game:

* playing again from the same seed with the same choices gives the same events and record,
  even when the global ``random`` module is disturbed in between (no hidden global randomness);
* the record survives a JSON round trip and replays to the same events and state.

Standard library only: it raises ``AssertionError`` with a message saying which check failed,
so it works under pytest and anywhere else.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .core import Game, GameOverError, IllegalMoveError

__all__ = ["check_conformance", "ConformanceReport", "random_playout"]


@dataclass
class ConformanceReport:
    games: int = 0
    moves: int = 0
    legal_tried: int = 0
    illegal_tried: int = 0

    def __str__(self) -> str:
        return (f"{self.games} games, {self.moves} moves, {self.legal_tried} legal moves tried, "
                f"{self.illegal_tried} illegal moves refused")


def random_playout(game: Game, rng: random.Random, *, max_moves: int = 100_000,
                   choose: Callable[[Game, tuple[Any, ...], random.Random], Any] | None = None,
                   disturb_global_random: bool = False) -> int:
    """Play uniformly random legal moves (or ``choose``'s) until the game ends; return the count."""
    n = 0
    while not game.is_over():
        if n >= max_moves:
            raise AssertionError(f"{game.name}: no end after {max_moves} moves ({game.describe()})")
        moves = game.legal_moves()
        move = choose(game, moves, rng) if choose else moves[rng.randrange(len(moves))]
        if disturb_global_random:
            random.random()
            random.shuffle([1, 2, 3])
        game.play(move)
        n += 1
    return n


def check_conformance(
    new_game: Callable[[int], Game],
    *,
    seeds: Iterable[int] = range(3),
    illegal_moves: Callable[[Game], Iterable[Any]] | None = None,
    invariant: Callable[[Game], None] | None = None,
    choose: Callable[[Game, tuple[Any, ...], random.Random], Any] | None = None,
    sample_legal: int = 6,
    max_moves: int = 20_000,
) -> ConformanceReport:
    report = ConformanceReport()
    for seed in seeds:
        game = new_game(seed)
        random.random()
        twin_start = new_game(seed)
        assert twin_start.to_record() == game.to_record() and list(twin_start.log) == list(game.log), (
            f"{game.name} seed {seed}: the same seed gave another start (global random module?)")
        rng = random.Random(10_000 + seed)
        probe_rng = random.Random(20_000 + seed)
        if invariant:
            invariant(game)
        steps = 0
        while not game.is_over():
            if steps >= max_moves:
                raise AssertionError(f"{game.name} seed {seed}: no end after {max_moves} moves")
            moves = game.legal_moves()
            assert moves, f"{game.name} seed {seed}: legal_moves() is empty before the end ({game.describe()})"
            assert game.to_players(), f"{game.name} seed {seed}: nobody to move before the end"

            # every legal move is accepted (on copies)
            tried = moves if len(moves) <= sample_legal else probe_rng.sample(moves, sample_legal)
            for move in tried:
                assert game.why_illegal(move) is None, (
                    f"{game.name} seed {seed}: legal move {move!r} refused: {game.why_illegal(move)}")
                trial = game.copy()
                try:
                    trial.play(move)
                except IllegalMoveError as exc:
                    raise AssertionError(f"{game.name} seed {seed}: legal move {move!r} refused: {exc}") from None
                report.legal_tried += 1

            # an illegal move raises and changes nothing
            if illegal_moves is not None:
                for bad in illegal_moves(game):
                    before = game.snapshot()
                    # the record is the setup plus the moves: compare those cheaply (a whole
                    # record per illegal move would make long games quadratic)
                    record_before = (json.dumps(game.setup_record(), sort_keys=True),
                                     len(game.history), game.history[-1:])
                    try:
                        game.play(bad)
                    except IllegalMoveError as exc:
                        assert str(exc), "an IllegalMoveError must explain itself"
                    else:
                        raise AssertionError(f"{game.name} seed {seed}: illegal move {bad!r} was accepted")
                    assert game.snapshot() == before, (
                        f"{game.name} seed {seed}: refusing {bad!r} changed the state")
                    assert (json.dumps(game.setup_record(), sort_keys=True), len(game.history),
                            game.history[-1:]) == record_before, (
                        f"{game.name} seed {seed}: refusing {bad!r} changed the record")
                    assert game.why_illegal(bad), f"why_illegal({bad!r}) gave no reason"
                    report.illegal_tried += 1

            move = moves[rng.randrange(len(moves))] if choose is None else choose(game, moves, rng)
            game.play(move)
            steps += 1
            if invariant:
                invariant(game)

        assert game.legal_moves() == (), f"{game.name} seed {seed}: legal moves after the end"
        assert not game.to_players(), f"{game.name} seed {seed}: someone to move after the end"
        try:
            game.play(game.history[-1] if game.history else None)
        except GameOverError:
            pass
        else:
            raise AssertionError(f"{game.name} seed {seed}: a move was accepted after the end")

        # same seed, same choices -> same history, even with the global random disturbed
        again = new_game(seed)
        replayed_moves = 0
        for move in game.history:
            random.random()
            try:
                again.play(move)
            except IllegalMoveError as exc:
                raise AssertionError(f"{game.name} seed {seed}: replaying the same moves from the same "
                                     f"seed failed at move {replayed_moves} ({exc}); does the game use "
                                     "the global random module?") from None
            replayed_moves += 1
        assert list(again.log) == list(game.log), f"{game.name} seed {seed}: the same moves gave other events"
        assert again.to_record() == game.to_record(), f"{game.name} seed {seed}: the same moves gave another record"

        # a fresh playout from the same seed with the same chooser seed is identical
        twin = new_game(seed)
        random_playout(twin, random.Random(10_000 + seed), choose=choose, disturb_global_random=True,
                       max_moves=max_moves)
        twin_plain = new_game(seed)
        random_playout(twin_plain, random.Random(10_000 + seed), choose=choose, max_moves=max_moves)
        assert twin.to_record() == twin_plain.to_record(), (
            f"{game.name} seed {seed}: the game depends on the global random module")

        # the record round-trips through JSON and replays to the same state
        record = json.loads(json.dumps(game.to_record()))
        restored = type(game).from_record(record)
        assert restored.to_record() == record, f"{game.name} seed {seed}: record does not round-trip"
        assert list(restored.log) == list(game.log), f"{game.name} seed {seed}: replayed events differ"
        assert restored.state_json() == game.state_json(), f"{game.name} seed {seed}: replayed state differs"

        report.games += 1
        report.moves += steps
    return report
