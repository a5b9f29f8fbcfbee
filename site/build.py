"""Build the static site: every notebook under ``notebooks/`` as a page that works in the
visitor's browser, with every file the browser needs served from the site itself.

``make site`` runs this with the site's build environment (``.venv-site``, pinned in
``site/requirements.txt``) after ``npm ci`` in ``site/`` (the Pyodide runtime,
``site/package.json``), and with the project's environment (``.venv``) for the notebooks it
renders ahead. Usage::

    python site/build.py [--out build/site]

The steps:

1. the wheels the browser loads (:func:`resolve`): the project's own (built by its own build
   backend), the kernel's own (from its lab extension), the site's helper
   (``site/browser/helper``), empty stand-ins (:data:`STAND_INS`) and, from PyPI, the rest at
   the version of Pyodide's lock or, for a package not in it, of the build environment (so
   each widget's Python side matches the front end the site serves);
2. every wheel and the standard library compiled to bytecode by the site's own Pyodide under
   Node.js (``site/pycompile.py``), so the browser imports without compiling;
3. Pyodide's lock rewritten for exactly those files (:func:`rewrite_lock`);
4. ``voici build`` with the project's offline Voila template and the site's additions to it
   (:data:`SITE_HEAD`: no service worker, Python started while the front end loads, a spinner
   that does not redraw 60 times a second),
   the lab extensions of :data:`EXTENSIONS` only, and the kernel set never to reach for PyPI;
5. every notebook executed now by the project's environment (``site/prerender.py``), which
   records what each imports; a page to read (the landing page, a chart notebook, a
   notebook the browser cannot run) gets a static page over its Voici page, every other page
   (the apps, the review app, the walkthroughs) runs in the browser;
6. each live page's start set (:func:`page_start`): Pyodide starts through
   ``site/browser/boot.js`` and preloads, in one batch while it starts, the kernel's packages
   and those the page's cells import;
7. the files no page loads left out (:data:`UNUSED`), and a check that no page of the site
   loads anything from another host.

``python -m benchmarks site`` measures what this buys (the steps of a visit, cold and warm).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass, field
from email.parser import Parser
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from packaging.specifiers import SpecifierSet

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
NOTEBOOKS = ROOT / "notebooks"
PYODIDE_NPM = SITE / "node_modules" / "pyodide"
LABEXTENSIONS = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"

sys.path.insert(0, str(SITE))  # site/pycompile.py, run in Pyodide, also names the modules here
from pycompile import module_name  # noqa: E402

KERNEL_PLUGIN = f"{KERNEL_EXTENSION}:kernel"

#: what the kernel installs at start, by these names (jupyterlite-pyodide-kernel 0.7.0,
#: ``worker.ts``: ``initPackageManager`` and ``initKernel``). It installs them one after
#: another unless Pyodide preloads them; the site preloads them, in one batch.
KERNEL_START = ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython")

#: the kernel's own wheels, which its lab extension carries (``static/pypi``)
KERNEL_WHEELS = ("piplite", "pyodide-kernel", "ipykernel")

#: the project's packages in the browser. None comes with the page: the kernel loads what a
#: cell's import lines name (daynight), the helper what is imported later (ipywidgets by the
#: widgets, plotly by a chart function)
BROWSER = ("daynight", "ipywidgets", "anywidget", "plotly")

#: packages of the project's ``notebooks`` extra that the browser does not get, and why
NOT_IN_BROWSER = {
    "jupyterlab": "the server's front end: Voici's bundle carries JupyterLab's front end",
    "voila": "the server: the static site replaces it",
    "pandas": (
        "compiled (with numpy): their Pyodide builds are published only on Pyodide's own CDN, "
        "not on PyPI or npm, so the notebooks that need them are rendered when the site is built"
    ),
}

#: modules the browser lacks on purpose: an ``import`` of one says why (the helper reads this)
MISSING_IN_BROWSER = {"pandas": NOT_IN_BROWSER["pandas"], "numpy": NOT_IN_BROWSER["pandas"]}

#: dependency edges left out of the browser's lock, and why
DROPPED = {
    ("ipywidgets", "widgetsnbextension"): "the classic notebook's front end; the site serves the lab extension",
    ("ipywidgets", "jupyterlab-widgets"): "the lab extension itself (front end only); the site serves it",
    (
        "matplotlib-inline",
        "matplotlib",
    ): "IPython's inline backend imports matplotlib only when a notebook does; none does",
}

#: dependency edges kept out of the packages a page preloads (the dependency stays in the
#: lock, and the helper loads it if it is ever imported), and why
DEFERRED = {
    ("ipython", "prompt-toolkit"): (
        "IPython's terminal front end, which a browser kernel never starts "
        "(daynight_browser.kernel_start puts a lazy stand-in in its place)"
    ),
    ("ipython", "wcwidth"): "prompt-toolkit's, for the terminal",
    ("ipython", "matplotlib-inline"): "IPython's %matplotlib backend, imported only when a cell asks for it",
    ("ipython", "six"): "Python 2 compatibility no module of the start imports",
    ("asttokens", "six"): "Python 2 compatibility no module of the start imports",
}

#: packages the kernel insists on having at start (it loads them itself unless they are in
#: the page's preload list) that the site's start of Python loads only when first imported
LATER = {
    "micropip": (
        "piplite's installer, for a %pip install no page runs (daynight_browser.kernel_start puts "
        "a lazy stand-in in the place of piplite.piplite)"
    ),
}

#: packages the kernel's start-up list names that the site replaces by an empty wheel, and why
STAND_INS = {
    "sqlite3": (
        "a compiled standard-library module published only on Pyodide's CDN; without it "
        "IPython keeps its history in memory"
    ),
    "jedi": ("code completion (1.7 MB with parso); a Voici page has no code editor, and IPython completes without it"),
}

#: the site's own helper, preloaded with Pyodide (its IPython start-up file installs it)
HELPER = "daynight-browser"

#: files the site takes out of a wheel (site/pycompile.py ``LEFT_OUT``) because it serves them
#: once elsewhere (plotly.js: site/prerender.py ``PLOTLY_JS``, for the static pages' charts): ``{path under site-packages: its URL relative to the lock's folder}``; the
#: helper puts them back when the package is first imported (daynight_browser.put_back_site_files)
SITE_FILES = {"plotly/package_data/plotly.min.js": "../plotly/plotly.min.js"}

#: the lab extensions the site serves (from the build environment), and why each
EXTENSIONS = {
    "@jupyter-widgets/jupyterlab-manager": "ipywidgets' front end",
    KERNEL_EXTENSION: "the Pyodide kernel",
    "anywidget": "the table widget's front end (its JavaScript comes from the kernel as _esm)",
    "jupyterlab_pygments": "the colours of highlighted code in the prose",
}
#: left out: jupyterlab-plotly (4.8 MB of JavaScript every page would load at start; the
#: helper draws charts as HTML carrying plotly.js from the plotly wheel, which comes with the
#: first chart) and @voila-dashboards/jupyterlab-preview (a JupyterLab toolbar button)

#: the Pyodide runtime files the kernel fetches (the npm package has more: console, types, maps);
#: the standard library is compiled to bytecode on its way into the site
PYODIDE_RUNTIME = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm")
STDLIB = "python_stdlib.zip"
#: the packages of the modules no page imports at start (site/pycompile.py ``later``): a
#: wheel's rest is ``<name>-rest``, the standard library's is STDLIB_REST
REST = "-rest"
STDLIB_REST = "python-stdlib-rest"

#: the site's start of Python (``site/browser/boot.js``), beside Pyodide: the kernel loads
#: Pyodide's files from the folder of the script it is given
BOOT = "static/pyodide/daynight-boot.js"

#: what Voici's build writes that no page of the site loads, and why it is left out
UNUSED = {
    "build": (
        "JupyterLite's own lab and notebook apps (the pages are Voici's, voici/build); "
        "only the settings schemas and themes are used"
    ),
    "voici/tree": "Voici's file browser: the landing page links every page",
    "service-worker.js": "the site runs without a service worker (SITE_HEAD)",
    "doc": "JupyterLite's documentation stub",
    "files": (
        "JupyterLite's copies of the notebooks, for its file browser and the kernel's drive: each Voici "
        "page carries its notebook, and no page reads a file (no service worker, SITE_HEAD)"
    ),
}
#: kept from a folder of UNUSED: what the pages load from it (JupyterLite's settings read the
#: schemas of every plugin from the two files that hold them all, never one by one)
USED_IN_UNUSED = ("build/schemas/all.json", "build/schemas/all_federated.json", "build/themes")

#: the site's additions to the head of every Voici page: its script (``site/browser/page.js``:
#: no service worker, Python started while the front end loads, the cells shown as they run)
#: and a calmer spinner (turned by the script in two steps a second: no CSS animation drawing 60
#: frames a second while Python starts), which becomes a status line once the first cells show
SITE_HEAD = """
<script>
{page_js}
</script>
<style>
/* Voila's spinner has no CSS animation (a running one has the browser draw 60 frames a second
   while Python starts): page.js turns it in two steps a second, and not at all for those who
   ask for less motion. */
