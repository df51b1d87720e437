"""The PostgreSQL role the application runs as: it owns nothing and may only add to history.

Migrations run as the owner of the tables. Web, worker and beat connect as the runtime role,
which :func:`apply_runtime_role` creates or brings up to date (``manage.py db_runtime_role``,
run by the owner after every ``migrate``). Only an owner (or a superuser) may disable a trigger,
alter, drop or truncate a table, so the append-only protection of the history cannot be
switched off by the application, whatever it is made to run.

This module imports nothing from Django, so ``deploy/local/stack.py`` can read the role's name
and build its database URL before any Django process starts.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from psycopg import sql

DEFAULT_ROLE = "casino_app"
ROLE_ENV = "DATABASE_RUNTIME_ROLE"
PASSWORD_ENV = "DATABASE_RUNTIME_PASSWORD"

#: The history: the tables whose rows a trigger refuses to change or delete (the append-only
#: triggers of the migrations). The runtime role may only read them and add to them.
#: ``tests/core/test_runtime_role.py`` checks this against the triggers in the database.
HISTORY_TABLES = frozenset(
    {
        "audit_auditrecord",
        "audit_checkpoint",
        "audit_correctionline",
        "audit_replaycheck",
        "core_alert",
        "core_alertacknowledgement",
        "dealers_rotationplan",
        "identity_qualification",
        "identity_qualificationrevocation",
        "identity_languagechoice",
        "audit_shiftreconciliation",
        "payouts_boxplay",
        "payouts_roundpaytable",
        "patrons_amllogentry",
        "patrons_amlpolicy",
        "patrons_cashevent",
        "patrons_earningpolicy",
        "patrons_exclusion",
        "patrons_exclusionlift",
        "patrons_patron",
        "patrons_patronidentity",
        "patrons_pointsentry",
        "patrons_ratingestimate",
        "patrons_sessionrating",
        "tables_chipslip",
        "tables_refusedentry",
        "tables_chipslipstep",
        "tables_chipslipvoid",
        "tables_chipslipvoiddecision",
        "tables_dropcount",
        "tables_dropcountdecision",
        "tables_ledgerentry",
        "tables_limitchangedecision",
        "tables_limitchangerequest",
        "tables_payoutsconfirmation",
        "tables_retractiondecision",
        "tables_retractionrequest",
        "tables_roundcard",
        "tables_roundevent",
        "tables_tablechange",
        "tables_traycount",
        "tables_traycountdecision",
    }
)
#: Written by ``migrate`` alone, which runs as the owner.
READ_ONLY_TABLES = frozenset({"django_migrations"})

HISTORY_PRIVILEGES = ("SELECT", "INSERT")
READ_ONLY_PRIVILEGES = ("SELECT",)
#: A view is what an app publishes for other apps to read (``tests/structure/raw_sql.py``):
#: written through, it would write the owner's table behind the owner's back.
VIEW_PRIVILEGES = ("SELECT",)
#: Every other table (``audit_stream``, the chain's head per stream, among them: appends upsert it).
DATA_PRIVILEGES = ("SELECT", "INSERT", "UPDATE", "DELETE")
SEQUENCE_PRIVILEGES = ("USAGE", "SELECT")

#: Every table privilege PostgreSQL knows (MAINTAIN from version 17): checked after granting,
#: so a grant to PUBLIC, or one this module never made, cannot go unnoticed.
_TABLE_PRIVILEGES = ("SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER")
#: Tables, partitioned tables, views, materialized views, foreign tables.
_TABLE_KINDS = ["r", "p", "v", "m", "f"]
#: Views and materialized views.
_VIEW_KINDS = ["v", "m"]
#: A role attribute and the value the runtime role must have (pg_roles column, keyword).
_ATTRIBUTES = (
    ("rolcanlogin", True, "LOGIN"),
    ("rolsuper", False, "NOSUPERUSER"),
    ("rolcreatedb", False, "NOCREATEDB"),
    ("rolcreaterole", False, "NOCREATEROLE"),
    ("rolreplication", False, "NOREPLICATION"),
    ("rolbypassrls", False, "NOBYPASSRLS"),
)
# Plain lower-case names only: the same spelling works unquoted in SQL, in a URL and in libpq.
_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")


class RoleRefused(Exception):
    """The role cannot be made the runtime role, or the database would let it do more than its
    contract allows; nothing was changed."""


@dataclass(frozen=True)
class RuntimeRole:
    """What :func:`apply_runtime_role` did: the role, and what it may do on which tables."""

    role: str
    owner: str
    database: str
    schema: str
    created: bool
    history: tuple[str, ...]
    read_only: tuple[str, ...]
    data: tuple[str, ...]
    views: tuple[str, ...]
    sequences: int
    revoked_memberships: tuple[str, ...]


def runtime_role() -> str:
    """The runtime role's name: ``DATABASE_RUNTIME_ROLE``, else ``casino_app``."""
    return os.environ.get(ROLE_ENV) or DEFAULT_ROLE


