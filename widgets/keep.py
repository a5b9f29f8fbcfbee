"""Kept games (issue 24): a game in progress survives a reload, a closed tab, a lost kernel.

After every move an app hands its game to a :class:`GameKeeper`; the keeper has the browser
keep the game's record (``to_record()``, nothing else) under ``daynight.game.v1.<app>`` through
the table widget (:meth:`~daynight.widgets.table.Table.keep`; the kernel writes nothing, and
nothing is sent anywhere). When the app opens again, the browser sends what it kept and the
keeper offers, in a note on the table, "Continue your game (move N)" or a new game.
Continuing replays the record through the engine (``Game.from_record``), so a record the rules
refuse is refused by name (the field or the rule) and a new game is offered; never a
traceback. "Forget this game" clears what the browser keeps. A record longer than a kept
value may be (:data:`~daynight.widgets.table.MAX_STORED`) is not kept, and the keeper says so.

An app uses it in a few lines::

    self.keeper = GameKeeper(self.table, "stars", StarsGame, resume=self.resume)
    ...                             # after every move and at every new game, before redrawing
    self.keeper.moved(self.game)    # (the kept record reaches the browser before the move shows)
    def resume(self, game):         # the learner chose to continue: show that game
        self.game = game; self.redraw()

and puts ``self.keeper.forget_button`` in its bar. An app keeps a few small settings beside the
record (the bot, the side the learner plays) by naming each one's allowed values::

    self.keeper = GameKeeper(..., resume=self.resume, settings=self.settings_now,
                             choices={"bot": ("thumb", "random"), "side": ("day", "night")})
    def resume(self, game, settings=None):  # the fields kept, each one of its choices
        ...

``settings_now()`` is asked at every keep; reading checks each field against its choices and
refuses a bad one by its name (``$.settings.bot``). A field missing (a value kept by an older
page) is left out of ``settings``; a guided game's ``resume(game)`` has none. An app without
``choices`` keeps the record alone, and refuses a kept value with settings by their name.

The page reloaded by the dead-page button (``widgets/table.js``) continues the kept game at
once, without asking. The guided first game (:mod:`daynight.widgets.guide`) joins the keeper,
so one note offers both.

The review app opens the kept game of each app (:func:`kept_record`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Collection, Mapping
from typing import Any, NamedTuple, Protocol

import ipywidgets as w

from daynight import i18n
from daynight.core import MAX_INT, DaynightError, Game, InvalidRecordError, Reader, parse_record, short

from .common import button, guarded
from .table import MAX_STORED, Note, Table, Target

__all__ = [
    "GAME_VERSION",
    "MAX_SETTINGS",
    "GameKeeper",
    "Offer",
    "Part",
    "game_key",
    "kept_record",
    "kept_text",
    "too_long",
]

_ = i18n._  # every sentence a learner reads goes through daynight.i18n

#: the version of a kept game's value (part of its key)
GAME_VERSION = 1
#: at most this many settings are kept beside a game's record
MAX_SETTINGS = 8

#: a kept setting's value (compared by type too: ``True`` is not ``1``)
Setting = str | int | bool


def game_key(app: str) -> str:
    """The browser storage key of ``app``'s kept game: ``daynight.game.v1.stars``."""
    return f"daynight.game.v{GAME_VERSION}.{app}"


def kept_text(record: dict[str, Any] | None, **fields: Any) -> str:
    """A kept value: compact JSON of a game's ``record`` (``None``: no game), when it was kept,
    and ``fields``."""
    value = {"version": GAME_VERSION, "saved": int(time.time()), **fields, "record": record}
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def too_long(text: str) -> str | None:
    """Why ``text`` cannot be kept in the browser (``None``: it can)."""
    if len(json.dumps(text)) <= MAX_STORED:
        return None
    return _(
        "This game is now too long to keep in this browser ({n:,} characters; at most {most:,}), "
        "so a reload would lose it: finish it on this page."
    ).format(n=len(text), most=MAX_STORED)


def kept_record(text: str, what: str = "the kept game") -> tuple[Reader, dict[str, Any] | None]:
    """Read a kept value (its text, bounded like a record file): a reader of its fields (checked:
    ``version``, ``saved``) and the record it holds (``None``: no game). A damaged value raises
    :class:`~daynight.core.InvalidRecordError` naming its first bad field."""
    value = parse_record(text, what)
    r = Reader(value)
    version = r.int("version", lo=1, hi=MAX_INT)
    if version != GAME_VERSION:
        raise r.error(f"kept by version {version} of this page; this page reads version {GAME_VERSION}", "version")
    r.int("saved", lo=0, hi=MAX_INT)
    if not r.has("record") or r.value["record"] is None:
        return r, None
    return r, r.obj("record").value


class Offer(NamedTuple):
    """What a part of the page offers when it opens: ``text`` and ``buttons`` in a note."""

    text: str
    buttons: tuple[Target, ...]
    kind: str = "offer"


