"""The time zone a page that spans the floor shows its times in."""

from __future__ import annotations

from tables.models import Casino


def floor_time_zone() -> str:
    """The casinos' zone when they share one; with casinos of several zones (or none), UTC, which
    the page names as such: a time is never shown in the zone of whoever looks."""
    zones = set(Casino.objects.values_list("time_zone", flat=True).distinct())
    return zones.pop() if len(zones) == 1 else "UTC"
