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
from typing import Any

import ipywidgets as w

from daynight.core import IllegalMoveError, parse_record
from daynight.temples import (BOTS, DAY, NAME, NIGHT, OTHER, SQUARES, Cast, Choose, Discard, EndTurn, Options,
                              PickTemple, Stop, Target, TemplesGame, Travel, largest_region, square_name)
from daynight.temples import draw as tdraw
from daynight.widgets.common import EventLogView, app_layout, button, escape, guarded
from daynight.widgets.table import Table, Target as Click

__all__ = ["TemplesApp", "SCENARIOS", "target_name", "control_figure", "regions_figure", "bot_results",
           "results_figure", "turn_series"]


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
            "turn": "night", "turn_no": 30},
    },
    "Near the end: Night's Mimic can finish her temple": {
        "position": {
            "board": ["......", "......", "...d..", "..##nn", "..##nn", "...nnn", "....nd", "......"],
            "pawns": {"day": "A1", "night": "E7"},
            "hands": {"day": ["D12"], "night": ["N02", "N01"]},
            "turn": "night", "turn_no": 20},
        "options": {"temples_to_win": 1},
    },
}

HOW_TO_PLAY = """
<details class="dn-help"><summary><b>How to play</b> (click to open)</summary>
<p>Day and Night build <b>two temples</b> each of nine tiles of their own colour that border on
each other (not diagonally). Each turn you have <b>12 hours</b>:</p>
<ol>
<li><b>Cast spells</b> first: click a spell card of your hand (its hours are in the top-left
corner), then click its targets on the board: the squares you can choose are ringed with a
dashed blue line.</li>
<li><b>Travel</b>: click a square bordering on your pawn (3 hours; you draw a spell). Not the
same square twice in a turn, never into the impassable centre. Once you travel, no more
spells this turn.</li>
<li><b>Retreat</b> to end your turn; with more than five spells, click the ones to discard.</li>
</ol>
<p>Day's <i>Mystify</i> counters turn a Day-tile into a Day Temple-tile after a few of her turns;
Night's <i>Crystallize</i> counters stop Day changing or crossing a tile until Night's next turn.
Every rule that fires explains itself in the log.</p>
<p>Keyboard: <kbd>Tab</kbd> moves between the squares, cards and buttons; <kbd>Enter</kbd> or
<kbd>Space</kbd> clicks.</p>
</details>
"""

OP_VERB = {"change": "change", "turn_over": "turn over", "place": "place a tile on", "make_own": "make own",
           "mystify": "mystify", "crystallize": "crystallize"}


def _hours(n: int) -> str:
    return f"{n} hour{'s' if n != 1 else ''}"


def target_name(game: TemplesGame, sq: int) -> str:
    """What clicking square ``sq`` asks the engine to do now, in words, with the square
    described: "travel to B1, neutral-tile", "target C3, Day-tile, crystallized" ..."""
    words = tdraw.square_words(game, sq)
    if game.temple_pick is not None:
        return f"pick {words} for the temple"
    p = game.pending
    if p is not None:
        if p.kind == "move":
            return f"move {NAME[p.pawn]} to {words}"
        return f"target {words} ({OP_VERB.get(p.step.op, p.step.op)})"
    return f"travel to {words}"


