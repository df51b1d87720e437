"""The auditors' API: the trail and its verification, reports on demand (202, then poll), the
downloads, corrections through HTTP, alerts."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from typing import Any

import pytest
from django.utils import timezone

from audit.models import GamingDayReport
from audit.services.reports.build import report_build
from casino.core.models import AuditRecord
from tables.models import Round
from tests.audit.factories import settled_round

pytestmark = pytest.mark.django_db

DAY = dt.date(2025, 3, 10)


@pytest.fixture
def one_round(audit_floor: dict[str, Any], users: dict[str, Any]) -> Round:
    """One settled round at RP-1 on DAY: staked 30, paid 50."""
    return settled_round(
        audit_floor["table"],
        users["dealer"],
        DAY,
        stakes=[(1, "ante", "10"), (1, "bet", "20")],
        returns=[(1, "ante", "win", "10", "10", "10"), (1, "bet", "win", "20", "40", "40")],
    )


def test_a_report_on_demand_answers_202_and_a_worker_builds_it(
    one_round: Round,
    client_for: Callable[[str | None], Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    auditor = client_for("auditor")
    with django_capture_on_commit_callbacks() as queued:
        response = auditor.post(
            "/api/v1/audit/reports/request/",
            {"gaming_day": "2025-03-10", "large_payout_threshold": "40.00"},
            format="json",
            HTTP_IDEMPOTENCY_KEY="report-2025-03-10",
        )
    assert response.status_code == 202, response.json()
    body = response.json()
    assert body["status"] == "queued"
    assert body["parameters"]["large_payout_threshold"] == "40.00"
    assert body["parameters"]["variance_mode"] == "absolute"
    assert response["Location"] == body["links"]["status"]
    # The worker is asked only once the request has committed.
    assert len(queued) == 1
    report_id = body["id"]
    assert AuditRecord.objects.filter(event_code="report.requested").count() == 1

    # A retry returns the first answer and queues nothing more.
    with django_capture_on_commit_callbacks() as again:
        retry = auditor.post(
            "/api/v1/audit/reports/request/",
            {"gaming_day": "2025-03-10", "large_payout_threshold": "40.00"},
            format="json",
            HTTP_IDEMPOTENCY_KEY="report-2025-03-10",
        )
    assert (retry.status_code, retry.json()["id"], len(again)) == (202, report_id, 0)
    assert GamingDayReport.objects.count() == 1

    pending = auditor.get(f"/api/v1/audit/reports/{report_id}/")
    assert (pending.json()["status"], pending.json()["payload"]) == ("queued", None)
    early = auditor.get(f"/api/v1/audit/reports/{report_id}/csv/")
    assert early.status_code == 409
    assert early.json()["error"]["code"] == "report_not_ready"

    report_build(report_id=report_id)  # what the worker does with the queued id

    done = auditor.get(body["links"]["status"]).json()
    assert done["status"] == "done"
    total = next(row for row in done["payload"]["rows"] if row["level"] == "total")
    assert (total["day"]["wagered"], total["day"]["paid"], total["day"]["large_payouts"]) == (
        "30.00",
        "50.00",
        0,  # paid 40 is not above 40
    )
    csv = auditor.get(done["links"]["csv"])
    assert csv.status_code == 200
    assert csv["Content-Type"] == "text/csv; charset=utf-8"
    assert csv["Content-Disposition"].endswith(f'-2025-03-10-{report_id}.csv"')
    assert hashlib.sha256(csv.content).hexdigest() == done["csv_sha256"] == csv["X-Content-SHA256"]
    pdf = auditor.get(done["links"]["pdf"], HTTP_ACCEPT="application/pdf")
    assert pdf.status_code == 200
    assert pdf["Content-Type"] == "application/pdf"
    assert hashlib.sha256(pdf.content).hexdigest() == done["pdf_sha256"]
    listed = auditor.get("/api/v1/audit/reports/", {"gaming_day": "2025-03-10"}).json()
    assert [r["id"] for r in listed] == [report_id]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"gaming_day": "2999-01-01"}, 400, "report_day_in_future"),
        ({"gaming_day": "2025-03-10", "casino": 999999}, 404, "report_casino_unknown"),
        ({"gaming_day": "2025-03-10", "variance_mode": "vibes"}, 400, "invalid_input"),
        ({"gaming_day": "2025-03-10", "colour": "red"}, 400, "unknown_field"),
    ],
    ids=["future", "unknown-casino", "bad-mode", "unknown-field"],
)
def test_report_requests_refused_write_nothing(
    one_round: Round, client_for: Callable[[str | None], Any], body: dict, status: int, code: str
) -> None:
    records = AuditRecord.objects.count()
    response = client_for("auditor").post("/api/v1/audit/reports/request/", body, format="json")
    assert response.status_code == status, response.json()
    assert response.json()["error"]["code"] == code
    assert (GamingDayReport.objects.count(), AuditRecord.objects.count()) == (0, records)


def test_at_0230_utc_a_report_of_the_casinos_day_is_queued_and_of_the_calendar_day_refused(
    audit_floor: dict[str, Any], client_for: Callable[[str | None], Any], time_machine: Any
) -> None:
    """Between midnight and 06:00 the test casino's gaming day is still the calendar's
    yesterday: its report is queued, the machine's date is a day in the future. (A CI run at
    02:30 UTC once failed on tests that asked for the machine's date.)"""
    time_machine.move_to(dt.datetime(2027, 2, 10, 2, 30, tzinfo=dt.UTC), tick=True)
    casino = audit_floor["casino"]
    auditor = client_for("auditor")
    assert casino.clock.day_of(timezone.now()) == dt.date(2027, 2, 9)

    queued = auditor.post(
        "/api/v1/audit/reports/request/", {"gaming_day": "2027-02-09"}, format="json"
    )
    refused = auditor.post(
        "/api/v1/audit/reports/request/", {"gaming_day": "2027-02-10"}, format="json"
    )

    assert queued.status_code == 202, queued.json()
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "report_day_in_future"


