"""The drawn table: one anywidget that every play app (and the review app) uses.

Python sends a drawing (SVG text from ``daynight/<game>/draw.py``) and the *targets* of the
moment, each with a name in words and the action it runs; the browser makes every target a
real control (``role="button"``, reachable with Tab, chosen with a click, a tap, Enter or
Space, a visible focus ring) and answers with the chosen target's id. The engine still
decides: an action that the rules refuse shows the engine's reason in the table's status line.

* a target with a ``key`` is a piece of the drawing (the element with that ``data-key``:
  a card, a square, a row); a target without one is a button in the table's toolbar;
* ``shortcuts`` maps keyboard keys (``"ArrowRight"``, ``"Home"``) to target ids (the review app);
* every redraw increases ``epoch`` by one; a click sent for an older drawing is not acted on
  (a double click must not play two cards);
* :meth:`choose` does exactly what a click does, so views are tested without a browser;
* a target with ``pressed`` (True or False) is a toggle (``aria-pressed``): a set answer is
  given by marking its members, then a Check button;
* *marks* put words on drawn pieces (:class:`Mark`: an outline and a short label over the
  element with that ``data-key``, the label added to its accessible name), so any game can
  show the reason for an answer on its own drawing without changing its draw module;
* a *note* (:meth:`tell`, a :class:`Note`) is a short text above the drawing with buttons of
  its own, the rule's words one click away and marks on the drawing: a note that *pauses*
  takes the keyboard's focus, is announced (``role="alertdialog"``) and holds every other
  target until one of its buttons is pressed (the guided game, the offer to continue a kept
  game); a note that does not pause is read out politely (what is allowed now);
* the *screen*: the browser says how wide the table is when the page opens and again only
  when the width crosses :data:`daynight.draw.NARROW_WIDTH` or :data:`daynight.draw.TABLET_WIDTH`
  (or, under the latter, changes by more than a few pixels), so the class server's message limit
  is never near; ``screen`` is ``"wide"`` or ``"narrow"``, :attr:`Table.draw_width` the width a
  drawing is made for (``draw.table(game, viewer, width=table.draw_width)``) and :meth:`on_screen`
  callbacks redraw when it changes (a width that draws the same picture redraws nothing, and a
  drawing made again for a new width with the same choices keeps a click sent on the one before
  it: a page that re-lays itself never refuses a learner's click); a narrow drawing is shown at
  scale 1;
* the browser can keep small values for the page (:meth:`keep`): the table's JavaScript reads
  each kept key from the browser's ``localStorage`` when it is shown and sends the value to
  the kernel (:meth:`on_stored` callbacks get it); :meth:`store` sends a new value back to be
  kept. The kernel writes nothing to disk. A value is JSON text of at most
  :data:`MAX_STORED` characters, under a key of the form ``daynight.<what>.v<N>.<game>``;
* a page whose kernel is gone says so: after a click that gets no answer within 1 s, when
  the connection drops, when the device goes offline or the page is shown again, the
  browser checks (the server's ``/daynight/kernel/<id>``, a ``ping`` the kernel answers with a
  ``pong``) and, if the kernel cannot answer, says why in plain words (:func:`page_words`)
  with one button that reloads the page and continues the kept game; every control of the
  page is disabled meanwhile, the reason in its accessible name. If the connection comes
  back by itself, the game goes on.

The page contract (tests and benchmarks rely on it): the view is ``.dn-table`` with
``data-epoch``, ``data-said``, ``data-answered`` (how many clicks the kernel has answered: a click's
answer has arrived when it changes) and ``data-screen``; its targets are ``[data-target]``; its status
line is ``.dn-status``; a mark is a ``.dn-mark`` in a ``.dn-marks`` layer on top of the drawing,
and its piece has the class ``dn-marked``; a note is ``.dn-note`` (``data-note`` its number);
the dead-page message is ``#dn-dead`` (``data-state`` why), its button ``#dn-reload``.

Messages from the browser are checked before anything runs. These shapes are acted on:
``{"event": "choose", "target": <id of a current target>, "epoch": <int>}``;
``{"event": "stored", "key": <a kept key>, "value": <text of at most MAX_STORED characters or
null>}`` (with ``"problem"``: ``"too long"`` or ``"no storage"`` when the browser could not
read it); ``{"event": "opened", "anchor": <one of ANCHORS or null>, "screen": ..., "width": ...}``
(once a view is shown); ``{"event": "screen", "screen": "wide" | "narrow", "width": <int>}``
and ``{"event": "ping", "n": <int>}``. Anything else (another shape, an unknown id or key, a
huge value) is dropped without an answer (``dropped`` counts them).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

import anywidget
import traitlets as t

from daynight import i18n
from daynight.draw import NARROW_WIDTH, TABLET_WIDTH, is_narrow

from . import common

__all__ = ["ANCHORS", "MAX_STORED", "STORE_KEY", "Mark", "Note", "Table", "Target", "page_words"]

_HERE = Path(__file__).resolve().parent
_ = i18n._  # every sentence a learner reads goes through daynight.i18n
#: the longest target id the browser may send (ids are short: "t12", "next")
MAX_ID = 64
#: the longest value kept in the browser, in characters of its JSON string (the class server
#: drops a widget message over 64 KB; widgets/table.js has the same figure)
MAX_STORED = 60_000
#: the form of a kept key: ``daynight.practice.v1.stars``
STORE_KEY = re.compile(r"^daynight\.[a-z][a-z0-9_-]{0,30}\.v[0-9]{1,4}(\.[a-z0-9_-]{1,30}){0,2}$")
#: what the browser may say when it could not read a kept value
PROBLEMS = ("too long", "no storage")
#: the tones of a mark (the style sheet draws each differently, and the label says it in words)
TONES = ("reason", "chosen", "missed", "wrong")
#: the kinds of note (each drawn differently, and each says what it is in words)
NOTE_KINDS = ("guide", "offer", "error", "summary")
#: the layouts a table can be in: a wide screen, or a phone held upright
SCREENS = ("wide", "narrow")
#: the widest table width the browser may report, in CSS pixels
MAX_WIDTH = 20_000
#: what a page may ask for when it opens: ``#learn`` in its address (the landing page's "Learn
#: to play" link) or ``continue`` (the page was reloaded by its dead-page button)
ANCHORS = ("learn", "continue")
#: a link in a note goes to a page of this site (no scheme, so never ``javascript:``)
_LINK = re.compile(r"^[A-Za-z0-9_./#?=&%-]{1,300}$")


class Target(NamedTuple):
    """One thing a player can click: its accessible ``name`` in words ("play orange 8,
    1 star"), the ``action`` it runs, the drawing's ``key`` it sits on (``None``: a toolbar
    button), ``primary`` for the main button of the moment, ``id`` (given by the table when
    empty), ``move`` the engine's move it plays, if it plays one."""

    name: str
    action: Callable[[], Any]
    key: str | None = None
    primary: bool = False
    id: str = ""
    #: the engine's move this target stands for (``None`` for a button that is no move), so a
    #: view maps a click to a move without parsing keys or repeating the engine's logic
    move: Any = None
    #: ``True`` or ``False``: the target is a toggle (``aria-pressed``); ``None``: a plain button
    pressed: bool | None = None


