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
from typing import Any, Protocol, TypedDict, Unpack

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import connection, transaction
from django.utils import timezone

from casino.core.context import current_request_id
from casino.core.gaming_day import DayClock
from casino.core.models import AuditRecord, AuditStream
from casino.core.roles import role_label
from casino.core.trail.canonical import GENESIS_HASH, HASHED_FIELDS, json_value, row_hash

#: The stream of what concerns no table and no casino.
SITE_STREAM = "site"
#: A table's stream is this followed by the table's id.
TABLE_STREAM_PREFIX = "table:"


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
        return f"{TABLE_STREAM_PREFIX}{scope.table_id}"
    if scope.casino_id is not None:
        return f"casino:{scope.casino_id}"
    return SITE_STREAM


class AuditDetails(TypedDict, total=False):
    """An audit row's optional columns, as :func:`audit_record` takes them.

    ``before``/``after`` (none by default) are stored as plain JSON (``json_value``: Decimals
    and times as strings); ``reason`` is empty by default; ``authorised_by`` is who authorised
    the change, if anyone else; ``actor_label`` names the actor where no user is one (the
    actor's username by default); ``gaming_day`` overrides the day the row's subject gives.
    """

    before: Any
    after: Any
    reason: str
    authorised_by: AbstractBaseUser | None
    actor_label: str
    gaming_day: dt.date | None


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
    **details: Unpack[AuditDetails],
) -> AuditRecord:
    """Append one audit row for a business event, chained to the row before it.

    Must run inside the transaction of the change it records (``transaction.atomic``, READ
    COMMITTED), so the row exists exactly when the change does. Takes its stream's head row
    (a row lock, held until that transaction ends): call it after the change's own row locks,
    as the last lock (``tables.locks``). Two statements: the head taken, the row inserted.

    ``details`` are the row's optional columns (:class:`AuditDetails`). The gaming day is
    ``gaming_day`` if given, else the round's, else the casino's (the table's, or ``casino``)
    day at the moment of the row.

    :raises RuntimeError: when called outside a transaction.
    """
    record, clock = _unchained(
        event_code=event_code,
        actor=actor,
        subject=round if round is not None else table if table is not None else casino,
        **details,
    )
    seq, prev_hash = _take_head(record.stream)
    _chain(record, AuditHead(record.stream, seq - 1, prev_hash), clock)
    with connection.cursor() as cursor:
        cursor.execute(AUDIT_INSERT_SQL, audit_insert_parameters(record))
        (pk,) = cursor.fetchone()
    audit_row_stored(record, pk)
    return record


def audit_row(
    *,
    event_code: str,
    actor: AbstractBaseUser | AnonymousUser | None,
    round: AuditSubject,
    after: Any,
    head: AuditHead,
) -> AuditRecord:
    """The audit row :func:`audit_record` would append for a round's event, chained to
    ``head`` and hashed but not yet stored: for a writer that inserts it in its own statement
    (:data:`AUDIT_INSERT_SQL` as a common table expression, :func:`audit_insert_parameters`),
    in the transaction that took ``head`` and before that transaction ends. Sets the row's
    ``pk`` once the caller has read it back (:func:`audit_row_stored`).

    :raises RuntimeError: when called outside a transaction.
    :raises ValueError: when ``head`` is another stream's.
    """
    record, clock = _unchained(event_code=event_code, actor=actor, subject=round, after=after)
    _chain(record, head, clock)
    return record


def audit_row_stored(record: AuditRecord, pk: int) -> None:
    """Mark ``record`` (from :func:`audit_row`) as the stored row ``pk``."""
    record.pk = pk
    record._state.adding = False


