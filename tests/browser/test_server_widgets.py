"""Pages under the class server (``make app``) get all their widget states in one answer.

ipywidgets' widget manager opens its control comm and asks the kernel for every widget's state
in one message; if no answer comes within 4 s it asks for the list of models and then for each
model's state in a message of its own (600+ on a walkthrough, the flood the class server's
channel budget admits). Its 4 s start when the manager is made, before the page's kernel
channel is open, so on a loaded machine (the channel opened 4-6 s later, measured) every page
took the slow way; and the landing page's kernel, which never imports ipywidgets, refused the
control comm ("No such comm target registered: jupyter.widget.control" in the server's log).

These tests open the page's kernel channel :data:`LATE_MS` late, as a loaded machine does, and
fail if the page asked for the list of models or for a model's state, if it did not get the one
answer, if a widget says "Error displaying widget" (or "model not found") or is still "Loading
widget", or if the server's log says a comm target or a comm was missing or a message dropped.
"""

from __future__ import annotations

import json

import pytest
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

from .conftest import RENDER_TIMEOUT_MS, RENDERED_JS, close_context

#: how late the page's kernel channel opens (ipywidgets gives its one request 4 s from before it)
LATE_MS = 6000

#: the page's kernel channel (``/channels``) opens LATE_MS after the page asks for it
LATE_CHANNEL_JS = """
(() => {
  const Real = window.WebSocket, wait = window.setTimeout;
  function Late(url, protocols) {
    if (!String(url).includes('/channels')) return protocols === undefined ? new Real(url) : new Real(url, protocols);
    const me = this;
    me.url = String(url); me._real = null; me._closed = false; me._binaryType = 'blob';
    me.onopen = me.onmessage = me.onclose = me.onerror = null;
    wait(() => {
      if (me._closed) return;
      const ws = me._real = protocols === undefined ? new Real(url) : new Real(url, protocols);
      ws.binaryType = me._binaryType;
      ws.onopen = e => me.onopen && me.onopen(e);
      ws.onmessage = e => me.onmessage && me.onmessage(e);
      ws.onclose = e => me.onclose && me.onclose(e);
      ws.onerror = e => me.onerror && me.onerror(e);
    }, LATE_MS);
  }
  Object.defineProperties(Late.prototype, {
    readyState: {get() { return this._real ? this._real.readyState : (this._closed ? 3 : 0); }},
    protocol: {get() { return this._real ? this._real.protocol : ''; }},
    extensions: {get() { return this._real ? this._real.extensions : ''; }},
    bufferedAmount: {get() { return this._real ? this._real.bufferedAmount : 0; }},
    binaryType: {get() { return this._real ? this._real.binaryType : this._binaryType; },
                 set(v) { this._binaryType = v; if (this._real) this._real.binaryType = v; }},
  });
  Late.prototype.send = function (data) { this._real.send(data); };
  Late.prototype.close = function (code, reason) {
    this._closed = true;
    if (this._real) this._real.close(code, reason);
  };
  Object.assign(Late, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Late;
})();
""".replace("LATE_MS", str(LATE_MS))

WIDGET_TROUBLE_JS = """() => [...document.querySelectorAll('.jp-OutputArea-output')].filter(
  o => (o.childElementCount === 0 && o.textContent.includes('Loading widget'))
       || o.textContent.includes('Error displaying widget') || o.textContent.includes('model not found')).length"""

#: what the server's log must not say while a page loads
LOG_TROUBLE = ("No such comm target registered", "No such comm:", "dropped a", "too many messages")


def message_kind(payload: bytes | str) -> str:
    """``msg_type`` of a kernel-channel message, with the widget method of a ``comm_msg``."""
    try:
        if isinstance(payload, bytes):
            _channel, parts = deserialize_msg_from_ws_v1(payload)
            header, content = json.loads(parts[0]), json.loads(parts[3])
        else:
            msg = json.loads(payload)
            header, content = msg["header"], msg["content"]
    except Exception:
        return "?"
    kind = header.get("msg_type", "?")
    if kind == "comm_msg":
        return f"comm_msg:{(content.get('data') or {}).get('method')}"
    return kind


class Load:
    """One page under the class server, its kernel channel opened late; what it sent and got."""

    def __init__(self, browser, voila, notebook: str):
        self.notebook = notebook
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        self.context.add_init_script(LATE_CHANNEL_JS)
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.sent: list[str] = []
        self.got: list[str] = []
        self.console_errors: list[str] = []
        self.page.on("console", lambda m: self.console_errors.append(m.text) if m.type == "error" else None)
        self.page.on("websocket", self._socket)
        self.page.goto(f"{voila.url}/voila/render/{notebook}", wait_until="commit", timeout=RENDER_TIMEOUT_MS)

    def _socket(self, ws) -> None:
        if "/channels" in ws.url:
            ws.on("framesent", lambda payload: self.sent.append(message_kind(payload)))
            ws.on("framereceived", lambda payload: self.got.append(message_kind(payload)))

    def check(self) -> None:
        self.page.wait_for_function(RENDERED_JS, timeout=RENDER_TIMEOUT_MS)
        # the landing page has no widget to wait for: wait for the page's way of loading them
        for _ in range(360):
            if "comm_msg:update_states" in self.got or "comm_info_request" in self.sent:
                break
            self.page.wait_for_timeout(250)
        self.page.wait_for_function(RENDERED_JS, timeout=RENDER_TIMEOUT_MS)
        self.page.wait_for_timeout(3000)  # a view that renders late would say "model not found" by now
        name = self.notebook
        assert "comm_msg:update_states" in self.got, f"{name}: the kernel's one answer with all the states never came"
        slow = [k for k in self.sent if k in ("comm_info_request", "comm_msg:request_state")]
        assert not slow, f"{name}: the page asked model by model ({len(slow)} messages): the one answer came too late"
        trouble = self.page.evaluate(WIDGET_TROUBLE_JS)
        assert trouble == 0, f"{name}: {trouble} widgets in error or still loading"
        assert not self.console_errors, f"{name}: console errors: {self.console_errors[:3]}"

    def close(self) -> None:
        close_context(self.context)


def server_log_since(voila, start: int) -> str:
    return voila.log_path.read_text(errors="replace")[start:]


@pytest.mark.parametrize("notebook", ["index.ipynb", "sunmoon/rules.zh-TW.ipynb", "mtg/rules.ipynb"])
def test_a_page_whose_kernel_channel_opens_late_gets_all_its_widget_states_in_one_answer(browser, voila, notebook):
    start = len(voila.log_path.read_text(errors="replace"))
    load = Load(browser, voila, notebook)
    try:
        load.check()
    finally:
        load.close()
    log = server_log_since(voila, start)
    said = [line for line in log.splitlines() if any(t in line for t in LOG_TROUBLE)]
    assert not said, f"the server's log while {notebook} loaded: {said[:3]}"


def test_two_walkthroughs_loading_at_once_get_every_widget(browser, voila):
    start = len(voila.log_path.read_text(errors="replace"))
    loads = [Load(browser, voila, nb) for nb in ("sunmoon/rules.zh-TW.ipynb", "mtg/rules.ipynb")]
    try:
        for load in loads:
            load.check()
    finally:
        for load in loads:
            load.close()
    said = [line for line in server_log_since(voila, start).splitlines() if any(t in line for t in LOG_TROUBLE)]
    assert not said, f"the server's log while two walkthroughs loaded: {said[:3]}"
