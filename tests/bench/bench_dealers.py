"""The rotation plan's speed: a shift's plan proposed for a floor of 30 tables and 45 dealers.

``rotation_plan_ms`` is the median milliseconds of :func:`casino.dealers.rotation.rotation_propose`
for an 8-hour shift at 60/20 with a minimum stint of 40: 30 tables, ten of each of three games,
and 45 dealers, fifteen a game, a third of them qualified for a second game too, two a game there
for part of the shift only (one leaves at noon, one comes at ten), so the whole-shift dealers fall
one short in every game and the seat they leave is filled cycle by cycle. The strings are cut, the
seats matched and every slot made; the plan is checked once, before the timing, to break no rule.
Goal: under 500 ms.

The baseline ``tables``, measured in the same run, each run beside one of the plan's, is the naive
covering of the same floor: at each table the first qualified dealer not yet placed, for the whole
shift, with no break (one slot a table). The ratio is what the rotation costs beyond naming a
dealer for each table.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

from casino.dealers.rotation import (
    Absence,
    Dealer,
    Plan,
    RotationString,
    Shift,
    Slot,
    Table,
    rotation_check,
    rotation_propose,
)

Report = Callable[[str, float, str, float, str], None]

RUNS = 21
GAMES = ("russian_poker", "ruby_run", "red_dog")
START = datetime(2025, 3, 14, 8, 0, tzinfo=UTC)
SHIFT = Shift(START, 480, minutes_on=60, minutes_off=20, min_stint=40)


def floor() -> tuple[list[Table], list[Dealer]]:
    tables = [Table(f"T{i + 1}", GAMES[i // 10]) for i in range(30)]
    dealers = []
    for g, game in enumerate(GAMES):
        second = GAMES[(g + 1) % len(GAMES)]
        for i in range(15):
            games = frozenset({game, second}) if i % 3 == 0 else frozenset({game})
            away: tuple[Absence, ...] = ()
            if i == 13:  # leaves at noon
                away = (Absence(START + timedelta(hours=4), START + timedelta(hours=9)),)
            elif i == 14:  # comes at ten
                away = (Absence(START - timedelta(hours=1), START + timedelta(hours=2)),)
            dealers.append(Dealer(f"{game}-{i + 1}", games, away))
    return tables, dealers


def naive(shift: Shift, tables: Sequence[Table], dealers: Sequence[Dealer]) -> Plan:
    """The first qualified dealer not yet placed at each table, the whole shift, no break."""
    placed: set[str] = set()
    slots = []
    for table in tables:
        dealer = next(d for d in dealers if table.game in d.games and d.id not in placed)
        placed.add(dealer.id)
        slots.append(Slot(dealer.id, table.id, 0, shift.length))
    ids = tuple(table.id for table in tables)
    return Plan((RotationString("all", ids, shift.length, 0, tuple(slots)),))


def run(report: Report) -> None:
    tables, dealers = floor()
    violations = rotation_check(rotation_propose(SHIFT, tables, dealers), SHIFT, tables, dealers)
    if violations:
        raise AssertionError(f"the plan timed breaks rules: {violations[:3]}")
    medians = _medians(
        {
            "plan": lambda: rotation_propose(SHIFT, tables, dealers),
            "tables": lambda: naive(SHIFT, tables, dealers),
        }
    )
    baseline, figure = medians["tables"], medians["plan"]
    report("tables", baseline, "ms", 1.0, "tables")
    report("rotation_plan_ms", figure, "ms", figure / baseline, "tables")


def _medians(jobs: dict[str, Callable[[], object]]) -> dict[str, float]:
    """Each job's median milliseconds over RUNS rounds, the jobs taking turns in each."""
    spent: dict[str, list[float]] = {name: [] for name in jobs}
    for _ in range(RUNS):
        for name, job in jobs.items():
            start = time.perf_counter()
            job()
            spent[name].append((time.perf_counter() - start) * 1000)
    return {name: statistics.median(times) for name, times in spent.items()}
