"""Serve ``notebooks/`` as Voila apps: ``python -m daynight.widgets.serve [--learners N]``.

This is what ``make app`` runs and what the browser tests start, so the tests see exactly
the server a teacher runs. It is standalone Voila (``voila notebooks/``) configured for a
public demo by ``voila.json`` at the repository root (always read, whatever the working
directory), plus these additions:

* the site root ``/`` opens the landing page ``index.ipynb`` instead of a file list;
* the lab template is used without its CDN stylesheet links (:func:`offline_template`),
  so no request leaves the machine, and a page that is still not ready after a while
  says that the server is busy and to wait or reload;
* **preheated kernels for the apps**: the landing page and every app notebook
  (``*/play.ipynb``, ``*/tracker.ipynb``, see :func:`app_notebooks`) get a pool of kernels
  that have already run the notebook, so a visitor gets a page whose widgets are ready.
  ``--learners N`` sizes the pools for a class (:func:`pool_size_for`); the pools are
  warmed **one kernel at a time** and only while no visitor is waiting for a kernel of
  their own (:class:`PooledKernels`), and a pool whose first kernel has not started
  warming counts as empty, so a visitor never queues behind the warm-up.

What a visitor can and cannot do (``tests/browser/test_security.py`` and
``tests/browser/test_limits.py`` check each):

* sources are stripped, and only images and stylesheets under ``notebooks/`` are
  served as files (``voila.json``);
* the server answers only the host names it was started for: loopback addresses and
  ``localhost``, the address given with ``--ip`` (every address of this machine for
  ``--ip 0.0.0.0``) and the names given with ``--allow-host``. This is Jupyter Server's own
  ``check_host`` (``allow_remote_access=False``, ``local_hostnames``), applied to every
  handler, so a web page cannot reach the class server through DNS rebinding; kernel
  websockets from another origin are refused by Jupyter Server's ``check_origin``;
* the kernel accepts only widget messages (no ``execute_request``; Voila), and in the
  app kernels a comm or widget message the page did not send for a widget of the app is
  dropped with one line in the server's log, and no traceback ever reaches the browser
  (:func:`harden_kernel`);
* everything the server writes to disk (templates, the kernels' IPython start-up file,
  connection files) lives in a folder created for this server alone
  (``tempfile.mkdtemp``, owner-only) and removed when it stops, and no configuration
  is read from a folder other users can write (:func:`private_folder`,
  :func:`trusted_config_paths`);
* kernels are bounded (:class:`Limits`): a cap in all and per client address, a rate
  of kernel starts, at most a few starting at once; a visitor beyond a cap gets a short
  page saying so (the class is full, try again in a minute) instead of a hang, and
  kernels whose page has gone (a closed tab, a vanished browser, a request without a
  browser) or that failed to start are shut down (:class:`PooledKernels`).

Extra command-line arguments are passed to Voila unchanged (for example
``--VoilaConfiguration.show_tracebacks=True`` while developing).
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextvars
import fnmatch
import functools
import html
import ipaddress
import json
import math
import os
import re
import shutil
import socket
import stat
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

LANDING = "index.ipynb"
#: notebooks that are apps (a kernel pool each); paths relative to the notebooks root
APP_PATTERNS = (LANDING, "*/play.ipynb", "*/tracker.ipynb")
#: a warming kernel that has not finished its notebook after this long no longer holds
#: up the next one (it keeps running and serves its visitor when done)
WARM_TIMEOUT = 60.0
#: resident memory of one app kernel once its notebook has run (55-75 MB measured on
#: Linux; ``python -m benchmarks apps`` reports it), used to size the defaults
KERNEL_MB = 80
#: how long a page request waits for a kernel start slot before it gets the busy page
QUEUE_WAIT = 20.0
#: a pool refill waits until no visitor got a kernel for REFILL_QUIET s (a room arriving),
#: but not longer than REFILL_DEFER s
REFILL_QUIET, REFILL_DEFER = 3.0, 30.0
#: how often the server looks for kernels to free and pools to top up
SWEEP_SECONDS = 5.0
#: the largest message a page may send on its kernel channel (a click is a few hundred bytes)
MAX_WS_MESSAGE = 1024 * 1024
#: messages a page may send on its kernel channel: a burst, then this many a second
WS_BURST, WS_PER_SECOND = 100, 20


def repository_root() -> Path:
    return Path(__file__).resolve().parent.parent  # widgets/ -> repository root


def notebooks_dir() -> Path:
    """The ``notebooks/`` folder of the repository this package was installed from."""
    env = os.environ.get("DAYNIGHT_NOTEBOOKS")
    if env:
        return Path(env).resolve()
    return repository_root() / "notebooks"


def app_notebooks(root: Path) -> list[str]:
    """The notebooks under ``root`` that are apps (get preheated kernels), as posix paths."""
    found = []
    for path in sorted(root.rglob("*.ipynb")):
        rel = path.relative_to(root).as_posix()
        if ".ipynb_checkpoints" in rel or any(part.startswith(".") for part in path.relative_to(root).parts):
            continue
        if any(fnmatch.fnmatchcase(rel, pattern) and rel.count("/") == pattern.count("/")
               for pattern in APP_PATTERNS):
            found.append(rel)
    # the landing page first: it is the page a visitor opens first
    return sorted(found, key=lambda rel: (rel != LANDING, rel))


def kernel_pools(root: Path, pool_size: int) -> dict:
    """``VoilaKernelManager.kernel_pools_config``: ``pool_size`` kernels per app, none else."""
    pools: dict = {"default": {"pool_size": 0}}
    for rel in app_notebooks(root):
        pools[rel] = {"pool_size": pool_size}
    return pools


def pool_size_for(learners: int, apps: int) -> int:
    """Preheated kernels per page for a class of ``learners``: the room spread over the
    ``apps`` play apps (at least one each); the landing page gets as many."""
    return max(1, math.ceil(learners / max(1, apps)))


# --------------------------------------------------------------------------- limits

@dataclass(frozen=True)
class Limits:
    """What anonymous visitors can make the server start (all options of ``main``)."""

    max_kernels: int          #: kernels in all, preheated ones included
    per_client: int           #: kernels of one client address (0: no cap)
    starts_per_minute: int    #: kernel starts for visitors, per minute (and at once)
    orphan_timeout: float     #: seconds a visitor's kernel may live without its page connected
    starting_at_once: int     #: visitor kernels starting (running their notebook) at one time
    per_client_per_minute: int = 12  #: pages one client address may open per minute

    def describe(self) -> str:
        per_client = f"{self.per_client} per client address" if self.per_client else "no cap per client address"
        return (f"at most {self.max_kernels} kernels (about {self.max_kernels * KERNEL_MB / 1024:.1f} GB), "
                f"{per_client} and {self.per_client_per_minute} pages a minute (the machine's own 127.0.0.1 "
                f"excepted), {self.starts_per_minute} kernel starts "
                f"a minute, {self.starting_at_once} at once; a kernel whose page is gone is shut down "
                f"after {self.orphan_timeout:g} s")


def memory_available_mb() -> int | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def default_limits(*, learners: int, preheated: int, cores: int | None = None,
                   memory_mb: int | None = None) -> Limits:
    """Caps sized for this machine: half its free memory in kernels of :data:`KERNEL_MB`,
    at most 16 kernels per core, and room for the pools plus two pages per learner."""
    cores = cores or os.cpu_count() or 1
    memory_mb = memory_mb if memory_mb is not None else (memory_available_mb() or 4096)
    by_memory = max(4, int(memory_mb * 0.5 // KERNEL_MB))
    wanted = max(16 * cores, preheated + 2 * learners)
    return Limits(max_kernels=max(preheated + 2, min(by_memory, wanted)), per_client=6,
                  starts_per_minute=20 * cores, orphan_timeout=120.0, starting_at_once=max(2, cores))


class Bucket:
    """A token bucket: ``burst`` tokens, refilled at ``per_minute`` a minute."""

    def __init__(self, per_minute: float, burst: float, clock=time.monotonic):
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
_VISIT: contextvars.ContextVar[Visit | None] = contextvars.ContextVar("daynight_visit", default=None)


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

    def __init__(self, limits: Limits, count_kernels, make_room=None):
        self.limits = limits
        self.count_kernels = count_kernels  # callable: kernels the manager holds now
        self.make_room = make_room          # async callable: free a preheated kernel; whether it did
        self.owners: dict[str, str] = {}    # kernel id -> client address
        self.starts = Bucket(limits.starts_per_minute, limits.starts_per_minute)
        self.per_client: dict[str, Bucket] = {}
        self.slots = asyncio.Semaphore(limits.starting_at_once)
        self.waiting = 0   # requests waiting for a start slot
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
        return Refusal(503, "The class is full",
                       f"This server takes {self.limits.max_kernels} apps at once, and that many are "
                       "running or starting. Try again in a minute: this page tries again by itself.", 60)

    def _too_many(self) -> Refusal:
        return Refusal(429, "Too many pages from this computer",
                       f"This computer already has {self.limits.per_client} apps open on this server. "
                       "Close a tab you no longer use; this page tries again by itself in a minute.", 60)

    def _too_fast(self) -> Refusal:
        return Refusal(429, "Too many pages at once",
                       "This computer opened many pages in a short time. Please wait: "
                       "this page tries again by itself in 15 seconds.", 15)

    def _busy(self) -> Refusal:
        return Refusal(503, "The server is busy",
                       "The server is busy starting apps for other learners. Please wait: "
                       "this page tries again by itself in 15 seconds.", 15)

    def _client_bucket(self, client: str) -> Bucket:
        if len(self.per_client) > 1000:  # forget addresses that have been quiet for a while
            self.per_client = {c: b for c, b in self.per_client.items() if not b.full()}
        return self.per_client.setdefault(
            client, Bucket(self.limits.per_client_per_minute, max(self.limits.per_client, 1)))

    async def admit(self, client: str, pooled) -> Refusal | bool:
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
            except asyncio.TimeoutError:
                return self._busy()
        finally:
            self.waiting -= 1
        self.starting += 1
        return True

    def release(self) -> None:
        self.starting -= 1
        self.slots.release()


def refusal_page(refusal: Refusal) -> str:
    title, text = html.escape(refusal.title), html.escape(refusal.text)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="refresh" content="{refusal.retry}"><title>{title}</title>'
            '<style>body{font-family:system-ui,sans-serif;max-width:40em;margin:4em auto;padding:0 1em;'
            'line-height:1.5}h1{font-size:1.5em}</style></head>'
            f'<body><main role="alert"><h1>{title}</h1><p>{text}</p>'
            '<p><a href="">Reload this page</a></p></main></body></html>\n')


# --------------------------------------------------------------------------- hosts

class HostPolicy:
    """Which ``Host`` headers this server answers.

    Jupyter Server's ``check_host`` (used when ``allow_remote_access`` is off) accepts
    loopback addresses and the names in ``local_hostnames``; this adds the address the
    server listens on, or every address of this machine when it listens on all of them.
    A name that is not in the list, such as the attacker's domain a DNS-rebinding page
    uses, is refused.
    """

    def __init__(self, ip: str, names=()):
        wildcard = ip in ("", "0.0.0.0", "::")
        self.names = {"localhost", *(n.lower() for n in names if n)}
        self.any_local_address = wildcard
        self.addresses = set()
        try:
            self.addresses.add(ipaddress.ip_address(ip))
        except ValueError:
            if not wildcard:
                self.names.add(ip.lower())  # --ip given as a host name
        if wildcard:
            hostname = socket.gethostname().lower()
            self.names |= {hostname, f"{hostname}.local"}

    def allows(self, host_header: str) -> bool:
        host = re.match(r"^(.*?)(:\d+)?$", host_header or "").group(1).lower()
        if host.startswith("[") and host.endswith("]"):
            host = host[1:-1]
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return host in self.names
        return address.is_loopback or address in self.addresses or (
            self.any_local_address and _is_local_address(str(address)))


@functools.lru_cache(maxsize=256)
def _is_local_address(address: str) -> bool:
    """Whether ``address`` belongs to this machine (it can be bound)."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as s:
            s.bind((address, 0))
        return True
    except OSError:
        return False


