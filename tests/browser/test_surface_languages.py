"""The sign-in page and the cage read in Russian: the browser asks for it, and each page's words
are Russian, with none of its English words left; a refused sign-in said in Russian (Django's
own words); amounts as Russian writes them, equal to the API's decimal strings; nothing reaches
beyond the screen at a tablet's sizes and a desktop's. The cage, asked for in Spanish next, at
one size. The screenshots are what each reader sees.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from payouts.services import slips, trays
from tests.browser.screens import nothing_wider_than_the_screen
from tests.browser.site import Site
from tests.browser.tablet_app import WAIT_MS
from tests.browser.test_pit_board import sign_in
from tests.payouts.tray.trays import chips_made

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = ((1024, 768), (768, 1024), (1440, 900))
RUSSIAN = {"Accept-Language": "ru-RU,ru;q=0.9"}
NBSP = "\u00a0"


def english_left(text: str, words: tuple[str, ...]) -> list[str]:
    """The ``words`` (a page's English words) found in ``text``, each as a whole word."""
    return [word for word in words if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)]


def in_russian(amount: str) -> str:
    """The API's decimal string ``amount`` ("15000.00") as Russian writes it ("15 000,00", a
    no-break space between thousands), regrouped as a string, never read as a number."""
    whole, _, cents = amount.partition(".")
    grouped = re.sub(r"\B(?=(\d{3})+(?!\d))", NBSP, whole)
    return f"{grouped},{cents}"


def each_size(
    page: Any, screenshot: Callable[..., Path], name: str, *, scrolling: str = ""
) -> None:
    """At each size: nothing wider than the screen (but inside the frames ``scrolling``), and
    a screenshot."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        nothing_wider_than_the_screen(page, scrolling=scrolling)
        screenshot(page, f"{name}-{width}x{height}")


#: Words the sign-in page and the cage write in English.
SIGN_IN_ENGLISH = ("Sign in", "User name", "Password", "Casino tables")
CAGE_ENGLISH = (
    "Cage", "fills", "credits", "Slips to issue", "Credits to take back in", "Drops to count",
    "Drops to confirm", "Nothing to take back", "No drop to count", "No drop to confirm",
    "Issue", "fill", "Times in", "Live", "Connecting", "Sign out", "Issued slip", "at",
)  # fmt: skip


def test_the_sign_in_page_and_the_cage_in_russian_and_the_cage_in_spanish(
    site: Site,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    table = floor["table"]
    chips_made(floor["casino"].pk, users["admin"])
    trays.tray_count_enter(
        table_id=table.pk, kind="opener", chips={"5.00": 100}, actor=users["dealer"]
    )
    fill = slips.slip_request(
        table_id=table.pk, kind="fill", chips={"25.00": 600}, actor=users["dealer"]
    )
    slips.slip_step(slip_id=fill.pk, step="approved", actor=users["pit_boss"])
    page.set_extra_http_headers(RUSSIAN)

    # A wrong password: refused in Russian, in Django's own words.
    page.goto(f"{site.url}/sign-in/")
    page.fill("input[name=username]", "cage")
    page.fill("input[name=password]", "not the password")
    page.click("button[type=submit]")
    refusal = page.locator(".sign-in .error")
    refusal.wait_for(timeout=WAIT_MS)
    assert page.locator("html").get_attribute("lang") == "ru"
    assert "Пожалуйста, введите правильные" in refusal.inner_text()
    form = page.locator(".sign-in").inner_text()
    assert "Имя пользователя" in form and "Пароль" in form
    assert page.locator(".sign-in button[type=submit]").inner_text() == "Войти"
    assert english_left(page.locator("body").inner_text(), SIGN_IN_ENGLISH) == []
    each_size(page, screenshot, "sign-in-ru")

    page.set_viewport_size({"width": 1280, "height": 800})
    sign_in(page, site, "cage")
    page.wait_for_url(re.compile(r".*/pit/$"))
    page.goto(f"{site.url}/cage/")
    page.locator("#connection[data-state='live']").wait_for(timeout=WAIT_MS)
    row = page.locator(f"#issue-list [data-slip='{fill.number}']")
    row.wait_for(timeout=WAIT_MS)
    # The amount as Russian writes it, equal to the API's own decimal string.
    [listed] = page.request.get(
        f"{site.url}/api/v1/slips/?status=approved", headers={"Accept": "application/json"}
    ).json()
    assert D(listed["amount"]) == fill.amount
    assert in_russian(listed["amount"]) == f"15{NBSP}000,00"
    assert row.locator(".amount").inner_text() == in_russian(listed["amount"])
    assert row.locator(".chips").inner_text() == "600 × 25,00"
    assert row.locator(".what").inner_text() == f"#{fill.number} пополнение · RP-1"
    assert page.locator("#to-issue").inner_text() == "Ордера к выдаче"
    assert page.locator("#drop-list").inner_text() == "Нет дропов к пересчёту"
    assert page.locator("#connection").inner_text() == "В эфире"
    assert page.locator("#zone").inner_text().startswith("Время: ")
    assert english_left(page.locator("body").inner_text(), CAGE_ENGLISH) == []
    each_size(page, screenshot, "cage-ru")

    # Spanish, asked for next, at one size: 15.000,00 as Spanish writes it.
    page.set_extra_http_headers({"Accept-Language": "es-AR,es;q=0.9"})
    page.reload()
    row.wait_for(timeout=WAIT_MS)
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.locator("#to-issue").inner_text() == "Vales por entregar"
    assert row.locator(".amount").inner_text() == "15.000,00"
    assert row.get_by_role("button").inner_text() == "Entregar"
    page.set_viewport_size({"width": 1024, "height": 768})
    nothing_wider_than_the_screen(page)
    screenshot(page, "cage-es-1024x768")

    # Issued in Russian: what went out, said in Russian.
    page.set_extra_http_headers(RUSSIAN)
    page.reload()
    row.get_by_role("button", name="Выдать").click()
    done = page.locator("#cage-done")
    done.wait_for(timeout=WAIT_MS)
    assert done.inner_text().startswith(
        f"Выдан ордер №{fill.number}: пополнение на 15{NBSP}000,00 (600 × 25,00) для RP-1, "
    )
    page.locator("#issue-list .empty", has_text="Выдавать нечего").wait_for(timeout=WAIT_MS)
