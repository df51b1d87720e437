"""Push: every change at a table is published, once its transaction has committed, to the
subscribers of the table's pit.

Each pit has one Redis Stream, ``push:pit:<id>`` (:func:`stream_key`). A change is appended to
it (``XADD ... MAXLEN ~ PUSH["STREAM_LENGTH"]``) by ``transaction.on_commit``, so a change rolled
back is never published and a subscriber never sees what the database does not hold. The
entry's id is the pit's version: the stream endpoint sends it as the event's ``id``, and a client
that reconnects names the last one it saw (``Last-Event-ID``) to get what it missed
(``casino.core.push_stream``).

A publish never fails or slows the change that caused it beyond a bound: Redis is given
``PUSH["TIMEOUT_S"]`` seconds (``REDIS_TIMEOUT``, connecting included, no retry), and a failure
is logged, counted (:func:`publish_counts`) and swallowed. The change is committed already; the
subscribers, who missed it, resynchronise from the pit view when they reconnect.

Every layer may call :func:`publish_table_change`: it sits in the shared core and needs only
ids.

Inside a request the events its transaction committed are sent once its answer has gone out
(:func:`sends_held`, which the API's middleware opens around every request): the XADD is a round
trip to Redis that the dealer's tablet need not wait for, and the pit's subscribers get the
change a fraction of a millisecond later. Anywhere else (a task, the shell) they are sent at
commit.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import threading
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from enum import StrEnum
from typing import Any

import redis
from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.utils import timezone
from redis.backoff import NoBackoff
from redis.retry import Retry

logger = logging.getLogger(__name__)

#: The stream entry's one field: the event, as JSON.
EVENT_FIELD = "event"


class TableChange(StrEnum):
    """What changed at a table: the ``kind`` of a published event."""

    ROUND_OPENED = "round_opened"
    ROUND_ACTION = "round_action"
    ROUND_SETTLED = "round_settled"
    DEALER_ASSIGNED = "dealer_assigned"
    DEALER_RELIEVED = "dealer_relieved"
    TABLE_STATUS = "table_status"
    TABLE_CHANGED = "table_changed"
    LIMITS_CHANGE_REQUESTED = "limits_change_requested"
    ALERT_RAISED = "alert_raised"
    ALERT_ACKNOWLEDGED = "alert_acknowledged"
    #: A step of the chip tray: a count, a slip, a slip's void or a drop (``TraySubject``).
    TRAY_CHANGED = "tray_changed"
    PAYOUTS_CONFIRMED = "payouts_confirmed"
    RETRACTION_REQUESTED = "retraction_requested"
    RETRACTION_DECIDED = "retraction_decided"
    CORRECTION_DECIDED = "correction_decided"
    #: A patron seated, paused, resumed, moved or gone, or a cash event at the table: the data
    #: name the session and its positions, never the patron.
    PLAYERS_CHANGED = "players_changed"


class TraySubject(StrEnum):
    """What a ``tray_changed`` event is about: its ``data["subject"]``."""

    COUNT = "count"
    SLIP = "slip"
    SLIP_VOID = "slip_void"
    DROP = "drop"


def stream_key(pit_id: int) -> str:
    """The Redis key of a pit's stream of changes."""
    return f"push:pit:{pit_id}"


def publish_table_change(
    *, table_id: int, pit_id: int, kind: TableChange, data: dict[str, Any]
) -> None:
    """Publish ``kind`` at table ``table_id`` of pit ``pit_id`` once the current transaction
    commits (at once outside any); never if it rolls back.

    ``data`` is serialised now (Decimals as strings), so later changes to the objects it names
    do not leak into the event. The subscribers receive
    ``{"table", "kind", "data", "at"}``, ``at`` the time of the commit (ISO 8601).
    Never raises for Redis: see the module's docstring.
    """
    event = json.dumps({"table": table_id, "kind": str(kind), "data": data}, cls=DjangoJSONEncoder)
    transaction.on_commit(lambda: _committed(pit_id, event))


#: The events committed inside :func:`sends_held`, not sent yet: (pit, event, commit time).
_held: ContextVar[list[tuple[int, str, str]] | None] = ContextVar("push_held", default=None)


@contextlib.contextmanager
def sends_held() -> Iterator[Callable[[], None]]:
    """Hold the events committed inside the block instead of sending them at commit; yields
    the function that sends them, in the order they committed, to be called once the request's
    answer has gone out. Whatever the block raises, what it committed is sent on the way out.
    """
    held: list[tuple[int, str, str]] = []
    token = _held.set(held)
    try:
        yield functools.partial(_send_held, held)
    except BaseException:
        _send_held(held)
        raise
    finally:
        _held.reset(token)


def _send_held(held: list[tuple[int, str, str]]) -> None:
    while held:
        _send(*held.pop(0))


def _committed(pit_id: int, event: str) -> None:
    at = timezone.now().isoformat()
    held = _held.get()
    if held is None:
        _send(pit_id, event, at)
    else:
        held.append((pit_id, event, at))


def publish_counts() -> dict[str, int]:
    """How many events this process has published and failed to publish since it started."""
    with _counts_lock:
        return dict(_counts)


_counts = {"published": 0, "failed": 0}
_counts_lock = threading.Lock()


def _count(outcome: str) -> None:
    with _counts_lock:
        _counts[outcome] += 1


def _send(pit_id: int, event: str, at: str) -> None:
    # The commit's time, appended as text: the event was serialised before the commit.
    entry = event[:-1] + f', "at": "{at}"}}'
    try:
        _client(settings.REDIS_URL).xadd(
            stream_key(pit_id),
            {EVENT_FIELD: entry},
            maxlen=settings.PUSH["STREAM_LENGTH"],
            approximate=True,
        )
    except Exception:  # Redis down, paused, full or refusing: the change is committed anyway.
        _count("failed")
        logger.warning("push: the change at pit %s was not published", pit_id, exc_info=True)
    else:
        _count("published")


@functools.cache
def _client(url: str) -> redis.Redis:
    """One client (and connection pool) per process and URL; redis-py's pool is thread-safe."""
    timeout = settings.PUSH["TIMEOUT_S"]
    return redis.Redis.from_url(
        url,
        socket_timeout=timeout,
        socket_connect_timeout=timeout,
        # A refused connection fails at once: no retry, so a Redis that is down costs nothing.
        retry=Retry(NoBackoff(), 0),
    )
