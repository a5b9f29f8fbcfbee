"""Languages: every word a learner reads goes through here (gettext, standard library only).

Use ``_("...")`` for a sentence, ``ngettext(singular, plural, n)`` for one that depends on a
count, and ``N_("...")`` to mark a text for the catalogs where it is defined but translated
where it is shown. Build sentences from whole templates with named placeholders
(``_("{player} takes {card}").format(player=..., card=...)``), never from fragments: a
translator moves ``{card}`` where their language puts it. ``pgettext(context, "...")`` tells two
uses of one English word apart ("Day" the time card, "Day" a row).

One language speaks at a time, process-wide (one per app or notebook, each its own kernel):

>>> set_language("zh-TW")          # everything shown from now on
>>> with in_language("en"):        # a block in another language, then back
...     _("a face-down card")
'a face-down card'
>>> language()
'zh-TW'
>>> set_language("en")

Two apps in one kernel (two cells of one notebook) share that one language: an app that speaks
a language of its own (``SunMoonApp(language="zh-TW")``, its Language menu) sets it before each
thing it says -- every click, redraw and explanation -- and leaves it set, so each app shows its
own words and the kernel's language is the last speaker's. Code that prints between the apps'
turns says what language it wants (:func:`in_language`) rather than trusting the current one.

The catalogs are gettext's: ``daynight/locale/<lang>/LC_MESSAGES/daynight.po``, written by
translators, compiled to the ``daynight.mo`` beside it when the package is built (``setup.py``
runs Babel's compiler for wheels, sdists and editable installs), and read here by Python's own
``gettext``, so they work wherever Python does, Pyodide included. English is the source
language: it has no catalog. Plural forms follow each catalog's ``Plural-Forms`` header
(Chinese has one form, English two).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache, wraps
from gettext import GNUTranslations, NullTranslations
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

__all__ = [
    "COVERS",
    "DEFAULT",
    "DOMAIN",
    "GAME_PARTS",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "_",
    "catalog",
    "catalog_path",
    "covers",
    "gettext",
    "in_language",
    "known",
    "language",
    "ngettext",
    "npgettext",
    "pgettext",
    "remembered",
    "set_language",
]

#: the languages the package speaks: BCP 47 code -> the language's own name for itself
#: (what a language switch shows: "English / 繁體中文")
LANGUAGES = {"en": "English", "zh-TW": "繁體中文"}
DEFAULT = "en"  #: the source language (no catalog)
DOMAIN = "daynight"  #: the catalogs' file name: ``daynight.po``/``.mo``
LOCALE_DIR = Path(__file__).with_name("locale")  #: ``<lang>/LC_MESSAGES/daynight.mo`` under here

#: what each language's catalog translates in full: ``"common"`` (every part of the package that
#: is no game's: the table, the practice pages, the review app, the class server's pages) and the
#: games whose every word it has; a game it does not cover is shown in English, and its app says
#: so in one line. ``tests/test_i18n.py`` holds each catalog to what it claims here.
COVERS: dict[str, tuple[str, ...]] = {"zh-TW": ("common", "sunmoon")}
#: the games whose words a catalog can cover (their files are ``daynight/<game>/``,
#: ``widgets/<game>.py`` and the app's own modules ``widgets/<game>_*.py``)
GAME_PARTS = ("stars", "temples", "mtg", "sunmoon")

_current = DEFAULT
_translations: NullTranslations = NullTranslations()
_loaded: dict[str, NullTranslations] = {}


def covers(part: str, code: str | None = None) -> bool:
    """True when the language ``code`` (the current one by default) translates ``part`` (a game's
    name, or ``"common"``) in full; English covers everything."""
    code = known(code) if code is not None else _current
    return code == DEFAULT or part in COVERS.get(code, ())


def known(code: str) -> str:
    """``code`` as :data:`LANGUAGES` spells it (``zh_TW`` and ``zh-tw`` are ``zh-TW``), or a
    one-line ``ValueError`` naming the languages there are."""
    wanted = str(code).replace("_", "-").lower()
    for name in LANGUAGES:
        if name.lower() == wanted:
            return name
    raise ValueError(f"unknown language {code!r}; expected one of {', '.join(LANGUAGES)}")


def catalog_path(code: str) -> Path:
    """Where the compiled catalog of ``code`` lives (gettext spells ``zh-TW`` ``zh_TW``)."""
    return LOCALE_DIR / known(code).replace("-", "_") / "LC_MESSAGES" / f"{DOMAIN}.mo"


def catalog(code: str) -> NullTranslations:
    """The translations of ``code``, read once (English: none, the identity).

    A missing ``.mo`` is a package built without its catalogs: a one-line ``FileNotFoundError``
    says how to compile them, rather than English shown silently to a reader who asked for
    another language."""
    code = known(code)
    if code == DEFAULT:
        return NullTranslations()
    if code not in _loaded:
        path = catalog_path(code)
        try:
            with path.open("rb") as fh:
                _loaded[code] = GNUTranslations(fh)
        except FileNotFoundError:
            raise FileNotFoundError(
                f"no compiled catalog for {code} at {path}: reinstall the package "
                f"(pip install -e .) or run `make messages`"
            ) from None
    return _loaded[code]


def gettext(message: str) -> str:
    """``message`` in the current language. Import it as Python's own idiom has it,
    ``from daynight.i18n import gettext as _``: extraction finds the ``_(...)`` calls."""
    return _translations.gettext(message)


_ = gettext


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it here."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """``singular`` or ``plural`` for ``n``, in the current language (as many forms as its
    catalog's ``Plural-Forms`` header says)."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, as it is meant in ``context``."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` for a message meant in ``context``."""
    return _translations.npgettext(context, singular, plural, n)


P = ParamSpec("P")
R = TypeVar("R")


def remembered(maxsize: int = 128) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """``functools.lru_cache`` for a function whose result holds words: remembered per language
    (the current one is part of the key), so a drawing remembered in English is never shown
    to a reader who switched to another language, nor the other way round."""

    def remember(fn: Callable[P, R]) -> Callable[P, R]:
        @lru_cache(maxsize=maxsize)
        def in_one_language(code: str, *args: Any, **kwargs: Any) -> R:
            return fn(*args, **kwargs)

        @wraps(fn)
        def call(*args: P.args, **kwargs: P.kwargs) -> R:
            arguments: dict[str, Any] = kwargs  # hashable values, as lru_cache asks of every argument
            return in_one_language(_current, *args, **arguments)

        call.cache_clear = in_one_language.cache_clear  # type: ignore[attr-defined]
        return call

    return remember


def language() -> str:
    """The current language's code."""
    return _current


def set_language(code: str) -> None:
    """Choose the language of everything shown from now on (one per app or notebook)."""
    global _current, _translations
    translations = catalog(code)  # raises before anything changes
    _current, _translations = known(code), translations


@contextmanager
def in_language(code: str) -> Iterator[str]:
    """Run a block in language ``code``, then go back to the language before, even on an
    error. Process-wide like :func:`set_language` (not for two threads at once)."""
    before = _current
    set_language(code)
    try:
        yield _current
    finally:
        set_language(before)
