"""Per-device token authentication for tablets: ``Authorization: Token <key>``.

A revoked token, or one of an inactive user, fails with 401 ``authentication_failed``; a token
past its ``expires_at`` (one shift after it was issued) with 401 ``token_expired``, so the
tablet knows to sign in again.
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone
from rest_framework import authentication, exceptions

from casino.core.context import device_token_identify
from casino.core.errors import AccessCode
from casino.core.roles import remember_role
from casino.core.rows import ModelRows
from casino.identity.models import DeviceToken, hash_token


@functools.cache
def _user_rows() -> ModelRows[Any]:
    return ModelRows(get_user_model(), "u")


@functools.cache
def _statement(extra_columns: str = "", extra_joins: str = "") -> str:
    """The token, its user and the user's role groups, in one statement: every request of a
    tablet runs it, so it is written once rather than compiled from a queryset each time.

    ``extra_columns`` (each after a comma) and ``extra_joins`` let an app above this layer read
    what it binds to the token in the same statement (``tables.authentication``)."""
    user = get_user_model()
    users = user._meta.db_table
    memberships = user.groups.through._meta.db_table  # type: ignore[attr-defined]
    groups = user._meta.get_field("groups").related_model._meta.db_table  # type: ignore[union-attr]
    tokens = DeviceToken._meta.db_table
    return f"""
        SELECT {_user_rows().select}, t.id, t.device_name, t.created_at, t.expires_at,
               coalesce(
                   (SELECT array_agg(g.name) FROM {memberships} m
                    JOIN {groups} g ON g.id = m.group_id WHERE m.user_id = u.id),
                   '{{}}'
               ){extra_columns}
        FROM {tokens} t JOIN {users} u ON u.id = t.user_id{extra_joins}
        WHERE t.key_digest = %s AND t.revoked_at IS NULL
    """


class TokenExpired(exceptions.AuthenticationFailed):
    """The device token was right but its shift is over."""

    default_detail = "This device token has expired: sign in again."
    default_code = AccessCode.TOKEN_EXPIRED.value


class DeviceTokenAuthentication(authentication.TokenAuthentication):
    """Authenticates a request by the digest of its device token; revoked and expired tokens
    fail."""

    keyword = "Token"
    #: What a subclass reads with the token, in the same statement (see :func:`_statement`);
    #: :meth:`bind` is given those columns.
    extra_columns = ""
    extra_joins = ""

    def bind(self, user: Any, token: DeviceToken, extra: tuple[Any, ...]) -> None:
        """Attach to ``user`` and ``token`` what ``extra_columns`` read, or refuse the token
        (raising ``AuthenticationFailed``). Nothing here: a plain token is bound to nothing."""

    def authenticate_credentials(self, key: str) -> tuple[Any, DeviceToken]:
        digest = hash_token(key)
        with connection.cursor() as cursor:
            cursor.execute(_statement(self.extra_columns, self.extra_joins), [digest])
            row = cursor.fetchone()
        if row is None:
            raise exceptions.AuthenticationFailed("Invalid or revoked device token.")
        rows = _user_rows()
        user = rows.instance(row)
        if not user.is_active:
            raise exceptions.AuthenticationFailed("Invalid or revoked device token.")
        token_id, device_name, created_at, expires_at, group_names = row[
            rows.width : rows.width + 5
        ]
        token = DeviceToken(
            pk=token_id,
            user=user,
            device_name=device_name,
            key_digest=digest,
            created_at=created_at,
            expires_at=expires_at,
        )
        token._state.adding = False
        self.bind(user, token, tuple(row[rows.width + 5 :]))
        if expires_at <= timezone.now():
            raise TokenExpired()
        remember_role(user, group_names)
        # What the request records (its round events) names the tablet it came from.
        device_token_identify(token_id)
        return user, token
