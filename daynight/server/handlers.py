"""The class server's request handlers, put in front of Voila's (:class:`DaynightVoila`
builds its handler list from them):

* every handler answers only this server's host names (:class:`HostChecked`);
* a page that needs a kernel passes the gate of the caps first (:class:`AdmittedRender`);
* a closed tab shuts its kernel down (:class:`ShutdownOnClose`);
* ``/daynight/status`` shows the kernels and pools to the machine itself (:class:`StatusHandler`);
* ``/daynight/kernel/<id>`` tells a page whether its kernel still runs, or why the server
  ended it (:class:`KernelStateHandler`: the dead-page message of ``widgets/table.js``);
* a page's kernel channel drops messages the page did not write and floods (:class:`CheckedChannels`,
  :class:`ChannelBudget`);
* Voila's renderer talks to its kernels without a heartbeat thread (:class:`NoHeartbeatClient`).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any, cast

import tornado.web
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.connection.base import deserialize_binary_message, deserialize_msg_from_ws_v1
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler

from .hardening import HostPolicy
from .limits import VISIT, Bucket, Refusal, Visit, exempt, refusal_page
from .pools import PoolBounds

__all__ = [
    "MAX_WS_MESSAGE",
    "REPLACED",
    "WIDGET_TARGET",
    "WS_BURST",
    "WS_PER_SECOND",
    "AdmittedRender",
    "ChannelBudget",
    "CheckedChannels",
    "HostChecked",
    "KernelStateHandler",
    "NoHeartbeatClient",
    "ShutdownOnClose",
    "StatusHandler",
    "listed_models",
    "state_request",
    "v1_fits",
]

#: the largest message a page may send on its kernel channel (a click is a few hundred bytes)
MAX_WS_MESSAGE = 1024 * 1024
#: messages a page may send on its kernel channel: a burst, then this many a second (a page's
#: requests for its widgets' states at load are not counted: :class:`ChannelBudget`)
WS_BURST, WS_PER_SECOND = 100, 20
#: ipywidgets' comm target, and the largest request for one model's state (about 400 bytes)
WIDGET_TARGET, STATE_REQUEST_BYTES = "jupyter.widget", 4096

#: a handler class of Jupyter Server or Voila, known only when the server starts
Handler: Any = object


class HostChecked(Handler):
    """Refuse requests whose ``Host`` this server was not started for (mixed into every
    handler, the static ones and the query websocket included). The server's
    :class:`~daynight.server.hardening.HostPolicy` is the setting ``daynight_hosts``."""

    def check_host(self) -> bool:
        policy: HostPolicy = self.settings["daynight_hosts"]
        if policy.allows(self.request.host):
            return True
        if not getattr(self, "_host_warned", False):
            self._host_warned = True
            print(
                f"daynight: refused a request for host {self.request.host[:80]!r} from {self.request.remote_ip}",
                file=sys.stderr,
                flush=True,
            )
        return False

    def prepare(self, *args: Any, **kwargs: Any) -> Any:
        if not self.check_host():
            raise tornado.web.HTTPError(403)
        return super().prepare(*args, **kwargs)


class AdmittedRender(TornadoVoilaHandler):
    """A page that needs a kernel passes :meth:`Gate.admit <daynight.server.limits.Gate.admit>`
    first; a visitor beyond a cap gets the refusal page."""

    async def get(self, path: str | None = None) -> Any:
        manager = self.kernel_manager
        gate = getattr(manager, "gate", None)
        if gate is None or not (path or "").lower().endswith(".ipynb"):
            return await super().get(path)
        client = self.request.remote_ip
        verdict = await gate.admit(client, lambda: manager.get_pool_size(path) > 0)
        if isinstance(verdict, Refusal):
            print(f"daynight: refused a page for {client}: {verdict.title}", file=sys.stderr, flush=True)
            self.set_status(verdict.status)
            self.set_header("Retry-After", str(verdict.retry))
            self.set_header("Cache-Control", "no-store")
            return self.finish(refusal_page(verdict))
        visit = Visit(client)
        token = VISIT.set(visit)
        try:
            return await super().get(path)
        finally:
            VISIT.reset(token)
            manager.page_sent(visit)
            if verdict:
                gate.release()


class ShutdownOnClose(VoilaShutdownKernelHandler):
    """Let Voila's page shut its kernel down when the visitor closes the tab.

    Voila's page posts ``/voila/api/shutdown/<kernel id>`` on ``beforeunload`` without
    an ``_xsrf`` token, and jupyter_server refuses it (403 "'_xsrf' argument missing"),
    so every closed tab left a kernel running until the culler found it. The shutdown
    needs the kernel's id, an unguessable UUID only that page knows, and must come from
    the page's own origin (Jupyter Server's ``check_origin``).
    """

    def check_xsrf_cookie(self) -> None:
        if not self.check_origin():
            raise tornado.web.HTTPError(403)

    async def post(self, kernel_id: str) -> Any:
        if kernel_id not in self.kernel_manager:
            self.set_status(404)
            return self.finish()
        return await super().post(kernel_id)


class StatusHandler(JupyterHandler):
    """``/daynight/status``: kernel counts and pools, for the machine itself only."""

    def get(self) -> None:
        if not exempt(self.request.remote_ip):
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", "application/json")
        manager = cast(PoolBounds, self.kernel_manager)  # the class server's own manager
        self.finish(json.dumps(manager.status()))


class KernelStateHandler(JupyterHandler):
    """``/daynight/kernel/<id>``: whether the page's kernel runs (and is busy), or why the
    server ended it; only for a kernel id, which only its page knows. A page whose clicks get
    no answer asks, and says why in plain words (``widgets/table.js``)."""

    def get(self, kernel_id: str) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        manager = cast(PoolBounds, self.kernel_manager)
        self.finish(json.dumps({"daynight": "kernel", **manager.kernel_state(kernel_id)}))


#: the path of :class:`KernelStateHandler` (a kernel id is a UUID)
KERNEL_STATE = r"/daynight/kernel/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"


#: Voila's handlers and the ones that take their place
REPLACED: dict[type, type] = {TornadoVoilaHandler: AdmittedRender, VoilaShutdownKernelHandler: ShutdownOnClose}


def v1_fits(incoming: Any) -> bool:
    """Whether a message in Jupyter's binary websocket protocol has as many offsets as its
    first 8 bytes say and room for them: Jupyter Server reads that count unchecked (its
    ``deserialize_msg_from_ws_v1`` given a count of 2**60 grew to 9 GB in a test before it was
    stopped), so such a message is dropped before it gets there."""
    if not isinstance(incoming, bytes) or len(incoming) < 8:
        return False
    count = int.from_bytes(incoming[:8], "little")
    return count >= 6 and 8 * (count + 1) <= len(incoming)


def _parts(incoming: Any, v1: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """The header and the content of a message a page sent (``v1``: Jupyter's binary
    websocket protocol, else JSON); raises on a message that does not parse."""
    if v1:
        if not v1_fits(incoming):
            raise ValueError("not a message of the v1 protocol")
        _channel, parts = deserialize_msg_from_ws_v1(incoming)
        return json.loads(parts[0]), json.loads(parts[3])
    msg = deserialize_binary_message(incoming) if isinstance(incoming, bytes) else json.loads(incoming)
    return msg["header"], msg["content"]


def state_request(incoming: Any, v1: bool) -> str | None:
    """The widget model whose state the message asks for (ipywidgets' ``comm_msg``
    ``{"method": "request_state"}``, one per model when a page loads its widgets one by
    one), or None for any other message, or one that does not parse."""
    if len(incoming) > STATE_REQUEST_BYTES:
        return None
    try:
        header, content = _parts(incoming, v1)
        data = content["data"]
        if header["msg_type"] == "comm_msg" and data["method"] == "request_state":
            return str(content["comm_id"])
    except Exception:  # not one: the bucket and Jupyter Server's own checks take it
        return None
    return None


def listed_models(fed_msg_list: list[Any]) -> set[str] | None:
    """The widget models a kernel's ``comm_info_reply`` lists (``fed_msg_list``: the
    message as Jupyter Server gets it from the kernel: signature, header, parent header,
    metadata, content, buffers), or None for any other message."""
    header = bytes(fed_msg_list[1])
    if b"comm_info_reply" not in header or json.loads(header).get("msg_type") != "comm_info_reply":
        return None
    comms = json.loads(bytes(fed_msg_list[4])).get("comms", {})
    return {c for c, info in comms.items() if info.get("target_name", WIDGET_TARGET) == WIDGET_TARGET}


class ChannelBudget:
    """What one page may send on its kernel channel: :data:`WS_BURST` messages at once, then
    :data:`WS_PER_SECOND` a second (:meth:`admits`), and a page that keeps on past ten
    bursts of dropped messages is flooding (:meth:`flooding`).

    One load is not a flood: a page whose kernel does not answer ipywidgets' one request for
    all the widget states within 4 s (a loaded machine) asks for the list of its models
    (``comm_info_request``), then for each model's state, one message per model (630 on
    ``sunmoon/rules.ipynb``: the bucket dropped 400 of them and 21 widgets said "Loading
    widget" for good). So the first list the kernel sends on the channel is kept
    (:meth:`kernel_sent`), and a request for the state of a model on it passes without a
    token, once per model; every other message, a second request for the same model and
    the lists after the first take tokens.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.bucket = Bucket(WS_PER_SECOND * 60, WS_BURST, clock)
        self.listed: set[str] | None = None  # models the kernel listed, not yet asked for
        self.dropped = 0

    def kernel_sent(self, fed_msg_list: list[Any]) -> None:
        """See a message the kernel sends the page (until its first list of models)."""
        if self.listed is None:
            try:
                self.listed = listed_models(fed_msg_list)
            except Exception:  # Jupyter Server reports a message it cannot read
                pass

    def admits(self, incoming: Any, v1: bool) -> bool:
        """Whether the page's message goes on to the kernel (a dropped one is counted)."""
        if self.listed:
            model = state_request(incoming, v1)
            if model in self.listed:
                self.listed.discard(model)
                return True
        if self.bucket.take():
            return True
        self.dropped += 1
        return False

    def flooding(self) -> bool:
        return self.dropped > 10 * WS_BURST


