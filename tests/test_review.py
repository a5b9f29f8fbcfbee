"""The review model and its HTML file (daynight/review.py), without a browser.

Every step of every demo record is compared with ``from_record`` replaying the same moves;
bad records end the review with the engine's reason and keep the moves before it; the HTML
file holds every step's drawing exactly and nothing that can run or fetch.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import os
import random
import re

import pytest

from daynight import GAMES, DaynightError, InvalidRecordError, game_class
from daynight import draw as d
from daynight import review as rv
from daynight.core import MAX_RECORD_BYTES
from daynight.review import Review, html, write_html
from daynight.testing import mutants
from tests import review_support as support
from tests.review_support import Page, decode, decode_data
from tests.toygame import Pebbles, Take
from tests.toygame import demo as toy_demo


def toy_review(source=None, **kw) -> Review:
    return Review(source if source is not None else toy_demo(3), cls=Pebbles, draw=support.draw, **kw)


def no_draw(game, viewer):
    """For model tests of the games whose drawings have not landed: a drawing is not needed."""
    return d.document(d.Piece(10, 10, ""), label=f"{game.name} {len(game.history)}")


def reference(cls, record):
    """(state, moves, events, views) after each move, by ``from_record`` itself."""
    out = []

    def keep(game, i=None):
        views = {p: game.view(p) for p in players}
        out.append((game.state_json(), list(game.history), list(game.log), views))

    start = cls.from_record(record, upto=0)
    players = list(dict.fromkeys(start.to_players()))
    cls.from_record(record, on_move=lambda g, i: players.extend(p for p in g.to_players() if p not in players))
    keep(start)
    cls.from_record(record, on_move=keep)
    return out


def same_as(review: Review, n: int, ref) -> None:
    game = review._at(n)
    state, moves, log, views = ref[n]
    assert game.state_json() == state, f"step {n}: another state"
    assert game.history == moves, f"step {n}: other moves"
    assert list(game.log) == log, f"step {n}: other events"
    first, last = review.event_range(n)
    assert list(review.events(n)) == log[first:last] and last == len(log)
    for p, view in views.items():
        assert game.view(p) == view, f"step {n}: {p}'s view differs"


GAME_RECORDS = ["toy"] + list(GAMES)


def record_of(name):
    return (toy_demo(3).to_record(), Pebbles) if name == "toy" else (support.demo_record(name), game_class(name))


@pytest.mark.parametrize("name", GAME_RECORDS)
def test_every_step_is_the_game_replayed_to_that_move(name):
    record, cls = record_of(name)
    review = Review(record, cls=cls, draw=no_draw, every=8)
    assert review.error is None and review.moves == len(record["moves"])
    ref = reference(cls, record)
    # every step forward, then back, then jumps in a seeded random order: the cursor and the
    # snapshots must give the same states as replaying from the start
    order = list(range(review.moves + 1))
    order += order[::-1] + random.Random(1).sample(order, min(len(order), 60))
    for n in order:
        same_as(review, n, ref)
    for n in sorted({0, 1, review.moves // 2, review.moves}):  # and from_record(upto=n) as such
        game = review.game(n)
        assert game.state_json() == cls.from_record(record, upto=n).state_json()
        assert game.to_record() == cls.from_record(record, upto=n).to_record()
    assert review.game(3) is not review.game(3), "game(n) gives a copy to change"
    g = review.game(review.moves)
    assert [e for n in range(review.moves + 1) for e in review.events(n)] == list(g.log)


def test_stepping_replays_only_from_the_nearest_snapshot(monkeypatch):
    game = Pebbles(200)
    for i in range(60):
        game.play(Take(i % 2, 1))
    review = toy_review(game, every=16)
    assert sorted(review._snapshots) == [0, 16, 32, 48]
    played = []
    real = Pebbles.play
    monkeypatch.setattr(Pebbles, "play", lambda self, move: (played.append(move), real(self, move))[1])
    review.game(40)
    assert len(played) == 40 - 32
    played.clear()
    review.game(41)  # forward from the cursor: one move
    assert len(played) == 1
    played.clear()
    review.game(20)  # back: from the snapshot at 16
    assert len(played) == 4


@pytest.mark.parametrize("name", list(GAMES))
def test_moves_fall_into_the_rounds_or_turns_of_the_engine(name):
    record, cls = record_of(name)
    review = Review(record, cls=cls, draw=no_draw)
    groups = review.groups
    assert groups[0].first == 1 and groups[-1].last == review.moves
    assert all(a.last + 1 == b.first for a, b in itertools.pairwise(groups)), "groups cover every move once"
    assert len({g.label for g in groups}) == len(groups)
    assert review.word == ("round" if name == "stars" else "turn")
    moves = review.game(review.moves).history
    for g in groups:
        before = review.game(g.first - 1)
        counter = {"stars": "round", "temples": "turn_no", "sunmoon": "turns", "mtg": "turn"}[name]
        if name == "mtg":
            assert type(moves[g.first - 1]).__name__ == "BeginTurn", f"{g} starts with a new turn"
            assert g.label == f"turn {review.game(g.first).turn}"
        else:
            assert g.label == f"{review.word} {getattr(before, counter)}"
            assert getattr(review.game(g.last - 1), counter) == getattr(before, counter)
        if name in ("temples", "sunmoon"):  # a turn is one player's
            movers = {m.who if name == "temples" else m.player for m in moves[g.first - 1 : g.last]}
            assert len(movers) == 1, (g, movers)
    # next and back one round or turn land on the ends of rounds or turns
    ends = [g.last for g in groups]
    assert review.next_group(0) == ends[0] and review.next_group(ends[0]) == ends[1]
    assert review.previous_group(ends[1]) == ends[0] and review.previous_group(ends[0]) == 0
    assert review.previous_group(ends[0] + 1) == ends[0]
    assert review.next_group(review.moves) == review.moves and review.previous_group(0) == 0


def test_the_toy_game_by_its_players_turns_and_its_words():
    review = toy_review()
    assert [g.label for g in review.groups] == [f"turn {i}" for i in range(1, review.moves + 1)]
    assert review.players == [(0, "player 0"), (1, "player 1")]
    assert review.describe(0) == "The start, before the first move"
    assert review.describe(2) == f"Move 2 of {review.moves}, turn 2"
    assert [e.rule for e in review.events(0)] == ["setup"]
    assert "seen by player 1" in d.words(review.drawing(2, 1))
    assert review.drawing(2, 1) is review.drawing(2, 1), "drawings are kept"
    with pytest.raises(ValueError, match="no step"):
        review.drawing(review.moves + 1)


# --------------------------------------------------------------------------- bad records


def test_a_refused_move_ends_the_review_and_keeps_the_moves_before_it():
    record = toy_demo(3).to_record()
    record["moves"][3]["take"] = 3 if record["moves"][3]["take"] != 3 else 2
    record["moves"][3]["player"] = 1 - record["moves"][3]["player"]  # out of turn
    review = toy_review(record)
    assert review.moves == 3
    assert review.error.startswith("$.moves[3]: move refused:") and "[rule: turn order]" in review.error
    assert review.describe(3).endswith("; the record stops here")
    assert review.game(3).state_json() == Pebbles.from_record(record, upto=3).state_json()
    page = html(review)
    assert 'role="alert"' in page and "$.moves[3]: move refused" in page


def test_an_unreadable_move_ends_the_review_there():
    record = toy_demo(3).to_record()
    record["moves"][2] = {"player": 0, "take": "two"}
    review = toy_review(record)
    assert review.moves == 2 and review.error == '$.moves[2].take: expected an integer, got "two"'


@pytest.mark.parametrize(
    "source, message",
    [
        ("{not json", "not valid JSON"),
        ('{"format": "daynight-record", "version": 9, "game": "toy", "setup": {}}', "version"),
        ({"format": "daynight-record", "version": 1, "game": "toy", "setup": {"pile": "x"}}, "$.setup.pile"),
        ({"format": "daynight-record", "version": 1, "game": "chess", "setup": {}}, "$.game"),
        (b"\xff\xfe not text", "UTF-8"),
        (42, "expected a path"),
    ],
)
def test_a_record_that_cannot_be_read_at_all_raises_one_line(source, message):
    with pytest.raises(InvalidRecordError, match=re.escape(message)) as info:
        Review(source, cls=Pebbles if message != "$.game" else None)
    assert "\n" not in str(info.value)


def test_a_file_larger_than_the_bound_is_refused(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(MAX_RECORD_BYTES + 1)
    with pytest.raises(InvalidRecordError, match=r"10,485,761 bytes; a record is at most 10,485,760 bytes"):
        Review(big)
    with pytest.raises(InvalidRecordError, match="a record is at most"):
        Review(b" " * (MAX_RECORD_BYTES + 1))
    with pytest.raises(InvalidRecordError, match="a record is at most"):
        Review("{" + " " * MAX_RECORD_BYTES)
    with pytest.raises(InvalidRecordError, match="cannot read file"):
        Review(tmp_path / "missing.json")


def check_never_raises(make_review, records) -> tuple[int, list[str]]:
    """Open every record: anything but a one-line DaynightError escaping fails. Each review
    opened is exported to HTML as a teacher and as its first player sees it.
    Returns how many opened and the reasons given (refusals and early stops)."""
    opened, reasons = 0, []
    for data in records:
        try:
            review = make_review(data)
        except DaynightError as exc:
            assert "\n" not in str(exc) and str(exc) == rv.shown(str(exc)), exc
            reasons.append(str(exc))
            continue
        opened += 1
        if review.error is not None:
            assert review.error == rv.shown(review.error)
            reasons.append(review.error)
        for viewer in [None] + [p for p, _ in review.players][:1]:
            html(review, viewer)
    return opened, reasons


def test_fuzzed_records_of_the_toy_game_never_raise_anything_but_a_one_line_reason():
    records = [m.data for m in mutants(Pebbles, 80, seed=5, records=[toy_demo(3)], others=[])]
    opened, reasons = check_never_raises(toy_review, records)
    assert opened > 10 and len(reasons) > 40, (opened, len(reasons))


def test_even_a_broken_engine_never_makes_the_review_raise():
    """The fuzz harness's deliberately broken toy game (KeyError, TypeError, messages of
    several lines): the review still gives one line and never a traceback."""
    from tests.toygame import BrokenPebbles, broken_demo

    records = [m.data for m in mutants(BrokenPebbles, 50, seed=2, records=[broken_demo(3)], others=[])]
    opened, reasons = check_never_raises(lambda data: Review(data, cls=BrokenPebbles, draw=support.draw), records)
    bugs = [r for r in reasons if "this is a bug in daynight" in r]
    assert opened > 5 and bugs, (opened, reasons[:5])


@pytest.mark.parametrize("name", list(GAMES))
def test_fuzzed_records_of_every_game_never_raise(name):
    record = support.demo_record(name, moves=8)  # short: every mutant is drawn at every step
    others = [support.demo_record(g) for g in GAMES if g != name]  # moves to borrow, played once
    draw = None if support.drawn(name) else no_draw
    opened, _ = check_never_raises(
        lambda data: Review(data, draw=draw),
        [m.data for m in mutants(name, 12, seed=11, records=[record], others=others)],
    )
    assert opened, "some mutants are games to review"


# --------------------------------------------------------------------------- the HTML file


def normalised(svg: str) -> str:
    """Pattern ids are the same in every step of the file (one drawing is shown at a time)."""
    return re.sub(r"dn[0-9a-f]{8}-", "dnrv-", svg)


def test_the_html_file_holds_every_step_exactly_and_runs_only_its_own_script(tmp_path):
    review = toy_review()
    out = tmp_path / "toy.html"
    write_html(review, out)
    text = out.read_text(encoding="utf-8")
    page = Page(text)
    svgs = decode(page)
    assert len(svgs) == review.moves + 1
    for n, svg in enumerate(svgs):
        assert svg == normalised(review.svg(n)), f"step {n} differs"
    # the content security policy allows no request and no script but the page's own
    csp = next(a["content"] for t, a in page.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy")
    assert "default-src 'none'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    code = next(s for a, s in page.scripts if not a)
    digest = base64.b64encode(hashlib.sha256(code.encode()).digest()).decode()
    assert f"'sha256-{digest}'" in csp
    assert not re.search(r"(src|href)=\"(https?:)?//", text), "nothing is fetched"
    # the explained log is text in the page (readable without its script) and every step links to itself
    for n in range(review.moves + 1):
        assert f'id="dn-step-{n}"' in text and f'href="#move-{n}"' in text
        for e in review.events(n):
            assert e.text in text
    assert html(review, 1).count("seen by player 1") >= 1


def test_pieces_shared_between_steps_rebuild_every_step():
    rng = random.Random(3)
    steps, svg = [], ["<svg>"] + [f'<g id="p{i}"><text>{i}</text></g>' for i in range(30)] + ["</svg>"]
    for _ in range(200):
        i = rng.randrange(1, len(svg) - 1)
        svg = svg[:i] + rng.choice([[], [f"<g>{rng.random()}</g>"], [svg[i]] * 2]) + svg[i + 1 :]
        steps.append("".join(svg))
    pieces, shared = rv._share(steps)
    data = {"pieces": pieces, "steps": shared}
    assert decode_data(data) == steps
    assert sum(len(s) for s in shared) < sum(len(rv._pieces(s)) for s in steps) / 10, "repeats are shared"


def test_hostile_names_cannot_break_out_of_the_page():
    hostile = "</script><script>alert(1)</script><img src=x onerror=alert(2)>"
    record = toy_demo(2).to_record()
    record["moves"][1]["take"] = hostile  # refused: the reason quotes the value
    review = toy_review(record)
    assert review.error and "script" in review.error
    page = Page(html(review))
    assert len(page.scripts) == 2, "only the page's data and its own script"
    assert not [a for t, a in page.tags if t == "img"]
    assert json.loads(page.scripts[0][1])  # still valid JSON


def test_write_html_never_writes_over_the_record_and_writes_whole_files(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    game = toy_demo(3)
    game.save(str(path))
    before = path.read_bytes()
    with pytest.raises(DaynightError, match="is the record itself"):
        write_html(path, path, cls=Pebbles, draw=support.draw)
    assert path.read_bytes() == before
    with pytest.raises(DaynightError, match="cannot write"):
        write_html(path, tmp_path / "no" / "such" / "dir.html", cls=Pebbles, draw=support.draw)
    with pytest.raises(DaynightError, match="no player 7"):
        write_html(path, tmp_path / "x.html", viewer=7, cls=Pebbles, draw=support.draw)
    monkeypatch.setattr(os, "replace", lambda a, b: (_ for _ in ()).throw(OSError(28, "No space left on device")))
    with pytest.raises(DaynightError, match="No space left"):
        write_html(path, tmp_path / "y.html", cls=Pebbles, draw=support.draw)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"], "no half-written file is left"
    monkeypatch.undo()
    review = write_html(path, tmp_path / "ok.html", cls=Pebbles, draw=support.draw)
    assert review.moves == len(game.history) and (tmp_path / "ok.html").stat().st_size > 1000


@pytest.mark.skipif("temples" not in support.DRAWN, reason="the temples drawing has not landed yet")
def test_the_longest_demo_export_stays_under_3_mb():
    review, page = support.demo_export("temples")
    assert review.moves > 200 and not review.draw_errors
    assert len(page.encode("utf-8")) < 3_000_000
    assert decode(Page(page))[-1] == normalised(review.svg(review.moves))


def test_daynight_replay_html_writes_the_file_and_reports_a_broken_record(tmp_path, capsys):
    from daynight.cli import main

    record = support.demo_record("mtg")
    good, out = tmp_path / "game.json", tmp_path / "game.html"
    good.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(good), "--html", str(out)]) == 0
    assert f"{len(record['moves'])} moves" in capsys.readouterr().out
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    record["moves"][5] = {"turn": "Nobody"}
    good.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(good), "--html", str(out)]) == 2
    err = capsys.readouterr().err
    assert "$.moves[5]" in err and err.count("\n") == 1 and "The record stops after move 5" in out.read_text()
    assert main(["replay", str(good), "--html", str(good)]) == 2, "never over the record itself"
    assert json.loads(good.read_text())["moves"][5] == {"turn": "Nobody"}
