"""Signed checkpoints of the audit trail, held outside the database, and the verification that
finds what the database's owner changed behind the application's back: an edited row, a full
rewrite with every later hash recomputed and every anchor in the database rewritten, the
newest rows deleted once a checkpoint covers them, a forged or altered checkpoint file."""

from __future__ import annotations

import datetime as dt
import io
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.core.management import CommandError, call_command
from django.db import connection, transaction
from django.utils import timezone

from audit.models import Checkpoint, CheckpointReason
from audit.sealing.documents import FIRST_PREVIOUS, CheckpointDocument, problems, seal
from audit.sealing.merkle import inclusion_proof, merkle_root, verify_inclusion
from audit.sealing.signing import key_id, load_public_key
from audit.sealing.sinks import CheckpointSinkError, FolderSink
from audit.services.checkpoints import (
    checkpoint_seal,
    signing_key,
    stream_heads,
    trusted_public_key,
)
from audit.services.checks import chain_check
from audit.services.verification import FindingKind, trail_verify
from casino.core.audit_codes import AuditCode
from casino.core.models import Alert, AlertKind, AuditRecord
from casino.core.trail.canonical import HASHED_FIELDS, row_hash
from casino.core.trail.recording import AuditScope, audit_record
from tests.owner import as_owner

pytestmark = pytest.mark.django_db


class TableRef:
    """What an audit row can be about: a table, by id."""

    def __init__(self, pk: int) -> None:
        self.pk = pk

    def audit_scope(self) -> AuditScope:
        return AuditScope(table_id=self.pk)


@pytest.fixture
def outside(settings: Any, tmp_path: Path) -> FolderSink:
    """This test's own place outside the database for its checkpoints."""
    settings.AUDIT_CHECKPOINTS = {**settings.AUDIT_CHECKPOINTS, "TARGET": str(tmp_path / "out")}
    return FolderSink(tmp_path / "out")


def append(users: dict[str, Any], table: int, count: int) -> list[AuditRecord]:
    """``count`` rows in the stream of table ``table``, each in its own transaction."""
    rows = []
    for n in range(count):
        with transaction.atomic():
            rows.append(
                audit_record(
                    event_code=AuditCode.ROUND_ACTION,
                    actor=users["dealer"],
                    table=TableRef(table),
                    after={"n": n},
                )
            )
    return rows


@contextmanager
def triggers_off() -> Iterator[Any]:
    """The database's owner switching the trail's protection off, as only the owner can."""
    with connection.cursor() as cursor, as_owner(cursor):
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for table in ("audit_auditrecord", "audit_checkpoint", "audit_gamingdayreport"):
            cursor.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
        try:
            yield cursor
        finally:
            for table in ("audit_auditrecord", "audit_checkpoint", "audit_gamingdayreport"):
                cursor.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")


def rewrite_from(cursor: Any, stream: str, seq: int, reason: str) -> None:
    """The attack the chain alone cannot see: change row ``seq`` of ``stream`` and recompute
    the hash of every later row, so the stream chains perfectly again; the stream's head row
    follows."""
    rows = list(
        AuditRecord.objects.filter(stream=stream, seq__gte=seq)
        .order_by("seq")
        .values("id", *HASHED_FIELDS)
    )
    previous = (
        AuditRecord.objects.filter(stream=stream, seq=seq - 1)
        .values_list("row_hash", flat=True)
        .first()
    )
    for index, row in enumerate(rows):
        if index == 0:
            row["reason"] = reason
        if previous is not None:
            row["prev_hash"] = previous
        new_hash = row_hash(row)
        cursor.execute(
            "UPDATE audit_auditrecord SET reason = %s, prev_hash = %s, row_hash = %s WHERE id = %s",
            [row["reason"], row["prev_hash"], new_hash, row["id"]],
        )
        previous = new_hash
    cursor.execute("UPDATE audit_stream SET head_hash = %s WHERE key = %s", [previous, stream])


