"""Suite-wide test set-up: the application's code runs as the runtime role.

pytest-django creates and migrates the test database as the login of ``DATABASE_URL``, its
owner, as the release step does. Then ``db_runtime_role`` makes the runtime role there, and
every connection Django opens switches to it (``SET ROLE``) as soon as it connects, so every
test, service and view runs with the privileges web, worker and beat have. A test that must act
as the owner (to disable a trigger, say) does so with ``tests.owner.as_owner``; the tests of the
role itself log in as it directly (``tests.runtime_login``), as does the Celery worker.

Transactional tests (``django_db(transaction=True)``) end with Django's flush, a TRUNCATE of
every table, which only the owner may do. The audit trail refuses TRUNCATE (a trigger) unless
the table's owner sets ``casino.allow_history_truncate`` for the transaction, so the suite's
flush, and only it, runs as the owner and sets it. This grants the tests nothing the owner could
not do anyway (drop the trigger); production never sets it.

Tiers: every test carries one marker saying what it needs (``unit``: pure code; ``db``: the
database; ``http``: the API through Django's test client; ``browser``: a real Chromium against
a served site; ``stack``: servers of its own), from its folder (``FOLDER_TIERS``) unless it
names its own. ``make check`` runs the fast tiers; ``make test`` every tier on ``pytest-xdist``
workers, each with a test database and a Redis database of its own (``tests/settings.py``):
the browser tier's tests one after another on one worker, the stack tier's likewise on one
(never two browsers, nor two stacks of servers, at once: shared out as groups of a module or a
folder, each test ran slower, the suite no faster, and a report's build outran the page's
wait), the rest shared out among all the workers.

Clock: with ``CASINO_TEST_INSTANT`` set (``make test-clock``), every test starts with Python's
clock travelled to that instant (``tests/clock.py``), ticking on from there.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from casino.core.catalogues import compile_catalogues
from tests.clock import INSTANT_VARIABLE, instants

ROOT = Path(__file__).resolve().parents[1]

#: The tier of each folder's tests (the folder under ``tests/``).
FOLDER_TIERS = {
    "games": "unit",
    "structure": "unit",
    "core": "db",
    "demo": "db",
    "tables": "db",
    "payouts": "db",
    "audit": "db",
    "floor": "db",
    "api": "http",
    "identity": "http",
    "patrons": "http",
    "dealers": "http",
    "tablets": "http",
    "surfaces": "http",
    "deploy": "http",
    "browser": "browser",
    "push": "stack",
    "faults": "stack",
    "scale": "stack",
}
TIERS = frozenset(FOLDER_TIERS.values())
#: Tiers whose tests start servers or a browser: each tier's tests run on one worker, one at a
#: time, in an xdist group named after the tier.
SERIAL_TIERS = frozenset({"browser", "stack"})


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(
        "suite_serial_wall_s",
        "the whole suite's wall time run serially on the reference machine (docs/tests.md)",
        default="0",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give each test its folder's tier unless it names one, and keep each serial tier's tests
    on one worker (first of the hooks: xdist's reads the groups in its own).

    :raises pytest.UsageError: for a test in a folder that has no tier (add it to
        ``FOLDER_TIERS``), so that no test escapes ``make check``'s choice of tiers unseen.
    """
    tests = ROOT / "tests"
    for item in items:
        own = {marker.name for marker in item.iter_markers()} & TIERS
        if not own:
            folder = Path(item.path).relative_to(tests).parts[0]
            if folder not in FOLDER_TIERS:
                raise pytest.UsageError(f"tests/{folder} has no tier: add it to FOLDER_TIERS")
            own = {FOLDER_TIERS[folder]}
            item.add_marker(getattr(pytest.mark, FOLDER_TIERS[folder]))
        for tier in sorted(own & SERIAL_TIERS)[:1]:  # a test of both tiers: the browser's
            item.add_marker(pytest.mark.xdist_group(tier))


def pytest_xdist_node_collection_finished(node: Any, ids: list[str]) -> None:
    """With ``--dist loadgroup``, stop if a worker's serial-tier tests came without their group:
    xdist groups by a suffix of the node id, which some pytest releases no longer let it set,
    and the browser and stack tests would then run at once on every worker."""
    if node.config.getvalue("dist") != "loadgroup":
        return
    serial = tuple(
        f"tests/{folder}/" for folder, tier in FOLDER_TIERS.items() if tier in SERIAL_TIERS
    )
    lost = [nodeid for nodeid in ids if nodeid.startswith(serial) and "@" not in nodeid]
    if lost:
        pytest.exit(
            f"xdist did not group {len(lost)} tests of the serial tiers ({lost[0]}, ...): this "
            "pytest's node ids cannot be suffixed by xdist (pyproject.toml pins pytest below it)",
            returncode=pytest.ExitCode.USAGE_ERROR,
        )


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config.stash[_STARTED] = time.monotonic()


_STARTED = pytest.StashKey[float]()


class _WorkerTimes:
    """Each xdist worker's time in tests (set-up, call and tear-down), by its id, from the
    reports the controller receives: how evenly ``make test``'s groups were shared out; and the
    same time by folder of ``tests/``, where the suite's minutes go."""

    name = "worker-times"

    def __init__(self) -> None:
        self.busy: dict[str, float] = {}
        self.by_folder: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        node = getattr(report, "node", None)  # set by xdist on the controller's reports
        if node is not None:
            worker = node.gateway.id
            self.busy[worker] = self.busy.get(worker, 0.0) + report.duration
            folder = report.nodeid.split("::")[0].rsplit("/", 1)[0]
            self.by_folder[folder] = self.by_folder.get(folder, 0.0) + report.duration


