"""Models of the API machinery: per-device tokens and idempotency keys."""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models


def hash_token(key: str) -> str:
    """Tokens are stored as SHA-256 digests: a database dump does not hand out device access."""
    return hashlib.sha256(key.encode()).hexdigest()


class DeviceToken(models.Model):
    """The credential of one tablet (or other device) acting for one user.

    The key itself is shown once, when issued; only its digest is stored. Revoking sets
    ``revoked_at`` (the row is kept, so the audit trail can still name the device).
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    device_name = models.CharField(max_length=100)
    key_digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = "device token"

    def __str__(self) -> str:
        return f"{self.device_name} ({self.user})"

    @staticmethod
    def new_key() -> str:
        return secrets.token_urlsafe(32)


class IdempotencyKey(models.Model):
    """A mutating request's ``Idempotency-Key``, claimed in the same transaction as its effect.

    A retry with the same key and body gets ``response_status`` / ``response_body`` back without
    running again; the same key with another body is refused. Keys are scoped to the user.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    key = models.CharField(max_length=100)
    method = models.CharField(max_length=10)
    path = models.CharField(max_length=300)
    request_digest = models.CharField(max_length=64)
    response_status = models.PositiveSmallIntegerField()
    response_body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotency_key_unique_per_user")
        ]

    def __str__(self) -> str:
        return self.key
