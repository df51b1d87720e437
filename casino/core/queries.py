"""A list's optional filters, as its callers give them; raw SQL that names the users."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection


def given(**lookups: Any) -> dict[str, Any]:
    """The ``lookups`` a caller gave: those whose value is neither ``None`` nor empty text.
    ``rows.filter(**given(table_id=table, gaming_day=day))`` filters by each filter given and
    by no other."""
    return {lookup: value for lookup, value in lookups.items() if value is not None and value != ""}


def users_named(statement: str) -> str:
    """``statement`` with ``{users}`` made the users' table and ``{username}`` its name
    column, quoted: raw SQL that joins the users whatever the user model is."""
    users = get_user_model()
    return statement.format(
        username=connection.ops.quote_name(users.USERNAME_FIELD),
        users=connection.ops.quote_name(users._meta.db_table),
    )
