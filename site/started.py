"""Which modules the site's pages load when they start: run by ``node site/pycompile.mjs
started`` in the site's own Pyodide, on the site's packages as they come (site/build.py
``started_modules``). A module of its own imports nothing that the start would not (so that
the measure is the start's, not this file's)."""

from __future__ import annotations

import importlib
import sys


def started_modules(modules: list[str]) -> list[str]:
    """Start the site's kernel as a page does (the helper, the kernel's imports), import
    ``modules`` (what the live pages' cells imported under CPython; one that does not import
    here is skipped), and return every module then loaded: the modules worth compiling."""
    importlib.import_module("daynight_browser.kernel_start")
    for name in ("piplite.piplite", "pyodide_kernel", *modules):
        try:
            importlib.import_module(name)
        except Exception:  # a server-side module (zmq...): not started in the browser
            continue
    return sorted(sys.modules)
