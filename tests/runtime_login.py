"""Log in to the test database directly as the runtime role, as web, worker and beat do.

The suite's own connection logs in as the owner and switches to the runtime role
(``tests/conftest.py``); these are for what must not be able to switch back: a separate
process (the Celery worker) and the tests of the role itself.
"""

from __future__ import annotations

import os

import psycopg
from django.db import connection

from casino.core.db_roles import login_url, runtime_password, runtime_role


def database_url() -> str:
    """The test process's ``DATABASE_URL`` logged in as the runtime role and naming the
    database the suite uses (the test database once it is set up)."""
    url = os.environ.get("DATABASE_URL") or "postgres://postgres@localhost/casino"
    return login_url(url, runtime_role(), runtime_password(), connection.settings_dict["NAME"])


def connect() -> psycopg.Connection[tuple[object, ...]]:
    """A new psycopg connection to the suite's database, logged in as the runtime role: the
    suite's own connection parameters, but its login and plain psycopg cursors."""
    params = connection.get_connection_params()
    for django_own in ("cursor_factory", "context", "prepare_threshold"):
        params.pop(django_own, None)
    params.update(user=runtime_role(), password=runtime_password())
    return psycopg.connect(**params)
