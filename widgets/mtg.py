"""The day/night tracker for a real Magic table, and the plotly charts of ``daynight.mtg``.

* :class:`Tracker` -- the app: the drawn table (``daynight.mtg.draw.table``) on the one table
  widget (:class:`daynight.widgets.table.Table`). Click a player's spell counter when they
  cast a spell, a card to choose it (then what happens to it in the toolbar: it leaves, it
  phases out, an effect applies or ends, another effect transforms it), a waiting trigger to
  resolve it; the toolbar begins the next turn (or skips one, or gives an extra turn) and
  applies "it becomes day / night". A form above the table puts a permanent onto the
  battlefield. The engine decides everything; a refused click shows the rule.
  The tracked game is kept in the browser after every action (:class:`~daynight.widgets.keep.
  GameKeeper`, issue 24): a reload, a closed tab or a lost kernel offers "Continue your game
  (move N)", replayed through the engine; "Forget this game" in the bar clears it.
* :func:`designation_chart` -- the designation over the turns of a game with the spells cast
  per turn.
* :func:`night_frequency_chart` -- how often it is night as a function of how many spells the
  active player casts per turn, exactly (a two-state Markov chain) and by simulation.

plotly is imported only when a chart is drawn, so the tracker appears fast.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import resources
from typing import Any

import ipywidgets as w
from IPython.display import display

from daynight import i18n
from daynight.core import Game, IllegalMoveError, parse_record
from daynight.mtg import (
    CAST_ZONES,
    Affect,
    Attach,
    Becomes,
    BeginTurn,
    CastSpell,
    DayNight,
    Effect,
    EndEffect,
    EndGame,
    Enter,
    Leave,
    PermanentSpec,
    PhaseOut,
    Resolve,
    Transform,
    catalog,
    effect_catalog,
    night_fraction,
    poisson_spells,
    simulate,
    transition_probabilities,
)
from daynight.mtg import draw as mtg_draw
from daynight.mtg.view import PermanentView

from .common import EventLogView, app_layout, button, guarded
from .keep import GameKeeper
from .mtg_guide import GuidedGame
from .table import Table, Target

__all__ = ["HOW_TO", "KIND_CHOICES", "Tracker", "designation_chart", "night_frequency_chart", "night_frequency_table"]

#: the kinds a player can pick, in short words (the value is the engine's kind; KIND_WORDS says more)
KIND_CHOICES = [
    ("daybound/nightbound card", "dfc"),
    ("transforming card, no daybound", "transforming"),
    ("single-faced, daybound", "daybound"),
    ("single-faced, nightbound", "nightbound"),
    ("other permanent", "other"),
]
ZONE_CHOICES = [(z, z) for z in CAST_ZONES]
#: how to use the tracker, and the table's height (it may not push the toolbar below the first
#: screen: the title, the form above the table, the toolbar and the status line take about 330
#: pixels): package data, ``widgets/mtg_help.html``
HOW_TO = resources.files(__package__ or "daynight.widgets").joinpath("mtg_help.html").read_text(encoding="utf-8")
NARROW = {"description_width": "initial"}
_ = i18n._  # every sentence a learner reads goes through daynight.i18n


class Tracker:
    """A day/night tracker for a real table, drawn.

    ``Tracker(players=["Alice", "Bob"])``; ``Tracker(players=[...4 names...], two_headed_giant=True)``
    for shared team turns (the first two players against the last two). ``tracker.widget`` is
    the app; ``tracker.table.choose(tracker.table.target_id("Alice casts a spell"))`` does what
    a click does, so tests need no browser.

    Every target on the table stands for one move of the engine (``Target.move``), placed on
    the drawn piece :func:`daynight.mtg.draw.key` names; a click plays that move, and a move the
    rules refuse shows its rule in the status line.
    """

    def __init__(
        self, players: Sequence[str] = ("Alice", "Bob"), *, two_headed_giant: bool = False, game: DayNight | None = None
    ):
        self.table = Table(label="the Magic table: day and night")
        # on a phone the tracker's buttons (the next turn, day or night, undo) come before the drawing: they are
        # the decision of every moment, and the drawing of three players is taller than the first screen
        self.table.add_class("dn-actions-first")
        self.table.add_class("dn-mtg")
        self.log_view = EventLogView(limit=200)
        self.selected: int | None = None
        self.last_chart: Any = None
        self.game = game if game is not None else self._make_game(list(players), two_headed_giant)
        # the tracked game, kept in this browser after every action and offered again on opening
        self.keeper = GameKeeper(self.table, "mtg", DayNight, resume=self.resume, title="Magic: day and night")
        # the guided first game (issue 19): predict each untap step; "Learn to play" in the bar
        self.learning = GuidedGame(self)
        self.guide = self.learning.guide
        top = [self.guide.start_button, *self._entering_form(), self.keeper.forget_button]
        settings = self._settings(players, two_headed_giant)
        self.widget = app_layout(self.table, side=[w.HTML(HOW_TO), settings, self.log_view], top=top)
        # a phone turned, a window resized: the drawing laid out again for its width (issue 23)
        self.table.on_screen(lambda _screen, _width: self.refresh())
        self.permanent_name.observe(self._on_name, names="value")
        # the targets carry the moves they play: a spell's zone and the effect are part of them
        self.zone.observe(lambda _: self.refresh(), names="value")
        self.effect.observe(lambda _: self.refresh(), names="value")
        self._controllers()
        self.guide.moved(self.game)
        self.refresh(status='Press "Next turn" as the first turn begins; add a werewolf by name when one enters.')

    def _entering_form(self) -> list[w.Widget]:
        """Above the table: where spells are cast from, and a permanent entering."""
        self.zone = w.Dropdown(
            options=ZONE_CHOICES,
            value="hand",
            description="Cast from",
            tooltip="Where the next spell is cast from (every zone counts)",
            style=NARROW,
            layout=w.Layout(width="12.5em"),
        )
        return [self.zone, *self._permanent_fields(), *self._permanent_flags()]

    def _permanent_fields(self) -> list[w.Widget]:
        """The permanent that enters: its name, its kind, who controls it."""
        self.permanent_name = w.Combobox(
            options=sorted(catalog()),
            placeholder="e.g. Brutal Cathar",
            description="Permanent",
            ensure_option=False,
            style=NARROW,
            tooltip="Name of the permanent that enters",
            layout=w.Layout(width="17em"),
        )
        self.permanent_kind = w.Dropdown(
            options=KIND_CHOICES,
            value="dfc",
            description="Kind",
            style=NARROW,
            tooltip="What kind of permanent it is (known cards fill this in)",
            layout=w.Layout(width="16em"),
        )
        self.controller = w.Dropdown(
            options=[],
            description="Controller",
            tooltip="Who controls it",
            style=NARROW,
            layout=w.Layout(width="11.5em"),
        )
        # shown for an Aura that enchants a player (Curse of Leeches) only: the player it enchants
        self.enchants = w.Dropdown(
            options=[],
            description="Enchants",
            tooltip="The player the Aura enchants",
            style=NARROW,
            layout=w.Layout(width="11em", display="none"),
        )
        return [self.permanent_name, self.permanent_kind, self.controller, self.enchants]

    def _permanent_flags(self) -> list[w.Widget]:
        """How it enters (transformed, a token) and the button that puts it onto the battlefield."""
        self.transformed = w.Checkbox(
            value=False,
            description="transformed",
            indent=False,
            tooltip="Put onto the battlefield transformed (back face up)",
            layout=w.Layout(width="8em"),
        )
        self.token = w.Checkbox(
            value=False,
            description="token",
            indent=False,
            tooltip="A token (a token copy of a double-faced card is double-faced)",
            layout=w.Layout(width="5em"),
        )
        self.add_button = button(
            "Enters",
            self._click(self._add_permanent),
            tooltip="The permanent enters the battlefield",
            button_style="info",
            layout=w.Layout(width="6em"),
        )
        return [self.transformed, self.token, self.add_button]

    def _settings(self, players: Sequence[str], two_headed_giant: bool) -> w.Accordion:
        """The side column: what an effect is, a new game, the record, the chart."""
        self.effect = w.Dropdown(
            options=sorted(effect_catalog()),
            value="Bound by Moonsilver",
            description="Effect",
            tooltip="The effect that applies to the chosen card",
            layout=w.Layout(width="22em"),
        )
        self.players_text = w.Text(
            value=", ".join(players),
            description="Players",
            placeholder="names separated by commas",
            tooltip="Players in turn order, separated by commas",
        )
        self.two_headed = w.Checkbox(
            value=two_headed_giant, description="Two-Headed Giant (shared team turns)", indent=False
        )
        self.new_game_button = button(
            "New game", self._click(self._new_game), tooltip="Start a new game with these players (the log is cleared)"
        )
        self.record_text = w.Textarea(
            description="Record",
            placeholder="a daynight game record (JSON)",
            tooltip="The game record as JSON",
            layout=w.Layout(width="95%", height="8em"),
        )
        self.show_record_button = button(
            "Show record",
            lambda _: self._show_record(),
            tooltip="Put this game's record (JSON) in the box, to copy and keep",
        )
        self.load_record_button = button(
            "Load record", self._click(self._load_record), tooltip="Replace this game by the record in the box"
        )
        self.chart_button = button(
            "Chart of this game",
            lambda _: self._chart(),
            tooltip="Draw day and night over the turns so far, with the spells cast",
        )
        self.chart_output = w.Output()
        settings = w.Accordion(
            children=[
                w.VBox(
                    [
                        self.effect,
                        w.HTML(
                            "<small>Choose a card on the table, then apply the effect to it from the toolbar.</small>"
                        ),
                    ]
                ),
                w.VBox([self.players_text, self.two_headed, self.new_game_button]),
                w.VBox([self.record_text, w.HBox([self.show_record_button, self.load_record_button])]),
                w.VBox([self.chart_button, self.chart_output]),
            ]
        )
        for i, title in enumerate(("Effects on a card", "New game", "Record", "Chart")):
            settings.set_title(i, title)
        settings.selected_index = None
        self.settings = settings
        return settings

    # -- the game -------------------------------------------------------------------
    @staticmethod
    def _make_game(players: list[str], two_headed_giant: bool) -> DayNight:
        if two_headed_giant:
            if len(players) != 4:
                raise IllegalMoveError(
                    "Two-Headed Giant needs four players: two teams of two", rule="Two-Headed Giant, CR 810"
                )
            return DayNight.two_headed_giant(
                players[:2],
                players[2:],
                names=(f"Team {players[0]} & {players[1]}", f"Team {players[2]} & {players[3]}"),
            )
        return DayNight.new(players)

    def _new_game(self) -> str:
        names = [n.strip() for n in self.players_text.value.split(",") if n.strip()]
        self.game = self._make_game(names, self.two_headed.value)
        self.selected = None
        self._controllers()
        return f'New game: {", ".join(self.game.order)}. Press "Next turn" to begin.'

    def _do(self, action: Callable[[], Any]) -> None:
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
        if self.learning.active:  # the guided game: its notes, Bob's turn, the next prediction
            self.learning.step(events, status)
            return
        self.guide.moved(self.game)  # kept before the table shows it (a new game: at its first move)
        self.refresh(events=events, status=status)

    def act(self, action: Callable[[], Any]) -> None:
        """Do ``action`` as a click does (a refusal raises: the table shows its rule)."""
        self._do(action)

    def new_game(self) -> None:
        """A new game with the players of the settings (the guided game left for a normal one)."""
        self._do(self._new_game)

    def _click(self, action: Callable[[], Any]) -> Callable[..., Any]:
        """A handler for a standard button: the action through the table's status line."""
        return lambda _=None: guarded(self.table, lambda: self._do(action))

    def _undo(self) -> str:
        if not self.game.history:
            raise IllegalMoveError("there is nothing to undo", rule="undo")
        record = self.game.to_record()
        record["moves"] = record["moves"][:-1]
        game = DayNight.from_record(record)
        assert isinstance(game, DayNight)
        if self.keeper.game is self.game:  # the same game, a move shorter: "Forget this game" still holds
            self.keeper.game = game
        self.game = game
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
            aura = (self.enchants.value or None) if entry["enchant_player"] else None
            via = "effect" if transformed else "spell"
            spec = PermanentSpec.from_catalog(name, controller=controller, token=token, via=via, attached_to=aura)
            if transformed and not spec.transformed:
                spec = PermanentSpec.from_catalog(
                    entry["back"] or name,
                    controller=controller,
                    token=token,
                    via=via,
                    transformed=True,
                    attached_to=aura,
                )
            return spec
        kind = self.permanent_kind.value
        return PermanentSpec(
            name,
            kind,
            controller=controller,
            transformed=transformed,
            token=token,
            via="effect" if transformed else "spell",
        )

    def _add_permanent(self) -> None:
        self.game.play(Enter((self._spec(),)))
        self.permanent_name.value = ""
        self.transformed.value = self.token.value = False

    def _select(self, pid: int) -> str:
        self.selected = None if pid == self.selected else pid
        p = self.game.permanent(self.selected)
        if p is None:
            return "No card chosen."
        return f"Chosen: {p.label()}. What happens to it? (the toolbar)"

    def resume(self, game: Game) -> None:
        """Show ``game``, the tracked game continued from the record this browser kept; the
        settings say its players, as if it had been started here."""
        assert isinstance(game, DayNight)
        self.game = game
        self.selected = None
        self.learning.predicting, self.learning.feedback = False, None
        self.players_text.value = ", ".join(game.players)
        self.two_headed.value = bool(game.teams)
        self._controllers()
        self.refresh(
            status=_("The guided game: do what the note above the table says.") if self.learning.active else None
        )

    def _show_record(self) -> None:
        self.record_text.value = self.game.to_json(indent=1)
        self.table.ok(f"The record of this game ({len(self.game.history)} events) is in the box.")

    def _load_record(self) -> str:
        game = DayNight.from_record(parse_record(self.record_text.value, "the record box"))
        assert isinstance(game, DayNight)
        self.game = game
        self.selected = None
        self._controllers()
        return f"Loaded a game of {', '.join(game.order)}: {len(game.history)} events replayed."

    def _chart(self) -> None:
        if not self.game.turns:
            self.table.show("No turn has begun yet: there is nothing to chart.")
            return

        def draw() -> None:
            fig = designation_chart(self.game)  # imports plotly now, not when the app starts
            self.last_chart = fig
            self.chart_output.clear_output(wait=True)
            with self.chart_output:
                display(fig)

        guarded(self.table, draw)

    def _on_name(self, change: dict[str, Any]) -> None:
        entry = catalog().get(change["new"])
        if entry is not None:
            self.permanent_kind.value = entry["kind"]
            self.transformed.value = bool(entry["back"]) and change["new"] == entry["back"]
        self.enchants.layout.display = None if entry is not None and entry["enchant_player"] else "none"

    def _controllers(self) -> None:
        self.controller.options = [("nobody in particular", "")] + [(p, p) for p in self.game.players]
        self.controller.value = self.game.players[0]
        self.enchants.options = [("no player", "")] + [(p, p) for p in self.game.players]
        self.enchants.value = self.game.players[-1]

    # -- the view ------------------------------------------------------------------------
    def _move(self, name: str, move: Any, primary: bool = False) -> Target:
        """A target that plays ``move``, on the drawn piece it stands on (:func:`draw.key`) or in
        the toolbar; the engine decides, and a refusal shows its rule."""
        return Target(
            name, lambda: self._do(lambda: self.game.play(move)), key=mtg_draw.key(move), primary=primary, move=move
        )

    def moves(self) -> list[tuple[str, Any]]:
        """What a player can do at the table now, each named in words with the move it plays:
        the moves the rules allow, and those a learner may try anyway (a spell before the first
        turn, the next turn with a trigger waiting): the engine says why those are refused."""
        g = self.game
        out: list[tuple[str, Any]] = []
        for i, p in enumerate(g.players):
            out.append((f"{p} casts a spell ({g.spells[i]} so far this turn)", CastSpell(p, zone=self.zone.value)))
        for m in g.legal_moves():
            if isinstance(m, Resolve) and not m.countered:
                t = g.trigger(m.trigger)
                out.append((f"resolve #{m.trigger}: {t.text if t else ''}", m))
            elif isinstance(m, Attach):  # as an Aura transforms, its controller chooses the player
                aura = g.permanent(m.permanent)
                out.append((f"Attach #{m.permanent} {aura.face_name() if aura else ''} to {m.player}", m))
        nxt = g.next_in_order()
        out.append((f"Next turn: {nxt}", BeginTurn(nxt)))
        if len(g.order) > 1:
            out.append((f"Skip {nxt}'s turn", BeginTurn(g.after(nxt), skipping=(nxt,))))
        who, active = g.active_name, g.active_players()
        if who is not None:
            out.append((f"Extra turn for {who}", BeginTurn(who, extra=True)))
            out.append(("A copy of a spell (not cast)", CastSpell(active[0], copy=True)))
        out.append(("It becomes day", Becomes("day", "an effect")))
        out.append(("It becomes night", Becomes("night", "an effect")))
        out.extend(self._card_moves())
        out.append(("End the game", EndGame("the players end the game")))
        return out

    def _card_moves(self) -> list[tuple[str, Any]]:
        """What can happen to the chosen card."""
        chosen = self.game.permanent(self.selected)
        if chosen is None:
            return []
        pid = chosen.id
        out: list[tuple[str, Any]] = [
            (f"#{pid} leaves the battlefield", Leave(pid)),
            (f"Another effect transforms #{pid}", Transform(pid, "another effect (Moonmist)")),
            (f"#{pid} phases out", PhaseOut(pid)),
            (f"Apply the effect to #{pid}", Affect(pid, Effect.from_catalog(self.effect.value))),
        ]
        out.extend((f"End {e.name} on #{pid}", EndEffect(pid, e.name)) for e in chosen.effects)
        return out

    def targets(self) -> list[Target]:
        """What can be clicked now: the drawn pieces, then the toolbar, each named in words."""
        undo = Target("Undo", lambda: self._do(self._undo))
        if self.learning.active:
            return self._guided_targets()
        if self.game.is_over():
            return [*self._card_targets(), undo]
        drawn, toolbar = [], []
        for name, m in self.moves():
            if mtg_draw.key(m):
                drawn.append(self._move(name, m))
            else:
                toolbar.append(self._move(name, m, primary=isinstance(m, BeginTurn) and not (m.extra or m.skipping)))
        end = toolbar.pop()  # "End the game" comes last, after "Undo"
        return [*drawn, *self._card_targets(), *toolbar, undo, end]

    def _guided_targets(self) -> list[Target]:
        """The guided game's targets: the answers to predict (or the end of Alice's turn), every
        player's spell counter and every card (a click the rules refuse says why); no "Next
        turn": a turn begins after its prediction."""
        if self.game.is_over():
            return self._card_targets()
        drawn = [self._move(name, m) for name, m in self.moves() if isinstance(m, CastSpell) and mtg_draw.key(m)]
        return [*self.learning.targets(), *drawn, *self._card_targets()]

    def _card_targets(self) -> list[Target]:
        """Each permanent: click to choose it (what happens to it is then in the toolbar)."""
        out = []
        for p in self.game.view(None).permanents:
            verb = "put back" if p.id == self.selected else "choose"
            out.append(self._choose(f"{verb} {mtg_draw.permanent_words(p)}", p))
        return out

    def _choose(self, name: str, p: PermanentView) -> Target:
        return Target(name, lambda: self._do(lambda: self._select(p.id)), key=f"perm-{p.id}")

    def refresh(self, events: Sequence[Any] = (), status: str | None = None) -> None:
        """Redraw the table (with what ``events`` changed animated) and the log."""
        if self.selected is not None and self.game.permanent(self.selected) is None:
            self.selected = None
        guided = self.learning.active and not self.game.is_over()
        answers = mtg_draw.predictions(self.table.draw_width) if guided and self.learning.predicting else ()
        drawing = mtg_draw.table(
            self.game,
            events=events,
            selected=self.selected,
            width=self.table.draw_width,
            forecast_shown=not guided,
            answers=answers,
            answers_title=_("Predict: after the next untap step it will be") if answers else "",
        )
        self.log_view.update(self.game.log)  # first: a page that sees the new drawing sees its log (DEVELOPING.md)
        self.table.draw(drawing, self.targets(), status=status)

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook display
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


