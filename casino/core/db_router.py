"""Which database a read goes to: the primary (``default``), or the streaming replica
(``replica``, when ``DATABASE_REPLICA_URL`` configures one).

Only the reads that can bear a replica's lag of a fraction of a second and are heavy enough to
be worth moving go there: the gaming-day reports, the round searches and the pit view. Each
enters :func:`replica_reads` around its reads; everything else, every write, every read of the
dealer's path (a round, its actions, a table) and any read inside a transaction of the
primary, stays on the primary. A context, not a rule per model: the dealer's path and the
reports read the same models (rounds, settlements, wager lines), and the heavy reads are raw
SQL, which no router sees. Raw SQL takes its connection from :func:`read_connection`.

A report of a closed gaming day must count every row of the day: ``replica_reads(caught_up=
True)`` first waits until the replica has replayed what the primary had written when it was
called (``pg_current_wal_lsn()`` on the primary, ``pg_last_wal_replay_lsn()`` on the replica),
and reads the primary instead, saying why in the log, if the replica does not catch up within
``DATABASE_REPLICA_WAIT_SECONDS``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper

logger = logging.getLogger(__name__)

REPLICA = "replica"
#: How often the replica's replay position is asked while waiting for it.
POLL_S = 0.05

_read_alias: ContextVar[str] = ContextVar("read_alias", default=DEFAULT_DB_ALIAS)


def replica_configured() -> bool:
    """Whether a replica database is configured (``DATABASE_REPLICA_URL``)."""
    return REPLICA in connections.settings


def read_alias() -> str:
    """The database the reads made now go to: the replica inside :func:`replica_reads`, unless
    the primary is inside a transaction (whose own writes, and whose snapshot, the replica
    does not have)."""
    alias = _read_alias.get()
    if alias != DEFAULT_DB_ALIAS and connections[DEFAULT_DB_ALIAS].in_atomic_block:
        return DEFAULT_DB_ALIAS
    return alias


def read_connection() -> BaseDatabaseWrapper:
    """The connection for raw SQL that reads: see :func:`read_alias`."""
    return connections[read_alias()]


def read_rows(sql: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows of a raw SQL read, each a dict by column name, on :func:`read_connection` (the
    replica inside :func:`replica_reads`, else the primary)."""
    with read_connection().cursor() as cursor:
        cursor.execute(sql, params)
        names = [column.name for column in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


@contextmanager
def replica_reads(*, caught_up: bool = False) -> Iterator[str]:
    """Send the reads inside to the replica, when one is configured; yields the alias chosen.

    With ``caught_up``, first wait until the replica has replayed everything the primary had
    written when this was entered; if it has not within ``DATABASE_REPLICA_WAIT_SECONDS``
    (settings ``DATABASE_REPLICA_WAIT_S``), read the primary and log a warning. Entered inside
    a transaction of the primary, it reads the primary.
    """
    alias = DEFAULT_DB_ALIAS
    if replica_configured() and not connections[DEFAULT_DB_ALIAS].in_atomic_block:
        alias = REPLICA
        if caught_up and not replica_wait(timeout=settings.DATABASE_REPLICA_WAIT_S):
            alias = DEFAULT_DB_ALIAS
    token = _read_alias.set(alias)
    try:
        yield alias
    finally:
        _read_alias.reset(token)


def replica_wait(*, timeout: float) -> bool:
    """Wait until the replica has replayed the primary's WAL up to where it is now; ``True``
    once it has, ``False`` (and a warning in the log) after ``timeout`` seconds, or at once if
    the replica cannot be asked."""
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_lsn()::text")
        (target,) = cursor.fetchone()
    deadline = time.monotonic() + timeout
    replayed = None
    try:
        with connections[REPLICA].cursor() as cursor:
            while True:
                # A server not in recovery is no replica but a primary (or a promoted one):
                # it has everything.
                cursor.execute(
                    "SELECT pg_last_wal_replay_lsn()::text,"
                    " coalesce(pg_last_wal_replay_lsn() >= %s::pg_lsn, NOT pg_is_in_recovery())",
                    [target],
                )
                replayed, done = cursor.fetchone()
                if done:
                    return True
                if time.monotonic() >= deadline:
                    break
                time.sleep(POLL_S)
    except Exception as exc:  # a replica that is down costs the primary a read, not a failure
        logger.warning("replica unavailable, reading the primary: %r", exc)
        return False
    logger.warning(
        "replica behind the primary after %.1f s (replayed %s, primary at %s): reading the primary",
        timeout,
        replayed,
        target,
    )
    return False


class ReplicaRouter:
    """Django's router: reads where :func:`read_alias` says, writes and migrations on the
    primary; a row read from either database may be related to one of the other (they hold
    the same data)."""

    def db_for_read(self, model: type[Any], **hints: Any) -> str:
        return read_alias()

    def db_for_write(self, model: type[Any], **hints: Any) -> str:
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool:
        return True

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool:
        return db == DEFAULT_DB_ALIAS
