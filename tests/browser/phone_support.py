"""What the phone tests check of a page's first screen (issue 23), shared by
``tests/browser/test_<game>_phone.py``: the decision of the moment and its controls inside the
viewport as the page opened (bounding boxes against the viewport's height), a refused tap answered
where the learner looks (the explanation inside the viewport, without scrolling), and no text of
the page showing an error's state string (``DaynightError.state``, meant for bug reports).
"""

from __future__ import annotations

import re

#: the state strings of each game's ``describe()`` as they would follow a refusal's rule
STATE = {
    "stars": re.compile(r"\(stars, round \d"),
    "temples": re.compile(r"\(temples turn \d"),
    "sunmoon": re.compile(r"\(move \d+, [^)]* to move"),
    "mtg": re.compile(r"\(mtg turn \d"),
}
#: ``str(error)`` of a refusal: its rule, then the state in parentheses
RULE_THEN_STATE = re.compile(r"\[rule: [^\]]*\] \(")
PAGE_TEXT_JS = "() => (document.querySelector('#rendered_cells') || document.body).innerText"
BOXES_JS = """els => els.filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
  .map((e) => { const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, name: (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 50)}; })"""
SAID_JS = "s => document.querySelector('.dn-table').dataset.said !== s"
#: the drawing's viewBox width, the width it is shown in, and the content box of the element it fills
WIDTHS_JS = """() => { const svg = document.querySelector('.dn-table .dn-drawing svg');
  if (!svg) return null;
  const box = svg.parentElement.getBoundingClientRect(), s = getComputedStyle(svg.parentElement);
  const content = box.width - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  return {viewBox: svg.viewBox.baseVal.width, shown: svg.getBoundingClientRect().width, content,
          table: document.querySelector('.dn-table').getBoundingClientRect().width,
          screen: document.querySelector('.dn-table').dataset.screen}; }"""
#: the drawing made for the width it is given, shown at scale 1
DRAWN_FOR_ITS_WIDTH_JS = f"""() => {{ const w = ({WIDTHS_JS})();
  return Boolean(w && w.screen === 'narrow' && w.viewBox > 0 && Math.abs(w.viewBox - w.content) <= 1
                 && Math.abs(w.shown - w.viewBox) < 0.5); }}"""
#: widgets/table.js SCREEN_STEP: once measured, a narrow table reports a new width only when it changed by more
SCREEN_STEP = 24
#: the drawing made for a width within SCREEN_STEP below the one it is given (a page still settling when the table
#: first measured itself), never wider, shown at scale 1
DRAWN_WITHIN_A_STEP_JS = f"""() => {{ const w = ({WIDTHS_JS})();
  return Boolean(w && w.screen === 'narrow' && w.viewBox > 0 && w.viewBox <= w.content + 1
                 && w.content - w.viewBox <= {SCREEN_STEP} && Math.abs(w.shown - w.viewBox) < 0.5); }}"""


def boxes(page, selector: str) -> list[dict]:
    """The shown elements matching ``selector``: their top, bottom (viewport pixels) and name."""
    return page.eval_on_selector_all(selector, BOXES_JS)


def assert_on_first_screen(page, selector: str, what: str) -> list[dict]:
    """Every shown element matching ``selector`` (at least one) lies inside the viewport."""
    height = page.viewport_size["height"]
    found = boxes(page, selector)
    assert found, f"{what}: nothing shown matches {selector}"
    off = [b for b in found if b["top"] < -0.5 or b["bottom"] > height + 0.5]
    assert not off, f"{what} not on the first screen ({height} px high): {off}"
    return found


def assert_no_state(page, game: str) -> None:
    """No text of the page shows an error's state string."""
    text = page.evaluate(PAGE_TEXT_JS)
    for pattern in (STATE[game], RULE_THEN_STATE):
        found = pattern.search(text)
        assert not found, f"the page shows a state string: {text[max(0, found.start() - 120) : found.end() + 60]!r}"


def tap_refused(page, locator, game: str, where: str = ".dn-table .dn-status") -> str:
    """Tap ``locator`` (a move the rules refuse) without scrolling first, wait for the answer,
    and check that the explanation (``where``: the status line, or the guided game's note) names
    the rule, lies inside the viewport, and shows no state string. Returns its text."""
    said = page.get_attribute(".dn-table", "data-said")
    locator.tap()
    page.wait_for_function(SAID_JS, arg=said)
    text = page.inner_text(where)
    assert "Not allowed" in text, f"the answer to a refused tap is not in {where}: {text!r}"
    assert_on_first_screen(page, where, "the explanation of a refused tap")
    assert not STATE[game].search(text) and not RULE_THEN_STATE.search(text), text
    assert_no_state(page, game)
    return text
