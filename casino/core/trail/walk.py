"""Walking the chain: every stream's rows in ``seq`` order, each checked against the row before.

This is the chain's own evidence; what else must agree with it (the signed checkpoints, the
reports' anchors, the records the rows describe) is checked on top of this walk.

A walk starts each stream at its first row, or, given the heads a verified checkpoint sealed
(``since``), right after them: an incremental walk reads only the rows appended since.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import connection

from casino.core.models import AuditRecord
from casino.core.trail.canonical import GENESIS_HASH, HASHED_FIELDS, row_hash


@dataclass(frozen=True, slots=True)
class StreamHead:
    """The last row of a stream: its ``seq`` (0 for an empty stream) and ``row_hash``."""

    seq: int
    hash: str


#: The head of a stream before its first row.
EMPTY_HEAD = StreamHead(0, GENESIS_HASH)


@dataclass(frozen=True, slots=True)
class BrokenLink:
    """The first place a stream's chain does not hold.

    ``check`` is ``seq`` (a row missing or out of place: expected and found sequence numbers),
    ``prev_hash`` (the row does not point at the row before it: expected is that row's hash,
    found the pointer) or ``row_hash`` (the row's content changed: expected is the hash stored
    in the chain, found the hash of the content as it is now). ``record_id`` is the row's id.
    """

    stream: str
    seq: int
    record_id: int
    check: str
    expected: str
    found: str


@dataclass(frozen=True)
class ChainWalk:
    """What a walk found: how many rows it read, each stream's last good head, and the first
    broken link of every stream that does not hold (none when all hold), by stream."""

    rows: int
    heads: dict[str, StreamHead]
    broken: list[BrokenLink]


def chain_walk(
    *, since: Mapping[str, StreamHead] | None = None, batch_size: int = 5000
) -> ChainWalk:
    """Walk every stream from its first row, or from its head in ``since``, to its end.

    A stream stops at its first broken link; the others go on. Reads in batches by ``seq``
    within each stream: rows are never changed, so batches need no common snapshot.
    """
    since = since or {}
    rows = 0
    heads: dict[str, StreamHead] = {}
    broken: list[BrokenLink] = []
    for stream in sorted(set(stream_keys()) | set(since)):
        head = since.get(stream, EMPTY_HEAD)
        for record in _records(stream, after=head.seq, batch_size=batch_size):
            rows += 1
            link = _check(stream, record, head)
            if link is not None:
                broken.append(link)
                break
            head = StreamHead(record["seq"], record["row_hash"])
        heads[stream] = head
    return ChainWalk(rows=rows, heads=heads, broken=broken)


def streams_cte() -> str:
    """``WITH RECURSIVE streams(stream) AS (...)``: every stream that holds a row, read from
    the rows themselves (not from the heads kept for appends, which are no evidence) by an
    index skip-scan, a step per stream; the last row of ``streams`` is NULL."""
    table = AuditRecord._meta.db_table
    return f"""
        WITH RECURSIVE streams(stream) AS (
            (SELECT stream FROM {table} ORDER BY stream LIMIT 1)
            UNION ALL
            SELECT (SELECT t.stream FROM {table} t WHERE t.stream > streams.stream
                    ORDER BY t.stream LIMIT 1)
            FROM streams WHERE streams.stream IS NOT NULL
        )
    """


def stream_keys() -> list[str]:
    """Every stream that holds a row (:func:`streams_cte`)."""
    with connection.cursor() as cursor:
        cursor.execute(streams_cte() + "SELECT stream FROM streams WHERE stream IS NOT NULL")
        return [stream for (stream,) in cursor.fetchall()]


def _check(stream: str, record: dict[str, Any], head: StreamHead) -> BrokenLink | None:
    def link(check: str, expected: object, found: object) -> BrokenLink:
        return BrokenLink(stream, record["seq"], record["id"], check, str(expected), str(found))

    if record["seq"] != head.seq + 1:
        return link("seq", head.seq + 1, record["seq"])
    if record["prev_hash"] != head.hash:
        return link("prev_hash", head.hash, record["prev_hash"])
    found = row_hash(record)
    if found != record["row_hash"]:
        return link("row_hash", record["row_hash"], found)
    return None


def _records(stream: str, *, after: int, batch_size: int) -> Iterator[dict[str, Any]]:
    columns = ("id", "row_hash", *HASHED_FIELDS)
    while True:
        batch = list(
            AuditRecord.objects.filter(stream=stream, seq__gt=after)
            .order_by("seq")
            .values(*columns)[:batch_size]
        )
        yield from batch
        if len(batch) < batch_size:
            return
        after = batch[-1]["seq"]
