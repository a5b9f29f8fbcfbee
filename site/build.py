"""Build the static site: every notebook under ``notebooks/`` as a Voici page that runs in the
visitor's browser under Pyodide, with every file the browser needs served from the site.

``make site`` runs this with the site's build environment (``.venv-site``, pinned in
``site/requirements.txt``) after ``npm ci`` in ``site/`` (``site/package.json``: the Pyodide
runtime). Usage::

    python site/build.py [--out build/site]

The steps, each a function below:

1. the wheels the browser loads: the project's own, two small helpers (``site/browser/``)
   and, from PyPI, the packages of Pyodide's lock that the kernel needs plus the project's
   browser packages (:data:`BROWSER`), at the versions of Pyodide's lock or, for packages
   not in it, of the build environment (so each widget's Python side matches the front end
   the site serves);
2. Pyodide's lock rewritten for exactly those files (:func:`rewrite_lock`);
3. ``voici build`` with the project's offline Voila template (no CDN links), the kernel set
   to never reach for PyPI, and ``IPYTHONDIR`` pointed at the helper that loads a package
   the first time it is imported (so plotly comes only with the first chart);
4. the chart notebooks rendered at build time (:data:`PRERENDERED`), and a check that no
   page of the site names another host.
"""

from __future__ import annotations

import argparse
import fnmatch
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

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
NOTEBOOKS = ROOT / "notebooks"
PYODIDE_NPM = SITE / "node_modules" / "pyodide"

#: what the kernel loads at start (jupyterlite-pyodide-kernel 0.7.0, ``worker.ts``,
#: ``initPackageManager`` and ``initKernel``), besides its own wheels (ipykernel,
#: pyodide_kernel, piplite), which its lab extension carries
KERNEL_START = ("micropip", "sqlite3", "comm", "jedi", "ipython")

#: the project's packages in the browser. None is loaded with the page: the kernel loads
#: what a cell's import lines name, and the helper (``site/browser/helper``) what is imported
#: later (ipywidgets by the widgets, plotly by a chart function)
BROWSER = ("daynight", "ipywidgets", "anywidget", "plotly")

#: packages of the project's ``notebooks`` extra that the browser does not get, and why
NOT_IN_BROWSER = {
    "jupyterlab": "the server's front end: Voici's bundle carries JupyterLab's front end",
    "voila": "the server: the static site replaces it",
    "pandas": ("compiled (with numpy): their Pyodide builds are published only on Pyodide's own CDN, "
               "not on PyPI or npm, so the notebooks that need them are rendered when the site is built"),
}

#: modules the browser lacks on purpose: ``import`` says why (the helper reads this)
MISSING_IN_BROWSER = {
    "pandas": NOT_IN_BROWSER["pandas"],
    "numpy": NOT_IN_BROWSER["pandas"],
}

#: dependency edges left out of the browser's lock, and why
DROPPED = {
    ("ipywidgets", "widgetsnbextension"): "the classic notebook's front end; the site serves the lab extension",
    ("ipywidgets", "jupyterlab-widgets"): "the lab extension itself (front end only); the site serves it",
    ("matplotlib-inline", "matplotlib"): "IPython's inline backend imports matplotlib only when a notebook does; none does",
}

#: packages replaced by a wheel built from ``site/browser/<name>``, and why
STAND_INS = {
    "sqlite3": ("a compiled standard-library module published only on Pyodide's CDN; the kernel's start-up list "
                "names it, and IPython, finding no sqlite3 module, keeps its history in memory"),
}

#: the site's own helper, preloaded with Pyodide (its IPython start-up file installs it)
HELPER = "daynight-browser"

#: notebooks rendered at build time (executed by the project's environment, shown as static
#: pages with their interactive plotly charts) instead of running in the browser: the chart
#: notebooks build pandas tables (see NOT_IN_BROWSER) and replay seeded tournaments whose
#: pictures are the same on every run
PRERENDERED = ("*/charts.ipynb",)

#: the Pyodide runtime files the kernel fetches (the npm package has more: console, types, maps)
PYODIDE_RUNTIME = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


