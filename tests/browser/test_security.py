"""Nothing exposed: what a visitor of the served apps can and cannot do.

The server is the one ``make app`` runs (``python -m daynight.server``, the ``voila``
fixture); the failing-callback and slow-page tests use a second one on a temporary notebooks root
(``DAYNIGHT_NOTEBOOKS``: the session's ``scratch`` server of the tests' own notebooks). Every refusal is paired with a positive control that shows the
same request path works for what *is* allowed, so a test cannot pass because the server is
simply down.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import http.client
import json
import re
import time
import uuid
from pathlib import Path

import pytest

from tests.browser.conftest import (
    NOTEBOOKS,
    ROOT,
    AppPage,
    app_notebooks,
    close_context,
    raw_get,
    scratch_app,
)


def learning_pages() -> list[str]:
    """One practice page and one walkthrough, as the server finds them: the learning pages are
    preheated and hardened like the apps (issue 18), and one of each kind is checked here (all
    eight would add minutes: every learning page is the same widgets on the same kind of
    kernel). The walkthrough is the temple duel's, the quickest to run (4-7 s on 2 cores,
    against 5-20 s for the others): a visit after its preheated kernel was taken runs it anew."""
    from daynight.server.apps import learning_notebooks

    pages = learning_notebooks(NOTEBOOKS)
    walkthroughs = [p for p in pages if p.endswith("/rules.ipynb")]
    quickest = "temples/rules.ipynb" if "temples/rules.ipynb" in walkthroughs else walkthroughs[0]
    return [next(p for p in pages if p.endswith("/practice.ipynb")), quickest]


def kernel_id_of(html: str) -> str:
    match = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
    assert match, "the rendered page names its kernel"
    return match.group(1)


def free_kernel(base_url: str, html: str) -> None:
    """Shut down the kernel of a page rendered without a browser, as a closed tab does
    (the server would free it after its orphan timeout anyway)."""
    match = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
    if match:
        host, port = base_url.removeprefix("http://").split(":")
        conn = http.client.HTTPConnection(host, int(port), timeout=30)
        try:
            conn.request("POST", f"/voila/api/shutdown/{match.group(1)}")
            conn.getresponse().read()
        finally:
            conn.close()


# --------------------------------------------------------------------------- the kernel channel


def _message(msg_type: str, content: dict, session: str) -> dict:
    return {
        "header": {
            "msg_id": uuid.uuid4().hex,
            "msg_type": msg_type,
            "session": session,
            "username": "visitor",
            "version": "5.3",
            "date": "",
        },
        "parent_header": {},
        "metadata": {},
        "content": content,
        "buffers": [],
        "channel": "shell",
    }


async def _talk_to_kernel(ws_url: str, code: str) -> dict:
    """Open the app's kernel channel like the page does and try to run ``code`` there.

    Sends kernel_info_request (allowed), execute_request (must be refused), then another
    kernel_info_request. The shell channel is processed in order, so once the second
    kernel_info_reply is back, an accepted execute_request would already have replied.
    """
    from tornado.websocket import websocket_connect

    session = uuid.uuid4().hex
    ws = await websocket_connect(f"{ws_url}?session_id={session}")
    seen: list[dict] = []
    first = _message("kernel_info_request", {}, session)
    execute = _message(
        "execute_request",
        {
            "code": code,
            "silent": False,
            "store_history": True,
            "user_expressions": {},
            "allow_stdin": False,
            "stop_on_error": True,
        },
        session,
    )
    second = _message("kernel_info_request", {}, session)

    async def replies_to(msg: dict, deadline: float) -> bool:
        while time.monotonic() < deadline:
            frame = await asyncio.wait_for(ws.read_message(), timeout=max(0.1, deadline - time.monotonic()))
            if frame is None:
                raise ConnectionError("the server closed the kernel channel")
            if isinstance(frame, bytes):
                continue  # binary frames carry widget buffers, never a reply to us
            reply = json.loads(frame)
            seen.append(reply)
            if (
                reply.get("parent_header", {}).get("msg_id") == msg["header"]["msg_id"]
                and reply.get("msg_type", reply["header"]["msg_type"]) == "kernel_info_reply"
            ):
                return True
        return False

    try:
        await ws.write_message(json.dumps(first))
        first_ok = await replies_to(first, time.monotonic() + 60)
        await ws.write_message(json.dumps(execute))
        await ws.write_message(json.dumps(second))
        second_ok = await replies_to(second, time.monotonic() + 60)
        # a little extra time for anything the execute_request might still have caused
        try:
            await replies_to({"header": {"msg_id": "none"}}, time.monotonic() + 1.5)
        except TimeoutError:
            pass
    finally:
        ws.close()
    caused = [m for m in seen if m.get("parent_header", {}).get("msg_id") == execute["header"]["msg_id"]]
    return {"first_ok": first_ok, "second_ok": second_ok, "caused_by_execute": caused}


@pytest.fixture(scope="module")
def rendered(voila):
    """``rendered(notebook)``: the status and HTML of ``/voila/render/<notebook>``, rendered once for
    this module's tests (each render takes a preheated kernel and sets its pool warming a new one,
    seconds of a core: the tests that read a page's HTML share it); the pages' kernels are shut down
    at the end, as a closed tab's are (a page of a test that talks to its kernel is rendered by that
    test first, so its kernel is fresh)."""
    pages: dict[str, tuple[int, str]] = {}

    def render(notebook: str) -> tuple[int, str]:
        if notebook not in pages:
            status, body = raw_get(voila.url, f"/voila/render/{notebook}")
            pages[notebook] = (status, body.decode())
        return pages[notebook]

    yield render
    for _status, html in pages.values():
        free_kernel(voila.url, html)


@pytest.mark.parametrize("notebook", ["index.ipynb", *app_notebooks()[:1], *learning_pages()])
def test_visitor_cannot_execute_code_on_the_kernel_channel(voila, rendered, tmp_path, notebook):
    status, html = rendered(notebook)
    assert status == 200
    kernel_id = kernel_id_of(html)
    marker = tmp_path / f"executed-{uuid.uuid4().hex}"
    code = f"open({str(marker)!r}, 'w').write('the visitor ran code')\nprint('VISITOR-CODE-RAN')"
    ws_url = voila.url.replace("http://", "ws://") + f"/api/kernels/{kernel_id}/channels"
    # in a thread of its own: playwright's sync API may hold this thread's event loop
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        result = pool.submit(asyncio.run, _talk_to_kernel(ws_url, code)).result(timeout=180)
    # positive control: the channel is real and the kernel answers allowed messages
    assert result["first_ok"] and result["second_ok"], "the kernel channel answers kernel_info_request"
    # the execute_request was dropped: no reply, no execute_input, no output, no effect
    assert result["caused_by_execute"] == [], result["caused_by_execute"][:2]
    assert not marker.exists(), "code sent by a visitor ran in the app's kernel"
    log = voila.log_path.read_text()
    assert re.search(r"execute_request.*not allowed", log), "the server logged the refusal"


# --------------------------------------------------------------------------- files

SECRETS = {
    "pyproject.toml": b'name = "daynight"',
    "/etc/passwd": b"root:x:0:0",
    "widgets/common.py": b"def guarded(",
    "daynight/core.py": b"class IllegalMoveError",
    "voila.json": b"VoilaConfiguration",
}

# every handler that serves files, with plain and encoded ``..`` and absolute paths
TRAVERSALS = [
    "/pyproject.toml",
    "/etc/passwd",
    "/voila/files/pyproject.toml",
    "/voila/files/../pyproject.toml",
    "/voila/files/%2e%2e/pyproject.toml",
    "/voila/files/..%2fpyproject.toml",
    "/voila/files/%2e%2e%2fpyproject.toml",
    "/voila/files/....//pyproject.toml",
    "/voila/files/..%5cpyproject.toml",
    "/voila/files//etc/passwd",
    "/voila/files/%2fetc%2fpasswd",
    "/voila/files/../../../../../../etc/passwd",
    "/voila/files/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/voila/files/../widgets/common.py",
    "/voila/files/%2e%2e/daynight/core.py",
    "/voila/files/../voila.json",
    "/voila/render/../pyproject.toml",
    "/voila/render/%2e%2e/pyproject.toml",
    "/voila/render/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/voila/render//etc/passwd",
    "/voila/tree/..",
    "/voila/tree/%2e%2e",
    "/voila/api/contents/..",
    "/voila/api/contents/%2e%2e/pyproject.toml",
    "/voila/static/../../../../../../etc/passwd",
    "/voila/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/voila/templates/../../../../../../etc/passwd",
    "/voila/templates/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/voila/labextensions/../../../../../../etc/passwd",
    "/voila/labextensions/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/voila/api/themes/../../../../../../etc/passwd",
    "/voila/api/themes/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/api/contents/pyproject.toml",
    "/files/pyproject.toml",
    "/lab",
    "/tree",
    "/api/kernels",
    "/api/terminals",
]


def test_assets_of_the_notebooks_are_served(voila):
    """Positive control for the refusals below: the landing page's images are reachable."""
    status, body = raw_get(voila.url, "/voila/files/assets/binder-voila.svg")
    assert status == 200 and b"<svg" in body


