"""Acknowledging an alert: once, with a note, as a row of its own and an audit row; who may see
and clear which alerts; the pit view counts only those not acknowledged; and which gaming-day
reports a pit boss reads."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from audit.services.reports.build import report_build, report_request
from casino.core.alerts import alert_record_apart
from casino.core.models import Alert, AlertAcknowledgement, AlertKind, AuditRecord
from casino.core.roles import Role
from casino.floor.pit_view import pit_view, table_view
from tables.models import Casino, Pit, Round
from tests.schema import assert_matches

pytestmark = pytest.mark.django_db


@pytest.fixture
def capped(audit_floor: dict[str, Any], play_rp01: Callable[..., Round]) -> Alert:
    """A payout_capped alert at RP-1 (pit A), raised by a real settlement."""
    table = audit_floor["table"]
    table.max_table_payout = D(15)
    table.save()
    play_rp01(table)
    return Alert.objects.get(kind=AlertKind.PAYOUT_CAPPED)


def _acknowledge(client: Any, alert: Alert, note: str = "spoke to the dealer") -> Any:
    return client.post(
        f"/api/v1/audit/alerts/{alert.pk}/acknowledge/", {"note": note}, format="json"
    )


def _written() -> tuple[int, int, int]:
    return (
        Alert.objects.count(),
        AlertAcknowledgement.objects.count(),
        AuditRecord.objects.count(),
    )


def test_a_pit_boss_acknowledges_an_alert_of_the_own_pit_once(
    capped: Alert, audit_floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    boss = client_for("pit_boss")
    response = _acknowledge(boss, capped, "cap explained to the player")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert_matches("AlertOutput", body)
    assert (body["id"], body["kind"], body["severity"], body["table"]) == (
        capped.pk,
        "payout_capped",
        "warning",
        "RP-1",
    )
    ack = body["acknowledgement"]
    assert (ack["acknowledged_by"], ack["acknowledged_role"], ack["note"]) == (
        "pit_boss",
        "pit_boss",
        "cap explained to the player",
    )

    # The audit trail: who cleared which alert, when, with the note as the reason, in the
    # table's stream.
    row = AuditRecord.objects.get(event_code="alert.acknowledged")
    acknowledgement = AlertAcknowledgement.objects.get(alert=capped)
    assert (row.actor.username, row.actor_role, row.stream, row.table_id) == (
        "pit_boss",
        "pit_boss",
        f"table:{audit_floor['table'].pk}",
        audit_floor["table"].pk,
    )
    assert row.reason == "cap explained to the player"
    assert row.after["alert"] == capped.pk
    assert row.after["kind"] == "payout_capped"
    assert dt.datetime.fromisoformat(row.after["acknowledged_at"]) == (
        acknowledgement.acknowledged_at
    )

    # A second acknowledgement, by anyone, is refused and writes nothing.
    before = _written()
    for client in (boss, client_for("auditor")):
        again = _acknowledge(client, capped, "again")
        assert again.status_code == 409, again.json()
        assert again.json()["error"]["code"] == "alert_already_acknowledged"
        assert again.json()["error"]["details"]["acknowledged_by"] == "pit_boss"
    assert _written() == before
    # The alert itself never changed.
    assert Alert.objects.get(pk=capped.pk).details == capped.details


def test_an_acknowledgement_needs_a_note(
    capped: Alert, client_for: Callable[[str | None], Any]
) -> None:
    before = _written()
    for note in ("", "   "):
        response = _acknowledge(client_for("pit_boss"), capped, note)
        assert response.status_code == 400, response.json()
    assert _written() == before


def test_the_other_pits_boss_and_a_dealer_neither_see_nor_clear_it(
    capped: Alert, audit_floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    pit, table = audit_floor["pit"], audit_floor["table"]
    other = client_for("other_pit_boss")
    before = _written()

    # The list of the other pit's boss holds none of pit A's alerts, and naming pit A or its
    # table is refused.
    response = other.get("/api/v1/audit/alerts/")
    assert response.status_code == 200
    assert response.json() == []
    for query in (f"?pit={pit.pk}", f"?table={table.pk}"):
        response = other.get(f"/api/v1/audit/alerts/{query}")
        assert response.status_code == 403, response.json()
        assert response.json()["error"]["code"] == "permission_denied"
    response = _acknowledge(other, capped)
    assert response.status_code == 403, response.json()

    dealer = client_for("dealer")
    assert dealer.get("/api/v1/audit/alerts/").status_code == 403
    response = _acknowledge(dealer, capped)
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "permission_denied"
    assert _written() == before


def test_an_alert_of_no_table_is_cleared_by_an_auditor_or_an_admin_alone(
    audit_floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    alert = alert_record_apart(
        kind=AlertKind.CHAIN_BROKEN, cause="test:site", details={"finding": "x"}
    )
    assert alert is not None
    assert _acknowledge(client_for("pit_boss"), alert).status_code == 403
    assert [a["id"] for a in client_for("pit_boss").get("/api/v1/audit/alerts/").json()] == []
    response = _acknowledge(client_for("admin"), alert, "restored from the checkpoint")
    assert response.status_code == 200, response.json()
    # An alert of no table and no casino is the site's: its acknowledgement is in that stream.
    assert AuditRecord.objects.get(event_code="alert.acknowledged").stream == "site"


def test_the_list_filters_by_status_table_pit_kind_and_severity(
    capped: Alert, audit_floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    rp9 = audit_floor["other_table"]
    idle = alert_record_apart(kind=AlertKind.ROUND_IDLE, cause="test:rp9", table_id=rp9.pk)
    assert idle is not None
    auditor = client_for("auditor")
    assert _acknowledge(auditor, capped).status_code == 200

    def ids(query: str, client: Any = auditor) -> list[int]:
        response = client.get(f"/api/v1/audit/alerts/{query}")
        assert response.status_code == 200, response.json()
        for alert in response.json():
            assert_matches("AlertOutput", alert)
        return [alert["id"] for alert in response.json()]

    assert ids("") == [idle.pk, capped.pk]
    assert ids("?status=open") == [idle.pk]
    assert ids("?status=acknowledged") == [capped.pk]
    assert ids(f"?table={rp9.pk}") == [idle.pk]
    assert ids(f"?pit={audit_floor['pit'].pk}") == [capped.pk]
    assert ids("?kind=payout_capped") == [capped.pk]
    assert ids("?severity=warning") == [idle.pk, capped.pk]
    assert ids("?severity=critical") == []
    # Each pit boss sees the own pit's.
    assert ids("", client_for("pit_boss")) == [capped.pk]
    assert ids("", client_for("other_pit_boss")) == [idle.pk]
    response = auditor.get("/api/v1/audit/alerts/?status=closed")
    assert response.status_code == 400


def test_the_pit_view_counts_an_alert_until_it_is_acknowledged(
    capped: Alert, audit_floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    table, pit = audit_floor["table"], audit_floor["pit"]
    assert table_view(table_id=table.pk).table.figures.open_alerts == 1
    assert pit_view(pit_id=pit.pk).pit.totals.figures.open_alerts == 1
    assert _acknowledge(client_for("pit_boss"), capped).status_code == 200
    assert table_view(table_id=table.pk).table.figures.open_alerts == 0
    view = pit_view(pit_id=pit.pk)
    assert (view.pit.totals.figures.open_alerts, view.casino.totals.figures.open_alerts) == (0, 0)


def test_a_pit_boss_reads_the_reports_of_the_casino_of_the_own_pits_only(
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
    client_for: Callable[[str | None], Any],
) -> None:
    day = dt.date(2025, 3, 10)
    report = report_build(report_id=report_request(actor=users["auditor"], gaming_day=day).pk)
    # A pit boss of another casino's pit.
    elsewhere = Casino.objects.create(name="Elsewhere", time_zone="UTC", gaming_day_start_hour=6)
    far_pit = Pit.objects.create(casino=elsewhere, name="Far")
    users["far_pit_boss"] = make_user("far_pit_boss", Role.PIT_BOSS)
    far_pit.supervisors.add(users["far_pit_boss"])
    urls = [
        f"/api/v1/audit/reports/{report.pk}/",
        f"/api/v1/audit/reports/{report.pk}/csv/",
        f"/api/v1/audit/reports/{report.pk}/pdf/",
    ]

    boss = client_for("pit_boss")
    assert [r["id"] for r in boss.get("/api/v1/audit/reports/").json()] == [report.pk]
    for url in urls:
        assert boss.get(url).status_code == 200, url
    far = client_for("far_pit_boss")
    assert far.get("/api/v1/audit/reports/").json() == []
    for url in urls:
        response = far.get(url)
        assert response.status_code == 403, url
        assert response.json()["error"]["code"] == "permission_denied"
    # Reading is all: requesting a report stays the auditors'.
    response = boss.post(
        "/api/v1/audit/reports/request/", {"gaming_day": "2025-03-11"}, format="json"
    )
    assert response.status_code == 403
    assert get_user_model().objects.filter(username="far_pit_boss").exists()


@pytest.mark.parametrize("kind", list(AlertKind))
def test_every_kind_of_alert_is_acknowledged_once(
    kind: AlertKind, audit_floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    """Whatever raised it: an alert of a table by its pit's boss, once; a second is refused and
    writes nothing."""
    table = audit_floor["table"]
    alert = alert_record_apart(
        kind=kind, cause=f"every-kind:{kind}", casino_id=table.pit.casino_id, table_id=table.pk
    )
    assert alert is not None
    boss = client_for("pit_boss")
    assert _acknowledge(boss, alert).status_code == 200
    written = _written()
    again = _acknowledge(client_for("auditor"), alert, "seen twice")
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "alert_already_acknowledged"
    assert _written() == written
