"""Services that change a table: open, close, limits, dealer assignment. Each one audited."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from audit.codes import AuditCode
from audit.services.recording import audit_record
from casino.api.errors import ApiError
from casino.api.roles import Role, user_role
from tables.locks import table_lock
from tables.models import DealerAssignment, Round, RoundStatus, Table, TableStatus

TABLE_ALREADY_OPEN = "table_already_open"
TABLE_ALREADY_CLOSED = "table_already_closed"
TABLE_HAS_OPEN_ROUND = "table_has_open_round"
LIMITS_INVALID = "limits_invalid"
NOT_A_DEALER = "not_a_dealer"

LIMIT_FIELDS = ("ante_min", "ante_max", "bet_min", "bet_max", "max_table_payout")


def table_open(*, table_id: int, actor: AbstractBaseUser, reason: str = "") -> Table:
    """Open a closed table. :raises ApiError: ``table_already_open`` (409)."""
    with transaction.atomic():
        table = table_lock(table_id)
        if table.status == TableStatus.OPEN:
            raise ApiError(TABLE_ALREADY_OPEN, "The table is already open.", status_code=409)
        table.status = TableStatus.OPEN
        table.save(update_fields=["status"])
        audit_record(
            event_code=AuditCode.TABLE_OPENED,
            actor=actor,
            table=table,
            before={"status": TableStatus.CLOSED},
            after={"status": TableStatus.OPEN},
            reason=reason,
        )
        return table


def table_close(*, table_id: int, actor: AbstractBaseUser, reason: str = "") -> Table:
    """Close an open table that has no round in play.

    :raises ApiError: ``table_already_closed`` or ``table_has_open_round`` (409).
    """
    with transaction.atomic():
        table = table_lock(table_id)
        if table.status == TableStatus.CLOSED:
            raise ApiError(TABLE_ALREADY_CLOSED, "The table is already closed.", status_code=409)
        if Round.objects.filter(table=table, status=RoundStatus.OPEN).exists():
            raise ApiError(
                TABLE_HAS_OPEN_ROUND, "Finish or void the round in play first.", status_code=409
            )
        table.status = TableStatus.CLOSED
        table.save(update_fields=["status"])
        audit_record(
            event_code=AuditCode.TABLE_CLOSED,
            actor=actor,
            table=table,
            before={"status": TableStatus.OPEN},
            after={"status": TableStatus.CLOSED},
            reason=reason,
        )
        return table


def table_limits_change(
    *, table_id: int, actor: AbstractBaseUser, limits: dict[str, Decimal | None], reason: str
) -> Table:
    """Change some of a table's limits. Rounds already open keep the limits they opened with.

    :raises ApiError: ``limits_invalid`` (400) when the result is inconsistent (min above max,
        amounts not multiples of the chip unit).
    """
    with transaction.atomic():
        table = table_lock(table_id)
        before = _limits(table)
        for name, value in limits.items():
            setattr(table, name, value)
        _verify_limits(table)
        table.save(update_fields=list(limits))
        # Read back what the database stored (two decimal places), so the audit row states the
        # limits exactly as they now apply.
        table.refresh_from_db(fields=list(LIMIT_FIELDS))
        audit_record(
            event_code=AuditCode.TABLE_LIMITS_CHANGED,
            actor=actor,
            table=table,
            before=before,
            after=_limits(table),
            reason=reason,
        )
        return table


def dealer_assign(
    *, table_id: int, dealer: AbstractBaseUser, actor: AbstractBaseUser
) -> DealerAssignment:
    """Put ``dealer`` on the table, relieving whoever dealt there and ending the dealer's other
    assignment. :raises ApiError: ``not_a_dealer`` (400).
    """
    if user_role(dealer) is not Role.DEALER:
        raise ApiError(NOT_A_DEALER, "Only a user with the dealer role can be assigned.")
    with transaction.atomic():
        table = table_lock(table_id)
        now = timezone.now()
        relieved = (
            DealerAssignment.objects.select_for_update()
            .filter(Q(table=table) | Q(dealer=dealer), ended_at__isnull=True)
            .select_related("table", "dealer")
            .order_by("pk")
        )
        for previous in relieved:
            previous.ended_at = now
            previous.save(update_fields=["ended_at"])
            audit_record(
                event_code=AuditCode.DEALER_RELIEVED,
                actor=actor,
                table=previous.table,
                before={"dealer": previous.dealer.get_username()},
                after=None,
            )
        assignment = DealerAssignment.objects.create(
            table=table, dealer=dealer, assigned_by=actor, started_at=now
        )
        audit_record(
            event_code=AuditCode.DEALER_ASSIGNED,
            actor=actor,
            table=table,
            after={"dealer": dealer.get_username()},
        )
        return assignment


def _limits(table: Table) -> dict[str, Any]:
    return {name: _money(getattr(table, name)) for name in LIMIT_FIELDS}


def _money(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


def _verify_limits(table: Table) -> None:
    if table.ante_min > table.ante_max:
        raise ApiError(LIMITS_INVALID, "ante_min is above ante_max.", field="ante_min")
    if table.bet_min is not None and table.bet_max is not None and table.bet_min > table.bet_max:
        raise ApiError(LIMITS_INVALID, "bet_min is above bet_max.", field="bet_min")
    for name in LIMIT_FIELDS:
        value = getattr(table, name)
        if value is not None and value % table.chip_unit != 0:
            raise ApiError(
                LIMITS_INVALID,
                f"{name} is not a multiple of the chip unit {table.chip_unit}.",
                field=name,
            )
    if table.max_table_payout is not None and table.max_table_payout <= 0:
        raise ApiError(
            LIMITS_INVALID, "max_table_payout must be positive.", field="max_table_payout"
        )
