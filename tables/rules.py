"""Object permissions as ``rules`` predicates: who may do what at which table, now.

A dealer acts only at the table of the current assignment; a pit boss at the tables of the pits
they supervise; an auditor reads everything and changes no game data; an admin configures.
Decided by the services and reads that do the work, with ``casino.core.permissions.require``
(a write's on the row it has locked), never by a view.
"""

from __future__ import annotations

from typing import Any

import rules

from casino.core.roles import Role, user_role
from tables.models import DealerAssignment, Round, Table

#: Marks an object read without ``current_dealer_id`` (see ``tables.locks``).
_UNKNOWN = object()


def _table_of(obj: Any) -> Table | None:
    if isinstance(obj, Table):
        return obj
    if isinstance(obj, Round):
        return obj.table
    return None


def _table_id_of(obj: Any) -> int | None:
    """The id of the table ``obj`` is or belongs to, read without a query."""
    if isinstance(obj, Table):
        return int(obj.pk)
    if isinstance(obj, Round):
        return int(obj.table_id)
    return None


def _acts_as(role: Role) -> rules.Predicate:
    """The predicate that the user acts in ``role`` (:func:`casino.core.roles.user_role`)."""

    def acts_as(user: Any) -> bool:
        return user_role(user) is role

    return rules.predicate(acts_as, name=f"is_{role.value}")


is_admin = _acts_as(Role.ADMIN)
is_auditor = _acts_as(Role.AUDITOR)
is_pit_boss = _acts_as(Role.PIT_BOSS)
is_dealer = _acts_as(Role.DEALER)
is_cage = _acts_as(Role.CAGE)


@rules.predicate
def is_assigned_dealer(user: Any, obj: Any) -> bool:
    """The user is a dealer with an open assignment at this table (or the round's table), and,
    signed in at a tablet, it is that tablet's table (``tables.authentication``)."""
    table_id = _table_id_of(obj)
    if table_id is None or user_role(user) is not Role.DEALER or _at_other_tablet(user, table_id):
        return False
    # A row read under its lock carries the table's current dealer (``tables.locks``): the
    # question is then answered under the lock, without a query.
    current = getattr(obj, "current_dealer_id", _UNKNOWN)
    if current is not _UNKNOWN:
        return bool(current == user.pk)
    return DealerAssignment.objects.filter(
        table_id=table_id, dealer_id=user.pk, ended_at__isnull=True
    ).exists()


@rules.predicate
def is_supervising_pit_boss(user: Any, obj: Any) -> bool:
    """The user is a pit boss supervising the pit of this table (or the round's table), and,
    signed in at a tablet, it is that tablet's table (``tables.authentication``)."""
    table = _table_of(obj)
    if table is None or user_role(user) is not Role.PIT_BOSS:
        return False
    # Signed in at a tablet (to decide there by PIN), a pit boss acts at its table alone.
    if _at_other_tablet(user, table.pk):
        return False
    return table.pit.supervisors.filter(pk=user.pk).exists()


def _at_other_tablet(user: Any, table_id: int) -> bool:
    """Whether ``user`` is signed in at the tablet of a table other than ``table_id``
    (``tables.authentication``)."""
    bound = getattr(user, "tablet_table_id", None)
    return bound is not None and bound != table_id


# The cage lists the tables too: fills and credits are asked of it by table.
rules.add_perm("tables.view_floor", is_dealer | is_pit_boss | is_cage | is_auditor | is_admin)
rules.add_perm(
    "tables.view_table", is_assigned_dealer | is_supervising_pit_boss | is_auditor | is_admin
)
rules.add_perm("tables.manage_table", is_supervising_pit_boss | is_admin)
rules.add_perm("tables.deal_round", is_assigned_dealer)
# The tablets registered to a table: registered and revoked by who manages it, read by auditors.
rules.add_perm("tables.view_tablets", is_supervising_pit_boss | is_auditor | is_admin)
rules.add_perm("tables.review_round", is_supervising_pit_boss | is_auditor | is_admin)
# A round's payouts are confirmed made ("Paid") by who pays them: its dealer, or its pit boss.
rules.add_perm("tables.confirm_payouts", is_assigned_dealer | is_supervising_pit_boss)
# Retractions of a round's last entries: asked at the table, decided by a pit boss of the pit
# (the service refuses the requester), read by those and by auditors.
rules.add_perm("tables.request_retraction", is_assigned_dealer | is_supervising_pit_boss)
rules.add_perm("tables.decide_retraction", is_supervising_pit_boss)
rules.add_perm(
    "tables.view_retraction", is_assigned_dealer | is_supervising_pit_boss | is_auditor | is_admin
)
rules.add_perm("tables.list_retractions", is_dealer | is_pit_boss | is_auditor | is_admin)
# Changes of limits waiting for a second person: listed for those who decide or review them.
rules.add_perm("tables.list_limit_changes", is_pit_boss | is_auditor | is_admin)
rules.add_perm("tables.view_limit_change", is_supervising_pit_boss | is_auditor | is_admin)
