"""Reading a pit's stream of changes (``casino.core.push``) for one subscriber, from a version.

:func:`pit_changes` yields what a subscriber is sent, in order:

- first, without a version: :class:`Ready`, naming the stream's newest id, from which the
  subscriber reads on (a client loads the pit view, then applies the events that follow);
- first, with a version the stream still holds: nothing more than the entries after it, so a
  client that reconnects gets exactly what it missed;
- first, with a version the stream no longer holds (trimmed away, or a Redis that restarted
  empty), or one that is no stream id: :class:`Resync`, naming the newest id: the client
  reloads the pit view, since something between may be lost;
- then every entry appended after, as :class:`Change`, and a :class:`Heartbeat` whenever
  nothing came for ``heartbeat_s`` (so a dead connection is noticed at both ends);

and ends after ``max_seconds``, so a subscriber re-authenticates at least that often.
A Redis error ends it too (raised); the client reconnects with its last version.
"""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass

import redis.asyncio as aioredis
from django.conf import settings

from casino.core.push import EVENT_FIELD, stream_key

#: A Redis Stream id: milliseconds, a dash, a sequence number.
_STREAM_ID = re.compile(r"\d{1,20}-\d{1,20}")
#: The id before every entry: the version of a stream that never held one.
EMPTY = "0-0"


@dataclass(frozen=True)
class Ready:
    version: str


@dataclass(frozen=True)
class Resync:
    version: str


@dataclass(frozen=True)
class Change:
    version: str
    event: str


@dataclass(frozen=True)
class Heartbeat:
    pass


Item = Ready | Resync | Change | Heartbeat


async def pit_changes(
    client: aioredis.Redis,
    pit_id: int,
    since: str | None,
    *,
    heartbeat_s: float,
    max_seconds: float,
    batch: int = 100,
) -> AsyncIterator[Item]:
    """The items a subscriber of pit ``pit_id`` is sent, from version ``since`` (see the
    module's docstring). ``client`` must decode responses and time out later than
    ``heartbeat_s``.

    :raises redis.RedisError: when Redis fails.
    """
    key = stream_key(pit_id)
    cursor_id = await _start(client, key, since)
    if cursor_id is None or cursor_id == _MISSED:
        newest = await _newest(client, key)
        yield Ready(newest) if cursor_id is None else Resync(newest)
        cursor_id = newest
    deadline = time.monotonic() + max_seconds
    while (left := deadline - time.monotonic()) > 0:
        block_ms = max(1, int(1000 * min(heartbeat_s, left)))
        answer = await client.xread({key: cursor_id}, count=batch, block=block_ms)
        if not answer:
            yield Heartbeat()
            continue
        for _, entries in answer:
            for entry_id, fields in entries:
                cursor_id = entry_id
                yield Change(entry_id, fields[EVENT_FIELD])


#: What :func:`_start` answers for a version the stream cannot serve.
_MISSED = "missed"


async def _start(client: aioredis.Redis, key: str, since: str | None) -> str | None:
    """``None`` for a new subscriber, the id to read after for one the stream can serve, else
    ``_MISSED``."""
    if since is None:
        return None
    if not _STREAM_ID.fullmatch(since):
        return _MISSED
    if since == EMPTY:
        # The client saw an empty stream: everything now in it is new to it, unless some of
        # it was trimmed meanwhile, which only a stream at its length can have been.
        if await client.xlen(key) < settings.PUSH["STREAM_LENGTH"]:
            return EMPTY
        return _MISSED
    # Trimming removes the oldest entries first: while the client's last one is still there,
    # so is everything after it.
    if await client.xrange(key, min=since, max=since, count=1):
        return since
    return _MISSED


async def _newest(client: aioredis.Redis, key: str) -> str:
    newest = await client.xrevrange(key, count=1)
    return str(newest[0][0]) if newest else EMPTY