# --------------------------------------------------------------------------- private files

def private_folder() -> Path:
    """A folder for this server alone: created new (``tempfile.mkdtemp``: owner-only, a
    name no one else can have taken), removed when the server exits."""
    path = Path(tempfile.mkdtemp(prefix="daynight-serve-"))
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


def writable_by_others(path: Path) -> bool:
    """Whether a user other than this one (or root) can change what is at ``path``:
    owned by someone else, or writable by others, or by a group that is not ours."""
    try:
        st = path.stat()
    except OSError:
        return False
    if st.st_uid not in (0, os.geteuid()):
        return True
    if st.st_mode & stat.S_IWOTH:
        return True
    return bool(st.st_mode & stat.S_IWGRP) and st.st_gid != os.getegid()


def trusted_config_paths(paths) -> list[str]:
    """``paths`` without the folders (or ``voila.json``/``voila.py`` files in them) that
    another user can write: their configuration would run as this user."""
    kept = []
    for path in dict.fromkeys(paths):
        folder = Path(path)
        if writable_by_others(folder) or any(
                writable_by_others(folder / name) for name in ("voila.json", "voila.py")):
            print(f"daynight: not reading configuration from {folder}: another user can write there",
                  file=sys.stderr, flush=True)
            continue
        kept.append(path)
    return kept


