"""Each dealer's pace by record: rounds per hour, by game, table and occupancy (how many boxes
or seats staked), over a casino's gaming days, against the casino's norm for the game.

The figures are the rounds' own, kept as they settle (``payouts.DealerDayTotals``, published
as ``payouts_dealer_day_totals``; its docstring says which gaps count): the time inside a round (its
opening to its settlement) and the time between rounds (the gap before a round, where it
counts: same dealer, no fill, no pause) are kept apart, and a round's cycle is their sum:
``rounds_per_hour = 3600 / (seconds_per_round + seconds_between)``. A dealer whose rounds had
no counted gap has ``seconds_between`` ``None`` and a cycle of the rounds alone.

Each dealer has one row per game, table and occupancy, and one per game with ``table`` and
``occupancy`` ``None``: the dealer's rounds of that game at every table, the row the norm is
for. One statement, over the day rows of the period (a week of a million rounds is some
thousands of rows).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.db import connection

from casino.core.queries import users_named
from tables.models import Table

_PACE = """
WITH paced AS (
    SELECT p.dealer_id, p.game, p.table_id, p.occupancy, sum(p.rounds) AS rounds,
           sum(p.round_ms) AS round_ms, sum(p.gaps) AS gaps, sum(p.gap_ms) AS gap_ms
    FROM payouts_dealer_day_totals p
    WHERE p.table_id = ANY(%(tables)s) AND p.gaming_day BETWEEN %(first)s AND %(last)s
    GROUP BY GROUPING SETS (
        (p.dealer_id, p.game, p.table_id, p.occupancy), (p.dealer_id, p.game)
    )
    -- A void of a round never settled leaves a row of no rounds: no pace.
    HAVING sum(p.rounds) > 0
)
SELECT paced.dealer_id, u.{username}, paced.game, paced.table_id, t.code, paced.occupancy,
       paced.rounds, paced.round_ms, paced.gaps, paced.gap_ms
FROM paced
JOIN {users} u ON u.id = paced.dealer_id
LEFT JOIN tables_floor_tables t ON t.id = paced.table_id
ORDER BY u.{username}, paced.game, t.code NULLS FIRST, paced.occupancy NULLS FIRST
"""

_MS = Decimal(1000)
_HOUR = Decimal(3600)


@dataclass(frozen=True)
class Pace:
    """A dealer's rounds of one game, at one table and occupancy (or at all: ``None``)."""

    dealer: int
    dealer_name: str
    game: str
    table: int | None
    table_code: str | None
    occupancy: int | None
    rounds: int
    round_ms: int
    gaps: int
    gap_ms: int

    @property
    def seconds_per_round(self) -> Decimal:
        """The mean time inside a round, opening to settlement."""
        return (Decimal(self.round_ms) / self.rounds / _MS).quantize(Decimal("0.1"))

    @property
    def seconds_between(self) -> Decimal | None:
        """The mean counted gap before a round; ``None`` where no gap counted."""
        if not self.gaps:
            return None
        return (Decimal(self.gap_ms) / self.gaps / _MS).quantize(Decimal("0.1"))

    @property
    def rounds_per_hour(self) -> Decimal:
        """An hour over the mean cycle: a round and the gap before it."""
        cycle = Decimal(self.round_ms) / self.rounds
        if self.gaps:
            cycle += Decimal(self.gap_ms) / self.gaps
        if not cycle:
            return Decimal(0)
        return (_HOUR * _MS / cycle).quantize(Decimal("0.1"))

    @property
    def norm(self) -> Decimal | None:
        """The casino's norm for the game in rounds per hour (``DEALER_PACE_NORMS``)."""
        value = settings.DEALER_PACE_NORMS.get(self.game)
        return None if value is None else Decimal(value)

    @property
    def of_norm(self) -> Decimal | None:
        """The pace as a share of the norm (1.00 at the norm)."""
        norm = self.norm
        return None if not norm else (self.rounds_per_hour / norm).quantize(Decimal("0.01"))


def casino_tables(casino_id: int) -> list[int]:
    """The ids of ``casino_id``'s tables: named to the statements that read the figures of a
    casino's tables, so that the planner knows how many it reads (the casino's row does not
    say)."""
    return list(Table.objects.filter(pit__casino_id=casino_id).values_list("pk", flat=True))


def dealer_pace(*, casino_id: int, first: dt.date, last: dt.date) -> list[Pace]:
    """Every dealer's pace at ``casino_id``'s tables over the gaming days ``first`` to
    ``last`` (an empty list for an empty period): by dealer name, game, then each game's row
    for all tables before its tables' rows, each table's all-occupancy row first."""
    statement = users_named(_PACE)
    with connection.cursor() as cursor:
        cursor.execute(
            statement, {"tables": casino_tables(casino_id), "first": first, "last": last}
        )
        return [Pace(*row) for row in cursor.fetchall()]
