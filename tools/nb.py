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


def md(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": textwrap.dedent(text).strip("\n")}


def code(text: str, *, tags: list[str] | None = None) -> dict:
    meta = {"tags": tags} if tags else {}
    return {"cell_type": "code", "metadata": meta, "execution_count": None, "outputs": [],
            "source": textwrap.dedent(text).strip("\n")}


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