def test_the_trail_pages_in_its_global_order_and_filters(
    one_round: Round, audit_floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    pit_boss = client_for("pit_boss")
    table = audit_floor["table"]
    pit_boss.post(f"/api/v1/tables/{table.pk}/close/", {"reason": "night"}, format="json")
    pit_boss.post(f"/api/v1/tables/{table.pk}/open/", {"reason": "morning"}, format="json")
    auditor = client_for("auditor")
    stream = f"table:{table.pk}"
    first = auditor.get("/api/v1/audit/records/", {"limit": 1}).json()
    assert [(r["stream"], r["seq"], r["event_code"], r["reason"]) for r in first] == [
        (stream, 1, "table.closed", "night")
    ]
    rest = auditor.get("/api/v1/audit/records/", {"after_id": first[0]["id"]}).json()
    assert [(r["stream"], r["seq"], r["prev_hash"]) for r in rest] == [
        (stream, 2, first[0]["row_hash"])
    ]
    assert rest[0]["actor_role"] == "pit_boss"
    assert rest[0]["before"] == {"status": "closed"}
    filtered = auditor.get("/api/v1/audit/records/", {"event_code": "table.opened"}).json()
    assert [r["seq"] for r in filtered] == [2]
    assert auditor.get("/api/v1/audit/records/", {"stream": "site"}).json() == []

    verdict = auditor.get("/api/v1/audit/verify/").json()
    assert verdict == {
        "intact": True,
        "full": True,
        "rows_read": 2,
        "head_rows_read": 0,
        "checkpoints": 0,
        "since_checkpoint": None,
        "checkpoint": None,
        "heads": [{"stream": stream, "seq": 2, "hash": rest[0]["row_hash"]}],
        "findings": [],
    }


def test_a_correction_through_the_api(
    one_round: Round, users: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    response = client_for("dealer").post(
        f"/api/v1/audit/rounds/{one_round.pk}/corrections/",
        {
            "kind": "payout_correction",
            "reason": "bet paid at the wrong odds",
            "lines": [{"box": 1, "line": "bet", "amount": "-20.00"}],
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    created = response.json()
    assert (created["status"], created["requested_by"], created["table"]) == (
        "requested",
        "dealer",
        "RP-1",
    )
    pending = client_for("pit_boss").get("/api/v1/audit/corrections/", {"status": "requested"})
    assert [c["id"] for c in pending.json()] == [created["id"]]
    assert client_for("other_pit_boss").get("/api/v1/audit/corrections/").json() == []

    refused = client_for("other_pit_boss").post(
        f"/api/v1/audit/corrections/{created['id']}/approve/", {}, format="json"
    )
    assert refused.status_code == 403
    approved = client_for("pit_boss").post(
        f"/api/v1/audit/corrections/{created['id']}/approve/",
        {"note": "checked on camera"},
        format="json",
    )
    assert approved.status_code == 200, approved.json()
    assert (approved.json()["status"], approved.json()["decided_by"]) == ("approved", "pit_boss")
    assert approved.json()["lines"] == [{"box": 1, "line": "bet", "amount": "-20.00"}]
    again = client_for("pit_boss").post(
        f"/api/v1/audit/corrections/{created['id']}/reject/", {}, format="json"
    )
    assert (again.status_code, again.json()["error"]["code"]) == (409, "not_pending")
