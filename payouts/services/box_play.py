"""Each box's play in each round (``payouts.models.BoxPlay``), kept as the record changes.

The settlement's rows are written by the settlement's own statement
(``payouts.services.settlement_record``), one a box: what its wager lines staked and its payout
lines paid. An approved correction adds its rows here, under the round's lock, in the
correction's transaction: a payout correction what its lines owe each box (or recover), a void
the negation of each box's rows so far, so that a voided round's boxes sum to nothing.
"""

from __future__ import annotations

from django.db import connection

from payouts.models import Correction

_CORRECTED = """
INSERT INTO payouts_boxplay (round_id, table_id, gaming_day, opened_at, box, staked, returned,
                             correction_id)
SELECT r.id, r.table_id, r.gaming_day, r.opened_at, l.box, 0, sum(l.amount), c.id
FROM audit_correction c
JOIN audit_correctionline l ON l.correction_id = c.id
JOIN tables_floor_rounds r ON r.id = c.round_id
WHERE c.id = %(correction)s
GROUP BY r.id, r.table_id, r.gaming_day, r.opened_at, c.id, l.box
"""

_VOIDED = """
INSERT INTO payouts_boxplay (round_id, table_id, gaming_day, opened_at, box, staked, returned,
                             correction_id)
SELECT b.round_id, b.table_id, b.gaming_day, b.opened_at, b.box, -sum(b.staked),
       -sum(b.returned), %(correction)s
FROM payouts_boxplay b
WHERE b.round_id = %(round)s
GROUP BY b.round_id, b.table_id, b.gaming_day, b.opened_at, b.box
"""


def box_play_correct(correction: Correction) -> None:
    """Add what an approved payout ``correction`` owes (or recovers) to its round's boxes.
    Expects the round and the correction locked, the correction's lines written."""
    with connection.cursor() as cursor:
        cursor.execute(_CORRECTED, {"correction": correction.pk})


def box_play_void(correction: Correction) -> None:
    """Take an approved void's settled round back out: for each box, the negation of its rows
    so far. Expects the round and the correction locked."""
    with connection.cursor() as cursor:
        cursor.execute(_VOIDED, {"correction": correction.pk, "round": correction.round_id})
