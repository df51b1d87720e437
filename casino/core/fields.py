"""Model fields every app declares alike."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models


def user_field(*, optional: bool = False, **options: Any) -> models.ForeignKey:  # type: ignore[type-arg]
    """The user who did something a row records: kept while the row is (``PROTECT``), with no
    accessor back from the user; ``optional``: may be nobody (null)."""
    if optional:
        options.update(null=True, blank=True)
    return models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", **options
    )
