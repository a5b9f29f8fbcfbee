"""Accessibility of the served apps: every control has an accessible name, can be found by
role and name, and can be reached with the keyboard (Tab).

The apps are found by glob (``notebooks/*/play.ipynb``, ``notebooks/*/tracker.ipynb``) plus
the landing page, so a new app is covered as soon as it exists. The practice pages run the same
checks in their own tests (``test_practice.py``, ``test_practice_temples.py``); a walkthrough
(the same practice tables, twenty of them on mtg's) is not swept here: tabbing through every
control of one took 79 s on a loaded 2-core machine, against 11 s for a practice page. The names are the ones the
browser computes (Chromium's accessibility tree, through playwright's ``aria_snapshot``),
i.e. what a screen reader announces, not what the widget code meant to set.

``test_the_checks_catch_unnamed_and_unreachable_controls`` serves a notebook with known
defects (an icon-only button, an unlabelled dropdown, a slider, a placeholder-only text
box, a button taken out of the tab order) and shows each is reported, so the checks can fail.
"""

from __future__ import annotations

import re
import unicodedata

import pytest

from tests.browser.conftest import AppPage, app_notebooks, scratch_app, wait_note

#: what counts as a control: native form elements, links, ARIA widget roles, anything tabbable
CONTROLS_JS = """() => {
  const sel = 'button, input:not([type=hidden]), select, textarea, a[href], [role=button], '
    + '[role=slider], [role=checkbox], [role=radio], [role=tab], [role=switch], [role=combobox], '
    + '[role=listbox], [role=spinbutton], [role=textbox], [role=menuitem], [contenteditable=true], '
    + '[tabindex]:not([tabindex="-1"])';
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    if (!el.getClientRects().length || el.closest('#loading')) continue;   // not shown
    if (getComputedStyle(el).visibility === 'hidden') continue;
    if (el.parentElement && el.parentElement.closest(sel + ', [role=listbox]')
        && el.tagName === 'OPTION') continue;
    el.setAttribute('data-dn-a11y', String(out.length));
    out.push({
      index: out.length,
      html: el.outerHTML.slice(0, 160),
      disabled: !!el.disabled || el.getAttribute('aria-disabled') === 'true',
    });
  }
  return out;
}"""

SNAPSHOT_LINE = re.compile(r'^([\w-]+)(?: "((?:[^"\\]|\\.)*)")?')


def parse_snapshot_line(line: str) -> tuple[str, str]:
    """Role and name from the first line of an aria snapshot: ``- button "Go"``, or YAML
    single-quoted when the name holds a colon: ``- 'checkbox "Short game: one temple"'``."""
    line = line.strip().removeprefix("- ")
    if line.startswith("'"):
        end = line.rfind("'")
        line = line[1:end].replace("''", "'") if end > 0 else line[1:]
    match = SNAPSHOT_LINE.match(line)
    if not match:
        return "", ""
    return match.group(1), (match.group(2) or "").replace('\\"', '"').strip()


def controls_of(page) -> list[dict]:
    """Every visible control with the role and accessible name the browser computed."""
    controls = page.evaluate(CONTROLS_JS)
    for c in controls:
        snapshot = page.locator(f"[data-dn-a11y='{c['index']}']").aria_snapshot().strip()
        c["role"], c["name"] = parse_snapshot_line(snapshot.splitlines()[0] if snapshot else "")
    return controls


def meaningful(name: str) -> bool:
    """A name a screen reader can say: at least one letter or digit. An icon font's glyph
    (a private-use character, e.g. FontAwesome's U+F00C) or a lone symbol is not one."""
    return any(unicodedata.category(ch)[0] in "LN" and unicodedata.category(ch) != "Co" for ch in name)


def unnamed(controls: list[dict]) -> list[dict]:
    return [c for c in controls if not meaningful(c["name"])]


def not_found_by_role_and_name(page, controls: list[dict]) -> list[dict]:
    """Controls that ``get_by_role(role, name=..., exact=True)`` does not find."""
    missing = []
    for c in controls:
        if not c["name"] or not c["role"]:
            missing.append(c)
            continue
        found = page.get_by_role(c["role"], name=c["name"], exact=True)
        ids = found.evaluate_all("els => els.map(e => e.getAttribute('data-dn-a11y'))")
        if str(c["index"]) not in ids:
            missing.append(c)
    return missing


