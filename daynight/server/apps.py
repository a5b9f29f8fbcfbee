"""Which notebooks the class server serves, which of them get preheated kernels, and how many.

Two kinds of page get a pool of kernels that have already run the notebook:

* the **apps** (:data:`APP_PATTERNS`: the landing page, ``*/play.ipynb``, ``*/tracker.ipynb``,
  and an app started in another language, ``*/play.<language>.ipynb``: ``sunmoon/play.zh-TW.ipynb``),
  a pool each of the size the command line gives (:func:`pool_size_for` a class);
* the **learning pages** (:data:`LEARNING_PATTERNS`: each game's practice page and walkthrough,
  issue 18, and their translations, ``*/rules.<language>.ipynb``: ``sunmoon/rules.zh-TW.ipynb``), a smaller pool each (:func:`learning_pool_size`), warmed after the apps' pools
  (``"after_apps"`` in their pool entry; :mod:`.pools`) and only when the kernel cap leaves
  room for them and for the learners (otherwise none, and the server says so).

The sizing, measured on 2 cores (December 2026, the kernels of ``python -m daynight.server`` read
from ``/proc``, and each notebook run alone with nbclient): a learning page's kernel holds what an
app's does, 60-68 MB resident (an app's 59-62 MB; :data:`~daynight.server.limits.KERNEL_MB` is 80
for both), but a walkthrough warms in 4-14 s (sunmoon's and mtg's the longest) against 3 s for an
app or a practice page. So a learning page gets half an app's pool (one kernel each at the
default, ten in all with the two zh-TW pages: about 0.65 GB and about a minute of warming at a server start), and the pools
are warmed after every app's (a class's first pages are the play apps); a cap too small for them
and the learners leaves them out, and the server's start says so.

An app in another language (``sunmoon/play.zh-TW.ipynb``, issue 22) is an app, pooled as one: a
class that plays in Traditional Chinese opens it all at once at the start of a lesson, as another
class opens ``play.ipynb``; it warms in 3 s like any app (it is the same app, started in zh-TW);
and it is never left without a pool, as a learning page is when the kernel cap is tight. The price:
a class of ``learners`` is spread over one app more (:func:`pool_size_for`).

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
    "LEARNING_HEADROOM",
    "LEARNING_PATTERNS",
    "app_notebooks",
    "kernel_pools",
    "learning_notebooks",
    "learning_pool_size",
    "learning_pools_fit",
    "notebooks_dir",
    "pool_size_for",
    "repository_root",
]

LANDING = "index.ipynb"
#: notebooks that are apps (a kernel pool each); paths relative to the notebooks root
APP_PATTERNS = (LANDING, "*/play.ipynb", "*/play.*.ipynb", "*/tracker.ipynb")
#: notebooks that are learning pages (a smaller pool each, warmed after the apps'): each game's
#: practice page and walkthrough
LEARNING_PATTERNS = ("*/practice.ipynb", "*/practice.*.ipynb", "*/rules.ipynb", "*/rules.*.ipynb")
#: kernels the cap must leave free for visitors beyond every pool before the learning pages
#: get theirs (two pages for each of a few learners)
LEARNING_HEADROOM = 8


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


def _matching(root: Path, patterns: tuple[str, ...]) -> list[str]:
    """The notebooks under ``root`` (hidden folders and checkpoints aside) whose posix path
    relative to ``root`` matches one of ``patterns`` at the same depth, sorted."""
    found = []
    for path in sorted(root.rglob("*.ipynb")):
        rel = path.relative_to(root).as_posix()
        if ".ipynb_checkpoints" in rel or any(part.startswith(".") for part in path.relative_to(root).parts):
            continue
        if any(fnmatch.fnmatchcase(rel, pattern) and rel.count("/") == pattern.count("/") for pattern in patterns):
            found.append(rel)
    return found


def app_notebooks(root: Path) -> list[str]:
    """The notebooks under ``root`` that are apps (get preheated kernels), as posix paths."""
    # the landing page first: it is the page a visitor opens first
    return sorted(_matching(root, APP_PATTERNS), key=lambda rel: (rel != LANDING, rel))


def learning_notebooks(root: Path) -> list[str]:
    """The learning pages under ``root`` (practice pages and walkthroughs), as posix paths."""
    return _matching(root, LEARNING_PATTERNS)


def kernel_pools(root: Path, pool_size: int, learning_size: int = 0) -> dict[str, dict[str, int | bool]]:
    """``VoilaKernelManager.kernel_pools_config``: ``pool_size`` kernels per app and
    ``learning_size`` per learning page (warmed after the apps': ``after_apps``), none else."""
    pools: dict[str, dict[str, int | bool]] = {"default": {"pool_size": 0}}
    for rel in app_notebooks(root):
        pools[rel] = {"pool_size": pool_size}
    if learning_size > 0:
        for rel in learning_notebooks(root):
            pools[rel] = {"pool_size": learning_size, "after_apps": True}
    return pools


def pool_size_for(learners: int, apps: int) -> int:
    """Preheated kernels per page for a class of ``learners``: the room spread over the
    ``apps`` play apps (at least one each); the landing page gets as many."""
    return max(1, math.ceil(learners / max(1, apps)))


def learning_pool_size(pool_size: int, pages: int) -> int:
    """Preheated kernels per learning page: half an app's pool (``pool_size``), rounded up;
    none when preheating is off or there are no learning pages. A class opens its play apps
    all at once at the start of a lesson, and a walkthrough or a practice page a few learners
    at a time; a walkthrough's kernel is also two to three times slower to warm."""
    if pool_size <= 0 or pages <= 0:
        return 0
    return math.ceil(pool_size / 2)


def learning_pools_fit(max_kernels: int, app_kernels: int, learning_kernels: int) -> bool:
    """Whether the kernel cap holds the apps' pools, the learning pages' pools and
    :data:`LEARNING_HEADROOM` kernels for visitors (if not, the learning pages get no pool:
    a preheated kernel makes way for a visitor at the cap, so a pool the cap cannot hold
    would be warmed only to be shut down)."""
    return max_kernels >= app_kernels + learning_kernels + LEARNING_HEADROOM
