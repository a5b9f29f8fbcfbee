"""What anonymous visitors can make the class server start: the caps (:class:`Limits`), the
rates (:class:`Bucket`) and the admission of each page request (:class:`Gate`), and the
short page a visitor beyond a cap gets (:func:`refusal_page`).

Standard library only (the gate runs on the server's asyncio loop).
"""

from __future__ import annotations

import asyncio
import contextvars
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from string import Template

from ..markup import fill, resource

__all__ = [
    "KERNEL_MB",
    "QUEUE_WAIT",
    "VISIT",
    "Bucket",
    "Gate",
    "Limits",
    "Refusal",
    "Visit",
    "default_limits",
    "exempt",
    "memory_available_mb",
    "refusal_page",
]

#: resident memory of one app kernel once its notebook has run (55-75 MB measured on
#: Linux; ``python -m benchmarks apps`` reports it), used to size the defaults
KERNEL_MB = 80
#: how long a page request waits for a kernel start slot before it gets the busy page
QUEUE_WAIT = 20.0


@dataclass(frozen=True)
class Limits:
    """What anonymous visitors can make the server start (all options of ``main``)."""

    max_kernels: int  #: kernels in all, preheated ones included
    per_client: int  #: kernels of one client address (0: no cap)
    starts_per_minute: int  #: kernel starts for visitors, per minute (and at once)
    orphan_timeout: float  #: seconds a visitor's kernel may live without its page connected
    starting_at_once: int  #: visitor kernels starting (running their notebook) at one time
    per_client_per_minute: int = 12  #: pages one client address may open per minute

    def describe(self) -> str:
        per_client = f"{self.per_client} per client address" if self.per_client else "no cap per client address"
        return (
            f"at most {self.max_kernels} kernels (about {self.max_kernels * KERNEL_MB / 1024:.1f} GB), "
            f"{per_client} and {self.per_client_per_minute} pages a minute (the machine's own 127.0.0.1 "
            f"excepted), {self.starts_per_minute} kernel starts "
            f"a minute, {self.starting_at_once} at once; a kernel whose page is gone is shut down "
            f"after {self.orphan_timeout:g} s"
        )


