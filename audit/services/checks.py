"""The scheduled checks of the record itself: the audit trail, and the replay of settled rounds.

Each check's outcome is written to the audit trail; a failure also raises an ``Alert`` and logs
an error, for the auditors and whoever watches the logs.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging
from dataclasses import asdict
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from audit.models import ReplayCheck
from audit.services.closed_days import last_closed_days
from audit.services.cross_checks import Mismatch, cross_check
from audit.services.verification import FindingKind, Verification, trail_verify
from casino.core.alerts import alert_record
from casino.core.audit_codes import AuditCode
from casino.core.models import Alert, AlertKind
from casino.core.trail.recording import audit_record
from payouts.services.replay import round_replay
from tables.models import Casino, Round, RoundStatus, Table

logger = logging.getLogger(__name__)

#: Who the audit trail names for the scheduled checks.
CHECK_ACTOR = "system:check"
#: The most differences of one round written to its alert and audit row.
MAX_DIFFERENCES = 20


def chain_check(*, full: bool = False) -> Verification:
    """Verify the trail (``audit.services.verification``, incrementally unless ``full``) and
    record the outcome: an ``audit.chain_verified`` row naming the checkpoint verified up to
    (where the next incremental run starts), or an ``audit.chain_broken`` row and an alert
    per finding not raised before."""
    report = trail_verify(full=full)
    outcome = {
        "full": report.full,
        "rows": report.rows_read,
        "head_rows": report.head_rows_read,
        "streams": len(report.heads),
        "checkpoints": report.checkpoints,
        "since_checkpoint": report.since_checkpoint,
        "checkpoint": report.checkpoint,
    }
    with transaction.atomic():
        if report.intact:
            audit_record(
                event_code=AuditCode.CHAIN_VERIFIED,
                actor=None,
                actor_label=CHECK_ACTOR,
                after=outcome,
            )
            return report
        findings = [asdict(finding) for finding in report.findings]
        logger.error("audit trail verification failed: %s", findings)
        for finding in findings:
            kind = (
                AlertKind.CHECKPOINT_INVALID
                if finding["kind"]
                in (FindingKind.CHECKPOINT_INVALID, FindingKind.CHECKPOINT_MISSING)
                else AlertKind.CHAIN_BROKEN
            )
            alert_raise(kind=kind, details={"finding": finding}, table_id=_table_of(finding))
        audit_record(
            event_code=AuditCode.CHAIN_BROKEN,
            actor=None,
            actor_label=CHECK_ACTOR,
            after={**outcome, "findings": findings[:MAX_DIFFERENCES]},
        )
    return report


#: The alert a mismatch of each kind raises where it is not a record without its audit row.
_ALERT_OF_MISMATCH = {"dealer_unqualified": AlertKind.DEALER_UNQUALIFIED}


def cross_check_run() -> list[Mismatch]:
    """Cross-check the records with the audit trail (``audit.services.cross_checks``) and
    raise an alert for each mismatch not raised before (a round dealt by a dealer not
    qualified for its game, ``dealer_unqualified``; any other, ``record_unaudited``); returns
    the mismatches."""
    mismatches = cross_check()
    with transaction.atomic():
        for mismatch in mismatches:
            logger.error("record and audit trail disagree: %s", mismatch)
            alert_raise(
                kind=_ALERT_OF_MISMATCH.get(mismatch.kind, AlertKind.RECORD_UNAUDITED),
                details={"mismatch": asdict(mismatch)},
                table_id=mismatch.table_id,
            )
    return mismatches


def alert_raise(
    *, kind: str, details: dict[str, Any], table_id: int | None = None, **where: Any
) -> Alert | None:
    """Raise an alert of ``kind`` with ``details`` unless the same one is raised already (the
    same details are the same cause); returns the new alert, or ``None``."""
    digest = hashlib.sha256(json.dumps(details, sort_keys=True).encode()).hexdigest()
    return alert_record(
        kind=kind, cause=f"check:{digest}", details=details, table_id=table_id, **where
    )


def _table_of(finding: dict[str, Any]) -> int | None:
    """The table whose stream a finding is in, if it is the stream of a table that exists."""
    kind, _, key = str(finding.get("stream") or "").partition(":")
    if kind != "table" or not key.isdigit():
        return None
    return Table.objects.filter(pk=int(key)).values_list("pk", flat=True).first()


def replay_check_day(*, casino_id: int, gaming_day: dt.date) -> ReplayCheck:
    """Replay every settled round of the casino's gaming day once, raising an alert for each
    settlement that differs from its replay (or cannot be replayed). A day already checked is
    returned as it was.
    """
    existing = ReplayCheck.objects.filter(casino_id=casino_id, gaming_day=gaming_day).first()
    if existing is not None:
        return existing
    rounds = list(
        Round.objects.filter(
            table__pit__casino_id=casino_id, gaming_day=gaming_day, status=RoundStatus.SETTLED
        )
        .select_related("table")
        .order_by("pk")
    )
    mismatches = []
    for round in rounds:
        try:
            replay = round_replay(round_id=round.pk)
        except Exception as exc:  # a round that cannot be replayed is a finding, not a crash
            mismatches.append((round, [{"path": "/", "error": f"{type(exc).__name__}: {exc}"}]))
            continue
        if not replay.matches:
            mismatches.append((round, replay.differences[:MAX_DIFFERENCES]))
    now = timezone.now()
    try:
        with transaction.atomic():
            check = ReplayCheck.objects.create(
                casino_id=casino_id,
                gaming_day=gaming_day,
                checked_at=now,
                rounds_checked=len(rounds),
                mismatches=len(mismatches),
            )
            for round, differences in mismatches:
                logger.error("settlement of round %s differs from its replay", round.pk)
                # One alert per round: one its settlement raised already stands for this.
                alert_record(
                    kind=AlertKind.REPLAY_MISMATCH,
                    cause=f"round:{round.pk}",
                    casino_id=casino_id,
                    table_id=round.table_id,
                    round_id=round.pk,
                    gaming_day=gaming_day,
                    details={"differences": differences},
                    at=now,
                )
                audit_record(
                    event_code=AuditCode.ROUND_REPLAY_MISMATCH,
                    actor=None,
                    actor_label=CHECK_ACTOR,
                    round=round,
                    after={"differences": differences},
                )
            audit_record(
                event_code=AuditCode.REPLAY_CHECKED,
                actor=None,
                actor_label=CHECK_ACTOR,
                casino=Casino.objects.get(pk=casino_id),
                gaming_day=gaming_day,
                after={
                    "casino": casino_id,
                    "rounds": len(rounds),
                    "mismatches": [round.pk for round, _ in mismatches],
                },
            )
            return check
    except IntegrityError:
        # Checked meanwhile by another run (one check per casino and day).
        return ReplayCheck.objects.get(casino_id=casino_id, gaming_day=gaming_day)


def replay_check_closed_days(*, now: dt.datetime | None = None) -> list[ReplayCheck]:
    """Replay the last closed gaming day of every casino, unless done. Run hourly by Celery
    beat, like the nightly report, with the same grace after the close."""
    return [
        replay_check_day(casino_id=casino.pk, gaming_day=day)
        for casino, day in last_closed_days(now)
    ]
