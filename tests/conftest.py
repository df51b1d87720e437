"""Suite-wide test set-up.

Transactional tests (``django_db(transaction=True)``) end with Django's flush, a TRUNCATE of
every table. The audit trail refuses TRUNCATE (a trigger) unless the table's owner sets
``casino.allow_history_truncate`` for the transaction, so the suite's flush, and only it, sets
it. This grants the tests nothing the owner could not do anyway (drop the trigger); production
never sets it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

ALLOW_HISTORY_TRUNCATE = "SET LOCAL casino.allow_history_truncate = 'on'"


@pytest.fixture(scope="session", autouse=True)
def _flush_may_truncate_history(request: pytest.FixtureRequest) -> Iterator[None]:
    # The engine tests also run without Django (``-p no:django``): nothing to flush then.
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from django.db.backends.postgresql.operations import DatabaseOperations

    original = DatabaseOperations.execute_sql_flush

    def execute_sql_flush(self: DatabaseOperations, sql_list: list[str]) -> None:
        # execute_sql_flush runs its statements in one transaction: SET LOCAL lasts exactly
        # as long as the flush.
        original(self, [ALLOW_HISTORY_TRUNCATE, *sql_list])

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DatabaseOperations, "execute_sql_flush", execute_sql_flush)
        yield
