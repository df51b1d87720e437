"""Tablets bound to tables, and the dealers' PIN sign-in at them.

Whoever manages a table (a pit boss of its pit, an admin) registers a tablet to it
(:func:`tablet_register`: the credential is shown once, its SHA-256 stored) and revokes it
(:func:`tablet_revoke`). At each rotation the incoming dealer signs in at the tablet with a PIN
(:func:`tablet_sign_in`): the dealer is assigned to the tablet's table through the one
assignment service (``dealer_assign``, the tablet's registration authorising it), the previous
dealer's tokens at the tablet are revoked, and a device token bound to the tablet is issued
(``TabletSession``). Every step is audited; every refusal writes its audit row and nothing else.

Lock order: the user name's sign-in counter (``casino.api.lockouts``), then the tables (as
``tables.locks`` orders them), the tablet, the tokens, and last the audit stream's head.
"""

from __future__ import annotations

import secrets
from typing import Any, NoReturn

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from casino.api.addresses import client_address
from casino.api.lockouts import (
    LOCKED_MESSAGE,
    lockout_active,
    sign_in_failure_record,
    sign_in_success_record,
)
from casino.api.models import DeviceToken, hash_token
from casino.api.tokens import device_token_issue
from casino.core.audit_codes import AuditCode
from casino.core.errors import AccessCode, ApiError, RequestCode, TabletCode
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from tables.locks import table_lock
from tables.models import DealerAssignment, Tablet, TabletSession
from tables.services.pins import pin_matches
from tables.services.tables import dealer_assign, require_manager
from tables.throttles import tablet_sign_in_failed

#: Why a PIN sign-in failed, as its audit row says.
WRONG_CREDENTIALS = "wrong_credentials"
LOCKED = "locked"
OTHER_TABLE = "other_table"
REFUSED = "refused"
CHANNEL = "tablet_pin"


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
        tablet.revoked_at = timezone.now()
        tablet.revoked_by = actor
        tablet.revoke_reason = reason
        tablet.save(update_fields=["revoked_at", "revoked_by", "revoke_reason"])
        audit_record(
            event_code=AuditCode.TABLET_REVOKED,
            actor=actor,
            table=table,
            before={"tablet": tablet.pk, "name": tablet.name},
            reason=reason,
        )
        return tablet


def tablet_sign_in(
    *, request: Any, tablet: Tablet, table_id: int, username: str, pin: str
) -> tuple[str, DeviceToken, DealerAssignment]:
    """Sign the dealer ``username`` in at ``tablet`` with ``pin``: the token's key (shown
    once), its row, and the dealer's assignment at the tablet's table. The request has passed
    the tablet's sign-in throttles (``tables.throttles``).

    On success the dealer deals at the table: assigned through ``dealer_assign`` (relieving
    the dealer there, and moving the dealer from another table of the same pit), or kept when
    dealing there already; the tokens other dealers got at this tablet are revoked. A wrong
    PIN counts towards the name's lockout and the throttles.

    :raises ApiError: ``tablet_other_table`` (403) when ``table_id`` is not the tablet's;
        ``sign_in_locked`` (423); ``pin_wrong`` (401) for a wrong PIN, no PIN, or no such
        active dealer, alike; ``dealer_assigned_elsewhere`` (409) for a dealer at a table of
        another pit; ``tablet_revoked`` (401) when the tablet was revoked meanwhile.
    """
    address = client_address(request)
    at = {"tablet": tablet.pk, "device_name": tablet.name, "channel": CHANNEL}
    if table_id != tablet.table_id:
        with transaction.atomic():
            _record_failure(username, address, OTHER_TABLE, table=table_id, **at)
        raise ApiError(
            TabletCode.TABLET_OTHER_TABLE,
            "This tablet is registered to another table.",
            table=tablet.table_id,
        )
    if lockout_active(username) is not None:
        _refuse_locked(request, username, address, at)
    dealer = get_user_model().objects.filter(username=username).first()
    if not pin_matches(dealer, pin):
        with transaction.atomic():
            _record_failure(username, address, WRONG_CREDENTIALS, **at)
            sign_in_failure_record(username=username, address=address)
        tablet_sign_in_failed(request)
        raise ApiError(TabletCode.PIN_WRONG, "Wrong user name or PIN.")
    try:
        with transaction.atomic():
            if not sign_in_success_record(username=username):
                raise _LockedMeanwhile()
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
    except _LockedMeanwhile:
        _refuse_locked(request, username, address, at)
    except ApiError as refusal:
        # Rolled back whole; the refusal alone stays on the record.
        with transaction.atomic():
            _record_failure(username, address, REFUSED, code=refusal.code, **at)
        raise
    return key, token, assignment


class _LockedMeanwhile(Exception):
    """A failure locked the name while this PIN was being checked."""


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
        token.revoked_at = now
        token.revoked_by = dealer
        token.save(update_fields=["revoked_at", "revoked_by"])
        audit_record(
            event_code=AuditCode.DEVICE_TOKEN_REVOKED,
            actor=dealer,
            before={
                "token": token.pk,
                "user": token.user.get_username(),
                "device_name": token.device_name,
            },
            after={"tablet": tablet.pk, "relieved_by": dealer.get_username()},
        )


def _refuse_locked(
    request: Any, username: str, address: str | None, at: dict[str, Any]
) -> NoReturn:
    with transaction.atomic():
        _record_failure(username, address, LOCKED, **at)
    tablet_sign_in_failed(request)
    raise ApiError(AccessCode.SIGN_IN_LOCKED, LOCKED_MESSAGE)


def _record_failure(username: str, address: str | None, reason: str, **after: Any) -> None:
    audit_record(
        event_code=AuditCode.LOGIN_FAILED,
        actor=None,
        actor_label=username,
        after={**after, "address": address, "reason": reason},
    )
