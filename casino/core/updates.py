"""Changing some fields of a row already read: each field named once."""

from __future__ import annotations

from typing import Any

from django.db.models import Model


def row_update(row: Model, **values: Any) -> None:
    """Set ``values`` on ``row`` and save those fields alone (``update_fields``)."""
    for name, value in values.items():
        setattr(row, name, value)
    row.save(update_fields=list(values))
