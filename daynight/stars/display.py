"""stars: how a value shows itself in a notebook, without importing the drawings.

A card, a finished round and a game draw themselves in a notebook (``_repr_html_``), but the
drawings (:mod:`.draw`) import those values, so the values cannot import the drawings. They
ask this registry instead, which :mod:`.draw` fills when it is imported (the package's
``__init__`` imports it, so the registry is full whenever a value exists):

>>> from daynight.stars import default_deck
>>> default_deck().cards[0]._repr_html_().startswith("<")
True

Standard library only; it imports nothing of the package.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

#: the type of a value -> the function that draws it (a :class:`daynight.draw.Drawing`)
DRAWERS: dict[type, Callable[..., Any]] = {}

F = TypeVar("F", bound=Callable[..., Any])


class draws:
    """``@draws(kind)``: register the decorated function as the drawing of values of ``kind``."""

    def __init__(self, kind: type):
        self.kind = kind

    def __call__(self, function: F) -> F:
        DRAWERS[self.kind] = function
        return function


def drawing(value: Any) -> Any:
    """The drawing of ``value`` by the function registered for its type (or a base type)."""
    for kind in type(value).__mro__:
        if kind in DRAWERS:
            return DRAWERS[kind](value)
    raise LookupError(f"no drawing is registered for {type(value).__name__}; import daynight.stars.draw")
