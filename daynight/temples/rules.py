"""temples: the rules, each a small pure function with the rule book's words in its docstring.

The engine (``engine.py``) calls these functions on its checked path (``legal_moves``, the
reasons of a refusal) and on its fast path (``_apply``) alike, so the code a learner reads in
the walkthrough is the code that runs. They are in the rules text's order: the board (1.4,
3.1), a turn (2.1), temples (2.2), the Book of Spells (2.3), the standard actions (3.2), the
conditions (3.3) and the end of the game (4).

A *board* here is anything with the attributes ``tiles`` (48 ints: ``NEUTRAL``, ``DAY``,
``NIGHT``; ``-1`` in the centre), ``in_temple`` (48 ints, 0 or the temple's number),
``temple_tile`` (48 flags: a separate Day Temple-tile made by Mystify), ``mystify`` (48
counts), ``crystal`` (48 flags) and ``pawn`` (``{"day": square, "night": square}``): a
:class:`~daynight.temples.TemplesGame` is one. Squares are ints 0..47 (``row * 6 + column``).
No function here changes its board; :func:`draw_spell` alone changes the two piles it is given.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any

# ---------------------------------------------------------------------------
# 1.4, 3.1: the board and its standard terms
# ---------------------------------------------------------------------------

COLS, ROWS = 6, 8
CENTRE = frozenset({3 * COLS + 2, 3 * COLS + 3, 4 * COLS + 2, 4 * COLS + 3})  # C4 D4 C5 D5
SQUARES = tuple(s for s in range(COLS * ROWS) if s not in CENTRE)  # the 44 squares
NEUTRAL, DAY, NIGHT = 0, 1, 2
SIDES = ("day", "night")
COLOUR = {"day": DAY, "night": NIGHT}
OTHER = {"day": "night", "night": "day"}
NAME = {"day": "Day", "night": "Night"}
TILE_WORD = {NEUTRAL: "neutral-tile", DAY: "Day-tile", NIGHT: "Night-tile"}
HOURS = 12
TRAVEL_COST = 3
HAND_LIMIT = 5
TEMPLE_SIZE = 9
TEMPLES_TO_WIN = 2
BOOK_SIZE = 70
SUPPLY = {"mystify": 8, "crystallize": 12, "day_temple": 18, "night_temple": 12}
#: 1.4: "one in the bottom right corner and the other in the top left corner" (Day takes A1)
START = {"day": 0, "night": COLS * ROWS - 1}


def square_name(sq: int) -> str:
    """``0`` -> ``"A1"`` (columns A-F from the left, rows 1-8 from the top)."""
    return "ABCDEF"[sq % COLS] + str(sq // COLS + 1)


def parse_square(text: str) -> int:
    """``"A1"`` -> ``0``; raises ``ValueError`` for anything else (the centre included)."""
    if not isinstance(text, str) or len(text) != 2 or text[0].upper() not in "ABCDEF" or text[1] not in "12345678":
        raise ValueError(f"{text!r} is not a square (A1..F8)")
    sq = (int(text[1]) - 1) * COLS + "ABCDEF".index(text[0].upper())
    if sq in CENTRE:
        raise ValueError(f"{text} is in the impassable centre")
    return sq


def _build_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The board's geometry, from the squares' coordinates: for every square the squares
    bordering on it (3.1: "horizontally or vertically"), those surrounding it (diagonally too)
    and the walking distance to every square (3.1 Distance: a breadth-first search)."""
    nb: list[tuple[int, ...]] = [()] * 48
    sur: list[tuple[int, ...]] = [()] * 48
    for s in SQUARES:
        r, c = divmod(s, COLS)
        n, m = [], []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr == dc == 0:
                    continue
                rr, cc = r + dr, c + dc
                if 0 <= rr < ROWS and 0 <= cc < COLS and rr * COLS + cc not in CENTRE:
                    m.append(rr * COLS + cc)
                    if dr == 0 or dc == 0:
                        n.append(rr * COLS + cc)
        nb[s], sur[s] = tuple(n), tuple(m)
    dist = [[-1] * 48 for _ in range(48)]
    for s in SQUARES:
        d = dist[s]
        d[s] = 0
        q = deque([s])
        while q:
            a = q.popleft()
            for b in nb[a]:
                if d[b] < 0:
                    d[b] = d[a] + 1
                    q.append(b)
    return tuple(nb), tuple(sur), tuple(tuple(row) for row in dist)


