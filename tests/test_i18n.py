"""Languages (issue 22): the catalogs are complete, keep their placeholders and are up to date with
the code; ``daynight.i18n`` speaks the current language, with the plural forms of its catalog.

The catalog checks run Babel (the ``i18n`` extra, and a dependency of JupyterLab): the same
extraction ``make messages`` runs, compared with ``daynight/locale/<lang>/LC_MESSAGES/daynight.po``.
Each check is first shown failing on a made-up catalog, so a check that cannot fail is seen.
"""

from __future__ import annotations

import ast
import io
import subprocess
import sys
from gettext import c2py
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from daynight import i18n
from tools.translate_check import (
    apply,
    forms,
    ids,
    part_of,
    placeholder_problems,
    placeholders,
    po_path,
    read_catalog,
    todo,
    translated,
    untranslated,
)

ROOT = Path(__file__).resolve().parent.parent
#: the folders whose Python files hold learner-facing text (``make messages`` extracts the same)
SOURCES = ("daynight", "widgets")
LOCALE = ROOT / "daynight" / "locale"
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]

Key = tuple[str, str | None]  # (msgid, or a plural's singular msgid; msgctxt)


# --------------------------------------------------------------------------- the checks


def key(message: Message) -> Key:
    msgid = message.id
    return (msgid[0] if isinstance(msgid, (tuple, list)) else msgid, message.context)


