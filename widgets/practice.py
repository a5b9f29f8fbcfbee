"""The practice page of a game (issue 18): a stream of exercises on the drawn table, judged by
the engine, with the learner's progress kept in the browser.

:class:`PracticeApp` shows one exercise at a time (:mod:`daynight.practice`; the kinds are the
game's ``daynight/<game>/exercises.py``) on the table widget (:mod:`daynight.widgets.table`):

* a *choice* or a *number* is one click on a drawn piece or on a toolbar button;
* a *set* is given by marking every member (each target a toggle, ``aria-pressed``, with a
  mark in words on the drawing), an *order* by clicking the members in turn; then **Check**;
* right and wrong are said in words in the table's status line; a wrong answer may be tried
  again, with the rule's words from the seed beside the table; **Show me** reveals the answer;
  once answered, marks on the drawing show the reason, and the feedback beside the table says
  why, quotes the rule and says what the engine's log said when the position was played on;
* **Another** deals a new exercise from a fresh seed (after a miss, a new position of the same
  kind; a missed kind comes back later); the learner chooses which rules to practise;
* a running score, and a dashboard of every rule practised (seen, right at the first try)
  from the progress the browser keeps under ``daynight.practice.v1.<game>`` (the table's
  JavaScript reads it when the page opens and writes what the kernel sends back); a damaged
  kept value is refused by name and reset; **Reset progress** forgets it.

``PracticeApp("stars", seed=1)`` deals the same exercises every time (tests, notebooks);
without a seed each page deals its own. A walkthrough's "Try it" cell is
``PracticeApp("stars", kinds=(kind,), compact=True, keeper=keeper)``: the question, the table
and the feedback only; the cells of one page share one :class:`Keeper`, so every answer counts
in the same kept progress as the practice page's. A rule book's example worked step by step
is ``PracticeApp("mtg", steps=steps, compact=True, keeper=keeper)``: the steps in their order,
each asked before the engine reveals it, with **Next step** where a stream has **Another**.
On the practice page the question is shown once, above the table, and the status line says
how to answer it. Everything works without a browser:
``app.table.choose(app.table.target_id("Check"))`` does what a click does, and
:meth:`PracticeApp.receive_stored` plays the browser's part of the kept progress.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from html import escape
from typing import Any

import ipywidgets as w
from IPython.display import display

from daynight import i18n
from daynight.core import DaynightError, IllegalMoveError
from daynight.i18n import ngettext
from daynight.practice import (
    CHOICE,
    NUMBER,
    ORDER,
    SET,
    Exercise,
    Kind,
    Progress,
    Stream,
    checklist,
    judge,
    kinds_of,
    ordinal,
    store_key,
    verdict_words,
)

from .common import app_layout, button
from .table import Mark, Table, Target

__all__ = ["HOW_TO_ANSWER", "Keeper", "PracticeApp"]

_ = i18n._  # every sentence a learner reads goes through daynight.i18n

STYLE = """<style>
.dn-practice .dn-question { font-size: 1.1em; font-weight: 600; margin: 0.2em 0 0.3em; }
.dn-practice .dn-feedback h4 { margin: 0.6em 0 0.2em; font-size: 1em; }
.dn-practice .dn-feedback blockquote { margin: 0.2em 0 0.4em; padding: 0.2em 0.6em; border-left: 4px solid #0b57d0;
  background: #f4f8ff; }
.dn-practice .dn-feedback ol { margin: 0.2em 0; padding-left: 1.6em; }
.dn-practice table.dn-dashboard { border-collapse: collapse; font-size: 0.92em; width: 100%; }
.dn-practice table.dn-dashboard th, .dn-practice table.dn-dashboard td { border-bottom: 1px solid #ccc;
  padding: 2px 6px; text-align: left; vertical-align: top; }
.dn-practice .dn-table { --dn-table-max-height: calc(100vh - 270px); }
.dn-practice .dn-score { margin: 0; }
.dn-practice .dn-practice-style { display: none !important; }
/* the feedback takes no room before an answer (a phone's 44 px for a row of controls is not for it); the verdict
   itself is said by the table's status line (role status, aria-live polite) */
.dn-practice .dn-practice-feedback-box:has(> .widget-html-content:empty) { display: none !important; }
/* one column (common.css: under 900 px, a tablet or a phone held upright; issue 23): the question, the table with
   its buttons and status line, then at once the feedback (right or wrong, the rule's words), and only then the
   score, the rules to practise and the dashboard; the page's two columns give up their boxes so that their parts
   can be put in this order (at 768 px the rule's words came after the whole dashboard, two screens down) */
@media (max-width: 900px) {
  .dn-practice .dn-app { display: flex !important; flex-direction: column; }
  .dn-practice .dn-app > .dn-app-main, .dn-practice .dn-app > .dn-app-side,
  .dn-practice .dn-app > .dn-app-top, .dn-practice .dn-practice-column { display: contents !important; }
  .dn-practice .dn-practice-question { order: 1; }
  .dn-practice .dn-practice-table { order: 2; }
  .dn-practice .dn-practice-feedback-box { order: 3; }
  .dn-practice .dn-practice-score-line { order: 4; }
  .dn-practice .dn-practice-rules { order: 5; }
  .dn-practice .dn-practice-dashboard-box { order: 6; overflow-x: auto; }
  .dn-practice .dn-practice-reset { order: 7; }
}
@media (max-width: 600px) {
  .dn-practice .dn-feedback, .dn-practice .dn-dashboard { font-size: 14px; }
}
</style>"""


#: what the practice page's status line says while an exercise waits for its answer (the question
#: itself is shown once, above the table), by the shape of the answer
HOW_TO_ANSWER: dict[str, Callable[[], str]] = {
    CHOICE: lambda: _("Click your answer on the table (from the keyboard: Tab to it, then Enter)."),
    NUMBER: lambda: _("Click the number you think is right (from the keyboard: Tab to it, then Enter)."),
    SET: lambda: _("Mark every one that belongs on the table, then press Check; a second click takes a mark off."),
    ORDER: lambda: _("Click them on the table in their order, then press Check; a second click takes one out."),
}


class Keeper:
    """The progress of one game in this kernel, kept by the browser: every practice widget of a
    page that shares a keeper (a walkthrough's "Try it" cells, say) counts into the same
    progress, which the browser sends once when the page opens (:meth:`receive`) and keeps
    after every answer (:meth:`answered`)."""

    def __init__(self, game: str):
        self.game = game
        self.key = store_key(game)
        self.progress = Progress(game)  #: what the browser kept and this page added
        self.session = Progress(game)  #: this page's answers (merged into the kept progress when it arrives)
        self.loaded = False
        self.tables: list[Table] = []
        self.listeners: list[Callable[[], None]] = []
        self.kinds = [k.name for k in kinds_of(game)]
        self.rules = list(checklist(game))

    def join(self, table: Table, changed: Callable[[], None]) -> None:
        """``table`` keeps this game's progress in the browser; ``changed()`` is called when
        the progress is replaced (the kept one arrived, or a reset)."""
        table.keep(self.key)
        table.on_stored(partial(self.receive, table))
        self.tables.append(table)
        self.listeners.append(changed)

    def receive(self, table: Table, key: str, text: str | None, problem: str | None = None) -> None:
        """The kept progress from the browser (acted on once): merged with this page's
        answers; a damaged value is refused by name and reset."""
        if key != self.key or self.loaded:
            return
        self.loaded = True
        self.tables.remove(table)
        self.tables.insert(0, table)  # a table the browser shows: it writes from now on
        said, kept = "", Progress(self.game)
        if problem == "no storage":
            said = _("This browser keeps nothing for this page, so your progress lasts until you close it.")
        elif problem is not None or text is not None:
            try:
                if problem is not None:
                    raise DaynightError(_("it is longer than a kept value may be"))
                kept = Progress.from_text(text or "", self.game, self.kinds, self.rules)
            except DaynightError as exc:
                said = _("The progress kept in this browser could not be read ({error}); it has been reset.")
                said = said.format(error=exc)
                table.store(self.key, None)
        self.progress = kept.merged(self.session)
        if self.session.answered or said:
            self.keep()
        for changed in self.listeners:
            changed()
        if said:
            table.show(said, "error" if problem != "no storage" else "info")

    def answered(self, exercise: Exercise, right_first: bool) -> None:
        """Count ``exercise`` for this page (the stream counted it in :attr:`progress`) and keep."""
        self.session.record(exercise, right_first)
        self.keep()

    def keep(self) -> None:
        if self.loaded and self.tables:
            self.tables[0].store(self.key, self.progress.to_text())

    def reset(self) -> None:
        """Forget the kept progress (this browser's and this page's)."""
        self.progress, self.session = Progress(self.game), Progress(self.game)
        if self.tables:
            self.tables[0].store(self.key, None)
        for changed in self.listeners:
            changed()


class PracticeApp:
    """Practise the rules of ``game`` (``"stars"``): see the module's docstring. ``app.widget``
    is the page, ``app.table`` the drawn table, ``app.exercise`` the exercise on it."""

    def __init__(self, game: str, *, seed: int | None = None, kinds: tuple[Kind, ...] | None = None,
                 keeper: Keeper | None = None, compact: bool = False,
                 steps: tuple[Exercise, ...] = ()):  # fmt: skip
        self.game = game
        self.compact = compact
        #: a worked example's steps (shown in turn by :meth:`another`), or none: a stream
        self.steps = tuple(steps)
        self.step = -1
        if kinds is None:
            named = {s.kind for s in self.steps}
            kinds = tuple(k for k in kinds_of(game) if k.name in named) if self.steps else kinds_of(game)
        self.kinds = kinds
        self.rule_ids = [i for i in checklist(game) if any(i in k.rules for k in self.kinds)]
        self.keeper = keeper if keeper is not None else Keeper(game)
        self.stream = Stream(self.kinds, self.keeper.progress, random.Random(seed) if seed is not None else None)
        self.exercise: Exercise
        self.given: list[Any] = []
        self.tries = 0
        self.done = False
        #: how many exercises this table has shown
        self.asked = 0
        #: the width the drawing on the table was made for (``Table.draw_width``: ``None`` wide)
        self.drawn_width: int | None = None
        self.table = Table(label=_("The practice table"))
        self.keeper.join(self.table, self._progress_changed)
        self.table.on_screen(self._turned)
        self.question = w.HTML()
        self.score = w.HTML()
        self.feedback = w.HTML()
        self.dashboard = w.HTML()
        for part, name in ((self.question, "question"), (self.score, "score-line"), (self.feedback, "feedback-box"),
                           (self.dashboard, "dashboard-box"), (self.table, "table")):  # fmt: skip
            part.add_class(f"dn-practice-{name}")  # the narrow page's order (STYLE) finds them by these
        self.choices = [
            w.Checkbox(value=True, description=_(k.title), indent=False, layout=w.Layout(width="auto"))
            for k in self.kinds
        ]
        for box in self.choices:
            box.observe(self._choose_kinds, names="value")
        self.reset_button = button(
            _("Reset progress"),
            lambda _b: self.reset(),
            tooltip=_("Forget the progress this browser keeps for this game"),
        )
        self.reset_button.add_class("dn-practice-reset")
        heading = _("Rules to practise")
        rules = w.VBox([w.HTML(f"<b>{escape(heading)}</b>"), *self.choices])
        rules.add_class("dn-practice-rules")
        style = w.HTML(STYLE, layout=w.Layout(height="0px", overflow="hidden"))
        style.add_class("dn-practice-style")
        if compact:  # a "Try it" cell: the question, the table and the feedback
            self.widget = w.VBox([style, self.question, self.table, self.feedback])
        else:
            column = w.VBox([self.question, self.table, self.dashboard, self.reset_button])
            column.add_class("dn-practice-column")
            self.widget = app_layout(column, side=[style, self.feedback, rules], top=[self.score])
        self.widget.add_class("dn-practice")
        self.another()

    # -- the exercise ---------------------------------------------------------------------
    def another(self) -> None:
        """Deal the next exercise from a fresh seed (a worked example: its next step, and after
        the last step the first again)."""
        if self.steps:
            self.step = (self.step + 1) % len(self.steps)
            self.show(self.steps[self.step])
            return
        self.show(self.stream.deal())

    def show(self, exercise: Exercise) -> None:
        """Put ``exercise`` on the table (a notebook may show one it made itself)."""
        self.exercise = exercise
        self.given = []
        self.tries = 0
        self.done = False
        self.question.value = f'<p class="dn-question" role="heading" aria-level="2">{escape(exercise.question)}</p>'
        self.feedback.value = ""
        # the table is named by its question and its number on this table (a stream may ask the same
        # question twice): a new name is a new question, and the page moves the keyboard from the
        # button that asked for it (Another, Next step) to the question's first control
        self.asked += 1
        self.table.label = _("Practice question {n}: {question}").format(n=self.asked, question=exercise.question)
        # the practice page shows the question once, above the table, and says in the status line
        # how to answer; a "Try it" cell keeps it in the status line too, where its walkthrough's
        # asserts read it
        self._redraw(exercise.question if self.compact else HOW_TO_ANSWER[exercise.shape](), "info")

    def click(self, value: Any) -> None:
        """A click on the option meaning ``value``: a choice is judged at once, a set member
        toggles, an order member is added (or taken out again)."""
        if self.done:
            raise self._answered()
        if self.exercise.shape in (CHOICE, NUMBER):
            self.check(value)
            return
        if value in self.given:
            self.given.remove(value)
        else:
            self.given.append(value)
        self._redraw(self._marked_words(), "info")

    def check(self, value: Any = None) -> bool:
        """Judge the answer (``value`` for a choice; the marked members for a set or an order)."""
        ex = self.exercise
        if self.done:
            raise self._answered()
        given = value if ex.shape in (CHOICE, NUMBER) else list(self.given)
        verdict = judge(ex, given)
        self.tries += 1
        if self.tries == 1:
            self._count(verdict.right)
        said = verdict_words(ex, given, verdict)
        if verdict.right:
            self._finish(said, "ok")
        else:
            # the rules of the kind, not of this exercise: which of them decide here is the answer
            kind = self.stream.kinds[ex.kind]
            self.feedback.value = self._rule_words(_("The rule"), kind.rules)
            self._redraw(said, "error")
        return verdict.right

    def show_me(self) -> None:
        """Reveal the answer (counts as not right at the first try)."""
        if self.done:
            raise self._answered()
        if self.tries == 0:
            self._count(False)
        self._finish(_("The answer: {answer}.").format(answer=self.exercise.said), "info")

    def _finish(self, said: str, kind: str) -> None:
        self.done = True
        ex = self.exercise
        why = _("Why")
        parts = [
            f"<h4>{escape(why)}</h4><p>{escape(ex.reason)}</p>",
            self._rule_words(_("The rule, in the rule book's words"), ex.rules),
        ]
        if ex.events:
            items = "".join(f"<li>{escape(e)}</li>" for e in ex.events)
            went_on = _("What the engine did when the game went on")
            parts.append(f"<h4>{escape(went_on)}</h4><ol>{items}</ol>")
        label = _("feedback")
        self.feedback.value = f'<div class="dn-feedback" aria-label="{escape(label)}">{"".join(parts)}</div>'
        self._redraw(said, kind)

    def _count(self, right: bool) -> None:
        self.stream.answered(self.exercise, right)
        self.keeper.answered(self.exercise, right)

    # -- drawing ----------------------------------------------------------------------------
    def _targets(self) -> list[Target]:
        ex = self.exercise
        out: list[Target] = []
        if not self.done:
            toggles = ex.shape in (SET, ORDER)
            for i, o in enumerate(ex.options):
                pressed = (o.value in self.given) if toggles else None
                out.append(Target(o.name, partial(self.click, o.value), key=o.key, id=f"o{i}", pressed=pressed))
            if toggles:
                out.append(Target(_("Check"), self.check, id="check", primary=True))
            out.append(Target(_("Show me"), self.show_me, id="show"))
        out.append(Target(self._next_words(), self.another, id="another", primary=self.done))
        return out

    def _answered(self) -> IllegalMoveError:
        """The refusal of a click on an exercise already answered."""
        said = _("this exercise is answered; press {button} to go on").format(button=self._next_words())
        return IllegalMoveError(said, rule="practice")

    def _next_words(self) -> str:
        """What the button that moves on says: *Another* in a stream; in a worked example
        *Next step*, and on its last step *Back to step 1*."""
        if not self.steps:
            return _("Another")
        return _("Next step") if self.step < len(self.steps) - 1 else _("Back to step 1")

    def _marks(self) -> list[Mark]:
        ex = self.exercise
        if self.done:
            return [Mark(m.key, m.label, m.tone) for m in ex.marks]
        out = []
        for o in ex.options:
            if o.key is None or o.value not in self.given:
                continue
            if ex.shape == ORDER:
                out.append(Mark(o.key, ordinal(self.given.index(o.value) + 1), "chosen"))
            else:
                out.append(Mark(o.key, _("marked"), "chosen"))
        return out

    def _redraw(self, status: str, kind: str) -> None:
        self.drawn_width = self.table.draw_width
        drawing = self.exercise.drawing_at(self.drawn_width)
        self.table.draw(drawing, self._targets(), status=status, kind=kind, marks=self._marks())
        self._show_progress()

    def _turned(self, _screen: str, _width: int) -> None:
        """The table crossed its breakpoint (the phone was turned): the same exercise drawn for
        the new width, with the answer given so far, its marks and the status line as they were.
        A drawing already made for this width is not drawn again: a redraw is a new epoch, and a
        click the learner sent on the page's first drawing (every page reports its width when it
        opens) would arrive on a drawing that has since changed and not be acted on."""
        if self.table.draw_width == self.drawn_width:
            return
        self.drawn_width = self.table.draw_width
        self.table.draw(self.exercise.drawing_at(self.drawn_width), self._targets(), marks=self._marks())

    def _marked_words(self) -> str:
        ex = self.exercise
        if not self.given:
            return _("Nothing marked yet.")
        names = [ex.said_of(v) for v in self.given]
        if ex.shape == ORDER:
            listing = _(", then ").join(names)
            return _("Your order so far: {order}. Press Check when it is complete.").format(order=listing)
        return ngettext(
            "Marked: {names}. Press Check when every member is marked.",
            "Marked: {names}. Press Check when every member is marked.",
            len(names),
        ).format(names=", ".join(names))

    def _rule_words(self, heading: str, ids: tuple[str, ...]) -> str:
        statements = checklist(self.game)
        by_words: dict[tuple[str, str], list[str]] = {}  # two ids quoting one sentence: quoted once
        for i in ids:
            if i in statements:
                by_words.setdefault((statements[i].words, statements[i].translation), []).append(i)
        quotes = "".join(
            f"<blockquote><b>{escape(', '.join(same))}</b> {escape(words)}"
            + (f" <i>({escape(translation)})</i>" if translation else "")
            + "</blockquote>"
            for (words, translation), same in by_words.items()
        )
        return f'<div class="dn-feedback"><h4>{escape(heading)}</h4>{quotes}</div>'

    # -- choosing what to practise ---------------------------------------------------------
    def _choose_kinds(self, _change: Any = None) -> None:
        names = [k.name for k, box in zip(self.kinds, self.choices, strict=True) if box.value]
        try:
            self.stream.choose(names)
        except ValueError as exc:
            self.table.refuse(str(exc))
            return
        if not self.done and self.exercise.kind not in names:
            self.another()

    def choose_kinds(self, names: list[str]) -> None:
        """Practise only the kinds called ``names`` (as ticking the boxes does)."""
        for k, box in zip(self.kinds, self.choices, strict=True):
            box.value = k.name in names

    # -- progress -------------------------------------------------------------------------
    @property
    def progress(self) -> Progress:
        """Everything this browser has kept and this page has added."""
        return self.keeper.progress

    @property
    def session(self) -> Progress:
        """This page's answers."""
        return self.keeper.session

    @property
    def loaded(self) -> bool:
        """Whether the browser has sent the kept progress."""
        return self.keeper.loaded

    def receive_stored(self, key: str, text: str | None, problem: str | None = None) -> None:
        """What the browser does when the page opens: send the kept progress (tests)."""
        self.keeper.receive(self.table, key, text, problem)

    def reset(self) -> None:
        """Forget the kept progress (this browser's and this page's)."""
        self.keeper.reset()
        self.table.show(_("Your progress in this game is forgotten."), "info")

    def _progress_changed(self) -> None:
        self.stream.progress = self.keeper.progress
        self._show_progress()

    def _show_progress(self) -> None:
        p, s = self.progress, self.session
        self.score.value = (
            '<p class="dn-score">'
            + escape(
                _(
                    "This page: {right} of {n} right at the first try. In all, in this browser: {all_right} of {all_n}."
                ).format(right=s.first, n=s.answered, all_right=p.first, all_n=p.answered)
            )
            + "</p>"
        )
        self.dashboard.value = self._dashboard()

    def _dashboard(self) -> str:
        statements = checklist(self.game)
        rows = []
        # the rules of the kinds on this page, and any other rule of the game practised here or
        # elsewhere (a walkthrough's worked example: S-EX1 and S-EX2 of stars)
        for i in [i for i in statements if i in self.rule_ids or i in self.progress.rules]:
            seen, first = self.progress.rules.get(i, [0, 0])
            rows.append(
                f'<tr><th scope="row">{escape(i)}</th><td>{escape(statements[i].said())}</td>'
                f"<td>{seen}</td><td>{first}</td></tr>"
            )
        head = "".join(
            f'<th scope="col">{escape(h)}</th>'
            for h in (_("rule"), _("what it says"), _("seen"), _("right at the first try"))
        )
        caption = _("Every rule practised")
        return (
            f'<table class="dn-dashboard"><caption><b>{escape(caption)}</b></caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook display
        display(self.widget)
