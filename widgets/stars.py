"""The play app of Day & Night (the star-collecting card game) and its plotly charts.

* :class:`StarsApp` -- play against bots by clicking cards: your hand as buttons (colour in
  words, value, stars or the time symbol, so they read without colour vision), the time card,
  the revealed card, the table after each reveal with the colour totals, the choosing step
  when it is your turn, the explained event log, a Monte Carlo hint drawn as a chart, and a
  new-game control (number of players, one bot type per seat).
* chart builders (``go.Figure``, fed by pandas frames): :func:`colour_totals_chart`,
  :func:`stars_over_rounds_chart`, :func:`deck_stars_chart`, :func:`bot_results_chart`,
  :func:`hint_chart`; and the frames :func:`rounds_frame`, :func:`deck_frame`,
  :func:`tournament`.

The engine decides everything; a refused click shows the engine's reason. plotly and pandas
are imported only when a chart is drawn, so the app appears fast.
"""

from __future__ import annotations

import random
import secrets
from typing import Any, Sequence

import ipywidgets as w

from daynight.stars import (CHOOSE, COLOURS, PLAY2, Choose, Commit, Deck, HintLine, StarsGame, default_deck,
                            hint, make_bot, play_bots)

from .common import EventLogView, Status, button, escape, guarded, style_widget

__all__ = ["StarsApp", "card_html", "time_html", "table_html", "hint_chart", "colour_totals_chart",
           "stars_over_rounds_chart", "deck_stars_chart", "bot_results_chart", "rounds_frame", "deck_frame",
           "tournament", "option_effects", "option_effects_chart", "CARD_STYLE", "BOT_CHOICES"]

#: background and text colour per card colour (text colour chosen for contrast)
CARD_STYLE = {
    "blue": ("#2f6fd0", "#ffffff"),
    "orange": ("#f4a340", "#1a1a1a"),
    "pink": ("#f29ac4", "#1a1a1a"),
    "purple": ("#7b4fb8", "#ffffff"),
}
#: plotly bar patterns per colour, so the charts read without colour vision as well
PATTERN = {"blue": "", "orange": "/", "pink": ".", "purple": "x"}
BOT_CHOICES = [("Random", "random"), ("Rule of thumb", "rule"), ("Monte Carlo", "montecarlo")]
BOT_LABEL = {v: k for k, v in BOT_CHOICES}
HUMAN = "Player 1 (you)"


def card_text(card) -> str:
    """``orange 7 · 2 stars`` / ``blue 5 · time symbol``: the words say everything."""
    if card.time:
        return f"{card.colour} {card.value} · time symbol"
    return f"{card.colour} {card.value} · {card.stars} star{'s' if card.stars != 1 else ''}"


def card_html(card, *, note: str = "") -> str:
    """A card as a small coloured box whose text carries colour, value and stars in words."""
    if card is None:
        return '<span class="dn-card" style="color:#666">(none)</span>'
    bg, fg = CARD_STYLE.get(card.colour, ("#dddddd", "#000000"))
    mark = "☀☾" if card.time else "★" * card.stars
    return (f'<span class="dn-card" role="img" aria-label="{escape(card_text(card))}" '
            f'style="display:inline-block;padding:2px 8px;margin:1px;border-radius:6px;border:2px solid #333;'
            f'background:{bg};color:{fg};font-weight:600;white-space:nowrap">'
            f'{escape(card_text(card))}{escape(note)} <span aria-hidden="true">{mark}</span></span>')


def time_html(day: bool) -> str:
    """The time card, large, in words and symbol."""
    word, sym, bg, fg, rule = (("DAY", "☀", "#fff3c4", "#6b4a00", "highest colour total wins") if day else
                               ("NIGHT", "☾", "#1f2a4a", "#f1f4ff", "lowest colour total wins"))
    label = f"Time card: {word.lower()} ({'sun' if day else 'moon'} side up); the {rule}"
    return (f'<div role="img" aria-label="{label}" style="display:inline-block;padding:6px 14px;'
            f'border-radius:10px;background:{bg};color:{fg};border:2px solid #333">'
            f'<span aria-hidden="true" style="font-size:2em">{sym}</span> '
            f'<span style="font-size:1.6em;font-weight:700">{word}</span><br>'
            f'<span style="font-size:0.9em">the {rule}</span></div>')


