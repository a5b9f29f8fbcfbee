"""Review any game: step through a record with its drawings and its explained events.

A :class:`Review` reads a record (a path, a dict, a JSON text, bytes or a :class:`~daynight.core.Game`)
and gives its *steps*: step 0 is the start, step ``n`` the table after move ``n``. Each step
has the state's drawing, as one chosen player saw it or everything at once
(:func:`daynight.draw.table`), the explained events of that move, each with its rule, and the
round or turn the move belongs to.

>>> from tests.toygame import Pebbles                           # doctest: +SKIP
>>> review = Review(Pebbles.new(3).to_record(), cls=Pebbles)    # doctest: +SKIP
>>> review.moves, review.describe(2), review.events(2)          # doctest: +SKIP

Bad input never raises past :class:`Review` with a traceback's worth of text:

* a record that cannot be read at all (not JSON, a bad header or setup, a file larger than
  :data:`~daynight.core.MAX_RECORD_BYTES`, refused before it is read) raises
  :class:`~daynight.core.InvalidRecordError` with the engine's one-line reason;
* a move that cannot be read or that the rules refuse ends the review there: the moves before
  it can be reviewed and :attr:`Review.error` holds the reason;
* nothing is ever written to the record; :func:`write_html` writes its file whole or not at
  all and never over the record it reads.

Stepping is cheap: the record is replayed once, keeping a copy of the game every
:data:`SNAPSHOT_EVERY` moves; a step replays at most that many moves from the nearest copy
(one move when stepping forward), and recent drawings are kept.

:func:`html` / :func:`write_html` turn a review into one self-contained HTML file (no server,
no network, arrow keys to step) that opens from an e-mail attachment or a USB stick. The
drawings of consecutive steps differ little, so the file keeps each distinct piece of SVG once
and every step as the list of its pieces.

Standard library only.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import json
import os
import re
import tempfile
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from . import __version__, draw, i18n, replay
from .core import DaynightError, Event, Game, InvalidRecordError, load_record, parse_record, shown
from .i18n import N_, ngettext
from .markup import Markup, Template, fill, join, resource

_ = i18n._  # every word a learner reads goes through daynight.i18n

__all__ = ["HTML_LANG", "SNAPSHOT_EVERY", "Group", "Review", "html", "page_language", "read_source", "write_html"]

#: a copy of the game is kept every this many moves
SNAPSHOT_EVERY = 16
#: how many drawings a review keeps (stepping back and forth redraws nothing)
DRAWINGS_KEPT = 128

Draw = Callable[..., Any]  # draw(game, viewer) or draw(game, viewer, width=...)
#: the width of the narrow drawings of the HTML file (a phone of 360 px held upright, less the margins)
NARROW_FILE_WIDTH = 320


class Grouping(NamedTuple):
    """How a game's moves fall into rounds or turns: the ``word`` (``"round"`` or ``"turn"``, a key
    of :data:`WORDS`) and the engine's own counter, read before the move (or after it, where the
    move itself starts the turn)."""

    word: str
    counter: Callable[[Any], Any]  # reads a counter of one game's engine
    after: bool = False


class Words(NamedTuple):
    """What the review says of a round or a turn: whole templates, one set per word (a translator
    sees "Next round" and "Next turn", never "Next {word}")."""

    label: str  #: the group's name, with ``{number}``
    where: str  #: where a step is, with ``{n}``, ``{moves}`` and ``{number}``
    back: str  #: the button to the end of the group before
    next: str  #: the button to the end of the group after
    keys: str  #: the keys of the page, in a sentence


#: the words of each grouping, marked for the catalogs and translated where they are shown
WORDS = {
    "round": Words(
        N_("round {number}"),
        N_("Move {n} of {moves}, round {number}"),
        N_("Back one round"),
        N_("Next round"),
        N_(
            "Keys: left and right arrows step one move, Page Up and Page Down one round, "
            "Home and End go to the start and the end."
        ),
    ),
    "turn": Words(
        N_("turn {number}"),
        N_("Move {n} of {moves}, turn {number}"),
        N_("Back one turn"),
        N_("Next turn"),
        N_(
            "Keys: left and right arrows step one move, Page Up and Page Down one turn, "
            "Home and End go to the start and the end."
        ),
    ),
}


#: the round or turn of a move, by the engines' own counters; any other game: a turn is a run
#: of moves by the same players (``to_players()``)
GROUPINGS: dict[str, Grouping] = {
    "stars": Grouping("round", lambda g: g.round),
    "temples": Grouping("turn", lambda g: g.turn_no),
    "sunmoon": Grouping("turn", lambda g: g.turns),
    "mtg": Grouping("turn", lambda g: g.turn, after=True),  # a BeginTurn move starts its turn
}
_BY_PLAYERS = Grouping("turn", lambda g: tuple(g.to_players()))


class Group(NamedTuple):
    """A round or a turn: its label (in the language the review was opened in), its first and last
    move (step numbers) and its number."""

    label: str
    first: int
    last: int
    number: int = 0


def read_source(source: Any) -> tuple[Mapping[str, Any], type[Game] | None]:
    """The record in ``source`` and, for a :class:`Game`, its class.

    ``source``: a :class:`Game`, a dict, JSON text, bytes, or a path (``str`` or path-like).
    A file or text beyond :data:`~daynight.core.MAX_RECORD_BYTES` is refused, a file before
    it is read (:func:`~daynight.core.load_record`, :func:`~daynight.core.parse_record`).
    """
    if isinstance(source, Game):
        return source.to_record(), type(source)
    if isinstance(source, Mapping):
        return source, None
    if isinstance(source, (bytes, bytearray, memoryview)):
        return parse_record(bytes(source)), None
    if isinstance(source, str) and source.lstrip().startswith(("{", "[")):
        return parse_record(source), None
    if isinstance(source, (str, os.PathLike)):
        return load_record(os.fspath(source)), None
    raise InvalidRecordError("record", f"expected a path, a dict, JSON text or a game, got {type(source).__name__}")


def _bug(exc: BaseException) -> DaynightError:
    text = _("could not replay ({error}); this is a bug in daynight, please report it with the file")
    return DaynightError(text.format(error=f"{type(exc).__name__}: {shown(str(exc), 120)}"))


def _default_draw(game: Game, viewer: Any, width: float | None = None) -> Any:
    return draw.table(game, viewer, width=width)


def _player_name(game: Game, player: Any) -> str:
    names = getattr(game, "names", None)
    if isinstance(player, int) and isinstance(names, (list, tuple)) and 0 <= player < len(names):
        return str(names[player])
    return player.capitalize() if isinstance(player, str) else _("player {number}").format(number=player)


class Review:
    """A record, replayed once, to step through.

    ``cls`` names the game's class (default: the record's ``game`` field, one of
    :data:`daynight.GAMES`); ``draw(game, viewer)`` draws a table (default:
    :func:`daynight.draw.table`).

    Attributes: ``name`` and ``title`` of the game, ``moves`` (how many moves can be reviewed),
    ``error`` (why the record stops early, or ``None``), ``groups`` (the rounds or turns),
    ``players`` (``[(player, name)]``, everyone who moved), ``record`` (the record read).
    """

    def __init__(
        self, source: Any, *, cls: type[Game] | None = None, draw: Draw | None = None, every: int = SNAPSHOT_EVERY
    ):
        record, own_cls = read_source(source)
        cls = cls or own_cls
        self.record = record
        self._draw = draw or _default_draw
        self._every = every
        try:
            start = cls.from_record(record, upto=0) if cls else replay(record, upto=0)
            grouping = GROUPINGS.get(start.name, _BY_PLAYERS)
            keys = [] if grouping.after else [grouping.counter(start)]
            seen: dict[Any, None] = dict.fromkeys(start.to_players())
        except DaynightError:
            raise
        except Exception as exc:
            raise _bug(exc) from None
        self.name, self.title = start.name, start.title
        #: "round" or "turn" (the key of its :data:`WORDS`; the words shown are translated)
        self.word = grouping.word
        self.words = WORDS.get(grouping.word, WORDS["turn"])
        self._snapshots: dict[int, Game] = {0: start}
        self._offsets = [len(start.log)]  # events of step n: log[offsets[n-1]:offsets[n]]
        live: list[Game] = []

        def on_move(game: Game, i: int) -> None:
            # everything read first: a move is kept only once all of it is (an engine bug
            # in to_players must not leave a move without its snapshot)
            key, players = grouping.counter(game), game.to_players()
            if (i + 1) % every == 0:
                self._snapshots[i + 1] = game.copy()
            live[:] = [game]
            self._offsets.append(len(game.log))
            keys.append(key)
            seen.update(dict.fromkeys(players))

        self.error: str | None = None
        try:
            type(start).from_record(record, on_move=on_move)
        except DaynightError as exc:
            self.error = shown(str(exc))
        except Exception as exc:
            self.error = str(_bug(exc))
        self.moves = len(self._offsets) - 1
        final = live[0] if live else start
        self._moves = list(final.history[: self.moves])
        self.log: tuple[Event, ...] = tuple(final.log[: self._offsets[-1]])
        self.players: list[tuple[Any, str]] = [(p, _player_name(start, p)) for p in seen]
        self.groups = self._group(grouping, keys[: self.moves])
        self._cursor: tuple[int, Game] = (0, self._snapshots[0].copy())
        self._drawings: OrderedDict[tuple[int, Any, float | None], Any] = OrderedDict()
        #: ``{step: reason}`` for drawings that failed (a placeholder with the reason was shown)
        self.draw_errors: dict[int, str] = {}

    # -- rounds and turns --------------------------------------------------------------
    def _group(self, grouping: Grouping, keys: list[Any]) -> list[Group]:
        groups: list[Group] = []
        first = 1
        for n in range(1, len(keys) + 1):
            if n == len(keys) or keys[n] != keys[n - 1]:
                key = keys[n - 1]
                number = key if isinstance(key, int) and grouping is not _BY_PLAYERS else len(groups) + 1
                groups.append(Group(_(self.words.label).format(number=number), first, n, number))
                first = n + 1
        return groups

    def group_of(self, n: int) -> Group | None:
        """The round or turn of move ``n`` (``None`` for the start)."""
        for g in self.groups:
            if g.first <= n <= g.last:
                return g
        return None

    def next_group(self, n: int) -> int:
        """The step at the end of the round or turn after step ``n`` (or the last step)."""
        return next((g.last for g in self.groups if g.last > n), self.moves)

    def previous_group(self, n: int) -> int:
        """The step at the end of the round or turn before step ``n`` (or the start)."""
        return max((g.last for g in self.groups if g.last < n), default=0)

    # -- steps ---------------------------------------------------------------------------
    def _check_step(self, n: int) -> int:
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= self.moves:
            raise ValueError(f"no step {n!r}: steps go from 0 (the start) to {self.moves}")
        return n

    def _at(self, n: int) -> Game:
        """The game after ``n`` moves: the cursor moved forward, or a snapshot replayed."""
        n = self._check_step(n)
        at, game = self._cursor
        base = n - n % self._every
        if not base <= at <= n:
            at, game = base, self._snapshots[base].copy()
        self._cursor = (-1, game)  # until the moves are played (an engine bug may stop them)
        for move in self._moves[at:n]:
            game.play(move)
        self._cursor = (n, game)
        return game

    def game(self, n: int) -> Game:
        """A copy of the game after ``n`` moves (yours to change)."""
        return self._at(n).copy()

    def events(self, n: int) -> tuple[Event, ...]:
        """The explained events of step ``n`` (step 0: the setup)."""
        first, last = self.event_range(n)
        return self.log[first:last]

    def event_range(self, n: int) -> tuple[int, int]:
        """The events of step ``n`` are ``log[first:last]``."""
        n = self._check_step(n)
        return (self._offsets[n - 1] if n else 0), self._offsets[n]

    def describe(self, n: int) -> str:
        """Where step ``n`` is, in words: "Move 12 of 88, round 3"."""
        n = self._check_step(n)
        group = self.group_of(n)
        if n == 0:
            text = _("The start, before the first move")
        elif group is None:
            text = _("Move {n} of {moves}").format(n=n, moves=self.moves)
        else:
            text = _(self.words.where).format(n=n, moves=self.moves, number=group.number)
        if n == self.moves and self.error:
            text = _("{where}; the record stops here").format(where=text)
        return text

    def viewer_name(self, viewer: Any) -> str:
        if viewer is None:
            return _("everything (as a teacher sees it)")
        return dict(self.players).get(viewer, str(viewer))

    @property
    def narrow(self) -> bool:
        """Whether this game's drawing has a narrow arrangement (its ``table`` takes a ``width``)."""
        if self._draw is _default_draw:
            return draw.takes_width(importlib.import_module(f"daynight.{self.name}.draw").table)
        return draw.takes_width(self._draw)

    def drawing(self, n: int, viewer: Any = None, width: float | None = None) -> Any:
        """The table after ``n`` moves as ``viewer`` saw it (``None``: everything), for a table
        ``width`` pixels wide (``None``: the wide drawing; see :func:`daynight.draw.table`). A
        drawing that fails is replaced by a panel giving the reason (kept in :attr:`draw_errors`)."""
        width = width if width is not None and self.narrow and draw.is_narrow(width) else None
        key = (self._check_step(n), viewer, width)
        kept = self._drawings.get(key)
        if kept is not None:
            self._drawings.move_to_end(key)
            return kept
        try:
            at = self._at(n)
            drawing = self._draw(at, viewer) if width is None else self._draw(at, viewer, width=width)
        except Exception as exc:
            reason = f"{type(exc).__name__}: {exc}"
            self.draw_errors[n] = reason
            text = _("Step {n} cannot be drawn ({reason}); its events are listed beside it.")
            drawing = _unavailable(text.format(n=n, reason=reason))
        self._drawings[key] = drawing
        if len(self._drawings) > DRAWINGS_KEPT:
            self._drawings.popitem(last=False)
        return drawing

    def svg(self, n: int, viewer: Any = None, width: float | None = None) -> str:
        return str(self.drawing(n, viewer, width))


