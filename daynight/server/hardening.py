"""What keeps the class server to itself: the host names it answers (:class:`HostPolicy`, against
DNS rebinding), a private folder for everything it writes, configuration read only from
folders no other user can write, and the start-up file that hardens every app kernel
(:func:`kernel_startup_dir`, which runs :func:`daynight.server.kernel.harden_kernel`).

Standard library only.
"""

from __future__ import annotations

import atexit
import functools
import ipaddress
import os
import re
import shutil
import socket
import stat
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

__all__ = [
    "HostPolicy",
    "is_local_address",
    "kernel_startup_dir",
    "private_folder",
    "trusted_config_paths",
    "writable_by_others",
]


class HostPolicy:
    """Which ``Host`` headers this server answers.

    Jupyter Server's ``check_host`` (used when ``allow_remote_access`` is off) accepts
    loopback addresses and the names in ``local_hostnames``; this adds the address the
    server listens on, or every address of this machine when it listens on all of them.
    A name that is not in the list, such as the attacker's domain a DNS-rebinding page
    uses, is refused.
    """

    def __init__(self, ip: str, names: Iterable[str] = ()):
        wildcard = ip in ("", "0.0.0.0", "::")
        self.names = {"localhost", *(n.lower() for n in names if n)}
        self.any_local_address = wildcard
        self.addresses: set[ipaddress.IPv4Address | ipaddress.IPv6Address] = set()
        try:
            self.addresses.add(ipaddress.ip_address(ip))
        except ValueError:
            if not wildcard:
                self.names.add(ip.lower())  # --ip given as a host name
        if wildcard:
            hostname = socket.gethostname().lower()
            self.names |= {hostname, f"{hostname}.local"}

    def allows(self, host_header: str) -> bool:
        host = re.sub(r":\d+$", "", host_header or "").lower()  # the port, if any, off
        if host.startswith("[") and host.endswith("]"):
            host = host[1:-1]
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return host in self.names
        return (
            address.is_loopback
            or address in self.addresses
            or (self.any_local_address and is_local_address(str(address)))
        )


@functools.lru_cache(maxsize=256)
def is_local_address(address: str) -> bool:
    """Whether ``address`` belongs to this machine (it can be bound)."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as s:
            s.bind((address, 0))
        return True
    except OSError:
        return False


def private_folder() -> Path:
    """A folder for this server alone: created new (``tempfile.mkdtemp``: owner-only, a
    name no one else can have taken), removed when the server exits."""
    path = Path(tempfile.mkdtemp(prefix="daynight-serve-"))
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


def writable_by_others(path: Path) -> bool:
    """Whether a user other than this one (or root) can change what is at ``path``:
    owned by someone else, or writable by others, or by a group that is not ours."""
    try:
        st = path.stat()
    except OSError:
        return False
    if st.st_uid not in (0, os.geteuid()):
        return True
    if st.st_mode & stat.S_IWOTH:
        return True
    return bool(st.st_mode & stat.S_IWGRP) and st.st_gid != os.getegid()


def trusted_config_paths(paths: Iterable[str]) -> list[str]:
    """``paths`` without the folders (or ``voila.json``/``voila.py`` files in them) that
    another user can write: their configuration would run as this user."""
    kept = []
    for path in dict.fromkeys(paths):
        folder = Path(path)
        if writable_by_others(folder) or any(writable_by_others(folder / name) for name in ("voila.json", "voila.py")):
            print(
                f"daynight: not reading configuration from {folder}: another user can write there",
                file=sys.stderr,
                flush=True,
            )
            continue
        kept.append(path)
    return kept


def kernel_startup_dir(root: Path, hide_tracebacks: bool) -> str:
    """An ``IPYTHONDIR`` under ``root`` whose start-up file hardens the app kernels
    (:func:`harden_kernel`). The app kernels inherit the server's environment, so pointing
    ``IPYTHONDIR`` here (only in the server process) affects the served apps and nothing else.
    """
    startup = root / "ipython" / "profile_default" / "startup"
    startup.mkdir(parents=True)
    (startup / "00-daynight-harden.py").write_text(
        "# Written by daynight.server for the app kernels of one server.\n"
        "from daynight.server.kernel import harden_kernel\n"
        f"harden_kernel(get_ipython(), hide_tracebacks={hide_tracebacks!r})  # noqa: F821\n"
        "del harden_kernel\n",
        encoding="utf-8",
    )
    return str(root / "ipython")
