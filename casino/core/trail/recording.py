"""The one audit-recording service every write calls inside its transaction.

What a row concerns comes from the object the event is about (a table, a round, a casino):
anything with an ``audit_scope()`` (:class:`AuditSubject`), so the trail knows the ids, the
gaming day and the stream of what it records without knowing the models of the apps above it.

A row goes to the stream of what it concerns (:func:`stream_of`): its table's, else its
casino's, else ``site``. Appends to one stream are serialised by the stream's head row; appends
to different streams never wait for each other.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any, Protocol

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import connection, transaction
from django.utils import timezone

from casino.core.context import current_request_id
from casino.core.gaming_day import DayClock
from casino.core.models import AuditRecord, AuditStream
from casino.core.roles import user_role
from casino.core.trail.canonical import GENESIS_HASH, HASHED_FIELDS, json_value, row_hash

#: The stream of what concerns no table and no casino.
SITE_STREAM = "site"


@dataclass(frozen=True, slots=True)
class AuditScope:
    """What an audit row is about: the table, round and casino (by id) and the gaming day.

    A round names its own gaming day; a table's or a casino's event takes the casino's gaming
    day at the moment of the row (``clock``).
    """

    table_id: int | None = None
    round_id: int | None = None
    casino_id: int | None = None
    gaming_day: dt.date | None = None
    clock: DayClock | None = None


def stream_of(scope: AuditScope) -> str:
    """The stream a row of ``scope`` goes to: its table's, else its casino's, else ``site``.

    >>> stream_of(AuditScope(table_id=7, round_id=3)), stream_of(AuditScope(casino_id=2))
    ('table:7', 'casino:2')
    >>> stream_of(AuditScope())
    'site'
    """
    if scope.table_id is not None:
        return f"table:{scope.table_id}"
    if scope.casino_id is not None:
        return f"casino:{scope.casino_id}"
    return SITE_STREAM


class AuditSubject(Protocol):
    """A table, a round: anything an audit row can be about."""

    def audit_scope(self) -> AuditScope: ...


def audit_record(
    *,
    event_code: str,
    actor: AbstractBaseUser | AnonymousUser | None,
    table: AuditSubject | None = None,
    round: AuditSubject | None = None,
    casino: AuditSubject | None = None,
    before: Any = None,
    after: Any = None,
    reason: str = "",
    authorised_by: AbstractBaseUser | None = None,
    actor_label: str = "",
    gaming_day: dt.date | None = None,
    head: AuditHead | None = None,
) -> AuditRecord:
    """Append one audit row for a business event, chained to the row before it.

    Must run inside the transaction of the change it records (``transaction.atomic``, READ
    COMMITTED), so the row exists exactly when the change does. Takes its stream's head row
    (a row lock, held until that transaction ends): call it after the change's own row locks,
    as the last lock (``tables.locks``). Two statements: the head taken, the row inserted.

    ``before``/``after`` are stored as plain JSON (``json_value``: Decimals and times as
    strings). The gaming day is ``gaming_day`` if given, else the round's, else the casino's
    (the table's, or ``casino``) day at the moment of the row.

    :raises RuntimeError: when called outside a transaction.
    :raises ValueError: when ``head`` is another stream's.
    """
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("audit_record must run inside the transaction of the change it records")
    scope = _scope_of(round if round is not None else table if table is not None else casino)
    role = user_role(actor)
    authenticated = actor is not None and actor.is_authenticated
    record = AuditRecord(
        stream=stream_of(scope),
        actor=actor if authenticated else None,
        actor_label=actor_label or (actor.get_username() if actor is not None else ""),
        actor_role=role.value if role else "",
        authorised_by=authorised_by,
        event_code=str(event_code),
        table_id=scope.table_id,
        round_id=scope.round_id,
        gaming_day=gaming_day or scope.gaming_day,
        before=json_value(before),
        after=json_value(after),
        reason=reason,
        request_id=current_request_id(),
    )
    if head is None:
        record.seq, record.prev_hash = _take_head(record.stream)
    elif head.stream != record.stream:
        raise ValueError(f"the head of {head.stream} taken for a row of {record.stream}")
    else:
        record.seq, record.prev_hash = head.seq + 1, head.head_hash
    # The time is read once the head is held, so times never run backwards along the chain.
    record.occurred_at = timezone.now()
    if record.gaming_day is None and scope.clock is not None:
        record.gaming_day = scope.clock.day_of(record.occurred_at)
    record.row_hash = row_hash(_columns(record))
    _insert(record)
    return record


def _scope_of(subject: AuditSubject | None) -> AuditScope:
    return AuditScope() if subject is None else subject.audit_scope()


#: The head of a stream taken, in one upsert: created (at seq 0, the genesis hash) on the
#: stream's first append, else locked as it is; ``RETURNING`` gives its ``seq`` and hash (the
#: row's insert trigger moves it on to the new row). Parameters ``audit_stream`` and
#: ``audit_genesis`` (:func:`head_take_parameters`). A writer that sends a statement of its
#: own just before the append may take the head in it, as a common table expression, and pass
#: what it returned to :func:`audit_record` (``head``): one round trip fewer.
HEAD_TAKE_SQL = f"""
    INSERT INTO {AuditStream._meta.db_table} (key, seq, head_hash)
    VALUES (%(audit_stream)s, 0, %(audit_genesis)s)
    ON CONFLICT (key) DO UPDATE SET seq = {AuditStream._meta.db_table}.seq
    RETURNING seq, head_hash
"""


def head_take_parameters(stream: str) -> dict[str, str]:
    """The parameters of :data:`HEAD_TAKE_SQL` for ``stream``."""
    return {"audit_stream": stream, "audit_genesis": GENESIS_HASH}


@dataclass(frozen=True, slots=True)
class AuditHead:
    """A stream's head as :data:`HEAD_TAKE_SQL` returned it (``seq``, ``head_hash``), taken
    in the transaction of the append that uses it, after that change's own row locks."""

    stream: str
    seq: int
    head_hash: str


def _take_head(stream: str) -> tuple[int, str]:
    """The next ``seq`` of ``stream`` and the hash it chains to, with the head row locked.

    One statement (:data:`HEAD_TAKE_SQL`). A writer waiting here for another writer of the
    same stream reads the head that one committed (PostgreSQL re-reads an updated row once its
    lock is released).
    """
    with connection.cursor() as cursor:
        cursor.execute(HEAD_TAKE_SQL, head_take_parameters(stream))
        seq, head_hash = cursor.fetchone()
    return int(seq) + 1, str(head_hash)


#: The columns an append writes, in the order of ``_INSERT``'s values: the hashed ones and
#: the hash.
_INSERTED = (*HASHED_FIELDS, "row_hash")
_JSON_COLUMNS = frozenset({"before", "after"})
# Every audited write runs it: written once rather than compiled by the ORM each time.
_INSERT = (
    f"INSERT INTO {AuditRecord._meta.db_table} ({', '.join(_INSERTED)}) "
    f"VALUES ({', '.join('%s::jsonb' if c in _JSON_COLUMNS else '%s' for c in _INSERTED)}) "
    "RETURNING id"
)


def _insert(record: AuditRecord) -> None:
    """Insert ``record`` (one statement); the database's trigger checks it extends the head."""
    values = [
        json.dumps(getattr(record, column)) if column in _JSON_COLUMNS else getattr(record, column)
        for column in _INSERTED
    ]
    with connection.cursor() as cursor:
        cursor.execute(_INSERT, values)
        (record.pk,) = cursor.fetchone()
    record._state.adding = False


def _columns(record: AuditRecord) -> dict[str, Any]:
    return {name: getattr(record, name) for name in HASHED_FIELDS}
