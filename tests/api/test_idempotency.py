"""Idempotency-Key: a retry gets the first response; the key with another body is refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from casino.api.models import IdempotencyKey
from casino.core.models import AuditRecord
from tables.models import RoundEvent
from tables.services.rounds import round_open

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_id(floor: dict[str, Any], users: dict[str, Any]) -> int:
    return round_open(table_id=floor["table"].pk, dealer=users["dealer"]).pk


def _note(client: Any, round_id: int, key: str, text: str = "cards checked") -> Any:
    return client.post(
        f"/api/v1/rounds/{round_id}/actions/",
        {"expected_event": 0, "action": "note", "text": text},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
    )


def test_twenty_retries_make_one_event_and_the_same_body(
    round_id: int, client_for: Callable[[str | None], Any]
) -> None:
    client = client_for("dealer")
    audit_before = AuditRecord.objects.count()

    responses = [_note(client, round_id, "tablet7-0001") for _ in range(20)]

    assert {r.status_code for r in responses} == {200}
    first = responses[0].json()
    assert all(r.json() == first for r in responses)
    assert [r.get("Idempotent-Replayed") for r in responses[1:]] == ["true"] * 19
    assert RoundEvent.objects.filter(round_id=round_id).count() == 1
    assert AuditRecord.objects.count() == audit_before + 1
    assert IdempotencyKey.objects.filter(key="tablet7-0001").count() == 1


def test_same_key_with_another_body_is_refused_and_writes_nothing(
    round_id: int, client_for: Callable[[str | None], Any]
) -> None:
    client = client_for("dealer")
    assert _note(client, round_id, "tablet7-0002", "first").status_code == 200

    response = _note(client, round_id, "tablet7-0002", "something else")

    assert response.status_code == 422
    assert response.json()["error"]["code"] == "idempotency_key_reused"
    assert RoundEvent.objects.filter(round_id=round_id).count() == 1


def test_a_refused_request_is_not_remembered(
    round_id: int, client_for: Callable[[str | None], Any]
) -> None:
    """A failure rolls the key back with everything else: the corrected retry then runs."""
    client = client_for("dealer")
    bad = client.post(
        f"/api/v1/rounds/{round_id}/actions/",
        {"expected_event": 5, "action": "note", "text": "x"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="tablet7-0003",
    )
    assert bad.status_code == 409
    assert not IdempotencyKey.objects.filter(key="tablet7-0003").exists()


def test_keys_belong_to_their_user(
    round_id: int, floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    """Another user's identical key is another request, never a replay of someone else's."""
    pit_boss = client_for("pit_boss")
    first = pit_boss.post(
        f"/api/v1/tables/{floor['table'].pk}/limits/",
        {"ante_max": "300.00", "reason": "r"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="shared-key-01",
    )
    admin = client_for("admin")
    second = admin.post(
        f"/api/v1/tables/{floor['table'].pk}/limits/",
        {"ante_max": "200.00", "reason": "r"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="shared-key-01",
    )
    assert (first.status_code, second.status_code) == (200, 200)
    assert second.json()["ante_max"] == "200.00"


def test_malformed_key_is_refused(round_id: int, client_for: Callable[[str | None], Any]) -> None:
    response = _note(client_for("dealer"), round_id, "short")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "idempotency_key_invalid"
    assert RoundEvent.objects.filter(round_id=round_id).count() == 0
