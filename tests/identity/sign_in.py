"""Helpers of the sign-in tests: a client from its own address, a sign-in, the trail's rows of
sign-ins, and throttles that start empty.

The throttles count in Redis, which outlives each test's database: every test signs in from
an address of its own and forgets what it counted, before and after, so no test (nor a rerun
within the window) inherits another's failures.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from rest_framework.test import APIClient

from casino.api.throttles import AddressThrottle, UsernameThrottle
from casino.core.models import AuditRecord

DEVICE_TOKEN_URL = "/api/v1/auth/device-token/"
#: Names the sign-in tests use: the fixtures' users, and one nobody has.
NAMES = ("dealer", "other_dealer", "pit_boss", "other_pit_boss", "auditor", "admin", "nobody")
#: Dead Redis: nothing listens on port 1.
DEAD_REDIS = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
    }
}

_addresses = (f"198.51.100.{n}" for n in itertools.cycle(range(1, 255)))


def forget_throttles(*addresses: str) -> None:
    for name in NAMES:
        UsernameThrottle().forget(name)
    for address in addresses:
        AddressThrottle().forget(address)


@pytest.fixture(name="address")
def own_address() -> Iterator[str]:
    """An address of the test's own (TEST-NET-2), its throttles and the names' empty."""
    chosen = next(_addresses)
    forget_throttles(chosen)
    yield chosen
    forget_throttles(chosen)


def client_from(address: str, **extra: Any) -> APIClient:
    return APIClient(REMOTE_ADDR=address, **extra)


def sign_in(client: APIClient, username: str, password: str, device: str = "tablet 3") -> Any:
    return client.post(
        DEVICE_TOKEN_URL,
        {"username": username, "password": password, "device_name": device},
        format="json",
    )


def sign_in_rows() -> list[AuditRecord]:
    """The trail's rows of sign-ins, lockouts and tokens, in order."""
    return list(AuditRecord.objects.filter(event_code__startswith="auth.").order_by("id"))
