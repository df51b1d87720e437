"""Reads of the audit app for its API: the trail, corrections, reports and alerts."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet, Subquery

from audit.models import Correction, GamingDayReport
from casino.core.models import Alert, AlertAcknowledgement, AuditRecord
from casino.core.roles import Role, user_role
from tables.models import Pit, Table


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


def correction_queryset() -> QuerySet[Correction]:
    return (
        Correction.objects.select_related("round__table", "requested_by", "decided_by")
        .prefetch_related("lines")
        .order_by("-id")
    )


def correction_list(*, user: Any, status: str | None = None, limit: int = 100) -> list[Correction]:
    """The corrections ``user`` may see, newest first: a pit boss's pits', or all."""
    corrections = correction_queryset()
    if user_role(user) is Role.PIT_BOSS:
        corrections = corrections.filter(round__table__pit__supervisors=user)
    if status:
        corrections = corrections.filter(status=status)
    return list(corrections[:limit])


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


#: The alert statuses a list can be filtered on.
ALERT_OPEN = "open"
ALERT_ACKNOWLEDGED = "acknowledged"


def alert_list(
    *,
    user: Any,
    status: str | None = None,
    table: int | None = None,
    pit: int | None = None,
    kind: str | None = None,
    severity: str | None = None,
    limit: int = 100,
) -> list[Alert]:
    """The alerts ``user`` may see, newest first, filtered: a pit boss's of the tables of the
    own pits, or all. Each carries ``table_code`` and its acknowledgement (or none)."""
    alerts = Alert.objects.annotate(
        table_code=Subquery(Table.objects.filter(pk=OuterRef("table_id")).values("code")[:1]),
        acknowledged=Exists(AlertAcknowledgement.objects.filter(alert=OuterRef("pk"))),
    ).select_related("acknowledgement__acknowledged_by")
    if user_role(user) is Role.PIT_BOSS:
        alerts = alerts.filter(
            table_id__in=Table.objects.filter(pit__supervisors=user).values("pk")
        )
    if status == ALERT_OPEN:
        alerts = alerts.filter(acknowledged=False)
    elif status == ALERT_ACKNOWLEDGED:
        alerts = alerts.filter(acknowledged=True)
    if table is not None:
        alerts = alerts.filter(table_id=table)
    if pit is not None:
        alerts = alerts.filter(table_id__in=Table.objects.filter(pit_id=pit).values("pk"))
    if kind:
        alerts = alerts.filter(kind=kind)
    if severity:
        alerts = alerts.filter(severity=severity)
    return list(alerts.order_by("-id")[:limit])


def alert_detail(alert_id: int) -> Alert:
    """One alert, as :func:`alert_list` gives it. :raises Alert.DoesNotExist:"""
    return (
        Alert.objects.annotate(
            table_code=Subquery(Table.objects.filter(pk=OuterRef("table_id")).values("code")[:1])
        )
        .select_related("acknowledgement__acknowledged_by")
        .get(pk=alert_id)
    )


def supervises(user: Any, *, table: int | None = None, pit: int | None = None) -> bool:
    """Whether a pit boss supervises this table's pit, or this pit."""
    pits = Pit.objects.filter(supervisors=user)
    if table is not None and not pits.filter(tables__id=table).exists():
        return False
    return pit is None or pits.filter(pk=pit).exists()
