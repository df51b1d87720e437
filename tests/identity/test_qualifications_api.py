"""Dealers' qualifications through the API: recorded and revoked by a pit boss, read by the
dealer concerned (and by pit bosses, auditors and admins: ``tests/api/test_permission_matrix``),
each refusal with its own code and nothing written."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from casino.core.models import AuditRecord
from casino.core.roles import Role
from casino.identity.models import Qualification, QualificationRevocation

pytestmark = pytest.mark.django_db


def _state() -> tuple[int, int, int]:
    return (
        Qualification.objects.count(),
        QualificationRevocation.objects.count(),
        AuditRecord.objects.count(),
    )


def _url(user: Any) -> str:
    return f"/api/v1/dealers/{user.pk}/qualifications/"


BODY = {
    "game": "ruby_run",
    "evidence_kind": "training",
    "evidence_reference": "RR course 3",
    "qualified_on": "2025-03-01",
}


def test_a_pit_boss_records_and_revokes_through_the_api_and_the_dealer_reads_them(
    floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any], client_for: Any
) -> None:
    trainee = make_user("trainee", Role.DEALER, qualified=False)
    users["trainee"] = trainee
    pit_boss = client_for("pit_boss")
    created = pit_boss.post(_url(trainee), BODY, format="json")
    assert created.status_code == 201, created.content
    recorded = created.json()
    assert {
        k: recorded[k] for k in (*BODY, "dealer", "recorded_by", "expires_on", "revocation")
    } == {
        **BODY,
        "dealer": "trainee",
        "recorded_by": "pit_boss",
        "expires_on": None,
        "revocation": None,
    }
    revoked = pit_boss.post(
        f"/api/v1/qualifications/{recorded['id']}/revocations/",
        {"reason": "wrong course"},
        format="json",
    )
    assert revoked.status_code == 201, revoked.content
    assert revoked.json()["revocation"]["reason"] == "wrong course"
    assert revoked.json()["revocation"]["revoked_by"] == "pit_boss"

    listed = client_for("trainee").get(_url(trainee))
    assert listed.status_code == 200
    assert [(q["id"], q["revocation"]["reason"]) for q in listed.json()] == [
        (recorded["id"], "wrong course")
    ]
    # A dealer reads the own qualifications alone.
    other = client_for("dealer").get(_url(trainee))
    assert (other.status_code, other.json()["error"]["code"]) == (403, "permission_denied")


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({**BODY, "qualified_on": "2999-01-01"}, 400, "qualification_invalid"),
        ({**BODY, "expires_on": "2025-02-28"}, 400, "qualification_invalid"),
    ],
    ids=["date-to-come", "expires-before-qualified"],
)
def test_the_api_refuses_bad_dates_with_their_code(
    floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Any,
    body: dict,
    status: int,
    code: str,
) -> None:
    before = _state()
    answer = client_for("admin").post(_url(users["dealer"]), body, format="json")
    assert (answer.status_code, answer.json()["error"]["code"]) == (status, code)
    assert _state() == before


def test_the_api_refuses_to_qualify_who_is_not_a_dealer(
    floor: dict[str, Any], users: dict[str, Any], client_for: Any
) -> None:
    before = _state()
    answer = client_for("admin").post(_url(users["cage"]), BODY, format="json")
    assert (answer.status_code, answer.json()["error"]["code"]) == (400, "not_a_dealer")
    assert _state() == before
