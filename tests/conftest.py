"""Shared test set-up. Browser fixtures live in tests/browser/conftest.py."""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

# Widget callbacks re-raise unexpected errors in tests instead of only showing them.
try:
    from daynight.widgets import common as _common
except ImportError:  # the notebooks extra is not installed
    _common = None
else:
    _common.guarded.reraise = True