#loading .spinner {{ animation: none; }}
/* while the later cells run, the cells run so far show (page.js): the spinner is a status line */
#loading.dn-running {{
  position: fixed; bottom: 0; right: 0; z-index: 1000; height: auto; flex-direction: row; gap: 0.5em;
  padding: 0.25em 0.75em; background: var(--jp-layout-color1, #fff); border: 1px solid var(--jp-border-color1, #999);
  border-radius: 4px 0 0 0; box-shadow: 0 0 4px rgba(0, 0, 0, 0.2); pointer-events: none;
}}
#loading.dn-running .spinner-container {{ width: 1.25em; }}
#loading.dn-running h2 {{ font-size: var(--jp-ui-font-size1, 13px); margin: 0; }}
</style>
"""

#: the page a visitor of the site's root lands on (a page to read: rendered at build time)
LANDING_NOTEBOOK = "index.ipynb"
LANDING = "voici/render/index.html"


def canonical(name: str) -> str:
    """PEP 503 normalised name (``Prompt_Toolkit`` -> ``prompt-toolkit``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def browser_markers(lock_info: dict) -> dict[str, str]:
    """PEP 508 marker values of Pyodide's Python (for wheels' ``Requires-Dist``)."""
    full = lock_info["python"]
    return {
        "python_version": ".".join(full.split(".")[:2]),
        "python_full_version": full,
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "os_name": "posix",
        "platform_machine": "wasm32",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "implementation_version": full,
        "extra": "",
    }


def wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, Requires-Dist lines, top-level import names) of a wheel."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = Parser().parsestr(
            z.read(next(n for n in names if re.fullmatch(r"[^/]+\.dist-info/METADATA", n))).decode()
        )
        top_level = next((n for n in names if re.fullmatch(r"[^/]+\.dist-info/top_level\.txt", n)), None)
        if top_level:
            imports = [line.strip() for line in z.read(top_level).decode().splitlines() if line.strip()]
        else:
            imports = sorted(
                {
                    n.split("/", 1)[0].removesuffix(".py")
                    for n in names
                    if not n.split("/", 1)[0].endswith((".dist-info", ".data")) and ("/" in n or n.endswith(".py"))
                }
                - {"__pycache__"}
            )
    return meta["Name"], meta["Version"], meta.get_all("Requires-Dist") or [], imports


@dataclass
class Package:
    """One package of the browser's lock."""

    name: str  # canonical
    version: str
    source: str  # "pyodide" (Pyodide's lock), "pypi" (build env's version), "local"
    depends: list[str] = field(default_factory=list)
    imports: list[str] = field(default_factory=list)
    wheel: Path | None = None
    modules: list[str] = field(default_factory=list)  # a rest's: what it holds
    install_dir: str = "site"  # where Pyodide (or the helper) unpacks it: "site" or "stdlib"


def wheel_of(pkg: Package) -> Path:
    """The file of ``pkg`` the site serves (every package has one once fetched)."""
    if pkg.wheel is None:
        raise SystemExit(f"site: no wheel for {pkg.name} {pkg.version}")
    return pkg.wheel


