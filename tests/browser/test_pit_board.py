"""The pit boss's pit board in a real browser: signing in, the floor at a glance, the refusals.

The board renders from the pit view's API; its screenshots are what a pit boss sees.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from tables.services.rounds import round_act, round_open

pytestmark = pytest.mark.django_db(transaction=True)


def sign_in(page: Any, live_server: Any, username: str) -> None:
    page.goto(f"{live_server.url}/sign-in/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", f"pw-{username}")
    page.click("button[type=submit]")


def test_a_pit_boss_signs_in_and_reads_the_floor(
    live_server: Any,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    table = floor["table"]
    round = round_open(table_id=table.pk, dealer=users["dealer"])
    round_act(
        round_id=round.pk,
        actor=users["dealer"],
        expected_event=round.last_event_seq,
        action="place_wagers",
        data={"box": 1, "player": "P1", "ante": D(10)},
    )
    sign_in(page, live_server, "pit_boss")
    # One pit: straight to its board.
    page.wait_for_url(f"{live_server.url}/pit/{floor['pit'].pk}/")
    card = page.locator("[data-table='RP-1']")
    card.wait_for()
    assert "Russian Poker" in card.inner_text()
    assert "dealer" in card.locator(".dealer").inner_text()
    assert "Round 1" in card.locator(".round").inner_text()
    assert "since last action" in card.locator(".round").inner_text()
    # The other pit's table is not on this board.
    assert page.locator("[data-table='RP-9']").count() == 0
    totals = page.locator("#totals").inner_text()
    assert "TABLES OPEN" in totals.upper() and "1 / 1" in totals
    screenshot(page, "board")
    card.click()
    dialog = page.locator("#table-detail")
    dialog.wait_for()
    assert "RP-1 · Russian Poker" in dialog.inner_text()
    screenshot(page, "detail")


def test_a_wrong_password_is_refused_on_the_sign_in_page(
    live_server: Any, page: Any, users: dict[str, Any]
) -> None:
    page.goto(f"{live_server.url}/sign-in/")
    page.fill("input[name=username]", "pit_boss")
    page.fill("input[name=password]", "not-it")
    page.click("button[type=submit]")
    assert "/sign-in/" in page.url
    assert "correct username and password" in page.locator(".error").inner_text()


def test_the_other_pits_boss_cannot_open_this_pits_board(
    live_server: Any, page: Any, floor: dict[str, Any]
) -> None:
    sign_in(page, live_server, "other_pit_boss")
    page.wait_for_url(f"{live_server.url}/pit/{floor['other_table'].pit_id}/")
    response = page.goto(f"{live_server.url}/pit/{floor['pit'].pk}/")
    assert response is not None and response.status == 403


def test_the_board_needs_a_sign_in(live_server: Any, page: Any, floor: dict[str, Any]) -> None:
    page.goto(f"{live_server.url}/pit/{floor['pit'].pk}/")
    assert "/sign-in/" in page.url


def test_a_pit_boss_acknowledges_an_alert_on_the_board(
    live_server: Any, page: Any, floor: dict[str, Any], screenshot: Callable[..., Path]
) -> None:
    from casino.core.alerts import alert_record_apart
    from casino.core.models import Alert, AlertKind

    table = floor["table"]
    alert = alert_record_apart(
        kind=AlertKind.TABLE_NO_DEALER,
        cause=f"table:{table.pk}:browser",
        casino_id=floor["casino"].pk,
        table_id=table.pk,
    )
    assert alert is not None
    sign_in(page, live_server, "pit_boss")
    item = page.locator(f"[data-alert='{alert.pk}']")
    item.wait_for()
    assert "Open table without a dealer" in item.inner_text()
    assert "RP-1" in item.inner_text()
    assert "⚠ 1" in page.locator("[data-table='RP-1']").inner_text()
    screenshot(page, "alert")
    item.locator("input").fill("Dealer relief arrived")
    item.locator("button").click()
    page.locator("#alert-list .empty").wait_for()
    acknowledged = Alert.objects.get(pk=alert.pk).acknowledgement
    assert acknowledged.note == "Dealer relief arrived"
    assert acknowledged.acknowledged_by.username == "pit_boss"
    assert page.locator("[data-table='RP-1'] .badge").count() == 0