def designation_chart(game: DayNight, *, title: str | None = None) -> Any:
    """The designation after each turn's untap step (coloured bands, labelled D, N or -, and
    "D→N" when it changed during the turn) and the spells cast per turn: by the active player
    or team (the ones that count) and by the others (which do not)."""
    import plotly.graph_objects as go  # lazy: about 120 ms to import; the tracker appears without it

    rows = game.turn_table()
    if not rows:
        raise ValueError("the game has no turns yet")
    fig = go.Figure()
    top = _spell_bars(fig, rows)
    _designation_bands(fig, rows, top)
    fig.add_hline(
        y=2,
        line_dash="dot",
        line_color="#444",
        annotation_text="2 spells: night becomes day",
        annotation_position="top left",
    )
    fig.update_layout(
        barmode="stack",
        template="plotly_white",
        height=380,
        title=title or "Day (D, gold) and night (N, dark blue) turn by turn, with the spells cast",
        xaxis_title="turn (designation after its untap step)",
        yaxis_title="spells cast that turn",
        yaxis_range=[0, top],
        legend={"orientation": "h", "y": -0.25},
    )
    return fig


def _spell_bars(fig: Any, rows: list[dict[str, Any]]) -> int:
    """The spells of each turn, the active player's (they count) under the others'; returns the
    chart's height in spells."""
    turns = [r["turn"] for r in rows]
    fig.add_bar(
        x=turns,
        y=[r["active_spells"] for r in rows],
        name="spells by the active player (count)",
        marker_color="#2a9d8f",
        hovertext=[f"turn {r['turn']}: {r['active']} cast {r['active_spells']}" for r in rows],
    )
    fig.add_bar(
        x=turns,
        y=[r["other_spells"] for r in rows],
        name="spells by the others (do not count)",
        marker_color="#b8b8b8",
        marker_pattern_shape="/",
    )
    return max(3, max(r["active_spells"] + r["other_spells"] for r in rows) + 1)