def memory_available_mb() -> int | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def default_limits(*, learners: int, preheated: int, cores: int | None = None, memory_mb: int | None = None) -> Limits:
    """Caps sized for this machine: half its free memory in kernels of :data:`KERNEL_MB`,
    at most 16 kernels per core, and room for the pools plus two pages per learner."""
    cores = cores or os.cpu_count() or 1
    memory_mb = memory_mb if memory_mb is not None else (memory_available_mb() or 4096)
    by_memory = max(4, int(memory_mb * 0.5 // KERNEL_MB))
    wanted = max(16 * cores, preheated + 2 * learners)
    return Limits(
        max_kernels=max(preheated + 2, min(by_memory, wanted)),
        per_client=6,
        starts_per_minute=20 * cores,
        orphan_timeout=120.0,
        starting_at_once=max(2, cores),
    )


class Bucket:
    """A token bucket: ``burst`` tokens, refilled at ``per_minute`` a minute."""

    def __init__(self, per_minute: float, burst: float, clock: Callable[[], float] = time.monotonic):
        self.rate = per_minute / 60.0
        self.burst = max(1.0, burst)
        self.tokens = self.burst
        self.clock = clock
        self.stamp = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def full(self) -> bool:
        self._refill()
        return self.tokens >= self.burst


@dataclass
class Visit:
    """A page request: its client address and the kernel it was given."""

    client: str
    kernel_id: str | None = None


#: the page request being served (the kernel manager reads it to know whose kernel it
#: starts or hands out)
VISIT: contextvars.ContextVar[Visit | None] = contextvars.ContextVar("daynight_visit", default=None)


@dataclass
class Refusal:
    status: int
    title: str
    text: str
    retry: int  # seconds after which the page tries again by itself


def exempt(client: str | None) -> bool:
    """The machine's own loopback address: the teacher's browser, or a reverse proxy in
    front of the server (through which every learner has that address)."""
    return client in (None, "127.0.0.1", "::1")


class Gate:
    """Admission of page requests that need a kernel: caps, rates and start slots.

    The kernel manager tells the gate which kernel belongs to which client address
    (:meth:`own`); the page handler asks :meth:`admit` before Voila takes a preheated
    kernel or starts one, and releases what it got when the page is rendered.
    """

    def __init__(
        self, limits: Limits, count_kernels: Callable[[], int], make_room: Callable[[], Awaitable[bool]] | None = None
    ):
        self.limits = limits
        self.count_kernels = count_kernels  # callable: kernels the manager holds now
        self.make_room = make_room  # async callable: free a preheated kernel; whether it did
        self.owners: dict[str, str] = {}  # kernel id -> client address
        self.starts = Bucket(limits.starts_per_minute, limits.starts_per_minute)
        self.per_client: dict[str, Bucket] = {}
        self.slots = asyncio.Semaphore(limits.starting_at_once)
        self.waiting = 0  # requests waiting for a start slot
        self.starting = 0  # visitor kernels starting now (hold a slot)

    def own(self, kernel_id: str, client: str) -> None:
        self.owners[kernel_id] = client

    def owned_by(self, client: str) -> int:
        return sum(1 for c in self.owners.values() if c == client)

    def busy(self) -> bool:
        """A visitor is waiting for a kernel or starting one (the pools then wait)."""
        return self.waiting > 0 or self.starting > 0

    def room(self) -> int:
        """Kernels that may still start, visitors waiting or starting counted."""
        return self.limits.max_kernels - self.count_kernels() - self.waiting - self.starting

    def _full(self) -> Refusal:
        return Refusal(
            503,
            "The class is full",
            f"This server takes {self.limits.max_kernels} apps at once, and that many are "
            "running or starting. Try again in a minute: this page tries again by itself.",
            60,
        )

    def _too_many(self) -> Refusal:
        return Refusal(
            429,
            "Too many pages from this computer",
            f"This computer already has {self.limits.per_client} apps open on this server. "
            "Close a tab you no longer use; this page tries again by itself in a minute.",
            60,
        )

    def _too_fast(self) -> Refusal:
        return Refusal(
            429,
            "Too many pages at once",
            "This computer opened many pages in a short time. Please wait: "
            "this page tries again by itself in 15 seconds.",
            15,
        )

    def _busy(self) -> Refusal:
        return Refusal(
            503,
            "The server is busy",
            "The server is busy starting apps for other learners. Please wait: "
            "this page tries again by itself in 15 seconds.",
            15,
        )

    def _client_bucket(self, client: str) -> Bucket:
        if len(self.per_client) > 1000:  # forget addresses that have been quiet for a while
            self.per_client = {c: b for c, b in self.per_client.items() if not b.full()}
        return self.per_client.setdefault(
            client, Bucket(self.limits.per_client_per_minute, max(self.limits.per_client, 1))
        )

    async def admit(self, client: str, pooled: Callable[[], bool]) -> Refusal | bool:
        """``True`` when the request may start a kernel (it then holds a start slot until
        :meth:`release`), ``False`` when it may take a preheated kernel, else a Refusal.
        ``pooled()`` says whether a preheated kernel is there for the page."""
        if not exempt(client):
            if self.limits.per_client and self.owned_by(client) >= self.limits.per_client:
                return self._too_many()
            if not self._client_bucket(client).take():
                return self._too_fast()
        if pooled():
            return False
        # at the cap, a preheated kernel of another page makes way: learners come before pools
        if self.room() <= 0 and not (self.make_room and await self.make_room()):
            return self._full()
        self.waiting += 1
        try:
            deadline = time.monotonic() + QUEUE_WAIT
            while not self.starts.take():
                if time.monotonic() > deadline:
                    return self._busy()
                await asyncio.sleep(0.5)
                if pooled():
                    return False
            try:
                await asyncio.wait_for(self.slots.acquire(), max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                return self._busy()
        finally:
            self.waiting -= 1
        self.starting += 1
        return True

    def release(self) -> None:
        self.starting -= 1
        self.slots.release()


def refusal_page(refusal: Refusal) -> str:
    """The page a visitor beyond a cap gets (``refusal.html``): what happened, and it tries
    again by itself after ``refusal.retry`` seconds."""
    return fill(
        Template(resource("daynight.server", "refusal.html")),
        retry=refusal.retry,
        title=refusal.title,
        text=refusal.text,
    )
