"""The play app of Day & Night (the star-collecting card game) and its plotly charts.

* :class:`StarsApp` -- play against bots on the drawn table (``daynight.stars.draw``): click a
  card of your hand to play it face down, click a face-up card to take it when it is your turn
  to choose; after every round the finished round is shown (what was revealed, played, won,
  taken and dropped) until you press *Next round*; **Hint** writes the expected stars under
  each card you may play (or names the best card to take), from determinized rollouts within a
  time budget, so a click never waits; the explained event log beside the table; a new-game
  bar (number of players, one bot type per seat). The game is kept in the browser after every
  move of yours (with the bots' moves that follow it) and offered again when the page opens
  (:class:`~daynight.widgets.keep.GameKeeper`, issue 24): continued by replaying its record
  through the engine, the bots of its seats read from their names.
* chart builders (``go.Figure``, fed by pandas frames): :func:`colour_totals_chart`,
  :func:`stars_over_rounds_chart`, :func:`deck_stars_chart`, :func:`bot_results_chart`,
  :func:`hint_chart`, :func:`option_effects_chart`; and the frames :func:`rounds_frame`,
  :func:`deck_frame`, :func:`tournament`, :func:`option_effects`.

The engine decides everything: the targets on the drawing are the moves ``legal_moves(0)``
offers, each carrying its move (``Target.move``) and placed by ``daynight.stars.draw.move_key``,
plus the other cards of your hand, so that a click the engine refuses shows its rule in the
table's status line. The how-to-play and the app's style are package data files
(``stars_help.html``, ``stars_app.css``). plotly and pandas are imported only when a chart is
drawn, so the app appears fast (pandas is not in the static site's browser Python at all).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from functools import partial
from importlib import resources
from typing import Any

import ipywidgets as w
from IPython.display import display

from daynight import i18n
from daynight.core import Game, IllegalMoveError
from daynight.stars import (
    CHOOSE,
    COLOURS,
    PLAY2,
    Card,
    Choose,
    Commit,
    Deck,
    HintLine,
    Move,
    Options,
    StarsGame,
    default_deck,
    hint,
    make_bot,
    play_bots,
)
from daynight.stars.draw import COLOUR, move_key, move_name, round_table, table

from .common import EventLogView, app_layout, button, guarded
from .guide import Guide
from .keep import GameKeeper
from .stars_guide import GUIDED_SEED, HUMAN, allowed_words, goal, guided_deal, lessons, shorter
from .table import Table, Target

__all__ = [
    "BOT_CHOICES",
    "HUMAN",
    "StarsApp",
    "bot_results_chart",
    "colour_totals_chart",
    "deck_frame",
    "deck_stars_chart",
    "hint_chart",
    "option_effects",
    "option_effects_chart",
    "rounds_frame",
    "stars_over_rounds_chart",
    "tournament",
]

BOT_CHOICES = [("Random", "random"), ("Rule of thumb", "rule"), ("Monte Carlo", "montecarlo")]
BOT_LABEL = {v: k for k, v in BOT_CHOICES}
BOT_KIND = dict(BOT_CHOICES)
#: how long a Hint may think before it answers with what it has (it refines on the next press)
HINT_BUDGET = 0.6

#: the how-to-play beside the table and the app's style, package data files read once
HOW_TO_PLAY = resources.files(__package__).joinpath("stars_help.html").read_text(encoding="utf-8")
STYLE = "<style>" + resources.files(__package__).joinpath("stars_app.css").read_text(encoding="utf-8") + "</style>"

_SLIM = {"style": {"description_width": "initial"}}

_ = i18n._  # every new sentence a learner reads goes through daynight.i18n


def bot_kinds(names: Sequence[str]) -> list[str] | None:
    """The bot type of each seat after yours, read back from the names this app gives the bots
    ("Bot 1 (Rule of thumb)" is a rule-of-thumb bot); ``None`` when a name is not one of those
    (a game not dealt by this app: the bar's bots play it)."""
    kinds = []
    for name in names[1:]:
        head, sep, label = name.rpartition(" (")
        if not sep or not head.startswith("Bot ") or label[:-1] not in BOT_KIND or not label.endswith(")"):
            return None
        kinds.append(BOT_KIND[label[:-1]])
    return kinds


class StarsApp:
    """Play Day & Night against bots. You are the first player ("Player 1 (you)");
    ``app.widget`` is the page, ``app.table`` the drawn table (``app.table.choose(
    app.table.target_id("play orange 8, 1 star"))`` does what a click does).

    ``StarsApp(players=4, bots=("rule", "random", "montecarlo"), seed=7)``.
    """

    def __init__(
        self,
        players: int = 4,
        bots: Sequence[str] = ("rule", "random", "montecarlo"),
        seed: int | None = None,
        *,
        mc_rollouts: int = 120,
        hint_rollouts: int = 1000,
        hint_budget: float | None = HINT_BUDGET,
    ):
        self.mc_rollouts = mc_rollouts
        self.hint_rollouts = hint_rollouts
        self.hint_budget = hint_budget
        self.players_choice = w.Dropdown(
            options=[("3 players", 3), ("4 players", 4), ("5 players", 5)],
            value=players,
            description="Players",
            layout=w.Layout(width="150px"),
            **_SLIM,
        )
        kinds = list(bots) + ["rule"] * (4 - len(bots))
        self.bot_choices = [
            w.Dropdown(
                options=BOT_CHOICES, value=kinds[i], description=f"Bot {i + 1}", layout=w.Layout(width="185px"), **_SLIM
            )
            for i in range(4)
        ]
        self.players_choice.observe(lambda _: self._show_bot_choices(), names="value")
        self.new_button = button(
            "New game",
            lambda _: guarded(self.table, self.new_game),
            button_style="primary",
            tooltip="Start a new game with these players and bots",
        )
        self.table = Table(label="Day and Night table")
        self.keeper = GameKeeper(self.table, "stars", StarsGame, resume=self.resume, title=_("Day & Night"))
        self.log_view = EventLogView()
        self.game: StarsGame
        self.showing: Any = None  # a finished round shown until "Next round"
        self.guide = Guide(self.keeper, lessons(), goal=goal(), deal=guided_deal, allowed=self.allowed,
                           describe=move_name, player=0, go_on=self.go_on, new_game=self.new_game,
                           practice="practice.ipynb", shorter=shorter())  # fmt: skip
        self.table.on_screen(lambda _screen, _width: self._redraw(self.table.status, self.table.status_kind))
        self.widget = app_layout(
            self.table,
            side=[
                w.HTML(STYLE, layout=w.Layout(height="0px", overflow="hidden")),
                w.HTML(HOW_TO_PLAY),
                w.HTML("<b>What happened</b> (every rule explains itself)"),
                self.log_view,
            ],
            top=[self.players_choice, *self.bot_choices, self.new_button, self.guide.start_button,
                 self.keeper.forget_button],
        )  # fmt: skip
        self.widget.add_class("dn-stars-app")
        self.targets: list[Target] = []  # what may be clicked now (set with every drawing)
        self._show_bot_choices()
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
        """A new game with the players and bots of the bar (``seed``: a fixed deal)."""
        n = self.players_choice.value
        self.seed = seed if seed is not None else secrets.randbits(32)
        names = [HUMAN] + [f"Bot {i} ({BOT_LABEL[d.value]})" for i, d in enumerate(self.bot_choices[: n - 1], 1)]
        self.load(
            StarsGame.new(n, self.seed, names=names),
            self.bots_for(n),
            random.Random(self.seed + 1),
            f"New game: {n} players, seed {self.seed}.",
        )

    def load(
        self, game: StarsGame, bots: Sequence[Any] | None = None, rng: random.Random | None = None, said: str = ""
    ) -> None:
        """Play on from ``game`` (e.g. a teaching position); you are the first seat. Another
        game than the guided one ends the guided game."""
        if self.guide.active and game is not self.guide.game:
            self.guide.moved(game)
        self.game = game
        self.bots = list(bots) if bots is not None else self.bots_for(game.n)
        self.rng = rng or random.Random(0)
        self.lines: list[HintLine] = []  # the hint of the present decision
        self.showing = None
        self.seen_rounds = len(game.rounds)
        self.mark = len(game.log)  # what happened since then is animated
        self._advance()
        self._keep()
        self._redraw(f"{said} {self._prompt()}".strip())

    def resume(self, game: Game) -> None:
        """Play on from ``game``, replayed from the record the browser kept: the bots of its
        seats are read from their names (else the bar's), and the bar is set to match."""
        assert isinstance(game, StarsGame)
        kinds = bot_kinds(game.names)
        if kinds is not None and len(kinds) <= len(self.bot_choices):
            self.players_choice.value = game.n
            for choice, kind in zip(self.bot_choices, kinds, strict=False):
                choice.value = kind
        seed = game.setup.get("seed")
        if self.guide.active and game is self.guide.game:
            seed = GUIDED_SEED  # the guided game's bots play the same way every time
        self.seed = seed if isinstance(seed, int) else secrets.randbits(32)
        self.load(game, self.bots_for(game.n), random.Random(f"{self.seed}:{len(game.history)}"))

    def _keep(self) -> None:
        """Hand the game to the keeper (before it is redrawn) once you have moved in it: a new
        game holds the bots' first plays at once, and is not worth continuing until you play.
        (The guided game is kept by its guide, move by move: :meth:`_advance`.)"""
        if not self.guide.active and any(move.player == 0 for move in self.game.history):
            self.guide.moved(self.game)

    def _advance(self) -> bool:
        """The bots play until it is your decision (or the game ends); a round that ended on
        the way is kept to be shown. In the guided game they play one move at a time, and the
        guide looks at the log after each (True: a note pauses the game until Continue)."""
        if not self.guide.active:
            play_bots(self.game, self.bots, self.rng, stop_for=0)
            self._round_ended()
            return False
        game = self.game
        while True:
            self._round_ended()
            if self.guide.moved(game):
                return True
            movers = [p for p in game.to_players() if p != 0]
            if not movers:
                return False
            bot = self.bots[movers[0]]
            game.play(getattr(bot, "choose", bot)(game.view(movers[0]), game.legal_moves(movers[0]), self.rng))

    def _round_ended(self) -> None:
        if len(self.game.rounds) > self.seen_rounds:
            self.seen_rounds = len(self.game.rounds)
            self.showing = self.game.rounds[-1]

    def go_on(self) -> None:
        """The guided game goes on after a note (or its first note): the bots move."""
        self._advance()
        self._redraw(self._prompt())

    def allowed(self, game: Game) -> str:
        """What you may do now and why (the guided game's note before each of your moves)."""
        assert isinstance(game, StarsGame)
        return allowed_words(game, self.showing.number if self.showing is not None else None, _("Next round"))

    def _prompt(self) -> str:
        g = self.game
        if self.showing is not None:
            r = self.showing
            result = f"by {r.time} {r.winning} won" if r.winning else f"by {r.time} the totals tied: no winning colour"
            took = [f"{g.names[p]} took {r.taken[p].name}" for p in r.order]
            tail = ("; ".join(took) + ".") if took else "Nobody took a card."
            if g.is_over():
                return f"Round {r.number}: {result}. {tail} Game over. {self._result()}"
            return f"Round {r.number} is over: {result}. {tail} Press Next round."
        if g.is_over():
            return f"Game over. {self._result()}"
        if g.phase == CHOOSE:
            return f"{(g.winning or '').capitalize()} wins. Your turn to choose: click a face-up card to take it."
        return f"Play {g.phase + 1} of 2: click a card of your hand to play it face down."

    def _result(self) -> str:
        g = self.game
        names = " and ".join(g.names[p] for p in g.winners)
        return f"{'Winners' if len(g.winners) > 1 else 'Winner'}: {names} ({g.stars[g.winners[0]]} stars)."

    # -- clicks ---------------------------------------------------------------------------
    def play_card(self, card: Card) -> None:
        """Play ``card`` from your hand face down (refused with the engine's reason if not allowed)."""
        self.play(Commit(0, card))

    def take_card(self, card: Card) -> None:
        """Take the face-up ``card`` (when it is your turn to choose)."""
        self.play(Choose(0, card))

    def play(self, move: Move) -> None:
        """Play ``move`` for you (the engine accepts it or says which rule refuses it), then
        let the bots play until it is your decision again."""
        if self.showing is not None:
            raise IllegalMoveError(
                "the round is over; press Next round to see the new one", rule="5. clean up and draw cards"
            )
        self.mark = len(self.game.log)
        self.game.play(move)
        said = f"You placed {move.card.name} face down." if isinstance(move, Commit) else f"You took {move.card.name}."
        self.lines = []
        self._advance()
        self._keep()
        self._redraw(f"{said} {self._prompt()}")

    def next_round(self) -> None:
        """Leave the finished round's drawing for the table of the new round."""
        self.showing = None
        self.mark = len(self.game.log)
        if self.guide.active:
            self.guide.moved(self.game)  # what is allowed now: the new round's play
        self._redraw(self._prompt())

    def show_hint(self) -> list[HintLine]:
        """The expected final stars of each of your moves now, from determinized rollouts
        (within ``hint_budget`` seconds; pressing again adds rollouts to the same estimate)."""
        g = self.game
        view = g.view(0)
        if self.showing is not None:
            raise IllegalMoveError(
                "the round is over: press Next round, then ask for a hint", rule="hint: for a decision of yours"
            )
        if not view.my_moves:
            raise IllegalMoveError("there is no decision of yours to hint at now", rule="hint: for a decision of yours")
        rng = random.Random(f"{self.seed}:{len(g.history)}:{sum(line.rollouts for line in self.lines)}")
        fresh = hint(view, self.hint_rollouts, rng, budget=self.hint_budget)
        self.lines = _merge(self.lines, fresh)
        best = max(self.lines, key=lambda line: line.expected_stars)
        total = sum(line.rollouts for line in self.lines)
        what = "take" if g.phase == CHOOSE else "play"
        more = "" if self.lines[0].rollouts * len(self.lines) >= self.hint_rollouts else " (press Hint again to refine)"
        ranked = sorted(self.lines, key=lambda line: -line.expected_stars)
        listing = "; ".join(f"{line.card.name}: {line.expected_stars:.1f}" for line in ranked[:3])
        self._redraw(
            f"Hint from {total:,} rollouts{more}: best {what} {best.card.name} "
            f"({best.expected_stars:.2f} stars expected). Top: {listing}.",
            kind="info",
        )
        return self.lines

    # -- the drawing and its targets ----------------------------------------------------------
    def _targets(self) -> list[Target]:
        """The drawn pieces you may click, each with the move it stands for: your legal moves
        (``legal_moves(0)``, placed on the drawing by ``draw.move_key``) and, so that a wrong
        click shows its rule, every other card of your hand (the engine refuses it)."""
        g = self.game
        hint = Target(f"Hint ({self.hint_rollouts:,} rollouts)", self.show_hint, id="hint")
        if g.is_over():
            return []
        if self.showing is not None:
            return [Target(_("Next round"), self.next_round, id="next", primary=True), hint]
        moves = list(g.legal_moves(0))
        offered = {move.card for move in moves if isinstance(move, Commit)}
        moves += [Commit(0, card) for card in g.hands[0] if card not in offered]
        targets = [Target(move_name(m), partial(self.play, m), key=move_key(m), move=m) for m in moves]
        targets.append(hint)
        return targets

    def _redraw(self, status: str, kind: str = "ok") -> None:
        g = self.game
        if self.showing is not None:
            drawing = round_table(self.showing, g.names, viewer=0, hand=g.hands[0],
                                  result=self._result() if g.is_over() else None, width=self.table.draw_width)  # fmt: skip
        else:
            words = best = None
            if self.lines and g.phase <= PLAY2:
                words = {line.card.id: f"{line.expected_stars:.1f} stars" for line in self.lines}
                best = max(self.lines, key=lambda line: line.expected_stars).card.id
            drawing = table(g, 0, since=self.mark, hint=words, best=best, width=self.table.draw_width)
        self.targets = self._targets()  # what may be clicked now, each with the move it plays
        self.log_view.update(g.log)  # first: a page that sees the new drawing sees its log (DEVELOPING.md)
        self.table.draw(drawing, self.targets, status=status, kind=kind)

    def hand_targets(self) -> list[str]:
        """The names of the targets on your hand cards (tests)."""
        return [t["name"] for t in self.table.targets if (t["key"] or "").startswith("hand-")]

    def take_targets(self) -> list[str]:
        """The names of the targets on the face-up cards you may take (tests)."""
        return [t["name"] for t in self.table.targets if (t["key"] or "").startswith("card-")]

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook display
        display(self.widget)


def _merge(old: Sequence[HintLine], new: Sequence[HintLine]) -> list[HintLine]:
    """Two hints for the same decision as one, weighted by their rollouts."""
    if not old or [line.move for line in old] != [line.move for line in new]:
        return list(new)
    out = []
    for a, b in zip(old, new, strict=True):
        n = a.rollouts + b.rollouts
        out.append(
            HintLine(
                a.move,
                a.card,
                (a.expected_stars * a.rollouts + b.expected_stars * b.rollouts) / n,
                (a.win_rate * a.rollouts + b.win_rate * b.rollouts) / n,
                n,
            )
        )
    return out


# ---------------------------------------------------------------------------
# Frames and charts
# ---------------------------------------------------------------------------

_BAR = {k: c.fill for k, c in COLOUR.items()}
#: plotly bar patterns per colour, so the charts read without colour vision as well
PATTERN = {"blue": "", "orange": "/", "pink": ".", "purple": "x"}


def rounds_frame(game: StarsGame):
    """One row per finished round and player: time, winning colour, stars after the round."""
    import pandas as pd  # lazy: +830M instructions (+70%) to import; none in the browser

    rows = []
    for rnd in game.rounds:
        for p in range(game.n):
            rows.append(
                {
                    "round": rnd.number,
                    "player": game.names[p],
                    "time": rnd.time,
                    "winner": rnd.winning or "none (tie)",
                    "stars": rnd.stars[p],
                    "took": card.name if (card := rnd.taken[p]) else "",
                    "dropped": p in rnd.dropped,
                }
            )
    return pd.DataFrame(rows)


def deck_frame(deck: Deck | None = None):
    """The deck as a table: colour, value, time symbol, stars, provenance."""
    import pandas as pd  # lazy: +830M instructions (+70%) to import; none in the browser

    deck = deck or default_deck()
    return pd.DataFrame(
        [
            {
                "id": c.id,
                "colour": c.colour,
                "value": c.value,
                "time_symbol": c.time,
                "stars": c.stars,
                "provenance": c.provenance,
            }
            for c in deck.cards
        ]
    )


def colour_totals_chart(game: StarsGame, round_no: int | None = None):
    """The colour totals of one finished round (default: the last), the winning colour
    marked, and the day/night rule in the title."""
    import pandas as pd  # lazy: +830M instructions (+70%) to import; none in the browser
    import plotly.graph_objects as go  # lazy: no chart in the app; the site loads its 9.7 MB wheel on use

    if not game.rounds:
        raise ValueError("no round has finished yet")
    info = game.rounds[-1] if round_no is None else next(r for r in game.rounds if r.number == round_no)
    df = pd.DataFrame([{"colour": k, "total": info.totals[k]} for k in COLOURS if k in info.totals])
    day = info.time == "day"
    winner = info.winning
    fig = go.Figure()
    fig.add_bar(
        x=df["colour"],
        y=df["total"],
        marker_color=[_BAR[c] for c in df["colour"]],
        marker_pattern_shape=[PATTERN[c] for c in df["colour"]],
        marker_line_color="#333",
        marker_line_width=[4 if c == winner else 1 for c in df["colour"]],
        text=[f"{t}{' ← wins' if c == winner else ''}" for c, t in zip(df["colour"], df["total"], strict=True)],
        textposition="outside",
        name="colour total",
        showlegend=False,
    )
    rule = "DAY (sun): the highest total wins" if day else "NIGHT (moon): the lowest total wins"
    result = f"winning colour: {winner}" if winner else "the totals tie: no winning colour"
    fig.update_layout(
        template="plotly_white",
        height=360,
        title=f"Round {info.number} colour totals, revealed card included. {rule}; {result}",
        xaxis_title="colour",
        yaxis_title="total of the card values",
        yaxis_range=[0, max(df["total"]) * 1.25 + 1],
    )
    return fig


def stars_over_rounds_chart(game: StarsGame):
    """Stars collected by each player after each round; the rounds' times as D/N labels."""
    import plotly.graph_objects as go  # lazy: no chart in the app; the site loads its 9.7 MB wheel on use

    df = rounds_frame(game)
    if df.empty:
        raise ValueError("no round has finished yet")
    fig = go.Figure()
    symbols = ["circle", "square", "diamond", "triangle-up", "x"]
    for i, (name, part) in enumerate(df.groupby("player", sort=False)):
        fig.add_scatter(
            x=part["round"],
            y=part["stars"],
            mode="lines+markers",
            name=name,
            marker_symbol=symbols[i % len(symbols)],
            line_dash=["solid", "dash", "dot", "dashdot", "longdash"][i % 5],
        )
    times = df.drop_duplicates("round")
    fig.add_scatter(
        x=times["round"],
        y=[-1] * len(times),
        mode="text",
        name="time at the end (D day / N night)",
        text=["D" if t == "day" else "N" for t in times["time"]],
        textfont=dict(size=12),
    )
    fig.update_layout(
        template="plotly_white",
        height=380,
        title="Stars collected after each round",
        xaxis_title="round",
        yaxis_title="stars collected",
        legend=dict(orientation="h", y=-0.25),
    )
    return fig


def deck_stars_chart(deck: Deck | None = None):
    """The deck's stars by card value (stacked by colour) and the number of time-symbol cards."""
    import plotly.graph_objects as go  # lazy: no chart in the app; the site loads its 9.7 MB wheel on use

    df = deck_frame(deck)
    stars = df.groupby(["value", "colour"], as_index=False)["stars"].sum()
    fig = go.Figure()
    for colour in COLOURS:
        part = stars[stars["colour"] == colour]
        fig.add_bar(
            x=part["value"],
            y=part["stars"],
            name=f"stars on {colour} cards",
            marker_color=_BAR[colour],
            marker_pattern_shape=PATTERN[colour],
            marker_line_color="#333",
            marker_line_width=1,
        )
    times = df[df["time_symbol"]].groupby("value").size().reindex(range(1, 14), fill_value=0)
    fig.add_scatter(
        x=list(times.index),
        y=list(times.values),
        mode="lines+markers",
        name="time-symbol cards (count)",
        line_color="#111",
        marker_symbol="diamond",
    )
    prov = "reconstructed" if set(df["provenance"]) == {"reconstructed"} else "partly attested"
    fig.update_layout(
        barmode="stack",
        template="plotly_white",
        height=380,
        title=f"Stars by card value in the deck ({prov} table; extremes carry more stars)",
        xaxis_title="card value",
        yaxis_title="stars (all four colours)",
        xaxis_dtick=1,
        legend=dict(orientation="h", y=-0.25),
    )
    return fig


def tournament(
    games: int = 24,
    players: int = 4,
    seats: Sequence[str] = ("random", "rule", "montecarlo", "rule"),
    seed: int = 0,
    mc_rollouts: int = 40,
):
    """Seeded bot-against-bot games; the seats rotate every game so no bot keeps a seat.
    One row per game and seat: bot, stars, cards, won (a shared win counts)."""
    import pandas as pd  # lazy: +830M instructions (+70%) to import; none in the browser

    rows = []
    for i in range(games):
        shift = i % players
        kinds = [seats[(s + shift) % len(seats)] for s in range(players)]
        bots = [make_bot(k, **({"rollouts": mc_rollouts} if k == "montecarlo" else {})) for k in kinds]
        game = StarsGame.new(players, seed + i, explain=False)
        play_bots(game, bots, random.Random(seed * 1000 + i))
        for p, k in enumerate(kinds):
            rows.append(
                {
                    "game": i,
                    "seat": p + 1,
                    "bot": BOT_LABEL[k],
                    "stars": game.stars[p],
                    "cards": len(game.collected[p]),
                    "won": p in game.winners,
                }
            )
    return pd.DataFrame(rows)


def bot_results_chart(df):
    """Mean stars (with the standard error) and win rate per bot type, from :func:`tournament`."""
    from plotly.subplots import make_subplots  # lazy: no chart in the app; the site loads its 9.7 MB wheel on use

    g = df.groupby("bot", sort=False)
    summary = g.agg(
        stars=("stars", "mean"), sd=("stars", "std"), n=("stars", "size"), won=("won", "mean")
    ).reset_index()
    summary["se"] = summary["sd"] / summary["n"] ** 0.5
    fig = make_subplots(rows=1, cols=2, subplot_titles=("mean stars per game", "share of games won"))
    fig.add_bar(
        x=summary["bot"],
        y=summary["stars"],
        error_y=dict(type="data", array=summary["se"]),
        text=[f"{s:.1f}" for s in summary["stars"]],
        textposition="outside",
        name="mean stars",
        marker_color="#2a9d8f",
        row=1,
        col=1,
    )
    fig.add_bar(
        x=summary["bot"],
        y=summary["won"],
        text=[f"{100 * v:.0f}%" for v in summary["won"]],
        textposition="outside",
        name="win rate",
        marker_color="#e9c46a",
        marker_pattern_shape="/",
        row=1,
        col=2,
    )
    games = df["game"].nunique()
    fig.update_layout(
        template="plotly_white",
        height=380,
        showlegend=False,
        title=f"Bots against each other: {games} seeded games, seats rotating",
    )
    fig.update_yaxes(rangemode="tozero")
    fig.update_yaxes(range=[0, 1.1], tickformat=".0%", row=1, col=2)
    return fig


def hint_chart(lines: Sequence[HintLine], *, title: str = "Hint: expected final stars per card"):
    """Horizontal bars: each legal card's expected final stars, the best one marked."""
    import plotly.graph_objects as go  # lazy: no chart in the app; the site loads its 9.7 MB wheel on use

    lines = sorted(lines, key=lambda line: line.expected_stars)
    best = lines[-1].expected_stars if lines else 0
    labels = [line.card.name for line in lines]
    fig = go.Figure()
    fig.add_bar(
        y=labels,
        x=[line.expected_stars for line in lines],
        orientation="h",
        marker_color=[_BAR[line.card.colour] for line in lines],
        marker_pattern_shape=[PATTERN[line.card.colour] for line in lines],
        marker_line_color="#333",
        marker_line_width=[4 if line.expected_stars == best else 1 for line in lines],
        text=[
            f"{line.expected_stars:.2f}{'  best' if line.expected_stars == best else ''} (wins {100 * line.win_rate:.0f}%)"
            for line in lines
        ],
        textposition="outside",
        name="expected stars",
    )
    n = sum(line.rollouts for line in lines)
    fig.update_layout(
        template="plotly_white",
        height=120 + 34 * len(lines),
        title=f"{title} ({n:,} rollouts)",
        xaxis_title="expected stars at the end of the game",
        yaxis_title="",
        xaxis_range=[0, best * 1.35 + 1],
        margin=dict(l=200),
    )
    return fig


OPTION_SETTINGS = [
    ("defaults", {}),
    ("absent_colours=zero", {"absent_colours": "zero"}),
    ("short_pile=share", {"short_pile": "share"}),
    ("empty_reveal=from_discard", {"empty_reveal": "from_discard"}),
]


def option_effects(
    games: int = 60,
    players: Sequence[int] = (3, 4, 5),
    seed: int = 0,
    seats: Sequence[str] = ("rule", "random", "rule", "random", "rule"),
):
    """What each rule option (where the rules sheet is silent) changes: the same seeded deals
    played by the same bots under each setting, the games spread over the player counts (each
    option matters at some count: the pile runs short with 3 and 5 players, it is empty for
    the last round with 4). One row per setting: rounds per game, share of rounds ending at
    night, share of rounds without a winning colour, stars collected per game (all players)."""
    import pandas as pd  # lazy: +830M instructions (+70%) to import; none in the browser

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
            nights += sum(r.time == "night" for r in game.rounds)
            ties += sum(r.winning is None for r in game.rounds)
            stars += sum(game.stars)
        rows.append(
            {
                "setting": label,
                "rounds per game": rounds / games,
                "night rounds": nights / rounds,
                "rounds without a winning colour": ties / rounds,
                "stars collected per game": stars / games,
            }
        )
    return pd.DataFrame(rows)


def option_effects_chart(df):
    """Grouped bars from :func:`option_effects`: one panel per measure, one bar per setting."""
    from plotly.subplots import make_subplots  # lazy: no chart in the app; the site loads its 9.7 MB wheel on use

    measures = ["rounds per game", "stars collected per game", "night rounds", "rounds without a winning colour"]
    fig = make_subplots(rows=1, cols=4, subplot_titles=measures)
    patterns = ["", "/", ".", "x"]
    for j, m in enumerate(measures, 1):
        pct = m in ("night rounds", "rounds without a winning colour")
        fig.add_bar(
            x=df["setting"],
            y=df[m],
            marker_color="#5b8db8",
            marker_pattern_shape=patterns[(j - 1) % 4],
            text=[f"{100 * v:.0f}%" if pct else f"{v:.1f}" for v in df[m]],
            textposition="outside",
            showlegend=False,
            row=1,
            col=j,
        )
        if pct:
            fig.update_yaxes(tickformat=".0%", range=[0, max(df[m]) * 1.3 + 0.01], row=1, col=j)
        else:
            fig.update_yaxes(range=[0, max(df[m]) * 1.3], row=1, col=j)
    fig.update_xaxes(tickangle=35)
    fig.update_layout(
        template="plotly_white",
        height=460,
        title="What the rule options change (same seeded deals and bots under each setting)",
    )
    return fig
