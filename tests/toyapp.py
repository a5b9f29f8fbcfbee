"""A play app of the toy game Pebbles (``tests/toygame.py``) on the shared front-end machinery:
the proof, and the model, of what every game's app does (the guide in the report of the
frontend branch says it in words).

* the drawn table with a narrow arrangement (``draw_pebbles(game, viewer, width=...)``: the pile
  as rows of pebbles that wrap to the width, the moves as large drawn buttons), redrawn when the
  table widget reports a new width (:meth:`Table.on_screen`);
* the game kept in the browser after every move (:class:`GameKeeper`), offered again when the
  page opens, continued at once after the dead-page button's reload;
* a guided first game (:class:`Guide`): a short deal, two lessons triggered by the engine's log
  ("taking", "end"), what is allowed before each move, a refused click explained;
* ``common.app_layout``: the table first, the log and how to play below on a phone.

Served in browser tests with ``temporary_notebooks(..., APP_SOURCE)``; tested without a browser
in ``tests/test_keep_guide.py``.
"""

from __future__ import annotations

import secrets
from typing import Any

import ipywidgets as w
from daynight.widgets.common import EventLogView, app_layout, button
from daynight.widgets.guide import Guide, Lesson
from daynight.widgets.keep import GameKeeper
from daynight.widgets.table import Mark, Table, Target

from daynight import draw as d
from daynight.core import Event, Game
from daynight.i18n import gettext as _
from daynight.i18n import ngettext
from tests.toygame import MOVES, Pebbles, Take

HUMAN, BOT = 0, 1
#: the guided game's pile: short, and every lesson comes whatever the learner takes
GUIDED_PILE = 7
STONE = d.Colour("stone", "#8d99ae", "#1a1a1a", "dots", "dark")
#: the cell of one pebble: wide, a row of small ones; narrow, large ones that wrap
PEBBLE = {"wide": 26.0, "narrow": 40.0}

#: the source of the test app's notebook (``temporary_notebooks(..., APP_SOURCE.format(root=...))``)
APP_SOURCE = """import sys
sys.path.insert(0, {root!r})
from tests.toyapp import PebblesApp
app = PebblesApp()
app.widget"""


def take_words(count: int) -> str:
    return ngettext("take {n} pebble", "take {n} pebbles", count).format(n=count)


def _pile(game: Pebbles, width: float | None) -> d.Piece:
    size = PEBBLE["narrow" if d.is_narrow(width) else "wide"]
    stones = [
        d.Piece(size, size, f'<circle cx="{size / 2}" cy="{size / 2}" r="{size / 2 - 2}" fill="{STONE.fill}" '
                f'stroke="{d.LINE}" stroke-width="1.5"/>')
        for _i in range(game.pile)
    ]  # fmt: skip
    room = (width - 40) if width is not None else 20 * (size + 4)
    stones_piece = d.wrap(stones, room, gap=4) if stones else d.Piece(size, size, "")
    title = ngettext("The pile: {n} pebble", "The pile: {n} pebbles", game.pile).format(n=game.pile)
    return d.panel(stones_piece, title=title, label=title, key="pile", title_size=15)


def _players(game: Pebbles) -> list[d.Piece]:
    out = []
    for p in (HUMAN, BOT):
        who = _("Player {p} (you)").format(p=p) if p == HUMAN else _("Player {p} (bot)").format(p=p)
        state = (
            _("won")
            if game.winner == p
            else _("to move")
            if not game.is_over() and game.turn == p
            else _("waits")
            if not game.is_over()
            else _("lost")
        )
        out.append(d.badge(f"{who}: {state}", size=14, key=f"player-{p}"))
    return out


def _moves(width: float | None) -> list[d.Piece]:
    """The three moves as large drawn buttons: a column beside the pile, or (narrow) a column
    as wide as the table."""
    w_, h_ = (width, 48.0) if width is not None else (160.0, 48.0)
    out = []
    for k in (1, 2, 3):
        words = take_words(k)
        body = d.rect(0, 0, w_, h_, fill="#ffffff", width=2, rx=10, cls="dn-frame") + d.text(
            w_ / 2, h_ / 2 + 6, words, size=16, anchor="middle", weight="700"
        )
        out.append(d.Piece(w_, h_, d.group(body, key=f"take-{k}", label=words)))
    return out


def draw_pebbles(game: Pebbles, viewer: Any = None, width: float | None = None) -> d.Drawing:
    """The Pebbles table; ``width`` below :data:`daynight.draw.NARROW_WIDTH` gives the narrow
    arrangement (a column, exactly ``width`` wide, large pebbles and buttons), else one row."""
    label = _("Pebbles: {summary}").format(summary=game.summary())
    if not d.is_narrow(width):
        body = d.column([d.row(_players(game), gap=10), d.row([_pile(game, None), d.column(_moves(None))], gap=16)])
        return d.document(body, label=label)
    inner = (width or 0) - 12  # the document's padding, both sides
    body = d.column([d.wrap(_players(game), inner, gap=8), _pile(game, inner), d.column(_moves(inner), gap=8)], gap=10)
    drawing = d.document(d.Piece(inner, body.h, body.svg), label=label)
    return drawing


