"""The shared engine contract: errors, event log, seeds, records, the conformance helper."""

import json
import random
import subprocess
import sys

import pytest

import daynight
from daynight import cli
from daynight.core import (
    DaynightError,
    Event,
    EventLog,
    GameOverError,
    IllegalMoveError,
    InvalidRecordError,
    Reader,
    make_rng,
    parse_record,
)
from daynight.testing import check_conformance

from .toygame import Pebbles, Take

# -- errors -------------------------------------------------------------------------


def test_error_hierarchy_is_value_error():
    for cls in (IllegalMoveError, InvalidRecordError, GameOverError):
        assert issubclass(cls, DaynightError) and issubclass(cls, ValueError)
    assert issubclass(GameOverError, IllegalMoveError)


def test_illegal_move_names_rule_and_state_and_changes_nothing():
    game = Pebbles(12)
    before = game.snapshot()
    with pytest.raises(IllegalMoveError) as info:
        game.play(Take(1, 1))
    assert info.value.rule == "turn order"
    assert "turn order" in str(info.value) and "pile 12" in str(info.value)
    assert game.snapshot() == before and game.history == [] and len(game.log) == 1


def test_game_over_error_after_the_end():
    game = Ends(2)
    game.play(Take(0, 2))
    assert game.is_over() and game.legal_moves() == ()
    with pytest.raises(GameOverError, match="over"):
        game.play(Take(1, 1))
    assert game.why_illegal(Take(1, 1)).startswith("the game is over")


# -- one play -------------------------------------------------------------------------


class CountsChecks(Pebbles):
    checks = 0

    def _check(self, move):
        CountsChecks.checks += 1
        super()._check(move)


def test_play_accepts_an_offered_move_by_identity_and_checks_any_other():
    game = CountsChecks(12)
    CountsChecks.checks = 0
    offered = game.legal_moves()[1]
    assert game.offers(offered) and game.play(offered)[0].text == "Player 0 takes 2; 10 left."
    assert CountsChecks.checks == 0, "a move legal_moves offers is accepted at a glance"
    anew = Take(1, 2)
    assert anew == game.legal_moves()[1] and anew is not game.legal_moves()[1] and not game.offers(anew)
    game.play(anew)  # equal but built anew: _check says it is legal
    assert CountsChecks.checks == 1 and game.pile == 8 and game.history[-1] is anew
    with pytest.raises(IllegalMoveError, match="turn order"):
        game.play(Take(1, 1))
    assert CountsChecks.checks == 2 and game.pile == 8


class Ends(Pebbles):
    """Pebbles that counts who asks ``is_over()`` (its ``_check`` asks uncounted)."""

    asked = 0

    def is_over(self):
        Ends.asked += 1
        return super().is_over()

    def _check(self, move):
        if Pebbles.is_over(self):  # not counted: this is the check's own question
            raise self.game_over_error()
        self._taking(move)


def test_play_asks_no_is_over_and_its_check_refuses_after_the_end():
    game = Ends(3)
    Ends.asked = 0
    game.play(game.legal_moves()[0])  # offered: accepted at a glance, no question asked
    game.play(Take(1, 2))  # built anew: _check asks the end itself
    assert Ends.asked == 0 and game.is_over()
    before = game.snapshot()
    with pytest.raises(GameOverError, match="over") as info:
        game.play(Take(0, 1))
    assert info.value.rule == "end of the game" and game.snapshot() == before
    assert game.why_illegal(Take(0, 1)).startswith("the game is over")


def test_the_event_log_is_read_as_a_plain_list():
    log = EventLog()
    log.add("a", "x", "rule", "one")
    assert log.events == [log[0]] and len(log) == 1
    log.events.append(log[0])  # an engine's hot path appends prebuilt events to the list itself
    assert len(log) == 2 and log.since(1) == [log[0]]


