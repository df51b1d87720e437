"""Reads of the audit app for its API: the trail, corrections, reports and alerts."""

from __future__ import annotations

import datetime as dt
from typing import Any

from audit.models import GamingDayReport
from casino.core.models import AuditRecord
from casino.core.queries import given
from casino.core.roles import Role, user_role


def audit_record_list(
    *,
    after_id: int = 0,
    limit: int = 100,
    stream: str | None = None,
    round: int | None = None,
    table: int | None = None,
    gaming_day: dt.date | None = None,
    event_code: str | None = None,
) -> list[AuditRecord]:
    """Up to ``limit`` rows after ``after_id`` in the global order (``id``), filtered; page on
    with the last row's ``id``."""
    records = AuditRecord.objects.filter(id__gt=after_id).select_related("actor", "authorised_by")
    records = records.filter(
        **given(
            stream=stream,
            round_id=round,
            table_id=table,
            gaming_day=gaming_day,
            event_code=event_code,
        )
    )
    return list(records.order_by("id")[:limit])


def report_list(
    *, user: Any, gaming_day: dt.date | None = None, limit: int = 100
) -> list[GamingDayReport]:
    """Reports newest first, without their (large) contents: a pit boss's of the casinos of
    the own pits, or all."""
    reports = GamingDayReport.objects.select_related("requested_by").defer("payload", "csv", "pdf")
    if user_role(user) is Role.PIT_BOSS:
        reports = reports.filter(casino__pits__supervisors=user).distinct()
    return list(reports.filter(**given(gaming_day=gaming_day)).order_by("-id")[:limit])
