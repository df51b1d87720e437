"""Permissions of identity as ``rules`` predicates (found by rules' autodiscovery).

Sign-in administration: which users one manages is decided per object by
``casino.identity.supervision``; this is the door: only pit bosses and admins manage anyone
else's sign-ins. Dealers' qualifications: pit bosses and admins record and revoke them; they,
auditors and the dealer concerned read them (``casino.identity.qualifications``).
"""

from __future__ import annotations

from typing import Any

import rules

from casino.core.roles import Role, user_role


@rules.predicate
def manages_sign_ins(user: Any) -> bool:
    return user_role(user) in (Role.PIT_BOSS, Role.ADMIN)


rules.add_perm("identity.list_lockouts", manages_sign_ins)


@rules.predicate
def keeps_qualifications(user: Any) -> bool:
    return user_role(user) in (Role.PIT_BOSS, Role.ADMIN)


@rules.predicate
def reads_qualifications(user: Any) -> bool:
    return user_role(user) in (Role.PIT_BOSS, Role.AUDITOR, Role.ADMIN)


# Any pit boss records a dealer's qualification, not only the dealer's own pit's: a dealer new
# to the floor belongs to no pit until first assigned, and must be qualified before that.
rules.add_perm("identity.record_qualification", keeps_qualifications)
rules.add_perm("identity.view_qualifications", reads_qualifications)
