"""The table's win against its rounds: what the tray says set beside what was dealt.

Systems that keep only the tray cannot check its win; this one records every round, so when a
shift is complete (``payouts.services.trays``) its win from the tray and the drop
(``payouts.chips.table_win``) is set beside the house result of the rounds recorded at the
table in the same period: the settlements made between the opener and the closer (pot games:
the rake, which is their house result), less the rounds voided, less the payout corrections
approved in the period (the chips they paid left the tray then). A difference beyond
``TRAY_RECONCILIATION_TOLERANCE`` raises a ``tray_variance`` alert on the pit board, in the
same transaction. The result is a row of its own, with an audit row.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db.models import Count, Exists, OuterRef, Sum

from casino.core.alerts import alert_record
from casino.core.audit_codes import AuditCode
from casino.core.models import AlertKind
from casino.core.trail.recording import audit_record
from payouts.models import (
    Correction,
    CorrectionKind,
    CorrectionLine,
    CorrectionStatus,
    DropCount,
    Settlement,
    ShiftReconciliation,
    TrayCount,
)
from payouts.tray_selectors import shift_figures
from tables.models import Table

_ZERO = Decimal("0.00")


def tolerance() -> Decimal:
    """The difference a shift may show before it is alerted (``TRAY_RECONCILIATION_TOLERANCE``)."""
    return Decimal(settings.TRAY_RECONCILIATION_TOLERANCE)


def rounds_house_result(table_id: int, start: TrayCount, end: TrayCount) -> tuple[int, Decimal]:
    """How many rounds settled at the table between ``start`` and ``end`` were counted, and
    their house result as it stands (voided rounds left out), less the payout corrections
    approved in the period."""
    voided = Exists(
        Correction.objects.filter(
            round=OuterRef("round"), kind=CorrectionKind.VOID, status=CorrectionStatus.APPROVED
        )
    )
    settled = (
        Settlement.objects.filter(
            round__table_id=table_id,
            settled_at__gte=start.counted_at,
            settled_at__lt=end.counted_at,
        )
        .annotate(voided=voided)
        .filter(voided=False)
        .aggregate(rounds=Count("pk"), house=Sum("house_result"))
    )
    corrected = CorrectionLine.objects.filter(
        correction__round__table_id=table_id,
        correction__kind=CorrectionKind.PAYOUT_CORRECTION,
        correction__status=CorrectionStatus.APPROVED,
        correction__decided_at__gte=start.counted_at,
        correction__decided_at__lt=end.counted_at,
    ).aggregate(owed=Sum("amount"))
    house = (settled["house"] or _ZERO) - (corrected["owed"] or _ZERO)
    return settled["rounds"], house


def shift_reconcile(
    *, opener: TrayCount, closer: TrayCount, drop: DropCount
) -> ShiftReconciliation:
    """Reconcile a complete shift: its row, its audit row, and an alert when the difference is
    beyond the tolerance. Runs in the transaction that completed the shift, the table locked.
    """
    table = Table.objects.select_related("pit__casino").get(pk=opener.table_id)
    figures = shift_figures(opener, closer, drop)
    rounds, house = rounds_house_result(table.pk, opener, closer)
    win = figures.win
    difference = win - house
    allowed = tolerance()
    within = abs(difference) <= allowed
    record = audit_record(
        event_code=AuditCode.SHIFT_RECONCILED,
        actor=None,
        actor_label="reconciliation",
        table=table,
        gaming_day=closer.gaming_day,
        after={
            "opener": opener.pk,
            "closer": closer.pk,
            "drop": drop.pk,
            "win": win,
            "rounds": rounds,
            "house_result": house,
            "difference": difference,
            "within_tolerance": within,
        },
    )
    reconciliation = ShiftReconciliation.objects.create(
        opener=opener,
        closer=closer,
        drop=drop,
        table=table,
        gaming_day=closer.gaming_day,
        opener_total=figures.opener,
        closer_total=figures.closer,
        fills=figures.fills,
        credits=figures.credits,
        drop_total=figures.drop,
        win=win,
        rounds=rounds,
        house_result=house,
        difference=difference,
        tolerance=allowed,
        within_tolerance=within,
        reconciled_at=record.occurred_at,
        audit_record_id=record.pk,
    )
    if not within:
        alert_record(
            kind=AlertKind.TRAY_VARIANCE,
            cause=f"shift:{opener.pk}",
            casino_id=table.pit.casino_id,
            table_id=table.pk,
            gaming_day=closer.gaming_day,
            details={
                "shift": opener.pk,
                "win": win,
                "house_result": house,
                "difference": difference,
                "tolerance": allowed,
            },
        )
    return reconciliation
