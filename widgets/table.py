"""The drawn table: one anywidget that every play app (and the review app) uses.

Python sends a drawing (SVG text from ``daynight/<game>/draw.py``) and the *targets* of the
moment, each with a name in words and the action it runs; the browser makes every target a
real control (``role="button"``, reachable with Tab, chosen with a click, Enter or Space, a
visible focus ring) and answers with the chosen target's id. The engine still decides: an
action that the rules refuse shows the engine's reason in the table's status line.

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
* the browser can keep small values for the page (:meth:`keep`): the table's JavaScript reads
  each kept key from the browser's ``localStorage`` when it is shown and sends the value to
  the kernel (:meth:`on_stored` callbacks get it); :meth:`store` sends a new value back to be
  kept. The kernel writes nothing to disk. A value is JSON text of at most
  :data:`MAX_STORED` characters, under a key of the form ``daynight.<what>.v<N>.<game>``.

The page contract (tests and benchmarks rely on it): the view is ``.dn-table`` with
``data-epoch``; its targets are ``[data-target]``; its status line is ``.dn-status``; a mark is
a ``.dn-mark`` in a ``.dn-marks`` layer on top of the drawing, and its piece has the class
``dn-marked``.

Messages from the browser are checked before anything runs. Two shapes are acted on:
``{"event": "choose", "target": <id of a current target>, "epoch": <int>}`` and
``{"event": "stored", "key": <a kept key>, "value": <text of at most MAX_STORED characters or
null>}`` (with ``"problem"``: ``"too long"`` or ``"no storage"`` when the browser could not
read it); anything else (another shape, an unknown id or key, a huge value) is dropped
without an answer (``dropped`` counts them).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

import anywidget
import traitlets as t

from daynight import i18n

from . import common

__all__ = ["MAX_STORED", "STORE_KEY", "Mark", "Table", "Target"]

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
    #: ``[{"key", "label", "tone"}]`` -- words on pieces of the current drawing
    marks = t.List(t.Dict()).tag(sync=True)
    #: the keys whose values the browser keeps for this page (:meth:`keep`)
    stored_keys = t.List(t.Unicode()).tag(sync=True)

    def __init__(self, label: str = "the table", **kwargs: Any):
        super().__init__(label=label, **kwargs)
        self._actions: dict[str, Callable[[], Any]] = {}
        self._stored_callbacks: list[Callable[[str, str | None, str | None], Any]] = []
        #: messages from the browser that were not acted on (wrong shape, stale, unknown)
        self.dropped = 0
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
        ``marks``; ``status`` (when given) goes to the browser in the same message as the drawing."""
        actions: dict[str, Callable[[], Any]] = {}
        out = []
        for i, target in enumerate(targets):
            tid = target.id or f"t{i}"
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
        shown = []
        for mark in marks:
            if mark.tone not in TONES:
                raise ValueError(f"a mark's tone is one of {TONES}, not {mark.tone!r}")
            shown.append({"key": mark.key, "label": mark.label, "tone": mark.tone})
        if shortcuts:
            missing = [k for k, tid in shortcuts.items() if tid not in actions]
            if missing:
                raise ValueError(f"keyboard shortcuts name no target: {missing}")
        self._actions = actions
        with self.hold_sync():
            self.svg = str(drawing)
            self.targets = out
            self.marks = shown
            self.shortcuts = dict(shortcuts or {})
            if status is not None:
                self.status_kind, self.status = kind, status
            self.epoch += 1  # last: the browser redraws on this change

    # -- the status line (the interface of common.Status, so ``guarded(table, ...)`` works)
    def show(self, text: str, kind: str = "info") -> None:
        with self.hold_sync():
            self.status_kind = kind
            self.status = text
            self.said += 1

    def ok(self, text: str) -> None:
        self.show(text, "ok")

    def refuse(self, error: BaseException | str) -> None:
        """Show why an action was refused (the engine's own words)."""
        self.show(_("Not allowed: {reason}").format(reason=error), "error")

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

    # -- browser -> Python ---------------------------------------------------------------
    def choose(self, target: str) -> bool:
        """Do what clicking ``target`` does; True when its action went through."""
        return self._handle({"event": "choose", "target": target, "epoch": self.epoch})

    def target_names(self) -> list[str]:
        return [t["name"] for t in self.targets]

    def target_id(self, name: str) -> str:
        """The id of the target called ``name`` (tests find targets by name, as a user does)."""
        for target in self.targets:
            if target["name"] == name:
                return target["id"]
        raise KeyError(f"no target called {name!r}; the targets are {self.target_names()}")

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self._handle(content)
        except Exception:
            self.dropped += 1
            self.show(_("Something went wrong; the game is unchanged."), "error")
            if getattr(common.guarded, "reraise", False):
                raise

    def _handle(self, content: Any) -> bool:
        if isinstance(content, dict) and content.get("event") == "stored":
            return self._stored(content)
        if not (
            isinstance(content, dict)
            and content.keys() == {"event", "target", "epoch"}
            and content["event"] == "choose"
        ):
            self.dropped += 1
            return False
        target, epoch = content["target"], content["epoch"]
        if not (
            isinstance(target, str) and len(target) <= MAX_ID and isinstance(epoch, int) and not isinstance(epoch, bool)
        ):
            self.dropped += 1
            return False
        action = self._actions.get(target)
        if action is None:
            self.dropped += 1
            return False
        if epoch != self.epoch:  # a click on a drawing that has since changed
            self.dropped += 1
            self.show(_("The table changed before your click arrived; look again and click once more."))
            return False
        return common.guarded(self, action)

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
