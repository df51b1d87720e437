"""Device tokens last one shift, are listed without their secret, and are revoked by their
user, by the pit boss of a dealer's pit, or by an admin: recorded, audited, never deleted.

The findings: device tokens never expired; only the admin could revoke one.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib import admin as django_admin
from django.test import RequestFactory
from django.utils import timezone
from rest_framework.test import APIClient

from casino.identity.models import DeviceToken, hash_token
from tests.identity.sign_in import (
    client_from,
    own_address,  # noqa: F401 (the fixture "address")
    sign_in,
    sign_in_rows,
)

pytestmark = pytest.mark.django_db

TOKENS_URL = "/api/v1/auth/tokens/"


def _signed_in(name: str, address: str, device: str = "tablet 3") -> tuple[APIClient, int]:
    """A client signed in as ``name`` through the endpoint, and its token's id."""
    answer = sign_in(client_from(address), name, f"pw-{name}", device)
    assert answer.status_code == 201, answer.content
    client = client_from(address, HTTP_AUTHORIZATION=f"Token {answer.json()['token']}")
    token = DeviceToken.objects.get(key_digest=hash_token(answer.json()["token"]))
    return client, token.pk


def _revoke(client: APIClient, token_id: int) -> Any:
    return client.post(f"{TOKENS_URL}{token_id}/revoke/", {}, format="json")


def test_a_token_expires_after_a_shift(users: dict[str, Any], address: str) -> None:
    before = timezone.now()
    answer = sign_in(client_from(address), "dealer", "pw-dealer")
    token = DeviceToken.objects.get()
    shift = dt.timedelta(hours=12)
    assert before + shift <= token.expires_at <= timezone.now() + shift
    assert answer.json()["expires_at"] == token.expires_at.isoformat().replace("+00:00", "Z")


def test_the_shift_is_configurable(users: dict[str, Any], address: str, settings: Any) -> None:
    settings.DEVICE_TOKEN_TTL_HOURS = 8
    sign_in(client_from(address), "dealer", "pw-dealer")
    token = DeviceToken.objects.get()
    shift = token.expires_at - token.created_at
    assert abs(shift - dt.timedelta(hours=8)) < dt.timedelta(seconds=5)


def test_an_expired_token_is_refused_with_its_own_code(
    users: dict[str, Any], floor: dict[str, Any], address: str
) -> None:
    client, token_id = _signed_in("dealer", address)
    assert client.get("/api/v1/me/").status_code == 200
    DeviceToken.objects.filter(pk=token_id).update(expires_at=timezone.now())
    refused = client.get("/api/v1/me/")
    assert refused.status_code == 401
    assert refused.json()["error"]["code"] == "token_expired"
    assert refused["WWW-Authenticate"] == "Token"


def test_a_user_lists_their_own_tokens_without_the_secret(
    users: dict[str, Any], address: str
) -> None:
    client, current = _signed_in("auditor", address, "desk")
    _, other = _signed_in("auditor", address, "laptop")
    _signed_in("dealer", address)
    listed = client.get(TOKENS_URL).json()

    assert [(item["id"], item["device_name"], item["current"]) for item in listed] == [
        (other, "laptop", False),
        (current, "desk", True),
    ]
    assert {item["status"] for item in listed} == {"active"}
    assert set(listed[0]) == {
        "id",
        "user",
        "device_name",
        "created_at",
        "expires_at",
        "revoked_at",
        "revoked_by",
        "status",
        "current",
    }
    digests = set(DeviceToken.objects.values_list("key_digest", flat=True))
    assert not any(digest in str(listed) for digest in digests)


def test_a_user_revokes_their_own_token(users: dict[str, Any], address: str) -> None:
    client, token_id = _signed_in("auditor", address)
    revoked = _revoke(client, token_id)
    assert revoked.status_code == 200
    assert (revoked.json()["status"], revoked.json()["revoked_by"]) == ("revoked", "auditor")
    token = DeviceToken.objects.get(pk=token_id)
    assert token.revoked_by == users["auditor"]
    assert token.revoked_at is not None
    assert client.get(TOKENS_URL).status_code == 401  # signed out: it was this one
    row = sign_in_rows()[-1]
    assert (row.event_code, row.actor) == ("auth.device_token_revoked", users["auditor"])
    assert row.before == {"token": token_id, "user": "auditor", "device_name": "tablet 3"}


def test_revoking_again_changes_nothing(
    users: dict[str, Any], address: str, client_for: Any
) -> None:
    _, token_id = _signed_in("dealer", address)
    admin = client_for("admin")
    first = _revoke(admin, token_id)
    rows = len(sign_in_rows())
    again = _revoke(admin, token_id)
    assert again.status_code == 200
    assert again.json() == first.json()
    assert len(sign_in_rows()) == rows


