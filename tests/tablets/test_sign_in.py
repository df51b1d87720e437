"""A dealer signs in at a tablet with a PIN, at each rotation: the dealer is assigned to the
tablet's table through the one assignment service, the relief is audited with the tablet named,
the previous dealer's token at the tablet is revoked, and a token that acts at that table alone
is issued. Every refusal writes its audit row and nothing else."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps

from casino.api.models import DeviceToken
from casino.core.models import AuditRecord
from tables.models import DealerAssignment, TabletSession
from tests.tablets.conftest import Registered, pin_sign_in, token_client

pytestmark = pytest.mark.django_db


def _rows() -> dict[str, int]:
    """Every model's rows, counted: what a refusal must leave as it was, its audit row apart."""
    return {
        model._meta.label: model._default_manager.count()
        for model in apps.get_models()
        if model is not AuditRecord and model._meta.label != "core.AuditStream"
    }


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
