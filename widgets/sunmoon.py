"""Sonne und Mond against bots, and the plotly charts of ``daynight.sunmoon``.

* :class:`SunMoonApp` -- the play app: the table drawn as the game (``daynight.sunmoon.draw``)
  in the one table widget (:class:`daynight.widgets.table.Table`). Click a card of your hand to
  pick it up: the ends of every row of its kind (and the places it could restore or cover)
  become targets, those where it fits marked "fits"; click one to play it. Harvest,
  self-destruct and a hint are the toolbar's buttons. Every target carries the engine's move it
  stands for (``Target.move``): the places a card may go are the drawing's (``draw.drops``,
  ``draw.move_key``), whether it fits there is the engine's, and a refused click shows the rule
  in the table's status line, with the explained log beside. The game is kept in the browser
  after every move, the bots' too (:class:`~daynight.widgets.keep.GameKeeper`, key
  ``daynight.game.v1.sunmoon``): a reload, a lost kernel or a closed tab offers to continue it.
* the charts (:mod:`.sunmoon_charts`, re-exported here): :func:`score_breakdown_figure`,
  :func:`row_lengths_figure`, :func:`bot_results_figure`.
* The bar's Language menu (English / 繁體中文) switches every word of the page mid-game, the game
  replayed under the new catalog (:meth:`SunMoonApp.switch`).

The how-to-play text is the package data file ``sunmoon_help.html`` (``sunmoon_help.<language>.html``
where a translation exists). plotly is imported only when a chart is drawn, so the app's first
control appears fast.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from importlib import resources
from typing import Any

import ipywidgets as w
from IPython.display import display

from daynight import i18n
from daynight.core import Event, Game, IllegalMoveError
from daynight.i18n import N_, ngettext
from daynight.sunmoon import (
    BOTS,
    KINDS,
    Card,
    Harvest,
    MonteCarloBot,
    Move,
    Options,
    RuleOfThumbBot,
    SelfDestruct,
    SunMoon,
    draw,
)
from daynight.sunmoon.engine import move
from daynight.sunmoon.moves import CARD_PLAYS
from daynight.sunmoon.words import YOU, row_words, sentence

from .common import EventLogView, app_layout, button, guarded
from .guide import Guide
from .keep import GameKeeper
from .sunmoon_charts import bot_results_figure, bot_summary, row_lengths, row_lengths_figure, score_breakdown_figure
from .sunmoon_guide import allowed_words, goal, guided_bot_move, guided_game, lessons, shorter_words
from .table import Table, Target, page_words

_ = i18n._  # the translation call ("from ..i18n import _" would read as importing a private name)

__all__ = [
    "BOT_NAMES",
    "HOW_TO_PLAY",
    "SpokenTable",
    "SunMoonApp",
    "bot_results_figure",
    "bot_summary",
    "help_html",
    "make_bot",
    "row_lengths",
    "row_lengths_figure",
    "score_breakdown_figure",
]

BOT_NAMES = ["Ada", "Bo", "Cy"]

#: the rules the log names after each sentence, in words of the page's language (the engine's rule ids, which
#: records and refusals keep in English: ``[rule: self-destruct]``)
LOG_RULES = {
    "setup": N_("setup"),
    "starting a row": N_("starting a row"),
    "placing": N_("placing"),
    "eclipses": N_("eclipses"),
    "restoring": N_("restoring"),
    "animal card": N_("animal card"),
    "harvest": N_("harvest"),
    "drawing": N_("drawing"),
    "scoring": N_("scoring"),
    "self-destruct": N_("self-destruct"),
    "end of the game": N_("end of the game"),
}


def said_log(events: Sequence[Event]) -> list[Event]:
    """``events`` as the log shows them: each one's rule in the page's language (:data:`LOG_RULES`)."""
    return [e._replace(rule=_(LOG_RULES[e.rule])) if e.rule in LOG_RULES else e for e in events]


#: the rule options, as the app offers them: (label, [(choice, value)])
OPTION_LABELS: dict[str, tuple[str, list[tuple[str, Any]]]] = {
    "empty_hand_at_end": (
        N_("Nothing to do at the end"),
        [(N_("self-destruct"), "self_destruct"), (N_("pass"), "pass")],
    ),
    "harvest_takes": (N_("A harvest takes"), [(N_("the run of 5+ (rest stays)"), "run"), (N_("the whole row"), "row")]),
    "restore_order": (
        N_("Eclipses side by side"),
        [(N_("restore outermost first"), "outermost"), (N_("restore in any order"), "any")],
    ),
    "eclipse_on_eclipse": (N_("Eclipse on an eclipse"), [(N_("not allowed"), False), (N_("allowed"), True)]),
    "eclipse_on_lone_card": (N_("Eclipse on a lone card"), [(N_("allowed"), True), (N_("not allowed"), False)]),
    "animal_without_follow_up": (
        N_("Animal, nothing fits"),
        [(N_("the turn ends"), "skip"), (N_("self-destruct"), "self_destruct")],
    ),
    "final_round": (N_("Pile used up"), [(N_("one more turn each"), True), (N_("the game ends at once"), False)]),
    "draw_in_final_round": (
        N_("Drawing in the final round"),
        [(N_("no more drawing"), False), (N_("still draw"), True)],
    ),
    "tie_break": (N_("Equal totals"), [(N_("share the win"), "shared"), (N_("more harvested wins"), "most_harvested")]),
}


def help_html(language: str | None = None) -> str:
    """The how-to-play text (``sunmoon_help.html``, package data next to this module), in
    ``language`` (default: the current one) where a translation ``sunmoon_help.<language>.html``
    exists. Read with ``importlib.resources``, so it works from an installed package and from
    the source tree alike."""
    folder = resources.files(__package__ or "daynight.widgets")
    translated = folder.joinpath(f"sunmoon_help.{language or i18n.language()}.html")
    return (translated if translated.is_file() else folder.joinpath("sunmoon_help.html")).read_text(encoding="utf-8")


HOW_TO_PLAY = help_html("en")

_SLIM = {"style": {"description_width": "initial"}, "layout": {"width": "auto"}}


#: the drawn table leaves room above it for the page's title and the bar of settings, and below
#: it for the toolbar and the status line, so that all of it fits a 1280x800 window
STYLE = "<style>.sm-app .dn-table { --dn-table-max-height: calc(100vh - 300px); }</style>"


def reword(menu: w.Dropdown, words: Callable[[Any], str]) -> None:
    """Give each choice of ``menu`` its words (``words(value)``), its value kept."""
    value = menu.value
    menu.options = [(words(v), v) for _label, v in menu.options]
    menu.value = value


def make_bot(kind: str) -> Any:
    """A bot of the app: the Monte Carlo bot with a budget that answers well within a second."""
    if kind == "Monte Carlo":
        return MonteCarloBot(rollouts=10, width=4)
    return BOTS[kind]()


class SpokenTable(Table):
    """The app's table: every message of the browser (a click, the page's width, a kept value)
    is handled in the app's language (:attr:`language`), set process-wide first. The language
    of :mod:`daynight.i18n` is one for the whole kernel; each app sets its own before whatever
    it says (a click, a redraw, an explanation), so two apps in one notebook each speak their own."""

    language = i18n.DEFAULT

    def _handle(self, content: Any) -> bool:
        i18n.set_language(self.language)
        return super()._handle(content)


class SunMoonApp:
    """Play Sonne und Mond against 1-3 bots.

    ``SunMoonApp(players=3, opponents="rule of thumb", seed=1)``; ``app.widget`` is the page
    (the app also displays itself), ``app.table`` the drawn table. You sit in seat 1 and start
    (the play report: the youngest player starts). With four players you play in a team with
    Bo against Ada and Cy (``scoring="individual"`` for everyone alone).

    ``language`` (``"en"``, ``"zh-TW"``; default: the current one) is the app's; the bar's
    Language menu switches it mid-game (:meth:`switch`). The language of :mod:`daynight.i18n`
    is process-wide: the app sets its own before each thing it says (every click, redraw and
    explanation goes through :meth:`speaking` or its :class:`SpokenTable`), so two apps in one
    notebook each speak their own, and the kernel's language is the last speaker's.
    """

    def __init__(
        self,
        players: int = 3,
        opponents: str = "rule of thumb",
        seed: int = 1,
        *,
        scoring: str = "teams",
        language: str | None = None,
    ):
        self.language = i18n.known(language) if language is not None else i18n.language()
        i18n.set_language(self.language)
        self._controls(players, opponents, seed, scoring)
        self.table = SpokenTable()
        self._keeper_and_guide()
        self.help = w.HTML()
        self.log_heading = w.HTML()
        self.table.on_screen(lambda _screen, _width: self._fit_screen())
        self.widget = app_layout(
            self.table,
            side=[
                w.HTML(STYLE, layout=w.Layout(height="0px", overflow="hidden")),
                self.help,
                self.options_button,
                self.options_box,
                self.log_heading,
                self.log_view,
            ],
            top=[
                self.language_in,
                self.guide.start_button,
                self.settings_button,
                self.players_in,
                self.opponents_in,
                self.scoring_in,
                self.seed_in,
                self.new_button,
                self.keeper.forget_button,
            ],
        )
        self.widget.add_class("sm-app")
        self.game: SunMoon
        self.bots: list[Any] = []
        self.opponents: str = opponents  # the kind of the bots playing now
        self.human = 0
        self.selected: Card | None = None  # the card picked up from the hand
        self.hint: Move | None = None  # the move suggested by the hint
        self.fresh: set[Card] = set()  # cards laid since your last move (animated)
        self.harvested: set[int] = set()  # players who harvested since your last move
        self._words()
        self.language_in.observe(lambda change: guarded(self.table, lambda: self.switch(change["new"])), names="value")
        self.new_game()

    def _keeper_and_guide(self) -> None:
        """The keeper of the game in the browser, the explained log and the guided game."""
        # the bots' kind is kept beside the game (the rest is in its record)
        self.keeper = GameKeeper(
            self.table,
            "sunmoon",
            SunMoon,
            resume=self.resume,
            settings=lambda: {"bots": self.opponents},
            choices={"bots": tuple(BOTS)},
            speaking=self.speaking,  # its button speaks the app's language, whoever spoke last
        )
        self.log_view = EventLogView()
        self.guide = Guide(
            self.keeper,
            lessons(),
            goal=goal(),
            deal=lambda: guided_game(names=[_(YOU), BOT_NAMES[0]]),
            allowed=self.allowed,
            describe=self.play_name,
            player=0,
            go_on=self.step,
            new_game=self.new_game,
            practice="practice.ipynb",
            shorter=shorter_words(),
            speaking=self.speaking,  # its button speaks the app's language, whoever spoke last
        )

    def _controls(self, players: int, opponents: str, seed: int, scoring: str) -> None:
        """The bar across the top (language, players, opponents, scoring, deal, new game) and the
        rule options; their words are :meth:`_words`'."""
        self.language_in = w.Dropdown(options=[(name, code) for code, name in i18n.LANGUAGES.items()], **_SLIM)
        self.language_in.value = self.language
        self.language_in.add_class("dn-language")
        self.players_in = w.Dropdown(options=[(str(n), n) for n in (2, 3, 4)], value=players, **_SLIM)
        self.opponents_in = w.Dropdown(options=[(kind, kind) for kind in BOTS], value=opponents, **_SLIM)
        self.scoring_in = w.Dropdown(options=[("teams", "teams"), ("individual", "individual")], value=scoring, **_SLIM)
        self.seed_in = w.Dropdown(options=[(str(i), i) for i in range(1, 31)], value=seed, **_SLIM)
        self.new_button = button("", self.speaking(self.new_game))
        self.settings_open = False
        self.drawn_width: int | None = None  # the width the table was last drawn for (None: wide)
        self.settings_button = button(
            "", self.speaking(self.toggle_settings), layout=w.Layout(display="none", width="auto")
        )
        defaults = Options()
        self.option_inputs = {
            name: w.Dropdown(
                options=[(str(value), value) for _choice, value in choices],
                value=getattr(defaults, name),
                style={"description_width": "12em"},
                layout=w.Layout(width="100%"),
            )
            for name, (_label, choices) in OPTION_LABELS.items()
        }
        self.options_note = w.HTML()
        self.options_box = w.VBox(
            [self.options_note, *self.option_inputs.values()],
            layout=w.Layout(display="none", border="1px solid #ccc", padding="4px"),
        )
        self.options_button = button("", self.speaking(self.toggle_options))

    def _words(self) -> None:
        """Every word of the page in the current language: the bar, the rule options, the
        how-to-play, the table's own sentences, the guided game's lessons."""
        said = {self.language_in: _("Language"), self.players_in: _("Players"), self.opponents_in: _("Opponents")}
        said |= {self.scoring_in: _("With 4 players"), self.seed_in: _("Deal")}
        for menu, label in said.items():
            menu.description = label
        reword(self.players_in, lambda n: _("{n} players").format(n=n))
        reword(self.opponents_in, lambda kind: _(kind))
        reword(self.scoring_in, lambda value: _("teams") if value == "teams" else _("everyone alone"))
        reword(self.seed_in, lambda n: _("deal {n}").format(n=n))
        for name, (label, choices) in OPTION_LABELS.items():
            self.option_inputs[name].description = _(label)
            said_as = {value: _(choice) for choice, value in choices}
            reword(self.option_inputs[name], said_as.__getitem__)
        self.options_note.value = _(
            "<i>Where the play report is silent these are our choices (the defaults); they apply from the next new game.</i>"
        )
        buttons = [
            (self.new_button, _("New game"), _("Deal a new game")),
            (self.options_button, _("Rule options"), _("Show or hide the rule options (where the play report is silent)")),
            (self.keeper.forget_button, _("Forget this game"), _("Clear the game this browser keeps for this page")),
            (self.settings_button, _("Game settings"), _("Show or hide the players, the opponents and the deal of the next game")),
        ]  # fmt: skip
        for b, label, tooltip in buttons:
            b.description, b.tooltip = label, tooltip
        if self.settings_open:
            self.settings_button.description = _("Hide the settings")
        self.help.value = help_html(self.language)
        self.log_heading.value = _("<b>What happened</b> (every rule explains itself)")
        self.table.language, self.table.label, self.table.words = self.language, _("Sonne und Mond table"), page_words()
        self.keeper.title = _("Sonne und Mond (日與夜)")

    def speaking(self, action: Callable[[], Any]) -> Callable[..., None]:
        """``action`` as a button's callback: run in the app's language (and a refusal shown)."""

        def act(*_args: Any) -> None:
            i18n.set_language(self.language)
            guarded(self.table, action)

        return act

    def switch(self, code: str) -> None:
        """Speak ``code`` from now on, the game in progress kept: every word of the page is said
        again, and the game is replayed from its record under the new catalog, so the whole log
        is in one language (your name in the record is the new language's "You"); a guided game
        keeps its place, its notes read and its next note, said anew."""
        i18n.set_language(code)
        self.language = i18n.known(code)
        self.language_in.value = self.language
        self._words()
        old, record = self.game, self.game.to_record()
        names = record["setup"].get("names")
        if names and names[self.human] not in BOT_NAMES:
            names[self.human] = _(YOU)
        game = SunMoon.from_record(record)
        assert isinstance(game, SunMoon)
        self.game = game
        if self.keeper.game is old:
            self.keeper.game = game  # the same game: what the keeper decided (kept or forgotten) stays
        self.guide.say_again(lessons(), goal=goal(), shorter=shorter_words(), replayed=(old, game))
        self.keeper.moved(game)
        self._fit_screen()
        self._redraw(self._prompt())

    # -- game flow ------------------------------------------------------------------------
    def new_game(self) -> None:
        if self.table.note.get("kind") in ("offer", "error"):  # the page's offer, answered by the bar's New game
            self.table.tell(None)
            self.keeper.loaded = True
        players = self.players_in.value
        chosen = {name: dd.value for name, dd in self.option_inputs.items()}
        options = Options(scoring=self.scoring_in.value, **chosen)
        seed = self.seed_in.value
        game = SunMoon.new(players, seed, options=options, names=[_(YOU)] + BOT_NAMES[: players - 1])
        self._start(game, self.opponents_in.value, seed)
        self.guide.moved(game)  # kept (and a guided game left)
        bots = ngettext("{n} {kind} bot", "{n} {kind} bots", players - 1).format(
            n=players - 1, kind=_(self.opponents_in.value)
        )
        if game.team:
            text = _(
                "New game (deal {deal}) against {bots}. You and Bo play against Ada and Cy. Your turn: click a card in your hand."
            )
        else:
            text = _("New game (deal {deal}) against {bots}. Your turn: click a card in your hand.")
        self._redraw(text.format(deal=seed, bots=bots))

    def load(self, game: SunMoon, opponents: str | None = None) -> None:
        """Play on from a given game (e.g. a teaching position); you are seat 1."""
        self._start(game, opponents or self.opponents_in.value, 0)
        self.step()

    def resume(self, game: Game, settings: dict[str, Any] | None = None) -> None:
        """Go on with ``game``, replayed from the record the browser kept, against the bots kept
        beside it (``settings["bots"]``; a value kept without them: the bar's): the bar shows its
        settings (so "New game" deals the same kind of game), the bots play on if it is their turn
        (a page may have died while they played), and the table is drawn for you as before. The
        guided game goes on when its guide says so (after its note)."""
        assert isinstance(game, SunMoon)
        self._show_settings(game)
        self.opponents_in.value = (settings or {}).get("bots", self.opponents_in.value)
        self._start(game, self.opponents_in.value, int(game.setup.get("seed", 0)) + len(game.history))
        if game.turn != self.human and not game.is_over() and not self.guide.active:
            self._run_bots()
        self._redraw(self._prompt())

    def _show_settings(self, game: SunMoon) -> None:
        """Set the bar's players, scoring, deal and rule options to those of ``game`` (where the
        bar offers them: a deal by a seed it lists)."""
        self.players_in.value = game.n
        self.scoring_in.value = game.options.scoring
        seed = game.setup.get("seed")
        if seed in {value for _label, value in self.seed_in.options}:
            self.seed_in.value = seed
        for name, dropdown in self.option_inputs.items():
            value = getattr(game.options, name)
            if value in {v for _label, v in dropdown.options}:
                dropdown.value = value

    def _start(self, game: SunMoon, opponents: str, seed: int) -> None:
        self.game = game
        self.opponents = opponents  # the bots' kind of this game (the bar's may change for the next)
        self.bots = [None] + [make_bot(opponents) for _seat in range(game.n - 1)]
        self.rng = random.Random(seed)
        self.selected = self.hint = None
        self.fresh, self.harvested = set(), set()

    def _fit_screen(self) -> None:
        """The page was turned or resized across the breakpoint: on a phone held upright the
        bar's four menus fold behind "Game settings" (so the table and your hand come first),
        and the table is drawn for the new width."""
        narrow = self.table.screen == "narrow"
        for menu in (self.players_in, self.opponents_in, self.scoring_in, self.seed_in):
            menu.layout.display = "none" if narrow and not self.settings_open else None
        self.settings_button.layout.display = None if narrow else "none"
        self.settings_button.description = _("Hide the settings") if self.settings_open else _("Game settings")
        if self.table.draw_width != self.drawn_width:  # only a drawing for another width is drawn again
            self._redraw(self.table.status)

    def toggle_settings(self) -> None:
        self.settings_open = not self.settings_open
        self._fit_screen()

    def toggle_options(self) -> None:
        shown = self.options_box.layout.display != "none"
        self.options_box.layout.display = "none" if shown else "flex"

    def _mine(self) -> bool:
        return not self.game.is_over() and self.game.turn == self.human

    def _play(self, m: Move) -> None:
        """Play ``m`` (the engine refuses it with its rule, shown by the table), then the bots."""
        g = self.game
        g.play(m)
        self.selected = self.hint = None
        self.fresh, self.harvested = set(), set()
        self._mark(m)
        if self._mine() and g.extra and not self.guide.moved(g):  # an animal card: play again
            text = _("{card} shows an animal: play another card.").format(card=m.card.label)  # type: ignore[union-attr]
            self._redraw(sentence(text))
            return
        self.step(progress=True)

    def step(self, progress: bool = False) -> None:
        """After a move (and when the guided game goes on after a note): keep the game and let
        the guide speak (the kept record reaches the browser before the table shows the move),
        then the bots move until it is your turn, the game is over or a note pauses it."""
        g = self.game
        while not self.guide.moved(g) and not g.is_over() and g.turn != self.human:
            if progress:
                self._redraw(_("The others are playing..."))
            self._bot_move(progress)
        self._redraw(self._prompt())

    def _mark(self, m: Move) -> None:
        """Remember what ``m`` changed, so the next drawing animates it."""
        if type(m) is Harvest:
            self.harvested.add(m.player)
        elif type(m) in CARD_PLAYS:
            laid = draw.laid_card(self.game, m)  # type: ignore[arg-type]
            if laid is not None:
                self.fresh.add(laid)

    def _run_bots(self, progress: bool = False) -> None:
        """The bots play until it is your turn; with ``progress`` the table is redrawn before
        each Monte Carlo turn (it thinks for a moment), so the page shows who is thinking."""
        g = self.game
        while not g.is_over() and g.turn != self.human:
            self._bot_move(progress)
            self.keeper.moved(g)

    def _bot_move(self, progress: bool = False) -> None:
        """The bot whose turn it is moves (in the guided game Ada, as the guided deal was found with)."""
        g, p = self.game, self.game.turn
        if self.guide.active and g is self.guide.game:
            m = guided_bot_move(g)
        else:
            if progress and isinstance(self.bots[p], MonteCarloBot):
                self._redraw(_("{player} is thinking...").format(player=g.names[p]))
            m = self.bots[p].choose(g.view(p), g.legal_moves(), self.rng)
        g.play(m)
        self._mark(m)

    def _prompt(self) -> str:
        g = self.game
        if g.is_over():
            return self._result()
        if g.turn != self.human:  # a note of the guided game holds the bots' turn
            return _("It is {player}'s turn: read the note above the table.").format(player=g.names[g.turn])
        legal = g.legal_moves()
        if legal == (move(SelfDestruct, self.human),):
            return _(
                "Your turn. No card fits anywhere and nothing can be harvested: you must self-destruct "
                "(your hand and both your rows go to the discard pile)."
            )
        if any(type(m) is Harvest for m in legal):
            return _("Your turn: a row of yours can be harvested, or click a card in your hand.")
        return _("Your turn: click a card in your hand.")

    def _result(self) -> str:
        g = self.game
        table = g.score_table()
        won = g.winners()
        if g.team:
            totals = g.team_totals()
            if len(won) > 1:
                text = _("Game over: you and Bo {ours}, Ada and Cy {theirs}; a tie.")
            elif g.team[self.human] in won:
                text = _("Game over: you and Bo {ours}, Ada and Cy {theirs}; your team wins.")
            else:
                text = _("Game over: you and Bo {ours}, Ada and Cy {theirs}; Ada and Cy win.")
            return text.format(ours=f"{totals[0]:+d}", theirs=f"{totals[1]:+d}")
        names = " and ".join(g.names[p] for p in won)
        if len(won) > 1 or won == [self.human]:
            text = _("Game over: {players} win with {score}.")
        else:
            text = _("Game over: {players} wins with {score}.")
        return text.format(players=names, score=f"{table[won[0]]['total']:+d}")

    # -- clicks ---------------------------------------------------------------------------
    def pick(self, index: int) -> None:
        """Pick up (or put back) the card at ``index`` of your hand."""
        hand = self.game.hands[self.human]
        c = hand[index]
        self.selected = None if self.selected is c else c
        if self.selected is None:
            self.guide.moved(self.game)  # the guided game's advice follows the card in hand
            self._redraw(sentence(_("{card} put back: click a card in your hand.").format(card=c.label)))
            return
        fits = self.game.moves_for(c)
        if fits:
            text = ngettext(
                '{card}: it fits in {n} place, marked "fits". Click one.',
                '{card}: it fits in {n} places, marked "fits". Click one.',
                len(fits),
            )
        elif c.eclipse:
            text = _("{card} fits nowhere now: no card it may cover. Choose another card.")
        else:
            text = _(
                "{card} fits nowhere now: no end of a row and no eclipsed place it lies between. Choose another card."
            )
        self.guide.moved(self.game)
        self._redraw(sentence(text.format(card=c.label, n=len(fits))))

    def allowed(self, game: Game) -> str:
        """The guided game's words before each of your moves: what is allowed now and why."""
        assert isinstance(game, SunMoon)
        return allowed_words(game, self.selected, player=self.human, play_name=self.play_name)

    def play_name(self, m: Any) -> str:
        """A move in the words of its target (the guided game quotes them; a refusal lists them)."""
        if type(m) is Harvest:
            return _("Harvest my {row}").format(row=row_words(m.row))
        if type(m) is SelfDestruct:
            return _("Self-destruct")
        return _("play {move}").format(move=self.game.describe_move(m))

    def harvest(self, kind: str) -> None:
        self._play(move(Harvest, self.human, self.human, kind))

    def self_destruct(self) -> None:
        self._play(move(SelfDestruct, self.human))

    def suggest(self) -> None:
        """The rule-of-thumb bot's choice for you, shown on the table."""
        g = self.game
        m = RuleOfThumbBot().choose(g.view(self.human), g.legal_moves(), random.Random(len(g.history)))
        self.hint = m
        self.selected = getattr(m, "card", None)
        self._redraw(_("Hint: {move}.").format(move=g.describe_move(m)))

    # -- the drawing and its targets ---------------------------------------------------------
    def _targets(self) -> tuple[list[Target], set[str]]:
        """The targets of the moment, each with the move it plays (``Target.move``), and the
        keys of the drawn places where the picked-up card fits."""
        g, me = self.game, self.human
        if g.is_over():
            return [], set()
        hand = g.hands[me]
        if not self._mine():  # the others are playing: your cards say so (and keep the keyboard in the table)
            waiting = [
                Target(_("pick up {card}").format(card=c.label), self._wait, key=f"hand-{i}")
                for i, c in enumerate(hand)
            ]
            return [*waiting, Target(_("Hint"), self._wait, id="hint")], set()
        targets = [
            Target(
                (_("put back {card}") if c is self.selected else _("pick up {card}")).format(card=c.label),
                partial(self.pick, i),
                key=f"hand-{i}",
            )
            for i, c in enumerate(hand)
        ]
        legal, fits = g.legal_moves(), set()
        if self.selected is not None:  # every place the card may be dropped on; the engine says where it fits
            for m in draw.drops(g, me, self.selected):
                key = draw.move_key(g, m)
                if m in legal and key is not None:
                    fits.add(key)
                name = self.play_name(m)
                targets.append(Target(name, partial(self._play, m), key=key, primary=m == self.hint, move=m))
        for k in KINDS:
            harvest = move(Harvest, me, me, k)
            name = _("Harvest my {row}").format(row=row_words(k))
            primary = harvest in legal
            targets.append(Target(name, partial(self._play, harvest), id=f"harvest-{k}", primary=primary, move=harvest))
        end = move(SelfDestruct, me)
        only = legal == (end,)
        targets.append(Target(_("Self-destruct"), partial(self._play, end), id="self-destruct", primary=only, move=end))
        targets.append(Target(_("Hint"), self.suggest, id="hint"))
        return targets, fits

    def _wait(self) -> None:
        text = _("it is {player}'s turn; yours comes next").format(player=self.game.names[self.game.turn])
        raise IllegalMoveError(text, rule="turn order")

    def _redraw(self, status: str) -> None:
        g = self.game
        targets, fits = self._targets()
        mine = self._mine()
        dim = {c for c in g.hands[self.human] if not g.moves_for(c)} if mine else set()
        drawing = draw.table(
            g,
            self.human,
            selected=self.selected,
            hand_keys=not g.is_over(),
            slots=self.selected.kind if self.selected is not None and mine else None,
            fits=fits,
            fresh=self.fresh,
            harvested=self.harvested,
            dim=dim,
            width=self.table.draw_width,  # a phone held upright: the narrow arrangement
        )
        self.drawn_width = self.table.draw_width
        self.log_view.update(said_log(g.log))  # first: a page that sees the new drawing sees its log (DEVELOPING.md)
        self.table.draw(drawing, targets, status=status, kind="info")

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook display
        display(self.widget)
