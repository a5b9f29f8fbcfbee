"""The temple duel in widgets: a play app (``TemplesApp``), a static board picture for the
walkthrough (``board_html``) and plotly chart builders (``control_figure``,
``regions_figure``, ``bot_results`` / ``results_figure``).

The engine decides everything: the app only turns clicks into moves and shows the engine's
prompt, its reason for a refused click and its explained log. Plotly is imported only when a
chart is built, so the app's first control appears fast.
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as w

from daynight.core import IllegalMoveError, parse_record
from daynight.temples import (CENTRE, COLS, DAY, NIGHT, ROWS, SQUARES, BOTS, Cast, Choose, Discard,
                              EndTurn, Options, PickTemple, Stop, Target, TemplesGame, Travel,
                              largest_region, square_name)
from daynight.widgets.common import EventLogView, Status, button, escape, guarded, style_widget

__all__ = ["TemplesApp", "board_html", "card_html", "SCENARIOS", "control_figure", "regions_figure",
           "bot_results", "results_figure", "turn_series"]

NAME = {"day": "Day", "night": "Night"}
DAY_BG, NIGHT_BG, NEUTRAL_BG = "#ffe08a", "#27306b", "#eeeeee"

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

# ---------------------------------------------------------------------------
# Static board picture (walkthrough)
# ---------------------------------------------------------------------------


def _square_words(game: TemplesGame, s: int) -> tuple[str, str]:
    """(short label, full sentence) of a square, in words and letters, not only colour."""
    t = game.tiles[s]
    word = {0: "empty", DAY: "Day", NIGHT: "Night"}[t]
    short = [square_name(s), word]
    full = [f"{square_name(s)}: " + {0: "neutral-tile", DAY: "Day-tile", NIGHT: "Night-tile"}[t]]
    if game.in_temple[s]:
        short.append("T")
        full.append("part of a temple")
    elif game.temple_tile[s]:
        short.append("TT")
        full.append("a Day Temple-tile")
    if game.mystify[s]:
        short.append(f"M{game.mystify[s]}")
        full.append(f"{game.mystify[s]} Mystify-counter(s)")
    if game.crystal[s]:
        short.append("Cr")
        full.append("crystallized")
    for side in ("day", "night"):
        if game.pawn[side] == s:
            short.append(f"({NAME[side]})")
            full.append(f"{NAME[side]} stands here")
    return " ".join(short), ", ".join(full)


def board_html(game: TemplesGame, highlight: Any = (), caption: str = "") -> str:
    """The board as an HTML table: tiles by colour and by letter (D/N), temples (T, TT),
    counters (M3 Mystify, Cr Crystallize), pawns, and ``highlight``ed squares outlined."""
    marks = set(highlight)
    rows = []
    head = "".join(f"<th>{c}</th>" for c in "ABCDEF")
    for r in range(ROWS):
        cells = [f"<th>{r + 1}</th>"]
        for c in range(COLS):
            s = r * COLS + c
            if s in CENTRE:
                cells.append('<td style="background:#777;color:#fff" title="impassable centre">##</td>')
                continue
            t = game.tiles[s]
            bg, fg = {0: (NEUTRAL_BG, "#333"), DAY: (DAY_BG, "#000"), NIGHT: (NIGHT_BG, "#fff")}[t]
            letter = {0: "·", DAY: "D", NIGHT: "N"}[t]
            extra = []
            if game.in_temple[s]:
                extra.append("T")
            elif game.temple_tile[s]:
                extra.append("TT")
            if game.mystify[s]:
                extra.append(f"M{game.mystify[s]}")
            if game.crystal[s]:
                extra.append("Cr")
            pawns = "".join(("☀Day " if game.pawn["day"] == s else "") + ("☾Night" if game.pawn["night"] == s else ""))
            border = "3px solid #d22" if s in marks else ("3px double #000" if game.in_temple[s] else "1px solid #999")
            title = escape(_square_words(game, s)[1])
            cells.append(f'<td title="{title}" style="background:{bg};color:{fg};border:{border};'
                         f'width:4.2em;height:2.6em;text-align:center;font-size:0.8em">'
                         f'<b>{letter}</b> {" ".join(extra)}<br>{pawns}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    return (f'<table style="border-collapse:collapse;font-family:sans-serif" aria-label="board">{cap}'
            f"<tr><th></th>{head}</tr>{''.join(rows)}</table>"
            '<div style="font-size:0.8em;color:#444">D Day-tile, N Night-tile, · neutral, T temple, '
            "TT Day Temple-tile, M<i>n</i> Mystify-counters, Cr crystallized, ## impassable centre.</div>")


def card_html(spell) -> str:
    """A spell as a card: name, type, cost, condition, effect and provenance."""
    text = spell.text
    cond = ""
    if text.startswith("Only when"):
        cond, _, text = text.partition(". ")
        cond += "."
    return (f'<div class="dn-card" style="display:inline-block;vertical-align:top;width:13em;margin:0.2em;'
            f'padding:0.3em;border:1px solid #888;border-radius:6px;background:#fffef6;font-size:0.85em">'
            f"<b>{escape(spell.name)}</b> &middot; {escape(str(spell.cost))} h<br>"
            f"<span style='color:#555'>{escape(spell.type.capitalize())} spell of {NAME[spell.book]}"
            f" ({escape(spell.provenance)})</span><br>"
            + (f"<i>{escape(cond)}</i><br>" if cond else "")
            + f"{escape(text)}</div>")


# ---------------------------------------------------------------------------
# The play app
# ---------------------------------------------------------------------------


class TemplesApp(w.VBox):
    """Play the temple duel by clicking: against a bot (as Day or Night) or two humans."""

    MODES = {"Play Day against a bot": "day", "Play Night against a bot": "night",
             "Two players at one screen": None}

    def __init__(self, seed: int = 1, *, mode: str = "Play Day against a bot", bot: str = "thumb",
                 scenario: str = "A new game"):
        self.rng = random.Random(seed)
        self.mode = w.Dropdown(options=list(self.MODES), value=mode, description="Mode",
                               layout=w.Layout(width="330px"))
        self.bot_choice = w.Dropdown(options=[("rule of thumb", "thumb"), ("random", "random")], value=bot,
                                     description="Bot", layout=w.Layout(width="220px"))
        self.scenario = w.Dropdown(options=list(SCENARIOS), value=scenario, description="Start",
                                   layout=w.Layout(width="520px"))
        self.short = w.Checkbox(value=False, description="Short game: one temple wins", indent=False)
        self.seed_box = w.BoundedIntText(value=seed, min=0, max=10**9, description="Seed",
                                         layout=w.Layout(width="180px"))
        self.new_button = button("New game", lambda _: self.new_game())
        self.status = Status()
        self.info = w.HTML()
        self.squares = [None] * 48
        cells = []
        for s in range(48):
            if s in CENTRE:
                b = w.Button(description="centre", disabled=True, tooltip="the impassable centre",
                             layout=w.Layout(width="150px", height="44px"))
                b.style.button_color = "#777"
            else:
                b = w.Button(layout=w.Layout(width="150px", height="44px"))
                b.on_click(lambda _b, s=s: self.click_square(s))
            self.squares[s] = b
            cells.append(b)
        self.board = w.GridBox(cells, layout=w.Layout(grid_template_columns="repeat(6, 152px)",
                                                      grid_gap="2px"))
        self.hand_label = w.HTML()
        self.hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.cards_html = w.HTML()
        self.x_value = w.Dropdown(options=[2], description="X", layout=w.Layout(width="130px"))
        self.end_button = button("Retreat (end the turn)", lambda _: self._do(lambda: self._play(EndTurn(self.game.turn))))
        self.stop_button = button("Stop moving", lambda _: self._do(lambda: self._play(Stop(self.game.turn))))
        self.other_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.log_view = EventLogView()
        self.discards_html = w.HTML()
        self.record_text = w.Textarea(placeholder="Paste a temples game record (JSON) here",
                                      layout=w.Layout(width="98%", height="5em"))
        self.load_button = button("Load record", lambda _: self.load_record_text())
        self.save_button = button("Show record", lambda _: self.show_record())
        self.undo_button = button("Undo my last move", lambda _: self.undo(),
                                  tooltip="Take back your last move (and the bot's answer to it)")
        super().__init__([
            style_widget(),
            w.HBox([self.mode, self.bot_choice, self.seed_box]),
            w.HBox([self.scenario, self.short, self.new_button]),
            self.status, self.info, self.board,
            self.hand_label, self.hand_box,
            w.HBox([self.x_value, self.end_button, self.stop_button, self.undo_button]),
            self.other_box, self.cards_html,
            w.HTML("<b>What happened</b> (every rule explains itself)"), self.log_view,
            w.Accordion([self.discards_html,
                         w.VBox([self.record_text, w.HBox([self.load_button, self.save_button])])],
                        titles=("Discard piles (both players may look through both)", "Game record")),
        ])
        self.new_game()

    # -- state ------------------------------------------------------------------------
    @property
    def human(self) -> str | None:
        return self.MODES[self.mode.value]

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
        self.status.show(f"{self.game.title}: " + ("Day begins." if not self.game.history else "record loaded."))
        self._bot_turns()
        self.refresh()

    def load_record_text(self) -> None:
        def act():
            record = parse_record(self.record_text.value or "", "the pasted record")
            self._start(record)
            self.status.ok(f"Record loaded: {len(self.game.history)} moves replayed.")
        guarded(self.status, act)

    def undo(self) -> None:
        """Rebuild the game without the last move of the human (of anyone, for two players),
        and without the bot's moves after it. The books were shuffled from the seed, so the
        replay is exact."""
        def act():
            hist = self.game.history
            mine = [i for i, m in enumerate(hist) if self.human is None or m.who == self.human]
            if not mine:
                raise IllegalMoveError("there is no move of yours to take back", rule="undo")
            self.game = TemplesGame.from_record(self.game.to_record(), upto=mine[-1])
            self.status.ok(f"Took back {len(hist) - mine[-1]} move(s).")
        guarded(self.status, act)
        self.refresh()

    def show_record(self) -> None:
        self.record_text.value = self.game.to_json(indent=None)

    def _play(self, move) -> None:
        self.game.play(move)
        self._bot_turns()

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

    def _do(self, action) -> None:
        if guarded(self.status, action):
            self.status.show(self.game.pending_prompt(), "ok" if not self.game.is_over() else "info")
        self.refresh()

    # -- clicks -----------------------------------------------------------------------
    def acting(self) -> str:
        return self.game.to_players()[0] if self.game.to_players() else self.game.turn

    def click_square(self, s: int) -> None:
        g = self.game

        def act():
            if g.is_over():
                raise IllegalMoveError("the game is over; start a new one", rule="end of the game")
            who = self.acting()
            if self.human is not None and who != self.human:
                raise IllegalMoveError(f"it is {NAME[who]}'s turn (the bot's)", rule="2.1 Phases of a turn")
            if g.temple_pick is not None:
                move = PickTemple(who, s)
            elif g.pending is not None:
                move = Target(who, s)
            else:
                move = Travel(who, s)
            self._play(move)
        self._do(act)

    def click_card(self, card: int) -> None:
        g = self.game

        def act():
            who = self.acting()
            if self.human is not None and who != self.human:
                raise IllegalMoveError(f"it is {NAME[who]}'s turn (the bot's)", rule="2.1 Phases of a turn")
            if g.phase == "retreat":
                move = Discard(who, card)
            else:
                sp = g.cards[card]
                x = self.x_value.value if sp.cost == "X" else None
                if sp.cost == "X" and x not in sp.x_values():
                    raise IllegalMoveError(f"choose X for {sp.name} (one of {list(sp.x_values())}) first",
                                           rule="3.1 X")
                move = Cast(who, card, x)
            self._play(move)
        self._do(act)

    def click_other(self, card: int) -> None:
        self._do(lambda: self._play(Choose(self.acting(), card)))

    # -- drawing ------------------------------------------------------------------------
    def refresh(self) -> None:
        g = self.game
        targets = {m.square for m in g.legal_moves() if isinstance(m, (Target, Travel, PickTemple))}
        picked = set(g.temple_pick[2]) if g.temple_pick else set()
        for s in SQUARES:
            b = self.squares[s]
            short, full = _square_words(g, s)
            if s in picked:
                short += " picked"
            b.description = short
            hint = ""
            if s in targets:
                hint = " (you can click it now)"
            b.tooltip = full + hint
            t = g.tiles[s]
            b.style.button_color = {0: NEUTRAL_BG, DAY: DAY_BG, NIGHT: NIGHT_BG}[t]
            b.style.text_color = "#ffffff" if t == NIGHT else "#000000"
            b.style.font_weight = "bold" if (g.in_temple[s] or g.temple_tile[s] or s in targets) else "normal"
            b.layout.border = "3px solid #d22" if s in targets else ("3px double #000" if g.in_temple[s] else "")
        who = self.acting()
        shown = who if self.human is None else self.human
        over = g.is_over()
        temples = f"Temples: Day {g.temples_of('day')}, Night {g.temples_of('night')} (of {g.options.temples_to_win} to win)"
        regions = (f"largest free group: Day {largest_region(g.tiles, DAY, g._templed())}, "
                   f"Night {largest_region(g.tiles, NIGHT, g._templed())}")
        head = (f"<b>{escape(g.end_reason)}</b>" if over else
                f"<b>Turn {g.turn_no}: {NAME[g.turn]}'s turn</b> &middot; <b>{g.hours} hours left</b> &middot; "
                f"phase: {escape(g.phase if g.phase != 'next' else 'retreat')}")
        self.info.value = (f'<div role="region" aria-label="game state">{head}<br>{escape(g.pending_prompt())}<br>'
                           f"{escape(temples)}; {escape(regions)}. Hands: Day {len(g.hand['day'])}, "
                           f"Night {len(g.hand['night'])} spells. Books: Day {len(g.pile['day'])}, "
                           f"Night {len(g.pile['night'])} spells; discards: Day {len(g.discards['day'])}, "
                           f"Night {len(g.discards['night'])}.</div>")
        hand = g.hand[shown]
        self.hand_label.value = (f"<b>{NAME[shown]}'s hand</b> ({len(hand)} spells) &middot; "
                                 + ("click a spell to discard it" if g.phase == "retreat" and who == shown
                                    else "click a spell to cast it, then click its targets on the board"))
        buttons = []
        casting_now = not over and g.pending is None and g.temple_pick is None and g.phase == "cast" and who == shown
        for c in hand:
            sp = g.cards[c]
            reason = None
            if casting_now:
                reason = g.why_illegal(Cast(who, c, sp.x_values()[0]))
            tip = sp.text + (f" -- cannot be cast now: {reason}" if reason else "")
            b = button(f"{sp.name} ({sp.cost}h)", tooltip=tip, layout=w.Layout(width="auto"))
            b.style.button_color = "#dddddd" if (reason or not casting_now) else "#fff3c4"
            b.on_click(lambda _b, c=c: self.click_card(c))
            buttons.append(b)
        self.hand_box.children = buttons
        xs = sorted({x for c in hand for x in g.cards[c].x_values() if x is not None})
        self.x_value.options = xs or [0]
        self.x_value.layout.display = "" if xs else "none"
        self.cards_html.value = "".join(card_html(g.cards[c]) for c in hand)
        pend = g.pending
        if pend is not None and pend.kind == "choose" and (self.human is None or pend.caster == self.human):
            other = g.hand["night" if pend.caster == "day" else "day"]
            ob = [w.HTML(f"<b>{NAME['night' if pend.caster == 'day' else 'day']}'s hand</b>: choose one:")]
            for c in other:
                b = button(f"Take {g.cards[c].name}", tooltip=g.cards[c].text)
                b.on_click(lambda _b, c=c: self.click_other(c))
                ob.append(b)
            self.other_box.children = ob
        else:
            self.other_box.children = []
        self.stop_button.layout.display = "" if any(isinstance(m, Stop) for m in g.legal_moves()) else "none"
        self.end_button.disabled = over
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
