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
#: a first Voila render takes 10-15 s on 2 cores; allow for a loaded CI machine
RENDER_TIMEOUT_MS = 120_000


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            # A browser test on a loaded 2-core machine can lose a race with Voila's kernel
            # start-up; like Voila's own UI tests (playwright `retries: 1`) it gets one retry.
            # A real defect fails both runs.
            if not item.get_closest_marker("flaky"):
                item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=2))


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
    directory: the repository by default)."""

    def __init__(self, *extra: str, env: dict | None = None, cwd: Path | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = ROOT / f".pytest-voila-{self.port}.log"
        self.extra = extra
        self.env = env
        self.cwd = cwd or ROOT
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 90) -> VoilaServer:
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
                raise RuntimeError(f"Voila exited with {self.proc.returncode}:\n{self.log()}")
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
  return ![...document.querySelectorAll('.jp-OutputArea-output')].some(
    o => o.childElementCount === 0 && o.textContent.includes('Loading widget'));
}"""


class AppPage:
    """A page plus what it saw: console errors and requests that left the machine."""

    def __init__(self, page, base_url: str):
        self.page = page
        self.base_url = base_url
        self.console_errors: list[str] = []
        self.external_requests: list[str] = []
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        page.on("request", self._request)

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
        # into controls; the page is ready when all three are done.
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
