"""Languages: every word a learner reads goes through here (gettext, standard library only).

Use ``_("...")`` for a sentence, ``ngettext(singular, plural, n)`` for one that depends on a
count, and ``N_("...")`` to mark a text for the catalogs where it is defined but translated
where it is shown. Build sentences from whole templates with named placeholders
(``_("{player} takes {card}").format(player=..., card=...)``), never from fragments.

This is the interface; the catalogs (``daynight/locale/<lang>/LC_MESSAGES/daynight.po``,
compiled to ``.mo`` when the package is built) and the language switch are issue 22's.
"""

from __future__ import annotations

__all__ = ["_", "N_", "ngettext", "language", "set_language", "LANGUAGES"]

#: the languages the package speaks: code -> its own name for itself
LANGUAGES = {"en": "English"}

_current = "en"


def _(message: str) -> str:
    """``message`` in the current language."""
    return message


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it here."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """``singular`` or ``plural`` for ``n``, in the current language."""
    return singular if n == 1 else plural


def language() -> str:
    """The current language's code."""
    return _current


def set_language(code: str) -> None:
    """Choose the language of everything shown from now on (one per app or notebook)."""
    global _current
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; expected one of {sorted(LANGUAGES)}")
    _current = code