@pytest.mark.parametrize("path", TRAVERSALS)
def test_no_file_outside_the_notebooks_is_served(voila, path):
    status, body = raw_get(voila.url, path, timeout=60)
    leaked = [name for name, secret in SECRETS.items() if secret in body]
    assert not leaked, f"GET {path} returned the content of {leaked} (status {status})"
    # refused (Voila's template handler answers some traversals with a bare 500 page)
    assert 400 <= status < 600, f"GET {path} answered {status}"
    assert b"Traceback" not in body and b'File "' not in body


def _sources():
    """Notebook and source files inside notebooks/ (their text must not be served)."""
    files = sorted(
        p.relative_to(NOTEBOOKS).as_posix()
        for p in NOTEBOOKS.rglob("*")
        if p.is_file()
        and p.suffix in (".ipynb", ".py", ".json", ".csv", ".md", ".txt")
        and ".ipynb_checkpoints" not in p.parts
    )
    return files or ["index.ipynb"]


@pytest.mark.parametrize("rel", _sources())
def test_notebook_sources_are_not_served_as_files(voila, rel):
    text = (NOTEBOOKS / rel).read_bytes()
    for prefix in ("/voila/files/", "/voila/static/", "/voila/api/contents/"):
        status, body = raw_get(voila.url, prefix + rel, timeout=60)
        assert not (status == 200 and text[:200] in body), f"{prefix}{rel} served the file"
        if rel.endswith(".ipynb") and status == 200 and prefix == "/voila/api/contents/":
            assert json.loads(body)["content"] is None, "the contents API leaked the notebook"


