"""The drawing of a temples question asked beside the board (``daynight/temples/exercise_draw.py``) is one
function with two arrangements: wide (the words beside the board) and, for a phone, narrow (the words
under it). Both say the same words and draw the same squares and spells, because both lay out the
question's words with the one helper; the package has one ``question`` (the wide one used to be a copy in
``draw.py``, its signature and its words written twice)."""

from __future__ import annotations

import re
from pathlib import Path

from daynight import draw as d
from daynight.temples import TemplesGame, exercise_draw

LINES = ["How many hours has Day left?", "Turn 1: Day awoke, and then: she cast a spell (its card below);"]


def drawn(width):
    game = TemplesGame.new(seed=3)
    spell = game.cards[game.hand[game.turn][0]]
    return exercise_draw.question(game, LINES, label="a question", highlight=[10, 11], spells=[(spell, "cast-0")],
                                  width=width)  # fmt: skip


def test_the_wide_and_the_narrow_question_say_the_same_words():
    wide, narrow = str(drawn(None)), str(drawn(390))
    assert 'viewBox="0 0 390 ' in narrow and 'viewBox="0 0 390 ' not in wide
    said = [" ".join(re.findall(r"\S+", " ".join(d.words(svg)))) for svg in (wide, narrow)]
    squares = [sorted(re.findall(r'data-key="(sq-\w+)"', svg)) for svg in (wide, narrow)]
    assert squares[0] == squares[1] and len(squares[0]) > 40
    assert 'data-key="cast-0"' in wide and 'data-key="cast-0"' in narrow
    for words in said:
        assert all(word in words for line in LINES for word in line.split()), words
    assert d.smallest_text(narrow) >= d.MIN_TEXT


def test_the_package_draws_a_question_in_one_place():
    package = Path(exercise_draw.__file__).parent
    defined = [p.name for p in sorted(package.glob("*.py")) if re.search(r"^def question\(", p.read_text(), re.M)]
    assert defined == ["exercise_draw.py"], defined