def offline_template(root: Path, base: str = "lab", *, busy_notice: bool = True) -> tuple[str, str]:
    """Make a Voila template under ``root`` that is ``base`` without its CDN links.

    Voila's ``lab`` template links FontAwesome from cdn.jsdelivr.net although Voila's own
    bundle already carries FontAwesome, and nbconvert's adds a mermaid.js import from
    cdnjs; a served app must not send requests off the machine. The template also shows
    a notice on a page that is still not ready after a while (:data:`BUSY_NOTICE`), unless
    ``busy_notice`` is false (the static site: no server to be busy, Python starts in the
    visitor's browser).
    The template is derived at start-up from the installed Voila, so it follows upgrades.
    Returns ``(jupyter_path_entry, template_name)``.
    """
    from jupyter_core.paths import jupyter_path

    for data_dir in jupyter_path():
        source = Path(data_dir) / "voila" / "templates" / base / "index.html.j2"
        if source.exists():
            break
    else:
        raise FileNotFoundError(f"Voila's {base!r} template was not found")

    def strip(text: str) -> str:
        return re.sub(r'\s*<link[^>]+href="https?://[^"]+"[^>]*>', "", text)

    text = strip(source.read_text(encoding="utf-8"))
    # nbconvert's lab template imports mermaid.js from cdnjs when an output holds a mermaid
    # diagram; the apps have none, and a served page must never reach a CDN
    text += "\n{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}\n"
    if busy_notice:
        text += "{%- block html_head_css -%}" + BUSY_NOTICE + "{%- endblock html_head_css -%}\n"
    name = f"daynight-{base}"
    target = root / "voila" / "templates" / name
    target.mkdir(parents=True, exist_ok=True)
    (target / "index.html.j2").write_text(text, encoding="utf-8")
    (target / "conf.json").write_text(json.dumps({"base_template": base}), encoding="utf-8")
    # the file-list and error pages extend voila's base page.html, which links FontAwesome 4
    # from the CDN outside any block: serve a copy without the link under our template
    page = source.parent / "page.html"
    base_page = source.parent.parent / "base" / "page.html"
    if page.exists() and base_page.exists():
        (target / "daynight-base-page.html").write_text(strip(base_page.read_text(encoding="utf-8")),
                                                         encoding="utf-8")
        text = page.read_text(encoding="utf-8").replace(
            "'voila/templates/base/page.html'", f"'voila/templates/{name}/daynight-base-page.html'")
        (target / "page.html").write_text(strip(text), encoding="utf-8")
    return str(root), name


