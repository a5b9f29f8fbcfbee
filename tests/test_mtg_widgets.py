"""The MTG tracker and charts without a browser: click the drawn table by target name (as a
player does), set the form's values, read the table's status line and its drawing."""

import html
import json
import re

import pytest
from daynight.widgets.keep import MAX_STORED, game_key, kept_text
from daynight.widgets.mtg import Tracker, designation_chart, night_frequency_chart, night_frequency_table
from daynight.widgets.review import ReviewApp

from daynight import draw as d
from daynight.mtg import BACK, DAY, FRONT, NEITHER, NIGHT, DayNight, demo, night_fraction, poisson_spells
from daynight.testing import mutants
from tests.frontend_support import FakeBrowser


def txt(widget):
    """The text a person reads in an HTML widget (tags removed, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", "", widget.value))


def click(t, name):
    """Click the target called ``name`` on the table (a drawn piece or a toolbar button); a
    drawn piece's name goes on with its state in brackets or after a comma, as a screen
    reader hears it ("Bob casts a spell (1 so far this turn)")."""
    found = [n for n in t.table.target_names() if n == name or n.startswith((name + " (", name + ","))]
    assert len(found) == 1, (name, t.table.target_names())
    return t.table.choose(t.table.target_id(found[0]))


def drawn(t):
    """The words of the table's drawing (it must stay well-formed)."""
    return " | ".join(d.words(t.table.svg))


def enter(t, name, controller=None, **flags):
    t.permanent_name.value = name
    if controller is not None:
        t.controller.value = controller
    for key, value in flags.items():
        getattr(t, key).value = value
    t.add_button.click()


def test_a_table_session():
    t = Tracker(["Alice", "Bob", "Carol"])
    assert "neither day nor night" in drawn(t) and "Before the first turn" in drawn(t)
    assert click(t, "Next turn: Alice")
    assert "Turn 1" in drawn(t) and "Alice (now)" in drawn(t)
    # a werewolf enters by name: it becomes day (702.145d)
    enter(t, "Brutal Cathar", "Alice")
    assert t.permanent_kind.value == "dfc" and t.game.designation == DAY
    assert "It is day: the helper card shows its sun side." in drawn(t)
    assert "#1 Brutal Cathar, front face up; other face Moonrage Brute, daybound" in drawn(t)
    assert "If Alice casts no spell this turn, it becomes night" in drawn(t)
    assert "Daybound, CR 702.145d" in t.table.status  # the status line names the rule
    # Bob's spell on Alice's turn does not count
    assert click(t, "Bob casts a spell")
    assert "only the active player" in t.table.status and "Bob: 1 spell this turn" in drawn(t)
    assert click(t, "Next turn: Bob")  # Alice cast nothing: night (728.2a)
    assert t.game.designation == NIGHT and "It is night" in drawn(t)
    assert "#1 Moonrage Brute, back face up (transformed)" in drawn(t)
    assert "transforms into Moonrage Brute" in txt(t.log_view)
    assert 'class="dn-anim dn-anim-flip"' in t.table.svg  # the transform is the moment animated
    # Bob casts two (a copy does not count): day at the next untap step
    click(t, "Bob casts a spell")
    click(t, "A copy of a spell (not cast)")
    assert "If Bob casts 1 more spell this turn, it becomes day" in drawn(t)
    t.zone.value = "graveyard"
    click(t, "Bob casts a spell")
    assert "from the graveyard" in t.table.status and "It becomes day at the next untap step" in drawn(t)
    click(t, "Next turn: Carol")
    assert t.game.designation == DAY and t.game.active_name == "Carol"


