"""The site the browser tests drive: uvicorn serving the whole project (pages, static files,
API) on one port, against the test's database; it may be stopped and started again on the same
port (the pit board's offline test does).

One site serves every test of a module (``module_site``): starting uvicorn costs two seconds of
a core, and the suite starts no server it does not need. Nothing of one test reaches the next
through it: each test's data is its own (``transactional_db`` empties the tables after it), the
server keeps no database connection between requests (``server_env``), and what it keeps in
memory is keyed by rows' ids, which the database never hands out twice.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.push.server import free_port, server_env, uvicorn


class Site:
    """uvicorn serving the project on one port of its own."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._running: Any = None

    def start(self) -> None:
        self._running = uvicorn(self.env, self.port)
        self._running.__enter__()

    @property
    def running(self) -> bool:
        return self._running is not None

    def stop(self) -> None:
        if self._running is not None:
            self._running.__exit__(None, None, None)
            self._running = None


def running_site(django_db_blocker: Any) -> Iterator[Site]:
    """A started site, stopped after: the body of the folders' site fixtures."""
    site = Site(server_env(django_db_blocker))
    site.start()
    try:
        yield site
    finally:
        site.stop()


@pytest.fixture(scope="module")
def module_site(django_db_setup: None, django_db_blocker: Any) -> Iterator[Site]:
    """The site every test of a module drives (through ``site_for_the_test``)."""
    yield from running_site(django_db_blocker)


def site_for_the_test(site: Site) -> Site:
    """``site``, running: a test that stopped it and failed before starting it again (the pit
    board's offline test) leaves the next one a server all the same."""
    if not site.running:
        site.start()
    return site
