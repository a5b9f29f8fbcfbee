"""The review on a phone held upright (issue 23) and in Traditional Chinese (issue 22), in
Chromium at 390x844 with touch:

* the review app (``notebooks/review.ipynb`` in Voila) with each game's demo: the game's narrow
  table at scale 1, words of at least 11 px, targets and controls of at least 44 px, nothing
  scrolling sideways, the step buttons on the first screen with the table, stepping by tap;
* the HTML file of each game's demo (``daynight.review.html``): the same measures, its narrow
  drawings shown at scale 1, stepping by tap, turned to landscape and back on the same step;
* the HTML file of a Sonne und Mond game in zh-TW: ``lang="zh-Hant-TW"`` and its controls' names
  in Traditional Chinese.

``DAYNIGHT_SCREENSHOTS=1`` also writes ``docs/review-phone-<game>-390x844.png`` (the review app)
and ``docs/review-zh-TW-1280x800.png`` (``make test`` writes nothing)."""

from __future__ import annotations

import os

import pytest

from daynight import GAMES, game_module, i18n
from daynight.review import NARROW_FILE_WIDTH, Review, write_html
from tests import review_support as support
from tests.browser.conftest import ROOT, AppPage, _need_browser, answer_to, assert_phone_ready, phone_context

SCREENSHOTS = bool(os.environ.get("DAYNIGHT_SCREENSHOTS"))
READY = ".dn-table [data-target]"
WIDTH_JS = "w => { const s = document.querySelector('.dn-drawing svg'); return s && s.viewBox.baseVal.width === w; }"

#: the review file's measures (its page is not Voila's: no ``#rendered_cells``, its drawing in
#: ``#dn-drawing``): the smallest words (HTML at its size, the drawing's at its size times its
#: scale), the smallest controls (short side), the drawing's viewBox and shown width, where the
#: step buttons end and the drawing starts, and how far the page scrolls sideways
FILE_JS = """() => {
  const shown = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const words = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest('svg, script, style') || !shown(el)) continue;
    words.push({size: parseFloat(getComputedStyle(el).fontSize), text: n.textContent.trim().slice(0, 40)});
  }
  const svg = document.querySelector('#dn-drawing > svg');
  const box = svg.viewBox.baseVal, rect = svg.getBoundingClientRect(), scale = rect.width / box.width;
  for (const t of svg.querySelectorAll('text')) {
    if (t.textContent.trim())
      words.push({size: parseFloat(getComputedStyle(t).fontSize) * scale, text: t.textContent.trim().slice(0, 40)});
  }
  const targets = [];
  for (const el of document.querySelectorAll('button, input, select, a[href]')) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    targets.push({side: Math.min(r.width, r.height), name: (el.getAttribute('aria-label') || el.textContent
      || el.tagName).trim().slice(0, 40)});
  }
  words.sort((a, b) => a.size - b.size);
  targets.sort((a, b) => a.side - b.side);
  const buttons = [...document.querySelectorAll('nav [data-go]')].map(b => b.getBoundingClientRect().bottom);
  return {words: words.slice(0, 5), targets: targets.slice(0, 5), viewBox: box.width, shown: rect.width,
          buttonsEnd: Math.max(...buttons), drawingTop: rect.top, layout: document.body.dataset.layout,
          sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}"""


def assert_file_ready(page) -> dict:
    """Fail on a word under 11 px, a control under 44 px, a sideways scroll, a drawing not the
    narrow one at scale 1, or step buttons or a table below the first screen."""
    m = page.evaluate(FILE_JS)
    assert m["sideways"] <= 1, f"the page scrolls sideways by {m['sideways']} px"
    assert m["words"][0]["size"] >= 11 - 0.01, f"words under 11 px: {m['words']}"
    assert m["targets"][0]["side"] >= 44 - 0.5, f"controls under 44 px: {m['targets']}"
    assert m["layout"] == "narrow" and m["viewBox"] == NARROW_FILE_WIDTH, m
    assert abs(m["shown"] - m["viewBox"]) < 0.5, f"the drawing is shown at another scale: {m}"
    height = page.viewport_size["height"]
    assert m["buttonsEnd"] <= height and m["drawingTop"] < height - 100, f"below the first screen: {m}"
    return m


@pytest.fixture(scope="module")
def phone(browser):
    _need_browser()
    context = phone_context(browser, "390x844")
    yield context
    context.close()


