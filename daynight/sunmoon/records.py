"""sunmoon: reading and writing records: the setup, positions and moves as JSON, every field checked with its path.

Card names in records are the cards' names: ``"sun 28"``, ``"moon 3"``, ``"solar eclipse"``.
Records written before eclipses lost their numbers say ``"solar eclipse 3"``; that is read as
the solar eclipse (the five are one card), so old records still replay.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import pairwise
from typing import Any

from .. import i18n
from ..core import Reader
from .data import CARDS, COPIES, KINDS, Card, card, missing_from
from .engine import SunMoon, move
from .moves import CardPlay, Cover, Harvest, Move, Place, Restore, SelfDestruct
from .options import Options
from .rules import Row
from .words import row_words

_ = i18n._  # the translation call ("from ..i18n import _" would read as importing a private name)

#: bounds on what a record may ask for (a seed, a player's name)
MAX_SEED = 2**64
MAX_NAME = 40


def from_setup(cls: type[SunMoon], setup: Reader) -> SunMoon:
    """Setup records: ``{"players": 4, "seed": 7}``, ``{"players": 3, "deck": [...68
    names, top first], "reshuffle_seed": 1}`` or ``{"players": 2, "position": {...}}``.

    A position gives ``hands`` (a list of card names per player) and ``rows`` (per player
    ``{"sun": [place, ...], "moon": [...]}``, a place being a name or a list of names
    from the bottom up, e.g. ``["sun 19", "solar eclipse"]``), and optionally ``harvested``,
    ``discard``, ``draw`` (top first), ``turn``, ``extra`` and ``final_left``. Cards it does
    not mention go under the draw pile, shuffled with ``reshuffle_seed``, or with
    ``"rest": "box"`` are set aside out of play (so the draw pile is exactly ``draw``).
    Options: the names of :class:`Options`.
    """
    setup.only("players", "seed", "deck", "position", "reshuffle_seed", "options", "names")
    options = Options.from_reader(setup.obj("options")) if setup.has("options") else Options()
    which = [k for k in ("seed", "deck", "position") if setup.has(k)]
    if len(which) != 1:
        raise setup.error(_("a setup has exactly one of seed, deck or position"))
    if which[0] == "position":
        pos = setup.obj("position")
        if setup.has("players"):
            players = setup.int("players", lo=2, hi=4)
        else:  # as many players as the position has hands
            players = len(pos.list("hands")) if pos.has("hands") else 2
            if not 2 <= players <= 4:
                text = i18n.ngettext(
                    "{n} hand, but Sonne und Mond is for 2-4 players",
                    "{n} hands, but Sonne und Mond is for 2-4 players",
                    players,
                )
                raise pos.error(text.format(n=players), "hands")
    else:
        players = setup.int("players", lo=2, hi=4)
    names = _read_names(setup, players)
    if which[0] == "seed":
        setup.only("players", "seed", "options", "names")
        game = cls.new(players, setup.int("seed", lo=0, hi=MAX_SEED), options=options, names=names)
    elif which[0] == "deck":
        setup.only("players", "deck", "reshuffle_seed", "options", "names")
        game = cls.from_deck(
            players,
            _read_deck(setup),
            reshuffle_seed=setup.int("reshuffle_seed", 0, lo=0, hi=MAX_SEED),
            options=options,
            names=names,
        )
    else:
        game = cls(players, options=options, names=names)
        read_position(game, setup.obj("position"), setup.int("reshuffle_seed", 0, lo=0, hi=MAX_SEED))
    if setup.has("options"):
        game.setup["options"] = options.to_json()
    if names is not None:
        game.setup["names"] = names
    return game


def _read_names(setup: Reader, players: int) -> list[str] | None:
    if not setup.has("names"):
        return None
    names = setup.list("names")
    if len(names) != players:
        raise setup.error(_("expected {n} names").format(n=players), "names")
    for r in names:
        if not isinstance(r.value, str) or not r.value.strip():
            raise r.error(_("expected a non-empty string"))
        if len(r.value) > MAX_NAME:
            raise r.error(_("a name has at most {n} characters").format(n=MAX_NAME))
    return [r.value for r in names]


def _read_deck(setup: Reader) -> list[Card]:
    entries = setup.list("deck")
    cards: list[Card] = []
    seen: Counter = Counter()
    for r in entries:
        c = _read_card(r)
        seen[c] += 1
        if seen[c] > COPIES[c]:
            raise r.error(_("{card} is listed more often than the deck has it ({n})").format(card=c.words, n=COPIES[c]))
        cards.append(c)
    if len(cards) != len(CARDS):
        raise setup.error(_("a deck lists all {n} cards, got {got}").format(n=len(CARDS), got=len(cards)), "deck")
    return cards


def setup_record(game: SunMoon) -> dict[str, Any]:
    """The setup a record starts from: the players, how the game was dealt, the options and
    names that are not the defaults."""
    rec = {"players": game.n, **game.setup}
    if "options" not in rec and game.options != Options():
        rec["options"] = game.options.to_json()
    if "names" not in rec and game.names != [f"Player {i + 1}" for i in range(game.n)]:
        rec["names"] = list(game.names)
    return rec


def move_to_json(game: SunMoon, move: Move) -> dict[str, Any]:
    if isinstance(move, SelfDestruct):
        return {"player": move.player, "self_destruct": True}
    if isinstance(move, Harvest):
        return {"player": move.player, "harvest": move.row, "owner": move.owner}
    if isinstance(move, Place):
        return {"player": move.player, "place": move.card.name, "owner": move.owner, "row": move.row, "at": move.at}
    verb = "cover" if isinstance(move, Cover) else "restore"
    return {"player": move.player, verb: move.card.name, "owner": move.owner, "row": move.row, "slot": move.slot}


def move_from_json(game: SunMoon, value: Reader) -> Move:
    """A move of a record. The moves the engine lists are built once (``moves.move``), so a
    move read here that the rules allow is the very one ``legal_moves`` offers."""
    player = value.int("player", lo=0, hi=game.n - 1)
    if value.has("self_destruct"):
        value.only("player", "self_destruct")
        if value.bool("self_destruct") is not True:
            raise value.error(_("expected true"), "self_destruct")
        return move(SelfDestruct, player)
    if value.has("harvest"):
        value.only("player", "harvest", "owner")
        owner = value.int("owner", player, lo=0, hi=game.n - 1)
        return move(Harvest, player, owner, value.str("harvest", choices=KINDS))
    plays: tuple[tuple[str, type[CardPlay], str], ...] = (
        ("place", Place, "at"),
        ("cover", Cover, "slot"),
        ("restore", Restore, "slot"),
    )
    for verb, cls, pos in plays:
        if value.has(verb):
            value.only("player", verb, "owner", "row", pos)
            c = _read_card(Reader(value.get(verb, "a string"), f"{value.path}.{verb}"))
            owner, row = value.int("owner", lo=0, hi=game.n - 1), value.str("row", choices=KINDS)
            index = value.int(pos, lo=0, hi=63)
            if row != c.kind:  # never a legal move: not built once (the rules refuse it by name)
                return cls(player, c, owner, row, index)
            return move(cls, player, c, owner, row, index)
    raise value.error(_("expected one of place, cover, restore, harvest or self_destruct"))


def _as_list(r: Reader) -> list[Reader]:
    if not isinstance(r.value, list):
        raise r.error(_("expected a list of card names"))
    return [Reader(v, f"{r.path}[{i}]") for i, v in enumerate(r.value)]


def _read_card(r: Reader) -> Card:
    if not isinstance(r.value, str):
        raise r.error(_("expected a card name"))
    try:
        return card(r.value)
    except KeyError as exc:
        raise r.error(str(exc.args[0])) from None


class _Cards:
    """Hands out the cards a position names, refusing one named more often than the deck has it."""

    def __init__(self):
        self.used: Counter = Counter()
        self.order: list[Card] = []

    def take(self, r: Reader) -> Card:
        c = _read_card(r)
        self.used[c] += 1
        if self.used[c] > COPIES[c]:
            text = _("{card} is used more often in the position than the deck has it ({n})")
            raise r.error(text.format(card=c.words, n=COPIES[c]))
        self.order.append(c)
        return c

    def pile(self, r: Reader) -> list[Card]:
        return [self.take(x) for x in _as_list(r)]


def _read_row(game: SunMoon, cards: _Cards, rr: Reader, kind: str) -> Row:
    """One row of a position: places of cards of its kind, a number at the bottom of each,
    eclipses and restoring numbers on top; the visible numbers ascend."""
    row: Row = []
    for place in rr.list(kind):
        stack = cards.pile(place) if isinstance(place.value, list) else [cards.take(place)]
        if not stack:
            raise place.error(_("an empty place"))
        for j, c in enumerate(stack):
            if c.kind != kind:
                raise place.error(_("{card} cannot lie in a {row}").format(card=c.words, row=row_words(kind)))
            if j == 0 and c.eclipse:
                raise place.error(_("an eclipse must lie on a numbered card"))
            if j > 0 and not c.eclipse and not stack[j - 1].eclipse:
                raise place.error(_("{card} can only lie on an eclipse (a restored place)").format(card=c.words))
            if j > 0 and c.eclipse and stack[j - 1].eclipse and not game.options.eclipse_on_eclipse:
                raise place.error(_("an eclipse cannot lie on an eclipse (option eclipse_on_eclipse)"))
        row.append(stack)
    values = [p[-1].value for p in row if not p[-1].eclipse]
    if any(a >= b for a, b in pairwise(values)):
        raise rr.error(
            _("the visible numbers must ascend from left to right, got {values}").format(values=values), kind
        )
    return row


def _per_player(pos: Reader, key: str, n: int, what: str) -> list[Reader]:
    """The position's ``key``: one entry per player, or none (``what``: the error, e.g. "expected {n} hands")."""
    entries = pos.list(key, [])
    if len(entries) not in (0, n):
        raise pos.error(what.format(n=n), key)
    return entries