def resolve(pyodide_lock: dict, roots, local: dict[str, Path], fetch, env_version) -> dict[str, Package]:
    """Every package the browser needs, from ``roots`` down through their dependencies.

    ``local`` maps names to wheels made here (the project, the kernel's, the helper, the
    stand-ins); a package in Pyodide's lock keeps the lock's version and dependencies (what
    Pyodide was tested with); any other comes from PyPI at ``env_version(name)`` with the
    dependencies its wheel declares. ``fetch({name: version})`` returns ``{name: wheel}``.
    :data:`DROPPED` edges are left out; a version a dependent does not accept is an error.
    """
    from packaging.requirements import Requirement
    from packaging.version import Version

    lock_packages = {canonical(k): v for k, v in pyodide_lock["packages"].items()}
    local = {canonical(k): v for k, v in local.items()}
    markers = browser_markers(pyodide_lock["info"])
    dropped = {(canonical(a), canonical(b)) for a, b in DROPPED}
    found: dict[str, Package] = {}
    asked: list[tuple[str, str, SpecifierSet]] = []  # (dependent, dependency, specifier)
    todo = [canonical(r) for r in roots]
    while todo:
        batch, todo = sorted(set(todo) - set(found)), []
        remote = [n for n in batch if n not in local and n not in lock_packages]
        fetched = fetch({n: env_version(n) for n in remote}) if remote else {}
        for name in batch:
            if name in local or name in fetched:
                wheel = local.get(name) or fetched[name]
                _, version, reqs, imports = wheel_metadata(wheel)
                pkg = Package(name, version, "local" if name in local else "pypi", [], imports, wheel)
            else:
                info = lock_packages[name]
                if not info["file_name"].endswith("-none-any.whl"):
                    raise SystemExit(
                        f"site: {name} in Pyodide's lock is compiled ({info['file_name']}) and cannot "
                        "come from PyPI: give it a stand-in (STAND_INS) or keep it out of the browser"
                    )
                pkg = Package(name, info["version"], "pyodide", [], list(info.get("imports", [])))
                reqs = info.get("depends", [])
            for req in reqs:
                r = Requirement(req)
                if r.marker is not None and not r.marker.evaluate(markers):
                    continue
                dep = canonical(r.name)
                if (name, dep) not in dropped and dep != name:
                    pkg.depends.append(dep)
                    asked.append((name, dep, r.specifier))
                    todo.append(dep)
            pkg.depends = sorted(set(pkg.depends))
            found[name] = pkg
    for who, dep, spec in asked:
        if spec and not spec.contains(Version(found[dep].version), prereleases=True):
            raise SystemExit(f"site: {who} needs {dep}{spec}, but the browser would get {dep} {found[dep].version}")
    return found


def rewrite_lock(pyodide_lock: dict, packages: dict[str, Package], wheel_paths: dict[str, str]) -> dict:
    """Pyodide's lock for exactly the site's files: each entry names the site's wheel
    (``wheel_paths``: name -> path relative to the lock) and its sha256 (PyPI's wheels are
    not Pyodide's repacked ones); entries the site does not serve are left out, so an import
    of such a package fails plainly instead of fetching a file the site lacks. A
    :data:`DEFERRED` edge is left out of ``depends``: its package is loaded when imported."""
    deferred = {(canonical(a), canonical(b)) for a, b in DEFERRED}
    out = {"info": dict(pyodide_lock["info"]), "packages": {}}
    for name, pkg in sorted(packages.items()):
        out["packages"][name] = {
            "name": name,
            "version": pkg.version,
            "file_name": wheel_paths[name],
            "install_dir": pkg.install_dir,
            "package_type": "package",
            "imports": pkg.imports,
            "depends": [d for d in pkg.depends if (name, d) not in deferred],
            "sha256": hashlib.sha256(wheel_of(pkg).read_bytes()).hexdigest(),
            "unvendored_tests": False,
        }
        if pkg.modules:
            out["packages"][name]["modules"] = pkg.modules  # a rest: the helper's map of what it holds
    return out


