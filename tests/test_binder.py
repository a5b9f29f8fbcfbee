"""Binder: ``binder/`` agrees with pyproject.toml, every Binder badge opens a notebook that
exists, and the environment built from ``binder/`` alone runs the landing page.

repo2docker (what mybinder.org runs) needs Docker, which this machine does not have, so
``test_environment_from_binder_alone`` does what repo2docker's Python build pack does, by
hand: a fresh virtual environment with the Python of ``binder/runtime.txt``, then
``pip install -r binder/requirements.txt`` run from a copy of the repository's tracked
files (repo2docker copies the repository and installs from its root, so ``.`` is the
package). It then executes the landing page with ``jupyter nbconvert --execute`` and opens
both badge targets on ``jupyter server`` the way Binder does (Voila as a server extension).
The third-party wheels are kept in ``~/.cache/daynight/binder-wheels/<key>`` (the key
hashes requirements.txt, the build requirements and the Python version), so a repeated run
installs offline in well under a minute and only the first run after a change asks the
index (a few minutes); ``DAYNIGHT_BINDER_FRESH=1`` installs straight from the index instead.
Set ``DAYNIGHT_SKIP_BINDER_BUILD=1`` to skip only that test on a quick local run.
"""

from __future__ import annotations

import concurrent.futures
import glob
import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.parse
import urllib.request
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
BADGE = re.compile(
    r"https://mybinder\.org/v2/gh/([\w.-]+)/([\w.-]+)/([\w./-]+)\?urlpath=([^)\s\"'<>`]*[^)\s\"'<>`.,;:])"
)


def _norm(req: str) -> str:
    return re.sub(r"\s+", "", req).lower().replace("_", "-")


