"""The local stack supervises its servers (``deploy/local/stack.py``, as ``make run`` and
``make test`` use it), here on the fault tests' own stack.

The bugs: after Redis or PostgreSQL died the stack neither noticed nor restarted them, and a
killed PostgreSQL needed a hand start past its stale ``postmaster.pid``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

from tests.faults.stack import DEADLINE_S, FaultStack, act, open_round, stack_module

SUPERVISION_TABLE = 8


def _note(stack: FaultStack) -> None:
    """A note in the round in play at the supervision tests' own table (opened if none)."""
    table_id, token = stack.tables[SUPERVISION_TABLE]
    dealer = stack.client(token)
    round_id, seen = open_round(dealer, table_id)
    status, body = act(dealer, round_id, seen, "note", {"text": "after a restart"})
    assert status == 200, body


def test_a_killed_postgres_is_restarted_past_its_stale_pid_file(healthy: FaultStack) -> None:
    stack = healthy
    postgres = stack.postgres
    pid_file = postgres.pgdata / "postmaster.pid"
    # A live process that is no postmaster, standing in for one that took the dead one's pid.
    impostor = subprocess.Popen(["sleep", "120"])
    try:
        with stack.supervisor.held():
            pid = postgres.postmaster_pid()
            assert pid is not None
            os.kill(pid, signal.SIGKILL)
            _wait(lambda: not postgres.alive())
            lines = pid_file.read_text().split("\n")
            pid_file.write_text("\n".join([str(impostor.pid), *lines[1:]]))

            # A backend that served the web server's connection outlives its postmaster for a
            # moment (it exits when it notices): until then the health check still reaches it.
            _wait(lambda: _down(stack) == ["database"])
        # Nobody starts it by hand: the supervisor does, and the web server carries on.
        stack.wait_healthy()
        assert postgres.postmaster_pid() not in (None, pid, impostor.pid)
        _note(stack)
    finally:
        impostor.kill()
        impostor.wait()


def test_a_killed_redis_is_restarted_on_its_port(healthy: FaultStack) -> None:
    stack = healthy
    old = stack.redis.process
    with stack.supervisor.held():
        old.send_signal(signal.SIGKILL)
        old.wait()
        health, checks = stack.health()
        assert (health, checks["down"]) == (503, ["redis"])
    stack.wait_healthy()
    assert stack.redis.process is not old and stack.redis.alive()


def test_a_stale_pid_file_is_cleared_and_a_live_postmasters_is_kept(
    healthy: FaultStack, tmp_path: Path
) -> None:
    stack = stack_module()
    pid_file = tmp_path / "postmaster.pid"
    # This test's own pid is alive but no postmaster of that folder: stale.
    pid_file.write_text(f"{os.getpid()}\n{tmp_path}\n")
    assert stack.running_postmaster(tmp_path) is None
    stack.clear_stale_postmaster(tmp_path)
    assert not pid_file.exists()

    running = healthy.postgres.pgdata
    before = (running / "postmaster.pid").read_text()
    assert stack.running_postmaster(running) == healthy.postgres.postmaster_pid() is not None
    stack.clear_stale_postmaster(running)
    assert (running / "postmaster.pid").read_text() == before


def _down(stack: FaultStack) -> list[str] | None:
    """What the health check names down (``None`` while it answers 200)."""
    health, checks = stack.health()
    return checks.get("down") if health == 503 else None


def _wait(condition: object) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline
        time.sleep(0.1)
