"""Routes of identity: a tablet's sign-in for a device token, the device tokens and sign-in
lockouts one manages, setting a PIN, and the own language. Thin views over
``casino.identity.sign_ins``, ``casino.identity.tokens``, ``casino.identity.lockouts``,
``casino.identity.pins`` and ``casino.identity.languages``."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.endpoints import list_view, post_view
from casino.api.idempotency import idempotent
from casino.api.schema import refusals
from casino.api.serializers import StrictSerializer
from casino.api.shortcuts import IDEMPOTENCY_HEADER, validated
from casino.api.throttles import SIGN_IN_THROTTLES
from casino.core.errors import AccessCode, RequestCode, TableCode, TabletCode
from casino.core.roles import role_label
from casino.identity.languages import language_choose, language_of, offered_languages
from casino.identity.lockouts import lockout_lift, lockout_list
from casino.identity.models import DeviceToken, SignInLockout
from casino.identity.pins import pin_set
from casino.identity.sign_ins import device_sign_in
from casino.identity.tokens import TokenStatus, device_token_revoke, token_list, token_status


class DeviceTokenInputSerializer(StrictSerializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, style={"input_type": "password"})
    device_name = serializers.CharField(max_length=100)


class DeviceTokenOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    token = serializers.CharField(help_text="Shown once; send as 'Authorization: Token <token>'.")
    device_name = serializers.CharField()
    role = serializers.CharField(allow_null=True)
    expires_at = serializers.DateTimeField(help_text="The end of the shift: sign in again then.")


class DeviceTokenApi(APIView):
    """Issue a token for one tablet: the user signs in once on the device, for one shift."""

    authentication_classes: list[type] = []
    permission_classes = [AllowAny]
    throttle_classes = list(SIGN_IN_THROTTLES)

    @extend_schema(
        request=DeviceTokenInputSerializer,
        responses={
            201: DeviceTokenOutputSerializer,
            **refusals(AccessCode.AUTHENTICATION_FAILED, AccessCode.SIGN_IN_LOCKED),
        },
    )
    def post(self, request: Request) -> Response:
        data = validated(DeviceTokenInputSerializer, request.data)
        key, token = device_sign_in(
            request=request,
            username=data["username"],
            password=data["password"],
            device_name=data["device_name"],
        )
        return Response(
            {
                "token": key,
                "device_name": token.device_name,
                "role": role_label(token.user) or None,
                "expires_at": token.expires_at,
            },
            status=status.HTTP_201_CREATED,
        )


class TokenFilterSerializer(StrictSerializer):
    user = serializers.CharField(max_length=150, required=False, help_text="One user's only.")
    status = serializers.ChoiceField(choices=[s.value for s in TokenStatus], required=False)
    limit = serializers.IntegerField(min_value=1, max_value=500, required=False, default=100)


class TokenOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """A device token as listed: never its key."""

    id = serializers.IntegerField()
    user = serializers.CharField(source="user.username")
    device_name = serializers.CharField()
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    revoked_at = serializers.DateTimeField(allow_null=True)
    revoked_by = serializers.CharField(source="revoked_by.username", allow_null=True)
    status = serializers.SerializerMethodField()
    current = serializers.SerializerMethodField(
        help_text="Whether this is the token the request was made with."
    )

    def get_status(self, token: DeviceToken) -> str:
        return token_status(token).value

    def get_current(self, token: DeviceToken) -> bool:
        return bool(token.pk == self.context.get("current_token_id"))


def _current_token_id(request: Request) -> int | None:
    auth = request.auth
    return int(auth.pk) if isinstance(auth, DeviceToken) else None


class TokenListApi(APIView):
    @extend_schema(
        parameters=[TokenFilterSerializer],
        responses={200: TokenOutputSerializer(many=True), **refusals(AccessCode.PERMISSION_DENIED)},
    )
    def get(self, request: Request) -> Response:
        """Device tokens, newest first: the user's own; a pit boss's also those of the dealers
        of the own pits; an admin's every one."""
        filters = validated(TokenFilterSerializer, request.query_params)
        tokens = token_list(
            actor=request.user,
            username=filters.get("user"),
            status=filters.get("status"),
            limit=filters["limit"],
        )
        context = {"current_token_id": _current_token_id(request)}
        return Response(TokenOutputSerializer(tokens, many=True, context=context).data)


def _revoke_token(request: Request, token_id: int) -> Response:
    token = device_token_revoke(token_id=token_id, actor=request.user)
    context = {"current_token_id": _current_token_id(request)}
    return Response(TokenOutputSerializer(token, context=context).data)


TokenRevokeApi = post_view(
    "TokenRevokeApi",
    """Revoke a device token (the user's own, or one they manage): it no longer
    authenticates. Revoking it again returns it as it is.""",
    body=None,
    output=TokenOutputSerializer,
    act=_revoke_token,
)


class LockoutOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    username = serializers.CharField()
    failures = serializers.IntegerField(help_text="Failed sign-ins in a row that locked it.")
    address = serializers.CharField(allow_null=True, help_text="Of the attempt that locked it.")
    locked_at = serializers.DateTimeField()
    lifted_at = serializers.DateTimeField(allow_null=True)
    lifted_by = serializers.CharField(source="lifted_by.username", allow_null=True)
    lift_reason = serializers.CharField()