def lite_config(preload: list[str], env: dict[str, str]) -> dict:
    """The staged ``jupyter-lite.json``: the Pyodide kernel never reaches for PyPI, preloads
    ``preload`` and gets ``env``; Voici's build adds the rest (``pyodideUrl`` among it)."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Day & Night",
            "litePluginSettings": {
                KERNEL_PLUGIN: {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": preload, "env": env}},
            },
        },
    }


def site_notebooks(root: Path = NOTEBOOKS) -> list[str]:
    """Every notebook under ``root`` (posix paths; hidden folders and checkpoints skipped)."""
    return [
        p.relative_to(root).as_posix()
        for p in sorted(root.rglob("*.ipynb"))
        if not any(part.startswith(".") for part in p.relative_to(root).parts)
    ]


def page_of(path: str) -> str:
    """Where a notebook's page, or a file beside it, is in the site
    (``stars/play.ipynb`` -> ``voici/render/stars/play.html``; ``assets/a.svg`` -> ``voici/render/assets/a.svg``)."""
    return "voici/render/" + (path.removesuffix(".ipynb") + ".html" if path.endswith(".ipynb") else path)


LOADING_TAG = re.compile(r"<(link|script|img|iframe|source|embed|object|audio|video)\b[^>]*>", re.I)
URL_ATTR = re.compile(r"""\b(?:src|href)\s*=\s*["']?((?:https?:)?//[^"'\s>]+)""", re.I)
CSS_IMPORT = re.compile(r"""@import\s+(?:url\()?["']?((?:https?:)?//[^"')\s]+)""", re.I)


def external_references(folder: Path) -> list[str]:
    """What the site's HTML pages and ``jupyter-lite.json`` files would load from another
    host: ``src``/``href`` of loading tags and CSS ``@import``s. (Links a visitor may follow,
    such as the Binder badges, are ``<a href>`` and allowed.)"""
    found = []
    for page in sorted(folder.rglob("*.html")):
        text = page.read_text(encoding="utf-8", errors="replace")
        urls = [m.group(1) for tag in LOADING_TAG.finditer(text) for m in URL_ATTR.finditer(tag.group(0))]
        urls += [m.group(1) for m in CSS_IMPORT.finditer(text)]
        found += [f"{page.relative_to(folder)}: {u}" for u in urls]
    for config in sorted(folder.rglob("jupyter-lite.json")):
        found += [
            f"{config.relative_to(folder)}: {m.group(1)}"
            for m in re.finditer(r'"((?:https?:)?//[^"]+)"', config.read_text(encoding="utf-8"))
        ]
    return found


# -- wheels ---------------------------------------------------------------------------------


def run(cmd: list, log: Path | None = None, **kw) -> None:
    """Run ``cmd``; with ``log``, its output goes there and is shown only if it fails."""
    print("site: $", " ".join(str(c) for c in cmd), flush=True)
    if log is None:
        subprocess.run([str(c) for c in cmd], check=True, **kw)
        return
    with open(log, "w") as f:
        done = subprocess.run([str(c) for c in cmd], stdout=f, stderr=subprocess.STDOUT, **kw)
    if done.returncode:
        print(log.read_text(errors="replace")[-6000:], file=sys.stderr)
        raise SystemExit(f"site: {Path(str(cmd[0])).name} failed (exit {done.returncode}); its output: {log}")


def find_wheel(folder: Path, name: str, version: str) -> Path | None:
    stem = re.sub(r"[-_.]+", "_", name).lower()
    return next(
        (
            w
            for w in sorted(folder.glob("*.whl"))
            if w.name.split("-")[0].lower() == stem and w.name.split("-")[1] == version
        ),
        None,
    )


def pypi_fetcher(cache: Path, python_version: str):
    """``fetch({name: version})``: pure-Python wheels from PyPI, kept in ``cache``."""
    cache.mkdir(parents=True, exist_ok=True)

    def fetch(wanted: dict[str, str]) -> dict[str, Path]:
        missing = sorted(f"{n}=={v}" for n, v in wanted.items() if not find_wheel(cache, n, v))
        if missing:
            run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "-qq",
                    "--no-deps",
                    "--only-binary=:all:",
                    "--implementation",
                    "py",
                    "--abi",
                    "none",
                    "--platform",
                    "any",
                    "--python-version",
                    python_version,
                    "-d",
                    cache,
                    *missing,
                ]
            )
        found = {n: find_wheel(cache, n, v) for n, v in wanted.items()}
        out = {n: w for n, w in found.items() if w is not None}
        if len(out) < len(found):
            raise SystemExit(f"site: no pure-Python wheel on PyPI for {sorted(set(found) - set(out))}")
        return out

    return fetch


def wheel_member(wheel: Path, member: str, work: Path) -> Path:
    """``member`` of ``wheel`` as a file under ``work/members``."""
    target = work / "members" / wheel.name / member
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel) as z:
        target.write_bytes(z.read(member))
    return target


def build_wheel(source: Path, out: Path) -> Path:
    """``pip wheel`` one local project."""
    shutil.rmtree(out, ignore_errors=True)
    run([sys.executable, "-m", "pip", "wheel", "-qq", "--no-deps", "-w", out, source])
    (wheel,) = out.glob("*.whl")
    return wheel


def stand_in_project(name: str, reason: str, folder: Path) -> Path:
    """A project whose wheel is named ``name`` and installs no module (so ``import name``
    fails as it would without the package)."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    (folder / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=77"]\nbuild-backend = "setuptools.build_meta"\n\n'
        f'[project]\nname = "{name}"\nversion = "0.0.0"\n'
        f"description = {json.dumps('Empty stand-in on the daynight static site: ' + reason)}\n\n"
        "[tool.setuptools]\npackages = []\n",
        encoding="utf-8",
    )
    return folder


def env_version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        raise SystemExit(
            f"site: the browser needs {name}, which the build environment lacks (add it to site/requirements.txt)"
        ) from None


def helper_data() -> dict[str, dict[str, str]]:
    """The files the build writes into the helper's package (each named in its
    ``package-data``, site/browser/helper/pyproject.toml, or the wheel goes without it)."""
    return {"missing.json": MISSING_IN_BROWSER, "site_files.json": SITE_FILES}


def local_wheels(work: Path) -> dict[str, Path]:
    """The wheels made here: the project, the helper (with the list of what the site lacks
    on purpose), the stand-ins, and the kernel's own from its lab extension."""
    helper = work / "helper-src"
    shutil.rmtree(helper, ignore_errors=True)
    shutil.copytree(
        SITE / "browser" / "helper", helper, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info")
    )
    for name, value in helper_data().items():
        (helper / "daynight_browser" / name).write_text(json.dumps(value, indent=1), encoding="utf-8")
    wheels = {
        "daynight": build_wheel(ROOT, work / "wheels" / "daynight"),
        HELPER: build_wheel(helper, work / "wheels" / HELPER),
    }
    for name, reason in STAND_INS.items():
        wheels[name] = build_wheel(stand_in_project(name, reason, work / "stand-ins" / name), work / "wheels" / name)
    kernel_pypi = LABEXTENSIONS / KERNEL_EXTENSION / "static" / "pypi"
    index = json.loads((kernel_pypi / "all.json").read_text(encoding="utf-8"))
    for name in KERNEL_WHEELS:
        (version,) = index[name]["releases"]
        wheels[name] = kernel_pypi / index[name]["releases"][version][0]["filename"]
    return wheels


# -- bytecode -------------------------------------------------------------------------------


def node_run(args: list, log: Path) -> None:
    """``node site/pycompile.mjs ARGS`` (the site's Pyodide under Node.js)."""
    run([shutil.which("node") or "node", SITE / "pycompile.mjs", *args], log=log)


