"""The class server's request handlers, put in front of Voila's (:class:`DaynightVoila`
builds its handler list from them):

* every handler answers only this server's host names (:class:`HostChecked`);
* a page that needs a kernel passes the gate of the caps first (:class:`AdmittedRender`);
* a closed tab shuts its kernel down (:class:`ShutdownOnClose`);
* ``/daynight/status`` shows the kernels and pools to the machine itself (:class:`StatusHandler`);
* a page's kernel channel drops messages the page did not write and floods (:class:`CheckedChannels`);
* Voila's renderer talks to its kernels without a heartbeat thread (:class:`NoHeartbeatClient`).
"""

from __future__ import annotations

import json
import sys
from typing import Any, cast

import tornado.web
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler

from .hardening import HostPolicy
from .limits import VISIT, Bucket, Refusal, Visit, exempt, refusal_page
from .pools import PoolBounds

__all__ = [
    "MAX_WS_MESSAGE",
    "REPLACED",
    "WS_BURST",
    "WS_PER_SECOND",
    "AdmittedRender",
    "CheckedChannels",
    "HostChecked",
    "NoHeartbeatClient",
    "ShutdownOnClose",
    "StatusHandler",
]

#: the largest message a page may send on its kernel channel (a click is a few hundred bytes)
MAX_WS_MESSAGE = 1024 * 1024
#: messages a page may send on its kernel channel: a burst, then this many a second
WS_BURST, WS_PER_SECOND = 100, 20

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


#: Voila's handlers and the ones that take their place
REPLACED: dict[type, type] = {TornadoVoilaHandler: AdmittedRender, VoilaShutdownKernelHandler: ShutdownOnClose}


class CheckedChannels(ZMQChannelsWebsocketConnection):
    """Jupyter Server's kernel websocket connection, for messages a page did not write.

    A message that does not parse (Jupyter Server would raise and close the channel with a
    traceback in the log) is dropped with one line in the log, and a page sending more
    than :data:`WS_BURST` messages at once, then more than :data:`WS_PER_SECOND` a second,
    has the extra ones dropped and, if it keeps on, its channel closed: that visitor's
    kernel stops answering that page, no one else's.
    """

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        bucket = self.__dict__.setdefault("_dn_bucket", Bucket(WS_PER_SECOND * 60, WS_BURST))
        client = self.websocket_handler.request.remote_ip
        if not bucket.take():
            dropped = self.__dict__["_dn_dropped"] = self.__dict__.get("_dn_dropped", 0) + 1
            if dropped == 1:
                self.log.warning("daynight: %s sends too many messages on its kernel channel; dropping some", client)
            if dropped > 10 * WS_BURST:
                self.log.warning("daynight: closing the kernel channel of %s (message flood)", client)
                self.websocket_handler.close()
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
