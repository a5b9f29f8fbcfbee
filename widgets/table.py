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
* :meth:`choose` does exactly what a click does, so views are tested without a browser.

The page contract (tests and benchmarks rely on it): the view is ``.dn-table`` with
``data-epoch``; its targets are ``[data-target]``; its status line is ``.dn-status``.

Messages from the browser are checked before anything runs: only ``{"event": "choose",
"target": <id of a current target>, "epoch": <int>}`` is acted on; anything else (another
shape, an unknown id, a huge value) is dropped without an answer (``dropped`` counts them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable, NamedTuple

import anywidget
import traitlets as t

__all__ = ["Table", "Target"]

_HERE = Path(__file__).resolve().parent
#: the longest target id the browser may send (ids are short: "t12", "next")
MAX_ID = 64


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

    def __init__(self, label: str = "the table", **kwargs: Any):
        super().__init__(label=label, **kwargs)
        self._actions: dict[str, Callable[[], Any]] = {}
        #: messages from the browser that were not acted on (wrong shape, stale, unknown)
        self.dropped = 0
        self.on_msg(self._on_message)

    # -- Python -> browser ---------------------------------------------------------------
    def draw(self, drawing: Any, targets: Iterable[Target] = (), *, shortcuts: dict[str, str] | None = None,
             status: str | None = None, kind: str = "ok") -> None:
        """Show ``drawing`` (a :class:`daynight.draw.Drawing` or SVG text) with ``targets``;
        ``status`` (when given) goes to the browser in the same message as the drawing."""
        actions: dict[str, Callable[[], Any]] = {}
        out = []
        for i, target in enumerate(targets):
            tid = target.id or f"t{i}"
            if tid in actions:
                raise ValueError(f"two targets share the id {tid!r}")
            actions[tid] = target.action
            out.append({"id": tid, "name": target.name, "key": target.key, "primary": bool(target.primary)})
        if shortcuts:
            missing = [k for k, tid in shortcuts.items() if tid not in actions]
            if missing:
                raise ValueError(f"keyboard shortcuts name no target: {missing}")
        self._actions = actions
        with self.hold_sync():
            self.svg = str(drawing)
            self.targets = out
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
        self.show(f"Not allowed: {error}", "error")

    @property
    def text(self) -> str:
        """The status line as plain text (tests read it)."""
        return self.status

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
        except Exception:  # noqa: BLE001 - a visitor's message never gets a traceback back
            self.dropped += 1
            self.show("Something went wrong; the game is unchanged.", "error")
            from . import common

            if common.guarded.reraise:
                raise

    def _handle(self, content: Any) -> bool:
        if not (isinstance(content, dict) and content.keys() == {"event", "target", "epoch"}
                and content["event"] == "choose"):
            self.dropped += 1
            return False
        target, epoch = content["target"], content["epoch"]
        if not (isinstance(target, str) and len(target) <= MAX_ID and isinstance(epoch, int)
                and not isinstance(epoch, bool)):
            self.dropped += 1
            return False
        action = self._actions.get(target)
        if action is None:
            self.dropped += 1
            return False
        if epoch != self.epoch:  # a click on a drawing that has since changed
            self.dropped += 1
            self.show("The table changed before your click arrived; look again and click once more.")
            return False
        from .common import guarded

        return guarded(self, action)
