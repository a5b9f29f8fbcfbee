"""Serve ``notebooks/`` as Voila apps: ``python -m daynight.widgets.serve [--port 8866]``.

This is what ``make app`` runs and what the browser tests start, so the tests see exactly
the server a teacher runs. It is standalone Voila (``voila notebooks/``) configured for a
public demo by ``voila.json`` at the repository root (always read, whatever the working
directory), plus these additions:

* the site root ``/`` opens the landing page ``index.ipynb`` instead of a file list;
* the lab template is used without its CDN stylesheet links (:func:`offline_template`),
  so no request leaves the machine;
* **preheated kernels for the apps** (``preheat_kernel`` in ``voila.json``): the landing page and every app notebook
  (``*/play.ipynb``, ``*/tracker.ipynb``, see :func:`app_notebooks`) get a pool of
  ``--pool-size`` kernels (default 1) that have already run the notebook, so a visitor
  gets a page whose widgets are ready. Walkthrough and chart notebooks are rendered on
  demand as usual. The pools are warmed **one kernel at a time** and a pool whose first
  kernel has not started warming is treated as empty (the visitor gets a fresh kernel
  at once instead of queueing), so on a small machine preheating never makes the first
  page wait for five kernels starting together (:class:`WarmOneAtATime`).

* tracebacks stay out of the browser even when a widget callback fails
  (:func:`kernel_startup_dir`; the server's log gets them);
* closing a tab ends its kernel (:func:`_closing_tab_frees_its_kernel`).

What a visitor can and cannot do (``tests/browser/test_security.py`` checks each):
sources are stripped, tracebacks hidden, the kernel accepts only widget messages (no
``execute_request``), and only images and stylesheets under ``notebooks/`` are served
as files. Listen on another address with ``--ip 0.0.0.0`` (a class on a LAN); the README
section "Serving a class" describes JupyterHub and BinderHub for more learners.

Extra command-line arguments are passed to Voila unchanged (for example
``--VoilaConfiguration.show_tracebacks=True`` while developing, or ``--pool-size 0`` to
switch preheating off).
"""

from __future__ import annotations

import argparse
import asyncio
import fnmatch
import json
import os
import sys
import time
from pathlib import Path

LANDING = "index.ipynb"
#: notebooks that are apps (a kernel pool each); paths relative to the notebooks root
APP_PATTERNS = (LANDING, "*/play.ipynb", "*/tracker.ipynb")
#: a warming kernel that has not finished its notebook after this long no longer holds
#: up the next one (it keeps running and serves its visitor when done)
WARM_TIMEOUT = 60.0


def repository_root() -> Path:
    return Path(__file__).resolve().parent.parent  # widgets/ -> repository root


def notebooks_dir() -> Path:
    """The ``notebooks/`` folder of the repository this package was installed from."""
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
        if any(fnmatch.fnmatchcase(rel, pattern) and rel.count("/") == pattern.count("/")
               for pattern in APP_PATTERNS):
            found.append(rel)
    # the landing page first: it is the page a visitor opens first
    return sorted(found, key=lambda rel: (rel != LANDING, rel))


def kernel_pools(root: Path, pool_size: int) -> dict:
    """``VoilaKernelManager.kernel_pools_config``: ``pool_size`` kernels per app, none else."""
    pools: dict = {"default": {"pool_size": 0}}
    for rel in app_notebooks(root):
        pools[rel] = {"pool_size": pool_size}
    return pools