def _code_lines(notebook: Path) -> list[str]:
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    lines = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            lines += [
                ln.strip() for ln in src.splitlines() if re.match(r"\s*(import |from \S+ import |def |class )", ln)
            ]
    return lines


@pytest.mark.parametrize("notebook", ["index.ipynb", *app_notebooks(), *learning_pages()])
def test_served_pages_carry_no_source_code(rendered, notebook):
    status, html = rendered(notebook)
    assert status == 200
    lines = _code_lines(NOTEBOOKS / notebook)
    assert lines, "the notebook has code whose absence can be checked"
    shown = [ln for ln in lines if ln in html]
    assert not shown, f"source lines of {notebook} are in the served page: {shown[:3]}"


#: hosts a page may name: XML namespaces (never fetched) and the Binder launch links (anchors)
NAMED_HOSTS = {"127.0.0.1", "localhost", "www.w3.org", "purl.org", "creativecommons.org", "mybinder.org"}


@pytest.mark.parametrize(
    "path",
    [
        "/voila/render/index.ipynb?template=reveal&theme=dark",  # overrides are ignored
        "/voila/render/index.ipynb?voila-template=classic",
        "/voila/tree",
        "/voila/render/no-such-notebook.ipynb",
        *[f"/voila/render/{nb}" for nb in [*app_notebooks(), *learning_pages()]],
    ],
)
def test_pages_name_no_host_off_the_machine(voila, rendered, path):
    """No page links a script or stylesheet from a CDN (the browser tests also watch the
    requests themselves); a visitor cannot switch to a template that does."""
    if path.startswith("/voila/render/") and "?" not in path:
        status, html = rendered(path.removeprefix("/voila/render/"))  # the page the tests above read
    else:
        status, body = raw_get(voila.url, path)
        html = body.decode()
        free_kernel(voila.url, html)
    assert status in (200, 404)
    hosts = set(re.findall(r"\bhttps?://([^/\s\"'<>:)]+)", html)) - NAMED_HOSTS
    assert not hosts, f"{path} names {sorted(hosts)}"
    assert "reveal.js" not in html and "import daynight" not in html


