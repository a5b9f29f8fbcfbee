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

Usage (the JSON is a list of jobs)::

    node site/pycompile.mjs jobs.json

with each job ``{"src": ..., "dst": ..., "prefix": ..., "keep_source": bool}``: ``prefix``
is where the archive's files are at run time (``/lib/python3.13/site-packages/`` for a
wheel), so tracebacks name the right file.
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
from importlib import _bootstrap_external  # type: ignore[attr-defined]  # the .pyc writers

#: a wheel's ``name-version.data/`` holds files installed elsewhere (scripts, lab
#: extensions): never Python modules of the package
DATA_SUFFIX = ".data"


def bytecode(code, source: bytes, keep_source: bool) -> bytes:
    """The ``.pyc`` bytes of ``code``: unchecked hash-based beside a kept source, else
    time-stamp based with no source to compare (Python never checks a sourceless one)."""
    if keep_source:
        return bytes(_bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(source), False))
    return bytes(_bootstrap_external._code_to_timestamp_pyc(code, 0, 0))


def cached_name(name: str) -> str:
    """``pkg/mod.py`` -> ``pkg/__pycache__/mod.cpython-313.pyc`` (this interpreter's tag)."""
    folder, _, file = name.rpartition("/")
    return f"{folder + '/' if folder else ''}__pycache__/{file[:-3]}.{sys.implementation.cache_tag}.pyc"


def compiled_members(archive: zipfile.ZipFile, prefix: str, keep_source: bool):
    """(ZipInfo, new name, bytes) of every member, Python modules compiled. A module that
    does not compile (a test written for another Python) stays as source."""
    for info in archive.infolist():
        data = archive.read(info)
        name = info.filename
        if not name.endswith(".py") or name.split("/", 1)[0].endswith(DATA_SUFFIX):
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


def compile_archive(src: str, dst: str, prefix: str, keep_source: bool) -> int:
    """Write ``dst``: the zip archive ``src`` (a wheel or the standard library's zip) with
    its modules compiled; a wheel's RECORD is rewritten for the new files. Returns how many
    modules were compiled."""
    with zipfile.ZipFile(src) as archive:
        members = list(compiled_members(archive, prefix, keep_source))
    record_name = next((n for _, n, _ in members if n.endswith(".dist-info/RECORD") and n.count("/") == 1), None)
    rows = []
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
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
    return sum(1 for (info, name, _) in members if name != info.filename)


def main(jobs_file: str) -> None:
    """Run the jobs of ``jobs_file`` (a JSON list, see the module's docstring)."""
    with open(jobs_file, encoding="utf-8") as f:
        jobs = json.load(f)
    for job in jobs:
        n = compile_archive(job["src"], job["dst"], job["prefix"], job["keep_source"])
        print(f"pycompile: {job['dst'].rsplit('/', 1)[-1]}: {n} modules compiled", flush=True)
