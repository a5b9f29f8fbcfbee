"""The static site in headless Chromium: built from a clean checkout, served as plain files
from 127.0.0.1 under a sub-folder (as GitHub Pages serves a project), with every request to
another host failing the test.

These tests build the site (minutes), so ``make test`` skips them; ``make site-test`` (run
by ``.ci/run`` after the tests) runs them. ``DAYNIGHT_SITE=build/site`` tests a site already
built (``make site-test`` passes the one it has just built from its own checkout); without
it the session builds one with ``make site`` in a fresh clone of this repository's HEAD.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import threading
import urllib.parse
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, _need_browser

SITE_ENV = "DAYNIGHT_SITE"
RUN_ENV = "DAYNIGHT_SITE_TESTS"
#: where the site is mounted on the test server, as GitHub Pages mounts a project's site
PREFIX = "/daynight/"
#: any host but the test server's fails to resolve, so nothing can load from elsewhere
SITE_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
#: a page starts in seconds (python -m benchmarks site); a loaded CI machine takes far longer
START_TIMEOUT_MS = 240_000
#: the controls of a widget view (as in benchmarks/bench_apps.py)
CONTROL = (
    ".jupyter-widgets button:not([disabled]), .jupyter-widgets select:not([disabled]), "
    ".jupyter-widgets input:not([disabled]):not([type=hidden])"
)


def pytest_collection_modifyitems(config, items):
    run = os.environ.get(SITE_ENV) or os.environ.get(RUN_ENV)
    skip = pytest.mark.skip(
        reason="the static-site test builds the site (minutes): `make site-test` runs it "
        "(.ci/run does, after the tests)"
    )
    for item in items:
        if "tests/site/" not in str(item.fspath).replace(os.sep, "/"):
            continue
        item.add_marker(pytest.mark.browser)
        if not run:
            item.add_marker(skip)
        elif not item.get_closest_marker("flaky"):
            # as the Voila browser tests: one retry for a page that lost a race with a loaded
            # machine (Python starting in the browser); a real defect fails both runs
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=2))


def build_from_clean_checkout(tmp: Path) -> Path:
    """``make site`` in a fresh clone of HEAD (committed files only)."""
    checkout = tmp / "checkout"
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(checkout)], check=True)
    subprocess.run(["make", "site"], cwd=checkout, check=True)
    return checkout / "build" / "site"


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    given = os.environ.get(SITE_ENV)
    folder = Path(given).resolve() if given else build_from_clean_checkout(tmp_path_factory.mktemp("site"))
    if not (folder / "pages.json").exists():
        pytest.fail(f"{folder} is not a built site (no pages.json): run `make site`")
    return folder


@pytest.fixture(scope="session")
def pages(site_dir) -> dict[str, dict[str, str]]:
    """``{"live": {notebook: page}, "static": {...}}`` as the build wrote it."""
    return json.loads((site_dir / "pages.json").read_text(encoding="utf-8"))


class SiteServer:
    """A plain static file server for the site (like ``python -m http.server``) under
    :data:`PREFIX`, recording every request: (path, status, bytes sent)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.log: list[tuple[str, int, int]] = []
        server = self

        class Handler(SimpleHTTPRequestHandler):
            def translate_path(self, path):
                if not urllib.parse.urlsplit(path).path.startswith(PREFIX):
                    return str(folder / "--outside-the-site--")
                return super().translate_path("/" + path[len(PREFIX) :])

            def send_response(self, code, message=None):
                self._status = code
                super().send_response(code, message)

            def send_header(self, keyword, value):
                if keyword.lower() == "content-length":
                    self._length = int(value)
                super().send_header(keyword, value)

            def handle_one_request(self):
                self._status, self._length = 0, 0
                super().handle_one_request()
                if getattr(self, "path", None):
                    server.log.append((self.path, self._status, self._length))

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}{PREFIX}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def start(self) -> SiteServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def mark(self) -> int:
        return len(self.log)

    def since(self, mark: int) -> list[tuple[str, int, int]]:
        return self.log[mark:]

    @staticmethod
    def failed(entries) -> list[str]:
        """Requests the site could not answer (a 304 is a cache hit, not a failure)."""
        return [f"{status} {path}" for path, status, _ in entries if status not in (200, 304)]


