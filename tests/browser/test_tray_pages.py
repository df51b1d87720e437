"""The chip tray's steps in a real browser: the pit boss confirms counts and approves a fill in
the pit board's table detail; the cage issues it, counts the shift's drop and, as a second
person, confirms it on the cage's page; the shift's reconciliation then shows on the board.
The dealer's steps (the counts, the fill's request and receipt) are taken through the
services here, as the tablet would."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from casino.core.roles import Role
from casino.patrons.cash import cash_record
from casino.patrons.seating import session_seat
from payouts.models import ChipSlip, DropCount, ShiftReconciliation, TrayCount
from payouts.services import slips, trays
from tests.browser.site import Site
from tests.browser.test_pit_board import sign_in
from tests.payouts.tray.trays import chips_made

pytestmark = pytest.mark.django_db(transaction=True)

OPENER = {"5.00": 100, "25.00": 40}


@contextlib.contextmanager
def cage_page(site: Site, browser: Any) -> Iterator[Any]:
    """The cage's page at a desk's size, signed in as the cage, its streams live; closed on
    exit."""
    cage = browser.new_context(viewport={"width": 1440, "height": 900})
    page = cage.new_page()
    try:
        sign_in(page, site, "cage")
        page.goto(f"{site.url}/cage/")
        page.wait_for_function("document.getElementById('connection')?.dataset.state === 'live'")
        yield page
    finally:
        cage.close()


def shift_with_opener(floor: dict[str, Any], users: dict[str, Any]) -> Any:
    """The floor's table with the casino's chips made and its opener entered and confirmed:
    a shift open. Answers the opener (its id names the shift)."""
    chips_made(floor["casino"].pk, users["admin"])
    opener = trays.tray_count_enter(
        table_id=floor["table"].pk, kind="opener", chips=OPENER, actor=users["dealer"]
    )
    trays.tray_count_decide(count_id=opener.pk, actor=users["pit_boss"], confirm=True)
    return opener


def test_the_tray_steps_on_the_pit_board_and_the_cage_page(
    site: Site,
    browser: Any,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
    screenshot: Callable[..., Path],
) -> None:
    table = floor["table"]
    make_user("cage_b", Role.CAGE)
    chips_made(floor["casino"].pk, users["admin"])
    opener = trays.tray_count_enter(
        table_id=table.pk, kind="opener", chips=OPENER, actor=users["dealer"]
    )

    sign_in(page, site, "pit_boss")
    page.wait_for_url(f"{site.url}/pit/{floor['pit'].pk}/")
    page.locator("[data-table='RP-1']").click()
    pending = page.locator(f"[data-count='{opener.pk}']")
    pending.wait_for()
    assert "Opener 1,500.00 counted by dealer" in pending.inner_text()
    screenshot(page, "count-to-confirm")
    pending.get_by_role("button", name="Confirm").click()
    page.locator(".tray .shift", has_text="Shift open since").wait_for()
    assert TrayCount.objects.get(pk=opener.pk).decision.decided_by == users["pit_boss"]
    # A player buys in with currency during the shift: it goes into the drop box.
    seated = session_seat(
        table_id=table.pk, positions=[1], description="hat", actor=users["dealer"]
    )
    cash_record(session_id=seated.pk, kind="buy_in_cash", amount=D(500), actor=users["dealer"])

    fill = slips.slip_request(
        table_id=table.pk, kind="fill", chips={"25.00": 20}, actor=users["dealer"]
    )
    page.locator("dialog form[method=dialog] button").click()
    page.locator("[data-table='RP-1']").click()
    row = page.locator(f"[data-slip='{fill.number}']")
    row.get_by_role("button", name="Approve").click()
    page.locator(f"[data-slip='{fill.number}']", has_text="approved").wait_for()
    screenshot(page, "fill-approved")

    cage = browser.new_context(viewport={"width": 1280, "height": 800})
    cage_page = cage.new_page()
    try:
        sign_in(cage_page, site, "cage")
        cage_page.goto(f"{site.url}/cage/")
        issue = cage_page.locator(f"#issue-list [data-slip='{fill.number}']")
        assert "500.00" in issue.inner_text() and "20 × 25.00" in issue.inner_text()
        screenshot(cage_page, "to-issue")
        issue.get_by_role("button", name="Issue").click()
        cage_page.locator("#issue-list .empty").wait_for()
        assert [s.step for s in ChipSlip.objects.get(pk=fill.pk).steps.all()] == [
            "approved",
            "issued",
        ]

        slips.slip_step(slip_id=fill.pk, step="received", actor=users["dealer"])
        closer = trays.tray_count_enter(
            table_id=table.pk,
            kind="closer",
            chips={"5.00": 100, "25.00": 60},
            actor=users["dealer"],
        )
        page.locator("dialog form[method=dialog] button").click()
        page.locator("[data-table='RP-1']").click()
        page.locator(f"[data-count='{closer.pk}']").get_by_role("button", name="Confirm").click()
        page.locator(".tray .shift", has_text="No shift open").wait_for()

        cage_page.reload()
        form = cage_page.locator(f"#drop-list [data-shift='{opener.pk}']")
        # Beside the count, what the table recorded going into the box.
        assert form.locator("[data-recorded-cash-in]").inner_text() == (
            "recorded at the table: 500.00 in currency buy-ins"
        )
        form.locator("input[name=cash]").fill("0.00")
        screenshot(cage_page, "drop-to-count")
        form.get_by_role("button", name="Count drop").click()
        cage_page.locator("#drop-list .empty").wait_for()
        drop = DropCount.objects.get(shift=opener)
        assert (drop.cash, drop.counted_by) == (D(0), users["cage"])
        # Its counter cannot confirm it: the page shows the refusal.
        cage_page.locator(f"#confirm-list [data-drop='{drop.pk}']").get_by_role(
            "button", name="Confirm"
        ).click()
        cage_page.locator("#cage-error", has_text="someone other").wait_for()
        screenshot(cage_page, "same-person-refused")
    finally:
        cage.close()

    second = browser.new_context(viewport={"width": 1280, "height": 800})
    second_page = second.new_page()
    try:
        sign_in(second_page, site, "cage_b")
        second_page.goto(f"{site.url}/cage/")
        second_page.locator(f"#confirm-list [data-drop='{drop.pk}']").get_by_role(
            "button", name="Confirm"
        ).click()
        second_page.locator("#confirm-list .empty").wait_for()
    finally:
        second.close()

    reconciled = ShiftReconciliation.objects.get(opener=opener)
    assert (reconciled.win, reconciled.house_result, reconciled.difference) == (D(0), D(0), D(0))
    page.locator("dialog form[method=dialog] button").click()
    page.locator("[data-table='RP-1']").click()
    page.locator(f".reconciliations [data-shift='{opener.pk}']").wait_for()
    screenshot(page, "reconciled")


def test_the_cage_page_is_for_the_cage(site: Site, page: Any, users: dict[str, Any]) -> None:
    sign_in(page, site, "pit_boss")
    page.wait_for_load_state()
    response = page.goto(f"{site.url}/cage/")
    assert response.status == 403


def test_the_cage_page_left_open_shows_a_slip_approved_elsewhere_and_confirms_its_issue(
    site: Site,
    browser: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    """The cage's page open while the pit boss approves a fill at the board: the slip comes
    to issue without a reload; "Issue", tapped twice, issues it once and says what went out."""
    table = floor["table"]
    chips_made(floor["casino"].pk, users["admin"])
    trays.tray_count_enter(table_id=table.pk, kind="opener", chips=OPENER, actor=users["dealer"])
    fill = slips.slip_request(
        table_id=table.pk, kind="fill", chips={"25.00": 600}, actor=users["dealer"]
    )
    with cage_page(site, browser) as page:
        page.locator("#issue-list .empty").wait_for()
        slips.slip_step(slip_id=fill.pk, step="approved", actor=users["pit_boss"])
        row = page.locator(f"#issue-list [data-slip='{fill.number}']")
        row.wait_for()
        assert "15,000.00" in row.inner_text() and "600 × 25.00" in row.inner_text()
        row.get_by_role("button", name="Issue").dblclick()
        done = page.locator("#cage-done")
        done.wait_for()
        assert done.inner_text().startswith(
            f"Issued slip #{fill.number}: fill of 15,000.00 (600 × 25.00) for RP-1"
        )
        page.locator("#issue-list .empty").wait_for()
        assert page.locator("#cage-error").inner_text() == ""
        assert [s.step for s in ChipSlip.objects.get(pk=fill.pk).steps.all()] == [
            "approved",
            "issued",
        ]
        screenshot(page, "issued")


def test_an_empty_cash_is_caught_before_sending(
    site: Site,
    browser: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    """A closed shift's drop, "Count drop" tapped with the cash left empty: the page says
    what is missing and nothing is sent; the shift to count appears without a reload when the
    pit boss confirms the closer meanwhile."""
    table = floor["table"]
    opener = shift_with_opener(floor, users)
    closer = trays.tray_count_enter(
        table_id=table.pk, kind="closer", chips=OPENER, actor=users["dealer"]
    )
    with cage_page(site, browser) as page:
        page.locator("#drop-list .empty").wait_for()
        trays.tray_count_decide(count_id=closer.pk, actor=users["pit_boss"], confirm=True)
        form = page.locator(f"#drop-list [data-shift='{opener.pk}']")
        form.wait_for()
        form.get_by_role("button", name="Count drop").click()
        refusal = page.locator("#cage-error")
        refusal.wait_for()
        assert refusal.inner_text() == (
            "RP-1: enter the cash counted in the drop box (0.00 if it held none)."
        )
        assert not DropCount.objects.exists()
        screenshot(page, "cash-needed")
        form.locator("input[name=cash]").fill("1250.00")
        form.get_by_role("button", name="Count drop").click()
        page.locator("#cage-done", has_text="Counted the drop of RP-1: 1,250.00 cash").wait_for()
        assert DropCount.objects.get().cash == D("1250.00")


def test_a_count_being_typed_survives_a_slip_approved_meanwhile(
    site: Site, browser: Any, floor: dict[str, Any], users: dict[str, Any]
) -> None:
    """The cage types a drop's cash while the pit boss approves a fill: the slip comes to
    issue without a reload and the cash typed, its field and its focus are untouched (the page
    used to draw every list again on each change of a tray, wiping the count)."""
    table = floor["table"]
    opener = shift_with_opener(floor, users)
    fill = slips.slip_request(
        table_id=table.pk, kind="fill", chips={"25.00": 40}, actor=users["dealer"]
    )
    closer = trays.tray_count_enter(
        table_id=table.pk, kind="closer", chips=OPENER, actor=users["dealer"]
    )
    trays.tray_count_decide(count_id=closer.pk, actor=users["pit_boss"], confirm=True)
    with cage_page(site, browser) as page:
        cash = page.locator(f"#drop-list [data-shift='{opener.pk}'] input[name=cash]")
        cash.click()
        cash.press_sequentially("1250")
        slips.slip_step(slip_id=fill.pk, step="approved", actor=users["pit_boss"])
        page.locator(f"#issue-list [data-slip='{fill.number}']").wait_for()
        cash.press_sequentially(".00")
        assert cash.input_value() == "1250.00"
        assert cash.evaluate("field => document.activeElement === field")
