"""A straight-line reference for the temple duel: the same rules and the same spellbooks as
``daynight.temples``, written only to be fast -- module-level functions over ints and lists,
no validation, no move objects, no explanations, an inline uniformly random policy.

The policy matches the one the benchmark drives the engine with: at every decision, one of
the options the rules allow, uniformly (cast a castable spell / travel to an allowed square /
retreat; each target of a spell in turn; each discard). So a "turn" is the same amount of game
in both, and ``time(engine turn) / time(reference turn)`` measures what the engine's checks,
move objects and bookkeeping cost.
"""

from __future__ import annotations

import random

from daynight.temples import CENTRE, DIST, NEIGHBOURS, SQUARES, SURROUNDING, default_books, two_nines_fit

_BOOKS = default_books()
# card index -> spell (shared tables, as the engine's cards are)
CARDS = [sp for side in ("day", "night") for sp in _BOOKS[side].spells for _ in range(sp.copies)]
OWNER = [0 if i < 70 else 1 for i in range(140)]  # 0 Day, 1 Night
THEME_BAN = ("crystallize", "mystify")  # Day may not cast crystallize...
WANT = {"day": 1, "night": 2, "neutral": 0}


def new_state(rng: random.Random) -> dict:
    tiles = [0] * 48
    for c in CENTRE:
        tiles[c] = -1
    piles = [list(range(70)), list(range(70, 140))]
    rng.shuffle(piles[0])
    rng.shuffle(piles[1])
    hands = [[piles[0].pop() for _ in range(5)], [piles[1].pop() for _ in range(5)]]
    return {
        "tiles": tiles,
        "temple": [0] * 48,
        "ttile": [0] * 48,
        "myst": [0] * 48,
        "crys": [0] * 48,
        "pawn": [0, 47],
        "hands": hands,
        "piles": piles,
        "disc": [[], []],
        "temples": [0, 0],
        "turn": 0,
        "over": False,
        "turn_no": 1,
    }


def draw(S, p, rng):
    pile = S["piles"][p]
    if not pile:
        if not S["disc"][p]:
            return
        pile.extend(S["disc"][p])
        S["disc"][p] = []
        rng.shuffle(pile)
    S["hands"][p].append(pile.pop())


def cond_ok(S, sp, p):
    tiles, pawn = S["tiles"], S["pawn"]
    mine = p + 1
    for test, who, tile, lo, hi in sp.condition:
        if test == "on":
            q = p if who == "self" else 1 - p
            want = mine if tile == "own" else (3 - mine if tile == "enemy" else WANT[tile])
            if tiles[pawn[q]] != want:
                return False
        else:
            d = DIST[pawn[0]][pawn[1]]
            if d < lo or d > hi:
                return False
    return True


def flood(S, colour, start):
    tiles, temple = S["tiles"], S["temple"]
    seen = {start}
    group = [start]
    i = 0
    while i < len(group):
        a = group[i]
        i += 1
        for b in NEIGHBOURS[a]:
            if b not in seen and tiles[b] == colour and not temple[b]:
                seen.add(b)
                group.append(b)
    return group


def check_temples(S, p, touched, rng):
    colour = p + 1
    done = set()
    for s in touched:
        if s in done or S["tiles"][s] != colour or S["temple"][s]:
            continue
        group = flood(S, colour, s)
        done.update(group)
        while len(group) >= 9 and not S["over"]:
            if len(group) == 9:
                nine = group
            else:  # the owner picks nine bordering squares, one at a time (uniformly)
                region = set(group)
                nine = [group[rng.randrange(len(group))]]
                while len(nine) < 9:
                    ps = set(nine)
                    cands = sorted({b for a in nine for b in NEIGHBOURS[a] if b in region and b not in ps})
                    nine.append(cands[rng.randrange(len(cands))])
            for t in nine:
                S["temple"][t] = 1
                S["myst"][t] = 0
            S["temples"][p] += 1
            if S["temples"][p] >= 2:
                S["over"] = True
                return
            if not open_room(S, 0) and not open_room(S, 1):  # 4.2 Draw: no room for either
                S["over"] = True
                return
            rest = [t for t in group if not S["temple"][t]]
            group = flood(S, colour, rest[0]) if rest else []


