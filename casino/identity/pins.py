"""The PINs of dealers and pit bosses: set by their owner (with the own password) or by an
admin, and checked at a tablet's sign-in (:func:`pin_sign_in`, which ``tables.services.tablets``
calls): a dealer's to deal at the tablet's table, a pit boss's to decide one request there (a
retraction, a void).

A PIN is 4 to 8 digits, stored as Django's password hasher stores a password, never in clear;
every change writes an ``auth.pin_set`` audit row that names whose PIN and who set it, never
the PIN.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password, make_password
from django.db import transaction
from django.utils import timezone

from casino.api.addresses import client_address
from casino.core.audit_codes import AuditCode
from casino.core.errors import AccessCode, ApiError, RequestCode, TableCode, TabletCode
from casino.core.roles import Role, user_role
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from casino.core.updates import row_update
from casino.identity.lockouts import (
    LOCKED_MESSAGE,
    audit_sign_in_failure,
    lockout_active,
    sign_in_failure_record,
    sign_in_success_record,
)
from casino.identity.models import DealerPin, SignInFailures

_Granted = TypeVar("_Granted")

PIN_PATTERN = re.compile(r"[0-9]{4,8}")
#: Who signs in at a tablet by PIN.
PIN_ROLES = frozenset({Role.DEALER, Role.PIT_BOSS})
#: Who set a PIN from the server's console, as the audit trail names it.
CONSOLE = "manage.py set_pin"
#: Why a PIN sign-in failed, as its audit row says.
WRONG_CREDENTIALS = "wrong_credentials"
LOCKED = "locked"
REFUSED = "refused"


def verify_pin(pin: str) -> None:
    """:raises ApiError: ``pin_invalid`` (400) unless ``pin`` is 4 to 8 digits."""
    if not isinstance(pin, str) or PIN_PATTERN.fullmatch(pin) is None:
        raise ApiError(TabletCode.PIN_INVALID, "A PIN is 4 to 8 digits.", field="pin")


def pin_set(*, user_id: int, pin: str, actor: Any, password: str | None = None) -> DealerPin:
    """Give the dealer or pit boss ``user_id`` the PIN ``pin``. Audited (``auth.pin_set``,
    without the PIN).

    A dealer or pit boss sets the own PIN with the own ``password``; an admin sets anyone's
    without it.

    :raises ApiError: ``pin_invalid`` (400); ``permission_denied`` (403) for anyone else's PIN
        but an admin's doing; ``not_found`` (404) for no such active user; ``not_a_dealer``
        (400) when the user neither deals nor supervises a pit; ``password_wrong`` (403) when
        the own password is not ``password``.
    """
    verify_pin(pin)
    if user_id != actor.pk and user_role(actor) is not Role.ADMIN:
        raise ApiError(AccessCode.PERMISSION_DENIED, "Only an admin sets another user's PIN.")
    user = actor if user_id == actor.pk else _active_user(user_id)
    if user_role(user) not in PIN_ROLES:
        raise ApiError(TableCode.NOT_A_DEALER, "Only a dealer or a pit boss signs in by PIN.")
    if user.pk == actor.pk and not user.check_password(password or ""):
        raise ApiError(TabletCode.PASSWORD_WRONG, "The password is wrong.", field="password")
    return _pin_store(user=user, pin=pin, actor=actor)


def pin_set_at_console(*, username: str, pin: str) -> DealerPin:
    """Give the dealer ``username`` the PIN ``pin`` from the server's console
    (``manage.py set_pin``), whose operator holds the database already: no password asked.
    Audited with the console as the actor's label.

    :raises ApiError: ``pin_invalid`` (400); ``not_found``; ``not_a_dealer`` (400).
    """
    verify_pin(pin)
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise ApiError(RequestCode.NOT_FOUND, "No such user.")
    if user_role(user) not in PIN_ROLES:
        raise ApiError(TableCode.NOT_A_DEALER, "Only a dealer or a pit boss signs in by PIN.")
    return _pin_store(user=user, pin=pin, actor=None)


def _pin_store(*, user: Any, pin: str, actor: Any | None) -> DealerPin:
    """Store ``pin``, hashed, as the PIN of ``user`` (set by ``actor``, or at the console when
    ``None``) and record it."""
    with service_transaction():
        now = timezone.now()
        record, created = DealerPin.objects.select_for_update().get_or_create(
            user=user, defaults={"pin_hash": make_password(pin), "set_at": now, "set_by": actor}
        )
        if not created:
            row_update(record, pin_hash=make_password(pin), set_at=now, set_by=actor)
        audit_record(
            event_code=AuditCode.PIN_SET,
            actor=actor,
            actor_label="" if actor is not None else CONSOLE,
            after={"user": user.get_username(), "first": created},
        )
        return record


def _active_user(user_id: int) -> Any:
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        raise ApiError(RequestCode.NOT_FOUND, "No such user.")
    return user


def pin_matches(user: Any | None, pin: str, *, role: Role = Role.DEALER) -> bool:
    """Whether ``pin`` is the PIN of ``user``, active and of ``role``. Costs one hash whether
    or not there is such a user or a PIN, so the time taken does not tell which."""
    stored = None
    if user is not None and user.is_active and user_role(user) is role:
        stored = DealerPin.objects.filter(user=user).values_list("pin_hash", flat=True).first()
    if stored is None:
        make_password(pin)
        return False
    return bool(check_password(pin, stored))


class _LockedMeanwhile(Exception):
    """A failure locked the name while this PIN was being checked."""


def pin_sign_in(
    *,
    request: Any,
    username: str,
    pin: str,
    role: Role,
    at: dict[str, Any],
    grant: Callable[[Any, str | None], _Granted],
    failed: Callable[[Any], None],
) -> _Granted:
    """Sign ``username`` in by ``pin``: the name must be unlocked and the PIN the active
    ``role`` user's; then, in one transaction with the name's failures reset,
    ``grant(user, address)`` gives what the sign-in is for.

    Every refusal writes its ``auth.login_failed`` row (with what ``at`` says of where: the
    tablet, its device name, the channel; and a reason) and nothing else; a wrong PIN counts
    towards the name's lockout, and each refusal but one ``grant`` makes is told to ``failed``
    (the caller's throttles).

    :raises ApiError: ``sign_in_locked`` (423); ``pin_wrong`` (401, with the tries left before
        the lockout) for a wrong PIN, no PIN, or no such active ``role`` user, alike; whatever
        ``grant`` raises, rolled back whole and recorded as refused.
    """
    attempt = _Attempt(request, username, client_address(request), at, failed)
    if lockout_active(username) is not None:
        attempt.refuse_locked()
    user = get_user_model().objects.filter(username=username).first()
    if not pin_matches(user, pin, role=role):
        attempt.refuse_wrong_pin()
    try:
        with transaction.atomic():
            if not sign_in_success_record(username=username):
                raise _LockedMeanwhile()
            return grant(user, attempt.address)
    except _LockedMeanwhile:
        attempt.refuse_locked()
    except ApiError as refusal:
        # Rolled back whole; the refusal alone stays on the record.
        with transaction.atomic():
            audit_sign_in_failure(username, attempt.address, REFUSED, code=refusal.code, **at)
        raise


@dataclass(frozen=True)
class _Attempt:
    """One PIN sign-in as its refusals record it: the request, the name, the client's
    address, where (``at``) and whom to tell of a refusal (``failed``: the throttles)."""

    request: Any
    username: str
    address: str | None
    at: dict[str, Any]
    failed: Callable[[Any], None]

    def refuse_wrong_pin(self) -> NoReturn:
        """Record and refuse a wrong PIN, saying how many tries are left before the name's
        lockout (``SIGN_IN_LOCKOUT_FAILURES`` failures in a row)."""
        with transaction.atomic():
            audit_sign_in_failure(self.username, self.address, WRONG_CREDENTIALS, **self.at)
            locked = (
                sign_in_failure_record(username=self.username, address=self.address) is not None
            )
            failures = (
                SignInFailures.objects.filter(username=self.username)
                .values_list("failures", flat=True)
                .first()
            ) or 0
        self.failed(self.request)
        allowed = settings.SIGN_IN_LOCKOUT_FAILURES
        raise ApiError(
            TabletCode.PIN_WRONG,
            "Wrong user name or PIN.",
            tries_left=0 if locked else max(allowed - failures, 0),
            lockout_after=allowed,
            locked=locked,
        )

    def refuse_locked(self) -> NoReturn:
        """Record and refuse a sign-in while the name is locked."""
        with transaction.atomic():
            audit_sign_in_failure(self.username, self.address, LOCKED, **self.at)
        self.failed(self.request)
        raise ApiError(AccessCode.SIGN_IN_LOCKED, LOCKED_MESSAGE)