def binder_requirements() -> list[str]:
    lines = []
    for line in (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            lines.append(line)
    return lines


def runtime_version() -> tuple[int, int] | None:
    path = BINDER / "runtime.txt"
    if not path.exists():
        return None
    match = re.fullmatch(r"python-(\d+)\.(\d+)(?:\.\d+)?", path.read_text(encoding="utf-8").strip())
    assert match, f"binder/runtime.txt must read python-X.Y, not {path.read_text()!r}"
    return int(match.group(1)), int(match.group(2))


# --------------------------------------------------------------------------- agreement


def test_binder_folder_holds_what_repo2docker_reads():
    files = sorted(p.name for p in BINDER.iterdir())
    assert "requirements.txt" in files and "runtime.txt" in files
    # with binder/ present repo2docker ignores root config files, and environment.yml would
    # make it ignore runtime.txt: the two files here must carry everything
    assert "environment.yml" not in files and "Dockerfile" not in files
    assert not (ROOT / ".binder").exists(), "binder/ and .binder/ together is an error"


def test_requirements_match_the_notebooks_extra():
    reqs = binder_requirements()
    assert any(r in (".", "-e .", "-e.") for r in reqs), "binder/requirements.txt must install the package (.)"
    pinned = sorted(_norm(r) for r in reqs if r not in (".", "-e .", "-e."))
    extra = sorted(_norm(r) for r in PYPROJECT["project"]["optional-dependencies"]["notebooks"])
    assert pinned == extra, f"binder/requirements.txt {pinned} differs from the notebooks extra {extra}"


def test_runtime_is_python_312_or_newer_and_allowed_by_requires_python():
    version = runtime_version()
    assert version is not None, "without runtime.txt repo2docker picks Python 3.10, too old for pandas 3"
    assert version >= (3, 12)
    spec = PYPROJECT["project"]["requires-python"]
    floor = re.fullmatch(r">=\s*(\d+)\.(\d+)", spec)
    assert floor and version >= (int(floor.group(1)), int(floor.group(2))), spec


def _badges() -> list[tuple[str, str]]:
    """(where, url) of every Binder link in README.md and notebooks/index.ipynb."""
    found = [("README.md", m.group(0)) for m in BADGE.finditer((ROOT / "README.md").read_text(encoding="utf-8"))]
    nb = json.loads((ROOT / "notebooks" / "index.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        found += [("notebooks/index.ipynb", m.group(0)) for m in BADGE.finditer(src)]
    return found


def _badge_target(url: str) -> tuple[str, str, str]:
    """(owner/repo, interface, repository path) of a Binder launch URL."""
    m = BADGE.fullmatch(url)
    assert m, url
    urlpath = urllib.parse.unquote(m.group(4)).lstrip("/")
    for interface in ("lab/tree/", "voila/render/", "voila/tree/", "tree/", "notebooks/"):
        if urlpath.startswith(interface):
            return f"{m.group(1)}/{m.group(2)}", interface.rstrip("/"), urlpath[len(interface) :]
    raise AssertionError(f"{url}: urlpath {urlpath!r} opens neither JupyterLab nor Voila")


def test_badges_open_lab_and_the_voila_landing_page():
    badges = _badges()
    assert badges, "README.md and the landing page carry Binder badges"
    interfaces = {where: set() for where, _ in badges}
    for where, url in badges:
        _, interface, path = _badge_target(url)
        interfaces[where].add((interface, path))
    for where, targets in interfaces.items():
        assert ("voila/render", "notebooks/index.ipynb") in targets, f"{where}: no badge for the Voila landing page"
        assert any(i == "lab/tree" for i, _ in targets), f"{where}: no badge for JupyterLab"


@pytest.mark.parametrize("where,url", _badges())
def test_every_badge_points_at_a_notebook_that_exists(where, url):
    repo, interface, path = _badge_target(url)
    target = ROOT / path
    assert target.exists(), f"{where}: {url} opens {path}, which is not in the repository"
    if interface in ("voila/render",):
        assert target.suffix == ".ipynb"
    # the badge launches this repository (the one pyproject.toml names)
    homes = [u for u in PYPROJECT["project"].get("urls", {}).values() if "github.com" in u or "mybinder" in u]
    assert any(repo in u for u in homes), f"{where}: {url} launches {repo}, not {homes}"


# --------------------------------------------------------------------------- the build


def binder_python() -> tuple[str, str]:
    """The interpreter for runtime.txt's version, and a note on how it was found."""
    version = runtime_version()
    if version is None:
        return sys.executable, f"no binder/runtime.txt: using the current interpreter {sys.version.split()[0]}"
    want = f"python{version[0]}.{version[1]}"
    pyenv = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    candidates = [
        sys.executable if sys.version_info[:2] == version else None,
        *sorted(glob.glob(f"{pyenv}/versions/{version[0]}.{version[1]}*/bin/{want}"), reverse=True),
        shutil.which(want),
    ]  # a pyenv shim last: it may name a version that is not active
    for exe in candidates:
        if not exe or not os.access(exe, os.X_OK):
            continue
        probe = subprocess.run(
            [exe, "-c", "import sys, venv; print('%d.%d' % sys.version_info[:2])"], capture_output=True, text=True
        )
        if probe.returncode == 0 and probe.stdout.strip() == f"{version[0]}.{version[1]}":
            return exe, f"{want} from binder/runtime.txt: {exe}"
    return sys.executable, (
        f"{want} (binder/runtime.txt) was not found; FELL BACK to the current interpreter {sys.version.split()[0]}"
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _clean_env(venv: Path) -> dict:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("JUPYTER", "IPYTHON", "PYTHON", "VIRTUAL_ENV", "DAYNIGHT"))
    }
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    env["HOME"] = os.environ.get("HOME", "/root")  # pip's cache lives under it
    return env


def _get(url: str, timeout: float = 120, give_up=lambda: False) -> tuple[int, str]:
    """GET with a deadline for the whole answer (a Voila page streams while it renders, so a
    per-read socket timeout never fires on a page that hangs half-way)."""

    def fetch():
        try:
            with urllib.request.urlopen(url, timeout=timeout) as response:
                return response.status, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode("utf-8", "replace")

    pool = concurrent.futures.ThreadPoolExecutor(1)
    future = pool.submit(fetch)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            try:
                return future.result(timeout=1)
            except concurrent.futures.TimeoutError:
                if give_up():
                    return 0, "gave up: the server logged an error"
        return 0, f"no complete answer within {timeout:.0f} s"
    finally:
        pool.shutdown(wait=False)


def _wheelhouse(vpy: str, repo: Path, env: dict) -> tuple[Path, str]:
    """Wheels for binder/requirements.txt (and the build backend), kept between runs.

    A plain ``pip install`` from the index spends minutes asking the index about each of
    ~100 packages even with pip's cache warm. The wheels are keyed by the requirements,
    the build requirements and the Python version, so a change to any of them builds a
    new set from the index; daynight itself (``.``) is always built from the copy.
    """
    build_requires = PYPROJECT["build-system"]["requires"]
    version = subprocess.run([vpy, "-c", "import sys; print(sys.version)"], capture_output=True, text=True).stdout
    key = hashlib.sha256(
        "\n".join([(BINDER / "requirements.txt").read_text(encoding="utf-8"), *build_requires, version]).encode()
    ).hexdigest()[:16]
    cache = Path(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")))
    house = cache / "daynight" / "binder-wheels" / key
    if (house / ".complete").exists():
        return house, "hit"
    house.mkdir(parents=True, exist_ok=True)
    made = subprocess.run(
        [vpy, "-m", "pip", "wheel", "--quiet", "-w", str(house), "-r", "binder/requirements.txt", *build_requires],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert made.returncode == 0, made.stdout[-3000:] + made.stderr[-3000:]
    for own in house.glob("daynight-*.whl"):
        own.unlink()  # the package is installed from the repository copy every time
    (house / ".complete").write_text("wheels for binder/requirements.txt\n")
    return house, "miss: built it from the index"


#: Voila 0.5.13 as a Jupyter server extension (how Binder serves it) inlines markdown images
#: through the contents manager without awaiting it; jupyter_server 2's is async, so a
#: markdown image (``![alt](assets/x.svg)``) crashes the render and the page hangs on
#: "Running ...". Standalone Voila (``make app``) uses a synchronous one and is not affected.
KNOWN_VOILA_BUG = "TypeError: 'coroutine' object is not subscriptable"
VOILA_BUG_NOTE = (
    "a page hangs on Binder: a notebook uses markdown image syntax, which Voila's server "
    'extension cannot render (async contents manager); write <img src="assets/...svg" alt=...> '
    "HTML instead"
)
MARKDOWN_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]+\)")  # any: the crash comes before the path is looked at


def test_no_notebook_uses_markdown_images():
    """The fast check for the bug above: every served notebook, as Binder serves it."""
    offenders = []
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            if cell["cell_type"] == "markdown" and MARKDOWN_IMAGE.search(src):
                offenders.append(f"{path.relative_to(ROOT)}: {MARKDOWN_IMAGE.search(src).group(0)}")
    assert not offenders, VOILA_BUG_NOTE + ": " + "; ".join(offenders)


@pytest.mark.skipif(
    os.environ.get("DAYNIGHT_SKIP_BINDER_BUILD") == "1" and not IN_CI, reason="DAYNIGHT_SKIP_BINDER_BUILD=1"
)
def test_environment_from_binder_alone(tmp_path):
    python, note = binder_python()
    print(f"binder build: {note}")
    if "FELL BACK" in note or "no binder/runtime.txt" in note:
        warnings.warn(UserWarning(f"binder build: {note}"), stacklevel=2)
    # repo2docker copies the repository and installs from its root: copy the tracked files
    repo = tmp_path / "repo"
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for rel in filter(None, tracked.decode().split("\0")):
        src = ROOT / rel
        if src.is_file():
            (repo / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, repo / rel)
    venv = tmp_path / "venv"
    subprocess.run([python, "-m", "venv", str(venv)], check=True)
    env = _clean_env(venv)
    vpy = str(venv / "bin" / "python")
    started = time.monotonic()
    if os.environ.get("DAYNIGHT_BINDER_FRESH") == "1":
        how, extra = "online (DAYNIGHT_BINDER_FRESH=1)", []
    else:
        house, hit = _wheelhouse(vpy, repo, env)
        how, extra = f"from the wheel cache {house} ({hit})", ["--no-index", "--find-links", str(house)]
    # --no-compile: byte-compiling plotly's and jupyterlab's thousands of modules doubles the
    # install time; Python compiles what the kernel and the server import when they import it
    install = subprocess.run(
        [vpy, "-m", "pip", "install", "--quiet", "--no-compile", *extra, "-r", "binder/requirements.txt"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    print(f"binder build: pip install -r binder/requirements.txt {how} took {time.monotonic() - started:.0f} s")
    version = subprocess.run(
        [vpy, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if runtime_version() and "FELL BACK" not in note:
        assert version == "{}.{}".format(*runtime_version())

    # the package, its widgets and the served-app stack import in the new environment
    check = subprocess.run(
        [
            vpy,
            "-c",
            "import daynight, daynight.widgets.common, daynight.widgets.serve, daynight.server.command, "
            "voila, ipywidgets, plotly, anywidget, pandas; print(daynight.__version__)",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stderr[-2000:]

    # the landing page runs top to bottom in a kernel of the new environment
    out = tmp_path / "out"
    run = subprocess.run(
        [
            str(venv / "bin" / "jupyter"),
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            "--ExecutePreprocessor.timeout=120",
            "notebooks/index.ipynb",
            "--output-dir",
            str(out),
        ],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    executed = json.loads((out / "index.ipynb").read_text(encoding="utf-8"))
    outputs = [o for c in executed["cells"] if c["cell_type"] == "code" for o in c["outputs"]]
    assert not [o for o in outputs if o["output_type"] == "error"]
    text = "".join("".join(o.get("text", "")) for o in outputs)
    assert "stars    Day & Night (Piatnik 2021)" in text

    # both badges' targets on a Jupyter server, as Binder serves them (Voila as an extension)
    port = _free_port()
    server = subprocess.Popen(
        [
            str(venv / "bin" / "jupyter"),
            "server",
            "--no-browser",
            f"--port={port}",
            "--ServerApp.ip=127.0.0.1",
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True",
            *(["--allow-root"] if os.geteuid() == 0 else []),
        ],  # Binder runs as jovyan; CI here as root
        cwd=repo,
        env=env,
        stdout=(tmp_path / "server.log").open("w"),
        stderr=subprocess.STDOUT,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while True:
            try:
                if _get(base + "/api/status", timeout=3)[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline and server.poll() is None, (
                "jupyter server did not start:\n" + (tmp_path / "server.log").read_text()[-3000:]
            )
            time.sleep(0.5)
        targets = sorted({_badge_target(url)[1:] for _, url in _badges()})
        for interface, path in targets:
            status, html = _get(
                f"{base}/{interface}/{urllib.parse.quote(path)}",
                timeout=90,
                give_up=lambda: KNOWN_VOILA_BUG in (tmp_path / "server.log").read_text(errors="replace"),
            )
            log = (tmp_path / "server.log").read_text(errors="replace")
            if interface == "voila/render" and KNOWN_VOILA_BUG in log:
                pytest.fail(VOILA_BUG_NOTE)
            assert status == 200, f"{interface}/{path} answered {status}: {html[-300:]}\n{log[-2000:]}"
            if interface == "voila/render":
                assert "voila_finish" in html and "There was an error when executing cell" not in html, (
                    f"{path} did not render on Jupyter server + Voila:\n{log[-2000:]}"
                )
                assert "import daynight" not in html, "voila.json's strip_sources applies on Binder too"
                if path == "notebooks/index.ipynb":
                    assert "Day &amp; Night (Piatnik 2021)" in html or "Day & Night (Piatnik 2021)" in html
                else:  # an app: its widgets were created in the kernel
                    assert "application/vnd.jupyter.widget-view+json" in html, f"{path} shows no widget"
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
