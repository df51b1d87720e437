"""Nothing reads the machine's calendar where the product reads the casino's gaming day.

Between midnight and a casino's gaming-day start (06:00 for the test casino) the machine's date
is a day ahead of the casino's: a test that asks for ``date.today()``'s report is refused as a
day in the future, and only at night. Every instant comes from ``django.utils.timezone.now()``
(which ``make test-clock`` travels) and every day from the casino's clock
(``casino.clock.day_of``); the benchmarks, which time themselves, are left out. A read that is
meant says why on its line: ``# the machine's clock, on purpose: ...``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("casino", "tables", "payouts", "audit", "tests")
SKIPPED = ("tests/bench/",)
#: The calls that read the machine's date or local time rather than an aware instant, by the
#: name they are called on (``dt.date.today()``, ``date.today()``...).
MACHINE_CLOCK = {
    "date": {"today"},
    "datetime": {"today", "now", "utcnow"},
    "time": {"localtime"},
}
ON_PURPOSE = "# the machine's clock, on purpose:"


def _reads_machine_clock(node: ast.AST) -> bool:
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return False
    owner = node.func.value
    name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", None)
    return node.func.attr in MACHINE_CLOCK.get(str(name), set())


def machine_clock_reads(root: Path = ROOT) -> list[str]:
    """``path:line: code`` of every read of the machine's clock outside the benchmarks."""
    found = []
    for folder in SCANNED:
        for path in sorted((root / folder).rglob("*.py")):
            relative = path.relative_to(root).as_posix()
            if relative.startswith(SKIPPED) or "/migrations/" in relative:
                continue
            source = path.read_text()
            lines = source.splitlines()
            for node in ast.walk(ast.parse(source)):
                if _reads_machine_clock(node):
                    line = lines[node.lineno - 1]
                    if ON_PURPOSE not in line:
                        found.append(f"{relative}:{node.lineno}: {line.strip()}")
    return sorted(found, key=lambda entry: (entry.split(":")[0], int(entry.split(":")[1])))


def test_nothing_reads_the_machines_date_where_the_casinos_day_is_meant() -> None:
    assert machine_clock_reads() == []


def test_the_check_finds_a_planted_read(tmp_path: Path) -> None:
    planted = tmp_path / "tests" / "test_planted.py"
    planted.parent.mkdir()
    planted.write_text(
        "import datetime as dt\n"
        "day = dt.date.today()\n"
        "now = dt.datetime.now(dt.UTC)\n"
        "year = dt.date.today().year  # the machine's clock, on purpose: to stay ahead\n"
    )
    assert machine_clock_reads(tmp_path) == [
        "tests/test_planted.py:2: day = dt.date.today()",
        "tests/test_planted.py:3: now = dt.datetime.now(dt.UTC)",
    ]
