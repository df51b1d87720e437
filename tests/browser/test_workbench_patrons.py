"""A patron's history on the auditor's workbench, in a real browser: found by the number on
the card, each session with its table, boxes, times and exact rating, leading to that table's
rounds of the day; the cash; no personal data anywhere on the page."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from casino.patrons.cash import cash_record
from casino.patrons.enrolment import patron_enrol_carded
from casino.patrons.seating import session_leave, session_seat
from tests.browser.test_pit_board import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_auditor_finds_a_patron_by_card_and_reads_the_history(
    site: Any,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    table, boss = floor["table"], users["pit_boss"]
    patron = patron_enrol_carded(
        casino_id=floor["casino"].pk,
        loyalty_number="C-9001",
        name="Ada Lovelace",
        date_of_birth=dt.date(1985, 12, 10),
        actor=boss,
    )
    first = session_seat(table_id=table.pk, positions=[1, 2], patron_id=patron.pk, actor=boss)
    cash_record(session_id=first.pk, kind="buy_in_cash", amount=D(500), actor=boss)
    session_leave(session_id=first.pk, actor=boss)
    second = session_seat(table_id=table.pk, positions=[4], patron_id=patron.pk, actor=boss)

    sign_in(page, site, "auditor")
    page.goto(f"{site.url}/audit/patrons/")
    page.fill("#find input[name=loyalty_number]", "C-9001")
    page.click("#find button[type=submit]")
    history = page.locator("#history")
    history.locator("h2", has_text="#C-9001").wait_for()
    rows = history.locator("tr[data-session]")
    assert rows.count() == 2
    now, then = rows.nth(0), rows.nth(1)
    assert now.get_attribute("data-session") == str(second.pk)
    assert now.locator("td").nth(3).inner_text() == "seated now"
    assert then.locator("td").nth(1).inner_text() == "1, 2"
    assert then.locator("td").nth(4).inner_text() == "0"  # rated: no round played
    assert history.locator("tr[data-cash] td").nth(3).inner_text() == "500.00"
    assert "Ada Lovelace" not in page.content() and "1985" not in page.content()
    screenshot(page, "history")

    refused = page.locator("#find-error")
    page.fill("#find input[name=loyalty_number]", "C-0000")
    page.click("#find button[type=submit]")
    refused.filter(has_text="No patron of this casino has that card").wait_for()

    page.fill("#find input[name=loyalty_number]", "C-9001")
    page.click("#find button[type=submit]")
    history.locator("tr[data-session]").first.locator("a", has_text="Rounds").click()
    page.wait_for_url(f"**/audit/?table={table.pk}&day_from=*")
