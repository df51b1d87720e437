"""The hash chain of the audit trail: its canonical form, the append lock, and verification.

Every ``AuditRecord`` holds ``seq`` (1, 2, 3... without gaps), ``prev_hash`` (the previous
row's ``row_hash``, or ``GENESIS_HASH`` for the first) and ``row_hash``: the SHA-256 (hex) of the
row's canonical serialisation, which includes ``prev_hash``. The canonical serialisation is JSON
with sorted keys and no spaces, ASCII only, of the business fields (``HASHED_FIELDS``); times
are UTC ISO 8601 with microseconds, dates ISO, Decimals strings. Changing any field of a row,
removing a row or inserting one in the middle breaks the chain at that row or the next.

Appends are serialised by a transaction-level advisory lock (``chain_lock``), so two writers
cannot both extend the same head; the unique ``seq`` is the database's last word if one ever
tried. The lock is the last one a writer takes (see ``tables.locks``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum
from typing import Any

from django.db import connection

#: ``prev_hash`` of the first row.
GENESIS_HASH = "0" * 64
#: Version of the canonical form, part of every hashed document.
CHAIN_FORMAT = 1
#: The key of the advisory lock that serialises appends ("casino audit chain", any constant
#: works as long as nothing else in the database uses it).
CHAIN_LOCK_KEY = 0x6361_7369_6E6F_4143

#: Column names hashed, as ``values()`` returns them.
HASHED_FIELDS = (
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
    b'{"format":1,"gaming_day":"2026-03-01","s'
    """
    document = {name: _plain(fields.get(name)) for name in fields}
    document["format"] = CHAIN_FORMAT
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def row_hash(fields: Mapping[str, Any]) -> str:
    """The ``row_hash`` of a row: SHA-256 hex of the canonical form of its ``HASHED_FIELDS``
    (a mapping of column values, as ``values()`` returns them)."""
    document = {name: fields.get(name) for name in HASHED_FIELDS}
    return hashlib.sha256(canonical_bytes(document)).hexdigest()


def chain_lock() -> None:
    """Take the chain's append lock until the end of the current transaction.

    Must run inside a transaction (``transaction.atomic``) at READ COMMITTED, so the head read
    after the lock is the one the previous holder committed.
    """
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [CHAIN_LOCK_KEY])


def chain_head() -> tuple[int, str]:
    """``(seq, row_hash)`` of the last row, or ``(0, GENESIS_HASH)`` for an empty trail.

    Only meaningful under ``chain_lock``.
    """
    from audit.models import AuditRecord

    head = AuditRecord.objects.order_by("-seq").values_list("seq", "row_hash").first()
    return head if head is not None else (0, GENESIS_HASH)


@dataclass(frozen=True)
class BrokenLink:
    """The first place the chain does not hold.

    ``check`` is ``seq`` (a row missing or out of place: expected and found sequence numbers),
    ``prev_hash`` (the row does not point at the row before it: expected is that row's hash,
    found the pointer) or ``row_hash`` (the row's content changed: expected is the hash stored
    in the chain, found the hash of the content as it is now).
    """

    seq: int
    record_id: int
    check: str
    expected: str
    found: str


@dataclass(frozen=True)
class ChainReport:
    """The outcome of walking the chain from its first row.

    ``missing_anchors`` lists the audit rows that stored reports recorded (their ``seq`` and
    hash) but the chain no longer holds as recorded: the trace of rows removed from its end, or
    of the whole trail replaced.
    """

    intact: bool
    rows: int
    head_seq: int
    head_hash: str
    broken: BrokenLink | None = None
    missing_anchors: list[dict[str, Any]] = field(default_factory=list)


def chain_verify(*, batch_size: int = 5000) -> ChainReport:
    """Walk the whole chain in ``seq`` order and report the first broken link, if any.

    Reads in batches by ``seq`` (rows are never changed, so batches need no common snapshot),
    then checks the anchors that stored reports recorded.
    """
    rows = 0
    expected_seq, expected_prev = 1, GENESIS_HASH
    broken: BrokenLink | None = None
    for record in _records(batch_size=batch_size):
        rows += 1
        if record["seq"] != expected_seq:
            broken = BrokenLink(
                seq=record["seq"],
                record_id=record["id"],
                check="seq",
                expected=str(expected_seq),
                found=str(record["seq"]),
            )
        elif record["prev_hash"] != expected_prev:
            broken = BrokenLink(
                seq=record["seq"],
                record_id=record["id"],
                check="prev_hash",
                expected=expected_prev,
                found=record["prev_hash"],
            )
        else:
            found = row_hash(record)
            if found != record["row_hash"]:
                broken = BrokenLink(
                    seq=record["seq"],
                    record_id=record["id"],
                    check="row_hash",
                    expected=record["row_hash"],
                    found=found,
                )
        if broken is not None:
            break
        expected_seq, expected_prev = record["seq"] + 1, record["row_hash"]
    missing = _missing_anchors() if broken is None else []
    return ChainReport(
        intact=broken is None and not missing,
        rows=rows,
        head_seq=expected_seq - 1,
        head_hash=expected_prev,
        broken=broken,
        missing_anchors=missing,
    )


def _records(*, batch_size: int) -> Iterator[dict[str, Any]]:
    from audit.models import AuditRecord

    columns = ("id", "row_hash", *HASHED_FIELDS)
    after = 0
    while True:
        batch = list(
            AuditRecord.objects.filter(seq__gt=after).order_by("seq").values(*columns)[:batch_size]
        )
        yield from batch
        if len(batch) < batch_size:
            return
        after = batch[-1]["seq"]


def _missing_anchors() -> list[dict[str, Any]]:
    from audit.models import AuditRecord, GamingDayReport

    anchors = dict(
        GamingDayReport.objects.filter(audit_seq__isnull=False).values_list(
            "audit_seq", "audit_hash"
        )
    )
    present = dict(AuditRecord.objects.filter(seq__in=list(anchors)).values_list("seq", "row_hash"))
    return [
        {"seq": seq, "expected": expected, "found": present.get(seq)}
        for seq, expected in sorted(anchors.items())
        if present.get(seq) != expected
    ]