def _unavailable(message: str) -> Any:
    return draw.document(draw.Piece(560, 40, draw.text(0, 24, message, size=13, limit=110)), label=shown(message, 200))


# ---------------------------------------------------------------------------
# One self-contained HTML file
# ---------------------------------------------------------------------------

#: every opening tag starts a piece: each drawing is cut at the ``<`` of its opening tags into
#: pieces that repeat from step to step (a card, a square, a title, a frame); joined with
#: ``<`` they are the drawing again
_PIECE = re.compile(r"<(?=[^/!?])")
#: the per-drawing prefix of pattern ids (daynight.draw.document), made the same in every step
_PATTERN_PREFIX = re.compile(r'id="(dn[0-9a-f]{8})-')


def _pieces(svg: str) -> list[str]:
    match = _PATTERN_PREFIX.search(svg)
    if match:
        svg = svg.replace(match.group(1), "dnrv")
    return _PIECE.split(svg)


def _runs(before: list[int], ids: list[int]) -> list[Any]:
    """``ids`` as runs copied from ``before`` (``[start, length]``) and new ids between them,
    matched greedily (the run that goes on from the last one first), in linear time."""
    where: dict[int, list[int]] = {}
    for k, i in enumerate(before):
        where.setdefault(i, []).append(k)
    out: list[Any] = []
    j, end, n, m = 0, 0, len(ids), len(before)
    while j < n:
        first = ids[j]
        starts = where.get(first, [])[:8]
        if end < m and before[end] == first:
            starts = [end, *starts]
        best, size = -1, 0
        for k in starts:
            length = 1
            while j + length < n and k + length < m and before[k + length] == ids[j + length]:
                length += 1
            if length > size:
                best, size = k, length
        if size >= 2:
            out.append([best, size])
            j, end = j + size, best + size
        else:
            out.append(first)
            j += 1
    return out


