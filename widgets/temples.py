"""The temple duel in widgets: the play app (:class:`TemplesApp`) on the drawn table, and
plotly chart builders (``control_figure``, ``regions_figure``, ``bot_results`` /
``results_figure``).

The app is a thin view: the board, the hands and the hours are drawn by
``daynight.temples.draw.table``; every square and spell card of the drawing is a target of
the table widget (``daynight.widgets.table.Table``) named in words ("travel to B1,
neutral-tile", "cast Sunbeam, 2 hours", "target C3, Day-tile"); the engine decides, and a
refused click shows its rule in the table's status line. Plotly is imported only when a chart
is built, so the app's first control appears fast.
"""

from __future__ import annotations

import random
from importlib.resources import files
from typing import Any, ClassVar

import ipywidgets as w
from daynight.widgets.common import EventLogView, app_layout, button, escape, guarded
from daynight.widgets.guide import Guide
from daynight.widgets.keep import GameKeeper
from daynight.widgets.table import Table
from daynight.widgets.table import Target as Click
from daynight.widgets.temples_guide import (
    GOAL,
    LEARNER,
    LESSONS,
    SHORTER,
    bot_move,
    guided_deal,
    learner_move,
    situation_words,
)

from daynight.core import Game, IllegalMoveError, parse_record
from daynight.i18n import N_, ngettext
from daynight.i18n import gettext as _
from daynight.temples import (
    BOTS,
    DAY,
    NAME,
    NIGHT,
    OTHER,
    SQUARES,
    Cast,
    Choose,
    Discard,
    EndTurn,
    Options,
    PickTemple,
    Stop,
    Target,
    TemplesGame,
    Travel,
    largest_region,
    play_bots,
)
from daynight.temples import draw as tdraw

__all__ = [
    "HOW_TO_PLAY",
    "SCENARIOS",
    "TemplesApp",
    "bot_results",
    "control_figure",
    "move_name",
    "regions_figure",
    "results_figure",
    "target_name",
    "turn_series",
]


# ---------------------------------------------------------------------------
# Scenarios: positions a learner can start from (each is a record setup)
# ---------------------------------------------------------------------------

