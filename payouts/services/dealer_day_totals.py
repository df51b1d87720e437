"""Each dealer's day totals: pace and accuracy, kept as rounds settle and corrections are
approved (``payouts.models.DealerDayTotals``, whose docstring gives the rules).

A settlement adds its round to the row of its table, gaming day, dealer, game and occupancy:
one round, its duration, the gap before it where the gap counts, its retractions and the
entries they retracted. An approved correction adds itself to the same row (a void of a round
never settled, to the row of occupancy 0). One upsert each, in the decision's transaction, the
round locked: two changes of one row add up one after the other.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.db import connection

from payouts.services.totals_sql import added_on_conflict
from tables.models import Round

#: A gap between two rounds longer than this is a pause (the table closed, a break, a
#: dispute), not the pace of the game: the next round's gap does not count.
PACE_GAP_LIMIT_S = 120

#: What a dealer's day counts, each change adding its own.
_COUNTED = (
    "rounds",
    "round_ms",
    "gaps",
    "gap_ms",
    "retractions",
    "entries_retracted",
    "voids",
    "payout_corrections",
    "corrected_owed",
    "corrected_recovered",
)

_UPSERT = f"""{{with_}}
INSERT INTO payouts_dealerdaytotals AS d (
    table_id, gaming_day, dealer_id, game, occupancy, {", ".join(_COUNTED)})
SELECT %(table)s, %(day)s, %(dealer)s, %(game)s, {{occupancy}}, %(rounds)s, %(round_ms)s,
       {{gaps}}, {{gap_ms}}, %(retractions)s, %(entries_retracted)s, %(voids)s,
       %(payout_corrections)s, %(owed)s, %(recovered)s
ON CONFLICT (table_id, gaming_day, dealer_id, game, occupancy) DO UPDATE SET
    {added_on_conflict("d", _COUNTED)}
"""

#: The gap before the round where it counts (one row, or none): from the table's round before,
#: settled by the same dealer, with no fill asked between, shorter than the limit.
_GAP = """WITH gap AS (
    SELECT floor(extract(epoch FROM %(opened)s - p.closed_at) * 1000)::bigint AS ms
    FROM (
        SELECT r.closed_at, r.dealer_id, r.status
        FROM tables_floor_rounds r
        WHERE r.table_id = %(table)s AND r.opened_at < %(opened)s
        ORDER BY r.opened_at DESC
        LIMIT 1
    ) p
    WHERE p.dealer_id = %(dealer)s AND p.status = 'settled'
      AND p.closed_at <= %(opened)s
      AND %(opened)s - p.closed_at < make_interval(secs => %(limit)s)
      AND NOT EXISTS (
          SELECT 1 FROM tables_chipslip f
          WHERE f.table_id = %(table)s AND f.kind = 'fill'
            AND f.requested_at > p.closed_at AND f.requested_at < %(opened)s
      )
)"""

_SETTLED = _UPSERT.format(
    with_=_GAP,
    occupancy="%(occupancy)s",
    gaps="(SELECT count(*) FROM gap)",
    gap_ms="coalesce((SELECT ms FROM gap), 0)",
)

#: A correction counts on its round's row: the occupancy its box play gives (0 for a round
#: never settled, which has none).
_CORRECTED = _UPSERT.format(
    with_="",
    occupancy="""(
        SELECT count(*) FROM payouts_boxplay b
        WHERE b.round_id = %(round)s AND b.correction_id IS NULL AND b.staked > 0
    )""",
    gaps="0",
    gap_ms="0",
)


def _zero() -> dict[str, object]:
    return {
        "rounds": 0,
        "round_ms": 0,
        "retractions": 0,
        "entries_retracted": 0,
        "voids": 0,
        "payout_corrections": 0,
        "owed": Decimal(0),
        "recovered": Decimal(0),
    }


def _round(round: Round) -> dict[str, object]:
    return {
        "round": round.pk,
        "table": round.table_id,
        "day": round.gaming_day,
        "dealer": round.dealer_id,
        "game": round.game,
        "opened": round.opened_at,
        "limit": PACE_GAP_LIMIT_S,
    }


def dealer_day_totals_settled(
    *, round: Round, occupancy: int, settled_at: dt.datetime, entries_retracted: int
) -> None:
    """Add ``round``, settled at ``settled_at`` with ``occupancy`` boxes or seats staking,
    its approved retractions (``Round.retractions``) and the ``entries_retracted`` by them, to
    its dealer's day. Expects the round locked, inside the settlement's transaction."""
    parameters = _zero() | _round(round)
    parameters |= {
        "occupancy": occupancy,
        "rounds": 1,
        "round_ms": (settled_at - round.opened_at) // dt.timedelta(milliseconds=1),
        "retractions": round.retractions,
        "entries_retracted": entries_retracted,
    }
    with connection.cursor() as cursor:
        cursor.execute(_SETTLED, parameters)


def dealer_day_totals_voided(*, round: Round) -> None:
    """Count an approved void of ``round`` on its dealer's day. Expects the round locked,
    inside the decision's transaction."""
    with connection.cursor() as cursor:
        cursor.execute(_CORRECTED, _zero() | _round(round) | {"voids": 1})


def dealer_day_totals_corrected(*, round: Round, owed: Decimal, recovered: Decimal) -> None:
    """Count an approved payout correction of ``round`` on its dealer's day, with what its
    lines ``owed`` the players and ``recovered`` from them (both positive or zero). Expects
    the round locked, inside the decision's transaction."""
    figures = {"payout_corrections": 1, "owed": owed, "recovered": recovered}
    with connection.cursor() as cursor:
        cursor.execute(_CORRECTED, _zero() | _round(round) | figures)
