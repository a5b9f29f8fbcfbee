"""What is left to translate, and a quick way to fill it in (issue 22).

    python -m tools.translate_check                     the untranslated messages of the parts
                                                        each language covers (daynight.i18n.COVERS)
    python -m tools.translate_check --parts sunmoon     ... of the parts named (common, a game)
    python -m tools.translate_check --template todo.json
                                                        those messages as JSON, msgid -> "" to fill
    python -m tools.translate_check --apply done.json   write the filled-in translations into the
                                                        catalog (by msgid), then compile it

The catalog stays the one place a translation lives (``daynight/locale/<lang>/LC_MESSAGES/
daynight.po``): a JSON file is a worksheet, not kept. ``--apply`` refuses, in one line each, a
msgid the catalog does not have and a translation that drops or adds a placeholder, and
writes nothing then. After the lead re-extracts (``make messages``) the new messages show up
here, so the next pass starts from this list.

The checks are the catalog test's (``tests/test_i18n.py`` imports them from here). Babel, a
development dependency, reads and writes the catalogs as ``make messages`` does (no wrapping).
"""

from __future__ import annotations

import argparse
import io
import json
import re
import string
import sys
from collections import Counter
from collections.abc import Sequence
from gettext import c2py
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from daynight import i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "daynight" / "locale"


def po_path(code: str) -> Path:
    """The catalog a translator edits for language ``code``."""
    return LOCALE / code.replace("-", "_") / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, domain=i18n.DOMAIN)


def write_catalog(catalog: Catalog, path: Path) -> None:
    """Write ``catalog`` as ``make messages`` does (no wrapping: a file read and written back is
    the same bytes), and compile the ``.mo`` beside it."""
    out = io.BytesIO()
    write_po(out, catalog, width=0, include_previous=False)
    path.write_bytes(out.getvalue())
    with path.with_suffix(".mo").open("wb") as fh:
        write_mo(fh, catalog, use_fuzzy=False)


def part_of(filename: str) -> str:
    """The part of the package a source file belongs to: a game's name, or ``"common"``."""
    parts = Path(filename).parts
    for game in i18n.GAME_PARTS:
        if parts[:2] == ("daynight", game):
            return game
        if (
            parts[:1] == ("widgets",)
            and len(parts) == 2
            and (parts[1] == f"{game}.py" or parts[1].startswith(f"{game}_"))
        ):
            return game  # widgets/stars.py, and its own modules: widgets/stars_guide.py
    return "common"


def claimed(message: Message, covers: Sequence[str] | None) -> bool:
    """True when the catalog claims to translate ``message``: it is used in a part the language
    covers (``None``: every message is claimed)."""
    return covers is None or any(part_of(where) in covers for where, _line in message.locations)


def ids(message: Message) -> tuple[str, ...]:
    """The English of ``message``: its msgid, or a plural's singular and plural."""
    msgid = message.id
    return tuple(msgid) if isinstance(msgid, (tuple, list)) else (str(msgid or ""),)


def forms(message: Message) -> list[str]:
    """The translation of ``message``: one string, or a plural's forms."""
    text = message.string
    return list(text) if isinstance(text, (tuple, list)) else [str(text or "")]


def translated(message: Message) -> bool:
    """True when ``message`` has a translation gettext shows (every form, not fuzzy)."""
    return not message.fuzzy and all(forms(message))


def untranslated(catalog: Catalog, covers: Sequence[str] | None = None) -> list[str]:
    """Messages with no translation, a missing plural form, or a fuzzy one (fuzzy is not compiled),
    among those used in a part the language covers (:data:`daynight.i18n.COVERS`)."""
    problems = []
    for m in catalog:
        if not m.id or not claimed(m, covers):
            continue
        said = forms(m)
        if m.fuzzy:
            problems.append(f"{m.id!r} is fuzzy (a guess to review): not shown")
        elif m.pluralizable and len(said) != catalog.num_plurals:
            problems.append(f"{m.id!r} has {len(said)} plural forms; the header says {catalog.num_plurals}")
        elif not all(said):
            problems.append(f"{m.id!r} has no translation")
    return problems


_PERCENT_NAMED = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]")
_PERCENT_BARE = re.compile(r"%[-#0+]?\d*(?:\.\d+)?[sdirf]")


