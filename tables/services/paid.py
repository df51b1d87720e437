"""The dealer's "Paid": a settled round's payouts confirmed made.

Settling a round computes what each box or seat is owed; paying it is the dealer's work at the
layout. Until the dealer (or the table's pit boss) confirms that the payouts were made, the
round's settlement stays the tablet's screen (the table's answer names it: ``unpaid_round``),
and the table opens no next round (``round_payouts_unconfirmed``): so a layout is never dealt
on while the last round's payouts are still on it, a double tap on Settle cannot open the next
round, and the record says who confirmed each round paid and when (``PayoutsConfirmation``,
with its ``round.payouts_confirmed`` audit row). Confirming again returns the first
confirmation: a second tap changes nothing.

Lock order (``tables.locks``): the round, then the audit chain.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, RoundCode
from casino.core.permissions import require
from casino.core.push import TableChange, publish_table_change
from casino.core.roles import role_label
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from tables.locks import round_lock
from tables.models import PayoutsConfirmation, RoundStatus


def round_payouts_confirm(*, round_id: int, actor: AbstractBaseUser) -> PayoutsConfirmation:
    """Confirm that the settled round's payouts were made, or return the confirmation made
    already; either comes with its round, and the round with its table, rule set and dealer,
    read in the statement that locks it (the endpoint answers with the whole round).

    :raises Round.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless the actor deals at the round's table
        now or supervises its pit; ``round_not_settled`` (409) for a round not settled (in
        play, or voided: nothing to pay).
    """
    with service_transaction():
        round = round_lock(round_id, with_related=True)
        require(actor, "tables.confirm_payouts", round)
        existing = (
            PayoutsConfirmation.objects.select_related("confirmed_by").filter(round=round).first()
        )
        if existing is not None:
            PayoutsConfirmation.round.field.set_cached_value(existing, round)
            return existing
        if round.status != RoundStatus.SETTLED:
            raise ApiError(
                RoundCode.ROUND_NOT_SETTLED,
                "Only a settled round's payouts are confirmed.",
                status=round.status,
            )
        now = timezone.now()
        record = audit_record(
            event_code=AuditCode.ROUND_PAYOUTS_CONFIRMED,
            actor=actor,
            round=round,
            after={"round": round.pk, "number": round.number},
        )
        confirmation = PayoutsConfirmation.objects.create(
            round=round,
            confirmed_by=actor,
            confirmed_role=role_label(actor),
            confirmed_at=now,
            audit_record_id=record.pk,
        )
        publish_table_change(
            table_id=round.table_id,
            pit_id=round.pit_id,  # type: ignore[attr-defined]
            kind=TableChange.PAYOUTS_CONFIRMED,
            data={"round": round.pk, "number": round.number},
        )
        return confirmation
