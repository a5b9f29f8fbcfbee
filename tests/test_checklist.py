"""Every statement of the four rule texts is taught: the 171 ids of ``docs/rule-checklist.md``
(a copy of the research checklist, so this runs from a clean clone) are each named by a cell
of their game's walkthrough that holds an example and an ``assert``.

A walkthrough cell names the ids it teaches in its metadata (``tools.nb.code(...,
teaches=["S16"])`` writes ``"teaches": ["S16"]``). This test fails when an id is taught
nowhere, when a cell names an id that does not exist or belongs to another game, or when a
code cell claims to teach without an ``assert``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKLIST = ROOT / "docs" / "rule-checklist.md"
#: checklist prefix -> the game whose walkthrough teaches it
GAMES = {"S": "stars", "T": "temples", "M": "mtg", "U": "sunmoon"}
ITEM = re.compile(r"^- \[[ x]\] ((S|T|M|U)(?:-EX)?\d+) ", re.M)


def checklist() -> dict[str, list[str]]:
    ids: dict[str, list[str]] = {game: [] for game in GAMES.values()}
    for match in ITEM.finditer(CHECKLIST.read_text(encoding="utf-8")):
        ids[GAMES[match.group(2)]].append(match.group(1))
    return ids


def taught(game: str) -> tuple[dict[str, list[int]], list[str]]:
    """id -> indexes of the code cells (with an assert) naming it; and the problems found."""
    nb = json.loads((ROOT / "notebooks" / game / "rules.ipynb").read_text(encoding="utf-8"))
    found: dict[str, list[int]] = {}
    problems = []
    for i, cell in enumerate(nb["cells"]):
        names = cell.get("metadata", {}).get("teaches", [])
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            problems.append(f"cell {i}: 'teaches' must be a list of ids, got {names!r}")
            continue
        if names and cell["cell_type"] == "code":
            source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            if not re.search(r"^\s*assert\b", source, re.M):
                problems.append(f"cell {i} names {names} but holds no assert")
                continue
            for name in names:
                found.setdefault(name, []).append(i)
    return found, problems


def test_the_checklist_has_its_171_statements():
    ids = checklist()
    assert sum(len(v) for v in ids.values()) == 171
    assert {k: len(v) for k, v in ids.items()} == {"stars": 35, "temples": 75, "mtg": 19, "sunmoon": 42}


@pytest.mark.parametrize("game", list(GAMES.values()))
def test_every_statement_is_taught_with_an_example_and_an_assert(game):
    ids = checklist()[game]
    found, problems = taught(game)
    unknown = sorted(set(found) - set(ids))
    missing = [i for i in ids if i not in found]
    assert not problems, problems
    assert not unknown, f"{game}/rules.ipynb names ids that are not in the checklist for {game}: {unknown}"
    assert not missing, f"{len(missing)} of {len(ids)} statements are not taught in {game}/rules.ipynb: {missing}"