def reseal_in_database(cursor: Any) -> None:
    """Rewrite every checkpoint kept in the database over the rewritten rows (the attacker
    has no signing key: the signatures are made with one of their own)."""
    forger = Ed25519PrivateKey.generate()
    previous = FIRST_PREVIOUS
    for checkpoint in Checkpoint.objects.order_by("number"):
        old = CheckpointDocument.parse(checkpoint.line)
        heads = {
            stream: (seq, AuditRecord.objects.get(stream=stream, seq=seq).row_hash)
            for stream, (seq, _) in old.streams.items()
        }
        forged = seal(
            key=forger,
            number=old.number,
            sealed_at=old.sealed_at,
            reason=old.reason,
            streams=heads,
            previous=previous,
        )
        cursor.execute(
            "UPDATE audit_checkpoint SET line = %s, root = %s WHERE id = %s",
            [forged.line(), forged.root, checkpoint.pk],
        )
        previous = forged.digest()


# -- sealing ----------------------------------------------------------------------------------


def test_a_checkpoint_seals_every_streams_head_inside_and_outside(
    users: dict[str, Any], outside: FolderSink
) -> None:
    rows = append(users, 1, 3) + append(users, 2, 2)
    document = checkpoint_seal()
    assert document is not None
    assert document.number == 1 and document.previous == FIRST_PREVIOUS
    assert document.streams == {"table:1": (3, rows[2].row_hash), "table:2": (2, rows[4].row_hash)}
    assert document.streams == stream_heads()
    assert document.root == merkle_root(document.streams)
    # The same line inside and outside; the signature holds with the served public key only.
    stored = Checkpoint.objects.get()
    assert outside.lines() == [(1, stored.line)] and stored.line == document.line()
    assert problems(document, public_key=trusted_public_key(), previous=FIRST_PREVIOUS) == []
    other_key = Ed25519PrivateKey.generate().public_key()
    assert problems(document, public_key=other_key, previous=FIRST_PREVIOUS) == [
        f"signed with key {document.key_id}, not the trusted key"
    ]
    # The file is written once: the sink refuses another line under its number.
    with pytest.raises(CheckpointSinkError):
        outside.append(1, stored.line.replace('"interval"', '"manual"'))
    assert os.stat(outside.path_of(1)).st_mode & 0o222 == 0


def test_nothing_changed_nothing_sealed_and_each_checkpoint_names_the_one_before(
    users: dict[str, Any], outside: FolderSink
) -> None:
    append(users, 1, 1)
    first = checkpoint_seal()
    assert first is not None
    assert checkpoint_seal() is None
    append(users, 1, 1)
    second = checkpoint_seal()
    assert second is not None
    assert (second.number, second.previous) == (2, first.digest())
    manual = checkpoint_seal(reason=CheckpointReason.MANUAL)
    assert manual is not None and manual.streams == second.streams
    assert [number for number, _ in outside.lines()] == [1, 2, 3]


def test_a_gaming_day_close_is_sealed(
    users: dict[str, Any], floor: dict[str, Any], outside: FolderSink
) -> None:
    """The floor's casino starts its gaming day at 06:00 in its own zone."""
    append(users, 1, 1)
    zone = ZoneInfo(floor["pit"].casino.time_zone)
    before_close = dt.datetime(2026, 3, 2, 5, 50, tzinfo=zone)
    assert checkpoint_seal(now=before_close) is not None
    after_close = dt.datetime(2026, 3, 2, 6, 5, tzinfo=zone)
    sealed = checkpoint_seal(now=after_close)
    assert sealed is not None
    casino = floor["pit"].casino_id
    assert (sealed.reason, sealed.closed_days) == ("gaming_day_close", [(casino, "2026-03-01")])


def test_a_merkle_proof_shows_one_head_without_the_others() -> None:
    heads = {f"table:{n}": (n, f"{n:064x}") for n in range(1, 12)}
    root = merkle_root(heads)
    for stream, head in heads.items():
        proof = inclusion_proof(heads, stream)
        assert len(proof) <= 4
        assert verify_inclusion(root, stream, head, proof)
        assert not verify_inclusion(root, stream, (head[0] + 1, head[1]), proof)


