"""The tablets API: registering a tablet to a table and revoking it (by who manages the table),
what a tablet shows of its table, and the dealers' PIN sign-in at it. Thin views over
``tables.services.tablets``. (Setting a PIN is identity's route, ``casino.identity.api``.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from casino.api.endpoints import post_view
from casino.api.schema import NOT_BLANK, refusals
from casino.api.serializers import StrictSerializer
from casino.api.shortcuts import found, validated
from casino.core.errors import AccessCode, QualificationCode, TableCode, TabletCode
from casino.core.roles import role_label
from casino.identity.languages import language_of
from tables import reads
from tables.authentication import TabletCredentialAuthentication
from tables.models import Table, Tablet
from tables.services import tablets as tablet_services
from tables.tablet_selectors import tablet_here
from tables.throttles import TABLET_SIGN_IN_THROTTLES


class IsTablet(BasePermission):
    """The request is made with a tablet's credential (``Authorization: Tablet <credential>``);
    a user's token or session is refused with 403."""

    def has_permission(self, request: Request, view: Any) -> bool:
        return isinstance(request.auth, Tablet)


#: The tablet's own routes read its credential; a user's credentials are read too, so that a
#: user who is not a tablet is refused with 403 rather than asked to sign in.
TABLET_AUTHENTICATION = [
    TabletCredentialAuthentication,
    *api_settings.DEFAULT_AUTHENTICATION_CLASSES,
]


class TabletOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """A tablet as listed: never its credential."""

    id = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id")
    name = serializers.CharField()
    registered_at = serializers.DateTimeField()
    registered_by = serializers.CharField(source="registered_by.username")
    revoked_at = serializers.DateTimeField(allow_null=True)
    revoked_by = serializers.CharField(source="revoked_by.username", allow_null=True)
    revoke_reason = serializers.CharField()


class TabletRegisteredSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    table = serializers.IntegerField()
    name = serializers.CharField()
    registered_at = serializers.DateTimeField()
    credential = serializers.CharField(
        help_text="Shown once; the tablet sends it as 'Authorization: Tablet <credential>'."
    )


class TabletRegisterInputSerializer(StrictSerializer):
    name = serializers.CharField(max_length=100, help_text="Which tablet it is, for people.")


