"""Services that change a table: create, open, close, limits, rule set, details, dealer
assignment. Each one audited; the API and the admin both go through them.

A change records only what changed: before and after hold the changed fields alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q
from django.utils import timezone

from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, TableCode
from casino.core.roles import Role, user_role
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from casino.games.codes import GameCode
from tables.locks import table_lock
from tables.models import DealerAssignment, Pit, Round, RoundStatus, RuleSet, Table, TableStatus
from tables.services.table_history import table_change_record

LIMIT_FIELDS = ("ante_min", "ante_max", "bet_min", "bet_max", "max_table_payout")
#: The table's other settings an administrator may change (status and game never change here:
#: a table opens and closes through its services, and its game is what its rounds are).
DETAIL_FIELDS = ("pit", "code", "currency", "chip_unit", "boxes")
#: Which audit code a change of each setting is recorded under.
_CODE_OF_FIELD = {
    **{name: AuditCode.TABLE_LIMITS_CHANGED for name in LIMIT_FIELDS},
    "rule_set": AuditCode.TABLE_RULE_SET_CHANGED,
    **{name: AuditCode.TABLE_CHANGED for name in DETAIL_FIELDS},
}


def table_create(*, actor: AbstractBaseUser, **fields: Any) -> Table:
    """Create a closed table with ``fields`` (pit, code, game, currency, chip unit, limits,
    rule set, boxes).

    :raises ApiError: ``limits_invalid`` (400), ``rule_set_game_mismatch`` (400).
    """
    with service_transaction():
        table = Table(status=TableStatus.CLOSED, **fields)
        verify_limits(table)
        _verify_rule_set(table, table.rule_set)
        table.save(force_insert=True)
        table_change_record(
            table=table,
            code=AuditCode.TABLE_CREATED,
            actor=actor,
            after={
                "code": table.code,
                "game": table.game,
                "pit": table.pit.name,
                "rule_set": str(table.rule_set),
                **_values(table, LIMIT_FIELDS),
            },
        )
        return table


def table_open(*, table_id: int, actor: AbstractBaseUser, reason: str = "") -> Table:
    """Open a closed table. :raises ApiError: ``table_already_open`` (409)."""
    with service_transaction():
        table = table_lock(table_id)
        if table.status == TableStatus.OPEN:
            raise ApiError(TableCode.TABLE_ALREADY_OPEN, "The table is already open.")
        table.status = TableStatus.OPEN
        table.save(update_fields=["status"])
        table_change_record(
            table=table,
            code=AuditCode.TABLE_OPENED,
            actor=actor,
            before={"status": TableStatus.CLOSED},
            after={"status": TableStatus.OPEN},
            reason=reason,
        )
        return table


def table_close(*, table_id: int, actor: AbstractBaseUser, reason: str = "") -> Table:
    """Close an open table that has no round in play.

    :raises ApiError: ``table_already_closed`` or ``table_has_open_round`` (409).
    """
    with service_transaction():
        table = table_lock(table_id)
        if table.status == TableStatus.CLOSED:
            raise ApiError(TableCode.TABLE_ALREADY_CLOSED, "The table is already closed.")
        if Round.objects.filter(table=table, status=RoundStatus.OPEN).exists():
            raise ApiError(
                TableCode.TABLE_HAS_OPEN_ROUND, "Finish or void the round in play first."
            )
        table.status = TableStatus.CLOSED
        table.save(update_fields=["status"])
        table_change_record(
            table=table,
            code=AuditCode.TABLE_CLOSED,
            actor=actor,
            before={"status": TableStatus.OPEN},
            after={"status": TableStatus.CLOSED},
            reason=reason,
        )
        return table


def table_limits_change(
    *, table_id: int, actor: AbstractBaseUser, limits: Mapping[str, Decimal | None], reason: str
) -> Table:
    """Change some of a table's limits. Rounds already open keep the limits they opened with.

    :raises ApiError: ``limits_invalid`` (400) when the result is inconsistent (min above max,
        amounts not multiples of the chip unit).
    """
    unknown = set(limits) - set(LIMIT_FIELDS)
    if unknown:
        raise ValueError(f"not a limit of a table: {sorted(unknown)}")
    return table_change(table_id=table_id, actor=actor, changes=limits, reason=reason)


def table_rule_set_change(
    *, table_id: int, actor: AbstractBaseUser, rule_set: RuleSet, reason: str = ""
) -> Table:
    """Play the table's next rounds under ``rule_set`` (a version of the table's game).

    :raises ApiError: ``rule_set_game_mismatch`` (400).
    """
    return table_change(
        table_id=table_id, actor=actor, changes={"rule_set": rule_set}, reason=reason
    )


def table_change(
    *, table_id: int, actor: AbstractBaseUser, changes: Mapping[str, Any], reason: str = ""
) -> Table:
    """Change any of a table's configuration at once: its limits, its rule set, its other
    settings (``DETAIL_FIELDS``). The result is checked as a whole (a new chip unit must divide
    the new limits); what changed is recorded, one audit row per kind (limits, rule set,
    details), each with the changed fields alone; a change that changes nothing writes nothing.

    :raises ApiError: ``limits_invalid`` (400), ``rule_set_game_mismatch`` (400).
    """
    unknown = set(changes) - set(_CODE_OF_FIELD)
    if unknown:
        raise ValueError(f"not a setting of a table: {sorted(unknown)}")
    with service_transaction():
        table = table_lock(table_id)
        before = _values(table, changes)
        for name, value in changes.items():
            setattr(table, name, value)
        verify_limits(table)
        _verify_rule_set(table, table.rule_set)
        changed = [name for name in changes if before[name] != _value(getattr(table, name))]
        if not changed:
            return table
        table.save(update_fields=changed)
        # Read back what the database stored (two decimal places), so the audit rows state the
        # values exactly as they now apply.
        table.refresh_from_db(fields=changed)
        for code in dict.fromkeys(_CODE_OF_FIELD[name] for name in changed):
            names = [name for name in changed if _CODE_OF_FIELD[name] is code]
            table_change_record(
                table=table,
                code=code,
                actor=actor,
                before={name: before[name] for name in names},
                after={name: _value(getattr(table, name)) for name in names},
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
        raise ApiError(TableCode.NOT_A_DEALER, "Only a user with the dealer role can be assigned.")
    with service_transaction():
        table = table_lock(table_id)
        now = timezone.now()
        relieved = (
            DealerAssignment.objects.select_for_update()
            .filter(Q(table=table) | Q(dealer=dealer), ended_at__isnull=True)
            .select_related("table__pit__casino", "dealer")
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


def verify_limits(table: Table) -> None:
    """Refuse limits that cannot work at ``table``: a minimum above its maximum, an amount not
    a whole number of chips, a maximum payout that is not positive.

    :raises ApiError: ``limits_invalid`` (400) naming the ``field``.
    """
    if table.ante_min > table.ante_max:
        raise ApiError(GameCode.LIMITS_INVALID, "ante_min is above ante_max.", field="ante_min")
    if table.bet_min is not None and table.bet_max is not None and table.bet_min > table.bet_max:
        raise ApiError(GameCode.LIMITS_INVALID, "bet_min is above bet_max.", field="bet_min")
    for name in LIMIT_FIELDS:
        value = getattr(table, name)
        if value is not None and value % table.chip_unit != 0:
            raise ApiError(
                GameCode.LIMITS_INVALID,
                f"{name} is not a multiple of the chip unit {table.chip_unit}.",
                field=name,
            )
    if table.max_table_payout is not None and table.max_table_payout <= 0:
        raise ApiError(
            GameCode.LIMITS_INVALID,
            "max_table_payout must be positive.",
            field="max_table_payout",
        )


def _verify_rule_set(table: Table, rule_set: RuleSet) -> None:
    if rule_set.game != table.game:
        raise ApiError(
            TableCode.RULE_SET_GAME_MISMATCH,
            f"{rule_set} is a rule set of {rule_set.game}, not of {table.game}.",
            rule_set=str(rule_set),
        )


def _values(table: Table, names: Any) -> dict[str, Any]:
    return {name: _value(getattr(table, name)) for name in names}


def _value(value: Any) -> Any:
    """A table setting as the audit trail states it: amounts and rows as text."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Decimal):
        return str(value.quantize(Decimal("0.01")))
    if isinstance(value, Pit | RuleSet):
        return str(value)
    return str(value)
