"""mtg: the colours of the faces and the words of a permanent, shared by the wide drawing
(:mod:`daynight.mtg.draw`) and the narrow one (:mod:`daynight.mtg.draw_narrow`)."""

from __future__ import annotations

from .. import draw as d
from .view import PermanentView

__all__ = ["COLOURS", "SKY", "face_colour", "keyword", "keyword_note", "permanent_words"]

# ---------------------------------------------------------------------------
# Colours (each a fill, its text colour and a pattern: colour is never the only cue)
# ---------------------------------------------------------------------------

COLOURS = {
    "day": d.Colour("daybound face", "#fdf0c2", "#1a1a1a", "dots", "dark"),
    "night": d.Colour("nightbound face", "#23305a", "#ffffff", "stripes", "light"),
    "front": d.Colour("front face", "#e3efd9", "#1a1a1a", "grid", "dark"),
    "back": d.Colour("back face", "#4b2f24", "#ffffff", "cross", "light"),
    "single": d.Colour("single-faced", "#ececec", "#1a1a1a", "none", "dark"),
}
SKY = {
    "day": d.Colour("day", "#fff3c4", "#5a3900", "dots", "dark"),
    "night": d.Colour("night", "#1f2a4a", "#ffffff", "stripes", "light"),
    "neither": d.Colour("neither", "#f1f1f1", "#333333", "none", "dark"),
}


def face_colour(p: PermanentView) -> d.Colour:
    if not p.double_faced:
        return COLOURS["single"]
    if p.kind == "dfc":
        return COLOURS["night" if p.up == "back" else "day"]
    return COLOURS["back" if p.up == "back" else "front"]


def keyword(p: PermanentView) -> str:
    ab = p.abilities
    if "daybound" in ab:
        return "Daybound"
    if "nightbound" in ab:
        return "Nightbound"
    if "werewolf front" in ab or "werewolf back" in ab:
        return "Werewolf trigger"
    return ""


def keyword_note(p: PermanentView) -> str:
    ab = p.abilities
    if "werewolf front" in ab:
        return "no spells last turn: transform"
    if "werewolf back" in ab:
        return "a player cast 2+: transform"
    if "change trigger" in ab:
        return "trigger: day <-> night"
    return ""


def permanent_words(p: PermanentView) -> str:
    """The permanent in words (its accessible name)."""
    bits = [p.face_name]
    if p.double_faced:
        side = "back face up (transformed)" if p.up == "back" else "front face up"
        bits.append(f"{side}; other face {p.other_face}")
    else:
        bits.append("single-faced")
    kw = keyword(p)
    if kw:
        bits.append(kw.lower())
    note = keyword_note(p)
    if note:
        bits.append(note)
    if p.token:
        bits.append("token")
    bits.extend(e.words() for e in p.effects)
    if p.cant_transform:
        bits.append("can't transform")
    if p.phased_out:
        bits.append("phased out")
    if p.attached_to is not None:
        bits.append(f"enchanting {p.attached_to}")
    if p.controller:
        bits.append(f"controlled by {p.controller}")
    return f"#{p.id} " + ", ".join(bits)
