"""A scaled-out stack of its own: one PostgreSQL and one Redis (started and supervised by the local
stack's code, profile ``scale``), two web servers (gunicorn as in production, each its own
master on its own port) and two Celery workers (one of them running beat), so that killing a
web server never disturbs the suite's shared test database.

The floor is the fault tests' (``tests.faults.floor``), made in a process of its own.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg

from tests.bench.http_load import _free_port, _wait_healthy
from tests.faults.stack import stack_module

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / ".local" / "scale"


class Web:
    """One web server: a gunicorn master and its workers, on a port that stays its own across
    a restart."""

    def __init__(self, env: dict[str, str], port: int) -> None:
        self.env = env
        self.port = port
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start it and wait until it answers ``/healthz``."""
        self.spawn()
        self.wait_healthy()

    def spawn(self) -> None:
        self.process = subprocess.Popen(
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
            cwd=ROOT,
            env={**os.environ, **self.env},
            start_new_session=True,
        )

    def wait_healthy(self) -> None:
        assert self.process is not None
        _wait_healthy("127.0.0.1", self.port, self.process)

    def kill(self) -> None:
        """SIGKILL to the master and every worker at once: the machine it ran on lost."""
        assert self.process is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.kill()


@dataclass
class ScaleStack:
    postgres: Any
    webs: list[Web]
    workers: list[subprocess.Popen[bytes]]
    tables: list[tuple[int, str]]
    auditor: str

    def database(self) -> psycopg.Connection[Any]:
        """A connection to the stack's database, as its owner, in autocommit mode."""
        return psycopg.connect(
            host=self.postgres.socket_dir,
            port=self.postgres.port,
            user="postgres",
            dbname="casino",
            autocommit=True,
        )


@contextlib.contextmanager
def scale_stack(*, web_workers: int = 2) -> Iterator[ScaleStack]:
    """Start the whole stack under ``.local/scale`` (its data kept between runs, so only the
    first run migrates from nothing) and stop it on exit."""
    stack = stack_module()
    with contextlib.ExitStack() as exits:
        postgres = exits.enter_context(stack.local_postgres(BASE))
        redis = exits.enter_context(stack.local_redis(BASE))
        env = {
            "DATABASE_URL": postgres.url,
            "REDIS_URL": redis.url,
            "LOG_LEVEL": "ERROR",
            "WEB_WORKERS": str(web_workers),
            "AUDIT_REPORT_DISPATCH_SECONDS": "1",
            "STATIC_ROOT": str((BASE / "static").resolve()),
            "DJANGO_SETTINGS_MODULE": "casino.settings",
        }
        (BASE / "static").mkdir(exist_ok=True)
        env.update(stack.local_sealing(BASE, {}))
        made = subprocess.run(
            [sys.executable, "-m", "tests.faults.floor"],
            cwd=ROOT,
            env={**os.environ, **env, "DJANGO_SETTINGS_MODULE": "tests.bench.server_settings"},
            check=True,
            capture_output=True,
            text=True,
        )
        floor = json.loads(made.stdout.strip().splitlines()[-1])
        webs = [Web(env, _free_port()) for _ in range(2)]
        # Started side by side: each takes seconds to import the project.
        for web in webs:
            web.spawn()
            exits.callback(web.stop)
        for web in webs:
            web.wait_healthy()
        workers = [
            exits.enter_context(_worker(env, beat=True)),
            exits.enter_context(_worker(env, beat=False)),
        ]
        exits.enter_context(stack.Supervisor([postgres, redis], interval=0.5))
        yield ScaleStack(
            postgres=postgres,
            webs=webs,
            workers=workers,
            tables=[tuple(table) for table in floor["tables"]],
            auditor=floor["auditor"],
        )


@contextlib.contextmanager
def _worker(env: dict[str, str], *, beat: bool) -> Iterator[subprocess.Popen[bytes]]:
    with tempfile.TemporaryFile() as log, tempfile.TemporaryDirectory() as folder:
        beat_args = ["--beat", "--schedule", str(Path(folder) / "beat-schedule")] if beat else []
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "casino.celery",
                "worker",
                *beat_args,
                "--pool",
                "solo",
                "--loglevel",
                "WARNING",
                "--hostname",
                f"scale-{'beat' if beat else 'plain'}@%h",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            yield process
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(10)
