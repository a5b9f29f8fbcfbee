"""In the static site's browser kernel (Pyodide), load a package when it is first imported.

Pyodide installs a package of its lock file only when asked. The kernel asks for what a
cell's own ``import`` lines name (``pyodide.loadPackagesFromImports``), so
``from daynight.widgets.stars import StarsApp`` brings daynight, ipywidgets and anywidget.
A module imported later inside a function, such as plotly inside a chart function, is not
seen that way, and the import would fail. Loading plotly with the page would make every
visitor download it (10 MB) for a chart most of them never draw.

:class:`LockFinder`, first on ``sys.meta_path``, sees such an import, fetches the package's
wheel and those of its dependencies from the site with a synchronous request (allowed in
the Web Worker where the kernel runs), checks each against the lock's sha256, unpacks it
into site-packages and lets the import go on. The notebooks and widgets stay the same as
under Voila. A package the site deliberately lacks raises ``ModuleNotFoundError`` saying why.
The same finder loads the rest of a package that came with the page (the modules the
site's build found no page imports at start, such as most of pygments' lexers) when one of
those modules is first imported. When ``plotly.io`` has been imported, charts are drawn by
:mod:`daynight_browser.charts`
(plotly.js from the plotly package, since the site does not carry plotly's lab extension; the
site serves plotly.js once, and :func:`put_back_site_files` puts it back into the package).

Installed by :mod:`daynight_browser.kernel_start`, which the site's start of Python
(``site/browser/boot.js``) imports before the kernel imports anything, and again by this
package's IPython start-up file (the site's pages point ``IPYTHONDIR`` at it).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import io
import json
import sys
import sysconfig
import urllib.parse
import zipfile
from pathlib import Path

#: packages the site does not have, and why (written by the site build)
MISSING_FILE = Path(__file__).with_name("missing.json")
#: files the site took out of a package's wheel because it serves them once elsewhere:
#: ``{path under site-packages: URL relative to the lock's folder}`` (written by the site build)
SITE_FILES_FILE = Path(__file__).with_name("site_files.json")


def _fetch(url: str) -> bytes:
    """GET ``url`` synchronously (a Web Worker may do this; a page's main thread may not)."""
    from js import XMLHttpRequest

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send()
    if request.status != 200:
        raise ImportError(f"could not fetch {url}: HTTP {request.status}")
    return request.response.to_bytes()


class LockFinder(importlib.abc.MetaPathFinder):
    """Install a lock-file package (and its dependencies) the first time it is imported."""

    def __init__(self, lock: dict, base_url: str, loaded, missing: dict[str, str]):
        self.packages = lock["packages"]
        self.base_url = base_url
        self.loaded = loaded  # pyodide.loadedPackages (a JS object)
        self.missing = missing
        self.by_import = {name: pkg for pkg, info in self.packages.items() for name in info.get("imports", ())}
        # the rest of a package (or of the standard library): the modules no page imports at
        # start, which the site's build took out of it (site/pycompile.py ``later``)
        self.by_module = {name: pkg for pkg, info in self.packages.items() for name in info.get("modules", ())}
        paths = sysconfig.get_paths()
        self.targets = {"site": Path(paths["purelib"]), "stdlib": Path(paths["stdlib"])}

    def _is_loaded(self, package: str) -> bool:
        from js import Reflect

        return bool(Reflect.has(self.loaded, package))

    def _needed(self, package: str) -> list[str]:
        order, stack, seen = [], [package], set()
        while stack:
            name = stack.pop()
            if name in seen or self._is_loaded(name):
                continue
            seen.add(name)
            order.append(name)
            stack.extend(self.packages[name].get("depends", ()))
        return order

    def install(self, package: str) -> None:
        from js import Reflect

        for name in self._needed(package):
            info = self.packages[name]
            data = _fetch(urllib.parse.urljoin(self.base_url, info["file_name"]))  # as Pyodide resolves it
            if hashlib.sha256(data).hexdigest() != info["sha256"]:
                raise ImportError(f"{info['file_name']} does not match the site's lock file (sha256)")
            target = self.targets[info.get("install_dir", "site")]
            with zipfile.ZipFile(io.BytesIO(data)) as wheel:
                # a wheel's <name>.data/ folder holds files for elsewhere (plotly's: its lab
                # extension, which the site already serves): only the package goes in
                wheel.extractall(target, [m for m in wheel.namelist() if not m.split("/", 1)[0].endswith(".data")])
            Reflect.set(self.loaded, name, "the site (imported on first use)")
        importlib.invalidate_caches()

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "plotly.io":
            return _after_import(importlib.machinery.PathFinder.find_spec(fullname, path, target), _site_charts)
        rest = self.by_module.get(fullname)
        if rest is not None and not self._is_loaded(rest):
            self.install(rest)
            return None  # the normal finders now find it beside the rest of its package
        if path is not None:  # other submodules are found by the normal finders
            return None
        if fullname in self.missing:
            raise ModuleNotFoundError(
                f"{fullname} is not available on this static site: {self.missing[fullname]}", name=fullname
            )
        package = self.by_import.get(fullname)
        if package is not None and not self._is_loaded(package):
            self.install(package)
        return None  # the normal finders now find it in site-packages


def _site_charts(_module) -> None:
    from . import charts

    put_back_site_files()
    charts.use()


def put_back_site_files(
    files_file: Path = SITE_FILES_FILE, base_url: str | None = None, target: Path | None = None
) -> list[Path]:
    """Fetch the files the site took out of the installed packages (plotly's copy of
    plotly.js, which the site serves once) into their place, so that the package reads them as
    usual; returns those written (none twice, none of a package not installed)."""
    if not files_file.exists():
        return []
    if base_url is None:
        import pyodide_js

        base_url = str(pyodide_js.lockfileBaseUrl)
    target = target or Path(sysconfig.get_paths()["purelib"])
    written = []
    for rel, url in json.loads(files_file.read_text(encoding="utf-8")).items():
        path = target / rel
        if path.parent.is_dir() and not path.exists():
            path.write_bytes(_fetch(urllib.parse.urljoin(base_url, url)))
            written.append(path)
    return written


def _after_import(spec, hook):
    """``spec`` whose module runs ``hook(module)`` once it has been executed."""
    if spec is None or spec.loader is None:
        return spec
    loader = spec.loader

    class Then(importlib.abc.Loader):
        def create_module(self, spec):
            return loader.create_module(spec)

        def exec_module(self, module):
            loader.exec_module(module)
            hook(module)

        def __getattr__(self, name):  # everything else (resources, source) from the real loader
            return getattr(loader, name)

    spec.loader = Then()
    return spec


def install() -> LockFinder:
    """Put a :class:`LockFinder` for Pyodide's current lock first on ``sys.meta_path``."""
    import pyodide_js

    for finder in sys.meta_path:
        if isinstance(finder, LockFinder):
            return finder
    lock = pyodide_js.lockfile.to_py()
    missing = json.loads(MISSING_FILE.read_text(encoding="utf-8")) if MISSING_FILE.exists() else {}
    finder = LockFinder(lock, pyodide_js.lockfileBaseUrl, pyodide_js.loadedPackages, missing)
    sys.meta_path.insert(0, finder)
    return finder
