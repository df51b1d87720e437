"""Changes of a table's limits, and the dual control of the maximum table payout.

A change of limits is judged whole, with the rules a round opening judges them by
(``tables.limits.verify_limits``), and a change that changes nothing is refused (409
``change_noop``) and writes nothing. Lowering the maximum table payout, setting one, or any
other change within the rules applies at once. Removing the maximum table payout, or raising
it, waits for a second person instead: the change is filed as a request
(``LimitChangeRequest``), which a different pit boss of the table's pit, or an admin, approves
or rejects; the requester never decides it. Approval applies the change through the same table
service as any other (``tables.services.tables.table_changes_apply``), recorded with the
requester as its actor and the approver as its authoriser. The request, the decision and the
change each write an audit row in the table's stream.

A request is judged again when it is decided: limits the table can no longer take are refused
(``limits_invalid``), and a request the table already meets is refused as a no-op; either may
still be rejected.

Lock order (``tables.locks``): the table, then the audit chain.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Protocol

from django.contrib.auth.models import AbstractBaseUser

from casino.core.audit_codes import AuditCode
from casino.core.dual_control import (
    Decision,
    DualControlled,
    locked_with_scope,
    requested_fields,
)
from casino.core.errors import ApiError, RequestCode, TableCode
from casino.core.push import TableChange, publish_table_change
from casino.core.roles import role_label
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from tables.limits import LIMIT_FIELDS, needs_second_person
from tables.locks import table_lock
from tables.models import LimitChangeDecision, LimitChangeRequest, Table
from tables.services.tables import require_manager, table_changes_apply, table_changes_preview


class Decide(Protocol):
    """The signature of :func:`limit_change_approve` and :func:`limit_change_reject`."""

    def __call__(
        self, *, request_id: int, actor: AbstractBaseUser, note: str = ""
    ) -> LimitChangeRequest: ...


@dataclass(frozen=True)
class LimitsChange:
    """What a change of limits did: ``table`` as it now stands and, when the change waits for a
    second person, the ``request`` filed instead (the table then unchanged)."""

    table: Table
    request: LimitChangeRequest | None


def table_limits_change(
    *, table_id: int, actor: AbstractBaseUser, limits: Mapping[str, Decimal | None], reason: str
) -> LimitsChange:
    """Change some of a table's limits, or request the change when it needs a second person
    (see the module's docstring). Rounds already open keep the limits they opened with.

    :raises Table.DoesNotExist:
    :raises ValueError: for a name that is not a limit of a table.
    :raises ApiError: ``permission_denied`` (403) unless the actor manages the table;
        ``limits_invalid`` (400) when the result cannot be played (a limit not positive or not
        a whole number of chips, a minimum above its maximum); ``change_noop`` (409) when
        nothing would change; ``invalid_input`` (400) for a request without a reason.
    """
    unknown = set(limits) - set(LIMIT_FIELDS)
    if unknown:
        raise ValueError(f"not a limit of a table: {sorted(unknown)}")
    with service_transaction():
        table = table_lock(table_id)
        require_manager(actor, table)
        before, after = table_changes_preview(table, limits)
        if not after:
            raise ApiError(TableCode.CHANGE_NOOP, "The table has these limits already.")
        if needs_second_person(before, after):
            request = _request_file(table, actor=actor, before=before, after=after, reason=reason)
            return LimitsChange(table=table, request=request)
        table_changes_apply(table, limits, actor=actor, reason=reason)
        return LimitsChange(table=table, request=None)


def limit_change_approve(
    *, request_id: int, actor: AbstractBaseUser, note: str = ""
) -> LimitChangeRequest:
    """Approve a pending request and apply its change to the table.

    :raises LimitChangeRequest.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless the actor manages the table;
        ``self_approval`` (403) for its requester; ``not_pending`` (409)
        when it was decided already; ``limits_invalid`` (400) or ``change_noop`` (409) when the
        table, as it is now, cannot take the change or has it already.
    """
    return _LimitChangeDecision(actor=actor, note=note, approve=True).take(request_id)


def limit_change_reject(
    *, request_id: int, actor: AbstractBaseUser, note: str = ""
) -> LimitChangeRequest:
    """Reject a pending request; the table stays as it is. Raises as
    :func:`limit_change_approve`, except for the judgement of the change."""
    return _LimitChangeDecision(actor=actor, note=note, approve=False).take(request_id)


def _request_file(
    table: Table,
    *,
    actor: AbstractBaseUser,
    before: dict[str, Any],
    after: dict[str, Any],
    reason: str,
) -> LimitChangeRequest:
    """File the change as a request waiting for a second person. Expects the table locked."""
    reason = reason.strip()
    if not reason:
        raise ApiError(RequestCode.INVALID_INPUT, "Say why the change is needed.", field="reason")
    record = audit_record(
        event_code=AuditCode.TABLE_LIMITS_CHANGE_REQUESTED,
        actor=actor,
        table=table,
        before=before,
        after=after,
        reason=reason,
    )
    request = LimitChangeRequest.objects.create(
        table=table,
        changes=after,
        before=before,
        reason=reason,
        **requested_fields(actor, record, with_role=True),
    )
    publish_table_change(
        table_id=table.pk,
        pit_id=table.pit_id,
        kind=TableChange.LIMITS_CHANGE_REQUESTED,
        data={"request": request.pk, "changes": after},
    )
    return request


class _LimitChangeDecision(Decision[Table, LimitChangeRequest]):
    subject = DualControlled.LIMIT_CHANGE
    decided_message = "This request was decided already."
    self_approval_message = (
        "A change of limits is decided by someone other than the person who asked."
    )

    def lock(self, request_id: int) -> tuple[Table, LimitChangeRequest]:
        # The table's lock serialises the decisions on its requests, and its changes.
        return locked_with_scope(
            LimitChangeRequest.objects.select_related("requested_by"),
            request_id,
            scope="table_id",
            lock=table_lock,
        )

    def require(self, scope: Table, request: LimitChangeRequest) -> None:
        require_manager(self.actor, scope)

    def write(self, scope: Table, request: LimitChangeRequest) -> None:
        changes = {
            name: None if value is None else Decimal(value)
            for name, value in request.changes.items()
        }
        if self.approve:
            _, after = table_changes_preview(scope, changes)
            if not after:
                raise ApiError(
                    TableCode.CHANGE_NOOP, "The table has these limits already: reject it."
                )
        record = self.record(
            (
                AuditCode.TABLE_LIMITS_CHANGE_APPROVED
                if self.approve
                else AuditCode.TABLE_LIMITS_CHANGE_REJECTED
            ),
            table=scope,
            before={"request": request.pk, "status": "pending"},
            after={
                "request": request.pk,
                "status": "approved" if self.approve else "rejected",
                "changes": request.changes,
            },
        )
        LimitChangeDecision.objects.create(
            request=request,
            approved=self.approve,
            decided_role=role_label(self.actor),
            **self.decided_fields(record),
        )
        if self.approve:
            table_changes_apply(
                scope,
                changes,
                actor=request.requested_by,
                authorised_by=self.actor,
                reason=request.reason,
            )