class TableTabletsApi(APIView):
    @extend_schema(
        responses={200: TabletOutputSerializer(many=True), **refusals(AccessCode.PERMISSION_DENIED)}
    )
    def get(self, request: Request, table_id: int) -> Response:
        """The tablets registered to the table, revoked ones too (never their credentials):
        for who manages the table, and auditors."""
        with found():
            tablets = reads.table_tablets(request.user, table_id)
        return Response(TabletOutputSerializer(tablets, many=True).data)

    @extend_schema(
        request=TabletRegisterInputSerializer,
        responses={201: TabletRegisteredSerializer, **refusals(AccessCode.PERMISSION_DENIED)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        """Register a tablet to the table (a pit boss of its pit, or an admin): its credential
        is answered once. Not replayed by ``Idempotency-Key``, which would keep the credential:
        a tablet registered twice is revoked."""
        table = get_object_or_404(Table, pk=table_id)
        data = validated(TabletRegisterInputSerializer, request.data)
        credential, tablet = tablet_services.tablet_register(
            table_id=table.pk, actor=request.user, name=data["name"]
        )
        body = {
            "id": tablet.pk,
            "table": tablet.table_id,
            "name": tablet.name,
            "registered_at": tablet.registered_at,
            "credential": credential,
        }
        return Response(TabletRegisteredSerializer(body).data, status=status.HTTP_201_CREATED)


class TabletRevokeInputSerializer(StrictSerializer):
    reason = serializers.RegexField(
        NOT_BLANK, max_length=2000, help_text="Why it is revoked (audited)."
    )


def _revoke_tablet(request: Request, tablet_id: int) -> Response:
    tablet = get_object_or_404(Tablet, pk=tablet_id)
    data = validated(TabletRevokeInputSerializer, request.data)
    tablet = tablet_services.tablet_revoke(
        tablet_id=tablet.pk, actor=request.user, reason=data["reason"]
    )
    return Response(TabletOutputSerializer(tablet).data)


TabletRevokeApi = post_view(
    "TabletRevokeApi",
    "Revoke a tablet: its credential and every token issued at it stop authenticating.",
    body=TabletRevokeInputSerializer,
    output=TabletOutputSerializer,
    refused=(TabletCode.TABLET_ALREADY_REVOKED,),
    act=_revoke_tablet,
)


class TabletTableSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    name = serializers.CharField(source="code")
    pit = serializers.CharField(source="pit.name")
    pit_id = serializers.IntegerField(
        help_text="The pit's id: the tablet follows its table's changes on the pit's stream "
        "(GET /api/v1/pits/{id}/events/, with the dealer's token)."
    )
    casino = serializers.CharField(source="pit.casino.name")
    game = serializers.CharField()
    language = serializers.CharField(
        help_text="The language the tablet is read in before a dealer signs in with their own "
        "(one of the languages offered); empty: the browser's."
    )


class TabletDealerSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.SerializerMethodField(help_text="The full name, else the username.")

    def get_name(self, user: Any) -> str:
        return str(user.get_full_name() or user.get_username())


class TabletCurrentSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField(source="tablet.pk")
    name = serializers.CharField(source="tablet.name")
    table = TabletTableSerializer()
    dealer = TabletDealerSerializer(allow_null=True, help_text="Who deals at the table now.")
    dealers = TabletDealerSerializer(
        many=True,
        help_text="Who may sign in here as its dealer (active dealers holding a PIN), by user "
        "name: the sign-in screen offers each as one tap.",
    )
    open_round = serializers.IntegerField(
        allow_null=True, help_text="The round in play: a tablet that restarted resumes it."
    )
    unpaid_round = serializers.IntegerField(
        allow_null=True,
        help_text="The last round while it is settled and its payouts are not confirmed "
        "(POST /api/v1/rounds/{id}/paid/): the tablet shows its settlement until then.",
    )


class TabletCurrentApi(APIView):
    authentication_classes = TABLET_AUTHENTICATION
    permission_classes = [IsTablet]

    @extend_schema(
        responses={
            200: TabletCurrentSerializer,
            **refusals(AccessCode.PERMISSION_DENIED, TabletCode.TABLET_REVOKED),
        }
    )
    def get(self, request: Request) -> Response:
        """The tablet of the credential: which table it is bound to, who deals there, and the
        round in play."""
        return Response(TabletCurrentSerializer(tablet_here(request.auth)).data)


class TabletSignInInputSerializer(StrictSerializer):
    table = serializers.IntegerField(help_text="The table the tablet shows: it must be its own.")
    username = serializers.CharField(max_length=150)
    pin = serializers.CharField(
        max_length=8, trim_whitespace=False, style={"input_type": "password"}
    )


class SignedInUserSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    role = serializers.CharField(allow_null=True)


class TabletSignInOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    token = serializers.CharField(
        help_text="Shown once; send as 'Authorization: Token <token>'. It acts at this table only."
    )
    token_id = serializers.IntegerField(
        help_text="The token's id: signing out revokes it (POST /api/v1/auth/tokens/{id}/revoke/)."
    )
    expires_at = serializers.DateTimeField(help_text="The end of the shift: sign in again then.")
    user = SignedInUserSerializer()
    table = serializers.IntegerField()
    tablet = serializers.IntegerField()
    language = serializers.CharField(
        allow_null=True,
        help_text="The dealer's own language (PUT /api/v1/auth/language/), which the tablet "
        "reads in unless the dealer tapped another on the PIN pad; null: none chosen.",
    )
    assignment = serializers.IntegerField(help_text="The dealer's assignment at the table.")


def _signed_in_user(user: Any) -> dict[str, Any]:
    """Who signed in at the tablet, as ``SignedInUserSerializer`` states it."""
    return {
        "id": user.pk,
        "username": user.get_username(),
        "name": user.get_full_name() or user.get_username(),
        "role": role_label(user) or None,
    }


def _signed_in(key: str, token: Any, tablet: Any) -> dict[str, Any]:
    """What every PIN sign-in at a tablet answers: the token (its key shown once), who signed
    in, where, and the language they chose to read in (``casino.identity.languages``)."""
    return {
        "token": key,
        "token_id": token.pk,
        "expires_at": token.expires_at,
        "user": _signed_in_user(token.user),
        "table": tablet.table_id,
        "tablet": tablet.pk,
        "language": language_of(token.user),
    }


#: What every PIN sign-in at a tablet may be refused with.
_PIN_SIGN_IN_REFUSALS = (
    AccessCode.PERMISSION_DENIED,
    AccessCode.SIGN_IN_LOCKED,
    TabletCode.TABLET_REVOKED,
    TabletCode.TABLET_OTHER_TABLE,
    TabletCode.PIN_WRONG,
)


class _PinSignInApi(APIView):
    """A PIN sign-in at the tablet the request is made by, under the tablet's sign-in
    throttles."""

    authentication_classes = TABLET_AUTHENTICATION
    permission_classes = [IsTablet]
    throttle_classes = list(TABLET_SIGN_IN_THROTTLES)

    def signed_in(self, request: Request, sign_in: Callable[..., Any]) -> Any:
        """What ``sign_in`` (a sign-in of ``tables.services.tablets``) answers for the name,
        PIN and table of the request's body, at the request's tablet."""
        data = validated(TabletSignInInputSerializer, request.data)
        attempt = tablet_services.PinAttempt(
            request=request,
            tablet=request.auth,
            table_id=data["table"],
            username=data["username"],
            pin=data["pin"],
        )
        return sign_in(attempt)


class TabletSignInApi(_PinSignInApi):
    """A dealer signs in at the tablet with a PIN, at each rotation: the dealer deals at the
    tablet's table from now on (the previous dealer relieved, and signed out at this tablet)."""

    @extend_schema(
        request=TabletSignInInputSerializer,
        responses={
            201: TabletSignInOutputSerializer,
            **refusals(
                *_PIN_SIGN_IN_REFUSALS,
                TabletCode.DEALER_ASSIGNED_ELSEWHERE,
                TableCode.DEALER_ASSIGNMENT_CHANGED,
                QualificationCode.DEALER_NOT_QUALIFIED,
            ),
        },
    )
    def post(self, request: Request) -> Response:
        """A wrong PIN is 401 ``pin_wrong`` with ``details.tries_left`` (before the name's
        lockout), ``details.lockout_after`` (the failures in a row that lock it) and
        ``details.locked`` (this failure locked it)."""
        key, token, assignment = self.signed_in(request, tablet_services.tablet_sign_in)
        body = {**_signed_in(key, token, request.auth), "assignment": assignment.pk}
        return Response(TabletSignInOutputSerializer(body).data, status=status.HTTP_201_CREATED)


class DecisionSignInOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    token = serializers.CharField(
        help_text="Shown once; send as 'Authorization: Token <token>' to approve or reject one "
        "retraction or correction (a void) of this table: it acts on those routes alone, "
        "and the first decision spends it."
    )
    token_id = serializers.IntegerField()
    expires_at = serializers.DateTimeField(help_text="A couple of minutes from now.")
    user = SignedInUserSerializer()
    table = serializers.IntegerField()
    tablet = serializers.IntegerField()
    language = serializers.CharField(
        allow_null=True, help_text="The pit boss's own language; null: none chosen."
    )


class TabletDecisionSignInApi(_PinSignInApi):
    """A pit boss signs in at the tablet with a PIN to decide one request of its table there
    (a retraction, a void): the dealer stays signed in and assigned."""

    @extend_schema(
        request=TabletSignInInputSerializer,
        responses={201: DecisionSignInOutputSerializer, **refusals(*_PIN_SIGN_IN_REFUSALS)},
    )
    def post(self, request: Request) -> Response:
        """A wrong PIN is 401 ``pin_wrong`` with ``details.tries_left`` (before the name's
        lockout), ``details.lockout_after`` and ``details.locked``, as at a dealer's sign-in."""
        key, token = self.signed_in(request, tablet_services.decision_sign_in)
        body = _signed_in(key, token, request.auth)
        return Response(DecisionSignInOutputSerializer(body).data, status=status.HTTP_201_CREATED)
