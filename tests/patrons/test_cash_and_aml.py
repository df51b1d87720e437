"""Cash at the table and at the cage, held against the anti-money-laundering thresholds: per
patron, gaming day and direction, never netted; each threshold logged once, with one alert,
however many buy-ins take the day past it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
from django.db import DatabaseError, transaction
from rest_framework.test import APIClient

from casino.core.models import Alert, AlertKind
from casino.patrons.models import AmlLogEntry, CashEvent
from tests.patrons.patrons import enrolled, posted, refused

pytestmark = pytest.mark.django_db

Clients = Callable[[str | None], APIClient]


@pytest.fixture
def seated(floor: dict[str, Any], client_for: Clients) -> dict[str, Any]:
    """A carded patron seated at RP-1's first box."""
    patron = enrolled(client_for("pit_boss"), floor["casino"].pk, "C-2001")
    session = posted(
        client_for("dealer"),
        f"/api/v1/tables/{floor['table'].pk}/seat-patron/",
        {"positions": [1], "patron": patron["id"]},
        status=201,
    )
    return {"patron": patron, "session": session}


def _buy_in(
    client: APIClient, session: dict[str, Any], amount: str, kind: str = "buy_in_cash"
) -> Any:
    return posted(
        client,
        f"/api/v1/patron-sessions/{session['id']}/cash/",
        {"kind": kind, "amount": amount},
        status=201,
    )


def _log(client: APIClient, casino_id: int, day: dt.date) -> list[tuple[str, str, str, str]]:
    response = client.get("/api/v1/aml/log/", {"casino": casino_id, "gaming_day": day.isoformat()})
    assert response.status_code == 200, response.json()
    return [
        (e["direction"], e["threshold"], e["threshold_amount"], e["total"]) for e in response.json()
    ]


def test_buy_ins_cross_each_threshold_once_with_one_alert(
    floor: dict[str, Any], client_for: Clients, seated: dict[str, Any], gaming_day: dt.date
) -> None:
    dealer, pit_boss = client_for("dealer"), client_for("pit_boss")
    session = seated["session"]
    for amount in ("1500", "1000"):
        _buy_in(dealer, session, amount)
    assert not AmlLogEntry.objects.exists()
    crossing = _buy_in(dealer, session, "500")  # 3,000: the log's threshold, reached
    for amount in ("2000", "5000", "100"):
        _buy_in(dealer, session, amount)  # 10,100: the report's threshold, passed
    _buy_in(dealer, session, "2000")  # past both: nothing new
    # Chips from elsewhere, a marker and a colour-up are not currency.
    for kind in ("buy_in_chips", "buy_in_marker", "colour_up"):
        _buy_in(dealer, session, "9000", kind)

    assert _log(pit_boss, floor["casino"].pk, gaming_day) == [
        ("in", "log", "3000.00", "3000.00"),
        ("in", "report", "10000.00", "10100.00"),
    ]
    assert AmlLogEntry.objects.get(threshold="log").cash_event_id == crossing["id"]
    alerts = Alert.objects.filter(kind=AlertKind.AML_THRESHOLD).order_by("pk")
    assert [a.details["threshold"] for a in alerts] == ["log", "report"]
    assert {a.table_id for a in alerts} == {floor["table"].pk}


def test_cash_out_is_its_own_direction_and_nets_nothing(
    floor: dict[str, Any], client_for: Clients, seated: dict[str, Any], gaming_day: dt.date
) -> None:
    patron, session = seated["patron"], seated["session"]
    _buy_in(client_for("dealer"), session, "2900")
    cash_out = f"/api/v1/patrons/{patron['id']}/cash-out/"
    refused(client_for("dealer"), cash_out, {"amount": "100"}, code="permission_denied")
    out = posted(client_for("cage"), cash_out, {"amount": "2500"}, status=201)
    assert (out["direction"], out["table"]) == ("out", None)
    # Had the cash-out been netted, 100 more in would log nothing; it logs the cash in.
    _buy_in(client_for("dealer"), session, "100")
    posted(client_for("cage"), cash_out, {"amount": "600"}, status=201)
    assert _log(client_for("auditor"), floor["casino"].pk, gaming_day) == [
        ("in", "log", "3000.00", "3000.00"),
        ("out", "log", "3000.00", "3100.00"),
    ]


def test_a_casino_identifies_from_its_own_threshold(
    floor: dict[str, Any], client_for: Clients, seated: dict[str, Any], gaming_day: dt.date
) -> None:
    policy_url = f"/api/v1/casinos/{floor['casino'].pk}/aml-policy/"
    policy = {"log_from": "2500", "report_above": "10000", "identify_from": "2000"}
    refused(client_for("pit_boss"), policy_url, policy, code="permission_denied")
    refused(
        client_for("admin"),
        policy_url,
        {**policy, "report_above": "100"},
        code="aml_thresholds_invalid",
    )
    posted(client_for("admin"), policy_url, policy, status=201)
    _buy_in(client_for("dealer"), seated["session"], "2600")
    assert _log(client_for("pit_boss"), floor["casino"].pk, gaming_day) == [
        ("in", "identify", "2000.00", "2600.00"),
        ("in", "log", "2500.00", "2600.00"),
    ]


def test_a_refused_amount_writes_nothing(
    floor: dict[str, Any], client_for: Clients, seated: dict[str, Any]
) -> None:
    url = f"/api/v1/patron-sessions/{seated['session']['id']}/cash/"
    before = CashEvent.objects.count()
    floor["table"].chip_unit = D(5)
    floor["table"].save()
    refused(
        client_for("dealer"),
        url,
        {"kind": "buy_in_cash", "amount": "12"},
        code="cash_amount_invalid",
    )
    refused(
        client_for("dealer"),
        url,
        {"kind": "buy_in_cash", "amount": "0"},
        code="cash_amount_invalid",
    )
    refused(client_for("dealer"), url, {"kind": "cash_out", "amount": "10"}, code="invalid_input")
    assert CashEvent.objects.count() == before
    posted(
        client_for("dealer"),
        f"/api/v1/patron-sessions/{seated['session']['id']}/leave/",
        status=200,
    )
    refused(
        client_for("dealer"), url, {"kind": "buy_in_cash", "amount": "10"}, code="session_ended"
    )


def test_a_cash_event_is_never_changed(client_for: Clients, seated: dict[str, Any]) -> None:
    event = _buy_in(client_for("dealer"), seated["session"], "100")
    with pytest.raises(DatabaseError), transaction.atomic():
        CashEvent.objects.filter(pk=event["id"]).update(amount=D(1))


def test_the_chips_by_the_record_follow_the_visit(
    floor: dict[str, Any], client_for: Clients, seated: dict[str, Any]
) -> None:
    """Bought in at one box, moved to another, some chips taken away: the record says what the
    player should still have, whatever session it is asked of."""
    dealer = client_for("dealer")
    _buy_in(dealer, seated["session"], "500")
    moved = posted(
        dealer,
        f"/api/v1/patron-sessions/{seated['session']['id']}/move/",
        {"table": floor["table"].pk, "positions": [3]},
        status=201,
    )
    rating = dealer.get(f"/api/v1/patron-sessions/{moved['id']}/rating/").json()
    assert rating["chips_expected"] == "500.00"
    _buy_in(dealer, moved, "200", "chips_left_with")
    _buy_in(dealer, moved, "100", "colour_up")
    rating = dealer.get(f"/api/v1/patron-sessions/{moved['id']}/rating/").json()
    assert rating["chips_expected"] == "300.00"
