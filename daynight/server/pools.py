"""The class server's kernels: Voila's pooled kernel manager, bounded by the caps.

Pools of preheated kernels (one notebook already run in each) are warmed one kernel at a time
and only while no visitor is waiting; visitors' kernels are counted against the caps of
:class:`~daynight.server.limits.Limits` through the :class:`~daynight.server.limits.Gate`, and a
kernel whose page has gone is shut down (:class:`PoolBounds`).
"""

from __future__ import annotations

import asyncio
import math
import time
import uuid
from collections import OrderedDict
from typing import Any

from tornado.ioloop import PeriodicCallback
from voila.request_info_handler import RequestInfoSocketHandler

from .limits import VISIT, Gate, Limits, Visit

__all__ = ["ENDED_KEPT", "REFILL_DEFER", "REFILL_QUIET", "SWEEP_SECONDS", "WARM_TIMEOUT", "PoolBounds", "bounded"]

#: a warming kernel that has not finished its notebook after this long no longer holds
#: up the next one (it keeps running and serves its visitor when done)
WARM_TIMEOUT = 60.0
#: a pool refill waits until no visitor got a kernel for REFILL_QUIET s (a room arriving),
#: but not longer than REFILL_DEFER s
REFILL_QUIET, REFILL_DEFER = 3.0, 30.0
#: how often the server looks for kernels to free and pools to top up
SWEEP_SECONDS = 5.0
#: kernels the server ended itself whose reason it remembers (a page asking why gets it)
ENDED_KEPT = 4096

#: the pooled kernel manager class Voila builds at start-up (``voila_kernel_manager_factory``)
VoilaManager: Any = object