def table_html(game: StarsGame, viewer: int = 0) -> str:
    """The table of the current round as seen by ``viewer``: the revealed card, each player's
    cards (face-down cards only as "face down"), and the colour totals so far."""
    v = game.view(viewer)
    rows = []
    for p in range(game.n):
        cells = [card_html(c) for c in v.played[p]]
        if v.committed[p]:
            if p == viewer and v.my_pending is not None:
                cells.append(card_html(v.my_pending, note=" (face down)"))
            else:
                cells.append('<span class="dn-card">[face down]</span>')
        while len(cells) < 2:
            cells.append('<span style="color:#888">–</span>')
        stars = f"{v.stars[p]} ★ ({len(v.collected[p])} cards)"
        who = escape(game.names[p]) + (" (you)" if p == viewer and "(you)" not in game.names[p] else "")
        rows.append(f"<tr><th scope='row'>{who}</th><td>{cells[0]}</td><td>{cells[1]}</td><td>{stars}</td></tr>")
    totals = game.totals()
    listing = ", ".join(f"{k} {t}" for k, t in totals.items()) or "no cards yet"
    revealed = card_html(v.revealed) if v.revealed is not None else "none (the draw pile is empty)"
    winner = ""
    if game.phase == CHOOSE and game.winning:
        names = ", then ".join(game.names[p] for p in game.choosers)
        winner = (f"<p><b>Winning colour: {escape(game.winning)}</b> ({'day: highest' if game.day else 'night: lowest'}"
                  f" total). Still to choose: {escape(names)}.</p>")
    return (f"<style>.dn-stars-table th, .dn-stars-table td {{ padding: 3px 10px; text-align: left; }}</style>"
            f"<div class='dn-stars-table' role='region' aria-label='table'>"
            f"<p>Round {game.round}{' (last round)' if game.last_round else ''}: revealed card {revealed}; "
            f"draw pile {len(game.pile)} cards.</p>"
            f"<table style='border-collapse:collapse' aria-label='cards played this round'>"
            f"<tr><th scope='col'>player</th><th scope='col'>play 1</th><th scope='col'>play 2</th>"
            f"<th scope='col'>stars collected</th></tr>{''.join(rows)}</table>"
            f"<p>Colour totals on the table (revealed card included): {escape(listing)}.</p>{winner}</div>")


def _round_html(game: StarsGame, info: dict[str, Any]) -> str:
    by = game.deck.by_id
    rev = card_html(by[info["revealed"]]) if info.get("revealed") is not None else "none"
    plays = "; ".join(f"{escape(game.names[p])}: " + " ".join(card_html(by[i]) for i in ids)
                      for p, ids in enumerate(info.get("played", [])))
    totals = ", ".join(f"{k} {t}" for k, t in info.get("totals", {}).items())
    if info.get("winner"):
        result = (f"by {info['time']} the {info['rule']} total wins: <b>{escape(info['winner'])}</b>")
    else:
        result = f"by {info.get('time', '?')} the totals tie: no winning colour"
    taken = "; ".join(f"{escape(game.names[p])} took {card_html(by[i])}" for p, i in info.get("taken", [])) or "nobody took a card"
    return (f"<div role='region' aria-label='previous round'><p><b>Round {info['round']}</b>: revealed {rev}. "
            f"{plays}.</p><p>Totals: {escape(totals)}; {result}. {taken}.</p></div>")


