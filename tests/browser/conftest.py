"""Browser layer: start the same Voila server as ``make app`` on a free loopback port and
drive it with Debian's Chromium through playwright.

Without /usr/bin/chromium these tests are skipped on a developer machine and fail in CI
(``CI=true``), so a missing install step cannot pass unnoticed.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
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
#: a first Voila render takes 10-15 s on 2 cores; allow for a loaded CI machine (a render took over
#: 120 s, and its test its retry, with the load average at 20 on 2 cores)
RENDER_TIMEOUT_MS = 240_000


#: Browser tests long by nature (a game played to its end in Chromium, note by note or click by
#: click, 50-100 s each on 2 cores): ``make test-long`` runs them (``.ci/run`` after ``make test``);
#: ``make test`` runs the widget-level test of the same thing (named beside each), without a browser.
LONG = {
    "test_stars_guide.py::test_the_guided_game_is_completed_by_following_its_notes": "tests/test_stars_guide.py::"
    "test_the_guided_game_is_offered_first_and_followed_to_its_summary",
    "test_temples_guide.py::test_the_guided_game_is_completed_by_following_its_notes": "tests/test_temples_guide.py::"
    "test_learn_to_play_is_offered_first_and_guides_a_game_to_its_summary",
    "test_sunmoon_guide.py::test_the_guided_game_is_completed_by_following_its_notes": "tests/test_sunmoon_guide.py::"
    "test_following_the_notes_meets_each_rule_once_and_ends_with_the_summary",
    "test_mtg_guide.py::test_the_guided_game_is_completed_by_following_its_notes": "tests/test_mtg_guide.py::"
    "test_following_the_notes_completes_the_guided_game_with_each_lesson_once",
    # a zh-TW game played to its end by clicking, switched to English and back
    "test_sunmoon_zh.py::test_a_zh_tw_game_by_clicking_switched_to_english_and_back": "tests/test_sunmoon_widgets.py::"
    "test_switching_the_language_mid_game_keeps_the_game_and_says_everything_anew",
    # a whole game by keyboard alone (make test plays a round by keys in test_a_refused_click_shows_its_rule,
    # tests/browser/test_table.py's keyboard test and the accessibility sweep reach every control by Tab;
    # the same game to its end by its targets, without a browser:)
    "test_stars_app.py::test_a_full_game_by_keyboard_alone": "tests/test_stars_widgets.py::"
    "test_a_full_game_by_clicking_the_drawn_cards",
    # (make test plays two cards by keys in test_a_game_survives_its_kernel_ended_through_the_server)
    "test_sunmoon_app.py::test_a_full_game_by_keyboard_alone": "tests/test_sunmoon_widgets.py::"
    "test_a_full_game_by_clicking",
    # every walkthrough and practice page loaded widget by widget (the kernel's one answer held back)
    "test_server_pages.py::test_a_page_loading_its_widgets_one_by_one_loads_them_all": "tests/test_server_channels.py::"
    "test_a_page_loading_its_widgets_one_by_one_is_admitted_and_keeps_its_burst",
    # (issue 25: make test within about 10 minutes; wall and CPU seconds of one run of the browser layer on a
    # loaded 2-core machine, 2026-12-02.) Each app page keeps quick tests in make test (its first screen, a
    # refused click, its kernel ended, the accessibility sweep); the whole games by clicking go here:
    # stars 23 s / 17 CPU s, Sonne und Mond and the temple duel likewise a game to its end
    "test_stars_app.py::test_a_full_game_by_clicking_the_drawn_cards": "tests/test_stars_widgets.py::"
    "test_a_full_game_by_clicking_the_drawn_cards",
    "test_sunmoon_app.py::test_a_full_game_by_clicking_the_drawn_table": "tests/test_sunmoon_widgets.py::"
    "test_a_full_game_by_clicking",
    "test_temples_app.py::test_a_game_to_its_end_by_clicking_the_drawn_pieces": "tests/test_temples_widgets.py::"
    "test_a_whole_short_game_by_targets",
    # the Magic walkthrough (twenty tables) rendered twice, then the practice page: 60-75 s a run (the practice
    # page's own test, the worked example without a browser and the walkthrough under nbval stay in make test)
    "test_practice_mtg.py::test_the_worked_example_answered_by_mouse_and_keyboard_and_kept_across_a_reload": "tests/"
    "test_practice_mtg.py::test_the_worked_example_follows_one_game_through_the_rules",
    # a class server stopped and started again on its port (42 s / 30 CPU s); the kept game's continuation
    # without a browser stays, and the kernel ended through the server in tests/browser/test_keep_guide_app.py
    "test_keep_guide_app.py::test_a_restart_of_the_class_server_loses_no_game": "tests/test_temples_widgets.py::"
    "test_a_page_reloaded_to_continue_continues_at_once_and_undo_is_kept",
    # a page whose notebook sleeps 20 s by construction (29 s); the busy page's rule stays in make test
    "test_security.py::test_a_page_still_starting_says_the_server_is_busy": "tests/test_serve_parts.py::"
    "test_a_page_waits_for_a_start_slot_then_gets_the_busy_page",
    # two walkthroughs rendered at once (30 s / 27 CPU s); each page's one answer with every widget state stays
    # (test_a_page_whose_kernel_channel_opens_late_gets_all_its_widget_states_in_one_answer)
    "test_server_widgets.py::test_two_walkthroughs_loading_at_once_get_every_widget": "tests/test_server_channels.py::"
    "test_a_page_loading_its_widgets_one_by_one_is_admitted_and_keeps_its_burst",
    # a burst of pages up to the caps, then a wait for the server to end their kernels after its orphan
    # timeout (17 s and 51 s): the caps' rules stay in make test without a browser, and the planted files'
    # test on the same server
    "test_limits.py::test_a_burst_beyond_the_caps_gets_clear_pages_and_the_server_answers": "tests/test_serve_parts.py::"
    "test_the_gate_refuses_when_the_class_is_full_and_counts_kernels_starting",
    "test_limits.py::test_the_burst_is_freed_and_every_learner_plays_on": "tests/test_serve_parts.py::"
    "test_the_gate_refuses_past_the_per_client_cap_but_not_the_machine_itself",
}


def long_name(item) -> str:
    """``<file>::<test>`` of a collected test, its parameters aside (the key of :data:`LONG`)."""
    return f"{Path(str(item.fspath)).name}::{item.originalname}"


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            if long_name(item) in LONG:
                item.add_marker(pytest.mark.long)
            # A browser test on a loaded 2-core machine can lose a race with Voila's kernel
            # start-up; like Voila's own UI tests (playwright `retries: 1`) it gets one retry, as a
            # safety net only: a test that used it (RERUN in the summary) is a race to fix.
            if not item.get_closest_marker("flaky"):
                item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=2))


# --------------------------------------------------------------------------- where the time goes
# DAYNIGHT_CPU_TIMES=1 prints, after the run, the CPU seconds each test cost the whole process tree
# (pytest, the Voila servers and their kernels, Chromium): unlike a test's wall time, a figure that a
# machine shared with other work does not inflate. A session server's start and its first kernel
# warm-ups count to the first test that uses it; a process its parent did not reap (a server's kernels
# when it stops) drops out of the tree, so the test that stops a server may show less, even below 0.
CPU_TIMES = os.environ.get("DAYNIGHT_CPU_TIMES", "") not in ("", "0")
_cpu_costs: dict[str, float] = {}


def tree_cpu_seconds(root: int | None = None) -> float:
    """User and system CPU seconds of ``root`` (this process) and every process under it, the
    children they have reaped included (Linux ``/proc``)."""
    children: dict[int, list[int]] = {}
    own: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # from the third field, the state, on
        children.setdefault(int(fields[1]), []).append(int(entry))
        own[int(entry)] = sum(int(t) for t in fields[11:15])  # utime stime cutime cstime
    total, todo = 0, [root or os.getpid()]
    while todo:
        pid = todo.pop()
        total += own.get(pid, 0)
        todo += children.get(pid, [])
    return total / os.sysconf("SC_CLK_TCK")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    before = tree_cpu_seconds() if CPU_TIMES else 0.0
    yield
    if CPU_TIMES:
        _cpu_costs[item.nodeid] = tree_cpu_seconds() - before


def pytest_terminal_summary(terminalreporter):
    if not _cpu_costs:
        return
    costs = sorted(_cpu_costs.items(), key=lambda kv: -kv[1])
    terminalreporter.write_sep("=", f"CPU seconds of the process tree: {sum(_cpu_costs.values()):.0f} in all")
    for nodeid, seconds in costs[:40]:
        terminalreporter.write_line(f"{seconds:8.1f}  {nodeid}")


def _need_browser():
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        msg = f"no Chromium at {CHROMIUM}: install it with `apt-get install -y chromium`"
        if IN_CI:
            pytest.fail(msg)
        pytest.skip(msg)
    try:
        import playwright  # noqa: F401
    except ImportError:
        if IN_CI:
            pytest.fail("playwright is not installed")
        pytest.skip("playwright is not installed")


def app_notebooks() -> list[str]:
    """The app notebooks (``*/play.ipynb``, ``*/tracker.ipynb``), as the server finds them."""
    from daynight.server.apps import LANDING
    from daynight.server.apps import app_notebooks as served

    return [nb for nb in served(NOTEBOOKS) if nb != LANDING]


def temporary_notebooks(tmp_path_factory, folder: str, title: str, source: str) -> Path:
    """A notebooks root holding the landing page and one test app ``<folder>/play.ipynb``
    (serve it with ``VoilaServer(env={"DAYNIGHT_NOTEBOOKS": str(root)})``)."""
    from tools.nb import code, md, write

    root = tmp_path_factory.mktemp("notebooks")
    (root / "index.ipynb").write_text((NOTEBOOKS / "index.ipynb").read_text(encoding="utf-8"), encoding="utf-8")
    write(root / folder / "play.ipynb", [md(f"# {title}"), code(source)])
    return root


#: the notebooks the browser tests write for themselves (a failing callback, known accessibility
#: defects, a toy game...): ``<folder>/<name>`` -> (title, source), each added by its test module at
#: import (:func:`scratch_app`), all served by the one class server of :func:`scratch`
_SCRATCH: dict[str, tuple[str, str]] = {}


def scratch_app(folder: str, title: str, source: str, name: str = "play.ipynb") -> str:
    """Add a test notebook ``<folder>/<name>`` (a markdown title, one code cell) to the notebooks of
    :func:`scratch`; its path under them. Call it at a test module's import, before any test runs."""
    _SCRATCH[f"{folder}/{name}"] = (title, source)
    return f"{folder}/{name}"


