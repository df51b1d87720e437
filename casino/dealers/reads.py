"""What the dealers API answers, each read deciding its permission (``casino.dealers.rules``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import rules
from django.utils import timezone

from casino.core.permissions import require
from casino.dealers.accuracy import Accuracy, dealer_accuracy
from casino.dealers.models import RotationPlan
from casino.dealers.pace import Pace, dealer_pace
from casino.dealers.plans import plan_versions
from casino.dealers.rotation_now import RotationNow, rotation_now
from tables.models import Pit


def _dealers_seen(user: Any) -> int | None:
    """``None`` for who sees every dealer's figures; the dealer's own id for a dealer."""
    if rules.has_perm("dealers.view_figures", user):
        return None
    require(user, "dealers.view_own_figures")
    return int(user.pk)


def pace_read(user: Any, *, casino: int, first: dt.date, last: dt.date) -> list[Pace]:
    """Every dealer's pace over the gaming days (pit bosses, auditors, admins); a dealer's own
    rows for a dealer."""
    own = _dealers_seen(user)
    rows = dealer_pace(casino_id=casino, first=first, last=last)
    return rows if own is None else [row for row in rows if row.dealer == own]


def accuracy_read(user: Any, *, casino: int, first: dt.date, last: dt.date) -> list[Accuracy]:
    """Every dealer's accuracy over the gaming days (pit bosses, auditors, admins); a dealer's
    own for a dealer."""
    return dealer_accuracy(casino_id=casino, first=first, last=last, dealer_id=_dealers_seen(user))


def plan_versions_read(user: Any, *, pit_id: int, shift_start: dt.datetime) -> list[RotationPlan]:
    """Every version of the pit's rotation plan for the shift from ``shift_start``, newest
    first (pit bosses, auditors, admins).

    :raises Pit.DoesNotExist: after ``permission_denied``.
    """
    require(user, "dealers.view_rotation_plans")
    Pit.objects.filter(pk=pit_id).values_list("pk", flat=True).get()
    return plan_versions(pit_id, shift_start)


def rotation_now_read(user: Any, pit_id: int) -> dict[str, Any]:
    """The pit's rotation now against its plan in force (who may watch the pit: its pit
    bosses, auditors, admins): the plan read, each table's dealer and next relief, each
    dealer's stint and break due, and the departures from the plan. Without a plan in force,
    ``plan`` is null and the lists are empty.

    :raises Pit.DoesNotExist: for no such pit.
    """
    pit = Pit.objects.get(pk=pit_id)
    require(user, "floor.view_pit", pit)
    now = timezone.now()
    current = rotation_now(pit.pk, now)
    if current is None:
        return {
            "pit": pit.pk,
            "now": now,
            "plan": None,
            "tables": [],
            "dealers": [],
            "departures": [],
        }
    return {"pit": pit.pk, "now": now, **_rotation_answer(current)}


def _rotation_answer(current: RotationNow) -> dict[str, Any]:
    def dealer(pk: str | None) -> dict[str, Any] | None:
        return None if pk is None else {"id": int(pk), "username": current.dealers.get(pk, "")}

    def table(pk: str | None) -> dict[str, Any] | None:
        return None if pk is None else {"id": int(pk), "code": current.tables.get(pk, "")}

    plan, shift, floor = current.plan, current.shift, current.floor
    return {
        "plan": {
            "id": plan.pk,
            "version": plan.version,
            "shift_start": shift.start,
            "shift_end": shift.at(shift.length),
            "minutes_on": shift.minutes_on,
            "minutes_off": shift.minutes_off,
            "grace": shift.grace,
        },
        "tables": [
            {
                "table": table(t.table),
                "dealer": dealer(t.dealer),
                "since": t.since,
                "relief": dealer(t.relief),
                "relief_at": t.relief_at,
                "relief_late": t.relief_late,
            }
            for t in floor.tables
        ],
        "dealers": [
            {
                "dealer": dealer(d.dealer),
                "table": table(d.table),
                "on_since": d.on_since,
                "minutes_on": d.minutes_on(current.now),
                "break_due": d.break_due,
                "overdue": d.overdue,
                "next_table": table(d.next_table),
                "next_at": d.next_at,
            }
            for d in floor.dealers
        ],
        "departures": [
            {
                "kind": departure.kind.value,
                "dealer": dealer(departure.dealer),
                "table": table(departure.table),
                "due": departure.due,
                "held": dealer(departure.held),
            }
            for departure in floor.departures
        ],
    }
