"""Sonne und Mond against bots, and the plotly charts of ``daynight.sunmoon``.

* :class:`SunMoonApp` -- the play app: the table drawn as the game (``daynight.sunmoon.draw``)
  in the one table widget (:class:`daynight.widgets.table.Table`). Click a card of your hand to
  pick it up: the ends of every row of its kind (and the places it could restore or cover)
  become targets, those where it fits marked "fits"; click one to play it. Harvest,
  self-destruct and a hint are the toolbar's buttons. The engine decides every click; a
  refused one shows the rule in the table's status line, and the explained log runs beside.
* :func:`score_breakdown_figure` -- the final (or current) score of each player broken down
  into harvested cards, cards left in own rows and cards left in hand.
* :func:`row_lengths_figure` -- how many cards lie in each player's rows, move by move.
* :func:`bot_results_figure` -- bot against bot over seeded games (win share and scores).

plotly is imported only when a chart is drawn, so the app's first control appears fast.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

import ipywidgets as w

from daynight.core import IllegalMoveError
from daynight.sunmoon import (BOTS, KINDS, Cover, Harvest, MonteCarloBot, Options, Place, Restore,
                              RuleOfThumbBot, SelfDestruct, SunMoon)

from .common import EventLogView, app_layout, button
from .table import Table, Target

__all__ = ["SunMoonApp", "score_breakdown_figure", "row_lengths_figure", "row_lengths",
           "bot_results_figure", "bot_summary", "BOT_NAMES", "HOW_TO_PLAY"]

BOT_NAMES = ["Ada", "Bo", "Cy"]
HUMAN = "You"

#: the rule options, as the app offers them: (label, [(choice, value)])
OPTION_LABELS: dict[str, tuple[str, list[tuple[str, Any]]]] = {
    "empty_hand_at_end": ("Nothing to do at the end", [("self-destruct", "self_destruct"), ("pass", "pass")]),
    "harvest_takes": ("A harvest takes", [("the run of 5+ (rest stays)", "run"), ("the whole row", "row")]),
    "restore_order": ("Eclipses side by side", [("restore outermost first", "outermost"),
                                                ("restore in any order", "any")]),
    "eclipse_on_eclipse": ("Eclipse on an eclipse", [("not allowed", False), ("allowed", True)]),
    "eclipse_on_lone_card": ("Eclipse on a lone card", [("allowed", True), ("not allowed", False)]),
    "animal_without_follow_up": ("Animal, nothing fits", [("the turn ends", "skip"),
                                                          ("self-destruct", "self_destruct")]),
    "final_round": ("Pile used up", [("one more turn each", True), ("the game ends at once", False)]),
    "draw_in_final_round": ("Drawing in the final round", [("no more drawing", False), ("still draw", True)]),
    "tie_break": ("Equal totals", [("share the win", "shared"), ("more harvested wins", "most_harvested")]),
}

HOW_TO_PLAY = """
<details class="sm-help" open><summary><b>How to play</b></summary>
<ul style="margin:0.3em 0;padding-left:1.2em">
<li><b>Click a card</b> in your hand. Places where it fits say <b>fits</b>; click one.</li>
<li>Rows go up from left to right and grow only at their <b>ends</b>. You may play into
<b>anybody's</b> row; a card where there is no row starts one.</li>
<li>A card with an <b>animal</b>: play another card at once.</li>
<li>An <b>eclipse</b> lies on a card and cuts the row. A number that fits between the cards beside
it <b>restores</b> the place.</li>
<li><b>Harvest</b> your row with 5 or more cards side by side: +1 point each. It takes your turn.</li>
<li>No card fits anywhere? Then <b>self-destruct</b>: your hand and your rows are thrown away.</li>
<li>At the end every sun or moon card left in your rows or hand costs 1 point.</li>
</ul></details>
"""


_SLIM = {"style": {"description_width": "initial"}, "layout": {"width": "auto"}}


#: the drawn table leaves room above it for the page's title and the bar of settings, and below
#: it for the toolbar and the status line, so that all of it fits a 1280x800 window
STYLE = "<style>.sm-app .dn-table { --dn-table-max-height: calc(100vh - 300px); }</style>"


def _make_bot(kind: str):
    if kind == "Monte Carlo":
        return MonteCarloBot(rollouts=10, width=4)   # a turn answers well within a second
    return BOTS[kind]()


class SunMoonApp:
    """Play Sonne und Mond against 1-3 bots.

    ``SunMoonApp(players=3, opponents="rule of thumb", seed=1)``; ``app.widget`` is the page
    (the app also displays itself), ``app.table`` the drawn table. You sit in seat 1 and start
    (the play report: the youngest player starts). With four players you play in a team with
    Bo against Ada and Cy (``scoring="individual"`` for everyone alone).
    """

    def __init__(self, players: int = 3, opponents: str = "rule of thumb", seed: int = 1, *,
                 scoring: str = "teams"):
        self.players_in = w.Dropdown(options=[("2 players", 2), ("3 players", 3), ("4 players", 4)],
                                     value=players, description="Players", **_SLIM)
        self.opponents_in = w.Dropdown(options=list(BOTS), value=opponents, description="Opponents", **_SLIM)
        self.scoring_in = w.Dropdown(options=[("teams", "teams"), ("everyone alone", "individual")],
                                     value=scoring, description="With 4 players", **_SLIM)
        self.seed_in = w.Dropdown(options=[(f"deal {i}", i) for i in range(1, 31)], value=seed,
                                  description="Deal", **_SLIM)
        self.new_button = button("New game", lambda _: self.new_game(), tooltip="Deal a new game")
        defaults = Options()
        self.option_inputs = {
            name: w.Dropdown(options=choices, value=getattr(defaults, name), description=label,
                             style={"description_width": "12em"}, layout=w.Layout(width="100%"))
            for name, (label, choices) in OPTION_LABELS.items()}
        self.options_box = w.VBox([w.HTML("<i>Where the play report is silent these are our choices "
                                          "(the defaults); they apply from the next new game.</i>"),
                                   *self.option_inputs.values()],
                                  layout=w.Layout(display="none", border="1px solid #ccc", padding="4px"))
        self.options_button = button("Rule options", lambda _: self.toggle_options(),
                                     tooltip="Show or hide the rule options (where the play report is silent)")
        self.table = Table(label="Sonne und Mond table")
        self.log_view = EventLogView()
        self.widget = app_layout(
            self.table,
            side=[w.HTML(STYLE, layout=w.Layout(height="0px", overflow="hidden")), w.HTML(HOW_TO_PLAY),
                  self.options_button, self.options_box,
                  w.HTML("<b>What happened</b> (every rule explains itself)"), self.log_view],
            top=[self.players_in, self.opponents_in, self.scoring_in, self.seed_in, self.new_button])
        self.widget.add_class("sm-app")
        self.game: SunMoon
        self.bots: list[Any] = []
        self.human = 0
        self.selected = None          # the card picked up from the hand
        self.hint = None              # the move suggested by the hint
        self.fresh: set = set()       # cards laid since your last move (animated)
        self.harvested: set = set()   # players who harvested since your last move
        self.new_game()

    # -- game flow ------------------------------------------------------------------------
    def new_game(self) -> None:
        players = self.players_in.value
        chosen = {name: dd.value for name, dd in self.option_inputs.items()}
        options = Options(scoring=self.scoring_in.value, **chosen)
        seed = self.seed_in.value
        game = SunMoon.new(players, seed, options=options, names=[HUMAN] + BOT_NAMES[: players - 1])
        self._start(game, self.opponents_in.value, seed)
        who = f"{players - 1} {self.opponents_in.value} bot{'s' if players > 2 else ''}"
        team = " You and Bo play against Ada and Cy." if game.team else ""
        self._redraw(f"New game (deal {seed}) against {who}.{team} Your turn: click a card in your hand.")

    def load(self, game: SunMoon, opponents: str | None = None) -> None:
        """Play on from a given game (e.g. a teaching position); you are seat 1."""
        self._start(game, opponents or self.opponents_in.value, 0)
        if game.turn != self.human and not game.is_over():
            self._run_bots()
        self._redraw(self._prompt())

    def _start(self, game: SunMoon, opponents: str, seed: int) -> None:
        self.game = game
        self.bots = [None] + [_make_bot(opponents) for _ in range(game.n - 1)]
        self.rng = random.Random(seed)
        self.selected = self.hint = None
        self.fresh, self.harvested = set(), set()

    def toggle_options(self) -> None:
        shown = self.options_box.layout.display != "none"
        self.options_box.layout.display = "none" if shown else "flex"

    def _mine(self) -> bool:
        return not self.game.is_over() and self.game.turn == self.human

    def _play(self, move) -> None:
        """Play ``move`` (the engine refuses it with its rule, shown by the table), then the bots."""
        g = self.game
        g.play(move)
        self.selected = self.hint = None
        self.fresh, self.harvested = set(), set()
        self._mark(move)
        if self._mine() and g.extra:   # an animal card: play again
            self._redraw(f"{move.card.label.capitalize()} shows an animal: play another card.")
            return
        if not g.is_over():
            self._redraw("The others are playing...")
            self._run_bots(progress=True)
        self._redraw(self._prompt())

    def _mark(self, move) -> None:
        """Remember what ``move`` changed, so the next drawing animates it."""
        g = self.game
        if isinstance(move, Harvest):
            self.harvested.add(move.player)
        elif isinstance(move, Place):
            self.fresh.add(move.card)
        elif isinstance(move, (Cover, Restore)):
            self.fresh.add(g.rows[move.owner][move.row][move.slot][0])

    def _run_bots(self, progress: bool = False) -> None:
        """The bots play until it is your turn; with ``progress`` the table is redrawn before
        each Monte Carlo turn (it thinks for a moment), so the page shows who is thinking."""
        g = self.game
        while not g.is_over() and g.turn != self.human:
            p = g.turn
            if progress and isinstance(self.bots[p], MonteCarloBot):
                self._redraw(f"{g.names[p]} is thinking...")
            move = self.bots[p].choose(g.view(p), g.legal_moves(), self.rng)
            g.play(move)
            self._mark(move)

    def _prompt(self) -> str:
        g = self.game
        if g.is_over():
            return self._result()
        legal = g.legal_moves()
        if legal == (SelfDestruct(self.human),):
            return ("Your turn. No card fits anywhere and nothing can be harvested: you must self-destruct "
                    "(your hand and both your rows go to the discard pile).")
        if any(isinstance(m, Harvest) for m in legal):
            return "Your turn: a row of yours can be harvested, or click a card in your hand."
        return "Your turn: click a card in your hand."

    def _result(self) -> str:
        g = self.game
        table = g.score_table()
        won = g.winners()
        if g.team:
            totals = g.team_totals()
            verdict = "your team wins" if g.team[self.human] in won and len(won) == 1 else \
                "a tie" if len(won) > 1 else "Ada and Cy win"
            return f"Game over: you and Bo {totals[0]:+d}, Ada and Cy {totals[1]:+d}; {verdict}."
        names = " and ".join(g.names[p] for p in won)
        verb = "win" if len(won) > 1 or won == [self.human] else "wins"
        return f"Game over: {names} {verb} with {table[won[0]]['total']:+d}."

    # -- clicks ---------------------------------------------------------------------------
    def pick(self, index: int) -> None:
        """Pick up (or put back) the card at ``index`` of your hand."""
        hand = self.game.hands[self.human]
        c = hand[index]
        self.selected = None if self.selected is c else c
        if self.selected is None:
            self._redraw(f"{c.label.capitalize()} put back: click a card in your hand.")
            return
        fits = self.game.moves_for(c)
        if fits:
            where = f"{len(fits)} place{'s' if len(fits) != 1 else ''}"
            self._redraw(f"{c.label.capitalize()}: it fits in {where}, marked \"fits\". Click one.")
        else:
            what = "no end of a row and no eclipsed place it lies between" if not c.eclipse else \
                "no card it may cover"
            self._redraw(f"{c.label.capitalize()} fits nowhere now: {what}. Choose another card.")

    def harvest(self, kind: str) -> None:
        self._play(Harvest(self.human, self.human, kind))

    def self_destruct(self) -> None:
        self._play(SelfDestruct(self.human))

    def suggest(self) -> None:
        """The rule-of-thumb bot's choice for you, shown on the table."""
        g = self.game
        move = RuleOfThumbBot().choose(g.view(self.human), g.legal_moves(), random.Random(len(g.history)))
        self.hint = move
        self.selected = getattr(move, "card", None)
        self._redraw(f"Hint: {g.describe_move(move)}.")

    # -- the drawing and its targets ---------------------------------------------------------
    def _move_at(self, key: str):
        """The move the selected card makes at the drawn place ``key`` (``"<owner>-<kind>-<where>"``)."""
        c, me = self.selected, self.human
        owner, kind, where = key.split("-")
        o = int(owner)
        row = self.game.rows[o][kind]
        if where in ("left", "start"):
            return Place(me, c, o, kind, 0)
        if where == "right":
            return Place(me, c, o, kind, len(row))
        slot = int(where)
        return (Cover if c.eclipse else Restore)(me, c, o, kind, slot)

    def _targets(self) -> tuple[list[Target], set[str]]:
        g, me = self.game, self.human
        targets: list[Target] = []
        fits: set[str] = set()
        if g.is_over():
            return targets, fits
        if not self._mine():   # the others are playing: your cards say so (and keep the keyboard in the table)
            for i, c in enumerate(g.hands[me]):
                targets.append(Target(f"pick up {c.label}", self._wait, key=f"hand-{i}"))
            targets.append(Target("Hint", self._wait, id="hint"))
            return targets, fits
        for i, c in enumerate(g.hands[me]):
            verb = "put back" if c is self.selected else "pick up"
            targets.append(Target(f"{verb} {c.label}", (lambda i=i: self.pick(i)), key=f"hand-{i}"))
        c = self.selected
        if c is not None:
            legal = set(g.moves_for(c))
            for o in range(g.n):
                row = g.rows[o][c.kind]
                keys = [f"{o}-{c.kind}-{i}" for i in range(len(row))] if c.eclipse else \
                    [f"{o}-{c.kind}-{i}" for i, s in enumerate(row) if s[-1].eclipse]
                if not c.eclipse:
                    keys += [f"{o}-{c.kind}-left", f"{o}-{c.kind}-right"] if row else [f"{o}-{c.kind}-start"]
                for key in keys:
                    move = self._move_at(key)
                    if move in legal:
                        fits.add(key)
                    targets.append(Target(f"play {g.describe_move(move)}", (lambda m=move: self._play(m)), key=key,
                                          primary=move == self.hint))
        for k in KINDS:
            targets.append(Target(f"Harvest my {k} row", (lambda k=k: self.harvest(k)), id=f"harvest-{k}",
                                  primary=Harvest(me, me, k) in g.legal_moves()))
        only = g.legal_moves() == (SelfDestruct(me),)
        targets.append(Target("Self-destruct", self.self_destruct, id="self-destruct", primary=only))
        targets.append(Target("Hint", self.suggest, id="hint"))
        return targets, fits

    def _wait(self) -> None:
        raise IllegalMoveError(f"it is {self.game.names[self.game.turn]}'s turn; yours comes next",
                               rule="turn order")

    def _redraw(self, status: str) -> None:
        from daynight.sunmoon.draw import table

        g = self.game
        targets, fits = self._targets()
        dim = {c for c in g.hands[self.human] if not g.moves_for(c)} if self._mine() else set()
        drawing = table(g, self.human, selected=self.selected, hand_keys=not g.is_over(),
                        slots=self.selected.kind if self.selected is not None and self._mine() else None,
                        fits=fits, fresh=self.fresh, harvested=self.harvested, dim=dim)
        self.table.draw(drawing, targets, status=status, kind="info")
        self.log_view.update(g.log)

    def _ipython_display_(self):  # pragma: no cover - notebook display
        from IPython.display import display

        display(self.widget)


