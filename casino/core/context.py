"""What the request being served says about itself, for whatever records it: its id, and the
device token it was authenticated with.

The HTTP layer (``casino.api.middleware``) sets the id for each request; audit rows and round
events written while the request runs carry it, so an auditor can tie a row to the access log.
The device token is named by the token authentication once it has authenticated the request
(``casino.identity.authentication``); round events carry it, so an auditor sees from which tablet
each action came. Outside a request (a task, the shell) both are empty.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_request_id: ContextVar[str] = ContextVar("request_id", default="")
_device_token_id: ContextVar[int | None] = ContextVar("device_token_id", default=None)


def current_request_id() -> str:
    """The id of the request being served, or ``""`` outside a request."""
    return _request_id.get()


def current_device_token_id() -> int | None:
    """The id of the device token the request being served was authenticated with, or
    ``None`` (a session, no credentials, or outside a request)."""
    return _device_token_id.get()


def device_token_identify(token_id: int) -> None:
    """Name the device token the request being served was authenticated with; forgotten when
    its :func:`request_context` ends."""
    _device_token_id.set(token_id)


@contextmanager
def request_context(request_id: str) -> Iterator[None]:
    """Serve one request under ``request_id``, with no device token until one authenticates
    it."""
    token = _request_id.set(request_id)
    device = _device_token_id.set(None)
    try:
        yield
    finally:
        _device_token_id.reset(device)
        _request_id.reset(token)
