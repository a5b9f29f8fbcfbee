"""The conformance check any game plugs into (in the spirit of OpenSpiel's ``random_sim_test``).

For each seed it plays a random game to the end and checks, at every step:

* ``legal_moves()`` is non-empty until the game ends, and empty after;
* every legal move is accepted (tried on copies; all of them, or a seeded sample of
  ``sample_legal`` when there are many);
* every move from ``illegal_moves(game)`` raises :class:`IllegalMoveError` and leaves the state
  exactly as it was (``game.snapshot()`` unchanged), and ``why_illegal`` explains it;
* ``invariant(game)``, when given, holds;

and after the game:

* nothing is offered, nobody is to move, and every move that was legal just before the end is
  refused by ``_check`` itself with :class:`GameOverError` (core's ``play`` asks no ``is_over``
  of its own), changing nothing;
* playing again from the same seed with the same choices gives the same events and record,
  even when the global ``random`` module is disturbed in between (no hidden global randomness);
* the record survives a JSON round trip and replays to the same events and state.

It also fails when the engine overrides ``play``: :meth:`daynight.core.Game.play` is the only
one (one legality path: ``legal_moves``, ``_check`` and core's ``play``).

Standard library only: it raises ``AssertionError`` with a message saying which check failed,
so it works under pytest and anywhere else.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..core import Game, GameOverError, IllegalMoveError

__all__ = ["ConformanceReport", "check_conformance", "random_playout"]

Choose = Callable[[Game, tuple[Any, ...], random.Random], Any]


@dataclass
class ConformanceReport:
    games: int = 0
    moves: int = 0
    legal_tried: int = 0
    illegal_tried: int = 0

    def __str__(self) -> str:
        return (
            f"{self.games} games, {self.moves} moves, {self.legal_tried} legal moves tried, "
            f"{self.illegal_tried} illegal moves refused"
        )


def random_playout(
    game: Game,
    rng: random.Random,
    *,
    max_moves: int = 100_000,
    choose: Choose | None = None,
    disturb_global_random: bool = False,
) -> int:
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
    choose: Choose | None = None,
    sample_legal: int = 6,
    max_moves: int = 20_000,
) -> ConformanceReport:
    """Play a random game for each seed and check the contract at every step (see the module)."""
    report = ConformanceReport()
    for seed in seeds:
        game = check_the_start(new_game, seed)
        rng, probe_rng = random.Random(10_000 + seed), random.Random(20_000 + seed)
        if invariant:
            invariant(game)
        steps = 0
        moves: tuple[Any, ...] = ()  # the last legal moves: refused as over after the end
        while not game.is_over():
            if steps >= max_moves:
                raise AssertionError(f"{game.name} seed {seed}: no end after {max_moves} moves")
            moves = game.legal_moves()
            assert moves, f"{game.name} seed {seed}: legal_moves() is empty before the end ({game.describe()})"
            assert game.to_players(), f"{game.name} seed {seed}: nobody to move before the end"
            tried = moves if len(moves) <= sample_legal else probe_rng.sample(moves, sample_legal)
            report.legal_tried += check_legal_moves_are_accepted(game, tried, seed)
            if illegal_moves is not None:
                report.illegal_tried += check_illegal_moves_change_nothing(game, illegal_moves(game), seed)
            game.play(moves[rng.randrange(len(moves))] if choose is None else choose(game, moves, rng))
            steps += 1
            if invariant:
                invariant(game)
        check_the_end(game, seed, moves)
        check_the_same_moves_replay(new_game, game, seed)
        check_no_global_randomness(new_game, game, seed, choose, max_moves)
        check_the_record_round_trips(game, seed)
        report.games += 1
        report.moves += steps
    return report


def check_the_start(new_game: Callable[[int], Game], seed: int) -> Game:
    """The engine uses core's ``play``, and the same seed gives the same start even with the
    global ``random`` module disturbed in between."""
    game = new_game(seed)
    assert type(game).play is Game.play, (
        f"{game.name}: {type(game).__name__} overrides play; core's Game.play is the only one "
        "(one legality path: legal_moves, _check, and core's play)"
    )
    random.random()
    twin = new_game(seed)
    assert twin.to_record() == game.to_record() and list(twin.log) == list(game.log), (
        f"{game.name} seed {seed}: the same seed gave another start (global random module?)"
    )
    return game


def check_legal_moves_are_accepted(game: Game, tried: Iterable[Any], seed: int) -> int:
    """Each move of ``tried`` (legal now) has no reason against it and plays on a copy."""
    count = 0
    for move in tried:
        reason = game.why_illegal(move)
        assert reason is None, f"{game.name} seed {seed}: legal move {move!r} refused: {reason}"
        trial = game.copy()
        try:
            trial.play(move)
        except IllegalMoveError as exc:
            raise AssertionError(f"{game.name} seed {seed}: legal move {move!r} refused: {exc}") from None
        count += 1
    return count


def check_illegal_moves_change_nothing(game: Game, bad_moves: Iterable[Any], seed: int) -> int:
    """Each of ``bad_moves`` raises an explained :class:`IllegalMoveError` and leaves the state
    and the record as they were."""
    count = 0
    for bad in bad_moves:
        before = game.snapshot()
        # the record is the setup plus the moves: compare those cheaply (a whole record per
        # illegal move would make long games quadratic)
        record_before = (json.dumps(game.setup_record(), sort_keys=True), len(game.history), game.history[-1:])
        try:
            game.play(bad)
        except IllegalMoveError as exc:
            assert str(exc), "an IllegalMoveError must explain itself"
        else:
            raise AssertionError(f"{game.name} seed {seed}: illegal move {bad!r} was accepted")
        assert game.snapshot() == before, f"{game.name} seed {seed}: refusing {bad!r} changed the state"
        record_after = (json.dumps(game.setup_record(), sort_keys=True), len(game.history), game.history[-1:])
        assert record_after == record_before, f"{game.name} seed {seed}: refusing {bad!r} changed the record"
        assert game.why_illegal(bad), f"why_illegal({bad!r}) gave no reason"
        count += 1
    return count


def check_the_end(game: Game, seed: int, last_legal: Iterable[Any] = ()) -> None:
    """After the end: no legal move, nobody to move, and the game's ``_check`` itself refuses
    as over (:class:`GameOverError`, first of its reasons) the last move played and every move
    of ``last_legal`` (those legal just before the end), changing nothing."""
    assert game.legal_moves() == (), f"{game.name} seed {seed}: legal moves after the end"
    assert not game.to_players(), f"{game.name} seed {seed}: someone to move after the end"
    before = game.snapshot()
    for move in (*game.history[-1:], *last_legal):
        for ask in (game._check, game.play):
            try:
                ask(move)
            except GameOverError:
                continue
            except IllegalMoveError as exc:
                raise AssertionError(
                    f"{game.name} seed {seed}: after the end, {move!r} was refused for another reason "
                    f"than the end ({exc}); _check must refuse every move as over first"
                ) from None
            raise AssertionError(
                f"{game.name} seed {seed}: a move was accepted after the end ({move!r}): _check lets it "
                "through, and core's play asks no is_over of its own"
            )
        assert game.snapshot() == before, f"{game.name} seed {seed}: refusing {move!r} after the end changed the state"


def check_the_same_moves_replay(new_game: Callable[[int], Game], game: Game, seed: int) -> None:
    """The same seed and the same moves give the same events and record, with the global
    ``random`` module disturbed before every move."""
    again = new_game(seed)
    for i, move in enumerate(game.history):
        random.random()
        try:
            again.play(move)
        except IllegalMoveError as exc:
            raise AssertionError(
                f"{game.name} seed {seed}: replaying the same moves from the same seed failed at move {i} "
                f"({exc}); does the game use the global random module?"
            ) from None
    assert list(again.log) == list(game.log), f"{game.name} seed {seed}: the same moves gave other events"
    assert again.to_record() == game.to_record(), f"{game.name} seed {seed}: the same moves gave another record"


def check_no_global_randomness(
    new_game: Callable[[int], Game], game: Game, seed: int, choose: Choose | None, max_moves: int
) -> None:
    """A fresh playout from the same seed with the same chooser's seed is the same game, with
    the global ``random`` module disturbed or not."""
    disturbed, plain = new_game(seed), new_game(seed)
    random_playout(
        disturbed, random.Random(10_000 + seed), choose=choose, disturb_global_random=True, max_moves=max_moves
    )
    random_playout(plain, random.Random(10_000 + seed), choose=choose, max_moves=max_moves)
    assert disturbed.to_record() == plain.to_record(), (
        f"{game.name} seed {seed}: the game depends on the global random module"
    )


def check_the_record_round_trips(game: Game, seed: int) -> None:
    """The record survives JSON and replays to the same events and state."""
    record = json.loads(json.dumps(game.to_record()))
    restored = type(game).from_record(record)
    assert restored.to_record() == record, f"{game.name} seed {seed}: record does not round-trip"
    assert list(restored.log) == list(game.log), f"{game.name} seed {seed}: replayed events differ"
    assert restored.state_json() == game.state_json(), f"{game.name} seed {seed}: replayed state differs"
