"""Who sees the live floor and clears its alerts, on the predicates of the floor's tables
(``tables.rules``)."""

from __future__ import annotations

from typing import Any

import rules

from casino.core.roles import Role, user_role
from tables.models import Pit
from tables.rules import is_admin, is_auditor, is_pit_boss, is_supervising_pit_boss


@rules.predicate
def supervises_the_pit(user: Any, obj: Any) -> bool:
    """The user is a pit boss supervising this pit, or the pit of this table or round."""
    if isinstance(obj, Pit):
        return user_role(user) is Role.PIT_BOSS and obj.supervisors.filter(pk=user.pk).exists()
    return bool(is_supervising_pit_boss(user, obj))


@rules.predicate
def supervises_the_alert(user: Any, alert: Any) -> bool:
    """The user is a pit boss supervising the pit of the alert's table (an alert of no table
    belongs to no pit)."""
    table_id = getattr(alert, "table_id", None)
    if table_id is None or user_role(user) is not Role.PIT_BOSS:
        return False
    return Pit.objects.filter(tables__id=table_id, supervisors__id=user.pk).exists()


# A pit's or a table's pit view, and the pit's stream.
rules.add_perm("floor.view_pit", supervises_the_pit | is_auditor | is_admin)
# Alerts: a pit boss lists and clears those of the own pits' tables; auditors and admins all.
rules.add_perm("floor.list_alerts", is_pit_boss | is_auditor | is_admin)
rules.add_perm("floor.acknowledge_alert", supervises_the_alert | is_auditor | is_admin)
