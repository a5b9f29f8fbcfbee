"""The static site (``make site``) in a real browser, beside the same pages under ``make app``.

``python -m benchmarks site [--quick]`` prints, for the site in ``build/site`` (or
``$DAYNIGHT_SITE``), served as plain files from 127.0.0.1 (no compression, as ``python -m
http.server``), against the targets of issue 21:

* ``site.size``: the site folder on disk (target 40 MB) and its largest parts.
* ``site.cold_bytes``: what a cold visit to the stars play app downloads until its first
  control is clickable and the page has been quiet for 2 s, as the server sent it and as gzip
  would compress the same files (what a compressing host such as GitHub Pages sends; target
  10 MB); then what a first chart adds (the Magic tracker's chart, in a cold visit of its own).
* ``site.trace``: where the time of a cold and a warm visit to the stars play app goes, and
  of a cold visit to each walkthrough (``--quick``: the first): each step from the navigation
  (the kernel's worker started by the page, Pyodide's runtime and the page's packages, the
  site's helper, the kernel imported, the kernel asking for Python, each cell run, a
  walkthrough's cells after the first folded into one step naming the slowest, the first
  control or every cell shown), and, on Linux, the CPU time spent in each and in all until
  the first control by the kernel's worker (Python), the page's main thread (the front end),
  the page's compiling threads (V8 compiling Pyodide's WebAssembly to its optimised tier, the
  largest part after Python; JavaScript parsed in the background) and the rest of the browser
  (drawing, the network): on a loaded machine the wall time is mostly waiting for a core, the
  CPU time is not.
* ``site.first_control``: for each app, the time from navigation until its first control can
  be clicked, cold (a new visitor: a fresh browser context) and warm (the same visitor again,
  its HTTP cache in place), against 6 s cold and 4 s warm (stretch 4 s and 2.5 s) and as a
  ratio to the same visit of the same app under ``make app`` (Voila, preheated kernels;
  ``benchmarks/bench_apps.py``'s server) in the same run (target 3). Each round visits both
  in a shuffled order, each visit once make app's kernel pools are full again (a kernel warming
  for the pool would share the cores with it); the figures are medians over the rounds.
* ``site.walkthrough``: each walkthrough (a live page of more than :data:`APP_CELLS` code
  cells) cold, until its first Try it has answered a click on its first target (target 8 s;
  the site shows the cells run so far while the later ones run, and the kernel answers a click
  between two cells), with when that Try it showed and when every cell had run and shows,
  beside the same page under ``make app``.
* ``site.unheated``: the stars play app under ``make app`` started without preheated kernels
  (``--pool-size 0``), as Voila on a JupyterHub or Binder server opens it: each visit starts
  a kernel (the third way to open the apps, the README's table).
* ``site.returning``: one visitor's first three visits to the stars play app in a browser
  profile of its own, as a visitor's browser is, with each visit's CPU time. The other
  figures' visitors are Playwright's browser contexts, which, like a private window, keep the
  HTTP cache but none of the code V8 compiled: there a warm visit compiles Pyodide's
  WebAssembly again. In a profile, Chromium keeps compiled code from a script's second run
  and uses it from the third.
* ``site.throttled``: the stars play app's cold first control with Chromium's CPU throttled
  4x (DevTools' emulation of a slower device: the page's threads, the kernel's worker among
  them, run a quarter of the time), as a phone would be; no target, so that it is watched.

Every time is taken in the page itself (``performance.now()`` when the control first shows,
checked every 50 ms), not by the test driver's polling. ``site.load`` prints the machine's
load average at the start and at the end: on a busy machine the wall times measure the load
(the trace's CPU figures do not).

Run it on a site already built (``--help`` says the same)::

    .venv/bin/python -m benchmarks site                           # the site in build/site
    DAYNIGHT_SITE=path/to/site .venv/bin/python -m benchmarks site
    .venv/bin/python -m benchmarks.bench_site --site path/to/site [--quick]
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import os
import random
import re
import shutil
import statistics
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.bench_apps import CHROMIUM, CONTROL, _fmt
from benchmarks.bench_apps import Site as VoilaSite
from tests.site.conftest import PREFIX, SITE_CHROMIUM_ARGS, SiteServer

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_MS = 240_000
#: a chart shows within this, or the benchmark says it did not
CHART_TIMEOUT_MS = 60_000
SIZE_TARGET = 40e6
BYTES_TARGET = 10e6  # gzip-compressed, a cold visit to a play app
#: seconds until a play app's first control: (target, stretch)
FIRST_TARGETS = {"cold": (6.0, 4.0), "warm": (4.0, 2.5)}
RATIO_TARGET = 3.0
WALKTHROUGH_TARGET = 8.0
THROTTLE = 4
APP = "stars/play.ipynb"
#: a live page of at most this many code cells is an app (measured until its first control,
#: cold and warm); one of more is a walkthrough (measured until every cell has run and shows,
#: its exercises among them), whether or not it shows widgets
APP_CELLS = 4
#: an app's first control: a widget control, or a target of the table widget
FIRST = f"{CONTROL}, .dn-table [data-target]"

#: in every page: ``window.__dnTimes`` gets ``performance.now()`` when a control first shows
#: (``first``) and when every cell has run and shows (``rendered``), and ``window.__dnReady``
#: the one the visit waits for (``window.__dnWant``)
READY_INIT_JS = """(() => {
  const FIRST = __FIRST__;
  const spinning = () => { const s = document.getElementById('loading');
                           return s && getComputedStyle(s).display !== 'none'; };
  const shown = (el) => { const b = el.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
  const ready = {
    // a control shows (the site shows the cells run so far while the later ones run)
    first: () => [...document.querySelectorAll(FIRST)].some(shown),
    rendered: () => {
      const cells = document.getElementById('rendered_cells');
      return !spinning() && !!cells && getComputedStyle(cells).display !== 'none'
        && !document.querySelector("script[type='application/vnd.voila.cell-output+json']")
        && document.querySelectorAll('.jp-OutputArea-output').length > 0
        && ![...document.querySelectorAll('.jp-OutputArea-output')].some(
             o => o.childElementCount === 0 && o.textContent.includes('Loading widget'));
    },
  };
  const times = (window.__dnTimes = {});
  const tick = () => {
    if (document.body) {
      for (const kind of Object.keys(ready)) if (times[kind] === undefined && ready[kind]()) times[kind] = performance.now();
    }
    const want = window.__dnWant || 'first';
    if (times[want] !== undefined && window.__dnReady === undefined) window.__dnReady = times[want];
    if (Object.keys(ready).some((kind) => times[kind] === undefined)) setTimeout(tick, 50);
  };
  tick();
})();""".replace("__FIRST__", json.dumps(FIRST))


def code_cells(notebook: str) -> int:
    """How many code cells ``notebook`` (under ``notebooks/``) runs."""
    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    return sum(cell["cell_type"] == "code" for cell in cells)


SITE_ENV = "DAYNIGHT_SITE"
#: how to run this on a site already built, printed by ``--help`` and when there is no site
RUN_HELP = """on a site already built (make site writes build/site), from the project's folder:
  .venv/bin/python -m benchmarks site                        # the site in build/site
  DAYNIGHT_SITE=path/to/site .venv/bin/python -m benchmarks site
  .venv/bin/python -m benchmarks.bench_site --site path/to/site [--quick]
(--quick: one round of each figure; a full run takes about 15 minutes on a quiet 2-core machine)"""


def site_dir() -> Path:
    return Path(os.environ.get(SITE_ENV, ROOT / "build" / "site")).resolve()


def _mb(n: float) -> str:
    return f"{n / 1e6:.1f} MB"


def _verdict(value: float, target: float, stretch: float | None = None) -> str:
    if stretch is not None and value <= stretch:
        return "meets stretch"
    return "meets target" if value <= target else "MISSES target"


def new_context(browser, want: str = "first"):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.add_init_script(f"window.__dnWant = {json.dumps(want)};")
    context.add_init_script(READY_INIT_JS)
    return context


@dataclass
class Visit:
    """One visit: seconds from navigation until ready, and the marks the site's start of
    Python wrote (seconds from navigation, step), with the worker's CPU seconds if sampled."""

    seconds: float
    page: Any
    origin: float  # the navigation's start, epoch seconds
    marks: list[tuple[float, str]] = field(default_factory=list)


def timed_visit(context, url: str, throttle: float | None = None) -> Visit:
    page = context.new_page()
    marks: list[tuple[float, str]] = []

    def console(message):
        if message.text.startswith("daynight-site "):
            _, stamp, step = message.text.split(" ", 2)
            marks.append((float(stamp), step))

    page.on("console", console)  # the page's and its workers' (a worker may start before a listener on it)
    if throttle:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    page.wait_for_function("() => window.__dnReady !== undefined", timeout=TIMEOUT_MS, polling=200)
    origin = page.evaluate("performance.timeOrigin")
    seconds = page.evaluate("window.__dnReady") / 1000
    return Visit(seconds, page, origin / 1000, sorted(((stamp - origin) / 1000, step) for stamp, step in marks))


def visits(browser, url: str, want: str = "first", warm: bool = True, before=None) -> dict[str, float]:
    """A new visitor's visit (cold), then, if ``warm``, the same visitor's second visit."""
    context = new_context(browser, want)
    out = {}
    for when in ("cold", "warm") if warm else ("cold",):
        if before:
            before()
        visit = timed_visit(context, url)
        out[when] = visit.seconds
        visit.page.close(run_before_unload=True)
    context.close()
    return out


def first_control(
    browser, server: SiteServer, voila: VoilaSite, pages: dict, apps: list[str], rounds: int, on_app: dict | None = None
):
    """The apps' first control, cold and warm, on the site and under ``make app`` (its
    medians also into ``on_app``: ``{(notebook, "cold"|"warm"): seconds}``)."""
    rng = random.Random(13)
    times: dict[tuple, list[float]] = {}
    for _ in range(rounds):
        for nb in rng.sample(apps, len(apps)):
            this = {}
            for kind in rng.sample(["site", "voila"], 2):
                # every visit waits until make app's pools are full again: a visit of make app takes a
                # preheated kernel and its pool starts another, which would share the cores with the next visit
                if kind == "site":
                    this[kind] = visits(browser, server.url + pages["live"][nb], before=voila.wait_idle)
                else:
                    this[kind] = visits(browser, f"{voila.url}/voila/render/{nb}", before=voila.wait_idle)
            for when in ("cold", "warm"):
                for kind in ("site", "voila"):
                    times.setdefault((nb, kind, when), []).append(this[kind][when])
                times.setdefault((nb, "ratio", when), []).append(this["site"][when] / this["voila"][when])
    for nb in sorted(apps):
        for when in ("cold", "warm"):
            on_site, app, ratio = (statistics.median(times[nb, kind, when]) for kind in ("site", "voila", "ratio"))
            if on_app is not None:
                on_app[nb, when] = app
            target, stretch = FIRST_TARGETS[when]
            yield (
                f"site.first_control {nb:<20} {when}  {_fmt(on_site)}  target {target:g} s, stretch {stretch:g} s: "
                f"{_verdict(on_site, target, stretch)}; ratio to make app {ratio:4.2f} (make app {_fmt(app)}), "
                f"target {RATIO_TARGET:g}: {_verdict(ratio, RATIO_TARGET)}; {rounds} rounds"
            )


#: the table widget's targets, and its answer to a click: a redraw (``data-epoch``) or a
#: status line, a refusal too (``data-said``); TABLE-CONTRACT.md
TARGETS = ".dn-table [data-target]"
ANSWERS_JS = (
    "() => [...document.querySelectorAll('.dn-table')].map(t => t.dataset.epoch + '/' + t.dataset.said).join(',')"
)


def walkthrough_visit(browser, url: str, before=None) -> dict[str, float]:
    """A cold visit to a walkthrough: seconds from navigation until its first Try it shows
    (``shown``), until that Try it has answered a click on its first target (``answered``:
    the kernel answers between two cells) and until every cell has run and shows
    (``rendered``)."""
    if before:
        before()
    context = new_context(browser, "first")
    try:
        page = timed_visit(context, url).page
        answers = page.evaluate(ANSWERS_JS)
        page.locator(f"{TARGETS} >> visible=true").first.click(timeout=TIMEOUT_MS)
        page.wait_for_function(f"() => ({ANSWERS_JS})() !== {answers!r}", timeout=TIMEOUT_MS, polling=50)
        answered = page.evaluate("performance.now()") / 1000
        page.wait_for_function("() => window.__dnTimes.rendered !== undefined", timeout=TIMEOUT_MS, polling=200)
        times = page.evaluate("window.__dnTimes")
        return {"shown": times["first"] / 1000, "answered": answered, "rendered": times["rendered"] / 1000}
    finally:
        context.close()


def walkthroughs(browser, server: SiteServer, voila: VoilaSite, pages: dict, notebooks: list[str], rounds: int):
    """The walkthroughs, cold, until the first Try it answers a click (target 8 s) and until
    every cell has run (site and ``make app``)."""
    for nb in sorted(notebooks):
        site: dict[str, list[float]] = {}
        app: dict[str, list[float]] = {}
        failed = []
        for _ in range(rounds):
            for kind, out in (("site", site), ("voila", app)):
                try:
                    if kind == "site":
                        visit = walkthrough_visit(browser, server.url + pages["live"][nb], before=voila.wait_idle)
                    else:
                        visit = walkthrough_visit(browser, f"{voila.url}/voila/render/{nb}", before=voila.wait_idle)
                except Exception as exc:  # playwright's (a timeout on a loaded machine): the other figures still come
                    failed.append(f"{'site' if kind == 'site' else 'make app'}: {str(exc).splitlines()[0]}")
                    continue
                for key, value in visit.items():
                    out.setdefault(key, []).append(value)
        if not site.get("answered") or not app.get("answered"):
            yield f"site.walkthrough {nb:<20} cold  NOT MEASURED ({'; '.join(failed)})"
            continue
        median = {key: statistics.median(values) for key, values in site.items()}
        on_app = {key: statistics.median(values) for key, values in app.items()}
        ratio = median["answered"] / on_app["answered"]
        yield (
            f"site.walkthrough {nb:<20} cold  first Try it answers a click {_fmt(median['answered'])} "
            f"(shown {_fmt(median['shown'])}), target {WALKTHROUGH_TARGET:g} s: "
            f"{_verdict(median['answered'], WALKTHROUGH_TARGET)}; ratio to make app {ratio:4.2f} "
            f"(make app {_fmt(on_app['answered'])}); every cell shown {_fmt(median['rendered'])} "
            f"(make app {_fmt(on_app['rendered'])}); {rounds} rounds"
        )


#: the browser's CPU time a trace reports, by kind: the kernel's Web Worker (Python), the page's
#: main thread (JupyterLab's front end: widgets, outputs), the page's compiling threads (V8's
#: thread pool: WebAssembly's optimising tier and JavaScript's background parsing) and the
#: rest of the browser (the page's compositor, the browser's and the GPU process's threads that
#: draw, the network; also the browser's own pages that headless Chromium runs). The page's
#: renderer is the one whose process runs the kernel's worker.
THREADS = ("worker", "page", "compile", "rest")
#: /proc names (15 characters at most) of a renderer's threads, by kind; its first thread is the main one
THREAD_NAMES = {"DedicatedWorker": "worker", "ThreadPoolForeg": "compile"}


class ThreadCPU:
    """CPU seconds of the browser's threads by kind (:data:`THREADS`, Linux ``/proc``),
    sampled every 50 ms: a step's CPU time does not depend on what else the machine is doing
    as its wall time does."""

    def __init__(self, root_pid: int):
        self.root = root_pid
        #: (epoch seconds, {(pid, kind): CPU seconds}); a pid's kind other than THREAD_NAMES' is
        #: "main" (a renderer's first thread) or "other"
        self.samples: list[tuple[float, dict[tuple[int, str], float]]] = []
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.tick = os.sysconf("SC_CLK_TCK")

    def _pids(self) -> list[tuple[int, bool]]:
        """The browser's processes, each with whether it is a renderer (a page's)."""
        children: dict[int, list[int]] = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    stat = Path(f"/proc/{entry}/stat").read_text()
                except OSError:
                    continue
                children.setdefault(int(stat[stat.rindex(")") + 2 :].split()[1]), []).append(int(entry))
        out, todo = [], [self.root]
        while todo:
            pid = todo.pop()
            try:
                renderer = b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes()  # one string after a fork
            except OSError:
                continue
            out.append((pid, renderer))
            todo.extend(children.get(pid, []))
        return out

    def _sample(self, pids: list[tuple[int, bool]]) -> dict[tuple[int, str], float]:
        total: dict[tuple[int, str], float] = {}
        for pid, renderer in pids:
            try:
                threads = os.listdir(f"/proc/{pid}/task")
            except OSError:
                continue
            for tid in threads:
                try:
                    stat = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
                except OSError:
                    continue
                name = stat[stat.index("(") + 1 : stat.rindex(")")]
                if renderer and tid == str(pid):
                    kind = "main"
                else:
                    kind = THREAD_NAMES.get(name, "other") if renderer else "other"
                fields = stat[stat.rindex(")") + 2 :].split()
                total[pid, kind] = total.get((pid, kind), 0.0) + (int(fields[11]) + int(fields[12])) / self.tick
        return total

    def _run(self) -> None:
        pids, found = self._pids(), time.time()
        while not self.stopped.is_set():
            if time.time() - found > 1:
                pids, found = self._pids(), time.time()
            self.samples.append((time.time(), self._sample(pids)))
            time.sleep(0.05)

    def start(self) -> ThreadCPU:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join()

    def page_pids(self) -> set[int]:
        """The renderers that ran a kernel's worker (the visited page's)."""
        return {pid for _, cpu in self.samples for pid, kind in cpu if kind == "worker"}

    def at(self, epoch: float, kind: str = "worker") -> float:
        """The CPU seconds of ``kind`` (:data:`THREADS`) used until ``epoch`` (a thread that has
        ended counts no more: a step's figure may then be negative, and is shown as 0)."""
        before = [cpu for t, cpu in self.samples if t <= epoch]
        cpu = before[-1] if before else (self.samples[0][1] if self.samples else {})
        page = self.page_pids()

        def counts(pid: int, thread: str) -> bool:
            if kind == "rest":
                return pid not in page or thread == "other"
            return pid in page and thread == {"page": "main"}.get(kind, kind)

        return sum(seconds for (pid, thread), seconds in cpu.items() if counts(pid, thread))


def browser_pid(besides: set[int] | frozenset[int] = frozenset()) -> int | None:
    """The Chromium this process started (its first descendant named chromium but ``besides``), on Linux."""
    if not Path("/proc/self/stat").exists():
        return None
    me, parents = os.getpid(), {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
                cmd = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            parents[int(entry)] = (int(stat[stat.rindex(")") + 2 :].split()[1]), cmd)
    for pid in sorted(parents):
        ppid, cmd = parents[pid]
        # (a child process may carry its whole command line in one string: --type= anywhere)
        if pid not in besides and b"chromium" in cmd[0] and b"--type=" not in b" ".join(cmd):
            while ppid > 1:
                if ppid == me:
                    return pid
                ppid = parents.get(ppid, (0, b""))[0]
    return None


#: a walkthrough's trace names its slowest cells, this many
SLOWEST_CELLS = 4


def fold_cells(marks: list[tuple[float, str]]) -> list[tuple[float, str]]:
    """``marks`` with the cells after the first folded into one step when there are more
    than :data:`APP_CELLS` (a walkthrough), which names the slowest of them."""
    cells = [(i, seconds) for i, (seconds, step) in enumerate(marks) if re.fullmatch(r"cell \d+", step)]
    if len(cells) <= APP_CELLS:
        return marks
    (_, first), (last_index, last) = cells[0], cells[-1]
    took = sorted(((b - a, n + 2) for n, ((_, a), (_, b)) in enumerate(itertools.pairwise(cells))), reverse=True)
    slowest = ", ".join(f"cell {n} {t:.1f} s" for t, n in took[:SLOWEST_CELLS])
    kept = [m for i, m in enumerate(marks) if i <= cells[0][0] or i > last_index or not re.fullmatch(r"cell \d+", m[1])]
    folded = (last, f"cells 2-{len(cells)} ({last - first:.1f} s; the slowest: {slowest})")
    return sorted([m for m in kept if m[0] <= last] + [folded] + [m for m in kept if m[0] > last])


def trace(browser, server: SiteServer, pages: dict, notebook: str = APP, want: str = "first"):
    """The steps of a cold and (for an app) a warm visit to ``notebook``, each with the CPU
    time the kernel's worker (Python) and the page's main thread (the front end) spent on it."""
    pid = browser_pid()
    context = new_context(browser, want)
    end = "first control" if want == "first" else "every cell shown"
    for when in ("cold", "warm") if want == "first" else ("cold",):
        sampler = ThreadCPU(pid).start() if pid else None
        visit = timed_visit(context, server.url + pages["live"][notebook])
        if sampler:
            sampler.stop()
        origin = visit.origin
        marks = [*visit.marks, (visit.seconds, end)]
        shown = visit.page.evaluate("window.__dnTimes.first")
        if want != "first" and shown is not None:  # a walkthrough's first Try it, before its last cell
            marks.append((shown / 1000, "first control shown"))
        steps, last = [], {kind: sampler.at(origin, kind) if sampler else 0.0 for kind in THREADS}
        for seconds, step in fold_cells(sorted(marks)):
            if sampler:
                cpu = {kind: sampler.at(origin + seconds, kind) for kind in THREADS}
                # (a thread that ended, the previous page's, would make a step's figure negative)
                used = ", ".join(f"{kind} +{max(0.0, cpu[kind] - last[kind]):.2f}" for kind in THREADS)
                steps.append(f"{step} {seconds:.2f} s ({used} s CPU)")
                last = cpu
            else:
                steps.append(f"{step} {seconds:.2f} s")
        visit.page.close()
        yield (
            f"site.trace {notebook} {when}: "
            + "; ".join(steps)
            + (cpu_total(sampler, origin, visit.seconds, end) if sampler else "")
        )
    context.close()


def cpu_total(sampler: ThreadCPU, origin: float, seconds: float, end: str = "first control") -> str:
    """The CPU seconds of each kind of :data:`THREADS` from the navigation (epoch ``origin``)
    until ``seconds`` after it, and their sum."""
    used = {kind: max(0.0, sampler.at(origin + seconds, kind) - sampler.at(origin, kind)) for kind in THREADS}
    return (
        f"; CPU until {'the ' if end == 'first control' else ''}{end}: "
        + ", ".join(f"{kind} {used[kind]:.2f}" for kind in THREADS)
        + f", total {sum(used.values()):.2f} s"
    )


#: how many visits of one visitor :func:`returning` makes (Chromium keeps a script's compiled
#: code from its second run on, and uses it from the third)
RETURNING_VISITS = 3


def returning(playwright, server: SiteServer, pages: dict, notebook: str = APP):
    """The same visitor's first :data:`RETURNING_VISITS` visits to ``notebook`` in a browser
    profile of its own on disk, as a visitor's browser is. The other figures' visitors are
    Playwright's browser contexts, which keep the HTTP cache but, like a private window, none of
    the code V8 compiled (measured: a warm visit there compiles Pyodide's WebAssembly again, about
    1.8 s of CPU), so their warm visit is a visitor's second visit at best."""
    import tempfile

    exe = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    others = {pid for pid in [browser_pid()] if pid}
    with tempfile.TemporaryDirectory(prefix="dn-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=exe, args=SITE_CHROMIUM_ARGS, viewport={"width": 1280, "height": 1000}
        )
        try:
            context.add_init_script("window.__dnWant = 'first';")
            context.add_init_script(READY_INIT_JS)
            pid = browser_pid(others)
            seen, last = [], 0.0
            for n in range(1, RETURNING_VISITS + 1):
                sampler = ThreadCPU(pid).start() if pid else None
                visit = timed_visit(context, server.url + pages["live"][notebook])
                if sampler:
                    sampler.stop()
                seen.append(
                    f"visit {n} {_fmt(visit.seconds)}"
                    + (cpu_total(sampler, visit.origin, visit.seconds) if sampler else "")
                )
                last = visit.seconds
                visit.page.close()
                time.sleep(2)  # the browser writes the compiled code it keeps after a visit
        finally:
            context.close()
    target, stretch = FIRST_TARGETS["warm"]
    yield (
        f"site.returning {notebook} one visitor's own browser profile: "
        + "; ".join(seen)
        + f"; visit {RETURNING_VISITS} against the warm target {target:g} s, stretch {stretch:g} s: "
        + _verdict(last, target, stretch)
    )


def throttled(browser, server: SiteServer, pages: dict, on_app: dict, notebook: str = APP):
    """The app's cold first control with the browser's CPU throttled, beside ``make app``'s
    unthrottled cold first control (``on_app``, from :func:`first_control`)."""
    context = new_context(browser)
    visit = timed_visit(context, server.url + pages["live"][notebook], throttle=THROTTLE)
    context.close()
    app = on_app.get((notebook, "cold"))
    ratio = f"; ratio to make app {visit.seconds / app:4.2f} (make app {_fmt(app)}, not throttled)" if app else ""
    yield (
        f"site.throttled {notebook} cold, CPU throttled {THROTTLE}x: first control {_fmt(visit.seconds)}"
        f"{ratio} (no target)"
    )


def load_line(when: str) -> str:
    """The machine's load average (1, 5, 15 minutes) and cores: a busy machine's wall times
    are mostly waiting for a core (the trace's CPU figures are not)."""
    one, five, fifteen = os.getloadavg()
    return f"site.load at the {when}: load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def unheated(browser, rounds: int, notebook: str = APP):
    """The app on a Voila server that preheats no kernel (as on a hub): cold visits."""
    voila = VoilaSite("--pool-size", "0", hello=False)
    try:
        voila.start()
        times = [visits(browser, f"{voila.url}/voila/render/{notebook}", warm=False)["cold"] for _ in range(rounds)]
    finally:
        voila.stop()
    yield (
        f"site.unheated {notebook} under make app --pool-size 0 (a kernel started per visit, as on a hub): "
        f"first control {_fmt(statistics.median(times))} ({rounds} rounds; no target)"
    )


def cold_bytes(browser, server: SiteServer, pages: dict, notebook: str = APP):
    context = new_context(browser)
    mark = server.mark()
    timed_visit(context, server.url + pages["live"][notebook])
    _quiet(server)
    yield _bytes_line(f"site.cold_bytes {notebook} to its first control", server.since(mark), target=True)
    context.close()
    # what a first chart adds (plotly comes with it): the Magic tracker's chart of the game
    chart = "mtg/tracker.ipynb"
    if chart in pages["live"]:
        context = new_context(browser)
        try:
            page = timed_visit(context, server.url + pages["live"][chart]).page
            play_a_game(page)
            page.get_by_role("button", name=re.compile(r"^Next turn")).click(timeout=TIMEOUT_MS)
            page.get_by_text("Chart", exact=True).click(timeout=TIMEOUT_MS)  # open its section
            _quiet(server)
            mark = server.mark()
            page.get_by_role("button", name="Chart of this game").click(timeout=TIMEOUT_MS)
            page.wait_for_selector(".js-plotly-plot", timeout=CHART_TIMEOUT_MS)
            _quiet(server)
            yield _bytes_line(f"site.cold_bytes {chart} its first chart adds", server.since(mark))
        except Exception as exc:  # playwright's (a timeout): the other figures still come
            yield f"site.cold_bytes {chart} its first chart: NOT DRAWN ({str(exc).splitlines()[0]})"
        finally:
            context.close()


#: an app's opening offer to a new visitor (issue 19: "Learn to play" first), on its table
NOTE_SHOWN_JS = "() => { const n = document.querySelector('.dn-table .dn-note'); return n && !n.hidden; }"


def play_a_game(page) -> None:
    """Answer an app's opening offer with its "Play a game" (``data-target$='-new'``: the note's button ids end in theirs; in any
    language) and wait until the table takes clicks (as tests/site/conftest.py's play_a_game)."""
    page.wait_for_function(NOTE_SHOWN_JS, timeout=TIMEOUT_MS)
    page.locator(".dn-table .dn-note [data-target$='-new']").click(timeout=TIMEOUT_MS)
    page.wait_for_function(f"() => !({NOTE_SHOWN_JS})()", timeout=TIMEOUT_MS)


def _quiet(server: SiteServer, seconds: float = 2.0, limit: float = 30.0) -> None:
    """Until the server has had no request for ``seconds`` (at most ``limit``)."""
    deadline = time.monotonic() + limit
    last, since = server.mark(), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.2)
        if server.mark() != last:
            last, since = server.mark(), time.monotonic()
        elif time.monotonic() - since >= seconds:
            return


def _bytes_line(name: str, entries, target: bool = False) -> str:
    folder = site_dir()
    sent = sum(n for _, _, n in entries)
    compressed = sum(
        len(gzip.compress((folder / path.split("?")[0][len(PREFIX) :]).read_bytes(), 6))
        for path, status, _ in entries
        if status == 200
    )
    wheels = sum(n for path, _, n in entries if path.split("?")[0].endswith(".whl"))
    line = f"{name:<50} {_mb(sent)} sent, {_mb(compressed)} gzip; {len(entries)} requests, wheels {_mb(wheels)}"
    if target:
        line += f"; target {_mb(BYTES_TARGET)} gzip: {_verdict(compressed, BYTES_TARGET)}"
    return line


def size_lines():
    folder = site_dir()
    parts: dict[str, int] = {}
    for file in folder.rglob("*"):
        if file.is_file():
            rel = file.relative_to(folder).parts
            key = "/".join(rel[:3] if rel[:2] == ("static", "pyodide") else rel[:2])
            parts[key] = parts.get(key, 0) + file.stat().st_size
    total = sum(parts.values())
    top = sorted(parts.items(), key=lambda kv: -kv[1])[:6]
    yield (
        f"site.size {_mb(total)} on disk, target {_mb(SIZE_TARGET)}: {_verdict(total, SIZE_TARGET)} ({folder}); "
        "largest: " + ", ".join(f"{k} {_mb(v)}" for k, v in top)
    )


def report(quick: bool = False):
    """Yield the printed lines (``python -m benchmarks site``)."""
    folder = site_dir()
    if not (folder / "pages.json").exists():
        yield f"site: no built site at {folder}: run `make site` first, or name one:\n{RUN_HELP}"
        return
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        yield "site: playwright is not installed (pip install -e '.[test]')"
        return
    pages = json.loads((folder / "pages.json").read_text(encoding="utf-8"))
    readers = sorted(nb for nb in pages["live"] if code_cells(nb) > APP_CELLS)
    apps = sorted(nb for nb in pages["live"] if nb not in readers and nb in pages["widgets"])
    rounds = 1 if quick else 3
    yield load_line("start")
    yield from size_lines()
    server = SiteServer(folder).start()
    voila = VoilaSite()
    try:
        voila.start()
        with sync_playwright() as p:
            exe = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
            browser = p.chromium.launch(executable_path=exe, args=SITE_CHROMIUM_ARGS)
            try:
                yield from cold_bytes(browser, server, pages)
                yield from trace(browser, server, pages)
                for nb in readers[:1] if quick else readers:
                    yield from trace(browser, server, pages, nb, want="rendered")
                on_app: dict = {}
                yield from first_control(browser, server, voila, pages, apps, rounds, on_app)
                voila.wait_idle()  # the last visit of make app's pool refilled first
                yield from throttled(browser, server, pages, on_app)
                yield from walkthroughs(browser, server, voila, pages, readers, rounds)
                yield from unheated(browser, rounds)
            finally:
                browser.close()
            yield from returning(p, server, pages)
    finally:
        voila.stop()
        server.stop()
    yield load_line("end")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.bench_site",
        description=__doc__.split("\n\n")[0],
        epilog=RUN_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--site", type=Path, help=f"a built site (default ${SITE_ENV} or build/site)")
    parser.add_argument("--quick", action="store_true", help="one round of each figure, one walkthrough traced")
    args = parser.parse_args(argv)
    if args.site:
        os.environ[SITE_ENV] = str(args.site)
    for line in report(quick=args.quick):
        print(line, flush=True)


if __name__ == "__main__":
    main()