# --------------------------------------------------------------------------- failing callbacks

FAILING_APP = """
import ipywidgets as w
from daynight.widgets.common import Status, guarded

status = Status("Nothing clicked yet.")
SECRET = "CALLBACK-SECRET-" + "7f3a"


def explode(_button):
    status.show("The raw callback started.")
    raise RuntimeError(SECRET + " raised in a raw callback")


def explode_guarded(_button):
    guarded(status, lambda: (_ for _ in ()).throw(KeyError(SECRET + " raised in a guarded callback")))


raw = w.Button(description="Fail raw", tooltip="Fail raw")
raw.on_click(explode)
safe = w.Button(description="Fail guarded", tooltip="Fail guarded")
safe.on_click(explode_guarded)
w.VBox([raw, safe, status])
"""


FAILING_PAGE = scratch_app("boom", "A callback that fails", FAILING_APP)


@pytest.fixture(scope="module")
def failing_server(scratch):
    """The class server serving the failing app and the slow page (the session's server of the
    tests' own notebooks, started without preheated kernels: each page is opened once)."""
    return scratch


def test_failing_callback_shows_no_traceback(browser, failing_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    frames: list[str] = []
    page.on(
        "websocket",
        lambda ws: ws.on(
            "framereceived", lambda f: frames.append(f if isinstance(f, str) else f.decode("utf-8", "replace"))
        ),
    )
    try:
        page.goto(f"{failing_server.url}/voila/render/{FAILING_PAGE}", timeout=120_000)
        page.get_by_role("button", name="Fail raw").click(timeout=120_000)
        # the callback ran (its first line updated the status) before it raised
        page.get_by_text("The raw callback started.").wait_for(timeout=30_000)
        page.get_by_role("button", name="Fail guarded").click()
        page.get_by_text("Something went wrong (KeyError); the game is unchanged.").wait_for(timeout=30_000)
        page.wait_for_timeout(1000)  # let any error output arrive
        body = page.inner_text("body")
        html = page.content()
    finally:
        context.close()
    for shown in (body, html):
        assert "Traceback" not in shown and "CALLBACK-SECRET" not in shown and 'File "' not in shown
    # nor in what reached the browser at all (readable in its developer tools)
    leaked = [f[:300] for f in frames if "CALLBACK-SECRET" in f or "Traceback" in f]
    assert not leaked, leaked
    # the traceback went to the server's log, where the teacher can read it
    log = failing_server.log_path.read_text()
    assert "CALLBACK-SECRET-7f3a raised in a raw callback" in log and "Traceback" in log


# --------------------------------------------------------------------------- kernels


def _kernel_status(voila, kernel_id: str) -> int:
    status, _ = raw_get(voila.url, f"/api/kernels/{kernel_id}", timeout=30)
    return status


def test_closing_the_tab_frees_its_kernel(app, voila):
    """Voila's page asks the server to shut its kernel down when the tab closes (daynight/server/handlers.py
    lets that request through); a kernel per closed tab would otherwise pile up."""
    page = app.open("index.ipynb", wait_for="text=The four games")
    kernel_id = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    assert _kernel_status(voila, kernel_id) == 200
    page.goto("about:blank")
    deadline = time.monotonic() + 60  # a kernel takes a few seconds to stop on a busy machine
    while _kernel_status(voila, kernel_id) == 200 and time.monotonic() < deadline:
        time.sleep(0.3)
    log = [ln for ln in voila.log_path.read_text().splitlines() if kernel_id in ln or "shutdown" in ln]
    assert _kernel_status(voila, kernel_id) == 404, f"the closed page's kernel is still running: {log[-6:]}"


def test_shutdown_of_an_unknown_kernel_is_refused(voila):
    conn = http.client.HTTPConnection("127.0.0.1", voila.port, timeout=30)
    try:
        conn.request("POST", f"/voila/api/shutdown/{uuid.uuid4()}")
        assert conn.getresponse().status == 404
    finally:
        conn.close()
    status, _ = raw_get(voila.url, "/voila/render/index.ipynb")
    assert status == 200  # the server is unharmed


# --------------------------------------------------------------------------- preheating


def test_apps_are_served_from_preheated_kernels(voila):
    """The landing page and the apps get kernel pools, and then the learning pages (practice
    pages and walkthroughs), warmed after every app's; the charts notebooks get none. A visit
    to an app or a learning page takes a kernel that has already run the notebook."""
    from daynight.server.apps import learning_notebooks

    apps, learning = ["index.ipynb", *app_notebooks()], learning_notebooks(NOTEBOOKS)
    log = voila.log_path.read_text()
    announced = re.search(r"preheated: (.*)", log)
    assert announced and announced.group(1).split(", ") == apps, announced and announced.group(1)
    assert f"learning pages (practice pages and walkthroughs): 1 preheated kernel(s) for each of {len(learning)}" in log
    for target in (apps[-1], learning_pages()[-1]):
        deadline = time.monotonic() + 300
        while f"Kernel pool of {target} is filled" not in voila.log_path.read_text():
            assert time.monotonic() < deadline, f"the kernel pool of {target} never filled"
            time.sleep(0.5)
        status, body = raw_get(voila.url, f"/voila/render/{target}")
        assert status == 200
        free_kernel(voila.url, body.decode())
        assert re.search(rf"Using pre-heated kernel: [0-9a-f-]+ for {re.escape(target)}", voila.log_path.read_text())
    warmed = re.findall(r"warmed a kernel for (\S+) in", voila.log_path.read_text())
    first_learning = min(warmed.index(page) for page in learning if page in warmed)  # one at least: waited for
    assert all(warmed.index(app) < first_learning for app in apps), f"the apps are warmed first: {warmed}"
    for charts in NOTEBOOKS.glob("*/charts.ipynb"):
        rel = charts.relative_to(NOTEBOOKS).as_posix()
        assert f"warmed a kernel for {rel}" not in voila.log_path.read_text(), f"{rel} should not be pooled"


# --------------------------------------------------------------------------- hosts and origins


def request_as(
    base_url: str, path: str, host: str, method: str = "GET", headers: dict | None = None, timeout: float = 120
) -> tuple[int, bytes]:
    """``method path`` with this ``Host`` header (as a DNS-rebinding page's request has)."""
    _, port = base_url.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection("127.0.0.1", int(port), timeout=timeout)
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host)
        for name, value in (headers or {}).items():
            conn.putheader(name, value)
        conn.endheaders()
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


