"""The alert the audit app raises: a correction waiting for a decision (the floor lists and
clears it, ``casino.floor.alerts``)."""

from __future__ import annotations

from audit.models import Correction
from casino.core.alerts import alert_record
from casino.core.models import Alert, AlertKind


def correction_pending_alert(correction: Correction) -> Alert | None:
    """Raise the alert of a correction waiting for a decision. Runs in the request's
    transaction, after its audit row."""
    round = correction.round
    return alert_record(
        kind=AlertKind.CORRECTION_PENDING,
        cause=f"correction:{correction.pk}",
        **round.alert_scope(),
        details={
            "correction": correction.pk,
            "kind": correction.kind,
            "requested_by": correction.requested_by.get_username(),
            "reason": correction.reason,
        },
    )
