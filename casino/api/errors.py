"""The API's rendering of every refusal in the one error shape (``casino.core.errors``).

Every refusal renders as::

    {"error": {"code": "stale_event", "message": "...", "details": {...}}}

``code`` never changes once published; ``message`` is for people; ``details`` holds structured
data (the offending field, the expected event number, the card seen twice...). The status is
the code's, from the one table (``casino.core.errors.HTTP_STATUS``).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from casino.core.errors import AccessCode, ApiError, RequestCode, error_body, status_of
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
    """DRF exception handler that renders every error in the single shape above."""
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
        code, details = _validation_code(exc.detail)
        message = _VALIDATION_MESSAGES.get(code, "The request body is not valid.")
        response.data = error_body(code, message, {"fields": details})
        response.status_code = status_of(code)
        return response
    detail = str(exc.detail if isinstance(exc, exceptions.APIException) else exc)
    response.data = error_body(_drf_code(exc, detail, response.status_code), detail)
    return response


def _drf_code(exc: Exception, detail: str, status: int) -> str:
    """The vocabulary's code for one of DRF's own exceptions (any other a code of its status:
    a client never sees a code the schema does not list)."""
    if isinstance(exc, exceptions.PermissionDenied) and detail.startswith(_DRF_CSRF_PREFIX):
        return AccessCode.CSRF_FAILED.value
    for kind in type(exc).__mro__:
        if kind in _DRF_CODES:
            return _DRF_CODES[kind].value
    return (RequestCode.SERVER_ERROR if status >= 500 else RequestCode.INVALID_INPUT).value


def _validation_code(detail: Any) -> tuple[str, Any]:
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
