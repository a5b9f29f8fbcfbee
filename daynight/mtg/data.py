"""mtg: the game's pieces and the readers of their data files in ``daynight/data/``.

* :class:`PermanentSpec` -- a permanent about to enter the battlefield: which kind of card it
  is (a double-faced card with daybound and nightbound, an older transforming card such as an
  Innistrad werewolf, a single-faced copy, any other permanent), its faces' names and what
  its faces can do;
* :class:`Effect` -- something that applies to a permanent on the battlefield: an Aura, an
  Equipment, counters, a "can't transform" effect, a copy effect, an effect until end of turn;
* :func:`catalog` / :func:`effect_catalog` -- real cards and effects (every row ``attested``);
* :func:`rule_numbers` and :func:`citations`: the rule numbers of each edition of the
  Comprehensive Rules, and each rule cited by name and number.
"""

from __future__ import annotations

import bisect
import csv
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from ..core import Reader

#: permanent kinds (what the physical card or token is, and which keywords its faces have)
KINDS = ("dfc", "transforming", "daybound", "nightbound", "other")
KIND_WORDS = {
    "dfc": "double-faced card with daybound (front face) and nightbound (back face)",
    "transforming": "transforming double-faced card without daybound or nightbound",
    "daybound": "single-faced permanent with daybound (a copy; it cannot transform)",
    "nightbound": "single-faced permanent with nightbound (a copy; it cannot transform)",
    "other": "permanent without daybound or nightbound",
}
#: the kinds represented by a transforming double-faced card (or token): the ones that can transform
DOUBLE_FACED = frozenset(("dfc", "transforming"))
FRONT, BACK = "front", "back"
#: what the back face of a double-faced card is: a permanent card face, or an instant or
#: sorcery face (which no permanent can transform into, 712.10)
BACK_TYPES = ("permanent", "instant", "sorcery")
#: how a permanent enters: as a resolving spell (712.13) or put onto the battlefield by an
#: effect, from any other zone (712.14); tokens are created
VIA = ("spell", "effect")
#: triggered abilities the tracker follows (each "pending" until it resolves)
TRIGGERS = ("change", "enters front", "enters back", "into front", "into back", "enchanted upkeep")
TRIGGER_WORDS = {
    "change": "whenever day becomes night or night becomes day",
    "enters front": "when it enters with its front face up",
    "enters back": "when it enters with its back face up",
    "into front": "whenever it transforms into its front face",
    "into back": "whenever it transforms into its back face",
    "enchanted upkeep": "at the beginning of enchanted player's upkeep",
}
#: abilities of a face that the day/night rules look at (a copy effect copies them)
ABILITIES = ("daybound", "nightbound", "werewolf front", "werewolf back", "change trigger")
ABILITY_WORDS = {
    "daybound": "daybound",
    "nightbound": "nightbound",
    "werewolf front": "at the beginning of each upkeep, if no spells were cast last turn, transform it",
    "werewolf back": "at the beginning of each upkeep, if a player cast two or more spells last turn, transform it",
    "change trigger": "whenever day becomes night or night becomes day",
}
#: the zones a spell can be cast from (601.2a: a card moves "from where it is" to the stack;
#: a spell already on the stack or a permanent on the battlefield is not cast)
CAST_ZONES = ("hand", "graveyard", "exile", "library", "command zone")
#: what can apply to a permanent on the battlefield
EFFECT_KINDS = ("aura", "equipment", "counters", "effect", "copy")
EFFECT_WORDS = {
    "aura": "Aura",
    "equipment": "Equipment",
    "counters": "counters",
    "effect": "effect",
    "copy": "copy effect",
}


# ---------------------------------------------------------------------------
# Rule data: rule numbers per edition, the card and effect catalogs
# ---------------------------------------------------------------------------


def _data_rows(filename: str) -> list[dict[str, str]]:
    text = resources.files("daynight.data").joinpath(filename).read_text(encoding="utf-8")
    rows = list(csv.DictReader(text.splitlines()))
    for i, row in enumerate(rows):
        if row.get("provenance") not in ("attested", "reconstructed"):
            raise ValueError(f"{filename} row {i + 2}: provenance must be attested or reconstructed")
    return rows


