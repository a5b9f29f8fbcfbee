"""sunmoon's words: what ``words.said`` remembers is what ``_()`` says, in every language."""

from __future__ import annotations

import pytest

from daynight import i18n
from daynight.sunmoon import words
from daynight.sunmoon.data import ANIMAL_WORDS

TEMPLATES = [
    words.YOU,
    words.ANIMAL,
    *words.STARTS.values(),
    *words.COVERED.values(),
    *words.RESTORES.values(),
    *words.PLACED.values(),
    *ANIMAL_WORDS.values(),
]


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_said_is_what_gettext_says(code):
    words.said.cache_clear()
    with i18n.in_language(code):
        for template in TEMPLATES:
            assert words.said(template, code) == i18n.gettext(template)
            assert words.said(template, code) == i18n.gettext(template)  # the remembered answer too


class Marked:
    """A stand-in catalog that translates every text (the real zh-TW one has no sunmoon words yet)."""

    def gettext(self, message):
        return f"<{message}>"


def test_said_keeps_languages_apart(monkeypatch):
    """A sentence remembered in one language is not said in another, and a template is the
    language's catalog's."""
    real = i18n.catalog
    monkeypatch.setattr(i18n, "catalog", lambda code: Marked() if code == "zh-TW" else real(code))
    words.said.cache_clear()
    try:
        for template in TEMPLATES:
            assert words.said(template, "zh-TW") == f"<{template}>"
            assert words.said(template, "en") == template
            assert words.said(template, "zh-TW") == f"<{template}>"
    finally:
        words.said.cache_clear()
