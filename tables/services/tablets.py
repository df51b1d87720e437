"""Tablets bound to tables, and the dealers' PIN sign-in at them.

Whoever manages a table (a pit boss of its pit, an admin) registers a tablet to it
(:func:`tablet_register`: the credential is shown once, its SHA-256 stored) and revokes it
(:func:`tablet_revoke`). At each rotation the incoming dealer signs in at the tablet with a PIN
(:func:`tablet_sign_in`): the dealer is assigned to the tablet's table through the one
assignment service (``dealer_assign``, the tablet's registration authorising it), the previous
dealer's tokens at the tablet are revoked, and a device token bound to the tablet is issued
(``TabletSession``). Every step is audited; every refusal writes its audit row and nothing else.

The PIN checks of both sign-ins at a tablet, their refusals and the name's lockout are
identity's (``casino.identity.pins.pin_sign_in``); what a sign-in gives at the table is here.

Lock order: the user name's sign-in counter (``casino.identity.lockouts``), then the tables (as
``tables.locks`` orders them), the tablet, the dealer's qualifications
(``casino.identity.qualifications``), the tokens, and last the audit stream's head.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import transaction
from django.utils import timezone

from casino.api.addresses import client_address
from casino.core.audit_codes import AuditCode
from casino.core.context import current_device_token_id
from casino.core.errors import ApiError, RequestCode, TabletCode
from casino.core.permissions import require
from casino.core.roles import Role
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from casino.core.updates import row_update
from casino.identity.lockouts import audit_sign_in_failure
from casino.identity.models import DeviceToken, hash_token
from casino.identity.pins import pin_sign_in
from casino.identity.tokens import device_token_issue, device_token_revoked
from tables.locks import table_lock
from tables.models import DealerAssignment, Tablet, TabletSession
from tables.services.tables import dealer_assign, require_manager
from tables.throttles import tablet_sign_in_failed

_Granted = TypeVar("_Granted")

#: Why a PIN sign-in failed, as its audit row says, when the tablet is not the table's (the
#: other reasons are identity's: ``casino.identity.pins``).
OTHER_TABLE = "other_table"
CHANNEL = "tablet_pin"
#: A pit boss's PIN sign-in for one decision at the tablet.
DECISION_CHANNEL = "tablet_pin_decision"
#: How long a pit boss's decision sign-in at a tablet lasts unless a decision spends it first:
#: long enough to read the request and tap, too short to be left lying at the table.
DECISION_LIFETIME = dt.timedelta(minutes=2)


def tablet_register(*, table_id: int, actor: Any, name: str) -> tuple[str, Tablet]:
    """Register a tablet named ``name`` to the table: its credential (shown once) and its row.
    Audited in the table's stream (``tablet.registered``).

    :raises Table.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``actor`` manages the table.
    """
    with service_transaction():
        table = table_lock(table_id)
        require_manager(actor, table)
        credential = secrets.token_urlsafe(32)
        tablet = Tablet.objects.create(
            table=table,
            name=name,
            credential_digest=hash_token(credential),
            registered_by=actor,
            registered_at=timezone.now(),
        )
        audit_record(
            event_code=AuditCode.TABLET_REGISTERED,
            actor=actor,
            table=table,
            after={"tablet": tablet.pk, "name": name},
        )
        return credential, tablet


def tablet_revoke(*, tablet_id: int, actor: Any, reason: str) -> Tablet:
    """Revoke the tablet: its credential, and every token issued at it, stop authenticating
    (401 ``tablet_revoked``). Audited in its table's stream (``tablet.revoked``).

    :raises ApiError: ``not_found``; ``permission_denied`` (403) unless ``actor`` manages the
        tablet's table; ``tablet_already_revoked`` (409).
    """
    table_id = Tablet.objects.filter(pk=tablet_id).values_list("table_id", flat=True).first()
    if table_id is None:
        raise ApiError(RequestCode.NOT_FOUND, "No such tablet.")
    with service_transaction():
        table = table_lock(table_id)
        require_manager(actor, table)
        tablet = Tablet.objects.select_for_update(of=("self",)).get(pk=tablet_id)
        if tablet.revoked_at is not None:
            raise ApiError(
                TabletCode.TABLET_ALREADY_REVOKED,
                "This tablet was revoked already.",
                revoked_at=tablet.revoked_at.isoformat(),
            )
        row_update(tablet, revoked_at=timezone.now(), revoked_by=actor, revoke_reason=reason)
        audit_record(
            event_code=AuditCode.TABLET_REVOKED,
            actor=actor,
            table=table,
            before={"tablet": tablet.pk, "name": tablet.name},
            reason=reason,
        )
        return tablet


@dataclass(frozen=True)
class PinAttempt:
    """A PIN sign-in asked at a tablet: the request, the tablet, the table the request names
    (the tablet's, or refused), the user name and the PIN."""

    request: Any
    tablet: Tablet
    table_id: int
    username: str
    pin: str


def tablet_sign_in(attempt: PinAttempt) -> tuple[str, DeviceToken, DealerAssignment]:
    """Sign the dealer ``attempt.username`` in at the attempt's tablet with its PIN: the
    token's key (shown once), its row, and the dealer's assignment at the tablet's table. The
    request has passed the tablet's sign-in throttles (``tables.throttles``).

    On success the dealer deals at the table: assigned through ``dealer_assign`` (relieving
    the dealer there, and moving the dealer from another table of the same pit), or kept when
    dealing there already; the tokens other dealers got at this tablet are revoked. A wrong
    PIN counts towards the name's lockout and the throttles.

    :raises ApiError: ``tablet_other_table`` (403) when ``table_id`` is not the tablet's;
        ``sign_in_locked`` (423); ``pin_wrong`` (401) for a wrong PIN, no PIN, or no such
        active dealer, alike; ``dealer_not_qualified`` (403) for a dealer not qualified for the
        table's game (then nothing is written but the refusal's audit row: no assignment, no
        token); ``dealer_assigned_elsewhere`` (409) for a dealer at a table of another pit;
        ``tablet_revoked`` (401) when the tablet was revoked meanwhile.
    """
    tablet = attempt.tablet

    def deal(dealer: Any, address: str | None) -> tuple[str, DeviceToken, DealerAssignment]:
        assignment = dealer_assign(
            table_id=tablet.table_id, dealer=dealer, actor=dealer, authorised_by_tablet=tablet
        )
        _revoke_others(tablet=tablet, dealer=dealer)
        key, token = device_token_issue(
            user=dealer,
            device_name=tablet.name,
            address=address,
            detail={"tablet": tablet.pk, "table": tablet.table_id, "channel": CHANNEL},
        )
        TabletSession.objects.create(token=token, tablet=tablet, assignment=assignment)
        return key, token, assignment

    return _pin_sign_in(attempt, role=Role.DEALER, channel=CHANNEL, grant=deal)


def decision_sign_in(attempt: PinAttempt) -> tuple[str, DeviceToken]:
    """Sign the pit boss ``attempt.username`` in at the attempt's tablet with its PIN for one
    decision at its table: the token's key (shown once) and its row.

    The token acts at the tablet's table alone, on the routes that decide a retraction or a
    correction (a void) alone (``tables.authentication``), for :data:`DECISION_LIFETIME`, and
    is spent by the first decision it makes (:func:`decision_sign_in_spend`). It changes
    nobody's assignment: the dealer stays signed in. A wrong PIN counts towards the name's
    lockout and the throttles, as a dealer's does.

    :raises ApiError: ``tablet_other_table`` (403); ``sign_in_locked`` (423); ``pin_wrong``
        (401, with the tries left before the lockout) for a wrong PIN, no PIN, or no such
        active pit boss, alike; ``permission_denied`` (403) for a pit boss of another pit.
    """
    tablet = attempt.tablet

    def decide(boss: Any, address: str | None) -> tuple[str, DeviceToken]:
        table = table_lock(tablet.table_id)
        require(
            boss,
            "tables.decide_retraction",
            table,
            message="Only a pit boss of this table's pit decides here.",
        )
        key = DeviceToken.new_key()
        token = DeviceToken.objects.create(
            user=boss,
            device_name=tablet.name,
            key_digest=hash_token(key),
            expires_at=timezone.now() + DECISION_LIFETIME,
        )
        TabletSession.objects.create(token=token, tablet=tablet, decision=True)
        audit_record(
            event_code=AuditCode.DECISION_SIGN_IN,
            actor=boss,
            table=table,
            after={
                "token": token.pk,
                "expires_at": token.expires_at,
                "address": address,
                "tablet": tablet.pk,
                "device_name": tablet.name,
                "channel": DECISION_CHANNEL,
            },
        )
        return key, token

    return _pin_sign_in(attempt, role=Role.PIT_BOSS, channel=DECISION_CHANNEL, grant=decide)


def _pin_sign_in(
    attempt: PinAttempt,
    *,
    role: Role,
    channel: str,
    grant: Callable[[Any, str | None], _Granted],
) -> _Granted:
    """The PIN sign-in both kinds share: the table must be the tablet's; then identity's PIN
    sign-in (``casino.identity.pins.pin_sign_in``: the name unlocked, the PIN the active
    ``role`` user's) gives ``grant(user, address)``, each refusal naming the tablet and the
    ``channel`` and told to the tablet's throttles."""
    tablet = attempt.tablet
    at = {"tablet": tablet.pk, "device_name": tablet.name, "channel": channel}
    if attempt.table_id != tablet.table_id:
        with transaction.atomic():
            audit_sign_in_failure(
                attempt.username,
                client_address(attempt.request),
                OTHER_TABLE,
                table=attempt.table_id,
                **at,
            )
        raise ApiError(
            TabletCode.TABLET_OTHER_TABLE,
            "This tablet is registered to another table.",
            table=tablet.table_id,
        )
    return pin_sign_in(
        request=attempt.request,
        username=attempt.username,
        pin=attempt.pin,
        role=role,
        at=at,
        grant=grant,
        failed=tablet_sign_in_failed,
    )


def decision_sign_in_spend(actor: Any) -> Tablet | None:
    """Spend the decision token the request is made with, if it is one (a pit boss's sign-in
    at a tablet decides once): revoke it, audited. The tablet it was issued at, else ``None``.

    Runs in the decision's transaction, after its other locks (the token row is locked here).
    """
    token_id = current_device_token_id()
    if token_id is None:
        return None
    session = (
        TabletSession.objects.select_related("tablet")
        .filter(token_id=token_id, decision=True)
        .first()
    )
    if session is None:
        return None
    token = (
        DeviceToken.objects.select_for_update(of=("self",)).select_related("user").get(pk=token_id)
    )
    if token.revoked_at is None:
        device_token_revoked(
            token,
            actor=actor,
            at=timezone.now(),
            after={"tablet": session.tablet_id, "spent": True},
        )
    return session.tablet


def _revoke_others(*, tablet: Tablet, dealer: Any) -> None:
    """Revoke the tokens other dealers got at ``tablet``: the relieved dealer's tablet session
    ends with the relief. Audited, one row per token."""
    tokens = list(
        DeviceToken.objects.select_for_update(of=("self",))
        .select_related("user")
        .filter(
            pk__in=TabletSession.objects.filter(tablet=tablet).values("token_id"),
            revoked_at__isnull=True,
        )
        .exclude(user=dealer)
        .order_by("pk")
    )
    now = timezone.now()
    for token in tokens:
        device_token_revoked(
            token,
            actor=dealer,
            at=now,
            after={"tablet": tablet.pk, "relieved_by": dealer.get_username()},
        )