#: names and addresses that are not this server's: a rebinding attacker's domain, other machines
FOREIGN_HOSTS = [
    "evil.example",
    "evil.example:{port}",
    "localhost.evil.example:{port}",
    "127.0.0.1.evil.example:{port}",
    "10.11.12.13:{port}",
    "[2001:db8::1]:{port}",
]
#: what the browser of someone on this machine sends (the positive control)
OWN_HOSTS = ["127.0.0.1:{port}", "localhost:{port}", "LOCALHOST:{port}", "[::1]:{port}"]
#: one path per kind of handler: the page, the file list, Voila's and the template's static
#: files, the notebooks' assets, the lab extensions, the site root, the shutdown API
HOST_PATHS = [
    "/voila/render/index.ipynb",
    "/voila/tree",
    "/voila/static/voila.js",
    "/voila/templates/daynight-lab/static/index.css",
    "/voila/files/assets/binder-voila.svg",
    "/voila/labextensions/@voila-dashboards/widgets-manager8/package.json",
    "/",
]


@pytest.mark.parametrize("host", FOREIGN_HOSTS)
def test_requests_for_another_host_are_refused(voila, host):
    host = host.format(port=voila.port)
    for path in HOST_PATHS:
        status, body = request_as(voila.url, path, host)
        assert status == 403, f"GET {path} with Host: {host} answered {status}"
        assert b"kernelId" not in body and b"Day &amp; Night" not in body and b"<svg" not in body
    status, _ = request_as(voila.url, f"/voila/api/shutdown/{uuid.uuid4()}", host, method="POST")
    assert status == 403
    assert f"refused a request for host {host!r}" in voila.log_path.read_text()


@pytest.mark.parametrize("host", OWN_HOSTS)
def test_requests_for_this_machine_are_answered(voila, host):
    host = host.format(port=voila.port)
    for path in HOST_PATHS[1:]:  # the pages that need no kernel
        status, _ = request_as(voila.url, path, host)
        assert status in (200, 302), f"GET {path} with Host: {host} answered {status}"