def canonical(name: str) -> str:
    """PEP 503 normalised name (``Prompt_Toolkit`` -> ``prompt-toolkit``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def browser_markers(lock_info: dict) -> dict[str, str]:
    """PEP 508 marker values of Pyodide's Python (for wheels' ``Requires-Dist``)."""
    full = lock_info["python"]
    return {"python_version": ".".join(full.split(".")[:2]), "python_full_version": full,
            "sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
            "platform_machine": "wasm32", "implementation_name": "cpython",
            "platform_python_implementation": "CPython", "implementation_version": full, "extra": ""}


def wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, Requires-Dist lines, top-level import names) of a wheel."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta_name = next(n for n in names if re.fullmatch(r"[^/]+\.dist-info/METADATA", n))
        meta = Parser().parsestr(z.read(meta_name).decode("utf-8"))
        top_level = next((n for n in names if re.fullmatch(r"[^/]+\.dist-info/top_level\.txt", n)), None)
        if top_level:
            imports = [line.strip() for line in z.read(top_level).decode().splitlines() if line.strip()]
        else:
            imports = sorted({n.split("/", 1)[0].removesuffix(".py") for n in names
                              if not n.split("/", 1)[0].endswith((".dist-info", ".data"))
                              and ("/" in n or n.endswith(".py"))})
    return meta["Name"], meta["Version"], meta.get_all("Requires-Dist") or [], [i for i in imports if i != "__pycache__"]


@dataclass
class Package:
    """One package of the browser's lock."""

    name: str                 # canonical
    version: str
    source: str               # "pyodide" (Pyodide's lock), "build-env", "project", "stand-in", "helper"
    depends: list[str] = field(default_factory=list)
    imports: list[str] = field(default_factory=list)
    wheel: Path | None = None


def resolve(pyodide_lock: dict, roots: list[str], local: dict[str, Path], fetch, env_version) -> dict[str, Package]:
    """Every package the browser needs, from ``roots`` down through their dependencies.

    A package in Pyodide's lock keeps the lock's version and dependencies (what Pyodide was
    tested with); ``local`` maps names to wheels built here (the project, stand-ins, the
    helper); any other package is fetched from PyPI at ``env_version(name)``, the version the
    build environment has, and its dependencies are read from its wheel. ``fetch(names_versions)``
    returns ``{name: wheel path}``. :data:`DROPPED` edges are left out.
    """
    from packaging.markers import Marker  # noqa: PLC0415 - a build tool, not the package's
    from packaging.requirements import Requirement  # noqa: PLC0415
    from packaging.version import Version  # noqa: PLC0415

    lock_packages = {canonical(k): v for k, v in pyodide_lock["packages"].items()}
    markers = browser_markers(pyodide_lock["info"])
    dropped = {(canonical(a), canonical(b)) for a, b in DROPPED}
    found: dict[str, Package] = {}
    wanted: dict[str, list] = {}  # name -> specifiers asked for (checked at the end)
    todo = [canonical(r) for r in roots]
    while todo:
        batch, todo = sorted(set(todo) - set(found)), []
        remote = [n for n in batch if n not in local and n not in lock_packages]
        fetched = fetch({n: env_version(n) for n in remote}) if remote else {}
        for name in batch:
            if name in local:
                wheel = local[name]
                _, version, requires, imports = wheel_metadata(wheel)
                source = ("stand-in" if name in STAND_INS else "helper" if name == HELPER else "project")
                pkg = Package(name, version, source, [], imports, wheel)
                reqs = [] if name in STAND_INS else requires
            elif name in lock_packages:
                info = lock_packages[name]
                if info["package_type"] != "package" or not info["file_name"].endswith("-none-any.whl"):
                    raise SystemExit(f"site: {name} in Pyodide's lock is compiled ({info['file_name']}); "
                                     "it cannot come from PyPI: add a stand-in or keep it out of the browser")
                pkg = Package(name, info["version"], "pyodide", [], list(info.get("imports", [])))
                reqs = list(info.get("depends", []))
            else:
                wheel = fetched[name]
                _, version, reqs, imports = wheel_metadata(wheel)
                pkg = Package(name, version, "build-env", [], imports, wheel)
            for req in reqs:
                r = Requirement(req)
                if r.marker is not None and not Marker(str(r.marker)).evaluate(markers):
                    continue
                dep = canonical(r.name)
                if (name, dep) in dropped or dep == name:
                    continue
                pkg.depends.append(dep)
                wanted.setdefault(dep, []).append((name, r.specifier))
                todo.append(dep)
            pkg.depends = sorted(set(pkg.depends))
            found[name] = pkg
    for dep, asks in wanted.items():
        for who, spec in asks:
            if spec and not spec.contains(Version(found[dep].version), prereleases=True):
                raise SystemExit(f"site: {who} needs {dep}{spec}, but the browser gets {dep} {found[dep].version} "
                                 f"({found[dep].source})")
    return found


