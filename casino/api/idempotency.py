"""``Idempotency-Key`` on mutating requests: a retry returns the first response.

The key is recorded, with the response, by one ``INSERT ... ON CONFLICT DO NOTHING`` at the end
of the request's own transaction, so:

- the first request runs, and commits its effect and its key together;
- a retry (or a concurrent twin) runs too, but its insert finds the key taken (waiting, if the
  first is still in flight, until it commits): its transaction is rolled back, effect and all,
  and the first response is returned instead;
- a retry that a service refuses (typically ``stale_event``: the first already applied) finds
  the key too, after its rollback, and returns the first response;
- if the first request fails (any 4xx or 5xx raised by the view), nothing is recorded and a
  retry runs afresh;
- the same key with another method, path or body is refused with ``idempotency_key_reused``.

Recording at the end costs one statement per request where claiming first would cost two (the
claim and the stored response): a retry does the work twice, and keeps only the first's.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

from django.db import connection
from django.utils import timezone
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from casino.api.models import IdempotencyKey
from casino.core.errors import ApiError, RequestCode
from casino.core.transactions import request_transaction

HEADER = "Idempotency-Key"
_KEY_FORMAT = re.compile(r"^[A-Za-z0-9._:-]{8,100}$")

Handler = Callable[..., Response]


class _AlreadyAnswered(Exception):
    """The key was recorded by another request: undo this one's work."""


def idempotent(handler: Handler) -> Handler:
    """Wrap a mutating view method: run it in the request's one transaction (which the
    services it calls join, ``casino.core.transactions``), honouring ``Idempotency-Key``.

    Without the header the method simply runs in that transaction.
    """

    @functools.wraps(handler)
    def wrapper(view: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        key = request.headers.get(HEADER)
        if key is None:
            with request_transaction():
                return handler(view, request, *args, **kwargs)
        if not _KEY_FORMAT.match(key):
            raise ApiError(
                RequestCode.IDEMPOTENCY_KEY_INVALID,
                "Idempotency-Key must be 8 to 100 letters, digits or any of . _ : -",
            )
        digest = _request_digest(request)
        try:
            with request_transaction():
                response = handler(view, request, *args, **kwargs)
                if not _record(request, key, digest, response):
                    raise _AlreadyAnswered
                return response
        except Exception:
            # Whatever undid this request (a twin recorded first, or a refusal because the
            # first already applied), the first answer stands if there is one.
            stored = _stored(request.user.pk, key)
            if stored is None:
                raise
            return _replay(stored, key, digest)

    return wrapper


def _request_digest(request: Request) -> str:
    try:
        body: Any = json.loads(request.body or b"null")
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    except (ValueError, RecursionError):
        # Not JSON, or nested too deep to parse here: the raw bytes name it, and the parser
        # refuses it (400) when the view reads it.
        canonical = bytes(request.body)
    head = f"{request.method} {request.path}\n".encode()
    return hashlib.sha256(head + canonical).hexdigest()


def _record(request: Request, key: str, digest: str, response: Response) -> bool:
    """Record the key with its response; ``False`` if another request recorded it first
    (waiting for an in-flight one to commit)."""
    table = IdempotencyKey._meta.db_table
    body = JSONRenderer().render(response.data) or b"null"
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            INSERT INTO {table}
                (user_id, key, method, path, request_digest, response_status, response_body,
                 created_at)
            VALUES (%s, %s, %s, %s, %s, %s, %s::jsonb, %s)
            ON CONFLICT (user_id, key) DO NOTHING
            RETURNING id
            """,
            [
                request.user.pk,
                key,
                request.method,
                request.path[:300],
                digest,
                response.status_code,
                body.decode(),
                timezone.now(),
            ],
        )
        return cursor.fetchone() is not None


def _stored(user_id: int, key: str) -> IdempotencyKey | None:
    return IdempotencyKey.objects.filter(user_id=user_id, key=key).first()


def _replay(stored: IdempotencyKey, key: str, digest: str) -> Response:
    if stored.request_digest != digest:
        raise ApiError(
            RequestCode.IDEMPOTENCY_KEY_REUSED,
            "This Idempotency-Key was already used for a different request.",
            key=key,
        )
    response = Response(stored.response_body, status=stored.response_status)
    response["Idempotent-Replayed"] = "true"
    return response
