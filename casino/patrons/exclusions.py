"""Exclusions: a patron self-excluded or barred is not seated while the exclusion is in force.

An exclusion is in force from its start until its end (none: indefinitely) unless lifted; a
lifting is a record of its own, with its reason, by someone allowed to exclude. A patron
already seated when excluded is not unseated by the record: the floor unseats them, and the
next seating anywhere is refused.
"""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q, QuerySet

from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, PatronCode
from casino.core.permissions import require
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from casino.patrons.enrolment import patron_lock
from casino.patrons.models import Exclusion, ExclusionKind, ExclusionLift, Patron


def in_force_at(at: dt.datetime) -> Q:
    """The condition of an exclusion in force at ``at``: started, not ended, not lifted."""
    return (Q(ends_at__isnull=True) | Q(ends_at__gt=at)) & Q(starts_at__lte=at, lift__isnull=True)


def exclusions_in_force(patron: Patron, at: dt.datetime) -> QuerySet[Exclusion]:
    """The patron's exclusions in force at ``at``."""
    return patron.exclusions.filter(in_force_at(at))


def refuse_excluded(patron: Patron, at: dt.datetime) -> None:
    """Refuse play to a patron excluded at ``at``; the refusal says the kind, never the reason.

    :raises ApiError: ``patron_excluded`` (403).
    """
    exclusion = exclusions_in_force(patron, at).order_by("starts_at").first()
    if exclusion is not None:
        raise ApiError(
            PatronCode.PATRON_EXCLUDED,
            "This patron is excluded from play and may not be seated.",
            patron=patron.pk,
            kind=exclusion.kind,
        )


def exclusion_record(
    *,
    patron_id: int,
    kind: str,
    reason: str,
    ends_at: dt.datetime | None = None,
    actor: AbstractBaseUser,
) -> Exclusion:
    """Exclude the patron from now until ``ends_at`` (``None``: indefinitely).

    :raises Patron.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless a pit boss or an admin.
    """
    with service_transaction():
        require(actor, "patrons.exclude_patron")
        patron = patron_lock(patron_id)
        record = audit_record(
            event_code=AuditCode.PATRON_EXCLUDED,
            actor=actor,
            casino=patron.casino,
            after={"patron": patron.pk, "kind": ExclusionKind(kind), "ends_at": ends_at},
            reason=reason,
        )
        return Exclusion.objects.create(
            patron=patron,
            kind=kind,
            starts_at=record.occurred_at,
            ends_at=ends_at,
            reason=reason,
            recorded_by=actor,
            audit_record_id=record.pk,
        )


def exclusion_lift(*, exclusion_id: int, reason: str, actor: AbstractBaseUser) -> ExclusionLift:
    """Lift an exclusion before its time.

    :raises Exclusion.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless a pit boss or an admin;
        ``exclusion_already_lifted`` (409).
    """
    with service_transaction():
        require(actor, "patrons.exclude_patron")
        exclusion = Exclusion.objects.get(pk=exclusion_id)
        patron = patron_lock(exclusion.patron_id)
        if ExclusionLift.objects.filter(exclusion=exclusion).exists():
            raise ApiError(
                PatronCode.EXCLUSION_ALREADY_LIFTED,
                "This exclusion is lifted already.",
                exclusion=exclusion.pk,
            )
        record = audit_record(
            event_code=AuditCode.PATRON_EXCLUSION_LIFTED,
            actor=actor,
            casino=patron.casino,
            after={"patron": patron.pk, "exclusion": exclusion.pk},
            reason=reason,
        )
        return ExclusionLift.objects.create(
            exclusion=exclusion,
            reason=reason,
            lifted_by=actor,
            lifted_at=record.occurred_at,
            audit_record_id=record.pk,
        )
