"""The day/night tracker for a real Magic table, and the plotly charts of ``daynight.mtg``.

* :class:`Tracker` -- the app: the drawn table (``daynight.mtg.draw.table``) on the one table
  widget (:class:`daynight.widgets.table.Table`). Click a player's spell counter when they
  cast a spell, a card to choose it (then what happens to it in the toolbar: it leaves, it
  phases out, an effect applies or ends, another effect transforms it), a waiting trigger to
  resolve it; the toolbar begins the next turn (or skips one, or gives an extra turn) and
  applies "it becomes day / night". A form above the table puts a permanent onto the
  battlefield. The engine decides everything; a refused click shows the rule.
* :func:`designation_chart` -- the designation over the turns of a game with the spells cast
  per turn.
* :func:`night_frequency_chart` -- how often it is night as a function of how many spells the
  active player casts per turn, exactly (a two-state Markov chain) and by simulation.

plotly is imported only when a chart is drawn, so the tracker appears fast.
"""

from __future__ import annotations

from typing import Any, Sequence

import ipywidgets as w

from daynight.core import IllegalMoveError, parse_record
from daynight.mtg import (Affect, Becomes, BeginTurn, CastSpell, CAST_ZONES, DayNight, Effect, EndEffect, EndGame,
                          Enter,
                          Leave, PermanentSpec, PhaseOut, Resolve, Transform, catalog,
                          effect_catalog, night_fraction, poisson_spells, simulate, transition_probabilities)
from daynight.mtg import draw as mtg_draw

from .common import EventLogView, app_layout, button, guarded
from .table import Table, Target

__all__ = ["Tracker", "designation_chart", "night_frequency_chart", "night_frequency_table", "KIND_CHOICES",
           "HOW_TO"]

#: the kinds a player can pick, in short words (the value is the engine's kind; KIND_WORDS says more)
KIND_CHOICES = [("daybound/nightbound card", "dfc"), ("transforming card, no daybound", "transforming"),
                ("single-faced, daybound", "daybound"), ("single-faced, nightbound", "nightbound"),
                ("other permanent", "other")]
ZONE_CHOICES = [(z, z) for z in CAST_ZONES]
#: the table may not push the toolbar below the first screen (the title, the form above the
#: table, the toolbar and the status line take about 330 pixels)
STYLE = "<style>.dn-mtg.dn-table { --dn-table-max-height: calc(100vh - 330px); }</style>"

HOW_TO = """
<details class="dn-help"><summary><b>How to use the tracker</b></summary>
<ul>
<li><b>Next turn</b> as each turn begins: its untap step phases permanents in, checks day and
night against the previous turn, then untaps; the upkeep's triggers wait on the table.</li>
<li>Click a player's <b>spells this turn</b> box each time they cast a spell (choose the zone
above the table: spells from any zone count). Only the active player's spells count for day
and night; <b>A copy of a spell</b> is not cast.</li>
<li><b>It becomes day / night</b>: a card says so (at any time).</li>
<li><b>Enters</b> (above the table): a permanent by name; known cards fill in their kind. Tick
<i>transformed</i> for a card put onto the battlefield transformed, <i>token</i> for a token copy.</li>
<li>Click a <b>card</b> to choose it, then: it leaves, another effect transforms it, it phases
out, an effect (an Aura, counters, "can't transform", a copy) applies or ends.</li>
<li>Click a <b>waiting trigger</b> to resolve it; a turn ends only when none is waiting.</li>
<li>A refused click says which rule stops it; the log on the right explains every rule that applied.</li>
</ul></details>
"""