@cache
def rule_numbers() -> tuple[dict[str, str], ...]:
    """The rule numbers of each CR edition (``daynight/data/mtg_rule_numbers.csv``), oldest first."""
    return tuple(sorted(_data_rows("mtg_rule_numbers.csv"), key=lambda r: r["effective"]))


@cache
def catalog() -> dict[str, dict[str, Any]]:
    """Real cards that touch day and night (``daynight/data/mtg_cards.csv``), by front-face name
    and by back-face name. Every row is ``attested``; the tracker accepts any other name too."""
    out: dict[str, dict[str, Any]] = {}
    for row in _data_rows("mtg_cards.csv"):
        entry = {
            "name": row["name"],
            "back": row["back"],
            "kind": row["kind"],
            "werewolf": row["werewolf"] == "true",
            "back_type": row["back_type"],
            "triggers": tuple(t for t in row["triggers"].split(";") if t),
            "day_if_neither": row["day_if_neither"] == "true",
            "enchant_player": row["enchant_player"] == "true",
            "upkeep": row["upkeep"],
            "set": row["set"],
            "note": row["note"],
            "provenance": row["provenance"],
        }
        out[row["name"]] = entry
        if row["back"]:
            out[row["back"]] = entry
    return out


@cache
def effect_catalog() -> dict[str, dict[str, Any]]:
    """Real effects that apply to a permanent (``daynight/data/mtg_effects.csv``), by name."""
    return {
        row["name"]: {
            "name": row["name"],
            "kind": row["kind"],
            "cant_transform": row["cant_transform"] == "true",
            "until_end_of_turn": row["until_end_of_turn"] == "true",
            "note": row["note"],
            "provenance": row["provenance"],
        }
        for row in _data_rows("mtg_effects.csv")
    }


def _edition_row(edition: str) -> dict[str, str]:
    rows = rule_numbers()
    keys = [r["effective"] for r in rows]
    i = bisect.bisect_right(keys, edition) - 1
    return rows[max(i, 0)]


