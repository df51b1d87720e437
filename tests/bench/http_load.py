"""Drive the real HTTP stack under load: gunicorn on loopback, keep-alive tablets on asyncio.

``served()`` starts gunicorn with the benchmark settings and yields its address; ``Tablet`` is
one tablet's keep-alive connection that times every request; ``run_tablets`` runs one session
coroutine per tablet, all at once, optionally at a dealer's pace, and pools the latencies. The
clients share one event loop in one thread, so the load generator itself stays light and the
latencies measure the server rather than contention among client threads. While the clients
run, the collector of the benchmark's own process is off (as ``timeit`` turns it off): with
Django loaded in it, a full collection stalled the event loop for tens of milliseconds, and
every request in flight then measured the client's pause as the server's latency.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import random
import re
import statistics
import subprocess
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tests.stacks import web_servers

SETTINGS = "tests.bench.server_settings"
SEED = 20_261_129


@contextlib.contextmanager
def served() -> Iterator[tuple[str, int]]:
    """gunicorn serving the project on a free loopback port, configured as in production
    (``deploy/gunicorn.conf.py``); yields (host, port)."""
    with gunicorn() as (host, port, _):
        yield host, port


@contextlib.contextmanager
def gunicorn(
    env: dict[str, str] | None = None, *, settings: str = SETTINGS
) -> Iterator[tuple[str, int, subprocess.Popen[bytes]]]:
    """gunicorn as :func:`served` starts it, with ``env`` added to this process's environment;
    yields (host, port, the master's process), the master stopped on exit."""
    with web_servers({"DJANGO_SETTINGS_MODULE": settings, **(env or {})}) as [web]:
        assert web.process is not None
        yield "127.0.0.1", web.port, web.process


@dataclass
class Tablet:
    """One tablet: a keep-alive connection, a token, and the latency of each request (s)."""

    host: str
    port: int
    token: str | None = None
    latencies: list[float] = field(default_factory=list)
    #: What each request of ``latencies`` was: its method and path, numbers left out.
    kinds: list[str] = field(default_factory=list)
    #: Mean seconds between the starts of two requests (a dealer's pace); ``None``: back to back.
    interval: float | None = None
    next_start: float = 0.0
    _rng: random.Random = field(default_factory=lambda: random.Random(SEED))
    _reader: asyncio.StreamReader | None = None
    _writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        if self.interval is not None:
            delay = self.next_start - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            # Exponential gaps (arrivals of a Poisson process): tablets drift apart as real
            # tables do, rather than reaching their heavy requests (open, settle) in step.
            gap = self._rng.expovariate(1 / self.interval)
            self.next_start = max(time.perf_counter(), self.next_start) + gap
        if self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        assert self._reader is not None
        payload = b"" if body is None else json.dumps(body).encode()
        head = [
            f"{method} {path} HTTP/1.1",
            f"Host: {self.host}",
            "Content-Type: application/json",
            f"Content-Length: {len(payload)}",
        ]
        if self.token:
            head.append(f"Authorization: Token {self.token}")
        start = time.perf_counter()
        self._writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        status_line = await self._reader.readline()
        length = 0
        while (line := await self._reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        data = await self._reader.readexactly(length)
        self.latencies.append(time.perf_counter() - start)
        self.kinds.append(f"{method} {re.sub('/[0-9]+/', '/{id}/', path)}")
        return int(status_line.split()[1]), json.loads(data) if data else None

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(ConnectionError):
                await self._writer.wait_closed()
            self._writer = None


@dataclass(frozen=True)
class LoadResult:
    sessions: int
    seconds: float
    latencies: list[float]
    #: Each latency's request (``Tablet.kinds``).
    kinds: list[str] = field(default_factory=list)

    @property
    def sessions_per_second(self) -> float:
        return self.sessions / self.seconds

    @property
    def requests_per_second(self) -> float:
        return len(self.latencies) / self.seconds

    def percentile_ms(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def by_kind(self) -> dict[str, LoadResult]:
        """The same run's latencies, one result per kind of request."""
        grouped: dict[str, list[float]] = {}
        for kind, latency in zip(self.kinds, self.latencies, strict=True):
            grouped.setdefault(kind, []).append(latency)
        return {
            kind: LoadResult(self.sessions, self.seconds, each) for kind, each in grouped.items()
        }

    @property
    def p50_ms(self) -> float:
        return 1000 * statistics.median(self.latencies)


Session = Callable[[Tablet, int], Awaitable[None]]


def run_tablets(
    tablets: list[Tablet], session: Session, sessions_each: int, *, interval: float | None = None
) -> LoadResult:
    """Every tablet runs ``session(tablet, i)`` ``sessions_each`` times, all tablets at once.

    With ``interval``, each tablet starts its requests at random, ``interval`` seconds apart on
    average (seeded, so runs are comparable), and never before the previous one is answered.
    """

    async def main() -> float:
        origin = time.perf_counter() + 0.1
        for index, tablet in enumerate(tablets):
            tablet.latencies.clear()
            tablet.kinds.clear()
            tablet.interval = interval
            tablet.next_start = origin + (interval or 0) * index / len(tablets)
            tablet._rng.seed(SEED + index)

        async def work(tablet: Tablet) -> None:
            try:
                for i in range(sessions_each):
                    await session(tablet, i)
            finally:
                await tablet.close()

        start = time.perf_counter()
        await asyncio.gather(*(work(tablet) for tablet in tablets))
        return time.perf_counter() - start

    collecting = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        elapsed = asyncio.run(main())
    finally:
        if collecting:
            gc.enable()
    latencies = [t for tablet in tablets for t in tablet.latencies]
    kinds = [k for tablet in tablets for k in tablet.kinds]
    return LoadResult(len(tablets) * sessions_each, elapsed, latencies, kinds)
