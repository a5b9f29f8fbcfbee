"""Every statement of the four rule texts is taught, and the exercises practise enough of them.

* The 171 ids of ``docs/rule-checklist.md`` (a copy of the research checklist, so this runs
  from a clean clone) are each named by a cell of their game's walkthrough that holds an
  example and an ``assert``. A walkthrough cell names the ids it teaches in its metadata
  (``tools.nb.code(..., teaches=["S16"])`` writes ``"teaches": ["S16"]``). This fails when an
  id is taught nowhere, when a cell names an id that does not exist or belongs to another game,
  or when a code cell claims to teach without an ``assert``. Every walkthrough of a game counts:
  ``rules.ipynb`` and each translation beside it (``rules.zh-TW.ipynb``, issue 22), so a
  translated walkthrough cannot drop a rule the English one teaches.
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


#: the translated walkthroughs there must be (``notebooks/<game>/rules.<language>.ipynb``)
TRANSLATED = {"sunmoon": ["zh-TW"]}


def walkthroughs() -> list[tuple[str, str]]:
    """(game, notebook name) of every walkthrough: each game's ``rules.ipynb`` and its translations."""
    found = []
    for game in GAMES.values():
        names = sorted(p.name for p in (ROOT / "notebooks" / game).glob("rules*.ipynb"))
        found += [
            (game, name) for name in names if name == "rules.ipynb" or re.fullmatch(r"rules\.[\w-]+\.ipynb", name)
        ]
    return found


def taught(game: str, notebook: str = "rules.ipynb") -> tuple[dict[str, list[int]], list[str]]:
    """id -> indexes of the code cells (with an assert) naming it; and the problems found."""
    nb = json.loads((ROOT / "notebooks" / game / notebook).read_text(encoding="utf-8"))
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


def test_every_game_and_translation_has_its_walkthrough():
    expected = {(game, "rules.ipynb") for game in GAMES.values()}
    expected |= {(game, f"rules.{lang}.ipynb") for game, langs in TRANSLATED.items() for lang in langs}
    assert expected <= set(walkthroughs()), sorted(expected - set(walkthroughs()))


@pytest.mark.parametrize(("game", "notebook"), walkthroughs())
def test_every_statement_is_taught_with_an_example_and_an_assert(game, notebook):
    ids = checklist()[game]
    found, problems = taught(game, notebook)
    unknown = sorted(set(found) - set(ids))
    missing = [i for i in ids if i not in found]
    assert not problems, problems
    assert not unknown, f"{game}/{notebook} names ids that are not in the checklist for {game}: {unknown}"
    assert not missing, f"{len(missing)} of {len(ids)} statements are not taught in {game}/{notebook}: {missing}"


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
PRACTISED_AT_LEAST = {"stars": 27, "temples": 61, "mtg": 18, "sunmoon": 32}
#: the statements that decide something a player sees on the table (a winner, an order, a legal
#: place, a change of day and night, a score): each must be practised
DECIDES = {
    "stars": [
        "S5",
        "S6",
        "S8",
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
        "S26",
        "S27",
        "S28",
        "S29",
        "S30",
        "S31",
        "S32",
        "S33",
    ],
    # who begins and plays next, the hours, which spells and squares, what a spell changes, the
    # temples, the counters that come and go, the winner
    "temples": [
        "T12",
        "T14",
        "T16",
        "T17",
        "T19",
        "T21",
        "T22",
        "T23",
        "T24",
        "T26",
        "T27",
        "T28",
        "T29",
        "T30",
        "T31",
        "T32",
        "T48",
        "T49",
        "T52",
        "T53",
        "T54",
        "T57",
        "T58",
        "T59",
        "T60",
        "T61",
        "T63",
        "T64",
        "T65",
        "T66",
        "T67",
    ],
    # mtg: the designation (neither, day or night) and its changes, whether a check happens, whose
    # spells count, which face enters, what transforms, what triggers and when; not M2 (one
    # designation, not a decision), M15 (the stack, which the tracker does not draw), M19 (glossary)
    "mtg": ["M1", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "M10", "M11", "M12", "M13", "M14", "M16", "M17", "M18"],
    "sunmoon": [
        "U2",
        "U7",
        "U8",
        "U11",
        "U12",
        "U13",
        "U14",
        "U15",
        "U16",
        "U17",
        "U18",
        "U20",
        "U21",
        "U22",
        "U23",
        "U25",
        "U26",
        "U27",
        "U28",
        "U29",
        "U30",
        "U31",
        "U32",
        "U33",
        "U34",
    ],
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
