"""The plotly charts of ``daynight.sunmoon`` (re-exported by :mod:`daynight.widgets.sunmoon`).

* :func:`score_breakdown_figure` -- the final (or current) score of each player broken down
  into harvested cards, cards left in own rows and cards left in hand.
* :func:`row_lengths_figure` -- how many cards lie in each player's rows, move by move.
* :func:`bot_results_figure` -- bot against bot over seeded games (win share and scores).

plotly is imported only when a chart is drawn. Every title, axis and legend is a whole template
of :mod:`daynight.i18n` (a legend's line is "{player}: {row}", never a name glued to an English word).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from daynight import i18n
from daynight.core import Game
from daynight.sunmoon import KINDS, SunMoon
from daynight.sunmoon.words import row_words

_ = i18n._  # the translation call ("from ..i18n import _" would read as importing a private name)

__all__ = ["bot_results_figure", "bot_summary", "row_lengths", "row_lengths_figure", "score_breakdown_figure"]


# ---------------------------------------------------------------------------
# Charts (plotly go.Figure, imported when a chart is drawn)
# ---------------------------------------------------------------------------


def score_breakdown_figure(game: SunMoon, *, title: str | None = None) -> Any:
    """Stacked bars per player: harvested sun/moon cards (+1 each) above zero, cards left in
    own rows and in hand (-1 each) below; a diamond marks the total."""
    import plotly.graph_objects as go  # lazy: plotly.graph_objects takes 82 ms to import (python -X importtime)

    table = game.score_table()
    names = [game.names[r["player"]] for r in table]
    fig = go.Figure()
    parts = (  # the score table's column, its sign, its legend, its colour
        ("harvested", 1, _("harvested (+1 each)"), "#2e7d32"),
        ("in_rows", -1, _("left in own rows (-1 each)"), "#ef6c00"),
        ("in_hand", -1, _("left in hand (-1 each)"), "#c62828"),
    )
    for column, sign, name, colour in parts:
        points = [sign * r[column] for r in table]
        text = [p if sign > 0 else p or "" for p in points]  # a loss of nothing is not written
        fig.add_bar(x=names, y=points, name=name, marker_color=colour, text=text, textposition="inside")
    fig.add_scatter(
        x=names,
        y=[r["total"] for r in table],
        mode="markers+text",
        name=_("total"),
        marker=dict(symbol="diamond", size=14, color="#111"),
        text=[f"{r['total']:+d}" for r in table],
        textposition="middle right",
    )
    fig.update_layout(
        barmode="relative",
        template="plotly_white",
        height=380,
        title=title or (_("Final score") if game.is_over() else _("Score so far")),
        yaxis_title=_("points"),
        legend=dict(orientation="h", y=-0.15),
    )
    return fig


def row_lengths(game: SunMoon) -> dict[str, list[int]]:
    """Cards lying in each player's sun and moon rows after every move (replayed from the
    record): ``{"move": [0, 1, ...], "<name> sun": [...], "<name> moon": [...]}``."""
    series: dict[str, list[int]] = {"move": []}
    keys = [(p, k, f"{game.names[p]} {k}") for p in range(game.n) for k in KINDS]
    for _p, _k, key in keys:
        series[key] = []

    def take(g: Game, i: int) -> None:
        assert isinstance(g, SunMoon)
        series["move"].append(i + 1)
        for p, k, key in keys:
            series[key].append(sum(len(s) for s in g.rows[p][k]))

    take(SunMoon.from_record(game.to_record(), upto=0), -1)
    SunMoon.from_record(game.to_record(), on_move=take)
    return series


def row_lengths_figure(game: SunMoon, *, title: str | None = None) -> Any:
    """Lines per player and kind (sun solid, moon dashed); drops are harvests or self-destructs."""
    import plotly.graph_objects as go  # lazy: plotly.graph_objects takes 82 ms to import (python -X importtime)

    series = row_lengths(game)
    palette = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a"]
    fig = go.Figure()
    for p in range(game.n):
        for k in KINDS:
            key = f"{game.names[p]} {k}"
            fig.add_scatter(
                x=series["move"],
                y=series[key],
                mode="lines",
                name=_("{player}: {row}").format(player=game.names[p], row=row_words(k)),
                line=dict(color=palette[p % 4], dash="solid" if k == "sun" else "dash", shape="hv"),
            )
    fig.update_layout(
        template="plotly_white",
        height=400,
        title=title or _("Cards in each row over the game"),
        xaxis_title=_("move"),
        yaxis_title=_("cards in the row (stacks included)"),
    )
    return fig


def bot_summary(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per bot: games, wins (shared wins count), win share, mean and spread of scores."""
    out = []
    for bot in dict.fromkeys(r["bot"] for r in rows):
        mine = [r for r in rows if r["bot"] == bot]
        scores = [r["score"] for r in mine]
        mean = sum(scores) / len(scores)
        out.append(
            {
                "bot": bot,
                "games": len(mine),
                "wins": sum(r["won"] for r in mine),
                "win_share": sum(r["won"] for r in mine) / len(mine),
                "mean_score": mean,
                "min": min(scores),
                "max": max(scores),
            }
        )
    return out


def bot_results_figure(rows: Sequence[dict[str, Any]], *, title: str | None = None) -> Any:
    """Left: share of games won per bot; right: the distribution of final scores."""
    from plotly.subplots import make_subplots  # lazy: plotly takes 82 ms to import (python -X importtime)

    summary = bot_summary(rows)
    fig = make_subplots(rows=1, cols=2, subplot_titles=(_("games won (ties count for each)"), _("final scores")))
    fig.add_bar(
        x=[_(s["bot"]) for s in summary],  # the kind's name in the current language
        y=[100 * s["win_share"] for s in summary],
        text=[f"{s['wins']}/{s['games']}" for s in summary],
        textposition="outside",
        marker_color="#1565c0",
        name=_("won %"),
        row=1,
        col=1,
    )
    for s in summary:
        fig.add_box(y=[r["score"] for r in rows if r["bot"] == s["bot"]], name=_(s["bot"]), boxmean=True, row=1, col=2)
    fig.update_yaxes(title_text=_("games won (%)"), row=1, col=1)
    fig.update_yaxes(title_text=_("points"), row=1, col=2)
    fig.update_layout(template="plotly_white", height=420, title=title or _("Bot against bot"), showlegend=False)
    return fig
