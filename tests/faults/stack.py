"""A stack of its own for the fault tests (``tests.stacks``, under ``.local/faults``):
PostgreSQL and Redis supervised by the local stack's own code, gunicorn as in production, and a
Celery worker with beat, so that stopping, killing and restarting servers never disturbs the
suite's shared test database.

The floor is made by ``tests.faults.floor`` in a process of its own; the tests talk HTTP to
gunicorn and read the database directly to compare what was acknowledged with what was kept.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import http.client
import json
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import psycopg

from tests.stacks import ROOT, celery_worker, local_servers, owner_connection, web_servers

# The suite's tests load the local stack's code from here; the alias says it is re-exported.
from tests.stacks import stack_module as stack_module

BASE = ROOT / ".local" / "faults"
#: How long a server may take to come back, or a report to be built; polled, never timed.
DEADLINE_S = 60


class Dropped(Exception):
    """The connection closed before an answer came: the server's process died."""


class Client:
    """One tablet's keep-alive HTTP connection; reconnects after a dropped one."""

    def __init__(self, port: int, token: str | None = None) -> None:
        self.port = port
        self.token = token
        self._conn: http.client.HTTPConnection | None = None

    def request(
        self, method: str, path: str, body: Any = None, **headers: str
    ) -> tuple[int, Any, http.client.HTTPResponse]:
        """(status, the JSON body, the response); :raises Dropped: on a lost connection.

        A ``GET`` on a connection that has already answered is sent once more on a new one
        when the old one closes before any answer: the server closes a keep-alive connection
        left idle longer than its ``keepalive`` (a slow run's pause between two reads), and
        every HTTP client sends an idempotent request again then (RFC 9112, 9.3.1). Anything
        else, and a fresh connection that closes, is :class:`Dropped`.
        """
        head = {"Content-Type": "application/json", **headers}
        if self.token:
            head["Authorization"] = f"Token {self.token}"
        reused = self._conn is not None
        try:
            response, raw = self._exchange(method, path, body, head)
        except Dropped as dropped:
            # RemoteDisconnected is a ConnectionResetError: closed with no answer at all.
            closed = isinstance(dropped.__cause__, ConnectionResetError | BrokenPipeError)
            if not (reused and method == "GET" and closed):
                raise
            response, raw = self._exchange(method, path, body, head)
        try:
            data = json.loads(raw) if raw else None
        except ValueError:
            data = raw.decode(errors="replace")
        return response.status, data, response

    def _exchange(
        self, method: str, path: str, body: Any, head: dict[str, str]
    ) -> tuple[http.client.HTTPResponse, bytes]:
        if self._conn is None:
            self._conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            self._conn.request(
                method, path, body=None if body is None else json.dumps(body), headers=head
            )
            response = self._conn.getresponse()
            return response, response.read()
        except (OSError, http.client.HTTPException) as exc:
            self.close()
            raise Dropped(repr(exc)) from exc

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


def is_error_shape(body: Any) -> bool:
    """The API's one error shape, with a code."""
    return (
        isinstance(body, dict)
        and set(body) == {"error"}
        and isinstance(body["error"], dict)
        and {"code", "message", "details"} <= set(body["error"])
        and isinstance(body["error"]["code"], str)
    )


def open_round(client: Client, table_id: int) -> tuple[int, int]:
    """Open the next round at ``table_id``: (its id, its last event number). A dropped answer
    is asked again; a round it opened meanwhile is resumed, as a tablet that restarted does."""
    for _ in range(10):
        try:
            status, body, _ = client.request("POST", f"/api/v1/tables/{table_id}/rounds/", {})
        except Dropped:
            time.sleep(0.05)
            continue
        if status == 409 and body["error"]["code"] == "round_already_open":
            round_id = body["error"]["details"]["round"]
            with contextlib.suppress(Dropped):
                status, body, _ = client.request("GET", f"/api/v1/rounds/{round_id}/")
                assert status == 200, body
                return round_id, body["last_event_seq"]
            continue
        assert status == 201, body
        return body["id"], body["last_event_seq"]
    raise AssertionError("the round could not be opened")


def act(
    client: Client, round_id: int, seen: int, action: str, fields: dict[str, Any], **headers: str
) -> tuple[int, Any]:
    """Record one action as a tablet sends it: (status, body)."""
    status, body, _ = client.request(
        "POST",
        f"/api/v1/rounds/{round_id}/actions/",
        {"expected_event": seen, "action": action, **fields},
        **headers,
    )
    return status, body


@dataclass
class FaultStack:
    postgres: Any
    redis: Any
    supervisor: Any
    port: int
    gunicorn: subprocess.Popen[bytes]
    tables: list[tuple[int, str]]
    auditor: str
    #: The casino's gaming day when the floor was made.
    gaming_day: dt.date

    def client(self, token: str | None = None) -> Client:
        return Client(self.port, token)

    def database(self) -> psycopg.Connection[Any]:
        """A connection to the stack's database, as its owner, in autocommit mode."""
        return owner_connection(self.postgres)

    def health(self) -> tuple[int, Any]:
        client = self.client()
        try:
            status, body, _ = client.request("GET", "/healthz")
        finally:
            client.close()
        return status, body

    def wait_healthy(self) -> None:
        deadline = time.monotonic() + DEADLINE_S
        while True:
            with contextlib.suppress(Dropped):
                if self.health()[0] == 200:
                    return
            assert time.monotonic() < deadline, f"not healthy after {DEADLINE_S} s"
            time.sleep(0.2)

    def web_workers(self, *, serving: bool = False) -> list[int]:
        """The gunicorn workers' pids; with ``serving``, only those holding a client's
        connection now (each tablet keeps its connection to one worker)."""
        import psutil

        workers = psutil.Process(self.gunicorn.pid).children()
        if not serving:
            return [worker.pid for worker in workers]
        busy = []
        for worker in workers:
            with contextlib.suppress(psutil.Error):
                connections = worker.net_connections(kind="tcp")
                if any(
                    c.status == psutil.CONN_ESTABLISHED and c.laddr.port == self.port
                    for c in connections
                ):
                    busy.append(worker.pid)
        return busy


@contextlib.contextmanager
def fault_stack() -> Iterator[FaultStack]:
    """Start the whole stack under ``.local/faults`` (its data kept between runs, so only the
    first run migrates from nothing), three gunicorn workers, and stop it on exit."""
    with contextlib.ExitStack() as exits:
        servers = exits.enter_context(local_servers(BASE, web_workers=3))
        [web] = exits.enter_context(web_servers(servers.env))
        assert web.process is not None
        exits.enter_context(celery_worker(servers.env, beat=True))
        supervisor = exits.enter_context(servers.supervised())
        yield FaultStack(
            postgres=servers.postgres,
            redis=servers.redis,
            supervisor=supervisor,
            port=web.port,
            gunicorn=web.process,
            tables=servers.tables,
            auditor=servers.auditor,
            gaming_day=servers.gaming_day,
        )