#: a page still starting after 15 s (its kernel busy or not connected, a widget still
#: "Loading widget...") says so instead of staying blank; it goes when the page is ready
BUSY_NOTICE = """
<style>
#dn-busy { position: fixed; top: 0; left: 0; right: 0; z-index: 10000; padding: 0.8em 1.2em;
           background: #fff7d6; border-bottom: 2px solid #b08800; color: #222;
           font: 1.05em/1.4 system-ui, sans-serif; }
</style>
<script>
(function () {
  var started = Date.now();
  function waiting() {
    var spin = document.getElementById('loading');
    if (spin && getComputedStyle(spin).display !== 'none') return true;
    return Array.prototype.some.call(document.querySelectorAll('.jp-OutputArea-output'), function (o) {
      return o.childElementCount === 0 && o.textContent.indexOf('Loading widget') >= 0;
    });
  }
  function check() {
    var note = document.getElementById('dn-busy');
    var late = document.body && Date.now() - started > 15000 && waiting();
    if (late && !note) {
      note = document.createElement('div');
      note.id = 'dn-busy';
      note.setAttribute('role', 'alert');
      note.textContent = 'The server is busy, so this app is still starting. Please wait; ' +
        'if nothing changes within a minute, reload the page.';
      document.body.appendChild(note);
    } else if (!late && note) {
      note.remove();
    }
  }
  setInterval(check, 2000);
})();
</script>
"""


def kernel_startup_dir(root: Path, hide_tracebacks: bool) -> str:
    """An ``IPYTHONDIR`` under ``root`` whose start-up file hardens the app kernels
    (:func:`harden_kernel`). The app kernels inherit the server's environment, so pointing
    ``IPYTHONDIR`` here (only in the server process) affects the served apps and nothing else.
    """
    startup = root / "ipython" / "profile_default" / "startup"
    startup.mkdir(parents=True)
    (startup / "00-daynight-harden.py").write_text(
        "# Written by daynight.widgets.serve for the app kernels of one server.\n"
        "from daynight.widgets.serve import harden_kernel\n"
        f"harden_kernel(get_ipython(), hide_tracebacks={hide_tracebacks!r})  # noqa: F821\n"
        "del harden_kernel\n", encoding="utf-8")
    return str(root / "ipython")


# --------------------------------------------------------------------------- the app kernels

#: the only comm a Voila page opens: ipywidgets' control comm, which asks for every widget's state
BROWSER_TARGETS = frozenset({"jupyter.widget.control"})
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


def _is_id(value) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 64


def _size(content, buffers=()) -> int:
    try:
        return len(json.dumps(content)) + sum(len(memoryview(b)) for b in buffers or ())
    except (TypeError, ValueError):
        return MAX_COMM_BYTES + 1


def comm_open_problem(content, targets, comms, opened) -> str | None:
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


def comm_msg_problem(content, comms, buffers=()) -> str | None:
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
            and all(isinstance(p, list) for p in data.get("buffer_paths", []))):
        return "its state is not an object"
    if _size(content, buffers) > MAX_COMM_BYTES:
        return f"it is larger than {MAX_COMM_BYTES // 1024} KB"
    return None


def comm_close_problem(content, opened) -> str | None:
    """A page may close only the comms it opened (never the app's widgets)."""
    if not isinstance(content, dict) or content.get("comm_id") not in opened:
        return "it closes a comm the page did not open"
    return None


def _server_log_stream():
    """A text stream to the kernel's original stderr: the server's log. ipykernel
    forwards file descriptor 2 to the browser; its copy of the original does not."""
    fd = getattr(sys.stderr, "_original_stdstream_copy", None)
    return os.fdopen(os.dup(fd if fd is not None else 2), "w", buffering=1,
                     encoding="utf-8", errors="replace")


