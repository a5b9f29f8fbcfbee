"""The class server's Voila application: Voila whose ``/`` opens the landing page, whose app
kernels are pooled and bounded, and which answers only its own host names.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import tornado.web
import voila.app
from jupyter_server.utils import url_path_join
from traitlets import Instance, Int, default
from voila.app import Voila

from .apps import LANDING, kernel_pools, repository_root
from .handlers import (
    KERNEL_STATE,
    MAX_WS_MESSAGE,
    REPLACED,
    CheckedChannels,
    HostChecked,
    KernelStateHandler,
    NoHeartbeatClient,
    StatusHandler,
)
from .hardening import HostPolicy, kernel_startup_dir, trusted_config_paths
from .limits import Limits
from .pools import bounded

__all__ = ["DaynightVoila"]


class DaynightVoila(Voila):
    """Voila whose ``/`` redirects to the landing page, whose app kernels are pooled and
    bounded, and which answers only its own host names. ``launch_instance`` takes the plan of
    :mod:`daynight.server.command`: ``daynight_pool_size``, ``daynight_learning_pool_size``, ``daynight_limits``,
    ``daynight_hosts`` and ``daynight_private`` (the folder for everything it writes)."""

    daynight_pool_size = Int(1, help="preheated kernels per app notebook (0: none)")
    daynight_learning_pool_size = Int(0, help="preheated kernels per learning page, warmed after the apps' (0: none)")
    daynight_limits = Instance(Limits, help="the caps of the kernels visitors can start")
    daynight_hosts = Instance(HostPolicy, help="the host names this server answers")
    daynight_private = Instance(Path, help="the server's own folder, removed when it stops")

    @default("config_file_paths")
    def _config_file_paths_default(self) -> list[str]:
        # the repository's voila.json first, whatever the working directory; never a folder
        # another user can write
        return trusted_config_paths([str(repository_root()), *super()._config_file_paths_default()])

    @default("connection_dir_root")
    def _connection_dir_root_default(self) -> str:
        return str(self.daynight_private)

    @default("kernel_websocket_connection_class")
    def _kernel_websocket_connection_class_default(self) -> type:
        return CheckedChannels

    def init_settings(self) -> dict[str, Any]:
        conf = self.voila_configuration
        # inherited by the kernels: their start-up file hardens them
        os.environ["IPYTHONDIR"] = kernel_startup_dir(self.daynight_private, not conf.show_tracebacks)
        self.config.ServerKernelManager.client_factory = NoHeartbeatClient
        self.config.VoilaKernelManager.kernel_pools_config = self._pools(conf)
        factory = voila.app.voila_kernel_manager_factory
        limits = self.daynight_limits

        def pooled_and_bounded(
            base_class: Any, preheat_kernel: bool, default_pool_size: int, page_config_hook: Any = None
        ) -> type:
            # always Voila's pooled manager (with empty pools when preheating is off), so the
            # caps hold either way
            return bounded(factory(base_class, True, default_pool_size, page_config_hook=page_config_hook), limits)

        voila.app.voila_kernel_manager_factory = pooled_and_bounded
        try:
            settings: dict[str, Any] = super().init_settings()
        finally:
            voila.app.voila_kernel_manager_factory = factory
        settings.update(
            allow_remote_access=False,
            local_hostnames=sorted(self.daynight_hosts.names),
            websocket_max_message_size=MAX_WS_MESSAGE,
            daynight_hosts=self.daynight_hosts,
        )
        return settings

    def _pools(self, conf: Any) -> dict[str, Any]:
        """``kernel_pools_config``: a pool for each app and learning page (explicit entries of
        voila.json win), or none when preheating is off."""
        if conf.preheat_kernel and conf.progressive_rendering:
            self.log.warning(
                "daynight: progressive rendering is on, so kernels are not preheated (Voila cannot do both)"
            )
        if conf.preheat_kernel and self.daynight_pool_size > 0 and not conf.progressive_rendering:
            pools: dict[str, Any] = kernel_pools(
                Path(self.root_dir), self.daynight_pool_size, self.daynight_learning_pool_size
            )
            pools.update(self.config.VoilaKernelManager.get("kernel_pools_config", {}))
            return pools
        conf.preheat_kernel = False
        return {"default": {"pool_size": 0}}

    def init_handlers(self) -> list[Any]:
        target = url_path_join(self.server_url, "voila/render", LANDING)
        root = url_path_join(self.server_url, "/")
        handlers = [
            (root + "?$", tornado.web.RedirectHandler, {"url": target, "permanent": False}),
            (url_path_join(self.server_url, "/daynight/status"), StatusHandler),
            (url_path_join(self.server_url, KERNEL_STATE), KernelStateHandler),
            *super().init_handlers(),
        ]
        checked = []
        for pattern, cls, *rest in handlers:
            cls = REPLACED.get(cls, cls)
            checked.append((pattern, type(cls.__name__, (HostChecked, cls), {}), *rest))
        return checked
