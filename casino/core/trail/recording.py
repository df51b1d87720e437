"""The one audit-recording service every write calls inside its transaction."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from audit.models import AuditRecord
from audit.services.chain import chain_head, chain_lock, json_value, row_hash
from casino.api.request_id import current_request_id
from casino.api.roles import user_role
from tables.gaming_day import gaming_day_of


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
    """Append one audit row for a business event, chained to the row before it.

    Must run inside the transaction of the change it records (``transaction.atomic``, READ
    COMMITTED), so the row exists exactly when the change does. Takes the chain's append lock
    (``audit.services.chain.chain_lock``) until that transaction ends: call it after the
    change's own row locks, as the last lock (``tables.locks``).

    ``before``/``after`` are stored as plain JSON (``chain.json_value``: Decimals and times as
    strings). The gaming day defaults to the round's, else to the table's casino's day now.

    :raises RuntimeError: when called outside a transaction.
    """
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("audit_record must run inside the transaction of the change it records")
    if round is not None:
        table = table if table is not None else round.table
        gaming_day = gaming_day if gaming_day is not None else round.gaming_day
    # Everything that may query runs before the lock, to keep the serialised part short.
    casino = table.pit.casino if gaming_day is None and table is not None else None
    role = user_role(actor)
    authenticated = actor is not None and actor.is_authenticated
    record = AuditRecord(
        actor=actor if authenticated else None,
        actor_label=actor_label or (actor.get_username() if actor is not None else ""),
        actor_role=role.value if role else "",
        authorised_by=authorised_by,
        event_code=str(event_code),
        table=table,
        round=round,
        gaming_day=_as_date(gaming_day),
        before=json_value(before),
        after=json_value(after),
        reason=reason,
        request_id=current_request_id(),
    )
    chain_lock()
    record.seq, record.prev_hash = _next_link()
    # The time is read under the lock, so times never run backwards along the chain.
    record.occurred_at = timezone.now()
    if casino is not None:
        record.gaming_day = gaming_day_of(
            record.occurred_at,
            time_zone=casino.time_zone,
            start_hour=casino.gaming_day_start_hour,
        )
    record.row_hash = row_hash(_columns(record))
    record.save(force_insert=True)
    return record


def _next_link() -> tuple[int, str]:
    seq, head_hash = chain_head()
    return seq + 1, head_hash


def _as_date(value: Any) -> dt.date | None:
    if value is None or isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    if isinstance(value, dt.datetime):
        return value.date()
    return dt.date.fromisoformat(str(value))


def _columns(record: AuditRecord) -> dict[str, Any]:
    return {
        "seq": record.seq,
        "prev_hash": record.prev_hash,
        "occurred_at": record.occurred_at,
        "actor_id": record.actor_id,
        "actor_label": record.actor_label,
        "actor_role": record.actor_role,
        "authorised_by_id": record.authorised_by_id,
        "event_code": record.event_code,
        "table_id": record.table_id,
        "round_id": record.round_id,
        "gaming_day": record.gaming_day,
        "before": record.before,
        "after": record.after,
        "reason": record.reason,
        "request_id": record.request_id,
    }