def test_the_public_key_is_served_to_auditors(
    client_for: Any, outside: FolderSink, users: dict[str, Any]
) -> None:
    body = client_for("auditor").get("/api/v1/audit/checkpoints/public-key/").json()
    key = load_public_key(body["public_key_pem"].encode())
    assert body == {
        "algorithm": "Ed25519",
        "key_id": key_id(signing_key().public_key()),
        "public_key_pem": body["public_key_pem"],
    }
    assert key_id(key) == body["key_id"]
    append(users, 1, 1)
    checkpoint_seal()
    listed = client_for("auditor").get("/api/v1/audit/checkpoints/").json()
    assert [(c["number"], c["streams"]) for c in listed] == [(1, 1)]
    assert client_for("dealer").get("/api/v1/audit/checkpoints/").status_code == 403


# -- verification -----------------------------------------------------------------------------


def test_incremental_verification_reads_only_the_rows_since_the_last_verified_checkpoint(
    users: dict[str, Any], outside: FolderSink
) -> None:
    append(users, 1, 40) + append(users, 2, 30)
    checkpoint_seal()
    first = chain_check()
    assert (first.intact, first.full, first.rows_read, first.checkpoint) == (True, True, 70, 1)
    # The check's own row (site stream) and 7 new rows at table 2.
    append(users, 2, 7)
    checkpoint_seal()
    report = trail_verify()
    assert report.intact, report.findings
    assert (report.full, report.since_checkpoint, report.checkpoint) == (False, 1, 2)
    assert report.rows_read == 7 + 1
    assert report.head_rows_read == 3  # the heads of checkpoint 2: table:1, table:2, site
    assert trail_verify(full=True).rows_read == 70 + 7 + 1


def test_an_edited_row_is_found_at_its_stream_and_row(
    users: dict[str, Any], outside: FolderSink
) -> None:
    rows = append(users, 1, 5)
    checkpoint_seal()
    chain_check()
    edited = rows[1]
    with triggers_off() as cursor:
        cursor.execute("UPDATE audit_auditrecord SET reason = 'edited' WHERE id = %s", [edited.pk])
    [finding] = trail_verify(full=True).findings
    assert (finding.kind, finding.stream, finding.seq, finding.record_id) == (
        FindingKind.BROKEN_LINK,
        "table:1",
        2,
        edited.pk,
    )
    assert finding.expected == edited.row_hash and finding.found != edited.row_hash
    # The sealed head itself edited: even the incremental run, which reads no old row, sees it.
    with triggers_off() as cursor:
        cursor.execute("UPDATE audit_auditrecord SET reason = 'head' WHERE id = %s", [rows[4].pk])
    head = [f for f in trail_verify().findings if f.kind == FindingKind.HEAD_DIFFERS]
    assert [(f.stream, f.seq, f.expected) for f in head] == [("table:1", 5, rows[4].row_hash)]


def test_a_full_rewrite_with_every_anchor_in_the_database_is_found_outside(
    users: dict[str, Any], outside: FolderSink
) -> None:
    rows = append(users, 1, 4)
    checkpoint_seal()
    rows += append(users, 1, 4)
    checkpoint_seal()
    append(users, 2, 3)
    with triggers_off() as cursor:
        rewrite_from(cursor, "table:1", 3, "rewritten")
        reseal_in_database(cursor)
    # Inside the database everything agrees: the chain walks clean from the first row.
    assert not [f for f in trail_verify(full=True).findings if f.kind == FindingKind.BROKEN_LINK]
    findings = trail_verify(full=True).findings
    [head] = [f for f in findings if f.kind == FindingKind.HEAD_DIFFERS]
    # The first sealed head after the edit differs; the edit lies after the last that holds.
    assert (head.stream, head.seq, head.checkpoint, head.after_seq) == ("table:1", 4, 1, 0)
    assert head.expected == rows[3].row_hash and head.found != rows[3].row_hash
    assert head.after_seq < 3 <= head.seq
    copies = [f for f in findings if f.kind == FindingKind.CHECKPOINT_INVALID]
    assert {f.checkpoint for f in copies} == {1, 2}
    assert all(f.detail == "the database's copy differs from the one held outside" for f in copies)


