"""Pieces every game view shares: the explained event log, a status line that shows the
engine's reason for a refused click, accessible buttons, and the page style.

Rules for every view (see DEVELOPING.md):

* the engine decides; a view never re-implements a rule;
* every control has an accessible name: the visible ``description`` for buttons, plus a
  ``tooltip`` (rendered as ``title``) wherever the visible text is a symbol;
* a refused action calls :meth:`Status.refuse` with the engine's ``IllegalMoveError``, so
  the learner reads the rule that was broken;
* views are testable without a browser: set ``.value``, call ``.click()``, read ``.value``
  of the HTML widgets.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from typing import Protocol

import ipywidgets as w

from daynight import i18n
from daynight.core import DaynightError, Event
from daynight.markup import Markup, Template, fill, join, resource

__all__ = [
    "STYLE",
    "EventLogView",
    "Status",
    "app_layout",
    "button",
    "escape",
    "guarded",
    "markup",
    "reason_and_rule",
    "refusal",
    "style_widget",
]

_ = i18n._  # every sentence a learner reads goes through daynight.i18n

escape = html.escape

#: CSS shared by the apps (``common.css``); no web fonts or CDN assets (the apps must work offline)
STYLE = f"<style>{resource('daynight.widgets', 'common.css')}</style>"


def markup(name: str) -> str:
    """The text of the data file ``name`` beside the widgets (``stars_help.html``): markup is
    kept in files, read with :mod:`importlib.resources` (installed or from the source tree)."""
    return resource("daynight.widgets", name)


def style_widget() -> w.HTML:
    """An (invisible) HTML widget carrying :data:`STYLE`; put it once in each app. It takes no
    room: ``display: none`` (a style sheet applies from a hidden element too), so no rule that
    gives controls 44 px on a phone makes a blank band of it above the table."""
    style = w.HTML(STYLE, layout=w.Layout(display="none", height="0px", overflow="hidden"))
    style.add_class("dn-style")
    return style


def reason_and_rule(error: BaseException | str) -> str:
    """An error's reason and the rule it names, as a learner reads them: without the state
    string a :class:`DaynightError` carries for bug reports (``str(error)`` keeps it)."""
    if isinstance(error, DaynightError):
        if error.rule:
            return _("{reason} [rule: {rule}]").format(reason=error.reason, rule=error.rule)
        return error.reason
    return str(error)


def refusal(error: BaseException | str) -> str:
    """A refusal as a learner reads it: the engine's reason and the rule it names, without the
    state string a :class:`DaynightError` carries for bug reports (``str(error)`` keeps it, for
    logs and tests); other text as it is."""
    return _("Not allowed: {reason}").format(reason=reason_and_rule(error))


def button(
    label: str, on_click: Callable[[w.Button], object] | None = None, *, tooltip: str | None = None, **kwargs
) -> w.Button:
    """A button whose accessible name is its visible ``label``; ``tooltip`` adds a longer title."""
    b = w.Button(description=label, tooltip=tooltip or label, **kwargs)
    if on_click is not None:
        b.on_click(on_click)
    return b


_STATUS = Template('<div class="dn-status dn-status-$kind" role="status" aria-live="polite">$text</div>')
_LOG = Template('<div class="dn-log" role="log" aria-label="$label"><ol>$items</ol></div>')
_LOG_ITEM = Template('<li value="$n">$text <span class="dn-rule">[$rule]</span></li>')


class Status(w.HTML):
    """A one-line status region (``role="status"``) for info, success and refusals."""

    def __init__(self, text: str = "", **kwargs):
        super().__init__(**kwargs)
        self.kind = "info"
        self.text = ""
        self.show(text)

    def _render(self) -> None:
        self.value = fill(_STATUS, kind=self.kind, text=self.text)

    def show(self, text: str, kind: str = "info") -> None:
        self.kind, self.text = kind, text
        self._render()

    def ok(self, text: str) -> None:
        self.show(text, "ok")

    def refuse(self, error: BaseException | str) -> None:
        """Show why an action was refused: the engine's reason and its rule (:func:`refusal`)."""
        self.show(refusal(error), "error")


class StatusLine(Protocol):
    """What shows a refusal: a :class:`Status`, or the drawn table's own status line."""

    def refuse(self, error: BaseException | str) -> None: ...

    def show(self, text: str, kind: str = "info") -> None: ...


class Guard:
    """``guarded(status, action)``: run ``action``; a :class:`DaynightError` is shown in
    ``status`` instead of raised.

    Returns True when the action went through. Any other exception is also shown (a
    visitor of a served app must never see a traceback) and then re-raised in tests by
    setting ``guarded.reraise = True`` (``tests/conftest.py`` does).

    When ``status`` is a widget (the drawn table), everything the action changes in it (a guided
    game's note, the drawing, the status line) reaches the page in one message, as a click on the
    table's own drawing does: a bar's control (New game, Load record, the language menu) that sent
    the note before the drawing let a quick click land on the old drawing, refused as stale.
    """

    reraise = False

    def __call__(self, status: StatusLine, action: Callable[[], object]) -> bool:
        hold = getattr(status, "hold_sync", None)
        with hold() if hold is not None else nullcontext():
            return self._run(status, action)

    def _run(self, status: StatusLine, action: Callable[[], object]) -> bool:
        try:
            action()
        except DaynightError as exc:
            status.refuse(exc)
            return False
        except Exception as exc:
            status.show(
                _("Something went wrong ({error}); the game is unchanged.").format(error=type(exc).__name__), "error"
            )
            if self.reraise:
                raise
            return False
        return True


guarded = Guard()


class EventLogView(w.HTML):
    """The explained event log as a numbered list (newest last), each with its rule."""

    def __init__(self, events: Sequence[Event] = (), *, limit: int = 200, **kwargs):
        super().__init__(**kwargs)
        self.limit = limit
        self.update(events)

    @staticmethod
    def render(events: Iterable[Event], start: int = 1) -> Markup:
        items = join(fill(_LOG_ITEM, n=i, text=e.text, rule=e.rule) for i, e in enumerate(events, start))
        return fill(_LOG, items=items, label=_("event log"))

    def update(self, events: Sequence[Event]) -> None:
        events = list(events)
        start = max(0, len(events) - self.limit)
        self.value = self.render(events[start:], start + 1)


def app_layout(table: w.Widget, side: Sequence[w.Widget] = (), top: Sequence[w.Widget] = ()) -> w.Box:
    """The page of a play app: ``top`` (a slim bar: new game, options) across, the drawn
    ``table`` on the left and the ``side`` column (the explained log, how to play) on the
    right, scrolling on its own; on a narrow screen (a tablet upright) one column; on a phone
    held upright (600 px or less) the table and the decision on it first, then the bar, then the
    side column, every control at least 44 px on its short side and every word at least 11 px
    (``common.css``). It carries the package's style sheet (:func:`style_widget`)."""
    parts: list[w.Widget] = []
    if top:
        bar = w.HBox(list(top), layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="8px"))
        bar.add_class("dn-app-top")
        parts.append(bar)
    main = w.VBox([table], layout=w.Layout(min_width="0"))
    main.add_class("dn-app-main")
    parts.append(main)
    if side:
        column = w.VBox(list(side))
        column.add_class("dn-app-side")
        parts.append(column)
    grid = w.Box(parts)
    grid.add_class("dn-app")
    return w.VBox([style_widget(), grid], layout=w.Layout(width="100%"))
