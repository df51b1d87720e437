"""Suite-wide test set-up: the application's code runs as the runtime role.

pytest-django creates and migrates the test database as the login of ``DATABASE_URL``, its
owner, as the release step does. Then ``db_runtime_role`` makes the runtime role there, and
every connection Django opens switches to it (``SET ROLE``) as soon as it connects, so every
test, service and view runs with the privileges web, worker and beat have. A test that must act
as the owner (to disable a trigger, say) does so with ``tests.owner.as_owner``; the tests of the
role itself log in as it directly (``tests.runtime_login``), as does the Celery worker.

Transactional tests (``django_db(transaction=True)``) end with Django's flush, a TRUNCATE of
every table, which only the owner may do. The audit trail refuses TRUNCATE (a trigger) unless
the table's owner sets ``casino.allow_history_truncate`` for the transaction, so the suite's
flush, and only it, runs as the owner and sets it. This grants the tests nothing the owner could
not do anyway (drop the trigger); production never sets it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

ALLOW_HISTORY_TRUNCATE = "SET LOCAL casino.allow_history_truncate = 'on'"


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """pytest-django's test database, then the runtime role made on it and switched to by
    every connection, until the session's teardown drops the database as the owner."""
    from django.core.management import call_command
    from django.db import DatabaseError, connections, transaction
    from django.db.backends.signals import connection_created

    from casino.core.db_roles import runtime_role

    role = runtime_role()
    statement = f'SET ROLE "{role}"'

    def run_as_runtime_role(sender: object, connection: Any, **kwargs: object) -> None:
        # A new connection is in autocommit mode here: the role holds for the whole session,
        # whatever transaction comes next.
        with connection.cursor() as cursor:
            cursor.execute(statement)

    with django_db_blocker.unblock():
        call_command("db_runtime_role", verbosity=0)
        with connections["default"].cursor() as cursor:
            try:
                with transaction.atomic():
                    cursor.execute(statement)
            except DatabaseError:
                # An owner that is no superuser may switch only to a role granted to it (and
                # from PostgreSQL 16 making a role grants it ADMIN, not SET): the suite's own
                # grant, which gives the owner nothing it has not got.
                cursor.execute(f'GRANT "{role}" TO CURRENT_USER')
            cursor.execute("RESET ROLE")
        connection_created.connect(run_as_runtime_role, weak=False, dispatch_uid=statement)
        for connection in connections.all(initialized_only=True):
            if connection.connection is not None:
                run_as_runtime_role(None, connection)
    try:
        yield
    finally:
        connection_created.disconnect(dispatch_uid=statement)
        # Dropping the test database needs the owner: its connections start afresh.
        with django_db_blocker.unblock():
            connections.close_all()


@pytest.fixture(scope="session", autouse=True)
def _flush_may_truncate_history(request: pytest.FixtureRequest) -> Iterator[None]:
    # The engine tests also run without Django (``-p no:django``): nothing to flush then.
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from django.db.backends.postgresql.operations import DatabaseOperations

    from tests.owner import as_owner

    original = DatabaseOperations.execute_sql_flush

    def execute_sql_flush(self: DatabaseOperations, sql_list: list[str]) -> None:
        # execute_sql_flush runs its statements in one transaction: SET LOCAL lasts exactly
        # as long as the flush.
        with self.connection.cursor() as cursor, as_owner(cursor):
            original(self, [ALLOW_HISTORY_TRUNCATE, *sql_list])

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DatabaseOperations, "execute_sql_flush", execute_sql_flush)
        yield