def runtime_password() -> str | None:
    """The runtime role's password: ``DATABASE_RUNTIME_PASSWORD``, else none (trust or peer
    authentication, as on a local server)."""
    return os.environ.get(PASSWORD_ENV) or None


def table_privileges(table: str, *, view: bool = False) -> tuple[str, ...]:
    """The privileges the runtime role holds on ``table`` (a ``view`` or materialized view
    when said so), and no others."""
    if view:
        return VIEW_PRIVILEGES
    if table in HISTORY_TABLES:
        return HISTORY_PRIVILEGES
    if table in READ_ONLY_TABLES:
        return READ_ONLY_PRIVILEGES
    return DATA_PRIVILEGES


def login_url(url: str, role: str, password: str | None, database: str | None = None) -> str:
    """``url`` (a database URL) with ``role`` and ``password`` as its login instead of its own,
    and naming ``database`` when given; host, port and options stay.

    >>> login_url("postgres://owner:secret@db:5432/casino", "casino_app", "pw")
    'postgres://casino_app:pw@db:5432/casino'
    >>> login_url("postgres://owner@/casino?host=/run/pg", "casino_app", None, "test_casino")
    'postgres://casino_app@/test_casino?host=/run/pg'
    """
    parts = urlsplit(url)
    address = parts.netloc.rpartition("@")[2]
    login = quote(role, safe="")
    if password is not None:
        login += ":" + quote(password, safe="")
    path = parts.path if database is None else "/" + quote(database, safe="")
    return urlunsplit(parts._replace(netloc=f"{login}@{address}", path=path))


def apply_runtime_role(connection: Any, role: str, password: str | None = None) -> RuntimeRole:
    """Create or update ``role`` as the runtime role of ``connection``'s database, or refuse.

    ``connection`` is a Django PostgreSQL connection logged in as the tables' owner (or a
    superuser), inside a transaction, so the role changes all at once or not at all. After it:

    - the role is ``LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`` and a
      member of no role (memberships it had are revoked); its password is ``password`` when
      given (sent as a SCRAM verifier, never in clear), else a new role has none and an
      existing one keeps its own;
    - on the database it holds CONNECT (and what PUBLIC holds there, TEMPORARY by default);
      on the current schema USAGE, not CREATE; on its sequences USAGE and SELECT;
    - on its tables exactly :func:`table_privileges`: SELECT and INSERT on the history, SELECT
      on ``django_migrations``, SELECT, INSERT, UPDATE and DELETE on the rest; never TRUNCATE,
      REFERENCES, TRIGGER (nor MAINTAIN), and it owns nothing, so it cannot alter, drop or
      truncate a table or disable a trigger;
    - on its views (those an app publishes for others to read) SELECT only.

    Running it again changes nothing, and takes back whatever was granted to the role since.
    It refuses (:class:`RoleRefused`), before changing anything, a role that is the current
    user, a superuser, or owns any object; a schema whose tables the current user does not
    own; a history table that does not exist (migrate first). It also refuses, rolling back,
    when the role would still hold more than the above through PUBLIC (e.g. CREATE on the
    schema, PostgreSQL 14's default): that is for the database's owner to revoke.
    """
    if not _NAME.fullmatch(role):
        raise RoleRefused(f"role name {role!r}: use lower-case letters, digits and _ only")
    session = _Session(connection)
    owner, database, schema, version = session.one(
        "SELECT current_user, current_database(), current_schema(),"
        " current_setting('server_version_num')::int"
    )
    if role == owner:
        raise RoleRefused(f"{role} is the current user: the runtime role must be another role")
    foreign = session.column(
        "SELECT relname FROM pg_class WHERE relnamespace = %s::regnamespace"
        " AND relkind = ANY(%s) AND NOT pg_has_role(current_user, relowner, 'USAGE')"
        " ORDER BY relname",
        [schema, _TABLE_KINDS],
    )
    if foreign:
        raise RoleRefused(f"{owner} does not own {', '.join(foreign)}: run this as their owner")
    relations = session.rows(
        "SELECT relname, relkind = ANY(%s) FROM pg_class WHERE relnamespace = %s::regnamespace"
        " AND relkind = ANY(%s) ORDER BY relname",
        [_VIEW_KINDS, schema, _TABLE_KINDS],
    )
    tables = [name for name, view in relations if not view]
    views = [name for name, view in relations if view]
    missing = sorted((HISTORY_TABLES | READ_ONLY_TABLES) - set(tables))
    if missing:
        raise RoleRefused(f"no table {', '.join(missing)} in {database}: run migrate first")

    name = sql.Identifier(role)
    created = _create_or_update(session, role, name)
    if password is not None:
        verifier = connection.connection.pgconn.encrypt_password(password.encode(), role.encode())
        session.run(
            sql.SQL("ALTER ROLE {} PASSWORD {}").format(name, sql.Literal(verifier.decode()))
        )
    revoked = _revoke_memberships(session, role, name, version)

    db, ns = sql.Identifier(database), sql.Identifier(schema)
    session.run(sql.SQL("REVOKE ALL ON DATABASE {} FROM {}").format(db, name))
    session.run(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(db, name))
    session.run(sql.SQL("REVOKE ALL ON SCHEMA {} FROM {}").format(ns, name))
    session.run(sql.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(ns, name))
    session.run(sql.SQL("REVOKE ALL ON ALL TABLES IN SCHEMA {} FROM {}").format(ns, name))
    groups: dict[tuple[str, ...], list[str]] = {}
    for table in tables:
        groups.setdefault(table_privileges(table), []).append(table)
    grants = list(groups.items()) + ([(VIEW_PRIVILEGES, views)] if views else [])
    for privileges, members in grants:
        session.run(
            sql.SQL("GRANT {} ON TABLE {} TO {}").format(
                _keywords(privileges), _identifiers(schema, members), name
            )
        )
    session.run(sql.SQL("REVOKE ALL ON ALL SEQUENCES IN SCHEMA {} FROM {}").format(ns, name))
    session.run(
        sql.SQL("GRANT {} ON ALL SEQUENCES IN SCHEMA {} TO {}").format(
            _keywords(SEQUENCE_PRIVILEGES), ns, name
        )
    )
    sequences = _check(session, role, database, schema, version)
    return RuntimeRole(
        role=role,
        owner=owner,
        database=database,
        schema=schema,
        created=created,
        history=tuple(groups.get(HISTORY_PRIVILEGES, ())),
        read_only=tuple(groups.get(READ_ONLY_PRIVILEGES, ())),
        data=tuple(groups.get(DATA_PRIVILEGES, ())),
        views=tuple(views),
        sequences=sequences,
        revoked_memberships=revoked,
    )


