"""``make run``'s one origin for the tests: the proxy, gunicorn and uvicorn as the launcher starts
them (``deploy/local/stack.py``'s ``one_origin``), against the suite's database and Redis."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any

from tests.push.server import free_port, server_env
from tests.stacks import stack_module, stop_session, wait_healthy


@contextlib.contextmanager
def one_origin_site(django_db_blocker: Any) -> Iterator[str]:
    """The three servers started; yields the origin's URL; stopped on exit."""
    port = free_port()
    env = {**os.environ, **server_env(django_db_blocker)}
    processes = stack_module().one_origin(env, host="127.0.0.1", port=port)
    try:
        # Healthy through the proxy: both servers behind it are up once each answers.
        wait_healthy("127.0.0.1", port, processes[0])
        yield f"http://127.0.0.1:{port}"
    finally:
        for process in processes:
            stop_session(process, grace_s=10)
