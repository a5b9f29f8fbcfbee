"""mtg: the game's pieces and the readers of their data files in ``daynight/data/``."""

from __future__ import annotations

import bisect
import csv
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from ..core import Reader

#: permanent kinds: a double-faced card (daybound front, nightbound back) or double-faced
#: token; a single-faced permanent with daybound (for example a copy of the front face); a
#: single-faced permanent with nightbound; any other permanent the tracker follows because
#: of its "whenever day becomes night or night becomes day" ability or its "day if neither".
KINDS = ("dfc", "daybound", "nightbound", "other")
KIND_WORDS = {
    "dfc": "double-faced card with daybound and nightbound",
    "daybound": "single-faced permanent with daybound (it cannot transform)",
    "nightbound": "single-faced permanent with nightbound (it cannot transform)",
    "other": "permanent without daybound or nightbound",
}
FACES = {"dfc": ("day", "night"), "daybound": ("day",), "nightbound": ("night",), "other": ()}
ZONES = ("hand", "graveyard", "exile", "library", "command zone", "stack", "battlefield",
         "other")
_ZONE_SET = frozenset(ZONES)


# ---------------------------------------------------------------------------
# Rule data: rule numbers per edition, the card catalog
# ---------------------------------------------------------------------------


def _data_rows(filename: str) -> list[dict[str, str]]:
    text = resources.files("daynight.data").joinpath(filename).read_text(encoding="utf-8")
    rows = list(csv.DictReader(text.splitlines()))
    for i, row in enumerate(rows):
        if row.get("provenance") not in ("attested", "reconstructed"):
            raise ValueError(f"{filename} row {i + 2}: provenance must be attested or reconstructed")
    return rows


@lru_cache(maxsize=None)
def rule_numbers() -> tuple[dict[str, str], ...]:
    """The rule numbers of each CR edition (``daynight/data/mtg_rule_numbers.csv``), oldest first."""
    return tuple(sorted(_data_rows("mtg_rule_numbers.csv"), key=lambda r: r["effective"]))


@lru_cache(maxsize=None)
def catalog() -> dict[str, dict[str, Any]]:
    """Real cards that touch day and night (``daynight/data/mtg_cards.csv``), by front-face name
    and by back-face name. Every row is ``attested``; the tracker accepts any other name too."""
    out: dict[str, dict[str, Any]] = {}
    for row in _data_rows("mtg_cards.csv"):
        entry = {"name": row["name"], "back": row["back"], "kind": row["kind"],
                 "day_if_neither": row["day_if_neither"] == "true",
                 "change_trigger": row["change_trigger"] == "true", "set": row["set"],
                 "note": row["note"], "provenance": row["provenance"]}
        out[row["name"]] = entry
        if row["back"]:
            out[row["back"]] = entry
    return out


def _edition_row(edition: str) -> dict[str, str]:
    rows = rule_numbers()
    keys = [r["effective"] for r in rows]
    i = bisect.bisect_right(keys, edition) - 1
    return rows[max(i, 0)]