def pytest_configure(config: pytest.Config) -> None:
    # The pages' words in every language (docs/i18n.md): git keeps the .po files, the servers
    # and the pages' tests read the .mo compiled from them. Before xdist starts its workers.
    compile_catalogues()
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(_WorkerTimes(), _WorkerTimes.name)


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """After a run of the whole suite, its wall time as a benchmark figure, against the serial
    run recorded for this machine (docs/tests.md, "In parallel")."""
    whole = [str(arg) for arg in config.args] in ([], ["tests"], [str(ROOT / "tests")])
    if not whole or hasattr(config, "workerinput") or config.option.markexpr:
        return
    wall = time.monotonic() - config.stash[_STARTED]
    serial = float(config.getini("suite_serial_wall_s"))
    ratio = f"{wall / serial:.2f}" if serial else "n/a"
    terminalreporter.write_line(f"bench suite_wall {wall:.0f} s ratio {ratio} vs suite_serial_last")
    times = config.pluginmanager.get_plugin(_WorkerTimes.name)
    if times is not None and times.busy:
        shares = ", ".join(f"{worker} {busy:.0f} s" for worker, busy in sorted(times.busy.items()))
        terminalreporter.write_line(f"time in tests by worker: {shares}")
        folders = sorted(times.by_folder.items(), key=lambda item: -item[1])
        shares = ", ".join(f"{folder} {busy:.0f} s" for folder, busy in folders)
        terminalreporter.write_line(f"time in tests by folder: {shares}")


@pytest.fixture(autouse=True)
def _travelled_clock() -> Iterator[None]:
    """Python's clock at ``CASINO_TEST_INSTANT`` for the test, ticking, when the run names one."""
    name = os.environ.get(INSTANT_VARIABLE)
    if not name:
        yield
        return
    import time_machine

    with time_machine.travel(instants()[name].moment, tick=True):
        yield


ALLOW_HISTORY_TRUNCATE = "SET LOCAL casino.allow_history_truncate = 'on'"


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """pytest-django's test database, then the runtime role made on it and switched to by
    every connection, until the session's teardown drops the database as the owner."""
    from django.core.management import call_command
    from django.db import DatabaseError, connections, transaction
    from django.db.backends.signals import connection_created

    from casino.core.db_roles import runtime_role

    role = runtime_role()
    statement = f'SET ROLE "{role}"'

    def run_as_runtime_role(sender: object, connection: Any, **kwargs: object) -> None:
        # A new connection is in autocommit mode here: the role holds for the whole session,
        # whatever transaction comes next.
        with connection.cursor() as cursor:
            cursor.execute(statement)

    with django_db_blocker.unblock():
        with _cluster_lock():
            call_command("db_runtime_role", verbosity=0)
        with connections["default"].cursor() as cursor:
            try:
                with transaction.atomic():
                    cursor.execute(statement)
            except DatabaseError:
                # An owner that is no superuser may switch only to a role granted to it (and
                # from PostgreSQL 16 making a role grants it ADMIN, not SET): the suite's own
                # grant, which gives the owner nothing it has not got.
                cursor.execute(f'GRANT "{role}" TO CURRENT_USER')
            cursor.execute("RESET ROLE")
        connection_created.connect(run_as_runtime_role, weak=False, dispatch_uid=statement)
        for connection in connections.all(initialized_only=True):
            if connection.connection is not None:
                run_as_runtime_role(None, connection)
    try:
        yield
    finally:
        connection_created.disconnect(dispatch_uid=statement)
        # Dropping the test database needs the owner: its connections start afresh.
        with django_db_blocker.unblock():
            connections.close_all()


@contextlib.contextmanager
def _cluster_lock() -> Iterator[None]:
    """One test process at a time makes the runtime role: roles belong to the whole server, so
    two xdist workers setting up their databases at once would both try to create it."""
    lock_file = ROOT / ".local" / "test-runtime-role.lock"
    lock_file.parent.mkdir(exist_ok=True)
    with lock_file.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session", autouse=True)
def _flush_may_truncate_history(request: pytest.FixtureRequest) -> Iterator[None]:
    # The engine tests also run without Django (``-p no:django``): nothing to flush then.
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from django.db.backends.postgresql.operations import DatabaseOperations

    from casino.core.roles import Role
    from tests.owner import as_owner

    original = DatabaseOperations.execute_sql_flush
    # The rows the migrations made that a flush takes away: one group per role.
    restore_role_groups = "INSERT INTO auth_group (name) VALUES {} ON CONFLICT DO NOTHING".format(
        ", ".join(f"('{role.value}')" for role in Role)
    )

    def execute_sql_flush(self: DatabaseOperations, sql_list: list[str]) -> None:
        # execute_sql_flush runs its statements in one transaction: SET LOCAL lasts exactly
        # as long as the flush. The role groups the migrations made come back with it, as a
        # new database has them: whichever test a worker runs next, in whatever order.
        with self.connection.cursor() as cursor, as_owner(cursor):
            original(self, [ALLOW_HISTORY_TRUNCATE, *sql_list, restore_role_groups])

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DatabaseOperations, "execute_sql_flush", execute_sql_flush)
        yield
