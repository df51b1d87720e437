"""Errors that Django answers, outside any API view, in the API's one error shape.

DRF renders the refusals of its views (``casino.api.errors``); everything else Django answers
itself: a URL that matches nothing (404), a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (413), a
request Django finds suspicious (400), a permission refused by a plain Django view (403), a
failed CSRF check (403), an unhandled exception (500), and the responses plain views build
themselves (a 405 from a view that takes only some methods). The handlers here
(``handler400`` ... ``handler500`` in ``casino.urls``, ``CSRF_FAILURE_VIEW``) and
:class:`ErrorShapeMiddleware` give all of them the shape every client already reads::

    {"error": {"code": "not_found", "message": "...", "details": {}}}

No handler repeats what the exception says: Django's messages may name paths, settings or
internals, and a 500 says only that the server failed and under which request id (the
traceback goes to the server's log, as Django logs every unhandled exception).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import patch_vary_headers

from casino.api.errors import request_language
from casino.core.context import current_request_id
from casino.core.error_messages import message_in
from casino.core.errors import AccessCode, RequestCode, error_body, status_of

_MESSAGES = {
    RequestCode.BAD_REQUEST: "The request was refused before it reached the API.",
    RequestCode.REQUEST_TOO_LARGE: "The request body is too large.",
    RequestCode.NOT_FOUND: "Not found.",
    RequestCode.METHOD_NOT_ALLOWED: "This method is not allowed here.",
    RequestCode.NOT_ACCEPTABLE: "No representation matches the Accept header.",
    RequestCode.UNSUPPORTED_MEDIA_TYPE: "Unsupported media type.",
    RequestCode.THROTTLED: "Too many requests; try again later.",
    RequestCode.SERVER_ERROR: "The server failed to answer; the request id names it in the log.",
    AccessCode.NOT_AUTHENTICATED: "Authentication credentials were not provided.",
    AccessCode.PERMISSION_DENIED: "You may not do this.",
    AccessCode.CSRF_FAILED: "The CSRF check failed; reload the page and try again.",
}

#: The code of a response Django or a plain view answered with only a status.
_CODE_OF_STATUS = {
    400: RequestCode.BAD_REQUEST,
    401: AccessCode.NOT_AUTHENTICATED,
    403: AccessCode.PERMISSION_DENIED,
    404: RequestCode.NOT_FOUND,
    405: RequestCode.METHOD_NOT_ALLOWED,
    406: RequestCode.NOT_ACCEPTABLE,
    413: RequestCode.REQUEST_TOO_LARGE,
    415: RequestCode.UNSUPPORTED_MEDIA_TYPE,
    429: RequestCode.THROTTLED,
    500: RequestCode.SERVER_ERROR,
}


def error_response(
    code: str,
    *,
    status: int | None = None,
    details: dict[str, Any] | None = None,
    request: HttpRequest | None = None,
) -> JsonResponse:
    """``code`` in the one error shape, with its message (in the language ``request`` asks
    for, as DRF's refusals: ``casino.api.errors.request_language``; English without one); its
    status unless ``status`` says."""
    language = request_language(request)
    message = message_in(language, code, details or {}, _MESSAGES[code])
    response = JsonResponse(
        error_body(code, message, details),
        status=status if status is not None else status_of(code),
    )
    if request is not None:
        patch_vary_headers(response, ("Accept-Language",))
    return response


def bad_request(request: HttpRequest, exception: Exception) -> JsonResponse:
    """``handler400``: a body over the size limit is 413 ``request_too_large`` (Django files
    it as a suspicious request, 400); any other suspicious request is 400 ``bad_request``."""
    if isinstance(exception, RequestDataTooBig):
        return error_response(RequestCode.REQUEST_TOO_LARGE, request=request)
    return error_response(RequestCode.BAD_REQUEST, request=request)


def permission_denied(request: HttpRequest, exception: Exception) -> JsonResponse:
    """``handler403``: 403 ``permission_denied``."""
    return error_response(AccessCode.PERMISSION_DENIED, request=request)


def page_not_found(request: HttpRequest, exception: Exception) -> JsonResponse:
    """``handler404``: 404 ``not_found``."""
    return error_response(RequestCode.NOT_FOUND, request=request)


def server_error(request: HttpRequest) -> JsonResponse:
    """``handler500``: 500 ``server_error`` with the request id, and nothing of the fault."""
    return error_response(
        RequestCode.SERVER_ERROR, details={"request_id": current_request_id()}, request=request
    )


def csrf_failure(request: HttpRequest, reason: str = "") -> JsonResponse:
    """``CSRF_FAILURE_VIEW``: 403 ``csrf_failed``."""
    return error_response(AccessCode.CSRF_FAILED, request=request)


class ErrorShapeMiddleware:
    """Give the one error shape to an error response a plain view or Django built by itself.

    A response of status 400 or more that is not JSON becomes the shape for its status (its
    content, a page meant for a browser, is dropped), keeping the status; one whose content is
    already the shape (a file endpoint's refusal rendered under the file's media type) keeps
    its content and is labelled JSON; DRF's rendering of the shape as a page of the browsable
    API stays. Streamed responses are left alone.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code < 400 or response.streaming or _is_json(response):
            return response
        if _holds_error_shape(response.content):
            response["Content-Type"] = "application/json"
            return response
        if _is_error_shape(getattr(response, "data", None)):
            # DRF rendered the shape for a client that asked for another media type (the
            # browsable API's page, with DEBUG on): that client's choice stands.
            return response
        fallback = (
            RequestCode.SERVER_ERROR if response.status_code >= 500 else RequestCode.BAD_REQUEST
        )
        shaped = error_response(
            _CODE_OF_STATUS.get(response.status_code, fallback),
            status=response.status_code,
            request=request,
        )
        # What the refusal says about how to proceed stays: the methods allowed, when to retry.
        for header in ("Allow", "Retry-After", "WWW-Authenticate"):
            if header in response:
                shaped[header] = response[header]
        return shaped


def _is_json(response: HttpResponse) -> bool:
    return response.get("Content-Type", "").split(";")[0].strip() == "application/json"


def _holds_error_shape(content: bytes) -> bool:
    try:
        body = json.loads(content)
    except (ValueError, RecursionError):
        return False
    return _is_error_shape(body)


def _is_error_shape(body: Any) -> bool:
    return isinstance(body, dict) and isinstance(body.get("error"), dict)
