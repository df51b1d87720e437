"""Permissions of the dealers app, on the predicates of the floor (``tables.rules``).

Every dealer's pace and accuracy is read by who runs and audits the floor: pit bosses, auditors
and administrators. A dealer reads their own accuracy and pace, nobody else's.

A pit's rotation plans are proposed and saved by the pit bosses supervising the pit
(``Pit.supervisors``; not while signed in at a tablet, where a pit boss acts at its table
alone) and administrators; read by pit bosses, auditors and administrators.
"""

from __future__ import annotations

from typing import Any

import rules

from casino.core.roles import Role, user_role
from tables.models import Pit
from tables.rules import is_admin, is_auditor, is_dealer, is_pit_boss


@rules.predicate
def is_pit_supervisor(user: Any, pit: Any) -> bool:
    """The user is a pit boss supervising this pit, not signed in at a tablet."""
    if not isinstance(pit, Pit) or user_role(user) is not Role.PIT_BOSS:
        return False
    if getattr(user, "tablet_table_id", None) is not None:
        return False
    return pit.supervisors.filter(pk=user.pk).exists()


rules.add_perm("dealers.view_figures", is_pit_boss | is_auditor | is_admin)
rules.add_perm("dealers.view_own_figures", is_dealer)
rules.add_perm("dealers.plan_rotation", is_pit_supervisor | is_admin)
rules.add_perm("dealers.view_rotation_plans", is_pit_boss | is_auditor | is_admin)
