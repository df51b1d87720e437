"""The audit trail is hash-chained per stream and append-only in PostgreSQL itself; a row
changed behind the database's back (triggers disabled, as a superuser could) is found at the
right stream and row."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal as D
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction

from audit.services.chain import chain_verify
from audit.services.checks import chain_check
from audit.tasks import chain_verify_task
from casino.core.audit_codes import AuditCode
from casino.core.models import Alert, AlertKind, AuditRecord
from casino.core.trail.canonical import GENESIS_HASH, HASHED_FIELDS, row_hash
from casino.core.trail.recording import audit_record
from casino.core.trail.walk import StreamHead
from tables.models import Round
from tables.services.limits import table_limits_change
from tables.services.rounds import round_open
from tables.services.tables import table_close, table_open
from tests.owner import as_owner

pytestmark = pytest.mark.django_db


@pytest.fixture
def trail(floor: dict[str, Any], users: dict[str, Any]) -> list[AuditRecord]:
    """Five rows written by the services, as in production, in the global order: the table's
    stream gets the round opened, the limits changed and the action (seq 1 to 3), the other
    table's stream its close and open (seq 1 and 2)."""
    table = floor["table"]
    round = round_open(table_id=table.pk, dealer=users["dealer"])
    table_limits_change(
        table_id=table.pk, actor=users["pit_boss"], limits={"ante_max": D(400)}, reason="quiet"
    )
    table_close(table_id=floor["other_table"].pk, actor=users["other_pit_boss"], reason="closed")
    table_open(table_id=floor["other_table"].pk, actor=users["other_pit_boss"])
    with transaction.atomic():
        audit_record(
            event_code=AuditCode.ROUND_ACTION,
            actor=users["dealer"],
            round=round,
            after={"stack": 12.5, "amount": D("10.50"), "seats": {1: "P1"}},
        )
    return list(AuditRecord.objects.order_by("id"))


@contextmanager
def triggers_disabled() -> Iterator[Any]:
    """What a superuser (or the table's owner) can do: switch the protection off."""
    with as_owner() as cursor:
        # The test's own transaction holds deferred foreign-key checks of the rows it wrote;
        # PostgreSQL alters a table only once they have run.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("ALTER TABLE audit_auditrecord DISABLE TRIGGER USER")
        try:
            yield cursor
        finally:
            cursor.execute("ALTER TABLE audit_auditrecord ENABLE TRIGGER USER")
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")


def test_rows_are_chained_in_order_within_their_stream(
    trail: list[AuditRecord], floor: dict[str, Any]
) -> None:
    table, other = f"table:{floor['table'].pk}", f"table:{floor['other_table'].pk}"
    assert [(r.stream, r.seq) for r in trail] == [
        (table, 1),
        (table, 2),
        (other, 1),
        (other, 2),
        (table, 3),
    ]
    for key in (table, other):
        stream = [r for r in trail if r.stream == key]
        assert stream[0].prev_hash == GENESIS_HASH
        for previous, record in zip(stream, stream[1:], strict=False):
            assert record.prev_hash == previous.row_hash
            assert record.occurred_at >= previous.occurred_at
    stored = AuditRecord.objects.values(*HASHED_FIELDS).get(pk=trail[4].pk)
    assert row_hash(stored) == trail[4].row_hash
    # Decimals and floats are stored as strings, so the hash survives jsonb's round trip.
    assert trail[4].after == {"stack": "12.5", "amount": "10.50", "seats": {"1": "P1"}}
    report = chain_verify()
    assert (report.intact, report.rows, report.broken) == (True, 5, [])
    assert report.heads == {
        table: StreamHead(3, trail[4].row_hash),
        other: StreamHead(2, trail[3].row_hash),
    }


def test_the_stream_is_part_of_the_hash(trail: list[AuditRecord]) -> None:
    """A row moved to another stream (with its seq and pointer kept) no longer hashes."""
    moved = AuditRecord.objects.values(*HASHED_FIELDS).get(pk=trail[0].pk)
    moved["stream"] = "table:0"
    assert row_hash(moved) != trail[0].row_hash


