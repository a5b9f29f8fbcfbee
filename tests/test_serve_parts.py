"""The parts of the class server (``daynight.server``) that need no browser: the start-up plan printed
for ``--learners``, the host policy, the caps and rates, the checks on comm messages from a
page, and the private folder. Needing no browser, they run with the engine and widget tests on every
core; the browser tests (``tests/browser/test_security.py``, ``test_limits.py``) try each against the
running server."""

from __future__ import annotations

import asyncio
import concurrent.futures
import math
import os
import re
import socket
import subprocess
import sys

import pytest

from daynight.server import apps as server_apps
from daynight.server import hardening, kernel
from daynight.server import limits as server_limits
from tests.browser.conftest import ROOT, app_notebooks, free_port


def _first_lines(*options: str, count: int = 3, module: str = "daynight.server") -> list[str]:
    """The first lines ``python -m daynight.server`` prints (then it is stopped)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", module, "--port", str(free_port()), *options],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
    )
    try:
        return [proc.stdout.readline().strip() for _ in range(count)]
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_learners_size_the_pools_and_print_their_memory_and_the_caps():
    apps = len(app_notebooks())
    per_page = math.ceil(20 / apps)
    served, pools, caps = _first_lines("--learners", "20")
    assert served.startswith("daynight: serving ")
    in_all = per_page * (apps + 1)  # the apps and the landing page
    assert pools == (
        f"daynight: sized for 20 learners: {per_page} preheated kernel(s) for each of {apps + 1} "
        f"pages, {in_all} in all, about {in_all * server_limits.KERNEL_MB} MB ({server_limits.KERNEL_MB} MB a kernel)"
    )
    assert caps.startswith("daynight: caps: at most ")
    assert int(caps.split("at most ")[1].split()[0]) >= in_all + 2
    assert "6 per client address" in caps and "kernel starts a minute" in caps


def test_the_old_name_starts_the_same_server():
    """``python -m daynight.widgets.serve`` (the README's and older scripts' name) is the class server."""
    old = _first_lines("--pool-size", "0", count=2, module="daynight.widgets.serve")
    new = _first_lines("--pool-size", "0", count=2)
    assert [re.sub(r":\d+/", ":PORT/", line) for line in old] == [re.sub(r":\d+/", ":PORT/", line) for line in new]
    assert old[0].startswith("daynight: serving ") and "0 preheated kernel(s)" in old[1]


def test_caps_given_on_the_command_line_are_the_ones_printed():
    _, pools, caps = _first_lines(
        "--max-kernels",
        "12",
        "--max-kernels-per-client",
        "0",
        "--kernel-starts-per-minute",
        "7",
        "--orphan-timeout",
        "30",
        "--pool-size",
        "2",
    )
    assert "2 preheated kernel(s) for each of" in pools
    assert caps.startswith("daynight: caps: at most 12 kernels") and "no cap per client address" in caps
    assert "7 kernel starts a minute" in caps and "after 30 s" in caps


@pytest.mark.parametrize(
    "learners,preheated,cores,memory_mb,expected",
    [
        (0, 5, 2, 20_000, 32),  # 16 per core
        (20, 25, 2, 20_000, 65),  # the pools and two pages per learner
        (20, 25, 2, 4_000, 27),  # half the free memory in kernels would be 25: the pools and 2 more
        (0, 5, 8, 100_000, 128),
    ],
)
def test_default_caps_are_sized_for_the_machine(learners, preheated, cores, memory_mb, expected):
    limits = server_limits.default_limits(learners=learners, preheated=preheated, cores=cores, memory_mb=memory_mb)
    assert limits.max_kernels == expected
    assert limits.starts_per_minute == 20 * cores and limits.starting_at_once == max(2, cores)


def test_pool_size_for_a_class():
    assert server_apps.pool_size_for(20, 4) == 5
    assert server_apps.pool_size_for(3, 4) == 1
    assert server_apps.pool_size_for(0, 4) == 1


# --------------------------------------------------------------------------- hosts


def _own_address() -> str | None:
    """A non-loopback address of this machine, if it has one."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this picks the outgoing interface
            address = s.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


