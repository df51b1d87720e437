"""Raising alerts: the one function every alert goes through, in the transaction of its cause.

An alert is raised where the event that causes it is written (a settlement with a cap applied
or a large payout, a correction requested), inside that event's transaction, so it exists
exactly when the event does. An event whose own transaction is refused (a settlement whose
replay disagrees, a dealer's refused request) raises its alert in a short transaction of its
own, after the refusal (:func:`alert_record_apart`).

``cause`` names the one thing an alert is about (``round:12``, ``payout_line:40``,
``table:3:since:...``): an alert whose kind and cause were raised already is not raised again
(``once``), or, for a condition that may come back once cleared (repeated refusals), not while
that alert is open (not acknowledged).

Every alert is raised through :func:`alert_record`, and only there: the one place to publish
an alert raised once its transaction commits.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from casino.core.models import Alert, AlertKind, AlertSeverity
from casino.core.push import TableChange, publish_table_change
from casino.core.trail.canonical import json_value

#: The severity of each kind: critical where the record itself is in doubt, warning where a
#: table needs the pit boss now, info where someone must act in due course.
SEVERITY: dict[str, str] = {
    AlertKind.PAYOUT_CAPPED: AlertSeverity.WARNING,
    AlertKind.LARGE_PAYOUT: AlertSeverity.INFO,
    AlertKind.CORRECTION_PENDING: AlertSeverity.INFO,
    AlertKind.ROUND_IDLE: AlertSeverity.WARNING,
    AlertKind.TABLE_NO_DEALER: AlertSeverity.WARNING,
    AlertKind.DEALER_REFUSALS: AlertSeverity.WARNING,
    AlertKind.REPLAY_MISMATCH: AlertSeverity.CRITICAL,
    AlertKind.CHAIN_BROKEN: AlertSeverity.CRITICAL,
    AlertKind.CHECKPOINT_INVALID: AlertSeverity.CRITICAL,
    AlertKind.RECORD_UNAUDITED: AlertSeverity.CRITICAL,
    # Chips went where no round says: a payout error, or worse, at the table.
    AlertKind.TRAY_VARIANCE: AlertSeverity.CRITICAL,
    # A paytable's typed house edge the rules do not bear out: theoretical figures are wrong.
    AlertKind.EDGE_MISMATCH: AlertSeverity.WARNING,
    AlertKind.AML_THRESHOLD: AlertSeverity.WARNING,
    # A round no qualified dealer dealt: the rules were broken at the table (58 Pa. Code §611a).
    AlertKind.DEALER_UNQUALIFIED: AlertSeverity.CRITICAL,
    AlertKind.DEALER_ACCURACY: AlertSeverity.WARNING,
    # The rotation's departures (casino.dealers.watch): a table or a dealer needs the pit boss
    # now, before fatigue makes errors.
    AlertKind.DEALER_PAST_PLAN: AlertSeverity.WARNING,
    AlertKind.RELIEF_LATE: AlertSeverity.WARNING,
    AlertKind.BREAK_SKIPPED: AlertSeverity.WARNING,
}


def alert_record(
    *,
    kind: str,
    cause: str,
    details: dict[str, Any] | None = None,
    casino_id: int | None = None,
    table_id: int | None = None,
    round_id: int | None = None,
    gaming_day: dt.date | None = None,
    once: bool = True,
    at: dt.datetime | None = None,
) -> Alert | None:
    """Raise an alert of ``kind`` for ``cause`` with the kind's severity, unless it is raised
    already: ever (``once``), or else while an alert of that kind and cause is not
    acknowledged. Returns the new alert, or ``None``.

    Must run inside the transaction of the event it reports (``transaction.atomic``). Two
    writers raising the same cause at once are serialised by a transaction-scoped advisory
    lock on it, so neither raises a duplicate; it is taken after the event's own locks.

    :raises RuntimeError: when called outside a transaction.
    """
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("alert_record must run inside the transaction of its cause")
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"alert:{kind}:{cause}"])
    raised = Alert.objects.filter(kind=kind, cause=cause)
    if not once:
        raised = raised.filter(acknowledgement__isnull=True)
    if raised.exists():
        return None
    alert = Alert.objects.create(
        kind=kind,
        severity=SEVERITY[kind],
        cause=cause,
        casino_id=casino_id,
        table_id=table_id,
        round_id=round_id,
        gaming_day=gaming_day,
        details=json_value(details or {}),
        raised_at=at or timezone.now(),
    )
    alert_published(alert, TableChange.ALERT_RAISED)
    return alert


def alert_published(alert: Alert, kind: TableChange) -> None:
    """Publish ``alert``'s raising or acknowledgement to the subscribers of its table's pit,
    once the transaction commits (``casino.core.push``). An alert of no table concerns no pit's
    board."""
    if alert.table_id is None:
        return
    # The shared core names the floor by id only; the table's pit is one indexed read, of the
    # view the tables app publishes its floor in.
    with connection.cursor() as cursor:
        cursor.execute("SELECT pit_id FROM tables_floor_tables WHERE id = %s", [alert.table_id])
        row = cursor.fetchone()
    if row is None:
        return
    publish_table_change(
        table_id=alert.table_id,
        pit_id=row[0],
        kind=kind,
        data={"alert": alert.pk, "kind": alert.kind, "severity": alert.severity},
    )


def alert_record_apart(**alert: Any) -> Alert | None:
    """:func:`alert_record` in a transaction of its own: for a cause whose own transaction was
    refused and rolled back. Call it after that transaction ended, not inside it: its alert
    would be rolled back with it.
    """
    with transaction.atomic():
        return alert_record(**alert)
