"""The review of every game on a phone held upright (issue 23), without a browser: the review
model, the review app and the HTML file draw each game's narrow arrangement at a phone's width
(``daynight/<game>/draw_narrow.py``: exactly that wide, words of at least 11 px), and its wide one
on a wider screen; and the review app in Traditional Chinese (issue 22)."""

from __future__ import annotations

import html
import json
import re

import pytest
from daynight.widgets.review import ReviewApp, review_control

from daynight import GAMES, i18n
from daynight import draw as d
from daynight.review import NARROW_FILE_WIDTH, Review
from tests import review_support as support
from tests.frontend_support import FakeBrowser, click
from tests.test_review import normalised

PHONE = 390


def width_of(svg: str) -> float:
    found = re.search(r'viewBox="0 0 ([\d.]+) ', svg)
    assert found is not None, "a drawing has a viewBox"
    return float(found.group(1))


def some_steps(review: Review) -> list[int]:
    """The start, a step in the middle and the end."""
    return sorted({0, review.moves // 2, review.moves})


@pytest.mark.parametrize("name", list(GAMES))
def test_the_review_draws_the_narrow_table_at_a_phone_width_and_the_wide_one_above(name):
    review = Review(support.demo_record(name))
    assert review.narrow
    for n in some_steps(review):
        game = review.game(n)
        for viewer in (None, review.players[n % len(review.players)][0]):
            narrow = review.svg(n, viewer, PHONE)
            assert narrow == str(d.table(game, viewer, width=PHONE)), (n, viewer)
            assert width_of(narrow) == PHONE and d.smallest_text(narrow) >= d.MIN_TEXT, (n, viewer)
            wide = review.svg(n, viewer, None)
            assert wide == str(d.table(game, viewer)) and wide != narrow, (n, viewer)
            assert review.svg(n, viewer, 1280) == wide, "above the line: the wide table"


@pytest.mark.parametrize("name", list(GAMES))
def test_the_review_app_draws_the_narrow_table_on_a_phone_and_keeps_its_step_when_turned(name):
    app = FakeBrowser().open(ReviewApp(support.demo_record(name, moves=12)), screen="narrow", width=PHONE)
    assert width_of(app.table.svg) == PHONE
    for _ in range(3):
        click(app.table, "Next move")
    assert app.n == 3 and app.table.svg == app.review.svg(3, None, PHONE) and width_of(app.table.svg) == PHONE
    app.table._on_message(app.table, {"event": "screen", "screen": "wide", "width": 844}, [])
    assert app.n == 3 and app.table.svg == app.review.svg(3) != app.review.svg(3, None, PHONE)
    app.table._on_message(app.table, {"event": "screen", "screen": "narrow", "width": 360}, [])
    assert app.n == 3 and width_of(app.table.svg) == 360


@pytest.mark.parametrize("name", list(GAMES))
def test_the_html_file_holds_the_narrow_table_of_every_step(name):
    review, page = support.demo_export(name)
    found = re.search(r'<script type="application/json" id="dn-data">(.*?)</script>', page, re.S)
    assert found is not None, "the file holds its data"
    data = json.loads(found.group(1))
    wide = support.decode_data(data)
    narrow = support.decode_data({"pieces": data["pieces"], "steps": data["narrow"]})
    assert len(narrow) == len(wide) == review.moves + 1
    for n in range(review.moves + 1):
        assert narrow[n] == normalised(review.svg(n, None, NARROW_FILE_WIDTH)), f"step {n}"
        assert width_of(narrow[n]) == NARROW_FILE_WIDTH and wide[n] == normalised(review.svg(n))
    for n in some_steps(review):
        assert d.smallest_text(narrow[n]) >= d.MIN_TEXT, f"step {n}"
    assert len(page.encode("utf-8")) < 3_000_000, "a file to send by e-mail"


# --------------------------------------------------------------------------- the app in zh-TW


@pytest.fixture
def zh_tw():
    """zh-TW as the language shown, read from the package's own catalog (the one a reader gets)."""
    with i18n.in_language("zh-TW"):
        yield


def test_the_packages_catalog_translates_every_message_of_the_review():
    assert len(support.review_messages()) > 50
    assert support.untranslated("zh-TW") == [], "translate them in daynight/locale/zh_TW (make messages)"


def english_words(text: str, names: list[str]) -> list[str]:
    """The words of ``text`` (HTML: its words, not its tags) in Latin letters that are not names,
    rule ids, options or file names."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return re.findall(r"[A-Za-z]{2,}", re.sub(r"\[[a-z0-9 -]+\]|\w+=\w+|HTML|MB|\S+\.html", " ", text))


def app_words(app: ReviewApp) -> list[str]:
    """Every word of the app's controls, menus, messages, table targets and status."""
    words = [app.message.value, app.table.status, app.table.label, app.upload.description, app.events.value]
    for control in (app.demo, app.kept_menu, app.viewer, app.position, app.make_file):
        words.append(control.description)
        words += [str(label) for label, _value in getattr(control, "options", ())]
    words += [app.make_file.tooltip or "", re.sub(r"<[^>]+>", " ", app.link.value)]
    words += [t["name"] for t in app.table.targets]
    return words


def test_the_review_app_of_a_sunmoon_game_speaks_traditional_chinese(zh_tw):
    record = support.demo_record("sunmoon", moves=20)
    app = FakeBrowser().open(ReviewApp(record, demos={"日與夜": lambda: record}), screen="narrow", width=PHONE)
    click(app.table, "下一步")
    click(app.table, "下一回合")
    app.make_file.click()
    names = [app.review.title, *(name for _p, name in app.review.players)]
    words = app_words(app)
    assert (
        "下一步" in words and "上一回合" in words and "視角" in words and app.review.describe(app.n) in app.table.status
    )
    assert not [w for text in words for w in english_words(text, names)], words
    control = review_control(app.review.game(5), viewer=0)
    assert control.button.description == "回顧到目前為止的遊戲"
    control.button.click()
    assert control.button.description == "關閉回顧" and control.app is not None
    assert not [w for text in app_words(control.app) for w in english_words(text, names)]
