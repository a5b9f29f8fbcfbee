"""The review app without a browser: open, step by the table's buttons and keys, jump, choose
whose view is drawn, open broken and fuzzed records, make the HTML download, and the control
a play app adds."""

from __future__ import annotations

import base64
import json
import re

import ipywidgets as w
import pytest
from daynight.widgets.review import KEYS, RecordFile, ReviewApp, demo_games, review_control

from daynight import GAMES, game_class
from daynight import draw as d
from daynight.core import MAX_RECORD_BYTES
from daynight.review import Review
from daynight.testing import mutants
from tests import review_support as support
from tests.toygame import Pebbles, Take
from tests.toygame import demo as toy_demo


def toy_app(source=None, **kw) -> ReviewApp:
    return ReviewApp(source if source is not None else toy_demo(3), cls=Pebbles, draw=support.draw, **kw)


def click(app: ReviewApp, name: str) -> None:
    assert app.table.choose(app.table.target_id(name)), f"{name} was refused: {app.table.status}"


def press(app: ReviewApp, key: str) -> None:
    """What a key press does in the browser: the table's shortcut chooses its target."""
    assert app.table.choose(app.table.shortcuts[key])


def upload(app: ReviewApp, content: str | bytes, name="game.json") -> None:
    """What the browser sends when a file is chosen."""
    data = content.encode() if isinstance(content, str) else content
    app.upload._on_message(app.upload, {"event": "file", "name": name, "size": len(data)}, [memoryview(data)])


def shown_step(app: ReviewApp) -> int:
    return int(re.match(r"(?:Move (\d+)|The start)", app.table.status).group(1) or 0)


def test_buttons_and_keys_step_and_every_step_shows_its_drawing_and_events():
    game = toy_demo(3)
    app = toy_app(game)
    review = Review(game, draw=support.draw)
    assert app.table.target_names() == ["Start", "Back one turn", "Back one move", "Next move", "Next turn", "End"]
    assert app.table.shortcuts == KEYS and app.table.global_keys
    for n in range(review.moves + 1):
        assert app.n == n == shown_step(app) and app.position.value == n
        assert app.table.svg == review.svg(n)
        for e in review.events(n):
            assert e.text in app.events.value and f"[{e.rule}]" in app.events.value
        click(app, "Next move")
    assert app.n == review.moves, "Next at the end stays at the end"
    press(app, "Home")
    assert app.n == 0
    press(app, "ArrowRight"), press(app, "ArrowRight")
    assert app.n == 2
    press(app, "ArrowLeft")
    assert app.n == 1
    press(app, "End")
    assert app.n == review.moves
    press(app, "PageUp")
    assert app.n == review.moves - 1
    click(app, "Start"), click(app, "Back one move")
    assert app.n == 0
    click(app, "Next turn"), press(app, "PageDown")
    assert app.n == 2


def test_a_move_number_jumps_and_a_viewer_is_drawn():
    app = toy_app()
    app.position.value = 4
    assert app.n == 4 and "Move 4 of" in app.table.status
    assert "seen by everything" in d.words(app.table.svg)
    labels = [label for label, _ in app.viewer.options]
    assert labels == ["everything (teacher)", "player 0", "player 1"]
    app.viewer.value = labels.index("player 1")
    assert app.viewing == 1 and app.n == 4
    assert "seen by player 1" in d.words(app.table.svg) and "Seen by player 1." in app.table.status
    app.position.value = 0
    assert app.n == 0 and app.viewing == 1


def test_every_control_has_an_accessible_name():
    app = toy_app(demos={"a toy game": lambda: toy_demo(4)})
    controls = [app.upload, app.demo, app.viewer, app.position, app.make_file]
    for c in controls:
        assert c.description.strip(), c
    assert all(t["name"] for t in app.table.targets) and app.table.label


def test_opening_a_broken_record_keeps_what_was_open_and_names_the_field():
    app = toy_app()
    app.position.value = 3
    upload(app, "{not json")
    assert app.message.kind == "error" and "Cannot open game.json" in app.message.text
    assert "not valid JSON" in app.message.text
    assert app.n == 3 and app.review.moves == 6, "the review that was open stays"
    upload(app, json.dumps({"format": "daynight-record", "version": 1, "game": "toy", "setup": {"pile": -1}}))
    assert "$.setup.pile" in app.message.text


def test_a_record_with_a_refused_move_opens_up_to_it():
    record = toy_demo(3).to_record()
    record["moves"][4]["take"] = 7
    app = toy_app()
    upload(app, json.dumps(record), name="bad.json")
    assert app.review.moves == 4 and app.position.max == 4
    assert app.message.kind == "error"
    assert "bad.json: the record stops after move 4: $.moves[4]: move refused" in app.message.text
    assert "The 4 moves before it can be reviewed." in app.message.text
    press(app, "End")
    assert app.n == 4 and "the record stops here" in app.table.status


def test_a_file_larger_than_the_bound_is_refused_unread():
    app = toy_app()
    app.upload._on_message(app.upload, {"event": "too-big", "name": "huge.json", "size": MAX_RECORD_BYTES + 1}, [])
    assert app.message.kind == "error" and "huge.json" in app.message.text and "not read" in app.message.text
    assert app.review.moves == 6
    assert app.upload.max_bytes == MAX_RECORD_BYTES, "the browser sends no file larger than the bound"