#: orthogonal neighbours ("bordering on"), all neighbours ("surrounding"), walking distance
NEIGHBOURS, SURROUNDING, DIST = _build_tables()


def bordering(sq: int) -> tuple[int, ...]:
    """3.1 Bordering on: "tiles that are directly connected to a tile horizontally or
    vertically (not diagonally)". The impassable centre borders on nothing."""
    return NEIGHBOURS[sq]


def surrounding(sq: int) -> tuple[int, ...]:
    """3.1 Surrounding: "tiles that are connected to a tile, either horizontally, vertically,
    or diagonally. So tiles that are bordering on a tile are also surrounding it." """
    return SURROUNDING[sq]


def distance(a: int, b: int) -> int:
    """3.1 Distance: "the lowest number of tiles a pawn would have to travel in order to get
    from one tile to the other" -- orthogonal steps around the impassable centre (a
    breadth-first search, done once for every pair at import)."""
    return DIST[a][b]


#: the tiles a spell's words name outright (``own`` and ``enemy`` depend on the caster)
TILE_OF_WORD = {"day": DAY, "night": NIGHT, "neutral": NEUTRAL}


def tile_kind(want: str, side: str) -> int:
    """The tile a spell's word names: ``day``, ``night``, ``neutral``, or the caster's
    ``own`` type or the ``enemy``'s (3.1 Day-tile, Night-tile, Neutral-tile)."""
    if want == "own":
        return COLOUR[side]
    if want == "enemy":
        return COLOUR[OTHER[side]]
    return TILE_OF_WORD[want]


def is_fixed(board: Any, sq: int) -> bool:
    """2.2, 3.2: a tile of a Temple, or a Day Temple-tile made by Mystify, "cannot be turned
    over or changed any more for the rest of the game"."""
    return bool(board.in_temple[sq]) or bool(board.temple_tile[sq])


# ---------------------------------------------------------------------------
# 2.1 A turn: Spell Casting, Travelling, Retreating
# ---------------------------------------------------------------------------


def cost_of(spell: Any, x: int | None) -> int:
    """A spell's cost in hours: the number in its top-left corner, or X (3.1: "If a Spell has
    a cost of 'X' hours, the value of that 'X' is explained in the text of the Spell")."""
    return spell.cost if x is None else x


def can_afford(cost: int, hours: int) -> bool:
    """2.1 Spell Casting: "Every time a player casts a Spell, deduct these hours from the
    total amount of hours left. A player can cast as many Spells each turn as possible, but
    cannot spend more than 12 hours." """
    return cost <= hours


def travel_squares(board: Any, side: str, hours: int, visited: Iterable[int]) -> Sequence[int]:
    """2.1 Travelling: "A player can move his pawn to any tile 'bordering on' (not
    diagonally) the tile he is standing on ... For every tile he travels, he must deduct three
    hours ... A player cannot travel across a tile twice in one turn, including the tile he
    started on." 3.2 Crystallize: "Day can no longer travel across these Crystallized tiles.
    When Day's location-tile is Crystallized, then Day is unable to travel to any other tiles."

    The squares ``side`` may travel to now (this function decides; :func:`travel_refusal`
    says why another square is refused). ``visited`` holds the squares crossed this turn (the
    start among them once she travels).
    """
    if hours < TRAVEL_COST:
        return ()
    here = board.pawn[side]
    if side == "day" and any(board.crystal):
        crystal = board.crystal
        if crystal[here]:
            return ()
        return [s for s in NEIGHBOURS[here] if s not in visited and not crystal[s]]
    if not visited:  # she has not travelled yet this turn: every bordering square
        return NEIGHBOURS[here]
    return [s for s in NEIGHBOURS[here] if s not in visited]