def test_refusals_show_the_rule_and_change_nothing():
    t = Tracker(["Alice", "Bob"])
    assert not click(t, "Alice casts a spell")  # no turn yet: refused with the engine's rule
    assert t.table.status_kind == "error" and "Casting Spells, CR 601.2" in t.table.status
    click(t, "Next turn: Alice")
    click(t, "It becomes night")
    assert t.game.designation == NIGHT
    click(t, "It becomes night")
    assert "already night" in t.table.status
    click(t, "It becomes day")
    assert t.game.designation == DAY
    click(t, "Undo")
    assert t.game.designation == NIGHT and "taken back" in t.table.status
    t.permanent_name.value = ""
    t.add_button.click()
    assert "type the name" in t.table.status
    enter(t, "Phantasmal Image copying a werewolf", permanent_kind="daybound")
    assert "#1 Phantasmal Image copying a werewolf, single-faced, daybound" in drawn(t)


def test_a_card_is_chosen_then_what_happens_to_it_is_in_the_toolbar():
    t = Tracker(["Alice", "Bob"])
    click(t, "Next turn: Alice")
    enter(t, "Brutal Cathar", "Alice")
    click(t, "choose #1 Brutal Cathar")
    assert "Chosen: #1" in t.table.status and "#1 leaves the battlefield" in t.table.target_names()
    t.effect.value = "Bound by Moonsilver"
    click(t, "Apply the effect to #1")
    assert "CAN'T TRANSFORM" in drawn(t)
    click(t, "Next turn: Bob")
    assert t.game.designation == NIGHT and t.game.permanents[0].up == FRONT  # 101.2
    click(t, "End Bound by Moonsilver on #1")
    assert t.game.permanents[0].up == BACK and "702.145c" in t.table.status
    click(t, "Another effect transforms #1")  # Moonmist: R10
    assert t.game.permanents[0].up == BACK and "except due to its nightbound ability" in t.table.status
    click(t, "#1 phases out")
    assert "PHASED OUT" in drawn(t)
    click(t, "#1 leaves the battlefield")
    assert t.game.permanents == [] and t.selected is None


def test_an_old_werewolf_and_a_waiting_trigger():
    t = Tracker(["Alice", "Bob"])
    click(t, "Next turn: Alice")
    enter(t, "Huntmaster of the Fells", "Alice")
    assert t.permanent_kind.value == "transforming"
    name = next(n for n in t.table.target_names() if n.startswith("resolve #1"))
    assert not click(t, "Next turn: Bob") and "Steps, CR 500.2" in t.table.status
    click(t, name)
    click(t, "It becomes day")
    click(t, "Next turn: Bob")  # nobody cast a spell: night, and the werewolf's trigger
    (name,) = [n for n in t.table.target_names() if n.startswith("resolve")]
    assert "if no spells were cast last turn" in name and "Waiting to resolve (1)" in drawn(t)
    click(t, name)
    assert t.game.permanents[0].face_name() == "Ravager of the Fells"


def test_skipped_and_extra_turns():
    t = Tracker(["Alice", "Bob", "Carol"])
    click(t, "Next turn: Alice")
    click(t, "It becomes day")
    click(t, "Skip Bob's turn")
    assert t.game.active_name == "Carol" and t.game.designation == NIGHT  # Alice's turn was the previous one
    assert "Next turn: Alice" in t.table.target_names()
    click(t, "Extra turn for Carol")
    assert t.game.active_name == "Carol" and "Next turn: Alice" in t.table.target_names()


def test_entering_transformed_and_tokens():
    t = Tracker(["Alice", "Bob"])
    click(t, "Next turn: Alice")
    click(t, "It becomes day")
    enter(t, "Howlpack Piper", "Alice", transformed=True)  # 712.14a, then 702.145f
    p = t.game.permanents[0]
    assert p.up == FRONT and p.transforms == 1 and t.game.pending[0].kind == "enters"
    assert not t.transformed.value  # the form is ready for the next card
    click(t, next(n for n in t.table.target_names() if n.startswith("resolve")))
    click(t, "It becomes night")
    enter(t, "Brutal Cathar", "Bob", token=True)  # 707.8a: a double-faced token
    assert t.game.permanents[-1].up == BACK and "token" in drawn(t)