@pytest.fixture(scope="session")
def scratch_root(tmp_path_factory) -> Path:
    """A notebooks root holding the landing page and every notebook of :func:`scratch_app`."""
    from tools.nb import code, md, write

    root = tmp_path_factory.mktemp("scratch-notebooks")
    (root / "index.ipynb").write_text((NOTEBOOKS / "index.ipynb").read_text(encoding="utf-8"), encoding="utf-8")
    for rel, (title, source) in _SCRATCH.items():
        write(root / rel, [md(f"# {title}"), code(source)])
    return root


@pytest.fixture(scope="session")
def scratch(scratch_root):
    """The class server of ``make app`` serving :func:`scratch_root`, one for the whole session: a
    server start is 5-10 s of a core (a minute on a loaded machine), and the test apps' pages do not
    disturb one another. No preheated kernels: each test page is opened a few times at most, and a
    pool would warm kernels (the landing page's among them) on a core the pages need."""
    _need_browser()
    server = VoilaServer("--pool-size", "0", env={"DAYNIGHT_NOTEBOOKS": str(scratch_root)}).start()
    yield server
    server.stop()


def raw_get(base_url: str, path: str, timeout: float = 120, follow: int = 3) -> tuple[int, bytes]:
    """GET ``path`` exactly as written (no client-side normalisation of ``..`` or ``%2e``),
    following up to ``follow`` redirects on the same server."""
    host, port = base_url.removeprefix("http://").split(":")
    for _ in range(follow + 1):
        conn = http.client.HTTPConnection(host, int(port), timeout=timeout)
        try:
            conn.putrequest("GET", path, skip_accept_encoding=True)
            conn.endheaders()
            response = conn.getresponse()
            status, body, location = response.status, response.read(), response.getheader("Location")
        finally:
            conn.close()
        if status not in (301, 302, 303, 307, 308) or not location:
            return status, body
        path = location.removeprefix(base_url)
        assert path.startswith("/"), f"redirected off the server: {location}"
    return status, body


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class VoilaServer:
    """``python -m daynight.server`` (the class server of ``make app``) on a free loopback port (``extra`` are its
    command-line options, ``env`` extra environment variables, ``cwd`` its working
    directory: the repository by default; ``port`` a given port: a server restarted where
    its pages expect it)."""

    def __init__(self, *extra: str, env: dict | None = None, cwd: Path | None = None, port: int | None = None):
        self.given_port = port is not None
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = ROOT / f".pytest-voila-{self.port}.log"
        self.extra = extra
        self.env = env
        self.cwd = cwd or ROOT
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 300) -> VoilaServer:
        self._log = open(self.log_path, "w")  # noqa: SIM115 - the server's log, open while it runs (stop closes it)
        env = dict(os.environ, PYTHONUNBUFFERED="1", **(self.env or {}))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "daynight.server", "--port", str(self.port), *self.extra],
            cwd=self.cwd,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                log = self.log()
                if "no available port could be found" in log and not self.given_port and not getattr(self, "_moved", 0):
                    # another process took the free port between free_port() and the server's bind (other
                    # servers start on this machine): once, on another free port
                    self._log.close()
                    self.log_path.unlink(missing_ok=True)
                    self._moved = 1
                    self.port = free_port()
                    self.url = f"http://127.0.0.1:{self.port}"
                    self.log_path = ROOT / f".pytest-voila-{self.port}.log"
                    return self.start(timeout)
                raise RuntimeError(f"Voila exited with {self.proc.returncode}:\n{log}")
            try:
                with urllib.request.urlopen(self.url + "/voila/tree", timeout=2):
                    return self
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"Voila did not answer within {timeout} s:\n{self.log()}")

    def log(self) -> str:
        try:
            return self.log_path.read_text()[-4000:]
        except OSError:
            return ""

    def status(self) -> dict:
        """The server's ``/daynight/status``: kernels in all, pools, kernels per visitor."""
        with urllib.request.urlopen(self.url + "/daynight/status", timeout=60) as response:
            return json.loads(response.read())

    def wait_until(self, condition, timeout: float = 120, what: str = "the server's state") -> dict:
        """Poll :meth:`status` until ``condition(status)`` holds; return that status."""
        deadline = time.monotonic() + timeout
        while True:
            status = self.status()
            if condition(status):
                return status
            if time.monotonic() > deadline:
                raise AssertionError(f"{what} never came: {status}")
            time.sleep(0.5)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        if getattr(self, "_log", None):
            self._log.close()
        if os.environ.get("DAYNIGHT_KEEP_VOILA_LOG"):
            return  # keep the server log for a post-mortem
        try:
            self.log_path.unlink()
        except OSError:
            pass


