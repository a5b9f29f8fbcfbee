"""Where a mark's label goes (``widgets/table.js`` ``labelPlace``): on a place that covers no word
of the drawing whenever the drawing has one near the piece. A test app draws two pieces whose
first places, under and over the piece at its left end and inside it at its foot and top, all
cover words, as on a phone's narrow practice table (a player's box full width, a name under it,
the box's own words inside): the wide box's label goes under its right end, the small box's
beside it, and neither covers a word nor the other label. Before, both covered a word (the place
that covered the fewest of those four).

The marks come with the table's first drawing, before the page lays the table out: they are
placed once it is (before, such marks were never drawn: a mark's place needs the laid-out boxes)."""

from __future__ import annotations

from tests.browser.conftest import AppPage, close_context, scratch_app

APP = """
from daynight import draw as d
from daynight.widgets.table import Mark, Table, Target

def words(x, y, text, size=14):
    return f'<text x="{x}" y="{y}" font-size="{size}" font-family="sans-serif">{text}</text>'

def box(key, x, y, w, h, top, foot):
    return (f'<g data-key="{key}"><rect x="{x}" y="{y}" width="{w}" height="{h}" fill="#fff" stroke="#222"/>'
            + words(x + 6, y + 17, top) + words(x + 6, y + h - 5, foot) + '</g>')

svg = (words(4, 16, "Carol (active)")
       + box("wide", 4, 26, 352, 56, "4 spells this turn", "their spells count")
       + words(4, 100, "no day/night permanents", 12)
       + words(4, 134, "Dan")
       + box("small", 4, 144, 120, 56, "1 spell", "not theirs")
       + words(4, 218, "back face", 12))
table = Table(label="mark labels")
table.draw(d.document(d.Piece(360, 226, svg), label="two boxes"), [Target("Again", lambda: None, id="again")],
           marks=[Mark("wide", "counts: 4 spells"), Mark("small", "does not count")])
table
"""
PAGE = scratch_app("marklabels", "Mark labels", APP)

#: a label wider than the drawing: no place holds it whole, and it still goes where it covers no word
WIDE_LABEL_APP = """
from daynight import draw as d
from daynight.widgets.table import Mark, Table, Target

svg = ('<g data-key="box"><rect x="4" y="4" width="150" height="40" fill="#fff" stroke="#222"/>'
       '<text x="10" y="20" font-size="14">top words</text><text x="10" y="38" font-size="14">foot words</text></g>')
table = Table(label="a wide label")
table.draw(d.document(d.Piece(160, 80, svg), label="one box"), [Target("Again", lambda: None, id="again")],
           marks=[Mark("box", "phased out: treated as though it does not exist")])
table
"""
WIDE_LABEL_PAGE = scratch_app("marklabels", "A wide mark label", WIDE_LABEL_APP, name="wide.ipynb")

#: each label's box and the words (outside the marks layer) and other labels it covers, in the
#: drawing's coordinates
COVERS_JS = """() => {
  const svg = document.querySelector('.dn-table .dn-drawing svg');
  const inv = svg.getScreenCTM().inverse();
  const boxOf = (el) => { const r = el.getBoundingClientRect();
    const a = new DOMPoint(r.left, r.top).matrixTransform(inv), c = new DOMPoint(r.right, r.bottom).matrixTransform(inv);
    return [a.x, a.y, c.x, c.y]; };
  const hit = (a, b) => a[0] < b[2] && a[2] > b[0] && a[1] < b[3] && a[3] > b[1];
  const words = [...svg.querySelectorAll('text')].filter(t => !t.closest('.dn-marks') && t.textContent.trim());
  const labels = [...svg.querySelectorAll('.dn-marks .dn-mark')].map(m => ({
    label: m.querySelector('.dn-mark-text').textContent, box: boxOf(m.querySelector('.dn-mark-label'))}));
  const vb = svg.viewBox.baseVal;
  return labels.map(l => ({label: l.label, box: l.box.map(Math.round),
    inside: l.box[0] >= vb.x - 0.5 && l.box[2] <= vb.x + vb.width + 0.5 && l.box[1] >= vb.y - 0.5 && l.box[3] <= vb.y + vb.height + 0.5,
    words: words.filter(w => hit(l.box, boxOf(w))).map(w => w.textContent),
    labels: labels.filter(o => o !== l && hit(l.box, o.box)).map(o => o.label)}));
}"""


def test_a_marks_label_takes_a_place_that_covers_no_words_when_the_drawing_has_one(browser, scratch):
    for viewport in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        context = browser.new_context(viewport=viewport)
        try:
            page = context.new_page()
            page.set_default_timeout(60_000)
            app = AppPage(page, scratch.url)
            app.open(PAGE, wait_for=".dn-table .dn-marks .dn-mark")
            page.wait_for_function("() => document.querySelectorAll('.dn-table .dn-marks .dn-mark').length === 2")
            seen = page.evaluate(COVERS_JS)
            assert [s["label"] for s in seen] == ["counts: 4 spells", "does not count"], seen
            for s in seen:
                assert s["inside"] and not s["words"] and not s["labels"], f"at {viewport['width']} px: {s}"
            wide, small = (s["box"] for s in seen)
            assert wide[1] >= 82 and wide[0] > 120, f"the wide box's label is not under its right end: {wide}"
            assert small[0] >= 124 and small[3] <= 200, f"the small box's label is not beside it: {small}"
            app.assert_clean()
        finally:
            close_context(context)


def test_a_label_wider_than_the_drawing_goes_where_it_covers_no_word(browser, scratch):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        app = AppPage(page, scratch.url)
        app.open(WIDE_LABEL_PAGE, wait_for=".dn-table .dn-marks .dn-mark")
        (seen,) = page.evaluate(COVERS_JS)
        assert not seen["words"] and seen["box"][1] >= 44, f"the label is not under the box, on no word: {seen}"
        app.assert_clean()
    finally:
        close_context(context)
