"""Celery tasks of the audit app: thin wrappers over the services, so tests and the shell can
call the same code without a worker. Declared with ``shared_task``: the Celery app is the
project's (``casino.celery``), which this app does not import."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from audit.services.checkpoints import checkpoint_seal
from audit.services.checks import chain_check, cross_check_run, replay_check_closed_days
from audit.services.dealer_accuracy_check import dealer_accuracy_check
from audit.services.reports.build import report_build, report_nightly
from audit.services.reports.outbox import REPORT_BUILD_TASK, report_dispatch_pending


# No result is stored: the report row is the result, and asking a paused Redis to store one
# would hold the request that sends the task.
@shared_task(name=REPORT_BUILD_TASK, ignore_result=True)
def report_build_task(report_id: int) -> str:
    """Build a queued report (on demand); returns its final status."""
    return str(report_build(report_id=report_id).status)


@shared_task(name="audit.dispatch_reports")
def report_dispatch_task() -> int:
    """Send the reports' tasks the broker has not taken, or lost; returns how many."""
    return report_dispatch_pending()


@shared_task(name="audit.nightly_reports")
def nightly_reports_task() -> list[int]:
    """Build each casino's report of its closed gaming day, unless built; returns their ids."""
    return [report.pk for report in report_nightly()]


@shared_task(name="audit.replay_closed_days")
def replay_closed_days_task() -> list[dict[str, Any]]:
    """Replay each casino's closed gaming day, unless done; returns the checks' outcomes."""
    return [
        {
            "casino": check.casino_id,
            "gaming_day": check.gaming_day.isoformat(),
            "rounds": check.rounds_checked,
            "mismatches": check.mismatches,
        }
        for check in replay_check_closed_days()
    ]


@shared_task(name="audit.verify_chain")
def chain_verify_task(full: bool = False) -> dict[str, Any]:
    """Verify the audit trail (incrementally unless ``full``) and record the outcome; returns
    it."""
    report = chain_check(full=full)
    return {
        "intact": report.intact,
        "full": report.full,
        "rows": report.rows_read,
        "streams": len(report.heads),
        "checkpoint": report.checkpoint,
    }


@shared_task(name="audit.seal_checkpoint")
def checkpoint_seal_task() -> int | None:
    """Seal a checkpoint of every stream's head if anything changed or a gaming day closed;
    returns its number, or ``None`` when nothing was sealed."""
    document = checkpoint_seal()
    return document.number if document is not None else None


@shared_task(name="audit.cross_check")
def cross_check_task() -> int:
    """Cross-check the records with the audit trail, raising alerts; returns the mismatches
    found."""
    return len(cross_check_run())


@shared_task(name="audit.dealer_accuracy")
def dealer_accuracy_task() -> int:
    """Check the dealers' accuracy over the week to each casino's closed gaming day, raising
    alerts; returns the alerts raised."""
    return len(dealer_accuracy_check())
