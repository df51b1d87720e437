"""A tablet paired with its table and its dealers rotating on it by PIN, in a real browser: the
pit boss pairs it on the page, the dealer signs in on the PIN pad, a relief in the middle of a
round (the next event names the new dealer), a wrong PIN refused in words, a revoked tablet told
to be paired again.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from casino.identity.pins import pin_set_at_console
from tables.services.tablets import tablet_revoke
from tests.browser import tablet_app
from tests.browser.tablet_app import PINS, Hand, events_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def russian_table(floor: dict[str, Any]) -> Any:
    return tablet_app.russian_table(floor)


def test_a_pit_boss_pairs_the_tablet_and_a_dealer_signs_in_by_pin(
    hand: Hand, users: dict[str, Any], russian_table: Any, screenshot: Callable[..., Path]
) -> None:
    from tables.models import Tablet

    page = hand.page
    hand.open_app()
    page.locator("[data-unpaired='not paired']").wait_for()
    screenshot(page, "unpaired")
    page.click("a.button")
    # Signed out: the pairing page asks for the pit boss's sign-in first, and comes back.
    page.fill("input[name=username]", "pit_boss")
    page.fill("input[name=password]", "pw-pit_boss")
    page.click("button[type=submit]")
    page.locator("#pair select").wait_for()
    # Only the pit boss's own pit's table is offered.
    assert page.locator("#pair option").all_inner_texts() == ["RP-1 · Russian Poker · Pit A"]
    # Both fields are as large to tap as each other, the table's list too.
    field_heights = [
        page.locator(f"#pair [name={name}]").bounding_box()["height"] for name in ("table", "name")
    ]
    assert min(field_heights) >= 40 and abs(field_heights[0] - field_heights[1]) < 1, field_heights
    page.fill("#pair input[name=name]", "RP-1 left")
    screenshot(page, "pair")
    page.click("#pair button[type=submit]")
    page.locator("#screen[data-screen='pin']").wait_for()
    tablet = Tablet.objects.get(table=russian_table)
    assert tablet.name == "RP-1 left"
    # The pit boss's session was ended: the tablet is signed in as a tablet only.
    assert page.context.cookies() == [] or all(
        c["name"] != "sessionid" for c in page.context.cookies()
    )
    pin_set_at_console(username="dealer", pin=PINS["dealer"])
    # A wrong PIN first: refused, in words.
    hand.enter_pin("dealer", "0000")
    page.locator("#problem [data-code='pin_wrong']").wait_for()
    assert "Wrong user name or PIN" in page.locator("#problem").inner_text()
    screenshot(page, "pin-wrong")
    hand.enter_pin("dealer", PINS["dealer"])
    page.locator("[data-open-round]").wait_for()
    assert page.locator("#dealer").inner_text() == "dealer"
    screenshot(page, "signed-in")


def test_a_tap_on_pair_before_the_page_s_script_has_run_does_nothing_and_two_then_pair_once(
    hand: Hand, users: dict[str, Any], russian_table: Any
) -> None:
    """On a slow network the form is on screen before its script: a tap then must not submit
    the form as plain HTML (a reload of the pairing page with the fields in its address, the
    tablet left unpaired) but wait for the script."""
    from tables.models import Tablet

    page = hand.page
    held: list[Any] = []
    page.route("**/surfaces/tablet/pair.js", lambda route: held.append(route))
    hand.open_app()
    page.click("a.button")
    page.fill("input[name=username]", "pit_boss")
    page.fill("input[name=password]", "pw-pit_boss")
    page.click("button[type=submit]")
    pair = page.locator("#pair button[type=submit]")
    pair.wait_for()
    assert held, "the pairing page's script was asked for"
    assert pair.is_disabled()
    # A tap that does not wait to be let through, as a finger does not.
    pair.click(force=True)
    page.wait_for_timeout(500)
    assert "?" not in page.url, page.url
    assert page.locator("#pair").count() == 1
    held[0].continue_()
    # Two quick taps once it works: one tablet paired.
    page.dblclick("#pair button[type=submit]")
    page.locator("#screen[data-screen='pin']").wait_for()
    assert Tablet.objects.filter(table=russian_table).count() == 1


def test_a_dealer_rotation_in_the_middle_of_a_round(
    hand: Hand,
    users: dict[str, Any],
    russian_table: Any,
    make_user: Callable[..., Any],
    client_for: Callable[[str | None], Any],
    screenshot: Callable[..., Path],
) -> None:
    from casino.core.roles import Role

    make_user("relief_dealer", Role.DEALER)
    page = hand.page
    hand.sign_in("dealer")
    hand.open_round()
    round_id = hand.round_id()
    hand.action("place_wagers", 1)
    hand.record()
    hand.cancel()
    hand.wait_event(1)
    # The relief arrives: the incoming dealer signs in on the same tablet, mid-round.
    page.click("#relieve")
    page.locator("#screen[data-screen='pin']").wait_for()
    assert "Dealing now: dealer" in page.locator("#screen").inner_text()
    screenshot(page, "relief-pin")
    pin_set_at_console(username="relief_dealer", pin=PINS["relief_dealer"])
    hand.enter_pin("relief_dealer", PINS["relief_dealer"])
    # Back on the same round, where it was, with the new dealer named.
    page.locator("#screen[data-screen='round']").wait_for()
    assert hand.round_id() == round_id
    assert page.locator("#dealer").inner_text() == "relief_dealer"
    hand.action("place_wagers", 2)
    hand.record()
    hand.cancel()
    hand.wait_event(2)
    screenshot(page, "relieved")
    events = events_of(round_id, client_for("auditor"))
    assert [(e["seq"], e["actor"]) for e in events] == [(1, "dealer"), (2, "relief_dealer")]
    # The dealer relieved at this tablet quick-picks on the next rotation.
    page.click("#relieve")
    page.locator("#screen[data-screen='pin'] [data-dealer]").first.wait_for()
    assert page.locator("#screen [data-dealer]").all_inner_texts() == ["relief_dealer", "dealer"]


def test_a_revoked_tablet_must_be_paired_again(
    hand: Hand, users: dict[str, Any], russian_table: Any, screenshot: Callable[..., Path]
) -> None:
    page = hand.page
    hand.sign_in("dealer")
    tablet_revoke(tablet_id=hand.tablet.pk, actor=users["pit_boss"], reason="lost")
    page.reload()
    page.locator("[data-unpaired='tablet_revoked']").wait_for()
    assert "revoked" in page.locator("#screen").inner_text()
    assert page.locator("#relieve").is_hidden()
    screenshot(page, "revoked")


def test_the_first_dealer_at_a_fresh_tablet_taps_their_name_instead_of_typing_it(
    hand: Hand, users: dict[str, Any], russian_table: Any, screenshot: Callable[..., Path]
) -> None:
    """A tablet just paired has seen no one sign in: the table's dealer is offered by name, one
    tap, so nobody types a name on the keyboard over the PIN pad."""
    hand.pair(russian_table)
    pin_set_at_console(username="dealer", pin=PINS["dealer"])
    page = hand.page
    page.locator("#screen[data-screen='pin']").wait_for()
    names = page.locator("#screen [data-dealer]")
    names.first.wait_for()
    assert names.all_inner_texts() == ["dealer"]
    screenshot(page, "names")
    hand.tap("#screen [data-dealer='dealer']")
    assert page.locator("#screen input[name=username]").input_value() == "dealer"
    for digit in PINS["dealer"]:
        hand.tap(f"#screen [data-digit='{digit}']")
    hand.tap("#screen [data-sign-in]")
    page.locator("#screen [data-open-round]").wait_for()
    assert page.locator("#dealer").inner_text() == "dealer"


def test_at_a_table_nobody_deals_at_a_fresh_tablet_offers_every_dealer_by_name(
    hand: Hand,
    floor: dict[str, Any],
    make_user: Callable[..., Any],
    screenshot: Callable[..., Path],
) -> None:
    """No dealer at the table, nobody signed in at the tablet yet: the names offered are the
    dealers who hold a PIN, so the first one taps a name rather than typing it."""
    from casino.core.roles import Role
    from tables.models import Box, Table, TableStatus

    rp1 = floor["table"]
    table = Table.objects.create(
        pit=rp1.pit,
        code="RP-7",
        game=rp1.game,
        status=TableStatus.OPEN,
        ante_min=rp1.ante_min,
        ante_max=rp1.ante_max,
        max_table_payout=rp1.max_table_payout,
        rule_set=rp1.rule_set,
        boxes=4,
    )
    Box.objects.bulk_create(Box(table=table, number=n) for n in range(1, 5))
    make_user("relief_dealer", Role.DEALER)
    for name in ("relief_dealer", "dealer"):
        pin_set_at_console(username=name, pin=PINS["dealer"])
    hand.pair(table)
    page = hand.page
    names = page.locator("#screen [data-dealer]")
    names.first.wait_for()
    assert names.all_inner_texts() == ["dealer", "relief_dealer"]
    screenshot(page, "names-at-a-table-without-a-dealer")
    hand.tap("#screen [data-dealer='relief_dealer']")
    for digit in PINS["dealer"]:
        hand.tap(f"#screen [data-digit='{digit}']")
    hand.tap("#screen [data-sign-in]")
    page.locator("#dealer", has_text="relief_dealer").wait_for()
