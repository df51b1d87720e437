"""One error shape for the whole API, with stable machine-readable codes.

Every refusal renders as::

    {"error": {"code": "stale_event", "message": "...", "details": {...}}}

``code`` never changes once published; ``message`` is for people; ``details`` holds structured
data (the offending field, the expected event number, the card seen twice...).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from casino.games.errors import GameError

# Codes of the API layer. Engine codes (casino.games) pass through unchanged.
INVALID_INPUT = "invalid_input"
UNKNOWN_FIELD = "unknown_field"
NOT_AUTHENTICATED = "not_authenticated"
AUTHENTICATION_FAILED = "authentication_failed"
PERMISSION_DENIED = "permission_denied"
NOT_FOUND = "not_found"
METHOD_NOT_ALLOWED = "method_not_allowed"
STALE_EVENT = "stale_event"
IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
IDEMPOTENCY_KEY_INVALID = "idempotency_key_invalid"
CONFLICT = "conflict"
UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
PARSE_ERROR = "parse_error"
THROTTLED = "throttled"

ACTION_UNKNOWN = "action_unknown"
CARD_UNKNOWN = "card_unknown"

_VALIDATION_MESSAGES = {
    UNKNOWN_FIELD: "The request has a field this endpoint does not take.",
    ACTION_UNKNOWN: "This table's game has no such action.",
    CARD_UNKNOWN: "Not a card.",
}

#: Engine codes that describe a conflict with what is already recorded rather than bad input.
_CONFLICT_GAME_CODES = frozenset({"card_duplicate"})


class ApiError(Exception):
    """A refusal raised by a service or view: an HTTP status, a stable code, structured details."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        status_code: int = status.HTTP_400_BAD_REQUEST,
        **details: Any,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status_code = status_code
        self.details = details


def error_body(code: str, message: str, details: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "details": details or {}}}


def game_error_status(error: GameError) -> int:
    """The HTTP status of an engine refusal: 409 when it conflicts with the record, else 422."""
    if error.code in _CONFLICT_GAME_CODES:
        return status.HTTP_409_CONFLICT
    return status.HTTP_422_UNPROCESSABLE_ENTITY


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF exception handler that renders every error in the single shape above."""
    if isinstance(exc, ApiError):
        return Response(error_body(exc.code, exc.message, exc.details), status=exc.status_code)
    if isinstance(exc, GameError):
        return Response(
            error_body(exc.code, exc.message, _json_safe(exc.data)), status=game_error_status(exc)
        )
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
        return response
    code = {
        exceptions.NotAuthenticated: NOT_AUTHENTICATED,
        exceptions.AuthenticationFailed: AUTHENTICATION_FAILED,
        exceptions.PermissionDenied: PERMISSION_DENIED,
        exceptions.NotFound: NOT_FOUND,
        exceptions.MethodNotAllowed: METHOD_NOT_ALLOWED,
        exceptions.UnsupportedMediaType: UNSUPPORTED_MEDIA_TYPE,
        exceptions.ParseError: PARSE_ERROR,
        exceptions.Throttled: THROTTLED,
    }.get(type(exc), str(getattr(exc, "default_code", "error")))
    detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
    response.data = error_body(code, str(detail))
    return response


#: Field-level codes specific enough to be the error's own code when they are the only problem.
_PROMOTED_FIELD_CODES = frozenset({UNKNOWN_FIELD, ACTION_UNKNOWN, CARD_UNKNOWN})


def _validation_code(detail: Any) -> tuple[str, Any]:
    """Field errors as ``{field: [{"code", "message"}]}``.

    The error's code is ``invalid_input``, unless every field error has one and the same specific
    code (``unknown_field``, ``action_unknown``, ``card_unknown``), which then becomes the code.
    """
    details = _codes(detail)
    codes = set(_leaf_codes(details))
    if len(codes) == 1 and codes <= _PROMOTED_FIELD_CODES:
        return codes.pop(), details
    return INVALID_INPUT, details


def _codes(detail: Any) -> Any:
    if isinstance(detail, dict):
        return {key: _codes(value) for key, value in detail.items()}
    if isinstance(detail, list):
        return [_codes(item) for item in detail]
    return {"code": getattr(detail, "code", "invalid"), "message": str(detail)}


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