def extracted(root: Path = ROOT, folders: tuple[str, ...] = SOURCES) -> dict[Key, tuple[str | tuple[str, ...], str]]:
    """Every message the code marks, as Babel extracts it: key -> (msgid, where)."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    found: dict[Key, tuple[str | tuple[str, ...], str]] = {}
    for folder in folders:
        for filename, lineno, msgid, _comments, context in extract_from_dir(root / folder, method_map, options_map):
            singular = msgid[0] if isinstance(msgid, tuple) else msgid
            found.setdefault((singular, context), (msgid, f"{folder}/{filename}:{lineno}"))
    return found


def out_of_date(catalog: Catalog, found: dict[Key, tuple[str | tuple[str, ...], str]]) -> list[str]:
    """What differs between the code's messages and the catalog's (obsolete entries aside)."""
    have = {key(m): m for m in catalog if m.id}
    problems = [f"{where}: {msgid!r} is not in the catalog" for k, (msgid, where) in found.items() if k not in have]
    problems += [f"{m.id!r} is in the catalog but no longer in the code" for k, m in have.items() if k not in found]
    for k, (msgid, where) in found.items():
        if k in have and isinstance(msgid, tuple) != have[k].pluralizable:
            problems.append(
                f"{where}: {msgid!r} is {'plural' if isinstance(msgid, tuple) else 'singular'} "
                f"in the code, not in the catalog"
            )
    return problems


def babel_problems(catalog: Catalog) -> list[str]:
    """Babel's own checks of every translation, but one: Babel calls a message ``python-format``
    whenever its text looks like a %-placeholder, even when the code never %-formats it ("% of
    games won" holds "% o"); such a message, in which :func:`placeholders` finds no ``%(name)s``,
    is not held to a %-placeholder its translation cannot sensibly keep."""
    problems = []
    for m, errors in catalog.check():
        texts = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        percent = any(p.startswith("%") for t in texts for p in placeholders(t))
        problems += [f"{m.id!r}: {e}" for e in errors if percent or "python-format" not in m.flags]
    return problems


def compiled(path: Path) -> bytes:
    out = io.BytesIO()
    write_mo(out, read_catalog(path), use_fuzzy=False)
    return out.getvalue()


# --------------------------------------------------------------------------- the checks can fail


def made_up(*messages: tuple[str | tuple[str, str], str | tuple[str, ...]], fuzzy: bool = False) -> Catalog:
    catalog = Catalog(locale="zh_TW", domain=i18n.DOMAIN)
    for msgid, msgstr in messages:
        catalog.add(msgid, msgstr, flags=("fuzzy",) if fuzzy else ())
    return catalog


def test_the_translation_check_finds_an_empty_a_fuzzy_and_a_short_plural_translation():
    assert untranslated(made_up(("New game", "新遊戲"))) == []
    assert untranslated(made_up(("New game", ""))) == ["'New game' has no translation"]
    assert "fuzzy" in untranslated(made_up(("New game", "新遊戲"), fuzzy=True))[0]
    two_forms = made_up((("{n} card", "{n} cards"), ("{n} 張牌", "{n} 張牌")))  # zh_TW has one form
    assert untranslated(two_forms) == [f"{('{n} card', '{n} cards')!r} has 2 plural forms; the header says 1"]


@pytest.mark.parametrize(
    "msgid,msgstr,problems",
    [
        ("{player} takes {card}", "{player} 拿走 {card}", []),
        ("{player} takes {card}", "{player} 拿走了牌", ["drops {card}"]),
        ("{player} takes {card}", "{player} 拿走 {card} {pile}", ["adds {pile}"]),
        ("{player} takes {card}", "{player} 拿走 {cards}", ["drops {card}", "adds {cards}"]),
        ("%(player)s wins", "%(player)s 贏了", []),
        ("%(player)s wins", "玩家贏了", ["drops %(player)s"]),
        ("{player!r} takes {card:>3}", "{player} 拿走 {card}", []),
        ("{{literal}} braces", "{{字面}} 括號", []),
        ("{} takes it", "{} 拿走", ["positional placeholder"]),
        ("%s takes it", "%s 拿走", ["positional placeholder"]),
        ("{player takes", "{player 拿", ["broken braces"]),
    ],
)
def test_the_placeholder_check(msgid, msgstr, problems):
    found = placeholder_problems(Message(msgid, msgstr))
    assert len(found) == len(problems) and all(p in f for p, f in zip(problems, found, strict=True)), found


def test_the_placeholder_check_of_plural_forms():
    takes = ("{player} takes a card", "{player} takes {n} cards")
    assert placeholder_problems(Message(takes, ("{player} 拿走 {n} 張牌",)), "0") == []
    # Chinese has one form for every count: it must say the count
    assert placeholder_problems(Message(takes, ("{player} 拿走牌",)), "0") == [f"{takes!r}: plural form 0 drops {{n}}"]
    # a form that serves one count only may say it in words; the others may not
    cards = ("{n} card", "{n} cards")
    assert placeholder_problems(Message(cards, ("one card", "{n} cards")), "(n != 1)") == []
    assert placeholder_problems(Message(cards, ("{n} card", "some cards")), "(n != 1)") == [
        f"{cards!r}: plural form 1 drops {{n}}"
    ]
    assert placeholder_problems(Message(cards, ("{n} card", "{x} cards")), "(n != 1)") == [
        f"{cards!r}: plural form 1 drops {{n}}",
        f"{cards!r}: plural form 1 adds {{x}}",
    ]


def test_babels_format_check_still_holds_a_real_percent_placeholder_but_not_a_look_alike():
    catalog = made_up(("% of games won", "勝率（%）"), ("%(n)d games", "%(n)s 局"), ("%(n)d won", "%(m)d 勝"))
    assert babel_problems(catalog) == [
        "'%(n)d games': incompatible format for placeholder 'n': 's' and 'd' are not compatible",
        "'%(n)d won': unknown named placeholder 'm'",
    ]


def test_the_worksheet_lists_what_is_left_and_applies_only_whole_translations():
    """``tools/translate_check.py``: the untranslated messages of the covered parts as a worksheet,
    and a filled-in worksheet applied by msgid, refused whole when one line is wrong."""
    catalog = made_up(("New game", "新遊戲"))
    catalog.add("Hint", "", locations=[("widgets/table.py", 1)])
    catalog.add(("{n} card", "{n} cards"), ("",), locations=[("daynight/sunmoon/words.py", 1)])
    catalog.add("{n} star", "", locations=[("daynight/stars/draw.py", 1)])
    assert todo(catalog, ("common", "sunmoon")) == {"Hint": "", "{n} card": ""}
    assert apply(catalog, {"Hint": "提示", "{n} card": "張牌", "Reload": "重新載入"}) == [
        f"{('{n} card', '{n} cards')!r}: plural form 0 drops {{n}}",
        "'Reload' is not in the catalog (run `make messages` first?)",
    ]
    assert catalog["Hint"].string == ""  # nothing was set
    assert apply(catalog, {"Hint": "提示", "{n} card": "{n} 張牌"}) == []
    assert (catalog["Hint"].string, catalog["{n} card"].string) == ("提示", ("{n} 張牌",))
    assert todo(catalog, ("common", "sunmoon")) == {} and todo(catalog, None) == {"{n} star": ""}


def test_the_extraction_check_finds_a_message_the_catalog_lacks_and_one_the_code_dropped(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text(
        "from daynight.i18n import gettext as _, ngettext\n"
        "def f(n):\n"
        "    return _('New game'), ngettext('{n} card', '{n} cards', n)\n",
        encoding="utf-8",
    )
    found = extracted(tmp_path, ("pkg",))
    assert set(found) == {("New game", None), ("{n} card", None)}
    catalog = made_up(("New game", "新遊戲"), ("Hint", "提示"))
    assert out_of_date(catalog, found) == [
        "pkg/m.py:3: ('{n} card', '{n} cards') is not in the catalog",
        "'Hint' is in the catalog but no longer in the code",
    ]
    assert out_of_date(made_up(("New game", "新遊戲"), ("{n} card", "{n} 張牌")), found) == [
        "pkg/m.py:3: ('{n} card', '{n} cards') is plural in the code, not in the catalog"
    ]


# --------------------------------------------------------------------------- the catalogs


def test_every_language_but_english_has_a_catalog_and_every_catalog_a_language():
    folders = sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{i18n.DOMAIN}.po"))
    assert folders == sorted(code.replace("-", "_") for code in TRANSLATED)
    assert "zh-TW" in TRANSLATED


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalog_is_up_to_date_with_the_code(code):
    problems = out_of_date(read_catalog(po_path(code)), extracted())
    assert not problems, "run `make messages`, then translate:\n" + "\n".join(problems)


def test_a_message_is_claimed_by_the_parts_that_use_it():
    assert [
        part_of(f)
        for f in (
            "daynight/sunmoon/engine.py",
            "widgets/sunmoon.py",
            "widgets/table.py",
            "daynight/practice.py",
            "daynight/stars/exercises.py",
        )
    ] == ["sunmoon", "sunmoon", "common", "common", "stars"]
    shared = Message("New game", "", locations=[("widgets/stars.py", 1), ("widgets/sunmoon.py", 2)])
    only_stars = Message("Hint", "", locations=[("widgets/stars.py", 3)])
    catalog = made_up()
    catalog[shared.id], catalog[only_stars.id] = shared, only_stars
    assert untranslated(catalog, ("common", "sunmoon")) == ["'New game' has no translation"]
    assert untranslated(catalog, ()) == []
    assert len(untranslated(catalog)) == 2


def test_every_language_claims_only_parts_that_exist():
    for code, parts in i18n.COVERS.items():
        assert code in TRANSLATED, code
        assert set(parts) <= {"common", *i18n.GAME_PARTS}, parts


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(code):
    """Every message used in a part the language covers (``daynight.i18n.COVERS``) is translated;
    the other games' words may wait (their apps say in one line that they are in English)."""
    catalog = read_catalog(po_path(code))
    assert catalog.num_plurals >= 1 and "nplurals" in catalog.plural_forms
    problems = untranslated(catalog, i18n.COVERS.get(code, ()))
    assert not problems, f"{po_path(code).relative_to(ROOT)}:\n" + "\n".join(problems)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translation_keeps_its_placeholders(code):
    catalog = read_catalog(po_path(code))
    problems = [p for m in catalog if m.id and translated(m) for p in placeholder_problems(m, catalog.plural_expr)]
    problems += babel_problems(catalog)
    assert not problems, "\n".join(problems)


def test_every_message_of_the_code_names_its_placeholders():
    problems = []
    for msgid, where in extracted().values():
        for text in msgid if isinstance(msgid, tuple) else (msgid,):
            try:
                placeholders(text)
            except ValueError as e:
                problems.append(f"{where}: {e}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalog_is_the_catalog(code):
    """The ``.mo`` the package reads is its ``.po`` compiled now (an editable install compiles
    once: after editing a ``.po``, `make messages` or `pip install -e .` compiles it again)."""
    path = i18n.catalog_path(code)
    assert path.exists(), f"{path} is missing: pip install -e . (setup.py compiles the catalogs)"
    assert path.read_bytes() == compiled(po_path(code)), f"{path} is older than its .po: run `make messages`"


# --------------------------------------------------------------------------- speaking


@pytest.fixture
def restore_language():
    before = i18n.language()
    yield
    i18n.set_language(before)


def test_english_is_the_default_and_says_the_message_itself():
    assert i18n.DEFAULT == "en" and i18n.language() == "en"
    assert i18n._("a face-down card") == "a face-down card"
    assert [i18n.ngettext("{n} card", "{n} cards", n) for n in (1, 2, 0)] == ["{n} card", "{n} cards", "{n} cards"]


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_says_what_its_catalog_says(code, restore_language):
    catalog = read_catalog(po_path(code))
    i18n.set_language(code)
    assert i18n.language() == code
    form = c2py(catalog.plural_expr)
    for m in catalog:
        if not m.id or not translated(m):  # an untranslated message is said in English (above)
            continue
        english, said = ids(m), forms(m)
        if m.pluralizable:  # each count gets the form the catalog's formula picks
            singular, plural = english[:2]
            for n in range(30):
                got = (
                    i18n.npgettext(m.context, singular, plural, n) if m.context else i18n.ngettext(singular, plural, n)
                )
                assert got == said[form(n)], (m.id, n)
        else:
            assert (i18n.pgettext(m.context, english[0]) if m.context else i18n._(english[0])) == said[0], m.id
    assert i18n._("a message no catalog has") == "a message no catalog has"


def test_in_language_runs_a_block_and_comes_back_even_after_an_error(restore_language):
    translated = read_catalog(po_path("zh-TW"))["a face-down card"].string
    with i18n.in_language("zh-TW") as code:
        assert code == "zh-TW" and i18n._("a face-down card") == translated
        with i18n.in_language("en"):
            assert i18n._("a face-down card") == "a face-down card"
        assert i18n.language() == "zh-TW"
    assert i18n.language() == "en"
    with pytest.raises(KeyError), i18n.in_language("zh-TW"):
        raise KeyError("boom")
    assert i18n.language() == "en"


@pytest.mark.parametrize("spelling", ["zh-TW", "zh_TW", "zh-tw", "ZH_tw"])
def test_a_language_code_may_be_spelled_as_gettext_or_bcp_47_do(spelling, restore_language):
    i18n.set_language(spelling)
    assert i18n.language() == "zh-TW"


def test_an_unknown_language_is_one_clear_line_and_changes_nothing(restore_language):
    i18n.set_language("zh-TW")
    with pytest.raises(ValueError, match=r"^unknown language 'fr'; expected one of en, zh-TW$"):
        i18n.set_language("fr")
    assert i18n.language() == "zh-TW"


def test_a_missing_compiled_catalog_is_one_clear_line_and_changes_nothing(tmp_path, monkeypatch, restore_language):
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_loaded", {})
    with pytest.raises(FileNotFoundError, match=r"no compiled catalog for zh-TW at .*pip install -e") as e:
        i18n.set_language("zh-TW")
    assert "\n" not in str(e.value)
    assert i18n.language() == "en"


def write_made_up_language(locale_dir: Path, folder: str, header: str, po_body: str) -> None:
    """Compile a catalog of a made-up language whose ``Plural-Forms`` header is ``header``."""
    po = f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n"Plural-Forms: {header}\\n"\n\n{po_body}'
    catalog = read_po(io.StringIO(po), domain=i18n.DOMAIN)
    assert catalog.plural_forms == header
    mo = locale_dir / folder / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    mo.parent.mkdir(parents=True)
    with mo.open("wb") as fh:
        write_mo(fh, catalog)


MADE_UP = """
msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} kart"
msgstr[1] "{n} karty"
msgstr[2] "{n} kart-many"

msgctxt "drawing"
msgid "a back"
msgid_plural "{n} backs"
msgstr[0] "one back"
msgstr[1] "two backs"
msgstr[2] "{n} backs-many"
"""


def test_plural_forms_follow_the_catalog_header(tmp_path, monkeypatch, restore_language):
    """A made-up language with three forms (one, two, many), chosen by its header's formula,
    not by English's n == 1."""
    write_made_up_language(tmp_path, "xx_YY", "nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);", MADE_UP)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_loaded", {})
    monkeypatch.setitem(i18n.LANGUAGES, "xx-YY", "Made-up")
    with i18n.in_language("xx-YY"):
        assert [i18n.ngettext("{n} card", "{n} cards", n) for n in (1, 2, 3, 0)] == [
            "{n} kart",
            "{n} karty",
            "{n} kart-many",
            "{n} kart-many",
        ]
        assert [i18n.npgettext("drawing", "a back", "{n} backs", n) for n in (1, 2, 7)] == [
            "one back",
            "two backs",
            "{n} backs-many",
        ]
        assert i18n.ngettext("{n} star", "{n} stars", 2) == "{n} stars"  # untranslated: English's rule


def test_zh_tw_has_one_plural_form(restore_language):
    catalog = read_catalog(po_path("zh-TW"))
    assert catalog.num_plurals == 1
    translations = i18n.catalog("zh-TW")
    assert {translations.plural(n) for n in range(10)} == {0}  # type: ignore[attr-defined]


def test_n_marks_without_translating(restore_language):
    with i18n.in_language("zh-TW"):
        assert i18n.N_("a face-down card") == "a face-down card"
        assert i18n._(i18n.N_("a face-down card")) != "a face-down card"


def test_the_language_machinery_is_standard_library_only():
    """It runs under Pyodide and in a bare ``pip install daynight``: gettext, nothing more."""
    code = (
        "import sys; before = set(sys.modules); import daynight.i18n as i; i.set_language('zh-TW'); "
        "print('\\n'.join(sorted(m.split('.')[0] for m in set(sys.modules) - before)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    loaded = set(out.stdout.split()) - {"daynight"}
    assert loaded <= set(sys.stdlib_module_names), loaded - set(sys.stdlib_module_names)


def test_a_remembered_drawing_is_remembered_per_language(restore_language):
    """``i18n.remembered`` keys its cache by the language too: words remembered in English are
    never shown after a switch to zh-TW (sunmoon's drawings remember their pieces)."""
    calls = []

    @i18n.remembered(maxsize=8)
    def words(n: int) -> str:
        calls.append(n)
        return i18n.ngettext("{n} card", "{n} cards", n).format(n=n)

    english = words(2)
    assert words(2) == english and calls == [2], "remembered within one language"
    i18n.set_language("zh-TW")
    assert words(2) != english and calls == [2, 2], "drawn anew in another language"
    i18n.set_language("en")
    assert words(2) == english and calls == [2, 2]


GETTEXT = {"_", "ngettext", "pgettext", "npgettext"}


def hidden_messages(source: str, where: str) -> list[str]:
    """Calls of gettext with a literal message written inside an f-string: Python 3.11 reads an
    f-string as one token, so Babel's extractor never sees them and the message is never
    translated (it showed in English on the zh-TW practice page)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.JoinedStr):
            continue
        for call in ast.walk(node):
            if (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name)
                and call.func.id in GETTEXT
                and call.args
                and isinstance(call.args[0], ast.Constant)
            ):
                found.append(f"{where}:{call.lineno}: {call.args[0].value!r} is marked inside an f-string")
    return found


def test_the_hidden_message_check_finds_a_message_inside_an_f_string():
    assert hidden_messages("x = f\"<b>{_('Hello')}</b>\"\ny = _('Seen')\n", "toy.py") == [
        "toy.py:1: 'Hello' is marked inside an f-string"
    ]


def test_no_message_is_marked_inside_an_f_string():
    problems = []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            problems += hidden_messages(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert not problems, "\n".join(problems)
