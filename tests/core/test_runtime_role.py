"""The runtime role, logged in as itself, cannot switch the history's protection off.

Each test here logs in to the test database directly as the runtime role (a separate
connection, as web, worker and beat do) and tries what only an owner may do; PostgreSQL must
refuse it for lack of privilege (SQLSTATE 42501), not for any other reason. That the role can
do what the application does is shown by the whole suite, which runs as it
(``tests/conftest.py``), and by a process logged in as it appending to the trail here. The
command that makes the role is tested at the end, as the owner.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from psycopg import errors

from casino.core.db_roles import HISTORY_TABLES, runtime_role, table_privileges
from tests.owner import as_owner
from tests.runtime_login import connect, database_url

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
#: The migrations' trigger functions that refuse every row they fire for, unconditionally: a
#: table with one of them BEFORE UPDATE and DELETE of each row is history.
REFUSE_EVERY_ROW = ["audit_refuse_change", "casino_refuse_history_change"]
HISTORY = sorted(HISTORY_TABLES)


@pytest.fixture
def runtime() -> Iterator[psycopg.Connection[tuple[object, ...]]]:
    """A connection logged in as the runtime role; a lock wait fails fast instead of hanging
    (it would not be the refusal the tests expect)."""
    conn = connect()
    try:
        conn.execute("SET lock_timeout = '5s'")
        conn.commit()
        yield conn
    finally:
        conn.rollback()
        conn.close()


def refused(conn: psycopg.Connection[tuple[object, ...]], statement: str, message: str) -> None:
    """``statement`` fails for lack of privilege with ``message``; its transaction is rolled
    back, so the next attempt starts clean."""
    with pytest.raises(errors.InsufficientPrivilege, match=f"^{re.escape(message)}"):
        conn.execute(statement)
    conn.rollback()


def owner() -> str:
    """The tables' owner, who made and migrated the test database."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT tableowner FROM pg_tables WHERE tablename = 'django_migrations'")
        return str(cursor.fetchone()[0])


def needs_a_superuser() -> None:
    """Skip unless the owner is a superuser (as on the local server): the test makes or reads
    what only a superuser may (a superuser role, a membership in the owner, a password)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = session_user")
        if not cursor.fetchone()[0]:
            pytest.skip("the owner is not a superuser")


def tables() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1"
        )
        return [row[0] for row in cursor.fetchall()]


def test_the_suite_runs_as_the_runtime_role() -> None:
    """The suite's own connection logs in as the owner and works as the runtime role."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_user, session_user")
        assert cursor.fetchone() == (runtime_role(), owner())


def test_the_history_is_exactly_the_tables_whose_rows_a_trigger_refuses_to_change() -> None:
    """``HISTORY_TABLES`` matches the triggers in the database, both ways: a new append-only
    table must be listed, and a listed one must still be protected."""
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT DISTINCT c.relname FROM pg_trigger t
            JOIN pg_class c ON c.oid = t.tgrelid
            JOIN pg_proc p ON p.oid = t.tgfoid
            WHERE c.relnamespace = current_schema()::regnamespace
                AND NOT t.tgisinternal AND t.tgenabled <> 'D'
                AND p.proname = ANY(%s)
                -- FOR EACH ROW (1), BEFORE (2), on DELETE (8) and UPDATE (16)
                AND t.tgtype & 27 = 27
            ORDER BY 1
            """,
            [REFUSE_EVERY_ROW],
        )
        assert [row[0] for row in cursor.fetchall()] == HISTORY


def test_it_holds_exactly_its_privileges_on_every_table() -> None:
    privileges = ["SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER"]
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname, array_agg(p.privilege ORDER BY p.n) FROM pg_class c"
            " CROSS JOIN unnest(%s::text[]) WITH ORDINALITY AS p(privilege, n)"
            " WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')"
            " AND has_table_privilege(%s, c.oid, p.privilege) GROUP BY c.relname",
            [privileges, runtime_role()],
        )
        held = dict(cursor.fetchall())
    assert set(held) == set(tables())
    assert held == {table: list(table_privileges(table)) for table in held}
    assert {table for table, granted in held.items() if granted == ["SELECT", "INSERT"]} == set(
        HISTORY
    )


def test_it_may_only_read_the_views_the_apps_publish(
    runtime: psycopg.Connection[tuple[object, ...]],
) -> None:
    """A view is for reading: a simple one is updatable, and a write through it would reach
    its owner's table with the owner's privileges, behind the owning app's back."""
    privileges = ["SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER"]
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname, array_agg(p.privilege ORDER BY p.n) FROM pg_class c"
            " CROSS JOIN unnest(%s::text[]) WITH ORDINALITY AS p(privilege, n)"
            " WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('v', 'm')"
            " AND has_table_privilege(%s, c.oid, p.privilege) GROUP BY c.relname",
            [privileges, runtime_role()],
        )
        held = dict(cursor.fetchall())
    assert held
    assert held == {view: list(table_privileges(view, view=True)) for view in held}
    view = sorted(held)[0]
    [[column]] = runtime.execute(
        "SELECT attname FROM pg_attribute WHERE attrelid = %s::regclass AND attnum = 1", [view]
    ).fetchall()
    runtime.execute(f"SELECT count(*) FROM {view}").fetchall()
    runtime.rollback()
    refused(
        runtime, f'UPDATE {view} SET "{column}" = "{column}"', f"permission denied for view {view}"
    )
    refused(runtime, f"DELETE FROM {view}", f"permission denied for view {view}")


