"""The served apps in a real browser (headless Chromium through playwright).

``python -m benchmarks apps`` prints, for the Voila server ``make app`` runs:

* ``apps.first_control``: for each app, the time from opening the page until its first
  control can be clicked, as a ratio to a one-button hello-world app
  (``benchmarks/hello/play.ipynb``) served by the same server in the same run (target
  1.3). Pages are opened in a shuffled order, each in a fresh browser context, once the
  server is idle (every kernel pool full), so each visit gets what a visitor of a warm
  server gets; the ratio is the median of the per-round ratios.
* ``apps.click``: the median time from a click on one of the app's buttons to the end of
  the view's update (the last DOM change before 500 ms of quiet), measured in the page
  with ``performance.now()`` (target 150 ms). The buttons are picked at random (seeded)
  among the enabled ones, so refused moves count as well as accepted ones.
* ``apps.load``: ten browser sessions at once on one server, spread over the apps. In each
  app some sessions play a few moves while the others only watch: every player's view must
  change, every watcher's view must stay exactly as it opened (another learner's game never
  shows), every session must have its own kernel, and no page may show an error. Then the
  memory of each kernel process, read from ``/proc``.

The notebooks are served from a temporary copy of ``notebooks/`` with the hello app added
as ``hello/play.ipynb``, so the hello app is preheated under the same rule as the apps.
"""

from __future__ import annotations

import os
import random
import re
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
HELLO = Path(__file__).resolve().parent / "hello" / "play.ipynb"
HELLO_AS = "hello/play.ipynb"
APP_PATTERNS = ("*/play.ipynb", "*/tracker.ipynb")
CHROMIUM = os.environ.get("DAYNIGHT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-first-run", "--disable-quic"]
TIMEOUT_MS = 180_000
FIRST_TARGET = 1.3
CLICK_TARGET = 0.150

#: the controls a visitor clicks or types into, inside widget views
CONTROL = (".jupyter-widgets button:not([disabled]), .jupyter-widgets select:not([disabled]), "
           ".jupyter-widgets input:not([disabled]):not([type=hidden]), .jupyter-widgets textarea:not([disabled])")
BUTTONS = ".jupyter-widgets button:not([disabled])"

