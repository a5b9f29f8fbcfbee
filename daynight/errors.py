"""The errors the package raises on purpose, and text from outside made safe to show.

Standard library only. The errors' public home is :mod:`daynight.core`, which re-exports
them (and which tracebacks and pickles name: each class's ``__module__`` says so), so
``daynight.core.IllegalMoveError`` stays the one name a reader meets.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["DaynightError", "GameOverError", "IllegalMoveError", "InvalidRecordError", "shown"]

# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


class DaynightError(ValueError):
    """Base of every error the package raises on purpose.

    ``rule`` names the rule (or, for records, the field path) that was broken; ``state``
    is a short description of the state it applied to, so a report can be reproduced.
    All three are made safe to show with :func:`shown` (a name from a file can hold a
    line break or a terminal escape), so the message is always one line.
    """

    def __init__(self, message: str, *, rule: str | None = None, state: str | None = None):
        message = shown(message)
        self.rule = rule = shown(rule) if rule else rule
        self.state = state = shown(state) if state else state
        self.reason = message
        text = message
        if rule:
            text = f"{text} [rule: {rule}]"
        if state:
            text = f"{text} ({state})"
        super().__init__(text)


class IllegalMoveError(DaynightError):
    """A well-formed move that the rules do not allow now. Nothing was changed."""


class GameOverError(IllegalMoveError):
    """A move after the game has ended. Nothing was changed."""


class InvalidRecordError(DaynightError):
    """A record (JSON file or dict) that cannot be read; ``path`` names the first bad field."""

    def __init__(self, path: str, message: str, *, rule: str | None = None):
        self.path = path = shown(path)
        super().__init__(f"{path}: {message}", rule=rule)


# ---------------------------------------------------------------------------
# Text from outside, made safe to show
# ---------------------------------------------------------------------------


def shown(text: object, limit: int | None = None) -> str:
    """``text`` as it may be shown on one line of a terminal or a page.

    Text that came from a file (a player's name, a card's label in a record) can hold line
    breaks, terminal escape sequences, bidirectional overrides, zero-width characters or lone
    surrogates. Each character that is not printable (Unicode's "other" and "separator"
    categories, but for the space) becomes a visible escape (``\\n``, ``\\x1b``,
    ``\\u202e``), so nothing from a file can break a line, move the cursor, reorder or hide
    what follows, or fail to encode. ``limit`` cuts long text with an ellipsis, never inside
    an escape; the result then has at most ``limit`` characters.

    >>> shown("Ann\\nBob\\u202e")
    'Ann\\\\nBob\\\\u202e'
    >>> shown("Zo\\u00eb\\x1b[2J", limit=8)
    'Zo\u00eb\\\\x1b\u2026'
    """
    text = str(text)
    if limit is not None and len(text) > limit:
        text = text[:limit]  # every character shows as one or more: enough to fill the limit
        cut = True
    else:
        cut = False
    if text.isprintable():
        pieces: Sequence[str] = text
    else:
        pieces = [ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text]
        text = "".join(pieces)
    if limit is None or (not cut and len(text) <= limit):
        return text
    out, room = [], max(0, limit - 1)
    for piece in pieces:
        if len(piece) > room:
            break
        out.append(piece)
        room -= len(piece)
    return "".join(out) + "\u2026"


# their public home: a traceback reads ``daynight.core.IllegalMoveError``, as the README shows
for _error in (DaynightError, IllegalMoveError, GameOverError, InvalidRecordError):
    _error.__module__ = "daynight.core"
del _error
