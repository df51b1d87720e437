"""Services that change a table: create, open, close, rule set, details, dealer assignment,
and the change of its configuration that limits changes apply through (``tables.services.limits``
decides which of those wait for a second person). Each one audited; the API and the admin both
go through them.

Each decides the actor's permission (``tables.manage_table``: a pit boss of the table's pit, or
an admin) under the lock of every table it writes at, so what was allowed is what is written.
A change records only what changed: before and after hold the changed fields alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q
from django.utils import timezone

from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, TableCode, TabletCode
from casino.core.permissions import require
from casino.core.push import TableChange, publish_table_change
from casino.core.roles import Role, user_role
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from casino.core.updates import row_update
from casino.identity.qualifications import qualification_require
from tables.limits import LIMIT_FIELDS, limit_value, needs_second_person, verify_limits
from tables.locks import dealer_table_id, table_lock, tables_lock, tablet_lock
from tables.models import (
    DealerAssignment,
    Pit,
    Round,
    RoundStatus,
    RuleSet,
    Table,
    TableStatus,
    Tablet,
)
from tables.services.table_history import table_change_record

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
    """Open a closed table.

    :raises Table.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403), ``table_already_open`` (409).
    """
    with service_transaction():
        table = table_lock(table_id)
        require_manager(actor, table)
        if table.status == TableStatus.OPEN:
            raise ApiError(TableCode.TABLE_ALREADY_OPEN, "The table is already open.")
        return _status_set(table, TableStatus.OPEN, AuditCode.TABLE_OPENED, actor, reason)


def table_close(*, table_id: int, actor: AbstractBaseUser, reason: str = "") -> Table:
    """Close an open table that has no round in play.

    :raises Table.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403), ``table_already_closed`` or
        ``table_has_open_round`` (409).
    """
    with service_transaction():
        table = table_lock(table_id)
        require_manager(actor, table)
        if table.status == TableStatus.CLOSED:
            raise ApiError(TableCode.TABLE_ALREADY_CLOSED, "The table is already closed.")
        if Round.objects.filter(table=table, status=RoundStatus.OPEN).exists():
            raise ApiError(
                TableCode.TABLE_HAS_OPEN_ROUND, "Finish or void the round in play first."
            )
        return _status_set(table, TableStatus.CLOSED, AuditCode.TABLE_CLOSED, actor, reason)


def _status_set(
    table: Table, status: TableStatus, code: AuditCode, actor: AbstractBaseUser, reason: str
) -> Table:
    """Open or close the table (locked, and not in ``status`` yet): its row, its audit row and
    its push."""
    before = table.status
    table.status = status
    table.save(update_fields=["status"])
    table_change_record(
        table=table,
        code=code,
        actor=actor,
        before={"status": before},
        after={"status": status},
        reason=reason,
    )
    _publish_status(table)
    return table


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

    A change of limits that needs a second person (``tables.limits.needs_second_person``) is
    not made here: it is requested through ``tables.services.limits.table_limits_change``.

    :raises Table.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403), ``limits_invalid`` (400),
        ``rule_set_game_mismatch`` (400), ``limits_approval_required`` (409).
    """
    with service_transaction():
        table = table_lock(table_id)
        require_manager(actor, table)
        before, after = table_changes_preview(table, changes)
        if needs_second_person(before, after):
            raise ApiError(
                TableCode.LIMITS_APPROVAL_REQUIRED,
                "Removing or raising the maximum table payout needs a second person's "
                "approval: request it as a change of the table's limits.",
                field="max_table_payout",
            )
        table_changes_apply(table, changes, actor=actor, reason=reason)
        return table


