"""The guided first game (issue 19): learn to play while playing, each rule explained the
moment it first applies.

An app configures a :class:`Guide` with its *lessons* (:class:`Lesson`): each is triggered by
the first event of the engine's log that carries its rule (never a turn number or a scripted
position), and pauses the game on a short note in plain words, pointed at the drawn element
it is about (marks on the table), with the rule's words one click away (from the checklist,
``daynight.practice.checklist``); the note takes the keyboard's focus and is announced; the
learner presses Continue when ready. Before each of the learner's moves the guide says what
is allowed now and why (the app supplies the words: ``allowed(game)``); a refused click says
which rule refused it (the engine's ``_check``) and what would be allowed instead (the
engine's ``legal_moves``, in the app's words: ``describe(move)``); a legal move, however weak,
is never refused (the guide never stands between a click and the engine). At the end, a
summary of the rules met, with a link to the practice page for each one the learner got
wrong or has not met.

"Learn to play" is offered first on the page to anyone who has not finished it (and started
at once from the landing page's link, ``<app>.ipynb#learn``); the guided game and its progress
are kept in the browser under ``daynight.guide.v1.<app>`` (the record, the notes read, the
rules got wrong, whether it was finished) and resume like a kept game (:mod:`.keep`)::

    guide = Guide(keeper, LESSONS, goal=..., deal=self.guided_deal, allowed=self.allowed_words,
                  describe=self.move_words, player=0, go_on=self.step, new_game=self.new_game,
                  practice="practice.ipynb")
    ...
    def step(self):                      # after every move, and when the guide says go on
        paused = self.guide.moved(self.game)  # keeps the game; True: paused on a note
        self.redraw()
        if paused: return
        ...                              # a bot moves, step again

The app calls :meth:`Guide.moved` before it redraws the table, so the kept record reaches the
browser before the table shows the move (a page that dies then has kept it); the notes'
marks are put on whatever drawing the table shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import ipywidgets as w

from daynight import i18n
from daynight.core import DaynightError, Event, Game, InvalidRecordError
from daynight.practice import checklist

from .common import button, guarded, reason_and_rule
from .keep import GameKeeper, Offer, kept_record, kept_text, too_long
from .table import Mark, Note, Target

__all__ = ["GUIDE_VERSION", "Guide", "Lesson", "guide_key"]

_ = i18n._  # every sentence a learner reads goes through daynight.i18n

#: the version of the guided game's kept value (part of its key)
GUIDE_VERSION = 1
#: lessons a guide may have (what the browser keeps is bounded by it)
MAX_LESSONS = 64


def guide_key(app: str) -> str:
    """The browser storage key of ``app``'s guided game: ``daynight.guide.v1.stars``."""
    return f"daynight.guide.v{GUIDE_VERSION}.{app}"


class Lesson(NamedTuple):
    """One rule of the guided game.

    ``name`` (a short id, kept in the browser); ``rules``: the names of the engine's log that
    trigger it (``Event.rule``), and ``when(event)`` a further condition (a tie, a kind);
    ``text``: the note in plain words; ``heading``: the rule in a few words; ``ids``: checklist
    ids whose words are one click away (or ``words``, the rule's words, for a rule without an
    id); ``marks(game, event)``: what the note points at on the drawing; ``practice``: the
    practice page for this rule (default: the guide's)."""

    name: str
    rules: tuple[str, ...]
    text: str
    heading: str = ""
    ids: tuple[str, ...] = ()
    words: str = ""
    marks: Callable[[Game, Event], Sequence[Mark]] | None = None
    when: Callable[[Event], bool] | None = None
    practice: str = ""

    def matches(self, event: Event) -> bool:
        """Whether ``event`` is one this lesson explains."""
        return event.rule in self.rules and (self.when is None or bool(self.when(event)))


