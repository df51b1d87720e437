"""``Idempotency-Key`` on mutating requests: a retry returns the first response.

The key is claimed with ``INSERT ... ON CONFLICT DO NOTHING`` inside the same transaction as the
request's effect, so:

- the first request claims the key, runs, and stores its response before committing;
- a concurrent retry blocks on the key's unique index until the first commits, then finds the
  stored response and returns it without running;
- if the first request fails (any 4xx or 5xx raised by the view), its transaction rolls back with
  the claim, nothing was done, and a retry runs afresh;
- the same key with another method, path or body is refused with ``idempotency_key_reused``.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

from django.db import connection, transaction
from rest_framework import status
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from casino.api.errors import IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_REUSED, ApiError
from casino.api.models import IdempotencyKey

HEADER = "Idempotency-Key"
_KEY_FORMAT = re.compile(r"^[A-Za-z0-9._:-]{8,100}$")

Handler = Callable[..., Response]


def idempotent(handler: Handler) -> Handler:
    """Wrap a mutating view method: run it in one transaction, honouring ``Idempotency-Key``.

    Without the header the method simply runs in a transaction.
    """

    @functools.wraps(handler)
    def wrapper(view: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        key = request.headers.get(HEADER)
        if key is None:
            with transaction.atomic():
                return handler(view, request, *args, **kwargs)
        if not _KEY_FORMAT.match(key):
            raise ApiError(
                IDEMPOTENCY_KEY_INVALID,
                "Idempotency-Key must be 8 to 100 letters, digits or any of . _ : -",
            )
        digest = _request_digest(request)
        with transaction.atomic():
            if _claim(request, key, digest):
                response = handler(view, request, *args, **kwargs)
                _store(request.user.pk, key, response)
                return response
            return _replay(request.user.pk, key, digest)

    return wrapper


def _request_digest(request: Request) -> str:
    try:
        body: Any = json.loads(request.body or b"null")
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    except ValueError:
        canonical = bytes(request.body)
    head = f"{request.method} {request.path}\n".encode()
    return hashlib.sha256(head + canonical).hexdigest()


def _claim(request: Request, key: str, digest: str) -> bool:
    """Insert the key; ``False`` if it already exists (waiting for an in-flight owner)."""
    table = IdempotencyKey._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            INSERT INTO {table}
                (user_id, key, method, path, request_digest, response_status, response_body,
                 created_at)
            VALUES (%s, %s, %s, %s, %s, 0, 'null'::jsonb, now())
            ON CONFLICT (user_id, key) DO NOTHING
            RETURNING id
            """,
            [request.user.pk, key, request.method, request.path[:300], digest],
        )
        return cursor.fetchone() is not None


def _store(user_id: int, key: str, response: Response) -> None:
    body = json.loads(JSONRenderer().render(response.data) or b"null")
    IdempotencyKey.objects.filter(user_id=user_id, key=key).update(
        response_status=response.status_code, response_body=body
    )


def _replay(user_id: int, key: str, digest: str) -> Response:
    stored = IdempotencyKey.objects.get(user_id=user_id, key=key)
    if stored.request_digest != digest:
        raise ApiError(
            IDEMPOTENCY_KEY_REUSED,
            "This Idempotency-Key was already used for a different request.",
            status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
            key=key,
        )
    response = Response(stored.response_body, status=stored.response_status)
    response["Idempotent-Replayed"] = "true"
    return response
