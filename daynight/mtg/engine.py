"""mtg: the game (:class:`DayNight`): its moves now, why a move is refused, and what a player sees.

The engine follows the designation and every permanent that the day/night rules touch. Its
layers follow the rule book: :mod:`~daynight.mtg.state` (the table), :mod:`~daynight.mtg.changes`
(a change of designation and transforming), :mod:`~daynight.mtg.battlefield` (entering,
leaving, effects), :mod:`~daynight.mtg.turns` (turns, spells, triggers); this module adds the
game's contract: :meth:`DayNight.legal_moves`, :meth:`DayNight._check` (the one function that
says why a move is refused; it changes nothing), :meth:`DayNight._apply` (the unchecked fast
path) and the views. ``play`` is core's (:meth:`daynight.core.Game.play`).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from ..draw import Drawing
from .data import Effect, PermanentSpec, Placed
from .moves import (
    Affect,
    Attach,
    Becomes,
    BeginTurn,
    CastSpell,
    EndEffect,
    EndGame,
    Enter,
    Leave,
    Options,
    PhaseOut,
    Resolve,
    Transform,
)
from .permanent import PICTURES, Permanent
from .position import Positions
from .rules import DESIGNATIONS, NEITHER, NIGHT
from .state import State
from .view import PermanentView, View, frozen_map

#: the effects ``legal_moves`` offers to apply to a permanent (a representative sample)
MOONSILVER = Effect("Bound by Moonsilver", "aura", cant_transform=True)
CYTOSHAPE = Effect("Cytoshape", "copy", until_end_of_turn=True, becomes="Brutal Cathar", abilities=("daybound",))


def samples(first: str) -> tuple[PermanentSpec, ...]:
    """The permanents ``legal_moves`` offers to enter: one of each kind the tracker follows."""
    return (
        PermanentSpec("Brutal Cathar", "dfc", "Moonrage Brute", controller=first),
        PermanentSpec("Celestus Sanctifier", "other", triggers=("change",), day_if_neither=True),
        PermanentSpec("Clone copying Moonrage Brute", "nightbound"),
        PermanentSpec(
            "Huntmaster of the Fells",
            "transforming",
            "Ravager of the Fells",
            controller=first,
            werewolf=True,
            triggers=("enters front", "into front", "into back"),
        ),
        PermanentSpec(
            "Howlpack Piper",
            "dfc",
            "Wildsong Howler",
            transformed=True,
            via="effect",
            triggers=("enters back", "into back"),
        ),
        PermanentSpec("Invasion of Kylem", "transforming", "Valor's Reach Tag Team", back_type="sorcery"),
    )


class Offer:
    """The moves ``legal_moves`` offers, each built once per table (:func:`offer_for`), so that
    a move a bot, an app or a rollout takes from ``legal_moves`` is accepted by identity (core's
    ``play``) without being checked again. Moves are values: the games of one table share them.
    Not state: ``snapshot`` leaves it out."""

    __slots__ = ("becomes", "casts", "end", "enters", "extras", "of_permanent", "skips", "turns", "turns_of")

    def __init__(self, players: tuple[str, ...], order: tuple[str, ...]):
        self.casts = {p: (CastSpell(p), CastSpell(p, copy=True)) for p in players}
        self.turns = tuple(BeginTurn(w) for w in order)
        n = len(order)
        #: skipping the turn of seat i: the turn after it begins
        self.skips = tuple(BeginTurn(order[(i + 1) % n], skipping=(w,)) for i, w in enumerate(order))
        self.extras = tuple(BeginTurn(w, extra=True) for w in order)
        #: the turn moves of seat s while seat n is next in turn order: n's turn, or the turn
        #: after it with n's skipped
        self.turns_of = tuple(tuple(self._turn_moves(s, nxt, n) for nxt in range(n)) for s in range(n))
        self.becomes = (Becomes("day"), Becomes("night"))
        self.enters = tuple(Enter((s,)) for s in samples(players[0]))
        self.end = EndGame()
        #: a permanent's moves: it leaves, Moonmist, Bound by Moonsilver, Cytoshape, it phases out
        self.of_permanent: dict[int, tuple[Any, ...]] = {}

    def _turn_moves(self, seat: int, nxt: int, n: int) -> tuple[BeginTurn, ...]:
        own = (self.turns[nxt],) if seat == nxt else ()
        return own + (self.skips[nxt],) if n > 1 and seat == (nxt + 1) % n else own

    def permanent(self, pid: int) -> tuple[Any, ...]:
        moves = self.of_permanent.get(pid)
        if moves is None:
            moves = self.of_permanent[pid] = (
                Leave(pid),
                Transform(pid, "Moonmist"),
                Affect(pid, MOONSILVER),
                Affect(pid, CYTOSHAPE),
                PhaseOut(pid, "Teferi's Protection"),
            )
        return moves


@lru_cache(maxsize=64)
def offer_for(players: tuple[str, ...], order: tuple[str, ...]) -> Offer:
    """The one :class:`Offer` of a table. A cache, measured on ``benchmarks/bench_mtg.py``
    (callgrind, 2026-12-01): building the moves on offer anew for each 40-turn game costs 7,300
    instructions per turn more (+19% on ``mtg.untap_checks``)."""
    return Offer(players, order)


class DayNight(Positions):
    """The day/night designation of one game of Magic, turn by turn.

    >>> g = DayNight.new(players=["Alice", "Bob"])
    >>> _ = g.play(BeginTurn("Alice"))
    >>> _ = g.play(Enter((PermanentSpec("Brutal Cathar", back="Moonrage Brute"),)))
    >>> g.designation_name
    'day'
    >>> _ = g.play(BeginTurn("Bob"))     # Alice cast no spell: night (728.2a)
    >>> g.designation_name, g.permanents[0].face_name()
    ('night', 'Moonrage Brute')
    """

    name = "mtg"
    title = "Magic: The Gathering day/night"
    __slots__ = ("offer",)

    def __init__(
        self,
        players: Sequence[str],
        teams: Sequence[tuple[str, Sequence[str]]] | None = None,
        options: Options | None = None,
        *,
        designation: int | str = NEITHER,
        permanents: Iterable[PermanentSpec | Placed] = (),
        explain: bool = True,
    ):
        # the state's own __init__, named: the layers between (Positions ... Changes) have none.
        # Measured (callgrind): a two-player game built and dropped, 21,858 instructions against
        # 23,407 through super() (its walk up the MRO)
        State.__init__(self, players, teams, options, designation=designation, explain=explain)
        self.offer = offer_for(self.players, self.order)
        self.start = (self.designation, tuple(permanents))
        self._setup_events()

    # -- construction ------------------------------------------------------------
    @classmethod
    def new(
        cls,
        players: Sequence[str] = ("Alice", "Bob"),
        *,
        teams: Any = None,
        options: Options | None = None,
        designation: int | str = NEITHER,
        permanents: Iterable[PermanentSpec | Placed] = (),
        explain: bool = True,
    ) -> DayNight:
        """A new game. ``teams`` (shared team turns) is a mapping or a list of
        ``(team name, [players])``; the turn order is the order given. ``explain=False``
        records no explanations (for simulations)."""
        if isinstance(teams, dict):
            teams = list(teams.items())
        return cls(players, teams, options, designation=designation, permanents=permanents, explain=explain)

    @classmethod
    def two_headed_giant(
        cls,
        team_a: Sequence[str] = ("Alice", "Bob"),
        team_b: Sequence[str] = ("Carol", "Dan"),
        *,
        names: tuple[str, str] = ("Team A", "Team B"),
        **kwargs: Any,
    ) -> DayNight:
        """A Two-Headed Giant game (shared team turns, CR 810.2)."""
        return cls.new([*team_a, *team_b], teams=[(names[0], team_a), (names[1], team_b)], **kwargs)

    # -- the contract ------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.over

    def to_players(self) -> tuple[str, ...]:
        if self.over:
            return ()
        if self.choosing:  # the controller of the Aura chooses the player it enchants
            p = self.permanent(self.choosing[0])
            if p is not None and p.controller is not None:
                return (p.controller,)
        return self.active_players() or (self.order[0],)

    def legal_moves(self, player: Any = None) -> tuple[Any, ...]:
        """A representative finite set of the moves :meth:`play` accepts now: the next turn in
        turn order (one with a skipped turn, an extra turn), a spell and a copy for each
        player (any spell name and cast zone is accepted), both "it becomes ..." effects, a
        card of each kind entering, for each permanent leaving, another transform effect, a
        "can't transform" effect, its effects ending, phasing out; each pending trigger
        resolving; and the end of the game. With ``player`` (a player, or a team with shared
        team turns): that one's spells and turns."""
        if self.over:
            moves: tuple[Any, ...] = ()
        elif player is not None:
            moves = self._moves_of(player)
        else:
            moves = self._every_move()
        self.offered = moves  # core's play accepts one of these by identity
        return moves

    def _moves_of(self, player: Any) -> tuple[Any, ...]:
        """The spells and turns of ``player`` (a player, or a team with shared team turns)."""
        if self.choosing:
            return ()
        offer = self.offer
        casts = offer.casts.get(player, ()) if self.active is not None else ()
        slot = self.slot.get(player)
        if slot is None or self.pending:
            return casts
        mine = casts + offer.turns_of[slot][self._next]
        return mine + (offer.extras[slot],) if slot == self.active else mine

    def _every_move(self) -> tuple[Any, ...]:
        if self.choosing:  # as the Aura transforms, its controller chooses a player: nothing else
            return tuple(Attach(pid, p) for pid in self.choosing for p in self.players)
        offer = self.offer
        moves: list[Any] = []
        if self.active is not None:
            for name in self.players:
                moves.extend(offer.casts[name])
        if self.pending:
            moves.extend(Resolve(t.id) for t in self.pending)
            moves.append(Resolve(self.pending[0].id, countered=True))
        else:
            moves.append(offer.turns[self._next])
            if len(self.order) > 1:
                moves.append(offer.skips[self._next])
            if self.active is not None:
                moves.append(offer.extras[self.active])
        moves.extend(offer.becomes)
        moves.extend(offer.enters)
        for p in self.permanents:
            moves.extend(self._permanent_moves(p))
        if self.turn:
            moves.append(offer.end)
        return tuple(moves)

    def _permanent_moves(self, p: Permanent) -> list[Any]:
        leave, moonmist, moonsilver, cytoshape, phase_out = self.offer.permanent(p.id)
        moves: list[Any] = [leave]
        moves.extend(EndEffect(p.id, e.name) for e in p.effects)
        if p.phased_out:
            return moves
        moves.append(moonmist)
        if not any(e.name == MOONSILVER.name for e in p.effects):
            moves.append(moonsilver)
        if not any(e.name == CYTOSHAPE.name for e in p.effects):
            moves.append(cytoshape)
        if p.controller is not None:
            moves.append(phase_out)
        return moves

    def _apply(self, move: Any) -> None:
        """Carry out ``move`` without checking it.

        .. warning:: unchecked -- the fast path; an illegal move corrupts the state.
        """
        return APPLY[type(move)](self, move)  # the action's None, returned at once (two opcodes fewer)

    # -- checking moves (nothing changes here) -------------------------------------------
    # -- describing -------------------------------------------------------------------------
    def options_record(self) -> dict[str, Any]:
        return self.options.to_json()

    def summary(self) -> str:
        lines = []
        head = {NEITHER: "It is neither day nor night.", 1: "It is DAY.", NIGHT: "It is NIGHT."}
        if self.active is None:
            lines.append(f"Before the first turn. {head[self.designation]}")
        else:
            lines.append(f"Turn {self.turn}, {self.order[self.active]}'s turn. {head[self.designation]}")
            lines.append(
                "Spells cast this turn: " + ", ".join(f"{p} {n}" for p, n in self.spells_this_turn().items()) + "."
            )
        if self.permanents:
            lines.append("Permanents: " + "; ".join(p.label() for p in self.permanents) + ".")
        else:
            lines.append("No daybound or nightbound permanents.")
        if self.pending:
            lines.append("Waiting to resolve: " + "; ".join(f"#{t.id} {t.text}" for t in self.pending) + ".")
        if self.choosing:
            lines.append(
                "Waiting for a choice: the player "
                + " and ".join(f"#{i}" for i in self.choosing)
                + " will enchant (it attaches to a player as it transforms)."
            )
        lines.append("Next untap step: " + self.forecast())
        if self.over:
            lines.append(f"The game is over ({self.end_reason}).")
        return "\n".join(lines)

    def view(self, player: Any = None) -> View:
        """Everything here is public (the battlefield and the spells cast), so every player
        sees the whole state, as a frozen :class:`~daynight.mtg.view.View`."""
        last = self.last_turn
        return View(
            viewer=player,
            designation=self.designation_name,
            turn=self.turn,
            active=self.active_name,
            active_players=self.active_players(),
            next=self.next_in_order(),
            order=self.order,
            teams=self.teams,
            players=self.players,
            spells_this_turn=frozen_map(self.spells_this_turn()),
            copies_this_turn=frozen_map({p: self.copies[i] if self.copies else 0 for i, p in enumerate(self.players)}),
            last_turn=None if last is None else frozen_map({p: last[i] for i, p in enumerate(self.players)}),
            permanents=tuple(PermanentView.of(p) for p in self.permanents),
            faces=frozen_map({str(p.id): p.face for p in self.permanents}),
            pending=tuple(self.pending),
            next_untap_step=self.forecast(),
            werewolves_next_upkeep=tuple(self.werewolf_forecast()),
            over=self.over,
            summary=self.summary(),
            choosing=tuple(self.choosing),
        )

    def position(self) -> tuple[Placed, ...]:
        """The permanents on the battlefield now as a position to start a game from (each with
        its face, what applies to it and the player it enchants): ``DayNight.new(players,
        designation=game.designation, permanents=game.position())`` accepts it, as it accepts
        every position play reaches. A phased-out permanent is left out (a position has no
        phasing), and so is nothing else."""
        return tuple(
            Placed(replace(p.spec, attached_to=p.attached), p.up, p.effects)
            for p in self.permanents
            if not p.phased_out
        )

    def state_json(self) -> dict[str, Any]:
        return self.view(None).to_json()

    def describe(self) -> str:
        who = self.order[self.active] if self.active is not None else "before the first turn"
        return (
            f"mtg turn {self.turn} ({who}), {self.designation_name}, "
            f"{len(self.permanents)} tracked permanents, {len(self.pending)} pending triggers"
        )

    def turn_table(self) -> list[dict[str, Any]]:
        """One row per turn: its number, the active player or team, the designation after its
        untap-step check, whether it changed there, and the spells each player cast that turn
        (the active player's and the others'), the designation at the end of the turn (an
        effect or a permanent entering can change it during the turn), and the turns skipped
        before it."""
        rows = []
        turns = self.turns
        for i, (slot, _before, d, changed, spells, skipped) in enumerate(turns):
            members = self.members[slot]
            active_spells = sum(spells[j] for j in members)
            end = turns[i + 1][1] if i + 1 < len(turns) else self.designation
            rows.append(
                {
                    "turn": i + 1,
                    "active": self.order[slot],
                    "designation": DESIGNATIONS[d],
                    "designation_end": DESIGNATIONS[end],
                    "changed_at_untap": changed,
                    "active_spells": active_spells,
                    "other_spells": sum(spells) - active_spells,
                    "max_player_spells": max(spells[j] for j in members),
                    "skipped": list(skipped),
                }
            )
        return rows

    def copy(self) -> DayNight:
        return pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))

    def snapshot(self) -> bytes:
        """Bytes that change whenever any part of the state changes (the state is in slots; the
        table's explained sentences and the moves on offer are caches, not state)."""
        return pickle.dumps(
            [getattr(self, s) for s in State.__slots__ if s not in NOT_STATE], protocol=pickle.HIGHEST_PROTOCOL
        )

    def drawing(self, viewer: Any = None, **options: Any) -> Drawing:
        """The table drawn (:func:`daynight.mtg.draw.table`)."""
        return PICTURES["table"](self, viewer, **options)

    def _repr_html_(self) -> str:  # a game shows its table in a notebook
        return self.drawing()._repr_html_()

    def _repr_svg_(self) -> str:
        return self.drawing().svg


#: the slots :meth:`DayNight.snapshot` leaves out: the table's sentences, what was offered
NOT_STATE = frozenset({"_voice", "offered"})

#: the check (:meth:`DayNight._check`) and the action (:meth:`DayNight._apply`) of each kind of move
APPLY: dict[type, Callable[[DayNight, Any], None]] = {
    BeginTurn: DayNight._begin_turn,
    CastSpell: DayNight._cast,
    Becomes: DayNight._becomes,
    Enter: DayNight._enter,
    Leave: DayNight._leave,
    Transform: DayNight._transform_move,
    Affect: DayNight._affect,
    EndEffect: DayNight._end_effect,
    PhaseOut: DayNight._phase_out,
    Resolve: DayNight._resolve,
    EndGame: DayNight._end,
    Attach: DayNight._attach,
}

#: the game class of the package (every game package has one ``Game``)
Game = DayNight
GAME = DayNight