def _designation_words(r: dict[str, Any]) -> str:
    changed = " (changed there)" if r["changed_at_untap"] else ""
    end = f", {r['designation_end']} at the end of the turn" if r["designation_end"] != r["designation"] else ""
    return f"turn {r['turn']} ({r['active']}): {r['designation']} after the untap step{changed}{end}"


def _designation_bands(fig: Any, rows: list[dict[str, Any]], top: int) -> None:
    """A band per turn in the designation's colour, and its letter (D, N, -) on top."""
    for r in rows:
        fig.add_vrect(
            x0=r["turn"] - 0.5,
            x1=r["turn"] + 0.5,
            fillcolor=_COLOURS[r["designation"]],
            opacity=0.25,
            line_width=0,
            layer="below",
        )
    fig.add_scatter(
        x=[r["turn"] for r in rows],
        y=[top - 0.4] * len(rows),
        mode="text",
        name="designation",
        text=[_label(r) for r in rows],
        hovertext=[_designation_words(r) for r in rows],
        textfont={"size": 12, "color": "#333"},
        showlegend=True,
    )


def night_frequency_table(means: Sequence[float] | None = None, *, sim_turns: int = 20_000, seed: int = 0):
    """A pandas DataFrame: for each mean number of spells per player per turn (Poisson), the
    exact long-run fraction of night turns (Markov chain) for one active player and for a
    Two-Headed Giant team, and the fraction in a seeded simulation of ``sim_turns`` turns."""
    import pandas as pd  # lazy: about 2 s to import; only the charts notebook's table needs it

    means = list(means) if means is not None else [0.25 * i for i in range(1, 17)]
    rows = []
    for i, m in enumerate(means):
        dist = poisson_spells(m)
        a, b = transition_probabilities(dist)
        rows.append(
            {
                "mean_spells": m,
                "p_day_to_night": a,
                "p_night_to_day": b,
                "night_exact": night_fraction(dist),
                "night_simulated": simulate(sim_turns, dist, seed=seed + i).night_fraction,
                "night_exact_2hg": night_fraction(dist, team_size=2),
                "night_simulated_2hg": simulate(sim_turns, dist, team_size=2, seed=seed + 1000 + i).night_fraction,
            }
        )
    return pd.DataFrame(rows)


