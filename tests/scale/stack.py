"""A scaled-out stack of its own (``tests.stacks``, under ``.local/scale``): one PostgreSQL
and one Redis supervised by the local stack's code, two web servers (gunicorn as in production,
each its own master on its own port) and two Celery workers (one of them running beat), so that
killing a web server never disturbs the suite's shared test database.

The floor is the fault tests' (``tests.faults.floor``), made in a process of its own.
"""

from __future__ import annotations

import contextlib
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import psycopg

from tests.stacks import (
    ROOT,
    Web,
    celery_worker,
    local_servers,
    owner_connection,
    web_servers,
)

BASE = ROOT / ".local" / "scale"


@dataclass
class ScaleStack:
    postgres: Any
    webs: list[Web]
    workers: list[subprocess.Popen[bytes]]
    tables: list[tuple[int, str]]
    auditor: str

    def database(self) -> psycopg.Connection[Any]:
        """A connection to the stack's database, as its owner, in autocommit mode."""
        return owner_connection(self.postgres)


@contextlib.contextmanager
def scale_stack(*, web_workers: int = 2) -> Iterator[ScaleStack]:
    """Start the whole stack under ``.local/scale`` (its data kept between runs, so only the
    first run migrates from nothing), ``web_workers`` gunicorn workers a web server, and stop
    it on exit."""
    with contextlib.ExitStack() as exits:
        servers = exits.enter_context(local_servers(BASE, web_workers=web_workers))
        webs = exits.enter_context(web_servers(servers.env, count=2))
        workers = [
            exits.enter_context(celery_worker(servers.env, beat=True, hostname="scale-beat@%h")),
            exits.enter_context(celery_worker(servers.env, beat=False, hostname="scale-plain@%h")),
        ]
        exits.enter_context(servers.supervised())
        yield ScaleStack(
            postgres=servers.postgres,
            webs=webs,
            workers=workers,
            tables=servers.tables,
            auditor=servers.auditor,
        )
