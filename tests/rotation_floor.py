"""Set-up shortcut of the rotation's tests: a string of three tables in the pit boss's pit, its
dealers, and the plan of a shift saved; and the plan's pushes played through the assignment
service at their instants."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import time_machine

from casino.core.roles import Role
from casino.dealers.plans import plan_propose, plan_save
from tables.services.tables import dealer_assign
from tests.fixtures import russian_table_beside

#: The shift's terms: 60 on, 20 off, a grace of 5; three tables make one string with one relief
#: and a push every 20 minutes.
TERMS = {"length": 240, "minutes_on": 60, "minutes_off": 20, "min_stint": 20, "grace": 5}


def string_of_three(
    floor: dict[str, Any], boss: Any, make_user: Callable[..., Any], start: dt.datetime
) -> dict[str, Any]:
    """Three new open Russian Poker tables (RP-2 to RP-4, like RP-1) in the floor's pit, four new
    dealers, and the proposed plan of a shift from ``start`` saved by ``boss`` as version 1.

    Answers ``plan`` (the version), ``tables`` (by id, as the plan names them) and ``at``: for
    the pushes at minutes 0, 20 and 40, who the plan puts at each table."""
    tables = [russian_table_beside(floor["table"], code) for code in ("RP-2", "RP-3", "RP-4")]
    dealers = [make_user(f"string_{n}", Role.DEALER) for n in range(1, 5)]
    terms = {
        "pit_id": floor["pit"].pk,
        "start": start,
        **TERMS,
        "dealer_ids": [d.pk for d in dealers],
        "table_ids": [t.pk for t in tables],
        "actor": boss,
    }
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
    """The dealers the plan puts at the tables at ``at_minute`` of its shift sign in there at
    that instant (the string's first table first, as a push moves)."""
    plan = planned["plan"]
    with time_machine.travel(plan.shift_start + dt.timedelta(minutes=at_minute), tick=False):
        for table_id in plan.strings[0]["tables"]:
            dealer = planned["at"][at_minute][table_id]
            dealer_assign(table_id=int(table_id), dealer=dealer, actor=boss)
