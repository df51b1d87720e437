"""Models of the API machinery: idempotency keys. (Device tokens, sign-in failures and lockouts
are identity's, ``casino.identity.models``.)"""

from __future__ import annotations

from django.conf import settings
from django.db import models


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
