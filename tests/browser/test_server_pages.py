"""Every walkthrough (``*/rules.ipynb``) and practice page under the class server as ``make app``
runs it (the session's ``voila``: ``python -m daynight.server``, its real limits), loading its
widgets the slow way: ipywidgets asks the kernel for all the widget states in one message, and
without that answer (a kernel without ipywidgets' control comm closes it; before the class server's
page gave it 60 s, a loaded machine let ipywidgets' 4 s run out) the page asks for each model's
state in a message of its own (630 on ``sunmoon/rules.ipynb``). The test holds that one answer
back and closes the page's control comm instead, so the page takes the slow way at once, and fails if a widget is still "Loading
widget" or says "Error displaying widget", if the busy notice stays up, or if a table does not
answer a click (the kernel channel's limits of ``daynight.server.handlers`` once dropped 400 of
those requests: 21 widgets never loaded and the busy notice stayed)."""

from __future__ import annotations

import json

import pytest
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1

from .conftest import NOTEBOOKS, AppPage, close_context

PAGES = sorted(
    p.relative_to(NOTEBOOKS).as_posix()
    for pattern in ("*/rules.ipynb", "*/practice.ipynb")
    for p in NOTEBOOKS.glob(pattern)
)

STUCK_JS = """() => [...document.querySelectorAll('.jp-OutputArea-output')].filter(
  o => (o.childElementCount === 0 && o.textContent.includes('Loading widget'))
       || o.textContent.includes('Error displaying widget')).length"""

#: Voila has run every cell and shown its outputs (the widgets may still be loading)
RENDERED_CELLS_JS = """() => {
  const spin = document.querySelector('#loading');
  if (spin && getComputedStyle(spin).display !== 'none') return false;
  return !document.querySelector("script[type='application/vnd.voila.cell-output+json']")
    && !!document.querySelector('.jp-OutputArea-output');
}"""

TABLES_READY_JS = "() => [...document.querySelectorAll('.dn-table')].every(t => t.dataset.ready === '1')"

#: the first visible target of a table: its table marked (read by ANSWERS_JS), its name returned
MARK_TARGET_JS = """() => {
  for (const table of document.querySelectorAll('.dn-table')) {
    const target = [...table.querySelectorAll('[data-target]')].find(n => n.getClientRects().length > 0);
    if (target) { table.id = 'dn-test-table'; return target.dataset.target; }
  }
  return null;
}"""
ANSWERS_JS = (
    "() => { const t = document.getElementById('dn-test-table'); return t.dataset.epoch + ':' + t.dataset.said; }"
)


def the_states_in_one(message: bytes | str) -> bool:
    """Whether a message from the kernel is its one answer with all the widget states."""
    if not isinstance(message, bytes) or b"update_states" not in message:
        return False
    _channel, parts = deserialize_msg_from_ws_v1(message)
    content = json.loads(parts[3])
    return json.loads(parts[0])["msg_type"] == "comm_msg" and content["data"].get("method") == "update_states"


def closed_instead(message: bytes) -> bytes:
    """The kernel's answer with all the states turned into a ``comm_close`` of its control comm
    (what a kernel without ipywidgets' control comm target sends)."""
    channel, parts = deserialize_msg_from_ws_v1(message)
    header, content = json.loads(parts[0]), json.loads(parts[3])
    header["msg_type"] = "comm_close"
    close = {"comm_id": content["comm_id"], "data": {}}
    return serialize_msg_to_ws_v1(
        [json.dumps(header).encode(), parts[1], parts[2], json.dumps(close).encode()], channel
    )


def hold_back_the_states(page) -> list[int]:
    """Route the page's kernel channel so that the kernel's answer with all the widget states
    never arrives, and its control comm is closed instead (the page then asks model by model at
    once); the list counts the answers held."""
    held: list[int] = []

    def route(ws) -> None:
        server = ws.connect_to_server()

        def to_page(message) -> None:
            if the_states_in_one(message):
                held.append(1)
                ws.send(closed_instead(message))
                return
            ws.send(message)

        server.on_message(to_page)

    page.route_web_socket(lambda url: "/channels" in url, route)
    return held


