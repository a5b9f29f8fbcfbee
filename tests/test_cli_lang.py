"""``daynight replay --lang`` (issue 22): a Sonne und Mond game explained in Traditional Chinese on
the command line and in its HTML export; a game the catalog does not cover yet is one line on
standard error (in the language asked for) and otherwise the English report, byte for byte."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from daynight import cli, game_class, game_module, i18n
from daynight.review import Review, html
from daynight.sunmoon import SunMoon
from tests.review_support import untranslated


@pytest.fixture
def sunmoon_record(tmp_path):
    path = tmp_path / "sunmoon.json"
    game_module("sunmoon").demo(3).save(str(path))
    return path


@pytest.fixture
def stars_record(tmp_path):
    path = tmp_path / "stars.json"
    game_module("stars").demo(1).save(str(path))
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert i18n.language() == "en"  # the command leaves the process in the language it found
    return code, out, err


def zh_log(seed: int) -> str:
    """The demo's explained log, played under the zh-TW catalog (the sentences are said as the
    rules fire, so the game is played again in the language)."""
    with i18n.in_language("zh-TW"):
        return game_module("sunmoon").demo(seed).log.explain()


def test_a_sunmoon_game_is_explained_in_traditional_chinese(sunmoon_record, capsys):
    code, out, err = run(capsys, "replay", str(sunmoon_record), "--lang", "zh-TW")
    assert code == 0 and err == ""
    log = zh_log(3)
    assert log in out and log != game_module("sunmoon").demo(3).log.explain()
    lines = out.split("\n")
    assert lines[0] == f"{SunMoon.title}：從 {sunmoon_record} 重播了 70 步"
    assert "經過：" in lines and "最後局面：" in lines
    assert "Events:" not in out and "Final state:" not in out and "moves replayed" not in out
    assert "日排" in out and "夜排" in out and "得分" in out


@pytest.mark.parametrize("spelling", ["zh_TW", "zh-tw"])
def test_the_language_may_be_spelled_as_gettext_does(sunmoon_record, capsys, spelling):
    _, zh, _ = run(capsys, "replay", str(sunmoon_record), "--lang", "zh-TW")
    assert run(capsys, "replay", str(sunmoon_record), "--lang", spelling)[1] == zh


def test_english_is_the_default_and_the_same_as_asking_for_it(sunmoon_record, capsys):
    code, out, err = run(capsys, "replay", str(sunmoon_record))
    assert code == 0 and err == ""
    assert "Events:" in out and "Final state:" in out and "日排" not in out
    assert game_module("sunmoon").demo(3).log.explain() in out
    assert run(capsys, "replay", str(sunmoon_record), "--lang", "en") == (0, out, "")


def test_a_game_not_translated_yet_is_one_line_then_english(stars_record, capsys):
    assert not i18n.covers("stars", "zh-TW")
    english = run(capsys, "replay", str(stars_record))
    code, out, err = run(capsys, "replay", str(stars_record), "--lang", "zh-TW")
    assert code == 0 and out == english[1]
    assert err.count("\n") == 1 and "還沒有繁體中文翻譯" in err and "以英文顯示" in err
    assert err.startswith(game_class("stars").title)


def test_the_steps_and_the_json_are_in_the_language_too(sunmoon_record, capsys):
    code, out, _ = run(capsys, "replay", str(sunmoon_record), "--lang", "zh-TW", "--steps", "--upto", "3")
    assert code == 0 and "  -> 第 1 步之後：" in out and "after move" not in out
    code, out, _ = run(capsys, "replay", str(sunmoon_record), "--lang", "zh-TW", "--json")
    data = json.loads(out)
    assert code == 0 and "\n".join(
        f"{i:4d}. [{e['rule']}] {e['text']}" for i, e in enumerate(data["events"])
    ) == zh_log(3)


def test_an_unknown_language_is_refused_in_one_line(sunmoon_record, capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["replay", str(sunmoon_record), "--lang", "fr"])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().split("\n")[-1]
    assert err.endswith("argument --lang: unknown language 'fr'; expected one of en, zh-TW")


def test_a_refused_move_is_said_in_the_language(sunmoon_record, capsys):
    record = json.loads(sunmoon_record.read_text(encoding="utf-8"))
    first = record["moves"][0]
    record["moves"][1] = dict(first)  # the same card again, by the same player, out of turn
    sunmoon_record.write_text(json.dumps(record), encoding="utf-8")
    code, _, english = run(capsys, "replay", str(sunmoon_record))
    assert code == 2 and "it is" in english and "turn order" in english
    code, out, err = run(capsys, "replay", str(sunmoon_record), "--lang", "zh-TW")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "$.moves[1]" in err
    assert "之前的 1 步可以重播" in err and f"daynight replay {sunmoon_record} --upto 1" in err
    assert "現在輪到" in err and "it is" not in err


def test_the_html_export_draws_and_explains_in_the_language(sunmoon_record, tmp_path, capsys):
    out_file = tmp_path / "game.html"
    code, out, err = run(capsys, "replay", str(sunmoon_record), "--lang", "zh-TW", "--html", str(out_file))
    assert code == 0 and err == ""
    assert out == f"已寫入 {out_file}：{SunMoon.title} 的 70 步，可以用任何瀏覽器開啟\n"
    page = out_file.read_text(encoding="utf-8")
    first_sentence = zh_log(3).split("\n")[1].split("] ", 1)[1]
    assert first_sentence in page
    assert 'xml:lang="zh-TW"' in page and "抽牌堆" in page and "the draw pile" not in page


def test_the_html_export_of_a_game_not_translated_yet_is_english(stars_record, tmp_path, capsys):
    english, chinese = tmp_path / "en.html", tmp_path / "zh.html"
    run(capsys, "replay", str(stars_record), "--html", str(english))
    code, out, err = run(capsys, "replay", str(stars_record), "--lang", "zh-TW", "--html", str(chinese))
    assert code == 0 and out.startswith("wrote ") and err.count("\n") == 1 and "以英文顯示" in err
    assert chinese.read_text(encoding="utf-8") == english.read_text(encoding="utf-8")


def test_a_missing_catalog_is_one_line(sunmoon_record, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_loaded", {})
    code, out, err = run(capsys, "replay", str(sunmoon_record), "--lang", "zh-TW")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "no compiled catalog for zh-TW" in err and "Traceback" not in err


# --------------------------------------------------------------------------- the whole page in zh-TW


@pytest.fixture
def review_in_zh():
    """The package's zh-TW catalog, which translates every message of the review (tests/review_support.py)."""
    assert untranslated("zh-TW") == []


