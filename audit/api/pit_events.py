"""A pit's changes as they happen: server-sent events, served by the ASGI server.

``GET /api/v1/pits/{id}/events/`` (``text/event-stream``) streams ``casino.core.push_stream``'s
items to whoever may watch the pit (``audit.view_pit``: its pit bosses, auditors, admins):

- ``event: ready`` (no ``Last-Event-ID``) and ``event: resync`` (one the stream can no longer
  serve: reload the pit view) carry the pit's version as their ``id``;
- each change is a plain ``message`` whose ``id`` is its version and whose ``data`` is
  ``{"table", "kind", "data", "at"}``;
- a comment line is sent after a quiet ``PUSH["HEARTBEAT_S"]``.

The client's last version is the ``Last-Event-ID`` header, which a browser's ``EventSource``
resends by itself when it reconnects, or the ``last_event_id`` query parameter for a client
that cannot set headers. A subscriber authenticates as the API's clients do: a device token
(``Authorization: Token``) or the session's cookie. No token is accepted in the URL, where
proxies and logs would keep it: a browser is signed in by its session, other clients set the
header. The decision is made once, at connection; the stream ends after
``PUSH["MAX_SECONDS"]`` and the client, reconnecting, is authenticated and authorised again.

Refusals are the API's: 401 ``not_authenticated`` (or the token's own code), 403
``permission_denied``, 404 ``not_found``, 503 ``broker_unavailable`` when Redis cannot be read.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

import redis
import redis.asyncio as aioredis
import rules
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.request import Request

from casino.api.authentication import DeviceTokenAuthentication
from casino.api.handlers import error_response
from casino.core.errors import AccessCode, RequestCode, ServiceCode, error_body
from casino.core.metrics import push_delivered
from casino.core.push_stream import Change, Heartbeat, Item, Ready, Resync, pit_changes
from tables.models import Pit

logger = logging.getLogger(__name__)

#: How long the browser waits before reconnecting, in milliseconds (the SSE ``retry`` field).
RECONNECT_MS = 1000


@require_GET
async def pit_events(request: HttpRequest, pit_id: int) -> HttpResponse:
    """The stream of pit ``pit_id``'s changes (see the module's docstring)."""
    refusal = await sync_to_async(_refusal)(request, pit_id)
    if refusal is not None:
        return refusal
    since = request.headers.get("Last-Event-ID") or request.GET.get("last_event_id") or None
    client = _client()
    try:
        items = pit_changes(
            client,
            pit_id,
            since,
            heartbeat_s=settings.PUSH["HEARTBEAT_S"],
            max_seconds=settings.PUSH["MAX_SECONDS"],
        )
        # The first item is read before answering, so a Redis that is down is a 503.
        first = await anext(items)
    except (redis.RedisError, OSError):
        await client.aclose()
        logger.warning("push: pit %s's stream cannot be read", pit_id, exc_info=True)
        return error_response(ServiceCode.BROKER_UNAVAILABLE)
    response = StreamingHttpResponse(
        _sse(client, first, items), content_type="text/event-stream; charset=utf-8"
    )
    response["Cache-Control"] = "no-cache, no-store"
    # Proxies must pass each event on at once (nginx reads this header).
    response["X-Accel-Buffering"] = "no"
    return response


def _refusal(request: HttpRequest, pit_id: int) -> HttpResponse | None:
    """The refusal of this subscriber, if any. The database connection is closed before the
    stream starts: a subscriber holds none while it waits."""
    try:
        api_request = Request(
            request, authenticators=[DeviceTokenAuthentication(), SessionAuthentication()]
        )
        try:
            user = api_request.user
        except AuthenticationFailed as exc:
            code = exc.get_codes()
            code = code if isinstance(code, str) else AccessCode.NOT_AUTHENTICATED
            return _error(code, str(exc.detail), 401)
        if not user.is_authenticated:
            return error_response(AccessCode.NOT_AUTHENTICATED)
        pit = Pit.objects.filter(pk=pit_id).first()
        if pit is None:
            return error_response(RequestCode.NOT_FOUND)
        if not rules.has_perm("audit.view_pit", user, pit):
            return error_response(AccessCode.PERMISSION_DENIED)
        return None
    finally:
        # Inside a transaction (a test's) the connection is its caller's to close.
        if not connection.in_atomic_block:
            connection.close()


def _error(code: str, message: str, status: int) -> HttpResponse:
    return JsonResponse(error_body(code, message), status=status)


async def _sse(
    client: aioredis.Redis, first: Item, items: AsyncIterator[Item]
) -> AsyncIterator[str]:
    try:
        yield f"retry: {RECONNECT_MS}\n"
        yield _frame(first)
        async for item in items:
            yield _frame(item)
            if isinstance(item, Change):
                push_delivered(item.version)
    except (redis.RedisError, OSError):
        # The client reconnects with its last version and is served from there.
        logger.warning("push: a stream ended on a Redis error", exc_info=True)
    finally:
        await client.aclose()


def _frame(item: Item) -> str:
    if isinstance(item, Change):
        return f"id: {item.version}\ndata: {item.event}\n\n"
    if isinstance(item, Ready):
        return f"event: ready\nid: {item.version}\ndata: {{}}\n\n"
    if isinstance(item, Resync):
        return f"event: resync\nid: {item.version}\ndata: {{}}\n\n"
    assert isinstance(item, Heartbeat)
    return ": heartbeat\n\n"


def _client() -> aioredis.Redis:
    """A client of its own per subscriber, whose blocking read outlasts a heartbeat's wait."""
    return aioredis.Redis.from_url(
        settings.REDIS_URL,
        decode_responses=True,
        socket_connect_timeout=settings.PUSH["TIMEOUT_S"],
        socket_timeout=settings.PUSH["HEARTBEAT_S"] + settings.PUSH["TIMEOUT_S"],
    )
