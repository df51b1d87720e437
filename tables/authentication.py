"""Authentication of tablets bound to tables.

- ``Authorization: Tablet <credential>`` identifies a registered tablet, not a user
  (:class:`TabletCredentialAuthentication`): the request's ``auth`` is the :class:`Tablet`, its
  user anonymous. Only the tablet's own routes (which table it is, the dealers' PIN sign-in)
  accept it. An unknown credential is 401 ``authentication_failed``, a revoked tablet's 401
  ``tablet_revoked``.
- ``Authorization: Token <key>`` is identity's device token
  (``casino.identity.authentication``), read here with the tablet it was issued at, if any, in the
  same statement (:class:`TabletBoundTokenAuthentication`): such a token acts at that tablet's
  table alone (``user.tablet_table_id``, which ``tables.rules`` honours), and not at all once
  the tablet is revoked.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.plumbing import build_bearer_security_scheme_object
from rest_framework import authentication, exceptions

from casino.core.errors import TabletCode
from casino.identity.authentication import DeviceTokenAuthentication
from casino.identity.models import DeviceToken, hash_token
from tables.models import Tablet, TabletSession


class TabletRevoked(exceptions.AuthenticationFailed):
    """The tablet was revoked: its credential and the tokens issued at it no longer hold."""

    default_detail = "This tablet was revoked: ask the pit boss to register it again."
    default_code = TabletCode.TABLET_REVOKED.value


class TabletCredentialAuthentication(authentication.TokenAuthentication):
    """Authenticates a tablet by the digest of its credential; a revoked one fails."""

    keyword = "Tablet"

    def authenticate_credentials(self, key: str) -> tuple[Any, Tablet]:
        tablet = (
            Tablet.objects.select_related("table__pit__casino")
            .filter(credential_digest=hash_token(key))
            .first()
        )
        if tablet is None:
            raise exceptions.AuthenticationFailed("Invalid tablet credential.")
        if tablet.revoked_at is not None:
            raise TabletRevoked()
        return AnonymousUser(), tablet


_SESSIONS = TabletSession._meta.db_table
_TABLETS = Tablet._meta.db_table


#: What a pit boss's decision sign-in at a tablet may do: decide a retraction or a correction
#: (a void), by the routes' names, and nothing else.
DECISION_ROUTES = frozenset(
    {
        "retraction-approve",
        "retraction-reject",
        "audit-correction-approve",
        "audit-correction-reject",
    }
)


class TabletBoundTokenAuthentication(DeviceTokenAuthentication):
    """The device token, and the tablet it was issued at, in the token's one statement (so a
    dealer action costs no statement more): a token of a revoked tablet fails with 401
    ``tablet_revoked``; one of a tablet in service acts at the tablet's table alone. A pit
    boss's decision sign-in at a tablet (``tables.services.tablets.decision_sign_in``) is
    refused (403 ``permission_denied``) on any route but :data:`DECISION_ROUTES`."""

    extra_columns = ", tb.id, tb.table_id, tb.revoked_at, ts.decision"
    extra_joins = f"""
        LEFT JOIN {_SESSIONS} ts ON ts.token_id = t.id
        LEFT JOIN {_TABLETS} tb ON tb.id = ts.tablet_id"""

    def authenticate(self, request: Any) -> tuple[Any, Any] | None:
        found = super().authenticate(request)
        if found is not None and getattr(found[0], "tablet_decision", False):
            match = getattr(request._request, "resolver_match", None)
            if match is None or match.url_name not in DECISION_ROUTES:
                raise exceptions.PermissionDenied(
                    "A pit boss's sign-in at a tablet decides a request, and nothing else."
                )
        return found

    def bind(self, user: Any, token: DeviceToken, extra: tuple[Any, ...]) -> None:
        tablet_id, table_id, revoked_at, decision = extra
        if tablet_id is not None and revoked_at is not None:
            raise TabletRevoked()
        token.tablet_id = tablet_id  # type: ignore[attr-defined]
        user.tablet_table_id = table_id
        user.tablet_decision = bool(decision)


class TabletCredentialScheme(OpenApiAuthenticationExtension):
    """The tablet's credential in the schema, apart from the device token it is not: both read
    ``Authorization`` with their own prefix, so each has its own security scheme."""

    target_class = TabletCredentialAuthentication
    name = "tabletCredential"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return build_bearer_security_scheme_object(  # type: ignore[no-any-return]
            header_name="Authorization", token_prefix=TabletCredentialAuthentication.keyword
        )
