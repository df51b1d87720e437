"""What the tests' own stacks are made of, so that stopping, killing and restarting their
servers never disturbs the suite's shared test database.

PostgreSQL and Redis are started and supervised by the local stack's own code
(``deploy/local/stack.py``) under a folder of a suite's own (``local_servers``), with the floor
the fault and scale-out suites play on made in a process of its own; the web servers are
gunicorn as in production (``web_servers``, which the HTTP benchmarks start too), the Celery
workers the project's (``celery_worker``; ``worker_command`` is also the suite's shared worker's
command). Every process runs in a session of its own, so stopping one stops its children.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import http.client
import importlib.util
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
from types import ModuleType
from typing import IO, Any

import psycopg

ROOT = Path(__file__).resolve().parents[1]
#: How long a web server may take to answer ``/healthz`` after it was started.
START_DEADLINE_S = 60


def stack_module() -> ModuleType:
    """``deploy/local/stack.py``, which is a script, loaded as a module."""
    name = "casino_local_stack"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "deploy" / "local" / "stack.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def free_port() -> int:
    """A loopback port nothing listens on now, chosen as the launcher chooses its own."""
    return int(stack_module()._free_port())


def wait_healthy(host: str, port: int, process: subprocess.Popen[bytes]) -> None:
    """Until the server of ``process`` answers ``GET /healthz`` with a 200.

    :raises RuntimeError: when the process exits first, or after ``START_DEADLINE_S``.
    """
    deadline = time.monotonic() + START_DEADLINE_S
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


def session_process(
    command: list[str], env: dict[str, str], output: IO[bytes] | None = None
) -> subprocess.Popen[bytes]:
    """``command`` started in the project's folder with ``env`` added to this process's
    environment, in a session of its own (what ``stop_session`` and ``kill_session`` stop);
    its output and errors to ``output`` if given, else to this process's."""
    return subprocess.Popen(
        command,
        cwd=ROOT,
        env={**os.environ, **env},
        stdout=output,
        stderr=None if output is None else subprocess.STDOUT,
        start_new_session=True,
    )


def stop_session(process: subprocess.Popen[bytes], grace_s: float = 30) -> None:
    """SIGTERM to every process of the session ``process`` leads, and SIGKILL to them if it has
    not exited ``grace_s`` later."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(grace_s)
    except subprocess.TimeoutExpired:
        kill_session(process)


def kill_session(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL to every process of the session ``process`` leads, at once."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(10)


class Web:
    """One web server: a gunicorn master and its workers, configured as in production
    (``deploy/gunicorn.conf.py``), on a port that stays its own across a restart."""

    def __init__(self, env: dict[str, str], port: int) -> None:
        #: Added to this process's environment; names the settings (``DJANGO_SETTINGS_MODULE``).
        self.env = env
        self.port = port
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start it and wait until it answers ``/healthz``."""
        self.spawn()
        self.wait_healthy()

    def spawn(self) -> None:
        self.process = session_process(
            [
                str(Path(sys.executable).parent / "gunicorn"),
                "casino.wsgi",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--config",
                str(ROOT / "deploy" / "gunicorn.conf.py"),
                "--log-level",
                "warning",
            ],
            self.env,
        )

    def wait_healthy(self) -> None:
        assert self.process is not None
        wait_healthy("127.0.0.1", self.port, self.process)

    def kill(self) -> None:
        """SIGKILL to the master and every worker at once: the machine it ran on lost."""
        assert self.process is not None
        kill_session(self.process)

    def stop(self) -> None:
        """SIGTERM to the master and its workers, SIGKILL after 30 s; nothing if it is not
        running."""
        if self.process is not None and self.process.poll() is None:
            stop_session(self.process)


@contextlib.contextmanager
def web_servers(env: dict[str, str], count: int = 1) -> Iterator[list[Web]]:
    """``count`` web servers with ``env``, each on a free port of its own, healthy; stopped on
    exit. They are started side by side: each takes seconds to import the project."""
    webs = [Web(env, free_port()) for _ in range(count)]
    with contextlib.ExitStack() as exits:
        for web in webs:
            web.spawn()
            exits.callback(web.stop)
        for web in webs:
            web.wait_healthy()
        yield webs


