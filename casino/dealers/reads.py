"""What the dealers API answers, each read deciding its permission (``casino.dealers.rules``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import rules

from casino.core.permissions import require
from casino.dealers.accuracy import Accuracy, dealer_accuracy
from casino.dealers.models import RotationPlan
from casino.dealers.pace import Pace, dealer_pace
from casino.dealers.plans import plan_versions
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
