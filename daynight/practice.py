"""Learn by doing (issue 18): exercises judged by the engine, for every game.

An *exercise* is a position, a question about one decision a rule makes there, and the
options a learner may click on the drawn table. The game's engine makes the position (a
seeded game between bots, or one built through the public API), the game's rule functions
compute the right answer (never typed by hand), and the engine, playing the position on,
says what happened. Each game keeps its *kinds* of exercise in ``daynight/<game>/exercises.py``
(``KINDS``, a tuple of :class:`Kind`); this module is what they share:

* the rule checklist as package data (:func:`checklist`: the 171 statements of the four rule
  texts, with the seed's own words, from ``daynight/data/checklist.json``);
* the values: :class:`Option` (one thing to click), :class:`Mark` (words on a drawn piece),
  :class:`Exercise`, :class:`Kind`; :func:`judge` (right only if equal to the engine's whole
  answer) and :func:`verdict_words`;
* :class:`Progress`: what a learner has practised (seen, right at the first try, per kind and
  per rule), as bounded JSON that the browser keeps (:meth:`Progress.to_text`,
  :meth:`Progress.from_text`, which refuses a damaged value by the path of its first bad field);
* :class:`Stream`: which exercise comes next: the least practised of the chosen kinds, a new
  position of the same kind after a wrong answer, and a missed kind again a few exercises
  later (spaced retrieval); every position from a fresh seed, never from a fixed list.

Adding a game is a file of kinds (``daynight/<game>/exercises.py``) and a practice notebook;
:func:`kinds_of` finds the kinds. Standard library only, so it runs in the browser (Pyodide).
"""

from __future__ import annotations

import importlib
import json
import random
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from . import i18n
from .core import InvalidRecordError, Reader
from .draw import NARROW_WIDTH
from .i18n import ngettext

__all__ = [
    "CHOICE",
    "NUMBER",
    "ORDER",
    "PROGRESS_VERSION",
    "SET",
    "SHAPES",
    "Exercise",
    "Kind",
    "Mark",
    "Option",
    "Progress",
    "Statement",
    "Stream",
    "Verdict",
    "checklist",
    "judge",
    "kinds_of",
    "ordinal",
    "store_key",
    "verdict_words",
]

_ = i18n._  # every sentence a learner reads goes through daynight.i18n

#: one click on one option answers (a colour, a player, yes or no)
CHOICE = "choice"
#: one click on one of the numbers the engine computed
NUMBER = "number"
#: every member marked on the table, then Check
SET = "set"
#: the members clicked in their order, then Check
ORDER = "order"
SHAPES = (CHOICE, NUMBER, SET, ORDER)

CHECKLIST_FILE = Path(__file__).resolve().parent / "data" / "checklist.json"
#: the version of the kept progress (part of the browser's storage key)
PROGRESS_VERSION = 1
#: bounds of a kept progress value: counts, missed kinds waiting to come back
MAX_COUNT = 10**6
MAX_AGAIN = 16
#: a missed kind comes back right away (a new position) and again this many answers later
AGAIN_AFTER = 4


# ---------------------------------------------------------------------------
# The rule checklist (package data)
# ---------------------------------------------------------------------------


class Statement(NamedTuple):
    """One statement of a rule text: ``id`` ("S16"), ``game``, ``seed`` ("000"), ``section``,
    ``statement`` (the checklist's words), ``anchor`` (quoted from the seed), ``words`` (the
    seed's sentence holding the anchor), ``translation`` (seed 004's English), ``ambiguous``."""

    id: str
    game: str
    seed: str
    section: str
    statement: str
    anchor: str
    words: str
    translation: str = ""
    ambiguous: str = ""

    def said(self) -> str:
        """The statement in the language the page speaks: the checklist's English, or, where
        the rule text itself is written in that language (seed 004 in Traditional Chinese), the
        rule text's own sentence."""
        return self.words if SEED_LANGUAGES.get(self.seed) == i18n.language() else self.statement


#: the rule texts not written in English, by seed: their own words are shown to a reader of that language
SEED_LANGUAGES = {"004": "zh-TW"}


