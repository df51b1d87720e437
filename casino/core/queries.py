"""A list's optional filters, as its callers give them."""

from __future__ import annotations

from typing import Any


def given(**lookups: Any) -> dict[str, Any]:
    """The ``lookups`` a caller gave: those whose value is neither ``None`` nor empty text.
    ``rows.filter(**given(table_id=table, gaming_day=day))`` filters by each filter given and
    by no other."""
    return {lookup: value for lookup, value in lookups.items() if value is not None and value != ""}
