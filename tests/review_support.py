"""Test-only helpers for the review tests: a drawing of the toy game (tests/toygame.py), so
the review is tested without waiting for the four games' drawings; the demo records of the
games, played (and exported) once per test run; and the HTML file read back as its script
reads it; the review's messages that the package's zh-TW catalog leaves in English (none)."""

from __future__ import annotations

import functools
import importlib.util
import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from daynight import GAMES, game_module, i18n
from daynight import draw as d

#: seeds of the demo games the review app offers (``daynight demo GAME --seed 1``)
SEED = 1


TURN = [d.Colour("blue", "#2f6fd0", "#ffffff", "stripes", "light"), d.Colour("yellow", "#f6d04d", "#1a1a1a", "dots")]


def draw(game, viewer=None):
    """The toy game's table: the pile as a row of named pebbles, and whose turn it is."""
    pebbles = [
        d.Piece(
            18,
            18,
            d.group(
                '<circle cx="9" cy="9" r="8" fill="#b0b0b0" stroke="#333"/>', label=f"pebble {i + 1}", key=f"pebble-{i}"
            ),
        )
        for i in range(game.pile)
    ]
    seen = "everything" if viewer is None else f"player {viewer}"
    said = f"player {game.winner} won" if game.winner is not None else f"player {game.turn} to move"
    turn = d.card(label=said, colour=TURN[game.turn], corner=str(game.turn), caption=f"player {game.turn}")
    top = d.row([turn, d.badge(f"{game.pile} left"), d.badge(said), d.badge(f"seen by {seen}")])
    return d.document(d.column([d.row(pebbles, gap=3), top]), label=f"a pile of {game.pile} pebbles, {said}")


def drawn(name: str) -> bool:
    """True once the game's ``daynight/<game>/draw.py`` has landed."""
    return importlib.util.find_spec(f"daynight.{name}.draw") is not None


DRAWN = [name for name in GAMES if drawn(name)]


@functools.cache
def _demo_json(name: str) -> str:
    return game_module(name).demo(SEED).to_json(indent=None)


def demo_record(name: str, moves: int | None = None) -> dict[str, Any]:
    """A fresh copy of the seeded demo record of ``name`` (played once per test run), or of
    its first ``moves`` moves (a record too)."""
    record = json.loads(_demo_json(name))
    if moves is not None:
        record["moves"] = record["moves"][:moves]
    return record


@functools.cache
def demo_export(name: str):
    """``(review, html)`` of the demo of ``name``: every step drawn once per test run (the
    temples demo has 350 moves), for the tests of the file and of the page."""
    from daynight.review import Review, html

    review = Review(demo_record(name))
    return review, html(review)


# -- reading the HTML file back, as its script does ---------------------------------------------


class Page(HTMLParser):
    """An HTML page's tags (``[(tag, attributes)]``) and scripts (``[[attributes, text]]``)."""

    def __init__(self, text):
        super().__init__()
        self.scripts, self.tags, self._in = [], [], None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self._in = dict(attrs)
            self.scripts.append([dict(attrs), ""])

    def handle_endtag(self, tag):
        if tag == "script":
            self._in = None

    def handle_data(self, data):
        if self._in is not None:
            self.scripts[-1][1] += data


def decode(page: Page) -> list[str]:
    """Each step's SVG, rebuilt from the page's data as its script does."""
    return decode_data(json.loads(next(s for a, s in page.scripts if a.get("type") == "application/json")))


def decode_data(data) -> list[str]:
    """Each step's SVG from ``{"pieces": [...], "steps": [runs...]}``."""
    out, before = [], []
    for runs in data["steps"]:
        ids = []
        for run in runs:
            ids += [run] if isinstance(run, int) else before[run[0] : run[0] + run[1]]
        out.append("<".join(data["pieces"][i] for i in ids))
        before = ids
    return out


# -- the review in Traditional Chinese (issue 22) ---------------------------------------------

#: the review's own files: every message they mark is shown by the review app or its HTML file
REVIEW_SOURCES = ("daynight/review.py", "widgets/review.py")


def review_messages() -> list[str | tuple[str, ...]]:
    """Every message the review's files mark (a plural one as ``(singular, plural)``)."""
    from babel.messages.extract import extract_from_file

    root = Path(__file__).resolve().parents[1]
    return [
        msgid
        for path in REVIEW_SOURCES
        for _line, msgid, _comments, _context in extract_from_file("python", root / path)
    ]


def untranslated(code: str = "zh-TW") -> list[str]:
    """The review's messages that the package's catalog of ``code`` (the one every reader gets,
    ``daynight.i18n.catalog``) leaves in English: a plural one by its singular, both of its forms
    asked for. The review tests in zh-TW read that catalog, so a new English word of the review
    cannot pass unseen."""
    catalog = i18n.catalog(code)
    left = []
    for msgid in review_messages():
        if isinstance(msgid, tuple):
            singular, plural = msgid[:2]
            said = [catalog.ngettext(singular, plural, n) for n in (1, 2)]
            if said == [singular, plural]:
                left.append(singular)
        elif catalog.gettext(msgid) == msgid:
            left.append(msgid)
    return left
