"""The review app: step through any game's record with its drawn table and explained rules.

* :class:`ReviewApp` -- open a record (a file chosen in the browser, a demo game, or in a
  notebook a path, a dict or a :class:`~daynight.core.Game`); step one move, one round or
  turn, to the start and the end, or jump to a move number; the table drawn as one player saw
  it, or everything at once for a teacher; the explained events of the step beside it. The
  keyboard steps too: the arrow keys one move, Page Up and Page Down one round or turn, Home
  and End. The whole review is also a download: one HTML file to share (:func:`html_link`).
* the games kept in this browser by the play apps (:mod:`daynight.widgets.keep`) are offered in
  a menu, "Kept in this browser" (nothing is sent anywhere: the page reads them from its own
  storage); on a phone the table is drawn in the game's narrow arrangement where it has one;
* :func:`review_control` -- what a play app adds to open the game so far in review::

      from daynight.widgets.review import review_control
      app = w.VBox([app, review_control(lambda: game, viewer=human)])

The model, the replay and the HTML file are :mod:`daynight.review`'s; this module only shows
them. A record that cannot be read shows the engine's one-line reason and keeps what was open;
a refused move shows its reason, and the moves before it can be reviewed.
"""

from __future__ import annotations

import base64
import functools
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w
import traitlets as t

from daynight import GAMES, game_module, i18n
from daynight.core import MAX_RECORD_BYTES, DaynightError, Game, shown
from daynight.i18n import N_, ngettext
from daynight.markup import Markup, Template, fill, resource
from daynight.review import Review, html
from daynight.server import kernel as served_kernel

from .common import EventLogView, Status, app_layout, button, guarded
from .keep import game_key, kept_record
from .table import Table, Target, page_words

_ = i18n._  # every sentence a learner reads goes through daynight.i18n

__all__ = ["KEYS", "RecordFile", "ReviewApp", "demo_games", "html_link", "review_control"]

#: keyboard shortcuts of the review table: key -> target id
_HERE = Path(__file__).resolve().parent
KEYS = {
    "ArrowLeft": "back",
    "ArrowRight": "next",
    "Home": "start",
    "End": "end",
    "PageUp": "back_round",
    "PageDown": "next_round",
}
_TEACHER = N_("everything (teacher)")
#: the review app's own style (``review_app.css``), beside the apps' common one
STYLE = f"<style>{resource('daynight.widgets', 'review_app.css')}</style>"


def _WIDE() -> dict:
    """A labelled control as wide as its words (the label is not cut short)."""
    return {"style": {"description_width": "initial"}, "layout": w.Layout(width="auto")}


def demo_games(seed: int = 1) -> dict[str, Callable[[], Game]]:
    """One seeded demo game of each kind, played when chosen (``daynight demo GAME --seed 1``)."""
    label = _("{title} (seed {seed})")
    return {
        label.format(title=game_module(name).GAME.title, seed=seed): functools.partial(_demo, name, seed)
        for name in GAMES
    }


def _demo(name: str, seed: int) -> Game:
    return game_module(name).demo(seed)


class RecordFile(anywidget.AnyWidget):
    """A file chooser for records that looks at a file's size *before* reading it.

    ``ipywidgets.FileUpload`` reads every chosen file and sends it whole; a file larger than
    the server's message limit (10 MiB) then closes the connection and vanishes without a
    word. Here the browser sends a file only when it is at most ``max_bytes``, and otherwise
    just its name and size, so the app can say why it is not read. ``on_file(name, data, size)``
    gets ``data=None`` for a file that was too large. Any other message is dropped.
    """

    _esm = _HERE / "record_file.js"
    _css = _HERE / "record_file.css"

    description = t.Unicode("Open a record file").tag(sync=True)
    accept = t.Unicode(".json,application/json").tag(sync=True)
    max_bytes = t.Int(MAX_RECORD_BYTES).tag(sync=True)

    def __init__(self, on_file: Callable[[str, bytes | None, int], Any], **kwargs: Any):
        kwargs.setdefault("description", _("Open a record file"))
        super().__init__(**kwargs)
        bound = served_kernel.PAGE_FILE_BYTES  # set in a class server's app kernel (harden_kernel)
        if bound and "max_bytes" not in kwargs:
            self.max_bytes = min(bound, MAX_RECORD_BYTES)
        self._on_file = on_file
        #: messages from the browser that were not acted on
        self.dropped = 0
        self.on_msg(self._on_message)

    def _on_message(self, _widget: Any, content: Any, buffers: Any) -> None:
        ok = (
            isinstance(content, dict)
            and content.keys() == {"event", "name", "size"}
            and content["event"] in ("file", "too-big")
            and isinstance(content["name"], str)
            and isinstance(content["size"], int)
            and not isinstance(content["size"], bool)
        )
        big = ok and content["event"] == "too-big"
        if ok and not big:
            ok = len(buffers or ()) == 1 and len(buffers[0]) == content["size"] <= self.max_bytes
        if not ok:
            self.dropped += 1
            return
        self._on_file(shown(content["name"], 80), None if big else bytes(buffers[0]), content["size"])


