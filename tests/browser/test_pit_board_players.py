"""The players on the pit boss's board, in a real browser: the table's detail lists who sits
where, each with the session's exact figures so far, and a buy-in that crosses the
anti-money-laundering log's threshold is an alert on the board as it happens."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction

from casino.patrons.cash import cash_record
from casino.patrons.enrolment import patron_enrol_carded
from casino.patrons.seating import session_seat
from tests.audit.conftest import audit_floor
from tests.audit.factories import settled_round
from tests.browser.test_pit_board import sign_in

pytestmark = pytest.mark.django_db(transaction=True)

__all__ = ["audit_floor"]


def test_the_table_detail_rates_its_players_and_a_large_buy_in_is_an_alert(
    site: Any,
    page: Any,
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    gaming_day: dt.date,
    screenshot: Callable[..., Path],
) -> None:
    table, boss = audit_floor["table"], users["pit_boss"]
    patron = patron_enrol_carded(
        casino_id=audit_floor["casino"].pk,
        loyalty_number="C-8001",
        name="Ada Lovelace",
        date_of_birth=dt.date(1985, 12, 10),
        actor=boss,
    )
    session = session_seat(table_id=table.pk, positions=[1], patron_id=patron.pk, actor=boss)
    session_seat(table_id=table.pk, positions=[3], description="Green jacket", actor=boss)
    with transaction.atomic():
        settled_round(
            table,
            users["dealer"],
            gaming_day,
            stakes=[(1, "ante", "10"), (1, "bet", "20"), (3, "ante", "40")],
            returns=[(1, "ante", "win", "10", "20", "20"), (1, "bet", "win", "20", "40", "40")],
            paid=True,
        )
    sign_in(page, site, "pit_boss")
    card = page.locator("[data-table='RP-1']")
    card.wait_for()
    card.click()
    players = page.locator("#table-detail [data-players]")
    row = players.locator("tr[data-player='1']")
    row.wait_for()
    # Box 1 staked 30 and took back 60; the house's 5 % on the Ante and the Bet is 1.50.
    assert row.locator("td").all_inner_texts()[:2] == ["1", "#C-8001"]
    # No buy-in recorded: the chips by the record are the 30 won.
    assert row.locator("td").all_inner_texts()[4:] == ["1", "30.00", "30.00", "1.50", "30.00"]
    assert "Ada Lovelace" not in players.inner_text()
    assert players.locator("tr[data-player='3'] td").nth(6).inner_text() == "−40.00"
    screenshot(page, "players")
    page.locator("#table-detail form[method=dialog] button").click()

    cash_record(session_id=session.pk, kind="buy_in_cash", amount=D(3000), actor=boss)
    alert = page.locator("#alert-list li", has_text="anti-money-laundering")
    alert.wait_for()
    assert "RP-1" in alert.inner_text()
    screenshot(page, "aml-alert")
