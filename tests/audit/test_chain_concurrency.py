"""Two writers append to the audit trail at the same moment.

The bug this guards against: both read the same head of the chain before either inserts, so both
new rows claim the same ``seq`` and ``prev_hash`` and the chain forks (or, with the unique
``seq``, one business transaction fails for no business reason). The chain's append lock must
make the second writer wait for the first to commit and then chain onto its row.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction

from audit.codes import AuditCode
from audit.models import AuditRecord
from audit.services import recording
from audit.services.chain import chain_verify
from audit.services.recording import audit_record

WRITERS = 2
ROWS_EACH = 5


@pytest.mark.django_db(transaction=True)
def test_concurrent_writers_extend_one_chain(
    users: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Hold every writer between reading the head and inserting, so that without the lock they
    # would certainly read the same head.
    original = recording._next_link

    def slow_next_link() -> tuple[int, str]:
        link = original()
        time.sleep(0.02)
        return link

    monkeypatch.setattr(recording, "_next_link", slow_next_link)
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
    assert list(AuditRecord.objects.order_by("seq").values_list("seq", flat=True)) == list(
        range(1, rows + 1)
    )
    writers = {r.after["writer"] for r in AuditRecord.objects.all()}
    assert writers == set(range(WRITERS))
    report = chain_verify()
    assert (report.intact, report.rows) == (True, rows)


@pytest.mark.django_db(transaction=True)
def test_without_the_lock_the_database_still_refuses_a_fork(
    users: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The control: with the lock removed, both writers do read the same head, and the unique
    ``seq`` refuses the second insert, so the chain stays whole."""
    both_read = threading.Barrier(WRITERS, timeout=10)
    original = recording._next_link

    def next_link_together() -> tuple[int, str]:
        link = original()
        both_read.wait()
        return link

    monkeypatch.setattr(recording, "chain_lock", lambda: None)
    monkeypatch.setattr(recording, "_next_link", next_link_together)
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

    assert [type(e) for e in errors] == [IntegrityError]
    assert AuditRecord.objects.count() == 1
    assert chain_verify().intact
