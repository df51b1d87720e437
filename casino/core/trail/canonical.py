"""The canonical form of an audit row and its hash.

Every ``AuditRecord`` holds its ``stream``, ``seq`` (1, 2, 3... without gaps within the stream),
``prev_hash`` (the stream's previous row's ``row_hash``, or ``GENESIS_HASH`` for its first) and
``row_hash``: the SHA-256 (hex) of the row's canonical serialisation, which includes
``prev_hash`` and the stream. The canonical serialisation is JSON
with sorted keys and no spaces, ASCII only, of the business fields (``HASHED_FIELDS``); times
are UTC ISO 8601 with microseconds, dates ISO, Decimals strings. Changing any field of a row,
removing a row or inserting one in the middle breaks the chain at that row or the next.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping
from decimal import Decimal
from enum import Enum
from typing import Any

#: ``prev_hash`` of the first row.
GENESIS_HASH = "0" * 64
#: Version of the canonical form, part of every hashed document (2: rows are chained per stream).
CHAIN_FORMAT = 2

#: Column names hashed, as ``values()`` returns them.
HASHED_FIELDS = (
    "stream",
    "seq",
    "prev_hash",
    "occurred_at",
    "actor_id",
    "actor_label",
    "actor_role",
    "authorised_by_id",
    "event_code",
    "table_id",
    "round_id",
    "gaming_day",
    "before",
    "after",
    "reason",
    "request_id",
)


def json_value(value: Any) -> Any:
    """``value`` as plain JSON data, exactly as PostgreSQL's ``jsonb`` will give it back.

    Decimals, dates and times become strings (times in UTC); floats become strings too, because
    ``jsonb`` may print a float differently from Python (``1e+16``), which would change the
    hash after a round trip. Mapping keys become strings as in JSON.

    >>> json_value({"amount": Decimal("10.50"), 1: [dt.date(2026, 3, 1)]})
    {'amount': '10.50', '1': ['2026-03-01']}
    """
    return json.loads(json.dumps(_plain(value)))


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        value = value.value
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dt.datetime):
        return utc_iso(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    raise TypeError(f"{type(value).__name__} is not JSON data for the audit trail")


def utc_iso(moment: dt.datetime) -> str:
    """An aware datetime in UTC, ISO 8601 with microseconds and ``Z``."""
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def canonical_bytes(fields: Mapping[str, Any]) -> bytes:
    """The canonical serialisation of one row's ``HASHED_FIELDS`` (a mapping of column values).

    >>> canonical_bytes({"seq": 1, "gaming_day": dt.date(2026, 3, 1)})[:40]
    b'{"format":2,"gaming_day":"2026-03-01","s'
    """
    document = {name: _plain(fields.get(name)) for name in fields}
    document["format"] = CHAIN_FORMAT
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def row_hash(fields: Mapping[str, Any]) -> str:
    """The ``row_hash`` of a row: SHA-256 hex of the canonical form of its ``HASHED_FIELDS``
    (a mapping of column values, as ``values()`` returns them)."""
    document = {name: fields.get(name) for name in HASHED_FIELDS}
    return hashlib.sha256(canonical_bytes(document)).hexdigest()