def test_on_a_class_server_a_file_is_bounded_by_the_widget_message_limit(monkeypatch):
    from daynight.server import kernel

    monkeypatch.setattr(kernel, "PAGE_FILE_BYTES", kernel.MAX_COMM_BYTES - 4096)  # as harden_kernel sets it
    app = toy_app()
    assert app.upload.max_bytes == kernel.MAX_COMM_BYTES - 4096 < kernel.MAX_COMM_BYTES
    got = []
    chooser = RecordFile(lambda *a: got.append(a))
    size = chooser.max_bytes + 1
    chooser._on_message(chooser, {"event": "file", "name": "a.json", "size": size}, [b"x" * size])
    assert got == [] and chooser.dropped == 1
    app.upload._on_message(app.upload, {"event": "too-big", "name": "big.json", "size": 70_000}, [])
    assert "this class server takes files of at most 61,440 bytes" in app.message.text


def test_the_file_chooser_drops_every_other_message():
    got = []
    chooser = RecordFile(lambda *a: got.append(a))
    good = {"event": "file", "name": "a.json", "size": 2}
    bad = [
        (None, []),
        ("file", []),
        ({"event": "file"}, []),
        (dict(good, extra=1), [b"{}"]),
        (dict(good, size="2"), [b"{}"]),
        (dict(good, size=True), [b"{}"]),
        (dict(good, name=3), [b"{}"]),
        (good, []),
        (good, [b"{}", b"{}"]),
        (good, [b"{}}"]),
        (dict(good, event="run"), [b"{}"]),
        (dict(good, size=MAX_RECORD_BYTES + 1), [b"{}"]),
    ]
    for content, buffers in bad:
        chooser._on_message(chooser, content, buffers)
    assert got == [] and chooser.dropped == len(bad)
    chooser._on_message(chooser, good, [memoryview(b"{}")])
    chooser._on_message(chooser, {"event": "too-big", "name": "b\n.json", "size": 10**9}, [])
    assert got == [("a.json", b"{}", 2), ("b\\n.json", None, 10**9)]


def test_fuzzed_records_never_make_the_app_raise():
    app = toy_app()
    for bad in mutants(Pebbles, 80, seed=2, records=[toy_demo(3)], others=[]):
        upload(app, bad.data)
        for key in ("End", "PageUp", "ArrowLeft", "Home"):
            press(app, key)
        assert app.message.text


def test_a_demo_is_opened_from_the_menu():
    app = ReviewApp(demos={"toy": lambda: toy_demo(5)}, cls=Pebbles, draw=support.draw)
    assert app.review is None and app.table.target_names() == []
    app.demo.value = "toy"
    assert app.review.moves == len(toy_demo(5).history) and app.n == 0
    assert app.message.text == f"toy: {app.review.moves} moves of Pebbles (a test game)."
    assert sorted(demo_games()) == sorted(f"{game_class(g).title} (seed 1)" for g in GAMES)


def test_the_review_is_a_download():
    app = toy_app()
    app.viewer.value = 1  # player 0
    app.make_file.click()
    link = app.link.value
    assert link.startswith('<a class="dn-download" download="the-record-review.html"')
    data = re.search(r'href="data:text/html;charset=utf-8;base64,([^"]+)"', link).group(1)
    page = base64.b64decode(data).decode("utf-8")
    assert page.startswith("<!DOCTYPE html>") and "seen by player 0" in page
    upload(app, toy_demo(4).to_json(), name="my game.json")
    assert app.link.value == "", "a new record clears the old download"
    app.make_file.click()
    assert 'download="my-game-review.html"' in app.link.value


def test_a_play_app_opens_the_game_so_far_in_its_players_view():
    game = Pebbles(12)
    game.play(Take(0, 2))
    game.play(Take(1, 1))
    control = review_control(lambda: game, viewer=0, draw=support.draw)
    assert control.children == (control.button,) and control.button.description == "Review the game so far"
    control.button.click()
    app = control.app
    assert app.n == 2 == app.review.moves, "opens at the last move"
    assert app.message.text == "the game so far: 2 moves of Pebbles (a test game)."
    assert [label for label, _ in app.viewer.options] == ["player 0"], "during the game: only the player's view"
    assert not app.table.global_keys
    control.button.click()
    assert control.app is None and control.children == (control.button,)
    while not game.is_over():
        game.play(game.legal_moves()[0])
    control.button.click()
    assert len(control.app.viewer.options) == 3, "after the end: everything too"


@pytest.mark.parametrize("name", support.DRAWN or ["none yet"])
def test_every_demo_steps_through_the_app_like_the_replayed_game(name):
    if name == "none yet":
        pytest.skip("no game's drawing has landed yet")
    from daynight.draw import table

    record = support.demo_record(name, moves=60)  # every step is drawn twice: the first 60 moves
    cls = game_class(name)
    app = ReviewApp(record)
    players = [p for p, _ in app.review.players]
    states = [cls.from_record(record, upto=0)]
    cls.from_record(record, on_move=lambda g, i: states.append(g.copy()))
    for n, ref in enumerate(states):
        assert app.n == n
        viewer = players[n % len(players)] if n % 3 else None
        app.viewer.value = app._viewer_ids.index(viewer)
        assert app.table.svg == str(table(ref, viewer)), f"step {n} as {viewer}"
        click(app, "Next move")
    assert not app.review.draw_errors


def test_the_app_is_one_page_of_standard_widgets():
    app = toy_app(upload=False)
    assert app.upload not in _all(app)
    assert isinstance(app, w.VBox) and app.table in _all(app) and app.events in _all(app)


def _all(widget):
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += _all(child)
    return out
