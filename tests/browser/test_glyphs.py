"""Missing glyphs (issue 22): zh-TW words drawn by ``daynight.draw`` show as words in Chromium,
not as boxes ("tofu").

Every character the zh-TW catalog can show (its translations and the glossary in its header)
and the title 日與夜 is drawn with :func:`daynight.draw.text` in a drawing of
:func:`daynight.draw.document` (its font stack, its ``xml:lang``), one character to a cell. Two
code points that no font has (unassigned ones) are drawn beside them: Chromium shows each as
the same missing-glyph box. A character whose cell is pixel for pixel that box, or blank, has
no glyph on this machine. The screenshot is compared, not the CSS font list, so the check fails
when the font is absent: the second test hides the CJK fonts from Chromium (fontconfig) and
sees it fail. CI installs Debian's ``fonts-noto-cjk`` (.ci/run).
"""

from __future__ import annotations

import base64
import os
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from daynight import draw as d
from daynight import i18n
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, IN_CI, _need_browser

PO = Path(i18n.__file__).with_name("locale") / "zh_TW" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
TITLE = "日與夜"
#: unassigned code points: no font has a glyph for them, so Chromium draws its missing-glyph box
NO_GLYPH = ("\u0378", "\u0379")
CELL, SIZE, PER_ROW = 48, 32, 16
INSTALL = "install a Traditional Chinese font: apt-get install fonts-noto-cjk (as .ci/run does)"

#: each cell of the screenshot (its data-key) as a hash of its pixels and how many are dark
CELLS_JS = """async (png) => {
  const img = new Image();
  img.src = 'data:image/png;base64,' + png;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.width; canvas.height = img.height;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  ctx.drawImage(img, 0, 0);
  const out = {};
  for (const cell of document.querySelectorAll('[data-key]')) {
    const r = cell.querySelector('rect').getBoundingClientRect();
    const px = ctx.getImageData(Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)).data;
    let hash = 2166136261, dark = 0;
    for (let i = 0; i < px.length; i++) hash = Math.imul(hash ^ px[i], 16777619) >>> 0;
    for (let i = 0; i < px.length; i += 4) if (px[i] + px[i + 1] + px[i + 2] < 384) dark++;
    out[cell.dataset.key] = [hash, dark];
  }
  return out;
}"""


def shown_characters() -> list[str]:
    """Every character the zh-TW catalog can show, and the title: each non-ASCII one once."""
    with PO.open("rb") as fh:
        catalog = read_po(fh)
    texts = [TITLE, catalog.header_comment]
    for message in catalog:
        if message.id:
            texts += list(message.string) if message.pluralizable else [message.string]
    chars = {ch for text in texts for ch in text if not ch.isascii() and ch.isprintable() and not ch.isspace()}
    return sorted(chars)


def cell(value: str, key: str) -> d.Piece:
    body = d.rect(0, 0, CELL, CELL, fill="#ffffff", stroke=None) + d.text(
        CELL / 2, SIZE + 6, value, size=SIZE, anchor="middle"
    )
    return d.Piece(CELL, CELL, d.group(body, key=key))


def no_glyph_cell(codepoint: str, key: str) -> d.Piece:
    """A cell like :func:`cell` of a code point :func:`daynight.draw.esc` would show escaped."""
    piece = cell("X", key)
    return d.Piece(CELL, CELL, piece.svg.replace(">X</text>", f">&#x{ord(codepoint):x};</text>"))


def probe_page(chars: list[str]) -> str:
    """The characters drawn by daynight.draw in zh-TW, then the two cells of no glyph."""
    with i18n.in_language("zh-TW"):
        cells = [cell(ch, f"c{i}") for i, ch in enumerate(chars)]
        cells += [no_glyph_cell(cp, f"none{i}") for i, cp in enumerate(NO_GLYPH)]
        rows = [d.row(cells[i : i + PER_ROW], gap=0) for i in range(0, len(cells), PER_ROW)]
        drawing = d.document(d.column(rows, gap=0), label=TITLE)
    return f'<!doctype html><html lang="zh-TW"><body style="margin:0">{drawing.svg}</body></html>'


