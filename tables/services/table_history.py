"""The record of a table's changes: its history row and its audit row, written together."""

from __future__ import annotations

from typing import Unpack

from django.contrib.auth.models import AbstractBaseUser

from casino.core.audit_codes import AuditCode
from casino.core.trail.recording import AuditDetails, audit_record
from tables.models import Table, TableChange


def table_change_record(
    *,
    table: Table,
    code: AuditCode,
    actor: AbstractBaseUser,
    **details: Unpack[AuditDetails],
) -> TableChange:
    """Record one change of ``table`` (status or configuration): its audit row, with
    ``details`` (``before``, ``after``, ``reason``; ``authorised_by``, the second person who
    approved the change if it needed one), then the history row naming it, with the same
    before, after and reason. Must run in the transaction of the change, after its locks."""
    record = audit_record(event_code=code, actor=actor, table=table, **details)
    return TableChange.objects.create(
        table=table,
        kind=str(code),
        before=record.before,
        after=record.after,
        reason=record.reason,
        actor=actor,
        changed_at=record.occurred_at,
        audit_record_id=record.pk,
    )
