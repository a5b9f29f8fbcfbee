"""Every target of a practice table takes a click or a tap at its middle, on a desktop's table
and on a phone's: a target made of separate pieces (a sun or moon row of cards) is one target
across the gaps between them too. Chromium's own hit test (``elementFromPoint``) on the drawings
the practice deals, without Voila.

The cause found by CI: a row of two cards had its middle in the 4 px gap between them, where a
click reached the player's frame under the row and was not on the row (Playwright: "<rect ...>
intercepts pointer events"; a learner's tap there did nothing).
"""

from __future__ import annotations

import pytest
from daynight.widgets.practice import PracticeApp

from tests.frontend_support import FakeBrowser

#: the middle of each target (``[key, name]``) that something else covers: ``[name, what covers it]``
MISSED_JS = """(targets) => { const out = [];
  for (const [key, name] of targets) {
    const node = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (!node) { out.push([name, 'not drawn']); continue; }
    const r = node.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(hit === node || node.contains(hit))) out.push([name, hit ? hit.outerHTML.slice(0, 100) : null]);
  }
  return out; }"""


@pytest.mark.parametrize("width", [None, 390], ids=["wide", "390"])
@pytest.mark.parametrize("game", ["stars", "temples", "sunmoon", "mtg"])
def test_every_target_takes_a_click_at_its_middle(browser, game, width):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    missed = []
    try:
        for seed in range(8):
            screen = {"screen": "narrow", "width": width} if width else {}
            app = FakeBrowser().open(PracticeApp(game, seed=seed), **screen)
            for _ in range(3):
                table = app.table
                targets = [[t["key"], t["name"]] for t in table.targets if t.get("key")]
                page.set_content(f"<body style='margin:0'><div style='width:{width or 900}px'>{table.svg}</div></body>")
                # every target within the window: elementFromPoint sees only what is on the screen
                height = page.evaluate("document.documentElement.scrollHeight")
                page.set_viewport_size({"width": 1280, "height": max(800, height)})
                missed += [(seed, app.exercise.kind, *m) for m in page.evaluate(MISSED_JS, targets)]
                app.another()
    finally:
        page.close()
    assert not missed, f"targets whose middle is not theirs: {missed[:4]}"
