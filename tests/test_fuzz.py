"""Hostile records: the bounds and escaping in core and the CLI, and the fuzz harness
(daynight.testing.fuzz_records) itself, which must find the bugs of a broken toy game."""

import json
import random
import subprocess
import sys

import pytest

import daynight
from daynight import cli
from daynight.core import (
    MAX_DEPTH,
    MAX_INT,
    MAX_MOVES,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_RECORD_BYTES,
    MAX_STRING,
    IllegalMoveError,
    InvalidRecordError,
    Reader,
    check_record,
    load_record,
    parse_record,
    shown,
)
from daynight.testing import check_mutant, fuzz_records, mutant, mutants
from daynight.testing.fuzz import memory_cap
from daynight.testing.mutants import Mutator

from .toygame import BrokenPebbles, Pebbles, broken_demo, demo


def record(setup=None, moves=(), game="toy"):
    return {
        "format": "daynight-record",
        "version": 1,
        "game": game,
        "setup": {"pile": 9} if setup is None else setup,
        "moves": list(moves),
    }


def nested(depth, inner=1):
    for _ in range(depth):
        inner = [inner]
    return inner


def refused(value, path):
    """Parse (text) or read (dict) a record; it must be refused naming ``path``, in one line."""
    with pytest.raises(InvalidRecordError) as info:
        if isinstance(value, (str, bytes)):
            Pebbles.from_record(parse_record(value))
        else:
            Pebbles.from_record(value)
    text = str(info.value)
    assert info.value.path == path, text
    assert shown(text) == text, f"not escaped: {text!r}"
    return text


# -- shown ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ch",
    [
        "\n",
        "\r",
        "\t",
        "\x00",
        "\x1b",
        "\x7f",
        "\x85",
        "\u2028",
        "\u2029",
        "\u202a",
        "\u202e",
        "\u2066",
        "\u2069",
        "\u061c",
        "\u200b",
        "\u200d",
        "\u200e",
        "\u2060",
        "\ufeff",
        "\ud800",
        "\udfff",
        "\U000e0001",
        "\xa0",
    ],
)
def test_shown_escapes_every_invisible_or_line_breaking_character(ch):
    out = shown(f"a{ch}b")
    assert out.startswith("a\\") and out.endswith("b") and out.isprintable() and out.isascii()
    out.encode("utf-8")  # a lone surrogate would fail here
    assert shown(out) == out, "shown is idempotent"


def test_shown_keeps_printable_text_and_cuts_without_splitting_an_escape():
    assert shown("Zoë 🂡 Ünal") == "Zoë 🂡 Ünal"
    for limit in range(1, 12):
        out = shown("ab\x1b[2Jcdefgh", limit)
        assert len(out) <= limit and out.endswith("\u2026")
        assert "\\x1b" in out or "\\" not in out, out  # the escape is whole or absent
    assert shown("abc", 3) == "abc" and shown("abcd", 3) == "ab\u2026"


# -- the bounds --------------------------------------------------------------------------------


def test_bounds_are_the_documented_values():
    assert MAX_RECORD_BYTES == 10 * 2**20 and MAX_INT == 2**53 - 1
    assert MAX_DEPTH >= 6 and MAX_MOVES >= 1000 and MAX_STRING >= MAX_NAME and MAX_PLAYERS >= 5