# ---------------------------------------------------------------------------
# Charts (plotly go.Figure, imported lazily)
# ---------------------------------------------------------------------------


def score_breakdown_figure(game: SunMoon, *, title: str | None = None):
    """Stacked bars per player: harvested sun/moon cards (+1 each) above zero, cards left in
    own rows and in hand (-1 each) below; a diamond marks the total."""
    import plotly.graph_objects as go

    table = game.score_table()
    names = [game.names[r["player"]] for r in table]
    fig = go.Figure()
    fig.add_bar(x=names, y=[r["harvested"] for r in table], name="harvested (+1 each)",
                marker_color="#2e7d32", text=[r["harvested"] for r in table], textposition="inside")
    fig.add_bar(x=names, y=[-r["in_rows"] for r in table], name="left in own rows (-1 each)",
                marker_color="#ef6c00", text=[-r["in_rows"] or "" for r in table], textposition="inside")
    fig.add_bar(x=names, y=[-r["in_hand"] for r in table], name="left in hand (-1 each)",
                marker_color="#c62828", text=[-r["in_hand"] or "" for r in table], textposition="inside")
    fig.add_scatter(x=names, y=[r["total"] for r in table], mode="markers+text", name="total",
                    marker=dict(symbol="diamond", size=14, color="#111"),
                    text=[f"{r['total']:+d}" for r in table], textposition="middle right")
    fig.update_layout(barmode="relative", template="plotly_white", height=380,
                      title=title or ("Final score" if game.is_over() else "Score so far"),
                      yaxis_title="points", legend=dict(orientation="h", y=-0.15))
    return fig