def night_frequency_chart(means: Sequence[float] | None = None, *, sim_turns: int = 20_000, seed: int = 0, table=None):
    """How often it is night against the mean number of spells each player casts per turn:
    exact curves from the Markov chain, simulated points on top."""
    import plotly.graph_objects as go  # lazy: about 120 ms to import; the tracker appears without it

    fine = [0.05 * i for i in range(81)]
    fine[0] = 0.001
    df = table if table is not None else night_frequency_table(means, sim_turns=sim_turns, seed=seed)
    fig = go.Figure()
    fig.add_scatter(
        x=fine,
        y=[night_fraction(poisson_spells(m)) for m in fine],
        mode="lines",
        name="one active player (exact)",
        line=dict(color="#27335c", width=3),
    )
    fig.add_scatter(
        x=fine,
        y=[night_fraction(poisson_spells(m), team_size=2) for m in fine],
        mode="lines",
        name="Two-Headed Giant team (exact)",
        line=dict(color="#c98a00", width=3, dash="dash"),
    )
    fig.add_scatter(
        x=df["mean_spells"],
        y=df["night_simulated"],
        mode="markers",
        name=f"one player, simulated ({sim_turns:,} turns each)",
        marker=dict(symbol="circle-open", size=10, color="#27335c"),
    )
    fig.add_scatter(
        x=df["mean_spells"],
        y=df["night_simulated_2hg"],
        mode="markers",
        name="team, simulated",
        marker=dict(symbol="diamond-open", size=10, color="#c98a00"),
    )
    fig.update_layout(
        template="plotly_white",
        height=420,
        title="How often is it night? (spells per player per turn follow a Poisson law)",
        xaxis_title="mean spells each player casts per turn",
        yaxis_title="fraction of turns at night",
        yaxis_range=[0, 1],
        legend=dict(orientation="h", y=-0.25),
    )
    return fig
