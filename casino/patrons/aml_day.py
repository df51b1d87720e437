"""A casino's anti-money-laundering gaming day: each patron's cash and play, and the patterns
worth a review.

For every patron with cash or play on the day: cash in and cash out (never netted), every
buy-in whatever its kind, what their positions staked in the day's rounds while they held
them, and what those positions were paid back, payout corrections included (a voided round
counts for nothing). One statement over the patrons' own tables and the box play the payouts
app publishes (``payouts_box_play``: each box's play in each round, kept as rounds settle and
corrections are approved, with the round's table, gaming day and opening instant), read for
each box a session held over the time it held it.

The patterns (FinCEN's guidance and the trade press name both):

- ``little_play``: cash in of at least the log's threshold, and stakes below
  ``AML_LITTLE_PLAY_SHARE`` of it (a tenth by default): currency turned into chips and walked
  away with.
- ``chips_from_elsewhere``: stakes above everything the patron bought in and was paid back:
  the chips came from somewhere the record does not show, another seat's payouts among the
  likeliest.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import connection

from casino.patrons.aml import aml_policy_of
from casino.patrons.models import BUY_INS
from tables.models import Casino

_DAY = """
WITH cash AS (
    SELECT c.patron_id,
           coalesce(sum(c.amount) FILTER (WHERE c.direction = 'in'), 0) AS cash_in,
           coalesce(sum(c.amount) FILTER (WHERE c.direction = 'out'), 0) AS cash_out,
           coalesce(sum(c.amount) FILTER (WHERE c.kind = ANY(%(buy_ins)s)), 0) AS bought_in
    FROM patrons_cashevent c
    JOIN patrons_patron p ON p.id = c.patron_id
    WHERE c.gaming_day = %(day)s AND p.casino_id = %(casino)s
    GROUP BY c.patron_id
),
played AS (
    -- Each box or seat a session held, with the play at it in the day's rounds that opened
    -- while the session held it: one range of the box play's index a box.
    SELECT s.patron_id, sum(b.staked) AS staked, sum(b.returned) AS returned
    FROM patrons_playsession s
    JOIN patrons_patron p ON p.id = s.patron_id
    CROSS JOIN LATERAL patrons_session_positions(s.positions) AS position
    JOIN payouts_box_play b
      ON b.table_id = s.table_id AND b.box = position
     AND b.opened_at >= s.started_at
     AND b.opened_at < coalesce(s.ended_at, 'infinity'::timestamptz)
    WHERE p.casino_id = %(casino)s
      AND s.started_at < %(until)s
      AND (s.ended_at IS NULL OR s.ended_at > %(since)s)
      AND b.gaming_day = %(day)s
    GROUP BY s.patron_id
)
SELECT p.id, p.kind, p.loyalty_number, p.description,
       coalesce(cash.cash_in, 0), coalesce(cash.cash_out, 0), coalesce(cash.bought_in, 0),
       coalesce(played.staked, 0), coalesce(played.returned, 0)
FROM patrons_patron p
LEFT JOIN cash ON cash.patron_id = p.id
LEFT JOIN played ON played.patron_id = p.id
WHERE cash.patron_id IS NOT NULL OR played.patron_id IS NOT NULL
ORDER BY p.id
"""


@dataclass(frozen=True)
class PatronDay:
    """One patron's anti-money-laundering day (see the module's docstring)."""

    patron: int
    kind: str
    loyalty_number: str
    description: str
    cash_in: Decimal
    cash_out: Decimal
    bought_in: Decimal
    staked: Decimal
    returned: Decimal
    patterns: tuple[str, ...]


def aml_day(casino: Casino, gaming_day: dt.date) -> list[PatronDay]:
    """Every patron of ``casino`` with cash or play on ``gaming_day``, by id."""
    zone = ZoneInfo(casino.time_zone)
    since = dt.datetime.combine(gaming_day, dt.time(casino.gaming_day_start_hour), zone)
    until = dt.datetime.combine(
        gaming_day + dt.timedelta(days=1), dt.time(casino.gaming_day_start_hour), zone
    )
    log_from = aml_policy_of(casino.pk, until).log_from
    share = Decimal(settings.AML_LITTLE_PLAY_SHARE)
    with connection.cursor() as cursor:
        cursor.execute(
            _DAY,
            {
                "casino": casino.pk,
                "day": gaming_day,
                "since": since,
                "until": until,
                "buy_ins": [kind.value for kind in BUY_INS],
            },
        )
        rows = cursor.fetchall()
    return [
        PatronDay(*row, patterns=_patterns(*row[4:], log_from=log_from, share=share))
        for row in rows
    ]


def _patterns(
    cash_in: Decimal,
    cash_out: Decimal,
    bought_in: Decimal,
    staked: Decimal,
    returned: Decimal,
    *,
    log_from: Decimal,
    share: Decimal,
) -> tuple[str, ...]:
    found = []
    if cash_in >= log_from and staked < cash_in * share:
        found.append("little_play")
    if staked > bought_in + returned:
        found.append("chips_from_elsewhere")
    return tuple(found)
