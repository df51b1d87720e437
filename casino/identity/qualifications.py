"""Dealers' qualifications: the games each dealer may deal, with the evidence of it.

Regulators require proof of training for each game a dealer deals (58 Pa. Code §611a). A pit
boss or an administrator records a dealer's qualification for one game
(:func:`qualification_record`): the evidence (a training completed or a test passed, and where
it is kept), the date it was obtained and, where the casino sets one, the last gaming day it
holds. It holds from its recording through that gaming day, unless revoked
(:func:`qualification_revoke`, with the reason). Both are audited, and both are history: the
database refuses to change or delete either, so a correction is a new record.

Every assignment of a dealer to a table asks :func:`qualification_require` under the table's
lock (``tables.services.tables``): the API's assignment, a relief, and the PIN sign-in at a
tablet. A dealer already dealing is not asked again at each action: an expiry ends the
qualification at the next sign-in, and revoking the qualification of the game the dealer deals
right now is refused until the dealer is relieved. What was dealt anyway (a qualification that
expired during a shift) is counted by the gaming-day report and the nightly check, which read
the qualifications through the view this app publishes (``identity_dealer_qualifications``).

Lock order: the tables (``tables.locks``), then the dealer's qualifications (an advisory lock:
rows of the append-only history cannot be locked), then the audit stream's head. An assignment
and a revocation for one dealer therefore never cross: the later sees what the earlier wrote.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Q
from django.utils import timezone

from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, QualificationCode, TableCode
from casino.core.gaming_day import DayClock
from casino.core.permissions import require
from casino.core.roles import Role, user_role
from casino.core.trail.recording import audit_record
from casino.core.transactions import advisory_lock, service_transaction
from casino.games.registry import REGISTRY
from casino.identity.models import EvidenceKind, Qualification, QualificationRevocation

#: The earliest time zone's offset: a date later than today's there has been reached nowhere.
_EARLIEST_OFFSET = dt.timezone(dt.timedelta(hours=14))

#: The table the dealer deals at now, if it plays ``game``: the views the tables app publishes.
_DEALING = """
SELECT t.code FROM tables_floor_dealer_assignments a
JOIN tables_floor_tables t ON t.id = a.table_id
WHERE a.dealer_id = %s AND a.ended_at IS NULL AND t.game = %s
"""


def held_at(at: dt.datetime, day: dt.date) -> Q:
    """The condition of a qualification in force at the instant ``at``, of the gaming day
    ``day``: recorded by then, not expired before that gaming day, not revoked by then."""
    return (
        Q(recorded_at__lte=at)
        & (Q(expires_on__isnull=True) | Q(expires_on__gte=day))
        & (Q(revocation__isnull=True) | Q(revocation__revoked_at__gt=at))
    )


def dealer_qualified(dealer_id: int, game: str, at: dt.datetime, *, clock: DayClock) -> bool:
    """Whether the dealer holds a qualification for ``game`` in force at the instant ``at``; an
    expiry is compared with the gaming day of ``at`` at the casino whose ``clock`` it is (the
    casino of the table the dealer deals at)."""
    return Qualification.objects.filter(
        held_at(at, clock.day_of(at)), dealer_id=dealer_id, game=game
    ).exists()


def qualification_require(dealer: Any, game: str, at: dt.datetime, *, clock: DayClock) -> None:
    """Refuse to let ``dealer`` deal ``game`` from the instant ``at`` without a qualification in
    force then (:func:`dealer_qualified`). Must run in the transaction of the assignment, after
    its tables' locks: it takes the dealer's qualifications' lock, held until that transaction
    ends, so that no revocation of the game slips between this check and the assignment.

    :raises ApiError: ``dealer_not_qualified`` (403), naming the dealer and the game.
    """
    qualification_lock(dealer.pk)
    if not dealer_qualified(dealer.pk, game, at, clock=clock):
        raise ApiError(
            QualificationCode.DEALER_NOT_QUALIFIED,
            f"{dealer.get_username()} is not qualified to deal {_label(game)}.",
            dealer=dealer.get_username(),
            game=game,
        )


def qualification_lock(dealer_id: int) -> None:
    """Hold the lock of the dealer's qualifications until the transaction ends."""
    advisory_lock(f"qualifications:{dealer_id}")


