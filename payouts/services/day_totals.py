"""Per-table per-gaming-day totals (:class:`~payouts.models.TableDayTotals`), kept in the
transaction of what changes them, so that a pit view reads a day's figures in one row per table
however many wager lines the day holds.

The totals are a cache of the history, never a record of their own: every change adds
:class:`DayFigures` to the row of the round's table and gaming day in one statement:

- settling a round adds it (:func:`result_figures`, from the result being written);
- an approved void of a settled round takes the same figures back out
  (:func:`stored_figures`, read from the rows the settlement wrote, negated:
  :func:`table_day_totals_adjust`);
- an approved payout correction adds its lines to ``paid`` (:func:`table_day_totals_adjust`).

The figures of one settlement as stored (:data:`SETTLEMENT_FIGURES`) are the one definition the
settlement path mirrors in Python and the rebuild (``payouts.services.day_totals_check``) sums; the
rebuild replaces the kept rows through :func:`table_day_totals_replace`, the one writer of the
totals beside the changes above. Other apps read the totals through the view
``payouts_table_day_totals`` (``payouts.models``).

Lock order: the caller holds the round's lock; the upsert then locks the totals row, before the
audit chain's head is taken (the settlement's and the correction's audit rows come after).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import connection
from django.utils import timezone

from casino.core.transactions import service_transaction
from casino.games.contract import GameResult
from payouts.services.theoretical_win import TheoreticalWin
from payouts.services.totals_sql import added_on_conflict

ZERO = Decimal(0)

#: The kept measures of a table's day, in the order of the rebuild's columns.
MEASURES = (
    "rounds",
    "wagered",
    "paid",
    "house_result",
    "theoretical_result",
    "theoretical_base",
    "cap_hits",
    "withheld",
)

#: The figures of each settlement chosen by ``{where}`` (over ``s``, the settlement, and ``r``,
#: its round), read from what the settlement wrote: one row per settlement. The theoretical
#: result is the settlement's stored theoretical win (``payouts.services.theoretical_win``).
SETTLEMENT_FIGURES = """
    SELECT r.table_id, r.gaming_day, s.id AS settlement_id, r.id AS round_id,
           1 AS rounds, s.total_staked AS wagered, s.total_returned AS paid,
           s.theoretical_win AS theoretical_result, s.theoretical_base,
           coalesce(cap.hits, 0) AS cap_hits, coalesce(cap.withheld, 0) AS withheld
    FROM payouts_settlement s
    JOIN tables_floor_rounds r ON r.id = s.round_id
    LEFT JOIN LATERAL (
        SELECT count(*) AS hits, sum(l.computed_amount - l.paid_amount) AS withheld
        FROM payouts_payoutline l
        WHERE l.settlement_id = s.id AND l.paid_amount < l.computed_amount
    ) cap ON TRUE
    WHERE {where}
"""

_ADJUST = """
    UPDATE payouts_tabledaytotals SET
        rounds = rounds + %(rounds)s,
        wagered = wagered + %(wagered)s,
        paid = paid + %(paid)s,
        house_result = house_result + %(wagered)s - %(paid)s,
        theoretical_result = theoretical_result + %(theoretical_result)s,
        theoretical_base = theoretical_base + %(theoretical_base)s,
        cap_hits = cap_hits + %(cap_hits)s,
        withheld = withheld + %(withheld)s,
        updated_at = %(now)s
    WHERE table_id = %(table)s AND gaming_day = %(day)s
"""

_UPSERT = f"""
    INSERT INTO payouts_tabledaytotals AS t (
        table_id, gaming_day, {", ".join(MEASURES)}, updated_at)
    VALUES (%(table)s, %(day)s, %(rounds)s, %(wagered)s, %(paid)s, %(wagered)s - %(paid)s,
            %(theoretical_result)s, %(theoretical_base)s, %(cap_hits)s, %(withheld)s, %(now)s)
    ON CONFLICT (table_id, gaming_day) DO UPDATE SET
    {added_on_conflict("t", MEASURES)},
    updated_at = EXCLUDED.updated_at
"""


#: The kept rows of the tables and gaming days a rebuild replaces: ``%(tables)s`` (``None``: every
#: table), ``%(first)s`` to ``%(last)s``.
_IN_SCOPE = """
    (%(tables)s::bigint[] IS NULL OR k.table_id = ANY(%(tables)s::bigint[]))
    AND k.gaming_day BETWEEN %(first)s AND %(last)s
"""
_REMOVED = f"DELETE FROM payouts_tabledaytotals k WHERE {_IN_SCOPE}"
_REPLACED = f"""
    INSERT INTO payouts_tabledaytotals (table_id, gaming_day, {", ".join(MEASURES)}, updated_at)
    SELECT table_id, gaming_day, {", ".join(MEASURES)}, %(now)s FROM ({{rows}}) h