def started_modules(lite: Path, pages: dict, work: Path) -> set[str]:
    """Every module loaded when the live pages start: the kernel's start and what each page's
    cells imported (``pages["modules"]``, recorded by ``site/prerender.py``), measured in the
    site's own Pyodide on its staged (not yet compiled) packages."""
    lock = json.loads((lite / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    modules = sorted({m for nb in pages["live"] for m in pages["modules"][nb]})
    packages = sorted({p for nb in pages["live"] for p in page_start(pages["imports"][nb], lock)})
    config = json.loads((lite / "jupyter-lite.json").read_text(encoding="utf-8"))
    env = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]["loadPyodideOptions"]["env"]
    request = work / "started-request.json"
    request.write_text(json.dumps({"packages": packages, "env": env, "modules": modules}), encoding="utf-8")
    node_run(["started", lite / "static" / "pyodide", request, work / "started.json"], work / "started.log")
    return set(json.loads((work / "started.json").read_text(encoding="utf-8")))


#: the layout of a compiled archive's folder in ``work/pyc``: 2 since a rest stays there as
#: ``.rest`` (format 1 renamed it on its way into the site, and a rebuild lost every rest)
CACHE_FORMAT = 2


#: a group of a package's start-up modules that only some pages import (:func:`page_parts`)
#: becomes a part of its own from this many bytes of source; a smaller one stays in the
#: package (a request of its own would cost more than its bytes)
PART_MIN = 8_000
#: the name of a package's part: ``daynight-part1`` (the largest first)
PART = "-part"


#: a translated page: ``sunmoon/rules.zh-TW.ipynb`` is ``sunmoon/rules.ipynb`` in zh-TW
TRANSLATED = re.compile(r"(?P<page>.+)\.(?P<language>[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.ipynb")


def page_group(notebook: str) -> str:
    """The page whose parts ``notebook`` shares: a translated page its original's
    (``sunmoon/rules.zh-TW.ipynb`` -> ``sunmoon/rules.ipynb``), any other page itself."""
    match = TRANSLATED.fullmatch(notebook)
    return f"{match['page']}.ipynb" if match else notebook


def page_groups(page_modules: dict[str, set[str]]) -> dict[str, set[str]]:
    """``page_modules`` with a translated page's modules added to its original's
    (:func:`page_group`): a page and its translations import the same modules (the game's,
    the catalog's reader), so they share their parts rather than splitting them by the few
    modules one of them imports alone."""
    groups: dict[str, set[str]] = {}
    for notebook, modules in sorted(page_modules.items()):
        groups.setdefault(page_group(notebook), set()).update(modules)
    return groups


def page_parts(sizes: dict[str, int], page_modules: dict[str, set[str]]) -> dict[str, list[str]]:
    """The start-up modules of an archive (``sizes``: module -> bytes of source) that not
    every live page imports, grouped by the pages that do (``page_modules``: page -> the
    modules its cells import), each group of at least :data:`PART_MIN` bytes a part:
    ``{"part1": [modules], ...}``, the largest first. A page preloads the parts it needs
    (:func:`page_start`), so the stars play app does not download the other games' modules;
    a module no page's cells import (the kernel's own start) stays in the package."""
    groups: dict[frozenset[str], list[str]] = {}
    for module in sorted(sizes):
        pages = frozenset(page for page, modules in page_modules.items() if module in modules)
        if pages and len(pages) < len(page_modules):
            groups.setdefault(pages, []).append(module)
    big = [(sum(sizes[m] for m in modules), sorted(pages), modules) for pages, modules in groups.items()]
    big = sorted((g for g in big if g[0] >= PART_MIN), key=lambda g: (-g[0], g[1]))
    return {f"{PART.lstrip('-')}{i}": modules for i, (_, _, modules) in enumerate(big, 1)}


def compile_python(
    archives: dict[str, tuple], hot: set[str], work: Path, version: str, page_modules: dict[str, set[str]] | None = None
) -> dict[str, tuple]:
    """Each archive of ``archives`` (``{key: (zip, prefix at run time, keep sources, rest)}``)
    with its ``hot`` modules compiled to bytecode by the site's Pyodide (``site/pycompile.py``)
    and, with ``rest``, its other modules apart and, with ``page_modules`` and ``rest ==
    "modules"``, the hot modules only some pages import in parts (:func:`page_parts`):
    ``{key: (compiled archive, rest or None, {part: archive})}``.
    Compiled archives are kept in ``work/pyc`` under a name made of what they depend on (the
    archive, its hot modules and parts, the compiler, the Pyodide version), so a rebuild
    compiles only what changed."""
    compiler = (SITE / "pycompile.py").read_bytes() + (SITE / "pycompile.mjs").read_bytes()
    cache = work / "pyc"
    cache.mkdir(parents=True, exist_ok=True)
    targets, jobs = {}, []
    for key, (archive, prefix, keep_source, rest) in archives.items():
        with zipfile.ZipFile(archive) as z:
            sizes = {module_name(i.filename): i.file_size for i in z.infolist() if i.filename.endswith(".py")}
        here = sorted(hot & set(sizes))
        parts = page_parts({m: sizes[m] for m in here}, page_modules) if page_modules and rest == "modules" else {}
        spec = json.dumps([CACHE_FORMAT, version, prefix, keep_source, rest, here, parts]).encode()
        target = cache / hashlib.sha256(archive.read_bytes() + compiler + spec).hexdigest()[:16] / archive.name
        targets[key] = (target, sorted(parts))
        if not (target.parent / "done").exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            job = {"src": str(archive), "dst": str(target), "prefix": prefix, "keep_source": keep_source}
            jobs.append({**job, "hot": here, "rest": rest, "parts": parts})
    if jobs:
        (cache / "jobs.json").write_text(json.dumps(jobs, indent=1), encoding="utf-8")
        node_run(["compile", cache / "jobs.json"], work / "pycompile.log")
        for job in jobs:
            (Path(job["dst"]).parent / "done").write_text("")
    return {
        key: (
            t,
            t.with_name(t.name + ".rest") if t.with_name(t.name + ".rest").exists() else None,
            {part: t.with_name(f"{t.name}.{part}") for part in parts},
        )
        for key, (t, parts) in targets.items()
    }


def compiled_wheels(
    packages: dict[str, Package], hot: set[str], work: Path, pyodide_lock: dict, page_modules: dict[str, set[str]]
) -> Path:
    """Point every package at its wheel with the ``hot`` modules compiled, add a package for
    the rest of each (the modules no page imports at start, loaded by the helper when first
    imported) and for each of its parts (the start-up modules only some pages import, which
    those pages preload: :func:`page_parts`), and return the standard library so compiled
    (see :func:`compile_python`).
    The project and the helper keep their sources beside the bytecode (the walkthroughs show
    the rules' code); the others keep only the bytecode of a compiled module, and lose their
    front-end files."""
    py = ".".join(pyodide_lock["info"]["python"].split(".")[:2])
    keep = {canonical("daynight"), canonical(HELPER)}
    site_packages = f"/lib/python{py}/site-packages/"
    archives = {name: (pkg.wheel, site_packages, name in keep, "modules") for name, pkg in packages.items()}
    archives[STDLIB] = (PYODIDE_NPM / STDLIB, f"/lib/python{py.replace('.', '')}.zip/", False, "top-level")
    compiled = compile_python(archives, hot, work, pyodide_lock["info"]["version"], page_modules)
    for name, pkg in list(packages.items()):
        pkg.wheel, rest, parts = compiled[name]
        if rest:
            packages[name + REST] = rest_package(name + REST, pkg.version, rest, "site", [name])
        for part, archive in parts.items():
            packages[f"{name}-{part}"] = rest_package(f"{name}-{part}", pkg.version, archive, "site", [name])
    stdlib, rest, _ = compiled[STDLIB]
    if rest:
        packages[STDLIB_REST] = rest_package(STDLIB_REST, pyodide_lock["info"]["python"], rest, "stdlib", [])
    return stdlib


def rest_package(name: str, version: str, archive: Path, install_dir: str, depends: list[str]) -> Package:
    """The lock's package for the rest or a part of an archive: no import name of its own
    (Pyodide loads it only when a page names it), the modules it holds (the helper loads it
    when one of them is imported), sources or bytecode."""
    with zipfile.ZipFile(archive) as z:
        modules = sorted(
            {
                module_name(n.removesuffix("c"))
                for n in z.namelist()
                if n.endswith(".py") or (n.endswith(".pyc") and "__pycache__/" not in n)
            }
        )
    return Package(name, version, "local", depends, [], archive, modules, install_dir)


# -- pages ----------------------------------------------------------------------------------

CONFIG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S)


