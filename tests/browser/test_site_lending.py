"""The lending of the folder's one server to one test at a time ends only once the server has
left the database: the flush after a test must not wait on, or truncate under, a request of
the test still running (``tests.browser.site``)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from tests.browser import site as site_module
from tests.browser.site import wait_until_the_database_is_left
from tests.runtime_login import connect

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_wait_sees_a_server_s_session_in_a_transaction_and_waits_for_its_end(
    django_db_blocker: Any,
) -> None:
    with connect() as server_side:
        server_side.execute("SELECT 1")  # psycopg opens a transaction: 'idle in transaction'
        ended_at: list[float] = []

        def end_the_transaction() -> None:
            time.sleep(0.5)
            ended_at.append(time.monotonic())
            server_side.commit()

        ending = threading.Thread(target=end_the_transaction)
        ending.start()
        wait_until_the_database_is_left(django_db_blocker)
        left_at = time.monotonic()
        ending.join()
    assert ended_at and left_at > ended_at[0]


def test_a_session_that_never_leaves_fails_the_wait(
    django_db_blocker: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(site_module, "QUIET_DEADLINE_S", 0.3)
    with connect() as server_side:
        server_side.execute("SELECT 1")
        with pytest.raises(TimeoutError, match="1 sessions"):
            wait_until_the_database_is_left(django_db_blocker)
        server_side.rollback()
