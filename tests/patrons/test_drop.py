"""The currency bought in at a table goes into its drop box: the cage counts a shift's drop
beside what the table recorded going into it during the shift, and only that (chips brought
from elsewhere, and a buy-in after the closer, are not in the box)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
from rest_framework.test import APIClient

from casino.patrons.cash import cash_record
from casino.patrons.seating import session_seat
from payouts.services import trays
from tests.payouts.tray.trays import chips_made, count_confirmed

pytestmark = pytest.mark.django_db

Clients = Callable[[str | None], APIClient]


def test_the_drop_is_counted_beside_the_currency_recorded_during_its_shift(
    floor: dict[str, Any], users: dict[str, Any], client_for: Clients
) -> None:
    table, dealer, boss = floor["table"], users["dealer"], users["pit_boss"]
    chips_made(floor["casino"].pk, users["admin"])
    opener = count_confirmed(table, "opener", {"5.00": 10}, counter=dealer, confirmer=boss)
    session = session_seat(table_id=table.pk, positions=[1], description="hat", actor=dealer)
    for kind, amount in (("buy_in_cash", 500), ("buy_in_chips", 200), ("buy_in_cash", 300)):
        cash_record(session_id=session.pk, kind=kind, amount=D(amount), actor=dealer)
    count_confirmed(table, "closer", {"5.00": 10}, counter=dealer, confirmer=boss)
    cash_record(session_id=session.pk, kind="buy_in_cash", amount=D(50), actor=dealer)

    tray = client_for("cage").get(f"/api/v1/tables/{table.pk}/tray/").json()
    assert [shift["id"] for shift in tray["awaiting_drop"]] == [opener.pk]
    assert tray["recorded_cash_in"] == {str(opener.pk): "800.00"}

    drop = trays.drop_count_enter(
        table_id=table.pk, shift_id=opener.pk, cash=D(780), markers=D(0), actor=users["cage"]
    )
    tray = client_for("cage").get(f"/api/v1/tables/{table.pk}/tray/").json()
    assert [pending["id"] for pending in tray["drops_pending"]] == [drop.pk]
    assert tray["recorded_cash_in"] == {str(opener.pk): "800.00"}
