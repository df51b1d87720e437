"""The tablet as a dealer works it at a live table, not as the code expects: a double tap on
Settle and on Paid, a reload before Paid, Back in the middle of a round, the last round's
values not coming back by themselves, a wrong count of replacement cards, an undo decided by a
pit boss at the tablet, and the next action on screen without scrolling in both orientations.

Where the round's setting-up is not what is tested, it is recorded through the API with the
dealer's own sign-in (``tests.tables.tablet.Tablet``); the app then finds the round as a
tablet that crashed would.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from casino.identity.pins import pin_set_at_console
from payouts.models import Settlement
from tables.models import PayoutsConfirmation, Round
from tests.browser import tablet_app
from tests.browser.tablet_app import (
    LANDSCAPE,
    PORTRAIT,
    WAIT_MS,
    Hand,
    Site,
    double_tap,
    tablet_context,
)
from tests.russian_round import FOUR_BOX_ROUND
from tests.tables.tablet import Tablet

pytestmark = pytest.mark.django_db(transaction=True)

#: The tray's words once its opener is confirmed (not "No shift open").
SHIFT_OPEN = re.compile(r"^Shift open")


@pytest.fixture
def russian_table(floor: dict[str, Any]) -> Any:
    return tablet_app.russian_table(floor)


def round_played_through_the_api(table: Any, client: Any, upto: int | None = None) -> Tablet:
    """``FOUR_BOX_ROUND`` recorded with the dealer's sign-in (its first ``upto`` actions)."""
    tablet = Tablet.open(client, table.pk)
    for action, fields in FOUR_BOX_ROUND[:upto]:
        tablet.act(action, **fields)
    return tablet


def test_two_taps_on_settle_settle_once_and_the_payout_screen_stays_until_paid(
    hand: Hand,
    users: dict[str, Any],
    russian_table: Any,
    client_for: Callable[[str | None], Any],
    screenshot: Callable[..., Path],
) -> None:
    played = round_played_through_the_api(russian_table, client_for("dealer"))
    hand.sign_in("dealer")
    double_tap(hand, "#screen [data-settle]")
    # Settled, whatever the taps did next: the screen to pay from, or a next round's button,
    # or the next round's actions.
    after = "#screen [data-paid], #screen [data-next-round], #screen .action"
    hand.page.locator(after).first.wait_for(timeout=WAIT_MS)
    screenshot(hand.page, "settled-after-double-tap")
    # One settlement, no round opened, and the payout screen still there to pay from.
    assert Settlement.objects.filter(round__table=russian_table).count() == 1
    assert Round.objects.filter(table=russian_table).count() == 1
    hand.page.locator("#screen [data-paid]").wait_for(timeout=WAIT_MS)
    assert hand.page.locator("#screen [data-pay]").count() == 4
    shown = hand.dues()
    assert shown == tablet_app.settlement_dues(played.round_id, client_for("auditor"))

    # A reload before Paid lands on the same payout screen, figures and all.
    hand.page.reload()
    hand.page.locator("#screen [data-paid]").wait_for(timeout=WAIT_MS)
    assert hand.dues() == shown

    double_tap(hand, "#screen [data-paid]")
    hand.page.locator("#screen [data-open-round]").wait_for(timeout=WAIT_MS)
    # "Paid" sent (the table is between rounds as soon as it is tapped).
    hand.wait_waiting(0)
    assert PayoutsConfirmation.objects.filter(round__table=russian_table).count() == 1
    assert Round.objects.filter(table=russian_table).count() == 1


def test_back_in_the_middle_of_a_round_stays_on_the_round(
    hand: Hand, users: dict[str, Any], russian_table: Any
) -> None:
    page = hand.page
    # Paired on the page, as a pit boss does it: the sign-in page and the pairing page are
    # behind the app in the browser's history.
    hand.open_app()
    page.click("a.button")
    page.fill("input[name=username]", "pit_boss")
    page.fill("input[name=password]", "pw-pit_boss")
    page.click("button[type=submit]")
    page.locator("#pair select").wait_for()
    page.click("#pair button[type=submit]")
    page.locator("#screen[data-screen='pin']").wait_for()
    pin_set_at_console(username="dealer", pin=tablet_app.PINS["dealer"])
    hand.enter_pin("dealer", tablet_app.PINS["dealer"])
    hand.open_round()
    hand.action("place_wagers", 1)
    hand.record()
    hand.wait_event(1)
    round_id = hand.round_id()
    hand.page.keyboard.press("Escape")
    page.go_back()
    # Still the app, on the same round; the history never reaches the sign-in page.
    page.locator(f"#screen[data-round='{round_id}'] .phase").wait_for(timeout=WAIT_MS)
    assert page.url.endswith("/tablet/"), page.url
    page.go_back()
    page.locator(f"#screen[data-round='{round_id}'] .phase").wait_for(timeout=WAIT_MS)
    assert page.locator("input[name=password]").count() == 0


