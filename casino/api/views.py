"""Endpoints of the API machinery: device tokens, the API's root, health."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from django.core.cache import cache
from django.db import connection, transaction
from django.http import HttpRequest, JsonResponse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from casino.api.models import DeviceToken, hash_token
from casino.api.schema import refusals
from casino.api.serializers import StrictSerializer
from casino.core.audit_codes import AuditCode
from casino.core.errors import AccessCode, ApiError
from casino.core.roles import user_role
from casino.core.trail.recording import audit_record


class DeviceTokenInputSerializer(StrictSerializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, style={"input_type": "password"})
    device_name = serializers.CharField(max_length=100)


class DeviceTokenOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    token = serializers.CharField(help_text="Shown once; send as 'Authorization: Token <token>'.")
    device_name = serializers.CharField()
    role = serializers.CharField(allow_null=True)


class DeviceTokenApi(APIView):
    """Issue a token for one tablet: the user signs in once on the device."""

    authentication_classes: list[type] = []
    permission_classes = [AllowAny]

    @extend_schema(
        request=DeviceTokenInputSerializer,
        responses={
            201: DeviceTokenOutputSerializer,
            **refusals(AccessCode.AUTHENTICATION_FAILED),
        },
    )
    def post(self, request: Request) -> Response:
        serializer = DeviceTokenInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        user = authenticate(request._request, username=data["username"], password=data["password"])
        if user is None:
            # The failed attempt is evidence too: recorded, then refused.
            with transaction.atomic():
                audit_record(
                    event_code=AuditCode.LOGIN_FAILED,
                    actor=None,
                    actor_label=data["username"],
                    after={"device_name": data["device_name"]},
                )
            raise ApiError(AccessCode.AUTHENTICATION_FAILED, "Wrong username or password.")
        key = DeviceToken.new_key()
        with transaction.atomic():
            DeviceToken.objects.create(
                user=user, device_name=data["device_name"], key_digest=hash_token(key)
            )
            audit_record(
                event_code=AuditCode.DEVICE_TOKEN_ISSUED,
                actor=user,
                after={"device_name": data["device_name"]},
            )
        role = user_role(user)
        return Response(
            {
                "token": key,
                "device_name": data["device_name"],
                "role": role.value if role else None,
            },
            status=status.HTTP_201_CREATED,
        )


class ApiRootApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(exclude=True)
    def get(self, request: Request) -> Response:
        names = ["table-list", "me", "device-token", "schema", "docs"]
        return Response({name: reverse(name, request=request) for name in names})


def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database and Redis both answer, else 503 naming what failed."""
    checks: dict[str, Any] = {}
    for name, probe in (("database", _database_ok), ("redis", _redis_ok)):
        try:
            probe()
            checks[name] = "ok"
        except Exception as exc:  # any failure of a dependency is a failed check, by design
            checks[name] = f"error: {type(exc).__name__}"
    healthy = all(value == "ok" for value in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "unavailable", "checks": checks},
        status=200 if healthy else 503,
    )


def _database_ok() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _redis_ok() -> None:
    cache.set("healthz", "1", timeout=5)
    if cache.get("healthz") != "1":
        raise RuntimeError("redis did not return what was written")