def placeholders(text: str) -> set[str]:
    """The named placeholders of ``text``: ``{name}`` (``str.format``) and ``%(name)s``;
    a positional one (``{}``, ``{0}``, ``%s``) or broken braces raise ``ValueError``."""
    names = set()
    try:
        fields = [field for _, field, _, _ in string.Formatter().parse(text) if field is not None]
    except ValueError as e:
        raise ValueError(f"broken braces in {text!r}: {e}") from None
    for field in fields:
        name = re.split(r"[.\[]", field, maxsplit=1)[0]
        if not name or name.isdigit():
            raise ValueError(f"a positional placeholder in {text!r}: name it ({{player}}, not {{}})")
        names.add("{" + name + "}")
    plain = text.replace("%%", "")
    names |= {f"%({n})s" for n in _PERCENT_NAMED.findall(plain)}
    if _PERCENT_BARE.search(_PERCENT_NAMED.sub("", plain)):
        raise ValueError(f"a positional placeholder in {text!r}: name it (%(player)s, not %s)")
    return names


def single_value_forms(plural_expr: str, nplurals: int) -> set[int]:
    """The plural forms that serve one count only (English's "one card"), by the header's formula."""
    form = c2py(plural_expr)
    served = Counter(form(n) for n in range(1000))
    return {i for i in range(nplurals) if served[i] <= 1}


def placeholder_problems(message: Message, plural_expr: str = "(n != 1)") -> list[str]:
    """A translation that drops or adds a placeholder. As gettext's ``msgfmt --check-format``
    has it, a plural form that serves one count only may leave the count out ("one card");
    every other form has every placeholder of the English plural."""
    try:
        if not message.pluralizable:
            want, got = placeholders(ids(message)[0]), placeholders(forms(message)[0])
            return [
                f"{message.id!r}: the translation {what} {', '.join(sorted(names))}"
                for what, names in (("drops", want - got), ("adds", got - want))
                if names
            ]
        singular, plural = (placeholders(t) for t in ids(message)[:2])
        found = [placeholders(t) for t in forms(message)]
    except ValueError as e:
        return [str(e)]
    problems, single = [], single_value_forms(plural_expr, len(found))
    for i, got in enumerate(found):
        if i not in single and plural - got:
            problems.append(f"{message.id!r}: plural form {i} drops {', '.join(sorted(plural - got))}")
        if got - (singular | plural):
            problems.append(f"{message.id!r}: plural form {i} adds {', '.join(sorted(got - (singular | plural)))}")
    return problems


# --------------------------------------------------------------------------- the worksheet


def worksheet_key(message: Message) -> str:
    """A message's name in a worksheet: its msgid (a plural's singular), after its context and
    gettext's separator ``\\x04`` when it has one."""
    msgid = ids(message)[0]
    return f"{message.context}\x04{msgid}" if message.context else msgid


def todo(catalog: Catalog, covers: Sequence[str] | None) -> dict[str, str]:
    """The untranslated messages of the parts ``covers`` names: worksheet key -> ""."""
    return {worksheet_key(m): "" for m in catalog if m.id and claimed(m, covers) and not translated(m)}


def apply(catalog: Catalog, done: dict[str, str | list[str]]) -> list[str]:
    """Set the translations of ``done`` (worksheet key -> the translation, one
    string per plural form or one for all) in ``catalog``; the problems, one line each (then
    nothing is set)."""
    by_key = {worksheet_key(m): m for m in catalog if m.id}
    problems, changes = [], []
    for msgid, text in done.items():
        if not text:
            continue
        m = by_key.get(msgid)
        if m is None:
            problems.append(f"{msgid!r} is not in the catalog (run `make messages` first?)")
            continue
        forms = [text] * catalog.num_plurals if isinstance(text, str) else list(text)
        trial = Message(m.id, tuple(forms) if m.pluralizable else forms[0])
        found = placeholder_problems(trial, catalog.plural_expr)
        problems += found
        if not found:
            changes.append((m, trial.string))
    if not problems:
        for m, value in changes:
            m.string = value
            m.flags.discard("fuzzy")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.translate_check", description=__doc__.split("\n\n")[0])
    p.add_argument("--lang", default="zh-TW", help="the language (default zh-TW)")
    p.add_argument("--parts", help="comma-separated parts (common, stars, ...); default: what COVERS claims")
    p.add_argument("--template", metavar="OUT.json", help="write the untranslated messages as a JSON worksheet")
    p.add_argument("--apply", metavar="IN.json", help="write a filled-in worksheet into the catalog")
    args = p.parse_args(argv)
    code = i18n.known(args.lang)
    parts = args.parts.split(",") if args.parts else i18n.COVERS.get(code, ())
    path = po_path(code)
    catalog = read_catalog(path)
    if args.apply:
        problems = apply(catalog, json.loads(Path(args.apply).read_text(encoding="utf-8")))
        if problems:
            print("\n".join(problems), file=sys.stderr)
            return 2
        write_catalog(catalog, path)
    left = todo(catalog, parts)
    if args.template:
        Path(args.template).write_text(json.dumps(left, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    problems = untranslated(catalog, parts)
    print("\n".join(problems) if problems else f"{code}: every message of {', '.join(parts)} is translated")
    return 1 if problems else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
