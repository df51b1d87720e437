"""Sign-in lockouts: a user name refused after repeated failures, until someone lifts it.

Every failed sign-in of a name adds one to its counter (``SignInFailures``), a success resets
it. The failure that brings it to ``SIGN_IN_LOCKOUT_FAILURES`` locks the name
(``SignInLockout``, audited): from then on every sign-in with that name is refused with 423
``sign_in_locked``, right password or not, until a pit boss (for the dealers of the own pits)
or an admin lifts it, which is audited too and starts the count afresh. Kept in PostgreSQL, so
it holds when Redis, and with it the throttles, is down.

Lock order: the name's counter row, then its lockout row, then the audit stream's head.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils import timezone

from casino.api.throttles import sign_in_throttle_forget
from casino.core.audit_codes import AuditCode
from casino.core.errors import AccessCode, ApiError, RequestCode
from casino.core.permissions import require
from casino.core.trail.recording import audit_record
from casino.core.updates import row_update
from casino.identity.models import SignInFailures, SignInLockout
from casino.identity.supervision import managed_users, manages

LOCKED_MESSAGE = "Too many failed sign-ins: this user name is locked until a pit boss lifts it."


def lockout_active(username: str) -> SignInLockout | None:
    """The active lockout of ``username``, if any (read without a lock)."""
    return SignInLockout.objects.filter(username=username, lifted_at__isnull=True).first()


def audit_sign_in_failure(username: str, address: str | None, reason: str, **after: Any) -> None:
    """Write the audit row of a refused sign-in of ``username``: why (``reason``), from where,
    and what ``after`` adds (the device, the channel, the table...). Not counted towards the
    lockout here (:func:`sign_in_failure_record` counts)."""
    audit_record(
        event_code=AuditCode.LOGIN_FAILED,
        actor=None,
        actor_label=username,
        after={**after, "address": address, "reason": reason},
    )


def sign_in_failure_record(*, username: str, address: str | None) -> SignInLockout | None:
    """Count a failed sign-in of ``username`` and lock the name when the count reaches
    ``SIGN_IN_LOCKOUT_FAILURES``. Returns the lockout this failure made, if it made one.

    Must run inside the transaction that records the failure in the audit trail; takes the
    name's counter row (one statement) and holds it until that transaction ends.
    """
    failures = _count_failure(username)
    if failures < settings.SIGN_IN_LOCKOUT_FAILURES or lockout_active(username) is not None:
        return None
    lockout = SignInLockout.objects.create(
        username=username,
        user=get_user_model().objects.filter(username=username).first(),
        failures=failures,
        address=address,
        locked_at=timezone.now(),
    )
    audit_record(
        event_code=AuditCode.SIGN_IN_LOCKED,
        actor=None,
        actor_label=username,
        after={"failures": failures, "address": address, "lockout": lockout.pk},
    )
    return lockout


def sign_in_success_record(*, username: str) -> bool:
    """Reset the failures of ``username`` after a right password, unless the name was locked
    meanwhile (by a failure that raced this sign-in): whether it may sign in.

    Must run inside the transaction that issues the credential; takes the name's counter row.
    """
    SignInFailures.objects.select_for_update().filter(username=username).first()
    if lockout_active(username) is not None:
        return False
    SignInFailures.objects.filter(username=username, failures__gt=0).update(failures=0)
    return True


def lockout_list(*, actor: Any, limit: int = 100) -> list[SignInLockout]:
    """The active lockouts ``actor`` may lift, newest first: of the dealers of the own pits
    for a pit boss, every one for an admin; at most ``limit``.

    :raises ApiError: ``permission_denied`` (403) for anyone who manages no sign-ins.
    """
    require(actor, "identity.list_lockouts")
    lockouts = SignInLockout.objects.filter(lifted_at__isnull=True).select_related("user")
    users = managed_users(actor)
    if users is not None:
        lockouts = lockouts.filter(user__in=users.exclude(pk=actor.pk))
    return list(lockouts[:limit])


def lockout_lift(*, lockout_id: int, actor: Any, reason: str) -> SignInLockout:
    """Lift the lockout ``lockout_id`` with ``reason``: the name may sign in again, its
    failures counted afresh (in the database and in the throttle). Audited.

    :raises ApiError: ``permission_denied`` (403) for anyone who manages no sign-ins, before
        whether the lockout exists is told; ``not_found``; ``permission_denied`` unless
        ``actor`` manages the locked user (never their own lockout); ``lockout_not_active``
        when it was lifted already.
    """
    require(actor, "identity.list_lockouts")
    username = (
        SignInLockout.objects.filter(pk=lockout_id).values_list("username", flat=True).first()
    )
    if username is None:
        raise ApiError(RequestCode.NOT_FOUND, "No such lockout.")
    with transaction.atomic():
        SignInFailures.objects.select_for_update().filter(username=username).first()
        lockout = SignInLockout.objects.select_for_update().get(pk=lockout_id)
        if lockout.user_id == actor.pk or not manages(actor, lockout.user_id):
            raise ApiError(
                AccessCode.PERMISSION_DENIED, "You may not lift the lockout of this user name."
            )
        if lockout.lifted_at is not None:
            raise ApiError(
                AccessCode.LOCKOUT_NOT_ACTIVE,
                "This lockout was lifted already.",
                lifted_at=lockout.lifted_at.isoformat(),
            )
        row_update(lockout, lifted_at=timezone.now(), lifted_by=actor, lift_reason=reason)
        SignInFailures.objects.filter(username=username).update(failures=0)
        audit_record(
            event_code=AuditCode.SIGN_IN_LOCKOUT_LIFTED,
            actor=actor,
            before={"lockout": lockout.pk, "username": username, "failures": lockout.failures},
            reason=reason,
        )
        transaction.on_commit(lambda: sign_in_throttle_forget(username=username))
    return lockout


def _count_failure(username: str) -> int:
    """One more failure of ``username``, counted in one statement that creates or locks the
    name's counter row; the new count."""
    table = SignInFailures._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            INSERT INTO {table} (username, failures, last_failed_at) VALUES (%s, 1, %s)
            ON CONFLICT (username) DO UPDATE
            SET failures = {table}.failures + 1, last_failed_at = excluded.last_failed_at
            RETURNING failures
            """,
            [username, timezone.now()],
        )
        (failures,) = cursor.fetchone()
    return int(failures)