def qualification_record(
    *,
    dealer_id: int,
    game: str,
    evidence_kind: str,
    evidence_reference: str,
    qualified_on: dt.date,
    expires_on: dt.date | None = None,
    actor: Any,
) -> Qualification:
    """Record that the dealer may deal ``game``, on the evidence named, from now through the
    gaming day ``expires_on`` (``None``: no expiry). Audited (``dealer.qualification_recorded``).
    A second qualification of the same game is a renewal: each holds on its own terms.

    :raises User.DoesNotExist: (after ``permission_denied``) for no such user.
    :raises ApiError: ``permission_denied`` (403) unless a pit boss or an admin;
        ``not_a_dealer`` (400) for a user without the dealer role; ``qualification_invalid``
        (400) for a game the system does not have, an unknown kind of evidence, none named, a
        date no place has reached yet, or an expiry before the date qualified.
    """
    require(actor, "identity.record_qualification")
    with service_transaction():
        dealer = _dealer(dealer_id)
        reference = evidence_reference.strip()
        _verify(game in REGISTRY, "No such game.", field="game", game=game)
        _verify(
            evidence_kind in EvidenceKind.values,
            "The evidence is a training or a test.",
            field="evidence_kind",
        )
        _verify(bool(reference), "Name the evidence.", field="evidence_reference")
        latest = timezone.now().astimezone(_EARLIEST_OFFSET).date()
        _verify(
            qualified_on <= latest,
            "The date qualified has not come yet.",
            field="qualified_on",
            qualified_on=qualified_on.isoformat(),
        )
        _verify(
            expires_on is None or expires_on >= qualified_on,
            "The qualification cannot expire before the date qualified.",
            field="expires_on",
            expires_on=None if expires_on is None else expires_on.isoformat(),
        )
        terms = {
            "game": game,
            "evidence_kind": evidence_kind,
            "evidence_reference": reference,
            "qualified_on": qualified_on,
            "expires_on": expires_on,
        }
        qualification_lock(dealer.pk)
        record = audit_record(
            event_code=AuditCode.QUALIFICATION_RECORDED,
            actor=actor,
            after={"dealer": dealer.get_username(), **terms},
        )
        return Qualification.objects.create(
            dealer=dealer, **terms, recorded_by=actor, recorded_at=record.occurred_at
        )


def qualification_revoke(
    *, qualification_id: int, reason: str, actor: Any
) -> QualificationRevocation:
    """Revoke a qualification from now on, saying why. Audited
    (``dealer.qualification_revoked``). Refused while its dealer deals its game: a pit boss
    relieves the dealer first.

    :raises Qualification.DoesNotExist: (after ``permission_denied``)
    :raises ApiError: ``permission_denied`` (403) unless a pit boss or an admin;
        ``qualification_invalid`` (400) for no reason given; ``qualification_already_revoked``
        (409); ``dealer_dealing_game`` (409) while its dealer deals its game, naming the table.
    """
    require(actor, "identity.record_qualification")
    with service_transaction():
        qualification = Qualification.objects.select_related("dealer").get(pk=qualification_id)
        _verify(bool(reason.strip()), "Say why it is revoked.", field="reason")
        qualification_lock(qualification.dealer_id)
        if QualificationRevocation.objects.filter(qualification=qualification).exists():
            raise ApiError(
                QualificationCode.QUALIFICATION_ALREADY_REVOKED,
                "This qualification is revoked already.",
                qualification=qualification.pk,
            )
        dealer = qualification.dealer.get_username()
        with connection.cursor() as cursor:
            cursor.execute(_DEALING, [qualification.dealer_id, qualification.game])
            dealing = cursor.fetchone()
        if dealing is not None:
            raise ApiError(
                QualificationCode.DEALER_DEALING_GAME,
                f"{dealer} deals {_label(qualification.game)} at {dealing[0]} now: "
                "relieve the dealer first.",
                dealer=dealer,
                game=qualification.game,
                table=dealing[0],
            )
        record = audit_record(
            event_code=AuditCode.QUALIFICATION_REVOKED,
            actor=actor,
            before={
                "qualification": qualification.pk,
                "dealer": dealer,
                "game": qualification.game,
            },
            reason=reason,
        )
        return QualificationRevocation.objects.create(
            qualification=qualification,
            reason=reason,
            revoked_by=actor,
            revoked_at=record.occurred_at,
        )


def qualification_list(actor: Any, dealer_id: int) -> list[Qualification]:
    """The dealer's qualifications, newest first, each with its revocation if revoked: for the
    dealer, pit bosses, auditors and admins.

    :raises ApiError: ``permission_denied`` (403) for anyone else, before whether the user
        exists is told.
    :raises User.DoesNotExist: for no such user.
    """
    if actor.pk != dealer_id:
        require(actor, "identity.view_qualifications")
    get_user_model().objects.filter(pk=dealer_id).values_list("pk", flat=True).get()
    return list(
        Qualification.objects.filter(dealer_id=dealer_id)
        .select_related("dealer", "recorded_by", "revocation__revoked_by")
        .order_by("-recorded_at", "-pk")
    )


def _dealer(user_id: int) -> Any:
    """The user ``user_id``, who must be a dealer.

    :raises User.DoesNotExist:
    :raises ApiError: ``not_a_dealer`` (400).
    """
    user = get_user_model().objects.get(pk=user_id)
    if user_role(user) is not Role.DEALER:
        raise ApiError(TableCode.NOT_A_DEALER, "Only a dealer is qualified to deal a game.")
    return user


def _verify(holds: bool, message: str, **details: Any) -> None:
    if not holds:
        raise ApiError(QualificationCode.QUALIFICATION_INVALID, message, **details)


def _label(game: str) -> str:
    entry = REGISTRY.get(game)
    return entry.label if entry is not None else game
