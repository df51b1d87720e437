"""The chip tray's counts and the drop, each under dual control, and the casino's chips.

A shift at a table runs from a confirmed opener to the next confirmed closer. A count is entered
at the table (by its dealer or its pit boss), chip by chip, and confirmed or rejected by a pit
boss or an admin who is not its counter; while it waits, the table cannot count again; a
rejected count counts for nothing. The count team (the cage) counts the drop of a shift — the
cash and markers exchanged for chips at the table — and another person confirms it. When a
shift has both its closer and its drop confirmed, it is complete and is reconciled
with its rounds (``payouts.services.reconciliation``), in the same transaction.

Every count, drop and decision writes an audit row in the table's stream and is published to
the table's pit once it commits (``payouts.tray_push``). Lock order
(``tables.locks``): the table, then the audit chain.
"""

from __future__ import annotations

from abc import abstractmethod
from decimal import Decimal
from typing import Any, ClassVar, TypeVar

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet

from casino.core.audit_codes import AuditCode
from casino.core.dual_control import Decision, DualControlled, locked_with_scope
from casino.core.errors import ApiError, InventoryCode
from casino.core.permissions import require
from casino.core.push import TraySubject
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from payouts.chips import chips_read, chips_total
from payouts.models import (
    ChipDenomination,
    DropCount,
    DropCountDecision,
    TrayCount,
    TrayCountDecision,
    TrayCountKind,
)
from payouts.services.reconciliation import shift_reconcile
from payouts.tray_push import tray_changed
from payouts.tray_selectors import chip_values, shift_closer, shift_drop, shift_open
from tables.locks import table_lock
from tables.models import Casino, Table

#: A count decided under dual control: a tray's, or a shift's drop.
Counted = TypeVar("Counted", TrayCount, DropCount)


def chip_add(
    *, casino_id: int, value: Decimal, colour: str, actor: AbstractBaseUser
) -> ChipDenomination:
    """Add a denomination to a casino's chips (admins).

    :raises Casino.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) for anyone but an admin; ``chips_invalid``
        (400) for a value not positive; ``chip_exists`` (409) for a value the casino has.
    """
    with service_transaction():
        casino = Casino.objects.select_for_update().get(pk=casino_id)
        require(actor, "payouts.configure_chips")
        if value <= 0:
            raise ApiError(InventoryCode.CHIPS_INVALID, "A chip is worth more than nothing.")
        if ChipDenomination.objects.filter(casino=casino, value=value).exists():
            raise ApiError(InventoryCode.CHIP_EXISTS, f"The casino has {value} chips already.")
        chip = ChipDenomination.objects.create(casino=casino, value=value, colour=colour.strip())
        audit_record(
            event_code=AuditCode.CHIP_ADDED,
            actor=actor,
            casino=casino,
            after={"chip": chip.pk, "value": value, "colour": chip.colour},
        )
        return chip


def tray_count_enter(
    *, table_id: int, kind: str, chips: Any, actor: AbstractBaseUser, note: str = ""
) -> TrayCount:
    """Enter an opener or a closer of the table's tray, waiting for its confirmation.

    :raises Table.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless the actor is the table's dealer, its
        pit boss or an admin; ``count_pending`` (409) while a count of the table waits for its
        decision; ``count_out_of_order`` (409) for an opener while a shift is open, or a closer
        with none open; ``chips_invalid`` (400).
    """
    with service_transaction():
        table = table_lock(table_id)
        require(actor, "payouts.count_tray", table)
        if TrayCount.objects.filter(table=table, decision__isnull=True).exists():
            raise ApiError(
                InventoryCode.COUNT_PENDING, "A count of this table waits for its confirmation."
            )
        opener = shift_open(table)
        if kind == TrayCountKind.OPENER and opener is not None:
            raise ApiError(
                InventoryCode.COUNT_OUT_OF_ORDER,
                "A shift is open at this table: count its closer first.",
                shift=opener.pk,
            )
        if kind == TrayCountKind.CLOSER and opener is None:
            raise ApiError(
                InventoryCode.COUNT_OUT_OF_ORDER, "No shift is open at this table: count an opener."
            )
        counted = chips_read(chips, chip_values(table.pit.casino_id), allow_empty=True)
        total = chips_total(counted)
        note = note.strip()
        record = audit_record(
            event_code=AuditCode.TRAY_COUNTED,
            actor=actor,
            table=table,
            after={"kind": kind, "chips": counted, "total": total},
            reason=note,
        )
        count = TrayCount.objects.create(
            table=table,
            kind=kind,
            chips=counted,
            total=total,
            gaming_day=record.gaming_day,
            counted_by=actor,
            counted_at=record.occurred_at,
            note=note,
            audit_record_id=record.pk,
        )
        tray_changed(table, subject=TraySubject.COUNT, id=count.pk, status="pending", kind=kind)
        return count


