"""The transaction a service runs in: the request's own, or one of its own.

An API request that writes runs in one transaction (``casino.api.idempotency``), which the
services it calls join: without a savepoint, since a refusal dooms the request anyway, and a
savepoint costs two statements on every dealer action. Called from anywhere else (the shell, a
task, a test), a service's transaction is nested with a savepoint as usual, so a refusal leaves
the caller's own transaction usable.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import connection, transaction

_in_request_transaction: ContextVar[bool] = ContextVar("in_request_transaction", default=False)


@contextmanager
def request_transaction() -> Iterator[None]:
    """The one transaction of a writing request; services inside join it."""
    with transaction.atomic():
        token = _in_request_transaction.set(True)
        try:
            yield
        finally:
            _in_request_transaction.reset(token)


def service_transaction() -> transaction.Atomic:
    """A service's transaction (see the module's docstring)."""
    return transaction.atomic(savepoint=not _in_request_transaction.get())


def advisory_lock(name: str) -> None:
    """Hold a lock on ``name`` until the transaction ends: for what has no row the runtime role
    may lock (a row of the append-only history can be read and added to, never locked, since
    a row lock needs the right to update it).

    :raises RuntimeError: when called outside a transaction.
    """
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("advisory_lock must run inside a transaction")
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [name])