class TemplesApp(w.VBox):
    """Play the temple duel on the drawn table: against a bot (as Day or Night) or two humans
    at one screen. ``app.table`` is the drawn table (its targets are the squares, the spell
    cards and the toolbar buttons); ``app.game`` the engine."""

    MODES = {"Play Day against a bot": "day", "Play Night against a bot": "night",
             "Two players at one screen": None}

    def __init__(self, seed: int = 1, *, mode: str = "Play Day against a bot", bot: str = "thumb",
                 scenario: str = "A new game"):
        self.rng = random.Random(seed)
        self.table = Table(label="the temple duel")
        compact = {"description_width": "initial"}
        self.mode = w.Dropdown(options=list(self.MODES), value=mode, description="Mode", style=compact,
                               layout=w.Layout(width="245px"))
        self.bot_choice = w.Dropdown(options=[("rule of thumb", "thumb"), ("random", "random")], value=bot,
                                     description="Bot", style=compact, layout=w.Layout(width="150px"))
        self.scenario = w.Dropdown(options=list(SCENARIOS), value=scenario, description="Start", style=compact,
                                   layout=w.Layout(width="300px"))
        self.short = w.Checkbox(value=False, description="Short game: one temple wins", indent=False,
                                layout=w.Layout(width="215px"))
        self.seed_box = w.BoundedIntText(value=seed, min=0, max=10**9, description="Seed", style=compact,
                                         layout=w.Layout(width="120px"))
        self.new_button = button("New game", lambda _: self.new_game())
        self.log_view = EventLogView()
        self.discards_html = w.HTML()
        self.record_text = w.Textarea(placeholder="Paste a temples game record (JSON) here",
                                      layout=w.Layout(width="98%", height="5em"))
        self.load_button = button("Load record", lambda _: self.load_record_text())
        self.save_button = button("Show record", lambda _: self.show_record())
        record = w.VBox([self.record_text, w.HBox([self.load_button, self.save_button])])
        extras = w.Accordion([self.discards_html, record],
                             titles=("Discard piles (both players may look through both)", "Game record"))
        extras.selected_index = None
        self.x_card: int | None = None      # an X-cost spell waiting for its X
        self._shown_upto = 0                 # the log index of the last drawing (what is new is animated)
        page = app_layout(self.table,
                          side=[w.HTML(HOW_TO_PLAY), w.HTML("<b>What happened</b> (every rule explains itself)"),
                                self.log_view, extras],
                          top=[self.mode, self.bot_choice, self.scenario, self.seed_box, self.short,
                               self.new_button])
        super().__init__([page])
        self.new_game()

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

    def _start(self, record: dict) -> None:
        self.game = TemplesGame.from_record(record)
        self.x_card = None
        self._shown_upto = len(self.game.log)
        self._bot_turns()
        first = "Day begins." if not self.game.history else "The position is set up; the bot has played."
        self.refresh(f"{self.game.title}: {first}")

    def load_record_text(self) -> None:
        def act():
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
        self.game = TemplesGame.from_record(self.game.to_record(), upto=mine[-1])
        self.x_card = None
        self._shown_upto = len(self.game.log)
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

    # -- clicks -----------------------------------------------------------------------
    def _mine(self) -> str:
        """The side that may act now from this screen (or the reason it may not)."""
        g = self.game
        if g.is_over():
            raise IllegalMoveError(f"the game is over ({g.end_reason}); start a new one", rule="end of the game")
        who = g.to_players()[0]
        if self.human is not None and who != self.human:
            raise IllegalMoveError(f"it is {NAME[who]}'s turn (the bot's)", rule="2.1 Phases of a turn")
        return who

    def play(self, move) -> None:
        """Play ``move`` (the engine checks it), let the bot answer, redraw."""
        start = len(self.game.log)
        self.game.play(move)
        self.x_card = None
        self._bot_turns()
        said = [e.text for e in self.game.log.since(start)]
        self.refresh(said[-1] if said else None)

    def click_square(self, sq: int) -> None:
        g = self.game
        who = self._mine()
        if g.temple_pick is not None:
            self.play(PickTemple(who, sq))
        elif g.pending is not None:
            self.play(Target(who, sq))
        else:
            self.play(Travel(who, sq))

    def click_card(self, card: int) -> None:
        g = self.game
        who = self._mine()
        if g.phase == "retreat":
            self.play(Discard(who, card))
            return
        sp = g.cards[card]
        if sp.cost == "X" and g.pending is None and g.temple_pick is None:
            reason = g.why_illegal(Cast(who, card, sp.x_values()[0]))
            if reason and "hours" not in reason:
                raise IllegalMoveError(reason, rule="2.1 Spell Casting")
            self.x_card = card
            self.refresh(f"{sp.name} costs X hours: choose X below ({sp.text})")
            return
        self.play(Cast(who, card, None))

    def cast_x(self, x: int) -> None:
        card, self.x_card = self.x_card, None
        self.play(Cast(self._mine(), card, x))

    def cancel_x(self) -> None:
        self.x_card = None
        self.refresh("Choose a spell, a square to travel to, or retreat.")

    # -- drawing ------------------------------------------------------------------------
    def targets(self) -> list[Click]:
        """The clickable targets of the moment, each named in words."""
        g = self.game
        out: list[Click] = []
        me = self.viewer()
        acting = g.to_players()[0] if g.to_players() else None
        if acting is not None and acting == me:
            for sq in SQUARES:
                out.append(Click(target_name(g, sq), (lambda s=sq: self.click_square(s)),
                                 key=f"sq-{square_name(sq)}"))
            p = g.pending
            if p is not None and p.kind == "choose":
                for c in sorted(set(g.hand[OTHER[p.caster]])):
                    out.append(Click(f"take {g.cards[c].name} from {NAME[OTHER[p.caster]]}'s hand",
                                     (lambda c=c: self.play(Choose(me, c))), key=f"take-{c}"))
            retreat = g.phase == "retreat"
            seen: dict[str, int] = {}
            for c in g.hand[me]:
                sp = g.cards[c]
                verb = (f"discard {sp.name}" if retreat else
                        f"cast {sp.name}, {'X hours' if sp.cost == 'X' else _hours(sp.cost)}")
                seen[verb] = seen.get(verb, 0) + 1
                if seen[verb] > 1:          # two copies of a spell: two buttons with two names
                    verb += f" (copy {seen[verb]})"
                out.append(Click(verb, (lambda c=c: self.click_card(c)), key=f"card-{c}"))
            legal = g.legal_moves()
            if self.x_card is not None:
                sp = g.cards[self.x_card]
                for x in sp.x_values():
                    out.append(Click(f"X = {x} ({_hours(x)})", (lambda x=x: self.cast_x(x)), id=f"x{x}"))
                out.append(Click("Cancel", self.cancel_x, id="cancel"))
            if any(isinstance(m, Stop) for m in legal):
                out.append(Click("Stop moving", lambda: self.play(Stop(me)), id="stop", primary=True))
            if any(isinstance(m, EndTurn) for m in legal):
                out.append(Click("Retreat (end the turn)", lambda: self.play(EndTurn(me)), id="end",
                                 primary=g.phase == "travel" or not g.hand[me]))
        if g.history:
            out.append(Click("Undo my last move", self.undo, id="undo"))
        return out

    def refresh(self, said: str | None = None) -> None:
        g = self.game
        drawing = tdraw.table(g, self.viewer(), since=self._shown_upto, selected=self.x_card)
        self._shown_upto = len(g.log)
        if said is None:
            said = g.end_reason if g.is_over() else ""
        self.table.draw(drawing, self.targets(), status=said, kind="info" if g.is_over() else "ok")
        self.log_view.update(g.log)
        piles = []
        for side in ("day", "night"):
            names = ", ".join(g.cards[c].name for c in reversed(g.discards[side])) or "empty"
            piles.append(f"<p><b>{NAME[side]}'s discard pile</b> ({len(g.discards[side])}, newest first): "
                         f"{escape(names)}</p>")
        self.discards_html.value = "".join(piles)


