"""``instantAt`` of the pages' ``common/times.js``, run by Node as the browser runs it, against
Python's own reading of a wall time in a zone (``zoneinfo``, ``fold=0``): what a pit boss types
as the casino's clock time is the instant the server would read from it, across the clock
changes (a repeated hour read as its first pass, a skipped one an hour on) and in zones whose
offsets are not whole hours.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from zoneinfo import ZoneInfo

from tests.surfaces.page_node import run_module

TIMES = Path(__file__).resolve().parents[2] / "casino/surfaces/static/surfaces/common/times.js"

#: Each zone with a day of a clock change in it (or none: UTC), and one of a half-hour change.
DAYS = [
    ("UTC", dt.date(2027, 3, 10)),
    ("Europe/Vienna", dt.date(2027, 3, 28)),
    ("Europe/Vienna", dt.date(2027, 10, 31)),
    ("America/New_York", dt.date(2027, 3, 14)),
    ("America/New_York", dt.date(2027, 11, 7)),
    ("Australia/Lord_Howe", dt.date(2027, 4, 4)),
    ("Asia/Kathmandu", dt.date(2027, 6, 1)),
]


def _walls() -> list[tuple[str, str]]:
    """Every quarter hour of each day, as a datetime-local field gives it, with its zone."""
    return [
        (f"{dt.datetime.combine(day, dt.time()) + dt.timedelta(minutes=m):%Y-%m-%dT%H:%M}", zone)
        for zone, day in DAYS
        for m in range(0, 24 * 60, 15)
    ]


def test_a_wall_time_in_the_casinos_zone_is_the_instant_python_reads() -> None:
    walls = _walls()
    read = run_module(
        f"import {{ instantAt }} from {json.dumps(TIMES.as_uri())};"
        f"console.log(JSON.stringify({json.dumps(walls)}.map(([l, z]) => instantAt(l, z))));"
    )

    expected = [
        dt.datetime.fromisoformat(local)
        .replace(tzinfo=ZoneInfo(zone))
        .astimezone(dt.UTC)
        .strftime("%Y-%m-%dT%H:%M:%S.000Z")
        for local, zone in walls
    ]
    wrong = [(w, r, e) for w, r, e in zip(walls, read, expected, strict=True) if r != e]
    assert wrong == []