def _share(
    svgs: list[str], pieces: list[str] | None = None, index: dict[str, int] | None = None
) -> tuple[list[str], list[list[Any]]]:
    """Each distinct piece once (added to ``pieces``, found by ``index``: a second set of
    drawings shares the first one's pieces); each step as runs of the previous step's pieces
    and new ones."""
    index = {} if index is None else index
    pieces = [] if pieces is None else pieces
    steps: list[list[Any]] = []
    before: list[int] = []
    for svg in svgs:
        ids = []
        for piece in _pieces(svg):
            i = index.get(piece)
            if i is None:
                i = index[piece] = len(pieces)
                pieces.append(piece)
            ids.append(i)
        steps.append(_runs(before, ids))
        before = ids
    return pieces, steps


def _script_json(value: Any) -> str:
    """JSON that is safe inside a ``<script>`` element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


#: the page and its style and script, package data beside this module
PAGE, STYLE, SCRIPT = "review.html", "review.css", "review.js"

#: the page's ``lang`` for each language of :data:`daynight.i18n.LANGUAGES` (BCP 47 with its
#: script, so a browser picks Traditional Chinese glyphs); a language not listed is its own code
HTML_LANG = {"en": "en", "zh-TW": "zh-Hant-TW"}


def page_language(code: str | None = None) -> str:
    """The ``lang`` of a page shown in ``code`` (default: the current language)."""
    code = code or i18n.language()
    return HTML_LANG.get(code, code)


def _buttons(words: Words) -> tuple[tuple[str, str, str], ...]:
    """The page's step buttons: what each does, its words, its key."""
    return (
        ("start", _("Start"), "Home"),
        ("back_round", _(words.back), "PageUp"),
        ("back", _("Back one move"), "ArrowLeft"),
        ("next", _("Next move"), "ArrowRight"),
        ("next_round", _(words.next), "PageDown"),
        ("end", _("End"), "End"),
    )