def open_room(S, p):
    """Whether player ``p`` can still fit the temples she needs (4.2, 4.3): one needs a
    region of nine open squares, two need two separate nines (the exact search for that rare
    case is the engine's own ``two_nines_fit``)."""
    temple, ttile = S["temple"], S["ttile"]
    need = 2 - S["temples"][p]
    cells = {s for s in SQUARES if not temple[s] and (p == 0 or not ttile[s])}
    big = []
    while cells:
        start = cells.pop()
        stack, group = [start], [start]
        while stack:
            a = stack.pop()
            for b in NEIGHBOURS[a]:
                if b in cells:
                    cells.discard(b)
                    stack.append(b)
                    group.append(b)
        if len(group) >= 9:
            if need == 1:
                return True
            big.append(group)
    if len(big) >= 2:
        return True
    return bool(big) and two_nines_fit(big[0])


def tile_cands(S, st, p):
    tiles, temple, ttile, myst, crys = S["tiles"], S["temple"], S["ttile"], S["myst"], S["crys"]
    centre = S["pawn"][p if st.of == "self" else 1 - p]
    if st.area == "location":
        area = (centre,)
    elif st.area == "bordering":
        area = NEIGHBOURS[centre]
    elif st.area == "surrounding":
        area = SURROUNDING[centre]
    else:
        d = DIST[centre]
        area = [s for s in SQUARES if d[s] <= st.distance]
    mine = p + 1
    out = []
    op = st.op
    for s in area:
        t = tiles[s]
        if st.tiles != "any":
            want = mine if st.tiles == "own" else (3 - mine if st.tiles == "enemy" else WANT[st.tiles])
            if t != want:
                continue
        if op == "crystallize":
            if not crys[s]:
                out.append(s)
            continue
        if op == "mystify":
            if t == 1 and not temple[s] and not ttile[s] and not myst[s]:
                out.append(s)
            continue
        if temple[s] or ttile[s] or (p == 0 and crys[s]):
            continue
        if (op == "turn_over" and t == 0) or (op == "place" and t != 0) or (op == "make_own" and t == mine):
            continue
        out.append(s)
    return out


def hit(S, s, st, p, touched):
    op = st.op
    if op == "crystallize":
        S["crys"][s] = 1
        return
    if op == "mystify":
        S["myst"][s] += min(st.counters, 8 - sum(S["myst"]))
        return
    tiles = S["tiles"]
    t = tiles[s]
    new = p + 1 if t == 0 else 3 - t
    tiles[s] = new
    touched.append(s)
    if new != 1:
        S["myst"][s] = 0


