"""A report requested through the API is built by a real Celery worker, a separate process
consuming the real Redis broker and using the test's own database."""

from __future__ import annotations

import datetime as dt
import subprocess
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.conf import settings

from casino.core.models import AuditRecord
from tests.audit.factories import settled_round
from tests.celery_worker import celery_worker

DAY = dt.date(2025, 3, 10)
#: How long the worker may take to start and build; the test polls, it does not time anything.
DEADLINE_S = 120


@pytest.fixture
def worker() -> Iterator[subprocess.Popen[bytes]]:
    """A worker using this test's own database, logged in as the runtime role; stopped before
    the test's teardown empties the database under it."""
    with celery_worker(
        DJANGO_SETTINGS_MODULE="tests.settings", REDIS_URL=settings.REDIS_URL
    ) as process:
        yield process


@pytest.mark.stack
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_builds_the_report_requested_through_the_api(
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Callable[[str | None], Any],
    worker: subprocess.Popen[bytes],
) -> None:
    settled_round(
        audit_floor["table"],
        users["dealer"],
        DAY,
        stakes=[(1, "ante", "10"), (1, "bet", "20")],
        returns=[(1, "ante", "lose", "10", "0", "0"), (1, "bet", "lose", "20", "0", "0")],
    )
    auditor = client_for("auditor")
    response = auditor.post(
        "/api/v1/audit/reports/request/", {"gaming_day": DAY.isoformat()}, format="json"
    )
    assert response.status_code == 202, response.json()
    status_url = response.json()["links"]["status"]

    deadline = time.monotonic() + DEADLINE_S
    body = response.json()
    while body["status"] in ("queued", "running"):
        assert worker.poll() is None, worker.stderr.read().decode() if worker.stderr else ""
        assert time.monotonic() < deadline, f"still {body['status']} after {DEADLINE_S} s"
        time.sleep(0.25)
        body = auditor.get(status_url).json()

    assert body["status"] == "done", body["error"]
    total = next(row for row in body["payload"]["rows"] if row["level"] == "total")
    assert (total["day"]["rounds"], total["day"]["wagered"], total["day"]["hold_pct"]) == (
        1,
        "30.00",
        "100.00",
    )
    stored = AuditRecord.objects.get(event_code="report.stored")
    assert stored.after["payload_sha256"] == body["payload_sha256"]
    assert stored.actor == users["auditor"]
