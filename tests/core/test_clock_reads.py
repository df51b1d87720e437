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
import re
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


def _plant(root: Path, relative: str, source: str) -> Path:
    """``source`` written at ``relative`` under ``root``, a tree for a check to scan."""
    planted = root / relative
    planted.parent.mkdir(parents=True)
    planted.write_text(source)
    return root


def test_the_check_finds_a_planted_read(tmp_path: Path) -> None:
    _plant(
        tmp_path,
        "tests/test_planted.py",
        "import datetime as dt\n"
        "day = dt.date.today()\n"
        "now = dt.datetime.now(dt.UTC)\n"
        "year = dt.date.today().year  # the machine's clock, on purpose: to stay ahead\n",
    )
    assert machine_clock_reads(tmp_path) == [
        "tests/test_planted.py:2: day = dt.date.today()",
        "tests/test_planted.py:3: now = dt.datetime.now(dt.UTC)",
    ]


#: The product's packages, migrations included: their SQL must never read the database's clock.
PRODUCT = ("casino", "tables", "payouts", "audit")
#: PostgreSQL's clock in SQL text: ``now()``, the ``*_timestamp()`` functions and the SQL
#: standard's ``current_date``/``current_time(stamp)``/``localtime(stamp)``.
DATABASE_CLOCK = re.compile(
    r"\b(now|clock_timestamp|statement_timestamp|transaction_timestamp)\s*\(\)"
    r"|\b(current_date|current_time|current_timestamp|localtime|localtimestamp)\b",
    re.IGNORECASE,
)


def database_clock_reads(root: Path = ROOT) -> list[str]:
    """``path:line`` of every SQL text in the product that reads PostgreSQL's clock, and of
    every use of Django's ``Now`` (which is ``now()`` in the database)."""
    found = []
    for folder in PRODUCT:
        for path in sorted((root / folder).rglob("*.py")):
            relative = path.relative_to(root).as_posix()
            for node in ast.walk(ast.parse(path.read_text())):
                sql = isinstance(node, ast.Constant) and isinstance(node.value, str)
                if sql and DATABASE_CLOCK.search(node.value):
                    found.append(f"{relative}:{node.lineno}")
                elif isinstance(node, ast.ImportFrom) and any(
                    alias.name == "Now" for alias in node.names
                ):
                    found.append(f"{relative}:{node.lineno}")
    return found


def test_the_product_never_reads_the_databases_clock() -> None:
    """``make test-clock`` travels Python's clock only (``tests/clock.py``): an instant the
    database took from its own clock would fall on the machine's day, not the travelled one,
    and a round's day could differ from its events'."""
    assert database_clock_reads() == []


def test_the_database_clock_check_finds_a_planted_read(tmp_path: Path) -> None:
    _plant(
        tmp_path,
        "payouts/planted.py",
        "from django.db.models.functions import Now\n"
        'SQL = "UPDATE t SET at = now() WHERE day = CURRENT_DATE"\n'
        'WORDS = "the nowhere man knows the current date"\n',
    )
    assert database_clock_reads(tmp_path) == ["payouts/planted.py:1", "payouts/planted.py:2"]
