"""``make test-clock``: the database and HTTP tiers once per awkward instant (``tests/clock.py``).

Usage: ``python -m tests.clock_run [INSTANT ...] -- [pytest options]``; no instant named runs
them all. Each run is a pytest of its own with ``CASINO_TEST_INSTANT`` (every test starts at
that instant, its clock ticking) and ``CASINO_TEST_TIME_ZONE`` (the test casino's zone, the
instant's). Prints a line per instant and exits non-zero when any run failed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

from tests.clock import INSTANT_VARIABLE, TIME_ZONE_VARIABLE, instants

TIERS = "(db or http) and not slow"


def main(argv: list[str]) -> int:
    split = argv.index("--") if "--" in argv else len(argv)
    named, pytest_options = argv[:split], argv[split + 1 :]
    every = instants()
    unknown = sorted(set(named) - set(every))
    if unknown:
        print(f"no such instant: {', '.join(unknown)}; known: {', '.join(every)}", file=sys.stderr)
        return 2
    results = []
    for name in named or list(every):
        instant = every[name]
        print(f"== {name}: {instant.moment.isoformat()} ({instant.why})", flush=True)
        started = time.monotonic()
        outcome = subprocess.run(
            [sys.executable, "-m", "pytest", "-m", TIERS, "-q", *pytest_options],
            env={
                **os.environ,
                INSTANT_VARIABLE: name,
                TIME_ZONE_VARIABLE: instant.time_zone,
            },
            check=False,
        )
        results.append((name, instant, outcome.returncode, time.monotonic() - started))
    print()
    for name, instant, code, seconds in results:
        verdict = "passed" if code == 0 else f"FAILED (exit {code})"
        print(f"{name:28} {instant.moment.isoformat():26} {verdict} in {seconds:.0f} s")
    return 0 if all(code == 0 for _, _, code, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
