"""Limits are judged when set as when a round opens, a change that changes nothing is refused,
and removing or raising the maximum table payout waits for a second person."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal as D
from typing import Any

import pytest
from django.db import DatabaseError, transaction

from casino.api.models import IdempotencyKey
from casino.core.errors import ApiError
from casino.core.models import AuditRecord
from casino.core.roles import Role
from tables.models import LimitChangeDecision, LimitChangeRequest, Round, Table, TableChange
from tables.services.limits import limit_change_approve, limit_change_reject, table_limits_change
from tables.services.rounds import round_open
from tables.services.tables import table_change
from tests.owner import as_owner

pytestmark = pytest.mark.django_db

WATCHED = (AuditRecord, TableChange, LimitChangeRequest, LimitChangeDecision, IdempotencyKey, Round)


@contextmanager
def nothing_written(table: Table) -> Iterator[None]:
    """The block changes no row of the watched models and leaves ``table`` as it was."""
    before = {model: model.objects.count() for model in WATCHED}
    row = Table.objects.values().get(pk=table.pk)
    yield
    assert {model: model.objects.count() for model in WATCHED} == before
    assert Table.objects.values().get(pk=table.pk) == row


@pytest.fixture
def deputy(make_user: Callable[..., Any], floor: dict[str, Any], users: dict[str, Any]) -> Any:
    """A second pit boss of the table's pit (one of ``users``, so ``client_for`` knows them)."""
    user = users["deputy"] = make_user("deputy", Role.PIT_BOSS)
    floor["pit"].supervisors.add(user)
    return user


def _limits(client: Any, table: Table, body: dict[str, Any]) -> Any:
    return client.post(f"/api/v1/tables/{table.pk}/limits/", body, format="json")


# -- judged when set, as when a round opens ---------------------------------------------------


def test_an_ante_min_of_zero_is_refused_when_set_and_nothing_is_written(
    client_for: Callable[[str | None], Any], floor: dict[str, Any]
) -> None:
    """It was accepted (200), and the table's next round then failed to open."""
    table = floor["table"]
    with nothing_written(table):
        response = _limits(client_for("pit_boss"), table, {"ante_min": "0", "reason": "free"})
    assert response.status_code == 400, response.content
    assert response.json()["error"] == {
        "code": "limits_invalid",
        "message": "ante_min must be positive.",
        "details": {"field": "ante_min"},
    }


@pytest.mark.parametrize(
    ("limits", "field"),
    [
        ({"ante_min": D(0)}, "ante_min"),
        ({"bet_min": D(0), "bet_max": D(10)}, "bet_min"),
        ({"ante_max": D("20.50")}, "ante_max"),
    ],
)
def test_round_open_judges_the_limits_as_setting_them_does(
    floor: dict[str, Any], users: dict[str, Any], limits: dict[str, D], field: str
) -> None:
    """Limits written behind the services' back (an older row, a hand edit) are refused at
    round open by the same function, with the same code and message, as when set. (A minimum
    above its maximum the database refuses itself.)"""
    table = floor["table"]
    with pytest.raises(ApiError) as when_set:
        table_limits_change(table_id=table.pk, actor=users["pit_boss"], limits=limits, reason="r")
    Table.objects.filter(pk=table.pk).update(**limits)
    with pytest.raises(ApiError) as at_open:
        round_open(table_id=table.pk, dealer=users["dealer"])
    assert (at_open.value.code, at_open.value.message, at_open.value.details) == (
        when_set.value.code,
        when_set.value.message,
        when_set.value.details,
    )
    assert (at_open.value.code, at_open.value.details) == ("limits_invalid", {"field": field})
    assert not Round.objects.filter(table=table).exists()


