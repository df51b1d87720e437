"""The watch over the rotation, run by Celery beat every minute (``dealers.watch_rotation``):
where the floor has left a pit's plan in force, which no request reports since the departure is
that nothing happened (a relief who did not come, a dealer not sent on break).

Each departure (``casino.dealers.against_plan``) raises one alert, once, naming the dealer and
the table: ``dealer_past_plan`` for a dealer still dealing past the grace after the break the
plan gave (once per dealer and break), ``relief_late`` for a table whose planned relief has not
come (once per table and slot), ``break_skipped`` for a dealer dealing again after a planned
break they did not take (once per dealer and break).
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from casino.core.alerts import alert_record
from casino.core.models import Alert
from casino.dealers.against_plan import Departure, DepartureKind
from casino.dealers.models import RotationPlan
from casino.dealers.rotation_now import RotationNow, rotation_now
from tables.models import Pit

#: No shift lasts longer: the plans whose shift may hold the moment started within it.
_LONGEST_SHIFT = dt.timedelta(days=1)


def rotation_watch(*, now: dt.datetime | None = None) -> list[Alert]:
    """Raise the alerts of every pit's departures from its plan in force at ``now``; returns
    those raised now (a departure already alerted is not alerted again)."""
    now = now or timezone.now()
    pits = (
        RotationPlan.objects.filter(shift_start__lte=now, shift_start__gt=now - _LONGEST_SHIFT)
        .values_list("pit_id", flat=True)
        .distinct()
    )
    raised: list[Alert | None] = []
    with transaction.atomic():
        for pit_id in sorted(set(pits)):
            current = rotation_now(pit_id, now)
            if current is None:
                continue
            casino_id = Pit.objects.values_list("casino_id", flat=True).get(pk=pit_id)
            raised += [
                _alert(current, departure, casino_id) for departure in current.floor.departures
            ]
    return [alert for alert in raised if alert is not None]


def _cause(departure: Departure) -> str:
    """What one alert is about: a late relief, the table and its slot; a dealer kept past the
    plan or dealing without a break, the dealer and the break (wherever the push moves them)."""
    due = departure.due.isoformat()
    if departure.kind is DepartureKind.RELIEF_LATE:
        return f"table:{departure.table}:dealer:{departure.dealer}:slot:{due}"
    return f"dealer:{departure.dealer}:break:{due}"


def _alert(current: RotationNow, departure: Departure, casino_id: int) -> Alert | None:
    dealer, table, held = departure.dealer, departure.table, departure.held
    return alert_record(
        kind=departure.kind.value,
        cause=_cause(departure),
        casino_id=casino_id,
        table_id=int(table) if table is not None else None,
        details={
            "dealer": current.dealers.get(dealer, dealer),
            "dealer_id": int(dealer),
            "table": current.tables.get(table, table) if table is not None else None,
            "due": departure.due,
            "held": current.dealers.get(held, held) if held is not None else None,
            "plan": current.plan.pk,
            "version": current.plan.version,
        },
        at=current.now,
    )