@pytest.fixture(scope="session")
def voila():
    _need_browser()
    server = VoilaServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    _need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        exe = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
        b = p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        yield b
        b.close()


RENDERED_JS = """() => {
  const spin = document.querySelector('#loading');
  if (spin && getComputedStyle(spin).display !== 'none') return false;
  if (document.querySelector("script[type='application/vnd.voila.cell-output+json']")) return false;
  if ([...document.querySelectorAll('.jp-OutputArea-output')].some(
    o => o.childElementCount === 0 && o.textContent.includes('Loading widget'))) return false;
  return [...document.querySelectorAll('.dn-table')].every(t => t.dataset.ready === '1');
}"""


class AppPage:
    """A page plus what it saw: console errors and requests that left the machine."""

    def __init__(self, page, base_url: str):
        self.page = page
        self.base_url = base_url
        self.console_errors: list[str] = []
        self.external_requests: list[str] = []
        page.on("console", self._console)
        page.on("request", self._request)

    def _console(self, message) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def _request(self, request):
        url = request.url
        if not re.match(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/", url) and not url.startswith(
            ("data:", "blob:", "about:")
        ):
            self.external_requests.append(url)

    def open(self, notebook: str, *, wait_for: str = ".jupyter-widgets, .jp-RenderedHTMLCommon"):
        """Open ``notebooks/<notebook>`` in Voila and wait until it has rendered."""
        self.page.goto(f"{self.base_url}/voila/render/{notebook}", timeout=RENDER_TIMEOUT_MS)
        self.page.wait_for_selector(wait_for, timeout=RENDER_TIMEOUT_MS)
        # Voila hides the page behind a spinner until every cell has run, then turns each
        # cell output (a script tag) into DOM and each widget view from "Loading widget..."
        # into controls; each table then tells the kernel its width, which may redraw it (a new
        # epoch: a click sent before that redraw arrives is not acted on), and says data-ready
        # when the kernel has answered. The page is ready when all four are done.
        self.page.wait_for_function(RENDERED_JS, timeout=RENDER_TIMEOUT_MS)
        return self.page

    def reload(self, *, wait_for: str = ".jupyter-widgets, .jp-RenderedHTMLCommon"):
        """Reload the page (a new kernel runs its notebook) and wait until it has rendered, as
        :meth:`open` does: a walkthrough shows its first tables while its kernel still runs the
        later cells, so a test clicks once the page is rendered, not when a first table shows."""
        self.page.reload(timeout=RENDER_TIMEOUT_MS)
        self.page.wait_for_selector(wait_for, timeout=RENDER_TIMEOUT_MS)
        self.page.wait_for_function(RENDERED_JS, timeout=RENDER_TIMEOUT_MS)
        return self.page

    def view(self) -> str:
        """The text of the rendered page (what a learner reads)."""
        return self.page.evaluate("() => (document.querySelector('#rendered_cells') || document.body).innerText")

    def play_until_the_view_changes(self, tries: int = 6) -> bool:
        """Click the enabled buttons in turn until one changes the page's text (a refused
        move may change nothing); whether one did. Works for any app."""
        before = self.view()
        buttons = self.page.locator(".jupyter-widgets button:not([disabled])")
        for i in range(min(tries, buttons.count())):
            buttons.nth(i).click()
            try:
                self.page.wait_for_function(
                    "before => (document.querySelector('#rendered_cells') || document.body).innerText !== before",
                    arg=before,
                    timeout=15_000,
                )
                return True
            except Exception:
                continue
        return False

    def error_outputs(self) -> list[str]:
        """Texts of error or stderr outputs on the page (a served app must show none)."""
        return self.page.eval_on_selector_all(
            "[data-mime-type='application/vnd.jupyter.stderr'], .jp-OutputArea-output.jp-mod-error,"
            " .jp-RenderedText[data-mime-type*='error']",
            "els => els.map(e => e.innerText)",
        )

    def assert_clean(self):
        errors = self.error_outputs()
        assert not errors, f"error output on the page: {errors[:3]}"
        body = self.page.inner_text("body")
        assert "Traceback" not in body, "a traceback is visible on the page"
        assert not self.external_requests, f"requests left the machine: {self.external_requests[:5]}"


