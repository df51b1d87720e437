"""A dealer deals only the games they are qualified for, in a real browser: a relief by a
dealer not qualified for the table's game is refused at the tablet's PIN pad in the dealer's
words, and the tablet stays as it was, the dealer at the table signed in on the same round.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from casino.core.roles import Role
from casino.identity.pins import pin_set_at_console
from tests.browser import tablet_app
from tests.browser.tablet_app import PINS, Hand
from tests.fixtures import qualify

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_relief_not_qualified_for_the_game_is_refused_at_the_pin_pad_and_the_dealer_deals_on(
    hand: Hand,
    floor: dict[str, Any],
    make_user: Callable[..., Any],
    screenshot: Callable[..., Path],
) -> None:
    from casino.identity.models import DeviceToken
    from tables.models import DealerAssignment, Game

    table = tablet_app.russian_table(floor)
    page = hand.page
    hand.sign_in("dealer")
    hand.open_round()
    round_id = hand.round_id()
    # Qualified for Red Dog alone: not for RP-1's Russian Poker.
    relief = make_user("relief_dealer", Role.DEALER, qualified=False)
    qualify(relief, games=[Game.RED_DOG])
    pin_set_at_console(username="relief_dealer", pin=PINS["relief_dealer"])

    hand.action("place_wagers", 1)
    hand.record()
    hand.cancel()
    hand.wait_event(1)

    page.click("#relieve")
    page.locator("#screen[data-screen='pin'] [data-dealer]").first.wait_for()
    assert "Dealing now: dealer" in page.locator("#screen").inner_text()
    hand.enter_pin("relief_dealer", PINS["relief_dealer"])

    page.locator("#problem [data-code='dealer_not_qualified']").wait_for()
    assert page.locator("#problem").inner_text() == (
        "You are not qualified to deal Russian Poker. Ask the pit boss."
    )
    screenshot(page, "not-qualified")
    assert list(
        DealerAssignment.objects.filter(table=table, ended_at=None).values_list(
            "dealer__username", flat=True
        )
    ) == ["dealer"]
    assert not DeviceToken.objects.filter(user=relief).exists()
    # Back to the round: the dealer there is still signed in and deals on.
    page.get_by_role("button", name="Back to the round").click()
    page.locator("#screen[data-screen='round']").wait_for()
    assert (hand.round_id(), page.locator("#dealer").inner_text()) == (round_id, "dealer")
    hand.action("place_wagers", 2)
    hand.record()
    hand.cancel()
    hand.wait_event(2)
