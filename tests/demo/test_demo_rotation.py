"""The demo floor can be planned: its four dealers, each qualified for every game, make one
string of the three open tables (one of each game) with a relief, as the pit's plan page
proposes it."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from casino.dealers.plans import plan_propose
from casino.demo.floor import DEMO_DEALERS, load_demo_floor
from tables.models import Pit, Table, TableStatus

pytestmark = pytest.mark.django_db

LOADED = dt.datetime(2027, 5, 4, 16, 0, tzinfo=dt.UTC)


def test_the_demo_pits_open_tables_make_one_string_worked_by_its_four_dealers(
    time_machine: Any,
) -> None:
    # The demo qualifies its dealers on its gaming day of loading: loaded at a fixed instant,
    # planned for the next day's evening shift.
    time_machine.move_to(LOADED, tick=False)
    load_demo_floor()
    pit = Pit.objects.get(name="Pit 1")
    dealers = [get_user_model().objects.get(username=name) for name in DEMO_DEALERS]
    start = LOADED + dt.timedelta(days=1)

    proposal = plan_propose(
        pit_id=pit.pk,
        start=start,
        length=480,
        minutes_on=60,
        minutes_off=20,
        min_stint=20,
        grace=0,
        dealer_ids=[d.pk for d in dealers],
        actor=get_user_model().objects.get(username="pitboss"),
    )

    [string] = proposal.plan.strings
    open_tables = Table.objects.filter(pit=pit, status=TableStatus.OPEN)
    assert sorted(string.tables) == sorted(str(t.pk) for t in open_tables)
    assert (string.push, string.reliefs) == (20, 1)
    assert set(string.dealers) == {str(d.pk) for d in dealers}
