"""``python manage.py db_runtime_role``: create or update the role the application runs as.

Run it as the owner of the tables (the login ``migrate`` uses), after every ``migrate``: the
release step does. It makes ``--role`` (default ``DATABASE_RUNTIME_ROLE``, else ``casino_app``)
a login that owns nothing and is a member of no role, with CONNECT on the database, USAGE on
the schema and its sequences, SELECT and INSERT on the history (the append-only tables,
``casino.core.db_roles.HISTORY_TABLES``), SELECT on ``django_migrations``, SELECT, INSERT,
UPDATE and DELETE on every other table, and SELECT on the views the apps publish; nothing else
(no TRUNCATE, REFERENCES or TRIGGER).
What was granted beyond that is revoked, so running it again is harmless.

``--password`` (default ``DATABASE_RUNTIME_PASSWORD``) sets the role's password; without one a
new role has none (for trust or peer authentication) and an existing one keeps its own. All of
it happens in one transaction; a refusal (see ``apply_runtime_role``) changes nothing and exits
with an error.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS, connections, transaction

from casino.core.db_roles import (
    DATA_PRIVILEGES,
    HISTORY_PRIVILEGES,
    READ_ONLY_PRIVILEGES,
    SEQUENCE_PRIVILEGES,
    VIEW_PRIVILEGES,
    RoleRefused,
    apply_runtime_role,
    runtime_password,
    runtime_role,
)


class Command(BaseCommand):
    help = "Create or update the PostgreSQL role the application runs as (run as the owner)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--role", default=None, help="the role's name (default: $DATABASE_RUNTIME_ROLE)"
        )
        parser.add_argument(
            "--password",
            default=None,
            help="its password (default: $DATABASE_RUNTIME_PASSWORD; prefer the variable, "
            "a command line is visible to other users)",
        )
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS, help="the database alias")

    def handle(self, *args: Any, **options: Any) -> None:
        role = options["role"] or runtime_role()
        password = options["password"] or runtime_password()
        connection = connections[options["database"]]
        try:
            with transaction.atomic(using=connection.alias):
                done = apply_runtime_role(connection, role, password)
        except RoleRefused as refused:
            raise CommandError(str(refused)) from refused
        if options["verbosity"] < 1:
            return
        self.stdout.write(
            f"Runtime role {done.role} {'created' if done.created else 'updated'} on database "
            f"{done.database} (schema {done.schema}, owner {done.owner}):"
        )
        for label, privileges, tables in (
            ("history", HISTORY_PRIVILEGES, done.history),
            ("read only", READ_ONLY_PRIVILEGES, done.read_only),
            ("other tables", DATA_PRIVILEGES, done.data),
            ("views", VIEW_PRIVILEGES, done.views),
        ):
            self.stdout.write(
                f"  {label} ({len(tables)}): {', '.join(privileges)}"
                + (f": {', '.join(tables)}" if label != "other tables" else "")
            )
        self.stdout.write(f"  sequences ({done.sequences}): {', '.join(SEQUENCE_PRIVILEGES)}")
        if done.revoked_memberships:
            self.stdout.write(f"  memberships revoked: {', '.join(done.revoked_memberships)}")
