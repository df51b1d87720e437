"""Per-device token authentication for tablets: ``Authorization: Token <key>``."""

from __future__ import annotations

from typing import Any

from django.contrib.postgres.aggregates import ArrayAgg
from django.db.models import Value
from rest_framework import authentication, exceptions

from casino.api.models import DeviceToken, hash_token
from casino.api.roles import remember_role


class DeviceTokenAuthentication(authentication.TokenAuthentication):
    """Authenticates a request by the digest of its device token; revoked tokens fail."""

    keyword = "Token"

    def authenticate_credentials(self, key: str) -> tuple[Any, DeviceToken]:
        # One query for the token, its user and the user's role groups: every request pays it.
        token = (
            DeviceToken.objects.select_related("user")
            .annotate(group_names=ArrayAgg("user__groups__name", default=Value([])))
            .filter(key_digest=hash_token(key), revoked_at__isnull=True)
            .first()
        )
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed("Invalid or revoked device token.")
        remember_role(token.user, [name for name in token.group_names if name])
        return token.user, token
