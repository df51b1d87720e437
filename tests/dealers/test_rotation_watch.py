"""The plan against the floor's records: a pit's string of three tables played through the
assignment service at fixed instants; the pit's rotation read through the API, and the watch
raising each departure's alert once, naming the dealer and the table."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
import time_machine
from rest_framework.test import APIClient

from casino.core.models import Alert, AlertKind
from casino.dealers.watch import rotation_watch
from tests.rotation_floor import push, string_of_three

pytestmark = pytest.mark.django_db

START = dt.datetime(2027, 3, 10, 14, 0, tzinfo=dt.UTC)


def minute(n: float) -> dt.datetime:
    return START + dt.timedelta(minutes=n)


@pytest.fixture
def planned(floor: dict[str, Any], users: dict[str, Any], make_user: Any) -> dict[str, Any]:
    return string_of_three(floor, users["pit_boss"], make_user, START)


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


def test_beat_watches_the_rotation(settings: Any) -> None:
    from casino.dealers.tasks import watch_rotation_task

    entry = settings.CELERY_BEAT_SCHEDULE["dealers-watch-rotation"]
    assert (entry["task"], entry["schedule"]) == ("dealers.watch_rotation", 60)
    assert watch_rotation_task.name == "dealers.watch_rotation"