def close_context(context) -> None:
    """Leave every page of ``context`` (so Voila's page shuts its kernel down, as a closed
    tab does), then close the context."""
    for page in context.pages:
        try:
            page.goto("about:blank", timeout=10_000)
        except Exception:
            pass
    context.close()


@pytest.fixture
def app(browser, voila):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield AppPage(page, voila.url)
    close_context(context)


# --------------------------------------------------------------------------- the drawn table
# helpers for the apps on the table widget (widgets/table.js's page contract)


def table_status(page) -> str:
    """The table's status line."""
    return page.inner_text(".dn-table .dn-status")


def table_epoch(page) -> str:
    """The table's ``data-epoch`` (one more per drawing)."""
    return page.get_attribute(".dn-table", "data-epoch")


def answer_to(page, act, table=".dn-table") -> None:
    """Do ``act()`` (a click or tap on a target of ``table``: a selector or an element) and wait
    until the kernel has answered it: the table's ``data-answered`` grows after what the click
    drew. A new ``data-epoch`` alone is no answer: a drawing made again for a settling width (a
    phone's page laying itself out) is a new epoch too."""
    node = page.query_selector(table) if isinstance(table, str) else table
    before = node.get_attribute("data-answered")
    act()
    page.wait_for_function("([t, b]) => t.dataset.answered !== b", arg=[node, before])


