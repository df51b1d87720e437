"""Sign-ins through the browser and configuration changes in the admin reach the audit trail."""

from __future__ import annotations

from decimal import Decimal as D
from typing import Any

import pytest
from django.test import Client

from casino.core.models import AuditRecord
from payouts.models import Paytable
from tables.models import Game, RuleSet

pytestmark = pytest.mark.django_db


def codes() -> list[str]:
    return list(AuditRecord.objects.order_by("id").values_list("event_code", flat=True))


def test_session_login_and_failed_login_are_recorded(users: dict[str, Any]) -> None:
    client = Client()
    client.post("/admin/login/", {"username": "admin", "password": "wrong"})
    client.post("/admin/login/", {"username": "admin", "password": "pw-admin"})
    rows = AuditRecord.objects.order_by("id")
    assert [(r.event_code, r.actor_label, r.actor_id) for r in rows] == [
        ("auth.login_failed", "admin", None),
        ("auth.login", "admin", users["admin"].pk),
    ]


def test_a_paytable_created_in_the_admin_is_recorded_with_its_lines(
    users: dict[str, Any],
) -> None:
    client = Client()
    client.force_login(users["admin"])
    response = client.post(
        "/admin/payouts/paytable/add/",
        {
            "game": "russian_poker",
            "kind": "main",
            "name": "House v2",
            "version": "1",
            "house_edge": "0.052",
            "lines-TOTAL_FORMS": "2",
            "lines-INITIAL_FORMS": "0",
            "lines-0-line": "pair",
            "lines-0-pays": "1",
            "lines-0-basis": "odds",
            "lines-1-line": "royal_flush",
            "lines-1-pays": "100",
            "lines-1-basis": "odds",
        },
    )
    assert response.status_code == 302, response.content[:3000]
    assert Paytable.objects.get(name="House v2").lines.count() == 2
    record = AuditRecord.objects.get(event_code="config.paytable_created")
    assert record.after["lines"] == {"pair": ["1.00", "odds"], "royal_flush": ["100.00", "odds"]}
    assert record.after["house_edge"] == "0.052000"


def test_table_changes_in_the_admin_are_recorded_per_kind(
    users: dict[str, Any], floor: dict[str, Any]
) -> None:
    table = floor["table"]
    new_rules = RuleSet.objects.create(game=Game.RUSSIAN_POKER, name="rp", version=2, settings={})
    client = Client()
    client.force_login(users["admin"])
    form = {
        "pit": table.pit_id,
        "code": table.code,
        "game": table.game,
        "status": table.status,
        "currency": table.currency,
        "chip_unit": "1.00",
        "ante_min": "10.00",
        "ante_max": "300.00",
        "bet_min": "",
        "bet_max": "",
        "max_table_payout": "5000.00",
        # The form as the admin sees it: the other limits as they are.
        "bonus_min": "1.00",
        "bonus_max": "500.00",
        "stack_min": "",
        "stack_max": "",
        "rule_set": new_rules.pk,
        "paytable": "",
        "bonus_paytable": "",
        "boxes": "4",
    }
    response = client.post(f"/admin/tables/table/{table.pk}/change/", form)
    assert response.status_code == 302, response.content[:3000]
    limits = AuditRecord.objects.get(event_code="table.limits_changed")
    assert (limits.before, limits.after) == ({"ante_max": "500.00"}, {"ante_max": "300.00"})
    assert limits.table_id == table.pk
    rule_set = AuditRecord.objects.get(event_code="table.rule_set_changed")
    assert rule_set.after == {"rule_set": "rp v2"}
    assert D(str(table.__class__.objects.get(pk=table.pk).ante_max)) == D(300)
