"""Where the rotation plan put a dealer at an instant: the slot of the plan in force then.

The plan in force at an instant ``at`` is, for each shift of the pit that covers ``at``
(``shift_start <= at < shift_start + length`` minutes, elapsed), the latest version saved at or
before ``at``: the plan as it stood then, as a qualification is the one in force then. A
version saved later does not rewrite what the plan said before it was saved.

The dealer's slot is that plan's slot naming the dealer (``slot.dealer == str(dealer_id)``)
whose half-open minutes ``[start, end)`` hold the minute of ``at`` (whole minutes elapsed since
the shift's start, as ``casino.dealers.rotation`` counts them). What the plan says is answered
as it is, whatever the dealer was doing: a dealer dealing while the plan has them on a break, at
another table or nowhere gets that slot, or none; the comparison is the reader's.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import DateTimeField, DurationField, ExpressionWrapper, F, Value

from casino.dealers.models import RotationPlan
from casino.dealers.rotation import BREAK
from tables.models import Table

_MINUTE = dt.timedelta(minutes=1)


@dataclass(frozen=True)
class PlannedSlot:
    """A dealer's slot in the plan in force: the plan's id and version, the string's name, the
    place (a table's id, as the plan stores it, or ``"BREAK"``) with the table's code (``None``
    for a break, or a table no longer on record), and the slot's first instant and the instant
    it ends (the shift's start plus the slot's elapsed minutes)."""

    plan: int
    version: int
    string: str
    place: str
    table_code: str | None
    start: dt.datetime
    end: dt.datetime

    @property
    def on_break(self) -> bool:
        return self.place == BREAK


def planned_slot(*, pit_id: int, dealer_id: int, at: dt.datetime) -> PlannedSlot | None:
    """The dealer's slot, at the instant ``at`` (aware), in the pit's plan in force then;
    ``None`` when no plan of the pit is in force or it has no slot of the dealer then."""
    return planned_slots(pit_id=pit_id, moments={dealer_id: at})[dealer_id]


def planned_slots(
    *, pit_id: int, moments: Mapping[int, dt.datetime]
) -> dict[int, PlannedSlot | None]:
    """Each dealer's slot (``moments``: a dealer's id to an aware instant) in the pit's plan in
    force at their instant, as :func:`planned_slot`; one read of the pit's plans, one of the
    tables named."""
    if not moments:
        return {}
    earliest, latest = min(moments.values()), max(moments.values())
    plans = list(
        RotationPlan.objects.annotate(
            shift_end=ExpressionWrapper(
                F("shift_start")
                + ExpressionWrapper(
                    F("length") * Value(_MINUTE, output_field=DurationField()),
                    output_field=DurationField(),
                ),
                output_field=DateTimeField(),
            )
        )
        .filter(
            pit_id=pit_id,
            shift_start__lte=latest,
            shift_end__gt=earliest,
            saved_at__lte=latest,
        )
        .only("pk", "shift_start", "length", "version", "saved_at", "strings")
    )
    found: dict[int, tuple[RotationPlan, str, dict[str, Any]] | None] = {
        dealer_id: _slot_in_force(plans, dealer_id, at) for dealer_id, at in moments.items()
    }
    table_ids = {int(hit[2]["place"]) for hit in found.values() if hit and hit[2]["place"] != BREAK}
    codes = dict(Table.objects.filter(pk__in=table_ids).values_list("pk", "code"))
    answered: dict[int, PlannedSlot | None] = {}
    for dealer_id, hit in found.items():
        if hit is None:
            answered[dealer_id] = None
            continue
        plan, string, slot = hit
        place = str(slot["place"])
        answered[dealer_id] = PlannedSlot(
            plan=plan.pk,
            version=plan.version,
            string=string,
            place=place,
            table_code=None if place == BREAK else codes.get(int(place)),
            start=plan.shift_start + int(slot["start"]) * _MINUTE,
            end=plan.shift_start + int(slot["end"]) * _MINUTE,
        )
    return answered


def _slot_in_force(
    plans: list[RotationPlan], dealer_id: int, at: dt.datetime
) -> tuple[RotationPlan, str, dict[str, Any]] | None:
    """The plan in force at ``at`` holding a slot of the dealer then, its string's name and the
    slot; the shift started last first, should two shifts of the pit overlap."""
    in_force: dict[dt.datetime, RotationPlan] = {}
    for plan in plans:
        if plan.saved_at > at:
            continue
        if not plan.shift_start <= at < plan.shift_start + plan.length * _MINUTE:
            continue
        held = in_force.get(plan.shift_start)
        if held is None or plan.version > held.version:
            in_force[plan.shift_start] = plan
    dealer = str(dealer_id)
    for shift_start in sorted(in_force, reverse=True):
        plan = in_force[shift_start]
        # Elapsed minutes, as the plan counts them: through UTC, whatever the zones.
        minute = (at.astimezone(dt.UTC) - shift_start.astimezone(dt.UTC)) // _MINUTE
        for string in plan.strings:
            for slot in string["slots"]:
                if slot["dealer"] == dealer and slot["start"] <= minute < slot["end"]:
                    return plan, string["name"], slot
    return None