class LockoutFilterSerializer(StrictSerializer):
    limit = serializers.IntegerField(min_value=1, max_value=500, required=False, default=100)


def _lockouts(user: Any, *, limit: int) -> list[SignInLockout]:
    return lockout_list(actor=user, limit=limit)


LockoutListApi = list_view(
    "LockoutListApi",
    """Active sign-in lockouts, newest first: a pit boss sees those of the dealers of the
    own pits, an admin every one.""",
    filters=LockoutFilterSerializer,
    read=_lockouts,
    output=LockoutOutputSerializer,
)


class LockoutLiftInputSerializer(StrictSerializer):
    reason = serializers.CharField(max_length=2000, help_text="Why it is lifted (audited).")


def _lift_lockout(request: Request, lockout_id: int) -> Response:
    data = validated(LockoutLiftInputSerializer, request.data)
    lockout = lockout_lift(lockout_id=lockout_id, actor=request.user, reason=data["reason"])
    return Response(LockoutOutputSerializer(lockout).data)


LockoutLiftApi = post_view(
    "LockoutLiftApi",
    """Lift a sign-in lockout: the name may sign in again, its failures counted afresh.
    A pit boss lifts those of the dealers of the own pits, an admin any; nobody their own.""",
    body=LockoutLiftInputSerializer,
    output=LockoutOutputSerializer,
    refused=(AccessCode.LOCKOUT_NOT_ACTIVE,),
    act=_lift_lockout,
)


class PinSetInputSerializer(StrictSerializer):
    pin = serializers.CharField(max_length=64, trim_whitespace=False, help_text="4 to 8 digits.")
    password = serializers.CharField(
        max_length=128,
        required=False,
        style={"input_type": "password"},
        help_text="The own password: needed to set the own PIN.",
    )
    user = serializers.IntegerField(
        required=False, help_text="Whose PIN (an admin's doing); the own by default."
    )


class PinSetOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    user = serializers.CharField(source="user.username")
    set_at = serializers.DateTimeField()
    set_by = serializers.CharField(
        source="set_by.username", allow_null=True, help_text="Nobody: set at the console."
    )


class PinSetApi(APIView):
    @extend_schema(
        request=PinSetInputSerializer,
        responses={
            200: PinSetOutputSerializer,
            **refusals(
                AccessCode.PERMISSION_DENIED,
                RequestCode.NOT_FOUND,
                TabletCode.PIN_INVALID,
                TabletCode.PASSWORD_WRONG,
                TableCode.NOT_A_DEALER,
            ),
        },
    )
    def post(self, request: Request) -> Response:
        """Set a PIN for signing in at a tablet (a dealer's, to deal; a pit boss's, to decide a
        request there): the own, with the own password, or (an admin) anyone's. Stored hashed;
        the answer never holds it. Not replayed by ``Idempotency-Key``, whose digest of the
        body would give a short PIN away (setting the same PIN again is harmless)."""
        data = validated(PinSetInputSerializer, request.data)
        record = pin_set(
            user_id=data.get("user", request.user.pk),
            pin=data["pin"],
            actor=request.user,
            password=data.get("password"),
        )
        return Response(PinSetOutputSerializer(record).data)


class LanguageInputSerializer(StrictSerializer):
    # No choices here: a code the pages are not written in is the service's refusal,
    # ``language_unknown``, which a client matches on (not the field's ``invalid_input``).
    language = serializers.CharField(
        allow_null=True,
        allow_blank=True,
        help_text="A code of `languages` (en, ru, es); null: the browser's language again.",
    )


class LanguageOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    language = serializers.CharField(
        allow_null=True,
        help_text="The language chosen, in force; null: none, the browser's is read.",
    )
    languages = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField(), min_length=2, max_length=2),
        help_text="The languages offered, each [code, name in its own words].",
    )


def _language_answer(language: str | None) -> Response:
    body = {"language": language, "languages": [list(pair) for pair in offered_languages()]}
    return Response(LanguageOutputSerializer(body).data)


class LanguageApi(APIView):
    """The signed-in user's own language: the one every page, and the tablet at the user's
    PIN sign-in, reads in (docs/i18n.md). With the browser's session or a device token,
    the token of a dealer signed in at a tablet included (the tablet keeps the language the
    dealer tapped on its PIN pad here)."""

    @extend_schema(responses={200: LanguageOutputSerializer})
    def get(self, request: Request) -> Response:
        """The language in force for the signed-in user (null: none chosen, the browser's
        is read), and the languages offered."""
        return _language_answer(language_of(request.user))

    @extend_schema(
        request=LanguageInputSerializer,
        responses={200: LanguageOutputSerializer, **refusals(TabletCode.LANGUAGE_UNKNOWN)},
        parameters=[IDEMPOTENCY_HEADER],
    )
    @idempotent
    def put(self, request: Request) -> Response:
        """Choose the own language from now on (null: the browser's again). Each choice is
        kept as a new row of its history, never an edit, and audited
        (``auth.language_set``); a code not offered is 400 ``language_unknown`` and writes
        nothing."""
        data = validated(LanguageInputSerializer, request.data)
        choice = language_choose(user=request.user, language=data["language"], actor=request.user)
        return _language_answer(choice.language or None)
