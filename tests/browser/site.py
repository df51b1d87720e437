"""The site the browser tests drive: uvicorn serving the whole project (pages, static files,
API) on one port, against the test database; it may be stopped and started again on the same
port (the pit board's offline test does).

A server takes seconds to start, and the browser tests are many: one server serves every test
that wants the suite's settings (``served`` in the folder's conftest), lent to one test at a
time by ``lent_to_one_test``. Each test is transactional, and ends with a flush of every table;
the lending ends only when the server has left the database, so that the flush neither waits
on a request still in flight nor takes rows from under it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import connection

from tests.push.server import free_port, uvicorn

#: How long a server may take to finish with the database once its test is over.
QUIET_DEADLINE_S = 15.0
#: The sessions of other clients of the test database that are inside a statement or a
#: transaction: the flush would wait on them, or truncate under them. (A session this role may
#: not see has no state, and counts as busy: the wait then fails rather than pass unseeing.)
BUSY_SESSIONS = """
    SELECT count(*) FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid()
      AND backend_type = 'client backend' AND state IS DISTINCT FROM 'idle'
"""


class Site:
    """uvicorn serving the project on one port of its own."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._running: Any = None

    def start(self) -> None:
        """Start serving; nothing to do if serving already."""
        if self._running is None:
            running = uvicorn(self.env, self.port)
            running.__enter__()
            self._running = running

    def stop(self) -> None:
        if self._running is not None:
            self._running.__exit__(None, None, None)
            self._running = None

    def __enter__(self) -> Site:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


@contextmanager
def lent_to_one_test(site: Site, django_db_blocker: Any) -> Iterator[Site]:
    """``site``, serving, for the block (a test); after it, once the server's sessions of the
    database are idle. A test that stopped the site and failed before it started it again
    leaves it stopped: the next one starts it.

    :raises TimeoutError: when the server is still busy with the database after
        ``QUIET_DEADLINE_S``: a request that never ends is a fault of its own.
    """
    site.start()
    try:
        yield site
    finally:
        wait_until_the_database_is_left(django_db_blocker)


def wait_until_the_database_is_left(django_db_blocker: Any) -> None:
    """Return when no other client of the test database is in a statement or a transaction,
    twice in a row a tenth of a second apart (a request may be between two statements)."""
    deadline = time.monotonic() + QUIET_DEADLINE_S
    quiet_reads = 0
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        while quiet_reads < 2:
            cursor.execute(BUSY_SESSIONS)
            [busy] = cursor.fetchone()
            quiet_reads = quiet_reads + 1 if busy == 0 else 0
            if busy and time.monotonic() > deadline:
                raise TimeoutError(f"{busy} sessions of the site still busy with the database")
            if quiet_reads < 2:  # no wait after the read that ends the loan
                time.sleep(0.1)