def table_changes_preview(
    table: Table, changes: Mapping[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """What ``changes`` would change at ``table``, judged as a whole without writing anything:
    the changed fields' values before and after (as the audit trail states them). ``table`` is
    left as it was.

    :raises ValueError: for a name that is not a setting of a table.
    :raises ApiError: ``limits_invalid`` (400), ``rule_set_game_mismatch`` (400).
    """
    unknown = set(changes) - set(_CODE_OF_FIELD)
    if unknown:
        raise ValueError(f"not a setting of a table: {sorted(unknown)}")
    stored = {name: getattr(table, name) for name in changes}
    before = _values(table, changes)
    try:
        for name, value in changes.items():
            setattr(table, name, value)
        verify_limits(table)
        _verify_rule_set(table, table.rule_set)
        after = _values(table, changes)
    finally:
        for name, value in stored.items():
            setattr(table, name, value)
    changed = [name for name in changes if before[name] != after[name]]
    return {name: before[name] for name in changed}, {name: after[name] for name in changed}


def table_changes_apply(
    table: Table,
    changes: Mapping[str, Any],
    *,
    actor: AbstractBaseUser,
    reason: str = "",
    authorised_by: AbstractBaseUser | None = None,
) -> list[str]:
    """Make ``changes`` at ``table`` and record them (see :func:`table_change`); returns the
    names of the settings that changed. ``authorised_by`` is the second person who approved
    the change, if it needed one. The caller has locked the table (``tables.locks``) and
    decided the actors' permissions.

    :raises ApiError: ``limits_invalid`` (400), ``rule_set_game_mismatch`` (400).
    """
    before, _ = table_changes_preview(table, changes)
    changed = list(before)
    if not changed:
        return changed
    row_update(table, **{name: changes[name] for name in changed})
    # Read back what the database stored (two decimal places), so the audit rows state the
    # values exactly as they now apply.
    table.refresh_from_db(fields=changed)
    for code in dict.fromkeys(_CODE_OF_FIELD[name] for name in changed):
        names = [name for name in changed if _CODE_OF_FIELD[name] is code]
        table_change_record(
            table=table,
            code=code,
            actor=actor,
            authorised_by=authorised_by,
            before={name: before[name] for name in names},
            after={name: _value(getattr(table, name)) for name in names},
            reason=reason,
        )
    publish_table_change(
        table_id=table.pk,
        pit_id=table.pit_id,
        kind=TableChange.TABLE_CHANGED,
        data={name: _value(getattr(table, name)) for name in changed},
    )
    return changed


def dealer_assign_by_username(
    *, table_id: int, username: str, actor: AbstractBaseUser
) -> DealerAssignment:
    """:func:`dealer_assign` of the active user named ``username``, as the API names the
    dealer. Whether the name exists is told only to who may assign at the table.

    :raises Table.DoesNotExist:
    :raises User.DoesNotExist: (after ``permission_denied``) for no active user of the name.
    :raises ApiError: as :func:`dealer_assign`.
    """
    dealer = get_user_model().objects.filter(username=username, is_active=True).first()
    return _dealer_assign(table_id=table_id, dealer=dealer, actor=actor)


def dealer_assign(
    *,
    table_id: int,
    dealer: AbstractBaseUser,
    actor: AbstractBaseUser,
    authorised_by_tablet: Tablet | None = None,
) -> DealerAssignment:
    """Put ``dealer`` on the table, relieving whoever dealt there and ending the dealer's other
    assignment.

    The actor must manage both tables: the one the dealer joins and the one the dealer leaves,
    so a pit boss never takes a dealer away from another pit's table. Both are locked (in id
    order) and the permission decided under their locks.

    With ``authorised_by_tablet`` the dealer (``actor``) signs in at that tablet, registered to
    this table by someone who manages it: the registration authorises the move, so ``actor``
    need manage nothing. The dealer may leave a table of the same pit (left without a dealer)
    but not one of another pit; the dealer already here keeps the open assignment (returned
    unchanged, nothing written). The tablet is read again under the table's lock, and the
    audit rows name it, with its registrar as authoriser.

    The dealer must be qualified for the table's game now
    (``casino.identity.qualifications.qualification_require``), asked under the tables' locks,
    also of a dealer signing in again at the table dealt at already.

    :raises Table.DoesNotExist:
    :raises ApiError: ``not_a_dealer`` (400); ``permission_denied`` (403);
        ``dealer_not_qualified`` (403) for a dealer not qualified for the table's game;
        ``change_noop`` (409) when the dealer deals at this table already;
        ``dealer_assignment_changed`` (409) when the dealer was moved while this waited;
        with a tablet, ``tablet_revoked`` (401), ``tablet_other_table`` (403),
        ``dealer_assigned_elsewhere`` (409) for a dealer at a table of another pit.
    """
    return _dealer_assign(
        table_id=table_id, dealer=dealer, actor=actor, authorised_by_tablet=authorised_by_tablet
    )


def _dealer_assign(
    *,
    table_id: int,
    dealer: AbstractBaseUser | None,
    actor: AbstractBaseUser,
    authorised_by_tablet: Tablet | None = None,
) -> DealerAssignment:
    """:func:`dealer_assign`; ``dealer`` ``None`` (no such user) is refused once the actor's
    permission is decided, as is a user who is not a dealer."""
    with service_transaction():
        leaving = None if dealer is None else dealer_table_id(dealer.pk)
        locked = tables_lock({table_id} | ({leaving} if leaving is not None else set()))
        table = locked[table_id]
        tablet = None
        if authorised_by_tablet is not None:
            tablet = tablet_lock(authorised_by_tablet.pk, table_id=table_id)
        else:
            require_manager(actor, table)
        if dealer is None:
            raise get_user_model().DoesNotExist("No active user of this name.")
        if user_role(dealer) is not Role.DEALER:
            raise ApiError(
                TableCode.NOT_A_DEALER, "Only a user with the dealer role can be assigned."
            )
        now = timezone.now()
        qualification_require(dealer, table.game, now, clock=table.pit.casino.clock)
        relieved = list(
            DealerAssignment.objects.select_for_update()
            .filter(Q(table=table) | Q(dealer=dealer), ended_at__isnull=True)
            .select_related("dealer")
            .order_by("pk")
        )
        for previous in relieved:
            if previous.table_id not in locked:
                raise ApiError(
                    TableCode.DEALER_ASSIGNMENT_CHANGED,
                    "The dealer was moved meanwhile; reload and try again.",
                )
            if previous.table_id == table.pk and previous.dealer_id == dealer.pk:
                if tablet is not None:
                    return previous
                raise ApiError(TableCode.CHANGE_NOOP, "The dealer deals at this table already.")
            if tablet is None:
                require_manager(actor, locked[previous.table_id])
            elif locked[previous.table_id].pit_id != table.pit_id:
                raise ApiError(
                    TabletCode.DEALER_ASSIGNED_ELSEWHERE,
                    "This dealer deals at a table of another pit: that pit's boss relieves "
                    "the dealer first.",
                    table=locked[previous.table_id].code,
                )
        by_tablet = {"tablet": {"id": tablet.pk, "name": tablet.name}} if tablet else {}
        authoriser = tablet.registered_by if tablet else None
        for previous in relieved:
            previous.ended_at = now
            previous.save(update_fields=["ended_at"])
            audit_record(
                event_code=AuditCode.DEALER_RELIEVED,
                actor=actor,
                authorised_by=authoriser,
                table=locked[previous.table_id],
                before={"dealer": previous.dealer.get_username()},
                after=by_tablet or None,
            )
            publish_table_change(
                table_id=previous.table_id,
                pit_id=locked[previous.table_id].pit_id,
                kind=TableChange.DEALER_RELIEVED,
                data={"dealer": previous.dealer.get_username()},
            )
        assignment = DealerAssignment.objects.create(
            table=table, dealer=dealer, assigned_by=actor, started_at=now
        )
        audit_record(
            event_code=AuditCode.DEALER_ASSIGNED,
            actor=actor,
            authorised_by=authoriser,
            table=table,
            after={"dealer": dealer.get_username(), **by_tablet},
        )
        publish_table_change(
            table_id=table.pk,
            pit_id=table.pit_id,
            kind=TableChange.DEALER_ASSIGNED,
            data={"dealer": dealer.get_username(), "since": now},
        )
        return assignment


def _publish_status(table: Table) -> None:
    publish_table_change(
        table_id=table.pk,
        pit_id=table.pit_id,
        kind=TableChange.TABLE_STATUS,
        data={"status": table.status},
    )


def require_manager(actor: AbstractBaseUser, table: Table) -> None:
    """Refuse unless ``actor`` manages ``table``: a pit boss of its pit, or an admin. Called
    under the table's lock.

    :raises ApiError: ``permission_denied`` (403).
    """
    require(actor, "tables.manage_table", table)


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
        return limit_value(value)
    if isinstance(value, Pit | RuleSet):
        return str(value)
    return str(value)
