"""Bounded resources and private files, tried for real on the server ``make app`` runs.

One server, started with small caps so that a burst reaches them (``--max-kernels 9
--max-kernels-per-client 2 --orphan-timeout 10``) and with ``TMPDIR`` pointing at a
folder like ``/tmp`` (world-writable, sticky) in which, when the tests run as root,
another user (made with ``useradd``) planted the start-up and template folders older
versions of ``serve.py`` reused, and whose working directory that user owns, holding a
planted ``voila.json``. Other engineers' servers are not touched: nothing is planted in
the real ``/tmp``.
"""

from __future__ import annotations

import concurrent.futures
import http.client
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

from tests.browser.conftest import AppPage, VoilaServer, _need_browser, app_notebooks, close_context, raw_get

INTRUDER = "dn-intruder"
#: the burst's pages never connect, and the last test waits until the server has ended their kernels:
#: the orphan timeout (counted from when a page was sent, a connected learner's page never reaches it)
#: is all that test waits for beyond the server's sweep (every 5 s)
MAX_KERNELS, PER_CLIENT, ORPHAN_TIMEOUT = 9, 2, 10
#: client addresses of the burst: loopback addresses other than the machine's own 127.0.0.1
SOURCES = [f"127.0.0.{i}" for i in range(2, 8)]
REFUSALS = {
    429: ("Too many pages at once", "Too many pages from this computer"),
    503: ("The class is full", "The server is busy"),
}