class Tracker:
    """A day/night tracker for a real table, drawn.

    ``Tracker(players=["Alice", "Bob"])``; ``Tracker(players=[...4 names...], two_headed_giant=True)``
    for shared team turns (the first two players against the last two). ``tracker.widget`` is
    the app; ``tracker.table.choose(tracker.table.target_id("Alice casts a spell"))`` does what
    a click does, so tests need no browser.
    """

    def __init__(self, players: Sequence[str] = ("Alice", "Bob"), *, two_headed_giant: bool = False,
                 game: DayNight | None = None):
        self.table = Table(label="the Magic table: day and night")
        self.table.add_class("dn-mtg")
        self.log_view = EventLogView(limit=200)
        self.selected: int | None = None
        self.last_chart = None
        # above the table: where spells are cast from, and a permanent entering
        narrow = {"description_width": "initial"}
        self.zone = w.Dropdown(options=ZONE_CHOICES, value="hand", description="Cast from",
                               tooltip="Where the next spell is cast from (every zone counts)", style=narrow,
                               layout=w.Layout(width="12.5em"))
        self.permanent_name = w.Combobox(options=sorted(catalog()), placeholder="e.g. Brutal Cathar",
                                         description="Permanent", ensure_option=False, style=narrow,
                                         tooltip="Name of the permanent that enters", layout=w.Layout(width="17em"))
        self.permanent_kind = w.Dropdown(options=KIND_CHOICES, value="dfc", description="Kind", style=narrow,
                                         tooltip="What kind of permanent it is (known cards fill this in)",
                                         layout=w.Layout(width="16em"))
        self.controller = w.Dropdown(options=[], description="Controller", tooltip="Who controls it", style=narrow,
                                     layout=w.Layout(width="11.5em"))
        self.transformed = w.Checkbox(value=False, description="transformed", indent=False,
                                      tooltip="Put onto the battlefield transformed (back face up)",
                                      layout=w.Layout(width="8em"))
        self.token = w.Checkbox(value=False, description="token", indent=False,
                                tooltip="A token (a token copy of a double-faced card is double-faced)",
                                layout=w.Layout(width="5em"))
        self.add_button = button("Enters", self._click(self._add_permanent),
                                 tooltip="The permanent enters the battlefield", button_style="info",
                                 layout=w.Layout(width="6em"))
        # the side column: what an effect is, a new game, the record, the chart
        self.effect = w.Dropdown(options=sorted(effect_catalog()), value="Bound by Moonsilver",
                                 description="Effect", tooltip="The effect that applies to the chosen card",
                                 layout=w.Layout(width="22em"))
        self.players_text = w.Text(value=", ".join(players), description="Players",
                                   placeholder="names separated by commas",
                                   tooltip="Players in turn order, separated by commas")
        self.two_headed = w.Checkbox(value=two_headed_giant, description="Two-Headed Giant (shared team turns)",
                                     indent=False)
        self.new_game_button = button("New game", self._click(self._new_game),
                                      tooltip="Start a new game with these players (the log is cleared)")
        self.record_text = w.Textarea(description="Record", placeholder="a daynight game record (JSON)",
                                      tooltip="The game record as JSON", layout=w.Layout(width="95%", height="8em"))
        self.show_record_button = button("Show record", lambda _: self._show_record(),
                                         tooltip="Put this game's record (JSON) in the box, to copy and keep")
        self.load_record_button = button("Load record", self._click(self._load_record),
                                         tooltip="Replace this game by the record in the box")
        self.chart_button = button("Chart of this game", lambda _: self._chart(),
                                   tooltip="Draw day and night over the turns so far, with the spells cast")
        self.chart_output = w.Output()
        settings = w.Accordion(children=[
            w.VBox([self.effect, w.HTML("<small>Choose a card on the table, then apply the effect to it "
                                        "from the toolbar.</small>")]),
            w.VBox([self.players_text, self.two_headed, self.new_game_button]),
            w.VBox([self.record_text, w.HBox([self.show_record_button, self.load_record_button])]),
            w.VBox([self.chart_button, self.chart_output]),
        ])
        for i, title in enumerate(("Effects on a card", "New game", "Record", "Chart")):
            settings.set_title(i, title)
        settings.selected_index = None
        self.settings = settings
        top = [self.zone, self.permanent_name, self.permanent_kind, self.controller, self.transformed, self.token,
               self.add_button]
        self.widget = app_layout(self.table, side=[w.HTML(STYLE + HOW_TO), settings, self.log_view], top=top)
        self.permanent_name.observe(self._on_name, names="value")
        self.game = game if game is not None else self._make_game(list(players), two_headed_giant)
        self._controllers()
        self.refresh(status="Press \"Next turn\" as the first turn begins; add a werewolf by name when one enters.")

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

    def _new_game(self) -> str:
        names = [n.strip() for n in self.players_text.value.split(",") if n.strip()]
        self.game = self._make_game(names, self.two_headed.value)
        self.selected = None
        self._controllers()
        return f"New game: {', '.join(self.game.order)}. Press \"Next turn\" to begin."

    def _do(self, action) -> None:
        """Run ``action`` (a refusal raises, and the table's status line shows its rule), then
        redraw the table with what it caused and say it, with the rule, in the status line."""
        game, n = self.game, len(self.game.log)
        said = action()
        events = game.log.since(n) if self.game is game else []
        if isinstance(said, str):
            status = said
        elif events:
            status = " ".join(f"{e.text} [{e.rule}]" for e in events[-2:])
        else:
            status = "Done."
        self.refresh(events=events, status=status)

    def _click(self, action):
        """A handler for a standard button: the action through the table's status line."""
        return lambda _=None: guarded(self.table, lambda: self._do(action))

    def _play(self, move: Any) -> None:
        self.game.play(move)

    def _cast(self, player: str) -> None:
        self.game.play(CastSpell(player, zone=self.zone.value))

    def _copy(self) -> None:
        who = self.game.active_players()
        if not who:
            raise IllegalMoveError("no turn has begun: a copy is put on the stack during a turn",
                                   rule="Copies of Spells, CR 707.10")
        self.game.play(CastSpell(who[0], copy=True))

    def _undo(self) -> str:
        if not self.game.history:
            raise IllegalMoveError("there is nothing to undo", rule="undo")
        record = self.game.to_record()
        record["moves"] = record["moves"][:-1]
        self.game = DayNight.from_record(record)
        if self.selected is not None and self.game.permanent(self.selected) is None:
            self.selected = None
        return "The last action was taken back."

    def _spec(self) -> PermanentSpec:
        name = self.permanent_name.value.strip()
        if not name:
            raise IllegalMoveError("type the name of the permanent first", rule="Daybound and Nightbound, CR 702.145a")
        controller = self.controller.value or None
        token, transformed = self.token.value, self.transformed.value
        if name in catalog():
            entry = catalog()[name]
            spec = PermanentSpec.from_catalog(name, controller=controller, token=token,
                                              via="effect" if transformed else "spell")
            if transformed and not spec.transformed:
                spec = PermanentSpec.from_catalog(entry["back"] or name, controller=controller, token=token,
                                                  via="effect", transformed=True)
            return spec
        kind = self.permanent_kind.value
        return PermanentSpec(name, kind, controller=controller, transformed=transformed, token=token,
                             via="effect" if transformed else "spell")

    def _add_permanent(self) -> None:
        self.game.play(Enter((self._spec(),)))
        self.permanent_name.value = ""
        self.transformed.value = self.token.value = False

    def _select(self, pid: int | None) -> str:
        self.selected = None if pid == self.selected else pid
        if self.selected is None:
            return "No card chosen."
        p = self.game.permanent(self.selected)
        return f"Chosen: {p.label()}. What happens to it? (the toolbar)"

    def _apply_effect(self, pid: int) -> None:
        entry = effect_catalog()[self.effect.value]
        if entry["kind"] == "copy":
            raise IllegalMoveError("a copy effect needs what it copies: choose the card, then use "
                                   "'becomes a copy of' in a record, or another effect here",
                                   rule="Copying Objects, CR 707.2")
        self.game.play(Affect(pid, Effect.from_catalog(self.effect.value)))

    def _show_record(self) -> None:
        self.record_text.value = self.game.to_json(indent=1)
        self.table.ok(f"The record of this game ({len(self.game.history)} events) is in the box.")

    def _load_record(self) -> str:
        game = DayNight.from_record(parse_record(self.record_text.value, "the record box"))
        self.game = game
        self.selected = None
        self._controllers()
        return f"Loaded a game of {', '.join(game.order)}: {len(game.history)} events replayed."

    def _chart(self) -> None:
        if not self.game.turns:
            self.table.show("No turn has begun yet: there is nothing to chart.")
            return

        def draw():
            from IPython.display import display

            fig = designation_chart(self.game)  # imports plotly now, not when the app starts
            self.last_chart = fig
            self.chart_output.clear_output(wait=True)
            with self.chart_output:
                display(fig)

        guarded(self.table, draw)

    def _on_name(self, change) -> None:
        entry = catalog().get(change["new"])
        if entry is not None:
            self.permanent_kind.value = entry["kind"]
            self.transformed.value = bool(entry["back"]) and change["new"] == entry["back"]

    def _controllers(self) -> None:
        self.controller.options = [("nobody in particular", "")] + [(p, p) for p in self.game.players]
        self.controller.value = self.game.players[0]

    # -- the view ------------------------------------------------------------------------
    def targets(self) -> list[Target]:
        """What can be clicked now: the drawn pieces and the toolbar, each named in words."""
        g = self.game
        out: list[Target] = []
        if not g.is_over():
            for i, p in enumerate(g.players):
                out.append(Target(f"{p} casts a spell ({g.spells[i]} so far this turn)",
                                  lambda p=p: self._do(lambda: self._cast(p)), key=f"cast-{p}"))
            for t in g.pending:
                out.append(Target(f"resolve #{t.id}: {t.text}", lambda t=t: self._do(lambda: self._play(Resolve(t.id))),
                                  key=f"trigger-{t.id}"))
        for p in g.permanents:
            verb = "put back" if p.id == self.selected else "choose"
            out.append(Target(f"{verb} {mtg_draw.permanent_words(p.to_json())}",
                              lambda p=p: self._do(lambda: self._select(p.id)), key=f"perm-{p.id}"))
        if g.is_over():
            out.append(Target("Undo", lambda: self._do(self._undo)))
            return out
        nxt = g.next_in_order()
        out.append(Target(f"Next turn: {nxt}", lambda: self._do(lambda: self._play(BeginTurn(nxt))), primary=True))
        if len(g.order) > 1:
            after = g.after(nxt)
            out.append(Target(f"Skip {nxt}'s turn", lambda: self._do(lambda: self._play(BeginTurn(after, skipping=(nxt,))))))
        if g.active is not None:
            who = g.active_name
            out.append(Target(f"Extra turn for {who}", lambda: self._do(lambda: self._play(BeginTurn(who, extra=True)))))
            out.append(Target("A copy of a spell (not cast)", lambda: self._do(self._copy)))
        out.append(Target("It becomes day", lambda: self._do(lambda: self._play(Becomes("day", "an effect")))))
        out.append(Target("It becomes night", lambda: self._do(lambda: self._play(Becomes("night", "an effect")))))
        chosen = g.permanent(self.selected) if self.selected is not None else None
        if chosen is not None:
            pid = chosen.id
            out.append(Target(f"#{pid} leaves the battlefield",
                              lambda: self._do(lambda: self._play(Leave(pid)))))
            out.append(Target(f"Another effect transforms #{pid}",
                              lambda: self._do(lambda: self._play(Transform(pid, "another effect (Moonmist)")))))
            out.append(Target(f"#{pid} phases out", lambda: self._do(lambda: self._play(PhaseOut(pid)))))
            out.append(Target(f"Apply the effect to #{pid}", lambda: self._do(lambda: self._apply_effect(pid))))
            for e in chosen.effects:
                out.append(Target(f"End {e.name} on #{pid}",
                                  lambda e=e: self._do(lambda: self._play(EndEffect(pid, e.name)))))
        out.append(Target("Undo", lambda: self._do(self._undo)))
        out.append(Target("End the game", lambda: self._do(lambda: self._play(EndGame("the players end the game")))))
        return out

    def refresh(self, events: Sequence[Any] = (), status: str | None = None) -> None:
        """Redraw the table (with what ``events`` changed animated) and the log."""
        if self.selected is not None and self.game.permanent(self.selected) is None:
            self.selected = None
        drawing = mtg_draw.table(self.game, events=events, selected=self.selected)
        self.table.draw(drawing, self.targets(), status=status)
        self.log_view.update(self.game.log)

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
