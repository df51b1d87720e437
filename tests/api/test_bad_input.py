"""Bad input gets a 4xx with a stable code, and nothing is written."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from casino.api.models import IdempotencyKey
from casino.core.models import AuditRecord
from tables.models import RoundCard, RoundEvent, Table
from tables.services.rounds import round_open

pytestmark = pytest.mark.django_db

WATCHED = (RoundEvent, RoundCard, AuditRecord, IdempotencyKey)


@contextmanager
def nothing_written() -> Iterator[None]:
    before = {model: model.objects.count() for model in WATCHED}
    yield
    assert {model: model.objects.count() for model in WATCHED} == before


@pytest.fixture
def dealer(client_for: Callable[[str | None], Any]) -> Any:
    return client_for("dealer")


@pytest.fixture
def round_id(floor: dict[str, Any], users: dict[str, Any]) -> int:
    return round_open(table_id=floor["table"].pk, dealer=users["dealer"]).pk


def _act(client: Any, round_id: int, body: dict[str, Any], key: str = "retry-key-0001") -> Any:
    return client.post(
        f"/api/v1/rounds/{round_id}/actions/", body, format="json", HTTP_IDEMPOTENCY_KEY=key
    )


@pytest.mark.parametrize(
    ("body", "status", "code", "field"),
    [
        (
            {"expected_event": 0, "action": "note", "text": "x", "colour": "red"},
            400,
            "unknown_field",
            "colour",
        ),
        (
            {"expected_event": "zero", "action": "note", "text": "x"},
            400,
            "invalid_input",
            "expected_event",
        ),
        (
            {"expected_event": -1, "action": "note", "text": "x"},
            400,
            "invalid_input",
            "expected_event",
        ),
        ({"expected_event": 0, "action": "note"}, 400, "invalid_input", "text"),
        (
            {"expected_event": 0, "action": "expose_card", "card": "1x"},
            400,
            "card_unknown",
            "card",
        ),
        (
            {"expected_event": 0, "action": "juggle", "balls": 3},
            400,
            "action_unknown",
            "action",
        ),
        ({"expected_event": 3, "action": "note", "text": "x"}, 409, "stale_event", None),
    ],
    ids=[
        "unknown-field",
        "wrong-type",
        "negative-number",
        "missing-field",
        "unknown-card",
        "unknown-action",
        "stale-event",
    ],
)
def test_round_action_refusals(
    dealer: Any, round_id: int, body: dict[str, Any], status: int, code: str, field: str | None
) -> None:
    with nothing_written():
        response = _act(dealer, round_id, body)
    assert response.status_code == status, response.content
    error = response.json()["error"]
    assert error["code"] == code
    if field is not None:
        assert field in error["details"]["fields"]
    if body.get("card") == "1x":
        assert error["details"]["fields"]["card"][0]["code"] == "card_unknown"


def test_a_card_seen_twice_is_refused_with_its_code(dealer: Any, round_id: int) -> None:
    first = _act(
        dealer,
        round_id,
        {"expected_event": 0, "action": "expose_card", "card": "As"},
        key="expose-0001",
    )
    assert first.status_code == 200, first.content
    with nothing_written():
        again = _act(
            dealer,
            round_id,
            {"expected_event": 1, "action": "expose_card", "card": "AS"},
            key="expose-0002",
        )
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "card_duplicate"
    assert again.json()["error"]["details"]["card"] == "As"


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"ante_min": "-5.00", "reason": "r"}, "invalid_input", "ante_min"),
        ({"max_table_payout": "-1", "reason": "r"}, "invalid_input", "max_table_payout"),
        ({"ante_max": "ten", "reason": "r"}, "invalid_input", "ante_max"),
        ({"ante_max": "100.001", "reason": "r"}, "invalid_input", "ante_max"),
        ({"ante_max": "100", "reason": "r", "ante_maxx": "1"}, "unknown_field", "ante_maxx"),
        ({"ante_max": "100"}, "invalid_input", "reason"),
    ],
    ids=[
        "negative-ante",
        "negative-cap",
        "not-a-number",
        "too-many-decimals",
        "unknown-field",
        "missing-reason",
    ],
)
def test_limit_change_refusals(
    client_for: Callable[[str | None], Any],
    floor: dict[str, Any],
    body: dict[str, Any],
    code: str,
    field: str,
) -> None:
    table = floor["table"]
    before = Table.objects.values().get(pk=table.pk)
    with nothing_written():
        response = client_for("pit_boss").post(
            f"/api/v1/tables/{table.pk}/limits/", body, format="json"
        )
    assert response.status_code == 400, response.content
    assert response.json()["error"]["code"] == code
    assert field in response.json()["error"]["details"]["fields"]
    assert Table.objects.values().get(pk=table.pk) == before


def test_inconsistent_limits_are_refused_by_the_service(
    client_for: Callable[[str | None], Any], floor: dict[str, Any]
) -> None:
    table = floor["table"]
    with nothing_written():
        response = client_for("pit_boss").post(
            f"/api/v1/tables/{table.pk}/limits/",
            {"ante_min": "600.00", "reason": "typo"},
            format="json",
        )
    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "limits_invalid",
        "message": "ante_min is above ante_max.",
        "details": {"field": "ante_min"},
    }


def test_body_that_is_not_json_is_refused(dealer: Any, round_id: int) -> None:
    with nothing_written():
        response = dealer.post(
            f"/api/v1/rounds/{round_id}/actions/", "{not json", content_type="application/json"
        )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "parse_error"