@lru_cache(maxsize=1)  # read once: 171 statements, 74 KB of JSON
def _statements() -> dict[str, Statement]:
    data = json.loads(CHECKLIST_FILE.read_text(encoding="utf-8"))
    return {s["id"]: Statement(**s) for s in data["statements"]}


def checklist(game: str | None = None) -> dict[str, Statement]:
    """The rule statements by id, in the checklist's order (only ``game``'s when given)."""
    every = _statements()
    if game is None:
        return dict(every)
    return {k: s for k, s in every.items() if s.game == game}


# ---------------------------------------------------------------------------
# Exercises
# ---------------------------------------------------------------------------


class Option(NamedTuple):
    """One answer a learner can click: ``id`` (unique in its exercise), ``name`` (the target's
    accessible name in words), ``value`` (what it means: a colour, a player, a number, a card
    id), ``key`` (the ``data-key`` of the drawn piece it sits on; ``None``: a toolbar button)
    and ``said`` (the value in a few words, for the verdict)."""

    id: str
    name: str
    value: Any
    key: str | None = None
    said: str = ""


class Mark(NamedTuple):
    """Words put on a drawn piece (its ``data-key``): an outline and a short ``label``.
    ``tone`` is ``"reason"`` (why the answer is what it is), ``"chosen"`` (the learner's mark),
    ``"missed"`` or ``"wrong"``; the label says it in words, so colour is never the only cue."""

    key: str
    label: str
    tone: str = "reason"


@dataclass(frozen=True, eq=False)
class Exercise:
    """One exercise, made by the engine (see the module's docstring).

    ``answer`` is the engine's whole answer: an option's value (choice, number), a frozenset
    of values (set) or a tuple (order). ``rules`` are the checklist ids it practises,
    ``reason`` says in words why the answer is right, ``marks`` show it on the drawing,
    ``said`` is the answer in words, ``events`` are the sentences of the engine's log when the
    position is played on, and ``outcome`` is what the engine decided then (the tests compare
    it with ``answer``). ``position`` is the engine's game at the question.

    ``drawing`` is given as the drawing itself or as a function of the table's width that draws
    it (``partial(draw.table, game, viewer)``: called ``drawing(width=None)`` for the wide
    drawing, kept in ``drawing``, and again by :meth:`drawing_at` for a narrow table, a phone
    held upright, so an exercise is drawn for the space it is shown in (issue 23)."""

    kind: str
    seed: int
    question: str
    shape: str
    options: tuple[Option, ...]
    answer: Any
    rules: tuple[str, ...]
    drawing: Any
    reason: str
    marks: tuple[Mark, ...] = ()
    said: str = ""
    events: tuple[str, ...] = ()
    outcome: Any = None
    position: Any = None
    #: the function that draws the exercise for a table's width (``None``: one drawing for all)
    sketch: Callable[..., Any] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if callable(self.drawing):  # a function of the width: the wide drawing now, the rest on demand
            object.__setattr__(self, "sketch", self.drawing)
            object.__setattr__(self, "drawing", self.drawing(width=None))
        if self.shape not in SHAPES:
            raise ValueError(f"an exercise's shape is one of {SHAPES}, not {self.shape!r}")
        ids = [o.id for o in self.options]
        if len(set(ids)) != len(ids):
            raise ValueError(f"two options of a {self.kind} exercise share an id: {ids}")
        values = {o.value for o in self.options}
        members = self.answer if self.shape in (SET, ORDER) else (self.answer,)
        if not set(members) <= values:
            raise ValueError(f"the answer of a {self.kind} exercise is not among its options: {self.answer!r}")

    def drawing_at(self, width: float | None) -> Any:
        """The drawing for a table ``width`` CSS pixels wide: below :data:`NARROW_WIDTH` (a phone
        held upright) the narrow arrangement, exactly that wide; else (or ``None``) the wide one."""
        if self.sketch is None or width is None or width >= NARROW_WIDTH:
            return self.drawing
        return self.sketch(width=width)

    def option(self, option_id: str) -> Option:
        for o in self.options:
            if o.id == option_id:
                return o
        raise KeyError(f"no option {option_id!r} in this {self.kind} exercise")

    def said_of(self, value: Any) -> str:
        """The words for ``value`` (its first option's ``said``, else its name)."""
        for o in self.options:
            if o.value == value:
                return o.said or o.name
        return str(value)


