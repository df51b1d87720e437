"""What the audit trail's streams and checkpoints buy, on real PostgreSQL.

* ``audit_append_parallel``: 8 writer processes, each appending rows (one transaction each) to
  the stream of its own table, against the same 8 writers all appending to one table's stream
  (``audit_append_one_stream``): rows/s, the median of three runs of each, alternating.
  Writers of different streams never wait for each other; writers of one stream queue on its
  head.
* ``audit_verify_incremental``: verifying a trail of 1,000,000 rows after 1,000 new rows
  (from the last verified checkpoint) against walking it all (``audit_verify_full``): seconds.
  The million rows are made once (chained and hashed like any others, in 100 streams of tables
  that do not exist) and kept in the benchmark database for the next runs.
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.bench.floor import setup_django

Report = Callable[[str, float, str, float, str], None]

ROOT = Path(__file__).resolve().parents[2]
WRITERS = 8
ROWS_EACH = 300
REPEATS = 3
#: Table ids of the benchmark's streams, far above any real table's.
APPEND_BASE = 900_000_000
TRAIL_BASE = 910_000_000
TRAIL_ROWS = 1_000_000
TRAIL_STREAMS = 100
NEW_ROWS = 1_000


def run(report: Report) -> None:
    setup_django()
    _sealing_configured()
    # The two loads alternate, and each figure is the median of its runs: this machine's speed
    # drifts by a third from one second to the next.
    ones, parallels = [], []
    for _ in range(REPEATS):
        ones.append(_append(streams=1))
        parallels.append(_append(streams=WRITERS))
    one, parallel = statistics.median(ones), statistics.median(parallels)
    report("audit_append_one_stream", one, "rows/s", 1.0, "audit_append_one_stream")
    report("audit_append_parallel", parallel, "rows/s", parallel / one, "audit_append_one_stream")
    full, incremental, read = _verify()
    report("audit_verify_full", full, "s", 1.0, "audit_verify_full")
    report("audit_verify_incremental", incremental, "s", incremental / full, "audit_verify_full")
    report("audit_verify_incremental_rows", read, "rows", read / TRAIL_ROWS, "trail_rows")


def _sealing_configured() -> None:
    """Checkpoints signed with the benchmark database's own key and kept beside it, so that
    the checkpoints of earlier runs still verify."""
    from django.conf import settings

    from audit.sealing.signing import generate_key_file

    local = ROOT / ".local" / "bench"
    key = settings.AUDIT_CHECKPOINTS["KEY_FILE"] or str(local / "audit-signing.key")
    target = settings.AUDIT_CHECKPOINTS["TARGET"] or str(local / "checkpoints")
    generate_key_file(Path(key))
    settings.AUDIT_CHECKPOINTS = {**settings.AUDIT_CHECKPOINTS, "KEY_FILE": key, "TARGET": target}
    os.environ["AUDIT_SIGNING_KEY_FILE"], os.environ["AUDIT_CHECKPOINT_DIR"] = key, target


# -- appends ----------------------------------------------------------------------------------


def _append(*, streams: int) -> float:
    """Rows/s of ``WRITERS`` processes appending ``ROWS_EACH`` rows each, writer ``i`` to the
    stream of table ``APPEND_BASE + i % streams``."""
    from django.db import connections

    connections.close_all()  # each writer opens its own connection
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(WRITERS)
    times = context.Queue()
    writers = [
        context.Process(target=_writer, args=(APPEND_BASE + i % streams, barrier, times))
        for i in range(WRITERS)
    ]
    for writer in writers:
        writer.start()
    spans = [times.get(timeout=600) for _ in writers]
    for writer in writers:
        writer.join(60)
        assert writer.exitcode == 0, writer.exitcode
    start = min(begin for begin, _ in spans)
    end = max(finish for _, finish in spans)
    return WRITERS * ROWS_EACH / (end - start)


def _writer(table_id: int, barrier: Any, times: Any) -> None:
    from django.db import transaction

    from casino.core.trail.recording import AuditScope, audit_record

    class Table:
        pk = table_id

        def audit_scope(self) -> AuditScope:
            return AuditScope(table_id=table_id)

    subject = Table()
    with transaction.atomic():  # connect, and warm the statement, before the start
        audit_record(event_code="bench.append", actor=None, table=subject)
    barrier.wait()
    begin = time.perf_counter()
    for n in range(ROWS_EACH):
        with transaction.atomic():
            audit_record(event_code="bench.append", actor=None, table=subject, after={"n": n})
    times.put((begin, time.perf_counter()))


# -- verification -----------------------------------------------------------------------------


def _verify() -> tuple[float, float, int]:
    """(full walk s, incremental s, rows the incremental run read)."""
    from audit.services.checkpoints import checkpoint_seal
    from audit.services.checks import chain_check
    from audit.services.verification import trail_verify

    _trail_of_a_million()
    checkpoint_seal()
    start = time.perf_counter()
    full = chain_check(full=True)  # records the checkpoint verified, where the next run starts
    full_s = time.perf_counter() - start
    assert full.intact, full.findings[:3]
    _append_rows(NEW_ROWS)
    checkpoint_seal()
    start = time.perf_counter()
    incremental = trail_verify()
    incremental_s = time.perf_counter() - start
    assert incremental.intact, incremental.findings[:3]
    assert not incremental.full
    return full_s, incremental_s, incremental.rows_read


def _append_rows(count: int) -> None:
    from django.db import transaction

    from casino.core.trail.recording import AuditScope, audit_record

    class Table:
        def __init__(self, pk: int) -> None:
            self.pk = pk

        def audit_scope(self) -> AuditScope:
            return AuditScope(table_id=self.pk)

    for n in range(count):
        with transaction.atomic():
            audit_record(
                event_code="bench.new",
                actor=None,
                table=Table(TRAIL_BASE + n % TRAIL_STREAMS),
                after={"n": n},
            )


def _trail_of_a_million() -> None:
    """Make the trail hold at least ``TRAIL_ROWS`` rows: the missing ones are generated in
    ``TRAIL_STREAMS`` streams, chained and hashed as the recording does, and copied in, one
    stream a transaction; the insert trigger checks each row extends its stream, as for any
    append."""
    import datetime as dt

    from django.db import connection, transaction

    from casino.core.models import AuditRecord, AuditStream
    from casino.core.trail.canonical import GENESIS_HASH, row_hash

    missing = TRAIL_ROWS - AuditRecord.objects.count()
    if missing <= 0:
        return
    per_stream = -(-missing // TRAIL_STREAMS)
    moment = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    columns = (
        "stream",
        "seq",
        "prev_hash",
        "row_hash",
        "occurred_at",
        "actor_label",
        "actor_role",
        "event_code",
        "table_id",
        "reason",
        "request_id",
    )
    for k in range(TRAIL_STREAMS):
        table_id = TRAIL_BASE + k
        stream = f"table:{table_id}"
        head = AuditStream.objects.filter(key=stream).values_list("seq", "head_hash").first()
        seq, previous = head or (0, GENESIS_HASH)
        with transaction.atomic(), connection.cursor() as cursor:
            statement = f"COPY {AuditRecord._meta.db_table} ({', '.join(columns)}) FROM STDIN"
            with cursor.copy(statement) as copy:
                for _ in range(per_stream):
                    seq += 1
                    fields = {
                        "stream": stream,
                        "seq": seq,
                        "prev_hash": previous,
                        "occurred_at": moment,
                        "actor_label": "bench",
                        "event_code": "bench.trail",
                        "table_id": table_id,
                    }
                    digest = row_hash({**fields, "actor_role": "", "reason": "", "request_id": ""})
                    copy.write_row(
                        (stream, seq, previous, digest, moment, "bench", "", "bench.trail")
                        + (table_id, "", "")
                    )
                    previous = digest
