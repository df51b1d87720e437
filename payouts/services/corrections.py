"""Corrections under dual control: a void or a payout correction of a round.

A dealer at the table or a pit boss of its pit requests one with a reason; another pit boss of
that pit approves or rejects it, on the pit board or at the table's tablet signed in by PIN for
that one decision (``tables.services.tablets.decision_sign_in``, which the decision spends). A
settled round is never edited: an approved correction is a new record referencing the round
and its settlement, with lines saying what is owed to (positive) or recovered from (negative)
each box. A void of a round still in play ends the round
(``voided``); a void of a settled round leaves the round and its settlement as they are, and
its lines return each box's stakes less what the box was paid.

Reports count an approved correction on the gaming day of its approval. The table's day totals
(``payouts.services.day_totals``) are those of the round's own gaming day, as it stands now: an
approved void of a settled round takes the round back out of them, an approved payout correction
adds its lines to what was paid.

Lock order (``tables.locks``): the round, then the correction, then the day totals' row, then a
decision sign-in's token, then the audit chain, then the alert raised for a request.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q, Sum
from django.utils import timezone

from casino.core.alerts import alert_record
from casino.core.audit_codes import AuditCode
from casino.core.dual_control import Decision, DualControlled, locked_with_scope
from casino.core.errors import ApiError, CorrectionCode
from casino.core.gaming_day import gaming_day_of
from casino.core.models import Alert, AlertKind
from casino.core.permissions import require
from casino.core.push import TableChange, publish_table_change
from casino.core.roles import role_label
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from payouts.models import (
    Correction,
    CorrectionKind,
    CorrectionLine,
    CorrectionStatus,
    PayoutLine,
    Settlement,
    WagerLine,
)
from payouts.services.box_play import box_play_correct, box_play_void
from payouts.services.day_totals import DayFigures, stored_figures, table_day_totals_adjust
from payouts.services.dealer_day_totals import (
    dealer_day_totals_corrected,
    dealer_day_totals_voided,
)
from tables.lifecycle import round_status_change
from tables.locks import round_lock
from tables.models import Round, RoundStatus
from tables.services.tablets import decision_sign_in_spend

#: The most lines one payout correction may carry.
MAX_LINES = 50


@dataclass(frozen=True)
class LineInput:
    """One requested amount: positive is owed to the box, negative recovered from it."""

    box: int
    line: str
    amount: Decimal


def correction_request(
    *,
    round_id: int,
    actor: AbstractBaseUser,
    kind: str,
    reason: str,
    lines: Sequence[LineInput] = (),
) -> Correction:
    """Request a void (no lines) or a payout correction (lines) of a round.

    :raises ApiError: ``permission_denied`` (403) unless the actor deals at the round's
        table now or supervises its pit; ``correction_reason_required`` (400);
        ``correction_round_voided`` (409) when the round is void already;
        ``correction_void_pending`` (409) when a void awaits a decision;
        ``correction_round_not_settled`` (409) for a payout correction of a round not settled;
        ``correction_lines_invalid`` (400).
    """
    reason = reason.strip()
    with service_transaction():
        round = round_lock(round_id)
        require(
            actor,
            "payouts.request_correction",
            round,
            message="Only the dealer at this table or a pit boss of its pit may request this.",
        )
        if not reason:
            raise ApiError(
                CorrectionCode.CORRECTION_REASON_REQUIRED, "Say why the correction is needed."
            )
        _refuse_if_void(round)
        settlement = Settlement.objects.filter(round=round).first()
        if kind == CorrectionKind.VOID:
            if lines:
                raise ApiError(
                    CorrectionCode.CORRECTION_LINES_INVALID,
                    "A void takes no lines: they follow from the settlement.",
                )
            if Correction.objects.filter(
                round=round, kind=CorrectionKind.VOID, status=CorrectionStatus.REQUESTED
            ).exists():
                raise ApiError(
                    CorrectionCode.CORRECTION_VOID_PENDING,
                    "A void of this round is already waiting for a decision.",
                )
        else:
            if settlement is None:
                raise ApiError(
                    CorrectionCode.CORRECTION_ROUND_NOT_SETTLED,
                    "Only a settled round's payouts can be corrected.",
                )
            _verify_lines(round, lines)
        correction = Correction.objects.create(
            round=round,
            settlement=settlement,
            kind=kind,
            reason=reason,
            requested_by=actor,
            requested_role=role_label(actor),
            requested_at=timezone.now(),
        )
        CorrectionLine.objects.bulk_create(
            CorrectionLine(correction=correction, box=line.box, line=line.line, amount=line.amount)
            for line in lines
        )
        audit_record(
            event_code=AuditCode.CORRECTION_REQUESTED,
            actor=actor,
            round=round,
            after=_describe(correction),
            reason=reason,
        )
        correction_pending_alert(correction)
        return correction


def correction_approve(
    *, correction_id: int, actor: AbstractBaseUser, note: str = ""
) -> Correction:
    """Approve a requested correction and apply it (see the module's docstring).

    :raises Correction.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless the actor is a pit boss of the
        round's pit; ``not_pending`` (409) when it was decided already;
        ``self_approval`` (403) when the actor requested it;
        ``correction_round_voided`` (409) when the round was voided since.
    """
    return _CorrectionDecision(actor=actor, note=note, approve=True).take(correction_id)


def correction_reject(*, correction_id: int, actor: AbstractBaseUser, note: str = "") -> Correction:
    """Reject a requested correction; nothing else changes. Raises as ``correction_approve``."""
    return _CorrectionDecision(actor=actor, note=note, approve=False).take(correction_id)


class _CorrectionDecision(Decision[Round, Correction]):
    subject = DualControlled.CORRECTION
    perm = "payouts.decide_correction"
    perm_message = "Only a pit boss of this table's pit may decide this."
    decided_message = "This correction was decided already."
    self_approval_message = (
        "A correction is decided by someone other than the person who requested it."
    )

    def lock(self, request_id: int) -> tuple[Round, Correction]:
        return locked_with_scope(
            Correction.objects.select_for_update(of=("self",)).select_related("requested_by"),
            request_id,
            scope="round_id",
            lock=round_lock,
        )

    def decided(self, request: Correction) -> dict[str, Any] | None:
        if request.status == CorrectionStatus.REQUESTED:
            return None
        return {"status": request.status}

    def write(self, scope: Round, request: Correction) -> None:
        # A correction is its own decision's row: the decision fills its fields in.
        now = timezone.now()
        casino = scope.table.pit.casino
        request.decided_by = self.actor
        request.decided_at = now
        request.decided_gaming_day = gaming_day_of(
            now, time_zone=casino.time_zone, start_hour=casino.gaming_day_start_hour
        )
        request.decision_note = self.note
        request.status = CorrectionStatus.APPROVED if self.approve else CorrectionStatus.REJECTED
        if self.approve:
            _refuse_if_void(scope)
            if request.kind == CorrectionKind.VOID:
                _apply_void(request, scope, now=now)
            else:
                _apply_payout_correction(request, scope)
        request.save(
            update_fields=[
                "status",
                "settlement",
                "decided_by",
                "decided_at",
                "decided_gaming_day",
                "decision_note",
            ]
        )
        # A pit boss who signed in at the table's tablet to decide this has decided.
        tablet = decision_sign_in_spend(self.actor)
        self.record(
            AuditCode.CORRECTION_APPROVED if self.approve else AuditCode.CORRECTION_REJECTED,
            round=scope,
            gaming_day=request.decided_gaming_day,
            before={"status": CorrectionStatus.REQUESTED},
            after={
                **_describe(request),
                "status": request.status,
                **({} if tablet is None else {"tablet": tablet.pk}),
            },
        )

    def push(self, scope: Round, request: Correction) -> None:
        # The tablet of a voided round leaves it at once, the board drops it from its to-do.
        publish_table_change(
            table_id=scope.table_id,
            pit_id=scope.table.pit_id,
            kind=TableChange.CORRECTION_DECIDED,
            data={
                "round": scope.pk,
                "correction": request.pk,
                "kind": request.kind,
                "outcome": request.status,
            },
        )


def _apply_void(correction: Correction, round: Round, *, now: Any) -> None:
    """End a round in play, or write the lines that undo a settled one. Expects the round and
    the correction locked."""
    before = {"status": round.status, "phase": round.phase}
    if round.status == RoundStatus.OPEN:
        round_status_change(round=round, to=RoundStatus.VOIDED, at=now)
        after: dict[str, Any] = {"status": RoundStatus.VOIDED, "correction": correction.pk}
    else:
        settlement = Settlement.objects.get(round=round)
        correction.settlement = settlement
        staked = dict(
            WagerLine.objects.filter(round=round)
            .values("box")
            .annotate(total=Sum("amount"))
            .values_list("box", "total")
        )
        paid = dict(
            PayoutLine.objects.filter(settlement=settlement)
            .values("box")
            .annotate(total=Sum("paid_amount"))
            .values_list("box", "total")
        )
        CorrectionLine.objects.bulk_create(
            CorrectionLine(correction=correction, box=box, line="void", amount=amount)
            for box in sorted(set(staked) | set(paid))
            if (amount := staked.get(box, Decimal(0)) - paid.get(box, Decimal(0))) != 0
        )
        table_day_totals_adjust(
            table_id=round.table_id,
            gaming_day=round.gaming_day,
            figures=stored_figures(settlement_id=settlement.pk).negated(),
        )
        box_play_void(correction)
        before["house_result"] = str(settlement.house_result)
        # The settled round stays as it was; the void is this correction, which reports count.
        after = {"status": round.status, "correction": correction.pk, "house_result": "0.00"}
    # After the table's day, as a settlement does: one order of the totals' row locks.
    dealer_day_totals_voided(round=round)
    audit_record(
        event_code=AuditCode.ROUND_VOIDED,
        actor=correction.requested_by,
        authorised_by=correction.decided_by,
        round=round,
        gaming_day=correction.decided_gaming_day,
        before=before,
        after=after,
        reason=correction.reason,
    )


def _apply_payout_correction(correction: Correction, round: Round) -> None:
    """Add what the correction's lines owe (or recover) to what the round's day paid. Expects
    the round and the correction locked."""
    totals = correction.lines.aggregate(
        total=Sum("amount"),
        owed=Sum("amount", filter=Q(amount__gt=0)),
        recovered=Sum("amount", filter=Q(amount__lt=0)),
    )
    owed = totals["total"] or Decimal(0)
    table_day_totals_adjust(
        table_id=round.table_id, gaming_day=round.gaming_day, figures=DayFigures(paid=owed)
    )
    box_play_correct(correction)
    # After the table's day, as a settlement does: one order of the totals' row locks.
    dealer_day_totals_corrected(
        round=round,
        owed=totals["owed"] or Decimal(0),
        recovered=-(totals["recovered"] or Decimal(0)),
    )


def _refuse_if_void(round: Round) -> None:
    voided = (
        round.status == RoundStatus.VOIDED
        or Correction.objects.filter(
            round=round, kind=CorrectionKind.VOID, status=CorrectionStatus.APPROVED
        ).exists()
    )
    if voided:
        raise ApiError(CorrectionCode.CORRECTION_ROUND_VOIDED, "This round is void.")


def _verify_lines(round: Round, lines: Sequence[LineInput]) -> None:
    if not 1 <= len(lines) <= MAX_LINES:
        raise ApiError(
            CorrectionCode.CORRECTION_LINES_INVALID,
            f"A payout correction has 1 to {MAX_LINES} lines.",
        )
    boxes = set(WagerLine.objects.filter(round=round).values_list("box", flat=True))
    chip_unit = Decimal(str(round.limits.get("chip_unit") or round.table.chip_unit))
    seen: set[tuple[int, str]] = set()
    for index, line in enumerate(lines):
        problem = None
        if line.box not in boxes:
            problem = f"Box {line.box} had no stake in this round."
        elif not line.line.strip():
            problem = "Name the line (ante, bet, bonus...)."
        elif line.amount == 0 or line.amount % chip_unit != 0:
            problem = f"The amount must be a non-zero multiple of the chip unit {chip_unit}."
        elif (line.box, line.line) in seen:
            problem = "The same box and line appear twice."
        if problem is not None:
            raise ApiError(CorrectionCode.CORRECTION_LINES_INVALID, problem, index=index)
        seen.add((line.box, line.line))


def _describe(correction: Correction) -> dict[str, Any]:
    return {
        "correction": correction.pk,
        "kind": correction.kind,
        "settlement": correction.settlement_id,
        "lines": [
            {"box": line.box, "line": line.line, "amount": str(line.amount)}
            for line in correction.lines.order_by("id")
        ],
    }


def correction_pending_alert(correction: Correction) -> Alert | None:
    """Raise the alert of a correction waiting for a decision (the floor lists and clears it,
    ``casino.floor.alerts``). Runs in the request's transaction, after its audit row."""
    round = correction.round
    return alert_record(
        kind=AlertKind.CORRECTION_PENDING,
        cause=f"correction:{correction.pk}",
        **round.alert_scope(),
        details={
            "correction": correction.pk,
            "kind": correction.kind,
            "requested_by": correction.requested_by.get_username(),
            "reason": correction.reason,
        },
    )