class PoolBounds(VoilaManager):
    """Voila's pooled kernel manager, bounded (mixed into the class Voila builds at start-up,
    with the server's :class:`~daynight.server.limits.Limits` as ``limits``: see :func:`bounded`).

    * Pools are warmed one kernel at a time, the apps' before the learning pages' (a pool
      entry marked ``after_apps`` waits while an app's entry is waiting or warming), and
      only while no visitor waits for a kernel start (``Gate.busy``) and, for up to
      :data:`REFILL_DEFER` s, while no visitor's page is being rendered and none was handed
      out or sent for :data:`REFILL_QUIET` s: on two cores a warm-up takes a core, and the
      visitors' pages and clicks come first (a walkthrough's page runs for 4-14 s). A pool entry still waiting
      for its turn does not count (``get_pool_size``), so a visitor arriving early gets
      a fresh kernel at once instead of queueing. At the cap, a ready preheated kernel
      makes way for a visitor (``evict_preheated``). An entry whose turn comes while the server is at its
      kernel cap is dropped; the sweep tops the pools up again when kernels are freed.
    * Every :data:`SWEEP_SECONDS` the sweep shuts down the kernels handed to a visitor
      whose page has had no connection for ``orphan_timeout`` (a closed tab, a vanished
      browser, a request without a browser) and kernels that never finished starting,
      and drops pool entries that failed.
    * The server remembers why it ended a visitor's kernel (its page lost its connection,
      or was idle), so a page that comes back asks :meth:`kernel_state` and tells its
      learner in plain words (``widgets/table.js``; ``/daynight/kernel/<id>``).
    """

    #: the caps (:func:`bounded` sets them)
    limits: Limits

    def __init__(self, **kwargs):
        self._warm_lock = asyncio.Lock()
        self._queued: dict[str, int] = {}
        self._reserved = 0  # a warm-up past the cap check whose kernel is not registered yet
        self._last_handout = -math.inf  # when a visitor last got a kernel, or a visitor's page was last sent
        self._rendering: set[str] = set()  # visitors' kernels whose page is still being rendered
        self.warm_times: list[tuple[str, float]] = []
        self._seen: dict[str, float | None] = {}  # visitor kernel -> last time its page was connected
        self._unstarted: set[str] = set()  # kernels seen without last_activity at the last sweep
        self._ended: OrderedDict[str, tuple[str, float]] = OrderedDict()  # kernel -> (why, after seconds)
        self.gate = Gate(self.limits, self.kernel_count, self.evict_preheated)
        super().__init__(**kwargs)
        self._sweeper = PeriodicCallback(self._sweep, SWEEP_SECONDS * 1000)
        self._sweeper.start()

    def kernel_count(self) -> int:
        return len(set(self._kernels) | set(self._pending_kernels)) + self._reserved

    def _pool_size(self, notebook_name) -> int:
        default = self.kernel_pools_config.get("default", {})
        return self.kernel_pools_config.get(notebook_name, default).get("pool_size", 0)

    def _after_apps(self, notebook_name) -> bool:
        """Whether ``notebook_name``'s pool is warmed only once no app's pool entry is waiting
        or warming (a learning page: :func:`daynight.server.apps.kernel_pools`)."""
        return bool(self.kernel_pools_config.get(notebook_name, {}).get("after_apps", False))

    def _apps_warming(self) -> bool:
        """Whether an app's pool entry (not a learning page's) is still waiting or warming."""
        return any(not task.done() for name, pool in self._pools.items() if not self._after_apps(name) for task in pool)

    # ----- pools
    def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables=None, **kwargs):
        before = len(self._pools.get(notebook_name, ()))
        super().fill_if_needed(
            delay=delay,
            notebook_name=notebook_name,
            extra_kernel_env_variables=extra_kernel_env_variables or {},
            **kwargs,
        )
        added = len(self._pools.get(notebook_name, ())) - before
        if added > 0:
            self._queued[notebook_name] = self._queued.get(notebook_name, 0) + added

    def get_pool_size(self, notebook_name: str) -> int:
        ready_or_warming = super().get_pool_size(notebook_name) - self._queued.get(notebook_name, 0)
        return max(0, ready_or_warming)

    async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs):
        if kernel_id is not None:  # a restart: not a pool entry
            return await super()._initialize(notebook_path, kernel_id, **kwargs)
        VISIT.set(None)  # a pool kernel is no visitor's (the task copied the request's context)
        if self._after_apps(notebook_path):
            # a learning page's kernel: after every app's, so a class's first pages come first
            while self._apps_warming():
                await asyncio.sleep(0.25)
        async with self._warm_lock:
            # visitors first: wait while one waits for a kernel or starts one, and while
            # pages are being handed out (a room arriving), for REFILL_DEFER s at most
            deferred = time.monotonic() + REFILL_DEFER
            while self.gate.busy() or (
                (self._rendering or time.monotonic() - self._last_handout < REFILL_QUIET)
                and time.monotonic() < deferred
            ):
                await asyncio.sleep(0.25)
            self._queued[notebook_path] = max(0, self._queued.get(notebook_path, 0) - 1)
            if self.gate.room() <= 0:
                # at the cap: this entry (still counted as queued until now, so no visitor
                # has taken it) leaves the pool; the sweep tops the pool up later
                pool = self._pools.get(notebook_path, [])
                if asyncio.current_task() in pool:
                    pool.remove(asyncio.current_task())
                return None
            started = time.monotonic()
            self._reserved += 1
            try:
                content = await super()._initialize(notebook_path, None, **kwargs)
            finally:
                self._reserved -= 1
            # hold the lock while the notebook runs, so the next kernel starts after it
            await asyncio.wait({content["task"]}, timeout=WARM_TIMEOUT)
            seconds = time.monotonic() - started
            self.warm_times.append((notebook_path, seconds))
            self.log.info("daynight: warmed a kernel for %s in %.1f s", notebook_path, seconds)
            return content

    async def get_rendered_notebook(self, notebook_name: str, *args, **kwargs):
        render_task, rendered, kernel_id = await super().get_rendered_notebook(notebook_name, *args, **kwargs)
        self._handed_out(kernel_id)
        return render_task, rendered, kernel_id

    async def evict_preheated(self) -> bool:
        """Shut down one ready preheated kernel (a learning page's first, then of the page
        with the most), to make room for a visitor at the kernel cap; whether there was one."""
        ready = {
            name: [t for t in pool if t.done() and not t.cancelled() and not t.exception() and t.result()]
            for name, pool in self._pools.items()
        }
        name = max(ready, key=lambda n: (bool(ready[n]) and self._after_apps(n), len(ready[n])), default=None)
        if not name or not ready[name]:
            return False
        task = ready[name][-1]
        self._pools[name].remove(task)
        self.log.info("daynight: at the kernel cap, a preheated kernel of %s makes way for a visitor", name)
        await self._discard(task.result()["kernel_id"])
        return True

    # ----- visitors' kernels
    def _handed_out(self, kernel_id: str) -> None:
        visit = VISIT.get()
        if visit is not None:
            self._last_handout = time.monotonic()
            self._rendering.add(kernel_id)
            visit.kernel_id = kernel_id
            self.gate.own(kernel_id, visit.client)
            self._seen[kernel_id] = None  # its page is still being sent

    def page_sent(self, visit: Visit) -> None:
        """The page is out: from now on its kernel needs the page's connection (and the pools may
        warm again once the server has been quiet for :data:`REFILL_QUIET` s)."""
        if visit.kernel_id in self._rendering:
            self._rendering.discard(visit.kernel_id)
            self._last_handout = time.monotonic()
        if visit.kernel_id in self.gate.owners:
            self._seen[visit.kernel_id] = time.monotonic()

    async def start_kernel(self, *args, **kwargs):
        """A visitor's fresh kernel (pool kernels start in ``_initialize``). A kernel
        that fails to start is shut down at once instead of lingering."""
        kernel_id = kwargs.pop("kernel_id", None) or str(uuid.uuid4())
        try:
            kernel_id = await super().start_kernel(*args, kernel_id=kernel_id, **kwargs)
        except Exception:
            self.log.warning("daynight: kernel %s failed to start; shutting it down", kernel_id)
            await self._discard(kernel_id)
            raise
        self._handed_out(kernel_id)
        return kernel_id

    async def _discard(self, kernel_id: str) -> None:
        self._pending_kernels.pop(kernel_id, None)
        if kernel_id in self._kernels:
            try:
                await self.shutdown_kernel(kernel_id, now=True)
            except Exception:
                self._kernels.pop(kernel_id, None)

    def remove_kernel(self, kernel_id):
        self._forget(kernel_id)
        return super().remove_kernel(kernel_id)

    def _forget(self, kernel_id: str) -> None:
        self._rendering.discard(kernel_id)
        self.gate.owners.pop(kernel_id, None)
        self._seen.pop(kernel_id, None)

    def _never_started(self, kernel_id: str) -> bool:
        kernel = self._kernels.get(kernel_id)
        return (
            kernel is not None
            and kernel_id not in self._pending_kernels
            and not kernel.trait_has_value("last_activity")
        )

    async def cull_kernel_if_idle(self, kernel_id: str):
        if self._never_started(kernel_id):
            return None  # Jupyter's culler would raise TraitError: 'last_activity'; the sweep frees it
        owned = kernel_id in self.gate.owners
        result = await super().cull_kernel_if_idle(kernel_id)
        if owned and kernel_id not in self._kernels:
            self._remember(kernel_id, "idle", float(self.cull_idle_timeout))
        return result

    def _remember(self, kernel_id: str, why: str, after: float) -> None:
        self._ended[kernel_id] = (why, after)
        while len(self._ended) > ENDED_KEPT:
            self._ended.popitem(last=False)

    def kernel_state(self, kernel_id: str) -> dict[str, Any]:
        """What a page may know of its own kernel: ``{"state": "running", "busy": ...}``, or
        ``{"state": "ended", "reason": "idle" | "orphan" | "unknown", "after": seconds}`` (unknown:
        the server was restarted, or the kernel ended otherwise)."""
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            return {"state": "running", "busy": getattr(kernel, "execution_state", "") == "busy"}
        if kernel_id in self._pending_kernels:
            return {"state": "running", "busy": True}
        why, after = self._ended.get(kernel_id, ("unknown", 0.0))
        return {"state": "ended", "reason": why, "after": after}

    async def _sweep(self) -> None:
        now = time.monotonic()
        for kernel_id in list(self.gate.owners):
            if kernel_id not in self._kernels:
                if kernel_id not in self._pending_kernels:
                    self._forget(kernel_id)
            elif self._kernel_connections.get(kernel_id, 0) > 0:
                self._seen[kernel_id] = now
            elif (seen := self._seen.setdefault(kernel_id, now)) is None:
                continue  # its page is still being rendered
            elif now - seen > self.limits.orphan_timeout:
                self.log.info(
                    "daynight: shutting down kernel %s: its page has had no connection for %.0f s",
                    kernel_id,
                    now - seen,
                )
                await self._discard(kernel_id)
                self._remember(kernel_id, "orphan", self.limits.orphan_timeout)
        unstarted = {k for k in self._kernels if self._never_started(k)}
        for kernel_id in unstarted & self._unstarted:  # two sweeps in a row: not a start in progress
            self.log.warning("daynight: shutting down kernel %s, which never finished starting", kernel_id)
            await self._discard(kernel_id)
        self._unstarted = unstarted
        for name, pool in self._pools.items():
            for task in [t for t in pool if t.done() and (t.cancelled() or t.exception())]:
                self.log.warning("daynight: a preheated kernel for %s failed; dropping it", name)
                pool.remove(task)
            if len(pool) < self._pool_size(name) and self.gate.room() > 0:
                self.fill_if_needed(delay=0, notebook_name=name)
        for kernel_id in list(RequestInfoSocketHandler._cache):  # Voila never forgets these
            if kernel_id not in self._kernels:
                RequestInfoSocketHandler._cache.pop(kernel_id, None)

    def status(self) -> dict:
        """What ``/daynight/status`` shows."""
        pools = {}
        for name, pool in self._pools.items():
            if self._pool_size(name):
                ready = sum(1 for t in pool if t.done() and not t.cancelled() and not t.exception())
                pools[name] = {"size": self._pool_size(name), "ready": ready, "after_apps": self._after_apps(name)}
        clients: dict[str, int] = {}
        for client in self.gate.owners.values():
            clients[client] = clients.get(client, 0) + 1
        return {
            "kernels": self.kernel_count(),
            "max_kernels": self.limits.max_kernels,
            "waiting": self.gate.waiting,
            "starting": self.gate.starting,
            "pools": pools,
            "visitors": clients,
            "warmed": len(self.warm_times),
        }

    async def shutdown_all(self, *args, **kwargs):
        self._sweeper.stop()
        self._queued.clear()
        return await super().shutdown_all(*args, **kwargs)


def bounded(manager_class: Any, limits: Limits) -> type:
    """Voila's pooled kernel manager class (built at start-up) with the bounds of ``limits``."""

    class PooledKernels(PoolBounds, manager_class):
        __doc__ = PoolBounds.__doc__

    PooledKernels.limits = limits
    return PooledKernels