class _Rules:
    """Rule citations for one CR edition: each by name and by that edition's number."""

    __slots__ = ("edition", "dn", "tf", "db", "dfc", "_cache")

    def __init__(self, edition: str):
        row = _edition_row(edition)
        self.edition = edition
        self.dn = row["day_and_night"]
        self.tf = row["transform"]
        self.db = row["daybound_nightbound"]
        self.dfc = row["double_faced_cards"]
        self._cache: dict[str, str] = self._make()  # built once: reading never changes the state

    def __call__(self, key: str) -> str:
        return self._cache[key]

    def _make(self) -> dict[str, str]:
        dn, db, tf, dfc = self.dn, self.db, self.tf, self.dfc
        table = {
            "designation": f"Day and Night, CR {dn}.1",
            "change": f"Day and Night, CR {dn}.1a",
            "check": f"Day and Night, CR {dn}.2",
            "to night": f"Day and Night, CR {dn}.2a",
            "to day": f"Day and Night, CR {dn}.2b",
            "no check": f"Day and Night, CR {dn}.2c",
            "untap step": "Untap Step, CR 502.2",
            "untap triggers": "Untap Step, CR 502.4",
            "daybound": f"Daybound, CR {db}b",
            "daybound night": f"Daybound, CR {db}c",
            "daybound neither": f"Daybound, CR {db}d",
            "nightbound": f"Nightbound, CR {db}e",
            "nightbound day": f"Nightbound, CR {db}f",
            "nightbound neither": f"Nightbound, CR {db}g",
            "keywords": f"Daybound and Nightbound, CR {db}a",
            "transform": f"Transform, CR {tf}",
            "cannot transform": f"Double-Faced Cards, CR {dfc}.9",
            "cast": "Casting Spells, CR 601.2",
            "cast any zone": "Casting Spells, CR 601.2 (from any zone)",
            "countered": "Casting Spells, CR 601.2i (a countered spell was cast)",
            "copy": "Copies of Spells, CR 707.10 (a copy is not cast)",
            "turn order": "Turn order",
            "extra turn": "Extra Turns, CR 500.7",
            "shared team turns": "Shared Team Turns, CR 805.4",
            "skip": "Skipping steps, CR 614.10",
            "end": "Ending the Game, CR 104",
            "effect": f"Day and Night, CR {dn}.1 (an effect: it becomes day or night)",
            "first turn": f"Day and Night, CR {dn}.2 (no previous turn)",
            "players": "Players, CR 102",
        }
        return table


@lru_cache(maxsize=32)
def _rules_for(edition: str) -> _Rules:
    """One shared, read-only citation table per edition."""
    return _Rules(edition)


def _is_date(text: str) -> bool:
    parts = text.split("-")
    return (len(parts) == 3 and all(p.isdigit() for p in parts)
            and [len(p) for p in parts] == [4, 2, 2])


@dataclass(frozen=True, slots=True)
class PermanentSpec:
    """A permanent about to enter the battlefield.

    ``kind`` is one of :data:`KINDS`; ``face`` is the face it enters with (``"day"`` = the
    daybound face, ``"night"`` = the nightbound face), or ``None`` to let the rules decide;
    ``back`` names the nightbound face of a double-faced card; ``change_trigger`` marks a
    "whenever day becomes night or night becomes day" ability; ``day_if_neither`` marks an
    "if it's neither day nor night, it becomes day as it enters" ability (The Celestus).
    """

    name: str
    kind: str = "dfc"
    face: str | None = None
    back: str = ""
    controller: str | None = None
    change_trigger: bool = False
    day_if_neither: bool = False

    @classmethod
    def from_catalog(cls, name: str, *, face: str | None = None,
                     controller: str | None = None) -> "PermanentSpec":
        """A real card from :func:`catalog` by either face's name (``face`` defaults to the
        named face when the back face is named)."""
        entry = catalog().get(name)
        if entry is None:
            raise KeyError(f"{name!r} is not in the card list; give its kind instead")
        if face is None and entry["back"] and name == entry["back"]:
            face = "night"
        return cls(entry["name"], entry["kind"], face, entry["back"], controller,
                   entry["change_trigger"], entry["day_if_neither"])

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.face is not None:
            out["face"] = self.face
        if self.back:
            out["back"] = self.back
        if self.controller is not None:
            out["controller"] = self.controller
        if self.change_trigger:
            out["change_trigger"] = True
        if self.day_if_neither:
            out["day_if_neither"] = True
        return out

    @classmethod
    def from_reader(cls, r: Reader) -> "PermanentSpec":
        r.only("name", "kind", "face", "back", "controller", "change_trigger", "day_if_neither")
        face = r.get("face", "a string", None)
        controller = r.get("controller", "a string", None)
        return cls(r.str("name"), r.str("kind", "dfc", choices=KINDS), face, r.str("back", ""),
                   controller, r.bool("change_trigger", False), r.bool("day_if_neither", False))