# -- a change that changes nothing ------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {"ante_max": "500.00", "reason": "same"},
        {"ante_min": "10", "max_table_payout": "5000", "reason": "same, other spelling"},
        {"bet_min": None, "reason": "unset already"},
    ],
)
def test_a_change_that_changes_nothing_is_refused_and_writes_nothing(
    client_for: Callable[[str | None], Any], floor: dict[str, Any], body: dict[str, Any]
) -> None:
    table = floor["table"]
    with nothing_written(table):
        response = client_for("pit_boss").post(
            f"/api/v1/tables/{table.pk}/limits/",
            body,
            format="json",
            HTTP_IDEMPOTENCY_KEY="limits-noop-0001",
        )
    assert response.status_code == 409, response.content
    assert response.json()["error"]["code"] == "change_noop"


# -- applied at once --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after"),
    [(D(5000), D(1000)), (None, D(8000))],
    ids=["lowered", "set where there was none"],
)
def test_lowering_or_setting_the_maximum_payout_applies_at_once(
    floor: dict[str, Any], users: dict[str, Any], before: D | None, after: D
) -> None:
    table = floor["table"]
    Table.objects.filter(pk=table.pk).update(max_table_payout=before)
    outcome = table_limits_change(
        table_id=table.pk, actor=users["pit_boss"], limits={"max_table_payout": after}, reason="r"
    )
    assert outcome.request is None
    assert Table.objects.get(pk=table.pk).max_table_payout == after
    assert not LimitChangeRequest.objects.exists()
    change = TableChange.objects.get(kind="table.limits_changed")
    assert change.after == {"max_table_payout": str(after.quantize(D("0.01")))}


# -- dual control -----------------------------------------------------------------------------


def test_removing_the_maximum_payout_waits_for_a_second_person(
    client_for: Callable[[str | None], Any],
    floor: dict[str, Any],
    users: dict[str, Any],
    deputy: Any,
) -> None:
    """One pit boss alone removed the maximum table payout (200); now it is a request, applied
    when another pit boss of the pit approves it."""
    table = floor["table"]
    boss = client_for("pit_boss")
    response = _limits(boss, table, {"max_table_payout": None, "reason": "high rollers"})

    assert response.status_code == 202, response.content
    request = response.json()
    assert request["status"] == "pending"
    assert request["changes"] == {"max_table_payout": None}
    assert request["before"] == {"max_table_payout": "5000.00"}
    assert (request["requested_by"], request["decided_by"]) == ("pit_boss", None)
    assert response["Location"] == f"/api/v1/limit-changes/{request['id']}/"
    assert Table.objects.get(pk=table.pk).max_table_payout == D(5000)
    assert not TableChange.objects.exists()
    filed = AuditRecord.objects.get(event_code="table.limits_change_requested")
    assert (filed.actor, filed.before, filed.after) == (
        users["pit_boss"],
        {"max_table_payout": "5000.00"},
        {"max_table_payout": None},
    )
    pending = boss.get("/api/v1/limit-changes/", {"status": "pending"}).json()
    assert [p["id"] for p in pending] == [request["id"]]

    approved = client_for("deputy").post(
        f"/api/v1/limit-changes/{request['id']}/approve/", {"note": "ok"}, format="json"
    )

    assert approved.status_code == 200, approved.content
    assert (approved.json()["status"], approved.json()["decided_by"]) == ("approved", "deputy")
    assert Table.objects.get(pk=table.pk).max_table_payout is None
    change = TableChange.objects.get()
    assert (change.kind, change.actor, change.after) == (
        "table.limits_changed",
        users["pit_boss"],
        {"max_table_payout": None},
    )
    applied = AuditRecord.objects.get(pk=change.audit_record_id)
    assert (applied.actor, applied.authorised_by) == (users["pit_boss"], deputy)
    decided = AuditRecord.objects.get(event_code="table.limits_change_approved")
    assert decided.actor == deputy
    assert decided.id < applied.id
    assert boss.get("/api/v1/limit-changes/", {"status": "pending"}).json() == []