class Words(HTMLParser):
    """The words a reader meets in a page, outside its drawings, script and style: each text with
    the classes around it, and every ``aria-label`` and ``title``."""

    SKIP = ("svg", "script", "style")
    VOID = ("meta", "input", "br", "img", "link")

    def __init__(self, text: str):
        super().__init__()
        self.texts: list[tuple[str, set[str]]] = []
        self.lang = ""
        self._open: list[tuple[str, set[str]]] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang", "")
        skipped = any(t in self.SKIP for t, _c in self._open)
        if not skipped and tag not in self.SKIP:
            self.texts += [(a[k], {"@" + k}) for k in ("aria-label", "title") if a.get(k)]
        if tag not in self.VOID:
            self._open.append((tag, set((a.get("class") or "").split())))

    def handle_endtag(self, tag):
        while self._open:
            if self._open.pop()[0] == tag:
                break

    def handle_data(self, data):
        if data.strip() and not any(t in self.SKIP for t, _c in self._open):
            self.texts.append((data.strip(), set().union(*(c for _t, c in self._open))))


#: what may stay in Latin letters in a zh-TW page: rule ids (``[harvest]``) and options as the record
#: has them (``animal_without_follow_up=skip``), the keys' own names in the keys' sentence, and the
#: names of the game and the players
KEY_NAMES = re.compile(r"Page Up|Page Down|Home|End")


def latin_words(page: str, names: list[str]) -> list[str]:
    """The words of ``page`` in Latin letters that are not names, rule ids or keys."""
    found = []
    for text, classes in Words(page).texts:
        if "dn-rule" in classes:
            continue
        for name in sorted(names, key=len, reverse=True):
            text = text.replace(name, " ")
        if "dn-keys" in classes:
            text = KEY_NAMES.sub(" ", text)
        found += re.findall(r"[A-Za-z]{2,}", re.sub(r"\[[a-z0-9 -]+\]|\w+=\w+|daynight|HTML", " ", text))
    return found


def test_the_html_export_is_all_in_the_language(review_in_zh, sunmoon_record, tmp_path, capsys):
    """``daynight replay --lang zh-TW --html``: the page's lang, its title, buttons, labels and step
    counter in Traditional Chinese, and no English word left outside the names and rule ids."""
    out_file = tmp_path / "game.html"
    code, _out, err = run(capsys, "replay", str(sunmoon_record), "--lang", "zh-TW", "--html", str(out_file))
    assert code == 0 and err == ""
    page = out_file.read_text(encoding="utf-8")
    review = Review(str(sunmoon_record))
    names = [SunMoon.title, *(name for _p, name in review.players)]
    english = html(review)
    assert Words(english).lang == "en" and latin_words(english, names), "the English page is English"
    words = Words(page)
    assert words.lang == "zh-Hant-TW"
    assert not latin_words(page, names), latin_words(page, names)[:10]
    # each control word of the English page is gone: the buttons, the labels, the step counter
    for text, _classes in Words(english).texts:
        if text in ("Start", "Next move", "Back one turn", "Move number", "Go", "What happened") or "Move " in text:
            assert text not in page, text
    with i18n.in_language("zh-TW"):
        zh = Review(str(sunmoon_record))
        assert f"<title>{SunMoon.title}：回顧一局遊戲</title>" in page
        assert zh.describe(3) in page and zh.describe(3).startswith("第 3 步（共 70 步），第 ")
        assert '<button type="button" data-go="next" aria-keyshortcuts="ArrowRight">下一步</button>' in page