def test_the_last_round_s_values_come_back_only_when_asked(
    hand: Hand, users: dict[str, Any], russian_table: Any, client_for: Callable[[str | None], Any]
) -> None:
    hand.sign_in("dealer")
    hand.open_round()
    hand.action("place_wagers", 1)
    hand.fill("ante", "20")
    hand.chip("bonus", "5.00")
    hand.record()
    hand.wait_event(1)
    hand.cancel()
    # The rest of the round elsewhere, then settled and paid there.
    tablet = Tablet(client_for("dealer"), hand.round_id())
    tablet.seen = 1
    for action, fields in FOUR_BOX_ROUND[1:]:
        if (action, fields) == ("bet", {"box": 1}):
            # Box 1's pair of eights: its bonus is declared before its decision.
            tablet.act("declare_bonus", box=1)
        tablet.act(action, **fields)
    tablet.settle()
    tablet.paid()
    hand.page.reload()

    hand.open_round()
    hand.action("place_wagers", 1)
    form = hand.page.locator("#form[open]")
    form.locator("h2", has_text="Box 1").wait_for(timeout=WAIT_MS)
    # The Ante starts at the table's minimum, the bonus empty: neither is last round's.
    # The chip entry says the table's limits for each amount.
    for field in ("ante", "bonus"):
        bounds = form.locator(f"[data-field='{field}'] [data-bounds]").inner_text()
        assert "min " in bounds and "max " in bounds, (field, bounds)
    ante = form.locator("[data-field='ante'] input").first.input_value()
    assert ante not in ("20", "20.00"), ante
    assert form.locator("[data-field='bonus'] input").first.input_value() == ""
    hand.cancel()
    # One tap repeats it, and says what it repeats.
    repeat = hand.page.locator("#screen [data-repeat]")
    assert "Box 1 20.00 + bonus 5.00" in repeat.inner_text()


def test_a_bonus_above_the_table_s_maximum_is_refused_at_the_chip_entry_naming_the_maximum(
    hand: Hand, users: dict[str, Any], russian_table: Any, client_for: Callable[[str | None], Any]
) -> None:
    russian_table.bonus_max = D(2500)
    russian_table.save(update_fields=["bonus_max"])
    hand.sign_in("dealer")
    hand.open_round()
    hand.action("place_wagers", 1)
    form = hand.page.locator("#form[open]")
    form.locator("h2", has_text="Box 1").wait_for(timeout=WAIT_MS)
    assert "max 2,500.00" in form.locator("[data-field='bonus'] [data-bounds]").inner_text()
    # A bonus typed above the maximum: the words say the maximum and its amount, and nothing
    # is sent.
    hand.fill("bonus", "50000")
    hand.record()
    problem = form.locator(".form-problem")
    assert problem.inner_text() == "bonus: 50,000.00 is above the table's maximum of 2,500.00"
    assert hand.waiting() == 0
    assert Round.objects.get(pk=hand.round_id()).last_event_seq == 0
    # The maximum itself is taken.
    hand.fill("bonus", "2500")
    hand.record()
    hand.wait_event(1)
    placed = tablet_app.events_of(hand.round_id(), client_for("auditor"))[-1]["payload"]
    assert D(placed["bonus"]) == D(2500)


def test_a_wrong_count_of_replacements_is_refused_on_the_tablet_with_the_count_expected(
    hand: Hand, users: dict[str, Any], russian_table: Any, client_for: Callable[[str | None], Any]
) -> None:
    # Up to the dealer's up card: box 1 may exchange.
    played = round_played_through_the_api(russian_table, client_for("dealer"), upto=10)
    hand.sign_in("dealer")
    hand.action("exchange", position="box:1")
    hand.picker_for("Box 1")
    hand.own("7c", "3s")
    hand.cards("Kc")
    hand.done()
    refusal = hand.page.locator("#picker .picker-refusal")
    assert "2 expected" in refusal.inner_text() and "1 chosen" in refusal.inner_text()
    # Nothing was sent.
    assert Round.objects.get(pk=played.round_id).last_event_seq == 10
    assert hand.waiting() == 0