def travel_refusal(board: Any, side: str, hours: int, visited: Iterable[int], to: Any) -> tuple[str, str] | None:
    """Why ``side`` may not travel to ``to`` now, as ``(reason, rule)``; ``None`` when
    :func:`travel_squares` offers it. The rules of 2.1 Travelling and 3.2 Crystallize in the
    order they are told, in words."""
    if to in travel_squares(board, side, hours, visited):
        return None
    here = board.pawn[side]
    if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to < COLS * ROWS:
        return "that is not a square of the board", "2.1 Travelling"
    if to in CENTRE:
        return "the centre of the valley is impassable: no pawn can travel into it", "2.1 Travelling"
    if to not in NEIGHBOURS[here]:
        return (
            f"{square_name(to)} does not border on {square_name(here)} (travel is to a bordering tile, not diagonally)",
            "2.1 Travelling",
        )
    if to in visited:
        return (f"{square_name(to)} was already crossed this turn: no tile twice, the start included", "2.1 Travelling")
    if hours < TRAVEL_COST:
        return f"travelling costs 3 hours a tile; only {hours} are left", "2.1 Travelling"
    if side == "day" and board.crystal[here]:
        return f"Day's location-tile {square_name(here)} is crystallized: Day cannot travel", "3.2 Crystallize"
    if side == "day" and board.crystal[to]:
        return f"{square_name(to)} is crystallized: Day cannot travel across it", "3.2 Crystallize"
    return f"{square_name(to)} cannot be travelled to now", "2.1 Travelling"


def discards_needed(hand_size: int) -> int:
    """2.1 Retreating: "If so [more than five Spells], he takes the five Spells he wants to
    keep most of all and puts the rest on the discard pile ... If he already has five Spells
    or less in his hand, he ends his turn without discarding any Spells." """
    return hand_size - HAND_LIMIT if hand_size > HAND_LIMIT else 0


# ---------------------------------------------------------------------------
# 2.2 Building a Temple
# ---------------------------------------------------------------------------


def regions(cells: Iterable[int]) -> list[list[int]]:
    """The orthogonally connected groups of ``cells`` (largest first)."""
    left = set(cells)
    out = []
    while left:
        start = left.pop()
        group = [start]
        stack = [start]
        while stack:
            a = stack.pop()
            for b in NEIGHBOURS[a]:
                if b in left:
                    left.discard(b)
                    group.append(b)
                    stack.append(b)
        out.append(group)
    out.sort(key=len, reverse=True)
    return out


def is_temple(squares: Iterable[int]) -> bool:
    """2.2: "A Temple consists of a pattern of nine of a player's type of tiles (Day/Night)
    bordering on each other" -- nine different squares, one connected group (any shape)."""
    squares = set(squares)
    return len(squares) == TEMPLE_SIZE and len(regions(squares)) == 1


def largest_region(tiles, colour: int, blocked=()) -> int:
    """Size of the largest connected group of ``colour`` tiles not in ``blocked``."""
    blocked = set(blocked)
    groups = regions(s for s in SQUARES if tiles[s] == colour and s not in blocked)
    return len(groups[0]) if groups else 0


def temple_regions(tiles, colour: int, in_temple, seeds: Iterable[int] | None = None) -> list[list[int]]:
    """2.2: "Whenever a player succeeds in creating such a pattern, he puts nine
    'Temple-counters' on those tiles" -- the groups of ``colour`` tiles outside temples with at
    least nine squares (a flood fill). With ``seeds``, only the groups that hold one of those
    squares (the tiles a spell touched). Tiles already in a temple never count again; a Day
    Temple-tile made by Mystify is a Day-tile and counts (4.3)."""
    out = []
    seen = set()
    for s in SQUARES if seeds is None else seeds:
        if s in seen or tiles[s] != colour or in_temple[s]:
            continue
        seen.add(s)
        group = [s]
        for a in group:  # the list grows while it is read: breadth first
            for b in NEIGHBOURS[a]:
                if b not in seen and tiles[b] == colour and not in_temple[b]:
                    seen.add(b)
                    group.append(b)
        if len(group) >= TEMPLE_SIZE:
            out.append(group)
    return out


