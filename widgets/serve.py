"""Serve ``notebooks/`` as Voila apps: ``python -m daynight.widgets.serve [--port 8866]``.

This is what ``make app`` runs and what the browser tests start, so the tests see exactly
the server a teacher runs. It is plain Voila (``voila notebooks/``) with the settings of
``voila.json`` at the repository root, plus one addition: the site root ``/`` opens the
landing page ``index.ipynb`` instead of a file list.

Extra command-line arguments are passed to Voila unchanged (for example
``--VoilaConfiguration.show_tracebacks=True`` while developing).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

LANDING = "index.ipynb"


def notebooks_dir() -> Path:
    """The ``notebooks/`` folder of the repository this package was installed from."""
    env = os.environ.get("DAYNIGHT_NOTEBOOKS")
    if env:
        return Path(env).resolve()
    here = Path(__file__).resolve().parent.parent  # widgets/ -> repository root
    return here / "notebooks"


def offline_template(base: str = "lab") -> tuple[str, str]:
    """Make a Voila template that is ``base`` without its CDN stylesheet links.

    Voila's ``lab`` template links FontAwesome from cdn.jsdelivr.net although Voila's own
    bundle already carries FontAwesome; a served app must not send requests off the machine.
    The template is derived at start-up from the installed Voila, so it follows upgrades.
    Returns ``(jupyter_path_entry, template_name)``.
    """
    import re
    import tempfile

    from jupyter_core.paths import jupyter_path

    for data_dir in jupyter_path():
        source = Path(data_dir) / "voila" / "templates" / base / "index.html.j2"
        if source.exists():
            break
    else:
        raise FileNotFoundError(f"Voila's {base!r} template was not found")
    text = source.read_text(encoding="utf-8")
    text = re.sub(r'\s*<link[^>]+href="https?://[^"]+"[^>]*>', "", text)
    name = f"daynight-{base}"
    root = Path(tempfile.gettempdir()) / f"daynight-voila-{os.getuid()}"
    target = root / "voila" / "templates" / name
    target.mkdir(parents=True, exist_ok=True)
    (target / "index.html.j2").write_text(text, encoding="utf-8")
    (target / "conf.json").write_text(json.dumps({"base_template": base}), encoding="utf-8")
    return str(root), name


def _voila_class():
    import tornado.web
    from jupyter_server.utils import url_path_join
    from voila.app import Voila

    class DaynightVoila(Voila):
        """Voila whose ``/`` redirects to the landing page."""

        def init_handlers(self):
            handlers = super().init_handlers()
            target = url_path_join(self.server_url, "voila/render", LANDING)
            root = url_path_join(self.server_url, "/")
            redirect = (root + "?$", tornado.web.RedirectHandler, {"url": target, "permanent": False})
            return [redirect, *handlers]

    return DaynightVoila


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m daynight.widgets.serve", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=int(os.environ.get("DAYNIGHT_PORT", 8866)))
    parser.add_argument("--ip", default="127.0.0.1", help="address to listen on (default: loopback only)")
    parser.add_argument("--open", action="store_true", help="open a web browser on the landing page")
    args, extra = parser.parse_known_args(argv)
    root = notebooks_dir()
    if not (root / LANDING).exists():
        sys.exit(f"daynight: error: no {LANDING} in {root}")
    data_path, template = offline_template()
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (data_path, os.environ.get("JUPYTER_PATH")) if p)
    voila_args = [
        str(root),
        f"--template={template}",
        f"--port={args.port}",
        "--port_retries=0",
        f"--Voila.ip={args.ip}",
        *([] if args.open else ["--no-browser"]),
        *extra,
    ]
    print(f"daynight: serving {root} at http://{args.ip}:{args.port}/ "
          f"(landing page: http://{args.ip}:{args.port}/voila/render/{LANDING})", flush=True)
    _voila_class().launch_instance(argv=voila_args)


if __name__ == "__main__":
    main()
