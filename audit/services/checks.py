"""The scheduled checks of the record itself: the audit chain, and the replay of settled rounds.

Each check's outcome is written to the audit trail; a failure also raises an ``Alert`` and logs
an error, for the auditors and whoever watches the logs.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import asdict
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from audit.models import Alert, AlertKind, ReplayCheck
from audit.services.chain import ChainReport, chain_verify
from casino.core.audit_codes import AuditCode
from casino.core.gaming_day import gaming_day_of
from casino.core.trail.recording import audit_record
from payouts.services.replay import round_replay
from tables.models import Casino, Round, RoundStatus, Table

logger = logging.getLogger(__name__)

#: Who the audit trail names for the scheduled checks.
CHECK_ACTOR = "system:check"
#: The most differences of one round written to its alert and audit row.
MAX_DIFFERENCES = 20


def chain_check() -> ChainReport:
    """Verify the whole chain and record the outcome: an ``audit.chain_verified`` row naming
    the heads verified (itself an anchor a later tampering cannot remove unseen), or an
    ``audit.chain_broken`` row and an alert per finding not raised before (a broken stream, a
    missing anchor)."""
    report = chain_verify()
    outcome = {
        "rows": report.rows,
        "streams": len(report.heads),
        "heads": {key: [head.seq, head.hash] for key, head in report.heads.items()},
        "broken": [asdict(link) for link in report.broken],
        "missing_anchors": report.missing_anchors,
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
        logger.error("audit chain broken: %s", outcome)
        findings = [{"broken": link} for link in outcome["broken"]] + [
            {"missing_anchor": anchor} for anchor in outcome["missing_anchors"]
        ]
        for finding in findings:
            if not Alert.objects.filter(kind=AlertKind.CHAIN_BROKEN, details=finding).exists():
                Alert.objects.create(
                    kind=AlertKind.CHAIN_BROKEN,
                    table_id=_table_of(finding),
                    details=finding,
                    raised_at=timezone.now(),
                )
        audit_record(
            event_code=AuditCode.CHAIN_BROKEN, actor=None, actor_label=CHECK_ACTOR, after=outcome
        )
    return report


def _table_of(finding: dict[str, Any]) -> int | None:
    """The table whose stream a finding is in, if it is the stream of a table that exists."""
    link = finding.get("broken") or finding.get("missing_anchor") or {}
    kind, _, key = str(link.get("stream", "")).partition(":")
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
                Alert.objects.create(
                    kind=AlertKind.REPLAY_MISMATCH,
                    casino_id=casino_id,
                    table=round.table,
                    round=round,
                    gaming_day=gaming_day,
                    details={"differences": differences},
                    raised_at=now,
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
    now = now or timezone.now()
    grace = dt.timedelta(minutes=settings.AUDIT_REPORTS["NIGHTLY_GRACE_MINUTES"])
    checks = []
    for casino in Casino.objects.order_by("pk"):
        day = gaming_day_of(
            now - grace, time_zone=casino.time_zone, start_hour=casino.gaming_day_start_hour
        ) - dt.timedelta(days=1)
        checks.append(replay_check_day(casino_id=casino.pk, gaming_day=day))
    return checks