def harden_kernel(shell, hide_tracebacks: bool = True) -> None:
    """Run in every app kernel at start-up (an IPython start-up file, see
    :func:`kernel_startup_dir`).

    * Log records (ipykernel's comm manager logs a traceback for a bad ``comm_open``)
      and warnings go to the server's log, not to the page as stderr output.
    * With ``hide_tracebacks``, an exception in a widget callback sends the page its type
      and a fixed sentence; the traceback goes to the server's log.
    * Comm messages from the page are checked before ipykernel sees them
      (:func:`comm_open_problem`, :func:`comm_msg_problem`, :func:`comm_close_problem`):
      anything a Voila page of these apps would not send is dropped, with one line in
      the server's log and no reply. The apps' own widgets validate the values.
    """
    import logging
    import traceback

    global PAGE_FILE_BYTES
    if shell is None or getattr(shell, "kernel", None) is None:
        return
    PAGE_FILE_BYTES = MAX_COMM_BYTES - 4 * 1024
    stream = _server_log_stream()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("[daynight app kernel] %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)
    logging.captureWarnings(True)

    def note(text: str) -> None:
        stream.write(f"[daynight app kernel] {text}\n")

    if hide_tracebacks and hasattr(shell, "_showtraceback"):
        send = shell._showtraceback

        def _showtraceback(etype, evalue, stb):
            try:
                text = "".join(traceback.format_exception(etype, evalue, getattr(evalue, "__traceback__", None)))
            except Exception:  # noqa: BLE001
                text = f"{etype.__name__}: {evalue}"
            note("error hidden from the visitor:\n" + text)
            send(etype, "the details are in the server log",
                 [f"{etype.__name__}: something went wrong; the details are in the server log."])

        shell._showtraceback = _showtraceback

    kernel = shell.kernel
    manager = kernel.comm_manager
    handlers = kernel.shell_handlers
    opened: set[str] = set()
    original = {name: handlers[name] for name in ("comm_open", "comm_msg", "comm_close", "comm_info_request")}

    def dropped(kind: str, why: str) -> None:
        note(f"dropped a {kind} from the page: {why}")

    def comm_open(stream_, ident, msg):
        why = comm_open_problem(msg.get("content"), manager.targets, manager.comms, opened)
        if why:
            return dropped("comm_open", why)
        if msg["content"]["target_name"] in manager.targets:
            opened.add(msg["content"]["comm_id"])
        return original["comm_open"](stream_, ident, msg)

    def comm_msg(stream_, ident, msg):
        why = comm_msg_problem(msg.get("content"), manager.comms, msg.get("buffers"))
        if why:
            return dropped("comm_msg", why)
        return original["comm_msg"](stream_, ident, msg)

    def comm_close(stream_, ident, msg):
        why = comm_close_problem(msg.get("content"), opened)
        if why:
            return dropped("comm_close", why)
        opened.discard(msg["content"]["comm_id"])
        return original["comm_close"](stream_, ident, msg)

    def comm_info_request(stream_, ident, msg):
        content = msg.get("content")
        if not isinstance(content, dict) or not isinstance(content.get("target_name", ""), (str, type(None))):
            return dropped("comm_info_request", "its content is not an object with a target name")
        return original["comm_info_request"](stream_, ident, msg)

    handlers.update(comm_open=comm_open, comm_msg=comm_msg, comm_close=comm_close,
                    comm_info_request=comm_info_request)


# --------------------------------------------------------------------------- Voila

def _no_heartbeat_client():
    """The kernel client Voila's renderer uses, without the heartbeat thread.

    Voila's renderer stops its client when a page is rendered; stopping joins the
    heartbeat thread, and for a kernel that died or never answered that join blocked the
    server's main loop for good (seen after a burst of page requests). The renderer never
    reads the heartbeat: it asks the kernel manager whether the kernel is alive.
    """
    from jupyter_client.asynchronous import AsyncKernelClient

    class NoHeartbeatClient(AsyncKernelClient):
        def start_channels(self, shell=True, iopub=True, stdin=True, hb=False, control=True):
            super().start_channels(shell=shell, iopub=iopub, stdin=stdin, hb=False, control=control)

    return NoHeartbeatClient


def _kernel_channel_class():
    """Jupyter Server's kernel websocket connection, for messages a page did not write.

    A message that does not parse (Jupyter Server would raise and close the channel with a
    traceback in the log) is dropped with one line in the log, and a page sending more
    than :data:`WS_BURST` messages at once, then more than :data:`WS_PER_SECOND` a second,
    has the extra ones dropped and, if it keeps on, its channel closed: that visitor's
    kernel stops answering that page, no one else's.
    """
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    class CheckedChannels(ZMQChannelsWebsocketConnection):
        def handle_incoming_message(self, incoming_msg) -> None:
            bucket = self.__dict__.setdefault("_dn_bucket", Bucket(WS_PER_SECOND * 60, WS_BURST))
            client = self.websocket_handler.request.remote_ip
            if not bucket.take():
                dropped = self.__dict__["_dn_dropped"] = self.__dict__.get("_dn_dropped", 0) + 1
                if dropped == 1:
                    self.log.warning("daynight: %s sends too many messages on its kernel channel; dropping some",
                                     client)
                if dropped > 10 * WS_BURST:
                    self.log.warning("daynight: closing the kernel channel of %s (message flood)", client)
                    self.websocket_handler.close()
                return None
            try:
                return super().handle_incoming_message(incoming_msg)
            except Exception as error:  # noqa: BLE001 - a message the page did not write
                self.log.warning("daynight: dropped a malformed message on the kernel channel of %s (%s)",
                                 client, type(error).__name__)
                return None

    return CheckedChannels


def _pooled_kernels(manager_class, limits: Limits):
    """Subclass Voila's pooled kernel manager with the bounds of :class:`Limits`."""
    from tornado.ioloop import PeriodicCallback

    class PooledKernels(manager_class):
        """Voila's pooled kernel manager, bounded.

        * Pools are warmed one kernel at a time, and only while no visitor waits for a
          kernel start (``Gate.busy``) and, for up to :data:`REFILL_DEFER` s, once no page
          has been handed out for :data:`REFILL_QUIET` s: on two cores a warm-up takes a
          core, and the visitors' pages and clicks come first. A pool entry still waiting
          for its turn does not count (``get_pool_size``), so a visitor arriving early gets
          a fresh kernel at once instead of queueing. At the cap, a ready preheated kernel
          makes way for a visitor (``evict_preheated``). An entry whose turn comes while the server is at its
          kernel cap is dropped; the sweep tops the pools up again when kernels are freed.
        * Every :data:`SWEEP_SECONDS` the sweep shuts down the kernels handed to a visitor
          whose page has had no connection for ``orphan_timeout`` (a closed tab, a vanished
          browser, a request without a browser) and kernels that never finished starting,
          and drops pool entries that failed.
        """

        def __init__(self, **kwargs):
            self._warm_lock = asyncio.Lock()
            self._queued: dict[str, int] = {}
            self._reserved = 0  # a warm-up past the cap check whose kernel is not registered yet
            self._last_handout = -math.inf  # when a visitor last got a kernel
            self.warm_times: list[tuple[str, float]] = []
            self._seen: dict[str, float | None] = {}  # visitor kernel -> last time its page was connected
            self._unstarted: set[str] = set()  # kernels seen without last_activity at the last sweep
            self.gate = Gate(limits, self.kernel_count, self.evict_preheated)
            super().__init__(**kwargs)
            self._sweeper = PeriodicCallback(self._sweep, SWEEP_SECONDS * 1000)
            self._sweeper.start()

        def kernel_count(self) -> int:
            return len(set(self._kernels) | set(self._pending_kernels)) + self._reserved

        def _pool_size(self, notebook_name) -> int:
            default = self.kernel_pools_config.get("default", {})
            return self.kernel_pools_config.get(notebook_name, default).get("pool_size", 0)

        # ----- pools
        def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables={}, **kwargs):
            before = len(self._pools.get(notebook_name, ()))
            super().fill_if_needed(delay=delay, notebook_name=notebook_name,
                                   extra_kernel_env_variables=extra_kernel_env_variables, **kwargs)
            added = len(self._pools.get(notebook_name, ())) - before
            if added > 0:
                self._queued[notebook_name] = self._queued.get(notebook_name, 0) + added

        def get_pool_size(self, notebook_name: str) -> int:
            ready_or_warming = super().get_pool_size(notebook_name) - self._queued.get(notebook_name, 0)
            return max(0, ready_or_warming)

        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs):
            if kernel_id is not None:  # a restart: not a pool entry
                return await super()._initialize(notebook_path, kernel_id, **kwargs)
            _VISIT.set(None)  # a pool kernel is no visitor's (the task copied the request's context)
            async with self._warm_lock:
                # visitors first: wait while one waits for a kernel or starts one, and while
                # pages are being handed out (a room arriving), for REFILL_DEFER s at most
                deferred = time.monotonic() + REFILL_DEFER
                while self.gate.busy() or (time.monotonic() - self._last_handout < REFILL_QUIET
                                           and time.monotonic() < deferred):
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
            """Shut down one ready preheated kernel (of the page with the most), to make
            room for a visitor at the kernel cap; whether there was one."""
            ready = {name: [t for t in pool if t.done() and not t.cancelled() and not t.exception()
                            and t.result()] for name, pool in self._pools.items()}
            name = max(ready, key=lambda n: len(ready[n]), default=None)
            if not name or not ready[name]:
                return False
            task = ready[name][-1]
            self._pools[name].remove(task)
            self.log.info("daynight: at the kernel cap, a preheated kernel of %s makes way for a visitor", name)
            await self._discard(task.result()["kernel_id"])
            return True

        # ----- visitors' kernels
        def _handed_out(self, kernel_id: str) -> None:
            visit = _VISIT.get()
            if visit is not None:
                self._last_handout = time.monotonic()
                visit.kernel_id = kernel_id
                self.gate.own(kernel_id, visit.client)
                self._seen[kernel_id] = None  # its page is still being sent

        def page_sent(self, visit: Visit) -> None:
            """The page is out: from now on its kernel needs the page's connection."""
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
                except Exception:  # noqa: BLE001 - it is gone already
                    self._kernels.pop(kernel_id, None)

        def remove_kernel(self, kernel_id):
            self._forget(kernel_id)
            return super().remove_kernel(kernel_id)

        def _forget(self, kernel_id: str) -> None:
            self.gate.owners.pop(kernel_id, None)
            self._seen.pop(kernel_id, None)

        def _never_started(self, kernel_id: str) -> bool:
            kernel = self._kernels.get(kernel_id)
            return (kernel is not None and kernel_id not in self._pending_kernels
                    and not kernel.trait_has_value("last_activity"))

        async def cull_kernel_if_idle(self, kernel_id: str):
            if self._never_started(kernel_id):
                return None  # Jupyter's culler would raise TraitError: 'last_activity'; the sweep frees it
            return await super().cull_kernel_if_idle(kernel_id)

        async def _sweep(self) -> None:
            now = time.monotonic()
            for kernel_id in list(self.gate.owners):
                if kernel_id not in self._kernels:
                    if kernel_id not in self._pending_kernels:
                        self._forget(kernel_id)
                elif self._kernel_connections.get(kernel_id, 0) > 0:
                    self._seen[kernel_id] = now
                elif self._seen.setdefault(kernel_id, now) is None:
                    continue  # its page is still being rendered
                elif now - self._seen[kernel_id] > limits.orphan_timeout:
                    self.log.info("daynight: shutting down kernel %s: its page has had no connection for %.0f s",
                                  kernel_id, now - self._seen[kernel_id])
                    await self._discard(kernel_id)
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
            from voila.request_info_handler import RequestInfoSocketHandler

            for kernel_id in list(RequestInfoSocketHandler._cache):  # Voila never forgets these
                if kernel_id not in self._kernels:
                    RequestInfoSocketHandler._cache.pop(kernel_id, None)

        def status(self) -> dict:
            """What ``/daynight/status`` shows."""
            pools = {}
            for name, pool in self._pools.items():
                if self._pool_size(name):
                    ready = sum(1 for t in pool if t.done() and not t.cancelled() and not t.exception())
                    pools[name] = {"size": self._pool_size(name), "ready": ready}
            clients: dict[str, int] = {}
            for client in self.gate.owners.values():
                clients[client] = clients.get(client, 0) + 1
            return {"kernels": self.kernel_count(), "max_kernels": limits.max_kernels,
                    "waiting": self.gate.waiting, "starting": self.gate.starting,
                    "pools": pools, "visitors": clients, "warmed": len(self.warm_times)}

        async def shutdown_all(self, *args, **kwargs):
            self._sweeper.stop()
            self._queued.clear()
            return await super().shutdown_all(*args, **kwargs)

    return PooledKernels


