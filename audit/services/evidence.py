"""Exporting evidence packages: one round, or one table's gaming day, as one signed file.

A package (``audit.evidence.document``) holds the rounds as the database holds them, every
audit row of the table's stream from the first row concerned to the stream's head at a signed
checkpoint (so a verifier recomputes each hash and each link, through the rows of other rounds
in between, up to what the checkpoint seals), that checkpoint's line as written outside the
database, the RFC 6962 audit path of the stream's head to its root, the site's public key, and
the signature of the whole by the site's key (the checkpoints' key).

When no checkpoint covers the rows yet (the newest rows, appended since the last sealing), one
is sealed first, through the checkpoints' own service, rather than the export refused. Each
export writes an ``evidence.exported`` row in the table's stream: who exported what, and the
package's SHA-256.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, transaction
from django.utils import timezone

from audit.evidence.document import (
    KIND_ROUND,
    KIND_TABLE_DAY,
    PACKAGE_FORMAT,
    package_bytes,
    package_sign,
)
from audit.evidence_selectors import (
    concerned_rows,
    day_rounds,
    round_evidence,
    stream_rows,
    table_evidence,
)
from audit.models import Checkpoint, CheckpointReason
from audit.sealing.documents import CheckpointDocument
from audit.sealing.merkle import inclusion_proof
from audit.services.checkpoints import (
    checkpoint_export,
    checkpoint_seal,
    checkpoint_sink,
    signing_key,
)
from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, EvidenceCode
from casino.core.models import AuditRecord
from casino.core.trail.canonical import utc_iso
from casino.core.trail.recording import audit_record, stream_of
from tables.models import Round, Table

#: Checkpoints sealed this long before a row's time may still cover it (a sealing reads the
#: heads after it took its time, once it holds its lock).
_SEALING_SKEW = dt.timedelta(minutes=5)
#: How many checkpoints after a row's time are tried before one is sealed for it.
_CANDIDATES = 20
#: Rows appended while a package is read may outrun the checkpoint: sealed again, this often.
_ATTEMPTS = 3


@dataclass(frozen=True)
class EvidenceExport:
    """An exported package: its file, a name for it, its SHA-256, the checkpoint it rests on,
    and whether that checkpoint was sealed for this export."""

    content: bytes
    filename: str
    sha256: str
    checkpoint: int
    sealed: bool


def evidence_round_export(
    *, round_id: int, actor: AbstractBaseUser | None, actor_label: str = ""
) -> EvidenceExport:
    """The evidence package of one round (any status: a round in play has its events so far).

    :raises Round.DoesNotExist:
    :raises SigningKeyError: without the site's key or the checkpoints' place outside.
    :raises CheckpointSinkError: when a checkpoint that had to be sealed could not be written.
    """
    round = Round.objects.select_related("table__pit__casino").get(pk=round_id)
    return _export(
        table=round.table,
        kind=KIND_ROUND,
        subject={"round": round.pk},
        # Read again in the export's snapshot, with its rows.
        rounds=lambda: [Round.objects.get(pk=round.pk)],
        gaming_day=None,
        actor=actor,
        actor_label=actor_label,
        audited=round,
        filename=f"evidence-round-{round.pk}.json",
    )


def evidence_table_day_export(
    *,
    table_id: int,
    gaming_day: dt.date,
    actor: AbstractBaseUser | None,
    actor_label: str = "",
) -> EvidenceExport:
    """The evidence package of one table's gaming day: its rounds and every row of that day.

    :raises Table.DoesNotExist:
    :raises ApiError: ``evidence_nothing_recorded`` (404) when the trail holds no row of the
        table on that day.
    :raises SigningKeyError:, :raises CheckpointSinkError: as :func:`evidence_round_export`.
    """
    table = Table.objects.select_related("pit__casino").get(pk=table_id)
    return _export(
        table=table,
        kind=KIND_TABLE_DAY,
        subject={"table": table.pk, "gaming_day": gaming_day.isoformat()},
        rounds=lambda: day_rounds(table, gaming_day),
        gaming_day=gaming_day,
        actor=actor,
        actor_label=actor_label,
        audited=table,
        filename=f"evidence-table-{table.pk}-{gaming_day.isoformat()}.json",
    )


def _export(
    *,
    table: Table,
    kind: str,
    subject: dict[str, Any],
    rounds: Callable[[], list[Round]],
    gaming_day: dt.date | None,
    actor: AbstractBaseUser | None,
    actor_label: str,
    audited: Any,
    filename: str,
) -> EvidenceExport:
    """Read the rounds and the rows in one snapshot, up to the first checkpoint sealing the
    last row concerned (sealed first when there is none), sign the package, and record its
    export in its own transaction: the package is answered only once its row is written."""
    stream = stream_of(table.audit_scope())
    sealed = False
    for _ in range(_ATTEMPTS):
        with _snapshot():
            chosen = rounds()
            span = concerned_rows(
                stream=stream, round_ids=[r.pk for r in chosen], gaming_day=gaming_day
            )
            if span is None:
                raise ApiError(
                    EvidenceCode.EVIDENCE_NOTHING_RECORDED,
                    "The audit trail holds nothing of this table on that day.",
                    table=table.pk,
                    gaming_day=subject.get("gaming_day"),
                )
            first, last = span
            document = _covering_checkpoint(stream, last)
            if document is not None:
                head_seq = document.streams[stream][0]
                package = {
                    "format": PACKAGE_FORMAT,
                    "kind": kind,
                    "subject": subject,
                    "exported_at": utc_iso(timezone.now()),
                    "exported_by": actor_label or (actor.get_username() if actor else ""),
                    "table": table_evidence(table),
                    "rounds": [round_evidence(round) for round in chosen],
                    "stream": stream,
                    "records": stream_rows(stream=stream, first=first, last=head_seq),
                    "checkpoint": document.line(),
                    "inclusion_proof": [
                        step.to_list() for step in inclusion_proof(document.streams, stream)
                    ],
                }
                break
        # Nothing seals these rows yet: seal them now (committed, and written outside).
        checkpoint_seal(reason=CheckpointReason.MANUAL)
        sealed = True
    else:  # pragma: no cover - rows outrunning three sealings in a row
        raise RuntimeError(f"no checkpoint could be sealed over {stream} #{last}")
    content = package_bytes(package_sign(package, signing_key()))
    digest = hashlib.sha256(content).hexdigest()
    _outside(document)
    with transaction.atomic():
        audit_record(
            event_code=AuditCode.EVIDENCE_EXPORTED,
            actor=actor,
            actor_label=actor_label,
            **({"round": audited} if isinstance(audited, Round) else {"table": audited}),
            gaming_day=gaming_day,
            after={
                "kind": kind,
                "subject": subject,
                "sha256": digest,
                "checkpoint": document.number,
                "rows": [first, document.streams[stream][0]],
                "sealed_for_export": sealed,
            },
        )
    return EvidenceExport(content, filename, digest, document.number, sealed)


@contextmanager
def _snapshot() -> Iterator[None]:
    """A transaction reading one snapshot, so that the rounds and the rows agree: repeatable
    read when it is the outermost transaction (a caller's own keeps its isolation)."""
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost:
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        yield


def _covering_checkpoint(stream: str, seq: int) -> CheckpointDocument | None:
    """The first checkpoint that seals ``stream`` at ``seq`` or beyond, or ``None``."""
    occurred = (
        AuditRecord.objects.filter(stream=stream, seq=seq)
        .values_list("occurred_at", flat=True)
        .get()
    )
    candidates = Checkpoint.objects.filter(sealed_at__gte=occurred - _SEALING_SKEW).order_by(
        "number"
    )[:_CANDIDATES]
    for checkpoint in candidates:
        document = CheckpointDocument.parse(checkpoint.line)
        head = document.streams.get(stream)
        if head is not None and head[0] >= seq:
            return document
    return None


def _outside(document: CheckpointDocument) -> None:
    """Make sure the checkpoint a package rests on is written outside the database too (the
    copy a verifier is given); a sealing that could not write it left it to the next."""
    sink = checkpoint_sink()
    if document.number not in sink.numbers():
        checkpoint_export(sink)
