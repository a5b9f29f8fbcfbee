"""The static site's build, checked without building it and without a browser: the pins, the
decision for every package of the notebooks extra, the dependency resolution and the lock
rewriting, the page list, the check for other hosts, and the two pieces of the site that run in
the browser (the helper that loads a package on first import, the chart renderer), run here
against stand-ins for Pyodide's JavaScript. The whole site in Chromium is tests/site/
(``make site-test``, run by .ci/run)."""

from __future__ import annotations

import base64
import hashlib
import importlib
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tomllib
import types
import urllib.parse
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = sys.modules[name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load("daynight_site_build", SITE / "build.py")
prerender = _load("daynight_site_prerender", SITE / "prerender.py")
HELPER_DIR = SITE / "browser" / "helper"


def requirement_name(requirement: str) -> str:
    """The project name a requirement line starts with."""
    match = re.match(r"[A-Za-z0-9_.-]+", requirement)
    assert match, requirement
    return match.group()


def make_wheel(folder: Path, name: str, version: str, requires=(), files=None) -> Path:
    """A minimal wheel: METADATA with ``Requires-Dist`` lines and ``files`` ({path: text})."""
    dist = re.sub(r"[-_.]+", "_", name)
    path = folder / f"{dist}-{version}-py3-none-any.whl"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires
    )
    with zipfile.ZipFile(path, "w") as z:
        for inner, text in (files or {f"{dist}/__init__.py": ""}).items():
            z.writestr(inner, text)
        z.writestr(f"{dist}-{version}.dist-info/METADATA", meta)
    return path


# -- pins and decisions ----------------------------------------------------------------------


def _requirements() -> list[tuple[str, str, list[str]]]:
    """(name, specifier, comment lines just above) for each line of site/requirements.txt."""
    out, comments = [], []
    for line in (SITE / "requirements.txt").read_text().splitlines():
        if line.startswith("#"):
            comments.append(line)
        elif line.strip():
            name = requirement_name(line.strip())
            spec = line.strip()[len(name) :]
            out.append((build.canonical(name), spec.strip(), comments))
            comments = []
        else:
            comments = []
    return out


def test_every_exact_pin_says_why():
    reqs = _requirements()
    pinned = {name: spec for name, spec, _ in reqs if spec.startswith("==")}
    assert {"voici-core", "jupyterlite-core", "jupyterlite-pyodide-kernel"} <= set(pinned)
    for name, spec, comments in reqs:
        if spec.startswith("=="):
            assert comments, f"site/requirements.txt: {name}{spec} has no reason above it"
    assert pinned["jupyterlite-pyodide-kernel"] == "==0.7.0", "0.7.1 and 0.7.2 fail in Voici 0.10's front end"