def missing_glyphs(browser, chars: list[str]) -> list[str]:
    """The characters of ``chars`` this browser draws as its missing-glyph box (or not at all)."""
    page = browser.new_page(viewport={"width": CELL * PER_ROW + 40, "height": 600})
    try:
        page.set_content(probe_page(chars))
        page.evaluate("document.fonts.ready")
        png = base64.b64encode(page.screenshot(full_page=True)).decode()
        cells = page.evaluate(CELLS_JS, png)
    finally:
        page.close()
    box = {tuple(cells[f"none{i}"]) for i in range(len(NO_GLYPH))}
    assert len(box) == 1, "two code points without a glyph are drawn differently: this check cannot tell boxes apart"
    ((box_hash, _),) = box
    return [ch for i, ch in enumerate(chars) if cells[f"c{i}"][0] == box_hash or cells[f"c{i}"][1] == 0]


def fonts_covering(*chars: str) -> set[str]:
    """Font files fontconfig finds for any of ``chars`` or for zh-TW (empty without fc-list)."""
    if not shutil.which("fc-list"):
        return set()
    patterns = [":lang=zh-tw", *(f":charset={ord(ch):x}" for ch in chars)]
    files = set()
    for pattern in patterns:
        out = subprocess.run(["fc-list", "--format", "%{file}\n", pattern], capture_output=True, text=True, timeout=60)
        files |= set(filter(None, out.stdout.splitlines()))
    return files


def test_zh_tw_words_drawn_by_daynight_draw_have_glyphs(browser):
    chars = shown_characters()
    assert TITLE[0] in chars and len(chars) >= 20  # the catalog's words and its glossary
    assert all(unicodedata.category(ch)[0] in "LNPS" for ch in chars)
    missing = missing_glyphs(browser, chars)
    if missing and not IN_CI and shutil.which("fc-list") and not fonts_covering(*TITLE):
        pytest.skip(f"no font on this machine has {''.join(missing[:12])}...: {INSTALL}")
    assert not missing, f"drawn as missing-glyph boxes: {''.join(missing)}; {INSTALL}"


def test_the_check_sees_the_boxes_when_the_chinese_fonts_are_hidden(browser, tmp_path):
    """The same check, in a Chromium whose fontconfig lists every font of this machine but those
    with Chinese characters: every Chinese character is then a box, and the check says so."""
    _need_browser()
    if not shutil.which("fc-list"):
        if IN_CI:
            pytest.fail("fc-list is missing: apt-get install fontconfig")
        pytest.skip("fc-list is missing: apt-get install fontconfig")
    every = subprocess.run(["fc-list", "--format", "%{file}\n"], capture_output=True, text=True, timeout=60)
    kept = sorted(set(filter(None, every.stdout.splitlines())) - fonts_covering(*TITLE))
    assert kept, "fontconfig lists no font without Chinese characters"
    folder = tmp_path / "fonts"
    folder.mkdir()
    for i, path in enumerate(kept):
        (folder / f"{i:03d}-{Path(path).name}").symlink_to(path)
    conf = tmp_path / "fonts.conf"
    conf.write_text(
        f'<?xml version="1.0"?>\n<fontconfig><dir>{folder}</dir><cachedir>{tmp_path / "cache"}</cachedir>'
        f"</fontconfig>\n",
        encoding="utf-8",
    )
    exe = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    hidden = browser.browser_type.launch(
        executable_path=exe, args=CHROMIUM_ARGS, env={**os.environ, "FONTCONFIG_FILE": str(conf)}
    )
    try:
        chars = shown_characters()
        missing = missing_glyphs(hidden, chars)
    finally:
        hidden.close()
    han = [ch for ch in chars if unicodedata.name(ch, "").startswith("CJK UNIFIED IDEOGRAPH")]
    assert set(TITLE) <= set(han) <= set(missing), f"boxes not seen for {sorted(set(han) - set(missing))}"
