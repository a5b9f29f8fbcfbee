"""mtg: the rules, each a small pure function with the rule book's words in its docstring.

The words quoted are those of the Comprehensive Rules (CR) of 7 June 2024, the edition the
seed quotes (Day and Night is rule 728 there). The engine calls these functions on its
checked path and its fast path alike, so the code a learner reads is the code that runs.
"""

from __future__ import annotations

from typing import Any, Sequence

# ---------------------------------------------------------------------------
# The designation
# ---------------------------------------------------------------------------

NEITHER, DAY, NIGHT = 0, 1, 2
DESIGNATIONS = ("neither", "day", "night")
_BY_NAME = {"neither": NEITHER, "day": DAY, "night": NIGHT}
FRONT, BACK = "front", "back"


def _designation(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1, 2):
        return value
    if isinstance(value, str) and value in _BY_NAME:
        return _BY_NAME[value]
    raise ValueError(f"a designation is 'neither', 'day' or 'night', not {value!r}")


def untap_check(designation: int | str, spells: int | Sequence[int]) -> int:
    """The untap-step check (CR 728.2, 502.2) as a pure function.

    "If it's day and the previous turn's active player didn't cast any spells during that
    turn, it becomes night. If it's night and the previous turn's active player cast two or
    more spells during that turn, it becomes day. If it's neither day nor night, this check
    doesn't happen and it remains neither." With shared team turns (502.2a): "no player on
    the previous turn's active team cast a spell" makes it night, "any player on the previous
    turn's active team cast two or more spells" makes it day.

    ``spells`` is the number of spells the previous turn's active player cast during that
    turn or, with shared team turns, one number per player of that team.

    >>> untap_check("day", 0) == NIGHT, untap_check("night", 2) == DAY
    (True, True)
    >>> untap_check("night", [1, 1]) == NIGHT    # team: nobody cast two; totals are not added
    True
    >>> untap_check("neither", 0) == NEITHER       # 728.2c: no check while it is neither
    True
    """
    d = designation if designation.__class__ is int else _designation(designation)
    if d == DAY:
        none_cast = spells == 0 if spells.__class__ is int else not any(spells)
        return NIGHT if none_cast else DAY
    if d == NIGHT:
        two_or_more = spells >= 2 if spells.__class__ is int else any(k >= 2 for k in spells)
        return DAY if two_or_more else NIGHT
    if d == NEITHER:
        return NEITHER
    raise ValueError(f"a designation is 'neither', 'day' or 'night', not {designation!r}")


def is_change(old: int, new: int) -> bool:
    """728.1a: "The phrases 'day becomes night' and 'night becomes day' refer to the game
    losing the first designation and gaining the second one." Gaining the first designation
    (from neither) is no such change, so "whenever day becomes night or night becomes day"
    does not trigger on it.

    >>> is_change(DAY, NIGHT), is_change(NEITHER, DAY), is_change(NIGHT, NIGHT)
    (True, False, False)
    """
    return old != NEITHER and new != old


def designation_from_neither(daybound: bool, nightbound: bool) -> int:
    """What it becomes while it is neither, from the permanents on the battlefield.

    702.145d: "Any time a player controls a permanent with daybound, if it's neither day nor
    night, it becomes day." 702.145g: "Any time a player controls a permanent with nightbound,
    if it's neither day nor night and there are no permanents with daybound on the
    battlefield, it becomes night." So daybound wins when both appear (ruling R13).

    >>> designation_from_neither(True, True) == DAY, designation_from_neither(False, True) == NIGHT
    (True, True)
    """
    if daybound:
        return DAY
    if nightbound:
        return NIGHT
    return NEITHER


# ---------------------------------------------------------------------------
# Turns and the untap step
# ---------------------------------------------------------------------------


def next_in_turn_order(players: int, last_regular: int | None) -> int:
    """Whose turn comes next in turn order (the index of a player, or a team with shared team
    turns). 500.7: extra turns are added "directly after the specified turn", so they do not
    move the turn order; 614.10a: a skipped turn "won't happen", but the turn order passes it
    (``last_regular`` is the last turn taken or skipped in turn order).

    >>> next_in_turn_order(3, None), next_in_turn_order(3, 2)
    (0, 0)
    """
    return 0 if last_regular is None else (last_regular + 1) % players


