"""The auditor's workbench in the auditor's language: the browser asks for Russian, and the
round search, a settled round's story with its settlement and replay, the reports, a patron's
history and the trail's verification are in Russian, amounts as Russian writes them (the API's
decimal strings regrouped, never read as numbers), with none of the workbench's English words
left; nothing reaches beyond the screen at a tablet's sizes and a desktop's (Russian words run
long). Spanish, asked for next, at one size. The screenshots are what an auditor sees.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from audit.services.checkpoints import checkpoint_seal
from audit.services.reports.build import report_request
from casino.patrons.cash import cash_record
from casino.patrons.enrolment import patron_enrol_carded
from casino.patrons.seating import session_seat
from tables.models import Round
from tests.audit.conftest import audit_floor, play_rp01  # noqa: F401
from tests.browser.test_tablet_languages import nothing_wider_than_the_screen
from tests.browser.test_workbench import sign_in, site  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

WAIT_MS = 15_000
SIZES = ((1024, 768), (768, 1024), (1440, 900))

#: Words the workbench writes in English (its bar, forms, tables, the round's story, the
#: reports, a patron's history, the verification): none may be left on a page read in another
#: language. The game's name, the users' names ("auditor", "dealer"), the casino's and the pit's
#: names, the audit trail's event codes ("round.settled") and the events' payloads (JSON) are
#: names and records, not words, and are not listed.
ENGLISH = (
    "Rounds", "Reports", "Patrons", "Chain verification", "Times in", "Sign out", "Search",
    "Clear", "Any", "Either", "Gaming day", "Opened", "Dealer", "Status", "Staked", "Paid",
    "Result", "Flags", "Previous", "Next", "Page", "on this page", "Events", "Cards",
    "Dealers", "Settlement", "Stored settlement and replay", "Corrections", "Audit trail",
    "Action", "Who", "When", "Device", "Payload", "wagers placed", "Box", "Line", "Stake",
    "Computed", "Outcome", "Theoretical win", "returned", "stored", "replayed",
    "No corrections", "Planned", "Training", "recorded by", "Download the evidence package",
    "Request a correction", "Trigger", "queued", "on demand", "Requested", "Finished",
    "Visits", "Sessions", "Cash", "seated now", "Buy-in", "Points", "Kind", "carded", "Walk",
    "Rows checked", "intact", "Run the verification", "Auditor's workbench", "win", "lose",
    "pair", "House result", "Combination", "Why paid differs", "Withheld", "From", "To",
)  # fmt: skip


def english_left(text: str, *, same: tuple[str, ...] = ()) -> list[str]:
    """The words of ``ENGLISH`` found in ``text``, each as a whole word, but those the page's
    language writes ``same`` as English."""
    return [
        word
        for word in ENGLISH
        if word not in same and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)
    ]


def at_each_size(page: Any, screenshot: Callable[..., Path], name: str) -> None:
    """Nothing beyond the screen at a tablet's sizes and a desktop's, each shot."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        screenshot(page, f"{name}-{width}x{height}")
        nothing_wider_than_the_screen(page)


def api(page: Any, url: str) -> Any:
    """What the API answers the page's user at ``url`` (the page's own session)."""
    return json.loads(page.evaluate("(url) => fetch(url).then((r) => r.text())", url))


