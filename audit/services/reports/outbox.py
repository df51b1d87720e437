"""The outbox of reports requested on demand: a report's task is written to the database in the
request's own transaction (``ReportDispatch``), then handed to the broker.

A request never waits for Redis and never loses a report to it:

- once the request commits, one attempt is made to publish the task, bounded by the broker's
  timeouts (``REDIS_TIMEOUT``, about a second); a failure is recorded on the dispatch and the
  request answers 202 all the same;
- Celery beat runs :func:`report_dispatch_pending` every ``AUDIT_REPORT_DISPATCH_SECONDS``: it
  publishes every dispatch not yet sent, and sends again one whose report is still ``queued``
  ``AUDIT_REPORT_REDISPATCH_SECONDS`` after it was sent (the broker lost it: a Redis restarted
  without persistence keeps nothing). When the broker is back, the next run sends them all.

Delivery is at least once: a report delivered twice is built once (``report_build`` returns a
finished report as it is).
"""

from __future__ import annotations

import datetime as dt
import functools
import logging

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from audit.models import GamingDayReport, ReportDispatch, ReportStatus
from casino.celery import app as celery_app

logger = logging.getLogger(__name__)

#: The Celery task that builds a queued report (``audit.tasks``).
REPORT_BUILD_TASK = "audit.build_report"

#: The most dispatches one run of :func:`report_dispatch_pending` sends.
BATCH = 100


def report_dispatch_add(report: GamingDayReport) -> ReportDispatch:
    """Write the dispatch of ``report`` and publish it once the transaction commits.

    Must run inside the transaction that created the report (:raises TransactionManagementError:
    otherwise), so that the report and its dispatch are committed together or not at all.
    """
    if not transaction.get_connection().in_atomic_block:
        raise transaction.TransactionManagementError(
            "a report's dispatch is written in the transaction that creates the report"
        )
    dispatch = ReportDispatch.objects.create(report=report, created_at=timezone.now())
    # robust: the request has committed; a failure here is the next sweep's to repair.
    transaction.on_commit(functools.partial(_send_committed, report.pk), robust=True)
    return dispatch


def report_dispatch_pending(*, now: dt.datetime | None = None) -> int:
    """Publish the dispatches that are due: never sent, or sent more than
    ``AUDIT_REPORTS["REDISPATCH_SECONDS"]`` ago for a report still queued. Stops at the first
    failure (the broker is down: the next run tries again). Returns how many were sent.

    Dispatches another run holds are skipped, so two runs never send the same one.
    """
    now = now or timezone.now()
    stale = now - dt.timedelta(seconds=settings.AUDIT_REPORTS["REDISPATCH_SECONDS"])
    sent = 0
    with transaction.atomic():
        due = (
            ReportDispatch.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(report__status=ReportStatus.QUEUED)
            .filter(Q(sent_at__isnull=True) | Q(sent_at__lt=stale))
            .order_by("report_id")[:BATCH]
        )
        for dispatch in due:
            if not _publish(dispatch, now=now):
                break
            sent += 1
    return sent


def _send_committed(report_id: int) -> None:
    """The one attempt made after the request commits, in a transaction of its own."""
    with transaction.atomic():
        dispatch = (
            ReportDispatch.objects.select_for_update(skip_locked=True)
            .filter(pk=report_id, sent_at__isnull=True)
            .first()
        )
        if dispatch is not None:
            _publish(dispatch, now=timezone.now())


def _publish(dispatch: ReportDispatch, *, now: dt.datetime) -> bool:
    """Hand the report's task to the broker and record the attempt; ``False`` if it failed."""
    dispatch.attempts += 1
    try:
        # Sent by name, since the task's module imports this one: through the project's Celery
        # app (a web server has not made it the current one), and with no result awaited, as
        # the task says, else the sender subscribes to the result store first and a Redis that
        # is down holds the request for as long as it retries.
        celery_app.send_task(REPORT_BUILD_TASK, args=(dispatch.report_id,), ignore_result=True)
    except Exception as exc:  # whatever the broker did, the dispatch stays due and is retried
        logger.warning("report %s not sent to the broker: %r", dispatch.report_id, exc)
        dispatch.last_error = f"{type(exc).__name__}: {exc}"[:300]
        dispatch.save(update_fields=["attempts", "last_error"])
        return False
    dispatch.sent_at = now
    dispatch.last_error = ""
    dispatch.save(update_fields=["attempts", "sent_at", "last_error"])
    return True
