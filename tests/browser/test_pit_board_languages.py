"""The pit board in the pit boss's language: the browser asks for Russian, and the bar, the
totals, a table's card with what waits at it and its actions, an alert, its form and the
table's detail are in Russian, amounts as Russian writes them, with no English word of the
board left; nothing reaches beyond the screen
at a tablet's sizes and a desktop's (Russian words run long). Spanish, asked for next, at one
size. The screenshots are what a pit boss sees.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from payouts.services import trays
from payouts.services.corrections import correction_request
from tables.services.rounds import round_act, round_open
from tests.browser.test_pit_board import no_dealer_alert, sign_in
from tests.browser.test_tablet_languages import nothing_wider_than_the_screen
from tests.payouts.tray.trays import chips_made

pytestmark = pytest.mark.django_db(transaction=True)

WAIT_MS = 15_000

#: Words the board writes in English (its bar, totals, cards, alerts, the detail): none may be
#: left on a page read in another language. The game's name ("Russian Poker") and the users'
#: names are names, not words, and are not listed.
ENGLISH = (
    "Tables open", "Rounds in play", "Rounds today", "Wagered", "Paid", "House result", "Hold",
    "theo", "Cap hits", "Open alerts", "since", "Round", "Rounds/h", "Today", "Result",
    "Between rounds", "No dealer", "Closed", "Alerts", "Acknowledge", "Open table without a dealer",
    "Rotation plan", "Sign out", "Times in", "Live", "Connecting", "Offline", "Auditor",
    "Status", "Dealer", "Last rounds", "Opened", "Staked", "Players", "Nobody is seated",
    "Chip tray", "No shift open", "Close", "open", "none", "betting", "warning", "min",
    "last action", "Waiting for you", "Opener", "counted by", "asked by", "Confirm", "Reject",
    "Void it", "Keep it", "Why", "Open the round", "Shift",
)  # fmt: skip


def english_left(text: str, *, same: tuple[str, ...] = ()) -> list[str]:
    """The words of ``ENGLISH`` found in ``text``, each as a whole word, but those the page's
    language writes ``same`` as English."""
    return [
        word
        for word in ENGLISH
        if word not in same and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)
    ]


def outside(box: Any, parts: Any) -> list[str]:
    """The texts of ``parts`` (a locator) that reach beyond ``box``'s right edge."""
    right = box.bounding_box()["x"] + box.bounding_box()["width"]
    return [
        parts.nth(n).inner_text()
        for n in range(parts.count())
        if (found := parts.nth(n).bounding_box()) and found["x"] + found["width"] > right + 1
    ]