def bot_move(game: Pebbles) -> Take:
    """The bot leaves a multiple of four when it can."""
    count = game.pile % 4 or 1
    return MOVES[BOT, min(count, game.pile)]


def _mark_pile(game: Game, event: Event) -> list[Mark]:
    return [Mark("pile", _("the pile"))]


def _mark_winner(game: Game, event: Event) -> list[Mark]:
    return [Mark(f"player-{event.who}", _("the winner"))]


LESSONS = (
    Lesson(
        "taking",
        ("taking",),
        _("Each turn a player takes 1, 2 or 3 pebbles from the pile; then it is the other player's turn."),
        heading=_("Taking pebbles"),
        words=_("Two players take 1-3 pebbles in turn."),
        marks=_mark_pile,
    ),
    Lesson(
        "end",
        ("end",),
        _("Whoever takes the last pebble wins, and the game is over."),
        heading=_("The end of the game"),
        words=_("Whoever takes the last pebble wins."),
        marks=_mark_winner,
    ),
)

GOAL = _(
    "Take the last pebble of the pile to win. You and a bot take turns; you begin. "
    "The notes say what you may do and why."
)


class PebblesApp:
    """Play Pebbles against a bot, on the drawn table, with the game kept in the browser and a
    guided first game. ``app.widget`` is the page, ``app.table`` the table."""

    def __init__(self, seed: int | None = None):
        self.table = Table(label=_("The Pebbles table"))
        self.log_view = EventLogView()
        self.game: Pebbles = Pebbles(GUIDED_PILE)
        self.keeper = GameKeeper(self.table, "pebbles", Pebbles, resume=self.resume, title="Pebbles")
        self.guide = Guide(self.keeper, LESSONS, goal=GOAL, deal=lambda: Pebbles(GUIDED_PILE), allowed=self.allowed,
                           describe=lambda m: take_words(m.count), player=HUMAN, go_on=self.step,
                           new_game=self.new_game, practice="practice.ipynb",
                           shorter=_("This guided game is shorter than a usual one."))  # fmt: skip
        self.table.on_screen(lambda _screen, _width: self.redraw())
        new = button(_("New game"), lambda _b: self.new_game(), tooltip=_("Start a new game of Pebbles"))
        how = w.HTML(f"<p>{_('Take 1, 2 or 3 pebbles in turn; whoever takes the last pebble wins.')}</p>")
        self.widget = app_layout(
            self.table,
            side=[how, w.HTML(f"<b>{_('What happened')}</b>"), self.log_view],
            top=[new, self.guide.start_button, self.keeper.forget_button],
        )
        self.new_game(seed)

    # -- the game ----------------------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        self.game = Pebbles.new(seed if seed is not None else secrets.randbelow(2**31))
        self.step()

    def resume(self, game: Game) -> None:
        """Show ``game`` (continued from the browser, or the guided deal)."""
        assert isinstance(game, Pebbles)
        self.game = game
        self.redraw()

    def play(self, count: int) -> None:
        """The learner takes ``count`` (a move the engine refuses says why)."""
        move = next((m for m in self.game.legal_moves(HUMAN) if m.count == count), Take(HUMAN, count))
        self.game.play(move)
        self.step()

    def step(self) -> None:
        """After a move: keep the game and let the guide speak (first: the kept record reaches
        the browser before the table shows the move), redraw; the bot moves until it is the
        learner's turn, the game is over or a note pauses it."""
        while True:
            paused = self.guide.moved(self.game)
            self.redraw()
            if paused or self.game.is_over() or self.game.turn == HUMAN:
                return
            self.game.play(bot_move(self.game))

    def allowed(self, game: Game) -> str:
        """What the learner may do now and why (the guided game's words before a move)."""
        assert isinstance(game, Pebbles)
        best = game.pile % 4 or 1
        why = (
            _("it takes the last pebble")
            if best == game.pile
            else _("it leaves the bot a multiple of four")
            if game.pile % 4
            else _("no move leaves a multiple of four now")
        )
        return _(
            "You may take 1, 2 or 3 pebbles, and no more than are left ({n} now). A good move: click “{move}”: {why}."
        ).format(n=game.pile, move=take_words(best), why=why)

    # -- the table ---------------------------------------------------------------------------
    def redraw(self) -> None:
        game = self.game
        targets = [Target(take_words(k), (lambda k=k: self.play(k)), key=f"take-{k}") for k in (1, 2, 3)]
        said = game.log[-1].text if len(game.log) else ""
        self.table.draw(draw_pebbles(game, HUMAN, width=self.table.draw_width), targets, status=said)
        self.log_view.update(game.log)