class Part(Protocol):
    """A part of the page with a value kept in the browser (the game, the guided game): the
    keeper's opening waits for each part's value, then shows one note with every offer."""

    key: str
    #: when the kept value was saved (seconds), 0 when there is none to continue
    saved: int

    def read(self, text: str | None, problem: str | None) -> None:
        """The value the browser kept (``None``: nothing), or the ``problem`` reading it."""

    def offer(self) -> Offer | None:
        """What to offer the learner, from the value read (``None``: nothing)."""

    def continue_kept(self) -> None:
        """Go on with the kept game at once (the page reloaded to continue it)."""


def allowed(value: Any, choices: Collection[Setting]) -> bool:
    """``value`` is one of ``choices`` (of the same type: ``true`` is not the number 1)."""
    if isinstance(choices, range):
        return type(value) is int and value in choices
    return any(type(value) is type(c) and value == c for c in choices)


def read_settings(r: Reader, choices: Mapping[str, Collection[Setting]]) -> dict[str, Setting]:
    """The settings of a kept value (``r``'s ``settings`` object, absent: none), each checked
    against its ``choices``; a bad one raises :class:`~daynight.core.InvalidRecordError` naming it."""
    if not r.has("settings"):
        return {}
    s = r.obj("settings")
    s.only(*choices)
    out: dict[str, Setting] = {}
    for name, value in s.value.items():
        among = choices[name]
        if not allowed(value, among):
            expected = f"{among.start}..{among.stop - 1}" if isinstance(among, range) else list(among)
            raise s.error(f"unknown value {short(value)}; expected one of {expected}", name)
        out[name] = value
    return out