def test_what_was_offered_is_forgotten_once_the_state_changes_and_is_no_state():
    game = Pebbles(12)
    mine = game.legal_moves(0)[0]
    assert game.offers(mine) and not game.offers("not a move") and not game.offers(None)
    before = game.snapshot()
    game.offered = ()
    assert game.snapshot() == before, "what legal_moves offered is a memo, not part of the state"
    game.legal_moves()
    game.play(mine)
    assert game.offered == () and not game.offers(mine)
    # a move offered before the state changed is checked again: it may no longer be legal
    stale = game.legal_moves()[2]
    game.play(game.legal_moves()[2])
    assert game.pile == 8
    with pytest.raises(IllegalMoveError, match="turn order"):
        game.play(stale)
    with pytest.raises(IllegalMoveError, match="not a move of Pebbles"):
        game.play("not a move")


def test_the_errors_name_their_public_home():
    """A traceback names ``daynight.core.IllegalMoveError``, where the errors are documented
    (they are defined in daynight.errors); the examples of the record reader and of the markup
    builder (text escaped by construction) run."""
    import doctest

    import daynight.errors
    import daynight.markup
    import daynight.reading

    assert IllegalMoveError.__module__ == "daynight.core" and daynight.core.IllegalMoveError is IllegalMoveError
    for module in (daynight.errors, daynight.reading, daynight.markup):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted >= 1, module.__name__


# -- event log -----------------------------------------------------------------------


def test_events_explain_themselves():
    game = Pebbles(5)
    events = game.play(Take(0, 3))
    assert events == [Event("0", "take", "taking", "Player 0 takes 3; 2 left.", {})]
    assert "[taking] Player 0 takes 3; 2 left." in game.log.explain()
    assert game.log.of_kind("take") == events
    assert json.loads(json.dumps(game.log.to_json()))[1]["rule"] == "taking"


def test_disabled_log_records_nothing():
    log = EventLog(enabled=False)
    log.add(None, "x", "r", "text")
    assert len(log) == 0


# -- seeds ---------------------------------------------------------------------------


def test_make_rng():
    rng, seed = make_rng(7)
    assert seed == 7 and rng.random() == random.Random(7).random()
    own = random.Random(3)
    assert make_rng(own) == (own, None)
    rng, seed = make_rng(None)
    assert isinstance(seed, int)  # a fresh seed is still recorded
    with pytest.raises(TypeError):
        make_rng("7")


def test_same_seed_same_game():
    assert Pebbles.new(5).pile == Pebbles.new(5).pile
    assert daynight.core.__dict__.get("random") is daynight.core.random  # only the module, no state


# -- records -------------------------------------------------------------------------


def test_record_round_trip_and_explicit_position():
    game = Pebbles.new(11)
    game.play(Take(0, 1))
    record = json.loads(game.to_json())
    assert record["format"] == "daynight-record" and record["version"] == 1
    assert record["setup"] == {"seed": 11} and record["moves"] == [{"player": 0, "take": 1}]
    again = Pebbles.from_record(record)
    assert again.to_record() == record and list(again.log) == list(game.log)
    # a hand-built teaching position is a record too
    taught = Pebbles.from_record(
        {"format": "daynight-record", "version": 1, "game": "toy", "setup": {"pile": 4}, "moves": []}
    )
    assert taught.pile == 4


@pytest.mark.parametrize(
    "mutate, path",
    [
        (lambda r: r.pop("format"), "$.format"),
        (lambda r: r.update(version=2), "$.version"),
        (lambda r: r.update(game="chess"), "$.game"),
        (lambda r: r.update(setup=[]), "$.setup"),
        (lambda r: r["setup"].update(pile="x"), "$.setup.pile"),
        (lambda r: r["setup"].update(colour=1), "$.setup.colour"),
        (lambda r: r["moves"].append({"player": 0}), "$.moves[2].take"),
        (lambda r: r["moves"].append({"player": 5, "take": 1}), "$.moves[2].player"),
        (lambda r: r.update(extra=1), "$.extra"),
    ],
)
def test_bad_record_names_first_bad_field(mutate, path):
    record = {
        "format": "daynight-record",
        "version": 1,
        "game": "toy",
        "setup": {"pile": 9},
        "moves": [{"player": 0, "take": 1}, {"player": 1, "take": 2}],
    }
    mutate(record)
    with pytest.raises(InvalidRecordError) as info:
        Pebbles.from_record(record)
    assert info.value.path == path, str(info.value)