def test_an_undo_asked_at_the_tablet_is_approved_there_by_a_pit_boss_s_pin(
    hand: Hand,
    users: dict[str, Any],
    russian_table: Any,
    client_for: Callable[[str | None], Any],
    screenshot: Callable[..., Path],
) -> None:
    pin_set_at_console(username="pit_boss", pin="9135")
    hand.sign_in("dealer")
    tablet_app.two_wagers_then_ask(hand, "undo")
    # Nothing is offered to record while it waits.
    assert hand.page.locator("#screen .action[data-action='place_wagers']").count() == 0
    screenshot(hand.page, "undo-waiting")
    hand.tap("#screen [data-decide-here]")
    hand.page.locator("#form [data-pin]").wait_for(timeout=WAIT_MS)
    hand.page.locator("#form input[name=username]").fill("pit_boss")
    for digit in "9135":
        hand.tap(f"#form [data-digit='{digit}']")
    hand.tap("#form [data-decide='approve']")
    hand.page.locator("#notice:not([hidden])").wait_for(timeout=WAIT_MS)
    hand.page.locator("#screen [data-pending-request]").wait_for(state="detached")
    # Box 2's wagers are undone: the box is offered again, box 1 not.
    hand.page.locator("#screen .action[data-action='place_wagers'] [data-choice='2']").wait_for(
        timeout=WAIT_MS
    )
    assert (
        hand.page.locator("#screen .action[data-action='place_wagers'] [data-choice='1']").count()
        == 0
    )
    events = tablet_app.events_of(hand.round_id(), client_for("auditor"))
    assert [e["kind"] for e in events][-1] == "retraction"


#: The buttons of the next action on each screen, which must be in view without scrolling.
NEXT_IN_VIEW = """() => {
  const dialog = document.querySelector("dialog[open]");
  const root = dialog || document.getElementById("screen");
  const wanted = dialog
    ? [...root.querySelectorAll("[data-record], [data-picker='done'], .card-grid [data-card]")]
    : [...root.querySelectorAll(
        ".actions .action:not(.aid) button, [data-settle], [data-paid], [data-open-round]")];
  return {
    scrolled: window.scrollY,
    height: window.innerHeight,
    width: window.innerWidth,
    out: wanted.filter((n) => n.offsetParent !== null).map((n) => {
      const r = n.getBoundingClientRect();
      return { what: n.outerHTML.slice(0, 80), top: r.top, bottom: r.bottom,
               left: r.left, right: r.right };
    }).filter((r) => r.top < 0 || r.bottom > window.innerHeight
                     || r.left < 0 || r.right > window.innerWidth),
    count: wanted.length,
  };
}"""


@pytest.mark.parametrize("viewport", [LANDSCAPE, PORTRAIT], ids=["1024x768", "768x1024"])
def test_the_next_actions_are_in_view_without_scrolling(
    browser: Any,
    site: Site,
    users: dict[str, Any],
    russian_table: Any,
    viewport: dict[str, int],
    screenshot: Callable[..., Path],
) -> None:
    context = tablet_context(browser, viewport)
    hand = Hand(context.new_page(), site)
    seen: list[str] = []

    def measure(page: Any, name: str) -> None:
        found = page.evaluate(NEXT_IN_VIEW)
        screenshot(page, f"{viewport['width']}-{name}")
        assert found["count"] > 0, name
        assert found["scrolled"] == 0 and found["out"] == [], (name, found)
        seen.append(name)

    hand.sign_in("dealer")
    measure(hand.page, "between")
    tablet_app.play_russian_round(hand, measure)
    measure(hand.page, "settle")
    hand.settle()
    measure(hand.page, "paid")
    hand.paid()
    measure(hand.page, "next")
    assert seen == [
        "between",
        "open",
        "wager-form",
        "picker",
        "decisions",
        "settle",
        "paid",
        "next",
    ]
    context.close()


#: Each pot game's round, played by tapping, and the steps it measures on the way.
POT_GAMES = {
    "ruby_run": (
        {"ante": "50", "small_blind": "0", "big_blind": "0"},
        tablet_app.play_ruby_run_hand,
        ["open", "seating", "picker", "betting"],
    ),
    "red_dog": (
        {},
        tablet_app.play_red_dog_game,
        [
            "open",
            "seating",
            "picker",
            "betting",
            *(f"seat-{seat}-{form}" for seat in (1, 2, 3) for form in ("bet", "turn")),
            "between-hands",
        ],
    ),
}