@pytest.mark.parametrize("notebook", PAGES)
def test_a_page_loading_its_widgets_one_by_one_loads_them_all(browser, voila, notebook):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        held = hold_back_the_states(page)
        app = AppPage(page, voila.url)
        page.goto(f"{voila.url}/voila/render/{notebook}", timeout=120_000)
        page.wait_for_function(RENDERED_CELLS_JS, timeout=120_000)
        try:
            # rendered, and no widget loading or lost: a page that met ipywidgets' lost-model race loads
            # itself again once (busy.html), and its new kernel's outputs are waited for in the same way
            page.wait_for_function(f"() => ({RENDERED_CELLS_JS})() && ({STUCK_JS})() === 0", timeout=90_000)
        except Exception:
            pass  # counted below
        assert held, "the kernel's answer with all the widget states was not seen (the test tests nothing)"
        stuck = page.evaluate(STUCK_JS)
        assert stuck == 0, f"{stuck} widgets still 'Loading widget' or in error on {notebook}"
        page.wait_for_selector("#dn-busy", state="detached", timeout=10_000)  # the notice checks every second
        # every table has told the kernel its width and had its answer (a redraw for that width, if any, has
        # arrived): a click now is on the drawing the kernel has
        page.wait_for_function(TABLES_READY_JS, timeout=90_000)
        # the table's drawing may be redrawn (the kept progress arriving): its target is found
        # again by name, not by the node marked
        target = page.evaluate(MARK_TARGET_JS)
        assert target, f"no table with a target on {notebook}"
        before = page.evaluate(ANSWERS_JS)
        page.locator(f"#dn-test-table [data-target='{target}']").first.click()
        page.wait_for_function(f"before => ({ANSWERS_JS})() !== before", arg=before, timeout=30_000)
        app.assert_clean()
        assert "too many messages" not in voila.log_path.read_text(), "the server dropped the page's messages"
    finally:
        close_context(context)


LOST_JS = """() => {
  const out = document.createElement('div');
  out.id = 'dn-test-lost';
  out.className = 'jp-OutputArea-output';
  out.textContent = 'Error displaying widget: model not found';
  document.getElementById('rendered_cells').append(out);
}"""
#: the renderer's error written while the page loads (kept there until the page says so)
LOST_WHILE_LOADING_JS = f"""(() => {{
  const t = setInterval(() => {{
    if (document.getElementById('dn-lost')) return clearInterval(t);
    if (document.getElementById('rendered_cells') && !document.getElementById('dn-test-lost')) ({LOST_JS})();
  }}, 50);
}})()"""
RELOADED_KEY = "daynight.reloaded-for-a-lost-widget"


def test_a_page_with_a_lost_widget_loads_itself_again_once_then_says_so(browser, voila):
    """ipywidgets' renderer can lose a widget whose model arrives just as it stops waiting ("Error
    displaying widget: model not found" for good, jupyter-widgets/ipywidgets issue 4026): the class
    server's page loads itself again, once in a row (``daynight/server/busy.html``); a second time it
    asks the learner to reload. The lost widget is made here by writing the renderer's error."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        app = AppPage(page, voila.url)
        app.open("stars/practice.ipynb")
        with page.expect_navigation(timeout=30_000):
            page.evaluate(LOST_JS)
        page.wait_for_function(RENDERED_CELLS_JS, timeout=120_000)
        page.wait_for_function(f"() => ({STUCK_JS})() === 0", timeout=90_000)
        # loaded in full: the page may load itself again on a later visit of this tab
        page.wait_for_function(f"() => sessionStorage.getItem('{RELOADED_KEY}') === null", timeout=30_000)
        assert page.locator("#dn-lost").count() == 0
        navigations: list[str] = []
        page.on("framenavigated", lambda frame: navigations.append(frame.url) if frame == page.main_frame else None)
        # loaded in full, the page has stopped looking (busy.html's one loop): the renderer's error now is
        # not the race of a page loading, and the page neither loads again nor says so
        page.evaluate(LOST_JS)
        page.wait_for_timeout(2_500)
        assert page.locator("#dn-lost").count() == 0 and not navigations, navigations
        # lost again while loading right after loading itself again: it says so instead of loading again
        page.evaluate(f"() => sessionStorage.setItem('{RELOADED_KEY}', location.pathname)")
        page.add_init_script(LOST_WHILE_LOADING_JS)
        page.reload(timeout=60_000)
        navigations.clear()
        notice = page.wait_for_selector("#dn-lost", timeout=30_000)
        assert "reload the page" in notice.inner_text() and notice.get_attribute("role") == "alert"
        assert not navigations, navigations
        app.assert_clean()
    finally:
        close_context(context)