def test_two_headed_giant_and_new_game():
    t = Tracker(["Ann", "Ben", "Cat", "Dov"], two_headed_giant=True)
    click(t, "Next turn: Team Ann & Ben")
    click(t, "It becomes night")
    click(t, "Ann casts a spell")
    click(t, "Ben casts a spell")
    assert "team totals do not add up" in drawn(t)
    click(t, "Next turn: Team Cat & Dov")
    assert t.game.designation == NIGHT
    t.players_text.value = "Uma, Vic, Wes"
    t.two_headed.value = True
    t.new_game_button.click()  # 2HG needs four players
    assert "Not allowed" in t.table.status and t.game.teams
    t.two_headed.value = False
    t.new_game_button.click()
    assert (
        t.game.players == ("Uma", "Vic", "Wes") and "Uma casts a spell (0 so far this turn)" in t.table.target_names()
    )
    assert t.game.designation == NEITHER


def test_every_target_and_control_has_an_accessible_name():
    t = Tracker(["Alice", "Bob"])
    click(t, "Next turn: Alice")
    enter(t, "Brutal Cathar", "Alice")
    click(t, "choose #1 Brutal Cathar")
    names = t.table.target_names()
    assert all(names) and len(set(names)) == len(names)
    keyed = [tg["key"] for tg in t.table.targets if tg["key"]]
    assert len(keyed) == len(set(keyed)), "one target per drawn piece"
    keys = set(keyed)
    drawn_keys = set(re.findall(r'data-key="([^"]+)"', t.table.svg))
    assert keys <= drawn_keys  # every drawn target is on the drawing
    for control in (t.zone, t.permanent_name, t.permanent_kind, t.controller, t.add_button, t.effect):
        assert control.description


def test_designation_chart():
    game = demo(2)
    fig = designation_chart(game)
    rows = game.turn_table()
    assert list(fig.data[0].y) == [r["active_spells"] for r in rows]
    letter = {"day": "D", "night": "N", "neither": "-"}
    labels = list(fig.data[2].text)
    assert [label[0] for label in labels] == [letter[r["designation"]] for r in rows]
    assert [label[-1] for label in labels] == [letter[r["designation_end"]] for r in rows]
    assert "-→D" in labels  # the first werewolf entered during a turn
    assert len(fig.layout.shapes) >= len(rows)
    with pytest.raises(ValueError):
        designation_chart(Tracker().game)


def test_night_frequency_chart_exact_and_simulated_agree():
    df = night_frequency_table([0.5, 1.0, 2.0], sim_turns=20_000, seed=1)
    assert (abs(df["night_exact"] - df["night_simulated"]) < 0.02).all()
    assert (abs(df["night_exact_2hg"] - df["night_simulated_2hg"]) < 0.02).all()
    assert df["night_exact"].iloc[1] == pytest.approx(night_fraction(poisson_spells(1.0)))
    assert df["night_exact"].is_monotonic_decreasing
    fig = night_frequency_chart(table=df)
    assert len(fig.data) == 4 and list(fig.data[2].y) == list(df["night_simulated"])


def test_chart_of_the_game_from_the_tracker():
    t = Tracker(["Alice", "Bob"])
    t.chart_button.click()
    assert "nothing to chart" in t.table.status and t.last_chart is None
    click(t, "Next turn: Alice")
    click(t, "It becomes night")
    click(t, "Next turn: Bob")
    t.chart_button.click()
    assert list(t.last_chart.data[2].text) == ["-→N", "N"]  # the effect changed turn 1 mid-turn


