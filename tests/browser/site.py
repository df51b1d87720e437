"""The site the browser tests drive: uvicorn serving the whole project (pages, static files,
API) on one port, against the test's database; it may be stopped and started again on the same
port (the pit board's offline test does)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

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