def tray_count_decide(
    *, count_id: int, actor: AbstractBaseUser, confirm: bool, note: str = ""
) -> TrayCount:
    """Confirm or reject a count. A confirmed closer whose shift's drop is confirmed completes
    the shift.

    :raises TrayCount.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless the actor is the table's pit boss or
        an admin; ``self_approval`` (403) for its counter; ``not_pending`` (409) once
        decided.
    """
    return _CountDecision(actor=actor, note=note, approve=confirm).take(count_id)


class _CountedDecision(Decision[Table, Counted]):
    """The confirmation, or rejection, of a count at a table (its tray's, or a shift's drop)
    by someone other than its counter: an audit row in the table's stream naming the count
    under :attr:`key` with what :meth:`described` adds, the decision's row, and the count's
    new status pushed to the table's pit."""

    requester_field = "counted_by_id"
    #: How the audit row, the decision row and the push name the count.
    key: ClassVar[str]
    tray_subject: ClassVar[TraySubject]
    confirmed_code: ClassVar[AuditCode]
    rejected_code: ClassVar[AuditCode]
    decision_model: ClassVar[type[TrayCountDecision] | type[DropCountDecision]]

    @abstractmethod
    def counts(self) -> QuerySet[Counted]:
        """The counts decided here, with what the decision reads of them."""

    @abstractmethod
    def described(self, count: Counted) -> dict[str, Any]:
        """What the audit row's ``after`` says of ``count``, between its key and the verdict."""

    @abstractmethod
    def pushed(self, count: Counted) -> dict[str, Any]:
        """What the push says of ``count`` beside its id and status."""

    def lock(self, request_id: int) -> tuple[Table, Counted]:
        return locked_with_scope(self.counts(), request_id, scope="table_id", lock=table_lock)

    def write(self, scope: Table, request: Counted) -> None:
        record = self.record(
            self.confirmed_code if self.approve else self.rejected_code,
            table=scope,
            before={self.key: request.pk, "status": "pending"},
            after={self.key: request.pk, **self.described(request), "confirmed": self.approve},
        )
        self.decision_model.objects.create(
            **{self.key: request}, confirmed=self.approve, **self.decided_fields(record)
        )

    def push(self, scope: Table, request: Counted) -> None:
        tray_changed(
            scope,
            subject=self.tray_subject,
            id=request.pk,
            status=_verdict(self.approve),
            **self.pushed(request),
        )


class _CountDecision(_CountedDecision[TrayCount]):
    subject = DualControlled.COUNT
    perm = "payouts.confirm_count"
    decided_message = "This count was decided already."
    self_approval_message = "A count is confirmed by someone other than its counter."
    key = "count"
    tray_subject = TraySubject.COUNT
    confirmed_code = AuditCode.TRAY_COUNT_CONFIRMED
    rejected_code = AuditCode.TRAY_COUNT_REJECTED
    decision_model = TrayCountDecision

    def counts(self) -> QuerySet[TrayCount]:
        return TrayCount.objects.all()

    def described(self, count: TrayCount) -> dict[str, Any]:
        return {"kind": count.kind, "total": count.total}

    def pushed(self, count: TrayCount) -> dict[str, Any]:
        return {"kind": count.kind}

    def then(self, scope: Table, request: TrayCount) -> None:
        if self.approve and request.kind == TrayCountKind.CLOSER:
            _complete_if_counted(scope, closer=request)