class Citations:
    """Rule citations for one CR edition, each by name and by that edition's number:
    ``citations("2024-06-07")("to night")`` is ``"Day and Night, CR 728.2a"``."""

    __slots__ = ("_cache", "dn", "edition", "row", "tf", "token_dfc")

    def __init__(self, edition: str):
        row = _edition_row(edition)
        self.edition = edition
        self.row = row
        self.dn = row["day_and_night"]
        self.tf = row["transform"]
        #: whether this edition has double-faced tokens (707.8a, from the 2023-04-14 edition)
        self.token_dfc = bool(row["token_dfc"])
        self._cache: dict[str, str] = self._make()  # built once: reading never changes the state

    def __call__(self, key: str) -> str:
        return self._cache[key]

    def _make(self) -> dict[str, str]:
        return {**self._day_night(), **self._game()}

    def _day_night(self) -> dict[str, str]:
        """Day and Night, daybound and nightbound, transforming and double-faced cards: the
        numbers that move between editions."""
        dn, tf, r = self.dn, self.tf, self.row
        db = "702.145"
        graveyard = r["dfc_enters_graveyard"] or r["dfc_instant_face"]
        token = r["token_dfc"] or "707.8"
        return {
            "designation": f"Day and Night, CR {dn}.1",
            "change": f"Day and Night, CR {dn}.1a",
            "check": f"Day and Night, CR {dn}.2",
            "to night": f"Day and Night, CR {dn}.2a",
            "to day": f"Day and Night, CR {dn}.2b",
            "no check": f"Day and Night, CR {dn}.2c",
            "untap phasing": "Untap Step, CR 502.1",
            "untap step": "Untap Step, CR 502.2",
            "untap untap": "Untap Step, CR 502.3",
            "untap triggers": "Untap Step, CR 502.4",
            "upkeep": "Upkeep Step, CR 503.1a",
            "daybound": f"Daybound, CR {db}b",
            "daybound night": f"Daybound, CR {db}c",
            "daybound neither": f"Daybound, CR {db}d",
            "nightbound": f"Nightbound, CR {db}e",
            "nightbound day": f"Nightbound, CR {db}f",
            "nightbound neither": f"Nightbound, CR {db}g",
            "keywords": f"Daybound and Nightbound, CR {db}a",
            "transform": f"Transform, CR {tf}a",
            "transform nothing": f"Transform, CR {tf}c",
            "transform instant": f"Transform, CR {tf}d",
            "transforms into": f"Transform, CR {tf}e",
            "transform once": f"Transform, CR {tf}f",
            "cannot transform": f"Double-Faced Cards, CR {r['dfc_only']}",
            "instant face": f"Double-Faced Cards, CR {r['dfc_instant_face']}",
            "enters face": f"Double-Faced Cards, CR {r['dfc_enters']}",
            "enters graveyard": f"Double-Faced Cards, CR {graveyard}",
            "put transformed": f"Double-Faced Cards, CR {r['dfc_put_transformed']}",
            "same object": f"Double-Faced Cards, CR {r['dfc_same_object']}",
            "as transforms": f"Double-Faced Cards, CR {r['dfc_as_transforms']}",
            "token dfc": f"Copying Objects, CR {token}",
        }

    def _game(self) -> dict[str, str]:
        """The other rules the tracker cites (their numbers have not moved)."""
        dn = self.dn
        return {
            "copy face": "Copying Objects, CR 707.8",
            "copy values": "Copying Objects, CR 707.2",
            "cant": 'Golden rules, CR 101.2 ("can\'t" beats "can")',
            "instant enters": "Instants and Sorceries, CR 304.4 and 307.4",
            "phasing": "Phasing, CR 702.26b",
            "phasing in": "Phasing, CR 702.26c",
            "phasing attached": "Phasing, CR 702.26g",
            "phasing skipped": "Phasing, CR 702.26m",
            "cleanup": "Cleanup Step, CR 514.2",
            "intervening if": "Triggered Abilities, CR 603.4",
            "independent": "Abilities on the stack, CR 113.7a",
            "stack empty": "Steps, CR 500.2",
            "aura sba": "State-Based Actions, CR 704.5m",
            "werewolf": "Innistrad werewolves (their upkeep triggers; Gatherer rulings 2016-04-08)",
            "cast": "Casting Spells, CR 601.2",
            "cast zone": "Casting Spells, CR 601.2a (a card moves from where it is to the stack)",
            "cast any zone": "Casting Spells, CR 601.2 (from any zone)",
            "countered": "Casting Spells, CR 601.2i (a countered spell was cast)",
            "copy": "Copies of Spells, CR 707.10 (a copy is not cast)",
            "turn order": "Turn order",
            "extra turn": "Extra Turns, CR 500.7",
            "skip turn": "Skipping, CR 614.10 and 614.10a",
            "shared team turns": "Shared Team Turns, CR 805.4",
            "skip": "Skipping steps, CR 614.10",
            "end": "Ending the Game, CR 104",
            "effect": f"Day and Night, CR {dn}.1 (an effect: it becomes day or night)",
            "first turn": f"Day and Night, CR {dn}.2 (no previous turn)",
            "players": "Players, CR 102",
            "aura target": "Auras, CR 303.4a and 303.4f (the player it enchants)",
            "creature attached": "State-Based Actions, CR 704.5p",
            "enchanted upkeep": "Upkeep Step, CR 503.1a (at the beginning of enchanted player's upkeep)",
            "curse": "Innistrad: Midnight Hunt release notes, Curse of Leeches // Leeching Lurker",
            "limit": "a limit of the tracker, not a rule of the game",
        }


@lru_cache(maxsize=32)
def citations(edition: str) -> Citations:
    """The citations of one CR edition (read once from the data file, shared read-only)."""
    return Citations(edition)


def is_date(text: str) -> bool:
    """``YYYY-MM-DD`` (the date of an edition of the Comprehensive Rules)."""
    parts = text.split("-")
    return len(parts) == 3 and all(p.isdigit() and p.isascii() for p in parts) and [len(p) for p in parts] == [4, 2, 2]


# ---------------------------------------------------------------------------
# Permanents and effects
# ---------------------------------------------------------------------------


