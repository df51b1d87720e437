"""Which gaming day of each casino the hourly audit jobs (the nightly report, the replay check)
take: its last closed one."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from django.conf import settings
from django.utils import timezone

from casino.core.gaming_day import gaming_day_of
from tables.models import Casino


def last_closed_days(now: dt.datetime | None = None) -> Iterator[tuple[Casino, dt.date]]:
    """Every casino, in order, with its last gaming day closed at ``now`` (default: now). A
    day counts as closed once ``AUDIT_REPORTS["NIGHTLY_GRACE_MINUTES"]`` have passed since its
    end, to let the rounds in play at the close be settled."""
    now = now or timezone.now()
    grace = dt.timedelta(minutes=settings.AUDIT_REPORTS["NIGHTLY_GRACE_MINUTES"])
    for casino in Casino.objects.order_by("pk"):
        day = gaming_day_of(
            now - grace, time_zone=casino.time_zone, start_hour=casino.gaming_day_start_hour
        ) - dt.timedelta(days=1)
        yield casino, day