def test_it_is_a_plain_login_that_owns_nothing() -> None:
    role = runtime_role()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT rolcanlogin, rolsuper, rolcreatedb, rolcreaterole, rolreplication,"
            " rolbypassrls, pg_has_role(rolname, %s, 'MEMBER') FROM pg_roles WHERE rolname = %s",
            [owner(), role],
        )
        assert cursor.fetchone() == (True, False, False, False, False, False, False)
        cursor.execute(
            "SELECT relname FROM pg_class WHERE relowner = %s::regrole",
            [role],
        )
        assert cursor.fetchall() == []
        # Nor anything else, in any database: what DROP ROLE would have to reassign.
        cursor.execute(
            "SELECT count(*) FROM pg_shdepend WHERE refclassid = 'pg_authid'::regclass"
            " AND refobjid = %s::regrole AND deptype = 'o'",
            [role],
        )
        assert cursor.fetchone() == (0,)


@pytest.mark.parametrize("table", HISTORY)
def test_it_cannot_disable_a_trigger_of_the_history(
    runtime: psycopg.Connection[tuple[object, ...]], table: str
) -> None:
    for which in ("USER", "ALL", f"{table}_append_only"):
        statement = f"ALTER TABLE {table} DISABLE TRIGGER {which}"
        refused(runtime, statement, f"must be owner of table {table}")
    refused(
        runtime,
        f"CREATE TRIGGER tampered BEFORE INSERT ON {table}"
        " FOR EACH ROW EXECUTE FUNCTION audit_refuse_change()",
        f"permission denied for table {table}",
    )


@pytest.mark.parametrize("table", HISTORY)
def test_it_cannot_update_delete_or_truncate_the_history(
    runtime: psycopg.Connection[tuple[object, ...]], table: str
) -> None:
    [[column]] = runtime.execute(
        "SELECT attname FROM pg_attribute WHERE attrelid = %s::regclass AND attnum = 1", [table]
    ).fetchall()
    runtime.rollback()
    for statement in (
        f'UPDATE {table} SET "{column}" = "{column}"',
        f"DELETE FROM {table}",
        f"TRUNCATE {table}",
        f"TRUNCATE {table} CASCADE",
    ):
        refused(runtime, statement, f"permission denied for table {table}")
    # The suite's own switch for its flush changes nothing for anyone but the owner.
    runtime.execute("SET casino.allow_history_truncate = 'on'")
    with pytest.raises(errors.InsufficientPrivilege, match=f"permission denied for table {table}"):
        runtime.execute(f"TRUNCATE {table}")


def test_it_cannot_alter_drop_or_truncate_any_table(
    runtime: psycopg.Connection[tuple[object, ...]],
) -> None:
    role = runtime_role()
    for table in tables():
        for statement in (
            f"ALTER TABLE {table} ADD COLUMN tampered integer",
            f"ALTER TABLE {table} OWNER TO {role}",
            f"ALTER TABLE {table} RENAME TO tampered",
            f"DROP TABLE {table}",
        ):
            refused(runtime, statement, f"must be owner of table {table}")
        refused(runtime, f"TRUNCATE {table}", f"permission denied for table {table}")


def test_it_cannot_create_a_table_to_own(runtime: psycopg.Connection[tuple[object, ...]]) -> None:
    [[schema]] = runtime.execute("SELECT current_schema()").fetchall()
    refused(runtime, "CREATE TABLE tampered (id integer)", f"permission denied for schema {schema}")


