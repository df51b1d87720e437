"""Liveness and readiness, apart: a process that answers is alive; one that may be sent traffic
is ready.

- ``GET /livez``: 200 whenever the process answers at all. It checks nothing else, so a
  PostgreSQL or Redis that is down never gets a healthy process restarted (it recovers by
  itself when they are back: docs/operations.md "Faults"). The image's ``HEALTHCHECK`` and the
  orchestrator's liveness probe use it.
- ``GET /readyz``: 200 when every migration of the code is applied, PostgreSQL and Redis answer
  and the server is not draining; else 503 naming what is not (``"down": ["migrations"]``).
  The readiness probe uses it: a process is sent traffic only when it can serve it.
- ``GET /healthz`` (``casino.api.views``) stays as it was: the database and Redis only.

**Draining.** While the file ``READINESS_DRAIN_FILE`` exists the server answers ``/readyz``
with 503 ``draining`` and goes on serving everything else: the orchestrator's pre-stop hook
makes it and waits, so the load balancer has stopped sending new requests before the server is
told to stop (SIGTERM), when it finishes those in flight (``deploy/README.md``).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.http import HttpRequest, JsonResponse


def livez(request: HttpRequest) -> JsonResponse:
    """200: the process answers."""
    return JsonResponse({"status": "ok"})


def dependency_checks() -> dict[str, str]:
    """``ok`` for the database and for Redis when each answers, else ``error: <the exception's
    type>``; the database first."""
    checks: dict[str, str] = {}
    for name, probe in (("database", database_ok), ("redis", redis_ok)):
        try:
            probe()
            checks[name] = "ok"
        except Exception as exc:  # any failure of a dependency is a failed check, by design
            checks[name] = f"error: {type(exc).__name__}"
    return checks


def readyz(request: HttpRequest) -> JsonResponse:
    """200 when ready for traffic, else 503 naming what is not (see the module's docstring)."""
    checks: dict[str, str] = {}
    drain_file = settings.READINESS["DRAIN_FILE"]
    if drain_file and Path(drain_file).exists():
        checks["draining"] = "error: the server is shutting down"
    checks.update(dependency_checks())
    if checks["database"] == "ok":
        checks["migrations"] = migrations_check()
    else:
        # Dropped, so the next probe connects afresh and sees the server back when it is.
        connection.close_if_unusable_or_obsolete()
    down = [name for name, value in checks.items() if value != "ok"]
    body: dict[str, Any] = {"status": "unavailable" if down else "ok", "checks": checks}
    if down:
        body["down"] = down
    return JsonResponse(body, status=503 if down else 200)


def database_ok() -> None:
    """:raises Exception: unless PostgreSQL answers, within ``DATABASE_CONNECT_TIMEOUT``."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def redis_ok() -> None:
    """:raises Exception: unless Redis (the cache) keeps what is written, within
    ``REDIS_TIMEOUT``."""
    cache.set("healthz", "1", timeout=5)
    if cache.get("healthz") != "1":
        raise RuntimeError("redis did not return what was written")


#: When (monotonic) this process last found no migration unapplied.
_migrations_ok_at: list[float] = []


def migrations_check() -> str:
    """``"ok"`` when every migration the code has is recorded as applied, else ``"error: ..."``
    naming how many are not. The code's migrations are read from disk once per process; each
    check is then one query, and an ``ok`` is kept ``READINESS["MIGRATIONS_CACHE_S"]`` seconds
    (a release's migrations are applied before its servers start, never undone under them)."""
    if _migrations_ok_at and (
        time.monotonic() - _migrations_ok_at[-1] < settings.READINESS["MIGRATIONS_CACHE_S"]
    ):
        return "ok"
    try:
        applied = set(MigrationRecorder(connections[DEFAULT_DB_ALIAS]).applied_migrations())
    except Exception as exc:  # a failed query is a failed check, by design
        return f"error: {type(exc).__name__}"
    missing = _code_migrations() - applied
    if missing:
        return f"error: {len(missing)} migrations not applied"
    _migrations_ok_at[:] = [time.monotonic()]
    return "ok"


_code_migrations_cache: set[tuple[str, str]] = set()


def _code_migrations() -> set[tuple[str, str]]:
    """Every migration of the installed apps, as (app label, name); a squashed migration's
    replaced ones count as the squashed one."""
    if not _code_migrations_cache:
        loader = MigrationLoader(None, ignore_no_migrations=True)
        _code_migrations_cache.update(loader.graph.nodes)
    return _code_migrations_cache
