"""The figures of a gaming-day report, aggregated in PostgreSQL.

Each query makes one pass over its rows with a plain ``GROUP BY`` (table, game, dealer, gaming
day), then sums those few rows into the three periods (the day, month to date, year to date)
with ``FILTER`` and rolls them up with ``GROUPING SETS`` into the other levels: per table, per
game, per dealer and the casino's total. Python only merges the queries' results by their key.

What counts:

- **Played** (``rounds``, ``wagered``, ``paid``): settled rounds of the period, from their
  settlements (``total_staked``, ``total_returned``), except rounds whose void was approved by
  the end of the period.
- **Theoretical**: the settled rounds' theoretical wins as their settlements keep them
  (``payouts.services.theoretical_win``: each stake times the edge of its wager type at its
  box's Ante under the table maximum), over the stakes they priced; ``theo_computed_base`` is
  the part of those stakes priced by edges computed from the rules (the rest by certificates,
  or a pot game's take).
- **Cap hits**: payout lines paid below their computed amount (``withheld`` is the
  difference); **large payouts**: lines paid above the threshold.
- **Corrections** approved in the period: payout corrections add their lines to ``paid``; a void
  of a round from before the period reverses that round (its round, stake and payout leave the
  adjusted figures); a void of a round of the period shows only in the count, the round having
  been left out of ``played``.

With these rules the figures of consecutive days add up to the month's and the year's.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from casino.core.db_router import read_rows

#: ``GROUPING(table_id, game, dealer_id)`` of each level.
LEVELS = {0: "table_dealer", 1: "table", 5: "game", 6: "dealer", 7: "total"}
LEVEL_ORDER = tuple(LEVELS.values())
PERIOD_NAMES = ("day", "mtd", "ytd")
_GROUPING_SETS = (
    "GROUPING SETS ((table_id, game, dealer_id), (table_id, game), (game), (dealer_id), ())"
)

Key = tuple[str, int | None, str | None, int | None]


@dataclass(frozen=True)
class Period:
    name: str
    start: dt.date
    end: dt.date


def periods_of(day: dt.date) -> tuple[Period, ...]:
    """The day, month to date and year to date that end on ``day`` (a gaming day is named by
    the date it starts, and so belongs to that date's month and year)."""
    return (
        Period("day", day, day),
        Period("mtd", day.replace(day=1), day),
        Period("ytd", day.replace(month=1, day=1), day),
    )


# The rounds a report reads: settled, at the casino's tables, in the year to date, not voided by
# a void approved by the end of the period (all periods end on the report's day).
_ROUNDS = """
    r.table_id = ANY(%(tables)s)
    AND r.gaming_day BETWEEN %(ytd)s AND %(day)s
    AND r.status = 'settled'
    AND NOT EXISTS (
        SELECT 1 FROM payouts_corrections c
        WHERE c.round_id = r.id AND c.kind = 'void' AND c.status = 'approved'
          AND c.decided_gaming_day <= %(day)s
    )
"""


def figures(
    *, tables: Sequence[int], day: dt.date, large_payout: Decimal
) -> dict[Key, dict[str, Any]]:
    """Every level's sums for the three periods ending on ``day``, keyed by
    ``(level, table_id, game, dealer_id)``; each value maps ``<period>_<measure>`` to a sum.

    Reads only, and creates nothing (not even a temporary table): a hot standby runs it.
    """
    params = _params(tables=tables, day=day, large_payout=large_payout)
    merged: dict[Key, dict[str, Any]] = {}
    for rows in (
        _rolled_up(_PLAYED, _PLAYED_MEASURES, params),
        _rolled_up(_HITS, _HIT_MEASURES, params),
        _rolled_up(_CORRECTIONS, _CORRECTION_MEASURES, params),
    ):
        for key, values in rows:
            merged.setdefault(key, {}).update(values)
    return merged


def hit_lines(
    *, tables: Sequence[int], day: dt.date, large_payout: Decimal
) -> list[dict[str, Any]]:
    """The day's cap hits and large payouts, one row per payout line (the lines ``figures``
    counts; they are few, found through a partial index, so finding them twice costs little)."""
    return read_rows(
        f"""
        SELECT table_id, game, dealer_id, round_id, round_number, box, line, combination,
               outcome, stake, computed_amount, paid_amount, reason,
               paid_amount < computed_amount AS cap_hit, paid_amount > %(large)s AS large
        FROM ({_HITS}) hits
        WHERE gaming_day = %(day)s
        ORDER BY table_id, round_number, box, line
        """,
        _params(tables=tables, day=day, large_payout=large_payout),
    )


def corrections_of(*, tables: Sequence[int], day: dt.date) -> list[dict[str, Any]]:
    """The corrections approved on ``day`` at these tables, each with its round and the sums
    of its lines and (for a void) of the settlement it reverses."""
    return read_rows(
        """
        SELECT c.id, c.kind, c.reason, c.decision_note, c.requested_by_id, c.decided_by_id,
               r.id AS round_id, r.number AS round_number, r.table_id, r.game, r.dealer_id,
               r.gaming_day AS round_gaming_day,
               c.amount, s.total_staked, s.total_returned
        FROM payouts_corrections c
        JOIN tables_floor_rounds r ON r.id = c.round_id
        LEFT JOIN payouts_round_settlements s ON s.round_id = r.id
        WHERE c.status = 'approved' AND c.decided_gaming_day = %(day)s
          AND r.table_id = ANY(%(tables)s)
        ORDER BY c.id
        """,
        {"tables": list(tables), "day": day},
    )


def month_trend(*, tables: Sequence[int], day: dt.date) -> list[dict[str, Any]]:
    """Each gaming day of ``day``'s month up to ``day``, with the casino's sums from the tables'
    day totals (``payouts.TableDayTotals``, kept as rounds settle and corrections are approved,
    so each day as it stands now); a day without play has zeros."""
    return read_rows(
        """
        SELECT d.gaming_day::date AS gaming_day,
               coalesce(sum(t.rounds), 0) AS rounds,
               coalesce(sum(t.wagered), 0) AS wagered,
               coalesce(sum(t.house_result), 0) AS house_result,
               coalesce(sum(t.theoretical_result), 0) AS theoretical_result,
               coalesce(sum(t.theoretical_base), 0) AS theoretical_base
        FROM generate_series(%(first)s::date, %(day)s::date, interval '1 day') AS d(gaming_day)
        LEFT JOIN payouts_table_day_totals t
            ON t.gaming_day = d.gaming_day::date AND t.table_id = ANY(%(tables)s)
        GROUP BY 1
        ORDER BY 1
        """,
        {"tables": list(tables), "first": day.replace(day=1), "day": day},
    )


# -- the queries ------------------------------------------------------------------------------
# Each yields, per table, game, dealer and gaming day (``day_of``), the values its measures sum.

_PLAYED = f"""
    SELECT r.table_id, r.game, r.dealer_id, r.gaming_day AS day_of,
           count(*) AS rounds, sum(s.total_staked) AS wagered, sum(s.total_returned) AS paid,
           sum(s.theoretical_win) AS theo_result, sum(s.theoretical_base) AS theo_base,
           coalesce(sum(s.theoretical_base) FILTER (WHERE s.theoretical_source = 'computed'), 0)
               AS theo_computed_base,
           count(hold.x) AS hold_n, sum(hold.x) AS hold_sx, sum(hold.x * hold.x) AS hold_sxx
    FROM tables_floor_rounds r
    JOIN payouts_round_settlements s ON s.round_id = r.id
    CROSS JOIN LATERAL (
        -- One round's result per unit staked, for the confidence interval: a statistic, so in
        -- double precision (money stays numeric).
        SELECT CASE WHEN s.total_staked > 0
                    THEN s.house_result::float8 / s.total_staked::float8 END AS x
    ) hold
    WHERE {_ROUNDS}
    GROUP BY 1, 2, 3, 4
"""
_PLAYED_MEASURES = {
    name: (name, "TRUE")
    for name in (
        "rounds",
        "wagered",
        "paid",
        "theo_result",
        "theo_base",
        "theo_computed_base",
        "hold_n",
        "hold_sx",
        "hold_sxx",
    )
}

# Capped lines are found through a partial index (``audit_payoutline_capped_idx``), each then
# looked up with its round (``OFFSET 0`` keeps that a lookup per line: the planner cannot
# estimate how few lines a column-to-column comparison keeps). A line paid above the threshold
# belongs to a settlement that returned more than it, which finds the few without reading
# every line.
_HIT_COLUMNS = """
    r.table_id, r.game, r.dealer_id, r.gaming_day AS day_of, r.gaming_day, r.id AS round_id,
    r.number AS round_number, p.box, p.line, p.combination, p.outcome, p.stake,
    p.computed_amount, p.paid_amount, p.reason
"""
_HITS = f"""
    SELECT {_HIT_COLUMNS}
    FROM payouts_settlement_lines p
    CROSS JOIN LATERAL (
        SELECT r.* FROM payouts_round_settlements s JOIN tables_floor_rounds r ON r.id = s.round_id
        WHERE s.id = p.settlement_id AND {_ROUNDS}
        OFFSET 0
    ) r
    WHERE p.paid_amount < p.computed_amount
    UNION ALL
    SELECT {_HIT_COLUMNS}
    FROM tables_floor_rounds r
    JOIN payouts_round_settlements s ON s.round_id = r.id
    JOIN payouts_settlement_lines p ON p.settlement_id = s.id
    WHERE s.total_returned > %(large)s AND p.paid_amount > %(large)s
      AND p.paid_amount >= p.computed_amount AND {_ROUNDS}
"""
_HIT_MEASURES = {
    "cap_hits": ("1", "paid_amount < computed_amount"),
    "withheld": ("computed_amount - paid_amount", "paid_amount < computed_amount"),
    "large_payouts": ("1", "paid_amount > %(large)s"),
}

# Corrections belong to the period of their decision.
_CORRECTIONS = """
    SELECT r.table_id, r.game, r.dealer_id, c.decided_gaming_day AS day_of, c.kind,
           r.gaming_day AS round_day, s.id IS NOT NULL AS settled, s.total_staked,
           s.total_returned, c.amount
    FROM payouts_corrections c
    JOIN tables_floor_rounds r ON r.id = c.round_id
    LEFT JOIN payouts_round_settlements s ON s.round_id = r.id
    WHERE c.status = 'approved'
      AND c.decided_gaming_day BETWEEN %(ytd)s AND %(day)s
      AND r.table_id = ANY(%(tables)s)
"""
# ``{start}`` is the period's first day: a void of a settled round from before the period
# reverses it; a void of a round of the period, or of one never settled, reverses nothing.
_REVERSAL = "kind = 'void' AND settled AND round_day < {start}"
_CORRECTION_MEASURES = {
    "voids": ("1", "kind = 'void'"),
    "corrections": ("1", "kind = 'payout_correction'"),
    "corrections_paid": ("amount", "kind = 'payout_correction'"),
    "reversed_rounds": ("1", _REVERSAL),
    "reversed_wagered": ("total_staked", _REVERSAL),
    "reversed_paid": ("total_returned", _REVERSAL),
}


# -- machinery --------------------------------------------------------------------------------


def _params(*, tables: Sequence[int], day: dt.date, large_payout: Decimal) -> dict[str, Any]:
    params: dict[str, Any] = {"tables": list(tables), "large": large_payout}
    for period in periods_of(day):
        params[period.name] = period.start
    params["day"] = day
    return params


def _rolled_up(
    per_day: str, measures: dict[str, tuple[str, str]], params: dict[str, Any]
) -> Iterable[tuple[Key, dict[str, Any]]]:
    """Sum ``per_day``'s rows into every period and level: one column
    ``sum(<expression>) FILTER (WHERE <in the period> AND <condition>) AS <period>_<measure>``
    for every period and measure."""
    columns = []
    for period in PERIOD_NAMES:
        start = f"%({period})s"
        for name, (expression, condition) in measures.items():
            where = f"day_of >= {start} AND ({condition.format(start=start)})"
            columns.append(f"sum({expression}) FILTER (WHERE {where}) AS {period}_{name}")
    sql = f"""
        SELECT GROUPING(table_id, game, dealer_id) AS level, table_id, game, dealer_id,
               {", ".join(columns)}
        FROM ({per_day}) per_day
        GROUP BY {_GROUPING_SETS}
    """
    for row in read_rows(sql, params):
        level = LEVELS[row.pop("level")]
        yield (level, row.pop("table_id"), row.pop("game"), row.pop("dealer_id")), row
