"""Packaging: the console script, the ``daynight.widgets`` package-dir mapping, the extras,
and a wheel built from a clean copy of the sources that carries exactly the package.

(``import daynight`` pulling in no third-party module is checked in tests/test_core.py.)
"""

from __future__ import annotations

import ast
import csv
import importlib.metadata as md
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]


# --------------------------------------------------------------------------- console script


def test_console_script_is_declared_and_installed():
    assert PROJECT["scripts"] == {"daynight": "daynight.cli:main"}
    scripts = {
        ep.name: ep.value
        for ep in md.entry_points(group="console_scripts")
        if ep.dist and ep.dist.metadata["Name"] == "daynight"
    }
    assert scripts == {"daynight": "daynight.cli:main"}, "reinstall: pip install -e '.[notebooks,test]'"
    main = next(ep for ep in md.entry_points(group="console_scripts") if ep.name == "daynight").load()
    from daynight.cli import main as cli_main

    assert main is cli_main


def test_console_script_runs():
    exe = Path(sysconfig.get_path("scripts")) / "daynight"
    assert exe.exists(), f"no {exe}: the console script is not installed"
    out = subprocess.run([str(exe), "--help"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    for game in ("stars", "temples", "mtg", "sunmoon"):
        assert game in out.stdout
    games = subprocess.run([str(exe), "games"], capture_output=True, text=True, timeout=60)
    assert games.returncode == 0 and len(games.stdout.strip().splitlines()) == 4, games.stdout + games.stderr
    # python -m daynight is the same command
    same = subprocess.run([sys.executable, "-m", "daynight", "games"], capture_output=True, text=True, timeout=60)
    assert same.stdout == games.stdout


# --------------------------------------------------------------------------- package-dir mapping


def test_widgets_folder_is_installed_as_daynight_widgets():
    setuptools_conf = PYPROJECT["tool"]["setuptools"]
    assert setuptools_conf["package-dir"] == {"daynight.widgets": "widgets"}
    assert "daynight.widgets" in setuptools_conf["packages"]
    import daynight.widgets
    import daynight.widgets.common
    import daynight.widgets.serve

    assert Path(daynight.widgets.__file__).resolve().parent == ROOT / "widgets"
    assert Path(daynight.widgets.serve.__file__).resolve() == ROOT / "widgets" / "serve.py"


def test_every_widget_module_is_importable_as_daynight_widgets():
    import importlib

    for path in sorted((ROOT / "widgets").glob("*.py")):
        if path.stem != "__init__":
            module = importlib.import_module(f"daynight.widgets.{path.stem}")
            assert Path(module.__file__).resolve() == path


def test_the_class_server_is_a_package_of_its_own_and_keeps_its_old_name():
    import daynight.widgets.serve

    import daynight.server
    import daynight.server.command

    assert Path(daynight.server.__file__).resolve().parent == ROOT / "daynight" / "server"
    assert daynight.widgets.serve.offline_template is daynight.server.command.offline_template
    assert "daynight.server" in PYPROJECT["tool"]["setuptools"]["packages"]


def test_serve_finds_the_notebooks_of_this_repository(monkeypatch):
    from daynight.server import apps as serve

    monkeypatch.delenv("DAYNIGHT_NOTEBOOKS", raising=False)
    assert serve.notebooks_dir() == ROOT / "notebooks"
    assert serve.repository_root() == ROOT
    monkeypatch.setenv("DAYNIGHT_NOTEBOOKS", str(ROOT / "benchmarks" / "hello"))
    assert serve.notebooks_dir() == ROOT / "benchmarks" / "hello"


def test_app_notebooks_are_the_landing_page_and_the_play_apps(tmp_path):
    from daynight.server.apps import app_notebooks, kernel_pools, learning_notebooks

    for rel in (
        "index.ipynb",
        "stars/play.ipynb",
        "stars/rules.ipynb",
        "stars/practice.ipynb",
        "mtg/tracker.ipynb",
        "mtg/charts.ipynb",
        "deep/er/play.ipynb",
        "deep/er/rules.ipynb",
        ".ipynb_checkpoints/play.ipynb",
        ".hidden/practice.ipynb",
        "notes.ipynb",
    ):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("{}")
    assert app_notebooks(tmp_path) == ["index.ipynb", "mtg/tracker.ipynb", "stars/play.ipynb"]
    assert learning_notebooks(tmp_path) == ["stars/practice.ipynb", "stars/rules.ipynb"]
    assert kernel_pools(tmp_path, 2) == {
        "default": {"pool_size": 0},
        "index.ipynb": {"pool_size": 2},
        "mtg/tracker.ipynb": {"pool_size": 2},
        "stars/play.ipynb": {"pool_size": 2},
    }
    assert kernel_pools(tmp_path, 2, 1) == {
        "default": {"pool_size": 0},
        "index.ipynb": {"pool_size": 2},
        "mtg/tracker.ipynb": {"pool_size": 2},
        "stars/play.ipynb": {"pool_size": 2},
        "stars/practice.ipynb": {"pool_size": 1, "after_apps": True},
        "stars/rules.ipynb": {"pool_size": 1, "after_apps": True},
    }


def test_the_served_learning_pages_are_every_practice_page_and_walkthrough():
    from daynight.server.apps import learning_notebooks

    games = ("mtg", "stars", "sunmoon", "temples")
    english = [f"{g}/{page}.ipynb" for g in games for page in ("practice", "rules")]
    translated = ["sunmoon/practice.zh-TW.ipynb", "sunmoon/rules.zh-TW.ipynb"]  # their translations too
    assert learning_notebooks(ROOT / "notebooks") == sorted(english + translated)


@pytest.mark.parametrize(
    "pool_size,pages,expected",
    [(1, 8, 1), (2, 8, 1), (5, 8, 3), (0, 8, 0), (3, 0, 0)],
)
def test_a_learning_page_gets_half_an_apps_pool(pool_size, pages, expected):
    from daynight.server.apps import learning_pool_size

    assert learning_pool_size(pool_size, pages) == expected


def test_learning_pools_only_where_the_cap_holds_them_and_room_for_visitors():
    import argparse

    from daynight.server.apps import LEARNING_HEADROOM
    from daynight.server.command import learning_line, learning_size
    from daynight.server.limits import Limits

    def plan(max_kernels, learning_pool_size=None, app_size=1):
        args = argparse.Namespace(learning_pool_size=learning_pool_size)
        limits = Limits(max_kernels, 6, 40, 120.0, 2)
        size = learning_size(args, app_size, 8, 5 * app_size, limits)
        return size, learning_line(args, app_size, 5 * app_size, size, 8, limits)

    size, line = plan(5 + 8 + LEARNING_HEADROOM)
    assert size == 1 and "1 preheated kernel(s) for each of 8 pages, warmed after the apps', 8 in all" in line
    size, line = plan(5 + 8 + LEARNING_HEADROOM - 1)  # the cap of the browser tests of limits (9) and up
    assert size == 0 and "not preheated: the cap of 20 kernels does not hold their 8 beside the apps' 5" in line
    assert plan(9, learning_pool_size=2)[0] == 2, "--learning-pool-size is the teacher's word"
    assert plan(100, app_size=0) == (0, "daynight: learning pages (practice pages and walkthroughs): not preheated")
    assert plan(100, app_size=5)[0] == 3


# --------------------------------------------------------------------------- extras


def test_engines_need_nothing_and_python_311():
    assert PROJECT["dependencies"] == []
    assert PROJECT["requires-python"] == ">=3.11"


@pytest.mark.parametrize(
    "extra,needed",
    [
        ("notebooks", {"jupyterlab", "ipywidgets", "voila", "plotly", "anywidget", "pandas"}),
        ("test", {"pytest", "hypothesis", "nbval", "playwright", "pytest-rerunfailures", "pytest-xdist"}),
    ],
)
def test_extras_name_what_the_layers_import(extra, needed):
    reqs = [Requirement(r) for r in PROJECT["optional-dependencies"][extra]]
    names = {r.name.lower() for r in reqs}
    assert names == needed
    for r in reqs:
        assert r.specifier, f"{r.name} in the {extra} extra has no version bound"


@pytest.mark.parametrize("extra", ["notebooks", "test"])
def test_installed_versions_satisfy_the_extras(extra):
    for text in PROJECT["optional-dependencies"][extra]:
        req = Requirement(text)
        version = md.version(req.name)
        assert req.specifier.contains(version, prereleases=True), f"{req.name} {version} does not satisfy {text}"


def test_installed_metadata_declares_the_extras():
    meta = md.metadata("daynight")
    assert set(meta.get_all("Provides-Extra")) >= {"notebooks", "test"}
    requires = md.requires("daynight") or []
    for extra in ("notebooks", "test"):
        declared = {Requirement(r).name for r in requires if f'extra == "{extra}"' in r}
        assert declared == {Requirement(r).name for r in PROJECT["optional-dependencies"][extra]}


# --------------------------------------------------------------------------- data files


def test_every_data_file_row_says_where_it_comes_from():
    data = ROOT / "daynight" / "data"
    for path in sorted(data.glob("*.csv")):
        with path.open(encoding="utf-8", newline="") as f:
            rows = list(csv.DictReader(f))
        assert rows, f"{path.name} is empty"
        assert "provenance" in rows[0], f"{path.name} has no provenance column"
        bad = [i for i, row in enumerate(rows, 2) if row["provenance"] not in ("attested", "reconstructed")]
        assert not bad, f"{path.name}: lines {bad[:5]} are neither attested nor reconstructed"


# --------------------------------------------------------------------------- the wheel


def test_wheel_from_a_clean_copy_carries_the_package(tmp_path):
    """Build a wheel from the tracked sources as pip does for a user (isolated build: pip
    fetches pyproject's build requirements, from its cache when warm) and look inside."""
    src = tmp_path / "src"
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for rel in filter(None, tracked.decode().split("\0")):
        if (ROOT / rel).is_file():
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, src / rel)
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path / "dist"), str(src)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-2000:]
    wheel = next((tmp_path / "dist").glob("daynight-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for module in (
        "daynight/__init__.py",
        "daynight/core.py",
        "daynight/cli.py",
        "daynight/widgets/__init__.py",
        "daynight/widgets/common.py",
        "daynight/widgets/serve.py",
        "daynight/server/__main__.py",
        "daynight/review.html",
        "daynight/server/busy.html",
        "daynight/widgets/common.css",
    ):
        assert module in names, f"{module} is missing from {wheel.name}"
    files = set(filter(None, tracked.decode().split("\0")))
    for rel in sorted(files):
        if rel.startswith("widgets/") and rel.endswith((".py", ".js", ".css", ".html")):
            assert "daynight/" + rel in names, f"{rel} is not in the wheel as daynight/{rel}"
        if rel.startswith("daynight/") and rel.endswith((".py", ".html", ".css", ".js")):  # markup in files too
            assert rel in names, f"{rel} is not in the wheel"
        if rel.startswith("daynight/data/") and rel.endswith((".csv", ".json")):
            assert rel in names, f"data file {rel} is not in the wheel"
        if rel.startswith("daynight/locale/") and rel.endswith(".po"):  # compiled at build time, never tracked
            assert rel[:-3] + ".mo" in names, f"{rel} is not compiled into the wheel"
    tops = {n.split("/")[0] for n in names}
    assert tops <= {"daynight", f"daynight-{PROJECT['version']}.dist-info"}, tops
    meta = zipfile.ZipFile(wheel).read(f"daynight-{PROJECT['version']}.dist-info/entry_points.txt").decode()
    assert "daynight = daynight.cli:main" in meta


# --------------------------------------------------------------------------- the test layers


def _test_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}


def test_each_long_browser_test_exists_and_its_widget_level_test_runs_in_make_test():
    """A long browser test renamed would run in ``make test`` again unnoticed, and one without the
    widget-level test named beside it would leave ``make test`` without what it checks."""
    from tests.browser.conftest import LONG

    assert LONG, "make test-long runs the long browser tests"
    for name, widget_level in LONG.items():
        file, test = name.split("::")
        assert test in _test_functions(ROOT / "tests" / "browser" / file), f"tests/browser/{name} is not there"
        beside_file, beside_test = widget_level.split("::")
        assert beside_test in _test_functions(ROOT / beside_file), (
            f"{widget_level} (its test in make test) is not there"
        )


def test_make_test_leaves_the_long_tests_to_make_test_long_and_ci_runs_both():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipes = re.findall(r"^(test|test-long):[^\n]*\n((?:\t[^\n]*\n)+)", makefile, re.M)
    steps = dict(recipes)
    assert 'pytest tests/browser -m "not long"' in steps["test"]
    assert "pytest tests/browser -m long" in steps["test-long"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.index("make test\n") < ci.index("make test-long\n"), ".ci/run runs make test-long after make test"