def test_refused_move_in_record_names_the_move_and_rule():
    record = {
        "format": "daynight-record",
        "version": 1,
        "game": "toy",
        "setup": {"pile": 9},
        "moves": [{"player": 0, "take": 1}, {"player": 0, "take": 2}],
    }
    with pytest.raises(InvalidRecordError) as info:
        Pebbles.from_record(record)
    assert info.value.path == "$.moves[1]" and info.value.rule == "turn order"


def test_reader_paths():
    r = Reader({"a": {"b": [1, "x"]}})
    assert r.obj("a").list("b")[0].value == 1
    with pytest.raises(InvalidRecordError, match=r"\$\.a\.c: missing"):
        r.obj("a").int("c")
    with pytest.raises(InvalidRecordError, match=r"expected an integer, got true"):
        Reader({"n": True}).int("n")
    with pytest.raises(InvalidRecordError, match="line 1 column"):
        parse_record("{not json")


def test_save_is_atomic(tmp_path):
    game = Pebbles.new(3)
    path = tmp_path / "g.json"
    game.save(str(path))
    assert Pebbles.from_json(path.read_text()).to_record() == game.to_record()
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


# -- the conformance helper ------------------------------------------------------------


def _pebbles_illegal(game):
    yield Take(1 - game.turn, 1)
    yield Take(game.turn, 4)
    yield "not a move"


def test_conformance_passes_for_a_correct_game():
    report = check_conformance(
        Pebbles.new, seeds=range(5), illegal_moves=_pebbles_illegal, invariant=lambda g: g.pile >= 0
    )
    assert report.games == 5 and report.moves > 10 and report.illegal_tried > 30


class MutatesBeforeChecking(Pebbles):
    def _check(self, move):
        self.log.add(None, "oops", "bug", "changed before checking")
        super()._check(move)


class UsesGlobalRandom(Pebbles):
    @classmethod
    def new(cls, seed=None):
        return cls(random.randint(10, 20), seed)


class RefusesALegalMove(Pebbles):
    def _check(self, move):
        super()._check(move)
        if move.count == 3:
            raise IllegalMoveError("three is unlucky", rule="invented")


class PlaysOnAfterTheEnd(Ends):
    def _check(self, move):
        if Pebbles.is_over(self):  # lets a move through after the end
            return
        super()._check(move)


class SaysTheEndLast(Ends):
    def _check(self, move):
        self._taking(move)  # the pile rule refuses a move after the end before the end is said
        super()._check(move)


class OverridesPlay(Pebbles):
    def play(self, move):  # a shortcut beside core's play: a second legality path
        return super().play(move)


@pytest.mark.parametrize(
    "broken, message",
    [
        (OverridesPlay, "overrides play"),
        (MutatesBeforeChecking, "changed the state"),
        (UsesGlobalRandom, "global random"),
        (RefusesALegalMove, "refused"),
        (PlaysOnAfterTheEnd, "accepted after the end"),
        (SaysTheEndLast, "another reason than the end"),
    ],
)
def test_conformance_catches_broken_games(broken, message):
    random.seed(2026)  # UsesGlobalRandom draws from the global generator: make its draws repeatable
    with pytest.raises(AssertionError, match=message):
        check_conformance(broken.new, seeds=range(4), illegal_moves=_pebbles_illegal)


# -- the CLI ---------------------------------------------------------------------------