def test_the_workbench_in_russian_and_in_spanish(
    site: Any,  # noqa: F811
    page: Any,
    audit_floor: dict[str, Any],  # noqa: F811
    users: dict[str, Any],
    play_rp01: Callable[..., Round],  # noqa: F811
    screenshot: Callable[..., Path],
) -> None:
    table = audit_floor["table"]
    # A settled round (staked 30, paid 50), a report asked for its day, a sealed checkpoint, and
    # a patron who bought in for 1,234 and is seated still.
    round = play_rp01(table)
    report_request(actor=users["auditor"], gaming_day=round.gaming_day)
    assert checkpoint_seal(reason="manual") is not None
    patron = patron_enrol_carded(
        casino_id=audit_floor["casino"].pk,
        loyalty_number="C-7001",
        name="Grace Hopper",
        date_of_birth=dt.date(1906, 12, 9),
        actor=users["pit_boss"],
    )
    seated = session_seat(
        table_id=table.pk, positions=[3], patron_id=patron.pk, actor=users["pit_boss"]
    )
    cash_record(session_id=seated.pk, kind="buy_in_cash", amount=D("1234"), actor=users["pit_boss"])

    # The browser asks for Russian (the pages, and the API they read, which answers the same
    # data in every language).
    page.set_extra_http_headers({"Accept-Language": "ru-RU,ru;q=0.9"})
    sign_in(page, site, "auditor")
    row = page.locator(f"tr[data-round='{round.pk}']")
    row.wait_for(timeout=WAIT_MS)
    assert page.locator("html").get_attribute("lang") == "ru"
    assert page.locator(".workbench-nav").inner_text().split("\n") == [
        "Раунды",
        "Отчёты",
        "Гости",
        "Проверка цепочки",
    ]
    assert page.locator("#zone").inner_text().startswith("Время: ")
    assert page.locator("#summary").inner_text() == "1 раунд на этой странице."
    assert row.locator(".badge").first.inner_text() == "рассчитан"
    assert row.locator("td.amount").all_inner_texts() == ["30,00", "50,00", "−20,00"]
    assert english_left(page.locator("body").inner_text()) == []
    at_each_size(page, screenshot, "ru-search")

    # The round's story, its settlement and its replay.
    page.set_viewport_size({"width": 1440, "height": 900})
    row.locator("a").click()
    page.locator("#replay-verdict").wait_for(timeout=WAIT_MS)
    assert page.locator("#round-title").inner_text() == "Раунд 1 · RP-1 · Russian Poker"
    events = page.locator("#events tr[data-event]")
    assert events.first.locator("td").all_inner_texts()[1] == "ставки приняты"
    assert page.locator("#cards tr").nth(1).locator("td").nth(1).inner_text() == "Бокс 1"
    settlement = page.locator("#settlement").inner_text()
    assert "ставки 30,00, возвращено 50,00, результат казино −20,00" in settlement
    assert (
        page.locator("#theoretical-win")
        .inner_text()
        .startswith("Теоретический выигрыш 1,50 со ставок 30,00")
    )
    assert page.locator("#replay-verdict").inner_text() == (
        "✓ Сохранённый расчёт совпадает с повтором."
    )
    assert page.locator("#corrections").inner_text() == "Исправлений нет."
    assert english_left(page.locator("body").inner_text()) == []
    at_each_size(page, screenshot, "ru-round")

    # The reports: the day's, asked for, waits in the queue.
    page.goto(f"{site.url}/audit/reports/")
    report = page.locator("#reports tr[data-report]")
    report.wait_for(timeout=WAIT_MS)
    cells = report.locator("td").all_inner_texts()
    assert cells[3:5] == ["по запросу", "в очереди"]
    assert english_left(page.locator("body").inner_text()) == []
    at_each_size(page, screenshot, "ru-reports")

    # A patron's history: the buy-in as Russian writes it, the API's decimal string regrouped.
    page.goto(f"{site.url}/audit/patrons/")
    page.fill("#find input[name=loyalty_number]", "C-7001")
    page.click("#find button[type=submit]")
    cash = page.locator("#history tr[data-cash] td").nth(3)
    cash.wait_for(timeout=WAIT_MS)
    assert cash.inner_text() == "1\u00a0234,00"
    found = api(page, f"/api/v1/patrons/{patron.pk}/history/")
    assert found["cash"][0]["amount"] == "1234.00"
    assert cash.inner_text().replace("\u00a0", "").replace(",", ".") == found["cash"][0]["amount"]
    assert page.locator("#history tr[data-session] td").nth(3).inner_text() == "сейчас за столом"
    assert english_left(page.locator("body").inner_text()) == []
    at_each_size(page, screenshot, "ru-patrons")

    # The trail's verification, run.
    page.goto(f"{site.url}/audit/verify/")
    page.click("#verify button[type=submit]")
    verdict = page.locator("#verdict")
    verdict.wait_for(timeout=WAIT_MS)
    assert verdict.inner_text() == "✓ В порядке: журнал не нарушен."
    # (The walk is in full when no checkpoint has been verified yet, else incremental.)
    assert page.locator("#result dd").first.inner_text() in {"частичная", "полная"}
    assert english_left(page.locator("body").inner_text()) == []
    at_each_size(page, screenshot, "ru-verify")

    # Spanish, asked for next: the round's story at one size.
    page.set_extra_http_headers({"Accept-Language": "es-ES,es;q=0.9"})
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{site.url}/audit/rounds/{round.pk}/")
    page.locator("#replay-verdict").wait_for(timeout=WAIT_MS)
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.locator("#round-title").inner_text() == "Ronda 1 · RP-1 · Russian Poker"
    assert "apostado 30,00, devuelto 50,00" in page.locator("#settlement").inner_text()
    # (Spanish says "box" as English does.)
    assert english_left(page.locator("body").inner_text(), same=("Box",)) == []
    nothing_wider_than_the_screen(page)
    screenshot(page, "es-round-1024x768")