class Mark(NamedTuple):
    """Words on a drawn piece: the element with ``data-key == key`` gets an outline and the
    short ``label`` (also added to its accessible name); ``tone`` is one of :data:`TONES`."""

    key: str
    label: str
    tone: str = "reason"


class Note(NamedTuple):
    """A short text above the drawing (:meth:`Table.tell`).

    ``text`` in plain words; ``heading``; ``items`` (a short list); ``detail`` (the rule's
    words, one click away under ``detail_label``); ``links`` (``(words, address)`` of pages of
    this site); ``buttons`` (targets of the note itself; their ``key`` is ignored); ``marks``
    on the drawing (what the note is about); ``pause``: hold the table's other targets until
    a button is pressed, and take the keyboard's focus; ``kind`` one of :data:`NOTE_KINDS`.
    """

    text: str
    buttons: Sequence[Target] = ()
    heading: str = ""
    items: Sequence[str] = ()
    detail: str = ""
    detail_label: str = ""
    links: Sequence[tuple[str, str]] = ()
    marks: Sequence[Mark] = ()
    pause: bool = True
    kind: str = "guide"


def page_words(kept: str | None = None, reload: str | None = None) -> dict[str, str]:
    """The sentences the browser shows by itself, when the kernel cannot answer (so they are
    sent ahead, in the page's language). ``{name}``, ``{why}`` and ``{minutes}`` are filled in
    by the browser. ``kept`` says what a reload keeps (default: the game, kept in the browser),
    ``reload`` names the one button."""
    kept = kept or _("Your game is kept in this browser: reload the page to continue it.")
    return {
        "offline": _("This device is offline, so the game cannot go on for now.") + " " + kept,
        "reconnecting": _("The connection to the server dropped; trying to reconnect.") + " " + kept,
        "unreachable": _("The server is not answering: it may be restarting, or the network is down.") + " " + kept,
        "gone": _("The server has stopped this page's game (it was restarted, or ended the game).") + " " + kept,
        "idle": _("The server ended this page's game after {minutes} minutes without a click.") + " " + kept,
        "orphan": _("The server ended this page's game after its connection was lost for {minutes} minutes.")
        + " "
        + kept,
        "silent": _("This page's game is not answering, so the page cannot go on.") + " " + kept,
        "reload": reload or _("Reload and continue your game"),
        "busy": _("Still working on your last click…"),
        "unavailable": _("{name} (unavailable: {why})"),
        "why_offline": _("this device is offline"),
        "why_reconnecting": _("reconnecting to the server"),
        "why_gone": _("the page lost its game on the server"),
        "paused": _("{name} (wait: read the note above the table first)"),
        "note_guide": _("A note on the rules"),
        "note_offer": _("Your game"),
        "note_error": _("A problem"),
        "note_summary": _("What you learnt"),
        "rule_words": _("The rule, in the rule book's words"),
        "note_more": _("What happened, and the rule's words"),
    }