def row_lengths(game: SunMoon) -> dict[str, list[int]]:
    """Cards lying in each player's sun and moon rows after every move (replayed from the
    record): ``{"move": [0, 1, ...], "<name> sun": [...], "<name> moon": [...]}``."""
    series: dict[str, list[int]] = {"move": []}
    keys = [(p, k, f"{game.names[p]} {k}") for p in range(game.n) for k in KINDS]
    for _, _, key in keys:
        series[key] = []

    def take(g: SunMoon, i: int) -> None:
        series["move"].append(i + 1)
        for p, k, key in keys:
            series[key].append(sum(len(s) for s in g.rows[p][k]))

    start = SunMoon.from_record(game.to_record(), upto=0)
    take(start, -1)
    SunMoon.from_record(game.to_record(), on_move=take)
    return series


def row_lengths_figure(game: SunMoon, *, title: str = "Cards in each row over the game"):
    """Lines per player and kind (sun solid, moon dashed); drops are harvests or self-destructs."""
    import plotly.graph_objects as go

    series = row_lengths(game)
    palette = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a"]
    fig = go.Figure()
    for p in range(game.n):
        for k in KINDS:
            key = f"{game.names[p]} {k}"
            fig.add_scatter(x=series["move"], y=series[key], mode="lines", name=key,
                            line=dict(color=palette[p % 4], dash="solid" if k == "sun" else "dash",
                                      shape="hv"))
    fig.update_layout(template="plotly_white", height=400, title=title, xaxis_title="move",
                      yaxis_title="cards in the row (stacks included)")
    return fig