def offline_template(base: str = "lab") -> tuple[str, str]:
    """Make a Voila template that is ``base`` without its CDN links.

    Voila's ``lab`` template links FontAwesome from cdn.jsdelivr.net although Voila's own
    bundle already carries FontAwesome, and nbconvert's adds a mermaid.js import from
    cdnjs; a served app must not send requests off the machine.
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
    def strip(text: str) -> str:
        return re.sub(r'\s*<link[^>]+href="https?://[^"]+"[^>]*>', "", text)

    text = strip(source.read_text(encoding="utf-8"))
    # nbconvert's lab template imports mermaid.js from cdnjs when an output holds a mermaid
    # diagram; the apps have none, and a served page must never reach a CDN
    text += "\n{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}\n"
    name = f"daynight-{base}"
    root = Path(tempfile.gettempdir()) / f"daynight-voila-{os.getuid()}"
    target = root / "voila" / "templates" / name
    target.mkdir(parents=True, exist_ok=True)
    (target / "index.html.j2").write_text(text, encoding="utf-8")
    (target / "conf.json").write_text(json.dumps({"base_template": base}), encoding="utf-8")
    # the file-list and error pages extend voila's base page.html, which links FontAwesome 4
    # from the CDN outside any block: serve a copy without the link under our template
    page = source.parent / "page.html"
    base_page = source.parent.parent / "base" / "page.html"
    if page.exists() and base_page.exists():
        (target / "daynight-base-page.html").write_text(strip(base_page.read_text(encoding="utf-8")),
                                                         encoding="utf-8")
        text = page.read_text(encoding="utf-8").replace(
            "'voila/templates/base/page.html'", f"'voila/templates/{name}/daynight-base-page.html'")
        (target / "page.html").write_text(strip(text), encoding="utf-8")
    return str(root), name


#: IPython start-up file for the app kernels when tracebacks are hidden (see kernel_startup_dir)
_NO_TRACEBACKS = '''\
# Written by daynight.widgets.serve: a served app never sends a traceback to the browser.
# Voila hides tracebacks of cells it executes, but an exception in a widget callback goes
# out on the kernel's iopub channel as an "error" message carrying the full traceback
# (file paths, source lines), which any visitor can read in the browser's developer tools.
# Here the browser gets the exception's type and a fixed sentence; the traceback goes to
# the kernel's stderr, which is the server's log.
def _daynight_hide_tracebacks():
    import os
    import sys
    import traceback

    shell = get_ipython()  # noqa: F821 - defined in IPython start-up files
    if shell is None or not hasattr(shell, "_showtraceback"):
        return
    send = shell._showtraceback

    def _to_server_log(text):
        # ipykernel forwards fd 2 to the browser; write to its copy of the original stderr
        fd = getattr(sys.stderr, "_original_stdstream_copy", None)
        try:
            os.write(fd if fd is not None else 2, (text + "\\n").encode("utf-8", "replace"))
        except OSError:
            pass

    def _showtraceback(etype, evalue, stb):
        try:
            text = "".join(traceback.format_exception(etype, evalue, getattr(evalue, "__traceback__", None)))
        except Exception:  # noqa: BLE001
            text = f"{etype.__name__}: {evalue}"
        _to_server_log("daynight app kernel error (hidden from the visitor):\\n" + text)
        send(etype, "the details are in the server log",
             [f"{etype.__name__}: something went wrong; the details are in the server log."])

    shell._showtraceback = _showtraceback


_daynight_hide_tracebacks()
del _daynight_hide_tracebacks
'''


def kernel_startup_dir() -> str:
    """An ``IPYTHONDIR`` whose start-up file keeps tracebacks out of the browser.

    The app kernels inherit the server's environment, so pointing ``IPYTHONDIR`` here
    (only in the server process) affects the served apps and nothing else.
    """
    import tempfile

    root = Path(tempfile.gettempdir()) / f"daynight-ipython-{os.getuid()}"
    startup = root / "profile_default" / "startup"
    startup.mkdir(parents=True, exist_ok=True)
    (startup / "00-daynight-hide-tracebacks.py").write_text(_NO_TRACEBACKS, encoding="utf-8")
    return str(root)


def _warm_one_at_a_time(manager_class):
    """Subclass Voila's pooled kernel manager so pools are warmed one kernel at a time.

    Voila starts every pool at once when the server starts (and refills a pool
    ``fill_delay`` seconds after a visitor takes a kernel). On two cores five kernels
    executing their notebooks together slow down everything, the first visitor's page
    included. Here a lock lets one kernel start and run its notebook at a time; a pool
    entry still waiting for the lock does not count (``get_pool_size``), so a visitor
    arriving early gets a fresh kernel at once, exactly as without preheating.
    """

    class WarmOneAtATime(manager_class):
        def __init__(self, **kwargs):
            self._warm_lock = asyncio.Lock()
            self._queued: dict[str, int] = {}
            self.warm_times: list[tuple[str, float]] = []
            super().__init__(**kwargs)

        def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables={}, **kwargs):
            before = len(self._pools.get(notebook_name, ()))
            super().fill_if_needed(delay=delay, notebook_name=notebook_name,
                                   extra_kernel_env_variables=extra_kernel_env_variables, **kwargs)
            added = len(self._pools.get(notebook_name, ())) - before
            if added > 0:
                self._queued[notebook_name] = self._queued.get(notebook_name, 0) + added

        def get_pool_size(self, notebook_name: str) -> int:
            ready_or_warming = super().get_pool_size(notebook_name) - self._queued.get(notebook_name, 0)
            return max(0, ready_or_warming)

        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs):
            if kernel_id is not None:  # a restart: not a pool entry
                return await super()._initialize(notebook_path, kernel_id, **kwargs)
            async with self._warm_lock:
                self._queued[notebook_path] = max(0, self._queued.get(notebook_path, 0) - 1)
                started = time.monotonic()
                content = await super()._initialize(notebook_path, None, **kwargs)
                # hold the lock while the notebook runs, so the next kernel starts after it
                await asyncio.wait({content["task"]}, timeout=WARM_TIMEOUT)
                seconds = time.monotonic() - started
                self.warm_times.append((notebook_path, seconds))
                self.log.info("daynight: warmed a kernel for %s in %.1f s", notebook_path, seconds)
                return content

        async def shutdown_all(self, *args, **kwargs):
            self._queued.clear()
            return await super().shutdown_all(*args, **kwargs)

    WarmOneAtATime.__name__ = WarmOneAtATime.__qualname__ = "WarmOneAtATime"
    return WarmOneAtATime


def _closing_tab_frees_its_kernel(handler: tuple) -> tuple:
    """Let Voila's page shut its kernel down when the visitor closes the tab.

    Voila's page posts ``/voila/api/shutdown/<kernel id>`` on ``beforeunload`` without an
    ``_xsrf`` token, and jupyter_server refuses it (403 "'_xsrf' argument missing"), so
    every closed tab left a kernel running until the culler found it. The shutdown needs
    the kernel's id, an unguessable UUID only that page knows, so a cross-site request
    cannot forge it and the XSRF check adds nothing here.
    """
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

    pattern, cls, *rest = handler
    if cls is not VoilaShutdownKernelHandler:
        return handler

    class ShutdownOnClose(VoilaShutdownKernelHandler):
        def check_xsrf_cookie(self):
            return None

        async def post(self, kernel_id):
            if kernel_id not in self.kernel_manager:
                self.set_status(404)
                return self.finish()
            return await super().post(kernel_id)

    return (pattern, ShutdownOnClose, *rest)


def _voila_class():
    import tornado.web
    import voila.app
    from jupyter_server.utils import url_path_join
    from traitlets import Int, default
    from voila.app import Voila

    class DaynightVoila(Voila):
        """Voila whose ``/`` redirects to the landing page and whose app kernels are pooled."""

        pool_size = Int(1, config=True, help="preheated kernels per app notebook (0: none)")

        @default("config_file_paths")
        def _config_file_paths_default(self):
            # the repository's voila.json first, whatever the working directory
            paths = [str(repository_root()), os.getcwd(), *super()._config_file_paths_default()]
            return list(dict.fromkeys(paths))

        def init_settings(self):
            conf = self.voila_configuration
            if not conf.show_tracebacks:
                os.environ["IPYTHONDIR"] = kernel_startup_dir()  # inherited by the app kernels
            if conf.preheat_kernel and conf.progressive_rendering:
                self.log.warning("daynight: progressive rendering is on, so kernels are not preheated "
                                 "(Voila cannot do both)")
            if conf.preheat_kernel and self.pool_size > 0 and not conf.progressive_rendering:
                pools = kernel_pools(Path(self.root_dir), self.pool_size)
                # explicit entries in voila.json win over the computed ones
                pools.update(self.config.VoilaKernelManager.get("kernel_pools_config", {}))
                self.config.VoilaKernelManager.kernel_pools_config = pools
            else:
                conf.preheat_kernel = False
            factory = voila.app.voila_kernel_manager_factory

            def wrapped(base_class, preheat_kernel, default_pool_size, page_config_hook=None):
                cls = factory(base_class, preheat_kernel, default_pool_size, page_config_hook=page_config_hook)
                return _warm_one_at_a_time(cls) if preheat_kernel else cls

            voila.app.voila_kernel_manager_factory = wrapped
            try:
                return super().init_settings()
            finally:
                voila.app.voila_kernel_manager_factory = factory

        def init_handlers(self):
            handlers = [_closing_tab_frees_its_kernel(h) for h in super().init_handlers()]
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
    parser.add_argument("--pool-size", type=int, default=int(os.environ.get("DAYNIGHT_POOL_SIZE", 1)),
                        help="preheated kernels per app notebook (default 1; 0 switches preheating off)")
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
        "--Voila.port_retries=0",
        f"--Voila.ip={args.ip}",
        f"--DaynightVoila.pool_size={max(0, args.pool_size)}",
        *([] if args.open else ["--no-browser"]),
        *extra,
    ]
    apps = app_notebooks(root) if args.pool_size > 0 else []
    print(f"daynight: serving {root} at http://{args.ip}:{args.port}/ "
          f"(landing page: http://{args.ip}:{args.port}/voila/render/{LANDING}); "
          f"preheated: {', '.join(apps) or 'none'}", flush=True)
    _voila_class().launch_instance(argv=voila_args)


if __name__ == "__main__":
    main()
