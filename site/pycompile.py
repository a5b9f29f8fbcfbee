"""Python files compiled to bytecode before they reach the visitor's browser.

The browser's Python (Pyodide) otherwise compiles every module it imports from source, on
every visit: the standard library from ``python_stdlib.zip``, whose ``.pyc`` it cannot write
back, and every package the kernel imports. Measured on the stars play app (site/build.py's
notes): compiling the standard library and the wheels ahead cut the kernel worker's CPU
time before the first control from 8.7 s to 3.4 s on a loaded 2-core machine.

``site/pycompile.mjs`` runs this module inside the site's own Pyodide under Node.js, so the
bytecode is that of the interpreter the browser runs (same version, same magic number).
Following Pyodide's own packages, a third-party archive keeps only the bytecode
(``name.pyc`` where ``name.py`` was: smaller, and nobody reads those sources); an archive of
the project keeps its sources (the walkthroughs show them with ``inspect``) and gets its
bytecode beside them in ``__pycache__``, as unchecked hash-based ``.pyc`` files (PEP 552),
which Python uses without comparing them to the source's time stamp (unpacking a wheel does
not keep it).

Only the modules a page imports while it starts are compiled (``site/started.py``, run in
the same Pyodide on the site's own packages): the others stay source, smaller to send, and
are compiled in the browser if they are ever imported.

Usage::

    node site/pycompile.mjs started INDEX_URL REQUEST.json OUT.json   # what starts
    node site/pycompile.mjs compile JOBS.json                          # compile

with the request ``{"packages": [...], "env": {...}, "modules": [...]}`` and each job
``{"src": ..., "dst": ..., "prefix": ..., "keep_source": bool, "hot": [modules] or null, "rest": ...,
"parts": {part: [modules]}}`` (see :func:`compile_archive`):
``prefix`` is where the archive's files are at run time (``/lib/python3.13/site-packages/``
for a wheel), so tracebacks name the right file.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.util
import io
import json
import sys
import zipfile
from importlib import _bootstrap_external
from typing import Any

#: a wheel's ``name-version.data/`` holds files installed elsewhere (scripts, lab
#: extensions): never Python modules of the package, and never read in the browser
DATA_SUFFIX = ".data"
#: folders of a package that hold a Jupyter front end (anywidget's): the site serves the
#: lab extensions itself, so a third-party archive goes to the browser without them
FRONT_END = ("labextension", "nbextension")
#: files of third-party wheels the browser never reads from the wheel, and why (each costs
#: the site's size on disk and, where the wheel comes with a page, the visitor's download)
LEFT_OUT = {
    "plotly/package_data/widgetbundle.js": (
        "the front end of plotly's FigureWidget (5 MB, 1.5 MB zipped): the site draws charts as HTML "
        "(daynight_browser.charts), never as a FigureWidget"
    ),
    "plotly/package_data/plotly.min.js": (
        "plotly.js (4.8 MB, 1.5 MB zipped), which the site serves once as static/plotly/plotly.min.js for "
        "its static pages; the helper puts it back into the package when plotly is first imported "
        "(site/build.py SITE_FILES)"
    ),
}
#: a third-party package's own tests: no page imports them (left out unless one starts)
TESTS = "tests"
#: the standard library's own .pyc writers (private, untyped: what py_compile itself uses)
_WRITERS: Any = _bootstrap_external


def bytecode(code, source: bytes, keep_source: bool) -> bytes:
    """The ``.pyc`` bytes of ``code``: unchecked hash-based beside a kept source, else
    time-stamp based with no source to compare (Python never checks a sourceless one)."""
    if keep_source:
        return bytes(_WRITERS._code_to_hash_pyc(code, importlib.util.source_hash(source), False))
    return bytes(_WRITERS._code_to_timestamp_pyc(code, 0, 0))


def cached_name(name: str) -> str:
    """``pkg/mod.py`` -> ``pkg/__pycache__/mod.cpython-313.pyc`` (this interpreter's tag)."""
    folder, _, file = name.rpartition("/")
    return f"{folder + '/' if folder else ''}__pycache__/{file[:-3]}.{sys.implementation.cache_tag}.pyc"


def module_name(path: str) -> str:
    """``pkg/sub/mod.py`` -> ``pkg.sub.mod``; ``pkg/__init__.py`` -> ``pkg``."""
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def front_end(name: str, keep_source: bool) -> bool:
    """Whether member ``name`` of a third-party archive is a front end the browser never reads
    (or a file of :data:`LEFT_OUT`)."""
    parts = name.split("/")
    return not keep_source and (
        parts[0].endswith(DATA_SUFFIX) or any(p in FRONT_END for p in parts[:-1]) or name in LEFT_OUT
    )


def tests_member(name: str, hot: set[str] | None) -> bool:
    """Whether member ``name`` of a third-party archive belongs to a package's :data:`TESTS`
    folder that no page imports at start (``hot``; without it, none is known to start)."""
    folders = name.split("/")[:-1]
    if TESTS not in folders:
        return False
    package = ".".join(folders[: folders.index(TESTS) + 1])
    return not any(m == package or m.startswith(package + ".") for m in hot or ())


def compiled_members(archive: zipfile.ZipFile, prefix: str, keep_source: bool, hot: set[str] | None = None):
    """(ZipInfo, new name, bytes) of every member, Python modules compiled: all of them, or
    with ``hot`` those whose module is in it (the others stay source: smaller to send, and
    compiled in the browser only if ever imported). A module that does not compile (a test
    written for another Python) stays as source; front-end files, :data:`LEFT_OUT` and a third-party
    package's tests (:func:`tests_member`) are left out."""
    for info in archive.infolist():
        name = info.filename
        if front_end(name, keep_source) or (not keep_source and tests_member(name, hot)):
            continue
        data = archive.read(info)
        if not name.endswith(".py") or name.split("/", 1)[0].endswith(DATA_SUFFIX):
            yield info, name, data
            continue
        if hot is not None and module_name(name) not in hot:
            yield info, name, data
            continue
        try:
            code = compile(data, prefix + name, "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            yield info, name, data
            continue
        pyc = bytecode(code, data, keep_source)
        if keep_source:
            yield info, name, data
            yield info, cached_name(name), pyc
        else:
            yield info, name + "c", pyc


def record(rows: list[tuple[str, bytes]], record_name: str) -> bytes:
    """A wheel's RECORD for ``rows`` (name, bytes), itself listed without a hash."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for name, data in rows:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow((name, f"sha256={digest}", len(data)))
    writer.writerow((record_name, "", ""))
    return out.getvalue().encode()


def importable(name: str, names: set[str]) -> bool:
    """Whether ``name`` (a ``.py`` member) is a module of a package: every folder above it has
    an ``__init__.py`` (IPython start-up files, scripts and templates are not)."""
    folders = name.split("/")[:-1]
    return all("/".join(folders[: i + 1]) + "/__init__.py" in names for i in range(len(folders)))


def later(name: str, hot: set[str], rest: str | None, names: set[str] = frozenset()) -> bool:  # type: ignore[assignment]
    """Whether member ``name`` goes to the archive's rest (loaded when first imported):
    ``rest="modules"`` (a wheel: its files all land in site-packages) sends every module no
    page imports at start; ``rest="top-level"`` (the standard library, a zip at start but a
    folder later) only whole top-level modules and packages no page imports at start, so no
    package is split between the two. Only modules of packages (:func:`importable` among the
    archive's ``names``) go: a start-up file must be there at start."""
    if not name.endswith(".py") or name.split("/", 1)[0].endswith(DATA_SUFFIX) or not importable(name, names):
        return False
    if rest == "modules":
        return module_name(name) not in hot
    if rest == "top-level":
        return name.split("/", 1)[0].removesuffix(".py") not in {m.split(".", 1)[0] for m in hot}
    return False


def write_zip(path: str, members, record_name: str | None = None) -> None:
    """A zip of ``members`` ((ZipInfo, name, bytes)); with ``record_name``, a wheel's RECORD."""
    rows = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info, name, data in members:
            if name == record_name:
                continue
            entry = zipfile.ZipInfo(name, date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = info.external_attr
            out.writestr(entry, data)
            rows.append((name, data))
        if record_name:
            entry = zipfile.ZipInfo(record_name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(entry, record(rows, record_name))


def compile_archive(
    src: str,
    dst: str,
    prefix: str,
    keep_source: bool,
    hot: set[str] | None = None,
    rest: str | None = None,
    parts: dict[str, list[str]] | None = None,
) -> int:
    """Write ``dst``: the zip archive ``src`` (a wheel or the standard library's zip) with
    its modules compiled (see :func:`compiled_members`); a wheel's RECORD is rewritten for
    the new files. With ``rest`` (see :func:`later`), the modules no page imports at start go
    to ``dst + ".rest"`` instead, as source; with ``parts`` (``{part: [modules]}``, modules
    only some pages import at start), each part's modules go to ``dst + "." + part``,
    compiled as in ``dst``. Returns how many modules were compiled."""
    part_of = {module: part for part, modules in (parts or {}).items() for module in modules}
    with zipfile.ZipFile(src) as archive:
        names = set(archive.namelist())
        cold = {n for n in names if later(n, hot, rest, names)} if rest and hot is not None else set()
        if not keep_source:  # a package's tests go neither with the package nor to its rest
            cold -= {n for n in cold if tests_member(n, hot)}
        members = [m for m in compiled_members(archive, prefix, keep_source, hot) if m[0].filename not in cold]
        if cold:
            write_zip(
                dst + ".rest", [(i, i.filename, archive.read(i)) for i in archive.infolist() if i.filename in cold]
            )

    def part(member) -> str | None:
        name = member[0].filename
        return part_of.get(module_name(name)) if name.endswith(".py") and importable(name, names) else None

    for name in parts or {}:
        write_zip(f"{dst}.{name}", [m for m in members if part(m) == name])
    main = [m for m in members if part(m) is None]
    record_name = next((n for _, n, _ in main if n.endswith(".dist-info/RECORD") and n.count("/") == 1), None)
    write_zip(dst, main, record_name)
    return sum(1 for (info, name, _) in members if name != info.filename)


def main(jobs_file: str) -> None:
    """Run the jobs of ``jobs_file`` (a JSON list, see the module's docstring)."""
    with open(jobs_file, encoding="utf-8") as f:
        jobs = json.load(f)
    for job in jobs:
        hot = set(job["hot"]) if job.get("hot") is not None else None
        n = compile_archive(
            job["src"], job["dst"], job["prefix"], job["keep_source"], hot, job.get("rest"), job.get("parts")
        )
        print(f"pycompile: {job['dst'].rsplit('/', 1)[-1]}: {n} modules compiled", flush=True)
