"""A pit's rotation now: the plan in force read beside the floor's assignments.

:func:`rotation_now` finds the pit's plan in force at a moment (the latest version of the plan
whose shift holds the moment), reads the assignments of its tables and of its dealers that reach
into the shift, and sets them side by side (``casino.dealers.against_plan``). The pit board
shows it; the watch (``casino.dealers.watch``) raises alerts from its departures.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Q

from casino.dealers import rotation
from casino.dealers.against_plan import Assignment, FloorAgainstPlan, plan_against_reality
from casino.dealers.models import RotationPlan
from casino.dealers.plans import plan_of, shift_of
from tables.models import DealerAssignment, Table

#: How long before a shift an assignment may have started and still be read: a dealer who
#: dealt into the shift from the one before it (no shift is longer than a day).
_LOOKBACK = dt.timedelta(days=1)


@dataclass(frozen=True)
class RotationNow:
    """The pit's plan in force at ``now`` (the version read), its shift, and the floor set
    beside it; ``dealers`` and ``tables`` name the ids the floor holds (username, table code)."""

    plan: RotationPlan
    shift: rotation.Shift
    now: dt.datetime
    floor: FloorAgainstPlan
    dealers: dict[str, str]
    tables: dict[str, str]


def plan_in_force(pit_id: int, now: dt.datetime) -> RotationPlan | None:
    """The latest version of the pit's plan whose shift holds ``now`` (the shift started last,
    when two overlap), or ``None``."""
    candidates = RotationPlan.objects.filter(
        pit_id=pit_id, shift_start__lte=now, shift_start__gt=now - _LOOKBACK
    ).order_by("-shift_start", "-version")
    for plan in candidates:
        if now < plan.shift_start + dt.timedelta(minutes=plan.length):
            return plan
    return None


def rotation_now(pit_id: int, now: dt.datetime) -> RotationNow | None:
    """The pit's rotation at ``now`` against its plan in force, or ``None`` without a plan."""
    plan = plan_in_force(pit_id, now)
    if plan is None:
        return None
    return rotation_of(plan, now)


def rotation_of(plan: RotationPlan, now: dt.datetime) -> RotationNow:
    """The plan version ``plan`` set beside the floor's assignments at ``now``."""
    shift = shift_of(plan)
    strings = plan_of(plan.strings)
    table_ids = [int(table) for string in strings.strings for table in string.tables]
    dealer_ids = [int(dealer) for string in strings.strings for dealer in string.dealers]
    rows = (
        DealerAssignment.objects.filter(Q(table_id__in=table_ids) | Q(dealer_id__in=dealer_ids))
        .filter(started_at__lte=now, started_at__gt=shift.start - _LOOKBACK)
        .filter(Q(ended_at__isnull=True) | Q(ended_at__gt=shift.start - _LOOKBACK))
        .values_list("dealer_id", "table_id", "started_at", "ended_at")
    )
    assignments = [Assignment(str(d), str(t), start, end) for d, t, start, end in rows]
    floor = plan_against_reality(shift, strings, assignments, now)
    named = {int(d.dealer) for d in floor.dealers}
    tables = {int(t.table) for t in floor.tables} | {
        int(d.table) for d in floor.dealers if d.table is not None
    }
    return RotationNow(
        plan=plan,
        shift=shift,
        now=now,
        floor=floor,
        dealers={
            str(pk): name
            for pk, name in get_user_model()
            .objects.filter(pk__in=named)
            .values_list("pk", "username")
        },
        tables={
            str(pk): code
            for pk, code in Table.objects.filter(pk__in=tables).values_list("pk", "code")
        },
    )
