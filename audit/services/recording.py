"""The one audit-recording service every write calls inside its transaction."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from audit.models import AuditRecord
from casino.api.request_id import current_request_id
from casino.api.roles import user_role


def audit_record(
    *,
    event_code: str,
    actor: AbstractBaseUser | None,
    table: Any = None,
    round: Any = None,
    before: Any = None,
    after: Any = None,
    reason: str = "",
    authorised_by: AbstractBaseUser | None = None,
    actor_label: str = "",
    gaming_day: Any = None,
) -> AuditRecord:
    """Append one audit row for a business event.

    Must run inside the transaction of the change it records (``transaction.atomic``), so the row
    exists exactly when the change does. ``before``/``after`` must be JSON-serialisable (Decimals
    as strings). The gaming day defaults to the round's.

    :raises RuntimeError: when called outside a transaction.
    """
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("audit_record must run inside the transaction of the change it records")
    if round is not None:
        table = table if table is not None else round.table
        gaming_day = gaming_day if gaming_day is not None else round.gaming_day
    role = user_role(actor)
    return AuditRecord.objects.create(
        occurred_at=timezone.now(),
        actor=actor if actor is not None and actor.is_authenticated else None,
        actor_label=actor_label or (actor.get_username() if actor is not None else ""),
        actor_role=role.value if role else "",
        authorised_by=authorised_by,
        event_code=str(event_code),
        table=table,
        round=round,
        gaming_day=gaming_day,
        before=before,
        after=after,
        reason=reason,
        request_id=current_request_id(),
    )
