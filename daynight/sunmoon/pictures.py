"""sunmoon: how the game's values show themselves in a notebook, without a circle of imports.

A card and a game show their drawing in a notebook (``_repr_html_``), but the drawings
(``draw.py``) sit above the values they draw: ``draw.py`` imports the engine, so the engine
may not import ``draw.py``. This registry turns that one arrow around: when ``draw.py`` is
imported (``daynight.sunmoon`` imports it at once) it registers its drawing of each kind of
value here, and a value asks here for its drawing. Nothing here imports the package.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: the kind of value (a class) -> the function that draws it (``draw.card_drawing``, ``draw.table``)
DRAWINGS: dict[type, Callable[[Any], Any]] = {}


def register(kind: type, drawing: Callable[[Any], Any]) -> None:
    """Draw values of ``kind`` (and of its subclasses) with ``drawing(value) -> Drawing``."""
    DRAWINGS[kind] = drawing


def html(value: Any) -> str:
    """The drawing of ``value`` as HTML, for its ``_repr_html_``."""
    for kind in type(value).__mro__:
        if kind in DRAWINGS:
            return str(DRAWINGS[kind](value)._repr_html_())
    raise LookupError(f"no drawing is registered for a {type(value).__name__}")