def drop_count_enter(
    *,
    table_id: int,
    shift_id: int,
    cash: Decimal,
    markers: Decimal,
    actor: AbstractBaseUser,
    note: str = "",
) -> DropCount:
    """Enter the count of a shift's drop box (the cage), waiting for its confirmation.

    :raises Table.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless the actor is of the cage, before the
        amounts are judged; ``chips_invalid`` (400) for a negative amount;
        ``drop_shift_invalid`` (409) unless ``shift_id`` is a confirmed opener of the table;
        ``count_pending`` (409) while a count of this drop waits; ``drop_already_counted``
        (409) once it is confirmed.
    """
    with service_transaction():
        table = table_lock(table_id)
        require(actor, "payouts.work_cage", table)
        if cash < 0 or markers < 0:
            raise ApiError(InventoryCode.CHIPS_INVALID, "A drop holds no negative amount.")
        opener = _confirmed_opener(table, shift_id)
        drops = DropCount.objects.filter(shift=opener)
        if drops.filter(decision__isnull=True).exists():
            raise ApiError(InventoryCode.COUNT_PENDING, "This drop's count waits for confirmation.")
        if drops.filter(decision__confirmed=True).exists():
            raise ApiError(InventoryCode.DROP_ALREADY_COUNTED, "This shift's drop is counted.")
        note = note.strip()
        record = audit_record(
            event_code=AuditCode.DROP_COUNTED,
            actor=actor,
            table=table,
            after={"shift": opener.pk, "cash": cash, "markers": markers},
            reason=note,
        )
        drop = DropCount.objects.create(
            shift=opener,
            table=table,
            cash=cash,
            markers=markers,
            counted_by=actor,
            counted_at=record.occurred_at,
            gaming_day=opener.gaming_day,
            note=note,
            audit_record_id=record.pk,
        )
        tray_changed(table, subject=TraySubject.DROP, id=drop.pk, status="pending", shift=opener.pk)
        return drop


def drop_count_decide(
    *, drop_id: int, actor: AbstractBaseUser, confirm: bool, note: str = ""
) -> DropCount:
    """Confirm or reject a drop count (the cage or the table's pit boss, not its counter). A
    confirmed drop whose shift's closer is confirmed completes the shift.

    :raises DropCount.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403); ``self_approval`` (403) for its counter;
        ``not_pending`` (409) once decided.
    """
    return _DropDecision(actor=actor, note=note, approve=confirm).take(drop_id)


class _DropDecision(_CountedDecision[DropCount]):
    subject = DualControlled.DROP
    perm = "payouts.confirm_drop"
    decided_message = "This drop was decided already."
    self_approval_message = "A drop is confirmed by someone other than its counter."
    key = "drop"
    tray_subject = TraySubject.DROP
    confirmed_code = AuditCode.DROP_CONFIRMED
    rejected_code = AuditCode.DROP_REJECTED
    decision_model = DropCountDecision

    def counts(self) -> QuerySet[DropCount]:
        return DropCount.objects.select_related("shift")

    def described(self, count: DropCount) -> dict[str, Any]:
        return {"shift": count.shift_id}

    def pushed(self, count: DropCount) -> dict[str, Any]:
        return {"shift": count.shift_id}

    def then(self, scope: Table, request: DropCount) -> None:
        if self.approve:
            closer = shift_closer(request.shift)
            if closer is not None:
                shift_reconcile(opener=request.shift, closer=closer, drop=request)


def _verdict(confirmed: bool) -> str:
    """The status a decision publishes."""
    return "confirmed" if confirmed else "rejected"


def _confirmed_opener(table: Table, shift_id: int) -> TrayCount:
    opener = TrayCount.objects.filter(
        pk=shift_id, table=table, kind=TrayCountKind.OPENER, decision__confirmed=True
    ).first()
    if opener is None:
        raise ApiError(
            InventoryCode.DROP_SHIFT_INVALID,
            "A drop belongs to a shift of this table: name its confirmed opener.",
            shift=shift_id,
        )
    return opener


def _complete_if_counted(table: Table, *, closer: TrayCount) -> None:
    """Reconcile the shift ``closer`` ends, if its drop is counted already."""
    opener = (
        TrayCount.objects.filter(
            table=table, kind=TrayCountKind.OPENER, decision__confirmed=True, pk__lt=closer.pk
        )
        .order_by("-pk")
        .first()
    )
    if opener is None:  # pragma: no cover - a closer is entered only in an open shift
        return
    drop = shift_drop(opener)
    if drop is not None:
        shift_reconcile(opener=opener, closer=closer, drop=drop)
