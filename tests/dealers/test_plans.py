"""A pit's rotation plans through the API: proposed from its open tables and the dealers given
(nothing stored), saved as versions once they break no rule, each with its audit row, and read
back newest first; an edit that breaks a rule refused whole, naming it; the versions kept
unchanged by the database."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from django.db import DatabaseError, transaction
from rest_framework.test import APIClient

from casino.core.models import AuditRecord
from casino.core.roles import Role
from casino.dealers.models import RotationPlan
from tables.models import TableStatus
from tests.fixtures import russian_table_beside

pytestmark = pytest.mark.django_db

Clients = Callable[[str | None], APIClient]
START = dt.datetime(2027, 3, 10, 14, 0, tzinfo=dt.UTC)
TERMS = {
    "shift_start": START.isoformat(),
    "length": 480,
    "minutes_on": 60,
    "minutes_off": 20,
    "min_stint": 40,
    "grace": 20,
}


@pytest.fixture
def pit_of_four(floor: dict[str, Any], users: dict[str, Any], make_user: Any) -> dict[str, Any]:
    """The pit boss's pit with four open Russian Poker tables (RP-1 and three more, and a
    closed one left out) and five dealers, all qualified for every game."""
    rp1 = floor["table"]
    more = [
        russian_table_beside(rp1, code, status)
        for code, status in [
            ("RP-2", TableStatus.OPEN),
            ("RP-3", TableStatus.OPEN),
            ("RP-4", TableStatus.OPEN),
            ("RP-5", TableStatus.CLOSED),
        ]
    ]
    dealers = [users["dealer"]] + [make_user(f"dealer_{n}", Role.DEALER) for n in range(2, 6)]
    return {
        "pit": floor["pit"],
        "tables": [rp1, *more[:3]],
        "closed": more[3],
        "dealers": dealers,
        "url": f"/api/v1/pits/{floor['pit'].pk}/rotation-plans/",
    }


def _body(pit: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {**TERMS, "dealer_ids": [dealer.pk for dealer in pit["dealers"]], **more}


def _proposed(client: APIClient, pit: dict[str, Any], **more: Any) -> Any:
    return client.post(pit["url"] + "proposal/", _body(pit, **more), format="json")


def _save(client: APIClient, pit: dict[str, Any], strings: Any, source: str) -> Any:
    body = _body(pit, strings=strings, source=source)
    return client.post(pit["url"], body, format="json")


def test_a_proposal_covers_the_pits_open_tables_with_every_dealer_and_stores_nothing(
    pit_of_four: dict[str, Any], client_for: Clients
) -> None:
    response = _proposed(client_for("pit_boss"), pit_of_four)

    assert response.status_code == 200, response.content
    plan = response.json()
    open_ids = [str(table.pk) for table in pit_of_four["tables"]]
    assert [table["id"] for table in plan["tables"]] == open_ids
    assert {d["id"] for d in plan["dealers"]} == {str(d.pk) for d in pit_of_four["dealers"]}
    assert all(d["games"] == ["russian_poker"] for d in plan["dealers"])
    # Four tables under a grace of 20: one string, one relief, a push every 20 minutes.
    [string] = plan["strings"]
    assert (string["tables"], string["push"], string["reliefs"]) == (open_ids, 20, 1)
    assert {slot["dealer"] for slot in string["slots"]} == {d["id"] for d in plan["dealers"]}
    assert RotationPlan.objects.count() == 0


def test_the_proposal_saved_is_version_1_with_its_audit_row_and_breaks_no_rule(
    pit_of_four: dict[str, Any], client_for: Clients, users: dict[str, Any]
) -> None:
    client = client_for("pit_boss")
    strings = _proposed(client, pit_of_four).json()["strings"]

    response = _save(client, pit_of_four, strings, "proposed")

    assert response.status_code == 201, response.content
    saved = response.json()
    assert (saved["version"], saved["source"], saved["saved_by"]) == (1, "proposed", "pit_boss")
    assert saved["strings"] == strings
    row = RotationPlan.objects.get()
    assert (row.pit_id, row.shift_start, row.version) == (pit_of_four["pit"].pk, START, 1)
    assert (row.length, row.minutes_on, row.minutes_off, row.min_stint, row.grace) == (
        480,
        60,
        20,
        40,
        20,
    )
    record = AuditRecord.objects.get(pk=row.audit_record_id)
    assert record.event_code == "dealer.rotation_plan_saved"
    assert record.actor_id == users["pit_boss"].pk
    assert record.after["pit"] == pit_of_four["pit"].pk
    assert (record.after["version"], record.after["source"]) == (1, "proposed")
    assert dt.datetime.fromisoformat(record.after["shift_start"]) == START


def test_an_edit_with_a_dealer_at_two_tables_is_refused_naming_it_and_nothing_is_written(
    pit_of_four: dict[str, Any], client_for: Clients
) -> None:
    client = client_for("pit_boss")
    strings = _proposed(client, pit_of_four).json()["strings"]
    slots = strings[0]["slots"]
    first, second = [s for s in slots if s["start"] == 0 and s["place"] != "BREAK"][:2]
    # The dealer at the first table also put at the second, at the same minutes.
    second["dealer"] = first["dealer"]
    audited = AuditRecord.objects.count()

    response = _save(client, pit_of_four, strings, "edited")

    assert response.status_code == 422, response.content
    error = response.json()["error"]
    assert error["code"] == "plan_violations"
    assert {
        "code": "dealer_double_booked",
        "dealer": first["dealer"],
        "minute": 0,
    }.items() <= next(
        v for v in error["details"]["violations"] if v["code"] == "dealer_double_booked"
    ).items()
    assert RotationPlan.objects.count() == 0
    assert AuditRecord.objects.count() == audited


def test_a_valid_edit_is_version_2_and_version_1_stays_as_it_was(
    pit_of_four: dict[str, Any], client_for: Clients
) -> None:
    client = client_for("pit_boss")
    strings = _proposed(client, pit_of_four).json()["strings"]
    first = _save(client, pit_of_four, strings, "proposed").json()
    # Two dealers swap their places for the whole shift: every rule still holds.
    a, b = (str(d.pk) for d in pit_of_four["dealers"][:2])
    for slot in strings[0]["slots"]:
        slot["dealer"] = {a: b, b: a}.get(slot["dealer"], slot["dealer"])

    response = _save(client, pit_of_four, strings, "edited")

    assert response.status_code == 201, response.content
    assert (response.json()["version"], response.json()["source"]) == (2, "edited")
    versions = client.get(pit_of_four["url"], {"shift_start": START.isoformat()})
    assert versions.status_code == 200, versions.content
    assert [v["version"] for v in versions.json()] == [2, 1]
    assert versions.json()[1] == first
    assert versions.json()[0]["strings"] == strings
    assert versions.json()[0]["strings"] != first["strings"]


def test_a_dealer_not_qualified_leaves_too_few_and_the_proposal_is_refused(
    pit_of_four: dict[str, Any], client_for: Clients, make_user: Any
) -> None:
    pit_of_four["dealers"][-1] = make_user("trainee", Role.DEALER, qualified=False)

    response = _proposed(client_for("pit_boss"), pit_of_four)

    assert response.status_code == 422, response.content
    error = response.json()["error"]
    assert error["code"] == "plan_infeasible"
    assert error["details"]["infeasibility"] == "too_few_dealers"
    assert (error["details"]["needed"], error["details"]["available"]) == (5, 4)


def test_no_dealer_qualified_for_the_game_is_no_qualified_dealer(
    pit_of_four: dict[str, Any], client_for: Clients, make_user: Any
) -> None:
    pit_of_four["dealers"] = [make_user(f"new_{n}", Role.DEALER, qualified=False) for n in range(5)]

    response = _proposed(client_for("pit_boss"), pit_of_four)

    assert response.status_code == 422, response.content
    assert response.json()["error"]["details"]["infeasibility"] == "no_qualified_dealer"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ("other_pit_table", "table_ids"),
        ("not_a_dealer", "dealer_ids"),
        ("stint_minimum_too_long", "terms"),
    ],
)
def test_input_that_is_not_of_the_pits_shift_is_plan_invalid(
    pit_of_four: dict[str, Any],
    floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Clients,
    change: str,
    field: str,
) -> None:
    more: dict[str, Any] = {
        "other_pit_table": {"table_ids": [floor["table"].pk, floor["other_table"].pk]},
        "not_a_dealer": {"dealer_ids": [d.pk for d in pit_of_four["dealers"]] + [users["cage"].pk]},
        "stint_minimum_too_long": {"min_stint": 90},
    }[change]

    response = _proposed(client_for("pit_boss"), pit_of_four, **more)

    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert (error["code"], error["details"]["field"]) == ("plan_invalid", field)


def test_the_pit_boss_of_another_pit_may_neither_propose_nor_save(
    pit_of_four: dict[str, Any], client_for: Clients
) -> None:
    strings = _proposed(client_for("pit_boss"), pit_of_four).json()["strings"]
    other = client_for("other_pit_boss")

    proposal = _proposed(other, pit_of_four)
    saved = _save(other, pit_of_four, strings, "proposed")

    for response in (proposal, saved):
        assert response.status_code == 403, response.content
        assert response.json()["error"]["code"] == "permission_denied"
    assert RotationPlan.objects.count() == 0
    # Reading is for every pit boss, auditors and admins.
    read = other.get(pit_of_four["url"], {"shift_start": START.isoformat()})
    assert (read.status_code, read.json()) == (200, [])


def test_a_version_cannot_be_changed_or_deleted(
    pit_of_four: dict[str, Any], client_for: Clients
) -> None:
    client = client_for("pit_boss")
    strings = _proposed(client, pit_of_four).json()["strings"]
    _save(client, pit_of_four, strings, "proposed")
    plans = RotationPlan.objects.filter(pit=pit_of_four["pit"])

    with pytest.raises(DatabaseError), transaction.atomic():
        plans.update(strings=[])
    with pytest.raises(DatabaseError), transaction.atomic():
        plans.delete()
    assert plans.get().strings == strings
