"""The chip tray's steps on the dealer's tablet, between rounds, in a real browser: the opener
counted chip by chip, a fill asked of the cage and taken in when it arrives, the closer. The
pit boss's and the cage's steps are taken through the services here (their pages have tests of
their own: ``test_tray_pages``)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from payouts.models import ChipSlip, TrayCount
from payouts.services import slips, trays
from tests.browser.tablet_app import Hand
from tests.payouts.tray.trays import chips_made

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_dealer_counts_the_tray_and_takes_a_fill_in_on_the_tablet(
    hand: Hand,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    chips_made(floor["casino"].pk, users["admin"])
    hand.sign_in("dealer")
    page = hand.page
    page.locator(".tray .tray-shift", has_text="No shift open").wait_for()
    hand.tap("[data-count='opener']")
    page.fill(".chip-form input[data-chip='5.00']", "10")
    for _ in range(4):
        hand.tap(".chip-form [aria-label='one 25.00 chip more']")
    assert page.locator(".tray-total").inner_text() == "150.00"
    screenshot(page, "opener")
    hand.tap("[data-send-chips]")
    page.locator("[data-count-pending]").wait_for()
    opener = TrayCount.objects.get()
    assert (opener.kind, opener.chips, opener.total, opener.counted_by) == (
        "opener",
        {"1.00": 0, "5.00": 10, "25.00": 4, "100.00": 0},
        D("150.00"),
        users["dealer"],
    )

    trays.tray_count_decide(count_id=opener.pk, actor=users["pit_boss"], confirm=True)
    page.reload()
    page.locator(".tray .tray-shift", has_text="Shift open").wait_for()
    hand.tap("[data-ask='fill']")
    hand.tap(".chip-form [aria-label='ten 100.00 chips more']")
    hand.tap("[data-send-chips]")
    page.locator(".tray-slips [data-slip='1']", has_text="waits for the pit boss").wait_for()
    fill = ChipSlip.objects.get()
    assert (fill.kind, fill.amount, fill.requested_by) == ("fill", D("1000.00"), users["dealer"])

    slips.slip_step(slip_id=fill.pk, step="approved", actor=users["pit_boss"])
    slips.slip_step(slip_id=fill.pk, step="issued", actor=users["cage"])
    page.reload()
    page.locator("[data-receive='1']").wait_for()
    screenshot(page, "fill-arrives")
    hand.tap("[data-receive='1']")
    # Its button goes once the slip is received (the button's own words say "received" too).
    page.locator("[data-receive='1']").wait_for(state="detached")
    assert page.locator(".tray-slips [data-slip='1']").inner_text().endswith("· received")
    received = fill.steps.get(step="received")
    assert received.actor == users["dealer"]

    hand.tap("[data-count='closer']")
    page.fill(".chip-form input[data-chip='100.00']", "10")
    page.fill(".chip-form input[data-chip='25.00']", "4")
    page.fill(".chip-form input[data-chip='5.00']", "10")
    hand.tap("[data-send-chips]")
    page.locator("[data-count-pending]", has_text="Closer 1,150.00").wait_for()
    screenshot(page, "closer-waits")
