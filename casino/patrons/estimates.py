"""The floor's estimate of a session, typed beside its exact rating.

Every other system rates a player from what a floor person types: an average bet and the time
played. Here the rating is exact; an estimate typed for a session is kept beside it so that the
difference is seen (how far eyes and a constant pace are from the record).
"""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from casino.core.permissions import require
from casino.core.transactions import service_transaction
from casino.patrons.models import PlaySession, RatingEstimate
from tables.locks import table_lock


def rating_estimate_record(
    *, session_id: int, average_bet: Decimal, minutes: int, actor: AbstractBaseUser
) -> RatingEstimate:
    """Keep a floor person's estimate of the session (ended or not); the latest one is shown.

    :raises PlaySession.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless a pit boss of the table's pit or an
        admin.
    """
    with service_transaction():
        table_id = PlaySession.objects.only("table_id").get(pk=session_id).table_id
        table = table_lock(table_id)
        require(actor, "patrons.estimate_rating", table)
        return RatingEstimate.objects.create(
            session_id=session_id,
            average_bet=average_bet,
            minutes=minutes,
            recorded_by=actor,
            recorded_at=timezone.now(),
        )
