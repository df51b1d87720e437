"""The API's rendering of every refusal in the one error shape (``casino.core.errors``).

Every refusal renders as::

    {"error": {"code": "stale_event", "message": "...", "details": {...}}}

``code`` never changes once published; ``message`` is for people, in the language the request
asks for (``Accept-Language``; docs/i18n.md); ``details`` holds structured data (the offending
field, the expected event number, the card seen twice...). The status is the code's, from the
one table (``casino.core.errors.HTTP_STATUS``).
"""

from __future__ import annotations

from typing import Any

import kombu.exceptions
import redis.exceptions
from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation.trans_real import parse_accept_lang_header
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from casino.core.error_messages import message_in
from casino.core.errors import (
    HTTP_STATUS,
    AccessCode,
    ApiError,
    RequestCode,
    ServiceCode,
    error_body,
    status_of,
)
from casino.games.codes import GameCode
from casino.games.errors import GameError

_VALIDATION_MESSAGES = {
    RequestCode.UNKNOWN_FIELD: "The request has a field this endpoint does not take.",
    RequestCode.ACTION_UNKNOWN: "This table's game has no such action.",
    GameCode.CARD_UNKNOWN: "Not a card.",
}

#: Field-level codes specific enough to be the error's own code when they are the only problem.
_PROMOTED_FIELD_CODES = frozenset(str(code) for code in _VALIDATION_MESSAGES)

#: DRF's own exceptions, by the code of the vocabulary they stand for.
_DRF_CODES = {
    exceptions.NotAuthenticated: AccessCode.NOT_AUTHENTICATED,
    exceptions.AuthenticationFailed: AccessCode.AUTHENTICATION_FAILED,
    exceptions.PermissionDenied: AccessCode.PERMISSION_DENIED,
    exceptions.NotFound: RequestCode.NOT_FOUND,
    exceptions.MethodNotAllowed: RequestCode.METHOD_NOT_ALLOWED,
    exceptions.NotAcceptable: RequestCode.NOT_ACCEPTABLE,
    exceptions.UnsupportedMediaType: RequestCode.UNSUPPORTED_MEDIA_TYPE,
    exceptions.ParseError: RequestCode.PARSE_ERROR,
    exceptions.Throttled: RequestCode.THROTTLED,
}