_DOWNLOAD = Template(
    '<a class="dn-download" download="$name" href="data:text/html;charset=utf-8;base64,$data">$label</a>'
)


_STEP_EVENTS = Template('<h3 class="dn-step-heading">$heading</h3>$log')
_DRAWING_ALL = Template("<span>$text</span>")


def html_link(review: Review, viewer: Any = None, filename: str | None = None) -> str:
    """An ``<a download>`` link holding the review as one HTML file (a ``data:`` URL, so no
    server route is needed)."""
    text = html(review, viewer).encode("utf-8")
    name = filename or f"{review.name}-review.html"
    label = _("Download {name} ({size} MB)").format(name=name, size=f"{len(text) / 1e6:.1f}")
    return fill(_DOWNLOAD, name=name, data=base64.b64encode(text).decode("ascii"), label=label)


class ReviewApp(w.VBox):
    """Step through a record.

    ``source``: what to open first (anything :class:`daynight.review.Review` reads);
    ``viewer``: whose view to draw first (``None``: everything); ``viewers``: the views offered
    (default: everything and every player); ``demos``: ``{label: callable}`` offered in a menu;
    ``upload``: offer a file chooser; ``at_end``: open at the last move instead of the start;
    ``global_keys``: the keys step wherever the focus is on the page; ``kept``: the apps whose
    kept games are offered (default: every game's); ``cls`` and ``draw`` go to :class:`Review`
    (tests use them for the toy game).
    """

    def __init__(
        self,
        source: Any = None,
        *,
        viewer: Any = None,
        viewers: list[Any] | None = None,
        demos: Mapping[str, Callable[[], Any]] | None = None,
        upload: bool = True,
        at_end: bool = False,
        global_keys: bool = True,
        kept: Sequence[str] = tuple(GAMES),
        cls: type[Game] | None = None,
        draw: Callable[..., Any] | None = None,
    ):
        self.review: Review | None = None
        self.n = 0
        self._loading = False
        self._options: dict[str, Any] = {"cls": cls, "draw": draw}
        self._restrict = viewers
        self._at_end = at_end
        self._viewer_ids: list[Any] = [None]
        self._source_name = "record"
        self.message = Status(_("Open a record file or choose a demo game."))
        self.table = Table(
            label=_("the reviewed table"),
            global_keys=global_keys,
            words=page_words(
                _("Reload the page to go on; a game kept by a play app stays kept in this browser."),
                _("Reload the page"),
            ),
        )
        self.events = w.HTML()
        self.upload = RecordFile(self._on_upload)
        self.demos = dict(demos or {})
        self._make_controls()
        self.kept: dict[str, dict[str, Any]] = {}  #: the kept games, by their label in the menu
        for app in kept:
            self.table.keep(game_key(app))
        self.table.on_stored(self._on_kept)
        self.table.on_screen(lambda _screen, _width: self.go(self.n))
        top = (
            ([self.upload] if upload else [])
            + ([self.demo] if self.demos else [])
            + [self.kept_menu, self.viewer, self.position, self.make_file, self.link]
        )
        style = w.HTML(STYLE, layout=w.Layout(height="0px", overflow="hidden"))
        super().__init__([style, self.message, app_layout(self.table, side=[self.events], top=top)])
        self.add_class("dn-review")
        self._first_viewer = viewer
        if source is not None:
            self.load(source)
        else:
            self.table.draw("", status=_("Nothing is open yet."))

    def _make_controls(self) -> None:
        """The bar above the table: a demo game, whose view, a move number, the HTML file."""
        self.demo = w.Dropdown(
            options=[(_("choose a demo game"), "")] + [(k, k) for k in self.demos],
            value="",
            description=_("Demo game"),
            **_WIDE(),
        )
        self.demo.observe(self._on_demo, "value")
        self.kept_menu = w.Dropdown(
            options=[(_("choose a kept game"), "")], value="", description=_("Kept in this browser"), **_WIDE()
        )
        self.kept_menu.layout.display = "none"  # shown when the browser has sent a kept game
        self.kept_menu.observe(self._on_kept_menu, "value")
        self.viewer = w.Dropdown(options=[(_(_TEACHER), 0)], value=0, description=_("Seen by"), **_WIDE())
        self.viewer.observe(self._on_viewer, "value")
        self.position = w.BoundedIntText(
            value=0,
            min=0,
            max=0,
            description=_("Move number"),
            style={"description_width": "initial"},
            layout=w.Layout(width="11em"),
        )
        self.position.observe(self._on_position, "value")
        self.make_file = button(
            _("Make an HTML file to share"),
            self._on_make_file,
            tooltip=_("one HTML file with every step, to open in any browser"),
            layout=w.Layout(width="auto"),
        )
        self.link = w.HTML()

    # -- opening -------------------------------------------------------------------------
    def load(self, source: Any, name: str | None = None) -> bool:
        """Open ``source``; False (and the reason shown, the open review kept) if it cannot be read."""
        if name is None:
            path = isinstance(source, (str, os.PathLike)) and not str(source).lstrip().startswith("{")
            name = os.path.basename(os.fspath(source)) if path else _("the record")
        label = shown(str(name), 80)
        try:
            review = Review(source, **self._options)
        except DaynightError as exc:
            self.message.show(_("Cannot open {name}: {reason}").format(name=label, reason=exc), "error")
            return False
        self.review, self._source_name = review, label
        moves = review.moves
        if review.error:
            text = ngettext(
                "{name}: the record stops after move {moves}: {error}. The move before it can be reviewed.",
                "{name}: the record stops after move {moves}: {error}. The {moves} moves before it can be reviewed.",
                moves,
            )
            self.message.show(text.format(name=label, moves=moves, error=review.error), "error")
        elif review.title in label:
            self.message.ok(
                ngettext("{name}: {moves} move.", "{name}: {moves} moves.", moves).format(name=label, moves=moves)
            )
        else:
            text = ngettext("{name}: {moves} move of {title}.", "{name}: {moves} moves of {title}.", moves)
            self.message.ok(text.format(name=label, moves=moves, title=review.title))
        ids = [None] + [p for p, _name in review.players]
        if self._restrict is not None:
            ids = [v for v in ids if v in self._restrict] or list(self._restrict)
        first = self._first_viewer if self._first_viewer in ids else ids[0]
        self._viewer_ids = ids
        self._loading = True
        try:
            self.viewer.options = [
                (review.viewer_name(v) if v is not None else _(_TEACHER), i) for i, v in enumerate(ids)
            ]
            self.viewer.value = ids.index(first)
            self.position.max = review.moves
        finally:
            self._loading = False
        self.link.value = ""
        self.go(review.moves if self._at_end else 0)
        return True

    def _on_upload(self, name: str, data: bytes | None, size: int) -> None:
        if data is None:
            bound = self.upload.max_bytes
            if bound == MAX_RECORD_BYTES:
                text = _(
                    "Cannot open {name}: {size} bytes; a record is at most {bound} bytes, so this file is not read."
                )
            else:
                text = _(
                    "Cannot open {name}: {size} bytes; this class server takes files of at most {bound} bytes, "
                    "so this file is not read."
                )
            self.message.show(text.format(name=name, size=f"{size:,}", bound=f"{bound:,}"), "error")
            return
        guarded(self.message, lambda: self.load(data, name=name))

    def _on_kept(self, key: str, text: str | None, problem: str | None) -> None:
        """A game kept by a play app in this browser: offered in the menu (a damaged one is not)."""
        if text is None:
            return
        try:
            _fields, record = kept_record(text)
        except DaynightError:
            return
        if record is None:
            return
        game = record.get("game")
        cls = self._options.get("cls") or (game_module(game).GAME if game in GAMES else None)
        if cls is None or cls.name != game:
            return  # a game this review does not read
        title = cls.title
        moves = record.get("moves")
        label = _("{title}, move {n}").format(title=shown(title, 60), n=len(moves) if isinstance(moves, list) else 0)
        self.kept[label] = record
        self.kept_menu.options = [*self.kept_menu.options, (label, label)]
        self.kept_menu.layout.display = None

    def _on_kept_menu(self, change: dict) -> None:
        label = change["new"]
        if label:
            guarded(
                self.message, lambda: self.load(self.kept[label], name=_("the kept game: {label}").format(label=label))
            )

    def _on_demo(self, change: dict) -> None:
        key = change["new"]
        if key:
            guarded(self.message, lambda: self.load(self.demos[key](), name=key))

    # -- stepping ------------------------------------------------------------------------
    @property
    def viewing(self) -> Any:
        """The player whose view is drawn (``None``: everything)."""
        return self._viewer_ids[self.viewer.value] if self.viewer.value < len(self._viewer_ids) else None

    def go(self, n: int) -> None:
        """Show step ``n`` (clamped to the record): the drawing, the events, the position."""
        review = self.review
        if review is None:
            return
        self.n = n = max(0, min(review.moves, int(n)))
        words = review.words
        targets = [
            Target(_("Start"), lambda: self.go(0), id="start"),
            Target(_(words.back), lambda: self.go(review.previous_group(self.n)), id="back_round"),
            Target(_("Back one move"), lambda: self.go(self.n - 1), id="back"),
            Target(_("Next move"), lambda: self.go(self.n + 1), id="next", primary=True),
            Target(_(words.next), lambda: self.go(review.next_group(self.n)), id="next_round"),
            Target(_("End"), lambda: self.go(review.moves), id="end"),
        ]
        first, _last = review.event_range(n)
        self.events.value = fill(
            _STEP_EVENTS, heading=review.describe(n), log=Markup(EventLogView.render(review.events(n), start=first + 1))
        )
        if self.position.value != n:
            self.position.value = n
        self.table.draw(
            review.drawing(n, self.viewing, self.table.draw_width),
            targets,
            shortcuts=KEYS,
            status=_("{where}. Seen by {viewer}.").format(
                where=review.describe(n), viewer=review.viewer_name(self.viewing)
            ),
        )

    def _on_position(self, change: dict) -> None:
        if change["new"] != self.n and not self._loading:
            self.go(change["new"])

    def _on_viewer(self, _change: dict) -> None:
        if not self._loading:
            self.go(self.n)

    def _on_make_file(self, _button: Any = None) -> None:
        review = self.review
        if review is None:
            self.message.show(_("Open a record first."), "info")
            return
        stem = self._source_name.rsplit("/", 1)[-1].removesuffix(".json")
        name = "".join(c if c.isalnum() or c in "-_" else "-" for c in stem)[:60] or review.name
        steps = review.moves + 1
        text = ngettext("Drawing the {steps} step for the file…", "Drawing all {steps} steps for the file…", steps)
        self.link.value = fill(_DRAWING_ALL, text=text.format(steps=steps))
        self.link.value = html_link(review, self.viewing, f"{name}-review.html")