def read_position(game: SunMoon, pos: Reader, reshuffle_seed: int) -> None:
    """Read a hand-built position (``$.setup.position``) into the freshly made ``game``."""
    pos.only("hands", "rows", "harvested", "discard", "draw", "rest", "turn", "extra", "final_left")
    n = game.n
    cards = _Cards()
    for p, hr in enumerate(_per_player(pos, "hands", n, _("expected {n} hands"))):
        game.hands[p] = cards.pile(hr)
    for p, rr in enumerate(_per_player(pos, "rows", n, _("expected {n} row pairs"))):
        rr.only(*KINDS)
        for kind in KINDS:
            if rr.has(kind):
                game.rows[p][kind] = _read_row(game, cards, rr, kind)
    for p, hr in enumerate(_per_player(pos, "harvested", n, _("expected {n} score piles"))):
        game.harvested[p] = cards.pile(hr)
    game.discard = [cards.take(r) for r in pos.list("discard", [])]
    top_first = [cards.take(r) for r in pos.list("draw", [])]
    rest = missing_from(cards.order)
    game.rng = random.Random(reshuffle_seed)
    if pos.str("rest", "draw", choices=("draw", "box")) == "box":
        game.box = rest  # out of play: the draw pile is exactly ``draw``
        rest = []
    game.rng.shuffle(rest)
    game.draw_pile = list(reversed(top_first + rest))
    game.turn = pos.int("turn", 0, lo=0, hi=n - 1)
    game.extra = pos.bool("extra", False)
    final_left = pos.get("final_left", "an integer", None)
    if final_left is not None and not 1 <= final_left <= n:
        raise pos.error(_("{value} is outside 1..{n}").format(value=final_left, n=n), "final_left")
    game.final_left = final_left
    game.setup = {"position": json.loads(json.dumps(pos.value)), "reshuffle_seed": reshuffle_seed, "players": n}
    if game.extra and not game.card_plays(game.turn) and game.options.animal_without_follow_up == "skip":
        raise pos.error(_("an extra play after an animal card is pending, but no card fits anywhere"), "extra")
    game.begin_position()
