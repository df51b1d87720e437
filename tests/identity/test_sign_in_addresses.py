"""Every sign-in audit row, success or failure, on either channel, names the client's address;
``X-Forwarded-For`` is believed only from a trusted proxy.

The finding: each failure wrote an anonymous audit row without the client's address.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client, RequestFactory

from casino.api.addresses import client_address
from tests.identity.sign_in import (
    client_from,
    own_address,  # noqa: F401 (the fixture "address")
    sign_in,
    sign_in_rows,
)


@pytest.mark.django_db
def test_every_device_sign_in_row_names_the_address(users: dict[str, Any], address: str) -> None:
    client = client_from(address)
    sign_in(client, "dealer", "wrong", "tablet 3")
    sign_in(client, "nobody", "wrong", "tablet 3")
    sign_in(client, "dealer", "pw-dealer", "tablet 3")
    rows = sign_in_rows()
    assert [(row.event_code, row.actor_label) for row in rows] == [
        ("auth.login_failed", "dealer"),
        ("auth.login_failed", "nobody"),
        ("auth.device_token_issued", "dealer"),
    ]
    assert rows[0].after == {
        "device_name": "tablet 3",
        "address": address,
        "reason": "wrong_credentials",
    }
    assert {row.after["address"] for row in rows} == {address}


@pytest.mark.django_db
def test_every_session_sign_in_row_names_the_address(users: dict[str, Any], address: str) -> None:
    browser = Client(REMOTE_ADDR=address)
    browser.post("/admin/login/", {"username": "admin", "password": "wrong"})
    browser.post("/admin/login/", {"username": "admin", "password": "pw-admin"})
    rows = sign_in_rows()
    assert [row.event_code for row in rows] == ["auth.login_failed", "auth.login"]
    assert rows[0].after == {
        "channel": "session",
        "address": address,
        "reason": "wrong_credentials",
    }
    assert rows[1].after == {"channel": "session", "address": address}


@pytest.mark.django_db
def test_a_forwarded_address_is_not_believed_by_default(
    users: dict[str, Any], address: str
) -> None:
    client = client_from(address, HTTP_X_FORWARDED_FOR="192.0.2.99")
    sign_in(client, "dealer", "wrong")
    assert sign_in_rows()[-1].after["address"] == address


def _request(remote: str, forwarded: str | None = None) -> Any:
    extra = {} if forwarded is None else {"HTTP_X_FORWARDED_FOR": forwarded}
    return RequestFactory().get("/", REMOTE_ADDR=remote, **extra)


def test_the_address_is_the_peers_without_trusted_proxies(settings: Any) -> None:
    settings.TRUSTED_PROXIES = []
    assert client_address(_request("198.51.100.7", "192.0.2.1")) == "198.51.100.7"
    assert client_address(_request("not an address")) is None


def test_behind_trusted_proxies_the_client_is_the_last_untrusted_hop(settings: Any) -> None:
    settings.TRUSTED_PROXIES = ["10.0.0.0/8", "2001:db8::1"]
    # The client forged the first hop; the proxies appended what they saw.
    forwarded = "192.0.2.66, 198.51.100.7, 10.0.0.5"
    assert client_address(_request("10.0.0.1", forwarded)) == "198.51.100.7"
    assert client_address(_request("2001:db8::1", "198.51.100.8")) == "198.51.100.8"
    # From a peer that is no trusted proxy, the header is the client's own word: ignored.
    assert client_address(_request("198.51.100.9", "192.0.2.66")) == "198.51.100.9"
    # A hop that is no address was not written by a trusted proxy: the last one believed.
    assert client_address(_request("10.0.0.1", "garbage, 10.0.0.5")) == "10.0.0.5"
    # Nothing forwarded: the proxy is all we know.
    assert client_address(_request("10.0.0.1")) == "10.0.0.1"