def test_record_out_and_back_in():
    t = Tracker(["Alice", "Bob"])
    click(t, "Next turn: Alice")
    enter(t, "Brutal Cathar", "Alice")
    t.show_record_button.click()
    assert '"game": "mtg"' in t.record_text.value and "record of this game (2 events)" in t.table.status
    other = Tracker(["Uma"])
    other.record_text.value = t.record_text.value
    other.load_record_button.click()
    assert other.game.state_json() == t.game.state_json()
    assert "Alice casts a spell (0 so far this turn)" in other.table.target_names()
    assert "2 events replayed" in other.table.status
    # a teaching position typed by hand; a bad one names its field and changes nothing
    other.record_text.value = (
        '{"format": "daynight-record", "version": 1, "game": "mtg", "setup": '
        '{"players": ["Ann", "Ben"], "designation": "night", "permanents": '
        '[{"name": "Brutal Cathar", "back": "Moonrage Brute", "controller": "Ann"}]}, "moves": []}'
    )
    other.load_record_button.click()
    assert "It is night" in drawn(other) and "#1 Moonrage Brute, back face up" in drawn(other)
    other.record_text.value = '{"format": "daynight-record", "version": 1, "game": "mtg", "setup": {"players": []}}'
    other.load_record_button.click()
    assert "Not allowed" in other.table.status and "$.setup.players" in other.table.status
    assert other.game.players == ("Ann", "Ben")
    other.record_text.value = "{not json"
    other.load_record_button.click()
    assert "not valid JSON" in other.table.status


def test_every_target_carries_the_move_it_plays_on_the_piece_that_move_stands_on():
    from daynight.mtg import BeginTurn, CastSpell, Resolve
    from daynight.mtg import draw as mtg_draw

    t = Tracker(["Alice", "Bob"])
    click(t, "Next turn: Alice")
    enter(t, "Celestus Sanctifier", "Alice")
    click(t, "Next turn: Bob")  # day becomes night: its trigger waits
    targets = t.targets()
    moves = [tg.move for tg in targets if tg.move is not None]
    assert {type(m) for m in moves} >= {CastSpell, Resolve, BeginTurn}
    for tg in targets:
        if tg.move is not None:
            assert tg.key == mtg_draw.key(tg.move), tg.name  # drawn where the move stands, or a button
        else:
            assert tg.name == "Undo" or tg.key.startswith("perm-"), tg.name  # no move: undo, choose a card
    t.zone.value = "exile"  # the spell's zone is part of its move
    assert {tg.move.zone for tg in t.targets() if isinstance(tg.move, CastSpell) and not tg.move.copy} == {"exile"}


def test_a_curse_of_leeches_on_the_table():  # issue 20: an Aura that enchants a player
    t = Tracker(["Alice", "Bob"])
    click(t, "Next turn: Alice")
    t.permanent_name.value = "Curse of Leeches"
    assert t.enchants.layout.display is None and t.enchants.value == "Bob"  # the form asks whom it enchants
    t.controller.value = "Alice"
    t.add_button.click()
    assert t.game.permanents[0].attached == "Bob" and "enchants Bob" in drawn(t)
    assert "Bob is enchanted by #1 Curse of Leeches, Alice's" in drawn(t)
    click(t, "Next turn: Bob")  # night: a creature, unattached (704.5p)
    assert t.game.permanents[0].attached is None and "704.5p" in txt(t.log_view)
    click(t, "Bob casts a spell")
    click(t, "Bob casts a spell")
    click(t, "Next turn: Alice")  # day: Alice chooses the player it enchants
    assert "attach #1 Curse of Leeches here" in drawn(t)
    assert not click(t, "Alice casts a spell") and "712.20" in t.table.status  # the choice comes first
    click(t, "Attach #1 Curse of Leeches to Alice")
    (name,) = [n for n in t.table.target_names() if n.startswith("resolve")]
    assert "at the beginning of Alice's upkeep" in name and "Waiting to resolve (1)" in drawn(t)
    t.permanent_name.value = "Brutal Cathar"
    assert t.enchants.layout.display == "none"


# --------------------------------------------------------------------------- the game survives the page (issue 24)

KEPT = game_key("mtg")


def offered(t) -> list[str]:
    """The names of the buttons of the note a tracker opened with."""
    return [b["name"] for b in t.table.note.get("buttons", [])]