def _unchained(
    *,
    event_code: str,
    actor: AbstractBaseUser | AnonymousUser | None,
    subject: AuditSubject | None,
    **details: Unpack[AuditDetails],
) -> tuple[AuditRecord, DayClock | None]:
    """The row's own columns (everything but its place in the chain, its time and its hash),
    and the clock its gaming day is read from if neither it nor its subject names one."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("audit_record must run inside the transaction of the change it records")
    # A misspelt column would otherwise be dropped without a word, as no signature names it.
    unknown = details.keys() - AuditDetails.__optional_keys__
    if unknown:
        raise TypeError(f"audit_record got unknown columns: {', '.join(sorted(unknown))}")
    scope = _scope_of(subject)
    authenticated = actor is not None and actor.is_authenticated
    record = AuditRecord(
        stream=stream_of(scope),
        actor=actor if authenticated else None,
        actor_label=details.get("actor_label")
        or (actor.get_username() if actor is not None else ""),
        actor_role=role_label(actor),
        authorised_by=details.get("authorised_by"),
        event_code=str(event_code),
        table_id=scope.table_id,
        round_id=scope.round_id,
        gaming_day=details.get("gaming_day") or scope.gaming_day,
        before=json_value(details.get("before")),
        after=json_value(details.get("after")),
        reason=details.get("reason", ""),
        request_id=current_request_id(),
    )
    return record, scope.clock


def _chain(record: AuditRecord, head: AuditHead, clock: DayClock | None) -> None:
    """Place ``record`` after ``head`` (held by this transaction), time it and hash it."""
    if head.stream != record.stream:
        raise ValueError(f"the head of {head.stream} taken for a row of {record.stream}")
    record.seq, record.prev_hash = head.seq + 1, head.head_hash
    # The time is read once the head is held, so times never run backwards along the chain.
    record.occurred_at = timezone.now()
    if record.gaming_day is None and clock is not None:
        record.gaming_day = clock.day_of(record.occurred_at)
    record.row_hash = row_hash(_columns(record))


def _scope_of(subject: AuditSubject | None) -> AuditScope:
    return AuditScope() if subject is None else subject.audit_scope()


def head_take_sql(stream: str = "%(audit_stream)s", source: str = "") -> str:
    """The head of a stream taken, in one upsert: created (at seq 0, the genesis hash) on the
    stream's first append, else locked as it is; ``RETURNING`` gives its ``key``, ``seq`` and
    hash (the row's insert trigger moves it on to the new row). Parameter ``audit_genesis``
    (:func:`head_take_parameters`).

    ``stream`` is the SQL of the stream's key, by default the parameter ``audit_stream``;
    ``source`` a ``FROM`` clause it is read from. A writer that sends a statement of its own
    before the append may take the head in it, as a common table expression, and chain its
    row to what it returned (:func:`audit_row`): one round trip fewer. Taken from a
    ``source`` that locks a row (``SELECT ... FOR UPDATE`` in an earlier expression of the
    same statement), the head is locked after that row: the upsert cannot run before the
    row it reads is there.
    """
    table = AuditStream._meta.db_table
    return f"""
    INSERT INTO {table} (key, seq, head_hash)
    SELECT {stream}, 0, %(audit_genesis)s {source}
    ON CONFLICT (key) DO UPDATE SET seq = {table}.seq
    RETURNING key, seq, head_hash
"""


def table_stream_sql(table_id: str) -> str:
    """The SQL of the stream key of the table whose id is the SQL ``table_id`` (what
    :func:`stream_of` names a table's stream)."""
    return f"'{TABLE_STREAM_PREFIX}' || {table_id}"


#: :func:`head_take_sql` for the stream named by the parameter ``audit_stream``.
HEAD_TAKE_SQL = head_take_sql()


def head_take_parameters(stream: str | None = None) -> dict[str, str]:
    """The parameters of :func:`head_take_sql`, for ``stream`` if it is a parameter."""
    genesis = {"audit_genesis": GENESIS_HASH}
    return genesis if stream is None else {"audit_stream": stream, **genesis}


@dataclass(frozen=True, slots=True)
class AuditHead:
    """A stream's head as :func:`head_take_sql` returned it (``seq``, ``head_hash``), taken
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
        _key, seq, head_hash = cursor.fetchone()
    return int(seq) + 1, str(head_hash)


#: The columns an append writes, in the order of ``AUDIT_INSERT_SQL``'s values: the hashed
#: ones and the hash.
_INSERTED = (*HASHED_FIELDS, "row_hash")
_JSON_COLUMNS = frozenset({"before", "after"})
#: One row inserted, ``RETURNING id``; parameters :func:`audit_insert_parameters`. The
#: database's trigger checks it extends the head. Every audited write runs it: written once
#: rather than compiled by the ORM each time.
AUDIT_INSERT_SQL = (
    f"INSERT INTO {AuditRecord._meta.db_table} ({', '.join(_INSERTED)}) VALUES ("
    + ", ".join(
        f"%(audit_{c})s::jsonb" if c in _JSON_COLUMNS else f"%(audit_{c})s" for c in _INSERTED
    )
    + ") RETURNING id"
)


def audit_insert_parameters(record: AuditRecord) -> dict[str, Any]:
    """The parameters of :data:`AUDIT_INSERT_SQL` for ``record``, chained and hashed."""
    return {
        f"audit_{column}": (
            json.dumps(getattr(record, column))
            if column in _JSON_COLUMNS
            else getattr(record, column)
        )
        for column in _INSERTED
    }


def _columns(record: AuditRecord) -> dict[str, Any]:
    return {name: getattr(record, name) for name in HASHED_FIELDS}
