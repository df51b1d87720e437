"""Every page's scripts load and run without an error: the pages are ES modules that import the
shared ones (``static/surfaces/common/``), and a module that fails to load, or a name a page no
longer finds, stops the whole page. Each page is opened as its user opens it and waited on until
it has drawn from the API."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from casino.core.roles import Role
from tables.services.rounds import round_open
from tests.browser.site import Site
from tests.browser.tablet_app import WAIT_MS
from tests.browser.test_pit_board import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


class Watched:
    """``page`` with the script errors and failed script loads it meets recorded."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        page.on(
            "console",
            lambda message: (
                self.errors.append(f"console: {message.text}") if message.type == "error" else None
            ),
        )
        page.on(
            "response",
            lambda response: (
                self.errors.append(f"{response.status} {response.url}")
                if response.url.endswith(".js") and response.status >= 400
                else None
            ),
        )

    def open(self, site: Site, path: str, drawn: str) -> None:
        """Open ``path`` and wait for ``drawn`` (what the page's script draws from the API); a
        page that never draws it fails with the errors it met."""
        from playwright.sync_api import TimeoutError as Timeout

        self.page.goto(f"{site.url}{path}")
        try:
            self.page.locator(drawn).first.wait_for(timeout=WAIT_MS)
        except Timeout:
            pytest.fail(f"{path} never drew {drawn}: {self.errors}")


def test_every_page_runs_its_scripts_without_an_error(
    site: Site,
    browser: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
) -> None:
    make_user("cashier", Role.CAGE)
    round = round_open(table_id=floor["table"].pk, dealer=users["dealer"])
    pages = {
        "pit_boss": [
            (f"/pit/{floor['pit'].pk}/", "[data-table='RP-1']"),
            ("/tablet/pair/", "#pair select"),
            (f"/pit/{floor['pit'].pk}/rotation/", "#dealers li[data-dealer]"),
        ],
        "cashier": [("/cage/", "#issue-list .empty")],
        "dealer": [("/dealer/", "#games tbody tr")],
        "auditor": [
            ("/audit/", f"#results tr[data-round='{round.pk}']"),
            (f"/audit/rounds/{round.pk}/", "#summary .figure"),
            ("/audit/reports/", "#reports tbody tr"),
            ("/audit/verify/", "#verify button[type=submit]"),
        ],
        None: [("/tablet/", "[data-unpaired='not paired']")],
    }
    for username, opened in pages.items():
        context = browser.new_context()
        try:
            watched = Watched(context.new_page())
            if username is not None:
                sign_in(watched.page, site, username)
                watched.page.wait_for_url(lambda url: "/sign-in/" not in url)
            for path, drawn in opened:
                watched.open(site, path, drawn)
            assert watched.errors == [], (username, watched.errors)
        finally:
            context.close()