def test_the_pit_boss_of_the_dealers_pit_lists_and_revokes_the_dealers_tokens(
    users: dict[str, Any], floor: dict[str, Any], client_for: Any, address: str
) -> None:
    dealer, token_id = _signed_in("dealer", address)
    _signed_in("other_dealer", address)
    pit_boss = client_for("pit_boss")
    listed = pit_boss.get(TOKENS_URL, {"user": "dealer"}).json()
    assert [item["id"] for item in listed] == [token_id]
    everyone = {item["user"] for item in pit_boss.get(TOKENS_URL).json()}
    assert everyone == {"dealer", "pit_boss"}

    assert _revoke(pit_boss, token_id).status_code == 200
    assert DeviceToken.objects.get(pk=token_id).revoked_by == users["pit_boss"]
    refused = dealer.get("/api/v1/me/")
    assert refused.status_code == 401
    assert refused.json()["error"]["code"] == "authentication_failed"


def test_a_dealer_stays_the_pits_between_two_shifts(
    users: dict[str, Any], floor: dict[str, Any], client_for: Any, address: str
) -> None:
    """The assignment ended, the tablet still signed in: the pit boss can still revoke it."""
    floor["table"].assignments.update(ended_at=timezone.now())
    _, token_id = _signed_in("dealer", address)
    assert _revoke(client_for("pit_boss"), token_id).status_code == 200


@pytest.mark.parametrize("who", ["other_pit_boss", "other_dealer", "auditor", "no_role"])
def test_nobody_else_revokes_a_dealers_token(
    who: str, users: dict[str, Any], floor: dict[str, Any], client_for: Any, address: str
) -> None:
    dealer, token_id = _signed_in("dealer", address)
    client = client_for(who)
    assert all(item["user"] != "dealer" for item in client.get(TOKENS_URL).json())
    refused = _revoke(client, token_id)
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "permission_denied"
    assert DeviceToken.objects.get(pk=token_id).revoked_at is None
    assert dealer.get("/api/v1/me/").status_code == 200


def test_a_pit_boss_does_not_revoke_another_pit_bosss_token(
    users: dict[str, Any], floor: dict[str, Any], client_for: Any, address: str
) -> None:
    _, token_id = _signed_in("other_pit_boss", address)
    assert _revoke(client_for("pit_boss"), token_id).status_code == 403


def test_an_admin_lists_and_revokes_every_token(
    users: dict[str, Any], floor: dict[str, Any], client_for: Any, address: str
) -> None:
    ids = [_signed_in(name, address)[1] for name in ("dealer", "pit_boss", "auditor")]
    admin = client_for("admin")
    listed = {item["id"] for item in admin.get(TOKENS_URL).json()}
    assert set(ids) <= listed
    for token_id in ids:
        assert _revoke(admin, token_id).status_code == 200
    active = admin.get(TOKENS_URL, {"status": "active"}).json()
    assert [item["user"] for item in active] == ["admin"]
    assert len(admin.get(TOKENS_URL, {"status": "revoked"}).json()) == 3


def test_the_list_tells_expired_tokens_apart(users: dict[str, Any], address: str) -> None:
    client, token_id = _signed_in("auditor", address, "desk")
    _, old = _signed_in("auditor", address, "old tablet")
    DeviceToken.objects.filter(pk=old).update(expires_at=timezone.now() - dt.timedelta(hours=1))
    listed = {item["id"]: item["status"] for item in client.get(TOKENS_URL).json()}
    assert listed == {token_id: "active", old: "expired"}
    expired = client.get(TOKENS_URL, {"status": "expired"}).json()
    assert [item["id"] for item in expired] == [old]


def test_an_unknown_token_is_not_found(users: dict[str, Any], client_for: Any) -> None:
    response = _revoke(client_for("admin"), 999999)
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_tokens_are_never_deleted_in_the_admin(users: dict[str, Any], address: str) -> None:
    """The admin revokes through the same service (recorded, audited); it cannot delete one,
    nor edit when or by whom it was revoked."""
    _, token_id = _signed_in("dealer", address)
    model_admin = django_admin.site._registry[DeviceToken]
    request = RequestFactory().post("/admin/")
    request.user = users["admin"]
    assert not model_admin.has_delete_permission(request)
    assert {"revoked_at", "revoked_by", "expires_at"} <= set(model_admin.readonly_fields)
    model_admin.revoke(request, DeviceToken.objects.filter(pk=token_id))
    token = DeviceToken.objects.get(pk=token_id)
    assert token.revoked_by == users["admin"]
    assert sign_in_rows()[-1].event_code == "auth.device_token_revoked"