def a_tracked_game(browser):
    """A tracker opened in ``browser``, a few actions played at its table."""
    t = browser.open(Tracker(["Alice", "Bob", "Carol"]))
    assert offered(t) == ["Learn to play", "Play a game"], "nothing kept yet: only the guided game offered"
    click(t, "Play a game")
    assert t.table.note == {}
    click(t, "Next turn: Alice")
    enter(t, "Brutal Cathar", "Alice")
    click(t, "Bob casts a spell")
    click(t, "Next turn: Bob")  # night: the werewolf transforms
    return t


def test_the_tracked_game_is_kept_after_every_action_and_continued_on_the_next_page():
    browser = FakeBrowser()
    t = a_tracked_game(browser)
    moves = len(t.game.history)
    assert moves == 4 and browser.kept_moves(KEPT) == moves
    assert json.loads(browser.storage[KEPT])["record"] == t.game.to_record()
    # the page is reloaded (a new kernel, a tracker of other players): the kept game is offered
    again = browser.open(Tracker(["Uma"]))
    note = again.table.note
    assert f"at move {moves}" in note["text"] and note["kind"] == "offer"
    assert offered(again) == [f"Continue your game (move {moves})", "Learn to play", "Start a new game"]
    assert not click(again, "Next turn: Uma"), "the table waits for the answer"
    assert again.table.choose(again.table.target_id(f"Continue your game (move {moves})"))
    # the same game replayed through the engine, the same table drawn, the settings say its players
    assert again.game.to_record() == t.game.to_record() and again.game.state_json() == t.game.state_json()
    t.refresh()
    assert again.table.svg == t.table.svg and again.table.target_names() == t.table.target_names()
    assert again.players_text.value == "Alice, Bob, Carol" and again.controller.value == "Alice"
    assert f"goes on at move {moves}" in again.table.status and again.table.note == {}
    click(again, "Bob casts a spell")  # and it goes on, kept
    assert browser.kept_moves(KEPT) == moves + 1
    click(again, "Undo")  # an undo is kept too: a reload continues before the undone action
    assert browser.kept_moves(KEPT) == moves


def test_a_two_headed_giant_game_continues_with_its_teams():
    browser = FakeBrowser()
    t = browser.open(Tracker(["Ann", "Ben", "Cat", "Dov"], two_headed_giant=True))
    click(t, "Play a game")
    click(t, "Next turn: Team Ann & Ben")
    click(t, "Ann casts a spell")
    again = browser.open(Tracker(), anchor="continue")  # the dead page's reload: continued at once
    assert again.table.note == {} and again.game.to_record() == t.game.to_record()
    assert again.game.teams == t.game.teams and again.two_headed.value
    assert again.players_text.value == "Ann, Ben, Cat, Dov"


def kept_record_of(t):
    return json.loads(kept_text(t.game.to_record()))["record"]


def refusal(value):
    """What a tracker opened on the kept ``value`` shows: the note's text and its buttons' names."""
    browser = FakeBrowser({KEPT: value})
    t = browser.open(Tracker(["Uma", "Vic"]))
    note = t.table.note
    return note, [b["name"] for b in note.get("buttons", [])], browser, t


@pytest.mark.parametrize(
    "damage, named",
    [
        ("truncated", "not valid JSON"),
        ("wrong field", r"\$\.setup\.players"),
        ("illegal move", r"\$\.moves\[0\].*CR"),
        ("another game", r"\$\.game"),
        ("unknown field", r"\$\.kept"),
    ],
)
def test_a_damaged_kept_game_is_refused_by_name_and_a_new_game_offered(damage, named):
    t = a_tracked_game(FakeBrowser())
    record = t.game.to_record()
    if damage == "truncated":
        value = kept_text(record)[:-40]
    elif damage == "wrong field":
        value = kept_text({**record, "setup": {**record["setup"], "players": "Alice"}})
    elif damage == "illegal move":  # a spell cast before the first turn began
        value = kept_text({**record, "moves": [record["moves"][2], *record["moves"]]})
    elif damage == "another game":
        value = kept_text({**record, "game": "stars"})
    else:
        value = kept_text(record, kept="more")
    note, names, browser, fresh = refusal(value)
    assert note["kind"] == "error" and "could not be continued" in note["text"], note
    assert re.search(named, note["text"]), note["text"]
    assert "Traceback" not in note["text"] and names == ["Learn to play", "Start a new game"]
    assert KEPT not in browser.storage, "the refused record is forgotten"
    assert fresh.table.choose(fresh.table.target_id("Start a new game"))
    assert fresh.table.note == {} and fresh.game.players == ("Uma", "Vic") and not fresh.game.history
    click(fresh, "Next turn: Uma")
    assert browser.kept_moves(KEPT) == 1, "the new game is kept"


