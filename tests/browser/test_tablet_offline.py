"""The tablet app when the casino's network drops: entries made offline wait in the browser's
queue (IndexedDB), survive a reload, and are sent in order once the network is back, each
applied once; a queue drained by two tabs at once, or an entry retried after its answer was
lost, applies each entry once; a refused entry stops the queue with the server's reason.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from payouts.models import Settlement
from tables.services.rounds import round_act
from tests.browser import tablet_app
from tests.browser.tablet_app import Hand, Site, app_is_kept_offline, events_of, hand, site  # noqa: F401
from tests.browser.tablet_app import tablet_context
from tests.russian_round import BOXES, DEALER_DOWN, DEALER_UP

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def russian_table(floor: dict[str, Any]) -> Any:
    return tablet_app.russian_table(floor)


def wagers_and_no_more_bets(hand: Hand) -> None:
    hand.open_round()
    hand.action("place_wagers", 1)
    for _ in range(4):
        hand.record()
    hand.action("close_bets")
    hand.wait_event(5)


def test_a_round_entered_offline_survives_a_reload_and_is_applied_once(
    hand: Hand,
    users: dict[str, Any],
    russian_table: Any,
    client_for: Callable[[str | None], Any],
    screenshot: Callable[..., Path],
) -> None:
    page = hand.page
    hand.sign_in("dealer")
    app_is_kept_offline(page)
    wagers_and_no_more_bets(hand)
    round_id = hand.round_id()
    # The network drops in the middle of the deal: the dealer deals on.
    page.context.set_offline(True)
    hand.action("deal_box", 1)
    for cards in list(BOXES.values())[:2]:
        hand.cards(*cards.split())
    page.locator("#connection[data-state='offline']").wait_for()
    hand.wait_waiting(2)
    assert "Offline · 2 entries waiting" in page.locator("#connection").inner_text()
    # Box 3's picker is open: the cards entered offline are out of it already.
    assert page.locator("#picker [data-card='8h']").get_attribute("aria-disabled") == "true"
    screenshot(page, "offline-picker")
    # The tablet is reloaded while offline: the app comes back from its service worker, with
    # its queue, and the dealer deals the last two boxes and the dealer's up card.
    page.reload()
    page.locator("#connection[data-state='offline']").wait_for()
    assert hand.waiting() == 2
    assert page.locator(".waiting .entry").count() == 2
    hand.action("deal_box", 3)
    for cards in list(BOXES.values())[2:]:
        hand.cards(*cards.split())
    hand.action("deal_card", "dealer")
    hand.cards(DEALER_UP)
    hand.wait_waiting(5)
    screenshot(page, "offline-reloaded")
    # Nothing reached the server meanwhile.
    assert len(events_of(round_id, client_for("auditor"))) == 5
    # The network is back: the five are sent in order, once each.
    page.context.set_offline(False)
    hand.wait_event(10)
    screenshot(page, "back-online")
    events = events_of(round_id, client_for("auditor"))
    assert [e["seq"] for e in events] == list(range(1, 11))
    assert [(e["kind"], e["payload"]) for e in events[5:]] == [
        *(("box_dealt", {"box": box, "cards": cards.split()}) for box, cards in BOXES.items()),
        ("card_dealt", {"card": DEALER_UP, "target": "dealer"}),
    ]
    # The rest of the round online, and the settlement is the round's.
    hand.action("bet", position="box:1")
    hand.action("fold", position="box:2")
    hand.action("buy_sixth_card", position="box:3")
    hand.cards("Ah")
    hand.action("bet", position="box:3")
    hand.action("bet", position="box:4")
    hand.action("reveal_dealer")
    hand.cards(*DEALER_DOWN.split())
    hand.page.locator("[data-settle]").wait_for()
    hand.tap("[data-settle]")
    hand.page.locator("[data-next-round]").wait_for()
    assert len(events_of(round_id, client_for("auditor"))) == 16
    settlement = Settlement.objects.get(round_id=round_id)
    # RULES 1.13 as tests/russian_round plays it: the house pays 120 net on 110 staked.
    assert (settlement.total_staked, settlement.house_result) == (D(110), D(-120))
