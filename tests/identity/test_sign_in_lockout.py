"""A user name is locked after repeated failed sign-ins, in PostgreSQL, until a pit boss (for
the dealers of the own pits) or an admin lifts it; locking and lifting are audited.

Throttling is off here (no rate), so the lockout is seen alone.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.utils import timezone

from casino.identity.lockouts import sign_in_success_record
from casino.identity.models import SignInFailures, SignInLockout
from tests.identity.sign_in import (
    client_from,
    own_address,  # noqa: F401 (the fixture "address")
    sign_in,
    sign_in_rows,
)

pytestmark = pytest.mark.django_db

LOCKOUTS_URL = "/api/v1/auth/lockouts/"


@pytest.fixture(autouse=True)
def _lock_after_three(settings: Any) -> None:
    settings.SIGN_IN_LOCKOUT_FAILURES = 3
    settings.SIGN_IN_THROTTLE_RATES = {"username": "", "address": ""}


def _lock(name: str, address: str) -> SignInLockout:
    client = client_from(address)
    for _ in range(3):
        assert sign_in(client, name, "wrong").status_code == 401
    return SignInLockout.objects.get(username=name, lifted_at__isnull=True)


def _lift(client: Any, lockout: SignInLockout, reason: str = "called the dealer") -> Any:
    return client.post(f"{LOCKOUTS_URL}{lockout.pk}/lift/", {"reason": reason}, format="json")


def test_the_failure_that_reaches_the_limit_locks_the_name(
    users: dict[str, Any], address: str
) -> None:
    client = client_from(address)
    assert sign_in(client, "dealer", "wrong").status_code == 401
    assert sign_in(client, "dealer", "wrong").status_code == 401
    assert not SignInLockout.objects.exists()
    assert sign_in(client, "dealer", "wrong").status_code == 401

    locked = sign_in(client, "dealer", "pw-dealer")
    assert locked.status_code == 423
    assert locked.json()["error"]["code"] == "sign_in_locked"
    lockout = SignInLockout.objects.get()
    assert (lockout.username, lockout.user, lockout.failures) == ("dealer", users["dealer"], 3)
    assert lockout.address == address
    assert [row.event_code for row in sign_in_rows()] == [
        "auth.login_failed",
        "auth.login_failed",
        "auth.login_failed",
        "auth.sign_in_locked",
        "auth.login_failed",
    ]
    assert sign_in_rows()[-1].after["reason"] == "locked"


def test_failures_count_in_a_row_a_success_starts_afresh(
    users: dict[str, Any], address: str
) -> None:
    client = client_from(address)
    for _ in range(2):
        sign_in(client, "dealer", "wrong")
    assert sign_in(client, "dealer", "pw-dealer").status_code == 201
    assert SignInFailures.objects.get(username="dealer").failures == 0
    for _ in range(2):
        assert sign_in(client, "dealer", "wrong").status_code == 401
    assert sign_in(client, "dealer", "pw-dealer").status_code == 201
    assert not SignInLockout.objects.exists()


def test_a_name_nobody_has_locks_the_same_way(users: dict[str, Any], address: str) -> None:
    """Otherwise the answer would tell which names exist."""
    lockout = _lock("nobody", address)
    assert lockout.user is None
    assert sign_in(client_from(address), "nobody", "anything").status_code == 423


def test_the_pit_boss_of_the_dealers_pit_lifts_it(
    users: dict[str, Any], floor: dict[str, Any], client_for: Any, address: str
) -> None:
    lockout = _lock("dealer", address)
    pit_boss = client_for("pit_boss")
    listed = pit_boss.get(LOCKOUTS_URL).json()
    assert [(item["id"], item["username"], item["failures"]) for item in listed] == [
        (lockout.pk, "dealer", 3)
    ]

    lifted = _lift(pit_boss, lockout)
    assert lifted.status_code == 200, lifted.content
    assert lifted.json()["lifted_by"] == "pit_boss"
    lockout.refresh_from_db()
    assert lockout.lifted_by == users["pit_boss"]
    assert lockout.lift_reason == "called the dealer"
    assert pit_boss.get(LOCKOUTS_URL).json() == []
    row = sign_in_rows()[-1]
    assert (row.event_code, row.actor, row.reason) == (
        "auth.sign_in_lockout_lifted",
        users["pit_boss"],
        "called the dealer",
    )
    assert row.before == {"lockout": lockout.pk, "username": "dealer", "failures": 3}

    # Signed in again, and the count starts afresh: the lockout row is kept.
    client = client_from(address)
    assert sign_in(client, "dealer", "wrong").status_code == 401
    assert sign_in(client, "dealer", "pw-dealer").status_code == 201
    assert SignInLockout.objects.count() == 1


def test_lifting_clears_the_names_throttle(
    users: dict[str, Any],
    floor: dict[str, Any],
    client_for: Any,
    address: str,
    settings: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    """A dealer the pit boss has just let back in is not kept waiting by the throttle (which
    forgets the name once the lift is committed)."""
    settings.SIGN_IN_THROTTLE_RATES = {"username": "3/min", "address": ""}
    lockout = _lock("dealer", address)
    assert sign_in(client_from(address), "dealer", "pw-dealer").status_code == 429
    with django_capture_on_commit_callbacks(execute=True):
        assert _lift(client_for("pit_boss"), lockout).status_code == 200
    assert sign_in(client_from(address), "dealer", "pw-dealer").status_code == 201


@pytest.mark.parametrize("who", ["other_pit_boss", "dealer", "other_dealer", "auditor"])
def test_nobody_else_lifts_it(
    who: str, users: dict[str, Any], floor: dict[str, Any], client_for: Any, address: str
) -> None:
    lockout = _lock("dealer", address)
    refused = _lift(client_for(who), lockout)
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "permission_denied"
    lockout.refresh_from_db()
    assert lockout.lifted_at is None
    assert sign_in_rows()[-1].event_code == "auth.sign_in_locked"


def test_the_other_pits_boss_does_not_see_it(
    users: dict[str, Any], floor: dict[str, Any], client_for: Any, address: str
) -> None:
    _lock("dealer", address)
    assert client_for("other_pit_boss").get(LOCKOUTS_URL).json() == []


def test_a_pit_boss_does_not_lift_their_own(
    users: dict[str, Any], floor: dict[str, Any], client_for: Any, address: str
) -> None:
    """A pit boss still signed in on one device must not undo the lock on the name someone is
    guessing at; nor may an admin."""
    for who in ("pit_boss", "admin"):
        lockout = _lock(who, address)
        assert _lift(client_for(who), lockout).status_code == 403


def test_an_admin_lifts_any_even_of_a_name_nobody_has(
    users: dict[str, Any], client_for: Any, address: str
) -> None:
    admin = client_for("admin")
    for name in ("dealer", "nobody"):
        lockout = _lock(name, address)
        assert _lift(admin, lockout).status_code == 200


def test_lifting_twice_is_refused_and_writes_nothing(
    users: dict[str, Any], client_for: Any, address: str
) -> None:
    lockout = _lock("dealer", address)
    admin = client_for("admin")
    assert _lift(admin, lockout).status_code == 200
    rows = len(sign_in_rows())
    again = _lift(admin, lockout, "again")
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "lockout_not_active"
    assert len(sign_in_rows()) == rows


def test_a_lift_needs_a_reason(users: dict[str, Any], client_for: Any, address: str) -> None:
    lockout = _lock("dealer", address)
    refused = _lift(client_for("admin"), lockout, reason="")
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "invalid_input"
    lockout.refresh_from_db()
    assert lockout.lifted_at is None


def test_an_unknown_lockout_is_not_found(users: dict[str, Any], client_for: Any) -> None:
    response = client_for("admin").post(
        f"{LOCKOUTS_URL}999999/lift/", {"reason": "x"}, format="json"
    )
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_session_sign_ins_count_towards_the_same_lockout_and_obey_it(
    users: dict[str, Any], address: str
) -> None:
    """The admin's login page asks for passwords too: guessing there locks the name, and a
    locked name logs in on neither channel."""
    browser = Client(REMOTE_ADDR=address)
    for _ in range(3):
        browser.post("/admin/login/", {"username": "admin", "password": "wrong"})
    assert SignInLockout.objects.filter(username="admin", lifted_at__isnull=True).exists()

    browser.post("/admin/login/", {"username": "admin", "password": "pw-admin"})
    assert "_auth_user_id" not in browser.session
    assert sign_in(client_from(address), "admin", "pw-admin").status_code == 423
    rows = sign_in_rows()
    assert rows[-2].after == {"channel": "session", "address": address, "reason": "locked"}


def test_a_right_password_loses_to_a_lockout_made_while_it_was_checked(
    users: dict[str, Any],
) -> None:
    """The password is checked outside any transaction; the name's counter row, taken again
    when the token is issued, shows a lockout made meanwhile, and the sign-in is refused."""
    SignInFailures.objects.create(username="dealer", failures=3)
    SignInLockout.objects.create(
        username="dealer", user=users["dealer"], failures=3, locked_at=timezone.now()
    )
    with transaction.atomic():
        assert sign_in_success_record(username="dealer") is False
    assert SignInFailures.objects.get(username="dealer").failures == 3
    with transaction.atomic():
        assert sign_in_success_record(username="pit_boss") is True