@pytest.fixture
def toy_registered(monkeypatch):
    monkeypatch.setitem(daynight.GAMES, "toy", ("tests.toygame", "Pebbles, a test game"))


def test_cli_replay_explains(tmp_path, capsys, toy_registered):
    path = tmp_path / "g.json"
    from .toygame import demo

    demo(4).save(str(path))
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "[taking] Player 0 takes" in out and "Final state:" in out and "won" in out
    assert cli.main(["replay", str(path), "--json", "--steps"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "toy" and data["state"]["pile"] == 0
    assert len(data["steps"]) == data["moves"] and data["events"][0]["what"] == "setup"


def test_cli_bad_move_one_line_exit_2(tmp_path, capsys, toy_registered):
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps(
            {
                "format": "daynight-record",
                "version": 1,
                "game": "toy",
                "setup": {"pile": 3},
                "moves": [{"player": 0, "take": 4}],
            }
        )
    )
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "$.moves[0]" in err and "taking" in err


def test_cli_bad_move_keeps_what_came_before(tmp_path, capsys, toy_registered):
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps(
            {
                "format": "daynight-record",
                "version": 1,
                "game": "toy",
                "setup": {"pile": 9},
                "moves": [{"player": 0, "take": 1}, {"player": 1, "take": 2}, {"player": 1, "take": 2}],
            }
        )
    )
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "$.moves[2]" in err and "turn order" in err and "--upto 2" in err
    assert cli.main(["replay", str(path), "--upto", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 moves replayed" in out and "6 pebbles left" in out


@pytest.mark.parametrize(
    "content, expect",
    [
        ("{oops", "not valid JSON"),
        ("[1, 2]", "a record is a JSON object"),
        ('{"format": "daynight-record", "version": 1, "game": "chess"}', "$.game"),
        ('{"format": "other"}', "$.format"),
    ],
)
def test_cli_malformed_file_subprocess(tmp_path, content, expect):
    path = tmp_path / "bad.json"
    path.write_text(content)
    proc = subprocess.run([sys.executable, "-m", "daynight", "replay", str(path)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stdout == "" and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and expect in proc.stderr


def test_cli_missing_file(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "daynight", "replay", str(tmp_path / "none.json")], capture_output=True, text=True
    )
    assert proc.returncode == 2 and "cannot read file" in proc.stderr and "Traceback" not in proc.stderr


def test_cli_help_lists_the_games():
    proc = subprocess.run([sys.executable, "-m", "daynight", "--help"], capture_output=True, text=True)
    assert proc.returncode == 0
    for name in ("stars", "temples", "mtg", "sunmoon"):
        assert name in proc.stdout


# -- import hygiene ----------------------------------------------------------------------


def test_import_daynight_pulls_in_no_third_party_module():
    code = (
        "import sys; import daynight, daynight.core, daynight.cli, daynight.testing; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('ipywidgets', 'plotly', 'pandas', 'numpy', 'traitlets', 'IPython')); print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# -- markup in files, text escaped by construction ------------------------------------------


def test_fill_escapes_every_text_and_keeps_markup():
    from daynight.markup import Markup, Template, fill, join, resource

    page = fill(Template("<p title='$name'>$name: $body</p>"), name="<Ann & 'Bob'>\n", body=Markup("<b>ok</b>"))
    assert page == "<p title='&lt;Ann &amp; &#x27;Bob&#x27;&gt;\\n'>&lt;Ann &amp; &#x27;Bob&#x27;&gt;\\n: <b>ok</b></p>"
    assert isinstance(page, Markup) and fill(Template("$x"), x=page) == page  # filled once, kept as it is
    with pytest.raises(KeyError):
        fill(Template("$missing"))  # never a $name left in a page
    with pytest.raises(TypeError, match="Markup only"):
        join(["<script>"])  # type: ignore[list-item]
    assert "$csp" in resource("daynight", "review.html") and "dn-busy" in resource("daynight.server", "busy.html")
