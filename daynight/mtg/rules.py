"""mtg: the rules, each a small pure function with the rule book's words in its docstring.

The words quoted are those of the Comprehensive Rules (CR) of 7 June 2024, the edition the
seed quotes (Day and Night is rule 728 there), and of the Innistrad: Midnight Hunt release
notes (MID, 2021-09-17) for the cards they rule on. The functions follow the seed's story:
the designation and the untap-step check, turns and the untap step, then the faces of
double-faced permanents, transforming, Auras that enchant a player, and positions.

The engine calls these functions on its checked path and its fast path alike, so the code a
learner reads is the code that decides. Nothing here is cached, interned or looked up in a
table: the engine keeps its own caches (each built by calling these functions, each with the
figure that justifies it).
"""

from __future__ import annotations

from collections.abc import Sequence

# ---------------------------------------------------------------------------
# The designation (728.1, 728.2, 702.145d/g)
# ---------------------------------------------------------------------------

NEITHER, DAY, NIGHT = 0, 1, 2
DESIGNATIONS = ("neither", "day", "night")
FRONT, BACK = "front", "back"


def designation_of(value: int | str) -> int:
    """A designation from its name (``"neither"``, ``"day"``, ``"night"``) or its number
    (:data:`NEITHER`, :data:`DAY`, :data:`NIGHT`).

    728.1: "Day and night are designations that the game itself can have. The game starts
    with neither designation."

    >>> designation_of("night") == NIGHT, designation_of(DAY) == DAY
    (True, True)
    """
    if isinstance(value, str) and value in DESIGNATIONS:
        return DESIGNATIONS.index(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(DESIGNATIONS):
        return value
    raise ValueError(f"a designation is 'neither', 'day' or 'night', not {value!r}")


def untap_check(designation: int | str, spells: int | Sequence[int]) -> int:
    """The untap-step check (CR 728.2, 502.2) as a pure function.

    "If it's day and the previous turn's active player didn't cast any spells during that
    turn, it becomes night. If it's night and the previous turn's active player cast two or
    more spells during that turn, it becomes day. If it's neither day nor night, this check
    doesn't happen and it remains neither." With shared team turns (502.2a): "no player on
    the previous turn's active team cast a spell" makes it night, "any player on the previous
    turn's active team cast two or more spells" makes it day.

    ``designation`` is :data:`DAY`, :data:`NIGHT` or :data:`NEITHER` (the numbers the engine
    keeps, each asked with one plain comparison) or its name (``"day"``); ``spells`` is the
    number of spells the previous turn's active player cast during that turn or, with shared
    team turns, one number per player of that team.

    >>> untap_check("day", 0) == NIGHT, untap_check("night", 2) == DAY
    (True, True)
    >>> untap_check("night", [1, 1]) == NIGHT    # team: nobody cast two; totals are not added
    True
    >>> untap_check("neither", 0) == NEITHER       # 728.2c: no check while it is neither
    True
    """
    if designation == DAY:
        none_cast = spells == 0 if isinstance(spells, int) else not any(spells)
        return NIGHT if none_cast else DAY
    if designation == NIGHT:
        two_or_more = spells >= 2 if isinstance(spells, int) else max(spells, default=0) >= 2
        return DAY if two_or_more else NIGHT
    if designation == NEITHER:
        return NEITHER
    return untap_check(designation_of(designation), spells)  # a designation given by its name


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
# Turns and the untap step (500.7, 502, 614.10, 601.2, 707.10)
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
    countered spell was still cast (601.2i).

    >>> spell_counts(copy=False), spell_counts(copy=True)
    (True, False)
    """
    return not copy


# ---------------------------------------------------------------------------
# Faces, abilities and transforming (712, 702.145, 701.28)
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
        return frozenset({"daybound" if up == FRONT else "nightbound"})
    if kind == "transforming" and werewolf:
        return frozenset({"werewolf front" if up == FRONT else "werewolf back"})
    if kind in ("daybound", "nightbound"):
        return frozenset({kind})
    return frozenset()


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


def transform_blocked(
    double_faced: bool,
    into_spell_face: bool,
    cant_transform: bool,
    daybound: bool,
    nightbound: bool,
    by_day_night: bool,
) -> str | None:
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


def entering_face(
    double_faced: bool,
    daybound_front: bool,
    designation: int,
    transformed: bool,
    represented_by_card: bool,
    back_is_spell: bool,
    via_spell: bool,
    token_enters_transformed: bool = False,
) -> tuple[str | None, str]:
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


# ---------------------------------------------------------------------------
# Auras that enchant a player: Curse of Leeches // Leeching Lurker (303.4, 704.5p, MID)
# ---------------------------------------------------------------------------


def enchants_a_player(up: str, enchant_player: bool) -> bool:
    """Whether the face that is up is an Aura with "enchant player" (the front face of Curse of
    Leeches // Leeching Lurker; its back face, Leeching Lurker, is a creature).

    303.4a: "An Aura spell requires a target, which is defined by its enchant ability";
    303.4f: "If an Aura is entering the battlefield under a player's control by any means
    other than by resolving as an Aura spell ... the player putting it onto the battlefield
    chooses an object or player that the Aura could enchant", so such an Aura is attached to a
    player as it enters.

    >>> enchants_a_player("front", True), enchants_a_player("back", True), enchants_a_player("front", False)
    (True, False, False)
    """
    return enchant_player and up == FRONT


def becomes_unattached(attached: bool, aura_face_up: bool) -> bool:
    """704.5p: "If a battle or creature is attached to an object or player, it becomes
    unattached and remains on the battlefield" (a state-based action). MID release notes,
    Curse of Leeches: after it transforms into Leeching Lurker, a creature, "it becomes
    unattached" (ruling R19).

    >>> becomes_unattached(True, aura_face_up=False), becomes_unattached(True, aura_face_up=True)
    (True, False)
    """
    return attached and not aura_face_up


def attaches_as_it_transforms(into_aura_face: bool) -> bool:
    """Curse of Leeches: "As this permanent transforms into Curse of Leeches, attach it to a
    player." The controller chooses the player as it transforms; the Aura does not target, so
    a player with hexproof can be chosen (MID release notes, ruling R18). When day comes in
    the untap step, this happens before the upkeep, so "At the beginning of enchanted player's
    upkeep" can trigger that same turn (ruling R17).

    >>> attaches_as_it_transforms(True), attaches_as_it_transforms(False)
    (True, False)
    """
    return into_aura_face


def enchanted_upkeep(enchanted: str | None, active_players: Sequence[str]) -> bool:
    """ "At the beginning of enchanted player's upkeep" (503.1a: such abilities trigger as the
    upkeep begins): only in a turn of the enchanted player (with shared team turns, of the
    team that player is on).

    >>> enchanted_upkeep("Bob", ("Bob",)), enchanted_upkeep("Bob", ("Alice",)), enchanted_upkeep(None, ("Bob",))
    (True, False, False)
    """
    return enchanted is not None and enchanted in active_players


# ---------------------------------------------------------------------------
# Positions: what can be on the battlefield, as play can leave it
# ---------------------------------------------------------------------------


def position_problem(
    designation: int,
    up: str,
    double_faced: bool,
    back_is_spell: bool,
    daybound: bool,
    nightbound: bool,
    cant_transform: bool,
) -> str | None:
    """Why a permanent cannot be on the battlefield with this face up at this designation,
    by the rules of play (``None``: play can leave it so). A position to start from is
    checked by this, so every position play reaches can be set up, and nothing else:

    * ``"not double-faced"`` -- 712.9: only a transforming double-faced card or token can
      have its back face up;
    * ``"instant face"`` -- 712.10 and 304.4/307.4: no permanent has an instant or sorcery
      face up;
    * ``"daybound neither"`` / ``"nightbound neither"`` -- 702.145d/g: while a permanent has
      daybound or nightbound, it is never neither day nor night;
    * ``"daybound night"`` / ``"nightbound day"`` -- 702.145c/f: a daybound permanent front
      face up at night (a nightbound one back face up at day) transforms at once, unless
      :func:`transform_blocked` stops it (a single-faced copy, an instant or sorcery back
      face, a "can't transform" effect): then it stays so.

    >>> position_problem(NIGHT, "front", False, False, True, False, False) is None   # a Clone of a daybound card
    True
    >>> position_problem(NIGHT, "front", True, False, True, False, False)
    'daybound night'
    """
    if up != FRONT and not double_faced:
        return "not double-faced"
    if up != FRONT and back_is_spell:
        return "instant face"
    if designation == NEITHER and (daybound or nightbound):
        return "daybound neither" if daybound else "nightbound neither"
    if not must_transform(designation, up, daybound, nightbound):
        return None
    if (
        transform_blocked(double_faced, back_is_spell and up == FRONT, cant_transform, daybound, nightbound, True)
        is not None
    ):
        return None
    return "daybound night" if designation == NIGHT else "nightbound day"
