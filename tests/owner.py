"""Act as the owner of the tables on the test's own connection, for the tests that tamper.

The suite's code runs as the runtime role (``tests/conftest.py``): a tamper test, which does
what only the owner (or a superuser) can, such as disabling a trigger, says so::

    from tests.owner import as_owner

    with as_owner() as cursor:
        cursor.execute("ALTER TABLE audit_auditrecord DISABLE TRIGGER USER")

It is the same connection and the same transaction as the test's, so what the block does is
seen by the rest of the test and rolled back with it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection
from django.db.backends.utils import CursorWrapper
from psycopg import sql
from psycopg.pq import TransactionStatus


@contextmanager
def as_owner(cursor: CursorWrapper | None = None) -> Iterator[CursorWrapper]:
    """Run the block as the owner (the connection's login) on ``cursor``'s connection, by
    default on a new cursor of Django's default connection, and yield the cursor.

    Afterwards, also when the block raised, the role in force before is back (nested uses
    are fine), so the rest of the test runs as the runtime role again.
    """
    if cursor is None:
        with connection.cursor() as own, as_owner(own) as owner:
            yield owner
        return
    cursor.execute("SELECT current_setting('role')")
    [previous] = cursor.fetchone()
    cursor.execute("RESET ROLE")
    try:
        yield cursor
    finally:
        # A statement that failed here aborted a transaction or savepoint begun before the
        # block (one begun inside it was rolled back on the way out): the connection takes no
        # statement until the caller rolls that back, and the rollback undoes RESET ROLE too.
        if cursor.db.connection.info.transaction_status != TransactionStatus.INERROR:
            if previous == "none":
                cursor.execute("RESET ROLE")
            else:
                restore = sql.SQL("SET ROLE {}").format(sql.Identifier(previous))
                cursor.execute(restore.as_string(cursor.db.connection))
