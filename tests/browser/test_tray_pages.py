"""The chip tray's steps in a real browser: the pit boss confirms counts and approves a fill in
the pit board's table detail; the cage issues it, counts the shift's drop and, as a second
person, confirms it on the cage's page; the shift's reconciliation then shows on the board.
The dealer's steps (the counts, the fill's request and receipt) are taken through the
services here, as the tablet would."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from audit.models import ShiftReconciliation
from casino.core.roles import Role
from tables.models import ChipSlip, DropCount, TrayCount
from tables.services import slips, trays
from tests.browser import test_pit_board
from tests.browser.site import Site
from tests.browser.test_pit_board import sign_in
from tests.inventory.trays import chips_made

pytestmark = pytest.mark.django_db(transaction=True)

OPENER = {"5.00": 100, "25.00": 40}

#: The site served by uvicorn, as on the pit board's tests.
site = test_pit_board.site


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