async def _websocket_status(url: str, headers: dict) -> int:
    """101 when the websocket opens, else the HTTP status the server refused it with."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    try:
        ws = await websocket_connect(HTTPRequest(url, headers=headers, connect_timeout=60, request_timeout=60))
    except HTTPClientError as error:
        return error.code
    ws.close()
    return 101


def _in_thread(coroutine):
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result(timeout=180)


@pytest.fixture(scope="module")
def page_kernel(voila):
    """A rendered app page's kernel id (freed at the end)."""
    status, body = raw_get(voila.url, f"/voila/render/{app_notebooks()[0]}")
    assert status == 200
    yield kernel_id_of(body.decode())
    free_kernel(voila.url, body.decode())


@pytest.mark.parametrize(
    "origin,host,opens",
    [
        (None, None, True),  # a script (no Origin): as Jupyter Server allows
        ("http://127.0.0.1:{port}", None, True),  # the page's own origin
        ("http://evil.example", None, False),  # another site's page
        ("http://localhost:{port}", None, False),  # another origin on this machine
        ("null", None, False),  # a sandboxed frame or a file
        ("http://evil.example:{port}", "evil.example:{port}", False),  # DNS rebinding: host and origin agree
    ],
)
@pytest.mark.parametrize("channel", ["/api/kernels/{kernel}/channels", "/voila/query/{kernel}"])
def test_kernel_websockets_open_only_from_the_pages_own_origin(voila, page_kernel, channel, origin, host, opens):
    headers = {
        name: value.format(port=voila.port) for name, value in (("Origin", origin), ("Host", host)) if value is not None
    }
    url = voila.url.replace("http://", "ws://") + channel.format(kernel=page_kernel)
    status = _in_thread(_websocket_status(url, headers))
    assert status == (101 if opens else 403), f"{channel} with {headers} answered {status}"


def test_a_page_of_another_origin_cannot_shut_a_kernel_down(voila, page_kernel):
    status, _ = request_as(
        voila.url,
        f"/voila/api/shutdown/{page_kernel}",
        f"127.0.0.1:{voila.port}",
        method="POST",
        headers={"Origin": "http://evil.example", "Content-Length": "0"},
    )
    assert status == 403
    assert _kernel_status(voila, page_kernel) == 200, "the kernel is still running"


# --------------------------------------------------------------------------- hand-written widget messages


def _frame_text(frame) -> str:
    return frame if isinstance(frame, str) else frame.decode("utf-8", "replace")