def bot_summary(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per bot: games, wins (shared wins count), win share, mean and spread of scores."""
    out = []
    for bot in dict.fromkeys(r["bot"] for r in rows):
        mine = [r for r in rows if r["bot"] == bot]
        scores = [r["score"] for r in mine]
        mean = sum(scores) / len(scores)
        out.append({"bot": bot, "games": len(mine), "wins": sum(r["won"] for r in mine),
                    "win_share": sum(r["won"] for r in mine) / len(mine), "mean_score": mean,
                    "min": min(scores), "max": max(scores)})
    return out


def bot_results_figure(rows: Sequence[dict[str, Any]], *, title: str = "Bot against bot"):
    """Left: share of games won per bot; right: the distribution of final scores."""
    from plotly.subplots import make_subplots

    summary = bot_summary(rows)
    fig = make_subplots(rows=1, cols=2, subplot_titles=("games won (ties count for each)", "final scores"))
    fig.add_bar(x=[s["bot"] for s in summary], y=[100 * s["win_share"] for s in summary],
                text=[f"{s['wins']}/{s['games']}" for s in summary], textposition="outside",
                marker_color="#1565c0", name="won %", row=1, col=1)
    for s in summary:
        fig.add_box(y=[r["score"] for r in rows if r["bot"] == s["bot"]], name=s["bot"], boxmean=True,
                    row=1, col=2)
    fig.update_yaxes(title_text="% of games won", row=1, col=1)
    fig.update_yaxes(title_text="points", row=1, col=2)
    fig.update_layout(template="plotly_white", height=420, title=title, showlegend=False)
    return fig