_BUTTON = Template('<button type="button" data-go="$go" aria-keyshortcuts="$key">$label</button>')
_EVENT = Template('<li>$text <span class="dn-rule">[$rule]</span></li>')
# the links are #move-N and the items dn-step-N: a link steps there, it does not scroll
_STEP = Template('<li class="dn-step" id="dn-step-$n"><a href="#move-$n">$label</a><ul>$events</ul></li>')
_ERROR = Template('<p class="dn-error" role="alert">$text</p>')


def _chrome(review: Review, viewer: Any) -> dict[str, Any]:
    """Every word of the page around the drawings, in the current language."""
    moves = review.moves
    meta = ngettext("{moves} move, seen by {viewer}.", "{moves} moves, seen by {viewer}.", moves)
    stops = _("The record stops after move {moves}: {error}. The moves before it can be reviewed.")
    return {
        "lang": page_language(),
        "title": _("{title}: a game to review").format(title=review.title),
        "meta": meta.format(moves=moves, viewer=review.viewer_name(viewer)),
        "keys": _(review.words.keys),
        "error": fill(_ERROR, text=stops.format(moves=moves, error=review.error)) if review.error else Markup(""),
        "table": _("the table"),
        "steps_label": _("step through the game"),
        "move_number": _("Move number"),
        "go": _("Go"),
        "step_label": _("what happened in this step"),
        "happened": _("What happened"),
        "whole_label": _("the whole game, explained"),
        "whole_title": _("The whole game, explained"),
        "buttons": join(fill(_BUTTON, go=go, key=key, label=label) for go, label, key in _buttons(review.words)),
    }