def test_the_newest_rows_deleted_once_a_checkpoint_covers_them_are_found(
    users: dict[str, Any], outside: FolderSink
) -> None:
    rows = append(users, 1, 6)
    checkpoint_seal()
    chain_check()
    with triggers_off() as cursor:
        cursor.execute("DELETE FROM audit_auditrecord WHERE stream = 'table:1' AND seq >= 4")
        cursor.execute(
            "UPDATE audit_stream SET seq = 3, head_hash = %s WHERE key = 'table:1'",
            [rows[2].row_hash],
        )
    # What is left chains perfectly: only the checkpoint knows the stream went further.
    assert not [f for f in trail_verify(full=True).findings if f.kind == FindingKind.BROKEN_LINK]
    [finding] = trail_verify().findings
    assert (finding.kind, finding.stream, finding.seq, finding.found) == (
        FindingKind.HEAD_DIFFERS,
        "table:1",
        6,
        None,
    )
    assert (finding.expected, finding.after_seq, finding.detail) == (
        rows[5].row_hash,
        0,
        "the sealed head is gone",
    )


def test_an_altered_or_forged_checkpoint_file_is_found(
    users: dict[str, Any], outside: FolderSink
) -> None:
    append(users, 1, 2)
    checkpoint_seal()
    append(users, 1, 2)
    checkpoint_seal()
    path = outside.path_of(2)
    original = path.read_text()
    document = json.loads(original)
    document["streams"]["table:1"][0] = 3
    os.chmod(path, 0o644)
    path.write_text(json.dumps(document, sort_keys=True, separators=(",", ":")) + "\n")
    [altered] = trail_verify().findings
    assert (altered.kind, altered.checkpoint) == (FindingKind.CHECKPOINT_INVALID, 2)
    assert altered.detail == ("the signature does not hold; the root is not the root of its heads")
    # Forged whole with another key.
    forger = Ed25519PrivateKey.generate()
    forged = seal(
        key=forger,
        number=2,
        sealed_at=document["sealed_at"],
        reason="interval",
        streams={"table:1": (3, "f" * 64)},
        previous=CheckpointDocument.parse(outside.lines()[0][1]).digest(),
    )
    path.write_text(forged.line() + "\n")
    first = trail_verify().findings[0]
    assert first.kind == FindingKind.CHECKPOINT_INVALID and first.checkpoint == 2
    assert first.detail.startswith(f"signed with key {forged.key_id}, not the trusted key")
    # Removed: a gap outside, and a checkpoint the database holds that is not outside.
    path.unlink()
    append(users, 1, 1)
    missing = trail_verify(now=timezone.now() + dt.timedelta(hours=1)).findings
    assert [(f.kind, f.checkpoint, f.detail) for f in missing] == [
        (FindingKind.CHECKPOINT_MISSING, 2, "in the database but not held outside")
    ]


def test_findings_raise_alerts_and_the_command_names_them(
    users: dict[str, Any], outside: FolderSink
) -> None:
    rows = append(users, 1, 3)
    checkpoint_seal()
    with triggers_off() as cursor:
        rewrite_from(cursor, "table:1", 2, "rewritten")
    with pytest.raises(CommandError) as failed:
        call_command("audit_verify")
    found = AuditRecord.objects.get(pk=rows[2].pk).row_hash
    assert str(failed.value) == (
        "audit stream table:1: the sealed head differs at row seq=3 (sealed by checkpoint 1): "
        f"row_hash expected {rows[2].row_hash} found {found}; the change lies after seq=0"
    )
    for _ in range(2):
        assert not chain_check().intact
    alert = Alert.objects.get()
    assert alert.kind == AlertKind.CHAIN_BROKEN
    assert (alert.details["finding"]["stream"], alert.details["finding"]["seq"]) == ("table:1", 3)
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("audit_verify", "--full", stdout=out)


def test_checkpoints_in_the_database_never_change(
    users: dict[str, Any], outside: FolderSink
) -> None:
    from django.db import DatabaseError

    append(users, 1, 1)
    checkpoint_seal()
    changes = (
        "UPDATE audit_checkpoint SET root = repeat('0', 64)",
        "DELETE FROM audit_checkpoint",
    )
    # Neither the application nor, while the trigger is on, the owner.
    for statement in changes:
        for acting_as_owner in (False, True):
            with pytest.raises(DatabaseError), transaction.atomic():
                with connection.cursor() as cursor:
                    if acting_as_owner:
                        with as_owner(cursor):
                            cursor.execute(statement)
                    else:
                        cursor.execute(statement)
    assert Checkpoint.objects.get().root == merkle_root(stream_heads())