def page_config(html: str) -> dict:
    """The JupyterLite configuration a Voici page carries."""
    match = CONFIG.search(html)
    if not match:
        raise ValueError("no jupyter-config-data in the page")
    return json.loads(match.group(2))


def script_json(value) -> str:
    """``value`` as JSON in which no text can end the ``<script>`` it stands in."""
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def with_page_config(html: str, config: dict) -> str:
    """``html`` carrying ``config`` instead."""
    match = CONFIG.search(html)
    if not match:
        raise ValueError("no jupyter-config-data in the page")
    return html[: match.start(2)] + script_json(config) + html[match.end(2) :]


def page_start(imports: list[str], lock: dict, modules: list[str] = ()) -> list[str]:  # type: ignore[assignment]
    """What a page preloads: the kernel's start-up packages, the helper, every package of
    ``lock`` that provides one of ``imports`` (the top-level modules the page's cells import,
    recorded by ``site/prerender.py``) and every part of a package (:func:`page_parts`) that
    holds one of ``modules`` (every module they import). Pyodide adds their dependencies."""
    wanted, needed = set(imports), set(modules)
    own = sorted(name for name, info in lock["packages"].items() if wanted & set(info.get("imports", ())))
    parts = sorted(
        name
        for name, info in lock["packages"].items()
        if re.fullmatch(rf".+{PART}\d+", name) and needed & set(info.get("modules", ()))
    )
    return [*KERNEL_START, HELPER, *(n for n in [*own, *parts] if n not in {*KERNEL_START, HELPER})]


#: where the page's script (``site/browser/page.js``) takes the kernel's settings of its page
START_MARK = "/* daynight-start */ null"


def set_page_starts(out: Path, pages: dict, lock: dict) -> dict[str, list[str]]:
    """Every live page starts Python through :data:`BOOT` and preloads its :func:`page_start`;
    its script gets the same settings, so that it can start Python before the page's
    configuration (near the end of the page) has arrived. A page and its translations
    (:func:`page_group`) preload the same: what any of them imports."""
    starts = {}
    group: dict[str, tuple[set[str], set[str]]] = {}
    for notebook in pages["live"]:
        imports, modules = group.setdefault(page_group(notebook), (set(), set()))
        imports.update(pages["imports"][notebook])
        modules.update(pages.get("modules", {}).get(notebook, []))
    for notebook, path in pages["live"].items():
        page = out / path
        html = page.read_text(encoding="utf-8")
        config = page_config(html)
        settings = config["litePluginSettings"][KERNEL_PLUGIN]
        settings["pyodideUrl"] = os.path.relpath(out / BOOT, page.parent).replace(os.sep, "/")
        imports, modules = group[page_group(notebook)]
        settings["loadPyodideOptions"]["packages"] = starts[notebook] = page_start(
            sorted(imports), lock, sorted(modules)
        )
        settings["loadPyodideOptions"]["daynightLater"] = sorted(LATER)
        # a widget's message from the page carries JavaScript's null as Python's None, as under
        # make app (Pyodide 0.26+ makes it pyodide.ffi.jsnull, which the widgets' checks refuse:
        # the practice page's "nothing kept yet" was dropped and its progress never kept)
        settings["loadPyodideOptions"]["convertNullToNone"] = True
        html = with_page_config(html, config)
        if html.count(START_MARK) != 1:
            raise SystemExit(f"site: {path} does not carry the site's page script once ({START_MARK!r})")
        page.write_text(html.replace(START_MARK, script_json(settings)), encoding="utf-8")
    return starts


