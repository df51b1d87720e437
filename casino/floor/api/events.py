"""A pit's changes as they happen: server-sent events, served by the ASGI server.

``GET /api/v1/pits/{id}/events/`` (``text/event-stream``) streams ``casino.core.push_stream``'s
items to whoever may watch the pit:

- its pit bosses, auditors and admins (``floor.view_pit``) and the cage (which issues and takes
  back every table's chips), every table's changes;
- a dealer, the changes of one table only: the table of the dealer's current assignment, when
  it is in this pit (and, for a token issued at a tablet, it is the tablet's table), so a
  tablet follows the steps of its tray that others take (a count confirmed, a fill issued).

What each subscriber gets:

- ``event: ready`` (no ``Last-Event-ID``) and ``event: resync`` (one the stream can no longer
  serve: reload the pit view) carry the pit's version as their ``id``;
- each change is a plain ``message`` whose ``id`` is its version and whose ``data`` is
  ``{"table", "kind", "data", "at"}``;
- a comment line is sent after a quiet ``PUSH["HEARTBEAT_S"]``.

The client's last version is the ``Last-Event-ID`` header, which a browser's ``EventSource``
resends by itself when it reconnects, or the ``last_event_id`` query parameter for a client
that cannot set headers. A subscriber authenticates as the API's clients do: a device token
(``Authorization: Token``, read with the tablet it was issued at, as every API request reads
it) or the session's cookie. No token is accepted in the URL, where proxies and logs would keep
it: a browser is signed in by its session, other clients (a tablet reading the stream with
``fetch``) set the header. The decision is made once, at connection; the stream ends after
``PUSH["MAX_SECONDS"]`` and the client, reconnecting, is authenticated and authorised again (a
dealer moved meanwhile then follows the new table).

Refusals are the API's: 401 ``not_authenticated`` (or the token's own code), 403
``permission_denied``, 404 ``not_found``, 503 ``broker_unavailable`` when Redis cannot be read.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass

import redis
import redis.asyncio as aioredis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.request import Request

from casino.api.handlers import error_response
from casino.core.errors import AccessCode, ApiError, RequestCode, ServiceCode, error_body
from casino.core.metrics import push_delivered
from casino.core.push_stream import Change, Heartbeat, Item, Ready, Resync, pit_changes
from casino.floor import reads
from tables.authentication import TabletBoundTokenAuthentication
from tables.models import Pit

logger = logging.getLogger(__name__)

#: How long the browser waits before reconnecting, in milliseconds (the SSE ``retry`` field).
RECONNECT_MS = 1000


@require_GET
async def pit_events(request: HttpRequest, pit_id: int) -> HttpResponse:
    """The stream of pit ``pit_id``'s changes (see the module's docstring)."""
    decided = await sync_to_async(_subscription)(request, pit_id)
    if isinstance(decided, HttpResponse):
        return decided
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
        _sse(client, first, items, only_table=decided.table),
        content_type="text/event-stream; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache, no-store"
    # Proxies must pass each event on at once (nginx reads this header).
    response["X-Accel-Buffering"] = "no"
    return response


@dataclass(frozen=True)
class _Subscription:
    """What a subscriber may read: every table's changes, or one table's (``table``)."""

    table: int | None = None


def _subscription(request: HttpRequest, pit_id: int) -> _Subscription | HttpResponse:
    """What this subscriber may read of the pit, or its refusal. The database connection is
    closed before the stream starts: a subscriber holds none while it waits."""
    try:
        api_request = Request(
            request,
            authenticators=[TabletBoundTokenAuthentication(), SessionAuthentication()],
        )
        try:
            user = api_request.user
        except AuthenticationFailed as exc:
            code = exc.get_codes()
            code = code if isinstance(code, str) else AccessCode.NOT_AUTHENTICATED
            return _error(code, str(exc.detail), 401)
        if not user.is_authenticated:
            return error_response(AccessCode.NOT_AUTHENTICATED)
        try:
            return _Subscription(table=reads.pit_stream_table(user, pit_id))
        except Pit.DoesNotExist:
            return error_response(RequestCode.NOT_FOUND)
        except ApiError as refused:
            return error_response(refused.code)
    finally:
        # Inside a transaction (a test's) the connection is its caller's to close.
        if not connection.in_atomic_block:
            connection.close()


def _error(code: str, message: str, status: int) -> HttpResponse:
    return JsonResponse(error_body(code, message), status=status)


async def _sse(
    client: aioredis.Redis, first: Item, items: AsyncIterator[Item], *, only_table: int | None
) -> AsyncIterator[str]:
    heartbeat_s = settings.PUSH["HEARTBEAT_S"]
    try:
        yield f"retry: {RECONNECT_MS}\n"
        yield _frame(first)
        sent = time.monotonic()
        async for item in items:
            if (
                isinstance(item, Change)
                and only_table is not None
                and json.loads(item.event)["table"] != only_table
            ):
                # Another table's change: not this subscriber's. A busy pit sends no quiet
                # heartbeat, so one is sent here as often, to tell the client the stream lives.
                if time.monotonic() - sent < heartbeat_s:
                    continue
                item = Heartbeat()
            yield _frame(item)
            sent = time.monotonic()
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
