"""The class server's old name: it is :mod:`daynight.server` (it is not a widget).

``python -m daynight.widgets.serve`` is ``python -m daynight.server``, and the names that other
code imported from here still work. Importing this module loads no Voila.
"""

from __future__ import annotations

from daynight.server.apps import LANDING, app_notebooks, kernel_pools, notebooks_dir, repository_root
from daynight.server.templates import offline_template

__all__ = ["LANDING", "app_notebooks", "kernel_pools", "notebooks_dir", "offline_template", "repository_root"]

if __name__ == "__main__":
    from daynight.server.command import main

    main()
