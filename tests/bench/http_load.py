"""Drive the real HTTP stack under load: gunicorn on loopback, keep-alive clients in threads.

``served()`` migrates the benchmark database, starts gunicorn with the benchmark settings and
yields its base URL; ``Client`` is one tablet's keep-alive connection that times every request;
``run_clients`` runs one session function per tablet at the same time and pools the latencies.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = "tests.bench.bench_settings"


@contextlib.contextmanager
def served(*, workers: int = 4, threads: int = 4) -> Iterator[tuple[str, int]]:
    """gunicorn serving the project on a free loopback port; yields (host, port)."""
    env = dict(os.environ, DJANGO_SETTINGS_MODULE=SETTINGS)
    bin_dir = Path(sys.executable).parent
    port = _free_port()
    process = subprocess.Popen(
        [
            str(bin_dir / "gunicorn"),
            "casino.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--worker-class",
            "gthread",
            "--threads",
            str(threads),
            "--keep-alive",
            "30",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    try:
        _wait_healthy("127.0.0.1", port, process)
        yield "127.0.0.1", port
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(30)


@dataclass
class Client:
    """One tablet: a keep-alive connection, a token, and the latency of each request (s)."""

    host: str
    port: int
    token: str | None = None
    latencies: list[float] = field(default_factory=list)
    #: Seconds between the starts of two requests (a dealer's pace); ``None``: back to back.
    interval: float | None = None
    _conn: http.client.HTTPConnection | None = None
    _next_start: float = 0.0

    def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        if self._conn is None:
            self._conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        sent = {"Content-Type": "application/json", **(headers or {})}
        if self.token:
            sent["Authorization"] = f"Token {self.token}"
        payload = None if body is None else json.dumps(body)
        if self.interval is not None:
            now = time.perf_counter()
            if self._next_start > now:
                time.sleep(self._next_start - now)
            self._next_start = max(now, self._next_start) + self.interval
        start = time.perf_counter()
        self._conn.request(method, path, body=payload, headers=sent)
        response = self._conn.getresponse()
        data = response.read()
        self.latencies.append(time.perf_counter() - start)
        return response.status, json.loads(data) if data else None

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()


@dataclass(frozen=True)
class LoadResult:
    sessions: int
    seconds: float
    latencies: list[float]

    @property
    def sessions_per_second(self) -> float:
        return self.sessions / self.seconds

    @property
    def requests_per_second(self) -> float:
        return len(self.latencies) / self.seconds

    def percentile_ms(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    @property
    def p50_ms(self) -> float:
        return 1000 * statistics.median(self.latencies)


def run_clients(
    clients: list[Client],
    session: Callable[[Client, int], None],
    sessions_each: int,
    *,
    interval: float | None = None,
) -> LoadResult:
    """Every client runs ``session(client, i)`` ``sessions_each`` times, all clients at once.

    With ``interval``, each client starts a request at most every ``interval`` seconds, the
    clients offset evenly so their requests do not arrive in bursts.
    """
    errors: list[BaseException] = []
    barrier = threading.Barrier(len(clients) + 1)

    def work(client: Client) -> None:
        barrier.wait()
        try:
            for i in range(sessions_each):
                session(client, i)
        except BaseException as exc:  # reported after the run: a failed session voids it
            errors.append(exc)

    origin = time.perf_counter() + 0.2
    for index, client in enumerate(clients):
        client.latencies.clear()
        client.interval = interval
        client._next_start = origin + (interval or 0) * index / len(clients)
    threads = [threading.Thread(target=work, args=(c,)) for c in clients]
    for thread in threads:
        thread.start()
    barrier.wait()
    start = time.perf_counter()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    if errors:
        raise errors[0]
    latencies = [t for c in clients for t in c.latencies]
    return LoadResult(len(clients) * sessions_each, elapsed, latencies)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_healthy(host: str, port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("gunicorn exited at start")
        with contextlib.suppress(OSError, http.client.HTTPException):
            conn = http.client.HTTPConnection(host, port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        time.sleep(0.2)
    raise RuntimeError("the server did not become healthy")
