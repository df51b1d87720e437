"""A drop count sent without its cash, or with something that is not an amount, is refused in
the cage's words, naming the field, and nothing is written."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from payouts.models import DropCount
from tests.payouts.tray.trays import chips_made, count_confirmed

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("cash", "message"),
    [
        ("", "The cash counted: "),
        ("twelve", "The cash counted: "),
    ],
)
def test_a_drop_without_its_cash_is_refused_naming_the_field(
    cash: str,
    message: str,
    floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Callable[[str], Any],
) -> None:
    table = floor["table"]
    chips_made(floor["casino"].pk, users["admin"])
    opener = count_confirmed(
        table, "opener", {"5.00": 10}, counter=users["dealer"], confirmer=users["pit_boss"]
    )
    count_confirmed(
        table, "closer", {"5.00": 10}, counter=users["dealer"], confirmer=users["pit_boss"]
    )
    response = client_for("cage").post(
        f"/api/v1/tables/{table.pk}/drops/",
        {"shift": opener.pk, "cash": cash, "markers": "0.00"},
        format="json",
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_input"
    assert error["message"].startswith(message), error["message"]
    assert error["message"] != "The request body is not valid."
    assert list(error["details"]["fields"]) == ["cash"]
    assert not DropCount.objects.exists()
