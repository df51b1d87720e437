"""Permissions of sign-in administration as ``rules`` predicates (found by rules' autodiscovery).

Which users one manages is decided per object by ``casino.identity.supervision``; this is the door:
only pit bosses and admins manage anyone else's sign-ins.
"""

from __future__ import annotations

from typing import Any

import rules

from casino.core.roles import Role, user_role


@rules.predicate
def manages_sign_ins(user: Any) -> bool:
    return user_role(user) in (Role.PIT_BOSS, Role.ADMIN)


rules.add_perm("identity.list_lockouts", manages_sign_ins)