def test_the_pit_board_in_russian_and_in_spanish(
    site: Any,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    table = floor["table"]
    round = round_open(table_id=table.pk, dealer=users["dealer"])
    round_act(
        round_id=round.pk,
        actor=users["dealer"],
        expected_event=round.last_event_seq,
        action="place_wagers",
        data={"box": 1, "player": "P1", "ante": D(10)},
    )
    raised = no_dealer_alert(floor, "languages")
    # Two things wait for the pit boss at the table: an opener to confirm, a void to decide.
    chips_made(floor["casino"].pk, users["admin"])
    count = trays.tray_count_enter(
        table_id=table.pk, kind="opener", chips={"5.00": 300}, actor=users["dealer"]
    )
    correction_request(round_id=round.pk, actor=users["dealer"], kind="void", reason="misdeal")
    # The browser asks for Russian (its pages, and the API the board reads, which answers the
    # same data in every language).
    page.set_extra_http_headers({"Accept-Language": "ru-RU,ru;q=0.9"})
    sign_in(page, site, "pit_boss")
    page.wait_for_url(f"{site.url}/pit/{floor['pit'].pk}/")
    card = page.locator("[data-table='RP-1']")
    card.wait_for(timeout=WAIT_MS)
    alert = page.locator(f"#alert-list [data-alert='{raised.pk}']")
    alert.wait_for(timeout=WAIT_MS)
    page.locator("#connection[data-state='live']").wait_for(timeout=WAIT_MS)
    page.locator("#totals .figure").first.wait_for(timeout=WAIT_MS)

    assert page.locator("html").get_attribute("lang") == "ru"
    totals = page.locator("#totals").inner_text()
    assert "Открыто столов".upper() in totals.upper() and "1 / 1" in totals
    # Nothing wagered yet today (the round is not settled), as Russian writes it: a comma.
    assert "0,00 EUR" in totals and "0.00" not in totals
    assert "Раунд 1 · ставки · " in card.locator(".round").inner_text()
    card.locator(".round .idle", has_text="без действий").wait_for(timeout=WAIT_MS)
    assert alert.locator("p").first.inner_text() == "Открытый стол без дилера"
    assert alert.locator("button[type=submit]").inner_text() == "Принять"
    assert alert.locator("input[name=note]").get_attribute("placeholder") == "Что сделано?"
    assert page.locator("#connection").inner_text() == "В эфире"
    # What waits, with its actions, in Russian: 1,500.00 as Russian writes it.
    assert card.locator(".waiting h3").inner_text() == "Ждёт вас (2)"
    opener = card.locator(f"[data-waiting='count:{count.pk}']")
    assert "Открытие 1\u00a0500,00, считал dealer" in opener.inner_text()
    assert opener.locator("button").all_inner_texts() == ["Подтвердить", "Отклонить"]
    void = card.locator("[data-waiting^='correction:']")
    assert "Аннулирование раунда, запросил dealer" in void.inner_text()
    assert void.locator("button").all_inner_texts() == ["Аннулировать", "Оставить"]
    void.locator(".details", has_text="Причина").wait_for(timeout=WAIT_MS)
    assert english_left(page.locator("body").inner_text()) == []
    # The words a pit boss reads at each size, nothing cut off, the alert's form on screen, and
    # what waits at the table, its actions and links, inside the table's card.
    for width, height in ((1024, 768), (768, 1024), (1440, 900)):
        page.set_viewport_size({"width": width, "height": height})
        nothing_wider_than_the_screen(page)
        assert outside(card, card.locator(".waiting li > *, .waiting .actions > *")) == []
        screenshot(page, f"ru-{width}x{height}")

    # The table's detail, in Russian too.
    page.set_viewport_size({"width": 1024, "height": 768})
    # (Its header: what waits at the table keeps its taps to itself.)
    card.locator("header").click()
    dialog = page.locator("#table-detail")
    dialog.locator("h3", has_text="Последние раунды").wait_for(timeout=WAIT_MS)
    dialog.locator("[data-tray] h3", has_text="Лоток фишек").wait_for(timeout=WAIT_MS)
    assert dialog.locator("tr[data-round='1']").inner_text().split("\t")[:3] == [
        "1",
        "открыт",
        "dealer",
    ]
    assert english_left(dialog.inner_text()) == []
    nothing_wider_than_the_screen(page)
    screenshot(page, "ru-detail-1024x768")

    # Spanish, asked for next.
    page.set_extra_http_headers({"Accept-Language": "es-ES,es;q=0.9"})
    page.reload()
    alert.wait_for(timeout=WAIT_MS)
    page.locator("#connection[data-state='live']").wait_for(timeout=WAIT_MS)
    assert page.locator("html").get_attribute("lang") == "es"
    totals = page.locator("#totals").inner_text()
    assert "Mesas abiertas".upper() in totals.upper() and "0,00 EUR" in totals
    assert "Ronda 1 · " in card.locator(".round").inner_text()
    assert alert.locator("p").first.inner_text() == "Mesa abierta sin crupier"
    assert english_left(page.locator("body").inner_text(), same=("min",)) == []
    nothing_wider_than_the_screen(page)
    screenshot(page, "es-1024x768")
