"""The project behind PgBouncer in transaction mode (``DATABASE_POOL_MODE=transaction``), where a
client's next transaction may run on another server session: nothing may outlive a
transaction on the session it ran on.

No PgBouncer can be installed by the project's own files (no wheel on PyPI carries one, and
building it needs libevent's headers), so the constraints are asserted against PostgreSQL
itself: every statement a representative workload sends (a dealer's round through the API,
with a retried request and a refused one, a device-token sign-in, the pit view, a gaming-day
report requested and built, an audit checkpoint sealed) is watched at the driver, and the
session is examined after it. Refused: a session-level advisory lock, a ``SET`` (or
``set_config(..., false)``) that outlives its transaction, a ``LISTEN``, a prepared statement
(SQL ``PREPARE`` or the driver's own), a server-side cursor, a temporary table that outlives its
transaction.

``SET TRANSACTION`` and ``SET LOCAL`` end with their transaction. PgBouncer carries the
parameters the server reports (``TimeZone``, ``client_encoding``, ``DateStyle``,
``standard_conforming_strings``, ``application_name``) from one server session to the next, so
setting those is allowed. The suite's own switch to the runtime role (``SET ROLE``, sent by
``tests/conftest.py`` when a connection opens) is not the application's: production logs in as
the role.
"""

from __future__ import annotations

import datetime as dt
import re
import runpy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connections
from django.utils import timezone
from psycopg import sql

from audit.services.checkpoints import checkpoint_seal
from audit.services.reports.build import report_build, report_request
from casino.core.db_roles import runtime_role
from casino.core.gaming_day import gaming_day_of
from tests.audit.factories import Tablet, settled_round

ROOT = Path(__file__).resolve().parents[2]

#: Parameters PgBouncer restores on whichever server session it hands a client.
TRACKED = {"timezone", "client_encoding", "datestyle", "standard_conforming_strings"}
TRACKED |= {"application_name"}

SESSION_ADVISORY = re.compile(r"\bpg_(try_)?advisory_lock(_shared)?\s*\(", re.I)
SET = re.compile(r"^\s*(SET|RESET)\s+(?!LOCAL\b|TRANSACTION\b)(SESSION\s+)?(\w+)", re.I)
SET_CONFIG = re.compile(r"\bset_config\s*\(\s*'(\w+)'\s*,[^,]+,\s*false\s*\)", re.I)
LISTEN = re.compile(r"^\s*(LISTEN|UNLISTEN)\b", re.I)
PREPARE = re.compile(r"^\s*(PREPARE|EXECUTE|DEALLOCATE)\b", re.I)
CURSOR = re.compile(r"^\s*DECLARE\b", re.I)
TEMP_TABLE = re.compile(r"\bCREATE\s+(GLOBAL\s+|LOCAL\s+)?TEMP(ORARY)?\s+TABLE\b", re.I)


@dataclass
class Watch:
    """Every statement sent through psycopg while installed, and what breaks a transaction
    pool among them."""

    statements: list[str] = field(default_factory=list)
    server_cursors: int = 0

    def violations(self) -> list[str]:
        harness = f'SET ROLE "{runtime_role()}"'
        found = []
        for statement in self.statements:
            text = statement.strip()
            if text == harness:
                continue
            if SESSION_ADVISORY.search(text):
                found.append(f"session-level advisory lock: {text[:120]}")
            if (match := SET.match(text)) and _parameter(match.group(3)) not in TRACKED:
                found.append(f"session SET: {text[:120]}")
            for name in SET_CONFIG.findall(text):
                if name.lower() not in TRACKED:
                    found.append(f"session set_config: {text[:120]}")
            if LISTEN.match(text):
                found.append(f"LISTEN: {text[:120]}")
            if PREPARE.match(text):
                found.append(f"SQL prepared statement: {text[:120]}")
            if CURSOR.match(text):
                found.append(f"server-side cursor: {text[:120]}")
            if TEMP_TABLE.search(text) and not re.search(r"ON\s+COMMIT\s+DROP", text, re.I):
                found.append(f"temporary table kept past its transaction: {text[:120]}")
        if self.server_cursors:
            found.append(f"{self.server_cursors} server-side cursor(s) opened")
        return found


