"""The class server's command line: ``python -m daynight.server [--learners N] [options]``
(``make app``; ``python -m daynight.widgets.serve`` is the same command). It sizes the pools
and the caps, prints the plan, and starts :class:`~daynight.server.app.DaynightVoila`.

Extra command-line arguments are passed to Voila unchanged (for example
``--VoilaConfiguration.show_tracebacks=True`` while developing).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .. import server as package
from .app import DaynightVoila
from .apps import (
    LANDING,
    LEARNING_HEADROOM,
    app_notebooks,
    learning_notebooks,
    learning_pool_size,
    learning_pools_fit,
    notebooks_dir,
    pool_size_for,
)
from .hardening import HostPolicy, private_folder
from .limits import KERNEL_MB, Limits, default_limits
from .templates import offline_template

__all__ = ["learning_line", "learning_size", "main", "parser", "plan_lines", "pool_size", "resolve_limits"]

#: what ``--help`` says: the package's own account of the class server
DESCRIPTION = package.__doc__


def parser() -> argparse.ArgumentParser:
    """The options of the class server (the README's table of caps names them)."""
    p = argparse.ArgumentParser(
        prog="python -m daynight.server", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--port", type=int, default=int(os.environ.get("DAYNIGHT_PORT", 8866)))
    p.add_argument(
        "--ip", default="127.0.0.1", help="address to listen on (default: loopback only; 0.0.0.0: every address)"
    )
    p.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name learners use for this machine (its addresses are always allowed)",
    )
    p.add_argument(
        "--learners",
        type=int,
        default=0,
        help="learners expected at once: sizes the preheated pools and the kernel cap",
    )
    p.add_argument(
        "--pool-size",
        type=int,
        default=None,
        help="preheated kernels per app notebook (default: 1, or sized by --learners; 0 switches preheating off)",
    )
    p.add_argument(
        "--learning-pool-size",
        type=int,
        default=None,
        help="preheated kernels per practice page and walkthrough, warmed after the apps' "
        "(default: half of --pool-size, rounded up, if the kernel cap holds them; 0: none)",
    )
    p.add_argument("--max-kernels", type=int, default=0, help="kernels in all (default: sized for the machine)")
    p.add_argument(
        "--max-kernels-per-client", type=int, default=-1, help="kernels of one client address (default 6; 0: no cap)"
    )
    p.add_argument(
        "--kernel-starts-per-minute",
        type=int,
        default=0,
        help="kernel starts for visitors a minute (default: 20 per core)",
    )
    p.add_argument(
        "--orphan-timeout",
        type=float,
        default=0,
        help="seconds a visitor's kernel lives without its page connected (default 120)",
    )
    p.add_argument("--open", action="store_true", help="open a web browser on the landing page")
    return p


def pool_size(args: argparse.Namespace, apps: list[str]) -> int:
    """Preheated kernels per app: ``--pool-size``, ``DAYNIGHT_POOL_SIZE``, sized by
    ``--learners``, or one."""
    if args.pool_size is not None:
        return max(0, args.pool_size)
    if os.environ.get("DAYNIGHT_POOL_SIZE"):
        return max(0, int(os.environ["DAYNIGHT_POOL_SIZE"]))
    return pool_size_for(args.learners, len(apps) - 1) if args.learners > 0 else 1


def learning_size(args: argparse.Namespace, app_size: int, pages: int, app_kernels: int, limits: Limits) -> int:
    """Preheated kernels per learning page: ``--learning-pool-size``, or
    :func:`~daynight.server.apps.learning_pool_size` when the kernel cap holds them beside the
    apps' pools and :data:`~daynight.server.apps.LEARNING_HEADROOM` kernels for visitors, else none."""
    if args.learning_pool_size is not None:
        return max(0, args.learning_pool_size) if app_size > 0 else 0
    size = learning_pool_size(app_size, pages)
    return size if learning_pools_fit(limits.max_kernels, app_kernels, size * pages) else 0


def learning_line(
    args: argparse.Namespace, app_size: int, app_kernels: int, size: int, pages: int, limits: Limits
) -> str:
    """What the server prints of the learning pages' pools: their size and memory, or why none."""
    what = "daynight: learning pages (practice pages and walkthroughs):"
    if size > 0:
        return (
            f"{what} {size} preheated kernel(s) for each of {pages} pages, warmed after the apps', "
            f"{size * pages} in all, about {size * pages * KERNEL_MB} MB ({KERNEL_MB} MB a kernel)"
        )
    if app_size <= 0 or not pages or args.learning_pool_size is not None:
        return f"{what} not preheated"
    wanted = learning_pool_size(app_size, pages) * pages
    return (
        f"{what} not preheated: the cap of {limits.max_kernels} kernels does not hold their {wanted} "
        f"beside the apps' {app_kernels} and {LEARNING_HEADROOM} for visitors"
    )


def resolve_limits(args: argparse.Namespace, preheated: int) -> Limits:
    """The command line's caps, each defaulting to :func:`default_limits`."""
    base = default_limits(learners=max(0, args.learners), preheated=preheated)
    return Limits(
        max_kernels=args.max_kernels or base.max_kernels,
        per_client=base.per_client if args.max_kernels_per_client < 0 else args.max_kernels_per_client,
        starts_per_minute=args.kernel_starts_per_minute or base.starts_per_minute,
        orphan_timeout=args.orphan_timeout or base.orphan_timeout,
        starting_at_once=base.starting_at_once,
    )


def plan_lines(root: Path, args: argparse.Namespace, pool_size: int, pooled: list[str], limits: Limits) -> list[str]:
    """What the server prints at start: where, the pools and their memory, the caps."""
    preheated = pool_size * len(pooled)
    sized = f"sized for {args.learners} learners: " if args.learners else ""
    return [
        f"daynight: serving {root} at http://{args.ip}:{args.port}/ "
        f"(landing page: http://{args.ip}:{args.port}/voila/render/{LANDING}); "
        f"preheated: {', '.join(pooled) or 'none'}",
        f"daynight: {sized}{pool_size} preheated kernel(s) for each of {len(pooled)} pages, "
        f"{preheated} in all, about {preheated * KERNEL_MB} MB ({KERNEL_MB} MB a kernel)",
        f"daynight: caps: {limits.describe()}",
        *(
            [
                f"daynight: warning: {args.learners} learners need more kernels than the cap of "
                f"{limits.max_kernels}, which is what half of this machine's free memory holds; "
                "preheated kernels make way for learners, then the class is full"
            ]
            if args.learners >= limits.max_kernels
            else []
        ),
    ]


def main(argv: list[str] | None = None) -> None:
    args, extra = parser().parse_known_args(argv)
    root = notebooks_dir()
    if not (root / LANDING).exists():
        sys.exit(f"daynight: error: no {LANDING} in {root}")
    apps, learning = app_notebooks(root), learning_notebooks(root)
    size = pool_size(args, apps)
    pooled = apps if size > 0 else []
    limits = resolve_limits(args, size * len(pooled))
    learn_size = learning_size(args, size, len(learning), size * len(pooled), limits)
    private = private_folder()
    data_path, template = offline_template(private)
    os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (data_path, os.environ.get("JUPYTER_PATH")) if p)
    voila_args = [
        str(root),
        f"--template={template}",
        f"--port={args.port}",
        "--Voila.port_retries=0",
        f"--Voila.ip={args.ip}",
        *([] if args.open else ["--no-browser"]),
        *extra,
    ]
    for line in plan_lines(root, args, size, pooled, limits):
        print(line, flush=True)
    print(learning_line(args, size, size * len(pooled), learn_size, len(learning), limits), flush=True)
    DaynightVoila.launch_instance(
        argv=voila_args,
        daynight_pool_size=size,
        daynight_learning_pool_size=learn_size,
        daynight_limits=limits,
        daynight_hosts=HostPolicy(args.ip, args.allow_host),
        daynight_private=private,
    )
