"""Table and round services: state rules, pinned configuration, audit rows."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal as D
from typing import Any

import pytest

from casino.core.errors import ApiError
from casino.core.gaming_day import gaming_day_of
from casino.core.models import AuditRecord
from casino.demo.floor import load_demo_floor
from tables.models import DealerAssignment, Round, Table, TableStatus
from tables.services.limits import table_limits_change
from tables.services.rounds import round_open
from tables.services.tables import dealer_assign, table_close

pytestmark = pytest.mark.django_db


def test_one_open_round_per_table(floor: dict[str, Any], users: dict[str, Any]) -> None:
    round_open(table_id=floor["table"].pk, dealer=users["dealer"])
    with pytest.raises(ApiError) as refused:
        round_open(table_id=floor["table"].pk, dealer=users["dealer"])
    assert refused.value.code == "round_already_open"
    assert Round.objects.filter(table=floor["table"]).count() == 1


def test_a_round_pins_its_limits_and_versions(floor: dict[str, Any], users: dict[str, Any]) -> None:
    table = floor["table"]
    round = round_open(table_id=table.pk, dealer=users["dealer"])
    table_limits_change(
        table_id=table.pk,
        actor=users["pit_boss"],
        limits={"ante_max": D(200), "max_table_payout": D(1000)},
        reason="r",
    )
    round.refresh_from_db()
    assert round.limits["ante_max"] == "500.00"
    assert round.limits["max_table_payout"] == "5000.00"
    assert round.rule_set_id == table.rule_set_id
    record = AuditRecord.objects.get(event_code="table.limits_changed")
    assert record.before["ante_max"] == "500.00"
    assert record.after["ante_max"] == "200.00"
    assert record.actor_role == "pit_boss"


def test_closing_a_table_with_a_round_in_play_is_refused(
    floor: dict[str, Any], users: dict[str, Any]
) -> None:
    round_open(table_id=floor["table"].pk, dealer=users["dealer"])
    with pytest.raises(ApiError) as refused:
        table_close(table_id=floor["table"].pk, actor=users["pit_boss"])
    assert refused.value.code == "table_has_open_round"
    assert Table.objects.get(pk=floor["table"].pk).status == TableStatus.OPEN


def test_assigning_a_dealer_relieves_both_previous_assignments(
    floor: dict[str, Any], users: dict[str, Any]
) -> None:
    dealer_assign(table_id=floor["table"].pk, dealer=users["other_dealer"], actor=users["admin"])
    open_now = DealerAssignment.objects.filter(ended_at__isnull=True)
    assert list(open_now.values_list("table__code", "dealer__username")) == [
        ("RP-1", "other_dealer")
    ]
    codes = list(AuditRecord.objects.values_list("event_code", flat=True))
    assert codes.count("table.dealer_relieved") == 2
    assert codes.count("table.dealer_assigned") == 1


def test_only_dealers_can_be_assigned(floor: dict[str, Any], users: dict[str, Any]) -> None:
    with pytest.raises(ApiError) as refused:
        dealer_assign(table_id=floor["table"].pk, dealer=users["auditor"], actor=users["admin"])
    assert refused.value.code == "not_a_dealer"


@pytest.mark.parametrize(
    ("utc", "zone", "hour", "day"),
    [
        ("2026-03-02T04:59", "UTC", 6, "2026-03-01"),
        ("2026-03-02T06:00", "UTC", 6, "2026-03-02"),
        ("2026-03-02T04:30", "Europe/Vienna", 6, "2026-03-01"),  # 05:30 local
        ("2026-03-02T05:30", "Europe/Vienna", 6, "2026-03-02"),  # 06:30 local
        ("2026-07-01T03:59", "Europe/Vienna", 6, "2026-06-30"),  # 05:59 local, summer time
        ("2026-03-02T23:30", "UTC", 0, "2026-03-02"),
    ],
)
def test_gaming_day(utc: str, zone: str, hour: int, day: str) -> None:
    moment = dt.datetime.fromisoformat(utc).replace(tzinfo=dt.UTC)
    assert gaming_day_of(moment, time_zone=zone, start_hour=hour) == dt.date.fromisoformat(day)


def test_demo_floor_loads_once() -> None:
    assert load_demo_floor() is True
    assert load_demo_floor() is False
    assert sorted(
        DealerAssignment.objects.filter(ended_at__isnull=True).values_list(
            "table__code", "dealer__username", "table__status"
        )
    ) == [("RD-1", "dealer3", "open"), ("RP-1", "dealer1", "open"), ("RR-1", "dealer2", "open")]
    assert AuditRecord.objects.filter(event_code="table.opened").count() == 3
    assert sorted(Table.objects.values_list("code", "game")) == [
        ("RD-1", "red_dog"),
        ("RP-1", "russian_poker"),
        ("RP-2", "russian_poker"),
        ("RR-1", "ruby_run"),
    ]
