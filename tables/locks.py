"""The lock order of the tables aggregate, in one place.

Writers lock in this order and never the reverse: the table (several tables in ascending id
order: moving a dealer locks the table the dealer leaves and the one the dealer joins), then
a tablet of the table (``tablet_lock``), then the qualifications of a dealer being assigned
(``casino.identity.qualifications.qualification_require``), then the round, then a correction
of that round (``payouts.services.corrections``), and last the audit chain's head, which
``audit_record`` takes (``casino.core.trail.recording``) after every other lock (a dealer
action, which takes no other lock after its round's, takes the head in the round's statement:
``round_lock_with_audit_head``). An ``Idempotency-Key`` is
recorded when the request's work is done (``casino.api.idempotency``). Each helper returns
rows already locked with ``SELECT ... FOR UPDATE`` and must run inside a transaction; each
carries ``current_dealer_id``, the dealer assigned to the table now, so the dealer's
permission is decided under the lock without another query (``tables.rules``). Every
permission to write at a table is decided under that table's lock (or its round's), as the
write itself is made.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection

from casino.core.errors import ApiError, TabletCode
from casino.core.rows import ModelRows
from casino.core.trail.recording import (
    AuditHead,
    head_take_parameters,
    head_take_sql,
    table_stream_sql,
)
from tables.models import (
    Casino,
    DealerAssignment,
    Pit,
    Round,
    RoundStatus,
    RuleSet,
    Table,
    Tablet,
)

#: The round and its table's current dealer, in one statement. A dealer action runs it on every
#: request, so it is written once rather than compiled from a queryset each time. (At most one
#: assignment per table is open: a database constraint.)
_ROUND_ROWS = ModelRows(Round, "r")
_ROUND_TABLE_ROWS = ModelRows(Table, "t")
_ROUND_RULE_SET_ROWS = ModelRows(RuleSet, "rs")


@functools.cache
def _dealer_rows() -> ModelRows[Any]:
    return ModelRows(get_user_model(), "u")


@functools.cache
def _round_lock_statement(with_related: bool, with_audit_head: bool = False) -> str:
    related = (
        f""", {_ROUND_TABLE_ROWS.select}, {_ROUND_RULE_SET_ROWS.select}, {_dealer_rows().select}
        FROM tables_round r
        JOIN tables_table t ON t.id = r.table_id
        JOIN tables_ruleset rs ON rs.id = r.rule_set_id
        JOIN {get_user_model()._meta.db_table} u ON u.id = r.dealer_id"""
        if with_related
        else " FROM tables_round r"
    )
    locked = f"""
        SELECT {_ROUND_ROWS.select}, (
            SELECT a.dealer_id FROM tables_dealerassignment a
            WHERE a.table_id = r.table_id AND a.ended_at IS NULL
        ), (SELECT pt.pit_id FROM tables_table pt WHERE pt.id = r.table_id){related}
        WHERE r.id = %(round)s
        FOR UPDATE OF r
    """
    if not with_audit_head:
        return locked
    # The head is read from the locked row (its table's stream), so it is taken after it.
    head = head_take_sql(table_stream_sql("locked.table_id"), "FROM locked")
    return f"""
        WITH locked AS MATERIALIZED ({locked}),
        audit_head AS ({head})
        SELECT locked.*, audit_head.key, audit_head.seq, audit_head.head_hash
        FROM locked CROSS JOIN audit_head
    """


_TABLE_ROWS = ModelRows(Table, "t")
_PIT_ROWS = ModelRows(Pit, "p")
_CASINO_ROWS = ModelRows(Casino, "c")
_RULE_SET_ROWS = ModelRows(RuleSet, "rs")


@functools.cache
def _table_lock_statement(with_round_numbers: bool) -> str:
    rounds = (
        """,
        (SELECT max(r.number) FROM tables_round r WHERE r.table_id = t.id),
        (SELECT r.id FROM tables_round r WHERE r.table_id = t.id AND r.status = %(open)s),
        (SELECT r.number FROM tables_round r WHERE r.table_id = t.id AND r.status = %(open)s),
        (SELECT r.id FROM tables_round r
         WHERE r.table_id = t.id AND r.status = %(settled)s
           AND r.number = (SELECT max(l.number) FROM tables_round l WHERE l.table_id = t.id)
           AND NOT EXISTS (
               SELECT 1 FROM tables_payoutsconfirmation p WHERE p.round_id = r.id
           ))"""
        if with_round_numbers
        else ""
    )
    return f"""
        SELECT {_TABLE_ROWS.select}, {_PIT_ROWS.select}, {_CASINO_ROWS.select},
               {_RULE_SET_ROWS.select},
               (SELECT a.dealer_id FROM tables_dealerassignment a
                WHERE a.table_id = t.id AND a.ended_at IS NULL){rounds}
        FROM tables_table t
        JOIN tables_pit p ON p.id = t.pit_id
        JOIN tables_casino c ON c.id = p.casino_id
        JOIN tables_ruleset rs ON rs.id = t.rule_set_id
        WHERE t.id = %(table)s
        FOR UPDATE OF t
    """


def table_lock(table_id: int, *, with_round_numbers: bool = False) -> Table:
    """The table row, locked, with its pit, casino and rule set read with it, and
    ``current_dealer_id``: one statement (every write at a table takes it, so it is written
    once rather than compiled from a queryset each time).

    ``with_round_numbers`` reads in the same statement, for the opening of a round, the last
    round number used (``last_round_number``), the round in play, if any (``open_round_id``,
    ``open_round_number``; at most one: a database constraint), and the last round when it is
    settled and its payouts are not confirmed yet (``unpaid_round_id``).

    :raises Table.DoesNotExist:
    """
    with connection.cursor() as cursor:
        cursor.execute(
            _table_lock_statement(with_round_numbers),
            {
                "table": table_id,
                "open": RoundStatus.OPEN.value,
                "settled": RoundStatus.SETTLED.value,
            },
        )
        row = cursor.fetchone()
    if row is None:
        raise Table.DoesNotExist(f"no table {table_id}")
    at = 0
    parts = []
    for rows in (_TABLE_ROWS, _PIT_ROWS, _CASINO_ROWS, _RULE_SET_ROWS):
        parts.append(rows.instance(row[at:]))
        at += rows.width
    table, pit, casino, rule_set = parts
    Pit.casino.field.set_cached_value(pit, casino)
    Table.pit.field.set_cached_value(table, pit)
    Table.rule_set.field.set_cached_value(table, rule_set)
    table.current_dealer_id = row[at]  # type: ignore[attr-defined]
    if with_round_numbers:
        (
            table.last_round_number,  # type: ignore[attr-defined]
            table.open_round_id,  # type: ignore[attr-defined]
            table.open_round_number,  # type: ignore[attr-defined]
            table.unpaid_round_id,  # type: ignore[attr-defined]
        ) = row[at + 1 : at + 5]
    return table


def tables_lock(table_ids: Iterable[int]) -> dict[int, Table]:
    """Several tables locked, each as :func:`table_lock` locks it, in ascending id order (so two
    writers that need the same tables never wait for each other in a cycle), by id.

    :raises Table.DoesNotExist:
    """
    return {table_id: table_lock(table_id) for table_id in sorted(set(table_ids))}


def dealer_table_id(dealer_id: int) -> int | None:
    """The id of the table the dealer is assigned to now, read without a lock: a writer that
    moves the dealer locks that table (:func:`tables_lock`), then checks the assignment again
    under the lock."""
    return (
        DealerAssignment.objects.filter(dealer_id=dealer_id, ended_at__isnull=True)
        .values_list("table_id", flat=True)
        .first()
    )


def round_lock(round_id: int, *, with_related: bool = False) -> Round:
    """The round row, locked, with ``current_dealer_id`` and its table's ``pit_id`` (where its
    changes are published): one statement. Its table, rule set
    and dealer are read when first used, or in the same statement ``with_related`` (for a
    caller that answers with the whole round: the settlement).

    :raises Round.DoesNotExist:
    """
    with connection.cursor() as cursor:
        cursor.execute(_round_lock_statement(with_related), {"round": round_id})
        row = cursor.fetchone()
    if row is None:
        raise Round.DoesNotExist(f"no round {round_id}")
    return _round_of(row, with_related=with_related)


def round_lock_with_audit_head(round_id: int) -> tuple[Round, AuditHead]:
    """The round row locked as :func:`round_lock` locks it, and then the head of its table's
    audit stream (``casino.core.trail.recording``), in the same statement: for a writer that
    takes no other lock after the round's and appends one audit row to its table's stream
    (a dealer action), which saves the head's round trip. The head is taken after the round's
    lock, as the lock order wants, because it is read from the locked row.

    :raises Round.DoesNotExist:
    """
    with connection.cursor() as cursor:
        cursor.execute(
            _round_lock_statement(False, with_audit_head=True),
            {"round": round_id, **head_take_parameters()},
        )
        row = cursor.fetchone()
    if row is None:
        raise Round.DoesNotExist(f"no round {round_id}")
    stream, seq, head_hash = row[-3:]
    return _round_of(row, with_related=False), AuditHead(stream, int(seq), str(head_hash))


def _round_of(row: tuple[Any, ...], *, with_related: bool) -> Round:
    """The round of a row of :func:`_round_lock_statement`, with what it read beside it."""
    round = _ROUND_ROWS.instance(row)
    at = _ROUND_ROWS.width
    round.current_dealer_id = row[at]  # type: ignore[attr-defined]
    round.pit_id = row[at + 1]  # type: ignore[attr-defined]
    if with_related:
        at += 2
        related = []
        for rows in (_ROUND_TABLE_ROWS, _ROUND_RULE_SET_ROWS, _dealer_rows()):
            related.append(rows.instance(row[at:]))
            at += rows.width
        table, rule_set, dealer = related
        Round.table.field.set_cached_value(round, table)
        Round.rule_set.field.set_cached_value(round, rule_set)
        Round.dealer.field.set_cached_value(round, dealer)
    return round


def tablet_lock(tablet_id: int, *, table_id: int) -> Tablet:
    """The tablet row, locked after its table's (the caller holds ``table_id``'s lock), with
    its registrar, checked to be in service at that table.

    :raises Tablet.DoesNotExist:
    :raises ApiError: ``tablet_revoked`` (401); ``tablet_other_table`` (403) when the tablet
        is registered to another table.
    """
    tablet = (
        Tablet.objects.select_for_update(of=("self",))
        .select_related("registered_by")
        .get(pk=tablet_id)
    )
    if tablet.revoked_at is not None:
        raise ApiError(TabletCode.TABLET_REVOKED, "This tablet was revoked.")
    if tablet.table_id != table_id:
        raise ApiError(
            TabletCode.TABLET_OTHER_TABLE,
            "This tablet is registered to another table.",
            table=tablet.table_id,
        )
    return tablet
