"""The browser set-up itself, on the one page the project serves today: the Django admin.

A real Chromium signs in through the admin's login form as an administrator and lands on the
site administration; a wrong password is refused on the page, in words. The screenshots are
what an administrator sees.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from casino.core.roles import Role

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_administrator_signs_in_through_the_admin_login_page(
    live_server: Any, page: Any, make_user: Callable[..., Any], screenshot: Callable[..., Path]
) -> None:
    make_user("floor-admin", Role.ADMIN)
    page.goto(f"{live_server.url}/admin/login/?next=/admin/")
    page.fill("#id_username", "floor-admin")
    page.fill("#id_password", "pw-floor-admin")
    screenshot(page, "login")
    page.click("input[type=submit]")
    page.wait_for_url(f"{live_server.url}/admin/")
    assert page.locator("h1").inner_text() == "Site administration"
    assert "floor-admin" in page.locator("#user-tools").inner_text().lower()
    assert screenshot(page, "index").stat().st_size > 0


def test_a_wrong_password_is_refused_on_the_page(
    live_server: Any, page: Any, make_user: Callable[..., Any]
) -> None:
    make_user("floor-admin", Role.ADMIN)
    page.goto(f"{live_server.url}/admin/login/?next=/admin/")
    page.fill("#id_username", "floor-admin")
    page.fill("#id_password", "not-the-password")
    page.click("input[type=submit]")
    assert "/admin/login/" in page.url
    assert "correct username and password" in page.locator(".errornote").inner_text()