class StarsApp:
    """Play Day & Night against bots. You are the first player ("Player 1 (you)"); ``app.widget``
    is the view.

    ``StarsApp(players=4, bots=("rule", "random", "montecarlo"), seed=7)``.
    """

    def __init__(self, players: int = 4, bots: Sequence[str] = ("rule", "random", "montecarlo"),
                 seed: int | None = None, *, mc_rollouts: int = 200, hint_rollouts: int = 1000):
        self.mc_rollouts = mc_rollouts
        self.hint_rollouts = hint_rollouts
        self.status = Status("Choose the number of players and the bots, then press New game.")
        self.players_choice = w.Dropdown(options=[("3 players", 3), ("4 players", 4), ("5 players", 5)],
                                         value=players, description="Players", layout=w.Layout(width="190px"))
        kinds = list(bots) + ["rule"] * (4 - len(bots))
        self.bot_choices = [w.Dropdown(options=BOT_CHOICES, value=kinds[i], description=f"Bot {i + 1}",
                                       style={"description_width": "initial"}, layout=w.Layout(width="190px"))
                            for i in range(4)]
        self.players_choice.observe(lambda _: self._show_bot_choices(), names="value")
        self.new_button = button("New game", lambda _: guarded(self.status, self.new_game),
                                 tooltip="Start a new game with these players and bots", button_style="primary")
        self.recent_view = w.HTML()
        self.time_view = w.HTML()
        self.table_view = w.HTML()
        self.scores_view = w.HTML()
        self.previous_view = w.HTML()
        self.hand_label = w.HTML()
        self.hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.choose_label = w.HTML()
        self.choose_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.hint_button = button(f"Hint ({hint_rollouts:,} rollouts)", lambda _: guarded(self.status, self.show_hint),
                                  tooltip="Expected stars of each card you may play or take, from random rollouts "
                                          "of deals consistent with what you can see")
        self.hint_text = w.HTML()
        self.hint_out = w.Output()
        self.hint_figure = None
        self.log_view = EventLogView()
        self.rng = random.Random(seed)
        self._show_bot_choices()
        controls = w.HBox([self.players_choice, *self.bot_choices, self.new_button],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.widget = w.VBox([
            style_widget(), controls, self.status, self.recent_view,
            w.HBox([self.time_view, self.scores_view], layout=w.Layout(align_items="center", grid_gap="16px")),
            self.table_view, self.hand_label, self.hand_box, self.choose_label, self.choose_box,
            w.HBox([self.hint_button]), self.hint_text, self.hint_out,
            w.HTML("<h3>Previous round</h3>"), self.previous_view,
            w.HTML("<h3>What happened (every rule explained)</h3>"), self.log_view,
        ])
        self.game: StarsGame | None = None
        self.new_game(seed)

    # -- the game -------------------------------------------------------------------------
    def _show_bot_choices(self) -> None:
        n = self.players_choice.value
        for i, d in enumerate(self.bot_choices):
            d.layout.display = None if i < n - 1 else "none"

    def bots_for(self, n: int) -> list[Any]:
        out: list[Any] = [None]
        for d in self.bot_choices[: n - 1]:
            out.append(make_bot(d.value, **({"rollouts": self.mc_rollouts} if d.value == "montecarlo" else {})))
        return out

    def new_game(self, seed: int | None = None) -> None:
        n = self.players_choice.value
        self.seed = seed if seed is not None else secrets.randbits(32)
        names = [HUMAN] + [f"Bot {i} ({BOT_LABEL[d.value]})" for i, d in enumerate(self.bot_choices[: n - 1], 1)]
        self.game = StarsGame.new(n, self.seed, names=names)
        self.bots = self.bots_for(n)
        self.rng = random.Random(self.seed + 1)
        self.hint_text.value = ""
        self.hint_out.clear_output()
        self.hint_figure = None
        self._advance()
        self._show_recent(0)
        self.status.ok(f"New game: {n} players, seed {self.seed}. {self._prompt()}")
        self.refresh()

    def _advance(self) -> None:
        play_bots(self.game, self.bots, self.rng, stop_for=0)

    def _prompt(self) -> str:
        g = self.game
        if g.is_over():
            return "The game is over."
        if 0 in g.to_players():
            if g.phase == CHOOSE:
                return "Your turn to choose: take one face-up card."
            return f"Play {g.phase + 1}: click a card of your hand to play it face down."
        return "Waiting for the bots."

    def play_card(self, card) -> None:
        """Play ``card`` from your hand face down (refused with the engine's reason if not allowed)."""
        g = self.game
        before = len(g.log)
        g.play(Commit(0, card))
        self._after(before, f"You placed {card_text(card)} face down.")

    def take_card(self, card) -> None:
        """Take the face-up ``card`` (when it is your turn to choose)."""
        g = self.game
        before = len(g.log)
        g.play(Choose(0, card))
        self._after(before, f"You took {card_text(card)}.")

    def _show_recent(self, before: int) -> None:
        """The explained events since your last move (the full log is further down)."""
        events = [e for e in self.game.log.since(before) if e.what != "commit"]
        items = "".join(f"<li>{escape(e.text)} <span class='dn-rule'>[{escape(e.rule)}]</span></li>" for e in events)
        self.recent_view.value = (f"<div role='region' aria-label='since your last move'><b>Since your last move:</b>"
                                  f"<ul style='margin:0.2em 0'>{items}</ul></div>" if items else "")

    def _after(self, before: int, said: str) -> None:
        self._advance()
        self._show_recent(before)
        g = self.game
        self.hint_text.value = ""
        self.hint_out.clear_output()
        self.hint_figure = None
        news = [e.text for e in g.log.since(before) if e.what in ("winner", "no_winner", "take", "end")]
        tail = " ".join(news[-3:])
        self.status.ok(f"{said} {tail} {self._prompt()}".strip())
        self.refresh()

    def show_hint(self) -> list[HintLine]:
        """Expected stars of each of your legal moves from determinized rollouts, as a chart."""
        g = self.game
        if g.is_over():
            self.status.show("No hint: the game is over.")
            return []
        view = g.view(0)
        if not view.my_moves:
            self.status.show("No hint now: it is not your decision (wait for the bots).")
            return []
        lines = hint(view, self.hint_rollouts, random.Random(self.seed * 7 + len(g.history)))
        best = max(lines, key=lambda l: l.expected_stars)
        items = "".join(f"<li>{escape(card_text(l.card))}: {l.expected_stars:.2f} stars expected, "
                        f"wins {100 * l.win_rate:.0f}%</li>" for l in sorted(lines, key=lambda l: -l.expected_stars))
        total = sum(l.rollouts for l in lines)
        self.hint_text.value = (f"<div role='region' aria-label='hint'><p>Hint from {total:,} rollouts "
                                f"(random play from deals consistent with what you see): best is "
                                f"<b>{escape(card_text(best.card))}</b>.</p><ul>{items}</ul></div>")
        self.hint_figure = hint_chart(lines, title=f"Hint: expected final stars per {'card to play' if g.phase != CHOOSE else 'card to take'}")
        self.hint_out.clear_output()
        with self.hint_out:
            from IPython.display import display
            display(self.hint_figure)
        self.status.show(f"Hint: {card_text(best.card)} has the most expected stars ({best.expected_stars:.2f}).")
        return lines

    # -- the view ---------------------------------------------------------------------------
    def refresh(self) -> None:
        g = self.game
        self.time_view.value = time_html(g.day)
        self.table_view.value = table_html(g, 0)
        scores = "".join(f"<li>{escape(g.names[p])}: {g.stars[p]} stars on {len(g.collected[p])} cards, "
                         f"{len(g.hands[p])} in hand</li>" for p in range(g.n))
        over = ""
        if g.is_over():
            names = " and ".join(g.names[p] for p in g.winners)
            over = f"<p role='status'><b>Game over. {'Winners' if len(g.winners) > 1 else 'Winner'}: {escape(names)}.</b></p>"
        self.scores_view.value = f"<div role='region' aria-label='scores'>{over}<ul>{scores}</ul></div>"
        self.previous_view.value = _round_html(g, g.rounds[-1]) if g.rounds else "<p>No round finished yet.</p>"
        view = g.view(0)
        can_play = g.phase <= PLAY2 and view.my_pending is None and not g.is_over()
        self.hand_label.value = ("<h3>Your hand: click a card to play it face down</h3>" if can_play else
                                 "<h3>Your hand</h3>")
        hand = []
        for c in sorted(g.hands[0], key=lambda c: (COLOURS.index(c.colour), c.value)):
            bg, fg = CARD_STYLE[c.colour]
            b = button(card_text(c), tooltip=f"Play {card_text(c)} face down",
                       style={"button_color": bg, "text_color": fg, "font_weight": "bold"},
                       layout=w.Layout(width="auto", border="2px solid #333"))
            b.on_click(lambda _, c=c: guarded(self.status, lambda: self.play_card(c)))
            b.disabled = not can_play
            hand.append(b)
        self.hand_box.children = hand
        choosing = g.phase == CHOOSE and g.choosers and g.choosers[0] == 0
        if choosing:
            self.choose_label.value = (f"<h3>Your turn to choose: {escape(g.winning or '')} won; take one face-up card "
                                       "(stars are victory points)</h3>")
            takes = []
            for c in g.table:
                bg, fg = CARD_STYLE[c.colour]
                b = button(f"Take {card_text(c)}", tooltip=f"Take {card_text(c)}",
                           style={"button_color": bg, "text_color": fg, "font_weight": "bold"},
                           layout=w.Layout(width="auto", border="2px solid #333"))
                b.on_click(lambda _, c=c: guarded(self.status, lambda: self.take_card(c)))
                takes.append(b)
            self.choose_box.children = takes
        else:
            self.choose_label.value = ""
            self.choose_box.children = ()
        self.hint_button.disabled = g.is_over() or not view.my_moves
        self.log_view.update(g.log)

    def hand_buttons(self) -> list[w.Button]:
        return list(self.hand_box.children)

    def take_buttons(self) -> list[w.Button]:
        return list(self.choose_box.children)

    def _ipython_display_(self):  # pragma: no cover - notebook display
        from IPython.display import display
        display(self.widget)


# ---------------------------------------------------------------------------
# Frames and charts
# ---------------------------------------------------------------------------

_BAR = {k: v[0] for k, v in CARD_STYLE.items()}


def rounds_frame(game: StarsGame):
    """One row per finished round and player: time, winning colour, stars after the round."""
    import pandas as pd

    rows = []
    for info in game.rounds:
        for p in range(game.n):
            rows.append({"round": info["round"], "player": game.names[p], "time": info.get("time"),
                         "winner": info.get("winner") or "none (tie)", "stars": info["stars"][p]})
    return pd.DataFrame(rows)


def deck_frame(deck: Deck | None = None):
    """The deck as a table: colour, value, time symbol, stars, provenance."""
    import pandas as pd

    deck = deck or default_deck()
    return pd.DataFrame([{"id": c.id, "colour": c.colour, "value": c.value, "time_symbol": c.time,
                          "stars": c.stars, "provenance": c.provenance} for c in deck.cards])


def colour_totals_chart(game: StarsGame, round_no: int | None = None):
    """The colour totals of one finished round (default: the last), the winning colour
    marked, and the day/night rule in the title."""
    import pandas as pd
    import plotly.graph_objects as go

    if not game.rounds:
        raise ValueError("no round has finished yet")
    info = game.rounds[-1] if round_no is None else next(r for r in game.rounds if r["round"] == round_no)
    df = pd.DataFrame([{"colour": k, "total": t} for k, t in info["totals"].items()])
    day = info["time"] == "day"
    winner = info.get("winner")
    fig = go.Figure()
    fig.add_bar(x=df["colour"], y=df["total"], marker_color=[_BAR[c] for c in df["colour"]],
                marker_pattern_shape=[PATTERN[c] for c in df["colour"]], marker_line_color="#333",
                marker_line_width=[4 if c == winner else 1 for c in df["colour"]],
                text=[f"{t}{' ← wins' if c == winner else ''}" for c, t in zip(df["colour"], df["total"])],
                textposition="outside", name="colour total", showlegend=False)
    rule = "DAY (sun): the highest total wins" if day else "NIGHT (moon): the lowest total wins"
    result = f"winning colour: {winner}" if winner else "the totals tie: no winning colour"
    fig.update_layout(template="plotly_white", height=360,
                      title=f"Round {info['round']} colour totals, revealed card included. {rule}; {result}",
                      xaxis_title="colour", yaxis_title="total of the card values",
                      yaxis_range=[0, max(df["total"]) * 1.25 + 1])
    return fig


def stars_over_rounds_chart(game: StarsGame):
    """Stars collected by each player after each round; the rounds' times as D/N labels."""
    import plotly.graph_objects as go

    df = rounds_frame(game)
    if df.empty:
        raise ValueError("no round has finished yet")
    fig = go.Figure()
    symbols = ["circle", "square", "diamond", "triangle-up", "x"]
    for i, (name, part) in enumerate(df.groupby("player", sort=False)):
        fig.add_scatter(x=part["round"], y=part["stars"], mode="lines+markers", name=name,
                        marker_symbol=symbols[i % len(symbols)], line_dash=["solid", "dash", "dot", "dashdot", "longdash"][i % 5])
    times = df.drop_duplicates("round")
    fig.add_scatter(x=times["round"], y=[-1] * len(times), mode="text", name="time at the end (D day / N night)",
                    text=["D" if t == "day" else "N" for t in times["time"]], textfont=dict(size=12))
    fig.update_layout(template="plotly_white", height=380, title="Stars collected after each round",
                      xaxis_title="round", yaxis_title="stars collected", legend=dict(orientation="h", y=-0.25))
    return fig


def deck_stars_chart(deck: Deck | None = None):
    """The deck's stars by card value (stacked by colour) and the number of time-symbol cards."""
    import plotly.graph_objects as go

    df = deck_frame(deck)
    stars = df.groupby(["value", "colour"], as_index=False)["stars"].sum()
    fig = go.Figure()
    for colour in COLOURS:
        part = stars[stars["colour"] == colour]
        fig.add_bar(x=part["value"], y=part["stars"], name=f"stars on {colour} cards", marker_color=_BAR[colour],
                    marker_pattern_shape=PATTERN[colour], marker_line_color="#333", marker_line_width=1)
    times = df[df["time_symbol"]].groupby("value").size().reindex(range(1, 14), fill_value=0)
    fig.add_scatter(x=list(times.index), y=list(times.values), mode="lines+markers", name="time-symbol cards (count)",
                    line_color="#111", marker_symbol="diamond")
    prov = "reconstructed" if set(df["provenance"]) == {"reconstructed"} else "partly attested"
    fig.update_layout(barmode="stack", template="plotly_white", height=380,
                      title=f"Stars by card value in the deck ({prov} table; extremes carry more stars)",
                      xaxis_title="card value", yaxis_title="stars (all four colours)", xaxis_dtick=1,
                      legend=dict(orientation="h", y=-0.25))
    return fig


def tournament(games: int = 24, players: int = 4, seats: Sequence[str] = ("random", "rule", "montecarlo", "rule"),
               seed: int = 0, mc_rollouts: int = 40):
    """Seeded bot-against-bot games; the seats rotate every game so no bot keeps a seat.
    One row per game and seat: bot, stars, cards, won (a shared win counts)."""
    import pandas as pd

    rows = []
    for i in range(games):
        shift = i % players
        kinds = [seats[(s + shift) % len(seats)] for s in range(players)]
        bots = [make_bot(k, **({"rollouts": mc_rollouts} if k == "montecarlo" else {})) for k in kinds]
        game = StarsGame.new(players, seed + i, explain=False)
        play_bots(game, bots, random.Random(seed * 1000 + i))
        for p, k in enumerate(kinds):
            rows.append({"game": i, "seat": p + 1, "bot": BOT_LABEL[k], "stars": game.stars[p],
                         "cards": len(game.collected[p]), "won": p in game.winners})
    return pd.DataFrame(rows)


def bot_results_chart(df):
    """Mean stars (with the standard error) and win rate per bot type, from :func:`tournament`."""
    from plotly.subplots import make_subplots

    g = df.groupby("bot", sort=False)
    summary = g.agg(stars=("stars", "mean"), sd=("stars", "std"), n=("stars", "size"), won=("won", "mean")).reset_index()
    summary["se"] = summary["sd"] / summary["n"] ** 0.5
    fig = make_subplots(rows=1, cols=2, subplot_titles=("mean stars per game", "share of games won"))
    fig.add_bar(x=summary["bot"], y=summary["stars"], error_y=dict(type="data", array=summary["se"]),
                text=[f"{s:.1f}" for s in summary["stars"]], textposition="outside", name="mean stars",
                marker_color="#2a9d8f", row=1, col=1)
    fig.add_bar(x=summary["bot"], y=summary["won"], text=[f"{100 * v:.0f}%" for v in summary["won"]],
                textposition="outside", name="win rate", marker_color="#e9c46a", marker_pattern_shape="/", row=1, col=2)
    games = df["game"].nunique()
    fig.update_layout(template="plotly_white", height=380, showlegend=False,
                      title=f"Bots against each other: {games} seeded games, seats rotating")
    fig.update_yaxes(rangemode="tozero")
    fig.update_yaxes(range=[0, 1.1], tickformat=".0%", row=1, col=2)
    return fig


def hint_chart(lines: Sequence[HintLine], *, title: str = "Hint: expected final stars per card"):
    """Horizontal bars: each legal card's expected final stars, the best one marked."""
    import plotly.graph_objects as go

    lines = sorted(lines, key=lambda l: l.expected_stars)
    best = lines[-1].expected_stars if lines else 0
    labels = [card_text(l.card) for l in lines]
    fig = go.Figure()
    fig.add_bar(y=labels, x=[l.expected_stars for l in lines], orientation="h",
                marker_color=[_BAR[l.card.colour] for l in lines],
                marker_pattern_shape=[PATTERN[l.card.colour] for l in lines], marker_line_color="#333",
                marker_line_width=[4 if l.expected_stars == best else 1 for l in lines],
                text=[f"{l.expected_stars:.2f}{'  best' if l.expected_stars == best else ''} (wins {100 * l.win_rate:.0f}%)"
                      for l in lines], textposition="outside", name="expected stars")
    n = sum(l.rollouts for l in lines)
    fig.update_layout(template="plotly_white", height=120 + 34 * len(lines), title=f"{title} ({n:,} rollouts)",
                      xaxis_title="expected stars at the end of the game", yaxis_title="",
                      xaxis_range=[0, best * 1.35 + 1], margin=dict(l=200))
    return fig


OPTION_SETTINGS = [
    ("defaults", {}),
    ("absent_colours=zero", {"absent_colours": "zero"}),
    ("short_pile=share", {"short_pile": "share"}),
    ("empty_reveal=from_discard", {"empty_reveal": "from_discard"}),
]


def option_effects(games: int = 60, players: Sequence[int] = (3, 4, 5), seed: int = 0,
                   seats: Sequence[str] = ("rule", "random", "rule", "random", "rule")):
    """What each rule option (where the rules sheet is silent) changes: the same seeded deals
    played by the same bots under each setting, the games spread over the player counts (each
    option matters at some count: the pile runs short with 3 and 5 players, it is empty for
    the last round with 4). One row per setting: rounds per game, share of rounds ending at
    night, share of rounds without a winning colour, stars collected per game (all players)."""
    import pandas as pd

    from daynight.stars import Options

    rows = []
    for label, kw in OPTION_SETTINGS:
        options = Options(**kw)
        rounds = nights = ties = stars = 0
        for i in range(games):
            n = players[i % len(players)]
            game = StarsGame.new(n, seed + i, options=options)
            bots = [make_bot(seats[(p + i) % len(seats)]) for p in range(n)]
            play_bots(game, bots, random.Random(seed * 7919 + i))
            rounds += len(game.rounds)
            nights += sum(r.get("time") == "night" for r in game.rounds)
            ties += sum(r.get("winner") is None for r in game.rounds)
            stars += sum(game.stars)
        rows.append({"setting": label, "rounds per game": rounds / games, "night rounds": nights / rounds,
                     "rounds without a winning colour": ties / rounds, "stars collected per game": stars / games})
    return pd.DataFrame(rows)


def option_effects_chart(df):
    """Grouped bars from :func:`option_effects`: one panel per measure, one bar per setting."""
    from plotly.subplots import make_subplots

    measures = ["rounds per game", "stars collected per game", "night rounds", "rounds without a winning colour"]
    fig = make_subplots(rows=1, cols=4, subplot_titles=measures)
    patterns = ["", "/", ".", "x"]
    for j, m in enumerate(measures, 1):
        pct = m in ("night rounds", "rounds without a winning colour")
        fig.add_bar(x=df["setting"], y=df[m], marker_color="#5b8db8", marker_pattern_shape=patterns[(j - 1) % 4],
                    text=[f"{100 * v:.0f}%" if pct else f"{v:.1f}" for v in df[m]], textposition="outside",
                    showlegend=False, row=1, col=j)
        if pct:
            fig.update_yaxes(tickformat=".0%", range=[0, max(df[m]) * 1.3 + 0.01], row=1, col=j)
        else:
            fig.update_yaxes(range=[0, max(df[m]) * 1.3], row=1, col=j)
    fig.update_xaxes(tickangle=35)
    fig.update_layout(template="plotly_white", height=460,
                      title="What the rule options change (same seeded deals and bots under each setting)")
    return fig
