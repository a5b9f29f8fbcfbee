"""The guided game and a language switch (widgets/guide.py ``Guide.say_again``): an app that switches
its language mid-game asks the guide to say everything again; it neither replaces the guide's button
nor sets the guide's fields. The guide's "Learn to play" button speaks the app's language (``speaking``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from daynight.widgets.sunmoon import SunMoonApp

from daynight import i18n

WIDGETS = Path(__file__).resolve().parent.parent / "widgets"


@pytest.fixture
def english_after():
    """The app sets the kernel's language (process-wide): put English back for the next test."""
    yield
    i18n.set_language("en")


def test_a_switch_on_the_goals_note_says_the_goal_again(english_after):
    app = SunMoonApp()
    app.guide.start()
    english = dict(app.table.note)
    assert [b["name"] for b in english["buttons"]] == ["Start"]
    app.language_in.value = "zh-TW"
    note = app.table.note
    assert note["heading"] == i18n.gettext("Learn to play {title}").format(
        title=i18n.gettext("Sonne und Mond (日與夜)")
    )
    assert note["heading"] != english["heading"] and note["text"] != english["text"]
    assert [b["name"] for b in note["buttons"]] == [i18n.gettext("Start")], "the guided game still waits for Start"
    assert app.guide.start_button.description == i18n.gettext("Learn to play") != "Learn to play"
    assert app.table.choose(app.table.target_id(i18n.gettext("Start")))
    app.language_in.value = "en"
    assert app.table.note.get("heading") in (None, "Your move"), "after Start: the game's own notes"
    assert app.guide.start_button.description == "Learn to play"


def test_the_guides_button_speaks_its_apps_language(english_after):
    chinese, english = SunMoonApp(seed=2, language="zh-TW"), SunMoonApp(seed=2, language="en")
    assert i18n.language() == "en" and chinese.guide.start_button.description != "Learn to play"
    chinese.guide.start_button.click()  # the last app to speak was the English one
    assert chinese.guide.active and chinese.game.names[0] == "你"
    assert re.search("[\u4e00-\u9fff]", chinese.table.note["heading"]), chinese.table.note["heading"]
    assert not english.guide.active


def test_no_app_sets_the_guides_fields():
    for path in sorted(WIDGETS.glob("*.py")):
        if path.name == "guide.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not re.search(r"\bguide\.\w+(\s*,\s*[\w.]+)*\s*=[^=]", line), f"{path.name}:{n}: {line.strip()}"
            assert not re.search(r"\bguide\._", line), f"{path.name}:{n}: a private name of the guide"