class _Session:
    """Statements on one Django connection; composed SQL is rendered here, with the
    connection's own quoting, since utility statements (GRANT, ALTER ROLE) take no bound
    parameters."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection

    def run(self, statement: sql.Composable) -> None:
        with self.connection.cursor() as cursor:
            cursor.execute(statement.as_string(self.connection.connection))

    def rows(self, query: str, params: Iterable[object] = ()) -> list[tuple[Any, ...]]:
        with self.connection.cursor() as cursor:
            cursor.execute(query, list(params))
            return list(cursor.fetchall())

    def one(self, query: str, params: Iterable[object] = ()) -> tuple[Any, ...]:
        [row] = self.rows(query, params)
        return row

    def column(self, query: str, params: Iterable[object] = ()) -> list[Any]:
        return [row[0] for row in self.rows(query, params)]


def _create_or_update(session: _Session, role: str, name: sql.Identifier) -> bool:
    """Create the role, or set the attributes it lacks; True when created."""
    columns = [column for column, _, _ in _ATTRIBUTES]
    found = session.rows(
        f"SELECT oid, {', '.join(columns)} FROM pg_roles WHERE rolname = %s", [role]
    )
    if not found:
        # The other attributes' defaults are the contract's (NOSUPERUSER, NOCREATEDB, ...).
        session.run(sql.SQL("CREATE ROLE {} LOGIN").format(name))
        return True
    oid, *values = found[0]
    current = dict(zip(columns, values, strict=True))
    if current["rolsuper"]:
        raise RoleRefused(f"{role} is a superuser: a runtime role cannot be one")
    owned = session.one(
        "SELECT count(*) FROM pg_shdepend WHERE refclassid = 'pg_authid'::regclass"
        " AND refobjid = %s AND deptype = 'o'",
        [oid],
    )[0]
    if owned:
        raise RoleRefused(
            f"{role} owns {owned} object(s): a runtime role owns nothing "
            f"(REASSIGN OWNED BY {role} TO the owner, if that is what you mean)"
        )
    # Only the attributes that differ: a non-superuser owner may not even restate some of
    # them (PostgreSQL 15 refuses "NOBYPASSRLS" from anyone but a superuser).
    changes = [keyword for column, wanted, keyword in _ATTRIBUTES if current[column] != wanted]
    if changes:
        session.run(sql.SQL("ALTER ROLE {} " + " ".join(changes)).format(name))
    return False


def _revoke_memberships(
    session: _Session, role: str, name: sql.Identifier, version: int
) -> tuple[str, ...]:
    """Revoke every role ``role`` is a member of; their names."""
    memberships = session.rows(
        "SELECT granted.rolname, grantor.rolname FROM pg_auth_members m"
        " JOIN pg_roles granted ON granted.oid = m.roleid"
        " JOIN pg_roles grantor ON grantor.oid = m.grantor"
        " WHERE m.member = (SELECT oid FROM pg_roles WHERE rolname = %s)",
        [role],
    )
    for granted, grantor in memberships:
        statement = sql.SQL("REVOKE {} FROM {}").format(sql.Identifier(granted), name)
        if version >= 160000:
            # From PostgreSQL 16 a membership is one grantor's grant; name it, so a superuser
            # revokes grants other roles made too.
            statement = sql.SQL("{} GRANTED BY {}").format(statement, sql.Identifier(grantor))
        session.run(statement)
    return tuple(sorted({granted for granted, _ in memberships}))


def _check(session: _Session, role: str, database: str, schema: str, version: int) -> int:
    """Refuse (the caller's transaction then rolls back) unless the role holds exactly what
    the contract says, whatever the path (PUBLIC included); the number of sequences."""
    faults: list[str] = []
    values = session.one(
        f"SELECT {', '.join(c for c, _, _ in _ATTRIBUTES)} FROM pg_roles WHERE rolname = %s",
        [role],
    )
    faults += [
        f"not {keyword}"
        for (_, wanted, keyword), value in zip(_ATTRIBUTES, values, strict=True)
        if value != wanted
    ]
    faults += [
        f"member of {granted}"
        for granted in session.column(
            "SELECT rolname FROM pg_roles WHERE rolname <> %s AND pg_has_role(%s, oid, 'MEMBER')",
            [role, role],
        )
    ]
    can = session.one(
        "SELECT has_database_privilege(%s, %s, 'CONNECT'),"
        " has_database_privilege(%s, %s, 'CREATE'),"
        " has_schema_privilege(%s, %s, 'USAGE'), has_schema_privilege(%s, %s, 'CREATE')",
        [role, database] * 2 + [role, schema] * 2,
    )
    expected = (True, False, True, False)
    labels = ("CONNECT on the database", "CREATE on the database")
    labels += ("USAGE on the schema", "CREATE on the schema")
    faults += [
        f"{'lacks' if want else 'holds'} {label}"
        for label, have, want in zip(labels, can, expected, strict=True)
        if have != want
    ]
    privileges = list(_TABLE_PRIVILEGES) + (["MAINTAIN"] if version >= 170000 else [])
    for table, view, privilege, held in session.rows(
        "SELECT c.relname, c.relkind = ANY(%s), p.privilege,"
        " has_table_privilege(%s, c.oid, p.privilege)"
        " FROM pg_class c CROSS JOIN unnest(%s::text[]) AS p(privilege)"
        " WHERE c.relnamespace = %s::regnamespace AND c.relkind = ANY(%s)"
        " ORDER BY c.relname, p.privilege",
        [_VIEW_KINDS, role, privileges, schema, _TABLE_KINDS],
    ):
        if held != (privilege in table_privileges(table, view=view)):
            faults.append(f"{'holds' if held else 'lacks'} {privilege} on {table}")
    sequences = session.rows(
        "SELECT c.relname, has_sequence_privilege(%s, c.oid, 'USAGE'),"
        " has_sequence_privilege(%s, c.oid, 'SELECT'), has_sequence_privilege(%s, c.oid, 'UPDATE')"
        " FROM pg_class c WHERE c.relnamespace = %s::regnamespace AND c.relkind = 'S'",
        [role, role, role, schema],
    )
    faults += [
        f"sequence {name}: USAGE {usage}, SELECT {select}, UPDATE {update}"
        for name, usage, select, update in sequences
        if (usage, select, update) != (True, True, False)
    ]
    if faults:
        raise RoleRefused(f"{role} would not be a runtime role: {'; '.join(faults)}")
    return len(sequences)


def _keywords(words: Iterable[str]) -> sql.Composable:
    return sql.SQL(", ").join(sql.SQL(word) for word in words)


def _identifiers(schema: str, tables: Iterable[str]) -> sql.Composable:
    return sql.SQL(", ").join(sql.Identifier(schema, table) for table in tables)
