"""The Magic tracker's guided first game (issue 19): learn day and night by predicting them.

The tracker has no bots and no deal: its guided game is a short sequence of table events, played
through the engine's public API (real ``play`` of real moves), in which the learner is Alice and
Bob is the other player. Before every turn begins, the learner *predicts* its untap step's
check on the drawn table (day, night or neither); the prediction is judged by the engine's own
rule functions (:func:`daynight.mtg.rules.untap_check`, :func:`daynight.mtg.exercises.
check_happens`, as the practice page judges an answer), then the engine plays the turn and its
log says what it decided; a wrong prediction shows the rule's words and the engine's decision.

In Alice's turns the learner chooses the table's events: how many spells Alice casts (her spell
counter), and when her turn ends. Bob's turns are the table's events (:func:`table_event`),
chosen from the state so that every lesson comes whatever the learner does: Bob casts a
daybound werewolf (Brutal Cathar) and a Clone of it while it is neither (the first day), then
casts no spell by day (night comes, the werewolf transforms, the Clone cannot) and two by night
(day comes back). The lessons (:func:`lessons`) are triggered by the first event of the
engine's log that carries their rule, never by a turn number. The guided game ends once the
core lessons have come (:func:`all_met`): a few turns, shorter than a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from daynight import i18n
from daynight.core import Event, Game
from daynight.mtg import BeginTurn, CastSpell, DayNight, EndGame, Enter, PermanentSpec
from daynight.mtg.exercise_table import counted, spells_words, word
from daynight.mtg.exercises import CHECK_REASONS, check_happens
from daynight.mtg.rules import DESIGNATIONS, NEITHER, NIGHT, untap_check

from .guide import Guide, Lesson
from .table import Mark, Note, Target

if TYPE_CHECKING:
    from .mtg import Tracker

__all__ = [
    "ANSWERS",
    "CORE",
    "LEARNER",
    "OPPONENT",
    "GuidedGame",
    "all_met",
    "guided_deal",
    "judge",
    "lessons",
    "table_event",
]

_ = i18n._  # every sentence a learner reads goes through daynight.i18n

#: the learner's seat and the other player's
LEARNER, OPPONENT = "Alice", "Bob"
#: the daybound werewolf Bob casts
CATHAR = "Brutal Cathar"
#: the predictions, in the order they are drawn (the keys of the drawn helper cards: ``answer-day``)
ANSWERS = ("day", "night", "neither")
#: the lessons without which the guided game does not end
CORE = ("first_day", "night", "day_again", "transform", "cannot")


def guided_deal() -> DayNight:
    """The guided game: Alice (the learner) and Bob, neither day nor night, nothing on the
    battlefield yet."""
    return DayNight.new([LEARNER, OPPONENT])


def clone_spec() -> PermanentSpec:
    """Bob's Clone copying Brutal Cathar: daybound, but single-faced, so it can never transform.
    Its name is a card's name, kept in the record as it is (not translated: a kept guided game
    replays alike in any language)."""
    return PermanentSpec("Clone (a copy of Brutal Cathar)", "daybound", controller=OPPONENT)


# ---------------------------------------------------------------------------
# The table's events: Bob's turns
# ---------------------------------------------------------------------------


def table_event(game: DayNight) -> Any | None:
    """The next event of Bob's turn (``None``: his turn is over, or it is not his turn).

    While Bob has no Brutal Cathar he casts it (a spell, then it enters: day comes if it was
    neither), then a Clone of it; after that he casts no spell by day (so night comes at the
    next untap step) and two by night (so day comes back): each of his turns changes day and
    night, whatever the learner does in hers."""
    if game.over or game.active_name != OPPONENT or game.pending or game.choosing:
        return None
    spells = game.spells_this_turn()[OPPONENT]
    mine = {p.spec.name for p in game.permanents if p.controller == OPPONENT}
    clone = clone_spec()
    if CATHAR not in mine:
        return CastSpell(OPPONENT, spell=CATHAR) if spells < 1 else Enter((cathar_spec(),))
    if clone.name not in mine:
        return CastSpell(OPPONENT, spell=clone.name) if spells < 2 else Enter((clone,))
    if game.designation == NIGHT and spells < 2:
        return CastSpell(OPPONENT)
    return None


def cathar_spec() -> PermanentSpec:
    return PermanentSpec.from_catalog(CATHAR, controller=OPPONENT)


# ---------------------------------------------------------------------------
# A prediction, judged by the rule functions
# ---------------------------------------------------------------------------


def judge(game: DayNight, move: BeginTurn) -> tuple[str, str]:
    """What it is after the untap step of the turn ``move`` begins, and why, by the rule
    functions: no check on the first turn, while it is neither, or in a skipped untap step
    (:func:`check_happens`), else :func:`untap_check` of the spells the active player cast."""
    old = game.designation_name
    if not check_happens(game, move):
        if game.active is None and game.designation == NEITHER:
            why = _(
                "This is the game's first turn: there is no previous turn to check. Besides, it is neither day "
                "nor night, and then the untap step makes no check: it stays neither."
            )
        elif game.active is None:
            why = _("This is the game's first turn: there is no previous turn to check, so it stays {now}.")
        elif game.designation == NEITHER:
            why = _("It is neither day nor night: the untap step makes no check, whatever was cast, and it stays so.")
        else:
            why = _("That untap step is skipped, so there is no check: it stays {now}.")
        return old, why.format(now=word(old))
    new = DESIGNATIONS[untap_check(game.designation, counted(game))]
    spells = game.spells_this_turn()
    mine = sum(spells[p] for p in game.active_players())
    why = _(CHECK_REASONS[(bool(game.teams), old, new)]).format(
        who=game.active_name, spells=spells_words(mine), listing=""
    )
    if any(spells[p] for p in game.players if p not in game.active_players()):
        why += " " + _("The spells other players cast during that turn do not count.")
    return new, why


def answer_words(answer: str) -> str:
    """The name of the drawn answer (the target's accessible name)."""
    return {
        "day": _("Predict: day"),
        "night": _("Predict: night"),
        "neither": _("Predict: neither day nor night"),
    }[answer]


def end_words(who: str) -> str:
    return _("End {who}'s turn").format(who=who)


def describe(move: Any) -> str:
    """A move the learner may make, in words (what a refused click says is allowed instead)."""
    if isinstance(move, CastSpell):
        if move.copy:
            return _("a copy of a spell for {who} (not cast)").format(who=move.player)
        return _("{who} casts a spell").format(who=move.player)
    if isinstance(move, BeginTurn):
        if move.extra:
            return _("an extra turn for {who}").format(who=move.who)
        if move.skipping:
            return _("skip {skipped}'s turn").format(skipped=", ".join(move.skipping))
        return _("predict the untap step, then {who}'s turn begins").format(who=move.who)
    return str(move)


# ---------------------------------------------------------------------------
# The lessons: each triggered by the first event of the log that carries its rule
# ---------------------------------------------------------------------------


def _sky(game: Game, event: Event) -> list[Mark]:
    return [Mark("sky", _("day or night: the helper card"))]


def _card(game: Game, event: Event) -> list[Mark]:
    pid = event.data.get("permanent")
    return [Mark(f"perm-{pid}", _("this card")), *_sky(game, event)]


def _is(what: str, **data: Any) -> Callable[[Event], bool]:
    """An event of kind ``what`` whose data hold ``data``."""
    return lambda e: e.what == what and all(e.data.get(k) == v for k, v in data.items())


def lessons(rules: Callable[[str], str]) -> tuple[Lesson, ...]:
    """The guided game's lessons, in the order of the rule book: how day or night first
    arrives, the untap step's check, transforming. ``rules`` names the engine's rules
    (``game.rules``: the names its log carries, for the game's edition of the Comprehensive
    Rules)."""
    return (*arrival_lessons(rules), *check_lessons(rules), *face_lessons(rules))


def arrival_lessons(rules: Callable[[str], str]) -> tuple[Lesson, ...]:
    """No check on the first turn nor while it is neither (728.2c); day arrives with daybound (702.145d)."""
    return (
        Lesson(
            "first_turn",
            (rules("turn order"), rules("first turn")),
            _(
                "Each untap step looks back at the previous turn to decide day or night. The first turn has "
                "no previous turn, so its untap step checks nothing; and a game begins neither day nor night."
            ),
            heading=_("The first turn: no check"),
            ids=("M1", "M7"),
            marks=_sky,
            when=_is("turn", turn=1),
        ),
        Lesson(
            "neither",
            (rules("no check"),),
            _("While it is neither day nor night, the untap step makes no day/night check at all."),
            heading=_("Neither: no check"),
            ids=("M11",),
            marks=_sky,
            when=_is("turn"),
        ),
        Lesson(
            "first_day",
            (rules("daybound neither"), rules("nightbound neither")),
            _(
                "A permanent with daybound appeared while it was neither day nor night, so it became day at "
                "once, in the middle of the turn."
            ),
            heading=_("Day arrives with daybound"),
            ids=("M3", "M5"),
            marks=_sky,
            when=_is("change"),
        ),
    )


def check_lessons(rules: Callable[[str], str]) -> tuple[Lesson, ...]:
    """The untap step's check: night after a turn without spells, day after two (728.2a/b)."""
    return (
        Lesson(
            "night",
            (rules("to night"),),
            _(
                "It was day, and the previous turn's active player cast no spells during that turn, so it "
                "became night in the untap step. Only the active player's spells count."
            ),
            heading=_("Night: a turn without spells"),
            ids=("M8", "M10"),
            marks=_sky,
            when=_is("change", new="night", untap_step=True),
        ),
        Lesson(
            "day_again",
            (rules("to day"),),
            _(
                "It was night, and the previous turn's active player cast two or more spells during that "
                "turn, so it became day again in the untap step."
            ),
            heading=_("Day again: two spells"),
            ids=("M9",),
            marks=_sky,
            when=_is("change", new="day", untap_step=True),
        ),
    )


def face_lessons(rules: Callable[[str], str]) -> tuple[Lesson, ...]:
    """A daybound werewolf transforms (702.145b/e); a permanent that cannot (712.9, 101.2)."""
    return (
        Lesson(
            "transform",
            (rules("daybound"), rules("nightbound")),
            _(
                "As it becomes night, a daybound werewolf turns to its nightbound face; as it becomes day, "
                "it turns back. All of them change together, whoever controls them."
            ),
            heading=_("The werewolf transforms"),
            ids=("M16",),
            marks=_card,
            when=_is("transform"),
        ),
        Lesson(
            "cannot",
            (rules("cannot transform"), rules("cant"), rules("instant face"), rules("daybound"), rules("nightbound")),
            _(
                "The Clone copies a daybound card but is a single-faced card: it has daybound, yet nothing "
                "happens when it would transform. It keeps its face, night or day."
            ),
            heading=_("A permanent that cannot transform"),
            words=_(
                "712.9: Only transforming tokens and permanents represented by transforming double-faced cards "
                "can transform; for anything else, nothing happens."
            ),
            marks=_card,
            when=_is("no_transform"),
        ),
    )


def all_met(game: Game, lessons_: Sequence[Lesson]) -> bool:
    """Whether the log holds an event of every core lesson (:data:`CORE`): the guided game can end."""
    core = [x for x in lessons_ if x.name in CORE]
    return all(any(x.matches(e) for e in game.log) for x in core)


# ---------------------------------------------------------------------------
# The guided game in the tracker
# ---------------------------------------------------------------------------


class GuidedGame:
    """The tracker's guided first game: its :class:`Guide`, the prediction asked before every
    turn, and Bob's turns played as the table's events."""

    def __init__(self, tracker: Tracker):
        self.tracker = tracker
        self.lessons = lessons(guided_deal().rules)
        #: the learner ended Alice's turn (or a turn of Bob is over): a prediction is asked
        self.predicting = False
        #: a wrong prediction, said in a note before the lessons of the turn it got wrong
        self.feedback: Note | None = None
        #: what the last prediction said (the status line)
        self.said: str | None = None
        self.guide = Guide(
            tracker.keeper,
            self.lessons,
            goal=_(
                "Day and night in Magic change at the start of a turn, by the spells the previous turn's "
                "player cast. You are Alice, playing against Bob: before each turn begins, predict on the "
                "table whether it will be day, night or neither, and the tracker shows what the rules decide."
            ),
            deal=guided_deal,
            allowed=self.allowed,
            describe=describe,
            player=LEARNER,
            go_on=self.step,
            new_game=tracker.new_game,
            practice="practice.ipynb",
            shorter=_("This guided game lasts a few turns: much shorter than a game of Magic."),
        )

    @property
    def active(self) -> bool:
        """The learner is in the guided game, on the game the tracker shows."""
        return self.guide.active and self.guide.game is self.tracker.game

    # -- what the learner may do ------------------------------------------------------------
    def allowed(self, game: Game) -> str:
        """What the learner may do now, and why: before a turn begins (the game's first turn, or
        after a turn was ended) only the prediction on the table; in Alice's turn, her spells and
        the end of her turn."""
        assert isinstance(game, DayNight)  # the guide asks about the tracker's game
        if self.predicting or game.active is None:
            names = {f"a{i}": answer_words(a) for i, a in enumerate(ANSWERS)}
            return _(
                "No turn is under way: spells are cast during a turn. First predict the next untap step: click "
                "“{a0}”, “{a1}” or “{a2}” on the table."
            ).format(**names)
        return _(
            "It is your turn. When it is over, click “{end}”. Before that you may cast spells: each click on "
            "your spell counter on the table counts one. Only your spells count for the next check, as you "
            "are the active player."
        ).format(end=end_words(LEARNER))

    def prediction_note(self, game: DayNight) -> Note:
        """The note asking for the prediction (it does not pause: the answers are on the table)."""
        nxt = game.next_in_order()
        names = {f"a{i}": answer_words(a) for i, a in enumerate(ANSWERS)}
        if game.active is None:
            text = _(
                "The game begins neither day nor night, and {who} takes the first turn. What will it be after "
                "its untap step? Click your answer on the table: “{a0}”, “{a1}” or “{a2}”."
            )
        else:
            text = _(
                "{active}'s turn is over ({spells} this turn), and {who}'s turn begins. What will it be after its "
                "untap step? Click your answer on the table: “{a0}”, “{a1}” or “{a2}”."
            )
        spells = spells_words(sum(game.spells_this_turn()[p] for p in game.active_players()))
        text = text.format(who=nxt, active=game.active_name or "", spells=spells, **names)
        marks: tuple[Mark, ...] = (
            Mark("sky", _("now: {designation}").format(designation=word(game.designation_name))),
        )
        marks += tuple(Mark(f"cast-{p}", _("the spells of this turn")) for p in game.active_players())
        return Note(text, heading=_("Predict the untap step"), marks=marks, pause=False)

    def end_turn(self) -> str:
        """The learner ends Alice's turn: the prediction is asked next."""
        self.predicting = True
        return _("Alice's turn is over. Predict the next untap step on the table.")

    def predict(self, answer: str) -> None:
        """The learner predicts ``answer``: judged by the rule functions, then the engine begins
        the next turn (a refusal says its rule: the tracker's ``_do``)."""
        game = self.tracker.game
        move = BeginTurn(game.next_in_order())
        right, why = judge(game, move)
        n = len(game.log)
        game.play(move)
        self.predicting = False
        decided = game.log.since(n)[0]
        if answer == right:
            self.said = _("Right: {why}").format(why=why)
            return
        self.said = None
        for lesson in self.lessons:  # the lesson of the rule that decided, got wrong
            if decided.rule in lesson.rules and lesson.name not in self.guide.missed:
                self.guide.missed.append(lesson.name)
        self.feedback = Note(
            _("You predicted {guess}; the rules make it {right}. {why}").format(
                guess=word(answer), right=word(right), why=why
            ),
            (Target(_("Continue"), self._read_feedback, id="continue", primary=True),),
            heading=_("Not quite"),
            items=(_("What the engine decided: {text}").format(text=decided.text),),
            detail=self._words(decided),
            marks=(Mark("sky", _("the engine's decision: {designation}").format(designation=word(right))),),
        )

    def _answer(self, answer: str) -> Callable[[], None]:
        """What a click on the drawn answer ``answer`` does."""
        return lambda: self.tracker.act(lambda: self.predict(answer))

    def _words(self, event: Event) -> str:
        """The rule's words of the lesson whose rule decided ``event``."""
        for lesson in self.lessons:
            if event.rule in lesson.rules:
                return self.guide.rule_words(lesson)
        return _("728.2: as the second part of the untap step, the game checks the previous turn.")

    def _read_feedback(self) -> None:
        self.feedback = None
        self.step()

    # -- the game goes on -----------------------------------------------------------------------
    def step(self, events: Sequence[Event] = (), status: str | None = None) -> None:
        """After every move of the guided game, and when a note is read: keep the game and show
        the notes (the guide), play Bob's turn, end the game once the core lessons have come,
        then ask for what the learner does next."""
        tracker = self.tracker
        status = status if self.said is None else self.said
        self.said = None
        while True:
            game = tracker.game
            paused = self.guide.moved(game)  # kept before the table shows it
            if self.feedback is not None and self.active:
                tracker.refresh(events=events, status=status)
                tracker.table.tell(self.feedback)
                return
            if paused or not self.active:
                tracker.refresh(events=events, status=status)
                return
            move = EndGame(_("the guided game is over")) if all_met(game, self.lessons) else table_event(game)
            if move is None:
                break
            n = len(game.log)
            game.play(move)
            events = game.log.since(n)
            status = " ".join(e.text for e in events[-2:])
        if game.active_name != LEARNER:
            self.predicting = True
        tracker.refresh(events=events, status=status)
        if self.predicting:
            tracker.table.tell(self.prediction_note(game))

    # -- the table ----------------------------------------------------------------------------
    def targets(self) -> list[Target]:
        """The guided game's own targets: the answers drawn on the table, or the end of Alice's turn."""
        if self.predicting:
            return [Target(answer_words(a), self._answer(a), key=f"answer-{a}") for a in ANSWERS]
        game = self.tracker.game
        if game.active_name == LEARNER and not game.over:
            return [Target(end_words(LEARNER), lambda: self.tracker.act(self.end_turn), primary=True)]
        return []
