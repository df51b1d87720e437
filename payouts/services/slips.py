"""Fills and credits: chips brought to a table from the cage, or taken back, under dual control.

A slip is asked for at the table (its dealer or its pit boss), numbered per casino, then
approved by a pit boss of the table (or an admin), issued by the cage, and received: a fill at
the table, a credit at the cage. The requester, the approver and the issuer are three different
people, and the receiver is neither the approver nor the issuer (the table's side may ask and
receive: what dual control guards is that nobody both authorises or hands out chips and takes
them in). The database holds each step once, in order, and each person to one step of a slip.

A slip is never edited: a wrong one is voided — asked for with a reason by the pit or the cage,
approved by another person — and another slip made. A voided slip moves no chips.

Every step writes an audit row in the table's stream and is published to the table's pit once
it commits (``payouts.tray_push``). Lock order: the table, then the audit chain.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import connection

from casino.core.audit_codes import AuditCode
from casino.core.dual_control import (
    Decision,
    DualControlled,
    refuse_self_approval,
    requested_fields,
)
from casino.core.errors import ApiError, InventoryCode, RequestCode
from casino.core.permissions import require
from casino.core.push import TraySubject
from casino.core.roles import role_label
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from payouts.chips import chips_read, chips_total
from payouts.models import (
    ChipSlip,
    ChipSlipStep,
    ChipSlipVoid,
    ChipSlipVoidDecision,
    SlipKind,
    SlipStepKind,
)
from payouts.tray_push import tray_changed
from payouts.tray_selectors import chip_values
from tables.locks import table_lock
from tables.models import Table

#: Each step and the one before it.
_PREVIOUS = {
    SlipStepKind.APPROVED: None,
    SlipStepKind.ISSUED: SlipStepKind.APPROVED,
    SlipStepKind.RECEIVED: SlipStepKind.ISSUED,
}
_AUDIT = {
    SlipStepKind.APPROVED: AuditCode.SLIP_APPROVED,
    SlipStepKind.ISSUED: AuditCode.SLIP_ISSUED,
    SlipStepKind.RECEIVED: AuditCode.SLIP_RECEIVED,
}


def slip_request(
    *, table_id: int, kind: str, chips: Any, actor: AbstractBaseUser, note: str = ""
) -> ChipSlip:
    """Ask for a fill or a credit at a table; the slip gets the casino's next number.

    :raises Table.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless the actor is the table's dealer, its
        pit boss or an admin; ``chips_invalid`` (400), also for a slip of no chips.
    """
    with service_transaction():
        table = table_lock(table_id)
        require(actor, "payouts.count_tray", table)
        casino_id = table.pit.casino_id
        asked = chips_read(chips, chip_values(casino_id), allow_empty=False)
        asked = {value: count for value, count in asked.items() if count}
        amount = chips_total(asked)
        note = note.strip()
        number = _next_number(casino_id)
        record = audit_record(
            event_code=AuditCode.SLIP_REQUESTED,
            actor=actor,
            table=table,
            after={"number": number, "kind": kind, "chips": asked, "amount": amount},
            reason=note,
        )
        slip = ChipSlip.objects.create(
            casino_id=casino_id,
            number=number,
            table=table,
            kind=kind,
            chips=asked,
            amount=amount,
            gaming_day=record.gaming_day,
            note=note,
            **requested_fields(actor, record),
        )
        _published(slip, table, status="requested")
        return slip


def slip_step(*, slip_id: int, step: str, actor: AbstractBaseUser) -> ChipSlip:
    """Take the slip's next step: ``approved``, ``issued`` or ``received``.

    :raises ChipSlip.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) for a role that does not take this step
        here; ``self_approval`` (403) for someone who may not take it after the earlier steps;
        ``slip_step_out_of_order`` (409) unless it is the slip's next step; ``slip_voided``
        (409) for a voided slip, ``slip_void_pending`` (409) while a void waits.
    """
    step = SlipStepKind(step)
    with service_transaction():
        slip, table = _slip_locked(slip_id)
        # Who takes no step of any slip here is refused as such, before being told of the
        # slip's state or which step is whose.
        require(actor, "payouts.work_slip", table)
        _refuse_voided(slip, pending_too=True)
        _permit_step(actor, table, slip, step)
        done = {s.step: s for s in slip.steps.all()}
        previous = _PREVIOUS[step]
        if step in done or (previous is not None and previous not in done):
            raise ApiError(
                InventoryCode.SLIP_STEP_OUT_OF_ORDER,
                f"This slip cannot be {step.value} now.",
                done=sorted(done),
            )
        _refuse_same_person(actor, slip, step, done)
        record = audit_record(
            event_code=_AUDIT[step],
            actor=actor,
            table=table,
            after={
                "slip": slip.pk,
                "number": slip.number,
                "kind": slip.kind,
                "amount": slip.amount,
            },
        )
        ChipSlipStep.objects.create(
            slip=slip,
            step=step,
            actor=actor,
            actor_role=role_label(actor),
            at=record.occurred_at,
            audit_record_id=record.pk,
        )
        _published(slip, table, status=step.value)
        return slip


def slip_void_request(*, slip_id: int, actor: AbstractBaseUser, reason: str) -> ChipSlipVoid:
    """Ask for a slip to be voided, with a reason (the table's pit boss, an admin, the cage).

    :raises ApiError: ``permission_denied`` (403); ``invalid_input`` (400) without a reason;
        ``slip_voided`` (409) once voided; ``slip_void_pending`` (409) while a void waits.
    """
    reason = reason.strip()
    if not reason:
        raise ApiError(RequestCode.INVALID_INPUT, "Say why the slip is void.", field="reason")
    with service_transaction():
        slip, table = _slip_locked(slip_id)
        require(actor, "payouts.void_slip", table)
        _refuse_voided(slip, pending_too=True)
        record = audit_record(
            event_code=AuditCode.SLIP_VOID_REQUESTED,
            actor=actor,
            table=table,
            after={"slip": slip.pk, "number": slip.number},
            reason=reason,
        )
        void = ChipSlipVoid.objects.create(
            slip=slip, reason=reason, **requested_fields(actor, record)
        )
        _void_published(void, slip, table, status="pending")
        return void


def slip_void_decide(
    *, void_id: int, actor: AbstractBaseUser, approve: bool, note: str = ""
) -> ChipSlipVoid:
    """Approve or reject a void, by someone other than who asked for it.

    :raises ChipSlipVoid.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403); ``self_approval`` (403) for its requester;
        ``not_pending`` (409) once decided.
    """
    return _VoidDecision(actor=actor, note=note, approve=approve).take(void_id)


class _VoidDecision(Decision[Table, ChipSlipVoid]):
    subject = DualControlled.SLIP_VOID
    perm = "payouts.void_slip"
    decided_message = "This void was decided already."
    self_approval_message = "A void is approved by someone other than who asked."

    def lock(self, request_id: int) -> tuple[Table, ChipSlipVoid]:
        slip_id = ChipSlipVoid.objects.values_list("slip_id", flat=True).get(pk=request_id)
        self.slip, table = _slip_locked(slip_id)
        return table, ChipSlipVoid.objects.get(pk=request_id)

    def write(self, scope: Table, request: ChipSlipVoid) -> None:
        record = self.record(
            AuditCode.SLIP_VOIDED if self.approve else AuditCode.SLIP_VOID_REJECTED,
            table=scope,
            before={"slip": self.slip.pk, "void": request.pk, "status": "pending"},
            after={"slip": self.slip.pk, "void": request.pk, "approved": self.approve},
        )
        ChipSlipVoidDecision.objects.create(
            void=request, approved=self.approve, **self.decided_fields(record)
        )

    def push(self, scope: Table, request: ChipSlipVoid) -> None:
        status = "approved" if self.approve else "rejected"
        _void_published(request, self.slip, scope, status=status)


def _published(slip: ChipSlip, table: Table, *, status: str) -> None:
    tray_changed(
        table,
        subject=TraySubject.SLIP,
        id=slip.pk,
        status=status,
        kind=slip.kind,
        number=slip.number,
    )


def _void_published(void: ChipSlipVoid, slip: ChipSlip, table: Table, *, status: str) -> None:
    tray_changed(
        table,
        subject=TraySubject.SLIP_VOID,
        id=void.pk,
        status=status,
        slip=slip.pk,
        number=slip.number,
    )


def _next_number(casino_id: int) -> int:
    """The casino's next slip number. A transaction-scoped lock per casino serialises the
    numbering, so numbers are gapless and never given twice (a unique constraint too)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"chip_slips:{casino_id}"])
        cursor.execute(
            f"SELECT coalesce(max(number), 0) + 1 FROM {ChipSlip._meta.db_table}"
            " WHERE casino_id = %s",
            [casino_id],
        )
        return int(cursor.fetchone()[0])


