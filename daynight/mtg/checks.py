"""mtg: why a move is refused (the one check of every move: :meth:`Checks._check`; it changes nothing).

Each check names the rule a move breaks, in words and by its number in the chosen edition of
the Comprehensive Rules; a move that passes is legal now, whether it came from
``legal_moves`` or was built anew (a record, a click).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core import IllegalMoveError
from .data import (
    ABILITIES,
    BACK_TYPES,
    CAST_ZONES,
    DOUBLE_FACED,
    EFFECT_KINDS,
    KINDS,
    TRIGGERS,
    VIA,
    Effect,
    PermanentSpec,
)
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
    PhaseOut,
    Resolve,
    Transform,
)
from .permanent import Permanent
from .rules import castable_zone, enchants_a_player
from .state import MAX_PERMANENTS
from .turns import Turns


def spec_content_problem(spec: PermanentSpec) -> tuple[str, str] | None:
    """What is wrong with a permanent's description on its own (``None``: nothing), and the
    rule it breaks."""
    if not isinstance(spec.name, str) or not spec.name.strip():
        return "a permanent that enters needs a name", "keywords"
    if spec.kind not in KINDS:
        return f"{spec.name}: unknown kind {spec.kind!r}; expected one of {list(KINDS)}", "keywords"
    if spec.via not in VIA or spec.back_type not in BACK_TYPES or not isinstance(spec.back, str):
        return f"{spec.name}: how it enters or what its back face is is not known", "keywords"
    if (
        not isinstance(spec.triggers, tuple)
        or any(t not in TRIGGERS for t in spec.triggers)
        or len(set(map(str, spec.triggers))) != len(spec.triggers)
    ):
        return f"{spec.name}: unknown or repeated triggered abilities {list(spec.triggers)}", "keywords"
    if spec.werewolf and spec.kind != "transforming":
        return (
            f"{spec.name}: an Innistrad werewolf's upkeep triggers sit on a transforming "
            "double-faced card without daybound or nightbound (kind 'transforming')",
            "keywords",
        )
    if ("enchanted upkeep" in spec.triggers or spec.upkeep or spec.attached_to is not None) and not spec.enchant_player:
        return (
            f"{spec.name}: only an Aura that enchants a player is attached to a player and has an "
            '"enchanted player\'s upkeep" ability',
            "aura target",
        )
    if not isinstance(spec.upkeep, str) or (spec.attached_to is not None and not isinstance(spec.attached_to, str)):
        return f"{spec.name}: a player's name and its upkeep ability are words", "aura target"
    if spec.kind not in DOUBLE_FACED and (spec.back or spec.back_type != "permanent"):
        return f"{spec.name} is single-faced: it has no back face", "cannot transform"
    return None


def effect_problem(e: Any, effects: Sequence[Effect], label: str) -> tuple[str, str] | None:
    """What is wrong with an effect that starts to apply to the permanent ``label`` (which has
    ``effects`` already), and the rule it breaks (``None``: nothing)."""
    if not isinstance(e, Effect) or not isinstance(e.name, str) or not e.name.strip():
        return "an effect needs a name", "same object"
    if e.kind not in EFFECT_KINDS:
        return f"unknown kind of effect {e.kind!r}; expected one of {list(EFFECT_KINDS)}", "same object"
    if e.kind == "copy" and (not isinstance(e.becomes, str) or not e.becomes.strip()):
        return "a copy effect names what the permanent becomes a copy of", "copy values"
    if e.kind != "copy" and (e.becomes or e.abilities):
        return "only a copy effect gives a permanent a copied name and abilities", "copy values"
    if not isinstance(e.abilities, tuple) or any(a not in ABILITIES for a in e.abilities):
        return f"a copy effect's abilities are some of {list(ABILITIES)}", "copy values"
    if any(x.name == e.name for x in effects):
        return f"{e.name!r} already applies to {label}; give the second one another name", "same object"
    return None


#: the zones :func:`castable_zone` accepts, asked once for :meth:`Checks._check`'s glance at a
#: plain spell (a set lookup instead of a call; ``tests/test_mtg_rules.py`` checks it is the rule's)
CASTABLE = frozenset(z for z in CAST_ZONES if castable_zone(z, CAST_ZONES))


class Checks(Turns):
    """Why a move is refused: each kind of move has its check, and :meth:`_check` is the one
    function the game's ``play`` asks (core's :meth:`daynight.core.Game.play`)."""

    __slots__ = ()

    def _refuse(self, message: str, key: str) -> IllegalMoveError:
        return IllegalMoveError(message, rule=self.rules(key), state=self.describe())

    def _check(self, move: Any) -> None:
        """Raise :class:`IllegalMoveError` naming the rule if ``move`` is not legal now; change nothing.

        The end of the game first: every move is refused once it is over (core's
        :meth:`~daynight.core.Game.game_over_error`; core's play asks no ``is_over`` of its own)."""
        if self.over:
            raise self.game_over_error()
        cls = type(move)
        # The two moves of every turn, in their plain case, are accepted at a glance: what
        # _check_cast and _check_turn accept, asked of the same state (a player of the game, a
        # zone castable_zone accepts, during a turn; the next turn in turn order, nothing waiting).
        # Anything else gets the check of its kind, which says why. Measured (callgrind, per turn
        # of benchmarks/bench_mtg.py's scripts, built anew): 22,456 instructions quiet and 34,333
        # explained, against 26,812 and 39,207 without (tests/test_mtg_rules.py checks that this
        # accepts exactly what those checks accept). Naming the next turn's player (``order``)
        # rather than looking the mover's seat up, and returning at once (no flag kept), is part
        # of what took a turn from 22,375 to 21,222; 20,736 against 21,036 kept in a flag
        # (2026-12-02, with core's play asking no ``is_over``).
        try:
            if (
                cls is CastSpell
                and self.active is not None
                and move.player in self.index
                and move.zone in CASTABLE
                and not self.choosing
            ):
                return
            if (
                cls is BeginTurn
                and not (self.pending or self.choosing or move.extra or move.skipping)
                and move.who == self.order[self._next]
            ):
                return
        except TypeError:  # a name or a zone that cannot be looked up (a list): the check says why
            pass
        check = CHECKS.get(cls)
        if check is None:
            raise self._refuse(f"{move!r} is not a move of the day/night tracker", "designation")
        if self.choosing and check is not Checks._check_attach:
            p = self.permanent(self.choosing[0])
            raise self._refuse(
                f"{p.face_name() if p else 'an Aura'} is transforming: as it does, its controller "
                "attaches it to a player; choose the player first",
                "as transforms",
            )
        check(self, move)

    def _check_cast(self, move: CastSpell) -> None:
        """601.2: a player of this game casts a spell during a turn, from a zone a card leaves for the stack."""
        player, zone = move.player, move.zone
        if not isinstance(player, str) or not player:
            raise self._refuse("a spell is cast by a player; this one names nobody", "cast")
        if player not in self.index:
            raise self._refuse(
                f"{player!r} is not a player in this game (the players are {', '.join(self.players)})", "cast"
            )
        if self.active is None:
            raise self._refuse("no turn has begun: spells are cast during a turn", "cast")
        if not isinstance(zone, str) or not castable_zone(zone, CAST_ZONES):
            raise self._refuse(
                f"a spell is cast from a zone a card leaves for the stack ({', '.join(CAST_ZONES)}), not from {zone!r}",
                "cast zone",
            )

    def _check_turn(self, move: BeginTurn) -> None:
        """500.2: a step ends only when the stack is empty; turn order, extra turns (500.7) and
        skipped turns (614.10)."""
        if self.pending:
            one = len(self.pending) == 1
            raise self._refuse(
                f"{len(self.pending)} triggered abilit{'y is' if one else 'ies are'} still waiting: "
                f"a step ends only when the stack is empty, so resolve {'it' if one else 'them'} first",
                "stack empty",
            )
        kind = "team" if self.teams else "player"
        key = "shared team turns" if self.teams else "turn order"
        for who in (move.who, *move.skipping):
            if not isinstance(who, str) or who not in self.slot:
                raise self._refuse(
                    f"{who!r} is not a {kind} in this game (the {kind}s are {', '.join(self.order)})", key
                )
        if move.extra:
            if move.skipping:
                raise self._refuse(
                    "an extra turn comes directly after the current turn: no turn is skipped before it", "extra turn"
                )
            if self.active is None:
                raise self._refuse("no turn has begun: an extra turn comes after a turn", "extra turn")
            return
        expected = self.next_in_order()
        for skipped in move.skipping:
            if skipped != expected:
                raise self._refuse(
                    f"the next turn in turn order is {expected}'s, so that is the turn to skip, not {skipped}'s",
                    "skip turn",
                )
            expected = self.after(skipped)
        if move.who != expected:
            raise self._refuse(
                f"the next turn in turn order is {expected}'s, not {move.who}'s "
                "(mark it as an extra turn if an effect gave one, or skip the turns between)",
                "turn order",
            )

    def _check_becomes(self, move: Becomes) -> None:
        if move.designation not in ("day", "night"):
            raise self._refuse(
                f"an effect makes it day or night, not {move.designation!r} (it can never become neither again)",
                "designation",
            )

    def _check_enter(self, move: Enter) -> None:
        if (
            not isinstance(move.permanents, tuple)
            or not move.permanents
            or not all(isinstance(s, PermanentSpec) for s in move.permanents)
        ):
            raise self._refuse("name at least one permanent that enters", "keywords")
        if len(self.permanents) + len(move.permanents) > MAX_PERMANENTS:
            raise self._refuse(f"the tracker follows at most {MAX_PERMANENTS} permanents at once", "limit")
        problem = self._spec_problem(move.permanents)
        for spec in move.permanents:
            if spec.enchant_player:  # only an Aura that enchants a player waits for one (as _enter asks)
                problem = problem or self._aura_problem(spec, self._entering_face(spec)[0])
        if problem:
            raise self._refuse(*problem)

    def _spec_problem(self, specs: Sequence[PermanentSpec]) -> tuple[str, str] | None:
        """What is wrong with a description of a permanent in this game (``None``: nothing)."""
        for spec in specs:
            problem = spec_content_problem(spec)
            if problem:
                return problem
            if spec.controller is not None and spec.controller not in self.index:
                return f"{spec.name}: its controller {spec.controller!r} is not a player in this game", "players"
            if spec.attached_to is not None and spec.attached_to not in self.index:
                return f"{spec.name}: {spec.attached_to!r} is not a player in this game", "aura target"
            if spec.token and spec.kind in DOUBLE_FACED and not self.rules.token_dfc:
                return (
                    f"{spec.name}: in the Comprehensive Rules of {self.options.cr_edition} a token copy "
                    "of a double-faced card is not double-faced (double-faced tokens came with the "
                    "2023-04-14 edition); enter it as a single-faced copy",
                    "cannot transform",
                )
        return None

    def _aura_problem(self, spec: PermanentSpec, up: str | None) -> tuple[str, str] | None:
        """An Aura with "enchant player" is attached to a player while that face is up (303.4a/f);
        with the other face up it is a creature, attached to nothing (704.5p)."""
        if up is not None and enchants_a_player(up, spec.enchant_player) and spec.attached_to is None:
            return (
                f"{spec.name} is an Aura that enchants a player: say which player (the Aura spell's "
                "target, or the player chosen as it is put onto the battlefield)",
                "aura target",
            )
        return None

    def _target(self, pid: Any, *, phased_in: bool = True) -> Permanent:
        p = self.permanent(pid) if isinstance(pid, int) and not isinstance(pid, bool) else None
        if p is None:
            raise self._refuse(f"there is no permanent #{pid} on the battlefield", "keywords")
        if phased_in and p.phased_out:
            raise self._refuse(
                f"{p.label()} is phased out: it is treated as though it does not exist "
                "and can't be affected by anything",
                "phasing",
            )
        return p

    def _check_leave(self, move: Leave) -> None:
        self._target(move.permanent, phased_in=False)

    def _check_transform(self, move: Transform) -> None:
        self._target(move.permanent)

    def _check_affect(self, move: Affect) -> None:
        p = self._target(move.permanent)
        problem = effect_problem(move.effect, p.effects, p.label())
        if problem:
            raise self._refuse(*problem)

    def _check_end_effect(self, move: EndEffect) -> None:
        p = self._target(move.permanent, phased_in=False)
        if not any(e.name == move.name for e in p.effects):
            raise self._refuse(f"no effect called {move.name!r} applies to {p.label()}", "same object")

    def _check_phase_out(self, move: PhaseOut) -> None:
        p = self._target(move.permanent)
        if p.controller is None:
            raise self._refuse(
                f"{p.label()} phases in at the untap step of the player who controlled it: "
                "say who controls it (enter it with a controller)",
                "phasing",
            )

    def _check_resolve(self, move: Resolve) -> None:
        if self.trigger(move.trigger) is None:
            raise self._refuse(f"there is no pending triggered ability #{move.trigger}", "independent")

    def _check_end(self, move: EndGame) -> None:
        if self.turn == 0:
            raise self._refuse("the game ends during a turn; no turn has begun", "end")

    def _check_attach(self, move: Attach) -> None:
        """As an Aura transforms into its "enchant player" face, its controller attaches it to a
        player (712.20; Curse of Leeches): only then, and to a player of the game."""
        if move.permanent not in self.choosing:
            raise self._refuse(
                f'#{move.permanent} is not an Aura transforming into its "enchant player" face: '
                "nothing is to be attached now",
                "as transforms",
            )
        if not isinstance(move.player, str) or move.player not in self.index:
            raise self._refuse(
                f"{move.player!r} is not a player in this game (the players are {', '.join(self.players)})",
                "aura target",
            )


#: the check of each kind of move
CHECKS: dict[type, Callable[[Checks, Any], None]] = {
    Becomes: Checks._check_becomes,
    Enter: Checks._check_enter,
    Leave: Checks._check_leave,
    Transform: Checks._check_transform,
    Affect: Checks._check_affect,
    EndEffect: Checks._check_end_effect,
    PhaseOut: Checks._check_phase_out,
    Resolve: Checks._check_resolve,
    EndGame: Checks._check_end,
    CastSpell: Checks._check_cast,
    BeginTurn: Checks._check_turn,
    Attach: Checks._check_attach,
}
