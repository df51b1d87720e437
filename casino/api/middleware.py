"""The API's own middleware: a request id for every request, and its push events sent after
its answer.

The request id is taken from ``X-Request-ID`` or made, and echoed in the response. Audit rows
written while the request runs carry it (``casino.core.context``), so an auditor can tie a row
to the access log: each request ends with one line of the ``casino.request`` logger (method,
path, status, milliseconds), written, like every line logged while it runs, under its id
(``casino.core.logs``).
"""

from __future__ import annotations

import logging
import re
import time
import uuid
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from casino.core.context import request_context
from casino.core.push import sends_held

_ACCEPTED = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")

request_logger = logging.getLogger("casino.request")


class RequestIdMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        offered = request.headers.get("X-Request-ID", "")
        request_id = offered if _ACCEPTED.match(offered) else uuid.uuid4().hex
        started = time.perf_counter()
        with request_context(request_id):
            response = self.get_response(request)
            if request_logger.isEnabledFor(logging.INFO):
                request_logger.info(
                    "request",
                    extra={
                        "method": request.method,
                        "path": request.path,
                        "status": response.status_code,
                        "duration_ms": round(1000 * (time.perf_counter() - started), 1),
                    },
                )
        response["X-Request-ID"] = request_id
        return response


class PushAfterAnswerMiddleware:
    """Sends the push events a request committed once its answer has gone out
    (``casino.core.push.sends_held``): the WSGI server closes the response after writing it,
    and closing it sends them, so the tablet does not wait for Redis."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with sends_held() as send:
            response = self.get_response(request)
        # Django calls a response's closers, in order, when the server closes it (the test
        # client too), whatever handler served it.
        response._resource_closers.append(send)
        return response