def _choices(r: Reader, key: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    out = []
    for item in r.list(key, []):
        value = item.value
        if not isinstance(value, str) or value not in allowed:
            raise item.error(f"expected one of {list(allowed)}, got {value!r}")
        if value in out:
            raise item.error(f"{value!r} is named twice")
        out.append(value)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class PermanentSpec:
    """A permanent about to enter the battlefield.

    * ``name`` -- its (front) face's name; ``back`` -- the back face's name (double-faced kinds);
    * ``kind`` -- one of :data:`KINDS`;
    * ``controller`` -- who controls it (``None``: nobody in particular);
    * ``transformed`` -- an effect puts it onto the battlefield transformed, or it was cast
      transformed (712.14a, 712.11a): back face up;
    * ``token`` -- a token (a token copy of a double-faced card is a double-faced token, 707.8a);
    * ``via`` -- ``"spell"``: a resolving spell (712.13); ``"effect"``: put onto the battlefield
      from another zone (712.14);
    * ``werewolf`` -- an Innistrad or Shadows over Innistrad werewolf (kind ``"transforming"``):
      "at the beginning of each upkeep, if no spells were cast last turn, transform it" on the
      front face, "if a player cast two or more spells last turn" on the back face;
    * ``back_type`` -- ``"instant"`` or ``"sorcery"`` when the back face is one (712.10);
    * ``triggers`` -- triggered abilities the tracker follows (:data:`TRIGGERS`);
    * ``day_if_neither`` -- "if it's neither day nor night, it becomes day as it enters";
    * ``enchant_player`` -- its front face is an Aura with "enchant player" (Curse of Leeches);
    * ``attached_to`` -- the player that Aura enchants as it enters front face up: the Aura
      spell's target (303.4a), or the player chosen as it is put onto the battlefield (303.4f);
    * ``upkeep`` -- what its "at the beginning of enchanted player's upkeep" ability does, in
      words, ``{enchanted}`` and ``{controller}`` standing for the players' names.
    """

    name: str
    kind: str = "dfc"
    back: str = ""
    controller: str | None = None
    transformed: bool = False
    token: bool = False
    via: str = "spell"
    werewolf: bool = False
    back_type: str = "permanent"
    triggers: tuple[str, ...] = ()
    day_if_neither: bool = False
    enchant_player: bool = False
    attached_to: str | None = None
    upkeep: str = ""

    @property
    def double_faced(self) -> bool:
        return self.kind in DOUBLE_FACED

    @classmethod
    def from_catalog(
        cls,
        name: str,
        *,
        controller: str | None = None,
        transformed: bool | None = None,
        token: bool = False,
        via: str = "spell",
        attached_to: str | None = None,
    ) -> PermanentSpec:
        """A real card from :func:`catalog` by either face's name (naming the back face means
        it enters transformed, unless ``transformed`` says otherwise); ``attached_to``: the
        player an Aura with "enchant player" enchants."""
        entry = catalog().get(name)
        if entry is None:
            raise KeyError(f"{name!r} is not in the card list; give its kind instead")
        if transformed is None:
            transformed = bool(entry["back"]) and name == entry["back"]
        return cls(
            entry["name"],
            entry["kind"],
            entry["back"],
            controller,
            transformed,
            token,
            via,
            entry["werewolf"],
            entry["back_type"],
            entry["triggers"],
            entry["day_if_neither"],
            entry["enchant_player"],
            attached_to,
            entry["upkeep"],
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.back:
            out["back"] = self.back
        if self.controller is not None:
            out["controller"] = self.controller
        for key in ("transformed", "token", "werewolf", "day_if_neither"):
            if getattr(self, key):
                out[key] = True
        if self.via != "spell":
            out["via"] = self.via
        if self.back_type != "permanent":
            out["back_type"] = self.back_type
        if self.triggers:
            out["triggers"] = list(self.triggers)
        if self.enchant_player:  # version 2 of the records (issue 20): written only when used
            out["enchant_player"] = True
        if self.attached_to is not None:
            out["attached_to"] = self.attached_to
        if self.upkeep:
            out["upkeep"] = self.upkeep
        return out

    def uses_version_2(self) -> bool:
        """Whether it needs version 2 of the records (an Aura that enchants a player)."""
        return self.enchant_player or self.attached_to is not None or bool(self.upkeep)

    @classmethod
    def from_reader(cls, r: Reader, also: tuple[str, ...] = ()) -> PermanentSpec:
        """A description from its JSON (``also``: other fields the reader of the whole object
        reads, such as a starting position's ``up`` and ``effects``)."""
        r.only(
            *also,
            "name",
            "kind",
            "back",
            "controller",
            "transformed",
            "token",
            "via",
            "werewolf",
            "back_type",
            "triggers",
            "day_if_neither",
            "enchant_player",
            "attached_to",
            "upkeep",
        )
        controller = r.get("controller", "a string", None)
        return cls(
            r.str("name"),
            r.str("kind", "dfc", choices=KINDS),
            r.str("back", ""),
            controller,
            r.bool("transformed", False),
            r.bool("token", False),
            r.str("via", "spell", choices=VIA),
            r.bool("werewolf", False),
            r.str("back_type", "permanent", choices=BACK_TYPES),
            _choices(r, "triggers", TRIGGERS),
            r.bool("day_if_neither", False),
            r.bool("enchant_player", False),
            r.get("attached_to", "a string", None),
            r.str("upkeep", ""),
        )


@dataclass(frozen=True, slots=True)
class Effect:
    """Something that applies to one permanent on the battlefield.

    * ``name`` -- what it is, in words ("Bound by Moonsilver", "+2/+2 until end of turn");
    * ``kind`` -- one of :data:`EFFECT_KINDS` (an Aura or Equipment attached to it, counters on
      it, a continuous effect, a copy effect);
    * ``cant_transform`` -- "can't transform" (Bound by Moonsilver, Immerwolf);
    * ``until_end_of_turn`` -- it ends in the cleanup step (514.2);
    * ``becomes`` / ``abilities`` -- a copy effect: the name the permanent takes and the
      day/night abilities of the copied face (:data:`ABILITIES`, 707.2 and 707.8).
    """

    name: str
    kind: str = "effect"
    cant_transform: bool = False
    until_end_of_turn: bool = False
    becomes: str = ""
    abilities: tuple[str, ...] = ()

    @classmethod
    def from_catalog(cls, name: str) -> Effect:
        entry = effect_catalog().get(name)
        if entry is None:
            raise KeyError(f"{name!r} is not in the effect list")
        return cls(entry["name"], entry["kind"], entry["cant_transform"], entry["until_end_of_turn"])

    def words(self) -> str:
        """The effect in words, for a drawing or a log line."""
        bits = [self.name]
        if self.kind == "copy" and self.becomes:
            bits.append(f"a copy of {self.becomes}")
        if self.cant_transform:
            bits.append("can't transform")
        if self.until_end_of_turn:
            bits.append("until end of turn")
        return ": ".join(bits[:1]) + (f" ({', '.join(bits[1:])})" if len(bits) > 1 else "")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.cant_transform:
            out["cant_transform"] = True
        if self.until_end_of_turn:
            out["until_end_of_turn"] = True
        if self.becomes:
            out["becomes"] = self.becomes
        if self.abilities:
            out["abilities"] = list(self.abilities)
        return out

    @classmethod
    def from_reader(cls, r: Reader) -> Effect:
        r.only("name", "kind", "cant_transform", "until_end_of_turn", "becomes", "abilities")
        return cls(
            r.str("name"),
            r.str("kind", "effect", choices=EFFECT_KINDS),
            r.bool("cant_transform", False),
            r.bool("until_end_of_turn", False),
            r.str("becomes", ""),
            _choices(r, "abilities", ABILITIES),
        )


@dataclass(frozen=True, slots=True)
class Placed:
    """A permanent on the battlefield when a position starts: its description, the face that is
    up (``None``: the face day and night give it, see
    :meth:`~daynight.mtg.position.Positions._start_face`) and what applies to it, oldest first.
    The position is checked by the rules of play: it must be one that play can reach."""

    spec: PermanentSpec
    up: str | None = None
    effects: tuple[Effect, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out = self.spec.to_json()
        if self.up is not None:
            out["up"] = self.up
        if self.effects:
            out["effects"] = [e.to_json() for e in self.effects]
        return out

    @classmethod
    def from_reader(cls, r: Reader) -> Placed:
        spec = PermanentSpec.from_reader(r, also=("up", "effects"))
        up = r.str("up", choices=(FRONT, BACK)) if r.has("up") else None
        effects = tuple(Effect.from_reader(e) for e in r.list("effects", []))
        return cls(spec, up, effects)