"""


@dataclass(frozen=True)
class DayFigures:
    """What one change adds to a table's day (negative amounts take figures back out)."""

    rounds: int = 0
    wagered: Decimal = ZERO
    paid: Decimal = ZERO
    theoretical_result: Decimal = ZERO
    theoretical_base: Decimal = ZERO
    cap_hits: int = 0
    withheld: Decimal = ZERO

    def negated(self) -> DayFigures:
        return DayFigures(
            rounds=-self.rounds,
            wagered=-self.wagered,
            paid=-self.paid,
            theoretical_result=-self.theoretical_result,
            theoretical_base=-self.theoretical_base,
            cap_hits=-self.cap_hits,
            withheld=-self.withheld,
        )


def result_figures(result: GameResult, theoretical: TheoreticalWin) -> DayFigures:
    """The figures a settlement with ``result`` and ``theoretical`` win adds: what
    :data:`SETTLEMENT_FIGURES` reads back once it is written."""
    capped = [line for line in result.lines if line.paid < line.computed]
    return DayFigures(
        rounds=1,
        wagered=result.staked,
        paid=result.returned,
        theoretical_result=theoretical.amount,
        theoretical_base=theoretical.base,
        cap_hits=len(capped),
        withheld=sum((line.computed - line.paid for line in capped), ZERO),
    )


def stored_figures(*, settlement_id: int) -> DayFigures:
    """The figures the settlement ``settlement_id`` added to its day, read from its rows."""
    sql = SETTLEMENT_FIGURES.format(where="s.id = %(settlement)s")
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT rounds, wagered, paid, theoretical_result, theoretical_base, cap_hits,"
            f" withheld FROM ({sql}) f",
            {"settlement": settlement_id},
        )
        rounds, wagered, paid, result, base, hits, withheld = cursor.fetchone()
    return DayFigures(
        rounds=rounds,
        wagered=wagered,
        paid=paid,
        theoretical_result=result,
        theoretical_base=base,
        cap_hits=hits,
        withheld=withheld,
    )


def table_day_totals_add(*, table_id: int, gaming_day: dt.date, figures: DayFigures) -> None:
    """Add a settled round's ``figures`` to the totals of ``table_id`` on ``gaming_day``, the
    row made if the day has none yet: one upsert.

    Must run inside the transaction of the settlement, the round locked by the caller; the
    row's lock is held until that transaction ends, so two changes of one table's day add up
    one after the other.
    """
    with connection.cursor() as cursor:
        cursor.execute(_UPSERT, _parameters(table_id, gaming_day, figures))


def table_day_totals_adjust(*, table_id: int, gaming_day: dt.date, figures: DayFigures) -> bool:
    """Add ``figures`` (negative ones take figures out) to the day's row of a round settled
    before: one update. Returns whether the row was there.

    A day without a row has no settlement counted in it (its rounds settled before the totals
    were kept): nothing is adjusted, and the rebuild (``manage.py day_totals --rebuild``)
    makes the row from the history. Must run inside the correction's transaction, the round
    locked by the caller.
    """
    # An update, not the upsert: PostgreSQL checks the row an INSERT proposes before it finds
    # the conflict, and a reversal's negative figures would fail the row's checks there.
    with connection.cursor() as cursor:
        cursor.execute(_ADJUST, _parameters(table_id, gaming_day, figures))
        return bool(cursor.rowcount)


def table_day_totals_replace(*, rows: str, params: Mapping[str, Any]) -> int:
    """Replace the kept totals of the tables and gaming days in scope with ``rows``; returns the
    rows written.

    ``rows`` is an SQL statement giving one row per table and gaming day, with the columns
    ``table_id``, ``gaming_day`` and :data:`MEASURES`, none of them outside the scope (the
    history's totals: ``payouts.services.day_totals_check``). ``params`` holds its
    parameters and the scope's: ``tables`` (ids, ``None`` for every table), ``first`` and
    ``last`` (gaming days).

    The totals table is locked against writers first (``SHARE ROW EXCLUSIVE``), so a round
    settling meanwhile waits, and one that settled before is in the rows read.
    """
    with service_transaction(), connection.cursor() as cursor:
        cursor.execute("LOCK TABLE payouts_tabledaytotals IN SHARE ROW EXCLUSIVE MODE")
        cursor.execute(_REMOVED, params)
        cursor.execute(_REPLACED.format(rows=rows), {**params, "now": timezone.now()})
        return int(cursor.rowcount)


def _parameters(table_id: int, gaming_day: dt.date, figures: DayFigures) -> dict[str, object]:
    return {
        "table": table_id,
        "day": gaming_day,
        "rounds": figures.rounds,
        "wagered": figures.wagered,
        "paid": figures.paid,
        "theoretical_result": figures.theoretical_result,
        "theoretical_base": figures.theoretical_base,
        "cap_hits": figures.cap_hits,
        "withheld": figures.withheld,
        "now": timezone.now(),
    }