@pytest.mark.parametrize("viewport", [LANDSCAPE, PORTRAIT], ids=["1024x768", "768x1024"])
@pytest.mark.parametrize("game", list(POT_GAMES))
def test_the_next_actions_of_the_pot_games_are_in_view_without_scrolling(
    browser: Any,
    site: Site,
    users: dict[str, Any],
    play_game_at_table: Callable[..., Any],
    game: str,
    viewport: dict[str, int],
    screenshot: Callable[..., Path],
) -> None:
    """Ruby Run and Red Dog at an eight-seat table, as Russian Poker above: the next actions,
    the form's Record, the picker's cards, Settle and Paid on screen at every step."""
    settings, play, steps = POT_GAMES[game]
    play_game_at_table(game, **settings)
    context = tablet_context(browser, viewport)
    hand = Hand(context.new_page(), site)
    seen: list[str] = []

    def measure(page: Any, name: str) -> None:
        found = page.evaluate(NEXT_IN_VIEW)
        screenshot(page, f"{viewport['width']}-{name}")
        assert found["count"] > 0, name
        assert found["scrolled"] == 0 and found["out"] == [], (name, found)
        seen.append(name)

    hand.sign_in("dealer")
    measure(hand.page, "between")
    play(hand, measure)
    measure(hand.page, "settle")
    hand.settle()
    measure(hand.page, "paid")
    hand.paid()
    measure(hand.page, "next")
    assert seen == ["between", *steps, "settle", "paid", "next"]
    context.close()


def test_the_tray_is_on_the_payout_screen_and_follows_the_pit_without_a_reload(
    hand: Hand,
    floor: dict[str, Any],
    users: dict[str, Any],
    russian_table: Any,
    client_for: Callable[[str | None], Any],
    screenshot: Callable[..., Path],
) -> None:
    from payouts.models import TrayCount
    from payouts.services import trays
    from tests.payouts.tray.trays import chips_made

    chips_made(floor["casino"].pk, users["admin"])
    round_played_through_the_api(russian_table, client_for("dealer"))
    hand.sign_in("dealer")
    hand.settle()
    page = hand.page
    # Settled, the tray is there while the layout is paid.
    page.locator("#screen .payout .tray .tray-shift", has_text="No shift open").wait_for(
        timeout=WAIT_MS
    )
    # The opener counted (on another tablet of the table) and confirmed by the pit boss: the
    # screen follows each step, with no reload.
    opener = trays.tray_count_enter(
        table_id=russian_table.pk, kind="opener", chips={"5.00": 10}, actor=users["dealer"]
    )
    page.locator("#screen .tray [data-count-pending]").wait_for(timeout=WAIT_MS)
    trays.tray_count_decide(count_id=opener.pk, actor=users["pit_boss"], confirm=True)
    page.locator("#screen .tray .tray-shift", has_text=SHIFT_OPEN).wait_for(timeout=WAIT_MS)
    screenshot(page, "payout-with-tray")
    # The tablet only followed: the one count is the one entered.
    assert TrayCount.objects.get().pk == opener.pk
    hand.paid()
    page.locator("#screen .between .tray .tray-shift", has_text=SHIFT_OPEN).wait_for(
        timeout=WAIT_MS
    )


def test_the_issue_s_full_round_and_the_next_one_repeated_in_one_tap(
    hand: Hand,
    users: dict[str, Any],
    russian_table: Any,
    client_for: Callable[[str | None], Any],
    screenshot: Callable[..., Path],
) -> None:
    """Four boxes, one blind, a bonus, an exchange of two cards, insurance, a sixth card, a
    fold, a dealer without a game and a box buying one: the payout screen's figures are the
    settlement's; the next round's wagers are the last round's in one tap."""
    hand.sign_in("dealer")
    tablet_app.play_full_round(hand)
    screenshot(hand.page, "full-round-payouts")
    # The dealer's hand the boxes were settled against: after the game bought, with its
    # replacement.
    final = hand.page.locator("#screen [data-final-cards] [data-group='dealer_after_replacement']")
    assert final.locator(f"[data-card='{tablet_app.FULL_REPLACEMENT}']").count() == 1
    first = hand.round_id()
    shown = hand.dues()
    hand.settle()
    assert shown == tablet_app.settlement_dues(first, client_for("auditor"))
    hand.paid()
    tablet_app.play_full_round(hand, repeat=True)
    second = hand.round_id()
    assert second != first
    hand.settle()
    assert hand.dues() == tablet_app.settlement_dues(second, client_for("auditor"))
    wagers = [
        e["payload"]
        for e in tablet_app.events_of(second, client_for("auditor"))
        if e["kind"] == "wagers_placed"
    ]
    assert wagers == [
        e["payload"]
        for e in tablet_app.events_of(first, client_for("auditor"))
        if e["kind"] == "wagers_placed"
    ]
