"""Marks of the kernel's start for ``python -m benchmarks site``: each is written to the
browser's console as ``daynight-site <epoch ms> <what>`` (``console.debug``, hidden unless
asked for), the format ``site/browser/boot.js`` uses for the steps before Python runs."""

from __future__ import annotations


def mark(what: str) -> None:
    """Write one mark (outside the browser, where there is no ``js`` module: nothing)."""
    try:
        from js import console, performance
    except ImportError:
        return
    console.debug(f"daynight-site {performance.timeOrigin + performance.now():.1f} {what}")


def watch_cells(shell) -> None:
    """Mark the end of every cell the kernel runs (``cell 1``, ``cell 2``...) and, after the
    first, the preloaded packages none of whose modules has been imported (a package the
    page loads for nothing)."""
    count = {"cells": 0}

    def after(result) -> None:
        count["cells"] += 1
        mark(f"cell {count['cells']}")
        if count["cells"] == 1:
            unused = sorted(preloaded_unused())
            if unused:
                mark("unused " + " ".join(unused))

    shell.events.register("post_run_cell", after)


def preloaded_unused() -> set[str]:
    """Packages Pyodide loaded with the page of which no module is imported yet."""
    import sys

    import pyodide_js

    loaded = set(pyodide_js.loadedPackages.object_keys())
    lock = pyodide_js.lockfile.to_py()["packages"]
    imported = {m.split(".", 1)[0] for m in sys.modules}
    return {
        name
        for name in loaded
        if name in lock and lock[name].get("imports") and not imported & set(lock[name]["imports"])
    }
