"""The floor's alerts: the list a pit boss works from, and acknowledging an alert.

Acknowledging is a row of its own (``AlertAcknowledgement``), never an edit of the alert, with
an audit row in the same transaction naming who cleared which alert, when and with what note.
An alert is acknowledged once: a second acknowledgement is refused and writes nothing. Alerts
are raised where things happen (``casino.core.alerts``) and by the floor watch (``watch``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Subquery
from django.utils import timezone

from casino.core.alerts import alert_published
from casino.core.audit_codes import AuditCode
from casino.core.errors import AlertCode, ApiError, RequestCode
from casino.core.models import Alert, AlertAcknowledgement
from casino.core.permissions import require
from casino.core.push import TableChange
from casino.core.queries import given
from casino.core.roles import Role, role_label, user_role
from casino.core.trail.recording import AuditSubject, audit_record
from casino.core.transactions import service_transaction
from tables.models import Casino, Pit, Table

#: The longest note an acknowledgement keeps.
NOTE_MAX_LENGTH = 2000

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
    alerts = alerts.filter(**given(table_id=table, kind=kind, severity=severity))
    if pit is not None:
        alerts = alerts.filter(table_id__in=Table.objects.filter(pit_id=pit).values("pk"))
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


def alert_acknowledge(*, alert_id: int, actor: AbstractBaseUser, note: str) -> AlertAcknowledgement:
    """Acknowledge an alert with a note: a pit boss of the pit of its table, an auditor or an
    admin (an alert of no table: an auditor or an admin).

    :raises ApiError: ``permission_denied`` (403) for a role that reads no alerts, before
        whether the alert exists is told, and for a pit boss of another pit;
        ``invalid_input`` (400) for an empty note; ``alert_already_acknowledged`` (409) when it
        was acknowledged already, by anyone.
    :raises Alert.DoesNotExist: (after the first refusal).
    """
    note = note.strip()
    with service_transaction():
        require(actor, "floor.list_alerts")
        alert = Alert.objects.get(pk=alert_id)
        require(actor, "floor.acknowledge_alert", alert)
        if not note:
            raise ApiError(RequestCode.INVALID_INPUT, "Say what was done.", field="note")
        earlier = AlertAcknowledgement.objects.filter(alert=alert).first()
        if earlier is not None:
            raise _already(earlier)
        try:
            # The alert's one acknowledgement is unique in the database: of two at once, the
            # second fails here, in a savepoint, and is refused like any later one.
            with transaction.atomic():
                acknowledgement = AlertAcknowledgement.objects.create(
                    alert=alert,
                    acknowledged_by=actor,
                    acknowledged_role=role_label(actor),
                    acknowledged_at=timezone.now(),
                    note=note,
                )
        except IntegrityError:
            raise _already(AlertAcknowledgement.objects.get(alert=alert)) from None
        audit_record(
            event_code=AuditCode.ALERT_ACKNOWLEDGED,
            actor=actor,
            **_subject(alert),
            after={
                "alert": alert.pk,
                "kind": alert.kind,
                "severity": alert.severity,
                "cause": alert.cause,
                "round": alert.round_id,
                "acknowledged_at": acknowledgement.acknowledged_at,
            },
            reason=note,
        )
        alert_published(alert, TableChange.ALERT_ACKNOWLEDGED)
        return acknowledgement


def _already(acknowledgement: AlertAcknowledgement) -> ApiError:
    return ApiError(
        AlertCode.ALERT_ALREADY_ACKNOWLEDGED,
        "This alert was acknowledged already.",
        acknowledged_by=acknowledgement.acknowledged_by.get_username(),
        acknowledged_at=acknowledgement.acknowledged_at.isoformat(),
    )


def _subject(alert: Alert) -> dict[str, AuditSubject]:
    """What the acknowledgement's audit row is about: the alert's table (its stream), else its
    casino's, else nothing (the site's stream)."""
    if alert.table_id is not None:
        table = Table.objects.select_related("pit__casino").filter(pk=alert.table_id).first()
        if table is not None:
            return {"table": table}
    if alert.casino_id is not None:
        casino = Casino.objects.filter(pk=alert.casino_id).first()
        if casino is not None:
            return {"casino": casino}
    return {}