def owner_must_pick(group: Sequence[int]) -> bool:
    """2.2: "If, after a player casts a Spell, a Temple is created of more than nine of his own
    tiles bordering on each other, the player chooses nine of those tiles to place
    Temple-counters on" -- a group of
    exactly nine is the temple at once; of more, its owner picks the nine (:func:`pick_squares`)."""
    return len(group) > TEMPLE_SIZE


def pick_squares(region: Iterable[int], picked: Iterable[int]) -> list[int]:
    """2.2: "If ... a Temple is created of more than nine of his own tiles bordering on each
    other, the player chooses nine of those tiles ... the nine chosen tiles must form a Temple
    together, so they must be bordering on each other." The owner picks one square at a time:
    any square of the group first, then only squares bordering on those picked."""
    picked = set(picked)
    region = set(region)
    if not picked:
        return sorted(region)
    return sorted({b for a in picked for b in NEIGHBOURS[a] if b in region and b not in picked})


# ---------------------------------------------------------------------------
# 2.3 Book of Spells
# ---------------------------------------------------------------------------


def draw_spell(pile: list[int], discards: list[int], rng) -> int | None:
    """3.2 Draw a Spell: "A player takes the top Spell from his Book of Spells" (the end of
    ``pile``). 2.3: "Whenever there are no Spells left to draw, reshuffle the discard pile and
    use it as a new Book of Spells." Returns the card, or ``None`` when the Book and the
    discard pile are both empty. Changes ``pile`` and ``discards`` (and nothing else)."""
    if not pile:
        if not discards:
            return None
        pile.extend(discards)
        discards.clear()
        rng.shuffle(pile)
    return pile.pop()


# ---------------------------------------------------------------------------
# 3.2 Standard actions: change, turn over, Mystify, Crystallize, move
# ---------------------------------------------------------------------------


def changed(tile: int, colour: int) -> int:
    """3.2 Change: "When the square which is to be changed has a tile on it, that tile is
    turned over. Alternatively, if it is a neutral-tile, the player places a tile of his own
    type on it." Turn over: "A Day-tile will become a Night-tile and vice versa." Placing on a
    neutral-tile and making a tile one's own come to the same: ``colour`` where it was neutral,
    the other face where it was not."""
    return colour if tile == NEUTRAL else 3 - tile


def spell_area(board: Any, step: Any, caster: str) -> tuple[int, ...]:
    """The squares a spell's step speaks of (3.1): the ``location``-tile of Day or Night, the
    tiles ``bordering`` on it or ``surrounding`` it, or those ``within`` a distance."""
    centre = board.pawn[caster if step.of == "self" else OTHER[caster]]
    if step.area == "location":
        return (centre,)
    if step.area == "bordering":
        return NEIGHBOURS[centre]
    if step.area == "surrounding":
        return SURROUNDING[centre]
    d = DIST[centre]
    return tuple(s for s in SQUARES if d[s] <= step.distance)


def target_refusal(board: Any, sq: int, step: Any, caster: str, remystify: bool = False) -> str | None:
    """Why ``sq`` cannot be a target of ``step`` cast by ``caster``; ``None`` when it can.

    3.2: "Neutral-tiles cannot be turned over." Temple tiles "can no longer be turned over or
    changed". Mystify: "Day places a number of Mystify-counters on a Day-tile." Crystallize:
    "When a tile is Crystallized, Day cannot change it or turn it over ... There can never be
    more than one Crystallize-counter on any tile." A spell that places a tile does so on
    neutral-tiles only; one that makes a tile one's own skips the tiles already one's own."""
    t = board.tiles[sq]
    op = step.op
    if step.tiles != "any":
        want = tile_kind(step.tiles, caster)
        if t != want:
            return f"{square_name(sq)} is a {TILE_WORD[t]}, the spell asks for a {TILE_WORD[want]}"
    if op == "crystallize":
        if board.crystal[sq]:
            return f"{square_name(sq)} already has a Crystallize-counter (3.2: never more than one)"
        return None
    if op == "mystify":
        if t != DAY:
            return f"only Day-tiles can be mystified; {square_name(sq)} is a {TILE_WORD[t]}"
        if is_fixed(board, sq):
            return f"{square_name(sq)} is already a temple tile"
        if board.mystify[sq] and not remystify:
            return f"{square_name(sq)} is already mystified (option remystify is off)"
        return None
    if is_fixed(board, sq):
        return f"{square_name(sq)} is part of a temple and can never be changed (2.2)"
    if caster == "day" and board.crystal[sq]:
        return f"{square_name(sq)} is crystallized: Day cannot change it or turn it over (3.2 Crystallize)"
    if op == "turn_over" and t == NEUTRAL:
        return f"{square_name(sq)} is a neutral-tile and cannot be turned over (3.2)"
    if op == "place" and t != NEUTRAL:
        return f"tiles are placed only on neutral-tiles; {square_name(sq)} is a {TILE_WORD[t]}"
    if op == "make_own" and t == COLOUR[caster]:
        return f"{square_name(sq)} is already a {TILE_WORD[t]}"
    return None