def _handlers(policy: HostPolicy):
    """The handler classes serve.py puts in front of Voila's."""
    import tornado.web
    from jupyter_server.base.handlers import JupyterHandler
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
    from voila.tornado.handler import TornadoVoilaHandler

    class HostChecked:
        """Refuse requests whose ``Host`` this server was not started for (every handler,
        the static ones and the query websocket included)."""

        def check_host(self) -> bool:
            if policy.allows(self.request.host):
                return True
            if not getattr(self, "_host_warned", False):
                self._host_warned = True
                print(f"daynight: refused a request for host {self.request.host[:80]!r} "
                      f"from {self.request.remote_ip}", file=sys.stderr, flush=True)
            return False

        def prepare(self, *args, **kwargs):
            if not self.check_host():
                raise tornado.web.HTTPError(403)
            return super().prepare(*args, **kwargs)

    class AdmittedRender(TornadoVoilaHandler):
        """A page that needs a kernel passes :meth:`Gate.admit` first."""

        async def get(self, path=None):
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
            token = _VISIT.set(visit)
            try:
                return await super().get(path)
            finally:
                _VISIT.reset(token)
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

        def check_xsrf_cookie(self):
            if not self.check_origin():
                raise tornado.web.HTTPError(403)

        async def post(self, kernel_id):
            if kernel_id not in self.kernel_manager:
                self.set_status(404)
                return self.finish()
            return await super().post(kernel_id)

    class Status(JupyterHandler):
        """``/daynight/status``: kernel counts and pools, for the machine itself only."""

        def get(self):
            if not exempt(self.request.remote_ip):
                raise tornado.web.HTTPError(404)
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps(self.kernel_manager.status()))

    replace = {TornadoVoilaHandler: AdmittedRender, VoilaShutdownKernelHandler: ShutdownOnClose}
    return HostChecked, replace, Status


