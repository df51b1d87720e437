"""Reads of the audit app for its API: the trail, corrections, reports and alerts."""

from __future__ import annotations

import datetime as dt
from typing import Any

from audit.models import GamingDayReport
from casino.core.models import AuditRecord
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
    if stream:
        records = records.filter(stream=stream)
    if round is not None:
        records = records.filter(round_id=round)
    if table is not None:
        records = records.filter(table_id=table)
    if gaming_day is not None:
        records = records.filter(gaming_day=gaming_day)
    if event_code:
        records = records.filter(event_code=event_code)
    return list(records.order_by("id")[:limit])


def report_list(
    *, user: Any, gaming_day: dt.date | None = None, limit: int = 100
) -> list[GamingDayReport]:
    """Reports newest first, without their (large) contents: a pit boss's of the casinos of
    the own pits, or all."""
    reports = GamingDayReport.objects.select_related("requested_by").defer("payload", "csv", "pdf")
    if user_role(user) is Role.PIT_BOSS:
        reports = reports.filter(casino__pits__supervisors=user).distinct()
    if gaming_day is not None:
        reports = reports.filter(gaming_day=gaming_day)
    return list(reports.order_by("-id")[:limit])
