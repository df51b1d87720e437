"""The pit boss's pit board in a real browser: signing in, the floor at a glance, changes and
alerts arriving without a reload, acknowledging, going offline and back, the refusals.

The site is served by uvicorn, as the push server serves it (pages, API and the pit's event
stream on one origin), from the suite's committed data; the screenshots are what a pit boss
sees.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from tables.services.rounds import round_act, round_open
from tests.browser.site import Site, running_site

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def site(django_db_blocker: Any, transactional_db: None) -> Iterator[Site]:
    yield from running_site(django_db_blocker)


def sign_in(page: Any, site: Any, username: str) -> None:
    page.goto(f"{site.url}/sign-in/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", f"pw-{username}")
    page.click("button[type=submit]")


def test_a_pit_boss_signs_in_and_reads_the_floor(
    site: Any,
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
    sign_in(page, site, "pit_boss")
    # One pit: straight to its board.
    page.wait_for_url(f"{site.url}/pit/{floor['pit'].pk}/")
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
    # Its last rounds: the one in play, with no money yet.
    assert dialog.locator("tr[data-round='1']").inner_text().split("\t")[:3] == [
        "1",
        "open",
        "dealer",
    ]
    screenshot(page, "detail")


def test_a_wrong_password_is_refused_on_the_sign_in_page(
    site: Any, page: Any, users: dict[str, Any]
) -> None:
    page.goto(f"{site.url}/sign-in/")
    page.fill("input[name=username]", "pit_boss")
    page.fill("input[name=password]", "not-it")
    page.click("button[type=submit]")
    assert "/sign-in/" in page.url
    assert "correct username and password" in page.locator(".error").inner_text()


def test_the_other_pits_boss_cannot_open_this_pits_board(
    site: Any, page: Any, floor: dict[str, Any]
) -> None:
    sign_in(page, site, "other_pit_boss")
    page.wait_for_url(f"{site.url}/pit/{floor['other_table'].pit_id}/")
    response = page.goto(f"{site.url}/pit/{floor['pit'].pk}/")
    assert response is not None and response.status == 403


def test_the_board_needs_a_sign_in(site: Any, page: Any, floor: dict[str, Any]) -> None:
    page.goto(f"{site.url}/pit/{floor['pit'].pk}/")
    assert "/sign-in/" in page.url


def test_a_pit_boss_acknowledges_an_alert_on_the_board(
    site: Any, page: Any, floor: dict[str, Any], screenshot: Callable[..., Path]
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
    sign_in(page, site, "pit_boss")
    item = page.locator(f"[data-alert='{alert.pk}']")
    item.wait_for()
    assert "Open table without a dealer" in item.inner_text()
    assert "RP-1" in item.inner_text()
    # The table's card is drawn apart from the alert list: wait for its badge, not assume it.
    page.locator("[data-table='RP-1'] .badge", has_text="⚠ 1").wait_for()
    screenshot(page, "alert")
    item.locator("input").fill("Dealer relief arrived")
    item.locator("button").click()
    page.locator("#alert-list .empty").wait_for()
    acknowledged = Alert.objects.get(pk=alert.pk).acknowledgement
    assert acknowledged.note == "Dealer relief arrived"
    assert acknowledged.acknowledged_by.username == "pit_boss"
    page.locator("[data-table='RP-1'] .badge").wait_for(state="detached")
    assert page.locator("[data-table='RP-1'] .badge").count() == 0


def test_the_board_follows_the_floor_live_and_marks_itself_offline(
    site: Site,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    from casino.core.alerts import alert_record_apart
    from casino.core.models import AlertKind

    table = floor["table"]
    sign_in(page, site, "pit_boss")
    connection = page.locator("#connection")
    page.wait_for_function("document.getElementById('connection')?.dataset.state === 'live'")
    card = page.locator("[data-table='RP-1']")
    assert "Between rounds" in card.inner_text()
    # A dealer's round and action, made through the services and committed: on the board
    # without a reload.
    round = round_open(table_id=table.pk, dealer=users["dealer"])
    card.locator(".round", has_text="Round 1 · betting").wait_for()
    round_act(
        round_id=round.pk,
        actor=users["dealer"],
        expected_event=round.last_event_seq,
        action="place_wagers",
        data={"box": 1, "player": "P1", "ante": D(10)},
    )
    alert = alert_record_apart(
        kind=AlertKind.ROUND_IDLE,
        cause=f"round:{round.pk}:browser",
        casino_id=floor["casino"].pk,
        table_id=table.pk,
        round_id=round.pk,
    )
    assert alert is not None
    page.locator(f"[data-alert='{alert.pk}']").wait_for()
    card.locator(".badge", has_text="⚠ 1").wait_for()
    screenshot(page, "live")
    # The push server stops: the board says it is offline, and live again once it is back.
    site.stop()
    page.wait_for_function("document.getElementById('connection')?.dataset.state === 'offline'")
    assert "Offline" in connection.inner_text()
    screenshot(page, "offline")
    site.start()
    page.wait_for_function(
        "document.getElementById('connection')?.dataset.state === 'live'", timeout=30_000
    )
    assert connection.inner_text() == "Live"


def test_the_demo_floor_on_the_board(
    site: Site, page: Any, screenshot: Callable[..., Path]
) -> None:
    """The floor `make run` loads, as its pit boss sees it, a dealer's round arriving live."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.core.management import call_command

    from casino.core.roles import Role
    from casino.demo.history import DEMO_ROUNDS
    from tables.models import Table

    # The role groups come from a data migration, which an earlier transactional test's flush
    # removed.
    for role in Role:
        Group.objects.get_or_create(name=role.value)
    call_command("load_demo_floor", stdout=io.StringIO())
    page.goto(f"{site.url}/sign-in/")
    page.fill("input[name=username]", "pitboss")
    page.fill("input[name=password]", "demo-password")
    page.click("button[type=submit]")
    page.wait_for_function("document.getElementById('connection')?.dataset.state === 'live'")
    for code, game, dealer in (
        ("RP-1", "Russian Poker", "dealer1"),
        ("RR-1", "Ruby Run", "dealer2"),
        ("RD-1", "Red Dog", "dealer3"),
    ):
        card = page.locator(f"[data-table='{code}']")
        assert game in card.inner_text() and dealer in card.inner_text()
        # The rounds the demo played this morning are on the board.
        assert f"Today\n{DEMO_ROUNDS}" in card.inner_text(), card.inner_text()
    dealer = get_user_model().objects.get(username="dealer1")
    round_open(table_id=Table.objects.get(code="RP-1").pk, dealer=dealer)
    page.locator("[data-table='RP-1'] .round", has_text=f"Round {DEMO_ROUNDS + 1}").wait_for()
    screenshot(page, "demo")
