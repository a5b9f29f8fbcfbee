"""The shape of the code (issue 25): what a reader who must change a rule tomorrow relies on.

* no module over 800 lines and no function over 60 lines (its docstring aside) in
  ``daynight/`` and ``widgets/``; data files aside;
* no circle inside a game package: the modules of ``daynight/<game>/`` import each other in one
  direction (rules and data, then the engine, then records, bots and drawings);
* no import inside a function, unless it is a lazy import kept for import speed whose line
  carries its measured figure (``# lazy: ...``), or an optional dependency;
* no private name (``_x``) imported from another module of the package;
* the same names in every game package: ``daynight.<game>.Game`` is its ``GAME``, its view is a
  frozen value, and no engine overrides ``core.Game.play``.

Each check can fail: each reports what it found, file and line, so the message says what to mend.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("stars", "temples", "mtg", "sunmoon")
#: gettext's idiom: the names by which text is marked for translation are not private names
GETTEXT = frozenset({"_", "N_"})
MAX_MODULE = 800
MAX_FUNCTION = 60
#: the marker of a lazy import kept on purpose: the comment names the figure that justifies it
LAZY = "# lazy:"


def sources() -> list[Path]:
    out = sorted((ROOT / "daynight").rglob("*.py")) + sorted((ROOT / "widgets").rglob("*.py"))
    return [p for p in out if "data" not in p.relative_to(ROOT).parts[1:-1]]


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


#: one row per module, named by its path: ``pytest tests/test_shape.py -k stars`` checks one game's files
MODULES = pytest.mark.parametrize("path", sources(), ids=rel)


@MODULES
def test_no_module_over_800_lines(path):
    n = len(path.read_text(encoding="utf-8").splitlines())
    assert n <= MAX_MODULE, f"{rel(path)}: {n} lines, more than {MAX_MODULE}"


def function_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Lines of a function from its ``def`` to its end, its docstring aside."""
    n = node.end_lineno - node.lineno + 1  # type: ignore[operator]
    body = node.body
    if (
        body
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and isinstance(body[0].value.value, str)
    ):
        n -= body[0].end_lineno - body[0].lineno + 1  # type: ignore[operator]
    return n


@MODULES
def test_no_function_over_60_lines(path):
    long = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            n = function_lines(node)
            if n > MAX_FUNCTION:
                long.append(f"{rel(path)}:{node.lineno} {node.name}: {n} lines")
    assert not long, f"functions over {MAX_FUNCTION} lines (docstrings aside):\n" + "\n".join(long)


def imports_inside_functions(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    for node in ast.walk(parsed(path)):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for inner in ast.walk(node):
            if isinstance(inner, (ast.Import, ast.ImportFrom)) and LAZY not in lines[inner.lineno - 1]:
                if isinstance(inner, ast.ImportFrom) and inner.level == 0 and inner.module == "__future__":
                    continue
                found.append(f"{rel(path)}:{inner.lineno} in {node.name}: {lines[inner.lineno - 1].strip()}")
    return found


@MODULES
def test_no_import_inside_a_function_without_its_figure(path):
    found = imports_inside_functions(path)
    assert not found, (
        f"imports inside functions (a lazy import kept for speed says so on its line, "
        f"'{LAZY} <the figure>'):\n" + "\n".join(found)
    )


@MODULES
def test_no_private_name_crosses_a_module(path):
    found = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.ImportFrom) and (node.level > 0 or (node.module or "").startswith("daynight")):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__") and alias.name not in GETTEXT:
                    found.append(f"{rel(path)}:{node.lineno} imports {alias.name} from {node.module or '.'}")
    assert not found, "private names imported from another module:\n" + "\n".join(found)


def package_graph(game: str) -> dict[str, set[str]]:
    """module -> the modules of the same package it imports at its top level."""
    folder = ROOT / "daynight" / game
    names = {p.stem for p in folder.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for p in folder.glob("*.py"):
        deps: set[str] = set()
        for node in parsed(p).body:
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    deps.add(node.module.split(".")[0])
                else:
                    deps.update(a.name for a in node.names if a.name in names)
            elif isinstance(node, ast.If):  # `if TYPE_CHECKING:` imports make no circle at run time
                continue
        graph[p.stem] = deps & names - {p.stem}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == 1:
                return stack[stack.index(dep) :] + [dep]
            if dep not in state and (found := visit(dep)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


@pytest.mark.parametrize("game", GAMES)
def test_no_circle_inside_a_game_package(game):
    graph = package_graph(game)
    graph.pop("__init__", None)
    for deps in graph.values():
        deps.discard("__init__")
    found = cycle(graph)
    assert found is None, f"daynight/{game}: a circle of imports: {' -> '.join(found or [])}"


def test_cycle_finds_a_circle():  # the check above can fail
    assert cycle({"engine": {"records"}, "records": {"engine"}}) == ["engine", "records", "engine"]
    assert cycle({"engine": {"rules"}, "rules": set(), "records": {"engine"}}) is None


@pytest.mark.parametrize("game", GAMES)
def test_one_shape(game):
    from daynight.core import Game

    module = importlib.import_module(f"daynight.{game}")
    assert getattr(module, "Game", None) is module.GAME, f"daynight.{game}.Game is not its GAME"
    assert module.GAME.play is Game.play, f"daynight.{game}: the engine overrides core's play"
    view = module.demo(0).view(VIEWER[game])
    assert dataclasses.is_dataclass(view) and type(view).__dataclass_params__.frozen, (  # type: ignore[attr-defined]
        f"daynight.{game}: view() gives a {type(view).__name__}, not a frozen value"
    )


#: a player of each game's seeded demo
VIEWER = {"stars": 0, "temples": "day", "mtg": "Alice", "sunmoon": 0}