def _events_html(events: tuple[Event, ...]) -> Markup:
    return join(fill(_EVENT, text=e.text, rule=e.rule) for e in events)


def _csp(script: str) -> str:
    """The content security policy: no request at all, and no script but ``script``."""
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    return (
        f"default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'sha256-{digest}'; "
        "base-uri 'none'; form-action 'none'"
    )


def html(review: Review, viewer: Any = None) -> str:
    """The review as one HTML page: every step's drawing as ``viewer`` saw it (``None``:
    everything), the explained log, buttons and keys to step, and nothing to fetch (a
    content security policy forbids every request and every script but its own).

    The page is ``review.html`` filled by :func:`daynight.markup.fill`: every text is escaped
    on the way in; only the drawings, the style, the script and the data (JSON made safe for
    a ``<script>`` element) go in as markup."""
    steps = range(review.moves + 1)
    svgs = [review.svg(n, viewer) for n in steps]
    index: dict[str, int] = {}
    pieces, shared = _share(svgs, [], index)
    data: dict[str, Any] = {
        "pieces": pieces,
        "steps": shared,
        "labels": [review.describe(n) for n in steps],
        "marks": sorted({g.last for g in review.groups}),
    }
    if review.narrow:  # a phone shows the narrow drawings (the page's script chooses by its width)
        narrow = [review.svg(n, viewer, NARROW_FILE_WIDTH) for n in steps]
        data["narrow"] = _share(narrow, pieces, index)[1]  # new pieces join the same list
    script = resource("daynight", SCRIPT)
    whole = join(fill(_STEP, n=n, label=review.describe(n), events=_events_html(review.events(n))) for n in steps)
    page = Template(resource("daynight", PAGE))
    return fill(
        page,
        **_chrome(review, viewer),
        csp=_csp(script),
        version=__version__,
        style=Markup(resource("daynight", STYLE)),
        moves=review.moves,
        where=review.describe(review.moves),
        drawing=Markup(svgs[-1]),
        events=_events_html(review.events(review.moves)),
        whole=whole,
        data=Markup(_script_json(data)),
        script=Markup(script),
    )