# ---------------------------------------------------------------------------
# Charts (plotly go.Figure; plotly imported lazily)
# ---------------------------------------------------------------------------


def turn_series(game: TemplesGame) -> list[dict[str, Any]]:
    """Replay ``game`` and measure the board at the end of every turn (and at the end)."""
    rows: list[dict[str, Any]] = []

    def measure(g: TemplesGame) -> dict[str, Any]:
        templed = g._templed()
        return {"turn": g.turn_no,
                "day_tiles": sum(1 for s in SQUARES if g.tiles[s] == DAY),
                "night_tiles": sum(1 for s in SQUARES if g.tiles[s] == NIGHT),
                "neutral": sum(1 for s in SQUARES if g.tiles[s] == 0),
                "day_largest": largest_region(g.tiles, DAY, templed),
                "night_largest": largest_region(g.tiles, NIGHT, templed),
                "day_temples": g.temples_of("day"), "night_temples": g.temples_of("night")}

    last = {"turn": None}

    def on_move(g, i):
        if g.turn_no != last["turn"] or g.is_over():
            rows.append(measure(g))
            last["turn"] = g.turn_no

    start = TemplesGame.from_record(dict(game.to_record(), moves=[]))
    rows.append(measure(start))
    last["turn"] = start.turn_no
    TemplesGame.from_record(game.to_record(), on_move=on_move)
    return rows


