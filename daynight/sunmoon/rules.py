"""sunmoon: the rules, each a small pure function with the play report's words in its docstring.

The words are seed 004's (a Traditional Chinese play report) with an English rendering, in
the report's order: the players and their seats, the deal and the turns, the three things a
turn may be (play a card, harvest, self-destruct), drawing, the end and the scoring.

The engine (``engine.py``) calls these functions to decide, on the path that checks a move
(``SunMoon._check``) and on the path that lists the legal moves alike, and the walkthrough
shows their source: the code a learner reads is the code that decides. A refusal names its
rule; each rule's name is written beside the function that decides it ("rule: ascending"
below), so a reader goes from a refusal to its code in one jump.

A **row** is a list of **places**, left to right; a place is a stack of cards, bottom first:
a numbered card, perhaps an eclipse lying on it, perhaps a number restoring the place on top
of that. The card on top is the one that counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .data import TOP_VALUE, Card

Row = list[list[Card]]

HAND_SIZE = 5  #: "每位玩家抽五張作為手牌" -- every player draws five cards as a hand
HARVEST_MIN = 5  #: "連續五張以上就可以收割" -- five or more in a row can be harvested

#: the three ways a card goes into a row (:func:`number_places` names the first and the last)
PLACE, COVER, RESTORE = "place", "cover", "restore"


# ---------------------------------------------------------------------------
# The players, the deal and the turns
# ---------------------------------------------------------------------------


def teams(players: int, scoring: str = "teams") -> tuple[int, ...] | None:
    """The team of each seat, or ``None`` when everyone plays alone: "四人遊玩的規則就變成分隊"
    -- with four players the rules become teams. Who partners whom the report does not say:
    partners sit opposite (seats 1 and 3 against 2 and 4), a reconstruction."""
    if players != 4 or scoring != "teams":
        return None
    return (0, 1, 0, 1)


def next_player(turn: int, players: int) -> int:
    """Turns: "遊戲以回合的方式輪流進行" -- the game is played in turns, one player after another
    (clockwise: seat 1, 2, 3, 4, then 1 again). Rule: ``turn order`` -- only the player whose
    turn it is moves."""
    return (turn + 1) % players


# ---------------------------------------------------------------------------
# Reading a row
# ---------------------------------------------------------------------------


def top(place: Sequence[Card]) -> Card:
    """The card that counts in a place: the one lying on top."""
    return place[-1]


def runs(row: Row) -> list[tuple[int, int]]:
    """``(start, length)`` of every run of adjacent uncovered places.

    "被日蝕卡中斷，只剩兩張連續跟三張連續" -- interrupted by a solar eclipse, only two in a
    row and three in a row are left: an eclipse cuts a row into separate runs."""
    out, start = [], None
    for i, place in enumerate(row):
        if place[-1].eclipse:  # the card on top of the place is an eclipse
            if start is not None:
                out.append((start, i - start))
                start = None
        elif start is None:
            start = i
    if start is not None:
        out.append((start, len(row) - start))
    return out


def longest_run(row: Row) -> tuple[int, int]:
    """The longest run ``(start, length)`` (the leftmost of equally long ones); ``(0, 0)``
    when every place is covered or the row is empty."""
    best = (0, 0)
    for start, length in runs(row):
        if length > best[1]:
            best = (start, length)
    return best


class Shape(NamedTuple):
    """What the rules need to know about a row to place a number in it."""

    places: int  #: how many places the row has (0: there is no row)
    low: int  #: the visible number nearest the left end (30 when none is visible)
    high: int  #: the visible number nearest the right end (0 when none is visible)
    gaps: tuple[tuple[int, int, int, int], ...]  #: eclipsed groups ``(first, last, below, above)``
    run: int  #: the longest run of adjacent uncovered places


def shape(row: Row) -> Shape:
    """The shape of a row. Each group of adjacent eclipsed places records the numbers beside
    it (``below`` on its left, 0 at the row's start; ``above`` on its right, 30 at the end)."""
    n = len(row)
    values = [0 if p[-1].eclipse else p[-1].value for p in row]  # the card on top counts; 0: an eclipse
    shown = [v for v in values if v]
    gaps, i = [], 0
    while i < n:
        if not values[i]:
            j = i
            while j + 1 < n and not values[j + 1]:
                j += 1
            gaps.append((i, j, values[i - 1] if i else 0, values[j + 1] if j + 1 < n else TOP_VALUE + 1))
            i = j + 1
        else:
            i += 1
    run = max((length for _, length in runs(row)), default=0) if gaps else n
    return Shape(n, shown[0] if shown else TOP_VALUE + 1, shown[-1] if shown else 0, tuple(gaps), run)


# ---------------------------------------------------------------------------
# 1. Play a card
# ---------------------------------------------------------------------------


def belongs_in(card: Card, kind: str) -> bool:
    """A sun card goes into a sun row ("日排"), a moon card into a moon row ("夜排"), and
    "日蝕蓋日卡，月蝕蓋月卡" -- solar eclipses cover sun cards, lunar eclipses moon cards.
    Rule: ``row kind``."""
    return card.kind == kind


def end_places(row: Shape, value: int) -> tuple[int, ...]:
    """Where a number may go at an end of a row: ``0`` the left end, ``row.places`` the right end.

    "你必須打出一張牌在你的或是其他玩家的日排或夜排上，而且必須是依循著大在右小再左的方式"
    -- you play a card on your own or another player's sun or moon row, larger on the right,
    smaller on the left (rule: ``ascending``); "必須是從邊界放入牌，而不能從中間塞入" -- from
    the edge, never pushed into the middle (rule: ``ends only``); and where there is no row
    yet, "隨便打出一張日卡" -- any sun card starts it.
    """
    if not row.places:
        return (0,)
    if value < row.low:
        return (0, row.places) if value > row.high else (0,)
    return (row.places,) if value > row.high else ()


def obliges_another_play(played: Card) -> bool:
    """An animal card: "當你打出的日、月卡有動物或昆蟲時，你必須再打出一張牌！" -- when the sun or moon card
    you play shows an animal or insect, you must play another card. Rule: ``animal card``."""
    return bool(played.animal)


def must_draw(hand: Sequence[Card]) -> bool:
    """Drawing: "注意：手牌打完，才能再抽五張！" -- only once your hand is played out do you draw five."""
    return not hand


def cover_places(row: Row, on_eclipse: bool = False, on_lone_card: bool = True) -> tuple[int, ...]:
    """The places an eclipse of the row's kind may cover.

    "日蝕跟月蝕跟日月卡一樣，可以打在自己或他人的日、夜排... 並不需要照數字排列，而是
    「直接蓋在已打出的日、月卡上！」（日蝕蓋日卡，月蝕蓋月卡）" -- eclipses go on your own or
    another's rows, need no number order and lie directly on a card already played (solar
    eclipses on sun cards, lunar eclipses on moon cards). Whether an eclipse may lie on an
    eclipse, or on the only card of a row, the report does not say (two rule options).
    Rule: ``eclipses``."""
    if not row or (len(row) == 1 and not on_lone_card):
        return ()
    return tuple([i for i, place in enumerate(row) if on_eclipse or not place[-1].eclipse])


def restore_places(row: Shape, value: int, outermost_first: bool = True) -> tuple[int, ...]:
    """The eclipsed places a number may restore (it is laid on top of the eclipse).

    "可以找一張介於日、月蝕旁數字的卡來還原" -- a card whose number lies between the numbers
    beside the eclipse restores it (rule: ``restoring: between``); "若想還原時，有多個日蝕或月蝕
    相鄰，則必須由最邊界的日、月蝕開始還原" -- with several eclipses side by side, the outermost
    one is restored first (rule: ``restoring: outermost first``). Only a number restores, and
    only a place of the row that is eclipsed (rule: ``restoring``)."""
    out: list[int] = []
    for first, last, below, above in row.gaps:
        if below < value < above:
            if not outermost_first:
                out.extend(range(first, last + 1))
            else:
                out.extend((first,) if first == last else (first, last))
    return tuple(out)


def number_places(row: Shape, value: int, outermost_first: bool = True) -> tuple[tuple[str, int], ...]:
    """Every way a sun or moon card of ``value`` goes into a row: ``(PLACE, end)`` pairs
    (:func:`end_places`) and then ``(RESTORE, place)`` pairs (:func:`restore_places`). A card
    that fits nowhere has none ("日 19 就無法打出" -- sun 19 cannot be played)."""
    out = [(PLACE, at) for at in end_places(row, value)]
    if row.gaps:
        out += [(RESTORE, i) for i in restore_places(row, value, outermost_first)]
    return tuple(out)


# ---------------------------------------------------------------------------
# 2. Harvest a row
# ---------------------------------------------------------------------------


def harvestable(row: Shape) -> bool:
    """Five or more: "當你自己的日或夜排有超過五張以上連續不中斷的牌，則你可以花一整個回合收割它們" -- when
    your own sun or moon row has five or more uninterrupted cards (its longest run, see
    :func:`shape`), you may spend a whole turn harvesting them. Rule: ``harvest: five or more``."""
    return row.run >= HARVEST_MIN


def may_harvest_row_of(player: int, owner: int) -> bool:
    """Own rows: "當你自己的日或夜排..." -- only **your own** rows are harvested. Rule: ``harvest: own rows only``."""
    return owner == player


def harvest_split(row: Row, whole_row: bool = False) -> tuple[Row, Row]:
    """``(taken, kept)``: the places a harvest takes "面朝下放到自己身旁" -- face down beside
    yourself -- and the places that stay. The run of five or more goes, with everything
    stacked beneath it; what lies beyond an eclipse stays, still ascending (the report does
    not say; option ``harvest_takes="row"`` takes the whole row instead)."""
    if whole_row:
        return row[:], []
    start, length = longest_run(row)
    return row[start : start + length], row[:start] + row[start + length :]


# ---------------------------------------------------------------------------
# 3. Self-destruct
# ---------------------------------------------------------------------------


def may_self_destruct(can_play: bool, can_harvest: bool) -> bool:
    """The last resort: "平時不能選擇做此項，除非１、２無法選擇" -- normally not allowed, unless you can neither
    play a card nor harvest; "有牌出，則你一定要出牌！沒牌出才自爆！" -- if a card can be played
    you must play it; only with nothing to play do you blow up. Rule: ``self-destruct``."""
    return not can_play and not can_harvest


def self_destructed(hand: Sequence[Card], rows: Iterable[Row]) -> list[Card]:
    """What a self-destruct throws away: "將《手牌和自己的日排跟夜排》通通丟到棄牌堆" -- the
    hand and your own sun and moon rows, all to the discard pile."""
    return [*hand, *(c for row in rows for place in row for c in place)]


# ---------------------------------------------------------------------------
# The draw pile and the end
# ---------------------------------------------------------------------------


def reshuffle_needed(draw_pile: Sequence[Card], discard: Sequence[Card]) -> bool:
    """A new draw pile: "棄牌堆的牌，在牌堆抽完時可以洗勻變成抽牌堆！！" -- when the draw pile is used up, the
    discard pile is shuffled into a new draw pile."""
    return not draw_pile and bool(discard)


def final_round_begins(draw_pile: Sequence[Card], discard: Sequence[Card]) -> bool:
    """The end: "當抽牌堆用完且棄牌堆無法補足時，每個人在進行一回合後遊戲結束" -- when the draw pile is
    used up and the discard pile cannot refill it, the game ends after everyone has played
    one more turn."""
    return not draw_pile and not discard


# ---------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------


def card_points(c: Card, harvested: bool) -> int:
    """Points: "收割到的日卡、月卡，一張１分 / 收割到的日、月蝕卡，一張０分 / 自己手上跟自己場面上日、
    夜排，一張日、月卡扣１分 / 日、月蝕卡，不扣分" -- a harvested sun or moon card scores 1, a
    harvested eclipse 0; a sun or moon card in your hand or your own rows costs 1, an eclipse
    nothing."""
    if c.eclipse:
        return 0
    return 1 if harvested else -1


def score(harvested: Iterable[Card], rows: Iterable[Row], hand: Iterable[Card]) -> dict[str, int]:
    """One player's score: ``harvested`` (+1 each), ``in_rows`` and ``in_hand`` (-1 each,
    covered cards in a stack too), ``harvested_eclipses`` (0) and the ``total``."""
    pile = list(harvested)
    plus = sum(card_points(c, True) for c in pile)
    in_rows = -sum(card_points(c, False) for row in rows for place in row for c in place)
    in_hand = -sum(card_points(c, False) for c in hand)
    return {
        "harvested": plus,
        "harvested_eclipses": len(pile) - plus,
        "in_rows": in_rows,
        "in_hand": in_hand,
        "total": plus - in_rows - in_hand,
    }


def winners(totals: Sequence[int], tie_keys: Sequence[int] | None = None) -> list[int]:
    """The winner: "計分完畢由分數高者勝" -- after scoring the higher score wins; equal scores share the
    win unless ``tie_keys`` (option ``tie_break``) separate them."""
    keys = [(t, tie_keys[i] if tie_keys else 0) for i, t in enumerate(totals)]
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]
