"""Which failures the API answers with 503 (``casino.api.errors.unavailable_response``): a
server that cannot be reached, not a statement that failed on a server that is there."""

from __future__ import annotations

import kombu.exceptions
import psycopg
import pytest
import redis.exceptions
from django.db import InterfaceError, OperationalError

from casino.api.errors import exception_handler, unavailable_response


def _wrapped(cause: Exception) -> OperationalError:
    """What Django raises for ``cause``: its own class, the driver's error as the cause."""
    try:
        raise OperationalError(str(cause)) from cause
    except OperationalError as exc:
        return exc


@pytest.mark.parametrize(
    ("exc", "code"),
    [
        (_wrapped(psycopg.OperationalError("connection failed: No such file")), "database"),
        (_wrapped(psycopg.errors.AdminShutdown("terminating connection")), "database"),
        (_wrapped(psycopg.errors.CannotConnectNow("the database system is starting")), "database"),
        (InterfaceError("connection already closed"), "database"),
        (kombu.exceptions.OperationalError("Timeout reading from socket"), "broker"),
        (redis.exceptions.ConnectionError("Error 111 connecting"), "broker"),
        (redis.exceptions.TimeoutError("Timeout reading from socket"), "broker"),
    ],
    ids=["refused", "admin-shutdown", "starting", "closed", "kombu", "redis-refused", "redis-slow"],
)
def test_an_unreachable_server_is_503_in_the_error_shape(exc: Exception, code: str) -> None:
    response = exception_handler(exc, {})
    assert response is not None
    assert response.status_code == 503
    assert response.data["error"]["code"] == f"{code}_unavailable"
    assert response.data["error"]["details"] == {}
    assert response["Retry-After"] == "5"


@pytest.mark.parametrize(
    "exc",
    [
        _wrapped(psycopg.errors.DeadlockDetected("deadlock detected")),
        _wrapped(psycopg.errors.SerializationFailure("could not serialize")),
        _wrapped(psycopg.errors.QueryCanceled("canceling statement due to timeout")),
        ValueError("not a server at all"),
    ],
    ids=["deadlock", "serialization", "cancelled", "other"],
)
def test_a_failed_statement_is_not_an_unavailable_server(exc: Exception) -> None:
    assert unavailable_response(exc) is None
