"""Every statement of the four rule texts is taught, and the exercises practise enough of them.

* The 171 ids of ``docs/rule-checklist.md`` (a copy of the research checklist, so this runs
  from a clean clone) are each named by a cell of their game's walkthrough that holds an
  example and an ``assert``. A walkthrough cell names the ids it teaches in its metadata
  (``tools.nb.code(..., teaches=["S16"])`` writes ``"teaches": ["S16"]``). This fails when an
  id is taught nowhere, when a cell names an id that does not exist or belongs to another game,
  or when a code cell claims to teach without an ``assert``.
* The checklist is package data too (``daynight/data/checklist.json``, with the seed's own
  words for each statement, which the exercises quote): it says what the markdown says.
* The exercise kinds (``daynight/<game>/exercises.py``) name the ids they practise; the count
  practised per game may not drop below :data:`PRACTISED_AT_LEAST`, and every statement of
  :data:`DECIDES` (what decides something a player sees on the table) must be practised. A
  game's floor is raised as its kinds land (issue 18 asks for 92 of the 171 in all: stars 20
  of 35, temples 35 of 75, mtg 12 of 19, sunmoon 25 of 42).
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from daynight.practice import checklist as package_checklist
from daynight.practice import kinds_of

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


# --------------------------------------------------------------------------- the checklist as package data

LINE = re.compile(r"^- \[[ x]\] ((?:S|T|M|U)(?:-EX)?\d+) (.*?) \[(.*)\](?: \(ambiguous: (.*)\))?$")


def test_the_package_data_says_what_the_markdown_says():
    data = package_checklist()
    seen = []
    for line in CHECKLIST.read_text(encoding="utf-8").splitlines():
        match = LINE.match(line)
        if not match:
            continue
        ident, statement, anchor, ambiguous = match.groups()
        item = data[ident]
        seen.append(ident)
        assert item.statement == statement, ident
        quoted = f'{item.anchor} / "{item.translation}"' if item.translation else item.anchor
        assert anchor == quoted, ident
        assert item.ambiguous == (ambiguous or ""), ident
        assert item.game == GAMES[ident[0]], ident
        # the seed's words hold the anchor (typographic quotes aside)
        plain = {ord("\u2019"): "'", ord("\u2018"): "'", ord("\u201c"): '"', ord("\u201d"): '"'}
        assert item.anchor.translate(plain).lower() in item.words.translate(plain).lower(), ident
    assert seen == list(data), "the same ids in the same order"


# --------------------------------------------------------------------------- what the exercises practise

#: the least number of statements each game's exercises practise (raise a game's floor as its
#: kinds land; issue 18's floors: stars 20, temples 35, mtg 12, sunmoon 25, 92 in all)
PRACTISED_AT_LEAST = {"stars": 20, "temples": 0, "mtg": 0, "sunmoon": 0}
#: the statements that decide something a player sees on the table (a winner, an order, a legal
#: place, a change of day and night, a score): each must be practised
DECIDES = {
    "stars": [
        "S6",
        "S11",
        "S13",
        "S16",
        "S17",
        "S18",
        "S19",
        "S20",
        "S21",
        "S22",
        "S23",
        "S24",
        "S25",
        "S28",
        "S30",
        "S31",
        "S32",
        "S33",
    ],
    "temples": [],
    "mtg": [],
    "sunmoon": [],
}


def practised(game: str) -> set[str]:
    if importlib.util.find_spec(f"daynight.{game}.exercises") is None:
        return set()
    return {i for kind in kinds_of(game) for i in kind.rules}


def test_what_the_exercises_practise(capsys):
    ids = checklist()
    report = []
    for game in GAMES.values():
        done = practised(game)
        unknown = done - set(ids[game])
        assert not unknown, f"the {game} exercises name ids that are not {game}'s: {sorted(unknown)}"
        report.append(f"{game} {len(done)} of {len(ids[game])}")
        missing = [i for i in DECIDES[game] if i not in done]
        assert not missing, f"{game}: statements that decide what a player sees are not practised: {missing}"
        assert len(done) >= PRACTISED_AT_LEAST[game], (
            f"{game}: {len(done)} statements practised, fewer than {PRACTISED_AT_LEAST[game]}: {sorted(done)}"
        )
    with capsys.disabled():
        print(f"\npractised by the exercises: {', '.join(report)}")
