"""Signing out at the tablet ends the dealer's token on the server, not only in the browser: the
token read from the page before the sign-out is refused afterwards by a plain HTTP client, as a
copy of it would be. Without the network the tablet forgets the sign-in, says that the server
still accepts it, and revokes it once the network is back; while entries wait to be sent,
sign-out is refused.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from casino.core.models import AuditRecord
from casino.identity.models import DeviceToken
from tests.browser import tablet_app
from tests.browser.tablet_app import WAIT_MS, Hand, Site

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def russian_table(floor: dict[str, Any]) -> Any:
    return tablet_app.russian_table(floor)


def as_token(site: Site, token: str, path: str = "/api/v1/me/") -> tuple[int, dict[str, Any]]:
    """``GET path`` with ``token``, from outside the browser: the status and the JSON body."""
    request = urllib.request.Request(  # noqa: S310 - the test's own server, over http
        f"{site.url}{path}",
        headers={"Authorization": f"Token {token}", "Accept": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def stored(hand: Hand, key: str) -> Any:
    return hand.page.evaluate("key => localStorage.getItem(key)", key)


def signed_out_banner(hand: Hand, state: str) -> str:
    banner = hand.page.locator(f"#signed-out[data-state='{state}']")
    banner.wait_for(timeout=WAIT_MS)
    return str(banner.inner_text())


def test_signing_out_revokes_the_dealers_token_on_the_server(
    hand: Hand, users: dict[str, Any], russian_table: Any, screenshot: Callable[..., Path]
) -> None:
    hand.sign_in("dealer")
    token = stored(hand, "tablet.token")
    assert as_token(hand.site, token)[0] == 200

    hand.tap("#menu")
    hand.page.locator("#screen[data-screen='pin']").wait_for(timeout=WAIT_MS)
    banner = signed_out_banner(hand, "revoked")
    screenshot(hand.page, "signed-out")

    assert "dealer's sign-in is ended on the server" in banner
    # Nobody is shown as signed in, and there is nobody to sign out.
    assert hand.page.locator("#dealer").inner_text() == ""
    assert hand.page.locator("#menu").is_hidden()
    assert hand.page.locator("#relieve").is_hidden()
    status, body = as_token(hand.site, token)
    assert status == 401
    assert body["error"]["code"] == "authentication_failed"
    revoked = DeviceToken.objects.get(user=users["dealer"], device_name="tablet")
    assert revoked.revoked_at is not None
    assert revoked.revoked_by == users["dealer"]
    assert AuditRecord.objects.filter(
        event_code="auth.device_token_revoked", before__token=revoked.pk
    ).exists()
    assert stored(hand, "tablet.token") is None
    assert stored(hand, "tablet.unrevoked") is None
    # The dealer signs in again as ever, and the notice of the sign-out goes.
    hand.sign_in("dealer")
    assert hand.page.locator("#signed-out").is_hidden()


def test_a_sign_in_kept_without_its_id_is_revoked_too(
    hand: Hand, users: dict[str, Any], russian_table: Any
) -> None:
    """A tablet signed in before the sign-in answer named the token's id: the sign-out finds
    the id with the token itself."""
    hand.sign_in("dealer")
    token = stored(hand, "tablet.token")
    hand.page.evaluate("localStorage.removeItem('tablet.token-id')")

    hand.tap("#menu")
    signed_out_banner(hand, "revoked")

    assert as_token(hand.site, token)[0] == 401
    assert DeviceToken.objects.get(user=users["dealer"]).revoked_at is not None


def test_a_sign_out_without_the_network_says_the_sign_in_holds_until_it_is_revoked(
    hand: Hand, users: dict[str, Any], russian_table: Any, screenshot: Callable[..., Path]
) -> None:
    hand.sign_in("dealer")
    token = stored(hand, "tablet.token")
    hand.page.context.set_offline(True)

    hand.tap("#menu")
    hand.page.locator("#screen[data-screen='pin']").wait_for(timeout=WAIT_MS)
    banner = signed_out_banner(hand, "unrevoked")
    screenshot(hand.page, "signed-out-offline")

    # Nobody can act in the dealer's name on this tablet, and the screen does not pretend the
    # server ended the sign-in: it did not.
    assert stored(hand, "tablet.token") is None
    assert "the server still accepts dealer's sign-in" in banner
    assert as_token(hand.site, token)[0] == 200
    assert DeviceToken.objects.get(user=users["dealer"]).revoked_at is None

    hand.page.context.set_offline(False)
    banner = signed_out_banner(hand, "revoked")
    screenshot(hand.page, "revoked-back-online")

    assert "dealer's sign-in is ended on the server" in banner
    assert as_token(hand.site, token)[0] == 401
    assert stored(hand, "tablet.unrevoked") is None


def test_no_sign_out_while_entries_wait_to_be_sent(
    hand: Hand, users: dict[str, Any], russian_table: Any
) -> None:
    hand.sign_in("dealer")
    token = stored(hand, "tablet.token")
    hand.open_round()
    hand.page.context.set_offline(True)
    hand.action("place_wagers", 1)
    hand.record()
    hand.wait_waiting(1)
    # The app opens box 2's wagers at once; the dealer closes them.
    hand.cancel()

    hand.tap("#menu")

    problem = hand.page.locator("#problem")
    problem.wait_for(timeout=WAIT_MS)
    assert "1 entry still waiting" in problem.inner_text()
    assert stored(hand, "tablet.token") == token
    assert hand.page.locator("#screen").get_attribute("data-screen") == "round"
    assert hand.page.locator("#signed-out").is_hidden()
    hand.page.context.set_offline(False)
    assert as_token(hand.site, token)[0] == 200