SCENARIOS: dict[str, dict[str, Any]] = {
    "A new game": {},
    "Near the end: Day needs one more tile for her second temple": {
        "position": {
            "board": ["ddd...", "ddd...", "ddd...", "..##..", "..##..", "dddd..", "ddd...", "d....."],
            "temples": {"day": [["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]]},
            "pawns": {"day": "D7", "night": "F8"},
            "hands": {"day": ["D16", "D01", "D11"], "night": ["N14"]},
            "turn": "night",
            "turn_no": 30,
        },
    },
    "Near the end: Night's Mimic can finish her temple": {
        "position": {
            "board": ["......", "......", "...d..", "..##nn", "..##nn", "...nnn", "....nd", "......"],
            "pawns": {"day": "A1", "night": "E7"},
            "hands": {"day": ["D12"], "night": ["N02", "N01"]},
            "turn": "night",
            "turn_no": 20,
        },
        "options": {"temples_to_win": 1},
    },
}

#: the how-to-play text beside the table (package data, ``widgets/temples_help.html``)
HOW_TO_PLAY = (files("daynight.widgets") / "temples_help.html").read_text(encoding="utf-8")

#: what a spell's step does to the square a learner targets, in words
OP_VERB = {
    "change": N_("change"),
    "turn_over": N_("turn over"),
    "place": N_("place a tile on"),
    "make_own": N_("make own"),
    "mystify": N_("mystify"),
    "crystallize": N_("crystallize"),
}


def _hours(n: int) -> str:
    return ngettext("{n} hour", "{n} hours", n).format(n=n)


def move_name(game: TemplesGame, move: Any) -> str:
    """A move in words, as its target is named: "travel to B1, neutral-tile", "target C3,
    Day-tile (change)", "move Day to D8, neutral-tile", "cast Sunbeam, 2 hours", ..."""
    t = type(move)
    if t is Travel:
        return _("travel to {square}").format(square=tdraw.square_words(game, move.square))
    if t is PickTemple:
        return _("pick {square} for the temple").format(square=tdraw.square_words(game, move.square))
    if t is Target:
        words = tdraw.square_words(game, move.square)
        p = game.pending
        if p is not None and p.kind == "move":
            return _("move {pawn} to {square}").format(pawn=NAME[p.pawn or move.who], square=words)
        op = p.step.op if p is not None else "change"
        return _("target {square} ({action})").format(square=words, action=_(OP_VERB[op]) if op in OP_VERB else op)
    if t is Cast:
        sp = game.cards[move.card]
        return _("cast {spell}, {hours}").format(
            spell=sp.name, hours=_("X hours") if sp.cost == "X" else _hours(sp.cost)
        )
    if t is Discard:
        return _("discard {spell}").format(spell=game.cards[move.card].name)
    if t is Choose:
        return _("take {spell} from {side}'s hand").format(spell=game.cards[move.card].name, side=NAME[OTHER[move.who]])
    if t is Stop:
        return _("Stop moving")
    if t is EndTurn:
        return _("Retreat (end the turn)")
    return repr(move)


def target_name(game: TemplesGame, sq: int) -> str:
    """What clicking square ``sq`` asks the engine to do now, in words, with the square
    described: "travel to B1, neutral-tile", "target C3, Day-tile, crystallized" ..."""
    to = game.to_players()
    return move_name(game, game.square_move(to[0] if to else game.turn, sq))


def _replay(record: dict[str, Any], upto: int | None = None) -> TemplesGame:
    game = TemplesGame.from_record(record, upto=upto)
    assert isinstance(game, TemplesGame)
    return game


class TemplesApp(w.VBox):
    """Play the temple duel on the drawn table: against a bot (as Day or Night) or two humans
    at one screen. ``app.table`` is the drawn table (its targets are the squares, the spell
    cards and the toolbar buttons, each carrying the engine's move it plays); ``app.game``
    the engine."""

    MODES: ClassVar[dict[str, str | None]] = {
        "Play Day against a bot": "day",
        "Play Night against a bot": "night",
        "Two players at one screen": None,
    }

    #: the settings kept beside the game in the browser (issue 24), and the values each may take
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "mode": ("day", "night", "two"),
        "bot": ("thumb", "random"),
        "start": tuple(SCENARIOS),
    }

    def __init__(
        self, seed: int = 1, *, mode: str = "Play Day against a bot", bot: str = "thumb", scenario: str = "A new game"
    ):
        self.rng = random.Random(seed)
        self.table = Table(label="the temple duel")
        self._settings(seed, mode, bot, scenario)
        self.new_button = button("New game", lambda _: guarded(self.table, self.new_game))
        self.log_view = EventLogView()
        self.discards_html = w.HTML()
        self.record_text = w.Textarea(
            placeholder="Paste a temples game record (JSON) here", layout=w.Layout(width="98%", height="5em")
        )
        self.load_button = button("Load record", lambda _: self.load_record_text())
        self.save_button = button("Show record", lambda _: self.show_record())
        record = w.VBox([self.record_text, w.HBox([self.load_button, self.save_button])])
        extras = w.Accordion(
            [self.discards_html, record], titles=("Discard piles (both players may look through both)", "Game record")
        )
        extras.selected_index = None
        self.x_card: int | None = None  # an X-cost spell waiting for its X
        self._said_from = 0  # the log index from which the status line tells what happened
        self._guide_seen = 0  # the guided game's events looked at for a lesson (``_guide_looks``)
        self._shown_upto = 0  # the log index of the last drawing (what is new is animated)
        # issue 24: the game's record is kept in the browser after every move (the bot's too)
        # with the mode (two players, or the side against a bot), the bot and the start beside it
        self.keeper = GameKeeper(
            self.table, "temples", TemplesGame, resume=self.resume, settings=self.settings_now, choices=self.CHOICES
        )
        # issue 19: a guided first game, each rule explained the moment the engine's log first carries it
        self.guide = Guide(self.keeper, LESSONS, goal=GOAL, deal=guided_deal, allowed=self.allowed_words,
                           describe=lambda m: move_name(self.game, m), player=LEARNER, go_on=self.step,
                           new_game=self.new_game, practice="practice.ipynb", shorter=SHORTER)  # fmt: skip
        # issue 23: the narrow table on a phone, redrawn when the browser crosses the breakpoint
        self.table.on_screen(lambda _screen, _width: self.refresh(self.table.status or None))
        page = app_layout(
            self.table,
            side=[
                w.HTML(HOW_TO_PLAY),
                w.HTML("<b>What happened</b> (every rule explains itself)"),
                self.log_view,
                extras,
            ],
            top=[
                self.mode,
                self.bot_choice,
                self.scenario,
                self.seed_box,
                self.short,
                self.new_button,
                self.guide.start_button,
                self.keeper.forget_button,
            ],
        )
        super().__init__([page])
        self.new_game()

    def _settings(self, seed: int, mode: str, bot: str, scenario: str) -> None:
        """The choices of the top bar: the mode, the bot, the start, the seed, a short game."""
        compact = {"description_width": "initial"}
        self.mode = w.Dropdown(
            options=list(self.MODES), value=mode, description="Mode", style=compact, layout=w.Layout(width="245px")
        )
        self.bot_choice = w.Dropdown(
            options=[("rule of thumb", "thumb"), ("random", "random")],
            value=bot,
            description="Bot",
            style=compact,
            layout=w.Layout(width="150px"),
        )
        self.scenario = w.Dropdown(
            options=list(SCENARIOS), value=scenario, description="Start", style=compact, layout=w.Layout(width="300px")
        )
        self.short = w.Checkbox(
            value=False, description="Short game: one temple wins", indent=False, layout=w.Layout(width="215px")
        )
        self.seed_box = w.BoundedIntText(
            value=seed, min=0, max=10**9, description="Seed", style=compact, layout=w.Layout(width="120px")
        )

    # -- state ------------------------------------------------------------------------
    @property
    def human(self) -> str | None:
        return self.MODES[self.mode.value]

    def viewer(self) -> str:
        """Whose view is drawn: the human's, or (two players) the side to move."""
        if self.human is not None:
            return self.human
        to = self.game.to_players()
        return to[0] if to else self.game.turn

    def new_game(self) -> None:
        sc = SCENARIOS[self.scenario.value]
        setup: dict[str, Any] = {"seed": int(self.seed_box.value)}
        opts = dict(sc.get("options", {}))
        if self.short.value:
            opts["temples_to_win"] = 1
        if opts:
            setup["options"] = opts
        if "position" in sc:
            setup["position"] = sc["position"]
        self._start({"format": "daynight-record", "version": 1, "game": "temples", "setup": setup, "moves": []})

    def _start(self, record: dict[str, Any]) -> None:
        self.game = _replay(record)
        self.x_card = None
        self._shown_upto = self._said_from = len(self.game.log)
        self._bot_turns()
        self.guide.moved(self.game)  # keeps it (a new game also ends the guided one)
        first = "Day begins." if not self.game.history else "The position is set up; the bot has played."
        self.refresh(f"{self.game.title}: {first}")

    def settings_now(self) -> dict[str, str]:
        """The settings kept beside the game: the mode ("day", "night": against a bot; "two":
        two players at one screen), the bot and the start position."""
        mode = self.human or "two"
        return {"mode": mode, "bot": self.bot_choice.value, "start": self.scenario.value}

    def resume(self, game: Game, settings: dict[str, Any] | None = None) -> None:
        """Show ``game``, continued from the record the browser kept, with the ``settings`` kept
        beside it (the mode, the bot, the start). The app keeps a game only after the bot has
        answered, so the side to move is the learner's (or, two players at one screen, the side
        whose view was drawn): the table is drawn from that side's view, hidden cards hidden as
        before. A value kept without a mode: against a bot, the learner plays the side to move."""
        assert isinstance(game, TemplesGame)
        settings = settings or {}
        if self.guide.active:  # the guided game: the learner is Day, against the rule-of-thumb Night
            settings = {"mode": LEARNER, "bot": "thumb", "start": "A new game"}
        if "mode" in settings:
            side = None if settings["mode"] == "two" else settings["mode"]
            self.mode.value = next(name for name, s in self.MODES.items() if s == side)
        else:
            to = game.to_players()
            if self.human is not None and to and to[0] != self.human:
                self.mode.value = next(name for name, side in self.MODES.items() if side == to[0])
        self.bot_choice.value = settings.get("bot", self.bot_choice.value)
        self.scenario.value = settings.get("start", self.scenario.value)
        self.short.value = game.options.temples_to_win == 1
        self.seed_box.value = game.seed  # "New game" deals from the same seed, as on the page it came from
        self.game = game
        self.x_card = None
        self._shown_upto = self._said_from = len(game.log)
        self._guide_seen = 0
        self.refresh()

    def load_record_text(self) -> None:
        def act() -> None:
            record = parse_record(self.record_text.value or "", "the pasted record")
            self._start(record)
            self.table.ok(f"Record loaded: {len(self.game.history)} moves replayed.")

        guarded(self.table, act)

    def undo(self) -> None:
        """Rebuild the game without the last move of the human (of anyone, for two players),
        and without the bot's moves after it. The books were shuffled from the seed, so the
        replay is exact."""
        hist = self.game.history
        mine = [i for i, m in enumerate(hist) if self.human is None or m.who == self.human]
        if not mine:
            raise IllegalMoveError("there is no move of yours to take back", rule="undo")
        game = _replay(self.game.to_record(), upto=mine[-1])
        if self.keeper.game is self.game:  # the same game, shorter: kept as such (back at no move: forgotten)
            self.keeper.game = game
        self.game = game
        self.x_card = None
        self._shown_upto = len(self.game.log)
        self.keeper.moved(self.game)
        self.refresh(f"Took back {len(hist) - mine[-1]} move(s).")

    def show_record(self) -> None:
        self.record_text.value = self.game.to_json(indent=None)

    def _bot_turns(self) -> None:
        human = self.human
        if human is None:
            return
        bot = BOTS[self.bot_choice.value]
        guard = 0
        while not self.game.is_over() and self.game.to_players()[0] != human and guard < 2000:
            side = self.game.to_players()[0]
            self.game.play(bot(self.game.view(side), self.game.legal_moves(), self.rng))
            guard += 1

    # -- clicks: each target carries the engine's move; the engine decides ---------------
    def play(self, move: Any) -> None:
        """Play ``move`` (the engine checks it: a refusal names its rule), let the bot answer, redraw."""
        self._said_from = len(self.game.log)
        self.game.play(move)
        self.x_card = None
        self.step()

    def step(self) -> None:
        """After a move (and when the guided game goes on after a note): the bot answers, the
        game is kept at the learner's turn before the table shows it, the table is redrawn. In
        the guided game the bot plays one move at a time and the guide looks at each (a note
        pauses the game at the move whose event first carries its rule)."""
        if not self.guide.active:
            self._bot_turns()
            self.guide.moved(self.game)
            self._redraw_said()
            return
        game = self.game
        for _guard in range(2000):
            paused = self.guide.moved(game) if self._guide_looks(game) else False
            if paused or game.is_over() or game.to_players()[0] == LEARNER:
                break
            game.play(bot_move(game))
        self._redraw_said()

    def _guide_looks(self, game: TemplesGame) -> bool:
        """Whether the guide has something to say now: the learner's turn, the end, or an event
        not looked at yet that a lesson not shown explains (else the bot plays on unseen, and
        the browser is not sent a kept game after every move of the bot)."""
        if game.is_over() or game.to_players()[0] == LEARNER:
            return True
        new = game.log.since(self._guide_seen)
        self._guide_seen = len(game.log)
        shown = set(self.guide.shown)
        return any(x.name not in shown and x.matches(e) for e in new for x in LESSONS)

    def _redraw_said(self) -> None:
        said = [e.text for e in self.game.log.since(self._said_from)]
        self._said_from = len(self.game.log)
        self.refresh(said[-1] if said else None)

    def allowed_words(self, game: Game) -> str:
        """What the learner may do now and why, and a good move to click (the guided game's
        note before each of the learner's moves): the rule-of-thumb bot's choice for Day."""
        assert isinstance(game, TemplesGame)
        if self.x_card is not None:
            situation = _("{spell} costs X hours: choose X below, or cancel.").format(
                spell=game.cards[self.x_card].name
            )
        else:
            situation = situation_words(game, len(game.hand[LEARNER]))
        name = self._target_of(learner_move(game))
        if name is None:
            return situation
        said = _("{situation} A good move: click “{move}”.").format(situation=situation, move=name)
        return f"{said} {where}" if (where := self._where_on_a_phone(name)) else said

    def _where_on_a_phone(self, name: str) -> str:
        """Where the target ``name`` is on a phone's narrow table when it is not on the first
        screen (a spell card: under the board, which fills the screen), else nothing."""
        if self.table.screen != "narrow":
            return ""
        key = next((t.key for t in self.targets() if t.name == name), None) or ""
        if key.startswith("card-"):
            return _("Your spells are under the board: scroll down to them.")
        if key.startswith("take-"):
            return _("Night's spells are at the foot of the table, under yours: scroll down to them.")
        return ""

    def _target_of(self, move: Any) -> str | None:
        """The name of the target a learner clicks to play ``move`` (an X-cost spell: its card,
        then its X)."""
        targets = self.targets()
        for t in targets:
            if t.move is not None and t.move == move:
                return t.name
        key = tdraw.move_key(move)
        return next((t.name for t in targets if key is not None and t.key == key), None)

    def choose_x(self, card: int) -> None:
        """An X-cost spell: its X is chosen in the toolbar (one button for each X the rules allow)."""
        sp = self.game.cards[card]
        self.x_card = card
        self.guide.moved(self.game)  # the guided game's note says the choice of X
        self.refresh(f"{sp.name} costs X hours: choose X below ({sp.text})")

    def cancel_x(self) -> None:
        self.x_card = None
        self.guide.moved(self.game)
        self.refresh("Choose a spell, a square to travel to, or retreat.")

    # -- drawing ------------------------------------------------------------------------
    def targets(self) -> list[Click]:
        """The clickable targets of the moment, each named in words and carrying its move: the
        legal moves, on the pieces :func:`daynight.temples.draw.move_key` names (or in the
        toolbar), and every other square and card of the hand with the move a click on it asks
        for, so that a wrong click shows the rule that refuses it."""
        g = self.game
        me = self.viewer()
        to = g.to_players()
        out: list[Click] = []
        if to and to[0] == me:
            legal = g.legal_moves(me)
            on_piece = {tdraw.move_key(m): m for m in legal if type(m) is not Cast}
            casts: dict[int, list[Cast]] = {}
            for m in legal:
                if type(m) is Cast:
                    casts.setdefault(m.card, []).append(m)
            out += [self._move_target(on_piece.get(tdraw.square_key(sq)) or g.square_move(me, sq)) for sq in SQUARES]
            out += [self._move_target(m) for m in legal if type(m) is Choose]
            out += self._hand_targets(me, on_piece, casts)
            out += self._toolbar(legal, casts)
        if g.history and not self.guide.active:  # the guided game goes forward only
            out.append(Click("Undo my last move", self.undo, id="undo"))
        return out

    def _move_target(self, move: Any, name: str | None = None, **options: Any) -> Click:
        return Click(
            name or move_name(self.game, move),
            (lambda: self.play(move)),
            key=tdraw.move_key(move),
            move=move,
            **options,
        )

    def _hand_targets(self, me: str, on_piece: dict[str | None, Any], casts: dict[int, list[Cast]]) -> list[Click]:
        """The cards of the hand: the legal move on each (an X-cost spell opens its choice of X),
        or the move a click asks for (refused, with its rule)."""
        g = self.game
        out = []
        seen: dict[str, int] = {}
        for c in g.hand[me]:
            legal = casts[c][0] if c in casts else on_piece.get(f"card-{c}")
            move = legal or g.card_move(me, c)
            name = move_name(g, move)
            seen[name] = seen.get(name, 0) + 1
            if seen[name] > 1:  # two copies of a spell: two targets with two names
                name += f" (copy {seen[name]})"
            if c in casts and g.cards[c].cost == "X":
                out.append(Click(name, (lambda c=c: self.choose_x(c)), key=f"card-{c}"))
            else:
                out.append(self._move_target(move, name))
        return out

    def _toolbar(self, legal: tuple[Any, ...], casts: dict[int, list[Cast]]) -> list[Click]:
        """The choice of X, and the legal moves on no piece: stop a spell, retreat."""
        g = self.game
        out = []
        if self.x_card is not None:
            for m in casts.get(self.x_card, ()):
                out.append(self._move_target(m, f"X = {m.x} ({_hours(m.x or 0)})", id=f"x{m.x}"))
            out.append(Click("Cancel", self.cancel_x, id="cancel"))
        for m in legal:
            if type(m) is Stop:
                out.append(self._move_target(m, id="stop", primary=True))
            elif type(m) is EndTurn:
                out.append(self._move_target(m, id="end", primary=g.phase == "travel" or not g.hand[m.who]))
        return out

    def refresh(self, said: str | None = None) -> None:
        g = self.game
        drawing = tdraw.table(
            g, self.viewer(), since=self._shown_upto, selected=self.x_card, width=self.table.draw_width
        )
        self._shown_upto = len(g.log)
        if said is None:
            said = g.end_reason if g.is_over() else ""
        self.log_view.update(g.log)  # first: a page that sees the new drawing sees its log (DEVELOPING.md)
        self.table.draw(drawing, self.targets(), status=said, kind="info" if g.is_over() else "ok")
        piles = []
        for side in ("day", "night"):
            names = ", ".join(g.cards[c].name for c in reversed(g.discards[side])) or "empty"
            piles.append(
                f"<p><b>{NAME[side]}'s discard pile</b> ({len(g.discards[side])}, newest first): {escape(names)}</p>"
            )
        self.discards_html.value = "".join(piles)


# ---------------------------------------------------------------------------
# Charts (plotly go.Figure; plotly imported lazily)
# ---------------------------------------------------------------------------


def turn_series(game: TemplesGame) -> list[dict[str, Any]]:
    """Replay ``game`` and measure the board at the end of every turn (and at the end)."""
    rows: list[dict[str, Any]] = []

    def measure(g: TemplesGame) -> dict[str, Any]:
        templed = g.templed()
        return {
            "turn": g.turn_no,
            "day_tiles": sum(1 for s in SQUARES if g.tiles[s] == DAY),
            "night_tiles": sum(1 for s in SQUARES if g.tiles[s] == NIGHT),
            "neutral": sum(1 for s in SQUARES if g.tiles[s] == 0),
            "day_largest": largest_region(g.tiles, DAY, templed),
            "night_largest": largest_region(g.tiles, NIGHT, templed),
            "day_temples": g.temples_of("day"),
            "night_temples": g.temples_of("night"),
        }

    last: dict[str, int | None] = {"turn": None}

    def on_move(g: Any, i: int) -> None:
        if g.turn_no != last["turn"] or g.is_over():
            rows.append(measure(g))
            last["turn"] = g.turn_no

    start = _replay(dict(game.to_record(), moves=[]))
    rows.append(measure(start))
    last["turn"] = start.turn_no
    TemplesGame.from_record(game.to_record(), on_move=on_move)
    return rows


def control_figure(game: TemplesGame):
    """Board control over the turns: Day-, Night- and neutral tiles (stacked)."""
    import plotly.graph_objects as go  # lazy: 0.3 s to import (python -X importtime); the app draws first

    rows = turn_series(game)
    x = [r["turn"] for r in rows]
    fig = go.Figure()
    for key, name, colour in (
        ("day_tiles", "Day-tiles", "#e0b000"),
        ("night_tiles", "Night-tiles", "#27306b"),
        ("neutral", "neutral", "#bbbbbb"),
    ):
        fig.add_trace(go.Scatter(x=x, y=[r[key] for r in rows], name=name, stackgroup="one", line=dict(color=colour)))
    fig.update_layout(
        title="Board control over the turns (44 squares)",
        xaxis_title="turn",
        yaxis_title="squares",
        template="plotly_white",
        height=380,
    )
    return fig


def regions_figure(game: TemplesGame):
    """The largest free group of each side by turn, with the temples built marked."""
    import plotly.graph_objects as go  # lazy: 0.3 s to import (python -X importtime); the app draws first

    rows = turn_series(game)
    x = [r["turn"] for r in rows]
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=x, y=[r["day_largest"] for r in rows], name="Day: largest free group", line=dict(color="#e0b000", width=3)
        )
    )
    fig.add_trace(
        go.Scatter(
            x=x,
            y=[r["night_largest"] for r in rows],
            name="Night: largest free group",
            line=dict(color="#27306b", width=3, dash="dash"),
        )
    )
    for side, colour in (("day", "#e0b000"), ("night", "#27306b")):
        prev = 0
        for r in rows:
            if r[f"{side}_temples"] > prev:
                prev = r[f"{side}_temples"]
                fig.add_trace(
                    go.Scatter(
                        x=[r["turn"]],
                        y=[9],
                        mode="markers+text",
                        text=[f"{NAME[side]} temple {prev}"],
                        textposition="top center",
                        marker=dict(symbol="star", size=14, color=colour),
                        showlegend=False,
                    )
                )
    fig.add_hline(y=9, line_dash="dot", annotation_text="nine make a temple", annotation_position="bottom left")
    fig.update_layout(
        title="The largest group of each side (tiles outside temples)",
        xaxis_title="turn",
        yaxis_title="connected tiles",
        template="plotly_white",
        height=400,
        yaxis_range=[0, 11],
    )
    return fig


