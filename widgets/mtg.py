"""The day/night tracker for a real Magic table, and the plotly charts of ``daynight.mtg``.

* :class:`Tracker` -- an ipywidgets app: the players, a "cast a spell" button per player,
  "next turn", "it becomes day/night", adding a daybound or nightbound permanent by name,
  the sun or the moon shown large, what will happen at the next untap step in words, and the
  explained log. The engine decides everything; a refused click shows the engine's reason.
* :func:`designation_chart` -- the designation over the turns of a game with the spells cast
  per turn.
* :func:`night_frequency_chart` -- how often it is night as a function of how many spells the
  active player casts per turn, exactly (a two-state Markov chain) and by simulation.

plotly is imported only when a chart is drawn, so the tracker appears fast.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Sequence

import ipywidgets as w

from daynight.core import IllegalMoveError, parse_record
from daynight.mtg import (DAY, NIGHT, Becomes, BeginTurn, CastSpell, DayNight, Enter, Leave,
                          PermanentSpec, catalog, night_fraction, poisson_spells,
                          simulate, transition_probabilities)

from .common import EventLogView, Status, button, escape, guarded, style_widget

__all__ = ["Tracker", "sky_html", "designation_chart", "night_frequency_chart",
           "night_frequency_table", "KIND_CHOICES"]

#: the kinds a player can pick, in words (the value is the engine's kind)
KIND_CHOICES = [
    ("double-faced card: daybound front, nightbound back", "dfc"),
    ("single-faced permanent with daybound (a copy; cannot transform)", "daybound"),
    ("single-faced permanent with nightbound (a copy; cannot transform)", "nightbound"),
    ("other permanent: 'whenever day becomes night or night becomes day'", "trigger"),
]

ZONE_CHOICES = [("from hand", "hand"), ("from graveyard (flashback...)", "graveyard"),
                ("from exile (foretell, cascade...)", "exile"), ("from library", "library"),
                ("from the command zone", "command zone")]

_SUN = """<svg width="120" height="120" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
<g stroke="#c98a00" stroke-width="6" stroke-linecap="round">
<line x1="60" y1="6" x2="60" y2="22"/><line x1="60" y1="98" x2="60" y2="114"/>
<line x1="6" y1="60" x2="22" y2="60"/><line x1="98" y1="60" x2="114" y2="60"/>
<line x1="22" y1="22" x2="33" y2="33"/><line x1="87" y1="87" x2="98" y2="98"/>
<line x1="22" y1="98" x2="33" y2="87"/><line x1="87" y1="33" x2="98" y2="22"/></g>
<circle cx="60" cy="60" r="28" fill="#ffc83d" stroke="#c98a00" stroke-width="4"/></svg>"""

_MOON = """<svg width="120" height="120" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
<path d="M78 14 A48 48 0 1 0 106 84 A38 38 0 1 1 78 14 Z" fill="#dfe6f5" stroke="#6f7fa8" stroke-width="4"/>
<circle cx="44" cy="66" r="5" fill="#b9c4dd"/><circle cx="60" cy="88" r="4" fill="#b9c4dd"/></svg>"""

_NEITHER = """<svg width="120" height="120" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
<circle cx="60" cy="60" r="40" fill="none" stroke="#888" stroke-width="5" stroke-dasharray="10 8"/></svg>"""

_SKY = {
    DAY: ("day", _SUN, "DAY", "#fff6d6", "#7a5300", "It is day."),
    NIGHT: ("night", _MOON, "NIGHT", "#1f2a4a", "#f1f4ff", "It is night."),
    0: ("neither", _NEITHER, "NEITHER DAY NOR NIGHT", "#eeeeee", "#333333",
        "It is neither day nor night (the game has no designation yet)."),
}


def sky_html(designation: int) -> str:
    """The sun, the moon or neither, large, with the designation in words (readable without
    colour vision and by a screen reader: ``role="img"`` and its label)."""
    key, svg, word, bg, fg, label = _SKY[designation]
    return (f'<div class="dn-sky dn-sky-{key}" role="img" aria-label="{escape(label)}" '
            f'style="display:flex;align-items:center;gap:1.2em;padding:0.6em 1.2em;border-radius:10px;'
            f'background:{bg};color:{fg};">{svg}'
            f'<span style="font-size:3em;font-weight:700;letter-spacing:0.05em;">{word}</span></div>')


class Tracker:
    """A day/night tracker for a real table.

    ``Tracker(players=["Alice", "Bob"])``; ``Tracker(players=[...4 names...], two_headed_giant=True)``
    for shared team turns (the first two players against the last two). ``tracker.widget`` is
    the app; every control is an attribute, so tests set ``.value`` and call ``.click()``.
    """

    def __init__(self, players: Sequence[str] = ("Alice", "Bob"), *, two_headed_giant: bool = False,
                 game: DayNight | None = None):
        self.status = Status("Start the first turn with \"Next turn\". Add a werewolf by name when one enters.")
        self.log_view = EventLogView(limit=200)
        self.sky = w.HTML()
        self.turn_line = w.HTML()
        self.forecast = w.HTML()
        self.permanents_html = w.HTML()
        self.players_box = w.VBox()
        # game set-up
        self.players_text = w.Text(value=", ".join(players), description="Players",
                                   placeholder="names separated by commas",
                                   tooltip="Players in turn order, separated by commas",
                                   layout=w.Layout(width="28em"))
        self.two_headed = w.Checkbox(value=two_headed_giant, description="Two-Headed Giant (shared team turns)",
                                     indent=False)
        self.new_game_button = button("New game", self._on_new_game,
                                      tooltip="Start a new game with these players (the log is cleared)")
        # turns and effects
        self.next_turn_button = button("Next turn", lambda _: self._do(self._next_turn),
                                       button_style="primary",
                                       tooltip="The next player in turn order begins a turn; the untap step checks day and night")
        self.extra_turn_button = button("Extra turn", lambda _: self._do(self._extra_turn),
                                        tooltip="The active player (or team) takes an extra turn")
        self.day_button = button("It becomes day", lambda _: self._do(lambda: self.game.play(Becomes("day", "an effect"))),
                                 tooltip="An effect says: it becomes day")
        self.night_button = button("It becomes night", lambda _: self._do(lambda: self.game.play(Becomes("night", "an effect"))),
                                   tooltip="An effect says: it becomes night")
        self.undo_button = button("Undo", lambda _: self._do(self._undo), tooltip="Take back the last action")
        self.zone = w.Dropdown(options=ZONE_CHOICES, value="hand", description="Cast",
                               tooltip="Where the spell is cast from (every zone counts)")
        # permanents
        names = sorted(n for n in catalog())
        self.permanent_name = w.Combobox(options=names, placeholder="card name, e.g. Brutal Cathar",
                                         description="Permanent", ensure_option=False,
                                         tooltip="Name of the permanent that enters",
                                         layout=w.Layout(width="26em"))
        self.permanent_kind = w.Dropdown(options=KIND_CHOICES, value="dfc", description="Kind",
                                         tooltip="What kind of permanent it is (known cards fill this in)",
                                         layout=w.Layout(width="34em"))
        self.controller = w.Dropdown(options=[], description="Controller", tooltip="Who controls it")
        self.add_button = button("Add permanent", lambda _: self._do(self._add_permanent),
                                 tooltip="The permanent enters the battlefield")
        self.leave_choice = w.Dropdown(options=[], description="Leaves", tooltip="Permanent that leaves the battlefield",
                                       layout=w.Layout(width="26em"))
        self.leave_button = button("Remove permanent", lambda _: self._do(self._remove_permanent),
                                   tooltip="The chosen permanent leaves the battlefield")
        self.chart_button = button("Chart of this game", lambda _: self._chart(),
                                   tooltip="Draw day and night over the turns so far, with the spells cast")
        self.chart_output = w.Output()
        # the game as a record: copy it to keep the game, paste one to continue it or to set
        # up a teaching position
        self.record_text = w.Textarea(description="Record", placeholder="a daynight game record (JSON)",
                                      tooltip="The game record as JSON", layout=w.Layout(width="46em", height="8em"))
        self.show_record_button = button("Show record", lambda _: self._show_record(),
                                         tooltip="Put this game's record (JSON) in the box, to copy and keep")
        self.load_record_button = button("Load record", lambda _: self._do(self._load_record),
                                         tooltip="Replace this game by the record in the box")
        self.last_chart = None
        self.cast_buttons: dict[str, w.Button] = {}
        self.copy_buttons: dict[str, w.Button] = {}
        self.spell_counts: dict[str, w.HTML] = {}
        self.widget = w.VBox([
            style_widget(),
            self.sky,
            self.turn_line,
            self.forecast,
            w.HBox([self.next_turn_button, self.extra_turn_button, self.day_button,
                    self.night_button, self.undo_button]),
            self.status,
            w.HTML("<h3 style='margin:0.4em 0 0.1em'>Players: spells this turn</h3>"),
            self.zone,
            self.players_box,
            w.HTML("<h3 style='margin:0.4em 0 0.1em'>Daybound and nightbound permanents</h3>"),
            self.permanents_html,
            w.HBox([self.permanent_name, self.controller]),
            w.HBox([self.permanent_kind, self.add_button]),
            w.HBox([self.leave_choice, self.leave_button]),
            w.HTML("<h3 style='margin:0.4em 0 0.1em'>What happened, and why</h3>"),
            self.log_view,
            self.chart_button,
            self.chart_output,
            w.HTML("<h3 style='margin:0.4em 0 0.1em'>New game</h3>"),
            w.HBox([self.players_text, self.two_headed, self.new_game_button]),
            w.HBox([self.record_text, w.VBox([self.show_record_button, self.load_record_button])]),
        ])
        self.permanent_name.observe(self._on_name, names="value")
        self.game = game if game is not None else self._make_game(list(players), two_headed_giant)
        self._build_players()
        self.refresh()

    # -- the game -------------------------------------------------------------------
    @staticmethod
    def _make_game(players: list[str], two_headed_giant: bool) -> DayNight:
        if two_headed_giant:
            if len(players) != 4:
                raise IllegalMoveError("Two-Headed Giant needs four players: two teams of two",
                                       rule="Two-Headed Giant, CR 810")
            return DayNight.two_headed_giant(players[:2], players[2:],
                                             names=(f"Team {players[0]} & {players[1]}",
                                                    f"Team {players[2]} & {players[3]}"))
        return DayNight.new(players)

    def _on_new_game(self, _=None) -> None:
        names = [n.strip() for n in self.players_text.value.split(",") if n.strip()]

        def start():
            self.game = self._make_game(names, self.two_headed.value)
            self._build_players()
            self.refresh()
            self.status.ok(f"New game: {', '.join(self.game.order)}. Press \"Next turn\" to begin.")

        guarded(self.status, start)

    def _do(self, action) -> None:
        game, n = self.game, len(self.game.log)
        if guarded(self.status, action):
            new = game.log.since(n) if self.game is game else []  # undo/load replace the game
            if new:
                self.status.ok(new[-1].text if len(new) == 1 else " ".join(e.text for e in new[-2:]))
            self.refresh()

    def _next_turn(self) -> None:
        self.game.play(BeginTurn(self.game.next_in_order()))

    def _extra_turn(self) -> None:
        if self.game.active_name is None:
            raise IllegalMoveError("no turn has begun yet; press \"Next turn\"", rule="Extra Turns, CR 500.7")
        self.game.play(BeginTurn(self.game.active_name, extra=True))

    def _cast(self, player: str, copy: bool = False) -> None:
        self.game.play(CastSpell(player, copy=copy, zone=self.zone.value))

    def _undo(self) -> None:
        if not self.game.history:
            raise IllegalMoveError("there is nothing to undo", rule="undo")
        record = self.game.to_record()
        record["moves"] = record["moves"][:-1]
        self.game = DayNight.from_record(record)
        self.status.ok("The last action was taken back.")

    def _spec(self) -> PermanentSpec:
        name = self.permanent_name.value.strip()
        if not name:
            raise IllegalMoveError("type the name of the permanent first", rule="Daybound and Nightbound, CR 702.145a")
        controller = self.controller.value or None
        if name in catalog():
            # either face's name finds the card; the rules give the face it enters with
            return replace(PermanentSpec.from_catalog(name, controller=controller), face=None)
        kind = self.permanent_kind.value
        if kind == "trigger":
            return PermanentSpec(name, "other", controller=controller, change_trigger=True)
        return PermanentSpec(name, kind, controller=controller)

    def _add_permanent(self) -> None:
        self.game.play(Enter((self.game.entering_face(self._spec()),)))
        self.permanent_name.value = ""

    def _remove_permanent(self) -> None:
        if self.leave_choice.value is None:
            raise IllegalMoveError("there is no permanent to remove", rule="Daybound and Nightbound, CR 702.145a")
        self.game.play(Leave(self.leave_choice.value))

    def _show_record(self) -> None:
        self.record_text.value = self.game.to_json(indent=1)
        self.status.ok(f"The record of this game ({len(self.game.history)} events) is in the box.")

    def _load_record(self) -> None:
        game = DayNight.from_record(parse_record(self.record_text.value, "the record box"))
        self.game = game
        self._build_players()
        self.status.ok(f"Loaded a game of {', '.join(game.order)}: {len(game.history)} events replayed.")

    def _chart(self) -> None:
        if not self.game.turns:
            self.status.show("No turn has begun yet: there is nothing to chart.")
            return

        def draw():
            from IPython.display import display

            fig = designation_chart(self.game)  # imports plotly now, not when the app starts
            self.last_chart = fig
            self.chart_output.clear_output(wait=True)
            with self.chart_output:
                display(fig)

        guarded(self.status, draw)

    def _on_name(self, change) -> None:
        entry = catalog().get(change["new"])
        if entry is not None:
            kind = "trigger" if entry["kind"] == "other" else entry["kind"]
            self.permanent_kind.value = kind

    # -- the view ------------------------------------------------------------------------
    def _build_players(self) -> None:
        rows = []
        self.cast_buttons, self.copy_buttons, self.spell_counts = {}, {}, {}
        for p in self.game.players:
            count = w.HTML(layout=w.Layout(width="20em"))
            cast = button(f"{p} casts a spell", lambda _, p=p: self._do(lambda: self._cast(p)),
                          tooltip=f"{p} casts a spell (it counts if {p} is an active player)")
            copy = button(f"{p} copies a spell", lambda _, p=p: self._do(lambda: self._cast(p, copy=True)),
                          tooltip=f"{p} puts a copy of a spell on the stack: a copy is not cast")
            self.cast_buttons[p], self.copy_buttons[p], self.spell_counts[p] = cast, copy, count
            rows.append(w.HBox([count, cast, copy]))
        self.players_box.children = rows
        self.controller.options = [("nobody in particular", "")] + [(p, p) for p in self.game.players]
        self.controller.value = ""

    def refresh(self) -> None:
        g = self.game
        self.sky.value = sky_html(g.designation)
        if g.active_name is None:
            turn = "Before the first turn."
        else:
            whose = (f"{g.active_name}'s turn ({' and '.join(g.active_players())})" if g.teams
                     else f"{g.active_name}'s turn")
            turn = f"Turn {g.turn}: {whose}."
        nxt = g.next_in_order()
        self.turn_line.value = (f"<div style='font-size:1.3em' aria-live='polite'><b>{escape(turn)}</b> "
                                f"Next turn: {escape(nxt)}.</div>")
        self.next_turn_button.tooltip = f"{nxt} begins a turn; the untap step checks day and night"
        self.forecast.value = (f"<div class='dn-forecast' style='font-size:1.1em;padding:0.3em 0'>"
                               f"<b>At the next untap step:</b> {escape(g.forecast())}</div>")
        active = set(g.active_players())
        for p, html in self.spell_counts.items():
            n = g.spells[g.index[p]]
            mark = " (active)" if p in active else ""
            copies = g.copies[g.index[p]]
            extra = f", {copies} cop{'y' if copies == 1 else 'ies'} (not cast)" if copies else ""
            html.value = (f"<span style='font-size:1.1em'><b>{escape(p)}</b>{mark}: "
                          f"{n} spell{'s' if n != 1 else ''}{extra}</span>")
        if g.permanents:
            items = "".join(f"<li>{escape(p.label())}"
                            f"{' &ndash; ' + escape(p.controller) if p.controller else ''}</li>"
                            for p in g.permanents)
            self.permanents_html.value = f"<ul class='dn-permanents' aria-label='permanents'>{items}</ul>"
        else:
            self.permanents_html.value = "<p class='dn-permanents'>None on the battlefield.</p>"
        self.leave_choice.options = [(p.label(), p.id) for p in g.permanents]
        self.leave_choice.value = g.permanents[-1].id if g.permanents else None
        self.log_view.update(g.log)
        over = g.is_over()
        for b in (self.next_turn_button, self.extra_turn_button, self.day_button, self.night_button,
                  *self.cast_buttons.values(), *self.copy_buttons.values(), self.add_button):
            b.disabled = over

    def _ipython_display_(self):  # pragma: no cover - notebook display
        from IPython.display import display
        display(self.widget)


# ---------------------------------------------------------------------------
# Charts
# ---------------------------------------------------------------------------

_COLOURS = {"day": "#f4c430", "night": "#27335c", "neither": "#bbbbbb"}


_LETTER = {"day": "D", "night": "N", "neither": "-"}


def _label(row: dict) -> str:
    """D, N or - for the designation after the untap step; "D→N" when an effect or a permanent
    entering changed it during the turn."""
    start, end = _LETTER[row["designation"]], _LETTER[row["designation_end"]]
    return start if start == end else f"{start}→{end}"


def designation_chart(game: DayNight, *, title: str | None = None):
    """The designation after each turn's untap step (coloured bands, labelled D, N or -, and
    "D→N" when it changed during the turn) and the spells cast per turn: by the active player or team (the ones that count)
    and by the others (which do not)."""
    import plotly.graph_objects as go

    rows = game.turn_table()
    if not rows:
        raise ValueError("the game has no turns yet")
    turns = [r["turn"] for r in rows]
    fig = go.Figure()
    fig.add_bar(x=turns, y=[r["active_spells"] for r in rows], name="spells by the active player (count)",
                marker_color="#2a9d8f",
                hovertext=[f"turn {r['turn']}: {r['active']} cast {r['active_spells']}" for r in rows])
    fig.add_bar(x=turns, y=[r["other_spells"] for r in rows], name="spells by the others (do not count)",
                marker_color="#b8b8b8", marker_pattern_shape="/")
    top = max(3, max(r["active_spells"] + r["other_spells"] for r in rows) + 1)
    for r in rows:
        fig.add_vrect(x0=r["turn"] - 0.5, x1=r["turn"] + 0.5, fillcolor=_COLOURS[r["designation"]],
                      opacity=0.25, line_width=0, layer="below")
    fig.add_scatter(x=turns, y=[top - 0.4] * len(turns), mode="text", name="designation",
                    text=[_label(r) for r in rows],
                    hovertext=[f"turn {r['turn']} ({r['active']}): {r['designation']} after the untap step"
                               f"{' (changed there)' if r['changed_at_untap'] else ''}"
                               f"{', ' + r['designation_end'] + ' at the end of the turn' if r['designation_end'] != r['designation'] else ''}"
                               for r in rows],
                    textfont=dict(size=12, color="#333"), showlegend=True)
    fig.add_hline(y=2, line_dash="dot", line_color="#444",
                  annotation_text="2 spells: night becomes day", annotation_position="top left")
    fig.update_layout(barmode="stack", template="plotly_white", height=380,
                      title=title or "Day (D, gold) and night (N, dark blue) turn by turn, with the spells cast",
                      xaxis_title="turn (designation after its untap step)", yaxis_title="spells cast that turn",
                      yaxis_range=[0, top], legend=dict(orientation="h", y=-0.25))
    return fig


def night_frequency_table(means: Sequence[float] | None = None, *, sim_turns: int = 20_000, seed: int = 0):
    """A pandas DataFrame: for each mean number of spells per player per turn (Poisson), the
    exact long-run fraction of night turns (Markov chain) for one active player and for a
    Two-Headed Giant team, and the fraction in a seeded simulation of ``sim_turns`` turns."""
    import pandas as pd

    means = list(means) if means is not None else [0.25 * i for i in range(1, 17)]
    rows = []
    for i, m in enumerate(means):
        dist = poisson_spells(m)
        a, b = transition_probabilities(dist)
        rows.append({
            "mean_spells": m, "p_day_to_night": a, "p_night_to_day": b,
            "night_exact": night_fraction(dist),
            "night_simulated": simulate(sim_turns, dist, seed=seed + i).night_fraction,
            "night_exact_2hg": night_fraction(dist, team_size=2),
            "night_simulated_2hg": simulate(sim_turns, dist, team_size=2, seed=seed + 1000 + i).night_fraction,
        })
    return pd.DataFrame(rows)


def night_frequency_chart(means: Sequence[float] | None = None, *, sim_turns: int = 20_000, seed: int = 0,
                          table=None):
    """How often it is night against the mean number of spells each player casts per turn:
    exact curves from the Markov chain, simulated points on top."""
    import plotly.graph_objects as go

    fine = [0.05 * i for i in range(0, 81)]
    fine[0] = 0.001
    df = table if table is not None else night_frequency_table(means, sim_turns=sim_turns, seed=seed)
    fig = go.Figure()
    fig.add_scatter(x=fine, y=[night_fraction(poisson_spells(m)) for m in fine], mode="lines",
                    name="one active player (exact)", line=dict(color="#27335c", width=3))
    fig.add_scatter(x=fine, y=[night_fraction(poisson_spells(m), team_size=2) for m in fine], mode="lines",
                    name="Two-Headed Giant team (exact)", line=dict(color="#c98a00", width=3, dash="dash"))
    fig.add_scatter(x=df["mean_spells"], y=df["night_simulated"], mode="markers",
                    name=f"one player, simulated ({sim_turns:,} turns each)",
                    marker=dict(symbol="circle-open", size=10, color="#27335c"))
    fig.add_scatter(x=df["mean_spells"], y=df["night_simulated_2hg"], mode="markers",
                    name="team, simulated", marker=dict(symbol="diamond-open", size=10, color="#c98a00"))
    fig.update_layout(template="plotly_white", height=420,
                      title="How often is it night? (spells per player per turn follow a Poisson law)",
                      xaxis_title="mean spells each player casts per turn", yaxis_title="fraction of turns at night",
                      yaxis_range=[0, 1], legend=dict(orientation="h", y=-0.25))
    return fig
