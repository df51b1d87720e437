"""The five roles and how a user's role is found.

A role is a Django group of the same name. A user holds one role; a superuser counts as admin.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser


class Role(StrEnum):
    DEALER = "dealer"
    PIT_BOSS = "pit_boss"
    AUDITOR = "auditor"
    ADMIN = "admin"
    #: The cage: issues fills, takes back credits, counts the drop. No game data, no tables.
    CAGE = "cage"


# When a user is (wrongly) in several role groups, the least powerful wins: a mistake in
# configuration must not widen access.
_PRECEDENCE = (Role.AUDITOR, Role.CAGE, Role.DEALER, Role.PIT_BOSS, Role.ADMIN)


def user_role(user: AbstractBaseUser | AnonymousUser | None) -> Role | None:
    """The role ``user`` acts in, or ``None`` for anonymous users and users without a role."""
    if user is None or not user.is_authenticated:
        return None
    cached = getattr(user, "_casino_role", "unset")
    if cached != "unset":
        return cached  # type: ignore[no-any-return]
    names = (
        ()
        if getattr(user, "is_superuser", False)
        else user.groups.values_list(  # type: ignore[union-attr]
            "name", flat=True
        )
    )
    return remember_role(user, names)


def role_label(user: AbstractBaseUser | AnonymousUser | None) -> str:
    """The role ``user`` acts in as a row records it beside the user: its value, ``""`` for
    none."""
    role = user_role(user)
    return role.value if role else ""


def remember_role(user: AbstractBaseUser, group_names: Iterable[str]) -> Role | None:
    """Work out and cache on ``user`` the role its ``group_names`` give (superuser: admin).

    Authentication that already read the groups calls this to spare a query per request.
    """
    if getattr(user, "is_superuser", False):
        role: Role | None = Role.ADMIN
    else:
        names = set(group_names)
        role = next((r for r in _PRECEDENCE if r.value in names), None)
    user._casino_role = role  # type: ignore[attr-defined]
    return role
