"""A request id for every request: taken from ``X-Request-ID`` or made, echoed in the response.

Audit rows written while the request runs carry it, so an auditor can tie a row to the access log.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from contextvars import ContextVar

from django.http import HttpRequest, HttpResponse

_current: ContextVar[str] = ContextVar("request_id", default="")
_ACCEPTED = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")


def current_request_id() -> str:
    """The id of the request being served, or ``""`` outside a request (a task, the shell)."""
    return _current.get()


class RequestIdMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        offered = request.headers.get("X-Request-ID", "")
        request_id = offered if _ACCEPTED.match(offered) else uuid.uuid4().hex
        token = _current.set(request_id)
        try:
            response = self.get_response(request)
        finally:
            _current.reset(token)
        response["X-Request-ID"] = request_id
        return response