OBSERVE_JS = """() => {
  if (window.__dn) return;
  window.__dn = {t0: 0, last: 0, any: 0};
  new MutationObserver(() => { const t = performance.now(); window.__dn.any = t;
                               if (window.__dn.t0) window.__dn.last = t; })
    .observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""
CLICK_JS = """el => { window.__dn.last = 0; window.__dn.t0 = performance.now(); el.click(); }"""
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
    return sorted({p.relative_to(root).as_posix() for pat in APP_PATTERNS for p in root.glob(pat)
                   if not p.relative_to(root).as_posix().startswith("hello/")})


def _fmt(seconds: float) -> str:
    return f"{seconds:.2f} s" if seconds >= 1 else f"{seconds * 1e3:.0f} ms"


def _verdict(value: float, target: float) -> str:
    return "meets target" if value <= target else "MISSES target"


class Site:
    """A temporary notebooks root (the repository's plus the hello app) served by serve.py."""

    def __init__(self):
        self.dir = Path(tempfile.mkdtemp(prefix="daynight-bench-apps-"))
        self.root = self.dir / "notebooks"
        shutil.copytree(NOTEBOOKS, self.root, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        (self.root / "hello").mkdir()
        shutil.copy2(HELLO, self.root / HELLO_AS)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = self.dir / "voila.log"
        self.proc: subprocess.Popen | None = None
        self.used: dict[str, int] = {}
        from daynight.widgets.serve import app_notebooks as pooled
        self.pooled = pooled(self.root)

    def start(self) -> "Site":
        env = dict(os.environ, PYTHONUNBUFFERED="1", DAYNIGHT_NOTEBOOKS=str(self.root))
        self._log = open(self.log_path, "w")
        self.proc = subprocess.Popen([sys.executable, "-m", "daynight.widgets.serve", "--port", str(self.port)],
                                     cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 120
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError("the Voila server exited:\n" + self.log()[-3000:])
            try:
                with urllib.request.urlopen(self.url + "/voila/tree", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the Voila server did not answer:\n" + self.log()[-3000:])
                time.sleep(0.3)
        self.wait_idle()
        return self

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def warmed(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for nb in re.findall(r"daynight: warmed a kernel for (\S+) in", self.log()):
            counts[nb] = counts.get(nb, 0) + 1
        return counts

    def warm_seconds(self) -> dict[str, float]:
        return {nb: float(s) for nb, s in re.findall(r"daynight: warmed a kernel for (\S+) in ([\d.]+) s", self.log())}

    def wait_idle(self, timeout: float = 240) -> None:
        """Until every pool is full again (no kernel warming in the background)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            warmed = self.warmed()
            if all(warmed.get(nb, 0) >= 1 + self.used.get(nb, 0) for nb in self.pooled):
                time.sleep(0.5)
                return
            time.sleep(0.25)
        raise RuntimeError(f"kernel pools did not refill within {timeout:.0f} s: {self.warmed()}")

    def visited(self, nb: str) -> None:
        if nb in self.pooled:
            self.used[nb] = self.used.get(nb, 0) + 1

    def kernel_memory(self) -> tuple[list[float], float]:
        """RSS in MB of each kernel process started by this server, and of the server."""
        kernels = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) != self.proc.pid:
                    continue
                cmd = (stat.parent / "cmdline").read_bytes()
                if b"ipykernel" in cmd:
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
    seconds = time.perf_counter() - started
    site.visited(nb)
    return seconds, context, page


def close(context, page) -> None:
    try:
        page.close(run_before_unload=True)  # Voila shuts the page's kernel down on unload
        page.wait_for_timeout(0)
    except Exception:  # noqa: BLE001 - closing is best effort
        pass
    context.close()


def _wait_quiet(page, quiet_ms: int = 500, limit_ms: int = 10_000) -> None:
    page.wait_for_function(f"() => performance.now() - (window.__dn.any || 0) > {quiet_ms}",
                           timeout=limit_ms + quiet_ms, polling=50)


def _settle(pages) -> None:
    """Let every page go quiet (no DOM change for 0.8 s); a page that never does is judged
    by the checks that follow, not here."""
    for page in pages:
        try:
            _wait_quiet(page, 800)
        except Exception:  # noqa: BLE001
            pass


def click_latencies(page, clicks: int, rng: random.Random) -> tuple[list[float], int]:
    """Click ``clicks`` random enabled buttons; seconds from each click to the view's last
    change before 500 ms of quiet. Returns (latencies, clicks that changed nothing)."""
    page.evaluate(OBSERVE_JS)
    latencies, unchanged = [], 0
    for _ in range(clicks):
        try:
            _wait_quiet(page)
        except Exception:  # noqa: BLE001 - a page that never rests: measure anyway
            pass
        buttons = page.locator(BUTTONS)
        n = buttons.count()
        if n == 0:
            break
        target = buttons.nth(rng.randrange(n))
        if not target.is_visible():
            continue
        target.evaluate(CLICK_JS)
        try:
            page.wait_for_function("() => window.__dn.last && performance.now() - window.__dn.last > 500",
                                   timeout=10_000, polling=50)
            latencies.append(page.evaluate("() => (window.__dn.last - window.__dn.t0) / 1000"))
        except Exception:  # noqa: BLE001 - nothing changed within 10 s
            unchanged += 1
        page.evaluate("() => { window.__dn.t0 = 0; }")
    return latencies, unchanged


def _browser(playwright):
    exe = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    if not exe:
        raise RuntimeError("no Chromium: apt-get install -y chromium")
    return playwright.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)


def first_paint_and_clicks(browser, site: Site, apps: list[str], *, rounds: int, clicks: int):
    rng = random.Random(7)
    times: dict[str, list[float]] = {nb: [] for nb in [HELLO_AS, *apps]}
    ratios: dict[str, list[float]] = {nb: [] for nb in apps}
    lat: dict[str, list[float]] = {nb: [] for nb in [HELLO_AS, *apps]}
    unchanged: dict[str, int] = {nb: 0 for nb in [HELLO_AS, *apps]}
    # one visit first, not counted: the browser's first page pays for starting its renderer
    site.wait_idle()
    close(*open_until_clickable(browser, site, HELLO_AS)[1:])
    for r in range(rounds):
        order = [HELLO_AS, *apps]
        rng.shuffle(order)
        this_round = {}
        for nb in order:
            site.wait_idle()
            seconds, context, page = open_until_clickable(browser, site, nb)
            this_round[nb] = seconds
            times[nb].append(seconds)
            if clicks:
                got, none = click_latencies(page, clicks, random.Random(f"{nb}/{r}"))
                lat[nb] += got
                unchanged[nb] += none
            close(context, page)
        for nb in apps:
            ratios[nb].append(this_round[nb] / this_round[HELLO_AS])
    lines = []
    hello = statistics.median(times[HELLO_AS])
    for nb in apps:
        ratio = statistics.median(ratios[nb])
        lines.append(f"apps.first_control {nb:<22} ratio {ratio:5.2f}  target {FIRST_TARGET:g}  "
                     f"(app {_fmt(statistics.median(times[nb]))}, hello {_fmt(hello)}; {rounds} rounds; "
                     f"{_verdict(ratio, FIRST_TARGET)})")
    for nb in [HELLO_AS, *apps]:
        if lat[nb]:
            med = statistics.median(lat[nb])
            lines.append(f"apps.click {nb:<31} median {_fmt(med):>7}  target {_fmt(CLICK_TARGET)}  "
                         f"({len(lat[nb])} clicks, max {_fmt(max(lat[nb]))}"
                         f"{f', {unchanged[nb]} changed nothing' if unchanged[nb] else ''}; "
                         f"{_verdict(med, CLICK_TARGET)})")
        else:
            lines.append(f"apps.click {nb:<31} no click changed the view ({unchanged[nb]} tried)")
    return lines


def load_test(browser, site: Site, apps: list[str], *, sessions: int = 10, moves: int = 3):
    """``sessions`` learners at once; players play ``moves`` moves, watchers only look."""
    site.wait_idle()
    plan = [apps[i % len(apps)] for i in range(sessions)]
    per_app: dict[str, int] = {}
    roles = []
    for nb in plan:
        k = per_app.get(nb, 0)
        per_app[nb] = k + 1
        roles.append("watcher" if k % 2 == 1 else "player")  # each app with 2+ sessions gets a watcher
    contexts, pages = [], []
    started = time.perf_counter()
    for nb in plan:  # open all ten before waiting for any: the server sees them at once
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        page = context.new_page()
        page.goto(f"{site.url}/voila/render/{nb}", wait_until="commit", timeout=TIMEOUT_MS)
        contexts.append(context)
        pages.append(page)
        site.visited(nb)
    open_times = []
    for page in pages:
        page.locator(CONTROL).first.click(trial=True, timeout=TIMEOUT_MS)
        open_times.append(time.perf_counter() - started)
    problems = []
    for page in pages:
        page.evaluate(OBSERVE_JS)
    _settle(pages)
    initial = [page.evaluate(VIEW_JS) for page in pages]
    kernels = [page.evaluate(KERNEL_JS) for page in pages]
    if None in kernels or len(set(kernels)) != len(kernels):
        problems.append(f"sessions share kernels: {kernels}")
    rngs = [random.Random(f"load/{i}") for i in range(sessions)]
    clicks: list[float] = []
    for _ in range(moves):  # interleaved: every player moves, then the next round
        for i, page in enumerate(pages):
            if roles[i] == "player":
                got, _ = click_latencies(page, 1, rngs[i])
                clicks += got
    _settle(pages)
    final = [page.evaluate(VIEW_JS) for page in pages]
    for i, page in enumerate(pages):
        where = f"session {i + 1} ({plan[i]}, {roles[i]})"
        errors = page.evaluate(ERRORS_JS)
        if errors or "Traceback" in final[i] or "Something went wrong" in final[i]:
            problems.append(f"{where}: error on the page: {(errors or [final[i][-200:]])[0][:200]}")
        if roles[i] == "watcher" and final[i] != initial[i]:
            problems.append(f"{where}: its view changed although it did nothing (another session's moves?)")
        if roles[i] == "player" and final[i] == initial[i]:
            problems.append(f"{where}: {moves} clicks left its view unchanged")
    kernel_mb, server_mb = site.kernel_memory()
    for context, page in zip(contexts, pages):
        close(context, page)
    players = roles.count("player")
    verdict = "all correct and independent" if not problems else f"{len(problems)} PROBLEMS"
    lines = [
        f"apps.load {sessions} sessions over {len(apps)} apps ({players} playing {moves} moves, "
        f"{sessions - players} watching): {verdict}; distinct kernels {len(set(kernels))}/{sessions}",
        f"apps.load open-to-clickable under load: median {_fmt(statistics.median(open_times))}, "
        f"last {_fmt(max(open_times))}"
        + (f"; click to updated view: median {_fmt(statistics.median(clicks))}, max {_fmt(max(clicks))} "
           f"({len(clicks)} clicks)" if clicks else ""),
    ]
    if kernel_mb:
        lines.append(f"apps.load memory: {len(kernel_mb)} kernels, median {statistics.median(kernel_mb):.0f} MB, "
                     f"max {max(kernel_mb):.0f} MB, total {sum(kernel_mb):.0f} MB (RSS from /proc); "
                     f"server {server_mb:.0f} MB")
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
    site = Site()
    try:
        site.start()
        warm = site.warm_seconds()
        yield (f"apps.serve preheated {len(site.pooled)} notebooks one at a time; warm-up per kernel: "
               + ", ".join(f"{nb} {warm.get(nb, 0):.1f} s" for nb in site.pooled))
        with sync_playwright() as p:
            browser = _browser(p)
            try:
                yield from first_paint_and_clicks(browser, site, apps, rounds=1 if quick else 3,
                                                  clicks=4 if quick else 10)
                yield from load_test(browser, site, apps, sessions=10, moves=2 if quick else 4)
            finally:
                browser.close()
    finally:
        site.stop()


if __name__ == "__main__":
    for line in report(quick="--quick" in sys.argv):
        print(line, flush=True)