@dataclass(frozen=True)
class Kind:
    """A kind of exercise: ``name`` (an identifier, kept in the progress), ``title`` (what the
    learner chooses to practise), ``rules`` (every checklist id its exercises practise),
    ``shape`` and ``make(seed) -> Exercise`` (the same seed, the same exercise)."""

    name: str
    title: str
    rules: tuple[str, ...]
    shape: str
    make: Callable[[int], Exercise] = field(repr=False)


def kinds_of(game: str) -> tuple[Kind, ...]:
    """The kinds of exercise of ``game`` (``daynight/<game>/exercises.py``'s ``KINDS``)."""
    return importlib.import_module(f"daynight.{game}.exercises").KINDS


def store_key(game: str, what: str = "practice") -> str:
    """The browser storage key of a game's kept ``what``: ``daynight.practice.v1.stars``."""
    return f"daynight.{what}.v{PROGRESS_VERSION}.{game}"


# ---------------------------------------------------------------------------
# Judging
# ---------------------------------------------------------------------------


class Verdict(NamedTuple):
    """Whether an answer equals the engine's whole answer; for a set, the members not marked
    (``missing``) and the marks that are no members (``extra``)."""

    right: bool
    missing: tuple = ()
    extra: tuple = ()


def given_answer(exercise: Exercise, given: Any) -> Any:
    """``given`` in the shape of ``exercise``'s answer (a frozenset, a tuple or a value)."""
    if exercise.shape == SET:
        return frozenset(given)
    if exercise.shape == ORDER:
        return tuple(given)
    return given


def judge(exercise: Exercise, given: Any) -> Verdict:
    """Right only if ``given`` equals the engine's whole answer."""
    answer = exercise.answer
    given = given_answer(exercise, given)
    if exercise.shape == SET:
        return Verdict(
            given == answer,
            tuple(v for v in _ordered(exercise, answer) if v not in given),
            tuple(v for v in _ordered(exercise, given) if v not in answer),
        )
    return Verdict(given == answer)


