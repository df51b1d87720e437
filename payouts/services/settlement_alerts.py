"""The alerts a settlement raises, in its own transaction: a payout cap applied, and each
payout line paid above the large-payout threshold (``AUDIT_LARGE_PAYOUT_THRESHOLD``, the
threshold the gaming-day reports list large payouts by: a line paid strictly above it)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.conf import settings

from casino.core.alerts import alert_record, alert_record_apart
from casino.core.models import AlertKind
from casino.games.contract import GameResult
from payouts.models import PayoutLine
from tables.models import Round


def large_payout_threshold() -> Decimal:
    return Decimal(settings.AUDIT_REPORTS["LARGE_PAYOUT_THRESHOLD"])


def settlement_alerts(*, round: Round, result: GameResult, lines: Sequence[PayoutLine]) -> None:
    """Raise the settlement's alerts. Runs in the settlement's transaction, after its audit
    row; costs no statement for a settlement that raises none."""
    threshold = large_payout_threshold()
    large = [line for line in lines if line.paid_amount > threshold]
    if not result.cap_applied and not large:
        return
    where = {
        "casino_id": round.table.pit.casino_id,
        "table_id": round.table_id,
        "round_id": round.pk,
        "gaming_day": round.gaming_day,
    }
    if result.cap_applied:
        capped = [line for line in lines if line.paid_amount < line.computed_amount]
        alert_record(
            kind=AlertKind.PAYOUT_CAPPED,
            cause=f"round:{round.pk}",
            details={
                "round": round.number,
                "withheld": sum(
                    (line.computed_amount - line.paid_amount for line in capped), Decimal(0)
                ),
                "lines": [_line(line) for line in capped],
            },
            **where,
        )
    for line in large:
        alert_record(
            kind=AlertKind.LARGE_PAYOUT,
            cause=f"payout_line:{line.pk}",
            details={"round": round.number, "threshold": threshold, **_line(line)},
            **where,
        )


def _line(line: PayoutLine) -> dict[str, object]:
    return {
        "box": line.box,
        "line": line.line,
        "computed": line.computed_amount,
        "paid": line.paid_amount,
        "reason": line.reason,
    }


def settlement_mismatch_alert(*, round_id: int, details: dict[str, object]) -> None:
    """Raise ``replay_mismatch`` for a settlement refused because the round's replay and its
    kept state disagree. That settlement's transaction was rolled back: call it after, and the
    alert is written in a transaction of its own. The nightly replay of the same round raises
    no second one."""
    round = Round.objects.select_related("table__pit").filter(pk=round_id).first()
    if round is None:
        return
    alert_record_apart(
        kind=AlertKind.REPLAY_MISMATCH,
        cause=f"round:{round.pk}",
        **round.alert_scope(),
        details={"at": "settlement", **details},
    )