def test_fuzzed_kept_games_are_refused_by_name_or_continued():
    """Mutants of a tracked game's record (daynight.testing), kept as they are: a game the engine
    accepts is offered and continues, anything else is refused by name; never an exception."""
    played = a_tracked_game(FakeBrowser()).game
    refused = offered = 0
    for mutant in mutants(DayNight, 60, 0, records=[played.to_record()]):
        try:
            value = kept_text(json.loads(mutant.data.decode("utf-8", "replace")))
        except (ValueError, RecursionError):
            value = mutant.data.decode("utf-8", "replace")
        if len(json.dumps(value)) > MAX_STORED:
            continue
        note, names, _browser, t = refusal(value)
        if note.get("kind") == "error":
            refused += 1
            assert re.search(r"could not be continued \((\$.*?: |the kept game: )", note["text"]), note["text"]
            assert names == ["Learn to play", "Start a new game"]
        elif note:
            offered += 1
            assert t.table.choose(t.table.target_id(names[0])) and t.game.history
    assert refused > 30 and offered + refused > 40, (refused, offered)


def test_forget_this_game_clears_the_key_until_a_new_game():
    browser = FakeBrowser()
    t = a_tracked_game(browser)
    assert t.keeper.forget_button.description == "Forget this game"
    t.keeper.forget_button.click()
    assert KEPT not in browser.storage and "keeps nothing" in t.table.status
    click(t, "Alice casts a spell")
    click(t, "Undo")
    assert KEPT not in browser.storage, "a forgotten game is not kept again, an undo neither"
    assert offered(browser.open(Tracker())) == ["Learn to play", "Play a game"], "no game offered on the next page"
    t.new_game_button.click()
    click(t, "Next turn: Alice")
    assert browser.kept_moves(KEPT) == 1, "the next game is kept"


def test_the_review_app_opens_the_tracked_game_kept():
    browser = FakeBrowser()
    t = a_tracked_game(browser)
    review = ReviewApp(kept=("mtg",), upload=False)
    browser.open(review)
    label = f"{DayNight.title}, move 4"
    assert [v for _label, v in review.kept_menu.options] == ["", label]
    review.kept_menu.value = label
    assert review.review is not None and review.review.moves == 4
    review.go(4)
    assert "#1 Moonrage Brute, back face up (transformed)" in " | ".join(d.words(review.table.svg))
    assert review.review.record == t.game.to_record()


def test_undo_back_to_no_action_clears_the_kept_game():
    """An undo to zero actions leaves nothing to continue: the old one-action record is not
    kept, and the next page offers nothing; the next action is kept again."""
    browser = FakeBrowser()
    t = browser.open(Tracker(["Uma", "Vic"]))
    click(t, "Play a game")
    click(t, "Next turn: Uma")
    assert browser.kept_moves(KEPT) == 1
    click(t, "Undo")
    assert not t.game.history and KEPT not in browser.storage, "the one-action record is cleared"
    assert offered(browser.open(Tracker())) == ["Learn to play", "Play a game"], "no 'Continue (move 1)'"
    click(t, "Next turn: Uma")
    assert browser.kept_moves(KEPT) == 1, "the game is kept again from its next action"
