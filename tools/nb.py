"""Write a notebook from a list of cells, stripped of outputs.

    from tools.nb import md, code, write
    write("notebooks/x.ipynb", [md("# Title"), code("x = 1\nassert x == 1")])

Notebooks are committed without outputs (tests execute them); this helper keeps their
metadata uniform (Python 3 kernel, no widget state).
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path


def _meta(tags: list[str] | None, teaches: list[str] | None) -> dict:
    meta: dict = {}
    if tags:
        meta["tags"] = list(tags)
    if teaches:
        meta["teaches"] = list(teaches)
    return meta


def md(text: str, *, teaches: list[str] | None = None) -> dict:
    """A markdown cell; ``teaches`` names the rule-checklist ids (docs/rule-checklist.md) it explains."""
    return {"cell_type": "markdown", "metadata": _meta(None, teaches), "source": textwrap.dedent(text).strip("\n")}


def code(text: str, *, tags: list[str] | None = None, teaches: list[str] | None = None) -> dict:
    """A code cell; ``teaches`` names the checklist ids whose example and ``assert`` it holds."""
    return {
        "cell_type": "code",
        "metadata": _meta(tags, teaches),
        "execution_count": None,
        "outputs": [],
        "source": textwrap.dedent(text).strip("\n"),
    }


def write(path: str | Path, cells: list[dict], *, title: str | None = None) -> None:
    nb = {
        "cells": [dict(c, id=f"c{i:02d}") for i, c in enumerate(cells)],
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
            **({"title": title} if title else {}),
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    for cell in nb["cells"]:
        src = cell["source"]
        lines = src.splitlines(keepends=True)
        cell["source"] = lines
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
