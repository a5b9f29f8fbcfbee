"""The one build step pyproject.toml cannot say: compile the message catalogs.

Translators write ``daynight/locale/<lang>/LC_MESSAGES/daynight.po``; Python's ``gettext``
reads the compiled ``daynight.mo``. The ``.mo`` files are never committed: Babel (a build
requirement in pyproject.toml) compiles them whenever setuptools builds the package, so

* a wheel (``pip install .``, ``pip wheel``, the static site's wheel) carries them, compiled
  into the build directory by ``compile_catalogs``, a sub-command of ``build``;
* an editable install (``pip install -e .``, PEP 660) sees them: in editable mode the same
  sub-command writes each ``.mo`` beside its ``.po`` in the source tree (ignored by git);
* an sdist carries the ``.po`` sources and their ``.mo``, added to its tree by
  ``sdist_with_catalogs`` (not through the manifest: a ``.po`` there would reach the wheel as
  package data of a folder setuptools takes for a package, with a warning).

Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import ClassVar

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import Command, setup
from setuptools.command.build import build
from setuptools.command.sdist import sdist

LOCALE = Path("daynight", "locale")
DOMAIN = "daynight"


def catalogs() -> list[Path]:
    """The catalogs to compile, relative to the project (setuptools runs from there)."""
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def compile_catalog(po: Path, mo: Path) -> None:
    """``po`` compiled to ``mo`` (fuzzy translations left out, as gettext's msgfmt does); a
    translation whose placeholders do not match its message is reported, not shipped silently
    (tests/test_i18n.py fails on it)."""
    with po.open("rb") as fh:
        catalog = read_po(fh, locale=po.parts[-3], domain=DOMAIN)
    for message, errors in catalog.check():
        for error in errors:
            print(f"warning: {po}: {message.id!r}: {error}", file=sys.stderr)
    mo.parent.mkdir(parents=True, exist_ok=True)
    with mo.open("wb") as fh:
        write_mo(fh, catalog, use_fuzzy=False)


class compile_catalogs(Command):
    """Compile every ``.po`` of ``daynight/locale`` to its ``.mo`` (a ``build`` sub-command)."""

    description = "compile the gettext catalogs (daynight/locale/*/LC_MESSAGES/daynight.po) to .mo files"
    user_options: ClassVar[list[tuple[str, str | None, str]]] = []

    def initialize_options(self) -> None:
        self.build_lib: str | None = None
        self.editable_mode = False

    def finalize_options(self) -> None:
        self.set_undefined_options("build_py", ("build_lib", "build_lib"))

    def target(self, po: Path) -> Path:
        """Where ``po`` is compiled to: the build directory, or in place for an editable install."""
        mo = po.with_suffix(".mo")
        return mo if self.editable_mode else Path(self.build_lib or "build/lib", mo)

    def run(self) -> None:
        for po in catalogs():
            compile_catalog(po, self.target(po))

    def get_outputs(self) -> list[str]:
        return [str(self.target(po)) for po in catalogs()]

    def get_output_mapping(self) -> dict[str, str]:
        return {str(self.target(po)): str(po) for po in catalogs()}

    def get_source_files(self) -> list[str]:
        return []  # the sdist takes the .po files through sdist_with_catalogs, not the manifest


class build_with_catalogs(build):
    sub_commands: ClassVar = [*build.sub_commands, ("compile_catalogs", None)]


class sdist_with_catalogs(sdist):
    """An sdist that carries the catalogs, and each compiled beside its source."""

    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        super().make_release_tree(base_dir, files)
        for po in catalogs():
            self.mkpath(str(Path(base_dir, po.parent)))
            self.copy_file(str(po), str(Path(base_dir, po)))
            compile_catalog(po, Path(base_dir, po.with_suffix(".mo")))


setup(cmdclass={"build": build_with_catalogs, "compile_catalogs": compile_catalogs, "sdist": sdist_with_catalogs})
