"""The settlement service: settle a complete round once, in one transaction, with the round locked.

The game's engine computes the settlement purely from the round's events (a ``SettlementPlan``);
this service writes it: the wager lines, the settlement with its payout lines, the round's new
status and an audit row. Settling again returns the settlement already written.
"""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from audit.codes import AuditCode
from audit.services.recording import audit_record
from casino.api.errors import ApiError
from payouts.models import PayoutLine, Settlement, WagerLine
from tables.engines import SettlementPlan, adapter_for
from tables.locks import round_lock
from tables.models import Round, RoundStatus

ROUND_NOT_SETTLEABLE = "round_not_settleable"
SETTLEMENT_UNBALANCED = "settlement_unbalanced"


def round_settle(*, round_id: int, actor: AbstractBaseUser) -> Settlement:
    """Settle the round, or return its settlement if it was settled already.

    :raises ApiError: ``round_not_settleable`` (409) when the round was voided or its game has no
        engine; the engine's ``GameError`` when the round is not complete.
    """
    with transaction.atomic():
        round = round_lock(round_id)
        existing = Settlement.objects.filter(round=round).first()
        if existing is not None:
            return existing
        adapter = adapter_for(round.game)
        if round.status != RoundStatus.OPEN or adapter is None:
            raise ApiError(
                ROUND_NOT_SETTLEABLE,
                "This round cannot be settled.",
                status_code=409,
                status=round.status,
            )
        plan = adapter.settle(round=round, history=list(round.events.order_by("seq")))
        return _write(round=round, actor=actor, plan=plan)


def _write(*, round: Round, actor: AbstractBaseUser, plan: SettlementPlan) -> Settlement:
    """Write a plan's rows. Expects the round locked by the caller, inside its transaction."""
    staked = sum((line.amount for line in plan.stakes), Decimal(0))
    returned = sum((line.paid for line in plan.returns), Decimal(0))
    # A house-banked game's result may be anything; in a pot game the house keeps the rake only.
    if plan.pot_game and staked - returned != plan.rake:
        raise ApiError(
            SETTLEMENT_UNBALANCED,
            "Pot awards do not add up to the stakes less the rake.",
            status_code=500,
            staked=str(staked),
            returned=str(returned),
            rake=str(plan.rake),
        )
    now = timezone.now()
    WagerLine.objects.bulk_create(
        WagerLine(round=round, box=line.box, kind=line.kind, amount=line.amount)
        for line in plan.stakes
    )
    settlement = Settlement.objects.create(
        round=round,
        settled_at=now,
        settled_by=actor,
        total_staked=staked,
        total_returned=returned,
        house_result=staked - returned,
        rake=plan.rake,
        cap_applied=plan.cap_applied,
        engine_result=plan.engine_result,
    )
    PayoutLine.objects.bulk_create(
        PayoutLine(
            settlement=settlement,
            box=line.box,
            line=line.line,
            combination=line.combination,
            outcome=line.outcome,
            stake=line.stake,
            computed_amount=line.computed,
            paid_amount=line.paid,
            reason=line.reason,
            pot=line.pot,
        )
        for line in plan.returns
    )
    round.status = RoundStatus.SETTLED
    round.closed_at = now
    round.save(update_fields=["status", "closed_at"])
    audit_record(
        event_code=AuditCode.ROUND_SETTLED,
        actor=actor,
        round=round,
        after={
            "staked": str(staked),
            "returned": str(returned),
            "house_result": str(staked - returned),
            "rake": str(plan.rake),
            "cap_applied": plan.cap_applied,
        },
    )
    return settlement
