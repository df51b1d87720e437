"""The audit trail is hash-chained and append-only in PostgreSQL itself; a row changed behind
the database's back (triggers disabled, as a superuser could) is found at the right row."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal as D
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction

from audit.codes import AuditCode
from audit.models import Alert, AlertKind, AuditRecord
from audit.services.chain import GENESIS_HASH, HASHED_FIELDS, chain_verify, row_hash
from audit.services.checks import chain_check
from audit.services.recording import audit_record
from audit.tasks import chain_verify_task
from tables.services.rounds import round_open
from tables.services.tables import table_close, table_limits_change, table_open

pytestmark = pytest.mark.django_db


@pytest.fixture
def trail(floor: dict[str, Any], users: dict[str, Any]) -> list[AuditRecord]:
    """Five rows written by the services, as in production."""
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
    return list(AuditRecord.objects.order_by("seq"))


@contextmanager
def triggers_disabled() -> Iterator[Any]:
    """What a superuser (or the table's owner) can do: switch the protection off."""
    with connection.cursor() as cursor:
        # The test's own transaction holds deferred foreign-key checks of the rows it wrote;
        # PostgreSQL alters a table only once they have run.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("ALTER TABLE audit_auditrecord DISABLE TRIGGER USER")
        try:
            yield cursor
        finally:
            cursor.execute("ALTER TABLE audit_auditrecord ENABLE TRIGGER USER")
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")


def test_rows_are_chained_in_order(trail: list[AuditRecord]) -> None:
    assert [r.seq for r in trail] == [1, 2, 3, 4, 5]
    assert trail[0].prev_hash == GENESIS_HASH
    for previous, record in zip(trail, trail[1:], strict=False):
        assert record.prev_hash == previous.row_hash
        assert record.occurred_at >= previous.occurred_at
    stored = AuditRecord.objects.values(*HASHED_FIELDS).get(seq=5)
    assert row_hash(stored) == trail[4].row_hash
    # Decimals and floats are stored as strings, so the hash survives jsonb's round trip.
    assert trail[4].after == {"stack": "12.5", "amount": "10.50", "seats": {"1": "P1"}}
    report = chain_verify()
    assert (report.intact, report.rows, report.head_seq) == (True, 5, 5)
    assert report.head_hash == trail[4].row_hash


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
    # A table event without a round gets its casino's gaming day (UTC, starting at 06:00).
    moment = limits.occurred_at
    expected = (moment - dt.timedelta(hours=6)).date()
    assert limits.gaming_day == expected
    assert trail[0].gaming_day == trail[0].round.gaming_day


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE audit_auditrecord SET reason = 'edited' WHERE seq = 2",
        "DELETE FROM audit_auditrecord WHERE seq = 2",
        "TRUNCATE audit_auditrecord",
        "TRUNCATE audit_auditrecord, tables_round CASCADE",
    ],
    ids=["update", "delete", "truncate", "truncate-cascade"],
)
def test_raw_sql_cannot_change_the_trail(trail: list[AuditRecord], sql: str) -> None:
    with connection.cursor() as cursor:
        # Run the test transaction's deferred foreign-key checks first, as a separate session's
        # would be: PostgreSQL refuses TRUNCATE with checks pending, before any trigger.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(sql)
    assert AuditRecord.objects.count() == 5
    assert AuditRecord.objects.get(seq=2).reason == "quiet"


def test_the_orm_and_the_admin_cannot_change_it_either(trail: list[AuditRecord]) -> None:
    record = AuditRecord.objects.get(seq=3)
    record.reason = "edited"
    for change in (
        lambda: record.save(),
        lambda: AuditRecord.objects.filter(seq=3).update(reason="edited"),
        lambda: AuditRecord.objects.filter(seq=3).delete(),
    ):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            change()
    assert AuditRecord.objects.get(seq=3).reason == "closed"


def test_the_truncate_guard_needs_the_setting(trail: list[AuditRecord]) -> None:
    """Only with the transaction-local setting, as the test suite's flush does, and as the
    table's owner: the owner could drop the trigger anyway."""
    with transaction.atomic():
        with connection.cursor() as cursor:
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
    call_command("audit_verify", stdout=out)
    assert f"audit chain intact: 5 rows, head seq=5 hash={trail[4].row_hash}" in out.getvalue()

    with triggers_disabled() as cursor:
        cursor.execute("UPDATE audit_auditrecord SET reason = 'nothing to see' WHERE seq = 3")
    altered = AuditRecord.objects.values(*HASHED_FIELDS).get(seq=3)
    found = row_hash(altered)

    with pytest.raises(CommandError) as failed:
        call_command("audit_verify")
    assert str(failed.value) == (
        f"audit chain broken at row seq=3 (id={trail[2].pk}): "
        f"row_hash expected {trail[2].row_hash} found {found}"
    )


def test_a_row_rehashed_by_the_forger_breaks_the_next_link(trail: list[AuditRecord]) -> None:
    """Recomputing the altered row's own hash does not help: the next row points at the old."""
    values = AuditRecord.objects.values(*HASHED_FIELDS).get(seq=2)
    values["reason"] = "very quiet"
    forged = row_hash(values)
    with triggers_disabled() as cursor:
        cursor.execute(
            "UPDATE audit_auditrecord SET reason = 'very quiet', row_hash = %s WHERE seq = 2",
            [forged],
        )
    broken = chain_verify().broken
    assert broken is not None
    assert (broken.seq, broken.check, broken.expected, broken.found) == (
        3,
        "prev_hash",
        forged,
        trail[1].row_hash,
    )


def test_a_deleted_row_leaves_a_gap(trail: list[AuditRecord]) -> None:
    with triggers_disabled() as cursor:
        cursor.execute("DELETE FROM audit_auditrecord WHERE seq = 4")
    broken = chain_verify().broken
    assert broken is not None
    assert (broken.seq, broken.record_id, broken.check, broken.expected, broken.found) == (
        5,
        trail[4].pk,
        "seq",
        "4",
        "5",
    )


def test_the_scheduled_check_records_its_outcome(trail: list[AuditRecord]) -> None:
    assert chain_verify_task.apply().get() == {"intact": True, "rows": 5, "head_seq": 5}
    verified = AuditRecord.objects.get(seq=6)
    assert verified.event_code == "audit.chain_verified"
    assert verified.actor_label == "system:check"
    assert verified.after["head_hash"] == trail[4].row_hash

    with triggers_disabled() as cursor:
        cursor.execute("UPDATE audit_auditrecord SET after = '{}'::jsonb WHERE seq = 5")
    for _ in range(2):
        report = chain_check()
        assert not report.intact
    alert = Alert.objects.get()
    assert alert.kind == AlertKind.CHAIN_BROKEN
    assert alert.details["broken"]["seq"] == 5
    assert alert.details["broken"]["check"] == "row_hash"
    assert list(AuditRecord.objects.filter(seq__gt=6).values_list("event_code", flat=True)) == [
        "audit.chain_broken",
        "audit.chain_broken",
    ]
