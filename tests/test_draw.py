"""The shared drawing primitives (``daynight.draw``) in more than one language: widths measured
for wide characters, a font stack that reaches a Traditional Chinese font, drawings that name
their language. (Each game's drawings have their own tests; the missing-glyph check, which
needs a browser, is tests/browser/test_glyphs.py.)"""

from __future__ import annotations

import unicodedata
import xml.etree.ElementTree as ET

import pytest

from daynight import draw as d
from daynight import i18n


@pytest.fixture
def restore_language():
    before = i18n.language()
    yield
    i18n.set_language(before)


@pytest.mark.parametrize(
    "text,ems",
    [
        ("pile 63", 7 * 0.6),
        ("日與夜", 3.0),  # wide: a full em each
        ("抽牌堆 63", 3 + 3 * 0.6),  # three wide, a space and two digits
        ("ＡＢ", 2.0),  # full-width Latin
        ("e\u0301", 0.6),  # a combining accent takes no room
        ("", 0.0),
    ],
)
def test_text_width_counts_a_wide_character_as_a_full_em(text, ems):
    assert d.text_width(text, 10) == pytest.approx(10 * ems)


def test_every_han_character_is_measured_wider_than_a_latin_letter():
    for cp in range(0x4E00, 0x9FFF, 97):  # a sample of the CJK Unified Ideographs
        ch = chr(cp)
        assert unicodedata.east_asian_width(ch) == "W"
        assert d.text_width(ch, 12) == pytest.approx(12)
        assert d.text_width(ch, 12) > d.text_width("m", 12)


def test_a_badge_is_as_wide_as_its_words_in_any_script():
    latin, chinese = d.badge("pile 63"), d.badge("抽牌堆 63")
    assert latin.w == pytest.approx(10 + d.text_width("pile 63", 13))
    assert chinese.w == pytest.approx(10 + d.text_width("抽牌堆 63", 13))
    assert chinese.w > latin.w
    # three Chinese characters need more room than three letters (the old estimate gave the same)
    assert d.badge("日與夜").w > d.badge("day").w


def test_a_limit_counts_latin_letters_widths_so_chinese_text_is_cut_shorter():
    latin = "abcdefghijklmnopqrstuvwxyz"
    assert d.esc(latin, 12) == "abcdefghijk\u2026"  # as before: 12 characters
    cut = d.esc("日排夜排收割自我毀滅日蝕月蝕抽牌堆棄牌堆", 12)
    assert cut.endswith("\u2026") and d.text_width(cut, 10) <= d.text_width("x" * 12, 10)
    assert d.esc("日與夜", 12) == "日與夜"  # what fits is not cut
    assert d.esc("caf\u00e9 au lait", 12) == "caf\u00e9 au lait"


def test_the_font_stack_names_a_traditional_chinese_font_for_every_system_after_the_latin_ones():
    families = [f.strip().strip("'") for f in d.FONT.split(",")]
    assert families[-1] == "sans-serif"
    for system_font in ("Noto Sans CJK TC", "PingFang TC", "Microsoft JhengHei"):  # Linux/Android, Apple, Windows
        assert system_font in families
    first_cjk = min(families.index(f.strip("'")) for f in d.CJK_FONTS)
    assert families.index("Segoe UI") < first_cjk and families.index("Roboto") < first_cjk
    svg = d.document(d.badge("日與夜"), label="日與夜").svg
    assert ET.fromstring(svg).get("font-family") == d.FONT


def test_a_drawing_names_its_language_and_speaks_it(restore_language):
    xml_lang = "{http://www.w3.org/XML/1998/namespace}lang"
    english = ET.fromstring(d.document(d.card_back(), label="a card").svg)
    assert english.get(xml_lang) == "en"
    assert "a face-down card" in d.words(d.document(d.card_back(), label="a card"))
    with i18n.in_language("zh-TW"):
        drawing = d.document(d.card_back(), label="一張牌")
        assert ET.fromstring(drawing.svg).get(xml_lang) == "zh-TW"
        assert i18n._("a face-down card") in d.words(drawing)
        assert "a face-down card" not in d.words(drawing)
    assert d.card_back(label="the back of a spell").svg.count("the back of a spell") == 2  # a given name stays