def test_a_row_that_does_not_extend_its_stream_is_refused(trail: list[AuditRecord]) -> None:
    """The insert trigger: a row must carry its stream's next seq and point at its head."""
    columns = {f: getattr(trail[4], f) for f in HASHED_FIELDS if hasattr(trail[4], f)}
    with connection.cursor() as cursor:
        for seq, prev in ((4, trail[1].row_hash), (3, trail[1].row_hash), (4, GENESIS_HASH)):
            with pytest.raises(DatabaseError, match="does not extend"), transaction.atomic():
                cursor.execute(
                    "INSERT INTO audit_auditrecord (stream, seq, prev_hash, row_hash, occurred_at,"
                    " actor_label, actor_role, event_code, reason, request_id)"
                    " VALUES (%s, %s, %s, %s, now(), '', '', 'x', '', '')",
                    [columns["stream"], seq, prev, "a" * 64],
                )
    assert AuditRecord.objects.count() == 5


def test_rows_carry_who_what_when_and_the_gaming_day(
    trail: list[AuditRecord], floor: dict[str, Any], users: dict[str, Any]
) -> None:
    limits = trail[1]
    assert limits.event_code == "table.limits_changed"
    assert (limits.actor_id, limits.actor_role, limits.table_id) == (
        users["pit_boss"].pk,
        "pit_boss",
        floor["table"].pk,
    )
    assert (limits.before["ante_max"], limits.after["ante_max"], limits.reason) == (
        "500.00",
        "400.00",
        "quiet",
    )
    # A table event without a round gets its casino's gaming day: the date on the casino's
    # wall clock, less the hours before the day's start (06:00), in the casino's own zone.
    casino = floor["casino"]
    wall = limits.occurred_at.astimezone(ZoneInfo(casino.time_zone))
    expected = (wall - dt.timedelta(hours=casino.gaming_day_start_hour)).date()
    assert limits.gaming_day == expected
    assert trail[0].gaming_day == Round.objects.get(pk=trail[0].round_id).gaming_day


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE audit_auditrecord SET reason = 'edited' WHERE reason = 'quiet'",
        "DELETE FROM audit_auditrecord WHERE reason = 'quiet'",
        "TRUNCATE audit_auditrecord",
        "TRUNCATE audit_auditrecord, tables_round CASCADE",
    ],
    ids=["update", "delete", "truncate", "truncate-cascade"],
)
def test_raw_sql_cannot_change_the_trail(trail: list[AuditRecord], sql: str) -> None:
    """Not even as the owner: the triggers refuse what the owner's privileges would allow (the
    runtime role has not got them: ``tests/core/test_runtime_role.py``)."""
    with connection.cursor() as cursor:
        # Run the test transaction's deferred foreign-key checks first, as a separate session's
        # would be: PostgreSQL refuses TRUNCATE with checks pending, before any trigger.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        with as_owner() as cursor:
            cursor.execute(sql)
    assert AuditRecord.objects.count() == 5
    assert AuditRecord.objects.get(pk=trail[1].pk).reason == "quiet"


def test_the_orm_and_the_admin_cannot_change_it_either(trail: list[AuditRecord]) -> None:
    """As the owner too, as above."""
    record = AuditRecord.objects.get(pk=trail[2].pk)
    record.reason = "edited"
    for change in (
        lambda: record.save(),
        lambda: AuditRecord.objects.filter(pk=record.pk).update(reason="edited"),
        lambda: AuditRecord.objects.filter(pk=record.pk).delete(),
    ):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), as_owner():
            change()
    assert AuditRecord.objects.get(pk=trail[2].pk).reason == "closed"


def test_the_truncate_guard_needs_the_setting(trail: list[AuditRecord]) -> None:
    """Only with the transaction-local setting, as the test suite's flush does, and as the
    table's owner: the owner could drop the trigger anyway."""
    with transaction.atomic():
        with as_owner() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute("SET LOCAL casino.allow_history_truncate = 'off'")
            with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
                cursor.execute("TRUNCATE audit_auditrecord")
            cursor.execute("SET LOCAL casino.allow_history_truncate = 'on'")
            with transaction.atomic():
                cursor.execute("TRUNCATE audit_auditrecord")
                assert AuditRecord.objects.count() == 0
                transaction.set_rollback(True)
    assert AuditRecord.objects.count() == 5


