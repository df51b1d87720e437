"""The port through which sign-in administration learns which users a pit boss answers for.

A pit boss lists and revokes the device tokens, and lifts the sign-in lockouts, of the dealers
of the own pits. Pits and dealer assignments belong to the tables app, a layer above this one,
so this module asks whatever source is plugged in here; the tables app plugs its own in when
the apps are ready (``tables.apps``). Without one, a pit boss answers for nobody, and only an
admin manages other users' sign-ins.
"""

from __future__ import annotations

from typing import Any, Protocol

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from casino.core.roles import Role, user_role


class SupervisionSource(Protocol):
    """Who supervises whom on the floor."""

    def dealers_of(self, pit_boss: Any) -> QuerySet[Any]:
        """The users ``pit_boss`` answers for: the dealers of the pits they supervise."""
        ...


class _Nobody:
    def dealers_of(self, pit_boss: Any) -> QuerySet[Any]:
        return get_user_model().objects.none()


_source: SupervisionSource = _Nobody()


def plug(source: SupervisionSource) -> None:
    """Make ``source`` the answer to who supervises whom (once, at start-up)."""
    global _source
    _source = source


def managed_users(actor: Any) -> QuerySet[Any] | None:
    """The users whose sign-ins ``actor`` manages besides their own: every user for an admin
    (``None``: no restriction), the dealers of the own pits for a pit boss, nobody otherwise."""
    role = user_role(actor)
    if role is Role.ADMIN:
        return None
    if role is Role.PIT_BOSS:
        return _source.dealers_of(actor)
    return get_user_model().objects.none()


def manages(actor: Any, user_id: int | None) -> bool:
    """Whether ``user_id`` is one of :func:`managed_users` of ``actor``. A name that is nobody's
    (``None``) only an admin manages; a user's own sign-ins are not counted here."""
    users = managed_users(actor)
    if users is None:
        return True
    return user_id is not None and users.filter(pk=user_id).exists()
