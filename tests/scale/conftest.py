"""The scale-out tests' set-up: a real streaming replica of the test database's server, started
for the module whose tests ask for it (``replica``), so the rest of the suite does not pay for
a base backup, and gone after it: a replica left configured for the session sent every later
test's report (the workbench's, in a browser) to a database the test had not declared.

The replica is made by ``pg_basebackup -R`` from the primary the suite runs on (the local
server ``make test`` starts: the base backup needs a trusted local replication connection), and
added to Django as the database ``replica`` for that module, a test mirror of ``default``, so
a transactional test's flush leaves it alone (it replays the primary's anyway).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from casino.core.db_router import REPLICA, replica_wait
from tests.audit.conftest import audit_floor, play_rp01  # noqa: F401
from tests.fixtures import *  # noqa: F403
from tests.stacks import stack_module

ROOT = Path(__file__).resolve().parents[2]


class Replica:
    """The running replica: its socket folder and port, and an owner's connection to it for
    what only a superuser may do there (pausing and resuming the replay)."""

    def __init__(self, server: Any, dbname: str) -> None:
        self.server = server
        self.dbname = dbname

    def admin(self) -> psycopg.Connection[Any]:
        return psycopg.connect(
            host=self.server.socket_dir,
            port=self.server.port,
            user="postgres",
            dbname=self.dbname,
            autocommit=True,
        )

    def pause_replay(self) -> None:
        with self.admin() as conn:
            conn.execute("SELECT pg_wal_replay_pause()")

    def resume_replay(self) -> None:
        with self.admin() as conn:
            conn.execute("SELECT pg_wal_replay_resume()")


@pytest.fixture(scope="module")
def replica(django_db_setup: None, django_db_blocker: Any) -> Iterator[Replica]:
    from django.db import connections

    primary = connections["default"].settings_dict
    options = primary.get("OPTIONS", {})
    socket_dir = str(options.get("host") or primary.get("HOST") or "")
    if not socket_dir.startswith("/"):
        pytest.skip("the streaming replica is made from the local PostgreSQL server only")
    port = int(options.get("port") or primary.get("PORT") or 5432)
    stack = stack_module()
    with stack.local_replica(
        ROOT / ".local" / "replica", primary_socket_dir=socket_dir, primary_port=port
    ) as server:
        settings = copy.deepcopy(primary)
        settings["HOST"], settings["PORT"] = "", ""
        settings["OPTIONS"].update(host=server.socket_dir, port=server.port)
        settings["TEST"] = {**settings["TEST"], "MIRROR": "default"}
        connections.settings[REPLICA] = settings
        try:
            with django_db_blocker.unblock():
                # Streaming, and past everything the suite's set-up wrote.
                assert replica_wait(timeout=60), "the replica did not catch up"
            yield Replica(server, settings["NAME"])
        finally:
            with django_db_blocker.unblock():
                connections[REPLICA].close()
            del connections[REPLICA]
            del connections.settings[REPLICA]
