"""What the request being served says about itself, for whatever records it: its id.

The HTTP layer (``casino.api.middleware``) sets it for each request; audit rows and round events
written while the request runs carry it, so an auditor can tie a row to the access log. Outside
a request (a task, the shell) it is empty.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_request_id: ContextVar[str] = ContextVar("request_id", default="")


def current_request_id() -> str:
    """The id of the request being served, or ``""`` outside a request."""
    return _request_id.get()


@contextmanager
def request_context(request_id: str) -> Iterator[None]:
    """Serve one request under ``request_id``."""
    token = _request_id.set(request_id)
    try:
        yield
    finally:
        _request_id.reset(token)