def test_audit_verify_finds_a_row_altered_with_the_triggers_off(
    trail: list[AuditRecord],
) -> None:
    out = io.StringIO()
    call_command("audit_verify", verbosity=2, stdout=out)
    assert "audit trail intact: 5 rows read in full, 2 streams, 0 checkpoints held outside" in (
        out.getvalue()
    )
    assert f"{trail[4].stream} head seq=3 hash={trail[4].row_hash}" in out.getvalue()

    altered_row = trail[2]
    with triggers_disabled() as cursor:
        cursor.execute(
            "UPDATE audit_auditrecord SET reason = 'nothing to see' WHERE id = %s",
            [altered_row.pk],
        )
    found = row_hash(AuditRecord.objects.values(*HASHED_FIELDS).get(pk=altered_row.pk))

    with pytest.raises(CommandError) as failed:
        call_command("audit_verify")
    assert str(failed.value) == (
        f"audit chain broken in stream {altered_row.stream} at row seq=1 (id={altered_row.pk}): "
        f"row_hash expected {altered_row.row_hash} found {found}"
    )


def test_a_broken_stream_leaves_the_others_verified(trail: list[AuditRecord]) -> None:
    with triggers_disabled() as cursor:
        cursor.execute("UPDATE audit_auditrecord SET reason = 'x' WHERE id = %s", [trail[2].pk])
    report = chain_verify()
    assert [link.stream for link in report.broken] == [trail[2].stream]
    # The broken stream's head is its last good row (none); the other is walked to its end.
    assert report.heads[trail[2].stream] == StreamHead(0, GENESIS_HASH)
    assert report.heads[trail[4].stream] == StreamHead(3, trail[4].row_hash)


def test_a_row_rehashed_by_the_forger_breaks_the_next_link(trail: list[AuditRecord]) -> None:
    """Recomputing the altered row's own hash does not help: the next row points at the old."""
    values = AuditRecord.objects.values(*HASHED_FIELDS).get(pk=trail[1].pk)
    values["reason"] = "very quiet"
    forged = row_hash(values)
    with triggers_disabled() as cursor:
        cursor.execute(
            "UPDATE audit_auditrecord SET reason = 'very quiet', row_hash = %s WHERE id = %s",
            [forged, trail[1].pk],
        )
    [broken] = chain_verify().broken
    assert (broken.stream, broken.seq, broken.check, broken.expected, broken.found) == (
        trail[4].stream,
        3,
        "prev_hash",
        forged,
        trail[1].row_hash,
    )


def test_a_deleted_row_leaves_a_gap(trail: list[AuditRecord]) -> None:
    with triggers_disabled() as cursor:
        cursor.execute("DELETE FROM audit_auditrecord WHERE id = %s", [trail[1].pk])
    [broken] = chain_verify().broken
    assert (broken.seq, broken.record_id, broken.check, broken.expected, broken.found) == (
        3,
        trail[4].pk,
        "seq",
        "2",
        "3",
    )


def test_the_scheduled_check_records_its_outcome(
    trail: list[AuditRecord], floor: dict[str, Any]
) -> None:
    assert chain_verify_task.apply().get() == {
        "intact": True,
        "full": True,
        "rows": 5,
        "streams": 2,
        "checkpoint": None,
    }
    verified = AuditRecord.objects.get(stream="site", seq=1)
    assert verified.event_code == "audit.chain_verified"
    assert verified.actor_label == "system:check"
    assert (verified.after["rows"], verified.after["streams"]) == (5, 2)

    with triggers_disabled() as cursor:
        cursor.execute(
            "UPDATE audit_auditrecord SET after = '{}'::jsonb WHERE id = %s", [trail[4].pk]
        )
    for _ in range(2):
        report = chain_check()
        assert not report.intact
    alert = Alert.objects.get()
    assert (alert.kind, alert.table_id) == (AlertKind.CHAIN_BROKEN, floor["table"].pk)
    finding = alert.details["finding"]
    assert (finding["kind"], finding["stream"], finding["seq"]) == (
        "broken_link",
        trail[4].stream,
        3,
    )
    assert finding["detail"] == "row_hash does not hold"
    assert list(
        AuditRecord.objects.filter(stream="site", seq__gt=1)
        .order_by("seq")
        .values_list("event_code", flat=True)
    ) == ["audit.chain_broken", "audit.chain_broken"]
