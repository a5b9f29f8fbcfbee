"""temples: how a value shows itself in a notebook, without importing the drawings.

The values of the game (the game itself, a spell, a book) sit below the drawings in the
package (``draw.py`` imports them), so their ``_repr_html_`` asks this registry for the drawing
of their kind, which ``draw.py`` fills when it is imported (``daynight.temples`` imports it).
Standard library only; it imports nothing of the package.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["drawing", "register"]

_DRAWERS: dict[str, Callable[[Any], Any]] = {}


def register(kind: str, draw: Callable[[Any], Any]) -> None:
    """Draw every value of ``kind`` (``"table"``, ``"spell"``, ``"book"``) with ``draw``."""
    _DRAWERS[kind] = draw


def drawing(kind: str, value: Any) -> Any:
    """The drawing of ``value``, a ``kind`` (a :class:`daynight.draw.Drawing`)."""
    draw = _DRAWERS.get(kind)
    if draw is None:
        raise LookupError(f"no drawing of a {kind} is registered (import daynight.temples.draw)")
    return draw(value)
