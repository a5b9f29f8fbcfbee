"""mtg: the tracker's table on a phone held upright (issue 23)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .. import draw as d
from .view import View

__all__ = ["table_narrow"]


def table_narrow(
    view: View,
    width: float,
    *,
    events: Iterable[Any] = (),
    selected: int | None = None,
    forecast_shown: bool = True,
    answers: Sequence[d.Piece] = (),
    answers_title: str = "",
) -> d.Drawing:
    raise NotImplementedError
