"""The players at the table on the dealer's tablet, in a real browser, as a dealer works them:
a player without a card seated at two boxes (with a double tap on Seat), a buy-in typed with a
comma and refused for a part of a chip, then sent with a double tap, a card's number that
belongs to an excluded player, a break, and a player leaving. Each thing recorded once, each
refusal in words; the screens at a tablet's two sizes."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from casino.patrons.enrolment import patron_enrol_carded
from casino.patrons.exclusions import exclusion_record
from casino.patrons.models import CashEvent, PlaySession, SessionPause
from casino.patrons.seating import session_seat
from tests.browser.tablet_app import PORTRAIT, WAIT_MS, Hand, double_tap

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_dealer_seats_players_takes_a_buy_in_and_sees_them_leave(
    hand: Hand,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    table = floor["table"]
    table.chip_unit = D(5)
    table.save()
    barred = patron_enrol_carded(
        casino_id=floor["casino"].pk,
        loyalty_number="C-666",
        name="Barred Player",
        date_of_birth=dt.date(1970, 1, 1),
        actor=users["pit_boss"],
    )
    exclusion_record(patron_id=barred.pk, kind="barred", reason="cheating", actor=users["pit_boss"])
    hand.sign_in("dealer")
    page = hand.page
    page.locator(".players .players-none", has_text="Nobody is seated").wait_for()

    # Seated at two boxes, with a double tap on Seat: one player, one session.
    hand.tap("[data-seat-player]")
    hand.tap(".players-form [data-place='2']")
    hand.tap(".players-form [data-place='3']")
    page.fill(".players-form [data-description]", "Tall man, red tie")
    screenshot(page, "seat-form")
    double_tap(hand, "[data-send-places]")
    row = page.locator(".players-list [data-player='2']")
    row.wait_for(timeout=WAIT_MS)
    assert row.locator(".player-place").inner_text() == "Boxes 2, 3"
    assert row.locator(".player-name").inner_text() == "Tall man, red tie"
    session = PlaySession.objects.get()
    assert (session.positions, session.started_by) == ([2, 3], users["dealer"])

    # A buy-in of 12,50 in chips of 5 is refused in words; 500 with a double tap, once.
    hand.tap("[data-buy-in='2']")
    page.fill("[data-cash-amount]", "12,50")
    hand.tap("[data-send-cash]")
    error = page.locator(".players-error")
    error.filter(has_text="whole chips of 5").wait_for(timeout=WAIT_MS)
    assert not CashEvent.objects.exists()
    page.fill("[data-cash-amount]", "500")
    double_tap(hand, "[data-send-cash]")
    row.wait_for(timeout=WAIT_MS)
    [cash] = CashEvent.objects.all()
    assert (cash.kind, cash.amount, cash.recorded_by) == ("buy_in_cash", D(500), users["dealer"])

    # A card whose player is barred: refused in words, nothing written.
    hand.tap("[data-seat-player]")
    hand.tap(".players-form [data-place='1']")
    page.fill(".players-form [data-card]", "C-666")
    hand.tap("[data-send-places]")
    error.filter(has_text="excluded from play").wait_for(timeout=WAIT_MS)
    assert PlaySession.objects.count() == 1
    screenshot(page, "excluded")
    hand.tap(".players-form button.quiet")

    # The player moves to box 4, then back to boxes 2 and 3, in the one visit.
    hand.tap("[data-move='2']")
    hand.tap(".players-form [data-place='4']")
    hand.tap("[data-send-places]")
    row = page.locator(".players-list [data-player='4']")
    row.wait_for(timeout=WAIT_MS)
    hand.tap("[data-move='4']")
    hand.tap(".players-form [data-place='2']")
    hand.tap(".players-form [data-place='3']")
    hand.tap("[data-send-places]")
    row = page.locator(".players-list [data-player='2']")
    row.wait_for(timeout=WAIT_MS)
    assert row.locator(".player-place").inner_text() == "Boxes 2, 3"
    assert PlaySession.objects.values("visit").distinct().count() == 1
    session = PlaySession.objects.get(ended_at=None)

    # Taking chips away: the record's figure beside the count (500 bought in, no play).
    hand.tap("[data-buy-in='2']")
    hand.tap("[data-cash-kind='chips_left_with']")
    page.locator("[data-chips-expected]", has_text="By the record: 500.00").wait_for(
        timeout=WAIT_MS
    )
    hand.tap(".players-form button.quiet")

    # A break, and back.
    hand.tap("[data-pause='2']")
    page.locator(".players-list [data-player='2'] .player-break").wait_for(timeout=WAIT_MS)
    screenshot(page, "on-a-break")
    page.set_viewport_size(PORTRAIT)
    screenshot(page, "on-a-break-portrait")
    hand.tap("[data-resume='2']")
    page.locator(".players-list [data-player='2'] .player-break").wait_for(
        state="detached", timeout=WAIT_MS
    )
    assert SessionPause.objects.get().resumed_at is not None

    # Leaving asks once more, then the boxes are free.
    hand.tap("[data-leave='2']")
    page.locator(
        "[data-confirm-leave='2']", has_text="Tall man, red tie leaves boxes 2, 3"
    ).wait_for()
    double_tap(hand, "[data-confirm-leave='2']")
    page.locator(".players .players-none").wait_for(timeout=WAIT_MS)
    session.refresh_from_db()
    assert session.ended_by == users["dealer"]
    assert session.ratings.count() == 1

    # A player the pit boss seats from the board shows on the tablet as it happens.
    session_seat(
        table_id=table.pk, positions=[4], description="Green jacket", actor=users["pit_boss"]
    )
    page.locator(".players-list [data-player='4']", has_text="Green jacket").wait_for(
        timeout=WAIT_MS
    )
