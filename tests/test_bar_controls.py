"""The controls outside the drawn table (the bar's "Learn to play", New game, Forget this game,
the language menu) change the table as a click on it does: everything in one message to the
page, so that the page never shows a guided game's new note over the old drawing (a click there,
a learner's or a test's, is refused as stale: "The table changed before your click arrived")."""

from __future__ import annotations

from typing import Any

import pytest
from daynight.widgets.mtg import Tracker
from daynight.widgets.stars import StarsApp
from daynight.widgets.sunmoon import SunMoonApp
from daynight.widgets.temples import TemplesApp

from daynight import i18n
from tests.frontend_support import FakeBrowser, messages

APPS: dict[str, Any] = {
    "stars": (lambda: StarsApp(seed=1), "new_button"),
    "temples": (lambda: TemplesApp(seed=1), "new_button"),
    "sunmoon": (lambda: SunMoonApp(players=2, seed=4), "new_button"),
    "mtg": (lambda: Tracker(), "new_game_button"),
}


@pytest.fixture
def english_after():
    """The sunmoon app sets the kernel's language (process-wide): put English back."""
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("name", APPS)
def test_a_bar_control_changes_the_table_in_one_message(name, english_after):
    make, new_game = APPS[name]
    app = FakeBrowser().open(make())
    sent = messages(app.table)
    app.guide.start_button.click()  # Learn to play: the goal's note and the guided game's table
    assert app.guide.active and app.table.note, app.table.status
    assert len(sent) == 1 and {"note", "epoch"} <= sent[0], sent
    sent.clear()
    getattr(app, new_game).click()  # New game: the guided game's note taken away, a new table
    assert not app.guide.active and not app.table.note, app.table.note
    assert len(sent) == 1 and {"note", "epoch"} <= sent[0], sent
    sent.clear()
    app.keeper.forget_button.click()
    assert len(sent) == 1 and "status" in sent[0], sent


def test_the_language_menu_changes_the_table_in_one_message(english_after):
    app = FakeBrowser().open(SunMoonApp(players=2, seed=4))
    app.guide.start_button.click()
    sent = messages(app.table)
    app.language_in.value = "zh-TW"  # the goal's note said again, the table drawn again
    assert app.table.note["heading"] != "Learn to play Sonne und Mond", app.table.note
    assert len(sent) == 1 and {"note", "epoch"} <= sent[0], sent
