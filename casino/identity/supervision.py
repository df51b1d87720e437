"""Who manages whose sign-ins: an admin everyone's, a pit boss the dealers' of the own pits.

A pit boss lists and revokes the device tokens, and lifts the sign-in lockouts, of the dealers
of the own pits. Pits and dealer assignments belong to the tables app, a layer above this one,
which publishes who answers for whom as a view (``tables_supervised_dealers``: a pit boss and
each user whose latest assignment, open or ended, is at a table of a pit the pit boss
supervises); this module reads that view, and keeps the dealers among those users.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.db.models.expressions import RawSQL

from casino.core.roles import Role, user_role

#: The users a pit boss answers for, in the view the tables app publishes.
SUPERVISED = "SELECT dealer_id FROM tables_supervised_dealers WHERE pit_boss_id = %s"


def dealers_of(pit_boss: Any) -> QuerySet[Any]:
    """The dealers ``pit_boss`` answers for: those of the pits they supervise, each a dealer of
    the pit of the table of their latest assignment (also between two shifts, until assigned
    in another pit)."""
    return (
        get_user_model()
        .objects.filter(groups__name=Role.DEALER.value)
        .filter(pk__in=RawSQL(SUPERVISED, [pit_boss.pk]))
    )


def managed_users(actor: Any) -> QuerySet[Any] | None:
    """The users whose sign-ins ``actor`` manages besides their own: every user for an admin
    (``None``: no restriction), the dealers of the own pits for a pit boss, nobody otherwise."""
    role = user_role(actor)
    if role is Role.ADMIN:
        return None
    if role is Role.PIT_BOSS:
        return dealers_of(actor)
    return get_user_model().objects.none()


def manages(actor: Any, user_id: int | None) -> bool:
    """Whether ``user_id`` is one of :func:`managed_users` of ``actor``. A name that is nobody's
    (``None``) only an admin manages; a user's own sign-ins are not counted here."""
    users = managed_users(actor)
    if users is None:
        return True
    return user_id is not None and users.filter(pk=user_id).exists()