def _ordered(exercise: Exercise, values: Iterable[Any]) -> list[Any]:
    """``values`` in the order of the exercise's options."""
    wanted = set(values)
    seen: list[Any] = []
    for o in exercise.options:
        if o.value in wanted and o.value not in seen:
            seen.append(o.value)
    return seen


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``."""
    return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}.get(n, _("{n}th").format(n=n))


def verdict_words(exercise: Exercise, given: Any, verdict: Verdict) -> str:
    """Right or wrong, said in words (the status line reads it out)."""
    if verdict.right:
        return _("Right: {answer}.").format(answer=exercise.said)
    if exercise.shape == SET:
        return _("Not quite: {what}. Read the rule and try again, or press Show me.").format(
            what=_set_words(len(verdict.extra), len(verdict.missing))
        )
    if exercise.shape == ORDER:
        return _order_words(exercise, tuple(given))
    return _("Not quite: “{given}” is not the answer. Read the rule and try again, or press Show me.").format(
        given=exercise.said_of(given)
    )


def _set_words(wrong: int, missing: int) -> str:
    """What is wrong with a set of marks: marks that do not belong, answers not marked."""
    marked_wrong = ngettext("{n} of your marks does not belong", "{n} of your marks do not belong", wrong)
    not_marked = ngettext("{n} more should be marked", "{n} more should be marked", missing)
    if wrong and missing:
        return _("{wrong}, and {missing}").format(
            wrong=marked_wrong.format(n=wrong), missing=not_marked.format(n=missing)
        )
    return marked_wrong.format(n=wrong) if wrong else not_marked.format(n=missing)


def _order_words(exercise: Exercise, given: tuple) -> str:
    """What is wrong with an order: where it first goes wrong, or that it stops too soon (a right
    beginning is said to be right) or goes on too long."""
    answer = tuple(exercise.answer)
    if not given:
        return _("Not quite: nobody is chosen yet. Click them in their order, or press Show me.")
    said = ", ".join(exercise.said_of(v) for v in given)
    if given == answer[: len(given)]:
        more = len(answer) - len(given)
        return ngettext(
            "Not quite: {given} is right so far, and {n} more comes after. Go on, or press Show me.",
            "Not quite: {given} is right so far, and {n} more come after. Go on, or press Show me.",
            more,
        ).format(given=said, n=more)
    if answer == given[: len(answer)]:
        return _("Not quite: the order ends after {last}. Read the rule and try again, or press Show me.").format(
            last=exercise.said_of(answer[-1])
        )
    at = next(i for i, (a, b) in enumerate(zip(answer, given, strict=False)) if a != b)
    return _("Not quite: in {given}, {who} is not {nth}. Read the rule and try again, or press Show me.").format(
        given=said, who=exercise.said_of(given[at]), nth=ordinal(at + 1)
    )


# ---------------------------------------------------------------------------
# Progress, kept in the browser
# ---------------------------------------------------------------------------


@dataclass
class Progress:
    """What one learner has practised in one game: per kind and per rule id, ``[seen, first]``
    (exercises answered, and right at the first try); ``answered`` and ``first`` in all; and
    ``again``, the missed kinds waiting to come back, each with the ``answered`` count at which
    it is due. The browser keeps it as JSON (:meth:`to_text`); the kernel writes nothing."""

    game: str
    kinds: dict[str, list[int]] = field(default_factory=dict)
    rules: dict[str, list[int]] = field(default_factory=dict)
    answered: int = 0
    first: int = 0
    again: list[tuple[str, int]] = field(default_factory=list)

    def record(self, exercise: Exercise, right_first: bool) -> None:
        """Count ``exercise`` (answered or shown once). A miss sends its kind back
        :data:`AGAIN_AFTER` answers later; a kind that came back is done with once it is right."""
        kind = exercise.kind
        came_back = any(k == kind and due <= self.answered for k, due in self.again)
        self.answered = min(MAX_COUNT, self.answered + 1)
        self.first = min(MAX_COUNT, self.first + right_first)
        for table, name in [(self.kinds, kind)] + [(self.rules, r) for r in exercise.rules]:
            seen, first = table.get(name, [0, 0])
            table[name] = [min(MAX_COUNT, seen + 1), min(MAX_COUNT, first + right_first)]
        if not right_first:
            self.again = [(k, due) for k, due in self.again if k != kind] + [(kind, self.answered + AGAIN_AFTER)]
            self.again = self.again[-MAX_AGAIN:]
        elif came_back:
            self.again = [(k, due) for k, due in self.again if k != kind]

    def due(self, chosen: Sequence[str]) -> str | None:
        """The first missed kind among ``chosen`` whose time to come back has come."""
        for kind, at in self.again:
            if kind in chosen and at <= self.answered:
                return kind
        return None

    def merged(self, other: Progress) -> Progress:
        """This progress and ``other`` (answers given before the kept one arrived) together."""
        out = Progress(
            self.game,
            {k: list(v) for k, v in self.kinds.items()},
            {k: list(v) for k, v in self.rules.items()},
            min(MAX_COUNT, self.answered + other.answered),
            min(MAX_COUNT, self.first + other.first),
            list(self.again),
        )
        for mine, theirs in ((out.kinds, other.kinds), (out.rules, other.rules)):
            for name, (seen, first) in theirs.items():
                a, b = mine.get(name, [0, 0])
                mine[name] = [min(MAX_COUNT, a + seen), min(MAX_COUNT, b + first)]
        out.again = (out.again + [(k, at + self.answered) for k, at in other.again])[-MAX_AGAIN:]
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "version": PROGRESS_VERSION,
            "game": self.game,
            "answered": self.answered,
            "first": self.first,
            "kinds": self.kinds,
            "rules": self.rules,
            "again": [list(a) for a in self.again],
        }

    def to_text(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_json(cls, value: Any, game: str, kinds: Iterable[str], rules: Iterable[str]) -> Progress:
        """Read a kept value; an :class:`InvalidRecordError` names the first bad field. Names of
        kinds and rules this version does not know (a kind since removed) are left out."""
        r = Reader(value)
        r.int("version", lo=PROGRESS_VERSION, hi=PROGRESS_VERSION)
        r.str("game", choices=[game])
        known_kinds, known_rules = set(kinds), set(rules)
        out = cls(game, answered=r.int("answered", lo=0, hi=MAX_COUNT), first=r.int("first", lo=0, hi=MAX_COUNT))
        if out.first > out.answered:
            raise r.error(f"{out.first} right at the first try of {out.answered} answered", "first")
        out.kinds = _counts(r.obj("kinds"), known_kinds)
        out.rules = _counts(r.obj("rules"), known_rules)
        again = r.list("again")
        if len(again) > MAX_AGAIN:
            raise r.error(f"{len(again)} kinds waiting to come back; at most {MAX_AGAIN}", "again")
        for item in again:
            pair = item.value
            if not (
                isinstance(pair, list)
                and len(pair) == 2
                and isinstance(pair[0], str)
                and isinstance(pair[1], int)
                and not isinstance(pair[1], bool)
                and 0 <= pair[1] <= MAX_COUNT
            ):
                raise item.error("expected [kind, when it is due]")
            if pair[0] in known_kinds:
                out.again.append((pair[0], pair[1]))
        return out

    @classmethod
    def from_text(cls, text: str, game: str, kinds: Iterable[str], rules: Iterable[str]) -> Progress:
        """:meth:`from_json` of JSON text; text that is not JSON is refused the same way."""
        try:
            value = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise InvalidRecordError("$", f"not JSON ({type(exc).__name__})") from None
        return cls.from_json(value, game, kinds, rules)


def _counts(r: Reader, known: set[str]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for name, pair in r.value.items():  # r is an object: Reader.obj checked it
        if not (
            isinstance(pair, list)
            and len(pair) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MAX_COUNT for x in pair)
            and pair[1] <= pair[0]
        ):
            raise InvalidRecordError(f"{r.path}.{name}", "expected [seen, right at the first try], 0 <= right <= seen")
        if name in known:
            out[name] = [pair[0], pair[1]]
    return out


# ---------------------------------------------------------------------------
# The stream of exercises
# ---------------------------------------------------------------------------


class Stream:
    """Which exercise comes next, for the ``chosen`` kinds of a game.

    After a wrong first answer the next exercise is a new position of the same kind; a missed
    kind comes back again :data:`AGAIN_AFTER` answers later (:meth:`Progress.due`); otherwise the
    least practised chosen kind comes next, not the one just done when another is left. Every
    exercise is dealt from a fresh seed (``rng``: a seeded ``random.Random`` for tests; by
    default one seeded from the operating system)."""

    def __init__(self, kinds: Sequence[Kind], progress: Progress | None = None, rng: random.Random | None = None):
        if not kinds:
            raise ValueError("a stream needs at least one kind of exercise")
        self.kinds = {k.name: k for k in kinds}
        self.progress = progress if progress is not None else Progress("")
        self.rng = rng if rng is not None else random.Random(secrets.randbits(64))
        self.chosen = list(self.kinds)
        self.retry: str | None = None
        self.last: str | None = None

    def choose(self, names: Iterable[str]) -> None:
        """Practise only the kinds called ``names`` (at least one)."""
        names = [n for n in names if n in self.kinds]
        if not names:
            raise ValueError(_("choose at least one kind of exercise to practise"))
        self.chosen = names
        if self.retry not in names:
            self.retry = None

    def next_kind(self) -> Kind:
        name = self.retry or self.progress.due(self.chosen)
        if name is None:
            seen = self.progress.kinds
            pool = [n for n in self.chosen if n != self.last] or self.chosen
            least = min(seen.get(n, [0, 0])[0] for n in pool)
            name = self.rng.choice([n for n in pool if seen.get(n, [0, 0])[0] == least])
        self.retry = None
        self.last = name
        return self.kinds[name]

    def deal(self, kind: Kind | None = None) -> Exercise:
        """A new exercise of ``kind`` (default: :meth:`next_kind`) from a fresh seed."""
        kind = kind or self.next_kind()
        return kind.make(self.rng.getrandbits(32))

    def answered(self, exercise: Exercise, right_first: bool) -> None:
        """Count ``exercise``; after a miss the next one is of the same kind."""
        self.progress.record(exercise, right_first)
        self.retry = None if right_first else exercise.kind
