"""Cross-checks: every record has its audit row, and every audit row its record.

The chain proves the audit rows were not changed; these checks prove the records and the
rows still tell the same story. One SQL statement per kind, each a full outer join of the
records with the rows that describe them, returning only the pairs that do not match:

* a settlement and its ``round.settled`` row (the same round, the same amount returned);
* a payout line and its entry in that row's ``lines`` (the same box, line and amount paid);
* a correction and its ``correction.requested`` row, and a decided one its decision's row;
* a table change (``tables.TableChange``) and the row it names.

A settlement whose audit row was deleted along with the newest rows of the trail is found
here even before a checkpoint covers those rows.

Beside them, the record is checked against the rules it must keep: every round dealt by a
dealer not qualified for its game at the time is a mismatch of its own
(``dealer_unqualified``, ``audit.services.dealt_unqualified``), which must never be found.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection

from audit.services.dealt_unqualified import UNQUALIFIED_ROUNDS
from casino.core.audit_codes import AuditCode


@dataclass(frozen=True)
class Mismatch:
    """A record without its audit row (``audit_id`` ``None``), an audit row without its record
    (``record_id`` ``None``), or both there and disagreeing (``detail`` says how)."""

    kind: str
    record_id: int | None
    audit_id: int | None
    round_id: int | None
    table_id: int | None
    detail: str


_SETTLEMENTS = """
SELECT s.id, a.id, coalesce(s.round_id, a.round_id), r.table_id,
       CASE WHEN s.id IS NULL THEN 'an audit row of a settlement that does not exist'
            WHEN a.id IS NULL THEN 'a settlement without its audit row'
            ELSE 'returned ' || s.total_returned || ' but the audit row says '
                 || (a.after->>'returned') END
FROM payouts_round_settlements s
FULL OUTER JOIN (
    SELECT * FROM core_audit_records a0 WHERE a0.event_code = %(settled)s
) a ON a.round_id = s.round_id
LEFT JOIN tables_floor_rounds r ON r.id = coalesce(s.round_id, a.round_id)
WHERE s.id IS NULL OR a.id IS NULL OR (a.after->>'returned')::numeric <> s.total_returned
"""

#: Lines are matched by round, box, line and their order among equal ones.
_PAYOUT_LINES = """
WITH recorded AS (
    SELECT p.id, s.round_id, p.box, p.line, p.paid_amount AS paid,
           row_number() OVER (PARTITION BY s.round_id, p.box, p.line ORDER BY p.id) AS n
    FROM payouts_settlement_lines p JOIN payouts_round_settlements s ON s.id = p.settlement_id
),
audited AS (
    SELECT a.id, a.round_id, (l.value->>0)::int AS box, l.value->>1 AS line,
           (l.value->>2)::numeric AS paid,
           row_number() OVER (
               PARTITION BY a.round_id, l.value->>0, l.value->>1 ORDER BY l.ordinality
           ) AS n
    FROM core_audit_records a
    CROSS JOIN LATERAL jsonb_array_elements(a.after->'lines')
        WITH ORDINALITY AS l(value, ordinality)
    WHERE a.event_code = %(settled)s
)
SELECT rec.id, aud.id, coalesce(rec.round_id, aud.round_id), r.table_id,
       CASE WHEN rec.id IS NULL THEN 'an audited payout line that does not exist: box '
                 || aud.box || ' ' || aud.line
            WHEN aud.id IS NULL THEN 'a payout line without its audit entry: box '
                 || rec.box || ' ' || rec.line
            ELSE 'box ' || rec.box || ' ' || rec.line || ' paid ' || rec.paid
                 || ' but the audit row says ' || aud.paid END
FROM recorded rec
FULL OUTER JOIN audited aud
    ON (aud.round_id, aud.box, aud.line, aud.n) = (rec.round_id, rec.box, rec.line, rec.n)