def _hostile_messages(widget: str, session: str) -> list[dict]:
    """Comm messages a Voila page of these apps never sends, aimed at the app's own top
    widget ``widget`` where one is needed."""
    big = "x" * (100 * 1024)
    contents = [
        ("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "no.such.target", "data": {}}),
        (
            "comm_open",
            {
                "comm_id": uuid.uuid4().hex,
                "target_name": "jupyter.widget",
                "data": {"state": {"_model_name": "ButtonModel", "_model_module": "@jupyter-widgets/controls"}},
            },
        ),
        (
            "comm_open",
            {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget", "data": {"state": {"_model_name": 5}}},
        ),
        ("comm_open", {"target_name": "jupyter.widget.control"}),
        ("comm_open", {"comm_id": widget, "target_name": "jupyter.widget.control", "data": {}}),
        ("comm_open", ["not", "an", "object"]),
        (
            "comm_msg",
            {
                "comm_id": widget,
                "data": {"method": "update", "state": {"layout": 5, "children": "x"}, "buffer_paths": []},
            },
        ),
        ("comm_msg", {"comm_id": widget, "data": {"method": "update", "state": "not a state"}}),
        ("comm_msg", {"comm_id": widget, "data": {"method": "update", "state": {"_dom_classes": [big]}}}),
        ("comm_msg", {"comm_id": widget, "data": {"method": "exec", "code": "import os"}}),
        ("comm_msg", {"comm_id": widget, "data": "not an object"}),
        ("comm_msg", {"comm_id": "no-such-comm", "data": {"method": "custom", "content": {}}}),
        ("comm_msg", {"comm_id": {"a": 1}, "data": {}}),
        ("comm_close", {"comm_id": widget}),
        ("comm_close", {"comm_id": 5}),
        ("comm_info_request", {"target_name": 7}),
    ]
    return [_message(kind, content, session) for kind, content in contents]


async def _attack(ws_url: str, widget: str) -> dict:
    from tornado.websocket import websocket_connect

    session = uuid.uuid4().hex
    ws = await websocket_connect(f"{ws_url}?session_id={session}")
    frames: list[str] = []
    for msg in _hostile_messages(widget, session):
        await ws.write_message(json.dumps(msg))
    probe = _message("kernel_info_request", {}, session)
    await ws.write_message(json.dumps(probe))
    answered = False
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not answered:
        try:
            frame = await asyncio.wait_for(ws.read_message(), timeout=max(0.1, deadline - time.monotonic()))
        except TimeoutError:
            break
        if frame is None:
            break
        frames.append(_frame_text(frame))
        answered = probe["header"]["msg_id"] in frames[-1] and "kernel_info_reply" in frames[-1]
    await asyncio.sleep(1)  # anything still on its way
    while True:
        try:
            frame = await asyncio.wait_for(ws.read_message(), timeout=0.5)
        except TimeoutError:
            break
        if frame is None:
            break
        frames.append(_frame_text(frame))
    # a message larger than the server takes closes the channel (and only this one); the server may
    # close it while the 2 MB are still being written, and then the write itself says so
    from tornado.websocket import WebSocketClosedError

    huge = _message(
        "comm_msg", {"comm_id": widget, "data": {"method": "custom", "content": {"x": "y" * (2 << 20)}}}, session
    )
    try:
        await ws.write_message(json.dumps(huge))
    except WebSocketClosedError:
        return {"frames": frames, "answered": answered, "closed_on_huge": True}
    closed = await asyncio.wait_for(ws.read_message(), timeout=60) is None
    return {"frames": frames, "answered": answered, "closed_on_huge": closed}


def test_hand_written_comm_messages_get_no_traceback_and_spare_other_learners(browser, voila):
    notebook = app_notebooks()[0]
    learner = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        page = learner.new_page()
        app_page = AppPage(page, voila.url)
        app_page.open(notebook)
        # the visitor who sends the messages has a page (and a kernel) of their own
        status, body = raw_get(voila.url, f"/voila/render/{notebook}")
        assert status == 200
        html = body.decode()
        widget = re.search(r'"model_id":\s*"([0-9a-f]{32})"', html)
        assert widget, "the app page shows a widget"
        ws_url = voila.url.replace("http://", "ws://") + f"/api/kernels/{kernel_id_of(html)}/channels"
        result = _in_thread(_attack(ws_url, widget.group(1)))
        leaks = [
            f[:300]
            for f in result["frames"]
            if re.search(r"Traceback|File \"|site-packages|/\w+\.py\b|/usr/|/root/|/home/|" + re.escape(str(ROOT)), f)
        ]
        assert not leaks, f"a reply to the hand-written messages carries a traceback or a path: {leaks[:2]}"
        assert result["answered"], "the kernel still answers an allowed message after them"
        assert result["closed_on_huge"], "a 2 MB message closes the kernel channel"
        log = voila.log_path.read_text()
        for note in (
            "dropped a comm_open from the page: target 'jupyter.widget'",
            "dropped a comm_msg from the page: it is not a widget message",
            "dropped a comm_msg from the page: it is larger than 64 KB",
            "dropped a comm_close from the page: it closes a comm the page did not open",
        ):
            assert note in log, f"the server log lacks {note!r}"
        # the other learner's game answers their clicks, unharmed
        assert app_page.play_until_the_view_changes(), "the other learner's clicks no longer change their view"
        app_page.assert_clean()
        free_kernel(voila.url, html)
    finally:
        close_context(learner)


# --------------------------------------------------------------------------- a page that is slow to start

SLOW_NOTEBOOK = """
import time
time.sleep(20)
import ipywidgets as w
w.Button(description="Finally ready")
"""
SLOW_PAGE = scratch_app("slow", "A page whose notebook takes a while", SLOW_NOTEBOOK, name="notes.ipynb")


def test_a_page_still_starting_says_the_server_is_busy(browser, failing_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{failing_server.url}/voila/render/{SLOW_PAGE}", wait_until="commit", timeout=120_000)
        notice = page.get_by_role("alert").filter(has_text="The server is busy")
        notice.wait_for(timeout=60_000)
        assert "reload the page" in notice.inner_text()
        page.get_by_role("button", name="Finally ready").wait_for(timeout=120_000)
        notice.wait_for(state="detached", timeout=30_000)  # gone once the page is ready
    finally:
        close_context(context)