class ReviewControl(w.VBox):
    """A button that opens the game so far in review below it, and closes it again."""

    children: tuple[Any, ...]  # ipywidgets' trait: the button, and the review when it is open

    def __init__(
        self,
        game: Callable[[], Game] | Game,
        *,
        viewer: Any = None,
        label: str | None = None,
        **options: Any,
    ):
        label = label if label is not None else _("Review the game so far")
        self._game, self._viewer, self._label, self._options = game, viewer, label, options
        self.app: ReviewApp | None = None
        self.button = button(label, self._toggle, layout=w.Layout(width="auto"))  # the whole label shown
        super().__init__([self.button])

    def _toggle(self, _button: Any = None) -> None:
        if self.app is not None:
            self.app, self.children, self.button.description = None, (self.button,), self._label
            self.layout.width = None
            return
        game = self._game() if callable(self._game) else self._game
        viewer = self._viewer() if callable(self._viewer) else self._viewer
        # during a game a player sees only their own view; once it is over, everything
        viewers = None if game.is_over() or viewer is None else [viewer]
        self.app = ReviewApp(
            viewer=viewer, viewers=viewers, upload=False, at_end=True, global_keys=False, **self._options
        )
        self.app.load(game, name=_("the game so far"))
        self.button.description = _("Close the review")
        self.layout.width = "100%"  # in a bar of controls: a line of its own
        self.children = (self.button, self.app)


def review_control(
    game: Callable[[], Game] | Game, *, viewer: Any = None, label: str | None = None, **options: Any
) -> ReviewControl:
    """For a play app: a button that opens ``game`` (or ``game()``, the game being played) in
    review at its last move, as ``viewer`` (or ``viewer()``) sees it, and only that view
    while the game goes on. In a bar of controls or under the app; ``options`` go to
    :class:`ReviewApp`."""
    return ReviewControl(game, viewer=viewer, label=label, **options)
