"""Each dealer's accuracy by record, over a casino's gaming days: the rounds they dealt (opened
and settled), and in those, the retractions approved (with the entries they took back), the
voids and the payout corrections approved (with what they owed the players and what they
recovered), and the entries refused to them at the casino's tables (by code:
``tables.RefusedEntry``, kept for each refusal of a dealer's own making), each also per 1,000
rounds dealt.

The figures are kept on the dealers' day rows as rounds settle and corrections are approved
(``payouts.DealerDayTotals``, published as ``payouts_dealer_day_totals``): a round counts on
its own gaming day, whenever its correction was decided, against the dealer who opened it. What
was asked and rejected, or still waits, counts for nothing: the record says a dealer erred only
where a second person agreed. A refusal counts on its own gaming day, against the dealer it
was refused to (a dealer with refusals and no round dealt in the period is not listed). One
statement over the period's rows.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from decimal import Decimal

from django.db import connection

from casino.core.queries import users_named
from casino.dealers.pace import casino_tables

_ACCURACY = """
WITH refused AS (
    SELECT dealer_id, sum(n)::int AS n, jsonb_object_agg(code, n) AS by_code
    FROM (
        SELECT r.dealer_id, r.code, count(*) AS n
        FROM tables_refused_entries r
        WHERE r.table_id = ANY(%(tables)s) AND r.gaming_day BETWEEN %(first)s AND %(last)s
          AND (%(dealer)s::bigint IS NULL OR r.dealer_id = %(dealer)s::bigint)
        GROUP BY r.dealer_id, r.code
    ) codes
    GROUP BY dealer_id
)
SELECT d.dealer_id, u.{username}, sum(d.rounds), sum(d.retractions), sum(d.entries_retracted),
       sum(d.voids), sum(d.payout_corrections), sum(d.corrected_owed),
       sum(d.corrected_recovered), coalesce(min(f.n), 0), coalesce(min(f.by_code::text), '{{}}')
FROM payouts_dealer_day_totals d
JOIN {users} u ON u.id = d.dealer_id
LEFT JOIN refused f ON f.dealer_id = d.dealer_id
WHERE d.table_id = ANY(%(tables)s) AND d.gaming_day BETWEEN %(first)s AND %(last)s
  AND (%(dealer)s::bigint IS NULL OR d.dealer_id = %(dealer)s::bigint)
GROUP BY d.dealer_id, u.{username}
ORDER BY u.{username}, d.dealer_id
"""

_THOUSAND = Decimal(1000)


@dataclass(frozen=True)
class Accuracy:
    """One dealer's record over the period (see the module's docstring)."""

    dealer: int
    dealer_name: str
    rounds: int
    retractions: int
    entries_retracted: int
    voids: int
    payout_corrections: int
    corrected_owed: Decimal
    corrected_recovered: Decimal
    refused_entries: int
    #: The refused entries by their code (``stale_event``, ``invalid_input``...).
    refused_by_code: dict[str, int]

    def per_thousand(self, count: int) -> Decimal | None:
        """``count`` per 1,000 rounds dealt; ``None`` for a dealer who dealt none."""
        if not self.rounds:
            return None
        return (Decimal(count) * _THOUSAND / self.rounds).quantize(Decimal("0.01"))

    @property
    def voids_per_1000(self) -> Decimal | None:
        return self.per_thousand(self.voids)

    @property
    def payout_corrections_per_1000(self) -> Decimal | None:
        return self.per_thousand(self.payout_corrections)

    @property
    def entries_retracted_per_1000(self) -> Decimal | None:
        return self.per_thousand(self.entries_retracted)

    @property
    def refused_entries_per_1000(self) -> Decimal | None:
        return self.per_thousand(self.refused_entries)


def dealer_accuracy(
    *, casino_id: int, first: dt.date, last: dt.date, dealer_id: int | None = None
) -> list[Accuracy]:
    """Every dealer's accuracy at ``casino_id``'s tables over the gaming days ``first`` to
    ``last`` (or ``dealer_id``'s alone), by dealer name: the dealers with a round dealt, or
    voided before it was settled, in the period."""
    statement = users_named(_ACCURACY)
    parameters = {
        "tables": casino_tables(casino_id),
        "first": first,
        "last": last,
        "dealer": dealer_id,
    }
    with connection.cursor() as cursor:
        cursor.execute(statement, parameters)
        return [
            Accuracy(*row[:-1], refused_by_code=json.loads(row[-1])) for row in cursor.fetchall()
        ]