def test_the_pyodide_pin_is_the_one_npm_installs():
    package = json.loads((SITE / "package.json").read_text())
    lock = json.loads((SITE / "package-lock.json").read_text())
    version = package["dependencies"]["pyodide"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", version), "an exact version: the kernel expects one Pyodide"
    assert lock["packages"]["node_modules/pyodide"]["version"] == version
    assert lock["packages"][""]["dependencies"] == package["dependencies"]
    assert version == "0.29.0", "jupyterlite-pyodide-kernel 0.7.0's PYODIDE_VERSION"
    assert not any("resolved" in p for p in lock["packages"].values()), "no registry address in the lock"


def test_every_package_of_the_notebooks_extra_has_a_browser_decision():
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["notebooks"]
    names = {build.canonical(requirement_name(r)) for r in extra}
    decided = {build.canonical(n) for n in (*build.BROWSER, *build.NOT_IN_BROWSER)}
    assert names <= decided, f"no decision (BROWSER or NOT_IN_BROWSER in site/build.py) for {names - decided}"
    assert all(build.NOT_IN_BROWSER.values()) and all(build.STAND_INS.values()) and all(build.DROPPED.values())
    assert not set(map(build.canonical, build.BROWSER)) & set(map(build.canonical, build.NOT_IN_BROWSER))


def test_the_site_takes_the_widget_packages_in_the_project_ranges():
    """site/requirements.txt and the notebooks extra agree for the packages both install."""
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["notebooks"]
    project = {build.canonical(requirement_name(r)): r[len(requirement_name(r)) :] for r in extra}
    for name, spec, _ in _requirements():
        if name in project:
            assert spec == project[name], f"{name}: site/requirements.txt {spec!r}, pyproject.toml {project[name]!r}"


# -- resolution and the lock ----------------------------------------------------------------


def _pyodide_lock() -> dict:
    def entry(name, version, depends=(), compiled=False):
        dist = re.sub(r"[-_.]+", "_", name)
        tag = "cp313-cp313-pyodide_2025_0_wasm32" if compiled else "py3-none-any"
        return {
            "name": name,
            "version": version,
            "file_name": f"{dist}-{version}-{tag}.whl",
            "depends": list(depends),
            "imports": [dist],
            "package_type": "package",
            "install_dir": "site",
            "sha256": "0" * 64,
            "unvendored_tests": False,
        }

    return {
        "info": {
            "python": "3.13.2",
            "abi_version": "2025_0",
            "platform": "emscripten_4_0_9",
            "arch": "wasm32",
            "version": "0.29.0",
        },
        "packages": {
            "ipython": entry("ipython", "9.0.2", ["traitlets", "matplotlib-inline"]),
            "traitlets": entry("traitlets", "5.14.3"),
            "matplotlib-inline": entry("matplotlib-inline", "0.1.7", ["traitlets", "matplotlib"]),
            "matplotlib": entry("matplotlib", "3.8.4", ["numpy"], compiled=True),
            "numpy": entry("numpy", "2.2.5", compiled=True),
        },
    }


def _fetcher(tmp_path, wheels: dict):
    fetched = []

    def fetch(wanted):
        fetched.append(dict(wanted))
        return {n: make_wheel(tmp_path, n, v, wheels[n]) for n, v in wanted.items()}

    return fetch, fetched


def test_resolve_takes_lock_versions_build_env_versions_and_drops_the_front_end_edges(tmp_path):
    ipywidgets_requires = [
        "comm>=0.1.3",
        "ipython>=6.1.0",
        "traitlets>=4.3.1",
        "widgetsnbextension~=4.0.14",
        "jupyterlab_widgets~=3.0.15",
        'pytest>=3.6.0; extra == "test"',
        'pywin32; sys_platform == "win32"',
        'backports.zoneinfo; python_version < "3.9"',
    ]
    fetch, fetched = _fetcher(tmp_path, {"ipywidgets": ipywidgets_requires, "comm": []})
    local = {"daynight": make_wheel(tmp_path, "daynight", "0.1.0", ['pandas>=2; extra == "notebooks"'])}
    found = build.resolve(
        _pyodide_lock(),
        ["daynight", "ipywidgets"],
        local,
        fetch,
        env_version={"ipywidgets": "8.1.9", "comm": "0.2.3"}.__getitem__,
    )
    assert sorted(found) == ["comm", "daynight", "ipython", "ipywidgets", "matplotlib-inline", "traitlets"]
    assert found["ipywidgets"].version == "8.1.9" and found["ipywidgets"].source == "pypi"
    assert found["ipywidgets"].depends == ["comm", "ipython", "traitlets"], "front-end packages, extras, markers"
    assert found["traitlets"].version == "5.14.3" and found["traitlets"].source == "pyodide"
    assert found["matplotlib-inline"].depends == ["traitlets"], "the edge to compiled matplotlib is dropped"
    assert found["daynight"].depends == [] and found["daynight"].source == "local"
    assert fetched == [{"ipywidgets": "8.1.9"}, {"comm": "0.2.3"}], "PyPI is asked only for what the lock lacks"


def test_resolve_refuses_a_compiled_package_and_a_version_a_dependent_does_not_accept(tmp_path):
    lock = _pyodide_lock()
    lock["packages"]["traitlets"]["depends"] = ["numpy"]
    fetch, _ = _fetcher(tmp_path, {})
    with pytest.raises(SystemExit, match="numpy in Pyodide's lock is compiled"):
        build.resolve(lock, ["ipython"], {}, fetch, env_version=None)
    fetch, _ = _fetcher(tmp_path, {"ipywidgets": ["traitlets>=6"]})
    with pytest.raises(
        SystemExit, match=r"ipywidgets needs traitlets>=6, but the browser would get traitlets 5\.14\.3"
    ):
        build.resolve(_pyodide_lock(), ["ipywidgets"], {}, fetch, env_version=lambda n: "8.1.9")


def test_rewrite_lock_lists_exactly_the_sites_wheels_with_their_hashes(tmp_path):
    lock = _pyodide_lock()
    found = {
        "traitlets": build.Package(
            "traitlets", "5.14.3", "pyodide", [], ["traitlets"], make_wheel(tmp_path, "traitlets", "5.14.3")
        ),
        "daynight": build.Package(
            "daynight", "0.1.0", "local", [], ["daynight"], make_wheel(tmp_path, "daynight", "0.1.0")
        ),
    }
    paths = {
        "traitlets": "wheels/aa/traitlets-5.14.3-py3-none-any.whl",
        "daynight": "wheels/bb/daynight-0.1.0-py3-none-any.whl",
    }
    out = build.rewrite_lock(lock, found, paths)
    assert out["info"] == lock["info"]
    assert sorted(out["packages"]) == ["daynight", "traitlets"], "entries the site does not serve are gone"
    entry = out["packages"]["traitlets"]
    assert entry["file_name"] == paths["traitlets"] and entry["version"] == "5.14.3"
    assert entry["sha256"] == hashlib.sha256(found["traitlets"].wheel.read_bytes()).hexdigest() != "0" * 64
    assert out["packages"]["daynight"]["imports"] == ["daynight"]


def test_the_kernel_preloads_its_start_up_packages_and_never_asks_pypi():
    config = build.lite_config([*build.KERNEL_START, build.HELPER], {"IPYTHONDIR": "/x"})
    settings = config["jupyter-config-data"]["litePluginSettings"][build.KERNEL_PLUGIN]
    assert settings["disablePyPIFallback"] is True
    assert settings["loadPyodideOptions"]["packages"][-1] == build.HELPER
    assert set(build.STAND_INS) <= set(build.KERNEL_START)


# -- pages ----------------------------------------------------------------------------------


def test_every_notebook_gets_a_page_without_being_listed(tmp_path):
    for rel in ("index.ipynb", "stars/play.ipynb", "review.ipynb", "stars/.ipynb_checkpoints/play-checkpoint.ipynb"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("{}")
    assert build.site_notebooks(tmp_path) == ["index.ipynb", "review.ipynb", "stars/play.ipynb"]
    assert build.page_of("stars/play.ipynb") == "voici/render/stars/play.html"
    assert build.page_of("assets/badge.svg") == "voici/render/assets/badge.svg"
    assert build.page_of("index.ipynb") == build.LANDING
    real = build.site_notebooks()
    assert "index.ipynb" in real and "stars/play.ipynb" in real


def test_external_references_finds_what_a_page_would_load_from_elsewhere(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "page.html").write_text(
        '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/x.css">'
        "<script src='//cdnjs.cloudflare.com/mermaid.js'></script>"
        "<style>@import url(https://fonts.example/f.css);</style>"
        '<a href="https://mybinder.org/v2/gh/x/y/HEAD"><img src="assets/badge.svg"></a>'
        '<script src="../static/local.js"></script>'
    )
    (tmp_path / "jupyter-lite.json").write_text(
        json.dumps({"pyodideUrl": "https://cdn.jsdelivr.net/pyodide/pyodide.js"})
    )
    found = build.external_references(tmp_path)
    assert found == [
        "a/page.html: https://cdn.jsdelivr.net/npm/x.css",
        "a/page.html: //cdnjs.cloudflare.com/mermaid.js",
        "a/page.html: https://fonts.example/f.css",
        "jupyter-lite.json: https://cdn.jsdelivr.net/pyodide/pyodide.js",
    ]


def test_static_pages_link_to_pages_not_notebooks():
    html = (
        '<a href="rules.ipynb">w</a> <a href="../stars/play.ipynb#top">p</a> '
        '<a href="https://example.org/x.ipynb">e</a> <a href="#x.ipynb">a</a>'
    )
    assert prerender.IPYNB_LINK.sub(r"\1.html", html) == (
        '<a href="rules.html">w</a> <a href="../stars/play.html#top">p</a> '
        '<a href="https://example.org/x.ipynb">e</a> <a href="#x.ipynb">a</a>'
    )


def test_a_notebook_with_a_widget_view_stays_live():
    import nbformat

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x")])
    assert not prerender.shows_widgets(nb)
    nb.cells[0].outputs = [nbformat.v4.new_output("display_data", data={prerender.WIDGET_VIEW: {"model_id": "1"}})]
    assert prerender.shows_widgets(nb)


# -- what runs in the browser, run here -----------------------------------------------------


class _JsObject(dict):
    pass


def _fake_js(files: dict[str, bytes], requested: list[str]):
    """The two pieces of Pyodide's ``js`` module the helper uses, serving ``files``."""

    class XMLHttpRequest:
        @classmethod
        def new(cls):
            return cls()

        def open(self, method, url, asynchronous):
            assert method == "GET" and asynchronous is False
            self.url = url

        def send(self):
            requested.append(self.url)
            self.status = 200 if self.url in files else 404
            self.response = types.SimpleNamespace(to_bytes=lambda: files[self.url])

    class Reflect:
        has = staticmethod(lambda obj, key: key in obj)
        set = staticmethod(lambda obj, key, value: obj.__setitem__(key, value))

    return types.SimpleNamespace(XMLHttpRequest=XMLHttpRequest, Reflect=Reflect)


@pytest.fixture
def helper(tmp_path, monkeypatch):
    """The helper with a lock of two packages (dnsite_fake needs dnsite_dep), a fake ``js``
    serving their wheels, and tmp_path/site-packages as site-packages."""
    monkeypatch.syspath_prepend(str(HELPER_DIR))
    target = tmp_path / "site-packages"
    target.mkdir()
    monkeypatch.syspath_prepend(str(target))
    fake = make_wheel(
        tmp_path,
        "dnsite-fake",
        "1.0",
        files={
            "dnsite_fake/__init__.py": "from dnsite_dep import VALUE\n",
            "dnsite_fake-1.0.data/data/share/jupyter/labextensions/x/package.json": "{}",
        },
    )
    dep = make_wheel(tmp_path, "dnsite-dep", "1.0", files={"dnsite_dep/__init__.py": "VALUE = 42\n"})
    rest = tmp_path / "dnsite-fake-rest-1.0.zip"  # what the page did not import at start
    with zipfile.ZipFile(rest, "w") as z:
        z.writestr("dnsite_fake/extra.py", "from . import VALUE\nEXTRA = VALUE + 1\n")
    stdlib_rest = tmp_path / "python-stdlib-rest.zip"
    with zipfile.ZipFile(stdlib_rest, "w") as z:
        z.writestr("dnsite_std_rest.py", "WHERE = __file__\n")
    base = "http://127.0.0.1/static/pyodide/"
    files = {base + "w/" + w.name: w.read_bytes() for w in (fake, dep, rest, stdlib_rest)}
    lock = {
        "packages": {
            "dnsite-fake": {
                "file_name": "w/" + fake.name,
                "imports": ["dnsite_fake"],
                "depends": ["dnsite-dep"],
                "sha256": hashlib.sha256(fake.read_bytes()).hexdigest(),
            },
            "dnsite-dep": {
                "file_name": "w/" + dep.name,
                "imports": ["dnsite_dep"],
                "depends": [],
                "sha256": hashlib.sha256(dep.read_bytes()).hexdigest(),
            },
            "dnsite-fake-rest": {
                "file_name": "w/" + rest.name,
                "imports": [],
                "depends": ["dnsite-fake"],
                "modules": ["dnsite_fake.extra"],
                "sha256": hashlib.sha256(rest.read_bytes()).hexdigest(),
            },
            "python-stdlib-rest": {
                "file_name": "w/" + stdlib_rest.name,
                "imports": [],
                "depends": [],
                "modules": ["dnsite_std_rest"],
                "install_dir": "stdlib",
                "sha256": hashlib.sha256(stdlib_rest.read_bytes()).hexdigest(),
            },
        }
    }
    stdlib = tmp_path / "stdlib"
    stdlib.mkdir()
    monkeypatch.syspath_prepend(str(stdlib))
    requested: list[str] = []
    monkeypatch.setitem(sys.modules, "js", _fake_js(files, requested))
    import daynight_browser

    loaded = _JsObject()
    finder = daynight_browser.LockFinder(lock, base, loaded, {"dnsite_missing": "no browser build here"})
    finder.targets = {"site": target, "stdlib": stdlib}
    monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
    yield types.SimpleNamespace(
        finder=finder, loaded=loaded, requested=requested, target=target, lock=lock, files=files
    )
    for name in (
        "dnsite_fake",
        "dnsite_fake.extra",
        "dnsite_dep",
        "dnsite_std_rest",
        "daynight_browser",
        "daynight_browser.charts",
    ):
        sys.modules.pop(name, None)


def test_the_helper_loads_the_rest_of_a_package_when_one_of_its_modules_is_imported(helper):
    importlib.import_module("dnsite_fake")
    assert "dnsite-fake-rest" not in helper.loaded, "the rest does not come with its package"
    assert importlib.import_module("dnsite_fake.extra").EXTRA == 43
    assert "dnsite-fake-rest" in helper.loaded and helper.requested[-1].endswith("dnsite-fake-rest-1.0.zip")
    module = importlib.import_module("dnsite_std_rest")  # the standard library's rest: beside the standard library
    assert Path(module.WHERE).parent == helper.finder.targets["stdlib"]


def test_the_helper_installs_a_lock_package_and_its_dependencies_on_first_import(helper):
    module = importlib.import_module("dnsite_fake")
    assert module.VALUE == 42
    assert sorted(helper.loaded) == ["dnsite-dep", "dnsite-fake"], "recorded as loaded, as Pyodide records its own"
    assert len(helper.requested) == 2
    assert not list(helper.target.glob("*.data")), "a wheel's .data folder is not unpacked"
    importlib.reload(module)
    assert len(helper.requested) == 2, "nothing is fetched twice"


def test_the_helper_refuses_a_wheel_that_does_not_match_the_lock(helper):
    helper.lock["packages"]["dnsite-dep"]["sha256"] = "f" * 64
    helper.finder.packages = helper.lock["packages"]
    with pytest.raises(ImportError, match="does not match the site's lock file"):
        importlib.import_module("dnsite_fake")
    assert "dnsite-dep" not in helper.loaded


def test_the_helper_says_why_a_package_is_missing(helper):
    with pytest.raises(
        ModuleNotFoundError, match="dnsite_missing is not available on this static site: no browser build"
    ):
        importlib.import_module("dnsite_missing")
    assert importlib.import_module("json"), "other modules are untouched"


def test_the_site_chart_renderer_needs_no_cdn_and_no_lab_extension():
    pytest.importorskip("plotly")
    import plotly.graph_objects as go
    import plotly.io as pio

    sys.path.insert(0, str(HELPER_DIR))
    try:
        from daynight_browser import charts
    finally:
        sys.path.remove(str(HELPER_DIR))
    before = pio.renderers.default
    try:
        fig = go.Figure(go.Bar(x=["a", "b"], y=[1, 2]))
        charts.use(True)  # the browser: plotly.js inline with every figure
        for _ in range(2):
            html = fig._repr_mimebundle_()["text/html"]
            assert "Plotly.newPlot(" in html and len(html) > 1_000_000, "plotly.js travels with the figure"
            assert not re.search(r"<script[^>]+src=", html), "nothing to fetch"
        charts.use("../../static/plotly/plotly.min.js")  # a page rendered at build time
        first, second = (fig._repr_mimebundle_()["text/html"] for _ in range(2))
        assert re.search(r'<script[^>]+src="\.\./\.\./static/plotly/plotly\.min\.js"', first)
        assert not re.search(r"<script[^>]+src=", second) and "Plotly.newPlot(" in second, "plotly.js is loaded once"
        assert not re.search(r"src=[^>]*mathjax", first + second, re.I), "no MathJax from a CDN"
    finally:
        pio.renderers.default = before
        sys.modules.pop("daynight_browser.charts", None)
        sys.modules.pop("daynight_browser", None)


# -- how it is built and published -----------------------------------------------------------


def test_make_site_builds_into_an_ignored_folder_and_ci_runs_the_site_test():
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^site: .*\n\t.*site/build\.py", makefile, re.M)
    assert re.search(r"^LEARNERS \?=", makefile, re.M), "make app LEARNERS=N stays"
    ignored = (ROOT / ".gitignore").read_text().split()
    assert {"build/", ".venv-site/", "node_modules/"} <= set(ignored)
    assert "make site-test" in (ROOT / ".ci" / "run").read_text()
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    assert "make site" in workflow and "build/site" in workflow and "actions/deploy-pages" in workflow


# -- bytecode --------------------------------------------------------------------------------

pycompile = _load("daynight_site_pycompile", SITE / "pycompile.py")


def _import_from(folder: Path, name: str):
    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            sys.modules.pop(module)


def test_a_third_party_wheel_keeps_only_bytecode_and_still_imports(tmp_path):
    wheel = make_wheel(
        tmp_path,
        "dnsite-pyc",
        "1.0",
        files={
            "dnsite_pyc/__init__.py": "from .part import VALUE\n",
            "dnsite_pyc/part.py": "VALUE = 6 * 7\n",
            "dnsite_pyc/broken.py": "def (:\n",
            "dnsite_pyc-1.0.data/data/share/x.py": "not a module of the package\n",
            "dnsite_pyc-1.0.dist-info/RECORD": "dnsite_pyc/part.py,sha256=stale,14\n",
        },
    )
    out = tmp_path / "out" / wheel.name
    out.parent.mkdir()
    assert pycompile.compile_archive(str(wheel), str(out), "/lib/python3.13/site-packages/", False) == 2
    with zipfile.ZipFile(out) as z:
        names = set(z.namelist())
        assert {"dnsite_pyc/__init__.pyc", "dnsite_pyc/part.pyc"} <= names
        assert "dnsite_pyc/part.py" not in names, "no source beside the bytecode"
        assert "dnsite_pyc/broken.py" in names, "a module that does not compile stays as it was"
        assert not [n for n in names if ".data/" in n], "a wheel's .data folder (a front end) stays out"
        record = z.read("dnsite_pyc-1.0.dist-info/RECORD").decode()
        for name in names - {"dnsite_pyc-1.0.dist-info/RECORD"}:
            digest = base64.urlsafe_b64encode(hashlib.sha256(z.read(name)).digest()).rstrip(b"=").decode()
            assert f"{name},sha256={digest}," in record, f"RECORD lists {name} as it is"
        assert "stale" not in record and "part.py," not in record
        z.extractall(tmp_path / "site-packages")
    assert _import_from(tmp_path / "site-packages", "dnsite_pyc").VALUE == 42


def test_the_projects_wheel_keeps_its_sources_and_python_uses_the_bytecode_without_checking(tmp_path):
    wheel = make_wheel(tmp_path, "dnsite-own", "1.0", files={"dnsite_own/__init__.py": "VALUE = 'compiled'\n"})
    out = tmp_path / "out.whl"
    pycompile.compile_archive(str(wheel), str(out), "/lib/python3.13/site-packages/", True)
    target = tmp_path / "site-packages"
    with zipfile.ZipFile(out) as z:
        assert {"dnsite_own/__init__.py", pycompile.cached_name("dnsite_own/__init__.py")} <= set(z.namelist())
        z.extractall(target)
    # the source changes after the build (or its time stamp does, as unpacking does): an
    # unchecked hash-based .pyc is used as it is, so Python compiled nothing in the browser
    (target / "dnsite_own" / "__init__.py").write_text("VALUE = 'source'\n")
    assert _import_from(target, "dnsite_own").VALUE == "compiled"


def test_a_zip_without_record_is_compiled_too(tmp_path):
    stdlib = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as z:
        z.writestr("dnsite_std.py", "NAME = __file__\n")
    out = tmp_path / "compiled.zip"
    assert pycompile.compile_archive(str(stdlib), str(out), "/lib/python313.zip/", False) == 1
    with zipfile.ZipFile(out) as z:
        assert z.namelist() == ["dnsite_std.pyc"]
    sys.path.insert(0, str(out))
    try:
        module = importlib.import_module("dnsite_std")
        assert str(module.__spec__ and module.__spec__.origin).endswith("dnsite_std.pyc"), "zipimport found it"
    finally:
        sys.path.remove(str(out))
        sys.modules.pop("dnsite_std", None)


def test_compile_python_runs_only_for_what_changed(tmp_path, monkeypatch):
    calls = []

    def fake_run(cmd, log=None, **kw):
        jobs = json.loads(Path(cmd[-1]).read_text())
        calls.append([(Path(j["src"]).name, j["hot"]) for j in jobs])
        for job in jobs:
            Path(job["dst"]).write_bytes(b"compiled " + Path(job["src"]).read_bytes())
            if job["rest"]:
                Path(job["dst"] + ".rest").write_bytes(b"rest")

    monkeypatch.setattr(build, "run", fake_run)
    a = make_wheel(tmp_path, "dnsite-a", "1.0", files={"dnsite_a/__init__.py": "", "dnsite_a/x.py": ""})
    b = make_wheel(tmp_path, "dnsite-b", "1.0")
    work = tmp_path / "work"
    archives = {"a": (a, "/p/", False, "modules"), "b": (b, "/p/", True, None)}
    first = build.compile_python(archives, {"dnsite_a", "json"}, work, "0.29.0")
    archives["b"] = (b, "/p/", False, None)
    again = build.compile_python(archives, {"dnsite_a", "os"}, work, "0.29.0")
    hotter = build.compile_python({"a": archives["a"]}, {"dnsite_a", "dnsite_a.x"}, work, "0.29.0")
    assert calls == [
        [(a.name, ["dnsite_a"]), (b.name, [])],  # each archive gets its own hot modules
        [(b.name, [])],  # a is kept; keeping sources is part of b's name
        [(a.name, ["dnsite_a", "dnsite_a.x"])],  # a module of a started: a again
    ]
    assert first["a"] == again["a"] != hotter["a"] and first["b"] != again["b"]
    assert first["a"][0].read_bytes() == b"compiled " + a.read_bytes()
    assert first["a"][1].read_bytes() == b"rest" and first["b"][1] is None


def test_only_the_modules_that_start_are_compiled_and_front_ends_stay_out(tmp_path):
    wheel = make_wheel(
        tmp_path,
        "dnsite-hot",
        "1.0",
        files={
            "dnsite_hot/__init__.py": "",
            "dnsite_hot/used.py": "A = 1\n",
            "dnsite_hot/rare.py": "B = 2\n",
            "dnsite_hot/labextension/static/remoteEntry.js": "js",
            "dnsite_hot-1.0.data/data/share/x.js": "js",
            "dnsite_hot-1.0.dist-info/RECORD": "",
        },
    )
    out = tmp_path / "third-party.whl"
    assert pycompile.compile_archive(str(wheel), str(out), "/p/", False, {"dnsite_hot", "dnsite_hot.used"}) == 2
    with zipfile.ZipFile(out) as z:
        names = set(z.namelist())
    assert {"dnsite_hot/__init__.pyc", "dnsite_hot/used.pyc", "dnsite_hot/rare.py"} <= names
    assert not {n for n in names if "labextension" in n or ".data/" in n}, "the site serves the front end itself"
    own = tmp_path / "own.whl"
    pycompile.compile_archive(str(wheel), str(own), "/p/", True, {"dnsite_hot.used"})
    with zipfile.ZipFile(own) as z:
        names = set(z.namelist())
    assert pycompile.cached_name("dnsite_hot/used.py") in names and "dnsite_hot/rare.py" in names
    assert pycompile.cached_name("dnsite_hot/rare.py") not in names
    assert "dnsite_hot/labextension/static/remoteEntry.js" in names, "the project's own archive loses nothing"
    assert pycompile.module_name("a/b/__init__.py") == "a.b" and pycompile.module_name("a/b/c.py") == "a.b.c"


def test_a_rest_stays_in_the_compile_cache_for_the_next_build(tmp_path):
    """The lock's package for a rest serves the cached ``.rest`` file itself: a rebuild that
    finds the compiled archive in ``work/pyc`` finds its rest beside it (a rest once renamed on
    its way into the site was lost to every later build, and plotly's modules with it)."""
    rest = tmp_path / "pyc" / "plotly-7.1.0-py3-none-any.whl.rest"
    rest.parent.mkdir()
    with zipfile.ZipFile(rest, "w") as z:
        z.writestr("plotly/graph_objects/__init__.py", "")
    for _ in range(2):  # two builds
        pkg = build.rest_package("plotly-rest", "7.1.0", rest, "site", ["plotly"])
        assert pkg.wheel == rest and rest.exists() and pkg.modules == ["plotly.graph_objects"]
    served = tmp_path / "site" / "static" / "pyodide"
    served.mkdir(parents=True)
    (tmp_path / build.STDLIB).write_bytes(b"")
    lock = build.place_python(
        served, {"packages": {}, "info": {"python": "3.13.2"}}, {"plotly-rest": pkg}, tmp_path / build.STDLIB
    )
    assert lock["packages"]["plotly-rest"]["file_name"].endswith("/plotly-rest-7.1.0.zip")


def test_what_no_page_imports_at_start_goes_to_the_archives_rest(tmp_path):
    wheel = make_wheel(
        tmp_path,
        "dnsite-split",
        "1.0",
        files={
            "dnsite_split/__init__.py": "",
            "dnsite_split/used.py": "",
            "dnsite_split/lexers/__init__.py": "",
            "dnsite_split/lexers/python.py": "",
            "dnsite_split/lexers/css.py": "",
            "dnsite_split/data.txt": "x",
            "dnsite_split/ipython/profile_default/startup/00-start.py": "",
            "dnsite_split-1.0.dist-info/RECORD": "",
        },
    )
    hot = {"dnsite_split", "dnsite_split.used", "dnsite_split.lexers", "dnsite_split.lexers.python"}
    out = tmp_path / "split.whl"
    pycompile.compile_archive(str(wheel), str(out), "/p/", False, hot, "modules")
    with zipfile.ZipFile(out) as z:
        main = set(z.namelist())
    with zipfile.ZipFile(str(out) + ".rest") as z:
        assert z.namelist() == ["dnsite_split/lexers/css.py"], "a module no page imports at start, as source"
    assert "dnsite_split/lexers/python.pyc" in main and "dnsite_split/data.txt" in main
    assert "dnsite_split/ipython/profile_default/startup/00-start.py" in main, "a start-up file is no module"
    assert not [n for n in main if "css" in n]
    stdlib = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as z:
        for name in ("json/__init__.py", "json/decoder.py", "json/tool.py", "doctest.py", "os.py"):
            z.writestr(name, "")
    out = tmp_path / "stdlib.zip"
    pycompile.compile_archive(
        str(stdlib), str(out), "/lib/python313.zip/", False, {"json", "json.decoder", "os"}, "top-level"
    )
    with zipfile.ZipFile(str(out) + ".rest") as z:
        assert z.namelist() == ["doctest.py"], "only whole top-level modules: json.tool stays with json"
    with zipfile.ZipFile(out) as z:
        assert sorted(z.namelist()) == ["json/__init__.pyc", "json/decoder.pyc", "json/tool.py", "os.pyc"]


def test_the_modules_only_some_pages_import_are_parts_grouped_by_those_pages():
    big, small = build.PART_MIN, build.PART_MIN - 1
    sizes = {
        "dn.core": big,  # every page
        "dn.stars": big,  # the stars pages
        "dn.stars.draw": big,
        "dn.temples": 2 * big,  # the temples page
        "dn.practice": small,  # two pages, too small for a request of its own
        "dn.kernel_only": big,  # no page's cells import it: the kernel's own start
    }
    page_modules = {
        "stars/play.ipynb": {"dn.core", "dn.stars", "dn.stars.draw", "json"},
        "stars/rules.ipynb": {"dn.core", "dn.stars", "dn.stars.draw", "dn.practice"},
        "temples/rules.ipynb": {"dn.core", "dn.temples", "dn.practice"},
    }
    parts = build.page_parts(sizes, page_modules)
    assert parts == {"part1": ["dn.stars", "dn.stars.draw"], "part2": ["dn.temples"]}, "the largest first"
    assert build.page_parts(sizes, {"only.ipynb": page_modules["stars/play.ipynb"]}) == {}, "one page: no parts"


def test_a_part_takes_its_modules_sources_and_bytecode_out_of_the_package(tmp_path):
    wheel = make_wheel(
        tmp_path,
        "dnsite-parts",
        "1.0",
        files={
            "dnsite_parts/__init__.py": "",
            "dnsite_parts/core.py": "",
            "dnsite_parts/stars/__init__.py": "",
            "dnsite_parts/stars/draw.py": "D = 1\n",
            "dnsite_parts/temples.py": "",
            "dnsite_parts/stars/card.svg": "<svg/>",
            "dnsite_parts-1.0.dist-info/RECORD": "",
        },
    )
    hot = {"dnsite_parts", "dnsite_parts.core", "dnsite_parts.stars", "dnsite_parts.stars.draw", "dnsite_parts.temples"}
    parts = {"part1": ["dnsite_parts.stars", "dnsite_parts.stars.draw"], "part2": ["dnsite_parts.temples"]}
    out = tmp_path / "own.whl"
    pycompile.compile_archive(str(wheel), str(out), "/p/", True, hot, "modules", parts)
    with zipfile.ZipFile(str(out) + ".part1") as z:
        assert sorted(z.namelist()) == sorted(
            [
                "dnsite_parts/stars/__init__.py",
                pycompile.cached_name("dnsite_parts/stars/__init__.py"),
                "dnsite_parts/stars/draw.py",
                pycompile.cached_name("dnsite_parts/stars/draw.py"),
            ]
        )
    with zipfile.ZipFile(str(out) + ".part2") as z:
        assert "dnsite_parts/temples.py" in z.namelist()
    with zipfile.ZipFile(out) as z:
        main = set(z.namelist())
        record = z.read("dnsite_parts-1.0.dist-info/RECORD").decode()
    assert "dnsite_parts/core.py" in main and "dnsite_parts/stars/card.svg" in main, "a data file stays"
    assert not [n for n in main if "draw" in n or "temples" in n], "a part's modules are in the part only"
    assert "draw" not in record, "the package's RECORD lists what it holds"
    pkg = build.rest_package("dnsite-parts-part1", "1.0", Path(str(out) + ".part1"), "site", ["dnsite-parts"])
    assert pkg.modules == ["dnsite_parts.stars", "dnsite_parts.stars.draw"] and pkg.depends == ["dnsite-parts"]
    third = tmp_path / "third.whl"
    pycompile.compile_archive(str(wheel), str(third), "/p/", False, hot, "modules", {"part1": ["dnsite_parts.temples"]})
    pkg = build.rest_package("x-part1", "1.0", Path(str(third) + ".part1"), "site", [])
    assert pkg.modules == ["dnsite_parts.temples"], "a part of bytecode only names its modules too"


def test_compile_python_hands_each_wheel_its_parts_and_finds_them(tmp_path, monkeypatch):
    jobs_seen = []

    def fake_run(cmd, log=None, **kw):
        for job in json.loads(Path(cmd[-1]).read_text()):
            jobs_seen.append(job)
            Path(job["dst"]).write_bytes(b"compiled")
            for part in job["parts"]:
                Path(f"{job['dst']}.{part}").write_bytes(b"part")

    monkeypatch.setattr(build, "run", fake_run)
    files = {"dnsite_c/__init__.py": "", "dnsite_c/stars.py": "x" * build.PART_MIN}
    wheel = make_wheel(tmp_path, "dnsite-c", "1.0", files=files)
    pages = {"stars.ipynb": {"dnsite_c", "dnsite_c.stars"}, "temples.ipynb": {"dnsite_c"}}
    archives = {"c": (wheel, "/p/", True, "modules"), "std": (wheel, "/s/", False, "top-level")}
    out = build.compile_python(archives, {"dnsite_c", "dnsite_c.stars"}, tmp_path / "work", "0.29.0", pages)
    assert [job["parts"] for job in jobs_seen] == [{"part1": ["dnsite_c.stars"]}, {}], "no parts of the stdlib"
    assert out["c"][2]["part1"].read_bytes() == b"part" and out["std"][2] == {}


# -- what each page starts with --------------------------------------------------------------


def test_a_deferred_dependency_stays_in_the_lock_but_out_of_its_dependents_start(tmp_path):
    lock = _pyodide_lock()
    lock["packages"]["ipython"]["depends"].append("prompt-toolkit")
    lock["packages"]["prompt-toolkit"] = dict(lock["packages"]["traitlets"], name="prompt-toolkit")
    found = {
        name: build.Package(
            name, "1.0", "pyodide", sorted(info["depends"]), [name.replace("-", "_")], make_wheel(tmp_path, name, "1.0")
        )
        for name, info in lock["packages"].items()
        if name in ("ipython", "traitlets", "prompt-toolkit", "matplotlib-inline")
    }
    found["matplotlib-inline"].depends = ["traitlets"]
    out = build.rewrite_lock(lock, found, {name: f"w/{name}.whl" for name in found})
    assert ("ipython", "prompt-toolkit") in build.DEFERRED
    assert out["packages"]["ipython"]["depends"] == ["traitlets"], "prompt-toolkit, matplotlib-inline deferred"
    assert out["packages"]["matplotlib-inline"]["depends"] == ["traitlets"], "only the listed edges"
    assert "prompt-toolkit" in out["packages"], "still in the lock: the helper loads it when imported"


def test_a_page_preloads_the_kernels_packages_and_those_its_cells_import():
    lock = {
        "packages": {
            "daynight": {"imports": ["daynight"]},
            "ipywidgets": {"imports": ["ipywidgets"]},
            "typing-extensions": {"imports": ["typing_extensions"]},
            "plotly": {"imports": ["plotly"]},
            "ipython": {"imports": ["IPython"]},
        }
    }
    start = build.page_start(["daynight", "ipywidgets", "typing_extensions", "IPython", "zmq", "json"], lock)
    assert start[: len(build.KERNEL_START)] == list(build.KERNEL_START)
    assert start[len(build.KERNEL_START) :] == [build.HELPER, "daynight", "ipywidgets", "typing-extensions"]
    assert "plotly" not in start, "a package no cell imported comes when it is first imported"
    lock["packages"]["daynight-part1"] = {"imports": [], "modules": ["daynight.stars", "daynight.stars.draw"]}
    lock["packages"]["daynight-part2"] = {"imports": [], "modules": ["daynight.temples"]}
    lock["packages"]["daynight-rest"] = {"imports": [], "modules": ["daynight.stars.bots"]}
    start = build.page_start(["daynight"], lock, ["daynight", "daynight.stars.draw", "daynight.stars.bots"])
    assert start[len(build.KERNEL_START) :] == [build.HELPER, "daynight", "daynight-part1"], "its part, no rest"


def _voici_page(config: dict) -> str:
    return (
        "<html><head><script>\n" + build.START_MARK + "\n</script></head><body>"
        '<script id="jupyter-config-data" type="application/json">'
        + build.script_json(config)
        + '</script><script src="../../build/voici.js"></script></body></html>'
    )


def test_each_live_page_starts_python_through_the_sites_boot_script(tmp_path):
    settings = {
        "pyodideUrl": "../../../static/pyodide/pyodide.js",
        "loadPyodideOptions": {"packages": ["x"], "env": {}},
    }
    config = {
        "litePluginSettings": {build.KERNEL_PLUGIN: settings},
        "notebookSrc": {"cells": [{"source": "print('</script><script>alert(1)</script>')"}]},
    }
    page = tmp_path / "voici" / "render" / "stars" / "play.html"
    page.parent.mkdir(parents=True)
    page.write_text(_voici_page(config), encoding="utf-8")
    pages = {
        "live": {"stars/play.ipynb": "voici/render/stars/play.html"},
        "imports": {"stars/play.ipynb": ["daynight"]},
    }
    lock = {"packages": {"daynight": {"imports": ["daynight"]}}}
    starts = build.set_page_starts(tmp_path, pages, lock)
    html = page.read_text(encoding="utf-8")
    written = build.page_config(html)["litePluginSettings"][build.KERNEL_PLUGIN]
    assert written["pyodideUrl"] == "../../../" + build.BOOT
    assert (
        written["loadPyodideOptions"]["packages"]
        == starts["stars/play.ipynb"]
        == [*build.KERNEL_START, build.HELPER, "daynight"]
    )
    assert written["loadPyodideOptions"]["convertNullToNone"] is True, "a widget message's null arrives as None"
    assert build.START_MARK not in html and build.script_json(written) in html, "the page's script has them too"
    assert html.count("</script>") == 3, "no text of the configuration ends its script"
    assert build.page_config(html)["notebookSrc"] == config["notebookSrc"]
    page.write_text("<html></html>")
    with pytest.raises(ValueError, match="no jupyter-config-data"):
        build.set_page_starts(tmp_path, pages, lock)


def test_what_no_page_loads_is_left_out(tmp_path):
    for rel in (
        "build/schemas/all.json",
        "build/schemas/all_federated.json",
        "build/schemas/@jupyterlab/x/plugin.json",
        "build/themes/t.css",
        "build/jlab_core.js",
        "voici/tree/index.html",
        "service-worker.js",
        "voici/render/x.html",
        "doc/index.html",
        "files/stars/play.ipynb",
    ):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x")
    build.leave_out_unused(tmp_path)
    left = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert left == [
        "build/schemas/all.json",
        "build/schemas/all_federated.json",
        "build/themes/t.css",
        "voici/render/x.html",
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build", "voici"], "no empty folder left"
    assert all(build.UNUSED.values())


def test_the_site_template_adds_the_page_script_to_every_voici_page(tmp_path):
    root, name = build.site_template(tmp_path)
    text = (Path(root) / "voila" / "templates" / name / "index.html.j2").read_text()
    assert text.startswith("{%- extends 'voila/templates/daynight-lab/index.html.j2' -%}")
    assert build.START_MARK in text and "{{ super() }}" in text and "{% raw %}" in text
    assert "serviceWorker" in text and "daynight-boot.js" in text


# -- the page's script and the boot script, run in Node.js -------------------------------------


def test_the_pages_live_unless_they_are_pages_to_read():
    import nbformat

    def nb(*outputs):
        cell = nbformat.v4.new_code_cell("x")
        cell.outputs = [nbformat.v4.new_output("display_data", data=d) for d in outputs]
        return nbformat.v4.new_notebook(cells=[cell])

    widget = {prerender.WIDGET_VIEW: {"model_id": "1"}}
    chart = {"text/html": "<div></div><script>Plotly.newPlot('x', [])</script>"}
    svg = {"text/html": "<svg role='group'></svg>"}
    lacks = {"pandas", "numpy"}
    assert prerender.static_reason("stars/play.ipynb", nb(widget), ["daynight"], "index.ipynb", lacks) is None
    assert prerender.static_reason("stars/rules.ipynb", nb(svg), ["daynight"], "index.ipynb", lacks) is None
    assert prerender.static_reason("stars/practice.ipynb", nb(svg, widget), ["daynight"], "index.ipynb", lacks) is None
    assert "landing" in prerender.static_reason("index.ipynb", nb(svg), ["daynight"], "index.ipynb", lacks)
    assert "pandas" in prerender.static_reason("stars/charts.ipynb", nb(chart), ["pandas"], "index.ipynb", lacks)
    assert "charts" in prerender.static_reason("sunmoon/charts.ipynb", nb(chart), ["plotly"], "index.ipynb", lacks)


def test_a_lazy_stand_in_imports_the_real_module_on_first_use(tmp_path, monkeypatch):
    (tmp_path / "dnsite_lazy").mkdir()
    (tmp_path / "dnsite_lazy" / "__init__.py").write_text("from .heavy import embed\n")
    (tmp_path / "dnsite_lazy" / "heavy.py").write_text(
        "import sys\nsys.dnsite_heavy_loads += 1\nSETTING = 'default'\n"
        "def embed(x):\n    return ('real', x, SETTING)\nOTHER = 7\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(HELPER_DIR))
    monkeypatch.setattr(sys, "dnsite_heavy_loads", 0, raising=False)
    from daynight_browser.lazy import lazy_module

    try:
        stand_in = lazy_module("dnsite_lazy.heavy", ("embed",), with_parent=True)
        package = sys.modules["dnsite_lazy"]  # imported now: it runs `from .heavy import embed`
        assert package.heavy is stand_in, "import dnsite_lazy.heavy; dnsite_lazy.heavy.SETTING = ... works"
        assert vars(sys)["dnsite_heavy_loads"] == 0, "importing the package did not import the heavy module"
        assert not hasattr(stand_in, "__path__") and sys.modules["dnsite_lazy.heavy"] is stand_in
        package.heavy.SETTING = "set before the real module was loaded"
        assert vars(sys)["dnsite_heavy_loads"] == 0 and stand_in.SETTING == "set before the real module was loaded"
        assert package.embed(3) == ("real", 3, "set before the real module was loaded"), "the setting reached it"
        assert vars(sys)["dnsite_heavy_loads"] == 1 and sys.modules["dnsite_lazy.heavy"] is not stand_in
        assert stand_in.OTHER == 7 and vars(sys)["dnsite_heavy_loads"] == 1, "imported once"
        stand_in.SETTING = "later"
        assert sys.modules["dnsite_lazy.heavy"].SETTING == "later"
    finally:
        for name in ("dnsite_lazy", "dnsite_lazy.heavy", "daynight_browser", "daynight_browser.lazy"):
            sys.modules.pop(name, None)


def test_started_modules_imports_what_the_pages_import_and_skips_what_the_browser_lacks(monkeypatch):
    monkeypatch.setitem(sys.modules, "daynight_browser.kernel_start", types.ModuleType("daynight_browser.kernel_start"))
    monkeypatch.delitem(sys.modules, "colorsys", raising=False)
    started = _load("daynight_site_started", SITE / "started.py").started_modules(["colorsys", "dnsite_no_such_module"])
    assert "colorsys" in started and "dnsite_no_such_module" not in started
    assert started == sorted(started) and "daynight_browser.kernel_start" in started


def test_the_site_benchmark_folds_a_walkthroughs_cells_into_one_step_naming_the_slowest():
    from benchmarks.bench_site import APP_CELLS, fold_cells

    app = [(1.0, "runtime-ready"), (2.0, "cell 1"), (2.5, "cell 2"), (2.6, "first control")]
    assert fold_cells(app) == app, "an app's few cells stay steps of their own"
    cells = [(2.0 + n + (3.0 if n == 3 else 0.0), f"cell {n + 1}") for n in range(APP_CELLS + 2)]
    marks = [(1.0, "runtime-ready"), cells[0], (2.1, "unused x"), *cells[1:], (20.0, "every cell shown")]
    folded = fold_cells(marks)
    assert [step for _, step in folded][:3] == ["runtime-ready", "cell 1", "unused x"]
    assert folded[-1] == (20.0, "every cell shown") and folded[-2][0] == cells[-1][0]
    assert folded[-2][1].startswith(
        f"cells 2-{len(cells)} ({cells[-1][0] - cells[0][0]:.1f} s; the slowest: cell 4 4.0 s"
    )


# -- what the site leaves out or shares -------------------------------------------------------


def test_a_wheel_loses_the_files_the_site_serves_elsewhere_and_the_helper_puts_them_back(helper, tmp_path):
    """plotly's copy of plotly.js (and its FigureWidget front end) stay out of its wheel
    (site/pycompile.py LEFT_OUT); the helper fetches plotly.js from the site's own copy into the
    installed package when plotly is first imported, once, and not into a package not installed."""
    assert set(build.SITE_FILES) <= set(pycompile.LEFT_OUT)
    wheel = make_wheel(
        tmp_path,
        "plotly",
        "7.0",
        files={
            "plotly/__init__.py": "",
            "plotly/package_data/plotly.min.js": "js",
            "plotly/package_data/widgetbundle.js": "js",
            "plotly/package_data/templates/plotly.json": "{}",
        },
    )
    out = tmp_path / "plotly.whl"
    pycompile.compile_archive(str(wheel), str(out), "/p/", False, {"plotly"})
    with zipfile.ZipFile(out) as z:
        names = set(z.namelist())
    assert "plotly/package_data/templates/plotly.json" in names and "plotly/__init__.pyc" in names
    assert not names & set(pycompile.LEFT_OUT), "served once by the site, not in the wheel"
    own = tmp_path / "own.whl"
    pycompile.compile_archive(str(wheel), str(own), "/p/", True, {"plotly"})
    with zipfile.ZipFile(own) as z:
        assert set(pycompile.LEFT_OUT) <= set(z.namelist()), "the project's own archive loses nothing"

    # the lock's folder is static/pyodide/: each file's URL is the site's copy (site/prerender.py)
    base = "http://127.0.0.1/static/pyodide/"
    for url in build.SITE_FILES.values():
        assert urllib.parse.urljoin(base, url) == "http://127.0.0.1/" + prerender.PLOTLY_JS
    files_file = tmp_path / "site_files.json"
    files_file.write_text(json.dumps(build.SITE_FILES))
    helper.files[urllib.parse.urljoin(base, "../plotly/plotly.min.js")] = b"plotly.js itself"
    import daynight_browser

    assert daynight_browser.put_back_site_files(files_file, base, helper.target) == [], "plotly is not installed"
    (helper.target / "plotly" / "package_data").mkdir(parents=True)
    written = daynight_browser.put_back_site_files(files_file, base, helper.target)
    assert written == [helper.target / "plotly/package_data/plotly.min.js"]
    assert written[0].read_bytes() == b"plotly.js itself"
    asked = len(helper.requested)
    assert daynight_browser.put_back_site_files(files_file, base, helper.target) == [], "not twice"
    assert len(helper.requested) == asked


def test_the_style_sheets_every_page_carries_alike_are_one_file_each(tmp_path):
    theme = "body { color: black; }" * 100
    other = ".x { background: url(data:image/png;base64,AAAA); }" * 40
    below = ".only-here { color: red; }" * 60
    relative = ".y { background: url(../img/a.png); }" * 40
    svg = "<svg><style>" + theme + "</style></svg>"

    def page(extra: str = "") -> str:
        return (
            f"<html><head><style type='text/css'>{theme}</style>\n<style media=\"print\">{other}</style>"
            f"<style>{relative}</style>{extra}</head><body>{svg}</body></html>"
        )

    pages = {
        "voici/render/a.html": page(f"<style>{below}</style>"),
        "voici/render/game/b.html": page(),
        "voici/render/game/c.html": page(),
    }
    for rel, text in pages.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    written = build.share_styles(tmp_path, [tmp_path / rel for rel in pages])
    assert sorted(p.read_text() for p in written) == sorted([theme, other]), "one file each, as they were"
    a, b = ((tmp_path / rel).read_text() for rel in ("voici/render/a.html", "voici/render/game/b.html"))
    theme_file = next(p for p in written if p.read_text() == theme).relative_to(tmp_path).as_posix()
    assert f'<link rel="stylesheet" href="../../{theme_file}">' in a
    assert f'<link rel="stylesheet" href="../../../{theme_file}">' in b, "relative to each page's folder"
    assert 'media="print">' in b and b.index(theme_file) < b.index('media="print"'), "in the same place"
    assert f"<style>{below}</style>" in a, "a page's own style stays"
    assert f"<style>{relative}</style>" in b, "a relative URL would change meaning in another folder"
    assert b.endswith(f"<body>{svg}</body></html>"), "a style in the body (an SVG's) stays"


def test_a_translated_page_shares_its_originals_parts():
    assert build.page_group("sunmoon/rules.zh-TW.ipynb") == "sunmoon/rules.ipynb"
    assert build.page_group("sunmoon/play.ipynb") == "sunmoon/play.ipynb"
    assert build.page_group("stars/charts.ipynb") == "stars/charts.ipynb"
    big = build.PART_MIN
    sizes = {"dn.sunmoon": 2 * big, "dn.sunmoon.rules_only": big, "dn.i18n_zh": big, "dn.stars": big}
    page_modules = {
        "sunmoon/rules.ipynb": {"dn.sunmoon", "dn.sunmoon.rules_only"},
        "sunmoon/rules.zh-TW.ipynb": {"dn.sunmoon", "dn.sunmoon.rules_only", "dn.i18n_zh"},
        "stars/play.ipynb": {"dn.stars"},
    }
    groups = build.page_groups(page_modules)
    assert set(groups) == {"sunmoon/rules.ipynb", "stars/play.ipynb"}
    parts = build.page_parts(sizes, groups)
    # by page, the zh-TW page's own module would have split the sunmoon modules into two parts
    assert len(build.page_parts(sizes, page_modules)) == 3
    assert sorted(parts.values()) == [["dn.i18n_zh", "dn.sunmoon", "dn.sunmoon.rules_only"], ["dn.stars"]]


def test_the_site_benchmark_says_how_to_run_it_on_a_built_site(capsys):
    from benchmarks import bench_site

    with pytest.raises(SystemExit):
        bench_site.main(["--help"])
    text = capsys.readouterr().out
    assert "DAYNIGHT_SITE=" in text and "--site" in text and "python -m benchmarks site" in text
    assert re.fullmatch(
        r"site\.load at the start: load average [\d.]+ [\d.]+ [\d.]+ on \d+ cores", bench_site.load_line("start")
    )


def test_a_third_party_packages_tests_stay_out_unless_a_page_imports_them(tmp_path):
    wheel = make_wheel(
        tmp_path,
        "dnsite-t",
        "1.0",
        files={
            "dnsite_t/__init__.py": "",
            "dnsite_t/tests/__init__.py": "",
            "dnsite_t/tests/test_x.py": "X = 1\n",
            "dnsite_t/tests/data.json": "{}",
            "dnsite_t/sub/tests/test_y.py": "Y = 1\n",
            "dnsite_t/contests.py": "C = 1\n",
        },
    )
    out = tmp_path / "third-party.whl"
    pycompile.compile_archive(str(wheel), str(out), "/p/", False, {"dnsite_t"}, "modules")
    with zipfile.ZipFile(out) as z, zipfile.ZipFile(str(out) + ".rest") as rest:
        names, later = set(z.namelist()), set(rest.namelist())
    assert not [n for n in names | later if "/tests/" in n], "neither with the package nor in its rest"
    assert "dnsite_t/contests.py" in later and "dnsite_t/__init__.pyc" in names
    started = tmp_path / "started.whl"  # a page that imports a test module keeps that package's tests
    pycompile.compile_archive(str(wheel), str(started), "/p/", False, {"dnsite_t", "dnsite_t.tests.test_x"}, "modules")
    with zipfile.ZipFile(started) as z, zipfile.ZipFile(str(started) + ".rest") as rest:
        names, later = set(z.namelist()), set(rest.namelist())
    assert "dnsite_t/tests/test_x.pyc" in names and "dnsite_t/tests/data.json" in names
    assert "dnsite_t/sub/tests/test_y.py" not in names | later
    own = tmp_path / "own.whl"
    pycompile.compile_archive(str(wheel), str(own), "/p/", True, {"dnsite_t"}, "modules")
    with zipfile.ZipFile(str(own) + ".rest") as rest:
        assert "dnsite_t/tests/test_x.py" in rest.namelist(), "the project's own archive loses nothing"


def test_a_translated_page_preloads_what_its_original_does(tmp_path):
    settings = {"pyodideUrl": "x", "loadPyodideOptions": {"packages": [], "env": {}}}
    config = {"litePluginSettings": {build.KERNEL_PLUGIN: settings}, "notebookSrc": {"cells": []}}
    live = {
        "sunmoon/rules.ipynb": "voici/render/sunmoon/rules.html",
        "sunmoon/rules.zh-TW.ipynb": "voici/render/sunmoon/rules.zh-TW.html",
        "stars/play.ipynb": "voici/render/stars/play.html",
    }
    for path in live.values():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(_voici_page(config), encoding="utf-8")
    pages = {
        "live": live,
        "imports": {
            "sunmoon/rules.ipynb": ["daynight"],
            "sunmoon/rules.zh-TW.ipynb": ["daynight"],
            "stars/play.ipynb": [],
        },
        "modules": {
            "sunmoon/rules.ipynb": ["dn.sunmoon"],
            "sunmoon/rules.zh-TW.ipynb": ["dn.sunmoon", "dn.zh_only"],
            "stars/play.ipynb": ["dn.stars"],
        },
    }
    lock = {
        "packages": {
            "daynight": {"imports": ["daynight"]},
            "daynight-part1": {"imports": [], "modules": ["dn.sunmoon"]},
            "daynight-part2": {"imports": [], "modules": ["dn.zh_only"]},
            "daynight-part3": {"imports": [], "modules": ["dn.stars"]},
        }
    }
    starts = build.set_page_starts(tmp_path, pages, lock)
    assert starts["sunmoon/rules.zh-TW.ipynb"] == starts["sunmoon/rules.ipynb"]
    assert starts["sunmoon/rules.ipynb"][-3:] == ["daynight", "daynight-part1", "daynight-part2"]
    assert starts["stars/play.ipynb"][-1] == "daynight-part3" and "daynight-part1" not in starts["stars/play.ipynb"]


PROGRESSIVE_JS = """
const calls = [];
const loading = { classes: new Set(), attrs: {}, style: { display: "flex" },
  classList: { add: (c) => loading.classes.add(c) }, setAttribute: (k, v) => { loading.attrs[k] = v; } };
let outputs = false;
const cells = { style: { display: "none" }, querySelector: (s) => (s === ".jp-Cell-outputArea" && outputs ? {} : null) };
globalThis.self = globalThis.window = globalThis;
globalThis.navigator = {};
globalThis.document = { readyState: "complete", getElementById: (id) => ({ loading, rendered_cells: cells })[id] || null };
window.update_loading_text = (i, n, t) => calls.push([i, n, t]);
require(process.argv[2]);
const seen = [];
const step = (i) => { window.update_loading_text(i, 9, null); seen.push(cells.style.display); };
step(1);                          // the theme is not in place yet
window.themeLoaded = true; step(2);  // no cell has an output yet
outputs = true; step(3);          // the first output is in place: the cells show
console.log(JSON.stringify({ calls, seen, classes: [...loading.classes], attrs: loading.attrs }));
"""


def test_the_page_shows_the_cells_run_so_far_while_the_rest_run(tmp_path):
    """site/browser/page.js: once the theme is in place and a cell has an output, Voila's
    hidden cells show and its spinner becomes a status line, while Voila's own counting goes on."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (make site needs it)")
    script = tmp_path / "progressive.js"
    script.write_text(PROGRESSIVE_JS, encoding="utf-8")
    page_js = tmp_path / "page.js"
    page_js.write_text((SITE / "browser" / "page.js").read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run([node, script, page_js], capture_output=True, text=True, timeout=60, check=True)
    result = json.loads(done.stdout)
    assert result["calls"] == [[1, 9, None], [2, 9, None], [3, 9, None]], "Voila's own counting goes on"
    assert result["seen"] == ["none", "none", ""], "shown once the theme is in place and a cell has an output"
    assert result["classes"] == ["dn-running"] and result["attrs"] == {"role": "status"}
    assert "#loading.dn-running" in build.SITE_HEAD, "the status line's style comes with every page"


def test_the_files_the_build_writes_into_the_helper_go_into_its_wheel():
    project = tomllib.loads((HELPER_DIR / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = project["tool"]["setuptools"]["package-data"]["daynight_browser"]
    assert set(build.helper_data()) <= set(shipped), "setuptools leaves out a data file package-data does not name"
