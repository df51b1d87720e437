"""``make mutate``: mutation testing of the code that decides money, and its figures.

mutmut (``[tool.mutmut]`` in ``pyproject.toml``) copies the packages under ``mutants/``, makes
one mutant per small change of each module of :data:`MODULES` (an operator, a number, a name, a
call's argument) and runs against each the tests that reach the function it changes; a mutant
is killed when one of them fails (or when it runs out of time: a loop that never ends). The
engines' mutants are judged by the engines' tests (``tests/mutation/plugin.py``); the
database's each on a test database and Redis database of its slot's own (the same plugin); two
at a time.

Ends with one line per module and one overall, in the benchmarks' format::

    bench mutation_killed_<module> <pct> % ratio <killed/mutants> vs mutants
    bench mutation_killed <pct> % ratio <killed/mutants> vs mutants

after the name of every mutant not killed (``mutmut show <name>`` prints its change;
docs/tests.md, "Mutation testing", lists those that no test can kill, and why). Every run starts
afresh; ``--again`` only retests the mutants the last run left alive, to check a new test
quickly.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterable
from pathlib import Path

from mutmut.stats import status_by_exit_code

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.run import report  # noqa: E402
from tests.mutation.plugin import DATABASE_SLOTS  # noqa: E402

#: Each mutated module by the name of its figure (``mutation_killed_<name>``); ``only_mutate``
#: in ``pyproject.toml`` lists the same files.
MODULES = {
    "russian_settlement": "casino/games/russian/settlement.py",
    "rubyrun_settlement": "casino/games/rubyrun/settlement.py",
    "reddog_settlement": "casino/games/reddog/settlement.py",
    "payouts_settlement": "payouts/services/settlement.py",
    "payouts_settlement_record": "payouts/services/settlement_record.py",
    "payouts_day_totals": "payouts/services/day_totals.py",
    "payouts_day_totals_check": "payouts/services/day_totals_check.py",
}
#: The verdicts that count as killed.
KILLED = frozenset({"killed", "timeout"})
MUTANTS = ROOT / "mutants"
#: The mutants of each run of mutmut by the start of their names, and how many run at once.
BATCHES = (("casino.games.", 2), ("payouts.", DATABASE_SLOTS))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--again", action="store_true", help="retest only the mutants the last run left alive"
    )
    args = parser.parse_args(argv)
    _check_modules()
    started = time.monotonic()
    alive: list[str] = []
    if args.again:
        # Named mutants are tested again whatever their last verdict; the rest keep theirs.
        alive = [name for name, status in _verdicts() if status not in KILLED]
    else:
        shutil.rmtree(MUTANTS, ignore_errors=True)
    mutmut = str(Path(sys.executable).with_name("mutmut"))
    for prefix, children in BATCHES:
        names = [n for n in alive if n.startswith(prefix)] if args.again else [f"{prefix}*"]
        if names:
            subprocess.run(
                [mutmut, "run", "--max-children", str(children), *names], cwd=ROOT, check=True
            )
    print(f"\nmake mutate took {time.monotonic() - started:.0f} s\n")
    _print_figures(list(_verdicts()))
    return 0


def _check_modules() -> None:
    configured = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    if sorted(configured["only_mutate"]) != sorted(MODULES.values()):
        raise SystemExit("[tool.mutmut] only_mutate and MODULES in tests/mutation/run.py differ")


def _verdicts(module: str | None = None) -> Iterable[tuple[str, str]]:
    """Each mutant's name and verdict, of one module (by its figure's name) or of all."""
    for name, path in MODULES.items():
        if module not in (None, name):
            continue
        meta = json.loads((MUTANTS / f"{path}.meta").read_text())
        for mutant, exit_code in meta["exit_code_by_key"].items():
            yield mutant, status_by_exit_code[exit_code]


def _print_figures(verdicts: list[tuple[str, str]]) -> None:
    for mutant, status in verdicts:
        if status not in KILLED:
            print(f"{status}: {mutant}")
    print()
    for name in MODULES:
        _print_figure(f"mutation_killed_{name}", list(_verdicts(name)))
    _print_figure("mutation_killed", verdicts)


def _print_figure(figure: str, verdicts: list[tuple[str, str]]) -> None:
    killed = sum(status in KILLED for _, status in verdicts)
    ratio = killed / len(verdicts) if verdicts else 0.0
    report(figure, ratio * 100, "%", ratio, "mutants")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