def spell_targets(board: Any, step: Any, caster: str, remystify: bool = False) -> list[int]:
    """The squares ``step`` can act on now: its area (:func:`spell_area`) less the squares
    :func:`target_refusal` refuses."""
    return [s for s in spell_area(board, step, caster) if target_refusal(board, s, step, caster, remystify) is None]


def step_count(count: Any, x: int | None, targets: int) -> int:
    """How many targets a step asks for: a number, ``all`` of them, or from the cost X (3.1:
    "If a Spell has a cost of 'X' hours, the value of that 'X' is explained in the text of the
    Spell")."""
    if count == "all":
        return targets
    if count == "x":
        return x or 0
    if count == "x_half":
        return (x or 0) // 2
    return count


def as_much_as_possible(wanted: int, targets: int) -> int:
    """2.1: "When casting a Spell, perform as much of the instructions as possible" -- as many
    targets as the spell asks for, or all there are when there are fewer, "even when it is not
    in her favour"."""
    return min(wanted, targets)


def move_squares(board: Any, step: Any, caster: str, crystal_blocks_day: bool = True) -> tuple[int, ...]:
    """3.2 Move: "To change the location of a pawn. By moving a pawn through the use of a
    Spell, it does not count as Travelling" -- one bordering square at a time. With the option
    ``crystal_blocks_day_moves`` (the rules are silent), Day's own spell cannot move her onto
    or off a Crystallized tile, as she cannot travel there."""
    pawn = caster if step.who == "self" else OTHER[caster]
    here = board.pawn[pawn]
    if pawn == "day" and caster == "day" and crystal_blocks_day:
        crystal = board.crystal
        if crystal[here]:
            return ()
        return tuple(s for s in NEIGHBOURS[here] if not crystal[s])
    return NEIGHBOURS[here]


def mystify_after_change(counters: int, tile: int) -> int:
    """3.2 Mystify: "When a mystified tile is turned over, all Mystify-counters are removed
    from it and it becomes a regular Night-tile." The counters a tile keeps after a change."""
    return counters if tile == DAY else 0


def countdown(mystify: list[int]) -> tuple[list[int], list[int]]:
    """3.2 Mystify: "At the beginning of Day's turn a counter must be removed from every tile
    which has Mystify-counters on it. When the last counter is removed from a tile, the tile
    changes into a Day Temple-tile." Returns the new counts and the squares whose last counter
    came off."""
    new = [n - 1 if n else 0 for n in mystify]
    return new, [s for s in SQUARES if mystify[s] == 1]


def mystify_counters(counters: int, on_board: int, supply: int | None) -> int:
    """3.2 Mystify: "Day places a number of Mystify-counters on a Day-tile, equal to the number
    mentioned on the Spell" -- or, with the box's supply (option ``supply="box"``: 8
    counters), as many as are left (as much as possible)."""
    return counters if supply is None else max(0, min(counters, supply - on_board))


def day_counters_used(board: Any, temples: Iterable) -> int:
    """Day Temple-counters on the board: one on each Day Temple-tile, one on each tile of
    Day's temples (the box holds 18)."""
    day_squares = {s for side, squares in temples if side == "day" for s in squares}
    return sum(1 for s in SQUARES if board.temple_tile[s] or s in day_squares)