def _plant(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` as the other user (folders made as needed, open to all)."""
    subprocess.run(
        ["sh", "-c", 'mkdir -p "$(dirname "$2")" && printf "%s" "$1" > "$2" && chmod 666 "$2"', "sh", text, str(path)],
        user=INTRUDER,
        group=INTRUDER,
        check=True,
        cwd="/",
        env={"PATH": "/usr/bin:/bin", "HOME": "/"},
        timeout=60,
    )


@pytest.fixture(scope="module")
def shared_tmp():
    path = Path(tempfile.mkdtemp(prefix="dn-shared-tmp-", dir="/tmp"))
    path.chmod(0o1777)
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def planted(shared_tmp):
    """What another user planted before the server starts (None when not root)."""
    if os.geteuid() != 0 or not shutil.which("useradd"):
        yield None
        return
    created = subprocess.run(["id", INTRUDER], capture_output=True).returncode != 0
    if created:
        subprocess.run(["useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", INTRUDER], check=True)
    uid = os.getuid()
    marker = shared_tmp / "PLANTED-STARTUP-RAN"
    startup = shared_tmp / f"daynight-ipython-{uid}" / "profile_default" / "startup"
    template = shared_tmp / f"daynight-voila-{uid}" / "voila" / "templates" / "daynight-lab"
    classroom = shared_tmp / "classroom"
    try:
        _plant(startup / "00-planted.py", f"open({str(marker)!r}, 'w').write('planted code ran')\n")
        _plant(template / "static" / "index.css", "body::before { content: 'PLANTED-CSS'; }")
        _plant(classroom / "voila.json", '{"Voila": {"tornado_settings": {"headers": {"X-Planted": "yes"}}}}')
        yield {"marker": marker, "folders": [startup.parents[1], template.parents[2]], "cwd": classroom}
    finally:
        if created:
            subprocess.run(["userdel", INTRUDER], capture_output=True)


@pytest.fixture(scope="module")
def limited(planted, shared_tmp):
    _need_browser()
    server = VoilaServer(
        "--max-kernels",
        str(MAX_KERNELS),
        "--max-kernels-per-client",
        str(PER_CLIENT),
        "--orphan-timeout",
        str(ORPHAN_TIMEOUT),
        env={"TMPDIR": str(shared_tmp)},
        cwd=planted["cwd"] if planted else shared_tmp,
    ).start()
    yield server
    server.stop()


def _private_folder(server) -> Path:
    match = re.search(r"Storing connection files in (\S+?)/voila_\w+\.", server.log_path.read_text())
    assert match, "the server names its connection folder"
    return Path(match.group(1))


def test_nothing_another_user_planted_is_used(limited, planted, shared_tmp):
    if planted is None:
        pytest.skip("planting as another user needs root (useradd)")
    status, body = raw_get(limited.url, f"/voila/render/{app_notebooks()[0]}")
    assert status == 200 and b"kernelId" in body
    assert not planted["marker"].exists(), "a start-up file another user planted ran in the app kernel"
    _, css, _ = _get_from("127.0.0.1", limited.port, "/voila/templates/daynight-lab/static/index.css")
    _, _, headers = _get_from(
        "127.0.0.1", limited.port, "/voila/tree"
    )  # Jupyter's handlers add tornado_settings' headers
    planted_header = headers.get("X-Planted")
    assert b"PLANTED-CSS" not in css, "a template file another user planted is served"
    assert planted_header is None, "a voila.json in a folder another user owns was read"
    assert "not reading configuration from" in limited.log_path.read_text()
    for folder in planted["folders"]:  # the server wrote nothing into them
        assert all(p.stat().st_uid != os.getuid() for p in folder.rglob("*")), f"the server wrote into {folder}"
    private = _private_folder(limited)
    info = private.stat()
    assert private.parent == shared_tmp and private not in planted["folders"]
    assert info.st_uid == os.getuid() and info.st_mode & 0o777 == 0o700, oct(info.st_mode)


def _get_from(source: str, port: int, path: str) -> tuple[int, bytes, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=180, source_address=(source, 0))
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    finally:
        conn.close()


def _burst(plan, port: int) -> list[tuple]:
    """GET every ``(source address, notebook)`` of ``plan`` at once: (source, status, body, headers)."""
    with concurrent.futures.ThreadPoolExecutor(len(plan)) as pool:
        return list(pool.map(lambda job: (job[0], *_get_from(job[0], port, f"/voila/render/{job[1]}")), plan))


@pytest.fixture(scope="module")
def learner(browser, limited):
    """A learner who opened an app and played before the burst."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    app = AppPage(page, limited.url)
    app.open(app_notebooks()[0])
    assert app.play_until_the_view_changes(), "the learner's clicks change their view"
    yield app
    close_context(context)


def test_a_burst_beyond_the_caps_gets_clear_pages_and_the_server_answers(limited, learner):
    apps = app_notebooks()
    # one computer opening four apps at once gets two (its cap), and is told why not the rest
    one = _burst([("127.0.0.8", apps[i % len(apps)]) for i in range(4)], limited.port)
    assert 1 <= sum(status == 200 for _, status, _, _ in one) <= PER_CLIENT, [r[1] for r in one]
    assert any(status == 429 for _, status, _, _ in one)
    plan = [(source, apps[i % len(apps)]) for i, source in enumerate(SOURCES * 5)]
    peak, answered, stop = [0], [], threading.Event()

    def watch():
        while not stop.is_set():
            peak[0] = max(peak[0], limited.status()["kernels"])
            status, _ = raw_get(limited.url, "/voila/tree", timeout=60)
            answered.append(status)
            time.sleep(0.2)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        results = _burst(plan, limited.port)
    finally:
        stop.set()
        watcher.join(120)
    served = [source for source, status, body, _ in results if status == 200]
    for source, status, body, headers in one + results:
        text = body.decode("utf-8", "replace")
        assert "Traceback" not in text and 'File "' not in text
        if status == 200:
            assert "kernelId" in text
        else:
            assert status in REFUSALS, f"{source} got {status}: {text[:200]}"
            assert any(f"<h1>{title}</h1>" in text for title in REFUSALS[status]), text[:300]
            assert "tries again by itself" in text and int(headers["Retry-After"]) > 0
    assert served, "some of the burst got an app (positive control)"
    assert len(served) < len(plan), "the burst went beyond the caps"
    assert peak[0] <= MAX_KERNELS, f"{peak[0]} kernels at once, cap {MAX_KERNELS}"
    assert max(served.count(s) for s in SOURCES) <= PER_CLIENT
    assert answered and all(status == 200 for status in answered), f"the file list answered {answered}"


def test_the_burst_is_freed_and_every_learner_plays_on(limited, learner, browser):
    pooled = 1 + len(app_notebooks())  # the landing page and the apps
    status = limited.wait_until(
        lambda s: s["kernels"] <= pooled + 1 and set(s["visitors"]) <= {"127.0.0.1"},
        timeout=ORPHAN_TIMEOUT + 150,
        what="the burst's kernels freed",
    )
    assert status["visitors"] == {"127.0.0.1": 1}, "the learner's kernel is kept"
    log = limited.log_path.read_text()
    assert "its page has had no connection" in log
    assert learner.play_until_the_view_changes(), "the learner plays on after the burst"
    learner.assert_clean()
    # and a learner arriving now gets a working app
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        newcomer = AppPage(context.new_page(), limited.url)
        newcomer.open(app_notebooks()[-1])
        assert newcomer.play_until_the_view_changes(), "a newcomer's clicks change their view"
        newcomer.assert_clean()
    finally:
        close_context(context)
