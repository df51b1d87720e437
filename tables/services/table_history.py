"""The record of a table's changes: its history row and its audit row, written together."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from casino.core.audit_codes import AuditCode
from casino.core.trail.recording import audit_record
from tables.models import Table, TableChange


def table_change_record(
    *,
    table: Table,
    code: AuditCode,
    actor: AbstractBaseUser,
    before: Any = None,
    after: Any = None,
    reason: str = "",
    authorised_by: AbstractBaseUser | None = None,
) -> TableChange:
    """Record one change of ``table`` (status or configuration): its audit row, then the
    history row naming it. ``authorised_by`` is the second person who approved the change, if
    it needed one (the audit row names them). Must run in the transaction of the change, after
    its locks."""
    record = audit_record(
        event_code=code,
        actor=actor,
        table=table,
        before=before,
        after=after,
        reason=reason,
        authorised_by=authorised_by,
    )
    return TableChange.objects.create(
        table=table,
        kind=str(code),
        before=record.before,
        after=record.after,
        reason=reason,
        actor=actor,
        changed_at=record.occurred_at,
        audit_record_id=record.pk,
    )