def click_target(page, target: str) -> None:
    page.locator(f"[data-target='{target}']").click()


_DISTANCE = """(t) => {
  const all = [...document.querySelectorAll('.dn-table [data-target]')];
  const at = all.indexOf(document.activeElement), to = all.findIndex(n => n.dataset.target === t);
  return at < 0 || to < 0 ? null : to - at;
}"""


def keyboard_choose(page, target: str) -> None:
    """Reach ``target`` with Tab (or Shift+Tab) alone and choose it with Enter (a drawn piece)
    or Space (a button). The targets follow one another in the table's tab order."""
    steps = page.evaluate(_DISTANCE, target)
    assert steps is not None, (
        f"the keyboard is not in the table ({target}): "
        + page.evaluate("document.activeElement.outerHTML.slice(0, 200)")
        + table_status(page)
    )
    for _ in range(abs(steps)):
        page.keyboard.press("Tab" if steps > 0 else "Shift+Tab")
    focused = page.evaluate("[document.activeElement.dataset.target, document.activeElement.tagName]")
    assert focused[0] == target, (focused, target)
    page.keyboard.press("Space" if focused[1] == "BUTTON" else "Enter")


# --------------------------------------------------------------------------- a page's kernel
# (issue 24: a page says so when its kernel is gone, and a reload continues the kept game)