def leave_out_unused(out: Path) -> None:
    """Remove :data:`UNUSED` (but :data:`USED_IN_UNUSED`) from the built site."""
    keep = {out / k for k in USED_IN_UNUSED}

    def prune(path: Path) -> None:
        if path in keep or not (path.exists() or path.is_symlink()):
            return
        if path.is_dir() and any(k.is_relative_to(path) for k in keep):
            for child in sorted(path.iterdir()):
                prune(child)
            if not any(path.iterdir()):
                path.rmdir()
        elif path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()

    for name in UNUSED:
        prune(out / name)


STYLE = re.compile(r"<style(?P<attrs>[^>]*)>(?P<css>.*?)</style>", re.S | re.I)
#: a ``<style>`` block every page carries alike goes to a file of its own from this many bytes
SHARED_STYLE_MIN = 1_000
#: where the shared style sheets go (named by their content's hash)
STYLES = "static/styles"


def share_styles(out: Path, pages: list[Path]) -> list[Path]:
    """Every ``<style>`` block of at least :data:`SHARED_STYLE_MIN` bytes that two or more of
    ``pages`` carry alike in their head (JupyterLab's theme, 240 KB in each of the site's
    pages; Voila's own) becomes a file of :data:`STYLES`, and each page links it where the
    block was (the same place in the cascade; a block with a URL other than ``data:`` stays,
    since its relative paths would change meaning). Returns the files written."""
    texts = {page: page.read_text(encoding="utf-8") for page in pages}
    # only the head's blocks: a style in the body may be an SVG's own
    heads = {page: text[: max(0, text.lower().find("</head>"))] for page, text in texts.items()}
    seen: dict[str, int] = {}
    for head in heads.values():
        for block in {m.group(0) for m in STYLE.finditer(head)}:
            seen[block] = seen.get(block, 0) + 1
    shared = {}
    for block, count in seen.items():
        match = STYLE.fullmatch(block)
        if (
            match
            and count > 1
            and len(match["css"]) >= SHARED_STYLE_MIN
            and not re.search(r"url\(\s*['\"]?(?!data:)", match["css"])
        ):
            name = f"{STYLES}/{hashlib.sha256(match['css'].encode()).hexdigest()[:16]}.css"
            shared[block] = (name, re.search(r"\bmedia\s*=\s*(\"[^\"]*\"|'[^']*')", match["attrs"]))
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            (out / name).write_text(match["css"], encoding="utf-8")
    for page, text in texts.items():

        def link(match: re.Match, page: Path = page) -> str:
            if match.group(0) not in shared:
                return match.group(0)
            name, media = shared[match.group(0)]
            href = os.path.relpath(out / name, page.parent).replace(os.sep, "/")
            return f'<link rel="stylesheet" href="{href}"' + (f" media={media.group(1)}" if media else "") + ">"

        head = heads[page]
        page.write_text(STYLE.sub(link, head) + text[len(head) :], encoding="utf-8")
    return sorted({out / name for name, _ in shared.values()})


def site_template(work: Path) -> tuple[str, str]:
    """The project's offline Voila template (``daynight.widgets.serve``) with
    :data:`SITE_HEAD` added: ``(jupyter_path_entry, template_name)``."""
    from daynight.widgets.serve import offline_template

    root, base = offline_template(work / "template", busy_notice=False)
    name = "daynight-site"
    folder = Path(root) / "voila" / "templates" / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "conf.json").write_text(json.dumps({"base_template": base}), encoding="utf-8")
    (folder / "index.html.j2").write_text(
        f"{{%- extends 'voila/templates/{base}/index.html.j2' -%}}\n"
        "{%- block html_head_js -%}\n{{ super() }}{% raw %}"
        + SITE_HEAD.format(page_js=(SITE / "browser" / "page.js").read_text(encoding="utf-8"))
        + "{% endraw %}{%- endblock html_head_js -%}\n",
        encoding="utf-8",
    )
    return root, name


# -- the build ------------------------------------------------------------------------------