@pytest.mark.parametrize(
    "text, path",
    [
        ("[" * 100_000 + "]" * 100_000, "record"),  # RecursionError on main
        ('{"a": ' * 100_000 + "1" + "}" * 100_000, "record"),
        (json.dumps(record({"pile": nested(MAX_DEPTH)})), "$.setup.pile" + "[0]" * (MAX_DEPTH - 2)),
        (json.dumps(record({"pile": 2**53})), "$.setup.pile"),
        (json.dumps(record()).replace('"pile": 9', '"pile": ' + "9" * 5000), "$.setup.pile"),
        (json.dumps(record()).replace('"pile": 9', '"pile": NaN'), "$.setup.pile"),
        (json.dumps(record()).replace('"pile": 9', '"pile": 1e999'), "$.setup.pile"),
        (json.dumps(record()).replace('"pile": 9', '"pile": 9, "pile": 3'), "$.setup.pile"),
        (json.dumps(record({"pile": 9, "x": "y" * (MAX_STRING + 1)})), "$.setup.x"),
        (json.dumps(record(moves=[{"player": "\ud800"}])), "$.moves[0].player"),
        (json.dumps(record(moves=[{"player": "A\nB"}]), ensure_ascii=False), "$.moves[0].player"),
        (json.dumps(record(moves=[{"player": "A\u202eB"}]), ensure_ascii=False), "$.moves[0].player"),
        (json.dumps(record(moves=[{"pla\x1b[2Jyer": 0}])), "$.moves[0]"),
        (json.dumps(record(moves=[{"player": 0, "take": 1}] * (MAX_MOVES + 1))), "$.moves"),
    ],
)
def test_records_beyond_the_bounds_are_refused_naming_the_field(text, path):
    refused(text, path)


def test_bounds_hold_for_records_built_in_python_too():
    refused(record({"pile": nested(100_000)}), "$.setup.pile" + "[0]" * (MAX_DEPTH - 2))
    Pebbles.from_record(record({"pile": 9}, moves=[], game="toy") | {"meta": nested(MAX_DEPTH - 2)})
    refused(record({"pile": 10**400}), "$.setup.pile")
    refused(record({"pile": float("nan")}), "$.setup.pile")
    refused(record({"pile": {1, 2}}), "$.setup.pile")
    refused(record(moves=[{"player": 0, "take": 1}] * (MAX_MOVES + 1)), "$.moves")
    check_record({"names": ["Zo\u00eb", "\U0001f469\u200d\U0001f680", "Ali\u200f"]})  # allowed: shown escaped


def test_error_message_about_a_deep_value_is_short():
    with pytest.raises(InvalidRecordError) as info:  # RecursionError in _jsonable on main
        Reader({"pile": nested(100_000)}).int("pile")
    assert str(info.value) == "$.pile: expected an integer, got [[[...]]]"


def test_invalid_utf8_truncated_and_non_object_files(tmp_path):
    for data, expect in [
        (b"\xff{}", "not a UTF-8 text file"),
        (b'{"format": "daynight-re', "not valid JSON"),
        (b"[1]", "a record is a JSON object"),
        (b"", "not valid JSON"),
    ]:
        with pytest.raises(InvalidRecordError, match=expect):
            parse_record(data)
    assert parse_record(b"\xef\xbb\xbf" + json.dumps(record()).encode()) == record()  # a BOM is fine