def _slip_locked(slip_id: int) -> tuple[ChipSlip, Table]:
    table_id = ChipSlip.objects.values_list("table_id", flat=True).get(pk=slip_id)
    table = table_lock(table_id)
    slip = ChipSlip.objects.prefetch_related("steps", "voids__decision").get(pk=slip_id)
    return slip, table


def _refuse_voided(slip: ChipSlip, *, pending_too: bool) -> None:
    for void in slip.voids.all():
        decision = getattr(void, "decision", None)
        if decision is not None and decision.approved:
            raise ApiError(InventoryCode.SLIP_VOIDED, f"Slip {slip.number} is void.")
        if decision is None and pending_too:
            raise ApiError(
                InventoryCode.SLIP_VOID_PENDING, f"A void of slip {slip.number} waits for approval."
            )


def _permit_step(actor: AbstractBaseUser, table: Table, slip: ChipSlip, step: SlipStepKind) -> None:
    if step is SlipStepKind.APPROVED:
        perm = "payouts.confirm_count"
    elif step is SlipStepKind.ISSUED or slip.kind == SlipKind.CREDIT:
        # The cage hands out a fill's chips and takes in a credit's.
        perm = "payouts.work_cage"
    else:
        perm = "payouts.count_tray"
    require(actor, perm, table, message=f"Your role does not make a slip {step.value}.")


def _refuse_same_person(
    actor: AbstractBaseUser, slip: ChipSlip, step: SlipStepKind, done: dict[str, ChipSlipStep]
) -> None:
    others = [done[s].actor_id for s in done]
    if step is not SlipStepKind.RECEIVED:
        others.append(slip.requested_by_id)
    if actor.pk in others:
        raise refuse_self_approval(
            DualControlled.SLIP,
            f"Someone who took another step of this slip cannot make it {step.value}.",
        )