def bot_results(
    games: int = 20,
    pairings=(("thumb", "random"), ("random", "thumb"), ("thumb", "thumb"), ("random", "random")),
    seed: int = 0,
    options: Options | None = None,
) -> list[dict[str, Any]]:
    """Play ``games`` seeded games per pairing (Day bot, Night bot); one row per game."""
    rows = []
    for day_bot, night_bot in pairings:
        for i in range(games):
            s = seed * 100_000 + i
            g = TemplesGame.new(s, options=options)
            play_bots(g, {"day": day_bot, "night": night_bot}, s)
            rows.append(
                {
                    "pairing": f"Day {day_bot} v Night {night_bot}",
                    "seed": s,
                    "result": g.result,
                    "winner": g.winner or "draw",
                    "turns": g.turn_no,
                }
            )
    return rows


def results_figure(rows: list[dict[str, Any]]):
    """Stacked bars: Day wins, Night wins and draws per pairing."""
    import plotly.graph_objects as go  # lazy: 0.3 s to import (python -X importtime); the app draws first

    pairings = list(dict.fromkeys(r["pairing"] for r in rows))
    fig = go.Figure()
    for outcome, colour in (("day", "#e0b000"), ("night", "#27306b"), ("draw", "#999999")):
        label = {"day": "Day wins", "night": "Night wins", "draw": "draw"}[outcome]
        fig.add_trace(
            go.Bar(
                x=pairings,
                y=[sum(1 for r in rows if r["pairing"] == p and r["winner"] == outcome) for p in pairings],
                name=label,
                marker_color=colour,
            )
        )
    fig.update_layout(
        barmode="stack",
        title="Bot against bot over seeded games",
        yaxis_title="games",
        template="plotly_white",
        height=380,
    )
    return fig
