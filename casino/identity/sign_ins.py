"""Sign-ins, on both channels, and their audit rows: every one, success or failure, names the
client's address (``casino.api.addresses``).

Tablets sign in through the device-token endpoint (:func:`device_sign_in`). Browsers sign in
with a session (the admin); Django announces those only through its ``user_logged_in`` /
``user_login_failed`` signals, so the two receivers below (connected in ``casino.identity.apps``)
are the one place the trail listens to signals. Both channels count failures towards the same
lockout (``casino.identity.lockouts``), and a locked name signs in on neither
(``casino.identity.backends``).
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.contrib.auth import authenticate
from django.db import transaction

from casino.api.addresses import client_address
from casino.api.throttles import sign_in_failed
from casino.core.audit_codes import AuditCode
from casino.core.errors import AccessCode, ApiError
from casino.core.trail.recording import audit_record
from casino.identity.lockouts import (
    LOCKED_MESSAGE,
    audit_sign_in_failure,
    lockout_active,
    sign_in_failure_record,
    sign_in_success_record,
)
from casino.identity.models import DeviceToken
from casino.identity.tokens import device_token_issue

WRONG_CREDENTIALS = "wrong_credentials"
LOCKED = "locked"


def device_sign_in(
    *, request: Any, username: str, password: str, device_name: str
) -> tuple[str, DeviceToken]:
    """Sign ``username`` in on ``device_name``: a new device token (its key, shown once, and
    its row). The request has passed the sign-in throttles (``casino.api.throttles``).

    A locked name is refused before its password is checked. Every attempt writes one audit
    row with the client's address: the token issued, or the failure and why.

    :raises ApiError: ``sign_in_locked`` (423) for a locked name, right password or not;
        ``authentication_failed`` (401) for a wrong user name or password, counted towards
        the lockout and the throttles.
    """
    address = client_address(request)
    if lockout_active(username) is not None:
        _refuse(request, username=username, device_name=device_name, address=address)
    user = authenticate(_django_request(request), username=username, password=password)
    if user is None:
        with transaction.atomic():
            audit_sign_in_failure(username, address, WRONG_CREDENTIALS, device_name=device_name)
            sign_in_failure_record(username=username, address=address)
        sign_in_failed(request)
        raise ApiError(AccessCode.AUTHENTICATION_FAILED, "Wrong username or password.")
    with transaction.atomic():
        if sign_in_success_record(username=username):
            return device_token_issue(user=user, device_name=device_name, address=address)
    # A failure locked the name while this password was being checked.
    _refuse(request, username=username, device_name=device_name, address=address)


def record_login(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if _from_the_api(request):
        return  # tablets sign in through the device-token endpoint, which records its own row
    with transaction.atomic():
        sign_in_success_record(username=user.get_username())
        audit_record(
            event_code=AuditCode.LOGIN,
            actor=user,
            after={"channel": "session", "address": client_address(request)},
        )


def record_login_failed(
    sender: Any, credentials: dict[str, Any], request: Any = None, **kwargs: Any
) -> None:
    if _from_the_api(request):
        return  # the device-token endpoint records its own row, with the device's name
    username = str(credentials.get("username", ""))[:150]
    address = client_address(request)
    with transaction.atomic():
        if lockout_active(username) is not None:
            audit_sign_in_failure(username, address, LOCKED, channel="session")
            return
        audit_sign_in_failure(username, address, WRONG_CREDENTIALS, channel="session")
        if username:
            sign_in_failure_record(username=username, address=address)


def _refuse(request: Any, *, username: str, device_name: str, address: str | None) -> NoReturn:
    """Record the refusal of a locked name and refuse it."""
    with transaction.atomic():
        audit_sign_in_failure(username, address, LOCKED, device_name=device_name)
    sign_in_failed(request)
    raise ApiError(AccessCode.SIGN_IN_LOCKED, LOCKED_MESSAGE)


def _django_request(request: Any) -> Any:
    return getattr(request, "_request", request)


def _from_the_api(request: Any) -> bool:
    return str(getattr(request, "path", "")).startswith("/api/")
