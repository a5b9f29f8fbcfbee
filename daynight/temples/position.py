"""temples: an explicit position (a teaching position is a record too): the board, temples,
counters, pawns, hands, discard piles and whose turn, read from a record's ``setup.position``
with every field checked with its path."""

from __future__ import annotations

from ..core import InvalidRecordError, Reader
from .rules import (
    CENTRE,
    COLOUR,
    COLS,
    DAY,
    HOURS,
    NAME,
    NEUTRAL,
    NIGHT,
    ROWS,
    SIDES,
    SQUARES,
    SUPPLY,
    TEMPLE_SIZE,
    TILE_WORD,
    is_temple,
    parse_square,
    regions,
    square_name,
)
from .state import TemplesState

__all__ = ["load_position"]


def load_position(game: TemplesState, r: Reader) -> None:
    """Set ``game`` (just made, nothing dealt) to the position ``r`` reads: board rows,
    temples, counters, pawns, hands, discard piles, whose turn. Every field is checked with its
    path; a position must be one the rules can reach (no nine free connected tiles waiting for
    a temple check, no more counters than the box holds with ``supply="box"``)."""
    r.only("board", "temples", "mystify", "crystal", "pawns", "hands", "discards", "turn", "turn_no", "hours")
    _board(game, r)
    _temples(game, r)
    _counters_and_pawns(game, r)
    _cards(game, r)
    game.turn = r.str("turn", "day", choices=SIDES)
    game.turn_no = r.int("turn_no", 1, lo=1, hi=100_000)
    game.hours = r.int("hours", HOURS, lo=0, hi=HOURS)
    game.log.add(
        None,
        "setup",
        "1.4 Starting situation",
        f"A position is set up: {NAME[game.turn]} to play, turn {game.turn_no}, "
        f"{game.hours} hours; Day on {square_name(game.pawn['day'])}, "
        f"Night on {square_name(game.pawn['night'])}.",
    )


def _square(rr: Reader, key: str | None = None) -> int:
    try:
        return parse_square(rr.value[key] if key is not None else rr.value)
    except (ValueError, TypeError, KeyError) as exc:
        raise InvalidRecordError(rr._sub(key) if key is not None else rr.path, str(exc)) from None


def _board(game: TemplesState, r: Reader) -> None:
    """Eight rows of six: ``.`` neutral, ``d`` Day, ``n`` Night, ``t`` Day Temple-tile, ``#`` centre."""
    rows = r.list("board")
    if len(rows) != ROWS:
        raise r.error(f"the board has {ROWS} rows, got {len(rows)}", "board")
    for i, row in enumerate(rows):
        text = row.value
        if not isinstance(text, str) or len(text) != COLS:
            raise InvalidRecordError(row.path, f"a row is {COLS} characters from '.dnt#', got {text!r}")
        for c, ch in enumerate(text):
            sq = i * COLS + c
            if sq in CENTRE:
                if ch != "#":
                    raise InvalidRecordError(row.path, f"{square_name(sq)} is the impassable centre; write '#'")
                continue
            if ch not in ".dnt":
                raise InvalidRecordError(
                    row.path,
                    f"unknown tile {ch!r} at {square_name(sq)}; "
                    "use . (neutral), d (Day), n (Night), t (Day Temple-tile)",
                )
            game.tiles[sq] = {".": NEUTRAL, "d": DAY, "n": NIGHT, "t": DAY}[ch]
            game.temple_tile[sq] = ch == "t"


def _temples(game: TemplesState, r: Reader) -> None:
    """Each side's temples: nine different, connected squares of her colour, not yet won."""
    tr = r.obj("temples", {})
    tr.only(*SIDES)
    for side in SIDES:
        for t in tr.list(side, []):
            if not isinstance(t.value, list):
                raise InvalidRecordError(t.path, "a temple is a list of nine squares")
            squares = tuple(sorted(_square(Reader(v, f"{t.path}[{j}]")) for j, v in enumerate(t.value)))
            if not is_temple(squares):
                raise InvalidRecordError(t.path, "a temple is nine different, orthogonally connected squares")
            for s in squares:
                if game.tiles[s] != COLOUR[side] or game.in_temple[s]:
                    raise InvalidRecordError(t.path, f"{square_name(s)} is not a free {TILE_WORD[COLOUR[side]]}")
            game.temples.append((side, squares))
            for s in squares:
                game.in_temple[s] = len(game.temples)
    for side in SIDES:
        if game.temples_of(side) >= game.options.temples_to_win:
            raise InvalidRecordError(tr.path, f"{NAME[side]} has already won")


def _counters_and_pawns(game: TemplesState, r: Reader) -> None:
    mr = r.obj("mystify", {})
    for key in mr.keys():  # noqa: SIM118 - a Reader (no iteration of its own), not a dict
        try:
            s = parse_square(key)
        except ValueError as exc:
            raise mr.error(str(exc), key) from None
        n = mr.int(key, lo=1, hi=8)
        if game.tiles[s] != DAY or game.temple_tile[s] or game.in_temple[s]:
            raise mr.error("only a Day-tile outside temples can be mystified", key)
        game.mystify[s] = n
    for cr in r.list("crystal", []):
        game.crystal[_square(cr)] = True
    pr = r.obj("pawns", {})
    pr.only(*SIDES)
    for side in SIDES:
        if pr.has(side):
            game.pawn[side] = _square(pr, side)
    for side in SIDES:
        colour = COLOUR[side]
        free = [
            g
            for g in regions(s for s in SQUARES if game.tiles[s] == colour and not game.in_temple[s])
            if len(g) >= TEMPLE_SIZE
        ]
        if free:
            raise r.error(
                f"{len(free[0])} connected {TILE_WORD[colour]}s outside a temple: list the "
                "temple in 'temples' (a position must not wait for a temple check)",
                "board",
            )
    if game.options.supply == "box":
        if sum(game.mystify) > SUPPLY["mystify"]:
            raise r.error(f"more than {SUPPLY['mystify']} Mystify-counters", "mystify")
        if sum(game.crystal) > SUPPLY["crystallize"]:
            raise r.error(f"more than {SUPPLY['crystallize']} Crystallize-counters", "crystal")
        if game.day_counters_used() > SUPPLY["day_temple"]:
            raise r.error(f"more than {SUPPLY['day_temple']} Day Temple-counters", "board")


def _cards(game: TemplesState, r: Reader) -> None:
    """Hands and discard piles take cards out of the books; the rest is shuffled into the piles."""
    left = {side: list(game.deck.ids[side]) for side in SIDES}

    def take(rr: Reader) -> int:
        sid = rr.value
        for side in SIDES:
            for i in left[side]:
                if game.cards[i].id == sid:
                    left[side].remove(i)
                    return i
        raise InvalidRecordError(rr.path, f"no copy of spell {sid!r} is left in either book")

    hr = r.obj("hands", {})
    hr.only(*SIDES)
    for side in SIDES:
        game.hand[side] = [take(c) for c in hr.list(side, [])]
    dr = r.obj("discards", {})
    dr.only(*SIDES)
    for side in SIDES:
        for c in dr.list(side, []):
            card = take(c)
            if game.owner[card] != side:
                raise InvalidRecordError(c.path, "a discard pile holds its own book's spells")
            game.discards[side].append(card)
    for side in SIDES:
        game.rng.shuffle(left[side])
        game.pile[side] = left[side]