LEFT JOIN tables_floor_rounds r ON r.id = coalesce(rec.round_id, aud.round_id)
WHERE rec.id IS NULL OR aud.id IS NULL OR rec.paid <> aud.paid
"""

#: A correction's request row, and its decision's row once decided; matched by correction id.
_CORRECTIONS = """
WITH expected AS (
    SELECT c.id, c.round_id, %(requested)s AS code FROM payouts_corrections c
    UNION ALL
    SELECT c.id, c.round_id,
           CASE c.status WHEN 'approved' THEN %(approved)s ELSE %(rejected)s END
    FROM payouts_corrections c
    WHERE c.status <> 'requested'
),
audited AS (
    SELECT a.id, a.round_id, a.event_code AS code, (a.after->>'correction')::bigint AS correction_id
    FROM core_audit_records a
    WHERE a.event_code IN (%(requested)s, %(approved)s, %(rejected)s)
)
SELECT e.id, aud.id, coalesce(e.round_id, aud.round_id), r.table_id,
       CASE WHEN e.id IS NULL THEN 'an audit row ' || aud.code || ' of no such correction'
            ELSE 'correction ' || e.id || ' without its audit row ' || e.code END
FROM expected e
FULL OUTER JOIN audited aud ON aud.correction_id = e.id AND aud.code = e.code
LEFT JOIN tables_floor_rounds r ON r.id = coalesce(e.round_id, aud.round_id)
WHERE e.id IS NULL OR aud.id IS NULL
"""

_TABLE_CHANGES = """
SELECT c.id, a.id, NULL::bigint, coalesce(c.table_id, a.table_id),
       CASE WHEN c.id IS NULL THEN 'an audit row ' || a.event_code || ' without its table change'
            WHEN a.id IS NULL THEN 'a table change ' || c.kind || ' without its audit row'
            ELSE 'the table change and its audit row disagree' END
FROM tables_floor_table_changes c
FULL OUTER JOIN (
    SELECT * FROM core_audit_records a0 WHERE a0.event_code = ANY(%(table_codes)s)
) a ON a.id = c.audit_record_id
WHERE c.id IS NULL OR a.id IS NULL OR a.table_id IS DISTINCT FROM c.table_id
   OR a.event_code <> c.kind
"""

#: A round dealt, in part, by a dealer not qualified for its game then: the round and the first
#: such event.
_DEALT_UNQUALIFIED = f"""
SELECT u.round_id, NULL::bigint, u.round_id, u.table_id,
       'event ' || u.seq || ' of the round was recorded by dealer ' || u.dealer_id
       || ', not qualified for ' || u.game || ' then'
FROM ({UNQUALIFIED_ROUNDS.format(where="TRUE")}) u
"""

#: The audit codes of a table's changes (``tables.services.table_history``).
TABLE_CHANGE_CODES = (
    AuditCode.TABLE_CREATED,
    AuditCode.TABLE_CHANGED,
    AuditCode.TABLE_OPENED,
    AuditCode.TABLE_CLOSED,
    AuditCode.TABLE_LIMITS_CHANGED,
    AuditCode.TABLE_RULE_SET_CHANGED,
    AuditCode.TABLE_PAYTABLE_CHANGED,
)

CHECKS = {
    "settlement": _SETTLEMENTS,
    "payout_line": _PAYOUT_LINES,
    "correction": _CORRECTIONS,
    "table_change": _TABLE_CHANGES,
    "dealer_unqualified": _DEALT_UNQUALIFIED,
}


def cross_check() -> list[Mismatch]:
    """Every mismatch between the records and the audit trail, and every round dealt by a
    dealer not qualified for its game, of every kind. One statement per kind (each a full scan
    of its records and rows: run nightly); read-only."""
    parameters: dict[str, Any] = {
        "settled": str(AuditCode.ROUND_SETTLED),
        "requested": str(AuditCode.CORRECTION_REQUESTED),
        "approved": str(AuditCode.CORRECTION_APPROVED),
        "rejected": str(AuditCode.CORRECTION_REJECTED),
        "table_codes": [str(code) for code in TABLE_CHANGE_CODES],
    }
    found = []
    with connection.cursor() as cursor:
        for kind, statement in CHECKS.items():
            cursor.execute(statement, parameters)
            found.extend(
                Mismatch(kind, record_id, audit_id, round_id, table_id, detail)
                for record_id, audit_id, round_id, table_id, detail in cursor.fetchall()
            )
    return found
