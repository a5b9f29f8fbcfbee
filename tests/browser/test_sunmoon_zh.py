"""日與夜 in Traditional Chinese in the Voila app (issue 22), in headless Chromium: the zh-TW page
(``sunmoon/play.zh-TW.ipynb``) played to its end by clicking the drawn table, switched to English
mid-game and back by its Language menu, with no word drawn as a missing-glyph box.

The words the test looks for are the zh-TW catalog's (``i18n.catalog("zh-TW")``), not copied
here. The glyph check draws every character the page shows, in the page itself with the page's
fonts (the HTML's and the drawing's), beside two code points no font has: a character drawn as
that same box, or blank, has no glyph (the method of ``tests/browser/test_glyphs.py``)."""

from __future__ import annotations

import base64
import re

from daynight import i18n
from daynight.sunmoon import BOTS
from tests.browser.conftest import click_target as click
from tests.browser.conftest import table_epoch as epoch
from tests.browser.conftest import table_status as status
from tests.browser.test_sunmoon_app import next_action
from tests.test_sunmoon_zh import english_left

APP = "sunmoon/play.zh-TW.ipynb"
ZH = i18n.catalog("zh-TW")
GAME_OVER = ZH.gettext("Game over: {players} wins with {score}.").split("{")[0]  # 遊戲結束：
KEPT_JS = "() => JSON.parse(localStorage.getItem('daynight.game.v1.sunmoon') || 'null')?.record"
#: the log as a learner reads it, each entry without its rule's id (``[placing]``: the record's, English)
LOG_JS = """() => [...document.querySelectorAll('.dn-log li')].map(li => {
  const c = li.cloneNode(true); c.querySelectorAll('.dn-rule').forEach(r => r.remove()); return c.innerText; })"""


def settled(page, before: str) -> None:
    """Wait until the table is redrawn and waits for you (the bots' and the server's waiting
    words all end with an ellipsis)."""
    page.wait_for_function(
        "old => { const t = document.querySelector('.dn-table'); const s = t.querySelector('.dn-status').innerText;"
        " return t.dataset.epoch !== old && !t.classList.contains('dn-waiting') && !/(…|\\.\\.\\.)$/.test(s.trim()); }",
        arg=before,
    )


def play(page, moves: int | None = None, limit: int = 300) -> int:
    """Click what a player would (``next_action``) until ``moves`` of your moves are made or the
    game is over; the number of your moves."""
    made = 0
    for _ in range(limit):
        if status(page).startswith(GAME_OVER) or (moves is not None and made >= moves):
            return made
        target = next_action(page)
        assert target, f"nothing to choose: {status(page)}"
        name = page.get_attribute(f"[data-target='{target}']", "aria-label") or target
        made += not name.startswith((ZH.gettext("pick up {card}").split("{")[0], "pick up"))
        before = epoch(page)
        click(page, target)
        settled(page, before)
    raise AssertionError(f"no end after {limit} choices: {status(page)}")


def switch(page, language: str) -> None:
    """Choose ``language`` ("English", "繁體中文") in the bar's Language menu (by its accessible name)."""
    menu = page.locator(".dn-app-top select").first
    assert menu.evaluate("m => [...m.options].map(o => o.text)") == list(i18n.LANGUAGES.values())
    label = menu.evaluate("m => m.labels[0]?.innerText || m.getAttribute('aria-label') || ''")
    assert label.strip() in {"Language", ZH.gettext("Language")}, label
    before = epoch(page)
    page.get_by_role("combobox", name=label.strip(), exact=True).select_option(label=language)
    page.wait_for_function("old => document.querySelector('.dn-table').dataset.epoch !== old", arg=before)


def english_on_the_page(page) -> list[str]:
    """The English words left in the status line and the log (players' and bots' names aside)."""
    said = [status(page), *page.evaluate(LOG_JS)]
    return [w for text in said for w in english_left(text, ["Ada", "Bo", "你", *BOTS])]