def unreachable_by_tab(page, controls: list[dict]) -> list[dict]:
    """Enabled controls that pressing Tab from the top of the page never focuses."""
    wanted = {str(c["index"]) for c in controls if not c["disabled"]}
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    reached: set[str] = set()
    for _ in range(2 * len(controls) + 10):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "() => document.activeElement && document.activeElement.closest('[data-dn-a11y]')"
            " && document.activeElement.closest('[data-dn-a11y]').getAttribute('data-dn-a11y')"
        )
        if focused is not None:
            reached.add(focused)
        if wanted <= reached:
            break
    return [c for c in controls if str(c["index"]) in wanted - reached]


def _describe(controls: list[dict]) -> str:
    return "; ".join(f"{c['role'] or '?'} {c['html']!r}" for c in controls[:6])


@pytest.mark.parametrize("notebook", ["index.ipynb", *app_notebooks()])
def test_every_control_is_named_found_by_role_and_reachable(app, notebook):
    page = app.open(notebook)
    # the drawn table's view renders after its widget has loaded: wait until it has drawn
    page.wait_for_function("() => [...document.querySelectorAll('.dn-table')].every(t => t.dataset.epoch)")
    if notebook != "index.ipynb":
        # and until the kernel has answered the page's "opened" with its first note (a guided game is
        # offered first): a redraw in between replaced controls being checked (a rerun on a loaded machine)
        wait_note(page, "學玩這個遊戲" if notebook.endswith(".zh-TW.ipynb") else "Learn to play")
    controls = controls_of(page)
    if notebook != "index.ipynb":
        assert any(
            c["role"]
            in (
                "button",
                "combobox",
                "slider",
                "checkbox",
                "radio",
                "textbox",
                "spinbutton",
                "listbox",
                "tab",
                "switch",
            )
            for c in controls
        ), f"{notebook} shows no control"
    assert not unnamed(controls), f"controls without an accessible name in {notebook}: {_describe(unnamed(controls))}"
    missing = not_found_by_role_and_name(page, controls)
    assert not missing, f"not found by role and name in {notebook}: {_describe(missing)}"
    unreachable = unreachable_by_tab(page, controls)
    assert not unreachable, f"not reachable with Tab in {notebook}: {_describe(unreachable)}"
    app.assert_clean()


DEFECTS = """
import ipywidgets as w

w.VBox([
    w.Button(description="Named button", tooltip="Named button"),
    w.Button(icon="check"),                                   # icon only: no name
    w.Dropdown(options=["day", "night"], description="Time"),
    w.Dropdown(options=["day", "night"]),                     # no label
    w.IntSlider(description="Rounds"),                        # label tied to neither handle nor read-out
    w.Text(placeholder="a placeholder is not a name"),
    w.Button(description="Skipped by Tab", tabbable=False),   # out of the tab order
    w.Button(description="Disabled", disabled=True),          # named; not required to be tabbable
])
"""


DEFECTS_PAGE = scratch_app("defects", "Known accessibility defects", DEFECTS)


def test_the_checks_catch_unnamed_and_unreachable_controls(browser, scratch):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        app = AppPage(context.new_page(), scratch.url)
        page = app.open(DEFECTS_PAGE)
        page.get_by_role("button", name="Named button").wait_for()
        controls = controls_of(page)
        roles = sorted(c["role"] for c in unnamed(controls))
        # the icon-only button's "name" is FontAwesome's private-use glyph; the slider's
        # handle and its editable read-out are both unlabelled
        assert roles == ["button", "combobox", "slider", "text", "textbox"], _describe(unnamed(controls))
        named = {c["name"] for c in controls if c["name"]}
        assert {"Named button", "Time", "Skipped by Tab", "Disabled"} <= named
        assert len(not_found_by_role_and_name(page, controls)) == 4  # the four with no name at all
        unreachable = unreachable_by_tab(page, controls)
        assert [c["name"] for c in unreachable] == ["Skipped by Tab"], _describe(unreachable)
    finally:
        context.close()