# ---------------------------------------------------------------------------
# 3.3 Conditions and theme spells
# ---------------------------------------------------------------------------


def theme_forbidden(spell_type: str, caster: str) -> bool:
    """3.3: "Day and Night are not allowed to cast any of each other's Theme
    (Mystify/Crystallize) Spells." """
    return spell_type == ("crystallize" if caster == "day" else "mystify")


def condition_refusal(board: Any, spell: Any, caster: str) -> str | None:
    """3.3: "Sometimes a condition must be met before a player can cast a Spell ... printed in
    italics as the first line of text", e.g. "This Spell can only be cast when Night is on a
    Night-tile". ``None`` when every condition of ``spell`` holds for ``caster``."""
    for test, who, tile, lo, hi in spell.condition:
        if test == "on":
            pawn = caster if who == "self" else OTHER[caster]
            want = tile_kind(tile, caster)
            here = board.tiles[board.pawn[pawn]]
            if here != want:
                return (
                    f"{spell.name} can only be cast when {NAME[pawn]} is on a {TILE_WORD[want]}; "
                    f"{NAME[pawn]} is on a {TILE_WORD[here]}"
                )
        else:
            d = DIST[board.pawn["day"]][board.pawn["night"]]
            if d < lo:
                return f"{spell.name} needs Day and Night at distance {lo} or more; it is {d}"
            if d > hi:
                return f"{spell.name} needs Day and Night at distance {hi} or less; it is {d}"
    return None


def castable(board: Any, spell: Any, caster: str) -> bool:
    """A spell ``caster`` may cast now, hours aside: not the other side's theme spell, its
    condition met (3.3)."""
    return not theme_forbidden(spell.type, caster) and (
        not spell.condition or condition_refusal(board, spell, caster) is None
    )


def cast_refusal(board: Any, spell: Any, caster: str, x: int | None, hours: int) -> tuple[str, str] | None:
    """Why ``caster`` may not cast ``spell`` (with X = ``x``) now, with ``hours`` left, as
    ``(reason, rule)``; ``None`` when she may. The rules of casting a spell from the hand, in
    the order they are told: the theme spells and the conditions (3.3, :func:`theme_forbidden`,
    :func:`condition_refusal`), the cost X (3.1: "If a Spell has a cost of 'X' hours, the value
    of that 'X' is explained in the text of the Spell") and the hours (2.1, :func:`can_afford`)."""
    if theme_forbidden(spell.type, caster):
        return (
            f"{NAME[caster]} may not cast the other side's theme spell {spell.name} ({spell.type.capitalize()})",
            "3.3 Theme spells",
        )
    if spell.condition:
        reason = condition_refusal(board, spell, caster)
        if reason:
            return reason, "3.3 Conditions"
    if spell.cost == "X":
        if x is None or x not in spell.x_values():
            return f"{spell.name} costs X hours with X one of {list(spell.x_values())}", "3.1 X"
    elif x is not None:
        return f"{spell.name} has a fixed cost of {spell.cost} hours", "3.1 X"
    cost = cost_of(spell, x)
    if not can_afford(cost, hours):
        return f"{spell.name} takes {cost} hours; only {hours} are left", "2.1 Spell Casting"
    return None


# ---------------------------------------------------------------------------
# 4 End of the game
# ---------------------------------------------------------------------------


def open_area(board: Any, side: str) -> list[int]:
    """Squares that can still become part of a new temple of ``side``: not in a temple, and
    for Night not a Day Temple-tile, which stays a Day-tile for ever (4.3: "Day can include her
    Day Temple-tiles in her Temple")."""
    if side == "day":
        return [s for s in SQUARES if not board.in_temple[s]]
    return [s for s in SQUARES if not board.in_temple[s] and not board.temple_tile[s]]