def untap_step(skipped: bool = False, check_when_skipped: bool = False) -> tuple[str, ...]:
    """The untap step's turn-based actions, in order (CR 502.1-502.3).

    "502.1. First, all phased-in permanents with phasing that the active player controls phase
    out, and all phased-out permanents that the active player controlled when they phased out
    phase in." "502.2. Second, ... [the day/night check]." "502.3. Third, the active player
    determines which permanents they control will untap. Then they untap them all
    simultaneously." 614.10: "'Skip [something]' is the same as 'Instead of doing
    [something], do nothing'"; 702.26m: "If an effect causes a player to skip their untap
    step, the phasing event simply doesn't occur that turn." Whether the day/night check still
    happens in a skipped untap step is not written anywhere: the option
    ``check_skipped_untap`` decides (off: nothing of the step happens).

    >>> untap_step()
    ('phasing', 'day/night check', 'untap')
    >>> untap_step(skipped=True)
    ()
    """
    if skipped:
        return ("day/night check",) if check_when_skipped else ()
    return ("phasing", "day/night check", "untap")


def phases_in(phased_out_under: str | None, active_players: Sequence[str]) -> bool:
    """502.1 / 702.26a: during a player's untap step, "all phased-out permanents that had phased
    out under that player's control 'phase in'" (with shared team turns, every player of the
    active team has that untap step).

    >>> phases_in("Alice", ("Alice",)), phases_in("Alice", ("Bob",))
    (True, False)
    """
    return phased_out_under is not None and phased_out_under in active_players


def castable_zone(zone: str, zones: Sequence[str]) -> bool:
    """601.2a: "To propose the casting of a spell, a player first moves that card (or that copy
    of a card) from where it is to the stack." A spell is cast from a zone a card can be
    in and leave for the stack (hand, graveyard, exile, library, command zone): never from the
    stack, where it already is, nor from the battlefield, where it is a permanent.

    >>> castable_zone("graveyard", ("hand", "graveyard")), castable_zone("stack", ("hand",))
    (True, False)
    """
    return zone in zones


def spell_counts(copy: bool) -> bool:
    """707.10: "a copy of a spell isn't cast". Casting from any zone counts (601.2), and a
    countered spell was still cast (601.2i)."""
    return not copy


# ---------------------------------------------------------------------------
# Faces, abilities and transforming
# ---------------------------------------------------------------------------


def face_abilities(kind: str, up: str, werewolf: bool = False) -> frozenset[str]:
    """The day/night abilities of the face that is up (712.8d/e: "While a double-faced
    permanent has its front face up, it has only the characteristics of its front face";
    with its back face up, only those of its back face).

    702.145b: "Daybound is found on the front faces of some transforming double-faced cards";
    702.145e: "Nightbound is found on the back faces". An Innistrad werewolf's front face says
    "At the beginning of each upkeep, if no spells were cast last turn, transform this
    creature"; its back face "... if a player cast two or more spells last turn, transform
    this creature". A single-faced copy has the keyword of the face it copied.

    >>> sorted(face_abilities("dfc", "back")), sorted(face_abilities("transforming", "front", True))
    (['nightbound'], ['werewolf front'])
    """
    if kind == "dfc":
        return _DAYBOUND if up == FRONT else _NIGHTBOUND
    if kind == "transforming":
        if not werewolf:
            return _NONE
        return _WEREWOLF_FRONT if up == FRONT else _WEREWOLF_BACK
    if kind == "daybound":
        return _DAYBOUND
    if kind == "nightbound":
        return _NIGHTBOUND
    return _NONE


_NONE: frozenset[str] = frozenset()
_DAYBOUND = frozenset(("daybound",))
_NIGHTBOUND = frozenset(("nightbound",))
_WEREWOLF_FRONT = frozenset(("werewolf front",))
_WEREWOLF_BACK = frozenset(("werewolf back",))


def must_transform(designation: int, up: str, daybound: bool, nightbound: bool) -> bool:
    """Whether daybound or nightbound now transforms the permanent.

    702.145b: "As it becomes night, if this permanent is front face up, transform it";
    702.145c: "Any time a player controls a permanent that is front face up with daybound and
    it's night, that player transforms that permanent. This happens immediately and isn't a
    state-based action." 702.145e/f say the same of nightbound, back face up, at day.

    >>> must_transform(NIGHT, "front", True, False), must_transform(NIGHT, "back", True, False)
    (True, False)
    """
    if designation == NIGHT:
        return daybound and up == FRONT
    if designation == DAY:
        return nightbound and up == BACK
    return False


