"""``python -m benchmarks [NAME ...] [--quick]``: run every ``benchmarks/bench_*.py``.

NAME filters by module (``stars``) or figure prefix (``stars.hint``). A full run ends with every
engine's callgrind figure next to its bound (issue 25: within 10% of the figure before it).
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from pathlib import Path


def modules():
    here = Path(__file__).parent
    for info in sorted(pkgutil.iter_modules([str(here)]), key=lambda m: m.name):
        if info.name.startswith("bench_"):
            yield info.name[len("bench_") :], importlib.import_module(f"benchmarks.{info.name}")


def main(argv=None) -> int:
    helps = [f"{short}: {module.RUN_HELP}" for short, module in modules() if hasattr(module, "RUN_HELP")]
    p = argparse.ArgumentParser(
        prog="python -m benchmarks", epilog="\n\n".join(helps), formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("names", nargs="*", help="only these modules or figures")
    p.add_argument("--quick", action="store_true", help="few rounds: checks that everything runs")
    p.add_argument("--rounds", type=int, default=None)
    p.add_argument("--list", action="store_true", help="list the figures without running them")
    args = p.parse_args(argv)
    print(
        f"daynight benchmarks on Python {sys.version.split()[0]} "
        f"({'quick' if args.quick else 'full'} run; ratios are engine / straight-line reference)"
    )
    ran = 0
    bounds = []  # every engine figure against its bound (issue 25), printed again at the end
    for short, module in modules():
        for fig in getattr(module, "FIGURES", []):
            if args.names and not any(short == n or fig.name.startswith(n) for n in args.names):
                continue
            if args.list:
                print(f"{fig.name:<28} target {fig.target:g}  ({type(fig).__name__})")
            else:
                print(fig.run(rounds=args.rounds, quick=args.quick), flush=True)
            ran += 1
        extra = getattr(module, "report", None)  # modules with figures of another shape
        if extra is not None and args.list:
            print(f"{short + '.*':<28} (more figures, printed by `python -m benchmarks {short}`)")
            ran += 1
        elif extra is not None and (not args.names or short in args.names):
            for line in extra(quick=args.quick):
                print(line, flush=True)
                ran += 1
                if " the bound " in line:
                    bounds.append(line)
    if not ran:
        print("no benchmark matched", file=sys.stderr)
        return 1
    if bounds:
        print("\nthe engines against issue 25's bounds (callgrind, 1.1 x the figure before issue 25):")
        print("\n".join(bounds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
