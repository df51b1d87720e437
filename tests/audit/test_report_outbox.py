"""The outbox of reports requested on demand (``audit.services.reports.outbox``), against a
real Redis server of the test's own, paused, killed and started again; the suite's broker is
left alone.

The bugs: with Redis paused a report request hung for over 20 s; with Redis killed it answered
500 after its report was committed, which then stayed ``queued`` for ever with no task.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from django.utils import timezone

from audit.models import GamingDayReport, ReportDispatch, ReportStatus
from audit.services.reports.outbox import report_dispatch_pending
from tests.faults.stack import stack_module

pytestmark = pytest.mark.django_db

DAY = "2025-03-10"
#: The request gives up on the broker within about a second (REDIS_TIMEOUT); the margin is for
#: a loaded machine.
ANSWER_WITHIN_S = 2.0
#: Before the fix a paused broker held the request for as long as it stayed paused: this long.
PAUSE_S = 10


@pytest.fixture
def own_broker(tmp_path: Path) -> Iterator[Any]:
    """A Redis server of this test's own, made the Celery app's broker for the test."""
    from casino.celery import app

    def point_at(url: str) -> None:
        app.conf.broker_url = url
        # The pools hold connections to the broker they were made for.
        app._pool = None
        app.amqp._producer_pool = None

    previous = app.conf.broker_url
    with stack_module().local_redis(tmp_path) as server:
        point_at(server.url)
        try:
            yield server
        finally:
            point_at(previous)


def _queued_tasks(server: Any) -> list[tuple[str, str]]:
    """(task name, its arguments) of every message waiting in the broker's default queue."""
    client = redis.Redis(port=server.port)
    try:
        messages = [json.loads(raw) for raw in client.lrange("celery", 0, -1)]
    finally:
        client.close()
    return [(m["headers"]["task"], m["headers"]["argsrepr"]) for m in messages]


def _request(
    client_for: Callable[[str | None], Any], capture: Any
) -> tuple[int, dict[str, Any], float]:
    started = time.monotonic()
    with capture(execute=True):
        response = client_for("auditor").post(
            "/api/v1/audit/reports/request/", {"gaming_day": DAY}, format="json"
        )
    return response.status_code, response.json(), time.monotonic() - started


def test_with_the_broker_paused_a_request_is_answered_at_once_and_its_task_sent_later(
    audit_floor: dict[str, Any],
    client_for: Callable[[str | None], Any],
    django_capture_on_commit_callbacks: Any,
    own_broker: Any,
) -> None:
    pid = own_broker.process.pid
    os.kill(pid, signal.SIGSTOP)
    resume = threading.Timer(PAUSE_S, os.kill, (pid, signal.SIGCONT))
    resume.start()
    try:
        status, body, _ = _request(client_for, django_capture_on_commit_callbacks)
        # The broker is still paused when the answer comes: the request did not wait for it.
        answered_while_paused = resume.is_alive()
    finally:
        resume.cancel()
        os.kill(pid, signal.SIGCONT)
    assert status == 202, body
    assert answered_while_paused
    dispatch = ReportDispatch.objects.get(report_id=body["id"])
    assert (dispatch.sent_at, dispatch.attempts) == (None, 1)
    assert dispatch.last_error.startswith("OperationalError")
    assert _queued_tasks(own_broker) == []

    # Beat's sweep, once the broker answers again.
    assert report_dispatch_pending() == 1
    dispatch.refresh_from_db()
    assert dispatch.sent_at is not None and dispatch.attempts == 2 and dispatch.last_error == ""
    # The attempt that timed out may have reached Redis after all: at least once, never lost.
    assert set(_queued_tasks(own_broker)) == {("audit.build_report", f"({body['id']},)")}
    assert report_dispatch_pending() == 0


def test_with_the_broker_killed_a_request_is_answered_202_and_nothing_is_orphaned(
    audit_floor: dict[str, Any],
    client_for: Callable[[str | None], Any],
    django_capture_on_commit_callbacks: Any,
    own_broker: Any,
) -> None:
    own_broker.stop()
    status, body, elapsed = _request(client_for, django_capture_on_commit_callbacks)
    assert status == 202, body
    assert elapsed < ANSWER_WITHIN_S, f"answered in {elapsed:.1f} s"
    report = GamingDayReport.objects.get(pk=body["id"])
    assert report.status == ReportStatus.QUEUED and report.dispatch.sent_at is None

    assert report_dispatch_pending() == 0  # still down: tried, kept for the next sweep
    assert ReportDispatch.objects.get(pk=report.pk).attempts == 2

    own_broker.start()
    assert report_dispatch_pending() == 1
    assert _queued_tasks(own_broker) == [("audit.build_report", f"({report.pk},)")]


def test_a_task_the_broker_lost_is_sent_again_and_a_finished_report_never(
    audit_floor: dict[str, Any],
    client_for: Callable[[str | None], Any],
    django_capture_on_commit_callbacks: Any,
    own_broker: Any,
    settings: Any,
) -> None:
    lost = _request(client_for, django_capture_on_commit_callbacks)[1]["id"]
    recent = _request(client_for, django_capture_on_commit_callbacks)[1]["id"]
    done = _request(client_for, django_capture_on_commit_callbacks)[1]["id"]
    assert len(_queued_tasks(own_broker)) == 3
    redis.Redis(port=own_broker.port).delete("celery")  # a Redis restarted without its data

    long_ago = timezone.now() - dt.timedelta(seconds=settings.AUDIT_REPORTS["REDISPATCH_SECONDS"])
    ReportDispatch.objects.filter(pk__in=[lost, done]).update(
        sent_at=long_ago - dt.timedelta(seconds=1)
    )
    GamingDayReport.objects.filter(pk=done).update(status=ReportStatus.FAILED, error="test")

    assert report_dispatch_pending() == 1
    assert _queued_tasks(own_broker) == [("audit.build_report", f"({lost},)")]
    assert ReportDispatch.objects.get(pk=recent).attempts == 1


def test_a_refused_request_writes_no_dispatch(
    audit_floor: dict[str, Any],
    client_for: Callable[[str | None], Any],
    django_capture_on_commit_callbacks: Any,
    own_broker: Any,
) -> None:
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client_for("auditor").post(
            "/api/v1/audit/reports/request/", {"gaming_day": "2999-01-01"}, format="json"
        )
    assert response.json()["error"]["code"] == "report_day_in_future"
    assert (ReportDispatch.objects.count(), len(callbacks)) == (0, 0)
    assert _queued_tasks(own_broker) == []
