"""A complete round of each game recorded through the tablet app in a real browser, on a
tablet-sized screen, by tapping what the screen shows: the same renderer for all three, and
the settlement the app shows is the one the server wrote.

The site is served by uvicorn from the suite's committed data; the screenshots are what the
dealer sees at each step.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from payouts.models import Settlement
from tests.browser import tablet_app
from tests.browser.tablet_app import PORTRAIT, Hand, Site, tablet_context

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def russian_table(floor: dict[str, Any]) -> Any:
    return tablet_app.russian_table(floor)


def test_a_russian_poker_round_through_the_app(
    hand: Hand,
    users: dict[str, Any],
    russian_table: Any,
    client_for: Callable[[str | None], Any],
    screenshot: Callable[..., Path],
) -> None:
    hand.sign_in("dealer")
    tablet_app.play_russian_round(hand, screenshot)
    settlement = hand.page.locator(".settlement")
    settlement.wait_for()
    screenshot(hand.page, "settlement")
    # Box 3: a straight with Ace-King after its sixth card: the Ante back and the Bet paid 4 to
    # 1 on the straight plus 1 to 1 on Ace-King (RULES 1.13's 30 + 10 + 80 + 20 - fee): its
    # stakes stay on the layout and the winnings are put beside them.
    shown = hand.dues()
    hand.settle()
    screenshot(hand.page, "settled")
    hand.paid()
    settled = Settlement.objects.get(round__table=russian_table)
    assert settled.round.last_event_seq == 17
    paid = {line.box: D(0) for line in settled.lines.all()}
    for line in settled.lines.all():
        paid[line.box] += line.paid_amount
    assert shown["box:3"]["pay"] + shown["box:3"]["stays"] == paid[3]
    assert shown["box:3"]["stays"] == D(30)
    assert paid[2] == D(0) and shown["box:2"]["pay"] == D(0)
    assert shown == tablet_app.settlement_dues(settled.round_id, client_for("auditor"))


def settle_and_check(hand: Hand, table: Any, client: Any) -> Settlement:
    """Settle on the app, then mark it paid: what it showed each box or seat to take, pay and
    leave on the layout is what the settlement says, line by line."""
    shown = hand.dues()
    for key in shown:
        kind, number = key.split(":")
        header = hand.page.locator(f"[data-pay='{key}'] header").inner_text()
        assert tablet_app.times(header, f"{kind.capitalize()} {number}") == 1, header
    hand.settle()
    hand.paid()
    settled = Settlement.objects.get(round__table=table)
    assert shown == tablet_app.settlement_dues(settled.round_id, client)
    return settled


def test_a_ruby_run_hand_through_the_app(
    browser: Any,
    site: Site,
    users: dict[str, Any],
    play_game_at_table: Callable[..., Any],
    client_for: Callable[[str | None], Any],
    screenshot: Callable[..., Path],
) -> None:
    table = play_game_at_table("ruby_run", ante="50", small_blind="0", big_blind="0")
    context = tablet_context(browser, PORTRAIT)
    hand = Hand(context.new_page(), site)
    hand.sign_in("dealer")

    def at(page: Any, step: str) -> None:
        screenshot(page, step)
        if step == "betting":
            tablet_app.each_figure_once(page)
            # The seat decides: none of its actions is the highlighted one, Fold least of all.
            assert page.locator("#screen .action[data-action='fold']").count() >= 1
            assert page.locator("#screen .action.likely").count() == 0

    tablet_app.play_ruby_run_hand(hand, at)
    hand.wait_event(9)
    hand.page.locator(".settlement").wait_for()
    screenshot(hand.page, "settlement")
    settle_and_check(hand, table, client_for("auditor"))
    context.close()


def test_a_red_dog_game_through_the_app(
    hand: Hand,
    users: dict[str, Any],
    play_game_at_table: Callable[..., Any],
    client_for: Callable[[str | None], Any],
    screenshot: Callable[..., Path],
) -> None:
    table = play_game_at_table("red_dog")
    hand.sign_in("dealer")

    def at(page: Any, step: str) -> None:
        screenshot(page, step)
        if step == "betting":
            tablet_app.each_figure_once(page)

    tablet_app.play_red_dog_game(hand, at)
    hand.page.locator(".settlement").wait_for()
    screenshot(hand.page, "settlement")
    # Seat 2's bet won at its turn was paid then: its end pays the final share alone.
    shown = hand.dues()
    # Each seat gets an equal share, seat 2 as well: not its 2.00 won before besides.
    assert shown["seat:2"]["pay"] == shown["seat:1"]["pay"] == D(2)
    assert (
        "Already paid during the game: 2.00"
        in hand.page.locator("[data-pay='seat:2']").inner_text()
    )
    settle_and_check(hand, table, client_for("auditor"))
