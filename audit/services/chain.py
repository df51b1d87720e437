"""Verifying the audit trail: the chain's own walk, and the anchors the stored reports hold.

A report stores the stream, ``seq`` and hash of the audit row that recorded its digests; a
trail whose end was cut off, or that was replaced wholesale, no longer holds those rows as
recorded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q

from audit.models import GamingDayReport
from casino.core.models import AuditRecord
from casino.core.trail.walk import BrokenLink, StreamHead, chain_walk

__all__ = ["BrokenLink", "ChainReport", "chain_verify", "missing_anchors"]


@dataclass(frozen=True)
class ChainReport:
    """The outcome of walking every stream of the chain from its first row.

    ``heads`` holds each stream's last good row; ``broken`` the first broken link of each
    stream that does not hold. ``missing_anchors`` lists the audit rows that stored reports
    recorded (their stream, ``seq`` and hash) but the chain no longer holds as recorded: the
    trace of rows removed from a stream's end, or of the whole trail replaced.
    """

    intact: bool
    rows: int
    heads: dict[str, StreamHead]
    broken: list[BrokenLink] = field(default_factory=list)
    missing_anchors: list[dict[str, Any]] = field(default_factory=list)


def chain_verify(*, batch_size: int = 5000) -> ChainReport:
    """Walk every stream and report the first broken link of each, if any; then check the
    anchors the stored reports recorded."""
    walk = chain_walk(batch_size=batch_size)
    missing = missing_anchors()
    return ChainReport(
        intact=not walk.broken and not missing,
        rows=walk.rows,
        heads=walk.heads,
        broken=walk.broken,
        missing_anchors=missing,
    )


def missing_anchors() -> list[dict[str, Any]]:
    """The audit rows stored reports recorded that the chain no longer holds as recorded."""
    anchors = {
        (stream, seq): expected
        for stream, seq, expected in GamingDayReport.objects.filter(
            audit_seq__isnull=False
        ).values_list("audit_stream", "audit_seq", "audit_hash")
    }
    if not anchors:
        return []
    wanted = Q()
    for stream, seq in anchors:
        wanted |= Q(stream=stream, seq=seq)
    present = {
        (stream, seq): found
        for stream, seq, found in AuditRecord.objects.filter(wanted).values_list(
            "stream", "seq", "row_hash"
        )
    }
    return [
        {"stream": stream, "seq": seq, "expected": expected, "found": present.get((stream, seq))}
        for (stream, seq), expected in sorted(anchors.items())
        if present.get((stream, seq)) != expected
    ]
