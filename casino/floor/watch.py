"""The watch over the floor, run by Celery beat every minute (``audit.watch_floor``): rounds
left without an action and open tables left without a dealer, which no request reports since
nothing happens.

- ``round_idle``: a round in play whose last action (or, with none yet, its opening) is at
  least ``ALERTS["IDLE_ROUND_MINUTES"]`` old; once per round.
- ``table_no_dealer``: an open table with no dealer since the later of its opening and the end
  of its last assignment, for at least ``ALERTS["NO_DEALER_MINUTES"]``; once per such episode
  (a dealer seated and relieved again starts another). A table open with no dealer and no
  recorded opening or assignment at all is alerted at once.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, Max, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from casino.core.alerts import alert_record
from casino.core.audit_codes import AuditCode
from casino.core.models import Alert, AlertKind
from tables.models import (
    DealerAssignment,
    Round,
    RoundEvent,
    RoundStatus,
    Table,
    TableChange,
    TableStatus,
)


def floor_watch(*, now: dt.datetime | None = None) -> list[Alert]:
    """Raise the alerts of idle rounds and dealerless tables as of ``now``; returns those
    raised now (one already raised for the same round or episode is not raised again)."""
    now = now or timezone.now()
    raised: list[Alert | None] = []
    with transaction.atomic():
        raised += [_idle(round, last, now) for round, last in _idle_rounds(now)]
        raised += [_no_dealer(table, since, now) for table, since in _dealerless_tables(now)]
    return [alert for alert in raised if alert is not None]


def _idle_rounds(now: dt.datetime) -> list[tuple[Round, dt.datetime]]:
    limit = now - dt.timedelta(minutes=settings.ALERTS["IDLE_ROUND_MINUTES"])
    last_event = (
        RoundEvent.objects.filter(round=OuterRef("pk")).order_by("-seq").values("created_at")[:1]
    )
    rounds = (
        Round.objects.filter(status=RoundStatus.OPEN)
        .annotate(last_action_at=Coalesce(Subquery(last_event), "opened_at"))
        .filter(last_action_at__lte=limit)
        .select_related("table__pit")
        .order_by("pk")
    )
    return [(round, round.last_action_at) for round in rounds]


def _idle(round: Round, last: dt.datetime, now: dt.datetime) -> Alert | None:
    return alert_record(
        kind=AlertKind.ROUND_IDLE,
        cause=f"round:{round.pk}",
        **round.alert_scope(),
        details={
            "round": round.number,
            "phase": round.phase,
            "last_action_at": last,
            "idle_seconds": int((now - last).total_seconds()),
        },
        at=now,
    )


def _dealerless_tables(now: dt.datetime) -> list[tuple[Table, dt.datetime | None]]:
    seated = DealerAssignment.objects.filter(table=OuterRef("pk"), ended_at__isnull=True)
    opened = (
        TableChange.objects.filter(table=OuterRef("pk"), kind=AuditCode.TABLE_OPENED)
        .order_by("-changed_at")
        .values("changed_at")[:1]
    )
    tables = (
        Table.objects.filter(status=TableStatus.OPEN)
        .exclude(Exists(seated))
        .annotate(last_relieved=Max("assignments__ended_at"), opened_at=Subquery(opened))
        .select_related("pit")
        .order_by("pk")
    )
    limit = now - dt.timedelta(minutes=settings.ALERTS["NO_DEALER_MINUTES"])
    found = []
    for table in tables:
        times = [t for t in (table.last_relieved, table.opened_at) if t is not None]
        since = max(times) if times else None
        if since is None or since <= limit:
            found.append((table, since))
    return found


def _no_dealer(table: Table, since: dt.datetime | None, now: dt.datetime) -> Alert | None:
    return alert_record(
        kind=AlertKind.TABLE_NO_DEALER,
        cause=f"table:{table.pk}:since:{since.isoformat() if since else '-'}",
        casino_id=table.pit.casino_id,
        table_id=table.pk,
        details={"table": table.code, "since": since},
        at=now,
    )