def test_it_cannot_become_the_owner(runtime: psycopg.Connection[tuple[object, ...]]) -> None:
    name = owner()
    refused(runtime, f'SET ROLE "{name}"', f'permission denied to set role "{name}"')
    refused(
        runtime,
        f'SET SESSION AUTHORIZATION "{name}"',
        f'permission denied to set session authorization "{name}"',
    )


#: A process logged in as the runtime role appends an audit row the way the application does,
#: reads it back, and rolls back: nothing is left for the other tests.
APPEND = """
import json

import django

django.setup()
from django.db import connection, transaction

from casino.core.audit_codes import AuditCode
from casino.core.models import AuditRecord
from casino.core.trail.recording import audit_record

with transaction.atomic():
    record = audit_record(
        event_code=AuditCode.LOGIN_FAILED, actor=None, actor_label="runtime-role-test"
    )
    stored = AuditRecord.objects.get(pk=record.pk)
    with connection.cursor() as cursor:
        cursor.execute("SELECT session_user, current_user")
        login, user = cursor.fetchone()
    transaction.set_rollback(True)
print(json.dumps({"login": login, "user": user, "read": stored.row_hash == record.row_hash}))
"""


def test_it_appends_to_the_trail_and_reads_it() -> None:
    role = runtime_role()
    done = subprocess.run(
        [sys.executable, "-c", APPEND],
        cwd=ROOT,
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "tests.settings",
            "DATABASE_URL": database_url(),
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == {"login": role, "user": role, "read": True}


def test_the_command_takes_back_what_was_granted_since() -> None:
    needs_a_superuser()
    role = runtime_role()
    name = owner()
    with as_owner() as cursor:
        cursor.execute(f"GRANT UPDATE, DELETE, TRUNCATE, TRIGGER ON audit_auditrecord TO {role}")
        cursor.execute(f"GRANT CREATE ON SCHEMA public TO {role}")
        cursor.execute(f'GRANT "{name}" TO {role}')
        cursor.execute(f"ALTER ROLE {role} CREATEDB CREATEROLE")
        out = io.StringIO()
        call_command("db_runtime_role", stdout=out)
        cursor.execute(
            "SELECT has_table_privilege(%s, 'audit_auditrecord', 'UPDATE, DELETE, TRUNCATE,"
            " TRIGGER'), has_schema_privilege(%s, 'public', 'CREATE'),"
            " pg_has_role(%s, %s, 'MEMBER'), rolcreatedb, rolcreaterole"
            " FROM pg_roles WHERE rolname = %s",
            [role, role, role, name, role],
        )
        assert cursor.fetchone() == (False, False, False, False, False)
    assert f"Runtime role {role} updated" in out.getvalue()
    assert f"memberships revoked: {name}" in out.getvalue()
    assert f"history ({len(HISTORY)}): SELECT, INSERT: audit_auditrecord," in out.getvalue()


def test_the_command_sets_a_password_as_a_verifier() -> None:
    needs_a_superuser()
    with as_owner() as cursor:
        call_command("db_runtime_role", role="casino_app_new", password="s3cret", verbosity=0)
        cursor.execute("SELECT rolpassword FROM pg_authid WHERE rolname = 'casino_app_new'")
        [verifier] = cursor.fetchone()
    assert verifier.startswith("SCRAM-SHA-256$")
    assert "s3cret" not in verifier


@pytest.mark.parametrize(
    ("setup", "role", "refusal"),
    [
        ((), None, "is the current user"),
        (("CREATE ROLE tampered SUPERUSER",), "tampered", "tampered is a superuser"),
        (
            (
                "CREATE ROLE tampered",
                "CREATE TABLE tampered_table (id integer)",
                "ALTER TABLE tampered_table OWNER TO tampered",
            ),
            "tampered",
            "tampered owns 1 object(s)",
        ),
        ((), "Casino_App", "use lower-case letters"),
    ],
    ids=["the-owner", "a-superuser", "an-owner-of-a-table", "a-quoted-name"],
)
def test_the_command_refuses_a_role_that_cannot_be_a_runtime_role(
    setup: tuple[str, ...], role: str | None, refusal: str
) -> None:
    """Before changing anything (``None``: the owner's own name)."""
    if setup:
        needs_a_superuser()
    with as_owner() as cursor:
        for statement in setup:
            cursor.execute(statement)
        with pytest.raises(CommandError, match=re.escape(refusal)):
            call_command("db_runtime_role", role=role or owner())
