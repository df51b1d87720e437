"""Per-device token authentication for tablets: ``Authorization: Token <key>``."""

from __future__ import annotations

from typing import Any

from rest_framework import authentication, exceptions

from casino.api.models import DeviceToken, hash_token


class DeviceTokenAuthentication(authentication.TokenAuthentication):
    """Authenticates a request by the digest of its device token; revoked tokens fail."""

    keyword = "Token"

    def authenticate_credentials(self, key: str) -> tuple[Any, DeviceToken]:
        token = (
            DeviceToken.objects.select_related("user")
            .filter(key_digest=hash_token(key), revoked_at__isnull=True)
            .first()
        )
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed("Invalid or revoked device token.")
        return token.user, token
