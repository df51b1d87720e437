"""A dealer signs in at a tablet with a PIN, at each rotation: the dealer is assigned to the
tablet's table through the one assignment service, the relief is audited with the tablet named,
the previous dealer's token at the tablet is revoked, and a token that acts at that table alone
is issued. Every refusal writes its audit row and nothing else."""

from __future__ import annotations

from typing import Any

import pytest

from casino.core.models import AuditRecord
from casino.identity.models import DeviceToken
from tables.models import DealerAssignment, Table, TableStatus, TabletSession
from tables.services.tables import dealer_assign
from tests.tablets.conftest import Registered, pin_sign_in, token_client

pytestmark = pytest.mark.django_db


def _open_assignments() -> dict[str, str]:
    return {
        a.table.code: a.dealer.username
        for a in DealerAssignment.objects.filter(ended_at__isnull=True).select_related(
            "table", "dealer"
        )
    }


def test_the_relief_assigns_the_incoming_dealer_and_records_the_tablet(
    floor: dict[str, Any],
    users: dict[str, Any],
    relief_dealer: Any,
    pins: dict[str, str],
    tablet: Registered,
) -> None:
    table = floor["table"]
    answer = pin_sign_in(tablet.client(), table.pk, "relief_dealer", pins["relief_dealer"])

    assert answer.status_code == 201, answer.content
    body = answer.json()
    assignment = DealerAssignment.objects.get(table=table, ended_at__isnull=True)
    assert assignment.dealer.username == "relief_dealer"
    assert body["assignment"] == assignment.pk
    assert (body["table"], body["tablet"]) == (table.pk, tablet.tablet.pk)
    assert body["user"]["username"] == "relief_dealer"
    assert body["user"]["role"] == "dealer"
    token = DeviceToken.objects.get(pk=TabletSession.objects.get(tablet=tablet.tablet).token_id)
    assert token.user.username == "relief_dealer"
    assert body["token_id"] == token.pk
    assert token.device_name == "RP-1 tablet"
    assert _open_assignments() == {"RP-1": "relief_dealer", "RP-9": "other_dealer"}
    # The relief and the assignment, in the table's stream, name the tablet; the dealer made
    # them, the tablet's registrar (who manages the table) authorised them.
    relieved = AuditRecord.objects.get(event_code="table.dealer_relieved")
    assigned = AuditRecord.objects.get(
        event_code="table.dealer_assigned", after__dealer="relief_dealer"
    )
    for row in (relieved, assigned):
        assert row.stream == f"table:{table.pk}"
        assert row.after["tablet"] == {"id": tablet.tablet.pk, "name": "RP-1 tablet"}
        assert row.actor_id == relief_dealer.pk
        assert row.authorised_by_id == users["pit_boss"].pk
    assert relieved.before == {"dealer": "dealer"}
    issued = AuditRecord.objects.get(event_code="auth.device_token_issued")
    assert issued.after["tablet"] == tablet.tablet.pk
    assert token_client(body["token"]).get(f"/api/v1/tables/{table.pk}/").status_code == 200


def test_the_relieved_dealers_token_at_the_tablet_is_revoked(
    floor: dict[str, Any], pins: dict[str, str], tablet: Registered
) -> None:
    table = floor["table"]
    first = pin_sign_in(tablet.client(), table.pk, "dealer", pins["dealer"]).json()
    assert token_client(first["token"]).get(f"/api/v1/tables/{table.pk}/").status_code == 200

    second = pin_sign_in(tablet.client(), table.pk, "relief_dealer", pins["relief_dealer"])
    assert second.status_code == 201

    refused = token_client(first["token"]).get(f"/api/v1/tables/{table.pk}/")
    assert refused.status_code == 401
    assert refused.json()["error"]["code"] == "authentication_failed"
    revoked = DeviceToken.objects.get(user__username="dealer", device_name="RP-1 tablet")
    assert revoked.revoked_by is not None and revoked.revoked_by.username == "relief_dealer"
    row = AuditRecord.objects.get(event_code="auth.device_token_revoked")
    assert row.before["token"] == revoked.pk
    assert row.after == {"tablet": tablet.tablet.pk, "relieved_by": "relief_dealer"}


def test_the_dealer_already_there_gets_a_new_token_and_no_new_assignment(
    floor: dict[str, Any], pins: dict[str, str], tablet: Registered
) -> None:
    table = floor["table"]
    assignment = DealerAssignment.objects.get(table=table, ended_at__isnull=True)
    answers = [pin_sign_in(tablet.client(), table.pk, "dealer", pins["dealer"]) for _ in range(2)]

    assert [a.status_code for a in answers] == [201, 201]
    assert {a.json()["assignment"] for a in answers} == {assignment.pk}
    assert DealerAssignment.objects.count() == 2  # RP-1's and RP-9's, as the floor made them
    assert not AuditRecord.objects.filter(event_code__startswith="table.dealer_").exists()
    tokens = [a.json()["token"] for a in answers]
    assert tokens[0] != tokens[1]
    # The dealer's own earlier token at the tablet is not revoked by signing in again.
    for token in tokens:
        assert token_client(token).get(f"/api/v1/tables/{table.pk}/").status_code == 200


def test_a_dealer_of_another_table_of_the_pit_moves_and_leaves_it_without_a_dealer(
    floor: dict[str, Any],
    users: dict[str, Any],
    relief_dealer: Any,
    pins: dict[str, str],
    tablet: Registered,
) -> None:
    table = floor["table"]
    neighbour = Table.objects.create(
        pit=floor["pit"],
        code="RP-2",
        game=table.game,
        status=TableStatus.OPEN,
        ante_min=table.ante_min,
        ante_max=table.ante_max,
        rule_set=table.rule_set,
        boxes=4,
    )
    dealer_assign(table_id=neighbour.pk, dealer=relief_dealer, actor=users["pit_boss"])

    answer = pin_sign_in(tablet.client(), table.pk, "relief_dealer", pins["relief_dealer"])

    assert answer.status_code == 201, answer.content
    assert _open_assignments() == {"RP-1": "relief_dealer", "RP-9": "other_dealer"}
    relieved = AuditRecord.objects.filter(event_code="table.dealer_relieved").order_by("id")
    assert sorted((r.stream, r.before["dealer"]) for r in relieved) == sorted(
        [(f"table:{table.pk}", "dealer"), (f"table:{neighbour.pk}", "relief_dealer")]
    )