def worker_command(*options: str) -> list[str]:
    """``celery worker`` of the project with ``options``: one process (solo pool), warnings
    only, and none of the gossip, mingling and heartbeats a single test worker has no use for."""
    return [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "casino.celery",
        "worker",
        *options,
        "--pool",
        "solo",
        "--loglevel",
        "WARNING",
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
    ]


@contextlib.contextmanager
def celery_worker(
    env: dict[str, str], *, beat: bool, hostname: str | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """A Celery worker (one process, solo pool) with ``env`` added to this process's
    environment, running beat too if ``beat`` (its schedule in a folder of its own); stopped
    on exit.

    Its output goes to a temporary file, not a pipe nobody reads: a pipe that fills up would
    stall the worker.
    """
    with tempfile.TemporaryFile() as log, tempfile.TemporaryDirectory() as folder:
        beat_options = ["--beat", "--schedule", str(Path(folder) / "beat-schedule")] if beat else []
        hostname_options = ["--hostname", hostname] if hostname else []
        process = session_process(worker_command(*beat_options, *hostname_options), env, log)
        try:
            yield process
        finally:
            stop_session(process)


@dataclass
class Servers:
    """A private stack's PostgreSQL and Redis, the environment its other processes run with,
    and the floor made on it: open tables (id, the dealer's device token) and an auditor's
    device token, and the casino's gaming day when the floor was made."""

    postgres: Any
    redis: Any
    env: dict[str, str]
    tables: list[tuple[int, str]]
    auditor: str
    gaming_day: dt.date

    def supervised(self) -> contextlib.AbstractContextManager[Any]:
        """The local stack's supervisor of this PostgreSQL and Redis, checking every half
        second: entered after every other process, so it is stopped before any of them."""
        return stack_module().Supervisor([self.postgres, self.redis], interval=0.5)


@contextlib.contextmanager
def local_servers(base: Path, *, web_workers: int) -> Iterator[Servers]:
    """PostgreSQL and Redis under ``base`` (their data kept between runs, so only the first run
    migrates from nothing), the floor of ``tests.faults.floor`` made on them; stopped on exit.

    The environment names the project's settings, ``web_workers`` gunicorn workers a server,
    and a report outbox swept every second.
    """
    stack = stack_module()
    with stack.local_postgres(base) as postgres, stack.local_redis(base) as redis:
        env = {
            "DATABASE_URL": postgres.url,
            "REDIS_URL": redis.url,
            "LOG_LEVEL": "ERROR",
            "WEB_WORKERS": str(web_workers),
            # The outbox of reports is swept every second, not every half minute.
            "AUDIT_REPORT_DISPATCH_SECONDS": "1",
            "STATIC_ROOT": str((base / "static").resolve()),
            "DJANGO_SETTINGS_MODULE": "casino.settings",
        }
        (base / "static").mkdir(exist_ok=True)
        env.update(stack.local_sealing(base, {}))
        floor = _made_floor(env)
        yield Servers(
            postgres=postgres,
            redis=redis,
            env=env,
            tables=[tuple(table) for table in floor["tables"]],
            auditor=floor["auditor"],
            gaming_day=dt.date.fromisoformat(floor["gaming_day"]),
        )


def owner_connection(postgres: Any) -> psycopg.Connection[Any]:
    """A connection to the stack's database as its owner (the URL the stack's processes
    are given), in autocommit mode."""
    return psycopg.connect(postgres.url, autocommit=True)


def _made_floor(env: dict[str, str]) -> dict[str, Any]:
    """The floor, made in a process of its own on the benchmarks' settings (the floor's code
    is theirs); what it printed last."""
    made = subprocess.run(
        [sys.executable, "-m", "tests.faults.floor"],
        cwd=ROOT,
        env={**os.environ, **env, "DJANGO_SETTINGS_MODULE": "tests.bench.server_settings"},
        check=True,
        capture_output=True,
        text=True,
    )
    return dict(json.loads(made.stdout.strip().splitlines()[-1]))
