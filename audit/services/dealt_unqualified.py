"""Rounds dealt by a dealer not qualified for their game: the figure that must stay 0.

A round counts when one of its events was recorded by the dealer dealing at its table at that
instant (a dealer assignment open then: a pit boss's entry, a retraction asked at the table,
is not dealing) who held no qualification for the round's game in force at that instant: one
recorded by then, not expired before that instant's gaming day at the table's casino, not
revoked by then (``casino.identity.qualifications``). The qualification at the time counts: a
later revocation or expiry does not make an earlier round wrong.

An assignment refuses a dealer not qualified for the table's game, and a dealer is not asked
again at each action; so a round counts when a qualification ended while its dealer dealt (an
expiry at a gaming day's start during a shift), or when an assignment was written past the
services. One statement, which reads the other apps' rows through the views they publish:
the rounds, their events, the assignments, the tables, pits and casinos (``tables``) and the
qualifications (``identity``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from casino.core.db_router import read_connection

#: Each round matching ``{where}`` (a condition on the round ``r``) with its first event recorded
#: by a dealer not qualified then: the round's id, table, game and gaming day, and that event's
#: number (``seq``), recorder (``dealer_id``) and time. An instant's gaming day is its local
#: date at the casino less the day's start hour (``casino.core.gaming_day``).
UNQUALIFIED_ROUNDS = """
SELECT r.id AS round_id, r.table_id, r.game, r.gaming_day, e.seq, e.actor_id AS dealer_id,
       e.created_at
FROM tables_floor_rounds r
JOIN tables_floor_tables t ON t.id = r.table_id
JOIN tables_floor_pits p ON p.id = t.pit_id
JOIN tables_floor_casinos c ON c.id = p.casino_id
CROSS JOIN LATERAL (
    SELECT ev.seq, ev.actor_id, ev.created_at
    FROM tables_floor_round_events ev
    WHERE ev.round_id = r.id
      AND EXISTS (
          SELECT 1 FROM tables_floor_dealer_assignments da
          WHERE da.table_id = r.table_id AND da.dealer_id = ev.actor_id
            AND da.started_at <= ev.created_at
            AND (da.ended_at IS NULL OR da.ended_at > ev.created_at)
      )
      AND NOT EXISTS (
          SELECT 1 FROM identity_dealer_qualifications q
          WHERE q.dealer_id = ev.actor_id AND q.game = r.game
            AND q.recorded_at <= ev.created_at
            AND (q.expires_on IS NULL OR q.expires_on >= (
                (ev.created_at AT TIME ZONE c.time_zone)
                - make_interval(hours => c.gaming_day_start_hour)
            )::date)
            AND (q.revoked_at IS NULL OR q.revoked_at > ev.created_at)
      )
    ORDER BY ev.seq
    LIMIT 1
) e
WHERE {where}
"""


def rounds_dealt_unqualified(*, tables: Sequence[int], day: dt.date) -> int:
    """How many rounds of the gaming day ``day`` at ``tables`` (whatever became of them:
    settled, voided, still in play) were dealt, in part, by a dealer not qualified for their
    game. Reads only."""
    where = "r.table_id = ANY(%(tables)s) AND r.gaming_day = %(day)s"
    with read_connection().cursor() as cursor:
        cursor.execute(
            f"SELECT count(*) FROM ({UNQUALIFIED_ROUNDS.format(where=where)}) unqualified",
            {"tables": list(tables), "day": day},
        )
        (count,) = cursor.fetchone()
    return int(count)
