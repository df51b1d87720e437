"""Who manages a table registers tablets to it and revokes them: the credential is answered
once and stored as its SHA-256 only, the list never shows it, and both steps are audited in the
table's stream. (Who may, in every role: ``tests/api/test_permission_matrix.py``.)"""

from __future__ import annotations

from typing import Any

import pytest

from casino.core.models import AuditRecord
from casino.identity.models import hash_token
from tables.models import Tablet
from tests.tablets.conftest import Registered

pytestmark = pytest.mark.django_db


def test_a_registered_tablet_is_answered_its_credential_once(
    floor: dict[str, Any], client_for: Any
) -> None:
    table = floor["table"]
    client = client_for("pit_boss")
    answer = client.post(
        f"/api/v1/tables/{table.pk}/tablets/", {"name": "RP-1 left"}, format="json"
    )

    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert set(body) == {"id", "table", "name", "registered_at", "credential"}
    assert (body["table"], body["name"]) == (table.pk, "RP-1 left")
    tablet = Tablet.objects.get(pk=body["id"])
    assert tablet.credential_digest == hash_token(body["credential"])
    assert body["credential"] not in tablet.credential_digest
    row = AuditRecord.objects.get(event_code="tablet.registered")
    assert row.stream == f"table:{table.pk}"
    assert row.after == {"tablet": tablet.pk, "name": "RP-1 left"}
    assert body["credential"] not in str(row.after)

    listed = client.get(f"/api/v1/tables/{table.pk}/tablets/").json()
    assert [t["id"] for t in listed] == [tablet.pk]
    assert "credential" not in listed[0]
    assert body["credential"] not in str(listed)


def test_a_revoked_tablet_stays_listed_and_a_second_revocation_is_refused(
    floor: dict[str, Any], users: dict[str, Any], tablet: Registered, client_for: Any
) -> None:
    client = client_for("admin")
    url = f"/api/v1/tablets/{tablet.tablet.pk}/revoke/"
    answer = client.post(url, {"reason": "screen cracked"}, format="json")

    assert answer.status_code == 200, answer.content
    assert answer.json()["revoked_by"] == "admin"
    assert answer.json()["revoke_reason"] == "screen cracked"
    tablet.tablet.refresh_from_db()
    assert tablet.tablet.revoked_at is not None
    row = AuditRecord.objects.get(event_code="tablet.revoked")
    assert row.stream == f"table:{floor['table'].pk}"
    assert row.reason == "screen cracked"

    again = client.post(url, {"reason": "twice"}, format="json")
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "tablet_already_revoked"
    assert AuditRecord.objects.filter(event_code="tablet.revoked").count() == 1
    listed = client.get(f"/api/v1/tables/{floor['table'].pk}/tablets/").json()
    assert [(t["id"], t["revoked_by"]) for t in listed] == [(tablet.tablet.pk, "admin")]


@pytest.mark.parametrize("reason", ["", "   "])
def test_a_revocation_needs_a_reason(tablet: Registered, client_for: Any, reason: str) -> None:
    answer = client_for("pit_boss").post(
        f"/api/v1/tablets/{tablet.tablet.pk}/revoke/", {"reason": reason}, format="json"
    )
    assert answer.status_code == 400
    tablet.tablet.refresh_from_db()
    assert tablet.tablet.revoked_at is None


def test_the_pit_boss_of_another_pit_neither_registers_nor_revokes(
    floor: dict[str, Any], tablet: Registered, client_for: Any
) -> None:
    client = client_for("other_pit_boss")
    registered = client.post(
        f"/api/v1/tables/{floor['table'].pk}/tablets/", {"name": "sneaky"}, format="json"
    )
    revoked = client.post(
        f"/api/v1/tablets/{tablet.tablet.pk}/revoke/", {"reason": "mine now"}, format="json"
    )
    assert (registered.status_code, revoked.status_code) == (403, 403)
    assert Tablet.objects.count() == 1
    tablet.tablet.refresh_from_db()
    assert tablet.tablet.revoked_at is None
