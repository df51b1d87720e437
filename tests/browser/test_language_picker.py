"""The bar's language picker, in a real browser: a pit boss whose browser asks for English
chooses Russian on the board; the choice is kept by the server and the board is drawn again in
Russian, the picker saying so, and every page after it too; the bar, picker included, stays
within the screen at a desktop's, a laptop's and a portrait tablet's sizes."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from casino.identity.languages import language_of
from tests.browser.test_pit_board import sign_in
from tests.browser.test_tablet_languages import nothing_wider_than_the_screen

pytestmark = pytest.mark.django_db(transaction=True)

WAIT_MS = 15_000
SIZES = {"1024x768": (1024, 768), "768x1024": (768, 1024), "1440x900": (1440, 900)}


def test_a_pit_boss_chooses_russian_at_the_bar_and_the_board_reads_in_it(
    site: Any,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    page.set_extra_http_headers({"Accept-Language": "en-US,en;q=0.9"})
    sign_in(page, site, "pit_boss")
    board = f"{site.url}/pit/{floor['pit'].pk}/"
    page.wait_for_url(board)
    picker = page.locator("#language-picker")
    page.locator("#language-picker:enabled").wait_for(timeout=WAIT_MS)
    assert picker.input_value() == "en"
    assert picker.locator("option").all_inner_texts() == ["English", "Русский", "Español"]

    with page.expect_navigation(timeout=WAIT_MS):
        picker.select_option("ru")

    page.locator("#language-picker:enabled").wait_for(timeout=WAIT_MS)
    assert language_of(users["pit_boss"]) == "ru"
    assert page.locator("html").get_attribute("lang") == "ru"
    assert picker.input_value() == "ru"
    assert page.locator(".sign-out button").inner_text() == "Выйти"
    page.locator("#connection[data-state='live']").wait_for(timeout=WAIT_MS)
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        screenshot(page, f"ru-{name}")
        nothing_wider_than_the_screen(page)

    # Another page, the browser still asking for English: Russian, the user's own.
    page.goto(f"{site.url}/pit/")
    page.wait_for_url(board)
    assert page.locator("html").get_attribute("lang") == "ru"

    # The pages' calls ask the API in the page's language, not the browser's: a refusal the
    # page has no words of its own for shows the server's message in Russian. (The header set
    # at the start would stand over every request's own; the browser's own is English.)
    page.set_extra_http_headers({})
    assert page.evaluate("navigator.languages[0]").startswith("en")
    code, message = page.evaluate(
        """async () => {
            const url = performance.getEntriesByType("resource")
                .map((entry) => entry.name).find((name) => name.includes("/common/api."));
            const { call } = await import(url);
            try { await call("GET", "/api/v1/no-such-thing/"); } catch (error) {
                return [error.code, error.message];
            }
            return [null, null];
        }"""
    )
    assert code == "not_found"
    assert re.search("[А-Яа-я]", message), message