#: every character of the page's text, drawn one to a cell in the page's own fonts, beside two
#: code points no font has; each cell's pixels hashed from a screenshot
PROBE_JS = """([chars, none]) => {
  const html = getComputedStyle(document.querySelector('.dn-table .dn-status')).fontFamily;
  const svgText = document.querySelector('.dn-drawing svg text');
  const drawn = svgText ? getComputedStyle(svgText).fontFamily : html;
  const box = document.createElement('div');
  box.id = 'glyph-probe';
  box.lang = 'zh-TW';
  box.style.cssText = 'position:fixed;left:0;top:0;z-index:2147483647;background:#fff;display:grid;' +
    'grid-template-columns:repeat(24, 40px);';
  const cells = [];
  for (const [font, prefix] of [[html, 'h'], [drawn, 'd']]) {
    [...chars, ...none].forEach((ch, i) => {
      const c = document.createElement('div');
      c.style.cssText = `width:40px;height:40px;font:28px/40px ${font};text-align:center;color:#000;background:#fff`;
      c.textContent = ch; c.dataset.key = prefix + i; box.appendChild(c); cells.push(c);
    });
  }
  document.body.appendChild(box);
  return cells.length;
}"""
HASH_JS = """async (png) => {
  const img = new Image(); img.src = 'data:image/png;base64,' + png; await img.decode();
  const canvas = document.createElement('canvas'); canvas.width = img.width; canvas.height = img.height;
  const ctx = canvas.getContext('2d', {willReadFrequently: true}); ctx.drawImage(img, 0, 0);
  const out = {};
  for (const cell of document.querySelectorAll('#glyph-probe [data-key]')) {
    const r = cell.getBoundingClientRect();
    const px = ctx.getImageData(Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)).data;
    let hash = 2166136261, dark = 0;
    for (let i = 0; i < px.length; i++) hash = Math.imul(hash ^ px[i], 16777619) >>> 0;
    for (let i = 0; i < px.length; i += 4) if (px[i] + px[i + 1] + px[i + 2] < 384) dark++;
    out[cell.dataset.key] = [hash, dark];
  }
  document.getElementById('glyph-probe').remove();
  return out;
}"""
NO_GLYPH = ("\u0378", "\u0379")  # unassigned: every font lacks them


def missing_glyphs(page) -> list[str]:
    """The characters of the page's text (its HTML and its drawing) that its fonts draw as the
    missing-glyph box, or not at all."""
    text = page.evaluate(
        "() => document.body.innerText + [...document.querySelectorAll('svg text')].map(t => t.textContent).join('')"
    )
    chars = sorted({ch for ch in text if not ch.isascii() and ch.isprintable() and not ch.isspace()})
    assert "日" in chars and len(chars) >= 40, chars
    page.evaluate(PROBE_JS, [chars, list(NO_GLYPH)])
    cells = page.evaluate(HASH_JS, base64.b64encode(page.screenshot()).decode())
    missing = []
    for prefix in ("h", "d"):
        box = {tuple(cells[f"{prefix}{len(chars) + i}"]) for i in range(len(NO_GLYPH))}
        assert len(box) == 1, "two code points without a glyph are drawn differently: boxes cannot be told apart"
        ((box_hash, _dark),) = box
        missing += [
            ch for i, ch in enumerate(chars) if cells[f"{prefix}{i}"][0] == box_hash or not cells[f"{prefix}{i}"][1]
        ]
    return sorted(set(missing))


def test_a_zh_tw_game_by_clicking_switched_to_english_and_back(app):
    page = app.open(APP, wait_for=".dn-table [data-target]")
    assert "日與夜" in page.inner_text("h1")
    page.get_by_role("button", name=ZH.gettext("Play a game"), exact=True).click()  # the guided game's offer
    page.wait_for_function("document.querySelector('.dn-table .dn-note').hidden")
    assert status(page).endswith(ZH.gettext("Your turn: click a card in your hand.")), status(page)
    assert page.get_by_role("button", name=ZH.gettext("Hint"), exact=True).count() == 1
    assert play(page, 3) == 3
    assert not english_on_the_page(page), english_on_the_page(page)
    moves = page.evaluate(KEPT_JS)["moves"]

    switch(page, "English")  # mid-game: every word anew, the same game
    page.wait_for_function("() => document.querySelector('.dn-table .dn-status').innerText.startsWith('Your turn')")
    # the log (updated before the table is drawn) is said anew from its first line
    page.wait_for_function(f"() => ({LOG_JS})()[0]?.startsWith('The 68 cards are shuffled')")
    log = page.evaluate(LOG_JS)
    assert log[0].startswith("The 68 cards are shuffled") and not re.search("[\u4e00-\u9fff]", " ".join(log))
    assert page.get_by_role("button", name="New game", exact=True).count() == 1
    assert page.evaluate(KEPT_JS)["moves"] == moves and page.evaluate(KEPT_JS)["setup"]["names"][0] == "You"
    assert play(page, 1) == 1  # the game goes on in English

    switch(page, "繁體中文")
    page.wait_for_function("w => document.querySelector('.dn-table .dn-status').innerText.startsWith(w)", arg="輪到你")
    assert page.evaluate(KEPT_JS)["moves"][: len(moves)] == moves
    assert not english_on_the_page(page), english_on_the_page(page)
    assert play(page) >= 3 and status(page).startswith(GAME_OVER)
    assert not english_on_the_page(page), english_on_the_page(page)
    assert not missing_glyphs(page), "drawn as missing-glyph boxes (apt-get install fonts-noto-cjk)"
    app.assert_clean()
