"""Device tokens: issued at sign-in for one shift, listed, and revoked by their user or by
whoever manages it (a pit boss for the dealers of the own pits, an admin for everyone).

Tokens are never deleted: revoking one records when and by whom (``revoked_at``,
``revoked_by``) and writes an audit row; a revoked or expired token no longer authenticates.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from casino.core.audit_codes import AuditCode
from casino.core.errors import AccessCode, ApiError, RequestCode
from casino.core.trail.recording import audit_record
from casino.core.updates import row_update
from casino.identity.models import DeviceToken, hash_token
from casino.identity.supervision import managed_users, manages


def device_token_issue(
    *, user: Any, device_name: str, address: str | None, detail: dict[str, Any] | None = None
) -> tuple[str, DeviceToken]:
    """A new token for ``user`` on ``device_name``: the key (shown once) and its row. Audited
    with the client's ``address`` and ``detail`` (what an app above binds the token to). Must
    run inside the sign-in's transaction."""
    key = DeviceToken.new_key()
    token = DeviceToken.objects.create(
        user=user, device_name=device_name, key_digest=hash_token(key)
    )
    audit_record(
        event_code=AuditCode.DEVICE_TOKEN_ISSUED,
        actor=user,
        after={
            "token": token.pk,
            "device_name": device_name,
            "address": address,
            "expires_at": token.expires_at,
            **(detail or {}),
        },
    )
    return key, token


class TokenStatus(StrEnum):
    ACTIVE = "active"
    EXPIRED = "expired"
    REVOKED = "revoked"


def token_status(token: DeviceToken, now: dt.datetime | None = None) -> TokenStatus:
    """Whether ``token`` authenticates now: revoked first, then expired, else active."""
    if token.revoked_at is not None:
        return TokenStatus.REVOKED
    if token.expires_at <= (now or timezone.now()):
        return TokenStatus.EXPIRED
    return TokenStatus.ACTIVE


def token_list(
    *, actor: Any, username: str | None = None, status: str | None = None, limit: int = 100
) -> list[DeviceToken]:
    """The tokens ``actor`` may see and revoke, newest first: their own, and those of the
    users they manage (``casino.identity.supervision``); of ``username`` only, in ``status`` only,
    if given; at most ``limit``."""
    tokens = DeviceToken.objects.select_related("user", "revoked_by").order_by("-created_at", "-pk")
    users = managed_users(actor)
    if users is not None:
        tokens = tokens.filter(Q(user=actor) | Q(user__in=users))
    if username is not None:
        tokens = tokens.filter(user__username=username)
    now = timezone.now()
    if status == TokenStatus.ACTIVE:
        tokens = tokens.filter(revoked_at__isnull=True, expires_at__gt=now)
    elif status == TokenStatus.EXPIRED:
        tokens = tokens.filter(revoked_at__isnull=True, expires_at__lte=now)
    elif status == TokenStatus.REVOKED:
        tokens = tokens.filter(revoked_at__isnull=False)
    return list(tokens[:limit])


def device_token_revoke(*, token_id: int, actor: Any) -> DeviceToken:
    """Revoke the token ``token_id``: it no longer authenticates. Audited. Revoking a revoked
    token changes nothing and returns it as it is, so a retry is harmless.

    :raises ApiError: ``not_found``; ``permission_denied`` unless the token is ``actor``'s own
        or of a user ``actor`` manages.
    """
    with transaction.atomic():
        token = (
            DeviceToken.objects.select_for_update(of=("self",))
            .select_related("user", "revoked_by")
            .filter(pk=token_id)
            .first()
        )
        if token is None:
            raise ApiError(RequestCode.NOT_FOUND, "No such device token.")
        if token.user_id != actor.pk and not manages(actor, token.user_id):
            raise ApiError(AccessCode.PERMISSION_DENIED, "You may not revoke this device token.")
        if token.revoked_at is not None:
            return token
        device_token_revoked(token, actor=actor, at=timezone.now())
    return token


def device_token_revoked(
    token: DeviceToken, *, actor: Any, at: dt.datetime, after: dict[str, Any] | None = None
) -> None:
    """Mark ``token`` revoked by ``actor`` at ``at`` and write its audit row (``after``: what
    the row adds about why). Inside the caller's transaction, with the token's row locked and
    its user read."""
    row_update(token, revoked_at=at, revoked_by=actor)
    audit_record(
        event_code=AuditCode.DEVICE_TOKEN_REVOKED,
        actor=actor,
        before={
            "token": token.pk,
            "user": token.user.get_username(),
            "device_name": token.device_name,
        },
        after=after,
    )
