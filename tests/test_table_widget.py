"""The drawn table widget without a browser (targets, toggles, marks, values kept in the
browser), and the shared drawing primitives."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from daynight.widgets import common
from daynight.widgets import table as table_module
from daynight.widgets.table import MAX_STORED, TONES, Mark, Table, Target

from daynight import IllegalMoveError
from daynight import draw as d
from tests.frontend_support import messages

BLUE = d.Colour("blue", "#2f6fd0", "#ffffff", "stripes", "light")


def two_cards() -> d.Drawing:
    cards = [d.card(label=f"blue {v}", colour=BLUE, corner=str(v), key=f"card-{v}") for v in (3, 7)]
    return d.document(d.row(cards), label="two cards")


class Counter:
    def __init__(self):
        self.played: list[int] = []

    def play(self, v: int) -> None:
        if v == 7:
            raise IllegalMoveError("sevens may not be played", rule="test rule 7")
        self.played.append(v)


def test_a_chosen_target_runs_its_action_and_a_refusal_shows_the_rule():
    table, game = Table(), Counter()
    targets = [Target(f"play blue {v}", (lambda v=v: game.play(v)), key=f"card-{v}") for v in (3, 7)]
    table.draw(two_cards(), targets + [Target("Pass", lambda: None, primary=True)])
    assert table.epoch == 1
    assert table.target_names() == ["play blue 3", "play blue 7", "Pass"]
    assert [t["key"] for t in table.targets] == ["card-3", "card-7", None]
    assert table.choose(table.target_id("play blue 3")) is True
    assert game.played == [3]
    assert table.choose(table.target_id("play blue 7")) is False
    assert game.played == [3]
    assert table.status_kind == "error" and "sevens may not be played" in table.status
    assert "test rule 7" in table.status
    # the same refusal again is answered again (the browser clears its waiting state on ``said``)
    said = table.said
    assert table.choose(table.target_id("play blue 7")) is False
    assert table.said == said + 1 and table.epoch == 1


def test_messages_that_are_not_a_current_click_are_dropped():
    table, game = Table(), Counter()
    table.draw(two_cards(), [Target("play blue 3", lambda: game.play(3), key="card-3")])
    good = {"event": "choose", "target": "t0", "epoch": table.epoch}
    bad = [
        "choose t0",
        None,
        [],
        {"event": "choose"},
        dict(good, extra=1),
        dict(good, event="run"),
        dict(good, target=3),
        dict(good, target="x" * 10_000),
        dict(good, target="t9"),
        dict(good, epoch="1"),
        dict(good, epoch=True),
        dict(good, epoch=table.epoch - 1),
    ]
    for message in bad:
        table._on_message(table, message, [])
    assert game.played == [] and table.dropped == len(bad)
    table._on_message(table, good, [])
    assert game.played == [3]


def test_a_click_on_an_old_drawing_is_not_acted_on():
    table, game = Table(), Counter()
    table.draw(two_cards(), [Target("play blue 3", lambda: game.play(3), key="card-3")])
    stale = {"event": "choose", "target": "t0", "epoch": table.epoch}
    table.draw(two_cards(), [Target("play blue 3", lambda: game.play(3), key="card-3")])
    table._on_message(table, stale, [])
    assert game.played == [] and "changed" in table.status


def test_a_click_on_the_drawing_before_a_redraw_for_a_new_width_is_acted_on():
    """A drawing made again only because the page's width changed (the same choices) keeps a click
    sent on the one before it; a redraw for any other reason, or with other choices, does not."""
    table, game = Table(), Counter()

    def draw(names=("play blue 3",)):
        table.draw(two_cards(), [Target(n, lambda: game.play(3), key="card-3") for n in names])

    table.on_screen(lambda _screen, _width: draw())
    draw()
    sent = {"event": "choose", "target": "t0", "epoch": table.epoch}
    table._on_message(table, {"event": "screen", "screen": "narrow", "width": 390}, [])
    assert table.epoch == sent["epoch"] + 1  # drawn again for 390 px
    table._on_message(table, sent, [])
    assert game.played == [3]
    sent = dict(sent, epoch=table.epoch)
    draw()  # the same choices, drawn again after a move: a click on the drawing before is stale
    table._on_message(table, sent, [])
    assert game.played == [3] and "changed" in table.status
    table.on_screen(lambda _screen, _width: draw(("play blue 3", "Pass")))
    sent = dict(sent, epoch=table.epoch)
    table._on_message(table, {"event": "screen", "screen": "narrow", "width": 360}, [])
    table._on_message(table, sent, [])  # other choices on the new width's drawing: stale
    assert game.played == [3] and table.dropped == 2
    table._on_message(table, dict(sent, epoch=table.epoch + 1), [])  # a drawing not made yet
    assert game.played == [3] and table.dropped == 3


def test_every_click_is_answered_after_what_it_drew_and_nothing_else_counts_as_an_answer():
    """``answered`` (the page's ``data-answered``) grows by one per click, acted on or refused, and
    only after the click's drawing was sent: a page waits for it, not for a new epoch, which a
    drawing made again for a settling width also brings."""
    table, game = Table(), Counter()
    changes: list[tuple[str, int]] = []
    table.observe(lambda change: changes.append((change["name"], change["new"])), names=["epoch", "answered"])

    def draw():
        table.draw(two_cards(), [Target("play blue 3", lambda: (game.play(3), draw()), key="card-3")])

    table.on_screen(lambda _screen, _width: draw())
    draw()
    changes.clear()
    table._on_message(table, {"event": "screen", "screen": "narrow", "width": 390}, [])
    assert changes == [("epoch", 2)]  # a redraw for the width: a new epoch, no answer
    table._on_message(table, {"event": "choose", "target": "t0", "epoch": 2}, [])
    assert game.played == [3] and changes[1:] == [("epoch", 3), ("answered", 1)]  # the drawing, then the answer
    table._on_message(table, {"event": "choose", "target": "t0", "epoch": 2}, [])  # stale: refused, answered
    table._on_message(table, {"event": "choose", "target": "nothing", "epoch": 3}, [])  # unknown: answered
    table._on_message(table, {"event": "ping", "n": 1}, [])
    assert game.played == [3] and table.answered == 3 and table.dropped == 2


def test_what_a_click_changes_reaches_the_page_in_one_message():
    """A click's note, drawing and answer go to the page together: a guided game tells its next
    note before it draws the next table, and a page that showed that note before the drawing let a
    quick click (a test's, a learner's) land on the old drawing, refused as stale, the note never
    changing (test_mtg_guide timed out waiting for the next note)."""
    table, game = Table(), Counter()
    sent = messages(table)

    def turn():
        game.play(3)
        table.tell(table_module.Note("Your move: click the card again.", ()))
        draw()

    def draw():
        table.draw(two_cards(), [Target("play blue 3", turn, key="card-3")])

    draw()
    sent.clear()
    table._on_message(table, {"event": "choose", "target": "t0", "epoch": table.epoch}, [])
    assert game.played == [3] and len(sent) == 1, sent
    assert {"note", "epoch", "answered"} <= sent[0], sent


def test_keyboard_shortcuts_must_name_targets():
    table = Table()
    with pytest.raises(ValueError, match="no target"):
        table.draw(two_cards(), [Target("Next", lambda: None, id="next")], shortcuts={"ArrowLeft": "back"})
    table.draw(two_cards(), [Target("Next", lambda: None, id="next")], shortcuts={"ArrowRight": "next"})
    assert table.shortcuts == {"ArrowRight": "next"}


# --------------------------------------------------------------------------- primitives


def test_text_from_a_file_cannot_break_a_drawing():
    hostile = 'Ann</text><script>alert(1)</script>\n\x1b[31m\u202e"&'
    drawing = d.document(
        d.row([d.card(label=hostile, colour=BLUE, corner=hostile, caption=hostile), d.badge(hostile)]),
        label=hostile,
        desc=hostile,
    )
    root = ET.fromstring(drawing.svg)  # well-formed
    assert not [el for el in root.iter() if el.tag.endswith("script")]
    for word in d.words(drawing):
        assert "\n" not in word and "\x1b" not in word and "\u202e" not in word
    assert any("Ann</text><script>" in word for word in d.words(drawing))  # shown, as text


def test_every_colour_reads_and_patterns_resolve():
    assert d.contrast("#000000", "#ffffff") == pytest.approx(21)
    assert BLUE.contrast() >= 4.5
    drawing = two_cards()
    ids = {el.get("id") for el in ET.fromstring(drawing.svg).iter() if el.get("id")}
    refs = set(__import__("re").findall(r"url\(#([\w-]+)\)", drawing.svg))
    assert refs and refs <= ids
    other = d.document(d.row([d.card(label="blue 9", colour=BLUE, corner="9")]), label="one card")
    other_ids = {el.get("id") for el in ET.fromstring(other.svg).iter() if el.get("id")}
    assert not ids & other_ids, "two drawings on one page must not share pattern ids"
    assert two_cards().svg == drawing.svg, "the same state gives the same drawing"


def test_a_drawing_shows_itself_and_names_its_pieces():
    drawing = two_cards()
    assert drawing._repr_html_().count("<svg") == 1 and drawing._repr_svg_() == drawing.svg
    assert d.words(drawing)[:2] == ["two cards", "two cards"]
    assert "blue 3" in d.words(drawing) and "blue 7" in d.words(drawing)
    root = ET.fromstring(drawing.svg)
    assert root.get("role") == "group"
    keyed = [el for el in root.iter() if el.get("data-key")]
    assert [el.get("data-key") for el in keyed] == ["card-3", "card-7"]
    assert all(el.get("role") == "img" and el.get("aria-label") for el in keyed)
    assert all(any("dn-frame" in (c.get("class") or "") for c in el.iter()) for el in keyed)
    with pytest.raises(ValueError):
        d.animate("<g/>", "spin")


# --------------------------------------------------------------------------- toggles, marks, kept values


def test_a_toggle_target_says_whether_it_is_pressed():
    table, marked = Table(), set()

    def toggle(v):
        marked.symmetric_difference_update({v})
        redraw()

    def redraw():
        targets = [Target(f"blue {v}", (lambda v=v: toggle(v)), key=f"card-{v}", pressed=v in marked) for v in (3, 7)]
        table.draw(
            two_cards(),
            targets + [Target("Check", lambda: None, id="check")],
            marks=[Mark(f"card-{v}", "marked", "chosen") for v in sorted(marked)],
        )

    redraw()
    assert [t["pressed"] for t in table.targets] == [False, False, None]
    table.choose(table.target_id("blue 7"))
    assert [t["pressed"] for t in table.targets] == [False, True, None]
    assert table.marks == [{"key": "card-7", "label": "marked", "tone": "chosen"}]
    table.choose(table.target_id("blue 7"))
    assert table.marks == [] and table.targets[1]["pressed"] is False


def test_a_mark_has_a_known_tone():
    table = Table()
    with pytest.raises(ValueError, match="tone"):
        table.draw(two_cards(), marks=[Mark("card-3", "why", "red")])
    table.draw(two_cards(), marks=[Mark("card-3", "wins: 21")])
    assert table.marks == [{"key": "card-3", "label": "wins: 21", "tone": "reason"}]


KEY = "daynight.practice.v1.test"


def test_kept_values_come_back_in_their_exact_shape_only():
    table, got = Table(), []
    table.keep(KEY)
    table.on_stored(lambda *args: got.append(args))
    good = [
        {"event": "stored", "key": KEY, "value": '{"a": 1}'},
        {"event": "stored", "key": KEY, "value": None},
        {"event": "stored", "key": KEY, "value": None, "problem": "no storage"},
        {"event": "stored", "key": KEY, "value": None, "problem": "too long"},
    ]
    for message in good:
        table._on_message(table, message, [])
    assert got == [(KEY, '{"a": 1}', None), (KEY, None, None), (KEY, None, "no storage"), (KEY, None, "too long")]
    bad = [
        {"event": "stored", "key": "daynight.other.v1.test", "value": "{}"},  # a key this table does not keep
        {"event": "stored", "key": KEY},  # no value
        {"event": "stored", "key": KEY, "value": 3},
        {"event": "stored", "key": KEY, "value": "x" * (MAX_STORED + 1)},
        {"event": "stored", "key": KEY, "value": "\u00e9" * (MAX_STORED // 2)},  # too long once escaped
        {"event": "stored", "key": KEY, "value": "{}", "problem": "sunspots"},
        {"event": "stored", "key": KEY, "value": "{}", "extra": 1},
        {"event": "stored", "key": [KEY], "value": "{}"},
    ]
    for message in bad:
        table._on_message(table, message, [])
    assert len(got) == len(good) and table.dropped == len(bad)


def test_a_kept_key_is_named_and_a_kept_value_is_bounded():
    table = Table()
    for key in (
        "practice",
        "daynight.practice",
        "daynight.practice.stars",
        "daynight.practice.v1.stars<script>",
        "daynight.Practice.v1.stars",
        "x" * 200,
    ):
        with pytest.raises(ValueError, match="kept key"):
            table.keep(key)
    with pytest.raises(ValueError, match="keep first"):
        table.store(KEY, "{}")
    table.keep(KEY)
    table.keep(KEY)
    assert table.stored_keys == [KEY]
    sent = []
    table.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    table.store(KEY, '{"a": 1}')
    table.store(KEY, None)
    assert sent == [{"event": "store", "key": KEY, "value": '{"a": 1}'}, {"event": "store", "key": KEY, "value": None}]
    with pytest.raises(ValueError, match="at most"):
        table.store(KEY, "x" * MAX_STORED)


def test_the_browser_side_keeps_the_same_bound():
    script = (Path(table_module.__file__).parent / "table.js").read_text(encoding="utf-8")
    assert f"const MAX_STORED = {MAX_STORED};" in script
    assert all(f'"{tone}"' in script for tone in TONES)


def test_a_refusal_shows_the_reason_and_the_rule_but_never_the_state_string():
    """Issue 23: ``DaynightError.state`` is for bug reports; the learner reads the reason and the
    rule, in the table's status line and in a :class:`common.Status` alike."""
    error = IllegalMoveError("sevens may not be played", rule="test rule 7", state="toy turn 3, Ann to play")
    assert str(error) == "sevens may not be played [rule: test rule 7] (toy turn 3, Ann to play)"  # kept for logs
    expected = "Not allowed: sevens may not be played [rule: test rule 7]"
    table, status = Table(), common.Status()
    table.refuse(error)
    status.refuse(error)
    assert table.status == expected and table.status_kind == "error"
    assert expected in status.value and "toy turn 3" not in status.value
    # through guarded, as every app refuses a click
    game_error = IllegalMoveError("no", rule="r", state="the state")

    def refused() -> None:
        raise game_error

    assert not common.guarded(table, refused)
    assert table.status == "Not allowed: no [rule: r]"
    # an error without a rule, and plain text
    table.refuse(IllegalMoveError("not now", state="s"))
    assert table.status == "Not allowed: not now"
    table.refuse("too many")
    assert table.status == "Not allowed: too many"


def test_the_log_and_the_style_widget():
    """The log's accessible name goes through the catalog; the style widget takes no room."""
    assert 'aria-label="event log"' in common.EventLogView().value
    style = common.style_widget()
    assert style.layout.display == "none" and "dn-style" in style._dom_classes
    assert ".jupyter-widgets.dn-style { display: none !important" in common.STYLE