#: How DRF's session authentication words a failed CSRF check (``enforce_csrf``): a 403 of its
#: own, which the vocabulary names apart from a role's refusal.
_DRF_CSRF_PREFIX = "CSRF Failed:"


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF exception handler that renders every error in the single shape above, its message in
    the request's language (:func:`request_language`); the code, the status and the details are
    the same in every language, and the English message is the one written where the refusal
    was raised."""
    response = _render(exc, context)
    if response is not None and isinstance(response.data, dict) and "error" in response.data:
        error = response.data["error"]
        language = request_language(context.get("request"))
        error["message"] = message_in(language, error["code"], error["details"], error["message"])
        # The same URL answers other words to another Accept-Language: no cache may mix them.
        patch_vary_headers(response, ("Accept-Language",))
    return response


def request_language(request: HttpRequest | Request | None) -> str:
    """The language of ``settings.LANGUAGES`` the request's ``Accept-Language`` prefers first
    (a regional variant reads as its language: ``es-AR`` is ``es``), else English. Neither a
    cookie nor the URL chooses it: an API client says what it reads in each request."""
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "") if request is not None else ""
    for accepted, _ in parse_accept_lang_header(header):
        if accepted == "*":
            break
        try:
            return translation.get_supported_language_variant(accepted)
        except LookupError:
            continue
    return str(settings.LANGUAGE_CODE)


def _render(exc: Exception, context: dict[str, Any]) -> Response | None:
    unavailable = unavailable_response(exc)
    if unavailable is not None:
        return unavailable
    if isinstance(exc, ApiError):
        return Response(error_body(exc.code, exc.message, exc.details), status=exc.status_code)
    if isinstance(exc, GameError):
        return Response(
            error_body(exc.code, exc.message, _json_safe(exc.data)), status=status_of(exc.code)
        )
    if isinstance(exc, RequestDataTooBig):
        # Django files an oversized body as a suspicious request (400); it is 413.
        code = RequestCode.REQUEST_TOO_LARGE
        return Response(error_body(code, "The request body is too large."), status=status_of(code))
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()

    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        code, details = validation_code(exc.detail)
        message = _VALIDATION_MESSAGES.get(code, "The request body is not valid.")
        response.data = error_body(code, message, {"fields": details})
        response.status_code = status_of(code)
        return response
    detail = str(exc.detail if isinstance(exc, exceptions.APIException) else exc)
    response.data = error_body(_drf_code(exc, detail, response.status_code), detail)
    return response


#: SQLSTATE classes of a server that is gone rather than of a statement that failed: connection
#: exceptions (08) and operator intervention (57P01 admin shutdown, 57P02 crash shutdown,
#: 57P03 cannot connect now, 57P04 database dropped; not 57014, a cancelled statement).
_UNREACHABLE_SQLSTATES = ("08", "57P0")

#: Seconds a client is told to wait before sending the request again.
RETRY_AFTER_S = 5


def unavailable_response(exc: Exception) -> Response | None:
    """503 ``database_unavailable`` when PostgreSQL cannot be reached, 503 ``broker_unavailable``
    when Redis cannot; ``None`` for any other exception.

    The request's transaction is marked for rollback (nothing it did is kept), and Django closes
    the broken connection when the request ends, so the next request connects afresh
    (``CONN_HEALTH_CHECKS``). A deadlock, a serialisation failure or a cancelled statement is not
    an unreachable server and is left to the caller.
    """
    if _database_unreachable(exc):
        code, message = ServiceCode.DATABASE_UNAVAILABLE, "The database is unavailable."
    elif isinstance(
        exc,
        (
            kombu.exceptions.OperationalError,
            redis.exceptions.ConnectionError,
            redis.exceptions.TimeoutError,
        ),
    ):
        code, message = ServiceCode.BROKER_UNAVAILABLE, "Redis is unavailable."
    else:
        return None
    set_rollback()
    return Response(
        error_body(code, f"{message} Nothing was done; try again shortly."),
        status=status_of(code),
        headers={"Retry-After": str(RETRY_AFTER_S)},
    )


def _database_unreachable(exc: Exception) -> bool:
    if isinstance(exc, InterfaceError):
        return True
    if not isinstance(exc, OperationalError):
        return False
    # Django wraps the driver's error; a failed connection has no SQLSTATE at all.
    sqlstate = getattr(exc.__cause__, "sqlstate", None)
    return sqlstate is None or sqlstate.startswith(_UNREACHABLE_SQLSTATES)


def _drf_code(exc: Exception, detail: str, status: int) -> str:
    """The vocabulary's code for one of DRF's own exceptions (any other a code of its status:
    a client never sees a code the schema does not list)."""
    if isinstance(exc, exceptions.PermissionDenied) and detail.startswith(_DRF_CSRF_PREFIX):
        return AccessCode.CSRF_FAILED.value
    # A refusal of the project's own, raised as a DRF exception so that DRF answers it (an
    # expired token is an ``AuthenticationFailed`` with its own ``default_code``).
    own = getattr(exc, "default_code", None)
    if own in HTTP_STATUS:
        return str(own)
    for kind in type(exc).__mro__:
        if kind in _DRF_CODES:
            return _DRF_CODES[kind].value
    return (RequestCode.SERVER_ERROR if status >= 500 else RequestCode.INVALID_INPUT).value


def validation_code(detail: Any) -> tuple[str, Any]:
    """Field errors as ``{field: [{"code", "message"}]}``.

    The error's code is ``invalid_input``, unless every field error has one and the same specific
    code (``unknown_field``, ``action_unknown``, ``card_unknown``), which then becomes the code.
    """
    details = _codes(detail)
    codes = set(_leaf_codes(details))
    if len(codes) == 1 and codes <= _PROMOTED_FIELD_CODES:
        return codes.pop(), details
    return RequestCode.INVALID_INPUT.value, details


def _codes(detail: Any) -> Any:
    if isinstance(detail, dict):
        return {key: _codes(value) for key, value in detail.items()}
    if isinstance(detail, list):
        return [_codes(item) for item in detail]
    return {"code": str(getattr(detail, "code", "invalid")), "message": str(detail)}


def _leaf_codes(details: Any) -> list[str]:
    if isinstance(details, dict) and set(details) == {"code", "message"}:
        return [details["code"]]
    values = details.values() if isinstance(details, dict) else details
    return [code for value in values for code in _leaf_codes(value)]


def _json_safe(data: dict[str, Any]) -> dict[str, Any]:
    return {
        key: value if isinstance(value, (int, float, bool, type(None))) else str(value)
        for key, value in data.items()
    }
