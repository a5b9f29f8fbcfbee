"""What runs inside every app kernel of the class server: the checks of what a page sends.

:func:`harden_kernel` runs at each app kernel's start (the IPython start-up file of
:func:`daynight.server.hardening.kernel_startup_dir`): the kernel accepts from a page only
the widget messages a Voila page of these apps sends, logs to the server's log and not to
the page, and shows a visitor no traceback. Standard library only, so it costs a kernel
nothing to import.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import traceback
from collections.abc import Callable, Container, Iterable, Sized
from typing import Any, TextIO

__all__ = [
    "BROWSER_TARGETS",
    "CONTROL_TARGET",
    "MAX_BROWSER_COMMS",
    "MAX_COMM_BYTES",
    "PAGE_FILE_BYTES",
    "WIDGET_METHODS",
    "answer_the_control_comm",
    "comm_close_problem",
    "comm_msg_problem",
    "comm_open_problem",
    "harden_kernel",
]

#: ipywidgets' control comm target: a page asks for every widget's state on it, in one message
CONTROL_TARGET = "jupyter.widget.control"
#: the only comm a Voila page opens: ipywidgets' control comm
BROWSER_TARGETS = frozenset({CONTROL_TARGET})
#: what a page sends on a widget's comm (ipywidgets' protocol), and on the control comm
WIDGET_METHODS = frozenset({"update", "request_state", "custom", "request_states"})
#: the largest widget message the kernel accepts from a page
MAX_COMM_BYTES = 64 * 1024
#: the largest record file a page of a hardened kernel may open in the review app: one widget
#: message, so :data:`MAX_COMM_BYTES` less room for its envelope (``None`` until
#: :func:`harden_kernel` runs, so outside the class server the bound is ``MAX_RECORD_BYTES``)
PAGE_FILE_BYTES: int | None = None
#: comms a page may hold open at once (Voila's page opens one and closes it)
MAX_BROWSER_COMMS = 8


def _is_id(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 64


def _size(content: Any, buffers: Iterable[Any] | None = ()) -> int:
    try:
        return len(json.dumps(content)) + sum(len(memoryview(b)) for b in buffers or ())
    except (TypeError, ValueError):
        return MAX_COMM_BYTES + 1


def comm_open_problem(content: Any, targets: Container[str], comms: Container[str], opened: Sized) -> str | None:
    """Why a ``comm_open`` from the page is dropped (``None``: it is let through).

    A target the kernel does not know is let through: ipykernel answers it with a
    ``comm_close`` (and, with :func:`harden_kernel`, logs one line to the server's log).
    A target the kernel knows but a page never opens (``jupyter.widget``: a widget made
    by the page) is dropped.
    """
    if not isinstance(content, dict):
        return "its content is not an object"
    if not _is_id(content.get("comm_id")):
        return "it has no comm_id"
    target = content.get("target_name")
    if not isinstance(target, str) or len(target) > 200:
        return "it has no target name"
    if target in targets and target not in BROWSER_TARGETS:
        return f"target {target[:60]!r} is not one a page opens"
    if content["comm_id"] in comms:
        return "its comm_id is taken"
    if len(opened) >= MAX_BROWSER_COMMS:
        return "the page holds too many comms"
    if not isinstance(content.get("data", {}), dict) or _size(content) > MAX_COMM_BYTES:
        return "its data is not a small object"
    return None


def comm_msg_problem(content: Any, comms: Container[str], buffers: Iterable[Any] | None = ()) -> str | None:
    """Why a ``comm_msg`` from the page is dropped (``None``: it is let through)."""
    if not isinstance(content, dict):
        return "its content is not an object"
    if not _is_id(content.get("comm_id")) or content["comm_id"] not in comms:
        return f"comm {str(content.get('comm_id'))[:40]!r} is not one of the app's"
    data = content.get("data")
    if not isinstance(data, dict) or data.get("method") not in WIDGET_METHODS:
        return "it is not a widget message"
    if data["method"] == "update" and not (
        isinstance(data.get("state"), dict)
        and isinstance(data.get("buffer_paths", []), list)
        and all(isinstance(p, list) for p in data.get("buffer_paths", []))
    ):
        return "its state is not an object"
    if _size(content, buffers) > MAX_COMM_BYTES:
        return f"it is larger than {MAX_COMM_BYTES // 1024} KB"
    return None


def comm_close_problem(content: Any, opened: Container[str]) -> str | None:
    """A page may close only the comms it opened (never the app's widgets)."""
    if not isinstance(content, dict) or content.get("comm_id") not in opened:
        return "it closes a comm the page did not open"
    return None


def _server_log_stream() -> TextIO:
    """A text stream to the kernel's original stderr: the server's log. ipykernel
    forwards file descriptor 2 to the browser; its copy of the original does not."""
    fd = getattr(sys.stderr, "_original_stdstream_copy", None)
    return os.fdopen(os.dup(fd if fd is not None else 2), "w", buffering=1, encoding="utf-8", errors="replace")


def harden_kernel(shell: Any, hide_tracebacks: bool = True) -> None:
    """Run in every app kernel at start-up (an IPython start-up file, see
    :func:`daynight.server.hardening.kernel_startup_dir`).

    * Log records (ipykernel's comm manager logs a traceback for a bad ``comm_open``)
      and warnings go to the server's log, not to the page as stderr output.
    * ipywidgets' control comm is answered even before ipywidgets is imported
      (:func:`answer_the_control_comm`).
    * With ``hide_tracebacks``, an exception in a widget callback sends the page its type
      and a fixed sentence; the traceback goes to the server's log.
    * Comm messages from the page are checked before ipykernel sees them
      (:func:`comm_open_problem`, :func:`comm_msg_problem`, :func:`comm_close_problem`):
      anything a Voila page of these apps would not send is dropped, with one line in
      the server's log and no reply. The apps' own widgets validate the values.
    """
    global PAGE_FILE_BYTES
    if shell is None or getattr(shell, "kernel", None) is None:
        return
    PAGE_FILE_BYTES = MAX_COMM_BYTES - 4 * 1024
    stream = _server_log_stream()

    def note(text: str) -> None:
        stream.write(f"[daynight app kernel] {text}\n")

    _log_to_the_server(stream)
    if hide_tracebacks and hasattr(shell, "_showtraceback"):
        _hide_tracebacks(shell, note)
    answer_the_control_comm(shell.kernel.comm_manager)
    _check_comms(shell.kernel, note)


def answer_the_control_comm(manager: Any) -> None:
    """Register ipywidgets' control comm target (:data:`CONTROL_TARGET`) in a kernel that has
    not imported ipywidgets yet, so that a page's one request for all the widget states is
    always answered.

    ipywidgets registers its comm targets when it is imported. A page whose notebook never
    imports it (the landing page ``index.ipynb``: pictures only) still has Voila's widget
    manager open the control comm; ipykernel refused it ("No such comm target registered:
    jupyter.widget.control", an ERROR in the server's log on every landing page) and the page
    fell back to asking for the list of models. This target answers at once: by ipywidgets
    itself if it has been imported since (it then also replaces this target with its own),
    else with no states (no ipywidgets: no widgets). Standard library only: the kernel
    imports nothing for it.
    """
    if CONTROL_TARGET in manager.targets:
        return

    def opened(comm: Any, msg: dict[str, Any]) -> None:
        widgets = sys.modules.get("ipywidgets")
        if widgets is not None:
            widgets.Widget.handle_control_comm_opened(comm, msg)
            return

        def request(message: dict[str, Any]) -> None:
            data = message.get("content", {}).get("data", {})
            if data.get("method") == "request_states":
                comm.send({"method": "update_states", "states": {}, "buffer_paths": []})

        comm.on_msg(request)

    manager.register_target(CONTROL_TARGET, opened)


class _NotTheRouting(logging.Filter):
    """Drop ipykernel's "No such comm" warning from its shell-channel thread.

    ipykernel 7 looks each ``comm_msg`` up on its shell-channel thread to route it to a
    subshell, before the main thread has handled the ``comm_open`` sent just before it; the
    lookup misses, logs "No such comm: <id>" and routes the message to the main shell, where
    it is handled as it should be. A page's control comm did it on nearly every page (its
    ``comm_open`` and ``request_states`` leave together). The same warning from the main
    thread (a message for a comm that really is gone) is kept.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        return not (
            record.name == "Comm" and str(record.msg).startswith("No such comm:") and record.threadName != "MainThread"
        )


def _log_to_the_server(stream: TextIO) -> None:
    """Log records and warnings go to ``stream`` (the server's log), not to the page."""
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("[daynight app kernel] %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(_NotTheRouting())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)
    logging.captureWarnings(True)


def _hide_tracebacks(shell: Any, note: Callable[[str], None]) -> None:
    """An exception in a callback sends the page its type and a fixed sentence; the traceback
    goes to the server's log."""
    send = shell._showtraceback

    def showtraceback(etype: type[BaseException], evalue: BaseException, stb: Any) -> None:
        try:
            text = "".join(traceback.format_exception(etype, evalue, getattr(evalue, "__traceback__", None)))
        except Exception:
            text = f"{etype.__name__}: {evalue}"
        note("error hidden from the visitor:\n" + text)
        send(
            etype,
            "the details are in the server log",
            [f"{etype.__name__}: something went wrong; the details are in the server log."],
        )

    shell._showtraceback = showtraceback


def _check_comms(kernel: Any, note: Callable[[str], None]) -> None:
    """Put the checks of :func:`comm_open_problem`, :func:`comm_msg_problem` and
    :func:`comm_close_problem` in front of ipykernel's comm handlers."""
    manager = kernel.comm_manager
    handlers = kernel.shell_handlers
    opened: set[str] = set()
    original = {name: handlers[name] for name in ("comm_open", "comm_msg", "comm_close", "comm_info_request")}

    def dropped(kind: str, why: str) -> None:
        note(f"dropped a {kind} from the page: {why}")

    def comm_open(stream: Any, ident: Any, msg: dict[str, Any]) -> Any:
        why = comm_open_problem(msg.get("content"), manager.targets, manager.comms, opened)
        if why:
            return dropped("comm_open", why)
        if msg["content"]["target_name"] in manager.targets:
            opened.add(msg["content"]["comm_id"])
        return original["comm_open"](stream, ident, msg)

    def comm_msg(stream: Any, ident: Any, msg: dict[str, Any]) -> Any:
        why = comm_msg_problem(msg.get("content"), manager.comms, msg.get("buffers"))
        if why:
            return dropped("comm_msg", why)
        return original["comm_msg"](stream, ident, msg)

    def comm_close(stream: Any, ident: Any, msg: dict[str, Any]) -> Any:
        why = comm_close_problem(msg.get("content"), opened)
        if why:
            return dropped("comm_close", why)
        opened.discard(msg["content"]["comm_id"])
        return original["comm_close"](stream, ident, msg)

    def comm_info_request(stream: Any, ident: Any, msg: dict[str, Any]) -> Any:
        content = msg.get("content")
        if not isinstance(content, dict) or not isinstance(content.get("target_name", ""), (str, type(None))):
            return dropped("comm_info_request", "its content is not an object with a target name")
        return original["comm_info_request"](stream, ident, msg)

    handlers.update(comm_open=comm_open, comm_msg=comm_msg, comm_close=comm_close, comm_info_request=comm_info_request)
