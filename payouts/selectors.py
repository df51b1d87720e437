"""Reads of the payouts app: a round with its settlement."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from casino.core.roles import Role, user_role
from payouts.models import Correction, PayoutLine, Settlement
from tables.engines import current_state
from tables.models import PayoutsConfirmation, Round
from tables.selectors import RoundDetail, round_detail, round_events, round_queryset


@dataclass(frozen=True)
class SettledRoundDetail(RoundDetail):
    """A round as its answer shows it, with its settlement and payout lines once settled, and
    the confirmation that its payouts were made, once made."""

    settlement: Settlement | None = None
    lines: list[PayoutLine] | None = None
    payouts_confirmation: PayoutsConfirmation | None = None


def settled_round_queryset() -> QuerySet[Round]:
    """Rounds with their events and, when settled, their settlement and its lines, and the
    confirmation of their payouts."""
    return (
        round_queryset()
        .select_related("settlement", "payouts_confirmation__confirmed_by")
        .prefetch_related("settlement__lines")
    )


def settled_round_detail(round: Round) -> SettledRoundDetail:
    """``round`` (read with :func:`settled_round_queryset`) with its events, engine state and
    settlement."""
    detail = round_detail(round)
    settlement = getattr(round, "settlement", None)
    return SettledRoundDetail(
        round=detail.round,
        events=detail.events,
        state=detail.state,
        settlement=settlement,
        lines=None if settlement is None else list(settlement.lines.all()),
        payouts_confirmation=getattr(round, "payouts_confirmation", None),
    )


def confirmed_round_detail(confirmation: PayoutsConfirmation) -> SettledRoundDetail:
    """The round of ``confirmation`` (as ``round_payouts_confirm`` returns it: with its round,
    table, rule set and dealer) with its events, engine state and settlement, read in three
    statements: what :func:`settled_round_detail` reads, without compiling its queryset's joins
    and prefetches again for every "Paid"."""
    round = confirmation.round
    settlement = Settlement.objects.prefetch_related("lines").get(round=round)
    return SettledRoundDetail(
        round=round,
        events=round_events(round),
        state=current_state(round),
        settlement=settlement,
        lines=list(settlement.lines.all()),
        payouts_confirmation=confirmation,
    )


def is_settled(round: Round) -> bool:
    return Settlement.objects.filter(round=round).exists()


def correction_queryset() -> QuerySet[Correction]:
    return (
        Correction.objects.select_related("round__table", "requested_by", "decided_by")
        .prefetch_related("lines")
        .order_by("-id")
    )


def correction_list(*, user: Any, status: str | None = None, limit: int = 100) -> list[Correction]:
    """The corrections ``user`` may see, newest first: a pit boss's pits', or all."""
    corrections = correction_queryset()
    if user_role(user) is Role.PIT_BOSS:
        corrections = corrections.filter(round__table__pit__supervisors=user)
    if status:
        corrections = corrections.filter(status=status)
    return list(corrections[:limit])
