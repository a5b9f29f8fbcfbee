"""The class server's app kernels answer a page's one request for all the widget states
(ipywidgets' control comm), whether or not the notebook imported ipywidgets, and log no noise
about it (``daynight.server.kernel``).

The last test starts a real kernel the way the class server does (its IPython start-up file,
:func:`daynight.server.hardening.kernel_startup_dir`) and talks to it as Voila's page does.
"""

from __future__ import annotations

import logging
import queue
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from daynight.server.hardening import kernel_startup_dir
from daynight.server.kernel import CONTROL_TARGET, _NotTheRouting, answer_the_control_comm


class FakeManager:
    def __init__(self) -> None:
        self.targets: dict[str, Any] = {}

    def register_target(self, name: str, f: Any) -> None:
        self.targets[name] = f


class FakeComm:
    def __init__(self) -> None:
        self.sent: list[dict] = []
        self.callback: Any = None

    def on_msg(self, callback: Any) -> None:
        self.callback = callback

    def send(self, data: dict) -> None:
        self.sent.append(data)


def test_a_kernel_without_ipywidgets_answers_the_request_for_all_states_with_none(monkeypatch):
    monkeypatch.delitem(__import__("sys").modules, "ipywidgets", raising=False)
    manager = FakeManager()
    answer_the_control_comm(manager)
    assert CONTROL_TARGET in manager.targets
    comm = FakeComm()
    manager.targets[CONTROL_TARGET](comm, {"content": {"data": {}}, "metadata": {"version": "1.0.0"}})
    comm.callback({"content": {"data": {"method": "request_states"}}})
    assert comm.sent == [{"method": "update_states", "states": {}, "buffer_paths": []}]
    comm.callback({"content": {"data": {"method": "something else"}}})
    assert len(comm.sent) == 1


def test_ipywidgets_own_control_target_is_kept():
    manager = FakeManager()
    theirs = object()
    manager.targets[CONTROL_TARGET] = theirs
    answer_the_control_comm(manager)
    assert manager.targets[CONTROL_TARGET] is theirs


def _record(thread: str, msg: str = "No such comm: %s", name: str = "Comm") -> logging.LogRecord:
    record = logging.LogRecord(name, logging.WARNING, __file__, 1, msg, ("abc",), None)
    record.threadName = thread
    return record


def test_only_the_shell_channel_s_routing_miss_is_left_out_of_the_server_log():
    keep = _NotTheRouting().filter
    assert not keep(_record("Shell channel"))  # ipykernel 7's routing lookup, before the comm_open ran
    assert keep(_record("MainThread"))  # a message for a comm that really is gone
    assert keep(_record("Shell channel", "No such comm target registered: %s", "ipykernel.comm"))
    assert keep(_record("Shell channel", "Exception in comm_msg for %s"))


# --------------------------------------------------------------------------- a real app kernel


class Kernel:
    """A kernel started as the class server starts its app kernels, and Voila's page's side of
    ipywidgets' control comm."""

    def __init__(self, tmp_path: Path, monkeypatch) -> None:
        from jupyter_client.manager import start_new_kernel

        monkeypatch.setenv("IPYTHONDIR", kernel_startup_dir(tmp_path / "private", True))
        self.stderr_path = tmp_path / "kernel.log"
        self._stderr = open(self.stderr_path, "w")  # noqa: SIM115 - closed in stop
        self.km, self.kc = start_new_kernel(kernel_name="python3", stderr=self._stderr, startup_timeout=120)

    def run(self, code: str) -> None:
        reply = self.kc.execute_interactive(code, timeout=120)
        assert reply["content"]["status"] == "ok", reply["content"]

    def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> None:
        self.kc.shell_channel.send(self.kc.session.msg(msg_type, content, metadata=metadata or {}))

    def all_states(self, timeout: float = 60) -> dict:
        """Open the control comm, ask for all the states and close it, as the page does; the
        states the kernel sent."""
        comm_id = uuid.uuid4().hex
        self.send("comm_open", {"comm_id": comm_id, "target_name": CONTROL_TARGET, "data": {}}, {"version": "1.0.0"})
        self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                msg = self.kc.get_iopub_msg(timeout=1)
            except queue.Empty:
                continue
            content = msg["content"]
            if msg["msg_type"] == "comm_close" and content.get("comm_id") == comm_id:
                raise AssertionError("the kernel closed the control comm: no target for it")
            if msg["msg_type"] == "comm_msg" and content.get("comm_id") == comm_id:
                assert content["data"]["method"] == "update_states"
                self.send("comm_close", {"comm_id": comm_id, "data": {}})
                return content["data"]["states"]
        raise AssertionError("the kernel did not answer the request for all the widget states")

    def log(self) -> str:
        self._stderr.flush()
        return self.stderr_path.read_text()

    def stop(self) -> None:
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)
        self._stderr.close()


@pytest.fixture
def app_kernel(tmp_path, monkeypatch):
    kernel = Kernel(tmp_path, monkeypatch)
    yield kernel
    kernel.stop()


def test_an_app_kernel_answers_the_one_request_for_all_states_before_and_after_ipywidgets(app_kernel):
    """The landing page imports no ipywidgets: its kernel refused the control comm ("No such comm
    target registered: jupyter.widget.control" on every landing page) and the page fell back to
    asking model by model. Now it answers with no states; once ipywidgets is imported, with
    every widget's."""
    app_kernel.run("import sys; assert 'ipywidgets' not in sys.modules")
    assert app_kernel.all_states() == {}
    app_kernel.run("import ipywidgets; slider = ipywidgets.IntSlider(value=7)")
    states = app_kernel.all_states()
    assert any(s["model_name"] == "IntSliderModel" and s["state"]["value"] == 7 for s in states.values())
    app_kernel.run("x = 1")  # the page's comm_close is handled before this
    log = app_kernel.log()
    assert "No such comm target registered" not in log
    assert "No such comm:" not in log, log
