"""Browser sign-ins (the admin, session logins) and failed attempts go into the audit trail.

Django announces them only through its ``user_logged_in`` / ``user_login_failed`` signals, so
these two receivers (connected in ``casino.api.apps``) are the one place the trail listens to
signals. Tablets sign in through the device-token endpoint, which records its own rows.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from casino.core.audit_codes import AuditCode
from casino.core.trail.recording import audit_record


def record_login(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if _from_the_api(request):
        return  # tablets sign in through the device-token endpoint, which records its own row
    with transaction.atomic():
        audit_record(event_code=AuditCode.LOGIN, actor=user, after={"channel": "session"})


def record_login_failed(
    sender: Any, credentials: dict[str, Any], request: Any = None, **kwargs: Any
) -> None:
    if _from_the_api(request):
        return  # the device-token endpoint records its own row, with the device's name
    with transaction.atomic():
        audit_record(
            event_code=AuditCode.LOGIN_FAILED,
            actor=None,
            actor_label=str(credentials.get("username", ""))[:150],
            after={"channel": "session"},
        )


def _from_the_api(request: Any) -> bool:
    return str(getattr(request, "path", "")).startswith("/api/")
