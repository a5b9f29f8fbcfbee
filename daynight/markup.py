"""Markup kept in files, and HTML in which text is escaped by construction.

HTML, JavaScript and CSS live in package data files beside the module that uses them
(``daynight/review.html``, ``widgets/table.js``...), read with :mod:`importlib.resources`
(:func:`resource`), so they work from an installed wheel and from the source tree alike.

Text goes into HTML through :func:`fill`: a :class:`string.Template` whose every value is
escaped (with :func:`~daynight.errors.shown`, so text from a record stays on one line) unless
it is :class:`Markup`, HTML already made safe (a drawing, a fragment :func:`fill` built). So a
call site cannot forget to escape: a plain ``str`` is always text.

>>> item = Template('<li>$text <span class="dn-rule">[$rule]</span></li>')
>>> fill(item, text="Ann <script>", rule="1. turn & order")
'<li>Ann &lt;script&gt; <span class="dn-rule">[1. turn &amp; order]</span></li>'
>>> fill(Template("<p>$body</p>"), body=Markup("<b>kept</b>"))
'<p><b>kept</b></p>'

Standard library only.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from functools import cache
from importlib import resources
from string import Template

from .errors import shown

__all__ = ["Markup", "Template", "escape", "fill", "join", "resource"]


class Markup(str):
    """HTML (or SVG, JavaScript, CSS) that is safe to insert as it is."""

    __slots__ = ()


def escape(value: object) -> Markup:
    """``value`` as HTML text: one line (:func:`~daynight.errors.shown`), ``& < > " '`` escaped.
    :class:`Markup` is returned unchanged."""
    if isinstance(value, Markup):
        return value
    return Markup(html.escape(shown(value)))


def fill(template: Template, **values: object) -> Markup:
    """``template`` with every ``$name`` replaced by its value, escaped unless it is
    :class:`Markup`; a missing value is a ``KeyError`` (never a ``$name`` left in a page)."""
    return Markup(template.substitute({name: escape(value) for name, value in values.items()}))


def join(pieces: Iterable[Markup], sep: str = "") -> Markup:
    """Pieces of safe markup joined into one (each must already be :class:`Markup`)."""
    items = list(pieces)
    for piece in items:
        if not isinstance(piece, Markup):
            raise TypeError(f"join takes Markup only, not {type(piece).__name__}: escape text with fill()")
    return Markup(sep.join(items))


@cache
def resource(package: str, name: str) -> str:
    """The text of the data file ``name`` of ``package`` (``resource("daynight", "review.css")``),
    read once."""
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")
