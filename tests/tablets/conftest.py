"""Fixtures of the tablet tests: the floor of ``tests.fixtures`` (table RP-1 in the pit boss's
pit with the dealer, RP-9 in the other pit with the other dealer), a spare dealer in the pit,
tablets registered to both tables, the dealers' PINs, and throttles that start empty."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from rest_framework.test import APIClient

from casino.api.throttles import AddressThrottle, UsernameThrottle
from casino.core.roles import Role
from casino.identity.pins import pin_set
from tables.models import Tablet
from tables.services.tablets import tablet_register
from tables.throttles import TabletThrottle
from tests.fixtures import *  # noqa: F403

SIGN_IN_URL = "/api/v1/tablets/sign-in/"
CURRENT_URL = "/api/v1/tablets/current/"
#: The PIN each dealer of the fixtures is given.
PINS = {"dealer": "4812", "other_dealer": "5923", "relief_dealer": "7034"}
#: Names the sign-ins of these tests use, whose throttles are forgotten around each test.
NAMES = ("dealer", "other_dealer", "relief_dealer", "pit_boss", "auditor", "nobody")

_addresses = (f"203.0.113.{n}" for n in itertools.cycle(range(1, 255)))


@dataclass(frozen=True)
class Registered:
    tablet: Tablet
    credential: str

    def client(self, address: str = "203.0.113.250") -> APIClient:
        """A client of this tablet: its credential, from ``address``."""
        client = APIClient(REMOTE_ADDR=address)
        client.credentials(HTTP_AUTHORIZATION=f"Tablet {self.credential}")
        return client


def forget_throttles(*tablets: Tablet) -> None:
    for name in NAMES:
        UsernameThrottle().forget(name)
    for tablet in tablets:
        TabletThrottle().forget(f"tablet:{tablet.pk}")


@pytest.fixture
def relief_dealer(make_user: Callable[..., Any]) -> Any:
    """A dealer of the pit assigned nowhere: the one who relieves the dealer at RP-1."""
    return make_user("relief_dealer", Role.DEALER)


@pytest.fixture
def pins(users: dict[str, Any], relief_dealer: Any) -> dict[str, str]:
    """Every dealer of the fixtures with a PIN (``PINS``), set by the admin."""
    people = {**users, "relief_dealer": relief_dealer}
    for name, pin in PINS.items():
        pin_set(user_id=people[name].pk, pin=pin, actor=users["admin"])
    return PINS


@pytest.fixture
def tablet(floor: dict[str, Any], users: dict[str, Any]) -> Iterator[Registered]:
    """A tablet registered to RP-1 by its pit boss."""
    credential, row = tablet_register(
        table_id=floor["table"].pk, actor=users["pit_boss"], name="RP-1 tablet"
    )
    forget_throttles(row)
    yield Registered(row, credential)
    forget_throttles(row)


@pytest.fixture
def other_tablet(floor: dict[str, Any], users: dict[str, Any]) -> Iterator[Registered]:
    """A tablet registered to RP-9, the other pit's table, by that pit's boss."""
    credential, row = tablet_register(
        table_id=floor["other_table"].pk, actor=users["other_pit_boss"], name="RP-9 tablet"
    )
    forget_throttles(row)
    yield Registered(row, credential)
    forget_throttles(row)


@pytest.fixture(name="address")
def own_address() -> Iterator[str]:
    """An address of the test's own (TEST-NET-3), its address throttle empty."""
    chosen = next(_addresses)
    AddressThrottle().forget(chosen)
    yield chosen
    AddressThrottle().forget(chosen)


def pin_sign_in(client: APIClient, table_id: int, username: str, pin: str, **extra: Any) -> Any:
    return client.post(
        SIGN_IN_URL, {"table": table_id, "username": username, "pin": pin}, format="json", **extra
    )


def token_client(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client
