"""What the static site's kernel does before it imports anything of its own.

``site/browser/boot.js`` imports this module right after Pyodide has started and loaded the
page's packages, before the Pyodide kernel imports IPython:

1. :func:`daynight_browser.install` puts the finder first on ``sys.meta_path`` that loads a
   package of the site's lock the first time it is imported (plotly with the first chart);
2. IPython's terminal front end gets a lazy stand-in (:func:`daynight_browser.lazy.lazy_module`).
   ``import IPython`` runs ``from .terminal.embed import embed``, which imports IPython's
   terminal shell and prompt_toolkit (115 modules) although a browser kernel never starts a
   terminal: measured under Node.js with the site's Pyodide, that was about a third of the
   CPU time of ``import pyodide_kernel`` (from 1.05-1.27 s to 0.73-0.96 s in three runs each).
   The stand-in's ``embed`` and any other name of the module import the real module on first
   use (prompt_toolkit then comes from the lock like any package);
3. the same for ``piplite.piplite``, which the kernel imports to set two options and which
   imports micropip, its vendored ``packaging`` and ``unittest.mock`` (50 modules) for a
   ``%pip install`` no page of the site runs: measured under Node.js, a fifth of the import
   time of the kernel. The options the kernel sets are set on the real module when a
   ``%pip`` (``piplite.cli``) first uses it.

The IPython start-up file (``ipython/profile_default/startup``) adds the cell marks of
:mod:`daynight_browser.trace` once the kernel's shell exists.
"""

from __future__ import annotations

import sys

from . import install, trace
from .lazy import lazy_module

#: modules the kernel imports at start without using them: the names each must offer at
#: once (``from IPython.terminal.embed import embed``), and whether its parent package is
#: imported now (the kernel sets ``piplite.piplite._PIPLITE_URLS``)
LAZY = {"IPython.terminal.embed": (("embed",), False), "piplite.piplite": (("install",), True)}

install()
for _name, (_functions, _with_parent) in LAZY.items():
    if _name not in sys.modules:
        lazy_module(_name, _functions, with_parent=_with_parent)
trace.mark("helper")