@pytest.mark.parametrize("name", list(GAMES))
def test_the_html_file_of_each_game_is_read_and_stepped_by_touch_on_a_phone(phone, tmp_path, name):
    review, text = support.demo_export(name)
    out = tmp_path / f"{name}.html"
    out.write_text(text, encoding="utf-8")
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(out.as_uri())
        page.wait_for_selector("body[data-ready='1']")
        assert_file_ready(page)
        for n in (1, 2, 3):
            page.get_by_role("button", name="Next move").tap()
            page.wait_for_selector(f"body[data-step='{n}']")
            assert page.inner_text("#dn-where") == review.describe(n)
        page.get_by_role("button", name="Back one move").tap()
        page.wait_for_selector("body[data-step='2']")
        page.get_by_role("button", name=f"Next {review.word}").tap()
        page.wait_for_selector(f"body[data-step='{review.next_group(2)}']")
        assert_file_ready(page)
        page.set_viewport_size({"width": 844, "height": 390})
        page.wait_for_selector("body[data-layout='wide']")  # a selector, not a script: the file's CSP forbids eval
        assert page.get_attribute("body", "data-step") == str(review.next_group(2))
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_selector("body[data-layout='narrow']")
        assert page.get_attribute("body", "data-step") == str(review.next_group(2))
        assert_file_ready(page)
    finally:
        page.close()
    assert not errors, errors[:3]


def test_the_review_app_shows_each_game_narrow_and_steps_by_touch_on_a_phone(phone, voila):
    page = phone.new_page()
    page.set_default_timeout(60_000)
    try:
        app = AppPage(page, voila.url)
        app.open("review.ipynb", wait_for=READY)
        page.wait_for_function("document.querySelector('.dn-table').dataset.screen === 'narrow'")
        width = page.evaluate("document.querySelector('.dn-table').clientWidth")
        assert width <= 390
        for name in GAMES:
            label = f"{game_module(name).GAME.title} (seed {support.SEED})"
            before = page.get_attribute(".dn-table", "data-epoch")
            page.get_by_label("Demo game").select_option(label=label)
            page.wait_for_function(
                "t => [...document.querySelectorAll('.dn-status-ok')].some(e => e.innerText.includes(t))", arg=label
            )
            # the message and the table are two widgets: wait for the table drawn anew, at the start
            page.wait_for_function(
                "old => { const t = document.querySelector('.dn-table'); return t.dataset.epoch !== old"
                " && t.querySelector('.dn-status').innerText.startsWith('The start'); }",
                arg=before,
            )
            page.wait_for_function(WIDTH_JS, arg=width)
            assert_phone_ready(page)
            # the step buttons on the first screen, with the top of the table
            nxt = page.get_by_role("button", name="Next move")
            box, table = nxt.bounding_box(), page.locator(".dn-drawing svg").first.bounding_box()
            assert box and table and box["y"] + box["height"] <= 844 and table["y"] < 844 - 100, (box, table)
            for n in (1, 2):
                answer_to(page, nxt.tap)
                assert page.inner_text(".dn-table .dn-status").startswith(f"Move {n} of ")
            page.wait_for_function(WIDTH_JS, arg=width)
            assert_phone_ready(page)
            if SCREENSHOTS:
                page.screenshot(path=str(ROOT / "docs" / f"review-phone-{name}-390x844.png"))
        app.assert_clean()
    finally:
        page.close()


@pytest.fixture
def zh_tw():
    """zh-TW as the language shown, read from the package's own catalog (the one a reader gets)."""
    with i18n.in_language("zh-TW"):
        yield


def test_the_html_file_of_a_sunmoon_game_in_zh_tw(browser, zh_tw, tmp_path):
    out = tmp_path / "sunmoon-zh.html"
    review = write_html(support.demo_record("sunmoon"), out)
    assert isinstance(review, Review)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(out.as_uri())
        page.wait_for_selector("body[data-ready='1']")
        assert page.get_attribute("html", "lang") == "zh-Hant-TW"
        assert page.get_attribute("#dn-drawing > svg", "xml:lang") == "zh-TW"
        page.get_by_role("button", name="下一步").click()
        page.get_by_role("button", name="下一回合").click()
        step = int(page.get_attribute("body", "data-step"))
        assert step == review.next_group(1) and page.inner_text("#dn-where") == review.describe(step)
        assert page.inner_text("#dn-where").startswith(f"第 {step} 步")
        assert page.get_by_label("步數").input_value() == str(step)
        names = [page.evaluate("b => b.textContent", b) for b in page.query_selector_all("nav button")]
        assert names == ["開始", "上一回合", "上一步", "下一步", "下一回合", "結束", "前往"], names
        if SCREENSHOTS:
            page.screenshot(path=str(ROOT / "docs" / "review-zh-TW-1280x800.png"))
    finally:
        context.close()