def place_python(pyodide_dir: Path, pyodide_lock: dict, packages: dict[str, Package], stdlib: Path) -> dict:
    """The wheels, the standard library and the lock for them under ``pyodide_dir`` (a wheel
    in a folder named by its hash: a browser never pairs a cached old wheel, the project's
    own keeping its version number from commit to commit, with a new lock). Returns the lock."""
    shutil.rmtree(pyodide_dir / "wheels", ignore_errors=True)
    shutil.copy2(stdlib, pyodide_dir / STDLIB)
    wheel_paths = {}
    for name, pkg in packages.items():
        wheel = wheel_of(pkg)
        served = f"{name}-{pkg.version}.zip" if pkg.modules else wheel.name
        rel = f"wheels/{hashlib.sha256(wheel.read_bytes()).hexdigest()[:16]}/{served}"
        (pyodide_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(wheel, pyodide_dir / rel)
        wheel_paths[name] = rel
    lock = rewrite_lock(pyodide_lock, packages, wheel_paths)
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    return lock


def stage(work: Path, pyodide_lock: dict, packages: dict[str, Package]) -> Path:
    """The lite folder ``voici build`` starts from: Pyodide, the wheels (as they come), the
    lock and the boot script under ``static/pyodide``, ``jupyter-lite.json`` and the build's
    configuration."""
    folder = work / "stage"
    shutil.rmtree(folder, ignore_errors=True)
    pyodide_dir = folder / "static" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_RUNTIME:
        shutil.copy2(PYODIDE_NPM / name, pyodide_dir / name)
    shutil.copy2(SITE / "browser" / "boot.js", folder / BOOT)
    place_python(pyodide_dir, pyodide_lock, packages, PYODIDE_NPM / STDLIB)
    py = ".".join(pyodide_lock["info"]["python"].split(".")[:2])
    # IPYTHONDIR: the helper's start-up file
    env = {"HOME": "/home/pyodide", "IPYTHONDIR": f"/lib/python{py}/site-packages/daynight_browser/ipython"}
    config = lite_config([*KERNEL_START, HELPER], env)
    (folder / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    build_config = {
        "LiteBuildConfig": {
            "ignore_sys_prefix": ["federated_extensions"],
            "no_sourcemaps": True,
            "federated_extensions": [str(LABEXTENSIONS / name) for name in EXTENSIONS],
        }
    }
    (folder / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2), encoding="utf-8")
    return folder


def voici_build(out: Path, work: Path, lite: Path, notebooks_root: Path) -> Path:
    """``voici build`` of a copy of every notebook (and the files the pages show) into
    ``out``; returns the copy."""
    contents = work / "contents"
    shutil.rmtree(contents, ignore_errors=True)
    shutil.copytree(notebooks_root, contents, ignore=shutil.ignore_patterns(".*", "__pycache__"))
    template_path, template = site_template(work)
    voici_env = dict(
        os.environ, JUPYTER_PATH=os.pathsep.join(filter(None, (template_path, os.environ.get("JUPYTER_PATH"))))
    )
    shutil.rmtree(out, ignore_errors=True)
    run(
        [
            Path(sys.executable).with_name("voici"),
            "build",
            "--lite-dir",
            lite,
            "--contents",
            contents,
            "--output-dir",
            out,
            f"--VoilaConfiguration.template={template}",
            "--VoilaConfiguration.show_tracebacks=False",
            "--VoilaConfiguration.strip_sources=True",
        ],
        log=work / "voici-build.log",
        cwd=lite,
        env=voici_env,
    )
    # files the pages refer to by relative paths (the landing page's badges) beside the pages
    for path in sorted(contents.rglob("*")):
        if path.is_file() and path.suffix != ".ipynb":
            target = out / page_of(path.relative_to(contents).as_posix())
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    return contents


def build(out: Path, work: Path, project_python: Path, notebooks_root: Path = NOTEBOOKS) -> None:
    if not (PYODIDE_NPM / "pyodide-lock.json").exists():
        raise SystemExit(f"site: no Pyodide runtime at {PYODIDE_NPM}: run `npm ci --prefix site` (make site does)")
    pyodide_lock = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text(encoding="utf-8"))
    py = ".".join(pyodide_lock["info"]["python"].split(".")[:2])

    # 1. the wheels as they come, staged with the lock
    fetch = pypi_fetcher(work / "pypi", py)
    packages = resolve(pyodide_lock, [*KERNEL_START, *BROWSER, HELPER], local_wheels(work), fetch, env_version)
    from_lock = {n: p.version for n, p in packages.items() if p.source == "pyodide"}
    for name, wheel in fetch(from_lock).items():
        packages[name].wheel = wheel
    lite = stage(work, pyodide_lock, packages)

    # 2. voici build
    contents = voici_build(out, work, lite, notebooks_root)
    notebooks = site_notebooks(contents)

    # 3. every notebook executed now (what its cells import recorded); pages to read are static,
    # their charts drawn by the plotly.js of the browser's plotly wheel
    lacks = sorted({*MISSING_IN_BROWSER, *(canonical(n).replace("-", "_") for n in NOT_IN_BROWSER)})
    plotly_js = wheel_member(wheel_of(packages["plotly"]), "plotly/package_data/plotly.min.js", work)
    run(
        [
            project_python,
            SITE / "prerender.py",
            "--notebooks",
            contents,
            "--out",
            out,
            "--landing",
            LANDING_NOTEBOOK,
            "--browser-lacks",
            ",".join(lacks),
            "--plotly-js",
            plotly_js,
            *[f"{nb}={page_of(nb)}" for nb in notebooks],
        ],
        log=work / "prerender.log",
        cwd=ROOT,
    )
    pages = json.loads((out / "pages.json").read_text(encoding="utf-8"))

    # 4-5. what the pages load when they start, compiled to bytecode, in place of the staged wheels
    hot = started_modules(lite, pages, work)
    page_modules = page_groups({nb: set(pages["modules"][nb]) for nb in pages["live"]})
    stdlib = compiled_wheels(packages, hot, work, pyodide_lock, page_modules)
    lock = place_python(out / "static" / "pyodide", pyodide_lock, packages, stdlib)

    # 6. each live page's start; the style sheets every page carries alike in files of their own
    starts = set_page_starts(out, pages, lock)
    share_styles(out, [out / path for kind in ("live", "static") for path in pages[kind].values()])

    # the site's root and Voici's own index lead to the landing page (Voici's point at its
    # file list, by absolute paths that break when the site is served from a sub-folder)
    redirect = (
        '<!DOCTYPE html><meta charset="utf-8"><link rel="icon" href="data:;base64,=">'
        '<meta http-equiv="refresh" content="0; url={0}"><title>Day &amp; Night</title>'
        '<a href="{0}">Day &amp; Night</a>\n'
    )
    (out / "index.html").write_text(redirect.format(LANDING), encoding="utf-8")
    (out / "voici" / "index.html").write_text(redirect.format(LANDING.removeprefix("voici/")), encoding="utf-8")
    (out / ".nojekyll").write_text("")  # GitHub Pages publishing a branch: serve the files as they are

    # 7. what no page loads, and nothing from elsewhere
    leave_out_unused(out)
    bad = external_references(out)
    if bad:
        raise SystemExit("site: pages of the site would load files from other hosts:\n  " + "\n  ".join(bad[:20]))
    for notebook, packages_of_page in sorted(starts.items()):
        print(f"site: {notebook} preloads {', '.join(packages_of_page[len(KERNEL_START) + 1 :]) or 'nothing more'}")
    print(
        f"site: built {out}: {len(pages['live'])} pages run in the browser ({', '.join(pages['live'])}), "
        f"{len(pages['static'])} static; landing page {LANDING}",
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python site/build.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=ROOT / "build" / "site", help="the site folder (default build/site)")
    p.add_argument(
        "--work",
        type=Path,
        default=ROOT / "build" / "site-work",
        help="downloads and staging (default build/site-work; downloads are kept between builds)",
    )
    p.add_argument(
        "--project-python",
        type=Path,
        default=ROOT / ".venv" / "bin" / "python",
        help="the project's environment (make install), which executes the notebooks",
    )
    p.add_argument("--notebooks", type=Path, default=NOTEBOOKS, help="the notebooks (default notebooks/)")
    args = p.parse_args(argv)
    build(args.out.resolve(), args.work.resolve(), args.project_python, args.notebooks.resolve())


if __name__ == "__main__":
    main()