def resolve(S, sp, p, x, rng, touched):
    for st in sp.effect:
        op = st.op
        if op in ("change", "turn_over", "place", "make_own", "mystify", "crystallize"):
            cands = tile_cands(S, st, p)
            c = st.count
            want = len(cands) if c == "all" else (x if c == "x" else (x // 2 if c == "x_half" else c))
            if op == "crystallize":
                want = min(want, 12 - sum(S["crys"]))
            elif op == "mystify":
                left = 8 - sum(S["myst"])
                want = min(want, max(left // st.counters, 1 if left else 0))
            n = min(want, len(cands))
            if n >= len(cands):
                for s in cands:
                    hit(S, s, st, p, touched)
            else:
                for _ in range(n):
                    if len(cands) <= n:
                        for s in cands:
                            hit(S, s, st, p, touched)
                        break
                    s = cands.pop(rng.randrange(len(cands)))
                    hit(S, s, st, p, touched)
                    n -= 1
        elif op == "move":
            q = p if st.who == "self" else 1 - p
            for _ in range(st.steps):
                here = S["pawn"][q]
                if q == 0 and p == 0:
                    if S["crys"][here]:
                        break
                    cands = [s for s in NEIGHBOURS[here] if not S["crys"][s]]
                else:
                    cands = NEIGHBOURS[here]
                if not cands:
                    break
                r = rng.randrange(len(cands) + (1 if st.upto else 0))
                if r == len(cands):
                    break
                S["pawn"][q] = cands[r]
        elif op == "draw":
            for _ in range(st.count):
                draw(S, p, rng)
        elif op == "opp_discard":
            h = S["hands"][1 - p]
            for _ in range(st.count):
                if h:
                    S["disc"][1 - p].append(h.pop(rng.randrange(len(h))))
        elif op == "steal_cast":
            h = S["hands"][1 - p]
            if h:
                ids = sorted(set(h))
                c = ids[rng.randrange(len(ids))]
                h.remove(c)
                sp2 = CARDS[c]
                if sp2.type != THEME_BAN[p] and cond_ok(S, sp2, p):
                    resolve(S, sp2, p, sp2.x_values()[0], rng, touched)
                S["disc"][OWNER[c]].append(c)


def play_turn(S, rng):
    """One whole turn (Awakening to Retreating) by the uniformly random policy."""
    p = S["turn"]
    if p == 1:
        S["crys"] = [0] * 48
    else:
        changed = False
        myst, ttile = S["myst"], S["ttile"]
        for s in SQUARES:
            if myst[s]:
                myst[s] -= 1
                if not myst[s]:
                    used = sum(ttile) + 9 * S["temples"][0] + (9 if not S["temples"][0] else 0)
                    if used < 18:
                        ttile[s] = 1
                        changed = True
        if changed and not open_room(S, 1):  # 4.3 Victory for Day by default (or 4.2, a draw)
            S["over"] = True
            return
    hours = 12
    hand = S["hands"][p]
    pawn = S["pawn"]
    travelling = False
    visited = set()
    while not S["over"]:
        opts = []
        if not travelling:
            seen = {}
            for c in hand:
                sp = CARDS[c]
                ok = seen.get(sp.id)
                if ok is None:
                    ok = seen[sp.id] = sp.type != THEME_BAN[p] and cond_ok(S, sp, p)
                if not ok:
                    continue
                if sp.cost == "X":
                    for x in sp.x_values():
                        if x <= hours:
                            opts.append((c, x))
                elif sp.cost <= hours:
                    opts.append((c, None))
        here = pawn[p]
        if hours >= 3 and not (p == 0 and S["crys"][here]):
            for s in NEIGHBOURS[here]:
                if s not in visited and not (p == 0 and S["crys"][s]):
                    opts.append((-1, s))
        opts.append(None)
        o = opts[rng.randrange(len(opts))]
        if o is None:
            break
        c, arg = o
        if c == -1:
            travelling = True
            if not visited:
                visited.add(here)
            visited.add(arg)
            pawn[p] = arg
            hours -= 3
            draw(S, p, rng)
            continue
        sp = CARDS[c]
        hand.remove(c)
        hours -= arg if sp.cost == "X" else sp.cost
        touched: list[int] = []
        resolve(S, sp, p, arg, rng, touched)
        S["disc"][OWNER[c]].append(c)
        check_temples(S, p, touched, rng)
        if not S["over"]:
            check_temples(S, 1 - p, touched, rng)
    while len(hand) > 5 and not S["over"]:
        ids = sorted(set(hand))
        c = ids[rng.randrange(len(ids))]
        hand.remove(c)
        S["disc"][OWNER[c]].append(c)
    S["turn"] = 1 - p
    S["turn_no"] += 1
    if S["turn_no"] > 400:
        S["over"] = True


def run_turns(n: int, seed: int = 0) -> int:
    """Play ``n`` turns of random games (a new game whenever one ends)."""
    rng = random.Random(seed)
    S = new_state(rng)
    for _ in range(n):
        if S["over"]:
            S = new_state(rng)
        play_turn(S, rng)
    return n
