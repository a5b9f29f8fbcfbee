"""The Sonne und Mond walkthrough and practice page, English and zh-TW, come from one source (issue 22).

``tools/sunmoon_rules.py`` holds each page once; these tests fail when a committed notebook is not
what it writes (so a rule changed in one language is changed in both), when the two languages'
pages drift apart (a cell, a checklist id or an ``assert`` in one and not the other), when the
zh-TW page is not in zh-TW (its first code cell sets the language, its text is Chinese, it
links the zh-TW pages), or when it translates the play report's sentences instead of standing
on them (every clause of the report the English page quotes is in the zh-TW text as written).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from tools import sunmoon_rules
from tools.sunmoon_rules import LANGUAGES, PAGES, code, md, path_of, render, stale, tr

ROOT = Path(__file__).resolve().parent.parent
#: the play report, where the project's seed documents sit (``../shared/seeds/`` beside the clone, or the
#: folder ``DAYNIGHT_SEEDS`` names); the check against it is skipped where it is not on the machine
SEED = Path(os.environ.get("DAYNIGHT_SEEDS", ROOT.parent / "shared" / "seeds")) / "004_a35d5161f660a4cb.txt"
CJK = re.compile(r"[\u4e00-\u9fff]")
#: a passage of the report quoted in the English text ("...") and the clauses it is made of
QUOTE = re.compile(r'"([^"]*[\u4e00-\u9fff][^"]*)"')
CLAUSE = re.compile(r"\.\.\.|[，。！？、：；．「」『』（）《》〈〉\s↓…~＠]+")


def cells(path: Path) -> list[dict]:
    return json.loads((ROOT / path).read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    return "".join(cell["source"])


def test_the_committed_notebooks_are_what_the_source_writes():
    assert stale() == [], "run python -m tools.sunmoon_rules and commit the notebooks it writes"


def test_a_changed_notebook_is_found_stale(tmp_path):
    for page in PAGES:
        for language in LANGUAGES:
            (tmp_path / path_of(page, language)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / path_of(page, language), tmp_path / path_of(page, language))
    assert stale(tmp_path) == []
    changed = path_of(PAGES[0], "zh-TW")
    (tmp_path / changed).write_text((ROOT / changed).read_text(encoding="utf-8").replace("日排", "太陽排"), "utf-8")
    assert stale(tmp_path) == [changed]
    (tmp_path / path_of(PAGES[1], "en")).unlink()
    assert stale(tmp_path) == [changed, path_of(PAGES[1], "en")]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_both_languages_have_the_same_cells_ids_and_asserts(page):
    en, zh = (cells(path_of(page, language)) for language in LANGUAGES)
    assert [c["cell_type"] for c in en] == [c["cell_type"] for c in zh]
    assert [c["metadata"] for c in en] == [c["metadata"] for c in zh], "the same checklist ids, cell by cell"
    for i, (a, b) in enumerate(zip(en, zh, strict=True)):
        if a["cell_type"] == "code":
            asserts = [[line for line in text(c).splitlines() if "assert" in line] for c in (a, b)]
            assert asserts[0] == asserts[1], f"cell {i}: the asserts differ"
            shape = [re.sub(r'"[^"]*"', '""', text(c)) for c in (a, b)]
            assert len(shape[0].splitlines()) == len(shape[1].splitlines()), f"cell {i}: the code differs"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_the_zh_tw_page_speaks_zh_tw(page):
    en, zh = (cells(path_of(page, language)) for language in LANGUAGES)
    first = next(c for c in zh if c["cell_type"] == "code")
    assert 'set_language("zh-TW")' in text(first)
    assert 'set_language("en")' in text(next(c for c in en if c["cell_type"] == "code"))
    for i, (a, b) in enumerate(zip(en, zh, strict=True)):
        if a["cell_type"] == "markdown":
            assert text(a) != text(b) and CJK.search(text(b)), f"cell {i} is not translated"
            letters = re.sub(
                r"`[^`]*`|\([^)]*\.ipynb\)|[A-Za-z]+ und [A-Za-z]+|Drei Hasen in der Abendsonne", "", text(b)
            )
            words = re.findall(r"[A-Za-zÀ-ÿ]{4,}", letters)
            allowed = {"Sonne", "Mond", "Johann", "Rüttinger", "Jacques", "Zeimet", "attested", "reconstructed"}
            allowed |= {"setup", "record", "Enter"}
            assert set(words) <= allowed, f"cell {i}: English words in the zh-TW text: {set(words) - allowed}"
            links = re.findall(r"\]\(([^)]*\.ipynb)[^)]*\)", text(b))
            assert all(link.endswith(".zh-TW.ipynb") for link in links), f"cell {i} links an English page: {links}"


def test_the_zh_tw_walkthrough_stands_on_the_reports_own_sentences():
    # the seed itself is not in the repository; where it is at hand, the quotes are checked against it too
    seed = SEED.read_text(encoding="utf-8") if SEED.is_file() else None
    en, zh = (cells(path_of(PAGES[0], language)) for language in LANGUAGES)
    quoted = 0
    for i, (a, b) in enumerate(zip(en, zh, strict=True)):
        if a["cell_type"] != "markdown":
            continue
        for passage in QUOTE.findall(text(a)):
            for clause in filter(CJK.search, CLAUSE.split(passage)):
                quoted += 1
                assert seed is None or clause in seed, (
                    f"cell {i}: the English page quotes {clause!r}, which the report does not say"
                )
                assert clause in text(b), f"cell {i}: the report's {clause!r} is not in the zh-TW text"
    assert quoted > 60


def test_a_mark_without_words_or_words_without_a_mark_is_refused():
    cell = code('print("«hello»")', hello=tr("hello", "你好"))
    assert render(cell, "zh-TW", "x")["source"] == 'print("你好")'
    assert render(cell, "en", "x")["source"] == 'print("hello")'
    with pytest.raises(ValueError, match="no tr\\(\\) for nope"):
        render(code('print("«nope»")'), "en", "cell 3")
    with pytest.raises(ValueError, match="given but not used: extra"):
        render(code("x = 1", extra=tr("a", "b")), "en", "cell 3")
    with pytest.raises(ValueError, match="zh-TW text is empty"):
        render(md(en="# Title", zh=""), "zh-TW", "cell 0")


def test_the_tool_writes_every_page_in_every_language(tmp_path):
    written = sunmoon_rules.write(tmp_path)
    assert sorted(p.as_posix() for p in written) == [
        "notebooks/sunmoon/practice.ipynb",
        "notebooks/sunmoon/practice.zh-TW.ipynb",
        "notebooks/sunmoon/rules.ipynb",
        "notebooks/sunmoon/rules.zh-TW.ipynb",
    ]
    zh = json.loads((tmp_path / "notebooks/sunmoon/practice.zh-TW.ipynb").read_text(encoding="utf-8"))
    assert zh["metadata"]["title"] == "練習規則：日與夜"
    assert all(c["outputs"] == [] for c in zh["cells"] if c["cell_type"] == "code")


def test_each_try_it_is_its_question_then_its_table():
    # the set-up of a Try-it is written once (the page's try_it/ask, the source's try_it/report_step), so
    # each Try-it reads as its question: the question in words, then one call (a report step: its position,
    # the exercise asked on it, what the rules answer, then ask(...))
    written = Path(sunmoon_rules.__file__).read_text(encoding="utf-8")
    for heading in ("**Try it.**", "**試試看。**", "**Step {", "**第 {"):
        assert written.count(heading) == 1, f"{heading!r} is written {written.count(heading)} times in the source"
    for language in LANGUAGES:
        page = cells(path_of(PAGES[0], language))
        dealt, steps = [], []
        assert sum("PracticeApp(" in text(c) for c in page if c["cell_type"] == "code") == 1, "one table helper"
        for i, cell in enumerate(page):
            source = text(cell)
            asked = [c for c in page[:i] if c["cell_type"] == "markdown"][-1:]
            question = text(asked[0]) if asked else ""
            if cell["cell_type"] != "code" or "def try_it" in source:
                continue
            if "try_it(" in source:
                assert re.fullmatch(r'try_it\("\w+"\)', source), f"cell {i}: a Try-it is one call: {source!r}"
                assert question.startswith(("**Try it.** ", "**試試看。** ")), f"cell {i}: no question before it"
                dealt.append(source)
            if re.search(r"^(display\()?ask\(", source, re.M):
                number = re.match(r"\*\*(?:Step (\d+)|第 (\d+) 步)", question)
                assert number, f"cell {i}: a report step without its question"
                assert "PracticeApp" not in source and "exercises." in source and "assert step.answer" in source
                steps.append(int(number[1] or number[2]))
        assert len(dealt) == 10 and sorted(set(steps)) == list(range(1, 11)), (language, dealt, steps)
