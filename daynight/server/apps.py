"""Which notebooks the class server serves, and which of them are apps with preheated kernels.

Standard library only.
"""

from __future__ import annotations

import fnmatch
import math
import os
from pathlib import Path

__all__ = [
    "APP_PATTERNS",
    "LANDING",
    "app_notebooks",
    "kernel_pools",
    "notebooks_dir",
    "pool_size_for",
    "repository_root",
]

LANDING = "index.ipynb"
#: notebooks that are apps (a kernel pool each); paths relative to the notebooks root
APP_PATTERNS = (LANDING, "*/play.ipynb", "*/tracker.ipynb")


def repository_root() -> Path:
    """The repository this package was installed from (``daynight/server/`` -> the root)."""
    return Path(__file__).resolve().parents[2]


def notebooks_dir() -> Path:
    """The ``notebooks/`` folder of the repository this package was installed from
    (``DAYNIGHT_NOTEBOOKS`` names another one)."""
    env = os.environ.get("DAYNIGHT_NOTEBOOKS")
    if env:
        return Path(env).resolve()
    return repository_root() / "notebooks"


def app_notebooks(root: Path) -> list[str]:
    """The notebooks under ``root`` that are apps (get preheated kernels), as posix paths."""
    found = []
    for path in sorted(root.rglob("*.ipynb")):
        rel = path.relative_to(root).as_posix()
        if ".ipynb_checkpoints" in rel or any(part.startswith(".") for part in path.relative_to(root).parts):
            continue
        if any(fnmatch.fnmatchcase(rel, pattern) and rel.count("/") == pattern.count("/") for pattern in APP_PATTERNS):
            found.append(rel)
    # the landing page first: it is the page a visitor opens first
    return sorted(found, key=lambda rel: (rel != LANDING, rel))


def kernel_pools(root: Path, pool_size: int) -> dict[str, dict[str, int]]:
    """``VoilaKernelManager.kernel_pools_config``: ``pool_size`` kernels per app, none else."""
    pools = {"default": {"pool_size": 0}}
    for rel in app_notebooks(root):
        pools[rel] = {"pool_size": pool_size}
    return pools


def pool_size_for(learners: int, apps: int) -> int:
    """Preheated kernels per page for a class of ``learners``: the room spread over the
    ``apps`` play apps (at least one each); the landing page gets as many."""
    return max(1, math.ceil(learners / max(1, apps)))