def connected_subsets(cells: Iterable[int], size: int):
    """Every connected subset of ``cells`` with ``size`` squares, each once (Redelmeier's
    algorithm: grow from the smallest square, never re-adding a square once passed over)."""
    cells = set(cells)
    for root in sorted(cells):
        allowed = {c for c in cells if c > root}
        start = [b for b in NEIGHBOURS[root] if b in allowed]
        stack = [([root], start, {root, *start})]
        while stack:
            sub, untried, border = stack.pop()
            if len(sub) == size:
                yield sub
                continue
            untried = list(untried)
            while untried:
                v = untried.pop()
                new = [b for b in NEIGHBOURS[v] if b in allowed and b not in border]
                stack.append((sub + [v], untried + new, border | set(new)))


def two_nines_fit(cells: Iterable[int]) -> bool:
    """Whether two separate temples (connected nines) fit in ``cells``: exact. A quick
    search first (grow a nine breadth-first from each square; is a nine left?), then, for the
    rare shapes where that finds nothing, every connected nine is tried."""
    g = set(cells)
    if len(g) < 2 * TEMPLE_SIZE:
        return False
    parts = regions(g)
    if len(parts) > 1:  # not connected: two regions of nine, or a nine-pair inside one
        big = [p for p in parts if len(p) >= TEMPLE_SIZE]
        return len(big) >= 2 or any(two_nines_fit(p) for p in big)
    for start in sorted(g):
        nine: list[int] = []
        q, seen = deque([start]), {start}
        while q and len(nine) < TEMPLE_SIZE:
            a = q.popleft()
            nine.append(a)
            for b in NEIGHBOURS[a]:
                if b in g and b not in seen:
                    seen.add(b)
                    q.append(b)
        if any(len(r) >= TEMPLE_SIZE for r in regions(g.difference(nine))):
            return True
    for nine in connected_subsets(g, TEMPLE_SIZE):
        if any(len(r) >= TEMPLE_SIZE for r in regions(g.difference(nine))):
            return True
    return False


def open_regions(board: Any, side: str):
    """The connected regions of :func:`open_area` (a flood fill), one at a time."""
    free = [False] * 48
    for s in open_area(board, side):
        free[s] = True
    for s in SQUARES:
        if not free[s]:
            continue
        free[s] = False
        group = [s]
        for a in group:
            for b in NEIGHBOURS[a]:
                if free[b]:
                    free[b] = False
                    group.append(b)
        yield group


def can_still_win(board: Any, side: str, needed: int) -> bool:
    """4.2, 4.3: whether ``side`` can still fit the ``needed`` temples in the squares open to
    her (:func:`open_area`): one temple needs a connected region of nine; two need two
    separate connected nines (:func:`two_nines_fit`, an exact search)."""
    if needed <= 0:
        return True
    big: list[list[int]] = []
    for group in open_regions(board, side):
        if len(group) >= TEMPLE_SIZE:
            if needed == 1 or big:
                return True
            big.append(group)
    return bool(big) and two_nines_fit(big[0])


def space_verdict(
    day_can: Callable[[], bool], night_can: Callable[[], bool], transformed: bool
) -> tuple[str, str | None, str] | None:
    """4.2 Draw: "it may have become impossible for either player to build a second Temple ...
    the game has ended in a draw". 4.3 Victory for Day by default: "When at the beginning of
    Day's turn a mystified Day-tile transforms into a Day Temple-tile, it could occur that
    Night no longer has the possibility to create her second Temple ... the game has ended and
    Day is declared the winner." Returns ``(result, winner, rule)`` or ``None`` (play on);
    ``transformed``: a Day Temple-tile has just been made (or option ``day_default="any"``).

    ``day_can()`` and ``night_can()`` say whether Day and Night can still fit the temples they
    need (:func:`can_still_win`); each is asked only when the verdict depends on it (the
    search for two nines can be long)."""
    if transformed:
        if night_can():
            return None
        return ("default", "day", "4.3 Victory for Day by default") if day_can() else ("draw", None, "4.2 Draw")
    if day_can() or night_can():
        return None
    return "draw", None, "4.2 Draw"


def winner_by_temples(temples_built: int, temples_to_win: int = TEMPLES_TO_WIN) -> bool:
    """4.1 Normal Victory: "A player wins the game when he has succeeded in building his second
    Temple" (``temples_to_win``: 2; the option 1 makes a short game for learning)."""
    return temples_built >= temples_to_win