def test_a_file_over_the_size_bound_is_refused_before_it_is_read(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    with open(path, "wb") as fh:
        fh.truncate(MAX_RECORD_BYTES + 1)  # sparse: nothing written
    real_open = open
    spies = []

    class Spy:  # a file that counts what is read from it
        def __init__(self, *args, **kwargs):
            self.fh, self.read_bytes = real_open(*args, **kwargs), 0
            spies.append(self)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def fileno(self):
            return self.fh.fileno()

        def read(self, n=-1):
            data = self.fh.read(n)
            self.read_bytes += len(data)
            return data

    monkeypatch.setattr("builtins.open", Spy)
    with pytest.raises(InvalidRecordError, match=r"10,485,761 bytes; a record is at most 10,485,760 bytes \(10 MB\)"):
        load_record(str(path))
    assert len(spies) == 1 and spies[0].read_bytes == 0, "not one byte read"
    monkeypatch.undo()
    with pytest.raises(InvalidRecordError, match="at most"):
        parse_record(" " * (MAX_RECORD_BYTES + 1))


def test_player_names_are_bounded():
    r = Reader(
        {
            "names": ["Ann", "Zoë"],
            "one": "x" * (MAX_NAME + 1),
            "dup": ["A", "A"],
            "blank": ["  "],
            "many": [f"p{i}" for i in range(MAX_PLAYERS + 1)],
            "num": [3],
        }
    )
    assert r.names("names", count=2) == ["Ann", "Zoë"] and r.names("other", None) is None
    assert r.name("missing", "Ann") == "Ann"
    for call, path in [
        (lambda: r.names("names", count=3), "$.names"),
        (lambda: r.name("one"), "$.one"),
        (lambda: r.names("dup"), "$.dup[1]"),
        (lambda: r.names("blank"), "$.blank[0]"),
        (lambda: r.names("many"), "$.many"),
        (lambda: r.names("num"), "$.num[0]"),
    ]:
        with pytest.raises(InvalidRecordError) as info:
            call()
        assert info.value.path == path, str(info.value)
    assert r.names("dup", unique=False) == ["A", "A"]


def test_errors_are_one_escaped_line():
    exc = IllegalMoveError("it is A\nB\u202e's turn", rule="turn\norder", state="x\x1by")
    assert "\n" not in str(exc) and shown(str(exc)) == str(exc) and exc.rule == "turn\\norder"
    exc = InvalidRecordError("$.a\nb", "bad")
    assert exc.path == "$.a\\nb" and str(exc) == "$.a\\nb: bad"


class SetupRefused(Pebbles):
    @classmethod
    def from_setup(cls, setup):
        raise IllegalMoveError("no pebbles today", rule="pebble rule")


def test_a_setup_the_rules_refuse_is_an_invalid_record():
    with pytest.raises(InvalidRecordError) as info:
        SetupRefused.from_record(record())
    assert info.value.path == "$.setup" and info.value.rule == "pebble rule"


# -- the CLI on hostile files ---------------------------------------------------------------------

HOSTILE = {
    "deep.json": "[" * 100_000 + "]" * 100_000,
    "surrogate.json": json.dumps(record({"pile": 9, "names": ["\ud800"]}, game="stars")),
    "bidi.json": json.dumps(
        record({"players": 3, "names": ["\u202eevil", "b", "c"], "seed": 1}, game="stars"), ensure_ascii=False
    ),
    "newline.json": json.dumps(record({"players": ["A\nFinal state: B wins"]}, game="mtg")),
    "nan.json": json.dumps(record()).replace("9", "NaN"),
    "twice.json": '{"format": "daynight-record", "format": "x"}',
    "bad\nname\x1b[2J.json": "{}",
}


@pytest.fixture
def toys(monkeypatch):
    monkeypatch.setitem(daynight.GAMES, "toy", ("tests.toygame", "Pebbles, a test game"))
    monkeypatch.setitem(daynight.GAMES, "toy-broken", ("tests.toygame:BrokenPebbles", "broken"))


def test_cli_hostile_files_one_line_exit_2(tmp_path):
    for name, text in HOSTILE.items():
        (tmp_path / name).write_bytes(text.encode("utf-8", "surrogatepass"))
    (tmp_path / "big.json").write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    code = (
        "import sys, daynight.cli as c; from pathlib import Path\n"
        "for p in sorted(Path(sys.argv[1]).iterdir()):\n"
        "    print(p.name.encode('unicode_escape').decode(), c.main(['replay', str(p)]), file=sys.stderr)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout == "" and "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 2 * (len(HOSTILE) + 1), proc.stderr  # one error line and one status line each
    for error, status in zip(lines[::2], lines[1::2], strict=True):
        assert status.endswith(" 2"), status
        assert error.startswith("daynight: error: ") and "could not" not in error, error
        assert error.isprintable() and shown(error) == error, error
    assert any("$.setup.names[0]" in e and "surrogate" in e for e in lines)
    assert any("bidirectional" in e for e in lines) and any("line break" in e for e in lines)
    assert any("bad\\nname\\x1b[2J.json" in e for e in lines)


def test_cli_python_m_daynight_on_a_deep_file(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text(HOSTILE["deep.json"])
    proc = subprocess.run([sys.executable, "-m", "daynight", "replay", str(path)], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "nested more than" in proc.stderr


def test_cli_shows_allowed_invisible_characters_escaped(tmp_path, capsys, toys):
    path = tmp_path / "g.json"
    path.write_text(
        json.dumps(record({"pile": 5, "names": ["Zo\u200de", "B\u200fob"]}, game="toy-broken")), encoding="utf-8"
    )
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Zo\\u200de, B\\u200fob: 5 pebbles left" in out and out.isascii()
    assert cli.main(["replay", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    assert "\u200d" not in out and json.loads(out)["state"]["names"] == ["Zo\u200de", "B\u200fob"]


def test_cli_engine_bug_is_one_line(tmp_path, capsys, toys):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(record({"seed": "x"}, game="toy-broken")))
    assert cli.main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "could not replay (TypeError: seed must be an int" in captured.err and "bug in daynight" in captured.err


def test_cli_refuses_a_negative_upto_and_reports_an_unwritable_output(tmp_path, capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["replay", "x.json", "--upto", "-1"])
    assert info.value.code == 2 and "expected a number of moves" in capsys.readouterr().err
    assert cli.main(["demo", "mtg", "-o", str(tmp_path / "no" / "such" / "dir.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write the record: No such file" in err


# -- the fuzz harness ---------------------------------------------------------------------------------


def broken_records():
    return [
        broken_demo(0),
        broken_demo(1),
        record({"pile": 7}, [{"player": 0, "take": 2}], game="toy-broken"),
        record({"pile": 4, "names": ["Ann", "Bob"]}, game="toy-broken"),
    ]


def test_mutants_are_seeded_and_rebuilt_alone():
    others = [demo(3)]
    first = list(mutants(Pebbles, n=40, seed=7, others=others))
    assert first == list(mutants(Pebbles, n=40, seed=7, others=others))
    assert first != list(mutants(Pebbles, n=40, seed=8, others=others))
    assert mutant(Pebbles, 7, 33, others=others) == first[33]
    assert len({m.data for m in first}) > 35, "mutants differ from one another"


def test_mutants_stay_small_but_for_the_oversized_file():
    for m in mutants(BrokenPebbles, n=200, seed=2, records=broken_records(), others=[demo(3)]):
        limit = MAX_RECORD_BYTES + 2 if "oversize" in m.mutations else MAX_RECORD_BYTES // 2
        assert len(m.data) <= limit, (len(m.data), m.mutations)


def test_every_mutation_is_made():
    rng = random.Random(0)
    bases = [json.dumps(broken_demo(s).to_record()) for s in range(2)] + [json.dumps(r) for r in broken_records()[2:]]
    made = set()
    for name in Mutator.WEIGHTS:
        for i in range(30):
            m = Mutator(random.Random(i), bases, [json.dumps(demo(1).to_record())])
            what = getattr(m, "m_" + name)(json.loads(rng.choice(bases)))
            if what:
                made.add(name)
                break
    assert made == set(Mutator.WEIGHTS)


def test_harness_finds_the_bugs_of_a_broken_game():
    records = broken_records()
    report = fuzz_records(BrokenPebbles, n=250, seed=0, records=records, others=[demo(2)])
    kinds = set(report.counts)
    expected = [
        "raises KeyError (tests/toygame.py:",
        "raises TypeError (",
        "message of several lines",
        "accepted, then ",
        "cli could not replay (KeyError)",
    ]
    for prefix in expected:
        assert any(k.startswith(prefix) for k in kinds), f"{prefix!r} not found in\n{report}"
    assert not report.ok and report.escapes == sum(report.counts.values())
    assert report.records == 250 and report.refused + report.accepted < 250
    with pytest.raises(AssertionError, match="escapes of"):
        report.assert_clean()
    # each sample is the record that escaped: checking it again gives the same kind
    for kind, sample in report.samples.items():
        _, problems = check_mutant(BrokenPebbles, sample.data, rng=random.Random(sample.index))
        assert kind in dict(problems), (kind, problems)
        assert mutant(BrokenPebbles, 0, sample.index, records=records, others=[demo(2)]).data == sample.data


@pytest.mark.parametrize(
    "setup, moves, kind",
    [
        ({"pile": 0}, [], "accepted, then no legal move before the end"),
        ({"pile": 5, "names": ["Cy", "Di"]}, [], "accepted, then the replayed state differs"),
        ({"pile": 5, "names": [1.5]}, [], "accepted, then summary() raises TypeError (tests/toygame.py:"),
        ({"pyle": 5}, [], "raises KeyError (tests/toygame.py:"),
        ({"pile": 5}, [{"player": 0, "take": 1, "x": 1}], "message of several lines"),
        ({"pile": 5}, [{"player": 0, "take": "1"}], "raises TypeError (tests/toygame.py:"),
    ],
)
def test_check_mutant_names_each_kind_of_escape(setup, moves, kind):
    _, problems = check_mutant(BrokenPebbles, json.dumps(record(setup, moves, game="toy-broken")).encode())
    assert any(k.startswith(kind) for k, _ in problems), problems
    _, problems = check_mutant(Pebbles, json.dumps(record(setup, moves)).encode())
    assert problems == [], "the correct game has none of these escapes"


class RefusesThree(Pebbles):
    def _check(self, move):
        super()._check(move)
        if move.count == 3:
            raise IllegalMoveError("three is unlucky", rule="invented")


class CannotCopy(Pebbles):
    def copy(self):
        raise RuntimeError("no copies")


@pytest.mark.parametrize(
    "cls, kind",
    [
        (RefusesThree, "accepted, then a legal move is refused"),
        (CannotCopy, "accepted, then copy().play(a legal move) raises RuntimeError"),
    ],
)
def test_check_mutant_plays_an_accepted_record_on(cls, kind):
    accepted, problems = check_mutant(cls, json.dumps(record({"pile": 20})).encode(), cli=False)
    assert accepted and any(k.startswith(kind) for k, _ in problems), problems


def test_harness_finds_unescaped_cli_output(monkeypatch):
    data = json.dumps(record({"pile": 5, "names": ["Zo\u200de", "Bob"]}, game="toy-broken")).encode()
    accepted, problems = check_mutant(BrokenPebbles, data)
    assert accepted and "cli prints unescaped characters" not in dict(problems)
    monkeypatch.setattr(cli, "shown", lambda text, limit=None: str(text))  # break the CLI's escaping
    accepted, problems = check_mutant(BrokenPebbles, data)
    assert "cli prints unescaped characters" in dict(problems), problems


def test_harness_reports_a_record_that_hangs():
    class Hangs(Pebbles):
        @classmethod
        def from_setup(cls, setup):
            while True:  # a game that never finishes reading its setup
                pass

    report = fuzz_records(Hangs, n=4, seed=0, records=[record()], others=[], cli=False, timeout=0.2)
    assert "takes more than 0.2 s" in report.counts, str(report)


def test_memory_cap_turns_a_huge_allocation_into_a_memory_error():
    resource = pytest.importorskip("resource")
    before = resource.getrlimit(resource.RLIMIT_AS)
    with memory_cap(2**27), pytest.raises(MemoryError):
        bytearray(2**30)
    assert resource.getrlimit(resource.RLIMIT_AS) == before


def test_harness_is_clean_on_a_correct_game_with_every_path_taken():
    report = fuzz_records(Pebbles, n=300, seed=1)  # others: the four games' demos
    report.assert_clean()
    assert report.refused > 100 and report.accepted > 10, str(report)


def test_the_long_run_builds_its_positions_and_runs(capsys):
    from benchmarks import fuzz_records as long_run

    assert sorted(long_run.POSITIONS) == sorted(daynight.GAMES)
    for game, build in long_run.POSITIONS.items():
        for position in build():
            again = daynight.replay(json.loads(position.to_json()))
            assert again.name == game and again.state_json() == position.state_json()
    assert long_run.main(["mtg", "-n", "20", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "mtg: 20 mutated records (seed 4)" in out and "total: 20 records, 0 escapes" in out
    assert "skipped" not in out
