"""The served apps in a real browser (headless Chromium through playwright).

``python -m benchmarks apps [--quick]`` prints, for the Voila server ``make app`` runs:

* ``apps.first_control``: for each app, the time from opening the page until its first
  control can be clicked, as a ratio to a one-button hello-world app
  (``benchmarks/hello/play.ipynb``) served by the same server in the same run (target
  1.2). Pages are opened in a shuffled order, each in a fresh browser context, once the
  server is idle (every kernel pool full), so each visit gets what a visitor of a warm
  server gets; the ratio is the median of the per-round ratios.
* ``apps.table_click`` (apps drawn with the table widget) and ``apps.click`` (the others):
  the median and the slowest click per app. A table click is measured as the table
  contract says (``TABLE-CONTRACT``: click a ``.dn-table [data-target]``, until the
  table's ``data-epoch`` changes; target 100 ms); another click from a click on a button
  to the end of the view's update (the last DOM change before 500 ms of quiet; target
  150 ms). No click may take more than 1 s (the slowest, target 1 s). The targets are
  picked at random (seeded) among the enabled ones, so refused moves count as well as
  accepted ones, and the first click of a page (a first Hint, a first chart) counts.
  ``hello-table/play.ipynb`` (``benchmarks/hello/table.ipynb``) is the table's floor.
* ``apps.load``: a room arriving: ``LOAD_SESSIONS`` (20) pages opened within
  ``LOAD_WINDOW`` (30 s) seconds, one every 1.5 s, spread over the apps, on a second
  server started as the README's class command starts it (``--learners 20``). For each
  page, open-to-clickable is measured in the page itself (from the navigation to a visible
  control); a page refused or still busy counts from its first arrival, and a page with no
  control after ``LOAD_GIVE_UP`` seconds does not show its app. The line also gives when
  the server had sent each page (the rest is the browser's work: with the browsers on the
  same two cores, 20 pages loading Voila's front end weigh more than the server). Half the learners of each
  app play (they start clicking as soon as their page is clickable, while the others still
  arrive and the pools refill), the others only watch: every player's view must change,
  every watcher's stay as it opened, every page have its own kernel and show no error.
  Then the memory of each kernel process (RSS from ``/proc``), in all and per kernel.
  Targets on 2 cores: median at most 5 s, slowest at most 10 s, 20 of 20 showing their
  app, clicks under load median at most 150 ms.

The notebooks are served from temporary copies of ``notebooks/`` (with the hello apps
added as ``hello/play.ipynb`` and ``hello-table/play.ipynb`` for the first figures), so
the hello apps are preheated under the same rule as the apps.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
HELLO_DIR = Path(__file__).resolve().parent / "hello"
HELLO_AS = "hello/play.ipynb"
HELLO_TABLE_AS = "hello-table/play.ipynb"
APP_PATTERNS = ("*/play.ipynb", "*/tracker.ipynb")
CHROMIUM = os.environ.get("DAYNIGHT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
TIMEOUT_MS = 180_000
FIRST_TARGET = 1.2
CLICK_TARGET = 0.150
TABLE_TARGET = 0.100
SLOWEST_TARGET = 1.0
LOAD_SESSIONS, LOAD_WINDOW, LOAD_GIVE_UP = 20, 30.0, 120.0
LOAD_MEDIAN_TARGET, LOAD_SLOWEST_TARGET = 5.0, 10.0

#: the controls a visitor clicks or types into: widget controls and the table's targets
CONTROL = (
    ".jupyter-widgets button:not([disabled]), .jupyter-widgets select:not([disabled]), "
    ".jupyter-widgets input:not([disabled]):not([type=hidden]), .jupyter-widgets textarea:not([disabled]), "
    ".dn-table [data-target]"
)
BUTTONS = ".jupyter-widgets button:not([disabled])"
TARGETS = ".dn-table [data-target]:not([disabled]):not([aria-disabled=true])"

#: in every page of the load test: report (to ``__dnReport``) when a control first shows
#: (epoch milliseconds), and a refusal page or the busy notice
CLICKABLE_INIT_JS = """(() => {
  const CONTROL = __CONTROL__;
  const found = {}, delivered = {};
  const send = (kind, value) => {  // once per page and kind, retried until the report arrives
    if (!(kind in found)) found[kind] = value;
    if (delivered[kind] !== undefined || typeof window.__dnReport !== 'function') return;
    delivered[kind] = false;
    window.__dnReport(kind, found[kind]).then(() => { delivered[kind] = true; },
                                            () => { delivered[kind] = undefined; });
  };
  const tick = () => {
    const spin = document.getElementById('loading');
    const el = document.querySelector(CONTROL);
    const box = el && el.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0 && !(spin && getComputedStyle(spin).display !== 'none')) {
      const nav = performance.getEntriesByType('navigation')[0];  // when the server had sent it all
      send('clickable', [performance.timeOrigin + performance.now(), nav ? nav.responseEnd / 1000 : null]);
    }
    const refused = document.querySelector('main[role=alert] h1');
    if (refused) send('refused', refused.textContent);
    if (document.getElementById('dn-busy')) send('busy', 1);
    if (delivered.clickable !== true) setTimeout(tick, 100);
  };
  tick();
})();""".replace("__CONTROL__", json.dumps(CONTROL))

OBSERVE_JS = """() => {
  if (window.__dn) return;
  window.__dn = {t0: 0, last: 0, any: 0, epoch: 0};
  new MutationObserver(records => {
    const t = performance.now(); window.__dn.any = t;
    if (!window.__dn.t0) return;
    window.__dn.last = t;
    if (!window.__dn.epoch && records.some(r => r.type === 'attributes' && r.attributeName === 'data-epoch'))
      window.__dn.epoch = t;
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""
#: a click event, not ``el.click()``: drawn targets are SVG elements, which have no ``click`` method
CLICK_JS = """el => { window.__dn.last = 0; window.__dn.epoch = 0; window.__dn.t0 = performance.now();
  el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window})); }"""
VIEW_JS = """() => {
  const cells = document.querySelector('#rendered_cells, .jp-Notebook, body');
  return cells.innerText;
}"""
KERNEL_JS = """() => { const el = document.getElementById('jupyter-config-data');
  return el ? JSON.parse(el.textContent).kernelId : null; }"""
ERRORS_JS = """() => Array.from(document.querySelectorAll(
  "[data-mime-type='application/vnd.jupyter.stderr'], .jp-OutputArea-output.jp-mod-error"))
  .map(e => e.innerText)"""


def app_notebooks(root: Path = NOTEBOOKS) -> list[str]:
    return sorted(
        {
            p.relative_to(root).as_posix()
            for pat in APP_PATTERNS
            for p in root.glob(pat)
            if not p.relative_to(root).as_posix().startswith("hello")
        }
    )


def _fmt(seconds: float) -> str:
    return f"{seconds:.2f} s" if seconds >= 1 else f"{seconds * 1e3:.0f} ms"


def _verdict(value: float, target: float) -> str:
    return "meets target" if value <= target else "MISSES target"


class Site:
    """A temporary notebooks root (the repository's, plus the hello apps if asked) served
    by the class server (daynight.server) with ``options``."""

    def __init__(self, *options: str, hello: bool = True):
        self.dir = Path(tempfile.mkdtemp(prefix="daynight-bench-apps-"))
        self.root = self.dir / "notebooks"
        shutil.copytree(NOTEBOOKS, self.root, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        if hello:
            for source, target in ((HELLO_DIR / "play.ipynb", HELLO_AS), (HELLO_DIR / "table.ipynb", HELLO_TABLE_AS)):
                (self.root / target).parent.mkdir()
                shutil.copy2(source, self.root / target)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.options = options
        self.log_path = self.dir / "voila.log"
        self.proc: subprocess.Popen | None = None

    def start(self) -> Site:
        env = dict(os.environ, PYTHONUNBUFFERED="1", DAYNIGHT_NOTEBOOKS=str(self.root))
        self._log = open(self.log_path, "w")  # noqa: SIM115 - the server's log, open while it runs (stop closes it)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "daynight.server", "--port", str(self.port), *self.options],
            cwd=ROOT,
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 120
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError("the Voila server exited:\n" + self.log()[-3000:])
            try:
                self.status()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the Voila server did not answer:\n" + self.log()[-3000:]) from None
                time.sleep(0.3)
        self.wait_idle()
        return self

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def status(self) -> dict:
        with urllib.request.urlopen(self.url + "/daynight/status", timeout=30) as response:
            return json.loads(response.read())

    def wait_idle(self, timeout: float = 300) -> None:
        """Until every pool is full (no kernel warming in the background)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status = self.status()
            if all(p["ready"] >= p["size"] for p in status["pools"].values()) and not status["starting"]:
                time.sleep(0.5)
                return
            time.sleep(0.25)
        raise RuntimeError(f"kernel pools did not refill within {timeout:.0f} s: {self.status()}")

    def warm_seconds(self) -> dict[str, float]:
        import re

        return {nb: float(s) for nb, s in re.findall(r"daynight: warmed a kernel for (\S+) in ([\d.]+) s", self.log())}

    def kernel_memory(self) -> tuple[list[float], float]:
        """RSS in MB of each kernel process started by this server, and of the server."""
        kernels = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) != self.proc.pid:
                    continue
                if b"ipykernel" in (stat.parent / "cmdline").read_bytes():
                    kernels.append(_rss_mb(stat.parent))
            except (OSError, IndexError, ValueError):
                continue
        return kernels, _rss_mb(Path(f"/proc/{self.proc.pid}"))

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        if getattr(self, "_log", None):
            self._log.close()
        shutil.rmtree(self.dir, ignore_errors=True)


def _rss_mb(proc_dir: Path) -> float:
    for line in (proc_dir / "status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def open_until_clickable(browser, site: Site, nb: str):
    """Open ``nb`` in a fresh context; seconds until its first control is actionable."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    started = time.perf_counter()
    page.goto(f"{site.url}/voila/render/{nb}", wait_until="commit", timeout=TIMEOUT_MS)
    page.locator(CONTROL).first.click(trial=True, timeout=TIMEOUT_MS)  # visible, stable, enabled
    return time.perf_counter() - started, context, page


def close(context, page) -> None:
    try:
        page.close(run_before_unload=True)  # Voila shuts the page's kernel down on unload
    except Exception:
        pass
    context.close()


def _wait_quiet(page, quiet_ms: int = 500, limit_ms: int = 10_000) -> None:
    page.wait_for_function(
        f"() => performance.now() - (window.__dn.any || 0) > {quiet_ms}", timeout=limit_ms + quiet_ms, polling=50
    )


def _settle(pages) -> None:
    """Let every page go quiet (no DOM change for 0.8 s); a page that never does is judged
    by the checks that follow, not here."""
    for page in pages:
        try:
            _wait_quiet(page, 800)
        except Exception:
            pass


def is_table_app(page) -> bool:
    return page.locator(".dn-table").count() > 0


def click_once(page, rng: random.Random) -> tuple[float | None, str]:
    """Click one random enabled target; the seconds until the page answered (``None``:
    nothing changed within 10 s) and the kind of click (``table`` or ``button``).

    A table app: a ``.dn-table [data-target]``, until the table's ``data-epoch`` changes.
    Otherwise a widget button, until the view's last change before 500 ms of quiet.
    """
    page.evaluate(OBSERVE_JS)
    try:
        _wait_quiet(page)
    except Exception:
        pass
    table = is_table_app(page)
    candidates = page.locator(TARGETS if table else BUTTONS)
    n = candidates.count()
    if n == 0:
        return None, "table" if table else "button"
    target = candidates.nth(rng.randrange(n))
    target.evaluate(CLICK_JS)
    try:
        if table:
            page.wait_for_function("() => window.__dn.epoch", timeout=10_000, polling=20)
            seconds = page.evaluate("() => (window.__dn.epoch - window.__dn.t0) / 1000")
        else:
            page.wait_for_function(
                "() => window.__dn.last && performance.now() - window.__dn.last > 500", timeout=10_000, polling=50
            )
            seconds = page.evaluate("() => (window.__dn.last - window.__dn.t0) / 1000")
    except Exception:
        seconds = None
    page.evaluate("() => { window.__dn.t0 = 0; }")
    return seconds, "table" if table else "button"


def _browser(playwright):
    exe = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    if not exe:
        raise RuntimeError("no Chromium: apt-get install -y chromium")
    return playwright.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)


def click_line(nb: str, latencies: list[float], unchanged: int, kind: str) -> str:
    name, target = ("apps.table_click", TABLE_TARGET) if kind == "table" else ("apps.click", CLICK_TARGET)
    if not latencies:
        return f"{name} {nb:<25} no click changed the view ({unchanged} tried)"
    med, slowest = statistics.median(latencies), max(latencies)
    return (
        f"{name} {nb:<25} median {_fmt(med):>7}  target {_fmt(target)}; slowest {_fmt(slowest):>7}  "
        f"target {_fmt(SLOWEST_TARGET)}  ({len(latencies)} clicks"
        f"{f', {unchanged} changed nothing' if unchanged else ''}; median {_verdict(med, target)}, "
        f"slowest {_verdict(slowest, SLOWEST_TARGET)})"
    )


def first_paint_and_clicks(browser, site: Site, apps: list[str], *, rounds: int, clicks: int):
    rng = random.Random(7)
    pages = [HELLO_AS, HELLO_TABLE_AS, *apps]
    times: dict[str, list[float]] = {nb: [] for nb in pages}
    ratios: dict[str, list[float]] = {nb: [] for nb in apps}
    lat: dict[str, list[float]] = {nb: [] for nb in pages}
    unchanged: dict[str, int] = dict.fromkeys(pages, 0)
    kind: dict[str, str] = {}
    # one visit first, not counted: the browser's first page pays for starting its renderer
    close(*open_until_clickable(browser, site, HELLO_AS)[1:])
    for r in range(rounds):
        order = list(pages)
        rng.shuffle(order)
        this_round = {}
        for nb in order:
            site.wait_idle()
            seconds, context, page = open_until_clickable(browser, site, nb)
            this_round[nb] = seconds
            times[nb].append(seconds)
            click_rng = random.Random(f"{nb}/{r}")
            for _ in range(clicks):
                got, kind[nb] = click_once(page, click_rng)
                if got is None:
                    unchanged[nb] += 1
                else:
                    lat[nb].append(got)
            close(context, page)
        for nb in apps:
            ratios[nb].append(this_round[nb] / this_round[HELLO_AS])
    lines = []
    hello = statistics.median(times[HELLO_AS])
    for nb in apps:
        ratio = statistics.median(ratios[nb])
        lines.append(
            f"apps.first_control {nb:<22} ratio {ratio:5.2f}  target {FIRST_TARGET:g}  "
            f"(app {_fmt(statistics.median(times[nb]))}, hello {_fmt(hello)}; {rounds} rounds; "
            f"{_verdict(ratio, FIRST_TARGET)})"
        )
    lines += [click_line(nb, lat[nb], unchanged[nb], kind.get(nb, "button")) for nb in pages]
    return lines


def load_test(browser, site: Site, apps: list[str], *, sessions: int, window: float, moves: int):
    """``sessions`` learners arriving within ``window`` seconds, then the players play
    ``moves`` moves each (while the pools refill), the watchers only look."""
    plan = [apps[i % len(apps)] for i in range(sessions)]
    per_app: dict[str, int] = {}
    roles = []
    for nb in plan:
        k = per_app.get(nb, 0)
        per_app[nb] = k + 1
        roles.append("watcher" if k % 2 == 1 else "player")  # each app with 2+ sessions gets a watcher
    contexts, pages, arrived = [], [], []
    seen: dict[int, dict[str, float | str]] = {i: {} for i in range(sessions)}  # what each page reported
    index: dict[object, int] = {}

    def report(source, kind, value):  # called by the pages (CLICKABLE_INIT_JS)
        i = index.get(source["page"])
        if i is None:
            raise LookupError("a page the load test does not know")  # the page retries
        seen[i].setdefault(kind, value)

    clock = browser.new_context().new_page()  # waiting on an idle page lets the reports in
    started = time.time()
    for i, nb in enumerate(plan):  # the arrivals keep their schedule: nothing else happens now
        clock.wait_for_timeout(max(0.0, started + i * window / sessions - time.time()) * 1000)
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        context.expose_binding("__dnReport", report)
        context.add_init_script(CLICKABLE_INIT_JS)
        page = context.new_page()
        index[page] = i
        contexts.append(context)
        pages.append(page)
        arrived.append(time.time())
        # returns once the server answers: at once for a preheated kernel (a queued request
        # delays the next arrivals, and the line gives the window the arrivals really took)
        page.goto(f"{site.url}/voila/render/{nb}", wait_until="commit", timeout=TIMEOUT_MS)
    while not all("clickable" in seen[i] for i in range(sessions)) and time.time() < arrived[-1] + LOAD_GIVE_UP:
        clock.wait_for_timeout(100)
    clickable = {i: seen[i]["clickable"][0] / 1000 - arrived[i] for i in range(sessions) if "clickable" in seen[i]}
    sent = [seen[i]["clickable"][1] for i in clickable if seen[i]["clickable"][1] is not None]
    told = [i for i in range(sessions) if "refused" in seen[i] or "busy" in seen[i]]
    pools = site.status()["pools"].values()
    refilled = f"{sum(p['ready'] for p in pools)} of {sum(p['size'] for p in pools)}"
    ready = sorted(clickable)
    for i in ready:
        pages[i].evaluate(OBSERVE_JS)
    _settle([pages[i] for i in ready])
    initial = {i: pages[i].evaluate(VIEW_JS) for i in ready}
    rngs = [random.Random(f"load/{i}") for i in range(sessions)]
    clicks: list[float] = []
    for _ in range(moves):  # interleaved: every player moves, then the next round
        for i in ready:
            if roles[i] == "player":
                got, _ = click_once(pages[i], rngs[i])
                if got is not None:
                    clicks.append(got)
    _settle([pages[i] for i in ready])
    problems = []
    kernels = [pages[i].evaluate(KERNEL_JS) for i in ready]
    if None in kernels or len(set(kernels)) != len(kernels):
        problems.append(f"sessions share kernels: {kernels}")
    for i, page in enumerate(pages):
        where = f"session {i + 1} ({plan[i]}, {roles[i]})"
        if i not in clickable:
            problems.append(
                f"{where}: no control within {LOAD_GIVE_UP:.0f} s of its arrival"
                f"{' (it said the server was busy)' if i in told else ''}"
            )
            continue
        final = page.evaluate(VIEW_JS)
        errors = page.evaluate(ERRORS_JS)
        if errors or "Traceback" in final or "Something went wrong" in final:
            problems.append(f"{where}: error on the page: {(errors or [final[-200:]])[0][:200]}")
        if roles[i] == "watcher" and final != initial[i]:
            problems.append(f"{where}: its view changed although it did nothing (another session's moves?)")
        if roles[i] == "player" and final == initial[i]:
            problems.append(f"{where}: {moves} clicks left its view unchanged")
    status = site.status()
    kernel_mb, server_mb = site.kernel_memory()
    for context, page in zip(contexts, pages, strict=True):
        close(context, page)
    clock.context.close()
    opened = sorted(clickable.values())
    lines = [
        f"apps.load {sessions} pages over {len(apps)} apps arriving within {arrived[-1] - arrived[0]:.1f} s "
        f"(server {' '.join(site.options)}): {len(opened)}/{sessions} showing their app "
        f"({_verdict(sessions - len(opened), 0)} {sessions}/{sessions})"
        + (f"; {len(told)} said first that the server was busy or full" if told else "")
    ]
    if opened:
        med, slowest = statistics.median(opened), max(opened)
        lines.append(
            f"apps.load open-to-clickable median {_fmt(med)}  target {_fmt(LOAD_MEDIAN_TARGET)}; slowest "
            f"{_fmt(slowest)}  target {_fmt(LOAD_SLOWEST_TARGET)}  (median {_verdict(med, LOAD_MEDIAN_TARGET)}, "
            f"slowest {_verdict(slowest, LOAD_SLOWEST_TARGET)})"
            + (
                f"; the server had sent the page after median {_fmt(statistics.median(sent))}, "
                f"slowest {_fmt(max(sent))} (the rest is the browser's)"
                if sent
                else ""
            )
        )
    if clicks:
        med = statistics.median(clicks)
        lines.append(
            f"apps.load clicks under load median {_fmt(med)}  target {_fmt(CLICK_TARGET)}; slowest "
            f"{_fmt(max(clicks))}  ({len(clicks)} clicks by the players right after the room arrived, "
            f"pools refilled {refilled} when they began; {_verdict(med, CLICK_TARGET)})"
        )
    players = sum(1 for i in ready if roles[i] == "player")
    verdict = "all correct and independent" if not problems else f"{len(problems)} PROBLEMS"
    lines.append(
        f"apps.load {players} playing {moves} moves, {len(ready) - players} watching: {verdict}; "
        f"distinct kernels {len(set(kernels))}/{sessions}"
    )
    if kernel_mb:
        lines.append(
            f"apps.load memory: {len(kernel_mb)} kernels (the learners' and the refilled pools; "
            f"{status['kernels']} counted by the server), median {statistics.median(kernel_mb):.0f} MB each, "
            f"max {max(kernel_mb):.0f} MB, total {sum(kernel_mb):.0f} MB (RSS from /proc); "
            f"server {server_mb:.0f} MB"
        )
    lines += [f"apps.load problem: {p}" for p in problems]
    return lines


def report(quick: bool = False):
    """Yield the printed lines (``python -m benchmarks apps``)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        yield "apps: playwright is not installed (pip install -e '.[test]')"
        return
    apps = app_notebooks()
    if not apps:
        yield "apps: no app notebook (notebooks/*/play.ipynb, notebooks/*/tracker.ipynb) yet"
        return
    with sync_playwright() as p:
        browser = _browser(p)
        try:
            site = Site()
            try:
                site.start()
                warm = site.warm_seconds()
                yield (
                    f"apps.serve preheated {len(warm)} notebooks one at a time; warm-up per kernel: "
                    + ", ".join(f"{nb} {s:.1f} s" for nb, s in warm.items())
                )
                yield from first_paint_and_clicks(
                    browser, site, apps, rounds=1 if quick else 3, clicks=3 if quick else 10
                )
            finally:
                site.stop()
            site = Site("--learners", str(LOAD_SESSIONS), hello=False)
            try:
                site.start()
                yield from load_test(
                    browser, site, apps, sessions=LOAD_SESSIONS, window=LOAD_WINDOW, moves=1 if quick else 4
                )
            finally:
                site.stop()
        finally:
            browser.close()


if __name__ == "__main__":
    for line in report(quick="--quick" in sys.argv):
        print(line, flush=True)