def _parameter(word: str) -> str:
    # ``SET TIME ZONE`` is the SQL standard's spelling of ``SET TimeZone``.
    return "timezone" if word.lower() == "time" else word.lower()


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    """Record every statement any psycopg cursor sends (Django's among them), server-side
    cursors apart."""
    watched = Watch()

    def text(query: Any, cursor: Any) -> str:
        if isinstance(query, sql.Composable):
            return query.as_string(cursor.connection)
        return query.decode() if isinstance(query, bytes) else str(query)

    def wrap(name: str, *, server: bool = False) -> None:
        owner = psycopg.ServerCursor if server else psycopg.Cursor
        original = getattr(owner, name)

        def watched_call(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
            if server:
                watched.server_cursors += 1
            watched.statements.append(text(query, self))
            return original(self, query, *args, **kwargs)

        monkeypatch.setattr(owner, name, watched_call)

    for name in ("execute", "executemany", "copy", "stream"):
        wrap(name)
    wrap("execute", server=True)
    yield watched


@pytest.fixture
def pool_mode(settings: Any) -> Callable[[str], None]:
    """Reconnect the default database configured as the settings do for a pool mode."""

    def switch(mode: str) -> None:
        configured = settings_for({"DATABASE_POOL_MODE": mode})["DATABASES"]["default"]
        connection = connections["default"]
        connection.close()
        connection.settings_dict["OPTIONS"]["prepare_threshold"] = configured["OPTIONS"][
            "prepare_threshold"
        ]
        connection.settings_dict["DISABLE_SERVER_SIDE_CURSORS"] = configured.get(
            "DISABLE_SERVER_SIDE_CURSORS", False
        )
        connection.ensure_connection()

    original = dict(connections["default"].settings_dict)
    yield switch
    connection = connections["default"]
    connection.close()
    connection.settings_dict["OPTIONS"]["prepare_threshold"] = original["OPTIONS"][
        "prepare_threshold"
    ]
    connection.settings_dict["DISABLE_SERVER_SIDE_CURSORS"] = original.get(
        "DISABLE_SERVER_SIDE_CURSORS", False
    )


def settings_for(environ: dict[str, str]) -> dict[str, Any]:
    """The project's settings module run afresh with ``environ`` added."""
    with pytest.MonkeyPatch.context() as patch:
        for name, value in environ.items():
            patch.setenv(name, value)
        return runpy.run_path(str(ROOT / "casino" / "settings.py"))


def session_state() -> dict[str, int]:
    """What the default connection's server session keeps beyond its transactions."""
    with connections["default"].cursor() as cursor:
        cursor.execute(
            """
            SELECT (SELECT count(*) FROM pg_prepared_statements),
                   (SELECT count(*) FROM pg_locks
                     WHERE locktype = 'advisory' AND pid = pg_backend_pid()),
                   (SELECT count(*) FROM pg_listening_channels()),
                   (SELECT count(*) FROM pg_cursors),
                   (SELECT count(*) FROM pg_class WHERE relnamespace = pg_my_temp_schema())
            """
        )
        prepared, advisory, listening, cursors, temporary = cursor.fetchone()
    return {
        "prepared_statements": prepared,
        "advisory_locks": advisory,
        "listening": listening,
        "cursors": cursors,
        "temporary_tables": temporary,
    }


def workload(
    floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Callable[[str | None], Any],
    checkpoints: Path,
    settings: Any,
) -> None:
    """What web and worker send in a working day, in small: a device-token sign-in, a dealer's
    round with a retried and a refused request, the table and the pit view, a report of a
    closed day requested and built, a checkpoint sealed."""
    from rest_framework.test import APIClient

    signed_in = APIClient().post(
        "/api/v1/auth/device-token/",
        {"username": "dealer", "password": "pw-dealer", "device_name": "pool"},
        format="json",
    )
    assert signed_in.status_code == 201, signed_in.json()
    tablet = Tablet(client_for("dealer"))
    tablet.open(floor["table"])
    tablet.act("place_wagers", box=1, player="P1", ante="10", bonus=None)
    retried = tablet.client.post(
        f"/api/v1/rounds/{tablet.round_id}/actions/",
        {"expected_event": tablet.seen, "action": "close_bets"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="pool-close-bets",
    )
    again = tablet.client.post(
        f"/api/v1/rounds/{tablet.round_id}/actions/",
        {"expected_event": tablet.seen, "action": "close_bets"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="pool-close-bets",
    )
    assert retried.status_code == again.status_code == 200
    assert again.json() == retried.json()
    stale = tablet.client.post(
        f"/api/v1/rounds/{tablet.round_id}/actions/",
        {"expected_event": tablet.seen, "action": "close_bets"},
        format="json",
    )
    assert stale.status_code == 409
    tablet.seen = retried.json()["last_event_seq"]
    tablet.act("deal_box", box=1, cards="8h 8s Kd 7c 3s".split())
    tablet.act("deal_card", target="dealer", card="2c")
    tablet.act("bet", box=1)
    tablet.act("reveal_dealer", cards="Ac Kh 9d 6s".split())
    tablet.settle()
    assert tablet.client.get(f"/api/v1/tables/{floor['table'].pk}/").status_code == 200
    pit_boss = client_for("pit_boss")
    assert pit_boss.get(f"/api/v1/pits/{floor['pit'].pk}/view/").status_code == 200

    casino = floor["pit"].casino
    yesterday = gaming_day_of(
        timezone.now(), time_zone=casino.time_zone, start_hour=casino.gaming_day_start_hour
    ) - dt.timedelta(days=1)
    settled_round(
        floor["table"],
        users["dealer"],
        yesterday,
        stakes=[(1, "ante", "40")],
        returns=[(1, "ante", "lose", "40", "0", "0")],
    )
    report = report_request(actor=users["auditor"], gaming_day=yesterday)
    assert report_build(report_id=report.pk).status == "done"

    settings.AUDIT_CHECKPOINTS = {**settings.AUDIT_CHECKPOINTS, "TARGET": str(checkpoints)}
    assert checkpoint_seal() is not None


@pytest.mark.django_db(transaction=True)
def test_in_transaction_mode_nothing_outlives_a_transaction_on_its_session(
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Callable[[str | None], Any],
    pool_mode: Callable[[str], None],
    watch: Watch,
    settings: Any,
    tmp_path: Path,
) -> None:
    pool_mode("transaction")
    assert connections["default"].connection.prepare_threshold is None
    workload(audit_floor, users, client_for, tmp_path, settings)
    # The workload did run through the watch (else nothing was checked).
    assert len(watch.statements) > 100
    assert any("pg_advisory_xact_lock" in statement for statement in watch.statements)
    assert watch.violations() == []
    assert session_state() == {
        "prepared_statements": 0,
        "advisory_locks": 0,
        "listening": 0,
        "cursors": 0,
        "temporary_tables": 0,
    }


@pytest.mark.django_db(transaction=True)
def test_in_session_mode_the_driver_prepares_statements_which_a_transaction_pool_would_lose(
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Callable[[str | None], Any],
    pool_mode: Callable[[str], None],
    settings: Any,
    tmp_path: Path,
) -> None:
    """The examination can fail: with the default (a session per client), the same workload
    leaves the driver's prepared statements on the session, which the next client of a
    transaction pool would not find (or would find clashing with its own)."""
    pool_mode("session")
    workload(audit_floor, users, client_for, tmp_path, settings)
    assert session_state()["prepared_statements"] > 0


def test_the_watch_refuses_what_breaks_a_transaction_pool() -> None:
    watched = Watch(
        statements=[
            "SELECT pg_advisory_lock(1)",
            "SELECT pg_try_advisory_lock_shared(1)",
            "SET search_path = x",
            "SET SESSION statement_timeout = 5",
            "SELECT set_config('search_path', 'x', false)",
            "LISTEN pit",
            "PREPARE p AS SELECT 1",
            "DECLARE c CURSOR WITH HOLD FOR SELECT 1",
            "CREATE TEMPORARY TABLE t AS SELECT 1",
        ],
        server_cursors=1,
    )
    assert len(watched.violations()) == 10
    allowed = Watch(
        statements=[
            "SELECT pg_advisory_xact_lock(1)",
            "SET LOCAL statement_timeout = 5",
            "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ",
            "SELECT set_config('TimeZone', 'UTC', false)",
            "SELECT set_config('casino.x', 'on', true)",
            "CREATE TEMPORARY TABLE t ON COMMIT DROP AS SELECT 1",
            f'SET ROLE "{runtime_role()}"',
        ]
    )
    assert allowed.violations() == []


def test_transaction_mode_switches_off_prepared_statements_and_server_side_cursors() -> None:
    pooled = settings_for({"DATABASE_POOL_MODE": "transaction"})["DATABASES"]["default"]
    assert pooled["OPTIONS"]["prepare_threshold"] is None
    assert pooled["DISABLE_SERVER_SIDE_CURSORS"] is True
    session = settings_for({"DATABASE_POOL_MODE": "session"})["DATABASES"]["default"]
    assert session["OPTIONS"]["prepare_threshold"] == 5
    assert session.get("DISABLE_SERVER_SIDE_CURSORS", False) is False
    with pytest.raises(ImproperlyConfigured, match="DATABASE_POOL_MODE"):
        settings_for({"DATABASE_POOL_MODE": "statement"})


def test_a_replica_url_adds_the_replica_database_and_the_primary_stays_default() -> None:
    configured = settings_for(
        {
            "DATABASE_URL": "postgres://app@/casino?host=/run/primary&port=5432",
            "DATABASE_REPLICA_URL": "postgres://app@replica.internal:5433/casino",
        }
    )
    replica = configured["DATABASES"]["replica"]
    assert (replica["HOST"], replica["PORT"], replica["NAME"]) == (
        "replica.internal",
        5433,
        "casino",
    )
    # Not the primary's socket: where the primary is does not leak into the replica's options.
    assert "host" not in replica["OPTIONS"]
    assert (
        replica["OPTIONS"]["connect_timeout"]
        == configured["DATABASES"]["default"]["OPTIONS"]["connect_timeout"]
    )
    assert replica["TEST"] == {"MIRROR": "default"}
    assert configured["DATABASE_ROUTERS"] == ["casino.core.db_router.ReplicaRouter"]
    assert "replica" not in settings_for({})["DATABASES"]