def control_figure(game: TemplesGame):
    """Board control over the turns: Day-, Night- and neutral tiles (stacked)."""
    import plotly.graph_objects as go

    rows = turn_series(game)
    x = [r["turn"] for r in rows]
    fig = go.Figure()
    for key, name, colour in (("day_tiles", "Day-tiles", "#e0b000"), ("night_tiles", "Night-tiles", "#27306b"),
                              ("neutral", "neutral", "#bbbbbb")):
        fig.add_trace(go.Scatter(x=x, y=[r[key] for r in rows], name=name, stackgroup="one",
                                 line=dict(color=colour)))
    fig.update_layout(title="Board control over the turns (44 squares)", xaxis_title="turn",
                      yaxis_title="squares", template="plotly_white", height=380)
    return fig


def regions_figure(game: TemplesGame):
    """The largest free group of each side by turn, with the temples built marked."""
    import plotly.graph_objects as go

    rows = turn_series(game)
    x = [r["turn"] for r in rows]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=x, y=[r["day_largest"] for r in rows], name="Day: largest free group",
                             line=dict(color="#e0b000", width=3)))
    fig.add_trace(go.Scatter(x=x, y=[r["night_largest"] for r in rows], name="Night: largest free group",
                             line=dict(color="#27306b", width=3, dash="dash")))
    for side, colour in (("day", "#e0b000"), ("night", "#27306b")):
        prev = 0
        for r in rows:
            if r[f"{side}_temples"] > prev:
                prev = r[f"{side}_temples"]
                fig.add_trace(go.Scatter(x=[r["turn"]], y=[9], mode="markers+text", text=[f"{NAME[side]} temple {prev}"],
                                         textposition="top center", marker=dict(symbol="star", size=14, color=colour),
                                         showlegend=False))
    fig.add_hline(y=9, line_dash="dot", annotation_text="nine make a temple", annotation_position="bottom left")
    fig.update_layout(title="The largest group of each side (tiles outside temples)", xaxis_title="turn",
                      yaxis_title="connected tiles", template="plotly_white", height=400,
                      yaxis_range=[0, 11])
    return fig


def bot_results(games: int = 20, pairings=(("thumb", "random"), ("random", "thumb"), ("thumb", "thumb"),
                                           ("random", "random")), seed: int = 0,
                options: Options | None = None) -> list[dict[str, Any]]:
    """Play ``games`` seeded games per pairing (Day bot, Night bot); one row per game."""
    from daynight.temples import play_bots

    rows = []
    for day_bot, night_bot in pairings:
        for i in range(games):
            s = seed * 100_000 + i
            g = TemplesGame.new(s, options=options)
            play_bots(g, {"day": day_bot, "night": night_bot}, s)
            rows.append({"pairing": f"Day {day_bot} v Night {night_bot}", "seed": s, "result": g.result,
                         "winner": g.winner or "draw", "turns": g.turn_no})
    return rows


def results_figure(rows: list[dict[str, Any]]):
    """Stacked bars: Day wins, Night wins and draws per pairing."""
    import plotly.graph_objects as go

    pairings = list(dict.fromkeys(r["pairing"] for r in rows))
    fig = go.Figure()
    for outcome, colour in (("day", "#e0b000"), ("night", "#27306b"), ("draw", "#999999")):
        label = {"day": "Day wins", "night": "Night wins", "draw": "draw"}[outcome]
        fig.add_trace(go.Bar(x=pairings, y=[sum(1 for r in rows if r["pairing"] == p and r["winner"] == outcome)
                                            for p in pairings], name=label, marker_color=colour))
    fig.update_layout(barmode="stack", title="Bot against bot over seeded games", yaxis_title="games",
                      template="plotly_white", height=380)
    return fig