def test_a_retried_request_files_one_change(
    client_for: Callable[[str | None], Any], floor: dict[str, Any]
) -> None:
    """A tablet retrying with its ``Idempotency-Key`` gets the first answer, not a second
    request."""
    table = floor["table"]
    boss = client_for("pit_boss")
    answers = [
        boss.post(
            f"/api/v1/tables/{table.pk}/limits/",
            {"max_table_payout": None, "reason": "vip"},
            format="json",
            HTTP_IDEMPOTENCY_KEY="limits-vip-0001",
        )
        for _ in range(3)
    ]
    assert {(a.status_code, a.json()["id"]) for a in answers} == {
        (202, LimitChangeRequest.objects.get().pk)
    }
    assert AuditRecord.objects.filter(event_code="table.limits_change_requested").count() == 1


def test_the_requester_cannot_approve_and_nothing_is_written(
    client_for: Callable[[str | None], Any], floor: dict[str, Any], users: dict[str, Any]
) -> None:
    table = floor["table"]
    request = table_limits_change(
        table_id=table.pk, actor=users["pit_boss"], limits={"max_table_payout": None}, reason="r"
    ).request
    assert request is not None
    with nothing_written(table):
        response = client_for("pit_boss").post(
            f"/api/v1/limit-changes/{request.pk}/approve/", {}, format="json"
        )
    assert response.status_code == 403, response.content
    assert response.json()["error"]["code"] == "self_approval"
    assert response.json()["error"]["details"] == {"request": "limit_change"}


def test_an_admin_who_asked_cannot_approve_either(
    floor: dict[str, Any], users: dict[str, Any]
) -> None:
    request = table_limits_change(
        table_id=floor["table"].pk,
        actor=users["admin"],
        limits={"max_table_payout": D(9000)},
        reason="r",
    ).request
    assert request is not None
    with pytest.raises(ApiError) as refused:
        limit_change_approve(request_id=request.pk, actor=users["admin"])
    assert refused.value.code == "self_approval"
    limit_change_approve(request_id=request.pk, actor=users["pit_boss"])
    assert Table.objects.get(pk=floor["table"].pk).max_table_payout == D(9000)


def test_the_database_refuses_a_decision_by_the_requester(
    floor: dict[str, Any], users: dict[str, Any]
) -> None:
    request = table_limits_change(
        table_id=floor["table"].pk,
        actor=users["pit_boss"],
        limits={"max_table_payout": None},
        reason="r",
    ).request
    assert request is not None
    with pytest.raises(DatabaseError, match="limits_self_approval"), transaction.atomic():
        LimitChangeDecision.objects.create(
            request=request,
            approved=True,
            decided_by=users["pit_boss"],
            decided_role="pit_boss",
            decided_at=request.requested_at,
            audit_record_id=-1,
        )


def test_a_raise_of_the_maximum_payout_is_a_request_as_a_whole(
    floor: dict[str, Any], users: dict[str, Any], deputy: Any
) -> None:
    """A change that raises the maximum payout waits whole, with its other limits."""
    table = floor["table"]
    request = table_limits_change(
        table_id=table.pk,
        actor=users["pit_boss"],
        limits={"max_table_payout": D(10000), "ante_max": D(800), "ante_min": D(10)},
        reason="r",
    ).request
    assert request is not None
    assert request.changes == {"max_table_payout": "10000.00", "ante_max": "800.00"}
    assert Table.objects.values("max_table_payout", "ante_max").get(pk=table.pk) == {
        "max_table_payout": D(5000),
        "ante_max": D(500),
    }
    limit_change_approve(request_id=request.pk, actor=deputy)
    assert Table.objects.values("max_table_payout", "ante_max").get(pk=table.pk) == {
        "max_table_payout": D(10000),
        "ante_max": D(800),
    }


def test_a_pit_boss_of_another_pit_cannot_decide(
    client_for: Callable[[str | None], Any], floor: dict[str, Any], users: dict[str, Any]
) -> None:
    table = floor["table"]
    request = table_limits_change(
        table_id=table.pk, actor=users["pit_boss"], limits={"max_table_payout": None}, reason="r"
    ).request
    assert request is not None
    with nothing_written(table):
        response = client_for("other_pit_boss").post(
            f"/api/v1/limit-changes/{request.pk}/approve/", {}, format="json"
        )
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "permission_denied"
    with pytest.raises(ApiError) as refused:
        limit_change_approve(request_id=request.pk, actor=users["other_pit_boss"])
    assert refused.value.code == "permission_denied"


