"""Points: an append-only ledger per patron, whose sum is the balance.

A session earns when its rating is written: its theoretical win times the casino's earning
policy in force then (a loss to the house earns nothing), rounded down to the cent. A rating
revised (a correction changed a round it covers) takes back what its previous version earned
and earns anew: two new entries, never an edit. A promotion awards points (administrators); a
comp spends them (a pit boss, within ``COMP_POINTS_LIMIT`` a comp and the balance, with a
note). Each movement is made once: an accrual or a reversal is keyed by its rating.
"""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_DOWN, Decimal

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Sum

from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, PatronCode
from casino.core.permissions import require
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from casino.patrons.enrolment import patron_lock
from casino.patrons.models import (
    DEFAULT_POINTS_PER_THEO,
    EarningPolicy,
    Patron,
    PointsEntry,
    PointsKind,
    SessionRating,
)
from tables.models import Casino

CENT = Decimal("0.01")


def points_balance(patron_id: int) -> Decimal:
    """The patron's points: the sum of the ledger."""
    total = PointsEntry.objects.filter(patron_id=patron_id).aggregate(total=Sum("points"))
    return total["total"] if total["total"] is not None else Decimal(0)


def earning_policy_of(casino_id: int, at: dt.datetime) -> EarningPolicy | None:
    """The casino's earning policy in force at ``at`` (``None``: the default rate)."""
    return (
        EarningPolicy.objects.filter(casino_id=casino_id, effective_at__lte=at)
        .order_by("-effective_at", "-pk")
        .first()
    )


def points_for_rating(rating: SessionRating, previous: SessionRating | None) -> None:
    """Earn the points of ``rating`` (just written, its table locked), taking back those of
    ``previous``, the version it replaces. Idempotent: each is keyed by its rating."""
    patron_id = rating.session.patron_id
    if previous is not None:
        earned = PointsEntry.objects.filter(key=f"accrual:{previous.pk}").first()
        if earned is not None:
            PointsEntry.objects.get_or_create(
                key=f"reversal:{previous.pk}",
                defaults={
                    "patron_id": patron_id,
                    "kind": PointsKind.REVERSAL,
                    "points": -earned.points,
                    "rating": previous,
                    "recorded_at": rating.computed_at,
                },
            )
    policy = earning_policy_of(rating.session.patron.casino_id, rating.computed_at)
    rate = DEFAULT_POINTS_PER_THEO if policy is None else policy.points_per_theo
    points = (max(rating.theoretical_win, Decimal(0)) * rate).quantize(CENT, ROUND_DOWN)
    if points:
        PointsEntry.objects.get_or_create(
            key=f"accrual:{rating.pk}",
            defaults={
                "patron_id": patron_id,
                "kind": PointsKind.ACCRUAL,
                "points": points,
                "rating": rating,
                "policy": policy,
                "recorded_at": rating.computed_at,
            },
        )


def comp_redeem(
    *, patron_id: int, points: Decimal, note: str, actor: AbstractBaseUser
) -> PointsEntry:
    """Spend ``points`` of the patron's on a comp, saying what it is for.

    :raises Patron.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless a pit boss or an admin;
        ``points_invalid`` (400) for no points, or more than ``COMP_POINTS_LIMIT`` a comp;
        ``points_insufficient`` (409) for more than the balance.
    """
    with service_transaction():
        require(actor, "patrons.redeem_comp")
        patron = patron_lock(patron_id)
        limit = Decimal(settings.COMP_POINTS_LIMIT)
        if points <= 0 or points > limit:
            raise ApiError(
                PatronCode.POINTS_INVALID,
                f"A comp spends more than no points and at most {limit}.",
                points=str(points),
                limit=str(limit),
            )
        balance = points_balance(patron.pk)
        if points > balance:
            raise ApiError(
                PatronCode.POINTS_INSUFFICIENT,
                "The patron has fewer points than that.",
                points=str(points),
                balance=str(balance),
            )
        return _entry(patron, PointsKind.REDEMPTION, -points, note, actor)


def points_award(
    *, patron_id: int, points: Decimal, note: str, actor: AbstractBaseUser
) -> PointsEntry:
    """Award a promotion's points to the patron.

    :raises Patron.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless an admin; ``points_invalid`` (400)
        for no points.
    """
    with service_transaction():
        require(actor, "patrons.award_points")
        patron = patron_lock(patron_id)
        if points <= 0:
            raise ApiError(
                PatronCode.POINTS_INVALID, "A promotion awards points.", points=str(points)
            )
        return _entry(patron, PointsKind.PROMOTION, points, note, actor)


def earning_policy_set(
    *, casino_id: int, points_per_theo: Decimal, actor: AbstractBaseUser
) -> EarningPolicy:
    """Set the casino's points per unit of theoretical win from now on; the ratings written
    before keep what they earned.

    :raises Casino.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless an admin.
    """
    with service_transaction():
        require(actor, "patrons.award_points")
        casino = Casino.objects.select_for_update().get(pk=casino_id)
        record = audit_record(
            event_code=AuditCode.EARNING_POLICY_SET,
            actor=actor,
            casino=casino,
            after={"points_per_theo": points_per_theo},
        )
        return EarningPolicy.objects.create(
            casino=casino,
            points_per_theo=points_per_theo,
            effective_at=record.occurred_at,
            set_by=actor,
        )


def _entry(
    patron: Patron, kind: PointsKind, points: Decimal, note: str, actor: AbstractBaseUser
) -> PointsEntry:
    record = audit_record(
        event_code=AuditCode.PATRON_POINTS,
        actor=actor,
        casino=patron.casino,
        after={"patron": patron.pk, "kind": kind, "points": points},
        reason=note,
    )
    return PointsEntry.objects.create(
        patron=patron,
        kind=kind,
        points=points,
        key=f"{kind}:{record.pk}",
        note=note,
        recorded_by=actor,
        recorded_at=record.occurred_at,
    )
