"""The README's Python examples run as doctests, so the tour cannot drift from the code."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8, "the README lost its examples"
    assert result.failed == 0


def test_readme_gives_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert "make app" in text and "make test" in text