def test_a_rejected_request_leaves_the_table_and_is_decided_once(
    floor: dict[str, Any], users: dict[str, Any], deputy: Any
) -> None:
    table = floor["table"]
    request = table_limits_change(
        table_id=table.pk, actor=users["pit_boss"], limits={"max_table_payout": None}, reason="r"
    ).request
    assert request is not None
    limit_change_reject(request_id=request.pk, actor=deputy, note="not tonight")
    assert Table.objects.get(pk=table.pk).max_table_payout == D(5000)
    assert not TableChange.objects.exists()
    record = AuditRecord.objects.get(event_code="table.limits_change_rejected")
    assert (record.actor, record.reason) == (deputy, "not tonight")
    for decide in (limit_change_approve, limit_change_reject):
        with pytest.raises(ApiError) as refused:
            decide(request_id=request.pk, actor=users["admin"])
        assert refused.value.code == "not_pending"
    assert LimitChangeDecision.objects.count() == 1


def test_an_approval_the_table_already_meets_is_refused_as_a_noop(
    floor: dict[str, Any], users: dict[str, Any], deputy: Any
) -> None:
    table = floor["table"]
    request = table_limits_change(
        table_id=table.pk,
        actor=users["pit_boss"],
        limits={"max_table_payout": D(9000)},
        reason="r",
    ).request
    assert request is not None
    Table.objects.filter(pk=table.pk).update(max_table_payout=D(9000))
    with pytest.raises(ApiError) as refused:
        limit_change_approve(request_id=request.pk, actor=deputy)
    assert refused.value.code == "change_noop"
    assert not LimitChangeDecision.objects.exists()
    limit_change_reject(request_id=request.pk, actor=deputy)


def test_the_admin_path_does_not_raise_the_maximum_payout_alone(
    floor: dict[str, Any], users: dict[str, Any]
) -> None:
    """The Django admin changes a table through ``table_change``: it refuses what needs a
    second person rather than making it."""
    table = floor["table"]
    with nothing_written(table), pytest.raises(ApiError) as refused:
        table_change(table_id=table.pk, actor=users["admin"], changes={"max_table_payout": None})
    assert refused.value.code == "limits_approval_required"


def test_the_requests_and_decisions_are_append_only(
    floor: dict[str, Any], users: dict[str, Any], deputy: Any
) -> None:
    request = table_limits_change(
        table_id=floor["table"].pk,
        actor=users["pit_boss"],
        limits={"max_table_payout": None},
        reason="r",
    ).request
    assert request is not None
    limit_change_reject(request_id=request.pk, actor=deputy)
    for table, change in (
        ("tables_limitchangerequest", "reason = 'rewritten'"),
        ("tables_limitchangedecision", "approved = true"),
    ):
        # The runtime role may not even try (no UPDATE or DELETE): the owner is refused too.
        for statement in (f"UPDATE {table} SET {change}", f"DELETE FROM {table}"):
            with (
                pytest.raises(DatabaseError, match="append-only"),
                transaction.atomic(),
                as_owner() as cursor,
            ):
                cursor.execute(statement)


def test_the_admin_form_refuses_removing_the_maximum_payout(
    users: dict[str, Any], floor: dict[str, Any]
) -> None:
    """The admin's table form shows the refusal on the field rather than failing the save."""
    from django.test import Client

    table = floor["table"]
    client = Client()
    client.force_login(users["admin"])
    form = {
        "pit": table.pit_id,
        "code": table.code,
        "game": table.game,
        "currency": table.currency,
        "chip_unit": "1.00",
        "ante_min": "10.00",
        "ante_max": "500.00",
        "bet_min": "",
        "bet_max": "",
        "max_table_payout": "",
        "rule_set": table.rule_set_id,
        "boxes": "4",
    }
    with nothing_written(table):
        response = client.post(f"/admin/tables/table/{table.pk}/change/", form)
    assert response.status_code == 200
    assert "second person" in response.context["adminform"].form.errors["max_table_payout"][0]
