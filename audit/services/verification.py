"""Verifying the audit trail against the checkpoints held outside the database.

What is checked, in order:

1. The checkpoints outside (the sink): each one's signature with the trusted public key, its
   Merkle root, its link to the one before, no number missing; and the database's copies
   against them, one for one.
2. The chain: incrementally, every stream from the heads of the last checkpoint a
   verification found intact (only the rows appended since are read), or in full
   (``full=True``) every row from the first.
3. The heads: every sealed head of the checkpoints not verified before (all of them in full)
   and of the newest, against the row in the database: still there, with the sealed hash,
   its content still hashing to it. A row rewritten with every later hash recomputed, or rows
   removed from a stream's end, no longer match what was sealed outside.
4. The anchors the stored reports hold.

Each failure is a :class:`Finding` naming the stream, the first row that differs, the hash
expected and the hash found. An edit that left the stored hashes as they were breaks the chain
only at the edited row, which an incremental run does not read if it is older than the last
verified checkpoint: the full run (weekly by default) finds it.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q
from django.utils import timezone

from audit.models import Checkpoint
from audit.sealing.documents import FIRST_PREVIOUS, CheckpointDocument, problems
from audit.sealing.signing import SigningKeyError
from audit.services.chain import missing_anchors
from audit.services.checkpoints import checkpoint_sink, trusted_public_key
from casino.core.audit_codes import AuditCode
from casino.core.models import AuditRecord
from casino.core.trail.canonical import HASHED_FIELDS, row_hash
from casino.core.trail.recording import SITE_STREAM
from casino.core.trail.walk import StreamHead, chain_walk

#: A checkpoint younger than this may be in the database and not yet outside: it is being
#: written (the database commits first, then the sink).
EXPORT_GRACE = dt.timedelta(minutes=2)


class FindingKind:
    BROKEN_LINK = "broken_link"
    HEAD_DIFFERS = "head_differs"
    CHECKPOINT_INVALID = "checkpoint_invalid"
    CHECKPOINT_MISSING = "checkpoint_missing"
    MISSING_ANCHOR = "missing_anchor"


@dataclass(frozen=True)
class Finding:
    """One thing that does not hold.

    ``stream`` and ``seq`` name the first row that differs (``record_id`` when the row is
    there); ``expected`` and ``found`` the hashes (``found`` ``None`` for a row that is gone).
    ``checkpoint`` names the checkpoint involved. For a sealed head that differs,
    ``after_seq`` is the stream's last head that still holds: the change lies after it.
    """

    kind: str
    detail: str
    stream: str | None = None
    seq: int | None = None
    record_id: int | None = None
    expected: str | None = None
    found: str | None = None
    checkpoint: int | None = None
    after_seq: int | None = None


@dataclass(frozen=True)
class Verification:
    """The outcome of one verification.

    ``rows_read`` counts the rows the chain walk read (in an incremental run, those after
    ``since_checkpoint``); ``head_rows_read`` the sealed heads read back. ``checkpoint`` is
    the newest checkpoint found valid, from which the next incremental run starts.
    """

    intact: bool
    full: bool
    rows_read: int
    head_rows_read: int
    checkpoints: int
    since_checkpoint: int | None
    checkpoint: int | None
    heads: dict[str, StreamHead]
    findings: list[Finding] = field(default_factory=list)


def trail_verify(*, full: bool = False, now: dt.datetime | None = None) -> Verification:
    """Verify the trail (module docstring); read-only."""
    now = now or timezone.now()
    findings: list[Finding] = []
    outside = _outside_checkpoints(findings)
    _compare_with_database(outside, findings, now=now)
    valid = [document for _, document in outside if document is not None]
    since = None if full else _last_verified(valid)
    walk = chain_walk(
        since={k: StreamHead(seq, h) for k, (seq, h) in since.streams.items()} if since else None
    )
    findings.extend(
        Finding(
            kind=FindingKind.BROKEN_LINK,
            detail=f"{link.check} does not hold",
            stream=link.stream,
            seq=link.seq,
            record_id=link.record_id,
            expected=link.expected,
            found=link.found,
        )
        for link in walk.broken
    )
    to_check = [d for d in valid if since is None or d.number > since.number]
    if valid and valid[-1] not in to_check:
        to_check.append(valid[-1])
    head_rows = _check_heads(to_check, since, findings)
    findings.extend(
        Finding(
            kind=FindingKind.MISSING_ANCHOR,
            detail="a stored report's audit row is not held as recorded",
            stream=anchor["stream"],
            seq=anchor["seq"],
            expected=anchor["expected"],
            found=anchor["found"],
        )
        for anchor in missing_anchors()
    )
    return Verification(
        intact=not findings,
        full=since is None,
        rows_read=walk.rows,
        head_rows_read=head_rows,
        checkpoints=len(outside),
        since_checkpoint=since.number if since else None,
        checkpoint=valid[-1].number if valid else None,
        heads=walk.heads,
        findings=findings,
    )


def _outside_checkpoints(
    findings: list[Finding],
) -> list[tuple[int, CheckpointDocument | None]]:
    """The checkpoints outside, ``(number, document)`` in number order, each checked (the
    document ``None`` where it does not hold); what does not hold is added to ``findings``."""
    try:
        lines = checkpoint_sink().lines()
    except SigningKeyError:
        lines = []
    if not lines:
        return []
    try:
        public = trusted_public_key()
    except SigningKeyError as exc:
        findings.append(Finding(kind=FindingKind.CHECKPOINT_INVALID, detail=str(exc)))
        return [(number, None) for number, _ in lines]
    documents: list[tuple[int, CheckpointDocument | None]] = []
    previous, expected_number = FIRST_PREVIOUS, 1
    for number, line in lines:
        if number != expected_number:
            findings.append(
                Finding(
                    kind=FindingKind.CHECKPOINT_MISSING,
                    detail=f"checkpoints {expected_number} to {number - 1} are missing outside",
                    checkpoint=expected_number,
                )
            )
        expected_number = number + 1
        try:
            document = CheckpointDocument.parse(line)
        except ValueError as exc:
            findings.append(
                Finding(kind=FindingKind.CHECKPOINT_INVALID, detail=str(exc), checkpoint=number)
            )
            documents.append((number, None))
            continue
        wrong = problems(document, public_key=public, previous=previous)
        if document.number != number:
            wrong.append(f"is stored as checkpoint {number}")
        if wrong:
            findings.append(
                Finding(
                    kind=FindingKind.CHECKPOINT_INVALID,
                    detail="; ".join(wrong),
                    checkpoint=number,
                )
            )
        documents.append((number, None if wrong else document))
        previous = document.digest()
    return documents


def _compare_with_database(
    outside: list[tuple[int, CheckpointDocument | None]],
    findings: list[Finding],
    *,
    now: dt.datetime,
) -> None:
    held = {number: d.line() for number, d in outside if d is not None}
    stored = dict(Checkpoint.objects.values_list("number", "line"))
    recent = set(
        Checkpoint.objects.filter(sealed_at__gt=now - EXPORT_GRACE).values_list("number", flat=True)
    )
    for number, line in sorted(held.items()):
        if number not in stored:
            findings.append(
                Finding(
                    kind=FindingKind.CHECKPOINT_MISSING,
                    detail="held outside but not in the database",
                    checkpoint=number,
                )
            )
        elif stored[number] != line:
            findings.append(
                Finding(
                    kind=FindingKind.CHECKPOINT_INVALID,
                    detail="the database's copy differs from the one held outside",
                    checkpoint=number,
                )
            )
    outside_numbers = {number for number, _ in outside}
    for number in sorted(set(stored) - outside_numbers - recent):
        findings.append(
            Finding(
                kind=FindingKind.CHECKPOINT_MISSING,
                detail="in the database but not held outside",
                checkpoint=number,
            )
        )


def _last_verified(valid: list[CheckpointDocument]) -> CheckpointDocument | None:
    """The newest checkpoint a verification found intact, if it is still valid outside."""
    last = (
        AuditRecord.objects.filter(stream=SITE_STREAM, event_code=AuditCode.CHAIN_VERIFIED)
        .order_by("-seq")
        .values_list("after", flat=True)
        .first()
    )
    number = (last or {}).get("checkpoint")
    return next((d for d in valid if d.number == number), None)


def _check_heads(
    documents: Iterable[CheckpointDocument],
    since: CheckpointDocument | None,
    findings: list[Finding],
) -> int:
    """Compare the sealed heads of ``documents`` with the rows; returns how many rows it read.

    Per stream, the first head that does not hold is reported, with the last one that does
    (or the verified start) as ``after_seq``.
    """
    sealed: dict[str, dict[int, tuple[str, int]]] = defaultdict(dict)
    for document in documents:
        for stream, (seq, expected) in document.streams.items():
            sealed[stream].setdefault(seq, (expected, document.number))
    rows = _rows_at([(stream, seq) for stream, heads in sealed.items() for seq in heads])
    for stream in sorted(sealed):
        start = since.streams[stream][0] if since and stream in since.streams else 0
        # The verified start holds, unless it is itself among the heads checked again.
        holding = 0 if start in sealed[stream] else start
        for seq in sorted(sealed[stream]):
            expected, number = sealed[stream][seq]
            row = rows.get((stream, seq))
            found = None if row is None else _found_hash(row, expected)
            if found == expected:
                holding = seq
                continue
            findings.append(
                Finding(
                    kind=FindingKind.HEAD_DIFFERS,
                    detail=(
                        "the sealed head is gone" if row is None else "the sealed head differs"
                    ),
                    stream=stream,
                    seq=seq,
                    record_id=None if row is None else row["id"],
                    expected=expected,
                    found=found,
                    checkpoint=number,
                    after_seq=holding,
                )
            )
            break
    return len(rows)


def _found_hash(row: dict[str, Any], expected: str) -> str:
    """The row's hash as it stands: the stored one, unless its content no longer hashes to it."""
    if row["row_hash"] != expected:
        return str(row["row_hash"])
    return row_hash(row)


def _rows_at(positions: list[tuple[str, int]], batch: int = 500) -> dict[tuple[str, int], Any]:
    rows: dict[tuple[str, int], Any] = {}
    columns = ("id", "row_hash", *HASHED_FIELDS)
    for start in range(0, len(positions), batch):
        wanted = Q()
        for stream, seq in positions[start : start + batch]:
            wanted |= Q(stream=stream, seq=seq)
        for row in AuditRecord.objects.filter(wanted).values(*columns):
            rows[(row["stream"], row["seq"])] = row
    return rows