class GameKeeper:
    """Keeps ``app``'s game (of class ``cls``) in the browser through ``table`` and offers to
    continue it (see the module's docstring). ``resume(game)`` shows a game replayed from the
    kept record; ``title`` names the game in the notes (default: ``cls.title``). With
    ``choices`` (each setting's allowed values, at most :data:`MAX_SETTINGS`), ``settings()``
    is kept beside the record and ``resume(game, settings)`` gets the settings read back; ``speaking``
    wraps the click of its Forget button (an app that speaks a language of its own, as the guide's)."""

    def __init__(
        self,
        table: Table,
        app: str,
        cls: type[Game],
        *,
        resume: Callable[..., Any],
        title: str = "",
        settings: Callable[[], Mapping[str, Setting]] | None = None,
        choices: Mapping[str, Collection[Setting]] | None = None,
        speaking: Callable[[Callable[[], Any]], Callable[..., None]] | None = None,
    ):
        if (settings is None) != (choices is None) or len(choices or {}) > MAX_SETTINGS:
            raise ValueError(f"give both settings and choices (at most {MAX_SETTINGS} of them), or neither")
        self.table, self.app, self.cls, self.resume = table, app, cls, resume
        self.settings, self.choices = settings, choices
        #: the settings kept with the game offered to continue
        self.kept_settings: dict[str, Setting] = {}
        self.title = title or cls.title
        self.key = game_key(app)
        #: the game the app plays now (the last one given to :meth:`moved`)
        self.game: Game | None = None
        #: the browser has sent what it keeps, and the learner has answered the offer (if any)
        self.loaded = False
        #: the keeper keeps the game's moves (False after "Forget this game" or a game too long to keep)
        self.keeping = True
        #: the game replayed from the kept record (offered to continue), and why it could not be
        self.kept: Game | None = None
        self.problem = ""
        self.saved = 0
        #: the guided game, when the app has one (:class:`daynight.widgets.guide.Guide` joins)
        self.guide: Any = None
        self.parts: dict[str, Part] = {self.key: self}
        self._arrived: dict[str, tuple[str | None, str | None]] = {}
        # the followed game's record and settings kept last (None: nothing kept of this game)
        self._last: tuple[dict[str, Any], dict[str, Setting]] | None = None
        # ``speaking`` wraps its click, as the guide's button (an app of its own language): the app relabels this
        # button in place on a language switch, never replaces it
        self.forget_button = button(
            _("Forget this game"),
            speaking(self.forget) if speaking is not None else lambda _b: guarded(self.table, self.forget),
            tooltip=_("Clear the game this browser keeps for this page"),
            layout=w.Layout(width="auto"),
        )
        table.keep(self.key)
        table.on_stored(self._stored)

    # -- the opening: what the browser kept --------------------------------------------------
    def join(self, part: Part) -> None:
        """``part`` has a kept value of its own; the opening waits for it too."""
        self.parts[part.key] = part
        self.table.keep(part.key)

    def _stored(self, key: str, text: str | None, problem: str | None) -> None:
        if key not in self.parts or key in self._arrived:
            return
        self._arrived[key] = (text, problem)
        if len(self._arrived) == len(self.parts):
            self._open()

    def _open(self) -> None:
        """Every part's value has come: continue at once (the page reloaded to continue),
        offer what there is in one note, or start keeping the game on the table."""
        for key, part in self.parts.items():
            part.read(*self._arrived[key])
        if self.table.anchor == "continue":
            latest = max(self.parts.values(), key=lambda p: p.saved)
            if latest.saved:
                self.loaded = True
                latest.continue_kept()
                return
        if self.table.anchor == "learn" and self.guide is not None:
            self.loaded = True
            if self.guide.kept is not None:
                self.guide.continue_kept()
            else:
                self.guide.start()
            return
        offers = [o for o in (p.offer() for p in self.parts.values()) if o is not None]
        if not offers:
            self._ready()
            return
        buttons: list[Target] = []
        for offer in offers:
            buttons += [b._replace(primary=b.primary and not buttons) for b in offer.buttons]
        dismiss = _("Start a new game") if (self.kept or self.problem) else _("Play a game")
        buttons.append(Target(dismiss, self._new_game, id="new"))
        kind = "error" if any(o.kind == "error" for o in offers) else "offer"
        self.table.tell(Note(" ".join(o.text for o in offers), buttons, kind=kind))

    def _ready(self) -> None:
        """The opening is over: from now on the game on the table is kept."""
        self.loaded = True
        if self.game is not None:
            self.moved(self.game)

    def _new_game(self) -> None:
        self.table.tell(None)
        self.kept = None
        self._ready()

    # -- this keeper as a part of the opening -------------------------------------------------
    def read(self, text: str | None, problem: str | None) -> None:
        """The kept game from the browser: replayed through the engine, or refused by name."""
        self.kept, self.problem, self.saved, self.kept_settings = None, "", 0, {}
        if problem == "no storage":
            self.table.show(_("This browser keeps nothing for this page, so a reload starts a new game."), "info")
            return
        if text is None and problem is None:
            return
        try:
            if problem is not None:
                raise DaynightError(_("it is longer than a kept value may be"))
            r, record = kept_record(text or "")
            if self.choices is None:
                r.only("version", "saved", "record")
            else:
                r.only("version", "saved", "record", "settings")
                self.kept_settings = read_settings(r, self.choices)
            if record is None:
                return
            game = self.cls.from_record(record)
        except DaynightError as exc:
            self.problem = str(exc)
            self.table.store(self.key, None)
            return
        except Exception as exc:  # an engine's bug while replaying: refused, never a traceback
            self.problem = str(InvalidRecordError("$.record", f"the game could not be replayed ({type(exc).__name__})"))
            self.table.store(self.key, None)
            return
        if game.history and not game.is_over():
            self.kept, self.saved = game, r.int("saved")

    def offer(self) -> Offer | None:
        if self.problem:
            text = _("The game kept in this browser could not be continued ({error}); it is forgotten.")
            return Offer(text.format(error=self.problem), (), kind="error")
        if self.kept is None:
            return None
        moves = len(self.kept.history)
        text = _("You have a game of {title} in progress in this browser, at move {n}.").format(
            title=self.title, n=moves
        )
        name = _("Continue your game (move {n})").format(n=moves)
        return Offer(text, (Target(name, self.continue_kept, id="continue", primary=True),))

    def continue_kept(self) -> None:
        """Go on with the kept game: the app shows it, and it is kept from here on."""
        game = self.kept
        self.table.tell(None)
        self.kept = None
        self.loaded = True
        if game is None:
            return
        self.game = game
        if self.choices is None:
            self.resume(game)
        else:
            self.resume(game, dict(self.kept_settings))
        self.table.show(_("Your game goes on at move {n}.").format(n=len(game.history)), "ok")
        self.moved(game)

    # -- keeping --------------------------------------------------------------------------------
    def moved(self, game: Game) -> None:
        """Keep ``game`` (after every move and at every new game; a guided game goes to the
        guide's own value). Nothing is kept until the browser has said what it keeps. A new game
        with no move yet leaves the kept one until its first move; the followed game back at no
        move (an undo: the app sets ``keeper.game`` to the game rebuilt) clears what was kept."""
        if game is not self.game:
            self.game, self.keeping, self._last = game, True, None
        if self.guide is not None and self.guide.active:
            self.guide.keep(game)
            return
        if not self.loaded or not self.keeping:
            return
        if not game.history:  # nothing to continue
            if self._last is not None:
                self.table.store(self.key, None)
                self._last = None
            return
        record = game.to_record()
        settings = self._settings()
        if (record, settings) == self._last:
            return
        text = kept_text(record, settings=settings) if self.choices is not None else kept_text(record)
        refused = too_long(text)
        if refused:
            self.keeping, self._last = False, None
            self.table.store(self.key, None)
            self.table.show(refused, "error")
            return
        self.table.store(self.key, text)
        self._last = (record, settings)

    def _settings(self) -> dict[str, Setting]:
        """The app's settings now, each one of its choices (another is the app's mistake)."""
        if self.settings is None or self.choices is None:
            return {}
        settings = dict(self.settings())
        for name, value in settings.items():
            if name not in self.choices or not allowed(value, self.choices[name]):
                raise ValueError(f"the setting {name}={value!r} is not one of its choices")
        return settings

    def forget(self) -> None:
        """Clear the game the browser keeps (the next game is kept again)."""
        if self.guide is not None and self.guide.active:
            self.guide.forget()
        self.keeping, self._last = False, None
        if self.loaded:
            self.table.store(self.key, None)
        self.table.show(_("This browser keeps nothing of this game now; a new game is kept again."), "info")
