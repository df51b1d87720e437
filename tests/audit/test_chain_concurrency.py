"""Two writers append to the audit trail at the same moment.

The bug this guards against: both read the same head of a stream before either inserts, so both
new rows claim the same ``seq`` and ``prev_hash`` and the stream forks (or, with the unique
``seq``, one business transaction fails for no business reason). Taking the stream's head (one
upsert that locks its row until the transaction ends) must make the second writer wait for the
first to commit and then chain onto its row. Writers of different streams must not wait for
each other at all.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

import pytest
from django.db import DatabaseError, connection, transaction

from audit.services.chain import chain_verify
from casino.core.audit_codes import AuditCode
from casino.core.models import AuditRecord
from casino.core.trail import recording
from casino.core.trail.recording import AuditScope, audit_record

WRITERS = 2
ROWS_EACH = 5


@pytest.mark.django_db(transaction=True)
def test_concurrent_writers_extend_one_chain(
    users: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Hold every writer between taking the head and inserting, so that without the head's lock
    # they would certainly read the same head.
    original = recording._take_head

    def slow_take_head(stream: str) -> tuple[int, str]:
        link = original(stream)
        time.sleep(0.02)
        return link

    monkeypatch.setattr(recording, "_take_head", slow_take_head)
    barrier = threading.Barrier(WRITERS, timeout=10)
    errors: list[BaseException] = []

    def write(index: int) -> None:
        try:
            barrier.wait()
            for n in range(ROWS_EACH):
                with transaction.atomic():
                    audit_record(
                        event_code=AuditCode.ROUND_ACTION,
                        actor=users["dealer"],
                        after={"writer": index, "n": n},
                    )
        except BaseException as exc:  # reported below, with the thread's name
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=write, args=(i,)) for i in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)

    assert errors == []
    rows = WRITERS * ROWS_EACH
    assert list(AuditRecord.objects.order_by("id").values_list("stream", "seq")) == [
        ("site", seq) for seq in range(1, rows + 1)
    ]
    writers = {r.after["writer"] for r in AuditRecord.objects.all()}
    assert writers == set(range(WRITERS))
    report = chain_verify()
    assert (report.intact, report.rows) == (True, rows)


@pytest.mark.django_db(transaction=True)
def test_without_the_head_the_database_still_refuses_a_fork(
    users: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The control: writers that read the chain's end themselves instead of taking its head
    (so without its lock) do read the same link, and the database refuses all but the first
    of their rows (the insert trigger locks the head and checks that a row extends it), so
    the chain stays whole instead of forking."""
    with transaction.atomic():
        audit_record(event_code=AuditCode.ROUND_ACTION, actor=users["dealer"], after={"w": -1})
    both_read = threading.Barrier(WRITERS, timeout=10)

    def read_the_end_together(stream: str) -> tuple[int, str]:
        last = (
            AuditRecord.objects.filter(stream=stream)
            .order_by("-seq")
            .values_list("seq", "row_hash")
            .first()
        )
        assert last is not None
        both_read.wait()
        return last[0] + 1, last[1]

    monkeypatch.setattr(recording, "_take_head", read_the_end_together)
    errors: list[BaseException] = []

    def write(index: int) -> None:
        try:
            with transaction.atomic():
                audit_record(
                    event_code=AuditCode.ROUND_ACTION, actor=users["dealer"], after={"w": index}
                )
        except BaseException as exc:  # the expected refusal, checked below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=write, args=(i,)) for i in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)

    assert len(errors) == WRITERS - 1
    assert all(isinstance(e, DatabaseError) and "extend" in str(e) for e in errors)
    assert list(AuditRecord.objects.order_by("seq").values_list("seq", flat=True)) == [1, 2]
    assert chain_verify().intact


@dataclass(frozen=True)
class TableRef:
    """What an audit row can be about: a table, by id (the trail keeps no foreign key)."""

    pk: int

    def audit_scope(self) -> AuditScope:
        return AuditScope(table_id=self.pk)


def _appended_while_another_holds_a_head(users: dict[str, Any], *, first: int, second: int) -> bool:
    """Writer one appends to table ``first`` and keeps its transaction (and the stream's head)
    open; writer two appends to table ``second``. Whether writer two committed while writer
    one still held its head; writer one is then let go, and both rows must be in the chain."""
    holding, release, second_done = threading.Event(), threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def hold() -> None:
        try:
            with transaction.atomic():
                audit_record(
                    event_code=AuditCode.ROUND_ACTION, actor=users["dealer"], table=TableRef(first)
                )
                holding.set()
                release.wait(30)
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            holding.set()
            connection.close()

    def append() -> None:
        try:
            holding.wait(30)
            with transaction.atomic():
                audit_record(
                    event_code=AuditCode.ROUND_ACTION, actor=users["dealer"], table=TableRef(second)
                )
            second_done.set()
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=hold), threading.Thread(target=append)]
    for thread in threads:
        thread.start()
    # A writer that waits for the other's head never finishes while that head is held; one
    # that does not wait finishes at once. The generous bound only keeps a wrong answer from
    # hanging the suite.
    appended_meanwhile = second_done.wait(5)
    release.set()
    for thread in threads:
        thread.join(60)
    assert errors == []
    assert second_done.is_set()
    assert chain_verify().intact
    return appended_meanwhile


@pytest.mark.django_db(transaction=True)
def test_writers_on_two_tables_do_not_wait_for_each_other(users: dict[str, Any]) -> None:
    assert _appended_while_another_holds_a_head(users, first=1, second=2)
    assert sorted(AuditRecord.objects.values_list("stream", "seq")) == [
        ("table:1", 1),
        ("table:2", 1),
    ]


@pytest.mark.django_db(transaction=True)
def test_writers_on_one_table_do_wait(users: dict[str, Any]) -> None:
    """The control: the same check on one stream sees the second writer wait."""
    assert not _appended_while_another_holds_a_head(users, first=1, second=1)
    assert list(AuditRecord.objects.order_by("id").values_list("stream", "seq")) == [
        ("table:1", 1),
        ("table:1", 2),
    ]
