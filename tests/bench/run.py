"""Run every benchmark module (``tests/bench/bench_*.py``) and print one line per figure.

Only benchmark modules are named ``bench_*``; their helpers (the load generator, the server's
settings, the floor) are named otherwise.

Each module defines ``run(report)``; ``report`` prints, exactly::

    bench <name> <value> <unit> ratio <r> vs <baseline>

Figures are ratios against a baseline measured in the same run, so they mean something on a noisy
machine. ``python tests/bench/run.py evaluator`` runs only the modules whose name contains
``evaluator``.
"""

from __future__ import annotations

import importlib
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def report(name: str, value: float, unit: str, ratio: float, baseline: str) -> None:
    """Print one benchmark figure in the project's fixed format."""
    # A small ratio keeps its significant digits (0.0046, not 0.00).
    shown = f"{ratio:.4f}" if 0 < ratio < 0.1 else f"{ratio:.2f}"
    print(f"bench {name} {_fmt(value)} {unit} ratio {shown} vs {baseline}", flush=True)


def _fmt(value: float) -> str:
    if isinstance(value, int):  # a count: 0 errors, not 0.0000
        return str(value)
    if value >= 100:
        return f"{value:.0f}"
    if value >= 1:
        return f"{value:.2f}"
    return f"{value:.4f}"


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    wanted = argv[1:]
    modules = sorted(p.stem for p in (ROOT / "tests" / "bench").glob("bench_*.py"))
    for stem in modules:
        if wanted and not any(w in stem for w in wanted):
            continue
        module = importlib.import_module(f"tests.bench.{stem}")
        module.run(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