def transform_blocked(double_faced: bool, into_spell_face: bool, cant_transform: bool,
                      daybound: bool, nightbound: bool, by_day_night: bool) -> str | None:
    """Why a permanent does not transform when something tells it to (``None``: it does).

    * ``"not double-faced"`` -- 712.9: "Only transforming tokens and permanents represented
      by transforming double-faced cards can transform ... nothing happens" (701.28c);
    * ``"instant face"`` -- 712.10: "if ... the face that permanent would transform ... into is
      represented by an instant or sorcery card face ... nothing happens" (701.28d);
    * ``"can't"`` -- an effect says it can't transform; 101.2: "the 'can't' effect takes
      precedence";
    * ``"daybound"`` / ``"nightbound"`` -- 702.145b/e: "This permanent can't transform except
      due to its daybound [nightbound] ability" (``by_day_night``: it is that ability).

    >>> transform_blocked(True, False, False, True, False, by_day_night=False)
    'daybound'
    >>> transform_blocked(True, False, False, False, False, by_day_night=False) is None
    True
    """
    if not double_faced:
        return "not double-faced"
    if into_spell_face:
        return "instant face"
    if cant_transform:
        return "can't"
    if not by_day_night:
        if daybound:
            return "daybound"
        if nightbound:
            return "nightbound"
    return None


def entering_face(double_faced: bool, daybound_front: bool, designation: int, transformed: bool,
                  represented_by_card: bool, back_is_spell: bool, via_spell: bool,
                  token_enters_transformed: bool = False) -> tuple[str | None, str]:
    """The face a permanent enters the battlefield with, and the rule that decides it
    (``None``: it does not enter at all).

    * 712.13: "a resolving double-faced spell that becomes a permanent is put onto the
      battlefield with the same face up that was face up on the stack" (front, 712.11);
      712.14: "A double-faced card put onto the battlefield from a zone other than the stack
      enters the battlefield with its front face up by default";
    * 712.14a: "If a spell or ability puts a transforming double-faced card onto the
      battlefield 'transformed' ... it enters the battlefield with its back face up. If a
      player is instructed to put a card that isn't a transforming double-faced card onto
      the battlefield transformed ..., that card stays in its current zone";
    * 702.145b: daybound means "If it is night and this permanent is represented by a
      transforming double-faced card, it enters transformed" (a double-faced *token* is not
      represented by a card: option ``token_enters_transformed`` decides, off by default);
    * 712.13a: if a spell with its front face up "enter[s] the battlefield transformed" and its
      back face "is an instant or sorcery card ..., it doesn't enter the battlefield, and is
      instead put into its owner's graveyard"; put onto the battlefield from another zone, a
      card whose face up would be an instant or sorcery stays where it is (304.4, 307.4:
      instants and sorceries "can't enter the battlefield").

    >>> entering_face(True, True, NIGHT, False, True, False, True)
    ('back', 'daybound')
    >>> entering_face(True, True, NIGHT, False, True, True, True)
    (None, 'enters graveyard')
    """
    if not double_faced:
        return (None, "put transformed") if transformed else (FRONT, "enters face")
    back, key = False, "enters face"
    if transformed:
        back, key = True, "put transformed"
    elif daybound_front and designation == NIGHT and (represented_by_card or token_enters_transformed):
        back, key = True, "daybound"
    if not back:
        return FRONT, key
    if back_is_spell:
        return None, ("enters graveyard" if via_spell else "instant enters")
    return BACK, key


def werewolf_transforms(up: str, last_turn: Sequence[int] | None) -> bool:
    """An Innistrad werewolf's upkeep trigger (an "intervening 'if'" clause, 603.4: it triggers
    only if the condition is true, and checks it again as it resolves).

    Front face: "At the beginning of each upkeep, if no spells were cast last turn, transform
    this creature." Back face: "At the beginning of each upkeep, if a player cast two or more
    spells last turn, transform this creature." Unlike day and night, *every* player's spells
    count; the back face needs "a single player" with two or more ("If multiple players each
    cast just one spell during the previous turn, the ability won't trigger", Gatherer
    2016-04-08), and the abilities "look at the entire previous turn, even if the Werewolf ...
    wasn't on the battlefield". ``last_turn`` holds each player's spells of the previous turn
    (``None``: there is no previous turn; option ``check_first_turn`` reads that as no spells).

    >>> werewolf_transforms("front", [0, 0]), werewolf_transforms("back", [1, 1]), werewolf_transforms("back", [0, 2])
    (True, False, True)
    """
    if last_turn is None:
        return False
    if up == FRONT:
        return not any(last_turn)
    return any(k >= 2 for k in last_turn)


def transformed_since(stamp: int, transforms: int) -> bool:
    """701.28f: "If an activated or triggered ability of a permanent that isn't a delayed
    triggered ability of that permanent tries to transform it, the permanent does so only if
    it hasn't transformed ... since the ability was put onto the stack." ``stamp`` is how
    often it had transformed when the ability was put on the stack.

    >>> transformed_since(2, 2), transformed_since(2, 3)
    (False, True)
    """
    return transforms != stamp
