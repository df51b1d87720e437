"""Sealing checkpoints of the audit trail: every stream's head, signed, stored twice.

Every few minutes (Celery beat, ``AUDIT_CHECKPOINT_INTERVAL_SECONDS``) and when a casino's
gaming day closes, :func:`checkpoint_seal` reads the head of every stream from the rows
themselves, signs them with the key from ``AUDIT_CHECKPOINTS["KEY_FILE"]`` (which the database
never holds) and stores the checkpoint in the database and outside it (the sink). Nothing
changed since the last checkpoint and no day closed: nothing is sealed.

From then on a row changed, rewritten or removed behind the application's back no longer
hashes to a sealed head, which verification (``audit.services.verification``) finds: the
proof no longer stops at the database's edge. Rows appended after the last checkpoint are
covered from the next one on: that interval is the window in which the newest rows could
vanish unseen by the chain (the settlement cross-check still finds a settlement without
its row, ``audit.services.cross_checks``).
"""

from __future__ import annotations

import datetime as dt
import functools
import logging
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from audit.models import Checkpoint, CheckpointReason
from audit.sealing.documents import FIRST_PREVIOUS, CheckpointDocument, problems, seal
from audit.sealing.merkle import Head
from audit.sealing.signing import (
    SigningKeyError,
    load_private_key,
    load_public_key,
)
from audit.sealing.sinks import CheckpointSink
from casino.core.models import AuditRecord
from casino.core.trail.canonical import utc_iso
from casino.core.trail.walk import streams_cte
from tables.models import Casino

logger = logging.getLogger(__name__)

#: Serialises sealers (a transaction-level advisory lock: nothing held across transactions).
_SEAL_LOCK = 0x61756469  # "audi"


def checkpoint_sink() -> CheckpointSink:
    """The configured sink (``AUDIT_CHECKPOINTS["SINK"]`` made with ``["TARGET"]``).

    :raises SigningKeyError: when no target is configured.
    """
    config = settings.AUDIT_CHECKPOINTS
    if not config["TARGET"]:
        raise SigningKeyError("AUDIT_CHECKPOINT_DIR (the checkpoints' place outside) is not set")
    sink: CheckpointSink = import_string(config["SINK"])(config["TARGET"])
    return sink


def signing_key() -> Ed25519PrivateKey:
    """:raises SigningKeyError: when ``AUDIT_SIGNING_KEY_FILE`` is unset or unreadable."""
    path = settings.AUDIT_CHECKPOINTS["KEY_FILE"]
    if not path:
        raise SigningKeyError("AUDIT_SIGNING_KEY_FILE (the checkpoint signing key) is not set")
    return _private_key(path)


@functools.lru_cache(maxsize=4)
def _private_key(path: str) -> Ed25519PrivateKey:
    return load_private_key(Path(path))


def trusted_public_key() -> Ed25519PublicKey:
    """The key checkpoints must be signed with: ``AUDIT_PUBLIC_KEY_FILE`` when given, else
    the signing key's own.

    :raises SigningKeyError:
    """
    path = settings.AUDIT_CHECKPOINTS["PUBLIC_KEY_FILE"]
    if path:
        try:
            return load_public_key(Path(path).read_bytes())
        except OSError as exc:
            raise SigningKeyError(f"cannot read the checkpoint public key: {exc}") from exc
    return signing_key().public_key()


def stream_heads() -> dict[str, Head]:
    """Every stream's last row ``(seq, hash)``, read from the rows in one statement (one
    snapshot): an index skip-scan over the streams, then each one's last row."""
    table = AuditRecord._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            streams_cte()
            + f"""
            SELECT s.stream, h.seq, h.row_hash
            FROM streams s
            CROSS JOIN LATERAL (
                SELECT r.seq, r.row_hash FROM {table} r
                WHERE r.stream = s.stream ORDER BY r.seq DESC LIMIT 1
            ) h
            WHERE s.stream IS NOT NULL
            """
        )
        return {stream: (int(seq), str(row_hash)) for stream, seq, row_hash in cursor.fetchall()}


def days_closed_between(since: dt.datetime, until: dt.datetime) -> list[tuple[int, str]]:
    """The (casino id, gaming day) pairs of every casino whose gaming day ended after
    ``since`` and by ``until``."""
    closed = []
    for casino in Casino.objects.order_by("pk"):
        clock = casino.clock
        day, today = clock.day_of(since), clock.day_of(until)
        while day < today:
            closed.append((casino.pk, day.isoformat()))
            day += dt.timedelta(days=1)
    return closed


def checkpoint_seal(
    *, reason: str | None = None, now: dt.datetime | None = None
) -> CheckpointDocument | None:
    """Seal the heads of every stream, unless nothing changed since the last checkpoint and
    no gaming day closed (``reason`` ``manual`` always seals). Stores the checkpoint in the
    database, commits, then writes it outside (and any earlier one not yet there).

    :raises SigningKeyError: without the signing key or the sink's target.
    :raises CheckpointSinkError: when the sink refuses or fails; the checkpoint is then in the
        database only, and the next sealing writes it outside.
    """
    key = signing_key()
    sink = checkpoint_sink()
    now = now or timezone.now()
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_SEAL_LOCK])
        last = Checkpoint.objects.order_by("-number").first()
        previous = CheckpointDocument.parse(last.line) if last is not None else None
        closed = days_closed_between(last.sealed_at, now) if last is not None else []
        heads = stream_heads()
        if reason is None:
            reason = CheckpointReason.GAMING_DAY_CLOSE if closed else CheckpointReason.INTERVAL
        if reason == CheckpointReason.INTERVAL and previous is not None:
            if previous.streams == heads:
                return None
        document = seal(
            key=key,
            number=previous.number + 1 if previous is not None else 1,
            sealed_at=utc_iso(now),
            reason=str(reason),
            streams=heads,
            previous=previous.digest() if previous is not None else FIRST_PREVIOUS,
            closed_days=closed,
        )
        Checkpoint.objects.create(
            number=document.number,
            sealed_at=now,
            reason=document.reason,
            streams=len(document.streams),
            root=document.root,
            key_id=document.key_id,
            line=document.line(),
        )
    checkpoint_export(sink)
    return document


def checkpoint_export(sink: CheckpointSink) -> list[int]:
    """Write outside every checkpoint the database holds after the last one the sink holds
    (normally only the newest); returns their numbers. Only checkpoints whose signature holds
    leave the database: one forged there is no evidence to copy."""
    outside_last = max(sink.numbers(), default=0)
    previous = FIRST_PREVIOUS
    if outside_last:
        held = Checkpoint.objects.filter(number=outside_last).values_list("line", flat=True)
        previous = next((CheckpointDocument.parse(line).digest() for line in held), previous)
    public = trusted_public_key()
    written = []
    for checkpoint in Checkpoint.objects.filter(number__gt=outside_last).order_by("number"):
        document = CheckpointDocument.parse(checkpoint.line)
        found = problems(document, public_key=public, previous=previous)
        if found:
            logger.error("checkpoint %s not written outside: %s", checkpoint.number, found)
            break
        sink.append(checkpoint.number, checkpoint.line)
        written.append(checkpoint.number)
        previous = document.digest()
    return written


def checkpoint_documents(lines: list[tuple[int, str]]) -> list[CheckpointDocument]:
    """The documents of ``lines`` that parse (the verification reports the others)."""
    documents = []
    for _, line in lines:
        try:
            documents.append(CheckpointDocument.parse(line))
        except ValueError:
            continue
    return documents