def _voila_class(*, pool_size: int, limits: Limits, hosts: HostPolicy, private: Path):
    import tornado.web
    import voila.app
    from jupyter_server.utils import url_path_join
    from traitlets import default
    from voila.app import Voila

    class DaynightVoila(Voila):
        """Voila whose ``/`` redirects to the landing page, whose app kernels are pooled
        and bounded, and which answers only its own host names."""

        @default("config_file_paths")
        def _config_file_paths_default(self):
            # the repository's voila.json first, whatever the working directory; never a
            # folder another user can write
            return trusted_config_paths([str(repository_root()), *super()._config_file_paths_default()])

        @default("connection_dir_root")
        def _connection_dir_root_default(self):
            return str(private)

        @default("kernel_websocket_connection_class")
        def _kernel_websocket_connection_class_default(self):
            return _kernel_channel_class()

        def init_settings(self):
            conf = self.voila_configuration
            os.environ["IPYTHONDIR"] = kernel_startup_dir(private, not conf.show_tracebacks)  # inherited by the kernels
            self.config.ServerKernelManager.client_factory = _no_heartbeat_client()
            if conf.preheat_kernel and conf.progressive_rendering:
                self.log.warning("daynight: progressive rendering is on, so kernels are not preheated "
                                 "(Voila cannot do both)")
            if conf.preheat_kernel and pool_size > 0 and not conf.progressive_rendering:
                pools = kernel_pools(Path(self.root_dir), pool_size)
                # explicit entries in voila.json win over the computed ones
                pools.update(self.config.VoilaKernelManager.get("kernel_pools_config", {}))
            else:
                conf.preheat_kernel = False
                pools = {"default": {"pool_size": 0}}
            self.config.VoilaKernelManager.kernel_pools_config = pools
            factory = voila.app.voila_kernel_manager_factory

            def bounded(base_class, preheat_kernel, default_pool_size, page_config_hook=None):
                # always Voila's pooled manager (with empty pools when preheating is off),
                # so the caps hold either way
                cls = factory(base_class, True, default_pool_size, page_config_hook=page_config_hook)
                return _pooled_kernels(cls, limits)

            voila.app.voila_kernel_manager_factory = bounded
            try:
                settings = super().init_settings()
            finally:
                voila.app.voila_kernel_manager_factory = factory
            settings.update(allow_remote_access=False, local_hostnames=sorted(hosts.names),
                            websocket_max_message_size=MAX_WS_MESSAGE)
            return settings

        def init_handlers(self):
            host_checked, replace, status = _handlers(hosts)
            target = url_path_join(self.server_url, "voila/render", LANDING)
            root = url_path_join(self.server_url, "/")
            handlers = [(root + "?$", tornado.web.RedirectHandler, {"url": target, "permanent": False}),
                        (url_path_join(self.server_url, "/daynight/status"), status),
                        *super().init_handlers()]
            checked = []
            for pattern, cls, *rest in handlers:
                cls = replace.get(cls, cls)
                checked.append((pattern, type(cls.__name__, (host_checked, cls), {}), *rest))
            return checked

    return DaynightVoila


