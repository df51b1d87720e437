"""uvicorn serving the project for the push tests, and a subscriber of a pit's stream.

The server is a process of its own, logged in to the suite's database as the runtime role, as
production's is: it sees what the tests commit (``django_db(transaction=True)``) and nothing
else.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.stacks import free_port

ROOT = Path(__file__).resolve().parents[2]
#: How long the server may take to start, or an event to come; polled, never timed.
DEADLINE_S = 30


@contextlib.contextmanager
def uvicorn(env: dict[str, str], port: int | None = None) -> Iterator[int]:
    """``uvicorn casino.asgi:application`` on ``port`` (a free loopback port if none) with
    ``env`` added to this process's environment; yields the port, the server stopped on exit."""
    if port is None:
        port = free_port()
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "casino.asgi:application",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--log-level",
                "warning",
                "--no-access-log",
                "--lifespan",
                "off",
            ],
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            deadline = time.monotonic() + DEADLINE_S
            while True:
                if process.poll() is not None:
                    log.seek(0)
                    raise RuntimeError(f"uvicorn exited at start: {log.read().decode()}")
                with contextlib.suppress(OSError, http.client.HTTPException):
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                    conn.request("GET", "/healthz")
                    if conn.getresponse().status == 200:
                        break
                if time.monotonic() > deadline:
                    raise RuntimeError("uvicorn did not become healthy")
                time.sleep(0.2)
            yield port
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(5)


def server_env(django_db_blocker: Any) -> dict[str, str]:
    """What a server of the suite's own needs: the suite's database (as the runtime role) and
    Redis, no connection kept between requests, a heartbeat every second."""
    from django.conf import settings

    from tests.runtime_login import database_url

    with django_db_blocker.unblock():
        url = database_url()
    return {
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "DATABASE_URL": url,
        "REDIS_URL": settings.REDIS_URL,
        # No connection is kept between requests: the suite's flush and teardown never wait.
        "CONN_MAX_AGE": "0",
        "LOG_LEVEL": "ERROR",
        # A heartbeat every second: a subscriber waiting for an event that never comes checks
        # its deadline that often.
        "PUSH_HEARTBEAT_SECONDS": "1",
    }


@pytest.fixture(scope="module")
def asgi_server(django_db_setup: None, django_db_blocker: Any) -> Iterator[int]:
    """uvicorn on the suite's database and Redis; yields its port."""
    with uvicorn(server_env(django_db_blocker)) as port:
        yield port


@dataclass
class Event:
    """One server-sent event: its name (``message`` unless named), id and data."""

    name: str
    id: str | None
    data: Any


class Subscriber:
    """A client of ``GET /api/v1/pits/{id}/events/``, reading its events one by one."""

    def __init__(
        self,
        port: int,
        pit_id: int,
        *,
        token: str | None = None,
        last_event_id: str | None = None,
    ) -> None:
        headers = {"Accept": "text/event-stream"}
        if token is not None:
            headers["Authorization"] = f"Token {token}"
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE_S)
        self.conn.request("GET", f"/api/v1/pits/{pit_id}/events/", headers=headers)
        self.response = self.conn.getresponse()
        self.status = self.response.status

    def json(self) -> Any:
        return json.loads(self.response.read())

    def next(self) -> Event:
        """The next event, heartbeats skipped; fails after ``DEADLINE_S`` without one."""
        name, event_id, data = "message", None, []
        deadline = time.monotonic() + DEADLINE_S
        while True:
            if time.monotonic() > deadline:
                raise TimeoutError(f"no event within {DEADLINE_S} s")
            line = self.response.readline().decode()
            if not line:
                raise EOFError("the stream ended")
            line = line.rstrip("\n")
            if line == "":
                if data:
                    return Event(name, event_id, json.loads("\n".join(data)))
                name, event_id, data = "message", None, []
                continue
            field, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if field == "event":
                name = value
            elif field == "id":
                event_id = value
            elif field == "data":
                data.append(value)

    def close(self) -> None:
        self.conn.close()


def token_of(user: Any) -> str:
    """A new device token of ``user``, committed with the test's data."""
    from casino.identity.models import DeviceToken, hash_token

    key = DeviceToken.new_key()
    DeviceToken.objects.create(user=user, device_name="pit board", key_digest=hash_token(key))
    return key
