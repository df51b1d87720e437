"""A real Celery worker for tests: a separate process consuming the real Redis broker."""

from __future__ import annotations

import contextlib
import os
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from tests.runtime_login import database_url
from tests.stacks import worker_command

ROOT = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def celery_worker(**env: str) -> Iterator[subprocess.Popen[bytes]]:
    """Run ``celery worker`` (one process, solo pool) with ``env`` added to this process's
    environment, and stop it on exit.

    Unless ``env`` names another, its ``DATABASE_URL`` is the suite's database logged in as the
    runtime role, as a production worker's is.

    Its output goes to a temporary file, not a pipe nobody reads: a pipe that fills up would
    stall the worker in the middle of a test.
    """
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            worker_command(),
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": database_url(), **env},
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            yield process
        finally:
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