@pytest.mark.parametrize(
    "host,allowed",
    [
        ("127.0.0.1:8866", True),
        ("localhost:8866", True),
        ("LocalHost", True),
        ("[::1]:8866", True),
        ("127.0.0.2", True),
        ("evil.example", False),
        ("evil.example:8866", False),
        ("localhost.evil.example", False),
        ("127.0.0.1.evil.example", False),
        ("192.0.2.55:8866", False),
        ("[2001:db8::1]:8866", False),
        ("", False),
    ],
)
def test_a_loopback_server_answers_only_loopback_names(host, allowed):
    assert hardening.HostPolicy("127.0.0.1").allows(host) is allowed


def test_a_server_on_every_address_answers_this_machines_addresses_and_the_given_names():
    policy = hardening.HostPolicy("0.0.0.0", ["class.example"])
    assert policy.allows("class.example:8866") and policy.allows("localhost")
    assert policy.allows(f"{socket.gethostname()}:8866")
    assert not policy.allows("evil.example:8866")
    assert not policy.allows("192.0.2.55:8866"), "an address of another machine"
    address = _own_address()
    if address:
        assert policy.allows(f"{address}:8866"), "this machine's own address"
        assert not hardening.HostPolicy("127.0.0.1").allows(f"{address}:8866"), "not for a loopback-only server"


def test_a_server_on_one_address_answers_that_address():
    policy = hardening.HostPolicy("192.0.2.10")
    assert policy.allows("192.0.2.10:8866") and policy.allows("127.0.0.1")
    assert not policy.allows("192.0.2.11:8866") and not policy.allows(f"{socket.gethostname()}:8866")


# --------------------------------------------------------------------------- caps and rates


