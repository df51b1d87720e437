"""A complete round of each game recorded through the tablet app in a real browser, on a
tablet-sized screen, by tapping what the screen shows: the same renderer for all three, and
the settlement the app shows is the one the server wrote.

The site is served by uvicorn from the suite's committed data; the screenshots are what the
dealer sees at each step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from payouts.models import Settlement
from tests.browser.tablet_app import PORTRAIT, Hand, Site, site, tablet_context  # noqa: F401
from tests.russian_round import BOXES, DEALER_DOWN, DEALER_UP

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def russian_table(floor: dict[str, Any]) -> Any:
    """RP-1 with the demo floor's paytables."""
    from casino.demo.floor import RUSSIAN_BONUS_PAYTABLE, RUSSIAN_MAIN_PAYTABLE, _paytable
    from tables.models import Game
    from tests.fixtures import use_paytables

    table = floor["table"]
    main = _paytable("std", Game.RUSSIAN_POKER, "main", RUSSIAN_MAIN_PAYTABLE, house_edge=None)
    bonus = _paytable("aragon", Game.RUSSIAN_POKER, "bonus", RUSSIAN_BONUS_PAYTABLE, house_edge=None)
    use_paytables(table, main, bonus)
    return table


@pytest.fixture
def hand(browser: Any, site: Site) -> Iterator[Hand]:
    context = tablet_context(browser)
    try:
        yield Hand(context.new_page(), site)
    finally:
        context.close()


def play_russian_round(hand: Hand, screenshot: Callable[..., Path] | None = None) -> None:
    """The four-box round of ``tests.russian_round``, with box 1 exchanging two cards first:
    wagers, no more bets, the deal, the decisions, the dealer's cards; stops at the settlement."""
    shot = screenshot or (lambda page, name: None)
    hand.open_round()
    shot(hand.page, "open")
    # Box 1's wagers; the app opens the next box's at once, with the same stake.
    hand.action("place_wagers", 1)
    shot(hand.page, "wager-form")
    hand.record()
    for _ in (2, 3, 4):
        hand.record()
    hand.wait_event(4)
    hand.action("close_bets")
    hand.wait_event(5)
    # The deal: box 1's five cards, then the app opens each next box's picker by itself.
    hand.action("deal_box", 1)
    for number, cards in BOXES.items():
        hand.cards(*cards.split())
        if number == 2:
            shot(hand.page, "picker")
    hand.wait_event(9)
    hand.action("deal_card")
    hand.cards(DEALER_UP)
    hand.wait_event(10)
    shot(hand.page, "decisions")
    hand.action("exchange", position="box:1")
    hand.cards("7c", "3s")
    hand.done()
    hand.cards("Kc", "9h")
    hand.done()
    hand.wait_event(11)
    hand.action("bet", position="box:1")
    hand.action("fold", position="box:2")
    hand.action("buy_sixth_card", position="box:3")
    hand.cards("Ah")
    hand.wait_event(14)
    hand.action("bet", position="box:3")
    hand.action("bet", position="box:4")
    hand.wait_event(16)
    hand.action("reveal_dealer")
    hand.cards(*DEALER_DOWN.split())
    hand.wait_event(17)


def test_a_russian_poker_round_through_the_app(
    hand: Hand, users: dict[str, Any], russian_table: Any, screenshot: Callable[..., Path]
) -> None:
    hand.sign_in("dealer")
    play_russian_round(hand, screenshot)
    settlement = hand.page.locator(".settlement")
    settlement.wait_for()
    screenshot(hand.page, "settlement")
    # Box 3: a straight with Ace-King after its sixth card: the Ante back and the Bet paid 4 to
    # 1 on the straight plus 1 to 1 on Ace-King (RULES 1.13's 30 + 10 + 80 + 20 - fee).
    pay3 = settlement.locator("[data-pay='box:3'] .to-pay strong").inner_text()
    hand.tap("[data-settle]")
    hand.page.locator("[data-next-round]").wait_for()
    screenshot(hand.page, "settled")
    settled = Settlement.objects.get(round__table=russian_table)
    assert settled.round.last_event_seq == 17
    paid = {line.box: D(0) for line in settled.lines.all()}
    for line in settled.lines.all():
        paid[line.box] += line.paid_amount
    assert D(pay3.replace(",", "")) == paid[3]
    assert paid[2] == D(0)