def kernel_id(page) -> str:
    """The id of the kernel a Voila page talks to."""
    return page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def end_kernel(server: VoilaServer, kernel: str, timeout: float = 60) -> None:
    """End ``kernel`` through the server (as the server's culler or a closed tab does) and
    wait until the server no longer has it."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request("POST", f"/voila/api/shutdown/{kernel}")
        conn.getresponse().read()
    finally:
        conn.close()
    deadline = time.monotonic() + timeout
    while raw_get(server.url, f"/api/kernels/{kernel}", timeout=30)[0] == 200:
        assert time.monotonic() < deadline, f"kernel {kernel} still runs"
        time.sleep(0.3)


def wait_dead(page, timeout: float = 15_000) -> dict:
    """Wait for the page's dead-page message (``#dn-dead``); its state and words."""
    page.wait_for_selector("#dn-dead", timeout=timeout)
    return page.evaluate(
        "() => ({state: document.getElementById('dn-dead').dataset.state,"
        " text: document.getElementById('dn-dead').innerText})"
    )


# --------------------------------------------------------------------------- phones (issue 23)
#: the phones every app is measured on (held upright), with touch
PHONES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}
#: the smallest word and the shortest side of a target or control, in CSS pixels
MIN_WORD, MIN_TOUCH = 11.0, 44.0


def phone_context(browser, size: str = "390x844", **options):
    """A browser context of a phone held upright, touch emulated (a tap is a click)."""
    return browser.new_context(viewport=PHONES[size], is_mobile=True, has_touch=True, device_scale_factor=2, **options)


MEASURE_JS = """() => {
  const root = document.querySelector('#rendered_cells') || document.body;
  const shown = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  // words: every text of the page (HTML) at its font size, every word of a drawing at its size times the scale
  const words = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest('svg, script, style, .dn-note-said, #loading') || !shown(el)) continue;
    words.push({size: parseFloat(getComputedStyle(el).fontSize), text: n.textContent.trim().slice(0, 40)});
  }
  const drawings = [];
  for (const svg of root.querySelectorAll('.dn-drawing svg')) {
    if (!shown(svg)) continue;
    const box = svg.viewBox.baseVal, rect = svg.getBoundingClientRect();
    const scale = box && box.width ? rect.width / box.width : 1;
    let smallest = Infinity;
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent.trim() || t.closest('.dn-marks')) continue;
      const size = parseFloat(getComputedStyle(t).fontSize) * scale;
      smallest = Math.min(smallest, size);
      words.push({size, text: t.textContent.trim().slice(0, 40)});
    }
    drawings.push({viewBox: box ? box.width : null, shown: rect.width, scale, smallest});
  }
  // targets and controls: the drawn targets, buttons, menus, fields (a checkbox by its label)
  const sel = '[data-target], button, select, input:not([type=hidden]), textarea, [role=button], summary';
  const targets = [];
  for (const el of root.querySelectorAll(sel)) {
    const box = el.type === 'checkbox' && el.closest('label') ? el.closest('label') : el;
    if (!shown(box)) continue;
    const r = box.getBoundingClientRect();
    targets.push({side: Math.min(r.width, r.height), name: (el.getAttribute('aria-label') || el.textContent
      || el.title || el.tagName).trim().slice(0, 40)});
  }
  words.sort((a, b) => a.size - b.size);
  targets.sort((a, b) => a.side - b.side);
  return {words: words.slice(0, 5), targets: targets.slice(0, 5), drawings,
          sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}"""