def _run(coroutine):
    """``asyncio.run`` in a thread of its own (playwright's sync API may hold this thread's loop)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result(timeout=60)


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_a_bucket_gives_its_burst_then_its_rate():
    clock = Clock()
    bucket = server_limits.Bucket(per_minute=6, burst=2, clock=clock)
    assert bucket.take() and bucket.take() and not bucket.take()
    clock.now += 9.9
    assert not bucket.take()
    clock.now += 0.2  # 10 s: one token
    assert bucket.take() and not bucket.take()
    clock.now += 600
    assert bucket.full()


def _limits(**changes) -> server_limits.Limits:
    values = dict(
        max_kernels=4,
        per_client=2,
        starts_per_minute=60,
        orphan_timeout=10,
        starting_at_once=1,
        per_client_per_minute=60,
    )
    return server_limits.Limits(**{**values, **changes})


def test_the_gate_refuses_past_the_per_client_cap_but_not_the_machine_itself():
    async def run():
        gate = server_limits.Gate(_limits(), lambda: 0)
        gate.own("k1", "10.0.0.5")
        gate.own("k2", "10.0.0.5")
        refused = await gate.admit("10.0.0.5", lambda: False)
        other = await gate.admit("10.0.0.6", lambda: True)  # a preheated kernel: no start slot
        local = await gate.admit("127.0.0.1", lambda: True)
        gate.own("k3", "127.0.0.1")
        gate.own("k4", "127.0.0.1")
        again = await gate.admit("127.0.0.1", lambda: True)
        return refused, other, local, again

    refused, other, local, again = _run(run())
    assert isinstance(refused, server_limits.Refusal) and refused.status == 429 and "already has 2 apps" in refused.text
    assert other is False and local is False and again is False


def test_the_gate_refuses_when_the_class_is_full_and_counts_kernels_starting():
    async def run():
        kernels = [3]
        gate = server_limits.Gate(_limits(starting_at_once=2), lambda: kernels[0])
        first = await gate.admit("10.0.0.1", lambda: False)  # 3 kernels + this one = the cap
        second = await gate.admit("10.0.0.2", lambda: False)
        pooled = await gate.admit("10.0.0.3", lambda: True)  # taking a preheated kernel adds none
        gate.release()
        return first, second, pooled, gate.starting

    first, second, pooled, starting = _run(run())
    assert first is True
    assert isinstance(second, server_limits.Refusal) and second.status == 503 and second.title == "The class is full"
    assert pooled is False and starting == 0


def test_at_the_cap_a_preheated_kernel_makes_way_for_a_learner():
    async def run():
        kernels = [4]
        evicted = []

        async def make_room():
            if kernels[0] > 3:  # one preheated kernel to give up
                kernels[0] -= 1
                evicted.append(1)
                return True
            return False

        gate = server_limits.Gate(_limits(starting_at_once=2), lambda: kernels[0], make_room)
        first = await gate.admit("10.0.0.1", lambda: False)
        second = await gate.admit("10.0.0.2", lambda: False)
        return first, second, evicted

    first, second, evicted = _run(run())
    assert first is True and evicted == [1]
    assert isinstance(second, server_limits.Refusal) and second.title == "The class is full"


def test_a_page_waits_for_a_start_slot_then_gets_the_busy_page(monkeypatch):
    monkeypatch.setattr(server_limits, "QUEUE_WAIT", 1.0)

    async def run():
        gate = server_limits.Gate(_limits(starting_at_once=1), lambda: 0)
        holder = await gate.admit("10.0.0.1", lambda: False)
        waiter = await gate.admit("10.0.0.2", lambda: False)  # the only slot is taken
        gate.release()
        after = await gate.admit("10.0.0.3", lambda: False)
        return holder, waiter, after

    holder, waiter, after = _run(run())
    assert holder is True and after is True
    assert isinstance(waiter, server_limits.Refusal) and waiter.title == "The server is busy" and waiter.retry == 15


def test_a_page_opened_too_often_from_one_computer_is_told_to_wait():
    async def run():
        gate = server_limits.Gate(_limits(per_client=0, per_client_per_minute=2), lambda: 0)
        return [await gate.admit("10.0.0.9", lambda: True) for _ in range(4)]

    answers = _run(run())
    assert answers[0] is False
    assert any(
        isinstance(a, server_limits.Refusal) and a.status == 429 and a.title == "Too many pages at once"
        for a in answers[1:]
    )


def test_the_refusal_page_is_plain_and_tries_again():
    page = server_limits.refusal_page(server_limits.Refusal(503, "The class is full", "Try <again> later.", 60))
    assert '<meta http-equiv="refresh" content="60">' in page and 'role="alert"' in page
    assert "Try &lt;again&gt; later." in page and "http" not in page.replace("http-equiv", "")


# --------------------------------------------------------------------------- comm messages from a page

COMMS = {"w1": object(), "ctl": object()}
TARGETS = {"jupyter.widget": object(), "jupyter.widget.control": object()}


@pytest.mark.parametrize(
    "content,problem",
    [
        ({"comm_id": "c9", "target_name": "jupyter.widget.control", "data": {}}, None),
        ({"comm_id": "c9", "target_name": "no.such.target", "data": {}}, None),  # ipykernel answers comm_close
        ({"comm_id": "c9", "target_name": "jupyter.widget", "data": {"state": {}}}, "not one a page opens"),
        ({"target_name": "jupyter.widget.control"}, "no comm_id"),
        ({"comm_id": "x" * 65, "target_name": "jupyter.widget.control"}, "no comm_id"),
        ({"comm_id": "w1", "target_name": "jupyter.widget.control"}, "comm_id is taken"),
        ({"comm_id": "c9", "target_name": 5}, "no target name"),
        ({"comm_id": "c9", "target_name": "jupyter.widget.control", "data": "x"}, "not a small object"),
        ({"comm_id": "c9", "target_name": "jupyter.widget.control", "data": {"x": "y" * 70_000}}, "not a small object"),
        (["a", "list"], "not an object"),
    ],
)
def test_comm_open_from_a_page(content, problem):
    found = kernel.comm_open_problem(content, TARGETS, COMMS, opened=set())
    assert (found is None) if problem is None else (problem in found), found


def test_a_page_holds_a_few_comms_at_most():
    opened = {f"c{i}" for i in range(kernel.MAX_BROWSER_COMMS)}
    assert "too many comms" in kernel.comm_open_problem(
        {"comm_id": "new", "target_name": "jupyter.widget.control"}, TARGETS, COMMS, opened
    )


@pytest.mark.parametrize(
    "content,buffers,problem",
    [
        ({"comm_id": "w1", "data": {"method": "custom", "content": {"event": "click"}}}, (), None),
        ({"comm_id": "w1", "data": {"method": "update", "state": {"value": 3}, "buffer_paths": []}}, (), None),
        ({"comm_id": "ctl", "data": {"method": "request_states"}}, (), None),
        ({"comm_id": "nope", "data": {"method": "custom"}}, (), "not one of the app's"),
        ({"comm_id": ["w1"], "data": {"method": "custom"}}, (), "not one of the app's"),
        ({"comm_id": "w1", "data": {"method": "exec"}}, (), "not a widget message"),
        ({"comm_id": "w1", "data": "update"}, (), "not a widget message"),
        ({"comm_id": "w1", "data": {"method": "update", "state": []}}, (), "state is not an object"),
        (
            {"comm_id": "w1", "data": {"method": "update", "state": {}, "buffer_paths": "x"}},
            (),
            "state is not an object",
        ),
        ({"comm_id": "w1", "data": {"method": "custom", "content": "y" * 70_000}}, (), "larger than 64 KB"),
        ({"comm_id": "w1", "data": {"method": "custom", "content": {}}}, (b"z" * 70_000,), "larger than 64 KB"),
        ("text", (), "not an object"),
    ],
)
def test_comm_msg_from_a_page(content, buffers, problem):
    found = kernel.comm_msg_problem(content, COMMS, buffers)
    assert (found is None) if problem is None else (problem in found), found


def test_a_page_closes_only_the_comms_it_opened():
    assert kernel.comm_close_problem({"comm_id": "c9"}, {"c9"}) is None
    assert "did not open" in kernel.comm_close_problem({"comm_id": "w1"}, {"c9"})
    assert "did not open" in kernel.comm_close_problem("w1", {"c9"})


# --------------------------------------------------------------------------- private files


def test_the_private_folder_is_new_and_owner_only():
    a, b = hardening.private_folder(), hardening.private_folder()
    try:
        assert a != b
        for folder in (a, b):
            info = folder.stat()
            assert info.st_uid == os.getuid() and info.st_mode & 0o777 == 0o700
    finally:
        for folder in (a, b):
            folder.rmdir()


def test_configuration_is_not_read_from_folders_others_can_write(tmp_path, capsys):
    own, open_to_all, with_open_file = tmp_path / "own", tmp_path / "open", tmp_path / "file"
    for folder in (own, open_to_all, with_open_file):
        folder.mkdir(mode=0o755)
    open_to_all.chmod(0o777)
    (with_open_file / "voila.json").write_text("{}")
    (with_open_file / "voila.json").chmod(0o666)
    missing = tmp_path / "missing"
    kept = hardening.trusted_config_paths([str(own), str(open_to_all), str(with_open_file), str(missing), str(own)])
    assert kept == [str(own), str(missing)]
    assert capsys.readouterr().err.count("not reading configuration from") == 2
    if os.geteuid() == 0:
        other = tmp_path / "other"
        other.mkdir(mode=0o755)
        os.chown(other, 65534, 65534)
        assert hardening.trusted_config_paths([str(other)]) == [], "a folder another user owns"