def _targets_json(targets: Iterable[Target], actions: dict[str, Callable[[], Any]], prefix: str) -> list[dict]:
    """The targets as the browser sees them; their actions go into ``actions`` by id."""
    out = []
    for i, target in enumerate(targets):
        tid = target.id or f"{prefix}{i}"
        if tid in actions:
            raise ValueError(f"two targets share the id {tid!r}")
        actions[tid] = target.action
        out.append(
            {
                "id": tid,
                "name": target.name,
                "key": target.key,
                "primary": bool(target.primary),
                "pressed": None if target.pressed is None else bool(target.pressed),
            }
        )
    return out


def _marks_json(marks: Iterable[Mark]) -> list[dict]:
    shown = []
    for mark in marks:
        if mark.tone not in TONES:
            raise ValueError(f"a mark's tone is one of {TONES}, not {mark.tone!r}")
        shown.append({"key": mark.key, "label": mark.label, "tone": mark.tone})
    return shown


def _is_int(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


class Table(anywidget.AnyWidget):
    """The drawn table of a game with its clickable targets and a status line."""

    _esm = _HERE / "table.js"
    _css = _HERE / "table.css"

    #: the drawing: one SVG document (or HTML holding several)
    svg = t.Unicode("").tag(sync=True)
    #: ``[{"id", "name", "key", "primary"}]`` -- the targets of the current drawing
    targets = t.List(t.Dict()).tag(sync=True)
    #: keyboard shortcuts: key name -> target id
    shortcuts = t.Dict().tag(sync=True)
    #: shortcuts work anywhere on the page, not only when focus is inside the table
    global_keys = t.Bool(False).tag(sync=True)
    #: the region's accessible name
    label = t.Unicode("the table").tag(sync=True)
    #: the status line: text and kind (info, ok, error)
    status = t.Unicode("").tag(sync=True)
    status_kind = t.Unicode("info").tag(sync=True)
    #: one more each time the status line is shown, even with the same words (the browser then
    #: clears its waiting state: a click refused twice for the same reason is answered too)
    said = t.Int(0).tag(sync=True)
    #: increases by one with every drawing
    epoch = t.Int(0).tag(sync=True)
    #: one more each time a click has been answered (acted on, or refused), after what it drew: a page
    #: waits for the answer to its click on this, not on a new epoch (a drawing made again for a
    #: settling width is a new epoch too)
    answered = t.Int(0).tag(sync=True)
    #: ``[{"key", "label", "tone"}]`` -- words on pieces of the current drawing
    marks = t.List(t.Dict()).tag(sync=True)
    #: the keys whose values the browser keeps for this page (:meth:`keep`)
    stored_keys = t.List(t.Unicode()).tag(sync=True)
    #: the note above the drawing (``{}``: none), see :class:`Note`
    note = t.Dict().tag(sync=True)
    #: the width (CSS pixels) below which the browser reports a narrow table
    breakpoint = t.Int(NARROW_WIDTH).tag(sync=True)
    #: under this width the drawing is made for the table's width (:attr:`draw_width`): the page
    #: reports a width change under it (and a crossing of it), not only a crossing of ``breakpoint``
    draw_breakpoint = t.Int(TABLET_WIDTH).tag(sync=True)
    #: the sentences the browser shows by itself (:func:`page_words`)
    words = t.Dict().tag(sync=True)
    #: ``"wide"`` or ``"narrow"``: where the table is shown (the browser says; not synced back)
    screen = t.Unicode("wide")
    #: the table's width in CSS pixels, as the browser last said (0: not said yet)
    screen_width = t.Int(0)

    def __init__(self, label: str = "the table", *, words: dict[str, str] | None = None, **kwargs: Any):
        super().__init__(label=label, words=words or page_words(), **kwargs)
        self._actions: dict[str, Callable[[], Any]] = {}
        self._note_actions: dict[str, Callable[[], Any]] = {}
        self._note: Note | None = None
        self._notes = 0
        self._stored_callbacks: list[Callable[[str, str | None, str | None], Any]] = []
        self._screen_callbacks: list[Callable[[str, int], Any]] = []
        self._opened_callbacks: list[Callable[[str | None], Any]] = []
        #: what the page asked for when it opened (one of :data:`ANCHORS`, or ``None``)
        self.anchor: str | None = None
        #: words added to a refusal (``explain(error)``; the guided game says what is allowed instead)
        self.explain: Callable[[BaseException | str], str | None] | None = None
        #: messages from the browser that were not acted on (wrong shape, stale, unknown)
        self.dropped = 0
        #: the first epoch whose clicks are acted on: a drawing made again only for a new width, with the
        #: same targets, keeps the clicks sent on the drawing before it (the learner saw the same choices)
        self._clicks_from = 0
        self._refitting = False
        self.on_msg(self._on_message)

    # -- Python -> browser ---------------------------------------------------------------
    def draw(
        self,
        drawing: Any,
        targets: Iterable[Target] = (),
        *,
        shortcuts: dict[str, str] | None = None,
        status: str | None = None,
        kind: str = "ok",
        marks: Iterable[Mark] = (),
    ) -> None:
        """Show ``drawing`` (a :class:`daynight.draw.Drawing` or SVG text) with ``targets`` and
        ``marks``; ``status`` (when given) goes to the browser in the same message as the drawing.
        A note stays until :meth:`tell` changes it."""
        actions: dict[str, Callable[[], Any]] = {}
        out = _targets_json(targets, actions, "t")
        shown = _marks_json(marks)
        if shortcuts:
            missing = [k for k, tid in shortcuts.items() if tid not in actions]
            if missing:
                raise ValueError(f"keyboard shortcuts name no target: {missing}")
        self._actions = actions
        same_choices = self._refitting and out == self.targets
        with self.hold_sync():
            self.svg = str(drawing)
            self.targets = out
            self.marks = shown
            self.shortcuts = dict(shortcuts or {})
            if status is not None:
                self.status_kind, self.status = kind, status
            self.epoch += 1  # last: the browser redraws on this change
        if not same_choices:
            self._clicks_from = self.epoch

    @property
    def draw_width(self) -> int | None:
        """The width a drawing is made for: the table's width when it gets the narrow arrangement (a
        phone's, or a tablet's upright, some 740 px: :func:`daynight.draw.is_narrow`), else ``None``
        (the wide drawing): ``draw.table(game, viewer, width=table.draw_width)``."""
        return self.screen_width if self.screen_width and is_narrow(self.screen_width) else None

    # -- notes ----------------------------------------------------------------------------
    def tell(self, note: Note | None) -> None:
        """Show ``note`` above the drawing (``None``: take the note away)."""
        if note is None:
            self._note, self._note_actions = None, {}
            self.note = {}
            return
        if note.kind not in NOTE_KINDS:
            raise ValueError(f"a note's kind is one of {NOTE_KINDS}, not {note.kind!r}")
        bad = [href for _words, href in note.links if not _LINK.match(href) or ":" in href]
        if bad:
            raise ValueError(f"a note links only to pages of this site, not {bad[0]!r}")
        self._notes += 1
        actions: dict[str, Callable[[], Any]] = {}
        # a button's id names its note, so a click on an older note's button is not acted on
        own = [b._replace(key=None, id=f"n{self._notes}-{b.id or i}") for i, b in enumerate(note.buttons)]
        buttons = _targets_json(own, actions, "")
        self._note, self._note_actions = note, actions
        self.note = {
            "id": self._notes,
            "kind": note.kind,
            "heading": note.heading,
            "text": note.text,
            "items": list(note.items),
            "detail": note.detail,
            "detail_label": note.detail_label or self.words.get("rule_words", ""),
            # on a phone the note's items go with its detail, under this label (the compact note)
            "more_label": self.words.get("note_more", ""),
            "links": [{"text": words, "href": href} for words, href in note.links],
            "buttons": buttons,
            "marks": _marks_json(note.marks),
            "pause": bool(note.pause),
        }

    @property
    def told(self) -> Note | None:
        """The note shown now (``None``: none)."""
        return self._note

    @property
    def paused(self) -> bool:
        """Whether a note holds the table's targets until one of its buttons is pressed."""
        return self._note is not None and self._note.pause

    # -- the status line (the interface of common.Status, so ``guarded(table, ...)`` works)
    def show(self, text: str, kind: str = "info") -> None:
        with self.hold_sync():
            self.status_kind = kind
            self.status = text
            self.said += 1

    def ok(self, text: str) -> None:
        self.show(text, "ok")

    def refuse(self, error: BaseException | str) -> None:
        """Show why an action was refused: the engine's reason and its rule, never the state
        string an error carries for bug reports (:func:`common.refusal`), and what
        :attr:`explain` adds (the guided game: what would be allowed instead)."""
        said = common.refusal(error)
        more = self.explain(error) if self.explain is not None else None
        self.show(f"{said} {more}" if more else said, "error")

    @property
    def text(self) -> str:
        """The status line as plain text (tests read it)."""
        return self.status

    # -- values kept in the browser ---------------------------------------------------------
    def keep(self, key: str) -> None:
        """Ask the browser to keep ``key`` for this page: its kept value (or ``None``) comes
        back once to every :meth:`on_stored` callback when the table is shown."""
        if not isinstance(key, str) or not STORE_KEY.match(key):
            raise ValueError(f"a kept key looks like 'daynight.practice.v1.stars', not {key!r}")
        if key not in self.stored_keys:
            self.stored_keys = [*self.stored_keys, key]

    def on_stored(self, callback: Callable[[str, str | None, str | None], Any]) -> None:
        """Call ``callback(key, text, problem)`` when the browser sends a kept value: ``text``
        is the JSON text kept (``None``: nothing kept), ``problem`` why it could not be read."""
        self._stored_callbacks.append(callback)

    def store(self, key: str, text: str | None) -> None:
        """Have the browser keep ``text`` under ``key`` (``None``: forget it)."""
        if key not in self.stored_keys:
            raise ValueError(f"{key!r} is not kept by this table (call keep first)")
        if text is not None and (not isinstance(text, str) or len(json.dumps(text)) > MAX_STORED):
            raise ValueError(f"a kept value is text of at most {MAX_STORED:,} characters")
        self.send({"event": "store", "key": key, "value": text})

    # -- the page: its width, what it asked for when it opened -----------------------------
    def on_screen(self, callback: Callable[[str, int], Any]) -> None:
        """Call ``callback(screen, width)`` when the browser reports a width that changes
        :attr:`draw_width` (an app redraws with ``width=table.draw_width``); a width that leaves
        the drawing as it was calls nothing."""
        self._screen_callbacks.append(callback)

    def on_opened(self, callback: Callable[[str | None], Any]) -> None:
        """Call ``callback(anchor)`` when a view of the table opens (:data:`ANCHORS`), before
        the kept values arrive."""
        self._opened_callbacks.append(callback)

    # -- browser -> Python ---------------------------------------------------------------
    def choose(self, target: str) -> bool:
        """Do what clicking ``target`` does; True when its action went through."""
        return self._handle({"event": "choose", "target": target, "epoch": self.epoch})

    def target_names(self) -> list[str]:
        """The names of the targets: the drawing's and the toolbar's, then the note's buttons."""
        return [t["name"] for t in self.targets] + [b["name"] for b in self.note.get("buttons", [])]

    def target_id(self, name: str) -> str:
        """The id of the target called ``name`` (tests find targets by name, as a user does)."""
        for target in [*self.targets, *self.note.get("buttons", [])]:
            if target["name"] == name:
                return target["id"]
        raise KeyError(f"no target called {name!r}; the targets are {self.target_names()}")

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        # everything a message changes (a guided game's next note, then its drawing, the answer) goes
        # to the page in one message: a note shown before its drawing invited a click on the old one
        click = isinstance(content, dict) and content.get("event") == "choose"
        with self.hold_sync():
            try:
                self._handle(content)
            except Exception:
                self.dropped += 1
                self.show(_("Something went wrong; the game is unchanged."), "error")
                if getattr(common.guarded, "reraise", False):
                    raise
            finally:
                if click:
                    self.answered += 1

    def _handle(self, content: Any) -> bool:
        event = content.get("event") if isinstance(content, dict) else None
        if event == "stored":
            return self._stored(content)
        if event in ("screen", "opened", "ping"):
            return self._page(content)
        if not (isinstance(content, dict) and content.keys() == {"event", "target", "epoch"} and event == "choose"):
            self.dropped += 1
            return False
        target, epoch = content["target"], content["epoch"]
        if not (isinstance(target, str) and len(target) <= MAX_ID and _is_int(epoch, 0, 2**53)):
            self.dropped += 1
            return False
        if target in self._note_actions:  # a note's button: its id names the note it belongs to
            return common.guarded(self, self._note_actions[target])
        action = self._actions.get(target)
        if action is None:
            self.dropped += 1
            return False
        if not self._clicks_from <= epoch <= self.epoch:  # a click on a drawing whose choices have since changed
            self.dropped += 1
            self.show(_("The table changed before your click arrived; look again and click once more."))
            return False
        if self.paused:
            self.dropped += 1
            self.show(_("Read the note above the table first, then press one of its buttons."))
            return False
        return common.guarded(self, action)

    def _page(self, content: dict) -> bool:
        """The page's own messages: it opened, its width crossed a line, a ping."""
        event = content["event"]
        if event == "ping":
            if content.keys() != {"event", "n"} or not _is_int(content["n"], 0, 2**31):
                self.dropped += 1
                return False
            self.send({"event": "pong", "n": content["n"]})
            return True
        fields = {"event", "screen", "width"} | ({"anchor"} if event == "opened" else set())
        if not (
            content.keys() == fields
            and content["screen"] in SCREENS
            and _is_int(content["width"], 0, MAX_WIDTH)
            and (event != "opened" or content["anchor"] is None or content["anchor"] in ANCHORS)
        ):
            self.dropped += 1
            return False
        if event == "opened":
            self.anchor = content["anchor"]
            for opened in self._opened_callbacks:
                common.guarded(self, partial(opened, self.anchor))
        drawn_for = self.draw_width
        self.screen, self.screen_width = content["screen"], content["width"]
        # only a width that changes the drawing redraws it: a redraw for the same picture would make a
        # learner's quick first click stale (refused as sent for a table that has changed since)
        if self.draw_width != drawn_for:
            self._refitting = True
            try:
                for changed in self._screen_callbacks:
                    common.guarded(self, partial(changed, self.screen, self.screen_width))
            finally:
                self._refitting = False
        return True

    def _stored(self, content: dict) -> bool:
        """A kept value from the browser: acted on only in its exact shape, for a kept key."""
        key, value, problem = content.get("key"), content.get("value"), content.get("problem")
        if not (
            content.keys() in ({"event", "key", "value"}, {"event", "key", "value", "problem"})
            and isinstance(key, str)
            and key in self.stored_keys
            and (
                value is None
                or (isinstance(value, str) and len(value) <= MAX_STORED and len(json.dumps(value)) <= MAX_STORED)
            )
            and (problem is None or problem in PROBLEMS)
        ):
            self.dropped += 1
            return False
        for callback in self._stored_callbacks:
            callback(key, value, problem)
        return True