def rewrite_lock(pyodide_lock: dict, packages: dict[str, Package], wheel_paths: dict[str, str]) -> dict:
    """Pyodide's lock for exactly the site's files: each entry names the site's wheel
    (``wheel_paths``: name -> path relative to the lock) and its sha256; entries the site does
    not serve are left out, so an import of such a package fails plainly instead of
    fetching a file the site lacks."""
    out = {"info": dict(pyodide_lock["info"]), "packages": {}}
    for name, pkg in sorted(packages.items()):
        data = pkg.wheel.read_bytes()
        out["packages"][name] = {
            "name": name, "version": pkg.version, "file_name": wheel_paths[name],
            "install_dir": "site", "package_type": "package", "imports": pkg.imports,
            "depends": pkg.depends, "sha256": hashlib.sha256(data).hexdigest(), "unvendored_tests": False,
        }
    return out


# -- fetching and building wheels ------------------------------------------------------------

def run(cmd: list[str], **kw) -> None:
    print("site: $", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)


def find_wheel(folder: Path, name: str, version: str) -> Path | None:
    stem = re.sub(r"[-_.]+", "_", name).lower()
    for wheel in folder.glob("*.whl"):
        dist, ver = wheel.name.split("-")[:2]
        if dist.lower() == stem and ver == version:
            return wheel
    return None


def pypi_fetcher(cache: Path, python_version: str):
    """``fetch({name: version})``: pure-Python wheels from PyPI (cached in ``cache``)."""
    cache.mkdir(parents=True, exist_ok=True)

    def fetch(wanted: dict[str, str]) -> dict[str, Path]:
        missing = {n: v for n, v in wanted.items() if not find_wheel(cache, n, v)}
        if missing:
            run([sys.executable, "-m", "pip", "download", "-qq", "--no-deps", "--only-binary=:all:",
                 "--implementation", "py", "--abi", "none", "--platform", "any",
                 "--python-version", python_version, "-d", str(cache),
                 *[f"{n}=={v}" for n, v in sorted(missing.items())]])
        out = {}
        for n, v in wanted.items():
            wheel = find_wheel(cache, n, v)
            if wheel is None:
                raise SystemExit(f"site: pip saved no pure-Python wheel of {n}=={v}")
            out[n] = wheel
        return out

    return fetch


def build_wheel(source: Path, out: Path) -> Path:
    """``pip wheel`` one local project (the package itself, a stand-in, the helper)."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    run([sys.executable, "-m", "pip", "wheel", "-qq", "--no-deps", "-w", str(out), str(source)])
    (wheel,) = out.glob("*.whl")
    return wheel


def env_version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        raise SystemExit(f"site: {name} is needed in the browser but not installed in the build environment "
                         "(add it to site/requirements.txt)") from None


# -- the notebooks ------------------------------------------------------------------------

def site_notebooks(root: Path = NOTEBOOKS) -> tuple[list[str], list[str]]:
    """(live, prerendered): every notebook under ``root`` as a posix path, split by
    :data:`PRERENDERED`; checkpoints and hidden folders are skipped."""
    live, pre = [], []
    for path in sorted(root.rglob("*.ipynb")):
        rel = path.relative_to(root)
        if any(part.startswith(".") for part in rel.parts):
            continue
        posix = rel.as_posix()
        (pre if any(fnmatch.fnmatchcase(posix, p) for p in PRERENDERED) else live).append(posix)
    return live, pre


def lite_config(preload: list[str], env: dict[str, str]) -> dict:
    """The staged ``jupyter-lite.json``: the Pyodide kernel never reaches for PyPI, preloads
    ``preload`` and gets ``env``; Voici's build adds the rest (``pyodideUrl`` among it)."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Day & Night",
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": preload, "env": env},
                },
            },
        },
    }


EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?((?:https?:)?//[^"'\s>]+)""", re.I)
EXTERNAL_CSS = re.compile(r"""@import\s+(?:url\()?["']?((?:https?:)?//[^"')\s]+)""", re.I)


def external_references(folder: Path) -> list[str]:
    """``src=``/``href=`` attributes and CSS imports naming another host, in the site's HTML
    pages and ``jupyter-lite.json`` files (links a visitor may follow, such as the Binder
    badges, are ``<a href>`` and allowed; a page must load nothing from elsewhere)."""
    found = []
    for page in sorted(folder.rglob("*.html")):
        text = page.read_text(encoding="utf-8", errors="replace")
        for tag in re.finditer(r"<(link|script|img|iframe|source|embed|object)\b[^>]*>", text, re.I):
            for m in EXTERNAL.finditer(tag.group(0)):
                found.append(f"{page.relative_to(folder)}: {m.group(1)}")
        for m in EXTERNAL_CSS.finditer(text):
            found.append(f"{page.relative_to(folder)}: {m.group(1)}")
    for config in folder.rglob("jupyter-lite.json"):
        for m in re.finditer(r'"((?:https?:)?//[^"]+)"', config.read_text(encoding="utf-8")):
            found.append(f"{config.relative_to(folder)}: {m.group(1)}")
    return found


# -- the build ------------------------------------------------------------------------------

def build(out: Path, work: Path) -> None:
    if not (PYODIDE_NPM / "pyodide-lock.json").exists():
        raise SystemExit(f"site: no Pyodide runtime at {PYODIDE_NPM}: run `npm ci --prefix site` (make site does)")
    pyodide_lock = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text(encoding="utf-8"))
    py = pyodide_lock["info"]["python"]

    # 1. wheels
    helper = work / "helper-src"  # the helper, with the list of what the site lacks on purpose
    shutil.rmtree(helper, ignore_errors=True)
    shutil.copytree(SITE / "browser" / "helper", helper, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    (helper / "daynight_browser" / "missing.json").write_text(json.dumps(MISSING_IN_BROWSER, indent=1), encoding="utf-8")
    local = {"daynight": build_wheel(ROOT, work / "wheels-project"), HELPER: build_wheel(helper, work / "wheels-helper")}
    for name in STAND_INS:
        local[name] = build_wheel(SITE / "browser" / name, work / f"wheels-{name}")
    fetch = pypi_fetcher(work / "wheels-pypi", ".".join(py.split(".")[:2]))
    packages = resolve(pyodide_lock, [*KERNEL_START, *BROWSER, HELPER], local, fetch, env_version)
    lock_remote = {n: p.version for n, p in packages.items() if p.source == "pyodide"}
    for name, wheel in fetch(lock_remote).items():
        packages[name].wheel = wheel

    # 2. the staged lite folder: Pyodide, the wheels and the lock under static/pyodide
    stage = work / "stage"
    shutil.rmtree(stage, ignore_errors=True)
    pyodide_dir = stage / "static" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_RUNTIME:
        shutil.copy2(PYODIDE_NPM / name, pyodide_dir / name)
    wheel_paths = {}
    for name, pkg in packages.items():
        # a folder named by the wheel's hash: a browser never pairs a cached old wheel
        # (the project's own keep their version number from commit to commit) with a new lock
        digest = hashlib.sha256(pkg.wheel.read_bytes()).hexdigest()[:16]
        rel = f"wheels/{digest}/{pkg.wheel.name}"
        (pyodide_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(pkg.wheel, pyodide_dir / rel)
        wheel_paths[name] = rel
    lock = rewrite_lock(pyodide_lock, packages, wheel_paths)
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    site_packages = f"/lib/python{'.'.join(py.split('.')[:2])}/site-packages"
    env = {"HOME": "/home/pyodide", "IPYTHONDIR": f"{site_packages}/daynight_browser/ipython"}
    (stage / "jupyter-lite.json").write_text(json.dumps(lite_config([HELPER], env), indent=2), encoding="utf-8")

    # 3. the contents: every notebook, and what the pages show (the landing page's images)
    contents = work / "contents"
    shutil.rmtree(contents, ignore_errors=True)
    shutil.copytree(NOTEBOOKS, contents, ignore=shutil.ignore_patterns(".*", "__pycache__"))
    live, prerendered = site_notebooks(contents)
    print(f"site: {len(live)} notebooks run in the browser, {len(prerendered)} are rendered now", flush=True)

    # 4. voici build, with the project's offline template (no CDN links; see widgets/serve.py)
    from daynight.widgets.serve import offline_template  # noqa: PLC0415

    template_path, template = offline_template()
    env_vars = dict(os.environ, JUPYTER_PATH=os.pathsep.join(p for p in (template_path, os.environ.get("JUPYTER_PATH")) if p))
    shutil.rmtree(out, ignore_errors=True)
    run([str(Path(sys.executable).with_name("voici")), "build", "--lite-dir", str(stage), "--contents", str(contents),
         "--output-dir", str(out), "--no-sourcemaps", f"--VoilaConfiguration.template={template}",
         "--VoilaConfiguration.show_tracebacks=False", "--VoilaConfiguration.strip_sources=True"],
        cwd=stage, env=env_vars)
    bad = external_references(out)
    if bad:
        raise SystemExit("site: pages of the site load files from other hosts:\n  " + "\n  ".join(bad[:20]))
    print(f"site: built {out}", flush=True)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python site/build.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=ROOT / "build" / "site", help="the site folder (default build/site)")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "site-work",
                   help="downloads and staging (default build/site-work; wheels are kept between builds)")
    args = p.parse_args(argv)
    build(args.out.resolve(), args.work.resolve())


if __name__ == "__main__":
    main()