def measure_phone(page) -> dict:
    """What a learner meets on a phone: the smallest words (HTML at its font size, a drawing's
    at its size times its scale), the smallest targets and controls (their short side), each
    drawing's viewBox width, shown width and scale, and how far the page scrolls sideways."""
    return page.evaluate(MEASURE_JS)


def assert_phone_ready(page, *, scale_one: bool = True) -> dict:
    """Fail on a word under 11 px, a target or control under 44 px on its short side, a page
    that scrolls sideways, or (``scale_one``) a drawing not shown at scale 1."""
    m = measure_phone(page)
    assert m["sideways"] <= 1, f"the page scrolls sideways by {m['sideways']} px"
    assert m["words"] and m["words"][0]["size"] >= MIN_WORD - 0.01, f"words under {MIN_WORD} px: {m['words']}"
    assert m["targets"] and m["targets"][0]["side"] >= MIN_TOUCH - 0.5, f"targets under {MIN_TOUCH} px: {m['targets']}"
    if scale_one:
        for drawing in m["drawings"]:
            assert abs(drawing["scale"] - 1) < 0.02, f"a drawing is shown at scale {drawing['scale']:.2f}: {drawing}"
    return m


# --------------------------------------------------------------------------- the guided game (issue 19)
NOTE = ".dn-table .dn-note"


def wait_note(page, words: str) -> None:
    """Wait until the table's note (shown) holds ``words``."""
    page.wait_for_function(
        "w => { const n = document.querySelector('.dn-table .dn-note'); return n && !n.hidden && n.innerText.includes(w); }",
        arg=words,
    )


def follow_the_notes(page, end: str, limit: int = 200) -> list[str]:
    """Complete a guided game by doing only what its notes say, until a note holds ``end``: click
    the control a note's text names in “quotes”, else the note's primary button; each pausing
    note must have the keyboard's focus. Returns the headings of the pausing notes."""
    seen: list[str] = []
    for _ in range(limit):
        text = page.inner_text(NOTE)
        if end in text:
            return seen
        number = page.get_attribute(NOTE, "data-note")
        if page.get_attribute(NOTE, "role") == "alertdialog":
            page.wait_for_function(f"document.querySelector('{NOTE}').contains(document.activeElement)")
            seen.append(page.inner_text(f"{NOTE} .dn-note-heading"))
        quoted = re.findall(r"“([^”]+)”", page.inner_text(f"{NOTE} .dn-note-text"))
        if quoted:
            # The kernel may send a second note for the same move (a lesson after the round's end) a
            # moment after the first, and a pausing note holds (renames) the control the first one
            # named: wait for that control or for a newer note, and follow the newer note if it came.
            target = page.get_by_role("button", name=quoted[0], exact=True)
            newer = page.locator(f"{NOTE}:not([hidden]):not([data-note='{number}'])")
            target.or_(newer).first.wait_for()
            if newer.count():
                continue
            target.click()
        else:
            page.locator(f"{NOTE} button.dn-primary").click()
        page.wait_for_function(
            "n => { const e = document.querySelector('.dn-table .dn-note'); return !e.hidden && e.dataset.note !== n; }",
            arg=number,
        )
    raise AssertionError(f"the guided game did not reach {end!r}: {seen}")
