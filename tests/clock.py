"""The awkward instants of the casinos' clocks, at which the suite must pass as at any other.

``make test-clock`` runs the database and HTTP tiers once per instant, with Python's clock
travelled there (``time-machine``, ticking) at the start of every test, and the test casino in
the instant's time zone (``CASINO_TEST_TIME_ZONE``, read by ``tests.fixtures.floor``): the test
casino's (UTC) and the demo casino's (Europe/Vienna, with its two daylight-saving changes).
Only Python's clock needs travelling: the product takes every instant from
``django.utils.timezone.now()``, never from PostgreSQL's ``now()``, so the database and the
application cannot disagree on the day.

Every instant lies in the year after the real one, so that nothing the test database holds
from its creation (migrations' rows) is dated after the travelled clock.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

#: The environment variable naming the instant a test run travels to (a key of ``instants()``).
INSTANT_VARIABLE = "CASINO_TEST_INSTANT"
#: The environment variable naming the test casino's time zone (``tests.fixtures.floor``).
TIME_ZONE_VARIABLE = "CASINO_TEST_TIME_ZONE"
#: The test casino's time zone when the run names none.
DEFAULT_TIME_ZONE = "UTC"

DEMO_TIME_ZONE = "Europe/Vienna"


@dataclass(frozen=True)
class Instant:
    """A moment of a casino's clock: the wall time ``local`` in ``time_zone``, ``fold=1`` for
    the second pass of a repeated hour, and why it is awkward."""

    time_zone: str
    local: dt.datetime
    why: str
    fold: int = 0

    @property
    def moment(self) -> dt.datetime:
        """The aware instant."""
        return self.local.replace(tzinfo=ZoneInfo(self.time_zone), fold=self.fold)


def _last_sunday(year: int, month: int) -> int:
    """The day of the month of ``month``'s last Sunday (the EU's daylight-saving changes)."""
    last = dt.date(year, month + 1, 1) - dt.timedelta(days=1)
    return last.day - (last.weekday() + 1) % 7


def _day_boundaries(zone: str, year: int) -> dict[str, Instant]:
    """The instants around a gaming day that starts at 06:00, and the ends of month and year."""
    day = dt.date(year, 2, 10)

    def at(hour: int, minute: int, second: int = 0) -> dt.datetime:
        return dt.datetime(day.year, day.month, day.day, hour, minute, second)

    return {
        "0030": Instant(zone, at(0, 30), "after midnight, before the gaming day's start"),
        "0559": Instant(zone, at(5, 59, 59), "the last second of the previous gaming day"),
        "0600": Instant(zone, at(6, 0), "the first second of the gaming day"),
        "month-end": Instant(zone, dt.datetime(year, 4, 30, 23, 59, 59), "a month's last second"),
        "year-end": Instant(zone, dt.datetime(year, 12, 31, 23, 59, 59), "a year's last second"),
    }


def instants(today: dt.date | None = None) -> dict[str, Instant]:
    """Every awkward instant, by name, in the year after ``today`` (default: the real date,
    the only place the suite reads it: to stay ahead of it)."""
    year = (today or dt.date.today()).year + 1  # the machine's clock, on purpose: to stay ahead
    skipped = _last_sunday(year, 3)
    repeated = _last_sunday(year, 10)
    return {
        **{f"utc-{name}": i for name, i in _day_boundaries("UTC", year).items()},
        # The hour a CI run once failed at: a report asked for the machine's date.
        "utc-0230": Instant("UTC", dt.datetime(year, 2, 10, 2, 30), "before the gaming day"),
        **{f"vienna-{name}": i for name, i in _day_boundaries(DEMO_TIME_ZONE, year).items()},
        # Vienna skips 02:00-03:00 on the last Sunday of March: a second before the jump.
        "vienna-skipped-hour": Instant(
            DEMO_TIME_ZONE, dt.datetime(year, 3, skipped, 1, 59, 59), "a second before 02:00 skips"
        ),
        # ... and runs 02:00-03:00 twice on the last Sunday of October: inside each pass.
        "vienna-repeated-hour-first": Instant(
            DEMO_TIME_ZONE, dt.datetime(year, 10, repeated, 2, 30), "the repeated hour, first pass"
        ),
        "vienna-repeated-hour-second": Instant(
            DEMO_TIME_ZONE,
            dt.datetime(year, 10, repeated, 2, 30),
            "the repeated hour, second pass",
            fold=1,
        ),
    }
