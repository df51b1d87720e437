"""Points: promotions awarded by administrators, comps spent by the floor within the casino's
limit and the balance, each an entry of an append-only ledger; a request sent twice with its
idempotency key spends once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from casino.patrons.models import PointsEntry
from tests.patrons.patrons import enrolled, posted, refused

pytestmark = pytest.mark.django_db

Clients = Callable[[str | None], APIClient]


def test_comps_spend_within_the_limit_and_the_balance(
    floor: dict[str, Any], client_for: Clients, settings: Any
) -> None:
    settings.COMP_POINTS_LIMIT = "150"
    patron = enrolled(client_for("pit_boss"), floor["casino"].pk, "C-5001")
    base = f"/api/v1/patrons/{patron['id']}"
    refused(
        client_for("pit_boss"),
        f"{base}/promotions/",
        {"points": "200", "note": "x"},
        code="permission_denied",
    )
    awarded = posted(
        client_for("admin"), f"{base}/promotions/", {"points": "200", "note": "welcome"}, status=201
    )
    assert awarded["balance"] == "200.00"

    boss = client_for("pit_boss")
    details = refused(
        boss, f"{base}/comps/", {"points": "151", "note": "suite"}, code="points_invalid"
    )
    assert details["limit"] == "150"
    refused(boss, f"{base}/comps/", {"points": "0", "note": "nothing"}, code="points_invalid")
    refused(
        client_for("dealer"),
        f"{base}/comps/",
        {"points": "10", "note": "x"},
        code="permission_denied",
    )

    key = {"HTTP_IDEMPOTENCY_KEY": "comp-dinner-1"}
    for _ in range(2):
        answer = boss.post(
            f"{base}/comps/", {"points": "120", "note": "dinner for two"}, format="json", **key
        )
        assert answer.status_code == 201, answer.json()
    assert answer.json()["balance"] == "80.00"
    details = refused(
        boss, f"{base}/comps/", {"points": "100", "note": "show"}, code="points_insufficient"
    )
    assert details["balance"] == "80.00"
    assert list(PointsEntry.objects.order_by("pk").values_list("kind", "points")) == [
        ("promotion", 200),
        ("redemption", -120),
    ]
    ledger = client_for("auditor").get(f"{base}/points/").json()
    assert [e["note"] for e in ledger["entries"]] == ["dinner for two", "welcome"]
    assert client_for("dealer").get(f"{base}/points/").status_code == 403
