"""The plan against the floor's records: a pit's string of three tables played through the
assignment service at fixed instants; the pit's rotation read through the API, and the watch
raising each departure's alert once, naming the dealer and the table."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
import time_machine
from rest_framework.test import APIClient

from casino.core.models import Alert, AlertKind
from casino.core.roles import Role
from casino.dealers.plans import plan_propose, plan_save
from casino.dealers.watch import rotation_watch
from tables.models import Table, TableStatus
from tables.services.tables import dealer_assign

pytestmark = pytest.mark.django_db

START = dt.datetime(2027, 3, 10, 14, 0, tzinfo=dt.UTC)
TERMS = {"length": 240, "minutes_on": 60, "minutes_off": 20, "min_stint": 20, "grace": 5}


def minute(n: float) -> dt.datetime:
    return START + dt.timedelta(minutes=n)


@pytest.fixture
def planned(floor: dict[str, Any], users: dict[str, Any], make_user: Any) -> dict[str, Any]:
    """The pit boss's pit with three open Russian Poker tables (RP-1 and two more), four new
    dealers, and the proposed plan of a shift from ``START`` saved as version 1; ``at`` maps
    each minute of a push to who the plan puts at each table."""
    rp1 = floor["table"]
    tables = [rp1] + [
        Table.objects.create(
            pit=floor["pit"],
            code=code,
            game=rp1.game,
            status=TableStatus.OPEN,
            ante_min=D(10),
            ante_max=D(500),
            max_table_payout=D(5000),
            bonus_min=D(1),
            bonus_max=D(500),
            rule_set=rp1.rule_set,
            boxes=4,
        )
        for code in ("RP-2", "RP-3")
    ]
    dealers = [make_user(f"string_{n}", Role.DEALER) for n in range(1, 5)]
    terms = {
        "pit_id": floor["pit"].pk,
        "start": START,
        **TERMS,
        "dealer_ids": [d.pk for d in dealers],
        "table_ids": [t.pk for t in tables],
        "actor": users["pit_boss"],
    }
    with time_machine.travel(START - dt.timedelta(hours=1), tick=False):
        proposal = plan_propose(**terms)
        strings = [
            {
                "name": s.name,
                "tables": list(s.tables),
                "push": s.push,
                "reliefs": s.reliefs,
                "slots": [vars(slot) for slot in s.slots],
            }
            for s in proposal.plan.strings
        ]
        plan = plan_save(**terms, strings=strings, source="proposed")
    by_id = {str(d.pk): d for d in dealers}
    at = {
        push: {
            slot.place: by_id[slot.dealer]
            for slot in proposal.plan.slots()
            if slot.start == push and slot.table is not None
        }
        for push in (0, 20, 40)
    }
    return {"tables": {str(t.pk): t for t in tables}, "plan": plan, "at": at}


def push(planned: dict[str, Any], boss: Any, at_minute: int) -> None:
    """The dealers the plan puts at the tables at ``at_minute`` sign in there (the string's
    first table first, as a push moves)."""
    with time_machine.travel(minute(at_minute), tick=False):
        for table_id in planned["plan"].strings[0]["tables"]:
            dealer = planned["at"][at_minute][table_id]
            dealer_assign(table_id=int(table_id), dealer=dealer, actor=boss)


def watch(at_minute: float) -> list[Alert]:
    with time_machine.travel(minute(at_minute), tick=False):
        return rotation_watch()


def test_a_dealer_kept_past_the_plan_raises_the_alert_once_naming_the_dealer_and_the_table(
    planned: dict[str, Any], users: dict[str, Any]
) -> None:
    boss = users["pit_boss"]
    push(planned, boss, 0)
    push(planned, boss, 20)
    first, *_, last = planned["plan"].strings[0]["tables"]
    relief = planned["at"][40][first]
    kept = planned["at"][20][last]  # due on break at 40
    # The relief does not come at 40: the dealer at the first table is not relieved, so
    # nobody moves down the string.

    assert watch(45) == []
    raised = watch(46)

    past = [a for a in raised if a.kind == AlertKind.DEALER_PAST_PLAN]
    assert [(a.table_id, a.details["dealer"], a.details["table"]) for a in past] == [
        (int(last), kept.username, planned["tables"][last].code)
    ]
    assert dt.datetime.fromisoformat(past[0].details["due"]) == minute(40)
    late = [a for a in raised if a.kind == AlertKind.RELIEF_LATE]
    assert [(a.table_id, a.details["dealer"], a.details["held"]) for a in late] == [
        (int(first), relief.username, planned["at"][20][first].username)
    ]
    assert watch(50) == [] and watch(60) == []
    assert Alert.objects.filter(kind=AlertKind.DEALER_PAST_PLAN).count() == 1


def test_the_rotation_now_answers_each_tables_relief_and_each_dealers_break_due(
    planned: dict[str, Any],
    client_for: Callable[[str | None], APIClient],
    floor: dict[str, Any],
    users: dict[str, Any],
) -> None:
    push(planned, users["pit_boss"], 0)
    first, second, _ = planned["plan"].strings[0]["tables"]
    url = f"/api/v1/pits/{floor['pit'].pk}/rotation/"

    with time_machine.travel(minute(10), tick=False):
        answer = client_for("pit_boss").get(url)
        refused = client_for("dealer").get(url)

    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["plan"]["id"], body["plan"]["version"]) == (planned["plan"].pk, 1)
    table = body["tables"][0]
    assert table["table"]["id"] == int(first)
    assert table["dealer"]["username"] == planned["at"][0][first].username
    assert table["relief"]["username"] == planned["at"][20][first].username
    assert (table["relief_at"], table["relief_late"]) == ("2027-03-10T14:20:00Z", False)
    dealing = {d["dealer"]["username"]: d for d in body["dealers"]}
    at_second = dealing[planned["at"][0][second].username]
    assert (at_second["minutes_on"], at_second["break_due"]) == (10, "2027-03-10T14:40:00Z")
    assert body["departures"] == []
    assert refused.status_code == 403
