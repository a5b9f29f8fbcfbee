"""Sonne und Mond against bots, and the plotly charts of ``daynight.sunmoon``.

* :class:`SunMoonApp` -- the play app: your hand as cards, every row of every player, the
  places where the selected card may go highlighted (the others disabled), harvest and
  self-destruct buttons enabled only when the rules allow them (with the engine's reason
  shown when not), a suggestion from the rule-of-thumb bot, the scores and the explained log.
  The engine decides everything; the app never re-implements a rule.
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

from daynight.sunmoon import (BOTS, KINDS, Cover, Harvest, MonteCarloBot, Options, Place, Restore,
                              RuleOfThumbBot, SelfDestruct, SunMoon)

from .common import EventLogView, Status, button, escape, guarded, style_widget

__all__ = ["SunMoonApp", "score_breakdown_figure", "row_lengths_figure", "row_lengths",
           "bot_results_figure", "bot_summary", "card_colours", "BOT_NAMES"]

BOT_NAMES = ["Ada", "Bo", "Cy"]

#: the rule options where the seed is silent, as the app offers them: (label, [(choice, value)])
OPTION_LABELS: dict[str, tuple[str, list[tuple[str, Any]]]] = {
    "harvest_takes": ("A harvest takes", [("the run of 5+ (rest stays)", "run"), ("the whole row", "row")]),
    "restore_order": ("Eclipses side by side", [("restore outermost first", "outermost"),
                                                ("restore in any order", "any")]),
    "eclipse_on_eclipse": ("Eclipse on an eclipse", [("not allowed", False), ("allowed", True)]),
    "eclipse_on_lone_card": ("Eclipse on a lone card", [("allowed", True), ("not allowed", False)]),
    "animal_without_follow_up": ("Animal, nothing fits", [("the turn ends", "skip"),
                                                          ("self-destruct", "self_destruct")]),
    "final_round": ("Pile used up", [("one more turn each", True), ("the game ends at once", False)]),
    "empty_hand_at_end": ("No cards at the end", [("pass", "pass"), ("self-destruct", "self_destruct")]),
    "tie_break": ("Equal totals", [("share the win", "shared"), ("more harvested wins", "most_harvested")]),
}
HUMAN = "You"

_COLOURS = {
    "sun": ("#ffd54f", "#3e2a00"),       # gold card, dark text
    "moon": ("#9fb4e0", "#0d1b3d"),      # blue-grey card, dark text
    "solar eclipse": ("#5b4a1f", "#ffffff"),
    "lunar eclipse": ("#2b3452", "#ffffff"),
}
_TARGET = ("#2e7d32", "#ffffff")      # a legal place for the selected card
_IDLE = ("#eeeeee", "#444444")


def card_colours(c) -> tuple[str, str]:
    """(background, text) of a card; the kind is always in the label too."""
    if c.eclipse:
        return _COLOURS["solar eclipse" if c.kind == "sun" else "lunar eclipse"]
    return _COLOURS[c.kind]


def _paint(b: w.Button, colours: tuple[str, str], bold: bool = False) -> None:
    b.style.button_color, b.style.text_color = colours
    b.style.font_weight = "bold" if bold else ""


def _make_bot(kind: str):
    if kind == "Monte Carlo":
        return MonteCarloBot(rollouts=16, width=5)
    return BOTS[kind]()


class SunMoonApp:
    """Play Sonne und Mond against 1-3 bots.

    ``SunMoonApp(players=3, opponents="rule of thumb", seed=1)``; ``app.widget`` is the
    ipywidgets tree (the app also displays itself). You sit in seat 1 and start (the seed
    says the youngest player starts).
    """

    def __init__(self, players: int = 3, opponents: str = "rule of thumb", seed: int = 1, *,
                 scoring: str = "individual"):
        self.players_in = w.Dropdown(options=[("2 players", 2), ("3 players", 3), ("4 players", 4)],
                                     value=players, description="Players")
        self.opponents_in = w.Dropdown(options=list(BOTS), value=opponents, description="Opponents")
        self.scoring_in = w.Dropdown(options=[("individual", "individual"), ("teams (4 players)", "teams")],
                                     value=scoring, description="Scoring")
        self.seed_in = w.Dropdown(options=[(f"deal {i}", i) for i in range(1, 31)], value=seed,
                                  description="Deal")
        self.new_button = button("New game", lambda _: self.new_game(), tooltip="Deal a new game")
        defaults = Options()
        self.option_inputs = {
            name: w.Dropdown(options=choices, value=getattr(defaults, name), description=label,
                             style={"description_width": "11em"}, layout=w.Layout(width="26em"))
            for name, (label, choices) in OPTION_LABELS.items()}
        self.options_box = w.VBox([w.HTML("<i>Where the play report is silent these are our choices "
                                          "(the defaults); they apply from the next new game.</i>"),
                                   *self.option_inputs.values()],
                                  layout=w.Layout(display="none", border="1px solid #ccc", padding="4px"))
        self.options_button = button("Rule options", lambda _: self.toggle_options(),
                                     tooltip="Show or hide the rule options where the seed is silent")
        self.status = Status()
        self.header = w.HTML()
        self.scoreboard = w.HTML()
        self.table = w.VBox()
        self.hand_label = w.HTML("<b>Your hand</b>")
        self.hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.harvest_buttons = {k: button(f"Harvest my {k} row", lambda _, k=k: self.harvest(k))
                                for k in KINDS}
        self.destruct_button = button("Self-destruct", lambda _: self.self_destruct(),
                                      tooltip="Hand and both own rows to the discard pile (only when "
                                              "nothing can be played or harvested)")
        self.hint_button = button("Suggest a move", lambda _: self.suggest(),
                                  tooltip="The rule-of-thumb bot's choice for you")
        self.reasons = w.HTML()
        self.recent = w.HTML()
        self.log_view = EventLogView()
        self.chart = w.Output()
        self._boxes: list[w.VBox] = []
        self._names: list[str] = []
        self._hand_buttons: list[w.Button] = []
        self._hand_cards: list[Any] = []
        self._no_cards = w.HTML("<i>(no cards)</i>")
        self.final_figure = None
        self.selected = None          # the card selected in the hand
        self.suggested = None
        self.game: SunMoon
        self.bots: list[Any] = []
        self.human = 0
        self.widget = w.VBox([
            style_widget(),
            w.HBox([self.players_in, self.opponents_in], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.scoring_in, self.seed_in, self.new_button, self.options_button],
                   layout=w.Layout(flex_flow="row wrap")),
            self.options_box,
            self.header, self.status, self.recent, self.scoreboard,
            w.HTML("<b>The rows</b> (lowest number on the left; [E] = eclipse)"),
            self.table,
            self.hand_label, self.hand_box,
            w.HBox([*self.harvest_buttons.values(), self.destruct_button, self.hint_button],
                   layout=w.Layout(flex_flow="row wrap")),
            self.reasons,
            w.HTML("<b>What happened</b> (every rule explains itself)"),
            self.log_view,
            self.chart,
        ])
        self.new_game()

    # -- game flow ------------------------------------------------------------------------
    def new_game(self) -> None:
        players = self.players_in.value
        scoring = self.scoring_in.value
        if scoring == "teams" and players != 4:
            self.status.refuse("team scoring needs 4 players (partners sit opposite); choose 4 players")
            return
        names = [HUMAN] + BOT_NAMES[: players - 1]
        seed = self.seed_in.value
        chosen = {name: dd.value for name, dd in self.option_inputs.items()}
        self.game = SunMoon.new(players, seed, options=Options(scoring=scoring, **chosen), names=names)
        self.bots = [None] + [_make_bot(self.opponents_in.value) for _ in range(players - 1)]
        self.rng = random.Random(seed)
        self.selected = self.suggested = None
        self.final_figure = None
        self.recent.value = ""
        self.chart.clear_output()
        teams = " You and Bo play against Ada and Cy." if scoring == "teams" else ""
        changed = [f"{OPTION_LABELS[k][0].lower()}: {dict((v, t) for t, v in OPTION_LABELS[k][1])[v]}"
                   for k, v in chosen.items() if v != getattr(Options(), k)]
        if changed:
            teams += " Rule options: " + "; ".join(escape(c) for c in changed) + "."
        self.header.value = (f"<p>You play against {players - 1} {escape(self.opponents_in.value)} "
                             f"bot{'s' if players > 2 else ''} (deal {seed}).{teams} Choose a card in your "
                             "hand, then one of the highlighted places.</p>")
        self._prompt()
        self.refresh()

    def load(self, game: SunMoon, opponents: str | None = None) -> None:
        """Play on from a given game (e.g. a teaching position); you are seat 1."""
        self.game = game
        self.bots = [None] + [_make_bot(opponents or self.opponents_in.value) for _ in range(game.n - 1)]
        self.rng = random.Random(0)
        self.selected = self.suggested = None
        self.final_figure = None
        self.chart.clear_output()
        if game.turn != self.human:
            self._after_move()
        else:
            self._prompt()
            self.refresh()

    def toggle_options(self) -> None:
        shown = self.options_box.layout.display != "none"
        self.options_box.layout.display = "none" if shown else "flex"

    def _run_bots(self) -> None:
        g = self.game
        while not g.is_over() and g.turn != self.human:
            p = g.turn
            g.play(self.bots[p].choose(g.view(p), g.legal_moves(), self.rng))

    def _after_move(self) -> None:
        g = self.game
        self.selected = self.suggested = None
        if not g.is_over() and g.turn == self.human and g.extra:
            self.status.show("Your card shows an animal: play another card.")
        else:
            start = len(g.log)
            self._run_bots()
            self._show_recent(g.log.since(start))
            if not g.is_over():
                self._prompt()
        if g.is_over():
            self._show_end()
        self.refresh()

    def _show_recent(self, events) -> None:
        """What the bots did since your move, in the engine's words."""
        shown = [e for e in events if e.what not in ("score",)]
        if not shown:
            self.recent.value = ""
            return
        items = "".join(f"<li>{escape(e.text)}</li>" for e in shown[-12:])
        more = f"<li>... and {len(shown) - 12} earlier events (see the log)</li>" if len(shown) > 12 else ""
        self.recent.value = (f'<div class="dn-recent"><b>Since your move</b><ul style="margin:0.2em 0;">'
                             f"{more}{items}</ul></div>")

    def _prompt(self) -> None:
        g = self.game
        if g.legal_moves() == (SelfDestruct(self.human),):
            self.status.show("Your turn. No card fits anywhere and nothing can be harvested: you must "
                             "self-destruct (hand and both your rows go to the discard pile).")
        elif all(isinstance(m, Harvest) for m in g.legal_moves()):
            self.status.show("Your turn. You have no cards, but a row can be harvested.")
        else:
            self.status.show("Your turn: choose a card from your hand.")

    def _play(self, move) -> None:
        def act():
            self.game.play(move)
        if guarded(self.status, act):
            self._after_move()

    def select(self, c) -> None:
        """Select a hand card: its legal places light up."""
        if self.game.is_over() or self.game.turn != self.human:
            return
        self.selected = None if self.selected is c else c
        self.refresh()  # first the places, then the status (a served app updates in this order)
        if self.selected is not None:
            n = len(self.game.moves_for(c))
            if n:
                self.status.show(f"{c.label}: {n} place{'s' if n != 1 else ''} highlighted in green.")
            else:
                self.status.show(f"{c.label} fits nowhere now: no end of a {c.kind} row "
                                 + ("has a card it can cover." if c.eclipse else
                                    "takes it and no eclipsed place lies between fitting numbers."))
        else:
            self.status.show(f"{c.label} put back: choose a card from your hand.")

    def target(self, owner: int, kind: str, where) -> None:
        """Play the selected card at ``where`` ('left', 'right', 'start' or a place index)."""
        c = self.selected
        if c is None:
            self.status.refuse("choose a card from your hand first")
            return
        move = self._move_for(c, owner, kind, where)
        if move is None:
            self.status.refuse(f"{c.name} cannot go there")
            return
        self._play(move)

    def _move_for(self, c, owner: int, kind: str, where):
        row = self.game.rows[owner][kind]
        for m in self.game.moves_for(c):
            if m.owner != owner or m.row != kind:
                continue
            if isinstance(m, Place):
                if where == "start" and not row:
                    return m
                if where == "left" and row and m.at == 0:
                    return m
                if where == "right" and row and m.at == len(row):
                    return m
            elif isinstance(m, (Cover, Restore)) and where == m.slot:
                return m
        return None

    def harvest(self, kind: str) -> None:
        self._play(Harvest(self.human, self.human, kind))

    def self_destruct(self) -> None:
        self._play(SelfDestruct(self.human))

    def suggest(self) -> None:
        g = self.game
        if g.is_over() or g.turn != self.human:
            return
        move = RuleOfThumbBot().choose(g.view(self.human), g.legal_moves(), random.Random(len(g.history)))
        self.suggested = move
        if hasattr(move, "card"):
            self.selected = move.card
        self.status.show(f"Suggestion: {g.describe_move(move)}.")
        self.refresh()

    def _show_end(self) -> None:
        g = self.game
        table = g.score_table()
        winners = g.winners()
        if g.options.scoring == "teams":
            totals = g.team_totals()
            text = f"Game over. Team You+Bo {totals[0]:+d}, team Ada+Cy {totals[1]:+d}."
        else:
            names = " and ".join(g.names[p] for p in winners)
            verb = "wins" if len(winners) == 1 and names != HUMAN else "win"
            text = f"Game over. {names} {verb} with {table[winners[0]]['total']:+d}."
        self.status.ok(text)
        self.final_figure = score_breakdown_figure(g)
        with self.chart:
            from IPython.display import display

            display(self.final_figure)

    # -- drawing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the engine's state. Widgets are kept and updated in place (a served app
        then sends only the values that changed)."""
        g = self.game
        mine = not g.is_over() and g.turn == self.human
        legal = set(g.moves_for(self.selected)) if (mine and self.selected is not None) else set()
        self.scoreboard.value = self._scoreboard_html()
        if len(self._boxes) != g.n or self._names != g.names:
            self._build_table()
        for p in range(g.n):
            self._titles[p].value = (f"<b>{escape(g.names[p])}</b> &middot; {len(g.hands[p])} in hand")
            for k in KINDS:
                self._update_row(p, k, legal)
        # the hand
        hand = g.hands[self.human]
        while len(self._hand_buttons) < len(hand):
            i = len(self._hand_buttons)
            b = button("card", lambda _, i=i: self._hand_click(i))
            b.add_class("dn-hand")
            self._hand_buttons.append(b)
        self._hand_cards = list(hand)
        for b, c in zip(self._hand_buttons, hand):
            b.description = c.label.capitalize()
            b.tooltip = f"{c.label}: select it to see where it can go"
            _paint(b, card_colours(c), bold=c is self.selected)
            b.layout.border = "3px solid #c62828" if c is self.selected else ""
            b.disabled = not mine
        self.hand_box.children = self._hand_buttons[: len(hand)] or [self._no_cards]
        # harvest and self-destruct: enabled only when legal, the reason shown when not
        reasons = []
        for k, b in self.harvest_buttons.items():
            why = g.reason_illegal(Harvest(self.human, self.human, k)) if mine else "it is not your turn"
            b.disabled = why is not None
            b.button_style = "success" if why is None else ""
            b.tooltip = f"Harvest my {k} row" if why is None else f"Not now: {why}"
            if why is not None and mine:
                reasons.append(f"<li>Harvest {k}: {escape(why)}</li>")
        why = g.reason_illegal(SelfDestruct(self.human)) if mine else "it is not your turn"
        self.destruct_button.disabled = why is not None
        self.destruct_button.button_style = "danger" if why is None else ""
        if why is not None and mine:
            reasons.append(f"<li>Self-destruct: {escape(why)}</li>")
        self.hint_button.disabled = not mine
        self.reasons.value = (f'<ul class="dn-reasons" style="margin:0.2em 0;font-size:0.9em;">{"".join(reasons)}</ul>'
                              if reasons else "")
        self.log_view.update(g.log)

    def _hand_click(self, i: int) -> None:
        if i < len(self._hand_cards):
            self.select(self._hand_cards[i])

    def _scoreboard_html(self) -> str:
        g = self.game
        team = g.options.scoring == "teams"
        rows = []
        for r in g.score_table():
            p = r["player"]
            known = g.is_over() or p == self.human  # other hands are hidden until the end
            marker = " (to move)" if not g.is_over() and g.turn == p else ""
            cells = [escape(g.names[p]) + marker]
            if team:
                cells.append("You+Bo" if p % 2 == 0 else "Ada+Cy")
            cells += [str(len(g.hands[p])), str(r["harvested"]), str(r["in_rows"]),
                      str(r["in_hand"]) if known else "?", f"<b>{r['total']:+d}</b>" if known else "?"]
            rows.append("<tr>" + "".join(f"<td style='padding:0 0.6em'>{c}</td>" for c in cells) + "</tr>")
        head = "<tr>" + "".join(f"<th style='padding:0 0.6em'>{h}</th>" for h in (
            ["player"] + (["team"] if team else []) +
            ["cards in hand", "harvested (+1)", "in own rows (-1)", "sun/moon in hand (-1)", "score"])) + "</tr>"
        pile = (f"<p>Draw pile: {len(g.draw_pile)} cards; discard pile: {len(g.discard)} cards"
                + (f"; final round: {g.final_left} turn{'s' if g.final_left != 1 else ''} left"
                   if g.final_left is not None and not g.is_over() else "") + ".</p>")
        return (f'<table class="dn-scores" style="border-collapse:collapse;">{head}{"".join(rows)}</table>'
                + pile)

    def _build_table(self) -> None:
        g = self.game
        self._names = list(g.names)
        self._boxes, self._titles, self._rows = [], [], {}
        for p in range(g.n):
            title = w.HTML()
            lines = []
            for k in KINDS:
                owner = "your" if p == self.human else f"{g.names[p]}'s"
                parts = {
                    "label": w.HTML(f'<span style="display:inline-block;width:7em;">{escape(g.names[p])} '
                                    f'&middot; {k}</span>'),
                    "start": self._end_button(f"Start {owner} {k} row", p, k, "start"),
                    "left": self._end_button(f"◀ {owner} {k} row", p, k, "left"),
                    "right": self._end_button(f"{owner[0].upper()}{owner[1:]} {k} row ▶", p, k, "right"),
                    "places": [],
                    "box": w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center")),
                }
                self._rows[p, k] = parts
                lines.append(parts["box"])
            self._titles.append(title)
            self._boxes.append(w.VBox([title, *lines],
                                      layout=w.Layout(border="1px solid #ccc", padding="2px 6px", margin="2px 0")))
        self.table.children = self._boxes

    def _end_button(self, text: str, p: int, kind: str, where: str) -> w.Button:
        b = button(text, lambda _: self.target(p, kind, where))
        b.layout.width = "auto"
        b.add_class("dn-target")
        return b

    def _update_row(self, p: int, kind: str, legal: set) -> None:
        g = self.game
        row = g.rows[p][kind]
        parts = self._rows[p, kind]
        targets: dict[Any, Any] = {}
        for m in legal:
            if m.owner == p and m.row == kind:
                if isinstance(m, Place):
                    targets["start" if not row else "left" if m.at == 0 else "right"] = m
                else:
                    targets[m.slot] = m
        for where in ("start", "left", "right"):
            self._light(parts[where], targets.get(where), _IDLE, "")
        places = parts["places"]
        while len(places) < len(row):
            i = len(places)
            b = button("place", lambda _, p=p, kind=kind, i=i: self.target(p, kind, i))
            b.layout.width = "auto"
            b.add_class("dn-place")
            places.append(b)
        for i, stack in enumerate(row):
            top = stack[-1]
            if top.eclipse:
                text = f"{kind} {stack[-2].value} eclipsed"
                help_ = f"{top.name} covers {stack[-2].name}"
            else:
                text = f"{kind} {top.value}" + (" restored" if len(stack) > 1 else "")
                help_ = " on ".join(c.name for c in reversed(stack))
            places[i].description = text
            self._light(places[i], targets.get(i), card_colours(top), help_)
        if row:
            parts["box"].children = [parts["label"], parts["left"], *places[: len(row)], parts["right"]]
        else:
            parts["box"].children = [parts["label"], parts["start"]]

    def _light(self, b: w.Button, move, idle: tuple[str, str], help_: str) -> None:
        """A legal place for the selected card: green, bold and enabled; otherwise disabled."""
        if move is not None:
            _paint(b, _TARGET, bold=True)
            b.tooltip = f"Play here: {self.game.describe_move(move)}" + (f" ({help_})" if help_ else "")
            b.disabled = False
        else:
            _paint(b, idle)
            b.tooltip = help_ or b.description
            b.disabled = True

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
    import plotly.graph_objects as go
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