class Guide:
    """A guided first game for the app whose game ``keeper`` keeps (see the module's docstring).

    ``goal``: the first note, the goal and what to do now (three sentences at most); ``deal()``:
    the guided game's deal (chosen so that the lessons come early); ``allowed(game)``: what the
    learner may do now and why; ``describe(move)``: a legal move in words; ``player``: the
    learner's seat; ``go_on()``: let the game go on after a note (the bots move); ``new_game()``:
    a normal game; ``practice``: the practice page's address; ``shorter``: a sentence saying the
    guided game is shorter than a full game, if it is; ``speaking(action)``: the callback of the
    guide's "Learn to play" button for ``action`` (an app that speaks a language of its own sets it
    first; by default the button calls ``action``). An app that switches its language mid-game
    calls :meth:`say_again`.
    """

    def __init__(self, keeper: GameKeeper, lessons: Sequence[Lesson], *, goal: str, deal: Callable[[], Game],
                 allowed: Callable[[Game], str], describe: Callable[[Any], str], player: Any,
                 go_on: Callable[[], Any], new_game: Callable[[], Any], practice: str = "",
                 shorter: str = "", speaking: Callable[[Callable[[], Any]], Callable[..., Any]] | None = None):  # fmt: skip
        if not 0 < len(lessons) <= MAX_LESSONS or len({x.name for x in lessons}) != len(lessons):
            raise ValueError(f"a guide has 1 to {MAX_LESSONS} lessons, each with a name of its own")
        self.keeper, self.table, self.lessons = keeper, keeper.table, tuple(lessons)
        self.goal, self.deal, self.allowed, self.describe, self.player = goal, deal, allowed, describe, player
        self.go_on, self.new_game, self.practice, self.shorter = go_on, new_game, practice, shorter
        self.key = guide_key(keeper.app)
        #: the learner is in the guided game
        self.active = False
        #: the learner has finished a guided game (kept in the browser)
        self.finished = False
        #: the lessons whose notes were read (Continue pressed), and those whose rule refused a click
        self.shown: list[str] = []
        self.missed: list[str] = []
        #: notes waiting to be shown: (lesson, the event that triggered it)
        self.queue: list[tuple[Lesson, Event]] = []
        self.game: Game | None = None
        self._seen = 0  # events of the game's log already looked at
        self.kept: Game | None = None  # a guided game kept in the browser, offered to continue
        self.saved = 0
        self.problem = ""
        self.keeping = True
        self._begun = False  # Start pressed on the goal's note (or a kept game continued)
        act = speaking(self.start) if speaking is not None else lambda _b: guarded(self.table, self.start)
        self.start_button = button("", act, layout=w.Layout(width="auto"))
        self._label_button()
        keeper.guide = self
        keeper.join(self)
        self.table.explain = self._explain

    def _label_button(self) -> None:
        self.start_button.description = _("Learn to play")
        self.start_button.tooltip = _("A guided game: each rule explained the moment it first applies")

    def say_again(
        self, lessons: Sequence[Lesson], *, goal: str, shorter: str = "", replayed: tuple[Game, Game] | None = None
    ) -> None:
        """Say everything again in the current language, for an app that has just switched its
        language: ``lessons`` (the same lessons, by name), ``goal`` and ``shorter`` are the app's
        words in it; the "Learn to play" button is relabelled; ``replayed`` is ``(old, new)``, the
        app's game and the same game replayed from its record under the new catalog: when ``old``
        is the guided game, ``new`` takes its place, the notes waiting point at its events and the
        note on the table (the goal, a rule's note, "Your move", the summary) is said again. The
        app keeps ``new`` as after a move (``keeper.moved(new)``)."""
        if [x.name for x in lessons] != [x.name for x in self.lessons]:
            raise ValueError("say_again expects the guide's own lessons, said in another language")
        self.lessons, self.goal, self.shorter = tuple(lessons), goal, shorter
        self._label_button()
        old, new = replayed if replayed is not None else (None, None)
        if not self.active or self.game is None or old is not self.game or new is None:
            return
        by_name = {x.name: x for x in self.lessons}
        again = {id(e): event for e, event in zip(old.log, new.log, strict=True)}
        self.queue = [(by_name[lesson.name], again[id(e)]) for lesson, e in self.queue]
        self.game = new
        if self._begun:
            self._next()
        else:
            self.table.tell(self._goal_note())

    # -- the opening (a part of the keeper's) ------------------------------------------------
    def read(self, text: str | None, problem: str | None) -> None:
        """The guided game's progress from the browser; a damaged value is refused by name."""
        self.kept, self.saved, self.problem = None, 0, ""
        if (text is None and problem is None) or problem == "no storage":
            return
        try:
            if problem is not None:
                raise DaynightError(_("it is longer than a kept value may be"))
            r, record = kept_record(text or "", _("the kept guided game"))
            r.only("version", "saved", "record", "finished", "shown", "missed")
            names = {x.name for x in self.lessons}
            self.finished = r.bool("finished")
            kept: dict[str, list[str]] = {}
            for field in ("shown", "missed"):
                items = r.list(field)
                if len(items) > MAX_LESSONS:
                    raise r.error(f"at most {MAX_LESSONS} lessons", field)
                for item in items:
                    if not isinstance(item.value, str):
                        raise item.error("expected the name of a lesson")
                kept[field] = [x.value for x in items if x.value in names]
            game = self.keeper.cls.from_record(record) if record is not None else None
        except DaynightError as exc:
            self.problem = reason_and_rule(exc)
            self.table.store(self.key, None)
            return
        except Exception as exc:  # an engine's bug while replaying: refused, never a traceback
            self.problem = str(InvalidRecordError("$.record", f"the game could not be replayed ({type(exc).__name__})"))
            self.table.store(self.key, None)
            return
        self.shown, self.missed = kept["shown"], kept["missed"]
        if game is not None and not game.is_over():
            self.kept, self.saved = game, r.int("saved")

    def offer(self) -> Offer | None:
        learn = Target(_("Learn to play"), self.start, id="learn", primary=True)
        if self.problem:
            text = _("The guided game kept in this browser could not be read ({error}); it starts afresh.")
            return Offer(text.format(error=self.problem), (learn,), kind="error")
        if self.kept is not None:
            n = len(self.kept.history)
            text = _("You were learning to play {title}, at move {n}.").format(title=self.keeper.title, n=n)
            name = _("Continue learning (move {n})").format(n=n)
            return Offer(text, (Target(name, self.continue_kept, id="learning", primary=True),))
        if self.finished:
            return None
        text = _("New to {title}? Learn to play: a guided game in which each rule is explained the moment it applies.")
        return Offer(text.format(title=self.keeper.title), (learn,))

    def continue_kept(self) -> None:
        """Go on with the kept guided game (its pending note shown again)."""
        game, self.kept = self.kept, None
        self.table.tell(None)
        self.keeper.loaded = True
        if game is None:
            return
        self.active, self.game, self._seen, self.queue, self._begun = True, game, 0, [], True
        self.keeper.resume(game)
        self.table.show(_("Your guided game goes on at move {n}.").format(n=len(game.history)), "ok")
        if not self.moved(game):
            self.go_on()

    # -- the guided game -----------------------------------------------------------------------
    def start(self) -> None:
        """Learn to play: deal the guided game and show its goal."""
        self.keeper.loaded = True
        self.active, self.shown, self.missed, self.queue, self.keeping = True, [], [], [], True
        game = self.deal()
        self.game, self._seen, self._begun = game, 0, False
        self.keeper.resume(game)
        self.keep(game)
        self.table.tell(self._goal_note())

    def _goal_note(self) -> Note:
        text = self.goal if not self.shorter else f"{self.goal} {self.shorter}"
        heading = _("Learn to play {title}").format(title=self.keeper.title)
        return Note(text, (Target(_("Start"), self._begin, id="start", primary=True),), heading=heading)

    def _begin(self) -> None:
        self._begun = True
        self.table.tell(None)
        self.go_on()

    def moved(self, game: Game) -> bool:
        """After every move (and when the game goes on): keep the game; in the guided game, show
        the note of each rule met for the first time, and say what the learner may do now.
        True when the game is paused on a note (Continue calls ``go_on``). Another game than
        the guided one (the app's New game) ends the guided game."""
        if self.active and game is not self.game:
            self.active, self.queue = False, []
            self.table.tell(None)
        self.keeper.moved(game)
        if not self.active:
            return False
        for event in game.log[self._seen :]:
            for lesson in self.lessons:
                waiting = lesson.name in self.shown or any(lesson is x for x, _e in self.queue)
                if not waiting and lesson.matches(event):
                    self.queue.append((lesson, event))
        self._seen = len(game.log)
        return self._next()

    def _next(self) -> bool:
        """Show the next note; True when it pauses the game."""
        game = self.game
        if game is None:
            return False
        if self.queue:
            lesson, event = self.queue[0]
            self.table.tell(self._lesson_note(lesson, event, game))
            return True
        if game.is_over():
            self._summary()
            return True
        if self.player in game.to_players():
            leave = Target(_("Leave the guided game"), self._leave, id="leave")
            self.table.tell(Note(self.allowed(game), (leave,), heading=_("Your move"), pause=False))
        else:
            self.table.tell(None)
        return False

    def _lesson_note(self, lesson: Lesson, event: Event, game: Game) -> Note:
        marks = tuple(lesson.marks(game, event)) if lesson.marks is not None else ()
        return Note(
            lesson.text,
            (Target(_("Continue"), self._continue, id="continue", primary=True),),
            heading=lesson.heading or _("A new rule"),
            items=(_("What happened: {text}").format(text=event.text),),
            detail=self.rule_words(lesson),
            marks=marks,
        )

    def rule_words(self, lesson: Lesson) -> str:
        """The rule's words: the checklist statements of its ids (the seed's words, and their
        English where the seed is not), else the lesson's own ``words``."""
        statements = checklist()
        quoted = []
        for i in lesson.ids:
            s = statements.get(i)
            if s is not None:
                quoted.append(f"{i}: {s.words}" + (f" ({s.translation})" if s.translation else ""))
        return " ".join(quoted) or lesson.words

    def _continue(self) -> None:
        lesson, _event = self.queue.pop(0)
        if lesson.name not in self.shown:
            self.shown.append(lesson.name)
        if self.game is not None:
            self.keep(self.game)
        if self.queue:
            self._next()
            return
        self.table.tell(None)
        self.go_on()

    def _summary(self) -> None:
        """The end: the rules met, and the practice page for each one got wrong or not met."""
        self.finished = True
        if self.game is not None:
            self.keep(self.game)
        items, links = [], []
        for lesson in self.lessons:
            rule = lesson.heading or lesson.name
            if lesson.name in self.missed:
                items.append(_("Got wrong once: {rule}. Practise it.").format(rule=rule))
            elif lesson.name in self.shown:
                items.append(_("Met: {rule}.").format(rule=rule))
            else:
                items.append(_("Not met in this game: {rule}. Practise it.").format(rule=rule))
            page = lesson.practice or self.practice
            if page and (lesson.name in self.missed or lesson.name not in self.shown):
                links.append((_("Practise: {rule}").format(rule=rule), page))
        buttons = (
            Target(_("Play a game"), self._leave, id="play", primary=True),
            Target(_("Learn again"), self.start, id="again"),
        )
        heading = _("You have played your first game of {title}").format(title=self.keeper.title)
        text = _("These are the rules you met in it.")
        self.table.tell(Note(text, buttons, heading=heading, items=items, links=links, kind="summary"))

    def _leave(self) -> None:
        """Leave the guided game for a normal game (what was learnt stays kept)."""
        self.active = False
        self.table.tell(None)
        self.new_game()

    # -- a refused click ----------------------------------------------------------------------
    def _explain(self, error: BaseException | str) -> str | None:
        """What the table adds to a refusal in the guided game: what would be allowed instead
        (and the rule that refused is counted as got wrong). The refusal reaches the note above
        the table, where the learner looks (:meth:`_refused`)."""
        game = self.game
        if not self.active or game is None:
            return None
        rule = getattr(error, "rule", None)
        for lesson in self.lessons:
            if rule in lesson.rules and lesson.name not in self.missed:
                self.missed.append(lesson.name)
        self.keep(game)
        moves = game.legal_moves(self.player) if not game.is_over() else ()
        if not moves:
            allowed = _("It is not your move now.")
        else:
            # a move's words may hold commas ("cast Sunbeam, 2 hours"): the moves are kept apart by semicolons
            allowed = _("Allowed now: {moves}.").format(moves=_("; ").join(self.describe(m) for m in moves))
        if not self.table.paused:
            self.table.tell(self._refused(error, allowed, game))
        return allowed

    def _refused(self, error: BaseException | str, allowed: str, game: Game) -> Note:
        """The note of a refused click: the rule that refused it and the engine's reason (never
        the state string, which is for bug reports), what to do now (the app's words, as in "Your
        move") and every move allowed now; said at once to a screen reader (a note of kind
        ``error``). The next move brings back "Your move"."""
        rule = getattr(error, "rule", None)
        heading = _("Not allowed: {rule}").format(rule=rule) if rule else _("Not allowed")
        reason = (error.reason if isinstance(error, DaynightError) else str(error)).rstrip(".")
        now = self.allowed(game) if self.player in game.to_players() and not game.is_over() else ""
        text = _("{reason}. {what_now}").format(reason=reason, what_now=now).strip()
        leave = Target(_("Leave the guided game"), self._leave, id="leave")
        return Note(text, (leave,), heading=heading, items=(allowed,), pause=False, kind="error")

    # -- kept in the browser --------------------------------------------------------------------
    def keep(self, game: Game | None) -> None:
        """Have the browser keep the guided game and its progress."""
        if not self.keeper.loaded or not self.keeping:
            return
        record = game.to_record() if game is not None and self.active and not game.is_over() else None
        text = kept_text(record, finished=self.finished, shown=self.shown, missed=self.missed)
        refused = too_long(text)
        if refused:
            self.keeping = False
            text = kept_text(None, finished=self.finished, shown=self.shown, missed=self.missed)
            self.table.show(refused, "error")
        self.table.store(self.key, text)

    def forget(self) -> None:
        """Clear the guided game the browser keeps (what was learnt stays)."""
        self.table.store(self.key, kept_text(None, finished=self.finished, shown=self.shown, missed=self.missed))
        self.keeping = False
