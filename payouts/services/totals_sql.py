"""The SQL the kept totals share: a row of totals is made by its first change and then only
added to, one upsert a change (``payouts.services.day_totals``, each table's day;
``payouts.services.dealer_day_totals``, each dealer's)."""

from __future__ import annotations

from collections.abc import Iterable


def added_on_conflict(alias: str, columns: Iterable[str]) -> str:
    """The assignments of an ``ON CONFLICT ... DO UPDATE SET`` that add the proposed row's
    ``columns`` to those of the row kept under ``alias``, one a line in the order given:
    ``rounds = t.rounds + EXCLUDED.rounds``. The columns are the code's own names, never
    input."""
    return ",\n    ".join(f"{column} = {alias}.{column} + EXCLUDED.{column}" for column in columns)
