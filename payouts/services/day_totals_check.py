"""The tables' day totals recomputed from the history, compared with those kept, and rebuilt.

The totals (``payouts.models.TableDayTotals``) are kept as rounds settle and corrections are
approved; this module derives the same figures from what those wrote, in one SQL statement: the
figures of every settlement (``payouts.services.day_totals.SETTLEMENT_FIGURES``) of rounds
whose void was not approved, plus the lines of approved payout corrections, summed by table and
the round's gaming day. :func:`day_totals_verify` lists where the kept totals differ from it;
:func:`day_totals_rebuild` replaces them with it (``manage.py day_totals [--rebuild]``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import connection

from payouts.services.day_totals import MEASURES, SETTLEMENT_FIGURES, table_day_totals_replace


def _scope(alias: str) -> str:
    """The tables and days asked for, on the rows of ``alias``."""
    return f"""
        (%(tables)s::bigint[] IS NULL OR {alias}.table_id = ANY(%(tables)s::bigint[]))
        AND {alias}.gaming_day BETWEEN %(first)s AND %(last)s
    """


_NOT_VOIDED = """
    NOT EXISTS (
        SELECT 1 FROM audit_correction c
        WHERE c.round_id = r.id AND c.kind = 'void' AND c.status = 'approved'
    )
"""

#: One row per table and gaming day in scope: the totals as the history gives them.
RECOMPUTED = f"""
    SELECT table_id, gaming_day, sum(rounds)::integer AS rounds, sum(wagered) AS wagered,
           sum(paid) AS paid, sum(wagered) - sum(paid) AS house_result,
           sum(theoretical_result) AS theoretical_result,
           sum(theoretical_base) AS theoretical_base, sum(cap_hits)::integer AS cap_hits,
           sum(withheld) AS withheld
    FROM (
        SELECT table_id, gaming_day, rounds, wagered, paid, theoretical_result,
               theoretical_base, cap_hits, withheld
        FROM ({SETTLEMENT_FIGURES.format(where=_scope("r") + " AND " + _NOT_VOIDED)}) settled
        UNION ALL
        SELECT r.table_id, r.gaming_day, 0, 0, l.amount, 0, 0, 0, 0
        FROM audit_correction c
        JOIN tables_floor_rounds r ON r.id = c.round_id
        JOIN audit_correctionline l ON l.correction_id = c.id
        WHERE c.kind = 'payout_correction' AND c.status = 'approved' AND {_scope("r")}
    ) figures
    GROUP BY table_id, gaming_day
"""

_KEPT = f"""
    SELECT k.table_id, k.gaming_day, {", ".join(f"k.{m}" for m in MEASURES)}
    FROM payouts_table_day_totals k
    WHERE {_scope("k")}
"""

_COMPARED = f"""
    SELECT coalesce(h.table_id, k.table_id) AS table_id,
           coalesce(h.gaming_day, k.gaming_day) AS gaming_day,
           {", ".join(f"coalesce(k.{m}, 0) AS kept_{m}" for m in MEASURES)},
           {", ".join(f"coalesce(h.{m}, 0) AS history_{m}" for m in MEASURES)}
    FROM ({RECOMPUTED}) h
    FULL JOIN ({_KEPT}) k ON k.table_id = h.table_id AND k.gaming_day = h.gaming_day
    WHERE {" OR ".join(f"coalesce(k.{m}, 0) <> coalesce(h.{m}, 0)" for m in MEASURES)}
    ORDER BY 2, 1
"""


@dataclass(frozen=True)
class TotalsDifference:
    """A table's day whose kept totals differ from the history's: each measure's two values."""

    table_id: int
    gaming_day: dt.date
    kept: dict[str, Any]
    history: dict[str, Any]

    def measures(self) -> list[str]:
        """The measures that differ."""
        return [m for m in MEASURES if self.kept[m] != self.history[m]]


def _params(
    tables: Sequence[int] | None, first: dt.date | None, last: dt.date | None
) -> dict[str, Any]:
    return {
        "tables": None if tables is None else list(tables),
        "first": first or dt.date.min,
        "last": last or dt.date.max,
    }


def day_totals_recomputed(
    *,
    tables: Sequence[int] | None = None,
    first: dt.date | None = None,
    last: dt.date | None = None,
) -> dict[tuple[int, dt.date], dict[str, Decimal | int]]:
    """The totals the history gives, by (table, gaming day), for ``tables`` (default: all)
    and the gaming days from ``first`` to ``last`` (default: all)."""
    with connection.cursor() as cursor:
        cursor.execute(RECOMPUTED, _params(tables, first, last))
        return {(row[0], row[1]): _measures(row[2:]) for row in cursor.fetchall()}


def day_totals_verify(
    *,
    tables: Sequence[int] | None = None,
    first: dt.date | None = None,
    last: dt.date | None = None,
) -> list[TotalsDifference]:
    """Where the kept totals differ from the history's (a missing row counts as zeros), in
    order of day and table; empty when they agree. One statement; reads only."""
    with connection.cursor() as cursor:
        cursor.execute(_COMPARED, _params(tables, first, last))
        rows = cursor.fetchall()
    width = len(MEASURES)
    return [
        TotalsDifference(
            table_id=row[0],
            gaming_day=row[1],
            kept=_measures(row[2 : 2 + width]),
            history=_measures(row[2 + width :]),
        )
        for row in rows
    ]


def day_totals_rebuild(
    *,
    tables: Sequence[int] | None = None,
    first: dt.date | None = None,
    last: dt.date | None = None,
) -> int:
    """Replace the kept totals in scope with the history's; returns the rows written.

    The payouts app replaces them (``table_day_totals_replace``): the totals table is locked
    against writers first, so a round settling meanwhile waits, and one that settled before is
    in the history read.
    """
    return table_day_totals_replace(rows=RECOMPUTED, params=_params(tables, first, last))


def _measures(values: Sequence[Any]) -> dict[str, Decimal | int]:
    """The measures of one side of a statement's row, by name: ``values`` holds exactly one
    value per measure, in the order of ``MEASURES``."""
    return dict(zip(MEASURES, values, strict=True))