@pytest.fixture(scope="session")
def site_server(site_dir):
    server = SiteServer(site_dir).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def site_browser():
    _need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        exe = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
        browser = p.chromium.launch(executable_path=exe, args=SITE_CHROMIUM_ARGS)
        yield browser
        browser.close()


ERRORS_JS = """() => Array.from(document.querySelectorAll(
  "[data-mime-type='application/vnd.jupyter.stderr'], .jp-OutputArea-output.jp-mod-error, .jp-RenderedText[data-mime-type*='error']"))
  .map(e => e.innerText)"""


class SitePage:
    """A page of the site in a fresh browser context (a cold cache: a new visitor) that
    aborts, and records, any request to another host."""

    def __init__(self, browser, server: SiteServer, **context):
        self.server = server
        # ``context``: the browser context's options (a phone's viewport and touch); a desktop by default
        self.context = browser.new_context(**(context or {"viewport": {"width": 1280, "height": 1000}}))
        self.elsewhere: list[str] = []
        self.console_errors: list[str] = []
        self.context.route(re.compile(r"^(?!http://127\.0\.0\.1:\d+/)"), self._elsewhere)
        self.page = self.context.new_page()
        self.page.set_default_timeout(120_000)  # a bot's move runs in the browser's Python
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.console_errors.append(f"uncaught: {e}"))
        self.start = server.mark()

    def _console(self, message) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def _elsewhere(self, route):
        url = route.request.url
        if url.startswith(("data:", "blob:", "about:")):
            return route.continue_()
        self.elsewhere.append(url)
        return route.abort("blockedbyclient")

    def open(self, path: str, wait_for: str | None = None, timeout: int = START_TIMEOUT_MS):
        """Open ``path`` (relative to the site's root); wait for ``wait_for`` if given."""
        self.page.goto(self.server.url + path, wait_until="domcontentloaded", timeout=timeout)
        return self.wait_for(wait_for, timeout) if wait_for else self.page

    def play_a_game(self):
        """Answer a play app's opening offer ("Learn to play" comes first to a new visitor,
        issue 19) with "Play a game", and wait until the note is gone and the table takes clicks."""
        page = self.page
        page.wait_for_function(
            "() => { const n = document.querySelector('.dn-table .dn-note'); return n && !n.hidden; }",
            timeout=START_TIMEOUT_MS,
        )
        page.locator(".dn-table .dn-note [data-target$='-new']").click()  # "Play a game", in any language
        page.wait_for_function("document.querySelector('.dn-table .dn-note').hidden", timeout=60_000)
        return page

    def wait_for(self, selector: str, timeout: int = START_TIMEOUT_MS):
        """Wait until ``selector`` is visible; if it never is, say what else went wrong
        (a request to another host, a file the site lacks) instead of only timing out."""
        try:
            self.page.locator(selector).first.wait_for(state="visible", timeout=timeout)
        except Exception as exc:
            raise AssertionError(
                f"{selector} never appeared ({type(exc).__name__}); requests to other hosts: "
                f"{self.elsewhere[:5]}; the site could not answer: "
                f"{SiteServer.failed(self.requests())[:5]}"
            ) from exc
        return self.page

    def requests(self) -> list[tuple[str, int, int]]:
        return self.server.since(self.start)

    def assert_clean(self) -> None:
        """No request left the machine, the site answered every request, no error output,
        no traceback, no uncaught script error."""
        assert not self.elsewhere, f"requests to other hosts: {self.elsewhere[:5]}"
        failed = SiteServer.failed(self.requests())
        assert not failed, f"the site could not answer: {failed[:5]}"
        errors = self.page.evaluate(ERRORS_JS)
        assert not errors, f"error output on the page: {errors[:3]}"
        assert "Traceback" not in self.page.inner_text("body"), "a traceback is visible on the page"
        uncaught = [e for e in self.console_errors if e.startswith("uncaught")]
        assert not uncaught, f"script errors: {uncaught[:3]}"

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def site_page(site_browser, site_server):
    page = SitePage(site_browser, site_server)
    yield page
    page.close()
