"""Endpoints of the API machinery: the API's root and health. (Sign-in, device tokens and
lockouts are identity's routes, ``casino.identity.api``.)"""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.http import HttpRequest, JsonResponse
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from casino.api.health import dependency_checks


class ApiRootApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(exclude=True)
    def get(self, request: Request) -> Response:
        names = ["table-list", "me", "device-token", "token-list", "schema", "docs"]
        return Response({name: reverse(name, request=request) for name in names})


def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database and Redis both answer, else 503 naming what failed.

    Each check is bounded by its server's timeouts (``DATABASE_CONNECT_TIMEOUT``,
    ``REDIS_TIMEOUT``), so a server that is gone or paused makes the answer a quick 503 naming
    it under ``down``, never a hang; a broken database connection is dropped, so the next probe
    connects afresh and sees the server back as soon as it is.
    """
    checks = dependency_checks()
    down = [name for name, value in checks.items() if value != "ok"]
    if "database" in down:
        connection.close_if_unusable_or_obsolete()
    body: dict[str, Any] = {"status": "unavailable" if down else "ok", "checks": checks}
    if down:
        body["down"] = down
    return JsonResponse(body, status=503 if down else 200)