class CheckedChannels(ZMQChannelsWebsocketConnection):
    """Jupyter Server's kernel websocket connection, for messages a page did not write.

    A message that does not parse (Jupyter Server would raise and close the channel with a
    traceback in the log) is dropped with one line in the log, and a page sending more
    than its :class:`ChannelBudget` has the extra ones dropped and, if it keeps on, its
    channel closed: that visitor's kernel stops answering that page, no one else's.
    """

    def budget(self) -> ChannelBudget:
        return cast(ChannelBudget, self.__dict__.setdefault("_dn_budget", ChannelBudget()))

    def handle_outgoing_message(self, stream: str, outgoing_msg: list[Any]) -> None:
        budget = self.budget()
        if budget.listed is None:
            try:
                budget.kernel_sent(self.session.feed_identities(outgoing_msg)[1])
            except ValueError:  # no delimiter: Jupyter Server reports it
                pass
        return super().handle_outgoing_message(stream, outgoing_msg)

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        budget = self.budget()
        client = self.websocket_handler.request.remote_ip
        v1 = self.subprotocol == "v1.kernel.websocket.jupyter.org"
        if not budget.admits(incoming_msg, v1):
            if budget.dropped == 1:
                self.log.warning("daynight: %s sends too many messages on its kernel channel; dropping some", client)
            if budget.flooding():
                self.log.warning("daynight: closing the kernel channel of %s (message flood)", client)
                self.websocket_handler.close()
            return None
        if v1 and not v1_fits(incoming_msg):
            self.log.warning("daynight: dropped a malformed message on the kernel channel of %s", client)
            return None
        try:
            return super().handle_incoming_message(incoming_msg)
        except Exception as error:  # a message the page did not write
            self.log.warning(
                "daynight: dropped a malformed message on the kernel channel of %s (%s)", client, type(error).__name__
            )
            return None


class NoHeartbeatClient(AsyncKernelClient):
    """The kernel client Voila's renderer uses, without the heartbeat thread.

    Voila's renderer stops its client when a page is rendered; stopping joins the
    heartbeat thread, and for a kernel that died or never answered that join blocked the
    server's main loop for good (seen after a burst of page requests). The renderer never
    reads the heartbeat: it asks the kernel manager whether the kernel is alive.
    """

    def start_channels(
        self, shell: bool = True, iopub: bool = True, stdin: bool = True, hb: bool = False, control: bool = True
    ) -> None:
        super().start_channels(shell=shell, iopub=iopub, stdin=stdin, hb=False, control=control)
