"""Failed sign-ins are throttled per user name and per client address, in Redis; with Redis
down the throttle fails open and the lockout, in PostgreSQL, still holds.

The finding: thirty wrong passwords, then the right one, answered 201.
"""

from __future__ import annotations

from typing import Any

import pytest

from casino.identity.models import DeviceToken, SignInLockout
from tests.identity.sign_in import (
    DEAD_REDIS,
    client_from,
    own_address,  # noqa: F401 (the fixture "address")
    sign_in,
    sign_in_rows,
)

pytestmark = pytest.mark.django_db


def test_thirty_wrong_passwords_then_the_right_one_is_throttled(
    users: dict[str, Any], address: str
) -> None:
    client = client_from(address)
    answers = [sign_in(client, "dealer", f"guess-{n}").status_code for n in range(30)]
    right = sign_in(client, "dealer", "pw-dealer")

    assert answers == [401] * 5 + [429] * 25
    assert right.status_code == 429
    assert right.json()["error"]["code"] == "throttled"
    assert int(right["Retry-After"]) > 0
    assert not DeviceToken.objects.exists()
    # A throttled attempt checks no password and records nothing: five failures, each with
    # the client's address.
    failures = sign_in_rows()
    assert [row.event_code for row in failures] == ["auth.login_failed"] * 5
    assert {row.after["address"] for row in failures} == {address}


def test_thirty_wrong_passwords_then_the_right_one_is_locked_when_redis_is_down(
    users: dict[str, Any], address: str, settings: Any
) -> None:
    settings.CACHES = DEAD_REDIS
    client = client_from(address)
    answers = [sign_in(client, "dealer", f"guess-{n}").status_code for n in range(30)]
    right = sign_in(client, "dealer", "pw-dealer")

    # The throttle failed open; the tenth failure locked the name.
    assert answers == [401] * 10 + [423] * 20
    assert right.status_code == 423
    assert right.json()["error"]["code"] == "sign_in_locked"
    assert not DeviceToken.objects.exists()
    lockout = SignInLockout.objects.get()
    assert (lockout.username, lockout.user, lockout.failures) == ("dealer", users["dealer"], 10)


def test_a_name_is_throttled_from_any_address(users: dict[str, Any], address: str) -> None:
    """Spreading guesses over addresses does not escape the name's count (nor its case)."""
    for n in range(5):
        assert sign_in(client_from(f"203.0.113.{n + 1}"), "dealer", "wrong").status_code == 401
    refused = sign_in(client_from(address), "Dealer", "pw-dealer")
    assert refused.status_code == 429
    assert sign_in(client_from(address), "dealer", "pw-dealer").status_code == 429


def test_an_address_is_throttled_whatever_the_name(
    users: dict[str, Any], address: str, settings: Any
) -> None:
    """Spraying one password over many names from one address is throttled too."""
    settings.SIGN_IN_THROTTLE_RATES = {"username": "5/min", "address": "3/min"}
    client = client_from(address)
    names = ["auditor", "admin", "nobody"]
    assert [sign_in(client, name, "wrong").status_code for name in names] == [401] * 3
    refused = sign_in(client, "pit_boss", "pw-pit_boss")
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "throttled"


def test_successful_sign_ins_are_never_throttled(users: dict[str, Any], address: str) -> None:
    """A shift change: many tablets behind one address sign in at once."""
    client = client_from(address)
    answers = [sign_in(client, "dealer", "pw-dealer", f"tablet {n}").status_code for n in range(30)]
    assert answers == [201] * 30


def test_a_success_does_not_clear_the_throttle_of_a_name(
    users: dict[str, Any], address: str
) -> None:
    """The throttle counts failures over its window, not in a row: guessing between two
    successes of the real user is still slowed."""
    client = client_from(address)
    for _ in range(4):
        sign_in(client, "dealer", "wrong")
    assert sign_in(client, "dealer", "pw-dealer").status_code == 201
    assert sign_in(client, "dealer", "wrong").status_code == 401
    assert sign_in(client, "dealer", "wrong").status_code == 429
