"""What every game's tests plug into: the conformance check and the fuzz harness for records.

>>> from daynight.testing import check_conformance              # doctest: +SKIP
>>> check_conformance(lambda seed: StarsGame.new(players=4, seed=seed),
...                   illegal_moves=my_illegal_moves)           # doctest: +SKIP
>>> fuzz_records("stars", n=2000, seed=0).assert_clean()        # doctest: +SKIP

* :mod:`daynight.testing.conformance` -- :func:`check_conformance` plays random games and checks
  the engine contract at every step (legal moves accepted, illegal ones refused without a
  change, one ``play``, no global randomness, records that round-trip);
* :mod:`daynight.testing.mutants` -- the seeded mutants of a game's records;
* :mod:`daynight.testing.fuzz` -- :func:`fuzz_records` loads each mutant with ``from_record``
  and through ``daynight replay`` and reports every escape.

Standard library only: the checks raise ``AssertionError`` with a message saying which check
failed, so they work under pytest and anywhere else.
"""

from __future__ import annotations

from .conformance import ConformanceReport, check_conformance, random_playout
from .fuzz import Escape, FuzzReport, check_mutant, fuzz_records
from .mutants import Mutant, mutant, mutants

__all__ = [
    "ConformanceReport",
    "Escape",
    "FuzzReport",
    "Mutant",
    "check_conformance",
    "check_mutant",
    "fuzz_records",
    "mutant",
    "mutants",
    "random_playout",
]