def write_html(source: Any, out: str | os.PathLike, *, viewer: Any = None, **options: Any) -> Review:
    """Write the review of ``source`` (anything :class:`Review` reads, or a Review) to ``out``
    as one HTML file; returns the review (its ``error`` says if the record stopped early).

    The file is written whole or not at all (a temporary file, then renamed), and never over
    the record it was made from. Every failure is a :class:`DaynightError` with one line.
    """
    out = os.fspath(out)
    if (
        isinstance(source, (str, os.PathLike))
        and os.path.isfile(source)
        and os.path.exists(out)
        and os.path.samefile(source, out)
    ):
        raise DaynightError(_("{out} is the record itself; choose another file for the HTML").format(out=out))
    review = source if isinstance(source, Review) else Review(source, **options)
    if viewer is not None and viewer not in dict(review.players):
        text = _("no player {viewer} in this game; the players are {players}")
        raise DaynightError(text.format(viewer=repr(viewer), players=[p for p, _name in review.players]))
    text = html(review, viewer)
    directory = os.path.dirname(os.path.abspath(out))
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, suffix=".tmp")
    except OSError as exc:
        raise DaynightError(_("cannot write {out}: {reason}").format(out=out, reason=exc.strerror or exc)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, out)
    except OSError as exc:
        os.unlink(tmp)
        raise DaynightError(_("cannot write {out}: {reason}").format(out=out, reason=exc.strerror or exc)) from None
    return review