def resolve_limits(args, preheated: int) -> Limits:
    """The command line's caps, each defaulting to :func:`default_limits`."""
    base = default_limits(learners=max(0, args.learners), preheated=preheated)
    return Limits(max_kernels=args.max_kernels or base.max_kernels,
                  per_client=base.per_client if args.max_kernels_per_client < 0 else args.max_kernels_per_client,
                  starts_per_minute=args.kernel_starts_per_minute or base.starts_per_minute,
                  orphan_timeout=args.orphan_timeout or base.orphan_timeout,
                  starting_at_once=base.starting_at_once)


def plan_lines(root: Path, args, pool_size: int, pooled: list[str], limits: Limits) -> list[str]:
    """What the server prints at start: where, the pools and their memory, the caps."""
    preheated = pool_size * len(pooled)
    sized = f"sized for {args.learners} learners: " if args.learners else ""
    return [f"daynight: serving {root} at http://{args.ip}:{args.port}/ "
            f"(landing page: http://{args.ip}:{args.port}/voila/render/{LANDING}); "
            f"preheated: {', '.join(pooled) or 'none'}",
            f"daynight: {sized}{pool_size} preheated kernel(s) for each of {len(pooled)} pages, "
            f"{preheated} in all, about {preheated * KERNEL_MB} MB ({KERNEL_MB} MB a kernel)",
            f"daynight: caps: {limits.describe()}",
            *([f"daynight: warning: {args.learners} learners need more kernels than the cap of "
               f"{limits.max_kernels}, which is what half of this machine's free memory holds; "
               "preheated kernels make way for learners, then the class is full"]
              if args.learners >= limits.max_kernels else [])]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m daynight.widgets.serve", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=int(os.environ.get("DAYNIGHT_PORT", 8866)))
    parser.add_argument("--ip", default="127.0.0.1",
                        help="address to listen on (default: loopback only; 0.0.0.0: every address)")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="a host name learners use for this machine (its addresses are always allowed)")
    parser.add_argument("--learners", type=int, default=0,
                        help="learners expected at once: sizes the preheated pools and the kernel cap")
    parser.add_argument("--pool-size", type=int, default=None,
                        help="preheated kernels per app notebook (default: 1, or sized by --learners; "
                             "0 switches preheating off)")
    parser.add_argument("--max-kernels", type=int, default=0, help="kernels in all (default: sized for the machine)")
    parser.add_argument("--max-kernels-per-client", type=int, default=-1,
                        help="kernels of one client address (default 6; 0: no cap)")
    parser.add_argument("--kernel-starts-per-minute", type=int, default=0,
                        help="kernel starts for visitors a minute (default: 20 per core)")
    parser.add_argument("--orphan-timeout", type=float, default=0,
                        help="seconds a visitor's kernel lives without its page connected (default 120)")
    parser.add_argument("--open", action="store_true", help="open a web browser on the landing page")
    args, extra = parser.parse_known_args(argv)
    root = notebooks_dir()
    if not (root / LANDING).exists():
        sys.exit(f"daynight: error: no {LANDING} in {root}")
    apps = app_notebooks(root)
    if args.pool_size is not None:
        pool_size = max(0, args.pool_size)
    elif os.environ.get("DAYNIGHT_POOL_SIZE"):
        pool_size = max(0, int(os.environ["DAYNIGHT_POOL_SIZE"]))
    else:
        pool_size = pool_size_for(args.learners, len(apps) - 1) if args.learners > 0 else 1
    pooled = apps if pool_size > 0 else []
    limits = resolve_limits(args, pool_size * len(pooled))
    private = private_folder()
    data_path, template = offline_template(private)
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (data_path, os.environ.get("JUPYTER_PATH")) if p)
    voila_args = [
        str(root),
        f"--template={template}",
        f"--port={args.port}",
        "--Voila.port_retries=0",
        f"--Voila.ip={args.ip}",
        *([] if args.open else ["--no-browser"]),
        *extra,
    ]
    for line in plan_lines(root, args, pool_size, pooled, limits):
        print(line, flush=True)
    cls = _voila_class(pool_size=pool_size, limits=limits, hosts=HostPolicy(args.ip, args.allow_host),
                       private=private)
    cls.launch_instance(argv=voila_args)


if __name__ == "__main__":
    main()
