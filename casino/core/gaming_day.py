"""The gaming day an instant belongs to, by the casino's start hour and time zone."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo


def gaming_day_of(moment: dt.datetime, *, time_zone: str, start_hour: int) -> dt.date:
    """The gaming day of ``moment`` (an aware datetime).

    A gaming day starting at 06:00 runs from 06:00 local time to 05:59:59 the next morning, and
    is named by the calendar date on which it starts.

    >>> utc = dt.timezone.utc
    >>> gaming_day_of(dt.datetime(2026, 3, 2, 4, 0, tzinfo=utc), time_zone="UTC", start_hour=6)
    datetime.date(2026, 3, 1)
    >>> gaming_day_of(dt.datetime(2026, 3, 2, 6, 0, tzinfo=utc), time_zone="UTC", start_hour=6)
    datetime.date(2026, 3, 2)
    """
    local = moment.astimezone(ZoneInfo(time_zone))
    day = local.date()
    return day - dt.timedelta(days=1) if local.hour < start_hour else day


@dataclass(frozen=True, slots=True)
class DayClock:
    """A casino's gaming-day clock: its time zone and the hour its gaming day starts."""

    time_zone: str
    start_hour: int

    def day_of(self, moment: dt.datetime) -> dt.date:
        """The gaming day of ``moment`` at this casino (:func:`gaming_day_of`)."""
        return gaming_day_of(moment, time_zone=self.time_zone, start_hour=self.start_hour)
